"""Integration of sampled data: ``trapezoid``, ``simpson``, ``romb``,
``cumulative_trapezoid``, ``cumulative_simpson`` (scipy.integrate's).

One implementation, two entries:

* every rule is a ``@njit(cache=True)`` core working on a C-contiguous
  float64 array of shape ``(pre, n, post)`` -- ``y`` with the integration
  axis in the middle -- and returning ``(pre, post)`` (or ``(pre, n', post)``
  for the cumulative rules).  ``x`` travels the same way, shaped
  ``(1 | pre, n, 1 | post)``; without ``x`` an empty array and ``dx``.
* from Python the def settles scipy's argument rules for any ``ndim`` (with
  scipy's messages), views ``y`` as ``(pre, n, post)`` and calls the core;
* inside @njit the ``@overload`` of the same name does the same for 1-D and
  2-D arrays (``axis`` a constant or a run-time int) and calls the same core,
  so both entries return identical values.

The values are scipy's to the last bit where numpy's operation order is
reproduced: elementwise formulas in scipy's order, and sums along the axis
as ``numpy.sum`` does them on scipy's (C-ordered) temporaries -- numpy's
pairwise summation when the axis is the last one, a running sum otherwise.

Samples are computed in float64 (integers, bools and float32 converted).
Complex samples are computed part by part -- scipy's formulas have real
coefficients, so each part is what numpy computes -- with the sums in numpy's
complex pairwise order (``cplx``) and romb's division as numpy's complex one.
Exception messages are formatted in Python, by the exception classes.
"""
import math
import operator

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from scijit_types.errors import FormattedError

from .. import _arguments as A
from .._pairwise import pairwise_tree
from .._registration import Chooser, register_choosers

__all__ = ["trapezoid", "simpson", "romb", "cumulative_trapezoid", "cumulative_simpson"]

_NUMERIC = (types.Integer, types.Float, types.Boolean)
_NO_X = np.zeros((1, 0, 1))


# ---------------------------------------------------------------- exceptions
def _shape_text(shape):
    """numpy's spelling of a shape in messages: (3,), (3,4), ()."""
    if len(shape) == 1:
        return "(%d,)" % shape[0]
    return "(" + ",".join(str(int(s)) for s in shape) + ")"


class SampledValueError(FormattedError, ValueError):
    """A ValueError with scipy's message, formatted here (``template % values``)."""


class SampledIndexError(FormattedError, IndexError):
    """An IndexError with scipy's (numpy's) message."""


class BroadcastError(ValueError):
    """numpy's "operands could not be broadcast together" for ``d * ysum``:
    ``d`` is 1 everywhere but ``dlen`` along ``axis``; ``yshape`` the other
    operand's shape (up to two ints from @njit, any tuple from Python)."""

    def __init__(self, nd, axis, dlen, *yshape):
        if len(yshape) == 1 and isinstance(yshape[0], tuple):
            yshape = yshape[0]
        dshape = [1] * nd
        dshape[axis] = dlen
        super().__init__("operands could not be broadcast together with shapes %s %s "
                         % (_shape_text(dshape), _shape_text(yshape[:nd])))


class RemappedBroadcastError(ValueError):
    """numpy's ``broadcast_to`` message (2-D x that cannot take y's shape)."""

    def __init__(self, x0, x1, y0, y1):
        super().__init__("operands could not be broadcast together with remapped shapes "
                         "[original->remapped]: (%d,%d)  and requested shape (%d,%d)"
                         % (x0, x1, y0, y1))


_MSG_X_LEN = "If given, length of x along axis must be the same as y."
_MSG_X_SHAPE = "If given, shape of x must be 1-D or the same as y."
_MSG_ONE_POINT = "At least one point is required along `axis`."
_MSG_INITIAL = "`initial` must be `None` or `0`."
_MSG_ROMB = "Number of samples must be one plus a non-negative power of 2."
_MSG_CS_X = ("If given, shape of `x` must be the same as `y` or 1-D with the same length as "
             "`y` along `axis`.")
_MSG_CS_DX = ("If provided, `dx` must either be a scalar or have the same shape as `y` but "
              "with only 1 point along `axis`.")
_MSG_CS_INITIAL = ("If provided, `initial` must either be a scalar or have the same shape as "
                   "`y` but with only 1 point along `axis`.")
_MSG_CS_AXIS = "`axis=%d` is not valid for `y` with `y.ndim=%d`."
_MSG_INCREASING = "Input x must be strictly increasing."
_MSG_EMPTY_INDEX = "index -1 is out of bounds for axis %d with size 0"

#: how each routine reports an axis out of range (scipy's own failure)
_AXIS_LIST, _AXIS_TUPLE, _AXIS_VALUE = 0, 1, 2


@njit(cache=True)
def normalize_axis(axis, nd, kind):
    """``axis`` in [0, nd), or scipy's error for this routine."""
    if axis < -nd or axis >= nd:
        if kind == _AXIS_LIST:
            raise SampledIndexError("list assignment index out of range")
        if kind == _AXIS_TUPLE:
            raise SampledIndexError("tuple index out of range")
        raise SampledValueError(_MSG_CS_AXIS, axis, nd)
    return axis + nd if axis < 0 else axis


