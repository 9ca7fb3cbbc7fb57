"""Systems of nonlinear equations for fsolve parity tests.

Written from their definitions in Moré, Garbow & Hillstrom, "Testing
unconstrained optimization software" (ACM TOMS 7, 1981) and the MINPACK-1
test set for hybrd/hybrj.  Each is an @njit ``f(x, *args) -> ndarray``.
"""
import numpy as np
from numba import njit


@njit
def reference(x):
    """The architecture reference's two-variable example; root (0, 1)."""
    return np.array([x[0] + 2 * x[1] - 2.0, x[0] ** 2 + 4 * x[1] ** 2 - 4.0])


@njit
def reference_jac(x):
    J = np.empty((2, 2))
    J[0, 0] = 1.0
    J[0, 1] = 2.0
    J[1, 0] = 2.0 * x[0]
    J[1, 1] = 8.0 * x[1]
    return J


@njit
def rosenbrock(x):
    return np.array([1.0 - x[0], 10.0 * (x[1] - x[0] ** 2)])


@njit
def rosenbrock_jac(x):
    return np.array([[-1.0, 0.0], [-20.0 * x[0], 10.0]])


@njit
def powell_singular(x):
    return np.array([x[0] + 10 * x[1], np.sqrt(5.0) * (x[2] - x[3]),
                     (x[1] - 2 * x[2]) ** 2, np.sqrt(10.0) * (x[0] - x[3]) ** 2])


@njit
def powell_badly_scaled(x):
    return np.array([1e4 * x[0] * x[1] - 1.0, np.exp(-x[0]) + np.exp(-x[1]) - 1.0001])


@njit
def powell_badly_scaled_jac(x):
    return np.array([[1e4 * x[1], 1e4 * x[0]], [-np.exp(-x[0]), -np.exp(-x[1])]])


@njit
def wood(x):
    t1 = x[1] - x[0] ** 2
    t2 = x[3] - x[2] ** 2
    return np.array([-200.0 * x[0] * t1 - (1.0 - x[0]),
                     200.0 * t1 + 20.2 * (x[1] - 1.0) + 19.8 * (x[3] - 1.0),
                     -180.0 * x[2] * t2 - (1.0 - x[2]),
                     180.0 * t2 + 20.2 * (x[3] - 1.0) + 19.8 * (x[1] - 1.0)])


@njit
def helical_valley(x):
    theta = np.arctan2(x[1], x[0]) / (2 * np.pi)
    return np.array([10.0 * (x[2] - 10.0 * theta),
                     10.0 * (np.sqrt(x[0] ** 2 + x[1] ** 2) - 1.0), x[2]])


@njit
def trigonometric(x):
    n = x.size
    s = np.sum(np.cos(x))
    out = np.empty(n)
    for i in range(n):
        out[i] = n - s + (i + 1) * (1.0 - np.cos(x[i])) - np.sin(x[i])
    return out


@njit
def brown_almost_linear(x):
    n = x.size
    out = x + np.sum(x) - (n + 1.0)
    out[n - 1] = np.prod(x) - 1.0
    return out


@njit
def discrete_bvp(x):
    n = x.size
    h = 1.0 / (n + 1)
    out = np.empty(n)
    for i in range(n):
        t = (i + 1) * h
        left = x[i - 1] if i > 0 else 0.0
        right = x[i + 1] if i < n - 1 else 0.0
        out[i] = 2 * x[i] - left - right + h * h * (x[i] + t + 1.0) ** 3 / 2.0
    return out


@njit
def broyden_tridiagonal(x):
    n = x.size
    out = np.empty(n)
    for i in range(n):
        left = x[i - 1] if i > 0 else 0.0
        right = x[i + 1] if i < n - 1 else 0.0
        out[i] = (3.0 - 2.0 * x[i]) * x[i] - left - 2.0 * right + 1.0
    return out


