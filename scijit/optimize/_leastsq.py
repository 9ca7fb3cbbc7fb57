"""``leastsq``: Levenberg-Marquardt (our MINPACK lmdif/lmder) as in scipy.

Built exactly like :mod:`._fsolve`: from Python, :func:`leastsq`
normalises its arguments and calls a small @njit trampoline, which calls
``leastsq`` again -- inside numba, where the ``@overload`` chooser
:func:`_leastsq_overload` settles the compile-time choices (``full_output``,
``Dfun`` None or not, input spellings) and inlines the shared core, which
calls the Fortran by symbol name (:mod:`lowering.minpack`).  Both entries run
the same compiled code and return identical values.

What scipy 1.17 does, and so do we: ``func`` is called twice at ``x0`` before
MINPACK starts (``_check_func``, which gives ``m``, then the C module's call
that fills the initial ``fvec``); neither call counts in ``nfev`` (MINPACK's
own count).  With ``Dfun``, it is called once at ``x0`` for a shape check,
not counted in ``njev``.
"""
import functools
import operator
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import callback, callback_intrinsic, type_only
from lowering.held import error_slot, held_caller, raise_held
from lowering.minpack import LMDER, LMDIF, lm_covariance, lm_outputs, residual_steps
from lowering.separate import separate
from lowering.transforms import (CallbackData, Reshape, ShapeMismatchError, UserJacobian,
                                 result_shape, same_shape)
from scijit_types import result_builder

from .. import _arguments as A
from .._registration import Chooser, register_choosers
from .._format import format_f

__all__ = ["leastsq"]

_ROUTINE = "leastsq"


# ---------------------------------------------------------------- messages
@separate      # (a message: string code every caller would optimise again)
@njit(cache=True)
def lm_message(info, ftol, xtol, gtol, maxfev):
    """scipy.optimize.leastsq's message for MINPACK lmdif/lmder's ``info``."""
    if info == 0:
        return "Improper input parameters."
    if info == 1:
        return ("Both actual and predicted relative reductions in the sum of squares\n"
                "  are at most " + format_f(ftol))
    if info == 2:
        return "The relative error between two consecutive iterates is at most " + format_f(xtol)
    if info == 3:
        return ("Both actual and predicted relative reductions in the sum of squares\n"
                "  are at most " + format_f(ftol) + " and the relative error between two "
                "consecutive iterates is at \n  most " + format_f(xtol))
    if info == 4:
        return ("The cosine of the angle between func(x) and any column of the\n"
                "  Jacobian is at most " + format_f(gtol) + " in absolute value")
    if info == 5:
        return "Number of calls to function has reached maxfev = " + str(maxfev) + "."
    if info == 6:
        return ("ftol=" + format_f(ftol) + " is too small, no further reduction in the sum "
                "of squares\n  is possible.")
    if info == 7:
        return ("xtol=" + format_f(xtol) + " is too small, no further improvement in the "
                "approximate\n  solution is possible.")
    if info == 8:
        return ("gtol=" + format_f(gtol) + " is too small, func(x) is orthogonal to the "
                "columns of\n  the Jacobian to machine precision.")
    return "An error occurred."


# ---------------------------------------------------------------- run-time checks
def dfun_mismatch_template(fname):
    """scipy's _check_func message for Dfun, with slots for the two shapes."""
    return ("leastsq: there is a mismatch between the input and output shape of the 'Dfun' "
            "argument '%s'.Shape should be %%s but it is %%s." % fname)


@njit(inline="always")
def check_dfun_shape(got, want, template):
    """scipy's _check_func for Dfun, with its leniency: no error when either
    wanted dimension is 1.  (The message is formatted in Python.)"""
    if not same_shape(got, want) and want[0] != 1 and want[1] != 1:
        raise ShapeMismatchError(template, want, got)


