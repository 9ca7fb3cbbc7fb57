"""The sanitizer sweep's cases (see sweep.py): one generator per family.

Each family function takes ``full`` (False: CI's quick sweep) and yields
``(routine, label, thunk)``; the thunk runs one well-posed call.  The @njit
drivers take sizes and most options as run-time values, so each compiles
once and serves the whole sweep (numba's compile time is the sweep's cost);
options that must be constants inside numba get a driver each.  From Python
the quick sweep calls each routine with its default options only: the
Python entry runs the same compiled chooser, so its native calls are the
@njit ones.  The thunks close over loop variables: the worker runs each
before the generator moves on, so each sees its own case.
"""
import math
import warnings

import numpy as np
from numba import njit

from scijit.integrate import dblquad, nquad, quad, tplquad
from scijit.interpolate import (InterpolatedUnivariateSpline, LSQUnivariateSpline,
                                RectBivariateSpline, UnivariateSpline, bisplev, bisplrep, insert,
                                spalde, splantider, splder, splev, splint, splrep, sproot)
from scijit.optimize import curve_fit, fsolve, least_squares, leastsq, minimize, root

warnings.simplefilter("ignore")      # scipy's warnings (limit reached, ...) are expected here


def _sizes(full, quick):
    return range(1, 31) if full else quick


# ====================================================================== MINPACK
@njit
def residuals(x, A, b):
    """A x - b plus a mild nonlinearity: m residuals of n unknowns."""
    m, n = A.shape
    r = np.empty(m)
    for i in range(m):
        s = -b[i]
        for j in range(n):
            s += A[i, j] * x[j]
        r[i] = s + 0.1 * math.sin(x[i % n])
    return r


@njit
def jacobian(x, A, b):
    J = A.copy()
    m, n = A.shape
    for i in range(m):
        J[i, i % n] += 0.1 * math.cos(x[i % n])
    return J


@njit
def jacobian_t(x, A, b):
    return np.ascontiguousarray(jacobian(x, A, b).T)


@njit
def residuals_inplace(x, out, A, b):
    out[:] = residuals(x, A, b)


@njit
def fun_and_jac(x, A, b):
    return residuals(x, A, b), jacobian(x, A, b)


@njit
def model3(x, a, b, c):
    return a * np.exp(-b * x) + c


@njit
def model3_jac(x, a, b, c):
    J = np.empty((x.size, 3))
    e = np.exp(-b * x)
    J[:, 0] = e
    J[:, 1] = -a * x * e
    J[:, 2] = 1.0
    return J


@njit
def model9(x, p0, p1, p2, p3, p4, p5, p6, p7, p8):
    return p0 + x * (p1 + x * (p2 + x * (p3 + x * (p4 + x * (p5 + x * (p6 + x * (p7 + x * p8)))))))


@njit
def nj_leastsq(x0, A, b, factor, epsfcn):
    return leastsq(residuals, x0, args=(A, b), factor=factor, epsfcn=epsfcn)[0]


@njit
def nj_leastsq_full(x0, A, b, diag):
    return leastsq(residuals, x0, args=(A, b), full_output=1, diag=diag)[0]


@njit
def nj_leastsq_dfun(x0, A, b):
    return leastsq(residuals, x0, args=(A, b), Dfun=jacobian, full_output=1)[0]


@njit
def nj_leastsq_col_deriv(x0, A, b, diag):
    return leastsq(residuals, x0, args=(A, b), Dfun=jacobian_t, col_deriv=1, diag=diag)[0]


@njit
def nj_leastsq_inplace(x0, A, b, m):
    return leastsq(residuals_inplace, x0, args=(A, b), inplace=True, m=m)[0]


@njit
def nj_fsolve(x0, A, b, factor, epsfcn):
    return fsolve(residuals, x0, args=(A, b), factor=factor, epsfcn=epsfcn)


@njit
def nj_fsolve_full(x0, A, b, diag, band):
    return fsolve(residuals, x0, args=(A, b), full_output=True, diag=diag, band=band)[0]


