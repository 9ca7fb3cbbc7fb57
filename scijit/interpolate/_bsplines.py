"""``make_interp_spline``: the interpolating B-spline of any degree, from
Python and inside @njit.

The collocation system is banded (``kl = ku = k``) and is solved in banded
storage by a port of LAPACK's ``dgbtf2``/``dgbtrs`` (what scipy's ``gbsv``
call runs for these band widths): O(n k^2) time and O(n k) memory, never a
dense matrix.  Knot vectors (not-a-knot, augmented, periodic), the
collocation rows and the derivative rows at the ends follow scipy's
``_bsplines.py`` and ``__fitpack.cc``, so the coefficients agree with scipy's
to a few ulps.

* from Python, :func:`make_interp_spline` settles ``bc_type`` (strings or
  ``(deriv_l, deriv_r)`` lists of ``(order, value)``) into arrays, moves
  ``axis`` to the front (any ``ndim``), calls the cached @njit core and
  returns a real ``scipy.interpolate.BSpline``;
* inside @njit ``bc_type`` is a constant (None, a string, or a pair of
  None / strings / lists of ``(order, value)`` tuples), ``y`` is N-D with
  ``axis`` as from Python, and the result is a ``Spline`` value.
"""
import operator

import numpy as np
from numba import literally, njit, types
from numba.core.errors import TypingError

from lowering.separate import separate
from scijit_types.spline import EXTRAPOLATE_PERIODIC, EXTRAPOLATE_TRUE, SplineError, bspline_build

from .. import _arguments as A
from .._registration import Chooser, register_choosers

from ._spline_kernels import bspl_find_interval, deboor_d, normal_axis, values_reader

__all__ = ["make_interp_spline"]

#: knot/boundary modes of the core
BC_NONE, BC_DERIVS, BC_PERIODIC = 0, 1, 2

_MSG_DERIV_SPEC = ("Derivatives, `bc_type`, should be specified as a pair of iterables of pairs "
                   "of (order, value).")


class ShapesError(ValueError):
    """scipy's 'Shapes of x (n,) and y (...) are incompatible' (y's shape a
    tuple, with the interpolation axis moved to the front)."""

    def __init__(self, nx, yshape):
        super().__init__(f"Shapes of x {(nx,)} and y {tuple(yshape)} are incompatible")


class OutOfBoundsError(ValueError):
    """scipy's 'Out of bounds w/ x = [...].', numpy's str of x formatted in Python."""

    def __init__(self, x):
        super().__init__(f"Out of bounds w/ x = {x}.")


# ---------------------------------------------------------------- knots
@njit(cache=True)
def not_a_knot(x, k):
    """scipy's _not_a_knot(x, k)."""
    n = x.size
    if k % 2 == 1:
        k2 = (k + 1) // 2
        inner = x.copy()
    else:
        k2 = k // 2
        inner = np.empty(n - 1)
        for i in range(n - 1):
            inner[i] = (x[i + 1] + x[i]) / 2
    m = max(inner.size - 2 * k2, 0)
    t = np.empty(2 * (k + 1) + m)
    for i in range(k + 1):
        t[i] = x[0]
        t[k + 1 + m + i] = x[n - 1]
    for i in range(m):
        t[k + 1 + i] = inner[k2 + i]
    return t


@njit(cache=True)
def augknt(x, k):
    """scipy's _augknt(x, k)."""
    n = x.size
    t = np.empty(n + 2 * k)
    for i in range(k):
        t[i] = x[0]
        t[n + k + i] = x[n - 1]
    t[k:k + n] = x
    return t


@njit(cache=True)
def periodic_knots(x, k):
    """scipy's _periodic_knots(x, k)."""
    xc = x.copy()
    n = xc.size
    if k % 2 == 0:
        dx = np.diff(xc)
        for i in range(1, n - 1):
            xc[i] -= dx[i - 1] / 2
    dx = np.diff(xc)
    t = np.zeros(n + 2 * k)
    t[k:k + n] = xc
    nt = t.size
    for i in range(k):
        t[k - i - 1] = t[k - i] - dx[(n - 1) - (i % (n - 1)) - 1]
        t[nt - k + i] = t[nt - k + i - 1] + dx[i % (n - 1)]
    return t


