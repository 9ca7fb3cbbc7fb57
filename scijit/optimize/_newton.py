"""``newton``: the secant, Newton and Halley iterations of scipy 1.17's
``scipy.optimize.newton`` for a scalar ``x0``.

scipy's is Python; here each iteration is numba code following its control
flow (the same tests, in the same order, on the same doubles), so the root,
``iterations`` and ``function_calls`` are scipy's.  Which iteration runs is
scipy's rule: no ``fprime`` is the secant method, ``fprime`` Newton's, and
``fprime`` with ``fprime2`` Halley's.  As for the bracketing solvers
(``_zeros``), the solver is one @njit function per set of user functions,
shared by every caller and by the Python entry's trampoline.

scipy warns (RuntimeWarning) when, with ``disp=False``, the derivative
vanishes or the secant's two values coincide; the Python entry gives the
same warnings, inside @njit there are none (numba has no warnings: read
``converged``).  An array ``x0`` runs scipy's vectorised newton
(:mod:`._array_newton`).
"""
import functools
import warnings

import numpy as np
from numba import njit
from numba.core import types
from numba.core.errors import TypingError

from lowering.callback import callback, type_only
from lowering.transforms import CallbackData, Returned

from .. import _arguments as A
from .._registration import Chooser, register_choosers
from . import _array_newton as V
from ._zeros import CONVERGED, CONVERR, RootConvergenceError, RootInputError, isclose, \
    root_results

__all__ = ["newton"]

#: scipy's defaults
TOL = 1.48e-8
MAXITER = 50

#: why an unconverged solve stopped, for scipy's warnings from Python
RAN_OUT, ZERO_DERIVATIVE, TOLERANCE_REACHED = 0, 1, 2

#: the iteration of each kind, as scipy names it in RootResults.method
METHOD_NAMES = ("secant", "newton", "halley")
SECANT, NEWTON, HALLEY = 0, 1, 2

_NOT_CONVERGED = "Failed to converge after %d iterations, value is %s."


@njit(cache=True)
def check_newton_options(x0, x1, has_x1, tol, maxiter):
    """scipy's checks, in its order."""
    if tol <= 0.0:
        raise RootInputError("tol too small (%g <= 0)", tol)
    if maxiter < 1:
        raise RootInputError("maxiter must be greater than 0")
    if has_x1 and x1 == x0:
        raise RootInputError("x1 and x0 must be different")


@njit(cache=True)
def newton_results(root, iterations, function_calls, status, kind):
    """scipy's ``RootResults`` of a newton solve (``kind``: the iteration run)."""
    if kind == HALLEY:
        method = "halley"
    elif kind == NEWTON:
        method = "newton"
    else:
        method = "secant"
    return root_results(root, iterations, function_calls, status, method)


#: f(x, *args) as a float64, and as f returns it (the transform stack's
#: Returned stages)
_value = callback((Returned(),)).scalar
_returned = callback((Returned(),)).value


# ---------------------------------------------------------------- the iterations
# Each returns (root, function_calls, f_calls, iterations, status, why, detail,
# kind): ``f_calls`` is how often the user's f ran, ``why`` and ``detail``
# say why an unconverged solve stopped (the secant's last step for
# TOLERANCE_REACHED), ``kind`` which iteration ran (scipy
# names a Halley solve "newton" when f vanishes before fprime2 is called).

# Where the values come from (chosen in Python, see newton_solver): ``value``
# gives f and what the derivatives may reuse, ``derivative`` and ``second``
# f' and f'' with the number of extra calls of ``f`` they made.

@njit(inline="always")
def _value_called(f, x, data):
    v = _value(f, x, data)
    return v, v


@njit(inline="always")
def _value_of_tuple(f, x, data):
    """``f`` returns (f, f'[, f'']): root_scalar's ``fprime=True``."""
    vals = _returned(f, x, data)
    return float(vals[0]), vals


