"""Benchmark of ``scijit.optimize.fsolve`` against scipy and a native floor.

Run ``python benchmarks/bench_fsolve.py [--quick]``.  It prints, in one run:

1. the per-solve time of ``scijit.optimize.fsolve`` in an ``@njit`` loop
   (default, ``validate=False``, ``full_output=True``), next to
2. ``scipy.optimize.fsolve`` from a Python loop with a numpy callback and
3. the native floor: ``native/fsolve_floor.c``, compiled here with gcc, calls
   the same vendored MINPACK routine with a C callback;
4. compile time of a first call and ``cache=True`` load time, each in a
   fresh process with an empty temporary ``NUMBA_CACHE_DIR``;
5. the cost of one call from plain Python, scijit against scipy;
6. ``import`` times in a fresh process;

and a summary of targets with PASS/MISS.  The system is always
f(x) = [x0 + 2 x1 - 2, x0^2 + 4 x1^2 - 4] from x0 = [1, 2] (13 evaluations
for MINPACK, plus the 2 that fsolve, like scipy, makes at x0 first).

Timings are the minimum over rounds, and every round runs all the variants
in turn: the machine may be shared, and a busy neighbour then slows a whole
round rather than one variant.  Subprocesses run in a temporary directory so
that they import the installed scijit, never a source tree on the path.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy.optimize
from numba import njit

import lowering.libraries as L
import scijit
from lowering.minpack import hybrd
from lowering.transforms import with_shape
from scijit.optimize import fsolve

HERE = os.path.dirname(os.path.abspath(__file__))
XTOL = 1.49012e-08                 # fsolve's defaults, as the C floor uses them
EPS = float(np.finfo(np.float64).eps)


# ---------------------------------------------------------------- the reference system
@njit
def f(x):
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0])


@njit
def f_tuple(x):
    """``f`` returning a tuple: no array allocated per evaluation."""
    return (x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0)


def f_python(x):
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0])


# ---------------------------------------------------------------- @njit solve loops
def solve_loop(solve):
    """An @njit loop of ``n`` solves ``solve(x0)``; returns a checksum.

    The start varies slightly per solve, so nothing can be hoisted out of the
    loop, and the results are summed, so nothing is optimised away.
    """
    @njit
    def loop(n):
        acc = 0.0
        x0 = np.empty(2)
        for i in range(n):
            x0[0] = 1.0
            x0[1] = 2.0 + 1e-9 * (i % 7)
            acc += solve(x0)
        return acc
    return loop


@njit
def _default(x0):
    x = fsolve(f, x0)
    return x[0] + x[1]


@njit
def _no_validate(x0):
    x = fsolve(f, x0, validate=False)
    return x[0] + x[1]


@njit
def _full_output(x0):
    x, info, ier, mesg = fsolve(f, x0, full_output=True)
    return x[0] + x[1] + ier + info["nfev"] + info["fjac"][0, 0]


@njit
def _tuple_callback(x0):
    x = fsolve(f_tuple, x0)
    return x[0] + x[1]


@njit
def native_path_loop(n):
    """scijit's native-call path alone: ``lowering.minpack.hybrd`` (the
    intrinsic fsolve calls) with a tuple callback and the workspace allocated
    once, i.e. fsolve without its argument handling, checks and allocations."""
    acc = 0.0
    x, fvec, diag, qtf = np.empty(2), np.empty(2), np.empty(2), np.empty(2)
    fjac, r, wa = np.empty((2, 2)), np.empty(3), np.empty(8)
    payload = ((), (2,), False)    # (args, shape f sees x in, col_deriv)
    for i in range(n):
        x[0] = 1.0
        x[1] = 2.0 + 1e-9 * (i % 7)
        hybrd(f_tuple, payload, 2, x, fvec, XTOL, 600, 1, 1, EPS, diag, 1, 100.0, fjac, 2,
              r, 3, qtf, wa)
        acc += x[0] + x[1]
    return acc


# ---------------------------------------------------------------- @njit evaluation loops
def eval_loop(evaluate):
    """An @njit loop of ``n`` evaluations ``evaluate(x)``: the per-evaluation
    costs the solver's callback path adds to the user's arithmetic."""
    @njit
    def loop(n):
        x, out = np.ones(2), np.zeros(2)
        for i in range(n):
            x[1] = 1.0 + 1e-9 * (i % 7)
            r = evaluate(x)
            out[0] += r[0]
            out[1] += r[1]
        return out[0] + out[1]
    return loop


@njit
def _eval_tuple(x):
    return f_tuple(x)


@njit
def _eval_array(x):
    return f(x)


@njit
def _eval_reshaped(x):
    # what the callback glue does before each call (x in the user's shape)
    return f_tuple(with_shape(x, (x.size,)))


# ---------------------------------------------------------------- Python loops
def scipy_loop(n):
    acc = 0.0
    for i in range(n):
        x = scipy.optimize.fsolve(f_python, np.array([1.0, 2.0 + 1e-9 * (i % 7)]))
        acc += x[0] + x[1]
    return acc


def python_scijit(n):
    for _ in range(n):
        fsolve(f, [1.0, 2.0])


def python_scipy(n):
    for _ in range(n):
        scipy.optimize.fsolve(f_python, [1.0, 2.0])


# ---------------------------------------------------------------- timing
def timed(name, loop, n):
    """A round's measurement: ns per item of ``loop(n)``."""
    def run():
        t0 = time.perf_counter_ns()
        loop(n)
        return {name: (time.perf_counter_ns() - t0) / n}
    return run