@njit(cache=True)
def check_sizes(n, m, diag_size, use_diag):
    if n > m:
        raise TypeError("Improper input: func input vector length N=" + str(n)
                        + " must not exceed func output vector length M=" + str(m))
    if use_diag and diag_size != n:
        # scipy hands MINPACK a diag of the wrong length; we refuse.
        raise ValueError("leastsq: 'diag' must have one entry per variable")


def _default_eps(r):
    """scipy: ``finfo(dtype).eps`` of func's result (float64 if not inexact)."""


@overload(_default_eps)
def _default_eps_ovl(r):
    if isinstance(r, types.Array):
        dt = r.dtype
    elif isinstance(r, types.BaseTuple) and len(r) > 0:
        dt = r[0]
        for t in r:
            dt = dt if t == dt else types.float64
    else:
        dt = r
    if isinstance(dt, types.Float):
        eps = float(np.finfo(np.dtype(str(dt))).eps)
    elif isinstance(dt, types.Complex):
        eps = float(np.finfo(np.dtype(str(dt))).eps)
    else:
        eps = float(np.finfo(np.float64).eps)
    return lambda r: eps


@njit(cache=True)
def covariance(info, n, m, fjac, ipvt):
    """scipy's cov_x = inv(R^T R) permuted, for info in 1..4; NaN where
    scipy returns None (info not in 1..4, or R singular)."""
    if 1 <= info <= 4:
        cov = np.empty(n * n)
        status = lm_covariance(n, fjac, m, ipvt, cov)[0]
        if status == 0:
            return cov.reshape((n, n)).T.copy()       # column-major n x n
    return np.full((n, n), np.nan)


@njit(cache=True)
def lm_workspace(n, m):
    """fvec (m), fjac (Fortran m x n, ldfjac = m), ipvt, qtf and a diag slot
    (n each; MINPACK writes its own scaling there in mode 1): the arrays a
    fit keeps, one block sized by the native table (lmdif's and lmder's work
    array is the call's own)."""
    return lm_outputs(m, n, m)


@njit(cache=True)
def zero_based(ipvt):
    out = np.empty(ipvt.size, dtype=np.int32)
    for i in range(ipvt.size):
        out[i] = ipvt[i] - 1
    return out


@njit(cache=True)
def raw_outputs(fvec, fjac, ipvt, qtf):
    """The workspace arrays MINPACK filled, passed through a call: returning
    them straight from the inlined core trips numba's array analysis in
    prange loops (a dimension-mismatch assertion)."""
    return fvec, fjac, ipvt, qtf


@njit(cache=True)
def full_outputs(n, fvec, fjac, ipvt, ier):
    """(cov_x, fjac as scipy's n x m, 0-based ipvt): made only for outputs
    that return them, so a short output does not pay for them."""
    m = fvec.size
    return covariance(ier, n, m, fjac, ipvt), fjac.reshape((n, m)), zero_based(ipvt)


# ---------------------------------------------------------------- the cores
_EPS = float(np.finfo(np.float64).eps)


def _steps(has_jac, inplace, model=None):
    """leastsq's callback: the value returned (or written in place), and
    with Dfun the user's Jacobian (``x`` is flat: the Reshape step is free).
    curve_fit's names its ``model`` step (a ModelOf) instead."""
    jacobian = UserJacobian() if has_jac else None
    if model is None:
        return residual_steps(inplace, jacobian)
    return (Reshape(), model) + ((jacobian,) if has_jac else ())


def _measurer(has_jac, inplace, model=None):
    """scipy's first evaluations for a func returning its value: func at x0
    (_check_func: gives ``m``) and Dfun at x0 (a shape check), through the
    callback's own stages; ``(m, the default epsfcn)``."""
    cb = callback(_steps(has_jac, inplace, model))
    value = cb.value
    jacobian_value = cb.jacobian_value

    @njit(inline="always")
    def measure(func, Dfun, x, data, ndiag, use_diag, jmsg):
        n = x.size
        r0 = value(func, x, data)
        m = result_shape(r0)[0]
        check_sizes(n, m, ndiag, use_diag)
        if has_jac:
            want = (n, m) if data[2] else (m, n)
            check_dfun_shape(result_shape(jacobian_value(Dfun, x, data)), want, jmsg)
        return m, _default_eps(r0)
    return measure


