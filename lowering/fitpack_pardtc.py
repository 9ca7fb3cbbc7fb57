"""FITPACK's pardtc (scipy's RectBivariateSpline.partial_derivative): a numba
intrinsic calling our Fortran by name (see :mod:`.native`).

``pardtc(tx, nx, ty, ny, c, nc_in, kx, ky, nux, nuy, newc, nc) -> (ier,)``:
newc(1:(nx-nux-kx-1)*(ny-nuy-ky-1)) receives the coefficients of the (nux,
nuy) partial derivative; ier = 10 for orders outside 0 <= nu < k or sizes too
small.
"""
from ._legacy_native import NativeFunction, native_intrinsic

PARDTC = NativeFunction("scijit_fitpack_pardtc", "fitpack",
                        ("const f64*", "i32", "const f64*", "i32", "const f64*", "i32", "i32",
                         "i32", "i32", "i32", "f64*", "i32", "out_i32"))

ENTRY_POINTS = {"pardtc": PARDTC}

pardtc = native_intrinsic(PARDTC)
