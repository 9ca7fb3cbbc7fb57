"""root_scalar against scipy.optimize.root_scalar, from both entries.

The method choice, the options passed on, fprime=True (f returns its
derivatives), Newton's finite-difference derivative without fprime, and
scipy's result for a NaN in a bracketing method.  scipy calls the same
compiled functions, so results must be equal, not close.
"""
import math
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit

from scijit.optimize import root_scalar

from checks import run_cached_twice, sweep_params


@njit
def f(x, c):
    return x ** 3 - 2.0 * x - c


@njit
def df(x, c):
    return 3.0 * x ** 2 - 2.0


@njit
def d2f(x, c):
    return 6.0 * x


@njit
def f_df(x, c):
    return x ** 3 - 2.0 * x - c, 3.0 * x ** 2 - 2.0


@njit
def f_df_d2f(x, c):
    return x ** 3 - 2.0 * x - c, 3.0 * x ** 2 - 2.0, 6.0 * x


@njit
def nan_past(x, c):
    return x - c if x < 2.5 else np.nan


@njit
def hump(x, c):                     # scipy's gh-14486: the secant stalls on the flat side
    return x * np.exp(-x * x) - c


@njit
def parabola(x, c):
    return x * x + c


@njit
def d_parabola(x, c):
    return 2.0 * x


def _configs():
    out = []
    for m in (None, "brentq", "brenth", "bisect", "ridder", "toms748", "BrentQ"):
        out.append((f, dict(method=m, bracket=[2, 3])))
        out.append((f, dict(method=m, bracket=(2.0, 3.0), xtol=1e-6, maxiter=7)))
        out.append((nan_past, dict(method=m, bracket=[0.0, 3.0], args=(2.2,))))
    out.append((f, dict(method="toms748", bracket=[2, 3], options={"k": 2})))
    out.append((f, dict(bracket=[2, 3], options={"xtol": 1e-3}, xtol=1e-9)))
    for x0 in (0.5, 2.0, 10.0):
        out += [(f, dict(x0=x0)), (f, dict(x0=x0, x1=x0 + 1)), (f, dict(x0=x0, fprime=df)),
                (f, dict(x0=x0, fprime=df, fprime2=d2f)), (f_df, dict(x0=x0, fprime=True)),
                (f_df_d2f, dict(x0=x0, fprime=True, fprime2=True)),
                (f_df_d2f, dict(x0=x0, fprime2=True)),
                (f, dict(x0=x0, method="secant", xtol=1e-3)),
                (f, dict(x0=x0, method="newton", rtol=1e-4, maxiter=4)),
                (f, dict(x0=x0, method="newton", options={"tol": 1e-3})),
                (f, dict(x0=x0, method="halley", fprime=df, fprime2=d2f)),
                (f, dict(x0=x0, fprime=df, method="secant"))]
    out += [(f, dict()), (f, dict(method="halley", x0=1.0, fprime=df)),
            (f, dict(method="brentq", x0=1.0)), (f, dict(method="nope", x0=1.0)),
            (f, dict(method="secant"))]
    # unconverged with a RuntimeWarning (scipy runs newton with disp=False)
    out += [(hump, dict(method="secant", x0=-0.15, x1=1.0, args=(0.07,))),
            (parabola, dict(x0=0.0, fprime=d_parabola, args=(1.0,)))]
    return out


CONFIGS = _configs()
#: the configurations CI runs: every way of choosing, each option path, the
#: errors; the rest (more methods on the same paths) run in `.ci/sweep`
IN_CI = {0, 1, 2, 10, 14, 16, 17, 19, 21, 22, *range(35, 47), *range(59, 66)}


def _outcome(call, fn, options):
    """The result's fields as floats (scipy's root is sometimes np.float64) and the
    warnings' messages, or the error's class and message."""
    options = dict(options)
    options.setdefault("args", (5.0,))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = call(fn, **options)
        except ValueError as exc:
            return "ValueError", str(exc)
    out = {k: float(v) if isinstance(v, float) else v for k, v in dict(r).items()}
    out["warnings"] = [(w.category, str(w.message)) for w in caught]
    return out


@pytest.mark.parametrize("case", sweep_params(range(len(CONFIGS)), IN_CI))
def test_python_entry_matches_scipy(case):
    fn, options = CONFIGS[case]
    want = _outcome(scipy.optimize.root_scalar, fn, options)
    got = _outcome(root_scalar, fn, options)
    if isinstance(want, dict) and math.isnan(want["iterations"]):
        assert math.isnan(got["iterations"])
        want["iterations"] = got["iterations"] = 0
    assert got == want


