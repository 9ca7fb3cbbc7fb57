"""``RegularGridType``: scipy's ``RegularGridInterpolator`` as a numba value.

A struct (not a jitclass) holding the grid in one flat float64 vector (the
points of every dimension, ascending, one after the other; ``goff`` gives
where each dimension starts), the values as a C-contiguous ``(grid points,
trailing values)`` matrix, the tensor-product B-spline of the 'slinear' /
'cubic' / 'quintic' methods (knots flat with ``koff``, coefficients as the
values) and the settled options.  The type carries the number of grid
dimensions and ``values.ndim``, so calls know their result's shape at
compile time; everything else is run-time data, so one set of cached
kernels serves every dimension.

* built inside @njit by ``scijit.interpolate.RegularGridInterpolator`` (or
  scipy's name) and called there: ``interp(xi, method=None, nu=None)``
  (the methods are defined in ``scijit.interpolate._rgi``);
* returned to Python it becomes a real ``scipy.interpolate.RegularGridInterpolator``
  (scipy's ``__init__`` runs with the stored ascending grid and values for
  'linear', then the method and the ``NdBSpline`` are set: no solve again);
* a scipy ``RegularGridInterpolator`` passes into @njit (its spline
  coefficients are used as they are), and one held in a module global is
  frozen into compiled code.

Complex values (``cplx``): every method but 'pchip' is linear in the values,
so the struct holds the real parts and then the imaginary parts, one float64
matrix of twice the rows (values and coefficients alike), ``fill`` and
``fill_imag``, and the kernels run once on each half.
"""
import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.core.imputils import lower_constant
from numba.extending import (box, intrinsic, make_attribute_wrapper, models, register_model,
                             typeof_impl, unbox)

from ._struct import box_struct, constant_struct, unbox_struct

#: method codes (scipy's names in this order)
LINEAR, NEAREST, SLINEAR, CUBIC, QUINTIC, PCHIP = range(6)
METHOD_NAMES = ("linear", "nearest", "slinear", "cubic", "quintic", "pchip")
DEGREES = (-1, -1, 1, 3, 5, 3)
#: fill_value: a number, or None (extrapolate)
FILL_NUMBER, FILL_NONE = 0, 1

ARRAYS_F1 = ("grid", "knots")
ARRAYS_I1 = ("goff", "koff", "desc", "vshape")
ARRAYS_F2 = ("values", "coefs")
INTS = ("method", "k", "bounds_error", "fill_mode", "fast2d", "finite", "cplx")
FLOATS = ("fill", "fill_imag")
FIELDS = ARRAYS_F1 + ARRAYS_I1 + ARRAYS_F2 + INTS + FLOATS

_f1 = types.Array(types.float64, 1, "C")
_i1 = types.Array(types.int64, 1, "C")
_f2 = types.Array(types.float64, 2, "C")


def _member_type(name):
    if name in ARRAYS_F1:
        return _f1
    if name in ARRAYS_I1:
        return _i1
    if name in ARRAYS_F2:
        return _f2
    return types.int64 if name in INTS else types.float64


# ---------------------------------------------------------------- errors (formatted in Python)
def _ndbspl_methods():
    import scipy.interpolate as si
    return si.RegularGridInterpolator._SPLINE_METHODS_ndbspl


class GridPointsError(ValueError):
    """scipy's 'There are n points in dimension i, but method m requires ...'."""

    def __init__(self, n, dim, method):
        super().__init__(f"There are {n} points in dimension {dim}, but method "
                         f"{METHOD_NAMES[method]} requires at least  {DEGREES[method] + 1} "
                         f"points per dimension.")


class NuMethodError(ValueError):
    """scipy's message for ``nu`` with a method that has no derivatives."""

    def __init__(self, method):
        super().__init__(f"Can only compute derivatives for methods {_ndbspl_methods()}, "
                         f"got method ='{METHOD_NAMES[method]}'.")


def _nu_repr(count, values):
    return repr(np.asarray(values[:count], dtype=np.int64))


class NuCountError(ValueError):
    """NdBSpline's 'invalid number of derivative orders nu = ... for ndim = n.'"""

    def __init__(self, ndim, count, *values):
        super().__init__(f"invalid number of derivative orders nu = {_nu_repr(count, values)} "
                         f"for ndim = {ndim}.")


class NuNegativeError(ValueError):
    """NdBSpline's 'derivatives must be non-negative, got nu = ...'."""

    def __init__(self, count, *values):
        super().__init__(f"derivatives must be non-negative, got nu = {_nu_repr(count, values)}")


