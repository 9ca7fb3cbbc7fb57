"""Bracketing root finders of one equation in one unknown: ``brentq``,
``brenth``, ``ridder`` and ``bisect``, as scipy 1.17 has them.

scipy's four are C (by Charles Harris, ``scipy/optimize/Zeros``) calling the
Python function once per evaluation.  Here each is numba code following that
control flow step for step (the same tests, in the same order, on the same
doubles), so the root, ``iterations`` and ``function_calls`` are scipy's.
There is no native kernel: the user's ``@njit`` function is inlined into
the solver's loop, where a Fortran kernel would call back through a
function pointer once per evaluation, and for a scalar equation that call
is most of the cost.

Two entries, one implementation (fsolve's pattern): the Python entry
normalises its arguments and calls a small ``@njit`` trampoline, which calls
the routine again inside numba, where the chooser settles ``full_output``
and inlines the solver.  Errors are scipy's: no sign change is
``ValueError("f(a) and f(b) must have different signs")``, a NaN value of
``f`` is scipy's ValueError naming ``x``, a tolerance below scipy's floor a
ValueError, and with ``disp`` an unconverged solve a RuntimeError.
"""
import functools
import math

import numpy as np
from numba import njit
from numba.core.errors import TypingError

from lowering.callback import callback, type_only
from lowering.transforms import CallbackData, Returned
from scijit_types import result_builder
from scijit_types.errors import FormattedError

from .. import _arguments as A
from .._registration import Chooser, register_choosers

__all__ = ["bisect", "brenth", "brentq", "ridder"]

#: scipy's defaults (scipy.optimize._zeros_py: _xtol, _rtol, _iter)
_XTOL = 2e-12
_RTOL = 4 * np.finfo(float).eps
_ITER = 100

#: scipy's solver states (scipy.optimize._zeros_py's _ECONVERGED, ...) and flags;
#: NANVALUE is ours: f returned NaN at the returned x (scipy raises there, in
#: its _wrap_nan_raise; here the raise is after the solve, out of the inlined
#: loop, so that a prange loop calling the solver stays parallel)
CONVERGED, SIGNERR, CONVERR, NANVALUE = 0, -1, -2, -3
FLAGS = {CONVERGED: "converged", SIGNERR: "sign error", CONVERR: "convergence error"}


# ---------------------------------------------------------------- errors
class RootInputError(FormattedError, ValueError):
    """A tolerance or iteration count scipy refuses (its message)."""


class RootValueError(FormattedError, ValueError):
    """No sign change over the bracket, or a NaN value of ``f`` (scipy's messages)."""


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
    if rtol < _RTOL:
        raise RootInputError("rtol too small (%g < %g)", rtol, _RTOL)
    if maxiter < 0:
        raise RootInputError("maxiter must be >= 0")


@njit(cache=True)
def check_outcome(status, x, iterations, disp):
    """scipy's errors after the solve: a NaN value of f at ``x`` and no sign
    change always, no convergence with ``disp`` only (otherwise the result
    says ``converged=False``)."""
    if status == NANVALUE:
        raise RootValueError(_NAN_VALUE, x)
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


@njit(cache=True)
def _isnan(v):
    return v != v


@njit(cache=True)
def _negative(v):
    """C's ``signbit``: true for -0.0 and negative numbers."""
    return math.copysign(1.0, v) < 0.0


# ---------------------------------------------------------------- the solvers
# Each returns (root, function_calls, iterations, status).  At a root found at
# an end of the bracket scipy 1.17 leaves ``iterations`` unset (whatever the
# stack held); here it is 0.  No solver raises (see NANVALUE): a NaN value
# ends the solve at once, as scipy's raise does.

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
        fpre = _value(f, xpre, data)
        if _isnan(fpre):
            return xpre, 1, 0, NANVALUE
        fcur = _value(f, xcur, data)
        if _isnan(fcur):
            return xcur, 2, 0, NANVALUE
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
            fcur = _value(f, xcur, data)
            calls += 1
            if _isnan(fcur):
                return xcur, calls, i + 1, NANVALUE
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
    fa = _value(f, xa, data)
    if _isnan(fa):
        return xa, 1, 0, NANVALUE
    fb = _value(f, xb, data)
    if _isnan(fb):
        return xb, 2, 0, NANVALUE
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
        fm = _value(f, xm, data)
        if _isnan(fm):
            return xm, calls + 1, i + 1, NANVALUE
        dn = _sign(fb - fa) * dm * fm / math.sqrt(fm * fm - fa * fb)
        xn = xm - _sign(dn) * min(abs(dn), abs(dm) - 0.5 * tol)
        fn = _value(f, xn, data)
        calls += 2
        if _isnan(fn):
            return xn, calls, i + 1, NANVALUE
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
    fa = _value(f, xa, data)
    if _isnan(fa):
        return xa, 1, 0, NANVALUE
    fb = _value(f, xb, data)
    if _isnan(fb):
        return xb, 2, 0, NANVALUE
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
        fm = _value(f, xm, data)
        calls += 1
        if _isnan(fm):
            return xm, calls, i + 1, NANVALUE
        if _negative(fm) == _negative(fa):
            xa = xm
        if fm == 0.0 or abs(dm) < xtol + rtol * abs(xm):
            return xm, calls, i + 1, CONVERGED
    return xa, calls, maxiter, CONVERR


