"""``OdeSolutionType``: scipy's ``OdeSolution`` (``solve_ivp``'s ``sol``) as a numba value.

scipy's ``OdeSolution`` is a list of local interpolants, one per step, and
the times between which each holds.  Here one struct of arrays holds them
all, for one family of interpolants (part of the type: ``interpolant``):

* ``"rk"`` -- RK23's and RK45's ``RkDenseOutput``: ``y_old + h * sum_k
  Q[k] x**(k+1)`` with ``x = (t - t_old) / h``;
* ``"dop853"`` -- DOP853's ``Dop853DenseOutput``: Horner's scheme in ``x``
  and ``1 - x`` alternately over its 7 rows ``F``.

Fields: ``ts`` (n_segments + 1,) the solution's breakpoints (scipy's
``ts``); per segment ``t_old`` and ``t_end`` (the interpolant's own step,
which at a terminal event runs past the last breakpoint), ``y_old``
(n_segments, n) and ``Q`` (n_segments, rows, n) -- for ``"rk"`` the
transpose of scipy's ``Q``, for ``"dop853"`` scipy's ``F``; and
``alt_segment`` (scipy's segment choice at a breakpoint: 0, the segment
ending there for an ascending solution, or 1).  A segment with ``t_end ==
t_old`` (a zero-length span) or a system of no equations is scipy's
``ConstantDenseOutput``: its value is ``y_old``.  ``y_old`` and ``Q`` have
the integration's dtype (float64 or complex128, part of the type).

Python boundary: returned to Python the value becomes scipy's own
``OdeSolution`` with scipy's interpolant classes; one of scipy's
``OdeSolution`` objects (from scipy's ``solve_ivp`` with RK23, RK45 or
DOP853, or built from their interpolants) passes into @njit (copied into
this layout).  Evaluation inside @njit (``sol(t)``) is scijit's
``scijit.integrate._ode_solution``.
"""
import numpy as np
from numba import types
from numba.core.errors import TypingError
from numba.extending import (box, intrinsic, make_attribute_wrapper, models, register_model,
                             typeof_impl, unbox)

from ._struct import box_struct, members_codegen, unbox_struct

#: the interpolant families, by scipy's class name
INTERPOLANTS = {"RkDenseOutput": "rk", "Dop853DenseOutput": "dop853"}
FIELDS = ("ts", "t_old", "t_end", "y_old", "Q", "alt_segment")


class OdeSolutionType(types.Type):
    """scipy's OdeSolution of ``interpolant`` ('rk' or 'dop853') segments
    over states of ``dtype`` (float64 or complex128)."""

    def __init__(self, dtype, interpolant):
        if interpolant not in INTERPOLANTS.values():
            raise ValueError("unknown interpolant family %r" % (interpolant,))
        self.dtype = dtype
        self.interpolant = interpolant
        super().__init__(name="OdeSolution[%s](%s)" % (interpolant, dtype))

    def field_type(self, name):
        if name in ("ts", "t_old", "t_end"):
            return types.Array(types.float64, 1, "C")
        if name == "y_old":
            return types.Array(self.dtype, 2, "C")
        if name == "Q":
            return types.Array(self.dtype, 3, "C")
        return types.int64


@register_model(OdeSolutionType)
class OdeSolutionModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [(n, fe_type.field_type(n)) for n in FIELDS])


for _name in FIELDS:
    make_attribute_wrapper(OdeSolutionType, _name, "_" + _name)


def ode_solution_builder(interpolant):
    """An @intrinsic ``build(ts, t_old, t_end, y_old, Q, alt_segment)`` ->
    an OdeSolution of this interpolant family holding (new references to)
    the arrays."""

    @intrinsic
    def build(typingctx, ts, t_old, t_end, y_old, Q, alt_segment):
        sty = OdeSolutionType(y_old.dtype, interpolant)
        args = (ts, t_old, t_end, y_old, Q, alt_segment)
        for name, ty in zip(FIELDS, args):
            if isinstance(ty, types.Array) and ty != sty.field_type(name) or (
                    name == "alt_segment" and not isinstance(ty, types.Integer)):
                raise TypingError("OdeSolution: %s must be %s, got %s"
                                  % (name, sty.field_type(name), ty))
        return sty(*(sty.field_type(name) for name in FIELDS)), members_codegen(FIELDS)
    return build


