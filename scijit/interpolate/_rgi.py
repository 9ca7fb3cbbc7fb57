"""``RegularGridInterpolator`` and ``interpn``: interpolation on rectilinear grids.

Methods 'linear', 'nearest', 'slinear', 'cubic', 'quintic', 'pchip';
``bounds_error``, ``fill_value`` (a number, or None to extrapolate), any
number of dimensions, trailing value dimensions, ``xi`` of shape
``(..., ndim)`` or a tuple of coordinate arrays, as scipy 1.17.

* from Python, :func:`RegularGridInterpolator` settles the arguments, runs
  the cached @njit core and returns a real ``scipy.interpolate.RegularGridInterpolator``
  (for the spline methods holding the exact tensor-product spline: no
  iterative solve); :func:`interpn` returns scipy's values.  Complex or
  non-float64 floating values, the '*_legacy' methods, 'splinef2d' and a
  ``solver`` are handed to scipy;
* inside @njit ``points`` is a tuple of 1-D arrays, ``method`` a constant
  string, and the interpolator is a :class:`scijit_types.grid.RegularGridType`
  value, callable as ``interp(xi, method=None, nu=None)``.  Values may be
  complex128 (the real and imaginary parts are interpolated apart, which is
  what every method but 'pchip' amounts to; 'pchip' refuses them as scipy);
  ``interpn(..., method='splinef2d')`` fits our RectBivariateSpline as
  scipy does (real values).

scipy's default solver for 'slinear'/'cubic'/'quintic' (gcrotmk with
``atol=1e-6``) returns an approximation of the interpolating spline; scijit
solves the collocation system exactly (one banded solve per axis), so its
values are those of scipy with ``solver=scipy.sparse.linalg.spsolve``.
"""
import numpy as np
from numba import literal_unroll, literally, njit, types
from numba.core.errors import TypingError
from numba.extending import overload_method
from numba.np.unsafe.ndarray import to_fixed_tuple

from lowering.calls import forward_calls
from scijit_types.grid import (DEGREES, FILL_NONE, FILL_NUMBER, METHOD_NAMES, QUINTIC, SLINEAR,
                               RegularGridType, box_rgi, rgi_build)

from .. import _arguments as A
from .._registration import Chooser, register_choosers

from ._rgi_kernels import (WITH_SPLINES, interpn_core, interpn_core_complex,
                           interpn_core_real, rgi_call_complex, rgi_call_real, rgi_core,
                           rgi_core_complex, splinef2d_core)

__all__ = ["RegularGridInterpolator", "interpn"]

_INTERPN_METHODS = ["linear", "nearest", "cubic", "quintic", "pchip", "splinef2d", "slinear",
                    "slinear_legacy", "cubic_legacy", "quintic_legacy"]
_ALL_METHODS = list(METHOD_NAMES) + ["slinear_legacy", "cubic_legacy", "quintic_legacy"]
_INTERPN_MESSAGE = ("interpn only understands the methods 'linear', 'nearest', 'slinear', "
                    "'cubic', 'quintic', 'pchip', and 'splinef2d'. You provided %s.")
_FILL_MESSAGE = "fill_value must be either 'None' or of a type compatible with values"
_PCHIP_COMPLEX = ("`PchipInterpolator` only works with real values. If you are trying to use "
                  "the real components of the passed array, use `np.real` on the array before "
                  "passing to `RegularGridInterpolator`.")


# ---------------------------------------------------------------- Python entries
def _static_checks(npoints, point_ndims, vndim):
    """scipy's _check_dimensionality checks that types settle (the message, or None)."""
    if npoints > vndim:
        return f"There are {npoints} point arrays, but values has {vndim} dimensions"
    for i, nd in enumerate(point_ndims):
        if nd != 1:
            return f"The points in dimension {i} must be 1-dimensional"
    return None


