"""scipy's Wolfe line searches for the gradient methods of ``minimize``.

``line_search_wolfe12`` is scipy 1.17's ``_line_search_wolfe12``: the
MINPACK-2 search ``dcsrch`` (Moré & Thuente, "Line search algorithms with
guaranteed sufficient decrease", ACM TOMS 20, 1994; scipy's Python
``DCSRCH``), and when it fails the bracketing and zoom search of Nocedal &
Wright's Algorithms 3.5 and 3.6 (scipy's ``scalar_search_wolfe2`` with its
cubic and quadratic interpolation).  Their control flow, the order of their
evaluations and their Python comparisons (``min``/``max`` with NaN) are
scipy's, so the number of evaluations is scipy's.

The searches evaluate ``phi(s) = f(xk + s pk)`` and ``derphi(s) = grad(xk +
s pk) . pk`` through the memoised objective (:mod:`._scalar_function`), so a
gradient asked at the point whose value was just computed reuses it, as
scipy's ScalarFunction does.  ``gval`` receives the last gradient computed
(scipy's ``gval[0]``).

CG's ``extra_condition`` (a step must also give a descent direction) is
``extra`` = CG_DESCENT, with its data (``gfk``, ``deltak``, ``gtol``,
``norm``) and the arrays of the step it caches (scipy's ``cached_step``).
"""
import numpy as np
from numba import njit

from lowering.held import held
from lowering.libm import libm_pow

from ._blas import dot, matvec
from ._scalar_function import sf_fun, sf_grad

__all__ = ["line_search_wolfe12", "vecnorm", "NO_EXTRA", "CG_DESCENT"]

NO_EXTRA, CG_DESCENT = 0, 1
#: CG's descent test (scipy's sigma_3)
SIGMA_3 = 0.01

# dcsrch's tasks
_START, _FG, _CONVERGED, _WARNING, _ERROR = range(5)


@njit(cache=True)
def py_max(a, b):
    """Python's ``max(a, b)`` (the first unless the second is greater)."""
    return b if b > a else a


@njit(cache=True)
def py_min(a, b):
    return b if b < a else a


@njit(cache=True)
def vecnorm(x, ord):
    """scipy's ``vecnorm``: the largest ``|x|`` (``ord`` inf), the smallest
    (-inf), else ``sum(|x|**ord)**(1/ord)`` (summed in order: numpy's
    pairwise sum of more than 8 terms may differ in the last bit)."""
    if ord == np.inf or ord == -np.inf:
        out = abs(x[0])
        for i in range(1, x.size):
            a = abs(x[i])
            if np.isnan(a) or np.isnan(out):
                out = np.nan
            elif (a > out) if ord == np.inf else (a < out):
                out = a
        return out
    total = 0.0
    for i in range(x.size):
        total += abs(x[i]) ** ord
    return libm_pow(total, 1.0 / ord)


@njit
def _phi(slot, glue, args, state, xk, pk, s, xt):
    for i in range(xk.size):
        xt[i] = xk[i] + s * pk[i]
    return sf_fun(slot, glue, args, state, xt)


@njit
def _derphi(slot, glue, args, state, xk, pk, s, xt, gval):
    for i in range(xk.size):
        xt[i] = xk[i] + s * pk[i]
    g = sf_grad(slot, glue, args, state, xt)
    for i in range(g.size):
        gval[i] = g[i]
    return dot(gval, pk)


