"""``solve_ivp``: initial value problems for ODE systems, from Python and inside @njit.

Methods 'RK23', 'RK45' (the default) and 'DOP853', scipy 1.17's explicit
Runge-Kutta pairs followed step for step (:mod:`._rk`), with ``t_eval``,
``args``, ``vectorized``, and the options ``first_step``, ``max_step``,
``rtol``, ``atol`` (scalar or one per component), forward and backward
spans and complex ``y0``, ``events`` (:mod:`._ivp_events`) and
``dense_output`` (``sol``: :mod:`scijit_types.ode`, evaluated inside @njit
by :mod:`._ode_solution`).  Not yet: the implicit methods ('Radau', 'BDF',
'LSODA'): each raises NotImplementedError naming it.

One entry pattern (docs/architecture.md): the chooser below settles the
options inside numba; the Python entry converts what numba cannot type
(a plain Python ``fun``, lists, scipy's solver classes), gives scipy's
warnings, and calls ``solve_ivp`` itself inside numba through a small
trampoline, so both entries return the same values.  The result is an
``OdeResult`` (scipy's class when returned to Python).
"""
import functools
import inspect
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import type_only
from lowering import register_forwarding
from lowering.held import error_slot, raise_held
from lowering.pointers import function_pointer
from lowering.separate import separate
from scijit_types import result_builder
from scijit_types.ode import ode_solution_builder

from .. import _arguments as A
from .._messages import status_message, status_table
from .._registration import Chooser, register_choosers
from . import _ode_solution  # noqa: F401  (sol(t) inside @njit)
from ._ivp_events import (TERMINAL_MESSAGE, event_glues, event_outputs, event_spec,
                          event_types_of)
from ._rk import EPS, FAILED, FINISHED, TERMINATED, rk_glue, rk_solver

__all__ = ["solve_ivp"]

_ROUTINE = "solve_ivp"

#: the methods scijit integrates with, and scipy's other names (not yet here)
EXPLICIT_METHODS = ("RK23", "RK45", "DOP853")
IMPLICIT_METHODS = ("Radau", "BDF", "LSODA")
#: the options scipy's explicit solvers read; the others are accepted and,
#: from Python, warned about as scipy does ("have no effect")
RK_OPTIONS = ("first_step", "max_step", "rtol", "atol")
#: scipy's status messages (solve_ivp's MESSAGES, and the solvers' failure)
MESSAGES = {FINISHED: "The solver successfully reached the end of the integration interval.",
            TERMINATED: "A termination event occurred.",
            FAILED: "Required step size is less than spacing between numbers."}
_MESSAGE_TABLE = status_table(MESSAGES)

_NOT_YET = "solve_ivp: %s is not implemented yet in scijit (methods RK23, RK45 and DOP853 are)"


def _methods_message():
    """scipy's ValueError message for an unknown method."""
    import scipy.integrate
    methods = {name: getattr(scipy.integrate, name) for name in ("RK23", "RK45", "DOP853",
                                                                 "Radau", "BDF", "LSODA")}
    return f"`method` must be one of {methods} or OdeSolver class."


# ---------------------------------------------------------------- checks (compiled, shared)
@njit(cache=True)
def checked_span(t0, tf):
    return float(t0), float(tf)


@njit(cache=True)
def checked_t_eval(t_eval, t0, tf):
    """scipy's checks of ``t_eval`` (within the span, sorted in the direction
    of integration); the points ascending (a backward t_eval reversed, as
    scipy stores it)."""
    lo, hi = min(t0, tf), max(t0, tf)
    for v in t_eval:
        if v < lo or v > hi:
            raise ValueError("Values in `t_eval` are not within `t_span`.")
    for i in range(t_eval.size - 1):
        d = t_eval[i + 1] - t_eval[i]
        if (tf > t0 and d <= 0) or (tf < t0 and d >= 0):
            raise ValueError("Values in `t_eval` are not properly sorted.")
    out = np.empty(t_eval.size)
    for i in range(t_eval.size):
        out[i] = t_eval[i] if tf >= t0 else t_eval[t_eval.size - 1 - i]
    return out


