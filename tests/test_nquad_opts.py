"""nquad's per-level quad options (points, weight, wvar, ...) and options
given as functions of the outer variables, against scipy.integrate.nquad
calling the SAME @njit functions, from Python and inside @njit.

scipy runs the same QUADPACK routines on bit-identical integrand values, so
y, abserr and neval must be equal.  Every opts structure costs a numba
compilation of the levels: the cases are few and share integrands.
"""
import math
import warnings

import numpy as np
import pytest
import scipy.integrate as si
from numba import njit

from scijit.integrate import dblquad, nquad, tplquad
from scijit.integrate._multiple import NquadComplexError

from checks import sweep_params


@njit
def _f(y, x, c):
    return math.exp(-c * x) * abs(y - 0.5 * x) + y


@njit
def _y_points(x, c):           # options of y (the inner variable): a kink at y = x / 2
    return {"points": [0.5 * x, 7.0], "limit": 20}


@njit
def _y_cos(x, c):              # a weight whose frequency depends on the outer variable
    return {"weight": "cos", "wvar": c * (1.0 + x)}


@njit
def _x_options(c):             # the outermost level's options: functions of args only
    return {"epsrel": 1e-10, "points": [0.25]}


def _scipy(opts, ranges=((0.0, 1.0), (0.0, 2.0)), args=(1.5,)):
    """scipy's answer, the option functions run as Python (numba's literal
    dicts do not box)."""
    if isinstance(opts, list):
        opts = [getattr(o, "py_func", o) for o in opts]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return si.nquad(_f, [list(r) for r in ranges], args=args, opts=opts, full_output=True)


_PYTHON_OPTS = [
    {"points": [0.3, 0.9, 5.0]},
    {"weight": "sin", "wvar": 2.0, "epsabs": 1e-11},
    [{"weight": "alg", "wvar": (0.5, -0.5)}, {"weight": "cauchy", "wvar": 0.7}],
    [{"weight": "cos", "wvar": 3.0, "maxp1": 10}, {"epsrel": 1e-4, "limit": 8}],
    [_y_points, {"points": np.array([0.5])}],
    [_y_cos, _x_options],
]


@pytest.mark.parametrize("opts", _PYTHON_OPTS, ids=range(len(_PYTHON_OPTS)))
def test_python_entry_matches_scipy(opts):
    got = nquad(_f, [[0.0, 1.0], [0.0, 2.0]], args=(1.5,), opts=opts, full_output=True)
    assert got == _scipy(opts)


# Three levels of Python functions (ranges, options, integrand; jitted), one
# compilation of about 25 s: the same generated levels as the two-level option
# functions above and inside @njit below, with one more level (`.ci/sweep`).
@pytest.mark.sweep
def test_scipy_docstring_example_with_option_functions():
    def func(x0, x1, x2, t0, t1):
        return x0 * x2 ** 2 + math.sin(x1) + 1 + (1 if x0 + t1 * x1 - t0 > 0 else 0)

    def lim0(x1, x2, t0, t1):
        return [t0 * x1 + t1 * x2 - 1, t0 * x1 + t1 * x2 + 1]

    def lim1(x2, t0, t1):
        return [x2 + t0 ** 2 * t1 ** 3 - 1, x2 + t0 ** 2 * t1 ** 3 + 1]

    def lim2(t0, t1):
        return [t0 + t1 - 1, t0 + t1 + 1]

    def opts0(x1, x2, t0, t1):
        return {"points": [t0 - t1 * x1]}

    def opts1(x2, t0, t1):
        return {"epsrel": 1e-6}

    def opts2(t0, t1):
        return {"limit": 30}
    want = si.nquad(func, [lim0, lim1, lim2], args=(0, 1), opts=[opts0, opts1, opts2])
    assert nquad(func, [lim0, lim1, lim2], args=(0, 1), opts=[opts0, opts1, opts2]) == want


_RANGES = ((0.0, 1.0), (0.0, 2.0))


@njit
def _inside_points(c):
    return nquad(_f, _RANGES, args=(c,), opts={"points": (0.3, 0.9, 5.0)}, full_output=True)


@njit
def _inside_weights(c):
    return nquad(_f, _RANGES, args=(c,), opts=({"weight": "alg", "wvar": (0.5, -0.5)},
                                               {"weight": "cauchy", "wvar": 0.7}),
                 full_output=True)


@njit
def _inside_functions(c):
    return nquad(_f, _RANGES, args=(c,), opts=(_y_points, {"points": np.array([0.5])}),
                 full_output=True)


