"""``interp1d``: scipy's legacy 1-D interpolator, from Python and inside @njit.

Every kind ('linear', 'nearest', 'nearest-up', 'zero', 'slinear',
'quadratic', 'cubic', 'previous', 'next', an integer spline order),
``fill_value`` (a value, a ``(below, above)`` pair, 'extrapolate'),
``bounds_error`` and ``assume_sorted``, as scipy's ``interp1d.__init__``
settles them.  The spline kinds are built by scijit's ``make_interp_spline``
core.

* from Python, :func:`interp1d` settles the options and calls the cached
  @njit core; the result boxes to a real ``scipy.interpolate.interp1d`` (built
  by scipy from the sorted data and the options).  ``y`` with more than one
  dimension is handed to scipy's class as it is;
* inside @njit the result is an ``Interp1dType`` value (1-D ``y``) or an
  ``Interp1dNDType`` (N-D ``y``, any ``axis``; scalar fill values)
  (:mod:`scijit_types.interp1d`): ``f(x_new)`` with scipy's rules, bounds
  errors and fill values.
"""
import numpy as np
from numba import njit, types
from numba.core.errors import TypingError

from scijit_types.interp1d import (FILL_EXTRAPOLATE, FILL_PAIR, FILL_VALUE, LINEAR, NEAREST,
                                   NEAREST_UP, NEXT, PREVIOUS, SPLINE, interp1d_build,
                                   interp1d_nd_build)
from scijit_types.spline import SplineError, SplineNotImplementedError

from .. import _arguments as A
from .._registration import Chooser, register_choosers

from ._spline_kernels import values_reader
from ._bsplines import BC_NONE, interp_spline_core

__all__ = ["interp1d"]

_KINDS = {"linear": (LINEAR, -1), "nearest": (NEAREST, -1), "nearest-up": (NEAREST_UP, -1),
          "previous": (PREVIOUS, -1), "next": (NEXT, -1), "zero": (SPLINE, 0),
          "slinear": (SPLINE, 1), "quadratic": (SPLINE, 2), "cubic": (SPLINE, 3)}


def _kind_code(kind):
    if isinstance(kind, str) and kind in _KINDS:
        return _KINDS[kind]
    if isinstance(kind, int):
        return SPLINE, kind
    raise NotImplementedError(f"{kind} is unsupported: Use fitpack routines for other types.")


