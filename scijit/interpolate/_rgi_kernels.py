"""Cached @njit kernels of ``RegularGridInterpolator`` / ``interpn``.

Every kernel takes the grid flat (``grid``, offsets ``goff``) and the values
as a ``(grid points, trailing)`` matrix, so one compiled version serves every
number of dimensions.  The operation order is scipy 1.17's:

* 'linear': ``_rgi_cython.find_indices`` (``find_interval_ascending``), then
  ``evaluate_linear_2d`` (2-D float64 writeable values without trailing
  dimensions) or ``_evaluate_linear`` (weights multiplied first, terms added
  to 0 over the hypercube's corners);
* 'nearest': ``_evaluate_nearest`` (ties round down);
* 'slinear' / 'cubic' / 'quintic': the tensor-product not-a-knot spline
  (``make_ndbspl``) evaluated as ``NdBSpline`` (``__fitpack.cc``).  The
  coefficients are the exact solution of the collocation system, found by
  one banded solve per axis (the matrix is a Kronecker product); scipy's
  default iterative solver (gcrotmk, atol 1e-6) only approximates it, so
  values equal scipy's with ``solver=scipy.sparse.linalg.spsolve``;
* 'pchip': successive 1-D ``PchipInterpolator``s from the last axis to the
  first, computed on the (at most 4-point) window each evaluation needs.
"""
import numpy as np
from numba import njit

from lowering.separate import separate
from scijit_types.grid import (DEGREES, FILL_NUMBER, GridPointsError, LINEAR, NEAREST,
                               NuCountError, NuMethodError, NuNegativeError, PCHIP, QUINTIC,
                               SLINEAR)
from scijit_types.spline import SplineError

from ._spline_kernels import bspl_find_interval, deboor_d, find_interval
from ._bsplines import (BC_NONE, check_data, check_knots, collocation_rows, not_a_knot,
                        solve_banded_lu)
from ._fitpack_surface import rect_call_points, regrid_core
from ._hermite import nan_sign, pchip_edge_slope

_DEGREES = np.array(DEGREES, dtype=np.int64)
#: the value of the ``splines`` / ``resolve`` arguments that keeps the spline
#: solve (the other is None).  A numpy bool, which numba types as ``bool``
#: wherever it comes from: a Python True held by compiled code would be
#: ``Literal[bool](True)``, and every kernel compiled a second time for it.
WITH_SPLINES = np.True_
# the B-spline kernels inlined into _ndbspline's point loop (no call per coordinate)
_find_knot = njit(inline="always")(bspl_find_interval.py_func)
_basis = njit(inline="always")(deboor_d.py_func)


# ---------------------------------------------------------------- construction
@njit(cache=True)
def _degree(method):
    return _DEGREES[method]


@njit(cache=True)
def validate_grid_dimensions(goff, method):
    """scipy's RegularGridInterpolator._validate_grid_dimensions."""
    k = _degree(method)
    for d in range(goff.size - 1):
        n = goff[d + 1] - goff[d]
        if n <= k:
            raise GridPointsError(n, d, method)


@njit(cache=True)
def check_points(raw, goff):
    """scipy's _check_points: (ascending grid, descending flags)."""
    ndim = goff.size - 1
    grid = raw.copy()
    desc = np.zeros(ndim, dtype=np.int64)
    for d in range(ndim):
        a, b = goff[d], goff[d + 1]
        ascending = True
        for i in range(a, b - 1):
            if not raw[i + 1] > raw[i]:
                ascending = False
        if ascending:
            continue
        for i in range(a, b - 1):
            if not raw[i + 1] < raw[i]:
                raise SplineError("The points in dimension %d must be strictly ascending or "
                                  "descending", d)
        desc[d] = 1
        for i in range(b - a):
            grid[a + i] = raw[b - 1 - i]
    return grid, desc


@njit(cache=True)
def check_shapes(goff, vshape):
    """scipy's _check_dimensionality (the per-dimension lengths)."""
    for d in range(goff.size - 1):
        n = goff[d + 1] - goff[d]
        if vshape[d] != n:
            raise SplineError("There are %d points and %d values in dimension %d", n,
                              vshape[d], d)


