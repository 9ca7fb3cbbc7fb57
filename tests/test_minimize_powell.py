"""minimize(method='Powell') against scipy 1.17, from both entries.

scipy is given the same compiled objective; scijit's solver is scipy's
``_minimize_powell`` step for step, its line searches scipy's bracket,
Brent and bounded searches on the same doubles, and its arithmetic has no
sum that BLAS could order differently (``p + alpha * xi`` elementwise, as
numpy does it), so every field (x, fun, direc, nit, nfev, status, success,
message) is compared exactly.  Two compiled callers serve every problem and
option case (bounds and options are arguments; infinite bounds are no
bounds, as in scipy).

scipy writes the modified directions into a float64 ``direc`` the user
passed (scijit does not), so scipy is handed copies here.
"""
import copy
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit, prange
from numba.core.errors import TypingError

from checks import assert_raises_without_leak
from minimize_problems import (valley_by_scipy, valley_cached_twice,
                               BEALE, BROWN_BADLY_SCALED, NAMES, NAN_PAST_ONE, QUADRATIC,
                               RAISE_AT_START, RAISE_PAST_HALF, ROSENBROCK, STARTS, WOOD,
                               objective, objective_and_gradient)
from scijit.optimize import minimize

ALL = tuple(NAMES)
FIELDS = ("fun", "direc", "nit", "nfev", "status", "success", "message", "x")


# ---------------------------------------------------------------- shared callers
@njit
def powell(x0, pid):
    return minimize(objective, x0, args=(pid,), method="Powell")


@njit
def powell_options(x0, pid, bounds, xtol, ftol, maxiter, maxfev, direc):
    return minimize(objective, x0, args=(pid,), method="Powell", bounds=bounds,
                    options={"xtol": xtol, "ftol": ftol, "maxiter": maxiter, "maxfev": maxfev,
                             "direc": direc})


def defaults(pid):
    """powell_options' arguments after ``bounds`` for scipy's defaults (its
    None limits are 1000 * n each)."""
    n = STARTS[pid].size
    return 1e-4, 1e-4, 1000.0 * n, 1000.0 * n, np.eye(n)


def no_bounds(pid):
    n = STARTS[pid].size
    return np.column_stack([np.full(n, -np.inf), np.full(n, np.inf)])


def box(pid):
    """Finite bounds around the start: below it by 2, above it by 0.25 (the
    minimum of most problems is outside: some bounds are active)."""
    x0 = STARTS[pid]
    return np.column_stack([x0 - 2.0, x0 + 0.25])


def half_infinite(pid):
    """The box with every other upper bound and the others' lower bound
    removed: line searches on half-infinite segments (scipy's arctan)."""
    b = box(pid)
    b[::2, 1] = np.inf
    b[1::2, 0] = -np.inf
    return b


def as_pairs(bounds):
    return [tuple(None if np.isinf(v) else float(v) for v in row) for row in bounds]


