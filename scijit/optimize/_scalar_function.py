"""The objective of ``minimize`` as scipy's ``ScalarFunction`` sees it: memoised
values and gradients at one point, finite differences, and scipy's counts.

scipy's gradient methods never call the user's function directly: they ask
a ``ScalarFunction`` for ``fun(x)`` and ``grad(x)``, which keeps the last
point, its value and its gradient, re-evaluates only when ``x`` changed
(``np.array_equal``), and counts ``nfev`` (values, finite-difference
evaluations included) and ``ngev`` (gradients, finite-difference ones
included).  With ``jac=True`` the user's function returns ``(f, g)`` and
scipy's ``MemoizeJac`` keeps the last pair: a gradient asked at the point
last evaluated costs no call.  Reproducing that bookkeeping is what makes
``nfev``/``njev`` equal to scipy's.

The user's functions are reached through one glue (``objective_glue``),
compiled per user function in the caller and called through a pointer
(:mod:`lowering.pointers`) with the exception held (:mod:`lowering.held`):

``glue(x, g, args, want) -> float``
    ``want`` VALUE: ``fun(x, *args)`` as a float (scipy's scalar check);
    GRADIENT: ``jac(x, *args)`` copied into ``g``; BOTH (``jac=True``):
    ``f, grad = fun(x, *args)``, the gradient into ``g``, ``f`` returned.
    With a Hessian (Newton-CG's ``hess`` or ``hessp``; a glue of its own,
    so the other methods' glues are unchanged): HESSIAN: ``hess(x, *args)``,
    an (n, n) array, copied row by row into ``g`` of n * n elements;
    HESSP: ``hessp(x, p, *args)`` with ``p`` read from ``g`` and the product
    written back into it.

The solver state is four arrays (no per-call allocation; few arrays, since
every call passing the state counts the references of each):
``(V, values, flags, full)``: the rows of ``V`` are the memoised point and
gradient, MemoizeJac's pair, the copy of ``x`` handed to the user (scipy
hands a copy: a user writing into it changes nothing), the
finite-difference steps (``eps`` or ``finite_diff_rel_step`` per component)
and the bounds the differences keep to (``approx_derivative``'s
``bounds``); ``values`` = [f, memo_f]; ``flags`` (below); ``full`` is empty,
or, when ``minimize`` removed the variables its bounds fix (scipy's
``_Remove_From_Func``), the point the user's function is called at (the
fixed values) and where the solver's variables go in it.
"""
import functools

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import type_only
from lowering.held import held
from lowering.pointers import function_pointer, pointer_caller
from scijit_types.errors import FormattedError

from ._blas import dot

__all__ = ["GRAD_CALLABLE", "GRAD_MEMO", "GRAD_ABS_STEP", "GRAD_2POINT", "GRAD_3POINT",
           "objective_glue", "objective_pointer", "new_state", "bounded_state", "sf_fun", "sf_grad",
           "sf_fun_and_grad_into", "evaluate", "counts", "value_at_fixed_point",
           "MinimizeValueError", "HESSIAN", "HESSP", "sf_hess", "user_hessp", "difference_hessp"]

#: how the gradient is obtained (scipy's ``jac`` after ``minimize``'s reading)
GRAD_CALLABLE = 0       # jac is a function
GRAD_MEMO = 1           # jac=True: fun returns (f, g) (scipy's MemoizeJac)
GRAD_ABS_STEP = 2       # jac None: 2-point differences with the absolute step ``eps``
GRAD_2POINT = 3         # jac='2-point': relative step
GRAD_3POINT = 4         # jac='3-point': relative step, central
#: what the glue is asked for
VALUE, GRADIENT, BOTH = 0, 1, 2
#: what the glue of a function with a Hessian is asked for besides (Newton-CG)
HESSIAN, HESSP = 3, 4

# flags: [f_updated, g_updated, nfev, ngev, memo_valid, kind, has_rel_step, bounded]
_F_UPDATED, _G_UPDATED, _NFEV, _NGEV, _MEMO_VALID, _KIND, _HAS_REL, _BOUNDED = range(8)
# (and ScalarFunction's H_updated, read only by Newton-CG's callable hess)
_H_UPDATED = 8
# rows of V
_X, _G, _MEMO_X, _MEMO_G, _XCALL, _STEPS, _LB, _UB = range(8)

