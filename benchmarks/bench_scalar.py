"""Benchmark of ``scijit.optimize.brentq`` against scipy, quantecon and a native floor.

Run ``python benchmarks/bench_scalar.py [--quick]``.  It prints, in one run,
for two functions (f1(x) = x^3 - 2x - 5 on [2, 3] and f2(x) = cos(x) - x on
[0, 1]; brentq evaluates each 8 times):

1. the per-solve time of ``scijit.optimize.brentq`` in an ``@njit`` loop,
   with ``ridder`` and ``bisect`` as context rows, next to
2. ``scipy.optimize.brentq`` (``ridder``, ``bisect``) from a Python loop
   with a plain Python function,
3. quantecon's ``quantecon.optimize.root_finding.brentq`` (and
   ``newton_secant``, context) in an ``@njit`` loop in the same process, and
4. the native floor: ``native/brentq_floor.c``, compiled here with gcc, our
   own C transcription of scijit's brentq solver with the function a static
   C function (inlined, as numba inlines the user's function);
5. compile time of a first call and ``cache=True`` load time of an
   ``@njit`` caller of scijit's brentq, and of quantecon's, each in a fresh
   process with a temporary ``NUMBA_CACHE_DIR``, with the cache hits and
   misses numba counted and its warnings;
6. the cost of one call from plain Python, scijit against scipy (and
   quantecon, and numba's dispatch of a call with a function argument:
   context);

with the ``function_calls`` of every implementation next to its times, and a
summary of targets with PASS/MISS.  All use each routine's defaults (for the
bracketing methods scipy's xtol = 2e-12, rtol = 4 eps, maxiter = 100;
``newton_secant`` starts at the bracket's right end, tol = 1.48e-8).

quantecon is a benchmark-only install (``pip install quantecon``), not a
scijit dependency.

Timings are the minimum over rounds, and every round runs all the variants
in turn (see ``_harness``).  Every loop moves the bracket's right end by
1e-9 (i mod 7) and sums the roots, so nothing can be hoisted out of it.
"""
import glob
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import quantecon.optimize.root_finding as qe
import scipy.optimize
from numba import njit

from _harness import HERE, fresh, interleaved, quick_mode, summary, timed
from scijit.optimize import bisect, brentq, ridder


# ---------------------------------------------------------------- the functions
def f1(x):
    return x ** 3 - 2.0 * x - 5.0


def f2(x):
    return math.cos(x) - x


#: name -> (Python function, bracket [a, b], label); the order and names are
#: those of native/brentq_floor.c
CASES = {"f1": (f1, 2.0, 3.0, "f1(x) = x^3 - 2x - 5 on [2, 3]"),
         "f2": (f2, 0.0, 1.0, "f2(x) = cos(x) - x on [0, 1]")}

#: @njit variant -> label
NJIT = {"scijit brentq": "scijit brentq",
        "scijit ridder": "scijit ridder (context)",
        "scijit bisect": "scijit bisect (context)",
        "quantecon brentq": "quantecon brentq",
        "quantecon newton_secant": "quantecon newton_secant, x0 = b (context)"}
#: Python-loop variants of section 2
SCIPY = {"scipy brentq": scipy.optimize.brentq, "scipy ridder": scipy.optimize.ridder,
         "scipy bisect": scipy.optimize.bisect}


# ---------------------------------------------------------------- @njit loops
def njit_solves(f):
    """One solve of ``f`` over ``[a, b]`` per variant of :data:`NJIT`.

    Returns
    -------
    dict
        ``solve(a, b) -> root`` (numba dispatchers) by variant.
    """
    @njit
    def scijit_brentq(a, b):
        return brentq(f, a, b)

    @njit
    def scijit_ridder(a, b):
        return ridder(f, a, b)

    @njit
    def scijit_bisect(a, b):
        return bisect(f, a, b)

    @njit
    def quantecon_brentq(a, b):
        return qe.brentq(f, a, b).root

    @njit
    def quantecon_secant(a, b):
        return qe.newton_secant(f, b).root

    return {"scijit brentq": scijit_brentq, "scijit ridder": scijit_ridder,
            "scijit bisect": scijit_bisect, "quantecon brentq": quantecon_brentq,
            "quantecon newton_secant": quantecon_secant}


