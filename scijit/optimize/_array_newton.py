"""``newton`` for an array ``x0``: scipy 1.17's vectorised secant, Newton and
Halley iterations (its ``_array_newton``).

Every element is solved at once: ``func(x, *args)`` (and ``fprime``,
``fprime2``) take the whole array, in ``x0``'s shape, and return one value
per element.  scipy's Python works on boolean masks of the elements whose
derivative is nonzero; here the same arithmetic runs element by element on
the same doubles, so the roots, ``converged`` and ``zero_der`` are scipy's.
The iteration stops when no element with a nonzero derivative moved by
``tol`` or more, or after ``maxiter`` iterations; ``rtol`` and ``x1`` do not
apply (scipy ignores them here).

As for the scalar solvers (:mod:`._newton`), the solver of each iteration is
one @njit function, compiled once per set of user functions and shared by
every caller and by the Python entry; scipy's warnings are given by the
Python entry only (numba has none), scipy's RuntimeError when every element
failed to converge by both.
"""
import functools
import math
from collections import namedtuple

import numpy as np
from numba import njit

from lowering.callback import callback
from lowering.transforms import CallbackData, Reshape, Returned
from scijit_types.errors import FormattedError

from .. import _arguments as A

__all__ = ["array_newton_solver", "ArrayNewtonResult"]

SECANT, NEWTON, HALLEY = 0, 1, 2

#: scipy's ``full_output`` result of the vectorised newton (its namedtuple 'result')
ArrayNewtonResult = namedtuple("result", ("root", "converged", "zero_der"))

#: what the Python entry says after the solve: nothing, scipy's "RMS of ...
#: reached" (secant), "... derivatives were zero" (Newton, Halley), "some
#: failed to converge ..."
QUIET, RMS_REACHED, ZERO_DERIVATIVES, SOME_FAILED = 0, 1, 2, 3

_SECANT_DX = np.finfo(float).eps ** 0.33


class ArrayNewtonConvergenceError(FormattedError, RuntimeError):
    """Every element failed to converge (scipy's RuntimeError)."""


#: the user's function at the solver's flat x, in x0's shape, copied into a
#: flat buffer (its length checked: the transform stack's residual stage)
_evaluate = callback((Reshape(), Returned())).residual


@njit(cache=True)
def _any(mask):
    for v in mask:
        if v:
            return True
    return False


@njit(cache=True)
def _any_nonzero(values):
    """``values.any()``: a nonzero (or NaN) element."""
    for v in values:
        if v != 0.0:
            return True
    return False


@njit(cache=True)
def _any_failed(failures, nz_der):
    """``failures[nz_der].any()``."""
    for i in range(failures.size):
        if nz_der[i] and failures[i]:
            return True
    return False


@njit(cache=True)
def _outcome(failures, nz_der, p, p1, secant, maxiter):
    """scipy's ending: (zero_der, what to warn, the secant's RMS); raises
    its RuntimeError when every element failed (and none for a zero
    derivative)."""
    n = p.size
    zero_der = np.empty(n, dtype=np.bool_)
    for i in range(n):
        zero_der[i] = not nz_der[i] and failures[i]
    if _any(zero_der):
        if secant:
            total = 0.0
            moved = False
            for i in range(n):
                if zero_der[i] and p1[i] != p[i]:
                    total += (p1[i] - p[i]) ** 2
                    moved = True
            return zero_der, RMS_REACHED if moved else QUIET, math.sqrt(total)
        return zero_der, ZERO_DERIVATIVES, 0.0
    if _any(failures):
        all_failed = True
        for v in failures:
            all_failed = all_failed and v
        if all_failed:
            raise ArrayNewtonConvergenceError("all failed to converge after %d iterations",
                                              maxiter)
        return zero_der, SOME_FAILED, 0.0
    return zero_der, QUIET, 0.0