EPS = np.finfo(np.float64).eps
#: scipy's _eps_for_method for float64
_RSTEP_2POINT = EPS ** 0.5
_RSTEP_3POINT = EPS ** (1 / 3)


class MinimizeValueError(FormattedError, ValueError):
    """A ValueError of ``minimize`` (scipy's wording where scipy has one)."""


# ---------------------------------------------------------------- the glue
def objective_value(value):
    """The user's objective value as a float (scipy: a scalar, or an array
    of one element)."""


@overload(objective_value)
def _objective_value(value):
    if isinstance(value, (types.Float, types.Integer, types.Boolean)):
        return lambda value: float(value)
    if isinstance(value, types.Array) and isinstance(value.dtype, (types.Float, types.Integer,
                                                                   types.Boolean)):
        def impl(value):
            if value.size != 1:
                raise MinimizeValueError("The user-provided objective function must return a "
                                         "scalar value.")
            return float(value.reshape(1)[0])
        return impl
    raise TypingError("minimize: the objective function must return a real number, got %s"
                      % value)


def copy_gradient(value, g):
    """Copy the user's gradient into ``g`` (a ValueError when its length is
    not ``g``'s)."""


@overload(copy_gradient)
def _copy_gradient(value, g):
    if isinstance(value, types.Array) and isinstance(value.dtype, (types.Float, types.Integer,
                                                                   types.Boolean)):
        def impl(value, g):
            if value.size != g.size:
                raise MinimizeValueError("minimize: the gradient has %d elements, x0 has %d",
                                         value.size, g.size)
            flat = value.reshape(value.size)
            for i in range(g.size):
                g[i] = flat[i]
        return impl
    if isinstance(value, types.BaseTuple) and all(
            isinstance(t, (types.Float, types.Integer, types.Boolean)) for t in value):
        count = len(value)

        def impl(value, g):
            if count != g.size:
                raise MinimizeValueError("minimize: the gradient has %d elements, x0 has %d",
                                         count, g.size)
            for i in range(count):
                g[i] = value[i]
        return impl
    raise TypingError("minimize: the gradient must be an array of real numbers, got %s"
                      % value)


def objective_glue(fun, jac, hess=None, hessp=None):
    """The @njit glue ``(x, g, args, want) -> float`` of the user's ``fun``
    and ``jac`` (an @njit function, True, or None), compiled per user
    function in the caller (see the module's docstring); with ``hess`` or
    ``hessp`` (Newton-CG's @njit functions) one that also answers HESSIAN
    and HESSP.  One glue object per combination (memoised)."""
    if hess is not None or hessp is not None:
        return _glue_with_hessian(_objective_glue(fun, jac), hess, hessp)
    return _objective_glue(fun, jac)


@functools.lru_cache(maxsize=None)
def _objective_glue(fun, jac):
    if jac is True:
        @njit
        def glue(x, g, args, want):
            pair = fun(x, *args)
            copy_gradient(pair[1], g)
            return objective_value(pair[0])
    elif jac is None:
        @njit
        def glue(x, g, args, want):
            return objective_value(fun(x, *args))
    else:
        @njit
        def glue(x, g, args, want):
            if want == GRADIENT:
                copy_gradient(jac(x, *args), g)
                return 0.0
            return objective_value(fun(x, *args))
    return glue


@functools.lru_cache(maxsize=None)
def _glue_with_hessian(glue, hess, hessp):
    """``glue`` answering HESSIAN with ``hess`` and HESSP with ``hessp``
    (either may be None: that request is then never made)."""
    if hess is not None:
        @njit
        def glue_h(x, g, args, want):
            if want == HESSIAN:
                copy_hessian(hess(x, *args), g)
                return 0.0
            return glue(x, g, args, want)
    else:
        @njit
        def glue_h(x, g, args, want):
            if want == HESSP:
                copy_product(hessp(x, g, *args), g)
                return 0.0
            return glue(x, g, args, want)
    return glue_h


def copy_hessian(value, out):
    """Copy the user's (n, n) Hessian into ``out`` (n * n elements, row by
    row; a ValueError naming its shape otherwise)."""


