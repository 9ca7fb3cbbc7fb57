"""solve_ivp (RK23, RK45, DOP853) against scipy 1.17, from Python and inside @njit.

scipy's sums go through BLAS (``np.dot``), whose kernels fuse multiply-adds in
their own order; scijit sums in stage order.  The steps therefore agree to
about 1e-12 relative rather than bit for bit (the error estimate is a
difference of nearly equal numbers, so its last bits move the step size),
and the tests compare ``t`` and ``y`` within 1e-8 relative to the solution's
scale while ``nfev``, the number of steps, ``status`` and ``message`` must be
equal.  The two entries call one compiled solver, so they are compared for
exact equality.

Compilation is the cost here (seconds per user function and method): the
callers are shared, and each test reuses the argument types of the others
where it can.
"""
import warnings

import numpy as np
import pytest
import scipy.integrate
from numba import njit, prange
from numba.core.errors import NumbaPerformanceWarning, TypingError

from scijit.integrate import solve_ivp
from scijit.integrate._rk_tableaux import TABLEAUX

from checks import assert_close, assert_raises_without_leak, run_cached_twice, sweep_params

METHODS = ("RK23", "RK45", "DOP853")
LV_ARGS = (1.5, 1.0, 3.0, 1.0)
LV_Y0 = np.array([10.0, 5.0])
TOL = dict(rtol=1e-6, atol=1e-8)


@njit
def lotka_volterra(t, z, a, b, c, d):
    x, y = z
    return np.array([a * x - b * x * y, -c * y + d * x * y])


@njit
def forced(t, y, w):
    """A forced, damped oscillator (complex-safe: used with complex y0 too)."""
    return np.array([y[1], -0.3 * y[1] - 4.0 * y[0] + np.cos(w * t)])


@njit
def raising(t, y, when):
    if t > when:
        raise ZeroDivisionError("rhs failed at t")
    return -y


@njit
def wrong_length(t, y):
    return np.zeros(3)


@njit
def blows_up(t, y):
    return np.array([y[0] * y[0]])


def _same_as_scipy(got, want, scale_rtol=1e-8):
    assert got.status == want.status
    assert got.message == want.message
    assert got.success == want.success
    assert got.nfev == want.nfev and got.njev == want.njev == 0 and got.nlu == want.nlu == 0
    assert got.t.shape == want.t.shape
    assert_close(got.t, want.t, scale_rtol)
    assert got.y.shape == want.y.shape
    assert_close(got.y.real, want.y.real, scale_rtol)
    assert_close(got.y.imag, want.y.imag, scale_rtol)
    assert got.sol is None and got.t_events is None and got.y_events is None
    assert want.sol is None


def test_tableaux_are_scipys_bit_for_bit():
    for name, tab in TABLEAUX.items():
        cls = getattr(scipy.integrate, name)
        assert (tab.order, tab.error_order, tab.n_stages) == (
            cls.order, cls.error_estimator_order, cls.n_stages)
        fields = [f for f in ("A", "B", "C", "E", "P", "E3", "E5", "A_EXTRA", "C_EXTRA", "D")
                  if isinstance(getattr(cls, f, None), np.ndarray)]
        assert len(fields) >= 5
        for field in fields:
            mine, theirs = getattr(tab, field), np.asarray(getattr(cls, field), dtype=float)
            assert mine.shape == theirs.shape, (name, field)
            assert np.array_equal(mine.view(np.int64), theirs.view(np.int64)), (name, field)


@pytest.mark.parametrize("method", METHODS)
def test_lotka_volterra_matches_scipy_from_python(method):
    got = solve_ivp(lotka_volterra, (0, 15), [10.0, 5.0], method=method, args=LV_ARGS, **TOL)
    want = scipy.integrate.solve_ivp(lotka_volterra.py_func, (0, 15), [10.0, 5.0],
                                     method=method, args=LV_ARGS, **TOL)
    assert type(got) is type(want)
    _same_as_scipy(got, want)
    assert got.t.size > 50


