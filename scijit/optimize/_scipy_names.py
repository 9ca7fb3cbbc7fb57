"""Register scijit's implementations for scipy.optimize's own functions."""
import scipy.optimize

from scijit_types import register_scipy_classes

from . import _curve_fit, _least_squares, _fsolve, _leastsq, _root


def register_all():
    """Make ``scipy.optimize.fsolve``, ``leastsq``, ``root``, ``least_squares``
    and ``curve_fit`` compile inside @njit
    (scijit's implementations), and OptimizeResult pass into @njit."""
    register_scipy_classes()
    _fsolve.register(scipy.optimize.fsolve)
    _leastsq.register(scipy.optimize.leastsq)
    _root.register(scipy.optimize.root)
    _least_squares.register(scipy.optimize.least_squares)
    _curve_fit.register(scipy.optimize.curve_fit)
