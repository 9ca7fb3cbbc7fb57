"""scipy 1.17's elementwise root finding and minimisation
(``scipy.optimize.elementwise``): ``find_root``, ``find_minimum``,
``bracket_root`` and ``bracket_minimum``, from Python and inside @njit.

scipy runs each algorithm on arrays, evaluating ``f`` on all the elements
still active at once.  The elements are independent, so here they are solved
in blocks of 128 (find_root, find_minimum) or one after the other (the
bracket searches) by numba code (:mod:`._elementwise_kernels`) with scipy's
arithmetic in scipy's order, element by element: the same doubles, and the
same per-element ``nit``, ``nfev`` and ``status``.  The user's function is
called with one float ``x`` and that element's ``args`` (numbers), which is
what a numba function wants; ``parallel=True`` spreads the elements over
threads.

Two entries, one implementation, as the scalar root finders (:mod:`._zeros`):
the solver of each routine (:func:`elementwise_solver`) is one @njit
function, compiled once per user function (and argument types) and called
with ``type_only(f)`` by the @njit chooser and by the Python entry's small
trampoline.  Both hand it the same things: the initial points, limits and
factors broadcast and flattened to float64 arrays, the ``args`` broadcast and
flattened (their dtypes kept), and the routine's scalars.  The chooser
broadcasts in numba; the Python entry in numpy, with scipy's checks and
messages, and builds scipy's own ``_RichResult`` from the solver's arrays.
"""
import functools
import math

import numpy as np
from numba import njit, prange, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import type_only
from scijit_types import result_builder
from scijit_types.errors import FormattedError

from .. import _arguments as A
from .. import _options as O
from .._registration import Chooser, register_choosers
from ._elementwise_kernels import IN_PROGRESS, KERNELS, VALUE_NAMES

__all__ = ["bracket_minimum", "bracket_root", "find_minimum", "find_root"]

_FINFO = np.finfo(np.float64)
TINY = float(_FINFO.smallest_normal)
EPS = float(_FINFO.eps)
#: scipy's default tolerances for float64 (find_root's frtol is 0)
ROOT_TOLERANCES = {"xatol": 4 * TINY, "xrtol": 4 * EPS, "fatol": TINY, "frtol": 0.0}
MINIMUM_TOLERANCES = {"xatol": TINY, "xrtol": math.sqrt(EPS), "fatol": TINY, "frtol": TINY}
#: find_root's default maxiter: every bisection the normal doubles allow (2046)
ROOT_MAXITER = int(math.log2(float(_FINFO.max)) - math.log2(TINY))
MINIMUM_MAXITER = 100
BRACKET_MAXITER = 1000
#: the largest maxiter kept (a count no loop reaches; int64-safe)
_MAXITER_CAP = 2 ** 62

#: scipy's messages
_TOLERANCES = "Tolerances must be non-negative scalars."
_MAXITER = "`maxiter` must be a non-negative integer."
_FACTOR = "All elements of `factor` must be greater than 1."
_NOT_CALLABLE = "`func` must be callable."
_NOT_REAL = "Abscissae and function output must be real numbers."
_BROADCAST = "shape mismatch: objects cannot be broadcast to a single shape"
_PROMOTE = "Array shapes are incompatible for broadcasting."

#: scipy's print order of each result (its ``_order_keys`` entry)
ORDER_KEYS = {
    "find_root": ["success", "status", "x", "f_x", "nfev", "nit", "bracket", "f_bracket"],
    "find_minimum": ["success", "status", "x", "f_x", "nfev", "nit", "bracket", "f_bracket"],
    "bracket_root": ["success", "status", "xl", "xr", "nit", "nfev", "fl", "fr", "x", "f",
                     "x_last", "f_last"],
    "bracket_minimum": ["success", "status", "xl", "xm", "xr", "nit", "nfev", "fl", "fm",
                        "fr"],
}


class ElementwiseInputError(FormattedError, ValueError):
    """An argument scipy refuses (its message)."""


# ---------------------------------------------------------------- checks (both entries)
@njit(cache=True)
def checked_tolerances(xatol, xrtol, fatol, frtol):
    """scipy's tolerance check: each non-negative (NaN is not)."""
    if not (xatol >= 0 and xrtol >= 0 and fatol >= 0 and frtol >= 0):
        raise ElementwiseInputError(_TOLERANCES)
    return xatol, xrtol, fatol, frtol


def maxiter_value(maxiter):
    """``maxiter`` as an int64 after scipy's check (a non-negative integer,
    which may be given as a float)."""


@overload(maxiter_value)
def _maxiter_value(maxiter):
    if isinstance(maxiter, types.Integer):
        def impl(maxiter):
            if maxiter < 0:
                raise ElementwiseInputError(_MAXITER)
            return np.int64(maxiter)
        return impl

    def impl(maxiter):
        if not (maxiter >= 0 and math.floor(maxiter) == maxiter):
            raise ElementwiseInputError(_MAXITER)
        return np.int64(min(maxiter, _MAXITER_CAP))
    return impl


@njit(cache=True)
def check_factor(factor):
    """scipy's check that every factor exceeds 1 (NaN does not)."""
    for k in range(factor.size):
        if not factor[k] > 1:
            raise ElementwiseInputError(_FACTOR)


# ---------------------------------------------------------------- broadcasting (in numba)
@njit(cache=True)
def merge_dim(a, b):
    """One dimension of the broadcast shape (numpy's rule)."""
    if a == b or b == 1:
        return a
    if a == 1:
        return b
    raise ElementwiseInputError(_BROADCAST)