@njit(inline="always")
def _derivative_called(f, fprime, x, data, vals):
    return _value(fprime, x, data), 0


def _of_tuple(index):
    """f's returned tuple's item ``index`` (1: f', 2: f''), as scipy's
    MemoizeDer gives it: f again only where x differs from the cached x
    (a NaN x)."""
    @njit(inline="always")
    def component(f, fprime, x, data, vals):
        if x != x:
            return float(_returned(f, x, data)[index]), 1
        return float(vals[index]), 0
    return component


_SQRT_EPS = np.finfo(np.float64).eps ** 0.5


@njit(inline="always")
def _derivative_by_difference(f, fprime, x, data, vals):
    """root_scalar's Newton without fprime: scipy's approx_derivative,
    '2-point', unbounded (f at x and at x + h, h = sqrt(eps) max(1, |x|)
    signed as x, +1 at 0)."""
    f0 = _value(f, x, data)
    sign = 1.0 if x >= 0 else -1.0
    h = _SQRT_EPS * sign * max(1.0, abs(x))
    stepped = x + h
    f1 = _value(f, stepped, data)
    return (f1 - f0) / (stepped - x), 2


def _newton_iteration(value, derivative, second):
    """Newton's iteration (Halley's with ``second``) with these sources:
    scipy's loop.  ``calls`` is newton's count (one per evaluation it asks
    for), ``fcalls`` the user's f's own (what root_scalar reports when f
    returns its derivatives)."""
    halley = second is not None
    second = second if halley else _derivative_called       # (never called then)

    @njit(inline="always")
    def iterate(f, fprime, fprime2, data, x0, tol, maxiter, rtol, disp):
        p0 = x0
        p = x0
        calls = 0
        fcalls = 0
        kind = NEWTON
        for itr in range(maxiter):
            fval, vals = value(f, p0, data)
            calls += 1
            fcalls += 1
            if fval == 0.0:
                return p0, calls, fcalls, itr, CONVERGED, RAN_OUT, 0.0, kind
            fder, extra = derivative(f, fprime, p0, data, vals)
            calls += 1
            fcalls += extra
            if fder == 0.0:
                if disp:
                    raise RootConvergenceError("Derivative was zero. " + _NOT_CONVERGED, itr + 1,
                                               p0)
                return p0, calls, fcalls, itr + 1, CONVERR, ZERO_DERIVATIVE, 0.0, kind
            newton_step = fval / fder
            if halley:
                fder2, extra = second(f, fprime2, p0, data, vals)
                calls += 1
                fcalls += extra
                kind = HALLEY
                # Halley's correction, only while it keeps the step's direction
                adj = newton_step * fder2 / fder / 2
                if abs(adj) < 1:
                    newton_step /= 1.0 - adj
            p = p0 - newton_step
            if isclose(p, p0, rtol, tol):
                return p, calls, fcalls, itr + 1, CONVERGED, RAN_OUT, 0.0, kind
            p0 = p
        if disp:
            raise RootConvergenceError(_NOT_CONVERGED, maxiter, p)
        return p, calls, fcalls, maxiter, CONVERR, RAN_OUT, 0.0, kind
    return iterate


