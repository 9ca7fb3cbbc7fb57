"""minimize ('BFGS', 'CG', 'Nelder-Mead') against scipy 1.17, from both entries.

scipy is given the same compiled objective (numba's dispatcher is callable
from Python), so both evaluate the same arithmetic; scijit follows scipy's
algorithms, line searches and memoised evaluations step for step, so x, fun,
the gradient, the counts, nit, status and message are compared exactly
(x and fun within 1e-12: BLAS may order a sum differently).  One compiled
caller per method and form of ``jac`` serves every problem (the problem is
an argument of the one objective), to keep compile time down.
"""
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit, prange
from numba.core.errors import TypingError

from checks import assert_raises_without_leak
from minimize_problems import (valley_by_scipy, valley_cached_twice,
                               BEALE, BOX_3D, EXT_ROSENBROCK, GAUSSIAN, HELICAL_VALLEY,
                               NAMES, NAN_PAST_ONE, POWELL_SINGULAR, QUADRATIC, RAISE_AT_START,
                               RAISE_PAST_HALF, ROSENBROCK, STARTS, WITH_GRADIENT, WOOD,
                               WRONG_GRADIENT, gradient, objective, objective_and_gradient)
from scijit.optimize import minimize

ALL = tuple(NAMES)


# ---------------------------------------------------------------- shared callers
@njit
def bfgs_fd(x0, pid):
    return minimize(objective, x0, args=(pid,), method="BFGS")


@njit
def bfgs_jac(x0, pid):
    return minimize(objective, x0, args=(pid,), method="BFGS", jac=gradient)


@njit
def bfgs_memo(x0, pid):
    return minimize(objective_and_gradient, x0, args=(pid,), jac=True)


@njit
def bfgs_3point(x0, pid, gtol):
    return minimize(objective, x0, args=(pid,), method="BFGS", jac="3-point",
                    options={"gtol": gtol})


@njit
def cg_fd(x0, pid):
    return minimize(objective, x0, args=(pid,), method="CG")


@njit
def cg_jac(x0, pid):
    return minimize(objective, x0, args=(pid,), method="CG", jac=gradient)


@njit
def nelder_mead(x0, pid):
    return minimize(objective, x0, args=(pid,), method="Nelder-Mead")


@njit
def nelder_mead_bounded(x0, pid, bounds, adaptive):
    return minimize(objective, x0, args=(pid,), method="nelder-mead", bounds=bounds,
                    options={"adaptive": adaptive, "xatol": 1e-6, "fatol": 1e-8})


GRADIENT_FIELDS = ("nfev", "njev", "nit", "status", "success", "message")
SIMPLEX_FIELDS = ("nfev", "nit", "status", "success", "message")


def assert_as_scipy(res, ref, fields):
    for name in fields:
        assert res[name] == ref[name], (name, res[name], ref[name])
    np.testing.assert_allclose(res.x, ref.x, rtol=1e-12, atol=1e-300)
    np.testing.assert_allclose(res.fun, ref.fun, rtol=1e-12, atol=1e-300)
    if "jac" in ref:
        np.testing.assert_allclose(res.jac, ref.jac, rtol=1e-9, atol=1e-12)
    if "hess_inv" in ref:
        np.testing.assert_allclose(res.hess_inv, ref.hess_inv, rtol=1e-9, atol=1e-12)
    if "final_simplex" in ref:
        np.testing.assert_allclose(res.final_simplex[0], ref.final_simplex[0], rtol=1e-12)
        np.testing.assert_allclose(res.final_simplex[1], ref.final_simplex[1], rtol=1e-12)


