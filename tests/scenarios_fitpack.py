"""Canary scenarios for the 1-D FITPACK entry points and their size
functions (see tests/native_canary.py).

Each scenario function takes a size j = 1, 2, 3, 5, 8, 13 and returns a
Scenario of one well-posed call; the sweep moves the number of data points
m, the degree k (1..5, every degree over the sweep) and nest (from the
least FITPACK accepts upwards).  The splines come from scipy's splrep on
y = sin(x) + cos(3x)/10, and the checks compare with scipy's FITPACK.
"""
import numpy as np
import scipy.interpolate as si
from scipy.interpolate import _dfitpack

from native_canary import Scenario, native_size


def _degree(j):
    return 1 + j % 5


def _data(m, periodic=False):
    x = np.linspace(0.0, 10.0, m)
    y = np.sin(x) + 0.1 * np.cos(3.0 * x)
    if periodic:
        y[-1] = y[0]
    return x, y


def _spline(j, k=None):
    """(t, c, k) of a smoothing spline with j + 2k + 4 data points."""
    k = _degree(j) if k is None else k
    x, y = _data(j + 2 * k + 4)
    t, c, k = si.splrep(x, y, k=k, s=0.01 * j)
    return t, c, k


def _close(got, want, what):
    got, want = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
    assert got.shape == want.shape, (what, got.shape, want.shape)
    assert np.allclose(got, want, rtol=1e-9, atol=1e-11), (what, got, want)


def _points(t, k, m, outside=0.0):
    a, b = t[k], t[t.size - k - 1]
    return np.linspace(a - outside, b + outside, m)


# ---------------------------------------------------------------- evaluation
def splev(j):
    t, c, k = _spline(j)
    x = _points(t, k, j, outside=0.5)
    e = j % 4 if j % 4 != 2 else 0

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        _close(arrays["y"], si.splev(x, (t, c, k), ext=e), "splev")
    return Scenario(scalars=dict(n=t.size, k=k, m=j, e=e), arrays=dict(t=t, c=c, x=x),
                    check=check)


def splder(j):
    t, c, k = _spline(j)
    nu = j % (k + 1)
    x = _points(t, k, j + 1, outside=0.25)

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        _close(arrays["y"], si.splev(x, (t, c, k), der=nu), "splder")
    return Scenario(scalars=dict(n=t.size, k=k, nu=nu, m=j + 1, e=0),
                    arrays=dict(t=t, c=c, x=x), check=check)


def spleval(j):
    t, c, k = _spline(j)
    nu = j % (k + 1)
    x = float(_points(t, k, 7)[j % 7])

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        _close(outputs["y"], si.splev(x, (t, c, k), der=nu), "spleval")
    return Scenario(scalars=dict(n=t.size, k=k, nu=nu, x=x, e=0), arrays=dict(t=t, c=c),
                    check=check)


def splint(j):
    t, c, k = _spline(j)
    a, b = 0.3 * j, 10.0 - 0.2 * j

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        _close(outputs["return"], si.splint(a, b, (t, c, k)), "splint")
    return Scenario(scalars=dict(n=t.size, k=k, a=a, b=b), arrays=dict(t=t, c=c), check=check)


def sproot(j):
    t, c, k = _spline(j, k=3)
    c = c - 0.2
    mest = j

    def check(outputs, arrays):
        want = si.sproot((t, c, k), mest=max(mest, 10 * t.size))
        m = outputs["m"]
        assert outputs["ier"] == (1 if want.size > mest else 0), (outputs, want)
        if outputs["ier"] == 0:
            _close(arrays["zero"][:m], want, "sproot")
    return Scenario(scalars=dict(n=t.size, mest=mest), arrays=dict(t=t, c=c), check=check)


def spalde(j):
    t, c, k = _spline(j)
    x = float(_points(t, k, 9)[1 + j % 7])

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        _close(arrays["d"], si.spalde(x, (t, c, k)), "spalde")
    return Scenario(scalars=dict(n=t.size, k1=k + 1, x=x), arrays=dict(t=t, c=c), check=check)


