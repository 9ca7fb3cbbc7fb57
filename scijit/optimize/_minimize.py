"""``minimize``: local minimisation of a function of several variables, from
Python and inside @njit.

Methods 'BFGS' (the default without bounds or constraints), 'CG',
'Nelder-Mead', 'Powell', 'L-BFGS-B' (the default with bounds), 'TNC' and
'Newton-CG', scipy 1.17's algorithms step for step (:mod:`._gradient_methods`,
:mod:`._nelder_mead`, :mod:`._powell`, :mod:`._lbfgsb`, :mod:`._tnc`,
:mod:`._newton_cg`), with ``jac`` as an @njit function, ``True`` (``fun``
returns ``(f, g)``), None (forward differences with the absolute step
``eps``), '2-point' or '3-point', and every option of these methods.  scipy's
other methods raise NotImplementedError from Python and a TypingError inside
@njit, naming the method.

One entry pattern (docs/architecture.md): the chooser settles the method, the
form of ``jac`` and the options inside numba and returns a core that calls the
method's solver: one cached @njit function for every user function, which
reaches the user's code through the pointer of a glue compiled in the caller
(:mod:`._scalar_function`), the user's exception held until the solver has
returned (:mod:`lowering.held`).  The Python entry converts what numba cannot
type, gives scipy's warnings and prints, and calls ``minimize`` itself inside
numba through a small trampoline, so both entries return the same values.
"""
import functools
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering import register_forwarding
from lowering.held import error_slot, raise_held
from lowering.separate import separate
from scijit_types.lbfgs import lbfgs_inv_hess_product
from scijit_types import result_builder

from .. import _arguments as A
from .. import _options as O
from .._messages import status_message, status_table
from .._registration import Chooser, register_choosers
from ._gradient_methods import MAXITER, NAN_RESULT, PR_LOSS, SUCCESS, bfgs, cg
from ._lbfgsb import ALL_FIXED_MESSAGE, lbfgsb, lbfgsb_message
from ._tnc import RC_MESSAGES, TNC_ALL_FIXED, tnc
from ._nelder_mead import MAXFEV, MAXITER_NM, clip_into, nelder_mead
from ._newton_cg import (HESS_2POINT, HESS_3POINT, HESS_CALLABLE, HESSP_APPROX, HESSP_CALLABLE,
                         NEWTON_CG_MESSAGES, newton_cg)
from ._powell import MAXFEV_POWELL, MAXITER_POWELL, NAN_POWELL, OUT_OF_BOUNDS, powell
from ._scalar_function import (GRAD_2POINT, GRAD_3POINT, GRAD_ABS_STEP, GRAD_CALLABLE,
                               GRAD_MEMO, MinimizeValueError, objective_glue,
                               objective_pointer)

__all__ = ["minimize"]

_ROUTINE = "minimize"
#: scipy's default ``eps`` (its ``_epsilon``)
EPSILON = float(np.sqrt(np.finfo(float).eps))
_EPS = float(np.finfo(float).eps)

#: the methods scijit has, and their options with scipy's defaults
METHOD_OPTIONS = {
    "bfgs": dict(gtol=1e-5, norm=np.inf, eps=EPSILON, maxiter=None, disp=False,
                 return_all=False, finite_diff_rel_step=None, xrtol=0.0, c1=1e-4, c2=0.9,
                 hess_inv0=None, workers=None),
    "cg": dict(gtol=1e-5, norm=np.inf, eps=EPSILON, maxiter=None, disp=False, return_all=False,
               finite_diff_rel_step=None, c1=1e-4, c2=0.4, workers=None),
    "nelder-mead": dict(maxiter=None, maxfev=None, disp=False, return_all=False,
                        initial_simplex=None, xatol=1e-4, fatol=1e-4, adaptive=False),
    "l-bfgs-b": dict(disp=None, maxcor=10, ftol=2.2204460492503131e-09, gtol=1e-5, eps=1e-8,
                     maxfun=15000, maxiter=15000, iprint=-1, maxls=20,
                     finite_diff_rel_step=None, workers=None),
    "tnc": dict(eps=1e-8, scale=None, offset=None, mesg_num=None, maxCGit=-1, eta=-1, stepmx=0,
                accuracy=0, minfev=0, ftol=-1, xtol=-1, gtol=-1, rescale=-1, disp=False,
                finite_diff_rel_step=None, maxfun=None, workers=None),
    "newton-cg": dict(xtol=1e-5, eps=EPSILON, maxiter=None, disp=False, return_all=False,
                      c1=1e-4, c2=0.9, workers=None),
    "powell": dict(xtol=1e-4, ftol=1e-4, maxiter=None, maxfev=None, disp=False, direc=None,
                   return_all=False),
}
#: options that change nothing scijit computes (printing, parallel differences)
_IGNORED_OPTIONS = ("disp", "return_all", "workers", "iprint", "mesg_num")
#: scipy's method names (for messages), and the methods scijit does not have yet
METHOD_NAMES = {"bfgs": "BFGS", "cg": "CG", "nelder-mead": "Nelder-Mead", "l-bfgs-b": "L-BFGS-B",
                "tnc": "TNC", "newton-cg": "Newton-CG", "powell": "Powell"}
OTHER_METHODS = ("cobyla", "cobyqa", "slsqp",
                 "trust-constr", "dogleg", "trust-ncg", "trust-exact", "trust-krylov")
#: the option that scipy's ``tol`` sets for each method
TOL_OPTIONS = {"bfgs": ("gtol",), "cg": ("gtol",), "nelder-mead": ("xatol", "fatol"),
               "l-bfgs-b": ("ftol", "gtol"), "tnc": ("xtol", "ftol", "gtol"),
               "newton-cg": ("xtol",), "powell": ("xtol", "ftol")}
#: the methods that take ``jac='2-point'`` or ``'3-point'`` (scipy's list, those scijit has)
DIFFERENCE_METHODS = ("bfgs", "cg", "l-bfgs-b", "tnc")
#: the methods that take ``hess``/``hessp`` (scipy's list, those scijit has)
HESSIAN_METHODS = ("newton-cg",)
#: the methods that take ``bounds``
BOUNDED_METHODS = ("nelder-mead", "l-bfgs-b", "tnc", "powell")
#: the methods that remove the variables their bounds fix (scipy's minimize)
FIXED_REMOVING_METHODS = ("l-bfgs-b", "tnc")
#: the methods that use values only (scipy warns that they do not use ``jac``)
VALUE_METHODS = ("nelder-mead", "powell")
#: what stands for a None default in a typed dict of numbers
_NUMERIC_DEFAULTS = {"maxiter": -1, "maxfev": -1, "finite_diff_rel_step": np.nan,
                     "workers": -1, "maxfun": -1, "mesg_num": -1}

