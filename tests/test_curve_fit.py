"""curve_fit (unbounded, Levenberg-Marquardt) against scipy's, from both entries.

scipy calls the same compiled model, and with a 2-D sigma we call the same
LAPACK routines as scipy (dpotrf, dtrtrs, from scipy.linalg.cython_lapack),
so the residuals are bit-identical and so are popt and the infodict; pcov
agrees to rounding (scipy inverts R with LAPACK trtri and a matrix product,
we with MINPACK's covariance helper).
"""
import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import curve_fit

from checks import assert_raises_without_leak, sweep_params


@njit
def decay(x, a, b, c):
    return a * np.exp(-b * x) + c


@njit
def decay_jac(x, a, b, c):
    J = np.empty((x.size, 3))
    J[:, 0] = np.exp(-b * x)
    J[:, 1] = -a * x * np.exp(-b * x)
    J[:, 2] = 1.0
    return J


_rng = np.random.default_rng(0)
X = np.linspace(0.0, 4.0, 40)
Y = decay(X, 2.5, 1.3, 0.5) + 0.05 * _rng.standard_normal(40)
SIGMA1 = 0.05 + 0.01 * _rng.random(40)
_A = 0.001 * _rng.standard_normal((40, 40))
SIGMA2 = np.diag(SIGMA1 ** 2) + _A @ _A.T
P0 = (1.0, 1.0, 1.0)


@njit
def _jit_fit(f, x, y, p0, sigma):
    return curve_fit(f, x, y, p0, sigma, full_output=True)


@njit
def _jit_fit_jac(f, jac, x, y, p0, sigma):
    return curve_fit(f, x, y, p0, sigma, jac=jac, full_output=True)


def _close(got, want, rtol_popt, rtol_pcov):
    popt, pcov, info, mesg, ier = got
    np.testing.assert_allclose(popt, want[0], rtol=rtol_popt)
    np.testing.assert_allclose(pcov, want[1], rtol=rtol_pcov,
                               atol=rtol_pcov * np.abs(want[1]).max())
    assert (mesg, ier) == (want[3], want[4])
    assert list(info.keys()) == list(want[2].keys())
    assert info["nfev"] == want[2]["nfev"]
    if "njev" in want[2]:
        assert info["njev"] == want[2]["njev"]


@pytest.mark.parametrize("sigma_kind, with_jac", sweep_params(
    [(0, False), (0, True), (1, False), (2, False), (2, True)], in_ci={(0, False), (2, True)}))
def test_matches_scipy(sigma_kind, with_jac):
    sigma = (None, SIGMA1, SIGMA2)[sigma_kind]
    jac = decay_jac if with_jac else None
    want = scipy.optimize.curve_fit(decay, X, Y, p0=list(P0), sigma=sigma, jac=jac,
                                    full_output=True)
    got = curve_fit(decay, X, Y, p0=list(P0), sigma=sigma, jac=jac, full_output=True)
    _close(got, want, 0.0, 1e-14)
    np.testing.assert_array_equal(got[0], want[0])
    for key in want[2]:
        np.testing.assert_array_equal(got[2][key], want[2][key])


# inside @njit: with jac and a 2-D sigma in CI; without either (a combination whose parts
# the Python entry runs, and which test_p0_from_signature_and_absolute_scalar_sigma's
# caller, without jac, runs inside @njit with a scalar sigma) in `.ci/sweep`
@pytest.mark.parametrize("with_jac, sigma", [pytest.param(False, None, marks=pytest.mark.sweep),
                                             (True, SIGMA2)], ids=["False-None", "True-sigma1"])
def test_both_entries_identical(with_jac, sigma):
    if with_jac:
        got = curve_fit(decay, X, Y, p0=P0, sigma=sigma, jac=decay_jac, full_output=True)
        jitted = _jit_fit_jac(decay, decay_jac, X, Y, P0, sigma)
    else:
        got = curve_fit(decay, X, Y, p0=P0, sigma=sigma, full_output=True)
        jitted = _jit_fit(decay, X, Y, P0, sigma)
    for a, b in zip(got, jitted):
        if isinstance(a, dict):
            for key in a:
                np.testing.assert_array_equal(b[key], a[key])
        else:
            np.testing.assert_array_equal(b, a)


