"""newton (secant, Newton, Halley; scalar x0) against scipy.optimize.newton,
from both entries.

scipy calls the same compiled functions, so roots, counts, flags and
messages must be equal, not close.  One @njit function holds three smooth
families with their first and second derivatives; each iteration kind has
one caller inside @njit that solves every case.
"""
import math
import re
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import newton

from checks import run_cached_twice


@njit
def h(x, family, c):
    """x^3 - 2x - c, cos(x) - c x, exp(x) - c, and (family 3) 1 + 0 x."""
    if family == 0:
        return x ** 3 - 2.0 * x - c
    if family == 1:
        return math.cos(x) - c * x
    if family == 2:
        return math.exp(x) - c
    return 1.0 + 0.0 * x


@njit
def dh(x, family, c):
    if family == 0:
        return 3.0 * x ** 2 - 2.0
    if family == 1:
        return -math.sin(x) - c
    if family == 2:
        return math.exp(x)
    return 0.0


@njit
def d2h(x, family, c):
    if family == 0:
        return 6.0 * x
    if family == 1:
        return -math.cos(x)
    if family == 2:
        return math.exp(x)
    return 0.0


CASES = [(family, c, x0) for family in (0, 1, 2) for c in (0.5, 2.0, 5.0, 40.0)
         for x0 in (-3.0, 0.0, 0.7, 2.0, 9.0)]
KINDS = {"secant": {}, "newton": {"fprime": dh}, "halley": {"fprime": dh, "fprime2": d2h}}


def _caller(kind):
    """One @njit caller per kind: every case, with disp=False, returning
    (root, iterations, function_calls, converged) each."""
    if kind == "secant":
        @njit
        def one(x0, args, maxiter):
            return newton(h, x0, None, args, 1.48e-8, maxiter, None, None, 0.0, True, False)
    elif kind == "newton":
        @njit
        def one(x0, args, maxiter):
            return newton(h, x0, dh, args, 1.48e-8, maxiter, None, None, 0.0, True, False)
    else:
        @njit
        def one(x0, args, maxiter):
            return newton(h, x0, dh, args, 1.48e-8, maxiter, d2h, None, 0.0, True, False)

    @njit
    def solve_all(cases, maxiter):
        roots = np.empty(len(cases))
        counts = np.empty((len(cases), 3), dtype=np.int64)
        for i in range(len(cases)):
            family, c, x0 = cases[i]
            x, r = one(x0, (int(family), c), maxiter)
            roots[i] = x
            counts[i, 0] = r.iterations
            counts[i, 1] = r.function_calls
            counts[i, 2] = r.converged
        return roots, counts
    return solve_all


_CALLERS = {kind: _caller(kind) for kind in KINDS}
_CASES_ARRAY = np.array(CASES)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_case_matches_scipy_from_both_entries(kind):
    for maxiter in (50, 3):
        roots, counts = _CALLERS[kind](_CASES_ARRAY, maxiter)
        for i, (family, c, x0) in enumerate(CASES):
            options = dict(KINDS[kind], args=(family, c), maxiter=maxiter, full_output=True,
                           disp=False)
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                want, ref = scipy.optimize.newton(h, x0, **options)
            with warnings.catch_warnings(record=True) as ours:
                warnings.simplefilter("always")
                got, res = newton(h, x0, **options)
            case = (kind, family, c, x0, maxiter)
            assert [str(w.message) for w in ours] == [str(w.message) for w in seen], case
            assert type(got) is type(want) and type(res) is scipy.optimize.RootResults
            assert (got == want or math.isnan(want) and math.isnan(got)), case
            assert dict(res) == dict(ref) or math.isnan(want), case
            assert roots[i] == want or math.isnan(want) and math.isnan(roots[i]), case
            assert tuple(counts[i]) == (ref.iterations, ref.function_calls, ref.converged), case


def _same_error(call, ours):
    """Both raise RuntimeError with one message; returns it."""
    with pytest.raises(RuntimeError) as want:
        call()
    with pytest.raises(RuntimeError) as got:
        ours()
    assert str(got.value) == str(want.value)
    return str(got.value)


@njit
def _jit_newton(x0, args, fprime_kind, x1, tol, maxiter, disp):
    if fprime_kind == 0:
        return newton(h, x0, None, args, tol, maxiter, None, x1, 0.0, True, disp)
    return newton(h, x0, dh, args, tol, maxiter, None, x1, 0.0, True, disp)


def test_stalls_and_zero_derivatives_as_scipy():
    # Newton at a zero derivative, the secant on a constant: RuntimeError with
    # disp, scipy's warning without (from Python; inside @njit converged=False)
    for fprime, x0, args, start in ((dh, 0.0, (3, 0.0), "Derivative was zero."),
                                    (None, 1.0, (3, 0.0), "Tolerance of")):
        message = _same_error(lambda: scipy.optimize.newton(h, x0, fprime, args),
                              lambda: newton(h, x0, fprime, args))
        assert message.startswith(start)
        with pytest.raises(RuntimeError) as got:
            _jit_newton(x0, args, fprime is not None, None, 1.48e-8, 50, True)
        assert str(got.value) == message
        with pytest.warns(RuntimeWarning) as seen:
            want, ref = scipy.optimize.newton(h, x0, fprime, args, full_output=True, disp=False)
        for _ in range(2):              # every call warns, not only the first
            with pytest.warns(RuntimeWarning) as ours:
                x, r = newton(h, x0, fprime, args, full_output=True, disp=False)
            assert [str(w.message) for w in ours] == [str(w.message) for w in seen]
        assert x == want and dict(r) == dict(ref) and not r.converged
        x, r = _jit_newton(x0, args, fprime is not None, None, 1.48e-8, 50, False)
        assert x == want and dict(r) == dict(ref)