def _py_axis(axis, nd, kind):
    axis = operator.index(axis)
    if axis < -nd or axis >= nd:
        if kind == _AXIS_LIST:
            raise SampledIndexError("list assignment index out of range")
        if kind == _AXIS_TUPLE:
            raise SampledIndexError("tuple index out of range")
        raise SampledValueError(_MSG_CS_AXIS, axis, nd)
    return axis % nd


@njit(cache=True)
def sum_axis(t, cplx):
    """``numpy.sum(t, axis=1)`` of a C-ordered (pre, m, post) array, in numpy's
    order: pairwise along a last (post == 1) axis, a running sum otherwise.
    ``cplx``: t is one part of complex data (numpy's complex pairwise tree)."""
    pre, m, post = t.shape
    out = np.zeros((pre, post))
    if post == 1:
        flat = t.reshape(pre * m)
        for i in range(pre):
            out[i, 0] = 0.0 + pairwise_tree(flat, i * m, m, cplx)
    else:
        for i in range(pre):
            for k in range(m):
                for j in range(post):
                    out[i, j] += t[i, k, j]
    return out


# ---------------------------------------------------------------- the cores
@njit(cache=True)
def trapezoid_core(y, x, dx, nd, axis, cplx):
    """scipy's trapezoid on y (pre, n, post); x (px, nx, qx) or empty (dx).
    ``nd``, ``axis``: the caller's, for the broadcasting message."""
    pre, n, post = y.shape
    ylen = max(n - 1, 0)
    m = ylen
    has_x = x.shape[1] > 0
    dlen = max(x.shape[1] - 1, 0)
    if has_x and dlen != ylen:
        if dlen == 1:
            m = ylen
        elif ylen == 1:
            m = dlen
        else:
            raise BroadcastError(nd, axis, dlen, pre if axis > 0 else ylen,
                                 ylen if axis > 0 else post)
    px, qx = x.shape[0], x.shape[2]
    t = np.empty((pre, m, post))
    for i in range(pre):
        ix = i if px > 1 else 0
        for k in range(m):
            ky = k if ylen > 1 else 0
            kd = k if dlen > 1 else 0
            for j in range(post):
                if has_x:
                    jx = j if qx > 1 else 0
                    d = x[ix, kd + 1, jx] - x[ix, kd, jx]
                else:
                    d = dx
                t[i, k, j] = d * (y[i, ky + 1, j] + y[i, ky, j]) / 2.0
    return sum_axis(t, cplx)


@njit(cache=True)
def _basic_simpson(y, x, has_x, dx, stop, cplx):
    """scipy's _basic_simpson(y, 0, stop, x, dx, axis) on (pre, n, post)."""
    pre, n, post = y.shape
    m = (stop + 1) // 2 if stop > 0 else 0
    t = np.empty((pre, m, post))
    px, qx = x.shape[0], x.shape[2]
    for i in range(pre):
        ix = i if px > 1 else 0
        for k in range(m):
            i0 = 2 * k
            for j in range(post):
                y0, y1, y2 = y[i, i0, j], y[i, i0 + 1, j], y[i, i0 + 2, j]
                if not has_x:
                    t[i, k, j] = y0 + 4.0 * y1 + y2
                    continue
                jx = j if qx > 1 else 0
                h0 = x[ix, i0 + 1, jx] - x[ix, i0, jx]
                h1 = x[ix, i0 + 2, jx] - x[ix, i0 + 1, jx]
                hsum = h0 + h1
                hprod = h0 * h1
                h0divh1 = h0 / h1 if h1 != 0 else 0.0
                inv = 1.0 / h0divh1 if h0divh1 != 0 else 0.0
                ratio = hsum / hprod if hprod != 0 else 0.0
                t[i, k, j] = hsum / 6.0 * (y0 * (2.0 - inv) + y1 * (hsum * ratio)
                                           + y2 * (2.0 - h0divh1))
    out = sum_axis(t, cplx)
    if not has_x:
        out *= dx / 3.0
    return out


@njit(cache=True)
def simpson_core(y, x, dx, cplx):
    """scipy's simpson (1.11+: Cartwright's correction of the last interval
    for an even number of samples) on (pre, n, post); n >= 1."""
    pre, n, post = y.shape
    has_x = x.shape[1] > 0
    px, qx = x.shape[0], x.shape[2]
    if n % 2 == 1:
        return _basic_simpson(y, x, has_x, dx, n - 2, cplx)
    if n == 2:
        out = np.empty((pre, post))
        for i in range(pre):
            for j in range(post):
                last_dx = dx
                if has_x:
                    last_dx = x[i if px > 1 else 0, 1, j if qx > 1 else 0] - \
                        x[i if px > 1 else 0, 0, j if qx > 1 else 0]
                out[i, j] = 0.0 + 0.5 * last_dx * (y[i, 1, j] + y[i, 0, j])
        return out
    out = _basic_simpson(y, x, has_x, dx, n - 3, cplx)
    for i in range(pre):
        ix = i if px > 1 else 0
        for j in range(post):
            if has_x:
                jx = j if qx > 1 else 0
                h0 = x[ix, n - 2, jx] - x[ix, n - 3, jx]
                h1 = x[ix, n - 1, jx] - x[ix, n - 2, jx]
                h1sq = h1 * h1                      # numpy arrays: square
            else:
                h0 = dx
                h1 = dx
                h1sq = math.pow(h1, 2.0)            # numpy scalars: pow
            h1cube = math.pow(h1, 3.0)
            num = 2 * h1sq + 3 * h0 * h1
            den = 6 * (h1 + h0)
            alpha = num / den if den != 0 else 0.0
            num = h1sq + 3.0 * h0 * h1
            den = 6 * h0
            beta = num / den if den != 0 else 0.0
            num = 1 * h1cube
            den = 6 * h0 * (h0 + h1)
            eta = num / den if den != 0 else 0.0
            r = out[i, j] + (alpha * y[i, n - 1, j] + beta * y[i, n - 2, j]
                             - eta * y[i, n - 3, j])
            out[i, j] = r + 0.0
    return out


