"""Sampled-data and fixed-order rules against scipy.integrate.

trapezoid, simpson, romb, cumulative_trapezoid, cumulative_simpson reproduce
numpy's operation order (elementwise formulas, pairwise sums along a last
axis), so they are compared tightly; fixed_quad's Gauss-Legendre nodes are
computed by scijit (a few ulps from scipy's roots_legendre).  Compilation is
the cost: one small @njit driver per routine, parametrized over data.
"""
import re
import warnings

import numpy as np
import pytest
import scipy.integrate as si
from numba import njit, prange
from numba.core.errors import NumbaPerformanceWarning, TypingError
from scipy.special import roots_legendre

from scijit.integrate import (cumulative_simpson, cumulative_trapezoid, fixed_quad,
                              newton_cotes, romb, simpson, trapezoid)
from scijit.integrate._fixed import legendre_nodes

from checks import sweep_params

RNG = np.random.default_rng(20260530)


def _close(got, want, rel=1e-13):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    assert got.dtype == want.dtype
    scale = np.max(np.abs(want)) if want.size else 0.0
    np.testing.assert_allclose(got, want, rtol=rel, atol=rel * scale)


# ---------------------------------------------------------------- from Python vs scipy
SHAPES = [(1,), (2,), (3,), (4,), (5,), (8,), (9,), (16,), (17,), (129,), (300,), (1001,),
          (5, 6), (6, 5), (200, 3), (3, 200), (9, 1), (1, 9), (4, 5, 6), (2, 3, 4, 5)]


def _data(shape, axis):
    y = RNG.standard_normal(shape)
    n = shape[axis]
    x = np.cumsum(RNG.random(n) + 0.05)
    other = tuple(i for i in range(len(shape)) if i != axis % len(shape))
    xnd = np.sort(np.expand_dims(x, other) * (1 + 0.2 * RNG.random(shape)), axis=axis)
    return y, x, xnd


CASES = [(s, a) for s in SHAPES for a in range(-len(s), len(s))]


@pytest.mark.parametrize("shape, axis", CASES, ids=[f"{s}-{a}" for s, a in CASES])
def test_python_entry_matches_scipy(shape, axis):
    y, x, xnd = _data(shape, axis)
    n = shape[axis]
    for kw in ({}, {"dx": 0.37}):
        _close(trapezoid(y, axis=axis, **kw), si.trapezoid(y, axis=axis, **kw))
        _close(simpson(y, axis=axis, **kw), si.simpson(y, axis=axis, **kw))
        _close(cumulative_trapezoid(y, axis=axis, **kw),
               si.cumulative_trapezoid(y, axis=axis, **kw))
        _close(cumulative_simpson(y, axis=axis, **kw), si.cumulative_simpson(y, axis=axis, **kw))
    for xx in (x, xnd):
        _close(trapezoid(y, xx, axis=axis), si.trapezoid(y, xx, axis=axis))
        _close(simpson(y, x=xx, axis=axis), si.simpson(y, x=xx, axis=axis))
        _close(cumulative_trapezoid(y, xx, axis=axis, initial=0),
               si.cumulative_trapezoid(y, xx, axis=axis, initial=0))
        _close(cumulative_simpson(y, x=xx, axis=axis, initial=1.5),
               si.cumulative_simpson(y, x=xx, axis=axis, initial=1.5))
    if n >= 2 and (n - 1) & (n - 2) == 0:
        _close(romb(y, dx=0.3, axis=axis), si.romb(y, dx=0.3, axis=axis))


COMPLEX_CASES = [((9,), -1), ((66,), 0), ((130,), -1), ((300,), 0), ((5, 17), 1), ((17, 5), 0),
                 ((4, 5, 9), 2), ((4, 9, 5), -2)]


@pytest.mark.parametrize("shape, axis", COMPLEX_CASES,
                         ids=[f"{s}-{a}" for s, a in COMPLEX_CASES])
