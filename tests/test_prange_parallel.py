"""Every routine can sit directly in a prange loop that numba really parallelises.

numba silently runs a prange loop serially (with a NumbaPerformanceWarning)
when the inlined code has an exit from the loop, such as a ``raise``; the
routines keep raises out of their inlined parts so this does not happen.
"""
import warnings

import numpy as np
import pytest
import scipy.interpolate
from numba import njit, prange  # noqa: F401  (prange: used by the generated loops)
from numba.core.errors import NumbaPerformanceWarning

from scijit.integrate import dblquad, fixed_quad, nquad, quad, simpson, tplquad  # noqa: F401
from scijit.interpolate import splev, splint, splrep  # noqa: F401
from scijit.optimize import brentq, curve_fit, fsolve, least_squares, leastsq, ridder  # noqa: F401
from scijit.optimize import fminbound, minimize, minimize_scalar, newton, root, root_scalar  # noqa: F401,E501
from scijit.optimize.elementwise import find_root  # noqa: F401


@njit
def _resid(x, a):
    return np.array([x[0] + 2 * x[1] - 2.0, x[0] ** 2 + 4 * x[1] ** 2 - a])


@njit
def _cubic(x, c):
    return x ** 3 - 2.0 * x - c


@njit
def _cubic_slope(x, c):
    return 3.0 * x ** 2 - 2.0


@njit
def _bowl(x, a):
    return (x[0] - a) ** 2 + 3.0 * (x[1] + 0.5 * a) ** 2 + 0.1 * x[0] ** 4


@njit
def _bowl_grad(x, a):
    return np.array([2.0 * (x[0] - a) + 0.4 * x[0] ** 3, 6.0 * (x[1] + 0.5 * a)])


@njit
def _model(t, a, b):
    return a * np.exp(-b * t)


@njit
def _integrand(x, a):
    return np.exp(-a * x * x)


@njit
def _integrand_2d(y, x, a):
    return np.exp(-a * (x * x + y * y))


@njit
def _integrand_3d(z, y, x, a):
    return np.exp(-a * (x * x + y * y + z * z))


_T = np.linspace(0.0, 2.0, 20)
_SPLINE = scipy.interpolate.CubicSpline(np.linspace(0, 6, 7), np.sin(np.linspace(0, 6, 7)))
_X = np.linspace(0.0, 6.0, 30)
_TCK = scipy.interpolate.splrep(_X, np.sin(_X), s=0.01)


def _loop(expressions, parallel):
    """An @njit loop whose body calls the routines directly (not via a helper:
    the routine's inlined code must itself be parallelisable); column j of
    its result is ``expressions[j]``."""
    body = "".join("        out[i, %d] = %s\n" % (j, e) for j, e in enumerate(expressions))
    source = ("def run(params):\n"
              "    out = np.empty((params.size, %d))\n"
              "    for i in prange(params.size):\n"
              "        a = params[i]\n"
              "%s"
              "    return out\n" % (len(expressions), body))
    scope = dict(globals())
    exec(compile(source, __file__, "exec"), scope)
    return njit(parallel=parallel)(scope["run"])


BODIES = {
    "fsolve": "fsolve(_resid, np.array([1.0, 2.0]), args=(a,))[1]",
    "fsolve-full": "fsolve(_resid, np.array([1.0, 2.0]), args=(a,), full_output=True)[0][1]",
    "root-hybr": "root(_resid, np.array([1.0, 2.0]), args=(a,)).x[1]",
    "root-lm": "root(_resid, np.array([1.0, 2.0]), args=(a,), method='lm').x[1]",
    "leastsq": "leastsq(_resid, np.array([1.0, 2.0]), args=(a,))[0][1]",
    "least_squares": "least_squares(_resid, np.array([1.0, 2.0]), args=(a,), method='lm').x[1]",
    "brentq": "brentq(_cubic, 0.0, 10.0, args=(a,))",
    "ridder-full": "ridder(_cubic, 0.0, 10.0, args=(a,), full_output=True)[1].root",
    "newton": "newton(_cubic, 2.0, args=(a,))",
    "root_scalar": "root_scalar(_cubic, args=(a,), x0=2.0, fprime=_cubic_slope).root",
    "elementwise.find_root": "find_root(_cubic, (0.0, 10.0), args=(a,)).x",
    "newton-array": "newton(_cubic, np.array([2.0, 3.0]), args=(a,))[1]",
    "minimize_scalar-brent": "minimize_scalar(_cubic, bracket=(0.0, 1.0), args=(a,)).x",
    "minimize_scalar-bounded": "minimize_scalar(_cubic, bounds=(0.0, 2.0), args=(a,)).x",
    "fminbound": "fminbound(_cubic, 0.0, 2.0, args=(a,))",
    "minimize-bfgs": "minimize(_bowl, np.array([0.0, 0.0]), args=(a,)).x[1]",
    "minimize-nelder-mead": "minimize(_bowl, np.array([0.0, 0.0]), args=(a,), "
                            "method='Nelder-Mead').x[0]",
    "minimize-lbfgsb": "minimize(_bowl, np.array([0.0, 0.0]), args=(a,), "
                       "bounds=((0.0, 1.0), (-1.0, 0.5))).x[1]",
    "minimize-tnc": "minimize(_bowl, np.array([0.0, 0.0]), args=(a,), method='TNC', "
                    "bounds=((0.0, 1.0), (-1.0, 0.5))).x[1]",
    "minimize-newton-cg": "minimize(_bowl, np.array([0.0, 0.0]), args=(a,), "
                          "method='Newton-CG', jac=_bowl_grad).x[0]",
    "minimize-powell": "minimize(_bowl, np.array([0.0, 0.0]), args=(a,), method='Powell', "
                       "bounds=((-np.inf, np.inf), (-1.0, 0.5))).x[1]",
    "curve_fit": "curve_fit(_model, _T, a * np.exp(-0.5 * _T), p0=(1.0, 1.0))[0][0]",
    "quad": "quad(_integrand, 0.0, 1.0, args=(a,))[0]",
    "quad-inf": "quad(_integrand, 0.0, np.inf, args=(a,))[0]",
    "dblquad": "dblquad(_integrand_2d, 0.0, 1.0, 0.0, 1.0, args=(a,))[0]",
    "tplquad": "tplquad(_integrand_3d, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, args=(a,))[0]",
    "nquad": "nquad(_integrand_2d, ((0.0, 1.0), (0.0, 1.0)), args=(a,))[0]",
    "fixed_quad": "fixed_quad(_integrand, 0.0, 1.0, args=(a,))[0]",
    "simpson": "simpson(np.exp(-a * _T), x=_T)",
    "spline": "_SPLINE(a)",
    "splev": "splev(a, _TCK) + splev(a, _TCK, 1)",
    "splint": "splint(0.0, a, _TCK)",
    "splrep": "splrep(_X, np.sin(_X) * a, s=0.1)[1][3]",
}

