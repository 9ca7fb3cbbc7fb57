"""Bracketing root finders of one equation in one unknown: ``brentq``,
``brenth``, ``ridder``, ``bisect`` and ``toms748``, as scipy 1.17 has them.

scipy's first four are C (by Charles Harris, ``scipy/optimize/Zeros``)
calling the Python function once per evaluation; toms748 is Python there
(``TOMS748Solver``).  Here each is numba code following that
control flow step for step (the same tests, in the same order, on the same
doubles), so the root, ``iterations`` and ``function_calls`` are scipy's.
There is no native kernel: the user's ``@njit`` function is inlined into
the solver's loop, where a Fortran kernel would call back through a
function pointer once per evaluation, and for a scalar equation that call
is most of the cost.

Two entries, one implementation: the solver of each method is one @njit
function (:func:`bracketing_solver`), compiled once per user function and
called by the @njit chooser and by the Python entry's small trampoline
alike, so both return identical values.  Errors are scipy's: no sign change is
``ValueError("f(a) and f(b) must have different signs")``, a NaN value of
``f`` is scipy's ValueError naming ``x``, a tolerance below scipy's floor a
ValueError, and with ``disp`` an unconverged solve a RuntimeError.
"""
import functools
import math
import warnings

import numpy as np
from numba import njit

from lowering.callback import callback, type_only
from lowering.transforms import CallbackData, Returned
from scijit_types import result_builder
from scijit_types.errors import FormattedError

from .. import _arguments as A
from .._registration import Chooser, register_choosers

__all__ = ["bisect", "brenth", "brentq", "ridder", "toms748"]

#: scipy's defaults (scipy.optimize._zeros_py: _xtol, _rtol, _iter)
XTOL = 2e-12
RTOL = 4 * np.finfo(float).eps
ITER = 100

#: scipy's solver states (scipy.optimize._zeros_py's _ECONVERGED, ...) and flags
CONVERGED, SIGNERR, CONVERR = 0, -1, -2
FLAGS = {CONVERGED: "converged", SIGNERR: "sign error", CONVERR: "convergence error"}


# ---------------------------------------------------------------- errors
class RootInputError(FormattedError, ValueError):
    """A tolerance or iteration count scipy refuses (its message)."""


class RootValueError(FormattedError, ValueError):
    """No sign change over the bracket, or a NaN value of ``f`` (scipy's messages)."""


class RootNaNError(RootValueError):
    """``f`` returned NaN at ``x``, its ``function_calls``-th call (scipy's
    ValueError, with scipy's ``_x`` and ``_function_calls``, which
    root_scalar reads)."""

    def __init__(self, x, function_calls):
        super().__init__(_NAN_VALUE, x)
        self._x = x
        self._function_calls = function_calls


class RootConvergenceError(FormattedError, RuntimeError):
    """``maxiter`` iterations without convergence, with ``disp`` true."""


_NAN_VALUE = "The function value at x=%s is NaN; solver cannot continue."
_SIGNS = "f(a) and f(b) must have different signs"
_NOT_CONVERGED = "Failed to converge after %d iterations."


@njit(cache=True)
def check_options(xtol, rtol, maxiter):
    """scipy's checks, in its order (the Python wrapper's, then the C entry's)."""
    if xtol <= 0.0:
        raise RootInputError("xtol too small (%g <= 0)", xtol)
    if rtol < RTOL:
        raise RootInputError("rtol too small (%g < %g)", rtol, RTOL)
    if maxiter < 0:
        raise RootInputError("maxiter must be >= 0")


@njit(cache=True)
def check_outcome(status, iterations, disp):
    """scipy's errors after the solve: no sign change always, no convergence
    with ``disp`` only (otherwise the result says ``converged=False``)."""
    if status == SIGNERR:
        raise RootValueError(_SIGNS)
    if status == CONVERR and disp:
        raise RootConvergenceError(_NOT_CONVERGED, iterations)


_root_results = result_builder(("root", "iterations", "function_calls", "converged", "flag",
                                "method"), "RootResults")