@njit(cache=True)
def _flip(values, goff, desc):
    """values (rows in C order over the grid) with the descending dimensions flipped."""
    n = goff.size - 1
    out = np.empty_like(values)
    idx = np.zeros(n, dtype=np.int64)
    for r in range(values.shape[0]):
        src = 0
        for d in range(n):
            m = goff[d + 1] - goff[d]
            i = m - 1 - idx[d] if desc[d] else idx[d]
            src = src * m + i
        for p in range(values.shape[1]):      # (a slice copy would compile
            out[r, p] = values[src, p]        # numba's shape-error message code)
        d = n - 1
        while d >= 0:
            idx[d] += 1
            if idx[d] < goff[d + 1] - goff[d]:
                break
            idx[d] = 0
            d -= 1
    return out


@njit(cache=True)
def _not_a_knot_spline(x, y, k):
    """(t, c) of make_interp_spline(x, y, k) with the not-a-knot condition for
    (n, P) y: interp_spline_core's steps for mode BC_NONE, no t, no
    check_finite, in its order.  Its own code for the other boundary
    conditions (and the string code of their error messages) would be linked
    and optimised again by every caller of the kernels."""
    check_data(x, y, k, BC_NONE, False)
    n = x.size
    if k == 1:
        t = np.empty(n + 2)
        t[0] = x[0]
        for i in range(n):
            t[i + 1] = x[i]
        t[n + 1] = x[n - 1]
        return t, y.copy()
    t = not_a_knot(x, k)
    check_knots(x, t, k)
    nt = t.size - k - 1
    if nt != n:
        raise SplineError("The number of derivatives at boundaries does not match: "
                          "expected %d, got %d+%d", nt - n, 0, 0)
    if y.size == 0:
        return t, np.zeros((nt, y.shape[1]))
    ab = np.zeros((3 * k + 1, nt))
    collocation_rows(x, t, k, ab, 0)
    return t, solve_banded_lu(k, k, ab, y.copy())


@njit(cache=True)
def ndbspl_coefficients(grid, goff, values, k):
    """make_ndbspl's (knots, offsets, coefficients), solved axis by axis."""
    n = goff.size - 1
    npar = values.shape[1]
    koff = np.zeros(n + 1, dtype=np.int64)
    for d in range(n):
        koff[d + 1] = koff[d] + (goff[d + 1] - goff[d]) + k + 1
    knots = np.empty(koff[n])
    c = values.copy()
    before = 1
    for d in range(n):
        md = goff[d + 1] - goff[d]
        after = c.shape[0] // (before * md) * npar
        flat = c.reshape((before, md, after))
        cols = before * after
        rhs = np.empty((md, cols))
        for b in range(before):
            for i in range(md):
                for a in range(after):
                    rhs[i, b * after + a] = flat[b, i, a]
        t, sol = _not_a_knot_spline(grid[goff[d]:goff[d + 1]], rhs, k)
        for b in range(before):
            for i in range(md):
                for a in range(after):
                    flat[b, i, a] = sol[i, b * after + a]
        for q in range(t.size):
            knots[koff[d] + q] = t[q]
        before *= md
    return knots, koff, c


@njit(cache=True)
def ndbspl_checked(grid, goff, values, k):
    """make_ndbspl with its own 'too few points' message (a method changed at call time)."""
    for d in range(goff.size - 1):
        n = goff[d + 1] - goff[d]
        if n <= k:
            raise SplineError("There are %d points in dimension %d, but order %d requires at "
                              "least  %d points per dimension.", n, d, k, k + 1)
    return ndbspl_coefficients(grid, goff, values, k)


@njit(cache=True)
def _no_spline(goff, vals):
    """The (knots, koff, coefs) of a method without a spline."""
    return np.zeros(0), np.zeros(goff.size, dtype=np.int64), np.zeros((0, vals.shape[1]))