# ---------------------------------------------------------------- banded LU (LAPACK dgbtf2/dgbtrs)
@njit(cache=True)
def gbtf2(kl, ku, ab, ipiv):
    """LU factorisation with partial pivoting of a band matrix in LAPACK's
    band storage (A[i, j] = ab[kl + ku + i - j, j]); returns info."""
    n = ab.shape[1]
    kv = ku + kl
    info = 0
    ju = 0
    for j in range(n):
        km = min(kl, n - 1 - j)
        jp = 0
        amax = abs(ab[kv, j])
        for i in range(1, km + 1):
            v = abs(ab[kv + i, j])
            if v > amax:
                amax = v
                jp = i
        ipiv[j] = j + jp
        if ab[kv + jp, j] != 0.0:
            ju = max(ju, min(j + ku + jp, n - 1))
            if jp != 0:
                for cc in range(j, ju + 1):
                    r1 = kv + j - cc
                    r2 = kv + j + jp - cc
                    tmp = ab[r1, cc]
                    ab[r1, cc] = ab[r2, cc]
                    ab[r2, cc] = tmp
            if km > 0:
                r = 1.0 / ab[kv, j]
                for i in range(1, km + 1):
                    ab[kv + i, j] *= r
                for cc in range(j + 1, ju + 1):
                    temp = -ab[kv + j - cc, cc]
                    if temp != 0.0:
                        for i in range(1, km + 1):
                            ab[kv + j + i - cc, cc] += ab[kv + i, j] * temp
        elif info == 0:
            info = j + 1
    return info


@njit(cache=True)
def gbtrs(kl, ku, ab, ipiv, b):
    """Solve A X = B after :func:`gbtf2`; b (n, nrhs) is overwritten."""
    n = ab.shape[1]
    kv = ku + kl
    nrhs = b.shape[1]
    if kl > 0:
        for j in range(n - 1):
            lm = min(kl, n - 1 - j)
            piv = ipiv[j]
            if piv != j:
                for p in range(nrhs):
                    tmp = b[piv, p]
                    b[piv, p] = b[j, p]
                    b[j, p] = tmp
            for p in range(nrhs):
                temp = -b[j, p]
                if temp != 0.0:
                    for i in range(1, lm + 1):
                        b[j + i, p] += ab[kv + i, j] * temp
    for p in range(nrhs):
        for j in range(n - 1, -1, -1):
            if b[j, p] != 0.0:
                b[j, p] = b[j, p] / ab[kv, j]
                temp = b[j, p]
                for i in range(j - 1, max(0, j - kv) - 1, -1):
                    b[i, p] -= temp * ab[kv + i - j, j]
    return b


@njit(cache=True)
def solve_banded_lu(kl, ku, ab, b):
    """scipy's gbsv call: raises scipy's 'Colocation matrix is singular.'"""
    ipiv = np.empty(ab.shape[1], dtype=np.int64)
    info = gbtf2(kl, ku, ab, ipiv)
    if info > 0:
        raise np.linalg.LinAlgError("Colocation matrix is singular.")
    return gbtrs(kl, ku, ab, ipiv, b)


# ---------------------------------------------------------------- collocation
@njit(cache=True)
def collocation_rows(x, t, k, ab, offset):
    """scipy's _dierckx._coloc: the collocation rows (band storage)."""
    kl = ku = k
    wrk = np.empty(2 * k + 2)
    for j in range(x.size):
        xval = x[j]
        left = bspl_find_interval(t, k, xval, False)
        deboor_d(t, xval, k, left, 0, wrk)
        for a in range(k + 1):
            clmn = left - k + a
            ab[kl + ku + j + offset - clmn, clmn] = wrk[a]


@njit(cache=True)
def _lhs_derivatives(t, k, xval, ab, ords, offset):
    """scipy's _handle_lhs_derivatives."""
    kl = ku = k
    left = bspl_find_interval(t, k, xval, False)
    wrk = np.empty(2 * k + 2)
    for row in range(ords.size):
        deboor_d(t, xval, k, left, ords[row], wrk)
        for a in range(k + 1):
            clmn = left - k + a
            ab[kl + ku + offset + row - clmn, clmn] = wrk[a]