@njit(cache=True)
def broadcast_into(a, shape, out):
    """``out[:] = np.broadcast_to(a, shape).ravel()`` (``len(shape) >= 1``):
    the dimensions of ``a`` aligned to the last of ``shape``."""
    # (a.flat and loops: copy, reshape and slice assignment cost seconds of
    # compilation)
    if a.size == out.size:                       # (a valid broadcast) the same order
        j = 0
        for v in a.flat:
            out[j] = v
            j += 1
        return
    src = np.empty(a.size, out.dtype)            # C order
    j = 0
    for v in a.flat:
        src[j] = v
        j += 1
    nd = len(shape)
    k = a.ndim
    step = np.empty(nd, np.intp)                 # src's stride along each out dimension
    index = np.empty(nd, np.intp)
    for d in range(nd):
        step[d] = 0
        index[d] = 0
    acc = 1
    for d in range(k - 1, -1, -1):
        dim = a.shape[d]
        if dim != 1:
            step[nd - k + d] = acc
        acc *= dim
    offset = 0
    for j in range(out.size):
        out[j] = src[offset]
        d = nd - 1
        while d >= 0:                            # the next index, last dimension first
            index[d] += 1
            offset += step[d]
            if index[d] < shape[d]:
                break
            offset -= step[d] * shape[d]
            index[d] = 0
            d -= 1


# The operands flattened, each by a cached function the generated spread
# picks by type (a generated function cannot be cached; these are, once).
@njit(cache=True)
def float_fill(value, n):
    """A number as n float64s."""
    out = np.empty(n)
    for k in range(n):
        out[k] = value
    return out


@njit(cache=True)
def same_fill(value, n):
    """A number as n of its own dtype (an ``args`` item)."""
    out = np.empty(n, np.asarray(value).dtype)
    for k in range(n):
        out[k] = value
    return out


@njit(cache=True)
def float_copy(a, shape, n):
    """An array broadcast to ``shape``, flat, as float64s."""
    out = np.empty(n)
    broadcast_into(a, shape, out)
    return out


@njit(cache=True)
def same_copy(a, shape, n):
    """An array broadcast to ``shape``, flat, of its own dtype."""
    out = np.empty(n, a.dtype)
    broadcast_into(a, shape, out)
    return out


@njit(cache=True)
def view_or_copy(a, shape, n):
    """A C-contiguous array viewed flat when it has the shape's size (a
    valid broadcast of the same size keeps the element order), else
    broadcast and copied."""
    if a.size == n:
        return a.reshape(n)
    out = np.empty(n, a.dtype)
    broadcast_into(a, shape, out)
    return out


@njit(cache=True)
def float_0d(a):
    """A 0-d array as one float64."""
    out = np.empty(1)
    out[0] = a[()]
    return out


@njit(cache=True)
def same_0d(a):
    """A 0-d array as one element of its own dtype."""
    out = np.empty(1, a.dtype)
    out[0] = a[()]
    return out


def _flat_source(ty, operand, to_float, nd):
    """The source text flattening ``operand`` (of numba type ``ty``; None
    or omitted for a default number) for :func:`_spreader`."""
    if not isinstance(ty, types.Array):
        return "%s(%s, n)" % ("float_fill" if to_float else "same_fill", operand)
    if nd == 0:
        return "%s(%s)" % ("float_0d" if to_float else "same_0d", operand)
    viewable = ty.layout == "C" and ty.mutable and (not to_float or ty.dtype == types.float64)
    if viewable:
        return "view_or_copy(%s, shape, n)" % operand
    return "%s(%s, shape, n)" % ("float_copy" if to_float else "same_copy", operand)


def _ndim(ty):
    return ty.ndim if isinstance(ty, types.Array) else 0


_FLATTENERS = {"merge_dim": merge_dim, "float_fill": float_fill, "same_fill": same_fill,
               "float_copy": float_copy, "same_copy": same_copy, "view_or_copy": view_or_copy,
               "float_0d": float_0d, "same_0d": same_0d}


@functools.lru_cache(maxsize=None)
def _spreader(input_types, arg_types):
    """``spread(x0, x1, ..., args) -> (shape, inputs, flat_args)`` for
    operands of these numba types (None for a default number): the
    broadcast shape, each input flat float64 and each arg flat (its dtype
    kept), ``n = prod(shape)`` elements.  Generated per pattern of types
    (numba needs the shape's length at compile time) as a plain @njit
    function calling cached ones: compiled once per type signature."""
    ndims = tuple(_ndim(t) for t in input_types + arg_types)
    nd = max(ndims + (0,))
    names = ["x%d" % k for k in range(len(input_types))]
    operands = names + ["args[%d]" % k for k in range(len(arg_types))]
    lines = ["def spread(%s):" % ", ".join(names + ["args"])]
    lines += ["    s%d = 1" % d for d in range(nd)]
    for op, k in zip(operands, ndims):
        for d in range(k):
            lines.append("    s%d = merge_dim(s%d, %s.shape[%d])" % (nd - k + d, nd - k + d, op, d))
    lines.append("    shape = (%s)" % "".join("s%d, " % d for d in range(nd)))
    lines.append("    n = 1%s" % "".join(" * s%d" % d for d in range(nd)))
    lines.append("    return shape, (%s), (%s)" % (
        "".join(_flat_source(t, op, True, nd) + ", " for t, op in zip(input_types, names)),
        "".join(_flat_source(t, op, False, nd) + ", "
                for t, op in zip(arg_types, operands[len(names):]))))
    scope = dict(_FLATTENERS)
    exec("\n".join(lines) + "\n", scope)
    return njit(scope["spread"])


# ---------------------------------------------------------------- the solver function
#: elements per prange iteration with parallel=True (blocks of BLOCK inside)
CHUNK = 1024


