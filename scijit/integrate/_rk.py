"""The explicit Runge-Kutta methods of ``solve_ivp`` (RK23, RK45, DOP853) in numba.

scipy 1.17's ``scipy/integrate/_ivp`` is Python, so its control flow is the
specification, followed here step for step:

* the first step: scipy's ``select_initial_step`` (1.14+: the trial step
  clamped by the interval, the result by ``max_step``), one evaluation;
* a step: the stages (``rk_step``), the error estimate (RMS norm; DOP853's
  combination of its 5th- and 3rd-order estimates), and the step-size
  control with ``SAFETY``, ``MIN_FACTOR``, ``MAX_FACTOR``, the ``min(1,
  factor)`` rule after a rejection, the minimum step ``10 * |nextafter(t) -
  t|`` and the last step clipped to ``t_bound``; FSAL (the derivative at the
  end of a step is the next step's first stage);
* dense output where it is needed (``t_eval`` points inside the step):
  Hermite/Shampine coefficients for RK23/RK45, and DOP853's three more
  evaluations (counted in ``nfev`` as scipy counts them) and 7th-order
  interpolant.

The arithmetic is scipy's in the same order, with one difference: numpy's
``np.dot`` goes through BLAS, whose kernels fuse multiply-adds in an order
of their own, and the error estimate (a difference of nearly equal numbers)
carries those last bits into the step sizes: the values agree with scipy's
to about 1e-12 relative, not bit for bit (docs/integrate.md).

The solver of a method (:func:`rk_solver`) is compiled once per method,
event count, dense output and argument types, and cached on disk; it calls
the user's function through a pointer to a glue compiled in the caller
(:func:`rk_glue`; see docs/architecture.md, Compile time, sixth rule):
either one evaluation (the first step's, DOP853's dense output's) or all
the stages of a step, with the user's function inlined there, so a step
costs one call through the pointer, not one per evaluation.  The user's
``fun(t, y, *args)`` is called through the transform stack's ``Time`` step,
its value checked for length and copied into the solver's buffer.
"""
import functools

import numpy as np
from numba import njit, types
from numba.extending import overload

from lowering.cached import cached_closure
from lowering.callback import callback, type_only
from lowering.held import held
from lowering.pointers import pointer_caller
from lowering.transforms import CallbackData, Reshape, Returned, Time

from ._ivp_events import (active_events, all_event_values, grow_events, locate_event,
                          terminal_cut)
from ._rk_dense import dop853_dense_coefficients, interpolate, rk_dense_coefficients
from ._rk_tableaux import TABLEAUX

#: scipy's step-size control (scipy/integrate/_ivp/rk.py)
SAFETY = 0.9
MIN_FACTOR = 0.2
MAX_FACTOR = 10.0
EPS = np.finfo(float).eps

#: the statuses of an integration (scipy's ``status``), and the solver's own
#: for "the user's code raised" (the exception held for the caller to raise)
RUNNING, FINISHED, FAILED, TERMINATED, RAISED = 2, 0, -1, 1, -2

#: ``call_glue(slot, glue, t, h, y, K, work, out, args, stages)``: the glue at
#: the pointer ``glue`` (:func:`rk_glue`), its exception held in ``slot``
#: (:mod:`lowering.held`: raised by the caller once the solver has returned,
#: so numba releases the solver's arrays)
call_glue = pointer_caller(8, held=True)

#: the right-hand side ``fun(t, y, *args)`` into the solver's buffer, ``y``
#: as it is, or as an (n, 1) column for ``vectorized=True`` (scipy's
#: ``fun(t, y[:, None]).ravel()``; ``data.shape`` is ``(n, 1)`` then)
_RHS = {False: callback((Time(), Returned())).residual,
        True: callback((Time(), Reshape(), Returned())).residual}


