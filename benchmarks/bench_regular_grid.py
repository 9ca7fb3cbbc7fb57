"""Benchmark of ``RegularGridInterpolator`` / ``interpn`` against scipy.

Run ``python benchmarks/bench_regular_grid.py [--quick]``.  It prints, in one run:

1. evaluation at 10^6 random points of a 200 x 150 uneven 2-D grid, 'linear'
   and 'cubic': an interpolator called inside ``@njit`` (one call for all
   points) against scipy's object called from Python (its Cython
   ``evaluate_linear_2d`` and ``NdBSpline`` evaluation);
2. construction of the 'cubic' interpolator: scijit's exact banded solves
   against scipy's default (gcrotmk, an approximation) and ``spsolve``;
3. 'pchip' at 10^4 points (scipy runs a Python loop per point), and one
   point per call in an ``@njit`` loop (the per-call overhead);

and a summary of targets with PASS/MISS.  The data are
``sin(x) cos(y)`` on the grid; timings are the minimum over rounds, each
round running every variant in turn (see ``_harness``).
"""
import argparse
import time

import numpy as np
import scipy.interpolate as si
from numba import njit
from scipy.sparse.linalg import spsolve

import scijit.interpolate as sj
from _harness import interleaved, summary, timed

RNG = np.random.default_rng(0)
GX = np.cumsum(RNG.uniform(0.5, 1.5, 200)) / 100
GY = np.cumsum(RNG.uniform(0.5, 1.5, 150)) / 75
VALUES = np.sin(GX)[:, None] * np.cos(GY)[None, :]


def _points(n, seed=1):
    rng = np.random.default_rng(seed)
    return np.stack([rng.uniform(GX[0], GX[-1], n), rng.uniform(GY[0], GY[-1], n)], axis=-1)


@njit
def evaluate(interp, xi):
    return interp(xi)


@njit
def one_by_one(interp, xi):
    acc = 0.0
    for i in range(xi.shape[0]):
        acc += interp(xi[i:i + 1])[0]
    return acc


@njit
def build_cubic(gx, gy, values):
    return sj.RegularGridInterpolator((gx, gy), values, method="cubic")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rounds = 3 if args.quick else 7
    xi = _points(10 ** 6)
    small = _points(10 ** 4, seed=2)

    objs = {}
    for method in ("linear", "cubic", "pchip"):
        objs[method] = (sj.RegularGridInterpolator((GX, GY), VALUES, method=method),
                        si.RegularGridInterpolator((GX, GY), VALUES, method=method))
    t0 = time.perf_counter()
    evaluate(objs["linear"][0], xi[:10])
    evaluate(objs["cubic"][0], xi[:10])
    one_by_one(objs["linear"][0], xi[:10])
    build_cubic(GX, GY, VALUES)
    print("compile of the @njit drivers: %.1f s" % (time.perf_counter() - t0))

    ns = {}
    print("\n1. 10^6 points on a 200 x 150 grid (ns per point)")
    runs = []
    for method in ("linear", "cubic"):
        ours, theirs = objs[method]
        runs.append(timed("scijit %s @njit" % method, lambda n, o=ours: evaluate(o, xi), xi.shape[0]))
        runs.append(timed("scipy %s" % method, lambda n, o=theirs: o(xi), xi.shape[0]))
    ns.update(interleaved(runs, rounds))
    for method in ("linear", "cubic"):
        a, b = ns["scijit %s @njit" % method], ns["scipy %s" % method]
        print("  %-8s scijit %8.1f   scipy %8.1f   scipy/scijit %6.2fx" % (method, a, b, b / a))

    print("\n2. cubic construction on the 200 x 150 grid (ms)")
    runs = [timed("build scijit @njit", lambda n: build_cubic(GX, GY, VALUES), 1),
            timed("build scijit Python",
                  lambda n: sj.RegularGridInterpolator((GX, GY), VALUES, method="cubic"), 1),
            timed("build scipy gcrotmk",
                  lambda n: si.RegularGridInterpolator((GX, GY), VALUES, method="cubic"), 1),
            timed("build scipy spsolve",
                  lambda n: si.RegularGridInterpolator((GX, GY), VALUES, method="cubic",
                                                       solver=spsolve), 1)]
    ns.update(interleaved(runs, max(2, rounds // 2)))
    for name in ("build scijit @njit", "build scijit Python", "build scipy gcrotmk",
                 "build scipy spsolve"):
        print("  %-22s %10.2f" % (name, ns[name] / 1e6))

    print("\n3. pchip at 10^4 points, and one point per call (ns per point)")
    ours, theirs = objs["pchip"]
    lin = objs["linear"][0]
    runs = [timed("scijit pchip @njit", lambda n: evaluate(ours, small), small.shape[0]),
            timed("scipy pchip", lambda n: theirs(small), small.shape[0]),
            timed("scijit linear, 1 point per call", lambda n: one_by_one(lin, small),
                  small.shape[0])]
    ns.update(interleaved(runs, rounds))
    for name in ("scijit pchip @njit", "scipy pchip", "scijit linear, 1 point per call"):
        print("  %-34s %12.1f" % (name, ns[name]))

    def ratio(a, b):
        return ns[b] / ns[a]
    summary([
        ("10^6 linear: scipy / scijit", ratio("scijit linear @njit", "scipy linear"), "%.2fx",
         ">= 1x", lambda v: v >= 1),
        ("10^6 cubic: scipy / scijit", ratio("scijit cubic @njit", "scipy cubic"), "%.2fx",
         ">= 1x", lambda v: v >= 1),
        ("cubic build: scipy gcrotmk / scijit", ratio("build scijit Python",
                                                      "build scipy gcrotmk"), "%.1fx",
         ">= 1x", lambda v: v >= 1),
        ("pchip 10^4: scipy / scijit", ratio("scijit pchip @njit", "scipy pchip"), "%.0fx",
         ">= 10x", lambda v: v >= 10),
    ])


if __name__ == "__main__":
    main()