@functools.lru_cache(maxsize=None)
def elementwise_solver(routine, parallel):
    """The @njit function ``(f, inputs, args, params) -> (status, nfev, nit,
    values)`` of ``routine``: ``inputs`` the flat float64 arrays of the
    initial points (and limits, factors), ``args`` the flat args, ``params``
    the routine's scalars; ``values[k]`` the flat array of the k-th of
    ``VALUE_NAMES[routine]``.

    A function of its own, not inlined: compiled once per ``f`` (and
    argument types) and shared by every caller and by the Python entry,
    called with ``type_only(f)`` (see docs/architecture.md, Compile time).
    Compiled with ``error_model="numpy"``: scipy's arithmetic divides by
    zero to inf and NaN.

    With ``parallel`` the chunks of CHUNK elements are a prange.  numba drops
    an exception raised in a prange body (the rest of that thread's work is
    skipped), so the elements whose status is still "in progress" after the
    loop are solved again, in order, serially: an exception ``f`` raises
    then propagates.
    """
    kernel = KERNELS[routine]
    nvalues = len(VALUE_NAMES[routine])
    chunk = CHUNK if parallel else 2 ** 62

    # (np.empty and loops: np.full, np.zeros and np.arange cost about 0.5 s of
    # compilation each)
    @njit(parallel=parallel, error_model="numpy")
    def run(f, inputs, args, params):
        n = inputs[0].size
        status = np.empty(n, np.int32)
        order = np.empty(n, np.int64)
        for i in range(n):
            status[i] = IN_PROGRESS
            order[i] = i
        nfev = np.empty(n, np.int32)
        nit = np.empty(n, np.int32)
        values = np.empty((nvalues, n))
        chunks = (n + chunk - 1) // chunk
        # (lo and hi as int64 in every call: the kernel compiles once, not once
        # more for a literal 0 or prange's index type)
        for c in prange(chunks):
            kernel(f, inputs, args, params, order, np.int64(c * chunk),
                   np.int64(min(n, (c + 1) * chunk)), status, nfev, nit, values)
        if parallel:
            rest = 0
            for i in range(n):
                if status[i] == IN_PROGRESS:
                    order[rest] = i
                    rest += 1
            kernel(f, inputs, args, params, order, np.int64(n - n), np.int64(rest), status,
                   nfev, nit, values)
        return status, nfev, nit, values
    return run


# ---------------------------------------------------------------- results (in numba)
_ROOT_LIKE_FIELDS = ("status", "success", "x", "f_x", "nfev", "nit", "bracket", "f_bracket")
_BRACKET_FIELDS = ("status", "nit", "nfev", "success", "bracket", "f_bracket")


def _order_keys(routine, position):
    """scipy's ``_order_keys`` entry (a new list in each result), at ``position``."""
    return ((position, "_order_keys", functools.partial(list, tuple(ORDER_KEYS[routine]))),)


# scipy's key order: _order_keys last for find_*, before the brackets for bracket_*
_find_root_result = result_builder(_ROOT_LIKE_FIELDS, "RichResult", _order_keys("find_root", 8))
_find_minimum_result = result_builder(_ROOT_LIKE_FIELDS, "RichResult",
                                      _order_keys("find_minimum", 8))
_bracket_root_result = result_builder(_BRACKET_FIELDS, "RichResult",
                                      _order_keys("bracket_root", 4))
_bracket_minimum_result = result_builder(_BRACKET_FIELDS, "RichResult",
                                         _order_keys("bracket_minimum", 4))


@njit(cache=True)
def succeeded(status):
    """``status == 0`` (a loop: an array comparison compiles a ufunc)."""
    out = np.empty(status.size, np.bool_)
    for i in range(status.size):
        out[i] = status[i] == 0
    return out


@njit(cache=True)
def find_root_result(status, nfev, nit, values, shape):
    s = status.reshape(shape)
    return _find_root_result(s, succeeded(status).reshape(shape), values[0].reshape(shape), values[1].reshape(shape),
                             nfev.reshape(shape), nit.reshape(shape),
                             (values[2].reshape(shape), values[3].reshape(shape)),
                             (values[4].reshape(shape), values[5].reshape(shape)))


@njit(cache=True)
def find_root_result_0d(status, nfev, nit, values):
    s = status[0]
    return _find_root_result(s, s == 0, values[0, 0], values[1, 0], nfev[0], nit[0],
                             (values[2, 0], values[3, 0]), (values[4, 0], values[5, 0]))


@njit(cache=True)
def find_minimum_result(status, nfev, nit, values, shape):
    s = status.reshape(shape)
    return _find_minimum_result(
        s, succeeded(status).reshape(shape), values[0].reshape(shape), values[1].reshape(shape), nfev.reshape(shape),
        nit.reshape(shape),
        (values[2].reshape(shape), values[3].reshape(shape), values[4].reshape(shape)),
        (values[5].reshape(shape), values[6].reshape(shape), values[7].reshape(shape)))


@njit(cache=True)
def find_minimum_result_0d(status, nfev, nit, values):
    s = status[0]
    return _find_minimum_result(s, s == 0, values[0, 0], values[1, 0], nfev[0], nit[0],
                                (values[2, 0], values[3, 0], values[4, 0]),
                                (values[5, 0], values[6, 0], values[7, 0]))


@njit(cache=True)
def bracket_root_result(status, nfev, nit, values, shape):
    s = status.reshape(shape)
    return _bracket_root_result(s, nit.reshape(shape), nfev.reshape(shape),
                                succeeded(status).reshape(shape),
                                (values[0].reshape(shape), values[1].reshape(shape)),
                                (values[2].reshape(shape), values[3].reshape(shape)))


@njit(cache=True)
def bracket_root_result_0d(status, nfev, nit, values):
    s = status[0]
    return _bracket_root_result(s, nit[0], nfev[0], s == 0, (values[0, 0], values[1, 0]),
                                (values[2, 0], values[3, 0]))


@njit(cache=True)
def bracket_minimum_result(status, nfev, nit, values, shape):
    s = status.reshape(shape)
    return _bracket_minimum_result(
        s, nit.reshape(shape), nfev.reshape(shape), succeeded(status).reshape(shape),
        (values[0].reshape(shape), values[1].reshape(shape), values[2].reshape(shape)),
        (values[3].reshape(shape), values[4].reshape(shape), values[5].reshape(shape)))


@njit(cache=True)
def bracket_minimum_result_0d(status, nfev, nit, values):
    s = status[0]
    return _bracket_minimum_result(s, nit[0], nfev[0], s == 0,
                                   (values[0, 0], values[1, 0], values[2, 0]),
                                   (values[3, 0], values[4, 0], values[5, 0]))


