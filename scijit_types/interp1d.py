"""``Interp1dType``: scipy's ``interp1d`` as a numba value (not a jitclass).

A struct of the sorted data ``x``, ``y`` (1-D), an auxiliary array (the
midpoints of ``x`` for 'nearest'/'nearest-up', ``x`` moved by one ulp for
'previous'/'next'), the B-spline ``t``, ``c`` of the spline kinds, and the
settled options (kind, order, bounds_error, fill values, extrapolation).

* built inside @njit by ``scijit.interpolate.interp1d`` (or scipy's name);
* called inside @njit: ``f(x_new)`` (a number gives a float, an array of any
  shape an array of that shape), with scipy's evaluation rules per kind,
  bounds checks and fill values: ``scijit.interpolate._interp1d_eval``;
* returned to Python it becomes a real ``scipy.interpolate.interp1d`` (built
  by scipy from the stored data and options);
* a scipy ``interp1d`` with 1-D ``y`` passes into @njit (its internals read
  once per call, arrays as views when they already are float64) and one held
  in a module global is frozen into compiled code (read-only arrays).
"""
import types as pytypes

import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.core.imputils import lower_constant
from numba.core.typing.typeof import Purpose
from numba.extending import (box, intrinsic, make_attribute_wrapper, models, register_model,
                             typeof_impl, unbox)

from ._struct import box_struct, constant_struct, unbox_struct

#: interp1d kinds (scipy's ``_kind``) as stored codes
LINEAR, NEAREST, NEAREST_UP, PREVIOUS, NEXT, SPLINE = 0, 1, 2, 3, 4, 5
KIND_NAMES = ("linear", "nearest", "nearest-up", "previous", "next", "spline")
#: how fill_value was given (to box back): a value, a (below, above) pair, 'extrapolate'
FILL_VALUE, FILL_PAIR, FILL_EXTRAPOLATE = 0, 1, 2

ARRAYS = ("x", "y", "aux", "t", "c")
INTS = ("kind", "order", "bounds_error", "bounds_arg", "fill_mode", "extrapolate", "use_np",
        "nan_spline")
FLOATS = ("fill_below", "fill_above", "fill_arg0", "fill_arg1")
FIELDS = ARRAYS + INTS + FLOATS


class Interp1dType(types.Type):
    """scipy's interp1d with 1-D float64 data; ``readonly`` for frozen globals."""

    def __init__(self, readonly=False):
        self.readonly = readonly
        self.array = types.Array(types.float64, 1, "C", readonly=readonly)
        super().__init__(name="interp1d(readonly=%s)" % readonly)


interp1d_type = Interp1dType(False)
interp1d_const_type = Interp1dType(True)


class Interp1dNDType(types.Type):
    """scipy's interp1d with N-D y (``ndim`` >= 2): ``y`` is stored with the
    interpolation axis moved to the front (scipy's ``_y`` before flattening),
    ``c`` is the B-spline's (nt, P), the fill values are (P,) arrays."""

    def __init__(self, ndim, readonly=False):
        self.ndim = ndim
        self.readonly = readonly
        self.array = types.Array(types.float64, 1, "C", readonly=readonly)
        self.values = types.Array(types.float64, ndim, "C", readonly=readonly)
        self.matrix = types.Array(types.float64, 2, "C", readonly=readonly)
        super().__init__(name="interp1d(%d-D y, readonly=%s)" % (ndim, readonly))


ND_ARRAYS = ("x", "y", "aux", "t", "c", "fill_below", "fill_above")
ND_INTS = INTS + ("axis",)
ND_FLOATS = ("fill_arg0", "fill_arg1")
ND_FIELDS = ND_ARRAYS + ND_INTS + ND_FLOATS


@register_model(Interp1dType)
class Interp1dModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        member = _member_type(fe_type)
        super().__init__(dmm, fe_type, [(n, member(n)) for n in FIELDS])


@register_model(Interp1dNDType)
class Interp1dNDModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        member = _member_type(fe_type)
        super().__init__(dmm, fe_type, [(n, member(n)) for n in ND_FIELDS])


for _name in ND_FIELDS:
    _attr = "_" + _name if _name not in ("x", "y") else _name
    if _name in FIELDS:
        make_attribute_wrapper(Interp1dType, _name, _attr)
    make_attribute_wrapper(Interp1dNDType, _name, _attr)