def _held_starter(has_jac, inplace, model):
    """scipy's evaluations before MINPACK starts and the workspace, with the
    user's functions called in held calls (:mod:`lowering.held`: compiled
    functions of their own, the arrays borrowed, the user's functions as
    types): func at x0 (``m`` read from its value unless given), Dfun at x0
    (a shape check, or into the workspace when written in place) and func at
    x0 again (the C module's initial fvec).  Returns (workspace, epsfcn).
    The workspace is made here, between the held calls: an array made in a
    held function would leak when the user's function raises there."""
    cb = callback(_steps(has_jac, inplace, model))
    residual, jacobian = cb.residual, cb.jacobian
    m_given = inplace or model is not None
    call5, call7 = held_caller(5), held_caller(7)

    @njit(inline="always")
    def fill(func, Dfun, x, data, ws):
        n = x.size
        m = ws[0].size
        residual(func, x, ws[0], data)
        if m_given:
            if has_jac:
                # MINPACK's m x n column-major fjac, as the callback sees it
                jacobian(func, Dfun, x, ws[0], ws[1].reshape((n, m)).T, data)
            residual(func, x, ws[0], data)

    if m_given:
        @njit(inline="always")
        def held_start(slot, func, Dfun, x, data, epsfcn, ndiag, use_diag, jmsg, m):
            check_sizes(x.size, m, ndiag, use_diag)
            ws = lm_workspace(x.size, m)
            call5(slot, type_only(fill), type_only(func), type_only(Dfun), x, data, ws)
            return ws, A.float_or(epsfcn, _EPS)
        return held_start
    measure = _measurer(has_jac, inplace, model)

    @njit(inline="always")
    def held_start(slot, func, Dfun, x, data, epsfcn, ndiag, use_diag, jmsg, m):
        m, eps = call7(slot, type_only(measure), type_only(func), type_only(Dfun), x, data,
                       ndiag, use_diag, jmsg)
        # (m is 0 once func raised: a workspace of one row holds the place)
        ws = lm_workspace(x.size, max(m, 1))
        call5(slot, type_only(fill), type_only(func), type_only(Dfun), x, data, ws)
        return ws, A.float_or(epsfcn, eps)
    return held_start


@functools.lru_cache(maxsize=None)
def solver(has_jac, inplace=False, model=None):
    """The shared core: lmdif (no Jacobian) or lmder (user Jacobian), with
    callbacks returning arrays or (inplace) writing into ``out``, or
    curve_fit's ``model`` (a ModelOf step, whose ``state`` is ``(xdata,
    ydata, transform)``).  ``m``, the residual's length, is read from
    func's result unless ``inplace`` or ``model``.  The user's exception is
    held in ``slot`` (:mod:`lowering.held`: the caller raises it once the
    workspace is released), the outputs then unspecified."""
    start = _held_starter(has_jac, inplace, model)
    call = callback_intrinsic(LMDER if has_jac else LMDIF, _steps(has_jac, inplace, model),
                              held=True)
    default = 100 if has_jac else 200         # scipy's default maxfev per (n + 1)

    @njit(inline="always")
    def core(slot, func, Dfun, x, args, col_deriv, ftol, xtol, gtol, maxfev, epsfcn, factor,
             diag, use_diag, jmsg, m, state):
        n = x.size
        data = CallbackData(args, (n,), col_deriv != 0, state, ())
        ws, eps = start(slot, func, Dfun, x, data, epsfcn, diag.size, use_diag, jmsg, m)
        fvec, fjac, ipvt, qtf, own_diag = ws
        m = fvec.size
        d = diag if use_diag else own_diag
        mode = 2 if use_diag else 1
        maxfev_msg = default * (n + 1) if maxfev == 0 else maxfev    # scipy's message
        maxfev_run = maxfev if maxfev > 0 else default * (n + 1)   # above 2**31 - 1: OverflowError, as scipy
        if has_jac:
            info, nfev, njev, _ = call(slot, func, Dfun, data, m, n, x, fvec, fjac, m, ftol,
                                       xtol, gtol, maxfev_run, d, mode, factor, ipvt, qtf)
        else:
            info, nfev, _ = call(slot, func, data, m, n, x, fvec, ftol, xtol, gtol, maxfev_run,
                                 eps, d, mode, factor, fjac, m, ipvt, qtf)
            njev = 0
        # raw MINPACK outputs; full_outputs() makes scipy's from them
        return raw_outputs(fvec, fjac, ipvt, qtf) + (int(info), int(nfev), int(njev),
                                                     maxfev_msg)
    return core


