"""Benchmark of ``scijit.optimize.elementwise`` against scipy's, on many elements.

Run ``python benchmarks/bench_elementwise.py [--quick]``.  It prints, in one
run, for ``find_root`` of f(x) = x^3 - 2x - c over brackets [0, 3 + u] and
``find_minimum`` of f(x) = (x - c)^2 + 1 over brackets (-10, c + u, 10),
c and u varying per element, on 10^6 elements (10^5 with ``--quick``):

1. the time of one call of scijit's function inside an ``@njit`` caller,
   serial and ``parallel=True``, and per element;
2. ``scipy.optimize.elementwise``'s function on the same arrays from Python,
   with the usual numpy function (and, context, with the same ``@njit``
   function, which scipy calls with arrays);
3. scijit's function from Python (context: the same solver, plus numpy's
   broadcasting of the inputs and the result's assembly);

the ratios scipy / scijit, whether every element's ``x``, ``nit``, ``nfev``
and ``status`` equal scipy's, the threads numba used, and a summary of the
targets (``@njit`` serial at least 20x faster than scipy).  Times are
wall and CPU (``time.process_time``, every thread): on a shared machine a
busy neighbour inflates the wall times of the single-threaded variants, not
their CPU times (a parallel variant's CPU time is its threads' sum).

Timings are the minimum over rounds; every round runs all the variants in
turn (see ``_harness``).  The first call of each variant (compilation) is
made before the rounds.
"""
import time

import numpy as np
import numba
import scipy.optimize.elementwise as scipy_elementwise
from numba import njit

from _harness import interleaved, quick_mode, summary
import scijit.optimize.elementwise as elementwise


# ---------------------------------------------------------------- the functions
@njit
def cubic(x, c):
    return x * x * x - 2.0 * x - c


def cubic_numpy(x, c):
    return x * x * x - 2.0 * x - c


@njit
def bowl(x, c):
    return (x - c) * (x - c) + 1.0


def bowl_numpy(x, c):
    return (x - c) * (x - c) + 1.0


# ---------------------------------------------------------------- @njit callers
@njit
def roots_serial(a, b, c):
    return elementwise.find_root(cubic, (a, b), args=(c,))


@njit
def roots_parallel(a, b, c):
    return elementwise.find_root(cubic, (a, b), args=(c,), parallel=True)


@njit
def minima_serial(x1, x2, x3, c):
    return elementwise.find_minimum(bowl, (x1, x2, x3), args=(c,))


@njit
def minima_parallel(x1, x2, x3, c):
    return elementwise.find_minimum(bowl, (x1, x2, x3), args=(c,), parallel=True)


def problems(n):
    rng = np.random.default_rng(0)
    c = rng.uniform(3.0, 5.0, n)
    u = rng.uniform(0.0, 1.0, n)
    roots = (np.zeros(n), 3.0 + u, c)
    cm = rng.uniform(-5.0, 5.0, n)
    minima = (np.full(n, -10.0), cm + 0.5 * u, np.full(n, 10.0), cm)
    return roots, minima


def seconds(name, call):
    """Wall time and CPU time (all threads) of one call."""
    def run():
        t0 = time.perf_counter()
        c0 = time.process_time()
        call()
        return {name: time.perf_counter() - t0, name + " cpu": time.process_time() - c0}
    return run


def same(ours, theirs):
    return all(np.array_equal(ours[k], theirs[k], equal_nan=True)
               for k in ("x", "f_x", "nit", "nfev", "status"))


def main():
    quick = quick_mode(__doc__)
    n = 10 ** 5 if quick else 10 ** 6
    rounds = 3 if quick else 5
    (a, b, c), (x1, x2, x3, cm) = problems(n)
    print("elements: %d, numba threads: %d, rounds: %d" % (n, numba.get_num_threads(), rounds))

    variants = {
        "find_root @njit serial": lambda: roots_serial(a, b, c),
        "find_root @njit parallel": lambda: roots_parallel(a, b, c),
        "find_root scijit from Python": lambda: elementwise.find_root(cubic, (a, b), args=(c,)),
        "find_root scipy, numpy f": lambda: scipy_elementwise.find_root(cubic_numpy, (a, b),
                                                                         args=(c,)),
        "find_root scipy, @njit f": lambda: scipy_elementwise.find_root(cubic, (a, b), args=(c,)),
        "find_minimum @njit serial": lambda: minima_serial(x1, x2, x3, cm),
        "find_minimum @njit parallel": lambda: minima_parallel(x1, x2, x3, cm),
        "find_minimum scijit from Python": lambda: elementwise.find_minimum(
            bowl, (x1, x2, x3), args=(cm,)),
        "find_minimum scipy, numpy f": lambda: scipy_elementwise.find_minimum(
            bowl_numpy, (x1, x2, x3), args=(cm,)),
        "find_minimum scipy, @njit f": lambda: scipy_elementwise.find_minimum(
            bowl, (x1, x2, x3), args=(cm,)),
    }
    results = {}
    for name, call in variants.items():          # compile, and keep one result each
        t0 = time.perf_counter()
        results[name] = call()
        print("  first call %-34s %8.2f s" % (name, time.perf_counter() - t0))
    for routine in ("find_root", "find_minimum"):
        want = results[routine + " scipy, @njit f"]
        for variant in ("@njit serial", "@njit parallel", "scijit from Python",
                        "scipy, numpy f"):
            name = "%s %s" % (routine, variant)
            print("  %-42s equal to scipy's (x, f_x, nit, nfev, status): %s"
                  % (name, same(results[name], want)))
        print("  %s: mean nfev %.1f per element, statuses %s" % (
            routine, want.nfev.mean(), sorted(set(want.status.tolist()))))

    print("  threading layer: %s" % numba.threading_layer())
    best = interleaved([seconds(name, call) for name, call in variants.items()], rounds)
    rows = []
    for routine in ("find_root", "find_minimum"):
        print("\n%s, %d elements (wall: the call's time; CPU: all threads' time)" % (routine, n))
        print("  %-28s %9s %11s %11s %11s %11s" % ("variant", "wall s", "wall ns/el", "CPU ns/el",
                                                 "scipy/x wall", "scipy/x CPU"))
        ref = best[routine + " scipy, numpy f"]
        ref_cpu = best[routine + " scipy, numpy f cpu"]
        for variant in ("@njit serial", "@njit parallel", "scijit from Python",
                        "scipy, numpy f", "scipy, @njit f"):
            t = best["%s %s" % (routine, variant)]
            c = best["%s %s cpu" % (routine, variant)]
            print("  %-28s %9.4f %11.1f %11.1f %11.1f %11.1f"
                  % (variant, t, 1e9 * t / n, 1e9 * c / n, ref / t, ref_cpu / c))
        rows.append(("%s: scipy / @njit serial (wall)" % routine,
                     ref / best[routine + " @njit serial"], "%.1fx", ">= 20x",
                     lambda v: v >= 20))
        rows.append(("%s: scipy / @njit serial (CPU)" % routine,
                     ref_cpu / best[routine + " @njit serial cpu"], "%.1fx", ">= 20x",
                     lambda v: v >= 20))
        rows.append(("%s: scipy / @njit parallel (wall)" % routine,
                     ref / best[routine + " @njit parallel"], "%.1fx", "(context)",
                     lambda v: True))
    summary(rows)


if __name__ == "__main__":
    main()
