"""Benchmark of ``scijit.optimize.minimize_scalar`` against scipy, quantecon and a native floor.

Run ``python benchmarks/bench_minimize_scalar.py [--quick]``.  It prints, in
one run, for f(x, c) = (x - c) x (x + 2)^2 (scipy's docstring example, c = 2
moved by 1e-9 (i mod 7) per solve so nothing is hoisted):

1. the per-solve time in an ``@njit`` loop of scijit's ``minimize_scalar``
   with 'brent' (from the default bracket search), 'golden' and 'bounded' on
   [-3, -1], and ``fminbound`` (the bounded method without a result
   object), next to
2. quantecon's ``quantecon.optimize.brent_max`` (a jitted port of scipy's
   fminbound, maximising -f) in an ``@njit`` loop in the same process: the
   numba peer of the bounded method,
3. scipy's ``minimize_scalar`` (and ``fminbound``) from a Python loop with
   the same function as a plain Python function, and
4. the native floor of the bounded method: ``native/bounded_floor.c``,
   compiled here with gcc, our own C transcription of scijit's bounded
   solver with the function a static C function;
5. compile time of a first call and ``cache=True`` load of an ``@njit``
   caller of minimize_scalar in fresh processes;
6. the cost of one call from plain Python, scijit against scipy;

with every implementation's nfev next to its times (equal: the same
algorithm) and a summary of targets.  quantecon is a benchmark-only install
(``pip install quantecon``), not a scijit dependency.  Timings are minima
over interleaved rounds (see ``_harness``).
"""
import os
import subprocess
import sys
import tempfile
import time

import quantecon.optimize as qe
import scipy.optimize
from numba import njit

from _harness import HERE, fresh, interleaved, quick_mode, summary, timed
from scijit.optimize import fminbound, minimize_scalar


def cost(x, c):
    return (x - c) * x * ((x + 2.0) * (x + 2.0))


def neg_cost(x, c):
    return -((x - c) * x * ((x + 2.0) * (x + 2.0)))


f = njit(cost)
g = njit(neg_cost)
BOUNDS = (-3.0, -1.0)


# ---------------------------------------------------------------- @njit loops
@njit
def _brent(c):
    return minimize_scalar(f, args=(c,)).x


@njit
def _golden(c):
    return minimize_scalar(f, args=(c,), method="golden").x


@njit
def _bounded(c):
    return minimize_scalar(f, bounds=(-3.0, -1.0), args=(c,)).x


@njit
def _fminbound(c):
    return fminbound(f, -3.0, -1.0, (c,))


@njit
def _quantecon(c):
    return qe.brent_max(g, -3.0, -1.0, args=(c,))[0]


#: @njit variant -> (solve(c) -> x, label)
NJIT = {"brent": (_brent, "scijit minimize_scalar brent (bracket search from (0, 1))"),
        "golden": (_golden, "scijit minimize_scalar golden (context)"),
        "bounded": (_bounded, "scijit minimize_scalar bounded on [-3, -1]"),
        "fminbound": (_fminbound, "scijit fminbound on [-3, -1] (no result object)"),
        "quantecon": (_quantecon, "quantecon brent_max(-f) on [-3, -1]")}


def njit_loop(solve):
    """``loop(n)``: ``n`` solves in @njit, c = 2 + 1e-9 (i mod 7), summed."""
    @njit
    def loop(n):
        acc = 0.0
        for i in range(n):
            acc += solve(2.0 + 1e-9 * (i % 7))
        return acc
    return loop


def python_loop(solve):
    def loop(n):
        acc = 0.0
        for i in range(n):
            acc += solve(2.0 + 1e-9 * (i % 7))
        return acc
    return loop


#: Python-loop variants: scipy with the plain Python function, and scijit's Python entry
PYTHON = {
    "scipy brent": lambda c: scipy.optimize.minimize_scalar(cost, args=(c,)).x,
    "scipy golden": lambda c: scipy.optimize.minimize_scalar(cost, args=(c,),
                                                             method="golden").x,
    "scipy bounded": lambda c: scipy.optimize.minimize_scalar(cost, bounds=BOUNDS, args=(c,)).x,
    "scipy fminbound": lambda c: scipy.optimize.fminbound(cost, -3.0, -1.0, (c,)),
    "py scijit bounded": lambda c: minimize_scalar(f, bounds=BOUNDS, args=(c,)).x,
    "py scipy bounded": lambda c: scipy.optimize.minimize_scalar(cost, bounds=BOUNDS,
                                                                 args=(c,)).x,
}


def nfevs():
    """nfev of each implementation at c = 2."""
    out = {"brent": minimize_scalar(f, args=(2.0,)).nfev,
           "golden": minimize_scalar(f, args=(2.0,), method="golden").nfev,
           "bounded": minimize_scalar(f, bounds=BOUNDS, args=(2.0,)).nfev,
           "fminbound": fminbound(f, -3.0, -1.0, (2.0,), full_output=True)[3],
           "quantecon": qe.brent_max(g, -3.0, -1.0, args=(2.0,))[2][1]}
    for key in ("brent", "golden", "bounded"):
        kw = {"bounds": BOUNDS} if key == "bounded" else {"method": key}
        out["scipy " + key] = scipy.optimize.minimize_scalar(cost, args=(2.0,), **kw).nfev
    out["scipy fminbound"] = scipy.optimize.fminbound(cost, -3.0, -1.0, (2.0,),
                                                      full_output=True)[3]
    return out