solve_lmdif = solver(False)
solve_lmder = solver(True)

_info_without_jac = result_builder(("fvec", "nfev", "fjac", "ipvt", "qtf"))
_info_with_jac = result_builder(("fvec", "nfev", "njev", "fjac", "ipvt", "qtf"))


@njit(cache=True)
def full_output_without_jac(x, fvec, fjac, ipvt, qtf, ier, nfev, njev, ftol, xtol, gtol,
                            maxfev):
    """(x, cov_x, infodict, mesg, ier) for lmdif."""
    cov, fjac, ipvt = full_outputs(x.size, fvec, fjac, ipvt, ier)
    return (x, cov, _info_without_jac(fvec, nfev, fjac, ipvt, qtf),
            lm_message(ier, ftol, xtol, gtol, maxfev), ier)


@njit(cache=True)
def full_output_with_jac(x, fvec, fjac, ipvt, qtf, ier, nfev, njev, ftol, xtol, gtol,
                         maxfev):
    """(x, cov_x, infodict, mesg, ier) for lmder (infodict has njev)."""
    cov, fjac, ipvt = full_outputs(x.size, fvec, fjac, ipvt, ier)
    return (x, cov, _info_with_jac(fvec, nfev, njev, fjac, ipvt, qtf),
            lm_message(ier, ftol, xtol, gtol, maxfev), ier)


@njit(cache=True)
def raise_if_improper(ier):
    """scipy's short-output rule: ier 0 raises TypeError."""
    if ier == 0:
        raise TypeError("Improper input parameters.")


def scaling_diag(diag, x):
    """(diag vector, use it): scipy uses MINPACK mode 2 when diag is given.
    Without one, an empty view of ``x`` holds the place (no allocation)."""


@overload(scaling_diag)
def _diag_ovl(diag, x):
    if A.is_none(diag):
        return lambda diag, x: (x[:0], False)
    return lambda diag, x: (A.as_float_vector(diag), True)