#: scipy's status messages (_optimize._status_message) per method
_SUCCESS = "Optimization terminated successfully."
_MAXFEV = "Maximum number of function evaluations has been exceeded."
_MAXITER = "Maximum number of iterations has been exceeded."
_PR_LOSS = "Desired error not necessarily achieved due to precision loss."
_NAN = "NaN result encountered."
_OUT_OF_BOUNDS = "The result is outside of the provided bounds."
GRADIENT_MESSAGES = {SUCCESS: _SUCCESS, MAXITER: _MAXITER, PR_LOSS: _PR_LOSS, NAN_RESULT: _NAN}
SIMPLEX_MESSAGES = {0: _SUCCESS, MAXFEV: _MAXFEV, MAXITER_NM: _MAXITER}
_GRADIENT_TABLE = status_table(GRADIENT_MESSAGES)
_SIMPLEX_TABLE = status_table(SIMPLEX_MESSAGES)
_NEWTON_CG_TABLE = status_table(NEWTON_CG_MESSAGES)
POWELL_MESSAGES = {0: _SUCCESS, MAXFEV_POWELL: _MAXFEV, MAXITER_POWELL: _MAXITER,
                   NAN_POWELL: _NAN, OUT_OF_BOUNDS: _OUT_OF_BOUNDS}
_POWELL_TABLE = status_table(POWELL_MESSAGES)

_NOT_YET = ("minimize: method=%r is not implemented yet in scijit (methods 'BFGS', 'CG', "
            "'Nelder-Mead', 'Powell', 'L-BFGS-B', 'TNC' and 'Newton-CG' are)")
_NO_JACOBIAN = "Jacobian is required for Newton-CG method"
_HESS_KINDS = ("`hess` must be either callable, HessianUpdateStrategy or one of "
               "('2-point', '3-point', 'cs').")
_C1_C2 = "'c1' and 'c2' do not satisfy'0 < c1 < c2 < 1'."
_BOUNDS_ORDER = "An upper bound is less than the corresponding lower bound."
_BOUNDS_LENGTH = "The number of bounds is not compatible with the length of `x0`."


# ---------------------------------------------------------------- argument readers
def initial_point(x0):
    """``x0`` as a new 1-D float64 array (scipy's ``np.atleast_1d``)."""


@overload(initial_point)
def _initial_point(x0):
    real = (types.Integer, types.Float, types.Boolean)
    if isinstance(x0, real):
        return lambda x0: np.full(1, float(x0))
    if isinstance(x0, types.Array) and isinstance(x0.dtype, real):
        if x0.ndim == 1:
            return lambda x0: x0.astype(np.float64)
        fail = A.raiser(MinimizeValueError, "'x0' must only have one dimension.", inline=False)

        def not_a_vector(x0):
            fail()
            return np.empty(0)
        return not_a_vector
    if isinstance(x0, (types.BaseTuple, types.List)):
        return lambda x0: A.as_float_vector(x0)
    raise TypingError("minimize: 'x0' must be a number or a 1-D array of real numbers, got %s"
                      % x0)


def count_option(value):
    """An iteration or evaluation limit: -1.0 for None, else the number."""


@overload(count_option)
def _count_option(value):
    if A.is_none(value):
        return lambda value: -1.0
    return lambda value: float(value)


def step_option(value, n, default):
    """``(steps, given)``: an ``eps`` or ``finite_diff_rel_step`` per component
    (a number, or one per component), or ``default`` everywhere and False for
    None (NaN in a typed dict, an empty array from the Python entry)."""


@overload(step_option)
def _step_option(value, n, default):
    if A.is_none(value):
        return lambda value, n, default: (np.full(n, float(default)), False)
    if isinstance(value, (types.Integer, types.Float, types.Boolean)):
        return lambda value, n, default: (np.full(n, float(value)), not np.isnan(value))
    if isinstance(value, types.Array) and value.ndim == 1:
        def impl(value, n, default):
            if value.size == 0:
                return np.full(n, float(default)), False
            return checked_steps(value.astype(np.float64), n), True
        return impl
    raise TypingError("minimize: a step option must be None, a number or a 1-D array, got %s"
                      % value)


@njit(cache=True)
def checked_steps(value, n):
    if value.size == n:
        return value
    if value.size == 1:
        return np.full(n, value[0])
    raise MinimizeValueError("minimize: a step option has %d values, x0 has %d", value.size, n)


def vector_option(value):
    """TNC's ``scale`` or ``offset``: a 1-D float64 array, empty for None."""


@overload(vector_option)
def _vector_option(value):
    if A.is_none(value):
        return lambda value: np.empty(0)
    if isinstance(value, types.Array) and value.ndim == 1:
        return lambda value: value.astype(np.float64)
    if isinstance(value, (types.BaseTuple, types.List)):
        return lambda value: A.as_float_vector(value)
    raise TypingError("minimize: 'scale' and 'offset' must be None or 1-D arrays, got %s"
                      % value)


@njit(cache=True)
def check_scale_and_offset(scale, offset, n):
    """scipy's ``tnc_minimize`` check: each empty or one per variable."""
    for v in (scale, offset):
        if v.size != 0 and v.size != n:
            raise MinimizeValueError("tnc: vector sizes must be equal")


@njit(cache=True)
def check_feasible_start(x, lb, ub):
    """``approx_derivative``'s refusal of a start outside the bounds (TNC
    differences its gradient at ``x0`` as given, before any clipping)."""
    for i in range(x.size):
        if x[i] < lb[i] or x[i] > ub[i]:
            raise MinimizeValueError("`x0` violates bound constraints.")


def matrix_option(value, n):
    """``hess_inv0``: an (n, n) float64 array checked positive definite, or
    (0, 0) for None (which an empty array also means)."""


@overload(matrix_option)
def _matrix_option(value, n):
    if A.is_none(value):
        return lambda value, n: np.empty((0, 0))
    if isinstance(value, types.Array) and value.ndim == 2:
        return lambda value, n: checked_hess_inv0(value.astype(np.float64), n)
    raise TypingError("minimize: 'hess_inv0' must be None or a 2-D array, got %s" % value)


@njit(cache=True)
def checked_hess_inv0(H, n):
    """scipy's ``_check_positive_definite``: symmetric (numpy's
    ``issymmetric``: exactly) and a Cholesky factor exists."""
    if H.shape[0] != H.shape[1]:
        raise MinimizeValueError("'hess_inv0' matrix isn't positive definite.")
    m = H.shape[0]
    if H.size == 0:
        return H
    for i in range(m):
        for j in range(i):
            if H[i, j] != H[j, i]:
                raise MinimizeValueError("'hess_inv0' matrix isn't positive definite.")
    L = np.zeros((m, m))
    for j in range(m):
        s = H[j, j]
        for k in range(j):
            s -= L[j, k] * L[j, k]
        if not s > 0:
            raise MinimizeValueError("'hess_inv0' matrix isn't positive definite.")
        L[j, j] = np.sqrt(s)
        for i in range(j + 1, m):
            t = H[i, j]
            for k in range(j):
                t -= L[i, k] * L[j, k]
            L[i, j] = t / L[j, j]
    if m != n:
        raise MinimizeValueError("minimize: 'hess_inv0' is %d x %d, x0 has %d", m, m, n)
    return H


