"""The solvers of one variable's minimum: scipy 1.17's ``bracket`` search,
Brent's method (its ``Brent`` class), golden-section search
(``_minimize_scalar_golden``) and the bounded method
(``_minimize_scalar_bounded``), as numba code.

scipy's are Python (``scipy/optimize/_optimize.py``).  Here each follows
that control flow step for step (the same tests, in the same order, on the
same doubles), so ``x``, ``fun``, ``nit`` and ``nfev`` are scipy's.  The
solver of each method is one @njit function (:func:`scalar_minimizer`),
compiled once per user function and shared by every caller; the public
routines over them are in :mod:`._minimize_scalar`.
"""
import functools
import math

import numpy as np
from numba import njit

from lowering.callback import callback
from lowering.transforms import CallbackData, Returned
from scijit_types.errors import FormattedError

from .. import _arguments as A

__all__ = ["scalar_minimizer", "bracket_solver", "bracket_minimum", "BracketError",
           "MinimizeScalarInputError", "raise_bracket_error", "bracket_info", "brent_search",
           "bounded_search"]

#: scipy's defaults (brent's and golden's tol, maxiter; bounded's xatol, maxfun)
BRENT_XTOL, BRENT_MAXITER = 1.48e-8, 500
GOLDEN_XTOL, GOLDEN_MAXITER = math.sqrt(np.finfo(float).eps), 5000
BOUNDED_XATOL, BOUNDED_MAXITER = 1e-5, 500
#: bracket's defaults
GROW_LIMIT, BRACKET_MAXITER = 110.0, 1000

#: the solvers' status: solved (brent, golden; bounded's flag 0), bounded's
#: flags 1 (maxfun reached) and 2 (NaN), and a bracket search that failed
SOLVED, MAXFUN, NAN, NO_BRACKET = 0, 1, 2, -1

NO_BRACKET_MESSAGE = ("The algorithm terminated without finding a valid bracket. "
                      "Consider trying different initial points.")
_BRACKET_LIMIT = ("No valid bracket was found before the iteration limit was reached. "
                  "Consider trying different initial points or increasing `maxiter`.")
_TRIPLE_ORDER = ("Bracketing values (xa, xb, xc) do not fulfill this requirement: "
                 "(xa < xb) and (xb < xc)")
_TRIPLE_VALUES = ("Bracketing values (xa, xb, xc) do not fulfill this requirement: "
                  "(f(xb) < f(xa)) and (f(xb) < f(xc))")


# ---------------------------------------------------------------- errors
class BracketError(RuntimeError):
    """No valid bracket was found (scipy's ``BracketError``, a RuntimeError);
    ``data`` is ``(xa, xb, xc, fa, fb, fc, funcalls)`` where the search stopped."""

    def __init__(self, xa, xb, xc, fa, fb, fc, funcalls):
        super().__init__(NO_BRACKET_MESSAGE)
        self.data = (xa, xb, xc, fa, fb, fc, funcalls)


class BracketLimitError(FormattedError, RuntimeError):
    """bracket's iteration limit reached (scipy's RuntimeError)."""


class MinimizeScalarInputError(FormattedError, ValueError):
    """An argument scipy refuses (its message)."""


@njit(cache=True)
def raise_bracket_error(xa, xb, xc, fa, fb, fc, funcalls):
    """brent's and golden's error after a failed bracket search (not
    inlined: a raise in a caller's loop would keep prange serial)."""
    raise BracketError(xa, xb, xc, fa, fb, fc, funcalls)


# ---------------------------------------------------------------- the user's function
#: f(x, *args) as a float64 (the transform stack's Returned scalar stage)
_value = callback((Returned(),)).scalar


@njit(cache=True)
def _sign(v):
    """np.sign of a double (NaN for NaN)."""
    if v > 0.0:
        return 1.0
    if v < 0.0:
        return -1.0
    return v


