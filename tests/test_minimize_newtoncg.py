"""minimize(method='Newton-CG') against scipy 1.17, from both entries.

scipy is given the same compiled objective, gradient, Hessian and
Hessian-vector product, so both evaluate the same arithmetic; scijit follows
``_minimize_newtoncg``, its ScalarFunction and its line searches step for
step, and its dot products are BLAS's as scipy's are (``np.dot``: ddot,
dgemv), so every field is compared exactly: x, fun, jac, nfev, njev, nhev,
nit, status, success, message.  One compiled caller per form of the Hessian
serves every problem and option value (they are arguments), to keep compile
time down.
"""
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit, prange
from numba.core.errors import TypingError

from checks import assert_raises_without_leak
from minimize_problems import (valley_by_scipy, valley_cached_twice,
                               BEALE, BROWN_BADLY_SCALED, EXT_ROSENBROCK, NAMES, NOT_SYMMETRIC,
                               POWELL_SINGULAR, QUADRATIC, RAISE_AT_START, RAISE_IN_HESSIAN,
                               RAISE_PAST_HALF, ROSENBROCK, STARTS, WITH_GRADIENT, WOOD,
                               WRONG_HESSIAN, gradient, hessian, hessian_product, objective,
                               objective_and_gradient)
from scijit.optimize import minimize
from scijit.optimize._newton_cg import l1_norm

FIELDS = ("fun", "jac", "nfev", "njev", "nhev", "status", "success", "message", "x", "nit")


# ---------------------------------------------------------------- shared callers
@njit
def ncg_hess(x0, pid, xtol, maxiter, c1, c2):
    return minimize(objective, x0, args=(pid,), method="Newton-CG", jac=gradient,
                    hess=hessian, options={"xtol": xtol, "maxiter": maxiter, "c1": c1,
                                           "c2": c2})


@njit
def ncg_hessp(x0, pid):
    return minimize(objective, x0, args=(pid,), method="Newton-CG", jac=gradient,
                    hessp=hessian_product)


@njit
def ncg_approx(x0, pid, eps):
    return minimize(objective, x0, args=(pid,), method="Newton-CG", jac=gradient,
                    options={"eps": eps, "xtol": 1e-5})  # (mixed: a dict literal)


@njit
def ncg_2point(x0, pid):
    return minimize(objective, x0, args=(pid,), method="Newton-CG", jac=gradient,
                    hess="2-point")


@njit
def ncg_memo_3point(x0, pid, tol):
    return minimize(objective_and_gradient, x0, args=(pid,), method="newton-cg", jac=True,
                    hess="3-point", tol=tol)


@njit
def ncg_memo(x0, pid):
    return minimize(objective_and_gradient, x0, args=(pid,), method="Newton-CG", jac=True)