@functools.lru_cache(maxsize=None)
def rk_glue(fun, vectorized, method):
    """The @njit glue ``(t, h, y, K, work, out, args, stages)`` of the user's
    ``fun`` (an @njit function) for ``method``, compiled per user function
    in the caller, which hands the solver its address
    (:mod:`lowering.pointers`).

    ``stages`` false: ``out = fun(t, y, *args)`` (``h``, ``K`` and ``work``
    unused).  ``stages`` true: the stages of one step from ``(t, y)`` with
    step ``h`` (scipy's ``rk_step``, its arithmetic in its order), ``K[0]``
    holding ``f(t, y)``: ``K[1:n_stages + 1]`` the stages' derivatives, the
    last the one at the step's end (FSAL), ``work`` the step's solution,
    ``out`` scratch.  One call through the pointer per step: a call LLVM
    cannot inline costs its arguments and every number the caller keeps in
    a register, per evaluation a large part of a small problem's time.
    ``fun`` is called through the transform stack: ``y`` as it is, or as an
    (n, 1) column for ``vectorized=True`` (scipy's ``fun(t, y[:, None])
    .ravel()``), its value checked for length and copied into ``out``."""
    rhs = _RHS[vectorized]
    tab = TABLEAUX[method]
    A, B, C, nstages = tab.A, tab.B, tab.C, tab.n_stages

    @njit(error_model="numpy")
    def glue(t, h, y, K, work, out, args, stages):
        n = y.size
        data = CallbackData(args, (n, 1), False, (), ())
        if not stages:
            rhs(type_only(fun), (t, y), out, data)
            return
        for s in range(1, nstages + 1):
            if s < nstages:         # y + (K[:s].T @ A[s, :s]) * h
                for i in range(n):
                    acc = K[0, i] * A[s, 0]
                    for j in range(1, s):
                        acc += K[j, i] * A[s, j]
                    work[i] = y[i] + acc * h
                t_stage = t + C[s] * h
            else:                   # y + h * (K[:s].T @ B)
                for i in range(n):
                    acc = K[0, i] * B[0]
                    for j in range(1, nstages):
                        acc += K[j, i] * B[j]
                    work[i] = y[i] + h * acc
                t_stage = t + h
            rhs(type_only(fun), (t_stage, work), out, data)
            for i in range(n):
                K[s, i] = out[i]
    return glue


@njit(cache=True, error_model="numpy")
def rms_norm(x):
    """scipy's ``norm``: ``np.linalg.norm(x) / x.size ** 0.5``."""
    return np.sqrt(sum_squares(x)) / x.size ** 0.5


@njit(cache=True, error_model="numpy")
def sum_squares(x):
    """``np.linalg.norm(x) ** 2`` before the square root (complex: the real
    parts' sum, then the imaginary parts', as numpy adds them; for real
    numbers the second sum is +0.0 and changes nothing)."""
    re = 0.0
    im = 0.0
    for v in x:
        re += v.real * v.real
    for v in x:
        im += v.imag * v.imag
    return re + im


@njit(error_model="numpy")
def min_step_at(t, direction):
    """scipy's ``10 * |nextafter(t, direction * inf) - t|``."""
    return 10.0 * abs(np.nextafter(t, direction * np.inf) - t)


@njit(error_model="numpy")
def step_factor(error_norm, exponent, rejected):
    """(accepted, factor): scipy's step-size update after a step with this
    error norm (a NaN norm rejects, with MIN_FACTOR: Python's ``max``)."""
    if error_norm < 1:
        if error_norm == 0:
            factor = MAX_FACTOR
        else:
            factor = min(MAX_FACTOR, SAFETY * error_norm ** exponent)
        if rejected:
            factor = min(1.0, factor)
        return True, factor
    shrink = SAFETY * error_norm ** exponent
    return False, shrink if shrink > MIN_FACTOR else MIN_FACTOR


@njit(cache=True, error_model="numpy")
def combine(K, coefficients, row, nrows, h, y, out):
    """``out = y + (K[:nrows].T @ coefficients[row, :nrows]) * h`` (scipy's
    stage argument ``y + np.dot(K[:s].T, a[:s]) * h``), the sum in stage
    order.  (Rows by index, not views: a view costs two atomic reference
    count updates, which were a third of a small problem's time.)"""
    for i in range(out.size):
        s = K[0, i] * coefficients[row, 0]
        for j in range(1, nrows):
            s += K[j, i] * coefficients[row, j]
        out[i] = y[i] + s * h


