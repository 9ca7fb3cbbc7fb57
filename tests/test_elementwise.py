"""scipy.optimize.elementwise (find_root, find_minimum, bracket_root,
bracket_minimum) against scipy 1.17, from both entries.

scipy calls the same compiled functions with arrays, and they apply the same
scalar code element by element (tests/elementwise_problems.py), so every
value, ``nit``, ``nfev`` and ``status`` must be equal, element by element,
not close; and the results must have scipy's keys in scipy's order.
Compilation is the cost: one battery function per kind of problem, so each
solver compiles once for the file, and one caller inside @njit per routine
takes every option as a run-time value.
"""
import warnings
from collections import namedtuple

import numpy as np
import pytest
import scipy.optimize.elementwise as E
from numba import njit
from numba.core.errors import NumbaPerformanceWarning, TypingError

import scijit.optimize.elementwise as S
from scijit.optimize import _elementwise

from checks import run_cached_twice
from elementwise_problems import (Boom, cubic, minima, minimum_cases, parabola, root_cases,
                                  roots)

TINY = np.finfo(float).smallest_normal
EPS = np.finfo(float).eps
ROOT_DEFAULTS = (4 * TINY, 4 * EPS, TINY, 0.0)
INF = np.inf


def assert_same(got, want, numbers=False):
    """``got`` is scipy's ``want``: the same keys in the same order, each
    value equal (NaN where NaN) with scipy's dtype and type; with
    ``numbers`` 0-d values may be numbers of the same value (inside @njit)."""
    assert type(got) is type(want)
    assert list(got) == list(want), (list(got), list(want))
    for key, value in want.items():
        mine = got[key]
        if key == "_order_keys":
            assert mine == value
            continue
        pairs = zip(mine, value) if isinstance(value, tuple) else [(mine, value)]
        if isinstance(value, tuple):
            assert isinstance(mine, tuple) and len(mine) == len(value), key
        for a, b in pairs:
            assert np.array_equal(a, b, equal_nan=True), (key, a, b)
            if numbers and np.ndim(b) == 0:
                assert np.asarray(a).dtype.kind == np.asarray(b).dtype.kind, (key, a, b)
            else:
                assert type(a) is type(b) and a.dtype == b.dtype, (key, type(a), type(b))


# ---------------------------------------------------------------- the callers inside @njit
#: tolerances inside @njit: a namedtuple of scipy's names compiles in a fraction of
#: the time a dict does (a typed dict: test_tolerances_dict_inside_njit)
Tolerances = namedtuple("Tolerances", ("xatol", "xrtol", "fatol", "frtol"))


@njit
def jit_find_root(a, b, k, p, xatol, xrtol, fatol, frtol, maxiter):
    tolerances = Tolerances(xatol, xrtol, fatol, frtol)
    return E.find_root(roots, (a, b), args=(k, p), tolerances=tolerances, maxiter=maxiter)


@njit
def jit_find_minimum(x1, x2, x3, k, p, maxiter):
    return E.find_minimum(minima, (x1, x2, x3), args=(k, p), maxiter=maxiter)


@njit
def jit_bracket_root(xl0, xr0, xmin, xmax, factor, k, p, maxiter):
    return E.bracket_root(roots, xl0, xr0, xmin=xmin, xmax=xmax, factor=factor, args=(k, p),
                          maxiter=maxiter)


@njit
def jit_bracket_minimum(xm0, xl0, xr0, xmin, xmax, factor, k, p, maxiter):
    return E.bracket_minimum(minima, xm0, xl0=xl0, xr0=xr0, xmin=xmin, xmax=xmax,
                             factor=factor, args=(k, p), maxiter=maxiter)


ROOTS = root_cases()
MINIMA = minimum_cases()


# ---------------------------------------------------------------- find_root
ROOT_OPTIONS = [{}, {"maxiter": 3}, {"maxiter": 0},
                {"tolerances": {"xatol": 1e-3, "frtol": 1e-2}},
                {"tolerances": {"xrtol": 0.0, "fatol": 0.0}, "maxiter": 60}]


