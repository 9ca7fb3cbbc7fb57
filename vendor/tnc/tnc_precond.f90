! The preconditioner of the truncated-Newton solver's conjugate-gradient
! inner iteration: a limited-memory (two-step) self-scaled BFGS
! approximation of the inverse Hessian built on a diagonal matrix, the
! diagonal itself updated by a diagonal BFGS formula from the products
! H v the inner iteration computes.
!
! References: S. G. Nash, "Preconditioning of truncated-Newton methods",
! SIAM J. Sci. Stat. Comput. 6 (1985) 599-616; S. G. Nash, "Newton-type
! minimization via the Lanczos method", SIAM J. Numer. Anal. 21 (1984)
! 770-778; S. G. Nash, "A survey of truncated-Newton methods", J. Comput.
! Appl. Math. 124 (2000) 45-59.  The arithmetic follows scipy 1.17's tnc.c
! (msolve, ssbfgs, initPreconditioner, diagonalScaling) operation by
! operation.
module tnc_precond
  use scijit_kinds, only: dp
  use tnc_vectors, only: seq_dot
  implicit none
  private
  public :: apply_preconditioner, start_preconditioner, update_diagonal

contains

  ! bfgs_apply: hv <- hv + delta*sj + beta*hy, one self-scaled BFGS update
  ! (scaling gamma = 1) of the product hv = H v given the pair (sj, yj):
  ! hy = H yj, yjsj = yj's sj, yjhyj = yj'H yj, vsj = v'sj, vhyj = v'H yj.
  ! A zero yj'sj leaves hv as it is.
  pure subroutine bfgs_apply(n, sj, hv, hy, yjsj, yjhyj, vsj, vhyj)
    integer, intent(in) :: n
    real(dp), intent(in) :: sj(n), hy(n), yjsj, yjhyj, vsj, vhyj
    real(dp), intent(inout) :: hv(n)
    real(dp) :: delta, beta
    integer :: i
    if (yjsj == 0.0_dp) then
      delta = 0.0_dp
      beta = 0.0_dp
    else
      delta = (yjhyj / yjsj + 1.0_dp) * vsj / yjsj - vhyj / yjsj
      beta = -vsj / yjsj
    end if
    do i = 1, n
      hv(i) = hv(i) + delta * sj(i) + beta * hy(i)
    end do
  end subroutine bfgs_apply

  ! apply_preconditioner: y = M^{-1} v, the two-step BFGS approximation of
  ! the inverse Hessian (pairs (sk, yk): the last step, and (sr, yr): the
  ! steps accumulated since the last reset, unless reset) on the diagonal
  ! diagb; just v / diagb before the first update (first).  hg, hyk, hyr:
  ! work, n each.
  pure subroutine apply_preconditioner(n, v, y, sk, yk, diagb, sr, yr, first, yksk, yrsr, &
                                       reset, hg, hyk, hyr)
    integer, intent(in) :: n
    real(dp), intent(in) :: v(n), sk(n), yk(n), diagb(n), sr(n), yr(n), yksk, yrsr
    logical, intent(in) :: first, reset
    real(dp), intent(out) :: y(n)
    real(dp), intent(out) :: hg(n), hyk(n), hyr(n)
    real(dp) :: vsk, vsr, vhyr, yrhyr, yksr, ykhyr, ykhyk, vhyk, rd
    integer :: i

    if (first) then
      do i = 1, n
        y(i) = v(i) / diagb(i)
      end do
      return
    end if
    vsk = seq_dot(n, v, sk)
    if (reset) then
      do i = 1, n
        rd = 1.0_dp / diagb(i)
        hg(i) = v(i) * rd
        hyk(i) = yk(i) * rd
      end do
      ykhyk = seq_dot(n, yk, hyk)
      vhyk = seq_dot(n, v, hyk)
    else
      do i = 1, n
        rd = 1.0_dp / diagb(i)
        hg(i) = v(i) * rd
        hyk(i) = yk(i) * rd
        hyr(i) = yr(i) * rd
      end do
      vsr = seq_dot(n, v, sr)
      vhyr = seq_dot(n, v, hyr)
      yrhyr = seq_dot(n, yr, hyr)
      call bfgs_apply(n, sr, hg, hyr, yrsr, yrhyr, vsr, vhyr)
      yksr = seq_dot(n, yk, sr)
      ykhyr = seq_dot(n, yk, hyr)
      call bfgs_apply(n, sr, hyk, hyr, yrsr, yrhyr, yksr, ykhyr)
      ykhyk = seq_dot(n, hyk, yk)
      vhyk = seq_dot(n, hyk, v)
    end if
    y = hg
    call bfgs_apply(n, sk, y, hyk, yksk, ykhyk, vsk, vhyk)
  end subroutine apply_preconditioner

  ! start_preconditioner: emat, the diagonal of the BFGS-updated diagonal
  ! matrix the inner iteration starts from (diagb updated with (sk, yk),
  ! and before that with (sr, yr) unless reset); diagb itself before the
  ! first update.  bsk: work, n.
  pure subroutine start_preconditioner(n, diagb, emat, reset, yksk_in, yrsr_in, sk, yk, sr, &
                                       yr, first, bsk)
    integer, intent(in) :: n
    real(dp), intent(in) :: diagb(n), yksk_in, yrsr_in, sk(n), yk(n), sr(n), yr(n)
    logical, intent(in) :: reset, first
    real(dp), intent(out) :: emat(n), bsk(n)
    real(dp) :: yksk, yrsr, sds, srds, yrsk, td
    integer :: i

    if (first) then
      emat = diagb
      return
    end if
    yksk = yksk_in
    yrsr = yrsr_in
    if (reset) then
      do i = 1, n
        bsk(i) = diagb(i) * sk(i)
      end do
      sds = seq_dot(n, sk, bsk)
      if (yksk == 0.0_dp) yksk = 1.0_dp
      if (sds == 0.0_dp) sds = 1.0_dp
      do i = 1, n
        td = diagb(i)
        emat(i) = td - td * td * sk(i) * sk(i) / sds + yk(i) * yk(i) / yksk
      end do
    else
      do i = 1, n
        bsk(i) = diagb(i) * sr(i)
      end do
      sds = seq_dot(n, sr, bsk)
      srds = seq_dot(n, sk, bsk)
      yrsk = seq_dot(n, yr, sk)
      if (yrsr == 0.0_dp) yrsr = 1.0_dp
      if (sds == 0.0_dp) sds = 1.0_dp
      do i = 1, n
        td = diagb(i)
        bsk(i) = td * sk(i) - bsk(i) * srds / sds + yr(i) * yrsk / yrsr
        emat(i) = td - td * td * sr(i) * sr(i) / sds + yr(i) * yr(i) / yrsr
      end do
      sds = seq_dot(n, sk, bsk)
      if (yksk == 0.0_dp) yksk = 1.0_dp
      if (sds == 0.0_dp) sds = 1.0_dp
      do i = 1, n
        emat(i) = emat(i) - (bsk(i) * bsk(i) / sds + yk(i) * yk(i) / yksk)
      end do
    end if
  end subroutine start_preconditioner

  ! update_diagonal: the diagonal BFGS update of e from the conjugate
  ! direction v, its product gv = H v and the residual r; an entry that
  ! falls to 1e-6 or below is reset to 1.
  pure subroutine update_diagonal(n, e, v, gv, r)
    integer, intent(in) :: n
    real(dp), intent(inout) :: e(n)
    real(dp), intent(in) :: v(n), gv(n), r(n)
    real(dp) :: vr, vgv
    integer :: i
    vr = 1.0_dp / seq_dot(n, v, r)
    vgv = 1.0_dp / seq_dot(n, v, gv)
    do i = 1, n
      e(i) = e(i) + (-r(i) * r(i) * vr + gv(i) * gv(i) * vgv)
      if (e(i) <= 1.0e-6_dp) e(i) = 1.0_dp
    end do
  end subroutine update_diagonal

end module tnc_precond
