"""``least_squares`` with ``method='lm'`` (our MINPACK lmder), as scipy 1.17.

What scipy 1.17 does for method 'lm' (``_lsq/least_squares.py::call_minpack``),
and so do we: MINPACK **lmder** is called with a Jacobian that is either the
user's ``jac`` or scipy's own finite differences (``approx_derivative``:
'2-point', '3-point' or 'cs', relative step ``diff_step``) at the point
MINPACK asks for, with ``f0`` the residual there; ``x_scale`` None/'jac'
means MINPACK's own scaling (mode 1), an array means ``diag = 1/x_scale``;
``max_nfev`` defaults to ``100 n``; ``factor`` is 100.  At the end the
Jacobian is evaluated once more at the solution (``jac``), then ``cost``,
``grad`` and ``optimality``.  ``nfev`` and ``njev`` are MINPACK's counts
(``njev`` None without a callable ``jac``), MINPACK's ``info`` is mapped to
scipy's ``status``.

Built like :mod:`._leastsq`: a Python entry that checks the arguments with
scipy's messages and calls an @njit trampoline, and an ``@overload`` chooser
for @njit code; both inline the same solver, :func:`lm_solver`'s.  The finite
difference Jacobian runs inside the callback: a JacobianBy step of the
callback's steps, its relative steps carried as the callback's solver state.
"""
import functools
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import callback, callback_intrinsic
from lowering.minpack import LMDER, residual_steps
from lowering.transforms import (CallbackData, JacobianBy, ShapeMismatchError, UserJacobian,
                                 result_shape, store_vector)
from scijit_types import result_builder

from .. import _arguments as A
from .._messages import status_message, status_table
from .._registration import Chooser, register_choosers
from . import _leastsq as L

__all__ = ["least_squares"]

_ROUTINE = "least_squares"
EPS = np.finfo(float).eps

#: scipy's relative steps for each finite-difference method (float64).
_RSTEP = {"2-point": EPS ** 0.5, "3-point": EPS ** (1 / 3), "cs": EPS ** 0.5}

_TOL_MESSAGE = ("All tolerances must be higher than machine epsilon "
                f"({EPS:.2e}) for method 'lm'.")


class UnsupportedArgument(NotImplementedError, ValueError):
    """An argument value scipy supports but scijit's least_squares does not
    (a NotImplementedError; also a ValueError, which scipy raises for some)."""


# ---------------------------------------------------------------- messages
#: scipy's TERMINATION_MESSAGES (least_squares' status -> message)
TERMINATION_MESSAGES = {
    -1: "Improper input parameters status returned from `leastsq`",
    0: "The maximum number of function evaluations is exceeded.",
    1: "`gtol` termination condition is satisfied.",
    2: "`ftol` termination condition is satisfied.",
    3: "`xtol` termination condition is satisfied.",
    4: "Both `ftol` and `xtol` termination conditions are satisfied.",
    -2: "Stopped because `callback` function raised `StopIteration` or returned `True`",
}
_TERMINATION_TABLE = status_table(TERMINATION_MESSAGES)
_STOPPED = TERMINATION_MESSAGES[-2]        # scipy's message for any other status


@njit(cache=True)
def ls_message(status):
    """scipy's TERMINATION_MESSAGES[status]."""
    return status_message(_TERMINATION_TABLE, status, _STOPPED)


@njit(cache=True)
def common_status(info):
    """scipy's FROM_MINPACK_TO_COMMON.  MINPACK's 6, 7, 8 (a tolerance too
    small) raise KeyError in scipy; here they map to the tolerance's status."""
    if info == 0:
        return -1
    if info == 1:
        return 2
    if info == 2:
        return 3
    if info == 3:
        return 4
    if info == 4:
        return 1
    if info == 5:
        return 0
    if info == 6:
        return 2
    if info == 7:
        return 3
    return 1