# ---------------------------------------------------------------- checks
@njit(cache=True)
def _check_finite(a, msg_array):
    for v in a.ravel():
        if not np.isfinite(v):
            raise ValueError("Array must not contain infs or nans.")


@njit(cache=True)
def check_periodic(y):
    """scipy's np.allclose(y[0], y[-1], atol=1e-15) for (n, P) y."""
    if y.shape[0] > 0:
        last = y.shape[0] - 1
        for p in range(y.shape[1]):
            a, b = y[0, p], y[last, p]
            if not abs(a - b) <= 1e-15 + 1e-05 * abs(b):
                raise ValueError("First and last points does not match while periodic case "
                                 "expected")


@njit(cache=True)
def check_data(x, y, k, mode, check_finite):
    """scipy's make_interp_spline checks on x and (n, P) y, in its order."""
    if check_finite:
        _check_finite(x, 0)
        _check_finite(y, 0)
    n = x.size
    if mode == BC_PERIODIC:
        check_periodic(y)
    if n != y.shape[0]:
        if y.shape[1] == 1:
            raise ShapesError(n, (y.shape[0],))
        raise ShapesError(n, y.shape)
    for i in range(n - 1):
        if x[i + 1] == x[i]:
            raise ValueError("Expect x to not have duplicates")
    for i in range(n - 1):
        if x[i + 1] < x[i]:
            raise ValueError("Expect x to be a 1D strictly increasing sequence.")


@njit(cache=True)
def check_knots(x, t, k):
    if k < 0:
        raise ValueError("Expect non-negative k.")
    for i in range(t.size - 1):
        if t[i + 1] < t[i]:
            raise ValueError("Expect t to be a 1-D sorted array_like.")
    if t.size < x.size + k + 1:
        raise SplineError("Got %d knots, need at least %d.", t.size, x.size + k + 1)
    if x[0] < t[k] or x[x.size - 1] > t[t.size - k]:
        raise OutOfBoundsError(x)


# ---------------------------------------------------------------- the core
@separate      # (called by symbol: too big to compile into every caller)
@njit(cache=True)
def interp_spline_core(x, y, k, t, has_t, mode, ords_l, vals_l, ords_r, vals_r, check_finite):
    """(t, c) of scipy's make_interp_spline for 1-D x, (n, P) y; c is (nt, P).

    ``mode``: BC_NONE (not-a-knot knots), BC_DERIVS (derivatives in
    ords/vals, augmented knots), BC_PERIODIC."""
    check_data(x, y, k, mode, check_finite)
    n = x.size
    npar = y.shape[1]
    if k == 0:
        if has_t or mode == BC_DERIVS:
            raise ValueError("Too much info for k=0: t and bc_type can only be None.")
        tt = np.empty(n + 1)
        tt[:n] = x
        tt[n] = x[n - 1]
        return tt, y.copy()
    if k == 1 and not has_t:
        if mode == BC_DERIVS:
            raise ValueError("Too much info for k=1: bc_type can only be None.")
        tt = np.empty(n + 2)
        tt[0] = x[0]
        tt[1:n + 1] = x
        tt[n + 1] = x[n - 1]
        return tt, y.copy()
    if mode == BC_PERIODIC and has_t:
        raise NotImplementedError("For periodic case t is constructed automatically and can "
                                  "not be passed manually")
    if not has_t:
        if mode == BC_PERIODIC:
            t = periodic_knots(x, k)
        elif mode == BC_NONE:
            if k < 0:
                raise ValueError("Expect non-negative k.")
            t = not_a_knot(x, k)
        else:
            t = augknt(x, k)
    elif check_finite:
        _check_finite(t, 0)
    check_knots(x, t, k)
    if mode == BC_PERIODIC:
        return t, periodic_coefficients(x, y, t, k)
    for i in range(ords_l.size):
        if not (0 <= ords_l[i] <= k):
            raise SplineError("Bad boundary conditions at %r.", x[0])
    for i in range(ords_r.size):
        if not (0 <= ords_r[i] <= k):
            raise SplineError("Bad boundary conditions at %r.", x[n - 1])
    nleft = ords_l.size
    nright = ords_r.size
    nt = t.size - k - 1
    if nt - n != nleft + nright:
        raise SplineError("The number of derivatives at boundaries does not match: "
                          "expected %d, got %d+%d", nt - n, nleft, nright)
    if y.size == 0:
        return t, np.zeros((nt, npar))
    kl = ku = k
    ab = np.zeros((2 * kl + ku + 1, nt))
    collocation_rows(x, t, k, ab, nleft)
    if nleft > 0:
        _lhs_derivatives(t, k, x[0], ab, ords_l, 0)
    if nright > 0:
        _lhs_derivatives(t, k, x[n - 1], ab, ords_r, nt - nright)
    rhs = np.empty((nt, npar))
    rhs[:nleft] = vals_l
    rhs[nleft:nt - nright] = y
    rhs[nt - nright:] = vals_r
    if check_finite:
        for v in rhs.ravel():
            if not np.isfinite(v):
                raise ValueError("array must not contain infs or NaNs")
    return t, solve_banded_lu(kl, ku, ab, rhs)


