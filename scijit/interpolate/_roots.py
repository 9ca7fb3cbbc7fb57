"""``roots`` and ``solve`` of the piecewise polynomials inside @njit.

A port of scipy's ``_ppoly.real_roots`` / ``croots_poly1``: closed forms for
degrees 1 and 2, the eigenvalues of the companion matrix for degree 3 and
higher, one Newton step per root, and scipy's rules for identically zero
pieces, sign changes across breakpoints and extrapolation.  The eigenvalues
come from LAPACK ``dgeev`` -- scipy's own, called by symbol name
(:mod:`lowering.lapack`) with scipy's arguments and workspace size -- so the
roots are scipy's bit for bit.  As in scipy, the workspace (companion matrix,
eigenvalues, LAPACK's ``work``) is allocated once per call, not per piece
(numba's own dgeev binding queried and allocated LAPACK's workspace on every
call, which made a cubic spline's roots take 1.7x scipy's time), and nothing
in the loop over pieces is reference counted (see :func:`real_roots`).
Splines with N-D values give a ``numba.typed.List`` of root arrays, one per
value in C order (scipy: an object array).
"""
import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload_method
from numba.typed import List

from lowering.lapack import dgeev
from scijit_types.spline import EXTRAPOLATE_FALSE, PPolyType

from ._spline_kernels import evaluate_poly1, extrapolate_fn, ppoly_c3

__all__ = []


@njit(cache=True)
def _workspace(kk):
    """croots_poly1's workspace for c with kk rows: (wr, wi, a, work).

    ``a`` holds the companion matrix (at most (kk-1)^2 entries), ``work`` is
    LAPACK's, of scipy's size 1 + 8*kk (dgeev's blocking depends on it).
    """
    return np.empty(kk), np.empty(kk), np.empty(kk * kk), np.empty(1 + 8 * kk)


@njit(cache=True, inline="always")
def _piece_order(c, ci):
    """The degree of piece ``ci`` (its first nonzero coefficient); -1 if all are zero."""
    n = c.shape[0]
    order = -1
    for j in range(n):
        if c[j, ci] != 0:
            order = n - 1 - j
            break
    return order


@njit(cache=True, inline="always")
def _closed_form_roots(c, y, ci, order):
    """croots_poly1's roots of a piece of degree 1 or 2: (wr0, wi0, wr1, wi1)."""
    n = c.shape[0]
    if order == 1:
        a0 = c[n - 1 - order, ci]
        a1 = c[n - 1 - order + 1, ci] - y
        return -a1 / a0, 0.0, 0.0, 0.0
    a0 = c[n - 1 - order, ci]
    a1 = c[n - 1 - order + 1, ci]
    a2 = c[n - 1 - order + 2, ci] - y
    d = a1 * a1 - 4 * a0 * a2
    if d < 0:
        d = np.sqrt(-d)
        return -a1 / (2 * a0), -d / (2 * a0), -a1 / (2 * a0), d / (2 * a0)
    d = np.sqrt(d)
    # avoid cancellation in the subtractions
    if d == 0:
        return -a1 / (2 * a0), 0.0, -a1 / (2 * a0), 0.0
    if a1 < 0:
        return (2 * a2) / (-a1 + d), 0.0, (-a1 + d) / (2 * a0), 0.0
    return (-a1 - d) / (2 * a0), 0.0, (2 * a2) / (-a1 - d), 0.0


@njit(cache=True, inline="always")
def _fill_companion(c, y, ci, order, a):
    """scipy's companion matrix of piece ``ci`` (degree ``order``) in ``a``,
    Fortran order, column j at a[j*order:]: ones below the diagonal and the
    normalised coefficients in the last column."""
    n = c.shape[0]
    for j in range(order * order):
        a[j] = 0.0
    for j in range(order):
        cc = c[n - 1 - j, ci]
        if j == 0:
            cc -= y
        a[j + (order - 1) * order] = -cc / c[n - 1 - order, ci]
        if j + 1 < order:
            a[j + 1 + order * j] = 1.0


@njit(cache=True, inline="always")
def _sort_by_real(wr, wi, k):
    """scipy's insertion sort of the first k eigenvalues by real part (equal
    real parts keep LAPACK's order)."""
    for i in range(k):
        br = wr[i]
        bi = wi[i]
        placed = False
        for j in range(i - 1, -1, -1):
            if wr[j] > br:
                wr[j + 1] = wr[j]
                wi[j + 1] = wi[j]
            else:
                wr[j + 1] = br
                wi[j + 1] = bi
                placed = True
                break
        if not placed:
            wr[0] = br
            wi[0] = bi


