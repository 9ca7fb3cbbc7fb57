"""Argument checks every solver shares: one table, run for each public routine."""
import inspect

import numpy as np
import pytest
import scipy.integrate
import scipy.interpolate
import scipy.optimize
from numba import njit
from numba.core.errors import TypingError

import scijit
import scijit.integrate
import scijit.interpolate
import scijit.optimize
from scijit.optimize import fsolve, leastsq

ROUTINES = [fsolve, leastsq]


@njit
def _identity(x, a):
    return x


@pytest.mark.parametrize("routine", ROUTINES, ids=lambda r: r.__name__)
@pytest.mark.parametrize("args", [("text",), (None,), ([1, "a"],), ({"a": 1},)])
def test_non_numeric_args_named(routine, args):
    with pytest.raises(TypeError, match="'args'"):
        routine(_identity, [1.0], args=args)


@pytest.mark.parametrize("routine", ROUTINES, ids=lambda r: r.__name__)
def test_non_numeric_args_named_inside_njit(routine):
    @njit
    def g():
        return routine(_identity, np.array([1.0]), args=("text",))
    with pytest.raises(TypingError, match="'args'"):
        g()


@pytest.mark.parametrize("routine", ROUTINES, ids=lambda r: r.__name__)
def test_func_must_be_a_function(routine):
    with pytest.raises(TypeError, match="'func'"):
        routine(3.0, [1.0])



class _Model:
    def residual(self, x):
        return x - 1.0

    def __call__(self, x):
        return x - 1.0


@pytest.mark.parametrize("make", [lambda m: m.residual, lambda m: m],
                         ids=["bound method", "callable instance"])
def test_uncompilable_callable_named(make):
    # numba compiles functions only: scipy-style callables it cannot take are a TypeError
    # naming the routine, the argument and what it is
    with pytest.raises(TypeError, match=r"fsolve: 'func' is a (bound method|_Model object), "
                                        r"which numba cannot compile"):
        fsolve(make(_Model()), [0.5])


def test_numpy_ufuncs_as_callbacks():
    # numba cannot decorate a ufunc but compiles a call of one: scipy's examples pass them
    # (fixed_quad(np.cos, ...), dblquad's limits)
    assert scijit.integrate.quad(np.sin, 0.0, 1.0) == scipy.integrate.quad(np.sin, 0.0, 1.0)
    assert scijit.optimize.brentq(np.sin, 3.0, 4.0) == scipy.optimize.brentq(np.sin, 3.0, 4.0)
    product = njit(lambda y, x: x * y)
    assert (scijit.integrate.dblquad(product, 0.0, 1.0, np.sin, np.cos)
            == scipy.integrate.dblquad(product, 0.0, 1.0, np.sin, np.cos))

#: public name -> (scipy's function, scijit's additions after scipy's parameters)
SIGNATURES = {
    "optimize.fsolve": ["mode", "validate", "keep_shape", "inplace"],
    "optimize.leastsq": ["inplace", "m"],
    "optimize.root": [],
    "optimize.least_squares": [],
    "optimize.curve_fit": [],
    "integrate.quad": [],
    "integrate.dblquad": [],
    "integrate.tplquad": [],
    "interpolate.RegularGridInterpolator": [],
    "interpolate.interpn": [],
    "integrate.fixed_quad": [],
    "integrate.newton_cotes": [],
    "integrate.trapezoid": [],
    "integrate.simpson": [],
    "integrate.romb": [],
    "integrate.cumulative_trapezoid": [],
    "integrate.cumulative_simpson": [],
    "interpolate.CubicSpline": [],
    "interpolate.PchipInterpolator": [],
    "interpolate.Akima1DInterpolator": [],
    "interpolate.pchip_interpolate": [],
    "interpolate.make_interp_spline": [],
    "interpolate.interp1d": [],
    "interpolate.splrep": [],
    "interpolate.splev": [],
    "interpolate.splint": [],
    "interpolate.sproot": [],
    "interpolate.spalde": [],
    "interpolate.insert": [],
    "interpolate.splder": [],
    "interpolate.splantider": [],
    "interpolate.UnivariateSpline": [],
    "interpolate.InterpolatedUnivariateSpline": [],
    "interpolate.LSQUnivariateSpline": [],
}


