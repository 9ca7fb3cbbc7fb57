"""Small reusable steps between a solver and the user's callback.

Two things live here: the *steps* a routine names to build its callback
(:class:`Reshape`, :class:`Reflect`, :class:`PassState`, :class:`Time`, :class:`Returned`,
:class:`InPlace`, :class:`ModelOf`, :class:`UserJacobian`,
:class:`JacobianBy`, :class:`CheckFinite`: frozen, hashable descriptions,
composed by :func:`lowering.callback.callback`), with the callback data
they read (:data:`CallbackData`); and the numba functions the steps are made
of: give ``x`` the user's shape, check what came back and copy it into the
solver's buffer, make an integrand's value a float64.  Each is written once
here, in numba, and is specialised by numba on the types it meets (a scalar,
a tuple, an array of any rank or dtype), so every solver gets the same
checks and messages.
"""
from collections import namedtuple
from dataclasses import dataclass

from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from scijit_types.errors import FormattedError


class ShapeMismatchError(FormattedError, ValueError, TypeError):
    """A callback returned a result of the wrong shape.

    scipy raises TypeError here; it is also a ValueError, so both spellings
    of the check catch it.  Raised from @njit code as
    ``ShapeMismatchError(template, *values)``: the message is formatted here,
    in Python, so compiled code never builds strings (which would cost numba
    seconds of compilation).
    """


@njit(cache=True)
def same_shape(got, want):
    """True if two shape tuples (possibly of different lengths) are equal."""
    if len(got) != len(want):
        return False
    for i in range(len(want)):
        if got[i] != want[i]:
            return False
    return True


def with_shape(x, shape):
    """The solver's flat ``x`` in the user's shape (a view, no copy)."""


@overload(with_shape)
def _with_shape(x, shape):
    if isinstance(shape, types.UniTuple) and shape.count == 1:
        return lambda x, shape: x          # already flat: skip reshape's runtime call
    return lambda x, shape: x.reshape(shape)


def result_shape(r):
    """Shape of a callback's result as ``np.atleast_1d`` would give it."""


# Inlined: a call taking the result array, even on store_vector's error path,
# keeps numba from pruning store_vector's incref/decref of it, two atomic
# operations per evaluation.
@overload(result_shape, inline="always")
def _result_shape(r):
    if isinstance(r, types.Array):
        if r.ndim == 0:
            return lambda r: (1,)
        return lambda r: r.shape
    if isinstance(r, (types.Number, types.Boolean)):
        return lambda r: (1,)
    if isinstance(r, types.BaseTuple):
        n = len(r)
        return lambda r: (n,)
    raise TypingError("a callback must return a number, a tuple of numbers or an array, got %s" % r)


def store_vector(r, out):
    """Copy a callback's result ``r`` into the 1-D buffer ``out``.

    Raises ShapeMismatchError if ``r`` does not hold exactly ``out.size``
    numbers; scalars and tuples count as 1-D.
    """


@overload(store_vector)
def _store_vector(r, out):
    if isinstance(r, types.NoneType):     # a callback that can only raise
        def impl(r, out):
            raise ShapeMismatchError("callback returned None")
        return impl
    # complex values go into a complex buffer only (solve_ivp's complex y)
    scalar = (types.Number, types.Boolean) if isinstance(out.dtype, types.Complex) else (
        types.Float, types.Integer, types.Boolean)
    if isinstance(r, types.Array):
        if not isinstance(r.dtype, scalar):
            raise TypingError("a callback must return real numbers, got %s" % r)

        def impl(r, out):
            if r.size != out.size:
                raise ShapeMismatchError("callback returned an array of shape %s where %s "
                                         "was expected", result_shape(r), out.shape)
            if r.ndim == 1:           # the common case: index, no flat iterator
                for k in range(out.size):
                    out[k] = r[k]
            else:
                k = 0
                for v in r.flat:
                    out[k] = v
                    k += 1
        return impl
    if isinstance(r, scalar):
        def impl(r, out):
            if out.size != 1:
                raise ShapeMismatchError("callback returned a scalar where %s was expected",
                                         out.shape)
            out[0] = r
        return impl
    if isinstance(r, types.BaseTuple):
        n = len(r)
        if not all(isinstance(t, scalar) for t in r):
            raise TypingError("a callback returning a tuple must return real numbers, got %s" % r)

        def impl(r, out):
            if out.size != n:
                raise ShapeMismatchError("callback returned %d values where %s was expected",
                                         n, out.shape)
            for k in range(n):
                out[k] = r[k]
        return impl
    raise TypingError("a callback must return a number, a tuple of numbers or an array, got %s" % r)