# ---------------------------------------------------------------- the native floor
def native_floor(tmp, n):
    exe = os.path.join(tmp, "bounded_floor")
    subprocess.run(["gcc", "-O2", "-std=c11", "-o", exe,
                    os.path.join(HERE, "native", "bounded_floor.c"), "-lm"], check=True)

    def run():
        name, ns, nfev, x = subprocess.run([exe, "1", str(n)], capture_output=True, text=True,
                                           check=True).stdout.split()
        return {"floor": float(ns), "floor nfev": int(nfev), "floor x": float(x)}
    return run


# ---------------------------------------------------------------- fresh processes
CALLER = '''
import sys, time
from numba import njit
from scijit.optimize import minimize_scalar
CACHE = sys.argv[1] == "cache"

@njit(cache=CACHE)
def f(x, c):
    return (x - c) * x * ((x + 2.0) * (x + 2.0))

@njit(cache=CACHE)
def solve(c):
    return minimize_scalar(f, bounds=(-3.0, -1.0), args=(c,)).x

t0 = time.perf_counter()
solve(2.0)
print(time.perf_counter() - t0)
'''


def compile_and_cache(tmp, repeats):
    best = {}
    for k in range(repeats):
        cache = os.path.join(tmp, "cache%d" % k)
        for name, mode in (("cold", "nocache"), ("warm", "cache"), ("load", "cache")):
            seconds, _ = fresh(tmp, CALLER, mode, cache_dir=cache)
            best[name] = min(best.get(name, seconds), seconds)
    return best


# ---------------------------------------------------------------- report
def main():
    quick = quick_mode(__doc__)
    rounds, scale, repeats = (5, 0.2, 1) if quick else (20, 1.0, 2)
    n = int(scale * 100000)
    n_python = int(scale * 2000)
    print("compiling the @njit loops ...", file=sys.stderr)
    runs = []
    for key, (solve, _) in NJIT.items():
        loop = njit_loop(solve)
        loop(3)
        runs.append(timed(key, loop, n))
    for key, solve in PYTHON.items():
        loop = python_loop(solve)
        loop(3)
        runs.append(timed(key, loop, n_python))
    counts = nfevs()
    xs = {"scijit": minimize_scalar(f, bounds=BOUNDS, args=(2.0,)).x,
          "scipy": scipy.optimize.minimize_scalar(cost, bounds=BOUNDS, args=(2.0,)).x,
          "quantecon": qe.brent_max(g, -3.0, -1.0, args=(2.0,))[0]}
    with tempfile.TemporaryDirectory() as tmp:
        runs.append(native_floor(tmp, n))
        t = time.perf_counter()
        ns = interleaved(runs, rounds)
        comp = compile_and_cache(tmp, repeats)
        elapsed = time.perf_counter() - t
    counts["floor"] = ns["floor nfev"]
    print("bounded x equal to scipy's (bit for bit): scijit %s, quantecon %s, floor %s"
          % (xs["scijit"] == xs["scipy"], xs["quantecon"] == xs["scipy"],
             ns["floor x"] == xs["scipy"]))
    print("\n1-4. Per solve, ns (min of %d rounds; @njit loops of %d, Python loops of %d)"
          % (rounds, n, n_python))
    print("  %-58s %9s %5s %9s" % ("", "ns", "nfev", "/ floor"))
    floor = ns["floor"]
    for key, (_, label) in NJIT.items():
        print("  %-58s %9.0f %5d %8.2fx" % (label, ns[key], counts[key], ns[key] / floor))
    print("  %-58s %9.0f %5d %8.2fx" % ("floor: C bounded + static C function", floor,
                                        counts["floor"], 1.0))
    for key in ("brent", "golden", "bounded", "fminbound"):
        s = ns["scipy " + key]
        print("  %-58s %9.0f %5d %8.1fx scijit" % ("scipy %s, Python loop, Python f" % key, s,
                                                  counts["scipy " + key],
                                                  s / ns[key]))
    rows = [("scipy / scijit, brent", ns["scipy brent"] / ns["brent"], "%.0fx", ">= 30x",
             lambda v: v >= 30),
            ("scipy / scijit, bounded", ns["scipy bounded"] / ns["bounded"], "%.0fx", ">= 30x",
             lambda v: v >= 30),
            ("quantecon brent_max / scijit fminbound", ns["quantecon"] / ns["fminbound"],
             "%.2fx", "> 1x", lambda v: v > 1),
            ("quantecon brent_max / scijit bounded", ns["quantecon"] / ns["bounded"],
             "%.2fx", "> 1x", lambda v: v > 1),
            ("scijit bounded / floor", ns["bounded"] / floor, "%.2fx", "<= 1.3x",
             lambda v: v <= 1.3)]
    print("\n5. Compile and cache of an @njit caller (fresh processes; min of %d)" % repeats)
    for key, label in (("cold", "first call, nothing cached"),
                       ("warm", "first call, scijit's helpers cached"),
                       ("load", "cache=True caller, next process")):
        print("  %-40s %7.3f s" % (label, comp[key]))
    rows += [("compile, first call, helpers cached", comp["warm"], "%.2f s", "<= 2 s",
              lambda v: v <= 2),
             ("cache=True load", comp["load"], "%.3f s", "<= 0.2 s", lambda v: v <= 0.2)]
    s, p = ns["py scijit bounded"], ns["py scipy bounded"]
    print("\n6. One call from plain Python (bounded): scijit %.2f us, scipy %.2f us (%.2fx)"
          % (s / 1e3, p / 1e3, s / p))
    rows.append(("Python call, scijit / scipy", s / p, "%.2fx", "<= 1x", lambda v: v <= 1))
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
