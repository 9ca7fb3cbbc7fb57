"""Benchmark of ``scijit.optimize.leastsq`` and ``curve_fit`` against scipy and a native floor.

Run ``python benchmarks/bench_leastsq.py [--quick]``.  It prints, in one run:

1. the per-fit time of ``scijit.optimize.leastsq`` and ``curve_fit`` in an
   ``@njit`` loop, next to
2. ``scipy.optimize.leastsq`` and ``curve_fit`` from a Python loop with a
   numpy residual or model, and
3. the native floor: ``native/leastsq_floor.c``, compiled here with gcc,
   calls the same vendored MINPACK lmdif with a C callback;

and a summary of targets with PASS/MISS.  The fit is always
y = a exp(-b t) + c to 50 points, t = linspace(0, 4, 50), data from
a, b, c = 2.5, 1.3, 0.5 plus a fixed small perturbation, from p0 = (1, 1, 1).

``leastsq`` is measured with a residual returning a new array (scipy's
form) and with scijit's in-place form (``inplace=True``: the residual writes
MINPACK's buffer); ``curve_fit`` always evaluates in place (its wrapper
writes ``model(t, *p) - y`` into the buffer; the model allocates its result).

Timings are the thread's CPU time (the C floor's too), the minimum over
rounds, and every round runs all the variants in turn: the machine may be
shared, and a busy neighbour then slows a whole round rather than one
variant.
"""
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy.optimize
from numba import njit

import _harness
from _harness import build_native, interleaved, quick_mode, summary
from lowering.callback import callback, callback_intrinsic
from lowering.minpack import LMDIF, lmdif, residual_steps
from lowering.transforms import CallbackData, Reshape
from scijit.optimize import curve_fit, leastsq
from scijit.optimize._curve_fit import model_step

lmdif_inplace = callback_intrinsic(LMDIF, residual_steps(True))

TOL = 1.49012e-08                  # scipy's ftol = xtol, as the C floor uses them
EPS = float(np.finfo(np.float64).eps)
T = np.linspace(0.0, 4.0, 50)
# The perturbation keeps the residual at the optimum nonzero, as with real data.
Y = 2.5 * np.exp(-1.3 * T) + 0.5 + 0.01 * np.sin(9.0 * T)
M, N = T.size, 3


# ---------------------------------------------------------------- the reference fit
@njit
def model(t, a, b, c):
    """The model, as a curve_fit user would write it."""
    return a * np.exp(-b * t) + c


@njit
def residual(p, t, y):
    """The residual, as a leastsq user would write it (returns a new array)."""
    return p[0] * np.exp(-p[1] * t) + p[2] - y


@njit
def residual_inplace(p, out, t, y):
    """``residual`` in scijit's in-place form: writes ``out``."""
    for i in range(t.size):
        out[i] = p[0] * np.exp(-p[1] * t[i]) + p[2] - y[i]


def model_python(t, a, b, c):
    """``model`` for scipy: numpy."""
    return a * np.exp(-b * t) + c


def residual_python(p, t, y):
    """``residual`` for scipy: numpy."""
    return p[0] * np.exp(-p[1] * t) + p[2] - y


# ---------------------------------------------------------------- @njit fit loops
def fit_loop(fit):
    """An @njit loop of fits.

    Parameters
    ----------
    fit : numba dispatcher
        ``fit(c0, t, y) -> float``: one fit from p0 = (1, 1, c0), reduced to a number.

    Returns
    -------
    loop : numba dispatcher
        ``loop(n) -> float``: ``n`` fits from starts that vary slightly, so
        nothing can be hoisted, summed, so nothing is optimised away.
    """
    @njit
    def loop(n, t, y):
        acc = 0.0
        for i in range(n):
            acc += fit(1.0 + 1e-9 * (i % 7), t, y)
        return acc
    return lambda n: loop(n, T, Y)


@njit
def _leastsq(c0, t, y):
    p, ier = leastsq(residual, np.array([1.0, 1.0, c0]), args=(t, y))
    return p[0] + p[1] + p[2]