# CI checks each routine's own inlined code once, those of a family in one loop
# (test_prange_loop_of_a_family_is_parallelised; a raise in any of them still makes numba
# run the whole loop serially and warn).  Left to `.ci/sweep`, which runs every routine in a
# loop of its own (test_prange_loop_is_parallelised, naming the routine that fails), are the
# bodies whose code CI checks elsewhere:
SWEEP_ONLY = {
    "fsolve": "hybrd as fsolve-full, without its full output",
    "root-hybr": "hybrd (fsolve-full) in root's OptimizeResult (root-lm)",
    "leastsq": "lmdif as root-lm and least_squares, without a result object",
    "fixed_quad": "in test_sampled.py::test_prange_equals_serial, as an error if not parallel",
    "simpson": "in test_sampled.py::test_prange_equals_serial, as an error if not parallel",
    "fminbound": "minimize_scalar-bounded's solver, without its result object",
    "spline": "a piecewise polynomial's evaluation: in test_interp1d.py::"
              "test_prange_evaluation_equals_serial, as an error too",
}
FAMILIES = {
    "minpack": ["fsolve-full", "root-lm", "least_squares", "curve_fit"],
    "zeros": ["brentq", "ridder-full", "newton", "root_scalar", "elementwise.find_root",
              "newton-array"],
    "scalar minimisation": ["minimize_scalar-brent", "minimize_scalar-bounded"],
    "minimize": ["minimize-bfgs", "minimize-nelder-mead", "minimize-powell", "minimize-lbfgsb",
                 "minimize-tnc", "minimize-newton-cg"],
    "quadrature": ["quad", "quad-inf", "dblquad", "tplquad"],
    "interpolate": ["splev", "splint", "splrep"],
}
# Routines that do not compile in a prange loop yet (the test below fails when one does)
KNOWN_FAILING = {
    "nquad": "numba's parfor array analysis stops on nquad's inlined code with 'Dimension "
             "mismatch' (dblquad and tplquad were fixed by calling their outer level instead "
             "of inlining it; nquad's generated levels are not yet)",
}
assert sorted([n for names in FAMILIES.values() for n in names] + list(SWEEP_ONLY)
              + list(KNOWN_FAILING)) == sorted(BODIES)


def _check_parallelised(names):
    serial = _loop([BODIES[n] for n in names], parallel=False)
    parallel = _loop([BODIES[n] for n in names], parallel=True)
    params = np.linspace(4.0, 5.0, 64)
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        got = parallel(params)
    np.testing.assert_array_equal(got, serial(params))


@pytest.mark.sweep
@pytest.mark.parametrize("name", sorted(BODIES))
def test_prange_loop_is_parallelised(name):
    _check_parallelised([name])


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_prange_loop_of_a_family_is_parallelised(family):
    _check_parallelised(FAMILIES[family])


@pytest.mark.parametrize("name", sorted(KNOWN_FAILING))
def test_known_failures_still_fail(name):
    # strict: a routine that starts to compile in prange must move into FAMILIES
    with pytest.raises(AssertionError, match="Dimension mismatch"):
        _check_parallelised([name])
