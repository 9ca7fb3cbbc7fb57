"""``CubicSpline``: scipy's cubic spline interpolator, built by an O(n)
tridiagonal solve, from Python and inside @njit.

* from Python, :func:`CubicSpline` settles ``bc_type`` into numeric codes and
  calls a small @njit trampoline; the result is a real
  ``scipy.interpolate.CubicSpline`` object (boxed from the ``Spline`` type,
  via ``construct_fast``: nothing is recomputed);
* inside @njit the ``@overload`` chooser settles ``bc_type`` (a constant) at
  compile time and calls the same cached core.

The core follows scipy's ``_cubic.py`` step by step (the n=2 and n=3 special
cases, the periodic condensed system) and solves the tridiagonal system with
a port of LAPACK's ``dgtsv`` (what scipy's ``solve_banded`` calls), so the
coefficients agree with scipy's to a few ulps.
"""
import operator

import numpy as np
from numba import literally, njit, types
from numba.core.errors import TypingError

from lowering.separate import separate
from scijit_types.spline import (EXTRAPOLATE_PERIODIC, EXTRAPOLATE_TRUE, SplineError,
                                 extrapolate_code, ppoly_builder)

from ._spline_kernels import shape_product, values_reader
from .. import _arguments as A
from .._registration import Chooser, register_choosers

__all__ = ["CubicSpline"]

# boundary condition codes, one per end
NOT_A_KNOT, FIRST, SECOND, PERIODIC = 0, 1, 2, 3

_BC_NAMES = {"not-a-knot": (NOT_A_KNOT, 0.0), "clamped": (FIRST, 0.0), "natural": (SECOND, 0.0)}
_MSG_PERIODIC_MIXED = ("'periodic' `bc_type` is defined for both curve ends and cannot be used "
                       "with other boundary conditions.")
_MSG_TWO_ELEMENTS = "`bc_type` must contain 2 elements to specify start and end conditions."
_MSG_ORDER_VALUE = "A specified derivative value must be given in the form (order, value)."
_MSG_ORDER = "The specified derivative order must be 1 or 2."
_MSG_PERIODIC_Y_AXIS = ("The first and last `y` point along axis %d must be identical (within "
                        "machine precision) when bc_type='periodic'.")
_MSG_PERIODIC_Y = _MSG_PERIODIC_Y_AXIS % 0


class DerivShapeError(ValueError):
    """scipy's "`deriv_value` shape ... is not the expected one ...", formatted
    in Python from the two shapes (tuples) raised in compiled code."""

    def __init__(self, got, expected):
        super().__init__(f"`deriv_value` shape {tuple(got)} is not the expected one "
                         f"{tuple(expected)}.")

_build_cubic = ppoly_builder("CubicSpline")


# ---------------------------------------------------------------- checks (scipy's prepare_input)
@njit(cache=True)
def check_xy(x, y):
    n = x.size
    if n < 2:
        raise ValueError("`x` must contain at least 2 elements.")
    if y.size != n:
        raise ValueError("The length of `y` along `axis`=0 doesn't match the length of `x`")
    for i in range(n):
        if not np.isfinite(x[i]):
            raise ValueError("`x` must contain only finite values.")
    for i in range(n):
        if not np.isfinite(y[i]):
            raise ValueError("`y` must contain only finite values.")
    for i in range(n - 1):
        if x[i + 1] - x[i] <= 0:
            raise ValueError("`x` must be strictly increasing sequence.")