def _same_default(a, b):
    if a is None or b is None:
        return a is b
    if isinstance(a, float) and isinstance(b, float) and a != a and b != b:
        return True                                   # nan (interp1d's fill_value)
    return bool(np.all(np.equal(a, b)))


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signature_mirrors_scipy(name):
    """scipy's names, order and defaults; additions last."""
    sub, func = name.split(".")
    ours = list(inspect.signature(getattr(getattr(scijit, sub), func)).parameters.values())
    theirs = list(inspect.signature(getattr(getattr(scipy, sub), func)).parameters.values())
    assert [p.name for p in ours[:len(theirs)]] == [p.name for p in theirs]
    for p, q in zip(ours, theirs):
        assert p.kind == q.kind or q.kind == p.VAR_KEYWORD, p.name
        assert _same_default(p.default, q.default), p.name
    assert [p.name for p in ours[len(theirs):]] == SIGNATURES[name]


@njit
def _two_residuals(x):
    return np.array([x[0] ** 2 - 2.0, x[0] - 1.4])


@njit
def _line(x, a):
    return a * x


#: An evaluation budget one past int32: scipy raises OverflowError, and so do we
#: (never truncated, never clamped).
BUDGET_CALLS = {
    "fsolve": lambda m: m.fsolve(_identity, [1.0], args=(0.0,), maxfev=2 ** 31),
    "leastsq": lambda m: m.leastsq(_two_residuals, [1.0], maxfev=2 ** 31),
    "least_squares lm": lambda m: m.least_squares(_two_residuals, [1.0], method="lm",
                                                  max_nfev=2 ** 31),
    "curve_fit": lambda m: m.curve_fit(_line, np.arange(3.0), np.arange(3.0), maxfev=2 ** 31),
}


@pytest.mark.parametrize("name", sorted(BUDGET_CALLS))
def test_evaluation_budget_beyond_int32_is_an_overflow_error(name):
    with pytest.raises(OverflowError):
        BUDGET_CALLS[name](scipy.optimize)
    with pytest.raises(OverflowError, match="32-bit"):
        BUDGET_CALLS[name](scijit.optimize)


@njit
def _square_minus_two(x):
    return x ** 2 - np.array([2.0])


#: A complex starting point: scipy refuses it (numpy's 'safe' cast; least_squares
#: its own ValueError), where numpy alone would drop the imaginary part with a warning.
COMPLEX_START = {
    "fsolve": lambda m: m.fsolve(_square_minus_two, np.array([1.0 + 1j])),
    "leastsq": lambda m: m.leastsq(_square_minus_two, [1.0 + 1j]),
    "root hybr": lambda m: m.root(_square_minus_two, np.array([1.0 + 1j])),
    "root lm": lambda m: m.root(_square_minus_two, np.array([1.0 + 1j]), method="lm"),
    "least_squares": lambda m: m.least_squares(_square_minus_two, np.array([1.0 + 1j]),
                                               method="lm"),
    "curve_fit p0": lambda m: m.curve_fit(_line, np.arange(3.0), np.arange(3.0), p0=[1.0 + 1j]),
}


@pytest.mark.parametrize("name", sorted(COMPLEX_START))
def test_complex_starting_point_refused_as_scipy(name):
    with pytest.raises((TypeError, ValueError)) as want:
        COMPLEX_START[name](scipy.optimize)
    with pytest.raises(type(want.value), match="real"):
        COMPLEX_START[name](scijit.optimize)


@njit
def _x(x):
    return x


#: A non-integral count or band: scipy's C entries refuse it (operator.index's
#: TypeError); it used to be truncated silently.
NON_INTEGRAL = {
    "fsolve maxfev": (scipy.optimize, lambda m: m.fsolve(_square_minus_two, [1.0], maxfev=10.5)),
    "fsolve band": (scipy.optimize, lambda m: m.fsolve(_square_minus_two, [1.0], band=(1.5, 1))),
    "leastsq maxfev": (scipy.optimize, lambda m: m.leastsq(_two_residuals, [1.0], maxfev=10.5)),
    "root maxfev": (scipy.optimize, lambda m: m.root(_square_minus_two, [1.0],
                                                     options={"maxfev": 10.5})),
    "root lm maxiter": (scipy.optimize, lambda m: m.root(_square_minus_two, [1.0], method="lm",
                                                         options={"maxiter": 10.5})),
    "curve_fit maxfev": (scipy.optimize, lambda m: m.curve_fit(_line, np.arange(3.0),
                                                               np.arange(3.0), maxfev=10.5)),
    "least_squares max_nfev": (scipy.optimize, lambda m: m.least_squares(
        _two_residuals, [1.0], method="lm", max_nfev=10.5)),
    "quad limit": (scipy.integrate, lambda m: m.quad(_x, 0.0, 1.0, limit=10.5)),
    "quad limlst": (scipy.integrate, lambda m: m.quad(_x, 0.0, np.inf, weight="cos", wvar=1.0,
                                                      limlst=2.5)),
}