def scipy_powell(pid, x0=None, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return scipy.optimize.minimize(objective, STARTS[pid] if x0 is None else x0,
                                       args=(pid,), method="Powell", **copy.deepcopy(kw))


def assert_as_scipy(res, ref):
    assert list(res) == list(ref) == list(FIELDS)
    for name in FIELDS:
        if name in ("x", "direc", "fun"):
            np.testing.assert_array_equal(res[name], ref[name], err_msg=name)
        else:
            assert res[name] == ref[name], (name, res[name], ref[name])


# ---------------------------------------------------------------- parity inside @njit
@pytest.mark.parametrize("pid", ALL, ids=NAMES.get)
def test_unbounded_as_scipy(pid):
    assert_as_scipy(powell(STARTS[pid], pid), scipy_powell(pid))


@pytest.mark.parametrize("pid", ALL, ids=NAMES.get)
def test_bounded_as_scipy(pid):
    for bounds in (box(pid), half_infinite(pid)):
        ref = scipy_powell(pid, bounds=scipy.optimize.Bounds(bounds[:, 0], bounds[:, 1]))
        res = powell_options(STARTS[pid], pid, bounds, *defaults(pid))
        assert_as_scipy(res, ref)
        assert np.all((res.x >= bounds[:, 0]) & (res.x <= bounds[:, 1]))
    # infinite bounds are no bounds
    assert_as_scipy(powell_options(STARTS[pid], pid, no_bounds(pid), *defaults(pid)),
                    scipy_powell(pid))


def _direc(pid, rows, seed):
    return np.random.default_rng(seed).standard_normal((rows, STARTS[pid].size))


@pytest.mark.parametrize("pid", (ROSENBROCK, WOOD, BROWN_BADLY_SCALED), ids=NAMES.get)
def test_options_as_scipy(pid):
    n = STARTS[pid].size
    xtol, ftol, maxiter, maxfev, eye = defaults(pid)
    cases = [  # (bounds, xtol, ftol, maxiter, maxfev, direc; the status it must reach)
        (no_bounds(pid), 1e-9, 1e-12, maxiter, maxfev, eye, None),
        (box(pid), 1e-2, 1e-3, maxiter, maxfev, eye, None),
        (no_bounds(pid), xtol, ftol, 3.0, np.inf, eye, 2),          # maxiter hit
        (half_infinite(pid), xtol, ftol, np.inf, 50.0, eye, 1),     # maxfev hit
        (no_bounds(pid), xtol, ftol, maxiter, maxfev, _direc(pid, n, 1), None),
        (half_infinite(pid), xtol, ftol, maxiter, maxfev, _direc(pid, n, 2), None),
        (no_bounds(pid), xtol, ftol, maxiter, maxfev, _direc(pid, n + 2, 3), None),  # tall
    ]
    for bounds, xtol, ftol, maxiter, maxfev, direc, status in cases:
        ref = scipy_powell(pid, bounds=scipy.optimize.Bounds(bounds[:, 0], bounds[:, 1]),
                           options=dict(xtol=xtol, ftol=ftol, maxiter=maxiter, maxfev=maxfev,
                                        direc=direc))
        res = powell_options(STARTS[pid], pid, bounds, xtol, ftol, maxiter, maxfev, direc)
        assert_as_scipy(res, ref)
        if status is not None:
            assert res.status == status


def test_nan_and_outside_statuses_as_scipy():
    # NaN past x[0] = 1: status 3
    res, ref = powell(STARTS[QUADRATIC], NAN_PAST_ONE), scipy_powell(NAN_PAST_ONE,
                                                                     STARTS[QUADRATIC])
    assert_as_scipy(res, ref)
    assert res.status == 3 and np.isnan(res.fun)
    # x0 outside the bounds and a direction set that never moves x[0]: status 4
    x0, bounds = np.array([2.0, 0.5]), np.array([[0.0, 1.0], [0.0, 1.0]])
    direc = np.array([[0.0, 1.0], [0.0, 1.0]])
    ref = scipy_powell(QUADRATIC, x0, bounds=bounds, options={"direc": direc})
    res = powell_options(x0, QUADRATIC, bounds, *defaults(QUADRATIC)[:4], direc)
    assert_as_scipy(res, ref)
    assert res.status == 4 and res.x[0] == 2.0


# ---------------------------------------------------------------- the Python entry
def test_python_entry_equals_njit_and_scipy():
    for pid in (ROSENBROCK, BEALE, WOOD):
        ref = scipy_powell(pid)
        res = minimize(objective, STARTS[pid], args=(pid,), method="Powell")
        assert type(res) is scipy.optimize.OptimizeResult
        assert_as_scipy(res, ref)
        assert_as_scipy(powell(STARTS[pid], pid), res)
        for bounds in (box(pid), half_infinite(pid)):
            ref = scipy_powell(pid, bounds=as_pairs(bounds))
            for spelling in (as_pairs(bounds), bounds,
                             scipy.optimize.Bounds(bounds[:, 0], bounds[:, 1])):
                res = minimize(objective, STARTS[pid], args=(pid,), method="powell",
                               bounds=spelling)
                assert_as_scipy(res, ref)
            assert_as_scipy(powell_options(STARTS[pid], pid, bounds, *defaults(pid)), res)


def test_python_entry_options_as_scipy():
    pid, x0 = WOOD, STARTS[WOOD]
    cases = [dict(options={"maxfev": 50}), dict(options={"maxiter": 3}),
             dict(options={"maxiter": np.inf}), dict(options={"maxfev": np.inf}),
             dict(options={"maxiter": 4, "maxfev": 120}), dict(tol=1e-8),
             dict(tol=1e-8, options={"xtol": 1e-2}),
             dict(options={"xtol": 1e-9, "ftol": 1e-12, "direc": _direc(pid, 4, 4)})]
    for kw in cases:
        ref = scipy_powell(pid, **kw)
        direc = kw.get("options", {}).get("direc")
        res = minimize(objective, x0, args=(pid,), method="Powell", **kw)
        assert_as_scipy(res, ref)
        if direc is not None:        # (scipy would have changed it)
            np.testing.assert_array_equal(direc, _direc(pid, 4, 4))
    # jac=True: scipy warns, wraps fun in MemoizeJac and uses its values only
    with pytest.warns(RuntimeWarning, match="does not use gradient information"):
        res = minimize(objective_and_gradient, x0, args=(pid,), method="Powell", jac=True)
    assert_as_scipy(res, scipy_powell(pid))


def test_warnings_and_disp_as_scipy(capsys):
    x0, bounds = np.array([2.0, 0.5]), [(0, 1), (0, 1)]
    direc = np.array([[0.0, 1.0], [0.0, 1.0]])
    expected = []
    for entry in (scipy.optimize.minimize, minimize):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            res = entry(objective, x0, args=(QUADRATIC,), method="Powell", bounds=bounds,
                        options={"direc": direc.copy(), "disp": True})
        expected.append(([(w.category, str(w.message)) for w in caught], res.status,
                         capsys.readouterr().out))
    assert expected[0] == expected[1]
    assert [c for c, _ in expected[1][0]] == [scipy.optimize.OptimizeWarning] * 2 + [
        RuntimeWarning]
    assert expected[1][0][2][1] == "The result is outside of the provided bounds."
    for entry in (scipy.optimize.minimize, minimize):       # success: printed
        entry(objective, STARTS[QUADRATIC], args=(QUADRATIC,), method="Powell",
              options={"disp": True})
        expected.append(capsys.readouterr().out)
    assert expected[2] == expected[3]
    assert expected[3].startswith("Optimization terminated successfully.\n")
    assert "Function evaluations: 33" in expected[3]


def test_scipys_refusals_from_both_entries():
    # a negative xtol: Brent's refusal at the first free line search (none with a box)
    with pytest.raises(ValueError, match="tolerance should be >= 0, got -0.01"):
        scipy_powell(QUADRATIC, options={"xtol": -1e-4})
    with pytest.raises(ValueError, match="tolerance should be >= 0, got -0.01"):
        minimize(objective, STARTS[QUADRATIC], args=(QUADRATIC,), method="Powell",
                 options={"xtol": -1e-4})
    assert_raises_without_leak(lambda: raising_inside(QUADRATIC, -1e-4, 2000.0, False),
                               ValueError, "tolerance should be >= 0")
    args = (STARTS[QUADRATIC], QUADRATIC, box(QUADRATIC), -1e-4, 1e-4, 2000.0, 2000.0, np.eye(2))
    assert_as_scipy(powell_options(*args), scipy_powell(QUADRATIC, bounds=box(QUADRATIC),
                                                        options={"xtol": -1e-4}))
    # maxfev=0: scipy's _MaxFuncCallError escapes at the first evaluation
    with pytest.raises(RuntimeError, match="Too many function calls"):
        scipy_powell(QUADRATIC, options={"maxfev": 0})
    with pytest.raises(RuntimeError, match="Too many function calls"):
        minimize(objective, STARTS[QUADRATIC], args=(QUADRATIC,), method="Powell",
                 options={"maxfev": 0})
    assert_raises_without_leak(lambda: raising_inside(QUADRATIC, 1e-4, 0.0, True),
                               RuntimeError, "Too many function calls")


# ---------------------------------------------------------------- cache, prange, faults
def test_cache_in_a_second_process(run_python, tmp_path):
    got = valley_cached_twice(run_python, tmp_path,
                              ", method='Powell', bounds=((-1.0, 1.2), (-np.inf, 2.0))",
                              "r.x[0], r.x[1], r.nfev, r.status")
    ref = valley_by_scipy(method="Powell", bounds=((-1.0, 1.2), (None, 2.0)))
    assert got == (ref.x[0], ref.x[1], ref.nfev, ref.status)


def test_prange_equals_serial():
    def loop(starts):
        out = np.empty((starts.shape[0], 2))
        for i in prange(starts.shape[0]):
            r = minimize(objective, starts[i], args=(ROSENBROCK,), method="Powell")
            out[i, 0] = r.x[0]
            out[i, 1] = r.nfev
        return out
    starts = np.random.default_rng(1).uniform(-2, 2, (64, 2))
    got = njit(parallel=True)(loop)(starts)
    np.testing.assert_array_equal(got, njit(loop)(starts))
    ref = scipy_powell(ROSENBROCK, starts[5])
    assert (got[5, 0], got[5, 1]) == (ref.x[0], ref.nfev)


_X0 = np.zeros(2)
_FREE, _BOX = no_bounds(QUADRATIC), box(QUADRATIC)


@njit
def raising_inside(pid, xtol, maxfev, boxed):
    # (its arrays globals, constants, and its options a literal of mixed values, not a
    # typed dict: an array or dict of this frame's own would leak, as numba leaks every
    # raising frame's references; only scijit's frames count)
    return minimize(objective, _X0, args=(pid,), method="Powell",
                    bounds=_BOX if boxed else _FREE,
                    options={"xtol": xtol, "maxfev": maxfev, "direc": None}).x


@pytest.mark.parametrize("pid", [RAISE_AT_START, RAISE_PAST_HALF])  # x0; the line searches
def test_raising_objective_propagates_without_leak(pid):
    for boxed in (False, True):
        assert_raises_without_leak(lambda: raising_inside(pid, 1e-4, 2000.0, boxed),
                                   ZeroDivisionError, "raised in the objective")
    assert_raises_without_leak(
        lambda: minimize(objective, _X0, args=(pid,), method="Powell", bounds=[(-1, 1)] * 2),
        ZeroDivisionError, "raised in the objective")


# ---------------------------------------------------------------- bad input
def test_bad_input_from_python():
    x0 = STARTS[QUADRATIC]
    for direc in (np.eye(3), np.ones((1, 2))):
        with pytest.raises(ValueError, match="'direc' must have n = 2 columns"):
            minimize(objective, x0, args=(QUADRATIC,), method="Powell",
                     options={"direc": direc})
    with pytest.raises(TypeError, match="'direc' must be None or a 2-D array"):
        minimize(objective, x0, args=(QUADRATIC,), method="Powell", options={"direc": [1, 0]})
    with pytest.raises(ValueError, match="upper bound is less"):
        minimize(objective, x0, args=(QUADRATIC,), method="Powell", bounds=[(1, 0), (0, 1)])
    with pytest.raises(ValueError, match="number of bounds is not compatible"):
        minimize(objective, x0, args=(QUADRATIC,), method="Powell", bounds=[(0, 1)] * 3)
    with pytest.raises(TypeError, match="'xtol'"):
        minimize(objective, x0, args=(QUADRATIC,), method="Powell", options={"xtol": "a"})
    with pytest.raises(NotImplementedError, match="return_all"):
        minimize(objective, x0, args=(QUADRATIC,), method="Powell",
                 options={"return_all": True})


def test_bad_input_inside_njit():
    x0 = STARTS[QUADRATIC]
    with pytest.raises(ValueError, match="'direc' must have n = 2 columns"):
        powell_options(x0, QUADRATIC, box(QUADRATIC), *defaults(QUADRATIC)[:4], np.eye(3))
    with pytest.raises(ValueError, match="upper bound is less"):
        powell_options(x0, QUADRATIC, box(QUADRATIC)[:, ::-1], *defaults(QUADRATIC))

    @njit
    def tuple_direc(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="Powell",
                        options={"xtol": 1e-4, "direc": (1.0, 0.0)}).x
    with pytest.raises(TypingError, match="'direc' must be None or a 2-D array"):
        tuple_direc(x0)