def simplex_option(value, n):
    """``initial_simplex``: an (n+1, n) float64 array, or (0, 0) for None
    (which an empty array also means)."""


@overload(simplex_option)
def _simplex_option(value, n):
    if A.is_none(value):
        return lambda value, n: np.empty((0, 0))
    if isinstance(value, types.Array) and value.ndim == 2:
        return lambda value, n: checked_simplex(value.astype(np.float64), n)
    if isinstance(value, types.Array):
        fail = A.raiser(MinimizeValueError, "`initial_simplex` should be an array of shape "
                        "(N+1,N)", inline=False)

        def wrong(value, n):
            fail()
            return np.empty((0, 0))
        return wrong
    raise TypingError("minimize: 'initial_simplex' must be None or a 2-D array, got %s" % value)


@njit(cache=True)
def checked_simplex(sim, n):
    if sim.size == 0:
        return sim
    if sim.shape[0] != sim.shape[1] + 1:
        raise MinimizeValueError("`initial_simplex` should be an array of shape (N+1,N)")
    if sim.shape[1] != n:
        raise MinimizeValueError("Size of `initial_simplex` is not consistent with `x0`")
    return sim


def direc_option(value, n):
    """Powell's ``direc``: an (m, n) float64 array with m >= n (scipy uses
    its first n rows and its last), or (0, 0) for None (which an empty array
    also means)."""


@overload(direc_option)
def _direc_option(value, n):
    if A.is_none(value):
        return lambda value, n: np.empty((0, 0))
    if isinstance(value, types.Array) and value.ndim == 2 and isinstance(
            value.dtype, (types.Integer, types.Float, types.Boolean)):
        return lambda value, n: checked_direc(value.astype(np.float64), n)
    raise TypingError("minimize: 'direc' must be None or a 2-D array of real numbers, got %s"
                      % value)


@njit(cache=True)
def checked_direc(direc, n):
    if direc.size == 0:
        return direc
    if direc.shape[1] != n or direc.shape[0] < n:
        raise MinimizeValueError("minimize: 'direc' must have n = %d columns and at least n "
                                 "rows, got %d x %d", n, direc.shape[0], direc.shape[1])
    return direc


def bounds_option(bounds, n):
    """``(lb, ub, bounded)`` from None, a sequence of ``(lo, hi)`` pairs (None
    for no bound), or an (n, 2) array."""


@overload(bounds_option)
def _bounds_option(bounds, n):
    if A.is_none(bounds):
        return lambda bounds, n: (np.empty(0), np.empty(0), False)
    if isinstance(bounds, types.Array) and bounds.ndim == 2:
        return lambda bounds, n: checked_bounds(bounds[:, 0].astype(np.float64),
                                                bounds[:, 1].astype(np.float64), n)
    if isinstance(bounds, (types.BaseTuple, types.List)):
        if isinstance(bounds, types.BaseTuple):
            pairs = list(bounds)
        else:
            pairs = [bounds.dtype]
        for pair in pairs:
            if not (isinstance(pair, types.BaseTuple) and len(pair) == 2 and all(
                    A.is_none(t) or isinstance(t, (types.Integer, types.Float, types.Boolean))
                    for t in pair)):
                raise TypingError("minimize: 'bounds' must be None, (lo, hi) pairs (numbers "
                                  "or None) or an (n, 2) array inside @njit, got %s" % bounds)

        def impl(bounds, n):
            m = len(bounds)
            lb = np.empty(m)
            ub = np.empty(m)
            for i in range(m):
                lb[i] = bound_value(bounds[i][0], -np.inf)
                ub[i] = bound_value(bounds[i][1], np.inf)
            return checked_bounds(lb, ub, n)
        return impl
    raise TypingError("minimize: 'bounds' must be None, (lo, hi) pairs or an (n, 2) array "
                      "inside @njit, got %s" % bounds)


def bound_value(value, infinite):
    """A bound: ``infinite`` for None, else the number as a float."""


@overload(bound_value)
def _bound_value(value, infinite):
    if A.is_none(value):
        return lambda value, infinite: infinite
    return lambda value, infinite: float(value)


@njit(cache=True)
def checked_bounds(lb, ub, n):
    """scipy's ``_validate_bounds`` (and Bounds' NaN meaning no bound)."""
    for i in range(lb.size):
        if np.isnan(lb[i]):
            lb[i] = -np.inf
        if np.isnan(ub[i]):
            ub[i] = np.inf
        if ub[i] < lb[i]:
            raise MinimizeValueError(_BOUNDS_ORDER)
    if lb.size == n:
        return lb, ub, True
    if lb.size == 1:
        return np.full(n, lb[0]), np.full(n, ub[0]), True
    raise MinimizeValueError(_BOUNDS_LENGTH)


@njit(cache=True)
def check_c1_c2(c1, c2):
    """scipy's ``_check_c1_c2`` (scipy checks at the first line search; here
    before the solve, so a refused pair is refused even when no line search
    would run)."""
    if not (0 < c1 < c2 < 1):
        raise MinimizeValueError(_C1_C2)


@njit(cache=True)
def infinite_bounds(lb, ub, bounded, n):
    """``(lb, ub)`` with infinities for no bounds (L-BFGS-B's reading)."""
    if bounded:
        return lb, ub
    return np.full(n, -np.inf), np.full(n, np.inf)


@njit(cache=True)
def fixed_removed(x, lb, ub, differenced):
    """scipy's removal of the variables the bounds fix (``minimize``: all of
    them when every one is fixed, else when the gradient is differenced or
    the method is TNC: ``differenced`` True):
    ``(x, lb, ub, full)`` of the other variables, ``full`` as
    :func:`._scalar_function.bounded_state` takes it ((0, 0): none removed)."""
    n = x.size
    nfixed = 0
    for i in range(n):
        if lb[i] == ub[i]:
            nfixed += 1
    if nfixed == 0 or not (differenced or nfixed == n):
        return x, lb, ub, np.empty((0, 0))
    full = np.zeros((3, n))
    keep = np.empty(n - nfixed, np.int64)
    k = 0
    for i in range(n):
        if lb[i] == ub[i]:
            full[0, i] = lb[i]
        else:
            full[1, i] = 1.0
            keep[k] = i
            k += 1
    return x[keep], lb[keep], ub[keep], full