@njit(cache=True)
def romb_core(y, dx, cplx):
    """scipy's romb on (pre, n, post), n = 2**k + 1: the Richardson table
    R (k + 1, k + 1, pre, post); the result is R[k, k]."""
    pre, n, post = y.shape
    ninterv = n - 1
    p, k = 1, 0
    while p < ninterv:
        p <<= 1
        k += 1
    if p != ninterv:
        raise SampledValueError(_MSG_ROMB)
    R = np.zeros((k + 1, k + 1, pre, post))
    h = ninterv * dx
    for i in range(pre):
        for j in range(post):
            R[0, 0, i, j] = (y[i, 0, j] + y[i, n - 1, j]) / 2.0 * h
    start = stop = step = ninterv
    for r in range(1, k + 1):
        start >>= 1
        m = (stop - start + step - 1) // step
        t = np.empty((pre, m, post))
        for i in range(pre):
            for q in range(m):
                for j in range(post):
                    t[i, q, j] = y[i, start + q * step, j]
        s = sum_axis(t, cplx)
        step >>= 1
        for i in range(pre):
            for j in range(post):
                R[r, 0, i, j] = 0.5 * (R[r - 1, 0, i, j] + h * s[i, j])
        for c in range(1, r + 1):
            den = (1 << (2 * c)) - 1
            scl = 1.0 / den               # numpy divides a complex by (den + 0j): times 1/den
            for i in range(pre):
                for j in range(post):
                    prev = R[r, c - 1, i, j]
                    if cplx:
                        R[r, c, i, j] = prev + (prev - R[r - 1, c - 1, i, j]) * scl
                    else:
                        R[r, c, i, j] = prev + (prev - R[r - 1, c - 1, i, j]) / den
        h /= 2.0
    return R


@njit(cache=True)
def cumulative_trapezoid_core(y, x, dx, initial):
    """scipy's cumulative_trapezoid on (pre, n, post), n >= 1; ``dx`` (pd, 1, qd);
    ``initial`` True: a leading 0 slab."""
    pre, n, post = y.shape
    has_x = x.shape[1] > 0
    px, qx = x.shape[0], x.shape[2]
    pd, qd = dx.shape[0], dx.shape[2]
    off = 1 if initial else 0
    out = np.zeros((pre, n - 1 + off, post))
    for i in range(pre):
        for j in range(post):
            acc = 0.0
            for k in range(n - 1):
                if has_x:
                    ix, jx = (i if px > 1 else 0), (j if qx > 1 else 0)
                    d = x[ix, k + 1, jx] - x[ix, k, jx]
                else:
                    d = dx[i if pd > 1 else 0, 0, j if qd > 1 else 0]
                v = d * (y[i, k + 1, j] + y[i, k, j]) / 2.0
                acc = v if k == 0 else acc + v
                out[i, k + off, j] = acc
    return out


@njit(cache=True)
def _simpson_piece(x21, x32, f1, f2, f3):
    """scipy's _cumulative_simpson_unequal_intervals for one subinterval."""
    x31 = x21 + x32
    x21_x31 = x21 / x31
    x21_x32 = x21 / x32
    x21x21_x31x32 = x21_x31 * x21_x32
    coeff1 = 3 - x21_x31
    coeff2 = 3 + x21x21_x31x32 + x21_x31
    coeff3 = -x21x21_x31x32
    return x21 / 6 * (coeff1 * f1 + coeff2 * f2 + coeff3 * f3)


