"""root (methods 'hybr' and 'lm') against scipy.optimize.root, from both entries.

scipy calls the same compiled functions (a dispatcher is callable from
Python), so both see bit-identical function values.  Compilation is the cost:
one function (below) serves the tests of every path, of args and of faults.
"""

import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import root

from checks import assert_raises_without_leak, sweep_params


@njit
def system(x):
    return np.array([x[0] + 2 * x[1] - 2.0, x[0] ** 2 + 4 * x[1] ** 2 - 4.0])


@njit
def system_jac(x):
    return np.array([[1.0, 2.0], [2 * x[0], 8 * x[1]]])


X0 = np.array([1.0, 2.0])


# ---------------------------------------------------------------- one function for all
# The function of the tests of root's paths, of args and of faults, its state in its one
# argument: the Python entry compiles once per (method, kind of jac) for all of them.
_FINE, _RAISES, _THREE_RESIDUALS = 0.0, 1.0, 2.0


@njit
def faulty(x, state):
    """system(x) - state[2], counting its calls in state[0]; state[1] chooses a
    fault: _RAISES at the fifth call, or _THREE_RESIDUALS from the first."""
    state[0] += 1
    if state[1] == _RAISES and state[0] >= 5:
        raise ZeroDivisionError("fifth call")
    if state[1] == _THREE_RESIDUALS:
        return np.zeros(3)
    return system(x) - state[2]


@njit
def faulty_jac(x, state):
    return system_jac(x)


@njit
def faulty_pair(x, state):
    return faulty(x, state), faulty_jac(x, state)


def _state(fault=_FINE, shift=0.0):
    return np.array([0.0, fault, shift])


# the @njit callers use scipy's name (its registration checked by each of their cases)
@njit
def _jit_hybr(fun, jac, x0, args):
    return scipy.optimize.root(fun, x0, args, method='hybr', jac=jac)


@njit
def _jit_lm(fun, jac, x0, args):
    return scipy.optimize.root(fun, x0, args, method='lm', jac=jac)


@njit
def _jit_hybr_pair(fun, x0, args):
    return scipy.optimize.root(fun, x0, args, jac=True)


@njit
def _jit_lm_pair(fun, x0, args):
    return scipy.optimize.root(fun, x0, args, method='LM', jac=True)


def _jit(method, jac, fun, x0, args):
    if jac is True:
        return (_jit_hybr_pair if method == 'hybr' else _jit_lm_pair)(fun, x0, args)
    return (_jit_hybr if method == 'hybr' else _jit_lm)(fun, jac, x0, args)


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
_FUNCTIONS = {"none": (faulty, None), "callable": (faulty, faulty_jac),
              "pair": (faulty_pair, True)}


@pytest.mark.parametrize("method, jac_kind", CASES)
def test_matches_scipy(method, jac_kind):
    fun, jac = _FUNCTIONS[jac_kind]
    want = scipy.optimize.root(fun, X0, args=(_state(),), method=method, jac=jac)
    got = root(fun, X0, args=(_state(),), method=method, jac=jac)
    _same_as_scipy(got, want)


# The Python entry runs root inside numba too (its trampoline), so every (method, jac)
# path is compiled and checked above; here @njit callers of our own.  In CI: each method
# and each kind of jac once (lm with jac=True through the 'LM' spelling); the other
# three compile the same chooser paths again and run in `.ci/sweep`.
@pytest.mark.parametrize("method, jac_kind", sweep_params(
    CASES, in_ci={("hybr", "none"), ("lm", "callable"), ("lm", "pair")}))
def test_both_entries_identical(method, jac_kind):
    fun, jac = _FUNCTIONS[jac_kind]
    got = root(fun, X0, args=(_state(),), method=method, jac=jac)
    jitted = _jit(method, jac, fun, X0, (_state(),))
    assert list(jitted.keys()) == list(got.keys())
    for key in got:
        if got[key] is None:                 # cov_x: NaN inside @njit
            assert np.isnan(jitted[key]).all()
        else:
            np.testing.assert_array_equal(jitted[key], got[key])


def test_lm_on_a_least_squares_problem_and_args():
    for method in ("lm", "hybr"):
        ours, theirs = _state(shift=0.3), _state(shift=0.3)
        want = scipy.optimize.root(faulty, [-1.2, 1.0], args=(theirs,), method=method)
        got = root(faulty, [-1.2, 1.0], args=(ours,), method=method)
        _same_as_scipy(got, want)
        assert ours[0] >= got.nfev > 0                  # args reach the function
        # a non-tuple args is wrapped as scipy does
        want = scipy.optimize.root(faulty, [-1.2, 1.0], args=theirs, method=method)
        _same_as_scipy(root(faulty, [-1.2, 1.0], args=ours, method=method), want)


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
        root(faulty, X0, (_state(),), options={"bogus": 1})
    with pytest.warns(RuntimeWarning, match="Method hybr does not accept callback."):
        root(faulty, X0, (_state(),), callback=lambda x: None)


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


@pytest.mark.parametrize("method", ["hybr", "lm"])
def test_callback_exception_propagates(method):
    state = _state(_RAISES)
    with pytest.raises(ZeroDivisionError, match="fifth call"):
        root(faulty, X0, args=(state,), method=method)
    assert state[0] == 5
    # and leaves no allocation behind, raising in MINPACK's call or at the first call
    for first in (0.0, 4.0):
        def call():
            s = _state(_RAISES)
            s[0] = first
            root(faulty, X0, args=(s,), method=method)
        assert_raises_without_leak(call, ZeroDivisionError)


def test_wrong_length_and_m_less_than_n():
    three = (_state(_THREE_RESIDUALS),)
    with pytest.raises(ValueError, match="mismatch between the input and output shape"):
        root(faulty, X0, args=three)            # hybr needs n residuals: scipy's TypeError
    with pytest.raises(TypeError, match="mismatch between the input and output shape"):
        root(faulty, X0, args=three)
    fine = (_state(),)                          # two residuals for three unknowns
    with pytest.raises(TypeError) as theirs:
        scipy.optimize.root(faulty, [1.0, 2.0, 3.0], args=fine, method='lm')
    assert "M=2" in str(theirs.value)
    with pytest.raises(TypeError) as ours:
        root(faulty, [1.0, 2.0, 3.0], args=fine, method='lm')
    assert str(ours.value) == str(theirs.value)


def test_non_numeric_args_named():
    with pytest.raises(TypeError, match="'args'"):
        root(faulty, X0, args=("text",))


# A process of its own: scipy's names inside @njit without importing scijit (numba's
# entry point) run in CI in test_curve_fit.py's cache test; root's registration in
# the @njit callers above.  Here in `.ci/sweep`.
@pytest.mark.sweep
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
