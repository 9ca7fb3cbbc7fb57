"""splrep, splev, splint, sproot, spalde, insert, splder, splantider on our
FITPACK against scipy's, from Python and inside @njit.

A few @njit drivers are compiled once and fed many data sets (compile time).
Fits are compared exactly for the knots (scipy's knot placement) and to a
few ulps for everything else.
"""
import warnings

import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit

from scijit.interpolate import (insert, spalde, splantider, splder, splev, splint, splrep,
                                sproot)

from checks import run_cached_twice

RNG = np.random.default_rng(12345)
X = np.sort(RNG.uniform(0.0, 10.0, 50))
Y = np.sin(X) + 0.1 * RNG.standard_normal(50)
W = RNG.uniform(0.5, 2.0, 50)
YP = Y.copy()
YP[-1] = YP[0]
XE = np.concatenate(([-1.0, X[0], 0.5 * (X[0] + X[1])], np.linspace(0.0, 10.0, 23),
                     [X[-1], 10.5, 12.0]))


# ---------------------------------------------------------------- @njit drivers
@njit
def nj_fit(x, y, w, k, s, per):
    return splrep(x, y, w=w, k=k, s=s, per=per, full_output=1)


@njit
def nj_fit_default(x, y, k):
    return splrep(x, y, k=k)


@njit
def nj_fit_ends(x, y, xb, xe, k, s):
    return splrep(x, y, xb=xb, xe=xe, k=k, s=s)


@njit
def nj_fit_knots(x, y, t, k):
    return splrep(x, y, t=t, k=k, full_output=1)


@njit
def nj_eval(x, tck, der, ext):
    return splev(x, tck, der, ext)


@njit
def nj_eval_scalar(x, tck, der, ext):
    return splev(x, tck, der, ext)


@njit
def nj_ops(tck, a, b, xv, xins, m, per):
    return (splint(a, b, tck), spalde(xv, tck), insert(xins, tck, m, per), splder(tck, 1),
            splantider(tck, 2), splint(a, b, tck, full_output=1)[1])


@njit
def nj_roots(tck, mest):
    return sproot(tck, mest)


def _tck(t, c, k):
    return (np.ascontiguousarray(t, dtype=np.float64), np.ascontiguousarray(c, dtype=np.float64),
            int(k))


def _same_fit(got, ref, k):
    """Knots identical, coefficients to a few ulps (FITPACK's n-k-1 of them)."""
    t, c, kk = got
    rt, rc, rk = ref
    assert kk == rk == k
    np.testing.assert_array_equal(t, rt)
    nc = len(rt) - k - 1
    np.testing.assert_allclose(c[:nc], rc[:nc], rtol=1e-13, atol=1e-14 * np.abs(rc[:nc]).max())


