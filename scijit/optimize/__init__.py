"""scipy.optimize's routines, callable from Python and inside @njit.

``fsolve`` (MINPACK hybrd/hybrj), ``leastsq`` (MINPACK lmdif/lmder).
"""
from ._leastsq import leastsq
from ._minpack import fsolve

__all__ = ["fsolve", "leastsq"]

from .._entry import ready as _ready  # noqa: E402  (scipy names, once we are importable)

_ready()
