"""minimize(method='TNC') against scipy 1.17, from both entries.

scipy is given the same compiled objective.  Our TNC kernel asks for scipy's
points to the bit (tests/test_tnc_kernel.py) and the loop around it is
scipy's ``_minimize_tnc`` with its ScalarFunction (memoised value and
gradient, differences within the bounds), so x, fun, jac, nfev, nit,
status, message and success are compared exactly.  One compiled caller per
form of ``jac`` serves every problem (bounds are an argument: infinite bounds
are no bounds, as in scipy).
"""
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit, prange
from numba.core.errors import TypingError

from checks import assert_raises_without_leak
from minimize_problems import (valley_by_scipy, valley_cached_twice,
                               EXT_ROSENBROCK, NAMES, NAN_PAST_ONE, QUADRATIC, RAISE_AT_START,
                               RAISE_PAST_HALF, ROSENBROCK, STARTS, WITH_GRADIENT, WOOD, box,
                               gradient, no_bounds, objective, objective_and_gradient,
                               with_fixed)
from scijit.optimize import minimize

ALL = tuple(NAMES)
FIELDS = ("nfev", "nit", "status", "success", "message")


# ---------------------------------------------------------------- shared callers
@njit
def tnc_fd(x0, pid, bounds):
    return minimize(objective, x0, args=(pid,), method="TNC", bounds=bounds)


@njit
def tnc_jac(x0, pid, bounds):
    return minimize(objective, x0, args=(pid,), method="TNC", jac=gradient, bounds=bounds)


@njit
def tnc_memo(x0, pid, bounds):
    return minimize(objective_and_gradient, x0, args=(pid,), method="TNC", jac=True,
                    bounds=bounds)


@njit
def tnc_3point(x0, pid, bounds, scale, offset, maxCGit, maxfun, eta, stepmx, accuracy, minfev,
               ftol, xtol, gtol, rescale):
    return minimize(objective, x0, args=(pid,), method="TNC", jac="3-point", bounds=bounds,
                    options={"scale": scale, "offset": offset, "maxCGit": maxCGit,
                             "maxfun": maxfun, "eta": eta, "stepmx": stepmx,
                             "accuracy": accuracy, "minfev": minfev, "ftol": ftol,
                             "xtol": xtol, "gtol": gtol, "rescale": rescale})


