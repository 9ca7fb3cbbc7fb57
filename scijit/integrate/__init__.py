"""scipy.integrate's routines, callable from Python and inside @njit.

``quad`` (our QUADPACK, routed as scipy routes it), ``dblquad``, ``tplquad``,
``nquad`` (nested quad).
"""
from ._multiple import dblquad, nquad, tplquad
from ._quadpack import quad

__all__ = ["quad", "dblquad", "tplquad", "nquad"]

from .._entry import ready as _ready  # noqa: E402  (scipy names, once we are importable)

_ready()