# ---------------------------------------------------------------- the type
class RegularGridType(types.Type):
    """scipy's RegularGridInterpolator with ``ndim`` grid dimensions and
    ``values.ndim == vndim`` (trailing value dimensions: ``vndim - ndim``);
    ``cplx`` for complex values."""

    def __init__(self, ndim, vndim, cplx=False):
        self.ndim = ndim
        self.vndim = vndim
        self.cplx = bool(cplx)
        super().__init__(name="RegularGridInterpolator(ndim=%d, vndim=%d%s)"
                         % (ndim, vndim, ", complex" if cplx else ""))


@register_model(RegularGridType)
class RegularGridModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [(n, _member_type(n)) for n in FIELDS])


for _name in FIELDS:
    make_attribute_wrapper(RegularGridType, _name, "_" + _name)


@intrinsic
def rgi_build(typingctx, ndim, vndim, cplx, arrays, ints, floats):
    """A RegularGridInterpolator value: ``ndim``/``vndim``/``cplx`` literal
    ints, ``arrays`` (grid, knots, goff, koff, desc, vshape, values, coefs),
    the int fields and the float fields as tuples (in FIELDS' order)."""
    if not all(isinstance(a, types.IntegerLiteral) for a in (ndim, vndim, cplx)):
        raise TypingError("rgi_build: ndim, vndim and cplx must be literal integers")
    names = ARRAYS_F1 + ARRAYS_I1 + ARRAYS_F2
    for name, ty in zip(names, arrays):
        if ty != _member_type(name):
            raise TypingError("rgi_build: %s must be %s, got %s" % (name, _member_type(name), ty))
    sig = RegularGridType(ndim.literal_value, vndim.literal_value, cplx.literal_value)(
        ndim, vndim, cplx, arrays, ints, floats)

    def codegen(context, builder, sig, args):
        obj = cgutils.create_struct_proxy(sig.return_type)(context, builder)
        arr_ty = sig.args[3]
        for i, name in enumerate(names):
            val = builder.extract_value(args[3], i)
            context.nrt.incref(builder, arr_ty[i], val)
            setattr(obj, name, val)
        for i, name in enumerate(INTS):
            setattr(obj, name, context.cast(builder, builder.extract_value(args[4], i),
                                            sig.args[4][i], types.int64))
        for i, name in enumerate(FLOATS):
            setattr(obj, name, context.cast(builder, builder.extract_value(args[5], i),
                                            sig.args[5][i], types.float64))
        return obj._getvalue()
    return sig, codegen


# ---------------------------------------------------------------- Python boundary
def _halves(a, cplx):
    """A stored values/coefficients matrix as scipy's (complex if ``cplx``)."""
    if not cplx:
        return a
    h = a.shape[0] // 2
    out = np.empty((h, a.shape[1]), dtype=np.complex128)
    out.real, out.imag = a[:h], a[h:]
    return out


def box_rgi(grid, goff, knots, koff, desc, vshape, values, coefs, method, k, bounds_error,
            fill_mode, fill, fast2d, cplx=0, fill_imag=0.0):
    """The scipy RegularGridInterpolator of the stored fields (no solve)."""
    import scipy.interpolate as si
    from scipy.interpolate._ndbspline import NdBSpline
    nd = goff.size - 1
    points = tuple(grid[goff[d]:goff[d + 1]] for d in range(nd))
    vals = _halves(values, cplx).reshape(tuple(int(s) for s in vshape))
    if nd == 2 and vals.ndim == 2 and not fast2d:
        vals.flags.writeable = False      # scipy then takes the path our struct took
    fill_value = None if fill_mode == FILL_NONE else (
        complex(fill, fill_imag) if cplx else float(fill))
    obj = si.RegularGridInterpolator(points, vals, method="linear",
                                     bounds_error=bool(bounds_error), fill_value=fill_value)
    obj.method = METHOD_NAMES[method]
    obj._descending_dimensions = tuple(int(d) for d in np.flatnonzero(desc))
    if SLINEAR <= method <= QUINTIC:
        t = tuple(knots[koff[d]:koff[d + 1]] for d in range(nd))
        obj._spline = NdBSpline(t, _halves(coefs, cplx).reshape(vals.shape), int(k))
    return obj