@njit
def nj_fsolve_fprime(x0, A, b):
    return fsolve(residuals, x0, args=(A, b), fprime=jacobian, full_output=True)[0]


@njit
def nj_fsolve_col_deriv(x0, A, b):
    return fsolve(residuals, x0, args=(A, b), fprime=jacobian_t, col_deriv=1)


@njit
def nj_root_hybr(x0, A, b):
    return root(residuals, x0, args=(A, b), method='hybr').x


@njit
def nj_root_lm(x0, A, b):
    return root(fun_and_jac, x0, args=(A, b), method='lm', jac=True).x


@njit
def nj_least_squares(x0, A, b):
    return least_squares(residuals, x0, method='lm', args=(A, b)).x


@njit
def nj_curve_fit(x, y, p0):
    return curve_fit(model3, x, y, p0=p0)[0]


@njit
def nj_curve_fit_jac(x, y, p0, sigma):
    return curve_fit(model3, x, y, p0=p0, sigma=sigma, jac=model3_jac, full_output=True)[0]


@njit
def nj_curve_fit9(x, y, p0):
    return curve_fit(model9, x, y, p0=p0)[0]


def _system(n, m, seed):
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((m, n))
    A[np.arange(n), np.arange(n)] += 3.0
    return A, rng.standard_normal(m), np.zeros(n)


def minpack(full):
    for n in _sizes(full, (1, 2, 3, 5, 8, 9, 12, 20, 30)):
        A, b, x0 = _system(n, n, n)
        band = (min(1, n - 1), min(2, n - 1))
        yield "fsolve", "n=%d" % n, lambda: nj_fsolve(x0, A, b, 100.0, 0.0)
        yield "fsolve", "n=%d factor epsfcn" % n, lambda: nj_fsolve(x0, A, b, 0.5, 1e-10)
        yield "fsolve", "n=%d full diag band" % n, lambda: nj_fsolve_full(
            x0, A, b, np.full(n, 2.0), band)
        yield "fsolve", "n=%d fprime" % n, lambda: nj_fsolve_fprime(x0, A, b)
        yield "fsolve", "n=%d col_deriv" % n, lambda: nj_fsolve_col_deriv(x0, A, b)
        yield "root", "n=%d hybr" % n, lambda: nj_root_hybr(x0, A, b)
        yield "fsolve", "n=%d python" % n, lambda: fsolve(residuals, x0, args=(A, b))
        yield "root", "n=%d python hybr" % n, lambda: root(residuals, x0, args=(A, b))
        if full:
            yield "fsolve", "n=%d python full diag band fprime" % n, lambda: fsolve(
                residuals, x0, args=(A, b), full_output=True, diag=np.full(n, 2.0), band=band)
            yield "fsolve", "n=%d python fprime col_deriv" % n, lambda: fsolve(
                residuals, x0, args=(A, b), fprime=jacobian_t, col_deriv=1)
        for m in sorted({n, 2 * n, 3 * n}):
            A, b, x0 = _system(n, m, 100 * n + m)
            label = "n=%d m=%d" % (n, m)
            yield "leastsq", label, lambda: nj_leastsq(x0, A, b, 100.0, 0.0)
            yield "leastsq", label + " factor epsfcn", lambda: nj_leastsq(x0, A, b, 0.5, 1e-10)
            yield "leastsq", label + " full diag", lambda: nj_leastsq_full(
                x0, A, b, np.full(n, 2.0))
            yield "leastsq", label + " Dfun", lambda: nj_leastsq_dfun(x0, A, b)
            yield "leastsq", label + " col_deriv", lambda: nj_leastsq_col_deriv(
                x0, A, b, np.full(n, 0.5))
            yield "leastsq", label + " inplace", lambda: nj_leastsq_inplace(x0, A, b, m)
            if m == n:
                yield "root", label + " lm", lambda: nj_root_lm(x0, A, b)
            yield "least_squares", label + " lm", lambda: nj_least_squares(x0, A, b)
            yield "leastsq", label + " python", lambda: leastsq(residuals, x0, args=(A, b))
            yield "least_squares", label + " python", lambda: least_squares(
                residuals, x0, method='lm', args=(A, b))
            if full:
                yield "leastsq", label + " python full Dfun", lambda: leastsq(
                    residuals, x0, args=(A, b), Dfun=jacobian, full_output=1)
                yield "leastsq", label + " python col_deriv diag", lambda: leastsq(
                    residuals, x0, args=(A, b), Dfun=jacobian_t, col_deriv=1,
                    diag=np.full(n, 0.5))
                if m == n:
                    yield "root", label + " python lm", lambda: root(
                        fun_and_jac, x0, args=(A, b), method='lm', jac=True)
    for m in _sizes(full, (3, 4, 7, 12, 30)):
        if m < 3:
            continue
        x = np.linspace(0.0, 3.0, m)
        y = 2.0 * np.exp(-1.3 * x) + 0.5 + 0.01 * np.cos(7 * x)
        p0 = (1.0, 1.0, 0.0)
        yield "curve_fit", "m=%d" % m, lambda: nj_curve_fit(x, y, p0)
        yield "curve_fit", "m=%d jac sigma full" % m, lambda: nj_curve_fit_jac(
            x, y, p0, np.full(m, 0.1))
        yield "curve_fit", "m=%d python" % m, lambda: curve_fit(model3, x, y, p0=p0)
        if m >= 9:
            y9 = np.polynomial.polynomial.polyval(x, np.linspace(1.0, 0.1, 9))
            yield "curve_fit", "m=%d n=9" % m, lambda: nj_curve_fit9(x, y9, (1.0,) * 9)
            yield "curve_fit", "m=%d n=9 python" % m, lambda: curve_fit(model9, x, y9,
                                                                      p0=np.ones(9))


