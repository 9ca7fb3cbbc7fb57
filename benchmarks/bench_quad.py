"""Benchmark of ``scijit.integrate.quad`` against scipy and a native floor.

Run ``python benchmarks/bench_quad.py [--quick]``.  It prints, in one run,
for three integrands (x^2 on [0, 1]: 21 evaluations; a peak
1/((x - 0.3)^2 + 0.01) on [0, 1]: 147; exp(-x) cos(x)^2 on [0, inf), by
qagie: 285):

1. the per-integral time of ``scijit.integrate.quad`` in an ``@njit`` loop
   (default and ``full_output=True``), and of the QUADPACK intrinsic quad
   calls, alone and with a per-call workspace (on the stack, as the default
   form has it, or on the heap) and infodict (context rows that split the gap
   to the floor), next to
2. ``scipy.integrate.quad`` from a Python loop, with a Python integrand and
   with a ``scipy.LowLevelCallable`` wrapping a numba ``@cfunc`` integrand,
3. the native floor: ``native/quad_floor.c``, compiled here with gcc, calls
   the same vendored QUADPACK routine with a C integrand;
4. the cost of one call from plain Python, scijit against scipy, and of
   numba's dispatch of a call with a function argument (context);

and a summary of targets with PASS/MISS.  All use scipy's defaults
(epsabs = epsrel = 1.49e-8, limit = 50).

Timings are the minimum over rounds, and every round runs all the variants
in turn (see ``_harness``).  Every loop moves a limit by 1e-9 (i mod 7), so
nothing can be hoisted out of it.
"""
import math
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy
import scipy.integrate
from numba import cfunc, njit

from _harness import build_native, interleaved, quick_mode, summary, timed
from lowering.quadpack import qagie, qagse, short_qags_arrays
from lowering.transforms import CallbackData

_DATA = CallbackData((), (), False, (), ())     # the callback data: no args, no state
from scijit.integrate import quad
from scijit.integrate._quadpack import basic_info, basic_workspace  # quad's own

EPS = 1.49e-8      # scipy's default epsabs and epsrel, as the C floor uses them
LIMIT = 50         # scipy's default limit
INF = np.inf


# ---------------------------------------------------------------- the integrands
def square(x):
    return x * x


def peak(x):
    return 1.0 / ((x - 0.3) ** 2 + 0.01)


def expcos2(x):
    return math.exp(-x) * math.cos(x) ** 2


#: name -> (Python integrand, over [d, inf) rather than [0, 1 + d], label); the
#: order and names are those of native/quad_floor.c
CASES = {"square": (square, False, "x^2 on [0, 1]"),
         "peak": (peak, False, "1/((x-0.3)^2+0.01) on [0, 1]"),
         "expcos2": (expcos2, True, "exp(-x) cos(x)^2 on [0, inf)")}


# ---------------------------------------------------------------- @njit loops
def njit_loops(f, infinite):
    """@njit loops of integrals of ``f``.

    Parameters
    ----------
    f : numba dispatcher
        The integrand.
    infinite : bool
        Integrate over [d, inf) (qagie) rather than [0, 1 + d] (qagse).

    Returns
    -------
    dict
        ``loop(n) -> float`` by variant (``"default"``, ``"full_output"`` and
        the keys of :data:`NATIVE`): ``n`` integrals with d = 1e-9 (i mod 7),
        results summed, so nothing is optimised away.
    """
    def loop_of(integrate):
        @njit
        def loop(n):
            acc = 0.0
            for i in range(n):
                d = 1e-9 * (i % 7)
                acc += integrate(d, INF) if infinite else integrate(0.0, 1.0 + d)
            return acc
        return loop

    @njit
    def default(a, b):
        y, abserr = quad(f, a, b)
        return y + abserr

    @njit
    def full(a, b):
        y, abserr, info, message = quad(f, a, b, full_output=True)
        return y + abserr + info["neval"]

    loops = {"default": loop_of(default), "full_output": loop_of(full)}
    loops.update({name: native_loop(f, infinite, *how) for name, how in NATIVE.items()})
    return loops


#: native-call loop variants -> where the workspace comes from and whether an
#: infodict is built per integral
NATIVE = {"native path": ("once", False), "native + stack workspace": ("stack", False),
          "native + heap workspace": ("heap", False),
          "native + heap workspace + infodict": ("heap", True)}