@njit(cache=True)
def cumulative_simpson_core(y, x, dx, initial, has_initial):
    """scipy's cumulative_simpson on (pre, n, post), n >= 3; ``dx`` and
    ``initial`` (pd, 1, qd) arrays."""
    pre, n, post = y.shape
    has_x = x.shape[1] > 0
    px, qx = x.shape[0], x.shape[2]
    pd, qd = dx.shape[0], dx.shape[2]
    pi_, qi = initial.shape[0], initial.shape[2]
    if has_x:
        for i in range(px):
            for k in range(n - 1):
                for j in range(qx):
                    if x[i, k + 1, j] - x[i, k, j] <= 0:
                        raise SampledValueError(_MSG_INCREASING)
    off = 1 if has_initial else 0
    out = np.empty((pre, n - 1 + off, post))
    for i in range(pre):
        for j in range(post):
            acc = 0.0
            for s in range(n - 1):
                # sub-integral s over [x_s, x_s+1]: h1 (points s, s+1, s+2) for even
                # s < n - 2, else h2 (points s-1, s, s+1, from the reversed data)
                if s % 2 == 0 and s < n - 2:
                    a, b = s, s + 1                 # x21 = dx[a], x32 = dx[b]
                    f1, f2, f3 = y[i, s, j], y[i, s + 1, j], y[i, s + 2, j]
                else:
                    a, b = s, s - 1
                    f1, f2, f3 = y[i, s + 1, j], y[i, s, j], y[i, s - 1, j]
                if has_x:
                    ix, jx = (i if px > 1 else 0), (j if qx > 1 else 0)
                    x21 = x[ix, a + 1, jx] - x[ix, a, jx]
                    x32 = x[ix, b + 1, jx] - x[ix, b, jx]
                    v = _simpson_piece(x21, x32, f1, f2, f3)
                else:
                    d = dx[i if pd > 1 else 0, 0, j if qd > 1 else 0]
                    v = d / 3 * (5 * f1 / 4 + 2 * f2 - f3 / 4)
                acc = v if s == 0 else acc + v
                out[i, s + off, j] = acc
            if has_initial:
                c = initial[i if pi_ > 1 else 0, 0, j if qi > 1 else 0]
                out[i, 0, j] = c
                for s in range(1, n):
                    out[i, s, j] += c
    return out


@njit(cache=True)
def shift_cumulative(res, initial, has_initial):
    """cumulative_simpson's ``initial`` on a (short) cumulative_trapezoid result."""
    if not has_initial:
        return res
    pre, m, post = res.shape
    pi_, qi = initial.shape[0], initial.shape[2]
    out = np.empty((pre, m + 1, post))
    for i in range(pre):
        for j in range(post):
            c = initial[i if pi_ > 1 else 0, 0, j if qi > 1 else 0]
            out[i, 0, j] = c
            for s in range(m):
                out[i, s + 1, j] = res[i, s, j] + c
    return out


# ---------------------------------------------------------------- Python entries
def _numeric(y, probe):
    """``y`` as an array of real or complex numbers; otherwise scipy's own
    error (``probe`` runs scipy's first operation on ``y``, which raises it)."""
    y = np.asarray(y)
    if y.dtype.kind in "biufc":
        return y
    if y.dtype.kind == "O":
        try:
            return np.asarray(y, dtype=np.float64)
        except (TypeError, ValueError):
            pass
    probe(y)
    raise TypeError("samples must be real numbers, got dtype %s" % y.dtype)


def _parts(y, ax, run):
    """``run(y3, cplx, imag)`` on real samples, or on the real and the imaginary
    part of complex ones (scipy's formulas have real coefficients, so each part
    is computed as numpy computes it; sums follow numpy's complex tree)."""
    if y.dtype.kind == "c":
        return run(_view3(y.real, ax), True, False), run(_view3(y.imag, ax), True, True)
    return run(_view3(y, ax), False, False), None


def _joined(re, im, shape, axis, length=None):
    """_unview of a real result, or of the complex one made of its parts."""
    if im is not None:
        out = np.empty(re.shape, dtype=np.complex128)
        out.real = re
        out.imag = im
        re = out
    return _unview(re, shape, axis, length)


def _view3(a, axis):
    """``a`` (float64, C order) as (pre, n, post) around ``axis``."""
    shape = a.shape
    pre = int(np.prod(shape[:axis], dtype=np.int64))
    post = int(np.prod(shape[axis + 1:], dtype=np.int64))
    return np.ascontiguousarray(a, dtype=np.float64).reshape(pre, shape[axis], post)


def _unview(out, shape, axis, length=None):
    """A core's (pre, post) or (pre, m, post) result in the caller's shape;
    a 0-d result as numpy's float64 scalar (as scipy returns)."""
    if length is None:
        return out.reshape(shape[:axis] + shape[axis + 1:])[()]
    return out.reshape(shape[:axis] + (length,) + shape[axis + 1:])


def _x_array(x, routine):
    """``x`` as a numeric array (``routine``: for the caller's readability)."""
    x = np.asarray(x)
    if x.dtype.kind not in "biuf":
        x = np.asarray(x, dtype=np.float64)
    return x