BAD = [({"tol": 0.0}, "^tol too small \\(0 <= 0\\)$"),
       ({"maxiter": 0}, "^maxiter must be greater than 0$"),
       ({"x1": 2.0}, "^x1 and x0 must be different$")]


@pytest.mark.parametrize("case", range(len(BAD)))
def test_bad_input_as_scipy_from_both_entries(case):
    options, message = BAD[case]
    for fprime in (None, dh) if "x1" not in options else (None,):    # Newton ignores x1
        for call in (scipy.optimize.newton, newton):
            with pytest.raises(ValueError, match=message):
                call(h, 2.0, fprime, (0, 5.0), **options)
        with pytest.raises(ValueError, match=message):
            _jit_newton(2.0, (0, 5.0), fprime is not None, options.get("x1"),
                        options.get("tol", 1.48e-8), options.get("maxiter", 50), True)


def test_newton_ignores_x1_as_scipy():
    assert newton(h, 2.0, dh, (0, 5.0), x1=2.0) == scipy.optimize.newton(h, 2.0, dh, (0, 5.0),
                                                                        x1=2.0)


def test_bad_types_named():
    with pytest.raises(TypeError, match="newton: 'x0' must be real numbers"):
        newton(h, np.array(["one", "two"]), args=(0, 5.0))
    with pytest.raises(TypeError, match="'maxiter' must be an integer"):
        newton(h, 2.0, args=(0, 5.0), maxiter=2.5)
    with pytest.raises(TypeError, match="newton: 'x0' must be a real number"):
        newton(h, "two", args=(0, 5.0))

    @njit
    def array_x0(x0):
        return newton(h, x0, args=(0, 5.0))
    with pytest.raises(TypingError, match="newton: an array 'x0' must hold real numbers"):
        array_x0(np.ones(2, dtype=np.complex128))
    with pytest.raises(TypingError, match="newton: 'fprime' must be an @njit function"):
        _jit_fprime_number(2.0)


@njit
def _jit_fprime_number(x0):
    return newton(h, x0, 3.0, (0, 5.0))


class Boom(Exception):
    pass


@njit
def _raising_derivative(x, family, c):
    if x > 2.05:
        raise Boom("derivative past 2.05")
    return dh(x, family, c)


def test_callback_exception_propagates_from_both_entries():
    with pytest.raises(Boom, match="^derivative past 2.05$"):
        newton(h, 3.0, _raising_derivative, (0, 5.0))

    @njit
    def inside(x0):
        return newton(h, x0, _raising_derivative, (0, 5.0))
    with pytest.raises(Boom, match="^derivative past 2.05$"):
        inside(3.0)


def test_plain_python_functions():
    got, r = newton(lambda x: x * x - 2.0, 1.0, fprime=lambda x: 2.0 * x, full_output=True)
    want, ref = scipy.optimize.newton(lambda x: x * x - 2.0, 1.0, fprime=lambda x: 2.0 * x,
                                      full_output=True)
    assert got == want and dict(r) == dict(ref)


def test_python_entry_compiles_its_trampoline_once():
    # the trampoline is kept per (func, fprime, fprime2): a second call with the same
    # functions compiles nothing (its dispatcher holds one signature)
    from scijit.optimize import _newton
    newton(h, 1.0, dh, (0, 5.0))
    newton(h, 1.5, dh, (0, 4.0))
    assert len(_newton._python_entry(h, dh, None).signatures) == 1


CACHED = """
import math
import scipy.optimize
from numba import njit

@njit
def f(x, c):
    return math.cos(x) - c * x

@njit
def df(x, c):
    return -math.sin(x) - c

@njit(cache=True)
def solve(c):
    x, r = scipy.optimize.newton(f, 1.0, df, args=(c,), full_output=True)
    return x, r.iterations, r.function_calls, scipy.optimize.newton(f, 1.0, args=(c,))

print(repr(solve(2.0)))
print("HITS", sum(solve.stats.cache_hits.values()), sum(solve.stats.cache_misses.values()))
"""


# the zeros family's cache=True check, which caches newton too, runs in CI in
# test_zeros.py (one pair of processes for the family); this one in `.ci/sweep`
@pytest.mark.sweep
def test_cache_true_in_a_second_process(run_python, tmp_path):
    line = run_cached_twice(run_python, CACHED, tmp_path)
    x, r = scipy.optimize.newton(h, 1.0, dh, args=(1, 2.0), full_output=True)
    secant = scipy.optimize.newton(h, 1.0, args=(1, 2.0))
    assert re.sub(r"np\.float64\(([^)]*)\)", r"\1", repr((x, r.iterations, r.function_calls,
                                                           secant))) == line
