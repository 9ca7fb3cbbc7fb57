"""The numerical kernels of scipy's piecewise polynomials and B-splines.

The ``Spline`` values (:mod:`scijit_types.spline`) are evaluated,
differentiated and integrated by these ``@njit`` functions, which follow
scipy's (``_ppoly.pyx``, ``__fitpack.cc``) operation order, so values agree
to a few ulps: interval search (:func:`find_interval`, :func:`bspl_find_interval`),
the local polynomial (:func:`evaluate_poly1`), de Boor's recursion
(:func:`deboor_d`), evaluation over points, derivative and antiderivative
coefficients, integrals; and the shape helpers of N-D values.

N-D values are computed as scipy does: on ``c`` seen as (k+1, m, P) (or
(n, P)), P the product of the trailing dimensions, the (points, P) result
reshaped to ``x.shape + trailing`` and the point dimensions moved to
``axis``.  The result's ndim comes from the types (x's and c's); the axis is
a run-time value selecting one of the permutations computed at compile time.
The methods of the Spline types built on them are in :mod:`._spline_methods`.
"""
import numpy as np
from numba import njit, types
from numba.core.errors import TypingError

from scijit_types.spline import (EXTRAPOLATE_FALSE, EXTRAPOLATE_PERIODIC, EXTRAPOLATE_TRUE,
                                 SplineError, SplineNotImplementedError)

from .._arguments import constant_str


# ---------------------------------------------------------------- kernels (scipy's _ppoly.pyx)
@njit(cache=True, inline="always")
def find_interval(x, xval, prev, extrapolate):
    """scipy's find_interval_ascending/_descending: i with x[i] <= xval <
    x[i+1] (closed at the end), 0 / n-2 out of bounds with extrapolate, -1
    for nan or out of bounds without."""
    nx = x.size
    a = x[0]
    b = x[nx - 1]
    interval = prev
    if interval < 0 or interval >= nx:
        interval = 0
    if b >= a:
        if not (a <= xval <= b):
            if xval < a and extrapolate:
                return 0
            if xval > b and extrapolate:
                return nx - 2
            return -1
        if xval == b:
            return nx - 2
        if xval >= x[interval]:
            low = interval
            high = nx - 2
        else:
            low = 0
            high = interval
        if xval < x[low + 1]:
            high = low
        while low < high:
            mid = (high + low) // 2
            if xval < x[mid]:
                high = mid
            elif xval >= x[mid + 1]:
                low = mid + 1
            else:
                return mid      # found; a `break` here compiles to much slower code
        return low
    # descending breakpoints
    if not (b <= xval <= a):
        if xval > a and extrapolate:
            return 0
        if xval < b and extrapolate:
            return nx - 2
        return -1
    if xval == b:
        return nx - 2
    low = 0
    high = nx - 2
    while low < high:
        mid = (high + low) // 2
        if xval > x[mid + 1]:
            high = mid
        else:
            low = mid + 1
    return low


@njit(cache=True, inline="always")
def evaluate_poly1(s, c, ci, dx):
    """scipy's evaluate_poly1: the dx-th derivative (dx < 0: antiderivative)
    of the local polynomial c[:, ci] at s, in scipy's operation order."""
    res = 0.0
    z = 1.0
    kk = c.shape[0]
    if dx < 0:
        for kp in range(-dx):
            z *= s
    for kp in range(kk):
        if dx == 0:
            prefactor = 1.0
        elif dx > 0:
            if kp < dx:
                continue
            prefactor = 1.0
            for k in range(kp, kp - dx, -1):
                prefactor *= k
        else:
            prefactor = 1.0
            for k in range(kp, kp - dx):
                prefactor /= k + 1
        res = res + c[kk - kp - 1, ci] * z * prefactor
        if kp < kk - 1 and kp >= dx:
            z *= s
    return res


@njit(cache=True)
def _negative_nu():
    raise ValueError("Order of derivative cannot be negative")


