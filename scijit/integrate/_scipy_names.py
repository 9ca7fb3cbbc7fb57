"""Register scijit's implementations for scipy.integrate's own functions."""
import scipy.integrate

from . import _fixed, _multiple, _quadpack, _sampled


def register_all():
    """Make ``scipy.integrate.quad`` (and the other implemented names)
    compile inside @njit (scijit's implementations)."""
    _quadpack.register(scipy.integrate.quad)
    _multiple.register(scipy.integrate.dblquad, scipy.integrate.tplquad, scipy.integrate.nquad)
    _fixed.register(scipy.integrate.fixed_quad, scipy.integrate.newton_cotes)
    _sampled.register(scipy.integrate.trapezoid, scipy.integrate.simpson, scipy.integrate.romb,
                      scipy.integrate.cumulative_trapezoid, scipy.integrate.cumulative_simpson)