# ---------------------------------------------------------------- finite differences
@njit(cache=True)
def absolute_step(x, rel_step, use_rel, rstep, central):
    """scipy's _compute_absolute_step (then abs() for '3-point')."""
    n = x.size
    h = np.empty(n)
    for i in range(n):
        sign = 1.0 if x[i] >= 0 else -1.0
        if use_rel:
            r = rel_step[0] if rel_step.size == 1 else rel_step[i]
            hi = r * sign * abs(x[i])
            if (x[i] + hi) - x[i] == 0:
                hi = rstep * sign * max(1.0, abs(x[i]))
        else:
            hi = rstep * sign * max(1.0, abs(x[i]))
        h[i] = abs(hi) if central else hi
    return h


@njit(inline="always")
def fd_2point(f, x, f0, args, h, out):
    """scipy's _dense_difference, '2-point': out[:, i] = (f(x + h_i e_i) - f0) / dx."""
    m = f0.size
    f1 = np.empty(m)
    for i in range(x.size):
        x1 = x.copy()
        x1[i] = x[i] + h[i]
        store_vector(f(x1, *args), f1)
        dx = (x[i] + h[i]) - x[i]
        for k in range(m):
            out[k, i] = (f1[k] - f0[k]) / dx


@njit(inline="always")
def fd_3point(f, x, f0, args, h, out):
    """'3-point' without bounds: central differences (h already >= 0)."""
    m = f0.size
    f1 = np.empty(m)
    f2 = np.empty(m)
    for i in range(x.size):
        x1 = x.copy()
        x2 = x.copy()
        x1[i] = x[i] - h[i]
        x2[i] = x[i] + h[i]
        store_vector(f(x1, *args), f1)
        store_vector(f(x2, *args), f2)
        dx = x2[i] - x1[i]
        for k in range(m):
            out[k, i] = (f2[k] - f1[k]) / dx


@njit(inline="always")
def fd_cs(f, x, f0, args, h, out):
    """'cs': complex step, out[:, i] = imag(f(x + i h_i e_i)) / h_i."""
    m = f0.size
    for i in range(x.size):
        xc = x.astype(np.complex128)
        xc[i] += h[i] * 1.j
        f1 = np.atleast_1d(f(xc, *args))
        if f1.size != m:
            raise ShapeMismatchError("callback returned %d values where %d were expected",
                                     f1.size, m)
        k = 0
        for v in f1.flat:
            out[k, i] = v.imag / h[i]
            k += 1


_FD = {"2-point": fd_2point, "3-point": fd_3point, "cs": fd_cs}


@functools.lru_cache(maxsize=None)
def fd_callback(method):
    """The callback whose Jacobian is ``method``'s finite differences: the
    Callback of its steps and the lmder intrinsic calling through it.  At
    iflag 2 the Jacobian is computed with f0 = fvec (f at x, as scipy's
    VectorFunction has it) and the steps ``(rel_step, use_rel)`` of the
    callback's solver state."""
    diff = _FD[method]
    rstep = _RSTEP[method]
    central = method == "3-point"

    @njit(inline="always")
    def fd_jacobian(f, x, f0, args, state, out):
        rel_step, use_rel = state
        h = absolute_step(x, rel_step, use_rel, rstep, central)
        diff(f, x, f0, args, h, out)

    steps = residual_steps(False, JacobianBy(fd_jacobian))
    return callback(steps), callback_intrinsic(LMDER, steps)


#: The callback with the user's jac.
_JAC_STEPS = residual_steps(False, UserJacobian(atleast_2d=True))   # scipy's np.atleast_2d(jac(x))
_jac_callback = callback(_JAC_STEPS)
_lmder = callback_intrinsic(LMDER, _JAC_STEPS)
#: What fun returns at a point (the residual's stages are the same for both).
_value = _jac_callback.value


# ---------------------------------------------------------------- checks and results
@njit(cache=True)
def check_tolerances(ftol, xtol, gtol, max_nfev):
    if ftol < EPS or xtol < EPS or gtol < EPS:
        raise ValueError(_TOL_MESSAGE)
    if max_nfev < 0:
        raise ValueError("`max_nfev` must be None or positive integer.")