@njit(cache=True)
def root_results(root, iterations, function_calls, status, method):
    """scipy's ``RootResults`` (boxed to ``scipy.optimize.RootResults``)."""
    if status == CONVERGED:
        flag = "converged"
    else:
        flag = "convergence error"
    return _root_results(root, iterations, function_calls, status == CONVERGED, flag, method)


# ---------------------------------------------------------------- the user's function
#: f(x, *args) as a float64 (the transform stack's Returned scalar stage)
_value = callback((Returned(),)).scalar


@njit(inline="always")
def _evaluate(f, x, data, call):
    """``f(x, *args)``, the solve's ``call``-th evaluation; a NaN raises
    scipy's ValueError (its ``_wrap_nan_raise``)."""
    fx = _value(f, x, data)
    if fx != fx:
        raise RootNaNError(x, call)
    return fx


@njit(cache=True)
def _negative(v):
    """C's ``signbit``: true for -0.0 and negative numbers."""
    return math.copysign(1.0, v) < 0.0


# ---------------------------------------------------------------- the solvers
# Each returns (root, function_calls, iterations, status).  At a root found at
# an end of the bracket scipy 1.17 leaves ``iterations`` unset (whatever the
# stack held); here it is 0.  They are inlined into the solver function
# (bracketing_solver), not into the caller, so a raise in them does not stop
# numba parallelising a prange loop that calls them.

def _brent(hyperbolic):
    """Brent's method with inverse quadratic extrapolation (brentq), or with
    hyperbolic extrapolation (brenth): scipy's loop, which keeps the bracket
    in (xcur, xblk), the previous estimate in xpre, and bisects whenever the
    trial step is not short enough."""
    if hyperbolic:
        @njit(inline="always")
        def extrapolated(fcur, fpre, fblk, dpre, dblk):
            return -fcur * (fblk - fpre) / (fblk * dpre - fpre * dblk)
    else:
        @njit(inline="always")
        def extrapolated(fcur, fpre, fblk, dpre, dblk):
            return -fcur * (fblk * dblk - fpre * dpre) / (dblk * dpre * (fblk - fpre))

    @njit(inline="always")
    def solve(f, data, xa, xb, xtol, rtol, maxiter):
        xpre = xa
        xcur = xb
        xblk = 0.0
        fblk = 0.0
        spre = 0.0
        scur = 0.0
        fpre = _evaluate(f, xpre, data, 1)
        fcur = _evaluate(f, xcur, data, 2)
        if fpre == 0.0:
            return xpre, 2, 0, CONVERGED
        if fcur == 0.0:
            return xcur, 2, 0, CONVERGED
        if _negative(fpre) == _negative(fcur):
            return 0.0, 2, 0, SIGNERR
        calls = 2
        for i in range(maxiter):
            if fpre != 0.0 and fcur != 0.0 and _negative(fpre) != _negative(fcur):
                xblk = xpre
                fblk = fpre
                spre = xcur - xpre
                scur = spre
            if abs(fblk) < abs(fcur):
                xpre = xcur
                xcur = xblk
                xblk = xpre
                fpre = fcur
                fcur = fblk
                fblk = fpre
            delta = (xtol + rtol * abs(xcur)) / 2.0     # the tolerance is 2 delta
            sbis = (xblk - xcur) / 2.0
            if fcur == 0.0 or abs(sbis) < delta:
                return xcur, calls, i + 1, CONVERGED
            bisect = True
            if abs(spre) > delta and abs(fcur) < abs(fpre):
                if xpre == xblk:                        # interpolate
                    stry = -fcur * (xcur - xpre) / (fcur - fpre)
                else:                                   # extrapolate
                    dpre = (fpre - fcur) / (xpre - xcur)
                    dblk = (fblk - fcur) / (xblk - xcur)
                    stry = extrapolated(fcur, fpre, fblk, dpre, dblk)
                if 2.0 * abs(stry) < min(abs(spre), 3.0 * abs(sbis) - delta):
                    spre = scur                         # a good short step
                    scur = stry
                    bisect = False
            if bisect:
                spre = sbis
                scur = sbis
            xpre = xcur
            fpre = fcur
            if abs(scur) > delta:
                xcur += scur
            elif sbis > 0.0:
                xcur += delta
            else:
                xcur -= delta
            fcur = _evaluate(f, xcur, data, calls + 1)
            calls += 1
        return xcur, calls, maxiter, CONVERR
    return solve