@pytest.mark.parametrize("options", range(len(ROOT_OPTIONS)))
def test_find_root_matches_scipy_from_both_entries(options):
    a, b, k, p = ROOTS
    kw = ROOT_OPTIONS[options]
    want = E.find_root(roots, (a, b), args=(k, p), **kw)
    assert_same(S.find_root(roots, (a, b), args=(k, p), **kw), want)
    tols = dict(zip(("xatol", "xrtol", "fatol", "frtol"), ROOT_DEFAULTS),
                **kw.get("tolerances", {}))
    got = jit_find_root(a, b, k, p, *tols.values(), kw.get("maxiter", _elementwise.ROOT_MAXITER))
    assert_same(got, want)
    if not kw:       # every status scipy gives this battery, and the counts
        assert set(want.status) == {0, -1, -3}
        assert want.nfev.max() > 50 and want.nit.min() == 0


# ---------------------------------------------------------------- find_minimum
MINIMUM_OPTIONS = [{}, {"maxiter": 3}, {"maxiter": 0},
                   {"tolerances": {"xrtol": 1e-3, "fatol": 0.0}},
                   {"tolerances": {"xatol": 0.5, "frtol": 0.0}}]


@pytest.mark.parametrize("options", range(len(MINIMUM_OPTIONS)))
def test_find_minimum_matches_scipy_from_both_entries(options):
    x1, x2, x3, k, p = MINIMA
    kw = MINIMUM_OPTIONS[options]
    want = E.find_minimum(minima, (x1, x2, x3), args=(k, p), **kw)
    assert_same(S.find_minimum(minima, (x1, x2, x3), args=(k, p), **kw), want)
    if "tolerances" not in kw:
        assert_same(jit_find_minimum(x1, x2, x3, k, p, kw.get("maxiter", 100)), want)
    if not kw:
        assert set(want.status) == {0, -1, -3}


# ---------------------------------------------------------------- bracket_root
def _limits(seed):
    a, b, k, p = ROOTS
    rng = np.random.default_rng(seed)
    xmin = np.where(rng.random(a.size) < 0.4, np.minimum(a, b) - 3.0, -INF)
    xmax = np.where(rng.random(a.size) < 0.4, np.maximum(a, b) + 3.0, INF)
    factor = 1.5 + 3 * rng.random(a.size)
    return xmin, xmax, factor


BRACKET_ROOT_OPTIONS = ["defaults", "xr0", "limits", "factor-maxiter", "xmax-only"]


@pytest.mark.parametrize("case", BRACKET_ROOT_OPTIONS)
def test_bracket_root_matches_scipy_from_both_entries(case):
    a, b, k, p = ROOTS
    xmin, xmax, factor = _limits(2)
    kw = {"defaults": {}, "xr0": {"xr0": b}, "limits": {"xr0": b, "xmin": xmin, "xmax": xmax},
          "factor-maxiter": {"factor": factor, "maxiter": 4}, "xmax-only": {"xmax": xmax}}[case]
    want = E.bracket_root(roots, a, args=(k, p), **kw)
    assert_same(S.bracket_root(roots, a, args=(k, p), **kw), want)
    if "xr0" in kw:       # inside @njit every operand an array (None: below)
        got = jit_bracket_root(a, b, kw.get("xmin", np.full_like(a, -INF)),
                               kw.get("xmax", np.full_like(a, INF)),
                               kw.get("factor", np.full_like(a, 2.0)), k, p, 1000)
        assert_same(got, want)
    if case == "limits":
        assert set(want.status) == {0, -1, -2, -3, -5}


# ---------------------------------------------------------------- bracket_minimum
BRACKET_MINIMUM_OPTIONS = ["defaults", "ends", "limits", "factor-maxiter", "left-and-xmax"]


@pytest.mark.parametrize("case", BRACKET_MINIMUM_OPTIONS)
def test_bracket_minimum_matches_scipy_from_both_entries(case):
    x1, x2, x3, k, p = MINIMA
    xmin, xmax, factor = _limits(3)
    kw = {"defaults": {}, "ends": {"xl0": x1, "xr0": x3},
          "limits": {"xl0": x1, "xr0": x3, "xmin": xmin - 3.0, "xmax": xmax},
          "factor-maxiter": {"factor": factor, "maxiter": 4},
          "left-and-xmax": {"xl0": x1, "xmax": xmax}}[case]
    want = E.bracket_minimum(minima, x2, args=(k, p), **kw)
    assert_same(S.bracket_minimum(minima, x2, args=(k, p), **kw), want)
    if "xr0" in kw:
        got = jit_bracket_minimum(x2, x1, x3, kw.get("xmin", np.full_like(x1, -INF)),
                                  kw.get("xmax", np.full_like(x1, INF)), np.full_like(x1, 2.0),
                                  k, p, 1000)
        assert_same(got, want)
    if case == "limits":
        assert set(want.status) == {0, -1, -2, -3, -5}