def njit_loop(solve, a, b):
    """``loop(n)``: ``n`` solves over [a, b + d] in @njit, d = 1e-9 (i mod 7),
    roots summed, so nothing is hoisted or optimised away."""
    @njit
    def loop(n):
        acc = 0.0
        for i in range(n):
            acc += solve(a, b + 1e-9 * (i % 7))
        return acc
    return loop


def function_calls(f, func, a, b):
    """``function_calls`` of every implementation on ``[a, b]``, by variant
    (scipy's and scijit's ``RootResults``, quantecon's results tuple)."""
    calls = {"scijit " + name: solve(f, a, b, full_output=True)[1].function_calls
             for name, solve in [("brentq", brentq), ("ridder", ridder), ("bisect", bisect)]}
    calls.update({name: solve(func, a, b, full_output=True)[1].function_calls
                  for name, solve in SCIPY.items()})
    calls["quantecon brentq"] = qe.brentq(f, a, b).function_calls
    calls["quantecon newton_secant"] = qe.newton_secant(f, b).function_calls
    return calls


# ---------------------------------------------------------------- Python loops
def python_loop(solve, func, a, b, results_tuple=False):
    """``loop(n)``: ``n`` calls ``solve(func, a, b + d)`` from Python, as in
    @njit (``results_tuple``: the root is the first item of the result)."""
    def loop(n):
        acc = 0.0
        for i in range(n):
            r = solve(func, a, b + 1e-9 * (i % 7))
            acc += r[0] if results_tuple else r
        return acc
    return loop


@njit
def takes_function(f, a, b):
    """Nothing but a call from Python with the function as argument (numba's
    dispatch of a function-typed argument, which quantecon's brentq pays)."""
    return a + b


# ---------------------------------------------------------------- the native floor
def build_floor(tmp):
    """Compile ``native/brentq_floor.c`` (no scijit library: the solver is in
    the file) with gcc -O2; returns the executable's path."""
    exe = os.path.join(tmp, "brentq_floor")
    subprocess.run(["gcc", "-O2", "-std=c11", "-o", exe,
                    os.path.join(HERE, "native", "brentq_floor.c"), "-lm"], check=True)
    return exe


def native_floor(exe, counts):
    """A measurement for :func:`interleaved`: the C floor, which times itself.

    Parameters
    ----------
    exe : str
        The compiled ``native/brentq_floor.c``.
    counts : list of int
        Solves per timing loop, one per case in the order of :data:`CASES`.

    Returns
    -------
    run : callable
        ``run() -> {"<case> floor": ns, "<case> floor calls": function_calls,
        "<case> floor root": root}``.
    """
    def run():
        out = subprocess.run([exe, "1", *map(str, counts)], capture_output=True, text=True,
                             check=True).stdout.split()
        found = {}
        for name, ns, calls, root in zip(out[0::4], out[1::4], out[2::4], out[3::4]):
            found[name + " floor"] = float(ns)
            found[name + " floor calls"] = int(calls)
            found[name + " floor root"] = float(root)
        return found
    return run


# ---------------------------------------------------------------- fresh processes
CALLER = '''
import json, sys, time, warnings
from numba import njit
from numba.core.errors import NumbaWarning
if sys.argv[2] == "quantecon":      # each imports its own (the trivial function's, scijit)
    import quantecon.optimize.root_finding as qe
else:
    from scijit.optimize import brentq
CACHE = sys.argv[1] == "cache"

@njit(cache=CACHE)
def f(x):
    return x ** 3 - 2.0 * x - 5.0

@njit(cache=CACHE)
def scijit_solve(d):
    return brentq(f, 2.0, 3.0 + d)

@njit(cache=CACHE)
def quantecon_solve(d):
    return qe.brentq(f, 2.0, 3.0 + d).root

@njit(cache=CACHE)
def trivial(d):
    return d + 1.0

function = {"scijit": scijit_solve, "quantecon": quantecon_solve, "trivial": trivial}[sys.argv[2]]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    t0 = time.perf_counter()
    function(0.0)
    seconds = time.perf_counter() - t0
stats = function.stats
with open("stats.json", "w") as fh:     # what numba counted, for the benchmark to read
    json.dump({"hits": sum(stats.cache_hits.values()),
               "misses": sum(stats.cache_misses.values()),
               "warnings": sorted({str(w.message).splitlines()[0] for w in caught
                                   if issubclass(w.category, NumbaWarning)})}, fh)
print(seconds)
'''


