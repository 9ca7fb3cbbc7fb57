"""``PchipInterpolator``, ``Akima1DInterpolator`` and ``pchip_interpolate``:
scipy's piecewise-cubic Hermite interpolators, from Python and inside @njit.

The cores work on ``y`` moved to axis 0 and flattened to 2-D ``(n, P)``
(scipy's own trailing-dimension layout) and return the ``(4, n-1, P)``
coefficients in scipy's operation order (``_cubic.py``), so they agree with
scipy's to a few ulps:

* from Python, :func:`PchipInterpolator` / :func:`Akima1DInterpolator` move
  ``axis`` to the front (any ``ndim``), call the cached @njit core and build
  the real scipy object with ``construct_fast`` (nothing recomputed);
* inside @njit the ``@overload`` choosers accept ``y`` of any ndim with
  ``axis`` (1-D ``y``: a ``Spline`` with 2-D ``c``; N-D: ``c`` of shape
  ``(4, n-1, *trailing)``), and call the same core.
"""
import operator

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError

from scijit_types.spline import EXTRAPOLATE_FALSE, EXTRAPOLATE_TRUE, ppoly_builder

from .._arguments import check_integer, constant
from .._registration import Chooser, register_choosers

from ._spline_kernels import normal_axis, values_reader
from ._cubic import check_prepared

__all__ = ["PchipInterpolator", "Akima1DInterpolator", "pchip_interpolate"]

AKIMA, MAKIMA = 0, 1

_build_pchip = ppoly_builder("PchipInterpolator")
_build_akima = ppoly_builder("Akima1DInterpolator")


@njit(cache=True)
def hermite_coefficients(x, y, dydx):
    """scipy's CubicHermiteSpline coefficients (4, n-1, P)."""
    n, npar = y.shape
    c = np.empty((4, n - 1, npar))
    for i in range(n - 1):
        dx = x[i + 1] - x[i]
        for p in range(npar):
            slope = (y[i + 1, p] - y[i, p]) / dx
            t = (dydx[i, p] + dydx[i + 1, p] - 2 * slope) / dx
            c[0, i, p] = t / dx
            c[1, i, p] = (slope - dydx[i, p]) / dx - t
            c[2, i, p] = dydx[i, p]
            c[3, i, p] = y[i, p]
    return c


# ---------------------------------------------------------------- PCHIP
@njit(cache=True, inline="always")
def nan_sign(v):
    return 1.0 if v > 0 else (-1.0 if v < 0 else (0.0 if v == 0 else np.nan))


@njit(cache=True)
def pchip_edge_slope(h0, h1, m0, m1):
    d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
    if nan_sign(d) != nan_sign(m0):
        return 0.0
    if nan_sign(m0) != nan_sign(m1) and abs(d) > 3. * abs(m0):
        return 3. * m0
    return d


@njit(cache=True)
def pchip_coefficients(x, y, axis):
    """PchipInterpolator's (4, n-1, P) coefficients for (n, P) ``y``."""
    check_prepared(x, y, axis)
    n, npar = y.shape
    hk = np.empty(n - 1)
    mk = np.empty((n - 1, npar))
    for i in range(n - 1):
        hk[i] = x[i + 1] - x[i]
        for p in range(npar):
            mk[i, p] = (y[i + 1, p] - y[i, p]) / hk[i]
    dk = np.zeros((n, npar))
    if n == 2:
        for p in range(npar):
            dk[0, p] = mk[0, p]
            dk[1, p] = mk[0, p]
        return hermite_coefficients(x, y, dk)
    for i in range(1, n - 1):
        w1 = 2 * hk[i] + hk[i - 1]
        w2 = hk[i] + 2 * hk[i - 1]
        for p in range(npar):
            m0 = mk[i - 1, p]
            m1 = mk[i, p]
            if nan_sign(m1) != nan_sign(m0) or m1 == 0 or m0 == 0:
                dk[i, p] = 0.0
            else:
                whmean = (w1 / m0 + w2 / m1) / (w1 + w2)
                dk[i, p] = 1.0 / whmean
    for p in range(npar):
        dk[0, p] = pchip_edge_slope(hk[0], hk[1], mk[0, p], mk[1, p])
        dk[n - 1, p] = pchip_edge_slope(hk[n - 2], hk[n - 3], mk[n - 2, p], mk[n - 3, p])
    return hermite_coefficients(x, y, dk)


