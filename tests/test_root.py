"""root (methods 'hybr' and 'lm') against scipy.optimize.root, from both entries.

scipy calls the same compiled functions (a dispatcher is callable from
Python), so both see bit-identical function values.  Compilation is the cost:
the njit-entry cases share the four callers below.
"""

import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import root

from lsq_problems import rosenbrock


@njit
def system(x):
    return np.array([x[0] + 2 * x[1] - 2.0, x[0] ** 2 + 4 * x[1] ** 2 - 4.0])


@njit
def system_jac(x):
    return np.array([[1.0, 2.0], [2 * x[0], 8 * x[1]]])


@njit
def system_pair(x):
    return system(x), system_jac(x)


X0 = np.array([1.0, 2.0])


@njit
def _jit_hybr(fun, jac, x0):
    return root(fun, x0, method='hybr', jac=jac)


@njit
def _jit_lm(fun, jac, x0):
    return root(fun, x0, method='lm', jac=jac)


@njit
def _jit_hybr_pair(fun, x0):
    return root(fun, x0, jac=True)


@njit
def _jit_lm_pair(fun, x0):
    return root(fun, x0, method='LM', jac=True)


def _jit(method, jac, fun, x0):
    if jac is True:
        return (_jit_hybr_pair if method == 'hybr' else _jit_lm_pair)(fun, x0)
    return (_jit_hybr if method == 'hybr' else _jit_lm)(fun, jac, x0)


def _same_as_scipy(got, want):
    assert list(got.keys()) == list(want.keys())
    for key in ("success", "status", "method", "message", "nfev", "njev"):
        if key in want:
            assert got[key] == want[key], key
    np.testing.assert_array_equal(got.x, want.x)
    np.testing.assert_array_equal(got.fun, want.fun)
    for key in ("fjac", "r", "qtf", "cov_x"):
        if key in want:
            if want[key] is None:
                assert got[key] is None
            else:
                np.testing.assert_allclose(got[key], want[key], rtol=1e-9,
                                           atol=1e-12 * np.abs(want[key]).max())
    if "ipvt" in want:
        np.testing.assert_array_equal(got.ipvt, want.ipvt)


CASES = [(m, j) for m in ("hybr", "lm") for j in ("none", "callable", "pair")]


@pytest.mark.parametrize("method, jac_kind", CASES)
def test_matches_scipy_from_both_entries(method, jac_kind):
    fun, jac = {"none": (system, None), "callable": (system, system_jac),
                "pair": (system_pair, True)}[jac_kind]
    want = scipy.optimize.root(fun, X0, method=method, jac=jac)
    got = root(fun, X0, method=method, jac=jac)
    _same_as_scipy(got, want)
    jitted = _jit(method, jac, fun, X0)
    assert list(jitted.keys()) == list(got.keys())
    for key in got:
        if got[key] is None:                 # cov_x: NaN inside @njit
            assert np.isnan(jitted[key]).all()
        else:
            np.testing.assert_array_equal(jitted[key], got[key])


def test_lm_on_a_least_squares_problem_and_args():
    @njit
    def shifted(x, c):
        return rosenbrock(x - c)

    c = np.array([0.5, -0.5])
    want = scipy.optimize.root(shifted, [-1.2, 1.0], args=(c,), method='lm')
    got = root(shifted, [-1.2, 1.0], args=(c,), method='lm')
    _same_as_scipy(got, want)
    want = scipy.optimize.root(shifted, [-1.2, 1.0], args=c, method='hybr')
    _same_as_scipy(root(shifted, [-1.2, 1.0], args=c, method='hybr'), want)


@pytest.mark.parametrize("method, options, tol", [
    ("hybr", {"xtol": 1e-4, "maxfev": 6, "factor": 10.0, "diag": [1.0, 2.0]}, None),
    ("hybr", {"band": (0, 1), "eps": 1e-10}, 1e-12),
    ("lm", {"maxiter": 5}, None),
    ("lm", {"ftol": 1e-3, "gtol": 1e-9, "eps": 1e-10, "col_deriv": True}, 1e-3),
])
def test_options_and_tol_like_scipy(method, options, tol):
    want = scipy.optimize.root(system, X0, method=method, tol=tol, options=options)
    got = root(system, X0, method=method, tol=tol, options=options)
    _same_as_scipy(got, want)


def test_tol_inside_njit_is_xtol():
    @njit
    def solve(x0):
        return root(system, x0, method='hybr', tol=1e-3)
    want = scipy.optimize.root(system, X0, method='hybr', tol=1e-3)
    got = solve(X0)
    assert got.nfev == want.nfev and got.message == want.message
    np.testing.assert_array_equal(got.x, want.x)


