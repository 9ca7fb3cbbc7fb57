"""``RectBivariateSpline.partial_derivative(dx, dy)`` inside @njit, on our
FITPACK pardtc (scipy's algorithm and order of operations: the coefficients
are scipy's bit for bit).

The result is a derived-spline value (it boxes to scipy's
``_DerivedBivariateSpline``) with the same evaluation methods; its ``fp`` and
``get_residual()`` are NaN (scipy: AttributeError).  scipy returns the spline
itself for ``dx == dy == 0``: inside @njit that holds when both are constants;
with run-time zeros the result is a derived copy of the same spline.  scipy's
f2py wrapper of pardtc refuses ``dx >= ky`` (its check reads ``nux < ky``); so
does this, with scipy's message.
"""
import numpy as np
from numba import njit
from numba.extending import overload_method

from lowering.fitpack import pardtc, pardtc_outputs
from scijit_types.bivariate import RectBivariateSplineType, derived_bivariate_build

from .. import _arguments as A
from . import _f2py_errors
from ._univariate import UnivariateSplineError


@njit(cache=True)
def pardtc_core(tx, ty, c, kx, ky, dx, dy):
    """scipy's partial_derivative after its dx == dy == 0 shortcut:
    (tx, ty, c, kx, ky) of the (dx, dy) partial derivative."""
    if not (dx >= 0 and dy >= 0):
        raise UnivariateSplineError("order of derivative must be positive or zero")
    if not (dx < kx and dy < ky):
        raise UnivariateSplineError("order of derivative must be less than degree of spline")
    if not dx < ky:
        # scipy's f2py signature of pardtc checks nux < ky (sic)
        raise _f2py_errors.FitpackInputError(
            "((0 <= nuy) && (nux < ky)) failed for 7th argument nuy: pardtc:nuy=%d", dy)
    nx = tx.size
    ny = ty.size
    (newc,) = pardtc_outputs(nx, ny, kx, ky)
    newc[:] = 0.0
    ier, = pardtc(tx, nx, ty, ny, c, kx, ky, dx, dy, newc)
    if ier != 0:
        raise UnivariateSplineError("Unexpected error code returned by pardtc: %d", ier)
    newclen = (nx - dx - kx - 1) * (ny - dy - ky - 1)
    return (tx[dx:nx - dx].copy(), ty[dy:ny - dy].copy(), newc[:newclen].copy(), kx - dx,
            ky - dy)



@overload_method(RectBivariateSplineType, "partial_derivative", prefer_literal=True)
def _partial_derivative(spl, dx, dy):
    for name, ty in (("dx", dx), ("dy", dy)):
        A.check_integer("RectBivariateSpline.partial_derivative", name, ty)
    if A.constant(dx) == 0 and A.constant(dy) == 0:
        return lambda spl, dx, dy: spl

    def impl(spl, dx, dy):
        tx, ty, c, kx, ky = pardtc_core(spl._tx, spl._ty, spl._c, spl._kx, spl._ky, dx, dy)
        return derived_bivariate_build(tx, ty, c, kx, ky, np.nan)
    return impl
