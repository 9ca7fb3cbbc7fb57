! curfit: weighted least-squares / smoothing / interpolating spline of
! degree k (1 <= k <= 5) through data (x(i), y(i)), i = 1..m, with knots
! chosen automatically (iopt = 0, 1) or given (iopt = -1).
!
! P. Dierckx, Curve and Surface Fitting with Splines, Oxford 1993
! (chapter 5), and Dierckx, "An algorithm for smoothing, differentiation
! and integration of experimental data using spline functions",
! J. Comp. Appl. Maths 1 (1975) 165-184.  The smoothing spline minimises
! the sum of the squared jumps of its k-th derivative at the interior knots
! subject to sum((w(i)*(y(i)-s(x(i))))**2) <= s; knots are added where the
! residuals are largest until the least-squares spline meets s, then the
! smoothing parameter p is found as the root of f(p) = s by rational
! interpolation (fprati).
module fitpack_curfit
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip
  use fitpack_basis, only: fpbspl, fpdisc, fpknot, fpchec, interior_knots, fitpack_kmax
  use fitpack_givens, only: fpgivs, fprota, fpback_inplace, fprati
  implicit none
  private
  public :: curfit, fpcurf, curfit_lwrk, fpcurf_lwrk

contains

  !> curfit's workspace length for m points, degree k and nest knots,
  !> m*(k+1) + nest*(7+3k), computed in 64-bit.  Defined for any arguments
  !> (the C layer checks lwrk against it before curfit checks its input):
  !> a negative m or nest counts as 0 and k as the nearest degree curfit
  !> accepts, 1..5 (curfit refuses any other before it touches wrk).
  pure integer(int64) function curfit_lwrk(m, k, nest)
    integer(ip), intent(in) :: m, k, nest
    integer(int64) :: m_, k_, nest_
    m_ = max(m, 0_ip)
    k_ = min(max(k, 1_ip), 5_ip)
    nest_ = max(nest, 0_ip)
    curfit_lwrk = m_ * (k_ + 1) + nest_ * (7 + 3 * k_)
  end function curfit_lwrk

  !> fpcurf's workspace length (z, a, b, g, q of scipy's f2py wrapper):
  !> nest*3*(k+2) + m*(k+1), computed in 64-bit, with curfit_lwrk's
  !> conventions for arguments out of range.
  pure integer(int64) function fpcurf_lwrk(m, k, nest)
    integer(ip), intent(in) :: m, k, nest
    integer(int64) :: m_, k_, nest_
    m_ = max(m, 0_ip)
    k_ = min(max(k, 1_ip), 5_ip)
    nest_ = max(nest, 0_ip)
    fpcurf_lwrk = nest_ * 3 * (k_ + 2) + m_ * (k_ + 1)
  end function fpcurf_lwrk

  ! curfit: FITPACK's driver (argument meanings as in Dierckx's curfit.f).
  ! iopt = -1: least-squares spline on the n knots t(k+2..n-k-1) given;
  ! iopt = 0: smoothing spline with smoothing factor s (s = 0 interpolates);
  ! iopt = 1: continue from the knots of a previous call (wrk, iwrk kept).
  ! On return n, t(1:n), c(1:n-k-1), fp and ier (<= 0 success; 1, 2, 3 fp
  ! not reached; 10 invalid input).  wrk(lwrk), lwrk >= m*(k+1)+nest*(7+3k);
  ! iwrk(nest).
  pure subroutine curfit(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, fp, &
                         wrk, lwrk, iwrk, ier)
    integer(ip), intent(in) :: iopt, m, k, nest, lwrk
    real(dp), intent(in) :: x(m), y(m), w(m), xb, xe, s
    integer(ip), intent(inout) :: n
    real(dp), intent(inout) :: t(nest), c(nest), wrk(lwrk)
    real(dp), intent(out) :: fp
    integer(ip), intent(inout) :: iwrk(nest)
    integer(ip), intent(out) :: ier
    real(dp), parameter :: tol = 1.0e-3_dp
    integer(ip), parameter :: maxit = 20
    integer(ip) :: i, ia, ib, ifp, ig, iq, iz, j, k1, k2, nmin

    ier = 10
    fp = 0.0_dp
    if (k <= 0 .or. k > 5) return
    k1 = k + 1
    k2 = k1 + 1
    if (iopt < -1 .or. iopt > 1) return
    nmin = 2 * k1
    if (m < k1 .or. nest < nmin) return
    if (lwrk < curfit_lwrk(m, k, nest)) return
    if (xb > x(1) .or. xe < x(m)) return
    do i = 2, m
      if (x(i - 1) > x(i)) return
    end do
    if (iopt >= 0) then
      if (s < 0.0_dp) return
      if (s == 0.0_dp .and. nest < m + k1) return
      ier = 0
    else
      if (n < nmin .or. n > nest) return
      j = n
      do i = 1, k1
        t(i) = xb
        t(j) = xe
        j = j - 1
      end do
      call fpchec(x, m, t, n, k, ier)
      if (ier /= 0) return
    end if
    ifp = 1
    iz = ifp + nest
    ia = iz + nest
    ib = ia + nest * k1
    ig = ib + nest * k2
    iq = ig + nest * k2
    if (iopt >= 0 .and. s == 0.0_dp .and. m + k1 <= nest) then
      ! the interpolating spline: a square banded system, solved directly
      ! (falls through to fpcurf in the cases it does not take)
      call fpintp(x, y, m, xb, xe, k, t, c, wrk(ia), ier)
      if (ier == -1) then
        n = m + k1
        ! the state Dierckx's fpcurf leaves for a call with iopt = 1
        wrk(ifp + n - 1) = 0.0_dp
        wrk(ifp + n - 2) = 0.0_dp
        iwrk(n) = 0
        return
      end if
      ier = 0
    end if
    call fpcurf(iopt, x, y, w, m, xb, xe, k, s, nest, tol, maxit, k1, k2, n, t, c, fp, &
                wrk(ifp), wrk(iz), wrk(ia), wrk(ib), wrk(ig), wrk(iq), iwrk, ier)
  end subroutine curfit

  ! fpintp: the interpolating spline (s = 0) of degree k through x(m), y(m)
  ! on curfit's knots (n = m+k+1, interior knots from interior_knots), as
  ! the solution of the square collocation system B c = y.  Dierckx's fpcurf
  ! finds it by Givens rotations, a least-squares solve; for a square
  ! system that is several times the work of de Boor's banded Gaussian
  ! elimination without pivoting (A Practical Guide to Splines, 1978,
  ! chapter XIII), which is stable here because a collocation matrix
  ! satisfying the Schoenberg-Whitney conditions is totally positive.  The
  ! weights do not change the solution of a square system and are not used.
  ! ier = -1 (fp = 0) on success; ier = 0 if a row leaves the band |j-i|<=k
  ! or a pivot is zero (x not strictly increasing): then nothing is
  ! promised and the caller solves by fpcurf instead.
  ! band(m, -k:k): row i holds the matrix elements of columns i-k..i+k.
  pure subroutine fpintp(x, y, m, xb, xe, k, t, c, band, ier)
    integer(ip), intent(in) :: m, k
    real(dp), intent(in) :: x(m), y(m), xb, xe
    real(dp), intent(inout) :: t(*), c(*)
    real(dp), intent(out) :: band(m, -k:k)
    integer(ip), intent(out) :: ier
    real(dp) :: h(fitpack_kmax + 1), f, piv, acc
    integer(ip) :: i, j, l, nk1, n, off, p, r

    ier = 0
    n = m + k + 1
    nk1 = m
    do j = 1, k + 1
      t(j) = xb
      t(n + 1 - j) = xe
    end do
    call interior_knots(x, m, k, t)
    band = 0.0_dp
    l = k + 1
    do i = 1, m
      do while (.not. (x(i) < t(l + 1) .or. l == nk1))
        l = l + 1
      end do
      off = l - k - i
      if (off < -k .or. off > 0) return
      call fpbspl(t, k, x(i), l, h)
      band(i, off:off + k) = h(1:k + 1)
      c(i) = y(i)
    end do
    ! forward elimination: the band does not widen without pivoting
    do p = 1, m
      piv = band(p, 0)
      if (piv == 0.0_dp) return
      do r = p + 1, min(p + k, m)
        f = band(r, p - r)
        if (f == 0.0_dp) cycle
        f = f / piv
        do j = 1, min(k, m - p)
          band(r, p - r + j) = band(r, p - r + j) - f * band(p, j)
        end do
        c(r) = c(r) - f * c(p)
      end do
    end do
    do p = m, 1, -1
      acc = c(p)
      do j = 1, min(k, m - p)
        acc = acc - band(p, j) * c(p + j)
      end do
      c(p) = acc / band(p, 0)
    end do
    ier = -1
  end subroutine fpintp

  ! fpcurf: curfit's algorithm.  fpint(nest), nrdata(nest): residual sums and
  ! data counts per knot interval (kept for iopt = 1); z(nest): rotated
  ! right-hand side; a(nest,k1): triangularised observation matrix;
  ! b(nest,k2): derivative jumps; g(nest,k2): a extended by b/p;
  ! q(m,k1): the B-splines at the data points.
  pure subroutine fpcurf(iopt, x, y, w, m, xb, xe, k, s, nest, tol, maxit, k1, k2, n, t, &
                         c, fp, fpint, z, a, b, g, q, nrdata, ier)
    integer(ip), intent(in) :: iopt, m, k, nest, maxit, k1, k2
    real(dp), intent(in) :: x(m), y(m), w(m), xb, xe, s, tol
    integer(ip), intent(inout) :: n, nrdata(nest), ier
    real(dp), intent(inout) :: t(nest), c(nest), fpint(nest), z(nest)
    real(dp), intent(inout) :: a(nest, k1), b(nest, k2), g(nest, k2), q(m, k1)
    real(dp), intent(out) :: fp
    real(dp), parameter :: con1 = 0.1_dp, con9 = 0.9_dp, con4 = 0.04_dp, half = 0.5_dp
    real(dp) :: acc, cos, sin, fpart, fpms, fpold, fp0, p, pinv, piv, val
    real(dp) :: p1, p2, p3, f1, f2, f3, rn, store, term, wi, xi, yi, h(7)
    integer(ip) :: i, ich1, ich3, it, iter, i2, i3, i1, j, l, l0, ll
    integer(ip) :: nk1, nmax, nmin, nplus, npl1, nrint, n8
    logical :: new, keep

    acc = 0.0_dp
    fpold = 0.0_dp
    fp0 = 0.0_dp
    fpms = 0.0_dp
    nmax = 0
    nplus = 0
    nk1 = n - k1
    fp = 0.0_dp
    nmin = 2 * k1
    ! ---- part 1: the number of knots and their position
    if (iopt >= 0) then
      acc = tol * s
      nmax = m + k1
      if (s > 0.0_dp) then
        ! start from the least-squares polynomial, or (iopt = 1) from the
        ! knots of the last call unless s >= fp0
        keep = .false.
        if (iopt /= 0 .and. n /= nmin) then
          fp0 = fpint(n)
          fpold = fpint(n - 1)
          nplus = nrdata(n)
          keep = fp0 > s
        end if
        if (.not. keep) then
          n = nmin
          fpold = 0.0_dp
          nplus = 0
          nrdata(1) = m - 2
        end if
      else
        ! s = 0: the interpolating spline
        n = nmax
        if (nmax > nest) then
          ier = 1
          return
        end if
        call interior_knots(x, m, k, t)
      end if
    end if

    knots: do
      do iter = 1, m
        if (n == nmin) ier = -2
        nrint = n - nmin + 1
        nk1 = n - k1
        i = n
        do j = 1, k1
          t(j) = xb
          t(i) = xe
          i = i - 1
        end do
        ! least-squares spline: rotate the observation rows into a
        fp = 0.0_dp
        z(1:nk1) = 0.0_dp
        a(1:nk1, 1:k1) = 0.0_dp
        l = k1
        do it = 1, m
          xi = x(it)
          wi = w(it)
          yi = y(it) * wi
          do while (.not. (xi < t(l + 1) .or. l == nk1))
            l = l + 1
          end do
          call fpbspl(t, k, xi, l, h)
          do i = 1, k1
            q(it, i) = h(i)
            h(i) = h(i) * wi
          end do
          j = l - k1
          do i = 1, k1
            j = j + 1
            piv = h(i)
            if (piv == 0.0_dp) cycle
            call fpgivs(piv, a(j, 1), cos, sin)
            call fprota(cos, sin, yi, z(j))
            if (i == k1) exit
            i2 = 1
            i3 = i + 1
            do i1 = i3, k1
              i2 = i2 + 1
              call fprota(cos, sin, h(i1), a(j, i2))
            end do
          end do
          fp = fp + yi * yi
        end do
        if (ier == -2) fp0 = fp
        fpint(n) = fp0
        fpint(n - 1) = fpold
        nrdata(n) = nplus
        c(1:nk1) = z(1:nk1)
        call fpback_inplace(a, nk1, k1, c, nest)
        if (iopt < 0) return
        fpms = fp - s
        if (abs(fpms) < acc) return
        if (fpms < 0.0_dp) exit knots
        if (n == nmax) then
          ier = -1
          return
        end if
        if (n == nest) then
          ier = 1
          return
        end if
        ! how many knots to add
        if (ier == 0) then
          npl1 = nplus * 2
          rn = real(nplus, dp)
          if (fpold - fp > acc) then
            val = rn * fpms / (fpold - fp)
            if (val > real(huge(npl1), dp)) then
              npl1 = huge(npl1)
            else
              npl1 = int(val)
            end if
          end if
          nplus = min(nplus * 2, max(npl1, nplus / 2, 1))
        else
          nplus = 1
          ier = 0
        end if
        fpold = fp
        ! residual sum per knot interval (points on a knot count half)
        fpart = 0.0_dp
        i = 1
        l = k2
        new = .false.
        do it = 1, m
          if (.not. (x(it) < t(l) .or. l > nk1)) then
            new = .true.
            l = l + 1
          end if
          term = 0.0_dp
          l0 = l - k2
          do j = 1, k1
            l0 = l0 + 1
            term = term + c(l0) * q(it, j)
          end do
          term = (w(it) * (term - y(it)))**2
          fpart = fpart + term
          if (.not. new) cycle
          store = term * half
          fpint(i) = fpart - store
          i = i + 1
          fpart = store
          new = .false.
        end do
        fpint(nrint) = fpart
        do ll = 1, nplus
          call fpknot(x, t, n, fpint, nrdata, nrint, 1)
          if (n == nmax) then
            call interior_knots(x, m, k, t)
            cycle knots
          end if
          if (n == nest) exit
        end do
      end do
      exit knots
    end do knots
    if (ier == -2) return

    ! ---- part 2: the smoothing spline, p the root of f(p) = s
    call fpdisc(t, n, k2, b, nest)
    p1 = 0.0_dp
    f1 = fp0 - s
    p3 = -1.0_dp
    f3 = fpms
    p = 0.0_dp
    do i = 1, nk1
      p = p + a(i, 1)
    end do
    rn = real(nk1, dp)
    p = rn / p
    ich1 = 0
    ich3 = 0
    n8 = n - nmin
    do iter = 1, maxit
      ! rotate the rows of b, weighted 1/p, into a copy g of a
      pinv = 1.0_dp / p
      do i = 1, nk1
        c(i) = z(i)
        g(i, k2) = 0.0_dp
        g(i, 1:k1) = a(i, 1:k1)
      end do
      do it = 1, n8
        h(1:k2) = b(it, 1:k2) * pinv
        yi = 0.0_dp
        do j = it, nk1
          piv = h(1)
          call fpgivs(piv, g(j, 1), cos, sin)
          call fprota(cos, sin, yi, c(j))
          if (j == nk1) exit
          i2 = k1
          if (j > n8) i2 = nk1 - j
          do i = 1, i2
            call fprota(cos, sin, h(i + 1), g(j, i + 1))
            h(i) = h(i + 1)
          end do
          h(i2 + 1) = 0.0_dp
        end do
      end do
      call fpback_inplace(g, nk1, k2, c, nest)
      ! f(p)
      fp = 0.0_dp
      l = k2
      do it = 1, m
        if (.not. (x(it) < t(l) .or. l > nk1)) l = l + 1
        l0 = l - k2
        term = 0.0_dp
        do j = 1, k1
          l0 = l0 + 1
          term = term + c(l0) * q(it, j)
        end do
        fp = fp + (w(it) * (term - y(it)))**2
      end do
      fpms = fp - s
      if (abs(fpms) < acc) return
      if (iter == maxit) then
        ier = 3
        return
      end if
      p2 = p
      f2 = fpms
      if (ich3 == 0) then
        if (f2 - f3 > acc) then
          if (f2 < 0.0_dp) ich3 = 1
        else
          ! p too large
          p3 = p2
          f3 = f2
          p = p * con4
          if (p <= p1) p = p1 * con9 + p2 * con1
          cycle
        end if
      end if
      if (ich1 == 0) then
        if (f1 - f2 > acc) then
          if (f2 > 0.0_dp) ich1 = 1
        else
          ! p too small
          p1 = p2
          f1 = f2
          p = p / con4
          if (p3 < 0.0_dp) cycle
          if (p >= p3) p = p2 * con1 + p3 * con9
          cycle
        end if
      end if
      if (f2 >= f1 .or. f2 <= f3) then
        ier = 2
        return
      end if
      call fprati(p1, f1, p2, f2, p3, f3, p)
    end do
  end subroutine fpcurf

end module fitpack_curfit