# ---------------------------------------------------------------- bracket
@njit(inline="always")
def _bracket_search(f, data, xa, xb, grow_limit, maxiter):
    """scipy's ``bracket``: downhill from (xa, xb) by golden steps and
    parabolic extrapolation; returns (xa, xb, xc, fa, fb, fc, funcalls,
    valid) and raises scipy's RuntimeError at the iteration limit."""
    gold = 1.618034
    verysmall = 1e-21
    fa = _value(f, xa, data)
    fb = _value(f, xb, data)
    if fa < fb:                       # switch so fa > fb
        xa, xb = xb, xa
        fa, fb = fb, fa
    xc = xb + gold * (xb - xa)
    fc = _value(f, xc, data)
    funcalls = 3
    it = 0
    while fc < fb:
        tmp1 = (xb - xa) * (fb - fc)
        tmp2 = (xb - xc) * (fb - fa)
        val = tmp2 - tmp1
        if abs(val) < verysmall:
            denom = 2.0 * verysmall
        else:
            denom = 2.0 * val
        w = xb - ((xb - xc) * tmp2 - (xb - xa) * tmp1) / denom
        wlim = xb + grow_limit * (xc - xb)
        if it > maxiter:
            raise BracketLimitError(_BRACKET_LIMIT)
        it += 1
        if (w - xc) * (xb - w) > 0.0:
            fw = _value(f, w, data)
            funcalls += 1
            if fw < fc:
                xa = xb
                xb = w
                fa = fb
                fb = fw
                break
            elif fw > fb:
                xc = w
                fc = fw
                break
            w = xc + gold * (xc - xb)
            fw = _value(f, w, data)
            funcalls += 1
        elif (w - wlim) * (wlim - xc) >= 0.0:
            w = wlim
            fw = _value(f, w, data)
            funcalls += 1
        elif (w - wlim) * (xc - w) > 0.0:
            fw = _value(f, w, data)
            funcalls += 1
            if fw < fc:
                xb = xc
                xc = w
                w = xc + gold * (xc - xb)
                fb = fc
                fc = fw
                fw = _value(f, w, data)
                funcalls += 1
        else:
            w = xc + gold * (xc - xb)
            fw = _value(f, w, data)
            funcalls += 1
        xa = xb
        xb = xc
        xc = w
        fa = fb
        fb = fc
        fc = fw
    # scipy's three conditions for a valid bracket
    cond1 = (fb < fc and fb <= fa) or (fb < fa and fb <= fc)
    cond2 = (xa < xb < xc) or (xc < xb < xa)
    cond3 = math.isfinite(xa) and math.isfinite(xb) and math.isfinite(xc)
    return xa, xb, xc, fa, fb, fc, funcalls, cond1 and cond2 and cond3


@njit(inline="always")
def bracket_info(f, data, nbrack, b0, b1, b2):
    """The Brent class's ``get_bracket_info`` (golden's is the same): a
    bracket search from (0, 1) (``brack`` None) or from the pair given, or
    the triple given, checked and evaluated."""
    if nbrack != 3:                   # one search, from (0, 1) or the pair
        if nbrack == 0:
            b0, b1 = 0.0, 1.0
        return _bracket_search(f, data, b0, b1, GROW_LIMIT, BRACKET_MAXITER)
    xa, xb, xc = b0, b1, b2
    if xa > xc:                       # swap so xa < xc can be assumed
        xc, xa = xa, xc
    if not (xa < xb and xb < xc):
        raise MinimizeScalarInputError(_TRIPLE_ORDER)
    fa = _value(f, xa, data)
    fb = _value(f, xb, data)
    fc = _value(f, xc, data)
    if not (fb < fa and fb < fc):
        raise MinimizeScalarInputError(_TRIPLE_VALUES)
    return xa, xb, xc, fa, fb, fc, 3, True


@njit(cache=True)
def bracket_minimum(xa, xb, xc, fa, fb, fc):
    """minimize_scalar's answer after a failed bracket search (scipy's
    ``_recover_from_bracket_error``): the lowest of the three points, or NaN
    if any point or value is NaN."""
    if (xa != xa or xb != xb or xc != xc or fa != fa or fb != fb or fc != fc):
        return np.nan, np.nan
    if fa <= fb and fa <= fc:         # np.argmin: the first of equal values
        return xa, fa
    if fb <= fc:
        return xb, fb
    return xc, fc


# ---------------------------------------------------------------- Brent
@njit(cache=True)
def _parabola(x, fx, v, fv, w, fw):
    """The parabola through (x, w, v) as both of scipy's Brent codes compute it:
    its vertex is at ``x + p/q``, with ``q >= 0``."""
    r = (x - w) * (fx - fv)
    q = (x - v) * (fx - fw)
    p = (x - v) * q - (x - w) * r
    q = 2.0 * (q - r)
    if q > 0.0:
        p = -p
    return p, abs(q)