@njit
def _inside_weight_functions(c):
    return nquad(_f, _RANGES, args=(c,), opts=(_y_cos, _x_options), full_output=True)


#: (caller, scipy's opts); each caller compiles nested levels for about 7 s
_INSIDE = {
    "points": (_inside_points, {"points": [0.3, 0.9, 5.0]}),
    "weights": (_inside_weights, [{"weight": "alg", "wvar": (0.5, -0.5)},
                                  {"weight": "cauchy", "wvar": 0.7}]),
    "functions": (_inside_functions, [_y_points, {"points": np.array([0.5])}]),
    "weight functions": (_inside_weight_functions, [_y_cos, _x_options]),
}


# in CI: weights per level from literal dicts, and a weight from an option function
# with the outermost level's options from a function; points in one literal dict and
# points from an option function take the literal-dict and option-function paths
# again (test_quad.py's nquad options and the function-ranges test below run those
# in CI): `.ci/sweep`
@pytest.mark.parametrize("case", sweep_params(list(_INSIDE),
                                              in_ci={"weights", "weight functions"}))
def test_inside_njit_matches_scipy(case):
    caller, opts = _INSIDE[case]
    got, want = caller(1.5), _scipy(opts)
    assert got[:2] == want[:2] and got[2]["neval"] == want[2]["neval"]


@njit
def _typed_dict(c, epsrel, limit):
    return nquad(_f, ((0.0, 1.0), (0.0, 2.0)), args=(c,),
                 opts={"epsrel": epsrel, "limit": limit, "maxp1": 10.0})


def test_typed_dict_of_numbers_inside_njit():
    assert _typed_dict(1.5, 1e-4, 8.0) == si.nquad(_f, [[0, 1], [0, 2]], args=(1.5,),
                                                   opts={"epsrel": 1e-4, "limit": 8})


def _error(call):
    with pytest.raises(Exception) as info:
        call()
    return info.type, str(info.value)


@njit
def _bad_literal(c):
    return nquad(_f, ((0.0, 1.0), (0.0, 2.0)), args=(c,), opts={"epsrel": 1e-3, "foo": 1})


@njit
def _bad_typed(c):
    return nquad(_f, ((0.0, 1.0), (0.0, 2.0)), args=(c,), opts={"epsrel": 1e-3, "foo": 1.0})


@njit
def _mixed(c):                 # a literal dict (values of several types)
    return nquad(_f, ((0.0, 1.0), (0.0, 2.0)), args=(c,), opts={"points": (0.5,), "foo": 1})


@njit
def _bad_weight(c):
    return nquad(_f, ((0.0, 1.0), (0.0, 2.0)), args=(c,), opts={"weight": "bogus", "wvar": 1.0})


@njit
def _infinite_points(c):
    return nquad(_f, ((0.0, 1.0), (0.0, np.inf)), args=(c,), opts=(None, {"points": (0.5,)}))


def test_bad_options_raise_scipys_errors_from_both_entries():
    ranges = [[0.0, 1.0], [0.0, 2.0]]
    cases = [({"epsrel": 1e-3, "foo": 1}, ranges,
              [lambda: _bad_literal(1.5), lambda: _bad_typed(1.5), lambda: _mixed(1.5)]),
             ({"weight": "bogus", "wvar": 1.0}, ranges, [lambda: _bad_weight(1.5)]),
             ([{}, {"points": (0.5,)}], [[0.0, 1.0], [0.0, np.inf]],
              [lambda: _infinite_points(1.5)])]
    for opts, rngs, njitted in cases:
        want = _error(lambda: si.nquad(_f, rngs, args=(1.5,), opts=opts))
        assert want[0] in (TypeError, ValueError)
        for call in [lambda: nquad(_f, rngs, args=(1.5,), opts=opts)] + njitted:
            kind, msg = _error(call)
            assert issubclass(kind, want[0]) and msg == want[1], (call, kind, msg)


def _numba_warnings(call):
    """What call() returns, and the numba warnings it gave."""
    from numba.core.errors import NumbaWarning
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = call()
    return out, [w for w in seen if issubclass(w.category, NumbaWarning)]


