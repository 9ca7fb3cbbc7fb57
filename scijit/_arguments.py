"""Settling scipy's argument spellings, at compile time and at run time.

scipy accepts a scalar, a list, a tuple or an array for the same argument,
``None`` or a value for options, and flags that change what a function
returns.  In @njit code each spelling is a different numba type; the helpers
here settle them once for every public routine:

* compile-time (used by the ``@overload`` choosers): :func:`constant` (the
  one reader of constant arguments) and :func:`literal_bool`,
  :func:`is_none`, :func:`check_callable`, :func:`check_args`, and
  :func:`raiser` (a check settled at compile time, raised at run time);
* run-time (``@njit`` helpers, overloaded per input type):
  :func:`as_float_vector`, :func:`as_args`, :func:`float_or`;
* the Python entries' counterparts: :func:`python_callable`, :func:`python_int`,
  :func:`python_float_vector`, :func:`python_real_vector`, :func:`python_args`.
"""
import inspect
import numbers
import operator

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload, is_jitted

_NUMERIC = (types.Integer, types.Float, types.Boolean)


# ---------------------------------------------------------------- compile time
_SCALAR_LITERALS = (types.StringLiteral, types.IntegerLiteral, types.BooleanLiteral)


def constant(ty, otherwise=None):
    """The compile-time value of an argument, from its numba type.

    An omitted argument's default (numba passes either the Python value
    itself or ``types.Omitted``), a string, integer or bool literal's value,
    None for ``types.NoneType``; ``otherwise`` for a type whose value is known
    only at run time.  The one reader of constant arguments: the choosers
    settle ``method=``, ``bc_type=``, ``weight=``, ... with it.

    Examples
    --------
    >>> from numba import types
    >>> constant(types.literal("natural"))
    'natural'
    >>> constant(types.Omitted(None)) is None
    True
    >>> constant(types.float64, otherwise="run time")
    'run time'
    """
    if isinstance(ty, types.Omitted):
        return ty.value
    if isinstance(ty, _SCALAR_LITERALS):
        return ty.literal_value
    if isinstance(ty, types.NoneType):
        return None
    if not isinstance(ty, types.Type):
        return ty                        # argument omitted: numba passed the default
    return otherwise


def constant_str(ty):
    """:func:`constant`'s value if it is a string, else None."""
    value = constant(ty)
    return value if isinstance(value, str) else None


def literal_bool(value):
    """The constant value of a bool-ish argument type, or None if not constant."""
    value = constant(value)
    return bool(value) if isinstance(value, (bool, int)) else None


def constant_flag(routine, name, value):
    """The constant value of the flag argument ``name`` (``full_output``,
    ``inplace``, ...), which picks the compiled code and so must be known at
    compile time inside @njit; a TypingError naming it if it is not."""
    flag = literal_bool(value)
    if flag is None:
        raise TypingError("%s: '%s' must be a compile-time constant inside @njit"
                          % (routine, name))
    return flag


def raiser(exc, message, arity=0, inline=True):
    """An inline @njit function of ``arity`` (ignored) arguments raising
    ``exc(message)``; with ``message`` None, one doing nothing.

    For a check the chooser settles at compile time whose error scipy raises
    at run time.  It is inlined, so it may stand where the caller expects a
    function returning values: the raise ends the block.  ``inline=False``
    makes an ordinary call instead, for a caller that must itself stay typed
    as returning values after it (numba types a function that only raises
    as returning None).

    Examples
    --------
    >>> from numba import njit
    >>> fail = raiser(ValueError, "bc_type=bad is not allowed.", arity=1)
    >>> @njit
    ... def build(x):
    ...     fail(x)
    >>> build(1.0)
    Traceback (most recent call last):
    ...
    ValueError: bc_type=bad is not allowed.
    """
    names = ", ".join("a%d" % i for i in range(arity))
    body = "pass" if message is None else "raise exc(message)"
    scope = {"exc": exc, "message": message}
    # an exec'd def: numba's inliner refuses *args, and the arity varies
    exec("def fail(%s):\n    %s\n" % (names, body), scope)
    return njit(inline="always" if inline else "never")(scope["fail"])


