"""``fsolve``: Powell's hybrid method (our MINPACK hybrd/hybrj) as in scipy.

Two entries, one implementation:

* from Python, :func:`fsolve` normalises its arguments and calls a small
  @njit trampoline, which calls ``fsolve`` again -- inside numba, where
* the ``@overload`` chooser :func:`_fsolve_overload` settles the compile-time
  choices (``full_output``, ``fprime`` None or not, ``keep_shape``, input
  spellings) and inlines the shared core, which calls the Fortran by symbol
  name (:mod:`lowering.minpack`).

So both entries run the same compiled code and return identical values.
The chooser and the core are inlined (``inline="always"``) because a
function passed as a value across a non-inlined call would make the caller
uncacheable (see docs/architecture.md).
"""
import functools
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import callback, callback_intrinsic, type_only
from lowering.held import error_slot, held_caller, raise_held
from lowering.minpack import HYBRD, HYBRJ, hybrid_outputs, residual_steps
from lowering.separate import separate
from lowering.transforms import (CallbackData, ShapeMismatchError, UserJacobian, result_shape,
                                 same_shape)
from scijit_types import result_builder

from .. import _arguments as A
from .._registration import Chooser, register_choosers
from .._format import format_f

__all__ = ["fsolve"]

_ROUTINE = "fsolve"


# ---------------------------------------------------------------- messages
@separate      # (a message: string code every caller would optimise again)
@njit(cache=True)
def hybrid_message(info, maxfev, xtol):
    """scipy's message for MINPACK hybrd/hybrj's ``info``."""
    if info == 0:
        return "Improper input parameters were entered."
    if info == 1:
        return "The solution converged."
    if info == 2:
        return "The number of calls to function has reached maxfev = " + str(maxfev) + "."
    if info == 3:
        return ("xtol=" + format_f(xtol) + " is too small, no further improvement "
                "in the approximate\n solution is possible.")
    if info == 4:
        return ("The iteration is not making good progress, as measured by the \n"
                " improvement from the last five Jacobian evaluations.")
    if info == 5:
        return ("The iteration is not making good progress, as measured by the \n"
                " improvement from the last ten iterations.")
    return "An error occurred."


# ---------------------------------------------------------------- run-time checks
@njit(cache=True)
def check_options(n, xtol, maxfev, ml, mu, factor, diag, use_diag):
    """Strict (validate=True) checks of what MINPACK would call improper input."""
    if n < 1:
        raise ValueError("fsolve: 'x0' must hold at least one value")
    if not xtol >= 0.0:
        raise ValueError("fsolve: 'xtol' must be >= 0")
    if maxfev < 0:
        raise ValueError("fsolve: 'maxfev' must be >= 0")
    if ml < 0 or mu < 0:
        raise ValueError("fsolve: 'band' must hold two non-negative integers")
    if not factor > 0.0:
        raise ValueError("fsolve: 'factor' must be > 0")
    if use_diag:
        for v in diag:
            if not v > 0.0:
                raise ValueError("fsolve: 'diag' entries must be positive")


def shape_mismatch_template(argname, fname):
    """scipy's _check_func message, with slots for the wanted and actual shapes."""
    return ("fsolve: there is a mismatch between the input and output shape of the '%s' "
            "argument '%s'.Shape should be %%s but it is %%s." % (argname, fname))


@njit(cache=True)
def check_output_shape(got, want, template):
    """scipy's _check_func: the callback's result must have shape ``want``.

    Not inlined: a ``raise`` in a caller's inlined code would stop numba from
    parallelising a prange loop around it."""
    if not same_shape(got, want):
        raise ShapeMismatchError(template, want, got)


# ---------------------------------------------------------------- the cores
# Only what touches the user's functions is inlined into the caller (a
# function value must not cross a real call, see the module docstring); the
# rest is cache=True helpers, compiled once per signature and loaded from
# numba's cache afterwards, which keeps a caller's compile time down.

@njit(cache=True)
def workspace(n):
    """fvec, fjac (n x n), r (packed triangle), qtf and a diag slot (MINPACK
    writes its own scaling there in mode 1): the arrays a solve keeps, in one
    block sized by the native table (hybrd's work array is the call's own)."""
    fvec, fjac, r, qtf, diag = hybrid_outputs(n, n)
    return fvec, fjac.reshape((n, n)), r, qtf, diag