@overload(copy_hessian)
def _copy_hessian(value, out):
    if isinstance(value, types.Array) and value.ndim == 2 and isinstance(
            value.dtype, (types.Float, types.Integer, types.Boolean)):
        def impl(value, out):
            rows, cols = value.shape
            if rows * cols != out.size or rows != cols:
                raise MinimizeValueError("minimize: 'hess' returned a %d x %d array, expected "
                                         "%d x %d", rows, cols, int(np.sqrt(out.size)),
                                         int(np.sqrt(out.size)))
            for i in range(rows):
                for j in range(cols):
                    out[i * cols + j] = value[i, j]
        return impl
    raise TypingError("minimize: 'hess' must return a 2-D array of real numbers (the (n, n) "
                      "Hessian), got %s" % value)


def copy_product(value, out):
    """Copy the user's Hessian-vector product into ``out`` (scipy squeezes
    it: any shape of ``out.size`` elements)."""


@overload(copy_product)
def _copy_product(value, out):
    if isinstance(value, types.Array) and isinstance(value.dtype, (types.Float, types.Integer,
                                                                   types.Boolean)):
        def impl(value, out):
            if value.size != out.size:
                raise MinimizeValueError("minimize: 'hessp' returned %d elements, x0 has %d",
                                         value.size, out.size)
            # (the product may alias p, which is ``out``: read it all first)
            product = np.ravel(value).copy()
            for i in range(out.size):
                out[i] = product[i]
        return impl
    raise TypingError("minimize: 'hessp' must return an array of real numbers, got %s" % value)


def objective_pointer(glue):
    """An inline ``(x, args) -> pointer`` giving the address of ``glue``
    compiled for these argument types (:func:`lowering.pointers.function_pointer`)."""
    @njit(inline="always")
    def pointer(x, args):
        return function_pointer(type_only(glue), (x, x, args, 0))
    return pointer


#: ``call(slot, glue, x, g, args, want)``: the glue called, its exception held
call = pointer_caller(4, held=True)


# ---------------------------------------------------------------- the state
@njit(cache=True)
def new_state(x0, kind, steps, has_rel_step):
    """A ScalarFunction's state at ``x0`` (nothing evaluated yet); ``steps``
    the finite-difference steps per component (``eps`` for GRAD_ABS_STEP, the
    relative steps when ``has_rel_step``); no bounds."""
    n = x0.size
    return bounded_state(x0, kind, steps, has_rel_step, np.full(n, -np.inf),
                         np.full(n, np.inf), np.empty((0, 0)))


@njit(cache=True)
def bounded_state(x0, kind, steps, has_rel_step, lb, ub, full):
    """:func:`new_state` with the bounds ``lb``, ``ub`` that finite
    differences keep to, and ``full``: empty (0, 0), or (3, N) when variables
    were removed: row 0 the user's point (the fixed values), row 1 nonzero
    where the solver's variables go, in order, row 2 room for the user's
    whole gradient."""
    n = x0.size
    V = np.zeros((8, n))
    bounded = False
    for i in range(n):
        V[_X, i] = x0[i]
        V[_STEPS, i] = steps[i]
        V[_LB, i] = lb[i]
        V[_UB, i] = ub[i]
        if not (lb[i] == -np.inf and ub[i] == np.inf):
            bounded = True
    flags = np.zeros(9, np.int64)
    flags[_KIND] = kind
    flags[_HAS_REL] = has_rel_step
    flags[_BOUNDED] = bounded
    return V, np.zeros(2), flags, full


@njit(cache=True)
def counts(state):
    """``(nfev, ngev)`` as scipy's ScalarFunction reports them."""
    flags = state[2]
    return flags[_NFEV], flags[_NGEV]


