"""scipy.integrate's names inside @njit: the registration table."""
import scipy.integrate

from .._registration import register_choosers
from . import _fixed, _ivp, _multiple, _quadpack, _sampled

#: scipy.integrate's name -> scijit's implementation inside @njit
CHOOSERS = {**_quadpack.CHOOSERS, **_multiple.CHOOSERS, **_fixed.CHOOSERS, **_sampled.CHOOSERS,
            **_ivp.CHOOSERS}


def register_all():
    """Make scipy.integrate's names of :data:`CHOOSERS` compile inside @njit
    (scijit's implementations)."""
    register_choosers(CHOOSERS, scipy.integrate)
