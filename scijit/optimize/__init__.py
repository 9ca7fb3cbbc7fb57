"""scipy.optimize's routines, callable from Python and inside @njit.

``fsolve`` (MINPACK hybrd/hybrj).
"""
from ._minpack import fsolve

__all__ = ["fsolve"]
