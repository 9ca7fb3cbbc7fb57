"""``PPoly`` and ``BSpline`` constructors, from Python and inside @njit.

Both entries run the same cached @njit checks (scipy's messages) and build a
``Spline`` value; from Python it boxes to the real scipy object (sharing the
arrays when they already are C-contiguous float64, as scipy does).
Evaluation, ``derivative``, ``antiderivative`` and ``integrate`` are methods
of the ``Spline`` type (:mod:`scijit_types.spline`).
"""
import operator

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from scijit_types.spline import (EXTRAPOLATE_TRUE, SplineError, bspline_build, extrapolate_code,
                                 ppoly_builder)

from .._registration import Chooser, register_choosers

from ._spline_kernels import front_permutations, normal_axis

__all__ = ["PPoly", "BSpline"]

_build_ppoly = ppoly_builder("PPoly")


# ---------------------------------------------------------------- checks
@njit(cache=True)
def check_ppoly(c, x, axis):
    """scipy's _PPolyBase.__init__ checks for c (interpolation axes moved to
    the front) and 1-D x."""
    if not (0 <= axis < c.ndim - 1):
        raise SplineError("axis=%d must be between 0 and %d", axis, c.ndim - 1)
    if x.size < 2:
        raise ValueError("at least 2 breakpoints are needed")
    if c.shape[0] == 0:
        raise ValueError("polynomial must be at least of order 0")
    if c.shape[1] != x.size - 1:
        raise ValueError("number of coefficients != len(x)-1")
    up = True
    down = True
    for i in range(x.size - 1):
        d = x[i + 1] - x[i]
        up = up and d >= 0
        down = down and d <= 0
    if not (up or down):
        raise ValueError("`x` must be strictly increasing or decreasing.")


@njit(cache=True)
def check_bspline(t, c, k, axis):
    """scipy's BSpline.__init__ checks for 1-D t and c (its axis moved to the front)."""
    if axis < -c.ndim or axis >= c.ndim:
        raise SplineError("axis %d is out of bounds for array of dimension %d", axis, c.ndim)
    if k < 0:
        raise ValueError("Spline order cannot be negative.")
    n = t.size - k - 1
    if n < k + 1:
        raise SplineError("Need at least %d knots for degree %d", 2 * k + 2, k)
    for i in range(t.size - 1):
        if t[i + 1] - t[i] < 0:
            raise ValueError("Knots must be in a non-decreasing order.")
    if not t[n] != t[k]:
        raise ValueError("Need at least two internal knots.")
    for i in range(t.size):
        if not np.isfinite(t[i]):
            raise ValueError("Knots should not have nans or infs.")
    if c.shape[0] < n:
        raise ValueError("Knots, coefficients and degree are inconsistent.")


def _as_c_float(a):
    """``a`` as a C-contiguous float64 array (no copy when it already is)."""


@overload(_as_c_float)
def _as_c_float_ovl(a):
    if isinstance(a, types.Array) and a.dtype == types.float64 and a.layout == "C":
        return lambda a: a
    if isinstance(a, types.Array) and a.dtype == types.float64:
        return lambda a: np.ascontiguousarray(a)
    if isinstance(a, types.Array):
        return lambda a: np.ascontiguousarray(a).astype(np.float64)
    return lambda a: np.asarray(a).astype(np.float64)


# ---------------------------------------------------------------- Python entries
def _py_float_array(value):
    return np.ascontiguousarray(value, dtype=np.float64)


def PPoly(c, x, extrapolate=None, axis=0):
    """Piecewise polynomial in the local power basis (scipy.interpolate.PPoly).

    Returns a real ``scipy.interpolate.PPoly``, checked by scijit's @njit code
    (scipy's messages); N-D ``c`` is handed to scipy's class.  Inside @njit
    ``c`` may be N-D, with ``axis`` (scipy's two axis moves).
    """
    c = np.asarray(c)
    if c.ndim < 2:
        raise ValueError("Coefficients array must be at least 2-dimensional.")
    if np.iscomplexobj(c):
        raise NotImplementedError("PPoly: complex coefficients are not supported yet")
    if c.ndim > 2:                      # N-D values: scipy's class (axis moves, checks)
        import scipy.interpolate as si
        return si.PPoly(c, x, extrapolate, axis)
    x = _py_float_array(x)
    if x.ndim != 1:
        raise ValueError("x must be 1-dimensional")
    code = EXTRAPOLATE_TRUE if extrapolate is None else extrapolate_code(extrapolate)
    return _ppoly_entry(_py_float_array(c), x, code, operator.index(axis))


@njit(cache=True)
def _ppoly_entry(c, x, code, axis):
    check_ppoly(c, x, axis)
    return _build_ppoly(x, c, code, axis)


