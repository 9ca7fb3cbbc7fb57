"""interp1d (the Interp1dType) against scipy; PPoly roots/solve; cache and prange for the
interpolators added with them (Pchip, Akima, make_interp_spline, interp1d)."""
import re
import warnings

import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit, prange
from numba.core.errors import NumbaPerformanceWarning
from numba.core.runtime import rtsys

from scijit.interpolate import CubicSpline, PchipInterpolator, interp1d

from checks import assert_close, sweep_params

RTOL = 1e-12
KINDS = ["linear", "nearest", "nearest-up", "zero", "slinear", "quadratic", "cubic", "previous",
         "next", 5]
FILLS = [np.nan, "extrapolate", (-1.5, 2.5), 3.0]


def _data(n=12, seed=1):
    rng = np.random.default_rng(seed)
    x = np.cumsum(rng.uniform(0.3, 1.5, n))
    return x, np.sin(x) + 0.3 * x, rng.permutation(n)


def _close(a, b, rtol=RTOL):
    assert_close(a, b, rtol)


# ---------------------------------------------------------------- shared @njit drivers
@njit
def evaluate(f, xs):
    return f(xs), f(xs[0]), f(xs.reshape((1, xs.size)))


@njit
def njit_build(x, y, kind, fill, bounds):
    return si.interp1d(x, y, kind, bounds_error=bounds, fill_value=fill)


@njit
def njit_build_default(x, y, kind):
    return interp1d(x, y, kind)


@njit
def identity(f):                    # one compilation for every interp1d passed in and out
    return f


def _both(x, y, kind, fill, bounds, jit=True):
    """scijit's interp1d from Python and (``jit``) from @njit (an integer kind is another numba
    type: compiled for one fill_value/bounds_error spelling only, to save compile time)."""
    py = interp1d(x, y, kind=kind, fill_value=fill, bounds_error=bounds)
    if not jit or isinstance(kind, int) and not (bounds is None and isinstance(fill, float)):
        return (py,)
    return py, njit_build(x, y, kind, fill, bounds)


# numba compiles njit_build once per type of (fill_value, bounds_error): 6 for FILLS x (None,
# False).  CI builds inside @njit the pairs below, which reach the fill_value readers of a
# number and of 'extrapolate' and each bounds_error reader (None, a bool) of the chooser: 2
# compilations (the kind is a run-time string; the reader of a (below, above) pair is
# compiled by test_nd_y_inside_njit[pair], and the pair's fill mode runs in the core from the
# Python entry).  The Python entry takes every pair in CI;
# test_every_fill_spelling_built_in_njit (sweep) builds the other pairs inside @njit.
NJIT_IN_CI = {"(nan, None)", "('extrapolate', False)", "(3.0, None)"}


def _njit_in_ci(fill, bounds):
    return repr((fill, bounds)) in NJIT_IN_CI


def _check_kind_and_fill(kind, fill, bounds, jit):
    x, y, perm = _data()
    inside = np.linspace(x[0], x[-1], 37)
    everywhere = np.r_[np.linspace(x[0] - 2, x[-1] + 2, 41), x, np.nan]
    ref = si.interp1d(x[perm], y[perm], kind=kind, fill_value=fill, bounds_error=bounds)
    made = _both(x[perm], y[perm], kind, fill, bounds, jit)
    for f in made:
        assert type(f) is si.interp1d
        assert f.bounds_error == ref.bounds_error
        np.testing.assert_array_equal(f.x, ref.x)
    xs = inside if ref.bounds_error else everywhere
    want = ref(xs)
    for f in made:
        out, first, out2 = evaluate(f, xs)
        _close(out, want)
        np.testing.assert_array_equal(out2, out.reshape(1, -1))
        assert first == out[0] or (np.isnan(first) and np.isnan(out[0]))


# ---------------------------------------------------------------- values
@pytest.mark.parametrize("kind", sweep_params(KINDS, {"linear", "nearest", "cubic", "previous", 5}),
                         ids=str)
