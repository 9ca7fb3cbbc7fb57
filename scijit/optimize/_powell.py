"""``minimize``'s Powell, scipy 1.17's ``_minimize_powell`` step for step.

One cached @njit function for every user function (the objective reached
through its glue's pointer, :mod:`._scalar_function`).  Its line searches are
scipy's ``_linesearch_powell``: Brent's method after a bracket search from
(0, 1) along a free line, the bounded method (``_minimize_scalar_bounded``)
on the segment the bounds leave, or on ``arctan`` of a half-infinite one; the
searches themselves are the cores of :mod:`._scalar_minimizers`, handed the
objective along the line (:func:`_along_line`) as their function of one
variable, so every point evaluated is scipy's.

scipy counts each evaluation and refuses the one past ``maxfev`` by raising
``_MaxFuncCallError``, which ends the solve where it is (the line search in
progress discarded).  Here a refused evaluation returns NaN and marks the
count: the scalar searches then run out without calling (at most their 500
iterations of arithmetic), and the solver discards their answer and stops,
as scipy does.  A user's exception (held in the slot, :mod:`lowering.held`)
stops it the same way.
"""
import math

import numpy as np
from numba import njit

from lowering.callback import type_only
from lowering.held import held, held_caller
from lowering.transforms import CallbackData
from scijit_types.errors import FormattedError

from ._scalar_function import VALUE, MinimizeValueError, call
from ._scalar_minimizers import (BRENT_MAXITER, BOUNDED_MAXITER, bounded_search, bracket_info,
                                 brent_search, bracket_minimum)

__all__ = ["powell", "MAXFEV_POWELL", "MAXITER_POWELL", "NAN_POWELL", "OUT_OF_BOUNDS",
           "TooManyCallsError"]

#: scipy's Powell statuses (its ``warnflag``)
MAXFEV_POWELL, MAXITER_POWELL, NAN_POWELL, OUT_OF_BOUNDS = 1, 2, 3, 4

#: counts: [evaluations made, 1 once an evaluation was refused]
_MADE, _REFUSED = 0, 1


class TooManyCallsError(FormattedError, RuntimeError):
    """scipy's ``_MaxFuncCallError`` escaping ``minimize``: the first
    evaluation (at ``x0``) refused, ``maxfev`` being 0."""


@njit
def _refuse_tolerance(tol):
    """scipy's ``_minimize_scalar_brent`` refusing a negative ``xtol`` (Powell's
    ``xtol * 100``), raised at the first free line search."""
    raise MinimizeValueError("tolerance should be >= 0, got %r", tol)
    return 0.0


@njit
def _refuse_first_call():
    raise TooManyCallsError("Too many function calls")
    return 0.0


_raise_held_0 = held_caller(0)
_raise_held_1 = held_caller(1)


@njit(inline="always")
def _stopped(slot, counts):
    return counts[_REFUSED] != 0 or held(slot)


@njit(inline="always")
def _evaluate(slot, glue, args, trial, g, counts, maxfun):
    """scipy's ``function_wrapper`` at ``trial`` (already filled: the user's
    copy of the point): the value, or NaN and the count marked refused when
    ``maxfun`` evaluations were made."""
    if counts[_MADE] >= maxfun:
        counts[_REFUSED] = 1.0
        return np.nan
    if held(slot):
        return np.nan
    counts[_MADE] += 1.0
    return call(slot, glue, trial, g, args, VALUE)


@njit
def _along_line(alpha, slot, glue, args, p, xi, trial, g, counts, maxfun, tangent):
    """scipy's ``myfunc``: the objective at ``p + alpha * xi`` (at
    ``tan(alpha)`` for the bounded search on ``arctan`` of a half-infinite
    segment)."""
    if tangent:
        alpha = math.tan(alpha)
    for j in range(p.size):
        trial[j] = p[j] + alpha * xi[j]
    return _evaluate(slot, glue, args, trial, g, counts, maxfun)