# ---------------------------------------------------------------- defaults, shapes, broadcasting
@njit
def jit_root_pipeline(x, k, p):
    """A bracket, then the root in it, with every default."""
    br = E.bracket_root(roots, x, args=(k, p))
    return br, E.find_root(roots, br.bracket, args=(k, p))


@njit
def jit_minimum_pipeline(x, k, p):
    bm = E.bracket_minimum(minima, x, args=(k, p))
    return bm, E.find_minimum(minima, bm.bracket, args=(k, p))


def _pipeline_operands():
    """Operands of ranks 2, 1 and 2, broadcast to (4, 6)."""
    x = np.linspace(-3.0, 3.0, 24).reshape(4, 6)
    k = np.arange(6) % 4
    p = np.linspace(0.5, 1.5, 4).reshape(4, 1)
    return x, k, p


def test_defaults_inside_njit_bracket_then_solve():
    x, k, p = _pipeline_operands()
    br, root = jit_root_pipeline(x, k, p)
    want_br = E.bracket_root(roots, x, args=(k, p))
    assert want_br.nit.shape == (4, 6)
    assert_same(br, want_br)
    assert_same(root, E.find_root(roots, want_br.bracket, args=(k, p)))
    assert root.success.sum() >= 12


@pytest.mark.sweep
def test_minimum_defaults_inside_njit_bracket_then_solve():
    x, k, p = _pipeline_operands()
    bm, minimum = jit_minimum_pipeline(x, k, p)
    want_bm = E.bracket_minimum(minima, x, args=(k, p))
    assert_same(bm, want_bm)
    assert_same(minimum, E.find_minimum(minima, want_bm.bracket, args=(k, p)))
    assert minimum.success.sum() >= 12


@njit
def jit_numbers(a, b, p):
    """find_root on numbers: a result of numbers."""
    return E.find_root(roots, (a, b), args=(0, p))


def test_shapes_and_broadcasting_from_both_entries():
    scalar = jit_numbers(0.0, 3.0, 5.0)
    want = E.find_root(roots, (0.0, 3.0), args=(0, 5.0))
    assert_same(scalar, want, numbers=True)
    assert type(scalar.x) is float and type(scalar.nit) is int
    assert_same(S.find_root(roots, (0.0, 3.0), args=(0, 5.0)), want)
    a2 = np.array([[0.0], [1.0], [-1.0]])              # (3, 1)
    b2 = np.array([2.0, 3.0, 4.0, 5.0])                 # (4,)
    p2 = np.array([1.0, 5.0]).reshape(2, 1, 1)          # (2, 1, 1)
    want = E.find_root(roots, (a2, b2), args=(0, p2))
    assert want.x.shape == (2, 3, 4)
    assert_same(S.find_root(roots, (a2, b2), args=(0, p2)), want)
    # integers and lists, an empty broadcast
    for init in (([0, 1], 3), (np.zeros((0, 2)), 3.0)):
        assert_same(S.find_root(roots, init, args=(0, 5.0)), E.find_root(roots, init, args=(0, 5.0)))


@pytest.mark.sweep
def test_numpy_arithmetic_function_and_one_argument():
    """A function of numpy arithmetic (scipy's calls take arrays), args not a tuple."""
    assert_same(S.find_root(cubic, (0.0, 3.0), args=5.0), E.find_root(cubic, (0.0, 3.0), args=5.0))
    assert_same(S.bracket_minimum(parabola, [0.0, 2.0], args=1.0),
                E.bracket_minimum(parabola, [0.0, 2.0], args=1.0))