@pytest.mark.parametrize("name", sorted(NON_INTEGRAL))
def test_non_integral_counts_refused_as_scipy(name):
    scipy_module, call = NON_INTEGRAL[name]
    with pytest.raises(TypeError) as want:
        call(scipy_module)
    ours = scijit.optimize if scipy_module is scipy.optimize else scijit.integrate
    with pytest.raises(TypeError) as got:
        call(ours)
    assert str(got.value).endswith(str(want.value))
    assert "'%s'" % name.split()[-1] in str(got.value)


def test_non_integral_counts_refused_inside_njit():
    @njit
    def solve(maxfev):
        return fsolve(_square_minus_two, np.array([1.0]), maxfev=maxfev)

    @njit
    def integrate(limit):
        return scijit.integrate.quad(_x, 0.0, 1.0, limit=limit)
    with pytest.raises(TypingError, match="'maxfev' must be an integer"):
        solve(10.5)
    with pytest.raises(TypingError, match="'limit' must be an integer"):
        integrate(10.5)
    assert integrate(10) == scipy.integrate.quad(_x, 0.0, 1.0, limit=10)


_XS = np.linspace(0.0, 4.0, 12)
_YS = np.sin(_XS)

# (routine, argument, an @njit call taking the argument's value): one integer
# check (scijit._arguments.check_integer) in every chooser
INTEGER_ARGUMENTS = {
    "UnivariateSpline k": lambda v: scijit.interpolate.UnivariateSpline(_XS, _YS, k=v),
    "RectBivariateSpline kx": lambda v: scijit.interpolate.RectBivariateSpline(
        _XS[:6], _XS[:6], np.outer(_YS[:6], _YS[:6]), kx=v),
    "bisplev dx": lambda v: scijit.interpolate.bisplev(
        0.5, 0.5, (_XS, _XS, _YS, 3, 3), dx=v),
    "pchip_interpolate der": lambda v: scijit.interpolate.pchip_interpolate(_XS, _YS, 0.5,
                                                                            der=v),
    "trapezoid axis": lambda v: scijit.integrate.trapezoid(_YS, axis=v),
    "fixed_quad n": lambda v: scijit.integrate.fixed_quad(_x, 0.0, 1.0, n=v),
}


#: the integer arguments a bool is refused for, as before the check was one
BOOL_REFUSED = {"fixed_quad n", "pchip_interpolate der"}


@pytest.mark.parametrize("name", sorted(INTEGER_ARGUMENTS))
def test_integer_arguments_checked_inside_njit(name):
    call = njit(INTEGER_ARGUMENTS[name])
    routine, argument = name.split()
    for bad in (2.0, "two", np.ones(2)) + ((True,) if name in BOOL_REFUSED else ()):
        with pytest.raises(TypingError, match="%s: '%s' must be an integer, got"
                           % (routine, argument)):
            call(bad)


def test_number_arguments_checked_inside_njit():
    """The sampled rules' spacing and initial value (scijit._arguments.check_number)."""
    @njit
    def spaced(dx):
        return scijit.integrate.trapezoid(_YS, dx=dx)

    @njit
    def started(initial):
        return scijit.integrate.cumulative_trapezoid(_YS, initial=initial)
    for call, argument in ((spaced, "dx"), (started, "initial")):
        for bad in ("two", np.ones(2), (1.0,)):
            with pytest.raises(TypingError, match="trapezoid: '%s' must be a number, got"
                               % argument):
                call(bad)
    assert spaced(0.5) == scipy.integrate.trapezoid(_YS, dx=0.5)
    np.testing.assert_array_equal(started(0.0),
                                  scipy.integrate.cumulative_trapezoid(_YS, initial=0.0))


def test_cubic_spline_extrapolate_string_refused_inside_njit():
    @njit
    def build(x, y):
        return scijit.interpolate.CubicSpline(x, y, extrapolate="sideways")
    with pytest.raises(TypingError, match="extrapolate must be None, a bool or the constant "
                       "'periodic'"):
        build(_XS, _YS)
