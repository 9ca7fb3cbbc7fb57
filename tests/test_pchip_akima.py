"""PchipInterpolator, Akima1DInterpolator (akima, makima) and pchip_interpolate against scipy.

A few shared @njit drivers (compiled once, parametrised over data) keep the
compile time low.
"""
import re

import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit

from scijit.interpolate import Akima1DInterpolator, PchipInterpolator, pchip_interpolate

from checks import assert_close, sweep_params

RTOL = 1e-12


def _data(n, seed=0):
    rng = np.random.default_rng(n + seed)
    x = np.cumsum(np.r_[0.0, rng.uniform(0.3, 1.5, n - 1)])
    y = np.sin(x) + 0.3 * x
    y[n // 2:n // 2 + 2] = y[n // 2]            # a flat piece: pchip's/akima's special cases
    return x, y


def _close(a, b, rtol=RTOL):
    assert_close(a, b, rtol)


SCIPY = {"pchip": lambda x, y, **kw: si.PchipInterpolator(x, y, **kw),
         "akima": lambda x, y, **kw: si.Akima1DInterpolator(x, y, **kw),
         "makima": lambda x, y, **kw: si.Akima1DInterpolator(x, y, method="makima", **kw)}
OURS = {"pchip": lambda x, y, **kw: PchipInterpolator(x, y, **kw),
        "akima": lambda x, y, **kw: Akima1DInterpolator(x, y, **kw),
        "makima": lambda x, y, **kw: Akima1DInterpolator(x, y, method="makima", **kw)}


# ---------------------------------------------------------------- shared @njit drivers
@njit
def build_all(x, y):
    return (PchipInterpolator(x, y), Akima1DInterpolator(x, y),
            Akima1DInterpolator(x, y, method="makima"))


@njit
def build_axis(x, y, axis):
    return (si.PchipInterpolator(x, y, axis), si.Akima1DInterpolator(x, y, axis),
            si.Akima1DInterpolator(x, y, axis, method="makima", extrapolate=True))


@njit
def evaluate(s, xs, nu):
    return s(xs, nu), s(xs[0], nu)


@njit
def njit_akima(x, y, method):
    return si.Akima1DInterpolator(x, y, method=method)


@njit
def njit_pchip(x, y):
    return si.PchipInterpolator(x, y)


@njit
def njit_pchip_interpolate(xi, yi, x, der):
    return si.pchip_interpolate(xi, yi, x, der)


# ---------------------------------------------------------------- values
@pytest.mark.parametrize("n", [2, 3, 4, 5, 13])
def test_coefficients_and_values_both_entries(n):
    x, y = _data(n)
    jit = dict(zip(("pchip", "akima", "makima"), build_all(x, y)))
    xs = np.r_[np.linspace(x[0] - 1.5, x[-1] + 1.5, 45), x, np.nan]
    for name in ("pchip", "akima", "makima"):
        ref = SCIPY[name](x, y)
        py = OURS[name](x, y)
        for s in (py, jit[name]):
            assert type(s) is type(ref)
            assert s.extrapolate == ref.extrapolate and s.axis == ref.axis
            _close(s.c, ref.c)
            np.testing.assert_array_equal(s.x, ref.x)
        np.testing.assert_array_equal(py.c, jit[name].c)
        for nu in range(4):
            out, first = evaluate(py, xs, nu)
            _close(out, ref(xs, nu))
            assert first == out[0] or np.isnan(first) and np.isnan(out[0])


@pytest.mark.parametrize("name", ["pchip", "akima", "makima"])
@pytest.mark.parametrize("extrapolate", [True, False, "periodic"])
def test_extrapolate_argument(name, extrapolate):
    x, y = _data(9)
    ref = SCIPY[name](x, y, extrapolate=extrapolate)
    s = OURS[name](x, y, extrapolate=extrapolate)
    assert s.extrapolate == ref.extrapolate
    xs = np.linspace(x[0] - 9.0, x[-1] + 7.0, 51)
    for nu in (0, 1):
        _close(evaluate(s, xs, nu)[0], ref(xs, nu))


def test_derivative_antiderivative_integrate_keep_the_class():
    x, y = _data(11)

    @njit
    def methods(s):
        return s.derivative(), s.antiderivative(2), s.integrate(0.5, 7.5)
    for name in ("pchip", "akima", "makima"):
        ref = SCIPY[name](x, y)
        d, a, integral = methods(OURS[name](x, y))
        assert type(d) is type(a) is type(ref)
        _close(d.c, ref.derivative().c)
        _close(a.c, ref.antiderivative(2).c)
        _close(integral, ref.integrate(0.5, 7.5))


def test_nd_y_from_python_any_axis():
    x, _ = _data(8)
    rng = np.random.default_rng(7)
    y = rng.normal(size=(3, 8, 2))
    for name in ("pchip", "akima", "makima"):
        for axis in (1, -2):
            ref = SCIPY[name](x, y, axis=axis)
            s = OURS[name](x, y, axis=axis)
            assert type(s) is type(ref) and s.axis == ref.axis == 1
            assert s.c.shape == ref.c.shape
            _close(s.c, ref.c)
            xs = np.linspace(x[0] - 1, x[-1] + 1, 7)
            _close(s(xs), ref(xs))


def _built_in_njit_with_axis(x, yy, axis):
    """build_axis(x, yy, axis) equals scipy's; returns scipy's Pchip and Akima."""
    got = build_axis(x, yy, axis)
    refs = (si.PchipInterpolator(x, yy, axis), si.Akima1DInterpolator(x, yy, axis),
            si.Akima1DInterpolator(x, yy, axis, method="makima", extrapolate=True))
    for s, ref in zip(got, refs):
        assert type(s) is type(ref) and s.axis == ref.axis and s.extrapolate == ref.extrapolate
        _close(s.c, ref.c)
    return refs[:2]


# 2-D y inside @njit compiles build_axis again for another ndim of y: the same code as
# test_nd_y_inside_njit_with_axis's 3-D y, so sweep.
@pytest.mark.sweep
def test_2d_y_inside_njit_with_axis():
    x, _ = _data(9)
    y = np.random.default_rng(3).normal(size=(9, 3))
    for axis, yy in ((0, y), (1, y.T.copy()), (-1, y.T.copy())):
        _built_in_njit_with_axis(x, yy, axis)


@njit
def methods_nd(s, xs):
    """N-D values inside @njit: every method, points of two ranks."""
    return (s(xs, 1), s(xs[0, 0]), s.derivative(2), s.antiderivative(1),
            s.integrate(0.5, 9.0), s.solve(0.1))


# build_axis builds all three classes (y made C-contiguous: one compilation, another layout
# compiles the same code again); methods_nd compiles once per class, running the same code
# for each: CI runs PchipInterpolator's, Akima1DInterpolator's is sweep.
@pytest.mark.parametrize("cls", sweep_params(["PchipInterpolator", "Akima1DInterpolator"],
                                             {"PchipInterpolator"}))
def test_nd_y_inside_njit_with_axis(cls):
    x, _ = _data(9)
    y = np.random.default_rng(4).normal(size=(9, 2, 3))
    xs = np.r_[np.linspace(x[0] - 1, x[-1] + 1, 11), np.nan].reshape(4, 3)
    for axis in (0, 1, 2, -1):
        yy = np.ascontiguousarray(np.moveaxis(y, 0, axis))
        for s in _built_in_njit_with_axis(x, yy, axis):
            if type(s).__name__ != cls:
                continue
            # scipy's objects in, scipy's objects out
            values, first, d, a, integral, roots = methods_nd(s, xs)
            _close(values, s(xs, 1))
            _close(first, s(xs[0, 0]))
            assert type(d) is type(a) is type(s) and d.axis == a.axis == s.axis
            _close(d.c, s.derivative(2).c)
            _close(a.c, s.antiderivative(1).c)
            _close(integral, s.integrate(0.5, 9.0))
            want = s.solve(0.1)
            assert len(roots) == want.size
            for g, w in zip(roots, want.ravel()):
                _close(g, w)


def test_pchip_interpolate():
    x, y = _data(10)
    xs = np.linspace(x[0], x[-1], 23)
    for der in (0, 1, 2):
        want = si.pchip_interpolate(x, y, xs, der)
        _close(pchip_interpolate(x, y, xs, der), want)
        _close(njit_pchip_interpolate(x, y, xs, der), want)
    got = pchip_interpolate(x, y, xs, der=[0, 1])
    for g, w in zip(got, si.pchip_interpolate(x, y, xs, der=[0, 1])):
        _close(g, w)


def test_scipy_object_in_scipy_object_out():
    x, y = _data(8)
    identity = njit(lambda s: s)
    for obj in (si.PchipInterpolator(x, y), si.Akima1DInterpolator(x, y, method="makima")):
        back = identity(obj)
        assert type(back) is type(obj) and back.c is obj.c and back.extrapolate == obj.extrapolate


# ---------------------------------------------------------------- errors (scipy's wording)
def _message(fn, exc=ValueError):
    with pytest.raises(exc) as info:
        fn()
    return str(info.value)


ERRORS = {
    "not increasing": (np.array([0.0, 2.0, 1.0, 3.0]), np.arange(4.0)),
    "nan in x": (np.array([0.0, np.nan, 1.0, 3.0]), np.arange(4.0)),
    "nan in y": (np.arange(4.0), np.array([0.0, np.nan, 1.0, 3.0])),
    "lengths": (np.arange(5.0), np.arange(4.0)),
    "too short": (np.arange(1.0), np.arange(1.0)),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors_from_both_entries(case):
    x, y = ERRORS[case]
    for name, jit in (("pchip", njit_pchip), ("akima", lambda x, y: njit_akima(x, y, "akima"))):
        want = _message(lambda: SCIPY[name](x, y))
        pattern = "^" + re.escape(want) + "$"
        with pytest.raises(ValueError, match=pattern):
            OURS[name](x, y)
        with pytest.raises(ValueError, match=pattern):
            jit(x, y)


def test_bad_method():
    x, y = _data(5)
    want = _message(lambda: si.Akima1DInterpolator(x, y, method="cubic"), NotImplementedError)
    with pytest.raises(NotImplementedError, match=re.escape(want)):
        Akima1DInterpolator(x, y, method="cubic")
    with pytest.raises(NotImplementedError, match=re.escape(want)):
        njit_akima(x, y, "cubic")
    want = _message(lambda: si.PchipInterpolator(x, y + 1j))
    with pytest.raises(ValueError, match=re.escape(want)):
        PchipInterpolator(x, y + 1j)


# ---------------------------------------------------------------- 2-D values inside @njit
@njit
def evaluate_2d(s, xs, nu):
    return (s(xs, nu), s(xs[0], nu), s(xs.reshape((2, xs.size // 2)), nu), s.derivative(2),
            s.antiderivative(1), s.integrate(0.5, 20.0))


# evaluate_2d compiles once per spline class: CI runs the CubicSplines (axis 0 and 1); a
# PchipInterpolator runs the same code (and its N-D methods run in
# test_nd_y_inside_njit_with_axis), so it is sweep.
@pytest.mark.parametrize("case", sweep_params(["cubic", "cubic-periodic-axis-1", "pchip-axis-1"],
                                              {"cubic", "cubic-periodic-axis-1"}))
def test_2d_values_evaluate_differentiate_integrate_in_njit(case):
    x, _ = _data(9)
    rng = np.random.default_rng(11)
    y = rng.normal(size=(9, 3))
    xs = np.r_[np.linspace(x[0] - 1, x[-1] + 1, 19), np.nan]
    splines = {"cubic": lambda: si.CubicSpline(x, y),
               "cubic-periodic-axis-1": lambda: si.CubicSpline(x, y.T, axis=1,
                                                               extrapolate="periodic"),
               "pchip-axis-1": lambda: si.PchipInterpolator(x, y.T, axis=1)}
    s = splines[case]()
    values, first, values2, d, a, integral = evaluate_2d(s, xs, 1)
    _close(values, s(xs, 1))
    _close(first, s(xs[0], 1))
    _close(values2, s(xs.reshape(2, 10), 1))
    assert type(d) is type(a) is type(s) and d.axis == s.axis
    _close(d.c, s.derivative(2).c)
    _close(a.c, s.antiderivative(1).c)
    _close(integral, s.integrate(0.5, 20.0))


@njit
def njit_cubic_2d(x, y, axis):
    return si.CubicSpline(x, y, axis, "natural")


def test_cubic_spline_nd_y():
    from scijit.interpolate import CubicSpline
    x, _ = _data(9)
    y = np.random.default_rng(12).normal(size=(2, 9, 3))
    for bc in ("not-a-knot", "clamped", ("natural", "clamped")):
        for axis in (1, -2):
            ref = si.CubicSpline(x, y, axis=axis, bc_type=bc)
            s = CubicSpline(x, y, axis=axis, bc_type=bc)
            assert type(s) is si.CubicSpline and s.axis == ref.axis
            _close(s.c, ref.c)
    yp = y.copy()
    yp[:, -1] = yp[:, 0]
    ref = si.CubicSpline(x, yp, axis=1, bc_type="periodic")
    s = CubicSpline(x, yp, axis=1, bc_type="periodic")
    _close(s.c, ref.c)
    assert s.extrapolate == ref.extrapolate
    for axis, yy in ((0, y[0]), (1, y[0].T.copy())):
        ref = si.CubicSpline(x, yy, axis, "natural")
        s = njit_cubic_2d(x, yy, axis)
        assert s.axis == ref.axis
        _close(s.c, ref.c)
