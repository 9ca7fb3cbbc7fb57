"""``UnivariateSplineType``: scipy's ``UnivariateSpline`` family as a numba value.

One type for ``UnivariateSpline``, ``InterpolatedUnivariateSpline`` and
``LSQUnivariateSpline`` (scipy moves an object between these classes as its
fit changes, so the class is a run-time field).  A struct of arrays only --
no jitclass:

* ``x``, ``y``, ``w``: the data (empty for a spline made by ``derivative``
  or ``antiderivative``, whose ``_data`` holds None there);
* ``t``, ``c``, ``fpint``, ``nrdata``: FITPACK's knots, coefficients and the
  state fpcurf keeps between calls (``nrdata`` int32), allocated with room for
  the largest ``nest`` (m+k+1) so that ``set_smoothing_factor`` refits in
  place;
* ``iv`` (int64): ``k, n, nest, ier, ext, cls, spline_class, state`` and
  ``fv`` (float64): ``xb, xe, s, fp`` -- small arrays, so that
  ``set_smoothing_factor`` changes every holder of the value, as it changes
  scipy's object.

``state`` says which of scipy's ``_data`` layouts the value stands for:
:data:`FITTED` (UnivariateSpline/InterpolatedUnivariateSpline: every field),
:data:`LSQ` (LSQUnivariateSpline: ``s = -1``, no fpint/nrdata) or
:data:`TCK` (``UnivariateSpline._from_tck``: only ``k, n, t, c``).

Returned to Python the value becomes the real scipy object, with the
``_data``, ``_eval_args``, ``ext`` (and ``_spline_class``) scipy's own
constructor would have set, so every scipy method -- set_smoothing_factor
included -- behaves as on scipy's object.  A scipy object passes into @njit
(copied once: the state arrays get their room), and one held in a module
global is frozen into compiled code (read-only arrays).
"""
import numpy as np
from numba import types
from numba.core.errors import TypingError
from numba.core.imputils import lower_constant
from numba.core.typing.typeof import Purpose
from numba.extending import (box, intrinsic, make_attribute_wrapper, models,
                             register_model, typeof_impl, unbox)

from ._struct import box_struct, constant_struct, members_codegen, unbox_struct

#: ``state``: which layout of scipy's ``_data`` the value has
FITTED, LSQ, TCK = 0, 1, 2
#: ``cls``: the scipy class of the object
UNIVARIATE, INTERPOLATED, LSQ_CLASS = 0, 1, 2
#: positions in ``iv`` and ``fv``
K, N, NEST, IER, EXT, CLS, SPLINE_CLASS, STATE = range(8)
XB, XE, S, FP = range(4)
NIV, NFV = 8, 4

FLOAT_ARRAYS = ("x", "y", "w", "t", "c", "fpint")
FIELDS = FLOAT_ARRAYS + ("nrdata", "iv", "fv")


class UnivariateSplineType(types.Type):
    """scipy's UnivariateSpline family; ``readonly`` for frozen globals."""

    def __init__(self, readonly=False):
        self.readonly = readonly
        self.array = types.Array(types.float64, 1, "C", readonly=readonly)
        self.int32_array = types.Array(types.int32, 1, "C", readonly=readonly)
        self.int64_array = types.Array(types.int64, 1, "C", readonly=readonly)
        super().__init__(name="UnivariateSpline(readonly=%s)" % readonly)

    def field_type(self, name):
        if name == "nrdata":
            return self.int32_array
        if name == "iv":
            return self.int64_array
        return self.array


univariate_type = UnivariateSplineType(False)
univariate_const_type = UnivariateSplineType(True)


@register_model(UnivariateSplineType)
class UnivariateSplineModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [(n, fe_type.field_type(n)) for n in FIELDS])


for _name in FIELDS:
    make_attribute_wrapper(UnivariateSplineType, _name, "_" + _name)


@intrinsic
def univariate_build(typingctx, x, y, w, t, c, fpint, nrdata, iv, fv):
    """A UnivariateSpline value from its nine arrays (see the module doc)."""
    args = (x, y, w, t, c, fpint, nrdata, iv, fv)
    for name, ty in zip(FIELDS, args):
        if ty != univariate_type.field_type(name):
            raise TypingError("univariate_build: %s must be %s, got %s"
                              % (name, univariate_type.field_type(name), ty))
    return univariate_type(*args), members_codegen(FIELDS)


# ---------------------------------------------------------------- Python boundary
def _classes():
    import scipy.interpolate as si
    return (si.UnivariateSpline, si.InterpolatedUnivariateSpline, si.LSQUnivariateSpline)


def _room(a, size, dtype):
    out = np.zeros(max(size, len(a)), dtype=dtype)
    out[:len(a)] = a
    return out