def store_matrix(r, out, transpose):
    """Copy a callback's 2-D result into ``out`` (transposed if ``transpose``)."""


@overload(store_matrix)
def _store_matrix(r, out, transpose):
    if not (isinstance(r, types.Array) and r.ndim == 2
            and isinstance(r.dtype, (types.Float, types.Integer))):
        raise TypingError("a Jacobian callback must return a 2-D array of real numbers, got %s" % r)

    def impl(r, out, transpose):
        rows, cols = out.shape
        if transpose:
            rows, cols = cols, rows
        if r.shape[0] != rows or r.shape[1] != cols:
            raise ShapeMismatchError("Jacobian callback returned shape %s where %s was expected",
                                     r.shape, (rows, cols))
        if transpose:
            for i in range(rows):
                for j in range(cols):
                    out[j, i] = r[i, j]
        else:
            for j in range(cols):
                for i in range(rows):
                    out[i, j] = r[i, j]
    return impl


class IntegrandTypeError(TypingError):
    """The integrand does not return a real number."""


def as_double(value, func):
    """``float(value)``: an integrand's result as the double QUADPACK wants.

    ``func`` (the integrand, used for its name only) makes the TypingError
    for a non-number result name it.
    """


@overload(as_double)
def _as_double(value, func):
    if value == types.float64:
        return lambda value, func: value
    if isinstance(value, (types.Float, types.Integer, types.Boolean)):
        return lambda value, func: float(value)
    name = getattr(getattr(func, "dispatcher", None), "py_func", None)
    name = getattr(name, "__name__", str(func))
    raise IntegrandTypeError("the integrand %r must return a real number (a float), got %s"
                             % (name, value))



# ---------------------------------------------------------------- the steps of a callback
# A callback is built by naming its steps (see lowering.callback.callback):
# each step is a small frozen (hashable) description, and the factory makes
# one glue per (ABI form, steps), which numba then specialises on the user's
# function and the types it meets: the glue is memoised by (function, steps,
# types).  What each step reads at run time comes from the callback's data,
# a named tuple CallbackData(args, shape, col_deriv, state, passed): the
# user's ``args``, the shape the user's ``x`` has, whether the user's
# Jacobian is transposed (scipy's ``col_deriv``), the solver's own state,
# and the state a caller passes on to a function of its own (PassState) --
# both kept apart from the user's ``args``, ``()`` when there is none.

#: What the glue receives besides the array views and ``iflag``.
CallbackData = namedtuple("CallbackData", ("args", "shape", "col_deriv", "state", "passed"))


@dataclass(frozen=True)
class Reshape:
    """The user's function sees ``x`` in the shape ``data.shape`` (fsolve's
    ``keep_shape``; a 1-tuple shape is the flat ``x`` itself, at no cost)."""


@dataclass(frozen=True)
class Reflect:
    """``yscale * f(xscale * x)``, ``(xscale, yscale) = data.state``: scipy's
    reflection of an integral over ``(-inf, b]`` onto ``[-b, inf)`` (exact:
    the scales are +-1.0)."""


