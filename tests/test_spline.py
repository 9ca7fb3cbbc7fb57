"""The Spline type and scijit.interpolate (CubicSpline, PPoly, BSpline) against scipy.

Compile time is the cost here: a few @njit callers are shared by every
parametrised case (bc_type is a compile-time constant, so the @njit builder
compiles once per bc_type, not per case).
"""
import re
import warnings

import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit, prange
from numba.core.errors import NumbaPerformanceWarning
from numba.core.runtime import rtsys

from scijit.interpolate import BSpline, CubicSpline, PPoly
from scijit.optimize import fsolve

from checks import sweep_params

RTOL = 1e-12

BC_TYPES = ["not-a-knot", "natural", "clamped", "periodic", ((1, 0.3), (2, -1.0)),
            ((2, 0.5), "not-a-knot"), ("clamped", (1, 2.0))]


def _data(n, periodic=False):
    x = np.cumsum(np.r_[0.0, np.random.default_rng(n).uniform(0.3, 1.5, n - 1)])
    y = np.sin(x) + 0.3 * x
    if periodic:
        y[-1] = y[0]
    return x, y


def _close(a, b, rtol=RTOL):
    a, b = np.asarray(a, float), np.asarray(b, float)
    assert a.shape == b.shape
    assert np.array_equal(np.isnan(a), np.isnan(b))
    ok = ~np.isnan(b)
    scale = max(1.0, np.abs(b[ok]).max(initial=0.0))
    err = np.abs(a[ok] - b[ok]).max(initial=0.0)
    assert err <= rtol * scale, err


# ---------------------------------------------------------------- shared @njit callers
@njit
def evaluate(s, xs, nu):
    """scalar and array calls, and array calls of other ranks."""
    out = s(xs, nu)
    first = s(xs[0], nu)
    return out, first, s(xs.reshape((1, xs.size)), nu)


@njit
def njit_cubic(x, y, bc):           # a string argument: retyped as a literal by numba
    return si.CubicSpline(x, y, bc_type=bc)


_BUILDERS = {}


def build_in_njit(x, y, bc):
    """CubicSpline built inside @njit with ``bc`` written as a constant."""
    if isinstance(bc, str):
        return njit_cubic(x, y, bc)
    if repr(bc) not in _BUILDERS:
        scope = {"njit": njit, "CubicSpline": CubicSpline}
        exec("@njit\ndef build(x, y):\n    return CubicSpline(x, y, bc_type=%r)\n" % (bc,), scope)
        _BUILDERS[repr(bc)] = scope["build"]
    return _BUILDERS[repr(bc)](x, y)


@njit
def methods(s, nu, a, b):
    return s.derivative(nu), s.antiderivative(nu), s.integrate(a, b)


@njit
def attributes(s):
    return s.x, s.c, s.extrapolate, s.axis


@njit
def identity(s):
    return s


# ---------------------------------------------------------------- CubicSpline
def test_reference_number():
    x = np.linspace(0, 6, 7)
    s = CubicSpline(x, np.sin(x))
    assert type(s) is si.CubicSpline
    ref = si.CubicSpline(x, np.sin(x))(2.5)
    value = evaluate(s, np.array([2.5]), 0)[1]
    assert value == ref                      # scipy's evaluation order, bit for bit
    # The 0.5987436865244009 is Horner's order: one ulp from scipy's.
    assert abs(value - 0.5987436865244009) <= np.spacing(0.5987436865244009)


@pytest.mark.parametrize("bc", BC_TYPES, ids=str)
def test_cubic_spline_every_bc_type(bc):
    periodic = bc == "periodic"
    for n in (2, 3, 4, 5, 12):
        x, y = _data(n, periodic)
        ref = si.CubicSpline(x, y, bc_type=bc)
        py = CubicSpline(x, y, bc_type=bc)
        jit = build_in_njit(x, y, bc)
        for s in (py, jit):
            assert type(s) is si.CubicSpline
            assert s.extrapolate == ref.extrapolate and s.axis == ref.axis
            _close(s.c, ref.c)
            np.testing.assert_array_equal(s.x, ref.x)
        np.testing.assert_array_equal(py.c, jit.c)        # both entries: identical
        xs = np.linspace(x[0] - 1.0, x[-1] + 1.0, 41)
        for nu in range(4):
            out, first, out2d = evaluate(py, xs, nu)
            _close(out, ref(xs, nu))
            assert first == out[0]
            np.testing.assert_array_equal(out2d, out.reshape(1, -1))


