"""The elements of scipy 1.17's elementwise root finding and minimisation:
Chandrupatla's root finder and minimiser and the bracket searches, as
``scipy.optimize.elementwise`` runs them.

scipy runs each algorithm on arrays: every iteration evaluates ``f`` once on
the elements still active, then a termination check removes the elements
that stopped (``scipy._lib._elementwise_iterative_method._loop``).  The
elements never interact (bracket_root's two one-sided searches of one
element do, and are run together here), and the iteration and evaluation
counters an element reports are the loop's counters at the check that
stopped it.  So an element solved on its own, with scipy's arithmetic in
scipy's order, gives scipy's doubles, ``nit``, ``nfev`` and ``status``; the
kernels below are that, as numba code: find_root and find_minimum on blocks
of elements (see BLOCK), the bracket searches one element after the other.

Each kernel is ``kernel(f, inputs, args, params, order, lo, hi, status,
nfev, nit, values)``: it solves the elements ``order[lo:hi]``, ``inputs`` a
tuple of flat float64 arrays (the broadcast initial points, limits and
factors), ``args`` the flat args, ``params`` the routine's scalars, and
writes each element's status, counts and values (``values[k, i]`` the k-th
of :data:`VALUE_NAMES`).  The arithmetic follows numpy's rules where they
differ from Python's: ``np.sign``, ``np.minimum`` (NaN wins), array-API
``clip``, and a division by zero gives inf or NaN (compiled with
``error_model="numpy"``).
"""
import math

import numpy as np
from numba import njit, types
from numba.extending import overload

from lowering.callback import callback
from lowering.transforms import Returned

from .. import _arguments as A

__all__ = ["CONVERGED", "SIGN_ERROR", "MAXITER", "VALUE_ERROR", "CALLBACK", "INPUT_ERROR",
           "LIMITS", "IN_PROGRESS", "BLOCK", "VALUE_NAMES", "KERNELS", "as_real", "element_args"]

#: scipy's statuses (scipy._lib._elementwise_iterative_method, scipy.optimize._bracket)
CONVERGED, SIGN_ERROR, MAXITER, VALUE_ERROR, CALLBACK, INPUT_ERROR = 0, -1, -2, -3, -4, -5
IN_PROGRESS = 1
#: bracket searches: the bracket reached its limits (-1); the other side found one (2)
LIMITS, OTHER_SIDE = -1, 2

#: the result values each kernel returns, in order (the solver's ``values`` rows)
VALUE_NAMES = {
    "find_root": ("x", "f_x", "xl", "xr", "fl", "fr"),
    "find_minimum": ("x", "f_x", "xl", "xm", "xr", "fl", "fm", "fr"),
    "bracket_root": ("xl", "xr", "fl", "fr"),
    "bracket_minimum": ("xl", "xm", "xr", "fl", "fm", "fr"),
}

_NOT_REAL = "Abscissae and function output must be real numbers."
_SHAPE = ("The shape of the array returned by `func` must be the same as the broadcasted "
          "shape of `x` and all other `args`.")


# ---------------------------------------------------------------- the user's function
#: f(x, *args), as the user's function returns it (the transform stack's Returned stage)
_call = callback((Returned(),)).value

# Not inlined (inline=False): a raise inlined into a prange body would keep
# numba from parallelising the loop (parallel=True).
_raise_not_real = A.raiser(ValueError, _NOT_REAL, arity=0, inline=False)
_raise_shape = A.raiser(ValueError, _SHAPE, arity=0, inline=False)


def as_real(value):
    """``f``'s value as a float64; scipy's ValueError for a complex value
    (or another non-number), and its shape error for an array."""


@overload(as_real)
def _as_real(value):
    if value == types.float64:
        return lambda value: value
    if isinstance(value, (types.Float, types.Integer, types.Boolean)):
        return lambda value: float(value)
    fail = _raise_shape if isinstance(value, types.Array) else _raise_not_real

    def impl(value):
        fail()
        return np.nan
    return impl


