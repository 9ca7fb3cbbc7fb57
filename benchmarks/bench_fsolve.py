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
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy.optimize
from numba import njit

from _harness import build_native, fresh, interleaved, quick_mode, summary, timed
from lowering.minpack import hybrd
from lowering.transforms import with_shape
from scijit.optimize import fsolve

XTOL = 1.49012e-08                 # fsolve's defaults, as the C floor uses them
EPS = float(np.finfo(np.float64).eps)


# ---------------------------------------------------------------- the reference system
@njit
def f(x):
    """The reference system, as a user would write it (returns a new array)."""
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0])


@njit
def f_tuple(x):
    """``f`` returning a tuple: no array allocated per evaluation."""
    return (x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0)


@njit
def f_inplace(x, out):
    """``f`` in scijit's in-place form (``inplace=True``): writes ``out``."""
    out[0] = x[0] + 2.0 * x[1] - 2.0
    out[1] = x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0


def f_python(x):
    """``f`` for scipy: plain Python and numpy."""
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0])


# ---------------------------------------------------------------- @njit solve loops
def solve_loop(solve):
    """An @njit loop of solves.

    Parameters
    ----------
    solve : numba dispatcher
        ``solve(x0) -> float``: one solve from ``x0``, reduced to a number.

    Returns
    -------
    loop : numba dispatcher
        ``loop(n) -> float``: ``n`` solves from starts that vary slightly, so
        nothing can be hoisted, summed, so nothing is optimised away.
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
def _inplace_callback(x0):
    x = fsolve(f_inplace, x0, inplace=True)
    return x[0] + x[1]


@njit
def _tuple_callback(x0):
    x = fsolve(f_tuple, x0)
    return x[0] + x[1]


@njit
def native_path_loop(n):
    """scijit's native-call path alone: ``lowering.minpack.hybrd`` (the
    intrinsic fsolve calls) with a tuple callback and the kept arrays
    allocated once, i.e. fsolve without its argument handling, checks and
    allocations (the table's size checks and the stack work array stay)."""
    acc = 0.0
    x, fvec, diag, qtf = np.empty(2), np.empty(2), np.empty(2), np.empty(2)
    fjac, r = np.empty((2, 2)), np.empty(3)
    payload = ((), (2,), False)    # (args, shape f sees x in, col_deriv)
    for i in range(n):
        x[0] = 1.0
        x[1] = 2.0 + 1e-9 * (i % 7)
        hybrd(f_tuple, payload, 2, x, fvec, XTOL, 600, 1, 1, EPS, diag, 1, 100.0, fjac, 2,
              r, qtf)
        acc += x[0] + x[1]
    return acc


# ---------------------------------------------------------------- @njit evaluation loops
def eval_loop(evaluate):
    """An @njit loop of evaluations, to price what a callback path adds to one.

    Parameters
    ----------
    evaluate : numba dispatcher
        ``evaluate(x) -> (f0, f1)`` (a tuple or an array).

    Returns
    -------
    loop : numba dispatcher
        ``loop(n) -> float``: ``n`` evaluations at slightly varying ``x``, summed.
    """
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
def native_floor(exe, n):
    """A measurement for :func:`interleaved`: the C floor, which times itself.

    Returns
    -------
    run : callable
        ``run() -> {"floor": ns, "floor+2": ns, "floor nfev": nfev}`` for ``n`` solves.
    """
    def run():
        out = subprocess.run([exe, str(n), "1"], capture_output=True, text=True,
                             check=True).stdout.split()
        return {"floor": float(out[0]), "floor+2": float(out[1]), "floor nfev": int(out[2])}
    return run


# ---------------------------------------------------------------- fresh processes
CALLER = '''
import sys, time
import numpy as np
from numba import njit
from scijit.optimize import fsolve     # imported for both, so only the function differs
CACHE = sys.argv[1] == "cache"

@njit(cache=CACHE)
def f(x):
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - 4.0])

@njit(cache=CACHE)
def solve(a):
    return fsolve(f, np.array([1.0, a]))

@njit(cache=CACHE)
def trivial(a):
    return a + 1.0

function = solve if sys.argv[2] == "fsolve" else trivial
t0 = time.perf_counter()
function(2.0)
print(time.perf_counter() - t0)
'''


def compile_and_cache(tmp, repeats):
    """First-call compile and cache-load times in fresh processes.

    Returns
    -------
    dict
        Seconds (minimum over ``repeats``, each with a new empty cache
        directory): ``cold``, ``warm``, ``load``, ``load process``, ``trivial``
        and ``trivial load``.
    """
    best = {}

    def keep(name, seconds):
        best[name] = min(best.get(name, seconds), seconds)
    for k in range(repeats):
        cache = os.path.join(tmp, "cache%d" % k)
        # nothing cached, not even scijit's own cache=True helpers
        keep("cold", fresh(tmp, CALLER, "nocache", "fsolve", cache_dir=cache)[0])
        # scijit's helpers now cached, as after any earlier use; this writes the caller's cache
        keep("warm", fresh(tmp, CALLER, "cache", "fsolve", cache_dir=cache)[0])
        load, total = fresh(tmp, CALLER, "cache", "fsolve", cache_dir=cache)
        keep("load", load)
        keep("load process", total)
        keep("trivial", fresh(tmp, CALLER, "cache", "trivial", cache_dir=cache)[0])
        keep("trivial load", fresh(tmp, CALLER, "cache", "trivial", cache_dir=cache)[0])
    return best


def import_times(tmp, repeats):
    """Import times in fresh processes.

    Returns
    -------
    dict
        Seconds per import statement, the minimum over ``repeats`` processes.
    """
    stmts = ["import scijit", "from scijit.optimize import fsolve", "import numba"]
    code = "import sys, time\nt0 = time.perf_counter()\nexec(sys.argv[1])\n" \
           "print(time.perf_counter() - t0)\n"
    return {s: min(fresh(tmp, code, s)[0] for _ in range(repeats)) for s in stmts}


# ---------------------------------------------------------------- report
def main():
    quick = quick_mode(__doc__)
    rounds, n, n_scipy, n_python, repeats = (5, 5000, 100, 300, 1) if quick else \
        (15, 20000, 1000, 1000, 2)

    x, info, ier, _ = fsolve(f, [1.0, 2.0], full_output=True)

    solves = {"default (validate=True)": _default, "validate=False": _no_validate,
              "full_output=True": _full_output, "tuple callback": _tuple_callback,
              "inplace callback": _inplace_callback}
    evals = {"tuple": _eval_tuple, "array": _eval_array, "reshaped": _eval_reshaped}
    loops = {name: solve_loop(s) for name, s in solves.items()}
    loops["native path"] = native_path_loop
    loops.update({"eval " + name: eval_loop(e) for name, e in evals.items()})
    print("compiling the @njit loops ...", file=sys.stderr)
    for loop in loops.values():
        loop(10)                                            # compile outside the timings
    python_scijit(1)
    print("measuring ...", file=sys.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        exe = build_native(tmp, "fsolve_floor.c", "minpack")
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

    floor, floor2, default = ns["floor"], ns["floor+2"], ns["default (validate=True)"]
    print("nfev per solve: scijit %d (MINPACK's + 2 at x0), native floor %d; ier %d; x %s"
          % (info["nfev"], ns["floor nfev"], ier, x))

    print("\n1-3. Per solve inside @njit (min of %d rounds of %d solves)" % (rounds, n))
    print("  %-58s %9s  %s" % ("", "ns/solve", "ratio"))
    for name, label, base in [
            ("default (validate=True)", "scijit fsolve, default (validate=True)", "floor+2"),
            ("validate=False", "scijit fsolve, validate=False", "floor"),
            ("full_output=True", "scijit fsolve, full_output=True", "floor+2"),
            ("tuple callback", "scijit fsolve, default, f returns a tuple", "floor+2"),
            ("inplace callback", "scijit fsolve, default, inplace=True (f writes out)",
             "floor+2"),
            ("native path", "scijit native-call path alone (hybrd intrinsic)", "floor")]:
        print("  %-58s %9.0f  %.2fx %s" % (label, ns[name], ns[name] / ns[base], base))
    print("  %-58s %9.0f" % ("floor: C driver + C callback, 13 evaluations", floor))
    print("  %-58s %9.0f" % ("floor+2: the same + 2 evaluations at x0 (as validate=True)",
                             floor2))
    print("  %-58s %9.0f  %.1fx of scijit default, %.1fx of floor+2" % (
        "scipy.optimize.fsolve, Python loop, numpy callback", ns["scipy"],
        ns["scipy"] / default, ns["scipy"] / floor2))

    # Where the gap to the floor goes: the callback path's per-evaluation costs.
    alloc = ns["eval array"] - ns["eval tuple"]
    reshape = ns["eval reshaped"] - ns["eval tuple"]
    print("\n   Per evaluation in a plain @njit loop: f returning a tuple %.1f ns; returning an"
          "\n   array +%.1f ns; x.reshape((n,)) before the call (as lowering's glue does) +%.1f ns."
          "\n   Gap default - floor+2 = %.0f ns; 15 evaluations x (array + reshape) = %.0f ns."
          % (ns["eval tuple"], alloc, reshape, default - floor2, 15 * (alloc + reshape)))

    print("\n4. Compile and cache (fresh processes, temporary NUMBA_CACHE_DIR; min of %d)"
          % repeats)
    for key, label in [
            ("cold", "first call of an @njit caller of fsolve, nothing cached"),
            ("warm", "the same, scijit's own cache=True helpers already cached"),
            ("trivial", "first call of a trivial @njit function (context)"),
            ("load", "cache=True caller of fsolve: first call, loads the cache"),
            ("trivial load", "cache=True trivial function: first call, loads (context)"),
            ("load process", "the fsolve caller's whole process (start to exit)")]:
        print("  %-62s %7.3f s" % (label, comp[key]))

    print("\n5. One call from plain Python (min of %d rounds of %d calls)" % (rounds, n_python))
    print("  %-62s %7.1f us" % ("scijit.optimize.fsolve(f_njit, [1.0, 2.0])", py["scijit"] / 1e3))
    print("  %-62s %7.1f us" % ("scipy.optimize.fsolve(f_python, [1.0, 2.0])", py["scipy"] / 1e3))

    print("\n6. Import in a fresh process (min of %d)" % (2 * repeats + 1))
    for stmt, seconds in imp.items():
        print("  %-62s %7.1f ms" % (stmt, 1e3 * seconds))

    rows = [
        ("scipy / scijit, in @njit (default)", ns["scipy"] / default, "%.1fx", ">= 50x",
         lambda v: v >= 50),
        ("scijit default / floor+2", default / floor2, "%.2fx", "<= 1.3x", lambda v: v <= 1.3),
        ("scijit validate=False / floor", ns["validate=False"] / floor, "%.2fx", "<= 1.3x",
         lambda v: v <= 1.3),
        ("scijit inplace=True / floor+2", ns["inplace callback"] / floor2, "%.2fx", "<= 1.3x",
         lambda v: v <= 1.3),
        ("compile, first call, nothing cached", comp["cold"], "%.2f s", "<= 2 s",
         lambda v: v <= 2),
        ("compile, first call, helpers cached", comp["warm"], "%.2f s", "<= 2 s",
         lambda v: v <= 2),
        ("cache=True load", comp["load"], "%.3f s", "<= 0.1 s", lambda v: v <= 0.1),
        ("cache=True load - trivial cached load", comp["load"] - comp["trivial load"],
         "%.3f s", "<= 0.1 s", lambda v: v <= 0.1),
        ("Python call, scijit / scipy", py["scijit"] / py["scipy"], "%.2fx", "<= 1x",
         lambda v: v <= 1),
        ("import scijit", imp["import scijit"], "%.4f s", "<= 0.5 s", lambda v: v <= 0.5),
    ]
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