@njit(cache=True)
def _sign(v):
    """scipy's ridder.c SIGN: 1 for positive, -1 otherwise (0 included)."""
    return 1.0 if v > 0.0 else -1.0


@njit(inline="always")
def _ridder(f, data, xa, xb, xtol, rtol, maxiter):
    """Ridders' method (1979) as scipy 1.17's ridder.c: the midpoint, then
    the exponential-fit point, two evaluations per iteration; the tolerance
    is ``xtol + rtol * xn`` after the first iteration (scipy's, unsigned
    ``xn`` included)."""
    tol = xtol + rtol * min(abs(xa), abs(xb))
    fa = _evaluate(f, xa, data, 1)
    fb = _evaluate(f, xb, data, 2)
    if fa == 0.0:
        return xa, 2, 0, CONVERGED
    if fb == 0.0:
        return xb, 2, 0, CONVERGED
    if _negative(fa) == _negative(fb):
        return 0.0, 2, 0, SIGNERR
    calls = 2
    xn = 0.0
    for i in range(maxiter):
        dm = 0.5 * (xb - xa)
        xm = xa + dm
        fm = _evaluate(f, xm, data, calls + 1)
        dn = _sign(fb - fa) * dm * fm / math.sqrt(fm * fm - fa * fb)
        xn = xm - _sign(dn) * min(abs(dn), abs(dm) - 0.5 * tol)
        fn = _evaluate(f, xn, data, calls + 2)
        calls += 2
        if _negative(fn) != _negative(fm):
            xa = xn
            fa = fn
            xb = xm
            fb = fm
        elif _negative(fn) != _negative(fa):
            xb = xn
            fb = fn
        else:
            xa = xn
            fa = fn
        tol = xtol + rtol * xn
        if fn == 0.0 or abs(xb - xa) < tol:
            return xn, calls, i + 1, CONVERGED
    return xn, calls, maxiter, CONVERR


@njit(inline="always")
def _bisect(f, data, xa, xb, xtol, rtol, maxiter):
    """Bisection as scipy's bisect.c: halve from ``xa``, one evaluation per
    iteration; unconverged, the root is the last left end."""
    fa = _evaluate(f, xa, data, 1)
    fb = _evaluate(f, xb, data, 2)
    if fa == 0.0:
        return xa, 2, 0, CONVERGED
    if fb == 0.0:
        return xb, 2, 0, CONVERGED
    if _negative(fa) == _negative(fb):
        return 0.0, 2, 0, SIGNERR
    dm = xb - xa
    calls = 2
    for i in range(maxiter):
        dm *= 0.5
        xm = xa + dm
        fm = _evaluate(f, xm, data, calls + 1)
        calls += 1
        if _negative(fm) == _negative(fa):
            xa = xm
        if fm == 0.0 or abs(dm) < xtol + rtol * abs(xm):
            return xm, calls, i + 1, CONVERGED
    return xa, calls, maxiter, CONVERR


# ---------------------------------------------------------------- TOMS 748
# Alefeld, Potra & Shi (ACM TOMS 748, 1995) as scipy 1.17's TOMS748Solver has
# it (Python there): the first step a secant, then per iteration k steps of
# inverse cubic interpolation or Newton on the quadratic through (a, b, d), a
# double-length secant from the better end, and a bisection when the bracket
# did not halve.  The arithmetic is scipy's, in its order (its numpy helpers
# written out for the few points they take).

@njit(cache=True)
def check_toms748_options(a, b, k, xtol, rtol, maxiter):
    """toms748's checks, in scipy's order (``rtol`` may go down to eps)."""
    if xtol <= 0.0:
        raise RootInputError("xtol too small (%g <= 0)", xtol)
    if rtol < RTOL / 4:
        raise RootInputError("rtol too small (%g < %g)", rtol, RTOL / 4)
    if maxiter < 1:
        raise RootInputError("maxiter must be greater than 0")
    if not math.isfinite(a):
        raise RootInputError("a is not finite %s", a)
    if not math.isfinite(b):
        raise RootInputError("b is not finite %s", b)
    if a >= b:
        raise RootInputError("a and b are not an interval [%s, %s]", a, b)
    if k < 1:
        raise RootInputError("k too small (%s < 1)", k)