def BSpline(t, c, k, extrapolate=True, axis=0):
    """Univariate spline in the B-spline basis (scipy.interpolate.BSpline).

    Returns a real ``scipy.interpolate.BSpline``, checked by scijit's @njit
    code (scipy's messages); N-D ``c`` is handed to scipy's class.  Inside
    @njit ``c`` may be N-D, with ``axis``.
    """
    c = np.asarray(c)
    if np.iscomplexobj(c):
        raise NotImplementedError("BSpline: complex coefficients are not supported yet")
    if c.ndim < 1:
        raise ValueError("Coefficients must be at least 1-dimensional.")
    if c.ndim > 1:                      # N-D values: scipy's class (axis move, checks)
        import scipy.interpolate as si
        return si.BSpline(t, c, k, extrapolate, axis)
    t = _py_float_array(t)
    if t.ndim != 1:
        raise ValueError("Knot vector must be one-dimensional.")
    return _bspline_entry(t, _py_float_array(c), operator.index(k), extrapolate_code(extrapolate),
                          operator.index(axis))


@njit(cache=True)
def _bspline_entry(t, c, k, code, axis):
    check_bspline(t, c, k, axis)
    return bspline_build(t, c, k, code, 0)


# ---------------------------------------------------------------- @njit choosers
def extrapolate_with_default(extrapolate, default):
    """An inline function extrapolate -> code (``default`` for None)."""
    from ._cubic import extrapolate_reader
    read = extrapolate_reader(extrapolate)

    @njit(inline="always")
    def code(e):
        v = read(e)
        return default if v < 0 else v
    return code


def _ppoly_overload(c, x, extrapolate=None, axis=0):
    if not isinstance(c, types.Array) or not isinstance(x, types.Array):
        raise TypingError("PPoly: c and x must be arrays inside @njit, got %s, %s" % (c, x))
    if c.ndim < 2:
        def fail(c, x, extrapolate=None, axis=0):
            raise ValueError("Coefficients array must be at least 2-dimensional.")
        return fail
    if x.ndim != 1:
        def fail(c, x, extrapolate=None, axis=0):
            raise ValueError("x must be 1-dimensional")
        return fail
    ext = extrapolate_with_default(extrapolate, EXTRAPOLATE_TRUE)
    move = _axes_mover(_ppoly_axis_moves(c.ndim))

    def impl(c, x, extrapolate=None, axis=0):
        if not (0 <= axis < c.ndim - 1):
            raise SplineError("axis=%d must be between 0 and %d", axis, c.ndim - 1)
        cc = _as_c_float(move(c, axis))
        xx = _as_c_float(x)
        check_ppoly(cc, xx, 0)
        return _build_ppoly(xx, cc, ext(extrapolate), axis)
    return impl


def _axes_mover(perms):
    """An inline function (c, axis) -> c transposed by ``perms[axis]`` (c
    itself when there is one axis only, so a C-contiguous c is not copied)."""
    if len(perms) == 1:
        return njit(inline="always")(lambda c, axis: c)
    return njit(inline="always")(lambda c, axis: np.transpose(c, perms[axis]))


def _ppoly_axis_moves(ndim):
    """For each axis scipy's PPoly accepts, its two ``np.moveaxis(c, axis+1,
    0)`` (the (k+1, m) dimensions to the front) as one transpose."""
    perms = []
    for axis in range(ndim - 1):
        dims = list(range(ndim))
        for _ in range(2):
            dims = [dims[axis + 1]] + dims[:axis + 1] + dims[axis + 2:]
        perms.append(tuple(dims))
    return tuple(perms)


def _bspline_overload(t, c, k, extrapolate=True, axis=0):
    if not isinstance(t, types.Array) or not isinstance(c, types.Array):
        raise TypingError("BSpline: t and c must be arrays inside @njit, got %s, %s" % (t, c))
    if t.ndim != 1:
        def fail(t, c, k, extrapolate=True, axis=0):
            raise ValueError("Knot vector must be one-dimensional.")
        return fail
    ext = extrapolate_with_default(extrapolate, EXTRAPOLATE_TRUE)
    move = _axes_mover(front_permutations(c.ndim))

    def impl(t, c, k, extrapolate=True, axis=0):
        ax = normal_axis(axis, c.ndim)
        tt = _as_c_float(t)
        cc = _as_c_float(move(c, ax))
        check_bspline(tt, cc, k, 0)
        return bspline_build(tt, cc, k, ext(extrapolate), ax)
    return impl


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "PPoly": Chooser(_ppoly_overload),
    "BSpline": Chooser(_bspline_overload),
}
register_choosers(CHOOSERS, globals())