@njit(inline="always")
def brent_search(f, data, xa, xb, xc, fb, funcalls, tol, maxiter):
    """The core of scipy's ``Brent.optimize``: golden-section steps and
    parabolic interpolation through (x, w, v); returns (x, fx, nit, funcalls)."""
    mintol = 1.0e-11
    cg = 0.3819660
    x = w = v = xb
    fw = fv = fx = fb
    if xa < xc:
        a = xa
        b = xc
    else:
        a = xc
        b = xa
    deltax = 0.0
    rat = 0.0                         # (scipy binds it in the first iteration)
    it = 0
    while it < maxiter:
        tol1 = tol * abs(x) + mintol
        tol2 = 2.0 * tol1
        xmid = 0.5 * (a + b)
        if abs(x - xmid) < (tol2 - 0.5 * (b - a)):     # converged
            break
        if abs(deltax) <= tol1:
            if x >= xmid:
                deltax = a - x        # a golden-section step
            else:
                deltax = b - x
            rat = cg * deltax
        else:                         # a parabolic step
            p, tmp2 = _parabola(x, fx, v, fv, w, fw)
            dx_temp = deltax
            deltax = rat
            if (p > tmp2 * (a - x)) and (p < tmp2 * (b - x)) and \
                    (abs(p) < abs(0.5 * tmp2 * dx_temp)):
                rat = p * 1.0 / tmp2  # the parabolic step is useful
                u = x + rat
                if (u - a) < tol2 or (b - u) < tol2:
                    if xmid - x >= 0:
                        rat = tol1
                    else:
                        rat = -tol1
            else:
                if x >= xmid:
                    deltax = a - x    # it is not: a golden-section step
                else:
                    deltax = b - x
                rat = cg * deltax
        if abs(rat) < tol1:           # move by at least tol1
            if rat >= 0:
                u = x + tol1
            else:
                u = x - tol1
        else:
            u = x + rat
        fu = _value(f, u, data)
        funcalls += 1
        if fu > fx:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v = w
                w = u
                fv = fw
                fw = fu
            elif fu <= fv or v == x or v == w:
                v = u
                fv = fu
        else:
            if u >= x:
                a = x
            else:
                b = x
            v = w
            w = x
            x = u
            fv = fw
            fw = fx
            fx = fu
        it += 1
    return x, fx, it, funcalls


# ---------------------------------------------------------------- golden section
@njit(inline="always")
def _golden(f, data, xa, xb, xc, funcalls, tol, maxiter):
    """scipy's ``_minimize_scalar_golden`` after the bracket: returns
    (xmin, fval, nit, funcalls)."""
    gr = 0.61803399                   # scipy's golden ratio conjugate
    gc = 1.0 - gr
    x3 = xc
    x0 = xa
    if abs(xc - xb) > abs(xb - xa):
        x1 = xb
        x2 = xb + gc * (xc - xb)
    else:
        x2 = xb
        x1 = xb - gc * (xb - xa)
    f1 = _value(f, x1, data)
    f2 = _value(f, x2, data)
    funcalls += 2
    nit = 0
    for _ in range(maxiter):
        if abs(x3 - x0) <= tol * (abs(x1) + abs(x2)):
            break
        if f2 < f1:
            x0 = x1
            x1 = x2
            x2 = gr * x1 + gc * x3
            f1 = f2
            f2 = _value(f, x2, data)
        else:
            x3 = x2
            x2 = x1
            x1 = gr * x2 + gc * x0
            f2 = f1
            f1 = _value(f, x1, data)
        funcalls += 1
        nit += 1
    if f1 < f2:
        return x1, f1, nit, funcalls
    return x2, f2, nit, funcalls


# ---------------------------------------------------------------- bounded
@njit(cache=True)
def check_bounds(x1, x2):
    """scipy's checks of ``bounds`` (after its length)."""
    if not (math.isfinite(x1) and math.isfinite(x2)):
        raise MinimizeScalarInputError("Optimization bounds must be finite scalars.")
    if x1 > x2:
        raise MinimizeScalarInputError("The lower bound exceeds the upper bound.")


