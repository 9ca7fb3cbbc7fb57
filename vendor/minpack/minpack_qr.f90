! Householder QR factorization and Givens-rotation updates used by MINPACK's
! hybrid (Powell) and Levenberg-Marquardt solvers.
!
! Reference: J. J. More, B. S. Garbow, K. E. Hillstrom, "User Guide for
! MINPACK-1", Argonne National Laboratory report ANL-80-74 (1980), routines
! qrfac, qform, r1updt and r1mpyq.  The floating-point operation order is the
! one of MINPACK (and of scipy's C translation), so results agree bit for bit.
!
! Storage conventions (as in MINPACK):
!   * a Householder vector v_j is kept in a(j:m, j) of the factored matrix,
!     scaled so that v_j(j) = a(j,j) is the pivot and the reflection is
!     I - v_j v_j^T / v_j(j);
!   * an upper triangular (trapezoidal) matrix "stored rowwise" packs its rows
!     one after another: row i occupies the entries of columns i..n;
!   * a Givens rotation (c, s) is stored as one number tau: tau = s when
!     |s| <= |c|, and tau = 1/c (|tau| > 1) otherwise.
module minpack_qr
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip, eps_dp, huge_dp
  use minpack_enorm, only: enorm, max_num
  implicit none
  private
  public :: qrfac, qform, r1updt, r1mpyq

  real(dp), parameter :: p05 = 0.05_dp

contains

  ! qrfac: Householder QR factorization A*P = Q*R of the m by n matrix a,
  ! optionally with column pivoting (P chosen so that the diagonal of R is
  ! non-increasing in magnitude).
  !   on exit  a(:, j)    strictly upper part: R above the diagonal;
  !                       lower trapezoid: the Householder vectors (see top);
  !            ipvt(1:n)  permutation (column j of P is column ipvt(j) of I),
  !                       only referenced when pivot; lipvt >= n then,
  !                       lipvt >= 1 otherwise;
  !            rdiag      diagonal of R;  acnorm  column norms of the input a;
  !            wa         work array of length n.
  ! Reference: MINPACK-1 qrfac (More, Garbow, Hillstrom 1980).
  pure subroutine qrfac(m, n, a, lda, pivot, ipvt, lipvt, rdiag, acnorm, wa)
    integer(ip), intent(in) :: m, n, lda, lipvt
    real(dp), intent(inout) :: a(lda, n)
    logical, intent(in) :: pivot
    integer(ip), intent(out) :: ipvt(lipvt)
    real(dp), intent(out) :: rdiag(n), acnorm(n), wa(n)

    integer(ip) :: i, j, k, kmax, minmn, itmp
    real(dp) :: ajnorm, s, temp

    ! Initial column norms.
    do j = 1, n
      acnorm(j) = enorm(m, a(1:m, j))
      rdiag(j) = acnorm(j)
      wa(j) = rdiag(j)
      if (pivot) ipvt(j) = j
    end do

    ! Reduce a to R with Householder transformations.
    minmn = min(m, n)
    do j = 1, minmn
      if (pivot) then
        ! Bring the column of largest remaining norm into the pivot position.
        kmax = j
        do k = j, n
          if (rdiag(k) > rdiag(kmax)) kmax = k
        end do
        if (kmax /= j) then
          do i = 1, m
            temp = a(i, j)
            a(i, j) = a(i, kmax)
            a(i, kmax) = temp
          end do
          rdiag(kmax) = rdiag(j)
          wa(kmax) = wa(j)
          itmp = ipvt(j)
          ipvt(j) = ipvt(kmax)
          ipvt(kmax) = itmp
        end if
      end if

      ! Householder transformation that zeroes a(j+1:m, j).
      ajnorm = enorm(m - j + 1, a(j:m, j))
      if (ajnorm /= 0.0_dp) then
        if (a(j, j) < 0.0_dp) ajnorm = -ajnorm
        do i = j, m
          a(i, j) = a(i, j) / ajnorm
        end do
        a(j, j) = a(j, j) + 1.0_dp

        ! Apply it to the remaining columns and update their norms.
        do k = j + 1, n
          s = 0.0_dp
          do i = j, m
            s = s + a(i, j) * a(i, k)
          end do
          temp = s / a(j, j)
          do i = j, m
            a(i, k) = a(i, k) - temp * a(i, j)
          end do
          if (pivot .and. rdiag(k) /= 0.0_dp) then
            temp = a(j, k) / rdiag(k)
            rdiag(k) = rdiag(k) * sqrt(max_num(0.0_dp, 1.0_dp - temp * temp))
            if (p05 * (rdiag(k) / wa(k))**2 <= eps_dp) then
              ! Too much cancellation in the downdate: recompute the norm.
              rdiag(k) = enorm(m - j, a(j + 1:m, k))
              wa(k) = rdiag(k)
            end if
          end if
        end do
      end if
      rdiag(j) = -ajnorm
    end do
  end subroutine qrfac

  ! qform: accumulate the m by m orthogonal matrix Q = H_1 H_2 ... H_min(m,n)
  ! from the Householder vectors that qrfac left in the first min(m,n) columns
  ! of q (lower trapezoid).  On exit q(1:m, 1:m) holds Q.  wa: work, length m.
  ! Reference: MINPACK-1 qform (More, Garbow, Hillstrom 1980).
  pure subroutine qform(m, n, q, ldq, wa)
    integer(ip), intent(in) :: m, n, ldq
    real(dp), intent(inout) :: q(ldq, m)
    real(dp), intent(out) :: wa(m)

    integer(ip) :: i, j, k, minmn
    real(dp) :: s, temp

    ! Zero the strict upper triangle of the first min(m,n) columns.
    minmn = min(m, n)
    do j = 2, minmn
      q(1:j - 1, j) = 0.0_dp
    end do

    ! Columns n+1..m start as the identity.
    do j = n + 1, m
      q(1:m, j) = 0.0_dp
      q(j, j) = 1.0_dp
    end do

    ! Apply the reflections backwards: Q = H_1 (H_2 (... (H_minmn I))).
    do k = minmn, 1, -1
      wa(k:m) = q(k:m, k)
      q(k:m, k) = 0.0_dp
      q(k, k) = 1.0_dp
      if (wa(k) /= 0.0_dp) then
        do j = k, m
          s = 0.0_dp
          do i = k, m
            s = s + q(i, j) * wa(i)
          end do
          temp = s / wa(k)
          do i = k, m
            q(i, j) = q(i, j) - temp * wa(i)
          end do
        end do
      end if
    end do
  end subroutine qform

  ! r1updt: given the m by n lower trapezoidal matrix S (stored by columns in
  ! s, ls >= n*(2*m-n+1)/2), u(m) and v(n), find an orthogonal Q such that
  ! (S + u v^T) Q is again lower trapezoidal.  Q = Gv(1..n-1) Gw(1..n-1) is
  ! a product of Givens rotations; on exit v(n) and v(1..n-1) hold the
  ! transformed v and the stored rotations Gv, w(1..n-1) the stored Gw and
  ! s the new trapezoidal factor.  sing is true if a diagonal entry of the
  ! new factor is zero.  (hybrd calls it on R^T stored rowwise, i.e. S = R^T.)
  ! Reference: MINPACK-1 r1updt (More, Garbow, Hillstrom 1980).
  pure subroutine r1updt(m, n, s, ls, u, v, w, sing)
    integer(ip), intent(in) :: m, n, ls
    real(dp), intent(inout) :: s(ls)
    real(dp), intent(in) :: u(m)
    real(dp), intent(inout) :: v(n)
    real(dp), intent(out) :: w(m)
    logical, intent(out) :: sing

    real(dp), parameter :: giant = huge_dp
    integer(ip) :: i, j, jj, l
    real(dp) :: c, sn, cotan, tn, tau, temp

    ! jj: position of the last diagonal entry S(n,n).
    jj = int((int(n, int64) * (2 * int(m, int64) - n + 1)) / 2 - (m - n), ip)

    ! Move the nontrivial part of the last column of S into w.
    l = jj
    do i = n, m
      w(i) = s(l)
      l = l + 1
    end do

    ! Rotate v into a multiple of the n-th unit vector; this introduces a
    ! spike in w.
    do j = n - 1, 1, -1
      jj = jj - (m - j + 1)
      w(j) = 0.0_dp
      if (v(j) /= 0.0_dp) then
        if (abs(v(n)) < abs(v(j))) then
          cotan = v(n) / v(j)
          sn = 0.5_dp / sqrt(0.25_dp + 0.25_dp * cotan**2)
          c = sn * cotan
          tau = 1.0_dp
          if (abs(c) * giant > 1.0_dp) tau = 1.0_dp / c
        else
          tn = v(j) / v(n)
          c = 0.5_dp / sqrt(0.25_dp + 0.25_dp * tn**2)
          sn = c * tn
          tau = sn
        end if
        v(n) = sn * v(j) + c * v(n)
        v(j) = tau

        ! Apply the rotation to S and to the spike.
        l = jj
        do i = j, m
          temp = c * s(l) - sn * w(i)
          w(i) = sn * s(l) + c * w(i)
          s(l) = temp
          l = l + 1
        end do
      end if
    end do

    ! Add the spike from the rank-one update.
    do i = 1, m
      w(i) = w(i) + v(n) * u(i)
    end do

    ! Eliminate the spike.
    sing = .false.
    do j = 1, n - 1
      if (w(j) /= 0.0_dp) then
        if (abs(s(jj)) < abs(w(j))) then
          cotan = s(jj) / w(j)
          sn = 0.5_dp / sqrt(0.25_dp + 0.25_dp * cotan**2)
          c = sn * cotan
          tau = 1.0_dp
          if (abs(c) * giant > 1.0_dp) tau = 1.0_dp / c
        else
          tn = w(j) / s(jj)
          c = 0.5_dp / sqrt(0.25_dp + 0.25_dp * tn**2)
          sn = c * tn
          tau = sn
        end if

        l = jj
        do i = j, m
          temp = c * s(l) + sn * w(i)
          w(i) = -sn * s(l) + c * w(i)
          s(l) = temp
          l = l + 1
        end do
        w(j) = tau
      end if
      if (s(jj) == 0.0_dp) sing = .true.
      jj = jj + (m - j + 1)
    end do

    ! Move w back into the last column of S.
    l = jj
    do i = n, m
      s(l) = w(i)
      l = l + 1
    end do
    if (s(jj) == 0.0_dp) sing = .true.
  end subroutine r1updt

  ! r1mpyq: a := a * Gv(n-1) ... Gv(1) * Gw(1) ... Gw(n-1) for the m by n
  ! matrix a, where Gv(j), Gw(j) are Givens rotations in the (j, n) plane
  ! stored (as by r1updt) in v(j) and w(j).
  ! Reference: MINPACK-1 r1mpyq (More, Garbow, Hillstrom 1980).
  pure subroutine r1mpyq(m, n, a, lda, v, w)
    integer(ip), intent(in) :: m, n, lda
    real(dp), intent(inout) :: a(lda, n)
    real(dp), intent(in) :: v(n), w(n)

    integer(ip) :: i, j
    real(dp) :: c, sn, temp

    if (n < 2) return

    do j = n - 1, 1, -1
      call unpack_rotation(v(j), c, sn)
      do i = 1, m
        temp = c * a(i, j) - sn * a(i, n)
        a(i, n) = sn * a(i, j) + c * a(i, n)
        a(i, j) = temp
      end do
    end do

    do j = 1, n - 1
      call unpack_rotation(w(j), c, sn)
      do i = 1, m
        temp = c * a(i, j) + sn * a(i, n)
        a(i, n) = -sn * a(i, j) + c * a(i, n)
        a(i, j) = temp
      end do
    end do
  end subroutine r1mpyq

  ! unpack_rotation: cosine and sine of a Givens rotation from its stored
  ! form tau (tau = 1/c if |tau| > 1, else tau = s).
  pure subroutine unpack_rotation(tau, c, sn)
    real(dp), intent(in) :: tau
    real(dp), intent(out) :: c, sn

    if (abs(tau) > 1.0_dp) then
      c = 1.0_dp / tau
      sn = sqrt(1.0_dp - c * c)
    else
      sn = tau
      c = sqrt(1.0_dp - sn * sn)
    end if
  end subroutine unpack_rotation

end module minpack_qr
