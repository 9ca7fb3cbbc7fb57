"""Benchmark of scijit's splines (``scijit.interpolate``) against scipy.

Run ``python benchmarks/bench_spline.py [--quick]``.  It prints, in one run:

1. scalar evaluation ``spl(x)`` of a 100-point ``CubicSpline`` in an
   ``@njit`` loop, next to the same scipy object called from a Python loop,
   and a *kernel floor*: scijit's own kernels (``find_interval``,
   ``evaluate_poly1``) inlined into the loop, i.e. the evaluation with no
   calls between compiled functions;
2. construction of a 100-point ``CubicSpline`` in an ``@njit`` loop, and of a
   10^5-point one (against scipy's construction of the same data);
3. evaluation at 10^6 points in one call inside ``@njit`` against scipy's
   compiled ``spl(xs)``, for random points and for the same points sorted
   (where scipy's interval hint makes the search almost free), with the
   kernel floor;
4. from plain Python: ``scijit.interpolate.CubicSpline(x, y)`` against
   scipy's, calling the result, and an ``@njit`` function of a spline called
   from Python (with ``numba.typeof(spl)``, which its dispatcher runs on
   every call); a scipy ``BSpline`` passed into ``@njit`` against scipy;

and a summary of targets with PASS/MISS.  The data are y = sin(x) on 100
equally spaced points of [0, 10] (10^5 points of [0, 100] for the large
build).  Timings are the minimum over rounds, each round running all the
variants in turn (see ``_harness``).  Loops move x by 0.01 (i mod 997) and
sum the values, and construction loops change y[0] by 1e-9 (i mod 7), so
nothing can be hoisted or optimised away.
"""
import sys
import time

import numpy as np
import scipy.interpolate as si
from numba import njit, typeof

import scijit.interpolate._spline_kernels as kernels
from _harness import (interleaved, python_eval_loop, quick_mode, scalar_eval_loop, summary,
                      timed)
from scijit.interpolate import CubicSpline

X = np.linspace(0.0, 10.0, 100)
Y = np.sin(X)
X_BIG = np.linspace(0.0, 100.0, 10 ** 5)
Y_BIG = np.sin(X_BIG)

# scijit's evaluation kernels, inlined at numba IR level: the floor of what
# spl(x) can cost once no call (and no reference counting) separates them.
_find = njit(inline="always")(kernels.find_interval.py_func)
_poly = njit(inline="always")(kernels.evaluate_poly1.py_func)


# ---------------------------------------------------------------- @njit code
@njit
def floor_loop(c, x, n):
    """:func:`_harness.scalar_eval_loop` on the inlined kernels (the kernel floor)."""
    acc = 0.0
    for i in range(n):
        xv = 0.003 + 0.01 * (i % 997)
        k = _find(x, xv, 0, True)
        acc += _poly(xv - x[k], c, k, 0)
    return acc


@njit
def evaluate(spl, xs):
    """``spl(xs)`` for an array: one call of scijit's array evaluation."""
    return spl(xs)


@njit
def floor_array(c, x, xs):
    """:func:`evaluate` on the inlined kernels, with scipy's interval hint."""
    out = np.empty(xs.size)
    k = 0
    for i in range(xs.size):
        k = _find(x, xs[i], k, True)
        out[i] = _poly(xs[i] - x[k], c, k, 0)
    return out


@njit
def build_loop(x, y, n):
    """``n`` constructions of ``CubicSpline(x, y)``, each with y[0] moved."""
    acc = 0.0
    y0 = y[0]
    for i in range(n):
        y[0] = y0 + 1e-9 * (i % 7)
        acc += CubicSpline(x, y).c[0, 0]
    y[0] = y0
    return acc


@njit
def build(x, y):
    return CubicSpline(x, y)


@njit
def call_one(spl, xv):
    """An @njit function of a spline, as a user would call it from Python."""
    return spl(xv)


# ---------------------------------------------------------------- Python loops
def python_njit_call_loop(spl, n):
    acc = 0.0
    for i in range(n):
        acc += call_one(spl, 0.003 + 0.01 * (i % 997))
    return acc


