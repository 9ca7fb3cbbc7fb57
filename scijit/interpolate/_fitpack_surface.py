"""scipy's 2-D FITPACK on our Fortran: ``RectBivariateSpline``, ``bisplrep``,
``bisplev``, from Python and inside @njit.

Two entries, one implementation: the Python defs settle scipy's spellings and
call the cached @njit cores below; the ``@overload`` choosers do the same at
compile time and call the same cores, so both entries return identical values
(bit-identical to scipy's: same algorithm, same order of operations).

* ``RectBivariateSpline(x, y, z, bbox=[None]*4, kx=3, ky=3, s=0, maxit=20)``:
  from Python a real ``scipy.interpolate.RectBivariateSpline`` (fitted by our
  regrid); inside @njit a :class:`~scijit_types.bivariate.RectBivariateSplineType`
  value with ``__call__(x, y, dx=0, dy=0, grid=True)``, ``ev``, ``integral``,
  ``get_knots``, ``get_coeffs``, ``get_residual`` and ``tck``, ``degrees``,
  ``fp``.  scipy's own objects pass into @njit too.
* ``bisplrep`` (task 0 and -1; ``full_output``): inside @njit ``tck`` is the
  tuple ``(tx, ty, c, kx, ky)`` (scipy returns a list) and a fit that did not
  reach ``s`` does not warn (check ``ier`` with ``full_output=1``).
* ``bisplev(x, y, tck, dx=0, dy=0)``: inside @njit two numbers give a float
  and anything else a 2-D array (scipy also drops length-one axes, which
  depends on run-time lengths).

Differences from scipy, on purpose: inside @njit, ``grid=False`` at two
numbers gives a float (scipy: a 0-d array), and ``grid=False`` broadcasts only
equal sizes or a number against an array; scipy's f2py checks (degrees 1..5,
more points than the degree) raise ValueError with f2py's wording; ``task=1``
of bisplrep (state kept between calls) raises TypeError.
"""
import math
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload, overload_attribute, overload_method

from lowering import fitpack as F
from lowering.calls import PointCall, forward_calls
from scijit_types.bivariate import (ARRAYS, RectBivariateSplineType, box_rect_bivariate,
                                    rect_bivariate_build)
from scijit_types.errors import FormattedError

from .._arguments import as_float_vector, check_integer, is_none, literal_bool
from .._messages import status_message, status_table
from .._registration import Chooser, register_choosers

__all__ = ["RectBivariateSpline", "bisplrep", "bisplev", "SurfaceFitError",
           "SurfaceFitTypeError"]

_NUMBER = (types.Integer, types.Float, types.Boolean)
_INT32_MAX = 2**31 - 1


class SurfaceFitError(FormattedError, ValueError):
    """scipy's ValueError; the message is formatted here, in Python, from a
    template and the values raised in compiled code."""


class SurfaceFitTypeError(FormattedError, TypeError):
    """scipy's TypeError (bisplrep's argument checks), formatted in Python."""


# scipy's messages (_fitpack2._surfit_messages) for regrid's ier
_SURFIT_MESSAGES = {1: """
The required storage space exceeds the available storage space: nxest
or nyest too small, or s too small.
The weighted least-squares spline corresponds to the current set of
knots.""",
                    2: """
A theoretically impossible result was found during the iteration
process for finding a smoothing spline with fp = s: s too small or
badly chosen eps.
Weighted sum of squared residuals does not satisfy abs(fp-s)/s < tol.""",
                    3: """
the maximal number of iterations maxit (set to 20 by the program)
allowed for finding a smoothing spline with fp=s has been reached:
s too small.
Weighted sum of squared residuals does not satisfy abs(fp-s)/s < tol.
Try increasing maxit by passing it as a keyword argument.""",
                    4: """
No more knots can be added because the number of b-spline coefficients
(nx-kx-1)*(ny-ky-1) already exceeds the number of data points m:
either s or m too small.
The weighted least-squares spline corresponds to the current set of
knots.""",
                    5: """
No more knots can be added because the additional knot would (quasi)
coincide with an old one: s too small or too large a weight to an
inaccurate data point.
The weighted least-squares spline corresponds to the current set of
knots.""",
                    10: """
Error on entry, no approximation returned. The following conditions
must hold:
xb<=x[i]<=xe, yb<=y[i]<=ye, w[i]>0, i=0..m-1
If iopt==-1, then
  xb<tx[kx+1]<tx[kx+2]<...<tx[nx-kx-2]<xe
  yb<ty[ky+1]<ty[ky+2]<...<ty[ny-ky-2]<ye"""}
_SURFIT_TABLE = status_table(_SURFIT_MESSAGES)