@njit(cache=True)
def check_finite_state(y):
    for v in y:
        if not np.isfinite(v):
            raise ValueError("All components of the initial state `y0` must be finite.")


@njit(cache=True)
def checked_max_step(max_step):
    if max_step <= 0:
        raise ValueError("`max_step` must be positive.")
    return float(max_step)


@njit(cache=True)
def checked_rtol(rtol, n):
    """``rtol`` (one number, or one per component as scipy's ``np.maximum``
    reads it) as a float64 array of n, raised to 100 eps where below (scipy
    warns; inside @njit nothing warns)."""
    out = np.empty(n)
    for i in range(n):
        out[i] = max(rtol[i] if rtol.size == n else rtol[0], 100 * EPS)
    return out


@njit(cache=True)
def checked_atol(atol, n):
    """``atol`` (a number or one per component) as a float64 array of n."""
    out = np.empty(n)
    for i in range(n):
        out[i] = atol[i] if atol.size == n else atol[0]
    for v in out:
        if v < 0:
            raise ValueError("`atol` must be positive.")
    return out


@njit(cache=True)
def raise_atol_shape():
    raise ValueError("`atol` has wrong shape.")


@njit(cache=True)
def raise_rtol_shape():
    # (scipy's message is numpy's broadcasting error, later in the solve)
    raise ValueError("`rtol` has wrong shape.")


def state_vector(y0):
    """``y0`` as a new 1-D float64 or complex128 array (the integration's
    dtype, as scipy's ``check_arguments``); its checks at run time."""


@overload(state_vector)
def _state_vector(y0):
    complex_ = (isinstance(y0, types.Array) and isinstance(y0.dtype, types.Complex)) or (
        isinstance(y0, types.BaseTuple) and any(isinstance(t, types.Complex) for t in y0))
    dtype = np.complex128 if complex_ else np.float64
    fail = A.raiser(ValueError, "`y0` must be 1-dimensional.", inline=False)

    def not_a_vector(y0):
        fail()
        return np.empty(0, dtype)
    def impl(y0):
        y = np.empty(len(y0), dtype)
        for i in range(len(y0)):
            y[i] = y0[i]
        check_finite_state(y)
        return y
    if isinstance(y0, types.Array) and isinstance(y0.dtype, (types.Number, types.Boolean)):
        return impl if y0.ndim == 1 else not_a_vector
    if isinstance(y0, types.BaseTuple) and all(isinstance(t, (types.Number, types.Boolean))
                                               for t in y0):
        return impl
    if isinstance(y0, (types.Number, types.Boolean)):
        return not_a_vector
    raise TypingError("solve_ivp: 'y0' must be an array or a tuple of numbers, got %s" % y0)


def _tolerance_reader(name, ty):
    """An inline ``(value, n) -> float64 array of n``-making function for
    ``rtol`` or ``atol`` from a number or a 1-D array of n numbers (``rtol``:
    or of one)."""
    if isinstance(ty, types.Omitted):
        ty = ty.value
    checked, raise_shape = {"rtol": (checked_rtol, raise_rtol_shape),
                            "atol": (checked_atol, raise_atol_shape)}[name]
    if isinstance(ty, (types.Number, types.Boolean, int, float)):
        return njit(inline="always")(lambda value, n: checked(np.full(1, float(value)), n))
    # (scipy: atol of n numbers; rtol broadcast by numpy, so one number also)
    one = 1 if name == "rtol" else -1
    if isinstance(ty, types.Array) and ty.ndim == 1:
        def read(value, n):
            if value.size != n and value.size != one:
                raise_shape()
            return checked(value.astype(np.float64), n)
        return njit(inline="always")(read)
    raise TypingError("solve_ivp: %r must be a number or a 1-D array inside @njit, got %s"
                      % (name, ty))


