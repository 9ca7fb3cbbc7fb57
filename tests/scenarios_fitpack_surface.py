"""Canary scenarios for the 2-D FITPACK entry points and their size functions
(see tests/native_canary.py).

Each scenario function takes a size k = 1, 2, ... and returns a Scenario of
one well-posed call; the canary test gives every array exactly its declared
size.  The sizes sweep over the degrees kx, ky (1..5 each), the grid and
point counts mx, my, m, the knot counts and regrid's/surfit's nxest, nyest
(and surfit's nmax).  The checks compare with scipy's own FITPACK (its f2py
wrappers in scipy.interpolate._dfitpack, bisplrep, RectBivariateSpline).
"""
import math
import warnings

import numpy as np
import scipy.interpolate as si
from scipy.interpolate import _dfitpack as dfitpack

import native_canary as C
from native_canary import Scenario

RTOL = 1e-12


def _degrees(k):
    """kx, ky over 1..5 as k runs over the canary sizes."""
    return 1 + (3 * k) % 5, 1 + (2 * k) % 5


def _knots(deg, interior, lo, hi):
    inner = lo + (hi - lo) * (np.arange(1, interior + 1) / (interior + 1)) ** 1.3
    return np.concatenate([np.full(deg + 1, lo), inner, np.full(deg + 1, hi)])


def _spline(k):
    """(tx, ty, c, kx, ky): a spline on [0, 1] x [-1, 2] with k-dependent
    degrees, knots and coefficients."""
    kx, ky = _degrees(k)
    tx = _knots(kx, k % 4, 0.0, 1.0)
    ty = _knots(ky, (k + 1) % 3, -1.0, 2.0)
    nc = (tx.size - kx - 1) * (ty.size - ky - 1)
    c = np.cos(0.7 * np.arange(nc) + k)
    return tx, ty, c, kx, ky


def _tck_scalars(tx, ty, kx, ky):
    return dict(nx=tx.size, ny=ty.size, kx=kx, ky=ky)


def _grid(k):
    mx, my = k, k + 1
    x = np.sort(np.linspace(-0.1, 1.1, mx) + 0.01 * np.sin(np.arange(mx)))
    y = np.linspace(-1.2, 2.1, my)
    return x, y


def _points(k):
    m = k + 2
    i = np.arange(m)
    return -0.1 + 1.2 * ((0.37 * i + 0.1 * k) % 1.0), -1.1 + 3.2 * ((0.61 * i + 0.05) % 1.0)


def _orders(k, kx, ky):
    """0 <= nux < min(kx, ky) (scipy's f2py pardtc also checks nux < ky),
    0 <= nuy < ky."""
    return k % min(kx, ky), (k + 1) % ky


def _assert_close(got, want, what):
    assert np.allclose(got, want, rtol=RTOL, atol=RTOL * max(1.0, np.max(np.abs(want)))), (
        what, got, want)


# ---------------------------------------------------------------- evaluation
def bispev(k):
    tx, ty, c, kx, ky = _spline(k)
    x, y = _grid(k)

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        want, ier = dfitpack.bispev(tx, ty, c, kx, ky, x, y)
        _assert_close(arrays["z"], want.reshape(-1), "bispev")
    return Scenario(scalars=dict(_tck_scalars(tx, ty, kx, ky), mx=x.size, my=y.size),
                    arrays=dict(tx=tx, ty=ty, c=c, x=x, y=y), check=check)


def bispeu(k):
    tx, ty, c, kx, ky = _spline(k)
    x, y = _points(k)

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        want, ier = dfitpack.bispeu(tx, ty, c, kx, ky, x, y)
        _assert_close(arrays["z"], want, "bispeu")
    return Scenario(scalars=dict(_tck_scalars(tx, ty, kx, ky), m=x.size),
                    arrays=dict(tx=tx, ty=ty, c=c, x=x, y=y), check=check)


def parder(k):
    tx, ty, c, kx, ky = _spline(k)
    x, y = _grid(k)
    nux, nuy = _orders(k, kx, ky)

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        want, ier = dfitpack.parder(tx, ty, c, kx, ky, nux, nuy, x, y)
        _assert_close(arrays["z"], want.reshape(-1), "parder")
    return Scenario(scalars=dict(_tck_scalars(tx, ty, kx, ky), nux=nux, nuy=nuy, mx=x.size,
                                 my=y.size),
                    arrays=dict(tx=tx, ty=ty, c=c, x=x, y=y), check=check)


def pardeu(k):
    tx, ty, c, kx, ky = _spline(k)
    x, y = _points(k)
    nux, nuy = _orders(k, kx, ky)

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        want, ier = dfitpack.pardeu(tx, ty, c, kx, ky, nux, nuy, x, y)
        _assert_close(arrays["z"], want, "pardeu")
    return Scenario(scalars=dict(_tck_scalars(tx, ty, kx, ky), nux=nux, nuy=nuy, m=x.size),
                    arrays=dict(tx=tx, ty=ty, c=c, x=x, y=y), check=check)


