"""The ``Spline`` numba types: scipy's interpolators inside @njit code.

Two representations, each a numba type family (not jitclasses), a struct
holding views of the spline's arrays:

* :class:`PPolyType` -- the piecewise-polynomial form of ``PPoly`` and its
  subclasses (``CubicSpline``, ``CubicHermiteSpline``, ``PchipInterpolator``,
  ``Akima1DInterpolator``): breakpoints ``x`` (m+1,), coefficients ``c``
  (k+1, m, *trailing) (N-D ``y``: its interpolation axis moved out, as
  scipy stores it), ``extrapolate`` and ``axis``.  ``kind`` (the scipy
  class name) is part of the type, so a spline boxes to the class it came
  from and ``derivative`` of a CubicSpline is a CubicSpline, as in scipy.
* :class:`BSplineType` -- ``BSpline``: knots ``t``, coefficients ``c``
  (n, *trailing), degree ``k``, ``extrapolate`` and ``axis``.

``extrapolate`` is stored as an int: 0 (False), 1 (True), 2 ('periodic');
inside @njit ``spl.extrapolate`` reads that code.

Python boundary: :func:`register_scipy_classes` (called by scijit's entry
point once scipy.interpolate is imported) registers typeof for scipy's
classes; unboxing takes views (no copy); boxing builds the real scipy object
with its ``construct_fast`` classmethod (no recomputation).  A spline held in
a module global is frozen into the compiled code (``lower_constant``): its
type is the read-only variant, so its arrays box as non-writeable.
Inside @njit a spline is built from its members by :func:`ppoly_builder` /
:func:`bspline_build`.

This module holds the types only.  Their methods (``spl(x)``,
``derivative``, ``antiderivative``, ``integrate``, ``roots``, ``solve``) and
the numerical kernels behind them are scijit's: ``scijit.interpolate``'s
``_spline_methods``, ``_spline_kernels`` and ``_roots``.
"""
import functools

import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.imputils import lower_constant
from numba.core.typing.typeof import Purpose
from numba.extending import (NativeValue, box, intrinsic, make_attribute_wrapper, models,
                             register_model, typeof_impl, unbox)

from .errors import FormattedError

#: scipy class names of the piecewise-polynomial family, most derived first.
PPOLY_KINDS = ("CubicSpline", "PchipInterpolator", "Akima1DInterpolator",
               "CubicHermiteSpline", "PPoly")

EXTRAPOLATE_FALSE, EXTRAPOLATE_TRUE, EXTRAPOLATE_PERIODIC = 0, 1, 2


class SplineError(FormattedError, ValueError):
    """A ValueError whose message is formatted here, in Python, from a
    template and values raised in compiled code (no string building in
    numba)."""


class SplineNotImplementedError(FormattedError, NotImplementedError):
    """NotImplementedError with a message formatted in Python (see SplineError)."""


# ---------------------------------------------------------------- types
class PPolyType(types.Type):
    """A piecewise polynomial of scipy class ``kind`` with arrays typed x, c."""

    def __init__(self, kind, x, c):
        self.kind = kind
        self.x = x
        self.c = c
        super().__init__(name="Spline[%s](x=%s, c=%s)" % (kind, x, c))

    def readonly(self):
        return PPolyType(self.kind, self.x.copy(readonly=True), self.c.copy(readonly=True))


class BSplineType(types.Type):
    """A B-spline with arrays typed t, c."""

    def __init__(self, t, c):
        self.kind = "BSpline"
        self.t = t
        self.c = c
        super().__init__(name="Spline[BSpline](t=%s, c=%s)" % (t, c))

    def readonly(self):
        return BSplineType(self.t.copy(readonly=True), self.c.copy(readonly=True))


@register_model(PPolyType)
class PPolyModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("x", fe_type.x), ("c", fe_type.c),
                                        ("extrapolate", types.int64), ("axis", types.int64)])


@register_model(BSplineType)
class BSplineModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("t", fe_type.t), ("c", fe_type.c), ("k", types.int64),
                                        ("extrapolate", types.int64), ("axis", types.int64)])


for _name in ("x", "c", "extrapolate", "axis"):
    make_attribute_wrapper(PPolyType, _name, _name)
for _name in ("t", "c", "k", "extrapolate", "axis"):
    make_attribute_wrapper(BSplineType, _name, _name)