def _masked_trapezoid(y, x, dx, axis):
    """trapezoid of masked samples, as scipy computes it: scipy keeps ``y`` a
    masked array, so numpy's masked arithmetic leaves out every interval that
    touches a masked sample (and a result with nothing left is masked)."""
    y = np.ma.asanyarray(y)
    if x is None:
        d = dx
    else:
        x = np.ma.asanyarray(x)
        if x.ndim == 1:
            d = np.ma.diff(x)
            shape = [1] * y.ndim
            shape[axis] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = np.ma.diff(x, axis=axis)
    upper = [slice(None)] * y.ndim
    lower = [slice(None)] * y.ndim
    upper[axis] = slice(1, None)
    lower[axis] = slice(None, -1)
    return (d * (y[tuple(upper)] + y[tuple(lower)]) / 2.0).sum(axis)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integrate along ``axis`` with the composite trapezoidal rule
    (scipy.integrate.trapezoid, compiled; float64 or complex128 result).

    Masked arrays (from Python) follow scipy: intervals touching a masked
    sample are left out.  numba has no masked arrays: an ``@njit`` function
    called with one raises numba's TypeError ("Unsupported array type").
    """
    if isinstance(y, np.ma.MaskedArray) or isinstance(x, np.ma.MaskedArray):
        return _masked_trapezoid(y, x, dx, axis)

    def probe(v):
        w = v.reshape(-1)[:1]
        (dx if x is None else np.diff(np.asarray(x, dtype=float)[:2])) * (w + w) / 2.0
    y = _numeric(y, probe)
    ax = _py_axis(axis, y.ndim, _AXIS_LIST)
    if x is None:
        x3, dxf = _NO_X, float(dx)
    else:
        x = _x_array(x, "trapezoid")
        if x.ndim == 1:
            x3 = np.ascontiguousarray(x, dtype=np.float64).reshape(1, -1, 1)
            n = y.shape[ax]
            dlen, ylen = max(x.size - 1, 0), max(n - 1, 0)
            if dlen != ylen and dlen != 1 and ylen != 1:
                yshape = y.shape[:ax] + (ylen,) + y.shape[ax + 1:]
                raise BroadcastError(y.ndim, ax, dlen, yshape)
        else:
            x3 = _view3(np.broadcast_to(x, y.shape), ax)
        dxf = 1.0
    re, im = _parts(y, ax, lambda y3, c, i: trapezoid_core(y3, x3, dxf, y.ndim, ax, c))
    return _joined(re, im, y.shape, ax)


def _sample_x(x, y, ax, message_1d_or_same=_MSG_X_SHAPE):
    """simpson's and cumulative_trapezoid's x rules: (pre|1, n, post|1) array."""
    x = _x_array(x, "x")
    if x.ndim == 1:
        if x.shape[0] != y.shape[ax]:
            raise SampledValueError(_MSG_X_LEN)
        return np.ascontiguousarray(x, dtype=np.float64).reshape(1, -1, 1)
    if x.ndim != y.ndim:
        raise SampledValueError(message_1d_or_same)
    if x.shape[ax] != y.shape[ax]:
        raise SampledValueError(_MSG_X_LEN)
    return _view3(np.broadcast_to(x, y.shape), ax)


def simpson(y, x=None, *, dx=1.0, axis=-1):
    """Integrate along ``axis`` with the composite Simpson's rule
    (scipy.integrate.simpson 1.11+, compiled: Cartwright's correction for an
    even number of samples; float64 or complex128 result)."""
    def probe(v):
        w = v.reshape(-1)[:1]
        w + 4.0 * w
    y = _numeric(y, probe)
    ax = _py_axis(axis, y.ndim, _AXIS_TUPLE)
    x3 = _NO_X if x is None else _sample_x(x, y, ax)
    if y.shape[ax] == 0:
        raise SampledIndexError(_MSG_EMPTY_INDEX, ax)
    dxf = float(dx)
    re, im = _parts(y, ax, lambda y3, c, i: simpson_core(y3, x3, dxf, c))
    return _joined(re, im, y.shape, ax)


def romb(y, dx=1.0, axis=-1, show=False):
    """Romberg integration of ``2**k + 1`` equally spaced samples
    (scipy.integrate.romb, compiled); ``show`` prints scipy's table."""
    def probe(v):
        ax_ = axis % v.ndim
        (np.take(v, 0, axis=ax_) + np.take(v, -1, axis=ax_)) / 2.0
    y = _numeric(y, probe)
    ax = _py_axis(axis, y.ndim, _AXIS_TUPLE)
    dxf = float(dx)
    Rr, Ri = _parts(y, ax, lambda y3, c, i: romb_core(y3, dxf, c))
    R = Rr if Ri is None else Rr + 1j * Ri                  # the table, for show
    k = R.shape[0] - 1
    if show:
        if y.ndim != 1:
            print("*** Printing table only supported for integrals" +
                  " of a single data set.")
        else:
            try:
                precis = show[0]
            except (TypeError, IndexError):
                precis = 5
            try:
                width = show[1]
            except (TypeError, IndexError):
                width = 8
            formstr = f"%{width}.{precis}f"
            title = "Richardson Extrapolation Table for Romberg Integration"
            print(title, "=" * len(title), sep="\n", end="\n")
            for i in range(k + 1):
                for j in range(i + 1):
                    print(formstr % R[i, j, 0, 0], end=" ")
                print()
            print("=" * len(title))
    return _joined(Rr[k, k], None if Ri is None else Ri[k, k], y.shape, ax)


def _dx3(dx, shape, ax, message):
    """scalar or (shape with 1 along ax) array ``dx``/``initial`` as (p, 1, q)."""
    d = np.asarray(dx, dtype=np.float64)
    if d.ndim == 0:
        return d.reshape(1, 1, 1)
    want = shape[:ax] + (1,) + shape[ax + 1:]
    if message is not None and d.shape != want:
        raise SampledValueError(message)
    return _view3(np.broadcast_to(d, want), ax)