def test_nan_never_hangs():
    """NaN everywhere: every routine stops at once, as scipy's."""
    nan = np.full(3, np.nan)
    k = np.array([0, 5, 10])
    for ours, theirs, init in ((S.find_root, E.find_root, (nan, nan)),
                               (S.find_minimum, E.find_minimum, (nan, nan, nan))):
        f = roots if ours is S.find_root else minima
        assert_same(ours(f, init, args=(k, nan)), theirs(f, init, args=(k, nan)))
    assert_same(S.bracket_root(roots, nan, args=(k, nan)), E.bracket_root(roots, nan, args=(k, nan)))
    assert_same(S.bracket_minimum(minima, nan, args=(k, nan)),
                E.bracket_minimum(minima, nan, args=(k, nan)))


# ---------------------------------------------------------------- parallel
@njit
def jit_find_root_parallel(a, b, k, p):
    return E.find_root(roots, (a, b), args=(k, p), parallel=True)


def test_parallel_equals_serial_and_is_parallel():
    """numba runs a prange loop serially, with a NumbaPerformanceWarning,
    when it cannot parallelise it: an error here."""
    a, b, k, p = ROOTS
    want = E.find_root(roots, (a, b), args=(k, p))
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        assert_same(S.find_root(roots, (a, b), args=(k, p), parallel=True), want)


@pytest.mark.sweep
def test_parallel_inside_njit():
    a, b, k, p = ROOTS
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaPerformanceWarning)
        assert_same(jit_find_root_parallel(a, b, k, p), E.find_root(roots, (a, b), args=(k, p)))
    k = k.copy()
    k[50] = 12
    p = p.copy()
    p[50] = -100.0
    with pytest.raises(Boom, match="no values past p"):
        jit_find_root_parallel(a, b, k, p)


@pytest.mark.sweep
def test_parallel_equals_serial_every_routine():
    x1, x2, x3, km, pm = MINIMA
    a, b, k, p = ROOTS
    assert_same(S.find_minimum(minima, (x1, x2, x3), args=(km, pm), parallel=True),
                E.find_minimum(minima, (x1, x2, x3), args=(km, pm)))
    assert_same(S.bracket_root(roots, a, args=(k, p), parallel=True),
                E.bracket_root(roots, a, args=(k, p)))
    assert_same(S.bracket_minimum(minima, x2, args=(km, pm), parallel=True),
                E.bracket_minimum(minima, x2, args=(km, pm)))


# ---------------------------------------------------------------- exceptions and callbacks
def test_function_exception_propagates_from_every_entry():
    a, b, k, p = ROOTS
    k = k.copy()
    k[50] = k[120] = 12                   # roots(x, 12, p) raises past p
    p = p.copy()
    p[50] = p[120] = -100.0
    for call in (lambda: E.find_root(roots, (a, b), args=(k, p)),
                 lambda: S.find_root(roots, (a, b), args=(k, p)),
                 lambda: S.find_root(roots, (a, b), args=(k, p), parallel=True),
                 lambda: jit_find_root(a, b, k, p, *ROOT_DEFAULTS, 100)):
        with pytest.raises(Boom, match="no values past p"):
            call()


def test_callback_from_python_is_scipys():
    seen = []

    def record(res):
        seen.append(res.x.copy())

    got = S.find_root(cubic, (0.0, 3.0), args=(np.array([3.0, 5.0]),), callback=record)
    want = E.find_root(cubic, (0.0, 3.0), args=(np.array([3.0, 5.0]),))
    assert_same(got, want)
    assert len(seen) == want.nit.max() + 1          # scipy's calls: before and after each iteration

    def stop(res):
        raise StopIteration

    got = S.find_minimum(parabola, (-1.0, 0.5, 3.0), args=(1.0,), callback=stop)
    assert got.status == -4 and got.nit == 0

    def fail(res):
        raise Boom("from the callback")

    with pytest.raises(Boom, match="from the callback"):
        S.find_root(cubic, (0.0, 3.0), args=(5.0,), callback=fail)


def test_callback_and_complex_refused_inside_njit():
    @njit
    def with_callback(c):
        return S.find_root(cubic, (0.0, 3.0), args=(c,), callback=cubic)

    with pytest.raises(TypingError, match="find_root: 'callback' is not supported inside @njit"):
        with_callback(5.0)

    @njit
    def complex_init(c):
        return E.find_minimum(parabola, (0.0, 1j, 3.0), args=(c,))

    with pytest.raises(TypingError, match=r"find_minimum: 'init\[1\]' must be real"):
        complex_init(1.0)