def compile_and_cache(tmp, repeats):
    """First-call compile and cache-load times in fresh processes, for
    callers of scijit's brentq and of quantecon's.

    Returns
    -------
    (dict, dict)
        Seconds by run (minimum over ``repeats``, each with a new empty cache
        directory), and by run what numba counted in it: ``{"hits", "misses",
        "warnings", "index files"}`` (the last repeat's: the caller's
        ``stats.cache_hits`` and ``cache_misses``, the NumbaWarnings its first
        call raised, and its ``.nbi`` files in the cache directory after the
        run).
    """
    best, stats = {}, {}

    def run(name, mode, which, cache):
        seconds, total = fresh(tmp, CALLER, mode, which, cache_dir=cache)
        best[name] = min(best.get(name, seconds), seconds)
        best[name + " process"] = min(best.get(name + " process", total), total)
        with open(os.path.join(tmp, "stats.json")) as fh:
            stats[name] = json.load(fh)
        caller = {"scijit": "scijit_solve", "quantecon": "quantecon_solve"}.get(which, which)
        stats[name]["index files"] = len(glob.glob(os.path.join(cache, "**", "*.%s-*.nbi"
                                                                % caller), recursive=True))
    for k in range(repeats):
        cache = os.path.join(tmp, "cache%d" % k)
        # nothing cached, not even scijit's own cache=True helpers
        run("cold", "nocache", "scijit", cache)
        # scijit's helpers now cached, as after any earlier use; this writes the caller's cache
        run("warm", "cache", "scijit", cache)
        run("load", "cache", "scijit", cache)
        run("trivial", "cache", "trivial", cache)
        run("trivial load", "cache", "trivial", cache)
        run("qe cold", "nocache", "quantecon", cache)
        run("qe first", "cache", "quantecon", cache)
        run("qe second", "cache", "quantecon", cache)
    return best, stats