# ====================================================================== QUADPACK
@njit
def rough(x):
    """Singular at 0 and oscillating: uses every interval it is allowed."""
    return math.cos(40.0 * x) / math.sqrt(abs(x) + 1e-300)


@njit
def smooth(x):
    return math.exp(-x * x) * math.cos(3.0 * x)


@njit
def decaying(x):
    return math.exp(-x) / (1.0 + x * x)


@njit
def kinks(x):
    return abs(x - 0.3) ** -0.4 + abs(x - 0.7) ** 0.5


@njit
def nj_quad(a, b, limit):
    return quad(rough, a, b, limit=limit)


@njit
def nj_quad_full(a, b, limit):
    return quad(rough, a, b, limit=limit, full_output=1)[0]


@njit
def nj_quad_inf(a, b, limit):
    return quad(smooth, a, b, limit=limit, full_output=1)[0]


@njit
def nj_quad_points(limit):
    return quad(kinks, 0.0, 1.0, limit=limit, points=(0.3, 0.7), full_output=1)[0]


@njit
def nj_quad_cos(limit, maxp1, omega):
    return quad(decaying, 0.0, 2.0, limit=limit, weight='cos', wvar=omega, maxp1=maxp1,
                full_output=1)[0]


@njit
def nj_quad_sin(limit, maxp1, omega):
    return quad(decaying, 0.0, 2.0, limit=limit, weight='sin', wvar=omega, maxp1=maxp1)[0]


@njit
def nj_quad_fourier(limlst, omega):
    return quad(decaying, 0.0, np.inf, weight='cos', wvar=omega, limlst=limlst,
                full_output=1)[0]


@njit
def nj_quad_alg(limit, alpha, beta):
    return (quad(smooth, 0.0, 1.0, limit=limit, weight='alg', wvar=(alpha, beta))[0]
            + quad(smooth, 0.0, 1.0, limit=limit, weight='alg-loga', wvar=(alpha, beta))[0]
            + quad(smooth, 0.0, 1.0, limit=limit, weight='alg-logb', wvar=(alpha, beta))[0]
            + quad(smooth, 0.0, 1.0, limit=limit, weight='alg-log', wvar=(alpha, beta),
                   full_output=1)[0])