@njit(error_model="numpy")
def weighted_rows(K, weights, nrows, i):
    """``(K[:nrows].T @ weights)[i]``."""
    s = K[0, i] * weights[0]
    for j in range(1, nrows):
        s += K[j, i] * weights[j]
    return s


@njit(error_model="numpy")
def dop853_error_norm(K, E5, E3, h, scale, work, work2):
    """DOP853's error norm: its 5th-order estimate corrected by the 3rd."""
    for i in range(work.size):
        work[i] = weighted_rows(K, E5, E5.size, i) / scale[i]
        work2[i] = weighted_rows(K, E3, E3.size, i) / scale[i]
    err5_norm_2 = np.sqrt(sum_squares(work)) ** 2
    err3_norm_2 = np.sqrt(sum_squares(work2)) ** 2
    if err5_norm_2 == 0 and err3_norm_2 == 0:
        return 0.0
    denom = err5_norm_2 + 0.01 * err3_norm_2
    return abs(h) * err5_norm_2 / np.sqrt(denom * scale.size)


@njit(cache=True, error_model="numpy")
def initial_trial(t0, y0, t_bound, f0, direction, rtol, atol, y1, work):
    """select_initial_step before its evaluation: ``(h0, d1)``, and the
    trial point ``y1``."""
    interval_length = abs(t_bound - t0)
    for i in range(y0.size):
        work[i] = y0[i] / (atol[i] + abs(y0[i]) * rtol[i])
    d0 = rms_norm(work)
    for i in range(y0.size):
        work[i] = f0[i] / (atol[i] + abs(y0[i]) * rtol[i])
    d1 = rms_norm(work)
    if d0 < 1e-5 or d1 < 1e-5:
        h0 = 1e-6
    else:
        h0 = 0.01 * d0 / d1
    h0 = min(h0, interval_length)
    for i in range(y0.size):
        y1[i] = y0[i] + h0 * direction * f0[i]
    return h0, d1


@njit(cache=True, error_model="numpy")
def initial_step(t0, y0, t_bound, max_step, f0, f1, h0, d1, order, rtol, atol, work):
    """select_initial_step after its evaluation ``f1``."""
    for i in range(y0.size):
        work[i] = (f1[i] - f0[i]) / (atol[i] + abs(y0[i]) * rtol[i])
    d2 = rms_norm(work) / h0
    if d1 <= 1e-15 and d2 <= 1e-15:
        h1 = max(1e-6, h0 * 1e-3)
    else:
        h1 = (0.01 / max(d1, d2)) ** (1 / (order + 1))
    return min(100 * h0, h1, abs(t_bound - t0), max_step)


@njit(cache=True)
def _grow_rows(buf, rows):
    """``buf`` with room for ``rows`` rows (the rows it has copied)."""
    out = np.empty((rows,) + buf.shape[1:], buf.dtype)
    # (a loop over the flat C-ordered elements, not ``out[:m] = buf``: numba's
    # slice assignment builds its shape-mismatch message with its string
    # machinery, 40% of the LLVM code every caller of the solver optimises)
    flat_out = out.reshape(out.size)
    flat_buf = buf.reshape(buf.size)
    for k in range(buf.size):
        flat_out[k] = flat_buf[k]
    return out


@njit(cache=True)
def t_eval_range(t_eval, start, t, forward):
    """The points of ``t_eval`` (sorted in the direction of integration, the
    backward ones stored reversed as scipy stores them) reached by a step
    ending at ``t``: scipy's ``searchsorted`` of the step's end, ``(lo,
    hi)`` to visit ``lo, lo+1, ..`` forward or ``lo, lo-1, ..`` backward."""
    if forward:
        return start, np.searchsorted(t_eval, t, side="right")
    return start, np.searchsorted(t_eval, t, side="left")