# scipy's messages (_fitpack_impl._iermess2) for bisplrep's ier
IERMESS2 = {
    0: "The spline has a residual sum of squares fp such that abs(fp-s)/s<=0.001",
    -1: "The spline is an interpolating spline (fp=0)",
    -2: ("The spline is weighted least-squares polynomial of degree kx and ky."
         "\nfp gives the upper bound fp0 for the smoothing factor s"),
    -3: ("Warning. The coefficients of the spline have been computed as the\n"
         "minimal norm least-squares solution of a rank deficient system."),
    1: ("The required storage space exceeds the available storage space.\n"
        "Probable causes: nxest or nyest too small or s is too small. (fp>s)"),
    2: ("A theoretically impossible result when finding a smoothing spline\n"
        "with fp = s. Probable causes: s too small or badly chosen eps.\n"
        "(abs(fp-s)/s>0.001)"),
    3: ("The maximal number of iterations (20) allowed for finding smoothing\n"
        "spline with fp=s has been reached. Probable cause: s too small.\n"
        "(abs(fp-s)/s>0.001)"),
    4: ("No more knots can be added because the number of B-spline\n"
        "coefficients already exceeds the number of data points m.\n"
        "Probable causes: either s or m too small. (fp>s)"),
    5: ("No more knots can be added because the additional knot would\n"
        "coincide with an old one. Probable cause: s too small or too large\n"
        "a weight to an inaccurate data point. (fp>s)"),
    10: "Error on input data",
    11: ("rwrk2 too small, i.e., there is not enough workspace for computing\n"
         "the minimal least-squares solution of a rank deficient system of\n"
         "linear equations."),
}
_UNKNOWN = "An error occurred"
_IERMESS2_TABLE = status_table(IERMESS2)


@njit(cache=True)
def bisplrep_message(ier):
    """scipy's message for bisplrep's ``ier`` (a constant string, not built)."""
    return status_message(_IERMESS2_TABLE, min(11, max(-3, ier)), _UNKNOWN)


@njit(cache=True)
def _raise_regrid(ier):
    text = status_message(_SURFIT_TABLE, ier, "")
    if len(text) > 0:
        raise SurfaceFitError(text)
    raise SurfaceFitError("ier=%d", ier)


# ---------------------------------------------------------------- cores
@njit(cache=True)
def _check_grid_size(mx, my):
    """The grid's mx*my values are indexed by 32-bit integers in FITPACK
    (the native table checks the workspaces, whose lengths the Fortran
    gets, but z has none)."""
    if mx * my > _INT32_MAX:
        raise SurfaceFitError("Too many data points to interpolate")


@njit(cache=True)
def regrid_core(x, y, z, xb, xe, yb, ye, kx, ky, s, maxit):
    """scipy's RectBivariateSpline.__init__ after ravel: (tx, ty, c, fp).

    x, y: float64 vectors; z: float64 C array of shape (x.size, y.size).
    """
    mx = x.size
    my = y.size
    for i in range(1, mx):
        if not x[i] - x[i - 1] > 0.0:
            raise SurfaceFitError("x must be strictly increasing")
    for i in range(1, my):
        if not y[i] - y[i - 1] > 0.0:
            raise SurfaceFitError("y must be strictly increasing")
    if z.shape[0] != mx:
        raise SurfaceFitError("x dimension of z must have same number of elements as x")
    if z.shape[1] != my:
        raise SurfaceFitError("y dimension of z must have same number of elements as y")
    if not s >= 0.0:
        raise SurfaceFitError("s should be s >= 0.0")
    if not (1 <= kx <= 5):
        raise SurfaceFitError("(1<=kx && kx<=5) failed for 5th keyword kx: regrid_smth:kx=%d",
                              kx)
    if not (1 <= ky <= 5):
        raise SurfaceFitError("(1<=ky && ky<=5) failed for 6th keyword ky: regrid_smth:ky=%d",
                              ky)
    if not mx > kx:
        raise SurfaceFitError("(mx>kx) failed for hidden mx: regrid_smth:mx=%d", mx)
    if not my > ky:
        raise SurfaceFitError("(my>ky) failed for hidden my: regrid_smth:my=%d", my)
    nxest = mx + kx + 1
    nyest = my + ky + 1
    tx, ty, c = F.regrid_outputs(kx, ky, nxest, nyest)
    tx[:] = 0.0
    ty[:] = 0.0
    c[:] = 0.0
    zf = z.reshape(mx * my)
    n1, n2, fp, ier = F.regrid(0, mx, x, my, y, zf, xb, xe, yb, ye, kx, ky, s, nxest, nyest,
                               maxit, 0, tx, 0, ty, c)
    if ier != 0 and ier != -1 and ier != -2:
        _raise_regrid(ier)
    return (tx[:n1].copy(), ty[:n2].copy(), c[:(n1 - kx - 1) * (n2 - ky - 1)].copy(), fp)


@njit(cache=True)
def _check_tck(tx, ty, c, kx, ky):
    """Sizes the Fortran will use (it would answer ier = 10 otherwise)."""
    if not (0 <= kx <= 5 and 0 <= ky <= 5):
        raise SurfaceFitError("the degrees kx = %d, ky = %d must be between 0 and 5", kx, ky)
    nx = tx.size
    ny = ty.size
    if nx < 2 * (kx + 1) or ny < 2 * (ky + 1):
        raise SurfaceFitError("too few knots (%d, %d) for the degrees (%d, %d)", nx, ny, kx, ky)
    if c.size < (nx - kx - 1) * (ny - ky - 1):
        raise SurfaceFitError("too few coefficients: %d, need (nx-kx-1)*(ny-ky-1) = %d",
                              c.size, (nx - kx - 1) * (ny - ky - 1))


