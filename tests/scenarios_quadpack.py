"""Canary scenarios for the QUADPACK entry points (see tests/native_canary.py).

Each scenario function takes a size k = 1, 2, ... and returns a Scenario
whose scalars the canary test sizes every array by: ``limit = k*k`` (1, 4,
9, 25, 64, 169: the small ones reach the subdivision limit, ier = 1, with
every interval array used to its last entry; the large ones converge),
qagpe's ``npts2 = k + 1`` (k - 1 break points), qawoe's and qawfe's
``maxp1 = k`` and qawfe's ``limlst = k + 2``.  The integrand is a Python
callback ``f(x, iflag)`` returning a float (native_canary wraps it with the
table's callback ABI).

Each check compares the call with scipy.integrate.quad running the same
QUADPACK routine on the same integrand and options: result and abserr to
rounding, neval, ier and last exactly, and the interval arrays' used part
(alist, blist, rlist, elist, iord, and the routine's own: level, nnlog,
momcom, chebmo, rslst, erlst, ierlst), so the arrays hold what scipy's do.
"""
import math
import warnings

import numpy as np
import scipy.integrate as si

from native_canary import Scenario
from scijit.integrate._quadpack import quad_message

EPS = 1.49e-8            # scipy's default epsabs and epsrel


def _scipy(f, a, b, **kw):
    """scipy's (result, abserr, infodict) for ``f(x)``, or None for ier 6."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            out = si.quad(f, a, b, full_output=1, **kw)
        except ValueError:                    # ier = 6: scipy raises
            return None
    return out


def _close(got, want, rtol=1e-13):
    got, want = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-300)


def _intervals(arrays, info, last, limit):
    """The used part of the interval arrays equals scipy's infodict's."""
    for name in ("alist", "blist", "rlist", "elist"):
        _close(arrays[name][:last], info[name][:last])
    ordered = last if last <= limit // 2 + 2 else limit + 1 - last
    # ours 1-based, scipy 1.17's 0-based
    np.testing.assert_array_equal(arrays["iord"][:ordered] - 1, info["iord"][:ordered])


def _matches(f, a, b, limit, last_name="last", **kw):
    """A check comparing the call with scipy.integrate.quad(f, a, b, **kw)."""
    def check(outputs, arrays):
        want = _scipy(f, a, b, limit=limit, **kw)
        if want is None:
            assert outputs["ier"] == 6, outputs
            return
        y, e, info = want[:3]
        ier = outputs["ier"]
        # scipy reports ier by its message (none for 0)
        if ier == 0:
            assert len(want) == 3, (outputs, want[3:])
        else:
            assert want[3] == quad_message(ier, limit, last_name == "lst"), (outputs, want[3])
        _close(outputs["result"], y)
        _close(outputs["abserr"], e)
        assert outputs["neval"] == info["neval"], (outputs, info["neval"])
        assert outputs[last_name] == info[last_name], (outputs, info[last_name])
        if last_name == "last":
            _intervals(arrays, info, outputs["last"], limit)
        check.info = info
    return check


def _limit(k):
    return k * k


# ---------------------------------------------------------------- integrands
def _cos100sin(x, iflag):
    """cos(100 sin x) on [0, pi]: 23 subintervals at scipy's tolerances."""
    return math.cos(100.0 * math.sin(x))


def _logrational(x, iflag):
    """log|x| / (1 + 100 x^2) over [0, inf) or (-inf, 0]."""
    return math.log(abs(x)) / (1.0 + 100.0 * x * x) if x != 0.0 else 0.0


def _peaks(x, iflag):
    """Two peaks, at 0.3 and 0.7, on [0, 1]."""
    return 1.0 / ((x - 0.3) ** 2 + 1e-4) + 1.0 / ((x - 0.7) ** 2 + 1e-3)


def _lorentz(x, iflag):
    return 1.0 / (1.0 + x * x)


def _wave(x, iflag):
    """cos(30 x) / (1.05 - x): hard for qawse's end-point weights on [0, 1]."""
    return math.cos(30.0 * x) / (1.05 - x)


def _log(x, iflag):
    return math.log(x) if x > 0.0 else 0.0


def _slow(x, iflag):
    """1 / (1 + x): a slowly decaying Fourier integrand, many cycles."""
    return 1.0 / (1.0 + x)


def _exp(x, iflag):
    return math.exp(x)


def _plain(f):
    """``f`` as scipy calls it, f(x)."""
    return lambda x: f(x, 0)


# ---------------------------------------------------------------- scenarios
def qagse(k):
    limit = _limit(k)
    return Scenario(scalars=dict(a=0.0, b=math.pi, epsabs=0.0, epsrel=1e-10, limit=limit),
                    callback=_cos100sin,
                    check=_matches(_plain(_cos100sin), 0.0, math.pi, limit, epsabs=0.0,
                                   epsrel=1e-10))


def qagie(k):
    limit, inf = _limit(k), (1 if k % 2 else -1)
    a, b = (0.0, np.inf) if inf == 1 else (-np.inf, 0.0)
    return Scenario(scalars=dict(bound=0.0, inf=inf, epsabs=EPS, epsrel=EPS, limit=limit),
                    callback=_logrational,
                    check=_matches(_plain(_logrational), a, b, limit))