@separate      # (called by symbol: too big to compile into every caller)
@njit(cache=True)
def rgi_core(raw, goff, values, vshape, method, splines):
    """RegularGridInterpolator.__init__ after the static checks: (grid, desc,
    values, knots, koff, coefs, finite), values flipped to the ascending grid.

    ``splines`` None: ``method`` is known not to be a spline method, and the
    solve is left out of the compiled code (numba prunes the branch on the
    argument's type).  Every caller compiles and links the whole code a
    kernel calls, so leaving the banded solver out of the 'linear',
    'nearest' and 'pchip' paths saves about half their compile time."""
    if method >= SLINEAR:
        validate_grid_dimensions(goff, method)
    grid, desc = check_points(raw, goff)
    check_shapes(goff, vshape)
    if desc.any():
        vals = _flip(values, goff, desc)
    else:
        vals = values
    finite = 1
    for v in vals.ravel():
        if not np.isfinite(v):
            finite = 0
            break
    if splines is None:
        knots, koff, coefs = _no_spline(goff, vals)
    elif SLINEAR <= method <= QUINTIC:
        knots, koff, coefs = ndbspl_coefficients(grid, goff, vals, _degree(method))
    else:
        knots, koff, coefs = _no_spline(goff, vals)
    return grid, desc, vals, knots, koff, coefs, finite


# ---------------------------------------------------------------- evaluation
@njit(cache=True, inline="always")
def _index(grid, a, m, v):
    """find_indices for one coordinate: (index, normalised distance)."""
    if m == 1:
        return -1, 0.0
    i = find_interval(grid[a:a + m], v, 0, True)
    if v == v:
        denom = grid[a + i + 1] - grid[a + i]
        return i, (v - grid[a + i]) / denom
    return i, np.nan


@njit(cache=True)
def _linear_2d(grid, goff, values, xi, out):
    """scipy's evaluate_linear_2d (float64, no trailing dimensions)."""
    m0 = goff[1] - goff[0]
    m1 = goff[2] - goff[1]
    for j in range(xi.shape[0]):
        i0, y0 = _index(grid, goff[0], m0, xi[j, 0])
        i1, y1 = _index(grid, goff[1], m1, xi[j, 1])
        if m0 == 1 and m1 == 1:
            out[j, 0] = values[0, 0]
        elif m1 == 1:
            if i0 >= 0:
                out[j, 0] = values[i0, 0] * (1 - y0) + values[i0 + 1, 0] * y0
            else:
                out[j, 0] = np.nan
        elif m0 == 1:
            if i1 >= 0:
                out[j, 0] = values[i1, 0] * (1 - y1) + values[i1 + 1, 0] * y1
            else:
                out[j, 0] = np.nan
        elif i0 >= 0 and i1 >= 0:
            r0 = i0 * m1 + i1
            r1 = r0 + m1
            result = 0.0
            result = result + values[r0, 0] * (1 - y0) * (1 - y1)
            result = result + values[r0 + 1, 0] * (1 - y0) * y1
            result = result + values[r1, 0] * y0 * (1 - y1)
            result = result + values[r1 + 1, 0] * y0 * y1
            out[j, 0] = result
        else:
            out[j, 0] = np.nan


@njit(cache=True)
def _linear_nd(grid, goff, values, xi, out):
    """scipy's _evaluate_linear: corners of the hypercube in itertools.product order."""
    n = goff.size - 1
    npar = values.shape[1]
    ind = np.empty(n, dtype=np.int64)
    dist = np.empty(n)
    for j in range(xi.shape[0]):
        for d in range(n):
            ind[d], dist[d] = _index(grid, goff[d], goff[d + 1] - goff[d], xi[j, d])
        for p in range(npar):
            out[j, p] = 0.0
        for corner in range(1 << n):
            weight = 1.0
            row = 0
            for d in range(n):
                m = goff[d + 1] - goff[d]
                if (corner >> (n - 1 - d)) & 1:
                    weight = weight * dist[d]
                    i = ind[d] + 1
                else:
                    weight = weight * (1 - dist[d])
                    i = ind[d]
                if i < 0:
                    i += m
                row = row * m + i
            for p in range(npar):
                out[j, p] = out[j, p] + values[row, p] * weight


@njit(cache=True)
def _nearest(grid, goff, values, xi, out):
    """scipy's _evaluate_nearest (ties round down)."""
    n = goff.size - 1
    for j in range(xi.shape[0]):
        row = 0
        for d in range(n):
            m = goff[d + 1] - goff[d]
            i, y = _index(grid, goff[d], m, xi[j, d])
            if not y <= .5:
                i += 1
            if i < 0:
                i += m
            row = row * m + i
        for p in range(values.shape[1]):
            # element by element: a slice copy checks the shapes, and the
            # message of that check is string code that every caller of the
            # kernels would compile again (~3000 lines of LLVM IR)
            out[j, p] = values[row, p]


