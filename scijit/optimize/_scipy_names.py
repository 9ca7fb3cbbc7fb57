"""Register scijit's implementations for scipy.optimize's own functions."""
import scipy.optimize

from scijit_types import register_scipy_classes

from . import _leastsq, _minpack


def register_all():
    """Make ``scipy.optimize.fsolve`` and ``leastsq`` compile inside @njit
    (scijit's implementations), and OptimizeResult pass into @njit."""
    register_scipy_classes()
    _minpack.register(scipy.optimize.fsolve)
    _leastsq.register(scipy.optimize.leastsq)
