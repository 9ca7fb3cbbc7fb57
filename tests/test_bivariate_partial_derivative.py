"""RectBivariateSpline.partial_derivative inside @njit (our pardtc) against scipy."""
import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit

X = np.linspace(0.0, 2.0, 12)
Y = np.linspace(-1.0, 1.0, 9)
Z = np.exp(-X[:, None] ** 2) * np.cos(3.0 * Y[None, :])
XP = np.array([-0.2, 0.0, 0.35, 1.1, 2.0, 2.3])
YP = np.array([-1.0, -0.4, 0.2, 0.9, 1.0, 1.2])


@njit
def nj_partial(spl, dx, dy):
    return spl.partial_derivative(dx, dy)


@njit
def nj_partial_use(spl, dx, dy, x, y):
    d = spl.partial_derivative(dx, dy)
    return d(x, y), d(x, y, grid=False), d.ev(x[1], y[1]), d.partial_derivative(0, 0), d.tck


@njit
def nj_partial_zero(spl):
    return spl.partial_derivative(0, 0)


def _same(a, b, same_class=True):
    if same_class:
        assert type(a) is type(b)
    assert a.degrees == b.degrees
    for p, q in zip(a.tck, b.tck):
        assert np.array_equal(p, q)


DEGREES = [(3, 3), (5, 2), (1, 4), (2, 5)]


@pytest.mark.parametrize("kx, ky", DEGREES)
def test_partial_derivative_matches_scipy(kx, ky):
    spl = si.RectBivariateSpline(X, Y, Z, kx=kx, ky=ky, s=0.01)
    for dx in range(kx):
        for dy in range(ky):
            if dx >= ky:                     # scipy's f2py check refuses these (below)
                continue
            ref = spl.partial_derivative(dx, dy)
            # run-time (0, 0): a derived copy (scipy returns the spline itself)
            _same(nj_partial(spl, dx, dy), ref, same_class=(dx, dy) != (0, 0))
    dx, dy = kx - 1 if kx - 1 < ky else 0, ky - 1
    ref = spl.partial_derivative(dx, dy)
    grid, points, one, same, tck = nj_partial_use(spl, dx, dy, XP, YP)
    np.testing.assert_allclose(grid, ref(XP, YP), rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(points, ref(XP, YP, grid=False), rtol=1e-13,
                               atol=1e-13)
    np.testing.assert_allclose(one, ref(XP[1], YP[1], grid=False), rtol=1e-13, atol=1e-13)
    _same(same, ref)


def test_partial_of_partial_and_objects_in_and_out():
    spl = si.RectBivariateSpline(X, Y, Z, s=0.01)
    d = spl.partial_derivative(1, 0)
    _same(nj_partial(d, 0, 1), d.partial_derivative(0, 1))      # a scipy derived spline in
    assert nj_partial_zero(spl).__class__ is si.RectBivariateSpline
    _same(nj_partial_zero(spl), spl)
    back = nj_partial(spl, 1, 1)
    with pytest.raises(AttributeError):
        back.get_residual()                  # scipy's derived class has no residual


@pytest.mark.parametrize("dx, dy", [(-1, 0), (0, -1), (3, 0), (0, 3), (2, 0)])
def test_errors_match_scipy(dx, dy):
    spl = si.RectBivariateSpline(X, Y, Z, kx=3, ky=2, s=0.01)
    with pytest.raises(Exception) as want:
        spl.partial_derivative(dx, dy)
    with pytest.raises(type(want.value)) as got:
        nj_partial(spl, dx, dy)
    assert str(got.value) == str(want.value)
    assert isinstance(got.value, ValueError)