@njit(cache=True)
def restored(full, v, fill, fixed_values):
    """``v`` with the removed variables back in place: their fixed values
    (``fixed_values``) or ``fill``; ``v`` itself when none were removed
    (scipy's ``_add_to_array``)."""
    if full.size == 0:
        return v
    out = np.empty(full.shape[1])
    k = 0
    for j in range(full.shape[1]):
        if full[1, j] != 0:
            out[j] = v[k]
            k += 1
        else:
            out[j] = full[0, j] if fixed_values else fill
    return out


@njit(cache=True)
def check_maxls(maxls):
    if not maxls > 0:
        raise MinimizeValueError("maxls must be positive.")


# ---------------------------------------------------------------- results
_BFGS_FIELDS = ("fun", "jac", "hess_inv", "nfev", "njev", "status", "success", "message", "x",
                "nit")
_CG_FIELDS = ("fun", "jac", "nfev", "njev", "status", "success", "message", "x", "nit")
_NM_FIELDS = ("fun", "nit", "nfev", "status", "success", "message", "x", "final_simplex")
_POWELL_FIELDS = ("fun", "direc", "nit", "nfev", "status", "success", "message", "x")
_LBFGSB_FIELDS = ("fun", "jac", "nfev", "njev", "nit", "status", "message", "x", "success",
                  "hess_inv")
_bfgs_result = result_builder(_BFGS_FIELDS)
_lbfgsb_result = result_builder(_LBFGSB_FIELDS)
_TNC_FIELDS = ("x", "fun", "jac", "nfev", "nit", "status", "message", "success")
_tnc_result = result_builder(_TNC_FIELDS)
_TNC_TABLE = status_table(RC_MESSAGES)
_cg_result = result_builder(_CG_FIELDS)
_nm_result = result_builder(_NM_FIELDS)
_NEWTON_CG_FIELDS = ("fun", "jac", "nfev", "njev", "nhev", "status", "success", "message", "x",
                     "nit")
_newton_cg_result = result_builder(_NEWTON_CG_FIELDS)
_powell_result = result_builder(_POWELL_FIELDS)


@njit(inline="always")
def bfgs_result(out):
    x, fun, jac, hess_inv, nfev, njev, status, nit = out
    return _bfgs_result(fun, jac, hess_inv, nfev, njev, status, status == 0,
                        status_message(_GRADIENT_TABLE, status, ""), x, nit)


@njit(inline="always")
def cg_result(out):
    x, fun, jac, _, nfev, njev, status, nit = out
    return _cg_result(fun, jac, nfev, njev, status, status == 0,
                      status_message(_GRADIENT_TABLE, status, ""), x, nit)


@njit(inline="always")
def lbfgsb_result(out, full):
    x, fun, jac, nfev, njev, nit, status, task, sk, yk = out
    return _lbfgsb_result(fun, restored(full, jac, np.nan, False), nfev, njev, nit, status,
                          lbfgsb_message(task[0], task[1]), restored(full, x, 0.0, True),
                          status == 0, lbfgs_inv_hess_product(sk, yk))


@njit(inline="always")
def tnc_result(out, full):
    x, fun, jac, nfev, nit, status = out
    # (every variable fixed by the bounds: scipy's short result, a success)
    fixed = status == TNC_ALL_FIXED
    message = ALL_FIXED_MESSAGE if fixed else status_message(_TNC_TABLE, status, "")
    return _tnc_result(restored(full, x, 0.0, True), fun, restored(full, jac, np.nan, False),
                       nfev, nit, 0 if fixed else status, message, fixed or -1 < status < 3)


@njit(inline="always")
def nm_result(out):
    x, fun, nit, nfev, status, sim, fsim = out
    return _nm_result(fun, nit, nfev, status, status == 0,
                      status_message(_SIMPLEX_TABLE, status, ""), x, (sim, fsim))


@njit(inline="always")
def newton_cg_result(out):
    x, fun, jac, nfev, njev, nhev, status, code, nit = out
    return _newton_cg_result(fun, jac, nfev, njev, nhev, status, status == 0,
                             status_message(_NEWTON_CG_TABLE, code, ""), x, nit)


@njit(inline="always")
def powell_result(out):
    x, fun, direc, nit, nfev, status = out
    return _powell_result(fun, direc, nit, nfev, status, status == 0,
                          status_message(_POWELL_TABLE, status, ""), x)


# ---------------------------------------------------------------- inside @njit
_NAMES = ("x0", "args", "bounds", "tol", "options")
_SIGNATURE = "x0, args, bounds, tol, options"


def _minimize_overload(fun, x0, args=(), method=None, jac=None, hess=None, hessp=None,
                       bounds=None, constraints=(), tol=None, callback=None, options=None):
    """The chooser of ``minimize`` inside @njit: ``(core, names)``, the @njit
    function a call becomes and the arguments it takes."""
    cores = _cores(fun, x0, args, method, jac, bounds, constraints, tol, callback, options,
                   hess, hessp)
    return cores[0], _NAMES


def _held_minimize(slot, fun, x0, args=(), method=None, jac=None, hess=None, hessp=None,
                   bounds=None, constraints=(), tol=None, callback=None, options=None):
    """``minimize`` inside @njit with the user's exception held in ``slot``
    (:mod:`lowering.held`), for the Python entry, whose frame holds the
    caller's arrays."""


def _held_minimize_overload(slot, fun, x0, args=(), method=None, jac=None, hess=None,
                            hessp=None, bounds=None, constraints=(), tol=None, callback=None,
                            options=None):
    cores = _cores(fun, x0, args, method, jac, bounds, constraints, tol, callback, options,
                   hess, hessp)
    return cores[1], ("slot",) + _NAMES


def _method_of(method, bounds, constraints):
    """scipy's method (lower case) for these types: the default is BFGS
    without bounds or constraints."""
    name = A.constant(method, otherwise=method)
    if name is None:
        if not (isinstance(constraints, (tuple, types.Omitted)) or (
                isinstance(constraints, types.BaseTuple) and len(constraints) == 0)):
            return "slsqp"
        return "bfgs" if A.is_none(bounds) else "l-bfgs-b"
    if not isinstance(name, str):
        raise TypingError("minimize: 'method' must be None or a constant string inside @njit, "
                          "got %s" % method)
    return name.lower()


def _step_line(meth, kind, sources, size):
    """The statement reading the finite-difference steps (scipy's
    ``approx_derivative`` reading): the absolute ``eps`` for jac None, else
    ``finite_diff_rel_step`` (NaN: none given)."""
    if kind == GRAD_ABS_STEP:
        source, default = sources["eps"], METHOD_OPTIONS[meth]["eps"]
    else:
        source, default = sources["finite_diff_rel_step"], np.nan
    return "steps, given = step_option(%s, %s, %r)" % (source, size, default)


