"""scipy.integrate's names inside @njit: the registration table."""
import scipy.integrate

from scijit_types.ode import register_scipy_class as _register_ode_solution_class

from .._registration import register_choosers
from . import _fixed, _ivp, _multiple, _quadpack, _sampled

#: scipy.integrate's name -> scijit's implementation inside @njit
CHOOSERS = {**_quadpack.CHOOSERS, **_multiple.CHOOSERS, **_fixed.CHOOSERS, **_sampled.CHOOSERS,
            **_ivp.CHOOSERS}


def register_all():
    """scipy's OdeSolution passes into @njit (typeof), and scipy.integrate's
    names of :data:`CHOOSERS` compile inside @njit (scijit's
    implementations)."""
    _register_ode_solution_class()
    register_choosers(CHOOSERS, scipy.integrate)


from .._entry import ready as _ready  # noqa: E402  (imported directly: register now)

_ready(__name__)