@dataclass(frozen=True)
class Returned:
    """The user's function returns its value ``f(x, *args)``; a vector value
    is checked to hold exactly as many numbers as the solver's buffer
    (ShapeMismatchError otherwise) and copied into it, a scalar value is
    converted to float64."""


@dataclass(frozen=True)
class PassState:
    """The function is called ``f(x, data.passed, *args)``: a function of
    scijit's own that needs its caller's state (nquad's levels: the limits
    and options of the levels, the accumulator of errors and counts) gets it
    from its own slot, not through the user's ``args``."""


@dataclass(frozen=True)
class Time:
    """The user's function takes the solver's time first, ``f(t, x,
    *args)`` (an ODE's right-hand side): the stages' ``x`` is then the pair
    ``(t, x)``, and the other steps apply to its ``x``."""


@dataclass(frozen=True)
class InPlace:
    """The user's function writes the solver's buffer itself,
    ``f(x, out, *args)`` (what it returns is ignored); a Jacobian ``out`` is
    transposed when ``data.col_deriv`` is true.  Nothing is
    allocated per evaluation."""


@dataclass(frozen=True)
class UserJacobian:
    """Two user functions ``(f, jac)``: iflag 1 evaluates ``f``, iflag 2
    ``jac`` (returned or in place, as the call step says), the returned
    matrix transposed when ``data.col_deriv`` is true.  With ``atleast_2d``
    a returned number or 1-D array is the matrix ``np.atleast_2d`` makes of
    it (one row), as scipy's least_squares reads a Jacobian."""
    atleast_2d: bool = False


@dataclass(frozen=True)
class JacobianBy:
    """One user function; iflag 2 fills the Jacobian with
    ``fn(f, x, fvec, args, data.state, out)``, an ``@njit(inline="always")``
    function of the solver's (least_squares' finite differences), ``fvec``
    holding ``f(x)``."""
    fn: object


@dataclass(frozen=True)
class CheckFinite:
    """After a vector value is stored, raise ``ValueError(message)`` if it
    holds a NaN or an infinity (the message is a compile-time constant)."""
    message: str


@dataclass(frozen=True)
class ModelOf:
    """The user's function is curve_fit's model ``f(xdata, p1, ..., pn)``:
    ``x`` holds the ``n`` parameters, passed as separate numbers after
    ``xdata``; the residual written is ``f(...) - ydata`` (a single model
    value broadcast), then ``weigh(transform, out)``; a Jacobian ``jac(xdata,
    p1, ..., pn)`` (with UserJacobian) is converted to float64, copied, then
    ``weigh_rows(transform, out)``.  ``(xdata, ydata, transform) =
    data.state``; ``weigh``, ``weigh_rows``: None or ``@njit`` functions."""
    n: int
    weigh: object = None
    weigh_rows: object = None


def difference_into(r, ydata, out):
    """out <- r - ydata (numpy's broadcasting of a single model value)."""


@overload(difference_into)
def _difference_into(r, ydata, out):
    if isinstance(r, (types.Float, types.Integer, types.Boolean)):
        def impl(r, ydata, out):
            for k in range(out.size):
                out[k] = r - ydata[k]
        return impl
    if isinstance(r, types.Array) and isinstance(r.dtype, (types.Float, types.Integer,
                                                           types.Boolean)):
        def impl(r, ydata, out):
            if r.size == 1:
                v = r.flat[0]
                for k in range(out.size):
                    out[k] = v - ydata[k]
            elif r.size != out.size:
                raise ShapeMismatchError("curve_fit: the model returned %d values for %d data "
                                         "points", r.size, out.size)
            elif r.ndim == 1:
                for k in range(out.size):
                    out[k] = r[k] - ydata[k]
            else:
                k = 0
                for v in r.flat:
                    out[k] = v - ydata[k]
                    k += 1
        return impl
    raise TypingError("curve_fit: the model must return a real number or an array of real "
                      "numbers, got %s" % r)