def _struct_builder(typ, arrays, arg_types):
    """codegen of an intrinsic (*arrays, ints, floats) -> a ``typ`` struct."""
    ints_names = INTS if typ.__class__ is Interp1dType else ND_INTS
    floats_names = FLOATS if typ.__class__ is Interp1dType else ND_FLOATS
    member = _member_type(typ)
    for name, ty in zip(arrays, arg_types):
        if ty != member(name):
            raise TypingError("interp1d_build: %s must be %s, got %s" % (name, member(name), ty))
    na = len(arrays)

    def codegen(context, builder, sig, args):
        obj = cgutils.create_struct_proxy(sig.return_type)(context, builder)
        for name, ty, val in zip(arrays, sig.args[:na], args[:na]):
            context.nrt.incref(builder, ty, val)
            setattr(obj, name, val)
        for i, name in enumerate(ints_names):
            setattr(obj, name, builder.extract_value(args[na], i))
        for i, name in enumerate(floats_names):
            setattr(obj, name, builder.extract_value(args[na + 1], i))
        return obj._getvalue()
    return codegen


@intrinsic
def interp1d_build(typingctx, x, y, aux, t, c, ints, floats):
    """An interp1d from its five arrays and tuples of its int and float fields."""
    sig = interp1d_type(x, y, aux, t, c, ints, floats)
    return sig, _struct_builder(interp1d_type, ARRAYS, (x, y, aux, t, c))


@intrinsic
def interp1d_nd_build(typingctx, x, y, aux, t, c, below, above, ints, floats):
    """An N-D interp1d from its arrays (``ND_ARRAYS`` order; y moved to axis 0)
    and tuples of its int (``ND_INTS``) and float fields."""
    typ = Interp1dNDType(y.ndim) if isinstance(y, types.Array) else None
    if typ is None:
        raise TypingError("interp1d_nd_build: y must be an array, got %s" % y)
    sig = typ(x, y, aux, t, c, below, above, ints, floats)
    return sig, _struct_builder(typ, ND_ARRAYS, (x, y, aux, t, c, below, above))


# ---------------------------------------------------------------- Python boundary
def _scipy_fields(obj):
    """The struct fields of a scipy interp1d as a namespace, or None when it
    has no scijit type (complex data; N-D y with array fill values)."""
    y = np.asarray(obj.y)
    if np.iscomplexobj(y) or np.iscomplexobj(obj.x):
        return None
    nd = y.ndim > 1
    kind = KIND_NAMES.index(obj._kind)
    f = pytypes.SimpleNamespace()
    f.x = np.ascontiguousarray(obj.x, dtype=np.float64)
    # N-D: scipy's _y before flattening, the interpolation axis in front
    f.axis = obj._y_axis if nd else 0
    f.y = np.ascontiguousarray(np.moveaxis(y, f.axis, 0), dtype=np.float64)
    npar = f.y.size // max(f.y.shape[0], 1) if nd else 1
    f.aux = np.zeros(0)
    f.t = np.zeros(0)
    f.c = np.zeros((0, npar)) if nd else np.zeros(0)
    f.order = -1
    if kind in (NEAREST, NEAREST_UP):
        f.aux = np.ascontiguousarray(obj.x_bds, dtype=np.float64)
    elif kind in (PREVIOUS, NEXT):
        f.aux = np.ascontiguousarray(obj._x_shift, dtype=np.float64)
    elif kind == SPLINE:
        f.t = np.ascontiguousarray(obj._spline.t, dtype=np.float64)
        c = np.ascontiguousarray(obj._spline.c, dtype=np.float64)
        f.c = c.reshape((c.shape[0], npar)) if nd else c.reshape(-1)
        f.order = int(obj._spline.k)
    call = getattr(obj._call, "__func__", obj._call)
    cls = type(obj)
    f.kind = kind
    f.use_np = int(call is getattr(cls, "_call_linear_np", None))
    f.nan_spline = int(call is getattr(cls, "_call_nan_spline", None))
    f.extrapolate = int(bool(obj._extrapolate))
    f.bounds_error = int(bool(obj.bounds_error))
    f.bounds_arg = f.bounds_error
    below = above = np.full(npar, np.nan)
    if not obj._extrapolate:                # scipy's flattened, broadcastable fill values
        below = np.broadcast_to(np.asarray(obj._fill_value_below, dtype=np.float64).ravel(),
                                (npar,)).copy()
        above = np.broadcast_to(np.asarray(obj._fill_value_above, dtype=np.float64).ravel(),
                                (npar,)).copy()
    f.fill_below, f.fill_above = (below, above) if nd else (float(below[0]), float(above[0]))
    fill = obj.fill_value
    if isinstance(fill, str):
        f.fill_mode, f.fill_arg0, f.fill_arg1 = FILL_EXTRAPOLATE, np.nan, np.nan
    elif isinstance(fill, tuple) and len(fill) == 2:
        if nd and not all(np.size(v) == 1 for v in fill):
            return None
        f.fill_mode, f.fill_arg0, f.fill_arg1 = FILL_PAIR, float(below[0]), float(above[0])
    else:
        if nd and np.size(fill) != 1:
            return None
        f.fill_mode, f.fill_arg0, f.fill_arg1 = FILL_VALUE, float(below[0]), float(below[0])
    return f


