"""Canary scenario for TNC's scijit_tnc_minimize (see tests/native_canary.py).

A whole minimization of a chained quartic over a box that cuts some of its
variables (mixed bounds: none, lower, upper, both), with scale and offset
given so that every array of the entry point is read; the check compares
the outcome with scipy's own TNC from the same start, to the bit.
"""
import numpy as np

from minimize_problems import chained_quartic
from native_canary import Scenario

INF = np.inf


def _problem(n):
    kinds = [i % 4 for i in range(n)]
    low = np.array([(-INF, -0.5, -INF, -0.5)[k] for k in kinds])
    up = np.array([(INF, INF, 1.25, 1.25)[k] for k in kinds])
    x0 = np.random.default_rng(n).uniform(-0.4, 1.2, n)
    scale = 0.5 + np.arange(n) % 3
    offset = np.linspace(-0.25, 0.25, n)
    return x0, low, up, scale, offset


def tnc_minimize(k):
    n = k
    x0, low, up, scale, offset = _problem(n)
    maxfun = 60

    def fg(n, x, g, iflag):
        f, gx = chained_quartic(np.array(x))
        g[:] = gx
        return f

    def check(outputs, arrays):
        from scipy.optimize import _moduleTNC
        rc, nfeval, niter, x, f, g = _moduleTNC.tnc_minimize(
            chained_quartic, x0.copy(), low, up, scale, offset, 0, -1, maxfun, -1.0, 0.0, 0.0, 0.0, -1.0,
            -1.0, -1.0, -1.0, None)
        assert (outputs["rc"], outputs["nfeval"], outputs["niter"]) == (rc, nfeval, niter)
        assert rc in (0, 1, 2, 3), rc
        assert np.array_equal(arrays["x"], x) and np.array_equal(arrays["g"], g)
        assert outputs["f"] == f

    return Scenario(
        scalars=dict(n=n, nscale=n, noffset=n, maxcgit=-1, maxnfeval=maxfun, eta=-1.0,
                     stepmx=0.0, accuracy=0.0, fmin=0.0, ftol=-1.0, xtol=-1.0, pgtol=-1.0,
                     rescale=-1.0),
        arrays=dict(x=x0, low=low, up=up, scale=scale, offset=offset),
        callback=fg, check=check)


SCENARIOS = {"scijit_tnc_minimize": tnc_minimize}