def surface_point(k):
    tx, ty, c, kx, ky = _spline(k)
    x, y = _points(k)
    nux, nuy = _orders(k, kx, ky)

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        want, ier = dfitpack.pardeu(tx, ty, c, kx, ky, nux, nuy, x[:1], y[:1])
        _assert_close(outputs["return"], want[0], "surface_point")
    return Scenario(scalars=dict(_tck_scalars(tx, ty, kx, ky), nux=nux, nuy=nuy, x=x[0],
                                 y=y[0]),
                    arrays=dict(tx=tx, ty=ty, c=c), check=check)


def dblint(k):
    tx, ty, c, kx, ky = _spline(k)
    box = (0.1 * (k % 3), 0.9, 2.0, -0.5 + 0.1 * k)       # one reversed, one clipped

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        want = dfitpack.dblint(tx, ty, c, kx, ky, *box)
        _assert_close(outputs["return"], want, "dblint")
        assert outputs["return"] != 0.0
    return Scenario(scalars=dict(_tck_scalars(tx, ty, kx, ky), xb=box[0], xe=box[1],
                                 yb=box[2], ye=box[3]),
                    arrays=dict(tx=tx, ty=ty, c=c), check=check)


def pardtc(k):
    tx, ty, c, kx, ky = _spline(k)
    nux, nuy = _orders(k, kx, ky)

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        want, ier = dfitpack.pardtc(tx, ty, c, kx, ky, nux, nuy)
        n = (tx.size - nux - kx - 1) * (ty.size - nuy - ky - 1)
        _assert_close(arrays["newc"][:n], want[:n], "pardtc")
    return Scenario(scalars=dict(_tck_scalars(tx, ty, kx, ky), nux=nux, nuy=nuy),
                    arrays=dict(tx=tx, ty=ty, c=c), check=check)


# ---------------------------------------------------------------- fitting
def regrid(k):
    """Odd k: interpolation (s = 0, nxest = mx + kx + 1, checked against
    RectBivariateSpline); even k: smoothing with small nxest, nyest."""
    kx, ky = _degrees(k)
    mx, my = kx + 1 + k, ky + 2 + k % 4
    x = np.linspace(0.0, 1.0, mx) ** 1.2
    y = np.linspace(-1.0, 1.0, my)
    z = np.sin(2.0 * x[:, None] + y[None, :]) + 0.1 * np.cos(7.0 * x[:, None] * y[None, :])
    interpolate = k % 2 == 1
    if interpolate:
        s, nxest, nyest = 0.0, mx + kx + 1, my + ky + 1
    else:
        s, nxest, nyest = 0.05, 2 * (kx + 1) + k % 3, 2 * (ky + 1) + 1

    def check(outputs, arrays):
        ier, nx, ny = outputs["ier"], outputs["nx"], outputs["ny"]
        assert ier in (-2, -1, 0, 1, 2, 3), outputs
        assert 2 * (kx + 1) <= nx <= nxest and 2 * (ky + 1) <= ny <= nyest, outputs
        if interpolate:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ref = si.RectBivariateSpline(x, y, z, kx=kx, ky=ky, s=0.0)
            rtx, rty = ref.get_knots()
            assert (nx, ny) == (rtx.size, rty.size), outputs
            _assert_close(arrays["tx"][:nx], rtx, "regrid tx")
            _assert_close(arrays["ty"][:ny], rty, "regrid ty")
            _assert_close(arrays["c"][:(nx - kx - 1) * (ny - ky - 1)], ref.get_coeffs(),
                          "regrid c")
    return Scenario(scalars=dict(iopt=0, mx=mx, my=my, xb=x[0], xe=x[-1], yb=y[0], ye=y[-1],
                                 kx=kx, ky=ky, s=s, nxest=nxest, nyest=nyest, maxit=20, nx=0,
                                 ny=0),
                    arrays=dict(x=x, y=y, z=z.reshape(-1)), check=check)


def surfit(k):
    """bisplrep's call (nxest, nyest as scipy chooses them; nmax one larger
    for odd k), checked against scipy's bisplrep."""
    kx, ky = 1 + k % 3, 1 + (k + 1) % 3
    m = (kx + 1) * (ky + 1) + 4 * k
    rng = np.random.default_rng(k)
    x = rng.uniform(0.0, 1.0, m)
    y = rng.uniform(-1.0, 1.0, m)
    z = np.exp(-x) * np.cos(2.0 * y) + 0.01 * rng.standard_normal(m)
    w = rng.uniform(0.5, 1.5, m)
    s = m - math.sqrt(2.0 * m)
    nxest = max(int(kx + math.sqrt(m / 2)), 2 * kx + 3)
    nyest = max(int(ky + math.sqrt(m / 2)), 2 * ky + 3)
    nmax = max(nxest, nyest) + k % 2
    box = (x.min(), x.max(), y.min(), y.max())

    def check(outputs, arrays):
        ier, nx, ny = outputs["ier"], outputs["nx"], outputs["ny"]
        assert ier <= 5, outputs
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            (rtx, rty, rc, _, _), fp, rier, _ = si.bisplrep(
                x, y, z, w, *box, kx=kx, ky=ky, s=s, nxest=nxest, nyest=nyest,
                full_output=1)
        assert (ier, nx, ny) == (rier, rtx.size, rty.size), (outputs, rier)
        _assert_close(arrays["tx"][:nx], rtx, "surfit tx")
        _assert_close(arrays["ty"][:ny], rty, "surfit ty")
        _assert_close(outputs["fp"], fp, "surfit fp")
    return Scenario(scalars=dict(iopt=0, m=m, xb=box[0], xe=box[1], yb=box[2], ye=box[3],
                                 kx=kx, ky=ky, s=s, nxest=nxest, nyest=nyest, nmax=nmax,
                                 eps=1e-16, nx=0, ny=0),
                    arrays=dict(x=x, y=y, z=z, w=w), check=check)