@njit(cache=True, error_model="numpy")
def _dcstep(stx, fx, dx, sty, fy, dy, stp, fp, dp, brackt, stpmin, stpmax):
    """MINPACK-2's dcstep: the safeguarded step of dcsrch (Moré & Thuente's
    four cases), as scipy's Python writes it."""
    sgnd = np.sign(dp) * np.sign(dx)
    if fp > fx:
        theta = 3.0 * (fx - fp) / (stp - stx) + dx + dp
        s = py_max(py_max(abs(theta), abs(dx)), abs(dp))
        gamma = s * np.sqrt(libm_pow(theta / s, 2.0) - (dx / s) * (dp / s))
        if stp < stx:
            gamma = -gamma
        p = (gamma - dx) + theta
        q = ((gamma - dx) + gamma) + dp
        r = p / q
        stpc = stx + r * (stp - stx)
        stpq = stx + ((dx / ((fx - fp) / (stp - stx) + dx)) / 2.0) * (stp - stx)
        if abs(stpc - stx) <= abs(stpq - stx):
            stpf = stpc
        else:
            stpf = stpc + (stpq - stpc) / 2.0
        brackt = True
    elif sgnd < 0.0:
        theta = 3 * (fx - fp) / (stp - stx) + dx + dp
        s = py_max(py_max(abs(theta), abs(dx)), abs(dp))
        gamma = s * np.sqrt(libm_pow(theta / s, 2.0) - (dx / s) * (dp / s))
        if stp > stx:
            gamma = -gamma
        p = (gamma - dp) + theta
        q = ((gamma - dp) + gamma) + dx
        r = p / q
        stpc = stp + r * (stx - stp)
        stpq = stp + (dp / (dp - dx)) * (stx - stp)
        if abs(stpc - stp) > abs(stpq - stp):
            stpf = stpc
        else:
            stpf = stpq
        brackt = True
    elif abs(dp) < abs(dx):
        theta = 3 * (fx - fp) / (stp - stx) + dx + dp
        s = py_max(py_max(abs(theta), abs(dx)), abs(dp))
        gamma = s * np.sqrt(py_max(0.0, libm_pow(theta / s, 2.0) - (dx / s) * (dp / s)))
        if stp > stx:
            gamma = -gamma
        p = (gamma - dp) + theta
        q = (gamma + (dx - dp)) + gamma
        r = p / q
        if r < 0 and gamma != 0:
            stpc = stp + r * (stx - stp)
        elif stp > stx:
            stpc = stpmax
        else:
            stpc = stpmin
        stpq = stp + (dp / (dp - dx)) * (stx - stp)
        if brackt:
            if abs(stpc - stp) < abs(stpq - stp):
                stpf = stpc
            else:
                stpf = stpq
            if stp > stx:
                stpf = py_min(stp + 0.66 * (sty - stp), stpf)
            else:
                stpf = py_max(stp + 0.66 * (sty - stp), stpf)
        else:
            if abs(stpc - stp) > abs(stpq - stp):
                stpf = stpc
            else:
                stpf = stpq
            stpf = _clip(stpf, stpmin, stpmax)
    else:
        if brackt:
            theta = 3.0 * (fp - fy) / (sty - stp) + dy + dp
            s = py_max(py_max(abs(theta), abs(dy)), abs(dp))
            gamma = s * np.sqrt(libm_pow(theta / s, 2.0) - (dy / s) * (dp / s))
            if stp > sty:
                gamma = -gamma
            p = (gamma - dp) + theta
            q = ((gamma - dp) + gamma) + dy
            r = p / q
            stpf = stp + r * (sty - stp)
        elif stp > stx:
            stpf = stpmax
        else:
            stpf = stpmin
    if fp > fx:
        sty = stp
        fy = fp
        dy = dp
    else:
        if sgnd < 0:
            sty = stx
            fy = fx
            dy = dx
        stx = stp
        fx = fp
        dx = dp
    return stx, fx, dx, sty, fy, dy, stpf, brackt


