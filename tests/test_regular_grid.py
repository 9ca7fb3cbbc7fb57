"""RegularGridInterpolator and interpn (the RegularGridType) against scipy 1.17.

Oracle: scipy's own objects; for 'slinear'/'cubic'/'quintic' scipy with
``solver=spsolve`` (scijit solves the collocation system exactly, scipy's
default gcrotmk only to ``atol=1e-6``).  'linear', 'nearest' and 'pchip'
follow scipy's operation order and are compared bit for bit.

Compile time: the @njit drivers are few and take their data (scipy objects,
grids, points) as arguments, so one compiled driver covers every method,
fill value and bounds setting.
"""
import re
import warnings

import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit, prange
from numba.core.errors import NumbaPerformanceWarning
from numba.core.runtime import rtsys
from scipy.sparse.linalg import spsolve

import scijit.interpolate as sj

from checks import sweep_params

METHODS = ["linear", "nearest", "slinear", "cubic", "quintic", "pchip"]
SPLINES = ("slinear", "cubic", "quintic")
EXACT = ("linear", "nearest", "pchip")
SIZES = (7, 8, 6)


def _grid(nd, seed=0, descending=()):
    rng = np.random.default_rng(seed)
    points = []
    for d in range(nd):
        p = np.cumsum(rng.uniform(0.2, 1.0, SIZES[d])) - 1.0
        points.append(p[::-1].copy() if d in descending else p)
    values = rng.normal(size=tuple(SIZES[:nd]))
    return tuple(points), values


def _xi(points, n=40, seed=1, pad=0.4):
    """Random points inside and outside, grid nodes, the corners, a NaN row."""
    rng = np.random.default_rng(seed)
    cols = []
    for p in points:
        lo, hi = min(p[0], p[-1]), max(p[0], p[-1])
        c = np.concatenate([rng.uniform(lo - pad, hi + pad, n), p[:5], [lo, hi, lo, hi]])
        cols.append(c)
    m = min(len(c) for c in cols)
    xi = np.stack([c[:m] for c in cols], axis=-1)
    xi[3, 0] = np.nan          # (a NaN in a later coordinate makes scipy's pchip raise)
    return xi


def _scipy(points, values, method, **kw):
    if method in SPLINES:
        kw["solver"] = spsolve
    return si.RegularGridInterpolator(points, values, method=method, **kw)


def _check(got, ref, method):
    got = np.asarray(got)
    assert got.shape == ref.shape
    if method in EXACT:
        np.testing.assert_array_equal(got, ref)
    else:
        scale = np.nanmax(np.abs(ref)) if np.isfinite(ref).any() else 1.0
        np.testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-12 * max(scale, 1.0))


def _message(func, *args, **kw):
    with pytest.raises(ValueError) as info:
        func(*args, **kw)
    return str(info.value)


# ---------------------------------------------------------------- Python entries
@pytest.mark.parametrize("fill", [np.nan, 1.5, None], ids=["nan", "number", "None"])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("nd", [1, 2, 3])
def test_python_entries_match_scipy(nd, method, fill):
    points, values = _grid(nd)
    xi = _xi(points)
    ref = _scipy(points, values, method, bounds_error=False, fill_value=fill)(xi)
    _check(sj.interpn(points, values, xi, method=method, bounds_error=False, fill_value=fill),
           ref, method)
    obj = sj.RegularGridInterpolator(points, values, method=method, bounds_error=False,
                                     fill_value=fill)
    assert type(obj) is si.RegularGridInterpolator
    assert obj.method == method
    _check(obj(xi), ref, method)


@pytest.mark.parametrize("method", METHODS)
def test_descending_nonuniform_trailing_values(method):
    points, values = _grid(2, seed=3, descending=(1,))
    values = np.stack([values, 2 * values - 1], axis=-1)          # trailing dimension
    xi = _xi(points, seed=4)
    ref = _scipy(points, values, method, bounds_error=False, fill_value=None)(xi)
    got = sj.interpn(points, values, xi, method=method, bounds_error=False, fill_value=None)
    assert got.shape == (xi.shape[0], 2)
    _check(got, ref, method)
    obj = sj.RegularGridInterpolator(points, values, method=method, bounds_error=False,
                                     fill_value=None)
    assert obj._descending_dimensions == (1,)
    _check(obj(xi), ref, method)