@njit(inline="always")
def _secant(f, data, x0, x1, has_x1, tol, maxiter, rtol, disp):
    """The secant iteration: scipy's loop, from x0 and x1 (by default x0
    moved by 1e-4 relative and 1e-4 absolute), the better point last."""
    p0 = x0
    if has_x1:
        p1 = x1
    else:
        eps = 1e-4
        p1 = x0 * (1 + eps)
        p1 += eps if p1 >= 0 else -eps
    q0 = _value(f, p0, data)
    q1 = _value(f, p1, data)
    calls = 2
    if abs(q1) < abs(q0):
        p0, p1, q0, q1 = p1, p0, q1, q0
    p = p1
    for itr in range(maxiter):
        if q1 == q0:
            if p1 != p0:
                if disp:
                    raise RootConvergenceError("Tolerance of %s reached. " + _NOT_CONVERGED,
                                               p1 - p0, itr + 1, p1)
                return (p1 + p0) / 2.0, calls, calls, itr + 1, CONVERR, TOLERANCE_REACHED, \
                    p1 - p0, SECANT
            return (p1 + p0) / 2.0, calls, calls, itr + 1, CONVERR, RAN_OUT, 0.0, SECANT
        if abs(q1) > abs(q0):
            p = (-q0 / q1 * p1 + p0) / (1 - q0 / q1)
        else:
            p = (-q1 / q0 * p0 + p1) / (1 - q1 / q0)
        if isclose(p, p1, rtol, tol):
            return p, calls, calls, itr + 1, CONVERGED, RAN_OUT, 0.0, SECANT
        p0, q0 = p1, q1
        p1 = p
        q1 = _value(f, p1, data)
        calls += 1
    if disp:
        raise RootConvergenceError(_NOT_CONVERGED, maxiter, p)
    return p, calls, calls, maxiter, CONVERR, RAN_OUT, 0.0, SECANT


# ---------------------------------------------------------------- the solver function
_DERIVATIVES = {"function": _derivative_called, "tuple": _of_tuple(1),
                "difference": _derivative_by_difference}
_SECONDS = {"function": _derivative_called, "tuple": _of_tuple(2)}


@functools.lru_cache(maxsize=None)
def newton_solver(kind, fprime_from="function", fprime2_from="function"):
    """The @njit function ``(f, fprime, fprime2, x0, args, tol, maxiter, x1,
    has_x1, rtol, disp)`` of the iteration ``kind`` (SECANT, NEWTON,
    HALLEY), returning the iterations' tuple.  ``fprime_from`` says where
    f' comes from (the function ``fprime``, f's returned tuple, or a finite
    difference of f: root_scalar's choices), ``fprime2_from`` the same for
    f''.  A function of its own, compiled once per user functions and
    shared (see ``_zeros``); callers pass the functions as ``type_only``,
    an unused one as ``f`` again."""
    if kind == SECANT:
        @njit
        def run(f, fprime, fprime2, x0, args, tol, maxiter, x1, has_x1, rtol, disp):
            check_newton_options(x0, x1, has_x1, tol, maxiter)
            data = CallbackData(A.as_args(args), (), False, (), ())
            return _secant(f, data, x0, x1, has_x1, tol, maxiter, rtol, disp)
        return run
    tuple_valued = fprime_from == "tuple" or (kind == HALLEY and fprime2_from == "tuple")
    iterate = _newton_iteration(_value_of_tuple if tuple_valued else _value_called,
                                _DERIVATIVES[fprime_from],
                                _SECONDS[fprime2_from] if kind == HALLEY else None)

    @njit
    def run(f, fprime, fprime2, x0, args, tol, maxiter, x1, has_x1, rtol, disp):
        check_newton_options(x0, x1, False, tol, maxiter)     # scipy ignores x1 here
        data = CallbackData(A.as_args(args), (), False, (), ())
        return iterate(f, fprime, fprime2, data, x0, tol, maxiter, rtol, disp)
    return run


@functools.lru_cache(maxsize=None)
def pick_function(use_given):
    """An inline ``(f, g) -> g`` with ``use_given``, else ``-> f``: the
    user's derivative, or ``f`` again for one the iteration does not use
    (one type fewer to compile for)."""
    if use_given:
        return njit(inline="always")(lambda f, g: g)
    return njit(inline="always")(lambda f, g: f)


def _kind(fprime_given, fprime2_given):
    """scipy's choice: no fprime is the secant; fprime2 matters only with fprime."""
    if not fprime_given:
        return SECANT
    return HALLEY if fprime2_given else NEWTON


