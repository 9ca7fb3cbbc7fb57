"""brentq, brenth, ridder and bisect against scipy.optimize, from both entries.

scipy calls the same compiled functions (a dispatcher is callable from
Python), so both see bit-identical function values and the roots, counts and
flags must be equal, not close.  Compilation is the cost: one @njit function
holds all 15 Alefeld-Potra-Shi families, and each method has one caller
inside @njit that solves every case.
"""
import re

import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

import scijit.integrate
import scijit.optimize
from scijit.optimize import bisect, brenth, brentq, ridder, toms748

from checks import run_cached_twice
from zeros_problems import CASES, FAMILIES, LOWER, PARAMS, UPPER, aps

METHODS = {"brentq": brentq, "brenth": brenth, "ridder": ridder, "bisect": bisect,
           "toms748": toms748}


def _sweep_caller(method):
    """One @njit caller per method: every case, (root, iterations,
    function_calls, converged) each, through scipy's name inside @njit."""
    fn = getattr(scipy.optimize, method)

    @njit
    def solve_all(families, params, lower, upper):
        n = families.size
        roots = np.empty(n)
        counts = np.empty((n, 3), dtype=np.int64)
        for i in range(n):
            x, r = fn(aps, lower[i], upper[i], args=(families[i], params[i]),
                      full_output=True, disp=False)
            roots[i] = x
            counts[i, 0] = r.iterations
            counts[i, 1] = r.function_calls
            counts[i, 2] = r.converged
        return roots, counts
    return solve_all


_CALLERS = {m: _sweep_caller(m) for m in METHODS}


def _scipy_case(method, case):
    family, n, a, b = case
    return getattr(scipy.optimize, method)(aps, a, b, args=(family, n), full_output=True,
                                           disp=False)


def _at_an_end(case, root):
    """scipy leaves ``iterations`` unset when f vanishes at a or b."""
    return root in (case[2], case[3]) and aps(root, case[0], case[1]) == 0.0


@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_aps_family_matches_scipy_from_both_entries(method):
    roots, counts = _CALLERS[method](FAMILIES, PARAMS, LOWER, UPPER)
    for i, case in enumerate(CASES):
        want, ref = _scipy_case(method, case)
        got, res = METHODS[method](aps, case[2], case[3], args=case[:2], full_output=True,
                                   disp=False)
        assert type(res) is scipy.optimize.RootResults
        assert got == want and roots[i] == want, (case, got, roots[i], want)
        fields = dict(ref)
        if _at_an_end(case, want):
            fields["iterations"] = 0
        assert dict(res) == fields, case
        assert tuple(counts[i]) == (fields["iterations"], fields["function_calls"],
                                    fields["converged"]), case
        assert METHODS[method](aps, case[2], case[3], args=case[:2], disp=False) == want


@njit
def cubic(x):
    return x ** 3 - 2.0 * x - 5.0


@njit
def _defaults(a, b):
    return (brentq(cubic, a, b), brenth(cubic, a, b), ridder(cubic, a, b),
            bisect(cubic, a, b))


def test_defaults_and_options_inside_njit():
    assert _defaults(2.0, 3) == tuple(getattr(scipy.optimize, m)(cubic, 2.0, 3)
                                      for m in ("brentq", "brenth", "ridder", "bisect"))

    @njit
    def loose(xtol, rtol, maxiter):
        return brentq(cubic, 2.0, 3.0, (), xtol, rtol, maxiter, True, False)
    x, r = loose(1e-3, 1e-10, 4)
    assert type(r) is scipy.optimize.RootResults          # boxed from the numba struct
    want, ref = scipy.optimize.brentq(cubic, 2.0, 3.0, (), 1e-3, 1e-10, 4, True, False)
    assert x == want and dict(r) == dict(ref)
    assert r.method == "brentq" and r["flag"] == ref.flag


def test_convergence_failure_as_scipy():
    # the cubic as _troubled's kind 4 (below): the entries its errors compiled serve here
    f, args = _troubled, (4,)
    for method, fn in METHODS.items():
        ref = getattr(scipy.optimize, method)
        with pytest.raises(RuntimeError) as want:
            ref(f, 2.0, 3.0, args, maxiter=2)
        with pytest.raises(RuntimeError, match="^Failed to converge after") as got:
            fn(f, 2.0, 3.0, args, maxiter=2)
        # toms748's bracket prints as floats (scipy 1.17 under numpy 2: np.float64(...))
        assert str(got.value) == re.sub(r"np\.float64\(([^)]*)\)", r"\1", str(want.value))
        x, r = fn(f, 2.0, 3.0, args, maxiter=2, disp=False, full_output=True)
        want, res = ref(f, 2.0, 3.0, args, maxiter=2, disp=False, full_output=True)
        assert x == want and dict(r) == dict(res) and r.flag == "convergence error"
        if method == "toms748":          # its maxiter must be >= 1
            continue
        x, r = fn(f, 2.0, 3.0, args, maxiter=0, disp=False, full_output=True)
        want, res = ref(f, 2.0, 3.0, args, maxiter=0, disp=False, full_output=True)
        assert x == want and dict(r) == dict(res)