@njit(inline="always")
def bounded_search(f, data, x1, x2, xatol, maxfun):
    """scipy's ``_minimize_scalar_bounded``: Brent's method on [x1, x2]
    (Forsythe, Malcolm & Moler's fmin); returns (xf, fx, num, flag)."""
    flag = 0
    sqrt_eps = math.sqrt(2.2e-16)
    golden_mean = 0.5 * (3.0 - math.sqrt(5.0))
    a, b = x1, x2
    fulc = a + golden_mean * (b - a)
    nfc, xf = fulc, fulc
    rat = e = 0.0
    x = xf
    fx = _value(f, x, data)
    num = 1
    fu = np.inf
    ffulc = fnfc = fx
    xm = 0.5 * (a + b)
    tol1 = sqrt_eps * abs(xf) + xatol / 3.0
    tol2 = 2.0 * tol1
    while abs(xf - xm) > (tol2 - 0.5 * (b - a)):
        golden = True
        if abs(e) > tol1:             # try a parabolic fit
            golden = False
            p, q = _parabola(xf, fx, fulc, ffulc, nfc, fnfc)
            r = e
            e = rat
            if (abs(p) < abs(0.5 * q * r)) and (p > q * (a - xf)) and (p < q * (b - xf)):
                rat = (p + 0.0) / q   # the parabola is acceptable
                x = xf + rat
                if ((x - a) < tol2) or ((b - x) < tol2):
                    si = _sign(xm - xf) + ((xm - xf) == 0)
                    rat = tol1 * si
            else:
                golden = True
        if golden:                    # a golden-section step
            if xf >= xm:
                e = a - xf
            else:
                e = b - xf
            rat = golden_mean * e
        si = _sign(rat) + (rat == 0)
        step = abs(rat)
        if not step >= tol1:          # np.maximum: NaN wins
            step = tol1 if step == step else step
        x = xf + si * step
        fu = _value(f, x, data)
        num += 1
        if fu <= fx:
            if x >= xf:
                a = xf
            else:
                b = xf
            fulc, ffulc = nfc, fnfc
            nfc, fnfc = xf, fx
            xf, fx = x, fu
        else:
            if x < xf:
                a = x
            else:
                b = x
            if (fu <= fnfc) or (nfc == xf):
                fulc, ffulc = nfc, fnfc
                nfc, fnfc = x, fu
            elif (fu <= ffulc) or (fulc == xf) or (fulc == nfc):
                fulc, ffulc = x, fu
        xm = 0.5 * (a + b)
        tol1 = sqrt_eps * abs(xf) + xatol / 3.0
        tol2 = 2.0 * tol1
        if num >= maxfun:
            flag = 1
            break
    if xf != xf or fx != fx or fu != fu:
        flag = 2
    return xf, fx, num, flag


# ---------------------------------------------------------------- the solver functions
@functools.lru_cache(maxsize=None)
def scalar_minimizer(method):
    """The @njit solver function of ``method``: 'brent' and 'golden' take
    ``(f, args, nbrack, b0, b1, b2, xtol, maxiter)`` (``nbrack`` 0, 2 or 3:
    ``brack`` None, a pair or a triple, in b0..b2), 'bounded' ``(f, args,
    x1, x2, xatol, maxfun)``; each returns ``(x, fun, nit, nfev, status,
    bracket)``, ``bracket`` the 7 values of a failed bracket search (status
    :data:`NO_BRACKET`, with x and fun minimize_scalar's answer then).

    A function of its own, not inlined: compiled once per ``f`` (and
    ``args`` types) and shared by every caller and by the Python entries,
    called with ``type_only(f)`` (see docs/architecture.md, Compile time)."""
    if method == "bounded":
        @njit
        def bounded(f, args, x1, x2, xatol, maxfun):
            check_bounds(x1, x2)
            data = CallbackData(A.as_args(args), (), False, (), ())
            x, fx, num, flag = bounded_search(f, data, x1, x2, xatol, maxfun)
            return x, fx, num, num, flag, (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
        return bounded
    if method == "brent":
        @njit
        def brent_run(f, args, nbrack, b0, b1, b2, xtol, maxiter):
            if xtol < 0:
                raise MinimizeScalarInputError("tolerance should be >= 0, got %r", xtol)
            data = CallbackData(A.as_args(args), (), False, (), ())
            xa, xb, xc, fa, fb, fc, calls, valid = bracket_info(f, data, nbrack, b0, b1, b2)
            found = (xa, xb, xc, fa, fb, fc, calls)
            if not valid:
                x, fx = bracket_minimum(xa, xb, xc, fa, fb, fc)
                return x, fx, 0, calls, NO_BRACKET, found
            x, fx, nit, calls = brent_search(f, data, xa, xb, xc, fb, calls, xtol, maxiter)
            return x, fx, nit, calls, SOLVED, found
        return brent_run

    @njit
    def golden_run(f, args, nbrack, b0, b1, b2, xtol, maxiter):
        data = CallbackData(A.as_args(args), (), False, (), ())
        xa, xb, xc, fa, fb, fc, calls, valid = bracket_info(f, data, nbrack, b0, b1, b2)
        found = (xa, xb, xc, fa, fb, fc, calls)
        if not valid:
            x, fx = bracket_minimum(xa, xb, xc, fa, fb, fc)
            return x, fx, 0, calls, NO_BRACKET, found
        x, fx, nit, calls = _golden(f, data, xa, xb, xc, calls, xtol, maxiter)
        return x, fx, nit, calls, SOLVED, found
    return golden_run


@functools.lru_cache(maxsize=None)
def bracket_solver():
    """The @njit function ``(f, args, xa, xb, grow_limit, maxiter) ->
    (xa, xb, xc, fa, fb, fc, funcalls, valid)`` of ``bracket``."""
    @njit
    def run(f, args, xa, xb, grow_limit, maxiter):
        data = CallbackData(A.as_args(args), (), False, (), ())
        return _bracket_search(f, data, xa, xb, grow_limit, maxiter)
    return run