# ---------------------------------------------------------------- the chooser
def _newton_overload(func, x0, fprime=None, args=(), tol=TOL, maxiter=MAXITER, fprime2=None,
                     x1=None, rtol=0.0, full_output=False, disp=True):
    A.check_callable("newton", "func", func)
    if isinstance(x0, (types.Array, types.BaseTuple, types.List)):
        return _array_overload(func, x0, fprime, args, tol, maxiter, fprime2, x1, rtol,
                               full_output, disp)
    A.check_number("newton", "x0", x0)
    A.check_callable("newton", "fprime", fprime, optional=True)
    A.check_args("newton", args)
    A.check_number("newton", "tol", tol)
    A.check_integer("newton", "maxiter", maxiter)
    A.check_callable("newton", "fprime2", fprime2, optional=True)
    A.check_number("newton", "x1", x1, optional=True)
    A.check_number("newton", "rtol", rtol)
    full = A.constant_flag("newton", "full_output", full_output)
    kind = _kind(not A.is_none(fprime), not A.is_none(fprime2))
    run = newton_solver(kind)
    has_x1 = not A.is_none(x1)
    first, second = pick_function(kind != SECANT), pick_function(kind == HALLEY)

    def solve(func, x0, fprime, args, tol, maxiter, fprime2, x1, rtol, disp):
        return run(type_only(func), type_only(first(func, fprime)),
                   type_only(second(func, fprime2)), float(x0), args, float(tol), int(maxiter),
                   A.float_or(x1, 0.0), has_x1, float(rtol), bool(disp))
    solve = njit(inline="always")(solve)
    if full:
        def impl(func, x0, fprime=None, args=(), tol=TOL, maxiter=MAXITER, fprime2=None,
                 x1=None, rtol=0.0, full_output=False, disp=True):
            x, calls, _, iterations, status, _, _, ran = solve(func, x0, fprime, args, tol,
                                                               maxiter, fprime2, x1, rtol, disp)
            return x, newton_results(x, iterations, calls, status, ran)
    else:
        def impl(func, x0, fprime=None, args=(), tol=TOL, maxiter=MAXITER, fprime2=None,
                 x1=None, rtol=0.0, full_output=False, disp=True):
            return solve(func, x0, fprime, args, tol, maxiter, fprime2, x1, rtol, disp)[0]
    return impl


def _array_overload(func, x0, fprime, args, tol, maxiter, fprime2, x1, rtol, full_output,
                    disp):
    """The chooser's implementation for an array ``x0`` (inside @njit an
    array always takes scipy's vectorised path, whatever its size)."""
    if isinstance(x0, types.Array) and not isinstance(x0.dtype, (types.Float, types.Integer)):
        raise TypingError("newton: an array 'x0' must hold real numbers, got %s" % x0)
    A.check_callable("newton", "fprime", fprime, optional=True)
    A.check_args("newton", args)
    A.check_number("newton", "tol", tol)
    A.check_integer("newton", "maxiter", maxiter)
    A.check_callable("newton", "fprime2", fprime2, optional=True)
    full = A.constant_flag("newton", "full_output", full_output)
    kind = _kind(not A.is_none(fprime), not A.is_none(fprime2))
    run = V.array_newton_solver(kind)
    first, second = pick_function(kind != SECANT), pick_function(kind == HALLEY)
    shape_of = _array_shape if isinstance(x0, types.Array) else _sequence_shape

    def solve(func, x0, fprime, args, tol, maxiter, fprime2):
        return run(type_only(func), type_only(first(func, fprime)),
                   type_only(second(func, fprime2)), A.as_float_vector(x0), shape_of(x0),
                   args, float(tol), int(maxiter))
    solve = njit(inline="always")(solve)
    if full:
        def impl(func, x0, fprime=None, args=(), tol=TOL, maxiter=MAXITER, fprime2=None,
                 x1=None, rtol=0.0, full_output=False, disp=True):
            root, converged, zero_der, _, _ = solve(func, x0, fprime, args, tol, maxiter,
                                                    fprime2)
            return V.ArrayNewtonResult(root, converged, zero_der)
    else:
        def impl(func, x0, fprime=None, args=(), tol=TOL, maxiter=MAXITER, fprime2=None,
                 x1=None, rtol=0.0, full_output=False, disp=True):
            return solve(func, x0, fprime, args, tol, maxiter, fprime2)[0]
    return impl