def test_large_spline_builds_in_linear_time():
    x = np.linspace(0.0, 100.0, 100_000)
    s = CubicSpline(x, np.sin(x))
    _close(s.c, si.CubicSpline(x, np.sin(x)).c, 1e-9)


@pytest.mark.parametrize("extrapolate", [True, False, "periodic"])
def test_extrapolation_modes(extrapolate):
    x, y = _data(9, periodic=True)
    ref = si.CubicSpline(x, y, extrapolate=extrapolate)
    s = CubicSpline(x, y, extrapolate=extrapolate)
    assert s.extrapolate == ref.extrapolate
    assert attributes(s)[2] == {False: 0, True: 1, "periodic": 2}[extrapolate]
    xs = np.r_[np.linspace(x[0] - 7.0, x[-1] + 9.0, 57), x, np.nan]
    for nu in range(4):
        _close(evaluate(s, xs, nu)[0], ref(xs, nu))


def test_extrapolate_argument_of_a_call():
    x, y = _data(7, periodic=True)
    s = si.CubicSpline(x, y)
    xs = np.linspace(x[0] - 3.0, x[-1] + 3.0, 23)

    @njit
    def calls(s, xs):
        return s(xs, 0, False), s(xs, 1, True), s(xs, 0, "periodic"), s(xs[0], 2, "periodic")
    got = calls(s, xs)
    _close(got[0], s(xs, 0, False))
    _close(got[1], s(xs, 1, True))
    _close(got[2], s(xs, 0, "periodic"))
    _close(got[3], s(xs[0], 2, "periodic"))


@pytest.mark.parametrize("nu", [0, 1, 2, 3, 5])
def test_derivative_antiderivative_integrate(nu):
    x, y = _data(10, periodic=True)
    for extrapolate in (True, False, "periodic"):
        ref = si.CubicSpline(x, y, extrapolate=extrapolate)
        d, a, integral = methods(CubicSpline(x, y, extrapolate=extrapolate), nu, 0.3, x[-1] + 2.5)
        for got, want in ((d, ref.derivative(nu)), (a, ref.antiderivative(nu))):
            assert type(got) is type(want) is si.CubicSpline
            assert got.extrapolate == want.extrapolate
            _close(got.c, want.c)
        _close(integral, ref.integrate(0.3, x[-1] + 2.5))
    ref = si.CubicSpline(x, y, extrapolate="periodic")
    for a, b in ((4.0, -7.5), (x[0], x[-1]), (2.0, 2.0), (-30.0, 41.0)):
        _close(methods(ref, nu, a, b)[2], ref.integrate(a, b))


def test_negative_derivative_order_is_antiderivative():
    x, y = _data(6)
    ref = si.CubicSpline(x, y)
    d, a, _ = methods(ref, -2, 0.0, 1.0)
    _close(d.c, ref.derivative(-2).c)
    _close(a.c, ref.antiderivative(-2).c)


# ---------------------------------------------------------------- PPoly, BSpline
def test_ppoly_ascending_and_descending():
    rng = np.random.default_rng(3)
    c = rng.normal(size=(5, 6))
    for x in (np.sort(rng.uniform(0, 5, 7)), -np.sort(rng.uniform(0, 5, 7))):
        ref = si.PPoly(c, x)
        p = PPoly(c, x)
        assert type(p) is si.PPoly and p.c is not None
        xs = np.linspace(-6.0, 6.0, 37)
        for nu in range(6):
            _close(evaluate(p, xs, nu)[0], ref(xs, nu))
        _close(methods(p, 2, -1.0, 3.0)[2], ref.integrate(-1.0, 3.0))

    @njit
    def make(c, x):
        return si.PPoly(c, x, extrapolate=False)
    q = make(c, x)
    assert type(q) is si.PPoly and q.extrapolate is False
    np.testing.assert_array_equal(q.c, c)


@njit
def make_bspline(t, c, k):          # one compilation for every k (a run-time value)
    s = si.BSpline(t, c, k)
    return s, s.t, s.k