@njit
def _leastsq_inplace(c0, t, y):
    p, ier = leastsq(residual_inplace, np.array([1.0, 1.0, c0]), args=(t, y), inplace=True,
                     m=t.size)
    return p[0] + p[1] + p[2]


@njit
def _leastsq_full(c0, t, y):
    p, cov, info, mesg, ier = leastsq(residual, np.array([1.0, 1.0, c0]), args=(t, y),
                                      full_output=True)
    return p[0] + p[1] + p[2] + cov[0, 0] + info["nfev"]


@njit
def _curve_fit(c0, t, y):
    popt, pcov = curve_fit(model, t, y, (1.0, 1.0, c0))
    return popt[0] + popt[1] + popt[2] + pcov[0, 0]


@njit
def _curve_fit_unchecked(c0, t, y):
    popt, pcov = curve_fit(model, t, y, (1.0, 1.0, c0), check_finite=False)
    return popt[0] + popt[1] + popt[2] + pcov[0, 0]


def native_path(solve, f):
    """scijit's native-call path alone: an lmdif intrinsic of
    ``lowering.minpack`` with the kept arrays allocated once, i.e. leastsq
    without its argument handling, evaluations at x0, allocations and
    covariance.  ``solve`` is ``lmdif`` or ``lmdif_inplace``, ``f`` the
    residual in the matching form."""
    @njit
    def loop(n, t, y):
        acc = 0.0
        x, fvec, diag, qtf = np.empty(N), np.empty(M), np.ones(N), np.empty(N)
        fjac, ipvt = np.empty(M * N), np.empty(N, np.int32)
        payload = ((t, y), (N,), False)    # (args, shape f sees x in, col_deriv)
        for i in range(n):
            x[0], x[1], x[2] = 1.0, 1.0, 1.0 + 1e-9 * (i % 7)
            solve(f, payload, M, N, x, fvec, TOL, TOL, 0.0, 200 * (N + 1), EPS, diag, 1, 100.0,
                  fjac, M, ipvt, qtf)
            acc += x[0] + x[1] + x[2]
        return acc
    return lambda n: loop(n, T, Y)


# ---------------------------------------------------------------- @njit evaluation loops
@njit
def _eval_array(n, t, y):
    p, acc = np.ones(N), 0.0
    for i in range(n):
        p[2] = 1.0 + 1e-9 * (i % 7)
        acc += residual(p, t, y)[i % M]
    return acc


#: curve_fit's residual stage for ``model`` (no sigma): out <- model(t, *p) - y.
_wrapped = callback((Reshape(), model_step(N, 0))).residual


@njit
def _eval_wrapped(n, t, y):
    p, out, transform, acc = np.ones(N), np.empty(M), np.empty(0), 0.0
    for i in range(n):
        p[2] = 1.0 + 1e-9 * (i % 7)
        _wrapped(model, p, out, CallbackData((), (N,), False, (t, y, transform), ()))
        acc += out[i % M]
    return acc


@njit
def _eval_inplace(n, t, y):
    p, out, acc = np.ones(N), np.empty(M), 0.0
    for i in range(n):
        p[2] = 1.0 + 1e-9 * (i % 7)
        residual_inplace(p, out, t, y)
        acc += out[i % M]
    return acc


# ---------------------------------------------------------------- Python loops
def scipy_leastsq(n):
    acc = 0.0
    for i in range(n):
        p, _ = scipy.optimize.leastsq(residual_python, np.array([1.0, 1.0, 1.0 + 1e-9 * (i % 7)]),
                                      args=(T, Y))
        acc += p.sum()
    return acc


def scipy_curve_fit(n):
    acc = 0.0
    for i in range(n):
        popt, pcov = scipy.optimize.curve_fit(model_python, T, Y, (1.0, 1.0, 1.0 + 1e-9 * (i % 7)))
        acc += popt.sum() + pcov[0, 0]
    return acc