@njit
def broyden_banded(x):
    n = x.size
    out = np.empty(n)
    for i in range(n):
        s = 0.0
        for j in range(max(0, i - 5), min(n, i + 2)):
            if j != i:
                s += x[j] * (1.0 + x[j])
        out[i] = x[i] * (2.0 + 5.0 * x[i] ** 2) + 1.0 - s
    return out


@njit
def variably_dimensioned(x):
    n = x.size
    s = 0.0
    for j in range(n):
        s += (j + 1) * (x[j] - 1.0)
    return (x - 1.0) + s * (1.0 + 2.0 * s * s)


@njit
def chebyquad(x):
    n = x.size
    out = np.zeros(n)
    for j in range(n):
        t1, t2 = 1.0, 2.0 * x[j] - 1.0
        t = 2.0 * t2
        for i in range(n):
            out[i] += t2
            th = t * t2 - t1
            t1, t2 = t2, th
    for i in range(n):
        out[i] /= n
        if (i + 1) % 2 == 0:
            out[i] += 1.0 / ((i + 1) ** 2 - 1.0)
    return out


@njit
def scaled_circle(x, a, centre):
    """With args: a scalar and an array."""
    return np.array([(x[0] - centre[0]) ** 2 + (x[1] - centre[1]) ** 2 - a * a,
                     x[0] - x[1]])


#: (name, func, fprime or None, x0, fsolve keyword options)
CASES = [
    ("reference", reference, None, [1.0, 2.0], {}),
    ("reference-jac", reference, reference_jac, [1.0, 2.0], {}),
    ("rosenbrock", rosenbrock, None, [-1.2, 1.0], {}),
    ("rosenbrock-jac", rosenbrock, rosenbrock_jac, [-1.2, 1.0], {}),
    ("powell-singular", powell_singular, None, [3.0, -1.0, 0.0, 1.0], {}),
    ("powell-badly-scaled", powell_badly_scaled, None, [0.0, 1.0], {}),
    ("powell-badly-scaled-jac", powell_badly_scaled, powell_badly_scaled_jac, [0.0, 1.0], {}),
    ("powell-badly-scaled-diag", powell_badly_scaled, None, [0.0, 1.0],
     {"diag": [1e-4, 1.0]}),
    ("wood", wood, None, [-3.0, -1.0, -3.0, -1.0], {}),
    ("helical-valley", helical_valley, None, [-1.0, 0.0, 0.0], {}),
    ("helical-valley-factor", helical_valley, None, [-1.0, 0.0, 0.0], {"factor": 1.0}),
    ("trigonometric", trigonometric, None, np.full(10, 0.1), {}),
    ("brown-almost-linear", brown_almost_linear, None, np.full(10, 0.5), {}),
    ("discrete-bvp", discrete_bvp, None,
     np.array([(i + 1) / 11.0 * ((i + 1) / 11.0 - 1.0) for i in range(10)]), {}),
    ("discrete-bvp-banded", discrete_bvp, None,
     np.array([(i + 1) / 11.0 * ((i + 1) / 11.0 - 1.0) for i in range(10)]), {"band": (1, 1)}),
    ("broyden-tridiagonal-banded", broyden_tridiagonal, None, np.full(12, -1.0),
     {"band": (1, 1)}),
    ("broyden-banded", broyden_banded, None, np.full(12, -1.0), {"band": (5, 1)}),
    ("variably-dimensioned", variably_dimensioned, None,
     np.array([1.0 - (i + 1) / 8.0 for i in range(8)]), {}),
    ("chebyquad", chebyquad, None, np.array([(i + 1) / 6.0 for i in range(5)]), {}),
    ("xtol-and-epsfcn", rosenbrock, None, [-1.2, 1.0], {"xtol": 1e-4, "epsfcn": 1e-6}),
    ("maxfev-hit", wood, None, [-3.0, -1.0, -3.0, -1.0], {"maxfev": 20}),
    ("diag-factor", helical_valley, None, [-1.0, 0.0, 0.0],
     {"diag": [1.0, 2.0, 0.5], "factor": 10.0}),
]