# (RK23 here and in the events test: `.ci/sweep`; CI runs it in the test above)
@pytest.mark.parametrize("method", sweep_params(METHODS, ("RK45", "DOP853")))
def test_t_eval_forward_and_backward_match_scipy(method):
    t_eval = np.linspace(0.0, 15.0, 100)
    for span, points in (((0.0, 15.0), t_eval), ((15.0, 0.0), t_eval[::-1])):
        got = solve_ivp(lotka_volterra, span, LV_Y0, method=method, t_eval=points,
                        args=LV_ARGS, **TOL)
        want = scipy.integrate.solve_ivp(lotka_volterra.py_func, span, LV_Y0, method=method,
                                         t_eval=points, args=LV_ARGS, **TOL)
        # DOP853's dense output costs 3 evaluations per step with points in it
        _same_as_scipy(got, want)
        assert np.array_equal(got.t, want.t)
    # no point reached: scipy's empty lists
    got = solve_ivp(lotka_volterra, (0.0, 15.0), LV_Y0, method=method, t_eval=np.array([]),
                    args=LV_ARGS, **TOL)
    assert got.t == [] and got.y == []


@njit
def _lv_inside(method_index, y0, rtol):
    # one caller for the three methods (constant strings chosen by branch)
    if method_index == 0:
        r = solve_ivp(lotka_volterra, (0.0, 15.0), y0, method="RK23", args=LV_ARGS, rtol=rtol,
                      atol=1e-8)
    elif method_index == 1:
        r = solve_ivp(lotka_volterra, (0.0, 15.0), y0, args=LV_ARGS, rtol=rtol, atol=1e-8)
    else:
        r = solve_ivp(lotka_volterra, (0.0, 15.0), y0, method="DOP853", args=LV_ARGS,
                      rtol=rtol, atol=1e-8)
    return r.t, r.y, r.nfev, r.status, r["message"], r.success


def test_inside_njit_equals_python_entry():
    for k, method in enumerate(METHODS):
        t, y, nfev, status, message, success = _lv_inside(k, LV_Y0, 1e-6)
        py = solve_ivp(lotka_volterra, (0.0, 15.0), LV_Y0, method=method, args=LV_ARGS, **TOL)
        assert np.array_equal(t, py.t) and np.array_equal(y, py.y)
        assert (nfev, status, message, success) == (py.nfev, py.status, py.message, py.success)


@njit
def _forced_scipy_name(y0, t_eval):
    # scipy's own name compiles inside @njit (the numba_extensions entry point)
    return scipy.integrate.solve_ivp(forced, (0.0, 5.0), y0, method="RK45", t_eval=t_eval,
                                     args=(2.0,), rtol=1e-7, atol=1e-9, max_step=0.5,
                                     first_step=0.01)


def test_options_scipy_name_and_complex_y0():
    t_eval = np.linspace(0.0, 5.0, 11)
    kw = dict(method="RK45", t_eval=t_eval, args=(2.0,), rtol=1e-7, atol=1e-9, max_step=0.5,
              first_step=0.01)
    for y0 in (np.array([1.0, 0.0]), np.array([1.0 + 1.0j, 0.5j])):
        got = _forced_scipy_name(y0, t_eval)
        want = scipy.integrate.solve_ivp(forced.py_func, (0.0, 5.0), y0, **kw)
        _same_as_scipy(got, want)
        assert got.y.dtype == want.y.dtype
        py = solve_ivp(forced, (0.0, 5.0), y0, **kw)
        assert np.array_equal(py.y, got.y) and py.nfev == got.nfev


@njit
def _decay_columns(t, y):
    return -0.5 * y          # y is (n, 1) with vectorized=True


def test_vectorized_tolerance_arrays_and_zero_span():
    y0 = np.array([2.0, 4.0, 8.0])
    atol = np.array([1e-6, 1e-8, 1e-10])
    for vectorized in (False, True):
        got = solve_ivp(_decay_columns, (0.0, 10.0), y0, method="DOP853", vectorized=vectorized,
                        atol=atol)
        want = scipy.integrate.solve_ivp(_decay_columns.py_func, (0.0, 10.0), y0,
                                         method="DOP853", vectorized=vectorized, atol=atol)
        _same_as_scipy(got, want)
    # rtol one per component (scipy's np.maximum reads it so), the smallest raised to 100 eps
    rtol = np.array([1e-3, 1e-6, 1e-20])
    with pytest.warns(UserWarning, match="too small"):
        got = solve_ivp(_decay_columns, (0.0, 10.0), y0, method="DOP853", rtol=rtol, atol=atol)
    with pytest.warns(UserWarning, match="too small"):
        want = scipy.integrate.solve_ivp(_decay_columns.py_func, (0.0, 10.0), y0,
                                         method="DOP853", rtol=rtol, atol=atol)
    assert got.nfev == want.nfev
    _same_as_scipy(got, want)
    # t0 == tf: scipy's two equal points, one evaluation
    got = solve_ivp(_decay_columns, (1.0, 1.0), y0, method="DOP853", atol=atol)
    want = scipy.integrate.solve_ivp(_decay_columns.py_func, (1.0, 1.0), y0, method="DOP853",
                                     atol=atol)
    _same_as_scipy(got, want)