def insert(j):
    periodic = j % 2 == 1
    k = _degree(j)
    if periodic:
        x, y = _data(2 * k + 6 + j, periodic=True)
        t, c, k = si.splrep(x, y, k=k, per=1, s=0.0)
    else:
        t, c, k = _spline(j, k)
    n = t.size
    xi = 0.5 * (t[n // 2] + t[n // 2 + 1])
    nest = n + 1 + j % 3

    def check(outputs, arrays):
        assert outputs["ier"] == 0, outputs
        ti, ci, _ = si.insert(xi, (t, c, k), per=int(periodic))
        nn = outputs["nn"]
        assert nn == n + 1
        _close(arrays["tt"][:nn], ti, "insert t")
        _close(arrays["cc"][:nn - k - 1], ci[:nn - k - 1], "insert c")
    return Scenario(scalars=dict(iopt=int(periodic), n=n, k=k, x=xi, nest=nest),
                    arrays=dict(t=t, c=c), check=check)


# ---------------------------------------------------------------- fitting
def _fit_check(x, y, k, s, nest, per):
    """Compare with scipy's own curfit/percur (f2py), given the same nest."""
    def check(outputs, arrays):
        m = x.size
        t = np.zeros(nest)
        wrk = np.zeros(m * (k + 1) + nest * ((8 + 5 * k) if per else (7 + 3 * k)))
        iwrk = np.zeros(nest, dtype=np.int32)
        w = np.ones(m)
        if per:
            n, c, fp, ier = _dfitpack.percur(0, x, y, w, t, wrk, iwrk, k=k, s=s)
        else:
            n, c, fp, ier = _dfitpack.curfit(0, x, y, w, t, wrk, iwrk, x[0], x[-1], k=k, s=s)
        assert (outputs["ier"], outputs["n"]) == (ier, n), (outputs, n, ier)
        _close(arrays["t"][:n], t[:n], "knots")
        _close(arrays["c"][:n - k - 1], c[:n - k - 1], "coefficients")
        _close(outputs["fp"], fp, "fp")
    return check


def curfit(j):
    k = _degree(j)
    m = j + k + 3
    x, y = _data(m)
    s = 0.0 if j % 2 else 0.05
    nest = (m + k + 1 if s == 0.0 else 2 * k + 3) + j % 4
    return Scenario(
        scalars=dict(iopt=0, m=m, xb=x[0], xe=x[-1], k=k, s=s, nest=nest, n=0),
        arrays=dict(x=x, y=y, w=np.ones(m)), check=_fit_check(x, y, k, s, nest, 0))


def percur(j):
    k = _degree(j)
    m = j + k + 4
    x, y = _data(m, periodic=True)
    s = 0.0 if j % 2 else 0.05
    nest = (m + 2 * k if s == 0.0 else 2 * k + 4) + j % 3
    return Scenario(
        scalars=dict(iopt=0, m=m, k=k, s=s, nest=nest, n=0),
        arrays=dict(x=x, y=y, w=np.ones(m)), check=_fit_check(x, y, k, s, nest, 1))


def fpcurf(j):
    k = _degree(j)
    m = j + k + 6
    x, y = _data(m)
    s = 0.02 * (j % 3)
    nest = m + k + 1 if s == 0.0 else max(m // 2, 2 * (k + 1)) + j % 3

    def check(outputs, arrays):
        want = _dfitpack.fpcurf0(x, y, k, np.ones(m), x[0], x[-1], s, nest)
        n, t, c, fp, ier = want[7], want[8], want[9], want[10], want[13]
        assert outputs["ier"] == ier and outputs["n"] == n, (outputs, n, ier)
        _close(arrays["t"][:n], t[:n], "knots")
        _close(arrays["c"][:n - k - 1], c[:n - k - 1], "coefficients")
        _close(outputs["fp"], fp, "fp")
    return Scenario(
        scalars=dict(iopt=0, m=m, xb=x[0], xe=x[-1], k=k, s=s, nest=nest, n=0, ier_in=0),
        arrays=dict(x=x, y=y, w=np.ones(m)), check=check)


def fpchec(j):
    t, c, k = _spline(j)
    x, _ = _data(j + 2 * k + 4)

    def check(outputs, arrays):
        assert outputs["return"] == 0, outputs
    return Scenario(scalars=dict(m=x.size, n=t.size, k=k), arrays=dict(x=x, t=t), check=check)


# ---------------------------------------------------------------- size functions
def _size(formula):
    name = formula.__name__

    def scenario(j):
        m, k, nest = 3 * j + 2, _degree(j), 2 * _degree(j) + 2 + j

        def check(outputs, arrays):
            assert outputs["return"] == formula(m, k, nest), outputs
            # out of range: k counts as 1..5, a negative m or nest as 0
            assert native_size(name, (m, 9, nest)) == formula(m, 5, nest)
            assert native_size(name, (-m, 0, -nest)) == 0
            assert native_size(name, (2 ** 31 - 1, 5, 2 ** 31 - 1)) == formula(
                2 ** 31 - 1, 5, 2 ** 31 - 1)
        return Scenario(scalars=dict(m=m, k=k, nest=nest), check=check)
    return scenario


def curfit_lwrk(m, k, nest):
    return m * (k + 1) + nest * (7 + 3 * k)


def percur_lwrk(m, k, nest):
    return m * (k + 1) + nest * (8 + 5 * k)


def fpcurf_lwrk(m, k, nest):
    return nest * 3 * (k + 2) + m * (k + 1)


SCENARIOS = {
    "scijit_fitpack_splev": splev,
    "scijit_fitpack_splder": splder,
    "scijit_fitpack_spleval": spleval,
    "scijit_fitpack_splint": splint,
    "scijit_fitpack_sproot": sproot,
    "scijit_fitpack_spalde": spalde,
    "scijit_fitpack_insert": insert,
    "scijit_fitpack_curfit": curfit,
    "scijit_fitpack_percur": percur,
    "scijit_fitpack_fpcurf": fpcurf,
    "scijit_fitpack_fpchec": fpchec,
    "scijit_fitpack_curfit_lwrk": _size(curfit_lwrk),
    "scijit_fitpack_percur_lwrk": _size(percur_lwrk),
    "scijit_fitpack_fpcurf_lwrk": _size(fpcurf_lwrk),
}
