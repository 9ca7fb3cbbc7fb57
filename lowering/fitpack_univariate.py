"""FITPACK entry points of the UnivariateSpline family: numba intrinsics
calling our Fortran by name (see :mod:`.native`).

``fpcurf(iopt, m, x, y, w, xb, xe, k, s, nest, ni, t, c, fpint, nrdata, wrk,
lwrk) -> (fp,)``: curfit's algorithm with its state arrays, as scipy's
UnivariateSpline calls it (iopt 0, 1 to continue from the saved state, -1
for given knots); ``ni`` is an int32 array ``[n, ier]``, in and out.

``fpchec(x, m, t, n, k) -> (ier,)``: 0 if the knots suit the data, else
scipy's condition code.
"""
from ._legacy_native import NativeFunction, native_intrinsic

FPCURF = NativeFunction("scijit_fitpack_fpcurf", "fitpack",
                        ("i32", "i32", "const f64*", "const f64*", "const f64*", "f64", "f64",
                         "i32", "f64", "i32", "i32*", "f64*", "f64*", "out_f64", "f64*", "i32*",
                         "f64*", "i32"))
FPCHEC = NativeFunction("scijit_fitpack_fpchec", "fitpack",
                        ("const f64*", "i32", "const f64*", "i32", "i32"), returns="i32")

ENTRY_POINTS = {"fpcurf": FPCURF, "fpchec": FPCHEC}

fpcurf = native_intrinsic(FPCURF)
fpchec = native_intrinsic(FPCHEC)