@njit
def kepler(t, y, mu):
    """A Kepler orbit: position (y0, y1), velocity (y2, y3)."""
    r3 = (y[0] * y[0] + y[1] * y[1]) ** 1.5
    return np.array([y[2], y[3], -mu * y[0] / r3, -mu * y[1] / r3])


@njit
def linear_system(t, y, M):
    return M @ y


# sweep: two more compiled solvers each; CI checks the same code on the problems above
@pytest.mark.sweep
@pytest.mark.parametrize("method", METHODS)
def test_kepler_orbit_and_20_dimensional_system_match_scipy(method):
    # an eccentric orbit (e = 0.5) over one period: back where it started (exact solution)
    e = 0.5
    y0 = np.array([1.0 - e, 0.0, 0.0, np.sqrt((1.0 + e) / (1.0 - e))])
    kw = dict(method=method, args=(1.0,), rtol=1e-10, atol=1e-12)
    got = solve_ivp(kepler, (0.0, 2 * np.pi), y0, **kw)
    want = scipy.integrate.solve_ivp(kepler.py_func, (0.0, 2 * np.pi), y0, **kw)
    _same_as_scipy(got, want, 1e-7)
    assert np.abs(got.y[:, -1] - y0).max() < 1e-6
    # a stable 20-dimensional linear system, forward and backward
    rng = np.random.default_rng(7)
    M = rng.standard_normal((20, 20)) / 5.0 - 2.0 * np.eye(20)
    y0 = rng.standard_normal(20)
    for span in ((0.0, 3.0), (3.0, 0.0)):
        got = solve_ivp(linear_system, span, y0, method=method, args=(M,), rtol=1e-8,
                        atol=1e-10)
        want = scipy.integrate.solve_ivp(linear_system.py_func, span, y0, method=method,
                                         args=(M,), rtol=1e-8, atol=1e-10)
        _same_as_scipy(got, want, 1e-7)


def test_step_too_small_is_scipys_failure():
    # y' = y^2 blows up at t = 1: the step shrinks below the spacing of numbers
    got = solve_ivp(blows_up, (0.0, 2.0), [1.0], method="RK45")
    want = scipy.integrate.solve_ivp(blows_up.py_func, (0.0, 2.0), [1.0], method="RK45")
    assert got.status == want.status == -1 and not got.success
    assert got.message == want.message
    assert got.nfev == want.nfev and got.t.size == want.t.size