@njit(cache=True)
def _ndbspline(knots, koff, coefs, k, goff, xi, nu, out):
    """NdBSpline.__call__ (scipy's _evaluate_ndbspline), extrapolating."""
    n = goff.size - 1
    npar = coefs.shape[1]
    for d in range(n):
        if nu[d] > k + 1:
            out[:, :] = 0.0
            return
    k1 = k + 1
    volume = k1 ** n
    b = np.empty((n, k1))
    work = np.empty(2 * k + 2)
    ii = np.empty(n, dtype=np.int64)
    strides = np.empty(n, dtype=np.int64)
    s = 1
    for d in range(n - 1, -1, -1):
        strides[d] = s
        s *= goff[d + 1] - goff[d]
    table = np.empty((volume, n), dtype=np.int64)      # np.unravel_index(iflat, (k+1,)*n)
    for iflat in range(volume):
        rem = iflat
        for d in range(n - 1, -1, -1):
            table[iflat, d] = rem % k1
            rem //= k1
    for j in range(xi.shape[0]):
        oob = False
        for d in range(n):
            td = knots[koff[d]:koff[d + 1]]
            xd = xi[j, d]
            i_d = _find_knot(td, k, xd, True)
            if i_d < 0:
                oob = True
                break
            _basis(td, xd, k, i_d, nu[d], work)
            for q in range(k1):
                b[d, q] = work[q]
            ii[d] = i_d
        if oob:
            out[j, :] = np.nan
            continue
        for p in range(npar):
            out[j, p] = 0.0
        base = 0
        for d in range(n):
            base += (ii[d] - k) * strides[d]
        for iflat in range(volume):
            factor = 1.0
            row = base
            for d in range(n):
                factor *= b[d, table[iflat, d]]
                row += table[iflat, d] * strides[d]
            for p in range(npar):
                out[j, p] += coefs[row, p] * factor


@njit(cache=True, inline="always")
def _slope(grid, a, lo, yw, i):
    return (yw[i + 1 - lo] - yw[i - lo]) / (grid[a + i + 1] - grid[a + i])


@njit(cache=True)
def _pchip_node(grid, a, m, lo, yw, g):
    """PchipInterpolator._find_derivatives at node g from the window yw (nodes lo..)."""
    if m == 2:
        return _slope(grid, a, lo, yw, 0)
    if g == 0:
        return pchip_edge_slope(grid[a + 1] - grid[a], grid[a + 2] - grid[a + 1],
                          _slope(grid, a, lo, yw, 0), _slope(grid, a, lo, yw, 1))
    if g == m - 1:
        return pchip_edge_slope(grid[a + m - 1] - grid[a + m - 2], grid[a + m - 2] - grid[a + m - 3],
                          _slope(grid, a, lo, yw, m - 2), _slope(grid, a, lo, yw, m - 3))
    h0 = grid[a + g] - grid[a + g - 1]
    h1 = grid[a + g + 1] - grid[a + g]
    m0 = _slope(grid, a, lo, yw, g - 1)
    m1 = _slope(grid, a, lo, yw, g)
    w1 = 2 * h1 + h0
    w2 = h1 + 2 * h0
    if nan_sign(m1) != nan_sign(m0) or m1 == 0 or m0 == 0:
        return 0.0
    whmean = (w1 / m0 + w2 / m1) / (w1 + w2)
    return 1.0 / whmean


@njit(cache=True)
def _pchip_line(grid, a, m, lo, yw, i, v):
    """The PCHIP of one grid line (window yw) at v in interval i (CubicHermiteSpline's
    coefficients, PPoly's evaluate_poly1)."""
    d0 = _pchip_node(grid, a, m, lo, yw, i)
    d1 = _pchip_node(grid, a, m, lo, yw, i + 1)
    dx = grid[a + i + 1] - grid[a + i]
    slope = (yw[i + 1 - lo] - yw[i - lo]) / dx
    t = (d0 + d1 - 2 * slope) / dx
    c0 = t / dx
    c1 = (slope - d0) / dx - t
    s = v - grid[a + i]
    res = 0.0
    z = 1.0
    res = res + yw[i - lo] * z * 1.0
    z *= s
    res = res + d0 * z * 1.0
    z *= s
    res = res + c1 * z * 1.0
    z *= s
    res = res + c0 * z * 1.0
    return res


