! Powell's hybrid method for a system of n nonlinear equations in n unknowns,
! with a finite-difference Jacobian (hybrd) or a user Jacobian (hybrj).
!
! Reference: J. J. More, B. S. Garbow, K. E. Hillstrom, "User Guide for
! MINPACK-1", Argonne National Laboratory report ANL-80-74 (1980), routines
! hybrd, hybrj, dogleg and fdjac1; M. J. D. Powell, "A hybrid method for
! nonlinear equations", in Numerical Methods for Nonlinear Algebraic
! Equations, P. Rabinowitz (ed.), Gordon and Breach (1970).
!
! The arithmetic follows MINPACK's operation order (and scipy's C translation
! of it) so that iterates, info and the number of function evaluations agree
! with scipy.optimize.fsolve exactly.  Differences from MINPACK, none of which
! changes a successful run:
!   * no nprint: the callback is never called with iflag = 0;
!   * hybrd always calls fcn with iflag = 1 (MINPACK passes 2 while it
!     differences the Jacobian);
!   * if the callback stops the run (iflag < 0), nfev counts the calls really
!     made (MINPACK adds the whole Jacobian's worth) and x is the last iterate
!     (MINPACK may leave a difference step in x).
module minpack_hybrid
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_ptr
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip, eps_dp
  use minpack_enorm, only: enorm, max_num, min_num
  use minpack_qr, only: qrfac, qform, r1updt, r1mpyq
  implicit none
  private
  public :: hybrd_fcn_iface, hybrj_fcn_iface
  public :: hybrd, hybrj, dogleg, fdjac1

  ! Callbacks, interoperable with the C typedefs hybrd_fcn and hybrj_fcn.
  abstract interface
    ! Compute fvec = f(x).  iflag is 1 on entry; set iflag < 0 to stop.
    subroutine hybrd_fcn_iface(n, x, fvec, iflag, udata) bind(C)
      import :: c_int, c_double, c_ptr
      integer(c_int), value :: n
      real(c_double), intent(in) :: x(n)
      real(c_double), intent(inout) :: fvec(n)
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
    end subroutine hybrd_fcn_iface

    ! iflag = 1: compute fvec = f(x), leave fjac alone;
    ! iflag = 2: compute fjac = f'(x) (ldfjac by n), leave fvec alone.
    ! Set iflag < 0 to stop.
    subroutine hybrj_fcn_iface(n, x, fvec, fjac, ldfjac, iflag, udata) bind(C)
      import :: c_int, c_double, c_ptr
      integer(c_int), value :: n
      real(c_double), intent(in) :: x(n)
      real(c_double), intent(inout) :: fvec(n)
      integer(c_int), value :: ldfjac
      real(c_double), intent(inout) :: fjac(ldfjac, n)
      integer(c_int), intent(inout) :: iflag
      type(c_ptr), value :: udata
    end subroutine hybrj_fcn_iface
  end interface

  ! Constants of the trust-region strategy (MINPACK's p1, p5, p001, p0001).
  real(dp), parameter :: p1 = 0.1_dp, p5 = 0.5_dp
  real(dp), parameter :: p001 = 1.0e-3_dp, p0001 = 1.0e-4_dp

contains

  ! dogleg: the Powell dogleg step.  Given the n by n upper triangular R
  ! (stored rowwise in r, lr >= n*(n+1)/2), the scaling diag and qtb = Q^T b,
  ! return in x the convex combination of the Gauss-Newton step (R x = qtb)
  ! and the scaled steepest-descent step that minimizes ||A x - b|| along the
  ! dogleg path subject to ||diag*x|| <= delta.  wa1, wa2: work, length n.
  ! A zero diagonal of R is replaced by epsmch * (largest entry of its column).
  ! Reference: MINPACK-1 dogleg (More, Garbow, Hillstrom 1980).
  pure subroutine dogleg(n, r, lr, diag, qtb, delta, x, wa1, wa2)
    integer(ip), intent(in) :: n, lr
    real(dp), intent(in) :: r(lr), diag(n), qtb(n), delta
    real(dp), intent(out) :: x(n), wa1(n), wa2(n)

    integer(ip) :: i, j, jj, k, l
    real(dp) :: alpha, bnorm, gnorm, qnorm, sgnorm, s, temp

    ! Gauss-Newton direction by back substitution.
    jj = int(int(n, int64) * (int(n, int64) + 1) / 2, ip) + 1
    do k = 1, n
      j = n - k + 1
      jj = jj - k
      l = jj + 1
      s = 0.0_dp
      do i = j + 1, n
        s = s + r(l) * x(i)
        l = l + 1
      end do
      temp = r(jj)
      if (temp == 0.0_dp) then
        l = j
        do i = 1, j
          temp = max_num(temp, abs(r(l)))
          l = l + n - i
        end do
        temp = eps_dp * temp
        if (temp == 0.0_dp) temp = eps_dp
      end if
      x(j) = (qtb(j) - s) / temp
    end do

    ! Accept the Gauss-Newton direction if it lies inside the trust region.
    wa1 = 0.0_dp
    wa2 = diag * x
    qnorm = enorm(n, wa2)
    if (qnorm <= delta) return

    ! Scaled gradient direction wa1 = D^-1 R^T qtb.
    l = 1
    do j = 1, n
      temp = qtb(j)
      do i = j, n
        wa1(i) = wa1(i) + r(l) * temp
        l = l + 1
      end do
      wa1(j) = wa1(j) / diag(j)
    end do

    gnorm = enorm(n, wa1)
    sgnorm = 0.0_dp
    alpha = delta / qnorm
    if (gnorm /= 0.0_dp) then
      ! Point along the scaled gradient at which the quadratic is minimized.
      wa1 = (wa1 / gnorm) / diag
      l = 1
      do j = 1, n
        s = 0.0_dp
        do i = j, n
          s = s + r(l) * wa1(i)
          l = l + 1
        end do
        wa2(j) = s
      end do
      temp = enorm(n, wa2)
      sgnorm = (gnorm / temp) / temp

      alpha = 0.0_dp
      if (sgnorm < delta) then
        ! The gradient step is inside the region: find the point on the
        ! dogleg segment between it and the Gauss-Newton point at distance
        ! delta.
        bnorm = enorm(n, qtb)
        temp = (bnorm / gnorm) * (bnorm / qnorm) * (sgnorm / delta)
        temp = temp - (delta / qnorm) * (sgnorm / delta)**2 &
               + sqrt((temp - (delta / qnorm))**2 &
                      + (1.0_dp - (delta / qnorm)**2) * (1.0_dp - (sgnorm / delta)**2))
        alpha = ((delta / qnorm) * (1.0_dp - (sgnorm / delta)**2)) / temp
      end if
    end if

    ! Convex combination of the Gauss-Newton and scaled gradient steps.
    temp = (1.0_dp - alpha) * min_num(sgnorm, delta)
    x = temp * wa1 + alpha * x
  end subroutine dogleg

  ! fdjac1: forward-difference approximation fjac(1:n, 1:n) to the Jacobian
  ! of fcn at x, with fvec = f(x) given.  Column j uses the step
  ! h = eps*|x(j)| (eps if x(j) = 0), eps = sqrt(max(epsfcn, epsmch)).  If
  ! ml + mu + 1 < n the Jacobian is taken as banded (ml sub-, mu
  ! superdiagonals) and the columns j = k, k+msum, ... (msum = ml+mu+1) are
  ! perturbed together: msum calls instead of n, entries outside the band set
  ! to zero.  iflag: set to 1 before each call; on return < 0 if fcn asked to
  ! stop (x is then restored).  ncalls: number of calls made.
  ! wa1: work, length n; wa2: work, length n (banded case only).
  ! Reference: MINPACK-1 fdjac1 (More, Garbow, Hillstrom 1980).
  recursive subroutine fdjac1(fcn, n, x, fvec, fjac, ldfjac, iflag, ml, mu, epsfcn, &
                              wa1, wa2, udata, ncalls)
    procedure(hybrd_fcn_iface) :: fcn
    integer(ip), intent(in) :: n, ldfjac, ml, mu
    real(dp), intent(inout) :: x(n)
    real(dp), intent(in) :: fvec(n), epsfcn
    real(dp), intent(inout) :: fjac(ldfjac, n)
    integer(ip), intent(out) :: iflag, ncalls
    real(dp), intent(out) :: wa1(n), wa2(n)
    type(c_ptr), intent(in) :: udata

    integer(ip) :: i, j, k, msum
    real(dp) :: eps, h, temp

    eps = sqrt(max_num(epsfcn, eps_dp))
    ncalls = 0

    if (int(ml, int64) + int(mu, int64) + 1 >= n) then
      ! Dense Jacobian: one column per call.
      do j = 1, n
        temp = x(j)
        h = eps * abs(temp)
        if (h == 0.0_dp) h = eps
        x(j) = temp + h
        iflag = 1
        call fcn(n, x, wa1, iflag, udata)
        ncalls = ncalls + 1
        x(j) = temp
        if (iflag < 0) return
        do i = 1, n
          fjac(i, j) = (wa1(i) - fvec(i)) / h
        end do
      end do
    else
      ! Banded Jacobian: columns msum apart do not share a row.
      msum = ml + mu + 1
      do k = 1, msum
        do j = k, n, msum
          wa2(j) = x(j)
          h = eps * abs(wa2(j))
          if (h == 0.0_dp) h = eps
          x(j) = wa2(j) + h
        end do
        iflag = 1
        call fcn(n, x, wa1, iflag, udata)
        ncalls = ncalls + 1
        if (iflag < 0) then
          do j = k, n, msum
            x(j) = wa2(j)
          end do
          return
        end if
        do j = k, n, msum
          x(j) = wa2(j)
          h = eps * abs(wa2(j))
          if (h == 0.0_dp) h = eps
          do i = 1, n
            fjac(i, j) = 0.0_dp
            if (i >= j - mu .and. i <= j + ml) fjac(i, j) = (wa1(i) - fvec(i)) / h
          end do
        end do
      end do
    end if
  end subroutine fdjac1

  ! valid_input: MINPACK's check of the hybrd/hybrj arguments (info = 0 when
  ! it fails).  ml, mu are only checked by hybrd (pass 0 from hybrj).
  pure logical function valid_input(n, xtol, maxfev, ml, mu, diag, mode, factor, &
                                    ldfjac, lr) result(ok)
    integer(ip), intent(in) :: n, maxfev, ml, mu, mode, ldfjac, lr
    real(dp), intent(in) :: xtol, factor
    real(dp), intent(in) :: diag(*)

    integer(ip) :: j

    ok = .false.
    if (n <= 0 .or. xtol < 0.0_dp .or. maxfev <= 0 .or. ml < 0 .or. mu < 0 &
        .or. factor <= 0.0_dp .or. ldfjac < n) return
    if (int(lr, int64) < int(n, int64) * (int(n, int64) + 1) / 2) return
    if (mode == 2) then
      do j = 1, n
        if (diag(j) <= 0.0_dp) return
      end do
    end if
    ok = .true.
  end function valid_input

  ! qtf_and_r: after qrfac of fjac, form qtf = Q^T fvec (applying the
  ! Householder reflections to fvec) and copy R (diagonal rdiag, strict upper
  ! part in fjac) rowwise into r.  Shared by hybrd and hybrj.
  pure subroutine qtf_and_r(n, fjac, ldfjac, rdiag, fvec, qtf, r, lr)
    integer(ip), intent(in) :: n, ldfjac, lr
    real(dp), intent(in) :: fjac(ldfjac, n), rdiag(n), fvec(n)
    real(dp), intent(out) :: qtf(n)
    real(dp), intent(inout) :: r(lr)

    integer(ip) :: i, j, l
    real(dp) :: s, temp

    qtf = fvec
    do j = 1, n
      if (fjac(j, j) /= 0.0_dp) then
        s = 0.0_dp
        do i = j, n
          s = s + fjac(i, j) * qtf(i)
        end do
        temp = -s / fjac(j, j)
        do i = j, n
          qtf(i) = qtf(i) + fjac(i, j) * temp
        end do
      end if
    end do

    do j = 1, n
      l = j
      do i = 1, j - 1
        r(l) = fjac(i, j)
        l = l + n - i
      end do
      r(l) = rdiag(j)
    end do
  end subroutine qtf_and_r

  ! predicted_residual: wa3 = qtf + R p, the linear model's residual (in the
  ! Q basis) after the step p (R stored rowwise in r).
  pure subroutine predicted_residual(n, r, lr, p, qtf, wa3)
    integer(ip), intent(in) :: n, lr
    real(dp), intent(in) :: r(lr), p(n), qtf(n)
    real(dp), intent(out) :: wa3(n)

    integer(ip) :: i, j, l
    real(dp) :: s

    l = 1
    do i = 1, n
      s = 0.0_dp
      do j = i, n
        s = s + r(l) * p(j)
        l = l + 1
      end do
      wa3(i) = qtf(i) + s
    end do
  end subroutine predicted_residual

  ! broyden_update: rank-one (Broyden) update of the factored Jacobian Q R
  ! after the step p = wa1 with new residual wa4: R <- R + u v^T rotated back
  ! to triangular form (r1updt) and the rotations applied to Q (fjac) and
  ! qtf.  wa3 holds qtf + R p on entry; wa1..wa3 are overwritten.  qtf is
  ! first replaced by Q^T wa4 if the step was accepted.
  pure subroutine broyden_update(n, fjac, ldfjac, r, lr, qtf, diag, pnorm, accepted, &
                                 wa1, wa2, wa3, wa4)
    integer(ip), intent(in) :: n, ldfjac, lr
    real(dp), intent(inout) :: fjac(ldfjac, n), r(lr), qtf(n)
    real(dp), intent(in) :: diag(n), pnorm, wa4(n)
    logical, intent(in) :: accepted
    real(dp), intent(inout) :: wa1(n), wa2(n), wa3(n)

    integer(ip) :: i, j
    real(dp) :: s
    logical :: sing

    do j = 1, n
      s = 0.0_dp
      do i = 1, n
        s = s + fjac(i, j) * wa4(i)
      end do
      wa2(j) = (s - wa3(j)) / pnorm
      wa1(j) = diag(j) * ((diag(j) * wa1(j)) / pnorm)
      if (accepted) qtf(j) = s
    end do

    call r1updt(n, n, r, lr, wa1, wa2, wa3, sing)
    call r1mpyq(n, n, fjac, ldfjac, wa2, wa3)
    call r1mpyq(1_ip, n, qtf, 1_ip, wa2, wa3)
  end subroutine broyden_update

  ! hybrd: find a zero of the n functions fcn(x) in n unknowns by Powell's
  ! hybrid (dogleg trust-region) method, the Jacobian being approximated by
  ! forward differences (fdjac1, banded if ml + mu + 1 < n) at the start and
  ! whenever the Broyden rank-one updates stop giving progress.
  !   info = 0 improper input; 1 relative step <= xtol; 2 nfev >= maxfev;
  !          3 xtol too small; 4 no progress in the last five Jacobian
  !          evaluations; 5 no progress in the last ten iterations;
  !          < 0 the iflag set by fcn to stop.
  ! On exit fvec = f(x), fjac holds Q, r holds R (rowwise, lr >= n(n+1)/2)
  ! and qtf = Q^T fvec of the last factorization.  mode = 2: diag(1:n) > 0
  ! are the variable scales; otherwise they are set from the Jacobian's
  ! column norms.  wa1..wa4: work arrays of length n.
  ! Reference: MINPACK-1 hybrd (More, Garbow, Hillstrom 1980).
  recursive subroutine hybrd(fcn, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, &
                             factor, info, nfev, fjac, ldfjac, r, lr, qtf, &
                             wa1, wa2, wa3, wa4, udata)
    procedure(hybrd_fcn_iface) :: fcn
    integer(ip), intent(in) :: n, maxfev, ml, mu, mode, ldfjac, lr
    real(dp), intent(inout) :: x(n)
    real(dp), intent(out) :: fvec(n)
    real(dp), intent(in) :: xtol, epsfcn, factor
    real(dp), intent(inout) :: diag(n)
    integer(ip), intent(out) :: info, nfev
    real(dp), intent(out) :: fjac(ldfjac, n), r(lr), qtf(n)
    real(dp), intent(out) :: wa1(n), wa2(n), wa3(n), wa4(n)
    type(c_ptr), intent(in) :: udata

    integer(ip) :: iflag, iter, j, ncalls, ncfail, ncsuc, nslow1, nslow2
    integer(ip) :: iwa(1)
    logical :: jeval
    real(dp) :: actred, delta, fnorm, fnorm1, pnorm, prered, ratio, temp, xnorm

    info = 0
    iflag = 0
    nfev = 0
    if (.not. valid_input(n, xtol, maxfev, ml, mu, diag, mode, factor, ldfjac, lr)) return

    ! Function and its norm at the starting point.
    iflag = 1
    call fcn(n, x, fvec, iflag, udata)
    nfev = 1
    if (iflag < 0) then
      info = iflag
      return
    end if
    fnorm = enorm(n, fvec)

    iter = 1
    ncsuc = 0
    ncfail = 0
    nslow1 = 0
    nslow2 = 0
    delta = 0.0_dp
    xnorm = 0.0_dp

    outer: do
      jeval = .true.

      ! Jacobian by forward differences, then its QR factorization.
      call fdjac1(fcn, n, x, fvec, fjac, ldfjac, iflag, ml, mu, epsfcn, wa1, wa2, &
                  udata, ncalls)
      nfev = nfev + ncalls
      if (iflag < 0) exit outer
      call qrfac(n, n, fjac, ldfjac, .false., iwa, 1_ip, wa1, wa2, wa3)

      if (iter == 1) then
        ! Scales from the column norms of the first Jacobian (mode 1), the
        ! scaled norm of x and the initial step bound.
        if (mode /= 2) then
          diag = wa2
          where (wa2 == 0.0_dp) diag = 1.0_dp
        end if
        wa3 = diag * x
        xnorm = enorm(n, wa3)
        delta = factor * xnorm
        if (delta == 0.0_dp) delta = factor
      end if

      call qtf_and_r(n, fjac, ldfjac, wa1, fvec, qtf, r, lr)
      call qform(n, n, fjac, ldfjac, wa1)
      if (mode /= 2) then
        do j = 1, n
          diag(j) = max_num(diag(j), wa2(j))
        end do
      end if

      inner: do
        ! Dogleg step p = wa1, trial point wa2 = x + p.
        call dogleg(n, r, lr, diag, qtf, delta, wa1, wa2, wa3)
        wa1 = -wa1
        wa2 = x + wa1
        wa3 = diag * wa1
        pnorm = enorm(n, wa3)
        if (iter == 1) delta = min_num(delta, pnorm)

        iflag = 1
        call fcn(n, wa2, wa4, iflag, udata)
        nfev = nfev + 1
        if (iflag < 0) exit outer
        fnorm1 = enorm(n, wa4)

        ! Actual and predicted relative reductions of the residual norm.
        actred = -1.0_dp
        if (fnorm1 < fnorm) actred = 1.0_dp - (fnorm1 / fnorm)**2
        call predicted_residual(n, r, lr, wa1, qtf, wa3)
        temp = enorm(n, wa3)
        prered = 0.0_dp
        if (temp < fnorm) prered = 1.0_dp - (temp / fnorm)**2
        ratio = 0.0_dp
        if (prered > 0.0_dp) ratio = actred / prered

        call update_step_bound(ratio, pnorm, delta, ncsuc, ncfail)

        if (ratio >= p0001) then
          ! Successful iteration: accept the trial point.
          x = wa2
          wa2 = diag * x
          fvec = wa4
          xnorm = enorm(n, wa2)
          fnorm = fnorm1
          iter = iter + 1
        end if

        call check_progress(actred, jeval, nslow1, nslow2)
        info = termination(delta, pnorm, xnorm, fnorm, xtol, nfev, maxfev, nslow1, nslow2)
        if (info /= 0) exit outer

        ! Two failures in a row: recompute the Jacobian.
        if (ncfail == 2) cycle outer

        call broyden_update(n, fjac, ldfjac, r, lr, qtf, diag, pnorm, ratio >= p0001, &
                            wa1, wa2, wa3, wa4)
        jeval = .false.
      end do inner
    end do outer

    if (iflag < 0) info = iflag
  end subroutine hybrd

  ! hybrj: as hybrd, but the Jacobian is supplied by fcn (iflag = 2).
  !   nfev counts calls with iflag = 1, njev those with iflag = 2.
  ! Reference: MINPACK-1 hybrj (More, Garbow, Hillstrom 1980).
  recursive subroutine hybrj(fcn, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, &
                             factor, info, nfev, njev, r, lr, qtf, &
                             wa1, wa2, wa3, wa4, udata)
    procedure(hybrj_fcn_iface) :: fcn
    integer(ip), intent(in) :: n, ldfjac, maxfev, mode, lr
    real(dp), intent(inout) :: x(n)
    real(dp), intent(out) :: fvec(n)
    real(dp), intent(inout) :: fjac(ldfjac, n)
    real(dp), intent(in) :: xtol, factor
    real(dp), intent(inout) :: diag(n)
    integer(ip), intent(out) :: info, nfev, njev
    real(dp), intent(out) :: r(lr), qtf(n)
    real(dp), intent(out) :: wa1(n), wa2(n), wa3(n), wa4(n)
    type(c_ptr), intent(in) :: udata

    integer(ip) :: iflag, iter, j, ncfail, ncsuc, nslow1, nslow2
    integer(ip) :: iwa(1)
    logical :: jeval
    real(dp) :: actred, delta, fnorm, fnorm1, pnorm, prered, ratio, temp, xnorm

    info = 0
    iflag = 0
    nfev = 0
    njev = 0
    if (.not. valid_input(n, xtol, maxfev, 0_ip, 0_ip, diag, mode, factor, ldfjac, lr)) return

    iflag = 1
    call fcn(n, x, fvec, fjac, ldfjac, iflag, udata)
    nfev = 1
    if (iflag < 0) then
      info = iflag
      return
    end if
    fnorm = enorm(n, fvec)

    iter = 1
    ncsuc = 0
    ncfail = 0
    nslow1 = 0
    nslow2 = 0
    delta = 0.0_dp
    xnorm = 0.0_dp

    outer: do
      jeval = .true.

      iflag = 2
      call fcn(n, x, fvec, fjac, ldfjac, iflag, udata)
      njev = njev + 1
      if (iflag < 0) exit outer
      call qrfac(n, n, fjac, ldfjac, .false., iwa, 1_ip, wa1, wa2, wa3)

      if (iter == 1) then
        if (mode /= 2) then
          diag = wa2
          where (wa2 == 0.0_dp) diag = 1.0_dp
        end if
        wa3 = diag * x
        xnorm = enorm(n, wa3)
        delta = factor * xnorm
        if (delta == 0.0_dp) delta = factor
      end if

      call qtf_and_r(n, fjac, ldfjac, wa1, fvec, qtf, r, lr)
      call qform(n, n, fjac, ldfjac, wa1)
      if (mode /= 2) then
        do j = 1, n
          diag(j) = max_num(diag(j), wa2(j))
        end do
      end if

      inner: do
        call dogleg(n, r, lr, diag, qtf, delta, wa1, wa2, wa3)
        wa1 = -wa1
        wa2 = x + wa1
        wa3 = diag * wa1
        pnorm = enorm(n, wa3)
        if (iter == 1) delta = min_num(delta, pnorm)

        iflag = 1
        call fcn(n, wa2, wa4, fjac, ldfjac, iflag, udata)
        nfev = nfev + 1
        if (iflag < 0) exit outer
        fnorm1 = enorm(n, wa4)

        actred = -1.0_dp
        if (fnorm1 < fnorm) actred = 1.0_dp - (fnorm1 / fnorm)**2
        call predicted_residual(n, r, lr, wa1, qtf, wa3)
        temp = enorm(n, wa3)
        prered = 0.0_dp
        if (temp < fnorm) prered = 1.0_dp - (temp / fnorm)**2
        ratio = 0.0_dp
        if (prered > 0.0_dp) ratio = actred / prered

        call update_step_bound(ratio, pnorm, delta, ncsuc, ncfail)

        if (ratio >= p0001) then
          x = wa2
          wa2 = diag * x
          fvec = wa4
          xnorm = enorm(n, wa2)
          fnorm = fnorm1
          iter = iter + 1
        end if

        call check_progress(actred, jeval, nslow1, nslow2)
        info = termination(delta, pnorm, xnorm, fnorm, xtol, nfev, maxfev, nslow1, nslow2)
        if (info /= 0) exit outer

        if (ncfail == 2) cycle outer

        call broyden_update(n, fjac, ldfjac, r, lr, qtf, diag, pnorm, ratio >= p0001, &
                            wa1, wa2, wa3, wa4)
        jeval = .false.
      end do inner
    end do outer

    if (iflag < 0) info = iflag
  end subroutine hybrj

  ! update_step_bound: the trust-region radius rule of hybrd/hybrj.  Halve
  ! delta after a poor step (ratio < 0.1); after a good one (ratio >= 0.5 or
  ! a second success in a row) let it reach 2*pnorm, and set it to 2*pnorm
  ! when the linear model was accurate (|ratio - 1| <= 0.1).
  pure subroutine update_step_bound(ratio, pnorm, delta, ncsuc, ncfail)
    real(dp), intent(in) :: ratio, pnorm
    real(dp), intent(inout) :: delta
    integer(ip), intent(inout) :: ncsuc, ncfail

    if (ratio < p1) then
      ncsuc = 0
      ncfail = ncfail + 1
      delta = p5 * delta
    else
      ncfail = 0
      ncsuc = ncsuc + 1
      if (ratio >= p5 .or. ncsuc > 1) delta = max_num(delta, pnorm / p5)
      if (abs(ratio - 1.0_dp) <= p1) delta = pnorm / p5
    end if
  end subroutine update_step_bound

  ! check_progress: nslow1 counts iterations since the last one that reduced
  ! the residual norm by at least 0.1% (actred >= 0.001); nslow2 counts
  ! Jacobian evaluations since the last 10% reduction.
  pure subroutine check_progress(actred, jeval, nslow1, nslow2)
    real(dp), intent(in) :: actred
    logical, intent(in) :: jeval
    integer(ip), intent(inout) :: nslow1, nslow2

    nslow1 = nslow1 + 1
    if (actred >= p001) nslow1 = 0
    if (jeval) nslow2 = nslow2 + 1
    if (actred >= p1) nslow2 = 0
  end subroutine check_progress

  ! termination: MINPACK's stopping tests, in its order: 1 convergence
  ! (delta <= xtol*xnorm or f = 0) takes precedence; otherwise the last
  ! true of 2 (maxfev), 3 (step below machine precision), 4, 5 (slow
  ! progress); 0 to continue.
  pure integer(ip) function termination(delta, pnorm, xnorm, fnorm, xtol, nfev, maxfev, &
                                        nslow1, nslow2) result(info)
    real(dp), intent(in) :: delta, pnorm, xnorm, fnorm, xtol
    integer(ip), intent(in) :: nfev, maxfev, nslow1, nslow2

    info = 0
    if (delta <= xtol * xnorm .or. fnorm == 0.0_dp) then
      info = 1
      return
    end if
    if (nfev >= maxfev) info = 2
    if (p1 * max_num(p1 * delta, pnorm) <= eps_dp * xnorm) info = 3
    if (nslow2 == 5) info = 4
    if (nslow1 == 10) info = 5
  end function termination

end module minpack_hybrid