# ---------------------------------------------------------------- periodic (scipy's _make_periodic_spline)
@njit(cache=True)
def _solve_dense(a, b):
    """Gaussian elimination with partial pivoting (LAPACK gesv's order), b (n, m)."""
    a = a.copy()
    b = b.copy()
    n = a.shape[0]
    for kk in range(n):
        p = kk
        for i in range(kk + 1, n):
            if abs(a[i, kk]) > abs(a[p, kk]):
                p = i
        if a[p, kk] == 0.0:
            raise np.linalg.LinAlgError("Matrix is singular.")
        if p != kk:
            for j in range(n):
                a[kk, j], a[p, j] = a[p, j], a[kk, j]
            for j in range(b.shape[1]):
                b[kk, j], b[p, j] = b[p, j], b[kk, j]
        r = 1.0 / a[kk, kk]
        for i in range(kk + 1, n):
            a[i, kk] *= r
        for j in range(kk + 1, n):
            for i in range(kk + 1, n):
                a[i, j] -= a[i, kk] * a[kk, j]
        for j in range(b.shape[1]):
            for i in range(kk + 1, n):
                b[i, j] -= a[i, kk] * b[kk, j]
    for j in range(b.shape[1]):
        for i in range(n - 1, -1, -1):
            s = b[i, j]
            for q in range(i + 1, n):
                s -= a[i, q] * b[q, j]
            b[i, j] = s / a[i, i]
    return b


@njit(cache=True)
def _periodic_full(x, y, t, k):
    """scipy's _make_interp_per_full_matr for n <= k; y (n, P)."""
    n = x.size
    nn = n + k - 1
    matr = np.zeros((nn, nn))
    wrk = np.empty(2 * k + 2)
    for i in range(k - 1):
        deboor_d(t, x[0], k, k, i + 1, wrk)
        for a in range(k + 1):
            matr[i, a] += wrk[a]
        deboor_d(t, x[n - 1], k, n + k - 1, i + 1, wrk)
        for a in range(k):
            matr[i, nn - k + a] -= wrk[a]
    for i in range(n):
        xval = x[i]
        if xval == t[k]:
            left = k
        else:
            left = np.searchsorted(t, xval) - 1
        deboor_d(t, xval, k, left, 0, wrk)
        for a in range(k + 1):
            matr[i + k - 1, left - k + a] = wrk[a]
    b = np.zeros((nn, y.shape[1]))
    b[k - 1:] = y
    return _solve_dense(matr, b)


@njit(cache=True)
def periodic_coefficients(x, y, t, k):
    """scipy's _make_periodic_spline coefficients (n + k - 1, P)."""
    n = x.size
    npar = y.shape[1]
    if n <= k:
        return _periodic_full(x, y, t, k)
    nt = t.size - k - 1
    kul = k // 2
    abf = np.zeros((3 * k + 1, nt))
    collocation_rows(x[:n - 1], t, k, abf, k)
    ab = abf[abf.shape[0] - k - (k + 1) % 2:, :]
    ur = np.zeros((kul, kul))
    ll = np.zeros((kul, kul))
    nr = ab.shape[0]
    for i in range(kul):
        # ur += diag(ab[-i-1, i:kul], k=i); ll += diag(ab[i, -kul-(k%2): n-1+2*kul-i], k=-i)
        row = ab[nr - i - 1]
        for q in range(kul - i):
            ur[q, q + i] += row[i + q]
        start = nt - kul - (k % 2)
        stop = min(n - 1 + 2 * kul - i, nt)
        row2 = ab[i]
        for q in range(stop - start):
            ll[q + i, q] += row2[start + q]
    a = np.ascontiguousarray(ab[:, kul:nt - k + kul])
    c = np.zeros((n + k - 1, npar))
    for p in range(npar):
        cc = _woodbury(a, ur, ll, y[:n - 1, p].copy(), k)
        m = cc.size
        pos = 0
        for q in range(m - kul, m):
            c[pos, p] = cc[q]
            pos += 1
        for q in range(m):
            c[pos, p] = cc[q]
            pos += 1
        for q in range(kul + k % 2):
            c[pos, p] = cc[q]
            pos += 1
    return c