#: routine -> (its result maker for a shape, for 0-d)
_FINISHERS = {
    "find_root": (find_root_result, find_root_result_0d),
    "find_minimum": (find_minimum_result, find_minimum_result_0d),
    "bracket_root": (bracket_root_result, bracket_root_result_0d),
    "bracket_minimum": (bracket_minimum_result, bracket_minimum_result_0d),
}


# ---------------------------------------------------------------- the choosers (in numba)
_NUMBER = (types.Integer, types.Float, types.Boolean)


def _check_operand(routine, name, ty, optional=False):
    """A number or a real numeric array (or None/omitted with ``optional``);
    complex is refused by name (scipy refuses it too)."""
    if optional and A.is_none(ty):
        return
    if isinstance(ty, types.Omitted):
        ty = ty.value
    if isinstance(ty, _NUMBER + (int, float, bool)):
        return
    if isinstance(ty, types.Array) and isinstance(ty.dtype, _NUMBER):
        return
    if isinstance(ty, types.Complex) or (isinstance(ty, types.Array)
                                         and isinstance(ty.dtype, types.Complex)):
        raise TypingError("%s: %r must be real (complex is not supported), got %s"
                          % (routine, name, ty))
    raise TypingError("%s: %r must be a number or an array of real numbers, got %s"
                      % (routine, name, ty))


def _arg_types(routine, args):
    """The types of the items of ``args`` (a number alone means ``(number,)``)."""
    if isinstance(args, types.Omitted):
        args = args.value
    if isinstance(args, tuple):
        items = args
    elif isinstance(args, types.BaseTuple):
        items = tuple(args)
    elif isinstance(args, _NUMBER):
        items = (args,)
    else:
        raise TypingError("%s: 'args' must be a tuple of numbers and arrays inside @njit, got %s"
                          % (routine, args))
    for k, ty in enumerate(items):
        if not (isinstance(ty, _NUMBER) or (isinstance(ty, types.Array)
                                           and isinstance(ty.dtype, _NUMBER))):
            raise TypingError("%s: 'args' must hold numbers and arrays of real numbers; "
                              "args[%d] is %s" % (routine, k, ty))
    return items


def _common(routine, f, args, parallel, callback=None):
    """The checks every chooser makes; returns (arg types, parallel)."""
    A.check_callable(routine, "f", f)
    if not A.is_none(callback):
        raise TypingError("%s: 'callback' is not supported inside @njit (each element is solved "
                          "on its own; scipy's callback sees every element at each iteration)"
                          % routine)
    par = A.constant_flag(routine, "parallel", parallel)
    return _arg_types(routine, args), par


def _maxiter_source(routine, maxiter, default):
    """The source text of ``maxiter`` as an int64: the default for None
    (find_root's) or omitted, else the checked value."""
    value = A.constant(maxiter, otherwise=maxiter)
    if value is None and default is not None:
        return "np.int64(%r)" % default
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "maxiter_value(%r)" % value
    if isinstance(maxiter, (types.Integer, types.Float)):
        return "maxiter_value(maxiter)"
    raise TypingError("%s: 'maxiter' must be a number, got %s" % (routine, maxiter))


def _init_types(routine, init, n):
    if not (isinstance(init, types.BaseTuple) and len(init) == n):
        raise TypingError("%s: 'init' must be a tuple of %d numbers or arrays inside @njit, got %s"
                          % (routine, n, init))
    for k, ty in enumerate(init):
        _check_operand(routine, "init[%d]" % k, ty)
    return tuple(init)


def _generate(routine, signature, checks, lines, scope, input_types, arg_types, par):
    """The chooser's implementation: spread the operands, run the solver,
    make the result (shape-less for 0-d operands, as scipy's scalars)."""
    input_types = tuple(t if isinstance(t, types.Array) else None for t in input_types)
    arg_types = tuple(types.unliteral(t) for t in arg_types)
    nd = max(tuple(_ndim(t) for t in input_types + arg_types) + (0,))
    finish, finish_0d = _FINISHERS[routine]
    scope = dict(scope, type_only=type_only, run=elementwise_solver(routine, par),
                 spread=_spreader(input_types, arg_types), as_args=A.as_args,
                 maxiter_value=maxiter_value,
                 checked_tolerances=checked_tolerances, check_factor=check_factor,
                 finish=finish if nd else finish_0d, np=np)
    lines = lines + [
        "status, nfev, nit, values = run(type_only(f), inputs, flat_args, params)",
        "return finish(status, nfev, nit, values%s)" % (", shape" if nd else "")]
    return O.generated_impl(signature, checks, lines, scope)


def _chandrupatla_chooser(routine, npoints, tolerances_known, default_maxiter):
    """find_root's or find_minimum's chooser."""
    def chooser(f, init, args=(), tolerances=None, maxiter=default_maxiter, callback=None,
                parallel=False):
        arg_types, par = _common(routine, f, args, parallel, callback)
        input_types = _init_types(routine, init, npoints)
        sources, checks = O.option_sources(routine, tolerances, tolerances_known)
        tols = ", ".join("float(%s)" % sources[name] for name in tolerances_known)
        lines = [
            "tols = checked_tolerances(%s)" % tols,
            "params = tols + (%s,)" % _maxiter_source(
                routine, maxiter, ROOT_MAXITER if routine == "find_root" else None),
            "shape, inputs, flat_args = spread(%s, as_args(args))"
            % ", ".join("init[%d]" % k for k in range(npoints))]
        signature = ("f, init, args=(), tolerances=None, maxiter=%r, callback=None, "
                     "parallel=False" % default_maxiter)
        return _generate(routine, signature, ["options = tolerances"] + checks, lines, {},
                         input_types, arg_types, par)
    chooser.__name__ = "_%s_overload" % routine
    return chooser


