"""Benchmark of scijit's FITPACK functions (``splrep``/``splev``/``splint``)
against scipy's.

Run ``python benchmarks/bench_fitpack.py [--quick]``.  It prints, in one run:

1. ``splev(x, tck)`` at a scalar in an ``@njit`` loop, next to scipy's
   ``splev`` called from a Python loop, and the derivative ``der=1``; the
   same spline as a ``UnivariateSpline`` called at a scalar (``spl(x)``);
2. ``splrep`` of 200 points (interpolating, s=0, and smoothing, s=0.5) in an
   ``@njit`` loop, next to scipy's from a Python loop, our curfit called
   from C (``native/curfit_floor.c``: the kernel alone) and scipy's kernel
   called bare (``_dfitpack.curfit`` with its workspace made once: scipy's
   splrep less its Python);
3. ``splev`` at 10^6 points in one call inside ``@njit`` against scipy's
   (the same Fortran algorithm on both sides: the ratio is the overhead);
4. ``splint`` in an ``@njit`` loop against scipy's from Python;

and a summary of targets with PASS/MISS.  Data: y = sin(x) + noise on 200
points of [0, 10]; the evaluation spline is the interpolating cubic.  Loops
move x by 0.01 (i mod 997) and sum, and fitting loops change y[0] by 1e-9
(i mod 7), so nothing can be hoisted.  Timings are the minimum over rounds,
every variant once per round (see ``_harness``).
"""
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy.interpolate as si
from numba import njit

from _harness import (build_native, interleaved, python_eval_loop, quick_mode, scalar_eval_loop,
                      summary, timed)
from scijit.interpolate import splev, splint, splrep

X = np.linspace(0.0, 10.0, 200)
Y = np.sin(X) + 0.05 * np.random.default_rng(0).standard_normal(200)
TCK = si.splrep(X, Y)
TCK = (TCK[0], TCK[1], TCK[2])
USPL = si.InterpolatedUnivariateSpline(X, Y)


# ---------------------------------------------------------------- @njit code
@njit
def eval_loop(tck, n, der):
    acc = 0.0
    for i in range(n):
        acc += splev(0.003 + 0.01 * (i % 997), tck, der)
    return acc


@njit
def fit_loop(x, y, n, s):
    acc = 0.0
    y0 = y[0]
    for i in range(n):
        y[0] = y0 + 1e-9 * (i % 7)
        acc += splrep(x, y, s=s)[1][3]
    y[0] = y0
    return acc


@njit
def evaluate(xs, tck):
    return splev(xs, tck)


@njit
def integrate_loop(tck, n):
    acc = 0.0
    for i in range(n):
        acc += splint(0.0, 0.5 + 0.01 * (i % 997), tck)
    return acc


# ---------------------------------------------------------------- Python loops
def py_eval_loop(tck, n, der):
    acc = 0.0
    for i in range(n):
        acc += si.splev(0.003 + 0.01 * (i % 997), tck, der)
    return acc


def py_fit_loop(x, y, n, s):
    acc = 0.0
    y = y.copy()
    y0 = y[0]
    for i in range(n):
        y[0] = y0 + 1e-9 * (i % 7)
        acc += si.splrep(x, y, s=s)[1][3]
    return acc


def py_integrate_loop(tck, n):
    acc = 0.0
    for i in range(n):
        acc += si.splint(0.0, 0.5 + 0.01 * (i % 997), tck)
    return acc


def scipy_kernel_loop(x, y, n, s):
    """scipy's splrep less its Python: the f2py call to its Fortran curfit,
    workspace allocated once (what ``_fitpack_impl.splrep`` calls)."""
    from scipy.interpolate import _dfitpack
    m, k = x.size, 3
    nest = m + k + 1
    t, w = np.empty(nest), np.ones(m)
    wrk, iwrk = np.empty(m * (k + 1) + nest * (7 + 3 * k)), np.empty(nest, np.int32)
    y = y.copy()
    y0 = y[0]
    acc = 0.0
    for i in range(n):
        y[0] = y0 + 1e-9 * (i % 7)
        acc += _dfitpack.curfit(0, x, y, w, t, wrk, iwrk, x[0], x[-1], k, s)[1][3]
    return acc


def native_floor(exe, n_fit):
    """A measurement for :func:`interleaved`: ``native/curfit_floor.c``
    (our curfit from C, times itself) at s = 0 and s = 0.5."""
    data = "%d\n" % X.size + "".join("%s %s\n" % (a.hex(), b.hex()) for a, b in zip(X, Y))

    def run():
        out = subprocess.run([exe, "1", str(n_fit), "0", "0.5"], input=data,
                             capture_output=True, text=True, check=True).stdout.split()
        return {"fit0 floor": float(out[1]), "fits floor": float(out[5])}
    return run


def once(name, fn, *args):
    return timed(name, lambda n: fn(*args), 1)