@njit(cache=True)
def _finite_check(x, fx):
    """scipy's ``_callf`` check (after its NaN check): an infinite value."""
    if not math.isfinite(fx):
        raise RootValueError("Invalid function value: f(%f) -> %s ", x, fx)


@njit(inline="always")
def _toms_evaluate(f, x, data, call):
    fx = _evaluate(f, x, data, call)
    _finite_check(x, fx)
    return fx


@njit(cache=True)
def _sign_product_positive(u, v):
    """``np.sign(u) * np.sign(v) > 0``: both nonzero, of one sign."""
    return (u > 0.0 and v > 0.0) or (u < 0.0 and v < 0.0)


@njit(cache=True)
def isclose(u, v, rtol, atol):
    """``np.isclose(u, v, rtol, atol)`` for two doubles, as numpy 2 has it:
    within ``atol + rtol * |v|`` with ``v`` finite, or equal (infinities)."""
    return (abs(u - v) <= atol + rtol * abs(v) and math.isfinite(v)) or u == v


@njit(cache=True)
def _all_apart(f1, f2, f3, f4, atol):
    """scipy's ``_notclose([f1, f2, f3, f4], rtol=0, atol)``: all nonzero,
    finite, and pairwise more than ``atol`` apart."""
    if f1 == 0.0 or f2 == 0.0 or f3 == 0.0 or f4 == 0.0:
        return False
    if not (math.isfinite(f1) and math.isfinite(f2) and math.isfinite(f3)
            and math.isfinite(f4)):
        return False
    return not (abs(f1 - f2) <= atol or abs(f1 - f3) <= atol or abs(f1 - f4) <= atol
                or abs(f2 - f3) <= atol or abs(f2 - f4) <= atol or abs(f3 - f4) <= atol)


@njit(cache=True)
def _secant(x0, x1, f0, f1):
    """scipy's secant step, from the end with the smaller value (NaN when
    f0 == f1)."""
    if f0 == f1:
        return np.nan
    if abs(f1) > abs(f0):
        return (-f0 / f1 * x1 + x0) / (1 - f0 / f1)
    return (-f1 / f0 * x0 + x1) / (1 - f1 / f0)


@njit(cache=True)
def _inverse_cubic_zero(a, b, c, d, fa, fb, fc, fd):
    """x at f = 0 of the inverse cubic through (fa, a) ... (fd, d), by
    Neville's scheme as scipy's ``_interpolated_poly`` runs it: tableaux Q
    and D, the result Q[3, 1] + Q[3, 2] + Q[3, 3] + Q[3, 0]."""
    # Column 0 of both tableaux is (a, b, c, d); entry (i, k) is
    # y_i / (y_{i-k} - y_i) * alpha in Q and y_{i-k} / (...) * alpha in D,
    # alpha = D[i, k-1] - Q[i-1, k-1]; the columns Q[3, 3] needs, in order.
    q11 = fb / (fa - fb) * (b - a)
    q21 = fc / (fb - fc) * (c - b)
    q31 = fd / (fc - fd) * (d - c)
    d21 = fb / (fb - fc) * (c - b)
    d31 = fc / (fc - fd) * (d - c)
    q22 = fc / (fa - fc) * (d21 - q11)
    q32 = fd / (fb - fd) * (d31 - q21)
    d32 = fb / (fb - fd) * (d31 - q21)
    q33 = fd / (fa - fd) * (d32 - q22)
    return q31 + q32 + q33 + d


@njit(cache=True)
def _newton_quadratic(a, b, fa, fb, d, fd, k):
    """scipy's ``_newton_quadratic``: ``k`` Newton steps on the quadratic
    through (a, fa), (b, fb), (d, fd), from the end where it has f's sign,
    falling back to the midpoint when a step leaves (a, b)."""
    B = (fb - fa) / (b - a)
    A = ((fd - fb) / (d - b) - B) / (d - a)
    if A == 0.0:
        return a - fa / B
    r = a if _sign_product_positive(A, fa) else b
    for _ in range(k):
        r1 = r - ((A * (r - b) + B) * (r - a) + fa) / (B + A * (2 * r - a - b))
        if not (a < r1 < b):
            if a < r < b:
                return r
            return (a + b) / 2.0
        r = r1
    return r


