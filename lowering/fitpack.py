"""FITPACK entry points (1-D): numba intrinsics calling our Fortran by name.

Each intrinsic calls ``scijit_fitpack_<name>`` (see :mod:`.native`); it takes
the C inputs in FITPACK's order and returns the output scalars as a tuple:

``splev(t, n, c, k, x, y, m, e) -> (ier,)``
``splder(t, n, c, k, nu, x, y, m, e, wrk) -> (ier,)``
``spleval(t, n, c, k, nu, x, e) -> (y, ier)``  (scijit's: one point, any nu,
O(log n), no workspace; the same values as splev/splder)
``splint(t, n, c, k, a, b, wrk) -> (integral,)``
``sproot(t, n, c, zero, mest) -> (m, ier)``
``spalde(t, n, c, k1, x, d) -> (ier,)``
``insert(iopt, t, n, c, k, x, tt, cc, nest) -> (nn, ier)``
``curfit(iopt, m, x, y, w, xb, xe, k, s, nest, n, t, c, wrk, lwrk, iwrk)
-> (fp, ier)``  (``n`` is an int32 array of length one, in and out)
``percur(iopt, m, x, y, w, k, s, nest, n, t, c, wrk, lwrk, iwrk) -> (fp, ier)``

Knots and coefficients the Fortran only reads may be read-only arrays (a
spline frozen in a global).  The callers check every size first: the
Fortran checks them again and answers ier = 10 rather than read out of
bounds.
"""
from ._legacy_native import NativeFunction, native_intrinsic

_T = ("const f64*", "i32", "const f64*")          # t, n, c

SPLEV = NativeFunction("scijit_fitpack_splev", "fitpack",
                       _T + ("i32", "const f64*", "f64*", "i32", "i32", "out_i32"))
SPLDER = NativeFunction("scijit_fitpack_splder", "fitpack",
                        _T + ("i32", "i32", "const f64*", "f64*", "i32", "i32", "f64*",
                              "out_i32"))
SPLEVAL = NativeFunction("scijit_fitpack_spleval", "fitpack",
                         _T + ("i32", "i32", "f64", "i32", "out_f64", "out_i32"))
SPLINT = NativeFunction("scijit_fitpack_splint", "fitpack",
                        _T + ("i32", "f64", "f64", "f64*"), returns="f64")
SPROOT = NativeFunction("scijit_fitpack_sproot", "fitpack",
                        _T + ("f64*", "i32", "out_i32", "out_i32"))
SPALDE = NativeFunction("scijit_fitpack_spalde", "fitpack",
                        _T + ("i32", "f64", "f64*", "out_i32"))
INSERT = NativeFunction("scijit_fitpack_insert", "fitpack",
                        ("i32",) + _T + ("i32", "f64", "f64*", "out_i32", "f64*", "i32",
                                         "out_i32"))
_DATA = ("const f64*", "const f64*", "const f64*")   # x, y, w
_FIT = ("i32", "i32*", "f64*", "f64*", "out_f64", "f64*", "i32", "i32*", "out_i32")
CURFIT = NativeFunction("scijit_fitpack_curfit", "fitpack",
                        ("i32", "i32") + _DATA + ("f64", "f64", "i32", "f64") + _FIT)
PERCUR = NativeFunction("scijit_fitpack_percur", "fitpack",
                        ("i32", "i32") + _DATA + ("i32", "f64") + _FIT)

ENTRY_POINTS = {"splev": SPLEV, "splder": SPLDER, "spleval": SPLEVAL, "splint": SPLINT,
                "sproot": SPROOT, "spalde": SPALDE, "insert": INSERT, "curfit": CURFIT,
                "percur": PERCUR}

splev = native_intrinsic(SPLEV)
splder = native_intrinsic(SPLDER)
spleval = native_intrinsic(SPLEVAL)
splint = native_intrinsic(SPLINT)
sproot = native_intrinsic(SPROOT)
spalde = native_intrinsic(SPALDE)
insert = native_intrinsic(INSERT)
curfit = native_intrinsic(CURFIT)
percur = native_intrinsic(PERCUR)