def _bracket_root_overload(f, xl0, xr0=None, xmin=None, xmax=None, factor=None, args=(),
                           maxiter=BRACKET_MAXITER, parallel=False):
    """bracket_root's chooser: None limits and factor are scipy's defaults."""
    routine = "bracket_root"
    arg_types, par = _common(routine, f, args, parallel)
    _check_operand(routine, "xl0", xl0)
    for name, ty in (("xr0", xr0), ("xmin", xmin), ("xmax", xmax), ("factor", factor)):
        _check_operand(routine, name, ty, optional=True)
    spell = lambda name, ty, default: default if A.is_none(ty) else name  # noqa: E731
    lines = [
        "shape, inputs, flat_args = spread(xl0, %s, %s, %s, %s, as_args(args))" % (
            spell("xr0", xr0, "np.nan"), spell("xmin", xmin, "-np.inf"),
            spell("xmax", xmax, "np.inf"), spell("factor", factor, "2.0")),
        "check_factor(inputs[4])",
        "params = (%s, bool(%s))" % (_maxiter_source(routine, maxiter, None),
                                     not A.is_none(xr0))]
    return _generate(routine, "f, xl0, xr0=None, xmin=None, xmax=None, factor=None, args=(), "
                     "maxiter=%d, parallel=False" % BRACKET_MAXITER, [], lines, {},
                     (xl0, xr0, xmin, xmax, factor), arg_types, par)


def _bracket_minimum_overload(f, xm0, xl0=None, xr0=None, xmin=None, xmax=None, factor=None,
                              args=(), maxiter=BRACKET_MAXITER, parallel=False):
    """bracket_minimum's chooser."""
    routine = "bracket_minimum"
    arg_types, par = _common(routine, f, args, parallel)
    _check_operand(routine, "xm0", xm0)
    for name, ty in (("xl0", xl0), ("xr0", xr0), ("xmin", xmin), ("xmax", xmax),
                     ("factor", factor)):
        _check_operand(routine, name, ty, optional=True)
    spell = lambda name, ty, default: default if A.is_none(ty) else name  # noqa: E731
    lines = [
        "shape, inputs, flat_args = spread(xm0, %s, %s, %s, %s, %s, as_args(args))" % (
            spell("xl0", xl0, "np.nan"), spell("xr0", xr0, "np.nan"),
            spell("xmin", xmin, "-np.inf"), spell("xmax", xmax, "np.inf"),
            spell("factor", factor, "2.0")),
        "check_factor(inputs[5])",
        "params = (%s, bool(%s), bool(%s))" % (_maxiter_source(routine, maxiter, None),
                                               not A.is_none(xl0), not A.is_none(xr0))]
    return _generate(routine, "f, xm0, xl0=None, xr0=None, xmin=None, xmax=None, factor=None, "
                     "args=(), maxiter=%d, parallel=False" % BRACKET_MAXITER, [], lines, {},
                     (xm0, xl0, xr0, xmin, xmax, factor), arg_types, par)


# ---------------------------------------------------------------- Python entries
@functools.lru_cache(maxsize=None)
def _python_entry(f, routine, parallel):
    """The @njit trampoline of ``routine``'s solver for the function ``f``
    (a constant of the trampoline: typing a dispatcher argument costs
    microseconds on every call from Python)."""
    run = elementwise_solver(routine, parallel)

    @njit
    def entry(inputs, args, params):
        return run(type_only(f), inputs, args, params)
    return entry


def _python_function(routine, f):
    if not callable(f):
        raise ValueError(_NOT_CALLABLE)
    return A.python_callable(routine, "f", f)


def _python_args(args):
    """scipy's rule: a non-iterable ``args`` is one argument."""
    return (args,) if not np.iterable(args) else tuple(args)


def _promoted_dtype(values):
    """scipy's ``xp_result_type(..., force_floating=True)``: iterables as
    arrays, scalars weak, at least a float (float64 when the promotion is
    not defined)."""
    values = [np.asarray(v) if np.iterable(v) else v for v in values if v is not None]
    try:
        return np.result_type(*values, 1.0)
    except TypeError:
        return np.dtype(np.float64)


def _check_float64(routine, dtype):
    """scijit computes in float64: scipy computes float32 (or float16,
    longdouble) inputs in their own precision, which scijit does not."""
    if dtype != np.float64:
        raise TypeError("%s: scijit computes in float64; the inputs have dtype %s (scipy would "
                        "compute in %s): pass float64 values" % (routine, dtype, dtype))


def _flat(value, shape, dtype=None):
    """``value`` broadcast to ``shape``, flat and C-contiguous: the array
    itself when it already is that and owns its data (a writable array:
    numba types a read-only one apart), else a copy."""
    a = np.asarray(value, dtype=dtype)
    if a.base is None and a.shape == shape and a.flags.c_contiguous and a.flags.writeable:
        return a.reshape(-1)
    return np.array(np.broadcast_to(a, shape), order="C").reshape(-1)


def _broadcast(routine, xs, args):
    """scipy's ``_initialize`` broadcast of the initial points ``xs`` with
    ``args`` (numpy's error, naming the operands' positions as scipy's
    does): the shape, and the args flattened (their dtypes kept)."""
    args = [np.asarray(a) for a in args]
    shape = np.broadcast_arrays(*xs, *args)[0].shape
    for k, arg in enumerate(args):
        if arg.dtype.kind not in "biufc":
            raise TypeError("%s: 'args' must hold numbers and numeric arrays; args[%d] has dtype "
                            "%s" % (routine, k, arg.dtype))
    return shape, tuple(_flat(arg, shape) for arg in args)


def _python_points(routine, xs, args):
    """find_root's and find_minimum's operands: (shape, inputs, flat args),
    complex refused with scipy's message (scipy raises it once ``f`` has
    returned complex values), non-float64 floats with ours."""
    dtype = _promoted_dtype(xs)
    shape, flat = _broadcast(routine, xs, args)
    if dtype.kind == "c":
        raise ValueError(_NOT_REAL)
    if dtype.kind == "f":
        _check_float64(routine, dtype)
    return shape, tuple(_flat(x, shape, np.float64) for x in xs), flat


