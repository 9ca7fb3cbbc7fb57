"""``minimize``'s BFGS and CG, scipy 1.17's ``_minimize_bfgs`` and
``_minimize_cg`` step for step.

Each is one cached @njit function (compiled once per ``args`` type, for
every user function: the user's code is reached through the pointer of its
glue, :mod:`._scalar_function`), calling the objective through scipy's
memoised ScalarFunction and the Wolfe line searches of :mod:`._line_search`.
The matrix and vector products are ``np.dot``, which numba, like numpy, hands
to BLAS, so the sums are formed as scipy's are.

Both return ``(x, fun, jac, hess_inv, nfev, njev, status, nit)`` with
scipy's status codes (0 success, 1 maxiter, 2 precision loss, 3 NaN); an
exception of the user's code is held in ``slot``.  ``c1`` and ``c2`` are
checked by the caller (``minimize``'s core, before the solve).
"""
import numpy as np
from numba import njit

from lowering.held import held

from ._blas import dot, matmul, matvec
from ._line_search import CG_DESCENT, NO_EXTRA, cg_step, line_search_wolfe12, vecnorm
from ._scalar_function import counts, new_state, sf_fun, sf_grad

__all__ = ["bfgs", "cg", "SUCCESS", "MAXITER", "PR_LOSS", "NAN_RESULT"]

SUCCESS, MAXITER, PR_LOSS, NAN_RESULT = 0, 1, 2, 3
_AMIN, _AMAX = 1e-100, 1e100


@njit(cache=True)
def copy_into(dst, src):
    """``dst[:] = src`` as a loop (numba's slice assignment builds its
    shape-mismatch message with its string machinery: code every caller of
    the solver links and optimises again)."""
    for i in range(dst.size):
        dst[i] = src[i]


@njit(cache=True)
def any_nan(x):
    for v in x:
        if np.isnan(v):
            return True
    return False


@njit(cache=True)
def identity(n):
    out = np.zeros((n, n))
    for i in range(n):
        out[i, i] = 1.0
    return out


@njit(cache=True, error_model="numpy")
def bfgs_update(Hk, sk, yk, rhok, A1, A2):
    """scipy's inverse Hessian update, in place: ``Hk = A1 @ (Hk @ A2) +
    rhok sk sk^T`` with ``A1 = I - rhok sk yk^T``, ``A2 = I - rhok yk sk^T``
    (each element in scipy's order of operations, the products by BLAS)."""
    n = sk.size
    for i in range(n):
        for j in range(n):
            e = 1.0 if i == j else 0.0
            A1[i, j] = e - sk[i] * yk[j] * rhok
            A2[i, j] = e - yk[i] * sk[j] * rhok
    H = matmul(A1, matmul(Hk, A2))
    for i in range(n):
        for j in range(n):
            Hk[i, j] = H[i, j] + rhok * sk[i] * sk[j]


@njit(cache=True)
def _final_status(warnflag, k, maxiter, gnorm, fval, xk):
    """scipy's status after the loop."""
    if warnflag == PR_LOSS:
        return warnflag
    if k >= maxiter:
        return MAXITER
    if np.isnan(gnorm) or np.isnan(fval) or any_nan(xk):
        return NAN_RESULT
    return SUCCESS