def test_cov_x_none_when_not_converged_like_scipy():
    want = scipy.optimize.root(system, X0, method='lm', options={"maxiter": 3})
    got = root(system, X0, method='lm', options={"maxiter": 3})
    assert want.cov_x is None and got.cov_x is None
    _same_as_scipy(got, want)


def test_unknown_options_and_callback_warn_like_scipy():
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Unknown solver options: bogus"):
        root(system, X0, options={"bogus": 1})
    with pytest.warns(RuntimeWarning, match="Method hybr does not accept callback."):
        root(system, X0, callback=lambda x: None)


def test_other_methods_are_not_implemented():
    with pytest.raises(NotImplementedError, match="method='krylov'"):
        root(system, X0, method='krylov')
    with pytest.raises(ValueError, match="Unknown solver nope"):
        root(system, X0, method='nope')

    @njit
    def bad(x0):
        return root(system, x0, method='broyden1')
    with pytest.raises(TypingError, match="method='broyden1' is not implemented"):
        bad(X0)


def test_options_inside_njit_like_scipy():
    @njit
    def numbers(x0, tol):          # a typed dict of numbers; tol gives xtol
        return root(system, x0, method='hybr', tol=tol,
                    options={"maxfev": 6, "factor": 10.0, "eps": 1e-10})

    @njit
    def mixed(x0):                 # mixed values: keys known at compile time
        return root(system, x0, method='hybr', options={"xtol": 1e-4, "diag": x0 * 0 + 2.0})

    @njit
    def lm(x0):
        return root(system, x0, method='lm', tol=1e-9,
                    options={"xtol": 1e-3, "ftol": 1e-3, "maxiter": 50})

    cases = [
        (numbers(X0, 1e-4), dict(method='hybr', tol=1e-4,
                                 options={"maxfev": 6, "factor": 10.0, "eps": 1e-10})),
        (mixed(X0), dict(method='hybr', options={"xtol": 1e-4, "diag": [2.0, 2.0]})),
        (lm(X0), dict(method='lm', tol=1e-9, options={"xtol": 1e-3, "ftol": 1e-3,
                                                       "maxiter": 50})),
    ]
    for got, kw in cases:
        want = scipy.optimize.root(system, X0, **kw)
        assert got.nfev == want.nfev and got.message == want.message, kw
        np.testing.assert_array_equal(got.x, want.x)


def test_unknown_options_inside_njit_raise():
    @njit
    def typed(x0):
        return root(system, x0, options={"xtol": 1e-3, "bogus": 1.0})
    with pytest.raises(ValueError, match="Unknown solver option: bogus"):
        typed(X0)

    @njit
    def literal(x0):
        return root(system, x0, options={"bogus": x0, "xtol": 1e-3})
    with pytest.raises(TypingError, match="Unknown solver options: bogus"):
        literal(X0)


# ---------------------------------------------------------------- faults
@njit
def raises_on_fifth_call(x, counter):
    counter[0] += 1
    if counter[0] >= 5:
        raise ZeroDivisionError("fifth call")
    return system(x)


@pytest.mark.parametrize("method", ["hybr", "lm"])
def test_callback_exception_propagates(method):
    counter = np.zeros(1)
    with pytest.raises(ZeroDivisionError, match="fifth call"):
        root(raises_on_fifth_call, X0, args=(counter,), method=method)
    assert counter[0] == 5


@njit
def wrong_length(x):
    return np.zeros(3)


@njit
def too_few(x):
    return np.array([x[0] + x[1] + x[2]])


def test_wrong_length_and_m_less_than_n():
    with pytest.raises(ValueError, match="mismatch between the input and output shape"):
        root(wrong_length, X0)                  # hybr needs n residuals: scipy's TypeError
    with pytest.raises(TypeError, match="mismatch between the input and output shape"):
        root(wrong_length, X0)
    with pytest.raises(TypeError) as theirs:
        scipy.optimize.root(too_few, [1.0, 2.0, 3.0], method='lm')
    with pytest.raises(TypeError) as ours:
        root(too_few, [1.0, 2.0, 3.0], method='lm')
    assert str(ours.value) == str(theirs.value)


def test_non_numeric_args_named():
    with pytest.raises(TypeError, match="'args'"):
        root(raises_on_fifth_call, X0, args=("text",))


def test_scipy_root_compiles_in_njit(run_python):
    out = run_python("""
        import numpy as np
        from numba import njit
        from scipy.optimize import root

        @njit
        def f(x):
            return np.array([x[0] + 2*x[1] - 2.0, x[0]**2 + 4*x[1]**2 - 4.0])

        @njit
        def solve():
            return root(f, np.array([1.0, 2.0]), method='hybr')

        sol = solve()
        want = root(f, np.array([1.0, 2.0]))
        print(type(sol).__name__, sol.nfev == want.nfev, np.array_equal(sol.x, want.x))
    """).stdout.split()
    assert out == ["OptimizeResult", "True", "True"]
