"""interp1d's evaluation inside @njit: ``f(x_new)`` on an ``Interp1dType`` value.

A number gives a float, an array of any shape an array of that shape (N-D
``y``: scipy's shapes), with scipy's evaluation rules per kind
(``np.interp``'s formula where scipy delegates to it), bounds checks and
fill values, and scipy's messages.  The type and its Python boundary are
:mod:`scijit_types.interp1d`; the constructor is :mod:`._interp1d`.
"""
import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload_method

from lowering.calls import forward_calls
from scijit_types.interp1d import (LINEAR, NEAREST, NEAREST_UP, PREVIOUS, SPLINE,
                                   Interp1dNDType, Interp1dType)
from scijit_types.spline import EXTRAPOLATE_TRUE, SplineError

from ._spline_kernels import (bspline_c2, bspline_eval_array, bspline_eval_nd, bspline_point,
                              point_values, points_fn)

__all__ = []


@njit(cache=True, inline="always")
def searchsorted_left(a, v):
    """numpy's searchsorted(a, v, 'left'), NaN ordered last."""
    lo, hi = 0, a.size
    vnan = v != v
    while lo < hi:
        mid = (lo + hi) >> 1
        am = a[mid]
        if am < v or (vnan and am == am):
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(cache=True, inline="always")
def searchsorted_right(a, v):
    """numpy's searchsorted(a, v, 'right'), NaN ordered last."""
    lo, hi = 0, a.size
    vnan = v != v
    while lo < hi:
        mid = (lo + hi) >> 1
        am = a[mid]
        if v < am or (am != am and not vnan):
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(cache=True, inline="always")
def _np_interp_point(x, y, v):
    """numpy.interp(v, x, y) for one point (its formula and special cases)."""
    return _np_interp_guess(x, y, v, 0)[0]


@njit(cache=True, inline="always")
def _point_simple(x, y, aux, kind, use_np, v):
    """The value at v of the non-spline kinds."""
    n = x.size
    if kind == LINEAR:
        if use_np:
            return _np_interp_point(x, y, v)
        i = min(max(searchsorted_left(x, v), 1), n - 1)
        slope = (y[i] - y[i - 1]) / (x[i] - x[i - 1])
        return slope * (v - x[i - 1]) + y[i - 1]
    return y[_row_index(aux, kind, n, v)]


@njit(cache=True, inline="always")
def _row_index(aux, kind, n, v):
    """The data index at v of 'nearest', 'nearest-up', 'previous', 'next'
    (scipy's clipped searchsorted on the midpoints / shifted x)."""
    if kind == NEAREST:
        return min(max(searchsorted_left(aux, v), 0), n - 1)
    if kind == NEAREST_UP:
        return min(max(searchsorted_right(aux, v), 0), n - 1)
    if kind == PREVIOUS:
        return min(max(searchsorted_left(aux, v), 1), n) - 1
    return min(max(searchsorted_right(aux, v), 0), n - 1)      # NEXT


_MSG_BELOW = ("A value (%r) in x_new is below the interpolation range's minimum value (%r).")
_MSG_ABOVE = ("A value (%r) in x_new is above the interpolation range's maximum value (%r).")


@njit(cache=True, inline="always")
def _check_bounds(flat, lo, hi):
    """scipy's bounds_error: the first point below, then the first above."""
    for v in flat:
        if v < lo:
            raise SplineError(_MSG_BELOW, v, lo)
    for v in flat:
        if v > hi:
            raise SplineError(_MSG_ABOVE, v, hi)


@njit(cache=True)
def interp1d_eval(x, y, aux, t, c, kind, order, bounds_error, extrapolate, use_np, nan_spline,
                  fill_below, fill_above, flat):
    """scipy's interp1d._evaluate for a flat float64 array of points."""
    lo = x[0]
    hi = x[x.size - 1]
    if not extrapolate and bounds_error:
        _check_bounds(flat, lo, hi)
    n = flat.size
    if kind == SPLINE and not nan_spline:
        out = bspline_eval_array(t, c, order, flat, 0, EXTRAPOLATE_TRUE)
    elif kind == LINEAR and use_np:
        out = np.empty(n)
        j = 0
        for i in range(n):
            out[i], j = _np_interp_guess(x, y, flat[i], j)
    elif kind == SPLINE:                # a spline of data with nan: all nan, as scipy
        out = np.full(n, np.nan)
    else:
        out = np.empty(n)
        for i in range(n):
            out[i] = _point_simple(x, y, aux, kind, use_np, flat[i])
    if not extrapolate:
        for i in range(n):
            v = flat[i]
            if v < lo:
                out[i] = fill_below
            elif v > hi:
                out[i] = fill_above
    return out


