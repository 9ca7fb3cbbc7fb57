"""The compiled cores of splrep, splev, splint, sproot, spalde, insert,
splder and splantider, shared by the Python entries and the @njit choosers
(:mod:`._fitpack`), so both return identical values.

Every core is ``@njit(cache=True)``, takes float64 C arrays (knots ``t``,
coefficients ``c``), checks what scipy checks -- raising with scipy's
wording, formatted in Python by :class:`FitpackError` /
:class:`FitpackTypeError` -- checks every size the Fortran will use, and
calls our FITPACK through :mod:`lowering.fitpack`.
"""
import numpy as np
from numba import njit

from lowering import fitpack as F
from lowering.separate import separate
from scijit_types.errors import FormattedError

from .._messages import status_message, status_table
from . import _f2py_errors

#: largest degree the evaluation kernels accept (work arrays in the Fortran)
KMAX = 19


class FitpackError(FormattedError, ValueError):
    """scipy's ValueError; the message is formatted here, in Python, from a
    template and the values raised in compiled code."""


class FitpackTypeError(FormattedError, TypeError):
    """scipy's TypeError (splrep's argument checks, sproot, spalde, insert),
    formatted in Python like :class:`FitpackError`."""


#: scipy's messages for curfit/percur's ier (``_fitpack_impl._iermess``)
IERMESS = {
    0: "The spline has a residual sum of squares fp such that abs(fp-s)/s<=0.001",
    -1: "The spline is an interpolating spline (fp=0)",
    -2: ("The spline is weighted least-squares polynomial of degree k.\n"
         "fp gives the upper bound fp0 for the smoothing factor s"),
    1: ("The required storage space exceeds the available storage space.\n"
        "Probable causes: data (x,y) size is too small or smoothing parameter"
        "\ns is too small (fp>s)."),
    2: ("A theoretically impossible result when finding a smoothing spline\n"
        "with fp = s. Probable cause: s too small. (abs(fp-s)/s>0.001)"),
    3: ("The maximal number of iterations (20) allowed for finding smoothing\n"
        "spline with fp=s has been reached. Probable cause: s too small.\n"
        "(abs(fp-s)/s>0.001)"),
    10: "Error on input data",
}
UNKNOWN = "An error occurred"
_IERMESS_TABLE = status_table(IERMESS)


@njit(cache=True)
def iermess(ier):
    """scipy's message for splrep's ``ier`` (a constant string, not built)."""
    return status_message(_IERMESS_TABLE, ier, UNKNOWN)


# ---------------------------------------------------------------- tck checks
# Which routine checks a tck: scipy's f2py wrappers word the check of len(c) each their
# own way (their signature files), and insert's C wrapper answers FITPACK's ier = 10.
SPLEV, SPROOT, SPALDE, INSERT = 0, 1, 2, 3


@njit(cache=True)
def check_tck(t, c, k, routine):
    """The sizes the Fortran relies on (scipy leaves them to f2py)."""
    if k < 0 or k > KMAX:
        raise FitpackError("spline degree k=%d is not supported (0<=k<=%d)", k, KMAX)
    if t.size < 2 * (k + 1):
        raise FitpackError("Need at least %d knots for degree %d", 2 * k + 2, k)
    if c.size < t.size - k - 1:
        raise_short_c(routine)


@njit(cache=True)
def raise_short_c(routine):
    """scipy's error for a coefficient array shorter than n - k - 1 (a ValueError that is
    also scipy's ``_dfitpack.error``, as f2py raises it)."""
    if routine == SPROOT:
        raise _f2py_errors.FitpackInputError("(len(c)>=n-3-1) failed for 2nd argument c")
    if routine == SPALDE:
        raise _f2py_errors.FitpackInputError("(len(c)>=n-k1) failed for 2nd argument c")
    if routine == INSERT:
        raise ValueError("Invalid input data")
    raise _f2py_errors.FitpackInputError("(len(c)>=n-k-1) failed for 2nd argument c")


# ---------------------------------------------------------------- splrep
@njit(cache=True)
def _effective_rank(shape):
    rank = 0
    for extent in shape:
        if extent > 1:
            rank += 1
    return rank


@njit(cache=True)
def check_sample_shapes(xshape, yshape, wshape, k):
    """splrep's checks on samples of more than one dimension, in scipy's
    order: scipy takes ``m = len(x)``, compares lengths, then lets f2py
    flatten an array with one non-trivial axis and refuse any other.
    (``wshape`` is ``(m,)`` when ``w`` is None.)"""
    m = xshape[0]
    if wshape[0] != m:
        raise FitpackTypeError("len(w)=%d is not equal to m=%d", wshape[0], m)
    if yshape[0] != m:
        raise TypeError("Lengths of the first three arguments (x,y,w) must be equal")
    if not (1 <= k <= 5):
        raise FitpackTypeError(
            "Given degree of the spline (k=%d) is not supported. (1<=k<=5)", k)
    if m <= k:
        raise TypeError("m > k must hold")
    for ndim, rank in ((len(xshape), _effective_rank(xshape)),
                       (len(yshape), _effective_rank(yshape)),
                       (len(wshape), _effective_rank(wshape))):
        if rank > 1:
            raise FitpackError("too many axes: %d (effrank=%d), expected rank=1\n", ndim, rank)