def _span_reader(t_span):
    if isinstance(t_span, types.BaseTuple) and len(t_span) == 2 and all(
            isinstance(t, (types.Number, types.Boolean)) for t in t_span):
        return njit(inline="always")(lambda t_span: checked_span(t_span[0], t_span[1]))
    if isinstance(t_span, types.Array) and t_span.ndim == 1:
        def read(t_span):
            if t_span.size != 2:
                raise ValueError("solve_ivp: 't_span' must hold 2 values (t0, tf)")
            return checked_span(t_span[0], t_span[1])
        return njit(inline="always")(read)
    raise TypingError("solve_ivp: 't_span' must be a pair of numbers, got %s" % t_span)


def _t_eval_reader(t_eval):
    if A.is_none(t_eval):
        return njit(inline="always")(lambda t_eval, t0, tf: None)
    if isinstance(t_eval, types.Array) and isinstance(t_eval.dtype, (types.Integer,
                                                                     types.Float)):
        if t_eval.ndim != 1:
            fail = A.raiser(ValueError, "`t_eval` must be 1-dimensional.", inline=False)

            def not_a_vector(t_eval, t0, tf):
                fail()
                return np.empty(0)
            return njit(inline="always")(not_a_vector)
        return njit(inline="always")(lambda t_eval, t0, tf: checked_t_eval(t_eval, t0, tf))
    raise TypingError("solve_ivp: 't_eval' must be None or a 1-D array of times, got %s"
                      % t_eval)


# ---------------------------------------------------------------- the result
#: OdeResult's fields, in scipy's order
RESULT_FIELDS = ("t", "y", "sol", "t_events", "y_events", "nfev", "njev", "nlu", "status",
                 "message", "success")
_ode_result = result_builder(RESULT_FIELDS, pyclass="OdeResult")


@njit(inline="always")
def ode_result_with_events(t, y, nfev, status, t_events, y_events, sol):
    return _ode_result(t, y, sol, t_events, y_events, nfev, 0, 0, status,
                       status_message(_MESSAGE_TABLE, status, ""), status >= 0)


@njit(inline="always")
def ode_result(t, y, nfev, status):
    """The result without events nor ``sol`` (None, as scipy's)."""
    return ode_result_with_events(t, y, nfev, status, None, None, None)


@njit(inline="always")
def ode_result_without_events(t, y, nfev, status, t_events, y_events, sol):
    """The result without events (``t_events``, ``y_events`` None, as scipy's)."""
    return ode_result_with_events(t, y, nfev, status, None, None, sol)


@functools.lru_cache(maxsize=None)
def _solution_maker(dense, method):
    """An inline ``parts -> sol``: the OdeSolution of the solver's arrays
    (``dense``), or None."""
    if not dense:
        return njit(inline="always")(lambda parts: None)
    build = ode_solution_builder("dop853" if method == "DOP853" else "rk")
    # (the explicit methods' segment choice: scipy's alt_segment=False)
    return njit(inline="always")(lambda parts: build(parts[0], parts[1], parts[2], parts[3],
                                                     parts[4], 0))


@functools.lru_cache(maxsize=None)
def _failing_core(message):
    """The core of a call scipy refuses at run time with
    ``ValueError(message)``; typed as returning a result after the raise."""
    fail = A.raiser(ValueError, message, inline=False)

    @njit
    def core():
        fail()
        return ode_result(np.empty(0), np.empty((0, 0)), 0, FAILED)
    return core


# ---------------------------------------------------------------- inside @njit
_NAMES = ("t_span", "y0", "t_eval", "args", "first_step", "max_step", "rtol", "atol")


def _solve_ivp_overload(fun, t_span, y0, method="RK45", t_eval=None, dense_output=False,
                        events=None, vectorized=False, args=None, first_step=None,
                        max_step=np.inf, rtol=1e-3, atol=1e-6, jac=None, jac_sparsity=None,
                        lband=None, uband=None, min_step=0.0):
    """The chooser of ``solve_ivp`` inside @njit: ``(core, names)``, the @njit
    function a call becomes and the arguments it takes (scipy's
    ``**options`` are the keywords after ``args``: the explicit methods read
    ``first_step``, ``max_step``, ``rtol`` and ``atol`` and ignore the others,
    as scipy does)."""
    cores = _cores(fun, t_span, y0, method, t_eval, dense_output, events, vectorized, args,
                   first_step, max_step, rtol, atol)
    return (cores[0], _NAMES) if isinstance(cores, tuple) else (cores, ())


