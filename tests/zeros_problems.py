"""The test functions of Alefeld, Potra & Shi, "Algorithm 748: enclosing zeros
of continuous functions", ACM TOMS 21 (1995), Table I: 15 families with their
brackets and parameters, written from the paper.

One @njit function ``aps(x, family, n)`` evaluates them all, so one compiled
caller serves every case; :data:`CASES` lists ``(family, n, a, b)``.
"""
import math

import numpy as np
from numba import njit


@njit
def aps(x, family, n):
    if family == 1:
        return math.sin(x) - x / 2.0
    if family == 2:
        s = 0.0
        for i in range(1, 21):
            s += (2.0 * i - 5.0) ** 2 / (x - i * i) ** 3
        return -2.0 * s
    if family == 3:
        a, b = (-40.0, -1.0) if n == 1 else ((-100.0, -2.0) if n == 2 else (-200.0, -3.0))
        return a * x * math.exp(b * x)
    if family == 4:               # n = 100 * power + a index: x**power - a
        power, which = n // 100, n % 100
        return x ** power - (0.2 if which == 0 else 1.0)
    if family == 5:
        return math.sin(x) - 0.5
    if family == 6:
        return 2.0 * x * math.exp(-n) - 2.0 * math.exp(-n * x) + 1.0
    if family == 7:
        return (1.0 + (1.0 - n) ** 2) * x - (1.0 - n * x) ** 2
    if family == 8:
        return x * x - (1.0 - x) ** n
    if family == 9:
        return (1.0 + (1.0 - n) ** 4) * x - (1.0 - n * x) ** 4
    if family == 10:
        return math.exp(-n * x) * (x - 1.0) + x ** n
    if family == 11:
        return (n * x - 1.0) / ((n - 1.0) * x)
    if family == 12:
        return x ** (1.0 / n) - n ** (1.0 / n)
    if family == 13:
        return 0.0 if x == 0.0 else x * math.exp(-x ** -2)
    if family == 14:
        return n / 20.0 * (x / 1.5 + math.sin(x) - 1.0) if x >= 0.0 else -n / 20.0
    # family 15
    if x < 0.0:
        return -0.859
    if x > 2e-3 / (1.0 + n):
        return math.e - 1.859
    return math.exp((n + 1.0) * x / 2.0 * 1000.0) - 1.859


def _cases():
    cases = [(1, 0, math.pi / 2, math.pi)]
    cases += [(2, n, n * n + 1e-9, (n + 1) ** 2 - 1e-9) for n in range(1, 11)]
    cases += [(3, n, -9.0, 31.0) for n in (1, 2, 3)]
    cases += [(4, 100 * p + w, 0.0, 5.0) for p in (4, 6, 8, 10, 12) for w in (0, 1)]
    cases += [(4, 100 * p + 1, -0.95, 4.05) for p in (8, 10, 12, 14)]
    cases += [(5, 0, 0.0, 1.5)]
    cases += [(6, n, 0.0, 1.0) for n in (1, 2, 3, 4, 5, 20, 40, 60, 80, 100)]
    cases += [(7, n, 0.0, 1.0) for n in (5, 10, 20)]
    cases += [(8, n, 0.0, 1.0) for n in (2, 5, 10, 15, 20)]
    cases += [(9, n, 0.0, 1.0) for n in (1, 2, 4, 5, 8, 15, 20)]
    cases += [(10, n, 0.0, 1.0) for n in (1, 5, 10, 15, 20)]
    cases += [(11, n, 0.01, 1.0) for n in (2, 5, 15, 20)]
    cases += [(12, n, 1.0, 100.0) for n in (2, 3, 5, 10, 20, 33)]
    cases += [(13, 0, -1.0, 4.0)]
    cases += [(14, n, -1e4, math.pi / 2) for n in (1, 5, 10, 20, 40)]
    cases += [(15, n, -1e4, 1e-4) for n in (20, 25, 30, 40, 100, 500, 1000)]
    return cases


#: (family, n, a, b): every family at several of the paper's parameters
CASES = _cases()
FAMILIES = np.array([c[0] for c in CASES], dtype=np.int64)
PARAMS = np.array([c[1] for c in CASES], dtype=np.int64)
LOWER = np.array([c[2] for c in CASES])
UPPER = np.array([c[3] for c in CASES])