def scipy_newtoncg(pid, fun=objective, x0=None, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return scipy.optimize.minimize(fun, STARTS[pid] if x0 is None else x0, args=(pid,),
                                       method="Newton-CG", **kw)


def assert_as_scipy(res, ref):
    """Every field of scipy's, exactly (x, fun and jac too: same arithmetic, same
    BLAS calls)."""
    assert list(ref) == list(FIELDS)
    for name in FIELDS:
        got, want = res[name], ref[name]
        if name in ("x", "jac"):
            np.testing.assert_array_equal(got, want, err_msg=name)
        else:
            assert got == want, (name, got, want)


def default_maxiter(pid):
    return 200 * STARTS[pid].size


# ---------------------------------------------------------------- parity inside @njit
@pytest.mark.parametrize("pid", WITH_GRADIENT, ids=NAMES.get)
def test_hess_and_hessp_as_scipy(pid):
    ref = scipy_newtoncg(pid, jac=gradient, hess=hessian)
    assert_as_scipy(ncg_hess(STARTS[pid], pid, 1e-5, default_maxiter(pid), 1e-4, 0.9), ref)
    ref = scipy_newtoncg(pid, jac=gradient, hessp=hessian_product)
    assert_as_scipy(ncg_hessp(STARTS[pid], pid), ref)


@pytest.mark.parametrize("pid", WITH_GRADIENT, ids=NAMES.get)
def test_approximate_hessp_as_scipy(pid):
    # neither hess nor hessp: scipy's approx_fhess_p, differences of the gradient
    ref = scipy_newtoncg(pid, jac=gradient)
    assert_as_scipy(ncg_approx(STARTS[pid], pid, np.sqrt(np.finfo(float).eps)), ref)
    eps = np.linspace(1e-8, 3e-8, STARTS[pid].size)         # one step per component
    assert_as_scipy(ncg_approx(STARTS[pid], pid, eps), scipy_newtoncg(
        pid, jac=gradient, options={"eps": eps}))


@pytest.mark.parametrize("pid", (ROSENBROCK, EXT_ROSENBROCK, BEALE, WOOD), ids=NAMES.get)
def test_difference_hessian_and_jac_true_as_scipy(pid):
    assert_as_scipy(ncg_2point(STARTS[pid], pid),
                    scipy_newtoncg(pid, jac=gradient, hess="2-point"))
    # jac=True: scipy's MemoizeJac, whose pair the differenced Hessian's gradients move
    ref = scipy_newtoncg(pid, fun=objective_and_gradient, jac=True, hess="3-point", tol=1e-7)
    assert_as_scipy(ncg_memo_3point(STARTS[pid], pid, 1e-7), ref)
    ref = scipy_newtoncg(pid, fun=objective_and_gradient, jac=True)
    assert_as_scipy(ncg_memo(STARTS[pid], pid), ref)


@pytest.mark.parametrize("xtol, maxiter, c1, c2", [(1e-9, 400, 1e-4, 0.9),   # xtol
                                                  (1e-5, 7, 1e-4, 0.9),      # maxiter hit
                                                  (1e-5, 400, 0.3, 0.5),     # c1, c2
                                                  (1e-5, 0, 1e-4, 0.9)])     # no iteration
def test_options_as_scipy(xtol, maxiter, c1, c2):
    for pid in (EXT_ROSENBROCK, WOOD):
        ref = scipy_newtoncg(pid, jac=gradient, hess=hessian,
                             options=dict(xtol=xtol, maxiter=maxiter, c1=c1, c2=c2))
        res = ncg_hess(STARTS[pid], pid, xtol, maxiter, c1, c2)
        if maxiter == 0:
            # scipy's jac is its gfk before the first iteration: None (an empty array
            # inside @njit)
            assert ref.jac is None and res.jac.size == 0
            ref.jac = res.jac
        assert_as_scipy(res, ref)


def test_cg_not_converging_as_scipy():
    # a "Hessian" of positive curvature that is not symmetric: CG runs out of iterations
    x0 = np.zeros(2)
    ref = scipy_newtoncg(NOT_SYMMETRIC, x0=x0, jac=gradient, hess=hessian)
    assert ref.status == 3 and "CG iterations didn't converge" in ref.message
    assert ref.jac is None      # (scipy's gfk is set after the CG loop)
    ref.jac = np.empty(0)
    assert_as_scipy(ncg_hess(x0, NOT_SYMMETRIC, 1e-5, 400, 1e-4, 0.9), ref)
    ref = scipy_newtoncg(NOT_SYMMETRIC, x0=x0, jac=gradient, hessp=hessian_product)
    ref.jac = np.empty(0)
    assert_as_scipy(ncg_hessp(x0, NOT_SYMMETRIC), ref)
    res = minimize(objective, x0, args=(NOT_SYMMETRIC,), method="Newton-CG", jac=gradient,
                   hess=hessian)
    assert res.jac is None and res.message == ref.message


def test_l1_norm_is_numpys():
    # numpy's pairwise summation: leaves of 128, eight accumulators
    rng = np.random.default_rng(3)
    for n in list(range(1, 40)) + [127, 128, 129, 255, 256, 257, 1000, 4099]:
        v = rng.standard_normal(n) * 10.0 ** rng.integers(-6, 6, n)
        assert l1_norm(v) == np.linalg.norm(v, ord=1) == np.add.reduce(np.abs(v)), n


# ---------------------------------------------------------------- the Python entry
@pytest.mark.parametrize("form", ["hess", "hessp", "none", "2-point"])
def test_python_entry_equals_njit_and_scipy(form):
    kw, caller = {"hess": ({"hess": hessian}, lambda x0, pid: ncg_hess(
                      x0, pid, 1e-5, 200 * x0.size, 1e-4, 0.9)),
                  "hessp": ({"hessp": hessian_product}, ncg_hessp),
                  "none": ({}, lambda x0, pid: ncg_approx(x0, pid, np.sqrt(np.finfo(float).eps))),
                  "2-point": ({"hess": "2-point"}, ncg_2point)}[form]
    for pid in (ROSENBROCK, POWELL_SINGULAR, BROWN_BADLY_SCALED):
        res = minimize(objective, STARTS[pid], args=(pid,), method="Newton-CG", jac=gradient,
                       **kw)
        assert type(res) is scipy.optimize.OptimizeResult
        inside = caller(STARTS[pid], pid)
        for name in FIELDS:
            np.testing.assert_array_equal(res[name], inside[name])
        assert_as_scipy(res, scipy_newtoncg(pid, jac=gradient, **kw))


def test_python_entry_options_tol_and_jac_true():
    x0 = STARTS[WOOD]
    for kw in (dict(options=dict(xtol=1e-8, c1=1e-3, c2=0.5)), dict(tol=1e-3),
               dict(options=dict(maxiter=0)), dict(options=dict(eps=1e-6, workers=None))):
        ref = scipy_newtoncg(WOOD, jac=gradient, **kw)
        assert_as_scipy(minimize(objective, x0, args=(WOOD,), method="Newton-CG",
                                 jac=gradient, **kw), ref)
    ref = scipy_newtoncg(WOOD, fun=objective_and_gradient, jac=True, hessp=hessian_product)
    assert_as_scipy(minimize(objective_and_gradient, x0, args=(WOOD,), method="Newton-CG",
                             jac=True, hessp=hessian_product), ref)


def test_statuses_disp_and_warnings_as_scipy(capsys):
    x0 = STARTS[EXT_ROSENBROCK]
    common = dict(args=(EXT_ROSENBROCK,), method="Newton-CG", jac=gradient, hess=hessian)
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Maximum number of iterations"):
        scipy.optimize.minimize(objective, x0, **common, options={"maxiter": 3, "disp": True})
    want = capsys.readouterr().out
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Maximum number of iterations"):
        minimize(objective, x0, **common, options={"maxiter": 3, "disp": True})
    assert capsys.readouterr().out == want and "Hessian evaluations: 3" in want
    scipy.optimize.minimize(objective, x0, **common, options={"disp": True})
    want = capsys.readouterr().out
    minimize(objective, x0, **common, options={"disp": True})
    assert capsys.readouterr().out == want and "terminated successfully" in want
    # scipy warns of neither hess nor hessp for Newton-CG (hessp is ignored when hess is
    # given), nor of hessp given with a differenced hess
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = minimize(objective, x0, **common, hessp=hessian_product)
    assert_as_scipy(res, scipy_newtoncg(EXT_ROSENBROCK, jac=gradient, hess=hessian))
    with pytest.warns(RuntimeWarning, match="Method Newton-CG cannot handle bounds"):
        minimize(objective, x0, **common, bounds=[(0, 1)] * x0.size)
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Unknown solver options: gtol"):
        minimize(objective, x0, **common, options={"gtol": 1.0})


def test_scipy_name_inside_njit():
    @njit
    def by_scipy_name(x0):
        return scipy.optimize.minimize(objective, x0, args=(BEALE,), method="Newton-CG",
                                       jac=gradient, hessp=hessian_product).x
    np.testing.assert_array_equal(by_scipy_name(STARTS[BEALE]), ncg_hessp(STARTS[BEALE],
                                                                          BEALE).x)


# ---------------------------------------------------------------- cache, prange, faults
def test_cache_in_a_second_process(run_python, tmp_path):
    more = """
@njit(cache=True)
def g(x, a):
    return np.array([2.0 * (x[0] - a) - 40.0 * x[0] * (x[1] - x[0] ** 2),
                     20.0 * (x[1] - x[0] ** 2)])

@njit(cache=True)
def h(x, a):
    return np.array([[2.0 - 40.0 * x[1] + 120.0 * x[0] ** 2, -40.0 * x[0]],
                     [-40.0 * x[0], 20.0]])
"""
    got = valley_cached_twice(run_python, tmp_path, ", method='Newton-CG', jac=g, hess=h",
                              "r.x[0], r.nfev, r.nhev", more)
    ref = valley_by_scipy(
        method="Newton-CG",
        jac=lambda x, a: np.array([2.0 * (x[0] - a) - 40.0 * x[0] * (x[1] - x[0] ** 2),
                                   20.0 * (x[1] - x[0] ** 2)]),
        hess=lambda x, a: np.array([[2.0 - 40.0 * x[1] + 120.0 * x[0] ** 2, -40.0 * x[0]],
                                    [-40.0 * x[0], 20.0]]))
    assert got == (ref.x[0], ref.nfev, ref.nhev)


def test_prange_equals_serial():
    def loop(starts):
        out = np.empty((starts.shape[0], 3))
        for i in prange(starts.shape[0]):
            r = minimize(objective, starts[i], args=(ROSENBROCK,), method="Newton-CG",
                         jac=gradient, hessp=hessian_product)
            out[i, 0] = r.x[0]
            out[i, 1] = r.nfev
            out[i, 2] = r.nhev
        return out
    starts = np.random.default_rng(1).uniform(-2, 2, (128, 2))
    np.testing.assert_array_equal(njit(parallel=True)(loop)(starts), njit(loop)(starts))


_X0 = np.zeros(2)


@njit
def raising_inside(pid):
    # (x0 a global: an array of this frame's own would leak, as numba leaks every
    # raising frame's arrays; only scijit's frames count)
    a = minimize(objective, _X0, args=(pid,), method="Newton-CG", jac=gradient,
                 hess=hessian).x
    b = minimize(objective, _X0, args=(pid,), method="Newton-CG", jac=gradient,
                 hessp=hessian_product).x
    return a + b


@pytest.mark.parametrize("pid, match", [(RAISE_AT_START, "raised in the objective"),
                                        (RAISE_PAST_HALF, "raised in the objective"),
                                        (RAISE_IN_HESSIAN, "raised in the hessian")])
def test_raising_callback_propagates_without_leak(pid, match):
    assert_raises_without_leak(lambda: raising_inside(pid), ZeroDivisionError, match)
    for kw in ({"hess": hessian}, {"hessp": hessian_product}, {"hess": "2-point"}, {}):
        if pid == RAISE_IN_HESSIAN and not kw.get("hess") is hessian and "hessp" not in kw:
            continue            # (no user Hessian to raise)
        assert_raises_without_leak(lambda: minimize(objective, _X0, args=(pid,),
                                                    method="Newton-CG", jac=gradient, **kw),
                                   ZeroDivisionError, match)


# ---------------------------------------------------------------- bad input
def test_bad_input_from_python():
    x0 = np.zeros(2)
    common = dict(args=(QUADRATIC,), method="Newton-CG")
    for jac in (None, False, "2-point", "cs"):        # scipy 1.17 reads them all as None
        with pytest.raises(ValueError, match="Jacobian is required for Newton-CG method"):
            minimize(objective, x0, jac=jac, **common)
    with pytest.raises(NotImplementedError, match="hess='cs'"):
        minimize(objective, x0, jac=gradient, hess="cs", **common)
    with pytest.raises(NotImplementedError, match="HessianUpdateStrategy.*BFGS"):
        minimize(objective, x0, jac=gradient, hess=scipy.optimize.BFGS(), **common)
    with pytest.raises(ValueError, match="`hess` must be either callable"):
        minimize(objective, x0, jac=gradient, hess="4-point", **common)
    with pytest.raises(TypeError, match="'hessp' must be callable"):
        minimize(objective, x0, jac=gradient, hessp=3.0, **common)
    with pytest.raises(ValueError, match="'hess' returned a 2 x 3 array"):
        minimize(objective, x0, args=(WRONG_HESSIAN,), method="Newton-CG", jac=gradient,
                 hess=hessian)
    with pytest.raises(ValueError, match="'hessp' returned 3 elements"):
        minimize(objective, x0, args=(WRONG_HESSIAN,), method="Newton-CG", jac=gradient,
                 hessp=hessian_product)
    with pytest.raises(ValueError, match="'c1' and 'c2'"):
        minimize(objective, x0, jac=gradient, options={"c1": 0.5, "c2": 0.4}, **common)
    with pytest.raises(NotImplementedError, match="return_all"):
        minimize(objective, x0, jac=gradient, options={"return_all": True}, **common)


def test_bad_input_inside_njit():
    @njit
    def without_jac(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="Newton-CG").x
    with pytest.raises(ValueError, match="Jacobian is required for Newton-CG method"):
        without_jac(np.zeros(2))

    @njit
    def complex_step(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="Newton-CG", jac=gradient,
                        hess="cs").x
    with pytest.raises(TypingError, match="hess='cs' is not implemented"):
        complex_step(np.zeros(2))

    @njit
    def number_as_hess(x0):
        return minimize(objective, x0, args=(QUADRATIC,), method="Newton-CG", jac=gradient,
                        hess=1.0).x
    with pytest.raises(TypingError, match="HessianUpdateStrategy is not implemented"):
        number_as_hess(np.zeros(2))
    # a Hessian of the wrong shape, through a shared caller
    with pytest.raises(ValueError, match="'hess' returned a 2 x 3 array"):
        ncg_hess(np.zeros(2), WRONG_HESSIAN, 1e-5, 400, 1e-4, 0.9)