@njit(inline="always")
def _toms748(f, data, a, b, k, xtol, rtol, maxiter, disp):
    """TOMS 748 as scipy's ``TOMS748Solver.solve``; returns (root,
    function_calls, iterations, status) and raises scipy's errors."""
    eps = np.finfo(np.float64).eps
    fa = _toms_evaluate(f, a, data, 1)
    if fa == 0.0:
        return a, 1, 0, CONVERGED
    fb = _toms_evaluate(f, b, data, 2)
    if fb == 0.0:
        return b, 2, 0, CONVERGED
    if _sign_product_positive(fa, fb):
        raise RootValueError("f(a) and f(b) must have different signs, but "
                             "f(%e)=%e, f(%e)=%e ", a, fa, b, fb)
    calls = 2
    # the first step: a secant
    c = _secant(a, b, fa, fb)
    if not (a < c < b):
        c = (a + b) / 2.0
    fc = _toms_evaluate(f, c, data, calls + 1)
    calls += 1
    if fc == 0.0:
        return c, calls, 0, CONVERGED
    # scipy's _update_bracket: c replaces the end where f has fc's sign
    if _sign_product_positive(fa, fc):
        d, fd, a, fa = a, fa, c, fc
    else:
        d, fd, b, fb = b, fb, c, fc
    e = fe = 0.0
    has_e = False                     # scipy's e is None before the first iteration
    iterations = 1
    while True:
        iterations += 1
        width = b - a
        c = 0.0
        has_c = False                 # scipy keeps c from one of the k steps to the next
        for nsteps in range(2, k + 2):
            if has_e and _all_apart(fa, fb, fd, fe, 32 * eps):
                c0 = _inverse_cubic_zero(a, b, d, e, fa, fb, fd, fe)
                if a < c0 < b:
                    c = c0
                    has_c = True
            if not has_c:
                c = _newton_quadratic(a, b, fa, fb, d, fd, nsteps)
                has_c = True
            fc = _toms_evaluate(f, c, data, calls + 1)
            calls += 1
            if fc == 0.0:
                return c, calls, iterations, CONVERGED
            e, fe = d, fd
            has_e = True
            if _sign_product_positive(fa, fc):
                d, fd, a, fa = a, fa, c, fc
            else:
                d, fd, b, fb = b, fb, c, fc
        # the double-length secant step from u, the end with the smaller |f|
        if abs(fa) < abs(fb):
            u, fu, uix = a, fa, 0
        else:
            u, fu, uix = b, fb, 1
        slope = (fb - fa) / (b - a)
        c = u - 2 * fu / slope
        if abs(c - u) > 0.5 * (b - a):
            c = (a + b) / 2.0
        elif isclose(c, u, eps, 0.0):
            # c barely moved: the values at the ends differ vastly, or the
            # root is very close to u
            if uix == 0:
                far_larger = math.frexp(fa)[1] < math.frexp(fb)[1] - 50
            else:
                far_larger = math.frexp(fb)[1] < math.frexp(fa)[1] - 50
            if far_larger:
                c = (31 * a + b) / 32 if uix == 0 else (31 * b + a) / 32
            else:
                mm = 1 if uix == 0 else -1
                c = u + (mm * abs(c) * rtol + mm * xtol)
            if not (a < c < b):
                c = (a + b) / 2.0
        fc = _toms_evaluate(f, c, data, calls + 1)
        calls += 1
        if fc == 0.0:
            return c, calls, iterations, CONVERGED
        e, fe = d, fd
        if _sign_product_positive(fa, fc):
            d, fd, a, fa = a, fa, c, fc
        else:
            d, fd, b, fb = b, fb, c, fc
        if b - a > 0.5 * width:       # the bracket did not halve: bisect
            e, fe = d, fd
            z = (a + b) / 2.0
            fz = _toms_evaluate(f, z, data, calls + 1)
            calls += 1
            if fz == 0.0:
                return z, calls, iterations, CONVERGED
            if _sign_product_positive(fa, fz):
                d, fd, a, fa = a, fa, z, fz
            else:
                d, fd, b, fb = b, fb, z, fz
        if isclose(a, b, rtol, xtol):
            return (a + b) / 2.0, calls, iterations, CONVERGED
        if iterations >= maxiter:
            if disp:
                raise RootConvergenceError("Failed to converge after %d iterations, bracket is "
                                           "[%r, %r]", iterations + 1, a, b)
            return (a + b) / 2.0, calls, iterations, CONVERR


