"""quad(..., complex_func=True): the real and imaginary parts integrated
separately, as scipy does, from Python and inside @njit (same integrands
given to scipy, so the QUADPACK runs are the same)."""
import warnings

import numpy as np
import pytest
import scipy.integrate as si
from numba import njit

from scijit.integrate import quad

from checks import sweep_params


@njit
def _wave(x, k):
    return np.exp(1j * k * x) * np.exp(-x * x)


@njit
def _plain(x):
    return x * x                       # a real integrand: imaginary part 0


def _scipy(*a, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return si.quad(*a, complex_func=True, **kw)


CASES = [
    (_wave, 0.0, 1.0, {"args": (3.0,)}),
    (_wave, 2.0, -1.0, {"args": (3.0,)}),                 # scipy does not flip the sign here
    (_wave, 0.0, np.inf, {"args": (0.5,)}),
    (_wave, -np.inf, np.inf, {"args": (2.0,), "epsabs": 1e-12}),
    (_wave, 0.0, 3.0, {"args": (1.0,), "points": [1.0, 2.0]}),
    (_wave, 0.0, 2.0, {"args": (1.0,), "weight": "cos", "wvar": 3.0}),
    (_wave, 0.0, 2.0, {"args": (25.0,), "limit": 3}),      # not converged: messages
    (_plain, 0.0, 1.0, {}),
]


_IDS = [str(i) for i in range(len(CASES))]


@pytest.mark.parametrize("case", CASES, ids=_IDS)
def test_matches_scipy(case):
    f, a, b, kw = case
    got = quad(f, a, b, complex_func=True, full_output=1, **kw)
    want = _scipy(f, a, b, full_output=1, **kw)
    assert got[:2] == want[:2] and type(got[0]) is complex
    assert set(got[2]) == {"real", "imag"}
    for part in ("real", "imag"):
        g, w = got[2][part], want[2][part]
        assert len(g) == len(w) and g[1:] == w[1:]                   # message (and explain)
        assert g[0]["neval"] == w[0]["neval"] and list(g[0]) == list(w[0])


# The short form compiles an entry of its own per integrand and weight (or points):
# in CI for the plain integrand over finite, reversed and infinite ranges and short of
# its limit; with points, a weight or a real integrand it is the same short-form code
# again (their full output is checked above), in `.ci/sweep`.
@pytest.mark.parametrize("case", sweep_params(range(len(CASES)), in_ci={0, 1, 2, 3, 6}),
                         ids=_IDS)
def test_short_form_matches_scipy(case):
    f, a, b, kw = CASES[case]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = quad(f, a, b, complex_func=True, **kw)
    want = _scipy(f, a, b, **kw)
    assert got == want and type(got[0]) is complex


def test_equal_limits_and_plain_python_integrand():
    assert quad(_wave, 1.0, 1.0, args=(1.0,), complex_func=True) == (0.0, 0.0)
    got = quad(_wave, 1.0, 1.0, args=(1.0,), complex_func=True, full_output=1)
    want = si.quad(_wave, 1.0, 1.0, args=(1.0,), complex_func=True, full_output=1)
    assert got[:2] == want[:2] and list(got[2]) == ["real", "imag"]
    assert quad(lambda x: 1j * x, 0.0, 2.0, complex_func=True) == \
        si.quad(lambda x: 1j * x, 0.0, 2.0, complex_func=True)


def test_both_entries_identical_and_scipy_name_inside_njit():
    @njit
    def run(k, a, b):
        y, e = quad(_wave, a, b, args=(k,), complex_func=True)
        yf, ef, re, im = quad(_wave, a, b, args=(k,), complex_func=True, full_output=1)
        ys, es = si.quad(_wave, a, b, args=(k,), complex_func=True)
        return y, e, yf, re[0].neval, re[1], im[0].neval, im[1], ys
    for a, b, k in ((0.0, 1.0, 3.0), (0.0, np.inf, 0.5), (3.0, 0.0, 2.0)):
        y, e, yf, nre, mre, nim, mim, ys = run(k, a, b)
        want = quad(_wave, a, b, args=(k,), complex_func=True, full_output=1)
        assert (y, e) == want[:2] and yf == y and ys == y
        assert nre == want[2]["real"][0]["neval"] and nim == want[2]["imag"][0]["neval"]
        assert mre == "" and mim == ""
