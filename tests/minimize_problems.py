"""Unconstrained minimisation problems for the minimize parity tests.

Written from their definitions in Moré, Garbow & Hillstrom, "Testing
unconstrained optimization software" (ACM TOMS 7, 1981): f(x) = sum of the
squares of the residuals, from the standard starting points.  One @njit
objective ``objective(x, pid)`` serves every problem (and so one compiled
caller per method serves them all); ``gradient(x, pid)`` is the analytic
gradient of the problems in ``WITH_GRADIENT``, ``hessian(x, pid)`` their
Hessian and ``hessian_product(x, p, pid)`` its product with ``p``.  scipy is
given these same compiled functions, so both evaluate the same arithmetic.
"""
import numpy as np
from numba import njit

ROSENBROCK, EXT_ROSENBROCK, BEALE, POWELL_SINGULAR, WOOD, BROWN_BADLY_SCALED, \
    HELICAL_VALLEY, BOX_3D, GAUSSIAN, TRIGONOMETRIC, QUADRATIC = range(11)
#: not problems: the quadratic made to misbehave (NaN past x[0] = 1; raising at the
#: start or past x[0] = 0.5; a gradient of the wrong length), so that the fault
#: tests reuse the compiled callers
NAN_PAST_ONE, RAISE_AT_START, RAISE_PAST_HALF, WRONG_GRADIENT = 100, 101, 102, 103
#: (and for the Hessians, with the quadratic's value and gradient: a Hessian that raises
#: at every call, one of the wrong shape, and one not symmetric, on which Newton-CG's
#: conjugate gradients do not converge)
RAISE_IN_HESSIAN, WRONG_HESSIAN, NOT_SYMMETRIC = 104, 105, 106

NAMES = {ROSENBROCK: "rosenbrock", EXT_ROSENBROCK: "ext_rosenbrock10", BEALE: "beale",
         POWELL_SINGULAR: "powell_singular", WOOD: "wood",
         BROWN_BADLY_SCALED: "brown_badly_scaled", HELICAL_VALLEY: "helical_valley",
         BOX_3D: "box3d", GAUSSIAN: "gaussian", TRIGONOMETRIC: "trigonometric5",
         QUADRATIC: "quadratic"}

STARTS = {ROSENBROCK: np.array([-1.2, 1.0]),
          EXT_ROSENBROCK: np.tile([-1.2, 1.0], 5),
          BEALE: np.array([1.0, 1.0]),
          POWELL_SINGULAR: np.array([3.0, -1.0, 0.0, 1.0]),
          WOOD: np.array([-3.0, -1.0, -3.0, -1.0]),
          BROWN_BADLY_SCALED: np.array([1.0, 1.0]),
          HELICAL_VALLEY: np.array([-1.0, 0.0, 0.0]),
          BOX_3D: np.array([0.0, 10.0, 20.0]),
          GAUSSIAN: np.array([0.4, 1.0, 0.0]),
          TRIGONOMETRIC: np.full(5, 0.2),
          QUADRATIC: np.array([0.5, 0.5])}

WITH_GRADIENT = (ROSENBROCK, EXT_ROSENBROCK, BEALE, POWELL_SINGULAR, WOOD, BROWN_BADLY_SCALED,
                 QUADRATIC)

_BEALE_Y = np.array([1.5, 2.25, 2.625])
_GAUSS_Y = np.array([0.0009, 0.0044, 0.0175, 0.0540, 0.1295, 0.2420, 0.3521, 0.3989, 0.3521,
                     0.2420, 0.1295, 0.0540, 0.0175, 0.0044, 0.0009])


