"""Every MINPACK caller at every size: n = 1..40 variables, m = n..3n residuals.

The regression tests of the lm_workspace overflow (issue 12): every default
leastsq/curve_fit/root('lm') call wrote n doubles past its workspace, which
aborted the process from n = 8 (m = 20) and corrupted memory silently below.
Here each caller runs over the whole size range, from both entries, with
each option that changes how the workspace is used (full_output, Dfun,
col_deriv, diag, factor, epsfcn; fsolve's mode and band), against scipy on
the same compiled callbacks.  (AddressSanitizer's sweep, .ci/sanitize,
checks the same calls for out-of-bounds accesses with exact allocations.)

Compilation is the cost: the callbacks take the problem as arrays, so each
caller compiles once for all sizes.
"""
import math

import numpy as np
import pytest
import scipy.optimize
from numba import njit

from scijit.optimize import curve_fit, fsolve, least_squares, leastsq, root

from checks import sweep_params

SIZES = [(n, m) for n in range(1, 41) for m in sorted({n, n + 1, 2 * n, 3 * n})]
SQUARE = list(range(1, 41))

# in CI: the smallest sizes, those around n = 8 (m = 20), where the overflow began to
# abort, and the largest; the callers compile once for all sizes, so the others (the
# same code at more sizes) run in `.ci/sweep`
CI_N = {1, 2, 3, 7, 8, 9, 16, 40}


def _sizes(sizes):
    """``sizes`` as parameters, those with n outside CI_N in the sweep (the
    first always in CI)."""
    in_ci = {s for s in sizes if (s[0] if isinstance(s, tuple) else s) in CI_N} | {sizes[0]}
    return sweep_params(sizes, in_ci)


def problem(n, m):
    """A well-posed smooth least-squares problem of n unknowns, m residuals:
    f(x) = A tanh(x) - b, with A's columns well conditioned."""
    rng = np.random.default_rng(1000 * n + m)
    A = rng.standard_normal((m, n)) + 3.0 * np.eye(m, n)
    xs = rng.uniform(-0.8, 0.8, n)
    b = A @ np.tanh(xs) + (0.01 * rng.standard_normal(m) if m > n else 0.0)
    return A, b


@njit
def resid(x, A, b):
    m, n = A.shape
    out = np.empty(m)
    for i in range(m):
        s = 0.0
        for j in range(n):
            s += A[i, j] * math.tanh(x[j])
        out[i] = s - b[i]
    return out


@njit
def jac(x, A, b):
    m, n = A.shape
    out = np.empty((m, n))
    for i in range(m):
        for j in range(n):
            t = math.tanh(x[j])
            out[i, j] = A[i, j] * (1.0 - t * t)
    return out


@njit
def jac_t(x, A, b):
    return jac(x, A, b).T.copy()


def _same(ours, theirs, rtol=1e-9):
    scale = max(1.0, float(np.max(np.abs(theirs))))
    np.testing.assert_allclose(ours, theirs, rtol=rtol, atol=1e-12 * scale)


# ---------------------------------------------------------------- leastsq
@njit
def _jit_leastsq_short(x0, A, b):
    return leastsq(resid, x0, args=(A, b))


@njit
def _jit_leastsq_full(x0, A, b, col_deriv, diag, factor):
    if col_deriv:
        return leastsq(resid, x0, (A, b), jac_t, True, True, diag=diag, factor=factor)
    return leastsq(resid, x0, (A, b), jac, True, False, diag=diag, factor=factor)


@pytest.mark.parametrize("n, m", _sizes(SIZES))
def test_leastsq_every_size(n, m):
    A, b = problem(n, m)
    x0 = np.zeros(n)
    # the default call, the one that overflowed: both entries
    want = scipy.optimize.leastsq(resid, x0, args=(A, b), full_output=True)
    got = leastsq(resid, x0, args=(A, b), full_output=True)
    _same(got[0], want[0])
    assert got[2]["nfev"] == want[2]["nfev"] and got[4] == want[4]
    _same(got[2]["fjac"], want[2]["fjac"], rtol=1e-7)
    np.testing.assert_array_equal(got[2]["ipvt"], want[2]["ipvt"])
    if want[1] is not None:
        _same(got[1], want[1], rtol=1e-6)
    x, ier = _jit_leastsq_short(x0, A, b)
    np.testing.assert_array_equal(x, got[0])
    # Jacobian (row and column forms), scaling given, another factor
    diag = np.linspace(0.5, 2.0, n)
    for col_deriv in (False, True):
        Dfun = jac_t if col_deriv else jac
        want = scipy.optimize.leastsq(resid, x0, args=(A, b), Dfun=Dfun, full_output=True,
                                      col_deriv=col_deriv, diag=diag, factor=10.0)
        got = _jit_leastsq_full(x0, A, b, col_deriv, diag, 10.0)
        _same(got[0], want[0])
        assert (got[2]["nfev"], got[2]["njev"], got[4]) == (want[2]["nfev"], want[2]["njev"],
                                                           want[4])