def test_xi_spellings():
    points, values = _grid(2)
    xi = _xi(points, seed=5)[4:16]
    ref = si.interpn(points, values, xi, bounds_error=False)
    grid_shaped = xi.reshape(3, 4, 2)
    np.testing.assert_array_equal(sj.interpn(points, values, grid_shaped, bounds_error=False),
                                  ref.reshape(3, 4))
    np.testing.assert_array_equal(sj.interpn(points, values, (xi[:, 0], xi[:, 1]),
                                             bounds_error=False), ref)
    np.testing.assert_array_equal(sj.interpn(points, values, xi.ravel(), bounds_error=False),
                                  ref)
    one = sj.interpn((points[0],), values[:, 0], xi[:, 0], bounds_error=False)
    np.testing.assert_array_equal(one, si.interpn((points[0],), values[:, 0], xi[:, 0],
                                                  bounds_error=False))


def test_length_one_dimensions_and_integer_values():
    x = np.array([0.0])
    y = np.linspace(0, 10, 11)
    values = (5 * x[:, None] - 3 * y[None, :]).astype(np.int64)
    xi = np.array([[0.0, 0.5], [1.0, 0.5], [0.0, 9.25]])
    for method in ("linear", "nearest"):
        for fill in (42, None):
            ref = si.interpn((x, y), values, xi, method=method, bounds_error=False,
                             fill_value=fill)
            np.testing.assert_array_equal(
                sj.interpn((x, y), values, xi, method=method, bounds_error=False,
                           fill_value=fill), ref)


def test_default_solver_is_an_approximation_of_ours():
    points, values = _grid(2)
    xi = _xi(points)
    ours = sj.interpn(points, values, xi, method="cubic", bounds_error=False)
    theirs = si.interpn(points, values, xi, method="cubic", bounds_error=False)
    np.testing.assert_allclose(ours, theirs, atol=1e-4)


def _error_cases():
    points, values = _grid(2)
    x, y = points
    xi = _xi(points)
    bad = (np.array([0.0, 2.0, 1.0, 3.0]), y[:4])
    return [
        ("not-monotonic", (bad, values[:4, :4]), {}),
        ("too-few-points", ((x[:3], y), values[:3]), {"method": "cubic"}),
        ("too-few-quintic", ((x, y[:5]), values[:, :5]), {"method": "quintic"}),
        ("shape-mismatch", ((x, y[:7]), values), {}),
        ("too-many-points", ((x, y, y), values), {}),
        ("method", (points, values), {"method": "spline"}),
        ("fill-complex", (points, values), {"fill_value": 1j}),
        ("out-of-bounds", (points, values), {"xi": xi}),
        ("xi-dimension", (points, values), {"xi": np.zeros((3, 3))}),
    ]


@pytest.mark.parametrize("case", _error_cases(), ids=lambda c: c[0])
def test_errors_have_scipys_wording(case):
    _, args, kw = case
    kw = dict(kw)
    xi = kw.pop("xi", np.zeros((1, len(args[0]))))
    if kw.get("method") == "spline":
        want = _message(si.interpn, *args, xi, **kw)
        assert _message(sj.interpn, *args, xi, **kw) == want
        kw_rgi = dict(kw)
        assert (_message(sj.RegularGridInterpolator, *args, **kw_rgi)
                == _message(si.RegularGridInterpolator, *args, **kw_rgi))
        return
    want = _message(si.interpn, *args, xi, **kw)
    assert _message(sj.interpn, *args, xi, **kw) == want


