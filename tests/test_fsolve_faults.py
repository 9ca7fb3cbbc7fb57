"""Bad input and faults in fsolve: clear exceptions from both entries, no hangs."""
import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import fsolve
from problems import reference, reference_jac


@njit
def raises_on_third_call(x, counter):
    counter[0] += 1
    if counter[0] >= 3:
        raise ZeroDivisionError("third call")
    return reference(x)


@njit
def wrong_length(x):
    return np.zeros(3)


@njit
def length_changes(x, counter):
    counter[0] += 1
    if counter[0] > 4:
        return np.zeros(3)
    return reference(x)


@njit
def wrong_jacobian(x):
    return np.zeros((2, 3))


@njit
def jit_raises(counter):
    return fsolve(raises_on_third_call, np.array([1.0, 2.0]), args=(counter,))


def test_callback_exception_propagates_from_python_entry():
    with pytest.raises(ZeroDivisionError, match="third call"):
        fsolve(raises_on_third_call, [1.0, 2.0], args=(np.zeros(1),))


def test_callback_exception_propagates_from_njit_entry():
    counter = np.zeros(1)
    with pytest.raises(ZeroDivisionError, match="third call"):
        jit_raises(counter)
    assert counter[0] == 3          # the solver stopped at the raising call


def test_callback_exception_during_jacobian():
    @njit
    def bad_jac(x):
        if x[0] < 10.0:
            raise KeyError("jacobian failed")
        return reference_jac(x)

    with pytest.raises(KeyError, match="jacobian failed"):
        fsolve(reference, [1.0, 2.0], fprime=bad_jac)


def test_wrong_length_result_is_value_error_with_scipys_text():
    for call in (lambda: fsolve(wrong_length, [1.0, 2.0]),
                 njit(lambda: fsolve(wrong_length, np.array([1.0, 2.0])))):
        with pytest.raises(ValueError, match=r"Shape should be \(2,\) but it is \(3,\)"):
            call()
    with pytest.raises(TypeError):           # scipy's exception type works too
        fsolve(wrong_length, [1.0, 2.0])


def test_length_changing_midway_is_value_error():
    with pytest.raises(ValueError, match="shape"):
        fsolve(length_changes, [1.0, 2.0], args=(np.zeros(1),))
    with pytest.raises(ValueError, match="shape"):       # even without the pre-check
        fsolve(length_changes, [1.0, 2.0], args=(np.zeros(1),), validate=False)


def test_wrong_jacobian_shape_is_value_error():
    with pytest.raises(ValueError, match=r"'fprime'.*Shape should be \(2, 2\)"):
        fsolve(reference, [1.0, 2.0], fprime=wrong_jacobian)
    with pytest.raises(ValueError, match="Jacobian"):
        fsolve(reference, [1.0, 2.0], fprime=wrong_jacobian, validate=False)


def test_nan_start_terminates_without_converging():
    x, info, ier, mesg = fsolve(reference, [np.nan, 2.0], full_output=True)
    assert ier != 1
    x, info, ier, mesg = njit(lambda: fsolve(reference, np.array([np.nan, 2.0]),
                                             full_output=True))()
    assert ier != 1


def test_nan_returning_callback_terminates():
    @njit
    def nan_f(x):
        return np.full(2, np.nan)
    _, _, ier, _ = fsolve(nan_f, [1.0, 2.0], full_output=True)
    assert ier != 1


def test_non_numeric_x0_named():
    with pytest.raises(TypeError, match="'x0'"):
        fsolve(reference, ["a", "b"])


def test_func_must_be_a_function():
    with pytest.raises(TypeError, match="'func'"):
        fsolve(3.0, [1.0])

    @njit
    def g():
        return fsolve(3.0, np.array([1.0]))
    with pytest.raises(TypingError, match="'func'"):
        g()


def test_runtime_full_output_is_refused_inside_njit():
    @njit
    def g(flag):
        return fsolve(reference, np.array([1.0, 2.0]), full_output=flag)
    with pytest.raises(TypingError, match="full_output"):
        g(True)


@pytest.mark.parametrize("opts, argname", [
    ({"xtol": -1.0}, "xtol"), ({"factor": 0.0}, "factor"), ({"maxfev": -3}, "maxfev"),
    ({"diag": [1.0, -1.0]}, "diag"), ({"diag": [1.0, 1.0, 1.0]}, "diag"),
])
def test_bad_options_name_the_argument(opts, argname):
    with pytest.raises(ValueError, match="'%s'" % argname):
        fsolve(reference, [1.0, 2.0], **opts)


def test_improper_input_without_validation_is_scipys_type_error():
    with pytest.raises(TypeError, match="Improper input parameters"):
        fsolve(reference, [1.0, 2.0], xtol=-1.0, validate=False)
    x, info, ier, mesg = fsolve(reference, [1.0, 2.0], xtol=-1.0, validate=False,
                                full_output=True)
    assert ier == 0 and mesg == "Improper input parameters were entered."


def test_not_converged_warns_from_python_like_scipy():
    from problems import wood
    with pytest.warns(RuntimeWarning, match="maxfev = 20"):
        fsolve(wood, [-3.0, -1.0, -3.0, -1.0], maxfev=20)


def test_exception_in_an_inplace_callback_propagates():
    @njit
    def f(x, out):
        if x[0] > 1.5:
            raise ArithmeticError("in place")
        out[0] = x[0] - 2.0

    for call in (lambda: fsolve(f, [1.0], inplace=True),
                 njit(lambda: fsolve(f, np.array([1.0]), inplace=True))):
        with pytest.raises(ArithmeticError, match="in place"):
            call()


def test_runtime_inplace_is_refused_inside_njit():
    @njit
    def g(flag):
        return fsolve(reference, np.array([1.0, 2.0]), inplace=flag)
    with pytest.raises(TypingError, match="inplace"):
        g(True)
