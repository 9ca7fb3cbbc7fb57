"""lowering.separate: a solver called by symbol, compiled once, not into its callers."""
import functools
import pathlib
import re

import numpy as np
import pytest
from numba import njit, prange

from lowering.separate import separate
from checks import run_cached_twice


@njit
def scaled_sum(x, factor):
    if factor < 0:
        raise ValueError("scaled_sum: negative factor")
    total = 0.0
    for v in x:
        total += factor * v
    return total


@functools.lru_cache(maxsize=None)
def power_sum(p):
    @njit
    def fn(x):
        return (x ** p).sum()
    return fn


SEPARATE_SUM = separate(scaled_sum)
SEPARATE_SQUARES = separate(power_sum, 2)
SQUARES = power_sum(2)


@njit
def by_symbol(x, factor):
    return SEPARATE_SUM(x, factor) + SEPARATE_SQUARES(x)


@njit
def linked(x, factor):
    return scaled_sum(x, factor) + SQUARES(x)


def _llvm(dispatcher):
    (llvm,) = dispatcher.inspect_llvm().values()
    return llvm


def test_values_and_the_callee_not_compiled_into_the_caller():
    x = np.arange(5.0)
    assert by_symbol(x, 2.0) == linked(x, 2.0) == 2.0 * 10.0 + 30.0
    # the linked caller holds the callee's code (its message, inlined or not); the
    # separate one calls both callees by our symbol names
    assert "negative factor" in _llvm(linked)
    assert "negative factor" not in _llvm(by_symbol)
    for name in ("test_separate.scaled_sum.", "test_separate.power_sum."):
        assert re.search(r'call .*@"?scijit\.separate\.%s' % re.escape(name), _llvm(by_symbol))


def test_exception_propagates():
    @njit
    def caller(x):
        return SEPARATE_SUM(x, -1.0)
    with pytest.raises(ValueError, match="negative factor"):
        caller(np.ones(3))


def test_prange_equals_serial():
    def loop(xs):
        out = np.empty(xs.shape[0])
        for i in prange(xs.shape[0]):
            out[i] = SEPARATE_SUM(xs[i], 3.0)
        return out
    xs = np.random.default_rng(0).normal(size=(64, 7))
    np.testing.assert_array_equal(njit(parallel=True)(loop)(xs), njit(loop)(xs))


def test_refused_when_another_process_could_not_find_it():
    with pytest.raises(TypeError, match="not a module-level"):
        separate(power_sum(3))                     # a closure
    with pytest.raises(TypeError, match="not an @njit function"):
        separate(pathlib.Path)


_MODULE = """
import functools
from numba import njit
from lowering.separate import separate

@njit(cache=True)
def weighted(x, w):
    return (x * w).sum()

@separate
@njit(cache=True)
def tripled(x):
    return (3.0 * x).sum()

@njit(cache=True)
def middle(x):
    # (a cached helper calling by symbol: its callers link it)
    return tripled(x)

@functools.lru_cache(maxsize=None)
def shifted(c):
    @njit(cache=True)
    def fn(x):
        return (x + c).sum()
    return fn
"""

_CALLER = """
import numpy as np
from numba import njit, prange
from lowering.separate import separate
import callees

W, S = separate(callees.weighted), separate(callees.shifted, 1.0)

@njit(cache=True, parallel=True)
def caller(xs):
    out = np.empty(xs.shape[0])
    for i in prange(xs.shape[0]):
        out[i] = W(xs[i], 2.0) + S(xs[i]) + callees.middle(xs[i])
    return out

print(repr(caller(np.arange(6.0).reshape(2, 3)).tolist()))
print("HITS", len(caller.stats.cache_hits), len(caller.stats.cache_misses))
"""


def test_cached_caller_in_new_processes_and_after_the_callee_is_compiled_again(
        run_python, tmp_path):
    (tmp_path / "callees.py").write_text(_MODULE)
    cache = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    # `middle` cached first, so the caller links it loaded from the cache: its call by
    # symbol must still be registered when the caller is loaded in another process
    run_python("import numpy as np, callees\ncallees.middle(np.arange(3.0))\n", env=cache)
    line = run_cached_twice(run_python, _CALLER, tmp_path, own_cache_dir=True)
    assert eval(line) == [2 * 3.0 + 6.0 + 9.0, 2 * 12.0 + 15.0 + 36.0]
    # the callees' cache entries gone (a concurrent process compiled them again, or they
    # were deleted): the cached caller finds the new code by the same symbol
    removed = [p for p in (tmp_path / "cache").rglob("*") if p.is_file() and "callees" in p.name]
    assert removed
    for p in removed:
        p.unlink()
    third = run_python(_CALLER, env={"NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert third.stdout.splitlines() == [line, "HITS 1 0"]