@njit(inline="always")
def _line_for_search(x0, alpha, lb, ub):
    """scipy's ``_line_for_search``: ``(lmin, lmax)`` such that ``x0 + l *
    alpha`` stays in the bounds, over the components where ``alpha`` is
    nonzero; (0, 0) when that is empty (x0 outside) or NaN."""
    lmin = -np.inf
    lmax = np.inf
    lmin_nan = False
    lmax_nan = False
    for j in range(x0.size):
        a = alpha[j]
        if a == 0:
            continue
        low = (lb[j] - x0[j]) / a
        high = (ub[j] - x0[j]) / a
        # scipy adds the other np.where's 0 to each (so -0.0 becomes 0.0)
        if a > 0:
            cand_min = low + 0.0
            cand_max = high + 0.0
        else:
            cand_min = 0.0 + high
            cand_max = 0.0 + low
        if np.isnan(cand_min):
            lmin_nan = True
        elif cand_min > lmin:
            lmin = cand_min
        if np.isnan(cand_max):
            lmax_nan = True
        elif cand_max < lmax:
            lmax = cand_max
    if lmin_nan:                        # (np.max and np.min propagate NaN)
        lmin = np.nan
    if lmax_nan:
        lmax = np.nan
    if lmax >= lmin:
        return lmin, lmax
    return 0.0, 0.0


@njit(inline="always")
def _free_line(slot, args, data, tol):
    """scipy's ``_minimize_scalar_brent`` from the bracket search at (0, 1),
    as ``_recover_from_bracket_error`` reads it: ``alpha``, ``f``."""
    if tol < 0:
        _raise_held_1(slot, type_only(_refuse_tolerance), tol)
        return np.nan, np.nan
    xa, xb, xc, fa, fb, fc, calls, valid = bracket_info(_along_line, data, 0, 0.0, 0.0, 0.0)
    if not valid:
        return bracket_minimum(xa, xb, xc, fa, fb, fc)
    alpha, fret, _, _ = brent_search(_along_line, data, xa, xb, xc, fb, calls, tol, BRENT_MAXITER)
    return alpha, fret


@njit(inline="always")
def _linesearch(slot, glue, args, p, xi, fval, tol, lb, ub, bounded, trial, g, counts, maxfun,
                x_new, xi_new):
    """scipy's ``_linesearch_powell``: the minimum along ``xi`` from ``p``;
    writes the new point into ``x_new`` and the step taken into ``xi_new``
    and returns its value (meaningless once stopped)."""
    moving = False
    for j in range(xi.size):
        if xi[j] != 0:
            moving = True
    if not moving:                      # no direction: no evaluation
        for j in range(p.size):
            x_new[j] = p[j]
            xi_new[j] = xi[j]
        return fval
    tangent = False
    lo = hi = 0.0
    if not bounded:
        free = True
    else:
        lo, hi = _line_for_search(p, xi, lb, ub)
        free = lo == -np.inf and hi == np.inf
        if not free and not (lo != -np.inf and hi != np.inf):
            # one side infinite: a bounded search on arctan of the segment
            tangent = True
            lo, hi = math.atan(lo), math.atan(hi)
    data = CallbackData((slot, glue, args, p, xi, trial, g, counts, maxfun, tangent), (), False,
                        (), ())
    if free:
        alpha, fret = _free_line(slot, args, data, tol)
    else:
        alpha, fret, _, _ = bounded_search(_along_line, data, lo, hi, tol / 100, BOUNDED_MAXITER)
        if tangent:
            alpha = math.tan(alpha)
    for j in range(p.size):
        xi_new[j] = alpha * xi[j]
        x_new[j] = p[j] + xi_new[j]
    return fret