def _held_solve_ivp(slot, fun, t_span, y0, method="RK45", t_eval=None, dense_output=False,
                    events=None, vectorized=False, args=None, first_step=None, max_step=np.inf,
                    rtol=1e-3, atol=1e-6, jac=None, jac_sparsity=None, lband=None, uband=None,
                    min_step=0.0):
    """``solve_ivp`` inside @njit with the user's exception held in ``slot``
    (:mod:`lowering.held`), for the Python entry: its frame, holding the
    caller's arrays, raises once they are released."""


def _held_solve_ivp_overload(slot, fun, t_span, y0, method="RK45", t_eval=None,
                             dense_output=False, events=None, vectorized=False, args=None,
                             first_step=None, max_step=np.inf, rtol=1e-3, atol=1e-6, jac=None,
                             jac_sparsity=None, lband=None, uband=None, min_step=0.0):
    """The chooser of :func:`_held_solve_ivp`: the held core (a refused call's
    core raises, as inside @njit)."""
    cores = _cores(fun, t_span, y0, method, t_eval, dense_output, events, vectorized, args,
                   first_step, max_step, rtol, atol)
    return (cores[1], ("slot",) + _NAMES) if isinstance(cores, tuple) else (cores, ())


@functools.lru_cache(maxsize=None)
def _cores(fun, t_span, y0, method, t_eval, dense_output, events, vectorized, args, first_step,
           max_step, rtol, atol):
    """``(core, held_core)`` for these argument types (``held_core`` takes an
    :class:`~lowering.held.ErrorSlot` first and holds the user's exception
    in it; ``core`` raises it), or the one core of a call refused at run
    time."""
    A.check_callable(_ROUTINE, "fun", fun)
    name = "RK45" if isinstance(method, types.Omitted) and method.value == "RK45" \
        else A.constant_str(method)
    if name is None:
        raise TypingError("solve_ivp: 'method' must be a constant string inside @njit, got %s"
                          % method)
    if name in IMPLICIT_METHODS:
        raise TypingError(_NOT_YET % ("method=%r" % name))
    if name not in EXPLICIT_METHODS:
        return _failing_core(_methods_message())
    dense = A.constant_flag(_ROUTINE, "dense_output", dense_output)
    make_sol = _solution_maker(dense, name)
    event_types = event_types_of(events)
    if event_types is None:
        raise TypingError("solve_ivp: 'events' must be None, an @njit function or a tuple of "
                          "them inside @njit, got %s" % events)
    spec = event_spec(event_types)
    if spec is None:
        return _failing_core(TERMINAL_MESSAGE)
    nevents = len(event_types)
    max_events = np.array(spec[0], dtype=np.float64)
    event_dir = np.array(spec[1], dtype=np.float64)
    if nevents == 0:
        event_pointers = njit(inline="always")(lambda y, g, args: (None, None))
        result = ode_result_without_events
    else:
        values_glue, value_glue = event_glues(tuple(t.dispatcher for t in event_types))

        @njit(inline="always")
        def event_pointers(y, g, args):
            return (function_pointer(type_only(values_glue), (0.0, y, g, args)),
                    function_pointer(type_only(value_glue), (0, 0.0, y, args)))
        result = ode_result_with_events
    outputs = event_outputs(nevents)
    vec = A.constant_flag(_ROUTINE, "vectorized", vectorized)
    if not A.is_none(args):
        A.check_args(_ROUTINE, args)
    if not A.is_none(first_step):
        A.check_number(_ROUTINE, "first_step", first_step)
    A.check_number(_ROUTINE, "max_step", max_step)
    solver = separate(rk_solver, name, nevents, dense)     # called by symbol, not linked
    glue = rk_glue(fun.dispatcher, vec, name)
    span = _span_reader(t_span)
    read_t_eval = _t_eval_reader(t_eval)
    read_rtol = _tolerance_reader("rtol", rtol)
    read_atol = _tolerance_reader("atol", atol)
    no_args = A.is_none(args)
    if A.is_none(first_step):
        read_first_step = njit(inline="always")(lambda first_step: None)
    else:
        read_first_step = njit(inline="always")(lambda first_step: float(first_step))

    # The call is a call of ``core``, compiled once per caller and not inlined
    # (Chooser(inline="forward"): an inline overload's body is compiled twice).
    # ``core`` takes none of the user's functions (their glues reach it as
    # closure constants): a function value passed to a call that is not
    # inlined would make the caller uncacheable (docs/architecture.md).
    @njit
    def core(t_span, y0, t_eval, args, first_step, max_step, rtol, atol):
        # the user's exception is held until the solver has returned and
        # raised here, where the result is the only array left (numba would
        # leak the arrays of every frame it passes: lowering/held.py)
        slot = error_slot()
        res = held_core(slot, t_span, y0, t_eval, args, first_step, max_step, rtol, atol)
        raise_held(slot, res)
        return res

    # (inlined into core: a function of its own would cost every caller another
    # optimisation of the solver's linked code, about a second)
    @njit(inline="always")
    def held_core(slot, t_span, y0, t_eval, args, first_step, max_step, rtol, atol):
        t0, tf = span(t_span)
        te = read_t_eval(t_eval, t0, tf)
        y = state_vector(y0)
        ms = checked_max_step(max_step)
        rt = read_rtol(rtol, y.size)
        at = read_atol(atol, y.size)
        fs = read_first_step(first_step)
        fargs = () if no_args else A.as_args(args)
        values, value = event_pointers(y, at, fargs)
        t, yy, nfev, status, te_buf, ye_buf, found, sol = solver(
            slot,
            function_pointer(type_only(glue), (t0, t0, y, y.reshape((1, y.size)), y, y, fargs,
                                               False)),
            fargs, t0, tf, y, rt, at, ms, fs, te, values, value, max_events, event_dir)
        t_events, y_events = outputs(te_buf, ye_buf, found)
        return result(t, yy, nfev, status, t_events, y_events, make_sol(sol))

    return core, held_core


