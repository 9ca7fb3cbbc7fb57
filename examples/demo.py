"""scijit's main job: thousands of small scipy solves inside compiled numba loops.

Solves f(x; a) = 0 for 20 000 parameter values with fsolve inside a
``prange`` loop, checks a few against scipy.optimize.fsolve, and times both.
"""
import time

import numpy as np
import scipy.optimize
from numba import njit, prange

from scijit.optimize import fsolve


@njit
def equations(x, a):
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - a])


@njit(parallel=True, cache=True)
def solve_all(params):
    roots = np.empty((params.size, 2))
    status = np.empty(params.size, np.int64)
    for i in prange(params.size):
        x, info, ier, mesg = fsolve(equations, np.array([1.0, 2.0]), args=(params[i],),
                                    full_output=True)
        roots[i] = x
        status[i] = ier
    return roots, status


def main():
    params = np.linspace(4.0, 8.0, 20_000)
    t = time.perf_counter()
    roots, status = solve_all(params)
    first = time.perf_counter() - t
    t = time.perf_counter()
    roots, status = solve_all(params)
    jit_time = time.perf_counter() - t

    sample = params[::2000]
    t = time.perf_counter()
    ref = np.array([scipy.optimize.fsolve(equations.py_func, [1.0, 2.0], args=(a,))
                    for a in sample])
    scipy_time = (time.perf_counter() - t) / sample.size * params.size

    print("reference system, a = 4: x =", fsolve(equations, [1.0, 2.0], args=(4.0,)))
    print("solved %d systems: %d converged" % (params.size, (status == 1).sum()))
    print("max |scijit - scipy| on %d samples: %.2e"
          % (sample.size, np.abs(roots[::2000] - ref).max()))
    print("first call (compile or cache load): %.2f s" % first)
    print("scijit @njit(parallel=True): %.4f s   scipy from Python (estimated): %.2f s   (%.0fx)"
          % (jit_time, scipy_time, scipy_time / jit_time))


if __name__ == "__main__":
    main()
