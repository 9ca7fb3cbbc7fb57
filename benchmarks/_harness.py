"""Shared measuring tools for the benchmarks in this folder.

Timings are the minimum over rounds, and :func:`interleaved` runs every
variant once per round: on a shared machine a busy neighbour then slows a
whole round rather than one variant.  :func:`fresh` runs a script in a new
interpreter (for compile, cache-load and import times), in a temporary
directory so it imports the installed scijit, never a source tree.
"""
import os
import subprocess
import sys
import time

import lowering.libraries as L
from numba import njit

HERE = os.path.dirname(os.path.abspath(__file__))


@njit
def scalar_eval_loop(f, n):
    """``n`` scalar evaluations ``f(x)`` at varying x in an ``@njit`` loop,
    summed (x moves by 0.01 (i mod 997), so nothing is hoisted)."""
    acc = 0.0
    for i in range(n):
        acc += f(0.003 + 0.01 * (i % 997))
    return acc


#: :func:`scalar_eval_loop` run by the interpreter: scipy's side of a scalar pair.
python_eval_loop = scalar_eval_loop.py_func


def timed(name, loop, n, clock=time.perf_counter_ns):
    """A measurement for :func:`interleaved`: ns per item of ``loop(n)``.

    ``clock`` is wall time by default; ``time.thread_time_ns`` measures the
    thread's CPU time instead, which a busy neighbour does not inflate.

    Returns
    -------
    run : callable
        ``run() -> {name: ns}``.
    """
    def run():
        t0 = clock()
        loop(n)
        return {name: (clock() - t0) / n}
    return run


def interleaved(runs, rounds):
    """Run all measurements in turn, ``rounds`` times.

    Parameters
    ----------
    runs : list of callable
        Measurements, each returning a dict of named values.
    rounds : int

    Returns
    -------
    dict
        The minimum of each named value over the rounds.
    """
    best = {}
    for _ in range(rounds):
        for run in runs:
            for name, value in run().items():
                best[name] = min(best.get(name, value), value)
    return best


#: vendor/include: scijit.h, the C header generated from the native table.
INCLUDE = os.path.join(os.path.dirname(HERE), "vendor", "include")


def build_native(tmp, source, library):
    """Compile ``native/<source>`` with gcc against an installed scijit library
    and the generated header ``scijit.h``.

    Parameters
    ----------
    tmp : str
        Directory for the executable.
    source : str
        File name in ``benchmarks/native``.
    library : str
        scijit library short name (``"minpack"``, ``"quadpack"``).

    Returns
    -------
    str
        The executable's path.
    """
    lib = L.library_path(library)
    libdir = os.path.dirname(lib)
    exe = os.path.join(tmp, os.path.splitext(source)[0])
    subprocess.run(["gcc", "-O2", "-std=c11", "-I", INCLUDE, "-o", exe,
                    os.path.join(HERE, "native", source), "-L" + libdir, "-l:" + os.path.basename(lib), "-Wl,-rpath," + libdir, "-lm"],
                   check=True)
    return exe


def fresh(tmp, code, *argv, cache_dir=None):
    """Run ``code`` as a script in a fresh Python, in the directory ``tmp``.

    Parameters
    ----------
    tmp : str
        Where the script is written and run.
    code : str
        The script; it prints a number of seconds last.
    *argv : str
        The script's arguments.
    cache_dir : str, optional
        Its ``NUMBA_CACHE_DIR`` (default: an unused directory in ``tmp``).

    Returns
    -------
    (float, float)
        The seconds the script printed, and the process's wall time.
    """
    script = os.path.join(tmp, "fresh_%d.py" % abs(hash(code)))
    if not os.path.exists(script):      # rewriting it would make numba's cache stale
        with open(script, "w") as fh:
            fh.write(code)
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir or os.path.join(tmp, "unused-cache"))
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, script, *argv], cwd=tmp, env=env, capture_output=True,
                         text=True, check=True).stdout
    return float(out.split()[-1]), time.perf_counter() - t0


def summary(rows):
    """Print target rows ``(measure, value, format, target text, predicate)``."""
    print("\nSummary")
    print("  %-44s %10s %10s  %s" % ("measure", "value", "target", "result"))
    for name, value, fmt, target, ok in rows:
        print("  %-44s %10s %10s  %s" % (name, fmt % value, target,
                                         "PASS" if ok(value) else "MISS"))


def quick_mode(doc):
    """Parse the benchmark's command line (``--quick``: fewer rounds and
    calls), print the versions measured, and return whether it is quick."""
    import argparse

    import numpy as np
    import scipy

    import scijit
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and calls")
    quick = parser.parse_args().quick
    print("scijit %s (%s), numpy %s, scipy %s, python %s" % (
        scijit.__version__, os.path.dirname(scijit.__file__), np.__version__,
        scipy.__version__, sys.version.split()[0]))
    return quick
