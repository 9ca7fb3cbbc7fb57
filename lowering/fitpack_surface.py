"""FITPACK entry points (2-D): numba intrinsics calling our Fortran by name.

Each entry point ``scijit_fitpack_<name>`` is declared once below, every
argument named and sized (see :mod:`.native`); the intrinsic takes the
inputs in FITPACK's order without the work arrays and their lengths, which
the call supplies, and returns the output scalars as a tuple:

``bispev(tx, nx, ty, ny, c, kx, ky, x, mx, y, my, z) -> (ier,)``
``bispeu(tx, nx, ty, ny, c, kx, ky, x, y, z, m) -> (ier,)``
``parder(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, mx, y, my, z) -> (ier,)``
``pardeu(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y, z, m) -> (ier,)``
``dblint(tx, nx, ty, ny, c, kx, ky, xb, xe, yb, ye) -> (ier, integral)``
``surface_point(tx, nx, ty, ny, c, kx, ky, nux, nuy, x, y) -> (ier, value)`` (one
point, no workspace: pardeu's/bispeu's value; scijit's addition)
``regrid(iopt, mx, x, my, y, z, xb, xe, yb, ye, kx, ky, s, nxest, nyest, maxit, nx, tx,
ny, ty, c) -> (nx, ny, fp, ier)``
``surfit(iopt, m, x, y, z, w, xb, xe, yb, ye, kx, ky, s, nxest, nyest, nmax, eps, nx, tx,
ny, ty, c, wrk2) -> (nx, ny, fp, ier)``

``nx``/``ny`` of regrid and surfit are int32 scalars given and returned
(:class:`~.native.InOutI32`: read for iopt = -1, written otherwise).  The
arrays a caller keeps come from :data:`regrid_outputs` and
:data:`surfit_outputs` (one block each, FITPACK's sizes); surfit's ``wrk2``
is among them because FITPACK may answer ier > 10, the ``lwrk2`` it needs
for a rank-deficient system, and scipy then calls again with that much.
Workspace sizes are FITPACK's: the pure Fortran functions ``regrid_lwrk``,
``regrid_kwrk``, ``surfit_lwrk1``, ``surfit_lwrk2``, ``surfit_kwrk``, exported
as size functions (64-bit), or the short formulas of the FITPACK routines.
Knots, coefficients and data the Fortran only reads may be read-only arrays.
"""
from .native import (F64, I32, F64s, I32s, InOutI32, Len, NativeFunction, OutF64, OutI32,
                     native_intrinsic)
from .sizes import register_size_function
from .workspace import workspace


def _size_function(name, params):
    fn = NativeFunction("scijit_fitpack_" + name, "fitpack", tuple(I32(p) for p in params),
                        returns="i64")
    register_size_function(name, fn)
    return fn


REGRID_LWRK = _size_function("regrid_lwrk", ("mx", "my", "kx", "ky", "nxest", "nyest"))
REGRID_KWRK = _size_function("regrid_kwrk", ("mx", "my", "nxest", "nyest"))
SURFIT_LWRK1 = _size_function("surfit_lwrk1", ("m", "kx", "ky", "nxest", "nyest"))
SURFIT_LWRK2 = _size_function("surfit_lwrk2", ("kx", "ky", "nxest", "nyest"))
SURFIT_KWRK = _size_function("surfit_kwrk", ("m", "kx", "ky", "nxest", "nyest"))

#: The number of B-spline coefficients of knots tx(nx), ty(ny) (0 for too few).
NC = "max(nx - kx - 1, 0)*max(ny - ky - 1, 0)"
#: The same for the largest knot vectors regrid and surfit may build.
NC_EST = "max(nxest - kx - 1, 0)*max(nyest - ky - 1, 0)"

_TCK = (F64s("tx", "nx", const=True), I32("nx"), F64s("ty", "ny", const=True), I32("ny"),
        F64s("c", NC, const=True), I32("kx"), I32("ky"))

BISPEV = NativeFunction("scijit_fitpack_bispev", "fitpack", _TCK + (
    F64s("x", "mx", const=True), I32("mx"), F64s("y", "my", const=True), I32("my"),
    F64s("z", "mx*my"), F64s("wrk", "mx*(kx + 1) + my*(ky + 1)", work=True), Len("lwrk", "wrk"),
    I32s("iwrk", "mx + my", work=True), Len("kwrk", "iwrk"), OutI32("ier", status=True)))

BISPEU = NativeFunction("scijit_fitpack_bispeu", "fitpack", _TCK + (
    F64s("x", "m", const=True), F64s("y", "m", const=True), F64s("z", "m"), I32("m"),
    F64s("wrk", "kx + ky + 2", work=True), Len("lwrk", "wrk"), OutI32("ier", status=True)))

PARDER = NativeFunction("scijit_fitpack_parder", "fitpack", _TCK + (
    I32("nux"), I32("nuy"), F64s("x", "mx", const=True), I32("mx"),
    F64s("y", "my", const=True), I32("my"), F64s("z", "mx*my"),
    F64s("wrk", NC + " + (kx + 1 - nux)*mx + (ky + 1 - nuy)*my", work=True),
    Len("lwrk", "wrk"), I32s("iwrk", "mx + my", work=True), Len("kwrk", "iwrk"),
    OutI32("ier", status=True)))