#: the solver of each method
SOLVERS = {"brentq": _brent(False), "brenth": _brent(True), "ridder": _ridder,
           "bisect": _bisect}


# ---------------------------------------------------------------- the solver function
#: toms748's largest k (scipy's TOMS748Solver._K_MAX; larger is clamped)
_K_MAX = 100


@functools.lru_cache(maxsize=None)
def bracketing_solver(method):
    """The @njit function ``(f, a, b, args, k, xtol, rtol, maxiter, disp) ->
    (root, function_calls, iterations, status)`` of ``method``: scipy's
    checks, the solve, scipy's errors (``k`` is toms748's; the others
    ignore it).

    It is a function of its own, not inlined into the caller: compiled once
    per ``f`` (and ``args`` types) and shared by every caller and by the
    Python entry, where an inlined solver is typed again in every caller
    (about 1 s of CPU each).  Callers pass ``type_only(f)``: the glue needs
    ``f``'s type only, and the dispatcher's address passed to a call LLVM
    does not inline would make a ``cache=True`` caller uncacheable."""
    if method == "toms748":
        @njit
        def run(f, a, b, args, k, xtol, rtol, maxiter, disp):
            check_toms748_options(a, b, k, xtol, rtol, maxiter)
            data = CallbackData(A.as_args(args), (), False, (), ())
            return _toms748(f, data, a, b, min(k, _K_MAX), xtol, rtol, maxiter, disp)
        return run
    solve = SOLVERS[method]

    @njit
    def run(f, a, b, args, k, xtol, rtol, maxiter, disp):
        check_options(xtol, rtol, maxiter)
        data = CallbackData(A.as_args(args), (), False, (), ())
        x, calls, iterations, status = solve(f, data, a, b, xtol, rtol, maxiter)
        check_outcome(status, iterations, disp)
        return x, calls, iterations, status
    return run


# ---------------------------------------------------------------- the choosers
def _check_arguments(method, f, a, b, args, xtol, rtol, maxiter, full_output):
    """The typing checks of every bracketing chooser; returns ``full_output``."""
    A.check_callable(method, "f", f)
    A.check_number(method, "a", a)
    A.check_number(method, "b", b)
    A.check_args(method, args)
    A.check_number(method, "xtol", xtol)
    A.check_number(method, "rtol", rtol)
    A.check_integer(method, "maxiter", maxiter)
    return A.constant_flag(method, "full_output", full_output)


def _bracketing_chooser(method):
    """The @overload chooser of ``method`` inside @njit: ``full_output`` (a
    constant) picks the return; the arguments reach the solver function as
    float64/int64/bool, so every caller shares one compiled solver per ``f``."""
    def chooser(f, a, b, args=(), xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
                disp=True):
        full = _check_arguments(method, f, a, b, args, xtol, rtol, maxiter, full_output)
        run = bracketing_solver(method)
        if full:
            def impl(f, a, b, args=(), xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
                     disp=True):
                x, calls, iterations, status = run(type_only(f), float(a), float(b), args, 1,
                                                   float(xtol), float(rtol), int(maxiter),
                                                   bool(disp))
                return x, root_results(x, iterations, calls, status, method)
        else:
            def impl(f, a, b, args=(), xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
                     disp=True):
                return run(type_only(f), float(a), float(b), args, 1, float(xtol), float(rtol),
                           int(maxiter), bool(disp))[0]
        return impl
    chooser.__name__ = "_%s_overload" % method
    return chooser