@njit(inline="always")
def _value(f, x, data):
    return as_real(_call(f, x, data))


# ---------------------------------------------------------------- numpy's arithmetic
# Conditional expressions, not statements: the block loops below stay
# branch-free, so that LLVM vectorises them.  The helpers are cached
# functions of their own: LLVM still inlines them into the loops (numba links
# their IR), and numba types them once instead of at every use (inlined by
# numba they cost about a second more per kernel).
@njit(cache=True, error_model="numpy")
def _sign(v):
    """np.sign: -1, 0 (signed), 1, or NaN."""
    return 1.0 if v > 0.0 else (-1.0 if v < 0.0 else v)


@njit(cache=True, error_model="numpy")
def _minimum(a, b):
    """np.minimum: NaN if either is NaN."""
    return np.nan if (a != a) | (b != b) else (a if a <= b else b)


@njit(cache=True, error_model="numpy")
def _clip(t, lo, hi):
    """scipy's ``xp.clip`` (array_api_compat): raised to ``lo`` where below it
    or where ``lo`` is NaN, then lowered to ``hi`` likewise."""
    t = lo if (t < lo) | (lo != lo) else t
    return hi if (t > hi) | (hi != hi) else t


@njit(cache=True, error_model="numpy")
def _finite(x):
    return abs(x) < np.inf


# ---------------------------------------------------------------- blocks of elements
# find_root and find_minimum solve BLOCK elements at a time, as scipy solves
# all of them: each pass (the step, the evaluations of f, the update and the
# check) runs over the block's elements still in progress, and the elements
# that stopped leave the block (their results are written then).  Element by
# element the arithmetic is the scalar algorithm's, so the results do not
# depend on the blocks; the passes let the CPU overlap the elements' long
# chains of divisions and square roots (and LLVM vectorise them), about three
# times faster than one element after the other.
BLOCK = 128
# The statuses as doubles in the blocks' state: a loop mixing int32 and
# double lanes vectorises worse (about 20% slower).
_CONVERGED, _SIGN_ERROR, _VALUE_ERROR, _IN_PROGRESS = 0.0, -1.0, -3.0, 1.0


@njit(inline="always")
def _element_data(args, i):
    """The callback data of element ``i``: its ``args`` (numbers), as a plain
    tuple in CallbackData's order (the namedtuple keeps LLVM from
    vectorising the loops evaluating ``f``: twice as slow)."""
    return (element_args(args, i), (), False, (), ())


def element_args(args, i):
    """The tuple ``(args[0][i], args[1][i], ...)``: one element's args."""


@overload(element_args)
def _element_args(args, i):
    items = "".join("args[%d][i], " % k for k in range(len(args)))
    scope = {}
    exec("def impl(args, i):\n    return (%s)\n" % items, scope)
    return scope["impl"]


# ---------------------------------------------------------------- find_root
# Chandrupatla (1997): inverse quadratic interpolation through the last three
# points when it is safe (the test on xi1 and phi1), bisection otherwise,
# and the step kept at least tol/2 away from the bracket's ends.

@njit(cache=True, error_model="numpy")
def _root_check(x1, f1, x2, f2, xatol, xrtol, fatol, frtol):
    """scipy's check_termination of _chandrupatla for one element: (status,
    xmin, fmin, dx, tol); status IN_PROGRESS if it goes on."""
    small = abs(f1) < abs(f2)
    xmin = x1 if small else x2
    fmin = f1 if small else f2
    value_met = abs(fmin) <= fatol + frtol                   # the value tolerance, first
    no_bracket = (not value_met) & (_sign(f1) == _sign(f2))
    bad = ((not value_met) & (not no_bracket)
           & ((not (_finite(x1) & _finite(x2))) | ((f1 != f1) & (f2 != f2))))
    xmin = np.nan if no_bracket | bad else xmin
    fmin = np.nan if no_bracket | bad else fmin
    dx = abs(x2 - x1)
    tol = abs(xmin) * xrtol + xatol
    # dx < tol overrides any status in scipy (tol is NaN after the errors)
    status = (_CONVERGED if value_met | (dx < tol) else
              (_SIGN_ERROR if no_bracket else (_VALUE_ERROR if bad else _IN_PROGRESS)))
    return status, xmin, fmin, dx, tol