def test_every_kind_and_fill(kind):
    for fill in FILLS:
        for bounds in (None, False):
            _check_kind_and_fill(kind, fill, bounds, jit=_njit_in_ci(fill, bounds))


@pytest.mark.sweep
@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_every_fill_spelling_built_in_njit(kind):
    for fill in FILLS:
        for bounds in (None, False):
            if not _njit_in_ci(fill, bounds):
                _check_kind_and_fill(kind, fill, bounds, jit=True)


def test_linear_is_numpy_interp_bit_for_bit():
    x, y, _ = _data(50)
    xs = np.random.default_rng(0).uniform(x[0], x[-1], 1000)
    np.testing.assert_array_equal(evaluate(interp1d(x, y), xs)[0], np.interp(xs, x, y))
    f = interp1d(x, y, fill_value="extrapolate")
    np.testing.assert_array_equal(evaluate(f, xs)[0], si.interp1d(x, y, fill_value="extrapolate")(xs))


def test_defaults_inside_njit_and_assume_sorted():
    x, y, _ = _data()
    for kind in ("linear", "cubic"):
        f = njit_build_default(x, y, kind)
        ref = si.interp1d(x, y, kind=kind)
        assert f.bounds_error is True
        xs = np.linspace(x[0], x[-1], 9)
        _close(evaluate(f, xs)[0], ref(xs))
    f = interp1d(x, y, assume_sorted=True)
    _close(f(x[3] + 0.1), si.interp1d(x, y)(x[3] + 0.1))


def test_scipy_object_in_and_frozen_global():
    x, y, perm = _data()
    xs = np.r_[np.linspace(x[0] - 1, x[-1] + 1, 23), np.nan]
    for kind in KINDS:
        for fill in (np.nan, "extrapolate", (-1.0, 1.0)):
            ref = si.interp1d(x[perm], y[perm], kind=kind, fill_value=fill, bounds_error=False)
            _close(evaluate(ref, xs)[0], ref(xs))
            back = identity(ref)
            assert type(back) is si.interp1d
            _close(back(xs), ref(xs))


TABLE = si.interp1d(np.arange(6.0), np.arange(6.0) ** 2, kind="cubic")


@njit
def _frozen(v):
    return TABLE(v), TABLE


def test_frozen_global():
    value, obj = _frozen(2.5)
    assert value == pytest.approx(float(TABLE(2.5)), rel=1e-14)
    assert type(obj) is si.interp1d and not obj.x.flags.writeable


def test_nd_y_from_python_is_scipys():      # scipy's own class, from Python
    x, _, _ = _data()
    y = np.random.default_rng(2).normal(size=(3, 12))
    f = interp1d(x, y, kind="cubic")
    assert type(f) is si.interp1d
    _close(f(x[2] + 0.3), si.interp1d(x, y, kind="cubic")(x[2] + 0.3))


# ---------------------------------------------------------------- N-D y inside @njit
@njit
def njit_build_nd(x, y, kind, axis, fill, bounds, xs):
    f = si.interp1d(x, y, kind, axis, bounds_error=bounds, fill_value=fill)
    return f, f(xs), f(xs[0, 0]), f(xs[0])


@njit
def evaluate_nd(f, xs):
    return f(xs), f(xs[0, 0]), f


ND_FILLS = [(np.nan, False), ("extrapolate", None), ((-1.5, 2.5), False)]


# njit_build_nd compiles once per type of (fill_value, bounds_error).  CI builds with the
# pair; a number and 'extrapolate' take the same chooser readers as for 1-D y
# (test_every_kind_and_fill), and the N-D evaluation of their fill modes runs on scipy's
# objects in test_nd_y_scipy_objects_inside_njit; building them inside @njit is sweep.
@pytest.mark.parametrize("fill, bounds", sweep_params(ND_FILLS, {((-1.5, 2.5), False)}),
                         ids=["nan", "extrapolate", "pair"])