@njit(cache=True)
def grid_eval(tx, ty, c, kx, ky, x, y, dx, dy):
    """bispev (dx = dy = 0) or parder on the grid x (mx) by y (my): (z (mx, my), ier)."""
    _check_tck(tx, ty, c, kx, ky)
    mx = x.size
    my = y.size
    _check_grid_size(mx, my)
    z = np.empty(mx * my)
    if mx == 0 or my == 0:
        return z.reshape((mx, my)), 0
    nx = tx.size
    ny = ty.size
    if dx == 0 and dy == 0:
        (ier,) = F.bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z)
    else:
        (ier,) = F.parder(tx, nx, ty, ny, c, kx, ky, dx, dy, x, mx, y, my, z)
    return z.reshape((mx, my)), ier


@njit(cache=True)
def point_eval(tx, ty, c, kx, ky, x, y, dx, dy):
    """bispeu (dx = dy = 0) or pardeu at the points (x[i], y[i]): (z, ier)."""
    _check_tck(tx, ty, c, kx, ky)
    m = x.size
    z = np.empty(m)
    if m == 0:
        return z, 0
    nx = tx.size
    ny = ty.size
    if dx == 0 and dy == 0:
        (ier,) = F.bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m)
    else:
        (ier,) = F.pardeu(tx, nx, ty, ny, c, kx, ky, dx, dy, x, y, z, m)
    return z, ier


@njit(cache=True)
def rect_call_grid(tx, ty, c, kx, ky, x, y, dx, dy):
    """RectBivariateSpline.__call__(x, y, dx, dy, grid=True)."""
    if x.size == 0 or y.size == 0:
        return np.zeros((x.size, y.size))
    for i in range(1, x.size):
        if not x[i] - x[i - 1] >= 0.0:
            raise SurfaceFitError("x must be strictly increasing when `grid` is True")
    for i in range(1, y.size):
        if not y[i] - y[i - 1] >= 0.0:
            raise SurfaceFitError("y must be strictly increasing when `grid` is True")
    z, ier = grid_eval(tx, ty, c, kx, ky, x, y, dx, dy)
    if ier != 0:
        if dx != 0 or dy != 0:
            raise SurfaceFitError("Error code returned by parder: %d", ier)
        raise SurfaceFitError("Error code returned by bispev: %d", ier)
    return z


@njit(cache=True)
def rect_call_points(tx, ty, c, kx, ky, x, y, dx, dy):
    """RectBivariateSpline.__call__(x, y, dx, dy, grid=False) on flat x, y."""
    if x.size != y.size:
        if x.size == 1:
            x = np.full(y.size, x[0])
        elif y.size == 1:
            y = np.full(x.size, y[0])
        else:
            raise SurfaceFitError("shape mismatch: objects cannot be broadcast to a single "
                                  "shape.  Mismatch is between arg 0 with size %d and arg 1 "
                                  "with size %d.", x.size, y.size)
    z, ier = point_eval(tx, ty, c, kx, ky, x, y, dx, dy)
    if ier != 0:
        if dx != 0 or dy != 0:
            raise SurfaceFitError("Error code returned by pardeu: %d", ier)
        raise SurfaceFitError("Error code returned by bispeu: %d", ier)
    return z


@njit(cache=True)
def _rect_point_error(tx, ty, c, kx, ky, dx, dy, ier):
    """Raise what rect_point found wrong (kept out of the inlined path: a raise
    inside a prange body would make numba run the loop serially)."""
    _check_tck(tx, ty, c, kx, ky)
    if dx != 0 or dy != 0:
        raise SurfaceFitError("Error code returned by pardeu: %d", ier)
    raise SurfaceFitError("Error code returned by bispeu: %d", ier)


@njit(inline="always")
def rect_point(tx, ty, c, kx, ky, x, y, dx, dy):
    """RectBivariateSpline.__call__(x, y, dx, dy, grid=False) at one point (a
    float; no workspace; inlined into the caller)."""
    nx = tx.size
    ny = ty.size
    if (kx < 0 or kx > 5 or ky < 0 or ky > 5 or nx < 2 * (kx + 1) or ny < 2 * (ky + 1)
            or c.size < (nx - kx - 1) * (ny - ky - 1)):
        _rect_point_error(tx, ty, c, kx, ky, dx, dy, 10)
    ier, z = F.surface_point(tx, nx, ty, ny, c, kx, ky, dx, dy, x, y)
    if ier != 0:
        _rect_point_error(tx, ty, c, kx, ky, dx, dy, ier)
    return z


