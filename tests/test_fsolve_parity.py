"""fsolve against scipy.optimize.fsolve on classic systems, from both entries."""
import numpy as np
import pytest
import scipy.optimize
from numba import njit

from scijit.optimize import fsolve

from checks import sweep_params
import problems as P

# Every system the tests solve, in one @njit function ``problem(x, k)`` (and one Jacobian),
# chosen by the run-time ``k``: the two entries compile once per option type (no
# Jacobian or one, band, epsfcn, diag) for all the classic problems, which therefore all
# run in CI.  (As tests/zeros_problems.py's ``aps`` does for the bracketing solvers.)
SYSTEMS = ["reference", "rosenbrock", "powell_singular", "powell_badly_scaled", "wood",
           "helical_valley", "trigonometric", "brown_almost_linear", "discrete_bvp",
           "broyden_tridiagonal", "broyden_banded", "variably_dimensioned", "chebyquad",
           # for the tests below: x**3 - 2 (scalar x0), x - 3 (args=3.0 would give it),
           # and rosenbrock with its Jacobian transposed (col_deriv)
           "cubic", "shifted", "rosenbrock_t"]
K = {name: k for k, name in enumerate(SYSTEMS)}


@njit
def problem(x, k):
    if k == 0:
        return P.reference(x)
    if k == 1 or k == 15:
        return P.rosenbrock(x)
    if k == 2:
        return P.powell_singular(x)
    if k == 3:
        return P.powell_badly_scaled(x)
    if k == 4:
        return P.wood(x)
    if k == 5:
        return P.helical_valley(x)
    if k == 6:
        return P.trigonometric(x)
    if k == 7:
        return P.brown_almost_linear(x)
    if k == 8:
        return P.discrete_bvp(x)
    if k == 9:
        return P.broyden_tridiagonal(x)
    if k == 10:
        return P.broyden_banded(x)
    if k == 11:
        return P.variably_dimensioned(x)
    if k == 12:
        return P.chebyquad(x)
    if k == 13:
        return x ** 3 - 2.0
    return x - 3.0


@njit
def problem_jac(x, k):
    if k == 0:
        return P.reference_jac(x)
    if k == 1:
        return P.rosenbrock_jac(x)
    if k == 15:
        return P.rosenbrock_jac(x).T.copy()
    return P.powell_badly_scaled_jac(x)


assert [SYSTEMS[k] for k in (0, 1, 13, 14, 15)] == [
    "reference", "rosenbrock", "cubic", "shifted", "rosenbrock_t"]
assert all(SYSTEMS[k] == f.__name__ for k, f in enumerate(
    (P.reference, P.rosenbrock, P.powell_singular, P.powell_badly_scaled, P.wood,
     P.helical_valley, P.trigonometric, P.brown_almost_linear, P.discrete_bvp,
     P.broyden_tridiagonal, P.broyden_banded, P.variably_dimensioned, P.chebyquad)))

#: name -> (k, Jacobian or None, x0, fsolve keyword options): problems.CASES through
#: ``problem``; factor and maxfev (run-time values) on the reference system too
CASES = {name: (K[func.__name__], None if fprime is None else problem_jac, x0, opts)
         for name, func, fprime, x0, opts in P.CASES}
CASES["reference-factor"] = (0, None, [1.0, 2.0], {"factor": 0.1})       # another root
CASES["reference-maxfev-hit"] = (0, None, [1.0, 2.0], {"maxfev": 5})     # ier 2


@njit
def _jit_fsolve(func, x0, args, band, epsfcn, factor, diag, xtol, maxfev):
    x, info, ier, mesg = fsolve(func, x0, args, None, True, 0, xtol, maxfev, band, epsfcn,
                                factor, diag)
    # the infodict's attribute and item access inside @njit (read by
    # test_infodict_attribute_and_item_access_inside_njit: this caller, compiled once)
    access = (info.nfev, info["nfev"], info.fvec.sum() == info["fvec"].sum())
    return (x, info, ier, mesg), access


@njit
def _jit_fsolve_jac(func, fprime, x0, args, factor, diag, xtol, maxfev):
    return fsolve(func, x0, args, fprime=fprime, full_output=True, xtol=xtol, maxfev=maxfev,
                  factor=factor, diag=diag)


def _scipy(k, fprime, x0, opts):
    # scipy calls the same compiled callbacks (a dispatcher is callable from
    # Python), so both solvers see bit-identical function values.
    return scipy.optimize.fsolve(problem, np.asarray(x0, float), args=(k,), fprime=fprime,
                                 full_output=True, **opts)


def _njit_entry(k, fprime, x0, opts):
    x0 = np.asarray(x0, float)
    diag = None if opts.get("diag") is None else np.asarray(opts["diag"], float)
    if fprime is None:
        return _jit_fsolve(problem, x0, (k,), opts.get("band"), opts.get("epsfcn"),
                           opts.get("factor", 100.0), diag, opts.get("xtol", 1.49012e-08),
                           opts.get("maxfev", 0))[0]
    return _jit_fsolve_jac(problem, fprime, x0, (k,), opts.get("factor", 100.0), diag,
                           opts.get("xtol", 1.49012e-08), opts.get("maxfev", 0))