def test_pchip_nan_in_a_later_coordinate_raises_as_scipy():
    points, values = _grid(2)
    xi = np.array([[1.0, np.nan]])
    want = _message(si.interpn, points, values, xi, method="pchip", bounds_error=False)
    assert _message(sj.interpn, points, values, xi, method="pchip", bounds_error=False) == want
    xi = np.array([[np.nan, 1.0]])
    np.testing.assert_array_equal(
        sj.interpn(points, values, xi, method="pchip", bounds_error=False), [np.nan])


def test_solver_and_complex_values_are_handed_to_scipy():
    points, values = _grid(2)
    xi = _xi(points)[:10]
    obj = sj.RegularGridInterpolator(points, values + 1j, method="linear", bounds_error=False)
    np.testing.assert_array_equal(obj(xi), si.RegularGridInterpolator(
        points, values + 1j, bounds_error=False)(xi))
    obj = sj.RegularGridInterpolator(points, values, method="cubic", solver=spsolve,
                                     bounds_error=False)
    np.testing.assert_allclose(obj(xi), _scipy(points, values, "cubic", bounds_error=False)(xi),
                               rtol=1e-13, atol=1e-13)



class _IndexableOnly:
    """scipy's test_duck_typed_values object: indexable, with no array representation."""

    def __init__(self, v):
        self.ndim, self.shape, self._v = v.ndim, v.shape, v

    def __getitem__(self, idx):
        return self._v[idx]

    def __array_interface__(self):
        return None

    def __array__(self, dtype=None, copy=None):
        raise RuntimeError("No array representation")


@pytest.mark.parametrize("method", ["linear", "nearest"])
def test_duck_typed_values_are_handed_to_scipy(method):
    # numpy cannot convert them (scipy's linear and nearest methods only index them)
    points, values = _grid(2)
    xi = _xi(points)[:10]
    duck = _IndexableOnly(values)
    want = si.interpn(points, duck, xi, method=method, bounds_error=False)
    got = sj.RegularGridInterpolator(points, duck, method=method, bounds_error=False)(xi)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(
        sj.interpn(points, duck, xi, method=method, bounds_error=False), want)

# ---------------------------------------------------------------- inside @njit
@njit
def _call(interp, xi):
    return interp(xi)


# _call compiles once per number of dimensions: CI runs 2 (scipy's 2-D fast path) and 3 (the
# general loop over dimensions, which 1 takes too: sweep).
@pytest.mark.parametrize("nd", sweep_params([1, 2, 3], {2, 3}))
def test_scipy_objects_in_njit(nd):
    """Objects built by scijit (exact splines) and by scipy itself (its gcrotmk
    coefficients are used as they are), every method and fill, in one driver."""
    points, values = _grid(nd, seed=nd, descending=(0,))
    xi = _xi(points)
    for method in METHODS:
        for fill in (np.nan, -2.0, None):
            ref = _scipy(points, values, method, bounds_error=False, fill_value=fill)
            ours = sj.RegularGridInterpolator(points, values, method=method,
                                              bounds_error=False, fill_value=fill)
            _check(_call(ours, xi), ref(xi), method)
            theirs = si.RegularGridInterpolator(points, values, method=method,
                                                bounds_error=False, fill_value=fill)
            _check(_call(theirs, xi), theirs(xi), method)


def test_bounds_error_inside_njit_has_scipys_wording():
    points, values = _grid(2)
    xi = _xi(points)
    for method in ("linear", "cubic"):
        obj = sj.RegularGridInterpolator(points, values, method=method)
        want = _message(si.RegularGridInterpolator(points, values, method=method), xi)
        assert _message(_call, obj, xi) == want
        inside = xi[5:8]
        _check(_call(obj, inside), _scipy(points, values, method)(inside), method)
    want = _message(si.RegularGridInterpolator(points, values), np.zeros((2, 3)))
    assert _message(_call, sj.RegularGridInterpolator(points, values), np.zeros((2, 3))) == want