def test_errors_as_scipy_from_python():
    def both(match, exc=ValueError, **kw):
        args = dict(fun=lotka_volterra, t_span=(0.0, 15.0), y0=LV_Y0, args=LV_ARGS)
        args.update(kw)
        with pytest.raises(exc, match=match):
            scipy.integrate.solve_ivp(**{**args, "fun": lotka_volterra.py_func})
        with pytest.raises(exc, match=match):
            solve_ivp(**args)
    both("`method` must be one of", method="RK99")
    both("not within `t_span`", t_eval=np.array([0.0, 16.0]))
    both("not properly sorted", t_eval=np.array([0.0, 2.0, 1.0]))
    both("not properly sorted", t_span=(15.0, 0.0), t_eval=np.array([0.0, 2.0]))
    both("`t_eval` must be 1-dimensional", t_eval=np.zeros((2, 2)))
    both("`y0` must be 1-dimensional", y0=np.ones((2, 1)))
    both("must be finite", y0=np.array([np.nan, 1.0]))
    both("`max_step` must be positive", max_step=0.0)
    both("`atol` has wrong shape", atol=np.ones(3))
    both("`atol` must be positive", atol=-1.0)
    both("`first_step` must be positive", first_step=-1.0)
    both("`first_step` exceeds bounds", first_step=100.0)
    both("cannot be unpacked", exc=TypeError, args=1.5)
    with pytest.raises(ValueError, match="shape"):
        solve_ivp(wrong_length, (0.0, 1.0), LV_Y0)
    # an rtol of another length: numpy's broadcasting error in scipy, a clear one here
    with pytest.raises(ValueError):
        scipy.integrate.solve_ivp(lotka_volterra.py_func, (0.0, 1.0), LV_Y0, args=LV_ARGS,
                                  rtol=np.full(3, 1e-6))
    with pytest.raises(ValueError, match="`rtol` has wrong shape"):
        solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, args=LV_ARGS, rtol=np.full(3, 1e-6))
    with pytest.raises(TypeError, match="'rtol' must be a real number or a 1-D array"):
        solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, args=LV_ARGS, rtol=np.full((2, 1), 1e-6))
    with pytest.raises(ZeroDivisionError, match="rhs failed"):
        solve_ivp(raising, (0.0, 1.0), LV_Y0, args=(0.5,))
    for kw in ({"method": "Radau"}, {"method": scipy.integrate.LSODA}):
        with pytest.raises(NotImplementedError, match="not implemented yet"):
            solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, args=LV_ARGS, **kw)


def test_warnings_as_scipy_from_python():
    with pytest.warns(UserWarning, match="too small"):
        r = solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, args=LV_ARGS, rtol=1e-20, atol=1e-8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        s = scipy.integrate.solve_ivp(lotka_volterra.py_func, (0.0, 1.0), LV_Y0, args=LV_ARGS,
                                      rtol=1e-20, atol=1e-8)
    _same_as_scipy(r, s)
    with pytest.warns(UserWarning, match="have no effect.*`jac`"):
        solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, args=LV_ARGS, jac=None, **TOL)


@njit
def _bad_inside(k):
    if k == 0:
        return solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, method="RK99", args=LV_ARGS).nfev
    if k == 1:
        return solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, args=LV_ARGS, max_step=-1.0).nfev
    return solve_ivp(raising, (0.0, 1.0), LV_Y0, args=(0.5,)).nfev


def test_errors_inside_njit():
    with pytest.raises(ValueError, match="`method` must be one of"):
        _bad_inside(0)
    with pytest.raises(ValueError, match="`max_step` must be positive"):
        _bad_inside(1)
    with pytest.raises(ZeroDivisionError, match="rhs failed"):
        _bad_inside(2)

    @njit
    def not_constant(method):
        return solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, method=method, args=LV_ARGS).nfev
    with pytest.raises(TypingError, match="'method' must be a constant string"):
        not_constant("RK45")

    @njit
    def dense(flag):
        return solve_ivp(lotka_volterra, (0.0, 1.0), LV_Y0, args=LV_ARGS, dense_output=flag)
    with pytest.raises(TypingError, match="'dense_output' must be a compile-time constant"):
        dense(True)


# ---------------------------------------------------------------- events
@njit
def ball(t, y, g):
    # with drag: a free fall's error estimates are rounding noise (the motion is a
    # polynomial the methods integrate exactly), so its steps follow the last bits
    return np.array([y[1], -g - 0.05 * y[1] * abs(y[1])])


@njit
def ground(t, y, g):
    return y[0]


ground.terminal = True
ground.direction = -1


@njit
def apex(t, y, g):
    return y[1]


def _python_copy(event, **attributes):
    """The same event as a plain Python function (scipy's side)."""
    def event_py(t, y, *args):
        return event.py_func(t, y, *args)
    for name, value in attributes.items():
        setattr(event_py, name, value)
    return event_py


def _same_events(got, want):
    assert len(got.t_events) == len(want.t_events) and len(got.y_events) == len(want.y_events)
    for a, b in zip(got.t_events, want.t_events):
        assert a.shape == b.shape
        assert_close(a, b, 1e-9)
    for a, b in zip(got.y_events, want.y_events):
        assert a.shape == b.shape
        assert_close(a, b, 1e-9)