@separate      # (called by symbol: too big to compile into every caller)
@njit(cache=True)
def splrep_core(x, y, w, xb, xe, k, task, s, t, has_t, per):
    """curfit/percur with scipy's splrep checks and its nest (the workspaces
    are made by the call, sized by FITPACK's formulas).

    ``t`` holds the interior knots if ``has_t`` (then task is -1).
    Returns ``(t, c, fp, ier)`` with ``t`` and ``c`` of length n.
    """
    m = x.size
    if w.size != m:
        raise FitpackTypeError("len(w)=%d is not equal to m=%d", w.size, m)
    if m != y.size or m != w.size:
        raise TypeError("Lengths of the first three arguments (x,y,w) must be equal")
    if not (1 <= k <= 5):
        raise FitpackTypeError(
            "Given degree of the spline (k=%d) is not supported. (1<=k<=5)", k)
    if m <= k:
        raise TypeError("m > k must hold")
    if not (-1 <= task <= 1):
        raise TypeError("task must be -1, 0 or 1")
    if has_t:
        task = -1
    elif task == -1:
        raise TypeError("Knots must be given for task=-1")
    if task == 1:
        raise TypeError("must call with task=1 only after call with task=0,-1")
    for i in range(m):
        if not (np.isfinite(x[i]) and np.isfinite(y[i]) and np.isfinite(w[i])):
            raise ValueError("array must not contain infs or NaNs")
    if not s >= 0.0:     # scipy's f2py check, which refuses NaN too (FITPACK's s < 0 does not)
        if per:
            raise _f2py_errors.FitpackInputError(
                "(s>=0.0) failed for 2nd keyword s: percur:s=%g", s)
        raise _f2py_errors.FitpackInputError("(s>=0.0) failed for 4th keyword s: curfit:s=%g", s)
    if task == -1:
        nest = t.size + 2 * k + 2
        tt = np.empty(nest)
        tt[k + 1:nest - k - 1] = t
        n = nest
    else:
        if per:
            nest = max(m + 2 * k, 2 * k + 3)
        else:
            nest = max(m + k + 1, 2 * k + 3)
        tt = np.zeros(nest)
        n = 0
    c = np.zeros(nest)
    if per:
        n, fp, ier = F.percur(task, m, x, y, w, k, s, nest, n, tt, c)
    else:
        n, fp, ier = F.curfit(task, m, x, y, w, xb, xe, k, s, nest, n, tt, c)
    if n == nest:       # interpolating fits use every knot: no copy needed
        return tt, c, fp, ier
    return tt[:n].copy(), c[:n].copy(), fp, ier


@njit(cache=True)
def raise_for_ier(ier):
    """splrep inside @njit: scipy raises for ier not in (<=0, 1, 2, 3) (it
    warns for 1, 2, 3; compiled code cannot warn)."""
    if ier == 10:
        raise ValueError("Error on input data")
    if ier > 3:
        raise TypeError("An error occurred")


# ---------------------------------------------------------------- splev
@njit(cache=True)
def _check_der_ext(k, der, ext):
    if not (0 <= der <= k):
        raise FitpackError("0<=der=%d<=k=%d must hold", der, k)
    if not (0 <= ext <= 3):
        raise FitpackError("ext = %d not in (0, 1, 2, 3) ", ext)


@njit(cache=True)
def _raise_splev(ier):
    if ier == 10:
        raise ValueError("Invalid input data")
    if ier == 1:
        raise ValueError("Found x value not in the domain")
    if ier != 0:
        raise TypeError("An error occurred")


@njit(cache=True)
def splev_array(x, t, c, k, der, ext):
    """splev/splder at the points of the flat float64 array ``x``."""
    _check_der_ext(k, der, ext)
    check_tck(t, c, k, SPLEV)
    y = np.empty(x.size)
    if der == 0:
        ier, = F.splev(t, t.size, c, k, x, y, x.size, ext)
    else:
        ier, = F.splder(t, t.size, c, k, der, x, y, x.size, ext)
    _raise_splev(ier)
    return y


@njit(cache=True)
def splev_fail(ier, n, nc, k, der, ext, bspline):
    """Raise scipy's error for a scalar splev that the inlined path refused
    (arguments out of range) or that FITPACK refused (``ier``); scalars only,
    so calling it costs no reference counting."""
    if bspline and ext != 0:
        raise FitpackError("Extrapolation mode %d is not supported by BSpline.", ext)
    _check_der_ext(k, der, ext)
    if k < 0 or k > KMAX:
        raise FitpackError("spline degree k=%d is not supported (0<=k<=%d)", k, KMAX)
    if n < 2 * (k + 1):
        raise FitpackError("Need at least %d knots for degree %d", 2 * k + 2, k)
    if nc < n - k - 1:
        raise_short_c(SPLEV)
    _raise_splev(ier)