@pytest.mark.parametrize("k", [0, 1, 2, 3, 5])
def test_bspline(k):
    x = np.linspace(0.0, 4.0, 11)
    b = si.make_interp_spline(x, np.cos(x), k=k)
    xs = np.r_[np.linspace(-1.0, 5.0, 47), np.nan]
    for extrapolate in (True, False, "periodic"):
        ref = si.BSpline(b.t, b.c, b.k, extrapolate=extrapolate)
        mine = BSpline(b.t, b.c, b.k, extrapolate=extrapolate)
        assert type(mine) is si.BSpline and mine.extrapolate == ref.extrapolate
        for nu in range(k + 2):
            _close(evaluate(mine, xs, nu)[0], ref(xs, nu))
    s, t, kk = make_bspline(b.t, b.c, k)
    assert type(s) is si.BSpline and kk == k and s.extrapolate is True
    np.testing.assert_array_equal(t, b.t)


# ---------------------------------------------------------------- Python boundary
def test_round_trip_returns_an_equal_scipy_object():
    x, y = _data(8)
    objects = [si.CubicSpline(x, y, bc_type="natural", extrapolate="periodic"),
               si.PPoly(np.ones((3, 7)), x, extrapolate=False),
               si.PchipInterpolator(x, y), si.Akima1DInterpolator(x, y),
               si.make_interp_spline(x, y, k=3)]
    for obj in objects:
        back = identity(obj)
        assert type(back) is type(obj)
        assert back.extrapolate == obj.extrapolate and back.axis == obj.axis
        for name in ("x", "c", "t"):
            if hasattr(obj, name) and not (name == "t" and not isinstance(obj, si.BSpline)):
                assert getattr(back, name) is getattr(obj, name)     # views, no copy
        xs = np.linspace(x[0], x[-1], 9)
        np.testing.assert_array_equal(back(xs), obj(xs))


def test_scipy_object_in_scipy_object_out():
    x, y = _data(8)
    p = si.PchipInterpolator(x, y)
    xs, cs, ext, axis = attributes(p)
    assert xs is p.x and cs is p.c and ext == 1 and axis == 0


# methods compiles once per class: a PchipInterpolator's derivative, antiderivative and
# integral keep the class in CI in test_pchip_akima.py's
# test_derivative_antiderivative_integrate_keep_the_class; here they are sweep.
@pytest.mark.sweep
def test_scipy_object_methods_keep_the_class():
    x, y = _data(8)
    p = si.PchipInterpolator(x, y)
    d, a, integral = methods(p, 1, 0.5, 3.0)
    assert type(d) is si.PchipInterpolator and type(a) is si.PchipInterpolator
    _close(d.c, p.derivative().c)
    _close(a.c, p.antiderivative().c)
    _close(integral, p.integrate(0.5, 3.0))


x_table = np.linspace(0, 6, 7)
table = CubicSpline(x_table, np.sin(x_table))


@njit
def resid(v):
    return np.array([table(v[0]) - 0.5])


def test_frozen_global_in_fsolve_callback():
    root = fsolve(resid, np.array([0.4]))
    assert abs(root[0] - 0.49774486) < 5e-9
    np.testing.assert_allclose(table(root[0]), 0.5, atol=1e-12)

    @njit
    def frozen():
        return table
    out = frozen()
    assert type(out) is si.CubicSpline and not out.c.flags.writeable
    np.testing.assert_array_equal(out.c, table.c)


CACHED = """
import numpy as np
import scipy.interpolate as si
from numba import njit
from scijit.interpolate import CubicSpline

X = np.linspace(0, 6, 7)
TABLE = CubicSpline(X, np.sin(X))

@njit(cache=True)
def with_argument(s, v):
    return s(v), s.derivative(1)(v)

@njit(cache=True)
def with_global(v):
    return TABLE(v) + TABLE.integrate(0.0, v)

a = with_argument(si.CubicSpline(X, np.cos(X)), 2.5)
b = with_global(2.5)
print("RESULT", repr(a), repr(b))
for f in (with_argument, with_global):
    print("HITS", f.__name__, sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()))
"""


