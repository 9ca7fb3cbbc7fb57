"""Events of ``solve_ivp`` in numba: scipy 1.17's ``prepare_events``,
``find_active_events``, ``handle_events`` and ``solve_event_equation``.

An event is a function ``g(t, y, *args)``; its ``terminal`` (a bool or, as in
scipy 1.13+, a positive count of occurrences) and ``direction`` attributes
are read when the caller compiles (:func:`event_spec`).  After each step
the events whose sign changed in their direction are located on the
step's dense output with scipy's settings (``brentq``, ``xtol = rtol =
4 eps``: scijit's own brentq, :func:`scijit.optimize._zeros.bracketing_solver`),
recorded in order of time when one of them terminates the integration.

The events reach the solver as two pointers (:mod:`lowering.pointers`) to
glues compiled in the caller (:func:`event_glues`): every event's value
into an array, and one event's value; so the solver, compiled once per
event count, is not compiled again per event function.  The tuples of
``t_events``/``y_events`` (one array per event) are made in the caller
(:func:`event_outputs`).
"""
import functools
import math

import numpy as np
from numba import njit, types
from numba.extending import overload

from lowering.callback import callback, type_only
from lowering.pointers import pointer_caller
from lowering.transforms import CallbackData, Returned, Time

from ..optimize._zeros import bracketing_solver
from ._rk_dense import interpolate

EPS = np.finfo(float).eps
#: scipy's message for a bad ``terminal`` attribute
TERMINAL_MESSAGE = ("The `terminal` attribute of each event must be a boolean or positive "
                    "integer.")

#: an event's value ``g(t, y, *args)`` as a float64 (the transform stack's Time step)
_event_value = callback((Time(), Returned())).scalar


def event_spec(event_types):
    """``(max_events, directions)`` (tuples of floats) from the events'
    ``terminal`` and ``direction`` attributes (on the @njit dispatcher, or
    on the Python function it compiled), or None for a bad ``terminal``
    (scipy's ValueError at run time)."""
    max_events, directions = [], []
    for ty in event_types:
        disp = ty.dispatcher
        terminal = getattr(disp, "terminal", getattr(disp.py_func, "terminal", None))
        direction = getattr(disp, "direction", getattr(disp.py_func, "direction", 0))
        if terminal is None or terminal == 0:
            max_events.append(math.inf)
        elif int(terminal) == terminal and terminal > 0:
            max_events.append(float(terminal))
        else:
            return None
        directions.append(float(direction))
    return tuple(max_events), tuple(directions)


def event_types_of(events):
    """The tuple of event function types of the ``events`` argument's type
    (None, one @njit function, or a tuple of them); None for anything else."""
    if events is None or isinstance(events, (types.NoneType, types.Omitted)):
        return ()
    if isinstance(events, types.Dispatcher):
        return (events,)
    if isinstance(events, types.BaseTuple) and all(isinstance(t, types.Dispatcher)
                                                   for t in events):
        return tuple(events)
    return None


#: scijit's brentq (scipy's settings are passed by :func:`locate_event`)
_brentq = bracketing_solver("brentq")
#: ``call_glue(slot, pointer, a, b, c, d)``: an event glue at ``pointer``,
#: its exception held in ``slot`` (:mod:`lowering.held`)
call_glue = pointer_caller(4, held=True)


@njit
def event_on_step(t, slot, value, e, dop853, Q, t_old, h, y_old, out, args):
    """Event ``e``'s value on the step's interpolant (scipy's ``event(t,
    sol(t))``), ``value`` the pointer to the one-event glue (0 once ``slot``
    holds an exception: brentq then ends at once)."""
    interpolate(dop853, Q, t_old, h, y_old, t, out)
    return call_glue(slot, value, e, t, out, args)


def all_event_values(slot, values, t, y, g, args):
    """Every event's value at ``(t, y)`` into ``g`` (``values`` the pointer to
    the glue, or None without events: nothing)."""


def locate_event(slot, value, e, dop853, t_old, t, Q, h, y_old, out, args):
    """Event ``e``'s root on the step from ``t_old`` to ``t`` (scipy's
    solve_event_equation: brentq, ``xtol = rtol = 4 eps``); NaN without
    events (``value`` None)."""


@overload(all_event_values)
def _all_event_values(slot, values, t, y, g, args):
    if isinstance(values, types.NoneType):
        return lambda slot, values, t, y, g, args: None
    return lambda slot, values, t, y, g, args: call_glue(slot, values, t, y, g, args)