def cumulative_trapezoid(y, x=None, dx=1.0, axis=-1, initial=None):
    """Cumulatively integrate along ``axis`` with the trapezoidal rule
    (scipy.integrate.cumulative_trapezoid, compiled)."""
    def probe(v):
        w = v.reshape(-1)[:1]
        (dx if x is None else np.diff(np.asarray(x, dtype=float)[:2])) * (w + w) / 2.0
    y = _numeric(y, probe)
    ax = _py_axis(axis, y.ndim, _AXIS_TUPLE)
    if y.shape[ax] == 0:
        raise SampledValueError(_MSG_ONE_POINT)
    if x is None:
        x3, d3 = _NO_X, _dx3(dx, y.shape, ax, None)
    else:
        x3, d3 = _sample_x(x, y, ax), np.ones((1, 1, 1))
    if initial is not None:
        if initial != 0:
            raise SampledValueError(_MSG_INITIAL)
        if not np.isscalar(initial):
            raise SampledValueError("`initial` parameter should be a scalar.")
    re, im = _parts(y, ax, lambda y3, c, i: cumulative_trapezoid_core(y3, x3, d3,
                                                                      initial is not None))
    return _joined(re, im, y.shape, ax, re.shape[1])


def _refuse_masked_samples(routine, **arrays):
    """A ValueError naming the first of ``arrays`` that is a masked array with a masked
    sample: scipy 1.17's cumulative_simpson computes each Simpson piece with numpy's masked
    arithmetic and then stores the pieces' data in a plain array, so a piece touching a
    masked sample becomes whatever numpy left in a masked slot (for equal steps ``dx/3``),
    a number unrelated to the samples.  Matching that would be a silently wrong answer."""
    for name, a in arrays.items():
        if np.ma.is_masked(a):
            raise ValueError(
                f"{routine}: `{name}` has masked samples; scipy's {routine} returns values "
                f"unrelated to the samples for every piece that touches one, so scijit refuses "
                f"them: pass `{name}.filled(value)`, or integrate the unmasked runs apart.")


def cumulative_simpson(y, *, x=None, dx=1.0, axis=-1, initial=None):
    """Cumulatively integrate along ``axis`` with the composite Simpson's 1/3
    rule (scipy.integrate.cumulative_simpson, compiled).

    A masked ``y`` with masked samples (3 or more samples along ``axis``) is a
    ValueError: scipy 1.17 returns numbers unrelated to the samples there (see
    ``_refuse_masked_samples``).  Otherwise, as scipy, masks are not read (a masked ``x``
    gives scipy's answer for its data).
    """
    def probe(v):
        v.astype(np.float64)
    given_y, y = y, _numeric(y, probe)
    ax = _py_axis(axis, y.ndim, _AXIS_VALUE)
    n = y.shape[ax]
    if n < 3:
        if n == 0:
            raise SampledValueError(_MSG_ONE_POINT)
        if x is None:
            x3, d3 = _NO_X, _dx3(dx, y.shape, ax, None)
        else:
            x3, d3 = _sample_x(x, y, ax), np.ones((1, 1, 1))
        y, i3, has_i = _cs_initial(initial, y, ax)
        re, im = _parts(y, ax, lambda y3, c, i: shift_cumulative(
            cumulative_trapezoid_core(y3, x3, d3, False), i3[i], has_i))
    else:
        _refuse_masked_samples("cumulative_simpson", y=given_y)
        if x is not None:
            x = _x_array(x, "x")
            if not (x.shape == y.shape or (x.ndim == 1 and x.shape[0] == n)):
                raise SampledValueError(_MSG_CS_X)
            x3 = (np.ascontiguousarray(x, dtype=np.float64).reshape(1, -1, 1) if x.ndim == 1
                  else _view3(x, ax))
            d3 = np.ones((1, 1, 1))
        else:
            x3 = _NO_X
            d3 = _dx3(dx, y.shape, ax, _MSG_CS_DX)
        y, i3, has_i = _cs_initial(initial, y, ax)
        re, im = _parts(y, ax, lambda y3, c, i: cumulative_simpson_core(y3, x3, d3, i3[i],
                                                                        has_i))
    return _joined(re, im, y.shape, ax, re.shape[1])


def _cs_initial(initial, y, ax):
    """cumulative_simpson's ``initial``: (y, (real part, imaginary part) as
    (p, 1, q) arrays, given?).  A complex ``initial`` needs complex ``y``
    (scipy's in-place add fails otherwise, with numpy's casting error)."""
    zero = np.zeros((1, 1, 1))
    if initial is None:
        return y, (zero, zero), False
    value = np.asarray(initial)
    if value.dtype.kind == "c":
        if y.dtype.kind != "c":
            out = np.zeros(1)
            out += value.reshape(-1)[:1]             # numpy's UFuncTypeError, as scipy's
        return (y, (_dx3(value.real, y.shape, ax, _MSG_CS_INITIAL),
                    _dx3(value.imag, y.shape, ax, _MSG_CS_INITIAL)), True)
    return y, (_dx3(value, y.shape, ax, _MSG_CS_INITIAL), zero), True


# ---------------------------------------------------------------- inside @njit
def _check_y(routine, y):
    """The ndim of a real or complex 1-D or 2-D array ``y``; TypingError otherwise."""
    if not isinstance(y, types.Array) or not isinstance(y.dtype, _NUMERIC + (types.Complex,)):
        raise TypingError("%s: inside @njit 'y' must be an array of real or complex numbers, "
                          "got %s" % (routine, y))
    if y.ndim not in (1, 2):
        raise TypingError("%s: inside @njit 'y' must be 1-D or 2-D (call it from Python for "
                          "more dimensions), got %s" % (routine, y))
    return y.ndim


