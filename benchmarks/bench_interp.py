"""Benchmark of scijit's PCHIP/Akima, make_interp_spline, interp1d and roots against scipy.

Run ``python benchmarks/bench_interp.py [--quick]``.  Data: y = sin(x) on 100
equally spaced points of [0, 10] (10^5 points of [0, 100] for the large
builds).  Construction and scalar loops in ``@njit`` are compared with
scipy's objects built / called from a Python loop; array evaluation with
scipy's compiled evaluation in one call.  Loops move x by 0.01 (i mod 997)
and sum, and construction loops change y[0] by 1e-9 (i mod 7), so nothing
is hoisted.  Timings: minimum over interleaved rounds (``_harness``).
"""
import sys

import numpy as np
import scipy.interpolate as si
from numba import njit

from _harness import interleaved, python_eval_loop, quick_mode, scalar_eval_loop, timed
from scijit.interpolate import (Akima1DInterpolator, PchipInterpolator, interp1d,
                                make_interp_spline)

X = np.linspace(0.0, 10.0, 100)
Y = np.sin(X)
X_BIG = np.linspace(0.0, 100.0, 10 ** 5)
Y_BIG = np.sin(X_BIG)


@njit
def build_loop(x, y, n, which):
    acc = 0.0
    for i in range(n):
        y[0] = 1e-9 * (i % 7)
        if which == 0:
            acc += PchipInterpolator(x, y).c[0, 0]
        elif which == 1:
            acc += Akima1DInterpolator(x, y).c[0, 0]
        else:
            acc += make_interp_spline(x, y, 3).c[0]
    return acc


@njit
def interp1d_build_loop(x, y, n):
    acc = 0.0
    for i in range(n):
        y[0] = 1e-9 * (i % 7)
        acc += interp1d(x, y, "cubic")(0.5)
    return acc


@njit
def evaluate(f, xs):
    return f(xs)


@njit
def roots(s):
    return s.roots()


def repeat(call, n):
    """``call()`` n times: roots() is timed over many calls, as one call right
    after the 10^6-point evaluations would measure cold caches, and only for
    whichever side of the pair runs first."""
    for _ in range(n):
        call()


def python_build(construct, n):
    y = Y.copy()
    for i in range(n):
        y[0] = 1e-9 * (i % 7)
        construct(X, y)


def main():
    quick = quick_mode(__doc__)
    rounds, n, n_py, n_build = (3, 200000, 2000, 200) if quick else (7, 1000000, 10000, 1000)
    n_roots = 50 if quick else 200
    lin = si.interp1d(X, Y)
    cub = si.interp1d(X, Y, kind="cubic")
    cs = si.CubicSpline(X, Y)
    xs = np.random.default_rng(0).uniform(0.0, 10.0, 10 ** 6)
    y_mutable = Y.copy()
    print("compiling ...", file=sys.stderr)
    for which in range(3):
        build_loop(X, y_mutable, 2, which)
    interp1d_build_loop(X, y_mutable, 2)
    for f in (lin, cub):
        scalar_eval_loop(f, 10)
        evaluate(f, xs[:10])
    roots(cs)
    print("measuring ...", file=sys.stderr)
    ns = interleaved([
        timed("pchip build scijit", lambda k: build_loop(X, y_mutable, k, 0), n_build * 10),
        timed("pchip build scipy", lambda k: python_build(si.PchipInterpolator, k), n_build),
        timed("akima build scijit", lambda k: build_loop(X, y_mutable, k, 1), n_build * 10),
        timed("akima build scipy", lambda k: python_build(si.Akima1DInterpolator, k), n_build),
        timed("bspline build scijit", lambda k: build_loop(X, y_mutable, k, 2), n_build * 10),
        timed("bspline build scipy", lambda k: python_build(si.make_interp_spline, k), n_build),
        timed("big bspline scijit", lambda k: make_interp_spline(X_BIG, Y_BIG), 1),
        timed("big bspline scipy", lambda k: si.make_interp_spline(X_BIG, Y_BIG), 1),
        timed("interp1d build scijit", lambda k: interp1d_build_loop(X, y_mutable, k), n_build),
        timed("interp1d build scipy", lambda k: python_build(
            lambda x, y: si.interp1d(x, y, "cubic")(0.5), k), n_build),
        timed("linear scalar scijit", lambda k: scalar_eval_loop(lin, k), n),
        timed("linear scalar scipy", lambda k: python_eval_loop(lin, k), n_py),
        timed("cubic scalar scijit", lambda k: scalar_eval_loop(cub, k), n),
        timed("cubic scalar scipy", lambda k: python_eval_loop(cub, k), n_py),
        timed("linear 10^6 scijit", lambda k: evaluate(lin, xs), 1),
        timed("linear 10^6 scipy", lambda k: lin(xs), 1),
        timed("cubic 10^6 scijit", lambda k: evaluate(cub, xs), 1),
        timed("cubic 10^6 scipy", lambda k: cub(xs), 1),
        timed("roots scijit", lambda k: repeat(lambda: roots(cs), k), n_roots),
        timed("roots scipy", lambda k: repeat(cs.roots, k), n_roots),
    ], rounds)
    pairs = [("PchipInterpolator build, 100 points", "pchip build", "us"),
             ("Akima1DInterpolator build, 100 points", "akima build", "us"),
             ("make_interp_spline k=3 build, 100 points", "bspline build", "us"),
             ("make_interp_spline k=3 build, 10^5 points", "big bspline", "ms"),
             ("interp1d cubic build + call, 100 points", "interp1d build", "us"),
             ("interp1d linear scalar call", "linear scalar", "ns"),
             ("interp1d cubic scalar call", "cubic scalar", "ns"),
             ("interp1d linear, 10^6 random points", "linear 10^6", "ms"),
             ("interp1d cubic, 10^6 random points", "cubic 10^6", "ms"),
             ("CubicSpline(100 points).roots()", "roots", "us")]
    scale = {"ns": 1.0, "us": 1e-3, "ms": 1e-6}
    print("%-44s %14s %14s %9s" % ("measure", "scijit (@njit)", "scipy", "speed-up"))
    for label, key, unit in pairs:
        a, b = ns[key + " scijit"], ns[key + " scipy"]
        print("%-44s %11.2f %s %11.2f %s %8.1fx" % (label, a * scale[unit], unit,
                                                    b * scale[unit], unit, b / a))


if __name__ == "__main__":
    main()