class Boom(Exception):
    pass


@njit
def _troubled(x, kind):
    """Each way a solve goes wrong, by ``kind`` (one function, so each
    method's solver for it is compiled once for every case)."""
    if kind == 0:
        return x * x + 1.0                      # no sign change
    if kind == 1:
        return 1e-200 * (x + 2.0)               # tiny, same sign
    if kind == 2:
        return x if x < 0.7 else np.nan         # NaN at the right end
    if kind == 3 and x > 2.5:
        raise Boom("no roots past 2.5")
    if kind == 5:
        return x if x < 0.4 else np.inf         # infinite at the right end
    return x ** 3 - 2.0 * x - 5.0


@njit
def _jit_call(f, a, b, args, xtol, rtol, maxiter):
    return brentq(f, a, b, args, xtol, rtol, maxiter)


# (f, a, b, args), options, exception, message (toms748's where it differs)
BAD = [
    ((_troubled, 0.0, 1.0, (0,)), {}, ValueError,
     ("^f\\(a\\) and f\\(b\\) must have different signs$",
      "^f\\(a\\) and f\\(b\\) must have different signs, but f\\(0.000000e\\+00\\)="
      "1.000000e\\+00, f\\(1.000000e\\+00\\)=2.000000e\\+00 $")),
    ((_troubled, 0.0, 1.0, (1,)), {}, ValueError, "must have different signs"),
    ((_troubled, -1.0, 1.0, (2,)), {}, ValueError,
     "^The function value at x=1.0 is NaN; solver cannot continue.$"),
    ((_troubled, 2.0, 3.0, (4,)), {"xtol": 0.0}, ValueError, "^xtol too small \\(0 <= 0\\)$"),
    ((_troubled, 2.0, 3.0, (4,)), {"rtol": 1e-20}, ValueError,
     ("^rtol too small \\(1e-20 < 8.88178e-16\\)$", "^rtol too small \\(1e-20 < 2.22045e-16\\)$")),
    ((_troubled, 2.0, 3.0, (4,)), {"maxiter": -1}, ValueError,
     ("^maxiter must be >= 0$", "^maxiter must be greater than 0$")),
    ((_troubled, 2.0, 3.0, (3,)), {}, Boom, "^no roots past 2.5$"),
]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_and_callback_errors_as_scipy_from_both_entries(case):
    args, kwargs, exc, messages = BAD[case]
    if isinstance(messages, str):
        messages = (messages, messages)
    for method, fn in METHODS.items():
        message = messages[method == "toms748"]
        with pytest.raises(exc, match=message):
            getattr(scipy.optimize, method)(*args, **kwargs)
        with pytest.raises(exc, match=message):
            fn(*args, **kwargs)
    options = {"xtol": 2e-12, "rtol": 4 * np.finfo(float).eps, "maxiter": 100, **kwargs}
    with pytest.raises(exc, match=messages[0]):
        _jit_call(*args, options["xtol"], options["rtol"], options["maxiter"])


@njit
def _jit_toms748(f, a, b, args, k):
    return toms748(f, a, b, args, k, full_output=True)


TOMS748_BAD = [
    ((_troubled, 3.0, 2.0, (4,)), {}, "^a and b are not an interval \\[3.0, 2.0\\]$"),
    ((_troubled, -np.inf, 2.0, (4,)), {}, "^a is not finite -inf$"),
    ((_troubled, 2.0, np.nan, (4,)), {}, "^b is not finite nan$"),
    ((_troubled, 2.0, 3.0, (4,)), {"k": 0}, "^k too small \\(0 < 1\\)$"),
    ((_troubled, -1.0, 1.0, (5,)), {}, "^Invalid function value: f\\(1.000000\\) -> inf $"),
]


def test_toms748_rules_as_scipy_from_both_entries():
    for args, kwargs, message in TOMS748_BAD:
        with pytest.raises(ValueError, match=message):
            scipy.optimize.toms748(*args, **kwargs)
        with pytest.raises(ValueError, match=message):
            toms748(*args, **kwargs)
        with pytest.raises(ValueError, match=message):
            _jit_toms748(*args, kwargs.get("k", 1))
    # the cubic as _troubled's kind 4: the entries compiled for the errors above serve
    for k in (2, 3, 150):                  # k above 100 is 100, with scipy's warning
        with pytest.warns(RuntimeWarning, match="Overriding k") if k > 100 else _no_warning():
            got, r = toms748(_troubled, 2.0, 3.0, (4,), k=k, full_output=True)
        x, jr = _jit_toms748(_troubled, 2.0, 3.0, (4,), k)
        with pytest.warns(RuntimeWarning) if k > 100 else _no_warning():
            want, ref = scipy.optimize.toms748(_troubled, 2.0, 3.0, (4,), k=k,
                                               full_output=True)
        assert got == x == want and dict(r) == dict(ref) == dict(jr)


def _no_warning():
    import contextlib
    return contextlib.nullcontext()