def _quiet(f, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return f(*args, **kw)


# ---------------------------------------------------------------- splrep
FITS = [(k, s, weighted, per) for per in (0, 1) for k in range(1, 6)
        for s in (0.0, 0.3, 2.0, 20.0) for weighted in (False, True)]


@pytest.mark.parametrize("k, s, weighted, per", FITS)
def test_splrep_matches_scipy_both_entries(k, s, weighted, per):
    y = YP if per else Y
    w = W if weighted else None
    ref, rfp, rier, rmsg = _quiet(si.splrep, X, y, w=w, k=k, s=s, per=per, full_output=1)
    got, fp, ier, msg = _quiet(splrep, X, y, w=w, k=k, s=s, per=per, full_output=1)
    _same_fit(got, ref, k)
    assert (ier, msg) == (rier, rmsg)
    assert fp == pytest.approx(rfp, rel=1e-12, abs=1e-14)
    njt, njfp, njier, njmsg = nj_fit(X, y, W if weighted else np.ones(X.size), k, s, per)
    for a, b in zip(njt[:2], got[:2]):
        np.testing.assert_array_equal(a, b)
    assert (njt[2], njfp, njier, njmsg) == (k, fp, ier, msg)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_splrep_defaults_interpolate(k):
    ref = si.splrep(X, Y, k=k)
    got = splrep(X, Y, k=k)
    assert isinstance(got, tuple) and isinstance(got[2], int)
    _same_fit(got, ref, k)
    _same_fit(nj_fit_default(X, Y, k), ref, k)
    # default s with weights: m - sqrt(2m)
    _same_fit(_quiet(splrep, X, Y, w=W, k=k), _quiet(si.splrep, X, Y, w=W, k=k), k)


_XC = np.sort(np.random.default_rng(3).uniform(0.0, 1.0, 60) ** 3)
_XT = _XC.copy()
_XT[10], _XT[30:33] = _XT[11], _XT[33]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("x", [_XC, _XT], ids=["clustered", "tied"])
def test_splrep_interpolating(k, x):
    """s = 0 is solved by banded elimination (ours), not by fpcurf's Givens
    rotations: the same spline on badly spaced data; tied x (a singular
    system) falls back to fpcurf and gives scipy's answer, inf/NaN and all."""
    y = np.cos(7.0 * x)
    ref, rfp, rier, _ = _quiet(si.splrep, x, y, k=k, s=0.0, full_output=1)
    for got, fp, ier, _ in (_quiet(splrep, x, y, k=k, s=0.0, full_output=1),
                            nj_fit(x, y, np.ones(x.size), k, 0.0, 0)):
        assert (ier, fp) == (rier, rfp)
        if x is _XC:
            _same_fit(got, ref, k)
        else:
            np.testing.assert_array_equal(got[0], ref[0])
            np.testing.assert_array_equal(got[1][:x.size], ref[1][:x.size])


@pytest.mark.parametrize("k, s", [(1, 0.0), (3, 0.0), (3, 1.0), (5, 0.5)])
def test_splrep_xb_xe(k, s):
    ref = si.splrep(X, Y, xb=-1.0, xe=11.5, k=k, s=s)
    _same_fit(splrep(X, Y, xb=-1.0, xe=11.5, k=k, s=s), ref, k)
    _same_fit(nj_fit_ends(X, Y, -1.0, 11.5, k, s), ref, k)


@pytest.mark.parametrize("k", [1, 3, 5])
@pytest.mark.parametrize("per", [0, 1])
def test_splrep_given_knots(k, per):
    t = np.array([1.5, 3.0, 4.5, 6.0, 8.2])
    y = YP if per else Y
    ref, rfp, rier, _ = si.splrep(X, y, t=t, k=k, per=per, full_output=1)
    got, fp, ier, _ = splrep(X, y, t=t, k=k, per=per, full_output=1)
    _same_fit(got, ref, k)
    assert ier == rier and fp == pytest.approx(rfp, rel=1e-12)
    if not per:
        njt, njfp, njier, _ = nj_fit_knots(X, y, t, k)
        _same_fit(njt, ref, k)
        assert njier == rier
        # task=-1 spelled out
        _same_fit(splrep(X, y, t=t, k=k, task=-1), ref, k)


def test_splrep_failed_fit_reports_ier():
    ref = _quiet(si.splrep, X, Y, k=3, s=1e-9, full_output=1)
    got = _quiet(splrep, X, Y, k=3, s=1e-9, full_output=1)
    assert got[2] == ref[2] and got[3] == ref[3]
    assert ref[2] == 3
    with pytest.warns(RuntimeWarning) as record:
        splrep(X, Y, k=3, s=1e-9)
    assert str(record[0].message) == ref[3]
    res = nj_fit(X, Y, np.ones(X.size), 3, 1e-9, 0)
    assert res[2] == ref[2] and res[3] == ref[3]


# ---------------------------------------------------------------- splev
EVALS = [(k, der, ext) for k in (1, 3, 5) for der in range(k + 1) for ext in range(4)
         if ext != 2]


@pytest.fixture(scope="module")
def fits():
    out = {}
    for k in (1, 2, 3, 4, 5):
        out[k] = _tck(*_quiet(si.splrep, X, Y, k=k, s=0.5))
        out[(k, "per")] = _tck(*_quiet(si.splrep, X, YP, k=k, s=0.5, per=1))
    return out


@pytest.mark.parametrize("k, der, ext", EVALS)
def test_splev_every_der_and_ext(fits, k, der, ext):
    tck = fits[k]
    ref = si.splev(XE, tck, der=der, ext=ext)
    np.testing.assert_allclose(splev(XE, tck, der=der, ext=ext), ref, rtol=1e-14, atol=1e-13)
    np.testing.assert_array_equal(nj_eval(XE, tck, der, ext), splev(XE, tck, der, ext))
    for xv in (XE[0], XE[5], XE[-1]):
        r = si.splev(xv, tck, der=der, ext=ext)
        v = splev(xv, tck, der=der, ext=ext)
        assert isinstance(v, np.ndarray) and v.shape == () and v == pytest.approx(r, rel=1e-14,
                                                                                   abs=1e-13)
        assert nj_eval_scalar(xv, tck, der, ext) == v


def test_splev_scalar_path_repeated_knots_and_nan():
    """The scalar path finds the knot interval by bisection: it must give
    FITPACK's interval (and value) everywhere, repeated knots and NaN included."""
    t = np.r_[[0.0] * 4, 2.0, 2.0, 5.0, 5.0, 5.0, 7.0, [10.0] * 4]
    c = np.random.default_rng(7).standard_normal(t.size)
    tck = (t, c, 3)
    pts = np.r_[-1.0, 0.0, 2.0, 5.0, 7.0, 10.0, 11.0, np.linspace(-0.5, 10.5, 45), np.nan]
    for der in range(4):
        for ext in (0, 1, 3):
            ref = si.splev(pts, tck, der, ext)
            got = np.array([nj_eval_scalar(v, tck, der, ext) for v in pts])
            np.testing.assert_array_equal(got, ref)
            np.testing.assert_array_equal(nj_eval(pts[::-1].copy(), tck, der, ext), ref[::-1])


def test_splev_shapes_and_lists(fits):
    tck = fits[3]
    x2 = XE[:12].reshape(3, 4)
    assert splev(x2, tck).shape == (3, 4)
    np.testing.assert_array_equal(nj_eval(x2, tck, 0, 0), splev(x2, tck))
    np.testing.assert_array_equal(splev([1.0, 2.0], tck), si.splev([1.0, 2.0], tck))
    # 2-D c: a parametric curve, one result per row
    tck2 = (tck[0], np.vstack([tck[1], 2 * tck[1]]), 3)
    got = splev([1.0, 2.0], tck2)
    assert isinstance(got, list) and len(got) == 2
    np.testing.assert_allclose(got[1], 2 * got[0])


def test_splev_ext2_outside_raises(fits):
    tck = fits[3]
    for f in (splev, nj_eval):
        with pytest.raises(ValueError, match="Found x value not in the domain"):
            f(np.array([1.0, 11.0]), tck, 0, 2)
        with pytest.raises(ValueError, match="Found x value not in the domain"):
            f(np.array([-1.0]), tck, 1, 2)
    with pytest.raises(ValueError, match="Found x value not in the domain"):
        nj_eval_scalar(11.0, tck, 0, 2)
    np.testing.assert_array_equal(splev(X, tck, ext=2), si.splev(X, tck, ext=2))


def test_splev_bspline_objects(fits):
    t, c, k = fits[3]
    spl = si.BSpline(t, c, k)
    np.testing.assert_allclose(splev(XE, spl), si.splev(XE, spl), rtol=1e-13, atol=1e-13)
    np.testing.assert_array_equal(nj_eval(XE, spl, 1, 0), splev(XE, (t, c, k), 1))
    with pytest.raises(ValueError, match="Extrapolation mode 1 is not supported by BSpline"):
        splev(XE, spl, ext=1)


@njit
def nj_bspline_ops(spl, a, b, xins, m, per, n, roots):
    return (splev(4.4, spl, 1), splev(XE, spl), splint(a, b, spl),
            splint(a, b, spl, full_output=1), sproot(spl) if roots else np.zeros(0),
            insert(xins, spl, m, per), splder(spl, n), splantider(spl, n), splder(spl, -n),
            splantider(spl, -n))


def _same_bspline(got, ref):
    assert type(got) is si.BSpline
    assert (got.k, got.extrapolate, got.axis) == (ref.k, ref.extrapolate, ref.axis)
    np.testing.assert_array_equal(got.t, ref.t)
    np.testing.assert_allclose(got.c, ref.c, rtol=1e-13, atol=1e-13 * np.abs(ref.c).max())


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("extrapolate", [True, False, "periodic"])
def test_bspline_arguments(fits, k, extrapolate):
    """scipy's splev/splint/sproot/insert/splder/splantider given a BSpline:
    values as for (t, c, k), BSplines back as scipy builds them (insert:
    BSpline(t, c, k); splder/splantider: tck.derivative/antiderivative)."""
    t, c, _ = fits[k]
    spl = si.BSpline(t, c[:t.size - k - 1], k, extrapolate=extrapolate)
    mid = t.size // 2
    xins, n, roots = 0.5 * (t[mid] + t[mid + 1]), min(2, k), k == 3
    ref = (si.splev(4.4, spl, 1), si.splev(XE, spl), si.splint(2.5, 7.1, spl),
           si.splint(2.5, 7.1, spl, full_output=1), si.sproot(spl) if roots else np.zeros(0),
           si.insert(xins, spl, 2, 0), si.splder(spl, n), si.splantider(spl, n),
           si.splder(spl, -n), si.splantider(spl, -n))
    py = (splev(4.4, spl, 1), splev(XE, spl), splint(2.5, 7.1, spl),
          splint(2.5, 7.1, spl, full_output=1), sproot(spl) if roots else np.zeros(0),
          insert(xins, spl, 2, 0), splder(spl, n), splantider(spl, n), splder(spl, -n),
          splantider(spl, -n))
    # from Python, splint of a BSpline is a 0-d array as scipy's (BSpline.integrate's);
    # inside @njit a float
    assert type(py[2]) is type(ref[2]) is np.ndarray and py[2].shape == ()
    for got in (py, nj_bspline_ops(spl, 2.5, 7.1, xins, 2, 0, n, roots)):
        for g, r in zip(got[:5], ref[:5]):
            np.testing.assert_allclose(g, r, rtol=1e-13, atol=1e-13)
        assert np.ndim(got[3]) == 0                 # full_output is ignored for a BSpline
        for g, r in zip(got[5:], ref[5:]):
            _same_bspline(g, r)


def test_bspline_arguments_nd_refused():
    t, c, k = _T3
    spl = si.BSpline(t, np.stack([c[:t.size - 4]] * 2, axis=1), k)
    for f, args, msg in ((splint, (0.1, 0.5, spl), "Use BSpline.integrate"),
                         (sproot, (spl,), "not allowed"), (splev, (0.5, spl), "__call__")):
        with pytest.raises(ValueError, match="c.ndim > 1 is not allowed"):
            ref = f.__name__
            getattr(si, ref)(*args)
        with pytest.raises(ValueError, match=msg):
            f(*args)
    got, ref = insert(0.33, spl), si.insert(0.33, spl)
    assert (got.k, got.extrapolate, got.axis) == (ref.k, ref.extrapolate, ref.axis)
    np.testing.assert_array_equal(got.t, ref.t)
    nc = ref.t.size - k - 1                 # scipy leaves its padding uninitialised
    np.testing.assert_allclose(got.c[:nc], ref.c[:nc], rtol=1e-13, atol=1e-15)


@pytest.mark.parametrize("n", [-2, 0, 1, 3])
def test_splder_splantider_trailing_dimensions(fits, n):
    """c of shape (len(t), ...): scipy differentiates along the first axis."""
    t, c, k = fits[3]
    c3 = np.stack([c, 2.0 * c, -c], axis=1).reshape(c.size, 3, 1)
    for f, g in ((splder, si.splder), (splantider, si.splantider)):
        got, ref = f((t, c3, k), n), g((t, c3, k), n)
        np.testing.assert_array_equal(got[0], ref[0])
        assert got[2] == ref[2] and got[1].shape == ref[1].shape
        np.testing.assert_allclose(got[1], ref[1], rtol=1e-13, atol=1e-13)
    with pytest.raises(NotImplementedError, match="list of coefficient arrays"):
        splder((t, [c, c], k))


# ---------------------------------------------------------------- splint, spalde, insert, ...
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("per", [0, 1])
def test_splint_spalde_insert_splder_splantider(fits, k, per):
    tck = fits[(k, "per")] if per else fits[k]
    mid = len(tck[0]) // 2
    xins = 0.5 * (tck[0][mid] + tck[0][mid + 1])
    for a, b in ((-1.0, 11.0), (2.5, 7.1), (7.0, 2.0), (3.0, 3.0)):
        assert splint(a, b, tck) == pytest.approx(si.splint(a, b, tck), rel=1e-13, abs=1e-14)
    aint, wrk = splint(2.5, 7.1, tck, full_output=1)
    nk1 = len(tck[0]) - k - 1
    np.testing.assert_allclose(wrk[:nk1], si.splint(2.5, 7.1, tck, full_output=1)[1][:nk1],
                               rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(spalde(4.4, tck), si.spalde(4.4, tck), rtol=1e-13, atol=1e-12)
    got = spalde([4.4, 5.0], tck)
    assert isinstance(got, list) and len(got) == 2
    near_end = 0.5 * (tck[0][k] + tck[0][k + 1]) + 0.01
    valid = []
    for xi in (xins, near_end, tck[0][mid]):
        for m in (1, 2):
            try:
                ref = si.insert(xi, tck, m=m, per=per)
            except ValueError as exc:          # periodic: too close to an end
                with pytest.raises(ValueError, match=str(exc)):
                    insert(xi, tck, m=m, per=per)
                continue
            valid.append(xi)
            res = insert(xi, tck, m=m, per=per)
            np.testing.assert_array_equal(res[0], ref[0])
            n = len(ref[0]) - k - 1
            np.testing.assert_allclose(res[1][:n], ref[1][:n], rtol=1e-13, atol=1e-14)
    for n in (1, k):
        for f, g in ((splder, si.splder), (splantider, si.splantider)):
            r, e = f(tck, n), g(tck, n)
            np.testing.assert_array_equal(r[0], e[0])
            np.testing.assert_allclose(r[1], e[1], rtol=1e-13, atol=1e-13)
            assert r[2] == e[2]
    # @njit: the same values
    xins = valid[-1]
    nsp, nal, nins, nder, nanti, nwrk = nj_ops(tck, 2.5, 7.1, 4.4, xins, 2, per)
    assert nsp == splint(2.5, 7.1, tck)
    np.testing.assert_array_equal(nal, spalde(4.4, tck))
    ins = insert(xins, tck, m=2, per=per)
    assert valid
    for a, b in zip(nins, ins):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(nder, splder(tck)):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(nanti, splantider(tck, 2)):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(nwrk, wrk)


@pytest.mark.parametrize("shift, mest", [(0.0, 10), (0.3, 10), (-0.9, 10), (0.0, 2)])
def test_sproot(fits, shift, mest):
    t, c, k = fits[3]
    tck = (t, c - shift, 3)
    ref = _quiet(si.sproot, tck, mest)
    got = _quiet(sproot, tck, mest)
    np.testing.assert_allclose(got, ref, rtol=1e-13, atol=1e-13)
    np.testing.assert_array_equal(nj_roots(tck, mest), got)
    if mest == 2:
        with pytest.warns(RuntimeWarning, match="The number of zeros exceeds mest"):
            sproot(tck, mest)


# ---------------------------------------------------------------- bad input
_T3 = _tck(*si.splrep(np.linspace(0, 1, 10), np.linspace(0, 1, 10) ** 2))
BAD_FITS = [
    ("mismatched w", dict(x=X, y=Y, w=np.ones(3)), TypeError,
     "len(w)=3 is not equal to m=50"),
    ("mismatched y", dict(x=X, y=Y[:10], w=np.ones(50)), TypeError,
     "Lengths of the first three arguments (x,y,w) must be equal"),
    ("k=6", dict(x=X, y=Y, w=np.ones(50), k=6), TypeError,
     "Given degree of the spline (k=6) is not supported. (1<=k<=5)"),
    ("m <= k", dict(x=X[:3], y=Y[:3], w=np.ones(3), k=3), TypeError, "m > k must hold"),
    ("task", dict(x=X, y=Y, w=np.ones(50), task=2), TypeError, "task must be -1, 0 or 1"),
    ("task=-1 no t", dict(x=X, y=Y, w=np.ones(50), task=-1), TypeError,
     "Knots must be given for task=-1"),
    ("unsorted x", dict(x=X[::-1].copy(), y=Y, w=np.ones(50)), ValueError,
     "Error on input data"),
    ("nan y", dict(x=X, y=np.where(X > 5, np.nan, Y), w=np.ones(50)), ValueError,
     "array must not contain infs or NaNs"),
    ("inf x", dict(x=np.where(X > 5, np.inf, X), y=Y, w=np.ones(50)), ValueError,
     "array must not contain infs or NaNs"),
]


@njit
def nj_fit_task(x, y, w, k, task, s):
    return splrep(x, y, w=w, k=k, task=task, s=s)


@pytest.mark.parametrize("name, kw, exc, message", BAD_FITS, ids=[b[0] for b in BAD_FITS])
def test_splrep_bad_input(name, kw, exc, message):
    kw = dict(kw)
    kw.setdefault("k", 3)
    kw.setdefault("task", 0)
    kw.setdefault("s", 0.0)
    with pytest.raises(exc) as py_err:
        splrep(**kw)
    assert str(py_err.value) == message
    with pytest.raises(exc) as nj_err:
        nj_fit_task(kw["x"], kw["y"], kw["w"], kw["k"], kw["task"], kw["s"])
    assert str(nj_err.value) == message


BAD_OTHERS = [
    ("splev der", lambda: splev(0.5, _T3, der=4), ValueError, "0<=der=4<=k=3 must hold"),
    ("splev ext", lambda: splev(0.5, _T3, ext=5), ValueError, "ext = 5 not in (0, 1, 2, 3) "),
    ("splev short c", lambda: splev(0.5, (_T3[0], _T3[1][:3], 3)), ValueError,
     "(len(c)>=n-k-1) failed for 2nd argument c"),
    ("splint short c", lambda: splint(0, 1, (_T3[0], _T3[1][:3], 3)), ValueError,
     "(len(c)>=n-k-1) failed for 2nd argument c"),
    ("sproot short c", lambda: sproot((_T3[0], _T3[1][:3], 3)), ValueError,
     "(len(c)>=n-3-1) failed for 2nd argument c"),
    ("spalde short c", lambda: spalde(0.5, (_T3[0], _T3[1][:3], 3)), ValueError,
     "(len(c)>=n-k1) failed for 2nd argument c"),
    ("insert short c", lambda: insert(0.5, (_T3[0], _T3[1][:3], 3)), ValueError,
     "Invalid input data"),
    ("sproot k", lambda: sproot((_T3[0], _T3[1], 2)), ValueError,
     "sproot works only for cubic (k=3) splines"),
    ("sproot knots", lambda: sproot((_T3[0][:7], _T3[1], 3)), TypeError,
     "The number of knots 7>=8"),
    ("spalde outside", lambda: spalde(2.0, _T3), TypeError,
     "Invalid input data. t(k)<=x<=t(n-k+1) must hold."),
    ("insert outside", lambda: insert(2.0, _T3), ValueError, "Invalid input data"),
    ("splder n > k", lambda: splder(_T3, 4), ValueError,
     "Order of derivative (n = 4) must be <= order of spline (k = 3)"),
]


@pytest.mark.parametrize("name, call, exc, message", BAD_OTHERS, ids=[b[0] for b in BAD_OTHERS])
def test_bad_input_messages(name, call, exc, message):
    with pytest.raises(exc) as err:
        call()
    assert str(err.value) == message


# insert is left out: scipy's C wrapper of insert does not check len(c) and answers some
# short c arrays (reading past their end); scijit refuses them ("Invalid input data").
@pytest.mark.parametrize("routine", ["splev", "splint", "sproot", "spalde"])
def test_short_coefficients_as_scipy(routine):
    """A c shorter than n - k - 1: scipy's f2py message and exception class (its
    ``_dfitpack.error``, which scipy's own tests catch), and a ValueError too."""
    short = (_T3[0], _T3[1][:3], 3)
    args = {"splev": (0.5, short), "splint": (0, 1, short), "sproot": (short,),
            "spalde": (0.5, short)}[routine]
    with pytest.raises(Exception) as theirs:
        getattr(si, routine)(*args)
    with pytest.raises(ValueError) as ours:
        globals()[routine](*args)
    assert str(ours.value) == str(theirs.value)
    assert isinstance(ours.value, type(theirs.value))


@njit
def nj_fit_samples(x, y, s, per):
    return splrep(x, y, s=s, per=per)


@njit
def nj_fit_per_knots(x, y, t, per):
    return splrep(x, y, t=t, per=per)


@njit
def nj_insert(x, t, c, k):
    return insert(x, (t, c, k))


_X10 = np.linspace(0.0, 1.0, 10)
_X30 = np.linspace(0.0, 1.0, 30)
#: input scipy refuses (each was once accepted or mangled): name -> (call with
#: scipy's or scijit's module, the same through an @njit caller)
REFUSED = {
    "insert x=nan": (lambda m: m.insert(np.nan, _T3), lambda: nj_insert(np.nan, *_T3)),
    "splrep s=nan": (lambda m: m.splrep(_X10, _X10 ** 2, s=np.nan),
                     lambda: nj_fit_samples(_X10, _X10 ** 2, np.nan, 0)),
    "splrep per s=nan": (lambda m: m.splrep(_X10, _X10 ** 2, s=np.nan, per=1),
                         lambda: nj_fit_samples(_X10, _X10 ** 2, np.nan, 1)),
    "splrep s=-1": (lambda m: m.splrep(_X10, _X10 ** 2, s=-1.0),
                    lambda: nj_fit_samples(_X10, _X10 ** 2, -1.0, 0)),
    "splrep x (2, 5)": (lambda m: m.splrep(_X10.reshape(2, 5), _X10.reshape(2, 5)),
                        lambda: nj_fit_samples(_X10.reshape(2, 5), _X10.reshape(2, 5), 0.0, 0)),
    "splrep x (6, 5)": (lambda m: m.splrep(_X30.reshape(6, 5), _X30.reshape(6, 5)),
                        lambda: nj_fit_samples(_X30.reshape(6, 5), _X30.reshape(6, 5), 0.0, 0)),
    "splrep x (5, 2)": (lambda m: m.splrep(_X10.reshape(5, 2), _X10),
                        lambda: nj_fit_samples(_X10.reshape(5, 2), _X10, 0.0, 0)),
    "splrep per t=[]": (lambda m: m.splrep(_X10, _X10 ** 2, per=1, t=[]),
                        lambda: nj_fit_per_knots(_X10, _X10 ** 2, np.empty(0), 1)),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refuses_what_scipy_refuses_from_both_entries(name):
    import scijit.interpolate
    call, njit_call = REFUSED[name]
    with pytest.raises(Exception) as want:
        call(si)
    for got in (lambda: call(scijit.interpolate), njit_call):
        with pytest.raises(type(want.value)) as err:      # scipy's class (or a subclass)
            got()
        assert str(err.value) == str(want.value)


def test_samples_with_one_long_axis_are_flattened_as_scipy_does():
    col = _X10.reshape(10, 1)
    want = si.splrep(col, _X10 ** 2)
    for got in (splrep(col, _X10 ** 2), nj_fit_samples(col, _X10 ** 2, 0.0, 0)):
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_allclose(got[1], want[1], rtol=1e-13, atol=1e-15)


def test_njit_errors_match_python():
    with pytest.raises(ValueError, match="0<=der=4<=k=3 must hold"):
        nj_eval_scalar(0.5, _T3, 4, 0)
    with pytest.raises(TypeError, match="must hold"):
        nj_ops(_T3, 0.0, 1.0, 2.0, 0.5, 1, 0)
    with pytest.raises(ValueError, match="Invalid input data"):
        nj_ops(_T3, 0.0, 1.0, 0.5, 2.0, 1, 0)


# ---------------------------------------------------------------- scipy's names, cache
CACHED = """
import numpy as np
import scipy.interpolate as si
from numba import njit

@njit(cache=True)
def fit_and_use(x, y):
    tck = si.splrep(x, y, s=0.01)
    d = si.splder(tck)
    return (si.splev(2.5, tck), si.splev(x, tck, 1)[3], si.splint(0.0, 3.0, tck),
            si.sproot(tck)[0], si.spalde(1.5, tck)[2], si.insert(1.7, tck)[0].size,
            si.splev(1.1, d), si.splantider(tck)[2])

x = np.linspace(0.0, 6.0, 25)
print(repr(fit_and_use(x, np.sin(x))))
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
    x = np.linspace(0.0, 6.0, 25)
    tck = si.splrep(x, np.sin(x), s=0.01)
    expected = (float(si.splev(2.5, tck)), float(si.splev(x, tck, 1)[3]),
                float(si.splint(0.0, 3.0, tck)), float(si.sproot(tck)[0]),
                float(si.spalde(1.5, tck)[2]), si.insert(1.7, tck)[0].size,
                float(si.splev(1.1, si.splder(tck))), si.splantider(tck)[2])
    assert line == repr(expected)


def test_nrt_allocations_balance(fits):
    from numba.core.runtime import rtsys
    tck = fits[3]
    nj_fit(X, Y, W, 3, 2.0, 0)
    nj_ops(tck, 2.5, 7.1, 4.4, 5.0, 2, 0)
    nj_eval(XE, tck, 1, 0)
    before = rtsys.get_allocation_stats()
    for _ in range(20):
        nj_fit(X, Y, W, 3, 2.0, 0)
        nj_ops(tck, 2.5, 7.1, 4.4, 5.0, 2, 0)
        nj_eval(XE, tck, 1, 0)
        nj_eval_scalar(3.3, tck, 0, 0)
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc == after.free - before.free