@njit(cache=True)
def _band_solve(bs, a, rhs):
    """scipy's solve_banded((bs, bs), a, rhs) (gbsv on a copy)."""
    n = a.shape[1]
    ab = np.zeros((3 * bs + 1, n))
    ab[bs:, :] = a
    ipiv = np.empty(n, dtype=np.int64)
    if gbtf2(bs, bs, ab, ipiv) > 0:
        raise np.linalg.LinAlgError("singular matrix")
    return gbtrs(bs, bs, ab, ipiv, rhs.copy())


@njit(cache=True)
def _woodbury(a, ur, ll, b, k):
    """scipy's _woodbury_algorithm."""
    k_mod = k - k % 2
    bs = int((k - 1) / 2) + (k + 1) % 2
    n = a.shape[1] + 1
    u = np.zeros((n - 1, k_mod))
    vt = np.zeros((k_mod, n - 1))
    u[:bs, :bs] = ur
    for i in range(bs):
        vt[i, n - 1 - bs + i] = 1.0
    u[n - 1 - bs:, k_mod - bs:] = ll
    for i in range(bs):
        vt[k_mod - bs + i, i] = 1.0
    z = _band_solve(bs, a, u)
    h = _solve_dense(np.identity(k_mod) + vt @ z, np.identity(k_mod))
    y = _band_solve(bs, a, b.reshape((b.size, 1)))[:, 0].copy()
    return y - z @ (h @ (vt @ y))


# ---------------------------------------------------------------- Python entry
def _python_derivs(deriv, trailing):
    """(ords, vals (m, P)) from one end's bc spec (after string aliases)."""
    npar = int(np.prod(trailing))
    if isinstance(deriv, str):
        if deriv == "clamped":
            deriv = [(1, np.zeros(trailing))]
        elif deriv == "natural":
            deriv = [(2, np.zeros(trailing))]
        else:
            raise ValueError(f"Unknown boundary condition : {deriv}")
    if deriv is None:
        return np.zeros(0, dtype=np.int64), np.zeros((0, npar))
    try:
        ords, vals = zip(*deriv)
    except TypeError as e:
        raise ValueError(_MSG_DERIV_SPEC) from e
    ords, vals = np.atleast_1d(ords, vals)
    if np.iscomplexobj(vals):
        raise NotImplementedError("make_interp_spline: complex values are not supported yet")
    return (np.ascontiguousarray(ords, dtype=np.int64),
            # len(ords) rows, not -1: an empty trailing axis (npar = 0) has no
            # size to infer the row count from.
            np.ascontiguousarray(np.asarray(vals, dtype=np.float64).reshape(len(ords), npar)))


def _python_bc(bc_type):
    if bc_type is None or (isinstance(bc_type, str) and bc_type in ("not-a-knot", "periodic")):
        return (BC_PERIODIC if bc_type == "periodic" else BC_NONE), None, None
    if isinstance(bc_type, str):
        return BC_DERIVS, bc_type, bc_type
    try:
        deriv_l, deriv_r = bc_type
    except TypeError as e:
        raise ValueError(f"Unknown boundary condition: {bc_type}") from e
    if deriv_l is None and deriv_r is None:
        return BC_NONE, None, None
    return BC_DERIVS, deriv_l, deriv_r


