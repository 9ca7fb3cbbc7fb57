"""leastsq against scipy.optimize.leastsq, from both entries, and its faults.

scipy calls the same compiled callbacks (a dispatcher is callable from
Python), so both solvers see bit-identical function values.  Compilation is
the cost here: every residual the tests need is one @njit function, so each
entry compiles once with and once without a Jacobian for all of them.
"""
import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import leastsq

from checks import assert_raises_without_leak, sweep_params
import lsq_problems as L
from lsq_problems import bard, bard_jac

# ---------------------------------------------------------------- one residual for all
# The classic problems of lsq_problems.CASES and the faults below, chosen by the run-time
# ``k`` of ``residual(x, calls, k)`` (calls[0] counts its calls), as
# tests/zeros_problems.py's ``aps`` holds the bracketing solvers' test functions.
PROBLEMS = ["linear_full_rank", "rosenbrock", "freudenstein_roth", "bard", "kowalik_osborne",
            "box3d", "jennrich_sampson", "osborne1"]
K = {name: k for k, name in enumerate(PROBLEMS)}
# rosenbrock with a fault: raises at the fifth call; three residuals from the fifth call;
# three residuals that ignore x[1] (a singular Jacobian); a (2, 3) Jacobian; the
# Jacobian transposed (col_deriv)
_RAISES, _LENGTH_CHANGES, _SINGULAR, _WRONG_JAC, _COL_JAC = range(8, 13)


@njit
def residual(x, calls, k):
    calls[0] += 1
    if k == 0:
        return L.linear_full_rank(x)
    if k == 2:
        return L.freudenstein_roth(x)
    if k == 3:
        return L.bard(x)
    if k == 4:
        return L.kowalik_osborne(x)
    if k == 5:
        return L.box3d(x)
    if k == 6:
        return L.jennrich_sampson(x)
    if k == 7:
        return L.osborne1(x)
    if k == _RAISES and calls[0] >= 5:
        raise ZeroDivisionError("fifth call")
    if k == _LENGTH_CHANGES and calls[0] > 4:
        return np.zeros(3)
    if k == _SINGULAR:
        return np.array([x[0] - 1.0, x[0] + 1.0, 2.0 * x[0]])
    return L.rosenbrock(x)


@njit
def jacobian(x, calls, k):
    if k == 3:
        return L.bard_jac(x)
    if k == _WRONG_JAC:
        return np.zeros((2, 3))
    if k == _COL_JAC:
        return L.rosenbrock_jac(x).T.copy()
    return L.rosenbrock_jac(x)


assert all(PROBLEMS[k] == f.__name__ for k, f in enumerate(
    (L.linear_full_rank, L.rosenbrock, L.freudenstein_roth, L.bard, L.kowalik_osborne,
     L.box3d, L.jennrich_sampson, L.osborne1)))
assert {c[2] for c in L.CASES} == {None, L.rosenbrock_jac, L.bard_jac}

#: name -> (k, Jacobian or None, x0): lsq_problems.CASES through ``residual``
CASES = {name: (K[func.__name__], None if Dfun is None else jacobian, x0)
         for name, func, Dfun, x0 in L.CASES}


def _args(k):
    return (np.zeros(1), k)


@njit
def _jit_leastsq(func, Dfun, x0, args, col_deriv, maxfev):
    # scipy's name: its registration is checked by every njit-entry case
    return scipy.optimize.leastsq(func, x0, args, Dfun, True, col_deriv, maxfev=maxfev)


def _check_same_as_scipy(got, want, has_jac):
    x, cov, info, mesg, ier = got
    xs, covs, infos, mesgs, iers = want
    np.testing.assert_allclose(x, xs, rtol=1e-10, atol=1e-13 * max(1.0, np.abs(xs).max()))
    assert ier == iers
    assert mesg == mesgs
    assert info["nfev"] == infos["nfev"]
    if has_jac:
        assert info["njev"] == infos["njev"]
    assert list(info.keys()) == list(infos.keys())
    np.testing.assert_allclose(info["fvec"], infos["fvec"], rtol=1e-10,
                               atol=1e-13 * max(1.0, np.abs(infos["fvec"]).max()))
    for field in ("fjac", "qtf"):
        np.testing.assert_allclose(info[field], infos[field], rtol=1e-7,
                                   atol=1e-9 * max(1.0, np.abs(infos[field]).max()))
    assert info["fjac"].shape == infos["fjac"].shape
    np.testing.assert_array_equal(info["ipvt"], infos["ipvt"])
    assert info["ipvt"].dtype == infos["ipvt"].dtype
    if covs is None:
        assert cov is None
    else:
        np.testing.assert_allclose(cov, covs, rtol=1e-8, atol=1e-12 * np.abs(covs).max())


