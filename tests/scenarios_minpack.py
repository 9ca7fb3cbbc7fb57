"""Canary scenarios for the MINPACK entry points (see tests/native_canary.py).

Each scenario function takes a size k = 1, 2, ... and returns a Scenario
with the scalars, input arrays and callback of one well-posed call; the
canary test gives every array exactly its declared size.
"""
import numpy as np

from native_canary import Scenario

EPS = float(np.finfo(float).eps)


def _broyden(x, fvec):
    """Broyden tridiagonal function (More, Garbow, Hillstrom 1981, #30)."""
    n = x.size
    for i in range(n):
        left = x[i - 1] if i > 0 else 0.0
        right = x[i + 1] if i < n - 1 else 0.0
        fvec[i] = (3.0 - 2.0 * x[i]) * x[i] - left - 2.0 * right + 1.0


def _broyden_jac(x, fjac):
    n = x.size
    fjac[:, :] = 0.0
    for i in range(n):
        fjac[i, i] = 3.0 - 4.0 * x[i]
        if i > 0:
            fjac[i, i - 1] = -1.0
        if i < n - 1:
            fjac[i, i + 1] = -2.0


def _converged(outputs, arrays):
    fvec = np.empty(arrays["x"].size)
    _broyden(arrays["x"], fvec)
    assert outputs["info"] == 1, outputs
    assert np.max(np.abs(fvec)) < 1e-6


def hybrd(k):
    n = k

    def fcn(n, x, fvec, iflag):
        _broyden(x, fvec)
    return Scenario(
        scalars=dict(n=n, xtol=1.49012e-08, maxfev=200 * (n + 1), ml=n - 1, mu=n - 1,
                     epsfcn=EPS, mode=1, factor=100.0, ldfjac=n),
        arrays=dict(x=-np.ones(n)), callback=fcn, check=_converged)


def hybrj(k):
    n = k

    def fcn(n, x, fvec, fjac, ldfjac, iflag):
        if iflag == 1:
            _broyden(x, fvec)
        else:
            _broyden_jac(x, fjac)
    return Scenario(
        scalars=dict(n=n, ldfjac=n + 1, xtol=1.49012e-08, maxfev=100 * (n + 1), mode=1,
                     factor=100.0),
        arrays=dict(x=-np.ones(n)), callback=fcn, check=_converged)


def _linear(x, fvec, m):
    """Linear function, full rank (MGH #32): minimum at x = -1."""
    n = x.size
    s = 2.0 * x.sum() / m
    fvec[:n] = x - s - 1.0
    fvec[n:] = -s - 1.0


def _linear_jac(n, m, fjac):
    fjac[:, :] = -2.0 / m
    for j in range(n):
        fjac[j, j] += 1.0


def _lm_converged(outputs, arrays):
    assert 1 <= outputs["info"] <= 4, outputs
    assert np.allclose(arrays["x"], -1.0, atol=1e-8)


def lmdif(k):
    n, m = k, 2 * k + 1

    def fcn(m, n, x, fvec, iflag):
        _linear(x, fvec, m)
    return Scenario(
        scalars=dict(m=m, n=n, ftol=1.49012e-08, xtol=1.49012e-08, gtol=0.0,
                     maxfev=200 * (n + 1), epsfcn=EPS, mode=1, factor=100.0, ldfjac=m),
        arrays=dict(x=np.ones(n)), callback=fcn, check=_lm_converged)


def lmder(k):
    n, m = k, 2 * k + 1

    def fcn(m, n, x, fvec, fjac, ldfjac, iflag):
        if iflag == 1:
            _linear(x, fvec, m)
        else:
            _linear_jac(n, m, fjac)
    return Scenario(
        scalars=dict(m=m, n=n, ldfjac=m + 1, ftol=1.49012e-08, xtol=1.49012e-08, gtol=0.0,
                     maxfev=100 * (n + 1), mode=1, factor=100.0),
        arrays=dict(x=np.ones(n)), callback=fcn, check=_lm_converged)


def lm_covariance(k):
    n = k
    ld = n + 1
    r = np.zeros((ld, n), order="F")
    for j in range(n):
        r[:j + 1, j] = 0.5
        r[j, j] = 2.0 + j
    ipvt = np.arange(n, 0, -1, dtype=np.int32)

    def check(outputs, arrays):
        assert outputs["status"] == 0, outputs
        assert np.all(np.isfinite(arrays["cov"]))
    return Scenario(scalars=dict(n=n, ldfjac=ld), arrays=dict(fjac=r.reshape(-1, order="F"),
                                                              ipvt=ipvt), check=check)


SCENARIOS = {
    "scijit_minpack_hybrd": hybrd,
    "scijit_minpack_hybrj": hybrj,
    "scijit_minpack_lmdif": lmdif,
    "scijit_minpack_lmder": lmder,
    "scijit_minpack_lm_covariance": lm_covariance,
}