def native_loop(f, infinite, workspace, infodict):
    """An @njit loop calling the QUADPACK intrinsic quad calls (qagse or
    qagie), to split the gap between quad and the floor.

    Parameters
    ----------
    f : numba dispatcher
    infinite : bool
        As for :func:`njit_loops`.
    workspace : {"once", "stack", "heap"}
        Allocated once outside the loop, or per integral on the stack (what
        quad's default form does for ``limit <= STACK_LIMIT``) or on the heap
        (what ``full_output`` does).
    infodict : bool
        Build quad's infodict per integral, as ``full_output`` does.

    Returns
    -------
    loop : numba dispatcher
        ``loop(n) -> float``.
    """
    make = {"once": None, "stack": short_qags_arrays, "heap": basic_workspace}[workspace]

    @njit(inline="always")
    def integrate(d, alist, blist, rlist, elist, iord):
        if infinite:
            return qagie(f, _DATA, d, 1, EPS, EPS, LIMIT, alist, blist, rlist, elist, iord)
        return qagse(f, _DATA, 0.0, 1.0 + d, EPS, EPS, LIMIT, alist, blist, rlist, elist, iord)

    if make is None:
        # the intrinsic called in the loop body itself: passing the arrays to
        # a function, even an inlined one, increfs and decrefs them per call
        @njit
        def loop(n):
            acc = 0.0
            alist, blist, rlist, elist, iord = basic_workspace(LIMIT)
            for i in range(n):
                d = 1e-9 * (i % 7)
                if infinite:
                    r = qagie(f, _DATA, d, 1, EPS, EPS, LIMIT, alist, blist, rlist, elist, iord)
                else:
                    r = qagse(f, _DATA, 0.0, 1.0 + d, EPS, EPS, LIMIT, alist, blist, rlist, elist,
                              iord)
                acc += r[0] + r[1]
            return acc
        return loop

    @njit
    def one(d):
        ws = make(LIMIT)
        r = integrate(d, ws[0], ws[1], ws[2], ws[3], ws[4])
        if infodict:
            return r[0] + r[1] + basic_info(r[2], r[4], ws, False)["neval"]
        return r[0] + r[1]

    @njit
    def loop(n):
        acc = 0.0
        for i in range(n):
            acc += one(1e-9 * (i % 7))
        return acc
    return loop


# ---------------------------------------------------------------- Python loops
def python_loop(integrate, func, infinite):
    """``loop(n)``: ``n`` calls ``integrate(func, a, b)`` from Python, limits as in @njit."""
    def loop(n):
        acc = 0.0
        for i in range(n):
            d = 1e-9 * (i % 7)
            y, abserr = integrate(func, d, INF) if infinite else integrate(func, 0.0, 1.0 + d)
            acc += y + abserr
        return acc
    return loop


def native_floor(exe, counts):
    """A measurement for :func:`interleaved`: the C floor, which times itself.

    Parameters
    ----------
    exe : str
        The compiled ``native/quad_floor.c``.
    counts : list of int
        Integrals per timing loop, one per case in the order of :data:`CASES`.

    Returns
    -------
    run : callable
        ``run() -> {"<case> floor": ns, "<case> floor neval": neval}``.
    """
    def run():
        out = subprocess.run([exe, "1", *map(str, counts)], capture_output=True, text=True,
                             check=True).stdout.split()
        found = {}
        for name, ns, neval in zip(out[0::3], out[1::3], out[2::3]):
            found[name + " floor"], found[name + " floor neval"] = float(ns), int(neval)
        return found
    return run


@njit
def takes_function(f, a, b):
    """Nothing but a call from Python with the integrand as argument (numba's
    dispatch of a function-typed argument, which quad's Python entry pays)."""
    return a + b, 0.0