@njit(cache=True)
def check_initial(f0, n):
    for v in f0:
        if not np.isfinite(v):
            raise ValueError("Residuals are not finite in the initial point.")
    if f0.size < n:
        raise ValueError("Method 'lm' doesn't work when the number of residuals is less than "
                         "the number of variables.")


_JAC_SHAPE = "The return value of `jac` has wrong shape: expected %s, actual %s."
_FUN_NDIM = "`fun` must return at most 1-d array_like. f0.shape: %s"


def _check_fun_ndim(r):
    """scipy: f0.ndim must be <= 1 (numba knows the rank at compile time)."""


@overload(_check_fun_ndim)
def _check_fun_ndim_ovl(r):
    if isinstance(r, types.Array) and r.ndim > 1:
        def impl(r):
            raise ShapeMismatchError(_FUN_NDIM, r.shape)
        return impl
    return lambda r: None


@njit(inline="always")
def check_jac_shape(got, m, n):
    if len(got) != 2 or got[0] != m or got[1] != n:
        raise ShapeMismatchError(_JAC_SHAPE, (m, n), got)


@njit(cache=True)
def copy_jacobian(J, m, n):
    out = np.empty((m, n))
    for i in range(m):
        for j in range(n):
            out[i, j] = J[i, j]
    return out


_fields = result_builder(("x", "cost", "fun", "jac", "grad", "optimality", "active_mask",
                          "nfev", "njev", "status", "message", "success"))


@njit(cache=True)
def finish(x, f, J, info, nfev, njev):
    cost = 0.5 * np.dot(f, f)
    g = J.T.dot(f)
    g_norm = np.max(np.abs(g)) if g.size else 0.0
    status = common_status(info)
    return _fields(x, cost, f, J, g, g_norm, np.zeros(x.size, dtype=np.int64), nfev, njev,
                   status, ls_message(status), status > 0)


@njit(cache=True)
def finish_fd(x, f, J, info, nfev, njev):
    cost = 0.5 * np.dot(f, f)
    g = J.T.dot(f)
    g_norm = np.max(np.abs(g)) if g.size else 0.0
    status = common_status(info)
    return _fields(x, cost, f, J, g, g_norm, np.zeros(x.size, dtype=np.int64), nfev, None,
                   status, ls_message(status), status > 0)


def _diag_of(x_scale, n):
    """(diag, mode): None -> MINPACK's scaling (mode 1); else 1/x_scale (mode 2)."""


@overload(_diag_of)
def _diag_of_ovl(x_scale, n):
    if A.is_none(x_scale) or isinstance(x_scale, (types.UnicodeType, types.StringLiteral)):
        return lambda x_scale, n: (np.ones(n), 1)
    return lambda x_scale, n: (scale_to_diag(A.as_float_vector(x_scale), n), 2)


@njit(cache=True)
def scale_to_diag(s, n):
    if s.size != 1 and s.size != n:
        raise ValueError("Inconsistent shapes between `x_scale` and `x0`.")
    d = np.empty(n)
    for i in range(n):
        v = s[0] if s.size == 1 else s[i]
        if not (np.isfinite(v) and v > 0):
            raise ValueError("`x_scale` must be 'jac' or array_like with positive numbers.")
        d[i] = 1.0 / v
    return d


def _rel_step(diff_step):
    """(rel_step array, use it)."""


@overload(_rel_step)
def _rel_step_ovl(diff_step):
    if A.is_none(diff_step):
        return lambda diff_step: (np.empty(0), False)
    return lambda diff_step: (A.as_float_vector(diff_step), True)


def _max_nfev(max_nfev, n):
    """scipy's default 100 n."""


@overload(_max_nfev)
def _max_nfev_ovl(max_nfev, n):
    if A.is_none(max_nfev):
        return lambda max_nfev, n: 100 * n
    return lambda max_nfev, n: int(max_nfev)


