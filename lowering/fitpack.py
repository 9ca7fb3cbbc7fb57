"""FITPACK's entry points: the native table of libscijit_fitpack.so and its intrinsics.

Each entry point ``scijit_fitpack_<name>`` is declared once below (see
:mod:`.native`): every parameter named as the Fortran's dummy, every array
with the size FITPACK needs.  The intrinsics take the inputs in C order,
without the work arrays and lengths the call makes itself, and return the
outputs (then the return value) as a tuple.  Knots, coefficients and data
the Fortran only reads may be read-only arrays (a spline frozen in a
global).  Every array is checked against its declared size before the call;
the Fortran checks the lengths it is given again and answers
:data:`~lowering.native.SIZE_ERROR` rather than read out of bounds.  The
workspace formulas are FITPACK's own, exported by the library as size
functions (``curfit_lwrk``, ``percur_lwrk``, ``fpcurf_lwrk``, ``regrid_lwrk``,
``regrid_kwrk``, ``surfit_lwrk1``, ``surfit_lwrk2``, ``surfit_kwrk``).

Curves (splrep, splev and the rest of scipy's FITPACK functions)
----------------------------------------------------------------
``splev(t, n, c, k, x, y, m, e) -> (ier,)``
``splder(t, n, c, k, nu, x, y, m, e) -> (ier,)``
``spleval(t, n, c, k, nu, x, e) -> (y, ier)``  (scijit's: one point, any nu,
O(log n), no workspace; the same values as splev/splder)
``splint(t, n, c, k, a, b, wrk) -> (ier, integral)``  (integral NaN and
ier = 10 if the knots are too few for k)
``sproot(t, n, c, zero, mest) -> (m, ier)``
``spalde(t, n, c, k1, x, d) -> (ier,)``
``insert(iopt, t, n, c, k, x, tt, cc, nest) -> (nn, ier)``
``curfit(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c) -> (n, fp, ier)``
``percur(iopt, m, x, y, w, k, s, nest, n, t, c) -> (n, fp, ier)``

(curfit's and percur's ``n`` is given, read for iopt = -1, and returned;
their ``wrk`` and ``iwrk`` are made by the call: iopt = 1, which continues
from a state kept in them, cannot be used through these intrinsics.)

The UnivariateSpline family
---------------------------
``fpcurf(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, fpint, nrdata, ier_in)
-> (n, fp, ier)``: curfit's algorithm with its state arrays, as scipy's
UnivariateSpline calls it (iopt 0, 1 to continue from the saved state, -1
for given knots); ``n`` is given (read for iopt -1 and 1) and returned,
``ier_in`` is the ier of the fit being continued (FITPACK reads it for
iopt 1; give 0 otherwise).  Its workspace is made by the call.

``fpchec(x, m, t, n, k) -> (ier,)``: 0 if the knots suit the data, else
scipy's condition code.

Surfaces (RectBivariateSpline, bisplrep, bisplev)
-------------------------------------------------
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
``pardtc(tx, nx, ty, ny, c, kx, ky, nux, nuy, newc) -> (ier,)``: newc
(:data:`pardtc_outputs`) receives in its first (nx-nux-kx-1)*(ny-nuy-ky-1)
elements the coefficients of the (nux, nuy) partial derivative (scipy's
RectBivariateSpline.partial_derivative); ier = 10 for orders outside
0 <= nu < k or too few knots.

``nx``/``ny`` of regrid and surfit are int32 scalars given and returned
(:class:`~.native.InOutI32`: read for iopt = -1, written otherwise).  The
arrays a caller keeps come from :data:`regrid_outputs`,
:data:`surfit_outputs` and :data:`pardtc_outputs` (one block each,
FITPACK's sizes); surfit's ``wrk2`` is among them because FITPACK may answer
ier > 10, the ``lwrk2`` it needs for a rank-deficient system, and scipy then
calls again with that much.
"""
from .native import (F64, I32, F64s, I32s, InOutI32, Len, NativeFunction, OutF64, OutI32,
                     native_intrinsic)
from .sizes import register_size_function
from .workspace import workspace


def _size_function(name, params):
    """A FITPACK workspace formula exported by the library (int32 parameters,
    an int64 result), usable by name in size expressions."""
    fn = NativeFunction("scijit_fitpack_" + name, "fitpack", tuple(I32(p) for p in params),
                        returns="i64")
    register_size_function(name, fn)
    return fn


# ---------------------------------------------------------------- curves
#: m*(k+1) + nest*(7+3k), curfit's wrk (k counted as 1..5, m, nest as >= 0)
CURFIT_LWRK = _size_function("curfit_lwrk", ("m", "k", "nest"))
#: m*(k+1) + nest*(8+5k), percur's wrk (the same conventions)
PERCUR_LWRK = _size_function("percur_lwrk", ("m", "k", "nest"))


def _tck(c_size="n - k - 1"):
    """t, n, c: the knots and the coefficients FITPACK reads."""
    return (F64s("t", "n", const=True), I32("n"), F64s("c", c_size, const=True))


SPLEV = NativeFunction("scijit_fitpack_splev", "fitpack", _tck() + (
    I32("k"), F64s("x", "m", const=True), F64s("y", "m"), I32("m"), I32("e"),
    OutI32("ier", status=True)))

