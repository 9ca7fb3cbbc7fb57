"""Integrands for tests/test_quad.py: @njit functions scipy can call too.

Each case: (id, func, a, b, quad keyword arguments, exact value or None).
Few distinct integrands on purpose: every (integrand, weight) pair costs a
numba compilation.
"""
import math

import numpy as np
from numba import njit


@njit
def sqrt_log(x):
    return math.sqrt(x) * math.log(x) if x > 0.0 else 0.0


@njit
def inv_sqrt(x):
    return 1.0 / math.sqrt(x) if x > 0.0 else 0.0


@njit
def gauss(x, c):
    return math.exp(-c * x * x)


@njit
def lorentz(x):
    return 1.0 / (1.0 + x * x)


@njit
def kink(x, c):
    return abs(x - c)


@njit
def affine(x, p, q):
    return p * x + q


@njit
def wiggly(x):
    return math.cos(100.0 * math.sin(x))


@njit
def expo(x):
    return math.exp(-x)


@njit
def integer_valued(x):
    return 1 if x < 0.5 else 2


_SQRT_PI = math.sqrt(math.pi)

CASES = [
    ("sqrt_log", sqrt_log, 0.0, 1.0, {}, -4.0 / 9.0),
    ("inv_sqrt", inv_sqrt, 0.0, 1.0, {}, 2.0),
    ("gauss_0_inf", gauss, 0.0, np.inf, {"args": (1.0,)}, _SQRT_PI / 2),
    ("gauss_minf_0", gauss, -np.inf, 0.0, {"args": (2.0,)}, _SQRT_PI / 2 / math.sqrt(2.0)),
    ("gauss_minf_inf", gauss, -np.inf, np.inf, {"args": (0.5,)}, _SQRT_PI * math.sqrt(2.0)),
    ("gauss_reversed", gauss, 1.0, -2.0, {"args": (1.0,)}, None),
    ("lorentz_minf_inf", lorentz, -np.inf, np.inf, {}, math.pi),
    ("kink_points", kink, 0.0, 1.0, {"args": (1.0 / 3.0,), "points": [1.0 / 3.0, 0.7, 5.0]},
     5.0 / 18.0),
    ("kink_points_reversed", kink, 1.0, 0.0, {"args": (0.25,), "points": (0.25,)},
     -(0.25 ** 2 + 0.75 ** 2) / 2),
    ("affine_args", affine, -1.0, 3.0, {"args": (2.0, -1.0)}, 4.0),
    ("wiggly", wiggly, 0.0, math.pi, {}, None),
    ("wiggly_limit3", wiggly, 0.0, math.pi, {"limit": 3}, None),
    ("wiggly_tight", wiggly, 0.0, math.pi, {"epsabs": 0.0, "epsrel": 1e-13}, None),
    ("integer_valued", integer_valued, 0.0, 1.0, {"points": [0.5]}, 1.5),
    # weights
    ("cos_finite", expo, 0.0, 2.0, {"weight": "cos", "wvar": 3.0}, None),
    ("sin_finite", expo, 0.0, 2.0, {"weight": "sin", "wvar": 3.0}, None),
    ("cos_0_inf", lorentz, 0.0, np.inf, {"weight": "cos", "wvar": 2.0},
     math.pi / 2 * math.exp(-2.0)),
    ("sin_0_inf", expo, 0.0, np.inf, {"weight": "sin", "wvar": 1.0}, 0.5),
    ("cos_minf_0", lorentz, -np.inf, 0.0, {"weight": "cos", "wvar": 2.0},
     math.pi / 2 * math.exp(-2.0)),
    ("sin_minf_0", lorentz, -np.inf, 0.0, {"weight": "sin", "wvar": 1.5}, None),
    ("alg", expo, 0.0, 1.0, {"weight": "alg", "wvar": (0.5, -0.5)}, None),
    ("alg_loga", expo, 0.0, 1.0, {"weight": "alg-loga", "wvar": (-0.5, 0.0)}, None),
    ("alg_logb", expo, 0.0, 1.0, {"weight": "alg-logb", "wvar": (0.0, 0.3)}, None),
    ("alg_log", expo, 0.0, 1.0, {"weight": "alg-log", "wvar": (0.2, 0.2)}, None),
    ("cauchy", expo, -1.0, 1.0, {"weight": "cauchy", "wvar": 0.3}, None),
    ("cauchy_reversed", expo, 1.0, -1.0, {"weight": "cauchy", "wvar": 0.3}, None),
]