@njit(cache=True, error_model="numpy")
def _root_step(x1, f1, x2, f2, x3, f3, dx, tol):
    """The next ``t`` (post_termination_check): inverse quadratic
    interpolation where Chandrupatla's condition allows it, else 0.5,
    clipped to [tl, 1 - tl]."""
    xi1 = (x1 - x2) / (x3 - x2)
    phi1 = (f1 - f2) / (f3 - f2)
    alpha = (x3 - x1) / (x2 - x1)
    t = (f1 / (f1 - f2) * f3 / (f3 - f2)
         - alpha * f1 / (f3 - f1) * f2 / (f2 - f3))
    t = t if ((1 - np.sqrt(1 - xi1)) < phi1) & (phi1 < np.sqrt(xi1)) else 0.5
    tl = 0.5 * tol / dx
    return _clip(t, tl, 1 - tl)


@njit(error_model="numpy")
def find_root_block(f, inputs, args, params, order, lo, hi, status, nfev, nit, values):
    """find_root for the elements ``order[lo:hi]``: params (xatol, xrtol,
    fatol, frtol, maxiter); writes each element's status, nfev, nit and
    values (x, f_x, xl, xr, fl, fr)."""
    xatol, xrtol, fatol, frtol, maxiter = params
    a, b = inputs
    idx = np.empty(BLOCK, np.int64)
    x1 = np.empty(BLOCK)
    f1 = np.empty(BLOCK)
    x2 = np.empty(BLOCK)
    f2 = np.empty(BLOCK)
    x3 = np.empty(BLOCK)
    f3 = np.empty(BLOCK)
    x = np.empty(BLOCK)
    fx = np.empty(BLOCK)
    xmin = np.empty(BLOCK)
    fmin = np.empty(BLOCK)
    dx = np.empty(BLOCK)
    tol = np.empty(BLOCK)
    frt = np.empty(BLOCK)
    state = np.empty(BLOCK)
    for start in range(lo, hi, BLOCK):
        m = min(BLOCK, hi - start)
        for j in range(m):
            idx[j] = order[start + j]
            x1[j] = a[idx[j]]
            x2[j] = b[idx[j]]
        for j in range(m):                      # scipy's order: f(a) for all, then f(b)
            f1[j] = _value(f, x1[j], _element_data(args, idx[j]))
        for j in range(m):
            f2[j] = _value(f, x2[j], _element_data(args, idx[j]))
        stops = 0
        for j in range(m):
            # x3, f3 are read (and discarded) by the first step: NaN, never the
            # leftovers of np.empty (a subnormal there makes the divisions slow)
            x3[j] = f3[j] = np.nan
            frt[j] = frtol * _minimum(abs(f1[j]), abs(f2[j]))
            state[j], xmin[j], fmin[j], dx[j], tol[j] = _root_check(
                x1[j], f1[j], x2[j], f2[j], xatol, xrtol, fatol, frt[j])
            stops += state[j] != _IN_PROGRESS
        it = 0
        while True:
            if stops > 0 or it >= maxiter:      # the stopped elements leave the block
                k = 0
                for j in range(m):
                    s = state[j] if state[j] != _IN_PROGRESS else (
                        MAXITER if it >= maxiter else _IN_PROGRESS)
                    if s != _IN_PROGRESS:
                        i = idx[j]
                        left = x1[j] < x2[j]
                        values[0, i] = xmin[j]
                        values[1, i] = fmin[j]
                        values[2, i] = x1[j] if left else x2[j]
                        values[3, i] = x2[j] if left else x1[j]
                        values[4, i] = f1[j] if left else f2[j]
                        values[5, i] = f2[j] if left else f1[j]
                        nfev[i] = 2 + it
                        nit[i] = it
                        status[i] = np.int32(s)
                    else:
                        idx[k] = idx[j]
                        x1[k], f1[k], x2[k], f2[k], x3[k], f3[k] = (x1[j], f1[j], x2[j],
                                                                    f2[j], x3[j], f3[j])
                        dx[k], tol[k], frt[k] = dx[j], tol[j], frt[j]
                        k += 1
                m = k
                if m == 0:
                    break
            for j in range(m):                  # the next point: bisection first
                # (the step computed, then discarded at the first iteration: no
                # branch in the loop, which LLVM then vectorises)
                t = _root_step(x1[j], f1[j], x2[j], f2[j], x3[j], f3[j], dx[j], tol[j])
                t = 0.5 if it == 0 else t
                x[j] = x1[j] + t * (x2[j] - x1[j])
            for j in range(m):
                fx[j] = _value(f, x[j], _element_data(args, idx[j]))
            it += 1
            stops = 0
            for j in range(m):                  # keep the bracket in (x1, x2), check
                # (read into locals, then stored: LLVM cannot tell the arrays
                # apart, and a store between loads keeps it from vectorising)
                u, fu, u1, fu1, u2, fu2 = x[j], fx[j], x1[j], f1[j], x2[j], f2[j]
                same = _sign(fu) == _sign(fu1)
                u3 = u1 if same else u2
                fu3 = fu1 if same else fu2
                u2 = u2 if same else u1
                fu2 = fu2 if same else fu1
                st, xm, fm, d, tl = _root_check(u, fu, u2, fu2, xatol, xrtol, fatol, frt[j])
                x1[j], f1[j], x2[j], f2[j], x3[j], f3[j] = u, fu, u2, fu2, u3, fu3
                state[j], xmin[j], fmin[j], dx[j], tol[j] = st, xm, fm, d, tl
                stops += st != _IN_PROGRESS