@njit(inline="always")
def _newton(f, fprime, fprime2, data, p, tol, maxiter, halley):
    """scipy's Newton (Halley with ``halley``) branch; returns (p, failures,
    nz_der)."""
    n = p.size
    failures = np.ones(n, dtype=np.bool_)
    nz_der = np.ones(n, dtype=np.bool_)
    fval = np.empty(n)
    fder = np.empty(n)
    fder2 = np.empty(n)
    for _ in range(maxiter):
        _evaluate(f, p, fval, data)
        if not _any_nonzero(fval):          # every value 0: all roots found
            failures[:] = False
            break
        _evaluate(fprime, p, fder, data)
        for i in range(n):
            nz_der[i] = fder[i] != 0.0
        if not _any(nz_der):                # every derivative 0
            break
        if halley:
            _evaluate(fprime2, p, fder2, data)
        for i in range(n):
            if nz_der[i]:
                dp = fval[i] / fder[i]
                if halley:
                    dp = dp / (1.0 - 0.5 * dp * fder2[i] / fder[i])
                p[i] -= dp
                failures[i] = abs(dp) >= tol
        if not _any_failed(failures, nz_der):
            break
    return p, p, failures, nz_der


@njit(inline="always")
def _secant(f, data, p, tol, maxiter):
    """scipy's secant branch, from x0 and x0 moved by eps**0.33 (relative,
    and absolute away from zero); returns (p, p1, failures, nz_der)."""
    n = p.size
    dx = _SECANT_DX
    p1 = np.empty(n)
    for i in range(n):
        p1[i] = p[i] * (1 + dx) + (dx if p[i] >= 0 else -dx)
    q0 = np.empty(n)
    q1 = np.empty(n)
    _evaluate(f, p, q0, data)
    _evaluate(f, p1, q1, data)
    failures = np.ones(n, dtype=np.bool_)
    nz_der = np.ones(n, dtype=np.bool_)
    active = np.ones(n, dtype=np.bool_)
    for _ in range(maxiter):
        for i in range(n):
            nz_der[i] = q1[i] != q0[i]
        if not _any(nz_der):                # every secant flat: stop halfway
            for i in range(n):
                p[i] = (p1[i] + p[i]) / 2.0
            break
        for i in range(n):
            if nz_der[i]:
                dp = (q1[i] * (p1[i] - p[i])) / (q1[i] - q0[i])
                p[i] = p1[i] - dp
                failures[i] = abs(dp) >= tol
            elif active[i]:                 # a flat secant, the first time
                p[i] = (p1[i] + p[i]) / 2.0
            active[i] = active[i] and nz_der[i]
        if not _any_failed(failures, nz_der):
            break
        p1, p = p, p1
        q0, q1 = q1, q0
        _evaluate(f, p1, q1, data)
    return p, p1, failures, nz_der


@njit(cache=True)
def check_array_newton_options(tol, maxiter):
    """scipy's checks (before it sees that x0 is an array)."""
    if tol <= 0.0:
        raise ArrayNewtonInputError("tol too small (%g <= 0)", tol)
    if maxiter < 1:
        raise ArrayNewtonInputError("maxiter must be greater than 0")


class ArrayNewtonInputError(FormattedError, ValueError):
    """A tolerance or iteration count scipy refuses (its message)."""


@functools.lru_cache(maxsize=None)
def array_newton_solver(kind):
    """The @njit function ``(f, fprime, fprime2, x0, shape, args, tol,
    maxiter) -> (root, converged, zero_der, warning, rms)`` of the iteration
    ``kind`` (SECANT, NEWTON, HALLEY), ``x0`` a flat float64 copy (the
    solver works in it), ``shape`` x0's (what the user's functions see and
    the root has); ``warning`` one of QUIET, RMS_REACHED, ZERO_DERIVATIVES,
    SOME_FAILED for the Python entry.  Callers pass the functions as
    ``type_only`` (an unused one as ``f`` again)."""
    secant = kind == SECANT
    halley = kind == HALLEY

    @njit
    def run(f, fprime, fprime2, x0, shape, args, tol, maxiter):
        check_array_newton_options(tol, maxiter)
        data = CallbackData(A.as_args(args), shape, False, (), ())
        if secant:
            p, p1, failures, nz_der = _secant(f, data, x0, tol, maxiter)
        else:
            p, p1, failures, nz_der = _newton(f, fprime, fprime2, data, x0, tol, maxiter,
                                              halley)
        zero_der, warning, rms = _outcome(failures, nz_der, p, p1, secant, maxiter)
        return (p.reshape(shape), np.logical_not(failures).reshape(shape),
                zero_der.reshape(shape), warning, rms)
    return run