# ---------------------------------------------------------------- Python entry
def solve_ivp(fun, t_span, y0, method="RK45", t_eval=None, dense_output=False, events=None,
              vectorized=False, args=None, **options):
    """Solve an initial value problem for a system of ODEs (scipy.integrate.solve_ivp, compiled).

    Parameters and returns as :func:`scipy.integrate.solve_ivp`, for the
    methods 'RK23', 'RK45' and 'DOP853'; ``fun(t, y, *args)`` is an @njit
    function (a plain Python function is jitted once) returning an array
    (or a tuple of numbers) of ``y``'s length.  ``nfev``, the number of
    steps, ``status`` and ``message`` are scipy's; ``t`` and ``y`` agree to
    about 1e-12 relative, not bit for bit (scipy's sums go through BLAS,
    which fuses multiply-adds in an order of its own; see
    docs/integrate.md).

    Inside @njit, ``method`` must be a constant string and ``vectorized`` a
    constant; scipy's ``**options`` are keywords: ``first_step``,
    ``max_step``, ``rtol``, ``atol`` (and the implicit methods' ``jac``,
    ``jac_sparsity``, ``lband``, ``uband``, ``min_step``, accepted and
    ignored as scipy ignores them for these methods, without its warning).
    ``rtol`` below ``100 * eps`` is raised to it (scipy warns too; inside
    @njit nothing warns).  The result is an ``OdeResult`` whose fields read
    as attributes or items.

    ``dense_output=True`` (a constant inside @njit): ``sol`` is an
    ``OdeSolution`` with scipy's interpolants and segment choice, scipy's
    own object from Python; inside @njit ``sol(t)`` takes a number or a 1-D
    array of times (``sol.ts``, ``t_min``, ``t_max``, ``n_segments`` and
    ``ascending`` as scipy's), and one of scipy's OdeSolution objects of
    these methods may be passed in.

    ``events``: an @njit function ``g(t, y, *args)`` or a tuple of them, with
    scipy's ``terminal`` (a bool or a count) and ``direction`` attributes,
    read when the caller compiles (set them before the first call).  Their
    roots are located on each step's interpolant with scipy's brentq
    settings; ``t_events`` and ``y_events`` hold one array per event (lists
    from Python, as scipy's; tuples inside @njit, where an event not met has
    a ``y_events`` array of shape ``(0, n)``).
    An integration that stops early (a step below the spacing of numbers)
    has ``status == -1`` and scipy's message, as scipy reports it.

    Not yet implemented (NotImplementedError from Python, a TypingError
    inside @njit): the methods 'Radau', 'BDF' and 'LSODA'.

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from scijit.integrate import solve_ivp
    >>> @njit
    ... def lotka_volterra(t, z, a, b, c, d):
    ...     x, y = z
    ...     return np.array([a * x - b * x * y, -c * y + d * x * y])
    >>> res = solve_ivp(lotka_volterra, (0.0, 15.0), np.array([10.0, 5.0]),
    ...                 args=(1.5, 1.0, 3.0, 1.0), rtol=1e-6, atol=1e-8)
    >>> res.status, res.y.shape[0]
    (0, 2)
    >>> @njit
    ... def final_prey(a):          # the same call inside numba
    ...     r = solve_ivp(lotka_volterra, (0.0, 15.0), np.array([10.0, 5.0]),
    ...                   args=(a, 1.0, 3.0, 1.0), rtol=1e-6, atol=1e-8)
    ...     return r.y[0, -1]
    >>> final_prey(1.5) == res.y[0, -1]
    True
    >>> @njit
    ... def prey_at(times):         # the continuous solution (scipy's OdeSolution)
    ...     r = solve_ivp(lotka_volterra, (0.0, 15.0), np.array([10.0, 5.0]),
    ...                   args=(1.5, 1.0, 3.0, 1.0), dense_output=True)
    ...     return r.sol(times)[0]
    >>> prey_at(np.array([0.0, 7.5])).shape
    (2,)
    """
    name = _method_name(method)
    if events is not None:
        single = callable(events)
        events = tuple(_event_as_set_now(e, A.python_callable(_ROUTINE, "events", e))
                       for e in ((events,) if single else events))
        events = events[0] if single else events
    t0, tf = map(float, t_span)
    if args is not None:
        try:
            _ = [*(args)]
        except TypeError as exc:
            raise TypeError("Supplied 'args' cannot be unpacked. Please supply `args`"
                            f" as a tuple (e.g. `args=({args},)`)") from exc
        args = A.python_args(_ROUTINE, tuple(args))
    fun = A.python_callable(_ROUTINE, "fun", fun)
    if t_eval is not None:
        t_eval = np.asarray(t_eval)
        if t_eval.dtype.kind not in "biuf":
            t_eval = A.python_float_vector(_ROUTINE, "t_eval", t_eval)
    extraneous = [k for k in options if k not in RK_OPTIONS]
    if extraneous:
        warnings.warn("The following arguments have no effect for a chosen solver: "
                      f"{', '.join(f'`{x}`' for x in extraneous)}.", stacklevel=2)
    y0 = np.asarray(y0)
    y0 = y0.astype(complex if np.issubdtype(y0.dtype, np.complexfloating) else float,
                   copy=False)
    # (numbers only: a TypeError naming the option, where numba's would not)
    rtol = _python_tolerance("rtol", options.get("rtol", 1e-3))
    max_step = A.python_real(_ROUTINE, "max_step", options.get("max_step", np.inf))
    first_step = options.get("first_step")
    if first_step is not None:
        first_step = A.python_real(_ROUTINE, "first_step", first_step)
    if np.any(rtol < 100 * EPS):
        warnings.warn("At least one element of `rtol` is too small. "
                      f"Setting `rtol = np.maximum(rtol, {100 * EPS})`.", stacklevel=2)
    atol = _python_tolerance("atol", options.get("atol", 1e-6))
    res = _python_entry(fun, name, bool(vectorized), events, bool(dense_output))(
        (t0, tf), y0, t_eval, args, first_step, max_step, rtol, atol)
    if t_eval is not None and res["t"].size == 0:     # scipy's lists when no point was reached
        res["t"], res["y"] = [], []
    if events is not None:          # scipy's lists, and np.asarray([]) for an event not met
        res["t_events"] = list(res["t_events"])
        res["y_events"] = [y if y.shape[0] else np.asarray([]) for y in res["y_events"]]
    return res