def make_interp_spline(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
    """Interpolating B-spline (scipy.interpolate.make_interp_spline), compiled.

    Same signature and defaults as scipy's, ``y`` of any dimension; returns a
    real ``scipy.interpolate.BSpline`` whose knots and coefficients scijit's
    @njit core computed (a banded solve).
    """
    import scipy.interpolate as si
    mode, deriv_l, deriv_r = _python_bc(bc_type)
    x = np.ascontiguousarray(x)
    y = np.ascontiguousarray(y)
    if np.iscomplexobj(y) or np.iscomplexobj(x):
        raise NotImplementedError("make_interp_spline: complex values are not supported yet")
    x = x.astype(np.float64)
    y = y.astype(np.float64)
    if check_finite and not (np.isfinite(x).all() and np.isfinite(y).all()):
        raise ValueError("Array must not contain infs or nans.")
    if y.ndim == 0:
        raise ValueError("y must be at least 1-dimensional")     # numpy's axis error in scipy
    axis = operator.index(axis)
    if not -y.ndim <= axis < y.ndim:
        raise np.exceptions.AxisError(axis, y.ndim)
    axis = axis % y.ndim
    y = np.moveaxis(y, axis, 0)
    trailing = y.shape[1:]
    if mode == BC_PERIODIC and not np.allclose(y[0], y[-1], atol=1e-15):
        raise ValueError("First and last points does not match while periodic case expected")
    if x.size != y.shape[0]:
        raise ValueError(f'Shapes of x {x.shape} and y {y.shape} are incompatible')
    if x.ndim != 1:
        raise ValueError("Expect x to be a 1D strictly increasing sequence.")
    y2 = np.ascontiguousarray(y.reshape((y.shape[0], int(np.prod(trailing)))))
    k = operator.index(k)
    ords_l, vals_l = _python_derivs(deriv_l, trailing) if mode == BC_DERIVS else _no_derivs(y2)
    ords_r, vals_r = _python_derivs(deriv_r, trailing) if mode == BC_DERIVS else _no_derivs(y2)
    has_t = t is not None
    tt = np.ascontiguousarray(t, dtype=np.float64) if has_t else np.zeros(0)
    if tt.ndim != 1:
        raise ValueError("Expect t to be a 1-D sorted array_like.")
    tk, c = interp_spline_core(x, y2, k, tt, has_t, mode, ords_l, vals_l, ords_r, vals_r,
                               check_finite)
    c = np.ascontiguousarray(c.reshape((c.shape[0],) + trailing))
    ext = "periodic" if mode == BC_PERIODIC and k > 1 else True
    return si.BSpline.construct_fast(tk, c, k, extrapolate=ext, axis=axis)


def _no_derivs(y2):
    return np.zeros(0, dtype=np.int64), np.zeros((0, y2.shape[1]))


# ---------------------------------------------------------------- @njit chooser
_EMPTY = njit(inline="always")(lambda bc, npar: (np.zeros(0, dtype=np.int64),
                                                  np.zeros((0, npar))))


def _end_reader(ty, index):
    """An inline function (bc, npar) -> (ords, vals) for one end."""
    ty = A.constant(ty, ty)
    if ty is None:
        return _EMPTY
    if isinstance(ty, str):
        if ty not in ("clamped", "natural"):
            return A.raiser(ValueError, f"Unknown boundary condition : {ty}", arity=2)
        order = 1 if ty == "clamped" else 2
        return njit(inline="always")(lambda bc, npar: (np.full(1, order, dtype=np.int64),
                                                       np.zeros((1, npar))))
    if isinstance(ty, (types.List, types.UniTuple)):
        item = ty.dtype
        if not (isinstance(item, types.BaseTuple) and len(item) == 2
                and all(isinstance(v, (types.Integer, types.Float, types.Boolean)) for v in item)):
            raise TypingError("make_interp_spline: bc_type ends must be lists of (order, value) "
                              "pairs of numbers inside @njit, got %s" % ty)

        @njit(inline="always")
        def read(bc, npar):
            spec = bc[index]
            m = len(spec)
            ords = np.empty(m, dtype=np.int64)
            vals = np.empty((m, npar))
            for i in range(m):
                ords[i] = int(spec[i][0])
                vals[i, :] = float(spec[i][1])
            return ords, vals
        return read
    raise TypingError("make_interp_spline: unsupported bc_type end inside @njit: %s" % ty)


def _bc_readers(bc_type):
    """(mode, left reader, right reader) from bc_type's type."""
    bc = A.constant(bc_type, bc_type)
    if bc is None or bc == "not-a-knot":
        return BC_NONE, _EMPTY, _EMPTY
    if bc == "periodic":
        return BC_PERIODIC, _EMPTY, _EMPTY
    if isinstance(bc, str):
        reader = _end_reader(bc, 0)
        return BC_DERIVS, reader, reader
    if isinstance(bc, types.BaseTuple) and len(bc) == 2:
        ends = [A.constant(e, e) for e in bc]
        if ends[0] is None and ends[1] is None:
            return BC_NONE, _EMPTY, _EMPTY
        return BC_DERIVS, _end_reader(bc[0], 0), _end_reader(bc[1], 1)
    if isinstance(bc, types.BaseTuple):
        return BC_DERIVS, A.raiser(ValueError, _MSG_DERIV_SPEC, arity=2), _EMPTY
    raise TypingError("make_interp_spline: bc_type must be None, a constant string or a pair "
                      "of derivative specifications inside @njit, got %s" % bc_type)


def _y_caller(y):
    """An inline function (y, axis, periodic) -> (y2 (n, P), axis,
    trailing); N-D y moved to the front and flattened as scipy, whose
    periodic and shape checks come first with the moved shape."""
    if y.ndim == 1:
        @njit(inline="always")
        def as2d(y, axis, nx, periodic):
            ax = normal_axis(axis, 1)
            return np.ascontiguousarray(y).astype(np.float64).reshape((y.size, 1)), ax, ()
        return as2d
    read = values_reader(y)

    @njit(inline="always")
    def as2d_nd(y, axis, nx, periodic):
        yy, ax, trailing = read(y, axis)
        if periodic:
            check_periodic(yy)
        if nx != yy.shape[0]:
            raise ShapesError(nx, (yy.shape[0],) + trailing)
        return yy, ax, trailing
    return as2d_nd


def _t_reader(t):
    if A.is_none(t):
        return njit(inline="always")(lambda t: (np.zeros(0), False))
    if isinstance(t, types.Array) and t.ndim == 1:
        return njit(inline="always")(lambda t: (np.ascontiguousarray(t).astype(np.float64), True))
    raise TypingError("make_interp_spline: t must be None or a 1-D array inside @njit, got %s" % t)


def _output_builder(y):
    if y.ndim == 1:
        @njit(inline="always")
        def out(t, c, k, ext, ax, trailing):
            return bspline_build(t, c.reshape(c.shape[0]), k, ext, ax)
        return out

    @njit(inline="always")
    def out_nd(t, c, k, ext, ax, trailing):
        return bspline_build(t, c.reshape((c.shape[0],) + trailing), k, ext, ax)
    return out_nd


def _make_interp_spline_overload(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
    for name, ty in (("x", x), ("y", y)):
        if not (isinstance(ty, types.Array) and isinstance(ty.dtype, (types.Float, types.Integer))):
            raise TypingError("make_interp_spline: %r must be an array of real numbers inside "
                              "@njit, got %s" % (name, ty))
    if x.ndim != 1:
        raise TypingError("make_interp_spline: x must be 1-D, got %s" % x)
    if isinstance(bc_type, types.UnicodeType) and not isinstance(bc_type, types.StringLiteral):
        def force(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
            return literally(bc_type)
        return force
    mode, left, right = _bc_readers(bc_type)
    as2d = _y_caller(y)
    read_t = _t_reader(t)
    out = _output_builder(y)
    periodic = mode == BC_PERIODIC

    def impl(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
        xx = np.ascontiguousarray(x).astype(np.float64)
        yy, ax, trailing = as2d(y, axis, xx.size, periodic)
        npar = yy.shape[1]
        ords_l, vals_l = left(bc_type, npar)
        ords_r, vals_r = right(bc_type, npar)
        tt, has_t = read_t(t)
        tk, c = interp_spline_core(xx, yy, k, tt, has_t, mode, ords_l, vals_l, ords_r, vals_r,
                                   check_finite)
        ext = EXTRAPOLATE_PERIODIC if periodic and k > 1 else EXTRAPOLATE_TRUE
        return out(tk, c, k, ext, ax, trailing)
    return impl


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "make_interp_spline": Chooser(_make_interp_spline_overload),
}
register_choosers(CHOOSERS, globals())