@njit(inline="always")
def ppoly_scalar_inline(c, x, xval, nu, extrapolate):
    """One point, inlined into the caller (numba IR), so a constant ``nu``
    folds the local polynomial into Horner-like code and no call remains."""
    if nu < 0:
        _negative_nu()
    if extrapolate == EXTRAPOLATE_PERIODIC:
        xval = x[0] + (xval - x[0]) % (x[x.size - 1] - x[0])
        extrapolate = EXTRAPOLATE_FALSE
    i = find_interval(x, xval, 0, extrapolate != 0)
    if i < 0:
        return np.nan
    return evaluate_poly1(xval - x[i], c, i, nu)


@njit(cache=True, inline="always")
def _eval_points(c, x, flat, out, nu, periodic, ext):
    """scipy's _ppoly.evaluate loop: the interval of the previous point is
    the hint of the next (sorted points: no search but at breakpoints)."""
    x0 = x[0]
    period = x[x.size - 1] - x0
    interval = 0
    for i in range(flat.size):
        xval = float(flat[i])
        if periodic:
            xval = x0 + (xval - x0) % period
        j = find_interval(x, xval, interval, ext)
        if j < 0:
            out[i] = np.nan
        else:
            interval = j
            out[i] = evaluate_poly1(xval - x[j], c, j, nu)


@njit(cache=True)
def ppoly_eval_array(c, x, xp, nu, extrapolate):
    if nu < 0:
        raise ValueError("Order of derivative cannot be negative")
    flat = xp.ravel()
    out = np.empty(flat.size)
    periodic = extrapolate == EXTRAPOLATE_PERIODIC
    ext = extrapolate != EXTRAPOLATE_FALSE and not periodic
    if nu == 0:                 # the common case, with the derivative order a constant
        _eval_points(c, x, flat, out, 0, periodic, ext)
    else:
        _eval_points(c, x, flat, out, nu, periodic, ext)
    return out.reshape(xp.shape)


@njit(cache=True)
def _poch_factors(n, nu):
    """spec.poch(arange(n, 0, -1), nu): products of nu consecutive integers."""
    f = np.empty(n)
    for i in range(n):
        a = n - i
        p = 1.0
        for j in range(nu):
            p *= a + j
        f[i] = p
    return f


@njit(cache=True)
def ppoly_derivative_c(c, nu):
    """scipy's PPoly.derivative coefficients (nu >= 0)."""
    kk, m = c.shape[0], c.shape[1]
    if nu >= kk:
        return np.zeros((1, m))
    c2 = np.empty((kk - nu, m))
    c2[:, :] = c[:kk - nu, :]
    f = _poch_factors(kk - nu, nu)
    for i in range(kk - nu):
        for j in range(m):
            c2[i, j] *= f[i]
    return c2


@njit(cache=True)
def ppoly_antiderivative_c(c, x, nu):
    """scipy's PPoly.antiderivative coefficients (nu >= 1), continuity fixed."""
    kk, m = c.shape[0], c.shape[1]
    c2 = np.zeros((kk + nu, m))
    c2[:kk, :] = c
    f = _poch_factors(kk, nu)
    for i in range(kk):
        for j in range(m):
            c2[i, j] /= f[i]
    # _ppoly.fix_continuity(c2, x, nu - 1)
    k2 = kk + nu
    for ip in range(1, x.size - 1):
        xval = x[ip]
        interval = ip - 1
        for dx in range(nu - 1, -1, -1):
            res = evaluate_poly1(xval - x[interval], c2, interval, dx)
            for kp in range(dx):
                res /= kp + 1
            c2[k2 - dx - 1, ip] = res
    return c2