@njit(cache=True)
def dblint_core(tx, ty, c, kx, ky, xa, xb, ya, yb):
    """The integral over [xa, xb] x [ya, yb] (FITPACK's dblint)."""
    _check_tck(tx, ty, c, kx, ky)
    ier, res = F.dblint(tx, tx.size, ty, ty.size, c, kx, ky, xa, xb, ya, yb)
    if ier != 0:
        raise SurfaceFitError("Error code returned by dblint: %d", ier)
    return res


@njit(cache=True)
def check_derivative_orders(dx, dy, kx, ky):
    """bisplev's check (scipy's f2py wrapper of parder)."""
    if not (0 <= dx < kx):
        raise SurfaceFitError("0 <= dx = %d < kx = %d must hold", dx, kx)
    if not (0 <= dy < ky):
        raise SurfaceFitError("0 <= dy = %d < ky = %d must hold", dy, ky)


@njit(cache=True)
def raise_bisplev_error(ier):
    """bisplev's errors for FITPACK's ier (none for 0)."""
    if ier == 10:
        raise SurfaceFitError("Invalid input data")
    if ier != 0:
        raise SurfaceFitTypeError("An error occurred")


@njit(cache=True)
def bisplev_core(x, y, tx, ty, c, kx, ky, dx, dy):
    """scipy's bisplev on vectors x, y: the (x.size, y.size) array."""
    check_derivative_orders(dx, dy, kx, ky)
    if x.size == 0 or y.size == 0:
        raise SurfaceFitError("Invalid input data")
    z, ier = grid_eval(tx, ty, c, kx, ky, x, y, dx, dy)
    raise_bisplev_error(ier)
    return z


@njit(cache=True)
def bisplev_point(x, y, tx, ty, c, kx, ky, dx, dy):
    """scipy's bisplev at two numbers (a float; no workspace)."""
    check_derivative_orders(dx, dy, kx, ky)
    _check_tck(tx, ty, c, kx, ky)
    ier, z = F.surface_point(tx, tx.size, ty, ty.size, c, kx, ky, dx, dy, x, y)
    raise_bisplev_error(ier)
    return z


@njit(cache=True)
def surfit_core(x, y, z, w, xb, xe, yb, ye, kx, ky, task, s, eps, tx_in, ty_in, nxest, nyest):
    """bisplrep after its argument checks: (tx, ty, c, fp, ier).  ``s`` NaN
    means scipy's default ``m - sqrt(2*m)``; ``nxest``/``nyest`` < 0 theirs."""
    m = x.size
    if s != s:                          # None: scipy's default
        s = m - math.sqrt(2.0 * m)
    if nxest < 0:
        nxest = int(kx + math.sqrt(m / 2))
    if nyest < 0:
        nyest = int(ky + math.sqrt(m / 2))
    nxest = max(nxest, 2 * kx + 3)
    nyest = max(nyest, 2 * ky + 3)
    if task >= 0 and s == 0:
        nxest = int(kx + math.sqrt(3 * m))
        nyest = int(ky + math.sqrt(3 * m))
    if task == -1:
        # the given knots must fit (the Fortran checks their order)
        nxest = max(nxest, tx_in.size)
        nyest = max(nyest, ty_in.size)
    # wrk1 is surfit's largest array: if it fits 32-bit indices, all do (the
    # call checks it too, but only after the arrays below are made)
    (lwrk1,) = F.surfit_lwrk1(m, kx, ky, nxest, nyest)
    if lwrk1 > _INT32_MAX:
        raise SurfaceFitError("Too many data points to interpolate")
    nmax = max(nxest, nyest)
    tx, ty, c, wrk2 = F.surfit_outputs(kx, ky, nxest, nyest, nmax)
    tx[:] = 0.0
    ty[:] = 0.0
    c[:] = 0.0
    wrk2[:] = 0.0
    nx_in = 0
    ny_in = 0
    if task == -1:
        nx_in = tx_in.size
        ny_in = ty_in.size
        tx[:tx_in.size] = tx_in
        ty[:ty_in.size] = ty_in
    n1, n2, fp, ier = F.surfit(task, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, nxest, nyest,
                               nmax, eps, nx_in, tx, ny_in, ty, c, wrk2)
    tries = 0
    while ier > 10 and tries < 5:       # scipy retries with the workspace asked for
        tries += 1
        wrk2 = np.zeros(ier)
        n1, n2, fp, ier = F.surfit(task, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, nxest,
                                   nyest, nmax, eps, nx_in, tx, ny_in, ty, c, wrk2)
    if ier == 10:
        raise SurfaceFitError("Invalid inputs.")
    return (tx[:n1].copy(), ty[:n2].copy(), c[:(n1 - kx - 1) * (n2 - ky - 1)].copy(), fp, ier)


