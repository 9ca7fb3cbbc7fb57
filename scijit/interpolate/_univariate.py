"""scipy's ``UnivariateSpline``, ``InterpolatedUnivariateSpline`` and
``LSQUnivariateSpline`` on our FITPACK, from Python and inside @njit.

Two entries, one implementation: the Python defs settle scipy's spellings and
call the cached @njit cores below, which make scipy's checks (its messages;
f2py's checks raise :class:`~._f2py_errors.FitpackInputError`, a ValueError and
scipy's ``_dfitpack.error``) and call fpcurf the way scipy's f2py wrappers do
(fpcurf0, fpcurf1 for the ``nest`` retry, fpcurfm1 for given knots), so knots,
coefficients and the residual are scipy's, bit for bit.  From Python the
result is a real scipy object with the ``_data`` scipy would have made (its own
methods, ``set_smoothing_factor`` included, then run on it); inside @njit it
is a :class:`~scijit_types.univariate.UnivariateSplineType` value with
``__call__(x, nu=0, ext=None)``, ``derivative``, ``antiderivative``,
``integral``, ``roots``, ``derivatives``, ``get_knots``, ``get_coeffs``,
``get_residual``, ``set_smoothing_factor`` and ``ext``.

Differences from scipy inside @njit, on purpose: there are no warnings (a fit
that did not reach ``s``, ``set_smoothing_factor`` on an LSQ spline, more roots
than ``mest``); ``spl(x)`` at a number gives a float (scipy: a 0-d array) and
``spl.derivatives(x)`` at an array a 2-D array (scipy: a list);
``get_residual()`` of a spline made by ``derivative``/``antiderivative`` is NaN
(scipy: None); ``set_smoothing_factor`` on a spline passed in from Python
refits the @njit copy (return it to get the refitted scipy object).
"""
import functools
import operator
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload, overload_attribute, overload_method

from lowering import fitpack as F
from lowering.calls import PointCall, forward_calls
from lowering.separate import separate
from scijit_types.univariate import (CLS, EXT, FITTED, FP, IER, INTERPOLATED, K, LSQ,
                                     LSQ_CLASS, N, NEST, NFV, NIV, SPLINE_CLASS, STATE, TCK,
                                     UNIVARIATE, XB, XE, S, UnivariateSplineType,
                                     box_univariate, univariate_build)
from scijit_types.errors import FormattedError

from .._arguments import as_float_vector, check_integer, constant, is_none
from .._registration import Chooser, register_choosers
from . import _f2py_errors
from ._fitpack_core import (KMAX, spalde_point, spalde_points, splantider_core, splder_core,
                            splev_array, splev_fail, splint_core, sproot_core)

__all__ = ["UnivariateSpline", "InterpolatedUnivariateSpline", "LSQUnivariateSpline",
           "UnivariateSplineError"]

_NUMBER = (types.Integer, types.Float, types.Boolean)


class UnivariateSplineError(FormattedError, ValueError):
    """scipy's ValueError; the message is formatted here, in Python, from a
    template and the values raised in compiled code."""


# scipy's messages (_fitpack2._curfit_messages) for fpcurf's ier
CURFIT_MESSAGES = {1: """
The required storage space exceeds the available storage space, as
specified by the parameter nest: nest too small. If nest is already
large (say nest > m/2), it may also indicate that s is too small.
The approximation returned is the weighted least-squares spline
according to the knots t[0],t[1],...,t[n-1]. (n=nest) the parameter fp
gives the corresponding weighted sum of squared residuals (fp>s).
""",
                   2: """
A theoretically impossible result was found during the iteration
process for finding a smoothing spline with fp = s: s too small.
There is an approximation returned but the corresponding weighted sum
of squared residuals does not satisfy the condition abs(fp-s)/s < tol.""",
                   3: """
The maximal number of iterations maxit (set to 20 by the program)
allowed for finding a smoothing spline with fp=s has been reached: s
too small.
There is an approximation returned but the corresponding weighted sum
of squared residuals does not satisfy the condition abs(fp-s)/s < tol.""",
                   10: """
Error on entry, no approximation returned. The following conditions
must hold:
xb<=x[0]<x[1]<...<x[m-1]<=xe, w[i]>0, i=0..m-1
if iopt=-1:
  xb<t[k+1]<t[k+2]<...<t[n-k-2]<xe"""}

