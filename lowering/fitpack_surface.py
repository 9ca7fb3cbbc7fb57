"""FITPACK entry points (2-D): numba intrinsics calling our Fortran by name.

Each intrinsic calls ``scijit_fitpack_<name>`` (see :mod:`.native`); it takes
the C inputs in FITPACK's order and returns the output scalars as a tuple:

``bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z, wrk, lwrk, iwrk, kwrk) -> (ier,)``
``bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m, wrk, lwrk) -> (ier,)``
``parder(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, mx, y, my, z, wrk, lwrk, iwrk, kwrk)
-> (ier,)``
``pardeu(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, z, m, wrk, lwrk, iwrk, kwrk) -> (ier,)``
``dblint(tx, nx, ty, ny, c, kx, ky, xb, xe, yb, ye, wrk) -> (integral,)``
``surface_point(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y) -> (ier, value)`` (one
point, no workspace: pardeu's/bispeu's value; scijit's addition)
``regrid(iopt, mx, x, my, y, z, xb, xe, yb, ye, kx, ky, s, nxest, nyest, maxit, nx, tx,
ny, ty, c, wrk, lwrk, iwrk, kwrk) -> (fp, ier)``
``surfit(iopt, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, nxest, nyest, nmax, eps, nx, tx,
ny, ty, c, wrk1, lwrk1, wrk2, lwrk2, iwrk, kwrk) -> (fp, ier)``

``nx``/``ny`` of regrid and surfit are int32 arrays of length one (in for
iopt = -1, out otherwise).  Workspace sizes are FITPACK's (see
``vendor/fitpack/fitpack_surface_capi.f90``); the callers compute them and
check every array length first, and the Fortran checks them again (ier = 10).
Knots, coefficients and data the Fortran only reads may be read-only arrays.
"""
from ._legacy_native import NativeFunction, native_intrinsic

_TCK = ("const f64*", "i32", "const f64*", "i32", "const f64*", "i32", "i32")  # tx..ky

BISPEV = NativeFunction("scijit_fitpack_bispev", "fitpack",
                        _TCK + ("const f64*", "i32", "const f64*", "i32", "f64*", "f64*", "i32",
                                "i32*", "i32", "out_i32"))
BISPEU = NativeFunction("scijit_fitpack_bispeu", "fitpack",
                        _TCK + ("const f64*", "const f64*", "f64*", "i32", "f64*", "i32",
                                "out_i32"))
PARDER = NativeFunction("scijit_fitpack_parder", "fitpack",
                        _TCK + ("i32", "i32", "const f64*", "i32", "const f64*", "i32", "f64*",
                                "f64*", "i32", "i32*", "i32", "out_i32"))
PARDEU = NativeFunction("scijit_fitpack_pardeu", "fitpack",
                        _TCK + ("i32", "i32", "const f64*", "const f64*", "f64*", "i32", "f64*",
                                "i32", "i32*", "i32", "out_i32"))
DBLINT = NativeFunction("scijit_fitpack_dblint", "fitpack",
                        _TCK + ("f64", "f64", "f64", "f64", "f64*"), returns="f64")
SURFACE_POINT = NativeFunction("scijit_fitpack_surface_point", "fitpack",
                               _TCK + ("i32", "i32", "f64", "f64", "out_i32"), returns="f64")
REGRID = NativeFunction("scijit_fitpack_regrid", "fitpack",
                        ("i32", "i32", "const f64*", "i32", "const f64*", "const f64*",
                         "f64", "f64", "f64", "f64", "i32", "i32", "f64", "i32", "i32", "i32",
                         "i32*", "f64*", "i32*", "f64*", "f64*", "out_f64", "f64*", "i32",
                         "i32*", "i32", "out_i32"))
SURFIT = NativeFunction("scijit_fitpack_surfit", "fitpack",
                        ("i32", "i32", "const f64*", "const f64*", "const f64*", "const f64*",
                         "f64", "f64", "f64", "f64", "i32", "i32", "f64", "i32", "i32", "i32",
                         "f64", "i32*", "f64*", "i32*", "f64*", "f64*", "out_f64", "f64*",
                         "i32", "f64*", "i32", "i32*", "i32", "out_i32"))

ENTRY_POINTS = {"bispev": BISPEV, "bispeu": BISPEU, "parder": PARDER, "pardeu": PARDEU,
                "dblint": DBLINT, "surface_point": SURFACE_POINT, "regrid": REGRID,
                "surfit": SURFIT}

bispev = native_intrinsic(BISPEV)
bispeu = native_intrinsic(BISPEU)
parder = native_intrinsic(PARDER)
pardeu = native_intrinsic(PARDEU)
dblint = native_intrinsic(DBLINT)
surface_point = native_intrinsic(SURFACE_POINT)
regrid = native_intrinsic(REGRID)
surfit = native_intrinsic(SURFIT)