def _event_as_set_now(given, event):
    """The @njit ``event`` (compiled from ``given``) with the ``terminal`` and
    ``direction`` that ``given`` has now.  scipy reads them at every call;
    compiled code reads them when it compiles, so from Python an event whose
    attributes changed since gets a wrapper of its own (one per setting)."""
    terminal = getattr(given, "terminal", getattr(event.py_func, "terminal", None))
    direction = getattr(given, "direction", getattr(event.py_func, "direction", 0))
    try:
        return _event_with(event, terminal, direction)
    except TypeError:           # an unhashable attribute: scipy's checks refuse it
        return _event_with.__wrapped__(event, terminal, direction)


@functools.lru_cache(maxsize=None)
def _event_with(event, terminal, direction):
    @njit
    def with_attributes(t, y, *args):
        return event(t, y, *args)
    with_attributes.terminal = terminal
    with_attributes.direction = direction
    return with_attributes


def _python_tolerance(name, value):
    """``rtol`` or ``atol`` from Python: a float, or a 1-D float64 array (a
    TypeError naming it for anything else, where numba's would not)."""
    if np.ndim(value) == 0:
        return A.python_real(_ROUTINE, name, value)
    value = np.asarray(value)
    if value.ndim != 1 or value.dtype.kind not in "biuf":
        raise TypeError("solve_ivp: %r must be a real number or a 1-D array of them, got %r"
                        % (name, value))
    return value.astype(np.float64)