def _python_prepare(points, values, fill_value):
    """(raw, goff, values2d, vshape, fast2d, fill_mode, fill), or None for scipy."""
    try:
        values = np.asarray(values)
    except (TypeError, ValueError, RuntimeError):
        # a duck array numpy cannot convert (scipy's linear and nearest methods only index
        # it): scipy's class takes it as it is
        return None
    if values.dtype.kind in "iub":
        values = values.astype(float)
    elif values.dtype != np.float64 or values.dtype.byteorder not in "=|":
        return None
    pts = [np.asarray(p) for p in points]
    msg = _static_checks(len(pts), [p.ndim for p in pts], values.ndim)
    if msg:
        raise ValueError(msg)
    if any(np.iscomplexobj(p) for p in pts):
        return None
    if fill_value is None:
        fill_mode, fill = FILL_NONE, np.nan
    else:
        farr = np.asarray(fill_value)
        if not np.can_cast(farr.dtype, values.dtype, casting="same_kind"):
            raise ValueError(_FILL_MESSAGE)
        if farr.size != 1:
            return None
        fill_mode, fill = FILL_NUMBER, float(farr.ravel()[0])
    nd = len(pts)
    raw = (np.ascontiguousarray(np.concatenate([p.astype(np.float64) for p in pts]))
           if nd else np.zeros(0))
    goff = np.cumsum([0] + [p.size for p in pts]).astype(np.int64)
    ngrid = int(np.prod(values.shape[:nd], dtype=np.int64))
    ntrail = int(np.prod(values.shape[nd:], dtype=np.int64))
    v2 = np.ascontiguousarray(values, dtype=np.float64).reshape(ngrid, ntrail)
    fast2d = int(nd == 2 and values.ndim == 2 and values.flags.writeable)
    return (raw, goff, v2, np.array(values.shape, dtype=np.int64), fast2d, fill_mode, fill)


def RegularGridInterpolator(points, values, method="linear", bounds_error=True,
                            fill_value=np.nan, *, solver=None, solver_args=None):
    """Interpolator on a rectilinear grid (scipy.interpolate.RegularGridInterpolator), compiled.

    Same signature and defaults as scipy's; returns a real
    ``scipy.interpolate.RegularGridInterpolator``.  The spline methods hold
    the exact interpolating tensor-product spline (scipy's with
    ``solver=spsolve``).  Inside @njit: ``points`` a tuple of 1-D arrays,
    ``method`` a constant, ``fill_value`` a number or None, no ``solver``.
    """
    import scipy.interpolate as si
    if method not in _ALL_METHODS:
        raise ValueError(f"Method '{method}' is not defined")
    prepared = None
    if method in METHOD_NAMES and solver is None and not solver_args:
        prepared = _python_prepare(points, values, fill_value)
    if prepared is None:
        return si.RegularGridInterpolator(points, values, method=method,
                                          bounds_error=bounds_error, fill_value=fill_value,
                                          solver=solver, solver_args=solver_args)
    raw, goff, v2, vshape, fast2d, fill_mode, fill = prepared
    code = METHOD_NAMES.index(method)
    grid, desc, vals, knots, koff, coefs, _ = rgi_core(raw, goff, v2, vshape, code,
                                                       WITH_SPLINES)
    return box_rgi(grid, goff, knots, koff, desc, vshape, vals, coefs, code, DEGREES[code],
                   bool(bounds_error), fill_mode, fill, fast2d)


def interpn(points, values, xi, method="linear", bounds_error=True, fill_value=np.nan):
    """Interpolation on a rectilinear grid (scipy.interpolate.interpn), compiled.

    Same signature, defaults and result shape as scipy's.  Inside @njit:
    ``points`` a tuple of 1-D arrays, ``xi`` an array of shape ``(..., ndim)``
    or a tuple of coordinate arrays, ``method`` a constant.
    """
    import scipy.interpolate as si
    from scipy.interpolate._interpnd import _ndim_coords_from_arrays
    if method not in _INTERPN_METHODS:
        raise ValueError(_INTERPN_MESSAGE % method)
    prepared = None
    if method in METHOD_NAMES:
        prepared = _python_prepare(points, values, fill_value)
    if prepared is None:
        return si.interpn(points, values, xi, method=method, bounds_error=bounds_error,
                          fill_value=fill_value)
    raw, goff, v2, vshape, fast2d, fill_mode, fill = prepared
    nd = goff.size - 1
    xi = _ndim_coords_from_arrays(xi, ndim=nd)
    lead = xi.shape[:-1]
    xi2 = np.ascontiguousarray(np.asarray(xi, dtype=np.float64).reshape(-1, xi.shape[-1]))
    out = interpn_core(raw, goff, v2, vshape, METHOD_NAMES.index(method), int(bool(bounds_error)),
                       fill_mode, fill, fast2d, xi2, WITH_SPLINES)
    return out.reshape(lead + tuple(int(s) for s in vshape[nd:]))


