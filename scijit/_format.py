"""``'%f' % value`` and ``repr(value)`` inside @njit, exactly as Python prints them.

scipy's MINPACK messages print tolerances with ``%f`` ("xtol=0.000000 is
too small ..."); numba's ``str()`` cannot.  :func:`format_f` gives Python's
text for every double: the exact decimal value of the binary number rounded
half-to-even to six decimals (what C's printf and Python do), any size,
``-0.000000`` for a negative number that rounds to zero, ``inf``, ``-inf``
and ``nan``.  A double is ``m * 2**e`` with an integer ``m < 2**53``, so
its exact decimal expansion is ``m * 2**e`` (``e >= 0``) or
``m * 5**s / 10**s`` (``s = -e``); both are computed as big integers in
base-10**9 limbs, which is plenty fast for a message.

:func:`format_repr` is Python's ``repr`` of a double (scipy's scalar
minimisers print their tolerance with it): the shortest decimal that reads
back as the same double, the one nearest the double when several are as
short, in Python's layout (``1.48e-08``, ``0.1``, ``100.0``, ``1e+22``).
Up to 15 significant digits a decimal of that length reads back as at
most one double, and both the candidate and its reading back are one
correctly rounded division or product of exact numbers (Clinger's fast
path), so most values are found in floating point; the others by comparing
the candidates with the two midpoints to the neighbouring doubles, all
three numbers expanded exactly as above.
"""
import math

import numpy as np
from numba import njit

from lowering.separate import separate

__all__ = ["format_f", "format_repr"]

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
    """limbs *= factor**times in place (factor <= 10), several factors per
    pass (a product stays below 2**31); returns the limbs and how many are
    used."""
    while times > 0:
        multiplier = 1
        while times > 0 and multiplier * factor < 2 ** 31:
            multiplier *= factor
            times -= 1
        carry = 0
        for i in range(used):
            v = limbs[i] * multiplier + carry
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
def _sign_and_special(value, zero):
    """(sign, |value|, text): ``text`` is the whole formatted value for a NaN,
    an infinity or a zero (written ``zero`` after the sign), else ''."""
    if value != value:
        return "", value, "nan"
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    a = abs(value)
    if a == math.inf:
        return sign, a, sign + "inf"
    if a == 0.0:
        return sign, a, sign + zero
    return sign, a, ""


# (called by symbol: a message's formatting is thousands of lines of LLVM that
# every caller would otherwise optimise again)
@separate
@njit(cache=True)
def format_f(value):
    """``'%f' % value`` (six decimals), exactly as Python formats it."""
    sign, a, special = _sign_and_special(value, "0.000000")
    if special != "":
        return special
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


# ---------------------------------------------------------------- repr
@njit(cache=True)
def _exact(n, e2, s):
    """The decimal digits of ``n * 2**e2`` times ``10**s`` (an integer when
    ``s >= -e2``), as an int8 array, most significant first."""
    limbs, used = _big(n)
    if e2 >= 0:
        limbs, used = _times(limbs, used, 2, e2)
        limbs, used = _times(limbs, used, 10, s)
    else:                                    # n * 5**-e2 * 10**(s + e2)
        limbs, used = _times(limbs, used, 5, -e2)
        limbs, used = _times(limbs, used, 10, s + e2)
    return _digits(limbs, used)


@njit(cache=True)
def _padded(digits, size):
    out = np.zeros(size, dtype=np.int8)
    out[size - digits.size:] = digits
    return out


@njit(cache=True)
def _compare(a, b):
    """-1, 0 or 1 as the equal-length digit arrays ``a`` <, ==, > ``b``."""
    for i in range(a.size):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@njit(cache=True)
def _inside(c, low, high, closed):
    lo = _compare(c, low)
    hi = _compare(c, high)
    if closed:
        return lo >= 0 and hi <= 0
    return lo > 0 and hi < 0