def test_complex_samples_match_scipy(shape, axis):
    """Real and imaginary parts computed as numpy computes complex arithmetic
    with real coefficients, summed in numpy's complex pairwise order."""
    y = RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
    x = np.cumsum(RNG.random(shape[axis]) + 0.05)
    for ours, theirs in ((trapezoid, si.trapezoid), (cumulative_trapezoid,
                                                       si.cumulative_trapezoid)):
        _close(ours(y, x, axis=axis), theirs(y, x, axis=axis))
        _close(ours(y, dx=0.3, axis=axis), theirs(y, dx=0.3, axis=axis))
    for ours, theirs in ((simpson, si.simpson), (cumulative_simpson, si.cumulative_simpson)):
        _close(ours(y, x=x, axis=axis), theirs(y, x=x, axis=axis))
        _close(ours(y, dx=0.3, axis=axis), theirs(y, dx=0.3, axis=axis))
    _close(cumulative_simpson(y, x=x, axis=axis, initial=1.5),
           si.cumulative_simpson(y, x=x, axis=axis, initial=1.5))
    _close(cumulative_simpson(y, axis=axis, initial=2 - 1j),
           si.cumulative_simpson(y, axis=axis, initial=2 - 1j))
    n = 2 ** int(np.log2(shape[axis] - 1)) + 1
    yr = np.take(y, np.arange(n), axis=axis)
    _close(romb(yr, dx=0.3, axis=axis), si.romb(yr, dx=0.3, axis=axis))


def test_returns_scipys_types():
    y = np.linspace(0.0, 1.0, 9)
    assert type(trapezoid(y)) is type(si.trapezoid(y)) is np.float64
    assert type(simpson(y)) is np.float64 and type(romb(y)) is np.float64
    assert trapezoid(np.arange(5)) == si.trapezoid(np.arange(5))          # integers
    assert simpson([1, 2, 4, 8]) == si.simpson([1, 2, 4, 8])              # lists
    assert romb(np.arange(3, 12)) == si.romb(np.arange(3, 12)) == 56.0


@pytest.mark.parametrize("k", range(0, 11))
def test_romb_matches_scipy(k):
    n = 2 ** k + 1
    for shape, axis in (((n,), -1), ((3, n), 1), ((n, 4), 0), ((2, n, 3), 1)):
        y = RNG.standard_normal(shape)
        _close(romb(y, dx=0.25, axis=axis), si.romb(y, dx=0.25, axis=axis))


def test_romb_show_prints_scipys_table(capsys):
    y = np.sin(np.power(np.arange(10, 14.25, 0.25), 2.5))
    got = romb(y, show=True)
    ours = capsys.readouterr().out
    want = si.romb(y, show=True)
    assert capsys.readouterr().out == ours and got == want
    romb(np.ones((2, 3)), show=True)
    assert "only supported for integrals of a single" in capsys.readouterr().out


MASKED_CASES = {
    "1-D y": lambda: (np.ma.array(np.arange(5.0) ** 2, mask=[0, 0, 1, 0, 0]), None, {}),
    "1-D y, x": lambda: (np.ma.array(np.arange(5.0) ** 2, mask=[0, 0, 1, 0, 0]),
                         np.arange(5.0) * 0.3, {}),
    "1-D y, dx": lambda: (np.ma.array(np.arange(5.0) ** 2, mask=[1, 0, 0, 0, 0]), None,
                          {"dx": 0.5}),
    "masked x": lambda: (np.arange(5.0) ** 2, np.ma.array(np.arange(5.0), mask=[0, 1, 0, 0, 0]),
                         {}),
    "2-D axis 0 (masked results)": lambda: (
        np.ma.array(np.arange(10.0).reshape(2, 5) ** 2, mask=np.arange(10).reshape(2, 5) % 3 == 0),
        None, {"axis": 0}),
    "2-D axis 1, 2-D x": lambda: (
        np.ma.array(np.arange(10.0).reshape(2, 5) ** 2, mask=np.arange(10).reshape(2, 5) % 3 == 0),
        np.arange(10.0).reshape(2, 5), {"axis": 1}),
    "nothing masked": lambda: (np.ma.array(np.arange(6.0)), None, {}),
}


