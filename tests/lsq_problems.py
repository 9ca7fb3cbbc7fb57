"""Nonlinear least-squares problems for leastsq parity tests.

Written from their definitions in Moré, Garbow & Hillstrom, "Testing
unconstrained optimization software" (ACM TOMS 7, 1981), problems 32, 1, 2,
8, 15, 12, 6 and 17.  Each residual is an @njit ``f(x) -> ndarray (m,)``;
Jacobians are ``(m, n)``, d f_i / d x_j.
"""
import numpy as np
from numba import njit

# ---------------------------------------------------------------- data
_BARD_Y = np.array([0.14, 0.18, 0.22, 0.25, 0.29, 0.32, 0.35, 0.39, 0.37, 0.58, 0.73, 0.96,
                    1.34, 2.10, 4.39])
_KO_Y = np.array([0.1957, 0.1947, 0.1735, 0.1600, 0.0844, 0.0627, 0.0456, 0.0342, 0.0323,
                  0.0235, 0.0246])
_KO_U = np.array([4.0, 2.0, 1.0, 0.5, 0.25, 0.167, 0.125, 0.1, 0.0833, 0.0714, 0.0625])
_OSB1_Y = np.array([0.844, 0.908, 0.932, 0.936, 0.925, 0.908, 0.881, 0.850, 0.818, 0.784,
                    0.751, 0.718, 0.685, 0.658, 0.628, 0.603, 0.580, 0.558, 0.538, 0.522,
                    0.506, 0.490, 0.478, 0.467, 0.457, 0.448, 0.438, 0.431, 0.424, 0.420,
                    0.414, 0.411, 0.406])


@njit
def linear_full_rank(x):
    """MGH 32 with m = 10: f_i = x_i - 2/m sum(x) - 1 (i <= n), -2/m sum(x) - 1."""
    m = 10
    n = x.size
    s = 2.0 * np.sum(x) / m
    out = np.full(m, -s - 1.0)
    for i in range(n):
        out[i] += x[i]
    return out


@njit
def rosenbrock(x):
    """MGH 1."""
    return np.array([10.0 * (x[1] - x[0] ** 2), 1.0 - x[0]])


@njit
def rosenbrock_jac(x):
    return np.array([[-20.0 * x[0], 10.0], [-1.0, 0.0]])


@njit
def freudenstein_roth(x):
    """MGH 2."""
    return np.array([-13.0 + x[0] + ((5.0 - x[1]) * x[1] - 2.0) * x[1],
                     -29.0 + x[0] + ((x[1] + 1.0) * x[1] - 14.0) * x[1]])


@njit
def bard(x):
    """MGH 8: u = i, v = 16 - i, w = min(u, v)."""
    out = np.empty(15)
    for k in range(15):
        u = k + 1.0
        v = 16.0 - u
        w = min(u, v)
        out[k] = _BARD_Y[k] - (x[0] + u / (v * x[1] + w * x[2]))
    return out


@njit
def bard_jac(x):
    J = np.empty((15, 3))
    for k in range(15):
        u = k + 1.0
        v = 16.0 - u
        w = min(u, v)
        d = (v * x[1] + w * x[2]) ** 2
        J[k, 0] = -1.0
        J[k, 1] = u * v / d
        J[k, 2] = u * w / d
    return J


@njit
def kowalik_osborne(x):
    """MGH 15."""
    u = _KO_U
    return _KO_Y - x[0] * (u ** 2 + u * x[1]) / (u ** 2 + u * x[2] + x[3])


@njit
def box3d(x):
    """MGH 12 with m = 10."""
    out = np.empty(10)
    for k in range(10):
        t = 0.1 * (k + 1)
        out[k] = (np.exp(-t * x[0]) - np.exp(-t * x[1])
                  - x[2] * (np.exp(-t) - np.exp(-10.0 * t)))
    return out


@njit
def jennrich_sampson(x):
    """MGH 6 with m = 10."""
    out = np.empty(10)
    for k in range(10):
        i = k + 1.0
        out[k] = 2.0 + 2.0 * i - (np.exp(i * x[0]) + np.exp(i * x[1]))
    return out


@njit
def osborne1(x):
    """MGH 17."""
    t = 10.0 * np.arange(33)
    return _OSB1_Y - (x[0] + x[1] * np.exp(-t * x[3]) + x[2] * np.exp(-t * x[4]))


#: (name, func, Dfun or None, x0)
CASES = [
    ("linear-full-rank", linear_full_rank, None, np.ones(5)),
    ("rosenbrock", rosenbrock, None, np.array([-1.2, 1.0])),
    ("rosenbrock-jac", rosenbrock, rosenbrock_jac, np.array([-1.2, 1.0])),
    ("freudenstein-roth", freudenstein_roth, None, np.array([0.5, -2.0])),
    ("bard", bard, None, np.array([1.0, 1.0, 1.0])),
    ("bard-jac", bard, bard_jac, np.array([1.0, 1.0, 1.0])),
    ("kowalik-osborne", kowalik_osborne, None, np.array([0.25, 0.39, 0.415, 0.39])),
    ("box3d", box3d, None, np.array([0.0, 10.0, 20.0])),
    ("jennrich-sampson", jennrich_sampson, None, np.array([0.3, 0.4])),
    ("osborne1", osborne1, None, np.array([0.5, 1.5, -1.0, 0.01, 0.02])),
]
