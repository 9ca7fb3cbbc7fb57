"""UnivariateSpline, InterpolatedUnivariateSpline and LSQUnivariateSpline on
our fpcurf against scipy.

scipy's FITPACK is the oracle.  Our Fortran follows its order of operations
and is called the way scipy's f2py wrappers call fpcurf, so knots,
coefficients, the residual and the saved state (fpint, nrdata, ier) are
compared at 1e-12 relative (they are in fact bit-identical), the class scipy
moves the object into must match, and every method must give scipy's values
from both entries.
"""
import warnings

import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit, prange
from numba.core.errors import NumbaPerformanceWarning

from scijit.interpolate import (InterpolatedUnivariateSpline, LSQUnivariateSpline,
                                UnivariateSpline)

from checks import run_cached_twice

RNG = np.random.default_rng(5)
M = 40
X = np.sort(RNG.uniform(0.0, 10.0, M))
Y = np.sin(X) + 0.1 * RNG.standard_normal(M)
W = RNG.uniform(0.5, 2.0, M)
KNOTS = np.array([1.5, 3.0, 4.2, 6.0, 8.1])
XE = np.array([-1.0, X[0], 0.7, 2.5, 5.0, 5.5, 7.25, X[-1], 11.0])
XIN = np.array([X[0], 0.7, 2.5, 5.0, 7.25, X[-1]])
# s values: None (scipy's m), interpolation, a smoothing fit, one that needs
# scipy's nest retry (fpcurf0 ends with ier = 1), one that ends with ier = 3
# (warns), and one large enough for the least-squares polynomial (ier = -2).
S_VALUES = [None, 0.0, 0.5, 0.05, 1e-9, 100.0]
RTOL = 1e-12


# ---------------------------------------------------------------- comparison
def _close(a, b, what):
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape, (what, a.shape, b.shape)
        np.testing.assert_allclose(a, b, rtol=RTOL, atol=1e-300, err_msg=what, equal_nan=True)
    elif isinstance(a, float) or isinstance(b, float):
        np.testing.assert_allclose(a, b, rtol=RTOL, atol=1e-300, err_msg=what, equal_nan=True)
    else:
        assert a == b, (what, a, b)


def _state_parts(data):
    """The parts of the saved state fpcurf reads back when it continues (the
    rest is f2py's uninitialised cache): fpint(n-1), fpint(n), nrdata(n) and
    the data counts nrdata(1..nrint) of the knot intervals.  An interpolating
    fit (n = m+k+1) leaves them unset in scipy (Dierckx's locals)."""
    k, n = data[5], data[7]
    if n == len(data[0]) + k + 1:
        return np.zeros(0), np.zeros(0)
    nrint = n - 2 * (k + 1) + 1
    return data[11][[n - 2, n - 1]], np.concatenate((data[12][:nrint], data[12][[n - 1]]))


def same_spline(ours, ref):
    """ours is scipy's object reconstructed by scijit: same class, ext,
    _spline_class, _data (to 1e-12) and _eval_args."""
    assert type(ours) is type(ref)
    assert ours.ext == ref.ext
    assert getattr(ours, "_spline_class", None) is getattr(ref, "_spline_class", None)
    da, db = ours._data, ref._data
    assert len(da) == len(db) == 14
    for i, (p, q) in enumerate(zip(da, db)):
        if i in (11, 12) and q is not None:
            continue
        if q is None:
            assert p is None, i
        else:
            _close(p, q, "_data[%d]" % i)
    if db[11] is not None:
        for p, q in zip(_state_parts(da), _state_parts(db)):
            _close(p, q, "fpint/nrdata")
    for p, q in zip(ours._eval_args, ref._eval_args):
        _close(p, q, "_eval_args")


# ---------------------------------------------------------------- @njit drivers
@njit
def nj_fit(x, y, w, k, s, ext):
    return si.UnivariateSpline(x, y, w, k=k, s=s, ext=ext)


@njit
def nj_fit_default(x, y, k):
    return UnivariateSpline(x, y, k=k)


@njit
def nj_fit_bbox(x, y, bbox, k, s):
    return si.UnivariateSpline(x, y, bbox=bbox, k=k, s=s)