# ---------------------------------------------------------------- the core
@njit(cache=True)
def interp1d_core_nd(x, y, kind, order, assume_sorted, fill_mode, fill0, fill1, bounds_arg,
                     np_ok):
    """scipy's interp1d.__init__ for 1-D float64 x and (n, P) float64 y (its
    interpolation axis moved to the front, the others flattened, as scipy's
    ``_y``): the struct's fields, the fill values as (P,) arrays."""
    if y.shape[0] != x.size:
        raise ValueError("x and y arrays must be equal in length along interpolation axis.")
    if not assume_sorted:
        ind = np.argsort(x, kind="mergesort")
        x = x[ind]
        y = np.ascontiguousarray(y[ind])
    else:
        x = x.copy()
        y = y.copy()
    n, npar = y.shape
    aux = np.zeros(0)
    t = np.zeros(0)
    c = np.zeros((0, npar))
    below = np.full(npar, fill0)
    above = np.full(npar, fill1 if fill_mode == FILL_PAIR else fill0)
    bounds = bounds_arg
    extrapolating = fill_mode == FILL_EXTRAPOLATE
    use_np = 0
    nan_spline = 0
    minval = 1
    if kind == NEAREST or kind == NEAREST_UP:
        half = x / 2.0
        aux = half[1:] + half[:-1]
    elif kind == PREVIOUS or kind == NEXT:
        aux = np.nextafter(x, -np.inf if kind == PREVIOUS else np.inf)
        if extrapolating:
            if bounds == 1:
                raise ValueError("Cannot extrapolate and raise at the same time.")
            bounds = 0
            extrapolating = False
            if n > 0:           # scipy: (nan, y[-1]) for 'previous', (y[0], nan) for 'next'
                if kind == PREVIOUS:
                    below[:] = np.nan
                    above[:] = y[n - 1]
                else:
                    below[:] = y[0]
                    above[:] = np.nan
    elif kind == LINEAR:
        use_np = 1 if np_ok and not extrapolating else 0
    else:
        minval = order + 1
        xx = x
        yy = y
        if order > 1:
            nx = 0
            lo = np.inf
            hi = -np.inf
            for v in x:
                if v == v:
                    nx += 1
                    lo = min(lo, v)
                    hi = max(hi, v)
            if nx < n:
                if nx == 0:
                    raise ValueError("`x` array is all-nan")
                xx = np.linspace(lo, hi, n)
                nan_spline = 1
            if np.isnan(y).any():
                yy = np.ones_like(y)
                nan_spline = 1
        t, c = interp_spline_core(xx, yy, order, np.zeros(0), False, BC_NONE,
                                  np.zeros(0, dtype=np.int64), np.zeros((0, npar)),
                                  np.zeros(0, dtype=np.int64), np.zeros((0, npar)), False)
    if n < minval:
        raise SplineError("x and y arrays must have at least %d entries", minval)
    if extrapolating:
        if bounds == 1:
            raise ValueError("Cannot extrapolate and raise at the same time.")
        bounds = 0
    elif bounds == -1:
        bounds = 1
    ints = (kind, max(order, -1) if kind == SPLINE else -1, bounds, bounds_arg, fill_mode,
            1 if extrapolating else 0, use_np, nan_spline)
    return x, y, np.ascontiguousarray(aux), t, np.ascontiguousarray(c), ints, below, above


@njit(cache=True)
def interp1d_core(x, y, kind, order, assume_sorted, fill_mode, fill0, fill1, bounds_arg, np_ok):
    """scipy's interp1d.__init__ for 1-D float64 x, y: the struct's fields."""
    if y.size != x.size:
        raise ValueError("x and y arrays must be equal in length along interpolation axis.")
    x, y2, aux, t, c, ints, below, above = interp1d_core_nd(
        x, y.reshape((y.size, 1)), kind, order, assume_sorted, fill_mode, fill0, fill1,
        bounds_arg, np_ok)
    return (x, y2[:, 0].copy(), aux, t, c[:, 0].copy(), ints,
            (below[0], above[0], fill0, fill1))


@njit(cache=True)
def _python_entry(x, y, kind, order, assume_sorted, fill_mode, fill0, fill1, bounds_arg, np_ok):
    x, y, aux, t, c, ints, floats = interp1d_core(x, y, kind, order, assume_sorted, fill_mode,
                                                  fill0, fill1, bounds_arg, np_ok)
    return interp1d_build(x, y, aux, t, c, ints, floats)


# ---------------------------------------------------------------- Python entry
def _python_fill(fill_value):
    """(mode, below, above) from scipy's fill_value spellings."""
    if isinstance(fill_value, str) and fill_value == "extrapolate":
        return FILL_EXTRAPOLATE, np.nan, np.nan
    if isinstance(fill_value, tuple) and len(fill_value) == 2:
        values = []
        for v, name in zip(fill_value, ("fill_value (below)", "fill_value (above)")):
            values.append(_fill_scalar(v, name))
        return FILL_PAIR, values[0], values[1]
    v = _fill_scalar(fill_value, "fill_value")
    return FILL_VALUE, v, v


def _fill_scalar(value, name):
    arr = np.asarray(value)
    if arr.size != 1 or arr.ndim > 1:
        raise ValueError(f"{name} argument must be able to broadcast up to shape (1,) but had "
                         f"shape {arr.shape}")
    return float(arr.ravel()[0])


