"""AddressSanitizer sweep of every public routine that reaches our Fortran.

Run by ``.ci/sanitize`` (which builds ``vendor/`` with ``-fsanitize=address``
into ``build/asan`` first); by hand::

    python tests/sanitizer/sweep.py --libdir build/asan/libs [--quick | --full]

The driver runs, each in a child process with libasan preloaded, the
instrumented libraries (``SCIJIT_LIBDIR``), ``SCIJIT_SANITIZE=1`` (every
array numba hands to Fortran is its own heap allocation of exactly its size:
no alignment slack, no stack workspaces; see ``lowering/workspace.py``) and a
cache directory of its own:

1. a self-check: a numba-allocated array read one element past its end by
   our Fortran must make AddressSanitizer report, else the run proves
   nothing (the preload, the instrumented build or the exact allocations is
   not in effect) and the sweep fails;
2. the canary tests of the native table (every entry point, exact sizes),
   and the step tests of the kernels driven by reverse communication or one callback
   (``test_lbfgsb_kernel.py``: L-BFGS-B against scipy's, step by step;
   ``test_tnc_kernel.py``: TNC against scipy's, every evaluation);
3. one group per family (``minpack``, ``quadpack``, ``fitpack``,
   ``surface``, ``minimize``: L-BFGS-B and TNC): every public routine over sizes and the options that change
   what the Fortran is given, from @njit and from Python.

A report aborts the child (``halt_on_error``); the driver fails on any
child that did not finish cleanly, and prints the report.  ``--quick`` (CI)
sweeps fewer sizes, and from Python only the default options (the Python
entry runs the same compiled chooser as @njit, so the native calls are the
same); ``--full`` sweeps sizes 1..30, quad's limit 1..200 and every option
from both entries.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
GROUPS = ("minpack", "quadpack", "fitpack", "surface", "minimize")
# malloc_context_size: a shorter allocation stack per malloc makes numba's
# compiles (not instrumented, but every malloc is intercepted) about 20% faster;
# a report still shows the full stack of the bad access.
ASAN_OPTIONS = ("detect_leaks=0:abort_on_error=1:halt_on_error=1:allocator_may_return_null=1:"
                "malloc_context_size=6")


# ====================================================================== driver
def libasan():
    out = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True,
                         check=True).stdout.strip()
    if not os.path.isabs(out):
        sys.exit("sanitize: gcc does not know libasan.so (install libasan / gcc)")
    return out


def child_env(libdir, cache_dir):
    env = dict(os.environ)
    env.update(LD_PRELOAD=libasan(), ASAN_OPTIONS=ASAN_OPTIONS, SCIJIT_LIBDIR=str(libdir),
               SCIJIT_SANITIZE="1", NUMBA_CACHE_DIR=str(cache_dir))
    return env


def run_children(commands, env, jobs):
    """Run ``(name, argv)`` children, ``jobs`` at a time; name -> (rc, out, err, s)."""
    pending, running, done = list(commands), {}, {}
    while pending or running:
        while pending and len(running) < jobs:
            name, argv = pending.pop(0)
            out, err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
            running[name] = (subprocess.Popen(argv, env=env, stdout=out, stderr=err, cwd=HERE),
                             out, err, time.monotonic())
        for name, (proc, out, err, t0) in list(running.items()):
            if proc.poll() is None:
                continue
            out.seek(0)
            err.seek(0)
            done[name] = (proc.returncode, out.read(), err.read(), time.monotonic() - t0)
            del running[name]
        time.sleep(0.2)
    return done


def drive(args):
    libdir = pathlib.Path(args.libdir).resolve()
    for lib in ("minpack", "quadpack", "fitpack", "lbfgsb", "tnc"):
        if not (libdir / ("libscijit_%s.so" % lib)).exists():
            sys.exit("sanitize: %s has no libscijit_%s.so" % (libdir, lib))
    mode = "--full" if args.full else "--quick"
    with tempfile.TemporaryDirectory(prefix="scijit-asan-cache-") as cache:
        env = child_env(libdir, cache)
        t0 = time.monotonic()
        check = run_children([("self-check", [sys.executable, __file__, "--self-check"])], env, 1)
        rc, out, err, _ = check["self-check"]
        if "ERROR: AddressSanitizer: heap-buffer-overflow" not in err:
            print(out, err, sep="\n")
            sys.exit("sanitize: the self-check's overflow was not reported (rc %d): the sweep "
                     "would prove nothing" % rc)
        print("self-check: AddressSanitizer reports a read one double past a numba array "
              "(%.0f s)" % (time.monotonic() - t0))
        pytest = pathlib.Path(sys.executable).with_name("pytest")
        commands = [(group, [sys.executable, __file__, "--worker", group, mode])
                    for group in GROUPS]
        commands.append(("canary", [str(pytest), "-q", "-p", "no:cacheprovider",
                                    str(HERE.parent / "test_native_table.py"), "-k", "canary"]))
        # the step tests of the L-BFGS-B and TNC kernels (each step against scipy's)
        commands.append(("lbfgsb", [str(pytest), "-q", "-p", "no:cacheprovider",
                                    str(HERE.parent / "test_lbfgsb_kernel.py")]))
        commands.append(("tnc", [str(pytest), "-q", "-p", "no:cacheprovider",
                                 str(HERE.parent / "test_tnc_kernel.py")]))
        results = run_children(commands, env, args.jobs)
    failed = False
    total = 0
    for name, (rc, out, err, seconds) in results.items():
        summary = out.strip().splitlines()[-1] if out.strip() else ""
        if rc != 0 or "AddressSanitizer" in err:
            failed = True
            print("== %s FAILED (rc %d, %.0f s)\n%s\n%s" % (name, rc, seconds, out[-4000:],
                                                           err[-12000:]))
            continue
        if name not in ("canary", "lbfgsb", "tnc"):
            counted = json.loads(summary)
            total += counted["cases"]
            summary = "%d cases over %s" % (counted["cases"], ", ".join(counted["routines"]))
        print("%-9s ok  %4.0f s  %s" % (name, seconds, summary))
    print("sanitize %s: %d sweep cases, %s in %.0f s" % (
        mode[2:], total, "FAILED" if failed else "no AddressSanitizer report",
        time.monotonic() - t0))
    return 1 if failed else 0


# ====================================================================== self-check
def self_check():
    """Read one double past a numba-allocated array from our Fortran.

    ``splev`` is told ``m = 4`` points while ``x`` holds 3, allocated by
    numba: with exact allocations and the instrumented library,
    AddressSanitizer must stop the process here.
    """
    import ctypes

    import numpy as np
    from numba import njit

    from lowering import libraries

    @njit
    def points(n):
        return np.linspace(0.1, 0.9, n)

    x = points(3)
    t = np.array([0.0, 0, 0, 0, 1, 1, 1, 1])
    c = np.ones(8)
    y = np.empty(4)
    ier = ctypes.c_int32(0)
    splev = ctypes.CDLL(libraries.library_path("fitpack")).scijit_fitpack_splev
    p, i32 = ctypes.c_void_p, ctypes.c_int32
    splev.argtypes = [p, i32, p, i32, p, p, i32, i32, ctypes.POINTER(i32)]
    splev(t.ctypes.data, 8, c.ctypes.data, 3, x.ctypes.data, y.ctypes.data, 4, 0,
          ctypes.byref(ier))
    print("self-check: no report (ier %d)" % ier.value)


# ====================================================================== worker
def worker(group, full):
    import cases
    # (the group "minimize" is cases.minimize_group: the module imports scijit's minimize)
    sweep = getattr(cases, group if group != "minimize" else "minimize_group")(full)
    count, routines = 0, []
    for routine, label, thunk in sweep:
        if routine not in routines:
            routines.append(routine)
        try:
            thunk()
        except Exception as exc:   # a well-posed case must run; say which one did not
            raise RuntimeError("%s %s: %r" % (routine, label, exc)) from exc
        count += 1
    print(json.dumps({"cases": count, "routines": routines}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--libdir", help="directory of the instrumented libscijit_*.so")
    parser.add_argument("--quick", action="store_true", help="CI's sweep (the default)")
    parser.add_argument("--full", action="store_true", help="every size and option")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--worker", choices=GROUPS, help=argparse.SUPPRESS)
    parser.add_argument("--self-check", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.self_check:
        return self_check()
    if args.worker:
        return worker(args.worker, args.full)
    if not args.libdir:
        parser.error("--libdir is required")
    return drive(args)


if __name__ == "__main__":
    sys.exit(main())