# ---------------------------------------------------------------- linear algebra
@njit(cache=True)
def gtsv(dl, d, du, b):
    """LAPACK dgtsv for one right-hand side (Gaussian elimination with
    partial pivoting on a tridiagonal matrix): b <- A^-1 b.  dl, d, du are
    overwritten.  Raises LinAlgError (a ValueError) if A is singular."""
    n = d.size
    for i in range(n - 2):
        if abs(d[i]) >= abs(dl[i]):
            if d[i] != 0.0:
                fact = dl[i] / d[i]
                d[i + 1] = d[i + 1] - fact * du[i]
                b[i + 1] = b[i + 1] - fact * b[i]
            else:
                raise np.linalg.LinAlgError("singular matrix")
            dl[i] = 0.0
        else:
            fact = d[i] / dl[i]
            d[i] = dl[i]
            temp = d[i + 1]
            d[i + 1] = du[i] - fact * temp
            dl[i] = du[i + 1]
            du[i + 1] = -fact * dl[i]
            du[i] = temp
            temp = b[i]
            b[i] = b[i + 1]
            b[i + 1] = temp - fact * b[i + 1]
    if n > 1:
        i = n - 2
        if abs(d[i]) >= abs(dl[i]):
            if d[i] != 0.0:
                fact = dl[i] / d[i]
                d[i + 1] = d[i + 1] - fact * du[i]
                b[i + 1] = b[i + 1] - fact * b[i]
            else:
                raise np.linalg.LinAlgError("singular matrix")
        else:
            fact = d[i] / dl[i]
            d[i] = dl[i]
            temp = d[i + 1]
            d[i + 1] = du[i] - fact * temp
            du[i] = temp
            temp = b[i]
            b[i] = b[i + 1]
            b[i + 1] = temp - fact * b[i + 1]
    if d[n - 1] == 0.0:
        raise np.linalg.LinAlgError("singular matrix")
    b[n - 1] = b[n - 1] / d[n - 1]
    if n > 1:
        b[n - 2] = (b[n - 2] - du[n - 2] * b[n - 1]) / d[n - 2]
    for i in range(n - 3, -1, -1):
        b[i] = (b[i] - du[i] * b[i + 1] - dl[i] * b[i + 2]) / d[i]
    return b


@njit(cache=True)
def _solve3(a, b):
    """3x3 Gaussian elimination with partial pivoting (scipy: LAPACK gesv)."""
    n = 3
    for k in range(n - 1):
        p = k
        for i in range(k + 1, n):
            if abs(a[i, k]) > abs(a[p, k]):
                p = i
        if a[p, k] == 0.0:
            raise np.linalg.LinAlgError("Matrix is singular.")
        if p != k:
            for j in range(n):
                a[k, j], a[p, j] = a[p, j], a[k, j]
            b[k], b[p] = b[p], b[k]
        for i in range(k + 1, n):
            f = a[i, k] / a[k, k]
            for j in range(k, n):
                a[i, j] -= f * a[k, j]
            b[i] -= f * b[k]
    if a[n - 1, n - 1] == 0.0:
        raise np.linalg.LinAlgError("Matrix is singular.")
    for i in range(n - 1, -1, -1):
        s = b[i]
        for j in range(i + 1, n):
            s -= a[i, j] * b[j]
        b[i] = s / a[i, i]
    return b


# ---------------------------------------------------------------- the core
@njit(cache=True)
def _slopes(x, y):
    n = x.size
    dx = np.empty(n - 1)
    slope = np.empty(n - 1)
    for i in range(n - 1):
        dx[i] = x[i + 1] - x[i]
    for i in range(n - 1):
        slope[i] = (y[i + 1] - y[i]) / dx[i]
    return dx, slope


