"""least_squares(method='lm') against scipy's, from both entries.

scipy calls the same compiled residuals, so x, nfev, njev and status match
exactly; ``grad`` is J^T f, whose BLAS summation order differs (numpy's
gemv vs numba's), so it is compared to rounding of |J|^T |f|.
"""
import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import least_squares

import lsq_problems as L
from lsq_problems import rosenbrock

# ---------------------------------------------------------------- one residual for all
# The problems of lsq_problems.CASES and the faults below, chosen by the run-time ``k`` of
# ``residual(x, state, k)`` (state[0] counts its calls): each entry compiles once with
# '2-point' and once with the Jacobian for all of them (as zeros_problems.aps does).
PROBLEMS = ["rosenbrock", "bard", "kowalik_osborne", "osborne1"]
K = {name: k for k, name in enumerate(PROBLEMS)}
# rosenbrock with a fault: raises at the fifth call; not finite; a (3, 2) Jacobian
_RAISES, _NOT_FINITE, _WRONG_JAC = 4, 5, 6


@njit
def residual(x, state, k):
    state[0] += 1
    if k == 1:
        return L.bard(x)
    if k == 2:
        return L.kowalik_osborne(x)
    if k == 3:
        return L.osborne1(x)
    if k == _RAISES and state[0] >= 5:
        raise ZeroDivisionError("fifth call")
    if k == _NOT_FINITE:
        return np.array([np.nan, x[0]])
    return L.rosenbrock(x)


@njit
def jacobian(x, state, k):
    if k == 1:
        return L.bard_jac(x)
    if k == _WRONG_JAC:
        return np.zeros((3, 2))
    return L.rosenbrock_jac(x)


assert all(PROBLEMS[k] == f.__name__ for k, f in enumerate(
    (L.rosenbrock, L.bard, L.kowalik_osborne, L.osborne1)))
_BY_NAME = {c[0]: c for c in L.CASES}


def _args(k):
    return (np.zeros(1), k)


# the @njit callers use scipy's name (its registration checked by each of their cases)
@njit
def _jit_2point(fun, x0, args):
    return scipy.optimize.least_squares(fun, x0, args=args, method='lm')


@njit
def _jit_jac(fun, jac, x0, args):
    return scipy.optimize.least_squares(fun, x0, jac=jac, args=args, method='lm')


def _same_as_scipy(got, want):
    assert list(got.keys()) == list(want.keys())
    for key in ("nfev", "njev", "status", "message", "success"):
        assert got[key] == want[key], key
    np.testing.assert_array_equal(got.x, want.x)
    np.testing.assert_array_equal(got.fun, want.fun)
    np.testing.assert_array_equal(got.jac, want.jac)
    np.testing.assert_array_equal(got.active_mask, want.active_mask)
    assert got.active_mask.dtype == want.active_mask.dtype
    np.testing.assert_allclose(got.cost, want.cost, rtol=1e-14)
    scale = (np.abs(want.jac).T @ np.abs(want.fun)).max()
    np.testing.assert_allclose(got.grad, want.grad, rtol=0, atol=1e-14 * scale)
    np.testing.assert_allclose(got.optimality, want.optimality, rtol=0, atol=1e-14 * scale)


@pytest.mark.parametrize("name", ["rosenbrock", "bard", "kowalik-osborne", "osborne1",
                                  "rosenbrock-jac", "bard-jac"])
def test_matches_scipy_from_both_entries(name):
    _, fun, jac, x0 = _BY_NAME[name]
    k = K[fun.__name__]
    jac = "2-point" if jac is None else jacobian
    want = scipy.optimize.least_squares(residual, x0, jac=jac, args=_args(k), method='lm')
    got = least_squares(residual, x0, jac=jac, args=_args(k), method='lm')
    _same_as_scipy(got, want)
    jitted = (_jit_2point(residual, x0, _args(k)) if jac == "2-point"
              else _jit_jac(residual, jac, x0, _args(k)))
    for key in got:
        if got[key] is None:
            assert jitted[key] is None
        else:
            np.testing.assert_array_equal(jitted[key], got[key])


@pytest.mark.parametrize("name, options", [
    ("bard", dict(jac="3-point")),
    ("kowalik-osborne", dict(jac="cs")),          # needs a residual accepting complex x
    ("bard", dict(x_scale=[1.0, 2.0, 3.0], diff_step=1e-4, ftol=1e-12)),
    ("bard", dict(x_scale="jac", max_nfev=4, xtol=1e-10, gtol=1e-10)),
])
def test_options_like_scipy(name, options):
    _, fun, _, x0 = _BY_NAME[name]
    if options.get("jac") == "cs":       # residual's other problems take no complex x
        fun, args = L.kowalik_osborne, ()
    else:
        fun, args = residual, _args(K[fun.__name__])
    with np.errstate(all="ignore"):
        want = scipy.optimize.least_squares(fun, x0, args=args, method='lm', **options)
    got = least_squares(fun, x0, args=args, method='lm', **options)
    _same_as_scipy(got, want)