# ---------------------------------------------------------------- construction in @njit
@functools.lru_cache(maxsize=None)
def ppoly_builder(kind):
    """An @intrinsic ``build(x, c, extrapolate, axis)`` -> a ``kind`` spline
    holding (new references to) ``x`` and ``c``."""

    @intrinsic
    def build(typingctx, x, c, extrapolate, axis):
        sty = PPolyType(kind, x, c)
        sig = sty(x, c, types.int64, types.int64)

        def codegen(context, builder, sig, args):
            return _build_struct(context, builder, sig, args, ("x", "c", "extrapolate", "axis"))
        return sig, codegen
    return build


@intrinsic
def bspline_build(typingctx, t, c, k, extrapolate, axis):
    """``build(t, c, k, extrapolate, axis)`` -> a BSpline holding t and c."""
    sty = BSplineType(t, c)
    sig = sty(t, c, types.int64, types.int64, types.int64)

    def codegen(context, builder, sig, args):
        return _build_struct(context, builder, sig, args, ("t", "c", "k", "extrapolate", "axis"))
    return sig, codegen


def _build_struct(context, builder, sig, args, names):
    spl = cgutils.create_struct_proxy(sig.return_type)(context, builder)
    for name, ty, val in zip(names, sig.args, args):
        context.nrt.incref(builder, ty, val)        # the struct owns a reference
        setattr(spl, name, val)
    return spl._getvalue()


# ---------------------------------------------------------------- Python boundary
def _scipy_classes():
    import scipy.interpolate as si
    return {name: getattr(si, name) for name in PPOLY_KINDS + ("BSpline",)}


def _kind_of(cls):
    """The nearest scipy class (by name) in ``cls``'s MRO."""
    for base in cls.__mro__:
        if base.__module__.startswith("scipy.interpolate") and base.__name__ in PPOLY_KINDS:
            return base.__name__
    return "PPoly"


def _float_array_key(arr, purpose):
    """(ndim, layout, readonly, aligned) of a float64 array as numba's typeof
    would type it (its layout, readonly and aligned rules), or None; typeof
    runs on every call of a dispatcher with a spline argument, so this skips
    numba's generic Python path and hashes plain tuples, not numba types."""
    if not isinstance(arr, np.ndarray) or arr.dtype != np.float64:
        return None
    flags = arr.flags
    layout = "C" if flags.c_contiguous else ("F" if flags.f_contiguous else "A")
    readonly = purpose == Purpose.constant or not flags.writeable
    return arr.ndim, layout, readonly, flags.aligned


def _array_type(key):
    ndim, layout, readonly, aligned = key
    return types.Array(types.float64, ndim, layout, readonly=readonly, aligned=aligned)


def _stored(val, name):
    """scipy's stored array ``_<name>``: since scipy 1.15 the public ``x``,
    ``c``, ``t`` are properties converting through the array API on every
    read (microseconds a call); older versions store the plain attribute."""
    arr = getattr(val, "_" + name, None)
    return getattr(val, name) if arr is None else arr


_spline_types = {}     # (class, first array's key, second's) -> numba type


def _typeof_ppoly(val, c):
    x = _float_array_key(_stored(val, "x"), c.purpose)
    cc = _float_array_key(_stored(val, "c"), c.purpose)
    if x is None or cc is None or x[0] != 1 or cc[0] < 2:
        return None
    key = (type(val), x, cc)
    try:
        return _spline_types[key]
    except KeyError:
        ty = _spline_types[key] = PPolyType(_kind_of(type(val)), _array_type(x), _array_type(cc))
        return ty


def _typeof_bspline(val, c):
    t = _float_array_key(_stored(val, "t"), c.purpose)
    cc = _float_array_key(_stored(val, "c"), c.purpose)
    if t is None or cc is None or t[0] != 1:
        return None
    key = (BSplineType, t, cc)
    try:
        return _spline_types[key]
    except KeyError:
        ty = _spline_types[key] = BSplineType(_array_type(t), _array_type(cc))
        return ty


def register_scipy_classes():
    """typeof for scipy.interpolate's PPoly (and subclasses) and BSpline: call
    once scipy.interpolate is imported (scijit's entry point does)."""
    classes = _scipy_classes()
    typeof_impl.register(classes["PPoly"])(_typeof_ppoly)
    typeof_impl.register(classes["BSpline"])(_typeof_bspline)