@njit
def _build(points, values, xi):
    interp = sj.RegularGridInterpolator(points, values, method="cubic", bounds_error=False,
                                        fill_value=None)
    return interp, interp(xi), interp(xi, "pchip")


def test_built_in_njit_boxes_to_scipy():
    points, values = _grid(2, descending=(1,))
    xi = _xi(points)
    obj, got, got_pchip = _build(points, values, xi)
    assert type(obj) is si.RegularGridInterpolator and obj.method == "cubic"
    ref = _scipy(points, values, "cubic", bounds_error=False, fill_value=None)
    _check(got, ref(xi), "cubic")
    _check(obj(xi), ref(xi), "cubic")
    _check(got_pchip, _scipy(points, values, "pchip", bounds_error=False,
                             fill_value=None)(xi), "pchip")
    np.testing.assert_array_equal(obj.grid[1], np.sort(points[1]))
    # construction errors with scipy's wording, raised inside @njit
    x, y = points
    bad = (np.array([0.0, 2.0, 1.0, 3.0]), y)
    assert (_message(_build, bad, values[:4], xi)
            == _message(si.RegularGridInterpolator, bad, values[:4]))
    assert (_message(_build, (x[:3], y), values[:3], xi)
            == _message(si.RegularGridInterpolator, (x[:3], y), values[:3], method="cubic"))


@njit
def _build_complex(points, values, xi, fill):
    cub = sj.RegularGridInterpolator(points, values, method="cubic", bounds_error=False,
                                     fill_value=fill)
    return cub, cub(xi, "linear"), cub(xi)


@njit
def _pchip_complex(points, values):
    return si.RegularGridInterpolator(points, values, method="pchip")


def test_complex_values_inside_njit():
    """Real and imaginary parts interpolated apart (every method but pchip is
    linear in the values): scipy's complex results, NaN rows nan+0j, a complex
    fill_value; objects box to scipy's with complex values and come back."""
    points, plain = _grid(2, seed=5, descending=(1,))
    plain = plain + 1j * _grid(2, seed=6)[1]
    xi = _xi(points)
    for fill in (complex(np.nan), 2.0 - 3.0j):   # scipy's 2-D fast path (linear)
        _check(_interpn(points, plain, xi, False, fill),
               si.interpn(points, plain, xi, bounds_error=False, fill_value=fill), "linear")
    values = np.stack([plain, 2.0 * plain.conj()], axis=-1)     # trailing values
    for fill in (complex(np.nan), 2.0 - 3.0j):       # one type: one compilation
        kw = dict(bounds_error=False, fill_value=fill)
        cub, got_l, got_c = _build_complex(points, values, xi, fill)
        _check(got_l, si.RegularGridInterpolator(points, values, **kw)(xi), "linear")
        _check(got_c, _scipy(points, values, "cubic", **kw)(xi), "cubic")
        assert type(cub) is si.RegularGridInterpolator and np.iscomplexobj(cub.values)
        _check(cub(xi), got_c, "cubic")
        _check(_call(cub, xi), got_c, "cubic")
        theirs = si.RegularGridInterpolator(points, values, method="cubic", **kw)
        _check(_call(theirs, xi), theirs(xi), "cubic")
    assert (_message(_pchip_complex, points, values)
            == _message(si.RegularGridInterpolator, points, values, method="pchip"))


@njit
def _interpn(points, values, xi, bounds_error, fill_value):
    return sj.interpn(points, values, xi, bounds_error=bounds_error, fill_value=fill_value)


@njit
def _interpn_pchip_tuple(points, values, xi):
    return si.interpn(points, values, (xi[:, 0], xi[:, 1], xi[:, 2]), method="pchip",
                      bounds_error=False, fill_value=None)