@njit(cache=True)
def surfit_checks(mx, my, mz, mw, kx, ky, task, ntx, nty, has_tx, has_ty):
    """bisplrep's argument checks (scipy's TypeErrors)."""
    m = mx
    if not (m == my and m == mz):
        raise SurfaceFitTypeError("len(x)==len(y)==len(z) must hold.")
    if mw != m:
        raise SurfaceFitTypeError("len(w)=%d is not equal to m=%d", mw, m)
    if not (-1 <= task <= 1):
        raise SurfaceFitTypeError("task must be -1, 0 or 1")
    if task == 1:
        raise SurfaceFitTypeError("task=1 (continuing the previous fit) needs state kept "
                                  "between calls; it is not supported")
    if task == -1 and not has_tx:
        raise SurfaceFitTypeError("Knots_x must be given for task=-1")
    if task == -1 and not has_ty:
        raise SurfaceFitTypeError("Knots_y must be given for task=-1")
    if task == -1 and ntx < 2 * kx + 2:
        raise SurfaceFitTypeError("There must be at least 2*kx+2 knots_x for task=-1")
    if task == -1 and nty < 2 * ky + 2:
        raise SurfaceFitTypeError("There must be at least 2*ky+2 knots_x for task=-1")
    if not (1 <= kx <= 5 and 1 <= ky <= 5):
        raise SurfaceFitTypeError("Given degree of the spline (kx,ky=%d,%d) is not supported. "
                                  "(1<=k<=5)", kx, ky)
    if m < (kx + 1) * (ky + 1):
        raise SurfaceFitTypeError("m >= (kx+1)(ky+1) must hold")


# ---------------------------------------------------------------- Python entries
def _vec(a):
    return np.ascontiguousarray(np.ravel(a), dtype=np.float64)


def RectBivariateSpline(x, y, z, bbox=[None] * 4, kx=3, ky=3, s=0, maxit=20):  # noqa: B006
    """scipy.interpolate.RectBivariateSpline, fitted by scijit's regrid.

    Returns a real ``scipy.interpolate.RectBivariateSpline`` (knots,
    coefficients and ``fp`` equal to scipy's)."""
    x, y = _vec(x), _vec(y)
    bbox = np.ravel(np.asarray(bbox, dtype=object))
    z = np.asarray(z)
    if z.ndim != 2:
        raise ValueError("z must be a 2-D array of shape (x.size, y.size)")
    if not bbox.shape == (4,):
        raise ValueError("bbox shape should be (4,)")
    if s is not None and not s >= 0.0:
        raise ValueError("s should be s >= 0.0")
    s = 0.0 if s is None else float(s)
    z = np.ascontiguousarray(z, dtype=np.float64)
    lo = [x.min() if x.size else np.nan, x.max() if x.size else np.nan,
          y.min() if y.size else np.nan, y.max() if y.size else np.nan]
    xb, xe, yb, ye = (float(lo[i]) if bbox[i] is None else float(bbox[i]) for i in range(4))
    tx, ty, c, fp = regrid_core(x, y, z, xb, xe, yb, ye, int(kx), int(ky), s, int(maxit))
    return box_rect_bivariate(tx, ty, c, int(kx), int(ky), fp)


def bisplrep(x, y, z, w=None, xb=None, xe=None, yb=None, ye=None, kx=3, ky=3, task=0,
             s=None, eps=1e-16, tx=None, ty=None, full_output=0, nxest=None, nyest=None,
             quiet=1):
    """scipy.interpolate.bisplrep on scijit's surfit (task 0 and -1)."""
    x, y, z = _vec(x), _vec(y), _vec(z)
    m = x.size
    w = np.ones(m) if w is None else _vec(np.atleast_1d(w))
    has_tx, has_ty = tx is not None, ty is not None
    txa = _vec(np.atleast_1d(tx)) if has_tx else np.zeros(0)
    tya = _vec(np.atleast_1d(ty)) if has_ty else np.zeros(0)
    kx, ky, task = int(kx), int(ky), int(task)
    surfit_checks(m, y.size, z.size, w.size, kx, ky, task, txa.size, tya.size, has_tx, has_ty)
    xb = float(x.min()) if xb is None else float(xb)
    xe = float(x.max()) if xe is None else float(xe)
    yb = float(y.min()) if yb is None else float(yb)
    ye = float(y.max()) if ye is None else float(ye)
    s_arg = np.nan if s is None else float(s)
    tx_out, ty_out, c, fp, ier = surfit_core(
        x, y, z, w, xb, xe, yb, ye, kx, ky, task, s_arg, float(eps), txa, tya,
        -1 if nxest is None else int(nxest), -1 if nyest is None else int(nyest))
    tck = [tx_out, ty_out, c, kx, ky]
    ierm = min(11, max(-3, ier))
    s_used = m - math.sqrt(2 * m) if s is None else s
    if ierm <= 0 and not quiet:
        warnings.warn(RuntimeWarning(
            IERMESS2[ierm] + "\tkx,ky=%d,%d nx,ny=%d,%d m=%d fp=%g s=%g"
            % (kx, ky, len(tx_out), len(ty_out), m, fp, s_used)), stacklevel=2)
    if ierm > 0 and not full_output:
        if ier in (1, 2, 3, 4, 5):
            warnings.warn(RuntimeWarning(
                IERMESS2[ierm] + "\n\tkx,ky=%d,%d nx,ny=%d,%d m=%d fp=%g s=%g"
                % (kx, ky, len(tx_out), len(ty_out), m, fp, s_used)), stacklevel=2)
        else:
            raise (ValueError if ierm in IERMESS2 else TypeError)(IERMESS2.get(ierm, _UNKNOWN))
    if full_output:
        return tck, fp, ier, IERMESS2.get(ierm, _UNKNOWN)
    return tck