@njit(cache=True)
def prepare(x0, band, diag, mode, epsfcn, xtol, maxfev, factor, validate):
    """Settle the spellings of the options (and check them with validate).

    Returns x (a fresh flat float64 copy of x0: the solver works in it),
    ml, mu, diag, MINPACK's mode and epsfcn.
    """
    x = A.as_float_vector(x0)
    n = x.size
    ml, mu = _band(band, n)
    d, mode_ = _diag(diag, mode)
    # Always checked: the Fortran reads n entries of diag in mode 2.
    if mode_ != 1 and mode_ != 2:
        raise ValueError("fsolve: 'mode' must be -1, 1 or 2")
    if mode_ == 2 and d.size != n:
        raise ValueError("fsolve: 'diag' must have one entry per variable")
    if validate:
        check_options(n, xtol, maxfev, ml, mu, factor, d, mode_ == 2)
    return x, ml, mu, d, mode_, A.float_or(epsfcn, _EPS)


_EPS = np.finfo(np.float64).eps


def _steps(has_jac, inplace):
    """fsolve's callback: x in the user's shape, the value returned (or
    written in place), and with fprime the user's Jacobian."""
    return residual_steps(inplace, UserJacobian() if has_jac else None)


def _prechecker(has_jac, inplace):
    """scipy evaluates func twice at x0 (a shape check and the initial fvec);
    we do the same, through the callback's own stages, so nfev counts the
    same evaluations as scipy's.  With fprime, scipy's shape check of it
    follows (not in njev).  In place, the two evaluations write fvec."""
    cb = callback(_steps(has_jac, inplace))
    if inplace:
        residual = cb.residual

        @njit(inline="always")
        def precheck(func, fprime, x, data, ws, fmsg, jmsg):
            residual(func, x, ws[0], data)
            residual(func, x, ws[0], data)
        return precheck
    value = cb.value

    @njit(inline="always")
    def precheck_func(func, fprime, x, data, ws, fmsg, jmsg):
        check_output_shape(result_shape(value(func, x, data)), (x.size,), fmsg)
        value(func, x, data)
    if not has_jac:
        return precheck_func
    jacobian_value = cb.jacobian_value

    @njit(inline="always")
    def precheck_func_and_jac(func, fprime, x, data, ws, fmsg, jmsg):
        precheck_func(func, fprime, x, data, ws, fmsg, jmsg)
        n = x.size
        check_output_shape(result_shape(jacobian_value(fprime, x, data)), (n, n), jmsg)
    return precheck_func_and_jac


def _runner(has_jac, inplace):
    """An inline function calling hybrd or hybrj through the callback of
    ``_steps(has_jac, inplace)``, the user's exception held in ``slot``."""
    if has_jac:
        call = callback_intrinsic(HYBRJ, _steps(True, inplace), held=True)

        @njit(inline="always")
        def run(slot, func, fprime, data, x, ws, xtol, maxfev, ml, mu, epsfcn, d, mode,
                factor):
            fvec, fjac, r, qtf, _ = ws
            n = x.size
            info, nfev, njev, _ = call(slot, func, fprime, data, n, x, fvec, fjac, n, xtol,
                                       maxfev, d, mode, factor, r, qtf)
            return info, nfev, njev
    else:
        call = callback_intrinsic(HYBRD, _steps(False, inplace), held=True)

        @njit(inline="always")
        def run(slot, func, fprime, data, x, ws, xtol, maxfev, ml, mu, epsfcn, d, mode,
                factor):
            fvec, fjac, r, qtf, _ = ws
            n = x.size
            info, nfev, _ = call(slot, func, data, n, x, fvec, xtol, maxfev, ml, mu, epsfcn,
                                 d, mode, factor, fjac, n, r, qtf)
            return info, nfev, 0
    return run


def _held_precheck(has_jac, inplace):
    """The precheck as a held call (:mod:`lowering.held`): a compiled
    function of its own, the arrays borrowed, the user's functions as types."""
    precheck = _prechecker(has_jac, inplace)
    call = held_caller(7)

    @njit(inline="always")
    def held_precheck(slot, func, fprime, x, data, ws, fmsg, jmsg):
        call(slot, type_only(precheck), type_only(func), type_only(fprime), x, data, ws, fmsg,
             jmsg)
    return held_precheck