@njit
def nj_quad_cauchy(limit, c):
    return quad(rough, 0.0, 1.0, limit=limit, weight='cauchy', wvar=c, full_output=1)[0]


@njit
def inner(y, x):
    return math.cos(7.0 * x * y) / math.sqrt(abs(x - y) + 1e-12)


@njit
def innermost(z, y, x):
    return math.exp(-x * y * z) * math.cos(5.0 * z)


@njit
def nj_dblquad():
    return dblquad(inner, 0.0, 1.0, 0.0, 1.0)[0]


@njit
def nj_tplquad():
    return tplquad(innermost, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0)[0]


@njit
def nj_nquad(limit):
    return nquad(inner, ((0.0, 1.0), (0.0, 1.0)), opts={"limit": limit})[0]


def quadpack(full):
    limits = range(1, 201) if full else (1, 2, 3, 5, 10, 50, 200)
    for limit in limits:
        label = "limit=%d" % limit
        yield "quad", label, lambda: nj_quad(0.0, 1.0, limit)
        yield "quad", label + " full", lambda: nj_quad_full(-1.0, 2.0, limit)
        yield "quad", label + " inf", lambda: nj_quad_inf(-np.inf, np.inf, limit)
        yield "quad", label + " semi-inf", lambda: nj_quad_inf(0.0, np.inf, limit)
        if limit > 2:                  # scipy: fewer break points than the limit
            yield "quad", label + " points", lambda: nj_quad_points(limit)
        for maxp1 in ((1, 2, 50) if full else (2, 50)):
            yield "quad", label + " cos maxp1=%d" % maxp1, lambda: nj_quad_cos(limit, maxp1, 30.0)
            yield "quad", label + " sin maxp1=%d" % maxp1, lambda: nj_quad_sin(limit, maxp1, 3.0)
        if limit > 1:                  # QUADPACK's qaws: limit >= 2
            yield "quad", label + " alg", lambda: nj_quad_alg(limit, -0.5, 0.3)
        yield "quad", label + " cauchy", lambda: nj_quad_cauchy(limit, 0.4)
        yield "nquad", label, lambda: nj_nquad(limit)
        yield "quad", label + " python", lambda: quad(rough, 0.0, 1.0, limit=limit)
        yield "quad", label + " python full", lambda: quad(rough, 0.0, 1.0, limit=limit,
                                                           full_output=1)
        if full:
            yield "quad", label + " python cos", lambda: quad(
                decaying, 0.0, 2.0, limit=limit, weight='cos', wvar=30.0, full_output=1)
            yield "quad", label + " python alg-log", lambda: quad(
                smooth, 0.0, 1.0, limit=limit, weight='alg-log',
                wvar=(-0.5, 0.3)) if limit > 1 else None
            yield "quad", label + " python cauchy", lambda: quad(
                rough, 0.0, 1.0, limit=limit, weight='cauchy', wvar=0.4)
            yield "quad", label + " python inf points", lambda: (
                quad(smooth, -np.inf, np.inf, limit=limit),
                quad(kinks, 0.0, 1.0, limit=limit, points=[0.3, 0.7]) if limit > 2 else None)
    for limlst in (range(3, 51) if full else (3, 4, 10, 50)):    # scipy: limlst >= 3
        yield "quad", "fourier limlst=%d" % limlst, lambda: nj_quad_fourier(limlst, 5.0)
    yield "dblquad", "", nj_dblquad
    yield "tplquad", "", nj_tplquad
    yield "dblquad", "python", lambda: dblquad(inner, 0.0, 1.0, 0.0, 1.0)
    yield "tplquad", "python", lambda: tplquad(innermost, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0)
    yield "nquad", "python", lambda: nquad(inner, [[0.0, 1.0], [0.0, 1.0]], opts={"limit": 7})


