"""``RectBivariateSplineType``: scipy's ``RectBivariateSpline`` as a numba value.

A struct of the tensor-product B-spline ``tx``, ``ty``, ``c`` (float64
vectors, FITPACK's layout: coefficient ``(i, j)`` at ``i*(len(ty)-ky-1)+j``),
the degrees ``kx``, ``ky`` and the residual ``fp``.

* built inside @njit by ``scijit.interpolate.RectBivariateSpline`` (or
  scipy's name), evaluated there by the methods defined in
  ``scijit.interpolate._fitpack_surface`` (``__call__``, ``ev``,
  ``integral``, ``get_knots``, ``get_coeffs``, ``get_residual``; attributes
  ``tck``, ``degrees``, ``fp``);
* returned to Python it becomes a real ``scipy.interpolate.RectBivariateSpline``
  holding the same arrays (scipy's own methods then evaluate it);
* a scipy ``RectBivariateSpline`` passes into @njit (its arrays as views when
  they already are float64 and contiguous) and one held in a module global is
  frozen into compiled code (read-only arrays).
"""
import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.core.imputils import lower_constant
from numba.core.typing.typeof import Purpose
from numba.extending import (box, intrinsic, make_attribute_wrapper, models,
                             register_model, typeof_impl, unbox)

from ._struct import box_struct, constant_struct, unbox_struct

ARRAYS = ("tx", "ty", "c")
INTS = ("kx", "ky")
FLOATS = ("fp",)
FIELDS = ARRAYS + INTS + FLOATS


class RectBivariateSplineType(types.Type):
    """scipy's RectBivariateSpline; ``readonly`` for frozen globals;
    ``derived`` for the spline of a partial derivative (scipy's
    ``_DerivedBivariateSpline``: no fp, ``fp`` is NaN here)."""

    def __init__(self, readonly=False, derived=False):
        self.readonly = readonly
        self.derived = derived
        self.array = types.Array(types.float64, 1, "C", readonly=readonly)
        name = "DerivedBivariateSpline" if derived else "RectBivariateSpline"
        super().__init__(name="%s(readonly=%s)" % (name, readonly))


rect_bivariate_type = RectBivariateSplineType(False)
rect_bivariate_const_type = RectBivariateSplineType(True)
derived_bivariate_type = RectBivariateSplineType(False, derived=True)
derived_bivariate_const_type = RectBivariateSplineType(True, derived=True)


@register_model(RectBivariateSplineType)
class RectBivariateSplineModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        members = ([(n, fe_type.array) for n in ARRAYS] + [(n, types.int64) for n in INTS]
                   + [(n, types.float64) for n in FLOATS])
        super().__init__(dmm, fe_type, members)


for _name in FIELDS:
    make_attribute_wrapper(RectBivariateSplineType, _name, _name if _name == "fp" else "_" + _name)


def _build_typer(result_type, tx, ty, c, kx, ky, fp):
    for name, ty_ in zip(ARRAYS, (tx, ty, c)):
        if ty_ != result_type.array:
            raise TypingError("rect_bivariate_build: %s must be a C-contiguous float64 vector, "
                              "got %s" % (name, ty_))
    return result_type(tx, ty, c, kx, ky, fp), _build_codegen


@intrinsic
def rect_bivariate_build(typingctx, tx, ty, c, kx, ky, fp):
    """A RectBivariateSpline value from its knots, coefficients, degrees and fp."""
    return _build_typer(rect_bivariate_type, tx, ty, c, kx, ky, fp)


@intrinsic
def derived_bivariate_build(typingctx, tx, ty, c, kx, ky, fp):
    """A derived (partial-derivative) spline value: boxes to scipy's
    _DerivedBivariateSpline."""
    return _build_typer(derived_bivariate_type, tx, ty, c, kx, ky, fp)


def _build_codegen(context, builder, sig, args):
    obj = cgutils.create_struct_proxy(sig.return_type)(context, builder)
    for name, ty_, val in zip(ARRAYS, sig.args[:3], args[:3]):
        context.nrt.incref(builder, ty_, val)
        setattr(obj, name, val)
    obj.kx = context.cast(builder, args[3], sig.args[3], types.int64)
    obj.ky = context.cast(builder, args[4], sig.args[4], types.int64)
    obj.fp = context.cast(builder, args[5], sig.args[5], types.float64)
    return obj._getvalue()


# ---------------------------------------------------------------- Python boundary
def scipy_fields(obj):
    """(tx, ty, c, kx, ky, fp) of a scipy RectBivariateSpline, arrays float64 C."""
    tx, ty, c = obj.tck[:3]
    kx, ky = obj.degrees
    fp = float(getattr(obj, "fp", np.nan))
    return (np.ascontiguousarray(tx, dtype=np.float64).reshape(-1),
            np.ascontiguousarray(ty, dtype=np.float64).reshape(-1),
            np.ascontiguousarray(c, dtype=np.float64).reshape(-1), int(kx), int(ky), fp)


def _typeof_rect(val, c):
    try:
        tck = val.tck
        if len(tck) < 3 or np.iscomplexobj(tck[2]):
            return None
    except Exception:
        return None
    return rect_bivariate_const_type if c.purpose == Purpose.constant else rect_bivariate_type


def _typeof_derived(val, c):
    if _typeof_rect(val, c) is None:
        return None
    return derived_bivariate_const_type if c.purpose == Purpose.constant else \
        derived_bivariate_type


def register_scipy_class():
    """typeof for scipy.interpolate.RectBivariateSpline (once scipy.interpolate is imported)
    and for the partial-derivative splines scipy makes (_DerivedBivariateSpline)."""
    import scipy.interpolate as si
    typeof_impl.register(si.RectBivariateSpline)(_typeof_rect)
    derived = getattr(si._fitpack2, "_DerivedBivariateSpline", None)
    if derived is not None:
        typeof_impl.register(derived)(_typeof_derived)


def box_rect_bivariate(tx, ty, c, kx, ky, fp):
    """The scipy RectBivariateSpline holding these arrays (no refit)."""
    import scipy.interpolate as si
    obj = si.RectBivariateSpline.__new__(si.RectBivariateSpline)
    obj.fp = fp
    obj.tck = tx, ty, c
    obj.degrees = int(kx), int(ky)
    return obj


def box_derived_bivariate(tx, ty, c, kx, ky, fp):
    """scipy's _DerivedBivariateSpline holding these arrays (fp is not kept)."""
    from scipy.interpolate import _fitpack2
    return _fitpack2._DerivedBivariateSpline._from_tck((tx, ty, c, int(kx), int(ky)))


def _member_type(typ):
    return lambda name: typ.array if name in ARRAYS else (
        types.int64 if name in INTS else types.float64)


@box(RectBivariateSplineType)
def _box(typ, val, c):
    build = box_derived_bivariate if typ.derived else box_rect_bivariate
    return box_struct(c, typ, val, FIELDS, _member_type(typ), build)


@unbox(RectBivariateSplineType)
def _unbox(typ, obj, c):
    return unbox_struct(c, typ, obj, FIELDS, _member_type(typ), scipy_fields)


@lower_constant(RectBivariateSplineType)
def _const(context, builder, ty, pyval):
    return constant_struct(context, builder, ty, FIELDS, _member_type(ty), scipy_fields(pyval))