@pytest.mark.parametrize("method", sweep_params(METHODS, ("RK45", "DOP853")))
def test_two_events_terminal_and_direction_match_scipy(method):
    kw = dict(method=method, args=(9.81,), rtol=1e-8, atol=1e-10)
    got = solve_ivp(ball, (0.0, 10.0), [0.0, 10.0], events=(ground, apex), **kw)
    want = scipy.integrate.solve_ivp(
        ball.py_func, (0.0, 10.0), [0.0, 10.0],
        events=(_python_copy(ground, terminal=True, direction=-1), _python_copy(apex)), **kw)
    assert got.status == want.status == 1 and got.message == want.message
    _same_events(got, want)
    _same_as_scipy_but_events(got, want)
    assert 1.0 < got.t_events[0][0] < 2 * 10.0 / 9.81


#: a coarser scale for the ball than for the problems above: in its first steps the
#: error estimate is rounding noise, and BLAS's order of summation (its kernel is chosen
#: per CPU) moves the steps by ~1e-8 at first; on an AMD EPYC its steps end 2.4e-6 and
#: its states 4.3e-6 from scipy's (its events within 1e-13)
BALL_RTOL = 2e-5


def _same_as_scipy_but_events(got, want):
    got_copy = type(got)(dict(got, t_events=None, y_events=None))
    _same_as_scipy(got_copy, type(want)(dict(want, t_events=None, y_events=None)), BALL_RTOL)


@njit
def oscillator(t, y):
    return np.array([y[1], -y[0]])


@njit
def crossing(t, y):
    return y[0]


crossing.terminal = 3


def test_terminal_count_with_t_eval_backward_matches_scipy():
    # scipy 1.13+: terminate at the 3rd occurrence; backward, with t_eval points
    t_eval = np.linspace(20.0, 0.0, 41)
    got = solve_ivp(oscillator, (20.0, 0.0), [1.0, 0.0], events=crossing, t_eval=t_eval)
    want = scipy.integrate.solve_ivp(oscillator.py_func, (20.0, 0.0), [1.0, 0.0], t_eval=t_eval,
                                     events=_python_copy(crossing, terminal=3))
    assert got.status == want.status == 1
    _same_events(got, want)
    assert got.t_events[0].size == 3
    _same_as_scipy_but_events(got, want)


@njit
def _ball_inside(g):
    r = solve_ivp(ball, (0.0, 10.0), np.array([0.0, 10.0]), events=(ground, apex), args=(g,),
                  rtol=1e-8, atol=1e-10)
    return r.t, r.y, r.t_events, r.y_events, r.status, r.nfev


def test_events_inside_njit_equal_python_entry():
    t, y, t_events, y_events, status, nfev = _ball_inside(9.81)
    py = solve_ivp(ball, (0.0, 10.0), [0.0, 10.0], events=(ground, apex), args=(9.81,),
                   rtol=1e-8, atol=1e-10)
    assert np.array_equal(t, py.t) and np.array_equal(y, py.y)
    assert (status, nfev) == (py.status, py.nfev)
    assert isinstance(t_events, tuple) and isinstance(py.t_events, list)
    for a, b in zip(t_events + y_events, py.t_events + py.y_events):
        assert np.array_equal(a, b)


def test_event_attributes_read_at_each_call_from_python():
    # scipy reads `terminal` and `direction` at every call (its own test_events changes
    # them between two calls); compiled code reads them when it compiles, so the Python
    # entry must not reuse what it compiled with the old ones
    def rational(t, y):
        return np.array([y[1] / t, y[1] * (y[0] + 2 * y[1] - 1) / (t * (y[0] - 1))])

    def e1(t, y):
        return y[0] - y[1] ** 0.7

    def e2(t, y):
        return y[1] ** 0.6 - y[0]

    for direction, terminal in ((0, None), (1, True)):
        e1.direction = e2.direction = direction
        e2.terminal = terminal
        got = solve_ivp(rational, [5, 8], [1 / 3, 2 / 9], events=(e1, e2))
        want = scipy.integrate.solve_ivp(rational, [5, 8], [1 / 3, 2 / 9], events=(e1, e2))
        assert got.status == want.status
        assert [t.size for t in got.t_events] == [t.size for t in want.t_events]
        _same_events(got, want)
    assert [t.size for t in got.t_events] == [1, 0]