@njit
def nj_fit_ext_str(x, y, ext, check_finite):
    return si.UnivariateSpline(x, y, ext=ext, check_finite=check_finite)


@njit
def nj_interp(x, y, k, ext):
    return si.InterpolatedUnivariateSpline(x, y, k=k, ext=ext)


@njit
def nj_lsq(x, y, t, w, bbox, k):
    return si.LSQUnivariateSpline(x, y, t, w=w, bbox=bbox, k=k)


@njit
def nj_lsq_default(x, y, t):
    return LSQUnivariateSpline(x, y, t)


@njit
def nj_identity(spl):
    return spl


@njit
def nj_methods(spl, x):
    k = spl.get_coeffs().size                 # any use of the value
    return (spl(x), spl(x[2]), spl(x, 1), spl.integral(0.5, 7.5), spl.integral(-2.0, 12.0),
            spl.derivatives(x[3]), spl.derivatives(x[2:4]), spl.get_knots(), spl.get_coeffs(),
            spl.get_residual(), spl.derivative(), spl.antiderivative(), spl.derivative(0),
            spl.antiderivative(2), spl.ext, k)


@njit
def nj_call(spl, x, nu, ext):
    return spl(x, nu, ext), spl(x[0], nu=nu, ext=ext)


@njit
def nj_call_default(spl, x, nu):
    return spl(x, nu)


@njit
def nj_call_str(spl, x, ext):
    return spl(x, ext=ext), spl(x[0], 0, ext)


@njit
def nj_call_literal(spl, x):
    return spl(x, ext="const"), spl(x, ext="zeros"), spl(x, 0, "extrapolate"), spl(x[1], 1, 3)


@njit
def nj_roots(spl):
    return spl.roots()


@njit
def nj_set(spl, s):
    spl.set_smoothing_factor(s)
    return spl


@njit
def nj_set_twice(x, y, k, s0, s1, s2):
    spl = si.UnivariateSpline(x, y, k=k, s=s0)
    other = spl                                 # the same spline: refitted in place
    spl.set_smoothing_factor(s1)
    spl.set_smoothing_factor(s2)
    return other


@njit
def nj_derivative(spl, n):
    return spl.derivative(n)


@njit
def nj_antiderivative(spl, n):
    return spl.antiderivative(n)


@njit
def nj_derivatives(spl, x):
    return spl.derivatives(x)


