"""fsolve against scipy.optimize.fsolve on classic systems, from both entries."""
import numpy as np
import pytest
import scipy.optimize
from numba import njit

from scijit.optimize import fsolve

from checks import sweep_params
from problems import CASES

# in CI: one problem per code path (with and without a Jacobian, diag, band, factor,
# tolerances, maxfev); the others run in `.ci/sweep`
IN_CI = {"reference", "reference-jac", "rosenbrock-jac", "powell-badly-scaled-diag",
         "broyden-banded", "helical-valley-factor", "xtol-and-epsfcn", "maxfev-hit",
         "brown-almost-linear"}

_BY_NAME = {c[0]: c for c in CASES}


@njit
def _jit_fsolve(func, x0, band, epsfcn, factor, diag, xtol, maxfev):
    return fsolve(func, x0, (), None, True, 0, xtol, maxfev, band, epsfcn, factor, diag)


@njit
def _jit_fsolve_jac(func, fprime, x0, factor, diag, xtol, maxfev):
    return fsolve(func, x0, fprime=fprime, full_output=True, xtol=xtol, maxfev=maxfev,
                  factor=factor, diag=diag)


def _scipy(func, fprime, x0, opts):
    # scipy calls the same compiled callbacks (a dispatcher is callable from
    # Python), so both solvers see bit-identical function values.
    return scipy.optimize.fsolve(func, np.asarray(x0, float), fprime=fprime, full_output=True,
                                 **opts)


def _njit_entry(func, fprime, x0, opts):
    x0 = np.asarray(x0, float)
    diag = None if opts.get("diag") is None else np.asarray(opts["diag"], float)
    if fprime is None:
        return _jit_fsolve(func, x0, opts.get("band"), opts.get("epsfcn"),
                           opts.get("factor", 100.0), diag, opts.get("xtol", 1.49012e-08),
                           opts.get("maxfev", 0))
    return _jit_fsolve_jac(func, fprime, x0, opts.get("factor", 100.0), diag,
                           opts.get("xtol", 1.49012e-08), opts.get("maxfev", 0))


@pytest.mark.parametrize("name", sweep_params([c[0] for c in CASES], IN_CI))
def test_matches_scipy_from_both_entries(name):
    _, func, fprime, x0, opts = _BY_NAME[name]
    with np.errstate(all="ignore"):
        xs, infos, iers, mesgs = _scipy(func, fprime, x0, opts)
    xp, infop, ierp, mesgp = fsolve(func, x0, fprime=fprime, full_output=True, **opts)
    xj, infoj, ierj, mesgj = _njit_entry(func, fprime, x0, opts)

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

    # both entries run the same code: identical values
    np.testing.assert_array_equal(xj, xp)
    assert (ierj, mesgj) == (ierp, mesgp)
    for field in infop:
        np.testing.assert_array_equal(infoj[field], infop[field])


def test_reference_numbers():
    """The reference's worked example: nfev 15, and 13/1 with fprime (scipy 1.17)."""
    _, func, _, x0, _ = _BY_NAME["reference"]
    x, info, ier, mesg = fsolve(func, x0, full_output=True)
    assert (info.nfev, ier, mesg) == (15, 1, "The solution converged.")
    np.testing.assert_allclose(x, [0.0, 1.0], atol=1e-12)
    x, info, ier, _ = fsolve(func, x0, fprime=_BY_NAME["reference-jac"][2], full_output=True)
    assert (info.nfev, info.njev, ier) == (13, 1, 1)


def test_short_output_and_spellings():
    _, func, _, _, _ = _BY_NAME["reference"]
    want = scipy.optimize.fsolve(func.py_func, [1.0, 2.0])

    @njit
    def spellings():
        a = fsolve(func, np.array([1.0, 2.0]))
        b = fsolve(func, [1.0, 2.0])
        c = fsolve(func, (1.0, 2.0))
        d = fsolve(func, np.array([[1.0, 2.0]]))        # any rank is flattened
        e = fsolve(func, np.array([1, 2]))               # integers are converted
        return a, b, c, d, e

    for got in spellings():
        np.testing.assert_array_equal(got, want)
    for x0 in ([1.0, 2.0], (1.0, 2.0), np.array([[1.0, 2.0]]), np.array([1, 2])):
        np.testing.assert_array_equal(fsolve(func, x0), want)