def is_none(value):
    """True if the argument type is None (passed or omitted)."""
    return (value is None or isinstance(value, types.NoneType)
            or (isinstance(value, types.Omitted) and value.value is None))


def check_callable(routine, argname, fn, optional=False):
    """Require an @njit function (TypingError naming the argument otherwise)."""
    if optional and is_none(fn):
        return
    if not isinstance(fn, types.Dispatcher):
        raise TypingError("%s: %r must be an @njit function, got %s" % (routine, argname, fn))


def _numeric_arg(ty):
    if isinstance(ty, _NUMERIC):
        return True
    if isinstance(ty, types.Array):
        return isinstance(ty.dtype, _NUMERIC)
    if isinstance(ty, types.BaseTuple):
        return all(_numeric_arg(t) for t in ty)
    return False


def check_integer(routine, argname, ty, optional=False, bool_ok=True):
    """An integer argument (a count, an order, an axis) inside @njit: an int
    type (or a bool, unless ``bool_ok`` is False), or omitted (its default),
    or None with ``optional``; anything else, a float included (scipy's C
    entries refuse a non-integral number), is a TypingError naming the
    argument.  The one integer check of the choosers.

    Examples
    --------
    >>> from numba import types
    >>> check_integer("quad", "limit", types.int64)
    >>> check_integer("quad", "limit", types.float64)
    Traceback (most recent call last):
    ...
    numba.core.errors.TypingError: quad: 'limit' must be an integer, got float64
    """
    if isinstance(ty, types.Omitted):
        ty = ty.value
    if isinstance(ty, (bool, types.Boolean)):
        if bool_ok:
            return
    elif isinstance(ty, (int, types.Integer)):
        return
    if optional and is_none(ty):
        return
    raise TypingError("%s: %r must be an integer, got %s" % (routine, argname, ty))


def check_number(routine, argname, ty, optional=False):
    """A real number argument (a spacing, an initial value) inside @njit: an
    int, float or bool type, or omitted (its default), or None with
    ``optional``; anything else is a TypingError naming the argument.

    Examples
    --------
    >>> from numba import types
    >>> check_number("trapezoid", "dx", types.float64)
    >>> check_number("trapezoid", "dx", types.unicode_type)
    Traceback (most recent call last):
    ...
    numba.core.errors.TypingError: trapezoid: 'dx' must be a number, got unicode_type
    """
    if isinstance(ty, types.Omitted):
        ty = ty.value
    if isinstance(ty, _NUMERIC + (int, float)):
        return
    if optional and is_none(ty):
        return
    raise TypingError("%s: %r must be a number, got %s" % (routine, argname, ty))


def check_args(routine, args):
    """``args`` must be numbers, numeric arrays or tuples of them."""
    if isinstance(args, (tuple, types.Omitted)):       # omitted: the default ()
        return
    items = args if isinstance(args, types.BaseTuple) else (args,)
    for i, ty in enumerate(items):
        if not _numeric_arg(ty):
            raise TypingError("%s: 'args' must hold numbers and numeric arrays; args[%d] is %s"
                              % (routine, i, ty))


# ---------------------------------------------------------------- run time (njit)
def as_float_vector(value):
    """A new flat float64 C array from a scalar, list, tuple or array."""


@overload(as_float_vector)
def _as_float_vector(value):
    if isinstance(value, _NUMERIC):
        return lambda value: np.full(1, value, dtype=np.float64)
    if isinstance(value, types.Array) and isinstance(value.dtype, _NUMERIC):
        return lambda value: value.astype(np.float64).reshape(value.size)
    if isinstance(value, (types.List, types.BaseTuple)):
        def impl(value):
            out = np.empty(len(value), dtype=np.float64)
            for i in range(len(value)):
                out[i] = value[i]
            return out
        return impl
    raise TypingError("expected a number, list, tuple or array of real numbers, got %s" % value)


def as_args(args):
    """scipy's rule: a non-tuple ``args`` means ``(args,)``."""


@overload(as_args)
def _as_args(args):
    if isinstance(args, types.BaseTuple):
        return lambda args: args
    return lambda args: (args,)


