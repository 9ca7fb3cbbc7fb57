"""Benchmark of scijit's 2-D FITPACK (``RectBivariateSpline``, ``bisplrep``,
``bisplev``) against scipy's.

Run ``python benchmarks/bench_fitpack_surface.py [--quick]``.  It prints, in
one run:

1. ``spl.ev(x, y)`` at 10^6 random points in one call inside ``@njit``, next
   to scipy's ``spl.ev`` (the same Fortran algorithm on both sides: the ratio
   is the overhead), and ``spl(x, y)`` on a 1000 x 1000 grid;
2. ``spl.ev(x, y)`` at one point in an ``@njit`` loop, next to scipy's from a
   Python loop;
3. ``RectBivariateSpline(x, y, z)`` on a 40 x 30 grid (s=0 and s=0.1) in an
   ``@njit`` loop, next to scipy's from a Python loop;
4. ``bisplrep`` of 200 scattered points (s=0.05) likewise;

and a summary of targets with PASS/MISS.  The evaluation spline is the
interpolating bicubic of sin(x + 2y) on the 40 x 30 grid.  Timings are the
minimum over rounds, every variant once per round (see ``_harness``).
"""
import sys
import time

import numpy as np
import scipy.interpolate as si
from numba import njit

import scijit
import scijit.interpolate  # noqa: F401  (registers scipy's names for @njit)
from _harness import interleaved, quick_mode, summary, timed

GX = np.linspace(0.0, 3.0, 40)
GY = np.linspace(0.0, 2.0, 30)
GZ = np.sin(GX[:, None] + 2.0 * GY[None, :])
SPL = si.RectBivariateSpline(GX, GY, GZ)
_rng = np.random.default_rng(0)
SX = _rng.uniform(-1.0, 1.0, 200)
SY = _rng.uniform(0.0, 2.0, 200)
SZ = np.exp(-SX**2 - (SY - 1.0)**2) + 0.01 * _rng.standard_normal(200)


# ---------------------------------------------------------------- @njit code
@njit
def ev_points(spl, x, y):
    return spl.ev(x, y)


@njit
def ev_grid(spl, x, y):
    return spl(x, y)


@njit
def ev_loop(spl, n):
    acc = 0.0
    for i in range(n):
        acc += spl.ev(0.003 * (i % 997), 0.002 * (i % 991), 0, 0)
    return acc


@njit
def fit_loop(x, y, z, n, s):
    acc = 0.0
    z0 = z[0, 0]
    for i in range(n):
        z[0, 0] = z0 + 1e-9 * (i % 7)
        acc += si.RectBivariateSpline(x, y, z, s=s).fp
    z[0, 0] = z0
    return acc


@njit
def bisplrep_loop(x, y, z, n):
    acc = 0.0
    z0 = z[0]
    for i in range(n):
        z[0] = z0 + 1e-9 * (i % 7)
        acc += si.bisplrep(x, y, z, s=0.05, full_output=1)[1]
    z[0] = z0
    return acc


# ---------------------------------------------------------------- Python loops
def py_ev_loop(spl, n):
    acc = 0.0
    for i in range(n):
        acc += spl.ev(0.003 * (i % 997), 0.002 * (i % 991))
    return acc


def py_fit_loop(x, y, z, n, s):
    acc = 0.0
    z = z.copy()
    z0 = z[0, 0]
    for i in range(n):
        z[0, 0] = z0 + 1e-9 * (i % 7)
        acc += si.RectBivariateSpline(x, y, z, s=s).fp
    return acc


def py_bisplrep_loop(x, y, z, n):
    acc = 0.0
    z = z.copy()
    z0 = z[0]
    for i in range(n):
        z[0] = z0 + 1e-9 * (i % 7)
        acc += si.bisplrep(x, y, z, s=0.05, full_output=1)[1]
    return acc


def once(name, fn, *args):
    return timed(name, lambda n: fn(*args), 1)