@njit(inline="always")
def _array_shape(x0):
    return x0.shape


@njit(inline="always")
def _sequence_shape(x0):
    return (len(x0),)


# ---------------------------------------------------------------- the Python entry
def warn_unconverged(why, detail, stacklevel):
    """scipy's RuntimeWarning for a scalar solve that stopped unconverged with
    ``disp=False`` (newton's, and root_scalar's, which runs newton so); ``stacklevel``
    as ``warnings.warn``'s, counted from the caller of this function."""
    if why == ZERO_DERIVATIVE:
        warnings.warn("Derivative was zero.", RuntimeWarning, stacklevel=stacklevel)
    elif why == TOLERANCE_REACHED:
        warnings.warn("Tolerance of %s reached." % detail, RuntimeWarning,
                      stacklevel=stacklevel)


@functools.lru_cache(maxsize=None)
def _python_entry(func, fprime, fprime2):
    """The @njit trampoline for these functions (constants of it), calling
    the solver function."""
    kind = _kind(fprime is not None, fprime2 is not None)
    run = newton_solver(kind)
    first = func if kind == SECANT else fprime
    second = fprime2 if kind == HALLEY else func

    @njit
    def entry(x0, args, tol, maxiter, x1, has_x1, rtol, disp):
        return run(type_only(func), type_only(first), type_only(second), x0, args, tol,
                   maxiter, x1, has_x1, rtol, disp)
    return entry


def newton(func, x0, fprime=None, args=(), tol=TOL, maxiter=MAXITER, fprime2=None, x1=None,
           rtol=0.0, full_output=False, disp=True):
    """Find a root of ``func`` near ``x0`` by the secant method, Newton's, or
    Halley's (scipy.optimize.newton for a scalar ``x0``, compiled).

    Parameters and returns are scipy's: ``func``, ``fprime`` and ``fprime2``
    are @njit functions (plain Python functions are jitted once) returning
    real numbers; no ``fprime`` runs the secant method from ``x0`` and
    ``x1`` (default: ``x0`` moved by 1e-4), ``fprime`` Newton's, and both
    Halley's.  With ``full_output`` the second item is a ``RootResults``
    (inside @njit a numba struct with the same fields; boxed to
    ``scipy.optimize.RootResults``); inside @njit ``full_output`` must be a
    constant.  An array ``x0`` runs scipy's vectorised form: the functions
    take and return arrays of ``x0``'s shape, the result is the array of
    roots (with ``full_output`` scipy's ``(root, converged, zero_der)``
    namedtuple); inside @njit an array ``x0`` takes that path whatever its
    size (scipy takes the scalar path for one element).

    Raises
    ------
    ValueError
        ``tol <= 0``, ``maxiter < 1``, or (secant) ``x1 == x0`` (scipy's messages).
    RuntimeError
        With ``disp`` true: not converged in ``maxiter`` iterations, a zero
        derivative, or (secant) two equal function values.  With ``disp``
        false these return ``converged=False``, and from Python a zero
        derivative or equal values warn as scipy does.

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import newton
    >>> @njit
    ... def f(x):
    ...     return x**3 - 2.0 * x - 5.0
    >>> @njit
    ... def df(x):
    ...     return 3.0 * x**2 - 2.0
    >>> root, r = newton(f, 2.0, fprime=df, full_output=True)
    >>> round(root, 12), r.iterations, r.function_calls, r.method
    (2.094551481542, 4, 8, 'newton')
    >>> round(newton(f, 2.0), 12)                      # the secant method
    2.094551481542
    """
    if not isinstance(args, tuple):
        args = (args,)
    if np.size(x0) != 1:
        return _python_array_newton(func, x0, fprime, args, tol, maxiter, fprime2, full_output)
    shape = np.shape(x0)            # a one-element array: scipy's scalar path, x0's shape kept
    if shape:
        x0 = np.asarray(x0).reshape(())[()]
    maxiter = A.python_int("newton", "maxiter", maxiter)
    func = A.python_callable("newton", "func", func)
    fprime = None if fprime is None else A.python_callable("newton", "fprime", fprime)
    fprime2 = None if fprime2 is None else A.python_callable("newton", "fprime2", fprime2)
    args = A.python_args("newton", args)
    has_x1 = x1 is not None
    x, calls, _, iterations, status, why, detail, ran = _python_entry(func, fprime, fprime2)(
        A.python_real("newton", "x0", x0), args, A.python_real("newton", "tol", tol), maxiter,
        A.python_real("newton", "x1", x1) if has_x1 else 0.0, has_x1,
        A.python_real("newton", "rtol", rtol), bool(disp))
    warn_unconverged(why, detail, stacklevel=3)
    x = np.float64(x)                  # scipy's type (it computes with np.asarray(x0))
    if shape:
        x = np.full(shape, x)
    if not full_output:
        return x
    from scipy.optimize import RootResults
    return x, RootResults(x, iterations, calls, status, METHOD_NAMES[ran])


