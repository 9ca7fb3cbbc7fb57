"""newton with an array x0 (scipy's vectorised secant, Newton and Halley)
against scipy.optimize.newton, from both entries.

scipy calls the same compiled functions, so the roots, ``converged`` and
``zero_der`` must be equal, not close, and the warnings and errors the same.
One set of functions, parameterised by ``args``, covers every case, so each
iteration compiles once for the file.
"""
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit

from scijit.optimize import newton


@njit
def f(x, a, kind):
    """x^3 - 2x - a (kind 0); flat where a < 0 (kind 1: zero derivative and
    equal secant values there); a NaN where a > 9 (kind 2)."""
    out = x ** 3 - 2.0 * x - a
    for i in range(x.size):
        av = a.ravel()[i]
        if kind == 1 and av < 0:
            out.ravel()[i] = 1.0
        if kind == 2 and av > 9:
            out.ravel()[i] = np.nan
    return out


@njit
def df(x, a, kind):
    out = 3.0 * x ** 2 - 2.0
    for i in range(x.size):
        if kind == 1 and a.ravel()[i] < 0:
            out.ravel()[i] = 0.0
    return out


@njit
def d2f(x, a, kind):
    return 6.0 * x


A = np.array([1.0, 2.5, 5.0, 7.5, 10.0, -1.0, -3.0])
SPELLINGS = {"secant": {}, "newton": {"fprime": df}, "halley": {"fprime": df, "fprime2": d2f}}


def _run(fn, *args, **kw):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = fn(*args, **kw)
        except (RuntimeError, ValueError) as exc:
            out = exc
    return out, [(w.category, str(w.message)) for w in caught]


def _equal(got, want):
    if isinstance(want, Exception):
        return isinstance(got, type(want)) and str(got) == str(want)
    if isinstance(want, tuple):
        return (type(got).__name__ == type(want).__name__ and got._fields == want._fields
                and all(np.array_equal(g, w, equal_nan=True) for g, w in zip(got, want)))
    return np.array_equal(got, want, equal_nan=True) and got.shape == want.shape


@pytest.mark.parametrize("method", sorted(SPELLINGS))
def test_matches_scipy_from_python(method):
    kw = SPELLINGS[method]
    for kind in (0, 1, 2):
        for a, x0 in ((A[:5], np.full(5, 2.0)), (A, np.linspace(1.0, 3.0, 7)),
                      (A[:6].reshape(2, 3), np.full((2, 3), 1.5)), (A[:2], [2.0, 3.0])):
            for extra in ({}, {"full_output": True}, {"maxiter": 3}, {"tol": 1e-3}):
                got = _run(newton, f, x0, args=(a, kind), **kw, **extra)
                want = _run(scipy.optimize.newton, f, x0, args=(a, kind), **kw, **extra)
                assert _equal(got[0], want[0]), (method, kind, a, extra, got[0], want[0])
                assert got[1] == want[1], (method, kind, extra)


@njit
def _inside(x0, a, kind):
    return (newton(f, x0, args=(a, kind)),
            newton(f, x0, fprime=df, args=(a, kind), full_output=True),
            scipy.optimize.newton(f, x0, fprime=df, fprime2=d2f, args=(a, kind)))


def test_inside_njit_matches_scipy():
    for kind in (0, 1):
        x0 = np.linspace(1.0, 3.0, 7)
        got = _inside(x0, A, kind)
        for g, kw in zip(got, ({}, {"fprime": df, "full_output": True},
                              {"fprime": df, "fprime2": d2f})):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                want = scipy.optimize.newton(f, x0, args=(A, kind), **kw)
            assert _equal(g, want), (kind, kw)
        assert np.array_equal(x0, np.linspace(1.0, 3.0, 7))       # x0 is not modified


def test_errors_as_scipy_from_both_entries():
    x0 = np.full(5, 2.0)
    for kw in ({"tol": 0.0}, {"maxiter": 0}, {"maxiter": 1, "fprime": df}):
        got = _run(newton, f, x0, args=(A[:5], 0), **kw)
        want = _run(scipy.optimize.newton, f, x0, args=(A[:5], 0), **kw)
        assert _equal(got[0], want[0]) and got[1] == want[1], kw
    with pytest.raises(RuntimeError, match="all failed to converge after 1 iterations"):
        _inside_one(x0, A[:5])

    @njit
    def wrong_length(x):
        return np.zeros(x.size + 1)
    with pytest.raises(ValueError, match="shape"):
        newton(wrong_length, x0)


@njit
def _inside_one(x0, a):
    return newton(f, x0, fprime=df, args=(a, 0), maxiter=1)


@njit
def cubic(x):
    return x ** 3 - 2.0 * x - 5.0


@njit
def cubic_slope(x):
    return 3.0 * x ** 2 - 2.0


def test_one_element_array_is_scipys_scalar_path_from_python():
    for x0 in (np.array([2.0]), [2.0], np.array([[2.0]])):
        got = newton(cubic, x0, fprime=cubic_slope)
        want = scipy.optimize.newton(cubic, x0, fprime=cubic_slope)
        assert np.array_equal(got, want) and np.shape(got) == np.shape(want)