@njit(cache=True, inline="always")
def _np_interp_guess(x, y, v, j):
    """numpy.interp's value at v and the interval found, starting the search
    at the previous point's interval (numpy's binary_search_with_guess)."""
    n = x.size
    if v != v:
        return v, j
    if v < x[0]:
        return y[0], j
    if v > x[n - 1]:
        return y[n - 1], j
    if n == 1 or v == x[n - 1]:
        return y[n - 1], j
    if not (x[j] <= v and v < x[j + 1]):
        if j + 2 < n and x[j + 1] <= v and v < x[j + 2]:
            j = j + 1
        else:
            j = searchsorted_right(x, v) - 1       # the largest j with x[j] <= v
    if j >= n - 1:
        return y[n - 1], j
    if x[j] == v:
        return y[j], j
    slope = (y[j + 1] - y[j]) / (x[j + 1] - x[j])
    res = slope * (v - x[j]) + y[j]
    if res != res:
        res = slope * (v - x[j + 1]) + y[j + 1]
        if res != res and y[j] == y[j + 1]:
            res = y[j]
    return res, j


@njit(inline="always")
def interp1d_eval_scalar(x, y, aux, t, c, kind, order, bounds_error, extrapolate, use_np,
                         nan_spline, fill_below, fill_above, v):
    """interp1d_eval for one point (a float)."""
    lo = x[0]
    hi = x[x.size - 1]
    if not extrapolate:
        if v < lo:
            if bounds_error:
                raise SplineError(_MSG_BELOW, v, lo)
            return fill_below
        if v > hi:
            if bounds_error:
                raise SplineError(_MSG_ABOVE, v, hi)
            return fill_above
    if kind != SPLINE:
        return _point_simple(x, y, aux, kind, use_np, v)
    if nan_spline:
        return np.nan
    return bspline_point(t, c, order, v, 0, EXTRAPOLATE_TRUE, np.empty(2 * order + 2))


@njit(inline="always")
def _eval_fields(f, flat):
    return interp1d_eval(f.x, f.y, f._aux, f._t, f._c, f._kind, f._order, f._bounds_error,
                         f._extrapolate, f._use_np, f._nan_spline, f._fill_below, f._fill_above,
                         flat)


@overload_method(Interp1dType, "__call__")
def _interp1d_call(f, x):
    if isinstance(x, (types.Float, types.Integer, types.Boolean)):
        def impl(f, x):
            return interp1d_eval_scalar(f.x, f.y, f._aux, f._t, f._c, f._kind, f._order,
                                        f._bounds_error, f._extrapolate, f._use_np,
                                        f._nan_spline, f._fill_below, f._fill_above, float(x))
        return impl
    if isinstance(x, types.Array) and isinstance(x.dtype, (types.Float, types.Integer)):
        def impl_array(f, x):
            flat = np.ascontiguousarray(x).astype(np.float64).reshape(x.size)
            return _eval_fields(f, flat).reshape(x.shape)
        return impl_array
    raise TypingError("interp1d is evaluated at a number or an array of real numbers, got %s" % x)


# ---------------------------------------------------------------- N-D values
@njit(cache=True)
def interp1d_eval_nd(x, y, aux, t, c, kind, order, bounds_error, extrapolate, nan_spline,
                     fill_below, fill_above, flat):
    """scipy's interp1d._evaluate for (n, P) y: the (points, P) values (its
    _call_linear formula for N-D y, not numpy.interp)."""
    lo = x[0]
    hi = x[x.size - 1]
    if not extrapolate and bounds_error:
        _check_bounds(flat, lo, hi)
    n = flat.size
    npar = y.shape[1]
    nx = x.size
    if kind == SPLINE and not nan_spline:
        out = bspline_eval_nd(t, c, order, flat, 0, EXTRAPOLATE_TRUE)
    elif kind == SPLINE:
        out = np.full((n, npar), np.nan)
    elif kind == LINEAR:
        out = np.empty((n, npar))
        for i in range(n):
            v = flat[i]
            j = min(max(searchsorted_left(x, v), 1), nx - 1)
            x_lo = x[j - 1]
            x_hi = x[j]
            w_hi = (v - x_lo) / (x_hi - x_lo)
            w_lo = (x_hi - v) / (x_hi - x_lo)
            for p in range(npar):
                out[i, p] = w_hi * y[j, p] + w_lo * y[j - 1, p]
    else:
        out = np.empty((n, npar))
        for i in range(n):
            out[i, :] = y[_row_index(aux, kind, nx, flat[i])]
    if not extrapolate:
        for i in range(n):
            v = flat[i]
            if v < lo:
                out[i, :] = fill_below
            elif v > hi:
                out[i, :] = fill_above
    return out


@overload_method(Interp1dNDType, "__call__")
def _interp1d_nd_call(f, x):
    if not (isinstance(x, (types.Float, types.Integer, types.Boolean)) or (
            isinstance(x, types.Array) and isinstance(x.dtype, (types.Float, types.Integer)))):
        raise TypingError("interp1d is evaluated at a number or an array of real numbers, got %s"
                          % x)
    shape = point_values(1, x, f.values)
    points = points_fn(x)

    def impl(f, x):
        flat = np.ascontiguousarray(points(x)).astype(np.float64)
        values = interp1d_eval_nd(f.x, bspline_c2(f.y), f._aux, f._t, f._c, f._kind, f._order,
                                  f._bounds_error, f._extrapolate, f._nan_spline, f._fill_below,
                                  f._fill_above, flat)
        return shape(values, x, f.y, f._axis)
    return impl


# ``f(x)`` is typed through the __call__ methods above and lowered by
# lowering.calls (numba looks for a lowering keyed on the type itself).
forward_calls(Interp1dType)
forward_calls(Interp1dNDType)