def _scipy_quiet(cls, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cls(*args, **kw)


# ---------------------------------------------------------------- construction
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("s", S_VALUES)
def test_univariate_matches_scipy_both_entries(k, s):
    ref = _scipy_quiet(si.UnivariateSpline, X, Y, k=k, s=s)
    ours = _scipy_quiet(UnivariateSpline, X, Y, k=k, s=s)
    same_spline(ours, ref)
    if s is None:
        same_spline(nj_fit_default(X, Y, k), ref)
    else:
        same_spline(nj_fit(X, Y, np.ones(M), k, s, 0), _scipy_quiet(
            si.UnivariateSpline, X, Y, np.ones(M), k=k, s=s))


@pytest.mark.parametrize("k", [1, 3, 5])
@pytest.mark.parametrize("s", [0.0, 0.5, 20.0, 40.0])
def test_weights(k, s):
    ref = _scipy_quiet(si.UnivariateSpline, X, Y, W, k=k, s=s)
    same_spline(_scipy_quiet(UnivariateSpline, X, Y, W, k=k, s=s), ref)
    same_spline(nj_fit(X, Y, W, k, s, 0), ref)
    # s None with weights: scipy's s = len(w)
    same_spline(UnivariateSpline(X, Y, W, k=k), si.UnivariateSpline(X, Y, W, k=k))


def test_nest_retry_and_warnings_from_python():
    """s = 0.05: fpcurf0 runs out of knots (ier = 1) and scipy refits with
    the largest nest; s = 1e-9 ends with ier = 3, which scipy warns about."""
    from scipy.interpolate import _dfitpack
    assert _dfitpack.fpcurf0(X, Y, 3, s=0.05)[-1] == 1
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        ref = si.UnivariateSpline(X, Y, s=1e-9)
        ours = UnivariateSpline(X, Y, s=1e-9)
    assert ref._data[-1] == 3
    same_spline(ours, ref)
    assert [str(r.message) for r in rec[:1]] == [str(r.message) for r in rec[1:]]
    assert len(rec) == 2 and rec[1].category is UserWarning
    assert rec[1].filename == __file__


@pytest.mark.parametrize("bbox", [(-1.0, 11.0), (None, 12.0), (X[0] - 0.5, None)])
def test_bbox(bbox):
    ref = si.UnivariateSpline(X, Y, bbox=list(bbox), s=0.5)
    same_spline(UnivariateSpline(X, Y, bbox=list(bbox), s=0.5), ref)
    same_spline(nj_fit_bbox(X, Y, bbox, 3, 0.5), ref)
    if None not in bbox:
        same_spline(nj_fit_bbox(X, Y, np.array(bbox), 3, 0.5), ref)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_interpolated_both_entries(k):
    ref = si.InterpolatedUnivariateSpline(X, Y, k=k)
    same_spline(InterpolatedUnivariateSpline(X, Y, k=k), ref)
    same_spline(nj_interp(X, Y, k, 0), ref)
    assert np.allclose(ref(X), Y)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_lsq_given_knots_both_entries(k):
    ref = si.LSQUnivariateSpline(X, Y, KNOTS, k=k)
    same_spline(LSQUnivariateSpline(X, Y, KNOTS, k=k), ref)
    same_spline(nj_lsq(X, Y, KNOTS, np.ones(M), (None, None), k),
                si.LSQUnivariateSpline(X, Y, KNOTS, np.ones(M), k=k))
    refw = si.LSQUnivariateSpline(X, Y, KNOTS, W, bbox=[-1.0, 11.0], k=k)
    same_spline(LSQUnivariateSpline(X, Y, KNOTS, W, bbox=[-1.0, 11.0], k=k), refw)
    same_spline(nj_lsq(X, Y, KNOTS, W, (-1.0, 11.0), k), refw)


def test_lsq_without_interior_knots_and_from_another_spline():
    ref = si.LSQUnivariateSpline(X, Y, [])        # the polynomial: ier = -2
    same_spline(LSQUnivariateSpline(X, Y, []), ref)
    same_spline(nj_lsq_default(X, Y, np.zeros(0)), ref)
    t = si.UnivariateSpline(X, Y, s=0.5).get_knots()[1:-1]
    same_spline(nj_lsq_default(X, Y, t), si.LSQUnivariateSpline(X, Y, t))


def test_lists_and_integers():
    xi = list(range(12))
    yi = [v * v % 7 for v in xi]
    same_spline(UnivariateSpline(xi, yi, s=2, k=2.0), si.UnivariateSpline(xi, yi, s=2, k=2.0))
    same_spline(nj_fit(np.arange(12), np.array(yi), np.ones(12, np.int64), 2, 2, 0),
                si.UnivariateSpline(xi, yi, np.ones(12), s=2, k=2))


# ---------------------------------------------------------------- methods
@pytest.fixture(scope="module")
def splines():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = {("uni", k): si.UnivariateSpline(X, Y, k=k, s=0.5) for k in range(1, 6)}
        out.update({("interp", k): si.InterpolatedUnivariateSpline(X, Y, k=k)
                    for k in range(1, 6)})
        out.update({("lsq", k): si.LSQUnivariateSpline(X, Y, KNOTS, k=k) for k in range(1, 6)})
    return out


@pytest.mark.parametrize("kind", ["uni", "interp", "lsq"])
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_methods_match_scipy(splines, kind, k):
    ref = splines[kind, k]
    got = nj_methods(ref, XE)
    want = (ref(XE), float(ref(XE[2])), ref(XE, 1), ref.integral(0.5, 7.5),
            ref.integral(-2.0, 12.0))
    for a, b in zip(got[:5], want):
        _close(a, b, "evaluation/integral")
    _close(got[5], ref.derivatives(XE[3]), "derivatives")
    _close(got[6], np.array(ref.derivatives(XE[2:4])), "derivatives at points")
    _close(got[7], ref.get_knots(), "get_knots")
    _close(got[8], ref.get_coeffs(), "get_coeffs")
    _close(got[9], ref.get_residual(), "get_residual")
    same_spline(got[10], ref.derivative())
    same_spline(got[11], ref.antiderivative())
    same_spline(got[12], ref.derivative(0))
    same_spline(got[13], ref.antiderivative(2))
    assert got[14] == ref.ext
    # the derivative's own methods (a spline made by _from_tck)
    d = ref.derivative()
    got_d = nj_methods(d, XE) if d._data[5] >= 2 else None
    if got_d is not None:
        _close(got_d[0], d(XE), "derivative(x)")
        _close(got_d[3], d.integral(0.5, 7.5), "derivative integral")
        assert np.isnan(got_d[9]) and d.get_residual() is None


@pytest.mark.parametrize("k", [1, 3, 5])
@pytest.mark.parametrize("nu", [0, 1])
@pytest.mark.parametrize("ext", [0, 1, 3])
def test_every_ext(splines, k, nu, ext):
    ref = splines["uni", k]
    arr, scalar = nj_call(ref, XE, nu, ext)
    _close(arr, ref(XE, nu, ext), "ext=%d" % ext)
    _close(scalar, float(ref(XE[0], nu, ext)), "scalar ext=%d" % ext)
    name = {0: "extrapolate", 1: "zeros", 3: "const"}[ext]
    if nu == 0:
        _close(nj_call_str(ref, XE, name)[0], ref(XE, ext=name), name)
    # ext=2 inside the interval
    _close(nj_call(ref, XIN, nu, 2)[0], ref(XIN, nu, 2), "ext=2")
    _close(nj_call_default(ref, XE, nu), ref(XE, nu), "default ext")


def test_ext_spellings_at_construction(splines):
    for ext in ("extrapolate", "zeros", "raise", "const"):
        ref = si.UnivariateSpline(X, Y, ext=ext)
        same_spline(UnivariateSpline(X, Y, ext=ext), ref)
        same_spline(nj_fit_ext_str(X, Y, ext, False), ref)
    for ext in range(4):
        ref = si.InterpolatedUnivariateSpline(X, Y, ext=ext)
        same_spline(nj_interp(X, Y, 3, ext), ref)
        _close(nj_call_default(ref, XIN, 0), ref(XIN), "spline's ext")
    ref = splines["uni", 3]
    got = nj_call_literal(ref, XE)
    _close(got[0], ref(XE, ext="const"), "const")
    _close(got[1], ref(XE, ext="zeros"), "zeros")
    _close(got[2], ref(XE, 0, "extrapolate"), "extrapolate")
    _close(got[3], float(ref(XE[1], 1, 3)), "3")
    # derivative of an ext='const' spline is 'zeros' (scipy's rule)
    c = si.UnivariateSpline(X, Y, s=0.5, ext="const")
    same_spline(nj_derivative(c, 1), c.derivative(1))
    assert nj_derivative(c, 1).ext == 1 and nj_antiderivative(c, 1).ext == 3


def test_empty_and_shaped_points(splines):
    ref = splines["uni", 3]
    assert nj_call_default(ref, np.zeros(0), 0).shape == (0,)
    grid = XE[:8].reshape(2, 4)
    _close(nj_call_default(ref, grid, 1), ref(grid, 1), "2-D points")
    _close(nj_call_default(ref, np.arange(5), 0), ref(np.arange(5)), "integer points")


@pytest.mark.parametrize("kind", ["uni", "interp", "lsq"])
def test_roots(splines, kind):
    ref = splines[kind, 3]
    _close(nj_roots(ref), ref.roots(), "roots")
    d = si.UnivariateSpline(X, Y, k=4, s=0.5).derivative()     # cubic, made by _from_tck
    _close(nj_roots(d), d.roots(), "roots of a derivative")


@pytest.mark.parametrize("n", [-2, -1, 0, 1, 2, 3])
def test_derivative_antiderivative_orders(splines, n):
    ref = splines["uni", 3]
    same_spline(nj_derivative(ref, n), ref.derivative(n))
    same_spline(nj_antiderivative(ref, n), ref.antiderivative(n))


# ---------------------------------------------------------------- set_smoothing_factor
SEQUENCES = [(0.5, 0.05, 2.0), (0.0, 0.5, 0.01), (None, 0.5, 0.0), (100.0, 0.3, 1e-9),
             (0.05, 0.5, 100.0), (1e-9, 1.0, 0.05)]


@pytest.mark.parametrize("k", [1, 3, 5])
@pytest.mark.parametrize("seq", SEQUENCES)
def test_set_smoothing_factor(k, seq):
    s0, s1, s2 = seq
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = si.UnivariateSpline(X, Y, k=k, s=s0)
        ours = UnivariateSpline(X, Y, k=k, s=s0)       # scipy's object: scipy's method refits
        jit = nj_fit(X, Y, np.ones(M), k, float(M) if s0 is None else s0, 0)
        for s in (s1, s2):
            ref.set_smoothing_factor(s)
            ours.set_smoothing_factor(s)
            jit = nj_set(jit, s)                         # our fpcurf1 inside @njit
            same_spline(ours, ref)
            same_spline(jit, ref)
    if s0 is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = si.UnivariateSpline(X, Y, np.ones(M), k=k, s=s0)
            want.set_smoothing_factor(s1)
            want.set_smoothing_factor(s2)
        same_spline(nj_set_twice(X, Y, k, s0, s1, s2), want)


def test_set_smoothing_factor_on_other_kinds(splines):
    ref = si.InterpolatedUnivariateSpline(X, Y)
    got = nj_set(ref, 0.5)
    ref.set_smoothing_factor(0.5)
    same_spline(got, ref)
    lsq = splines["lsq", 3]
    same_spline(nj_set(lsq, 0.5), lsq)            # scipy warns and leaves it unchanged
    d = splines["uni", 3].derivative()
    with pytest.raises(TypeError) as want:
        d.set_smoothing_factor(0.5)
    with pytest.raises(TypeError) as got:
        nj_set(d, 0.5)
    assert str(got.value) == str(want.value)


# ---------------------------------------------------------------- objects in and out
def test_round_trip_every_state(splines):
    objs = [splines["uni", 3], splines["interp", 2], splines["lsq", 4],
            splines["uni", 3].derivative(), splines["uni", 3].antiderivative(2),
            si.UnivariateSpline(X, Y, s=100.0), si.UnivariateSpline(X, Y, s=0.05, ext=2)]
    for obj in objs:
        back = nj_identity(obj)
        same_spline(back, obj)
        assert back is not obj
    # the reconstructed object keeps working with scipy's own methods
    a = si.UnivariateSpline(X, Y, s=0.05)
    b = nj_identity(a)
    a.set_smoothing_factor(0.2)
    b.set_smoothing_factor(0.2)
    same_spline(b, a)


_FROZEN = si.UnivariateSpline(X, Y, s=0.5)


@njit
def nj_frozen(x):
    return _FROZEN(x), _FROZEN(x[3], 1), _FROZEN.integral(1.0, 2.0), _FROZEN.get_knots()


def test_frozen_global():
    got = nj_frozen(XE)
    _close(got[0], _FROZEN(XE), "frozen")
    _close(got[1], float(_FROZEN(XE[3], 1)), "frozen derivative")
    _close(got[2], _FROZEN.integral(1.0, 2.0), "frozen integral")
    _close(got[3], _FROZEN.get_knots(), "frozen knots")


# ---------------------------------------------------------------- errors
XN = X.copy()
XN[4] = np.nan
YN = Y.copy()
YN[7] = np.inf
XU = X[::-1].copy()
XD = np.concatenate((X[:5], X[4:]))
YD = np.concatenate((Y[:5], Y[4:]))

CONSTRUCTION_ERRORS = {
    "lengths": (si.UnivariateSpline, (X, Y[:-1]), {}),
    "weights": (si.UnivariateSpline, (X, Y, W[:5]), {}),
    "unsorted": (si.UnivariateSpline, (XU, Y), {}),
    "unsorted-s0": (si.UnivariateSpline, (XU, Y), {"s": 0.0}),
    "duplicates-s0": (si.UnivariateSpline, (XD, YD), {"s": 0.0}),
    "nan-x": (si.UnivariateSpline, (XN, Y), {}),
    "finite-x": (si.UnivariateSpline, (XN, Y), {"check_finite": True}),
    "finite-y": (si.UnivariateSpline, (X, YN), {"check_finite": True}),
    "finite-w": (si.UnivariateSpline, (X, Y, YN), {"check_finite": True}),
    "k-6": (si.UnivariateSpline, (X, Y), {"k": 6}),
    "k-0": (si.UnivariateSpline, (X, Y), {"k": 0}),
    "s-negative": (si.UnivariateSpline, (X, Y), {"s": -1.0}),
    "ext-7": (si.UnivariateSpline, (X, Y), {"ext": 7}),
    "ext-name": (si.UnivariateSpline, (X, Y), {"ext": "nearest"}),
    "bbox-3": (si.UnivariateSpline, (X, Y), {"bbox": [0.0, 1.0, 2.0]}),
    "bbox-inside": (si.UnivariateSpline, (X, Y), {"bbox": [1.0, None]}),
    "bbox-inside-end": (si.UnivariateSpline, (X, Y), {"bbox": [None, 9.87654321]}),
    "too-few": (si.UnivariateSpline, (X[:3], Y[:3]), {}),
    "empty": (si.UnivariateSpline, (np.zeros(0), np.zeros(0)), {}),
    "interp-duplicates": (si.InterpolatedUnivariateSpline, (XD, YD), {}),
    "interp-too-few": (si.InterpolatedUnivariateSpline, (X[:4], Y[:4]), {"k": 4}),
    "interp-ext": (si.InterpolatedUnivariateSpline, (X, Y), {"ext": 5}),
    "lsq-unsorted": (si.LSQUnivariateSpline, (XU, Y, KNOTS), {}),
    "lsq-knots-order": (si.LSQUnivariateSpline, (X, Y, [5.0, 3.0]), {}),
    "lsq-knots-outside": (si.LSQUnivariateSpline, (X, Y, [-1.0, 5.0]), {}),
    "lsq-schoenberg-whitney": (si.LSQUnivariateSpline, (X, Y, [0.05, 0.1, 0.15, 0.2]), {}),
    "lsq-bbox-inside": (si.LSQUnivariateSpline, (X, Y, KNOTS), {"bbox": [1.0, None]}),
    "lsq-too-few": (si.LSQUnivariateSpline, (X[:3], Y[:3], [5.0]), {}),
}
_OURS = {si.UnivariateSpline: UnivariateSpline,
         si.InterpolatedUnivariateSpline: InterpolatedUnivariateSpline,
         si.LSQUnivariateSpline: LSQUnivariateSpline}


@njit
def nj_construct_uni(x, y, w, k, s, ext, check_finite):
    return si.UnivariateSpline(x, y, w, k=k, s=s, ext=ext, check_finite=check_finite)


def _bbox_arg(bbox):
    return tuple(bbox) if len(bbox) == 2 else np.array(bbox, dtype=float)


def _njit_construct(cls, args, kw):
    """The same construction through one of a few compiled drivers (those of the tests above
    where the argument types match: w=None is w=ones, s=None is s=len(x))."""
    x, y = args[:2]
    if cls is si.LSQUnivariateSpline:
        return nj_lsq(x, y, np.asarray(args[2], dtype=float), np.ones(len(x)),
                      _bbox_arg(kw.get("bbox", [None, None])), 3)
    if cls is si.InterpolatedUnivariateSpline:
        return nj_interp(x, y, kw.get("k", 3), kw.get("ext", 0))
    if "bbox" in kw:
        return nj_fit_bbox(x, y, _bbox_arg(kw["bbox"]), 3, float(len(x)))
    w = args[2] if len(args) > 2 else np.ones(len(x))
    ext = kw.get("ext", 0)
    if isinstance(ext, str):
        return nj_fit_ext_str(x, y, ext, kw.get("check_finite", False))
    return nj_construct_uni(x, y, w, kw.get("k", 3), kw.get("s", float(len(x))), ext,
                            kw.get("check_finite", False))


@pytest.mark.parametrize("case", sorted(CONSTRUCTION_ERRORS))
def test_construction_errors_match_scipy(case):
    cls, args, kw = CONSTRUCTION_ERRORS[case]
    with pytest.raises(Exception) as want:
        cls(*args, **kw)
    with pytest.raises(type(want.value)) as got:
        _OURS[cls](*args, **kw)
    assert str(got.value) == str(want.value)
    if case in ("weights", "finite-w"):            # the @njit drivers pass w=ones
        return
    with pytest.raises(type(want.value)) as got:
        _njit_construct(cls, args, kw)
    assert str(got.value) == str(want.value)
    assert isinstance(got.value, ValueError)


@njit
def nj_bad_ext(spl, x):
    return spl(x, ext="nearest")


def test_call_errors_match_scipy(splines):
    spl = splines["uni", 3]
    cases = [(lambda: spl(XE, 4), lambda: nj_call(spl, XE, 4, 0)),
             (lambda: spl(XE, -1), lambda: nj_call(spl, XE, -1, 0)),
             (lambda: spl(XE, 0, 2), lambda: nj_call(spl, XE, 0, 2)),
             (lambda: spl(XE[:1], 0, 2), lambda: nj_call(spl, XE[:1], 0, 2)),
             (lambda: spl(XE, 0, 9), lambda: nj_call(spl, XE, 0, 9)),
             (lambda: spl(XE, ext="nearest"), lambda: nj_call_str(spl, XE, "nearest")),
             (lambda: spl(XE, ext="nearest"), lambda: nj_bad_ext(spl, XE)),
             (lambda: splines["uni", 2].roots(), lambda: nj_roots(splines["uni", 2])),
             (lambda: spl.derivatives(12.0), lambda: nj_derivatives(spl, 12.0)),
             (lambda: spl.derivative(4), lambda: nj_derivative(spl, 4)),
             (lambda: spl.antiderivative(-4), lambda: nj_antiderivative(spl, -4)),
             (lambda: si.UnivariateSpline(X, Y).set_smoothing_factor(-1.0),
              lambda: nj_set(si.UnivariateSpline(X, Y), -1.0))]
    for theirs, ours in cases:
        with pytest.raises(Exception) as want:
            theirs()
        with pytest.raises(type(want.value)) as got:
            ours()
        assert str(got.value) == str(want.value)


def test_nonfinite_data_without_check_match_scipy():
    """Non-finite y or w without check_finite: FITPACK's own answer (knots
    placed where the residual sums are NaN), no hang."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for y, w in ((YN, np.ones(M)), (Y, np.where(np.arange(M) == 3, np.nan, 1.0))):
            ref = si.UnivariateSpline(X, y, w, s=0.5)
            same_spline(UnivariateSpline(X, y, w, s=0.5), ref)
            same_spline(nj_fit(X, y, w, 3, 0.5, 0), ref)


# ---------------------------------------------------------------- prange, cache, NRT
@njit(parallel=True)
def nj_prange(x, y, s, pts):
    out = np.empty((s.size, 4))
    for i in prange(s.size):
        spl = si.UnivariateSpline(x, y, s=s[i])
        lsq = si.LSQUnivariateSpline(x, y, spl.get_knots()[1:-1])
        out[i, 0] = spl(pts[i])
        out[i, 1] = spl.integral(1.0, 9.0) + lsq(pts[i], 1)
        out[i, 2] = spl.derivatives(pts[i])[1]
        out[i, 3] = si.InterpolatedUnivariateSpline(x, y, k=2)(pts[i], 0, 3)
    return out


@njit(parallel=True)
def nj_prange_eval(spl, pts):
    out = np.empty(pts.size)
    for i in prange(pts.size):
        out[i] = spl(pts[i]) + spl(pts[i], 1, 3)
    return out


def test_prange_equals_serial():
    s = np.linspace(0.2, 3.0, 12)
    pts = np.linspace(X[0], X[-1], 12)
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        got = nj_prange(X, Y, s, pts)
        ref = si.UnivariateSpline(X, Y, s=0.5)
        ev = nj_prange_eval(ref, np.linspace(-1.0, 11.0, 101))
    want = np.empty((s.size, 4))
    for i in range(s.size):
        spl = si.UnivariateSpline(X, Y, s=s[i])
        lsq = si.LSQUnivariateSpline(X, Y, spl.get_knots()[1:-1])
        want[i] = (spl(pts[i]), spl.integral(1.0, 9.0) + lsq(pts[i], 1),
                   spl.derivatives(pts[i])[1],
                   si.InterpolatedUnivariateSpline(X, Y, k=2)(pts[i], 0, 3))
    np.testing.assert_allclose(got, want, rtol=RTOL, atol=1e-14)
    p = np.linspace(-1.0, 11.0, 101)
    np.testing.assert_allclose(ev, ref(p) + ref(p, 1, 3), rtol=RTOL, atol=1e-14)


CACHED = """
import warnings
import numpy as np
import scipy.interpolate as si
from numba import njit

@njit(cache=True)
def fit_and_use(x, y, t, s):
    spl = si.UnivariateSpline(x, y, s=s)
    lsq = si.LSQUnivariateSpline(x, y, t)
    ius = si.InterpolatedUnivariateSpline(x, y, ext="const")
    d = spl.derivative()
    spl.set_smoothing_factor(s / 2)
    return (spl(0.3), spl(np.array([0.5, 1.5]), 1, 3)[1], spl.integral(0.0, 1.0),
            lsq(0.7), ius(5.0), d(0.4), spl.get_residual(), spl.get_coeffs().size)

x = np.linspace(0.0, 3.0, 30)
y = np.sin(2 * x) + 0.05 * np.cos(17 * x)
print(repr(fit_and_use(x, y, np.array([1.0, 2.0]), 0.05)))
print("HITS", sum(fit_and_use.stats.cache_hits.values()),
      sum(fit_and_use.stats.cache_misses.values()))
"""


def _in_default_cache(run_python):
    """``run_python`` without run_cached_twice's NUMBA_CACHE_DIR: the snippet's functions are
    cached next to it (a fresh directory) and scijit's own helpers load from scijit's cache; a
    cache directory of its own made the first process compile all of those (~11 s)."""
    return lambda code, env=None, check=True: run_python(code, check=check)


def test_scipy_names_cache_true_in_a_second_process(run_python, tmp_path):
    line = run_cached_twice(_in_default_cache(run_python), CACHED, tmp_path)
    x = np.linspace(0.0, 3.0, 30)
    y = np.sin(2 * x) + 0.05 * np.cos(17 * x)
    spl = si.UnivariateSpline(x, y, s=0.05)
    lsq = si.LSQUnivariateSpline(x, y, [1.0, 2.0])
    ius = si.InterpolatedUnivariateSpline(x, y, ext="const")
    d04 = float(spl.derivative()(0.4))    # before the refit: scipy's derivative shares t
    spl.set_smoothing_factor(0.025)
    expected = (float(spl(0.3)), float(spl(np.array([0.5, 1.5]), 1, 3)[1]),
                spl.integral(0.0, 1.0), float(lsq(0.7)), float(ius(5.0)), d04,
                spl.get_residual(), spl.get_coeffs().size)
    got = eval(line)
    np.testing.assert_allclose(got, expected, rtol=RTOL)


def test_nrt_allocations_balance(splines):
    from numba.core.runtime import rtsys
    spl = splines["uni", 3]

    def work():
        nj_fit(X, Y, W, 3, 0.5, 0)
        nj_methods(spl, XE)
        nj_set(nj_fit(X, Y, W, 3, 0.5, 0), 0.05)
        nj_lsq(X, Y, KNOTS, W, (None, None), 3)
        nj_identity(spl)
        nj_roots(spl)
    work()
    before = rtsys.get_allocation_stats()
    for _ in range(10):
        work()
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc == after.free - before.free


# ---------------------------------------------------------------- signatures
@pytest.mark.parametrize("name", ["UnivariateSpline", "InterpolatedUnivariateSpline",
                                  "LSQUnivariateSpline"])
def test_signature_mirrors_scipy(name):
    import inspect
    import scijit.interpolate
    ours = list(inspect.signature(getattr(scijit.interpolate, name)).parameters.values())
    theirs = list(inspect.signature(getattr(si, name)).parameters.values())
    assert [p.name for p in ours] == [p.name for p in theirs]
    for p, q in zip(ours, theirs):
        assert p.kind == q.kind and p.default == q.default, p.name
