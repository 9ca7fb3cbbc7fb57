"""minimize(method='L-BFGS-B') against scipy 1.17, from both entries.

scipy is given the same compiled objective; our setulb is handed scipy's own
BLAS and LAPACK and the loop around it is scipy's ``_minimize_lbfgsb`` with
its ScalarFunction, so x, fun, jac, the counts, nit, status, message and the
inverse Hessian's corrections are compared exactly.  One compiled caller per
form of ``jac`` serves every problem (bounds are an argument: infinite
bounds are no bounds, as in scipy).
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
FIELDS = ("nfev", "njev", "nit", "status", "success", "message")


# ---------------------------------------------------------------- shared callers
@njit
def lbfgsb_fd(x0, pid, bounds):
    return minimize(objective, x0, args=(pid,), method="L-BFGS-B", bounds=bounds)


@njit
def lbfgsb_jac(x0, pid, bounds):
    return minimize(objective, x0, args=(pid,), method="L-BFGS-B", jac=gradient, bounds=bounds)


@njit
def lbfgsb_memo(x0, pid, bounds):
    return minimize(objective_and_gradient, x0, args=(pid,), jac=True, bounds=bounds)


@njit
def lbfgsb_3point(x0, pid, bounds, maxcor, ftol, gtol, maxfun, maxiter, maxls):
    return minimize(objective, x0, args=(pid,), method="L-BFGS-B", jac="3-point",
                    bounds=bounds, options={"maxcor": maxcor, "ftol": ftol, "gtol": gtol,
                                            "maxfun": maxfun, "maxiter": maxiter,
                                            "maxls": maxls})


def scipy_minimize(fun, pid, bounds, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return scipy.optimize.minimize(fun, STARTS[pid], args=(pid,), method="L-BFGS-B",
                                       bounds=bounds, **kw)


def assert_as_scipy(res, ref):
    for name in FIELDS:
        assert res[name] == ref[name], (name, res[name], ref[name])
    np.testing.assert_array_equal(res.x, ref.x)
    assert res.fun == ref.fun
    np.testing.assert_array_equal(res.jac, ref.jac)
    if ref.hess_inv is None:
        # (variables removed: scipy does not know it; inside @njit it is the operator of
        # the variables left)
        assert res.hess_inv is None or res.hess_inv.sk.shape[1] < res.x.size
    else:
        np.testing.assert_array_equal(res.hess_inv.sk, ref.hess_inv.sk)
        np.testing.assert_array_equal(res.hess_inv.yk, ref.hess_inv.yk)


# ---------------------------------------------------------------- parity inside @njit
@pytest.mark.parametrize("pid", ALL, ids=NAMES.get)
def test_differences_as_scipy(pid):
    for bounds in (no_bounds(pid), box(pid)):
        assert_as_scipy(lbfgsb_fd(STARTS[pid], pid, bounds),
                        scipy_minimize(objective, pid, bounds))


@pytest.mark.parametrize("pid", WITH_GRADIENT, ids=NAMES.get)
def test_gradient_as_scipy(pid):
    for bounds in (no_bounds(pid), box(pid), with_fixed(pid)):
        ref = scipy_minimize(objective, pid, bounds, jac=gradient)
        assert_as_scipy(lbfgsb_jac(STARTS[pid], pid, bounds), ref)
        ref = scipy_minimize(objective_and_gradient, pid, bounds, jac=True)
        assert_as_scipy(lbfgsb_memo(STARTS[pid], pid, bounds), ref)


@pytest.mark.parametrize("pid", (ROSENBROCK, EXT_ROSENBROCK, WOOD), ids=NAMES.get)
def test_options_three_point_and_fixed_variables_as_scipy(pid):
    # 3-point differences step one-sided or shorter next to a bound; the fixed
    # variable is removed (its jac NaN, hess_inv unknown from Python)
    cases = [(box(pid), 10, 2.2e-9, 1e-5, 15000, 15000, 20),
             (with_fixed(pid), 3, 1e-12, 1e-8, 15000, 15000, 20),
             (box(pid), 5, 2.2e-9, 1e-5, 30, 15000, 20),        # maxfun
             (no_bounds(pid), 10, 2.2e-9, 1e-5, 15000, 4, 20),  # maxiter
             (box(pid), 10, 2.2e-9, 1e-5, 15000, 15000, 1)]     # maxls
    for bounds, maxcor, ftol, gtol, maxfun, maxiter, maxls in cases:
        ref = scipy_minimize(objective, pid, bounds, jac="3-point",
                             options=dict(maxcor=maxcor, ftol=ftol, gtol=gtol, maxfun=maxfun,
                                          maxiter=maxiter, maxls=maxls))
        res = lbfgsb_3point(STARTS[pid], pid, bounds, maxcor, ftol, gtol, maxfun, maxiter, maxls)
        assert_as_scipy(res, ref)


def test_hess_inv_inside_njit_is_scipys_operator():
    @njit
    def products(x0, pid, bounds, v):
        h = lbfgsb_jac(x0, pid, bounds).hess_inv
        return h.todense(), h.matvec(v), h.dot(v), h.n_corrs

    pid = EXT_ROSENBROCK
    v = np.linspace(-1.0, 1.0, STARTS[pid].size)
    ref = scipy_minimize(objective, pid, no_bounds(pid), jac=gradient).hess_inv
    dense, mv, dot, n_corrs = products(STARTS[pid], pid, no_bounds(pid), v)
    assert n_corrs == ref.n_corrs
    np.testing.assert_allclose(dense, ref.todense(), rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(mv, ref.matvec(v), rtol=1e-12, atol=1e-13)
    np.testing.assert_array_equal(mv, dot)
    # scipy's operator passes into @njit and back
    back = njit(lambda h: h)(ref)
    assert isinstance(back, scipy.optimize.LbfgsInvHessProduct)
    np.testing.assert_array_equal(back.sk, ref.sk)


# ---------------------------------------------------------------- the Python entry
def test_python_entry_as_scipy():
    pid = ROSENBROCK
    x0 = STARTS[pid]
    for kw in ({}, {"bounds": [(-2.0, 0.5), (None, 0.2)]},
               {"bounds": scipy.optimize.Bounds([-2.0, -np.inf], [0.5, 0.2])},
               {"bounds": [(-1.2, -1.2), (None, 2.0)]},
               {"jac": gradient, "bounds": [(-1.2, -1.2), (None, 2.0)]},
               {"jac": "2-point", "tol": 1e-10, "options": {"maxcor": 4, "eps": 1e-7}}):
        res = minimize(objective, x0, args=(pid,), method="L-BFGS-B", **kw)
        ref = scipy_minimize(objective, pid, kw.pop("bounds", None), **kw)
        assert_as_scipy(res, ref)
        assert list(res) == list(ref)
    # the default method with bounds
    res = minimize(objective, x0, args=(pid,), bounds=[(-2.0, 0.5), (None, 0.2)])
    assert res.message == scipy_minimize(objective, pid, [(-2.0, 0.5), (None, 0.2)]).message


def test_every_variable_fixed_as_scipy():
    bounds = [(0.3, 0.3), (-0.1, -0.1)]
    ref = scipy.optimize.minimize(objective, np.zeros(2), args=(QUADRATIC,), bounds=bounds)
    res = minimize(objective, np.zeros(2), args=(QUADRATIC,), bounds=bounds)
    assert list(res) == list(ref)
    for k in ref:
        assert np.array_equal(res[k], ref[k]), k
    inside = lbfgsb_fd(np.zeros(2), QUADRATIC, np.array(bounds))
    assert (inside.fun, inside.nfev, inside.njev, inside.message) == (
        ref.fun, 1, 0, ref.message)
    np.testing.assert_array_equal(inside.x, ref.x)


def test_deprecated_printing_options_warn_as_scipy():
    with pytest.warns(DeprecationWarning, match="`disp` and `iprint`"):
        minimize(objective, STARTS[QUADRATIC], args=(QUADRATIC,), method="L-BFGS-B",
                 options={"iprint": 1})


# ---------------------------------------------------------------- cache, prange, faults
def test_cache_in_a_second_process(run_python, tmp_path):
    bounds = ((0.0, 1.0), (0.0, 2.0))
    got = valley_cached_twice(run_python, tmp_path, ", bounds=%r" % (bounds,), "r.x[0], r.nfev")
    ref = valley_by_scipy(bounds=bounds)
    assert got == (ref.x[0], ref.nfev)


def test_prange_equals_serial():
    def loop(starts, bounds):
        out = np.empty((starts.shape[0], 2))
        for i in prange(starts.shape[0]):
            r = lbfgsb_fd(starts[i], ROSENBROCK, bounds)
            out[i, 0] = r.x[0]
            out[i, 1] = r.nfev
        return out
    starts = np.random.default_rng(2).uniform(-2, 2, (128, 2))
    bounds = np.array([[-2.0, 0.8], [-2.0, 2.0]])
    np.testing.assert_array_equal(njit(parallel=True)(loop)(starts, bounds),
                                  njit(loop)(starts, bounds))


_X0 = np.zeros(2)
_NO_BOUNDS = no_bounds(QUADRATIC)


@njit
def raising_inside(pid):
    # (the arrays module constants: a raising frame's own arrays would leak, as
    # numba leaks them in every frame an exception passes; scijit's frames count)
    a = minimize(objective, _X0, args=(pid,), method="L-BFGS-B", bounds=_NO_BOUNDS).x
    b = minimize(objective, _X0, args=(pid,), method="L-BFGS-B", jac=gradient).x
    return a + b


@pytest.mark.parametrize("pid", [RAISE_AT_START, RAISE_PAST_HALF])
def test_raising_callback_propagates_without_leak(pid):
    assert_raises_without_leak(lambda: raising_inside(pid), ZeroDivisionError, "raised in")
    assert_raises_without_leak(lambda: minimize(objective, _X0, args=(pid,), method="L-BFGS-B",
                                                jac=gradient, bounds=[(-1, 1), (-1, 1)]),
                               ZeroDivisionError, "raised in the")


def test_nan_objective_as_scipy():
    res = lbfgsb_fd(STARTS[QUADRATIC], NAN_PAST_ONE, no_bounds(QUADRATIC))
    ref = scipy.optimize.minimize(objective, STARTS[QUADRATIC], args=(NAN_PAST_ONE,),
                                  method="L-BFGS-B")
    for name in FIELDS:
        assert res[name] == ref[name], name


# ---------------------------------------------------------------- bad input
def test_bad_input_from_both_entries():
    x0 = np.zeros(2)
    for call in (lambda **kw: minimize(objective, x0, args=(QUADRATIC,), method="L-BFGS-B",
                                       **kw),):
        with pytest.raises(ValueError, match="maxls must be positive"):
            call(options={"maxls": 0})
        with pytest.raises(ValueError, match="upper bound is less"):
            call(bounds=[(1, 0), (0, 1)])
        with pytest.raises(ValueError, match="number of bounds is not compatible"):
            call(bounds=[(0, 1), (0, 1), (0, 1)])
    with pytest.raises(ValueError, match="maxls must be positive"):
        lbfgsb_3point(x0, QUADRATIC, no_bounds(QUADRATIC), 10, 1e-9, 1e-5, 100, 100, 0)
    with pytest.raises(ValueError, match="upper bound is less"):
        lbfgsb_fd(x0, QUADRATIC, np.array([[1.0, 0.0], [0.0, 1.0]]))

    @njit
    def typed_wrong(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="L-BFGS-B", bounds="box").x
    with pytest.raises(TypingError, match="'bounds' must be None"):
        typed_wrong(x0)
