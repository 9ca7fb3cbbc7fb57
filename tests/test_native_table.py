"""The native table against the Fortran, the libraries, the header and itself.

* every ``bind(C)`` entry point of vendor/ is in the table with the same
  parameters (names, order, kinds, array dimensions), and every table entry
  is exported by its library;
* vendor/include/scijit.h is the header the table generates;
* canary: every entry point, called with each array exactly its declared
  size over a sweep of sizes, leaves the guard values after every array
  intact; with each declared length one short (or an int32 below its
  declared minimum) our C layer answers SIZE_ERROR and touches nothing;
* the checks a compiled call makes before calling (sizes, int32 range).
"""
import ctypes
import pathlib
import random

import numpy as np
import pytest
from numba import njit

import native_canary as C
import scenarios_fitpack
import scenarios_fitpack_surface
import scenarios_lapack
import scenarios_lbfgsb
import scenarios_minpack
import scenarios_quadpack
import scenarios_tnc
from lowering import header, libraries
from lowering import native as N
from lowering.sizes import SizeExpr
from lowering.table import ENTRY_POINTS

SCENARIOS = {}
for module in (scenarios_minpack, scenarios_lapack, scenarios_quadpack, scenarios_fitpack,
               scenarios_fitpack_surface, scenarios_lbfgsb, scenarios_tnc):
    SCENARIOS.update(module.SCENARIOS)

OURS = sorted(s for s, fn in ENTRY_POINTS.items() if fn.library != "lapack")
SIZES = (1, 2, 3, 5, 8, 13)


def _len_names():
    return {s: {p.name for p in fn.params if isinstance(p, N.Len)}
            for s, fn in ENTRY_POINTS.items()}


@pytest.fixture(scope="module")
def fortran():
    return C.fortran_entry_points(_len_names())


# ---------------------------------------------------------------- table vs Fortran
def test_every_fortran_entry_point_is_in_the_table(fortran):
    assert sorted(fortran) == OURS


@pytest.mark.parametrize("symbol", OURS)
def test_table_matches_the_fortran_dummies(symbol, fortran):
    fn, ftn = ENTRY_POINTS[symbol], fortran[symbol]
    assert [d.name for d in ftn.dummies] == [p.name.lower() for p in fn.params], ftn.path
    assert ftn.returns == fn.returns
    lens = {p.array: p.name for p in fn.params if isinstance(p, N.Len)}
    rng = random.Random(symbol)
    envs = [{p.name: rng.randint(1, 40) for p in fn.params
             if isinstance(p, (N.I32, N.Len, N.InOutI32, N.RefI32))} for _ in range(5)]
    for p, d in zip(fn.params, ftn.dummies):
        kind = type(p).__name__
        assert d.kind == kind, "%s: %s is %s in the Fortran, %s in the table" % (
            symbol, p.name, d.kind, kind)
        if isinstance(p, N.ARRAY_KINDS):
            assert (d.intent == "in") == p.const, "%s: %s intent(%s), const=%s" % (
                symbol, p.name, d.intent, p.const)
            assert "*" not in d.dims, "%s: %s is assumed-size in the Fortran" % (symbol, p.name)
            if p.name in lens:
                assert d.dims == (lens[p.name],), (
                    "%s: %s must be dimensioned by its length %s" % (symbol, p.name, lens[p.name]))
                continue
            for env in envs:
                ours = max(C.evaluate(fn.sizes[p.name], env), 0)
                theirs = C.fortran_dims_value(d.dims, env)
                assert ours == theirs, "%s: %s is %s in the table, %s in the Fortran (%s)" % (
                    symbol, p.name, p.size, d.dims, env)


@pytest.mark.parametrize("symbol", sorted(ENTRY_POINTS))
def test_every_symbol_is_exported(symbol):
    fn = ENTRY_POINTS[symbol]
    if fn.library in libraries.CYTHON_LIBRARIES:
        from numba.extending import get_cython_function_address
        module = libraries.CYTHON_LIBRARIES[fn.library][0]
        assert get_cython_function_address(module, symbol.rsplit("_", 1)[-1])
    else:
        assert hasattr(ctypes.CDLL(libraries.library_path(fn.library)), symbol)


def test_header_is_generated_from_the_table():
    # The header lives in the source tree (the tests' checkout), not in the
    # installed package, whose lowering/ is where header.HEADER points in CI.
    source_header = (pathlib.Path(__file__).resolve().parents[1]
                     / "vendor" / "include" / header.HEADER.name)
    assert source_header.read_text() == header.render(ENTRY_POINTS), (
        "vendor/include/scijit.h is stale: run `python -m lowering.header`")


def test_every_length_has_a_status_to_answer_with():
    for symbol in OURS:
        fn = ENTRY_POINTS[symbol]
        checked = [p for p in fn.params if isinstance(p, N.Len) or getattr(p, "min", None)]
        if checked:
            assert fn.status is not None, "%s checks lengths but has no status" % symbol


# ---------------------------------------------------------------- canary
def test_every_entry_point_has_a_canary_scenario():
    assert sorted(SCENARIOS) == sorted(ENTRY_POINTS)