# ---------------------------------------------------------------- Akima / makima
@njit(cache=True)
def akima_coefficients(x, y, axis, method):
    """Akima1DInterpolator's (4, n-1, P) coefficients for (n, P) ``y``."""
    check_prepared(x, y, axis)
    n, npar = y.shape
    t = np.empty((n, npar))
    if n == 2:
        hk = x[1] - x[0]
        for p in range(npar):
            mk = (y[1, p] - y[0, p]) / hk
            t[0, p] = mk
            t[1, p] = mk
        return hermite_coefficients(x, y, t)
    m = np.empty((n + 3, npar))
    for i in range(n - 1):
        dx = x[i + 1] - x[i]
        for p in range(npar):
            m[i + 2, p] = (y[i + 1, p] - y[i, p]) / dx
    for p in range(npar):
        m[1, p] = 2. * m[2, p] - m[3, p]
        m[0, p] = 2. * m[1, p] - m[2, p]
        m[n + 1, p] = 2. * m[n, p] - m[n - 1, p]
        m[n + 2, p] = 2. * m[n + 1, p] - m[n, p]
    f1 = np.empty((n, npar))
    f2 = np.empty((n, npar))
    mmax = -np.inf
    for i in range(n):
        for p in range(npar):
            t[i, p] = .5 * (m[i + 3, p] + m[i, p])
            a = abs(m[i + 3, p] - m[i + 2, p])
            b = abs(m[i + 1, p] - m[i, p])
            if method == MAKIMA:
                a = a + 0.5 * abs(m[i + 3, p] + m[i + 2, p])
                b = b + 0.5 * abs(m[i + 1, p] + m[i, p])
            f1[i, p] = a
            f2[i, p] = b
            f12 = a + b
            if f12 > mmax:
                mmax = f12
    cut = 1.e-9 * mmax
    for i in range(n):
        for p in range(npar):
            f12 = f1[i, p] + f2[i, p]
            if f12 > cut:
                t[i, p] = m[i + 1, p] + ((f2[i, p] / f12) * (m[i + 2, p] - m[i + 1, p]))
    return hermite_coefficients(x, y, t)


# ---------------------------------------------------------------- Python entries
def _python_input(x, y, axis, name):
    """(x, y as (n, P), axis, trailing shape) as scipy's prepare_input."""
    x = np.asarray(x)
    y = np.asarray(y)
    if np.iscomplexobj(x):
        raise ValueError("`x` must contain real values.")
    x = np.array(x, dtype=np.float64)
    if np.iscomplexobj(y):
        raise ValueError("`%s` only works with real values for `y`. If you are trying to use "
                         "the real components of the passed array, use `np.real` on the array "
                         "before passing to `%s`." % (name, name))
    y = np.asarray(y, dtype=np.float64)
    axis = operator.index(axis) % y.ndim
    if x.ndim != 1:
        raise ValueError("`x` must be 1-dimensional.")
    y = np.moveaxis(y, axis, 0)
    trailing = y.shape[1:]
    y2 = np.ascontiguousarray(y.reshape((y.shape[0], int(np.prod(trailing)))))
    return np.ascontiguousarray(x), y2, axis, trailing


def _scipy_object(cls_name, x, c, trailing, extrapolate, axis):
    import scipy.interpolate as si
    c = c.reshape(c.shape[:2] + trailing)
    return getattr(si, cls_name).construct_fast(c, x, extrapolate, axis)


def PchipInterpolator(x, y, axis=0, extrapolate=None):
    """PCHIP 1-D monotonic cubic interpolation (scipy.interpolate.PchipInterpolator).

    Same signature and defaults as scipy's, ``y`` of any dimension; returns a
    real ``scipy.interpolate.PchipInterpolator`` whose coefficients scijit's
    @njit core computed.  Inside @njit ``y`` may be N-D too and the result is
    a ``Spline`` value.
    """
    x, y2, axis, trailing = _python_input(x, y, axis, "PchipInterpolator")
    c = pchip_coefficients(x, y2, axis)
    ext = True if extrapolate is None else extrapolate
    return _scipy_object("PchipInterpolator", x, c, trailing, ext, axis)


def Akima1DInterpolator(x, y, axis=0, *, method="akima", extrapolate=None):
    """Akima / modified Akima interpolator (scipy.interpolate.Akima1DInterpolator).

    Same signature and defaults as scipy's (``extrapolate`` defaults to
    False); returns a real ``scipy.interpolate.Akima1DInterpolator``.
    """
    if method not in {"akima", "makima"}:
        raise NotImplementedError(f"`method`={method} is unsupported.")
    x, y2, axis, trailing = _python_input(x, y, axis, "Akima1DInterpolator")
    c = akima_coefficients(x, y2, axis, MAKIMA if method == "makima" else AKIMA)
    ext = False if extrapolate is None else extrapolate
    return _scipy_object("Akima1DInterpolator", x, c, trailing, ext, axis)