@njit(cache=True)
def _clip(v, lo, hi):
    """np.clip of a number (NaN stays NaN)."""
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@njit(error_model="numpy")
def _dcsrch(slot, glue, args, state, xk, pk, xt, gval, alpha1, phi0, derphi0, ftol, gtol,
            xtol, stpmin, stpmax):
    """scipy's ``DCSRCH.__call__`` with ``maxiter=100``: ``(found, stp,
    phi1)``."""
    p5, p66, xtrapl, xtrapu = 0.5, 0.66, 1.1, 4.0
    stp = alpha1
    f = phi0
    g = derphi0
    phi1 = phi0
    task = _START
    brackt = False
    stage = 1
    finit = ginit = gtest = width = width1 = 0.0
    stx = fx = gx = sty = fy = gy = stmin = stmax = 0.0
    found = False
    for _ in range(100):
        if task == _START:
            if (stp < stpmin or stp > stpmax or g >= 0 or ftol < 0 or gtol < 0 or xtol < 0
                    or stpmin < 0 or stpmax < stpmin):
                task = _ERROR
            else:
                brackt = False
                stage = 1
                finit = f
                ginit = g
                gtest = ftol * ginit
                width = stpmax - stpmin
                width1 = width / p5
                stx = 0.0
                fx = finit
                gx = ginit
                sty = 0.0
                fy = finit
                gy = ginit
                stmin = 0.0
                stmax = stp + xtrapu * stp
                task = _FG
        else:
            ftest = finit + stp * gtest
            if stage == 1 and f <= ftest and g >= 0:
                stage = 2
            if brackt and (stp <= stmin or stp >= stmax):
                task = _WARNING
            if brackt and stmax - stmin <= xtol * stmax:
                task = _WARNING
            if stp == stpmax and f <= ftest and g <= gtest:
                task = _WARNING
            if stp == stpmin and (f > ftest or g >= gtest):
                task = _WARNING
            if f <= ftest and abs(g) <= gtol * -ginit:
                task = _CONVERGED
            if task != _WARNING and task != _CONVERGED:
                if stage == 1 and f <= fx and f > ftest:
                    fm = f - stp * gtest
                    fxm = fx - stx * gtest
                    fym = fy - sty * gtest
                    gm = g - gtest
                    gxm = gx - gtest
                    gym = gy - gtest
                    stx, fxm, gxm, sty, fym, gym, stp, brackt = _dcstep(
                        stx, fxm, gxm, sty, fym, gym, stp, fm, gm, brackt, stmin, stmax)
                    fx = fxm + stx * gtest
                    fy = fym + sty * gtest
                    gx = gxm + gtest
                    gy = gym + gtest
                else:
                    stx, fx, gx, sty, fy, gy, stp, brackt = _dcstep(
                        stx, fx, gx, sty, fy, gy, stp, f, g, brackt, stmin, stmax)
                if brackt:
                    if abs(sty - stx) >= p66 * width1:
                        stp = stx + p5 * (sty - stx)
                    width1 = width
                    width = abs(sty - stx)
                if brackt:
                    stmin = py_min(stx, sty)
                    stmax = py_max(stx, sty)
                else:
                    stmin = stp + xtrapl * (stp - stx)
                    stmax = stp + xtrapu * (stp - stx)
                stp = _clip(stp, stpmin, stpmax)
                if (brackt and (stp <= stmin or stp >= stmax)) or (
                        brackt and stmax - stmin <= xtol * stmax):
                    stp = stx
                task = _FG
        if not np.isfinite(stp):
            return False, stp, phi1
        if task == _FG:
            phi1 = _phi(slot, glue, args, state, xk, pk, stp, xt)
            derphi1 = _derphi(slot, glue, args, state, xk, pk, stp, xt, gval)
            f = phi1
            g = derphi1
            if held(slot):
                return False, stp, phi1
        else:
            found = task == _CONVERGED
            break
    return found, stp, phi1


@njit(cache=True, error_model="numpy")
def _cubicmin(a, fa, fpa, b, fb, c, fc):
    """The minimiser of the cubic through (a, fa, fpa), (b, fb), (c, fc), or
    NaN where scipy's gives None (any floating-point error in numpy's
    ``errstate(all='raise')``, or a non-finite result)."""
    C = fpa
    db = b - a
    dc = c - a
    denom = libm_pow(db * dc, 2.0) * (db - dc)
    d1 = np.empty((2, 2))
    d1[0, 0] = libm_pow(dc, 2.0)
    d1[0, 1] = -libm_pow(db, 2.0)
    d1[1, 0] = -libm_pow(dc, 3.0)
    d1[1, 1] = libm_pow(db, 3.0)
    v = np.empty(2)
    v[0] = fb - fa - C * db
    v[1] = fc - fa - C * dc
    AB = matvec(d1, v)          # (BLAS, as numpy's: its sums may fuse a multiply-add)
    A = AB[0]
    B = AB[1]
    if not (np.isfinite(denom) and np.isfinite(A) and np.isfinite(B)) or denom == 0:
        return np.nan
    A /= denom
    B /= denom
    radical = B * B - 3 * A * C
    if not np.isfinite(radical) or radical < 0 or A == 0:
        return np.nan
    xmin = a + (-B + np.sqrt(radical)) / (3 * A)
    return xmin if np.isfinite(xmin) else np.nan