# ---------------------------------------------------------------- find_minimum
# Chandrupatla (1998), as scipy has it: the minimum of the parabola through
# the three points when it is close to the previous one, else a golden
# section of the larger interval; convergence on the interval or on the
# curvature of the values.

@njit(cache=True, error_model="numpy")
def _lt(a, b):
    """a before b in numpy's sort order (NaN last)."""
    return (a < b) | ((b != b) & (a == a))


@njit(cache=True, error_model="numpy")
def _sorted3(a, b, c, fa, fb, fc):
    """The three points in ascending order with their values: np.argsort's
    order (stable, NaN last), by insertion as numpy sorts three."""
    if _lt(b, a):
        a, b, fa, fb = b, a, fb, fa
    if _lt(c, b):
        b, c, fb, fc = c, b, fc, fb
        if _lt(b, a):
            a, b, fa, fb = b, a, fb, fa
    return a, b, c, fa, fb, fc


@njit(cache=True, error_model="numpy")
def _minimum_check(x1, x2, x3, f1, f2, f3, xatol, xrtol, fatol, frtol):
    """scipy's check_termination of _chandrupatla_minimize for one element:
    (status, x1, x2, x3, f1, f2, f3, xtol), (x2, x3) made the larger interval."""
    no_bracket = (f2 > f1) | (f2 > f3)
    x2 = np.nan if no_bracket else x2
    f2 = np.nan if no_bracket else f2
    bad = (not no_bracket) & (not _finite(x1 + x2 + x3 + f1 + f2 + f3))
    x2 = np.nan if bad else x2
    f2 = np.nan if bad else f2
    status = _SIGN_ERROR if no_bracket else (_VALUE_ERROR if bad else _IN_PROGRESS)
    swap = abs(x3 - x2) < abs(x2 - x1)
    x1, x3 = (x3, x1) if swap else (x1, x3)
    f1, f3 = (f3, f1) if swap else (f1, f3)
    xtol = abs(x2) * xrtol + xatol
    ftol = abs(f2) * frtol + fatol
    met = (abs(x3 - x2) <= 2 * xtol) | ((f1 - 2 * f2 + f3) <= 2 * ftol)
    status = _CONVERGED if met & (not (no_bracket | bad)) else status
    return status, x1, x2, x3, f1, f2, f3, xtol