# ---------------------------------------------------------------- @njit helpers
# ---------------------------------------------------------------- @njit helpers
# Module-level and cached: an @njit caller compiles only its own glue (helpers
# made per call site, even inline ones, would each be compiled again).
@njit(cache=True)
def grid_concat(points):
    """The points of a tuple of 1-D arrays, one after the other, and the offsets."""
    n = len(points)
    goff = np.zeros(n + 1, dtype=np.int64)
    i = 0
    for p in literal_unroll(points):
        goff[i + 1] = goff[i] + p.size
        i += 1
    raw = np.empty(goff[n])
    i = 0
    for pp in literal_unroll(points):
        for q in range(pp.size):
            raw[goff[i] + q] = pp[q]
        i += 1
    return raw, goff


@njit(cache=True)
def _matrix_shape(values, nd):
    """(values' shape, grid points, trailing values)."""
    vshape = np.array(values.shape, dtype=np.int64)
    ngrid = 1
    for d in range(nd):
        ngrid *= vshape[d]
    ntrail = 1
    for d in range(nd, vshape.size):
        ntrail *= vshape[d]
    return vshape, ngrid, ntrail


@njit(cache=True)
def values_matrix(values, nd):
    """(values as a (grid points, trailing) float64 matrix, values' shape)."""
    vshape, ngrid, ntrail = _matrix_shape(values, nd)
    v = np.ascontiguousarray(values).astype(np.float64)
    return v.reshape((ngrid, ntrail)), vshape


@njit(cache=True)
def complex_values_matrix(values, nd):
    """(complex values as a float64 matrix, the real parts over the
    imaginary parts (2 grid points, trailing), values' shape)."""
    vshape, ngrid, ntrail = _matrix_shape(values, nd)
    v = np.ascontiguousarray(values).reshape((ngrid, ntrail))
    out = np.empty((2 * ngrid, ntrail))
    for i in range(ngrid):
        for p in range(ntrail):
            out[i, p] = v[i, p].real
            out[ngrid + i, p] = v[i, p].imag
    return out, vshape


@njit(cache=True)
def fill_args(fill_value):
    """(fill mode, real part, imaginary part) of a number or None."""
    if fill_value is None:
        return np.int64(FILL_NONE), np.nan, 0.0
    c = np.complex128(fill_value)
    return np.int64(FILL_NUMBER), c.real, c.imag


@njit(cache=True)
def as_flag(value):
    return np.int64(1) if value else np.int64(0)


@njit(cache=True)
def nu_args(nu):
    """(nu as an int64 vector, given?)."""
    if nu is None:
        return np.zeros(0, dtype=np.int64), np.int64(0)
    a = np.empty(len(nu), dtype=np.int64)
    for i in range(len(nu)):
        a[i] = nu[i]
    return a, np.int64(1)


@njit(cache=True)
def xi_array(xi, nd):
    """xi (..., q) -> (m, q) float64; a 1-D xi is reshaped to (-1, ndim)."""
    a = np.ascontiguousarray(xi).astype(np.float64)
    if a.ndim == 1:
        return a.reshape((-1, nd))
    return a.reshape((-1, a.shape[-1]))


@njit(cache=True)
def xi_first(xi, nd):
    return xi_array(xi[0], nd)


@njit(cache=True)
def xi_scalars(xi, nd):
    a = np.empty((1, len(xi)))
    i = 0
    for v in literal_unroll(xi):
        a[0, i] = v
        i += 1
    return a


@njit(cache=True)
def _check_same_shape(equal):
    if not equal:
        raise ValueError("coordinate arrays do not have the same shape")


@njit(cache=True)
def xi_arrays(xi, nd):
    """A tuple of coordinate arrays of one shape -> (m, len(xi))."""
    first = xi[0]
    same = True
    for c in literal_unroll(xi):
        same = same and c.shape == first.shape
    _check_same_shape(same)
    out = np.empty((first.size, len(xi)))
    i = 0
    for a in literal_unroll(xi):
        flat = np.ascontiguousarray(a).ravel()
        for j in range(flat.size):
            out[j, i] = flat[j]
        i += 1
    return out


@njit(cache=True)
def lead_nd(xi, nd):
    return xi.shape[:-1]