@pytest.mark.parametrize("case", list(MASKED_CASES))
def test_masked_samples_as_scipy(case):
    # scipy's trapezoid keeps y a masked array (intervals touching a masked
    # sample are left out); simpson, romb and the cumulative rules take its data.
    y, x, kw = MASKED_CASES[case]()
    want, got = si.trapezoid(y, x, **kw), trapezoid(y, x, **kw)
    assert type(got) is type(want)
    np.testing.assert_array_equal(np.ma.getdata(got), np.ma.getdata(want))
    np.testing.assert_array_equal(np.ma.getmaskarray(got), np.ma.getmaskarray(want))
    if x is None or not np.ma.isMaskedArray(x):
        _close(simpson(y, x=x, **kw), si.simpson(y, x=x, **kw))
        _close(cumulative_trapezoid(y, x, **kw), si.cumulative_trapezoid(y, x, **kw))



def test_masked_samples_in_the_other_rules():
    """romb and a masked ``x`` follow scipy (the mask is not read); cumulative_simpson
    refuses a ``y`` with masked samples, where scipy 1.17 returns numbers unrelated to the
    samples (each Simpson piece touching a masked sample becomes ``dx/3``)."""
    y9 = np.ma.array(np.arange(9.0) ** 2, mask=np.arange(9) == 2)
    assert romb(y9, dx=0.5) == si.romb(y9, dx=0.5)
    x = np.arange(6.0) * 0.5
    masked_x = np.ma.array(x, mask=x == 1.0)
    _close(cumulative_simpson(x * x, x=masked_x), si.cumulative_simpson(x * x, x=masked_x))
    masked_y = np.ma.array(x * x, mask=x == 1.0)
    theirs = si.cumulative_simpson(masked_y)
    assert not np.allclose(theirs, si.cumulative_simpson(x * x))  # scipy's defect, still there
    with pytest.raises(ValueError, match="`y` has masked samples"):
        cumulative_simpson(masked_y)
    # nothing masked, or fewer than 3 samples (scipy's trapezoid branch): scipy's answer
    _close(cumulative_simpson(np.ma.array(x * x)), si.cumulative_simpson(np.ma.array(x * x)))
    short = np.ma.array([1.0, 4.0], mask=[0, 1])
    _close(cumulative_simpson(short), si.cumulative_simpson(short))


def test_masked_arrays_refused_inside_njit():
    # numba has no masked arrays: the call of the @njit function refuses one (a
    # TypingError), naming the type, before any of scijit's code runs
    masked = np.ma.array(np.arange(5.0), mask=[0, 0, 1, 0, 0])
    for driver in (_nj_trapezoid, _nj_cumulative_simpson):
        with pytest.raises(TypingError, match="Unsupported array type: numpy.ma.MaskedArray"):
            driver(masked, None, 1.0, -1)

def test_even_sample_count_uses_cartwright_correction():
    x = np.sort(RNG.random(10)) * 2.0                 # even N, uneven x: exact for quadratics
    y = x ** 2 - 2 * x
    exact = (x[-1] ** 3 - x[0] ** 3) / 3 - (x[-1] ** 2 - x[0] ** 2)
    assert simpson(y, x=x) == si.simpson(y, x=x)
    assert abs(simpson(y, x=x) - exact) < 1e-14


def test_trapezoid_broadcasts_a_two_point_x_as_numpy_does():
    y = RNG.standard_normal((5, 3))
    _close(trapezoid(y, np.array([0.0, 0.5]), axis=0), si.trapezoid(y, [0.0, 0.5], axis=0))
    _close(trapezoid(np.array([1.0, 2.0]), np.arange(6.0)),
           si.trapezoid([1.0, 2.0], np.arange(6.0)))


