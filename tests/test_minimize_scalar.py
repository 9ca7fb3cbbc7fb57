"""minimize_scalar ('brent', 'golden', 'bounded'), brent, golden, fminbound and
bracket against scipy.optimize, from both entries.

scipy calls the same compiled functions (a dispatcher is callable from
Python), so both see bit-identical function values: x, fun, nit, nfev, the
messages and the key order of the results must be equal, not close.
Compilation is the cost: one @njit function holds the whole battery
(``battery(x, k)``), so each method's solver compiles once for the file, and
one caller inside @njit per method runs every case.
"""
import math
import warnings

import numpy as np
import pytest
import scipy.optimize
from numba import njit, prange
from numba.core.errors import TypingError
from numba.typed import Dict
from numba import types

import scijit.integrate
import scijit.optimize
from scijit.optimize import bracket, brent, fminbound, golden, minimize_scalar

from checks import run_cached_twice


@njit
def battery(x, k):
    """The test functions, by number: smooth, kinked, flat-bottomed,
    steep, transcendental, a minimum at a bound's edge, and two whose
    bracket search fails or goes on (scipy's own cases)."""
    if k == 0:
        return (x - 2.0) * x * (x + 2.0) ** 2           # scipy's docstring example
    if k == 1:
        return (x - 1.0) ** 2
    if k == 2:
        return abs(x - 0.3) + 0.1 * abs(x + 0.4)         # kinked
    if k == 3:
        return max(abs(x - 0.5) - 0.25, 0.0) ** 2        # flat bottom on [0.25, 0.75]
    if k == 4:
        return math.exp(3.0 * x) - 4.0 * x               # steep on one side
    if k == 5:
        return math.sin(x) + math.cos(3.0 * x) / 3.0     # several local minima
    if k == 6:
        return (x - 5.0) ** 4                             # flat near its minimum
    if k == 7:
        return x ** 2 - 10.0 * x                          # minimum at 5, beyond bounds (-1, 2)
    if k == 8:
        return 1.0                                        # constant: no valid bracket
    return x                                              # no minimum: the search gives up


SMOOTH = range(8)          # the functions with a minimum a bracket search finds
BRACKETS = [None, (0.0, 1.0), (-1.0, 0.5), (0.0, 0.7, 6.0)]
BOUNDS = [(-3.0, -1.0), (0.0, 1.0), (-1.0, 2.0), (2.0, 8.0), (-0.5, 0.5)]


