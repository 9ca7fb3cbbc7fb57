"""Assertions shared by the test modules."""
import numpy as np
import pytest


def sweep_params(values, in_ci):
    """``values`` as pytest params (a tuple is one case of several arguments),
    those not in ``in_ci`` marked ``sweep``: run by `.ci/sweep`, not by CI
    (see conftest.py)."""
    return [pytest.param(*(v if isinstance(v, tuple) else (v,)),
                         marks=() if v in in_ci else pytest.mark.sweep) for v in values]


def assert_close(a, b, rtol):
    """``a`` equals ``b`` (same shape, NaN where b is NaN) within ``rtol``
    relative to max(1, max|b|)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    assert a.shape == b.shape, (a.shape, b.shape)
    assert np.array_equal(np.isnan(a), np.isnan(b))
    ok = ~np.isnan(b)
    scale = max(1.0, np.abs(b[ok]).max(initial=0.0))
    err = np.abs(a[ok] - b[ok]).max(initial=0.0)
    assert err <= rtol * scale, err


def run_cached_twice(run_python, source, tmp_path, own_cache_dir=True, all_lines=False):
    """Run ``source`` in two fresh processes sharing a numba cache directory.

    ``source`` prints a repr of its result on its first line and, on its
    second, ``HITS <hits> <misses>`` of the cached function.  Asserts that
    numba could cache, that the second process loaded everything from the
    cache, and that both printed the same result; returns that first line (with
    ``all_lines``, every line the second process printed).

    With ``own_cache_dir`` False the processes keep the test process's numba
    cache settings: ``source``'s functions are cached beside it (in
    ``tmp_path``), and scijit's own cached helpers are loaded from where the
    test process cached them instead of being compiled again (seconds).
    """
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")} if own_cache_dir else {}
    first = run_python(source, env=env)
    second = run_python(source, env=env)
    assert "Cannot cache" not in first.stderr + second.stderr
    assert second.stdout.splitlines()[1] == "HITS 1 0", second.stdout
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0]
    return second.stdout.splitlines() if all_lines else second.stdout.splitlines()[0]


def assert_raises_without_leak(call, exc, match=None, times=5):
    """``call()`` raises ``exc`` (matching ``match``), and ``times`` such calls
    leave no NRT allocation behind (numba leaks the arrays of every frame an
    exception passes unless scijit holds it: lowering/held.py).  Needs
    NUMBA_NRT_STATS=1 (conftest.py sets it)."""
    from numba.core.runtime import rtsys
    with pytest.raises(exc, match=match):
        call()
    before = rtsys.get_allocation_stats()
    for _ in range(times):
        with pytest.raises(exc, match=match):
            call()
    after = rtsys.get_allocation_stats()
    # (the calls allocated, so the balance says something)
    assert after.alloc - before.alloc == after.free - before.free > 0
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free