# error_model="numpy": scipy compiles _ppoly with cdivision, so a division by
# zero gives inf/nan there rather than raising, and no check per division
@njit(cache=True, error_model="numpy")
def real_roots(c, x, y, report_discont, extrapolate):
    """scipy's _ppoly.real_roots for 2-D c: the roots of pp(x) == y."""
    kk, m = c.shape[0], c.shape[1]
    if m != x.size - 1:
        raise ValueError("x and c have incompatible shapes")
    if kk == 0:
        return np.zeros(0)
    wr, wi, a, work = _workspace(kk)
    out = np.empty(m * (kk + 2))
    count = 0
    last_root = np.nan
    ascending = x[x.size - 1] >= x[0]
    for interval in range(m):
        if interval > 0 and report_discont:
            va = evaluate_poly1(x[interval] - x[interval - 1], c, interval - 1, 0) - y
            vb = evaluate_poly1(0.0, c, interval, 0) - y
            if (va < 0 and vb > 0) or (va > 0 and vb < 0):
                if x[interval] != last_root:
                    last_root = x[interval]
                    out[count] = last_root
                    count += 1
        # scipy's croots_poly1, written out here: a helper taking the
        # workspace arrays would be inlined with a reference count per array
        # and per piece that numba does not remove, a tenth of the time of
        # the 3x3 eigenproblem of a cubic piece.
        order = _piece_order(c, interval)
        if order < 0:
            k = -1 if y == 0 else 0
        elif order == 0:
            k = -1 if c[kk - 1, interval] == y else 0
        elif order <= 2:
            k = order
            wr[0], wi[0], wr[1], wi[1] = _closed_form_roots(c, y, interval, order)
        else:
            k = order
            _fill_companion(c, y, interval, order, a)
            (info,) = dgeev(order, a, order, wr, wi, order, order, work)
            if info != 0:
                raise RuntimeError("Internal error in root finding; please report this bug")
            _sort_by_real(wr, wi, k)
        if k == -1:
            if x[interval] == x[interval + 1]:
                if x[interval] != last_root:
                    last_root = x[interval]
                    out[count] = x[interval]
                    count += 1
            else:
                out[count] = x[interval]
                out[count + 1] = np.nan
                count += 2
                last_root = np.nan
            continue
        if k == 0:
            continue
        for i in range(k):
            if wi[i] != 0:
                continue
            f = evaluate_poly1(wr[i], c, interval, 0) - y
            df = evaluate_poly1(wr[i], c, interval, 1)
            if df != 0:
                dx = f / df
                if abs(dx) < abs(wr[i]):
                    wr[i] = wr[i] - dx
            wr[i] += x[interval]
            r = wr[i]
            if interval == 0 and extrapolate:
                if interval != m - 1 and (ascending and not r <= x[interval + 1]
                                          or not ascending and not r >= x[interval + 1]):
                    continue
            elif interval == m - 1 and extrapolate:
                if ascending and not r >= x[interval] or not ascending and not r <= x[interval]:
                    continue
            else:
                if (ascending and not (x[interval] <= r <= x[interval + 1])
                        or not ascending and not (x[interval + 1] <= r <= x[interval])):
                    continue
            if r != last_root:
                last_root = r
                out[count] = r
                count += 1
    return out[:count].copy()


_root_arrays = types.Array(types.float64, 1, "C")


@njit(cache=True)
def real_roots_nd(c, x, y, report_discont, extrapolate):
    """:func:`real_roots` of every column of 3-D c (k+1, m, P): a typed List
    of P 1-D arrays."""
    out = List.empty_list(_root_arrays)
    for p in range(c.shape[2]):
        out.append(real_roots(np.ascontiguousarray(c[:, :, p]), x, y, report_discont,
                              extrapolate))
    return out


def _roots_kernel(spl):
    """real_roots for 2-D c; for N-D c, real_roots_nd on c seen as 3-D."""
    if spl.c.ndim == 2:
        return real_roots
    return njit(inline="always")(
        lambda c, x, y, d, e: real_roots_nd(ppoly_c3(c), x, y, d, e))


_ND_RETURN = """

    With N-D values (``c`` of shape ``(k+1, m, *trailing)``) scipy returns an
    object array of shape ``trailing`` holding one root array per value;
    inside @njit the result is a ``numba.typed.List`` of those 1-D float64
    arrays in C order of ``trailing`` (scipy's ``result.ravel()``)."""


@overload_method(PPolyType, "solve")
def _ppoly_solve(spl, y=0., discontinuity=True, extrapolate=None):
    """``spl.solve(y, discontinuity, extrapolate)``: the x with spl(x) == y.""" + _ND_RETURN
    if not isinstance(y, (types.Float, types.Integer, types.Boolean, float, int)):
        raise TypingError("%s.solve: y must be a real number, got %s" % (spl.kind, y))
    ext = extrapolate_fn(extrapolate)
    roots = _roots_kernel(spl)

    def impl(spl, y=0., discontinuity=True, extrapolate=None):
        code = ext(extrapolate, spl.extrapolate)
        return roots(spl.c, spl.x, float(y), bool(discontinuity), code != EXTRAPOLATE_FALSE)
    return impl


@overload_method(PPolyType, "roots")
def _ppoly_roots(spl, discontinuity=True, extrapolate=None):
    """``spl.roots(discontinuity, extrapolate)``: ``spl.solve(0)``.""" + _ND_RETURN
    ext = extrapolate_fn(extrapolate)
    roots = _roots_kernel(spl)

    def impl(spl, discontinuity=True, extrapolate=None):
        code = ext(extrapolate, spl.extrapolate)
        return roots(spl.c, spl.x, 0.0, bool(discontinuity), code != EXTRAPOLATE_FALSE)
    return impl