# ---------------------------------------------------------------- splint, sproot, spalde
@njit(cache=True)
def splint_core(a, b, t, c, k):
    """(integral, wrk): wrk(n) holds the B-splines' integrals first (scipy's
    length n; FITPACK writes the first n-k-1)."""
    check_tck(t, c, k, SPLEV)
    wrk = np.zeros(t.size)
    _, aint = F.splint(t, t.size, c, k, a, b, wrk)
    return aint, wrk


@njit(cache=True)
def sproot_core(t, c, k, mest):
    """(zeros, ier) of a cubic spline; ier = 1: more than mest zeros."""
    if k != 3:
        raise ValueError("sproot works only for cubic (k=3) splines")
    if t.size < 8:
        raise FitpackTypeError("The number of knots %d>=8", t.size)
    check_tck(t, c, k, SPROOT)
    z = np.zeros(max(mest, 1))
    m, ier = F.sproot(t, t.size, c, z, max(mest, 0))
    if ier == 10:
        raise TypeError("Invalid input data. t1<=..<=t4<t5<..<tn-3<=..<=tn must hold.")
    if ier != 0 and ier != 1:
        raise TypeError("Unknown error")
    return z[:m].copy(), ier


@njit(cache=True)
def spalde_point(x, t, c, k):
    """All derivatives s^(j)(x), j = 0..k, at one point."""
    check_tck(t, c, k, SPALDE)
    d = np.zeros(k + 1)
    ier, = F.spalde(t, t.size, c, k + 1, x, d)
    if ier == 10:
        raise TypeError("Invalid input data. t(k)<=x<=t(n-k+1) must hold.")
    if ier != 0:
        raise TypeError("Unknown error")
    return d


@njit(cache=True)
def spalde_points(x, t, c, k):
    """spalde at each point of the flat array ``x``: one row per point."""
    out = np.empty((x.size, k + 1))
    for i in range(x.size):
        out[i, :] = spalde_point(x[i], t, c, k)
    return out


# ---------------------------------------------------------------- insert
@njit(cache=True)
def insert_core(x, t, c, k, m, per):
    """Insert the knot ``x`` m times (scipy's loop around FITPACK's insert)."""
    check_tck(t, c, k, INSERT)
    n = t.size
    if m < 1:
        raise TypeError("An error occurred")
    nest = n + m + (k if per != 0 else 0)
    t_in = np.zeros(nest)
    c_in = np.zeros(nest)
    t_in[:n] = t
    c_in[:min(c.size, nest)] = c[:min(c.size, nest)]
    t_out = np.zeros(nest)
    c_out = np.zeros(nest)
    iopt = 1 if per != 0 else 0
    for _ in range(m):
        nn, ier = F.insert(iopt, t_in, n, c_in, k, x, t_out, c_out, nest)
        if ier == 10:
            raise ValueError("Invalid input data")
        if ier != 0:
            raise TypeError("An error occurred")
        n = nn
        t_in, t_out = t_out, t_in
        c_in, c_out = c_out, c_in
    return t_in[:n].copy(), c_in[:n].copy()


# ---------------------------------------------------------------- splder, splantider
@njit(cache=True)
def padded(t, c):
    """c with FITPACK's length len(t) (zeros appended; longer c is cut)."""
    out = np.zeros(t.size)
    m = min(c.size, t.size)
    out[:m] = c[:m]
    return out


@njit(cache=True)
def splder_core(t, c, k, n):
    """scipy's splder: the n-th derivative's (t, c, k); n >= 0."""
    if n > k:
        raise FitpackError("Order of derivative (n = %d) must be <= order of spline (k = %d)",
                           n, k)
    if n == 0:
        return t.copy(), c.copy(), k
    c = padded(t, c)
    for _ in range(n):
        nt = t.size
        dt = t[k + 1:nt - 1] - t[1:nt - k - 1]
        for i in range(dt.size):
            if dt[i] == 0.0:
                raise FitpackError("The spline has internal repeated knots and is not "
                                   "differentiable %d times", n)
        nc = c.size
        d = (c[1:nc - 1 - k] - c[:nc - 2 - k]) * k / dt
        c = np.concatenate((d, np.zeros(k)))
        t = t[1:nt - 1].copy()
        k -= 1
    return t, c, k


@njit(cache=True)
def splantider_core(t, c, k, n):
    """scipy's splantider: the n-th antiderivative's (t, c, k); n >= 0."""
    if n == 0:
        return t.copy(), c.copy(), k
    c = padded(t, c)
    for _ in range(n):
        nt = t.size
        dt = t[k + 1:] - t[:nt - k - 1]
        nc = c.size
        s = np.cumsum(c[:nc - k - 1] * dt) / (k + 1)
        c = np.concatenate((np.zeros(1), s, np.full(k + 2, s[-1])))
        t = np.concatenate((t[:1], t, t[nt - 1:]))
        k += 1
    return t, c, k