@njit(cache=True, error_model="numpy")
def _minimum_step(x1, x2, x3, f1, f2, f3, q0, xtol, phi):
    """scipy's pre_func_eval: (the next point, the parabola's minimum)."""
    x21 = x2 - x1
    x32 = x3 - x2
    A_ = x21 * (f3 - f2)
    B_ = x32 * (f1 - f2)
    C_ = A_ / (A_ + B_)
    q1 = 0.5 * (C_ * (x1 - x3) + x2 + x3)                    # the parabola's minimum
    near = abs(q1 - x2) <= xtol                              # at least xtol away from x2
    xi = x2 + _sign(x32) * xtol if near else q1
    # close to the last one: take it; else a golden section of (x2, x3)
    x = xi if abs(q1 - q0) < 0.5 * abs(x21) else x2 + (2 - phi) * x32
    return x, q1


@njit(error_model="numpy")
def find_minimum_block(f, inputs, args, params, order, lo, hi, status, nfev, nit, values):
    """find_minimum for the elements ``order[lo:hi]``: params (xatol, xrtol,
    fatol, frtol, maxiter); values (x, f_x, xl, xm, xr, fl, fm, fr)."""
    xatol, xrtol, fatol, frtol, maxiter = params
    p1, p2, p3 = inputs
    phi = 0.5 + 0.5 * 5 ** 0.5                                # the golden ratio
    idx = np.empty(BLOCK, np.int64)
    x1 = np.empty(BLOCK)
    f1 = np.empty(BLOCK)
    x2 = np.empty(BLOCK)
    f2 = np.empty(BLOCK)
    x3 = np.empty(BLOCK)
    f3 = np.empty(BLOCK)
    q0 = np.empty(BLOCK)
    xtol = np.empty(BLOCK)
    x = np.empty(BLOCK)
    fx = np.empty(BLOCK)
    state = np.empty(BLOCK)
    for start in range(lo, hi, BLOCK):
        m = min(BLOCK, hi - start)
        for j in range(m):
            idx[j] = order[start + j]
            x1[j] = p1[idx[j]]
            x2[j] = p2[idx[j]]
            x3[j] = p3[idx[j]]
        for j in range(m):                      # scipy's order: f(x1), f(x2), f(x3)
            f1[j] = _value(f, x1[j], _element_data(args, idx[j]))
        for j in range(m):
            f2[j] = _value(f, x2[j], _element_data(args, idx[j]))
        for j in range(m):
            f3[j] = _value(f, x3[j], _element_data(args, idx[j]))
        stops = 0
        for j in range(m):
            x1[j], x2[j], x3[j], f1[j], f2[j], f3[j] = _sorted3(x1[j], x2[j], x3[j],
                                                                f1[j], f2[j], f3[j])
            q0[j] = x3[j]
            state[j], x1[j], x2[j], x3[j], f1[j], f2[j], f3[j], xtol[j] = _minimum_check(
                x1[j], x2[j], x3[j], f1[j], f2[j], f3[j], xatol, xrtol, fatol, frtol)
            stops += state[j] != _IN_PROGRESS
        it = 0
        while True:
            if stops > 0 or it >= maxiter:      # the stopped elements leave the block
                k = 0
                for j in range(m):
                    s = state[j] if state[j] != _IN_PROGRESS else (
                        MAXITER if it >= maxiter else _IN_PROGRESS)
                    if s != _IN_PROGRESS:
                        i = idx[j]
                        swap = x1[j] >= x3[j]   # scipy's customize_result
                        values[0, i] = x2[j]
                        values[1, i] = f2[j]
                        values[2, i] = x3[j] if swap else x1[j]
                        values[3, i] = x2[j]
                        values[4, i] = x1[j] if swap else x3[j]
                        values[5, i] = f3[j] if swap else f1[j]
                        values[6, i] = f2[j]
                        values[7, i] = f1[j] if swap else f3[j]
                        nfev[i] = 3 + it
                        nit[i] = it
                        status[i] = np.int32(s)
                    else:
                        idx[k] = idx[j]
                        x1[k], f1[k], x2[k], f2[k], x3[k], f3[k] = (x1[j], f1[j], x2[j],
                                                                    f2[j], x3[j], f3[j])
                        q0[k], xtol[k] = q0[j], xtol[j]
                        k += 1
                m = k
                if m == 0:
                    break
            for j in range(m):
                x[j], q0[j] = _minimum_step(x1[j], x2[j], x3[j], f1[j], f2[j], f3[j], q0[j],
                                            xtol[j], phi)
            for j in range(m):
                fx[j] = _value(f, x[j], _element_data(args, idx[j]))
            it += 1
            stops = 0
            for j in range(m):                  # the new point replaces an end
                u, fu, u1, fu1, u2, fu2, u3, fu3 = (x[j], fx[j], x1[j], f1[j], x2[j], f2[j],
                                                    x3[j], f3[j])
                same = _sign(u - u2) == _sign(u3 - u2)   # x on x3's side of x2
                up = fu > fu2
                nx1 = u if (not same) & up else (u2 if same & (not up) else u1)
                nf1 = fu if (not same) & up else (fu2 if same & (not up) else fu1)
                nx3 = u if same & up else (u2 if (not same) & (not up) else u3)
                nf3 = fu if same & up else (fu2 if (not same) & (not up) else fu3)
                nx2 = u2 if up else u
                nf2 = fu2 if up else fu
                st, u1, u2, u3, fu1, fu2, fu3, xt = _minimum_check(
                    nx1, nx2, nx3, nf1, nf2, nf3, xatol, xrtol, fatol, frtol)
                x1[j], x2[j], x3[j], f1[j], f2[j], f3[j] = u1, u2, u3, fu1, fu2, fu3
                state[j], xtol[j] = st, xt
                stops += st != _IN_PROGRESS


