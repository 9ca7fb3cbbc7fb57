"""The whole native table: every entry point of every library, by symbol.

Each library's entry points are declared in its own module (:mod:`.minpack`,
:mod:`.quadpack`, :mod:`.fitpack`, :mod:`.lbfgsb`, :mod:`.tnc`, and :mod:`.lapack` for the
LAPACK routines scipy exports); importing this module imports them all, so
:data:`ENTRY_POINTS` is the table the C header (:mod:`.header`), the test
comparing the table with the Fortran and the canary tests read.
"""
from . import fitpack, lapack, lbfgsb, minpack, quadpack, tnc  # noqa: F401
from .native import TABLE

#: symbol -> NativeFunction, for every entry point scijit declares.
ENTRY_POINTS = dict(sorted(TABLE.items()))

__all__ = ["ENTRY_POINTS"]