def bisplev(x, y, tck, dx=0, dy=0):
    """scipy.interpolate.bisplev on scijit's bispev/parder."""
    tx, ty, c, kx, ky = tck
    x, y = np.atleast_1d(x), np.atleast_1d(y)
    if (len(x.shape) != 1) or (len(y.shape) != 1):
        raise ValueError("First two entries should be rank-1 arrays.")
    z = bisplev_core(_vec(x), _vec(y), _vec(tx), _vec(ty), _vec(c), int(kx), int(ky),
                     int(dx), int(dy))
    if len(z) > 1:
        return z
    if len(z[0]) > 1:
        return z[0]
    return z[0][0]


# ---------------------------------------------------------------- @njit: helpers
def _opt_float(v, default):
    """``default`` if v is None, else float(v)."""


@overload(_opt_float)
def _opt_float_ovl(v, default):
    if is_none(v):
        return lambda v, default: float(default)
    return lambda v, default: float(v)


def _bbox_value(bbox, i, default):
    """bbox[i] (None -> default) for a tuple, list or array bbox."""


@overload(_bbox_value)
def _bbox_value_ovl(bbox, i, default):
    if is_none(bbox):
        return lambda bbox, i, default: float(default)
    if isinstance(bbox, types.BaseTuple):
        items = list(bbox)
        if len(items) != 4:
            raise TypingError("RectBivariateSpline: bbox shape should be (4,)")
        if not all(is_none(t) or isinstance(t, _NUMBER) for t in items):
            raise TypingError("RectBivariateSpline: bbox holds numbers or None, got %s" % bbox)
        src = ["def impl(bbox, i, default):"]
        for j, t in enumerate(items):
            value = "float(default)" if is_none(t) else "float(bbox[%d])" % j
            src.append("    if i == %d:\n        return %s" % (j, value))
        src.append("    return float(default)")
        scope = {}
        exec("\n".join(src), scope)
        return scope["impl"]
    if isinstance(bbox, (types.Array, types.List)) and isinstance(bbox.dtype, _NUMBER):
        def impl_seq(bbox, i, default):
            if len(bbox) != 4:
                raise SurfaceFitError("bbox shape should be (4,)")
            return float(bbox[i])
        return impl_seq
    raise TypingError("RectBivariateSpline: bbox must be a sequence of 4 numbers or None, got %s"
                      % bbox)


def _f64_vector(x):
    """x as a flat float64 C vector: the array itself (a view) when it already
    is float64 and C-contiguous, else a converted copy."""


@overload(_f64_vector)
def _f64_vector_ovl(x):
    if isinstance(x, types.Array) and x.dtype == types.float64 and x.layout == "C":
        if x.ndim == 1:
            return lambda x: x
        return lambda x: x.reshape(x.size)
    return lambda x: as_float_vector(x)


def _as_c_matrix(z):
    """z as a float64 C-contiguous 2-D array."""


@overload(_as_c_matrix)
def _as_c_matrix_ovl(z):
    if isinstance(z, types.Array) and z.ndim == 2 and isinstance(z.dtype, _NUMBER):
        return lambda z: np.ascontiguousarray(z).astype(np.float64)
    raise TypingError("RectBivariateSpline: z must be a 2-D array of real numbers, got %s" % z)


# ---------------------------------------------------------------- @njit: RectBivariateSpline
def _rect_overload(x, y, z, bbox=None, kx=3, ky=3, s=0, maxit=20):
    for name, v in (("kx", kx), ("ky", ky), ("maxit", maxit)):
        check_integer("RectBivariateSpline", name, v)

    def impl(x, y, z, bbox=None, kx=3, ky=3, s=0, maxit=20):
        xv = as_float_vector(x)
        yv = as_float_vector(y)
        zz = _as_c_matrix(z)
        xb = _bbox_value(bbox, 0, xv.min() if xv.size else np.nan)
        xe = _bbox_value(bbox, 1, xv.max() if xv.size else np.nan)
        yb = _bbox_value(bbox, 2, yv.min() if yv.size else np.nan)
        ye = _bbox_value(bbox, 3, yv.max() if yv.size else np.nan)
        ss = _opt_float(s, 0.0)
        tx, ty, c, fp = regrid_core(xv, yv, zz, xb, xe, yb, ye, kx, ky, ss, maxit)
        return rect_bivariate_build(tx, ty, c, kx, ky, fp)
    return impl


def _grid_flag(grid):
    value = literal_bool(grid)
    if value is None:
        raise TypingError("RectBivariateSpline.__call__: grid must be a constant (True or "
                          "False) inside @njit, got %s" % grid)
    return value


def _is_number(t):
    return isinstance(t, _NUMBER)