@njit(cache=True, error_model="numpy")
def _quadmin(a, fa, fpa, b, fb):
    """The minimiser of the quadratic through (a, fa, fpa), (b, fb), or NaN
    where scipy's gives None."""
    D = fa
    C = fpa
    db = b - a * 1.0
    num = fb - D - C * db
    den = db * db
    if not (np.isfinite(num) and np.isfinite(den)) or den == 0:
        return np.nan
    B = num / den
    if B == 0 or not np.isfinite(B):
        return np.nan
    xmin = a - C / (2.0 * B)
    return xmin if np.isfinite(xmin) else np.nan


@njit(error_model="numpy")
def _extra_condition(slot, glue, args, state, extra, alpha, xk, pk, gfkp1, gfk, deltak, gtol,
                     norm, c_xk, c_pk, c_gfk, c_alpha_gnorm):
    """CG's descent condition (scipy's ``descent_condition``), caching the
    step it computes (scipy's ``cached_step``: ``c_alpha_gnorm`` = [alpha,
    gnorm])."""
    if extra == NO_EXTRA:
        return True
    cg_step(alpha, xk, pk, gfkp1, gfk, deltak, norm, c_xk, c_pk, c_gfk, c_alpha_gnorm)
    if c_alpha_gnorm[1] <= gtol:
        return True
    return dot(c_pk, c_gfk) <= -SIGMA_3 * dot(c_gfk, c_gfk)


@njit(cache=True, error_model="numpy")
def cg_step(alpha, xk, pk, gfkp1, gfk, deltak, norm, out_x, out_p, out_g, out_alpha_gnorm):
    """scipy's ``polak_ribiere_powell_step`` with the gradient at the new
    point given: the new point, direction and gradient into ``out_*``,
    ``[alpha, gnorm]`` into ``out_alpha_gnorm``."""
    n = xk.size
    for i in range(n):
        out_x[i] = xk[i] + alpha * pk[i]
    yk = np.empty(n)
    for i in range(n):
        yk[i] = gfkp1[i] - gfk[i]
    beta_k = py_max(0.0, dot(yk, gfkp1) / deltak)
    for i in range(n):
        out_p[i] = -gfkp1[i] + beta_k * pk[i]
        out_g[i] = gfkp1[i]
    out_alpha_gnorm[0] = alpha
    out_alpha_gnorm[1] = vecnorm(out_g, norm)