# ---------------------------------------------------------------- dense output (sol)
def sol_start(seed, t0, y, rows):
    """The store of ``sol``'s pieces (breakpoints, (t_old, t_end) per segment,
    y_old, Q, count) with ``seed`` an integer (dense output), or None with
    ``seed`` None (the store is then nothing and costs nothing)."""


def sol_add(store, t_old, t_end, y_old, Q, t_break):
    """The store with one more interpolant (the step's: ``Q`` its (rows, n)
    coefficients) and breakpoint; None stays None."""


def sol_finish(store):
    """``(ts, t_old, t_end, y_old, Q)``, the arrays of
    :class:`~scijit_types.ode.OdeSolutionType`, or None."""


@overload(sol_start)
def _sol_start(seed, t0, y, rows):
    if isinstance(seed, types.NoneType):
        return lambda seed, t0, y, rows: None
    return lambda seed, t0, y, rows: dense_start(t0, y, rows)


@overload(sol_add)
def _sol_add(store, t_old, t_end, y_old, Q, t_break):
    if isinstance(store, types.NoneType):
        return lambda store, t_old, t_end, y_old, Q, t_break: None
    return lambda store, t_old, t_end, y_old, Q, t_break: dense_add(store, t_old, t_end,
                                                                    y_old, Q, t_break)


@overload(sol_finish)
def _sol_finish(store):
    if isinstance(store, types.NoneType):
        return lambda store: None
    return lambda store: dense_finish(store)


@njit(cache=True)
def dense_start(t0, y, rows):
    cap = 16
    ts = np.empty(cap + 1)
    ts[0] = t0
    return ts, np.empty((cap, 2)), np.empty((cap, y.size), y.dtype), \
        np.empty((cap, rows, y.size), y.dtype), 0


@njit(cache=True)
def dense_add(store, t_old, t_end, y_old, Q, t_break):
    ts, seg, ys, Qs, count = store
    if count == seg.shape[0]:
        ts = _grow_rows(ts, 2 * count + 1)
        seg = _grow_rows(seg, 2 * count)
        ys = _grow_rows(ys, 2 * count)
        Qs = _grow_rows(Qs, 2 * count)
    seg[count, 0] = t_old
    seg[count, 1] = t_end
    for i in range(y_old.size):
        ys[count, i] = y_old[i]
    for k in range(Q.shape[0]):
        for i in range(Q.shape[1]):
            Qs[count, k, i] = Q[k, i]
    ts[count + 1] = t_break
    return ts, seg, ys, Qs, count + 1


@njit(cache=True)
def dense_finish(store):
    ts, seg, ys, Qs, count = store
    return (ts[:count + 1].copy(), seg[:count, 0].copy(), seg[:count, 1].copy(),
            ys[:count].copy(), Qs[:count].copy())


# ---------------------------------------------------------------- per-step pieces
@njit(error_model="numpy")
def rk_error_norm(K, E, h, scale, work):
    """RK23's and RK45's error norm: ``norm(K.T @ E * h / scale)``."""
    re = 0.0
    im = 0.0
    for i in range(work.size):
        acc = K[0, i] * E[0]
        for j in range(1, E.size):
            acc += K[j, i] * E[j]
        v = acc * h / scale[i]
        re += v.real * v.real
        im += v.imag * v.imag
    return np.sqrt(re + im) / work.size ** 0.5


@njit(error_model="numpy")
def make_interpolant(slot, rhs, args, dop853, K, P, A_EXTRA, C_EXTRA, D, nstages, t_old, h,
                     y_old, y, f, Q, work, fbuf):
    """The step's interpolant into ``Q`` (scipy's ``_dense_output_impl``);
    the evaluations it made: DOP853's three more stages, RK's none."""
    if not dop853:
        rk_dense_coefficients(K, P, Q)
        return 0
    for e in range(C_EXTRA.size):
        row = nstages + 1 + e
        combine(K, A_EXTRA, e, row, h, y_old, work)
        call_glue(slot, rhs, t_old + C_EXTRA[e] * h, 0.0, work, K, work, fbuf, args, False)
        for i in range(fbuf.size):
            K[row, i] = fbuf[i]
    dop853_dense_coefficients(K, D, h, y_old, y, f, Q)
    return C_EXTRA.size