def _python_tolerances(routine, tolerances, known, defaults):
    """scipy's merge of ``tolerances`` into its defaults and its check;
    returns the four values (float64 defaults where None)."""
    merged = dict(known)
    merged.update({} if tolerances is None else tolerances)
    for key in merged:
        if key not in known:
            raise TypeError("%s() got an unexpected keyword argument %r"
                            % ("_chandrupatla" if routine == "find_root"
                               else "_chandrupatla_minimize", key))
    values = [merged[k] for k in ("xatol", "xrtol", "fatol", "frtol")]
    tols = np.asarray([v if v is not None else 1 for v in values])
    if (not np.issubdtype(tols.dtype, np.number) or np.any(tols < 0)
            or np.any(np.isnan(tols)) or tols.shape != (4,)):
        raise ValueError(_TOLERANCES)
    return tuple(float(defaults[k] if v is None else v)
                 for k, v in zip(("xatol", "xrtol", "fatol", "frtol"), values))


def _chandrupatla_maxiter(routine, maxiter, default):
    """scipy's maxiter check of find_root / find_minimum."""
    if maxiter is None:
        if default is None:     # find_minimum: scipy fails comparing with None
            raise TypeError("'<' not supported between instances of 'int' and 'NoneType'")
        return default
    maxiter_int = int(maxiter)
    if maxiter != maxiter_int or maxiter < 0:
        raise ValueError(_MAXITER)
    return min(maxiter_int, _MAXITER_CAP)


def _bracket_maxiter(maxiter):
    """scipy's maxiter check of the bracket searches."""
    m = np.asarray(maxiter)
    if m.dtype.kind not in "iuf" or m.shape != ():
        raise ValueError(_MAXITER)
    maxiter_int = int(m[()])
    if not m == maxiter_int or m < 0:
        raise ValueError(_MAXITER)
    return min(maxiter_int, _MAXITER_CAP)


def _python_bracket_operands(routine, operands, names):
    """scipy's bracket input checks: the operands promoted together and
    broadcast (scipy's messages), every factor (the last) above 1; returns
    them as float64 arrays of their common shape (read-only views)."""
    dtype = _promoted_dtype(operands)
    arrays = [np.asarray(v) if np.iterable(v) else v for v in operands]
    shapes = {np.shape(a) for a in arrays}
    try:
        shape = np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(_PROMOTE) from None
    if dtype.kind not in "iuf":
        # scipy converts before checking: strings fail converting, complex
        # values fail the check (all operands share one dtype: the first named)
        for a in arrays:
            np.asarray(a, dtype=dtype if dtype.kind == "c" else np.float64)
        raise ValueError("`%s` must be numeric and real." % names[0])
    _check_float64(routine, dtype)
    operands = [np.broadcast_to(np.asarray(a, dtype=np.float64), shape) for a in arrays]
    if not np.all(operands[-1] > 1):
        raise ValueError(_FACTOR)
    return operands


def _shaped(a, shape):
    t = a.reshape(shape)
    return t[()] if t.ndim == 0 else t


def _rich_result(routine, out, shape):
    """scipy's ``_RichResult`` of ``routine`` from the solver's arrays, keys
    in scipy's order, 0-d values as numpy scalars."""
    from scipy._lib._util import _RichResult
    status, nfev, nit, values = out
    v = [_shaped(row, shape) for row in values]
    res = _RichResult()
    if routine in ("find_root", "find_minimum"):
        half = 2 if routine == "find_root" else 3
        res.status = _shaped(status, shape)
        res.success = _shaped(status == 0, shape)
        res.x = v[0]
        res.f_x = v[1]
        res.nfev = _shaped(nfev, shape)
        res.nit = _shaped(nit, shape)
        res.bracket = tuple(v[2:2 + half])
        res.f_bracket = tuple(v[2 + half:])
    else:
        half = len(v) // 2
        res.status = _shaped(status, shape)
        res.nit = _shaped(nit, shape)
        res.nfev = _shaped(nfev, shape)
        res.success = _shaped(status == 0, shape)
    res._order_keys = list(ORDER_KEYS[routine])
    if routine in ("bracket_root", "bracket_minimum"):
        res.bracket = tuple(v[:half])
        res.f_bracket = tuple(v[half:])
    return res


def _scipy_with_callback(name, *args, **kwargs):
    """scipy's own function, for a call with a ``callback`` (see the docstrings)."""
    import scipy.optimize.elementwise as scipy_elementwise
    return getattr(scipy_elementwise, name)(*args, **kwargs)


def _run(routine, f, inputs, args, params, parallel):
    return _python_entry(f, routine, bool(parallel))(inputs, args, params)


_NJIT_NOTES = """
    Inside @njit, ``f`` is an @njit function called with one float ``x``
    and that element's ``args`` (numbers); ``init`` is a tuple of numbers
    or arrays, ``args`` a tuple of numbers and arrays, broadcast together;
    ``tolerances`` None or a dict (a literal, or a typed dict) of numbers;
    ``parallel`` a constant.  The result is a numba struct with scipy's
    fields (``res.x``, ``res['x']``); returned to Python it is scipy's
    ``_RichResult``.  For 0-d operands its fields are numbers.
    ``callback`` is refused there (a TypingError): each element is solved
    on its own, while scipy's callback sees every element at each iteration.
    Complex values are refused (scipy refuses them too).
"""

_SCIJIT_NOTES = """
    Beyond scipy: ``parallel=True`` solves the elements on numba's threads
    (the results equal the serial ones).  The elements are solved by numba
    code with scipy's arithmetic, element by element, and ``f`` sees one
    float ``x`` at a time (from Python too): write it to work on numbers
    (numpy's functions work on both numbers and arrays).  The values, ``nit``,
    ``nfev`` and ``status`` are scipy's, element by element.  scijit
    computes in float64: float32 (or other non-float64 floating) inputs are
    refused with a TypeError, where scipy computes in their precision.
"""


