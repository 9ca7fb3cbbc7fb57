"""``OdeSolution`` inside @njit: ``sol(t)`` and its attributes.

The value is :class:`scijit_types.ode.OdeSolutionType` (``solve_ivp``'s
``sol`` with ``dense_output=True``, or one of scipy's OdeSolution objects
passed in).  ``sol(t)`` follows scipy's ``OdeSolution.__call__``: the
segment is found with scipy's ``searchsorted`` on the breakpoints
(ascending), side 'left' for an ascending solution and 'right' for a
descending one (reversed with ``alt_segment``), so that at a breakpoint the
segment of the lower index is used, clipped to the first and last segment
outside ``[t_min, t_max]``; the segment's interpolant is the step's own
(:mod:`._rk_dense`).  A number ``t``
gives an ``(n,)`` array, a 1-D array of ``m`` times an ``(n, m)`` array.

Attributes: ``ts``, ``t_min``, ``t_max``, ``n_segments``, ``ascending`` (as
scipy's).
"""
import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload_attribute, overload_method

from lowering.calls import forward_calls
from scijit_types.ode import OdeSolutionType

from ._rk_dense import dop853_dense_value, rk_dense_value

__all__ = []


@njit(cache=True)
def segment_index(ts, t, alt_segment):
    """scipy's ``OdeSolution._call_single`` segment for ``t``."""
    nseg = ts.size - 1
    ascending = ts[nseg] >= ts[0]
    # side 'right' (count of breakpoints <= t) or 'left' (< t) on the
    # breakpoints sorted ascending; a descending solution's read reversed
    right = (alt_segment != 0) == ascending
    lo = 0
    hi = ts.size
    while lo < hi:
        mid = (lo + hi) // 2
        v = ts[mid] if ascending else ts[nseg - mid]
        if v < t or (right and v == t):
            lo = mid + 1
        else:
            hi = mid
    segment = min(max(lo - 1, 0), nseg - 1)
    return segment if ascending else nseg - 1 - segment


@njit(inline="always")
def _constant(t_old, t_end, y_old, Q, s, out):
    """scipy's ConstantDenseOutput (a segment of no length or rows, or no
    equations): the value ``y_old`` into ``out``; False for a segment with
    an interpolant."""
    if out.size == 0 or t_end[s] == t_old[s] or Q.shape[1] == 0:
        for i in range(out.size):
            out[i] = y_old[s, i]
        return True
    return False


# (module-level functions, not one made per family: a cached function that
# closes over another compiled function misses numba's cache in every process)
@njit(cache=True)
def rk_value(t_old, t_end, y_old, Q, s, t, out):
    """Segment ``s``'s RkDenseOutput at ``t`` into ``out``."""
    if not _constant(t_old, t_end, y_old, Q, s, out):
        rk_dense_value(Q[s], t_old[s], t_end[s] - t_old[s], y_old[s], t, out)


@njit(cache=True)
def dop853_value(t_old, t_end, y_old, Q, s, t, out):
    """Segment ``s``'s Dop853DenseOutput at ``t`` into ``out``."""
    if not _constant(t_old, t_end, y_old, Q, s, out):
        dop853_dense_value(Q[s], t_old[s], t_end[s] - t_old[s], y_old[s], t, out)


_VALUES = {"rk": rk_value, "dop853": dop853_value}


@overload_method(OdeSolutionType, "__call__")
def _ode_solution_call(sol, t):
    value = _VALUES[sol.interpolant]
    dtype = np.complex128 if isinstance(sol.dtype, types.Complex) else np.float64
    if isinstance(t, (types.Integer, types.Float, types.Boolean)):
        def impl(sol, t):
            tt = float(t)
            out = np.empty(sol._y_old.shape[1], dtype)
            value(sol._t_old, sol._t_end, sol._y_old, sol._Q,
                  segment_index(sol._ts, tt, sol._alt_segment), tt, out)
            return out
        return impl
    if isinstance(t, types.Array) and t.ndim == 1 and isinstance(
            t.dtype, (types.Integer, types.Float, types.Boolean)):
        def impl_array(sol, t):
            n = sol._y_old.shape[1]
            out = np.empty((n, t.size), dtype)
            point = np.empty(n, dtype)
            for j in range(t.size):
                tt = float(t[j])
                value(sol._t_old, sol._t_end, sol._y_old, sol._Q,
                      segment_index(sol._ts, tt, sol._alt_segment), tt, point)
                for i in range(n):
                    out[i, j] = point[i]
            return out
        return impl_array
    raise TypingError("OdeSolution: `t` must be a float or a 1-D array, got %s" % t)


@overload_attribute(OdeSolutionType, "ts")
def _ts(sol):
    return lambda sol: sol._ts


@overload_attribute(OdeSolutionType, "n_segments")
def _n_segments(sol):
    return lambda sol: sol._t_old.size


@overload_attribute(OdeSolutionType, "ascending")
def _ascending(sol):
    return lambda sol: sol._ts[sol._ts.size - 1] >= sol._ts[0]


@overload_attribute(OdeSolutionType, "t_min")
def _t_min(sol):
    return lambda sol: min(sol._ts[0], sol._ts[sol._ts.size - 1])


@overload_attribute(OdeSolutionType, "t_max")
def _t_max(sol):
    return lambda sol: max(sol._ts[0], sol._ts[sol._ts.size - 1])


# ``sol(t)`` is typed through the __call__ method above and lowered by
# lowering.calls (numba looks for a lowering keyed on the type itself).
forward_calls(OdeSolutionType)
