"""``minimize``'s Newton-CG, scipy 1.17's ``_minimize_newtoncg`` step for step.

Each outer iteration solves ``H(xk) p = -grad f(xk)`` approximately by
conjugate gradients started from 0 (truncated when the residual's 1-norm
falls below ``min(0.5, sqrt(|g|_1)) |g|_1``, or at the first direction of
non-positive curvature), then takes a Wolfe line search along ``p``; it stops
when the step's 1-norm is at most ``n * xtol``.

The Hessian reaches the CG loop in one of five ways (scipy's reading of
``hess`` and ``hessp``), ``hess_kind``:

HESS_CALLABLE
    ``hess(x, *args)``, an (n, n) array, through the memoised
    ScalarFunction (called at ``x0`` when it is made, then once per
    iteration); the products are ``np.dot`` (BLAS dgemv) as scipy's
    ``A.dot(p)``.
HESSP_CALLABLE
    ``hessp(x, p, *args)``, once per CG iteration.
HESS_2POINT, HESS_3POINT
    ``hess='2-point'``/``'3-point'``: the gradient differenced along ``p``
    (scipy's linear operator from ``approx_derivative``), each gradient
    counted in ``njev``.
HESSP_APPROX
    neither: scipy's ``approx_fhess_p``, forward differences of the
    memoised gradient with the absolute step ``eps``.

One cached @njit function for every user function: the user's code is
reached through the pointer of its glue (:mod:`._scalar_function`), an
exception held in ``slot`` (:mod:`lowering.held`).
"""
import numpy as np
from numba import njit

from lowering.held import held

from ._blas import dot, matvec
from ._line_search import NO_EXTRA, line_search_wolfe12, py_min
from ._scalar_function import (counts, difference_hessp, new_state, sf_fun, sf_grad, sf_hess,
                               user_hessp)

__all__ = ["newton_cg", "HESS_CALLABLE", "HESSP_CALLABLE", "HESS_2POINT", "HESS_3POINT",
           "HESSP_APPROX", "NEWTON_CG_MESSAGES"]

HESS_CALLABLE, HESSP_CALLABLE, HESS_2POINT, HESS_3POINT, HESSP_APPROX = range(5)

#: the solver's message codes (the status is the code, but 4 is status 3 too)
SUCCESS, MAXITER, PR_LOSS, CG_NOT_CONVERGED, NAN_RESULT = range(5)
NEWTON_CG_MESSAGES = {
    SUCCESS: "Optimization terminated successfully.",
    MAXITER: "Warning: Maximum number of iterations has been exceeded.",
    PR_LOSS: "Warning: Desired error not necessarily achieved due to precision loss.",
    CG_NOT_CONVERGED: "Warning: CG iterations didn't converge. The Hessian is not positive "
                      "definite.",
    NAN_RESULT: "NaN result encountered.",
}
#: line_search_wolfe1's defaults (Newton-CG passes only c1 and c2), and
#: line_search_wolfe2's amax None
_AMIN, _AMAX, _AMAX2 = 1e-8, 50.0, np.inf
_EPS = np.finfo(np.float64).eps
_FLOAT_MAX = np.finfo(np.float64).max


@njit(cache=True)
def _block_sum_abs(v, lo, n):
    """numpy's pairwise_sum of ``|v[lo:lo + n]|`` for n <= 128: eight
    accumulators, then the rest (as scijit._pairwise's leaves, without the
    temporary array of |v| that ``pairwise`` would need)."""
    if n < 8:
        res = 0.0
        for i in range(n):
            res += abs(v[lo + i])
        return res
    r = np.empty(8)
    for j in range(8):
        r[j] = abs(v[lo + j])
    i = 8
    stop = n - n % 8
    while i < stop:
        for j in range(8):
            r[j] += abs(v[lo + i + j])
        i += 8
    res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    while i < n:
        res += abs(v[lo + i])
        i += 1
    return res


@njit(cache=True)
def l1_norm(v):
    """``np.linalg.norm(v, ord=1)`` and ``np.add.reduce(np.abs(v))``: numpy's
    pairwise summation (leaves of at most 128, halves split at a multiple of
    8), so the sum is numpy's to the bit for every length.  numpy recurses;
    an explicit stack walks the same tree (a recursive function does not
    survive numba's cache)."""
    n = v.size
    if n <= 128:
        return _block_sum_abs(v, 0, n)
    los = np.empty(64, np.int64)
    ns = np.empty(64, np.int64)
    stage = np.zeros(64, np.int64)
    left = np.empty(64)
    top = 0
    los[0], ns[0] = 0, n
    ret = 0.0
    while top >= 0:
        lo, m = los[top], ns[top]
        half = m // 2
        half -= half % 8
        if m <= 128:
            ret = _block_sum_abs(v, lo, m)
            top -= 1
        elif stage[top] == 0:
            stage[top] = 1
            top += 1
            los[top], ns[top], stage[top] = lo, half, 0
        elif stage[top] == 1:
            left[top] = ret
            stage[top] = 2
            top += 1
            los[top], ns[top], stage[top] = lo + half, m - half, 0
        else:
            ret = left[top] + ret
            top -= 1
    return ret