@njit
def evaluate(slot, glue, args, state, x, want):
    """The glue at a copy of ``x`` (scipy hands the user a copy); a gradient
    into the state's ``g`` (``want`` GRADIENT) or MemoizeJac's ``memo_g``
    (BOTH)."""
    V, full = state[0], state[3]
    if full.size > 0:
        # the removed variables' fixed values around the solver's (scipy's
        # _Remove_From_Func); a gradient comes back whole in full's row 2
        # and only the solver's variables of it are kept
        k = 0
        for j in range(full.shape[1]):
            if full[1, j] != 0:
                full[0, j] = x[k]
                k += 1
        value = call(slot, glue, full[0], full[2], args, want)
        if want != VALUE:
            out = V[_MEMO_G] if want == BOTH else V[_G]
            k = 0
            for j in range(full.shape[1]):
                if full[1, j] != 0:
                    out[k] = full[2, j]
                    k += 1
        return value
    for i in range(x.size):
        V[_XCALL, i] = x[i]
    return call(slot, glue, V[_XCALL], V[_MEMO_G] if want == BOTH else V[_G], args, want)


@njit
def value_at_fixed_point(slot, glue, args, state):
    """``fun`` at the point every variable of which the bounds fix (the
    state's ``full``; scipy's ``_optimize_result_for_equal_bounds``), a
    gradient the glue may give dropped."""
    full = state[3]
    return call(slot, glue, full[0], np.empty(full.shape[1]), args, VALUE)


@njit
def _memo_value(slot, glue, args, state, x):
    """scipy's MemoizeJac: ``(f, g)`` at ``x``, the user called only when
    ``x`` is not the point it last evaluated."""
    V, values, flags = state[0], state[1], state[2]
    if flags[_MEMO_VALID] == 0 or not _equal_row(x, V, _MEMO_X):
        f = evaluate(slot, glue, args, state, x, BOTH)
        for i in range(x.size):
            V[_MEMO_X, i] = x[i]
        values[1] = f
        flags[_MEMO_VALID] = 1
    return values[1]


@njit(cache=True)
def _equal_row(a, V, row):
    """np.array_equal of ``a`` and ``V[row]`` (NaN unequal)."""
    for i in range(a.size):
        if not a[i] == V[row, i]:
            return False
    return True


@njit
def _update_x(state, x):
    V, flags = state[0], state[2]
    for i in range(x.size):
        V[_X, i] = x[i]
    flags[_F_UPDATED] = 0
    flags[_G_UPDATED] = 0
    flags[_H_UPDATED] = 0


@njit
def _update_fun(slot, glue, args, state):
    V, values, flags = state[0], state[1], state[2]
    if flags[_F_UPDATED] == 0:
        if flags[_KIND] == GRAD_MEMO:
            fx = _memo_value(slot, glue, args, state, V[_X])
        else:
            fx = evaluate(slot, glue, args, state, V[_X], VALUE)
        flags[_NFEV] += 1
        values[0] = fx
        flags[_F_UPDATED] = 1


@njit
def _update_grad(slot, glue, args, state):
    V, flags = state[0], state[2]
    if flags[_G_UPDATED] != 0:
        return
    kind = flags[_KIND]
    if kind == GRAD_CALLABLE:
        evaluate(slot, glue, args, state, V[_X], GRADIENT)
    elif kind == GRAD_MEMO:
        _memo_value(slot, glue, args, state, V[_X])
        for i in range(V.shape[1]):
            V[_G, i] = V[_MEMO_G, i]
    else:
        _update_fun(slot, glue, args, state)
        flags[_NFEV] += _difference_gradient(slot, glue, args, state)
    flags[_NGEV] += 1
    flags[_G_UPDATED] = 1


@njit
def sf_fun(slot, glue, args, state, x):
    """scipy's ``ScalarFunction.fun(x)``."""
    if not _equal_row(x, state[0], _X):
        _update_x(state, x)
    _update_fun(slot, glue, args, state)
    return state[1][0]


@njit
def sf_grad(slot, glue, args, state, x):
    """scipy's ``ScalarFunction.grad(x)``: the state's ``g`` (a view: copy
    what must survive the next evaluation)."""
    if not _equal_row(x, state[0], _X):
        _update_x(state, x)
    _update_grad(slot, glue, args, state)
    return state[0][_G]


