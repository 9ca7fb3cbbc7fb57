! C-facing layer of the scijit FITPACK library (1-D routines).
!
! One bind(C) entry point per FITPACK routine, named scijit_fitpack_<name>,
! with FITPACK's argument names and order.  Input scalars are passed by
! value, in/out and output scalars (n of curfit/percur, fp, ier, m, nn) by
! pointer, arrays by pointer; every array and workspace is supplied by the
! caller.  Each entry checks the sizes it is given before any array is
! touched (ier = 10, FITPACK's "invalid input"): n >= 2(k+1) knots, and
! the workspace lengths documented below.  No state is kept between calls.
module fitpack_capi
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  use scijit_kinds, only: dp
  use fitpack_basis, only: fitpack_kmax
  use fitpack_eval, only: splev, splder, spleval, splint, sproot, spalde, insert
  use fitpack_curfit, only: curfit
  use fitpack_percur, only: percur
  implicit none
  private
  public :: scijit_fitpack_splev, scijit_fitpack_splder, scijit_fitpack_splint
  public :: scijit_fitpack_spleval
  public :: scijit_fitpack_sproot, scijit_fitpack_spalde, scijit_fitpack_insert
  public :: scijit_fitpack_curfit, scijit_fitpack_percur

contains

  pure logical function bad_knots(n, k)
    integer(c_int), intent(in) :: n, k
    bad_knots = k < 0 .or. k > fitpack_kmax .or. n < 2 * (k + 1)
  end function bad_knots

  ! splev: y(1:m) = s(x(1:m)); t(n), c(n-k-1); e = 0 extrapolate, 1 zero,
  ! 2 ier = 1 outside [t(k+1), t(n-k)], 3 the boundary value.
  subroutine scijit_fitpack_splev(t, n, c, k, x, y, m, e, ier) &
      bind(C, name='scijit_fitpack_splev')
    integer(c_int), value :: n, k, m, e
    real(c_double), intent(in) :: t(*), c(*), x(*)
    real(c_double), intent(inout) :: y(*)
    integer(c_int), intent(out) :: ier
    ier = 10
    if (bad_knots(n, k) .or. m < 1) return
    call splev(t, n, c, k, x, y, m, e, ier)
  end subroutine scijit_fitpack_splev

  ! splder: y(1:m) = the nu-th derivative of s at x(1:m); wrk(n).
  subroutine scijit_fitpack_splder(t, n, c, k, nu, x, y, m, e, wrk, ier) &
      bind(C, name='scijit_fitpack_splder')
    integer(c_int), value :: n, k, nu, m, e
    real(c_double), intent(in) :: t(*), c(*), x(*)
    real(c_double), intent(inout) :: y(*), wrk(*)
    integer(c_int), intent(out) :: ier
    ier = 10
    if (bad_knots(n, k) .or. m < 1) return
    call splder(t, n, c, k, nu, x, y, m, e, wrk, ier)
  end subroutine scijit_fitpack_splder

  ! spleval (scijit's): y = the nu-th derivative of s at one point x, with
  ! splev's / splder's extrapolation modes; O(log n) per call, no workspace.
  subroutine scijit_fitpack_spleval(t, n, c, k, nu, x, e, y, ier) &
      bind(C, name='scijit_fitpack_spleval')
    integer(c_int), value :: n, k, nu, e
    real(c_double), value :: x
    real(c_double), intent(in) :: t(*), c(*)
    real(c_double), intent(out) :: y
    integer(c_int), intent(out) :: ier
    y = 0.0_dp
    ier = 10
    if (bad_knots(n, k)) return
    call spleval(t, n, c, k, nu, x, e, y, ier)
  end subroutine scijit_fitpack_spleval

  ! splint: the integral of s over [a, b]; wrk(n-k-1).  NaN if the knots
  ! are too few for k.
  function scijit_fitpack_splint(t, n, c, k, a, b, wrk) result(res) &
      bind(C, name='scijit_fitpack_splint')
    integer(c_int), value :: n, k
    real(c_double), value :: a, b
    real(c_double), intent(in) :: t(*), c(*)
    real(c_double), intent(inout) :: wrk(*)
    real(c_double) :: res
    if (bad_knots(n, k)) then
      res = 0.0_dp
      res = res / res
      return
    end if
    res = splint(t, n, c, k, a, b, wrk)
  end function scijit_fitpack_splint

  ! sproot: the zeros zero(1:m), m <= mest, of a cubic spline (n >= 8).
  subroutine scijit_fitpack_sproot(t, n, c, zero, mest, m, ier) &
      bind(C, name='scijit_fitpack_sproot')
    integer(c_int), value :: n, mest
    real(c_double), intent(in) :: t(*), c(*)
    real(c_double), intent(inout) :: zero(*)
    integer(c_int), intent(out) :: m, ier
    m = 0
    ier = 10
    if (n < 8 .or. mest < 0) return
    call sproot(t, n, c, zero, mest, m, ier)
  end subroutine scijit_fitpack_sproot

  ! spalde: d(j) = s^(j-1)(x), j = 1..k1, k1 = k+1.
  subroutine scijit_fitpack_spalde(t, n, c, k1, x, d, ier) &
      bind(C, name='scijit_fitpack_spalde')
    integer(c_int), value :: n, k1
    real(c_double), value :: x
    real(c_double), intent(in) :: t(*), c(*)
    real(c_double), intent(inout) :: d(*)
    integer(c_int), intent(out) :: ier
    ier = 10
    if (bad_knots(n, k1 - 1)) return
    call spalde(t, n, c, k1, x, d, ier)
  end subroutine scijit_fitpack_spalde

  ! insert: insert the knot x once (iopt /= 0: periodic spline); tt(nest),
  ! cc(nest) receive nn = n+1 knots and their coefficients; nest > n.
  subroutine scijit_fitpack_insert(iopt, t, n, c, k, x, tt, nn, cc, nest, ier) &
      bind(C, name='scijit_fitpack_insert')
    integer(c_int), value :: iopt, n, k, nest
    real(c_double), value :: x
    real(c_double), intent(in) :: t(*), c(*)
    real(c_double), intent(inout) :: tt(*), cc(*)
    integer(c_int), intent(out) :: nn, ier
    nn = n
    ier = 10
    if (bad_knots(n, k) .or. nest <= n) return
    call insert(iopt, t, n, c, k, x, tt, nn, cc, nest, ier)
  end subroutine scijit_fitpack_insert

  ! curfit: smoothing (iopt = 0, 1) or least-squares (iopt = -1, n knots
  ! given in t) spline of degree k through x(m), y(m) with weights w(m);
  ! t(nest), c(nest), wrk(lwrk >= m*(k+1)+nest*(7+3k)), iwrk(nest).
  subroutine scijit_fitpack_curfit(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, fp, &
      wrk, lwrk, iwrk, ier) bind(C, name='scijit_fitpack_curfit')
    integer(c_int), value :: iopt, m, k, nest, lwrk
    real(c_double), value :: xb, xe, s
    real(c_double), intent(in) :: x(*), y(*), w(*)
    integer(c_int), intent(inout) :: n
    real(c_double), intent(inout) :: t(*), c(*), wrk(*)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(inout) :: iwrk(*)
    integer(c_int), intent(out) :: ier
    fp = 0.0_dp
    ier = 10
    if (m < 1 .or. nest < 1 .or. lwrk < 1) return
    call curfit(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  end subroutine scijit_fitpack_curfit

  ! percur: periodic smoothing spline (period x(m)-x(1)), arguments as
  ! curfit; wrk(lwrk >= m*(k+1)+nest*(8+5k)).
  subroutine scijit_fitpack_percur(iopt, m, x, y, w, k, s, nest, n, t, c, fp, &
      wrk, lwrk, iwrk, ier) bind(C, name='scijit_fitpack_percur')
    integer(c_int), value :: iopt, m, k, nest, lwrk
    real(c_double), value :: s
    real(c_double), intent(in) :: x(*), y(*), w(*)
    integer(c_int), intent(inout) :: n
    real(c_double), intent(inout) :: t(*), c(*), wrk(*)
    real(c_double), intent(out) :: fp
    integer(c_int), intent(inout) :: iwrk(*)
    integer(c_int), intent(out) :: ier
    fp = 0.0_dp
    ier = 10
    if (m < 1 .or. nest < 1 .or. lwrk < 1) return
    call percur(iopt, m, x, y, w, k, s, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  end subroutine scijit_fitpack_percur

end module fitpack_capi