def test_cumulative_simpson_array_dx_and_initial():
    y = RNG.standard_normal((4, 7))
    dx = RNG.random((4, 1)) + 0.1
    init = RNG.random((4, 1))
    _close(cumulative_simpson(y, dx=dx, initial=init),
           si.cumulative_simpson(y, dx=dx, initial=init))
    _close(cumulative_simpson(y[:, :2], dx=dx, initial=init),
           si.cumulative_simpson(y[:, :2], dx=dx, initial=init))


# ---------------------------------------------------------------- inside @njit: one driver each
@njit
def _nj_trapezoid(y, x, dx, axis):
    return trapezoid(y, x, dx=dx, axis=axis)


@njit
def _nj_simpson(y, x, dx, axis):
    return simpson(y, x, dx=dx, axis=axis)


@njit
def _nj_romb(y, x, dx, axis):
    return romb(y, dx, axis)


@njit
def _nj_cumulative_trapezoid(y, x, dx, axis):
    return cumulative_trapezoid(y, x, dx=dx, axis=axis)


@njit
def _nj_cumulative_simpson(y, x, dx, axis):
    return cumulative_simpson(y, x=x, dx=dx, axis=axis)


NJIT = {"trapezoid": (_nj_trapezoid, trapezoid), "simpson": (_nj_simpson, simpson),
        "romb": (_nj_romb, romb),
        "cumulative_trapezoid": (_nj_cumulative_trapezoid, cumulative_trapezoid),
        "cumulative_simpson": (_nj_cumulative_simpson, cumulative_simpson)}


def _python_call(name, y, x, dx, axis):
    if name == "romb":
        return romb(y, dx, axis)
    if name in ("simpson", "cumulative_simpson"):
        return NJIT[name][1](y, x=x, dx=dx, axis=axis)
    return NJIT[name][1](y, x, dx=dx, axis=axis)


NJIT_CASES = [((9,), -1), ((17,), 0), ((4,), 0), ((2,), -1), ((9, 6), 0), ((9, 6), -2),
              ((5, 17), 1), ((5, 17), -1), ((129, 2), 0), ((3, 300), 1)]


def _ids(params):
    return ["%s-%dd-%s" % (name, nd, kind or "dx") for name, nd, kind in params]


# complex y: the real and imaginary parts through the same drivers, which compile once
# more per (ndim, x) for complex samples; in CI the 2-D case with x (romb: 2-D), which
# takes the complex branches with the 2-D view and x; the 1-D case without x (branches
# the real 1-D case and this one run) in `.ci/sweep`
_COMPLEX_PARAMS = [(name, nd, kind) for name in sorted(NJIT)
                   for nd, kind in ((1, None), (2, "x" if name != "romb" else None))]
_COMPLEX_IN_CI = {p for p in _COMPLEX_PARAMS if p[1] == 2}


@pytest.mark.parametrize("name, nd, kind", sweep_params(_COMPLEX_PARAMS, _COMPLEX_IN_CI),
                         ids=_ids(_COMPLEX_PARAMS))
def test_both_entries_identical_complex(name, nd, kind):
    cases = ((9,), 0) if nd == 1 else (((5, 17), -1), ((17, 5), 0))
    for shape, axis in ([cases] if nd == 1 else cases):
        y, x, _ = _data(shape, axis)
        y = y + 1j * _data(shape, axis)[0]
        xx = x if kind == "x" else None
        if name == "romb":
            y = y[..., :9] if axis == -1 else y[:9]
        got = NJIT[name][0](y, xx, 0.5, axis)
        want = _python_call(name, y, xx, 0.5, axis)
        np.testing.assert_array_equal(got, want)
        _close(np.asarray(got), _python_call_scipy(name, y, xx, 0.5, axis))