def _check_x(routine, x, nd):
    if A.is_none(x):
        return False
    if not isinstance(x, types.Array) or not isinstance(x.dtype, _NUMERIC) or \
            x.ndim not in (1, nd):
        raise TypingError("%s: inside @njit 'x' must be None, a 1-D array or an array shaped "
                          "like y, got %s" % (routine, x))
    return True


def view3(a, axis):
    """``a`` (1-D or 2-D) as a float64 C (pre, n, post) array around ``axis``
    (normalised)."""


@overload(view3)
def _view3_ovl(a, axis):
    if a.ndim == 1:
        return lambda a, axis: np.ascontiguousarray(a).astype(np.float64).reshape(
            (1, a.shape[0], 1))

    def impl(a, axis):
        c = np.ascontiguousarray(a).astype(np.float64)
        if axis == 0:
            return c.reshape((1, a.shape[0], a.shape[1]))
        return c.reshape((a.shape[0], a.shape[1], 1))
    return impl


def unview(out, y):
    """A (pre, post) core result for a 1-D (a float) or 2-D (1-D array) ``y``."""


@overload(unview)
def _unview_ovl(out, y):
    if y.ndim == 1:
        return lambda out, y: out[0, 0]
    return lambda out, y: out.reshape(out.size)


def unview_cumulative(out, y, axis):
    """A (pre, m, post) core result in ``y``'s layout."""


@overload(unview_cumulative)
def _unview_cumulative_ovl(out, y, axis):
    if y.ndim == 1:
        return lambda out, y, axis: out.reshape(out.shape[1])

    def impl(out, y, axis):
        if axis == 0:
            return out.reshape((out.shape[1], out.shape[2]))
        return out.reshape((out.shape[0], out.shape[1]))
    return impl


@njit(cache=True)
def _check_x2(x0, x1, y0, y1):
    if not ((x0 == y0 or x0 == 1) and (x1 == y1 or x1 == 1)):
        raise RemappedBroadcastError(x0, x1, y0, y1)


def x_view3(x, y, axis, mode):
    """x as the cores' (px, n, qx) array: empty for None; mode 0 (trapezoid:
    N-D x broadcast to y), 1 (simpson, cumulative_trapezoid: scipy's length
    checks), 2 (cumulative_simpson: 1-D of y's length or y's shape)."""


@overload(x_view3)
def _x_view3_ovl(x, y, axis, mode):
    if A.is_none(x):
        return lambda x, y, axis, mode: _NO_X.copy()
    if x.ndim == 1:
        def impl1(x, y, axis, mode):
            if mode == 1 and x.shape[0] != y.shape[axis]:
                raise SampledValueError(_MSG_X_LEN)
            if mode == 2 and x.shape[0] != y.shape[axis]:
                raise SampledValueError(_MSG_CS_X)
            return np.ascontiguousarray(x).astype(np.float64).reshape((1, x.shape[0], 1))
        return impl1

    def impl2(x, y, axis, mode):
        if mode == 2 and x.shape != y.shape:
            raise SampledValueError(_MSG_CS_X)
        if mode == 1 and x.shape[axis] != y.shape[axis]:
            raise SampledValueError(_MSG_X_LEN)
        _check_x2(x.shape[0], x.shape[1], y.shape[0], y.shape[1])
        return view3(np.broadcast_to(x, y.shape), axis)
    return impl2


@njit(cache=True)
def _nonempty_index(n, axis):
    if n == 0:
        raise SampledIndexError(_MSG_EMPTY_INDEX, axis)


@njit(cache=True)
def _check_one_point(n):
    if n == 0:
        raise SampledValueError(_MSG_ONE_POINT)


def initial3(initial):
    """(array (1, 1, 1), given?) for a scalar ``initial`` (None: not given)."""


@overload(initial3)
def _initial3_ovl(initial):
    if A.is_none(initial):
        return lambda initial: (np.zeros((1, 1, 1)), False)

    def impl(initial):
        value = float(initial)
        return np.full((1, 1, 1), value), True
    return impl


# The @njit bodies: one cached function per routine, compiled once per
# argument types and loaded from numba's cache afterwards, so the chooser
# adds only a call to the caller's compilation.
@njit(cache=True)
def trapezoid_njit(y, x, dx, axis, cplx):
    nd = y.ndim
    ax = normalize_axis(axis, nd, _AXIS_LIST)
    x3 = x_view3(x, y, ax, 0)
    return unview(trapezoid_core(view3(y, ax), x3, dx, nd, ax, cplx), y)


@njit(cache=True)
def simpson_njit(y, x, dx, axis, cplx):
    ax = normalize_axis(axis, y.ndim, _AXIS_TUPLE)
    x3 = x_view3(x, y, ax, 1)
    _nonempty_index(y.shape[ax], ax)
    return unview(simpson_core(view3(y, ax), x3, dx, cplx), y)


@njit(cache=True)
def romb_njit(y, dx, axis, cplx):
    ax = normalize_axis(axis, y.ndim, _AXIS_TUPLE)
    R = romb_core(view3(y, ax), dx, cplx)
    k = R.shape[0] - 1
    return unview(R[k, k].copy(), y)


def joined(re, im):
    """A complex result from its parts (numbers or arrays)."""


@njit(cache=True)
def _joined_array(re, im):
    out = np.empty(re.shape, np.complex128)
    for i in range(re.size):
        out.flat[i] = complex(re.flat[i], im.flat[i])
    return out