def test_nd_y_inside_njit(fill, bounds):
    x, _, perm = _data()
    y = np.random.default_rng(8).normal(size=(12, 2, 3))
    xs = np.r_[np.linspace(x[0] - 2, x[-1] + 2, 15), np.nan].reshape(4, 4)
    for axis in (0, 1, -1):
        yy = np.take(np.moveaxis(y, 0, axis), perm, axis=axis)
        for kind in KINDS[:-1]:
            ref = si.interp1d(x[perm], yy, kind, axis, bounds_error=bounds, fill_value=fill)
            f, values, first, row = njit_build_nd(x[perm], yy, kind, axis, fill, bounds, xs)
            assert type(f) is si.interp1d and f.bounds_error == ref.bounds_error
            np.testing.assert_array_equal(f.x, ref.x)
            _close(values, ref(xs))
            _close(first, ref(xs[0, 0]))
            _close(row, ref(xs[0]))
            _close(f(xs), ref(xs))                  # the boxed object is scipy's


def test_nd_y_scipy_objects_inside_njit():
    x, _, perm = _data()
    y = np.random.default_rng(8).normal(size=(12, 2, 3))
    xs = np.r_[np.linspace(x[0] - 2, x[-1] + 2, 15), np.nan].reshape(4, 4)
    inside = np.linspace(x[0], x[-1], 16).reshape(4, 4)
    for axis in (0, 1, -1):
        yy = np.take(np.moveaxis(y, 0, axis), perm, axis=axis)
        for kind in KINDS[:-1]:
            for fill, bounds in ND_FILLS:
                ref = si.interp1d(x[perm], yy, kind, axis, bounds_error=bounds, fill_value=fill)
                if isinstance(ref.fill_value, tuple):       # scipy's object in and out,
                    continue                                # with a fill value, 'extrapolate'
                values, first, back = evaluate_nd(ref, xs)
                _close(values, ref(xs))
                _close(first, ref(xs[0, 0]))
                assert type(back) is si.interp1d
                _close(back(xs), ref(xs))
        ref = si.interp1d(x[perm], yy, "linear", axis)          # bounds_error: scipy's message
        want = "^" + re.escape(_message(lambda: ref(xs))) + "$"
        with pytest.raises(ValueError, match=want):
            evaluate_nd(ref, xs)
        _close(evaluate_nd(ref, inside)[0], ref(inside))


# ---------------------------------------------------------------- errors
def _message(fn, exc=ValueError):
    with pytest.raises(exc) as info:
        fn()
    return str(info.value)


def test_bounds_errors_with_scipys_message():
    x, y, _ = _data()
    ref = si.interp1d(x, y)
    for pts in (np.array([x[1], 100.0]), np.array([x[1], -100.0, 200.0])):
        want = "^" + re.escape(_message(lambda: ref(pts))) + "$"
        for f in (interp1d(x, y), njit_build_default(x, y, "linear")):
            with pytest.raises(ValueError, match=want):
                evaluate(f, pts)
        with pytest.raises(ValueError, match=want):
            evaluate(ref, pts)