@njit
def _inside(c):
    """One caller, one solve per way of choosing (the results in order)."""
    return (root_scalar(f, args=(c,), bracket=(2.0, 3.0)),
            root_scalar(f, args=(c,), bracket=np.array([2.0, 3.0]), method="toms748",
                        options={"k": 2}),
            root_scalar(f, args=(c,), x0=2.0),
            root_scalar(f, args=(c,), x0=2.0, fprime=df, xtol=1e-3),
            root_scalar(f_df_d2f, args=(c,), x0=2.0, fprime=True, fprime2=True),
            root_scalar(f_df, args=(c,), x0=2.0, fprime=True, fprime2=d2f),
            root_scalar(f, args=(c,), x0=2.0, x1=3.0, method="secant",
                        options={"maxiter": 3}))


def test_inside_njit_matches_scipy():
    S = scipy.optimize.root_scalar
    want = (S(f, args=(5.0,), bracket=(2.0, 3.0)),
            S(f, args=(5.0,), bracket=[2.0, 3.0], method="toms748", options={"k": 2}),
            S(f, args=(5.0,), x0=2.0),
            S(f, args=(5.0,), x0=2.0, fprime=df, xtol=1e-3),
            S(f_df_d2f, args=(5.0,), x0=2.0, fprime=True, fprime2=True),
            S(f_df, args=(5.0,), x0=2.0, fprime=True, fprime2=d2f),
            S(f, args=(5.0,), x0=2.0, x1=3.0, method="secant", options={"maxiter": 3}))
    got = _inside(5.0)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert type(g) is scipy.optimize.RootResults
        assert dict(g) == dict(w)
    assert not got[-1].converged


def test_errors_inside_njit():
    @njit
    def no_method(c):
        return root_scalar(f, args=(c,))

    @njit
    def nan_bracket(c):
        return root_scalar(nan_past, args=(c,), bracket=(0.0, 3.0))
    with pytest.raises(ValueError, match="^Unable to select a solver"):
        no_method(5.0)
    # inside @njit the NaN raises scipy's ValueError (scipy's root_scalar
    # returns it as a result with iterations=nan, which a numba field cannot hold)
    with pytest.raises(ValueError, match="^The function value at x=3.0 is NaN"):
        nan_bracket(2.2)


def test_fprime_true_with_a_bracketing_method_uses_the_value():
    for method in (None, "brentq", "toms748", "bisect"):
        got = root_scalar(f_df, args=(5.0,), bracket=[2.0, 3.0], fprime=True, method=method)
        want = scipy.optimize.root_scalar(f_df, args=(5.0,), bracket=[2.0, 3.0], fprime=True,
                                          method=method)
        assert dict(got) == dict(want), method
    got = njit(lambda c: root_scalar(f_df, args=(c,), bracket=(2.0, 3.0), fprime=True))(5.0)
    assert dict(got) == dict(scipy.optimize.root_scalar(f_df, args=(5.0,), bracket=[2.0, 3.0],
                                                        fprime=True))


def test_unsupported_combinations_are_named():
    with pytest.raises(TypeError, match="takes no option x1"):
        root_scalar(f, args=(5.0,), x0=2.0, options={"x1": 3.0})


CACHED = """
import scipy.optimize
from numba import njit

@njit
def f(x, c):
    return x ** 3 - 2.0 * x - c

@njit(cache=True)
def solve(c):
    r = scipy.optimize.root_scalar(f, args=(c,), bracket=(2.0, 3.0))
    s = scipy.optimize.root_scalar(f, args=(c,), x0=2.0)
    return r.root, r.function_calls, s.root, s.iterations

print(repr(solve(5.0)))
print("HITS", sum(solve.stats.cache_hits.values()), sum(solve.stats.cache_misses.values()))
"""


# the zeros family's cache=True check, which caches root_scalar too, runs in CI in
# test_zeros.py (one pair of processes for the family); this one in `.ci/sweep`
@pytest.mark.sweep
def test_cache_true_in_a_second_process(run_python, tmp_path):
    line = run_cached_twice(run_python, CACHED, tmp_path)
    r = scipy.optimize.root_scalar(f, args=(5.0,), bracket=(2.0, 3.0))
    s = scipy.optimize.root_scalar(f, args=(5.0,), x0=2.0)
    assert line == repr((r.root, r.function_calls, float(s.root), s.iterations))
