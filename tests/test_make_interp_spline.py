"""make_interp_spline against scipy: every degree, boundary conditions, periodic, N-D y."""
import re

import numpy as np
import pytest
import scipy.interpolate as si
from numba import njit

from scijit.interpolate import make_interp_spline

from checks import assert_close, sweep_params

RTOL = 1e-12


def _data(n, seed=0):
    rng = np.random.default_rng(n + 31 * seed)
    x = np.cumsum(np.r_[0.0, rng.uniform(0.3, 1.5, n - 1)])
    return x, np.sin(x) + 0.3 * x


def _close(a, b, rtol=RTOL):
    assert_close(a, b, rtol)


def _same_spline(s, ref):
    assert type(s) is si.BSpline
    assert s.k == ref.k and s.extrapolate == ref.extrapolate and s.axis == ref.axis
    _close(s.t, ref.t)
    _close(s.c, ref.c)


# ---------------------------------------------------------------- shared @njit drivers
@njit
def njit_build(x, y, k):
    return si.make_interp_spline(x, y, k)


@njit
def njit_build_bc(x, y, bc):            # a string: retyped as a literal by numba
    return make_interp_spline(x, y, 3, bc_type=bc)


@njit
def njit_build_derivs(x, y):
    return make_interp_spline(x, y, bc_type=([(1, 0.3)], [(2, -1.0)]))


@njit
def njit_build_derivs_k5(x, y):
    return make_interp_spline(x, y, k=5, bc_type=([(1, 0.3), (2, 0.0)], [(1, -1.0), (2, 0.5)]))


@njit
def njit_build_no_derivs(x, y):
    return make_interp_spline(x, y, bc_type=(None, None))


@njit
def njit_build_2d(x, y, axis):
    return make_interp_spline(x, y, 3, None, "natural", axis)


@njit
def njit_build_t(x, y, t):
    return make_interp_spline(x, y, k=3, t=t)


@njit
def evaluate(s, xs, nu):
    return s(xs, nu)


# ---------------------------------------------------------------- values
@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_every_degree_default_bc(k):
    for n in sorted({k + 1, k + 2, 9, 17}):
        x, y = _data(n)
        ref = si.make_interp_spline(x, y, k=k)
        py = make_interp_spline(x, y, k=k)
        jit = njit_build(x, y, k)
        _same_spline(py, ref)
        _same_spline(jit, ref)
        np.testing.assert_array_equal(py.c, jit.c)
        np.testing.assert_array_equal(py.t, jit.t)
        xs = np.r_[np.linspace(x[0] - 1, x[-1] + 1, 31), np.nan]
        for nu in range(min(k, 3) + 1):
            _close(evaluate(py, xs, nu), ref(xs, nu))


# Inside @njit a string bc_type is a literal: one compilation of njit_build_bc per name.
# CI builds 'natural' (a name read as derivative conditions: 'clamped' takes the same path)
# and, in test_periodic, 'periodic'; 'not-a-knot' is the default None's path (njit_build).
@pytest.mark.parametrize("bc", sweep_params(["natural", "clamped", "not-a-knot"], {"natural"}))
def test_string_bc_types(bc):
    for n in (4, 5, 12):
        x, y = _data(n)
        ref = si.make_interp_spline(x, y, bc_type=bc)
        py = make_interp_spline(x, y, bc_type=bc)
        _same_spline(py, ref)
        np.testing.assert_array_equal(njit_build_bc(x, y, bc).c, py.c)


# Each bc_type is a constant: one compilation of make_interp_spline per case.  CI builds
# derivative lists ([(order, value)] per end, whose length is a run-time value) and
# (None, None); k=5 with two conditions per end is the same code (sweep).
DERIVATIVE_PAIRS = {
    "k=3": (([(1, 0.3)], [(2, -1.0)]), 3, njit_build_derivs),
    "k=5, two per end": (([(1, 0.3), (2, 0.0)], [(1, -1.0), (2, 0.5)]), 5, njit_build_derivs_k5),
    "None, None": ((None, None), 3, njit_build_no_derivs),
}


@pytest.mark.parametrize("case", sweep_params(list(DERIVATIVE_PAIRS), {"k=3", "None, None"}))
def test_derivative_pairs(case):
    x, y = _data(12)
    bc, k, build = DERIVATIVE_PAIRS[case]
    s = build(x, y)
    ref = si.make_interp_spline(x, y, k=k, bc_type=bc)
    py = make_interp_spline(x, y, k=k, bc_type=bc)
    _same_spline(py, ref)
    _same_spline(s, ref)
    np.testing.assert_array_equal(py.c, s.c)


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_periodic(k):
    for n in (3, 4, 7, 16):
        x, y = _data(n)
        y[-1] = y[0]
        ref = si.make_interp_spline(x, y, k=k, bc_type="periodic")
        py = make_interp_spline(x, y, k=k, bc_type="periodic")
        _same_spline(py, ref)
        np.testing.assert_array_equal(njit_build_bc(x, y, "periodic").c,
                                      make_interp_spline(x, y, bc_type="periodic").c)


def test_given_knots():
    x, y = _data(10)
    t = np.r_[[x[0]] * 4, x[2:-2], [x[-1]] * 4]
    ref = si.make_interp_spline(x, y, k=3, t=t)
    _same_spline(make_interp_spline(x, y, k=3, t=t), ref)
    _same_spline(njit_build_t(x, y, t), ref)


