"""Test problems of scipy.optimize.elementwise's functions.

``roots(x, k, p)`` and ``minima(x, k, p)`` hold a dozen functions each,
picked per element by ``k`` with a parameter ``p``: one @njit function
each, so every solver compiles once for the whole battery.  scipy calls
them with arrays (the active elements, ``k`` and ``p`` of the same shape),
scijit with numbers; on arrays they apply the same scalar code element by
element, so both see bit-identical values (math.exp, sin, ... included).
"""
import math

import numpy as np
from numba import njit, types
from numba.extending import overload


class Boom(Exception):
    """What ``roots`` raises for k = 12 past p (a callback exception)."""


# error_model="numpy": a division by zero is inf or NaN, as numpy's (scipy's calls)
@njit(error_model="numpy")
def root_scalar(x, k, p):
    if k == 0:
        return x * x * x - 2.0 * x - p            # scipy's docstring cubic
    if k == 1:
        return math.exp(x) - p
    if k == 2:
        return math.atan(x - p)
    if k == 3:
        return (x - p) * (x - p) * (x - p)        # triple root: slow, value-tolerance bound
    if k == 4:
        return x * x + 1.0 + 0.0 * p              # no root: the bracket is invalid
    if k == 5:
        return x - p if x < p + 0.5 else np.nan   # NaN right of p + 0.5
    if k == 6:
        return 1.0 / (x - p)                      # a pole, no root
    if k == 7:
        return 1e300 * (x - p) * 1e10             # overflows to +-inf
    if k == 8:
        return 1.0 if x > p else -1.0             # a jump
    if k == 9:
        return 1e-310 * (x - p)                   # subnormal values: fatol
    if k == 10:
        return math.sqrt(x) - p                   # NaN left of 0
    if k == 11:
        return math.sin(x) - p
    if x > p:
        raise Boom("no values past p")
    return x - p - 1.0


@njit(error_model="numpy")
def minimum_scalar(x, k, p):
    if k == 0:
        return (x - p) * (x - p)
    if k == 1:
        return (x - p) ** 4                       # flat bottom
    if k == 2:
        return abs(x - p) + 1.0                   # a kink
    if k == 3:
        return math.cosh(x - p)
    if k == 4:
        return x + p                              # no minimum
    if k == 5:
        return (x - p) * (x - p) if x < p + 1.0 else np.nan
    if k == 6:
        return 1.0 + 0.0 * p                      # constant
    if k == 7:
        return -(x - p) * (x - p)                 # a maximum
    if k == 8:
        return math.exp(x) - p * x
    if k == 9:
        return math.sin(x + p)                    # several minima
    if k == 10:
        return 1e300 * x * x * 1e10 - p           # inf away from 0
    return x * x if x < p else -x                 # minimum at 0, unbounded past p


def _lifted(scalar):
    """An @njit ``f(x, k, p)`` applying ``scalar`` to numbers, or element by
    element to arrays (scipy's calls: ``k`` and ``p`` of ``x``'s shape)."""
    def stub(x, k, p):
        raise NotImplementedError

    @overload(stub)
    def _stub(x, k, p):
        if isinstance(x, types.Array):
            def on_arrays(x, k, p):
                out = np.empty(x.shape)
                flat_out = out.ravel()
                xs, ks, ps = x.ravel(), k.ravel(), p.ravel()
                for i in range(xs.size):
                    flat_out[i] = scalar(xs[i], ks[i], ps[i])
                return out
            return on_arrays
        return lambda x, k, p: scalar(x, k, p)

    @njit
    def f(x, k, p):
        return stub(x, k, p)
    return f


roots = _lifted(root_scalar)
minima = _lifted(minimum_scalar)


@njit
def cubic(x, c):
    """numpy arithmetic: the same code on numbers and on arrays."""
    return x * x * x - 2.0 * x - c


@njit
def parabola(x, c):
    return (x - c) * (x - c) + 2.0


def root_cases(n=240, seed=0):
    """(a, b, k, p): brackets of every kind, with NaN, infinite and
    reversed ends, roots at an end, empty brackets."""
    rng = np.random.default_rng(seed)
    k = np.arange(n) % 12
    p = rng.normal(size=n) * 2
    a = rng.normal(size=n) * 3
    b = a + np.abs(rng.normal(size=n)) * 4
    a[::37] = np.nan
    b[::41] = np.inf
    a[5::29] = b[5::29] + 1.0                     # reversed
    b[7::31] = a[7::31]                           # empty
    p[3::23] = a[3::23]                           # a root at the left end
    return a, b, k, p


def minimum_cases(n=240, seed=1):
    """(x1, x2, x3, k, p): brackets valid and not, unordered, NaN."""
    rng = np.random.default_rng(seed)
    k = np.arange(n) % 12
    p = rng.normal(size=n) * 2
    x1 = rng.normal(size=n) * 3
    x2 = x1 + np.abs(rng.normal(size=n)) * 2
    x3 = x2 + np.abs(rng.normal(size=n)) * 2
    x2[::29] = np.nan
    x1[4::17], x3[4::17] = x3[4::17], x1[4::17].copy()   # unordered: sorted by the solver
    mid = (x1 + x3) / 2
    x2[6::13] = mid[6::13]
    p[6::13] = mid[6::13] + 0.1                   # valid brackets around p
    return x1, x2, x3, k, p
