"""``minimize``'s L-BFGS-B: scipy 1.17's ``_minimize_lbfgsb`` around our setulb.

scipy drives its C ``setulb`` by reverse communication: the kernel returns
asking for ``f`` and ``g`` at its ``x`` (task FG) or announcing a new iterate
(NEW_X), and the Python loop evaluates through its ScalarFunction (memoised,
finite differences within the bounds) and counts the iterations.  This is
that loop, compiled, around our Fortran ``setulb`` (``vendor/lbfgsb``: the
same contract, task codes and workspace; scipy's own BLAS and LAPACK handed
to it, so the iterates are scipy's to the bit) and scijit's ScalarFunction
(:mod:`._scalar_function`).  One cached @njit function for every user
function, called by symbol (:mod:`lowering.separate`).

Returns ``(x, fun, jac, nfev, njev, nit, status, task, sk, yk)``: scipy's
warnflag as ``status`` (0 converged, 1 a limit, 2 otherwise), the final
``task`` codes for the message, and the corrections of the inverse Hessian
(``hess_inv``).  An exception of the user's code is held in ``slot``.
"""
import numpy as np
from numba import njit
from numba.extending import overload_method

from lowering.held import held
from lowering.lbfgsb import setulb
from lowering.separate import separate
from scijit_types.lbfgs import LbfgsInvHessProductType

from .._messages import status_message, status_table
from ._scalar_function import bounded_state, counts, sf_fun, sf_grad, value_at_fixed_point

__all__ = ["lbfgsb", "lbfgsb_message", "TASK_STATUS", "TASK_MESSAGES", "ALL_FIXED",
           "ALL_FIXED_MESSAGE"]

#: scipy's ``status_messages`` and ``task_messages`` (_lbfgsb_py.py)
TASK_STATUS = {0: "START", 1: "NEW_X", 2: "RESTART", 3: "FG", 4: "CONVERGENCE", 5: "STOP",
               6: "WARNING", 7: "ERROR", 8: "ABNORMAL"}
TASK_MESSAGES = {
    0: "", 301: "", 302: "",
    401: "NORM OF PROJECTED GRADIENT <= PGTOL",
    402: "RELATIVE REDUCTION OF F <= FACTR*EPSMCH",
    501: "CPU EXCEEDING THE TIME LIMIT",
    502: "TOTAL NO. OF F,G EVALUATIONS EXCEEDS LIMIT",
    503: "PROJECTED GRADIENT IS SUFFICIENTLY SMALL",
    504: "TOTAL NO. OF ITERATIONS REACHED LIMIT",
    505: "CALLBACK REQUESTED HALT",
    601: "ROUNDING ERRORS PREVENT PROGRESS",
    602: "STP = STPMAX",
    603: "STP = STPMIN",
    604: "XTOL TEST SATISFIED",
    701: "NO FEASIBLE SOLUTION",
    702: "FACTR < 0",
    703: "FTOL < 0",
    704: "GTOL < 0",
    705: "XTOL < 0",
    706: "STP < STPMIN",
    707: "STP > STPMAX",
    708: "STPMIN < 0",
    709: "STPMAX < STPMIN",
    710: "INITIAL G >= 0",
    711: "M <= 0",
    712: "N <= 0",
    713: "INVALID NBD",
}
_STATUS_TABLE = status_table(TASK_STATUS)
_MESSAGE_TABLE = status_table(TASK_MESSAGES)
_FG, _NEW_X, _CONVERGENCE, _STOP = 3, 1, 4, 5
_STOP_MAXFUN, _STOP_MAXITER = 502, 504
#: the task status standing for scipy's result when the bounds fix every variable
ALL_FIXED = -1
#: scipy's message when the bounds fix every variable (_optimize_result_for_equal_bounds)
ALL_FIXED_MESSAGE = "All independent variables were fixed by bounds."


@separate      # (a message: string code every caller would optimise again)
@njit(cache=True)
def lbfgsb_message(task_status, task_message):
    """scipy's ``status_messages[task[0]] + ": " + task_messages[task[1]]``."""
    if task_status == ALL_FIXED:
        return ALL_FIXED_MESSAGE
    return (status_message(_STATUS_TABLE, task_status, "") + ": "
            + status_message(_MESSAGE_TABLE, task_message, ""))


@njit(cache=True)
def bound_kinds(lb, ub):
    """L-BFGS-B's ``(l, u, nbd)`` from bounds with infinities (scipy's
    ``bounds_map``: 0 none, 1 lower, 2 both, 3 upper; the infinite bound's
    entry 0)."""
    n = lb.size
    low = np.zeros(n)
    up = np.zeros(n)
    nbd = np.zeros(n, np.int32)
    for i in range(n):
        has_low = not np.isinf(lb[i])
        has_up = not np.isinf(ub[i])
        if has_low:
            low[i] = lb[i]
        if has_up:
            up[i] = ub[i]
        nbd[i] = (2 if has_up else 1) if has_low else (3 if has_up else 0)
    return low, up, nbd