@pytest.mark.parametrize("name", list(CASES))
def test_matches_scipy_from_both_entries(name):
    k, Dfun, x0 = CASES[name]
    with np.errstate(all="ignore"):
        want = scipy.optimize.leastsq(residual, x0, args=_args(k), Dfun=Dfun, full_output=True)
    got = leastsq(residual, x0, args=_args(k), Dfun=Dfun, full_output=True)
    _check_same_as_scipy(got, want, Dfun is not None)

    # both entries run the same code: identical values
    xj, covj, infoj, mesgj, ierj = _jit_leastsq(residual, Dfun, x0, _args(k), False, 0)
    np.testing.assert_array_equal(xj, got[0])
    assert (mesgj, ierj) == (got[3], got[4])
    np.testing.assert_array_equal(covj, got[1])
    for field in got[2]:
        np.testing.assert_array_equal(infoj[field], got[2][field])


def test_counts_match_scipys_calls_of_func():
    """scipy calls func twice at x0 outside nfev; so do we."""
    for Dfun in (None, jacobian):
        ours, theirs = np.zeros(1), np.zeros(1)
        got = leastsq(residual, [-1.2, 1.0], args=(ours, K["rosenbrock"]), Dfun=Dfun,
                      full_output=True)
        want = scipy.optimize.leastsq(residual, [-1.2, 1.0], args=(theirs, K["rosenbrock"]),
                                      Dfun=Dfun, full_output=True)
        assert ours[0] == theirs[0] == got[2]["nfev"] + 2
        assert got[2]["nfev"] == want[2]["nfev"]


def test_cov_x_none_when_not_converged_and_nan_inside_njit():
    k, _, x0 = CASES["osborne1"]
    want = scipy.optimize.leastsq(residual, x0, args=_args(k), full_output=True, maxfev=30)
    got = leastsq(residual, x0, args=_args(k), full_output=True, maxfev=30)
    assert want[1] is None and got[1] is None
    assert got[4] == want[4] == 5 and got[3] == want[3]
    assert got[2]["nfev"] == want[2]["nfev"]
    cov = _jit_leastsq(residual, None, x0, _args(k), False, 30)[1]
    assert cov.shape == (5, 5) and np.isnan(cov).all()


def test_cov_x_none_for_a_singular_jacobian():
    want = scipy.optimize.leastsq(residual, [0.5, 0.5], args=_args(_SINGULAR), full_output=True)
    got = leastsq(residual, [0.5, 0.5], args=_args(_SINGULAR), full_output=True)
    assert want[1] is None and got[1] is None
    assert got[4] == want[4] and got[2]["nfev"] == want[2]["nfev"]
    np.testing.assert_array_equal(got[0], want[0])


@njit
def _short(x0, args):
    return leastsq(residual, x0, args)


def test_short_output_spellings_and_args():
    # args (an array, an integer) choose and count the residual
    args = _args(K["rosenbrock"])
    want = scipy.optimize.leastsq(residual, [-1.2, 1.0], args=_args(K["rosenbrock"]))
    got = leastsq(residual, [-1.2, 1.0], args=args)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
    assert got[1] == want[1] and args[0][0] > 0
    x, ier = _short(np.array([-1.2, 1.0]), args)
    np.testing.assert_array_equal(x, got[0])
    assert ier == got[1]


