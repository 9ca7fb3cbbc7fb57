! C-facing layer of the scijit FITPACK library for the UnivariateSpline
! family: fpcurf (curfit's algorithm, called with its state arrays) and
! fpchec (the Schoenberg-Whitney check of LSQUnivariateSpline's knots).
!
! scipy's UnivariateSpline calls fpcurf directly (f2py's fpcurf0, fpcurf1,
! fpcurfm1), keeping fpint and nrdata between calls so that
! set_smoothing_factor can continue (iopt = 1) from the knots of the last
! fit.  Same conventions as fitpack_capi: inputs by value, every array and
! workspace supplied by the caller, ier = 10 for sizes or a saved state
! that would make the Fortran index out of bounds.  No state is kept here.
module fitpack_univariate_capi
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  use scijit_kinds, only: dp
  use fitpack_basis, only: fpchec
  use fitpack_curfit, only: fpcurf
  implicit none
  private
  public :: scijit_fitpack_fpcurf, scijit_fitpack_fpchec

contains

  ! fpcurf: iopt = 0 smoothing spline from scratch, 1 continued from the
  ! saved state (n, t, fpint, nrdata, ier of the last call), -1 least-squares
  ! spline on the n knots t(1:n).  ni(1) = n and ni(2) = ier, in and out
  ! (FITPACK reads the ier it is given when it continues); t, c, fpint,
  ! nrdata hold at least nest values; wrk(lwrk), lwrk >= nest*3*(k+2) +
  ! m*(k+1), split as scipy's f2py wrapper does (z, a, b, g, q).
  subroutine scijit_fitpack_fpcurf(iopt, m, x, y, w, xb, xe, k, s, nest, ni, t, c, fp, &
      fpint, nrdata, wrk, lwrk) bind(C, name='scijit_fitpack_fpcurf')
    integer(c_int), value :: iopt, m, k, nest, lwrk
    real(c_double), value :: xb, xe, s
    real(c_double), intent(in) :: x(*), y(*), w(*)
    integer(c_int), intent(inout) :: ni(2)
    real(c_double), intent(inout) :: t(*), c(*), fpint(*), wrk(*)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(inout) :: nrdata(*)
    real(dp), parameter :: tol = 1.0e-3_dp
    integer, parameter :: maxit = 20
    integer :: k1, k2, n, ier, nmin, nmax

    fp = 0.0_dp
    if (k < 1 .or. k > 5 .or. iopt < -1 .or. iopt > 1 .or. m <= k) then
      ni(2) = 10
      return
    end if
    k1 = k + 1
    k2 = k + 2
    nmin = 2 * k1
    nmax = m + k1
    n = ni(1)
    ier = ni(2)
    if (nest < nmin .or. lwrk < nest * 3 * k2 + m * k1) then
      ni(2) = 10
      return
    end if
    if (iopt == -1 .or. (iopt == 1 .and. s > 0.0_dp)) then
      if (n < nmin .or. n > nest) then
        ni(2) = 10
        return
      end if
    end if
    if (iopt == 1 .and. s > 0.0_dp .and. n > nmin .and. n < nmax) then
      if (.not. saved_counts_ok(nrdata, n - nmin + 1, m)) then
        ni(2) = 10
        return
      end if
    end if
    call fpcurf(iopt, x, y, w, m, xb, xe, k, s, nest, tol, maxit, k1, k2, n, t, c, fp, &
                fpint, wrk(1), wrk(nest + 1), wrk(nest * k2 + 1), wrk(2 * nest * k2 + 1), &
                wrk(3 * nest * k2 + 1), nrdata, ier)
    ni(1) = n
    ni(2) = ier
  end subroutine scijit_fitpack_fpcurf

  ! The data counts of the nrint knot intervals saved by the last fit: each
  ! >= 0, and with the nrint-1 data points that became knots they make up
  ! the m-2 interior data points (fpknot keeps this so; it then indexes x
  ! only inside 2..m-1).
  pure logical function saved_counts_ok(nrdata, nrint, m)
    integer(c_int), intent(in) :: nrdata(*)
    integer, intent(in) :: nrint, m
    integer :: j, total
    saved_counts_ok = .false.
    total = nrint - 1
    do j = 1, nrint
      if (nrdata(j) < 0 .or. nrdata(j) > m) return
      total = total + nrdata(j)
    end do
    saved_counts_ok = total == m - 2
  end function saved_counts_ok

  ! fpchec: 0 if the knots t(1:n) of a degree-k spline suit the data x(1:m)
  ! (Schoenberg-Whitney), else scipy's condition code (10, 20, ..., 50).
  function scijit_fitpack_fpchec(x, m, t, n, k) result(ier) &
      bind(C, name='scijit_fitpack_fpchec')
    integer(c_int), value :: m, n, k
    real(c_double), intent(in) :: x(*), t(*)
    integer(c_int) :: ier
    integer :: ie
    ier = 10
    if (k < 0 .or. m < 1 .or. n < 2 * (k + 1)) return
    call fpchec(x, m, t, n, k, ie)
    ier = ie
  end function scijit_fitpack_fpchec

end module fitpack_univariate_capi