# _interpn compiles once per number of dimensions; the method, the fill value and
# bounds_error are run-time values of one compiled kernel.  CI runs 2 (scipy's 2-D fast path;
# 3 dimensions: _interpn_pchip_tuple below, test_prange_equals_serial), 3 is sweep.
@pytest.mark.parametrize("nd", sweep_params([2, 3], {2}))
def test_interpn_inside_njit(nd):
    points, values = _grid(nd, seed=7, descending=(nd - 1,))
    xi = _xi(points)
    for fill in (np.nan, 3.0):
        ref = si.interpn(points, values, xi, bounds_error=False, fill_value=fill)
        np.testing.assert_array_equal(_interpn(points, values, xi, False, fill), ref)
    want = _message(si.interpn, points, values, xi)
    assert _message(_interpn, points, values, xi, True, np.nan) == want


def test_interpn_xi_tuple_inside_njit():
    points, values = _grid(3, seed=8)
    xi = _xi(points)
    np.testing.assert_array_equal(
        _interpn_pchip_tuple(points, values, xi),
        si.interpn(points, values, xi, method="pchip", bounds_error=False, fill_value=None))


@njit
def _interpn_splinef2d(points, values, xi, bounds_error, fill_value):
    return si.interpn(points, values, xi, method="splinef2d", bounds_error=bounds_error,
                      fill_value=fill_value)


@njit
def _interpn_splinef2d_none(points, values, xi, bounds_error):
    return si.interpn(points, values, xi, method="splinef2d", bounds_error=bounds_error,
                      fill_value=None)