@njit
def objective(x, pid):
    if pid >= NAN_PAST_ONE:
        if pid == NAN_PAST_ONE and x[0] > 1.0:
            return np.nan
        if pid == RAISE_AT_START or (pid == RAISE_PAST_HALF and x[0] > 0.5):
            raise ZeroDivisionError("raised in the objective")
        pid = QUADRATIC
    if pid == ROSENBROCK or pid == EXT_ROSENBROCK:
        s = 0.0
        for i in range(x.size // 2):
            a = 10.0 * (x[2 * i + 1] - x[2 * i] * x[2 * i])
            b = 1.0 - x[2 * i]
            s += a * a + b * b
        return s
    if pid == BEALE:
        s = 0.0
        for i in range(3):
            r = _BEALE_Y[i] - x[0] * (1.0 - x[1] ** (i + 1))
            s += r * r
        return s
    if pid == POWELL_SINGULAR:
        a = x[0] + 10.0 * x[1]
        b = x[2] - x[3]
        c = x[1] - 2.0 * x[2]
        d = x[0] - x[3]
        return a * a + 5.0 * b * b + c ** 4 + 10.0 * d ** 4
    if pid == WOOD:
        return (100.0 * (x[1] - x[0] ** 2) ** 2 + (1.0 - x[0]) ** 2
                + 90.0 * (x[3] - x[2] ** 2) ** 2 + (1.0 - x[2]) ** 2
                + 10.0 * (x[1] + x[3] - 2.0) ** 2 + 0.1 * (x[1] - x[3]) ** 2)
    if pid == BROWN_BADLY_SCALED:
        return (x[0] - 1e6) ** 2 + (x[1] - 2e-6) ** 2 + (x[0] * x[1] - 2.0) ** 2
    if pid == HELICAL_VALLEY:
        theta = np.arctan(x[1] / x[0]) / (2 * np.pi) if x[0] != 0 else 0.25
        if x[0] < 0:
            theta += 0.5
        r1 = 10.0 * (x[2] - 10.0 * theta)
        r2 = 10.0 * (np.sqrt(x[0] ** 2 + x[1] ** 2) - 1.0)
        return r1 * r1 + r2 * r2 + x[2] * x[2]
    if pid == BOX_3D:
        s = 0.0
        for i in range(10):
            t = 0.1 * (i + 1)
            r = (np.exp(-t * x[0]) - np.exp(-t * x[1])
                 - x[2] * (np.exp(-t) - np.exp(-10.0 * t)))
            s += r * r
        return s
    if pid == GAUSSIAN:
        s = 0.0
        for i in range(15):
            t = (7.0 - (i + 1)) / 2.0
            r = x[0] * np.exp(-x[1] * (t - x[2]) ** 2 / 2.0) - _GAUSS_Y[i]
            s += r * r
        return s
    if pid == TRIGONOMETRIC:
        n = x.size
        c = 0.0
        for j in range(n):
            c += np.cos(x[j])
        s = 0.0
        for i in range(n):
            r = n - c + (i + 1) * (1.0 - np.cos(x[i])) - np.sin(x[i])
            s += r * r
        return s
    return (x[0] - 1.0) ** 2 + 3.0 * (x[1] + 2.0) ** 2      # QUADRATIC


@njit
def gradient(x, pid):
    if pid == WRONG_GRADIENT:
        return np.zeros(x.size + 1)
    if pid == RAISE_PAST_HALF and x[0] > 0.5:
        raise ZeroDivisionError("raised in the gradient")
    g = np.zeros(x.size)
    if pid == ROSENBROCK or pid == EXT_ROSENBROCK:
        for i in range(x.size // 2):
            a = 10.0 * (x[2 * i + 1] - x[2 * i] * x[2 * i])
            b = 1.0 - x[2 * i]
            g[2 * i] = -40.0 * x[2 * i] * a - 2.0 * b
            g[2 * i + 1] = 20.0 * a
    elif pid == BEALE:
        for i in range(3):
            p = x[1] ** (i + 1)
            r = _BEALE_Y[i] - x[0] * (1.0 - p)
            g[0] += -2.0 * r * (1.0 - p)
            g[1] += 2.0 * r * x[0] * (i + 1) * x[1] ** i
    elif pid == POWELL_SINGULAR:
        a = x[0] + 10.0 * x[1]
        b = x[2] - x[3]
        c = x[1] - 2.0 * x[2]
        d = x[0] - x[3]
        g[0] = 2.0 * a + 40.0 * d ** 3
        g[1] = 20.0 * a + 4.0 * c ** 3
        g[2] = 10.0 * b - 8.0 * c ** 3
        g[3] = -10.0 * b - 40.0 * d ** 3
    elif pid == WOOD:
        g[0] = -400.0 * x[0] * (x[1] - x[0] ** 2) - 2.0 * (1.0 - x[0])
        g[1] = 200.0 * (x[1] - x[0] ** 2) + 20.0 * (x[1] + x[3] - 2.0) + 0.2 * (x[1] - x[3])
        g[2] = -360.0 * x[2] * (x[3] - x[2] ** 2) - 2.0 * (1.0 - x[2])
        g[3] = 180.0 * (x[3] - x[2] ** 2) + 20.0 * (x[1] + x[3] - 2.0) - 0.2 * (x[1] - x[3])
    elif pid == BROWN_BADLY_SCALED:
        r = x[0] * x[1] - 2.0
        g[0] = 2.0 * (x[0] - 1e6) + 2.0 * r * x[1]
        g[1] = 2.0 * (x[1] - 2e-6) + 2.0 * r * x[0]
    else:                                                   # QUADRATIC (and the faults)
        g[0] = 2.0 * (x[0] - 1.0)
        g[1] = 6.0 * (x[1] + 2.0)
    return g


@njit
def objective_and_gradient(x, pid):
    """``jac=True``'s form: ``(f, g)``."""
    return objective(x, pid), gradient(x, pid)


def chained_quartic(x):
    """A chained quartic (numpy, not compiled) and its gradient, with a minimum outside
    the unit box for some variables: the native kernels' step tests and canaries."""
    n = x.size
    c = 1.0 + np.arange(n) / 4.0
    f = float(np.sum(c * (x - 1.5) ** 4) + np.sum((x[1:] - x[:-1] ** 2) ** 2) + np.sum(x))
    g = 4.0 * c * (x - 1.5) ** 3 + 1.0
    g[1:] += 2.0 * (x[1:] - x[:-1] ** 2)
    g[:-1] -= 4.0 * x[:-1] * (x[1:] - x[:-1] ** 2)
    return f, g


@njit
def hessian(x, pid):
    """The Hessian of the problems in ``WITH_GRADIENT`` (and the faults)."""
    n = x.size
    if pid == RAISE_IN_HESSIAN:
        raise ZeroDivisionError("raised in the hessian")
    if pid == WRONG_HESSIAN:
        return np.zeros((n, n + 1))
    H = np.zeros((n, n))
    if pid == ROSENBROCK or pid == EXT_ROSENBROCK:
        for i in range(n // 2):
            j, k = 2 * i, 2 * i + 1
            a = 10.0 * (x[k] - x[j] * x[j])
            H[j, j] = -40.0 * a + 800.0 * x[j] * x[j] + 2.0
            H[j, k] = H[k, j] = -400.0 * x[j]
            H[k, k] = 200.0
    elif pid == BEALE:
        for i in range(3):
            c = 1.0 - x[1] ** (i + 1)
            r = _BEALE_Y[i] - x[0] * c
            d = (i + 1) * x[1] ** i
            dd = (i + 1) * i * x[1] ** (i - 1) if i > 0 else 0.0
            H[0, 0] += 2.0 * c * c
            H[0, 1] += 2.0 * (-c * x[0] * d + r * d)
            H[1, 1] += 2.0 * ((x[0] * d) ** 2 + r * x[0] * dd)
        H[1, 0] = H[0, 1]
    elif pid == POWELL_SINGULAR:
        c2 = (x[1] - 2.0 * x[2]) ** 2
        d2 = (x[0] - x[3]) ** 2
        H[0, 0], H[0, 1], H[0, 3] = 2.0 + 120.0 * d2, 20.0, -120.0 * d2
        H[1, 1], H[1, 2] = 200.0 + 12.0 * c2, -24.0 * c2
        H[2, 2], H[2, 3] = 10.0 + 48.0 * c2, -10.0
        H[3, 3] = 10.0 + 120.0 * d2
        for i in range(4):
            for j in range(i):
                H[i, j] = H[j, i]
    elif pid == WOOD:
        H[0, 0] = 1200.0 * x[0] ** 2 - 400.0 * x[1] + 2.0
        H[0, 1] = H[1, 0] = -400.0 * x[0]
        H[1, 1] = 220.2
        H[1, 3] = H[3, 1] = 19.8
        H[2, 2] = 1080.0 * x[2] ** 2 - 360.0 * x[3] + 2.0
        H[2, 3] = H[3, 2] = -360.0 * x[2]
        H[3, 3] = 200.2
    elif pid == BROWN_BADLY_SCALED:
        H[0, 0] = 2.0 + 2.0 * x[1] ** 2
        H[0, 1] = H[1, 0] = 2.0 * x[0] * x[1] + 2.0 * (x[0] * x[1] - 2.0)
        H[1, 1] = 2.0 + 2.0 * x[0] ** 2
    elif pid == NOT_SYMMETRIC:
        H[0, 0], H[0, 1], H[1, 0], H[1, 1] = 1.0, 50.0, -50.0, 1.0
    else:                                                   # QUADRATIC
        H[0, 0], H[1, 1] = 2.0, 6.0
    return H


@njit
def hessian_product(x, p, pid):
    """``hessian(x, pid) @ p``, summed in order."""
    if pid == WRONG_HESSIAN:
        return np.zeros(p.size + 1)
    H = hessian(x, pid)
    out = np.zeros(p.size)
    for i in range(p.size):
        for j in range(p.size):
            out[i] += H[i, j] * p[j]
    return out


# ---------------------------------------------------------------- bounds for the bounded methods
def no_bounds(pid):
    """Infinite bounds (no bounds, for scipy as for scijit) as an (n, 2) array."""
    n = STARTS[pid].size
    return np.column_stack([np.full(n, -np.inf), np.full(n, np.inf)])


def box(pid):
    """Bounds that hold some variables at a bound at the solution: below the
    start by 2, above it by 0.25, the second variable with a lower bound only."""
    x0 = STARTS[pid]
    b = np.column_stack([x0 - 2.0, x0 + 0.25])
    b[1, 1] = np.inf
    return b


def with_fixed(pid):
    """The box with the first variable fixed by its bounds (scipy removes it)."""
    b = box(pid)
    b[0] = STARTS[pid][0]
    return b


# ---------------------------------------------------------------- the cache tests' valley
#: a snippet caching ``solve(a)``, a minimize of a narrow valley, for
#: ``checks.run_cached_twice``: ``{call}`` is the rest of minimize's call after
#: ``args=(a,)``, ``{fields}`` what solve returns, ``{more}`` more functions
VALLEY_SNIPPET = """
import numpy as np
from numba import njit
from scijit.optimize import minimize

@njit(cache=True)
def f(x, a):
    return (x[0] - a) ** 2 + 10.0 * (x[1] - x[0] ** 2) ** 2
{more}
@njit(cache=True)
def solve(a):
    r = minimize(f, np.array([0.0, 0.0]), args=(a,){call})
    return {fields}

print(repr(solve(1.5)))
print("HITS", len(solve.stats.cache_hits), len(solve.stats.cache_misses))
"""


def valley_cached_twice(run_python, tmp_path, call, fields, more=""):
    """``solve(1.5)`` of :data:`VALLEY_SNIPPET` computed in a first process and
    loaded from numba's cache in a second (``checks.run_cached_twice``)."""
    from checks import run_cached_twice
    source = VALLEY_SNIPPET.format(call=call, fields=fields, more=more)
    return eval(run_cached_twice(run_python, source, tmp_path, own_cache_dir=False))


def valley_by_scipy(**kw):
    """scipy's minimize of the same valley (a = 1.5) from (0, 0)."""
    import scipy.optimize
    return scipy.optimize.minimize(
        lambda x, a: (x[0] - a) ** 2 + 10.0 * (x[1] - x[0] ** 2) ** 2, [0.0, 0.0], args=(1.5,),
        **kw)