def extrapolate_code(value):
    """scipy's extrapolate value (True/False/'periodic') as the stored int."""
    if isinstance(value, str):
        if value != "periodic":
            raise ValueError("extrapolate must be a bool or 'periodic', got %r" % (value,))
        return EXTRAPOLATE_PERIODIC
    return EXTRAPOLATE_TRUE if value else EXTRAPOLATE_FALSE


def extrapolate_value(code):
    return "periodic" if code == EXTRAPOLATE_PERIODIC else bool(code)


def _box_ppoly(kind, x, c, code, axis):
    cls = _scipy_classes()[kind]
    return cls.construct_fast(c, x, extrapolate_value(code), axis)


def _box_bspline(t, c, k, code, axis):
    return _scipy_classes()["BSpline"].construct_fast(t, c, k, extrapolate=extrapolate_value(code),
                                                       axis=axis)


def check_ppoly_shapes(spl):
    """A PPoly-family object's arrays must fit together before compiled code
    reads them: ``construct_fast`` checks nothing, and a ``c`` with fewer
    intervals than ``x`` would be read past its end.  scipy's message.
    Returns its extrapolate code (:func:`extrapolate_code`), so unboxing
    calls Python once per argument."""
    x, c = np.asarray(_stored(spl, "x")), np.asarray(_stored(spl, "c"))   # not the properties
    if x.ndim != 1 or c.ndim < 2 or c.shape[1] != x.shape[0] - 1 or x.shape[0] < 2:
        raise ValueError("x and c have incompatible shapes")
    return extrapolate_code(spl.extrapolate)


def check_bspline_shapes(spl):
    """A BSpline's knots, degree and coefficients must fit together (see
    :func:`check_ppoly_shapes`): ``len(t) - k - 1`` coefficients at least.
    Returns its extrapolate code."""
    t, c, k = np.asarray(_stored(spl, "t")), np.asarray(_stored(spl, "c")), int(spl.k)
    n = t.shape[0] - k - 1
    if t.ndim != 1 or k < 0 or n < k + 1 or c.ndim < 1 or c.shape[0] < n:
        raise ValueError("BSpline: %d knots of degree k=%d need at least %d coefficients "
                         "(len(t) - k - 1) and len(t) >= 2k + 2; c has shape %s"
                         % (t.shape[0], k, max(n, k + 1), c.shape))
    return extrapolate_code(spl.extrapolate)


def _checked(c, check, obj):
    """``check(obj)`` called in Python from the unboxing code, once per
    argument: (True if it raised, the int it returned: the extrapolate code)."""
    fn = c.pyapi.unserialize(c.pyapi.serialize_object(check))
    res = c.pyapi.call_function_objargs(fn, (obj,))
    c.pyapi.decref(fn)
    failed = cgutils.is_null(c.builder, res)
    code = cgutils.alloca_once_value(c.builder, cgutils.intp_t(0))
    with c.builder.if_then(c.builder.not_(failed), likely=True):
        c.builder.store(c.pyapi.long_as_longlong(res), code)
        c.pyapi.decref(res)
    return failed, c.builder.load(code)


def _unbox_fields(typ, obj, c, fields, check):
    """Unbox array fields (views) and int fields into a struct, once
    ``check(obj)`` accepted the object's shapes (a Python exception if not)
    and gave the extrapolate code (the field typed None)."""
    spl = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    raised, code = _checked(c, check, obj)
    failed = cgutils.alloca_once_value(c.builder, raised)
    with c.builder.if_then(c.builder.not_(c.builder.load(failed)), likely=True):
        _unbox_members(c, spl, obj, fields, failed, code)
    err = cgutils.is_not_null(c.builder, c.pyapi.err_occurred())
    return NativeValue(spl._getvalue(), is_error=c.builder.or_(c.builder.load(failed), err))