@njit(cache=True)
def _integrate_range(c, x, a, b, extrapolate):
    """scipy's _ppoly.integrate for one polynomial column (b >= a)."""
    if not (b >= a):
        raise ValueError("Integral bounds not in order")
    ascending = x[x.size - 1] >= x[0]
    if not ascending:
        a, b = b, a
    start = find_interval(x, a, 0, extrapolate)
    end = find_interval(x, b, 0, extrapolate)
    if start < 0 or end < 0:
        return np.nan
    vtot = 0.0
    if ascending:
        lo, hi = start, end
    else:
        lo, hi = end, start
    for interval in range(lo, hi + 1):
        if interval == end:
            vb = evaluate_poly1(b - x[interval], c, interval, -1)
        else:
            vb = evaluate_poly1(x[interval + 1] - x[interval], c, interval, -1)
        if interval == start:
            va = evaluate_poly1(a - x[interval], c, interval, -1)
        else:
            va = evaluate_poly1(0.0, c, interval, -1)
        vtot += vb - va
    return vtot if ascending else -vtot


@njit(cache=True)
def ppoly_integrate(c, x, a, b, extrapolate):
    """scipy's PPoly.integrate for 2-D c (a float)."""
    sign = 1.0
    if b < a:
        a, b = b, a
        sign = -1.0
    if extrapolate == EXTRAPOLATE_PERIODIC:
        xs, xe = x[0], x[x.size - 1]
        period = xe - xs
        interval = b - a
        n_periods, left = divmod(interval, period)
        if n_periods > 0:
            total = _integrate_range(c, x, xs, xe, False) * n_periods
        else:
            total = 0.0
        a = xs + (a - xs) % period
        b = a + left
        if b <= xe:
            total += _integrate_range(c, x, a, b, False)
        else:
            total += _integrate_range(c, x, a, xe, False)
            total += _integrate_range(c, x, xs, xs + left + a - xe, False)
    else:
        total = _integrate_range(c, x, a, b, extrapolate != 0)
    return total * sign


# ---------------------------------------------------------------- kernels (scipy's __fitpack.cc)
@njit(cache=True)
def bspl_find_interval(t, k, xval, extrapolate):
    """fitpack's _find_interval (result identical to its linear search)."""
    n = t.size - k - 1
    if xval != xval:
        return -1
    if (xval < t[k] or xval > t[n]) and not extrapolate:
        return -1
    # largest l in [k, n-1] with t[l] <= xval (k if none)
    lo, hi = k + 1, n           # search in t[k+1 : n]
    while lo < hi:
        mid = (lo + hi) // 2
        if xval >= t[mid]:
            lo = mid + 1
        else:
            hi = mid
    return lo - 1


@njit(cache=True)
def deboor_d(t, x, k, ell, m, result):
    """scipy's _deBoor_D: the k+1 non-zero B-splines (m-th derivative) at x."""
    h = result
    hh = result[k + 1:]
    result[0] = 1.0
    for j in range(1, k - m + 1):
        for q in range(j):
            hh[q] = h[q]
        h[0] = 0.0
        for n in range(1, j + 1):
            ind = ell + n
            xb = t[ind]
            xa = t[ind - j]
            if xb == xa:
                h[n] = 0.0
                continue
            w = hh[n - 1] / (xb - xa)
            h[n - 1] += w * (xb - x)
            h[n] = w * (x - xa)
    for j in range(k - m + 1, k + 1):
        for q in range(j):
            hh[q] = h[q]
        h[0] = 0.0
        for n in range(1, j + 1):
            ind = ell + n
            xb = t[ind]
            xa = t[ind - j]
            if xb == xa:
                h[m] = 0.0
                continue
            w = j * hh[n - 1] / (xb - xa)
            h[n - 1] -= w
            h[n] = w


@njit(cache=True)
def bspline_point(t, c, k, xval, nu, extrapolate, work):
    if extrapolate == EXTRAPOLATE_PERIODIC:
        n = t.size - k - 1
        xval = t[k] + (xval - t[k]) % (t[n] - t[k])
        extrapolate = EXTRAPOLATE_FALSE
    interval = bspl_find_interval(t, k, xval, extrapolate != 0)
    if interval < 0:
        return np.nan
    if nu > k:
        return 0.0
    deboor_d(t, xval, k, interval, nu, work)
    out = 0.0
    for a in range(k + 1):
        out += c[interval + a - k] * work[a]
    return out


@njit(cache=True)
def _check_bspline_nu(nu):
    if nu < 0:
        raise SplineNotImplementedError("Cannot do derivative order nu= %d", nu)