def main():
    quick = quick_mode(__doc__)
    rounds, n, n_py, n_fit, n_fit_py = (3, 100000, 3000, 50, 20) if quick else \
        (10, 1000000, 20000, 300, 100)

    px = np.random.default_rng(1).uniform(0.0, 3.0, 10 ** 6)
    py = np.random.default_rng(2).uniform(0.0, 2.0, 10 ** 6)
    gx = np.linspace(0.0, 3.0, 1000)
    gy = np.linspace(0.0, 2.0, 1000)
    z_mutable = GZ.copy()
    sz_mutable = SZ.copy()
    print("compiling ...", file=sys.stderr)
    ev_points(SPL, px[:10], py[:10])
    ev_grid(SPL, gx[:10], gy[:10])
    ev_loop(SPL, 10)
    fit_loop(GX, GY, z_mutable, 1, 0.0)
    bisplrep_loop(SX, SY, sz_mutable, 1)
    assert np.array_equal(ev_points(SPL, px[:1000], py[:1000]), SPL.ev(px[:1000], py[:1000]))
    print("measuring ...", file=sys.stderr)

    t = time.perf_counter()
    ns = interleaved([
        once("points scijit", ev_points, SPL, px, py),
        once("points scipy", SPL.ev, px, py),
        once("grid scijit", ev_grid, SPL, gx, gy),
        once("grid scipy", SPL, gx, gy),
        timed("ev scijit", lambda n: ev_loop(SPL, n), n),
        timed("ev scipy", lambda n: py_ev_loop(SPL, n), n_py),
        timed("fit0 scijit", lambda n: fit_loop(GX, GY, z_mutable, n, 0.0), n_fit),
        timed("fit0 scipy", lambda n: py_fit_loop(GX, GY, GZ, n, 0.0), n_fit_py),
        timed("fits scijit", lambda n: fit_loop(GX, GY, z_mutable, n, 0.1), n_fit),
        timed("fits scipy", lambda n: py_fit_loop(GX, GY, GZ, n, 0.1), n_fit_py),
        timed("rep scijit", lambda n: bisplrep_loop(SX, SY, sz_mutable, n), n_fit // 5),
        timed("rep scipy", lambda n: py_bisplrep_loop(SX, SY, SZ, n), n_fit_py // 5),
    ], rounds)
    elapsed = time.perf_counter() - t

    us, ms = 1e-3, 1e-6
    print("\n1. evaluation of the 40 x 30 bicubic in one call (min of %d rounds)" % rounds)
    print("  %-50s %9.2f ms" % ("ev at 10^6 points, scijit in @njit", ns["points scijit"] * ms))
    print("  %-50s %9.2f ms" % ("ev at 10^6 points, scipy", ns["points scipy"] * ms))
    print("  %-50s %9.2f ms" % ("1000 x 1000 grid, scijit in @njit", ns["grid scijit"] * ms))
    print("  %-50s %9.2f ms" % ("1000 x 1000 grid, scipy", ns["grid scipy"] * ms))
    print("\n2. ev at one point")
    print("  %-50s %9.1f ns" % ("scijit @njit loop", ns["ev scijit"]))
    print("  %-50s %9.1f ns  %.0fx of scijit" % ("scipy Python loop", ns["ev scipy"],
                                                   ns["ev scipy"] / ns["ev scijit"]))
    print("\n3. RectBivariateSpline on a 40 x 30 grid")
    for key, label in (("fit0", "s=0"), ("fits", "s=0.1")):
        print("  %-50s %9.2f us" % ("%s, scijit @njit loop" % label, ns[key + " scijit"] * us))
        print("  %-50s %9.2f us  %.1fx of scijit" % (
            "%s, scipy Python loop" % label, ns[key + " scipy"] * us,
            ns[key + " scipy"] / ns[key + " scijit"]))
    print("\n4. bisplrep of 200 scattered points, s=0.05")
    print("  %-50s %9.2f us" % ("scijit @njit loop", ns["rep scijit"] * us))
    print("  %-50s %9.2f us  %.1fx of scijit" % ("scipy Python loop", ns["rep scipy"] * us,
                                                   ns["rep scipy"] / ns["rep scijit"]))

    def ratio(a, b):
        return ns[a] / ns[b]
    rows = [
        ("ev 10^6 points: scijit / scipy", ratio("points scijit", "points scipy"), "%.2fx",
         "<= 1x", lambda v: v <= 1),
        ("grid 1000x1000: scijit / scipy", ratio("grid scijit", "grid scipy"), "%.2fx",
         "<= 1x", lambda v: v <= 1),
    ]
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