@njit(cache=True)
def _default_maxfev(maxfev, n, per_variable):
    return maxfev if maxfev > 0 else per_variable * (n + 1)


@functools.lru_cache(maxsize=None)
def solver(has_jac, inplace=False):
    """The shared core: hybrd (no Jacobian) or hybrj (user Jacobian), with
    callbacks returning arrays or (inplace) writing into ``out``; the user's
    exception held in ``slot`` (:mod:`lowering.held`: the caller raises it
    once the workspace is released), the outputs then unspecified."""
    precheck = _held_precheck(has_jac, inplace)
    run = _runner(has_jac, inplace)
    per_variable = 100 if has_jac else 200     # scipy's default maxfev per variable

    @njit(inline="always")
    def core(slot, func, fprime, x, shape, args, col_deriv, xtol, maxfev, ml, mu, epsfcn,
             factor, diag, mode, validate, fmsg, jmsg):
        ws = workspace(x.size)
        data = CallbackData(args, shape, col_deriv != 0, (), ())
        nprecalls = 0
        if validate:
            precheck(slot, func, fprime, x, data, ws, fmsg, jmsg)
            nprecalls = 2
        d = diag if mode == 2 else ws[4]
        maxfev = _default_maxfev(maxfev, x.size, per_variable)
        info, nfev, njev = run(slot, func, fprime, data, x, ws, xtol, maxfev, ml, mu, epsfcn,
                               d, mode, factor)
        return ws, int(info), int(nfev) + nprecalls, int(njev), maxfev
    return core


solve_hybrd = solver(False)
solve_hybrj = solver(True)

_info_without_jac = result_builder(("nfev", "fjac", "r", "qtf", "fvec"))
_info_with_jac = result_builder(("nfev", "njev", "fjac", "r", "qtf", "fvec"))


@njit(cache=True)
def full_output_without_jac(x, ws, ier, nfev, njev, maxfev, xtol):
    """(x, infodict, ier, mesg) for hybrd."""
    fvec, fjac, r, qtf, _ = ws
    return (x, _info_without_jac(nfev, fjac, r, qtf, fvec), ier,
            hybrid_message(ier, maxfev, xtol))


@njit(cache=True)
def full_output_with_jac(x, ws, ier, nfev, njev, maxfev, xtol):
    """(x, infodict, ier, mesg) for hybrj (infodict has njev)."""
    fvec, fjac, r, qtf, _ = ws
    return (x, _info_with_jac(nfev, njev, fjac, r, qtf, fvec), ier,
            hybrid_message(ier, maxfev, xtol))


class ImproperInputError(TypeError):
    """scipy's TypeError for MINPACK's improper input (or an unknown status).

    Raised from compiled code with the numbers only; the message is built
    here, in Python, so the short-output path compiles no string code.
    """

    def __init__(self, ier, maxfev, xtol):
        super().__init__(hybrid_message.py_func(ier, maxfev, xtol))


@njit(cache=True)
def raise_if_improper(ier, maxfev, xtol):
    """scipy's short-output rule: improper input or an unknown status raise TypeError."""
    if ier == 0 or ier > 5:
        raise ImproperInputError(ier, maxfev, xtol)


@njit(inline="always")
def _flat(x, x0):
    return x


@njit(inline="always")
def _like_x0(x, x0):
    return x.reshape(x0.shape)


@njit(inline="always")
def _x0_shape(x, x0):
    """keep_shape: the user's function sees ``x`` in ``x0``'s shape."""
    return x0.shape


@njit(inline="always")
def _flat_shape(x, x0):
    """scipy's rule: the user's function sees a flat ``x``."""
    return (x.size,)


# ---------------------------------------------------------------- option spellings
def _band(band, n):
    """(ml, mu): scipy's default (n-1, n-1) when band is None or negative."""


@overload(_band)
def _band_ovl(band, n):
    if A.is_none(band):
        return lambda band, n: (n - 1, n - 1)
    if isinstance(band, types.BaseTuple) and len(band) >= 2 and all(
            isinstance(t, types.Integer) for t in band):
        return lambda band, n: (band[0] if band[0] >= 0 else n - 1,
                                band[1] if band[1] >= 0 else n - 1)
    raise TypingError("fsolve: 'band' must be None or a tuple (ml, mu) of integers, got %s" % band)


