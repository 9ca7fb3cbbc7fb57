"""scipy's FITPACK functions on our Fortran: ``splrep``, ``splev``, ``splint``,
``sproot``, ``spalde``, ``insert``, ``splder``, ``splantider``.

Two entries, one implementation: the Python defs settle scipy's spellings
(``None`` defaults, lists, BSpline objects, 2-D "parametric" coefficients)
and call the cached @njit cores of :mod:`._fitpack_core`; the ``@overload``
choosers do the same at compile time and call the same cores, so both
entries return identical values.

Inside @njit ``tck`` is a tuple ``(t, c, k)`` or a BSpline value with 1-D
coefficients (as in scipy: ``insert``, ``splder`` and ``splantider`` then
return a BSpline, ``splint`` ignores ``full_output``, ``spalde`` refuses it);
``full_output`` must be a constant; a fit that did not reach ``s`` (ier 1, 2,
3) does not warn (there are no warnings in numba: check ``ier`` with
``full_output=1``).  Differences from scipy, on purpose: non-finite x, y or
w raise ValueError (scipy returns NaN coefficients); ``task=1`` (which needs
state kept between calls) raises TypeError; inside @njit ``spalde`` at an
array of points returns a 2-D array (one row per point) instead of a list.
"""
import operator
import warnings

import numpy as np
from numba import types
from numba.core.errors import TypingError
from numba.extending import overload, register_jitable

from lowering import fitpack as F
from scijit_types.spline import (EXTRAPOLATE_FALSE, EXTRAPOLATE_PERIODIC, EXTRAPOLATE_TRUE,
                                 BSplineType, bspline_build)

from .._arguments import as_float_vector, is_none, literal_bool
from .._registration import Chooser, register_choosers
from ._fitpack_core import (IERMESS, KMAX, UNKNOWN, FitpackError, FitpackTypeError,
                            check_sample_shapes, insert_core, iermess, padded, raise_for_ier, spalde_point, spalde_points,
                            splantider_core, splder_core, splev_array, splev_fail,
                            splint_core, splrep_core, sproot_core)

__all__ = ["splrep", "splev", "splint", "sproot", "spalde", "insert", "splder",
           "splantider", "FitpackError", "FitpackTypeError"]

_NUMBER = (types.Integer, types.Float, types.Boolean)


# ---------------------------------------------------------------- Python helpers
def _f64(a):
    return np.ascontiguousarray(a, dtype=np.float64)


def _is_bspline(tck):
    from scipy.interpolate import BSpline
    return isinstance(tck, BSpline)


def _py_tck(tck):
    """(t, c, k) as float64 C arrays and an int; c keeps its dimensions."""
    if _is_bspline(tck):
        return _f64(tck.t), _f64(tck.c), operator.index(tck.k)
    t, c, k = tck
    return _f64(t), np.ascontiguousarray(np.asarray(c, dtype=np.float64)), operator.index(k)


def _parametric(c):
    return c.ndim > 1


def _refuse_nd_bspline(tck, routine, advice):
    """scipy's ValueError for a BSpline with N-D coefficients."""
    if _is_bspline(tck) and np.ndim(tck.c) > 1:
        raise ValueError("Calling %s() with BSpline objects with c.ndim > 1 is not allowed.%s"
                         % (routine, advice))


