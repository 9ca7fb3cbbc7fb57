"""fsolve in real use: cache=True across processes, prange, nesting, NRT balance."""
import numpy as np
from numba import njit, prange
from numba.core.runtime import rtsys

from scijit.optimize import fsolve
from problems import scaled_circle

CACHED_CALLER = """
import warnings
import numpy as np
from numba import njit
from scijit.optimize import fsolve

@njit
def f(x, c):
    return np.array([x[0] + 2*x[1] - 2.0, x[0]**2 + 4*x[1]**2 - c])

@njit(cache=True)
def solve(c):
    x, info, ier, mesg = fsolve(f, np.array([1.0, 2.0]), args=(c,), full_output=True)
    return x, info.nfev, ier

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    x, nfev, ier = solve(4.0)
print("RESULT", repr(x.tolist()), nfev, ier)
print("HITS", sum(solve.stats.cache_hits.values()), "MISSES", sum(solve.stats.cache_misses.values()))
print("WARNINGS", [str(w.message).splitlines()[0] for w in caught])
print("CALLBACK_COMPILED", len(f.signatures))
"""


def _parse(out):
    lines = {l.split()[0]: l for l in out.splitlines() if l.split()}
    return lines


def test_cache_true_loads_in_a_second_process(run_python, tmp_path):
    # a cache directory of the test's own (the other families' tests use scijit's cache, which
    # saves the first process compiling every helper): the one test of scijit's helpers
    # compiled and cached from nothing, without a warning ("Cannot cache", ...)
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    first = _parse(run_python(CACHED_CALLER, env=env).stdout)
    second = _parse(run_python(CACHED_CALLER, env=env).stdout)
    assert first["HITS"].split()[1] == "0"            # compiled and stored
    assert second["HITS"].split()[1] == "1"           # loaded from the cache
    assert second["HITS"].split()[3] == "0"
    assert "Cannot cache" not in first["WARNINGS"] + second["WARNINGS"]
    assert second["WARNINGS"] == "WARNINGS []"
    assert second["CALLBACK_COMPILED"] == "CALLBACK_COMPILED 0"   # nothing recompiled
    assert first["RESULT"] == second["RESULT"]
    assert second["RESULT"].split()[-2:] == ["15", "1"]


def _many_body(radii, centres):
    out = np.empty((radii.size, 2))
    nfev = np.empty(radii.size, np.int64)
    for i in prange(radii.size):          # prange is range when not parallel
        x, info, ier, mesg = fsolve(scaled_circle, np.array([1.0, 0.3]),
                                    args=(radii[i], centres[i]), full_output=True)
        out[i] = x
        nfev[i] = info.nfev if ier == 1 else -1
    return out, nfev


_many = njit(_many_body)
_many_parallel = njit(parallel=True)(_many_body)


def test_prange_equals_serial_exactly():
    rng = np.random.default_rng(1)
    radii = rng.uniform(0.5, 3.0, 256)
    centres = rng.uniform(-1.0, 1.0, (256, 2))
    serial = _many(radii, centres)
    parallel = _many_parallel(radii, centres)
    np.testing.assert_array_equal(parallel[0], serial[0])
    np.testing.assert_array_equal(parallel[1], serial[1])
    assert (serial[1] > 0).mean() > 0.9


@njit
def _inner(y, a):
    return np.array([y[0] ** 3 - a])


@njit
def _outer(x):
    # each evaluation of the outer residual solves an inner system
    cube_root = fsolve(_inner, np.array([1.0]), args=(x[0],))[0]
    return np.array([cube_root - 2.0])


def test_fsolve_nested_in_a_callback():
    want = 8.0
    np.testing.assert_allclose(fsolve(_outer, [5.0]), [want], rtol=1e-9)
    np.testing.assert_allclose(njit(lambda: fsolve(_outer, np.array([5.0])))(), [want],
                               rtol=1e-9)


def test_nrt_allocations_balance_over_many_calls():
    # the serial caller of the prange test: 10 000 solves, full output each
    rng = np.random.default_rng(2)
    radii = rng.uniform(0.5, 3.0, 10_000)
    centres = rng.uniform(-1.0, 1.0, (10_000, 2))
    _many(radii[:1], centres[:1])
    before = rtsys.get_allocation_stats()
    _many(radii, centres)
    after = rtsys.get_allocation_stats()
    allocs = after.alloc - before.alloc
    frees = after.free - before.free
    assert allocs > 10_000
    assert allocs == frees
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free