def native_floor(exe, n):
    """A round's measurement of the C floor (it times itself)."""
    def run():
        out = subprocess.run([exe, str(n), "1"], capture_output=True, text=True,
                             check=True).stdout.split()
        return {"floor": float(out[0]), "floor+2": float(out[1]), "floor nfev": int(out[2])}
    return run


def interleaved(runs, rounds):
    """Minimum of each measurement over ``rounds`` rounds of all ``runs`` in turn."""
    best = {}
    for _ in range(rounds):
        for run in runs:
            for name, value in run().items():
                best[name] = min(best.get(name, value), value)
    return best


def build_floor(tmp):
    """Compile native/fsolve_floor.c against the installed MINPACK library."""
    lib = L.library_path("minpack")
    libdir, exe = os.path.dirname(lib), os.path.join(tmp, "fsolve_floor")
    subprocess.run(["gcc", "-O2", "-std=c11", "-o", exe,
                    os.path.join(HERE, "native", "fsolve_floor.c"),
                    "-L" + libdir, "-l:" + os.path.basename(lib), "-Wl,-rpath," + libdir],
                   check=True)
    return exe


# ---------------------------------------------------------------- fresh processes
CALLER = '''
import sys, time
import numpy as np
from numba import njit
from scijit.optimize import fsolve
CACHE = sys.argv[1] == "cache"

@njit(cache=CACHE)
def f(x):
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0])

@njit(cache=CACHE)
def solve(a):
    return fsolve(f, np.array([1.0, a]))

t0 = time.perf_counter()
solve(2.0)
print(time.perf_counter() - t0)
'''

TRIVIAL = '''
import time
from numba import njit

@njit
def g(x):
    return x + 1.0

t0 = time.perf_counter()
g(1.0)
print(time.perf_counter() - t0)
'''


def fresh(tmp, code, *argv, cache_dir=None):
    """Run ``code`` in a fresh Python; returns (its printed seconds, process seconds)."""
    script = os.path.join(tmp, "fresh_%d.py" % abs(hash(code)))
    if not os.path.exists(script):      # rewriting it would make numba's cache stale
        with open(script, "w") as fh:
            fh.write(code)
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir or os.path.join(tmp, "unused-cache"))
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, script, *argv], cwd=tmp, env=env, capture_output=True,
                         text=True, check=True).stdout
    return float(out.split()[-1]), time.perf_counter() - t0


