"""Regenerate test_fitpack_1d.f90 (the program and its reference values) with scipy.

    python vendor/fitpack/tests/make_test_fitpack_1d.py

The oracle is scipy's FITPACK (splrep, splev, splint, sproot, spalde, insert)
on x(i) = (i-1)/2, i = 1..21, y = sin(x) + cos(3x)/10.
"""
import pathlib

import numpy as np
import scipy
import scipy.interpolate as si

HERE = pathlib.Path(__file__).resolve().parent
x = np.arange(21) * 0.5
y = np.sin(x) + 0.1 * np.cos(3 * x)
yp = y.copy(); yp[-1] = yp[0]
def arr(v):
    items = ["%.17e_dp" % a for a in v]
    rows = [", ".join(items[i:i + 3]) for i in range(0, len(items), 3)]
    return "[ &\n      " + ", &\n      ".join(rows) + "]"
cases = []
(t0, c0, _), fp0, ier0, _ = si.splrep(x, y, k=3, s=0, full_output=1)
(t1, c1, _), fp1, ier1, _ = si.splrep(x, y, k=3, s=0.05, full_output=1)
(t2, c2, _), fp2, ier2, _ = si.splrep(x, y, k=5, s=0.05, full_output=1)
(t3, c3, _), fp3, ier3, _ = si.splrep(x, yp, k=3, s=0.1, per=1, full_output=1)
tl = [2.0, 4.5, 7.0]
# curfit with iopt = 1, continued from the state of a fit (fpint = wrk(1:nest),
# nrdata = iwrk, n): scipy's f2py curfit does not pass n in, so the oracle is
# its fpcurf1 (UnivariateSpline's) given that state.  (No such oracle for
# percur: its continuation is checked against s only.)
from scipy.interpolate import _dfitpack
def continued(s0, s1):
    nest = 40
    t = np.zeros(nest); wrk = np.zeros(21 * 6 + nest * 40); iwrk = np.zeros(nest, dtype=np.int32)
    w = np.ones(21)
    n, c0, fp, ier = _dfitpack.curfit(0, x, y, w, t, wrk, iwrk, k=3, s=s0)
    c = np.zeros(nest); c[:n - 4] = c0[:n - 4]
    r = _dfitpack.fpcurf1(x, y, w, x[0], x[-1], 3, s1, n, t, c, fp, wrk[:nest].copy(),
                          iwrk.copy(), 0)
    n, t, c, fp, ier = r[7], r[8], r[9], r[10], r[13]
    return t[:n].copy(), c[:n - 4].copy(), fp, ier