@pytest.mark.parametrize("name", list(CASES))
def test_matches_scipy(name):
    k, fprime, x0, opts = CASES[name]
    with np.errstate(all="ignore"):
        xs, infos, iers, mesgs = _scipy(k, fprime, x0, opts)
    xp, infop, ierp, mesgp = fsolve(problem, x0, args=(k,), fprime=fprime, full_output=True,
                                    **opts)

    # scipy's answer: same x (to a few ulps of its scale), status, message and counts
    np.testing.assert_allclose(xp, xs, rtol=1e-10, atol=1e-13 * max(1.0, np.abs(xs).max()))
    assert ierp == iers
    assert mesgp == mesgs
    assert infop["nfev"] == infos["nfev"]
    if fprime is not None:
        assert infop["njev"] == infos["njev"]
    for field in ("fvec", "qtf", "r", "fjac"):
        np.testing.assert_allclose(infop[field], infos[field], rtol=1e-7,
                                   atol=1e-9 * max(1.0, np.abs(infos[field]).max()))
    assert list(infop.keys()) == list(infos.keys())


# The Python entry is itself an @njit call of fsolve (its trampoline), with the option
# types given above, so every path of the chooser is compiled and checked against scipy
# there.  Our own @njit callers, in CI: without and with a Jacobian (every problem of
# those, one compilation each); band, diag and epsfcn compile these callers again for
# the types the trampoline has checked, in `.ci/sweep`.
NJIT_IN_CI = {name for name, (_, fprime, _, opts) in CASES.items()
              if not {"band", "diag", "epsfcn"} & set(opts)}


@pytest.mark.parametrize("name", sweep_params(list(CASES), NJIT_IN_CI))
def test_both_entries_identical(name):
    k, fprime, x0, opts = CASES[name]
    with np.errstate(all="ignore"):
        xp, infop, ierp, mesgp = fsolve(problem, x0, args=(k,), fprime=fprime,
                                        full_output=True, **opts)
        xj, infoj, ierj, mesgj = _njit_entry(k, fprime, x0, opts)
    np.testing.assert_array_equal(xj, xp)
    assert (ierj, mesgj) == (ierp, mesgp)
    for field in infop:
        np.testing.assert_array_equal(infoj[field], infop[field])


def test_reference_numbers():
    """The reference's worked example: nfev 15, and 13/1 with fprime (scipy 1.17)."""
    x, info, ier, mesg = fsolve(problem, [1.0, 2.0], args=(0,), full_output=True)
    assert (info.nfev, ier, mesg) == (15, 1, "The solution converged.")
    np.testing.assert_allclose(x, [0.0, 1.0], atol=1e-12)
    x, info, ier, _ = fsolve(problem, [1.0, 2.0], args=(0,), fprime=problem_jac,
                             full_output=True)
    assert (info.nfev, info.njev, ier) == (13, 1, 1)


def test_short_output_and_spellings():
    want = scipy.optimize.fsolve(problem, [1.0, 2.0], args=(0,))

    @njit
    def spellings(k):
        a = fsolve(problem, np.array([1.0, 2.0]), (k,))
        b = fsolve(problem, [1.0, 2.0], (k,))
        c = fsolve(problem, (1.0, 2.0), (k,))
        d = fsolve(problem, np.array([[1.0, 2.0]]), (k,))     # any rank is flattened
        e = fsolve(problem, np.array([1, 2]), (k,))            # integers are converted
        return a, b, c, d, e

    for got in spellings(0):
        np.testing.assert_array_equal(got, want)
    for x0 in ([1.0, 2.0], (1.0, 2.0), np.array([[1.0, 2.0]]), np.array([1, 2])):
        np.testing.assert_array_equal(fsolve(problem, x0, args=(0,)), want)


def test_scalar_x0():
    cubic = (K["cubic"],)
    want = scipy.optimize.fsolve(problem, 1.0, args=cubic, full_output=True)

    @njit
    def jitted(args):
        return fsolve(problem, 1.0, args, full_output=True)

    for got in (fsolve(problem, 1.0, args=cubic, full_output=True), jitted(cubic)):
        np.testing.assert_array_equal(got[0], want[0])
        assert got[1]["nfev"] == want[1]["nfev"]


def test_args_scalars_and_arrays():
    centre = np.array([0.5, -0.5])
    want = scipy.optimize.fsolve(P.scaled_circle.py_func, [1.0, 0.3], args=(2.0, centre),
                                 full_output=True)

    @njit
    def jitted(a, c):
        return fsolve(P.scaled_circle, np.array([1.0, 0.3]), args=(a, c), full_output=True)

    for got in (fsolve(P.scaled_circle, [1.0, 0.3], args=(2.0, centre), full_output=True),
                jitted(2.0, centre)):
        np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
        assert got[1]["nfev"] == want[1]["nfev"]
        assert got[2] == want[2]