# CubicSpline's cache=True in CI: test_interp1d.py::test_cache_true_in_a_second_process, the
# PPoly family's (a CubicSpline passed in with its derivative, one frozen in a global with
# its integral, besides PchipInterpolator, Akima1DInterpolator, make_interp_spline).
@pytest.mark.sweep
def test_cache_true_in_a_second_process(run_python):
    # the snippet's functions are cached next to it (a fresh directory): the second process
    # loads them; scijit's own helpers come from its cache (a NUMBA_CACHE_DIR of the test's
    # own made the first process compile all of those too, ~11 s)
    first = run_python(CACHED)
    second = run_python(CACHED)
    assert "Cannot cache" not in first.stderr + second.stderr
    lines = [l for l in second.stdout.splitlines() if l.startswith("HITS")]
    assert lines == ["HITS with_argument 1 0", "HITS with_global 1 0"], second.stdout
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0]
    x = np.linspace(0, 6, 7)
    ref = si.CubicSpline(x, np.cos(x))
    assert repr((float(ref(2.5)), float(ref.derivative()(2.5)))) in second.stdout


def test_scipy_names_compile_in_njit_without_importing_scijit(run_python):
    out = run_python("""
        import numpy as np
        import scipy.interpolate as si
        from numba import njit

        @njit
        def f(s, v):
            return s(v), si.CubicSpline(np.arange(4.0), np.arange(4.0) ** 2)(1.5)
        x = np.linspace(0, 6, 7)
        print(repr(f(si.CubicSpline(x, np.sin(x)), 2.5)))
    """).stdout.strip()
    assert out == "(0.598743686524401, 2.25)"


def _many_body(s, xs):
    out = np.empty(xs.size)
    for i in prange(xs.size):
        out[i] = s(xs[i]) + s(xs[i], 1)
    return out


_many = njit(_many_body)
_many_parallel = njit(parallel=True)(_many_body)


# The PPoly family's evaluation in a parallel loop: test_interp1d.py's loop (a
# PchipInterpolator, the same code with another class) in CI, this one in the sweep.
@pytest.mark.sweep
def test_prange_evaluation_equals_serial():
    x, y = _data(30)
    s = CubicSpline(x, y)
    xs = np.linspace(x[0] - 1, x[-1] + 1, 5001)
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)     # really parallel
        par = _many_parallel(s, xs)
    np.testing.assert_array_equal(par, _many(s, xs))
    np.testing.assert_array_equal(_many(s, xs), s(xs) + s(xs, 1))


@njit
def _churn(x, y, xs, times):
    total = 0.0
    for _ in range(times):
        s = CubicSpline(x, y)
        total += s(xs).sum() + s.derivative(2)(xs[0]) + s.antiderivative(1).integrate(0.0, 1.0)
    return total


def test_nrt_allocations_balance():
    x, y = _data(12)
    xs = np.linspace(0, 3, 17)
    s = si.CubicSpline(x, y)
    _churn(x, y, xs, 1)
    methods(s, 1, 0.0, 1.0)
    before = rtsys.get_allocation_stats()
    _churn(x, y, xs, 200)
    for _ in range(50):
        methods(s, 1, 0.0, 1.0)
        identity(s)
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc > 200
    assert after.alloc - before.alloc == after.free - before.free
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free


# ---------------------------------------------------------------- errors (scipy's wording)
def _scipy_message(fn):
    with pytest.raises(ValueError) as info:
        fn()
    return str(info.value)


ERROR_CASES = {
    "not increasing": (np.array([0.0, 2.0, 1.0, 3.0]), np.arange(4.0), "not-a-knot"),
    "nan in x": (np.array([0.0, np.nan, 1.0, 3.0]), np.arange(4.0), "not-a-knot"),
    "lengths": (np.arange(5.0), np.arange(4.0), "not-a-knot"),
    "bad bc_type": (np.arange(5.0), np.arange(5.0), "clumped"),
    "bad order": (np.arange(5.0), np.arange(5.0), ((3, 0.0), "natural")),
    "periodic y": (np.arange(5.0), np.arange(5.0), "periodic"),
    "mixed periodic": (np.arange(5.0), np.arange(5.0), ("periodic", "natural")),
}


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_errors_have_scipy_wording_from_both_entries(case):
    x, y, bc = ERROR_CASES[case]
    want = _scipy_message(lambda: si.CubicSpline(x, y, bc_type=bc))
    with pytest.raises(ValueError, match="^" + re.escape(want) + "$"):
        CubicSpline(x, y, bc_type=bc)
    with pytest.raises(ValueError, match="^" + re.escape(want) + "$"):
        build_in_njit(x, y, bc)


