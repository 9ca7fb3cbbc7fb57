! C-facing layer of the scijit FITPACK library (1-D routines).
!
! One bind(C) entry point per FITPACK routine, named scijit_fitpack_<name>,
! with FITPACK's argument names and order (vendor/include/scijit.h is
! generated from lowering/fitpack.py's table, which declares the same).
! Input scalars by value, in/out and output scalars (n of curfit/percur,
! fp, ier, m, nn) by pointer, arrays by pointer; every array is supplied
! by the caller, each dimensioned by its size in the table (t: n, c:
! n-k-1, x, y, w: m, ...) or by the length the caller passes with it
! (lwrk).  Each entry checks the lengths it is given first, before any
! array is touched: a length too small is ier = scijit_size_error (a
! caller's bug); then FITPACK's own checks (ier = 10, "invalid input":
! k out of range, n < 2(k+1) knots, ..., and for curfit/percur with
! iopt = 1 a state in wrk, iwrk and n that cannot be continued without
! indexing out of bounds, see fitpack_basis's continuable).  No state is
! kept between calls.
!
! Size functions (the workspace lengths FITPACK states, in 64-bit, for the
! table's size expressions): scijit_fitpack_curfit_lwrk(m, k, nest) and
! scijit_fitpack_percur_lwrk(m, k, nest).
module fitpack_capi
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_int64_t
  use, intrinsic :: iso_fortran_env, only: int64
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan
  use scijit_kinds, only: dp, ip, scijit_size_error
  use fitpack_basis, only: fitpack_kmax, continuable
  use fitpack_eval, only: splev, splder, spleval, splint, sproot, spalde, insert
  use fitpack_curfit, only: curfit, curfit_lwrk
  use fitpack_percur, only: percur, percur_lwrk
  implicit none
  private
  public :: scijit_fitpack_splev, scijit_fitpack_splder, scijit_fitpack_splint
  public :: scijit_fitpack_spleval
  public :: scijit_fitpack_sproot, scijit_fitpack_spalde, scijit_fitpack_insert
  public :: scijit_fitpack_curfit, scijit_fitpack_percur
  public :: scijit_fitpack_curfit_lwrk, scijit_fitpack_percur_lwrk

contains

  pure logical function bad_knots(n, k)
    integer(ip), intent(in) :: n, k
    bad_knots = k < 0 .or. k > fitpack_kmax .or. n < 2 * (k + 1)
  end function bad_knots

  ! curfit_lwrk / percur_lwrk for C callers and the table's size expressions.
  pure function scijit_fitpack_curfit_lwrk(m, k, nest) result(lwrk) &
      bind(C, name='scijit_fitpack_curfit_lwrk')
    integer(c_int), value :: m, k, nest
    integer(c_int64_t) :: lwrk
    lwrk = curfit_lwrk(m, k, nest)
  end function scijit_fitpack_curfit_lwrk

  pure function scijit_fitpack_percur_lwrk(m, k, nest) result(lwrk) &
      bind(C, name='scijit_fitpack_percur_lwrk')
    integer(c_int), value :: m, k, nest
    integer(c_int64_t) :: lwrk
    lwrk = percur_lwrk(m, k, nest)
  end function scijit_fitpack_percur_lwrk

  ! splev: y(1:m) = s(x(1:m)); e = 0 extrapolate, 1 zero, 2 ier = 1
  ! outside [t(k+1), t(n-k)], 3 the boundary value.
  recursive subroutine scijit_fitpack_splev(t, n, c, k, x, y, m, e, ier) &
      bind(C, name='scijit_fitpack_splev')
    integer(c_int), value :: n, k, m, e
    real(c_double), intent(in) :: t(n), c(n - k - 1), x(m)
    real(c_double), intent(inout) :: y(m)
    integer(c_int), intent(out) :: ier
    ier = 10
    if (bad_knots(n, k) .or. m < 1) return
    call splev(t, n, c, k, x, y, m, e, ier)
  end subroutine scijit_fitpack_splev

  ! splder: y(1:m) = the nu-th derivative of s at x(1:m); wrk(n) scratch.
  recursive subroutine scijit_fitpack_splder(t, n, c, k, nu, x, y, m, e, wrk, ier) &
      bind(C, name='scijit_fitpack_splder')
    integer(c_int), value :: n, k, nu, m, e
    real(c_double), intent(in) :: t(n), c(n - k - 1), x(m)
    real(c_double), intent(inout) :: y(m), wrk(n)
    integer(c_int), intent(out) :: ier
    ier = 10
    if (bad_knots(n, k) .or. m < 1) return
    call splder(t, n, c, k, nu, x, y, m, e, wrk, ier)
  end subroutine scijit_fitpack_splder

  ! spleval (scijit's): y = the nu-th derivative of s at one point x, with
  ! splev's / splder's extrapolation modes; O(log n) per call, no workspace.
  recursive subroutine scijit_fitpack_spleval(t, n, c, k, nu, x, e, y, ier) &
      bind(C, name='scijit_fitpack_spleval')
    integer(c_int), value :: n, k, nu, e
    real(c_double), value :: x
    real(c_double), intent(in) :: t(n), c(n - k - 1)
    real(c_double), intent(out) :: y
    integer(c_int), intent(out) :: ier
    y = 0.0_dp
    ier = 10
    if (bad_knots(n, k)) return
    call spleval(t, n, c, k, nu, x, e, y, ier)
  end subroutine scijit_fitpack_spleval

  ! splint: the integral of s over [a, b]; wrk(1:n-k-1) receives the
  ! integrals of the B-splines (lwrk >= n-k-1).  ier = 0; otherwise the
  ! result is NaN: ier = scijit_size_error if lwrk is too small, 10 if the
  ! knots are too few for k.
  recursive function scijit_fitpack_splint(t, n, c, k, a, b, wrk, lwrk, ier) result(res) &
      bind(C, name='scijit_fitpack_splint')
    integer(c_int), value :: n, k, lwrk
    real(c_double), value :: a, b
    real(c_double), intent(in) :: t(n), c(n - k - 1)
    real(c_double), intent(inout) :: wrk(lwrk)
    integer(c_int), intent(out) :: ier
    real(c_double) :: res
    res = ieee_value(res, ieee_quiet_nan)
    ier = scijit_size_error
    if (int(lwrk, int64) < int(n, int64) - k - 1) return
    ier = 10
    if (bad_knots(n, k)) return
    ier = 0
    res = splint(t, n, c, k, a, b, wrk)
  end function scijit_fitpack_splint

  ! sproot: the zeros zero(1:m), m <= mest, of a cubic spline (n >= 8).
  recursive subroutine scijit_fitpack_sproot(t, n, c, zero, mest, m, ier) &
      bind(C, name='scijit_fitpack_sproot')
    integer(c_int), value :: n, mest
    real(c_double), intent(in) :: t(n), c(n - 4)
    real(c_double), intent(inout) :: zero(mest)
    integer(c_int), intent(out) :: m, ier
    m = 0
    ier = 10
    if (n < 8 .or. mest < 0) return
    call sproot(t, n, c, zero, mest, m, ier)
  end subroutine scijit_fitpack_sproot

  ! spalde: d(j) = s^(j-1)(x), j = 1..k1, k1 = k+1.
  recursive subroutine scijit_fitpack_spalde(t, n, c, k1, x, d, ier) &
      bind(C, name='scijit_fitpack_spalde')
    integer(c_int), value :: n, k1
    real(c_double), value :: x
    real(c_double), intent(in) :: t(n), c(n - k1)
    real(c_double), intent(inout) :: d(k1)
    integer(c_int), intent(out) :: ier
    ier = 10
    if (bad_knots(n, k1 - 1)) return
    call spalde(t, n, c, k1, x, d, ier)
  end subroutine scijit_fitpack_spalde

  ! insert: insert the knot x once (iopt /= 0: periodic spline); tt(nest),
  ! cc(nest) receive nn = n+1 knots and their coefficients.  nest >= n+1,
  ! else ier = scijit_size_error.
  recursive subroutine scijit_fitpack_insert(iopt, t, n, c, k, x, tt, nn, cc, nest, ier) &
      bind(C, name='scijit_fitpack_insert')
    integer(c_int), value :: iopt, n, k, nest
    real(c_double), value :: x
    real(c_double), intent(in) :: t(n), c(n - k - 1)
    real(c_double), intent(inout) :: tt(nest), cc(nest)
    integer(c_int), intent(out) :: nn, ier
    nn = n
    ier = scijit_size_error
    if (int(nest, int64) < int(n, int64) + 1) return
    ier = 10
    if (bad_knots(n, k)) return
    call insert(iopt, t, n, c, k, x, tt, nn, cc, nest, ier)
  end subroutine scijit_fitpack_insert

  ! curfit: smoothing (iopt = 0, 1) or least-squares (iopt = -1, n knots
  ! given in t) spline of degree k through x(m), y(m) with weights w(m);
  ! t(nest), c(nest), wrk(lwrk >= curfit_lwrk(m, k, nest)), iwrk(nest).
  recursive subroutine scijit_fitpack_curfit(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, &
      fp, wrk, lwrk, iwrk, ier) bind(C, name='scijit_fitpack_curfit')
    integer(c_int), value :: iopt, m, k, nest, lwrk
    real(c_double), value :: xb, xe, s
    real(c_double), intent(in) :: x(m), y(m), w(m)
    integer(c_int), intent(inout) :: n
    real(c_double), intent(inout) :: t(nest), c(nest), wrk(lwrk)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(inout) :: iwrk(nest)
    integer(c_int), intent(out) :: ier
    fp = 0.0_dp
    ier = scijit_size_error
    if (int(lwrk, int64) < curfit_lwrk(m, k, nest)) return
    ier = 10
    if (m < 1 .or. nest < 1) return
    ! iopt = 1 continues from the state kept in wrk(1:nest) and iwrk
    if (iopt == 1 .and. s > 0.0_dp) then
      if (.not. continuable(n, 2 * k + 2, m + k + 1, nest, m, iwrk)) return
    end if
    call curfit(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  end subroutine scijit_fitpack_curfit

  ! percur: periodic smoothing spline (period x(m)-x(1)), arguments as
  ! curfit; wrk(lwrk >= percur_lwrk(m, k, nest)).
  recursive subroutine scijit_fitpack_percur(iopt, m, x, y, w, k, s, nest, n, t, c, fp, &
      wrk, lwrk, iwrk, ier) bind(C, name='scijit_fitpack_percur')
    integer(c_int), value :: iopt, m, k, nest, lwrk
    real(c_double), value :: s
    real(c_double), intent(in) :: x(m), y(m), w(m)
    integer(c_int), intent(inout) :: n
    real(c_double), intent(inout) :: t(nest), c(nest), wrk(lwrk)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(inout) :: iwrk(nest)
    integer(c_int), intent(out) :: ier
    fp = 0.0_dp
    ier = scijit_size_error
    if (int(lwrk, int64) < percur_lwrk(m, k, nest)) return
    ier = 10
    if (m < 1 .or. nest < 1) return
    ! iopt = 1 continues from the state kept in wrk(1:nest) and iwrk
    if (iopt == 1 .and. (s > 0.0_dp .or. m == 2)) then
      if (.not. continuable(n, 2 * k + 2, m + 2 * k, nest, m, iwrk)) return
    end if
    call percur(iopt, m, x, y, w, k, s, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  end subroutine scijit_fitpack_percur

end module fitpack_capi