# ---------------------------------------------------------------- public API
def leastsq(func, x0, args=(), Dfun=None, full_output=False, col_deriv=False,
            ftol=1.49012e-08, xtol=1.49012e-08, gtol=0.0, maxfev=0, epsfcn=None, factor=100,
            diag=None, inplace=False, m=None):
    """Minimize the sum of squares of a set of equations
    (scipy.optimize.leastsq, compiled).

    Parameters
    ----------
    func, x0, args, Dfun, full_output, col_deriv, ftol, xtol, gtol, maxfev, epsfcn, factor, diag
        As :func:`scipy.optimize.leastsq`.  ``func`` (and ``Dfun``) are @njit
        functions ``f(x, *args)``; a plain Python function is jitted once.
        Inside @njit, ``full_output`` must be a constant.
    inplace : bool, optional
        If True, ``func(x, out, *args)`` writes the residual into ``out``
        (length ``m``) and ``Dfun(x, out, *args)`` the Jacobian into ``out``
        (m x n, ``out[i, j] = d f_i / d x_j``; n x m with ``col_deriv``)
        instead of returning new arrays: no allocation per evaluation, the
        fastest form.  What they return is ignored; ``out`` and ``x`` are
        borrowed views of the solver's memory and must not be kept.  Inside
        @njit it must be a constant.
    m : int, optional
        The residual's length, required with ``inplace=True`` (it cannot be
        read from a result), and only then.

    Returns
    -------
    x, ier
        Without ``full_output``.
    x, cov_x, infodict, mesg, ier
        With ``full_output``: ``infodict`` is a ``scipy.optimize.OptimizeResult``
        (a dict) with ``fvec``, ``nfev``, ``njev`` (with Dfun), ``fjac``
        (n x m, as scipy returns it), ``ipvt`` (0-based, int32) and ``qtf``.
        ``cov_x`` is scipy's: from Python it is None when scipy's is (ier not
        in 1..4, or a singular Jacobian); **inside @njit**, where one value
        cannot be None or an array, it is then an (n, n) array filled with
        NaN.

    Notes
    -----
    As scipy, ``func`` is called twice at ``x0`` before the iteration (a shape
    check and the initial ``fvec``), and ``Dfun`` once (a shape check); these
    calls are not counted in ``nfev``/``njev``.  The in-place forms are called
    the same number of times (``out`` is then the solver's buffer, whose
    shape is not checked).  ``m < n`` raises scipy's TypeError; a ``diag`` of
    the wrong length raises ValueError (scipy reads past its end).  Outside
    @njit a fit that stopped with ier in 5..8 warns (RuntimeWarning) and ier 0
    raises TypeError without ``full_output``, as scipy; inside @njit ier 0
    raises TypeError and there is no warning.
    """
    func = A.python_callable(_ROUTINE, "func", func)
    if Dfun is not None:
        Dfun = A.python_callable(_ROUTINE, "Dfun", Dfun)
    x0 = A.python_real_vector(_ROUTINE, "x0", x0).reshape(-1)
    args = A.python_args(_ROUTINE, args)
    if diag is not None:
        diag = A.python_float_vector(_ROUTINE, "diag", diag).reshape(-1)
    epsfcn = None if epsfcn is None else float(epsfcn)
    inplace = bool(inplace)
    m = _python_m(inplace, m)
    x, cov_x, info, mesg, ier = _python_entry(inplace)(
        func, x0, args, Dfun, bool(col_deriv), float(ftol), float(xtol), float(gtol),
        A.python_int(_ROUTINE, "maxfev", maxfev), epsfcn, float(factor), diag, m)
    if full_output:
        # scipy's rule: cov_x only for ier in 1..4 and a non-singular R (whose
        # diagonal is fjac's); the compiled core gave NaN otherwise.
        if not (1 <= ier <= 4) or np.any(np.diagonal(info["fjac"]) == 0.0):
            cov_x = None
        return x, cov_x, info, mesg, ier
    if ier in (5, 6, 7, 8):
        warnings.warn(mesg, RuntimeWarning, stacklevel=2)
    elif ier == 0:
        raise TypeError(mesg)
    return x, ier


def _python_m(inplace, m):
    """``m`` checked from Python: an integer with inplace, None without."""
    if not inplace:
        if m is not None:
            raise ValueError("leastsq: 'm' is only used with inplace=True")
        return None
    if m is None:
        raise ValueError("leastsq: 'm' (the residual's length) is required with inplace=True")
    try:
        return operator.index(m)
    except TypeError:
        raise TypeError("leastsq: 'm' must be an integer, got %r" % (m,)) from None


@functools.lru_cache(maxsize=None)
def _python_entry(inplace):
    """The @njit trampoline of the Python entry: calls leastsq inside numba
    (so the chooser below runs), always with full output."""
    @njit
    def entry(func, x0, args, Dfun, col_deriv, ftol, xtol, gtol, maxfev, epsfcn, factor, diag,
              m):
        return leastsq(func, x0, args, Dfun, True, col_deriv, ftol, xtol, gtol, maxfev, epsfcn,
                       factor, diag, inplace, m)
    return entry