# ---------------------------------------------------------------- Python entries
def splrep(x, y, w=None, xb=None, xe=None, k=3, task=0, s=None, t=None, full_output=0,
           per=0, quiet=1):
    """Find the B-spline representation of a 1-D curve (scipy.interpolate.splrep).

    Returns ``(t, c, k)``, or ``((t, c, k), fp, ier, msg)`` with
    ``full_output``; ier 1, 2, 3 warn (RuntimeWarning) unless ``full_output``.
    """
    x, y = np.atleast_1d(x), np.atleast_1d(y)
    if x.ndim > 1 or y.ndim > 1 or np.ndim(w) > 1:
        check_sample_shapes(x.shape, y.shape, (len(x),) if w is None else
                            np.atleast_1d(w).shape, operator.index(k))
    x = _f64(x).ravel()
    y = _f64(y).ravel()
    m = x.size
    if w is None:
        w = np.ones(m)
        if s is None:
            s = 0.0
    else:
        w = _f64(np.atleast_1d(w)).ravel()
        if s is None:
            s = m - np.sqrt(2 * m)
    k = operator.index(k)
    task = operator.index(task)
    has_t = t is not None
    t = _f64(np.atleast_1d(t)).ravel() if has_t else np.empty(0)
    xb = x[0] if xb is None and m else (0.0 if xb is None else float(xb))
    xe = x[-1] if xe is None and m else (0.0 if xe is None else float(xe))
    tt, c, fp, ier = splrep_core(x, y, w, xb, xe, k, task, float(s), t, has_t,
                                 operator.index(per))
    tck = (tt, c, k)
    if ier <= 0 and not quiet:
        warnings.warn(RuntimeWarning(IERMESS[ier] + "\tk=%d n=%d m=%d fp=%f s=%f"
                                     % (k, len(tt), m, fp, s)), stacklevel=2)
    if ier > 0 and not full_output:
        if ier in (1, 2, 3):
            warnings.warn(RuntimeWarning(IERMESS[ier]), stacklevel=2)
        elif ier == 10:
            raise ValueError(IERMESS[10])
        else:
            raise TypeError(UNKNOWN)
    if full_output:
        return tck, fp, ier, IERMESS.get(ier, UNKNOWN)
    return tck


def splev(x, tck, der=0, ext=0):
    """Evaluate a B-spline or its derivatives (scipy.interpolate.splev)."""
    _refuse_nd_bspline(tck, "splev", " Use BSpline.__call__(x) instead.")
    if _is_bspline(tck) and ext != 0:
        raise ValueError("Extrapolation mode %s is not supported by BSpline." % ext)
    t, c, k = _py_tck(tck)
    if _parametric(c):
        return [splev(x, (t, ci, k), der, ext) for ci in c]
    der = operator.index(der)
    ext = operator.index(ext)
    x = np.asarray(x)
    shape = x.shape
    y = splev_array(_f64(x).ravel(), t, c, k, der, ext)
    return y.reshape(shape)


def splint(a, b, tck, full_output=0):
    """Definite integral of a B-spline between a and b (scipy.interpolate.splint)."""
    _refuse_nd_bspline(tck, "splint", " Use BSpline.integrate() instead.")
    t, c, k = _py_tck(tck)
    if _parametric(c):
        return [splint(a, b, (t, ci, k)) for ci in c]
    aint, wrk = splint_core(float(a), float(b), t, c, k)
    if _is_bspline(tck):
        # scipy answers a BSpline with its integrate method: a 0-d array, full_output ignored
        return np.asarray(aint)
    if full_output:
        return aint, wrk
    return aint


def sproot(tck, mest=10):
    """Roots of a cubic B-spline (scipy.interpolate.sproot)."""
    _refuse_nd_bspline(tck, "sproot", "")
    t, c, k = _py_tck(tck)
    if k != 3:
        raise ValueError("sproot works only for cubic (k=3) splines")
    if _parametric(c):
        return [sproot((t, ci, k), mest) for ci in c]
    z, ier = sproot_core(t, c, k, operator.index(mest))
    if ier == 1:
        warnings.warn(RuntimeWarning("The number of zeros exceeds mest"), stacklevel=2)
    return z


def spalde(x, tck):
    """All derivatives of a B-spline at points (scipy.interpolate.spalde)."""
    if _is_bspline(tck):
        raise TypeError("spalde does not accept BSpline instances.")
    t, c, k = _py_tck(tck)
    if _parametric(c):
        return [spalde(x, (t, ci, k)) for ci in c]
    x = _f64(np.atleast_1d(x)).ravel()
    if x.size > 1:
        return [spalde_point(float(xi), t, c, k) for xi in x]
    return spalde_point(float(x[0]), t, c, k)


