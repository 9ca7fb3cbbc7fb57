"""Benchmark of ``scijit.optimize.minimize`` against scipy and quantecon.

Run ``python benchmarks/bench_minimize.py [--quick]``.  It prints, in one run:

1. the per-minimisation time of ``scijit.optimize.minimize`` in an ``@njit``
   loop: Rosenbrock n = 2 from (-1.2, 1) with 'Nelder-Mead', 'BFGS'
   (scipy's default forward differences) and 'BFGS' with the gradient, and a
   3-parameter Gaussian peak fitted to 200 points by its negative
   log-likelihood with 'BFGS'; Rosenbrock in the box [-2, 0.8] x [-2, 2] with
   'L-BFGS-B' and 'TNC', by differences and with the gradient;
2. ``scipy.optimize.minimize`` on the same problems from a Python loop, with
   the functions written as a scipy user writes them (numpy, not compiled);
3. quantecon's ``nelder_mead`` (``quantecon.optimize``, which maximises: it
   is given the negated function) in an ``@njit`` loop in the same process,
   with its defaults and with scipy's tolerances (1e-4);
4. compile time of a first call and ``cache=True`` load time of an
   ``@njit`` caller of scijit's minimize (BFGS), each in a fresh process;

with the evaluations (nfev) of every implementation next to its times, and a
summary of the targets (at least 50x faster than scipy on the small
problems, faster per call than quantecon's Nelder-Mead).

quantecon is a benchmark-only install (``pip install quantecon``), not a
scijit dependency.  Timings are thread CPU time, the minimum over rounds in
which every variant runs in turn (``_harness.interleaved``).  Every loop
moves the start by 1e-6 (i mod 7) and sums a coordinate of the results, so
nothing can be hoisted.
"""
import os
import sys
import tempfile
import time

import numpy as np
import quantecon.optimize as qe
import scipy.optimize
from numba import njit

from _harness import fresh, interleaved, quick_mode, summary, timed
from scijit.optimize import minimize

X0 = np.array([-1.2, 1.0])
_T = np.linspace(-3.0, 3.0, 200)
_Y = 2.0 * np.exp(-(_T - 0.4) ** 2 / (2 * 0.7 ** 2)) + 0.05 * np.sin(37.0 * _T)
P0 = np.array([1.0, 0.0, 1.0])
BOX = np.array([[-2.0, 0.8], [-2.0, 2.0]])
BOX_PAIRS = [(-2.0, 0.8), (-2.0, 2.0)]


# ---------------------------------------------------------------- the functions, as scipy users write them
def rosen(x):
    return 100.0 * (x[1] - x[0] ** 2) ** 2 + (1.0 - x[0]) ** 2


def rosen_der(x):
    return np.array([-400.0 * x[0] * (x[1] - x[0] ** 2) - 2.0 * (1.0 - x[0]),
                     200.0 * (x[1] - x[0] ** 2)])


def negloglik(p, t, y):
    """Gaussian errors of unit variance: half the sum of squared residuals."""
    r = y - p[0] * np.exp(-(t - p[1]) ** 2 / (2.0 * p[2] ** 2))
    return 0.5 * np.dot(r, r)


rosen_nb = njit(rosen)
rosen_der_nb = njit(rosen_der)
negloglik_nb = njit(negloglik)


@njit
def neg_rosen(x):
    return -rosen_nb(x)


