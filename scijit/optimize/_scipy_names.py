"""scipy.optimize's names inside @njit: the registration table."""
import importlib

import scipy.optimize

from scijit_types import register_scipy_classes
from scijit_types.lbfgs import register_scipy_class as register_lbfgs_class

from .._registration import register_choosers
from . import _curve_fit, _fsolve, _helpers, _least_squares, _leastsq, _minimize, _minimize_scalar, \
    _newton, _root, _root_scalar, _zeros

#: scipy.optimize's name -> scijit's implementation inside @njit
CHOOSERS = {**_fsolve.CHOOSERS, **_leastsq.CHOOSERS, **_root.CHOOSERS,
            **_least_squares.CHOOSERS, **_curve_fit.CHOOSERS, **_zeros.CHOOSERS,
            **_newton.CHOOSERS, **_root_scalar.CHOOSERS, **_minimize_scalar.CHOOSERS,
            **_minimize.CHOOSERS, **_helpers.CHOOSERS}


def register_all():
    """Make scipy.optimize's names of :data:`CHOOSERS` compile inside @njit
    (scijit's implementations), and OptimizeResult, RootResults and
    LbfgsInvHessProduct pass into @njit."""
    register_scipy_classes()
    register_lbfgs_class()
    register_choosers(CHOOSERS, scipy.optimize)


def elementwise_choosers():
    """scipy.optimize.elementwise's names -> scijit's implementations inside
    @njit (the table of scijit.optimize.elementwise; imported on demand, as
    scipy imports that module on demand)."""
    from . import _elementwise
    return _elementwise.CHOOSERS


def register_elementwise():
    """Make scipy.optimize.elementwise's names compile inside @njit."""
    # From sys.modules: run by the import hook right after the module
    # executes, before its parent has it as an attribute
    register_choosers(elementwise_choosers(),
                      importlib.import_module("scipy.optimize.elementwise"))


from .._entry import ready as _ready  # noqa: E402  (imported directly: register now)

_ready(__name__)