def test_nd_y():
    x, _ = _data(9)
    y = np.random.default_rng(5).normal(size=(2, 9, 3))
    for axis in (1, -2):
        for bc in (None, "clamped", "periodic"):
            yy = y.copy()
            if bc == "periodic":
                yy[:, -1] = yy[:, 0]
            ref = si.make_interp_spline(x, yy, bc_type=bc, axis=axis)
            _same_spline(make_interp_spline(x, yy, bc_type=bc, axis=axis), ref)
    y2 = y[0]
    for axis, yy in ((0, y2), (1, y2.T.copy()), (-1, y2.T.copy())):
        ref = si.make_interp_spline(x, yy, bc_type="natural", axis=axis)
        _same_spline(njit_build_2d(x, yy, axis), ref)


@pytest.mark.parametrize("shape", [(10, 0, 5), (10, 5, 0)])
def test_empty_trailing_axis(shape):
    """scipy's TestZeroSizeArrays: an empty trailing axis gives a spline whose
    values are empty (the Python entry used to fail reshaping the boundary
    derivatives)."""
    x, y = np.arange(10.0), np.zeros(shape)
    zeros = np.zeros(shape[1:])
    for bc in ("natural", "clamped", ([(1, zeros)], [(2, zeros)])):
        ref = si.make_interp_spline(x, y, bc_type=bc)
        got = make_interp_spline(x, y, bc_type=bc)
        _same_spline(got, ref)
        assert got(np.arange(3.0)).shape == ref(np.arange(3.0)).shape == (3,) + shape[1:]
    _same_spline(njit_build_2d(x, y, 0), si.make_interp_spline(x, y, bc_type="natural"))


def test_nd_y_inside_njit():
    # y of 3 dimensions, C-contiguous: the type njit_build_2d was compiled for in
    # test_empty_trailing_axis (another ndim or layout compiles the same code again)
    x, _ = _data(9)
    y = np.random.default_rng(6).normal(size=(9, 2, 3))
    for axis in (0, 2, -1):
        yy = np.ascontiguousarray(np.moveaxis(y, 0, axis))
        ref = si.make_interp_spline(x, yy, bc_type="natural", axis=axis)
        got = njit_build_2d(x, yy, axis)
        _same_spline(got, ref)
        xs = np.linspace(x[0] - 1, x[-1] + 1, 6).reshape(2, 3)
        _close(got(xs), ref(xs))
    # scipy's message with the moved shape of y, from both entries
    yy = np.ascontiguousarray(np.moveaxis(y, 0, 2)[:, :, :7])
    with pytest.raises(ValueError) as info:
        si.make_interp_spline(x, yy, bc_type="natural", axis=2)
    assert str(info.value).startswith("Shapes of x (9,) and y (7, 2, 3)")
    pattern = "^" + re.escape(str(info.value)) + "$"
    with pytest.raises(ValueError, match=pattern):
        make_interp_spline(x, yy, bc_type="natural", axis=2)
    with pytest.raises(ValueError, match=pattern):
        njit_build_2d(x, yy, 2)


def test_out_of_bounds_message_from_both_entries():
    x, y = _data(10)
    t = np.r_[[x[0] + 0.1] * 4, x[2:-2], [x[-1]] * 4]
    with pytest.raises(ValueError) as info:
        si.make_interp_spline(x, y, k=3, t=t)
    assert str(info.value).startswith("Out of bounds w/ x = [")
    pattern = "^" + re.escape(str(info.value)) + "$"
    with pytest.raises(ValueError, match=pattern):
        make_interp_spline(x, y, k=3, t=t)
    with pytest.raises(ValueError, match=pattern):
        njit_build_t(x, y, t)


def test_large_banded_build():
    x = np.linspace(0.0, 100.0, 100_000)
    for k in (3, 5):
        ref = si.make_interp_spline(x, np.sin(x), k=k)
        s = make_interp_spline(x, np.sin(x), k=k)
        _close(s.c, ref.c, 1e-9)


# ---------------------------------------------------------------- errors (scipy's wording)
ERRORS = {
    "not increasing": (np.array([0.0, 2.0, 1.0, 3.0, 4.0]), 3, None),
    "duplicates": (np.array([0.0, 1.0, 1.0, 3.0, 4.0]), 3, None),
    "nan in x": (np.array([0.0, np.nan, 1.0, 3.0, 4.0]), 3, None),
    "lengths": (np.arange(6.0), 3, None),
    "negative k": (np.arange(5.0), -1, None),
    "k too large": (np.arange(5.0), 7, None),
    "unknown bc": (np.arange(5.0), 3, "clumped"),
    "k=2 clamped": (np.arange(5.0), 2, "clamped"),
    "k=0 natural": (np.arange(5.0), 0, "natural"),
    "k=1 natural": (np.arange(5.0), 1, "natural"),
    "bad derivative order": (np.arange(5.0), 3, ([(4, 0.0)], [(1, 0.0)])),
    "periodic y": (np.arange(5.0), 3, "periodic"),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors_from_both_entries(case):
    x, k, bc = ERRORS[case]
    y = np.sin(np.arange(5.0))
    with pytest.raises(ValueError) as info:
        si.make_interp_spline(x, y, k=k, bc_type=bc)
    pattern = "^" + re.escape(str(info.value)) + "$"
    with pytest.raises(ValueError, match=pattern):
        make_interp_spline(x, y, k=k, bc_type=bc)
    if bc is None:
        with pytest.raises(ValueError, match=pattern):
            njit_build(x, y, k)
    elif isinstance(bc, str) and k == 3:
        with pytest.raises(ValueError, match=pattern):
            njit_build_bc(x, y, bc)