def test_non_tuple_args_is_wrapped_as_scipy_does():
    shifted = K["shifted"]               # x - 3
    np.testing.assert_allclose(fsolve(problem, [0.0], args=shifted), [3.0])
    np.testing.assert_allclose(njit(lambda k: fsolve(problem, [0.0], args=k))(shifted), [3.0])


def test_col_deriv():
    x0 = [-1.2, 1.0]
    a = fsolve(problem, x0, args=(K["rosenbrock"],), fprime=problem_jac, full_output=True)
    b = fsolve(problem, x0, args=(K["rosenbrock_t"],), fprime=problem_jac, col_deriv=1,
               full_output=True)
    np.testing.assert_array_equal(a[0], b[0])
    assert a[1]["nfev"] == b[1]["nfev"] and a[1]["njev"] == b[1]["njev"]


def test_keep_shape():
    @njit
    def grid(x):                       # receives x as (2, 2) with keep_shape
        return (x * x - np.array([[1.0, 4.0], [9.0, 16.0]])).ravel()

    x0 = np.ones((2, 2))
    got = fsolve(grid, x0, keep_shape=True)
    assert got.shape == (2, 2)
    np.testing.assert_allclose(got, [[1.0, 2.0], [3.0, 4.0]], rtol=1e-9)
    jitted = njit(lambda x0: fsolve(grid, x0, keep_shape=True))(x0)
    np.testing.assert_array_equal(jitted, got)


def test_infodict_attribute_and_item_access_inside_njit():
    (_, info, _, _), (a, b, same) = _jit_fsolve(problem, np.array([1.0, 2.0]), (0,), None,
                                                None, 100.0, None, 1.49012e-08, 0)
    assert a == b == 15 and same
    assert isinstance(info, scipy.optimize.OptimizeResult)
    assert info.nfev == info["nfev"] == 15


def test_python_callable_is_jitted():
    def plain(x):
        return np.array([x[0] - 1.0])

    np.testing.assert_allclose(fsolve(plain, [0.0]), [1.0])


@njit
def _rosenbrock_inplace(x, out, flags):
    out[0] = 1.0 - x[0]
    out[1] = 10.0 * (x[1] - x[0] ** 2)


@njit
def _rosenbrock_jac_inplace(x, out, flags):
    """out[i, j] = d f_i / d x_j; with flags[0] set, the col_deriv form
    out[j, i] (one Jacobian for both forms: the callers compile once)."""
    J = out.T if flags[0] else out
    J[0, 0] = -1.0
    J[0, 1] = 0.0
    J[1, 0] = -20.0 * x[0]
    J[1, 1] = 10.0


@njit
def _jit_inplace(func, x0, fprime, args):
    return fsolve(func, x0, args, fprime=fprime, full_output=True, inplace=True)


# Each entry compiles its inplace core (hybrd or hybrj).  In CI: both from Python (hybrj's
# compiled for test_inplace_col_deriv_writes_the_transpose too) and hybrj inside @njit;
# hybrd inside @njit (the same inplace path from the other entry) in `.ci/sweep`.
_INPLACE = [("python", False), ("python", True), ("njit", False), ("njit", True)]


@pytest.mark.parametrize("entry, with_jac", sweep_params(
    _INPLACE, in_ci={("python", False), ("python", True), ("njit", True)}),
    ids=["%s-%s" % (e, "hybrj" if j else "hybrd") for e, j in _INPLACE])
def test_inplace_form_gives_the_array_forms_answers(entry, with_jac):
    k, jac, x0, _ = CASES["rosenbrock-jac" if with_jac else "rosenbrock"]
    want = fsolve(problem, x0, args=(k,), fprime=jac, full_output=True)
    fprime = _rosenbrock_jac_inplace if with_jac else None
    args = (np.zeros(1),)
    if entry == "python":
        got = fsolve(_rosenbrock_inplace, x0, args, fprime=fprime, full_output=True,
                     inplace=True)
    else:
        got = _jit_inplace(_rosenbrock_inplace, np.asarray(x0, float), fprime, args)
    np.testing.assert_array_equal(got[0], want[0])
    assert got[2] == want[2]
    for field in want[1]:
        np.testing.assert_array_equal(got[1][field], want[1][field])


def test_inplace_col_deriv_writes_the_transpose():
    a = fsolve(_rosenbrock_inplace, [-1.2, 1.0], (np.zeros(1),),
               fprime=_rosenbrock_jac_inplace, inplace=True)
    b = fsolve(_rosenbrock_inplace, [-1.2, 1.0], (np.ones(1),),
               fprime=_rosenbrock_jac_inplace, col_deriv=1, inplace=True)
    np.testing.assert_array_equal(a, b)
