"""Argument checks every solver shares: one table, run for each public routine."""
import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

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