t5, c5, fp5, ier5 = continued(0.05, 0.01)
(t4, c4, _), fp4, ier4, _ = si.splrep(x, y, k=3, t=tl, full_output=1)
xe = np.array([-0.5, 0.3, 4.1, 9.99, 10.5])
ev = {e: si.splev(xe, (t1, c1, 3), ext=e) if e != 2 else None for e in (0, 1, 3)}
d1 = si.splev(xe, (t1, c1, 3), der=1); d3 = si.splev(xe, (t1, c1, 3), der=3)
integ = si.splint(1.2, 8.7, (t1, c1, 3)); integ2 = si.splint(12.0, -3.0, (t1, c1, 3))
roots = si.sproot((t1, c1 - 0.2, 3))
al = si.spalde(4.1, (t1, c1, 3))
ti, ci, _ = si.insert(4.1, (t1, c1, 3))
nk = len(t1) - 4
src = f"""! Unit tests of the scijit FITPACK library (1-D routines) through its C
! entry points.
!
! Data: x(i) = (i-1)/2, i = 1..21, y = sin(x) + cos(3x)/10 (y(21) = y(1)
! for percur).  Reference values were computed with scipy {scipy.__version__}
! (splrep, splev, splint, sproot, spalde, insert on the same data); knot
! counts and ier must agree exactly, reals to 1e-10 relative.
program test_fitpack_1d
  use, intrinsic :: iso_c_binding, only: c_double, c_int
  use, intrinsic :: iso_fortran_env, only: int64
  use, intrinsic :: ieee_arithmetic, only: ieee_is_nan
  use fitpack_capi
  use scijit_kinds, only: scijit_size_error
  implicit none
  integer, parameter :: dp = c_double
  integer, parameter :: m = 21, nest = 40, lwrk = m * 6 + nest * 40
  real(dp) :: x(m), y(m), yp(m), w(m), t(nest), c(nest), wrk(lwrk), fp
  real(dp) :: xe(5), ye(5), tt(nest), cc(nest), zero(10), d(4)
  integer(c_int) :: iwrk(nest), n, ier, i, nroot, nn
  integer :: nfail = 0, ntest = 0

  do i = 1, m
    x(i) = real(i - 1, dp) * 0.5_dp
    y(i) = sin(x(i)) + 0.1_dp * cos(3.0_dp * x(i))
  end do
  yp = y
  yp(m) = yp(1)
  w = 1.0_dp
  xe = {arr(xe)}

  ! interpolating cubic
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit s=0 n', n, {len(t0)})
  call check_int('curfit s=0 ier', ier, {ier0})
  call check('curfit s=0 t', t(1:{len(t0)}), {arr(t0)})
  call check('curfit s=0 c', c(1:{len(t0)-4}), {arr(c0[:len(t0)-4])})

  ! smoothing cubic and quintic: knots placed as scipy's
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 5, 0.05_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit k=5 n', n, {len(t2)})
  call check_int('curfit k=5 ier', ier, {ier2})
  call check('curfit k=5 t', t(1:{len(t2)}), {arr(t2)})
  call check('curfit k=5 c', c(1:{len(t2)-6}), {arr(c2[:len(t2)-6])})
  call check('curfit k=5 fp', [fp], [{fp2:.17e}_dp])
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.05_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit k=3 n', n, {len(t1)})
  call check_int('curfit k=3 ier', ier, {ier1})
  call check('curfit k=3 t', t(1:{len(t1)}), {arr(t1)})
  call check('curfit k=3 c', c(1:{nk}), {arr(c1[:nk])})
  call check('curfit k=3 fp', [fp], [{fp1:.17e}_dp])

  ! evaluation with each extrapolation mode, derivatives, integrals
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 0, ier)
  call check('splev ext=0', ye, {arr(ev[0])})
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 1, ier)
  call check('splev ext=1', ye, {arr(ev[1])})
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 3, ier)
  call check('splev ext=3', ye, {arr(ev[3])})
  call scijit_fitpack_splev(t, n, c, 3, xe, ye, 5, 2, ier)
  call check_int('splev ext=2 ier', ier, 1)
  call scijit_fitpack_splder(t, n, c, 3, 1, xe, ye, 5, 0, wrk, ier)
  call check('splder nu=1', ye, {arr(d1)})
  call scijit_fitpack_splder(t, n, c, 3, 3, xe, ye, 5, 0, wrk, ier)
  call check('splder nu=3', ye, {arr(d3)})
  do i = 1, 5
    call scijit_fitpack_spleval(t, n, c, 3, 0, xe(i), 3, ye(i), ier)
  end do
  call check('spleval nu=0 ext=3', ye, {arr(ev[3])})
  do i = 1, 5
    call scijit_fitpack_spleval(t, n, c, 3, 1, xe(i), 0, ye(i), ier)
  end do
  call check('spleval nu=1', ye, {arr(d1)})
  do i = 1, 5
    call scijit_fitpack_spleval(t, n, c, 3, 3, xe(i), 0, ye(i), ier)
  end do
  call check('spleval nu=3', ye, {arr(d3)})
  call scijit_fitpack_spleval(t, n, c, 3, 0, 11.0_dp, 2, ye(1), ier)
  call check_int('spleval ext=2 ier', ier, 1)
  call check('splint', [scijit_fitpack_splint(t, n, c, 3, 1.2_dp, 8.7_dp, wrk, n - 4, ier)], &
             [{integ:.17e}_dp])
  call check_int('splint ier', ier, 0)
  call check('splint reversed', [scijit_fitpack_splint(t, n, c, 3, 12.0_dp, -3.0_dp, wrk, lwrk, &
             ier)], [{integ2:.17e}_dp])
  call check_nan('splint short wrk', scijit_fitpack_splint(t, n, c, 3, 1.2_dp, 8.7_dp, wrk, &
                 n - 5, ier))
  call check_int('splint short wrk ier', ier, scijit_size_error)
  call check_nan('splint few knots', scijit_fitpack_splint(t, 7, c, 3, 1.2_dp, 8.7_dp, wrk, &
                 lwrk, ier))
  call check_int('splint few knots ier', ier, 10)
  call scijit_fitpack_spalde(t, n, c, 4, 4.1_dp, d, ier)
  call check('spalde', d, {arr(al)})
  call scijit_fitpack_spalde(t, n, c, 4, 11.0_dp, d, ier)
  call check_int('spalde outside ier', ier, 10)

  ! roots of s - 0.2
  cc(1:{nk}) = c(1:{nk}) - 0.2_dp
  call scijit_fitpack_sproot(t, n, cc, zero, 10, nroot, ier)
  call check_int('sproot m', nroot, {len(roots)})
  call check('sproot', zero(1:{len(roots)}), {arr(roots)})
  call scijit_fitpack_sproot(t, n, cc, zero, 1, nroot, ier)
  call check_int('sproot mest ier', ier, {1 if len(roots) > 1 else 0})

  ! knot insertion
  call scijit_fitpack_insert(0, t, n, c, 3, 4.1_dp, tt, nn, cc, nest, ier)
  call check_int('insert nn', nn, {len(ti)})
  call check('insert t', tt(1:nn), {arr(ti)})
  call check('insert c', cc(1:nn - 4), {arr(ci[:len(ti)-4])})
  call scijit_fitpack_insert(0, t, n, c, 3, 11.0_dp, tt, nn, cc, nest, ier)
  call check_int('insert outside ier', ier, 10)
  call scijit_fitpack_insert(0, t, n, c, 3, 4.1_dp, tt, nn, cc, n, ier)
  call check_int('insert nest = n ier', ier, scijit_size_error)

  ! least squares on given interior knots
  n = {len(t4)}
  t(5:7) = [2.0_dp, 4.5_dp, 7.0_dp]
  call scijit_fitpack_curfit(-1, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit lsq ier', ier, {ier4})
  call check('curfit lsq c', c(1:{len(t4)-4}), {arr(c4[:len(t4)-4])})
  call check('curfit lsq fp', [fp], [{fp4:.17e}_dp])

  ! periodic smoothing
  call scijit_fitpack_percur(0, m, x, yp, w, 3, 0.1_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur n', n, {len(t3)})
  call check_int('percur ier', ier, {ier3})
  call check('percur t', t(1:{len(t3)}), {arr(t3)})
  call check('percur c', c(1:{len(t3)-4}), {arr(c3[:len(t3)-4])})

  ! continued (iopt = 1) from the state percur left in wrk and iwrk
  call scijit_fitpack_percur(1, m, x, yp, w, 3, 0.05_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur iopt=1 ier', ier, 0)
  call check('percur iopt=1 fp', [(fp - 0.05_dp) / 0.05_dp], [0.0_dp], 1.0e-3_dp)
  ! a state that cannot be continued is refused: data counts that do not
  ! add up, more knots than m+2k
  iwrk(1) = iwrk(1) + 5
  call scijit_fitpack_percur(1, m, x, yp, w, 3, 0.01_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur damaged counts ier', ier, 10)
  iwrk(1) = iwrk(1) - 5
  n = m + 7
  call scijit_fitpack_percur(1, m, x, yp, w, 3, 0.01_dp, nest, n, t, c, fp, wrk, lwrk, iwrk, ier)
  call check_int('percur n > nmax ier', ier, 10)

  ! curfit continued (iopt = 1) from the state of a smoothing fit
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.05_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call scijit_fitpack_curfit(1, m, x, y, w, x(1), x(m), 3, 0.01_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit iopt=1 n', n, {len(t5)})
  call check_int('curfit iopt=1 ier', ier, {ier5})
  call check('curfit iopt=1 t', t(1:{len(t5)}), {arr(t5)})
  call check('curfit iopt=1 c', c(1:{len(t5)-4}), {arr(c5)})
  call check('curfit iopt=1 fp', [fp], [{fp5:.17e}_dp])
  iwrk(2) = iwrk(2) + 5
  call scijit_fitpack_curfit(1, m, x, y, w, x(1), x(m), 3, 0.001_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit damaged counts ier', ier, 10)
  iwrk(2) = iwrk(2) - 5
  n = m + 5
  call scijit_fitpack_curfit(1, m, x, y, w, x(1), x(m), 3, 0.001_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit n > nmax ier', ier, 10)

  ! invalid input
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 6, 0.0_dp, nest, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit k=6 ier', ier, 10)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, 10, iwrk, ier)
  call check_int('curfit small lwrk ier', ier, scijit_size_error)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, nest, n, t, c, fp, &
                             wrk, m * 4 + nest * 16 - 1, iwrk, ier)
  call check_int('curfit lwrk one short ier', ier, scijit_size_error)
  call scijit_fitpack_percur(0, m, x, yp, w, 3, 0.1_dp, nest, n, t, c, fp, wrk, &
                             m * 4 + nest * 23 - 1, iwrk, ier)
  call check_int('percur lwrk one short ier', ier, scijit_size_error)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 0.0_dp, 20, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit small nest ier', ier, 10)
  call scijit_fitpack_curfit(0, m, x, y, w, x(1), x(m), 3, 1.0e-9_dp, 12, n, t, c, fp, &
                             wrk, lwrk, iwrk, ier)
  call check_int('curfit nest reached ier', ier, 1)

  ! the workspace lengths (size functions), out-of-range degrees counted as 1..5
  call check_int('curfit_lwrk', int(scijit_fitpack_curfit_lwrk(m, 3, nest), c_int), m * 4 + nest * 16)
  call check_int('curfit_lwrk k=9', int(scijit_fitpack_curfit_lwrk(m, 9, nest), c_int), &
                 m * 6 + nest * 22)
  call check_int('percur_lwrk', int(scijit_fitpack_percur_lwrk(m, 3, nest), c_int), m * 4 + nest * 23)
  call check_int('percur_lwrk m<0', int(scijit_fitpack_percur_lwrk(-m, 0, nest), c_int), nest * 13)
  if (scijit_fitpack_curfit_lwrk(huge(m), 5, huge(m)) /= 28 * int(huge(m), int64)) then
    nfail = nfail + 1
    print '(a)', 'FAIL curfit_lwrk in 64-bit'
  end if
  ntest = ntest + 1

  print '(i0, a, i0, a)', ntest, ' checks, ', nfail, ' failed'
  if (nfail /= 0) error stop 1

contains

  subroutine check(name, got, want, tol)
    character(*), intent(in) :: name
    real(dp), intent(in) :: got(:), want(:)
    real(dp), intent(in), optional :: tol
    real(dp) :: rtol
    rtol = 1.0e-10_dp
    if (present(tol)) rtol = tol
    ntest = ntest + 1
    if (size(got) /= size(want)) then
      nfail = nfail + 1
      print '(a, a)', 'FAIL size ', name
    else if (any(abs(got - want) > rtol * max(1.0_dp, maxval(abs(want))))) then
      nfail = nfail + 1
      print '(a, a, es12.4)', 'FAIL ', name, maxval(abs(got - want))
    end if
  end subroutine check

  subroutine check_nan(name, got)
    character(*), intent(in) :: name
    real(dp), intent(in) :: got
    ntest = ntest + 1
    if (.not. ieee_is_nan(got)) then
      nfail = nfail + 1
      print '(a, a, es12.4)', 'FAIL not NaN ', name, got
    end if
  end subroutine check_nan

  subroutine check_int(name, got, want)
    character(*), intent(in) :: name
    integer(c_int), intent(in) :: got
    integer, intent(in) :: want
    ntest = ntest + 1
    if (got /= want) then
      nfail = nfail + 1
      print '(a, a, 2i6)', 'FAIL ', name, got, want
    end if
  end subroutine check_int

end program test_fitpack_1d
"""
(HERE / 'test_fitpack_1d.f90').write_text(src)