# ---------------------------------------------------------------- report
def main():
    quick = quick_mode(__doc__)
    rounds, scale, repeats = (5, 0.2, 1) if quick else (20, 1.0, 2)
    n = int(scale * 200000)       # solves per @njit loop (~20-60 ms); Python loops far fewer
    n_scipy, n_python = int(scale * 5000), int(scale * 2000)

    print("compiling the @njit loops ...", file=sys.stderr)
    runs, calls, roots = [], {}, {}
    for name, (func, a, b, _) in CASES.items():
        f = njit(func)
        loops = [(name + " " + key, njit_loop(solve, a, b), n)
                 for key, solve in njit_solves(f).items()]
        loops += [(name + " " + key, python_loop(solve, func, a, b), n_scipy)
                  for key, solve in SCIPY.items()]
        loops += [(name + " py scijit", python_loop(brentq, f, a, b), n_python),
                  (name + " py scipy", python_loop(scipy.optimize.brentq, func, a, b), n_python),
                  (name + " py quantecon", python_loop(qe.brentq, f, a, b, True), n_python),
                  (name + " py takes_function", python_loop(takes_function, f, a, b), n_python)]
        for key, loop, count in loops:
            loop(3)                                         # compile outside the timings
            runs.append(timed(key, loop, count))
        calls[name] = function_calls(f, func, a, b)
        roots[name] = (brentq(f, a, b), scipy.optimize.brentq(func, a, b),
                       qe.brentq(f, a, b).root)
    print("measuring ...", file=sys.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        runs.append(native_floor(build_floor(tmp), [n, n]))
        t = time.perf_counter()
        ns = interleaved(runs, rounds)
        comp, stats = compile_and_cache(tmp, repeats)
        elapsed = time.perf_counter() - t

    print("brentq roots equal to scipy's (bit for bit): " + ", ".join(
        "%s: scijit %s, quantecon %s, floor %s" % (
            name, roots[name][0] == roots[name][1], roots[name][2] == roots[name][1],
            ns[name + " floor root"] == roots[name][1]) for name in CASES))
    rows = []
    print("\n1-4. Per solve inside @njit, ns (min of %d rounds of %d solves; scipy: %d)"
          % (rounds, n, n_scipy))
    print("  %-50s %8s %6s %10s %10s" % ("", "ns", "calls", "/ floor", "/ scijit"))
    for name, (_, _, _, label) in CASES.items():
        r = {k[len(name) + 1:]: v for k, v in ns.items() if k.startswith(name + " ")}
        c = dict(calls[name], floor=r["floor calls"])
        floor, default = r["floor"], r["scijit brentq"]
        print("  %s" % label)
        table = list(NJIT.items()) + [("floor", "floor: C brentq + static C function")]
        table += [(key, key + ", Python loop, Python f") for key in SCIPY]
        for key, text in table:
            print("    %-48s %8.0f %6d %9.2fx %9.2fx" % (text, r[key], c[key], r[key] / floor,
                                                       r[key] / default))
        rows += [("%s: scipy (Python f) / scijit" % name, r["scipy brentq"] / default, "%.1fx",
                  ">= 30x", lambda v: v >= 30),
                 ("%s: quantecon / scijit, brentq" % name, r["quantecon brentq"] / default,
                  "%.2fx", "> 1x", lambda v: v > 1),
                 ("%s: scijit / floor" % name, default / floor, "%.2fx", "<= 1.3x",
                  lambda v: v <= 1.3)]
        print("    solve time / function_calls: scijit %.1f ns, quantecon %.1f ns, floor %.1f ns,"
              " scipy %.0f ns"
              % (default / c["scijit brentq"], r["quantecon brentq"] / c["quantecon brentq"],
                 floor / c["floor"], r["scipy brentq"] / c["scipy brentq"]))

    print("\n5. Compile and cache (fresh processes, temporary NUMBA_CACHE_DIR; min of %d)"
          % repeats)
    print("  %-64s %7s  %s" % ("", "s", "cache hits, misses; .nbi"))
    for key, label in [
            ("cold", "scijit: first call of an @njit caller of brentq, nothing cached"),
            ("warm", "scijit: the same, cache=True, scijit's own helpers cached"),
            ("load", "scijit: cache=True caller, next process: first call"),
            ("load process", "  its whole process (start to exit)"),
            ("trivial", "first call of a trivial @njit function (context)"),
            ("trivial load", "cache=True trivial function: first call, loads (context)"),
            ("qe cold", "quantecon: first call of an @njit caller of brentq"),
            ("qe first", "quantecon: the same, cache=True"),
            ("qe second", "quantecon: cache=True caller, next process: first call"),
            ("qe second process", "  its whole process (start to exit)")]:
        s = stats.get(key)
        counted = "" if s is None else "%d, %d; %d" % (s["hits"], s["misses"], s["index files"])
        print("  %-64s %7.3f  %s" % (label, comp[key], counted))
    warned = {}
    for key, s in stats.items():
        for message in s["warnings"]:
            warned.setdefault(message, []).append(key)
    for message, keys in warned.items():
        print("  NumbaWarning (%s): %s" % (", ".join(keys), message))
    rows += [("compile, first call, nothing cached", comp["cold"], "%.2f s", "<= 2 s",
              lambda v: v <= 2),
             ("compile, first call, helpers cached", comp["warm"], "%.2f s", "<= 2 s",
              lambda v: v <= 2),
             ("cache=True load", comp["load"], "%.3f s", "<= 0.1 s", lambda v: v <= 0.1),
             ("cache=True load - trivial cached load", comp["load"] - comp["trivial load"],
              "%.3f s", "<= 0.1 s", lambda v: v <= 0.1),
             ("cache=True load: numba's cache hits", stats["load"]["hits"], "%d", ">= 1",
              lambda v: v >= 1)]

    print("\n6. One call from plain Python, us (min of %d rounds of %d calls)"
          % (rounds, n_python))
    for name, (_, _, _, label) in CASES.items():
        s, p, q = (ns[name + " py " + k] for k in ["scijit", "scipy", "quantecon"])
        print("  %-34s scijit %6.2f   scipy %6.2f   %5.2fx   (quantecon %6.2f)"
              % (label, s / 1e3, p / 1e3, s / p, q / 1e3))
        rows.append(("%s: Python call, scijit / scipy" % name, s / p, "%.2fx", "<= 1x",
                     lambda v: v <= 1))
    print("  context: a trivial @njit function called with the function as argument: %.2f us"
          % (ns["f1 py takes_function"] / 1e3))
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
