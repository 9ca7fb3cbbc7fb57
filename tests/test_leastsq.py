"""leastsq against scipy.optimize.leastsq, from both entries, and its faults.

scipy calls the same compiled callbacks (a dispatcher is callable from
Python), so both solvers see bit-identical function values.  Compilation is
the cost here: every njit-entry case goes through the one caller below.
"""
import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import leastsq

from lsq_problems import CASES, bard, bard_jac, rosenbrock, rosenbrock_jac

_BY_NAME = {c[0]: c for c in CASES}


@njit
def _jit_leastsq(func, Dfun, x0, args, col_deriv, maxfev):
    return leastsq(func, x0, args, Dfun, True, col_deriv, maxfev=maxfev)


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


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_matches_scipy_from_both_entries(name):
    _, func, Dfun, x0 = _BY_NAME[name]
    with np.errstate(all="ignore"):
        want = scipy.optimize.leastsq(func, x0, Dfun=Dfun, full_output=True)
    got = leastsq(func, x0, Dfun=Dfun, full_output=True)
    _check_same_as_scipy(got, want, Dfun is not None)

    # both entries run the same code: identical values
    xj, covj, infoj, mesgj, ierj = _jit_leastsq(func, Dfun, x0, (), False, 0)
    np.testing.assert_array_equal(xj, got[0])
    assert (mesgj, ierj) == (got[3], got[4])
    np.testing.assert_array_equal(covj, got[1])
    for field in got[2]:
        np.testing.assert_array_equal(infoj[field], got[2][field])


def test_counts_match_scipys_calls_of_func():
    """scipy calls func twice at x0 outside nfev; so do we."""
    @njit
    def counted(x, calls):
        calls[0] += 1
        return rosenbrock(x)

    @njit
    def jac(x, calls):
        return rosenbrock_jac(x)

    for Dfun in (None, jac):
        ours, theirs = np.zeros(1), np.zeros(1)
        got = leastsq(counted, [-1.2, 1.0], args=(ours,), Dfun=Dfun, full_output=True)
        want = scipy.optimize.leastsq(counted, [-1.2, 1.0], args=(theirs,), Dfun=Dfun,
                                      full_output=True)
        assert ours[0] == theirs[0] == got[2]["nfev"] + 2
        assert got[2]["nfev"] == want[2]["nfev"]


def test_cov_x_none_when_not_converged_and_nan_inside_njit():
    _, func, _, x0 = _BY_NAME["osborne1"]
    want = scipy.optimize.leastsq(func, x0, full_output=True, maxfev=30)
    got = leastsq(func, x0, full_output=True, maxfev=30)
    assert want[1] is None and got[1] is None
    assert got[4] == want[4] == 5 and got[3] == want[3]
    assert got[2]["nfev"] == want[2]["nfev"]
    cov = _jit_leastsq(func, None, x0, (), False, 30)[1]
    assert cov.shape == (5, 5) and np.isnan(cov).all()


def test_cov_x_none_for_a_singular_jacobian():
    @njit
    def ignores_x1(x):
        return np.array([x[0] - 1.0, x[0] + 1.0, 2.0 * x[0]])

    want = scipy.optimize.leastsq(ignores_x1, [0.5, 0.5], full_output=True)
    got = leastsq(ignores_x1, [0.5, 0.5], full_output=True)
    assert want[1] is None and got[1] is None
    assert got[4] == want[4] and got[2]["nfev"] == want[2]["nfev"]
    np.testing.assert_array_equal(got[0], want[0])


def test_short_output_spellings_and_args():
    @njit
    def shifted(x, c, scale):
        return scale * (rosenbrock(x - c))

    c = np.array([0.5, -0.5])
    want = scipy.optimize.leastsq(shifted, [-1.2, 1.0], args=(c, 2.0))
    got = leastsq(shifted, [-1.2, 1.0], args=(c, 2.0))
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
    assert got[1] == want[1]

    @njit
    def spellings(c):
        a = leastsq(shifted, np.array([-1.2, 1.0]), args=(c, 2.0))
        b = leastsq(shifted, [-1.2, 1.0], args=(c, 2.0))
        d = leastsq(shifted, (-1.2, 1.0), args=(c, 2.0))
        return a, b, d

    for x, ier in spellings(c):
        np.testing.assert_array_equal(x, got[0])
        assert ier == got[1]