@njit(error_model="numpy")
def _zoom(slot, glue, args, state, xk, pk, xt, gval, a_lo, a_hi, phi_lo, phi_hi, derphi_lo,
          phi0, derphi0, c1, c2, extra, gfk, deltak, gtol, norm, c_xk, c_pk, c_gfk, c_ag,
          gval_alpha):
    """scipy's ``_zoom``: ``(found, a_star, val_star)``."""
    delta1 = 0.2
    delta2 = 0.1
    phi_rec = phi0
    a_rec = 0.0
    i = 0
    cchk = 0.0
    while True:
        dalpha = a_hi - a_lo
        if dalpha < 0:
            a, b = a_hi, a_lo
        else:
            a, b = a_lo, a_hi
        a_j = np.nan
        if i > 0:
            cchk = delta1 * dalpha
            a_j = _cubicmin(a_lo, phi_lo, derphi_lo, a_hi, phi_hi, a_rec, phi_rec)
        if i == 0 or np.isnan(a_j) or a_j > b - cchk or a_j < a + cchk:
            qchk = delta2 * dalpha
            a_j = _quadmin(a_lo, phi_lo, derphi_lo, a_hi, phi_hi)
            if np.isnan(a_j) or a_j > b - qchk or a_j < a + qchk:
                a_j = a_lo + 0.5 * dalpha
        phi_aj = _phi(slot, glue, args, state, xk, pk, a_j, xt)
        if held(slot):
            return False, a_j, phi_aj
        if phi_aj > phi0 + c1 * a_j * derphi0 or phi_aj >= phi_lo:
            phi_rec = phi_hi
            a_rec = a_hi
            a_hi = a_j
            phi_hi = phi_aj
        else:
            derphi_aj = _derphi(slot, glue, args, state, xk, pk, a_j, xt, gval)
            gval_alpha[0] = a_j
            if held(slot):
                return False, a_j, phi_aj
            if abs(derphi_aj) <= -c2 * derphi0:
                ok = _wolfe2_extra(slot, glue, args, state, extra, a_j, xk, pk, xt,
                                           gval, gval_alpha, gfk, deltak, gtol, norm, c_xk,
                                           c_pk, c_gfk, c_ag)
                if ok:
                    return True, a_j, phi_aj
            if derphi_aj * (a_hi - a_lo) >= 0:
                phi_rec = phi_hi
                a_rec = a_hi
                a_hi = a_lo
                phi_hi = phi_lo
            else:
                phi_rec = phi_lo
                a_rec = a_lo
            a_lo = a_j
            phi_lo = phi_aj
            derphi_lo = derphi_aj
        i += 1
        if i > 10:
            return False, a_j, phi_aj


@njit(error_model="numpy")
def _wolfe2_extra(slot, glue, args, state, extra, alpha, xk, pk, xt, gval, gval_alpha, gfk,
                  deltak, gtol, norm, c_xk, c_pk, c_gfk, c_ag):
    """scipy's ``extra_condition2`` of line_search_wolfe2: the gradient at
    ``alpha`` made current (one more derphi when it is not), then the
    condition."""
    if extra == NO_EXTRA:
        return True
    if gval_alpha[0] != alpha:
        _derphi(slot, glue, args, state, xk, pk, alpha, xt, gval)
        gval_alpha[0] = alpha
    return _extra_condition(slot, glue, args, state, extra, alpha, xk, pk, gval, gfk, deltak,
                            gtol, norm, c_xk, c_pk, c_gfk, c_ag)


@njit(error_model="numpy")
def _scalar_search_wolfe2(slot, glue, args, state, xk, pk, xt, gval, phi0, old_phi0, derphi0,
                          c1, c2, amax, extra, gfk, deltak, gtol, norm, c_xk, c_pk, c_gfk,
                          c_ag, gval_alpha):
    """scipy's ``scalar_search_wolfe2`` with ``maxiter=10``: ``(found,
    alpha_star, phi_star, derphi_found)`` (``derphi_found`` false where
    scipy's ``derphi_star`` is None)."""
    alpha0 = 0.0
    if derphi0 != 0:
        alpha1 = py_min(1.0, 1.01 * 2 * (phi0 - old_phi0) / derphi0)
    else:
        alpha1 = 1.0
    if alpha1 < 0:
        alpha1 = 1.0
    alpha1 = py_min(alpha1, amax)
    phi_a1 = _phi(slot, glue, args, state, xk, pk, alpha1, xt)
    phi_a0 = phi0
    derphi_a0 = derphi0
    for i in range(10):
        if held(slot):
            return False, alpha1, phi_a1, False
        if alpha1 == 0 or alpha0 > amax:
            return False, alpha1, phi0, False
        if phi_a1 > phi0 + c1 * alpha1 * derphi0 or (phi_a1 >= phi_a0 and i > 0):
            found, a, v = _zoom(slot, glue, args, state, xk, pk, xt, gval, alpha0,
                                          alpha1, phi_a0, phi_a1, derphi_a0, phi0, derphi0,
                                          c1, c2, extra, gfk, deltak, gtol, norm, c_xk, c_pk,
                                          c_gfk, c_ag, gval_alpha)
            return found, a, v, found
        derphi_a1 = _derphi(slot, glue, args, state, xk, pk, alpha1, xt, gval)
        gval_alpha[0] = alpha1
        if held(slot):
            return False, alpha1, phi_a1, False
        if abs(derphi_a1) <= -c2 * derphi0:
            ok = _wolfe2_extra(slot, glue, args, state, extra, alpha1, xk, pk, xt, gval,
                                     gval_alpha, gfk, deltak, gtol, norm, c_xk, c_pk, c_gfk,
                                     c_ag)
            if ok:
                return True, alpha1, phi_a1, True
        if derphi_a1 >= 0:
            found, a, v = _zoom(slot, glue, args, state, xk, pk, xt, gval, alpha1,
                                          alpha0, phi_a1, phi_a0, derphi_a1, phi0, derphi0,
                                          c1, c2, extra, gfk, deltak, gtol, norm, c_xk, c_pk,
                                          c_gfk, c_ag, gval_alpha)
            return found, a, v, found
        alpha2 = py_min(2 * alpha1, amax)
        alpha0 = alpha1
        alpha1 = alpha2
        phi_a0 = phi_a1
        phi_a1 = _phi(slot, glue, args, state, xk, pk, alpha1, xt)
        derphi_a0 = derphi_a1
    # (not converged: scipy returns alpha1 with derphi_star None)
    return True, alpha1, phi_a1, False