FPCHEC_MESSAGE = """The input parameters have been rejected by fpchec. \
This means that at least one of the following conditions is violated:

1) k+1 <= n-k-1 <= m
2) t(1) <= t(2) <= ... <= t(k+1)
   t(n-k) <= t(n-k+1) <= ... <= t(n)
3) t(k+1) < t(k+2) < ... < t(n-k)
4) t(k+1) <= x(i) <= t(n-k)
5) The conditions specified by Schoenberg and Whitney must hold
   for at least one subset of data points, i.e., there must be a
   subset of data points y(j) such that
       t(j) < y(j) < t(j+k+1), j=1,2,...,n-k-1
"""

#: scipy's ext spellings
EXTRAP_MODES = {0: 0, "extrapolate": 0, 1: 1, "zeros": 1, 2: 2, "raise": 2, 3: 3, "const": 3}
_XB_MESSAGE = "_dfitpack.fpcurf1() 4th argument (xb) can't be converted to double"
_ROOTS_MESSAGE = "finding roots unsupported for non-cubic splines"


def curfit_warning(ier):
    """scipy's warning text for a fit that ended with this ier (None: no warning)."""
    if ier in (0, -1, -2):
        return None
    return CURFIT_MESSAGES.get(ier, "ier=%d" % ier)


# ---------------------------------------------------------------- cores
@njit(cache=True)
def validate_core(x, y, w, has_w, k, s, has_s, check_finite, bbox_ok):
    """scipy's UnivariateSpline.validate_input, in its order (ext aside)."""
    m = x.size
    if check_finite:
        finite = True
        for i in range(m):
            if not np.isfinite(x[i]):
                finite = False
        for i in range(y.size):
            if not np.isfinite(y[i]):
                finite = False
        if has_w:
            for i in range(w.size):
                if not np.isfinite(w[i]):
                    finite = False
        if not finite:
            raise UnivariateSplineError("x and y array must not contain NaNs or infs.")
    if (not has_s) or s > 0:
        for i in range(1, m):
            if not x[i] - x[i - 1] >= 0.0:
                raise UnivariateSplineError("x must be increasing if s > 0")
    else:
        for i in range(1, m):
            if not x[i] - x[i - 1] > 0.0:
                raise UnivariateSplineError("x must be strictly increasing if s = 0")
    if m != y.size:
        raise UnivariateSplineError("x and y should have a same length")
    if has_w and m != w.size:
        raise UnivariateSplineError("x, y, and w should have a same length")
    if not bbox_ok:
        raise UnivariateSplineError("bbox shape should be (2,)")
    if not (1 <= k <= 5):
        raise UnivariateSplineError("k should be 1 <= k <= 5")
    if has_s and not s >= 0.0:
        raise UnivariateSplineError("s should be s >= 0.0")


@njit(cache=True)
def ext_int(ext):
    """A numeric ext: 0..3, else scipy's ValueError."""
    if ext == 0 or ext == 1 or ext == 2 or ext == 3:
        return int(ext)
    raise UnivariateSplineError("Unknown extrapolation mode %s.", ext)


@njit(cache=True)
def ext_str(ext):
    """A string ext known only at run time."""
    if ext == "extrapolate":
        return 0
    if ext == "zeros":
        return 1
    if ext == "raise":
        return 2
    if ext == "const":
        return 3
    raise UnivariateSplineError("Unknown extrapolation mode %s.", ext)


@njit(cache=True)
def _fpcurf(iopt, x, y, w, xb, xe, k, s, nest, n, ier, t, c, fpint, nrdata):
    """fpcurf (its workspace, the f2py wrapper's, made by the call) given the
    n and ier of the fit it continues (iopt = 1; else 0).  Returns the new
    (n, ier, fp)."""
    n, fp, ier = F.fpcurf(iopt, x.size, x, y, w, xb, xe, k, s, nest, n, t, c, fpint, nrdata,
                          ier)
    return n, ier, fp


@njit(cache=True)
def _resize_tail(a, old, new):
    """np.resize's fill of a[old:new] (the first ``old`` values repeated)."""
    for i in range(old, new):
        a[i] = a[i % old]