def qagpe(k):
    limit, npts = _limit(k), k - 1
    points = np.linspace(0.0, 1.0, npts + 2)[1:-1] + 0.01      # inside (0, 1), not 0.3, 0.7
    check = _matches(_plain(_peaks), 0.0, 1.0, limit, points=points)

    def check_points(outputs, arrays):
        check(outputs, arrays)
        if outputs["ier"] != 6:
            last, info = outputs["last"], check.info
            np.testing.assert_array_equal(arrays["level"][:last], info["level"][:last])
            _close(arrays["pts"], info["pts"])
            np.testing.assert_array_equal(arrays["ndin"][:npts + 1], info["ndin"][:npts + 1])
    return Scenario(scalars=dict(a=0.0, b=1.0, npts2=npts + 2, epsabs=EPS, epsrel=EPS,
                                 limit=limit),
                    arrays=dict(points=points), callback=_peaks, check=check_points)


def qawce(k):
    limit = _limit(k)
    return Scenario(scalars=dict(a=-1.0, b=5.0, c=2.0, epsabs=0.0, epsrel=1e-13, limit=limit),
                    callback=_lorentz,
                    check=_matches(_plain(_lorentz), -1.0, 5.0, limit, weight="cauchy", wvar=2.0,
                                   epsabs=0.0, epsrel=1e-13))


_ALG = {1: "alg", 2: "alg-loga", 3: "alg-logb", 4: "alg-log"}


def qawse(k):
    # limit 1 is improper for qawse (ier = 6: it needs two subintervals)
    limit, integr = _limit(k), 1 + k % 4
    return Scenario(scalars=dict(a=0.0, b=1.0, alfa=-0.5, beta=0.25, integr=integr,
                                 epsabs=EPS, epsrel=1e-12, limit=limit),
                    callback=_wave,
                    check=_matches(_plain(_wave), 0.0, 1.0, limit, weight=_ALG[integr],
                                   wvar=(-0.5, 0.25), epsrel=1e-12))


# maxp1 only bounds how many levels of Chebyshev moments QUADPACK keeps
# (beyond, it recomputes them): its answers do not depend on it.  scipy
# 1.17's do, once the storage is full (quad(log, 0, 1, weight="cos",
# wvar=30, maxp1=2) is -0.0811, the integral -Si(30)/30 = -0.052225218...,
# which ours gives for every maxp1), so the reference runs with maxp1 = 50.
_REFERENCE_MAXP1 = 50


def qawoe(k):
    limit, maxp1 = _limit(k), k
    check = _matches(_plain(_log), 0.0, 1.0, limit, weight="cos", wvar=30.0,
                     maxp1=_REFERENCE_MAXP1)

    def check_moments(outputs, arrays):
        check(outputs, arrays)
        last, info = outputs["last"], check.info
        np.testing.assert_array_equal(arrays["nnlog"][:last], info["nnlog"][:last])
        assert outputs["momcom"] == min(info["momcom"], maxp1 - 1), (outputs, info["momcom"])
        # chebmo: QUADPACK's maxp1 x 25 column-major, scipy's 25 x maxp1
        mine = arrays["chebmo"].reshape(25, maxp1)[:, :outputs["momcom"]]
        _close(mine, info["chebmo"][:, :outputs["momcom"]])
    return Scenario(scalars=dict(a=0.0, b=1.0, omega=30.0, integr=1, epsabs=EPS, epsrel=EPS,
                                 limit=limit, icall=1, maxp1=maxp1, momcom=0),
                    callback=_log, check=check_moments)


def qawfe(k):
    limlst, limit, maxp1 = k + 2, _limit(k), k
    check = _matches(_plain(_slow), 0.0, np.inf, limit, last_name="lst", weight="sin",
                     wvar=1.0, limlst=limlst, maxp1=_REFERENCE_MAXP1)

    def check_cycles(outputs, arrays):
        check(outputs, arrays)
        lst, info = outputs["lst"], check.info
        _close(arrays["rslst"][:lst], info["rslst"][:lst])
        _close(arrays["erlst"][:lst], info["erlst"][:lst])
        np.testing.assert_array_equal(arrays["ierlst"][:lst], info["ierlst"][:lst])
    return Scenario(scalars=dict(a=0.0, omega=1.0, integr=2, epsabs=EPS, limlst=limlst,
                                 limit=limit, maxp1=maxp1),
                    callback=_slow, check=check_cycles)


_RULES = (15, 21, 31, 41, 51, 61)


def qk(k):
    npoints = _RULES[min(k, len(_RULES)) - 1]

    def check(outputs, arrays):
        exact = math.e - 1.0
        assert abs(outputs["result"] - exact) < 1e-14, (npoints, outputs)
        assert abs(outputs["resabs"] - exact) < 1e-14, (npoints, outputs)
        assert outputs["abserr"] < 1e-12, (npoints, outputs)
    return Scenario(scalars=dict(npoints=npoints, a=0.0, b=1.0), callback=_exp, check=check)


SCENARIOS = {
    "scijit_quadpack_qagse": qagse,
    "scijit_quadpack_qagie": qagie,
    "scijit_quadpack_qagpe": qagpe,
    "scijit_quadpack_qawce": qawce,
    "scijit_quadpack_qawse": qawse,
    "scijit_quadpack_qawoe": qawoe,
    "scijit_quadpack_qawfe": qawfe,
    "scijit_quadpack_qk": qk,
}