@overload(joined)
def _joined_ovl(re, im):
    if isinstance(re, types.Array):
        return lambda re, im: _joined_array(re, im)
    return lambda re, im: complex(re, im)


def _is_complex(y):
    return isinstance(y.dtype, types.Complex)


@njit(cache=True)
def cumulative_trapezoid_njit(y, x, dx, axis, initial):
    ax = normalize_axis(axis, y.ndim, _AXIS_TUPLE)
    _check_one_point(y.shape[ax])
    x3 = x_view3(x, y, ax, 1)
    i3, has_initial = initial3(initial)
    if has_initial and i3[0, 0, 0] != 0:
        raise SampledValueError(_MSG_INITIAL)
    d3 = np.full((1, 1, 1), dx)
    out = cumulative_trapezoid_core(view3(y, ax), x3, d3, has_initial)
    return unview_cumulative(out, y, ax)


@njit(cache=True)
def cumulative_simpson_njit(y, x, dx, axis, initial):
    ax = normalize_axis(axis, y.ndim, _AXIS_VALUE)
    n = y.shape[ax]
    _check_one_point(n)
    d3 = np.full((1, 1, 1), dx)
    i3, has_i = initial3(initial)
    if n < 3:
        x3 = x_view3(x, y, ax, 1)
        res = cumulative_trapezoid_core(view3(y, ax), x3, d3, False)
        out = shift_cumulative(res, i3, has_i)
    else:
        x3 = x_view3(x, y, ax, 2)
        out = cumulative_simpson_core(view3(y, ax), x3, d3, i3, has_i)
    return unview_cumulative(out, y, ax)


def _check_all(routine, y, x, dx, axis, initial=None):
    nd = _check_y(routine, y)
    _check_x(routine, x, nd)
    A.check_number(routine, "dx", dx)
    A.check_integer(routine, "axis", axis)
    A.check_number(routine, "initial", initial, optional=True)


def _trapezoid_overload(y, x=None, dx=1.0, axis=-1):
    _check_all("trapezoid", y, x, dx, axis)
    if _is_complex(y):
        return lambda y, x=None, dx=1.0, axis=-1: joined(
            trapezoid_njit(y.real, x, float(dx), int(axis), True),
            trapezoid_njit(y.imag, x, float(dx), int(axis), True))
    return lambda y, x=None, dx=1.0, axis=-1: trapezoid_njit(y, x, float(dx), int(axis), False)


def _simpson_overload(y, x=None, *, dx=1.0, axis=-1):
    _check_all("simpson", y, x, dx, axis)
    if _is_complex(y):
        return lambda y, x=None, dx=1.0, axis=-1: joined(
            simpson_njit(y.real, x, float(dx), int(axis), True),
            simpson_njit(y.imag, x, float(dx), int(axis), True))
    return lambda y, x=None, dx=1.0, axis=-1: simpson_njit(y, x, float(dx), int(axis), False)


def _romb_overload(y, dx=1.0, axis=-1, show=False):
    _check_all("romb", y, None, dx, axis)
    if A.literal_bool(show) is not False:
        raise TypingError("romb: inside @njit 'show' must be False (printing the table is "
                          "supported from Python)")
    if _is_complex(y):
        return lambda y, dx=1.0, axis=-1, show=False: joined(
            romb_njit(y.real, float(dx), int(axis), True),
            romb_njit(y.imag, float(dx), int(axis), True))
    return lambda y, dx=1.0, axis=-1, show=False: romb_njit(y, float(dx), int(axis), False)


def _cumulative_trapezoid_overload(y, x=None, dx=1.0, axis=-1, initial=None):
    _check_all("cumulative_trapezoid", y, x, dx, axis, initial)
    if _is_complex(y):
        return lambda y, x=None, dx=1.0, axis=-1, initial=None: joined(
            cumulative_trapezoid_njit(y.real, x, float(dx), int(axis), initial),
            cumulative_trapezoid_njit(y.imag, x, float(dx), int(axis), initial))
    return lambda y, x=None, dx=1.0, axis=-1, initial=None: cumulative_trapezoid_njit(
        y, x, float(dx), int(axis), initial)


def _cumulative_simpson_overload(y, *, x=None, dx=1.0, axis=-1, initial=None):
    _check_all("cumulative_simpson", y, x, dx, axis, initial)
    if _is_complex(y):
        # scipy adds a real ``initial`` to the real part; the imaginary part starts at 0
        imag_initial = None if A.is_none(initial) else 0.0
        return lambda y, x=None, dx=1.0, axis=-1, initial=None: joined(
            cumulative_simpson_njit(y.real, x, float(dx), int(axis), initial),
            cumulative_simpson_njit(y.imag, x, float(dx), int(axis), imag_initial))
    return lambda y, x=None, dx=1.0, axis=-1, initial=None: cumulative_simpson_njit(
        y, x, float(dx), int(axis), initial)


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "trapezoid": Chooser(_trapezoid_overload),
    "simpson": Chooser(_simpson_overload),
    "romb": Chooser(_romb_overload),
    "cumulative_trapezoid": Chooser(_cumulative_trapezoid_overload),
    "cumulative_simpson": Chooser(_cumulative_simpson_overload),
}
register_choosers(CHOOSERS, globals())