def _toms748_overload(f, a, b, args=(), k=1, xtol=XTOL, rtol=RTOL, maxiter=ITER,
                      full_output=False, disp=True):
    """toms748's chooser: the bracketing choosers' with scipy's ``k``."""
    full = _check_arguments("toms748", f, a, b, args, xtol, rtol, maxiter, full_output)
    A.check_integer("toms748", "k", k)
    run = bracketing_solver("toms748")
    if full:
        def impl(f, a, b, args=(), k=1, xtol=XTOL, rtol=RTOL, maxiter=ITER,
                 full_output=False, disp=True):
            x, calls, iterations, status = run(type_only(f), float(a), float(b), args, int(k),
                                               float(xtol), float(rtol), int(maxiter),
                                               bool(disp))
            return x, root_results(x, iterations, calls, status, "toms748")
    else:
        def impl(f, a, b, args=(), k=1, xtol=XTOL, rtol=RTOL, maxiter=ITER,
                 full_output=False, disp=True):
            return run(type_only(f), float(a), float(b), args, int(k), float(xtol),
                       float(rtol), int(maxiter), bool(disp))[0]
    return impl


# ---------------------------------------------------------------- Python entries
def _python_call(method, f, a, b, args, k, xtol, rtol, maxiter, full_output, disp):
    """The Python entry of ``method``: scipy's argument rules, then the
    solver function (through :func:`_python_entry`); with ``full_output``
    scipy's own ``RootResults`` is made from the solver's counts."""
    if not isinstance(args, tuple):
        args = (args,)
    maxiter = A.python_int(method, "maxiter", maxiter)
    k = A.python_int(method, "k", k)
    if k > _K_MAX:
        warnings.warn("toms748: Overriding k: ->%d" % _K_MAX, RuntimeWarning, stacklevel=3)
    f = A.python_callable(method, "f", f)
    args = A.python_args(method, args)
    x, calls, iterations, status = _python_entry(f, method)(
        A.python_real(method, "a", a), A.python_real(method, "b", b), args, k,
        A.python_real(method, "xtol", xtol), A.python_real(method, "rtol", rtol), maxiter,
        bool(disp))
    if not full_output:
        return x
    from scipy.optimize import RootResults
    return x, RootResults(x, iterations, calls, status, method)


@functools.lru_cache(maxsize=None)
def _python_entry(f, method):
    """The @njit trampoline of ``method`` for the function ``f`` (a constant
    of the trampoline: typing a dispatcher argument would cost microseconds
    on every call from Python), calling the solver function."""
    run = bracketing_solver(method)

    @njit
    def entry(a, b, args, k, xtol, rtol, maxiter, disp):
        return run(type_only(f), a, b, args, k, xtol, rtol, maxiter, disp)
    return entry


_SEE_ALSO = """
    Parameters and returns are scipy's: ``f`` is an @njit function (a plain
    Python function is jitted once) returning a real number; with
    ``full_output`` the second item is a ``RootResults`` (inside @njit a
    numba struct with the same fields, ``r.root`` and ``r['root']``; boxed
    to ``scipy.optimize.RootResults``).  Inside @njit ``full_output`` must
    be a constant.  ``iterations`` is 0 when ``f`` vanishes at ``a`` or
    ``b`` (scipy 1.17 leaves it unset there).

    Raises
    ------
    ValueError
        ``f(a)`` and ``f(b)`` have the same sign, ``f`` returned NaN,
        ``xtol <= 0``, ``rtol < 4 * eps`` or ``maxiter < 0`` (scipy's messages).
    RuntimeError
        Not converged in ``maxiter`` iterations, with ``disp`` true.
"""


