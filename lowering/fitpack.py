"""FITPACK entry points (1-D): numba intrinsics calling our Fortran by name.

Each entry point ``scijit_fitpack_<name>`` is declared once in the native
table (see :mod:`.native`): every parameter named as the Fortran's dummy,
every array with the size FITPACK needs.  The intrinsics take the inputs in
C order, without the work arrays and lengths the call makes itself, and
return the outputs (then the return value) as a tuple:

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

Knots and coefficients the Fortran only reads may be read-only arrays (a
spline frozen in a global).  Every array is checked against its declared
size before the call; the Fortran checks the lengths it is given again
and answers :data:`~lowering.native.SIZE_ERROR` rather than read out of
bounds.  The workspace formulas are FITPACK's own, exported by the library
as size functions (``curfit_lwrk``, ``percur_lwrk``).
"""
from .native import (F64, I32, F64s, I32s, InOutI32, Len, NativeFunction, OutF64, OutI32,
                     native_intrinsic)
from .sizes import register_size_function


def _size_function(name):
    fn = NativeFunction("scijit_fitpack_" + name, "fitpack",
                        (I32("m"), I32("k"), I32("nest")), returns="i64")
    register_size_function(name, fn)
    return fn


#: m*(k+1) + nest*(7+3k), curfit's wrk (k counted as 1..5, m, nest as >= 0)
CURFIT_LWRK = _size_function("curfit_lwrk")
#: m*(k+1) + nest*(8+5k), percur's wrk (the same conventions)
PERCUR_LWRK = _size_function("percur_lwrk")


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

ENTRY_POINTS = {"splev": SPLEV, "splder": SPLDER, "spleval": SPLEVAL, "splint": SPLINT,
                "sproot": SPROOT, "spalde": SPALDE, "insert": INSERT, "curfit": CURFIT,
                "percur": PERCUR, "curfit_lwrk": CURFIT_LWRK, "percur_lwrk": PERCUR_LWRK}

splev = native_intrinsic(SPLEV)
splder = native_intrinsic(SPLDER)
spleval = native_intrinsic(SPLEVAL)
splint = native_intrinsic(SPLINT)
sproot = native_intrinsic(SPROOT)
spalde = native_intrinsic(SPALDE)
insert = native_intrinsic(INSERT)
curfit = native_intrinsic(CURFIT)
percur = native_intrinsic(PERCUR)