@njit(cache=True)
def _periodic_derivatives(dx, slope, n):
    """scipy's condensed (n-2) system for bc_type='periodic', n >= 4."""
    m = n - 2
    d = np.empty(m)
    du = np.zeros(m)
    dl = np.zeros(m)
    b1 = np.empty(m)
    d[0] = 2 * (dx[n - 2] + dx[0])
    for i in range(1, m):
        d[i] = 2 * (dx[i - 1] + dx[i])
    if m > 1:
        du[0] = dx[n - 2]
    for i in range(1, m - 1):
        du[i] = dx[i - 1]
    for i in range(m - 1):
        dl[i] = dx[i + 1]
    b1[0] = 3 * (dx[0] * slope[n - 2] + dx[n - 2] * slope[0])
    for i in range(1, m):
        b1[i] = 3 * (dx[i] * slope[i - 1] + dx[i - 1] * slope[i])
    b_last = 3 * (dx[n - 2] * slope[n - 3] + dx[n - 3] * slope[n - 2])
    b2 = np.zeros(m)
    b2[0] = -dx[0]
    b2[m - 1] = -dx[n - 4]
    s1 = gtsv(dl.copy(), d.copy(), du.copy(), b1)
    s2 = gtsv(dl, d, du, b2)
    s_m1 = ((b_last - dx[n - 3] * s1[0] - dx[n - 2] * s1[m - 1])
            / (2 * (dx[n - 2] + dx[n - 3]) + dx[n - 3] * s2[0] + dx[n - 2] * s2[m - 1]))
    s = np.empty(n)
    for i in range(m):
        s[i] = s1[i] + s_m1 * s2[i]
    s[n - 2] = s_m1
    s[n - 1] = s[0]
    return s


@njit(cache=True)
def _tridiagonal_derivatives(x, y, dx, slope, bc0, v0, bc1, v1):
    n = x.size
    d = np.zeros(n)
    du = np.zeros(n - 1)
    dl = np.zeros(n - 1)
    b = np.empty(n)
    for i in range(1, n - 1):
        d[i] = 2 * (dx[i - 1] + dx[i])
        du[i] = dx[i - 1]
        dl[i - 1] = dx[i]
        b[i] = 3 * (dx[i] * slope[i - 1] + dx[i - 1] * slope[i])
    if bc0 == NOT_A_KNOT:
        d[0] = dx[1]
        du[0] = x[2] - x[0]
        dd = x[2] - x[0]
        b[0] = ((dx[0] + 2 * dd) * dx[1] * slope[0] + dx[0] ** 2 * slope[1]) / dd
    elif bc0 == FIRST:
        d[0] = 1.0
        du[0] = 0.0
        b[0] = v0
    else:
        d[0] = 2 * dx[0]
        du[0] = dx[0]
        b[0] = -0.5 * v0 * dx[0] ** 2 + 3 * (y[1] - y[0])
    if bc1 == NOT_A_KNOT:
        d[n - 1] = dx[n - 3]
        dl[n - 2] = x[n - 1] - x[n - 3]
        dd = x[n - 1] - x[n - 3]
        b[n - 1] = ((dx[n - 2] ** 2 * slope[n - 3]
                    + (2 * dd + dx[n - 2]) * dx[n - 3] * slope[n - 2]) / dd)
    elif bc1 == FIRST:
        d[n - 1] = 1.0
        dl[n - 2] = 0.0
        b[n - 1] = v1
    else:
        d[n - 1] = 2 * dx[n - 2]
        dl[n - 2] = dx[n - 2]
        b[n - 1] = 0.5 * v1 * dx[n - 2] ** 2 + 3 * (y[n - 1] - y[n - 2])
    return gtsv(dl, d, du, b)