def _jac_kind(jac, meth):
    """How the gradient is obtained: a GRAD_* constant (scipy's reading of
    ``jac`` in ``minimize`` and ``_prepare_scalar_function``)."""
    if isinstance(jac, types.Dispatcher):
        return GRAD_CALLABLE
    value = A.constant(jac, otherwise=jac)
    if value is True:
        return GRAD_MEMO
    if value in ("2-point", "3-point", "cs") and meth in DIFFERENCE_METHODS:
        if value == "cs":
            raise TypingError("minimize: jac='cs' is not implemented in scijit (complex-step "
                              "differences need a function of complex x)")
        return GRAD_2POINT if value == "2-point" else GRAD_3POINT
    if value is None or value is False or isinstance(value, str):
        return GRAD_ABS_STEP
    raise TypingError("minimize: 'jac' must be None, a boolean, '2-point', '3-point' or an "
                      "@njit function inside @njit, got %s" % jac)


def _hess_kind(hess, hessp):
    """Newton-CG's reading of ``hess`` and ``hessp`` (a HESS* constant of
    :mod:`._newton_cg`): a callable ``hess`` wins, then a scheme's name, then
    a callable ``hessp``; with neither, differences of the gradient."""
    if isinstance(hess, types.Dispatcher):
        return HESS_CALLABLE
    value = A.constant(hess, otherwise=hess)
    if value in ("2-point", "3-point"):
        return HESS_2POINT if value == "2-point" else HESS_3POINT
    if value == "cs":
        raise TypingError("minimize: hess='cs' is not implemented in scijit (complex-step "
                          "differences need a gradient of complex x)")
    if value is not None:
        raise TypingError("minimize: 'hess' must be None, '2-point', '3-point' or an @njit "
                          "function returning the (n, n) Hessian inside @njit (a "
                          "HessianUpdateStrategy is not implemented in scijit), got %s" % hess)
    if isinstance(hessp, types.Dispatcher):
        return HESSP_CALLABLE
    if not A.is_none(hessp):
        raise TypingError("minimize: 'hessp' must be None or an @njit function "
                          "hessp(x, p, *args) inside @njit, got %s" % hessp)
    return HESSP_APPROX


@functools.lru_cache(maxsize=None)
def _cores(fun, x0, args, method, jac, bounds, constraints, tol, callback, options, hess=None,
           hessp=None):
    """``(core, held_core)`` for these argument types: ``core`` raises the
    user's exception, ``held_core`` takes an ErrorSlot first and holds it."""
    A.check_callable(_ROUTINE, "fun", fun)
    A.check_args(_ROUTINE, args)
    A.check_number(_ROUTINE, "tol", tol, optional=True)
    if not A.is_none(callback):
        raise TypingError("minimize: 'callback' is not implemented yet in scijit")
    meth = _method_of(method, bounds, constraints)
    if meth in OTHER_METHODS:
        raise TypingError(_NOT_YET % A.constant(method, otherwise=meth.upper()))
    if meth not in METHOD_OPTIONS:
        raise TypingError("minimize: Unknown solver %s" % meth)
    kind = _jac_kind(jac, meth)
    known = METHOD_OPTIONS[meth]
    given = {} if A.is_none(tol) else {name: "tol" for name in TOL_OPTIONS[meth]}
    sources, checks = O.option_sources(_ROUTINE, options, known, given, _NUMERIC_DEFAULTS)
    hess_kind = _hess_kind(hess, hessp) if meth in HESSIAN_METHODS else None
    glue = objective_glue(fun.dispatcher, None if kind not in (GRAD_CALLABLE, GRAD_MEMO) else (
        True if kind == GRAD_MEMO else jac.dispatcher), *(
            () if hess_kind is None else
            (hess.dispatcher if hess_kind == HESS_CALLABLE else None,
             hessp.dispatcher if hess_kind == HESSP_CALLABLE else None)))
    scope = {"initial_point": initial_point, "as_args": A.as_args, "pointer":
             objective_pointer(glue), "count_option": count_option, "step_option": step_option,
             "matrix_option": matrix_option, "simplex_option": simplex_option,
             "bounds_option": bounds_option, "clip_into": clip_into, "check_c1_c2": check_c1_c2,
             "np": np, "inf": np.inf, "nan": np.nan, "error_slot": error_slot,
             "raise_held": raise_held}
    lines = ["x = initial_point(x0)",
             "fargs = as_args(args)",
             "n = x.size"]
    result_args = "out"             # (what the method's result builder takes)
    if meth in ("bfgs", "cg"):
        scope.update(solver=separate(bfgs if meth == "bfgs" else cg),
                     result=bfgs_result if meth == "bfgs" else cg_result)
        lines += ["c1 = float(%s)" % sources["c1"],
                  "c2 = float(%s)" % sources["c2"],
                  "check_c1_c2(c1, c2)",
                  _step_line(meth, kind, sources, "n"),
                  "maxiter = count_option(%s)" % sources["maxiter"],
                  "maxiter = 200.0 * n if maxiter < 0 else maxiter"]
        common = ("slot, pointer(x, fargs), fargs, x, %d, steps, given, float(%s), float(%s), "
                  "maxiter" % (kind, sources["gtol"], sources["norm"]))
        if meth == "bfgs":
            lines += ["H0 = matrix_option(%s, n)" % sources["hess_inv0"],
                      "out = solver(%s, float(%s), c1, c2, H0)" % (common, sources["xrtol"])]
        else:
            lines += ["out = solver(%s, c1, c2)" % common]
    elif meth == "l-bfgs-b":
        scope.update(solver=separate(lbfgsb), result=lbfgsb_result,
                     infinite_bounds=infinite_bounds, fixed_removed=fixed_removed,
                     check_maxls=check_maxls)
        lines += ["lb, ub, bounded = bounds_option(bounds, n)",
                  "lb, ub = infinite_bounds(lb, ub, bounded, n)",
                  "clip_into(x, lb, ub, bounded)",
                  "x, lb, ub, full = fixed_removed(x, lb, ub, %s)"
                  % (kind not in (GRAD_CALLABLE, GRAD_MEMO)),
                  _step_line(meth, kind, sources, "x.size"),
                  "maxls = count_option(%s)" % sources["maxls"],
                  "check_maxls(maxls)",
                  "out = solver(slot, pointer(x, fargs), fargs, x, %d, steps, given, lb, ub, full, "
                  "int(%s), float(%s) / %r, float(%s), count_option(%s), count_option(%s), "
                  "int(maxls))" % (kind, sources["maxcor"], sources["ftol"], _EPS,
                                   sources["gtol"], sources["maxfun"], sources["maxiter"])]
        result_args = "out, full"
    elif meth == "tnc":
        scope.update(solver=separate(tnc), result=tnc_result, infinite_bounds=infinite_bounds,
                     fixed_removed=fixed_removed, vector_option=vector_option,
                     check_scale_and_offset=check_scale_and_offset,
                     check_feasible_start=check_feasible_start)
        lines += ["lb, ub, bounded = bounds_option(bounds, n)",
                  "lb, ub = infinite_bounds(lb, ub, bounded, n)",
                  "x, lb, ub, full = fixed_removed(x, lb, ub, True)"]
        if kind not in (GRAD_CALLABLE, GRAD_MEMO):
            lines += ["check_feasible_start(x, lb, ub)"]
        lines += [_step_line(meth, kind, sources, "x.size"),
                  "scale = vector_option(%s)" % sources["scale"],
                  "offset = vector_option(%s)" % sources["offset"],
                  "check_scale_and_offset(scale, offset, x.size)",
                  "out = solver(slot, pointer(x, fargs), fargs, x, %d, steps, given, lb, ub, full, "
                  "scale, offset, int(%s), int(count_option(%s)), float(%s), float(%s), "
                  "float(%s), float(%s), float(%s), float(%s), float(%s), float(%s))"
                  % (kind, sources["maxCGit"], sources["maxfun"], sources["eta"],
                     sources["stepmx"], sources["accuracy"], sources["minfev"], sources["ftol"],
                     sources["xtol"], sources["gtol"], sources["rescale"])]
        result_args = "out, full"
    elif meth == "newton-cg":
        scope.update(solver=separate(newton_cg), result=newton_cg_result)
        if kind not in (GRAD_CALLABLE, GRAD_MEMO):
            # (scipy's error, at run time as scipy raises it; before any array is made)
            scope["no_jacobian"] = A.raiser(MinimizeValueError, _NO_JACOBIAN, inline=False)
            lines.insert(0, "no_jacobian()")
        lines += ["c1 = float(%s)" % sources["c1"],
                  "c2 = float(%s)" % sources["c2"],
                  "check_c1_c2(c1, c2)",
                  "steps, given = step_option(%s, n, %r)" % (sources["eps"], EPSILON),
                  "out = solver(slot, pointer(x, fargs), fargs, x, %d, %d, steps, float(%s), "
                  "count_option(%s), c1, c2)" % (kind, hess_kind, sources["xtol"],
                                                sources["maxiter"])]
    elif meth == "powell":
        scope.update(solver=separate(powell), result=powell_result, direc_option=direc_option)
        lines += ["lb, ub, bounded = bounds_option(bounds, n)   # (x0 not clipped: scipy's)",
                  "direc0 = direc_option(%s, n)" % sources["direc"],
                  "out = solver(slot, pointer(x, fargs), fargs, x, float(%s), float(%s), "
                  "count_option(%s), count_option(%s), direc0, lb, ub, bounded)"
                  % (sources["xtol"], sources["ftol"], sources["maxiter"], sources["maxfev"])]
    else:
        scope.update(solver=separate(nelder_mead), result=nm_result)
        lines += ["lb, ub, bounded = bounds_option(bounds, n)",
                  "clip_into(x, lb, ub, bounded)       # (Nelder-Mead starts there)",
                  "sim0 = simplex_option(%s, n)" % sources["initial_simplex"],
                  "out = solver(slot, pointer(x, fargs), fargs, x, count_option(%s), "
                  "count_option(%s), float(%s), float(%s), bool(%s), sim0, lb, ub, bounded)"
                  % (sources["maxiter"], sources["maxfev"], sources["xatol"], sources["fatol"],
                     sources["adaptive"])]
    lines.append("return result(%s)" % result_args)
    held_core = njit(inline="always")(
        O.generated_impl("slot, " + _SIGNATURE, checks, lines, scope))

    @njit
    def core(x0, args, bounds, tol, options):
        # the user's exception is held until the solver has returned, and
        # raised here where the result is the only array left
        slot = error_slot()
        res = held_core(slot, x0, args, bounds, tol, options)
        raise_held(slot, res)
        return res
    return core, held_core