def _scipy(k, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            return scipy.optimize.minimize_scalar(battery, args=(k,), **kw)
        except (ValueError, RuntimeError) as exc:
            return exc


def _same(got, want):
    """Equal results: the same keys in the same order, equal values
    (float fields as np.float64, as scipy's)."""
    assert list(got) == list(want), (list(got), list(want))
    for name in want:
        assert got[name] == want[name] or (got[name] != got[name] and want[name] != want[name]), \
            (name, got[name], want[name])
        assert type(got[name]) is type(want[name]), (name, type(got[name]), type(want[name]))


# ---------------------------------------------------------------- from Python
@pytest.mark.parametrize("method", ["brent", "golden"])
def test_sectioning_methods_match_scipy_from_python(method):
    for k in SMOOTH:
        for brack in BRACKETS:
            want = _scipy(k, bracket=brack, method=method)
            if isinstance(want, Exception):
                with pytest.raises(type(want)) as got:
                    minimize_scalar(battery, bracket=brack, args=(k,), method=method)
                assert str(got.value) == str(want)
                continue
            got = minimize_scalar(battery, bracket=brack, args=(k,), method=method)
            _same(got, want)
    for kw in ({"tol": 1e-4}, {"options": {"maxiter": 3}}, {"options": {"xtol": 1e-12}},
               {"tol": 0}):
        _same(minimize_scalar(battery, args=(0,), method=method, **kw), _scipy(0, method=method,
                                                                                **kw))


def test_bounded_matches_scipy_from_python():
    for k in SMOOTH:
        for bounds in BOUNDS:
            _same(minimize_scalar(battery, bounds=bounds, args=(k,)), _scipy(k, bounds=bounds))
    for options in ({"maxiter": 4}, {"xatol": 1e-10}, {"xatol": 0.5, "maxiter": 20}):
        _same(minimize_scalar(battery, bounds=(-3, -1), args=(0,), options=options),
              _scipy(0, bounds=(-3, -1), options=options))


def test_failed_bracket_search_is_scipys_result():
    for method in ("brent", "golden"):
        got = minimize_scalar(battery, args=(8,), method=method)
        want = _scipy(8, method=method)
        assert not want.success
        _same(got, want)


def test_legacy_functions_match_scipy():
    for k in SMOOTH:
        for brack in BRACKETS:
            for ours, theirs in ((brent, scipy.optimize.brent), (golden, scipy.optimize.golden)):
                try:
                    want = theirs(battery, args=(k,), brack=brack, full_output=True)
                except (ValueError, RuntimeError) as exc:
                    with pytest.raises(type(exc)):
                        ours(battery, args=(k,), brack=brack, full_output=True)
                    continue
                got = ours(battery, args=(k,), brack=brack, full_output=True)
                assert got == want and type(got[0]) is type(want[0]), (k, brack, got, want)
                assert ours(battery, args=(k,), brack=brack) == want[0]
        for bounds in BOUNDS:
            got = fminbound(battery, *bounds, args=(k,), full_output=True, disp=0)
            want = scipy.optimize.fminbound(battery, *bounds, args=(k,), full_output=True, disp=0)
            assert got == want, (k, bounds, got, want)
        for xa, xb in ((0.0, 1.0), (0.1, 1.0), (3.0, 2.0)):
            got = bracket(battery, xa, xb, args=(k,))
            want = scipy.optimize.bracket(battery, xa, xb, args=(k,))
            assert got == want and type(got[2]) is type(want[2]), (k, xa, xb, got, want)


def test_bracket_errors_as_scipy():
    with pytest.raises(RuntimeError) as want:
        scipy.optimize.bracket(battery, args=(8,))
    with pytest.raises(RuntimeError) as got:
        bracket(battery, args=(8,))
    assert str(got.value) == str(want.value)
    assert got.value.data == want.value.data
    for fn in (brent, golden):
        with pytest.raises(RuntimeError, match="without finding a valid bracket"):
            fn(battery, args=(8,))
    for fn in (bracket, brent, golden, minimize_scalar):   # the search's iteration limit
        with pytest.raises(RuntimeError, match="iteration limit"):
            fn(battery, args=(9,))
    with pytest.raises(RuntimeError, match="iteration limit"):
        bracket(battery, args=(0,), xa=-10.0, xb=-9.0, maxiter=0)


def test_messages_warnings_and_disp_as_scipy(capsys):
    from scipy.optimize import OptimizeWarning
    for method in ("brent", "golden"):
        for options in ({"disp": True}, {"disp": 1, "maxiter": 2}):
            for fn in (scipy.optimize.minimize_scalar, minimize_scalar):
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    fn(battery, args=(0,), method=method, options=options)
                printed = capsys.readouterr().out
                if fn is scipy.optimize.minimize_scalar:
                    want = (printed, [(w.category, str(w.message)) for w in caught])
                else:
                    assert (printed, [(w.category, str(w.message)) for w in caught]) == want
    for args in ((3.0, 4.0, (0,), 1e-5, 3), (-3.0, -1.0, (0,), 1e-5, 500)):
        for disp in (0, 1, 2):
            caught_all = []
            for fn in (scipy.optimize.fminbound, fminbound):
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    fn(battery, *args, disp=disp)
                caught_all.append((capsys.readouterr().out,
                                   [(w.category, str(w.message)) for w in caught]))
            assert caught_all[0] == caught_all[1], (args, disp)
    with pytest.warns(RuntimeWarning, match="does not support relative tolerance"):
        minimize_scalar(battery, bounds=(0, 1), args=(0,), tol=1e-3)
    with pytest.warns(OptimizeWarning, match="Unknown solver options: xatol"):
        minimize_scalar(battery, args=(0,), options={"xatol": 1e-3})


def test_bad_input_as_scipy_from_python():
    cases = [
        dict(bracket=(1.0, 0.5, 0.0), method="brent"),          # order fine (swapped)
        dict(bracket=(0.0, 2.0, 1.0)),                          # not xa < xb < xc
        dict(bracket=(0.0, 5.0, 6.0)),                          # f(xb) not the lowest
        dict(bracket=(0.0, 1.0, 2.0, 3.0)),                     # length
        dict(bounds=(0.0, 1.0), method="brent"),
        dict(method="bounded"),
        dict(bounds=(2.0, 1.0)),
        dict(bounds=(0.0, np.inf)),
        dict(bounds=(0.0, 1.0, 2.0)),
        dict(method="newton"),
        dict(options={"xtol": -1.0}),
    ]
    for kw in cases:
        want = _scipy(1, **kw)
        if not isinstance(want, Exception):
            _same(minimize_scalar(battery, args=(1,), **kw), want)
            continue
        with pytest.raises(type(want)) as got:
            minimize_scalar(battery, args=(1,), **kw)
        assert str(got.value) == str(want), kw


# ---------------------------------------------------------------- inside @njit
@njit
def _sectioning_all(ks, b0, b1, b2, nbrack, tol, maxiter):
    """Every case through minimize_scalar inside @njit: brent with each
    spelling of ``bracket`` and options as a dict literal, golden through
    scipy's name (a call site each: each compiles)."""
    n = ks.size
    out = np.empty((n, 2, 2))
    counts = np.empty((n, 2, 2), dtype=np.int64)
    for i in range(n):
        args = (ks[i],)
        options = {"xtol": tol, "maxiter": maxiter}
        if nbrack == 0:
            r1 = minimize_scalar(battery, args=args, options=options)
        elif nbrack == 2:
            r1 = minimize_scalar(battery, (b0, b1), args=args, options=options)
        else:
            r1 = minimize_scalar(battery, (b0, b1, b2), args=args, options=options)
        r2 = scipy.optimize.minimize_scalar(battery, (b0, b1), args=args, method="golden")
        out[i, 0, 0], out[i, 0, 1] = r1.x, r1.fun
        counts[i, 0, 0], counts[i, 0, 1] = r1.nit, r1.nfev
        out[i, 1, 0], out[i, 1, 1] = r2.x, r2["fun"]
        counts[i, 1, 0], counts[i, 1, 1] = r2.nit, r2.nfev
    return out, counts


def test_sectioning_inside_njit_matches_scipy():
    for brack in BRACKETS[1:]:
        nbrack = len(brack)
        b = tuple(brack) + (0.0,) * (3 - nbrack)
        for tol, maxiter in ((1.48e-8, 500), (1e-4, 6)):
            cases = [(brack, {"tol": tol, "options": {"maxiter": maxiter}}),
                     (brack[:2], {"method": "golden"})]
            if nbrack == 2:             # the first case also without a bracket
                cases.append((None, cases[0][1]))
            want = {k: [_scipy(k, bracket=bk, **kw) for bk, kw in cases]
                    for k in list(SMOOTH) + [8]}
            ks = np.array([k for k, w in want.items()       # scipy's ValueError: a bad triple
                           if not any(isinstance(r, Exception) for r in w)])
            runs = [(nbrack, 0, 1)] + ([(0, 2, 0)] if nbrack == 2 else [])
            for spelled, case, j in runs:
                out, counts = _sectioning_all(ks, *b, spelled, tol, maxiter)
                for i, k in enumerate(ks):
                    for jj in (0, 1):
                        w = want[k][case if jj == 0 else 1]
                        assert (out[i, jj, 0], out[i, jj, 1]) == (w.x, w.fun) or \
                            (np.isnan(out[i, jj, 0]) and np.isnan(w.x)), (k, brack, jj)
                        assert tuple(counts[i, jj]) == (w.nit, w.nfev), (k, brack, jj)


@njit
def _results_inside(k, x1, x2):
    return (minimize_scalar(battery, args=(k,)),
            minimize_scalar(battery, bounds=(x1, x2), args=(k,), method="Bounded",
                            options={"xatol": 1e-6}),
            minimize_scalar(battery, args=(k,), method="golden", tol=1e-5),
            minimize_scalar(battery, bracket=(x1, x2), args=(k,), options={"disp": 0}))


def test_results_inside_njit_are_scipys():
    for k in (0, 1, 6, 8):
        got = _results_inside(k, -3.0, -1.0)
        want = (_scipy(k), _scipy(k, bounds=(-3.0, -1.0), method="bounded",
                                  options={"xatol": 1e-6}),
                _scipy(k, method="golden", tol=1e-5), _scipy(k, bracket=(-3.0, -1.0)))
        for g, w in zip(got, want):
            assert type(g) is scipy.optimize.OptimizeResult
            assert dict(g) == dict(w) or (np.isnan(g.x) and np.isnan(w.x)), (k, dict(g), dict(w))
            if w.success or "bracket" not in w.message:     # after a failed search the
                assert list(g) == list(w)                   # brent layout is kept
            assert g.message == w.message


@njit
def _typed_options(options, k):
    return minimize_scalar(battery, args=(k,), options=options)


def test_typed_dict_options_inside_njit():
    options = Dict.empty(types.unicode_type, types.float64)
    options["xtol"] = 1e-6
    options["maxiter"] = 7.0
    got = _typed_options(options, 0)
    want = _scipy(0, options={"xtol": 1e-6, "maxiter": 7})
    assert dict(got) == dict(want)
    options["xatol"] = 1.0
    with pytest.raises(ValueError, match="Unknown solver option: xatol"):
        _typed_options(options, 0)


@njit
def _legacy_inside(k):
    return (brent(battery, args=(k,), full_output=True),
            golden(battery, args=(k,), brack=(0.0, 1.0), full_output=True),
            fminbound(battery, -3.0, -1.0, args=(k,), full_output=True),
            scipy.optimize.bracket(battery, 0.1, 1.0, args=(k,)),
            scipy.optimize.brent(battery, args=(k,)), fminbound(battery, 0, 1, (k,)))


def test_legacy_functions_inside_njit():
    got = _legacy_inside(0)
    want = (scipy.optimize.brent(battery, args=(0,), full_output=True),
            scipy.optimize.golden(battery, args=(0,), brack=(0.0, 1.0), full_output=True),
            scipy.optimize.fminbound(battery, -3.0, -1.0, args=(0,), full_output=True),
            scipy.optimize.bracket(battery, 0.1, 1.0, args=(0,)),
            scipy.optimize.brent(battery, args=(0,)),
            scipy.optimize.fminbound(battery, 0, 1, (0,)))
    assert got == want
    with pytest.raises(RuntimeError, match="without finding a valid bracket") as exc:
        _legacy_inside(8)
    assert exc.value.data == _bracket_data(8)


def _bracket_data(k):
    try:
        scipy.optimize.bracket(battery, args=(k,))
    except RuntimeError as exc:
        return exc.data


@njit
def _wrong_length_bracket(k):
    return minimize_scalar(battery, bracket=(0.0, 1.0, 2.0, 3.0), args=(k,)).x


@njit
def _bad_triple(k):
    return minimize_scalar(battery, bracket=(0.0, 2.0, 1.0), args=(k,)).x


@njit
def _bad_bounds(x1, x2):
    return minimize_scalar(battery, bounds=(x1, x2), args=(1,)).x


def test_errors_inside_njit():
    with pytest.raises(ValueError, match="length 2 or 3"):
        _wrong_length_bracket(1)
    with pytest.raises(ValueError, match=r"\(xa < xb\) and \(xb < xc\)"):
        _bad_triple(1)
    with pytest.raises(ValueError, match="lower bound exceeds"):
        _bad_bounds(2.0, 1.0)
    with pytest.raises(ValueError, match="must be finite scalars"):
        _bad_bounds(0.0, np.inf)
    for source, message in (
            ("minimize_scalar(battery, method='newton')", "Unknown solver newton"),
            ("minimize_scalar(battery, bounds=(0.0, 1.0), method='brent')", "incompatible"),
            ("minimize_scalar(battery, method='bounded')", "is mandatory"),
            ("minimize_scalar(battery, args=(1,), options={'xatol': 1.0})",
             "Unknown solver option"),
            ("minimize_scalar(battery, method=m)", "constant string"),
            ("brent(battery, full_output=flag)", "compile-time constant")):
        scope = {"minimize_scalar": minimize_scalar, "brent": brent, "battery": battery}
        exec("def caller(m, flag):\n    return %s\n" % source, scope)
        with pytest.raises((TypingError, ValueError), match=message):
            njit(scope["caller"])("brent", True)


# ---------------------------------------------------------------- callbacks, nesting, threads
@njit
def _faulty(x, fault, at):
    """(x - 1)**2, but past ``at`` raising (fault 0) or NaN (fault 1)."""
    if x > at:
        if fault == 0:
            raise ZeroDivisionError("callback failed")
        return np.nan
    return (x - 1.0) ** 2


def test_callback_exception_and_nan_like_scipy():
    for kw in ({}, {"method": "golden"}, {"bounds": (0.0, 2.0)}):
        with pytest.raises(ZeroDivisionError, match="callback failed"):
            minimize_scalar(_faulty, args=(0, 0.5), **kw)
        got = minimize_scalar(_faulty, args=(1, 0.8), **kw)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            want = scipy.optimize.minimize_scalar(_faulty, args=(1, 0.8), **kw)
        _same(got, want)
    with pytest.raises(ZeroDivisionError, match="callback failed"):
        njit(lambda: minimize_scalar(_faulty, args=(0, 0.5), method="golden").x)()


@njit
def _integrand(t):
    return minimize_scalar(battery, bounds=(-3.0, -1.0), args=(0,)).fun + t


@njit
def _outer(c):
    return scijit.integrate.quad(lambda_model, 0.0, 1.0, args=(c,))[0]


@njit
def lambda_model(t, c):
    return minimize_scalar(battery, args=(1,), bracket=(0.0, c)).x * t


def test_nested_in_quad_and_prange_equals_serial():
    inner = minimize_scalar(battery, bounds=(-3.0, -1.0), args=(0,)).fun
    assert _outer(2.0) == pytest.approx(0.5 * minimize_scalar(battery, args=(1,),
                                                               bracket=(0.0, 2.0)).x, rel=1e-12)
    assert scijit.integrate.quad(_integrand, 0.0, 1.0)[0] == pytest.approx(inner + 0.5)

    def run(cs):
        out = np.empty(cs.size)
        for i in prange(cs.size):
            out[i] = minimize_scalar(battery, bracket=(0.0, cs[i]), args=(5,)).x
        return out
    cs = np.linspace(0.5, 2.0, 64)
    assert np.array_equal(njit(parallel=True)(run)(cs), njit(run)(cs))


CACHED = """
import numpy as np
from numba import njit
from scijit.optimize import minimize_scalar, fminbound

@njit
def f(x, a):
    return (x - a) ** 2 + np.cos(x)

@njit(cache=True)
def solve(a):
    r = minimize_scalar(f, args=(a,))
    return r.x, r.nfev, minimize_scalar(f, bounds=(-1.0, 3.0), args=(a,)).x, fminbound(f, 0, 1, (a,))

print(repr(solve(1.0)))
print("HITS", len(solve.stats.cache_hits), len(solve.stats.cache_misses))
"""


def test_cache_true_in_a_second_process(run_python, tmp_path):
    run_cached_twice(run_python, CACHED, tmp_path, own_cache_dir=False)   # (scijit's cache)