@njit
def sf_fun_and_grad_into(slot, glue, args, state, x, g):
    """scipy's ``ScalarFunction.fun_and_grad(x)``: f returned, the gradient
    copied into ``g``.  ``x`` is compared with the memoised point once (not
    once for f and once for g: at a NaN point, never equal to itself, that
    would evaluate f twice)."""
    if not _equal_row(x, state[0], _X):
        _update_x(state, x)
    _update_fun(slot, glue, args, state)
    _update_grad(slot, glue, args, state)
    grad = state[0][_G]
    for i in range(g.size):
        g[i] = grad[i]
    return state[1][0]


# ---------------------------------------------------------------- finite differences
@njit(cache=True)
def fd_step(x, i, kind, steps, has_rel_step):
    """scipy's step for component ``i`` (``approx_derivative`` without bounds:
    ``_compute_absolute_step``, or the absolute ``eps`` with its fallback where
    ``x + h == x``)."""
    rstep = _RSTEP_3POINT if kind == GRAD_3POINT else _RSTEP_2POINT
    xi = x[i]
    sign = 1.0 if xi >= 0 else -1.0
    a = abs(xi)
    scale = 1.0 if a < 1.0 else a       # np.maximum(1.0, |x|): NaN stays NaN
    if kind == GRAD_ABS_STEP or has_rel_step:
        h = steps[i] if kind == GRAD_ABS_STEP else steps[i] * sign * a
        if (xi + h) - xi == 0:
            h = rstep * sign * scale
    else:
        h = rstep * sign * scale
    if kind == GRAD_3POINT:             # the central scheme ignores the sign
        h = abs(h)
    return h


@njit(cache=True)
def _np_max(a, b):
    """np.maximum of two numbers (NaN if either is)."""
    return a if a != a or a >= b else b


@njit(cache=True)
def _np_min(a, b):
    """np.minimum of two numbers (NaN if either is)."""
    return a if a != a or a <= b else b


@njit(cache=True)
def step_within_bounds(h, xi, lb, ub, central):
    """scipy's ``_adjust_scheme_to_bounds`` for one component and one step:
    ``(h, one_sided)``.  Forward differences (``central`` False) turn the
    step round, or shorten it to the farther bound, where ``xi + h`` leaves
    the bounds; central ones (``h >= 0``) become one-sided, or shorter, where
    ``xi +- h`` would."""
    lower = xi - lb
    upper = ub - xi
    if not central:
        x = xi + h
        fitting = abs(h) <= _np_max(lower, upper)
        if (x < lb or x > ub) and fitting:
            h = -h
        if not fitting:
            if upper >= lower:
                h = upper
            elif upper < lower:
                h = -lower
        return h, True
    if lower >= h and upper >= h:
        return h, False
    one_sided = False
    adjusted = h
    if upper >= lower:
        adjusted = _np_min(h, 0.5 * upper)
        one_sided = True
    elif upper < lower:
        adjusted = -_np_min(h, 0.5 * lower)
        one_sided = True
    if abs(adjusted) <= _np_min(upper, lower):
        adjusted = _np_min(upper, lower)
        one_sided = False
    return adjusted, one_sided


@njit
def _difference_gradient(slot, glue, args, state):
    """The gradient at the state's ``x`` by scipy's dense differences from its
    value ``f0`` (2-point forward, or 3-point central; within the bounds as
    ``approx_derivative`` keeps them); the evaluations made."""
    V, values, flags = state[0], state[1], state[2]
    kind = flags[_KIND]
    f0 = values[0]
    x = V[_X]
    xt = V[_MEMO_X]         # (MemoizeJac's point: unused without jac=True)
    for i in range(x.size):
        xt[i] = x[i]
    nfev = 0
    for i in range(x.size):
        h = fd_step(x, i, kind, V[_STEPS], flags[_HAS_REL])
        one_sided = kind != GRAD_3POINT
        if flags[_BOUNDED]:
            h, one_sided = step_within_bounds(h, x[i], V[_LB, i], V[_UB, i],
                                              kind == GRAD_3POINT)
        if kind == GRAD_3POINT and one_sided:
            xt[i] = x[i] + h
            f1 = evaluate(slot, glue, args, state, xt, VALUE)
            xt[i] = x[i] + 2 * h
            f2 = evaluate(slot, glue, args, state, xt, VALUE)
            V[_G, i] = (-3.0 * f0 + 4 * f1 - f2) / ((x[i] + 2 * h) - x[i])
            nfev += 2
        elif kind == GRAD_3POINT:
            xt[i] = x[i] - h
            f1 = evaluate(slot, glue, args, state, xt, VALUE)
            xt[i] = x[i] + h
            f2 = evaluate(slot, glue, args, state, xt, VALUE)
            V[_G, i] = (f2 - f1) / ((x[i] + h) - (x[i] - h))
            nfev += 2
        else:
            xt[i] = x[i] + h
            f1 = evaluate(slot, glue, args, state, xt, VALUE)
            V[_G, i] = (f1 - f0) / ((x[i] + h) - x[i])
            nfev += 1
        xt[i] = x[i]
        if held(slot):
            break
    return nfev