# ---------------------------------------------------------------- Python entry
def minimize(fun, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None,
             constraints=(), tol=None, callback=None, options=None):
    """Minimise a function of one or more variables (scipy.optimize.minimize, compiled).

    Parameters and returns as :func:`scipy.optimize.minimize`, for the methods
    'BFGS' (the default without bounds and constraints), 'CG', 'Nelder-Mead',
    'Powell', 'L-BFGS-B' (the default with bounds), 'TNC' and 'Newton-CG'.
    ``fun(x, *args)`` is an @njit function returning a real
    number (a plain Python function is jitted once); ``jac`` an @njit
    function ``jac(x, *args)`` returning the gradient, ``True`` (``fun``
    returns ``(f, g)``), None (forward differences with the absolute step
    ``eps``, scipy's default), '2-point' or '3-point'.  ``x``, ``fun``,
    ``jac``, ``hess_inv``, ``nfev``, ``njev``, ``nit``, ``status`` and
    ``message`` are scipy's: the algorithms, their line searches and their
    memoised evaluations are followed step for step, so the counts are equal
    and the values agree to the last bits that BLAS leaves in scipy's sums.
    'Nelder-Mead' takes ``bounds`` (a ``Bounds``, a sequence of ``(lo, hi)``
    with None for no bound) and returns ``final_simplex``.  'Powell' takes
    ``bounds`` (``x0`` not clipped, as scipy) and the options ``xtol``,
    ``ftol``, ``maxiter``, ``maxfev`` and ``direc`` (an (m, n) array, m >= n),
    and returns ``direc``; its line searches are scipy's scalar minimisers
    on the same doubles, so every field is scipy's.  'Newton-CG'
    requires ``jac`` (a function or True) and takes ``hess`` (an @njit
    function returning the (n, n) Hessian, '2-point' or '3-point') or
    ``hessp`` (an @njit ``hessp(x, p, *args)``), or neither (differences of
    the gradient with the step ``eps``), and returns ``nhev``.

    Inside @njit ``method`` is None or a constant string, ``jac`` an @njit
    function, a constant bool, '2-point' or '3-point', ``options`` None or
    a dict (literal or typed) of the method's options, ``bounds`` None,
    ``(lo, hi)`` pairs or an (n, 2) array; the result is a numba ``Result``
    (``res.x``, ``res['x']``) that returns to Python as scipy's
    ``OptimizeResult``.  Nothing warns or prints there (``disp`` is ignored).

    Differences from scipy: invalid ``c1``/``c2`` raise before the solve
    (scipy raises at the first line search, so not when ``x0`` is already
    optimal); Nelder-Mead orders vertices of equal value stably (numpy's
    order of ties depends on the machine's SIMD sort).  Not yet: the other
    methods (NotImplementedError naming the method; a TypingError inside
    @njit), ``callback``, ``return_all=True``, ``jac='cs'``, ``hess='cs'``,
    a HessianUpdateStrategy as ``hess``.

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from scijit.optimize import minimize
    >>> @njit
    ... def rosen(x):
    ...     return np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)
    >>> res = minimize(rosen, np.array([1.3, 0.7, 0.8, 1.9, 1.2]), method="BFGS")
    >>> res.success, np.round(res.x, 4)
    (True, array([1., 1., 1., 1., 1.]))
    >>> @njit
    ... def fitted(x0):                 # the same inside numba
    ...     return minimize(rosen, x0, method="Nelder-Mead",
    ...                     options={"xatol": 1e-8, "fatol": 1e-8}).x
    >>> np.round(fitted(np.array([1.3, 0.7, 0.8, 1.9, 1.2])), 5)
    array([1., 1., 1., 1., 1.])
    """
    x0 = np.atleast_1d(np.asarray(x0))
    if x0.ndim != 1:
        raise ValueError("'x0' must only have one dimension.")
    if x0.dtype.kind not in "biuf":
        raise TypeError("minimize: 'x0' must hold real numbers, got %s" % x0.dtype)
    x0 = x0.astype(np.float64)
    if not isinstance(args, tuple):
        args = (args,)
    if method is None:
        if constraints:
            method = "SLSQP"
        elif bounds is not None:
            method = "L-BFGS-B"
        else:
            method = "BFGS"
    if callable(method):
        raise NotImplementedError("minimize: a callable 'method' is not implemented in scijit")
    meth = method.lower()
    if meth in OTHER_METHODS:
        raise NotImplementedError(_NOT_YET % method)
    if meth not in METHOD_OPTIONS:
        raise ValueError(f"Unknown solver {method}")
    options = dict(options or {})
    _warn_unused(method, meth, jac, hess, hessp, bounds, constraints)
    if callback is not None:
        raise NotImplementedError("minimize: 'callback' is not implemented yet in scijit")
    if tol is not None:
        for name in TOL_OPTIONS[meth]:
            options.setdefault(name, tol)
    known = METHOD_OPTIONS[meth]
    unknown = [k for k in options if k not in known]
    if unknown:
        from scipy.optimize import OptimizeWarning
        warnings.warn("Unknown solver options: %s" % ", ".join(map(str, unknown)),
                      OptimizeWarning, stacklevel=2)
    if options.get("return_all"):
        raise NotImplementedError("minimize: return_all=True is not implemented yet in scijit")
    disp = options.get("disp", False)
    if meth == "l-bfgs-b":
        _warn_lbfgsb_printing(options)
    if meth in ("l-bfgs-b", "tnc"):
        # (their native kernels print in scipy; scijit's print nothing)
        disp = False
    # Every option of the method, in one namedtuple of fixed types (None as
    # the value that means it: -1 for a count, an empty array), so changing
    # an option does not compile anything again.
    full = {k: options.get(k, v) for k, v in known.items()
            if k not in _IGNORED_OPTIONS}
    passed = O.options_tuple(tuple(full))(*(_python_option(k, v, x0.size)
                                              for k, v in full.items()))
    fun = A.python_callable(_ROUTINE, "fun", fun)
    jac_spec = _python_jac(jac, meth)
    hess_spec = hessp_fn = None
    if meth in HESSIAN_METHODS:
        if jac_spec is None:
            raise ValueError(_NO_JACOBIAN)
        hess_spec, hessp_fn = _python_hess(hess, hessp)
    args = A.python_args(_ROUTINE, args)
    if meth == "powell":
        _warn_direc_rank(passed.direc)
    if meth in BOUNDED_METHODS and bounds is not None:
        bounds = _python_bounds(bounds, x0, warn_outside=meth in VALUE_METHODS)
    else:
        bounds = None
    if meth in HESSIAN_METHODS:
        res = _python_entry(meth, jac_spec if not callable(jac_spec) else "function",
                            "function" if callable(hess_spec) else hess_spec,
                            hessp_fn is not None)(
            fun, jac_spec if callable(jac_spec) else None, x0, args, bounds, passed,
            hess_spec if callable(hess_spec) else None, hessp_fn)
        if res.jac.size == 0:
            res.jac = None          # (scipy's gfk before the first iteration)
    else:
        res = _python_entry(meth, jac_spec if not callable(jac_spec) else "function")(
            fun, jac_spec if callable(jac_spec) else None, x0, args, bounds, passed)
    if meth in FIXED_REMOVING_METHODS and bounds is not None:
        res = _as_scipy_returns_fixed(res, bounds, jac_spec)
    if disp:
        _print_or_warn(meth, res)
    return res