# ---------------------------------------------------------------- the solver
@functools.lru_cache(maxsize=None)
def lm_solver(method):
    """scipy's least_squares(method='lm') as an inline function ``(fun, jac,
    x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev)``: ``method``
    None for a Jacobian function ``jac``, else the difference scheme's name
    (``jac`` is then not used).  Chosen here, a plain inline function, not a
    nested inline overload (whose body numba types again for every inline
    overload it sits in)."""
    if method is None:
        @njit(inline="always")
        def solve(fun, jac, x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev):
            x, data, m, n, fvec, fjac, ipvt, qtf, d, mode, maxfev = _setup(
                fun, x0, args, (), ftol, xtol, gtol, x_scale, max_nfev)
            # scipy's VectorFunction
            check_jac_shape(result_shape(_jacobian_value(jac, x, data)), m, n)
            info, nfev, njev, _ = _lmder(fun, jac, data, m, n, x, fvec, fjac, m, float(ftol),
                                         float(xtol), float(gtol), maxfev, d, mode, 100.0,
                                         ipvt, qtf)
            J = _jacobian_value(jac, x, data)
            check_jac_shape(result_shape(J), m, n)
            return finish(x, fvec, copy_jacobian(J, m, n), int(info), int(nfev), int(njev))
        return solve
    cb, run = fd_callback(method)
    fd_jacobian = cb.jacobian

    @njit(inline="always")
    def solve_fd(fun, jac, x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev):
        x, data, m, n, fvec, fjac, ipvt, qtf, d, mode, maxfev = _setup(
            fun, x0, args, _rel_step(diff_step), ftol, xtol, gtol, x_scale, max_nfev)
        info, nfev, njev, _ = run(fun, data, m, n, x, fvec, fjac, m, float(ftol), float(xtol),
                                  float(gtol), maxfev, d, mode, 100.0, ipvt, qtf)
        J = np.empty((m, n))
        fd_jacobian(fun, fun, x, fvec, J, data)
        return finish_fd(x, fvec, J, int(info), int(nfev), 0)
    return solve_fd


_jacobian_value = _jac_callback.jacobian_value


@njit(inline="always")
def _setup(fun, x0, args, state, ftol, xtol, gtol, x_scale, max_nfev):
    """x, the callback data (``state``: the solver's, for the Jacobian), m,
    n, MINPACK's arrays with f0 in fvec, diag, mode and max_nfev."""
    x = A.as_float_vector(x0)
    a = A.as_args(args)
    n = x.size
    data = CallbackData(a, (n,), False, state, ())
    maxfev = _max_nfev(max_nfev, n)
    check_tolerances(float(ftol), float(xtol), float(gtol), maxfev)
    r0 = _value(fun, x, data)                     # scipy's VectorFunction: f0
    _check_fun_ndim(r0)
    m = result_shape(r0)[0]
    fvec, fjac, ipvt, qtf, _ = L.lm_workspace(n, m)
    store_vector(r0, fvec)
    check_initial(fvec, n)
    d, mode = _diag_of(x_scale, n)
    return (x, data, m, n, fvec, fjac, ipvt, qtf, d, mode,
            maxfev if maxfev > 0 else 100 * n)