@njit(cache=True)
def _pchip(grid, goff, values, finite, xi, out):
    """scipy's _evaluate_spline with PchipInterpolator, on local windows."""
    n = goff.size - 1
    npar = values.shape[1]
    for v in grid:
        if not np.isfinite(v):
            raise ValueError("`x` must contain only finite values.")
    if not finite:
        raise ValueError("`y` must contain only finite values.")
    ii = np.empty(n, dtype=np.int64)
    lo = np.empty(n, dtype=np.int64)
    w = np.empty(n, dtype=np.int64)
    buf = np.empty(4 ** n * npar)
    yw = np.empty(4)
    idx = np.empty(n, dtype=np.int64)
    for j in range(xi.shape[0]):
        size = 1
        for d in range(n):
            a = goff[d]
            m = goff[d + 1] - a
            i = find_interval(grid[a:a + m], xi[j, d], 0, True)
            ii[d] = i
            if i < 0:
                lo[d], w[d] = 0, 1
            else:
                lo[d] = max(0, i - 1)
                w[d] = min(m - 1, i + 2) - lo[d] + 1
            size *= w[d]
        # gather the window block (C order over the window, then trailing)
        for d in range(n):
            idx[d] = 0
        for q in range(size):
            row = 0
            for d in range(n):
                row = row * (goff[d + 1] - goff[d]) + lo[d] + idx[d]
            for p in range(npar):
                buf[q * npar + p] = values[row, p]
            d = n - 1
            while d >= 0:
                idx[d] += 1
                if idx[d] < w[d]:
                    break
                idx[d] = 0
                d -= 1
        # fold the last remaining axis, from the last to the first
        for d in range(n - 1, -1, -1):
            if d < n - 1:
                for q in range(size * npar):
                    if not np.isfinite(buf[q]):
                        raise ValueError("`y` must contain only finite values.")
            a = goff[d]
            m = goff[d + 1] - a
            wd = w[d]
            size //= wd
            for r in range(size):
                for p in range(npar):
                    if ii[d] < 0:
                        buf[r * npar + p] = np.nan
                        continue
                    for q in range(wd):
                        yw[q] = buf[(r * wd + q) * npar + p]
                    buf[r * npar + p] = _pchip_line(grid, a, m, lo[d], yw, ii[d], xi[j, d])
        for p in range(npar):
            out[j, p] = buf[p]


@njit(cache=True)
def check_nu(nu, ndim):
    """NdBSpline.__call__'s checks on nu."""
    a = np.zeros(6, dtype=np.int64)
    for i in range(min(nu.size, 6)):
        a[i] = nu[i]
    if nu.size != ndim:
        raise NuCountError(ndim, nu.size, a[0], a[1], a[2], a[3], a[4], a[5])
    for i in range(nu.size):
        if nu[i] < 0:
            raise NuNegativeError(nu.size, a[0], a[1], a[2], a[3], a[4], a[5])


@njit(cache=True)
def check_bounds(grid, goff, xi):
    """scipy's bounds_error check (NaN counts as out of bounds)."""
    for d in range(goff.size - 1):
        lo = grid[goff[d]]
        hi = grid[goff[d + 1] - 1]
        for j in range(xi.shape[0]):
            if not lo <= xi[j, d]:
                raise SplineError("One of the requested xi is out of bounds in dimension %d", d)
        for j in range(xi.shape[0]):
            if not xi[j, d] <= hi:
                raise SplineError("One of the requested xi is out of bounds in dimension %d", d)


@njit(cache=True)
def check_xi_dimension(xi, ndim, comma):
    if xi.shape[1] != ndim:
        if comma:
            raise SplineError("The requested sample points xi have dimension %d, but this "
                              "RegularGridInterpolator has dimension %d", xi.shape[1], ndim)
        raise SplineError("The requested sample points xi have dimension %d but this "
                          "RegularGridInterpolator has dimension %d", xi.shape[1], ndim)