@njit
def bad_terminal(t, y, g):
    return y[0]


bad_terminal.terminal = 1.5


@njit
def raising_event(t, y, g):
    if t > 0.5:
        raise KeyError("event failed")
    return y[0] + 1.0


def test_event_errors_as_scipy():
    with pytest.raises(ValueError, match="`terminal` attribute of each event"):
        scipy.integrate.solve_ivp(ball.py_func, (0.0, 1.0), [0.0, 1.0], args=(9.81,),
                                  events=_python_copy(bad_terminal, terminal=1.5))
    with pytest.raises(ValueError, match="`terminal` attribute of each event"):
        solve_ivp(ball, (0.0, 1.0), [0.0, 1.0], args=(9.81,), events=bad_terminal)
    with pytest.raises(KeyError, match="event failed"):
        solve_ivp(ball, (0.0, 1.0), [0.0, 1.0], args=(9.81,), events=raising_event)


T_EVAL_RAISING = np.linspace(0.0, 1.0, 5)


@njit
def _raising_everywhere(when):
    # the right-hand side raises past `when`, the event past 0.5: every kind of call
    # the solver makes (stages, DOP853's dense output, t_eval, events, brentq on them)
    return solve_ivp(raising, (0.0, 1.0), LV_Y0, method="DOP853", t_eval=T_EVAL_RAISING,
                     dense_output=True, events=raising_event, args=(when,)).nfev


def test_raising_callbacks_release_every_allocation():
    # numba leaks the arrays of every frame an exception passes; scijit holds the user's
    # exception until the solver has returned (lowering/held.py). Before that, 6 NRT
    # allocations per raising call inside @njit and 2 per call from Python were left.
    calls = [
        (lambda: _bad_inside(2), ZeroDivisionError),
        (lambda: _raising_everywhere(0.2), ZeroDivisionError),
        (lambda: _raising_everywhere(2.0), KeyError),
        (lambda: solve_ivp(raising, (0.0, 1.0), LV_Y0, args=(0.5,)), ZeroDivisionError),
        (lambda: solve_ivp(ball, (0.0, 1.0), [0.0, 1.0], args=(9.81,), events=raising_event,
                           t_eval=T_EVAL_RAISING), KeyError),
    ]
    for call, exc in calls:
        assert_raises_without_leak(call, exc)


# ---------------------------------------------------------------- dense output (sol)
def _same_solution(got, want, rtol):
    """``sol`` of scijit's result against scipy's: scipy's classes, the same
    segments, and the same values (in and between the breakpoints)."""
    assert type(got) is type(want)
    assert got.n_segments == want.n_segments and got.ts.shape == want.ts.shape
    assert [type(i) for i in got.interpolants] == [type(i) for i in want.interpolants]
    assert_close(got.ts, want.ts, rtol)
    assert (got.t_min, got.t_max) == (min(got.ts[0], got.ts[-1]), max(got.ts[0], got.ts[-1]))
    tt = np.concatenate([np.linspace(want.t_min, want.t_max, 301), want.ts])
    assert got(tt).shape == want(tt).shape and got(tt).dtype == want(tt).dtype
    assert_close(got(tt).real, want(tt).real, rtol)
    assert_close(got(tt).imag, want(tt).imag, rtol)
    assert got(tt[7]).shape == want(tt[7]).shape


@pytest.mark.parametrize("method", sweep_params(METHODS, ("RK45",)))
def test_dense_output_forward_and_backward_match_scipy(method):
    for span in ((0.0, 15.0), (15.0, 0.0)):
        got = solve_ivp(lotka_volterra, span, LV_Y0, method=method, args=LV_ARGS,
                        dense_output=True, **TOL)
        want = scipy.integrate.solve_ivp(lotka_volterra.py_func, span, LV_Y0, method=method,
                                         args=LV_ARGS, dense_output=True, **TOL)
        # backward, Lotka-Volterra amplifies the last bits BLAS leaves in scipy's steps
        # (docs/integrate.md): on an AMD EPYC DOP853's states end 1.7e-8 of scale from
        # scipy's (steps 1.3e-8), forward 2.6e-10
        rtol = 1e-8 if span[1] > span[0] else 5e-8
        _same_as_scipy(dict_without_sol(got), dict_without_sol(want), rtol)
        _same_solution(got.sol, want.sol, rtol)
        assert got.sol.ascending == (span[1] > span[0])