# ---------------------------------------------------------------- bracket_root
# Two one-sided searches per element, run in step: the left end moves away
# from xr0 towards xmin, the right end from xl0 towards xmax, each by a
# distance growing by ``factor`` (or, towards a finite limit, a distance to
# the limit shrinking by ``factor``).  A search stops when its end and the
# end's previous position bracket a root, when the other search found one,
# at its limit, or at a non-finite point or value.

@njit(cache=True, error_model="numpy")
def _root_side_found(active, status, f, f_last):
    """The first condition of bracket_root's check for one side: a sign
    change (or a zero) between the moving end and its previous position."""
    if not active or status == INPUT_ERROR:
        return False
    sf = _sign(f)
    sf_last = _sign(f_last)
    return sf_last == -sf or sf_last == 0 or sf == 0


@njit(cache=True, error_model="numpy")
def _root_side_end(status, x, f, limit):
    """Conditions 3 and 4 of bracket_root's check, for a side not stopped yet."""
    if x == limit:
        return LIMITS
    if not (math.isfinite(x) and math.isfinite(f)):
        return VALUE_ERROR
    return status


@njit(error_model="numpy")
def bracket_root_kernel(f, data, inputs, i, params):
    """One element of bracket_root: inputs (xl0, xr0, xmin, xmax, factor),
    params (maxiter, xr0 given)."""
    maxiter, xr0_given = params
    xl0 = inputs[0][i]
    xr0 = inputs[1][i]
    xmin = inputs[2][i]
    xmax = inputs[3][i]
    factor = inputs[4][i]
    if not xr0_given:
        xr0 = xl0 + _minimum((xmax - xl0) / 8, 1.0)
    fl0 = _value(f, xl0, data)
    fr0 = _value(f, xr0, data)
    invalid = not (xmin <= xl0 and xl0 < xr0 and xr0 <= xmax)
    start = INPUT_ERROR if invalid else IN_PROGRESS
    # side a moves the left end (from xl0, fixed end xr0), side b the right end
    xa, fa, xa_last, fa_last, x0a, la = xl0, fl0, xr0, fr0, xr0, xmin
    xb, fb, xb_last, fb_last, x0b, lb = xr0, fr0, xl0, fl0, xl0, xmax
    da = xa - x0a if math.isinf(la) else la - xa
    db = xb - x0b if math.isinf(lb) else lb - xb
    sa = sb = start
    nit = nit_a = nit_b = 0
    nfev_a = nfev_b = 1
    active_a = active_b = True
    ra = rb = (np.nan, np.nan, np.nan, np.nan)    # (x, f, x_last, f_last) where a side stopped
    while True:
        # the termination check (scipy's conditions 0-4), both sides at once
        found_a = _root_side_found(active_a, sa, fa, fa_last)
        found_b = _root_side_found(active_b, sb, fb, fb_last)
        stop_a = active_a and (sa == INPUT_ERROR or found_a)
        stop_b = active_b and (sb == INPUT_ERROR or found_b)
        if found_a:
            sa = CONVERGED
        if found_b:
            sb = CONVERGED
        if found_a and active_b and not stop_b:   # the other side found a bracket
            sb = OTHER_SIDE
            stop_b = True
        if found_b and active_a and not stop_a:
            sa = OTHER_SIDE
            stop_a = True
        if active_a and not stop_a:
            sa = _root_side_end(sa, xa, fa, la)
            stop_a = sa != IN_PROGRESS
        if active_b and not stop_b:
            sb = _root_side_end(sb, xb, fb, lb)
            stop_b = sb != IN_PROGRESS
        if stop_a:                                # its result is its state now
            active_a = False
            nit_a = nit
            ra = (xa, fa, xa_last, fa_last)
        if stop_b:
            active_b = False
            nit_b = nit
            rb = (xb, fb, xb_last, fb_last)
        if not (active_a or active_b) or nit >= maxiter:
            break
        # one iteration: move each active end, evaluate (left first)
        if active_a:
            if math.isinf(la):
                da *= factor
                xnew_a = x0a + da
            else:
                da /= factor
                xnew_a = la - da
            fnew_a = _value(f, xnew_a, data)
            nfev_a += 1
            xa_last, fa_last, xa, fa = xa, fa, xnew_a, fnew_a
        if active_b:
            if math.isinf(lb):
                db *= factor
                xnew_b = x0b + db
            else:
                db /= factor
                xnew_b = lb - db
            fnew_b = _value(f, xnew_b, data)
            nfev_b += 1
            xb_last, fb_last, xb, fb = xb, fb, xnew_b, fnew_b
        nit += 1
    if active_a:                                  # maxiter reached
        sa = MAXITER
        nit_a = nit
        ra = (xa, fa, xa_last, fa_last)
    if active_b:
        sb = MAXITER
        nit_b = nit
        rb = (xb, fb, xb_last, fb_last)
    # scipy's customize_result: the narrower valid bracket, else the
    # outermost points evaluated
    xal, fal, xar, far = ra
    xbr, fbr, xbl, fbl = rb
    xl, fl, xr, fr = xal, fal, xbr, fbr
    da_ = xar - xal
    db_ = xbr - xbl
    if (da_ <= db_ and sa == 0) or (sa == 0 and sb != 0):
        xr, fr = xar, far
    if (db_ <= da_ and sb == 0) or (sb == 0 and sa != 0):
        xl, fl = xbl, fbl
    status = sa if sa == 0 else sb
    return status, nfev_a + nfev_b, max(nit_a, nit_b), (xl, xr, fl, fr)