def float_or(value, default):
    """``default`` if ``value`` is None, else ``float(value)``."""


@overload(float_or)
def _float_or(value, default):
    if is_none(value):
        return lambda value, default: float(default)
    return lambda value, default: float(value)


# ---------------------------------------------------------------- Python entries
_jitted = {}
_DISPATCHER = type(njit(lambda: None))     # numba's CPU dispatcher class (not compiled)


def python_callable(routine, argname, fn):
    """An @njit dispatcher for ``fn``: a plain Python function or a numpy ufunc is jitted
    once (and kept for the next call with the same object); a callable numba cannot
    compile (a bound method, an instance with ``__call__``) is a TypeError naming it."""
    if type(fn) is _DISPATCHER or is_jitted(fn):     # (the first test is the fast one)
        return fn
    if not callable(fn):
        raise TypeError("%s: %r must be a function, got %r" % (routine, argname, type(fn).__name__))
    try:
        return _jitted[fn]
    except KeyError:
        jf = _jitted[fn] = _jit_python_callable(routine, argname, fn)
        return jf
    except TypeError:                  # unhashable callable
        return _jit_python_callable(routine, argname, fn)


def _jit_python_callable(routine, argname, fn):
    if isinstance(fn, np.ufunc):
        # numba cannot decorate a ufunc but compiles a call of one (np.sin as a callback)
        def call_ufunc(*args):
            return fn(*args)
        return njit(call_ufunc)
    try:
        return njit(fn)
    except TypeError:                  # numba decorates functions only
        kind = "a bound method" if inspect.ismethod(fn) else "a %s object" % type(fn).__name__
        raise TypeError(
            "%s: %r is %s, which numba cannot compile: pass a plain Python function or an "
            "@njit function (%r)" % (routine, argname, kind, fn)) from None


def python_int(routine, argname, value):
    """``operator.index(value)``: an integer argument as scipy's C entries
    take it, refusing a float (even 10.0) or a string with their TypeError
    ("'float' object cannot be interpreted as an integer"), named."""
    try:
        return operator.index(value)
    except TypeError as exc:
        raise TypeError("%s: %r must be an integer: %s" % (routine, argname, exc)) from None


def python_real(routine, argname, value):
    """``float(value)``: a real scalar argument, or a TypeError naming it
    (scipy's C entries say "Unable to parse arguments")."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError("%s: %r must be a real number, got %r"
                        % (routine, argname, type(value).__name__)) from None


def python_float_vector(routine, argname, value):
    """A float64 copy of ``value`` (any shape), or TypeError naming it."""
    try:
        arr = np.array(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError("%s: %r must be real numbers: %s" % (routine, argname, exc)) from None
    return arr


def python_real_vector(routine, argname, value):
    """As :func:`python_float_vector`, but complex values are refused with a
    TypeError, as scipy's MINPACK entries refuse them (numpy's 'safe' cast),
    instead of numpy's warning and the imaginary part dropped."""
    if np.iscomplexobj(value):
        raise TypeError("%s: %r must be real: cannot cast array data from dtype('complex128') to "
                        "dtype('float64') according to the rule 'safe'" % (routine, argname))
    return python_float_vector(routine, argname, value)


def _python_numeric(value):
    if isinstance(value, (numbers.Real, np.bool_, bool)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "biuf"
    if isinstance(value, tuple):
        return all(_python_numeric(v) for v in value)
    return False


def _list_to_array(value):
    """A list of numbers becomes an array (numba's reflected lists are slow)."""
    if isinstance(value, list):
        arr = np.asarray(value)
        if arr.dtype.kind in "biuf":
            return arr
    return value


def python_args(routine, args):
    """scipy's ``args`` rule plus the numeric check; TypeError naming ``args``."""
    if type(args) is tuple and not args:
        return args
    if not isinstance(args, tuple):
        args = (args,)
    args = tuple(_list_to_array(a) for a in args)
    for i, a in enumerate(args):
        if not _python_numeric(a):
            raise TypeError("%s: 'args' must hold numbers and numeric arrays; args[%d] is %r"
                            % (routine, i, type(a).__name__))
    return args