def scipy_fields(obj):
    """The nine struct arrays of a scipy UnivariateSpline-family object
    (copies: the state arrays get room for a refit)."""
    data = obj._data
    classes = _classes()
    cls = next((i for i, c in enumerate(classes) if type(obj) is c), UNIVARIATE)
    spline_class = getattr(obj, "_spline_class", None)
    spline_class = classes.index(spline_class) if spline_class in classes else -1
    iv = np.zeros(NIV, dtype=np.int64)
    fv = np.full(NFV, np.nan)
    empty = np.zeros(0)
    iv[EXT], iv[CLS], iv[SPLINE_CLASS] = int(obj.ext), cls, spline_class
    if data[0] is None:                               # _from_tck
        t, c, k = obj._eval_args
        t = np.ascontiguousarray(t, dtype=np.float64).ravel()
        c = np.ascontiguousarray(c, dtype=np.float64).ravel()
        iv[K], iv[N], iv[NEST], iv[STATE] = int(k), t.size, c.size, TCK
        return (empty, empty, empty, t.copy(), c.copy(), empty, np.zeros(0, np.int32), iv, fv)
    x, y, w = (np.ascontiguousarray(a, dtype=np.float64).ravel() for a in data[:3])
    k, n = int(data[5]), int(data[7])
    t = np.asarray(data[8], dtype=np.float64).ravel()
    c = np.asarray(data[9], dtype=np.float64).ravel()
    nest = t.size
    if not (0 <= n <= nest and c.size >= nest):
        raise ValueError("UnivariateSpline: inconsistent _data (n=%d, %d knots, %d coefficients)"
                         % (n, nest, c.size))
    room = max(nest, x.size + k + 1)
    lsq = data[11] is None
    iv[K], iv[N], iv[NEST], iv[IER] = k, n, nest, int(data[13])
    iv[STATE] = LSQ if lsq else FITTED
    fv[XB], fv[XE], fv[S], fv[FP] = float(data[3]), float(data[4]), float(data[6]), \
        float(data[10])
    if lsq:
        fpint, nrdata = np.zeros(nest), np.zeros(nest, np.int32)
    else:
        fpint = _room(np.asarray(data[11], dtype=np.float64).ravel(), room, np.float64)
        nrdata = _room(np.asarray(data[12]).ravel().astype(np.int32), room, np.int32)
    return (x, y, w, _room(t, room, np.float64), _room(c, room, np.float64), fpint, nrdata,
            iv, fv)


def box_univariate(x, y, w, t, c, fpint, nrdata, iv, fv):
    """The scipy object these arrays stand for, with scipy's ``_data``."""
    k, n, nest, ier, ext, cls, spline_class, state = (int(v) for v in iv)
    classes = _classes()
    klass = classes[cls]
    obj = klass.__new__(klass)
    obj.ext = ext
    if spline_class >= 0:
        obj._spline_class = classes[spline_class]
    if state == TCK:
        tt, cc = t[:n].copy(), c[:nest].copy()
        obj._eval_args = (tt, cc, k)
        obj._data = (None, None, None, None, None, k, None, n, tt, cc, None, None, None, None)
        return obj
    tt, cc = t[:nest].copy(), c[:nest].copy()
    xb, xe, s, fp = (float(v) for v in fv)
    if state == LSQ:
        obj._data = (x, y, w, xb, xe, k, s, n, tt, cc, fp, None, None, ier)
    else:
        obj._data = (x, y, w, xb, xe, k, s, n, tt, cc, fp, fpint[:nest].copy(),
                     nrdata[:nest].copy(), ier)
    obj._eval_args = (tt[:n], cc[:n], k)
    return obj


def _typeof_univariate(val, c):
    try:
        data = val._data
        if len(data) != 14 or data[8] is None:
            return None
    except Exception:
        return None
    return univariate_const_type if c.purpose == Purpose.constant else univariate_type


def register_scipy_class():
    """typeof for scipy's UnivariateSpline (and so its two subclasses)."""
    import scipy.interpolate as si
    typeof_impl.register(si.UnivariateSpline)(_typeof_univariate)


@box(UnivariateSplineType)
def _box(typ, val, c):
    return box_struct(c, typ, val, FIELDS, typ.field_type, box_univariate)


@unbox(UnivariateSplineType)
def _unbox(typ, obj, c):
    return unbox_struct(c, typ, obj, FIELDS, typ.field_type, scipy_fields)


@lower_constant(UnivariateSplineType)
def _const(context, builder, ty, pyval):
    return constant_struct(context, builder, ty, FIELDS, ty.field_type, scipy_fields(pyval))