def test_args():
    # args (an array, an integer) choose and count the residual
    ours, theirs = _args(K["bard"]), _args(K["bard"])
    want = scipy.optimize.least_squares(residual, np.ones(3), args=theirs, method='lm')
    _same_as_scipy(least_squares(residual, np.ones(3), args=ours, method='lm'), want)
    assert ours[0][0] > 0                      # args reach the function


def test_unsupported_arguments_are_named():
    with pytest.raises(NotImplementedError, match="method='trf'"):
        least_squares(rosenbrock, [-1.2, 1.0])
    with pytest.raises(NotImplementedError, match="'bounds'"):
        least_squares(rosenbrock, [-1.2, 1.0], method='lm', bounds=(0.0, 2.0))
    with pytest.raises(ValueError):            # scipy: "Method 'lm' doesn't support bounds."
        least_squares(rosenbrock, [-1.2, 1.0], method='lm', bounds=(0.0, 2.0))
    with pytest.raises(ValueError, match="only 'linear' loss"):
        least_squares(rosenbrock, [-1.2, 1.0], method='lm', loss='huber')
    with pytest.raises(ValueError, match="All tolerances must be higher"):
        least_squares(rosenbrock, [-1.2, 1.0], method='lm', ftol=None)

    @njit
    def trf(x0):
        return least_squares(rosenbrock, x0)
    with pytest.raises(TypingError, match="method='trf' is not implemented"):
        trf(np.array([-1.2, 1.0]))


# ---------------------------------------------------------------- faults
def test_faults_like_scipy():
    state = _args(_RAISES)[0]
    with pytest.raises(ZeroDivisionError, match="fifth call"):
        least_squares(residual, [-1.2, 1.0], args=(state, _RAISES), method='lm')
    assert state[0] == 5
    # too few residuals (rosenbrock's two for three unknowns), not finite, a wrong jac
    for k, x0, jac in ((K["rosenbrock"], [1.0, 2.0, 3.0], "2-point"),
                       (_NOT_FINITE, [1.0, 2.0], "2-point"),
                       (_WRONG_JAC, [-1.2, 1.0], jacobian)):
        with pytest.raises(ValueError) as theirs:
            scipy.optimize.least_squares(residual, x0, jac=jac, args=_args(k), method='lm')
        with pytest.raises(ValueError) as ours:
            least_squares(residual, x0, jac=jac, args=_args(k), method='lm')
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError, match="'args'"):
        least_squares(rosenbrock, [1.0, 2.0], args=("text",), method='lm')


# ---------------------------------------------------------------- 1-D Jacobians
@njit
def square_plus_five(x):
    return x ** 2 + 5.0


@njit
def twice(x):                  # a 1-D Jacobian: scipy reads np.atleast_2d of it, one row
    return 2 * x


@njit
def two_residuals(x):
    return np.array([x[0] - 1.0, x[0] + 1.0])


@njit
def one_row_for_two(x):        # (2,) -> atleast_2d (1, 2): wrong for m = 2, n = 1
    return np.array([1.0, 1.0])


@njit
def _njit_scalar_x0(x0):
    return least_squares(square_plus_five, x0, twice, method='lm')


def test_scalar_x0_and_a_1d_jacobian_like_scipy():
    """scipy's TestLM::test_jac_options: ``least_squares(fun, 2.0, jac)`` with
    ``jac`` returning a 1-D array, from both entries."""
    want = scipy.optimize.least_squares(square_plus_five, 2.0, twice, method='lm')
    for got in (least_squares(square_plus_five, 2.0, twice, method='lm'), _njit_scalar_x0(2.0)):
        np.testing.assert_array_equal(got.x, want.x)
        np.testing.assert_array_equal(got.jac, want.jac)
        assert (got.nfev, got.njev, got.status) == (want.nfev, want.njev, want.status)
    with pytest.raises(ValueError) as theirs:
        scipy.optimize.least_squares(two_residuals, [0.5], one_row_for_two, method='lm')
    with pytest.raises(ValueError) as ours:
        least_squares(two_residuals, [0.5], one_row_for_two, method='lm')
    assert str(ours.value) == str(theirs.value)


# A process of its own: scipy's names inside @njit without importing scijit (numba's
# entry point) run in CI in test_curve_fit.py's cache test; least_squares' registration
# in the @njit callers above.  Here in `.ci/sweep`.
@pytest.mark.sweep
def test_scipy_least_squares_compiles_in_njit(run_python):
    out = run_python("""
        import numpy as np
        from numba import njit
        from scipy.optimize import least_squares

        @njit
        def f(x):
            return np.array([10.0 * (x[1] - x[0] ** 2), 1.0 - x[0]])

        @njit
        def fit():
            return least_squares(f, np.array([-1.2, 1.0]), method='lm')

        sol = fit()
        want = least_squares(f, np.array([-1.2, 1.0]), method='lm')
        print(sol.nfev == want.nfev, sol.njev is None, np.array_equal(sol.x, want.x))
    """).stdout.split()
    assert out == ["True", "True", "True"]