def main():
    quick = quick_mode(__doc__)
    rounds, n, n_py, n_fit, n_fit_py = (3, 200000, 3000, 200, 50) if quick else \
        (10, 1000000, 20000, 2000, 300)

    xs = np.random.default_rng(1).uniform(0.0, 10.0, 10 ** 6)
    y_mutable = Y.copy()
    print("compiling ...", file=sys.stderr)
    eval_loop(TCK, 10, 0)
    eval_loop(TCK, 10, 1)
    scalar_eval_loop(USPL, 10)
    fit_loop(X, y_mutable, 2, 0.0)
    evaluate(xs[:10], TCK)
    integrate_loop(TCK, 10)
    assert np.array_equal(evaluate(xs[:1000], TCK), si.splev(xs[:1000], TCK))
    print("measuring ...", file=sys.stderr)

    tmp = tempfile.TemporaryDirectory()
    floor = build_native(tmp.name, "curfit_floor.c", "fitpack")
    t = time.perf_counter()
    ns = interleaved([
        timed("splev scijit", lambda n: eval_loop(TCK, n, 0), n),
        timed("splev scipy", lambda n: py_eval_loop(TCK, n, 0), n_py),
        timed("der scijit", lambda n: eval_loop(TCK, n, 1), n),
        timed("der scipy", lambda n: py_eval_loop(TCK, n, 1), n_py),
        timed("call scijit", lambda n: scalar_eval_loop(USPL, n), n),
        timed("call scipy", lambda n: python_eval_loop(USPL, n), n_py),
        timed("fit0 scijit", lambda n: fit_loop(X, y_mutable, n, 0.0), n_fit),
        timed("fit0 scipy", lambda n: py_fit_loop(X, Y, n, 0.0), n_fit_py),
        timed("fits scijit", lambda n: fit_loop(X, y_mutable, n, 0.5), n_fit // 4),
        timed("fits scipy", lambda n: py_fit_loop(X, Y, n, 0.5), n_fit_py // 4),
        timed("fit0 scipy kernel", lambda n: scipy_kernel_loop(X, Y, n, 0.0), n_fit_py),
        timed("fits scipy kernel", lambda n: scipy_kernel_loop(X, Y, n, 0.5), n_fit_py // 4),
        native_floor(floor, n_fit),
        once("array scijit", evaluate, xs, TCK),
        once("array scipy", si.splev, xs, TCK),
        timed("splint scijit", lambda n: integrate_loop(TCK, n), n // 10),
        timed("splint scipy", lambda n: py_integrate_loop(TCK, n), n_py),
    ], rounds)
    elapsed = time.perf_counter() - t
    tmp.cleanup()

    us, ms = 1e-3, 1e-6
    print("\n1. splev at a scalar, 200-point interpolating cubic (min of %d rounds)" % rounds)
    for key, label in (("splev", "splev(x, tck)"), ("der", "splev(x, tck, der=1)"),
                       ("call", "UnivariateSpline spl(x)")):
        print("  %-50s %9.1f ns" % (label + ", scijit @njit loop", ns[key + " scijit"]))
        print("  %-50s %9.1f ns  %.0fx of scijit" % (
            label + ", scipy Python loop", ns[key + " scipy"],
            ns[key + " scipy"] / ns[key + " scijit"]))
    print("\n2. splrep of 200 points")
    for key, label in (("fit0", "s=0"), ("fits", "s=0.5")):
        print("  %-50s %9.2f us" % ("%s, scijit @njit loop" % label, ns[key + " scijit"] * us))
        print("  %-50s %9.2f us  %.1fx of scijit" % (
            "%s, scipy Python loop" % label, ns[key + " scipy"] * us,
            ns[key + " scipy"] / ns[key + " scijit"]))
        print("  %-50s %9.2f us  %.1fx of floor" % (
            "%s, scipy's kernel (bare f2py call)" % label, ns[key + " scipy kernel"] * us,
            ns[key + " scipy kernel"] / ns[key + " floor"]))
        print("  %-50s %9.2f us" % ("%s, floor: our curfit from C" % label,
                                    ns[key + " floor"] * us))
    print("\n3. splev at 10^6 random points in one call")
    print("  %-50s %9.2f ms" % ("scijit in @njit", ns["array scijit"] * ms))
    print("  %-50s %9.2f ms" % ("scipy splev(xs, tck)", ns["array scipy"] * ms))
    print("\n4. splint(0, b, tck)")
    print("  %-50s %9.1f ns" % ("scijit @njit loop", ns["splint scijit"]))
    print("  %-50s %9.1f ns" % ("scipy Python loop", ns["splint scipy"]))

    def ratio(a, b):
        return ns[a] / ns[b]
    rows = [
        ("splev scalar: scipy / scijit", ratio("splev scipy", "splev scijit"), "%.0fx",
         ">= 50x", lambda v: v >= 50),
        ("splev der=1 scalar: scipy / scijit", ratio("der scipy", "der scijit"), "%.0fx",
         ">= 50x", lambda v: v >= 50),
        ("splrep 200 points s=0: scipy / scijit", ratio("fit0 scipy", "fit0 scijit"), "%.1fx",
         ">= 10x", lambda v: v >= 10),
        ("splrep 200 points s=0.5: scipy / scijit", ratio("fits scipy", "fits scijit"),
         "%.1fx", ">= 10x", lambda v: v >= 10),
        ("splev 10^6 points: scijit / scipy", ratio("array scijit", "array scipy"), "%.2fx",
         "<= 1x", lambda v: v <= 1),
    ]
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