def insert(x, tck, m=1, per=0):
    """Insert knots into a B-spline (scipy.interpolate.insert)."""
    t, c, k = _py_tck(tck)
    if _is_bspline(tck):
        # BSpline keeps the interpolation axis first in c; scipy returns
        # BSpline(t, c, k): extrapolate True, axis 0, whatever tck had
        from scipy.interpolate import BSpline
        rows = [insert_core(float(x), t, ci, k, operator.index(m), operator.index(per))
                for ci in c.reshape(c.shape[0], -1).T]
        tt = rows[0][0]
        new_c = np.stack([r[1] for r in rows], axis=-1).reshape((tt.size,) + c.shape[1:])
        return BSpline.construct_fast(tt, new_c, k)
    if _parametric(c):
        cc = []
        for ci in c:
            tt, cci, kk = insert(x, (t, ci, k), m)
            cc.append(cci)
        return (tt, cc, kk)
    tt, cc = insert_core(float(x), t, c, k, operator.index(m), operator.index(per))
    return (tt, cc, k)


def _derived_py(routine, core, tck, n):
    """splder/splantider of a tuple tck: c 1-D, or an array whose first axis
    runs over the coefficients (scipy's trailing dimensions, done column by
    column).  splprep's list of coefficient arrays scipy cannot take
    (AttributeError): refused with advice."""
    t, c, k = _py_tck(tck)
    if c.ndim == 1:
        return core(t, c, k, n)
    if not isinstance(tck[1], np.ndarray):
        raise NotImplementedError("%s: c is a list of coefficient arrays (splprep's tck); "
                                  "call %s on each (t, c[i], k)" % (routine, routine))
    cols = c.reshape(c.shape[0], -1)
    res = [core(t, np.ascontiguousarray(cols[:, j]), k, n) for j in range(cols.shape[1])]
    cc = np.stack([r[1] for r in res], axis=-1).reshape((res[0][1].size,) + c.shape[1:])
    return res[0][0], cc, res[0][2]


def splder(tck, n=1):
    """The B-spline of a derivative (scipy.interpolate.splder)."""
    n = operator.index(n)
    if _is_bspline(tck):
        return tck.derivative(n)
    if n < 0:
        return splantider(tck, -n)
    return _derived_py("splder", splder_core, tck, n)


def splantider(tck, n=1):
    """The B-spline of an antiderivative (scipy.interpolate.splantider)."""
    n = operator.index(n)
    if _is_bspline(tck):
        return tck.antiderivative(n)
    if n < 0:
        return splder(tck, -n)
    return _derived_py("splantider", splantider_core, tck, n)


# ---------------------------------------------------------------- @njit helpers
def _as_c_float(a):
    """``a`` as a float64 C array (no copy when it already is one)."""


@overload(_as_c_float)
def _as_c_float_ovl(a):
    if isinstance(a, types.Array) and a.dtype == types.float64 and a.layout == "C" \
            and a.ndim == 1:
        return lambda a: a
    if isinstance(a, types.Array):
        return lambda a: np.ascontiguousarray(a.astype(np.float64).reshape(a.size))
    return lambda a: as_float_vector(a)


def _tck_reader(routine, tck):
    """An inline function tck -> (t, c, k) for a tuple (t, c, k) or a BSpline."""
    if isinstance(tck, BSplineType):
        if tck.c.ndim != 1:
            raise TypingError("%s: BSpline values with N-D coefficients are not supported"
                              % routine)

        @register_jitable(inline="always")
        def read_bspline(tck):
            return tck.t, tck.c, tck.k
        return read_bspline
    if not (isinstance(tck, types.BaseTuple) and len(tck) == 3):
        raise TypingError("%s: tck must be a tuple (t, c, k) or a BSpline inside @njit, got %s"
                          % (routine, tck))
    if not isinstance(tck[2], types.Integer) or not all(
            isinstance(a, types.Array) and a.ndim == 1 for a in tck[:2]):
        raise TypingError("%s: tck must be (1-D array t, 1-D array c, int k), got %s"
                          % (routine, tck))

    @register_jitable(inline="always")
    def read_tuple(tck):
        return _as_c_float(tck[0]), _as_c_float(tck[1]), tck[2]
    return read_tuple


def _vector(x):
    return isinstance(x, (types.Array, types.List, types.BaseTuple))


def _first(v, x):
    """``x[0]`` when v is None, else ``float(v)``."""