#: a stand-in for the coefficients a method has not (typed, never read)
_NO_VECTOR = np.zeros(1)
_NO_MATRIX = np.zeros((1, 1))


@functools.lru_cache(maxsize=None)
def rk_solver(method, nevents=0, dense=False):
    """The @njit solver of ``method`` ('RK23', 'RK45' or 'DOP853') with
    ``nevents`` events: ``(rhs, args, t0, tf, y0, rtol, atol, max_step,
    first_step, t_eval, event_values, event_value, max_events, event_dir) ->
    (t, y, nfev, status, t_events, y_events, found, sol)``, scipy's
    ``solve_ivp`` loop; ``sol`` the arrays of its ``OdeSolution``
    (``dense``) or None.

    ``rhs`` is a :class:`~lowering.pointers.FunctionPointer` to the
    method's glue of the user's function (:func:`rk_glue`); ``y0`` a 1-D
    float64 or complex128 array (the integration's dtype), ``rtol`` and
    ``atol`` float64 arrays of y0's size (checked, ``rtol`` raised to 100 eps,
    by the caller), ``first_step`` None (select it) or a float, ``t_eval`` None or
    a float64 array sorted in the direction of integration and inside the
    span (backward: stored reversed, ascending, as scipy stores it).  ``y``
    is (n, number of points), C-contiguous.  ``event_values`` and
    ``event_value`` are pointers to the events' glues
    (:func:`~._ivp_events.event_glues`; None without events),
    ``max_events`` and ``event_dir`` float64 arrays of their counts
    (``terminal``; inf for none) and directions; ``t_events`` (nevents, m)
    and ``y_events`` (nevents, m, n) hold ``found[e]`` occurrences of each.

    Compiled once per method, event count, dense output and the types of
    the arguments -- not per user function, which it calls through
    ``rhs`` -- and cached on disk
    (:func:`~lowering.cached.cached_closure`: it closes over the tableau's
    numbers only), so a new caller loads it instead of compiling it.  Its
    helpers are plain @njit functions, compiled into it (LLVM may inline
    them).
    """
    tab = TABLEAUX[method]
    nstages = tab.n_stages
    dop853 = tab.D is not None
    nrows_all = tab.D.shape[1] if dop853 else nstages + 1
    nq = tab.D.shape[0] + 3 if dop853 else tab.P.shape[1]
    exponent = -1 / (tab.error_order + 1)
    error_order = tab.error_order
    E = _NO_VECTOR if dop853 else tab.E
    P = _NO_MATRIX if dop853 else tab.P
    E3, E5, D, A_EXTRA, C_EXTRA = (tab.E3, tab.E5, tab.D, tab.A_EXTRA, tab.C_EXTRA) if dop853 \
        else (_NO_VECTOR, _NO_VECTOR, _NO_MATRIX, _NO_MATRIX, _NO_VECTOR)
    dense_seed = 0 if dense else None

    @cached_closure(error_model="numpy")
    def solve(slot, rhs, args, t0, tf, y0, rtol, atol, max_step, first_step, t_eval,
              event_values, event_value, max_events, event_dir):
        n = y0.size
        dtype = y0.dtype
        direction = 1.0 if tf == t0 else (1.0 if tf > t0 else -1.0)
        # the state vectors: rows of one allocation (allocations are most of a
        # small problem's fixed cost), taken as views once
        vectors = np.empty((8, n), dtype)
        y, y_new, f, work = vectors[0], vectors[1], vectors[2], vectors[3]
        work2, fbuf, y_old, y_end = vectors[4], vectors[5], vectors[6], vectors[7]
        for i in range(n):
            y[i] = y0[i]
        K = np.empty((nrows_all, n), dtype)
        scale = np.empty(n)
        call_glue(slot, rhs, t0, 0.0, y, K, work, f, args, False)
        nfev = 1
        if first_step is None:
            if n == 0:
                h_abs = np.inf
            elif tf == t0:
                h_abs = 0.0
            else:
                h0, d1 = initial_trial(t0, y, tf, f, direction, rtol, atol, y_new, work)
                call_glue(slot, rhs, t0 + h0 * direction, 0.0, y_new, K, work, fbuf, args,
                          False)
                nfev += 1
                h_abs = initial_step(t0, y, tf, max_step, f, fbuf, h0, d1, error_order,
                                     rtol, atol, work)
        else:
            h_abs = checked_first_step(first_step, t0, tf)
        # the output: every step's end (t_eval None), or the points of t_eval
        with_t_eval = t_eval is not None
        cap = t_eval.size if with_t_eval else 64
        ts = np.empty(cap)
        ys = np.empty((cap, n), dtype)
        m = 0
        if not with_t_eval:
            ts[0] = t0
            for i in range(n):
                ys[0, i] = y[i]
            m = 1
        t_eval_i = 0
        if with_t_eval and direction < 0:
            t_eval_i = t_eval.size
        Q = np.empty((nq, n), dtype)
        # the events: their values at the last point, occurrences, what they found
        event_state = np.zeros((4, nevents))
        g, g_new, event_count, roots = (event_state[0], event_state[1], event_state[2],
                                        event_state[3])
        event_index = np.zeros((2, nevents), np.int64)
        active, found = event_index[0], event_index[1]
        te_buf = np.empty((nevents, 4))
        ye_buf = np.empty((nevents, 4, n), dtype)
        all_event_values(slot, event_values, t0, y, g, args)
        sol = sol_start(dense_seed, t0, y, nq)
        t = t0
        h = 0.0
        status = RAISED if held(slot) else RUNNING
        while status == RUNNING:
            # ------------------------------------------------ one step (OdeSolver.step)
            t_old = t
            if n == 0 or t == tf:
                t = tf
                status = FINISHED
            else:
                min_step = min_step_at(t, direction)
                if h_abs > max_step:
                    h_abs = max_step
                elif h_abs < min_step:
                    h_abs = min_step
                accepted = False
                rejected = False
                t_new = t
                while not accepted:
                    if h_abs < min_step:
                        status = FAILED
                        break
                    h = h_abs * direction
                    t_new = t + h
                    if direction * (t_new - tf) > 0:
                        t_new = tf
                    h = t_new - t
                    h_abs = abs(h)
                    # rk_step: the stages, in the glue (the user's function inlined
                    # there: one call through the pointer per step)
                    for i in range(n):
                        K[0, i] = f[i]
                    call_glue(slot, rhs, t, h, y, K, work, fbuf, args, True)
                    if held(slot):
                        status = RAISED
                        break
                    for i in range(n):
                        y_new[i] = work[i]
                        scale[i] = atol[i] + max(abs(y[i]), abs(work[i])) * rtol[i]
                    nfev += nstages
                    if dop853:
                        error_norm = dop853_error_norm(K, E5, E3, h, scale, work, work2)
                    else:
                        error_norm = rk_error_norm(K, E, h, scale, work)
                    accepted, factor = step_factor(error_norm, exponent, rejected)
                    h_abs *= factor
                    rejected = not accepted
                if status != RUNNING:
                    break
                for i in range(n):      # (copies: swapping arrays updates reference counts)
                    y_old[i] = y[i]
                    y[i] = y_new[i]
                    f[i] = K[nstages, i]
                t = t_new
                if direction * (t - tf) >= 0:
                    status = FINISHED
            # the step's interpolant, made once when needed (DOP853: 3 evaluations)
            h_step = t - t_old
            constant = n == 0 or t == t_old
            have_dense = False
            if dense and not constant:      # (scipy: every step's, when dense_output)
                nfev += make_interpolant(slot, rhs, args, dop853, K, P, A_EXTRA, C_EXTRA, D,
                                         nstages, t_old, h, y_old, y, f, Q, work, fbuf)
                have_dense = True
            t_step = t
            # ------------------------------------------------ events (solve_ivp)
            if nevents > 0:
                all_event_values(slot, event_values, t, y, g_new, args)
                count = active_events(g, g_new, event_dir, active)
                if count > 0:
                    if not constant and not have_dense:        # f_old is K[0]
                        nfev += make_interpolant(slot, rhs, args, dop853, K, P, A_EXTRA,
                                                 C_EXTRA, D, nstages, t_old, h, y_old, y, f, Q,
                                                 work, fbuf)
                        have_dense = True
                    for k in range(count):
                        event_count[active[k]] += 1
                    for k in range(count):
                        roots[k] = locate_event(slot, event_value, active[k], dop853, t_old, t,
                                                Q, h_step, y_old, y_end, args)
                    count, terminate = terminal_cut(active, roots, count, event_count,
                                                    max_events, t > t_old)
                    for k in range(count):
                        e = active[k]
                        if found[e] == te_buf.shape[1]:
                            te_buf, ye_buf = grow_events(te_buf, ye_buf)
                        te_buf[e, found[e]] = roots[k]
                        interpolate(dop853, Q, t_old, h_step, y_old, roots[k], y_end)
                        for i in range(n):
                            ye_buf[e, found[e], i] = y_end[i]
                        found[e] += 1
                    if terminate:
                        status = TERMINATED
                        t = roots[count - 1]
                        interpolate(dop853, Q, t_old, h_step, y_old, t, y_end)
                        for i in range(n):      # the output below reads y
                            y[i] = y_end[i]
                for e in range(nevents):
                    g[e] = g_new[e]
            if held(slot):      # (the interpolant's or an event's calls raised)
                status = RAISED
                break
            # ------------------------------------------------ the output (solve_ivp)
            if not with_t_eval:
                # (scipy's donot_append: with dense output, a step ending where the
                # last did -- a terminal event there -- adds no point nor interpolant)
                if not (dense and m > 1 and ts[m - 1] == t):
                    sol = sol_add(sol, t_old, t_step, y if constant else y_old, Q, t)
                    if m == ts.size:
                        ts = _grow_rows(ts, 2 * m)
                        ys = _grow_rows(ys, 2 * m)
                    ts[m] = t
                    for i in range(n):
                        ys[m, i] = y[i]
                    m += 1
            else:
                lo, hi = t_eval_range(t_eval, t_eval_i, t, direction > 0)
                count = hi - lo if direction > 0 else lo - hi
                if count > 0:
                    if not constant and not have_dense:
                        nfev += make_interpolant(slot, rhs, args, dop853, K, P, A_EXTRA,
                                                 C_EXTRA, D, nstages, t_old, h, y_old, y, f, Q,
                                                 work, fbuf)
                        have_dense = True
                    for k in range(count):
                        te = t_eval[lo + k] if direction > 0 else t_eval[lo - 1 - k]
                        ts[m + k] = te
                        if constant:
                            for i in range(n):
                                ys[m + k, i] = y[i]
                        else:
                            interpolate(dop853, Q, t_old, h_step, y_old, te, y_end)
                            for i in range(n):
                                ys[m + k, i] = y_end[i]
                    m += count
                    t_eval_i = hi
                sol = sol_add(sol, t_old, t_step, y if constant else y_old, Q, t)
        y_out = np.empty((n, m), dtype)
        for k in range(m):
            for i in range(n):
                y_out[i, k] = ys[k, i]
        return ts[:m].copy(), y_out, nfev, status, te_buf, ye_buf, found, sol_finish(sol)
    return solve


@njit(cache=True)
def checked_first_step(first_step, t0, tf):
    """scipy's validate_first_step (after the first evaluation, as scipy)."""
    if first_step <= 0:
        raise ValueError("`first_step` must be positive.")
    if first_step > abs(tf - t0):
        raise ValueError("`first_step` exceeds bounds.")
    return float(first_step)
