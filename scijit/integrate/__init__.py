"""scipy.integrate's routines, callable from Python and inside @njit.

``quad`` (our QUADPACK, routed as scipy routes it), ``dblquad``, ``tplquad``,
``nquad`` (nested quad); fixed-order rules ``fixed_quad`` (Gauss-Legendre) and
``newton_cotes``; sampled data: ``trapezoid``, ``simpson``, ``romb``,
``cumulative_trapezoid``, ``cumulative_simpson``; initial value problems:
``solve_ivp`` (explicit Runge-Kutta methods).
"""
from ._fixed import fixed_quad, newton_cotes
from ._ivp import solve_ivp
from ._multiple import dblquad, nquad, tplquad
from ._quadpack import quad
from ._sampled import cumulative_simpson, cumulative_trapezoid, romb, simpson, trapezoid

__all__ = ["quad", "dblquad", "tplquad", "nquad", "fixed_quad", "newton_cotes", "trapezoid",
           "simpson", "romb", "cumulative_trapezoid", "cumulative_simpson", "solve_ivp"]

from .._entry import ready as _ready  # noqa: E402  (scipy names, once we are importable)

_ready(__name__)