# ---------------------------------------------------------------- report
def main():
    quick = quick_mode(__doc__)
    rounds, scale = (5, 0.2) if quick else (20, 1.0)
    # integrals per @njit loop (~30 ms each); Python loops do a tenth
    counts = {name: int(scale * n) for name, n in
              [("square", 100000), ("peak", 20000), ("expcos2", 4000)]}

    print("compiling the @njit loops ...", file=sys.stderr)
    runs, nevals = [], {}
    for name, (func, infinite, _) in CASES.items():
        f = njit(func)
        llc = scipy.LowLevelCallable(cfunc("float64(float64)")(func).ctypes)
        n = counts[name]
        python = {"scipy": python_loop(scipy.integrate.quad, func, infinite),
                  "scipy llc": python_loop(scipy.integrate.quad, llc, infinite),
                  "py scijit": python_loop(quad, f, infinite),
                  "py takes_function": python_loop(takes_function, f, infinite)}
        for loops, count in [(njit_loops(f, infinite), n), (python, max(n // 10, 10))]:
            for key, loop in loops.items():
                loop(3)                                     # compile outside the timings
                runs.append(timed(name + " " + key, loop, count))
        b = INF if infinite else 1.0
        nevals[name] = (quad(f, 0.0, b, full_output=True)[2]["neval"],
                        scipy.integrate.quad(func, 0.0, b, full_output=True)[2]["neval"])
    print("measuring ...", file=sys.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        runs.append(native_floor(build_native(tmp, "quad_floor.c", "quadpack"),
                                 list(counts.values())))
        t = time.perf_counter()
        ns = interleaved(runs, rounds)
        elapsed = time.perf_counter() - t

    print("neval per integral (scijit, scipy, floor): " + ", ".join(
        "%s %d %d %d" % (name, *nevals[name], ns[name + " floor neval"]) for name in CASES))
    rows = [("x^2: scijit in @njit", ns["square default"] / 1e3, "%.3f us", "<= 0.3 us",
             lambda v: v <= 0.3)]
    print("\n1-3. Per integral inside @njit, ns (min of %d rounds)" % rounds)
    print("  %-56s %8s %12s %12s" % ("", "ns", "/ floor", "/ scijit"))
    for name, (_, _, label) in CASES.items():
        r = {k[len(name) + 1:]: v for k, v in ns.items() if k.startswith(name + " ")}
        floor, default = r["floor"], r["default"]
        print("  %s" % label)
        for key, text in [("default", "scijit quad, default"),
                          ("full_output", "scijit quad, full_output=True"),
                          ("native path", "native-call path (qag*e intrinsic), workspace once"),
                          ("native + stack workspace", "  workspace on the stack per integral"),
                          ("native + heap workspace", "  workspace on the heap per integral"),
                          ("native + heap workspace + infodict", "    + infodict per integral"),
                          ("floor", "floor: C driver + C integrand"),
                          ("scipy llc", "scipy quad, LowLevelCallable (numba cfunc)"),
                          ("scipy", "scipy quad, Python integrand")]:
            print("    %-54s %8.0f %11.2fx %11.2fx" % (text, r[key], r[key] / floor,
                                                       r[key] / default))
        rows += [("%s: scipy (Python f) / scijit" % name, r["scipy"] / default, "%.1fx",
                  ">= 30x", lambda v: v >= 30),
                 ("%s: scipy LowLevelCallable / scijit" % name, r["scipy llc"] / default,
                  "%.2fx", "> 1x", lambda v: v > 1),
                 ("%s: scijit / floor" % name, default / floor, "%.2fx", "<= 1.2x",
                  lambda v: v <= 1.2)]
        if name == "square":
            native, stack, heap, info = (r[k] for k in NATIVE)
            print("    gap default - floor = %.0f ns: integrand adapter and glue %.0f (%.1f ns"
                  " per evaluation),\n    stack workspace %.0f, the rest of quad (argument"
                  " handling, checks) %.0f;\n    full_output: heap workspace %.0f and infodict"
                  " %.0f more"
                  % (default - floor, native - floor, (native - floor) / nevals[name][0],
                     stack - native, default - stack, heap - stack, info - heap))

    print("\n4. One call from plain Python, us (min of %d rounds)" % rounds)
    for name, (_, _, label) in CASES.items():
        s, p = ns[name + " py scijit"], ns[name + " scipy"]
        print("  %-34s scijit %7.2f   scipy %7.2f   %5.2fx" % (label, s / 1e3, p / 1e3, s / p))
        rows.append(("%s: Python call, scijit / scipy" % name, s / p, "%.2fx", "<= 1x",
                     lambda v: v <= 1))
    print("  context: a trivial @njit function called with the integrand: %.2f us"
          % (ns["square py takes_function"] / 1e3))
    summary(rows)
    print("(measurements took %.0f s)" % elapsed)


if __name__ == "__main__":
    main()