def _warn_lbfgsb_printing(options):
    """scipy 1.17's deprecation of L-BFGS-B's ``disp`` and ``iprint``."""
    if "disp" in options or "iprint" in options:
        warnings.warn("scipy.optimize: The `disp` and `iprint` options of the L-BFGS-B solver "
                      "are deprecated and will be removed in SciPy 1.18.0.",
                      DeprecationWarning, stacklevel=3)


def _as_scipy_returns_fixed(res, bounds, jac_spec):
    """scipy's result when the bounds fix variables: every one fixed, its
    short result (``_optimize_result_for_equal_bounds``); some fixed and the
    gradient differenced, no ``hess_inv`` (None: scipy does not know it)."""
    from scipy.optimize import OptimizeResult
    fixed = bounds[:, 0] == bounds[:, 1]
    if fixed.all():
        return OptimizeResult(x=res.x, fun=res.fun, success=True, message=res.message,
                              nfev=1, njev=0, nhev=0)
    if fixed.any() and not (callable(jac_spec) or jac_spec is True) and "hess_inv" in res:
        res.hess_inv = None
    return res


def _warn_direc_rank(direc):
    """scipy's warning for a ``direc`` not of full rank (Powell)."""
    if direc.size and np.linalg.matrix_rank(direc) != direc.shape[0]:
        from scipy.optimize import OptimizeWarning
        warnings.warn("direc input is not full rank, some parameters may not be optimized",
                      OptimizeWarning, stacklevel=3)


def _warn_unused(method, meth, jac, hess, hessp, bounds, constraints):
    """scipy's warnings for arguments the method does not use."""
    if meth in VALUE_METHODS and bool(jac):
        warnings.warn(f"Method {method} does not use gradient information (jac).",
                      RuntimeWarning, stacklevel=3)
    if hess is not None and meth not in HESSIAN_METHODS:
        warnings.warn(f"Method {method} does not use Hessian information (hess).",
                      RuntimeWarning, stacklevel=3)
    if hessp is not None and meth not in HESSIAN_METHODS:
        warnings.warn(f"Method {method} does not use Hessian-vector product information "
                      "(hessp).", RuntimeWarning, stacklevel=3)
    if np.any(constraints):
        warnings.warn(f"Method {method} cannot handle constraints.", RuntimeWarning,
                      stacklevel=3)
    if meth not in BOUNDED_METHODS and bounds is not None:
        warnings.warn(f"Method {method} cannot handle bounds.", RuntimeWarning, stacklevel=3)