def test_scalar_x0():
    @njit
    def cubic(x):
        return x ** 3 - 2.0

    want = scipy.optimize.fsolve(cubic.py_func, 1.0, full_output=True)

    @njit
    def jitted():
        return fsolve(cubic, 1.0, full_output=True)

    for got in (fsolve(cubic, 1.0, full_output=True), jitted()):
        np.testing.assert_array_equal(got[0], want[0])
        assert got[1]["nfev"] == want[1]["nfev"]


def test_args_scalars_and_arrays():
    from problems import scaled_circle
    centre = np.array([0.5, -0.5])
    want = scipy.optimize.fsolve(scaled_circle.py_func, [1.0, 0.3], args=(2.0, centre),
                                 full_output=True)

    @njit
    def jitted(a, c):
        return fsolve(scaled_circle, np.array([1.0, 0.3]), args=(a, c), full_output=True)

    for got in (fsolve(scaled_circle, [1.0, 0.3], args=(2.0, centre), full_output=True),
                jitted(2.0, centre)):
        np.testing.assert_allclose(got[0], want[0], rtol=1e-12)
        assert got[1]["nfev"] == want[1]["nfev"]
        assert got[2] == want[2]


def test_non_tuple_args_is_wrapped_as_scipy_does():
    @njit
    def shifted(x, c):
        return x - c

    np.testing.assert_allclose(fsolve(shifted, [0.0], args=3.0), [3.0])
    np.testing.assert_allclose(njit(lambda: fsolve(shifted, [0.0], args=3.0))(), [3.0])


def test_col_deriv():
    _, func, jac, x0, _ = _BY_NAME["rosenbrock-jac"]

    @njit
    def jac_t(x):
        return jac(x).T.copy()

    a = fsolve(func, x0, fprime=jac, full_output=True)
    b = fsolve(func, x0, fprime=jac_t, col_deriv=1, full_output=True)
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
    _, func, _, x0, _ = _BY_NAME["reference"]

    @njit
    def both():
        x, info, ier, mesg = fsolve(func, np.array([1.0, 2.0]), full_output=True)
        return info.nfev, info["nfev"], info.fvec.sum() == info["fvec"].sum(), info

    a, b, same, info = both()
    assert a == b == 15 and same
    assert isinstance(info, scipy.optimize.OptimizeResult)
    assert info.nfev == info["nfev"] == 15


def test_python_callable_is_jitted():
    def plain(x):
        return np.array([x[0] - 1.0])

    np.testing.assert_allclose(fsolve(plain, [0.0]), [1.0])


@njit
def _rosenbrock_inplace(x, out):
    out[0] = 1.0 - x[0]
    out[1] = 10.0 * (x[1] - x[0] ** 2)


@njit
def _rosenbrock_jac_inplace(x, out):
    out[0, 0] = -1.0
    out[0, 1] = 0.0
    out[1, 0] = -20.0 * x[0]
    out[1, 1] = 10.0


@njit
def _jit_inplace(func, x0, fprime):
    return fsolve(func, x0, fprime=fprime, full_output=True, inplace=True)


@pytest.mark.parametrize("name, func, fprime", [
    ("rosenbrock", _rosenbrock_inplace, None),
    ("rosenbrock-jac", _rosenbrock_inplace, _rosenbrock_jac_inplace),
])
def test_inplace_form_gives_the_array_forms_answers(name, func, fprime):
    _, f, jac, x0, opts = _BY_NAME[name]
    want = fsolve(f, x0, fprime=jac, full_output=True)
    for got in (fsolve(func, x0, fprime=fprime, full_output=True, inplace=True),
                _jit_inplace(func, np.asarray(x0, float), fprime)):
        np.testing.assert_array_equal(got[0], want[0])
        assert got[2] == want[2]
        for field in want[1]:
            np.testing.assert_array_equal(got[1][field], want[1][field])


def test_inplace_col_deriv_writes_the_transpose():
    @njit
    def jac_t(x, out):                   # out[j, i] = d f_i / d x_j
        _rosenbrock_jac_inplace(x, out.T)

    a = fsolve(_rosenbrock_inplace, [-1.2, 1.0], fprime=_rosenbrock_jac_inplace, inplace=True)
    b = fsolve(_rosenbrock_inplace, [-1.2, 1.0], fprime=jac_t, col_deriv=1, inplace=True)
    np.testing.assert_array_equal(a, b)
