! C-facing layer of the scijit FITPACK library for the UnivariateSpline
! family: fpcurf (curfit's algorithm, called with its state arrays) and
! fpchec (the Schoenberg-Whitney check of LSQUnivariateSpline's knots).
!
! scipy's UnivariateSpline calls fpcurf directly (f2py's fpcurf0, fpcurf1,
! fpcurfm1), keeping fpint and nrdata between calls so that
! set_smoothing_factor can continue (iopt = 1) from the knots of the last
! fit.  Same conventions as fitpack_capi: inputs by value, every array
! supplied by the caller and dimensioned by its size in the table
! (lowering/fitpack_univariate.py), the lengths checked first (ier =
! scijit_size_error), then the input (ier = 10, also for a saved state
! that would make the Fortran index out of bounds).  No state is kept here.
!
! Size function: scijit_fitpack_fpcurf_lwrk(m, k, nest), the length of
! fpcurf's workspace wrk.
module fitpack_univariate_capi
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_int64_t
  use, intrinsic :: iso_fortran_env, only: int64
  use scijit_kinds, only: dp, ip, scijit_size_error
  use fitpack_basis, only: fpchec, continuable
  use fitpack_curfit, only: fpcurf, fpcurf_lwrk
  implicit none
  private
  public :: scijit_fitpack_fpcurf, scijit_fitpack_fpchec, scijit_fitpack_fpcurf_lwrk

contains

  ! fpcurf_lwrk for C callers and the table's size expressions.
  pure function scijit_fitpack_fpcurf_lwrk(m, k, nest) result(lwrk) &
      bind(C, name='scijit_fitpack_fpcurf_lwrk')
    integer(c_int), value :: m, k, nest
    integer(c_int64_t) :: lwrk
    lwrk = fpcurf_lwrk(m, k, nest)
  end function scijit_fitpack_fpcurf_lwrk

  ! fpcurf: iopt = 0 smoothing spline from scratch, 1 continued from the
  ! saved state (n, t, fpint, nrdata and ier_in, the ier of the last call:
  ! FITPACK reads it when it continues), -1 least-squares spline on the n
  ! knots t(1:n) (ier_in = 0 for iopt = 0, -1).  n in and out; t, c, fpint,
  ! nrdata hold nest values; wrk(lwrk), lwrk >= fpcurf_lwrk(m, k, nest),
  ! split as scipy's f2py wrapper does (z, a, b, g, q).
  recursive subroutine scijit_fitpack_fpcurf(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, &
      fp, fpint, nrdata, wrk, lwrk, ier_in, ier) bind(C, name='scijit_fitpack_fpcurf')
    integer(c_int), value :: iopt, m, k, nest, lwrk, ier_in
    real(c_double), value :: xb, xe, s
    real(c_double), intent(in) :: x(m), y(m), w(m)
    integer(c_int), intent(inout) :: n
    real(c_double), intent(inout) :: t(nest), c(nest), fpint(nest), wrk(lwrk)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(inout) :: nrdata(nest)
    integer(c_int), intent(out) :: ier
    real(dp), parameter :: tol = 1.0e-3_dp
    integer(ip), parameter :: maxit = 20
    integer(ip) :: k1, k2, nmin, nmax

    fp = 0.0_dp
    ier = scijit_size_error
    if (int(lwrk, int64) < fpcurf_lwrk(m, k, nest)) return
    ier = 10
    if (k < 1 .or. k > 5 .or. iopt < -1 .or. iopt > 1 .or. m <= k) return
    k1 = k + 1
    k2 = k + 2
    nmin = 2 * k1
    nmax = m + k1
    if (nest < nmin) return
    if (iopt == -1) then
      if (n < nmin .or. n > nest) return
    end if
    if (iopt == 1 .and. s > 0.0_dp) then
      if (.not. continuable(n, nmin, nmax, nest, m, nrdata)) return
    end if
    ier = ier_in
    call fpcurf(iopt, x, y, w, m, xb, xe, k, s, nest, tol, maxit, k1, k2, n, t, c, fp, &
                fpint, wrk(1), wrk(nest + 1), wrk(nest * k2 + 1), wrk(2 * nest * k2 + 1), &
                wrk(3 * nest * k2 + 1), nrdata, ier)
  end subroutine scijit_fitpack_fpcurf

  ! fpchec: 0 if the knots t(1:n) of a degree-k spline suit the data x(1:m)
  ! (Schoenberg-Whitney), else scipy's condition code (10, 20, ..., 50).
  recursive function scijit_fitpack_fpchec(x, m, t, n, k) result(ier) &
      bind(C, name='scijit_fitpack_fpchec')
    integer(c_int), value :: m, n, k
    real(c_double), intent(in) :: x(m), t(n)
    integer(c_int) :: ier
    ier = 10
    if (k < 0 .or. m < 1 .or. n < 2 * (k + 1)) return
    call fpchec(x, m, t, n, k, ier)
  end function scijit_fitpack_fpchec

end module fitpack_univariate_capi
