"""Register scijit's implementations for scipy.optimize's own functions."""
import scipy.optimize

from . import _minpack


def register_all():
    """Make ``scipy.optimize.fsolve`` compile inside @njit (scijit's implementation)."""
    _minpack.register(scipy.optimize.fsolve)