def _check_points(x, y):
    for name, t in (("x", x), ("y", y)):
        if not (_is_number(t) or (isinstance(t, types.Array) and _is_number(t.dtype))
                or isinstance(t, (types.List, types.BaseTuple))):
            raise TypingError("RectBivariateSpline: %s must be a number or an array of real "
                              "numbers, got %s" % (name, t))


@overload_method(RectBivariateSplineType, "__call__", prefer_literal=True)
def _rect_call(spl, x, y, dx=0, dy=0, grid=True):
    check_integer("RectBivariateSpline.__call__", "dx", dx)
    check_integer("RectBivariateSpline.__call__", "dy", dy)
    _check_points(x, y)
    if _grid_flag(grid):
        for name, t in (("x", x), ("y", y)):
            if isinstance(t, types.Array) and t.ndim > 1:
                raise TypingError("RectBivariateSpline: with grid=True %s must be 1-D, got %s"
                                  % (name, t))

        def impl_grid(spl, x, y, dx=0, dy=0, grid=True):
            return rect_call_grid(spl._tx, spl._ty, spl._c, spl._kx, spl._ky,
                                  as_float_vector(x), as_float_vector(y), dx, dy)
        return impl_grid
    body = _points_body(x, y)

    def impl_points(spl, x, y, dx=0, dy=0, grid=True):
        return body(spl, x, y, dx, dy)
    return impl_points


@njit(inline="always")
def _points_scalar(spl, x, y, dx, dy):
    return rect_point(spl._tx, spl._ty, spl._c, spl._kx, spl._ky, float(x), float(y), dx, dy)


@njit(inline="always")
def _points_x_shape(spl, x, y, dx, dy):
    z = rect_call_points(spl._tx, spl._ty, spl._c, spl._kx, spl._ky,
                         _f64_vector(x), _f64_vector(y), dx, dy)
    return z.reshape(x.shape)


@njit(inline="always")
def _points_y_shape(spl, x, y, dx, dy):
    z = rect_call_points(spl._tx, spl._ty, spl._c, spl._kx, spl._ky,
                         _f64_vector(x), _f64_vector(y), dx, dy)
    return z.reshape(y.shape)


@njit(inline="always")
def _points_flat(spl, x, y, dx, dy):
    return rect_call_points(spl._tx, spl._ty, spl._c, spl._kx, spl._ky,
                            _f64_vector(x), _f64_vector(y), dx, dy)


def _points_body(x, y):
    """The grid=False evaluation for these argument types (shared by
    __call__ and ev, inlined into the caller)."""
    if _is_number(x) and _is_number(y):
        return _points_scalar
    if isinstance(x, types.Array):
        return _points_x_shape
    if isinstance(y, types.Array):
        return _points_y_shape
    return _points_flat


# Inlined into the caller (numba IR), so that ev at one point is spl(...) there
# and lowered by _point_call.
@overload_method(RectBivariateSplineType, "ev", inline="always")
def _rect_ev(spl, xi, yi, dx=0, dy=0):
    check_integer("RectBivariateSpline.ev", "dx", dx)
    check_integer("RectBivariateSpline.ev", "dy", dy)
    _check_points(xi, yi)
    if _is_number(xi) and _is_number(yi):
        def impl_point(spl, xi, yi, dx=0, dy=0):
            return spl(xi, yi, dx, dy, False)       # see _point_call
        return impl_point
    body = _points_body(xi, yi)

    def impl(spl, xi, yi, dx=0, dy=0):
        return body(spl, xi, yi, dx, dy)
    return impl


def _point_call(spl, csig):
    """spl(x, y, dx, dy, grid=False) at one point is lowered on the members of
    spl (see lowering.calls): passing the struct to a compiled function costs
    six atomic reference counts and ~25 words of arguments, as much as the
    evaluation."""
    members = tuple((name, spl.array) for name in ARRAYS) + (("kx", types.int64),
                                                              ("ky", types.int64))
    return PointCall(_point_members, members, 4)


def _point_members(tx, ty, c, kx, ky, x, y, dx, dy):
    """spl(x, y, dx, dy, grid=False) at one point, on the members of spl."""
    return rect_point(tx, ty, c, kx, ky, float(x), float(y), dx, dy)


forward_calls(RectBivariateSplineType, point=_point_call)


@overload_method(RectBivariateSplineType, "integral")
def _rect_integral(spl, xa, xb, ya, yb):
    def impl(spl, xa, xb, ya, yb):
        return dblint_core(spl._tx, spl._ty, spl._c, spl._kx, spl._ky, float(xa), float(xb),
                           float(ya), float(yb))
    return impl


@overload_method(RectBivariateSplineType, "get_knots")
def _rect_get_knots(spl):
    return lambda spl: (spl._tx, spl._ty)


@overload_method(RectBivariateSplineType, "get_coeffs")
def _rect_get_coeffs(spl):
    return lambda spl: spl._c


@overload_method(RectBivariateSplineType, "get_residual")
def _rect_get_residual(spl):
    return lambda spl: spl.fp


