"""quad, dblquad, tplquad, nquad against scipy.integrate calling the SAME @njit integrands.

scipy calls a numba dispatcher from Python, so both run the same QUADPACK
algorithm on bit-identical integrand values: neval, last and ier must be
equal and the results agree to rounding.  Compilation is the cost here: the
integrands are few (tests/quad_problems.py) and the @njit callers are
shared across cases.
"""
import math
import re
import warnings

import numpy as np
import pytest
import scipy.integrate as si
from numba import njit, prange
from numba.core.errors import TypingError
from numba.core.runtime import rtsys

from lowering.quadpack import STACK_LIMIT, short_qags_arrays
from scijit.integrate import dblquad, nquad, quad, tplquad
from checks import sweep_params
from quad_problems import CASES, expo, gauss, wiggly

_IDS = [c[0] for c in CASES]
_BY_NAME = {c[0]: c for c in CASES}


def _scipy(f, a, b, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return si.quad(f, a, b, full_output=1, **kw)


def _close(got, want, rel=1e-14):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=rel, atol=1e-300)


def _prefix(info, key):
    """The meaningful part of an infodict array."""
    if key == "iord":                       # scipy's docstring: the first L are ordered
        last, limit = info["last"], info["alist"].size
        return info[key][:last if last <= limit // 2 + 2 else limit + 1 - last]
    if key in ("alist", "blist", "rlist", "elist", "level", "nnlog"):
        return info[key][:info["last"]]
    if key in ("rslst", "erlst", "ierlst"):
        return info[key][:info["lst"]]
    if key == "ndin":                       # one flag per interval: npts2 - 1
        return info[key][:-1]
    if key == "chebmo":
        return info[key][:, :info["momcom"]]
    return info[key]


# ---------------------------------------------------------------- the battery
# Every (integrand, weight) pair compiles the Python entry once.  In CI: each QUADPACK
# routine once, with the pairs test_both_entries_identical compiles anyway (qags,
# qagi from either side and both, reversed limits, qagp, args, limit and tolerances,
# an integer-valued integrand, qawo, qawf reflected, qaws with both logarithms,
# qawc); another integrand or another alg/sin/cos weight through the same routine
# (inv_sqrt, lorentz_minf_inf, sin_finite, cos_0_inf, sin_0_inf, cos_minf_0, alg,
# alg_loga, alg_logb) in `.ci/sweep`.
_SWEPT = {"inv_sqrt", "lorentz_minf_inf", "sin_finite", "cos_0_inf", "sin_0_inf",
          "cos_minf_0", "alg", "alg_loga", "alg_logb"}


@pytest.mark.parametrize("name", sweep_params(_IDS, set(_IDS) - _SWEPT))
def test_quad_matches_scipy(name):
    name, f, a, b, kw, exact = _BY_NAME[name]
    _assert_matches(quad(f, a, b, full_output=1, **kw), _scipy(f, a, b, **kw), exact)


def _assert_matches(got, want, exact=None):
    """quad's full output equals scipy's: counts exactly, values to rounding."""
    assert len(got) == len(want)
    _close(got[0], want[0])
    _close(got[1], want[1])
    info, winfo = got[2], want[2]
    assert type(info) is dict and list(info) == list(winfo)
    for key in winfo:
        if key in ("neval", "last", "lst", "momcom"):
            assert info[key] == winfo[key], key
        elif key in ("iord", "level", "ndin", "nnlog", "ierlst"):
            np.testing.assert_array_equal(_prefix(info, key), _prefix(winfo, key), err_msg=key)
            assert info[key].dtype == winfo[key].dtype
        else:                            # (deep Chebyshev moments: a few ulps)
            _close(_prefix(info, key), _prefix(winfo, key), 1e-13 if key == "chebmo" else 1e-14)
    assert got[3:] == want[3:]                     # message (and explain)
    if exact is not None and len(got) == 3:        # converged: abserr bounds the true error
        assert abs(got[0] - exact) <= got[1] + 4 * np.finfo(float).eps * abs(exact)


@njit
def _non_finite(x, kind, c):
    """inf at c (kind 0), NaN above c (1), inf above c (2), -inf below 0.2
    and inf above c (3)."""
    if kind == 0:
        return abs(x - c) ** -0.5
    if kind == 1:
        return math.nan if x > c else x
    if kind == 2:
        return math.inf if x > c else x
    return -math.inf if x < 0.2 else (math.inf if x > c else x)


_ROUTINES = [{}, {"points": [0.3]}, {"weight": "cauchy", "wvar": 0.3},
             {"weight": "alg", "wvar": (0.5, -0.5)}, {"weight": "cos", "wvar": 3.0},
             {"weight": "sin", "wvar": 30.0}]


@pytest.mark.parametrize("kw", _ROUTINES, ids=["qags", "qagp", "qawc", "qaws", "qawo3", "qawo30"])
def test_non_finite_integrand_values_give_scipys_answers(kw):
    """scipy's QUADPACK is C: its fmax/fmin ignore a NaN, and its tests are
    written so that a NaN error takes particular branches.  Ours follow, so
    an integrand returning inf or NaN gets scipy's answer, not another."""
    for kind in range(4):
        for c in (0.5, 0.7):
            for a, b in ((0.0, 1.0), (0.0, 3.0)):
                want = _scipy(_non_finite, a, b, args=(kind, c), **kw)
                _assert_matches(quad(_non_finite, a, b, args=(kind, c), full_output=1, **kw),
                                want)
    for kind in range(4):                            # qagi and qawf
        for kw_inf in ({}, {"weight": "cos", "wvar": 3.0}):
            if kw_inf == kw:
                want = _scipy(_non_finite, 0.0, np.inf, args=(kind, 0.7), **kw)
                _assert_matches(quad(_non_finite, 0.0, np.inf, args=(kind, 0.7),
                                     full_output=1, **kw), want)


def _njit_caller(weight, _cache={}):
    """One @njit caller per weight (a constant inside numba), shared by all cases."""
    if weight not in _cache:
        @njit
        def call(f, a, b, args, epsabs, epsrel, limit, points, wvar):
            y, e, info, msg = quad(f, a, b, args, 1, epsabs, epsrel, limit, points, weight,
                                   wvar)
            return y, e, info.neval, info.last, msg
        _cache[weight] = call
    return _cache[weight]


_ENTRY_CASES = ["sqrt_log", "gauss_minf_0", "kink_points", "affine_args", "wiggly_limit3",
                "cos_finite", "sin_minf_0", "alg_log", "cauchy_reversed", "integer_valued"]


# each case compiles the caller of its weight for its integrand; in CI one case per
# weight and kind of points (with an infinite range, a message, an integer-valued
# integrand); sqrt_log and affine_args (weight None again) and cos_finite (cos runs
# inside @njit in the cache test, sin here) in `.ci/sweep`
@pytest.mark.parametrize("name", sweep_params(
    _ENTRY_CASES, set(_ENTRY_CASES) - {"sqrt_log", "affine_args", "cos_finite"}))
def test_both_entries_identical(name):
    name, f, a, b, kw, exact = _BY_NAME[name]
    py = quad(f, a, b, full_output=1, **kw)
    points = kw.get("points")
    got = _njit_caller(kw.get("weight"))(
        f, a, b, kw.get("args", ()), kw.get("epsabs", 1.49e-8), kw.get("epsrel", 1.49e-8),
        kw.get("limit", 50), None if points is None else np.array(points, dtype=float),
        kw.get("wvar"))
    assert got[0] == py[0] and got[1] == py[1]
    assert got[2] == py[2]["neval"]
    if "last" in py[2]:
        assert got[3] == py[2]["last"]
    assert got[4] == (py[3] if len(py) > 3 else "")


@njit
def _short(f, a, b, args, epsrel, limit):
    return quad(f, a, b, args, epsabs=0.0, epsrel=epsrel, limit=limit)


# the short form's workspace is on the stack up to STACK_LIMIT (128), on the heap beyond;
# wiggly over [0, 20] needs 226 subintervals, so limits up to 129 stop early (ier 1)
@pytest.mark.parametrize("limit", [1, 3, 128, 129, 400])
@pytest.mark.parametrize("f, a, b, args", [(wiggly, 0.0, 20.0, ()),
                                           (gauss, -np.inf, 0.0, (0.5,))],
                         ids=["wiggly", "gauss_minf_0"])
def test_short_form_matches_scipy_on_stack_and_heap_workspaces(f, a, b, args, limit):
    want = _scipy(f, a, b, args=args, epsabs=0.0, epsrel=1e-13, limit=limit)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        py = quad(f, a, b, args, epsabs=0.0, epsrel=1e-13, limit=limit)
    assert py == want[:2]
    assert _short(f, a, b, args, 1e-13, limit) == want[:2]


@njit
def _fill_short_arrays(limit):
    """Fill short_qags_arrays(limit) (which must not leave this function)."""
    alist, blist, rlist, elist, iord = short_qags_arrays(limit)
    alist[:] = 1.0
    blist[:] = 2.0
    rlist[:] = 3.0
    elist[:] = 4.0
    iord[:] = 5
    return (alist.size, blist.size, rlist.size, elist.size, iord.size,
            alist.sum(), blist.sum(), rlist.sum(), elist.sum(), iord.sum())


@pytest.mark.parametrize("limit", [0, 1, 50, 128, 129, 1000])
def test_short_arrays_on_the_stack_up_to_stack_limit_then_one_heap_block(limit):
    # lowering.workspace's stack_bytes path: five disjoint arrays of exactly limit
    # entries, on the caller's stack (no allocation) up to STACK_LIMIT, one block beyond
    _fill_short_arrays(1)
    before = rtsys.get_allocation_stats()
    got = _fill_short_arrays(limit)
    after = rtsys.get_allocation_stats()
    n = max(limit, 0)
    assert got == (n,) * 5 + (1.0 * n, 2.0 * n, 3.0 * n, 4.0 * n, 5 * n)
    allocs, frees = after.alloc - before.alloc, after.free - before.free
    assert (allocs, frees) == ((0, 0) if limit <= STACK_LIMIT else (1, 1))


@pytest.mark.parametrize("limit", [0, -5])
def test_short_form_checks_limit_inside_njit(limit):
    with pytest.raises(ValueError) as want:
        si.quad(wiggly, 0.0, 1.0, epsabs=0.0, epsrel=1e-10, limit=limit)
    with pytest.raises(ValueError, match=re.escape(str(want.value))):
        _short(wiggly, 0.0, 1.0, (), 1e-10, limit)


def test_warns_as_scipy_without_full_output():
    from scipy.integrate import IntegrationWarning
    with pytest.warns(IntegrationWarning, match="maximum number of subdivisions \\(3\\)"):
        got = quad(wiggly, 0.0, math.pi, limit=3)
    with pytest.warns(IntegrationWarning):
        want = si.quad(wiggly, 0.0, math.pi, limit=3)
    assert got == want


def test_repeated_quad_in_one_function_compiles_without_ir_warnings():
    """numba 0.68 on Python 3.11 warns (NumbaIRAssumptionWarning, numba issue
    #9489) when an inline="always" overload whose code assigns a variable on
    two branches is inlined twice into one function: quad's cores must not."""
    from numba.core.errors import NumbaIRAssumptionWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")

        @njit
        def twice(n):
            y1, e1 = quad(expo, 0.0, 1.0)
            y2, e2 = quad(expo, 2.0, 0.0)                  # b < a: the sign flip
            y3, e3, i3, m3 = quad(expo, 0.0, np.inf, full_output=True)
            y4, e4, i4, m4 = quad(expo, 0.0, 1.0, full_output=True)
            p1 = quad(expo, 0.0, 2.0, points=np.array([0.5]))[0]
            p2 = quad(expo, 0.0, 3.0, points=np.array([0.5]))[0]
            w1 = quad(expo, -np.inf, 0.0, weight="sin", wvar=2.0)[0]   # qawfe reflected
            w2 = quad(expo, 0.0, 1.0, weight="sin", wvar=2.0)[0]       # qawoe
            s = 0.0
            for k in range(n):
                s += quad(expo, 0.0, k + 1.0)[0]
            return (y1, e1, y2, e2, y3, i3.neval, y4, i4.neval, p1, p2, w1, w2, s)

        got = twice(3)
    assert [str(w.message) for w in caught
            if issubclass(w.category, NumbaIRAssumptionWarning)] == []
    want = (si.quad(expo, 0.0, 1.0) + si.quad(expo, 2.0, 0.0)
            + (_scipy(expo, 0.0, np.inf)[0], _scipy(expo, 0.0, np.inf)[2]["neval"],
               _scipy(expo, 0.0, 1.0)[0], _scipy(expo, 0.0, 1.0)[2]["neval"],
               si.quad(expo, 0.0, 2.0, points=[0.5])[0], si.quad(expo, 0.0, 3.0, points=[0.5])[0],
               _scipy(expo, -np.inf, 0.0, weight="sin", wvar=2.0)[0],
               si.quad(expo, 0.0, 1.0, weight="sin", wvar=2.0)[0],
               sum(si.quad(expo, 0.0, k + 1.0)[0] for k in range(3))))
    _close(got, want)
    assert got[5] == want[5] and got[7] == want[7]


def test_equal_limits_is_scipys_early_answer():
    assert quad(expo, 1.0, 1.0) == (0.0, 0.0)
    got, want = quad(expo, 2.0, 2.0, full_output=1), si.quad(expo, 2.0, 2.0, full_output=1)
    assert got[:2] == want[:2] and list(got[2]) == list(want[2])
    # inside @njit the same answer, with the family's infodict
    y, e, neval, last, msg = _njit_caller(None)(expo, 1.0, 1.0, (), 1.49e-8, 1.49e-8, 50,
                                                None, None)
    assert (y, e, neval, last, msg) == (0.0, 0.0, 0, 0, "")


def test_scipy_name_compiles_inside_njit():
    @njit
    def run(c):
        return si.quad(gauss, 0.0, np.inf, args=(c,))
    assert run(2.0) == si.quad(gauss, 0.0, np.inf, args=(2.0,))


# ---------------------------------------------------------------- real use
@njit
def _inner(y, c):
    return quad(gauss, 0.0, y, args=(c,))[0]


@njit
def _nested(c):
    return quad(_inner, 0.0, 1.0, args=(c,))


def test_quad_nested_in_a_quad_integrand():
    want = si.quad(_inner, 0.0, 1.0, args=(1.5,))
    assert _nested(1.5) == want
    assert quad(_inner, 0.0, 1.0, args=(1.5,)) == want


# three levels of quad, each in the integrand of the one above, inside @njit:
# the Fortran is re-entered from its own integrand (every QUADPACK procedure
# on the stack while the integrand runs is recursive) and each level has its
# own workspace (the short form's on its caller's stack, the innermost, with
# full_output, on the heap); an infinite range (qagie) in the middle
@njit
def _level3(z, x, y):
    return math.exp(-(1.0 + x) * z - y) * math.sqrt(z + y)


@njit
def _level2(y, x):
    y3, e3, info, msg = quad(_level3, 0.0, 1.0, args=(x, y), full_output=True)
    return y3


@njit
def _level1(x):
    return math.sqrt(x) * quad(_level2, 0.0, np.inf, args=(x,))[0] * math.exp(-x)


@njit
def _deep(c):
    return quad(_level1, 0.0, c)


def _scipy_deep(c):
    def level2(y, x):
        return si.quad(_level3.py_func, 0.0, 1.0, args=(x, y))[0]

    def level1(x):
        return math.sqrt(x) * si.quad(level2, 0.0, np.inf, args=(x,))[0] * math.exp(-x)
    return si.quad(level1, 0.0, c)


def test_quad_nested_three_levels_deep_inside_njit():
    _close(_deep(2.0), _scipy_deep(2.0), rel=1e-14)


def _many_body(cs):
    out = np.empty(cs.size)
    neval = np.empty(cs.size, np.int64)
    for i in prange(cs.size):
        y, e, info, msg = quad(gauss, -1.0, np.inf, args=(cs[i],), full_output=1)
        out[i] = y
        neval[i] = info.neval
    return out, neval


_many = njit(_many_body)
_many_parallel = njit(parallel=True)(_many_body)


def test_prange_equals_serial_exactly():
    cs = np.linspace(0.1, 5.0, 200)
    serial, parallel = _many(cs), _many_parallel(cs)
    np.testing.assert_array_equal(parallel[0], serial[0])
    np.testing.assert_array_equal(parallel[1], serial[1])
    assert serial[0][7] == si.quad(gauss, -1.0, np.inf, args=(cs[7],))[0]


CACHED_CALLER = """
import warnings
import numpy as np
from numba import njit
from scijit.integrate import quad

@njit
def f(x, c):
    return np.exp(-c * x * x)

@njit(cache=True)
def integrate(c):
    y, e, info, msg = quad(f, 0.0, np.inf, args=(c,), full_output=1)
    z, _ = quad(f, 0.0, 1.0, args=(c,), weight="cos", wvar=2.0)
    w, _ = quad(f, 0.0, 1.0, args=(c,))       # the short form: workspace on the stack
    return y, e, info.neval, z + w

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y, e, neval, z = integrate(1.0)
print("RESULT", repr(y), repr(e), neval, repr(z))
print("HITS", sum(integrate.stats.cache_hits.values()))
print("WARNINGS", [str(w.message).splitlines()[0] for w in caught])
print("CALLBACK_COMPILED", len(f.signatures))
"""


def test_cache_true_loads_in_a_second_process(run_python):
    # the snippet's functions are cached next to it (a fresh directory): the second process
    # loads them; scijit's own helpers come from its cache (a NUMBA_CACHE_DIR of the test's
    # own made the first process compile all of those too; test_fsolve_runtime.py keeps
    # one such test)
    first = dict(l.split(" ", 1) for l in run_python(CACHED_CALLER).stdout.splitlines())
    second = dict(l.split(" ", 1) for l in run_python(CACHED_CALLER).stdout.splitlines())
    assert first["HITS"] == "0" and second["HITS"] == "1"
    assert first["WARNINGS"] == "[]" and second["WARNINGS"] == "[]"
    assert second["CALLBACK_COMPILED"] == "0"
    assert first["RESULT"] == second["RESULT"]
    assert second["RESULT"].split()[2] == "135"


@njit
def _loop(k):
    total = 0.0
    for i in range(k):
        y, e, info, msg = quad(gauss, 0.0, 1.0 + 1e-3 * (i % 7), args=(1.0,), full_output=1)
        total += y + info.alist[0]
    return total


def test_nrt_allocations_balance_over_many_calls():
    _loop(1)
    before = rtsys.get_allocation_stats()
    _loop(5_000)
    after = rtsys.get_allocation_stats()
    allocs, frees = after.alloc - before.alloc, after.free - before.free
    assert allocs >= 5_000
    assert allocs == frees
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free


# ---------------------------------------------------------------- errors
class Boom(Exception):
    pass


@njit
def _explodes(x, at):
    if x > at:
        raise Boom("integrand failed at x")
    return x


def test_integrand_exception_propagates_from_both_entries():
    with pytest.raises(Boom, match="integrand failed"):
        quad(_explodes, 0.0, 1.0, args=(0.5,))
    with pytest.raises(Boom, match="integrand failed"):
        _njit_caller(None)(_explodes, 0.0, 1.0, (0.5,), 1.49e-8, 1.49e-8, 50, None, None)
    assert quad(_explodes, 0.0, 1.0, args=(2.0,))[0] == pytest.approx(0.5)


@njit
def _returns_array(x):
    return np.array([x])


def test_integrand_returning_an_array_is_a_typing_error_naming_it():
    with pytest.raises(TypingError, match="the integrand '_returns_array' must return a real"):
        quad(_returns_array, 0.0, 1.0)


_BAD = [
    ({"limit": 0}, None),
    ({"epsabs": 0.0, "epsrel": 1e-20}, None),
    ({"points": [0.5], "limit": 1}, None),
    ({"points": [2.0, 0.5], "limit": 1}, None),
    ({"weight": "bogus"}, None),
    ({"weight": "alg", "wvar": (-2.0, 0.0)}, None),
    ({"weight": "cauchy", "wvar": 1.0}, None),
    ({"weight": "cos", "wvar": 1.0, "maxp1": 0}, None),
    ({"weight": "cos", "wvar": 1.0, "limlst": 2}, (0.0, np.inf)),
    ({"weight": "sin", "wvar": 1.0, "epsabs": 0.0}, (0.0, np.inf)),
    ({"weight": "sin", "wvar": 1.0}, (-np.inf, np.inf)),
    ({"weight": "alg", "wvar": (0.0, 0.0)}, (0.0, np.inf)),
    ({"points": [0.5]}, (0.0, np.inf)),
]


@pytest.mark.parametrize("kw, limits", _BAD, ids=[str(k) for k, _ in _BAD])
def test_bad_input_raises_scipys_error(kw, limits):
    a, b = limits or (0.0, 1.0)
    with pytest.raises(ValueError) as want:
        si.quad(expo, a, b, **kw)
    with pytest.raises(ValueError, match=re.escape(str(want.value))):
        quad(expo, a, b, **kw)


@njit
def _nquad_levels(c, limit):
    """nquad with options per level, the inner level's (run from the outer level's
    integrand) ``limit`` a run-time value: test_nquad_opts_inside_njit_like_scipy's
    and the int32 check's caller, compiled once."""
    return nquad(_f2, ((0.0, 1.0), (-1.0, 2.0)), args=(c,),
                 opts=({"epsrel": 1e-3, "limit": limit}, {"epsabs": 1e-12, "epsrel": 1e-12}))


_BIG = 2 ** 31          # one past int32: the native table refuses it (Int32RangeError)
_TOO_BIG = [
    ("quad", lambda: quad(expo, 0.0, 1.0, limit=_BIG), "limit"),
    ("quad full_output", lambda: quad(expo, 0.0, 1.0, limit=_BIG, full_output=1), "limit"),
    ("quad points", lambda: quad(expo, 0.0, 2.0, points=[0.5], limit=_BIG), "limit"),
    ("quad cos", lambda: quad(expo, 0.0, 1.0, weight="cos", wvar=1.0, limit=_BIG), "limit"),
    ("quad cos maxp1", lambda: quad(expo, 0.0, 1.0, weight="cos", wvar=1.0, maxp1=_BIG),
     "maxp1"),
    ("quad sin limlst", lambda: quad(expo, 0.0, np.inf, weight="sin", wvar=1.0, limlst=_BIG),
     "limlst"),
    ("njit quad", lambda: _short(wiggly, 0.0, 1.0, (), 1e-10, _BIG), "limit"),
    ("njit quad full_output",
     lambda: _njit_caller(None)(expo, 0.0, 1.0, (), 1.49e-8, 1.49e-8, _BIG, None, None),
     "limit"),
    # the innermost level: raised in the integrand of the outer levels' quads
    ("nquad", lambda: nquad(_f3, [[0, 1], [-1, 2], [0.5, 1.5]], opts=[{"limit": _BIG}, {}, {}],
                            full_output=True), "limit"),
    ("njit nquad", lambda: _nquad_levels(3.0, _BIG), "limit"),
]


@pytest.mark.parametrize("call, name", [c[1:] for c in _TOO_BIG], ids=[c[0] for c in _TOO_BIG])
def test_an_option_beyond_int32_is_an_overflow_error_naming_it(call, name):
    # scipy: OverflowError (its C int); here the native table's check, before anything
    # is allocated (an OverflowError and a ValueError)
    with pytest.raises(OverflowError, match="'%s' does not fit a 32-bit integer" % name):
        call()


def test_unknown_weight_raises_scipys_error_inside_njit():
    @njit
    def run():
        return quad(expo, 0.0, 1.0, weight="bogus", wvar=1.0)
    with pytest.raises(ValueError) as want:
        si.quad(expo, 0.0, 1.0, weight="bogus", wvar=1.0)
    with pytest.raises(ValueError, match=re.escape(str(want.value))):
        run()


def test_full_output_must_be_a_constant_inside_njit():
    @njit
    def run(flag):
        return quad(expo, 0.0, 1.0, full_output=flag)
    with pytest.raises(TypingError, match="full_output"):
        run(1)


# ---------------------------------------------------------------- multiple integrals
@njit
def _f2(y, x, c):
    return c * x * y * y


@njit
def _upper(x):
    return x


@njit
def _f3(z, y, x):
    return x * y * z + 1.0


@njit
def _g1(x):
    return 1.0 - 2.0 * x


@njit
def _r3(x, y):
    return 1.0 - x - 2.0 * y


def test_dblquad_tplquad_match_scipy():
    assert dblquad(_f2, 0, 2, 0, _upper, args=(3.0,)) == si.dblquad(_f2, 0, 2, 0, _upper,
                                                                     args=(3.0,))
    assert tplquad(_f3, 0, 1, 0, _g1, 0, _r3) == si.tplquad(_f3, 0, 1, 0, _g1, 0, _r3)


def test_nquad_matches_scipy():
    ranges = [[0, 1], [-1, 2], [0.5, 1.5]]
    assert nquad(_f3, ranges, full_output=True) == si.nquad(_f3, ranges, full_output=True)

    def rng(x, c):
        return (0.0, x)
    got = nquad(_f2, [rng, [0, 2]], args=(3.0,), opts={"epsrel": 1e-10})
    assert got == si.nquad(_f2, [rng, [0, 2]], args=(3.0,), opts={"epsrel": 1e-10})


def test_multiple_integrals_inside_njit():
    @njit
    def run(c):
        return (dblquad(_f2, 0.0, 2.0, 0.0, _upper, args=(c,)),
                tplquad(_f3, 0, 1, 0, _g1, 0, _r3),
                nquad(_f3, ((0.0, 1.0), (-1.0, 2.0), (0.5, 1.5)), full_output=True))
    d, t, n = run(3.0)
    assert d == si.dblquad(_f2, 0, 2, 0, _upper, args=(3.0,))
    assert t == si.tplquad(_f3, 0, 1, 0, _g1, 0, _r3)
    want = si.nquad(_f3, ((0.0, 1.0), (-1.0, 2.0), (0.5, 1.5)), full_output=True)
    assert n[:2] == want[:2] and n[2]["neval"] == want[2]["neval"]


@njit
def _inner_range(x, c):        # y in [0, x]: nquad's range of the inner variable
    return (0.0, x)


@njit
def _outer_range(c):           # x in [0, c / 2]
    return (0.0, c / 2)


def test_nquad_function_ranges_inside_njit_like_scipy():
    @njit
    def run(c):
        return (nquad(_f2, (_inner_range, (0.0, 2.0)), args=(c,), full_output=True),
                nquad(_f2, (_inner_range, _outer_range), args=(c,)))
    got, both = run(3.0)
    want = si.nquad(_f2, [_inner_range, [0.0, 2.0]], args=(3.0,), full_output=True)
    assert got[:2] == want[:2] and got[2]["neval"] == want[2]["neval"]
    assert both == si.nquad(_f2, [_inner_range, _outer_range], args=(3.0,))


def test_nquad_opts_inside_njit_like_scipy():
    ranges = ((0.0, 1.0), (-1.0, 2.0))
    per_level = ({"epsrel": 1e-3, "limit": 5}, {"epsabs": 1e-12, "epsrel": 1e-12})

    @njit
    def run(c):
        return nquad(_f2, ranges, args=(c,), opts={"epsrel": 1e-12, "limit": 80},
                     full_output=True)
    same, levels = run(3.0), _nquad_levels(3.0, 5)
    want = si.nquad(_f2, ranges, args=(3.0,), opts={"epsrel": 1e-12, "limit": 80},
                    full_output=True)
    assert same[:2] == want[:2] and same[2]["neval"] == want[2]["neval"]
    assert levels == si.nquad(_f2, ranges, args=(3.0,), opts=list(per_level))

    @njit
    def unknown(c):
        return nquad(_f2, ranges, args=(c,), opts={"foo": 0.5})
    with pytest.raises(TypeError, match="quad\\(\\) got an unexpected keyword argument 'foo'"):
        unknown(3.0)


CACHED_NESTED = """
from numba import njit
from scijit.integrate import dblquad, nquad

@njit
def f(y, x, c):
    return abs(y - 0.5 * x) * c

@njit
def upper(x):
    return x

@njit(cache=True)
def nested(c):
    # two nested forms (a function bound; literal options with a weight): each compiles
    # for tens of seconds, so nquad's function ranges are left to the in-process tests
    return (dblquad(f, 0.0, 1.0, 0.0, upper, args=(c,)),
            nquad(f, ((0.0, 1.0), (0.0, 2.0)), args=(c,),
                  opts=({"points": (0.5,)}, {"weight": "cos", "wvar": 2.0})))

print("RESULT", repr(nested(3.0)))
print("HITS", sum(nested.stats.cache_hits.values()))
"""


# cache=True in a second process: the QUADPACK family's runs in CI in
# test_cache_true_loads_in_a_second_process (quad: full output, a weight, the short
# form); the nested forms compile for tens of seconds more, so theirs is in `.ci/sweep`
@pytest.mark.sweep
def test_nested_integrals_cache_true_load_in_a_second_process(run_python, tmp_path):
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    first = dict(l.split(" ", 1) for l in run_python(CACHED_NESTED, env=env).stdout.splitlines())
    second = dict(l.split(" ", 1) for l in run_python(CACHED_NESTED, env=env).stdout.splitlines())
    assert first["HITS"] == "0" and second["HITS"] == "1"
    assert first["RESULT"] == second["RESULT"]
