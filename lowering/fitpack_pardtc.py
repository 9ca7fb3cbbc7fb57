"""FITPACK's pardtc (scipy's RectBivariateSpline.partial_derivative): a numba
intrinsic calling our Fortran by name, declared in the native table (see
:mod:`.native`).

``pardtc(tx, nx, ty, ny, c, kx, ky, nux, nuy, newc) -> (ier,)``: newc
(:data:`pardtc_outputs`) receives in its first (nx-nux-kx-1)*(ny-nuy-ky-1)
elements the coefficients of the (nux, nuy) partial derivative; the lengths
nc_in of c and nc of newc are filled in by the call.  ier = 10 for orders
outside 0 <= nu < k or too few knots.
"""
from .fitpack_surface import NC
from .native import F64s, I32, Len, NativeFunction, OutI32, native_intrinsic
from .workspace import workspace

PARDTC = NativeFunction("scijit_fitpack_pardtc", "fitpack", (
    F64s("tx", "nx", const=True), I32("nx"), F64s("ty", "ny", const=True), I32("ny"),
    F64s("c", NC, const=True), Len("nc_in", "c"), I32("kx"), I32("ky"), I32("nux"),
    I32("nuy"), F64s("newc", NC), Len("nc", "newc"), OutI32("ier", status=True)))

ENTRY_POINTS = {"pardtc": PARDTC}

pardtc = native_intrinsic(PARDTC)

#: pardtc_outputs(nx, ny, kx, ky) -> (newc,)
pardtc_outputs = workspace(PARDTC, ("newc",))