def _cases():
    return [(s, k) for s in sorted(ENTRY_POINTS) for k in SIZES]


@pytest.mark.parametrize("symbol, k", _cases())
def test_canary_exact_sizes(symbol, k):
    fn = ENTRY_POINTS[symbol]
    scenario = SCENARIOS[symbol](k)
    out = C.call(fn, scenario)
    broken = [name for name, ok in out.guards_intact.items() if not ok]
    assert not broken, "%s(k=%d) wrote past %s" % (symbol, k, broken)
    if fn.status is not None:
        assert out.outputs[fn.status] != N.SIZE_ERROR, out.outputs
    if scenario.check is not None:
        scenario.check(out.outputs, out.arrays)


def _shortened():
    """(symbol, parameter) for every length and minimum our C layer checks."""
    out = []
    for symbol in OURS:
        fn = ENTRY_POINTS[symbol]
        for p in fn.params:
            if isinstance(p, N.Len) or (isinstance(p, N.I32) and p.min is not None):
                out.append((symbol, p.name))
    return out


@pytest.mark.parametrize("symbol, name", _shortened())
@pytest.mark.parametrize("k", (1, 4))
def test_canary_short_length_is_a_size_error(symbol, name, k):
    fn = ENTRY_POINTS[symbol]
    scenario = SCENARIOS[symbol](k)
    p = fn.param(name)
    before = C.contents_before(fn, scenario)
    if isinstance(p, N.Len):
        out = C.call(fn, scenario, short=name)
    else:
        env = {q.name: scenario.scalars[q.name] for q in fn.params
               if isinstance(q, (N.I32, N.RefI32, N.InOutI32))}
        need = C.evaluate(fn.minimums[name], env)
        scenario.scalars[name] = need - 1
        before = C.contents_before(fn, scenario)
        out = C.call(fn, scenario)
    assert out.outputs[fn.status] == N.SIZE_ERROR, out.outputs
    assert all(out.guards_intact.values())
    for array, want in before.items():
        if not fn.param(array).work:
            assert np.array_equal(out.arrays[array], want), "%s touched %s" % (symbol, array)


# ---------------------------------------------------------------- the checks before a call
def test_size_expressions_evaluate_as_python():
    e = SizeExpr.parse("max(n, 1)*(n + 1)//2 - min(m, 3) + 7//2 - (-n)//3")
    for n in range(-5, 6):
        for m in range(-2, 5):
            want = (max(n, 1) * (n + 1) // 2 - min(m, 3) + 7 // 2 - (-n) // 3)
            assert e.evaluate({"n": n, "m": m}) == want
    # the same in LLVM: a workspace of arrays sized by it (a declaration of
    # the machinery's own, never called)
    from lowering.workspace import workspace
    fake = N.NativeFunction("scijit_test_sizes", "minpack", (
        N.I32("n"), N.I32("m"), N.F64s("a", e.text), N.I32s("b", "max(2*n - m, 0) + 1")),
        registered=False)
    assert "scijit_test_sizes" not in N.TABLE
    alloc = workspace(fake, ("a", "b"))

    @njit
    def sizes(n, m):
        a, b = alloc(n, m)
        a[:] = 1.0
        b[:] = 2
        return a.size, b.size
    for n in range(-5, 6):
        for m in range(-2, 5):
            want = e.evaluate({"n": n, "m": m})
            assert sizes(n, m) == (max(want, 0), max(2 * n - m, 0) + 1)
    with pytest.raises(ValueError):
        SizeExpr.parse("n / 2")
    with pytest.raises(ValueError):
        SizeExpr.parse("n // m")
    with pytest.raises(ValueError):
        SizeExpr.parse("n ** 2")


def test_a_short_array_is_refused_before_the_call():
    from lowering.minpack import lm_covariance

    @njit
    def cov(n, fjac, ldfjac, ipvt, out):
        return lm_covariance(n, fjac, ldfjac, ipvt, out)[0]
    n = 3
    r = np.eye(n).reshape(-1) * 2.0
    ipvt = np.arange(1, n + 1, dtype=np.int32)
    assert cov(n, r, n, ipvt, np.empty(n * n)) == 0
    with pytest.raises(N.ArraySizeError, match="scijit_minpack_lm_covariance: 'cov'"):
        cov(n, r, n, ipvt, np.empty(n * n - 1))
    with pytest.raises(N.ArraySizeError, match="'fjac'"):
        cov(n, r[:-1], n, ipvt, np.empty(n * n))
    with pytest.raises(N.ArraySizeError, match="'ipvt'"):
        cov(n, r, n, ipvt[:-1], np.empty(n * n))
    with pytest.raises(N.Int32RangeError, match="'ldfjac' must be at least n"):
        cov(n, r, n - 1, ipvt, np.empty(n * n))
    with pytest.raises(N.Int32RangeError, match="'n' does not fit a 32-bit integer"):
        cov(2 ** 32 + 3, r, n, ipvt, np.empty(n * n))