# x0 as a list or a tuple inside @njit: each spelling inlines the core once more; the
# conversion is the one all routines share (fsolve's spellings test runs it in CI)
@pytest.mark.sweep
def test_x0_spellings_inside_njit():
    got = leastsq(residual, [-1.2, 1.0], args=_args(K["rosenbrock"]))

    @njit
    def spellings(args):
        a = leastsq(residual, np.array([-1.2, 1.0]), args)
        b = leastsq(residual, [-1.2, 1.0], args)
        d = leastsq(residual, (-1.2, 1.0), args)
        return a, b, d

    for x, ier in spellings(_args(K["rosenbrock"])):
        np.testing.assert_array_equal(x, got[0])
        assert ier == got[1]


def test_col_deriv_and_options():
    a = leastsq(residual, [-1.2, 1.0], args=_args(K["rosenbrock"]), Dfun=jacobian,
                full_output=True)
    b = leastsq(residual, [-1.2, 1.0], args=_args(_COL_JAC), Dfun=jacobian, col_deriv=True,
                full_output=True)
    s = scipy.optimize.leastsq(residual, [-1.2, 1.0], args=_args(_COL_JAC), Dfun=jacobian,
                               col_deriv=True, full_output=True)
    np.testing.assert_array_equal(a[0], b[0])
    assert b[2]["nfev"] == s[2]["nfev"] and b[2]["njev"] == s[2]["njev"]

    opts = dict(ftol=1e-4, xtol=1e-5, gtol=1e-9, epsfcn=1e-10, factor=10.0,
                diag=[1.0, 3.0, 2.0])
    with np.errstate(all="ignore"):
        want = scipy.optimize.leastsq(residual, np.ones(3), args=_args(K["bard"]),
                                      full_output=True, **opts)
    got = leastsq(residual, np.ones(3), args=_args(K["bard"]), full_output=True, **opts)
    _check_same_as_scipy(got, want, False)


def test_not_converged_warns_and_improper_input_raises_like_scipy():
    k, _, x0 = CASES["osborne1"]
    with pytest.warns(RuntimeWarning, match="maxfev = 30"):
        x, ier = leastsq(residual, x0, args=_args(k), maxfev=30)
    assert ier == 5
    args = _args(K["rosenbrock"])
    with pytest.raises(TypeError, match="Improper input parameters."):
        leastsq(residual, [-1.2, 1.0], args=args, ftol=-1.0)
    got = leastsq(residual, [-1.2, 1.0], args=args, ftol=-1.0, full_output=True)
    want = scipy.optimize.leastsq(residual, [-1.2, 1.0], args=args, ftol=-1.0,
                                  full_output=True)
    assert got[4] == want[4] == 0 and got[3] == want[3] and got[1] is None
    assert got[2]["nfev"] == want[2]["nfev"]


# ---------------------------------------------------------------- faults
@njit
def too_few_residuals(x):
    return np.array([x[0] + x[1] + x[2]])


def test_callback_exception_propagates():
    counter = np.zeros(1)
    with pytest.raises(ZeroDivisionError, match="fifth call"):
        leastsq(residual, [-1.2, 1.0], args=(counter, _RAISES))
    assert counter[0] == 5          # the solver stopped at the raising call
    counter[0] = 0
    with pytest.raises(ZeroDivisionError, match="fifth call"):
        _jit_leastsq(residual, None, np.array([-1.2, 1.0]), (counter, _RAISES), False, 0)
    assert counter[0] == 5
    # no allocation left behind (before: 1 per call, the workspace), raising in
    # MINPACK's call, at the first evaluation, and at the third (after the workspace)
    for first in (0.0, 4.0, 3.0):
        def counted():
            counter[0] = first
            return counter
        assert_raises_without_leak(lambda: leastsq(residual, [-1.2, 1.0],
                                                   args=(counted(), _RAISES)),
                                   ZeroDivisionError)
        assert_raises_without_leak(lambda: _jit_leastsq(
            residual, None, np.array([-1.2, 1.0]), (counted(), _RAISES), False, 0),
            ZeroDivisionError)


def test_wrong_length_residual_is_value_error():
    with pytest.raises(ValueError, match="shape"):
        leastsq(residual, [-1.2, 1.0], args=_args(_LENGTH_CHANGES))