@separate      # (called by symbol: too big to compile into every caller)
@njit(cache=True)
def cubic_spline_coefficients(x, y, bc0, v0, bc1, v1):
    """scipy's CubicSpline: the (4, n-1) coefficients for 1-D float64 x, y
    (checked here) and boundary codes/values per end."""
    check_xy(x, y)
    if bc0 < 0 or bc0 > 3 or bc1 < 0 or bc1 > 3:
        raise ValueError(_MSG_ORDER)
    if bc0 == PERIODIC and not abs(y[0] - y[y.size - 1]) <= 1e-15 + 1e-15 * abs(y[y.size - 1]):
        raise ValueError(_MSG_PERIODIC_Y)
    n = x.size
    dx, slope = _slopes(x, y)
    if n == 2:
        if bc0 == NOT_A_KNOT or bc0 == PERIODIC:
            bc0, v0 = FIRST, slope[0]
        if bc1 == NOT_A_KNOT or bc1 == PERIODIC:
            bc1, v1 = FIRST, slope[0]
    if n == 3 and bc0 == NOT_A_KNOT and bc1 == NOT_A_KNOT:
        a = np.zeros((3, 3))
        a[0, 0] = 1.0
        a[0, 1] = 1.0
        a[1, 0] = dx[1]
        a[1, 1] = 2 * (dx[0] + dx[1])
        a[1, 2] = dx[0]
        a[2, 1] = 1.0
        a[2, 2] = 1.0
        rhs = np.empty(3)
        rhs[0] = 2 * slope[0]
        rhs[1] = 3 * (dx[0] * slope[1] + dx[1] * slope[0])
        rhs[2] = 2 * slope[1]
        s = _solve3(a, rhs)
    elif n == 3 and bc0 == PERIODIC:
        t = (slope[0] / dx[0] + slope[1] / dx[1]) / (1. / dx[0] + 1. / dx[1])
        s = np.full(3, t)
    elif bc0 == PERIODIC:
        s = _periodic_derivatives(dx, slope, n)
    else:
        s = _tridiagonal_derivatives(x, y, dx, slope, bc0, v0, bc1, v1)
    # CubicHermiteSpline's coefficients
    c = np.empty((4, n - 1))
    for i in range(n - 1):
        t = (s[i] + s[i + 1] - 2 * slope[i]) / dx[i]
        c[0, i] = t / dx[i]
        c[1, i] = (slope[i] - s[i]) / dx[i] - t
        c[2, i] = s[i]
        c[3, i] = y[i]
    return c


@njit(cache=True)
def _default_extrapolate(code, bc0):
    if code >= 0:
        return code
    return EXTRAPOLATE_PERIODIC if bc0 == PERIODIC else EXTRAPOLATE_TRUE


# ---------------------------------------------------------------- bc_type in Python
def _python_bc(bc_type, trailing=()):
    """(bc0, v0, bc1, v1) from scipy's bc_type spellings, or its ValueError;
    the values are arrays of the ``trailing`` shape of ``y`` (0-d for 1-D y)."""
    if isinstance(bc_type, str):
        if bc_type == "periodic":
            return PERIODIC, np.zeros(trailing), PERIODIC, np.zeros(trailing)
        bc_type = (bc_type, bc_type)
    else:
        if len(bc_type) != 2:
            raise ValueError(_MSG_TWO_ELEMENTS)
        if any(isinstance(b, str) and b == "periodic" for b in bc_type):
            raise ValueError(_MSG_PERIODIC_MIXED)
    out = []
    for bc in bc_type:
        if isinstance(bc, str):
            if bc not in _BC_NAMES:
                raise ValueError(f"bc_type={bc} is not allowed.")
            out.extend((_BC_NAMES[bc][0], np.zeros(trailing)))
        else:
            try:
                order, value = bc
            except Exception as e:
                raise ValueError(_MSG_ORDER_VALUE) from e
            if order not in [1, 2]:
                raise ValueError(_MSG_ORDER)
            value = np.asarray(value)
            if value.shape != tuple(trailing):
                raise DerivShapeError(value.shape, tuple(trailing))
            if np.iscomplexobj(value):
                raise NotImplementedError("CubicSpline: complex values are not supported yet")
            out.extend((int(order), np.asarray(value, dtype=np.float64)))
    return tuple(out)