def _method_name(method):
    """scipy's method name for ``method`` (a name or one of scipy's solver
    classes); scipy's ValueError for anything else."""
    import scipy.integrate
    if inspect.isclass(method):
        if not issubclass(method, scipy.integrate.OdeSolver):
            raise ValueError(_methods_message())
        for name in EXPLICIT_METHODS + IMPLICIT_METHODS:
            if method is getattr(scipy.integrate, name):
                method = name
                break
        else:
            raise NotImplementedError(_NOT_YET % ("the solver class %r" % method.__name__))
    if not isinstance(method, str) or method not in EXPLICIT_METHODS + IMPLICIT_METHODS:
        raise ValueError(_methods_message())
    if method in IMPLICIT_METHODS:
        raise NotImplementedError(_NOT_YET % ("method=%r" % method))
    return method


@functools.lru_cache(maxsize=None)
def _python_entry(fun, method, vectorized, events, dense_output):
    """The @njit trampoline calling ``solve_ivp`` inside numba for this
    function, method, ``vectorized``, events (None, one @njit function or a
    tuple of them) and ``dense_output``: constants of the trampoline."""
    @njit
    def entry(t_span, y0, t_eval, args, first_step, max_step, rtol, atol):
        # (held, then raised once the arguments are released: lowering/held.py)
        slot = error_slot()
        res = _held_solve_ivp(slot, fun, t_span, y0, method=method, t_eval=t_eval,
                              dense_output=dense_output, events=events, vectorized=vectorized,
                              args=args, first_step=first_step, max_step=max_step, rtol=rtol,
                              atol=atol)
        raise_held(slot, res)
        return res
    return entry


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "solve_ivp": Chooser(_solve_ivp_overload, inline="forward"),
}
register_choosers(CHOOSERS, globals())
register_forwarding(_held_solve_ivp, _held_solve_ivp_overload)