@njit(cache=True)
def bspline_eval_scalar(t, c, k, xval, nu, extrapolate):
    _check_bspline_nu(nu)
    return bspline_point(t, c, k, xval, nu, extrapolate, np.empty(2 * k + 2))


_bspl_find_interval_inline = njit(inline="always")(bspl_find_interval.py_func)
_deboor_d_inline = njit(inline="always")(deboor_d.py_func)


@njit(inline="always")
def _bspline_basis_at(t, k, xval, nu, periodic, ext, work):
    """The interval of xval (mapped into the base period when periodic), -1
    outside without extrapolation; for nu <= k the nu-th derivatives of
    its k+1 non-zero B-splines are left in work."""
    if periodic:
        n = t.size - k - 1
        xval = t[k] + (xval - t[k]) % (t[n] - t[k])
    interval = _bspl_find_interval_inline(t, k, xval, ext)
    if interval >= 0 and nu <= k:
        _deboor_d_inline(t, xval, k, interval, nu, work)
    return interval


@njit(cache=True)
def bspline_eval_array(t, c, k, xp, nu, extrapolate):
    """bspline_point over an array, its kernels inlined into the loop."""
    _check_bspline_nu(nu)
    work = np.empty(2 * k + 2)
    flat = xp.ravel()
    out = np.empty(flat.size)
    periodic = extrapolate == EXTRAPOLATE_PERIODIC
    ext = extrapolate != EXTRAPOLATE_FALSE and not periodic
    n = t.size - k - 1
    # written out, not through _bspline_basis_at: measured ~20% faster (10^6 sorted points)
    for i in range(flat.size):
        xval = float(flat[i])
        if periodic:
            xval = t[k] + (xval - t[k]) % (t[n] - t[k])
        interval = _bspl_find_interval_inline(t, k, xval, ext)
        if interval < 0:
            out[i] = np.nan
        elif nu > k:
            out[i] = 0.0
        else:
            _deboor_d_inline(t, xval, k, interval, nu, work)
            v = 0.0
            for a in range(k + 1):
                v += c[interval + a - k] * work[a]
            out[i] = v
    return out.reshape(xp.shape)


# ---------------------------------------------------------------- method arguments
def _extrapolate_arg(extrapolate):
    """A compile-time converter of an ``extrapolate`` argument to its code."""
    if extrapolate is None or isinstance(extrapolate, (types.NoneType, types.Omitted)):
        return None
    if isinstance(extrapolate, (types.Boolean, types.Integer)):
        return lambda e, own: EXTRAPOLATE_TRUE if e else EXTRAPOLATE_FALSE
    name = constant_str(extrapolate)
    if name is not None:
        if name != "periodic":
            raise TypingError("extrapolate must be a bool or 'periodic', got %r" % name)
        return lambda e, own: EXTRAPOLATE_PERIODIC
    raise TypingError("extrapolate must be None, a bool or the constant 'periodic', got %s"
                      % extrapolate)


@njit(inline="always")
def _own_extrapolate(e, own):
    return own


def extrapolate_fn(extrapolate):
    fn = _extrapolate_arg(extrapolate)
    return _own_extrapolate if fn is None else njit(inline="always")(fn)


def point_type(x):
    if isinstance(x, (types.Float, types.Integer, types.Boolean)):
        return "scalar"
    if isinstance(x, types.Array) and isinstance(x.dtype, (types.Float, types.Integer)):
        return "array"
    raise TypingError("a spline is evaluated at a number or an array of real numbers, got %s" % x)