def test_col_deriv_and_options():
    @njit
    def jac_t(x):
        return rosenbrock_jac(x).T.copy()

    a = leastsq(rosenbrock, [-1.2, 1.0], Dfun=rosenbrock_jac, full_output=True)
    b = leastsq(rosenbrock, [-1.2, 1.0], Dfun=jac_t, col_deriv=True, full_output=True)
    s = scipy.optimize.leastsq(rosenbrock, [-1.2, 1.0], Dfun=jac_t, col_deriv=True,
                               full_output=True)
    np.testing.assert_array_equal(a[0], b[0])
    assert b[2]["nfev"] == s[2]["nfev"] and b[2]["njev"] == s[2]["njev"]

    opts = dict(ftol=1e-4, xtol=1e-5, gtol=1e-9, epsfcn=1e-10, factor=10.0,
                diag=[1.0, 3.0])
    with np.errstate(all="ignore"):
        want = scipy.optimize.leastsq(bard, np.ones(3), full_output=True,
                                      **{**opts, "diag": [1.0, 3.0, 2.0]})
    got = leastsq(bard, np.ones(3), full_output=True, **{**opts, "diag": [1.0, 3.0, 2.0]})
    _check_same_as_scipy(got, want, False)


def test_not_converged_warns_and_improper_input_raises_like_scipy():
    _, func, _, x0 = _BY_NAME["osborne1"]
    with pytest.warns(RuntimeWarning, match="maxfev = 30"):
        x, ier = leastsq(func, x0, maxfev=30)
    assert ier == 5
    with pytest.raises(TypeError, match="Improper input parameters."):
        leastsq(rosenbrock, [-1.2, 1.0], ftol=-1.0)
    got = leastsq(rosenbrock, [-1.2, 1.0], ftol=-1.0, full_output=True)
    want = scipy.optimize.leastsq(rosenbrock, [-1.2, 1.0], ftol=-1.0, full_output=True)
    assert got[4] == want[4] == 0 and got[3] == want[3] and got[1] is None
    assert got[2]["nfev"] == want[2]["nfev"]


# ---------------------------------------------------------------- faults
@njit
def raises_on_fifth_call(x, counter):
    counter[0] += 1
    if counter[0] >= 5:
        raise ZeroDivisionError("fifth call")
    return rosenbrock(x)


@njit
def length_changes(x, counter):
    counter[0] += 1
    if counter[0] > 4:
        return np.zeros(3)
    return rosenbrock(x)


@njit
def too_few_residuals(x):
    return np.array([x[0] + x[1] + x[2]])


def test_callback_exception_propagates():
    counter = np.zeros(1)
    with pytest.raises(ZeroDivisionError, match="fifth call"):
        leastsq(raises_on_fifth_call, [-1.2, 1.0], args=(counter,))
    assert counter[0] == 5          # the solver stopped at the raising call
    counter[0] = 0
    with pytest.raises(ZeroDivisionError, match="fifth call"):
        _jit_leastsq(raises_on_fifth_call, None, np.array([-1.2, 1.0]), (counter,), False, 0)
    assert counter[0] == 5


def test_wrong_length_residual_is_value_error():
    with pytest.raises(ValueError, match="shape"):
        leastsq(length_changes, [-1.2, 1.0], args=(np.zeros(1),))


def test_m_less_than_n_is_scipys_type_error():
    with pytest.raises(TypeError) as theirs:
        scipy.optimize.leastsq(too_few_residuals, [1.0, 2.0, 3.0])
    with pytest.raises(TypeError) as ours:
        leastsq(too_few_residuals, [1.0, 2.0, 3.0])
    assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError) as jitted:
        _jit_leastsq(too_few_residuals, None, np.array([1.0, 2.0, 3.0]), (), False, 0)
    assert str(jitted.value) == str(theirs.value)