def test_p0_from_signature_and_absolute_scalar_sigma():
    @njit
    def fit(x, y):
        return curve_fit(decay, x, y, sigma=0.1, absolute_sigma=True)
    want = scipy.optimize.curve_fit(decay, X, Y, sigma=0.1, absolute_sigma=True)
    got = curve_fit(decay, X, Y, sigma=0.1, absolute_sigma=True)
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-10)
    for a, b in zip(fit(X, Y), got):
        np.testing.assert_array_equal(a, b)


def test_p0_array_inside_njit_is_a_clear_typing_error():
    @njit
    def fit(x, y):
        return curve_fit(decay, x, y, np.ones(3))
    with pytest.raises(TypingError, match="'p0' must be None or a tuple"):
        fit(X, Y)


def test_check_finite_like_scipy():
    y = Y.copy()
    y[3] = np.nan
    with pytest.raises(ValueError) as theirs:
        scipy.optimize.curve_fit(decay, X, y)
    with pytest.raises(ValueError) as ours:
        curve_fit(decay, X, y)
    assert str(ours.value) == str(theirs.value)


def test_not_converged_and_covariance_warning_like_scipy():
    with pytest.raises(RuntimeError) as theirs:
        scipy.optimize.curve_fit(decay, X, Y, maxfev=5)
    with pytest.raises(RuntimeError) as ours:
        curve_fit(decay, X, Y, maxfev=5)
    assert str(ours.value) == str(theirs.value)
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Covariance of the parameters"):
        want = scipy.optimize.curve_fit(decay, X[:3], Y[:3])
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Covariance of the parameters"):
        got = curve_fit(decay, X[:3], Y[:3])
    assert np.isinf(got[1]).all() and np.isinf(want[1]).all()


def test_unsupported_and_bad_input():
    with pytest.raises(NotImplementedError, match="'bounds'"):
        curve_fit(decay, X, Y, bounds=(0.0, 10.0))
    with pytest.raises(NotImplementedError, match="method='trf'"):
        curve_fit(decay, X, Y, method='trf')
    with pytest.raises(TypeError) as theirs:
        scipy.optimize.curve_fit(decay, X[:2], Y[:2])
    with pytest.raises(TypeError) as ours:
        curve_fit(decay, X[:2], Y[:2])
    assert str(ours.value) == str(theirs.value)
    with pytest.raises(ValueError, match="`sigma` has incorrect shape."):
        curve_fit(decay, X, Y, sigma=np.ones(3))
    # scipy broadcasts one ydata against the model's 40 values; we fit m = ydata.size
    scipy.optimize.curve_fit(decay, X, Y[:1])
    with pytest.raises(TypeError, match="M=1"):
        curve_fit(decay, X, Y[:1])


@njit
def fails_for_large_b(x, a, b):
    if b > 1.5:
        raise ZeroDivisionError("model failed")
    return a * x + b


def test_model_exception_propagates():
    with pytest.raises(ZeroDivisionError, match="model failed"):
        curve_fit(fails_for_large_b, X, Y, p0=[1.0, 2.0])
    # and leaves no allocation behind (before: 2 per call, the workspace and p),
    # raising at the first evaluation and, from b = 1, in MINPACK's iterations
    for p0 in ([1.0, 2.0], [1.0, 1.0]):
        assert_raises_without_leak(lambda: curve_fit(fails_for_large_b, X, Y * 3, p0=p0),
                                   ZeroDivisionError, "model failed")


