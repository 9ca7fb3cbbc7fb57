"""The package itself: libraries, entry point, Fortran unit tests."""
import os
import pathlib
import re
import shutil
import subprocess

import pytest

from lowering import libraries

REPO = pathlib.Path(__file__).resolve().parents[1]


def test_libraries_load():
    assert libraries.require("minpack").endswith("libscijit_minpack.so")


@pytest.mark.parametrize("name", sorted(libraries.LIBRARY_FILES))
def test_shared_libraries_do_not_need_an_executable_stack(name):
    path = libraries.library_path(name)
    if not os.path.exists(path):
        pytest.skip("%s not built in this version" % name)
    readelf = shutil.which("readelf")
    assert readelf, "readelf (binutils) is needed for this check"
    out = subprocess.run([readelf, "-lW", path], capture_output=True, text=True, check=True).stdout
    stack = [l for l in out.splitlines() if "GNU_STACK" in l]
    assert stack, out
    assert "RWE" not in stack[0] and stack[0].split()[-2] == "RW"


# The layering (imports, numba's internals, lowering code, private names) and the
# immunity to a user's module shadowing ours: tests/test_layering.py.


def test_scipy_fsolve_compiles_in_njit_without_importing_scijit(run_python):
    out = run_python("""
        import sys
        import numpy as np
        from numba import njit
        from scipy.optimize import fsolve

        @njit
        def f(x):
            return np.array([x[0] + 2*x[1] - 2.0, x[0]**2 + 4*x[1]**2 - 4.0])

        @njit
        def solve():
            x, info, ier, mesg = fsolve(f, np.array([1.0, 2.0]), full_output=True)
            return x, info.nfev, ier
        x, nfev, ier = solve()
        print(nfev, ier, abs(x[1] - 1.0) < 1e-12)
    """).stdout.split()
    assert out == ["15", "1", "True"]


def test_scipy_imported_after_numba_starts_compiling(run_python):
    out = run_python("""
        import numpy as np
        from numba import njit

        @njit
        def warm(v):
            return v + 1
        warm(1)                          # numba's extensions are initialised here
        import scipy.optimize

        @njit
        def f(x):
            return x - 2.0

        @njit
        def solve():
            return scipy.optimize.fsolve(f, np.array([0.0]))
        print(solve()[0])
    """).stdout.split()
    assert out == ["2.0"]


def test_scijit_imported_after_numba_starts_compiling(run_python):
    # numba's extensions initialised first, then scijit imported (scijit.integrate
    # imports scipy.integrate and scijit.optimize inside its own import), and a
    # registration module imported directly, as tests do: scipy's names and
    # objects are registered all the same (they were not: found by the test order)
    out = run_python("""
        import importlib
        import numpy as np
        from numba import njit
        njit(lambda v: v + 1)(1)         # numba's extensions are initialised here
        from scijit.integrate import solve_ivp
        importlib.import_module("scijit.interpolate._scipy_names")
        import scipy.integrate, scipy.interpolate

        @njit
        def both(spline, x):
            return spline(x) + scipy.integrate.trapezoid(np.ones(3))

        s = scipy.interpolate.CubicSpline(np.arange(5.0), np.arange(5.0) ** 2)
        print(both(s, 1.5))
    """).stdout.split()
    assert out == ["4.25"]


def test_scipy_integrate_imported_after_numba_starts_compiling(run_python):
    # scipy.integrate imports scipy.optimize inside its own import: registering
    # scipy.optimize then must leave the half-made scipy.integrate alone
    out = run_python("""
        import numpy as np
        from numba import njit
        njit(lambda v: v + 1)(1)         # numba's extensions are initialised here
        import scipy.integrate, scipy.optimize

        @njit
        def decay(t, y):
            return -y

        @njit
        def half(x):
            return x - 0.5

        @njit
        def both():
            return (scipy.integrate.solve_ivp(decay, (0.0, 1.0), np.array([1.0])).y[0, -1]
                    + scipy.optimize.brentq(half, 0.0, 1.0))
        print(round(both(), 3))
    """).stdout.split()
    assert out == ["0.868"]


def test_import_scijit_is_lazy(run_python):
    out = run_python("""
        import sys
        import scijit
        print("numba" in sys.modules, "scipy.optimize" in sys.modules)
    """).stdout.split()
    assert out == ["False", "False"]


FORTRAN_TESTS = {
    "minpack": ["test_hybrd.f90", "test_lmdif.f90"],
    "quadpack": ["test_quadpack.f90"],
    "fitpack": ["test_fitpack_1d.f90", "test_fitpack_2d.f90", "test_fitpack_univariate.f90"],
    "lbfgsb": ["test_lbfgsb.f90"],
    "tnc": ["test_tnc.f90"],
}


@pytest.mark.parametrize("lib, source", [(lib, s) for lib, srcs in FORTRAN_TESTS.items()
                                         for s in srcs])
def test_fortran_unit_tests(lib, source, tmp_path):
    """The Fortran-level unit tests of vendor/, linked against the installed library."""
    gfortran = shutil.which("gfortran")
    if gfortran is None:
        pytest.skip("gfortran not available")
    # Build the library's sources (in meson.build's order) with the test program.
    meson = (REPO / "vendor" / lib / "meson.build").read_text()
    sources = [REPO / "vendor" / "common" / "scijit_kinds.f90"]
    sources += [REPO / "vendor" / lib / name for name in re.findall(r"'([\w]+\.f90)'", meson)]
    sources.append(REPO / "vendor" / lib / "tests" / source)
    exe = tmp_path / source.replace(".f90", "")
    build = subprocess.run([gfortran, "-O2", "-ffp-contract=off", *map(str, sources), "-o", str(exe),
                            "-J", str(tmp_path)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed"), last