@njit(cache=True, error_model="numpy")
def powell(slot, glue, args, x0, xtol, ftol, maxiter, maxfev, direc0, lb, ub, bounded):
    """scipy's ``_minimize_powell``: ``(x, fun, direc, nit, nfev, status)``.

    ``maxiter``, ``maxfev``: negative for None; ``direc0`` (m, N) with m >= N,
    or (0, 0) for scipy's identity; ``lb``, ``ub`` the bounds when
    ``bounded`` (x0 is not clipped: scipy starts outside, and warns)."""
    N = x0.size
    if maxiter < 0 and maxfev < 0:
        maxiter = N * 1000.0
        maxfun = N * 1000.0
    elif maxiter < 0:                   # (unbounded iteration only with a bound on the other)
        maxfun = maxfev
        maxiter = N * 1000.0 if maxfun == np.inf else np.inf
    elif maxfev < 0:
        maxfun = N * 1000.0 if maxiter == np.inf else np.inf
    else:
        maxfun = maxfev
    if direc0.shape[0] == 0:
        direc = np.eye(N)
    else:
        direc = direc0.copy()
    last = direc.shape[0] - 1
    tol = xtol * 100
    counts = np.zeros(2)
    x = x0.copy()
    x1 = x0.copy()
    x_new = np.empty(N)
    trial = np.empty(N)
    g = np.empty(N)
    xi = np.empty(N)
    xi_new = np.empty(N)
    for j in range(N):
        trial[j] = x[j]
    fval = _evaluate(slot, glue, args, trial, g, counts, maxfun)
    if counts[_REFUSED] != 0:           # (scipy's _MaxFuncCallError escapes here)
        _raise_held_0(slot, type_only(_refuse_first_call))
    it = 0
    while not _stopped(slot, counts):
        fx = fval
        bigind = 0
        delta = 0.0
        for i in range(N):
            for j in range(N):
                xi[j] = direc[i, j]
            fx2 = fval
            fret = _linesearch(slot, glue, args, x, xi, fval, tol, lb, ub, bounded, trial, g,
                               counts, maxfun, x_new, xi_new)
            if _stopped(slot, counts):
                break
            fval = fret
            for j in range(N):
                x[j] = x_new[j]
            if (fx2 - fval) > delta:
                delta = fx2 - fval
                bigind = i
        if _stopped(slot, counts):
            break
        it += 1
        bnd = ftol * (abs(fx) + abs(fval)) + 1e-20
        if 2.0 * (fx - fval) <= bnd:
            break
        if counts[_MADE] >= maxfun:
            break
        if it >= maxiter:
            break
        if np.isnan(fx) and np.isnan(fval):     # in a NaN region: bail out
            break
        # the extrapolated point, kept within the bounds
        for j in range(N):
            xi[j] = x[j] - x1[j]
            x1[j] = x[j]
        lmax = 1.0
        if bounded:
            lmax = _line_for_search(x, xi, lb, ub)[1]
        step = 1.0 if 1.0 < lmax else lmax      # (Python's min(lmax, 1))
        for j in range(N):
            trial[j] = x[j] + step * xi[j]
        fx2 = _evaluate(slot, glue, args, trial, g, counts, maxfun)
        if _stopped(slot, counts):
            break
        if fx > fx2:
            t = 2.0 * (fx + fx2 - 2.0 * fval)
            temp = fx - fval - delta
            t *= temp * temp
            temp = fx - fx2
            t -= delta * temp * temp
            if t < 0.0:
                fret = _linesearch(slot, glue, args, x, xi, fval, tol, lb, ub, bounded, trial,
                                   g, counts, maxfun, x_new, xi_new)
                if _stopped(slot, counts):
                    break
                fval = fret
                moved = False
                for j in range(N):
                    x[j] = x_new[j]
                    if xi_new[j] != 0:
                        moved = True
                if moved:
                    for j in range(N):
                        direc[bigind, j] = direc[last, j]
                        direc[last, j] = xi_new[j]
    status = 0
    outside = False
    if bounded:
        for j in range(N):
            if lb[j] > x[j] or x[j] > ub[j]:
                outside = True
    nan_x = False
    for j in range(N):
        if np.isnan(x[j]):
            nan_x = True
    if outside:
        status = OUT_OF_BOUNDS
    elif counts[_MADE] >= maxfun:
        status = MAXFEV_POWELL
    elif it >= maxiter:
        status = MAXITER_POWELL
    elif np.isnan(fval) or nan_x:
        status = NAN_POWELL
    return x, fval, direc, it, int(counts[_MADE]), status