# ---------------------------------------------------------------- N-D values (c of 3+ dims)
# scipy evaluates N-D values on c seen as (k+1, m, P), P the product of the
# trailing dimensions, and reshapes the (points, P) result to x.shape +
# trailing, moving the point dimensions to the interpolation axis.  numba
# needs the output's ndim statically: it is x.ndim + the number of trailing
# dimensions of c, both in the types; only the axis is a run-time value, so
# the permutation for every possible axis is a constant tuple indexed by it.
def axis_permutations(x_ndim, n_trailing):
    """scipy's transpose of ``x.shape + trailing`` values for each axis
    0..n_trailing: the x dimensions moved to position ``axis``."""
    dims = list(range(x_ndim + n_trailing))
    return tuple(tuple(dims[x_ndim:x_ndim + a] + dims[:x_ndim] + dims[x_ndim + a:])
                 for a in range(n_trailing + 1))


def front_permutations(ndim):
    """``np.moveaxis(y, a, 0)`` as a transpose, for each axis a of ndim."""
    return tuple((a,) + tuple(i for i in range(ndim) if i != a) for a in range(ndim))


@njit(inline="always")
def shape_product(shape):
    p = 1
    for s in shape:
        p *= s
    return p


@njit(cache=True)
def normal_axis(axis, ndim):
    """numpy's normalize_axis_index, with its message."""
    if axis < -ndim or axis >= ndim:
        raise SplineError("axis %d is out of bounds for array of dimension %d", axis, ndim)
    return axis % ndim


def values_reader(y):
    """An inline function (y, axis) -> (y2, axis, trailing) for y of ndim >= 2:
    scipy's ``np.moveaxis(y, axis, 0)`` (a float64 C-contiguous copy) seen as
    y2 (n, P), the normalised axis, and the trailing shape."""
    ndim = y.ndim
    perms = front_permutations(ndim)
    if y.dtype == types.float64:
        as_float = njit(inline="always")(lambda a: np.ascontiguousarray(a))
    else:
        as_float = njit(inline="always")(lambda a: np.ascontiguousarray(a).astype(np.float64))

    @njit(inline="always")
    def read(y, axis):
        ax = normal_axis(axis, ndim)
        yt = as_float(np.transpose(y, perms[ax]))
        trailing = yt.shape[1:]
        return yt.reshape((yt.shape[0], shape_product(trailing))), ax, trailing
    return read


@njit(inline="always")
def ppoly_c3(c):
    """c (k+1, m, *trailing) as (k+1, m, P): a view when c is C-contiguous."""
    cc = np.ascontiguousarray(c)
    return cc.reshape((cc.shape[0], cc.shape[1], shape_product(cc.shape[2:])))


@njit(inline="always")
def bspline_c2(c):
    """c (n, *trailing) as (n, P): a view when c is C-contiguous."""
    cc = np.ascontiguousarray(c)
    return cc.reshape((cc.shape[0], shape_product(cc.shape[1:])))


def point_values(n_lead, x, c):
    """An inline function (values (points, P), x, c, axis) -> scipy's shaped
    result: ``trailing`` (``c.shape[n_lead:]``) for a number, ``x.shape +
    trailing`` moved to the axis for an array (``n_lead`` leading dims of the
    array type ``c``: 2 PPoly, 1 BSpline and interp1d)."""
    if point_type(x) == "scalar":
        # x.ndim == 0: scipy's transpose is the identity for every axis
        @njit(inline="always")
        def one(values, x, c, axis):
            return values[0].reshape(c.shape[n_lead:])
        return one
    perms = axis_permutations(x.ndim, c.ndim - n_lead)

    @njit(inline="always")
    def shaped(values, x, c, axis):
        out = values.reshape(x.shape + c.shape[n_lead:])
        if axis == 0:
            return out
        return np.ascontiguousarray(np.transpose(out, perms[axis]))
    return shaped


_one_point = njit(inline="always")(lambda x: np.full(1, float(x)))
_all_points = njit(inline="always")(lambda x: x.ravel())


def points_fn(x):
    """An inline function: the points of a call as a flat array."""
    return _one_point if point_type(x) == "scalar" else _all_points