@njit(error_model="numpy")
def line_search_wolfe12(slot, glue, args, state, xk, pk, gfk, old_fval, old_old_fval, c1, c2,
                        amin, amax, amax2, extra, deltak, gtol, norm, gfkp1, work, c_xk, c_pk,
                        c_gfk, c_ag):
    """scipy's ``_line_search_wolfe12``: ``(found, alpha, new_fval,
    old_fval, has_gfkp1)``.  ``found``: a step was found (``gfkp1`` holds the
    gradient at the new point when ``has_gfkp1``); else none was (scipy's
    _LineSearchError).  ``c1`` and ``c2`` are checked by the caller (scipy's
    _check_c1_c2: ``minimize`` does it before the solve).  ``work`` is scratch
    of ``2 * n + 1``.  ``amin``, ``amax``: line_search_wolfe1's bounds on the
    step; ``amax2``: line_search_wolfe2's (inf for scipy's None: Newton-CG
    passes neither, so each search keeps its own default).  An
    ``old_old_fval`` of NaN is scipy's None: the first step tried is 1."""
    n = xk.size
    xt = work[:n]
    gval_alpha = work[2 * n:2 * n + 1]
    for i in range(n):
        gfkp1[i] = gfk[i]                       # scipy's gval = [gfk]
    derphi0 = dot(gfk, pk)
    if derphi0 != 0:
        alpha1 = py_min(1.0, 1.01 * 2 * (old_fval - old_old_fval) / derphi0)
        if alpha1 < 0:
            alpha1 = 1.0
    else:
        alpha1 = 1.0
    found, stp, phi1 = _dcsrch(slot, glue, args, state, xk, pk, xt, gfkp1, alpha1, old_fval,
                               derphi0, c1, c2, 1e-14, amin, amax)
    if held(slot):
        return False, 0.0, old_fval, old_old_fval, False
    if found and extra != NO_EXTRA:
        if not _extra_condition(slot, glue, args, state, extra, stp, xk, pk, gfkp1, gfk,
                                deltak, gtol, norm, c_xk, c_pk, c_gfk, c_ag):
            found = False
    if found:
        return True, stp, phi1, old_fval, True
    # line_search_wolfe2, from the same start (its gval starts as None)
    gval_alpha[0] = np.nan
    found, alpha, phi_star, has_derphi = _scalar_search_wolfe2(
        slot, glue, args, state, xk, pk, xt, gfkp1, old_fval, old_old_fval, derphi0, c1, c2,
        amax2, extra, gfk, deltak, gtol, norm, c_xk, c_pk, c_gfk, c_ag, gval_alpha)
    if not found or held(slot):
        return False, 0.0, old_fval, old_old_fval, False
    return True, alpha, phi_star, old_fval, has_derphi