# ---------------------------------------------------------------- timing
def timed(name, loop, n):
    """The harness's measurement in this thread's CPU time, not wall time
    (the C floor measures the same): on a shared machine a preempted loop
    would otherwise count its neighbours' time, and a 10 us fit is
    preempted in every round."""
    return _harness.timed(name, loop, n, clock=time.thread_time_ns)


def native_floor(exe, n, repeats):
    """A measurement for :func:`interleaved`: the C floor, which times itself
    (the minimum of ``repeats`` loops: one process's timings vary by a few %).

    Returns
    -------
    run : callable
        ``run() -> {"floor": ns, "floor+2": ns, "floor+2+cov": ns, "eval C": ns,
        "floor nfev": nfev}`` for ``n`` fits (and ``20 n`` evaluations).
    """
    argv = [exe, str(n), str(repeats), str(M)] + [repr(float(v)) for v in np.concatenate([T, Y])]

    def run():
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()
        return {"floor": float(out[0]), "floor+2": float(out[1]), "floor+2+cov": float(out[2]),
                "eval C": float(out[3]), "floor nfev": int(out[4])}
    return run


# ---------------------------------------------------------------- report
def main():
    quick = quick_mode(__doc__)
    rounds, n, n_scipy, repeats = (5, 2000, 50, 1) if quick else (15, 10000, 500, 3)

    # The same path everywhere: MINPACK's evaluation counts (without the 2 at x0).
    p, _, info, _, ier = leastsq(residual, np.ones(N), args=(T, Y), full_output=True)
    nfev = {"leastsq": info["nfev"],
            "curve_fit": curve_fit(model, T, Y, np.ones(N), full_output=True)[2]["nfev"],
            "scipy leastsq": scipy.optimize.leastsq(residual_python, np.ones(N), args=(T, Y),
                                                    full_output=True)[2]["nfev"],
            "scipy curve_fit": scipy.optimize.curve_fit(model_python, T, Y, np.ones(N),
                                                        full_output=True)[2]["nfev"]}

    loops = {name: fit_loop(fit) for name, fit in [
        ("leastsq", _leastsq), ("leastsq inplace", _leastsq_inplace),
        ("leastsq full", _leastsq_full), ("curve_fit", _curve_fit),
        ("curve_fit unchecked", _curve_fit_unchecked)]}
    loops["native path"] = native_path(lmdif, residual)
    loops["native path inplace"] = native_path(lmdif_inplace, residual_inplace)
    evals = {"eval array": _eval_array, "eval wrapped": _eval_wrapped,
             "eval inplace": _eval_inplace}
    print("compiling the @njit loops ...", file=sys.stderr)
    for loop in loops.values():
        loop(2)                                             # compile outside the timings
    for e in evals.values():
        e(2, T, Y)
    print("measuring ...", file=sys.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        exe = build_native(tmp, "leastsq_floor.c", "minpack")
        t = time.perf_counter()
        runs = [timed(name, loop, n) for name, loop in loops.items()]
        runs += [timed(name, lambda k, e=e: e(k, T, Y), 20 * n) for name, e in evals.items()]
        runs += [native_floor(exe, n, repeats), timed("scipy leastsq", scipy_leastsq, n_scipy),
                 timed("scipy curve_fit", scipy_curve_fit, n_scipy)]
        ns = interleaved(runs, rounds)
        elapsed = time.perf_counter() - t

    nfev["floor"] = ns["floor nfev"]
    print("MINPACK's nfev per fit: %s\n(scijit and scipy evaluate twice more, at x0);"
          " ier %d; p %s"
          % (", ".join("%s %d" % kv for kv in nfev.items()), ier, p))
    lsq, cf = ns["leastsq"], ns["curve_fit"]
    print("\nPer fit inside @njit (min of %d rounds of %d fits; scipy %d fits)"
          % (rounds, n, n_scipy))
    print("  %-60s %9s  %s" % ("", "ns/fit", "ratio"))
    for name, label, base in [
            ("leastsq", "scijit leastsq, default", "floor+2"),
            ("leastsq inplace", "scijit leastsq, inplace=True", "floor+2"),
            ("leastsq full", "scijit leastsq, full_output=True", "floor+2+cov"),
            ("curve_fit", "scijit curve_fit, default", "floor+2+cov"),
            ("curve_fit unchecked", "scijit curve_fit, check_finite=False", "floor+2+cov"),
            ("native path", "scijit native-call path alone (lmdif intrinsic)", "floor"),
            ("native path inplace", "the same, in-place residual (lmdif_inplace)", "floor")]:
        print("  %-60s %9.0f  %.2fx %s" % (label, ns[name], ns[name] / ns[base], base))
    print("  %-60s %9.0f" % ("floor: C driver + C callback, %d evaluations" % ns["floor nfev"],
                             ns["floor"]))
    print("  %-60s %9.0f" % ("floor+2: the same + 2 evaluations at x0 (as scijit, scipy)",
                             ns["floor+2"]))
    print("  %-60s %9.0f" % ("floor+2+cov: the same + covariance (as curve_fit)",
                             ns["floor+2+cov"]))
    for name, mine, base in [("leastsq", lsq, "floor+2"), ("curve_fit", cf, "floor+2+cov")]:
        scipy_ns = ns["scipy " + name]
        print("  %-60s %9.0f  %.1fx of scijit, %.1fx of %s" % (
            "scipy.optimize.%s, Python loop, numpy callback" % name, scipy_ns,
            scipy_ns / mine, scipy_ns / ns[base], base))

    # Where the time goes: evaluations against MINPACK's own work, and what
    # each callback form adds to one evaluation.
    nev = ns["floor nfev"] + 2
    print("\n   Per evaluation of the residual (50 points): C %.0f ns; @njit in-place %.0f ns,"
          "\n   returning an array %.0f ns, curve_fit's wrapper out <- model(t, *p) - y %.0f ns."
          % (ns["eval C"], ns["eval inplace"], ns["eval array"], ns["eval wrapped"]))
    print("   floor+2 = %d evaluations (%.0f ns in C) + MINPACK's own work (%.0f ns);"
          " covariance in C %.0f ns."
          % (nev, nev * ns["eval C"], ns["floor+2"] - nev * ns["eval C"],
             ns["floor+2+cov"] - ns["floor+2"]))
    glue = ns["native path"] - ns["floor"]
    fixed = lsq - ns["native path"] - (ns["floor+2"] - ns["floor"])
    print("   Gap leastsq - floor+2 = %.0f ns = the native-call path's %.0f ns (%.0f per"
          " evaluation)\n   + %.0f ns per call (evaluations at x0 beyond C's, argument handling,"
          " workspace, covariance)."
          "\n   Gap curve_fit - floor+2+cov = %.0f ns; curve_fit - leastsq = %.0f ns." % (
              lsq - ns["floor+2"], glue, glue / ns["floor nfev"], fixed,
              cf - ns["floor+2+cov"], cf - lsq))

    rows = [
        ("scipy / scijit, leastsq in @njit", ns["scipy leastsq"] / lsq, "%.1fx", ">= 30x",
         lambda v: v >= 30),
        ("scipy / scijit, curve_fit in @njit", ns["scipy curve_fit"] / cf, "%.1fx", ">= 30x",
         lambda v: v >= 30),
        ("scijit leastsq / floor+2", lsq / ns["floor+2"], "%.2fx", "<= 1.3x",
         lambda v: v <= 1.3),
        ("scijit leastsq inplace / floor+2", ns["leastsq inplace"] / ns["floor+2"], "%.2fx",
         "<= 1.3x", lambda v: v <= 1.3),
        ("scijit curve_fit / floor+2+cov", cf / ns["floor+2+cov"], "%.2fx", "<= 1.3x",
         lambda v: v <= 1.3),
    ]
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