def scipy_minimize(fun, pid, bounds, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return scipy.optimize.minimize(fun, STARTS[pid], args=(pid,), method="TNC",
                                       bounds=bounds, **kw)


def assert_as_scipy(res, ref):
    for name in FIELDS:
        assert res[name] == ref[name], (name, res[name], ref[name])
    np.testing.assert_array_equal(res.x, ref.x)
    assert res.fun == ref.fun
    np.testing.assert_array_equal(res.jac, ref.jac)


# ---------------------------------------------------------------- parity inside @njit
@pytest.mark.parametrize("pid", ALL, ids=NAMES.get)
def test_differences_as_scipy(pid):
    for bounds in (no_bounds(pid), box(pid), with_fixed(pid)):
        assert_as_scipy(tnc_fd(STARTS[pid], pid, bounds),
                        scipy_minimize(objective, pid, bounds))


@pytest.mark.parametrize("pid", WITH_GRADIENT, ids=NAMES.get)
def test_gradient_as_scipy(pid):
    # with a fixed variable scipy removes it even with a gradient (TNC
    # only): the gradient of the variables left, jac NaN at the fixed one
    for bounds in (no_bounds(pid), box(pid), with_fixed(pid)):
        ref = scipy_minimize(objective, pid, bounds, jac=gradient)
        assert_as_scipy(tnc_jac(STARTS[pid], pid, bounds), ref)
        ref = scipy_minimize(objective_and_gradient, pid, bounds, jac=True)
        assert_as_scipy(tnc_memo(STARTS[pid], pid, bounds), ref)


@pytest.mark.parametrize("pid", (ROSENBROCK, EXT_ROSENBROCK, WOOD), ids=NAMES.get)
def test_options_three_point_as_scipy(pid):
    n = STARTS[pid].size
    none = np.zeros(0)
    scale = np.linspace(0.5, 2.0, n)
    offset = np.linspace(-0.25, 0.25, n)
    # scale, offset, maxCGit, maxfun, eta, stepmx, accuracy, minfev, ftol, xtol, gtol, rescale
    cases = [(none, none, -1, -1, -1.0, 0.0, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0),
             (scale, offset, 2, 500, 0.5, 10.0, 1e-10, 0.0, 1e-12, 1e-10, 1e-8, 0.5),
             (none, none, 0, 30, 0.1, 0.5, 0.0, -1e300, 0.0, 0.0, 0.0, 2.0),   # maxfun
             (none, offset, 50, 40, 0.9, 0.0, 0.0, 10.0, -1.0, -1.0, -1.0, -1.0)]  # minfev
    # (not a scale without an offset: scipy 1.17's tnc.c reads uninitialised
    # memory for that offset; docs/optimize.md)
    for bounds in (box(pid), no_bounds(pid)):
        for c in cases:
            options = dict(zip(("scale", "offset", "maxCGit", "maxfun", "eta", "stepmx",
                                "accuracy", "minfev", "ftol", "xtol", "gtol", "rescale"), c))
            options = {k: (None if k in ("scale", "offset") and v.size == 0 else v)
                       for k, v in options.items()}
            options["maxfun"] = None if c[3] < 0 else c[3]
            ref = scipy_minimize(objective, pid, bounds, jac="3-point", options=options)
            res = tnc_3point(STARTS[pid], pid, bounds, *c)
            assert_as_scipy(res, ref)


# ---------------------------------------------------------------- the Python entry
def test_python_entry_as_scipy():
    pid = ROSENBROCK
    x0 = STARTS[pid]
    for kw in ({}, {"bounds": [(-2.0, 0.5), (None, 1.2)]},
               {"bounds": scipy.optimize.Bounds([-2.0, -np.inf], [0.5, 1.2])},
               {"bounds": [(-1.2, -1.2), (None, 2.0)]},
               {"jac": gradient, "bounds": [(-1.2, -1.2), (None, 2.0)]},
               {"jac": gradient, "bounds": [(-1.0, 2.0), (None, 2.0)]},      # x0 outside
               {"jac": "2-point", "tol": 1e-10,
                "options": {"maxCGit": 3, "eps": 1e-7, "scale": [1.0, 2.0], "offset": [0.0, 0.1],
                            "mesg_num": 0}}):
        res = minimize(objective, x0, args=(pid,), method="TNC", **kw)
        bounds = kw.pop("bounds", None)
        if "scale" in kw.get("options", {}):      # (scipy takes arrays only)
            kw["options"] = dict(kw["options"], scale=np.array(kw["options"]["scale"]),
                                 offset=np.array(kw["options"]["offset"]))
        ref = scipy_minimize(objective, pid, bounds, **kw)
        assert_as_scipy(res, ref)
        assert list(res) == list(ref)


def test_every_variable_fixed_as_scipy():
    bounds = [(0.3, 0.3), (-0.1, -0.1)]
    ref = scipy.optimize.minimize(objective, np.zeros(2), args=(QUADRATIC,), method="TNC",
                                  bounds=bounds)
    res = minimize(objective, np.zeros(2), args=(QUADRATIC,), method="TNC", bounds=bounds)
    assert list(res) == list(ref)
    for k in ref:
        assert np.array_equal(res[k], ref[k]), k
    inside = tnc_jac(np.zeros(2), QUADRATIC, np.array(bounds))
    assert (inside.fun, inside.nfev, inside.success, inside.message) == (
        ref.fun, 1, True, ref.message)
    np.testing.assert_array_equal(inside.x, ref.x)


# ---------------------------------------------------------------- cache, prange, faults
def test_cache_in_a_second_process(run_python, tmp_path):
    bounds = ((0.0, 1.0), (0.0, 2.0))
    got = valley_cached_twice(run_python, tmp_path, ", method='TNC', bounds=%r" % (bounds,),
                              "r.x[0], r.nfev")
    ref = valley_by_scipy(method="TNC", bounds=bounds)
    assert got == (ref.x[0], ref.nfev)


def test_prange_equals_serial():
    def loop(starts, bounds):
        out = np.empty((starts.shape[0], 2))
        for i in prange(starts.shape[0]):
            r = tnc_jac(starts[i], ROSENBROCK, bounds)
            out[i, 0] = r.x[0]
            out[i, 1] = r.nfev
        return out
    starts = np.random.default_rng(3).uniform(-2, 2, (128, 2))
    bounds = np.array([[-2.0, 0.8], [-2.0, 2.0]])
    np.testing.assert_array_equal(njit(parallel=True)(loop)(starts, bounds),
                                  njit(loop)(starts, bounds))


_X0 = np.zeros(2)


@njit
def raising_inside(pid):
    # (the arrays module constants: a raising frame's own arrays would leak, as
    # numba leaks them in every frame an exception passes; scijit's frames count)
    a = tnc_fd(_X0, pid, _BOX).x
    b = tnc_jac(_X0, pid, _BOX).x
    return a + b


_BOX = np.array([[-1.0, 1.0], [-1.0, 1.0]])


@pytest.mark.parametrize("pid", [RAISE_AT_START, RAISE_PAST_HALF])
def test_raising_callback_propagates_without_leak(pid):
    # RAISE_PAST_HALF raises inside the kernel's iterations: the callback
    # stops the kernel and the user's exception, not the stop, comes out
    assert_raises_without_leak(lambda: raising_inside(pid), ZeroDivisionError, "raised in")
    assert_raises_without_leak(lambda: minimize(objective, _X0, args=(pid,), method="TNC",
                                                jac=gradient, bounds=[(-1, 1), (-1, 1)]),
                               ZeroDivisionError, "raised in the")


def test_nan_objective_as_scipy():
    res = tnc_fd(STARTS[QUADRATIC], NAN_PAST_ONE, no_bounds(QUADRATIC))
    ref = scipy.optimize.minimize(objective, STARTS[QUADRATIC], args=(NAN_PAST_ONE,),
                                  method="TNC")
    for name in FIELDS:
        assert res[name] == ref[name], name


# ---------------------------------------------------------------- bad input
def test_bad_input_from_both_entries():
    x0 = np.zeros(2)
    pid = QUADRATIC
    inf = no_bounds(pid)
    with pytest.raises(ValueError, match="vector sizes must be equal"):
        minimize(objective, x0, args=(pid,), method="TNC", options={"scale": [1.0, 2, 3]})
    with pytest.raises(ValueError, match="vector sizes must be equal"):
        tnc_3point(x0, pid, inf, np.ones(3), np.zeros(0), -1, -1, -1.0, 0.0, 0.0, 0.0, -1.0,
                   -1.0, -1.0, -1.0)
    # differences at an x0 outside the bounds (scipy's approx_derivative refuses it)
    outside = np.array([[0.5, 1.0], [-1.0, 1.0]])
    with pytest.raises(ValueError, match="`x0` violates bound constraints"):
        minimize(objective, x0, args=(pid,), method="TNC", bounds=outside)
    with pytest.raises(ValueError, match="`x0` violates bound constraints"):
        tnc_fd(x0, pid, outside)
    with pytest.raises(ValueError, match="upper bound is less"):
        minimize(objective, x0, args=(pid,), method="TNC", bounds=[(1, 0), (0, 1)])
    with pytest.raises(ValueError, match="upper bound is less"):
        tnc_fd(x0, pid, np.array([[1.0, 0.0], [0.0, 1.0]]))

    @njit
    def typed_wrong(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="TNC",
                        options={"scale": "wide"}).x
    with pytest.raises(TypingError, match="'options' must be None or a dict"):
        typed_wrong(x0)

    @njit
    def typed_wrong_scale(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="TNC",
                        options={"scale": "wide", "eta": 0.5}).x
    with pytest.raises(TypingError, match="'scale' and 'offset' must be None"):
        typed_wrong_scale(x0)