def test_function_ranges_and_options_inside_njit_compile_without_warnings():
    """A tuple holding @njit functions is a plain tuple: numba's
    "first-class function type is experimental" warning is not given (it is
    where numba does make such a type, checked below)."""
    from numba.core.errors import NumbaExperimentalFeatureWarning

    @njit
    def inner(x, c):
        return (0.0, x)

    @njit
    def run(c):
        return nquad(_f, (inner, (0.0, 2.0)), args=(c,), opts=(_y_points, None))
    got, seen = _numba_warnings(lambda: run(1.5))
    assert seen == []
    assert got == si.nquad(_f, [inner, [0.0, 2.0]], args=(1.5,), opts=[_y_points.py_func, {}])

    @njit
    def one(x):
        return x + 1.0

    @njit
    def two(x):
        return x + 2.0
    one(0.0), two(0.0)
    one.disable_compile(), two.disable_compile()   # one signature each: a function type

    @njit
    def both(x):
        s = 0.0
        for fn in (one, two):
            s += fn(x)
        return s
    total, seen = _numba_warnings(lambda: both(1.0))
    assert total == 5.0
    assert [w.category for w in seen] == [NumbaExperimentalFeatureWarning]


@njit
def _complex_options(x, c):
    return {"complex_func": True}


@njit
def _complex_false(c):
    return nquad(_f, ((0.0, 1.0), (0.0, 2.0)), args=(c,), opts={"complex_func": False})


@njit
def _complex_true(c):
    return nquad(_f, ((0.0, 1.0), (0.0, 2.0)), args=(c,), opts=(None, {"complex_func": True}))


def test_complex_func_false_is_quads_default_and_true_is_refused():
    ranges = [[0.0, 1.0], [0.0, 2.0]]
    want = si.nquad(_f, ranges, args=(1.5,), opts={"complex_func": False})
    assert nquad(_f, ranges, args=(1.5,), opts={"complex_func": False}) == want
    assert _complex_false(1.5) == want
    # scipy takes the key, then fails comparing complex error estimates
    cfunc = njit(lambda y, x: np.exp(1j * x * y))
    with pytest.raises(TypeError):
        si.nquad(cfunc, ranges, opts={"complex_func": True})
    for call in (lambda: nquad(_f, ranges, args=(1.5,), opts={"complex_func": True}),
                 lambda: nquad(_f, ranges, args=(1.5,), opts=[_complex_options, {}]),
                 lambda: nquad(_f, ranges, args=(1.5,), opts=[{}, {"complex_func": 1}]),
                 lambda: _complex_true(1.5)):
        with pytest.raises(NquadComplexError, match="'complex_func' must be False"):
            call()
    assert issubclass(NquadComplexError, TypeError)


def _integration_warnings(call):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = call()
    return out, [str(w.message) for w in seen if issubclass(w.category, si.IntegrationWarning)]


def test_inner_levels_warn_as_scipys_from_python():
    """scipy's nquad warns at every inner quad that fails; ours gives the
    first failing level's warning once, after the outermost's own; with
    full_output neither warns (quad returns the messages)."""
    ranges = [[0.0, 1.0], [0.0, 2.0]]
    for opts in ([{"limit": 1}, {}], [{}, {"limit": 1}],
                 [{"weight": "cos", "wvar": 2.0, "points": [0.5]}, {}]):
        want, scipy_says = _integration_warnings(
            lambda: si.nquad(_f, ranges, args=(1.5,), opts=opts))
        got, we_say = _integration_warnings(lambda: nquad(_f, ranges, args=(1.5,), opts=opts))
        assert got == want
        assert set(we_say) == set(scipy_says) and len(we_say) == len(set(we_say)), opts
        _, quiet = _integration_warnings(
            lambda: nquad(_f, ranges, args=(1.5,), opts=opts, full_output=True))
        assert all("Break points" in m for m in quiet)
    # roundoff at this tolerance (at a frequency of 200, scipy's tplquad takes 13 s to
    # give 255 000 warnings; at 30, 0.2 s and 3 869)
    g = njit(lambda y, x: math.cos(30.0 * x * y))
    h = njit(lambda z, y, x: math.cos(30.0 * x * y))
    for scipy_call, our_call in (
            (lambda: si.dblquad(g, 0, 1, 0, 1, epsabs=1e-14, epsrel=1e-14),
             lambda: dblquad(g, 0, 1, 0, 1, epsabs=1e-14, epsrel=1e-14)),
            (lambda: si.tplquad(h, 0, 1, 0, 1, 0, 1, epsabs=1e-14, epsrel=1e-14),
             lambda: tplquad(h, 0, 1, 0, 1, 0, 1, epsabs=1e-14, epsrel=1e-14))):
        want, scipy_says = _integration_warnings(scipy_call)
        got, we_say = _integration_warnings(our_call)
        np.testing.assert_allclose(got, want, rtol=1e-13)
        assert scipy_says and set(we_say) <= set(scipy_says) and len(we_say) == 1
