"""How scijit calls become machine code.

Loads scijit's Fortran shared libraries (:mod:`.libraries`), describes their
entry points and emits direct calls to them by symbol name (:mod:`.native`),
and builds the adapters through which the Fortran calls the user's ``@njit``
functions (:mod:`.callback`, :mod:`.transforms`).  Only this package touches
llvmlite, and only :mod:`._numba_internals` touches numba's private API.
"""
from ._numba_internals import (exact_array_allocations, linked_implementation,
                               warn_first_class_only_when_used)
from .libraries import load_all
from .workspace import SANITIZE

__all__ = ["linked_implementation", "warn_first_class_only_when_used", "load_all"]

load_all()
if SANITIZE:
    exact_array_allocations()