def _m_value(inplace, m):
    """The chooser's check of ``m`` (a TypingError naming it); returns the
    residual length to hand the core (0 without inplace: read from func)."""
    if inplace:
        if A.is_none(m):
            raise TypingError("leastsq: 'm' (the residual's length) is required with "
                              "inplace=True")
        A.check_integer(_ROUTINE, "m", m, bool_ok=False)
        return njit(inline="always")(lambda m: m)
    if not A.is_none(m):
        raise TypingError("leastsq: 'm' is only used with inplace=True")
    return njit(inline="always")(lambda m: 0)


def _leastsq_overload(func, x0, args=(), Dfun=None, full_output=False, col_deriv=False,
                      ftol=1.49012e-08, xtol=1.49012e-08, gtol=0.0, maxfev=0, epsfcn=None,
                      factor=100, diag=None, inplace=False, m=None):
    """The @overload chooser: settles compile-time choices, inlines the core."""
    A.check_callable(_ROUTINE, "func", func)
    A.check_callable(_ROUTINE, "Dfun", Dfun, optional=True)
    A.check_args(_ROUTINE, args)
    A.check_integer(_ROUTINE, "maxfev", maxfev)
    full = A.constant_flag("leastsq", "full_output", full_output)
    in_place = A.constant_flag("leastsq", "inplace", inplace)
    length = _m_value(in_place, m)
    has_jac = not A.is_none(Dfun)
    core = solver(has_jac, in_place)
    finish = full_output_with_jac if has_jac else full_output_without_jac
    jmsg = dfun_mismatch_template(Dfun.dispatcher.py_func.__name__) if has_jac else ""

    @njit(inline="always")
    def solve(slot, func, x0, args, Dfun, col_deriv, ftol, xtol, gtol, maxfev, epsfcn, factor,
              diag, m):
        x = A.as_float_vector(x0)
        a = A.as_args(args)
        d, use_diag = scaling_diag(diag, x)
        return x, core(slot, func, Dfun, x, a, col_deriv, float(ftol), float(xtol),
                       float(gtol), int(maxfev), epsfcn, float(factor), d, use_diag, jmsg,
                       length(m), ())

    # The user's exception is held until the result is made, then raised where
    # the result is the only array left (numba would leak the workspace at
    # every raising call: lowering/held.py).
    if full:
        def impl(func, x0, args=(), Dfun=None, full_output=False, col_deriv=False,
                 ftol=1.49012e-08, xtol=1.49012e-08, gtol=0.0, maxfev=0, epsfcn=None,
                 factor=100, diag=None, inplace=False, m=None):
            slot = error_slot()
            x, (fvec, fjac, ipvt, qtf, ier, nfev, njev, maxfev_) = solve(
                slot, func, x0, args, Dfun, col_deriv, ftol, xtol, gtol, maxfev, epsfcn, factor,
                diag, m)
            res = finish(x, fvec, fjac, ipvt, qtf, ier, nfev, njev, float(ftol), float(xtol),
                         float(gtol), maxfev_)
            raise_held(slot, res)
            return res
    else:
        def impl(func, x0, args=(), Dfun=None, full_output=False, col_deriv=False,
                 ftol=1.49012e-08, xtol=1.49012e-08, gtol=0.0, maxfev=0, epsfcn=None,
                 factor=100, diag=None, inplace=False, m=None):
            slot = error_slot()
            x, (fvec, fjac, ipvt, qtf, ier, nfev, njev, maxfev_) = solve(
                slot, func, x0, args, Dfun, col_deriv, ftol, xtol, gtol, maxfev, epsfcn, factor,
                diag, m)
            res = (x, ier)
            raise_held(slot, res)
            raise_if_improper(res[1])
            return res
    return impl


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "leastsq": Chooser(_leastsq_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