def compile_and_cache(tmp, repeats):
    """First-call and cache-load times; minimum over ``repeats`` fresh cache dirs."""
    best = {}

    def keep(name, value):
        best[name] = min(best.get(name, value), value)
    for k in range(repeats):
        cache = os.path.join(tmp, "cache%d" % k)
        keep("trivial", fresh(tmp, TRIVIAL)[0])
        # nothing cached, not even scijit's own cache=True helpers
        keep("cold", fresh(tmp, CALLER, "nocache", cache_dir=cache)[0])
        # scijit's helpers now cached, as after any earlier use; this writes the caller's cache
        keep("warm", fresh(tmp, CALLER, "cache", cache_dir=cache)[0])
        load, total = fresh(tmp, CALLER, "cache", cache_dir=cache)
        keep("load", load)
        keep("load process", total)
    return best


def import_times(tmp, repeats):
    """Seconds for each import statement in a fresh process (minimum of ``repeats``)."""
    stmts = ["import scijit", "from scijit.optimize import fsolve", "import numba"]
    code = "import sys, time\nt0 = time.perf_counter()\nexec(sys.argv[1])\n" \
           "print(time.perf_counter() - t0)\n"
    return {s: min(fresh(tmp, code, s)[0] for _ in range(repeats)) for s in stmts}