# scipy's name inside @njit, without importing scijit, runs in CI in the cache test
# below (which also compares with scipy's own curve_fit): this process of its own is
# in `.ci/sweep`
@pytest.mark.sweep
def test_scipy_curve_fit_compiles_in_njit(run_python):
    out = run_python("""
        import numpy as np
        from numba import njit
        from scipy.optimize import curve_fit

        @njit
        def line(x, a, b):
            return a * x + b

        @njit
        def fit(x, y):
            return curve_fit(line, x, y, p0=(1.0, 0.0))

        x = np.linspace(0.0, 1.0, 20)
        y = 3.0 * x - 1.0 + 0.01 * np.sin(7 * x)
        popt, pcov = fit(x, y)
        want = curve_fit(line, x, y, p0=(1.0, 0.0))
        print(np.allclose(popt, want[0], rtol=1e-10), np.allclose(pcov, want[1], rtol=1e-8))
    """).stdout.split()
    assert out == ["True", "True"]


def test_bad_2d_sigma_like_scipy():
    # with jac, through the callers test_matches_scipy and test_both_entries_identical
    # compiled for a 2-D sigma (the factorisation that fails comes before the fit)
    bad = SIGMA2.copy()
    bad[3, 3] = -1.0
    for fit in (scipy.optimize.curve_fit, curve_fit,
                lambda *a, sigma, jac: _jit_fit_jac(decay, jac, *a[1:], sigma)):
        with pytest.raises(ValueError, match="`sigma` must be positive definite."):
            fit(decay, X, Y, P0, sigma=bad, jac=decay_jac)
    bad[3, 3] = np.nan
    with pytest.raises(ValueError, match="array must not contain infs or NaNs"):
        scipy.optimize.curve_fit(decay, X, Y, P0, sigma=bad)
    with pytest.raises(ValueError, match="array must not contain infs or NaNs"):
        _jit_fit_jac(decay, decay_jac, X, Y, P0, bad)


CACHED_CALLER = """
import sys
import numpy as np
from numba import njit
from scipy.optimize import curve_fit          # scipy's name: scijit is not imported


@njit
def decay(x, a, b, c):
    return a * np.exp(-b * x) + c

@njit(cache=True)
def fit(x, y, sigma):
    popt, pcov = curve_fit(decay, x, y, (1.0, 1.0, 1.0), sigma)
    return popt, pcov

x = np.linspace(0.0, 4.0, 30)
y = 2.5 * np.exp(-1.3 * x) + 0.5 + 0.01 * np.sin(9.0 * x)
sigma = np.diag(np.full(30, 0.01)) + 0.001
popt, pcov = fit(x, y, sigma)
print("RESULT", repr(popt.tolist()), repr(pcov[0].tolist()))
print("HITS", sum(fit.stats.cache_hits.values()), "MISSES", sum(fit.stats.cache_misses.values()))
print("MODEL_COMPILED", len(decay.signatures))
want = curve_fit(decay, x, y, (1.0, 1.0, 1.0), sigma)        # scipy's, from Python
print("SCIPY", np.allclose(popt, want[0], rtol=1e-10), np.allclose(pcov, want[1], rtol=1e-8))
"""


def test_2d_sigma_cache_true_loads_in_a_second_process(run_python):
    """The LAPACK routines are called by a symbol name registered at import,
    so cached code calling them loads (and links) in a new process."""
    # the snippet's functions are cached next to it (a fresh directory): the second process
    # loads them; scijit's own helpers come from its cache (a NUMBA_CACHE_DIR of the test's
    # own made the first process compile all of those too; test_fsolve_runtime.py keeps
    # one such test)
    lines = []
    for _ in range(2):
        out = run_python(CACHED_CALLER).stdout
        lines.append({line.split()[0]: line for line in out.splitlines() if line.split()})
    first, second = lines
    assert first["HITS"].split()[1] == "0"
    assert second["HITS"].split()[1] == "1" and second["HITS"].split()[3] == "0"
    assert second["MODEL_COMPILED"] == "MODEL_COMPILED 0"       # nothing recompiled
    assert first["RESULT"] == second["RESULT"]
    assert first["SCIPY"] == second["SCIPY"] == "SCIPY True True"
