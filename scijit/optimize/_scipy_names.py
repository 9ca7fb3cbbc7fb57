"""scipy.optimize's names inside @njit: the registration table."""
import scipy.optimize

from scijit_types import register_scipy_classes

from .._registration import register_choosers
from . import _curve_fit, _fsolve, _least_squares, _leastsq, _newton, _root, _root_scalar, \
    _zeros

#: scipy.optimize's name -> scijit's implementation inside @njit
CHOOSERS = {**_fsolve.CHOOSERS, **_leastsq.CHOOSERS, **_root.CHOOSERS,
            **_least_squares.CHOOSERS, **_curve_fit.CHOOSERS, **_zeros.CHOOSERS,
            **_newton.CHOOSERS, **_root_scalar.CHOOSERS}


def register_all():
    """Make scipy.optimize's names of :data:`CHOOSERS` compile inside @njit
    (scijit's implementations), and OptimizeResult and RootResults pass into @njit."""
    register_scipy_classes()
    register_choosers(CHOOSERS, scipy.optimize)