def pchip_interpolate(xi, yi, x, der=0, axis=0):
    """Convenience function for pchip interpolation (scipy.interpolate.pchip_interpolate)."""
    P = PchipInterpolator(xi, yi, axis=axis)
    if der == 0:
        return P(x)
    elif np.isscalar(der):
        return P.derivative(der)(x)
    else:
        return [P.derivative(nu)(x) for nu in der]


# ---------------------------------------------------------------- @njit choosers
def _check_arrays(routine, x, y):
    for name, ty in (("x", x), ("y", y)):
        if not (isinstance(ty, types.Array) and isinstance(ty.dtype, (types.Float, types.Integer))):
            raise TypingError("%s: %r must be an array of real numbers inside @njit, got %s"
                              % (routine, name, ty))
    if x.ndim != 1:
        raise TypingError("%s: `x` must be 1-dimensional, got %s" % (routine, x))


def _ext_reader(extrapolate, default):
    from ._ppoly import extrapolate_with_default
    return extrapolate_with_default(extrapolate, default)


def _core_caller(y, core):
    """An inline function (x, y, axis, *extra) -> (x, c, axis): 1-D y gives
    2-D c, N-D y (axis moved to the front, as scipy) gives c of shape
    (4, n-1, *trailing) with the interpolation axis stored."""
    if y.ndim == 1:
        @njit(inline="always")
        def call(x, y, axis, extra):
            xx = np.ascontiguousarray(x).astype(np.float64)
            ax = normal_axis(axis, 1)
            yy = np.ascontiguousarray(y).astype(np.float64).reshape((y.size, 1))
            c = core(xx, yy, ax, extra)
            return xx, c.reshape((4, c.shape[1])), ax
        return call
    read = values_reader(y)

    @njit(inline="always")
    def call_nd(x, y, axis, extra):
        xx = np.ascontiguousarray(x).astype(np.float64)
        yy, ax, trailing = read(y, axis)
        c = core(xx, yy, ax, extra)
        return xx, c.reshape((c.shape[0], c.shape[1]) + trailing), ax
    return call_nd


@njit(cache=True)
def _pchip_core(x, y, axis, extra):
    return pchip_coefficients(x, y, axis)


@njit(cache=True)
def _akima_core(x, y, axis, method):
    return akima_coefficients(x, y, axis, method)


def _pchip_overload(x, y, axis=0, extrapolate=None):
    _check_arrays("PchipInterpolator", x, y)
    call = _core_caller(y, _pchip_core)
    ext = _ext_reader(extrapolate, EXTRAPOLATE_TRUE)

    def impl(x, y, axis=0, extrapolate=None):
        xx, c, ax = call(x, y, axis, 0)
        return _build_pchip(xx, c, ext(extrapolate), ax)
    return impl


def _method_code(method):
    method = constant(method, otherwise=method)
    if isinstance(method, str):
        if method not in ("akima", "makima"):
            msg = f"`method`={method} is unsupported."

            @njit(inline="always")
            def fail(m):
                raise NotImplementedError(msg)
            return fail
        code = MAKIMA if method == "makima" else AKIMA
        return njit(inline="always")(lambda m: code)
    raise TypingError("Akima1DInterpolator: method must be the constant 'akima' or 'makima' "
                      "inside @njit, got %s" % method)


def _akima_overload(x, y, axis=0, method="akima", extrapolate=None):
    _check_arrays("Akima1DInterpolator", x, y)
    if isinstance(method, types.UnicodeType) and not isinstance(method, types.StringLiteral):
        from numba import literally

        def force(x, y, axis=0, method="akima", extrapolate=None):
            return literally(method)
        return force
    code = _method_code(method)
    call = _core_caller(y, _akima_core)
    ext = _ext_reader(extrapolate, EXTRAPOLATE_FALSE)

    def impl(x, y, axis=0, method="akima", extrapolate=None):
        m = code(method)
        xx, c, ax = call(x, y, axis, m)
        return _build_akima(xx, c, ext(extrapolate), ax)
    return impl


def _pchip_interpolate_overload(xi, yi, x, der=0, axis=0):
    check_integer("pchip_interpolate", "der", der, bool_ok=False)
    pchip = _pchip_target[0]

    def impl(xi, yi, x, der=0, axis=0):
        P = pchip(xi, yi, axis)
        if der == 0:
            return P(x)
        return P.derivative(der)(x)
    return impl


_pchip_target = [PchipInterpolator]


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "PchipInterpolator": Chooser(_pchip_overload),
    "Akima1DInterpolator": Chooser(_akima_overload),
    "pchip_interpolate": Chooser(_pchip_interpolate_overload),
}
register_choosers(CHOOSERS, globals())