def test_interpn_splinef2d_inside_njit():
    """scipy's RectBivariateSpline route: our regrid and bispeu, NaN/outside
    points filled, the shape of xi's leading dimensions, scipy's errors."""
    points, values = _grid(2, seed=3)
    xi = _xi(points)
    for fill in (np.nan, 3.0):
        ref = si.interpn(points, values, xi, method="splinef2d", bounds_error=False,
                         fill_value=fill)
        _check(_interpn_splinef2d(points, values, xi, False, fill), ref, "cubic")
    inside = xi[np.isfinite(xi).all(axis=1)]
    inside = inside[(inside >= [p[0] for p in points]).all(axis=1)
                    & (inside <= [p[-1] for p in points]).all(axis=1)]
    inside = inside[:inside.shape[0] // 2 * 2]
    ref = si.interpn(points, values, inside.reshape(-1, 2, 2), method="splinef2d")
    got = _interpn_splinef2d_none(points, values, inside.reshape(-1, 2, 2), True)
    assert got.shape == ref.shape
    _check(got, ref, "cubic")
    # the arguments have the types the drivers were compiled for above (C-contiguous values,
    # xi of 2 dimensions, of 3 with fill_value None): scipy's checks come first
    desc = (points[0][::-1].copy(), points[1])
    three = _grid(3)
    for args, bounds in (((points, values, xi), True),
                         ((points, values, inside.reshape(-1, 2, 2)), False),
                         ((desc, values[::-1].copy(), inside), True),
                         ((points, values, np.zeros((2, 3))), True),
                         ((three[0], three[1], np.zeros((2, 3))), True),
                         (((points[0],), values, np.zeros((2, 1))), True)):
        fill = None if not bounds else np.nan
        want = _message(si.interpn, *args, method="splinef2d", bounds_error=bounds,
                        fill_value=fill)
        got = (_message(_interpn_splinef2d_none, *args, False) if fill is None else
               _message(_interpn_splinef2d, *args, bounds, fill))
        assert got == want


@njit
def _changed_and_nu(lin, cub, xi):
    return lin(xi, "cubic"), cub(xi, nu=(1, 0)), cub(xi, nu=np.array([0, 2]))


def test_method_changed_at_call_and_derivatives():
    points, values = _grid(2, seed=9)
    xi = _xi(points)
    lin = sj.RegularGridInterpolator(points, values, bounds_error=False)
    cub = sj.RegularGridInterpolator(points, values, method="cubic", bounds_error=False)
    a, b, c = _changed_and_nu(lin, cub, xi)
    ref = _scipy(points, values, "cubic", bounds_error=False)
    _check(a, ref(xi), "cubic")
    _check(b, ref(xi, nu=(1, 0)), "cubic")
    _check(c, ref(xi, nu=(0, 2)), "cubic")
    _check(cub(xi, nu=(1, 0)), ref(xi, nu=(1, 0)), "cubic")      # scipy's object, our spline
    want = _message(si.RegularGridInterpolator(points, values, bounds_error=False), xi,
                    nu=(1, 0))
    assert _message(_changed_and_nu, lin, lin, xi) == want


_POINTS, _VALUES = _grid(2, seed=13)
TABLE = si.RegularGridInterpolator(_POINTS, _VALUES, method="pchip", bounds_error=False,
                                   fill_value=0.5)


@njit
def _from_global(xi):
    return TABLE(xi)


def test_global_interpolator_is_frozen():
    xi = _xi(_POINTS)
    _check(_from_global(xi), TABLE(xi), "pchip")


# ---------------------------------------------------------------- prange, NRT, cache
def _many_body(interp, xi):
    out = np.empty(xi.shape[0])
    for i in prange(xi.shape[0]):
        out[i] = interp(xi[i:i + 1])[0]
    return out


_many = njit(_many_body)
_many_parallel = njit(parallel=True)(_many_body)


def test_prange_equals_serial():
    points, values = _grid(3, seed=11)
    xi = _xi(points, n=400)
    xi = xi[~np.isnan(xi).any(axis=1)]
    for method in ("linear", "cubic", "pchip"):
        obj = sj.RegularGridInterpolator(points, values, method=method, bounds_error=False,
                                         fill_value=None)
        with warnings.catch_warnings():
            warnings.simplefilter("error", NumbaPerformanceWarning)   # really parallel
            par = _many_parallel(obj, xi)
        np.testing.assert_array_equal(par, _many(obj, xi))
        _check(par, obj(xi), method)


def test_nrt_allocations_balance():
    points, values = _grid(2, seed=12)
    xi = _xi(points)
    objs = [sj.RegularGridInterpolator(points, values, method=m, bounds_error=False)
            for m in ("linear", "quintic", "pchip")]
    for o in objs:
        _call(o, xi)
    before = rtsys.get_allocation_stats()
    for _ in range(30):
        for o in objs:
            _call(o, xi)
        _build(points, values, xi)
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc > 100
    assert after.alloc - before.alloc == after.free - before.free
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free


CACHED = """
import numpy as np
import scipy.interpolate as si
from numba import njit
from scijit.interpolate import RegularGridInterpolator, interpn

@njit(cache=True)
def build(x, y, v, xi):
    r = RegularGridInterpolator((x, y), v, method="cubic", bounds_error=False, fill_value=None)
    return r(xi), interpn((x, y), v, xi, method="pchip")

x = np.linspace(0, 3, 7)
y = np.linspace(-1, 1, 6)
v = np.sin(x)[:, None] * np.cos(y)[None, :]
xi = np.array([[0.5, 0.25], [2.9, -0.9]])
a, b = build(x, y, v, xi)
print("RESULT", repr(a.tolist()), repr(b.tolist()))
print("HITS", sum(build.stats.cache_hits.values()), sum(build.stats.cache_misses.values()))
"""


def test_cache_true_in_a_second_process(run_python):
    first = run_python(CACHED)
    second = run_python(CACHED)
    assert "Cannot cache" not in first.stderr + second.stderr
    assert "HITS 1 0" in second.stdout, second.stdout
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0]
    x = np.linspace(0, 3, 7)
    y = np.linspace(-1, 1, 6)
    v = np.sin(x)[:, None] * np.cos(y)[None, :]
    xi = np.array([[0.5, 0.25], [2.9, -0.9]])
    line = second.stdout.splitlines()[0]
    a, b = re.findall(r"\[[^\[\]]*\]", line)
    _check(np.array(eval(a)), _scipy((x, y), v, "cubic", bounds_error=False,
                                     fill_value=None)(xi), "cubic")
    np.testing.assert_array_equal(np.array(eval(b)), si.interpn((x, y), v, xi, method="pchip"))