@overload(_first)
def _first_ovl(v, x):
    if is_none(v):
        return lambda v, x: x[0] if x.size else 0.0
    return lambda v, x: float(v)


def _last(v, x):
    """``x[-1]`` when v is None, else ``float(v)``."""


@overload(_last)
def _last_ovl(v, x):
    if is_none(v):
        return lambda v, x: x[x.size - 1] if x.size else 0.0
    return lambda v, x: float(v)


def _weights(w, m):
    """splrep's w: ones when None."""


@overload(_weights)
def _weights_ovl(w, m):
    if is_none(w):
        return lambda w, m: np.ones(m)
    return lambda w, m: _as_c_float(w)


def _smoothing(s, w, m):
    """splrep's s: given, else 0 without weights, m - sqrt(2m) with them."""


@overload(_smoothing)
def _smoothing_ovl(s, w, m):
    if not is_none(s):
        return lambda s, w, m: float(s)
    if is_none(w):
        return lambda s, w, m: 0.0
    return lambda s, w, m: m - np.sqrt(2 * m)


def _knots(t):
    """splrep's interior knots (empty when None)."""


@overload(_knots)
def _knots_ovl(t):
    if is_none(t):
        return lambda t: np.empty(0)
    return lambda t: _as_c_float(t)


def _check_shapes(x, y, w, k):
    """check_sample_shapes on splrep's samples (w may be None)."""


@overload(_check_shapes)
def _check_shapes_ovl(x, y, w, k):
    if is_none(w):
        return lambda x, y, w, k: check_sample_shapes(np.shape(x), np.shape(y),
                                                      (len(x),), k)
    return lambda x, y, w, k: check_sample_shapes(np.shape(x), np.shape(y), np.shape(w), k)


# ---------------------------------------------------------------- @njit choosers
def _splrep_overload(x, y, w=None, xb=None, xe=None, k=3, task=0, s=None, t=None,
                     full_output=0, per=0, quiet=1):
    full = literal_bool(full_output)
    if full is None:
        raise TypingError("splrep: full_output must be a constant inside @njit")
    no_t = is_none(t)
    several_axes = any(isinstance(a, types.Array) and a.ndim > 1 for a in (x, y, w))

    def impl(x, y, w=None, xb=None, xe=None, k=3, task=0, s=None, t=None, full_output=0,
             per=0, quiet=1):
        if several_axes:
            _check_shapes(x, y, w, k)
        xx = _as_c_float(x)
        yy = _as_c_float(y)
        m = xx.size
        tt, c, fp, ier = splrep_core(xx, yy, _weights(w, m), _first(xb, xx), _last(xe, xx), k,
                                     task, _smoothing(s, w, m), _knots(t), not no_t, per)
        if full:
            return (tt, c, k), fp, ier, iermess(ier)
        raise_for_ier(ier)
        return (tt, c, k)
    return impl


def _splev_overload(x, tck, der=0, ext=0):
    read = _tck_reader("splev", tck)
    bspl = isinstance(tck, BSplineType)

    @register_jitable(inline="always")
    def check_ext(ext):
        if bspl and ext != 0:
            raise FitpackError("Extrapolation mode %d is not supported by BSpline.", ext)

    if isinstance(x, _NUMBER):
        # Inlined: the checks that protect the Fortran, then our spleval
        # (bisection, no workspace); errors are raised by a cached helper.
        def impl(x, tck, der=0, ext=0):
            t, c, k = read(tck)
            n = t.size
            ok = (0 <= der <= k and 0 <= ext <= 3 and k <= KMAX and n >= 2 * (k + 1)
                  and c.size >= n - k - 1 and not (bspl and ext != 0))
            y = 0.0
            ier = 0
            if ok:
                y, ier = F.spleval(t, n, c, k, der, float(x), ext)
            if not ok or ier != 0:
                splev_fail(ier, n, c.size, k, der, ext, bspl)
            return y
        return impl
    if isinstance(x, types.Array):
        def impl(x, tck, der=0, ext=0):
            check_ext(ext)
            t, c, k = read(tck)
            y = splev_array(_as_c_float(x), t, c, k, der, ext)
            return y.reshape(x.shape)
        return impl
    if _vector(x):
        def impl(x, tck, der=0, ext=0):
            check_ext(ext)
            t, c, k = read(tck)
            return splev_array(as_float_vector(x), t, c, k, der, ext)
        return impl
    raise TypingError("splev: x must be a number or an array of numbers, got %s" % x)