def _diag(diag, mode):
    """(diag vector, MINPACK mode): diag given means mode 2, as scipy."""


@overload(_diag)
def _diag_ovl(diag, mode):
    if A.is_none(diag):     # an empty placeholder: MINPACK's mode 1 uses its own scaling
        return lambda diag, mode: (np.empty(0), 1 if mode == -1 else mode)
    return lambda diag, mode: (A.as_float_vector(diag), 2 if mode == -1 else mode)


# ---------------------------------------------------------------- public API
def fsolve(func, x0, args=(), fprime=None, full_output=False, col_deriv=0, xtol=1.49012e-08,
           maxfev=0, band=None, epsfcn=None, factor=100.0, diag=None, mode=-1, validate=True,
           keep_shape=False, inplace=False):
    """Find the roots of a function (scipy.optimize.fsolve, compiled).

    Parameters
    ----------
    func, x0, args, fprime, full_output, col_deriv, xtol, maxfev, band, epsfcn, factor, diag
        As :func:`scipy.optimize.fsolve`.  ``func`` (and ``fprime``) are @njit
        functions ``f(x, *args)``; a plain Python function is jitted once.
        Inside @njit, ``full_output`` must be a constant.
    mode : int, optional
        MINPACK's scaling mode: -1 (default) chooses as scipy does (2 if
        ``diag`` is given, else 1).
    validate : bool, optional
        True (default): check options and the callbacks' output shapes before
        solving (raising ValueError naming the argument); like scipy, func is
        evaluated twice at ``x0`` first, and those calls count in ``nfev``.
        False skips both.
    keep_shape : bool, optional
        If True, ``func`` receives ``x`` in ``x0``'s shape and the solution is
        returned in that shape (scipy flattens).
    inplace : bool, optional
        If True, ``func(x, out, *args)`` writes the residual into ``out``
        (length n) and ``fprime(x, out, *args)`` the Jacobian into ``out``
        (n x n, ``out[i, j] = d f_i / d x_j``, transposed with ``col_deriv``)
        instead of returning new arrays: no allocation per evaluation, the
        fastest form.  What they return is ignored; ``out`` and ``x`` are
        borrowed views of the solver's memory and must not be kept.

    Returns
    -------
    x : ndarray
        The solution; with ``full_output``, ``(x, infodict, ier, mesg)`` where
        ``infodict`` is a ``scipy.optimize.OptimizeResult`` (a dict) with
        ``nfev``, ``njev`` (with fprime), ``fjac``, ``r``, ``qtf``, ``fvec``.

    Notes
    -----
    Outside @njit a solve that did not converge warns (RuntimeWarning) as
    scipy does; inside @njit, where warnings do not exist, check ``ier`` with
    ``full_output=True``.  Improper input raises TypeError as in scipy.
    """
    func = A.python_callable(_ROUTINE, "func", func)
    if fprime is not None:
        fprime = A.python_callable(_ROUTINE, "fprime", fprime)
    x0 = A.python_real_vector(_ROUTINE, "x0", x0)
    keep = bool(keep_shape) and x0.ndim >= 1
    if not keep:
        x0 = x0.reshape(-1)
    args = A.python_args(_ROUTINE, args)
    if diag is not None:
        diag = A.python_float_vector(_ROUTINE, "diag", diag).reshape(-1)
    if band is not None:
        band = (A.python_int(_ROUTINE, "band", band[0]), A.python_int(_ROUTINE, "band", band[1]))
    epsfcn = None if epsfcn is None else float(epsfcn)
    entry = _python_entry(keep, bool(inplace))
    x, info, ier, mesg = entry(func, x0, args, fprime, int(col_deriv), float(xtol),
                               A.python_int(_ROUTINE, "maxfev", maxfev),
                               band, epsfcn, float(factor), diag, int(mode), bool(validate))
    if full_output:
        return x, info, ier, mesg
    if ier == 1:
        pass
    elif ier in (2, 3, 4, 5):
        warnings.warn(mesg, RuntimeWarning, stacklevel=2)
    else:
        raise TypeError(mesg)
    return x