@pytest.mark.parametrize("name", sorted(NJIT))
def test_both_entries_identical(name):
    jitted = NJIT[name][0]
    for shape, axis in NJIT_CASES:
        n = shape[axis]
        if name == "romb" and (n - 1) & (n - 2):
            continue
        y, x, xnd = _data(shape, axis)
        xs = [None] if name == "romb" else [None, x] + ([xnd] if len(shape) == 2 else [])
        for xx in xs:
            got = jitted(y, xx, 0.5, axis)
            want = _python_call(name, y, xx, 0.5, axis)
            np.testing.assert_array_equal(got, want)
            _close(got, _python_call_scipy(name, y, xx, 0.5, axis))


def _python_call_scipy(name, y, x, dx, axis):
    f = getattr(si, name)
    if name == "romb":
        return f(y, dx, axis)
    if name in ("simpson", "cumulative_simpson"):
        return f(y, x=x, dx=dx, axis=axis)
    return f(y, x, dx=dx, axis=axis)


@njit
def _literal_axes(y, yi, x):
    return (trapezoid(y, axis=0), simpson(y, axis=0), cumulative_trapezoid(y, x, axis=0,
                                                                             initial=0),
            cumulative_simpson(y, axis=0, initial=2.0), romb(yi[:5]), trapezoid(yi))


def test_inside_njit_literal_axis_ints_and_initial():
    y = RNG.standard_normal((9, 3))
    yi = np.arange(9)
    x = np.cumsum(RNG.random(9))
    got = _literal_axes(y, yi, x)
    want = (si.trapezoid(y, axis=0), si.simpson(y, axis=0),
            si.cumulative_trapezoid(y, x, axis=0, initial=0),
            si.cumulative_simpson(y, axis=0, initial=2.0), si.romb(yi[:5]), si.trapezoid(yi))
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


@njit
def _scipy_names(y, x, c):
    return (si.trapezoid(y, x), si.simpson(y, x=x), si.romb(y[:5], dx=0.5),
            si.cumulative_trapezoid(y, x, initial=0), si.cumulative_simpson(y, x=x),
            si.fixed_quad(_expo, 0.0, 1.0, args=(c,)), si.newton_cotes(4, 1))


def test_scipy_names_compile_inside_njit():
    y = RNG.standard_normal(9)
    x = np.cumsum(RNG.random(9))
    got = _scipy_names(y, x, 2.0)
    assert got[0] == trapezoid(y, x) and got[1] == simpson(y, x=x)
    assert got[2] == romb(y[:5], dx=0.5)
    np.testing.assert_array_equal(got[3], cumulative_trapezoid(y, x, initial=0))
    np.testing.assert_array_equal(got[4], cumulative_simpson(y, x=x))
    assert got[5] == fixed_quad(_expo, 0.0, 1.0, args=(2.0,))
    np.testing.assert_array_equal(got[6][0], si.newton_cotes(4, 1)[0])


# ---------------------------------------------------------------- fixed_quad
@njit
def _expo(x, c):
    return np.exp(-c * x)


@njit
def _vector(x):
    out = np.empty((2, x.size))
    out[0] = np.sin(x)
    out[1] = x * x
    return out


@njit
def _constant(x):
    return 2.5


def test_legendre_nodes_match_roots_legendre():
    for n in list(range(1, 40)) + [50, 64, 100]:
        x, w = legendre_nodes(n)
        xs, ws = roots_legendre(n)
        np.testing.assert_allclose(x, xs, rtol=0, atol=8 * np.finfo(float).eps)
        np.testing.assert_allclose(w, ws, rtol=1e-10)      # scipy's small weights are worse
        assert abs(w.sum() - 2.0) < 4e-15 and np.all(np.diff(x) > 0)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 13, 30])