# ---------------------------------------------------------------- bracket_minimum
# Downhill from (xl0, xm0, xr0): the new point beyond the lower end, at a
# distance growing by ``factor`` or, towards a finite limit, at a distance
# to the limit shrinking by ``factor`` (reaching the limit when the step no
# longer moves the point).

@njit(cache=True, error_model="numpy")
def _minimum_bracket_check(status, xl, xm, xr, fl, fm, fr, limit):
    """scipy's check_termination of _bracket_minimum for one element."""
    if status == INPUT_ERROR:
        return status
    if (fl >= fm and fr > fm) or (fl > fm and fr >= fm):
        return CONVERGED
    if xr == limit:
        return LIMITS
    if not (math.isfinite(xr) and math.isfinite(fr)):
        return VALUE_ERROR
    return status


@njit(error_model="numpy")
def bracket_minimum_kernel(f, data, inputs, i, params):
    """One element of bracket_minimum: inputs (xm0, xl0, xr0, xmin, xmax,
    factor), params (maxiter, xl0 given, xr0 given)."""
    maxiter, xl0_given, xr0_given = params
    xm0 = inputs[0][i]
    xl0 = inputs[1][i]
    xr0 = inputs[2][i]
    xmin = inputs[3][i]
    xmax = inputs[4][i]
    factor = inputs[5][i]
    if not xl0_given:
        xl0 = xm0 - _minimum((xm0 - xmin) / 16, 0.5)
    if not xr0_given:
        xr0 = xm0 + _minimum((xmax - xm0) / 16, 0.5)
    fl0 = _value(f, xl0, data)
    fm0 = _value(f, xm0, data)
    fr0 = _value(f, xr0, data)
    invalid = not (xmin <= xl0 and xl0 < xm0 and xm0 < xr0 and xr0 <= xmax)
    limit = xmax
    if fl0 < fr0:                                 # march downhill from xl to xr
        xl0, xr0, fl0, fr0 = xr0, xl0, fr0, fl0
        limit = xmin
    limited = not math.isinf(limit)
    if limited:
        step = limit - xr0
        factor = 1 / factor
    else:
        step = xr0 - xm0
    status = INPUT_ERROR if invalid else IN_PROGRESS
    nfev = 3
    nit = 0
    xl, xm, xr, fl, fm, fr = xl0, xm0, xr0, fl0, fm0, fr0
    status = _minimum_bracket_check(status, xl, xm, xr, fl, fm, fr, limit)
    while status == IN_PROGRESS and nit < maxiter:
        step *= factor
        if limited:
            x = limit - step
            if x == xr:                           # no longer moving: the limit itself
                x = limit
        else:
            x = xr0 + step
        fx = _value(f, x, data)
        nfev += 1
        xl, xm, xr = xm, xr, x
        fl, fm, fr = fm, fr, fx
        nit += 1
        status = _minimum_bracket_check(status, xl, xm, xr, fl, fm, fr, limit)
    if status == IN_PROGRESS:
        status = MAXITER
    if xl > xr:                                   # back in ascending order
        xl, xr, fl, fr = xr, xl, fr, fl
    return status, nfev, nit, (xl, xm, xr, fl, fm, fr)