SPLDER = NativeFunction("scijit_fitpack_splder", "fitpack", _tck() + (
    I32("k"), I32("nu"), F64s("x", "m", const=True), F64s("y", "m"), I32("m"), I32("e"),
    F64s("wrk", "n", work=True), OutI32("ier", status=True)))

SPLEVAL = NativeFunction("scijit_fitpack_spleval", "fitpack", _tck() + (
    I32("k"), I32("nu"), F64("x"), I32("e"), OutF64("y"), OutI32("ier", status=True)))

SPLINT = NativeFunction("scijit_fitpack_splint", "fitpack", _tck() + (
    I32("k"), F64("a"), F64("b"), F64s("wrk", "n - k - 1"), Len("lwrk", "wrk"),
    OutI32("ier", status=True)), returns="f64")

SPROOT = NativeFunction("scijit_fitpack_sproot", "fitpack", _tck("n - 4") + (
    F64s("zero", "mest"), I32("mest"), OutI32("m"), OutI32("ier", status=True)))

SPALDE = NativeFunction("scijit_fitpack_spalde", "fitpack", _tck("n - k1") + (
    I32("k1"), F64("x"), F64s("d", "k1"), OutI32("ier", status=True)))

INSERT = NativeFunction("scijit_fitpack_insert", "fitpack", (I32("iopt"),) + _tck() + (
    I32("k"), F64("x"), F64s("tt", "nest"), OutI32("nn"), F64s("cc", "nest"),
    I32("nest", min="n + 1"), OutI32("ier", status=True)))

_DATA = (F64s("x", "m", const=True), F64s("y", "m", const=True), F64s("w", "m", const=True))

CURFIT = NativeFunction("scijit_fitpack_curfit", "fitpack", (I32("iopt"), I32("m")) + _DATA + (
    F64("xb"), F64("xe"), I32("k"), F64("s"), I32("nest"), InOutI32("n"), F64s("t", "nest"),
    F64s("c", "nest"), OutF64("fp"), F64s("wrk", "curfit_lwrk(m, k, nest)", work=True),
    Len("lwrk", "wrk"), I32s("iwrk", "nest", work=True, zeroed=True),
    OutI32("ier", status=True)))

PERCUR = NativeFunction("scijit_fitpack_percur", "fitpack", (I32("iopt"), I32("m")) + _DATA + (
    I32("k"), F64("s"), I32("nest"), InOutI32("n"), F64s("t", "nest"), F64s("c", "nest"),
    OutF64("fp"), F64s("wrk", "percur_lwrk(m, k, nest)", work=True), Len("lwrk", "wrk"),
    I32s("iwrk", "nest", work=True, zeroed=True), OutI32("ier", status=True)))

splev = native_intrinsic(SPLEV)
splder = native_intrinsic(SPLDER)
spleval = native_intrinsic(SPLEVAL)
splint = native_intrinsic(SPLINT)
sproot = native_intrinsic(SPROOT)
spalde = native_intrinsic(SPALDE)
insert = native_intrinsic(INSERT)
curfit = native_intrinsic(CURFIT)
percur = native_intrinsic(PERCUR)


# ---------------------------------------------------------------- the UnivariateSpline family
#: nest*3*(k+2) + m*(k+1), fpcurf's wrk (k counted as 1..5, m, nest as >= 0)
FPCURF_LWRK = _size_function("fpcurf_lwrk", ("m", "k", "nest"))

FPCURF = NativeFunction("scijit_fitpack_fpcurf", "fitpack", (
    I32("iopt"), I32("m"), F64s("x", "m", const=True), F64s("y", "m", const=True),
    F64s("w", "m", const=True), F64("xb"), F64("xe"), I32("k"), F64("s"), I32("nest"),
    InOutI32("n"), F64s("t", "nest"), F64s("c", "nest"), OutF64("fp"), F64s("fpint", "nest"),
    I32s("nrdata", "nest"), F64s("wrk", "fpcurf_lwrk(m, k, nest)", work=True, zeroed=True),
    Len("lwrk", "wrk"), I32("ier_in"), OutI32("ier", status=True)))

FPCHEC = NativeFunction("scijit_fitpack_fpchec", "fitpack", (
    F64s("x", "m", const=True), I32("m"), F64s("t", "n", const=True), I32("n"), I32("k")),
    returns="i32")

fpcurf = native_intrinsic(FPCURF)
fpchec = native_intrinsic(FPCHEC)


# ---------------------------------------------------------------- surfaces
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


PARDTC = NativeFunction("scijit_fitpack_pardtc", "fitpack", (
    F64s("tx", "nx", const=True), I32("nx"), F64s("ty", "ny", const=True), I32("ny"),
    F64s("c", NC, const=True), Len("nc_in", "c"), I32("kx"), I32("ky"), I32("nux"),
    I32("nuy"), F64s("newc", NC), Len("nc", "newc"), OutI32("ier", status=True)))

pardtc = native_intrinsic(PARDTC)

#: pardtc_outputs(nx, ny, kx, ky) -> (newc,)
pardtc_outputs = workspace(PARDTC, ("newc",))