# ---------------------------------------------------------------- Python boundary
def _scipy_classes():
    from scipy.integrate._ivp.base import ConstantDenseOutput
    from scipy.integrate._ivp.common import OdeSolution
    from scipy.integrate._ivp.rk import Dop853DenseOutput, RkDenseOutput
    return OdeSolution, RkDenseOutput, Dop853DenseOutput, ConstantDenseOutput


def _boxer(interpolant):
    """The Python function building scipy's OdeSolution, with scipy's
    interpolant classes, from the boxed fields of an ``interpolant`` one."""
    def box_ode_solution(ts, t_old, t_end, y_old, Q, alt_segment):
        OdeSolution, RkDenseOutput, Dop853DenseOutput, ConstantDenseOutput = _scipy_classes()
        interpolants = []
        n = y_old.shape[1]
        for s in range(t_old.size):
            t0, t1 = float(t_old[s]), float(t_end[s])
            if n == 0 or t0 == t1:
                interpolants.append(ConstantDenseOutput(t0, t1, y_old[s].copy()))
            elif interpolant == "rk":
                interpolants.append(RkDenseOutput(t0, t1, y_old[s].copy(), Q[s].T.copy()))
            else:
                interpolants.append(Dop853DenseOutput(t0, t1, y_old[s].copy(), Q[s].copy()))
        return OdeSolution(ts, interpolants, alt_segment=bool(alt_segment))
    return box_ode_solution


_BOXERS = {family: _boxer(family) for family in INTERPOLANTS.values()}


def _interpolant_family(obj):
    """('rk' or 'dop853', dtype) of a scipy OdeSolution, or None if its
    interpolants are not one of the families (or are mixed)."""
    _, _, _, ConstantDenseOutput = _scipy_classes()
    family = None
    dtype = np.dtype(float)
    for interp in obj.interpolants:
        if isinstance(interp, ConstantDenseOutput):
            dtype = np.result_type(dtype, np.asarray(interp.value).dtype)
            continue
        this = INTERPOLANTS.get(type(interp).__name__)
        if this is None or (family is not None and this != family):
            return None
        family = this
        dtype = np.result_type(dtype, interp.y_old.dtype)
    if dtype.kind not in "fc":
        return None
    return family or "rk", np.dtype(complex) if dtype.kind == "c" else np.dtype(float)


def scipy_fields(obj):
    """The struct arrays of a scipy OdeSolution (copies, in this layout)."""
    found = _interpolant_family(obj)
    if found is None:
        raise TypeError("OdeSolution: only the interpolants of RK23, RK45 and DOP853 "
                        "pass into @njit")
    family, dtype = found
    interps = obj.interpolants
    ts = np.ascontiguousarray(obj.ts, dtype=np.float64)
    nseg = len(interps)
    first = next((i for i in interps if type(i).__name__ in INTERPOLANTS), None)
    if first is not None:
        n = first.y_old.shape[0]
        rows = first.Q.shape[1] if family == "rk" else first.F.shape[0]
    else:
        n = np.asarray(interps[0].value).shape[0] if nseg else 0
        rows = 0
    t_old = np.empty(nseg)
    t_end = np.empty(nseg)
    y_old = np.zeros((nseg, n), dtype)
    Q = np.zeros((nseg, rows, n), dtype)
    for s, interp in enumerate(interps):
        t_old[s], t_end[s] = interp.t_old, interp.t
        if type(interp).__name__ == "ConstantDenseOutput":
            y_old[s] = interp.value     # (Q's rows stay 0: the value itself)
        elif family == "rk":
            y_old[s] = interp.y_old
            Q[s] = interp.Q.T
        else:
            y_old[s] = interp.y_old
            Q[s] = interp.F
    alt = int((obj.side == "right") == bool(obj.ascending))
    return ts, t_old, t_end, y_old, Q, alt


def _typeof_ode_solution(val, c):
    try:
        found = _interpolant_family(val)
    except Exception:
        return None
    if found is None:
        return None
    family, dtype = found
    return OdeSolutionType(types.complex128 if dtype.kind == "c" else types.float64, family)


def register_scipy_class():
    """typeof for scipy's OdeSolution."""
    typeof_impl.register(_scipy_classes()[0])(_typeof_ode_solution)


@box(OdeSolutionType)
def _box(typ, val, c):
    return box_struct(c, typ, val, FIELDS, typ.field_type, _BOXERS[typ.interpolant])


@unbox(OdeSolutionType)
def _unbox(typ, obj, c):
    return unbox_struct(c, typ, obj, FIELDS, typ.field_type, scipy_fields)