@functools.lru_cache(maxsize=None)
def _python_array_entry(func, fprime, fprime2):
    """The @njit trampoline of the vectorised newton for these functions."""
    kind = _kind(fprime is not None, fprime2 is not None)
    run = V.array_newton_solver(kind)
    first = func if kind == SECANT else fprime
    second = fprime2 if kind == HALLEY else func

    @njit
    def entry(x0, shape, args, tol, maxiter):
        return run(type_only(func), type_only(first), type_only(second), x0, shape, args, tol,
                   maxiter)
    return entry


def _python_array_newton(func, x0, fprime, args, tol, maxiter, fprime2, full_output):
    """scipy's vectorised newton from Python: its checks, the solver, its
    warnings (stacklevel: the user's call of newton)."""
    tol = A.python_real("newton", "tol", tol)
    if tol <= 0:
        raise ValueError(f"tol too small ({tol:g} <= 0)")
    maxiter = A.python_int("newton", "maxiter", maxiter)
    if maxiter < 1:
        raise ValueError("maxiter must be greater than 0")
    func = A.python_callable("newton", "func", func)
    fprime = None if fprime is None else A.python_callable("newton", "fprime", fprime)
    fprime2 = None if fprime2 is None else A.python_callable("newton", "fprime2", fprime2)
    args = A.python_args("newton", args)
    x0 = A.python_real_vector("newton", "x0", x0)
    root, converged, zero_der, warning, rms = _python_array_entry(func, fprime, fprime2)(
        x0.reshape(-1).copy(), x0.shape, args, tol, maxiter)
    if warning == V.RMS_REACHED:
        warnings.warn(f"RMS of {rms:g} reached", RuntimeWarning, stacklevel=3)
    elif warning == V.ZERO_DERIVATIVES:
        which = "all" if zero_der.all() else "some"
        warnings.warn(f"{which:s} derivatives were zero", RuntimeWarning, stacklevel=3)
    elif warning == V.SOME_FAILED:
        warnings.warn(f"some failed to converge after {maxiter:d} iterations", RuntimeWarning,
                      stacklevel=3)
    if full_output:
        return V.ArrayNewtonResult(root, converged, zero_der)
    return root


#: the @njit implementation of this module's routine (scijit._registration)
CHOOSERS = {"newton": Chooser(_newton_overload, inline="always")}
register_choosers(CHOOSERS, globals())