# ---------------------------------------------------------------- size functions
# FITPACK's formulas, stated again here (scipy's bisplrep states surfit's).
def _regrid_lwrk(mx, my, kx, ky, nxest, nyest):
    return (4 + nxest * (my + 2 * kx + 5) + nyest * (2 * ky + 5) + mx * (kx + 1)
            + my * (ky + 1) + max(nxest, my))


def _regrid_kwrk(mx, my, nxest, nyest):
    return 3 + mx + my + nxest + nyest


def _surfit_bands(kx, ky, nxest, nyest):
    u, v = nxest - kx - 1, nyest - ky - 1
    bx, by = kx * v + ky + 1, ky * u + kx + 1
    b1, b2 = (bx, bx + v - ky) if bx <= by else (by, by + u - kx)
    return u, v, b1, b2


def _surfit_lwrk1(m, kx, ky, nxest, nyest):
    u, v, b1, b2 = _surfit_bands(kx, ky, nxest, nyest)
    km, ne = max(kx, ky) + 1, max(nxest, nyest)
    return u * v * (2 + b1 + b2) + 2 * (u + v + km * (m + ne) + ne - kx - ky) + b2 + 1


def _surfit_lwrk2(kx, ky, nxest, nyest):
    u, v, b1, b2 = _surfit_bands(kx, ky, nxest, nyest)
    return u * v * (b2 + 1) + b2


def _surfit_kwrk(m, kx, ky, nxest, nyest):
    return m + (nxest - 2 * kx - 1) * (nyest - 2 * ky - 1)


_SIZE_FORMULAS = {"regrid_lwrk": _regrid_lwrk, "regrid_kwrk": _regrid_kwrk,
                  "surfit_lwrk1": _surfit_lwrk1, "surfit_lwrk2": _surfit_lwrk2,
                  "surfit_kwrk": _surfit_kwrk}

_SIZE_PARAMS = {"regrid_lwrk": ("mx", "my", "kx", "ky", "nxest", "nyest"),
                "regrid_kwrk": ("mx", "my", "nxest", "nyest"),
                "surfit_lwrk1": ("m", "kx", "ky", "nxest", "nyest"),
                "surfit_lwrk2": ("kx", "ky", "nxest", "nyest"),
                "surfit_kwrk": ("m", "kx", "ky", "nxest", "nyest")}


def _size_scenario(name):
    params = _SIZE_PARAMS[name]
    formula = _SIZE_FORMULAS[name]

    def scenario(k):
        kx, ky = _degrees(k)
        values = dict(mx=3 * k + kx, my=2 * k + ky + 1, m=7 * k + 20, kx=kx, ky=ky,
                      nxest=2 * kx + 3 + k, nyest=2 * ky + 2 + 2 * k)
        scalars = {p: values[p] for p in params}
        # sizes past 2**31 - 1 must come back exact (computed in 64 bits)
        big = dict(values, mx=60000 + k, my=70000, m=10 ** 6, nxest=60004 + k, nyest=70004)

        def check(outputs, arrays):
            assert outputs["return"] == formula(**scalars), (name, outputs, scalars)
            args = [big[p] for p in params]
            want = formula(**{p: big[p] for p in params})
            assert C.native_size(name, args) == want, (name, args, want)
            if name != "regrid_kwrk":
                assert want > 2 ** 31 - 1, (name, want)
        return Scenario(scalars=scalars, check=check)
    return scenario


SCENARIOS = {
    "scijit_fitpack_bispev": bispev,
    "scijit_fitpack_bispeu": bispeu,
    "scijit_fitpack_parder": parder,
    "scijit_fitpack_pardeu": pardeu,
    "scijit_fitpack_surface_point": surface_point,
    "scijit_fitpack_dblint": dblint,
    "scijit_fitpack_pardtc": pardtc,
    "scijit_fitpack_regrid": regrid,
    "scijit_fitpack_surfit": surfit,
}
SCENARIOS.update({"scijit_fitpack_" + name: _size_scenario(name) for name in _SIZE_FORMULAS})