# ---------------------------------------------------------------- public API
def least_squares(fun, x0, jac='2-point', bounds=(-np.inf, np.inf), method='trf', ftol=1e-8,
                  xtol=1e-8, gtol=1e-8, x_scale=None, loss='linear', f_scale=1.0,
                  diff_step=None, tr_solver=None, tr_options=None, jac_sparsity=None,
                  max_nfev=None, verbose=0, args=(), kwargs=None, callback=None, workers=None):
    """Solve a nonlinear least-squares problem (scipy.optimize.least_squares,
    compiled) -- **method='lm' only**.

    Parameters
    ----------
    As :func:`scipy.optimize.least_squares`.  ``fun`` (and a callable
    ``jac``) are @njit functions ``f(x, *args)``; a plain Python function is
    jitted once.  ``jac='cs'`` needs ``fun`` to accept complex ``x``.

    Supported: ``method='lm'`` (the default 'trf' and 'dogbox' raise
    NotImplementedError naming ``method``), no bounds (finite bounds raise
    NotImplementedError naming ``bounds``, which is also a ValueError as
    scipy's for 'lm'), ``loss='linear'``, ``kwargs`` None.  ``tr_solver``,
    ``tr_options``, ``f_scale`` and ``workers`` do not apply to 'lm' and are
    ignored, as scipy does; ``callback`` is ignored with scipy's warning.

    **Inside @njit**: ``method`` and a string ``jac`` must be constants;
    ``verbose`` is ignored; ``tr_options``, ``jac_sparsity`` and ``kwargs``
    must be None.

    Returns
    -------
    OptimizeResult
        scipy's fields: x, cost, fun, jac, grad, optimality, active_mask,
        nfev, njev (None unless ``jac`` is callable), status, message, success.
    """
    if method not in ('trf', 'dogbox', 'lm'):
        raise ValueError("`method` must be 'trf', 'dogbox' or 'lm'.")
    if method != 'lm':
        raise UnsupportedArgument("least_squares: method=%r is not implemented in scijit; "
                                  "only method='lm'" % method)
    if not callable(jac) and jac not in ('2-point', '3-point', 'cs'):
        raise ValueError("`jac` must be '2-point', '3-point', 'cs' or callable.")
    if tr_solver not in [None, 'exact', 'lsmr']:
        raise ValueError("`tr_solver` must be None, 'exact' or 'lsmr'.")
    if loss != 'linear':
        raise ValueError("method='lm' supports only 'linear' loss function.")
    if verbose not in [0, 1, 2]:
        raise ValueError("`verbose` must be in [0, 1, 2].")
    if max_nfev is not None and max_nfev <= 0:
        raise ValueError("`max_nfev` must be None or positive integer.")
    if np.iscomplexobj(x0):
        raise ValueError("`x0` must be real.")
    if np.iscomplexobj(x0):
        raise ValueError("`x0` must be real.")          # scipy's words
    x0 = np.atleast_1d(A.python_float_vector(_ROUTINE, "x0", x0))
    if x0.ndim > 1:
        raise ValueError("`x0` must have at most 1 dimension.")
    if kwargs:
        raise UnsupportedArgument("least_squares: 'kwargs' is not supported; pass extra "
                                  "arguments in 'args'")
    if hasattr(bounds, "lb") and hasattr(bounds, "ub"):
        bounds = (bounds.lb, bounds.ub)
    if len(bounds) != 2:
        raise ValueError("`bounds` must contain 2 elements.")
    lb, ub = (np.asarray(b, dtype=float) for b in bounds)
    if not np.all((lb == -np.inf) & (ub == np.inf)):
        raise UnsupportedArgument("least_squares: finite 'bounds' are not implemented in "
                                  "scijit (method 'lm' doesn't support bounds)")
    if x_scale is None or (isinstance(x_scale, str) and x_scale == 'jac'):
        x_scale = None
    else:
        try:
            x_scale = np.asarray(x_scale, dtype=float)
            valid = np.all(np.isfinite(x_scale)) and np.all(x_scale > 0)
        except (ValueError, TypeError):
            valid = False
        if not valid:
            raise ValueError("`x_scale` must be 'jac' or array_like with positive numbers.")
        if x_scale.ndim == 0:
            x_scale = np.resize(x_scale, x0.shape)
        if x_scale.shape != x0.shape:
            raise ValueError("Inconsistent shapes between `x_scale` and `x0`.")
    tols = []
    for tol, name in ((ftol, "ftol"), (xtol, "xtol"), (gtol, "gtol")):
        if tol is None:
            tol = 0
        elif tol < EPS:
            warnings.warn(f"Setting `{name}` below the machine epsilon ({EPS:.2e}) effectively "
                          f"disables the corresponding termination condition.", stacklevel=2)
        tols.append(float(tol))
    if min(tols) < EPS:
        raise ValueError(_TOL_MESSAGE)
    if not callable(jac) and jac_sparsity is not None:
        raise ValueError("method='lm' does not support `jac_sparsity`.")
    fun = A.python_callable(_ROUTINE, "fun", fun)
    args = A.python_args(_ROUTINE, args)
    if diff_step is not None:
        diff_step = A.python_float_vector(_ROUTINE, "diff_step", diff_step).reshape(-1)
    max_nfev = None if max_nfev is None else A.python_int(_ROUTINE, "max_nfev", max_nfev)
    if callback is not None:
        warnings.warn("Callback function specified, but not supported with `lm` method.",
                      stacklevel=2)
    if callable(jac):
        jac = A.python_callable(_ROUTINE, "jac", jac)
        result = _python_entry_jac(fun, jac, x0, args, *tols, x_scale, diff_step, max_nfev)
    else:
        result = _python_entry(jac)(fun, x0, args, *tols, x_scale, diff_step, max_nfev)
    if verbose >= 1:
        print(result.message)
        print(f"Function evaluations {result.nfev}, initial cost "
              f"{0.5 * np.dot(fun(x0, *args), fun(x0, *args)):.4e}, "
              f"final cost {result.cost:.4e}, "
              f"first-order optimality {result.optimality:.2e}.")
    return result