@njit(cache=True, error_model="numpy")
def bfgs(slot, glue, args, x0, kind, steps, has_rel_step, gtol, norm, maxiter, xrtol, c1, c2,
         hess_inv0):
    """scipy's ``_minimize_bfgs`` (``hess_inv0`` an (n, n) array, or (0, 0)
    for the identity)."""
    n = x0.size
    state = new_state(x0, kind, steps, has_rel_step)
    old_fval = sf_fun(slot, glue, args, state, x0)
    gfk = sf_grad(slot, glue, args, state, x0).copy()
    k = 0
    Hk = identity(n) if hess_inv0.shape[0] == 0 else hess_inv0.copy()
    old_old_fval = old_fval + np.sqrt(dot(gfk, gfk)) / 2
    xk = x0.copy()
    warnflag = 0
    gnorm = vecnorm(gfk, norm)
    pk = np.empty(n)
    gfkp1 = np.empty(n)
    work = np.empty(2 * n + 1)
    cache = np.empty(2)
    sk = np.empty(n)
    yk = np.empty(n)
    A1 = np.empty((n, n))
    A2 = np.empty((n, n))
    if held(slot):
        return xk, old_fval, gfk, Hk, 0, 0, SUCCESS, 0
    while gnorm > gtol and k < maxiter:
        hg = matvec(Hk, gfk)
        for i in range(n):
            pk[i] = -hg[i]
        found, alpha_k, new_fval, prev_fval, has_gfkp1 = line_search_wolfe12(
            slot, glue, args, state, xk, pk, gfk, old_fval, old_old_fval, c1, c2, _AMIN, _AMAX,
            _AMAX, NO_EXTRA, 0.0, 0.0, norm, gfkp1, work, pk, pk, pk, cache)
        if held(slot):
            break
        if not found:
            warnflag = PR_LOSS
            break
        old_fval, old_old_fval = new_fval, prev_fval
        for i in range(n):
            sk[i] = alpha_k * pk[i]
            xk[i] = xk[i] + sk[i]
        if not has_gfkp1:
            copy_into(gfkp1, sf_grad(slot, glue, args, state, xk))
            if held(slot):
                break
        for i in range(n):
            yk[i] = gfkp1[i] - gfk[i]
        copy_into(gfk, gfkp1)
        k += 1
        gnorm = vecnorm(gfk, norm)
        if gnorm <= gtol:
            break
        if alpha_k * vecnorm(pk, 2.0) <= xrtol * (xrtol + vecnorm(xk, 2.0)):
            break
        if not np.isfinite(old_fval):
            warnflag = PR_LOSS
            break
        rhok_inv = dot(yk, sk)
        if rhok_inv == 0.0:
            rhok = 1000.0
        else:
            rhok = 1.0 / rhok_inv
        bfgs_update(Hk, sk, yk, rhok, A1, A2)
    status = _final_status(warnflag, k, maxiter, gnorm, old_fval, xk)
    nfev, ngev = counts(state)
    return xk, old_fval, gfk, Hk, nfev, ngev, status, k


@njit(cache=True, error_model="numpy")
def cg(slot, glue, args, x0, kind, steps, has_rel_step, gtol, norm, maxiter, c1, c2):
    """scipy's ``_minimize_cg`` (Polak-Ribiere with Powell's restart, and
    its descent condition on the line search)."""
    n = x0.size
    state = new_state(x0, kind, steps, has_rel_step)
    old_fval = sf_fun(slot, glue, args, state, x0)
    gfk = sf_grad(slot, glue, args, state, x0).copy()
    k = 0
    xk = x0.copy()
    old_old_fval = old_fval + np.sqrt(dot(gfk, gfk)) / 2
    warnflag = 0
    pk = -gfk
    gnorm = vecnorm(gfk, norm)
    gfkp1 = np.empty(n)
    work = np.empty(2 * n + 1)
    c_x = np.empty(n)
    c_p = np.empty(n)
    c_g = np.empty(n)
    c_ag = np.empty(2)
    if held(slot):
        return xk, old_fval, gfk, np.empty((0, 0)), 0, 0, SUCCESS, 0
    while gnorm > gtol and k < maxiter:
        deltak = dot(gfk, gfk)
        c_ag[0] = np.nan                    # scipy's cached_step = [None]
        found, alpha_k, new_fval, prev_fval, has_gfkp1 = line_search_wolfe12(
            slot, glue, args, state, xk, pk, gfk, old_fval, old_old_fval, c1, c2, _AMIN, _AMAX,
            _AMAX, CG_DESCENT, deltak, gtol, norm, gfkp1, work, c_x, c_p, c_g, c_ag)
        if held(slot):
            break
        if not found:
            warnflag = PR_LOSS
            break
        old_fval, old_old_fval = new_fval, prev_fval
        if alpha_k != c_ag[0]:
            if not has_gfkp1:
                for i in range(n):
                    work[i] = xk[i] + alpha_k * pk[i]
                copy_into(gfkp1, sf_grad(slot, glue, args, state, work[:n]))
                if held(slot):
                    break
            cg_step(alpha_k, xk, pk, gfkp1, gfk, deltak, norm, c_x, c_p, c_g, c_ag)
        copy_into(xk, c_x)
        copy_into(pk, c_p)
        copy_into(gfk, c_g)
        gnorm = c_ag[1]
        k += 1
    status = _final_status(warnflag, k, maxiter, gnorm, old_fval, xk)
    nfev, ngev = counts(state)
    return xk, old_fval, gfk, np.empty((0, 0)), nfev, ngev, status, k