def interp1d(x, y, kind="linear", axis=-1, copy=True, bounds_error=None, fill_value=np.nan,
             assume_sorted=False):
    """Interpolate a 1-D function (scipy.interpolate.interp1d), compiled.

    Same signature and defaults as scipy's.  For 1-D ``y`` the interpolator
    is settled by scijit's @njit core (the spline kinds by its
    ``make_interp_spline``) and returned as a real
    ``scipy.interpolate.interp1d``; N-D ``y`` is handed to scipy's class.
    Inside @njit, ``kind`` and a string ``fill_value`` are constants, ``y``
    may be N-D (then ``fill_value`` is a number, a pair of numbers or
    'extrapolate').
    """
    import scipy.interpolate as si
    code, order = _kind_code(kind)
    xa = np.asarray(x)
    ya = np.asarray(y)
    if ya.ndim != 1 or xa.ndim != 1 or np.iscomplexobj(ya) or np.iscomplexobj(xa):
        return si.interp1d(x, y, kind=kind, axis=axis, copy=copy, bounds_error=bounds_error,
                           fill_value=fill_value, assume_sorted=assume_sorted)
    if axis not in (0, -1):
        raise np.exceptions.AxisError(axis, 1)
    np_ok = xa.dtype in (np.dtype(np.float64), np.dtype(int)) and ya.dtype in (
        np.dtype(np.float64), np.dtype(int))
    mode, below, above = _python_fill(fill_value)
    bounds = -1 if bounds_error is None else int(bool(bounds_error))
    f = _python_entry(np.array(xa, dtype=np.float64), np.array(ya, dtype=np.float64), code,
                      order, bool(assume_sorted), mode, below, above, bounds, np_ok)
    if not copy:
        f.copy = None                  # scipy's copy_if_needed for copy=False
    return f


# ---------------------------------------------------------------- @njit chooser
def _kind_reader(kind):
    k = A.constant(kind, kind)
    if isinstance(k, str):
        try:
            code, order = _kind_code(k)
        except NotImplementedError as exc:
            msg = str(exc)

            @njit(inline="always")
            def fail(kind):
                raise NotImplementedError(msg)
            return fail
        return njit(inline="always")(lambda kind: (code, order))
    if isinstance(k, int):
        return njit(inline="always")(lambda kind: (SPLINE, k))
    if isinstance(k, types.Integer):
        return njit(inline="always")(lambda kind: (SPLINE, kind))
    if isinstance(k, types.UnicodeType):
        return _runtime_kind
    raise TypingError("interp1d: kind must be a string or an integer inside @njit, got %s" % kind)


@njit(cache=True)
def _runtime_kind(kind):
    """(code, order) of a kind string known only at run time."""
    if kind == "linear":
        return LINEAR, -1
    if kind == "nearest":
        return NEAREST, -1
    if kind == "nearest-up":
        return NEAREST_UP, -1
    if kind == "previous":
        return PREVIOUS, -1
    if kind == "next":
        return NEXT, -1
    if kind == "zero":
        return SPLINE, 0
    if kind == "slinear":
        return SPLINE, 1
    if kind == "quadratic":
        return SPLINE, 2
    if kind == "cubic":
        return SPLINE, 3
    raise SplineNotImplementedError("%s is unsupported: Use fitpack routines for other types.",
                                    kind)


@njit(cache=True)
def _runtime_fill(fill_value):
    if fill_value != "extrapolate":
        raise ValueError("interp1d: a string fill_value must be 'extrapolate'")
    return FILL_EXTRAPOLATE, np.nan, np.nan


