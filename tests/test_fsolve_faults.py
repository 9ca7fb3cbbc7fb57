"""Bad input and faults in fsolve: clear exceptions from both entries, no hangs."""
import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from scijit.optimize import fsolve
from checks import assert_raises_without_leak
from problems import reference, reference_jac

# One residual and one Jacobian for every fault, chosen by state[1] (a run-time value):
# each entry compiles once for all of them.
_FINE, _RAISES, _WRONG_LENGTH, _LENGTH_CHANGES, _NAN, _JAC_RAISES, _WRONG_JAC = range(7)


@njit
def faulty(x, state):
    """The reference system, counting its calls in state[0]; state[1] chooses
    a fault: _RAISES at the third call, _WRONG_LENGTH (three values) from the
    first, _LENGTH_CHANGES after the fourth call, or _NAN values."""
    state[0] += 1
    fault = state[1]
    if fault == _RAISES and state[0] >= 3:
        raise ZeroDivisionError("third call")
    if fault == _WRONG_LENGTH or (fault == _LENGTH_CHANGES and state[0] > 4):
        return np.zeros(3)
    if fault == _NAN:
        return np.full(2, np.nan)
    return reference(x)


@njit
def faulty_jac(x, state):
    """reference_jac; with _JAC_RAISES it raises (below x[0] = 10), with
    _WRONG_JAC it is (2, 3)."""
    if state[1] == _JAC_RAISES and x[0] < 10.0:
        raise KeyError("jacobian failed")
    if state[1] == _WRONG_JAC:
        return np.zeros((2, 3))
    return reference_jac(x)


def _state(fault):
    return np.array([0.0, fault])


@njit
def jit_faulty(x0, state):
    return fsolve(faulty, x0, args=(state,), full_output=True)


def test_callback_exception_propagates_from_python_entry():
    with pytest.raises(ZeroDivisionError, match="third call"):
        fsolve(faulty, [1.0, 2.0], args=(_state(_RAISES),))


def test_callback_exception_propagates_from_njit_entry():
    state = _state(_RAISES)
    with pytest.raises(ZeroDivisionError, match="third call"):
        jit_faulty(np.array([1.0, 2.0]), state)
    assert state[0] == 3          # the solver stopped at the raising call


def test_raising_callbacks_leave_no_allocation():
    # before: 3 NRT allocations per raising call (the workspace, x, the caller's x0)
    x0 = np.array([1.0, 2.0])
    for first in (2.0, 0.0):         # raising in the precheck, then in MINPACK's call
        def state():
            s = _state(_RAISES)
            s[0] = first
            return s
        assert_raises_without_leak(lambda: jit_faulty(x0, state()), ZeroDivisionError)
        assert_raises_without_leak(lambda: fsolve(faulty, x0, args=(state(),)),
                                   ZeroDivisionError)
    assert_raises_without_leak(lambda: jit_faulty(x0, _state(_WRONG_LENGTH)), ValueError)
    assert_raises_without_leak(
        lambda: fsolve(faulty, x0, args=(_state(_JAC_RAISES),), fprime=faulty_jac), KeyError)


def test_callback_exception_during_jacobian():
    with pytest.raises(KeyError, match="jacobian failed"):
        fsolve(faulty, [1.0, 2.0], args=(_state(_JAC_RAISES),), fprime=faulty_jac)


def test_wrong_length_result_is_value_error_with_scipys_text():
    for call in (lambda: fsolve(faulty, [1.0, 2.0], args=(_state(_WRONG_LENGTH),)),
                 lambda: jit_faulty(np.array([1.0, 2.0]), _state(_WRONG_LENGTH))):
        with pytest.raises(ValueError, match=r"Shape should be \(2,\) but it is \(3,\)"):
            call()
    with pytest.raises(TypeError):           # scipy's exception type works too
        fsolve(faulty, [1.0, 2.0], args=(_state(_WRONG_LENGTH),))


def test_length_changing_midway_is_value_error():
    with pytest.raises(ValueError, match="shape"):
        fsolve(faulty, [1.0, 2.0], args=(_state(_LENGTH_CHANGES),))
    with pytest.raises(ValueError, match="shape"):       # even without the pre-check
        fsolve(faulty, [1.0, 2.0], args=(_state(_LENGTH_CHANGES),), validate=False)


def test_wrong_jacobian_shape_is_value_error():
    args = (_state(_WRONG_JAC),)
    with pytest.raises(ValueError, match=r"'fprime'.*Shape should be \(2, 2\)"):
        fsolve(faulty, [1.0, 2.0], args=args, fprime=faulty_jac)
    with pytest.raises(ValueError, match="Jacobian"):
        fsolve(faulty, [1.0, 2.0], args=args, fprime=faulty_jac, validate=False)


def test_nan_start_terminates_without_converging():
    x, info, ier, mesg = fsolve(faulty, [np.nan, 2.0], args=(_state(_FINE),), full_output=True)
    assert ier != 1
    x, info, ier, mesg = jit_faulty(np.array([np.nan, 2.0]), _state(_FINE))
    assert ier != 1


def test_nan_returning_callback_terminates():
    _, _, ier, _ = fsolve(faulty, [1.0, 2.0], args=(_state(_NAN),), full_output=True)
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
        fsolve(faulty, [1.0, 2.0], args=(_state(_FINE),), **opts)


def test_improper_input_without_validation_is_scipys_type_error():
    args = (_state(_FINE),)
    with pytest.raises(TypeError, match="Improper input parameters"):
        fsolve(faulty, [1.0, 2.0], args=args, xtol=-1.0, validate=False)
    x, info, ier, mesg = fsolve(faulty, [1.0, 2.0], args=args, xtol=-1.0, validate=False,
                                full_output=True)
    assert ier == 0 and mesg == "Improper input parameters were entered."


def test_not_converged_warns_from_python_like_scipy():
    with pytest.warns(RuntimeWarning, match="maxfev = 5"):
        fsolve(faulty, [1.0, 2.0], args=(_state(_FINE),), maxfev=5)


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
