"""Register scijit's implementations for scipy.integrate's own functions."""
import scipy.integrate

from . import _multiple, _quadpack


def register_all():
    """Make ``scipy.integrate.quad`` (and the other implemented names)
    compile inside @njit (scijit's implementations)."""
    _quadpack.register(scipy.integrate.quad)
    _multiple.register(scipy.integrate.dblquad, scipy.integrate.tplquad, scipy.integrate.nquad)