def find_root(f, init, /, *, args=(), tolerances=None, maxiter=None, callback=None,
              parallel=False):
    """Find the root of a monotonic, real-valued function of a real
    variable, elementwise, by Chandrupatla's bracketing algorithm
    (scipy.optimize.elementwise.find_root, compiled).

    Parameters
    ----------
    f : callable
        ``f(x, *args)``, an @njit function (a plain Python function is
        jitted once) returning a real number for a real ``x``.
    init : 2-tuple of float array_like
        The endpoints ``(xl, xr)`` of brackets of the roots, broadcastable
        with each other and with ``args``.
    args : tuple of array_like, optional
        Further arguments of ``f``, broadcast with ``init``; ``f`` receives
        each element's values.
    tolerances : dict of floats, optional
        ``xatol``, ``xrtol``, ``fatol``, ``frtol`` (scipy's defaults:
        ``4*tiny``, ``4*eps``, ``tiny``, 0).
    maxiter : int, optional
        The maximum number of iterations (default 2046, every bisection
        the normal doubles allow).
    callback : callable, optional
        From Python the call is then scipy's own (``f`` must accept
        arrays); refused inside @njit.
    parallel : bool, default: False
        Solve the elements on numba's threads (scijit only).

    Returns
    -------
    res : scipy._lib._util._RichResult
        ``success``, ``status`` (0 converged, -1 invalid bracket, -2
        ``maxiter`` reached, -3 a non-finite value), ``x``, ``f_x``,
        ``nfev``, ``nit``, ``bracket``, ``f_bracket``, arrays of the
        broadcast shape (numpy scalars for 0-d), as scipy's.
    {scijit}{njit}
    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from scijit.optimize.elementwise import find_root
    >>> @njit
    ... def f(x, c):
    ...     return x**3 - 2.0*x - c
    >>> res = find_root(f, (0.0, 3.0), args=(np.array([3.0, 4.0, 5.0]),))
    >>> res.x
    array([1.8932892 , 2.        , 2.09455148])
    >>> res.nit, res.status
    (array([8, 8, 8], dtype=int32), array([0, 0, 0], dtype=int32))
    >>> @njit
    ... def roots(c):                  # the same inside numba
    ...     return find_root(f, (0.0, 3.0), args=(c,)).x
    >>> bool(np.all(roots(np.array([3.0, 4.0, 5.0])) == res.x))
    True
    """
    if callback is not None:
        return _scipy_with_callback("find_root", f, init, args=args, tolerances=tolerances,
                                    maxiter=maxiter, callback=callback)
    xl, xr = init
    known = {"xatol": None, "xrtol": None, "fatol": None, "frtol": 0}
    tols = _python_tolerances("find_root", tolerances, known, ROOT_TOLERANCES)
    f = _python_function("find_root", f)
    args = _python_args(args)
    maxiter = _chandrupatla_maxiter("find_root", maxiter, ROOT_MAXITER)
    shape, inputs, flat = _python_points("find_root", (xl, xr), args)
    out = _run("find_root", f, inputs, flat, tols + (maxiter,), parallel)
    return _rich_result("find_root", out, shape)


def find_minimum(f, init, /, *, args=(), tolerances=None, maxiter=100, callback=None,
                 parallel=False):
    """Find the minimum of a unimodal, real-valued function of a real
    variable, elementwise, by Chandrupatla's quadratic fit-sectioning
    algorithm (scipy.optimize.elementwise.find_minimum, compiled).

    Parameters
    ----------
    f : callable
        ``f(x, *args)``, an @njit function (a plain Python function is
        jitted once) returning a real number for a real ``x``.
    init : 3-tuple of float array_like
        Brackets ``(x1, x2, x3)`` of the minima, ``x1 < x2 < x3`` and
        ``f(x1) >= f(x2) <= f(x3)``, one inequality strict; broadcastable
        with each other and with ``args``.
    args : tuple of array_like, optional
        Further arguments of ``f``, broadcast with ``init``.
    tolerances : dict of floats, optional
        ``xatol``, ``xrtol``, ``fatol``, ``frtol`` (scipy's defaults:
        ``tiny``, ``sqrt(eps)``, ``tiny``, ``tiny``).
    maxiter : int, default: 100
    callback : callable, optional
        From Python the call is then scipy's own (``f`` must accept
        arrays); refused inside @njit.
    parallel : bool, default: False
        Solve the elements on numba's threads (scijit only).

    Returns
    -------
    res : scipy._lib._util._RichResult
        ``success``, ``status`` (0 converged, -1 invalid bracket, -2
        ``maxiter`` reached, -3 a non-finite value), ``x``, ``f_x``,
        ``nfev``, ``nit``, ``bracket`` (three points), ``f_bracket``, as
        scipy's.
    {scijit}{njit}
    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from scijit.optimize.elementwise import find_minimum
    >>> @njit
    ... def f(x, c):
    ...     return (x - c)**2 + 2.0
    >>> res = find_minimum(f, (-5.0, 0.0, 5.0), args=(np.array([1.0, 1.5, 2.0]),))
    >>> res.x
    array([0.99999999, 1.5       , 2.        ])
    >>> res.f_x, res.nfev
    (array([2., 2., 2.]), array([8, 7, 7], dtype=int32))
    """
    if callback is not None:
        return _scipy_with_callback("find_minimum", f, init, args=args, tolerances=tolerances,
                                    maxiter=maxiter, callback=callback)
    x1, x2, x3 = init
    known = {"xatol": None, "xrtol": None, "fatol": None, "frtol": None}
    tols = _python_tolerances("find_minimum", tolerances, known, MINIMUM_TOLERANCES)
    f = _python_function("find_minimum", f)
    args = _python_args(args)
    maxiter = _chandrupatla_maxiter("find_minimum", maxiter, None)
    shape, inputs, flat = _python_points("find_minimum", (x1, x2, x3), args)
    out = _run("find_minimum", f, inputs, flat, tols + (maxiter,), parallel)
    return _rich_result("find_minimum", out, shape)