@njit(cache=True)
def ppoly_eval_nd(c, x, flat, nu, extrapolate):
    """scipy's _ppoly.evaluate for 3-D c: (points, trailing) values."""
    if nu < 0:
        raise ValueError("Order of derivative cannot be negative")
    npar = c.shape[2]
    out = np.empty((flat.size, npar))
    interval = 0
    for i in range(flat.size):
        xval = float(flat[i])
        ext = extrapolate
        if ext == EXTRAPOLATE_PERIODIC:
            xval = x[0] + (xval - x[0]) % (x[x.size - 1] - x[0])
            ext = EXTRAPOLATE_FALSE
        j = find_interval(x, xval, interval, ext != 0)
        if j < 0:
            out[i, :] = np.nan
            continue
        interval = j
        for p in range(npar):
            out[i, p] = evaluate_poly1(xval - x[j], c[:, :, p], j, nu)
    return out


@njit(cache=True)
def ppoly_derivative_nd(c, nu):
    first = ppoly_derivative_c(np.ascontiguousarray(c[:, :, 0]), nu)
    out = np.empty((first.shape[0], c.shape[1], c.shape[2]))
    for p in range(c.shape[2]):
        out[:, :, p] = ppoly_derivative_c(np.ascontiguousarray(c[:, :, p]), nu)
    return out


@njit(cache=True)
def ppoly_antiderivative_nd(c, x, nu):
    out = np.empty((c.shape[0] + nu, c.shape[1], c.shape[2]))
    for p in range(c.shape[2]):
        out[:, :, p] = ppoly_antiderivative_c(np.ascontiguousarray(c[:, :, p]), x, nu)
    return out


@njit(cache=True)
def ppoly_integrate_nd(c, x, a, b, extrapolate):
    out = np.empty(c.shape[2])
    for p in range(c.shape[2]):
        out[p] = ppoly_integrate(np.ascontiguousarray(c[:, :, p]), x, a, b, extrapolate)
    return out


@njit(inline="always")
def ppoly_derivative_trailing(c, nu):
    d = ppoly_derivative_nd(ppoly_c3(c), nu)
    return d.reshape((d.shape[0], d.shape[1]) + c.shape[2:])


@njit(inline="always")
def ppoly_antiderivative_trailing(c, x, nu):
    d = ppoly_antiderivative_nd(ppoly_c3(c), x, nu)
    return d.reshape((d.shape[0], d.shape[1]) + c.shape[2:])


@njit(inline="always")
def ppoly_integrate_trailing(c, x, a, b, extrapolate):
    return ppoly_integrate_nd(ppoly_c3(c), x, a, b, extrapolate).reshape(c.shape[2:])


@njit(cache=True)
def bspline_eval_nd(t, c, k, flat, nu, extrapolate):
    """scipy's evaluate_spline for 2-D c (n, P): (points, P) values, the
    B-spline basis computed once per point."""
    _check_bspline_nu(nu)
    work = np.empty(2 * k + 2)
    npar = c.shape[1]
    out = np.empty((flat.size, npar))
    periodic = extrapolate == EXTRAPOLATE_PERIODIC
    ext = extrapolate != EXTRAPOLATE_FALSE and not periodic
    for i in range(flat.size):
        interval = _bspline_basis_at(t, k, float(flat[i]), nu, periodic, ext, work)
        if interval < 0:
            out[i, :] = np.nan
        elif nu > k:
            out[i, :] = 0.0
        else:
            for p in range(npar):
                v = 0.0
                for a in range(k + 1):
                    v += c[interval + a - k, p] * work[a]
                out[i, p] = v
    return out


@njit(cache=True)
def antiderivative_extrapolate(code):
    return EXTRAPOLATE_FALSE if code == EXTRAPOLATE_PERIODIC else code


# ---------------------------------------------------------------- BSpline splder, splantider
@njit(cache=True)
def _padded_tck(t, c, k):
    """(t, c, k) copied, c (n, P) padded with zero rows to len(t), as scipy's
    BSpline methods start."""
    out = np.zeros((max(t.size, c.shape[0]), c.shape[1]))
    out[:c.shape[0]] = c
    return t.copy(), out, k


