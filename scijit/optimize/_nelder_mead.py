"""``minimize``'s Nelder-Mead, scipy 1.17's ``_minimize_neldermead`` step for step.

One cached @njit function for every user function (the objective reached
through its glue's pointer, :mod:`._scalar_function`), with scipy's
simplex, its reflection/expansion/contraction/shrink coefficients (the
adaptive ones of Gao & Han 2012 with ``adaptive=True``), bounds by clipping,
its ``maxiter``/``maxfev`` defaults and its count of evaluations (an
evaluation past ``maxfev`` is not made; the iteration it belonged to ends
there, as scipy's _MaxFuncCallError ends it).

Its helpers are inlined into the solver (numba's ``inline="always"``): called
as functions, each call passed its arrays with their reference counts
updated atomically, 40% of a small problem's time (Rosenbrock from (-1.2,
1): 22.6 -> 13.7 us per minimisation; the solver's code 6.4k -> 8.7k lines
of LLVM, which every caller links).

The vertices are re-ordered after each iteration by their values with a
stable sort, NaN last.  numpy's ``argsort`` orders ties as its SIMD sort
happens to on the machine (on this project's AMD EPYC it is not stable), so
with equal values at two vertices the order, and the path after it, may
differ from scipy's; without ties it is scipy's.
"""
import numpy as np
from numba import njit

from lowering.held import held

from ._scalar_function import VALUE, call

__all__ = ["nelder_mead", "clip_into", "MAXFEV", "MAXITER_NM"]

#: scipy's Nelder-Mead statuses (bounds out of order are refused by the caller)
MAXFEV, MAXITER_NM = 1, 2


@njit(inline="always")
def _before(a, b):
    """``a`` sorts before ``b``: smaller, NaN last."""
    if np.isnan(a):
        return False
    return np.isnan(b) or a < b


@njit(inline="always")
def _sort_simplex(sim, fsim, row):
    """Sort the vertices by value (stable insertion sort, NaN last)."""
    n1, n = sim.shape
    for i in range(1, n1):
        f = fsim[i]
        for j in range(n):
            row[j] = sim[i, j]
        k = i - 1
        while k >= 0 and _before(f, fsim[k]):
            fsim[k + 1] = fsim[k]
            for j in range(n):
                sim[k + 1, j] = sim[k, j]
            k -= 1
        fsim[k + 1] = f
        for j in range(n):
            sim[k + 1, j] = row[j]


@njit(inline="always")
def copy_row(sim, i, x):
    """``sim[i] = x`` as a loop (no slice assignment: see
    _gradient_methods.copy_into)."""
    for j in range(x.size):
        sim[i, j] = x[j]


@njit(inline="always")
def clip_into(x, lb, ub, bounded):
    """``np.clip(x, lb, ub)`` in place when ``bounded`` (NaN stays NaN)."""
    if bounded:
        for j in range(x.size):
            v = x[j]
            if v < lb[j]:
                v = lb[j]
            if v > ub[j]:
                v = ub[j]
            x[j] = v


@njit(inline="always")
def _trial_point(out, a, xbar, b, sim, row, lb, ub, bounded):
    """``out = a * xbar + b * sim[row]``, clipped into the bounds: scipy's
    reflection, expansion and contractions (its ``c1 * xbar - c2 * sim[-1]``
    is this with ``b = -c2``: subtracting is adding the negated product,
    exactly)."""
    for j in range(out.size):
        out[j] = a * xbar[j] + b * sim[row, j]
    clip_into(out, lb, ub, bounded)


@njit(inline="always")
def _value(slot, glue, args, x, xcall, g, fcalls, maxfun):
    """scipy's ``function_wrapper``: ``(made, f)``, no call once ``maxfun``
    evaluations were made (scipy raises _MaxFuncCallError there)."""
    if fcalls[0] >= maxfun:
        return False, 0.0
    fcalls[0] += 1
    for j in range(x.size):
        xcall[j] = x[j]
    return True, call(slot, glue, xcall, g, args, VALUE)


@njit(inline="always")
def _max_abs_spread(sim, fsim):
    """``(max |sim[1:] - sim[0]|, max |fsim[0] - fsim[1:]|)``, NaN if any is."""
    xs = 0.0
    for i in range(1, sim.shape[0]):
        for j in range(sim.shape[1]):
            d = abs(sim[i, j] - sim[0, j])
            if np.isnan(d) or d > xs:
                xs = d
            if np.isnan(xs):
                break
    fs = 0.0
    for i in range(1, fsim.size):
        d = abs(fsim[0] - fsim[i])
        if np.isnan(d) or d > fs:
            fs = d
        if np.isnan(fs):
            break
    return xs, fs