def scipy_minimize(pid, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return scipy.optimize.minimize(objective, STARTS[pid], args=(pid,), **kw)


# ---------------------------------------------------------------- parity inside @njit
@pytest.mark.parametrize("pid", ALL, ids=NAMES.get)
def test_bfgs_differences_as_scipy(pid):
    res = bfgs_fd(STARTS[pid], pid)
    assert_as_scipy(res, scipy_minimize(pid, method="BFGS"), GRADIENT_FIELDS)


@pytest.mark.parametrize("pid", WITH_GRADIENT, ids=NAMES.get)
def test_bfgs_gradient_as_scipy(pid):
    ref = scipy_minimize(pid, method="BFGS", jac=gradient)
    assert_as_scipy(bfgs_jac(STARTS[pid], pid), ref, GRADIENT_FIELDS)
    # jac=True: one call gives both; scipy's MemoizeJac counts as it does
    ref = scipy.optimize.minimize(objective_and_gradient, STARTS[pid], args=(pid,), jac=True)
    assert_as_scipy(bfgs_memo(STARTS[pid], pid), ref, GRADIENT_FIELDS)


@pytest.mark.parametrize("pid", (ROSENBROCK, WOOD, GAUSSIAN), ids=NAMES.get)
def test_bfgs_three_point_as_scipy(pid):
    ref = scipy_minimize(pid, method="BFGS", jac="3-point", options={"gtol": 1e-7})
    assert_as_scipy(bfgs_3point(STARTS[pid], pid, 1e-7), ref, GRADIENT_FIELDS)


@pytest.mark.parametrize("pid", ALL, ids=NAMES.get)
def test_cg_as_scipy(pid):
    assert_as_scipy(cg_fd(STARTS[pid], pid), scipy_minimize(pid, method="CG"), GRADIENT_FIELDS)
    if pid in WITH_GRADIENT:
        ref = scipy_minimize(pid, method="CG", jac=gradient)
        assert_as_scipy(cg_jac(STARTS[pid], pid), ref, GRADIENT_FIELDS)


@pytest.mark.parametrize("pid", ALL, ids=NAMES.get)
def test_nelder_mead_as_scipy(pid):
    ref = scipy_minimize(pid, method="Nelder-Mead")
    res = nelder_mead(STARTS[pid], pid)
    if pid == EXT_ROSENBROCK:
        # Vertices of equal value from the start (its five pairs are alike): numpy's
        # argsort orders ties as the machine's SIMD sort does, scijit's sort is stable
        # (docs/optimize.md), so the paths differ; both converge as far.
        assert (res.status, res.message, res.nfev) == (ref.status, ref.message, ref.nfev)
        return
    assert_as_scipy(res, ref, SIMPLEX_FIELDS)


def test_nelder_mead_with_jac_true_as_scipy():
    # scipy wraps fun in MemoizeJac (and warns): Nelder-Mead uses its values only
    pid = ROSENBROCK
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = scipy.optimize.minimize(objective_and_gradient, STARTS[pid], args=(pid,),
                                      method="Nelder-Mead", jac=True)
    with pytest.warns(RuntimeWarning, match="does not use gradient"):
        res = minimize(objective_and_gradient, STARTS[pid], args=(pid,), method="Nelder-Mead",
                       jac=True)
    assert_as_scipy(res, ref, SIMPLEX_FIELDS)
    inside = njit(lambda x0: minimize(objective_and_gradient, x0, args=(pid,),
                                      method="Nelder-Mead", jac=True))(STARTS[pid])
    assert_as_scipy(inside, ref, SIMPLEX_FIELDS)


@pytest.mark.parametrize("pid, adaptive", [(ROSENBROCK, False), (WOOD, True),
                                           (HELICAL_VALLEY, False)])
def test_nelder_mead_bounds_as_scipy(pid, adaptive):
    n = STARTS[pid].size
    lb, ub = np.full(n, -0.5), np.full(n, 0.9)     # the minimum (ones) is outside: active
    ref = scipy_minimize(pid, method="Nelder-Mead", bounds=scipy.optimize.Bounds(lb, ub),
                         options={"adaptive": adaptive, "xatol": 1e-6, "fatol": 1e-8})
    res = nelder_mead_bounded(np.clip(STARTS[pid], lb, ub), pid,
                              np.ascontiguousarray(np.stack([lb, ub], 1)), adaptive)
    assert_as_scipy(res, ref, SIMPLEX_FIELDS)
    assert np.all((res.x >= -0.5) & (res.x <= 0.9)) and np.any((res.x == -0.5) | (res.x == 0.9))


# ---------------------------------------------------------------- the Python entry
@pytest.mark.parametrize("method, jac", [("BFGS", None), ("BFGS", gradient), ("CG", None),
                                         ("Nelder-Mead", None)])
def test_python_entry_equals_njit_and_scipy(method, jac):
    caller = {("BFGS", None): bfgs_fd, ("BFGS", gradient): bfgs_jac, ("CG", None): cg_fd,
              ("Nelder-Mead", None): nelder_mead}[method, jac]
    for pid in (ROSENBROCK, BEALE, POWELL_SINGULAR):
        res = minimize(objective, STARTS[pid], args=(pid,), method=method, jac=jac)
        inside = caller(STARTS[pid], pid)
        assert type(res) is scipy.optimize.OptimizeResult
        assert list(res) == list(scipy_minimize(pid, method=method, jac=jac))  # field order
        for name in res:
            got, want = res[name], inside[name]
            for a, b in zip(got, want) if name == "final_simplex" else [(got, want)]:
                np.testing.assert_array_equal(a, b)
        fields = SIMPLEX_FIELDS if method == "Nelder-Mead" else GRADIENT_FIELDS
        assert_as_scipy(res, scipy_minimize(pid, method=method, jac=jac), fields)


def test_python_entry_options_as_scipy():
    """Every option of each method, from Python, against scipy (changing an
    option compiles nothing again: one namedtuple type per method)."""
    x0 = STARTS[WOOD]
    cases = [
        ("BFGS", dict(gtol=1e-8, norm=2.0, eps=1e-7, maxiter=15)),
        ("BFGS", dict(xrtol=1e-3, c1=1e-3, c2=0.5, hess_inv0=np.diag([0.5, 1.0, 2.0, 1.0]))),
        ("BFGS", dict(eps=np.array([1e-8, 2e-8, 1e-7, 1e-8]))),
        ("CG", dict(gtol=1e-7, norm=-np.inf, maxiter=40, c1=1e-3, c2=0.3)),
        ("Nelder-Mead", dict(maxiter=300, xatol=1e-7, fatol=1e-9, adaptive=True)),
        ("Nelder-Mead", dict(maxfev=150)),
        ("Nelder-Mead", dict(initial_simplex=x0 + np.vstack([np.zeros(4), np.eye(4)]))),
    ]
    for method, options in cases:
        ref = scipy.optimize.minimize(objective, x0, args=(WOOD,), method=method,
                                      options=options)
        res = minimize(objective, x0, args=(WOOD,), method=method, options=options)
        fields = SIMPLEX_FIELDS if method == "Nelder-Mead" else GRADIENT_FIELDS
        assert_as_scipy(res, ref, fields)
    for method in ("BFGS", "Nelder-Mead"):     # tol, and the finite-difference steps
        ref = scipy.optimize.minimize(objective, x0, args=(WOOD,), method=method, tol=1e-3)
        assert_as_scipy(minimize(objective, x0, args=(WOOD,), method=method, tol=1e-3), ref,
                        SIMPLEX_FIELDS if method == "Nelder-Mead" else GRADIENT_FIELDS)
    ref = scipy.optimize.minimize(objective, x0, args=(WOOD,), jac="2-point",
                                  options={"finite_diff_rel_step": 1e-6})
    res = minimize(objective, x0, args=(WOOD,), jac="2-point",
                   options={"finite_diff_rel_step": 1e-6})
    assert_as_scipy(res, ref, GRADIENT_FIELDS)


def test_statuses_and_disp_as_scipy(capsys):
    x0 = STARTS[EXT_ROSENBROCK]
    for method, options in (("BFGS", {"maxiter": 5}), ("CG", {"maxiter": 5}),
                            ("Nelder-Mead", {"maxiter": 20}), ("Nelder-Mead", {"maxfev": 20}),
                            ("BFGS", {"gtol": 1e-300})):
        ref = scipy_minimize(EXT_ROSENBROCK, method=method, options=options)
        res = minimize(objective, x0, args=(EXT_ROSENBROCK,), method=method, options=options)
        assert (res.status, res.message) == (ref.status, ref.message)
        assert res.status != 0
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Maximum number of iterations"):
        minimize(objective, x0, args=(EXT_ROSENBROCK,), options={"maxiter": 5, "disp": True})
    minimize(objective, STARTS[QUADRATIC], args=(QUADRATIC,), options={"disp": True})
    assert "Optimization terminated successfully." in capsys.readouterr().out


def test_scipy_name_inside_njit_and_nan_objective():
    @njit
    def by_scipy_name(x0):
        return scipy.optimize.minimize(objective, x0, args=(BOX_3D,), method="CG").x
    np.testing.assert_array_equal(by_scipy_name(STARTS[BOX_3D]), cg_fd(STARTS[BOX_3D],
                                                                        BOX_3D).x)
    for method, caller in (("BFGS", bfgs_fd), ("Nelder-Mead", nelder_mead)):
        ref = scipy.optimize.minimize(objective, STARTS[QUADRATIC], args=(NAN_PAST_ONE,),
                                      method=method)
        res = caller(STARTS[QUADRATIC], NAN_PAST_ONE)
        assert (res.status, res.nfev, res.message) == (ref.status, ref.nfev, ref.message)


# ---------------------------------------------------------------- cache, prange, faults
def test_cache_in_a_second_process(run_python, tmp_path):
    got = valley_cached_twice(run_python, tmp_path, "", "r.x[0], r.nfev")
    assert got[1] == valley_by_scipy().nfev


def test_prange_equals_serial():
    def loop(starts):
        out = np.empty((starts.shape[0], 2))
        for i in prange(starts.shape[0]):
            r = minimize(objective, starts[i], args=(ROSENBROCK,), method="BFGS")
            out[i, 0] = r.x[0]
            out[i, 1] = r.nfev
        return out
    starts = np.random.default_rng(1).uniform(-2, 2, (256, 2))
    np.testing.assert_array_equal(njit(parallel=True)(loop)(starts), njit(loop)(starts))


_X0 = np.zeros(2)


@njit
def raising_inside(pid):
    # (x0 a global, a constant: an array of this frame's own would leak, as
    # numba leaks every raising frame's arrays; only scijit's frames count)
    a = minimize(objective, _X0, args=(pid,), jac=gradient).x
    b = minimize(objective, _X0, args=(pid,), method="Nelder-Mead").x
    return a + b


@pytest.mark.parametrize("pid", [RAISE_AT_START, RAISE_PAST_HALF])  # precheck; iterations
def test_raising_callback_propagates_without_leak(pid):
    assert_raises_without_leak(lambda: raising_inside(pid), ZeroDivisionError, "raised in")
    for method, jac in (("BFGS", None), ("BFGS", gradient), ("Nelder-Mead", None)):
        assert_raises_without_leak(lambda: minimize(objective, _X0, args=(pid,), method=method,
                                                    jac=jac),
                                   ZeroDivisionError, "raised in the")


# ---------------------------------------------------------------- bad input
def test_bad_input_from_python():
    x0 = np.zeros(2)
    f = objective
    with pytest.raises(ValueError, match="Unknown solver foo"):
        minimize(f, x0, args=(QUADRATIC,), method="foo")
    with pytest.raises(NotImplementedError, match="COBYLA"):
        minimize(f, x0, args=(QUADRATIC,), method="COBYLA")
    with pytest.raises(NotImplementedError, match="callback"):
        minimize(f, x0, args=(QUADRATIC,), callback=lambda r: None)
    with pytest.raises(ValueError, match="must only have one dimension"):
        minimize(f, np.zeros((2, 2)), args=(QUADRATIC,))
    with pytest.raises(ValueError, match="'c1' and 'c2'"):
        minimize(f, x0, args=(QUADRATIC,), options={"c1": 0.5, "c2": 0.4})
    with pytest.raises(ValueError, match="positive definite"):
        minimize(f, x0, args=(QUADRATIC,), options={"hess_inv0": -np.eye(2)})
    with pytest.raises(ValueError, match="upper bound is less"):
        minimize(f, x0, args=(QUADRATIC,), method="Nelder-Mead", bounds=[(1, 0), (0, 1)])
    with pytest.raises(ValueError, match="shape \\(N\\+1,N\\)"):
        minimize(f, x0, args=(QUADRATIC,), method="Nelder-Mead",
                 options={"initial_simplex": np.zeros((2, 2))})
    with pytest.raises(ValueError, match="must return a scalar"):
        minimize(njit(lambda x: x * 2.0), x0)
    with pytest.raises(ValueError, match="the gradient has 3 elements"):
        minimize(f, x0, args=(WRONG_GRADIENT,), jac=gradient)
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Unknown solver options: foo"):
        minimize(f, x0, args=(QUADRATIC,), options={"foo": 1})
    with pytest.warns(RuntimeWarning, match="does not use gradient information"):
        minimize(f, x0, args=(QUADRATIC,), method="Nelder-Mead", jac=gradient)


def test_bad_input_inside_njit():
    @njit
    def unknown_method(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="trust-ncg").x
    with pytest.raises(TypingError, match="method='trust-ncg' is not implemented"):
        unknown_method(np.zeros(2))

    @njit
    def two_d(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="CG").x
    with pytest.raises(ValueError, match="must only have one dimension"):
        two_d(np.zeros((2, 2)))