def test_bspline_and_ppoly_errors():
    t = np.array([0.0, 1.0, 2.0])
    want = _scipy_message(lambda: si.BSpline(t, np.ones(3), 3))
    with pytest.raises(ValueError, match=re.escape(want)):
        BSpline(t, np.ones(3), 3)
    want = _scipy_message(lambda: si.PPoly(np.ones((2, 3)), [0.0, 1.0]))
    with pytest.raises(ValueError, match=re.escape(want)):
        PPoly(np.ones((2, 3)), [0.0, 1.0])
    with pytest.raises(ValueError, match="Order of derivative cannot be negative"):
        evaluate(si.PPoly(np.ones((2, 3)), [0.0, 1.0, 2.0, 3.0]), np.ones(2), -1)


# ---------------------------------------------------------------- N-D values (y of 3+ dims)
def _nd_data(n, trailing, axis, seed=0, periodic=False):
    """x (n,) and y with the interpolation axis at ``axis`` and the others ``trailing``."""
    x, _ = _data(n)
    y = np.random.default_rng(seed).normal(size=(n,) + trailing)
    if periodic:
        y[-1] = y[0]
    return x, np.moveaxis(y, 0, axis)


def _strided(y):
    """``y``'s values in an array that is not contiguous (numba's layout 'A', whatever the
    axis: one compilation of a caller for every axis)."""
    wide = np.zeros(y.shape + (2,))
    wide[..., 0] = y
    return wide[..., 0]


@njit
def ppoly_nd(s, xs, nu, a, b):
    """Every method of a piecewise polynomial with N-D values, x of three ranks."""
    return (s(xs, nu), s(xs[0, 0], nu), s(xs[0], nu, False), s.derivative(nu),
            s.antiderivative(nu), s.integrate(a, b), s.roots(), s.solve(0.2, False, True))


def check_ppoly_nd(s, nu=1, a=0.4, b=20.0):
    """ppoly_nd of the scipy object ``s`` (built by scipy or by scijit) equals scipy's."""
    xs = np.r_[np.linspace(s.x[0] - 1.0, s.x[-1] + 1.0, 11), np.nan].reshape(3, 4)
    values, first, row, d, anti, integral, roots, solved = ppoly_nd(s, xs, nu, a, b)
    _close(values, s(xs, nu))
    _close(first, s(xs[0, 0], nu))
    _close(row, s(xs[0], nu, False))
    for got, want in ((d, s.derivative(nu)), (anti, s.antiderivative(nu))):
        assert type(got) is type(want) and got.axis == want.axis
        assert got.extrapolate == want.extrapolate
        _close(got.c, want.c)
    _close(integral, s.integrate(a, b))
    # roots/solve: a typed List of 1-D arrays, scipy's object array in C order
    for got, want in ((roots, s.roots()), (solved, s.solve(0.2, False, True))):
        assert want.shape == s.c.shape[2:] and len(got) == want.size
        for g, w in zip(got, want.ravel()):
            _close(g, w)


@njit
def build_cubic_nd(x, y, axis):
    return (si.CubicSpline(x, y, axis), si.CubicSpline(x, y, axis, "clamped", False),
            si.PPoly(np.ones((3, x.size - 1) + y.shape[1:]), x, None, 0))


def test_nd_values_inside_njit():
    trailing = (2, 3)       # c of 5 dims: test_ppoly_nd_coefficients_with_axis
    for axis in range(len(trailing) + 1):
        x, y = _nd_data(8, trailing, axis, seed=axis)
        y = _strided(y)     # y not contiguous (test_cubic_spline_order_value_bc_with_nd_y: C)
        ours = build_cubic_nd(x, y, axis)
        refs = (si.CubicSpline(x, y, axis), si.CubicSpline(x, y, axis, "clamped", False),
                si.PPoly(np.ones((3, x.size - 1) + y.shape[1:]), x, None, 0))
        for got, want in zip(ours, refs):
            assert type(got) is type(want) and got.axis == want.axis
            assert got.extrapolate == want.extrapolate
            _close(got.c, want.c)
            np.testing.assert_array_equal(got.x, want.x)
        check_ppoly_nd(refs[0])             # scipy's object in, scipy's objects out
        check_ppoly_nd(ours[0], nu=2, a=-3.0, b=5.0)    # built in @njit
    x, y = _nd_data(9, trailing, -1, periodic=True)
    yp = np.moveaxis(np.moveaxis(y, -1, 0), 0, -1)
    check_ppoly_nd(si.CubicSpline(x, yp, axis=-1, bc_type="periodic"), nu=0, a=-9.0, b=31.0)