@njit(cache=True)
def bspline_antiderivative_tc(t, c, k, nu):
    """scipy's splantider for c (n, P): (t, c, k) of the nu-th antiderivative."""
    tt, cc, kk = _padded_tck(t, c, k)
    npar = cc.shape[1]
    for _ in range(nu):
        nt = tt.size
        m = nt - kk - 1
        new = np.empty((nt + 2, npar))
        new[0, :] = 0.0
        for p in range(npar):
            s = 0.0                     # numpy's cumsum, then the division
            for i in range(m):
                s += cc[i, p] * (tt[kk + 1 + i] - tt[i])
                new[1 + i, p] = s
            for i in range(m):
                new[1 + i, p] /= kk + 1
            for i in range(kk + 2):
                new[1 + m + i, p] = new[m, p]
        t2 = np.empty(nt + 2)
        t2[0] = tt[0]
        t2[1:nt + 1] = tt
        t2[nt + 1] = tt[nt - 1]
        tt, cc, kk = t2, new, kk + 1
    return tt, cc, kk


@njit(cache=True)
def bspline_derivative_tc(t, c, k, nu):
    """scipy's splder for c (n, P): (t, c, k) of the nu-th derivative (nu < 0:
    splantider's -nu-th antiderivative, as BSpline.derivative)."""
    if nu < 0:
        return bspline_antiderivative_tc(t, c, k, -nu)
    if nu > k:
        raise SplineError("Order of derivative (n = %d) must be <= order of spline (k = %d)",
                          nu, k)
    tt, cc, kk = _padded_tck(t, c, k)
    npar = cc.shape[1]
    for _ in range(nu):
        nt = tt.size
        new = np.zeros((nt - 2, npar))          # the last k rows stay zero (FITPACK's padding)
        for i in range(nt - kk - 2):
            dt = tt[kk + 1 + i] - tt[1 + i]
            if dt == 0:             # scipy: a FloatingPointError (divide or invalid) turned into
                raise SplineError("The spline has internal repeated knots and is not "
                                  "differentiable %d times", nu)
            for p in range(npar):
                new[i, p] = (cc[1 + i, p] - cc[i, p]) * kk / dt
        tt, cc, kk = tt[1:nt - 1].copy(), new, kk - 1
    return tt, cc, kk


@njit(cache=True)
def bspline_integrate_c(t, c, k, a, b, extrapolate):
    """scipy's BSpline.integrate for c (n, P): the (P,) integrals, as the
    difference of the antiderivative at the ends (periodic: whole periods
    plus the rest)."""
    sign = 1.0
    if b < a:
        a, b = b, a
        sign = -1.0
    n = t.size - k - 1
    if extrapolate == EXTRAPOLATE_FALSE:
        a = max(a, t[k])
        b = min(b, t[n])
    ta, ca, ka = bspline_antiderivative_tc(t, c, k, 1)
    ends = np.empty(2)
    if extrapolate == EXTRAPOLATE_PERIODIC:
        ts, te = t[k], t[n]
        period = te - ts
        n_periods, left = divmod(b - a, period)
        total = np.zeros(ca.shape[1])
        if n_periods > 0:
            ends[0], ends[1] = ts, te
            out = bspline_eval_nd(ta, ca, ka, ends, 0, EXTRAPOLATE_FALSE)
            total = (out[1] - out[0]) * n_periods
        a = ts + (a - ts) % period
        b = a + left
        if b <= te:
            ends[0], ends[1] = a, b
            out = bspline_eval_nd(ta, ca, ka, ends, 0, EXTRAPOLATE_FALSE)
            total += out[1] - out[0]
        else:
            ends[0], ends[1] = a, te
            out = bspline_eval_nd(ta, ca, ka, ends, 0, EXTRAPOLATE_FALSE)
            total += out[1] - out[0]
            ends[0], ends[1] = ts, ts + b - te
            out = bspline_eval_nd(ta, ca, ka, ends, 0, EXTRAPOLATE_FALSE)
            total += out[1] - out[0]
    else:
        ends[0], ends[1] = a, b
        out = bspline_eval_nd(ta, ca, ka, ends, 0, extrapolate)
        total = out[1] - out[0]
    return total * sign
