"""scipy.optimize.elementwise's functions, callable from Python and inside @njit.

``find_root`` and ``find_minimum`` (Chandrupatla's bracketing root finder
and minimiser) and ``bracket_root`` and ``bracket_minimum`` (their bracket
searches), elementwise over broadcast arrays, as scipy 1.17 has them: the
values, ``nit``, ``nfev`` and ``status`` of every element are scipy's.  Each
also takes ``parallel=True`` (scijit's addition: the elements on numba's
threads).  Inside @njit, ``scipy.optimize.elementwise``'s own names compile
too (numba's extension entry point registers them).
"""
from ._elementwise import bracket_minimum, bracket_root, find_minimum, find_root

__all__ = ["bracket_minimum", "bracket_root", "find_minimum", "find_root"]