#: the solver of each method
SOLVERS = {"brentq": _brent(False), "brenth": _brent(True), "ridder": _ridder,
           "bisect": _bisect}


# ---------------------------------------------------------------- the solver function
@functools.lru_cache(maxsize=None)
def bracketing_solver(method):
    """The @njit function ``(f, a, b, args, xtol, rtol, maxiter, disp) ->
    (root, function_calls, iterations, status)`` of ``method``: scipy's
    checks, the solve, scipy's errors after it.

    It is a function of its own, not inlined into the caller: compiled once
    per ``f`` (and ``args`` types) and shared by every caller and by the
    Python entry, where an inlined solver is typed again in every caller
    (about 1 s of CPU each).  Callers pass ``type_only(f)``: the glue needs
    ``f``'s type only, and the dispatcher's address passed to a call LLVM
    does not inline would make a ``cache=True`` caller uncacheable."""
    solve = SOLVERS[method]

    @njit
    def run(f, a, b, args, xtol, rtol, maxiter, disp):
        check_options(xtol, rtol, maxiter)
        data = CallbackData(A.as_args(args), (), False, (), ())
        x, calls, iterations, status = solve(f, data, a, b, xtol, rtol, maxiter)
        check_outcome(status, x, iterations, disp)
        return x, calls, iterations, status
    return run


# ---------------------------------------------------------------- the chooser
def _bracketing_chooser(method):
    """The @overload chooser of ``method`` inside @njit: ``full_output`` (a
    constant) picks the return; the arguments reach the solver function as
    float64/int64/bool, so every caller shares one compiled solver per ``f``."""
    def chooser(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False,
                disp=True):
        A.check_callable(method, "f", f)
        A.check_number(method, "a", a)
        A.check_number(method, "b", b)
        A.check_args(method, args)
        A.check_number(method, "xtol", xtol)
        A.check_number(method, "rtol", rtol)
        A.check_integer(method, "maxiter", maxiter)
        full = A.literal_bool(full_output)
        if full is None:
            raise TypingError("%s: 'full_output' must be a compile-time constant inside @njit"
                              % method)
        run = bracketing_solver(method)
        if full:
            def impl(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False,
                     disp=True):
                x, calls, iterations, status = run(type_only(f), float(a), float(b), args,
                                                   float(xtol), float(rtol), int(maxiter),
                                                   bool(disp))
                return x, root_results(x, iterations, calls, status, method)
        else:
            def impl(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False,
                     disp=True):
                return run(type_only(f), float(a), float(b), args, float(xtol), float(rtol),
                           int(maxiter), bool(disp))[0]
        return impl
    chooser.__name__ = "_%s_overload" % method
    return chooser


# ---------------------------------------------------------------- Python entries
def _python_call(method, f, a, b, args, xtol, rtol, maxiter, full_output, disp):
    """The Python entry of ``method``: scipy's argument rules, then the
    solver function (through :func:`_python_entry`); with ``full_output``
    scipy's own ``RootResults`` is made from the solver's counts."""
    if not isinstance(args, tuple):
        args = (args,)
    maxiter = A.python_int(method, "maxiter", maxiter)
    f = A.python_callable(method, "f", f)
    args = A.python_args(method, args)
    x, calls, iterations, status = _python_entry(f, method)(
        _python_real(method, "a", a), _python_real(method, "b", b), args,
        _python_real(method, "xtol", xtol), _python_real(method, "rtol", rtol), maxiter,
        bool(disp))
    if not full_output:
        return x
    from scipy.optimize import RootResults
    return x, RootResults(x, iterations, calls, status, method)


def _python_real(method, argname, value):
    """``float(value)``, or a TypeError naming the argument (scipy's C entry
    says "Unable to parse arguments")."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError("%s: %r must be a real number, got %r"
                        % (method, argname, type(value).__name__)) from None


@functools.lru_cache(maxsize=None)
def _python_entry(f, method):
    """The @njit trampoline of ``method`` for the function ``f`` (a constant
    of the trampoline: typing a dispatcher argument would cost microseconds
    on every call from Python), calling the solver function."""
    run = bracketing_solver(method)

    @njit
    def entry(a, b, args, xtol, rtol, maxiter, disp):
        return run(type_only(f), a, b, args, xtol, rtol, maxiter, disp)
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


def brentq(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False,
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
    return _python_call("brentq", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


def brenth(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False,
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
    return _python_call("brenth", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


def ridder(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False,
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
    return _python_call("ridder", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


def bisect(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False,
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
    return _python_call("bisect", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


for _routine in (brentq, brenth, ridder, bisect):
    _routine.__doc__ = _routine.__doc__.replace("{see_also}", _SEE_ALSO)

#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {name: Chooser(_bracketing_chooser(name), inline="always") for name in SOLVERS}
register_choosers(CHOOSERS, globals())