@overload_attribute(RectBivariateSplineType, "tck")
def _rect_tck(spl):
    return lambda spl: (spl._tx, spl._ty, spl._c)


@overload_attribute(RectBivariateSplineType, "degrees")
def _rect_degrees(spl):
    return lambda spl: (spl._kx, spl._ky)


# ---------------------------------------------------------------- @njit: bisplrep / bisplev
def _bisplrep_overload(x, y, z, w=None, xb=None, xe=None, yb=None, ye=None, kx=3, ky=3,
                       task=0, s=None, eps=1e-16, tx=None, ty=None, full_output=0, nxest=None,
                       nyest=None, quiet=1):
    full = literal_bool(full_output)
    if full is None:
        raise TypingError("bisplrep: full_output must be a constant inside @njit")
    for name, v in (("kx", kx), ("ky", ky), ("task", task)):
        check_integer("bisplrep", name, v)
    no_w, no_tx, no_ty = is_none(w), is_none(tx), is_none(ty)
    no_nxest, no_nyest = is_none(nxest), is_none(nyest)

    def impl(x, y, z, w=None, xb=None, xe=None, yb=None, ye=None, kx=3, ky=3, task=0,
             s=None, eps=1e-16, tx=None, ty=None, full_output=0, nxest=None, nyest=None,
             quiet=1):
        xv = as_float_vector(x)
        yv = as_float_vector(y)
        zv = as_float_vector(z)
        m = xv.size
        wv = np.ones(m) if no_w else as_float_vector(w)
        txa = np.zeros(0) if no_tx else as_float_vector(tx)
        tya = np.zeros(0) if no_ty else as_float_vector(ty)
        surfit_checks(m, yv.size, zv.size, wv.size, kx, ky, task, txa.size, tya.size,
                      not no_tx, not no_ty)
        x0 = _opt_float(xb, xv.min())
        x1 = _opt_float(xe, xv.max())
        y0 = _opt_float(yb, yv.min())
        y1 = _opt_float(ye, yv.max())
        ss = _opt_float(s, np.nan)
        nxe = -1 if no_nxest else _opt_int(nxest)
        nye = -1 if no_nyest else _opt_int(nyest)
        tx_out, ty_out, c, fp, ier = surfit_core(xv, yv, zv, wv, x0, x1, y0, y1, kx, ky, task,
                                                 ss, float(eps), txa, tya, nxe, nye)
        return _bisplrep_result(tx_out, ty_out, c, kx, ky, fp, ier, full_output)
    return impl


def _opt_int(v):
    """int(v) for an integer argument."""


@overload(_opt_int)
def _opt_int_ovl(v):
    return lambda v: int(v)


def _bisplrep_result(tx, ty, c, kx, ky, fp, ier, full_output):
    """(tck, fp, ier, msg) or tck, raising for the errors scipy raises."""


@overload(_bisplrep_result, prefer_literal=True)
def _bisplrep_result_ovl(tx, ty, c, kx, ky, fp, ier, full_output):
    if literal_bool(full_output):
        def impl_full(tx, ty, c, kx, ky, fp, ier, full_output):
            return (tx, ty, c, kx, ky), fp, ier, bisplrep_message(ier)
        return impl_full

    def impl(tx, ty, c, kx, ky, fp, ier, full_output):
        _raise_bisplrep(ier)
        return (tx, ty, c, kx, ky)
    return impl


@njit(cache=True)
def _raise_bisplrep(ier):
    """Without full_output scipy raises for ier > 5 (and warns for 1..5)."""
    ierm = min(11, max(-3, ier))
    if ierm > 5:
        if ierm == 10 or ierm == 11:
            raise SurfaceFitError(bisplrep_message(ierm))
        raise SurfaceFitTypeError(_UNKNOWN)


def _bisplev_overload(x, y, tck, dx=0, dy=0):
    if not isinstance(tck, types.BaseTuple) or len(tck) != 5:
        raise TypingError("bisplev: tck must be the tuple (tx, ty, c, kx, ky), got %s" % tck)
    check_integer("bisplev", "dx", dx)
    check_integer("bisplev", "dy", dy)
    if _is_number(x) and _is_number(y):
        def impl_scalar(x, y, tck, dx=0, dy=0):
            tx, ty, c, kx, ky = tck
            return bisplev_point(float(x), float(y), _f64_vector(tx), _f64_vector(ty),
                                 _f64_vector(c), kx, ky, dx, dy)
        return impl_scalar

    def impl(x, y, tck, dx=0, dy=0):
        tx, ty, c, kx, ky = tck
        return bisplev_core(as_float_vector(x), as_float_vector(y), as_float_vector(tx),
                            as_float_vector(ty), as_float_vector(c), kx, ky, dx, dy)
    return impl


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "RectBivariateSpline": Chooser(_rect_overload),
    "bisplrep": Chooser(_bisplrep_overload),
    "bisplev": Chooser(_bisplev_overload, prefer_literal=False),
}
register_choosers(CHOOSERS, globals())