@pytest.mark.parametrize("n, m", _sizes(SIZES[::7]))
def test_leastsq_epsfcn_and_diag_from_python(n, m):
    A, b = problem(n, m)
    x0 = np.zeros(n)
    kw = dict(args=(A, b), full_output=True, epsfcn=1e-10, diag=np.full(n, 3.0))
    want = scipy.optimize.leastsq(resid, x0, **kw)
    got = leastsq(resid, x0, **kw)
    _same(got[0], want[0])
    assert got[2]["nfev"] == want[2]["nfev"] and got[4] == want[4]


# ---------------------------------------------------------------- root('lm'), least_squares('lm')
@njit
def _jit_root_lm(x0, A, b):
    return root(resid, x0, args=(A, b), method='lm')


@pytest.mark.parametrize("n, m", _sizes(SIZES[::3]))
def test_root_lm_and_least_squares_every_size(n, m):
    A, b = problem(n, m)
    x0 = np.zeros(n)
    want = scipy.optimize.root(resid, x0, args=(A, b), method='lm')
    got = root(resid, x0, args=(A, b), method='lm')
    _same(got.x, want.x)
    assert (got.nfev, got.status) == (want.nfev, want.status)
    jitted = _jit_root_lm(x0, A, b)
    np.testing.assert_array_equal(jitted.x, got.x)
    want = scipy.optimize.least_squares(resid, x0, args=(A, b), method='lm', jac=jac)
    got = least_squares(resid, x0, args=(A, b), method='lm', jac=jac)
    _same(got.x, want.x)
    assert (got.nfev, got.njev, got.status) == (want.nfev, want.njev, want.status)


# ---------------------------------------------------------------- curve_fit
def _model(k):
    """f(t, p1..pk) = sum_j p_j t**j / j!: curve_fit needs n at compile time."""
    names = ", ".join("p%d" % j for j in range(k))
    terms = " + ".join("p%d * t**%d / %d" % (j, j, math.factorial(j)) for j in range(k))
    scope = {}
    exec("def f(t, %s):\n    return %s\n" % (names, terms), scope)
    return njit(scope["f"])


@pytest.mark.filterwarnings("ignore::scipy.optimize.OptimizeWarning")   # m == n: no pcov
# n = 2 in the sweep: each n compiles a model of its own
@pytest.mark.parametrize("n", sweep_params([1, 2, 9, 12], in_ci={1, 9, 12}))
def test_curve_fit_sizes_that_overflowed(n):
    f = _model(n)
    rng = np.random.default_rng(n)
    for m in sorted({n, 2 * n + 1, 3 * n}):
        t = np.linspace(0.0, 1.5, m)
        y = np.exp(t) + 0.01 * rng.standard_normal(m)
        want = scipy.optimize.curve_fit(f, t, y, p0=np.ones(n), full_output=True)
        got = curve_fit(f, t, y, p0=np.ones(n), full_output=True)
        _same(got[0], want[0], rtol=1e-8)
        assert got[2]["nfev"] == want[2]["nfev"] and got[4] == want[4]


# ---------------------------------------------------------------- fsolve, root('hybr')
@njit
def _jit_fsolve(x0, A, b, diag):
    return fsolve(resid, x0, (A, b), None, True, diag=diag, factor=20.0)


@njit
def _jit_fsolve_jac(x0, A, b, diag):
    return fsolve(resid, x0, (A, b), jac, True, diag=diag, factor=20.0)


@pytest.mark.parametrize("n", _sizes(SQUARE))
def test_fsolve_and_root_hybr_every_size(n):
    A, b = problem(n, n)
    x0 = np.zeros(n)
    want = scipy.optimize.fsolve(resid, x0, args=(A, b), full_output=True)
    got = fsolve(resid, x0, args=(A, b), full_output=True)
    _same(got[0], want[0])
    assert (got[1]["nfev"], got[2]) == (want[1]["nfev"], want[2])
    _same(got[1]["r"], want[1]["r"], rtol=1e-7)
    band = (1, 0) if n > 2 else None
    want = scipy.optimize.fsolve(resid, x0, args=(A, b), full_output=True, band=band,
                                 epsfcn=1e-9)
    got = fsolve(resid, x0, args=(A, b), full_output=True, band=band, epsfcn=1e-9)
    _same(got[0], want[0])
    assert (got[1]["nfev"], got[2]) == (want[1]["nfev"], want[2])
    diag = np.linspace(1.0, 2.0, n)
    for use_jac in (False, True):
        want = scipy.optimize.fsolve(resid, x0, args=(A, b), fprime=jac if use_jac else None,
                                     full_output=True, diag=diag, factor=20.0)
        got = (_jit_fsolve_jac if use_jac else _jit_fsolve)(x0, A, b, diag)
        _same(got[0], want[0])
        assert (got[1]["nfev"], got[2]) == (want[1]["nfev"], want[2])
    want = scipy.optimize.root(resid, x0, args=(A, b), jac=jac)
    got = root(resid, x0, args=(A, b), jac=jac)
    _same(got.x, want.x)
    assert (got.nfev, got.njev, got.status) == (want.nfev, want.njev, want.status)