def python_typeof_loop(spl, n):
    for _ in range(n):
        typeof(spl)


def python_build_loop(construct, n):
    for _ in range(n):
        construct(X, Y)


def once(name, fn, *args):
    """A measurement for :func:`interleaved`: ns of one call ``fn(*args)``."""
    return timed(name, lambda n: fn(*args), 1)


# ---------------------------------------------------------------- report
def main():
    quick = quick_mode(__doc__)
    rounds, n, n_py, n_build = (3, 200000, 3000, 300) if quick else (10, 1000000, 20000, 2000)

    cs = si.CubicSpline(X, Y)
    bs = si.make_interp_spline(X, Y, k=3)
    ours = CubicSpline(X, Y)                        # a scipy object, built by scijit
    xs = np.random.default_rng(0).uniform(0.0, 10.0, 10 ** 6)
    xs_sorted = np.sort(xs)

    print("compiling ...", file=sys.stderr)
    for spl in (cs, bs):
        scalar_eval_loop(spl, 10)
        evaluate(spl, xs[:10])
        call_one(spl, 0.5)
    floor_loop(cs.c, cs.x, 10)
    floor_array(cs.c, cs.x, xs[:10])
    build_loop(X, Y.copy(), 10)
    big = build(X_BIG, Y_BIG)
    big_error = np.max(np.abs(big.c - si.CubicSpline(X_BIG, Y_BIG).c))
    print("measuring ...", file=sys.stderr)

    t = time.perf_counter()
    y_mutable = Y.copy()
    ns = interleaved([
        timed("scalar scijit", lambda n: scalar_eval_loop(cs, n), n),
        timed("scalar floor", lambda n: floor_loop(cs.c, cs.x, n), n),
        timed("scalar scipy", lambda n: python_eval_loop(cs, n), n_py),
        timed("build scijit", lambda n: build_loop(X, y_mutable, n), n // 20),
        once("big scijit", build, X_BIG, Y_BIG),
        once("big scipy", si.CubicSpline, X_BIG, Y_BIG),
        once("random scijit", evaluate, cs, xs),
        once("random floor", floor_array, cs.c, cs.x, xs),
        once("random scipy", cs, xs),
        once("sorted scijit", evaluate, cs, xs_sorted),
        once("sorted floor", floor_array, cs.c, cs.x, xs_sorted),
        once("sorted scipy", cs, xs_sorted),
        timed("bspline scalar scijit", lambda n: scalar_eval_loop(bs, n), n),
        timed("bspline scalar scipy", lambda n: python_eval_loop(bs, n), n_py),
        once("bspline random scijit", evaluate, bs, xs),
        once("bspline random scipy", bs, xs),
    ], rounds)
    py = interleaved([
        timed("build scijit", lambda n: python_build_loop(CubicSpline, n), n_build),
        timed("build scipy", lambda n: python_build_loop(si.CubicSpline, n), n_build // 10),
        timed("call scijit-built", lambda n: python_eval_loop(ours, n), n_py),
        timed("call scipy-built", lambda n: python_eval_loop(cs, n), n_py),
        timed("njit call", lambda n: python_njit_call_loop(cs, n), n_py),
        timed("typeof", lambda n: python_typeof_loop(cs, n), n_py),
    ], rounds)
    elapsed = time.perf_counter() - t

    us, ms = 1e-3, 1e-6
    print("\n1. Scalar spl(x), 100-point CubicSpline (min of %d rounds)" % rounds)
    print("  %-60s %9.1f ns" % ("scijit, @njit loop (scipy's object passed in)",
                                ns["scalar scijit"]))
    print("  %-60s %9.1f ns" % ("kernel floor: scijit's kernels inlined into the loop",
                                ns["scalar floor"]))
    print("  %-60s %9.1f ns  %.0fx of scijit" % ("scipy, Python loop", ns["scalar scipy"],
                                                 ns["scalar scipy"] / ns["scalar scijit"]))

    print("\n2. Construction of a CubicSpline")
    print("  %-60s %9.2f us" % ("100 points, scijit in an @njit loop", ns["build scijit"] * us))
    print("  %-60s %9.2f ms" % ("10^5 points, scijit in @njit", ns["big scijit"] * ms))
    print("  %-60s %9.2f ms  max |c - scipy's c| = %.1e" % (
        "10^5 points, scipy", ns["big scipy"] * ms, big_error))

    print("\n3. spl(xs) at 10^6 points in one call, 100-point CubicSpline")
    for order in ("random", "sorted"):
        print("  %-60s %9.2f ms  %.2fx of scipy" % (
            "%s points, scijit in @njit" % order, ns[order + " scijit"] * ms,
            ns[order + " scijit"] / ns[order + " scipy"]))
        print("  %-60s %9.2f ms" % ("%s points, kernel floor" % order, ns[order + " floor"] * ms))
        print("  %-60s %9.2f ms" % ("%s points, scipy spl(xs)" % order, ns[order + " scipy"] * ms))

    print("\n4. From plain Python (100 points) and scipy's BSpline (make_interp_spline, k=3)")
    for name, label in [("build scijit", "scijit.interpolate.CubicSpline(x, y)"),
                        ("build scipy", "scipy.interpolate.CubicSpline(x, y)"),
                        ("call scijit-built", "spl(x), spl built by scijit"),
                        ("call scipy-built", "spl(x), spl built by scipy"),
                        ("njit call", "@njit f(spl, x) -> spl(x), called from Python"),
                        ("typeof", "  of which numba.typeof(spl), as the dispatcher does")]:
        print("  %-60s %9.2f us" % (label, py[name] * us))
    print("  %-60s %9.1f ns" % ("BSpline scalar spl(x), scijit @njit loop",
                                ns["bspline scalar scijit"]))
    print("  %-60s %9.1f ns" % ("BSpline scalar spl(x), scipy Python loop",
                                ns["bspline scalar scipy"]))
    print("  %-60s %9.2f ms" % ("BSpline 10^6 random points, scijit in @njit",
                                ns["bspline random scijit"] * ms))
    print("  %-60s %9.2f ms" % ("BSpline 10^6 random points, scipy spl(xs)",
                                ns["bspline random scipy"] * ms))

    def ratio(a, b, source=ns):
        return source[a] / source[b]
    rows = [
        ("scalar: scipy / scijit", ratio("scalar scipy", "scalar scijit"), "%.0fx", ">= 100x",
         lambda v: v >= 100),
        ("scalar: scijit per call", ns["scalar scijit"] * us, "%.3f us", "<= 0.03 us",
         lambda v: v <= 0.03),
        ("build 100 points in @njit", ns["build scijit"] * us, "%.2f us", "<= 5 us",
         lambda v: v <= 5),
        ("10^6 random points: scijit / scipy", ratio("random scijit", "random scipy"), "%.2fx",
         "<= 1x", lambda v: v <= 1),
        ("10^6 sorted points: scijit / scipy", ratio("sorted scijit", "sorted scipy"), "%.2fx",
         "<= 1x", lambda v: v <= 1),
        ("Python build: scijit / scipy", ratio("build scijit", "build scipy", py), "%.2fx",
         "<= 1x", lambda v: v <= 1),
        # the same scipy method on equal arrays: only noise can separate them
        ("Python spl(x): scijit- / scipy-built", ratio("call scijit-built", "call scipy-built",
                                                        py), "%.2fx", "<= 1.05x",
         lambda v: v <= 1.05),
        ("Python @njit f(spl, x) / scipy spl(x)", ratio("njit call", "call scipy-built", py),
         "%.2fx", "<= 1x", lambda v: v <= 1),
        ("BSpline scalar: scijit / scipy", ratio("bspline scalar scijit", "bspline scalar scipy"),
         "%.3fx", "<= 1x", lambda v: v <= 1),
        ("BSpline 10^6 points: scijit / scipy",
         ratio("bspline random scijit", "bspline random scipy"), "%.2fx", "<= 1x",
         lambda v: v <= 1),
    ]
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