_solve_with_jac = lm_solver(None)


@njit
def _python_entry_jac(fun, jac, x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev):
    return _solve_with_jac(fun, jac, x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev)


@functools.lru_cache(maxsize=None)
def _python_entry(method):
    solve = lm_solver(method)

    @njit
    def entry(fun, x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev):
        return solve(fun, None, x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev)
    return entry


def _least_squares_overload(fun, x0, jac='2-point', bounds=(-np.inf, np.inf), method='trf',
                            ftol=1e-8, xtol=1e-8, gtol=1e-8, x_scale=None, loss='linear',
                            f_scale=1.0, diff_step=None, tr_solver=None, tr_options=None,
                            jac_sparsity=None, max_nfev=None, verbose=0, args=(), kwargs=None,
                            callback=None, workers=None):
    """The @overload chooser (method 'lm' only)."""
    A.check_callable(_ROUTINE, "fun", fun)
    A.check_args(_ROUTINE, args)
    A.check_integer(_ROUTINE, "max_nfev", max_nfev, optional=True)
    meth = A.constant(method, method)
    if meth != 'lm':
        raise TypingError("least_squares: method=%r is not implemented in scijit; pass the "
                          "constant method='lm'" % (meth,))
    if not isinstance(jac, types.Dispatcher) and A.constant(jac, jac) not in _FD:
        raise TypingError("least_squares: `jac` must be '2-point', '3-point', 'cs' (a "
                          "constant) or an @njit function, got %s" % jac)
    if A.constant(loss, loss) != 'linear':
        raise TypingError("least_squares: method='lm' supports only 'linear' loss function.")
    for name, value in (("tr_options", tr_options), ("jac_sparsity", jac_sparsity),
                        ("kwargs", kwargs)):
        if not A.is_none(value):
            raise TypingError("least_squares: %r must be None inside @njit, got %s"
                              % (name, value))
    omitted_bounds = isinstance(bounds, types.Omitted)
    solve = lm_solver(None if isinstance(jac, types.Dispatcher) else A.constant(jac, jac))

    def impl(fun, x0, jac='2-point', bounds=(-np.inf, np.inf), method='trf', ftol=1e-8,
             xtol=1e-8, gtol=1e-8, x_scale=None, loss='linear', f_scale=1.0, diff_step=None,
             tr_solver=None, tr_options=None, jac_sparsity=None, max_nfev=None, verbose=0,
             args=(), kwargs=None, callback=None, workers=None):
        if not omitted_bounds:
            check_no_bounds(A.as_float_vector(bounds[0]), A.as_float_vector(bounds[1]))
        return solve(fun, jac, x0, args, ftol, xtol, gtol, x_scale, diff_step, max_nfev)
    return impl


@njit(cache=True)
def check_no_bounds(lb, ub):
    for v in lb:
        if v != -np.inf:
            raise NotImplementedError("least_squares: finite 'bounds' are not implemented")
    for v in ub:
        if v != np.inf:
            raise NotImplementedError("least_squares: finite 'bounds' are not implemented")


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "least_squares": Chooser(_least_squares_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