# ---------------------------------------------------------------- bad input
# (function, args, kwargs): scipy's exception and message must be ours (from Python)
BAD = [
    ("find_root", (cubic, (0.0,)), {}),
    ("find_root", (cubic, 1.0), {}),
    ("find_root", (cubic, (0.0, 3.0)), {"tolerances": {"xatol": -1.0}}),
    ("find_root", (cubic, (0.0, 3.0)), {"tolerances": {"xrtol": np.nan}}),
    ("find_root", (cubic, (0.0, 3.0)), {"tolerances": {"fatol": "a"}}),
    ("find_root", (cubic, (0.0, 3.0)), {"tolerances": {"foo": 1.0}}),
    ("find_root", (cubic, (0.0, 3.0)), {"tolerances": 5}),
    ("find_root", (cubic, (0.0, 3.0)), {"maxiter": -1}),
    ("find_root", (cubic, (0.0, 3.0)), {"maxiter": 2.5}),
    ("find_root", (3.0, (0.0, 3.0)), {}),
    ("find_root", (cubic, (np.zeros(2), np.ones(3))), {"args": (5.0,)}),
    ("find_root", (cubic, (0.0, 3.0)), {"args": (np.ones(3), np.ones(2))}),
    ("find_root", (cubic, (0j, 3.0)), {"args": (5.0,)}),
    ("find_minimum", (parabola, (0.0, 3.0)), {}),
    ("find_minimum", (parabola, (0.0, 1.0, 3.0)), {"tolerances": {"frtol": -1.0}}),
    ("find_minimum", (parabola, (0.0, 1.0, 3.0)), {"tolerances": {"foo": 1.0}}),
    ("find_minimum", (parabola, (0.0, 1.0, 3.0)), {"maxiter": -3}),
    ("bracket_root", (cubic, 0.0), {"factor": 1.0, "args": (5.0,)}),
    ("bracket_root", (cubic, 0.0), {"factor": [3.0, 0.5], "args": (5.0,)}),
    ("bracket_root", (cubic, 0.0), {"maxiter": -1, "args": (5.0,)}),
    ("bracket_root", (cubic, 0.0), {"maxiter": 1.5, "args": (5.0,)}),
    ("bracket_root", (cubic, 0.0), {"maxiter": [1], "args": (5.0,)}),
    ("bracket_root", (cubic, 0.0), {"maxiter": None, "args": (5.0,)}),
    ("bracket_root", (cubic, 0j), {"args": (5.0,)}),
    ("bracket_root", (cubic, 0.0), {"xmin": 1j, "args": (5.0,)}),
    ("bracket_root", (cubic, np.zeros(2), np.ones(3)), {"args": (5.0,)}),
    ("bracket_root", (cubic, np.zeros(2)), {"args": (np.ones(3),)}),
    ("bracket_root", ("f", 0.0), {}),
    ("bracket_minimum", (parabola, 0.0), {"factor": 0.5, "args": (1.0,)}),
    ("bracket_minimum", (parabola, 0.0), {"xl0": 1j, "args": (1.0,)}),
    ("bracket_minimum", (parabola, 0.0), {"maxiter": -2, "args": (1.0,)}),
    ("bracket_minimum", (parabola, np.zeros(2)), {"xl0": np.ones(3), "args": (1.0,)}),
    ("bracket_minimum", (parabola, np.zeros(2)), {"args": (np.ones(3),)}),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_as_scipy_from_python(case):
    name, args, kwargs = BAD[case]
    with pytest.raises(Exception) as want:
        getattr(E, name)(*args, **kwargs)
    with pytest.raises(type(want.value)) as got:
        getattr(S, name)(*args, **kwargs)
    assert str(got.value) == str(want.value)


def test_bad_input_inside_njit_as_scipy():
    a, b, k, p = ROOTS
    for tols, maxiter, message in (((-1.0, 0.0, 0.0, 0.0), 10, "Tolerances must be non-negative"),
                                   ((0.0, np.nan, 0.0, 0.0), 10, "Tolerances must be non-negative"),
                                   (ROOT_DEFAULTS, -1, "`maxiter` must be a non-negative integer")):
        with pytest.raises(ValueError, match=message):
            jit_find_root(a, b, k, p, *tols, maxiter)
    with pytest.raises(ValueError, match="shape mismatch: objects cannot be broadcast"):
        jit_find_root(a, b[:3], k, p, *ROOT_DEFAULTS, 10)
    ones = np.ones_like(a)
    with pytest.raises(ValueError, match="All elements of `factor` must be greater than 1."):
        jit_bracket_root(a, b, -INF * ones, INF * ones, ones, k, p, 10)
    with pytest.raises(ValueError, match="`maxiter` must be a non-negative integer"):
        jit_bracket_root(a, b, -INF * ones, INF * ones, 2 * ones, k, p, -1)
    with pytest.raises(ValueError, match="`maxiter` must be a non-negative integer"):
        jit_find_minimum(a, a, b, k, p, -1)


def test_float32_refused_with_a_clear_error():
    with pytest.raises(TypeError, match="find_root: scijit computes in float64; the inputs have "
                                        "dtype float32"):
        S.find_root(cubic, (np.float32(0.0), 3.0), args=(5.0,))


# ---------------------------------------------------------------- registration, cache, memory
def test_scipy_names_are_the_table():
    from scijit.optimize import _scipy_names
    assert sorted(_scipy_names.elementwise_choosers()) == sorted(E.__all__) == sorted(S.__all__)


def test_nrt_allocations_balance():
    from numba.core.runtime import rtsys
    x1, x2, x3, k, p = MINIMA
    jit_find_minimum(x1, x2, x3, k, p, 100)
    before = rtsys.get_allocation_stats()
    for _ in range(5):
        jit_find_minimum(x1, x2, x3, k, p, 100).x.sum()
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc == after.free - before.free


# numba starts (its extensions are initialised) before scipy.optimize.elementwise
# is imported: scijit's import hook registers scipy's names then
CACHED = """
import numpy as np
from numba import njit

@njit
def warm(v):
    return v + 1

warm(1)
from scipy.optimize import elementwise

@njit
def f(x, c):
    return x * x * x - 2.0 * x - c

@njit(cache=True)
def solve(c):
    res = elementwise.find_root(f, (0.0, 3.0), args=(c,){parallel})
    return res.x, res.nit{bracket}

print(repr(solve(np.array([3.0, 4.0, 5.0]))))
print("HITS", sum(solve.stats.cache_hits.values()), sum(solve.stats.cache_misses.values()))
"""


@pytest.mark.parametrize("variant", [
    "find_root", pytest.param("parallel-and-bracket", marks=pytest.mark.sweep)])
def test_cache_true_in_a_second_process(run_python, tmp_path, variant):
    more = variant != "find_root"
    source = CACHED.format(parallel=", parallel=True" if more else "",
                           bracket=", elementwise.bracket_root(f, 0.0, args=(c,)).nfev"
                           if more else "")
    # scijit's helpers from the test process's cache: only the snippet compiles
    line = run_cached_twice(run_python, source, tmp_path, own_cache_dir=False)
    c = np.array([3.0, 4.0, 5.0])
    res = E.find_root(cubic, (0.0, 3.0), args=(c,))
    want = (res.x, res.nit) + ((E.bracket_root(cubic, 0.0, args=(c,)).nfev,) if more else ())
    assert line == repr(want)


@pytest.mark.sweep
def test_tolerances_dict_inside_njit():
    @njit
    def with_dict(c, xatol):
        return E.find_root(cubic, (0.0, 3.0), args=(c,), tolerances={"xatol": xatol, "frtol": 0.1})

    @njit
    def with_literal(c):
        return E.find_root(cubic, (0.0, 3.0), args=(c,), tolerances={"xatol": 1e-3, "frtol": 0})

    c = np.array([3.0, 5.0])
    assert_same(with_dict(c, 1e-3), E.find_root(cubic, (0.0, 3.0), args=(c,),
                                                tolerances={"xatol": 1e-3, "frtol": 0.1}))
    assert_same(with_literal(c), E.find_root(cubic, (0.0, 3.0), args=(c,),
                                             tolerances={"xatol": 1e-3, "frtol": 0}))