def test_fixed_quad_matches_scipy(n):
    got = fixed_quad(_expo, 0.3, 2.1, args=(1.7,), n=n)
    want = si.fixed_quad(_expo, 0.3, 2.1, args=(1.7,), n=n)
    assert got[1] is None and want[1] is None
    _close(got[0], want[0], rel=4e-15)
    _close(fixed_quad(_vector, -1.0, 2.0, n=n)[0], si.fixed_quad(_vector, -1.0, 2.0, n=n)[0],
           rel=4e-15)
    _close(fixed_quad(_constant, 0.0, 2.0, n=n)[0], si.fixed_quad(_constant, 0.0, 2.0, n=n)[0])
    _close(fixed_quad(_cube, 1.0, 0.0, n=n)[0],                        # a plain Python function
           si.fixed_quad(_cube, 1.0, 0.0, n=n)[0], rel=4e-15)


def _cube(x):       # (one function for every n: jitted once, by the first call)
    return x ** 3


def test_fixed_quad_both_entries_identical():
    @njit
    def run(c, n):
        v5, none = fixed_quad(_expo, 0.0, 2.0, args=(c,))        # n=5: frozen nodes
        v9 = fixed_quad(_expo, 0.0, 2.0, (c,), n)[0]             # run-time n
        v7 = fixed_quad(_expo, 0.0, 2.0, args=(c,), n=7)[0]      # literal n
        vv = fixed_quad(_vector, 0.0, 1.0)[0]
        return v5, none, v9, v7, vv
    v5, none, v9, v7, vv = run(1.5, 9)
    assert none is None
    assert v5 == fixed_quad(_expo, 0.0, 2.0, args=(1.5,))[0]
    assert v9 == fixed_quad(_expo, 0.0, 2.0, args=(1.5,), n=9)[0]
    assert v7 == fixed_quad(_expo, 0.0, 2.0, args=(1.5,), n=7)[0]
    np.testing.assert_array_equal(vv, fixed_quad(_vector, 0.0, 1.0)[0])


# ---------------------------------------------------------------- newton_cotes
@pytest.mark.parametrize("N", range(1, 15))
def test_newton_cotes_table_is_scipys(N):
    an, B = newton_cotes(N)
    want = si.newton_cotes(N)
    np.testing.assert_array_equal(an, want[0])
    assert B == want[1]
    np.testing.assert_array_equal(newton_cotes(np.arange(N + 1.0))[0], want[0])


@pytest.mark.parametrize("rn", [[0, 0.5, 2], [0, 0.5, 1.7, 3], [0, 1, 2.5, 3.2, 4.0, 5],
                                [0, 1.5, 2.2, 3], 15, 18])
def test_newton_cotes_general_formula(rn):
    rn = np.array(rn, dtype=float) if isinstance(rn, list) else rn
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        an, B = newton_cotes(rn)
        want = si.newton_cotes(rn)
    np.testing.assert_allclose(an, want[0], rtol=1e-11, atol=1e-13)
    if isinstance(rn, np.ndarray):               # B of N >= 15 is rounding noise in scipy too
        np.testing.assert_allclose(B, want[1], rtol=1e-11)


def test_newton_cotes_inside_njit_identical():
    @njit
    def run(n, rn, eq):
        return newton_cotes(n), newton_cotes(rn), newton_cotes(rn, eq)
    rn = np.array([0.0, 0.5, 1.7, 3.0])
    a, b, c = run(6, rn, 1)
    for got, want in ((a, newton_cotes(6)), (b, newton_cotes(rn)), (c, newton_cotes(rn, 1))):
        np.testing.assert_array_equal(got[0], want[0])
        assert got[1] == want[1]


# ---------------------------------------------------------------- real use
def _loop_body(ys, x, out):
    for i in prange(ys.shape[0]):
        y = ys[i]
        out[i, 0] = simpson(y, x=x)
        out[i, 1] = fixed_quad(_expo, 0.0, 1.0, args=(y[0],))[0]
    return out