# ====================================================================== FITPACK (curves)
@njit
def nj_splrep(x, y, w, k, s, per):
    return splrep(x, y, w=w, k=k, s=s, per=per, full_output=1)[0]


@njit
def nj_splrep_default(x, y, k):
    return splrep(x, y, k=k)


@njit
def nj_splrep_ends(x, y, xb, xe, k, s):
    return splrep(x, y, xb=xb, xe=xe, k=k, s=s)


@njit
def nj_splrep_knots(x, y, t, k):
    return splrep(x, y, t=t, k=k, full_output=1)[0]


@njit
def nj_spline_ops(tck, xs, der, ext, xin):
    t, c, k = tck
    out = splev(xs, tck, der, ext).sum() + splint(xs[0], xs[-1], tck)
    out += splev(xs[1], tck, 0, ext)
    out += spalde(xin, tck).sum()
    xins = xin[xin.size // 2]
    out += splev(xs, insert(xins, tck, 2), 0, ext).sum()
    out += splev(xs, splder(tck, 1), 0, 0).sum() + splev(xs, splantider(tck, 2), 0, 0).sum()
    if k == 3:
        out += sproot(tck).sum()
    return out


@njit
def nj_univariate(x, y, w, k, s):
    spl = UnivariateSpline(x, y, w, k=k, s=s)
    out = spl(x).sum() + spl(x, 1).sum() + spl.integral(x[0], x[-1])
    out += spl.derivatives(x[1]).sum() + spl.derivative()(x).sum()
    out += spl.antiderivative()(x).sum()
    if k == 3:
        out += spl.roots().sum()
    return out


@njit
def nj_interpolated(x, y, k):
    return InterpolatedUnivariateSpline(x, y, k=k)(x).sum()


@njit
def nj_lsq_spline(x, y, t, k):
    return LSQUnivariateSpline(x, y, t, k=k)(x).sum()


def fitpack(full):
    for m in _sizes(full, (2, 3, 4, 6, 9, 13, 30)):
        x = np.linspace(0.0, 6.0, m) + 0.01 * np.sin(np.arange(m))
        x.sort()
        y = np.sin(x) + 0.05 * np.cos(5 * x)
        yp = np.sin(np.linspace(0.0, 2 * np.pi, m))
        yp[-1] = yp[0]
        w = np.linspace(0.5, 1.5, m)
        xs = np.linspace(-0.5, 6.5, 2 * m + 1)
        for k in range(1, 6):
            if m <= k:
                continue
            label = "m=%d k=%d" % (m, k)
            yield "splrep", label, lambda: nj_splrep_default(x, y, k)
            for s in ((0.0, 0.1 * m, None) if full else (0.0, 0.1 * m)):
                sv = m - math.sqrt(2 * m) if s is None else s
                yield "splrep", label + " s=%g w" % sv, lambda: nj_splrep(x, y, w, k, sv, 0)
                if m > 2 * k + 1 or sv > 0:
                    yield "splrep", label + " s=%g per" % sv, lambda: nj_splrep(
                        np.linspace(0.0, 2 * np.pi, m), yp, w, k, sv, 1)
            yield "splrep", label + " xb xe", lambda: nj_splrep_ends(x, y, -1.0, 7.0, k, 0.05)
            if m > k + 2:
                knots = np.linspace(x[1], x[-2], max(1, (m - k - 1) // 2) + 2)[1:-1]
                yield "splrep", label + " t", lambda: nj_splrep_knots(x, y, knots, k)
                yield "LSQUnivariateSpline", label, lambda: nj_lsq_spline(x, y, knots, k)
            tck = splrep(x, y, k=k)
            for ext in ((0, 1, 2, 3) if full else (0, 3)):
                for der in (range(k + 1) if full else (0, k)):
                    xev = np.clip(xs, x[0], x[-1]) if ext == 2 else xs
                    yield "splev", label + " der=%d ext=%d" % (der, ext), lambda: nj_spline_ops(
                        tck, xev, der, ext, x)
            yield "UnivariateSpline", label, lambda: nj_univariate(x, y, w, k, 0.1 * m)
            yield "InterpolatedUnivariateSpline", label, lambda: nj_interpolated(x, y, k)
            yield "splrep", label + " python", lambda: splev(xs, splrep(x, y, k=k))
            yield "UnivariateSpline", label + " python", lambda: UnivariateSpline(
                x, y, k=k, s=0.1 * m)(xs)
            if full:
                yield "splev", label + " python ops", lambda: (
                    splint(x[0], x[-1], tck), spalde(x, tck), insert(x[1], tck),
                    splder(tck), splantider(tck), sproot(tck) if k == 3 else None)


# ====================================================================== FITPACK (surfaces)
@njit
def nj_rect(x, y, z, kx, ky, s):
    spl = RectBivariateSpline(x, y, z, kx=kx, ky=ky, s=s)
    dx, dy = min(1, kx - 1), min(1, ky - 1)      # FITPACK's parder: dx < kx, dy < ky
    out = spl(x, y).sum() + spl(x, y, dx=dx, dy=dy).sum() + spl.ev(x, x).sum()
    out += spl.integral(x[0], x[-1], y[0], y[-1])
    return out


@njit
def nj_bisplrep(x, y, z, kx, ky, s):
    tck = bisplrep(x, y, z, kx=kx, ky=ky, s=s)
    gx = np.linspace(x.min(), x.max(), 7)
    return (bisplev(gx, gx, tck).sum()
            + bisplev(gx, gx, tck, min(1, kx - 1), min(1, ky - 1)).sum())


def surface(full):
    for nx in _sizes(full, (2, 3, 4, 6, 9, 17)):
        for ny in ((nx, nx + 3) if not full else (nx, 2 * nx + 1)):
            x = np.linspace(0.0, 1.0, nx)
            y = np.linspace(-1.0, 1.0, ny)
            z = np.cos(3 * x)[:, None] * np.exp(-y[None, :] ** 2)
            for kx in (1, 2, 3, 5):
                for ky in (1, 3):
                    if nx <= kx or ny <= ky:
                        continue
                    label = "%dx%d k=%d,%d" % (nx, ny, kx, ky)
                    for s in (0.0, 0.01):
                        yield "RectBivariateSpline", label + " s=%g" % s, lambda: nj_rect(
                            x, y, z, kx, ky, s)
                    yield "RectBivariateSpline", label + " python", lambda: RectBivariateSpline(
                        x, y, z, kx=kx, ky=ky)(x, y)
    rng = np.random.default_rng(3)
    for npts in _sizes(full, (16, 25, 40, 80)) if full else (16, 25, 40, 80):
        if npts < 16:
            continue
        x, y = rng.uniform(0, 1, npts), rng.uniform(0, 1, npts)
        z = np.sin(3 * x) * np.cos(2 * y)
        for kx, ky in ((1, 1), (3, 3), (2, 3)):
            if npts < (kx + 1) * (ky + 1):
                continue
            label = "m=%d k=%d,%d" % (npts, kx, ky)
            for s in (0.0, 0.5, float(npts)):
                yield "bisplrep", label + " s=%g" % s, lambda: nj_bisplrep(x, y, z, kx, ky, s)
            yield "bisplrep", label + " python", lambda: bisplev(
                np.linspace(0, 1, 5), np.linspace(0, 1, 5), bisplrep(x, y, z, kx=kx, ky=ky))


# ====================================================================== minimize (L-BFGS-B, TNC)
@njit
def bowl(x, c):
    """A shifted Rosenbrock-like valley of any size."""
    s = 0.0
    for i in range(x.size):
        s += (x[i] - c[i]) ** 2
        if i > 0:
            s += 10.0 * (x[i] - x[i - 1] ** 2) ** 2
    return s


@njit
def bowl_grad(x, c):
    n = x.size
    g = np.empty(n)
    for i in range(n):
        g[i] = 2.0 * (x[i] - c[i])
        if i > 0:
            g[i] += 20.0 * (x[i] - x[i - 1] ** 2)
        if i < n - 1:
            g[i] += -40.0 * x[i] * (x[i + 1] - x[i] ** 2)
    return g


@njit
def nj_lbfgsb(x0, c, bounds, maxcor, maxls):
    return minimize(bowl, x0, args=(c,), method="L-BFGS-B", bounds=bounds,
                    options={"maxcor": maxcor, "maxls": maxls})


@njit
def nj_lbfgsb_jac(x0, c, bounds, maxcor):
    return minimize(bowl, x0, args=(c,), method="L-BFGS-B", jac=bowl_grad, bounds=bounds,
                    options={"maxcor": maxcor})


@njit
def nj_tnc(x0, c, bounds, maxcgit, scale):
    return minimize(bowl, x0, args=(c,), method="TNC", bounds=bounds,
                    options={"maxCGit": maxcgit, "scale": scale, "offset": scale * 0.0})


@njit
def nj_tnc_jac(x0, c, bounds, maxcgit):
    return minimize(bowl, x0, args=(c,), method="TNC", jac=bowl_grad, bounds=bounds,
                    options={"maxCGit": maxcgit})


def minimize_group(full):
    """minimize's methods that reach our Fortran: L-BFGS-B (setulb) and TNC."""
    rng = np.random.default_rng(4)
    for n in _sizes(full, (1, 2, 3, 5, 9, 17)):
        c = rng.uniform(-1, 1, n)
        x0 = rng.uniform(-2, 2, n)
        boxed = np.column_stack([np.full(n, -0.5), np.full(n, 0.7)])
        boxed[::3, 1] = np.inf                     # lower bounds only on some
        free = np.column_stack([np.full(n, -np.inf), np.full(n, np.inf)])
        for maxcor in ((1, 2, 5, 10, 30) if full else (1, 5, 30)):
            for bounds in (free, boxed):
                label = "n=%d m=%d %s" % (n, maxcor, "box" if bounds is boxed else "free")
                yield "minimize-L-BFGS-B", label, lambda: nj_lbfgsb(x0, c, bounds, maxcor, 20)
                yield "minimize-L-BFGS-B", label + " jac", lambda: nj_lbfgsb_jac(
                    x0, c, bounds, maxcor)
            yield "minimize-L-BFGS-B", "n=%d m=%d maxls=1" % (n, maxcor), lambda: nj_lbfgsb(
                x0, c, boxed, maxcor, 1)
        yield "minimize-L-BFGS-B", "n=%d python" % n, lambda: minimize(
            bowl, x0, args=(c,), method="L-BFGS-B", bounds=[(-0.5, 0.7)] * n)
        inside = np.clip(x0, -0.5, 0.7)             # (differences need a feasible start)
        none = np.zeros(0)
        for maxcgit in ((-1, 0, 1, 3, 50) if full else (-1, 0, 50)):
            for bounds in (free, boxed):
                label = "n=%d maxCGit=%d %s" % (n, maxcgit, "box" if bounds is boxed else "free")
                yield "minimize-TNC", label, lambda: nj_tnc(inside, c, bounds, maxcgit, none)
                yield "minimize-TNC", label + " jac", lambda: nj_tnc_jac(x0, c, bounds, maxcgit)
        yield "minimize-TNC", "n=%d scaled" % n, lambda: nj_tnc(
            inside, c, boxed, -1, np.linspace(0.5, 2.0, n))
        fixed = boxed.copy()
        fixed[0] = inside[0]
        yield "minimize-TNC", "n=%d fixed jac" % n, lambda: nj_tnc_jac(x0, c, fixed, -1)
        yield "minimize-TNC", "n=%d python" % n, lambda: minimize(
            bowl, x0, args=(c,), method="TNC", jac=bowl_grad, bounds=[(-0.5, 0.7)] * n)