def test_m_less_than_n_is_scipys_type_error():
    # rosenbrock's two residuals for three unknowns
    args = _args(K["rosenbrock"])
    with pytest.raises(TypeError) as theirs:
        scipy.optimize.leastsq(residual, [1.0, 2.0, 3.0], args=args)
    assert "M=2" in str(theirs.value)
    with pytest.raises(TypeError) as ours:
        leastsq(residual, [1.0, 2.0, 3.0], args=args)
    assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError) as jitted:
        _jit_leastsq(residual, None, np.array([1.0, 2.0, 3.0]), args, False, 0)
    assert str(jitted.value) == str(theirs.value)


def test_wrong_dfun_shape_is_scipys_type_error():
    args = _args(_WRONG_JAC)
    with pytest.raises(TypeError) as theirs:
        scipy.optimize.leastsq(residual, [-1.2, 1.0], args=args, Dfun=jacobian)
    with pytest.raises(TypeError) as ours:
        leastsq(residual, [-1.2, 1.0], args=args, Dfun=jacobian)
    assert str(ours.value) == str(theirs.value)
    assert isinstance(ours.value, ValueError)


# A process of its own: scipy's names inside @njit without importing scijit (numba's
# entry point) run in CI in test_curve_fit.py's cache test; this name's registration
# in every case through _jit_leastsq.  Here in `.ci/sweep`.
@pytest.mark.sweep
def test_scipy_leastsq_compiles_in_njit_without_importing_scijit(run_python):
    out = run_python("""
        import numpy as np
        from numba import njit
        from scipy.optimize import leastsq

        @njit
        def f(x):
            return np.array([10.0 * (x[1] - x[0] ** 2), 1.0 - x[0]])

        @njit
        def fit():
            x, cov, info, mesg, ier = leastsq(f, np.array([-1.2, 1.0]), full_output=True)
            return x, info.nfev, ier

        x, nfev, ier = fit()
        want = leastsq(f, np.array([-1.2, 1.0]), full_output=True)
        print(nfev == want[2]["nfev"], ier == want[4], np.array_equal(x, want[0]))
    """).stdout.split()
    assert out == ["True", "True", "True"]


# ---------------------------------------------------------------- inplace
@njit
def bard_into(x, out, calls):
    """bard's residuals into ``out``, counting calls in calls[0]; from call
    number calls[3] on, if it is set, it raises."""
    calls[0] += 1
    if calls[3] and calls[0] >= calls[3]:
        raise ZeroDivisionError("fifth call")
    out[:] = bard(x)


@njit
def bard_jac_into(x, out, calls):
    """The Jacobian (m x n), or with calls[2] set the col_deriv form (n x m):
    one function for both forms (col_deriv is a run-time flag of one compiled
    core), so the callers compile once for both; a wrong shape of ``out`` fails."""
    calls[1] += 1
    if calls[2]:
        out[:, :] = bard_jac(x).T
    else:
        out[:, :] = bard_jac(x)


@njit
def _jit_leastsq_inplace(func, Dfun, x0, args, col_deriv, m):
    return leastsq(func, x0, args, Dfun, True, col_deriv, inplace=True, m=m)


def _inplace_calls(col_deriv):
    """[func calls, Dfun calls, col_deriv, raise from call (0: never)]"""
    return np.array([0.0, 0.0, float(col_deriv), 0.0])


def _inplace_entry(entry, Dfun, x0, args, col_deriv):
    if entry == "python":
        return leastsq(bard_into, x0, args=args, Dfun=Dfun, col_deriv=col_deriv,
                       full_output=True, inplace=True, m=15)
    return _jit_leastsq_inplace(bard_into, Dfun, x0, args, col_deriv, 15)


# Each entry compiles its inplace core for about 10 s.  In CI: lmdif from Python and lmder
# (both Jacobian forms) inside @njit, each against scipy with its evaluation counts, so
# every inplace path of the chooser and each entry runs; the other pair (the same paths
# from the other entry) in `.ci/sweep`, as is the exact comparison of the two entries
# below.  (test_inplace_short_output_and_callback_exception runs lmdif inside @njit too.)
_INPLACE = [("python", False), ("python", True), ("njit", False), ("njit", True)]