@njit(cache=True)
def lead_1d(xi, nd):
    return (xi.size // nd,)


@njit(cache=True)
def lead_first_nd(xi, nd):
    return xi[0].shape[:-1]


@njit(cache=True)
def lead_first_1d(xi, nd):
    return (xi[0].size // nd,)


@njit(cache=True)
def lead_scalars(xi, nd):
    return ()


@njit(cache=True)
def lead_arrays(xi, nd):
    return xi[0].shape


_REAL = (types.Float, types.Integer, types.Boolean)


def _real_array(ty):
    return isinstance(ty, types.Array) and isinstance(ty.dtype, _REAL)


def _xi_readers(xi, routine):
    """(xi -> (m, q) float64, xi -> the leading result shape), cached helpers."""
    if _real_array(xi):
        return (xi_array, lead_1d) if xi.ndim == 1 else (xi_array, lead_nd)
    if isinstance(xi, types.BaseTuple) and len(xi) == 1 and _real_array(xi[0]):
        return (xi_first, lead_first_1d) if xi[0].ndim == 1 else (xi_first, lead_first_nd)
    if isinstance(xi, types.BaseTuple) and len(xi) > 0 and all(isinstance(t, _REAL) for t in xi):
        return xi_scalars, lead_scalars
    if (isinstance(xi, types.BaseTuple) and len(xi) > 1 and all(_real_array(t) for t in xi)
            and len({t.ndim for t in xi}) == 1):
        return xi_arrays, lead_arrays
    raise TypingError("%s: xi must be an array of real numbers of shape (..., ndim) or a tuple "
                      "of coordinate arrays of one dimensionality inside @njit, got %s"
                      % (routine, xi))


def _points_info(points, routine):
    if not (isinstance(points, types.BaseTuple) and len(points) > 0
            and all(_real_array(p) for p in points)):
        raise TypingError("%s: points must be a tuple of 1-D arrays of real numbers inside "
                          "@njit, got %s" % (routine, points))
    return len(points), [p.ndim for p in points]


def _values_info(values, routine):
    """(True if scipy would take its 2-D fast path for these values (given
    the shapes), 1 for complex values else 0)."""
    cplx = isinstance(values, types.Array) and values.dtype == types.complex128
    if not (_real_array(values) or cplx):
        raise TypingError("%s: values must be an array of real or complex128 numbers inside "
                          "@njit, got %s" % (routine, values))
    dt = values.dtype
    return (not isinstance(dt, (types.Float, types.Complex))
            or (dt in (types.float64, types.complex128) and values.mutable)), int(cplx)


def _fill_check(fill_value, routine, cplx):
    """scipy's message for a fill_value values cannot hold, or None."""
    f = A.constant(fill_value, fill_value)
    if f is None or isinstance(f, (bool, int, float, types.Float, types.Integer, types.Boolean)):
        return None
    if isinstance(f, (complex, types.Complex)):
        return None if cplx else _FILL_MESSAGE
    raise TypingError("%s: fill_value must be a number or None inside @njit, got %s"
                      % (routine, fill_value))


def _bounds_check(bounds_error, routine):
    b = A.constant(bounds_error, bounds_error)
    if not isinstance(b, (bool, int, types.Boolean, types.Integer)):
        raise TypingError("%s: bounds_error must be a bool, got %s" % (routine, bounds_error))


def _splines_flag(code):
    """The kernels' ``splines``/``resolve`` argument for a method known at
    compile time: WITH_SPLINES for a spline method, else None, which leaves
    the banded solver out of the compiled kernel (see _rgi_kernels.rgi_core)."""
    return WITH_SPLINES if SLINEAR <= code <= QUINTIC else None


def _unicode(*tys):
    return any(isinstance(t, types.UnicodeType) and not isinstance(t, types.StringLiteral)
               for t in tys)


# ---------------------------------------------------------------- @njit choosers
def _rgi_overload(points, values, method="linear", bounds_error=True, fill_value=np.nan,
                  solver=None, solver_args=None):
    routine = "RegularGridInterpolator"
    if _unicode(method):
        def force(points, values, method="linear", bounds_error=True, fill_value=np.nan,
                  solver=None, solver_args=None):
            return literally(method)
        return force
    npoints, pndims = _points_info(points, routine)
    fast2d_ok, cplx = _values_info(values, routine)
    m = A.constant(method, method)
    if not isinstance(m, str):
        raise TypingError("%s: method must be a constant string inside @njit, got %s"
                          % (routine, method))
    for name, ty in (("solver", solver), ("solver_args", solver_args)):
        if A.constant(ty, ty) is not None:
            raise TypingError("%s: %s is not supported inside @njit (the spline methods are "
                              "solved exactly)" % (routine, name))
    fill_msg = _fill_check(fill_value, routine, cplx)
    _bounds_check(bounds_error, routine)
    msg = None
    if m not in METHOD_NAMES:
        msg = (f"Method '{m}' is not defined" if m not in _ALL_METHODS else
               f"{routine}: method '{m}' is not supported inside @njit")
    msg = (msg or _static_checks(npoints, pndims, values.ndim) or fill_msg
           or (_PCHIP_COMPLEX if cplx and m == "pchip" else None))
    if msg:
        fail = A.raiser(ValueError, msg)

        def failing(points, values, method="linear", bounds_error=True, fill_value=np.nan,
                    solver=None, solver_args=None):
            fail()
        return failing
    code = METHOD_NAMES.index(m)
    k = DEGREES[code]
    nd, vndim = npoints, values.ndim
    fast2d = int(nd == 2 and vndim == 2 and fast2d_ok)
    matrix = complex_values_matrix if cplx else values_matrix
    core = rgi_core_complex if cplx else rgi_core
    splines = _splines_flag(code)

    def impl(points, values, method="linear", bounds_error=True, fill_value=np.nan,
             solver=None, solver_args=None):
        raw, goff = grid_concat(points)
        v2, vshape = matrix(values, np.int64(nd))
        fill_mode, fill, fill_imag = fill_args(fill_value)
        grid, desc, vals, knots, koff, coefs, finite = core(raw, goff, v2, vshape,
                                                            np.int64(code), splines)
        return rgi_build(nd, vndim, cplx, (grid, knots, goff, koff, desc, vshape, vals, coefs),
                         (code, k, as_flag(bounds_error), fill_mode, fast2d, finite, cplx),
                         (fill, fill_imag))
    return impl


def _interpn_overload(points, values, xi, method="linear", bounds_error=True,
                      fill_value=np.nan):
    routine = "interpn"
    if _unicode(method):
        def force(points, values, xi, method="linear", bounds_error=True, fill_value=np.nan):
            return literally(method)
        return force
    npoints, pndims = _points_info(points, routine)
    fast2d_ok, cplx = _values_info(values, routine)
    m = A.constant(method, method)
    if not isinstance(m, str):
        raise TypingError("%s: method must be a constant string inside @njit, got %s"
                          % (routine, method))
    fill_msg = _fill_check(fill_value, routine, cplx)
    _bounds_check(bounds_error, routine)
    msg = None
    if m == "splinef2d":
        if cplx:
            raise TypingError("interpn: method 'splinef2d' takes real values inside @njit")
        return _splinef2d_impl(npoints, pndims, values.ndim, xi, fill_value, fill_msg)
    if m not in _INTERPN_METHODS:
        msg = _INTERPN_MESSAGE % m
    elif m not in METHOD_NAMES:
        msg = f"{routine}: method '{m}' is not supported inside @njit"
    msg = (msg or _static_checks(npoints, pndims, values.ndim) or fill_msg
           or (_PCHIP_COMPLEX if cplx and m == "pchip" else None))
    if msg:
        fail = A.raiser(ValueError, msg)

        def failing(points, values, xi, method="linear", bounds_error=True, fill_value=np.nan):
            fail()
        return failing
    code = METHOD_NAMES.index(m)
    nd, vndim = npoints, values.ndim
    fast2d = int(nd == 2 and vndim == 2 and fast2d_ok)
    matrix, lead = _xi_readers(xi, routine)
    ntrail = vndim - nd
    vmatrix = complex_values_matrix if cplx else values_matrix
    core = interpn_core_complex if cplx else interpn_core_real
    splines = _splines_flag(code)

    def impl(points, values, xi, method="linear", bounds_error=True, fill_value=np.nan):
        raw, goff = grid_concat(points)
        v2, vshape = vmatrix(values, np.int64(nd))
        fill_mode, fill, fill_imag = fill_args(fill_value)
        out = core(raw, goff, v2, vshape, np.int64(code), as_flag(bounds_error), fill_mode,
                   fill, fill_imag, np.int64(fast2d), matrix(xi, np.int64(nd)), splines)
        return out.reshape(lead(xi, np.int64(nd)) + to_fixed_tuple(vshape[nd:], ntrail))
    return impl


def _splinef2d_impl(npoints, pndims, vndim, xi, fill_value, fill_msg):
    """interpn(method='splinef2d') inside @njit, with scipy's checks in
    scipy's order (those types settle before the run-time ones)."""
    first = A.raiser(ValueError, "The method splinef2d can only be used for 2-dimensional "
                     "input data" if vndim > 2 else None)
    later = A.raiser(ValueError, _static_checks(npoints, pndims, vndim) or (
        "The method splinef2d can only be used for scalar data with one point per coordinate"
        if npoints != vndim else None) or fill_msg)
    no_fill = A.constant(fill_value, fill_value) is None
    matrix, lead = _xi_readers(xi, "interpn")

    def impl(points, values, xi, method="linear", bounds_error=True, fill_value=np.nan):
        first()
        if no_fill and not bounds_error:
            raise ValueError("The method splinef2d does not support extrapolation.")
        later()
        raw, goff = grid_concat(points)
        v2, vshape = values_matrix(values, np.int64(2))
        _, fill, _ = fill_args(fill_value)
        out = splinef2d_core(raw, goff, v2, vshape, as_flag(bounds_error), fill,
                             matrix(xi, np.int64(2)))
        return out.reshape(lead(xi, np.int64(2)))
    return impl


@overload_method(RegularGridType, "__call__", prefer_literal=True)
def _rgi_call(interp, xi, method=None, nu=None):
    routine = "RegularGridInterpolator"
    if _unicode(method):
        def force(interp, xi, method=None, nu=None):
            return literally(method)
        return force
    nd, vndim = interp.ndim, interp.vndim
    m = A.constant(method, method)
    msg = None
    code = -1
    if isinstance(m, str):
        if m in METHOD_NAMES:
            code = METHOD_NAMES.index(m)
        elif m in _ALL_METHODS:
            msg = f"{routine}: method '{m}' is not supported inside @njit"
        else:
            msg = f"Method '{m}' is not defined"
    elif m is not None:
        raise TypingError("%s.__call__: method must be None or a constant string inside "
                          "@njit, got %s" % (routine, method))
    if msg:
        fail = A.raiser(ValueError, msg)

        def failing(interp, xi, method=None, nu=None):
            fail()
        return failing
    nu_ok = A.constant(nu, nu) is None or (
        isinstance(nu, types.UniTuple) and isinstance(nu.dtype, types.Integer)) or (
        isinstance(nu, types.Array) and nu.ndim == 1 and isinstance(nu.dtype, types.Integer))
    if not nu_ok:
        raise TypingError("%s.__call__: nu must be None, a tuple or a 1-D array of integers "
                          "inside @njit, got %s" % (routine, nu))
    matrix, lead = _xi_readers(xi, routine)
    ntrail = vndim - nd
    call = rgi_call_complex if interp.cplx else rgi_call_real
    # None unless a spline method is named here: the interpolator's own
    # spline is then never solved again (see rgi_call)
    resolve = _splines_flag(code)

    def impl(interp, xi, method=None, nu=None):
        nua, has_nu = nu_args(nu)
        own = interp._method
        mcode = own if code < 0 else np.int64(code)
        out = call(interp._grid, interp._goff, interp._values, interp._knots, interp._koff,
                   interp._coefs, own, mcode, interp._bounds_error, interp._fill_mode,
                   interp._fill, interp._fill_imag, interp._fast2d, interp._finite,
                   matrix(xi, np.int64(nd)), nua, has_nu, np.int64(0), resolve)
        return out.reshape(lead(xi, np.int64(nd)) + to_fixed_tuple(interp._vshape[nd:], ntrail))
    return impl


# The chooser is resolved again with the argument types typing was given,
# and its implementation called directly: numba then finds the one it
# compiled while typing.  numba's own lowering of the method resolves it
# with the folded types (defaults as Omitted), a different cache key, and
# would make and compile the same implementation a second time (~1-2 s per
# call site).
forward_calls(RegularGridType, to=_rgi_call, params=("xi", "method", "nu"))


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "RegularGridInterpolator": Chooser(_rgi_overload, inline="always"),
    "interpn": Chooser(_interpn_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