@njit(cache=True, error_model="numpy")
def nelder_mead(slot, glue, args, x0, maxiter, maxfev, xatol, fatol, adaptive, initial_simplex,
                lb, ub, bounded):
    """scipy's ``_minimize_neldermead``: ``(x, fun, nit, nfev, status, sim,
    fsim)``.  ``maxiter``, ``maxfev``: negative for None;
    ``initial_simplex`` (N+1, N), or (0, 0) for scipy's; ``lb``, ``ub`` the
    bounds when ``bounded`` (x0 already clipped by the caller)."""
    if adaptive:
        dim = float(x0.size)
        rho = 1.0
        chi = 1 + 2 / dim
        psi = 0.75 - 1 / (2 * dim)
        sigma = 1 - 1 / dim
    else:
        rho = 1.0
        chi = 2.0
        psi = 0.5
        sigma = 0.5
    nonzdelt = 0.05
    zdelt = 0.00025
    if initial_simplex.shape[0] == 0:
        N = x0.size
        sim = np.empty((N + 1, N))
        for j in range(N):
            sim[0, j] = x0[j]
        for k in range(N):
            for j in range(N):
                sim[k + 1, j] = x0[j]
            if x0[k] != 0:
                sim[k + 1, k] = (1 + nonzdelt) * x0[k]
            else:
                sim[k + 1, k] = zdelt
    else:
        sim = initial_simplex.astype(np.float64)
        N = sim.shape[1]
    if maxiter < 0 and maxfev < 0:
        maxit = N * 200.0
        maxfun = N * 200.0
    elif maxiter < 0:
        maxfun = maxfev
        maxit = N * 200.0 if maxfun == np.inf else np.inf
    elif maxfev < 0:
        maxit = maxiter
        maxfun = N * 200.0 if maxit == np.inf else np.inf
    else:
        maxit = maxiter
        maxfun = maxfev
    if bounded:
        for i in range(N + 1):
            for j in range(N):
                if sim[i, j] > ub[j]:
                    sim[i, j] = 2 * ub[j] - sim[i, j]
            clip_into(sim[i], lb, ub, True)
    fsim = np.full(N + 1, np.inf)
    fcalls = np.zeros(1)
    xcall = np.empty(N)
    g = np.empty(N)
    row = np.empty(N)
    for k in range(N + 1):
        made, f = _value(slot, glue, args, sim[k], xcall, g, fcalls, maxfun)
        if not made:
            break
        fsim[k] = f
    _sort_simplex(sim, fsim, row)
    xbar = np.empty(N)
    xr = np.empty(N)
    xe = np.empty(N)
    iterations = 1
    while fcalls[0] < maxfun and iterations < maxit and not held(slot):
        xs, fs = _max_abs_spread(sim, fsim)
        if xs <= xatol and fs <= fatol:
            break
        for j in range(N):
            xbar[j] = sim[0, j]
        for i in range(1, N):
            for j in range(N):
                xbar[j] += sim[i, j]
        for j in range(N):
            xbar[j] /= N
        _trial_point(xr, 1 + rho, xbar, -rho, sim, N, lb, ub, bounded)
        made, fxr = _value(slot, glue, args, xr, xcall, g, fcalls, maxfun)
        if made:
            made = _step(slot, glue, args, sim, fsim, xbar, xr, fxr, xe, xcall, g, fcalls,
                         maxfun, rho, chi, psi, sigma, lb, ub, bounded)
        if made:
            iterations += 1
        _sort_simplex(sim, fsim, row)
    x = sim[0].copy()
    fval = fsim[0]
    for i in range(1, N + 1):
        if np.isnan(fsim[i]) or fsim[i] < fval:
            fval = fsim[i]
            if np.isnan(fval):
                break
    if fcalls[0] >= maxfun:
        status = MAXFEV
    elif iterations >= maxit:
        status = MAXITER_NM
    else:
        status = 0
    return x, fval, iterations, int(fcalls[0]), status, sim, fsim


@njit(inline="always")
def _step(slot, glue, args, sim, fsim, xbar, xr, fxr, xe, xcall, g, fcalls, maxfun, rho, chi,
          psi, sigma, lb, ub, bounded):
    """One iteration after the reflection (scipy's if-chain): expansion,
    contraction or shrink; False when an evaluation was refused (maxfev)."""
    N = xbar.size
    last = N
    if fxr < fsim[0]:
        _trial_point(xe, 1 + rho * chi, xbar, -(rho * chi), sim, last, lb, ub, bounded)
        made, fxe = _value(slot, glue, args, xe, xcall, g, fcalls, maxfun)
        if not made:
            return False
        if fxe < fxr:
            copy_row(sim, last, xe)
            fsim[last] = fxe
        else:
            copy_row(sim, last, xr)
            fsim[last] = fxr
        return True
    if fxr < fsim[last - 1]:
        copy_row(sim, last, xr)
        fsim[last] = fxr
        return True
    doshrink = False
    if fxr < fsim[last]:
        _trial_point(xe, 1 + psi * rho, xbar, -(psi * rho), sim, last, lb, ub, bounded)
        made, fxc = _value(slot, glue, args, xe, xcall, g, fcalls, maxfun)
        if not made:
            return False
        if fxc <= fxr:
            copy_row(sim, last, xe)
            fsim[last] = fxc
        else:
            doshrink = True
    else:
        _trial_point(xe, 1 - psi, xbar, psi, sim, last, lb, ub, bounded)
        made, fxcc = _value(slot, glue, args, xe, xcall, g, fcalls, maxfun)
        if not made:
            return False
        if fxcc < fsim[last]:
            copy_row(sim, last, xe)
            fsim[last] = fxcc
        else:
            doshrink = True
    if doshrink:
        for i in range(1, N + 1):
            for j in range(N):
                sim[i, j] = sim[0, j] + sigma * (sim[i, j] - sim[0, j])
            clip_into(sim[i], lb, ub, bounded)
            made, f = _value(slot, glue, args, sim[i], xcall, g, fcalls, maxfun)
            if not made:
                return False
            fsim[i] = f
    return True