def _splint_overload(a, b, tck, full_output=0):
    read = _tck_reader("splint", tck)
    full = literal_bool(full_output)
    if full is None:
        raise TypingError("splint: full_output must be a constant inside @njit")

    if full and not isinstance(tck, BSplineType):   # scipy ignores it for a BSpline
        def impl_full(a, b, tck, full_output=0):
            t, c, k = read(tck)
            return splint_core(float(a), float(b), t, c, k)
        return impl_full

    def impl_plain(a, b, tck, full_output=0):
        t, c, k = read(tck)
        return splint_core(float(a), float(b), t, c, k)[0]
    return impl_plain


def _sproot_overload(tck, mest=10):
    read = _tck_reader("sproot", tck)

    def impl(tck, mest=10):
        t, c, k = read(tck)
        return sproot_core(t, c, k, mest)[0]
    return impl


def _spalde_overload(x, tck):
    if isinstance(tck, BSplineType):
        raise TypingError("spalde does not accept BSpline instances.")
    read = _tck_reader("spalde", tck)
    if isinstance(x, _NUMBER):
        def impl(x, tck):
            t, c, k = read(tck)
            return spalde_point(float(x), t, c, k)
        return impl
    if _vector(x):
        def impl(x, tck):
            t, c, k = read(tck)
            return spalde_points(_as_c_float(x), t, c, k)
        return impl
    raise TypingError("spalde: x must be a number or an array of numbers, got %s" % x)


def _insert_overload(x, tck, m=1, per=0):
    read = _tck_reader("insert", tck)
    if isinstance(tck, BSplineType):
        def impl_bspline(x, tck, m=1, per=0):
            t, c, k = read(tck)
            tt, cc = insert_core(float(x), t, c, k, m, per)
            return bspline_build(tt, cc, k, EXTRAPOLATE_TRUE, 0)     # scipy's BSpline(t, c, k)
        return impl_bspline

    def impl(x, tck, m=1, per=0):
        t, c, k = read(tck)
        tt, cc = insert_core(float(x), t, c, k, m, per)
        return (tt, cc, k)
    return impl


@register_jitable(inline="always")
def _derived(t, c, k, n):
    """(t, c, k) of the n-th derivative, n < 0 the -n-th antiderivative."""
    if n < 0:
        return splantider_core(t, c, k, -n)
    return splder_core(t, c, k, n)


def _derived_overload(routine, sign):
    """The chooser of splder (sign 1) or splantider (sign -1).  A BSpline
    gives scipy's ``tck.derivative(n)`` / ``tck.antiderivative(n)``: c padded
    to len(t) first, the same extrapolate (an antiderivative's is False
    where it was periodic) and axis."""
    def chooser(tck, n=1):
        read = _tck_reader(routine, tck)
        if isinstance(tck, BSplineType):
            def impl_bspline(tck, n=1):
                t, c, k = read(tck)
                tt, cc, kk = _derived(t, padded(t, c), k, sign * n)
                ext = tck.extrapolate
                if sign < 0 and ext == EXTRAPOLATE_PERIODIC:
                    ext = EXTRAPOLATE_FALSE
                return bspline_build(tt, cc, kk, ext, tck.axis)
            return impl_bspline

        def impl(tck, n=1):
            t, c, k = read(tck)
            return _derived(t, c, k, sign * n)
        return impl
    return chooser


_splder_overload = _derived_overload("splder", 1)
_splantider_overload = _derived_overload("splantider", -1)


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "splrep": Chooser(_splrep_overload),
    "splev": Chooser(_splev_overload),
    "splint": Chooser(_splint_overload),
    "sproot": Chooser(_sproot_overload),
    "spalde": Chooser(_spalde_overload),
    "insert": Chooser(_insert_overload),
    "splder": Chooser(_splder_overload),
    "splantider": Chooser(_splantider_overload),
}
register_choosers(CHOOSERS, globals())