@separate      # (called by symbol: too big to compile into every caller)
@njit(cache=True)
def rgi_call(grid, goff, values, knots, koff, coefs, own_method, method, bounds_error,
             fill_mode, fill, fast2d, finite, xi, nu, has_nu, comma, resolve):
    """RegularGridInterpolator.__call__ for xi (m, q) float64: an (m, P) result.

    ``resolve`` None: ``method`` is known to be the interpolator's own or not
    a spline method, so the spline is never solved again here and the solver
    is left out of the compiled code (numba prunes the branch on the
    argument's type; see rgi_core)."""
    n = goff.size - 1
    if resolve is not None:
        if method != own_method and SLINEAR <= method <= QUINTIC:
            knots, koff, coefs = ndbspl_checked(grid, goff, values, _degree(method))
    if has_nu and not SLINEAR <= method <= QUINTIC:
        raise NuMethodError(method)
    check_xi_dimension(xi, n, comma)
    if bounds_error:
        check_bounds(grid, goff, xi)
    out = np.empty((xi.shape[0], values.shape[1]))
    if method == LINEAR:
        if fast2d and n == 2 and values.shape[1] == 1:
            _linear_2d(grid, goff, values, xi, out)
        else:
            _linear_nd(grid, goff, values, xi, out)
    elif method == NEAREST:
        _nearest(grid, goff, values, xi, out)
    elif method == PCHIP:
        if method != own_method:
            validate_grid_dimensions(goff, method)
        _pchip(grid, goff, values, finite, xi, out)
    else:
        if has_nu:
            check_nu(nu, n)
            nuv = nu
        else:
            nuv = np.zeros(n, dtype=np.int64)
        _ndbspline(knots, koff, coefs, _degree(method), goff, xi, nuv, out)
    for j in range(xi.shape[0]):
        outside = False
        isnan = False
        for d in range(n):
            v = xi[j, d]
            if v != v:
                isnan = True
            elif v < grid[goff[d]] or v > grid[goff[d + 1] - 1]:
                outside = True
        if isnan:
            out[j, :] = np.nan
        elif outside and not bounds_error and fill_mode == FILL_NUMBER:
            out[j, :] = fill
    return out


@njit(cache=True)
def interpn_core(raw, goff, values, vshape, method, bounds_error, fill_mode, fill, fast2d, xi,
                 splines):
    """scipy's interpn after the static checks: the (m, P) result (``splines``
    None: not a spline method, see rgi_core)."""
    grid, _ = check_points(raw, goff)
    check_shapes(goff, vshape)
    check_xi_dimension(xi, goff.size - 1, True)
    if bounds_error:
        check_bounds(grid, goff, xi)
    grid, desc, vals, knots, koff, coefs, finite = rgi_core(raw, goff, values, vshape, method,
                                                            splines)
    # (the method is the interpolator's own: never solved again)
    return rgi_call(grid, goff, vals, knots, koff, coefs, method, method, bounds_error,
                    fill_mode, fill, fast2d, finite, xi, np.zeros(0, dtype=np.int64),
                    np.int64(0), np.int64(1), None)


# ---------------------------------------------------------------- complex values
# Every method but pchip is linear in the values: the real and the imaginary
# parts (the two halves of the stored matrices, see scijit_types.grid) are
# interpolated apart, each with its part of fill_value.
PCHIP_CALL_MESSAGE = ("`PchipInterpolator` only works with real values for `y`. If you are "
                      "trying to use the real components of the passed array, use `np.real` "
                      "on the array before passing to `PchipInterpolator`.")


@njit(cache=True)
def _combine(re, im, xi):
    """The complex result; a NaN coordinate gives scipy's nan+0j."""
    out = np.empty(re.shape, dtype=np.complex128)
    for j in range(re.shape[0]):
        nan = False
        for d in range(xi.shape[1]):
            if xi[j, d] != xi[j, d]:
                nan = True
        for p in range(re.shape[1]):
            out[j, p] = complex(re[j, p], 0.0 if nan else im[j, p])
    return out


@njit(cache=True)
def rgi_core_complex(raw, goff, values, vshape, method, splines):
    """rgi_core of complex values stored as real parts over imaginary parts."""
    h = values.shape[0] // 2
    grid, desc, vr, knots, koff, cr, fr = rgi_core(raw, goff, values[:h], vshape, method,
                                                   splines)
    _, _, vi, _, _, ci, fi = rgi_core(raw, goff, values[h:], vshape, method, splines)
    return (grid, desc, np.concatenate((vr, vi)), knots, koff, np.concatenate((cr, ci)),
            fr & fi)