@pytest.mark.parametrize("entry, with_jac", sweep_params(
    _INPLACE, in_ci={("python", False), ("njit", True)}),
    ids=["%s-%s" % (e, "lmder" if j else "lmdif") for e, j in _INPLACE])
def test_inplace_matches_scipy(entry, with_jac):
    x0 = np.ones(3)
    Dfun = bard_jac_into if with_jac else None
    want = scipy.optimize.leastsq(bard, x0, Dfun=bard_jac if with_jac else None,
                                  full_output=True)
    for col_deriv in (False, True) if with_jac else (False,):
        calls = _inplace_calls(col_deriv)
        got = _inplace_entry(entry, Dfun, x0, (calls,), col_deriv)
        _check_same_as_scipy(got, want, with_jac)
        # scipy's evaluations: func twice at x0 beyond nfev, Dfun once beyond njev
        assert calls[0] == got[2]["nfev"] + 2
        assert calls[1] == (got[2]["njev"] + 1 if with_jac else 0)


@pytest.mark.sweep
@pytest.mark.parametrize("with_jac", [False, True], ids=["lmdif", "lmder"])
def test_inplace_both_entries_identical(with_jac):
    x0 = np.ones(3)
    Dfun = bard_jac_into if with_jac else None
    for col_deriv in (False, True) if with_jac else (False,):
        got = _inplace_entry("python", Dfun, x0, (_inplace_calls(col_deriv),), col_deriv)
        jitted = _inplace_entry("njit", Dfun, x0, (_inplace_calls(col_deriv),), col_deriv)
        np.testing.assert_array_equal(jitted[0], got[0])
        np.testing.assert_array_equal(jitted[1], got[1])
        assert jitted[3:] == got[3:]
        for field in got[2]:
            np.testing.assert_array_equal(jitted[2][field], got[2][field])


def test_inplace_short_output_and_callback_exception():
    # bard_into: the Python entry test_inplace_matches_scipy_from_both_entries compiled
    @njit
    def fit(calls):
        return leastsq(bard_into, np.ones(3), (calls,), inplace=True, m=15)

    want = scipy.optimize.leastsq(bard, np.ones(3))
    for got in (fit(np.zeros(4)), leastsq(bard_into, np.ones(3), args=(np.zeros(4),),
                                          inplace=True, m=15)):
        np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
        assert got[1] == want[1]
    for run in (lambda c: fit(c),
                lambda c: leastsq(bard_into, np.ones(3), (c,), inplace=True, m=15)):
        calls = np.array([0.0, 0.0, 0.0, 5.0])
        with pytest.raises(ZeroDivisionError, match="fifth call"):
            run(calls)
        assert calls[0] == 5


def test_inplace_bad_m():
    calls = np.zeros(4)
    with pytest.raises(ValueError, match="'m'"):
        leastsq(bard_into, np.ones(3), args=(calls,), inplace=True)
    with pytest.raises(ValueError, match="'m'"):
        leastsq(bard, np.ones(3), m=15)
    with pytest.raises(TypeError, match="'m'"):
        leastsq(bard_into, np.ones(3), args=(calls,), inplace=True, m=15.0)
    with pytest.raises(TypeError) as theirs:
        scipy.optimize.leastsq(too_few_residuals, [1.0, 2.0, 3.0])
    with pytest.raises(TypeError) as ours:
        leastsq(bard_into, np.ones(3), args=(calls,), inplace=True, m=2)
    assert str(ours.value) == str(theirs.value).replace("M=1", "M=2")

    @njit
    def no_m(calls):
        return leastsq(bard_into, np.ones(3), (calls,), inplace=True)

    with pytest.raises(TypingError, match="'m'"):
        no_m(calls)


def test_messages_print_large_tolerances_as_scipy():
    """'%f' of a tolerance above 9.2e12 (format_f once overflowed int64 there
    and printed "inf" or garbage)."""
    args = _args(K["rosenbrock"])
    for xtol in (1e13, 9.3e18, 1.5e300):
        want = scipy.optimize.leastsq(residual, [-1.2, 1.0], args=args, full_output=True,
                                      xtol=xtol)
        got = leastsq(residual, [-1.2, 1.0], args=args, full_output=True, xtol=xtol)
        assert got[3] == want[3] and got[4] == want[4]