ERRORS = {
    "lengths": (np.arange(5.0), np.arange(4.0), "linear", np.nan, None),
    "cubic, 3 points": (np.arange(3.0), np.arange(3.0), "cubic", np.nan, None),
    "slinear, 1 point": (np.arange(1.0), np.arange(1.0), "slinear", np.nan, None),
    "extrapolate and raise": (np.arange(5.0), np.arange(5.0), "linear", "extrapolate", True),
    "previous, extrapolate and raise": (np.arange(5.0), np.arange(5.0), "previous",
                                        "extrapolate", True),
    "negative order": (np.arange(5.0), np.arange(5.0), -1, np.nan, None),
    "duplicates, cubic": (np.array([0.0, 1.0, 1.0, 2.0, 3.0]), np.arange(5.0), "cubic", np.nan,
                          None),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors_from_both_entries(case):
    x, y, kind, fill, bounds = ERRORS[case]
    want = "^" + re.escape(_message(lambda: si.interp1d(x, y, kind=kind, fill_value=fill,
                                                        bounds_error=bounds))) + "$"
    with pytest.raises(ValueError, match=want):
        interp1d(x, y, kind=kind, fill_value=fill, bounds_error=bounds)
    with pytest.raises(ValueError, match=want):
        njit_build(x, y, kind, fill, bounds)


def test_bad_kind_and_fill_value():
    x, y, _ = _data()
    want = _message(lambda: si.interp1d(x, y, kind="spam"), NotImplementedError)
    with pytest.raises(NotImplementedError, match=re.escape(want)):
        interp1d(x, y, kind="spam")
    with pytest.raises(NotImplementedError, match=re.escape(want)):
        njit_build_default(x, y, "spam")
    want = _message(lambda: si.interp1d(x, y, fill_value=(1.0, 2.0, 3.0)))
    with pytest.raises(ValueError, match=re.escape(want)):
        interp1d(x, y, fill_value=(1.0, 2.0, 3.0))


# ---------------------------------------------------------------- roots and solve
@njit
def roots_and_solve(s, y, discontinuity, extrapolate):
    return s.roots(), s.solve(y), s.solve(y, discontinuity, extrapolate), s.roots(False, False)


# roots_and_solve compiles once per spline class (a numba type each); the roots are found by
# the same code for every class.  CI runs CubicSpline and PPoly (PchipInterpolator's roots
# inside @njit: test_roots_of_splines_built_in_njit, test_nrt_allocations_balance).
@pytest.mark.parametrize("cls", sweep_params(["CubicSpline", "PPoly", "PchipInterpolator",
                                              "Akima1DInterpolator"], {"CubicSpline", "PPoly"}))
def test_roots_and_solve_match_scipy(cls):
    x, y, _ = _data(20)
    y = np.sin(2 * x) + 0.1
    rng = np.random.default_rng(4)
    splines = [si.CubicSpline(x, y), si.PchipInterpolator(x, y), si.Akima1DInterpolator(x, y),
               si.CubicSpline(x, y, extrapolate="periodic"),
               si.CubicSpline(x, y).antiderivative(2),                     # degree 5
               si.PPoly(rng.normal(size=(6, 8)), np.arange(9.0)),
               si.PPoly(rng.normal(size=(2, 8)), np.arange(9.0)),          # linear pieces
               si.PPoly(rng.normal(size=(3, 8)), -np.arange(9.0)),         # quadratic, descending
               si.PPoly(np.zeros((4, 3)), np.arange(4.0)),                 # identically zero
               si.PPoly(np.r_[np.zeros((3, 4)), np.ones((1, 4))], np.arange(5.0))]
    splines = [s for s in splines if type(s).__name__ == cls]
    assert splines
    for s in splines:
        got = roots_and_solve(s, 0.3, False, True)
        want = (s.roots(), s.solve(0.3), s.solve(0.3, False, True), s.roots(False, False))
        for g, w in zip(got, want):
            _close(g, w)


def test_roots_of_splines_built_in_njit():
    x, y, _ = _data(15)

    @njit
    def build_and_solve(x, y):
        return PchipInterpolator(x, y).solve(1.0), CubicSpline(x, y).roots()
    a, b = build_and_solve(x, y)
    _close(a, si.PchipInterpolator(x, y).solve(1.0))
    _close(b, si.CubicSpline(x, y).roots())


# ---------------------------------------------------------------- prange, NRT, cache
def _many_body(f, p, xs):
    out = np.empty(xs.size)
    for i in prange(xs.size):
        out[i] = f(xs[i]) + p(xs[i], 1)
    return out


_many = njit(_many_body)
_many_parallel = njit(parallel=True)(_many_body)


def test_prange_evaluation_equals_serial():
    """interp1d and a piecewise polynomial (PchipInterpolator: the PPoly family's evaluation,
    which test_spline.py's CubicSpline loop repeats in the sweep) in a parallel loop."""
    x, y, _ = _data(30)
    f = interp1d(x, y, kind="cubic", bounds_error=False)
    p = PchipInterpolator(x, y)
    xs = np.linspace(x[0] - 1, x[-1] + 1, 4001)
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)     # really parallel
        par = _many_parallel(f, p, xs)
    np.testing.assert_array_equal(par, _many(f, p, xs))
    _close(_many(f, p, xs), f(xs) + p(xs, 1))