PARDEU = NativeFunction("scijit_fitpack_pardeu", "fitpack", _TCK + (
    I32("nux"), I32("nuy"), F64s("x", "m", const=True), F64s("y", "m", const=True),
    F64s("z", "m"), I32("m"),
    F64s("wrk", NC + " + (kx + 1 - nux)*m + (ky + 1 - nuy)*m", work=True), Len("lwrk", "wrk"),
    I32s("iwrk", "2*m", work=True), Len("kwrk", "iwrk"), OutI32("ier", status=True)))

DBLINT = NativeFunction("scijit_fitpack_dblint", "fitpack", _TCK + (
    F64("xb"), F64("xe"), F64("yb"), F64("ye"),
    F64s("wrk", "nx + ny - kx - ky - 2", work=True, zeroed=True), Len("lwrk", "wrk"),
    OutI32("ier", status=True)), returns="f64")

SURFACE_POINT = NativeFunction("scijit_fitpack_surface_point", "fitpack", _TCK + (
    I32("nux"), I32("nuy"), F64("x"), F64("y"), OutI32("ier", status=True)), returns="f64")

REGRID = NativeFunction("scijit_fitpack_regrid", "fitpack", (
    I32("iopt"), I32("mx"), F64s("x", "mx", const=True), I32("my"),
    F64s("y", "my", const=True), F64s("z", "mx*my", const=True),
    F64("xb"), F64("xe"), F64("yb"), F64("ye"), I32("kx"), I32("ky"), F64("s"),
    I32("nxest"), I32("nyest"), I32("maxit"), InOutI32("nx"), F64s("tx", "nxest"),
    InOutI32("ny"), F64s("ty", "nyest"), F64s("c", NC_EST), OutF64("fp"),
    F64s("wrk", "regrid_lwrk(mx, my, kx, ky, nxest, nyest)", work=True, zeroed=True),
    Len("lwrk", "wrk"),
    I32s("iwrk", "regrid_kwrk(mx, my, nxest, nyest)", work=True, zeroed=True),
    Len("kwrk", "iwrk"), OutI32("ier", status=True)))

SURFIT = NativeFunction("scijit_fitpack_surfit", "fitpack", (
    I32("iopt"), I32("m"), F64s("x", "m", const=True), F64s("y", "m", const=True),
    F64s("z", "m", const=True), F64s("w", "m", const=True),
    F64("xb"), F64("xe"), F64("yb"), F64("ye"), I32("kx"), I32("ky"), F64("s"),
    I32("nxest"), I32("nyest"), I32("nmax"), F64("eps"), InOutI32("nx"), F64s("tx", "nmax"),
    InOutI32("ny"), F64s("ty", "nmax"), F64s("c", NC_EST), OutF64("fp"),
    F64s("wrk1", "surfit_lwrk1(m, kx, ky, nxest, nyest)", work=True, zeroed=True),
    Len("lwrk1", "wrk1"), F64s("wrk2", "surfit_lwrk2(kx, ky, nxest, nyest)"),
    Len("lwrk2", "wrk2"),
    I32s("iwrk", "surfit_kwrk(m, kx, ky, nxest, nyest)", work=True, zeroed=True),
    Len("kwrk", "iwrk"), OutI32("ier", status=True)))

ENTRY_POINTS = {"bispev": BISPEV, "bispeu": BISPEU, "parder": PARDER, "pardeu": PARDEU,
                "dblint": DBLINT, "surface_point": SURFACE_POINT, "regrid": REGRID,
                "surfit": SURFIT, "regrid_lwrk": REGRID_LWRK, "regrid_kwrk": REGRID_KWRK,
                "surfit_lwrk1": SURFIT_LWRK1, "surfit_lwrk2": SURFIT_LWRK2,
                "surfit_kwrk": SURFIT_KWRK}

bispev = native_intrinsic(BISPEV)
bispeu = native_intrinsic(BISPEU)
parder = native_intrinsic(PARDER)
pardeu = native_intrinsic(PARDEU)
dblint = native_intrinsic(DBLINT)
surface_point = native_intrinsic(SURFACE_POINT)
regrid = native_intrinsic(REGRID)
surfit = native_intrinsic(SURFIT)

#: surfit_lwrk1(m, kx, ky, nxest, nyest) -> (lwrk1,): the size function, for a
#: caller that must know before it allocates anything (surfit's largest
#: workspace bounds all its other arrays).
surfit_lwrk1 = native_intrinsic(SURFIT_LWRK1)

#: regrid_outputs(kx, ky, nxest, nyest) -> (tx, ty, c): the arrays regrid fills.
regrid_outputs = workspace(REGRID, ("tx", "ty", "c"))
#: surfit_outputs(kx, ky, nxest, nyest, nmax) -> (tx, ty, c, wrk2): the arrays
#: surfit fills, and the workspace of its first try (see the module docstring).
surfit_outputs = workspace(SURFIT, ("tx", "ty", "c", "wrk2"))