@njit
def make_ppoly(c, x, axis):
    return si.PPoly(c, x, False, axis)


def _ppoly_nd_with_axis():
    """(axis, c, x, PPoly(c, x, False, axis) built inside @njit) for axis 0, 1, 2."""
    rng = np.random.default_rng(4)
    x = np.sort(rng.uniform(0, 5, 6))
    for axis in (0, 1, 2):
        shape = [2, 3, 2]                   # y's shape: (k+1, m) inserted at axis
        c = rng.normal(size=tuple(shape[:axis] + [4, 5] + shape[axis:]))
        yield axis, c, x, make_ppoly(c, x, axis)


def test_ppoly_nd_coefficients_with_axis():
    for axis, c, x, got in _ppoly_nd_with_axis():
        ref = si.PPoly(c, x, False, axis)
        assert type(got) is si.PPoly and got.axis == axis and got.extrapolate is False
        np.testing.assert_array_equal(got.c, ref.c)
    want = _scipy_message(lambda: si.PPoly(c, x, False, 3))
    with pytest.raises(ValueError, match="^" + re.escape(want) + "$"):
        make_ppoly(c, x, 3)


# ppoly_nd compiles once per class: a PPoly's N-D methods run the code CubicSpline's run in
# test_nd_values_inside_njit (the axis is a run-time value), so sweep.
@pytest.mark.sweep
def test_ppoly_nd_methods_with_axis():
    for _, _, _, got in _ppoly_nd_with_axis():
        check_ppoly_nd(got, nu=1, a=0.5, b=4.0)


@njit
def bspline_nd(s, xs, nu, c, axis):
    return s(xs, nu), s(xs[0, 0], nu), s(xs[0], nu), si.BSpline(s.t, c, s.k, False, axis)


# bspline_nd compiles once per ndim of c: CI runs c of 3 dims, 4 dims is sweep.
@pytest.mark.parametrize("trailing", sweep_params([((2, 3),), ((3, 1, 2),)], {((2, 3),)}),
                         ids=str)
def test_bspline_nd_values(trailing):
    for axis in range(len(trailing) + 1):
        x, y = _nd_data(9, trailing, axis, seed=5)
        for k in (1, 3):
            ref = si.make_interp_spline(x, y, k=k, axis=axis)
            xs = np.r_[np.linspace(x[0] - 1.0, x[-1] + 1.0, 11), np.nan].reshape(3, 4)
            c = np.moveaxis(ref.c, 0, axis)           # BSpline(t, c, k, axis=axis) is ref
            for nu in (0, 1, k + 1):
                values, first, row, again = bspline_nd(ref, xs, nu, c, axis)
                _close(values, ref(xs, nu))
                _close(first, ref(xs[0, 0], nu))
                _close(row, ref(xs[0], nu))
            want = si.BSpline(ref.t, c, k, False, axis)
            for s in (again, BSpline(ref.t, c, k, False, axis)):
                assert type(s) is si.BSpline and s.axis == axis and s.extrapolate is False
                np.testing.assert_array_equal(s.c, want.c)
            _close(again(xs), want(xs))


@njit
def cubic_bc_nd(x, y, axis, v0, v1):
    return (si.CubicSpline(x, y, axis, ((1, v0), (2, v1))),
            si.CubicSpline(x, y, axis, ("not-a-knot", (1, v1))))