def _fill_reader(fill_value):
    f = A.constant(fill_value, fill_value)
    if isinstance(f, str):
        if f != "extrapolate":
            raise TypingError("interp1d: fill_value must be a number, a (below, above) pair or "
                              "'extrapolate', got %r" % f)
        return njit(inline="always")(lambda fv: (FILL_EXTRAPOLATE, np.nan, np.nan))
    if isinstance(f, types.UnicodeType):
        return _runtime_fill
    if isinstance(f, (float, int)):
        value = float(f)
        return njit(inline="always")(lambda fv: (FILL_VALUE, value, value))
    if isinstance(f, (types.Float, types.Integer, types.Boolean)):
        return njit(inline="always")(lambda fv: (FILL_VALUE, float(fv), float(fv)))
    if isinstance(f, types.BaseTuple) and len(f) == 2 and all(
            isinstance(v, (types.Float, types.Integer, types.Boolean)) for v in f):
        return njit(inline="always")(lambda fv: (FILL_PAIR, float(fv[0]), float(fv[1])))
    raise TypingError("interp1d: fill_value must be a number, a (below, above) pair of numbers or "
                      "'extrapolate' inside @njit, got %s" % fill_value)


def _bounds_reader(bounds_error):
    b = A.constant(bounds_error, bounds_error)
    if b is None:
        return njit(inline="always")(lambda b: -1)
    if isinstance(b, (bool, int)):
        value = int(bool(b))
        return njit(inline="always")(lambda b: value)
    if isinstance(b, (types.Boolean, types.Integer)):
        return njit(inline="always")(lambda b: 1 if b else 0)
    raise TypingError("interp1d: bounds_error must be None or a bool, got %s" % bounds_error)


def _interp1d_overload(x, y, kind="linear", axis=-1, copy=True, bounds_error=None,
                       fill_value=np.nan, assume_sorted=False):
    for name, ty in (("x", x), ("y", y)):
        if not (isinstance(ty, types.Array) and isinstance(ty.dtype, (types.Float, types.Integer))
                and ty.ndim >= 1):
            raise TypingError("interp1d: %r must be an array of real numbers inside @njit, "
                              "got %s" % (name, ty))
    if x.ndim != 1:
        def fail(x, y, kind="linear", axis=-1, copy=True, bounds_error=None, fill_value=np.nan,
                 assume_sorted=False):
            raise ValueError("the x array must have exactly one dimension.")
        return fail
    read_kind = _kind_reader(kind)
    read_fill = _fill_reader(fill_value)
    read_bounds = _bounds_reader(bounds_error)
    if y.ndim >= 2:
        read_y = values_reader(y)

        def impl_nd(x, y, kind="linear", axis=-1, copy=True, bounds_error=None,
                    fill_value=np.nan, assume_sorted=False):
            code, order = read_kind(kind)
            mode, below, above = read_fill(fill_value)
            yy, ax, trailing = read_y(y, axis)
            xx, y2, aux, t, c, ints, fb, fa = interp1d_core_nd(
                np.ascontiguousarray(x).astype(np.float64), yy, code, order, assume_sorted,
                mode, below, above, read_bounds(bounds_error), False)
            return interp1d_nd_build(xx, y2.reshape((y2.shape[0],) + trailing), aux, t, c, fb,
                                     fa, ints + (ax,), (below, above))
        return impl_nd
    np_ok = all(ty.dtype in (types.float64, types.int64) for ty in (x, y))

    def impl(x, y, kind="linear", axis=-1, copy=True, bounds_error=None, fill_value=np.nan,
             assume_sorted=False):
        code, order = read_kind(kind)
        mode, below, above = read_fill(fill_value)
        if axis != 0 and axis != -1:
            raise SplineError("axis %d is out of bounds for array of dimension %d", axis, 1)
        xx, yy, aux, t, c, ints, floats = interp1d_core(
            np.ascontiguousarray(x).astype(np.float64), np.ascontiguousarray(y).astype(np.float64),
            code, order, assume_sorted, mode, below, above, read_bounds(bounds_error), np_ok)
        return interp1d_build(xx, yy, aux, t, c, ints, floats)
    return impl


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "interp1d": Chooser(_interp1d_overload),
}
register_choosers(CHOOSERS, globals())