def dict_without_sol(res):
    return type(res)(dict(res, sol=None))


@pytest.mark.parametrize("method", sweep_params(METHODS, ("DOP853",)))
def test_dense_output_with_t_eval_and_terminal_event_matches_scipy(method):
    # the interpolants run to the step's end, the breakpoints to the event;
    # DOP853: 3 more evaluations in every step (nfev as scipy's)
    kw = dict(method=method, args=(9.81,), rtol=1e-8, atol=1e-10, dense_output=True,
              t_eval=np.linspace(0.0, 10.0, 41))
    got = solve_ivp(ball, (0.0, 10.0), [0.0, 10.0], events=(ground, apex), **kw)
    want = scipy.integrate.solve_ivp(
        ball.py_func, (0.0, 10.0), [0.0, 10.0],
        events=(_python_copy(ground, terminal=True, direction=-1), _python_copy(apex)), **kw)
    assert got.status == want.status == 1 and got.nfev == want.nfev
    _same_events(got, want)
    _same_as_scipy_but_events(dict_without_sol(got), dict_without_sol(want))
    _same_solution(got.sol, want.sol, BALL_RTOL)
    assert got.sol.t_max == got.t_events[0][0] < got.sol.interpolants[-1].t


@njit
def _evaluate(sol, tt):
    return sol(tt), sol(tt[0]), sol(1), sol.ts, sol.t_min, sol.t_max, sol.n_segments, \
        sol.ascending


@njit
def _dense_inside(y0):
    r = solve_ivp(forced, (0.0, 5.0), y0, method="DOP853", args=(2.0,), dense_output=True)
    return r.sol, r.sol(np.linspace(0.0, 5.0, 7)), r.nfev


def _segment_choice_solution(ts, alt_segment):
    """scipy's OdeSolution of constant interpolants, a different value on
    each segment, so the segment chosen at a breakpoint shows."""
    from scipy.integrate._ivp.rk import RkDenseOutput
    interps = [RkDenseOutput(a, b, np.array([float(k), -float(k)]), np.zeros((2, 4)))
               for k, (a, b) in enumerate(zip(ts[:-1], ts[1:]))]
    return scipy.integrate.OdeSolution(ts, interps, alt_segment=alt_segment)


def test_ode_solution_inside_njit_is_scipys():
    tt = np.array([-1.0, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 3.5, 4.0, 9.0])
    # segment choice: at breakpoints, outside the range, both orders, both choices
    for ts in (np.array([0.0, 1.0, 2.0, 4.0]), np.array([4.0, 2.0, 1.0, 0.0])):
        for alt in (False, True):
            want = _segment_choice_solution(ts, alt)
            vals, first, one, ts_in, t_min, t_max, nseg, asc = _evaluate(want, tt)
            assert np.array_equal(vals, want(tt)) and np.array_equal(one, want(1.0))
            assert np.array_equal(first, want(tt[0]))
            assert np.array_equal(ts_in, want.ts) and nseg == want.n_segments
            assert (t_min, t_max, asc) == (want.t_min, want.t_max, want.ascending)
    # scipy's DOP853 solution passed in: its own values, bit for bit (the same
    # Horner scheme); and one scijit made inside @njit, returned, evaluated by scipy
    want = scipy.integrate.solve_ivp(forced.py_func, (0.0, 5.0), [1.0, 0.0], method="DOP853",
                                     args=(2.0,), dense_output=True)
    tt = np.linspace(-0.5, 5.5, 97)
    assert np.array_equal(_evaluate(want.sol, tt)[0], want.sol(tt))
    for y0 in (np.array([1.0 + 0.5j, 0.0]),):     # (real y0: the tests above)
        sol, values, nfev = _dense_inside(y0)
        ref = scipy.integrate.solve_ivp(forced.py_func, (0.0, 5.0), y0, method="DOP853",
                                        args=(2.0,), dense_output=True)
        assert nfev == ref.nfev
        _same_solution(sol, ref.sol, 1e-8)
        assert np.array_equal(values, sol(np.linspace(0.0, 5.0, 7)))
        assert values.dtype == y0.dtype
        assert np.array_equal(_evaluate(sol, tt)[0], sol(tt))     # unboxed again