@overload(locate_event)
def _locate_event(slot, value, e, dop853, t_old, t, Q, h, y_old, out, args):
    if isinstance(value, types.NoneType):
        return lambda slot, value, e, dop853, t_old, t, Q, h, y_old, out, args: np.nan

    def impl(slot, value, e, dop853, t_old, t, Q, h, y_old, out, args):
        return _brentq(type_only(event_on_step), t_old, t,
                       (slot, value, e, dop853, Q, t_old, h, y_old, out, args), 1, 4 * EPS,
                       4 * EPS, 100, True)[0]
    return impl


@njit(cache=True)
def active_events(g, g_new, directions, active):
    """scipy's find_active_events: the indices into ``active``, their count."""
    count = 0
    for e in range(g.size):
        up = g[e] <= 0 and g_new[e] >= 0
        down = g[e] >= 0 and g_new[e] <= 0
        if (up and directions[e] > 0) or (down and directions[e] < 0) or (
                (up or down) and directions[e] == 0):
            active[count] = e
            count += 1
    return count


@njit(cache=True)
def terminal_cut(active, roots, count, event_count, max_events, forward):
    """scipy's handle_events after the roots: if an active event reached its
    count, the events sorted in time (``np.argsort``, as scipy) and cut
    after the first that did; ``(count, terminate)``."""
    terminate = False
    for k in range(count):
        if event_count[active[k]] >= max_events[active[k]]:
            terminate = True
    if not terminate:
        return count, False
    order = np.argsort(roots[:count] if forward else -roots[:count])
    sorted_active = active[:count][order]
    sorted_roots = roots[:count][order]
    for k in range(count):
        active[k] = sorted_active[k]
        roots[k] = sorted_roots[k]
    for k in range(count):
        if event_count[active[k]] >= max_events[active[k]]:
            return k + 1, True
    return count, True


@njit(cache=True)
def grow_events(t_buf, y_buf):
    """Event buffers with twice the room (the recorded rows copied)."""
    cap = t_buf.shape[1]
    t_new = np.empty((t_buf.shape[0], 2 * cap))
    y_new = np.empty((y_buf.shape[0], 2 * cap, y_buf.shape[2]), y_buf.dtype)
    for e in range(t_buf.shape[0]):
        for k in range(cap):
            t_new[e, k] = t_buf[e, k]
            for i in range(y_buf.shape[2]):
                y_new[e, k, i] = y_buf[e, k, i]
    return t_new, y_new


@functools.lru_cache(maxsize=None)
def event_glues(events):
    """``(values, value)`` for the @njit event functions ``events`` (a tuple),
    glues compiled in the caller whose addresses the solver calls:

    * ``values(t, y, g, args)``: every event's value at (t, y) into ``g``;
    * ``value(e, t, y, args)``: event ``e``'s value (a float).

    Each value goes through the transform stack's scalar stage (``g(t, y,
    *args)`` as a float64)."""
    scope = {"_event_value": _event_value, "type_only": type_only, "np": np,
             "CallbackData": CallbackData}
    for e, event in enumerate(events):
        scope["event%d" % e] = event
    data = "    data = CallbackData(args, (0,), False, (), ())"
    values = ["def values(t, y, g, args):", data]
    values += ["    g[%d] = _event_value(type_only(event%d), (t, y), data)" % (e, e)
               for e in range(len(events))]
    value = ["def value(e, t, y, args):", data]
    for e in range(len(events)):
        value.append("    if e == %d:" % e)
        value.append("        return _event_value(type_only(event%d), (t, y), data)" % e)
    value.append("    return np.nan")
    exec("\n".join(values) + "\n\n" + "\n".join(value) + "\n", scope)
    return njit(scope["values"]), njit(scope["value"])


@functools.lru_cache(maxsize=None)
def event_outputs(nevents):
    """The inline ``outputs(t_buf, y_buf, counts) -> (t_events, y_events)``:
    tuples of one array per event (the first ``counts[e]`` rows)."""
    scope = {}
    exec("def outputs(t_buf, y_buf, counts):\n    return ((%s), (%s))\n" % (
        "".join("t_buf[%d, :counts[%d]].copy(), " % (e, e) for e in range(nevents)),
        "".join("y_buf[%d, :counts[%d]].copy(), " % (e, e) for e in range(nevents))), scope)
    return njit(inline="always")(scope["outputs"])