def test_wrong_dfun_shape_is_scipys_type_error():
    @njit
    def wrong_jac(x):
        return np.zeros((2, 3))

    with pytest.raises(TypeError) as theirs:
        scipy.optimize.leastsq(rosenbrock, [-1.2, 1.0], Dfun=wrong_jac)
    with pytest.raises(TypeError) as ours:
        leastsq(rosenbrock, [-1.2, 1.0], Dfun=wrong_jac)
    assert str(ours.value) == str(theirs.value)
    assert isinstance(ours.value, ValueError)


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
    calls[0] += 1
    out[:] = bard(x)


@njit
def bard_jac_into(x, out, calls):
    calls[1] += 1
    out[:, :] = bard_jac(x)


@njit
def bard_jac_t_into(x, out, calls):
    """The col_deriv form: out is n x m."""
    calls[1] += 1
    out[:, :] = bard_jac(x).T


@njit
def _jit_leastsq_inplace(func, Dfun, x0, args, col_deriv, m):
    return leastsq(func, x0, args, Dfun, True, col_deriv, inplace=True, m=m)


@pytest.mark.parametrize("Dfun, col_deriv", [(None, False), (bard_jac_into, False),
                                             (bard_jac_t_into, True)])
def test_inplace_matches_scipy_from_both_entries(Dfun, col_deriv):
    x0 = np.ones(3)
    want = scipy.optimize.leastsq(bard, x0, Dfun=None if Dfun is None else bard_jac,
                                  full_output=True)
    calls = np.zeros(2)
    got = leastsq(bard_into, x0, args=(calls,), Dfun=Dfun, col_deriv=col_deriv,
                  full_output=True, inplace=True, m=15)
    _check_same_as_scipy(got, want, Dfun is not None)
    # scipy's evaluations: func twice at x0 beyond nfev, Dfun once beyond njev
    assert calls[0] == got[2]["nfev"] + 2
    assert calls[1] == (got[2]["njev"] + 1 if Dfun is not None else 0)

    jitted = _jit_leastsq_inplace(bard_into, Dfun, x0, (calls,), col_deriv, 15)
    np.testing.assert_array_equal(jitted[0], got[0])
    np.testing.assert_array_equal(jitted[1], got[1])
    assert jitted[3:] == got[3:]
    for field in got[2]:
        np.testing.assert_array_equal(jitted[2][field], got[2][field])


def test_inplace_short_output_and_callback_exception():
    @njit
    def rosenbrock_into(x, out, counter):
        counter[0] += 1
        if counter[0] >= 5:
            raise ZeroDivisionError("fifth call")
        out[:] = rosenbrock(x)

    @njit
    def fit(counter):
        return leastsq(rosenbrock_into, np.array([-1.2, 1.0]), (counter,), inplace=True, m=2)

    counter = np.full(1, -1e9)
    want = scipy.optimize.leastsq(rosenbrock, [-1.2, 1.0])
    for got in (fit(counter), leastsq(rosenbrock_into, [-1.2, 1.0], args=(counter,),
                                      inplace=True, m=2)):
        np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
        assert got[1] == want[1]
    for run in (lambda c: fit(c),
                lambda c: leastsq(rosenbrock_into, [-1.2, 1.0], (c,), inplace=True, m=2)):
        counter = np.zeros(1)
        with pytest.raises(ZeroDivisionError, match="fifth call"):
            run(counter)
        assert counter[0] == 5


def test_inplace_bad_m():
    calls = np.zeros(2)
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
    for xtol in (1e13, 9.3e18, 1.5e300):
        want = scipy.optimize.leastsq(rosenbrock, [-1.2, 1.0], full_output=True, xtol=xtol)
        got = leastsq(rosenbrock, [-1.2, 1.0], full_output=True, xtol=xtol)
        assert got[3] == want[3] and got[4] == want[4]