@njit(cache=True)
def rgi_call_complex(grid, goff, values, knots, koff, coefs, own_method, method, bounds_error,
                     fill_mode, fill, fill_imag, fast2d, finite, xi, nu, has_nu, comma,
                     resolve):
    """rgi_call of complex values: an (m, P) complex result."""
    if method == PCHIP:                 # after scipy's checks of xi
        check_xi_dimension(xi, goff.size - 1, comma)
        if bounds_error:
            check_bounds(grid, goff, xi)
        raise ValueError(PCHIP_CALL_MESSAGE)
    h = values.shape[0] // 2
    hc = coefs.shape[0] // 2
    re = rgi_call(grid, goff, values[:h], knots, koff, coefs[:hc], own_method, method,
                  bounds_error, fill_mode, fill, fast2d, finite, xi, nu, has_nu, comma, resolve)
    im = rgi_call(grid, goff, values[h:], knots, koff, coefs[hc:], own_method, method,
                  bounds_error, fill_mode, fill_imag, fast2d, finite, xi, nu, has_nu, comma,
                  resolve)
    return _combine(re, im, xi)


# (inlined: a compiled wrapper would compile and link rgi_call's code once more)
@njit(cache=True, inline="always")
def rgi_call_real(grid, goff, values, knots, koff, coefs, own_method, method, bounds_error,
                  fill_mode, fill, fill_imag, fast2d, finite, xi, nu, has_nu, comma, resolve):
    """rgi_call with rgi_call_complex's arguments (``fill_imag`` unused)."""
    return rgi_call(grid, goff, values, knots, koff, coefs, own_method, method, bounds_error,
                    fill_mode, fill, fast2d, finite, xi, nu, has_nu, comma, resolve)


# (inlined, as rgi_call_real)
@njit(cache=True, inline="always")
def interpn_core_real(raw, goff, values, vshape, method, bounds_error, fill_mode, fill,
                      fill_imag, fast2d, xi, splines):
    """interpn_core with interpn_core_complex's arguments (``fill_imag`` unused)."""
    return interpn_core(raw, goff, values, vshape, method, bounds_error, fill_mode, fill,
                        fast2d, xi, splines)


@njit(cache=True)
def interpn_core_complex(raw, goff, values, vshape, method, bounds_error, fill_mode, fill,
                         fill_imag, fast2d, xi, splines):
    """interpn_core of complex values: an (m, P) complex result."""
    h = values.shape[0] // 2
    re = interpn_core(raw, goff, values[:h], vshape, method, bounds_error, fill_mode, fill,
                      fast2d, xi, splines)
    im = interpn_core(raw, goff, values[h:], vshape, method, bounds_error, fill_mode,
                      fill_imag, fast2d, xi, splines)
    return _combine(re, im, xi)


@njit(cache=True)
def splinef2d_core(raw, goff, values, vshape, bounds_error, fill, xi):
    """scipy's interpn(method='splinef2d') after the static checks: the (m,)
    result.  As scipy: the interpolating bicubic RectBivariateSpline of the
    grid as given (descending points are refused by it), evaluated by ``ev``
    at the points inside the grid, ``fill`` elsewhere (NaN counts as outside)."""
    grid, _ = check_points(raw, goff)
    check_shapes(goff, vshape)
    check_xi_dimension(xi, 2, True)
    if bounds_error:
        check_bounds(grid, goff, xi)
    nx = goff[1]
    ny = goff[2] - nx
    x = raw[:nx]
    y = raw[nx:]
    tx, ty, c, _ = regrid_core(x, y, values.reshape((nx, ny)), x.min(), x.max(), y.min(),
                               y.max(), 3, 3, 0.0, 20)
    m = xi.shape[0]
    valid = np.empty(m, dtype=np.bool_)
    count = 0
    for j in range(m):
        valid[j] = (grid[0] <= xi[j, 0] <= grid[nx - 1]
                    and grid[nx] <= xi[j, 1] <= grid[nx + ny - 1])
        count += valid[j]
    xs = np.empty(count)
    ys = np.empty(count)
    i = 0
    for j in range(m):
        if valid[j]:
            xs[i] = xi[j, 0]
            ys[i] = xi[j, 1]
            i += 1
    out = np.full(m, fill)
    if count:
        z = rect_call_points(tx, ty, c, 3, 3, xs, ys, 0, 0)
        i = 0
        for j in range(m):
            if valid[j]:
                out[j] = z[i]
                i += 1
    return out