def _typeof_rgi(val, c):
    try:
        if val.method not in METHOD_NAMES:
            return None
        values = val._values
        if not (isinstance(values, np.ndarray) and values.dtype.kind in "fiubc"):
            return None
        cplx = values.dtype.kind == "c"
        if val.fill_value is not None and np.iscomplexobj(val.fill_value) and not cplx:
            return None
        if cplx and val.method == "pchip":
            return None
        spl = val._spline
        if METHOD_NAMES.index(val.method) in (SLINEAR, CUBIC, QUINTIC):
            if spl is None or (np.iscomplexobj(spl.c) and not cplx) or len(set(spl.k)) != 1:
                return None
        return RegularGridType(len(val._grid), values.ndim, cplx)
    except Exception:
        return None


def register_scipy_class():
    """typeof for scipy.interpolate.RegularGridInterpolator."""
    import scipy.interpolate as si
    typeof_impl.register(si.RegularGridInterpolator)(_typeof_rgi)


def scipy_fields(obj):
    """The struct fields of a scipy RegularGridInterpolator, as a dict."""
    grid = obj._grid
    nd = len(grid)
    values = np.asarray(obj._values)
    f = {}
    f["grid"] = np.ascontiguousarray(np.concatenate([np.asarray(p, dtype=np.float64)
                                                     for p in grid]) if nd else np.zeros(0))
    f["goff"] = np.cumsum([0] + [len(p) for p in grid]).astype(np.int64)
    desc = np.zeros(nd, dtype=np.int64)
    desc[list(obj._descending_dimensions)] = 1
    f["desc"] = desc
    f["vshape"] = np.array(values.shape, dtype=np.int64)
    ngrid = int(np.prod(values.shape[:nd]))
    cplx = values.dtype.kind == "c"
    f["cplx"] = int(cplx)
    v2 = _stacked(values, ngrid, cplx)
    f["values"] = v2
    method = METHOD_NAMES.index(obj.method)
    f["method"] = method
    f["k"] = DEGREES[method]
    if SLINEAR <= method <= QUINTIC:
        spl = obj._spline
        t = spl.t
        f["knots"] = np.ascontiguousarray(np.concatenate(t), dtype=np.float64)
        f["koff"] = np.cumsum([0] + [len(ti) for ti in t]).astype(np.int64)
        f["coefs"] = _stacked(spl.c, ngrid, cplx)
        f["k"] = int(spl.k[0])
    else:
        f["knots"] = np.zeros(0)
        f["koff"] = np.zeros(nd + 1, dtype=np.int64)
        f["coefs"] = np.zeros((0, v2.shape[1]))
    f["bounds_error"] = int(bool(obj.bounds_error))
    if obj.fill_value is None:
        f["fill_mode"], f["fill"], f["fill_imag"] = FILL_NONE, np.nan, 0.0
    else:
        f["fill_mode"], f["fill"] = FILL_NUMBER, float(np.real(obj.fill_value))
        f["fill_imag"] = float(np.imag(obj.fill_value))
    f["fast2d"] = int(nd == 2 and values.ndim == 2 and values.flags.writeable
                      and values.dtype in (np.float64, np.complex128)
                      and values.dtype.byteorder == "=")
    f["finite"] = int(bool(np.isfinite(v2).all()))
    return f


def _stacked(a, ngrid, cplx):
    """values or coefficients as the struct's float64 matrix: (ngrid, P), or
    for complex the real parts over the imaginary parts, (2 ngrid, P)."""
    if not cplx:
        return np.ascontiguousarray(a, dtype=np.float64).reshape(ngrid, -1)
    a = np.asarray(a, dtype=np.complex128).reshape(ngrid, -1)
    return np.ascontiguousarray(np.concatenate([a.real, a.imag]))


def scipy_field_values(obj):
    """The struct's member values of a scipy RegularGridInterpolator, in FIELDS order."""
    f = scipy_fields(obj)
    return tuple(f[name] for name in FIELDS)


#: what box_rgi takes, in its order (``finite`` is recomputed by scipy's side)
_BOXED = ("grid", "goff", "knots", "koff", "desc", "vshape", "values", "coefs", "method", "k",
          "bounds_error", "fill_mode", "fill", "fast2d", "cplx", "fill_imag")


@box(RegularGridType)
def _box(typ, val, c):
    return box_struct(c, typ, val, FIELDS, _member_type, box_rgi, boxed=_BOXED)


@unbox(RegularGridType)
def _unbox(typ, obj, c):
    return unbox_struct(c, typ, obj, FIELDS, _member_type, scipy_field_values)


@lower_constant(RegularGridType)
def _const(context, builder, ty, pyval):
    """A scipy RegularGridInterpolator held in a module global, frozen into the code
    (its arrays become constants, which the kernels only read)."""
    return constant_struct(context, builder, ty, FIELDS, _member_type, scipy_field_values(pyval))