def test_bad_argument_types_named():
    with pytest.raises(TypeError, match="'maxiter' must be an integer"):
        brentq(cubic, 2.0, 3.0, maxiter=2.5)
    with pytest.raises(TypeError, match="brentq: 'a' must be a real number"):
        brentq(cubic, "two", 3.0)
    with pytest.raises(TypeError, match="'f' must be a function"):
        brentq(3.0, 2.0, 3.0)
    with pytest.raises(TypingError, match="brentq: 'maxiter' must be an integer"):
        _jit_call(_troubled, 2.0, 3.0, (4,), 2e-12, 1e-15, 2.5)
    with pytest.raises(TypingError, match="brentq: 'a' must be a number"):
        _jit_call(_troubled, "two", 3.0, (4,), 2e-12, 1e-15, 100)

    @njit
    def variable_full(full):
        return brentq(cubic, 2.0, 3.0, full_output=full)
    with pytest.raises(TypingError, match="'full_output' must be a compile-time constant"):
        variable_full(True)


def test_plain_python_function_and_args():
    root, r = brentq(lambda x, c: x * x - c, 0.0, 2.0, args=2.0, full_output=True)
    want, ref = scipy.optimize.brentq(lambda x, c: x * x - c, 0.0, 2.0, args=2.0,
                                      full_output=True)
    assert root == want and dict(r) == dict(ref)


@njit
def cubic_shifted(x, c):
    return x ** 3 - 2.0 * x - c


@njit
def _inverse_cubic(c):
    return brentq(cubic_shifted, 0.0, 10.0, args=(c,))


@njit
def _integral_of_roots(lo, hi):
    return scijit.integrate.quad(_inverse_cubic, lo, hi)


@njit
def _quad_gap(t, target):
    return scijit.integrate.quad(cubic_shifted, 0.0, t, args=(0.0,))[0] - target


@njit
def _root_of_integral(target):
    return brentq(_quad_gap, 1.0, 5.0, args=(target,), full_output=True)


def test_nested_with_quad_both_ways():
    y = _integral_of_roots(1.0, 20.0)
    want = scipy.integrate.quad(lambda c: scipy.optimize.brentq(cubic_shifted, 0.0, 10.0,
                                                                args=(c,)), 1.0, 20.0)
    assert abs(y[0] - want[0]) <= 1e-12 * abs(want[0])
    x, r = _root_of_integral(10.0)
    gap = lambda t, target: scipy.integrate.quad(cubic_shifted, 0.0, t, args=(0.0,))[0] - target
    want, ref = scipy.optimize.brentq(gap, 1.0, 5.0, args=(10.0,), full_output=True)
    assert x == want and r.function_calls == ref.function_calls


def test_root_results_pass_into_njit():
    @njit
    def read(r):
        return r.root, r["function_calls"], r.converged
    _, r = scipy.optimize.brentq(cubic, 2.0, 3.0, full_output=True)
    assert read(r) == (r.root, r.function_calls, True)


# The zeros family's cache=True check: brentq and ridder, and newton (Newton's and the
# secant) and root_scalar (bracketing and from x0) in the same cached function, so one
# pair of processes serves the family (test_newton.py's and test_root_scalar.py's own
# run in `.ci/sweep`)
CACHED = """
import scipy.optimize
from numba import njit

@njit
def f(x, c):
    return x ** 3 - 2.0 * x - c

@njit
def df(x, c):
    return 3.0 * x ** 2 - 2.0

@njit(cache=True)
def solve(c):
    x, r = scipy.optimize.brentq(f, 2.0, 3.0, args=(c,), full_output=True)
    xn, rn = scipy.optimize.newton(f, 2.0, df, args=(c,), full_output=True)
    s = scipy.optimize.root_scalar(f, args=(c,), bracket=(2.0, 3.0))
    t = scipy.optimize.root_scalar(f, args=(c,), x0=2.0)
    return (x, r.iterations, r.function_calls, scipy.optimize.ridder(f, 2.0, 3.0, args=(c,)),
            xn, rn.iterations, rn.function_calls, scipy.optimize.newton(f, 2.0, args=(c,)),
            s.root, s.function_calls, t.root, t.iterations)

print(repr(solve(5.0)))
print("HITS", sum(solve.stats.cache_hits.values()), sum(solve.stats.cache_misses.values()))
"""


@njit
def _dcubic_shifted(x, c):
    return 3.0 * x ** 2 - 2.0


def test_cache_true_in_a_second_process(run_python, tmp_path):
    line = run_cached_twice(run_python, CACHED, tmp_path)
    f, args = cubic_shifted, (5.0,)
    x, r = scipy.optimize.brentq(f, 2.0, 3.0, args=args, full_output=True)
    xn, rn = scipy.optimize.newton(f, 2.0, _dcubic_shifted, args=args, full_output=True)
    s = scipy.optimize.root_scalar(f, args=args, bracket=(2.0, 3.0))
    t = scipy.optimize.root_scalar(f, args=args, x0=2.0)
    assert line == repr((float(x), r.iterations, r.function_calls,
                         float(scipy.optimize.ridder(f, 2.0, 3.0, args=args)),
                         float(xn), rn.iterations, rn.function_calls,
                         float(scipy.optimize.newton(f, 2.0, args=args)),
                         float(s.root), s.function_calls, float(t.root), t.iterations))