# ---------------------------------------------------------------- Hessians (Newton-CG)
@njit
def sf_hess(slot, glue, args, state, x, H):
    """scipy's ``ScalarFunction.hess(x)`` for a callable ``hess``: the user's
    Hessian at ``x`` into ``H`` (n * n, row by row) unless the one there is
    already at ``x`` (scipy's ``H_updated``, cleared whenever ``x`` moves)."""
    V, flags = state[0], state[2]
    if not _equal_row(x, V, _X):
        _update_x(state, x)
    if flags[_H_UPDATED] == 0:
        for i in range(x.size):
            V[_XCALL, i] = x[i]
        call(slot, glue, V[_XCALL], H, args, HESSIAN)
        flags[_H_UPDATED] = 1


@njit
def user_hessp(slot, glue, args, state, x, p, out):
    """The user's ``hessp(x, p, *args)`` into ``out`` (not through the
    ScalarFunction: scipy calls it directly, and counts it itself)."""
    V = state[0]
    for i in range(x.size):
        V[_XCALL, i] = x[i]
        out[i] = p[i]
    call(slot, glue, V[_XCALL], out, args, HESSP)


@njit
def _gradient_into(slot, glue, args, state, x, out):
    """scipy's gradient wrapper called directly (as ``approx_derivative``
    does for a differenced Hessian): the gradient at ``x`` into ``out``,
    counted in ngev, the ScalarFunction's point and gradient untouched
    (MemoizeJac's pair updated)."""
    V, flags = state[0], state[2]
    if flags[_KIND] == GRAD_MEMO:
        _memo_value(slot, glue, args, state, x)
        for i in range(x.size):
            out[i] = V[_MEMO_G, i]
    else:
        for i in range(x.size):
            V[_XCALL, i] = x[i]
        call(slot, glue, V[_XCALL], out, args, GRADIENT)
    flags[_NGEV] += 1


@njit(error_model="numpy")
def difference_hessp(slot, glue, args, state, p, out, central, x1, g1, g2):
    """``hess='2-point'``/``'3-point'``: scipy's ``ScalarFunction.hess(x).dot(p)``
    at the state's point, the linear operator ``approx_derivative`` makes
    (``_linear_operator_difference``): the gradient differenced along ``p``
    with the step ``h / |p|`` (h scipy's ``_eps_for_method``), from the
    state's gradient (forward) or centrally.  ``x1``, ``g1``, ``g2``: scratch
    of n."""
    V = state[0]
    n = p.size
    zero = True
    for i in range(n):
        if p[i] != 0:
            zero = False
    if zero:
        for i in range(n):
            out[i] = 0.0
        return
    norm = np.sqrt(dot(p, p))           # numpy.linalg.norm: sqrt of BLAS ddot
    if not central:
        dx = _RSTEP_2POINT / norm
        for i in range(n):
            x1[i] = V[_X, i] + dx * p[i]
        _gradient_into(slot, glue, args, state, x1, g1)
        for i in range(n):
            out[i] = (g1[i] - V[_G, i]) / dx
        return
    dx = 2 * _RSTEP_3POINT / norm
    for i in range(n):
        x1[i] = V[_X, i] - (dx / 2) * p[i]
    _gradient_into(slot, glue, args, state, x1, g1)
    if held(slot):
        return
    for i in range(n):
        x1[i] = V[_X, i] + (dx / 2) * p[i]
    _gradient_into(slot, glue, args, state, x1, g2)
    for i in range(n):
        out[i] = (g2[i] - g1[i]) / dx
