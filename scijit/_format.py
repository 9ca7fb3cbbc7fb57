"""``'%f' % value`` inside @njit, exactly as Python prints it.

scipy's MINPACK messages print tolerances with ``%f`` ("xtol=0.000000 is
too small ..."); numba's ``str()`` cannot.  :func:`format_f` gives Python's
text for every double: the exact decimal value of the binary number rounded
half-to-even to six decimals (what C's printf and Python do), any size,
``-0.000000`` for a negative number that rounds to zero, ``inf``, ``-inf``
and ``nan``.  A double is ``m * 2**e`` with an integer ``m < 2**53``, so
its exact decimal expansion is ``m * 2**e`` (``e >= 0``) or
``m * 5**s / 10**s`` (``s = -e``); both are computed as big integers in
base-10**9 limbs, which is plenty fast for a message.
"""
import math

import numpy as np
from numba import njit

__all__ = ["format_f"]

_BASE = 1000000000          # 10**9 per limb


@njit(cache=True)
def _big(m):
    """The integer m (< 2**63) as little-endian base-10**9 limbs, room to grow."""
    limbs = np.zeros(128, dtype=np.int64)
    k = 0
    while m > 0:
        limbs[k] = m % _BASE
        m //= _BASE
        k += 1
    return limbs, max(k, 1)


@njit(cache=True)
def _times(limbs, used, factor, times):
    """limbs *= factor**times in place (factor <= 10); returns the limbs and
    how many are used."""
    for _ in range(times):
        carry = 0
        for i in range(used):
            v = limbs[i] * factor + carry
            limbs[i] = v % _BASE
            carry = v // _BASE
        while carry > 0:
            if used == limbs.size:
                grown = np.zeros(2 * limbs.size, dtype=np.int64)
                grown[:used] = limbs[:used]
                limbs = grown
            limbs[used] = carry % _BASE
            carry //= _BASE
            used += 1
    return limbs, used


@njit(cache=True)
def _digits(limbs, used):
    """The decimal digits, most significant first, as an int8 array."""
    out = np.zeros(9 * used, dtype=np.int8)
    k = 0
    for i in range(used - 1, -1, -1):
        v = limbs[i]
        for j in range(8, -1, -1):
            out[k + j] = v % 10
            v //= 10
        k += 9
    first = 0
    while first < out.size - 1 and out[first] == 0:
        first += 1
    return out[first:]


@njit(cache=True)
def _text(digits):
    s = ""
    for d in digits:
        s += chr(48 + d)
    return s


@njit(cache=True)
def format_f(value):
    """``'%f' % value`` (six decimals), exactly as Python formats it."""
    if value != value:
        return "nan"
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    a = abs(value)
    if a == math.inf:
        return sign + "inf"
    if a == 0.0:
        return sign + "0.000000"
    mant, ex = math.frexp(a)                 # a = mant * 2**ex, 0.5 <= mant < 1
    m = np.int64(math.ldexp(mant, 53))       # exact: a = m * 2**(ex - 53)
    e = ex - 53
    while m % 2 == 0:                        # smallest m: fewer digits to carry
        m //= 2
        e += 1
    limbs, used = _big(m)
    if e >= 0:                               # an integer: no fraction
        limbs, used = _times(limbs, used, 2, e)
        return sign + _text(_digits(limbs, used)) + ".000000"
    s = -e                                   # a = m * 5**s / 10**s
    limbs, used = _times(limbs, used, 5, s)
    digits = _digits(limbs, used)            # the digits of a * 10**s
    keep = digits.size - s + 6               # digits of a * 10**6, rounded below
    if keep <= 0:
        q = np.zeros(1, dtype=np.int8)
        # the dropped part is below one half unless it has exactly the
        # digits' length and starts with 5 or more
        up = keep == 0 and (digits[0] > 5 or (digits[0] == 5 and np.any(digits[1:] != 0)))
    elif keep >= digits.size:                # s <= 6: exact, append zeros
        q = np.zeros(keep, dtype=np.int8)
        q[:digits.size] = digits
        up = False
    else:
        q = digits[:keep].copy()
        rest = digits[keep:]
        up = False
        if rest.size > 0:
            if rest[0] > 5 or (rest[0] == 5 and np.any(rest[1:] != 0)):
                up = True
            elif rest[0] == 5:
                up = q[q.size - 1] % 2 == 1      # exactly one half: to even
    if up:
        i = q.size - 1
        while i >= 0 and q[i] == 9:
            q[i] = 0
            i -= 1
        if i >= 0:
            q[i] += 1
        else:
            grown = np.zeros(q.size + 1, dtype=np.int8)
            grown[0] = 1
            grown[1:] = q
            q = grown
    if q.size < 7:                           # at least "0." and six decimals
        padded = np.zeros(7, dtype=np.int8)
        padded[7 - q.size:] = q
        q = padded
    return sign + _text(q[:q.size - 6]) + "." + _text(q[q.size - 6:])