@njit(cache=True, error_model="numpy")
def newton_cg(slot, glue, args, x0, kind, hess_kind, eps, xtol, maxiter, c1, c2):
    """scipy's ``_minimize_newtoncg``: ``(x, fun, jac, nfev, njev, nhev,
    status, code, nit)``, ``code`` the message's (NEWTON_CG_MESSAGES).
    ``kind`` GRAD_CALLABLE or GRAD_MEMO; ``eps`` the step per component of
    HESSP_APPROX; ``maxiter`` a count or -1 for scipy's ``200 * n``.  ``jac``
    is scipy's ``gfk``: the gradient at the start of the last iteration
    whose conjugate gradients converged (empty, scipy's None, when none
    did)."""
    n = x0.size
    state = new_state(x0, kind, np.zeros(n), False)
    H = np.empty(n * n if hess_kind == HESS_CALLABLE else 0)
    # ScalarFunction's evaluations when it is made: f, g, and a callable hess
    old_fval = sf_fun(slot, glue, args, state, x0)
    sf_grad(slot, glue, args, state, x0)
    if hess_kind == HESS_CALLABLE:
        sf_hess(slot, glue, args, state, x0, H)
    Hm = H.reshape((n, n)) if hess_kind == HESS_CALLABLE else H.reshape((0, 0))
    if maxiter < 0:
        maxiter = 200.0 * n
    cg_maxiter = 20 * n
    xtol_n = n * xtol
    update_l1norm = _FLOAT_MAX
    xk = x0.copy()
    k = 0
    hcalls = 0
    gfk = np.empty(0)
    old_old_fval = np.nan               # scipy's None: the first line search tries 1
    b = np.empty(n)
    ri = np.empty(n)
    psupi = np.empty(n)
    xsupi = np.empty(n)
    Ap = np.empty(n)
    xt = np.empty(n)
    g1 = np.empty(n)
    g2 = np.empty(n)
    gfkp1 = np.empty(n)
    work = np.empty(2 * n + 1)
    cache = np.empty(2)
    code = SUCCESS
    stopped = False
    while not held(slot) and update_l1norm > xtol_n:
        if k >= maxiter:
            code = MAXITER
            stopped = True
            break
        g = sf_grad(slot, glue, args, state, xk)
        if held(slot):
            break
        for j in range(n):
            b[j] = -g[j]
            ri[j] = g[j]                # -b
            psupi[j] = -g[j]            # -ri
            xsupi[j] = 0.0
        maggrad = l1_norm(b)
        eta = py_min(0.5, np.sqrt(maggrad))
        termcond = eta * maggrad
        i = 0
        dri0 = dot(ri, ri)
        if hess_kind == HESS_CALLABLE:
            sf_hess(slot, glue, args, state, xk, H)
            hcalls += 1
            if held(slot):
                break
        converged = False
        for _ in range(cg_maxiter):
            if l1_norm(ri) <= termcond:
                converged = True
                break
            if hess_kind == HESS_CALLABLE:
                product = matvec(Hm, psupi)
                for j in range(n):
                    Ap[j] = product[j]
            elif hess_kind == HESSP_CALLABLE:
                user_hessp(slot, glue, args, state, xk, psupi, Ap)
                hcalls += 1
            elif hess_kind == HESS_2POINT or hess_kind == HESS_3POINT:
                difference_hessp(slot, glue, args, state, psupi, Ap,
                                 hess_kind == HESS_3POINT, xt, g1, g2)
                hcalls += 1
            else:
                # approx_fhess_p: the gradient at xk first (memoised), then
                # at xk + eps p, through the ScalarFunction
                gx = sf_grad(slot, glue, args, state, xk)
                for j in range(n):
                    g1[j] = gx[j]
                    xt[j] = xk[j] + eps[j] * psupi[j]
                if held(slot):
                    break
                gp = sf_grad(slot, glue, args, state, xt)
                for j in range(n):
                    Ap[j] = (gp[j] - g1[j]) / eps[j]
            if held(slot):
                break
            curv = dot(psupi, Ap)
            if 0 <= curv <= 3 * _EPS:
                converged = True
                break
            elif curv < 0:
                converged = True
                if i == 0:
                    # fall back to the steepest descent direction
                    scale = dri0 / (-curv)
                    for j in range(n):
                        xsupi[j] = scale * b[j]
                break
            alphai = dri0 / curv
            for j in range(n):
                xsupi[j] += alphai * psupi[j]
                ri[j] += alphai * Ap[j]
            dri1 = dot(ri, ri)
            betai = dri1 / dri0
            for j in range(n):
                psupi[j] = -ri[j] + betai * psupi[j]
            i += 1
            dri0 = dri1
        if held(slot):
            break
        if not converged:
            code = CG_NOT_CONVERGED
            stopped = True
            break
        # (scipy's gfk is set here: a result after a CG failure has the one before)
        if gfk.size == 0:
            gfk = np.empty(n)
        for j in range(n):
            gfk[j] = -b[j]
        found, alphak, new_fval, prev_fval, _ = line_search_wolfe12(
            slot, glue, args, state, xk, xsupi, gfk, old_fval, old_old_fval, c1, c2, _AMIN,
            _AMAX, _AMAX2, NO_EXTRA, 0.0, 0.0, np.inf, gfkp1, work, xsupi, xsupi, xsupi, cache)
        if held(slot):
            break
        if not found:
            code = PR_LOSS
            stopped = True
            break
        old_fval, old_old_fval = new_fval, prev_fval
        for j in range(n):
            xt[j] = alphak * xsupi[j]   # the update
            xk[j] += xt[j]
        k += 1
        update_l1norm = l1_norm(xt)
    if not stopped and (np.isnan(old_fval) or np.isnan(update_l1norm)):
        code = NAN_RESULT
    nfev, ngev = counts(state)
    status = 3 if code == NAN_RESULT else code
    return xk, old_fval, gfk, nfev, ngev, hcalls, status, code, k