_nd_types = {}      # (ndim, readonly) -> Interp1dNDType


def _typeof_interp1d(val, c):
    try:
        fields = _scipy_fields(val)
    except Exception:
        return None
    if fields is None:
        return None
    readonly = c.purpose == Purpose.constant
    if fields.y.ndim > 1:
        key = (fields.y.ndim, readonly)
        if key not in _nd_types:
            _nd_types[key] = Interp1dNDType(*key)
        return _nd_types[key]
    return interp1d_const_type if readonly else interp1d_type


def register_scipy_class():
    """typeof for scipy.interpolate.interp1d (called once scipy.interpolate is imported)."""
    import scipy.interpolate as si
    typeof_impl.register(si.interp1d)(_typeof_interp1d)


def box_interp1d(x, y, kind, order, bounds_arg, fill_mode, fill0, fill1, axis=0):
    """The scipy interp1d of the stored data and options (scipy builds it);
    N-D ``y`` is stored with its axis in front and moved back here."""
    import scipy.interpolate as si
    kind_arg = int(order) if kind == SPLINE else KIND_NAMES[kind]
    if fill_mode == FILL_EXTRAPOLATE:
        fill = "extrapolate"
    elif fill_mode == FILL_PAIR:
        fill = (fill0, fill1)
    else:
        fill = fill0
    bounds = None if bounds_arg < 0 else bool(bounds_arg)
    if y.ndim > 1:
        y = np.moveaxis(y, 0, axis)
    f = si.interp1d(x, y, kind=kind_arg, axis=axis if y.ndim > 1 else -1,
                    bounds_error=bounds, fill_value=fill, assume_sorted=True, copy=False)
    # Its x and y are scijit's own copies (built with copy=False only to not
    # copy them twice): say so as scipy's default copy=True does.
    f.copy = True
    return f


def _fields_of(typ):
    return ND_FIELDS if isinstance(typ, Interp1dNDType) else FIELDS


def scipy_field_values(obj):
    """The struct's member values of a scipy interp1d, in its type's field order."""
    f = _scipy_fields(obj)
    return tuple(getattr(f, name) for name in (ND_FIELDS if f.y.ndim > 1 else FIELDS))


def _member_type(typ):
    """name -> numba type of the member ``name`` of the struct type ``typ``."""
    if isinstance(typ, Interp1dNDType):
        special = {"y": typ.values, "c": typ.matrix}
        return lambda name: special.get(name, typ.array) if name in ND_ARRAYS else (
            types.int64 if name in ND_INTS else types.float64)
    return lambda name: typ.array if name in ARRAYS else (
        types.int64 if name in INTS else types.float64)


#: what box_interp1d takes (scipy rebuilds the rest from them)
_BOXED = ("x", "y", "kind", "order", "bounds_arg", "fill_mode", "fill_arg0", "fill_arg1")


@box(Interp1dType)
@box(Interp1dNDType)
def _box(typ, val, c):
    boxed = _BOXED + (("axis",) if isinstance(typ, Interp1dNDType) else ())
    return box_struct(c, typ, val, _fields_of(typ), _member_type(typ), box_interp1d,
                      boxed=boxed)


@unbox(Interp1dType)
@unbox(Interp1dNDType)
def _unbox(typ, obj, c):
    return unbox_struct(c, typ, obj, _fields_of(typ), _member_type(typ), scipy_field_values)


@lower_constant(Interp1dType)
@lower_constant(Interp1dNDType)
def _const(context, builder, ty, pyval):
    return constant_struct(context, builder, ty, _fields_of(ty), _member_type(ty),
                           scipy_field_values(pyval))