def CubicSpline(x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
    """Cubic spline data interpolator (scipy.interpolate.CubicSpline, compiled).

    Same signature and defaults as scipy's; ``y`` is 1-D in this version.
    Returns a real ``scipy.interpolate.CubicSpline`` built by scijit's @njit
    core (an O(n) tridiagonal solve).  Inside @njit, ``bc_type`` must be a
    constant (a string, or a pair of strings / ``(order, value)`` tuples) and
    the result is a ``Spline`` value: callable, with ``derivative``,
    ``antiderivative``, ``integrate``, and boxed back to scipy's class.
    """
    xa = np.asarray(x)
    ya = np.asarray(y)
    if np.iscomplexobj(xa):
        raise ValueError("`x` must contain real values.")
    if np.iscomplexobj(ya):
        raise NotImplementedError("CubicSpline: complex `y` is not supported yet")
    xa = np.array(xa, dtype=np.float64)           # copies, as scipy's astype
    ya = np.array(ya, dtype=np.float64)
    if ya.ndim == 0:
        raise ValueError("CubicSpline: `y` must be at least 1-dimensional.")
    axis = operator.index(axis) % ya.ndim
    if xa.ndim != 1:
        raise ValueError("`x` must be 1-dimensional.")
    if ya.ndim != 1:
        return _python_nd(xa, ya, axis, bc_type, extrapolate)
    try:
        bc = _python_bc(bc_type)
    except ValueError:
        _check_entry(xa, ya)      # scipy checks x and y before bc_type
        raise
    code = -1 if extrapolate is None else extrapolate_code(extrapolate)
    return _python_entry(xa, ya, bc[0], float(bc[1]), bc[2], float(bc[3]), code)


def _python_nd(xa, ya, axis, bc_type, extrapolate):
    """N-D ``y``: the interpolation axis moved to the front, one column at a time."""
    import scipy.interpolate as si
    y = np.moveaxis(ya, axis, 0)
    trailing = y.shape[1:]
    y2 = np.ascontiguousarray(y.reshape((y.shape[0], int(np.prod(trailing)))))
    try:
        bc = _python_bc(bc_type, trailing)
    except ValueError:
        check_prepared(xa, y2, axis)           # scipy checks x and y before bc_type
        raise
    c = cubic_coefficients_nd(xa, y2, axis, bc[0], bc[1].reshape(-1), bc[2], bc[3].reshape(-1))
    if extrapolate is None:
        extrapolate = "periodic" if bc[0] == PERIODIC else True
    return si.CubicSpline.construct_fast(c.reshape((4, xa.size - 1) + trailing), xa, extrapolate,
                                         axis)


@njit(cache=True)
def check_prepared(x, y, axis):
    """scipy's prepare_input checks; ``y`` is (n along axis, P)."""
    n = x.size
    if n < 2:
        raise ValueError("`x` must contain at least 2 elements.")
    if y.shape[0] != n:
        raise SplineError("The length of `y` along `axis`=%d doesn't match the length of `x`",
                          axis)
    for i in range(n):
        if not np.isfinite(x[i]):
            raise ValueError("`x` must contain only finite values.")
    for i in range(y.shape[0]):
        for p in range(y.shape[1]):
            if not np.isfinite(y[i, p]):
                raise ValueError("`y` must contain only finite values.")
    for i in range(n - 1):
        if x[i + 1] - x[i] <= 0:
            raise ValueError("`x` must be strictly increasing sequence.")


@njit(cache=True)
def cubic_coefficients_nd(x, y, axis, bc0, v0, bc1, v1):
    """(4, n-1, P) coefficients for (n, P) ``y`` (moved from ``axis``) and
    one boundary value per column in v0, v1 (P,), column by column (what
    LAPACK's dgtsv does for several right-hand sides)."""
    check_prepared(x, y, axis)
    n, npar = y.shape
    if bc0 == PERIODIC:
        for p in range(npar):
            if not abs(y[0, p] - y[n - 1, p]) <= 1e-15 + 1e-15 * abs(y[n - 1, p]):
                raise SplineError(_MSG_PERIODIC_Y_AXIS, axis)
    c = np.empty((4, n - 1, npar))
    for p in range(npar):
        c[:, :, p] = cubic_spline_coefficients(x, np.ascontiguousarray(y[:, p]), bc0, v0[p],
                                               bc1, v1[p])
    return c


@njit(cache=True)
def _check_entry(x, y):
    check_xy(x, y)


@njit(cache=True)
def _python_entry(x, y, bc0, v0, bc1, v1, code):
    c = cubic_spline_coefficients(x, y, bc0, v0, bc1, v1)
    return _build_cubic(x, c, _default_extrapolate(code, bc0), 0)


# ---------------------------------------------------------------- bc_type in @njit
_REAL = (types.Integer, types.Float, types.Boolean)
_zero_value = njit(inline="always")(lambda trailing: 0.0)
_zero_values = njit(inline="always")(lambda trailing: np.zeros(shape_product(trailing)))


def _value_reader(ty, index, n_trailing):
    """An inline function bc -> the flat float64 values of an (order, value)
    end for y with ``n_trailing`` trailing dimensions (a float for 1-D y),
    checked against the trailing shape as scipy's _validate_bc."""
    if n_trailing == 0:
        if not isinstance(ty, _REAL):
            raise TypingError("CubicSpline: a bc_type (order, value) must hold two real numbers "
                              "for 1-D y, got %s" % ty)
        return njit(inline="always")(lambda bc, trailing: float(bc[index][1]))
    if isinstance(ty, _REAL):
        @njit(inline="always")
        def number(bc, trailing):
            if len(trailing) > 0:           # always: a number is not of the trailing shape
                raise DerivShapeError((), trailing)
            return np.zeros(shape_product(trailing))
        return number
    if not (isinstance(ty, types.Array) and isinstance(ty.dtype, _REAL)):
        raise TypingError("CubicSpline: a bc_type value must be a real number or an array of "
                          "them, got %s" % ty)
    if ty.ndim != n_trailing:
        @njit(inline="always")
        def mismatch(bc, trailing):
            if len(trailing) > 0:
                raise DerivShapeError(bc[index][1].shape, trailing)
            return np.zeros(shape_product(trailing))
        return mismatch

    @njit(inline="always")
    def values(bc, trailing):
        v = bc[index][1]
        if v.shape != trailing:
            raise DerivShapeError(v.shape, trailing)
        return np.ascontiguousarray(v).astype(np.float64).reshape(v.size)
    return values


def _end_reader(ty, index, n_trailing):
    """An inline function (bc, trailing) -> (code, value) for one end of a
    bc_type tuple: value a float for 1-D y, else a flat array (P,)."""
    zero = _zero_values if n_trailing else _zero_value
    name = A.constant_str(ty)
    if name is not None:
        if name not in _BC_NAMES:
            return A.raiser(ValueError, f"bc_type={name} is not allowed.", arity=2)
        code = _BC_NAMES[name][0]
        return njit(inline="always")(lambda bc, trailing: (code, zero(trailing)))
    if isinstance(ty, types.BaseTuple):
        if len(ty) != 2:
            return A.raiser(ValueError, _MSG_ORDER_VALUE, arity=2)
        if not isinstance(ty[0], _REAL):
            raise TypingError("CubicSpline: a bc_type derivative order must be a number, got %s"
                              % ty[0])
        value = _value_reader(ty[1], index, n_trailing)

        @njit(inline="always")
        def read(bc, trailing):
            order = int(bc[index][0])
            if order != 1 and order != 2:
                raise ValueError(_MSG_ORDER)
            return order, value(bc, trailing)
        return read
    raise TypingError("CubicSpline: bc_type must be a constant string or (order, value) pairs "
                      "inside @njit, got %s" % ty)


def _bc_reader(bc_type, n_trailing):
    """An inline function (bc_type, trailing) -> (bc0, v0, bc1, v1), settled
    at compile time; values as in :func:`_end_reader`."""
    zero = _zero_values if n_trailing else _zero_value
    name = A.constant_str(bc_type)
    if name is not None:
        if name == "periodic":
            return njit(inline="always")(
                lambda bc, trailing: (PERIODIC, zero(trailing), PERIODIC, zero(trailing)))
        if name not in _BC_NAMES:
            return A.raiser(ValueError, f"bc_type={name} is not allowed.", arity=2)
        code = _BC_NAMES[name][0]
        return njit(inline="always")(
            lambda bc, trailing: (code, zero(trailing), code, zero(trailing)))
    if isinstance(bc_type, types.UnicodeType):
        raise TypingError("CubicSpline: bc_type must be a compile-time constant string inside "
                          "@njit")
    if not isinstance(bc_type, types.BaseTuple):
        raise TypingError("CubicSpline: bc_type must be a string or a pair, got %s" % bc_type)
    if len(bc_type) != 2:
        return A.raiser(ValueError, _MSG_TWO_ELEMENTS, arity=2)
    if any(A.constant_str(t) == "periodic" for t in bc_type):
        return A.raiser(ValueError, _MSG_PERIODIC_MIXED, arity=2)
    # element tuples inside a heterogeneous tuple: index them by position
    start = _end_reader(bc_type[0], 0, n_trailing)
    end = _end_reader(bc_type[1], 1, n_trailing)

    @njit(inline="always")
    def read(bc, trailing):
        c0, v0 = start(bc, trailing)
        c1, v1 = end(bc, trailing)
        return c0, v0, c1, v1
    return read


def _cubic_overload(x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
    """The @overload chooser of CubicSpline inside @njit."""
    for name, ty in (("x", x), ("y", y)):
        if not (isinstance(ty, types.Array) and isinstance(ty.dtype, (types.Float, types.Integer))):
            if not isinstance(ty, (types.List, types.BaseTuple)):
                raise TypingError("CubicSpline: %r must be an array of real numbers, got %s"
                                  % (name, ty))
    if isinstance(x, types.Array) and x.ndim != 1:
        def impl(x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
            raise ValueError("`x` must be 1-dimensional.")
        return impl
    if isinstance(bc_type, types.UnicodeType):
        # a string argument of the caller: have numba retype it as a literal
        def force_literal(x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
            return literally(bc_type)
        return force_literal
    ext = extrapolate_reader(extrapolate)

    if isinstance(y, types.Array) and y.ndim >= 2:
        read_y = values_reader(y)
        read_bc = _bc_reader(bc_type, y.ndim - 1)

        def impl_nd(x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
            xa = A.as_float_vector(x)
            yy, ax, trailing = read_y(y, axis)
            check_prepared(xa, yy, ax)             # scipy checks x and y before bc_type
            bc0, v0, bc1, v1 = read_bc(bc_type, trailing)
            c = cubic_coefficients_nd(xa, yy, ax, bc0, v0, bc1, v1)
            return _build_cubic(xa, c.reshape((4, c.shape[1]) + trailing),
                                _default_extrapolate(ext(extrapolate), bc0), ax)
        return impl_nd
    read_bc = _bc_reader(bc_type, 0)

    def impl(x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
        bc0, v0, bc1, v1 = read_bc(bc_type, ())
        xa = A.as_float_vector(x)
        c = cubic_spline_coefficients(xa, A.as_float_vector(y), bc0, v0, bc1, v1)
        return _build_cubic(xa, c, _default_extrapolate(ext(extrapolate), bc0), 0)
    return impl


def extrapolate_reader(extrapolate):
    """An inline function extrapolate -> code (-1 for None: the default)."""
    value = A.constant(extrapolate, otherwise=extrapolate)
    if value is None or isinstance(value, bool) or value == "periodic":
        const = -1 if value is None else extrapolate_code(value)
        return njit(inline="always")(lambda e: const)
    if isinstance(extrapolate, (types.Boolean, types.Integer)):
        return njit(inline="always")(lambda e: 1 if e else 0)
    raise TypingError("extrapolate must be None, a bool or the constant 'periodic', got %s"
                      % extrapolate)


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "CubicSpline": Chooser(_cubic_overload),
}
register_choosers(CHOOSERS, globals())