@njit(cache=True)
def _reset_nest(x, y, w, t, c, fpint, nrdata, iv, fv):
    """scipy's UnivariateSpline._reset_nest: ier = 1, refit (iopt = 1) with
    the largest nest, m+k+1, from the arrays np.resize'd to it."""
    k = iv[K]
    old = iv[NEST]
    nest = x.size + k + 1
    _resize_tail(t, old, nest)
    _resize_tail(c, old, nest)
    _resize_tail(fpint, old, nest)
    for i in range(old, nest):
        nrdata[i] = nrdata[i % old]
    n, ier, fp = _fpcurf(1, x, y, w, fv[XB], fv[XE], k, fv[S], nest, iv[N], iv[IER], t, c,
                         fpint, nrdata)
    if ier == 10:
        # the saved state cannot be continued (non-finite data leave no
        # interval to place a knot in): keep the fit with ier = 1
        return
    iv[NEST] = nest
    iv[N] = n
    iv[IER] = ier
    fv[FP] = fp


@njit(cache=True)
def _reset_class(iv):
    """scipy's _reset_class: the class the fit's ier puts the object in."""
    ier = iv[IER]
    new = -1
    if ier == -1:
        new = INTERPOLATED
    elif ier == -2 or ier == 1:
        new = LSQ_CLASS
    if new >= 0:
        iv[SPLINE_CLASS] = new
        iv[CLS] = new


@njit(cache=True)
def _f2py_checks(name, x, k, xb, xe):
    m = x.size
    if not m > k:
        raise _f2py_errors.FitpackInputError("(m>k) failed for hidden m: %s:m=%d", name, m)
    if not xb <= x[0]:
        raise _f2py_errors.FitpackInputError("(xb<=x[0]) failed for 2nd keyword xb: %s:xb=%g",
                                             name, xb)
    if not xe >= x[m - 1]:
        raise _f2py_errors.FitpackInputError(
            "(xe>=x[m-1]) failed for 3rd keyword xe: %s:xe=%g", name, xe)


@njit(cache=True)
def fit_state(k, n, ier, nest, ext, cls, state, xb, xe, s, fp):
    """The struct's ``iv`` and ``fv`` after a fit (FITPACK's n, ier)."""
    iv = np.zeros(NIV, dtype=np.int64)
    fv = np.empty(NFV)
    iv[K] = k
    iv[N] = n
    iv[NEST] = nest
    iv[IER] = ier
    iv[EXT] = ext
    iv[CLS] = cls
    iv[SPLINE_CLASS] = -1
    iv[STATE] = state
    fv[XB] = xb
    fv[XE] = xe
    fv[S] = s
    fv[FP] = fp
    return iv, fv