# ---------------------------------------------------------------- @njit loops
@njit
def scijit_nm(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(rosen_nb, X0 + 1e-6 * (i % 7), method="Nelder-Mead").x[0]
    return acc


@njit
def scijit_bfgs(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(rosen_nb, X0 + 1e-6 * (i % 7), method="BFGS").x[0]
    return acc


@njit
def scijit_bfgs_jac(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(rosen_nb, X0 + 1e-6 * (i % 7), method="BFGS", jac=rosen_der_nb).x[0]
    return acc


@njit
def scijit_fit(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(negloglik_nb, P0 + 1e-6 * (i % 7), args=(_T, _Y), method="BFGS").x[1]
    return acc


@njit
def scijit_lbfgsb(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(rosen_nb, X0 + 1e-6 * (i % 7), method="L-BFGS-B", bounds=BOX).x[0]
    return acc


@njit
def scijit_lbfgsb_jac(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(rosen_nb, X0 + 1e-6 * (i % 7), method="L-BFGS-B", jac=rosen_der_nb,
                        bounds=BOX).x[0]
    return acc


@njit
def scijit_tnc(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(rosen_nb, X0 + 1e-6 * (i % 7), method="TNC", bounds=BOX).x[0]
    return acc


@njit
def scijit_tnc_jac(n):
    acc = 0.0
    for i in range(n):
        acc += minimize(rosen_nb, X0 + 1e-6 * (i % 7), method="TNC", jac=rosen_der_nb,
                        bounds=BOX).x[0]
    return acc


@njit
def quantecon_nm(n):
    acc = 0.0
    for i in range(n):
        acc += qe.nelder_mead(neg_rosen, X0 + 1e-6 * (i % 7)).x[0]
    return acc


@njit
def quantecon_nm_scipy_tol(n):
    acc = 0.0
    for i in range(n):
        acc += qe.nelder_mead(neg_rosen, X0 + 1e-6 * (i % 7), tol_f=1e-4, tol_x=1e-4).x[0]
    return acc


def scipy_loop(kind):
    def run(n):
        acc = 0.0
        for i in range(n):
            x0 = X0 + 1e-6 * (i % 7)
            if kind == "nm":
                acc += scipy.optimize.minimize(rosen, x0, method="Nelder-Mead").x[0]
            elif kind == "bfgs":
                acc += scipy.optimize.minimize(rosen, x0, method="BFGS").x[0]
            elif kind == "bfgs_jac":
                acc += scipy.optimize.minimize(rosen, x0, method="BFGS", jac=rosen_der).x[0]
            elif kind == "lbfgsb":
                acc += scipy.optimize.minimize(rosen, x0, method="L-BFGS-B",
                                               bounds=BOX_PAIRS).x[0]
            elif kind == "lbfgsb_jac":
                acc += scipy.optimize.minimize(rosen, x0, method="L-BFGS-B", jac=rosen_der,
                                               bounds=BOX_PAIRS).x[0]
            elif kind == "tnc":
                acc += scipy.optimize.minimize(rosen, x0, method="TNC", bounds=BOX_PAIRS).x[0]
            elif kind == "tnc_jac":
                acc += scipy.optimize.minimize(rosen, x0, method="TNC", jac=rosen_der,
                                               bounds=BOX_PAIRS).x[0]
            else:
                acc += scipy.optimize.minimize(negloglik, P0 + 1e-6 * (i % 7), args=(_T, _Y),
                                               method="BFGS").x[1]
        return acc
    return run


FIRST_CALL = """
import time, sys
t0 = time.process_time()
import numpy as np
from numba import njit
from scijit.optimize import minimize

@njit(cache=True)
def f(x):
    return 100.0 * (x[1] - x[0] ** 2) ** 2 + (1.0 - x[0]) ** 2

@njit(cache=True)
def solve(x0):
    return minimize(f, x0).x

solve(np.array([-1.2, 1.0]))
print(time.process_time() - t0)
"""


def main():
    quick = quick_mode(__doc__)
    rounds = 2 if quick else 5
    n_nb = 200 if quick else 2000
    n_py = 5 if quick else 40
    # the answers first: equal to scipy's on the benchmark's problems
    counts = {}
    for kind, ours, theirs in (
            ("nm", minimize(rosen_nb, X0, method="Nelder-Mead"),
             scipy.optimize.minimize(rosen, X0, method="Nelder-Mead")),
            ("bfgs", minimize(rosen_nb, X0), scipy.optimize.minimize(rosen, X0)),
            ("bfgs_jac", minimize(rosen_nb, X0, jac=rosen_der_nb),
             scipy.optimize.minimize(rosen, X0, jac=rosen_der)),
            ("fit", minimize(negloglik_nb, P0, args=(_T, _Y)),
             scipy.optimize.minimize(negloglik, P0, args=(_T, _Y))),
            ("lbfgsb", minimize(rosen_nb, X0, bounds=BOX_PAIRS),
             scipy.optimize.minimize(rosen, X0, bounds=BOX_PAIRS)),
            ("lbfgsb_jac", minimize(rosen_nb, X0, jac=rosen_der_nb, bounds=BOX_PAIRS),
             scipy.optimize.minimize(rosen, X0, jac=rosen_der, bounds=BOX_PAIRS)),
            ("tnc", minimize(rosen_nb, X0, method="TNC", bounds=BOX_PAIRS),
             scipy.optimize.minimize(rosen, X0, method="TNC", bounds=BOX_PAIRS)),
            ("tnc_jac", minimize(rosen_nb, X0, method="TNC", jac=rosen_der_nb, bounds=BOX_PAIRS),
             scipy.optimize.minimize(rosen, X0, method="TNC", jac=rosen_der,
                                     bounds=BOX_PAIRS))):
        assert ours.nfev == theirs.nfev and ours.nit == theirs.nit, (kind, ours, theirs)
        assert np.allclose(ours.x, theirs.x, rtol=1e-10, atol=1e-12), (kind, ours.x, theirs.x)
        counts[kind] = ours.nfev
    qr = qe.nelder_mead(neg_rosen, X0)
    qs = qe.nelder_mead(neg_rosen, X0, tol_f=1e-4, tol_x=1e-4)
    print("nfev: scijit = scipy: NM %d, BFGS %d, BFGS+jac %d, fit %d, L-BFGS-B %d, "
          "L-BFGS-B+jac %d, TNC %d, TNC+jac %d; quantecon NM nit %d (defaults), %d (tol 1e-4), "
          "x %s / %s"
          % (counts["nm"], counts["bfgs"], counts["bfgs_jac"], counts["fit"], counts["lbfgsb"],
             counts["lbfgsb_jac"], counts["tnc"], counts["tnc_jac"], qr.nit, qs.nit, qr.x,
             qs.x))
    clock = time.thread_time_ns
    loops = [("scijit NM", scijit_nm, n_nb), ("scijit BFGS", scijit_bfgs, n_nb),
             ("scijit BFGS+jac", scijit_bfgs_jac, n_nb), ("scijit fit", scijit_fit, n_nb // 4),
             ("scijit L-BFGS-B", scijit_lbfgsb, n_nb),
             ("scijit L-BFGS-B+jac", scijit_lbfgsb_jac, n_nb),
             ("scijit TNC", scijit_tnc, n_nb), ("scijit TNC+jac", scijit_tnc_jac, n_nb),
             ("quantecon NM", quantecon_nm, n_nb),
             ("quantecon NM tol 1e-4", quantecon_nm_scipy_tol, n_nb),
             ("scipy NM", scipy_loop("nm"), n_py), ("scipy BFGS", scipy_loop("bfgs"), n_py),
             ("scipy BFGS+jac", scipy_loop("bfgs_jac"), n_py),
             ("scipy fit", scipy_loop("fit"), n_py),
             ("scipy L-BFGS-B", scipy_loop("lbfgsb"), n_py),
             ("scipy L-BFGS-B+jac", scipy_loop("lbfgsb_jac"), n_py),
             ("scipy TNC", scipy_loop("tnc"), n_py), ("scipy TNC+jac", scipy_loop("tnc_jac"), n_py)]
    for name, loop, n in loops:
        loop(2)                         # compiled (and warm) before timing
    best = interleaved([timed(name, loop, n, clock) for name, loop, n in loops], rounds)
    print("\n%-26s %12s" % ("per minimisation", "us"))
    for name, _, _ in loops:
        print("%-26s %12.2f" % (name, best[name] / 1e3))
    ratios = {k: best["scipy " + k] / best["scijit " + k] for k in ("NM", "BFGS", "BFGS+jac",
                                                                    "fit", "L-BFGS-B",
                                                                    "L-BFGS-B+jac", "TNC",
                                                                    "TNC+jac")}
    print("\nscipy / scijit: " + ", ".join("%s %.0fx" % kv for kv in ratios.items()))
    peer = best["quantecon NM tol 1e-4"] / best["scijit NM"]
    peer_default = best["quantecon NM"] / best["scijit NM"]
    print("quantecon NM / scijit NM: %.2f (scipy's tolerances), %.2f (its defaults)"
          % (peer, peer_default))
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        first, _ = fresh(tmp, FIRST_CALL, cache_dir=cache)
        load, _ = fresh(tmp, FIRST_CALL, cache_dir=cache)
        # another caller in the same cache: scijit's solver and helpers are loaded, the
        # caller, its objective and their glue are compiled
        warm, _ = fresh(tmp, FIRST_CALL.replace("100.0", "90.0"), cache_dir=cache)
    print("first call of a BFGS caller, CPU s: %.2f with nothing cached, %.2f with scijit's "
          "cache warm; cache=True load %.2f" % (first, warm, load))
    summary([("scipy / scijit, Rosenbrock NM", ratios["NM"], "%.0fx", ">= 50x",
              lambda v: v >= 50),
             ("scipy / scijit, Rosenbrock BFGS", ratios["BFGS"], "%.0fx", ">= 50x",
              lambda v: v >= 50),
             ("scipy / scijit, Gaussian fit BFGS", ratios["fit"], "%.0fx", ">= 50x",
              lambda v: v >= 50),
             ("scipy / scijit, Rosenbrock L-BFGS-B", ratios["L-BFGS-B"], "%.0fx", ">= 50x",
              lambda v: v >= 50),
             ("scipy / scijit, Rosenbrock TNC", ratios["TNC"], "%.0fx", ">= 50x",
              lambda v: v >= 50),
             ("quantecon NM / scijit NM (tol 1e-4)", peer, "%.2f", "> 1", lambda v: v > 1)])


if __name__ == "__main__":
    sys.exit(main())