@njit(error_model="numpy")
def bracket_root_block(f, inputs, args, params, order, lo, hi, status, nfev, nit, values):
    """bracket_root for the elements ``order[lo:hi]``, one after the other
    (values xl, xr, fl, fr)."""
    for k in range(lo, hi):
        i = order[k]
        s, nf, ni, vals = bracket_root_kernel(f, _element_data(args, i), inputs, i, params)
        for j in range(4):
            values[j, i] = vals[j]
        nfev[i] = nf
        nit[i] = ni
        status[i] = s


@njit(error_model="numpy")
def bracket_minimum_block(f, inputs, args, params, order, lo, hi, status, nfev, nit, values):
    """bracket_minimum for the elements ``order[lo:hi]``, one after the other
    (values xl, xm, xr, fl, fm, fr)."""
    for k in range(lo, hi):
        i = order[k]
        s, nf, ni, vals = bracket_minimum_kernel(f, _element_data(args, i), inputs, i, params)
        for j in range(6):
            values[j, i] = vals[j]
        nfev[i] = nf
        nit[i] = ni
        status[i] = s


#: routine -> its kernel ``(f, inputs, args, params, order, lo, hi, status,
#: nfev, nit, values)``, solving the elements ``order[lo:hi]``
KERNELS = {"find_root": find_root_block, "find_minimum": find_minimum_block,
           "bracket_root": bracket_root_block, "bracket_minimum": bracket_minimum_block}
