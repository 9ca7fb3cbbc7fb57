"""``np.dot`` for the minimisers, one compiled copy of each form.

numpy hands float64 dot products to BLAS (``ddot``, ``dgemv``, ``dgemm``),
and so does numba's ``np.dot``, so the sums are formed as scipy's are.  Each
``np.dot`` written in a solver expands into its own checks and BLAS set-up
(hundreds of lines of LLVM code that every caller of a cached solver links
and optimises again); these helpers keep one copy per form.
"""
import numpy as np
from numba import njit

__all__ = ["dot", "matvec", "matmul"]


@njit(cache=True)
def dot(a, b):
    """``np.dot`` of two float64 vectors (BLAS ddot)."""
    return np.dot(a, b)


@njit(cache=True)
def matvec(A, x):
    """``np.dot(A, x)``: a new vector (BLAS dgemv)."""
    return np.dot(A, x)


@njit(cache=True)
def matmul(A, B):
    """``np.dot(A, B)``: a new matrix (BLAS dgemm)."""
    return np.dot(A, B)