def test_prange_equals_serial():
    ys = RNG.standard_normal((64, 17))
    x = np.cumsum(RNG.random(17))
    # serial: the same loop's body from Python (the Python entries give what @njit gives, bit
    # for bit: the tests above), which saves compiling a serial copy of the loop
    serial = np.array([(simpson(y, x=x), fixed_quad(_expo, 0.0, 1.0, args=(y[0],))[0])
                       for y in ys])
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        parallel = njit(parallel=True)(_loop_body)(ys, x, np.empty((64, 2)))
    np.testing.assert_array_equal(parallel, serial)


def test_nrt_allocations_balance_over_many_calls():
    """The callers of the two tests above (every routine, 1-D and 2-D samples, with and
    without x, literal axes, fixed_quad's callback, newton_cotes), compiled once for
    the file: 2 000 calls, their results dropped at once."""
    from numba.core.runtime import rtsys
    ys = RNG.standard_normal((9, 3))
    yi = np.arange(9)
    y = RNG.standard_normal(9)
    x = np.cumsum(RNG.random(9))
    _literal_axes(ys, yi, x), _scipy_names(y, x, 2.0)
    before = rtsys.get_allocation_stats()
    for i in range(1_000):
        _literal_axes(ys, yi, x)
        _scipy_names(y, x, 1.0 + i % 3)
    after = rtsys.get_allocation_stats()
    allocs, frees = after.alloc - before.alloc, after.free - before.free
    assert allocs >= 2_000 and allocs == frees
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free


CACHED_CALLER = """
import numpy as np
from numba import njit
from scijit.integrate import (trapezoid, simpson, romb, cumulative_trapezoid,
                              cumulative_simpson, fixed_quad)

@njit
def f(x, c):
    return np.exp(-c * x)

@njit(cache=True)
def run(y, x, c):
    return (trapezoid(y, x), simpson(y, dx=0.5), romb(y, axis=0),
            cumulative_trapezoid(y, x, axis=0, initial=0)[-1, 0],
            cumulative_simpson(y, x=x, axis=0)[-1, 1], fixed_quad(f, 0.0, 1.0, args=(c,))[0])

y = np.cos(np.arange(18.0)).reshape(9, 2)
x = np.linspace(0.0, 1.0, 9)
print("RESULT", repr(run(y, x, 2.0)[2:]))
print("HITS", sum(run.stats.cache_hits.values()))
print("CALLBACK_COMPILED", len(f.signatures))
"""


def test_cache_true_loads_in_a_second_process(run_python):
    # the snippet's functions are cached next to it (a fresh directory): the second process
    # loads them; scijit's own helpers come from its cache (a NUMBA_CACHE_DIR of the test's
    # own made the first process compile all of those too)
    first = dict(l.split(" ", 1) for l in run_python(CACHED_CALLER).stdout.splitlines())
    second = dict(l.split(" ", 1) for l in run_python(CACHED_CALLER).stdout.splitlines())
    assert first["HITS"] == "0" and second["HITS"] == "1"
    assert second["CALLBACK_COMPILED"] == "0"
    assert first["RESULT"] == second["RESULT"]


# ---------------------------------------------------------------- errors
_Y = np.arange(10.0)
_Y2 = np.ones((4, 5))
BAD = [
    ("trapezoid", _Y, np.arange(9.0), -1),
    ("trapezoid", _Y2, np.arange(9.0), 0),
    ("trapezoid", _Y2, np.ones((3, 4)), -1),
    ("trapezoid", _Y, None, 3),
    ("trapezoid", _Y2, None, -3),
    ("simpson", _Y, np.arange(9.0), -1),
    ("simpson", _Y2, np.ones((4, 4)), 1),
    ("simpson", _Y, None, 1),
    ("simpson", np.zeros(0), None, -1),
    ("romb", np.arange(6.0), None, -1),
    ("romb", np.arange(1.0), None, -1),
    ("romb", _Y2, None, 2),
    ("cumulative_trapezoid", _Y, np.arange(9.0), -1),
    ("cumulative_trapezoid", _Y2, np.arange(3.0), 0),
    ("cumulative_trapezoid", np.zeros(0), None, -1),
    ("cumulative_trapezoid", _Y, None, -2),
    ("cumulative_simpson", _Y, np.arange(9.0), -1),
    ("cumulative_simpson", _Y2, np.ones((4, 4)), -1),
    ("cumulative_simpson", _Y, -_Y, -1),
    ("cumulative_simpson", _Y, None, 3),
    ("cumulative_simpson", _Y2, None, -3),
    ("cumulative_simpson", np.zeros((3, 0)), None, 1),
]