def test_cubic_spline_order_value_bc_with_nd_y():
    for axis in (0, 1, 2):
        x, y = _nd_data(7, (2, 3), axis, seed=7)
        y = np.ascontiguousarray(y)         # one layout: one compilation of cubic_bc_nd
        trailing = y.shape[:axis] + y.shape[axis + 1:]
        rng = np.random.default_rng(axis)
        v0, v1 = rng.normal(size=trailing), rng.normal(size=trailing)
        got = cubic_bc_nd(x, y, axis, v0, v1)
        for i, bc in enumerate((((1, v0), (2, v1)), ("not-a-knot", (1, v1)))):
            ref = si.CubicSpline(x, y, axis, bc)
            py = CubicSpline(x, y, axis, bc)
            for s in (py, got[i]):
                assert type(s) is si.CubicSpline and s.axis == ref.axis
                _close(s.c, ref.c)
            np.testing.assert_array_equal(py.c, got[i].c)      # both entries: identical
    bad = np.ones(trailing[::-1])
    want = _scipy_message(lambda: si.CubicSpline(x, y, axis, ((1, bad), (2, v1))))
    assert "`deriv_value` shape" in want
    with pytest.raises(ValueError, match="^" + re.escape(want) + "$"):
        CubicSpline(x, y, axis, ((1, bad), (2, v1)))
    with pytest.raises(ValueError, match="^" + re.escape(want) + "$"):
        cubic_bc_nd(x, y, axis, bad, v1)


@njit
def bspline_methods(s, nu, a, b):
    return s.derivative(nu), s.antiderivative(nu), s.integrate(a, b), s.integrate(b, a, True)


def _check_bspline_methods(s, nu, a, b):
    d, anti, integral, back = bspline_methods(s, nu, a, b)
    for got, want in ((d, s.derivative(nu)), (anti, s.antiderivative(nu))):
        assert type(got) is si.BSpline and got.k == want.k and got.axis == want.axis
        assert got.extrapolate == want.extrapolate
        _close(got.t, want.t)
        _close(got.c, want.c)
    _close(integral, s.integrate(a, b))
    _close(back, s.integrate(b, a, True))


@pytest.mark.parametrize("k", [1, 3, 5])
def test_bspline_derivative_antiderivative_integrate(k):
    x, y = _data(11, periodic=True)
    b = si.make_interp_spline(x, y, k=k, bc_type="periodic" if k > 1 else None)
    for extrapolate in (True, False, "periodic"):
        s = si.BSpline(b.t, b.c, k, extrapolate=extrapolate)
        for nu in (1, k, -1, 0):
            _check_bspline_methods(s, nu, 0.7, x[-1] + 9.3)
        _check_bspline_methods(s, 1, x[-1] - 0.5, -20.0)
    _, yn = _nd_data(11, (2, 3), 1, seed=9)
    s = si.make_interp_spline(x, yn, k=k, axis=1)
    for nu in (1, -1):
        _check_bspline_methods(s, nu, 0.7, x[-1] + 9.3)
    want = _scipy_message(lambda: s.derivative(k + 1))
    with pytest.raises(ValueError, match="^" + re.escape(want) + "$"):
        bspline_methods(s, k + 1, 0.0, 1.0)


# ---------------------------------------------------------------- shapes checked on entry
_X6 = np.linspace(0.0, 1.0, 6)
_SHORT_PPOLY = si.PPoly.construct_fast(np.ones((4, 3)), _X6)           # 3 intervals for 5
_SHORT_BSPLINE = si.BSpline.construct_fast(np.r_[0, 0, 0, 0, 0.5, 1, 1, 1, 1.0], np.ones(3), 3)


@njit
def _eval_at(spl, x):
    return spl(x)


@njit
def _frozen_short_bspline(x):
    return _SHORT_BSPLINE(x)


def test_objects_whose_arrays_do_not_fit_are_refused_on_entry():
    """construct_fast checks nothing: a c shorter than x (or than the knots
    need) would be read past its end; it is refused before compiled code
    runs, with scipy's message for PPoly (scipy raises it on the same call)."""
    with pytest.raises(ValueError) as want:
        _SHORT_PPOLY(0.5)
    with pytest.raises(ValueError) as got:
        _eval_at(_SHORT_PPOLY, 0.5)
    assert str(got.value) == str(want.value)
    for call in (lambda: _eval_at(_SHORT_BSPLINE, 0.5), lambda: _frozen_short_bspline(0.5)):
        with pytest.raises(ValueError, match="need at least 5 coefficients"):
            call()
    good = si.CubicSpline(_X6, _X6 ** 2)
    assert _eval_at(good, 0.5) == good(0.5)