@separate      # (called by symbol: too big to compile into every caller)
@njit(cache=True)
def smoothing_fit(x, y, w, xb, xe, has_xb, has_xe, k, s, has_s, cls, ext):
    """UnivariateSpline (cls 0) / InterpolatedUnivariateSpline (cls 1) after
    validate_input: fpcurf0, the nest retry, _reset_class.  Returns the
    struct's nine arrays."""
    m = x.size
    if cls == INTERPOLATED:
        for i in range(1, m):
            if not x[i] - x[i - 1] > 0.0:
                raise UnivariateSplineError("x must be strictly increasing")
        s = 0.0
        has_s = True
    if m > 0:
        if not has_xb:
            xb = x[0]
        if not has_xe:
            xe = x[m - 1]
    _f2py_checks("fpcurf0", x, k, xb, xe)
    if not has_s:
        s = float(m)
    room = m + k + 1
    nest = room if s == 0.0 else max(m // 2, 2 * (k + 1))
    t = np.zeros(room)
    c = np.zeros(room)
    fpint = np.zeros(room)
    nrdata = np.zeros(room, dtype=np.int32)
    n, ier, fp = _fpcurf(0, x, y, w, xb, xe, k, s, nest, 0, 0, t, c, fpint, nrdata)
    iv, fv = fit_state(k, n, ier, nest, ext, cls, FITTED, xb, xe, s, fp)
    if ier == 1:
        _reset_nest(x, y, w, t, c, fpint, nrdata, iv, fv)
    _reset_class(iv)
    return x, y, w, t, c, fpint, nrdata, iv, fv


@njit(cache=True)
def lsq_fit(x, y, w, knots, xb, xe, has_xb, has_xe, k, ext):
    """LSQUnivariateSpline after validate_input: the knot checks, fpchec,
    fpcurfm1, _reset_class.  Returns the struct's nine arrays."""
    m = x.size
    for i in range(1, m):
        if not x[i] - x[i - 1] >= 0.0:
            raise UnivariateSplineError("x must be increasing")
    if m == 0 and not (has_xb and has_xe):
        raise IndexError("index 0 is out of bounds for axis 0 with size 0")
    if not has_xb:
        xb = x[0]
    if not has_xe:
        xe = x[m - 1]
    n = knots.size + 2 * (k + 1)
    t = np.empty(n)
    t[:k + 1] = xb
    t[k + 1:n - k - 1] = knots
    t[n - k - 1:] = xe
    for i in range(k + 1, n - k):
        if not t[i] - t[i - 1] > 0.0:
            raise UnivariateSplineError("Interior knots t must satisfy Schoenberg-Whitney "
                                        "conditions")
    ier, = F.fpchec(x, m, t, n, k)
    if ier != 0:
        raise UnivariateSplineError(FPCHEC_MESSAGE)
    _f2py_checks("fpcurfm1", x, k, xb, xe)
    c = np.zeros(n)
    fpint = np.zeros(n)
    nrdata = np.zeros(n, dtype=np.int32)
    nk, ier, fp = _fpcurf(-1, x, y, w, xb, xe, k, -1.0, n, n, 0, t, c, fpint, nrdata)
    iv, fv = fit_state(k, nk, ier, n, ext, LSQ_CLASS, LSQ, xb, xe, -1.0, fp)
    _reset_class(iv)
    return x, y, w, t, c, fpint, nrdata, iv, fv


@njit(cache=True)
def set_smoothing_core(x, y, w, t, c, fpint, nrdata, iv, fv, s):
    """scipy's set_smoothing_factor (fpcurf1, iopt = 1), in place.  Returns
    the new ier (an LSQ spline is left unchanged: scipy warns)."""
    state = iv[STATE]
    if state == LSQ:
        return iv[IER]
    if state == TCK:
        raise TypeError(_XB_MESSAGE)
    if not s >= 0.0:
        raise _f2py_errors.FitpackInputError("(s>=0.0) failed for 7th argument s: fpcurf1:s=%g",
                                             s)
    k = iv[K]
    if not x.size > k:
        raise _f2py_errors.FitpackInputError("(m>k) failed for hidden m: fpcurf1:m=%d", x.size)
    n, ier, fp = _fpcurf(1, x, y, w, fv[XB], fv[XE], k, s, iv[NEST], iv[N], iv[IER], t, c,
                         fpint, nrdata)
    if ier == 10:
        raise UnivariateSplineError("set_smoothing_factor: the saved fit cannot be continued "
                                    "(non-finite data or a damaged _data)")
    iv[N] = n
    iv[IER] = ier
    fv[S] = s
    fv[FP] = fp
    if ier == 1:
        _reset_nest(x, y, w, t, c, fpint, nrdata, iv, fv)
    _reset_class(iv)
    return iv[IER]


@njit(cache=True)
def tck_arrays(t, c, k, ext):
    """The nine arrays of ``UnivariateSpline._from_tck((t, c, k), ext)``."""
    iv = np.zeros(NIV, dtype=np.int64)
    fv = np.full(NFV, np.nan)
    iv[K] = k
    iv[N] = t.size
    iv[NEST] = c.size
    iv[EXT] = ext
    iv[CLS] = UNIVARIATE
    iv[SPLINE_CLASS] = -1
    iv[STATE] = TCK
    empty = np.zeros(0)
    return empty, empty, empty, t, c, empty, np.zeros(0, dtype=np.int32), iv, fv


@njit(cache=True)
def derivative_core(t, c, k, n, ext):
    """spl.derivative(n): splder (splantider for n < 0); ext 3 becomes 1."""
    if n < 0:
        tt, cc, kk = splantider_core(t, c, k, -n)
    else:
        tt, cc, kk = splder_core(t, c, k, n)
    return tck_arrays(tt, cc, kk, 1 if ext == 3 else ext)


@njit(cache=True)
def antiderivative_core(t, c, k, n, ext):
    """spl.antiderivative(n): splantider (splder for n < 0)."""
    if n < 0:
        tt, cc, kk = splder_core(t, c, k, -n)
    else:
        tt, cc, kk = splantider_core(t, c, k, n)
    return tck_arrays(tt, cc, kk, ext)


@njit(cache=True)
def roots_core(t, c, k):
    """spl.roots(): sproot with scipy's mest, cubic splines only."""
    if k == 3:
        return sproot_core(t, c, k, 3 * (t.size - 7))[0]
    raise NotImplementedError(_ROOTS_MESSAGE)


@njit(cache=True)
def call_array(x, t, c, k, nu, ext):
    """spl(x) at a flat float64 array (empty in, empty out)."""
    if x.size == 0:
        return np.empty(0)
    return splev_array(x, t, c, k, nu, ext)


# ---------------------------------------------------------------- Python entries
def _vec(a, name):
    arr = np.asarray(a, dtype=np.float64)
    if arr.ndim != 1:
        raise ValueError("%s must be a 1-D array, got shape %s" % (name, arr.shape))
    return np.ascontiguousarray(arr)


def _ext_code(ext):
    try:
        return EXTRAP_MODES[ext]
    except (KeyError, TypeError):
        raise ValueError(f"Unknown extrapolation mode {ext}.") from None


def _prepare(x, y, w, bbox, k, s, check_finite):
    """validate_input's checks (ext aside); the fit's arguments."""
    x, y = _vec(x, "x"), _vec(y, "y")
    has_w = w is not None
    w = _vec(w, "w") if has_w else np.ones(x.size)
    bb = np.asarray(bbox)
    bbox_ok = bb.shape == (2,)
    has_s = s is not None
    s = float(s) if has_s else 0.0
    validate_core(x, y, w, has_w, k, s, has_s, bool(check_finite), bbox_ok)
    has_xb, has_xe = bb[0] is not None, bb[1] is not None
    xb = float(bb[0]) if has_xb else 0.0
    xe = float(bb[1]) if has_xe else 0.0
    return x, y, w, xb, xe, has_xb, has_xe, s, has_s


def _degree(k):
    """k as an int (scipy also takes an integral float)."""
    if isinstance(k, (float, np.floating)) and k == int(k):
        return int(k)
    return operator.index(k)


def _finish(arrays, stacklevel=3):
    obj = box_univariate(*arrays)
    message = curfit_warning(int(arrays[7][IER]))
    if message is not None:
        warnings.warn(message, stacklevel=stacklevel)
    return obj


def UnivariateSpline(x, y, w=None, bbox=[None] * 2, k=3, s=None, ext=0,  # noqa: B006
                     check_finite=False):
    """scipy.interpolate.UnivariateSpline, fitted by scijit's fpcurf.

    Returns a real ``scipy.interpolate.UnivariateSpline`` (or the subclass
    scipy's own fit would have turned it into), with scipy's knots,
    coefficients, residual and saved state."""
    k = _degree(k)
    x, y, w, xb, xe, has_xb, has_xe, s, has_s = _prepare(x, y, w, bbox, k, s, check_finite)
    ext = _ext_code(ext)
    return _finish(smoothing_fit(x, y, w, xb, xe, has_xb, has_xe, k, s, has_s,
                                 UNIVARIATE, ext))


def InterpolatedUnivariateSpline(x, y, w=None, bbox=[None] * 2, k=3, ext=0,  # noqa: B006
                                 check_finite=False):
    """scipy.interpolate.InterpolatedUnivariateSpline, fitted by scijit's fpcurf."""
    k = _degree(k)
    x, y, w, xb, xe, has_xb, has_xe, _, _ = _prepare(x, y, w, bbox, k, None, check_finite)
    ext = _ext_code(ext)
    return _finish(smoothing_fit(x, y, w, xb, xe, has_xb, has_xe, k, 0.0, True,
                                 INTERPOLATED, ext))


def LSQUnivariateSpline(x, y, t, w=None, bbox=[None] * 2, k=3, ext=0,  # noqa: B006
                        check_finite=False):
    """scipy.interpolate.LSQUnivariateSpline, fitted by scijit's fpcurf."""
    k = _degree(k)
    x, y, w, xb, xe, has_xb, has_xe, _, _ = _prepare(x, y, w, bbox, k, None, check_finite)
    ext = _ext_code(ext)
    knots = np.ascontiguousarray(np.asarray(t, dtype=np.float64).reshape(-1))
    return _finish(lsq_fit(x, y, w, knots, xb, xe, has_xb, has_xe, k, ext))


# ---------------------------------------------------------------- @njit: argument readers
def _ext_reader(ext, default_none=False):
    """An inline function (iv, ext) -> code for this ext type (with
    ``default_none``, None is the spline's own, read from its ``iv``)."""
    if default_none and is_none(ext):
        return njit(inline="always")(lambda iv, ext: iv[EXT])
    value = constant(ext)
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        if value in EXTRAP_MODES:
            code = EXTRAP_MODES[value]
            return njit(inline="always")(lambda spl, ext: code)
        msg = "Unknown extrapolation mode %s." % value

        @njit(inline="always")
        def fail(spl, ext):
            raise UnivariateSplineError(msg)
        return fail
    if isinstance(ext, (types.Integer, types.Boolean, types.Float)):
        return njit(inline="always")(lambda spl, ext: ext_int(ext))
    if isinstance(ext, types.UnicodeType):
        return njit(inline="always")(lambda spl, ext: ext_str(ext))
    raise TypingError("UnivariateSpline: ext must be 0, 1, 2, 3 or 'extrapolate', 'zeros', "
                      "'raise', 'const', got %s" % ext)


def _bbox_reader(bbox):
    """An inline function bbox -> (ok, xb, xe, has_xb, has_xe)."""
    if isinstance(bbox, types.Omitted):
        bbox = bbox.value
    if bbox is None:                                   # omitted: scipy's [None, None]
        return njit(inline="always")(lambda bbox: (True, 0.0, 0.0, False, False))
    if is_none(bbox):                                  # an explicit None: scipy refuses it
        return njit(inline="always")(lambda bbox: (False, 0.0, 0.0, False, False))
    if isinstance(bbox, types.BaseTuple):
        items = list(bbox)
        if len(items) != 2:
            return njit(inline="always")(lambda bbox: (False, 0.0, 0.0, False, False))
        if not all(is_none(t) or isinstance(t, _NUMBER) for t in items):
            raise TypingError("UnivariateSpline: bbox holds numbers or None, got %s" % bbox)
        lo = "0.0" if is_none(items[0]) else "float(bbox[0])"
        hi = "0.0" if is_none(items[1]) else "float(bbox[1])"
        src = ("def read(bbox):\n    return (True, %s, %s, %s, %s)\n"
               % (lo, hi, not is_none(items[0]), not is_none(items[1])))
        scope = {}
        exec(src, scope)
        return njit(inline="always")(scope["read"])
    if isinstance(bbox, (types.Array, types.List)) and isinstance(bbox.dtype, _NUMBER):
        if isinstance(bbox, types.Array) and bbox.ndim != 1:
            return njit(inline="always")(lambda bbox: (False, 0.0, 0.0, False, False))

        @njit(inline="always")
        def read_seq(bbox):
            if len(bbox) != 2:
                return False, 0.0, 0.0, False, False
            return True, float(bbox[0]), float(bbox[1]), True, True
        return read_seq
    raise TypingError("UnivariateSpline: bbox must be a pair of numbers or None, got %s" % bbox)


def _weights(w, m):
    """w as a float64 vector (ones when None)."""


@overload(_weights)
def _weights_ovl(w, m):
    if is_none(w):
        return lambda w, m: np.ones(m)
    return lambda w, m: as_float_vector(w)


def _opt_float(s):
    """(float(s), True), or (0.0, False) for None."""


@overload(_opt_float)
def _opt_float_ovl(s):
    if is_none(s):
        return lambda s: (0.0, False)
    return lambda s: (float(s), True)


def _check_vector(routine, name, ty):
    ok = (isinstance(ty, types.Array) and ty.ndim == 1 and isinstance(ty.dtype, _NUMBER)) or \
        (isinstance(ty, (types.List, types.UniTuple)) and isinstance(ty.dtype, _NUMBER))
    if not ok:
        raise TypingError("%s: %s must be a 1-D array of real numbers inside @njit, got %s"
                          % (routine, name, ty))


# ---------------------------------------------------------------- @njit: constructors
def _univariate_overload(x, y, w=None, bbox=None, k=3, s=None, ext=0, check_finite=False):
    routine = "UnivariateSpline"
    _check_vector(routine, "x", x)
    _check_vector(routine, "y", y)
    if not is_none(w):
        _check_vector(routine, "w", w)
    check_integer(routine, "k", k)
    read_bbox = _bbox_reader(bbox)
    read_ext = _ext_reader(ext)
    has_w = not is_none(w)

    def impl(x, y, w=None, bbox=None, k=3, s=None, ext=0, check_finite=False):
        xv = as_float_vector(x)
        yv = as_float_vector(y)
        wv = _weights(w, xv.size)
        ss, has_s = _opt_float(s)
        ok, xb, xe, has_xb, has_xe = read_bbox(bbox)
        validate_core(xv, yv, wv, has_w, k, ss, has_s, check_finite, ok)
        code = read_ext(None, ext)
        arrays = smoothing_fit(xv, yv, wv, xb, xe, has_xb, has_xe, k, ss, has_s, UNIVARIATE,
                               code)
        return univariate_build(*arrays)
    return impl


def _interpolated_overload(x, y, w=None, bbox=None, k=3, ext=0, check_finite=False):
    routine = "InterpolatedUnivariateSpline"
    _check_vector(routine, "x", x)
    _check_vector(routine, "y", y)
    if not is_none(w):
        _check_vector(routine, "w", w)
    check_integer(routine, "k", k)
    read_bbox = _bbox_reader(bbox)
    read_ext = _ext_reader(ext)
    has_w = not is_none(w)

    def impl(x, y, w=None, bbox=None, k=3, ext=0, check_finite=False):
        xv = as_float_vector(x)
        yv = as_float_vector(y)
        wv = _weights(w, xv.size)
        ok, xb, xe, has_xb, has_xe = read_bbox(bbox)
        validate_core(xv, yv, wv, has_w, k, 0.0, False, check_finite, ok)
        code = read_ext(None, ext)
        arrays = smoothing_fit(xv, yv, wv, xb, xe, has_xb, has_xe, k, 0.0, True, INTERPOLATED,
                               code)
        return univariate_build(*arrays)
    return impl


def _lsq_overload(x, y, t, w=None, bbox=None, k=3, ext=0, check_finite=False):
    routine = "LSQUnivariateSpline"
    _check_vector(routine, "x", x)
    _check_vector(routine, "y", y)
    _check_vector(routine, "t", t)
    if not is_none(w):
        _check_vector(routine, "w", w)
    check_integer(routine, "k", k)
    read_bbox = _bbox_reader(bbox)
    read_ext = _ext_reader(ext)
    has_w = not is_none(w)

    def impl(x, y, t, w=None, bbox=None, k=3, ext=0, check_finite=False):
        xv = as_float_vector(x)
        yv = as_float_vector(y)
        wv = _weights(w, xv.size)
        ok, xb, xe, has_xb, has_xe = read_bbox(bbox)
        validate_core(xv, yv, wv, has_w, k, 0.0, False, check_finite, ok)
        code = read_ext(None, ext)
        arrays = lsq_fit(xv, yv, wv, as_float_vector(t), xb, xe, has_xb, has_xe, k, code)
        return univariate_build(*arrays)
    return impl


# ---------------------------------------------------------------- @njit: methods
@njit
def _eval_args(spl):
    """scipy's _eval_args: (t[:n], c, k)."""
    iv = spl._iv
    n = iv[N]
    nc = iv[NEST] if iv[STATE] == TCK else n
    return spl._t[:n], spl._c[:nc], iv[K]


@overload_method(UnivariateSplineType, "__call__", prefer_literal=True)
def _call(spl, x, nu=0, ext=None):
    check_integer("UnivariateSpline.__call__", "nu", nu)
    read_ext = _ext_reader(ext, default_none=True)
    if isinstance(x, _NUMBER):
        # typing only: _point_call lowers spl(x) on the three arrays it needs
        point = _point_impl(ext)

        def impl_scalar(spl, x, nu=0, ext=None):
            return point(spl._t, spl._c, spl._iv, x, nu, ext)
        return impl_scalar
    if isinstance(x, types.Array) and isinstance(x.dtype, _NUMBER):
        def impl_array(spl, x, nu=0, ext=None):
            code = read_ext(spl._iv, ext)
            t, c, k = _eval_args(spl)
            y = call_array(as_float_vector(x), t, c, k, nu, code)
            return y.reshape(x.shape)
        return impl_array
    if isinstance(x, (types.List, types.BaseTuple)):
        def impl_seq(spl, x, nu=0, ext=None):
            code = read_ext(spl._iv, ext)
            t, c, k = _eval_args(spl)
            return call_array(as_float_vector(x), t, c, k, nu, code)
        return impl_seq
    raise TypingError("UnivariateSpline: x must be a number or an array of real numbers, got %s"
                      % x)


@functools.lru_cache(maxsize=None)
def _point_impl(ext):
    """spl(x) at one point for this ext type, on the spline's t, c and iv:
    the checks that protect the Fortran, then spleval (no slicing, no
    workspace); errors from a cached helper."""
    read_ext = _ext_reader(ext, default_none=True)

    @njit(inline="always")
    def point(t, c, iv, x, nu, ext):
        code = read_ext(iv, ext)
        k = iv[K]
        n = iv[N]
        nc = iv[NEST] if iv[STATE] == TCK else n
        ok = (0 <= nu <= k and 0 <= code <= 3 and k <= KMAX and n >= 2 * (k + 1)
              and nc >= n - k - 1)
        y = 0.0
        ier = 0
        if ok:
            y, ier = F.spleval(t, n, c, k, nu, float(x), code)
        if not ok or ier != 0:
            splev_fail(ier, n, nc, k, nu, code, False)
        return y
    return point


def _point_call(spl, csig):
    """spl(x) at one point is lowered on t, c and iv only (see lowering.calls):
    passing the struct (nine arrays) to a compiled function costs 18 atomic
    reference counts and ~60 words of arguments, twice the evaluation."""
    members = tuple((name, spl.field_type(name)) for name in ("t", "c", "iv"))
    return PointCall(_point_impl(csig.args[2]).py_func, members, None)


forward_calls(UnivariateSplineType, point=_point_call)


@overload_method(UnivariateSplineType, "derivative", inline="always")
def _derivative(spl, n=1):
    check_integer("UnivariateSpline.derivative", "n", n)

    def impl(spl, n=1):
        t, c, k = _eval_args(spl)
        return univariate_build(*derivative_core(t, c, k, n, spl._iv[EXT]))
    return impl


@overload_method(UnivariateSplineType, "antiderivative", inline="always")
def _antiderivative(spl, n=1):
    check_integer("UnivariateSpline.antiderivative", "n", n)

    def impl(spl, n=1):
        t, c, k = _eval_args(spl)
        return univariate_build(*antiderivative_core(t, c, k, n, spl._iv[EXT]))
    return impl


@overload_method(UnivariateSplineType, "integral", inline="always")
def _integral(spl, a, b):
    def impl(spl, a, b):
        t, c, k = _eval_args(spl)
        return splint_core(float(a), float(b), t, c, k)[0]
    return impl


@overload_method(UnivariateSplineType, "roots", inline="always")
def _roots(spl):
    def impl(spl):
        t, c, k = _eval_args(spl)
        return roots_core(t, c, k)
    return impl


@overload_method(UnivariateSplineType, "derivatives", inline="always")
def _derivatives(spl, x):
    if isinstance(x, _NUMBER):
        def impl_scalar(spl, x):
            t, c, k = _eval_args(spl)
            return spalde_point(float(x), t, c, k)
        return impl_scalar
    if isinstance(x, (types.Array, types.List, types.BaseTuple)):
        def impl_points(spl, x):
            t, c, k = _eval_args(spl)
            return spalde_points(as_float_vector(x), t, c, k)
        return impl_points
    raise TypingError("UnivariateSpline.derivatives: x must be a number or an array, got %s" % x)


@overload_method(UnivariateSplineType, "get_knots", inline="always")
def _get_knots(spl):
    def impl(spl):
        k = spl._iv[K]
        return spl._t[k:spl._iv[N] - k]
    return impl


@overload_method(UnivariateSplineType, "get_coeffs", inline="always")
def _get_coeffs(spl):
    def impl(spl):
        return spl._c[:spl._iv[N] - spl._iv[K] - 1]
    return impl


@overload_method(UnivariateSplineType, "get_residual", inline="always")
def _get_residual(spl):
    return lambda spl: spl._fv[FP]


@overload_method(UnivariateSplineType, "set_smoothing_factor", inline="always")
def _set_smoothing_factor(spl, s):
    if spl.readonly:
        raise TypingError("UnivariateSpline.set_smoothing_factor: a spline frozen in a global "
                          "cannot be refitted")
    if not isinstance(s, _NUMBER):
        raise TypingError("UnivariateSpline.set_smoothing_factor: s must be a number, got %s" % s)

    def impl(spl, s):
        set_smoothing_core(spl._x, spl._y, spl._w, spl._t, spl._c, spl._fpint, spl._nrdata,
                           spl._iv, spl._fv, float(s))
    return impl


@overload_attribute(UnivariateSplineType, "ext")
def _ext_attr(spl):
    return lambda spl: spl._iv[EXT]


# ---------------------------------------------------------------- registration
#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "UnivariateSpline": Chooser(_univariate_overload, inline="always"),
    "InterpolatedUnivariateSpline": Chooser(_interpolated_overload, inline="always"),
    "LSQUnivariateSpline": Chooser(_lsq_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