def test_ode_solution_refusals():
    with pytest.raises(TypingError, match="`t` must be a float or a 1-D array"):
        _evaluate(_segment_choice_solution(np.array([0.0, 1.0]), False), np.zeros((2, 2)))
    bdf = scipy.integrate.solve_ivp(lambda t, y: -y, (0.0, 1.0), [1.0], method="BDF",
                                    dense_output=True)
    with pytest.raises(Exception, match="OdeSolution|pyobject|typeof"):
        _evaluate(bdf.sol, np.zeros(2))


@njit(parallel=True)
def _final_prey_parallel(a):
    out = np.empty(a.size)
    for i in prange(a.size):
        out[i] = solve_ivp(lotka_volterra, (0.0, 15.0), LV_Y0, args=(a[i], 1.0, 3.0, 1.0),
                           rtol=1e-6, atol=1e-8).y[0, -1]
    return out


def test_prange_equals_serial_and_is_parallel():
    a = np.linspace(1.0, 2.0, 200)
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        got = _final_prey_parallel(a)
    serial = np.array([solve_ivp(lotka_volterra, (0.0, 15.0), LV_Y0, args=(v, 1.0, 3.0, 1.0),
                                 **TOL).y[0, -1] for v in a])
    np.testing.assert_array_equal(got, serial)


@njit
def _final_prey_miss(a, target):
    return solve_ivp(lotka_volterra, (0.0, 15.0), LV_Y0, args=(a, 1.0, 3.0, 1.0), rtol=1e-6,
                     atol=1e-8).y[0, -1] - target


def test_shooting_inside_brentq_and_no_leak():
    # an integration inside a root finder's callback (a shooting method)
    from numba.core.runtime import rtsys
    from scijit.optimize import brentq
    target = _final_prey_miss(1.6, 0.0)
    before = rtsys.get_allocation_stats()
    a = brentq(_final_prey_miss, 1.5, 1.7, args=(target,), xtol=1e-13)
    after = rtsys.get_allocation_stats()
    assert abs(a - 1.6) < 1e-9
    # every allocation of the solves was freed (NRT balance)
    assert after.alloc - before.alloc == after.free - before.free > 0
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free


CACHED = """
import numpy as np
from numba import njit
from scijit.integrate import solve_ivp

@njit
def decay(t, y, k):
    return -k * y

@njit(cache=True)
def final(k):
    r = solve_ivp(decay, (0.0, 2.0), np.array([1.0, 2.0]), args=(k,), rtol=1e-8, atol=1e-10,
                  dense_output=True)
    return r.y[:, -1], r.nfev, r.t.size, r.sol(2.0)[0] == r.y[0, -1], r.sol

y, nfev, size, same, sol = final(0.7)
print(repr((y, nfev, size, same, type(sol).__name__, sol(1.0))))
print("HITS", len(final.stats.cache_hits), len(final.stats.cache_misses))

# another user function (not cached): scijit's solver is not compiled for it
@njit
def growth(t, y, k):
    return k * y

@njit
def other(k):
    return solve_ivp(growth, (0.0, 1.0), np.array([1.0, 2.0]), args=(k,), rtol=1e-8,
                     atol=1e-10, dense_output=True).y[0, -1]

other(0.1)
from scijit.integrate._rk import rk_solver
solver = rk_solver("RK45", 0, True)
print("SOLVER", len(solver.stats.cache_hits), len(solver.stats.cache_misses))
"""


def test_cache_true_in_a_second_process(run_python, tmp_path):
    # the caller loads from its cache; and scijit's solver, compiled once per
    # method and argument types (not per user function), loads from scijit's
    # cache for a new user function in a new process
    second = run_cached_twice(run_python, CACHED, tmp_path, own_cache_dir=False,
                              all_lines=True)
    line = second[0]
    assert second[2] == "SOLVER 1 0", second
    assert "array([0.24659" in line and "True, 'OdeSolution', array([0.4965" in line