@pytest.mark.parametrize("name, y, x, axis", BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_bad_input_raises_scipys_error_from_both_entries(name, y, x, axis):
    with pytest.raises(Exception) as want:
        _python_call_scipy(name, y, x, 1.0, axis)
    kind, text = type(want.value), re.escape(str(want.value))
    kind = IndexError if issubclass(kind, IndexError) else kind
    with pytest.raises(kind, match=text):
        _python_call(name, y, x, 1.0, axis)
    with pytest.raises(kind, match=text):
        NJIT[name][0](y, x, 1.0, axis)


@pytest.mark.parametrize("name", sorted(NJIT))
def test_non_numeric_samples(name):
    y = np.array(["a", "b", "c"])
    with pytest.raises(Exception) as want:
        _python_call_scipy(name, y, None, 1.0, -1)
    with pytest.raises(TypeError if isinstance(want.value, TypeError) else ValueError,
                       match=re.escape(str(want.value))):
        _python_call(name, y, None, 1.0, -1)
    with pytest.raises(TypingError, match="'y' must be an array of real or complex numbers"):
        NJIT[name][0](y, None, 1.0, -1)


def test_other_bad_input():
    with pytest.raises(ValueError, match=re.escape("`initial` must be `None` or `0`.")):
        cumulative_trapezoid(_Y, initial=1)
    with pytest.raises(ValueError, match="If provided, `dx` must either be a scalar"):
        cumulative_simpson(_Y, dx=np.ones(3))
    with pytest.raises(ValueError, match="If provided, `initial` must either be a scalar"):
        cumulative_simpson(_Y, initial=np.ones(3))
    with pytest.raises(TypeError, match=re.escape("Cannot cast ufunc 'add' output")):
        cumulative_simpson(_Y, initial=1j)                # complex initial, real samples
    with pytest.raises(ValueError, match="only available for finite limits"):
        fixed_quad(_expo, 0.0, np.inf, args=(1.0,))
    with pytest.raises(ValueError, match="n must be a positive integer."):
        fixed_quad(_expo, 0.0, 1.0, args=(1.0,), n=0)
    with pytest.raises(ValueError, match="n must be a positive integer."):
        fixed_quad(_expo, 0.0, 1.0, args=(1.0,), n=2.5)
    with pytest.raises(TypingError, match="'axis' must be an integer"):
        _nj_trapezoid(_Y, None, 1.0, 0.0)
    with pytest.raises(ValueError, match="broadcast together with shapes \\(5,\\) \\(3,\\)"):
        fixed_quad(lambda x: x[:3], 0.0, 1.0)
    with pytest.raises(ValueError, match="The sample positions must start at 0 and end at N"):
        newton_cotes([0, 1, 3])
    with pytest.raises(TypeError, match=re.escape("unsupported operand type(s) for /: 'list'")):
        newton_cotes([0, 0.5, 2])                  # scipy's general formula needs an array

    @njit
    def run(a, b, n):
        return fixed_quad(_expo, a, b, (1.0,), n)[0]
    with pytest.raises(ValueError, match="only available for finite limits"):
        run(0.0, -np.inf, 5)
    with pytest.raises(ValueError, match="n must be a positive integer."):
        run(0.0, 1.0, 0)

    @njit
    def show(y):
        return romb(y, show=True)
    with pytest.raises(TypingError, match="'show' must be False"):
        show(np.ones(5))
