"""numpy's pairwise summation, in numpy's order, for float64 data.

``np.sum`` (``add.reduce``) of a contiguous float64 run sums it pairwise:
leaves of at most 128 values with eight accumulators, longer runs halved at
a multiple of 8 (complex data: leaves of 64 numbers, the split counted in
interleaved floats).  Results equal to numpy's to the bit need the same
tree; scijit.integrate's sampled rules and fixed_quad and scijit.optimize's
helpers (``rosen``, ``check_grad``) use it.
"""
import numpy as np
from numba import njit

__all__ = ["pairwise", "pairwise_tree"]


@njit(cache=True)
def _block(a, lo, n):
    """numpy's pairwise_sum for n <= 128: eight accumulators, then the rest."""
    if n < 8:
        res = 0.0
        for i in range(n):
            res += a[lo + i]
        return res
    r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
    r4, r5, r6, r7 = a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]
    i = 8
    stop = n - n % 8
    while i < stop:
        r0 += a[lo + i]
        r1 += a[lo + i + 1]
        r2 += a[lo + i + 2]
        r3 += a[lo + i + 3]
        r4 += a[lo + i + 4]
        r5 += a[lo + i + 5]
        r6 += a[lo + i + 6]
        r7 += a[lo + i + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[lo + i]
        i += 1
    return res


@njit(cache=True)
def _cblock(a, lo, c):
    """One component of numpy's complex pairwise_sum for c <= 64 elements:
    four accumulators (numpy interleaves the real and imaginary parts)."""
    if c < 4:
        res = -0.0
        for i in range(c):
            res += a[lo + i]
        return res
    r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
    i = 4
    stop = c - c % 4
    while i < stop:
        r0 += a[lo + i]
        r1 += a[lo + i + 1]
        r2 += a[lo + i + 2]
        r3 += a[lo + i + 3]
        i += 4
    res = (r0 + r1) + (r2 + r3)
    while i < c:
        res += a[lo + i]
        i += 1
    return res


@njit(cache=True)
def pairwise_tree(a, lo, n, cplx):
    """numpy's pairwise summation of ``a[lo:lo + n]``.

    Real data (its float64 add.reduce): leaves of at most 128 summed by
    ``_block``, halves split at a multiple of 8.  ``cplx``: ``a`` is one part
    (real or imaginary) of ``n`` complex numbers, and the tree is numpy's
    complex one: leaves of at most 64 summed by ``_cblock``, the split counted
    in interleaved floats.  numpy recurses; here an explicit stack walks the
    same tree (a recursive function does not survive numba's cache)."""
    leaf = 64 if cplx else 128
    if n <= leaf:
        return _cblock(a, lo, n) if cplx else _block(a, lo, n)
    los = np.empty(64, np.int64)
    ns = np.empty(64, np.int64)
    state = np.empty(64, np.int64)
    left = np.empty(64)
    top = 0
    los[0], ns[0], state[0] = lo, n, 0
    ret = 0.0
    while top >= 0:
        cl, cn = los[top], ns[top]
        if cplx:
            n2 = (cn - cn % 8) // 2             # numpy: n2 = n / 2 floats, minus n2 % 8
        else:
            n2 = cn // 2
            n2 -= n2 % 8
        if cn <= leaf:
            ret = _cblock(a, cl, cn) if cplx else _block(a, cl, cn)
            top -= 1
        elif state[top] == 0:                   # first the left half
            state[top] = 1
            top += 1
            los[top], ns[top], state[top] = cl, n2, 0
        elif state[top] == 1:                   # then the right half
            left[top] = ret
            state[top] = 2
            top += 1
            los[top], ns[top], state[top] = cl + n2, cn - n2, 0
        else:                                   # left + right
            ret = left[top] + ret
            top -= 1
    return ret


@njit(cache=True)
def pairwise(a, lo, n):
    """numpy's pairwise summation of the float64s ``a[lo:lo + n]``."""
    return pairwise_tree(a, lo, n, False)