@njit
def _churn(x, y, xs, times):
    total = 0.0
    for _ in range(times):
        f = interp1d(x, y, "quadratic", bounds_error=False, fill_value=0.0)
        total += f(xs).sum() + f(xs[0]) + PchipInterpolator(x, y).roots().sum()
    return total


def test_nrt_allocations_balance():
    x, y, _ = _data(12)
    xs = np.linspace(0, 3, 17)
    _churn(x, y, xs, 1)
    before = rtsys.get_allocation_stats()
    _churn(x, y, xs, 100)
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc > 100
    assert after.alloc - before.alloc == after.free - before.free
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free


CACHED = """
import numpy as np
import scipy.interpolate as si
from numba import njit
from scijit.interpolate import (Akima1DInterpolator, CubicSpline, PchipInterpolator, interp1d,
                                make_interp_spline)

X = np.linspace(0, 6, 9)
TABLE = si.interp1d(X, np.cos(X), kind="cubic")
SPLINE = CubicSpline(X, np.sin(X))

@njit(cache=True)
def build(x, y, v):
    p = PchipInterpolator(x, y)
    a = Akima1DInterpolator(x, y, method="makima")
    b = make_interp_spline(x, y, k=3, bc_type="natural")
    f = interp1d(x, y, "cubic", fill_value="extrapolate")
    return p(v), a(v), b(v), f(v), p.roots()[0], TABLE(v), SPLINE(v) + SPLINE.integrate(0.0, v)

@njit(cache=True)
def use(f, s, v):
    return f(v), s(v), s.derivative(1)(v)

r = build(X, np.sin(X) - 0.5, 2.5)
u = use(si.interp1d(X, np.sin(X)), si.CubicSpline(X, np.cos(X)), 2.5)
print("RESULT", repr(r + u))
for f in (build, use):
    print("HITS", f.__name__, sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()))
"""


def test_cache_true_in_a_second_process(run_python):
    """The PPoly family's and interp1d's cache=True test: built inside, passed in (scipy's
    objects), frozen in globals.  (test_spline.py's CubicSpline test, which this one's
    CubicSpline calls repeat, is sweep.)"""
    # the snippet's functions are cached next to it (a fresh directory): the
    # second process loads them; scijit's own helpers come from its cache
    first = run_python(CACHED)
    second = run_python(CACHED)
    assert "Cannot cache" not in first.stderr + second.stderr
    hits = [line for line in second.stdout.splitlines() if line.startswith("HITS")]
    assert hits == ["HITS build 1 0", "HITS use 1 0"], second.stdout
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0]
    x = np.linspace(0, 6, 9)
    y = np.sin(x) - 0.5
    table = si.CubicSpline(x, np.sin(x))
    want = (float(si.PchipInterpolator(x, y)(2.5)),
            float(si.Akima1DInterpolator(x, y, method="makima")(2.5)),
            float(si.make_interp_spline(x, y, bc_type="natural")(2.5)),
            float(si.interp1d(x, y, "cubic", fill_value="extrapolate")(2.5)),
            float(si.PchipInterpolator(x, y).roots()[0]),
            float(si.interp1d(x, np.cos(x), kind="cubic")(2.5)),
            float(table(2.5) + table.integrate(0.0, 2.5)),
            float(si.interp1d(x, np.sin(x))(2.5)))
    got = eval(second.stdout.splitlines()[0].split(" ", 1)[1])
    _close(np.array(got[:8]), np.array(want))
    ref = si.CubicSpline(x, np.cos(x))                  # scipy's evaluation order, bit for bit
    assert got[8:] == (float(ref(2.5)), float(ref.derivative()(2.5)))


def test_copy_attribute_as_scipy():
    x, y, _ = _data()
    for copy in (True, False):
        assert interp1d(x, y, copy=copy).copy is si.interp1d(x, y, copy=copy).copy
    assert njit_build_default(x, y, "linear").copy is si.interp1d(x, y).copy is True
