"""How scijit calls become machine code.

Loads scijit's Fortran shared libraries (:mod:`.libraries`), describes their
entry points and emits direct calls to them by symbol name (the native table:
:mod:`.native`, :mod:`.sizes`, :mod:`.workspace`; the families' declarations
:mod:`.minpack`, :mod:`.quadpack`, :mod:`.fitpack`, :mod:`.lapack`, all of
them in :mod:`.table`; the C header :mod:`.header`), builds the adapters
through which the Fortran calls the user's ``@njit`` functions
(:mod:`.callback`, :mod:`.transforms`), and lowers calls on scijit's values
(``spl(x)``: :mod:`.calls`, on members viewed by :mod:`.borrowed`), hands
compiled functions to a numba-code solver as pointers (:mod:`.pointers`) so
that the solver, a closure checked by :mod:`.cached`, is compiled and cached
once for every user function, and registers a chooser that forwards a call
to a compiled core (``register_forwarding``).  Only
this package touches llvmlite and generates code, and only
:mod:`._numba_internals` touches numba's private API
(``tests/test_layering.py`` checks both).  Every numba cache entry is keyed
on this build (:mod:`.build_identity`).
"""
from ._numba_internals import (add_to_cache_key, exact_array_allocations,
                               keep_reload_init_of_cached_code, linked_implementation,
                               register_forwarding, warn_first_class_only_when_used)
from .build_identity import build_id
from .libraries import load_all
from .workspace import SANITIZE

__all__ = ["linked_implementation", "register_forwarding", "warn_first_class_only_when_used",
           "load_all"]

load_all()
# Cached callers hold scijit's code: a different build must miss them.
add_to_cache_key(build_id)
# Cached helpers that call by symbol pass that on to the callers that link them.
keep_reload_init_of_cached_code()
if SANITIZE:
    exact_array_allocations()
