"""Smoke test of an installed wheel: run from outside the source tree, in a
fresh environment where gfortran and the system's libgfortran are hidden.

Checks that the libraries scijit loads and the libgfortran they load come
from the installed wheel, that fsolve, quad, CubicSpline and splrep/splev give
scipy's values from Python and inside @njit, and that a cache=True caller
compiled by a first run (``compile``) is loaded by a second (``load``).
"""
import os
import sys

import numpy as np
import scipy.integrate
import scipy.interpolate
import scipy.optimize
from numba import njit

import lowering
import scijit
from scijit.integrate import quad
from scijit.interpolate import CubicSpline, splev, splrep
from scijit.optimize import fsolve


def _mapped_libraries():
    with open("/proc/self/maps") as f:
        return {line.split()[-1] for line in f if line.rstrip().endswith((".so", ".so.5")) or
                ".so." in line}


def check_libraries():
    site = os.path.dirname(os.path.dirname(os.path.abspath(lowering.__file__)))
    assert not os.path.abspath(scijit.__file__).startswith(os.getcwd()), scijit.__file__
    lowering.load_all()
    mapped = _mapped_libraries()
    ours = sorted(p for p in mapped if "libscijit_" in p)
    gfortran = sorted(p for p in mapped if "libgfortran" in p)
    assert len(ours) == 3 and all(p.startswith(site) for p in ours), ours
    # auditwheel's copy for our libraries (numpy's and scipy's wheels bring their own)
    assert any("numba_scijit.libs" in p for p in gfortran), gfortran
    assert all(p.startswith(site) for p in gfortran), gfortran
    print("libraries from the wheel:", *ours, *gfortran, sep="\n  ")


@njit
def equations(x, a):
    return np.array([x[0] + 2.0 * x[1] - 2.0, x[0] ** 2 + 4.0 * x[1] ** 2 - a])


@njit
def integrand(x):
    return np.exp(-x * x) * np.cos(3.0 * x)


@njit(cache=True)
def all_four(a, x, y, xs):
    root = fsolve(equations, np.array([1.0, 2.0]), args=(a,))
    integral = quad(integrand, 0.0, 10.0)[0]
    spline = CubicSpline(x, y)(xs)
    t, c, k = splrep(x, y)
    return root, integral, spline, splev(xs, (t, c, k))


def check_values():
    x = np.linspace(0.0, 3.0, 12)
    y = np.sin(x)
    xs = np.linspace(0.1, 2.9, 7)
    want = (scipy.optimize.fsolve(equations.py_func, [1.0, 2.0], args=(4.0,)),
            scipy.integrate.quad(integrand.py_func, 0.0, 10.0)[0],
            scipy.interpolate.CubicSpline(x, y)(xs),
            scipy.interpolate.splev(xs, scipy.interpolate.splrep(x, y)))
    from_python = (fsolve(equations, [1.0, 2.0], args=(4.0,)), quad(integrand, 0.0, 10.0)[0],
                   CubicSpline(x, y)(xs), splev(xs, splrep(x, y)))
    inside_njit = all_four(4.0, x, y, xs)
    for got in (from_python, inside_njit):
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-14)
    return sum(all_four.stats.cache_hits.values())


if __name__ == "__main__":
    check_libraries()
    hits = check_values()
    if sys.argv[1:] == ["load"]:
        assert hits == 1, "the cache=True caller was not loaded from the cache"
    print("wheel smoke test passed (%s, cache hits %d)" % (sys.argv[1:], hits))