@functools.lru_cache(maxsize=None)
def _python_entry(keep_shape, inplace):
    """The @njit trampoline of the Python entry: calls fsolve inside numba
    (so the chooser below runs), always with full output."""
    @njit
    def entry(func, x0, args, fprime, col_deriv, xtol, maxfev, band, epsfcn, factor, diag,
              mode, validate):
        return fsolve(func, x0, args, fprime, True, col_deriv, xtol, maxfev, band, epsfcn,
                      factor, diag, mode, validate, keep_shape, inplace)
    return entry


def _fsolve_overload(func, x0, args=(), fprime=None, full_output=False, col_deriv=0,
                     xtol=1.49012e-08, maxfev=0, band=None, epsfcn=None, factor=100.0, diag=None,
                     mode=-1, validate=True, keep_shape=False, inplace=False):
    """The @overload chooser: settles compile-time choices, inlines the core."""
    A.check_callable(_ROUTINE, "func", func)
    A.check_callable(_ROUTINE, "fprime", fprime, optional=True)
    A.check_args(_ROUTINE, args)
    A.check_integer(_ROUTINE, "maxfev", maxfev)
    full = A.constant_flag("fsolve", "full_output", full_output)
    has_jac = not A.is_none(fprime)
    in_place = A.constant_flag("fsolve", "inplace", inplace)
    core = solver(has_jac, in_place)
    finish = full_output_with_jac if has_jac else full_output_without_jac
    keep = bool(A.literal_bool(keep_shape)) and isinstance(x0, types.Array) and x0.ndim >= 1
    user_shape = _like_x0 if keep else _flat
    shape_of = _x0_shape if keep else _flat_shape
    fmsg = shape_mismatch_template("func", func.dispatcher.py_func.__name__)
    jmsg = shape_mismatch_template("fprime", fprime.dispatcher.py_func.__name__) if has_jac else ""

    @njit(inline="always")
    def solve(slot, func, x0, args, fprime, col_deriv, xtol, maxfev, band, epsfcn, factor, diag,
              mode, validate):
        x, ml, mu, d, mode_, eps = prepare(x0, band, diag, mode, epsfcn, float(xtol),
                                           int(maxfev), float(factor), validate)
        ws, ier, nfev, njev, maxfev_ = core(
            slot, func, fprime, x, shape_of(x, x0), A.as_args(args), col_deriv, float(xtol),
            int(maxfev), ml, mu, eps, float(factor), d, mode_, validate, fmsg, jmsg)
        return x, ws, ier, nfev, njev, maxfev_

    # The user's exception is held until the result is made, then raised where
    # the result is the only array left (numba would leak the workspace and
    # x at every raising call: lowering/held.py).
    if full:
        def impl(func, x0, args=(), fprime=None, full_output=False, col_deriv=0,
                 xtol=1.49012e-08, maxfev=0, band=None, epsfcn=None, factor=100.0, diag=None,
                 mode=-1, validate=True, keep_shape=False, inplace=False):
            slot = error_slot()
            x, ws, ier, nfev, njev, maxfev_ = solve(slot, func, x0, args, fprime, col_deriv,
                                                    xtol, maxfev, band, epsfcn, factor, diag,
                                                    mode, validate)
            x, info, ier, mesg = finish(x, ws, ier, nfev, njev, maxfev_, float(xtol))
            res = (user_shape(x, x0), info, ier, mesg)
            raise_held(slot, res)
            return res
    else:
        def impl(func, x0, args=(), fprime=None, full_output=False, col_deriv=0,
                 xtol=1.49012e-08, maxfev=0, band=None, epsfcn=None, factor=100.0, diag=None,
                 mode=-1, validate=True, keep_shape=False, inplace=False):
            slot = error_slot()
            x, ws, ier, nfev, njev, maxfev_ = solve(slot, func, x0, args, fprime, col_deriv,
                                                    xtol, maxfev, band, epsfcn, factor, diag,
                                                    mode, validate)
            res = user_shape(x, x0)
            raise_held(slot, res)
            raise_if_improper(ier, maxfev_, float(xtol))
            return res
    return impl


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "fsolve": Chooser(_fsolve_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