def bracket_root(f, xl0, xr0=None, *, xmin=None, xmax=None, factor=None, args=(),
                 maxiter=1000, parallel=False):
    """Bracket the root of a monotonic, real-valued function of a real
    variable, elementwise (scipy.optimize.elementwise.bracket_root,
    compiled): the bracket grows on both sides, by ``factor``, until the
    signs of ``f`` at its ends differ.

    Parameters
    ----------
    f : callable
        ``f(x, *args)``, an @njit function (a plain Python function is
        jitted once) returning a real number for a real ``x``.
    xl0, xr0 : float array_like
        The initial bracket (``xr0`` defaults to ``xl0 + min((xmax -
        xl0)/8, 1)``).
    xmin, xmax : float array_like, optional
        The limits of the bracket (inclusive).
    factor : float array_like, default: 2
        The growth factor, above 1.
    args : tuple of array_like, optional
        Further arguments of ``f``, broadcast with the others.
    maxiter : int, default: 1000
    parallel : bool, default: False
        Solve the elements on numba's threads (scijit only).

    Returns
    -------
    res : scipy._lib._util._RichResult
        ``success``, ``status`` (0 found, -1 the limits reached, -2
        ``maxiter`` reached, -3 a non-finite value, -5 an invalid initial
        bracket), ``bracket``, ``f_bracket``, ``nfev``, ``nit``, as scipy's.
    {scijit}{njit}
    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize.elementwise import bracket_root
    >>> @njit
    ... def f(x, c):
    ...     return x**3 - 2.0*x - c
    >>> res = bracket_root(f, 0.0, args=(5.0,))
    >>> res.bracket, res.f_bracket
    ((np.float64(2.0), np.float64(4.0)), (np.float64(-1.0), np.float64(51.0)))
    >>> res.nit, res.nfev
    (np.int32(2), np.int32(6))
    """
    if not callable(f):
        raise ValueError(_NOT_CALLABLE)
    args = _python_args(args)
    ops = _python_bracket_operands(
        "bracket_root", (xl0, np.nan if xr0 is None else xr0, -np.inf if xmin is None else xmin,
                         np.inf if xmax is None else xmax, 2.0 if factor is None else factor),
        ("xl0", "xr0", "xmin", "xmax", "factor"))
    maxiter = _bracket_maxiter(maxiter)
    f = A.python_callable("bracket_root", "f", f)
    shape, flat = _broadcast("bracket_root", ops[:2], args)
    inputs = tuple(_flat(x, shape) for x in ops)
    out = _run("bracket_root", f, inputs, flat, (maxiter, xr0 is not None), parallel)
    return _rich_result("bracket_root", out, shape)


def bracket_minimum(f, xm0, *, xl0=None, xr0=None, xmin=None, xmax=None, factor=None, args=(),
                    maxiter=1000, parallel=False):
    """Bracket the minimum of a unimodal, real-valued function of a real
    variable, elementwise (scipy.optimize.elementwise.bracket_minimum,
    compiled): downhill from ``(xl0, xm0, xr0)`` by steps growing by
    ``factor`` (or, towards a limit, shrinking towards it).

    Parameters
    ----------
    f : callable
        ``f(x, *args)``, an @njit function (a plain Python function is
        jitted once) returning a real number for a real ``x``.
    xm0 : float array_like
        The initial middle point.
    xl0, xr0 : float array_like, optional
        The initial ends (defaults ``xm0 -+ min(|xm0 - limit|/16, 0.5)``).
    xmin, xmax : float array_like, optional
        The limits of the bracket (inclusive).
    factor : float array_like, default: 2
        The growth factor, above 1.
    args : tuple of array_like, optional
        Further arguments of ``f``, broadcast with the others.
    maxiter : int, default: 1000
    parallel : bool, default: False
        Solve the elements on numba's threads (scijit only).

    Returns
    -------
    res : scipy._lib._util._RichResult
        ``success``, ``status`` (0 found, -1 a limit reached, -2 ``maxiter``
        reached, -3 a non-finite value, -5 an invalid initial bracket),
        ``bracket`` (three points), ``f_bracket``, ``nfev``, ``nit``, as
        scipy's.
    {scijit}{njit}
    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize.elementwise import bracket_minimum
    >>> @njit
    ... def f(x):
    ...     return (x - 1.0)**2 + 2.0
    >>> res = bracket_minimum(f, 0.0)
    >>> res.bracket
    (np.float64(0.0), np.float64(0.5), np.float64(1.5))
    """
    if not callable(f):
        raise ValueError(_NOT_CALLABLE)
    args = _python_args(args)
    ops = _python_bracket_operands(
        "bracket_minimum",
        (xm0, np.nan if xl0 is None else xl0, np.nan if xr0 is None else xr0,
         -np.inf if xmin is None else xmin, np.inf if xmax is None else xmax,
         2.0 if factor is None else factor),
        ("xm0", "xl0", "xr0", "xmin", "xmax", "factor"))
    maxiter = _bracket_maxiter(maxiter)
    f = A.python_callable("bracket_minimum", "f", f)
    # scipy broadcasts (xl0, xm0, xr0) with args: its error names them in that order
    shape, flat = _broadcast("bracket_minimum", (ops[1], ops[0], ops[2]), args)
    inputs = tuple(_flat(x, shape) for x in ops)
    out = _run("bracket_minimum", f, inputs, flat, (maxiter, xl0 is not None, xr0 is not None),
               parallel)
    return _rich_result("bracket_minimum", out, shape)


for _routine in (find_root, find_minimum, bracket_root, bracket_minimum):
    _routine.__doc__ = _routine.__doc__.replace("{scijit}", _SCIJIT_NOTES).replace(
        "{njit}", _NJIT_NOTES)

#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "find_root": Chooser(_chandrupatla_chooser("find_root", 2, ROOT_TOLERANCES, None),
                         inline="always"),
    "find_minimum": Chooser(_chandrupatla_chooser("find_minimum", 3, MINIMUM_TOLERANCES,
                                                  MINIMUM_MAXITER), inline="always"),
    "bracket_root": Chooser(_bracket_root_overload, inline="always"),
    "bracket_minimum": Chooser(_bracket_minimum_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