def _python_jac(jac, meth):
    """``jac`` as the trampoline passes it: an @njit function, True, a
    difference scheme's name, or None."""
    if callable(jac):
        return A.python_callable(_ROUTINE, "jac", jac) if meth not in VALUE_METHODS else None
    if jac is True:
        # (the value methods too: scipy wraps fun in MemoizeJac, and they use its values)
        return True
    if jac in ("2-point", "3-point", "cs") and meth in DIFFERENCE_METHODS:
        if jac == "cs":
            raise NotImplementedError("minimize: jac='cs' is not implemented in scijit")
        return jac
    return None


def _python_hess(hess, hessp):
    """``(hess, hessp)`` as the trampoline passes them: ``hess`` an @njit
    function, '2-point', '3-point' or None; ``hessp`` an @njit function when
    it is used (scipy ignores it when ``hess`` is given), else None."""
    from scipy.optimize import HessianUpdateStrategy
    if isinstance(hess, HessianUpdateStrategy):
        raise NotImplementedError("minimize: a HessianUpdateStrategy as 'hess' (%s) is not "
                                  "implemented in scijit" % type(hess).__name__)
    if callable(hess):
        return A.python_callable(_ROUTINE, "hess", hess), None
    if isinstance(hess, str) and hess in ("2-point", "3-point", "cs"):
        if hess == "cs":
            raise NotImplementedError("minimize: hess='cs' is not implemented in scijit")
        return hess, None
    if hess is not None:
        raise ValueError(_HESS_KINDS)
    if hessp is None:
        return None, None
    if not callable(hessp):
        raise TypeError("minimize: 'hessp' must be callable, got %r" % (hessp,))
    return None, A.python_callable(_ROUTINE, "hessp", hessp)


def _python_option(name, value, n):
    """An option's Python value as the trampoline passes it to the chooser
    (one type per option: None as -1 for a count, or an empty array)."""
    if name in ("hess_inv0", "initial_simplex"):
        if value is None:
            return np.empty((0, 0))
        value = np.asarray(value)
        if value.dtype.kind not in "biuf":
            raise TypeError("minimize: %r must hold real numbers" % name)
        return np.atleast_2d(value).astype(np.float64)
    if name == "direc":
        if value is None:
            return np.empty((0, 0))
        value = np.asarray(value)
        if value.dtype.kind not in "biuf" or value.ndim != 2:
            raise TypeError("minimize: 'direc' must be None or a 2-D array of real numbers")
        return value.astype(np.float64)
    if name in ("eps", "finite_diff_rel_step", "scale", "offset"):
        if value is None:
            return np.empty(0)
        return np.atleast_1d(np.asarray(value, dtype=np.float64)).reshape(-1)
    if name in ("maxiter", "maxfev", "maxfun"):
        return -1.0 if value is None else A.python_real(_ROUTINE, name, value)
    if name == "adaptive":
        return bool(value)
    return A.python_real(_ROUTINE, name, value)


def _python_bounds(bounds, x0, warn_outside):
    """The bounds as an (n, 2) array (scipy's ``standardize_bounds`` and
    ``_validate_bounds``), with Nelder-Mead's warning for an ``x0`` outside
    (``warn_outside``)."""
    from scipy.optimize import Bounds, OptimizeWarning
    if isinstance(bounds, Bounds):
        lb, ub = bounds.lb, bounds.ub
    else:
        from scipy.optimize._constraints import old_bound_to_new
        lb, ub = old_bound_to_new(bounds)
    lb = np.asarray(lb, dtype=float)
    ub = np.asarray(ub, dtype=float)
    if np.any(ub < lb):
        raise ValueError(_BOUNDS_ORDER)
    try:
        lb = np.broadcast_to(lb, x0.shape)
        ub = np.broadcast_to(ub, x0.shape)
    except Exception as e:
        raise ValueError(_BOUNDS_LENGTH) from e
    if warn_outside and (np.any(lb > x0) or np.any(x0 > ub)):
        warnings.warn("Initial guess is not within the specified bounds", OptimizeWarning,
                      stacklevel=3)
    return np.ascontiguousarray(np.stack([lb, ub], axis=1))


def _print_or_warn(meth, res):
    """scipy's ``disp`` output after the solve."""
    from scipy.optimize import OptimizeWarning
    if meth == "nelder-mead":
        if res.status != 0:
            warnings.warn(res.message, RuntimeWarning, stacklevel=3)
            return
        print(res.message)
    elif res.status != 0:
        warnings.warn(res.message, RuntimeWarning if meth == "powell" else OptimizeWarning,
                      stacklevel=3)
    else:
        print(res.message)
    print(f"         Current function value: {res.fun:f}")
    print(f"         Iterations: {res.nit:d}")
    print(f"         Function evaluations: {res.nfev:d}")
    if meth not in VALUE_METHODS:
        print(f"         Gradient evaluations: {res.njev:d}")
    if meth in HESSIAN_METHODS:
        print(f"         Hessian evaluations: {res.nhev:d}")


@functools.lru_cache(maxsize=None)
def _python_entry(method, jac_kind, hess_kind=None, has_hessp=False):
    """The @njit trampoline calling ``minimize`` inside numba for this method
    and form of ``jac`` ("function", True, a scheme's name or None); for
    Newton-CG, of ``hess`` ("function", a scheme's name or None) and
    ``hessp`` (a function or None), which it then takes last."""
    jac_text = "jac" if jac_kind == "function" else repr(jac_kind)
    hess_text = "hess" if hess_kind == "function" else repr(hess_kind)
    hessp_text = "hessp" if has_hessp else "None"
    extra = ", hess=None, hessp=None" if method in HESSIAN_METHODS else ""
    source = ("def entry(fun, jac, x0, args, bounds, options%s):\n"
              "    slot = error_slot()\n"
              "    res = _held_minimize(slot, fun, x0, args, %r, %s, %s, %s, bounds, (),\n"
              "                         None, None, options)\n"
              "    raise_held(slot, res)\n"
              "    return res\n" % (extra, method, jac_text, hess_text, hessp_text))
    scope = {"_held_minimize": _held_minimize, "error_slot": error_slot,
             "raise_held": raise_held}
    exec(source, scope)
    return njit(scope["entry"])


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "minimize": Chooser(_minimize_overload, inline="forward"),
}
register_choosers(CHOOSERS, globals())
register_forwarding(_held_minimize, _held_minimize_overload)