@njit(cache=True, error_model="numpy")
def lbfgsb(slot, glue, args, x0, kind, steps, has_rel_step, lb, ub, full, m, factr, pgtol,
           maxfun, maxiter, maxls):
    """scipy's ``_minimize_lbfgsb`` from ``x0`` (already clipped to the
    bounds ``lb``, ``ub``: infinities where there are none); ``full`` as
    :func:`~._scalar_function.bounded_state` takes it."""
    n = x0.size
    x = x0.copy()
    low, up, nbd = bound_kinds(lb, ub)
    state = bounded_state(x, kind, steps, has_rel_step, lb, ub, full)
    if n == 0 and full.size > 0:
        # every variable fixed by the bounds: scipy evaluates fun there once
        f = value_at_fixed_point(slot, glue, args, state)
        task = np.array([ALL_FIXED, 0], np.int32)
        return x, f, np.zeros(0), 1, 0, 0, 0, task, np.zeros((0, 0)), np.zeros((0, 0))
    # scipy's ScalarFunction evaluates f, then g, when it is made
    sf_fun(slot, glue, args, state, x)
    sf_grad(slot, glue, args, state, x)
    f = 0.0                             # (scipy hands setulb f = 0, g = 0 to start)
    g = np.zeros(n)
    wa = np.zeros(2 * m * n + 5 * n + 11 * m * m + 8 * m)
    iwa = np.zeros(3 * n, np.int32)
    task = np.zeros(2, np.int32)
    ln_task = np.zeros(2, np.int32)
    lsave = np.zeros(4, np.int32)
    isave = np.zeros(44, np.int32)
    dsave = np.zeros(29)
    nit = 0
    while not held(slot):
        setulb(n, m, x, low, up, nbd, f, g, factr, pgtol, wa, iwa, task, lsave, isave, dsave,
               maxls, ln_task)
        if task[0] == _FG:
            f = sf_fun(slot, glue, args, state, x)
            grad = sf_grad(slot, glue, args, state, x)
            for i in range(n):
                g[i] = grad[i]
        elif task[0] == _NEW_X:
            nit += 1
            if nit >= maxiter:
                task[0] = _STOP
                task[1] = _STOP_MAXITER
            elif counts(state)[0] > maxfun:
                task[0] = _STOP
                task[1] = _STOP_MAXFUN
        else:
            break
    nfev, ngev = counts(state)
    if task[0] == _CONVERGENCE:
        status = 0
    elif nfev > maxfun or nit >= maxiter:
        status = 1
    else:
        status = 2
    n_corrs = min(isave[30], m)
    sk = wa[:m * n].reshape((m, n))[:n_corrs].copy()
    yk = wa[m * n:2 * m * n].reshape((m, n))[:n_corrs].copy()
    return x, f, g, nfev, ngev, nit, status, task, sk, yk


# ---------------------------------------------------------------- hess_inv inside @njit
@njit(cache=True)
def _rho(sk, yk):
    """``1 / np.einsum('ij,ij->i', sk, yk)``."""
    rho = np.empty(sk.shape[0])
    for i in range(sk.shape[0]):
        total = 0.0
        for j in range(sk.shape[1]):
            total += sk[i, j] * yk[i, j]
        rho[i] = 1.0 / total
    return rho


@njit(cache=True)
def inv_hess_matvec(sk, yk, x):
    """scipy's ``LbfgsInvHessProduct._matvec``: the two-loop recursion."""
    n_corrs = sk.shape[0]
    rho = _rho(sk, yk)
    q = x.astype(np.float64).copy()
    alpha = np.empty(n_corrs)
    for i in range(n_corrs - 1, -1, -1):
        alpha[i] = rho[i] * np.dot(sk[i], q)
        q = q - alpha[i] * yk[i]
    r = q
    for i in range(n_corrs):
        beta = rho[i] * np.dot(yk[i], r)
        r = r + sk[i] * (alpha[i] - beta)
    return r


@njit(cache=True)
def inv_hess_dense(sk, yk):
    """scipy's ``LbfgsInvHessProduct.todense``."""
    n_corrs, n = sk.shape
    rho = _rho(sk, yk)
    eye = np.eye(n)
    Hk = eye
    for i in range(n_corrs):
        A1 = eye - np.outer(sk[i], yk[i]) * rho[i]
        A2 = eye - np.outer(yk[i], sk[i]) * rho[i]
        Hk = np.dot(A1, np.dot(Hk, A2)) + np.outer(rho[i] * sk[i], sk[i])
    return Hk


@overload_method(LbfgsInvHessProductType, "todense")
def _todense(op):
    return lambda op: inv_hess_dense(op.sk, op.yk)


@overload_method(LbfgsInvHessProductType, "matvec")
def _matvec(op, x):
    return lambda op, x: inv_hess_matvec(op.sk, op.yk, x)


@overload_method(LbfgsInvHessProductType, "dot")
def _dot(op, x):
    return lambda op, x: inv_hess_matvec(op.sk, op.yk, x)
