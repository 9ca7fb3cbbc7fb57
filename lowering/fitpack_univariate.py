"""FITPACK entry points of the UnivariateSpline family: numba intrinsics
calling our Fortran by name, declared in the native table (see :mod:`.native`).

``fpcurf(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, fpint, nrdata, ier_in)
-> (n, fp, ier)``: curfit's algorithm with its state arrays, as scipy's
UnivariateSpline calls it (iopt 0, 1 to continue from the saved state, -1
for given knots); ``n`` is given (read for iopt -1 and 1) and returned,
``ier_in`` is the ier of the fit being continued (FITPACK reads it for
iopt 1; give 0 otherwise).  Its workspace is made by the call, of
``fpcurf_lwrk(m, k, nest)`` elements (a size function of the library).

``fpchec(x, m, t, n, k) -> (ier,)``: 0 if the knots suit the data, else
scipy's condition code.
"""
from .native import (F64, I32, F64s, I32s, InOutI32, Len, NativeFunction, OutF64, OutI32,
                     native_intrinsic)
from .sizes import register_size_function

#: nest*3*(k+2) + m*(k+1), fpcurf's wrk (k counted as 1..5, m, nest as >= 0)
FPCURF_LWRK = NativeFunction("scijit_fitpack_fpcurf_lwrk", "fitpack",
                             (I32("m"), I32("k"), I32("nest")), returns="i64")
register_size_function("fpcurf_lwrk", FPCURF_LWRK)

FPCURF = NativeFunction("scijit_fitpack_fpcurf", "fitpack", (
    I32("iopt"), I32("m"), F64s("x", "m", const=True), F64s("y", "m", const=True),
    F64s("w", "m", const=True), F64("xb"), F64("xe"), I32("k"), F64("s"), I32("nest"),
    InOutI32("n"), F64s("t", "nest"), F64s("c", "nest"), OutF64("fp"), F64s("fpint", "nest"),
    I32s("nrdata", "nest"), F64s("wrk", "fpcurf_lwrk(m, k, nest)", work=True, zeroed=True),
    Len("lwrk", "wrk"), I32("ier_in"), OutI32("ier", status=True)))

FPCHEC = NativeFunction("scijit_fitpack_fpchec", "fitpack", (
    F64s("x", "m", const=True), I32("m"), F64s("t", "n", const=True), I32("n"), I32("k")),
    returns="i32")

ENTRY_POINTS = {"fpcurf": FPCURF, "fpchec": FPCHEC, "fpcurf_lwrk": FPCURF_LWRK}

fpcurf = native_intrinsic(FPCURF)
fpchec = native_intrinsic(FPCHEC)