def brentq(f, a, b, args=(), xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
           disp=True):
    """Find a root of ``f`` in ``[a, b]`` by Brent's method with inverse
    quadratic extrapolation (scipy.optimize.brentq, compiled).
    {see_also}
    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import brentq
    >>> @njit
    ... def f(x, c):
    ...     return x**3 - 2.0 * x - c
    >>> root, r = brentq(f, 2.0, 3.0, args=(5.0,), full_output=True)
    >>> round(root, 12), r.iterations, r.function_calls, r.converged
    (2.094551481542, 7, 8, True)
    >>> @njit
    ... def roots(cs):                 # the same solve inside numba
    ...     out = cs.copy()
    ...     for i in range(cs.size):
    ...         out[i] = brentq(f, 0.0, 10.0, args=(cs[i],))
    ...     return out
    >>> import numpy as np
    >>> bool(abs(roots(np.array([5.0]))[0] - root) < 1e-12)
    True
    """
    return _python_call("brentq", f, a, b, args, 1, xtol, rtol, maxiter, full_output, disp)


def brenth(f, a, b, args=(), xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
           disp=True):
    """Find a root of ``f`` in ``[a, b]`` by Brent's method with hyperbolic
    extrapolation (scipy.optimize.brenth, compiled).
    {see_also}
    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import brenth
    >>> @njit
    ... def f(x):
    ...     return x**3 - 2.0 * x - 5.0
    >>> root, r = brenth(f, 2.0, 3.0, full_output=True)
    >>> round(root, 12), r.function_calls, r.flag
    (2.094551481542, 8, 'converged')
    """
    return _python_call("brenth", f, a, b, args, 1, xtol, rtol, maxiter, full_output, disp)


def ridder(f, a, b, args=(), xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
           disp=True):
    """Find a root of ``f`` in ``[a, b]`` by Ridders' method
    (scipy.optimize.ridder, compiled): two evaluations per iteration.
    {see_also}
    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import ridder
    >>> @njit
    ... def f(x):
    ...     return x**3 - 2.0 * x - 5.0
    >>> root, r = ridder(f, 2.0, 3.0, full_output=True)
    >>> round(root, 10), r.iterations, r.function_calls
    (2.0945514815, 6, 14)
    """
    return _python_call("ridder", f, a, b, args, 1, xtol, rtol, maxiter, full_output, disp)


def bisect(f, a, b, args=(), xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
           disp=True):
    """Find a root of ``f`` in ``[a, b]`` by bisection
    (scipy.optimize.bisect, compiled).
    {see_also}
    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import bisect
    >>> @njit
    ... def f(x):
    ...     return x**3 - 2.0 * x - 5.0
    >>> root, r = bisect(f, 2.0, 3.0, full_output=True)
    >>> round(root, 10), r.iterations, r.function_calls
    (2.0945514815, 39, 41)
    >>> bisect(f, 2.0, 3.0, maxiter=3, disp=False, full_output=True)[1].flag
    'convergence error'
    """
    return _python_call("bisect", f, a, b, args, 1, xtol, rtol, maxiter, full_output, disp)


def toms748(f, a, b, args=(), k=1, xtol=XTOL, rtol=RTOL, maxiter=ITER, full_output=False,
            disp=True):
    """Find a root of ``f`` in ``[a, b]`` by Algorithm 748 of Alefeld, Potra
    and Shi (scipy.optimize.toms748, compiled): inverse cubic interpolation
    and Newton steps on a quadratic, ``k`` of them per iteration.
    {see_also}
    toms748's own rules are scipy's too: ``a < b``, both finite, ``k >= 1``
    (above 100 it is 100, with scipy's RuntimeWarning from Python),
    ``maxiter >= 1``, ``rtol >= eps``; an infinite value of ``f`` is a
    ValueError ("Invalid function value"), and the RuntimeError names the
    last bracket.

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import toms748
    >>> @njit
    ... def f(x):
    ...     return x**3 - 1.0
    >>> root, r = toms748(f, 0.0, 2.0, full_output=True)
    >>> root, r.iterations, r.function_calls
    (1.0, 5, 11)
    """
    return _python_call("toms748", f, a, b, args, k, xtol, rtol, maxiter, full_output, disp)


for _routine in (brentq, brenth, ridder, bisect, toms748):
    _routine.__doc__ = _routine.__doc__.replace("{see_also}", _SEE_ALSO)

#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {**{name: Chooser(_bracketing_chooser(name), inline="always") for name in SOLVERS},
            "toms748": Chooser(_toms748_overload, inline="always")}
register_choosers(CHOOSERS, globals())