# ---------------------------------------------------------------- report
def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (about 4x faster)")
    quick = parser.parse_args().quick
    rounds, n, n_scipy, n_python, repeats = (5, 5000, 50, 300, 1) if quick else \
        (15, 20000, 200, 1000, 3)

    x, info, ier, _ = fsolve(f, [1.0, 2.0], full_output=True)
    print("scijit %s (%s), numpy %s, scipy %s, python %s" % (
        scijit.__version__, os.path.dirname(scijit.__file__), np.__version__,
        scipy.__version__, sys.version.split()[0]))

    solves = {"default (validate=True)": _default, "validate=False": _no_validate,
              "full_output=True": _full_output, "tuple callback": _tuple_callback}
    evals = {"tuple": _eval_tuple, "array": _eval_array, "reshaped": _eval_reshaped}
    loops = {name: solve_loop(s) for name, s in solves.items()}
    loops["native path"] = native_path_loop
    loops.update({"eval " + name: eval_loop(e) for name, e in evals.items()})
    for loop in loops.values():
        loop(10)                                            # compile outside the timings
    python_scijit(1)

    with tempfile.TemporaryDirectory() as tmp:
        exe = build_floor(tmp)
        t = time.perf_counter()
        runs = [timed(name, loop, 50 * n if name.startswith("eval") else n)
                for name, loop in loops.items()]
        runs += [native_floor(exe, n), timed("scipy", scipy_loop, n_scipy)]
        ns = interleaved(runs, rounds)
        py = interleaved([timed("scijit", python_scijit, n_python),
                          timed("scipy", python_scipy, n_python)], rounds)
        comp = compile_and_cache(tmp, repeats)
        imp = import_times(tmp, 2 * repeats + 1)
        elapsed = time.perf_counter() - t

    floor, floor2 = ns["floor"], ns["floor+2"]
    print("nfev per solve: scijit %d (MINPACK's + 2 at x0), native floor %d; ier %d; x %s"
          % (info["nfev"], ns["floor nfev"], ier, x))
    print("\n1-3. Per solve inside @njit (min of %d rounds of %d solves)" % (rounds, n))
    print("  %-50s %10s %12s" % ("", "ns/solve", "ratio"))
    for name, base, base_name in [("default (validate=True)", floor2, "floor+2"),
                                  ("validate=False", floor, "floor"),
                                  ("full_output=True", floor2, "floor+2"),
                                  ("tuple callback", floor2, "floor+2"),
                                  ("native path", floor, "floor")]:
        label = {"tuple callback": "default, callback returns a tuple (no allocation)",
                 "native path": "scijit's native-call path alone (see source)"}.get(name, name)
        print("  scijit %-43s %10.0f %7.2fx %s" % (label, ns[name], ns[name] / base, base_name))
    print("  %-50s %10.0f" % ("native floor: C driver, C callback (13 evals)", floor))
    print("  %-50s %10.0f" % ("native floor + 2 evaluations at x0 (15 evals)", floor2))
    print("  %-50s %10.0f %7.1fx scijit default" % (
        "scipy.optimize.fsolve, Python loop", ns["scipy"], ns["scipy"] / ns[
            "default (validate=True)"]))
    print("  %-50s %10s %7.1fx floor+2" % ("", "", ns["scipy"] / floor2))

    alloc = ns["eval array"] - ns["eval tuple"]
    reshape = ns["eval reshaped"] - ns["eval tuple"]
    gap = ns["default (validate=True)"] - floor2
    print("\n   Per evaluation in a plain @njit loop (ns): f returning a tuple %.1f;"
          " + result array %.1f;\n   + x.reshape as the callback glue does %.1f."
          " Gap default - floor+2 = %.0f ns, of which\n   15 result arrays ~%.0f ns,"
          " 15 reshapes ~%.0f ns." % (ns["eval tuple"], alloc, reshape, gap, 15 * alloc,
                                      15 * reshape))

    print("\n4. Compile and cache (fresh processes, empty NUMBA_CACHE_DIR; min of %d)" % repeats)
    print("  %-62s %8.2f s" % ("first call of an @njit caller of fsolve, nothing cached",
                               comp["cold"]))
    print("  %-62s %8.2f s" % ("same, scijit's own cache=True helpers already cached",
                               comp["warm"]))
    print("  %-62s %8.2f s" % ("first call of a trivial @njit function (context)",
                               comp["trivial"]))
    print("  %-62s %8.3f s" % ("cache=True caller: load on first call in a new process",
                               comp["load"]))
    print("  %-62s %8.2f s" % ("  that whole process (start, imports, load, exit)",
                               comp["load process"]))

    print("\n5. One call from plain Python (min of %d rounds of %d calls)" % (rounds, n_python))
    print("  %-50s %10.1f us" % ("scijit.optimize.fsolve(f_njit, [1.0, 2.0])", py["scijit"] / 1e3))
    print("  %-50s %10.1f us" % ("scipy.optimize.fsolve(f_python, [1.0, 2.0])", py["scipy"] / 1e3))

    print("\n6. Import in a fresh process (min of %d)" % (2 * repeats + 1))
    for stmt, seconds in imp.items():
        print("  %-50s %10.3f s" % (stmt, seconds))

    rows = [
        ("scipy / scijit, in @njit (default)", ns["scipy"] / ns["default (validate=True)"],
         "%.1fx", ">= 50x", lambda v: v >= 50),
        ("scijit default / (floor + 2 evals)", ns["default (validate=True)"] / floor2,
         "%.2fx", "<= 1.3x", lambda v: v <= 1.3),
        ("scijit validate=False / floor", ns["validate=False"] / floor,
         "%.2fx", "<= 1.3x", lambda v: v <= 1.3),
        ("compile, first call, nothing cached", comp["cold"], "%.2f s", "<= 2 s",
         lambda v: v <= 2),
        ("cache=True load", comp["load"], "%.3f s", "<= 0.1 s", lambda v: v <= 0.1),
        ("Python call, scijit / scipy", py["scijit"] / py["scipy"], "%.2fx", "<= 1x",
         lambda v: v <= 1),
        ("import scijit", imp["import scijit"], "%.3f s", "<= 0.5 s", lambda v: v <= 0.5),
    ]
    print("\nSummary")
    print("  %-40s %10s %10s  %s" % ("measure", "value", "target", "result"))
    for name, value, fmt, target, ok in rows:
        print("  %-40s %10s %10s  %s" % (name, fmt % value, target,
                                         "PASS" if ok(value) else "MISS"))
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