@njit(cache=True)
def _shortest(a):
    """(digits, decpt) of positive finite ``a``: the shortest decimal
    ``0.d1 d2 ... * 10**decpt`` that reads back as ``a``, nearest ``a``
    among those as short (ties to an even last digit)."""
    mant, ex = math.frexp(a)
    m = np.int64(math.ldexp(mant, 53))
    e = ex - 53
    if e < -1074:                            # subnormal: multiples of 2**-1074
        m >>= -1074 - e
        e = -1074
    # a = 4m * 2**(e-2); the midpoints to the neighbours are 4m +- 2 (4m - 1
    # below a power of two, where the gap below is half the gap above)
    below = 1 if (m == 2 ** 52 and e > -1074) else 2
    s = max(0, 2 - e)                        # decimals that make all three integers
    x = _exact(4 * m, e - 2, s)
    high = _exact(4 * m + 2, e - 2, s)
    size = high.size + 1                     # room for a carry
    x = _padded(x, size)
    high = _padded(high, size)
    low = _padded(_exact(4 * m - below, e - 2, s), size)
    closed = m % 2 == 0                      # round-half-even reads the midpoints back to a
    for k in range(size - 1, -1, -1):        # k trailing zeros: fewest digits first
        c1 = x.copy()
        c1[size - k:] = 0
        c2 = c1.copy()
        i = size - 1 - k                     # c2 = c1 + 10**k
        while c2[i] == 9:
            c2[i] = 0
            i -= 1
        c2[i] += 1
        in1 = _inside(c1, low, high, closed)
        in2 = _inside(c2, low, high, closed)
        if in1 or in2:
            pick = c1
            if in1 and in2:                  # the nearer of the two to a
                rest = x[size - k:]
                half = 0
                if rest.size > 0:
                    if rest[0] > 5 or (rest[0] == 5 and np.any(rest[1:] != 0)):
                        half = 1
                    elif rest[0] < 5:
                        half = -1
                if half > 0 or (half == 0 and c1[size - 1 - k] % 2 == 1):
                    pick = c2
            elif in2:
                pick = c2
            first = 0
            while pick[first] == 0:
                first += 1
            last = size - 1 - k
            while pick[last] == 0:
                last -= 1
            return pick[first:last + 1].copy(), size - first - s
    return x, 0                              # not reached


#: 10**k, exact in a double for k <= 22
_POW10 = np.array([10.0 ** k for k in range(23)])


@njit(cache=True)
def _reads_back(n, j, a):
    """Whether the decimal ``n * 10**-j`` (exact doubles n and 10**|j|,
    |j| <= 22) reads back as ``a``: one correctly rounded operation."""
    if n < 1.0:
        return False
    if j >= 0:
        return n / _POW10[j] == a
    return n * _POW10[-j] == a


@njit(cache=True)
def _shortest_fast(a):
    """(digits, decpt) as :func:`_shortest` when ``a`` has a decimal of at
    most 15 significant digits in the exact range, else (empty, 0)."""
    exponent = int(math.floor(math.log10(a)))
    for p in range(1, 16):
        j = p - 1 - exponent                 # a * 10**j has p digits before the point
        if j > 22 or j < -22:
            break
        t = a * _POW10[j] if j >= 0 else a / _POW10[-j]
        n = float(round(t))                  # within one of the exact rounding
        for cand in (n, n - 1.0, n + 1.0):
            if _reads_back(cand, j, a):
                k = np.int64(cand)
                digits = _digits(*_big(k))
                last = digits.size - 1
                while last > 0 and digits[last] == 0:
                    last -= 1
                return digits[:last + 1].copy(), digits.size - j
    return np.zeros(0, dtype=np.int8), 0


@separate
@njit(cache=True)
def format_repr(value):
    """``repr(value)`` of a double, exactly as Python prints it."""
    sign, a, special = _sign_and_special(value, "0.0")
    if special != "":
        return special
    digits, decpt = _shortest_fast(a)
    if digits.size == 0:
        digits, decpt = _shortest(a)
    p = digits.size
    if decpt <= -4 or decpt > 16:            # Python's rule for repr's exponent form
        exponent = decpt - 1
        text = _text(digits[:1])
        if p > 1:
            text += "." + _text(digits[1:])
        esign = "-" if exponent < 0 else "+"
        e_abs = abs(exponent)
        etext = str(e_abs) if e_abs >= 10 else "0" + str(e_abs)
        return sign + text + "e" + esign + etext
    if decpt <= 0:
        zeros = np.zeros(-decpt, dtype=np.int8)
        return sign + "0." + _text(zeros) + _text(digits)
    if decpt >= p:
        return sign + _text(digits) + _text(np.zeros(decpt - p, dtype=np.int8)) + ".0"
    return sign + _text(digits[:decpt]) + "." + _text(digits[decpt:])