def _unbox_members(c, spl, obj, fields, failed, code):
    """Unbox array fields (views) and int fields into the struct ``spl``;
    ``failed`` (a flag in memory) is set if one is missing or fails.  The
    field typed None (extrapolate: True/False/'periodic') is ``code``."""
    for name, ty in fields:
        if ty is None:
            setattr(spl, name, code)
            continue
        if isinstance(ty, types.Array):         # as _stored(): "_x" first, else "x"
            stored = c.pyapi.object_getattr_string(obj, "_" + name)
            slot = cgutils.alloca_once_value(c.builder, stored)
            with c.builder.if_then(cgutils.is_null(c.builder, stored), likely=False):
                c.pyapi.err_clear()
                c.builder.store(c.pyapi.object_getattr_string(obj, name), slot)
            item = c.builder.load(slot)
        else:
            item = c.pyapi.object_getattr_string(obj, name)
        with c.builder.if_else(cgutils.is_null(c.builder, item), likely=False) as (missing, ok):
            with missing:
                c.builder.store(cgutils.true_bit, failed)
            with ok:
                if isinstance(ty, types.Array):
                    native = c.unbox(ty, item)
                    setattr(spl, name, native.value)
                    with c.builder.if_then(native.is_error, likely=False):
                        c.builder.store(cgutils.true_bit, failed)
                else:
                    setattr(spl, name, c.pyapi.long_as_longlong(item))
                c.pyapi.decref(item)


@unbox(PPolyType)
def _unbox_ppoly(typ, obj, c):
    return _unbox_fields(typ, obj, c, (("x", typ.x), ("c", typ.c), ("extrapolate", None),
                                       ("axis", types.int64)), check_ppoly_shapes)


@unbox(BSplineType)
def _unbox_bspline(typ, obj, c):
    return _unbox_fields(typ, obj, c, (("t", typ.t), ("c", typ.c), ("k", types.int64),
                                       ("extrapolate", None), ("axis", types.int64)),
                         check_bspline_shapes)


def _call_python(c, func, args):
    fn = c.pyapi.unserialize(c.pyapi.serialize_object(func))
    res = c.pyapi.call_function_objargs(fn, args)
    c.pyapi.decref(fn)
    for a in args:
        c.pyapi.decref(a)
    return res


@box(PPolyType)
def _box_ppoly_ir(typ, val, c):
    spl = cgutils.create_struct_proxy(typ)(c.context, c.builder, value=val)
    kind = c.pyapi.unserialize(c.pyapi.serialize_object(typ.kind))
    x = c.box(typ.x, spl.x)            # boxing steals the struct's reference
    cc = c.box(typ.c, spl.c)
    code = c.pyapi.long_from_longlong(spl.extrapolate)
    axis = c.pyapi.long_from_longlong(spl.axis)
    return _call_python(c, _box_ppoly, (kind, x, cc, code, axis))


@box(BSplineType)
def _box_bspline_ir(typ, val, c):
    spl = cgutils.create_struct_proxy(typ)(c.context, c.builder, value=val)
    t = c.box(typ.t, spl.t)
    cc = c.box(typ.c, spl.c)
    k = c.pyapi.long_from_longlong(spl.k)
    code = c.pyapi.long_from_longlong(spl.extrapolate)
    axis = c.pyapi.long_from_longlong(spl.axis)
    return _call_python(c, _box_bspline, (t, cc, k, code, axis))


# ---------------------------------------------------------------- frozen globals
@lower_constant(PPolyType)
def _const_ppoly(context, builder, ty, pyval):
    code = check_ppoly_shapes(pyval)
    spl = cgutils.create_struct_proxy(ty)(context, builder)
    spl.x = context.make_constant_array(builder, ty.x, np.asarray(pyval.x))
    spl.c = context.make_constant_array(builder, ty.c, np.asarray(pyval.c))
    spl.extrapolate = context.get_constant(types.int64, code)
    spl.axis = context.get_constant(types.int64, int(pyval.axis))
    return spl._getvalue()


@lower_constant(BSplineType)
def _const_bspline(context, builder, ty, pyval):
    code = check_bspline_shapes(pyval)
    spl = cgutils.create_struct_proxy(ty)(context, builder)
    spl.t = context.make_constant_array(builder, ty.t, np.asarray(pyval.t))
    spl.c = context.make_constant_array(builder, ty.c, np.asarray(pyval.c))
    spl.k = context.get_constant(types.int64, int(pyval.k))
    spl.extrapolate = context.get_constant(types.int64, code)
    spl.axis = context.get_constant(types.int64, int(pyval.axis))
    return spl._getvalue()
