"""``curve_fit`` for the unbounded Levenberg-Marquardt case, as scipy 1.17.

scipy's curve_fit with ``method='lm'`` wraps the model into a residual
``params -> transform * (f(xdata, *params) - ydata)`` (or the solve with
sigma's Cholesky factor, for a 2-D sigma) and calls ``leastsq`` with full
output; ``pcov`` is leastsq's ``cov_x`` scaled by ``cost / (m - n)`` unless
``absolute_sigma``.  We do the same on :mod:`._leastsq`'s core, whose
callback names curve_fit's model step (:func:`model_step`, a
``lowering.transforms.ModelOf``): the residual is written straight into
MINPACK's buffer (m = ydata's size), so an evaluation allocates only the
model's result, and ``(xdata, ydata, transform)`` travel as the callback's
solver state, apart from any ``args``.  A 2-D sigma goes through the
LAPACK routines scipy calls (dpotrf, dtrtrs: :mod:`lowering.lapack`), so the
residuals are scipy's bit for bit.

The model ``f(xdata, p1, ..., pn)`` takes the parameters as separate
scalars, and numba cannot star-unpack an array: the model step passes them
as a tuple of **n** numbers, so n must be known at compile time.  From
Python it is (``len(p0)``, or ``f``'s signature when ``p0`` is None), so the
Python entry calls an @njit trampoline made for that n.  **Inside @njit**,
``p0`` must be None (n from ``f``'s signature, p0 = ones, as scipy) or a
*tuple* of numbers (its length is part of its type); an array p0 raises a
TypingError saying so.
Both entries inline the same solver and return identical values.
"""
import functools
import inspect
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.held import error_slot, raise_held
from lowering.lapack import dpotrf, dtrtrs
from lowering.separate import separate
from lowering.transforms import ModelOf, ShapeMismatchError

from .. import _arguments as A
from .._registration import Chooser, register_choosers
from . import _leastsq as L
from ._least_squares import UnsupportedArgument

__all__ = ["curve_fit"]

_ROUTINE = "curve_fit"

#: leastsq's options that scipy's curve_fit passes on from **kwargs (method 'lm').
LEASTSQ_KWARGS = dict(col_deriv=False, ftol=1.49012e-08, xtol=1.49012e-08, gtol=0.0, maxfev=0,
                      epsfcn=None, factor=100.0, diag=None)


# ---------------------------------------------------------------- sigma
@njit(cache=True)
def cholesky_lower(sigma, m):
    """scipy.linalg.cholesky(sigma, lower=True): LAPACK dpotrf('L') -- the
    very routine scipy calls -- on a Fortran-order copy, the upper triangle
    zeroed (scipy's clean=True).  Returns the factor in Fortran order."""
    if sigma.ndim != 2 or sigma.shape[0] != m or sigma.shape[1] != m:
        raise ValueError("`sigma` has incorrect shape.")
    check_finite_array(sigma)              # scipy's cholesky checks by default
    Lm = np.empty((m, m)).T
    Lm[:, :] = sigma
    if dpotrf(ord("L"), m, Lm, m)[0] != 0:
        raise ValueError("`sigma` must be positive definite.")
    for j in range(m):
        for i in range(j):
            Lm[i, j] = 0.0
    return Lm


@njit(cache=True)
def solve_lower(Lm, b, nrhs):
    """solve_triangular(L, b, lower=True) in place, as scipy: LAPACK dtrtrs
    on ``nrhs`` Fortran-order columns of length m in ``b``.  (L is the
    positive-diagonal factor of cholesky_lower, so it is never singular.)"""
    m = Lm.shape[0]
    dtrtrs(ord("L"), ord("N"), ord("N"), m, nrhs, Lm, m, b, m)


@njit(cache=True)
def solve_lower_matrix(Lm, out):
    """solve_triangular(L, J, lower=True) in place for the m x n Jacobian
    view ``out``, through a Fortran-order copy (the view's type does not say
    it is contiguous)."""
    m, n = out.shape
    J = np.empty((n, m)).T
    J[:, :] = out
    solve_lower(Lm, J, n)
    out[:, :] = J


@njit(cache=True)
def scale_rows(t, out):
    """out <- transform[:, np.newaxis] * out, in place."""
    m, n = out.shape
    for i in range(m):
        ti = t[0] if t.size == 1 else t[i]
        for j in range(n):
            out[i, j] = ti * out[i, j]


@njit(cache=True)
def scale(t, out):
    """out <- transform * out, in place (transform of size 1 or m)."""
    if t.size == 1:
        for k in range(out.size):
            out[k] = t[0] * out[k]
    else:
        for k in range(out.size):
            out[k] = t[k] * out[k]


@njit(cache=True)
def inverse_sigma(sigma, m):
    if sigma.size != 1 and sigma.size != m:
        raise ValueError("`sigma` has incorrect shape.")
    return 1.0 / sigma


def _transform(sigma, m, unused):
    """scipy's sigma -> transform (overloaded below); without sigma, the
    empty view ``unused[:0]`` holds the place (no allocation)."""


@overload(_transform)
def _transform_ovl(sigma, m, unused):
    if A.is_none(sigma):
        return lambda sigma, m, unused: unused[:0]
    if isinstance(sigma, types.Array) and sigma.ndim == 2:
        return lambda sigma, m, unused: cholesky_lower(sigma, m)
    if isinstance(sigma, types.Array) and sigma.ndim == 1:
        return lambda sigma, m, unused: inverse_sigma(sigma.astype(np.float64), m)
    if isinstance(sigma, (types.Float, types.Integer)):
        return lambda sigma, m, unused: inverse_sigma(np.full(1, sigma, dtype=np.float64), m)
    raise TypingError("curve_fit: 'sigma' must be None, a number, or a 1-D or 2-D array, got %s"
                      % sigma)


def sigma_kind(sigma):
    """0: no sigma, 1: 1/sigma weights, 2: Cholesky factor (from the numba type)."""
    if A.is_none(sigma):
        return 0
    if isinstance(sigma, (types.Array, np.ndarray)) and sigma.ndim == 2:
        return 2
    return 1


# ---------------------------------------------------------------- the model step
@njit(inline="always")
def solve_lower_vector(Lm, out):
    """The residual weighted by a 2-D sigma: solve_triangular(L, r, lower=True)."""
    solve_lower(Lm, out, 1)


#: sigma's kind -> how the residual and the Jacobian are weighted (no
#: sigma; 1/sigma; sigma's Cholesky factor), as scipy's curve_fit.
_WEIGHTS = {0: (None, None), 1: (scale, scale_rows), 2: (solve_lower_vector, solve_lower_matrix)}


def model_step(n, kind):
    """The callback step of curve_fit's model with ``n`` parameters and
    sigma of ``kind`` (:func:`sigma_kind`): MINPACK's ``x`` is passed as
    ``f(xdata, p[0], ..., p[n-1])``, the residual ``transform * (f(...) -
    ydata)`` (or the triangular solve) written into MINPACK's buffer, so an
    evaluation allocates only the model's result; ``(xdata, ydata,
    transform)`` travel as the callback's solver state, not as ``args``."""
    weigh, weigh_rows = _WEIGHTS[kind]
    return ModelOf(n, weigh, weigh_rows)


def nparams_from_signature(f):
    """scipy: the number of f's positional arguments after xdata."""
    try:
        sig = inspect.getfullargspec(f.py_func if hasattr(f, "py_func") else f)
    except TypeError:
        sig = None
    if sig is None or len(sig.args) < 2:
        raise ValueError("Unable to determine number of fit parameters.")
    return len(sig.args) - 1


# ---------------------------------------------------------------- checks and results
@njit(cache=True)
def check_finite_array(a):
    for v in a.flat:
        if not np.isfinite(v):
            raise ValueError("array must not contain infs or NaNs")


def _check_finite(value):
    """np.asarray_chkfinite's check for an array, number or tuple (no-op otherwise)."""


@overload(_check_finite)
def _check_finite_ovl(value):
    if isinstance(value, types.Array):
        return lambda value: check_finite_array(value)
    if isinstance(value, (types.Float, types.Integer)):
        return lambda value: check_finite_array(np.full(1, value, dtype=np.float64))
    if isinstance(value, types.BaseTuple) and all(
            isinstance(t, (types.Float, types.Integer)) for t in value):
        return lambda value: check_finite_array(A.as_float_vector(value))
    return lambda value: None


def _as_xdata(value):
    """scipy: a list/tuple/array xdata becomes a float array; anything else is passed as is."""


@overload(_as_xdata)
def _as_xdata_ovl(value):
    if isinstance(value, types.Array) and value.dtype == types.float64:
        return lambda value: value          # np.asarray: no copy, as scipy
    if isinstance(value, types.Array):
        return lambda value: value.astype(np.float64)
    if isinstance(value, (types.BaseTuple, types.List)):
        return lambda value: A.as_float_vector(value)
    return lambda value: value


def _as_ydata(value):
    """ydata as a flat float64 array, read only: a flat float64 array is used
    as it is (scipy's np.asarray), anything else converted."""


@overload(_as_ydata)
def _as_ydata_ovl(value):
    if isinstance(value, types.Array) and value.dtype == types.float64 and value.ndim == 1:
        return lambda value: value
    return lambda value: A.as_float_vector(value)


@njit(cache=True)
def check_data(ysize, n):
    if ysize == 0:
        raise ValueError("`ydata` must not be empty!")
    if ysize != 1 and n > ysize:
        raise ShapeMismatchError("The number of func parameters=%d must not exceed the number "
                                 "of data points=%d", n, ysize)


@njit(cache=True)
def raise_not_found(ier, mesg):
    if ier < 1 or ier > 4:
        raise RuntimeError("Optimal parameters not found: " + mesg)


@njit(cache=True)
def scaled_covariance(cov, fvec, n, absolute_sigma):
    """scipy's pcov from cov_x, in place (``cov`` is the fresh array made by
    leastsq's covariance): inf where it cannot be estimated (then True)."""
    flat = cov.reshape(cov.size)
    for v in flat:
        if v != v:
            flat[:] = np.inf
            return cov, True
    if absolute_sigma:
        return cov, False
    ysize = fvec.size
    if ysize <= n:
        flat[:] = np.inf
        return cov, True
    cost = 0.0
    for v in fvec:
        cost += v * v
    s_sq = cost / (ysize - n)
    for k in range(flat.size):
        flat[k] *= s_sq
    return cov, False


# ---------------------------------------------------------------- the solver
@functools.lru_cache(maxsize=None)
def fit_raw(n, kind, jac_name):
    """curve_fit's 'lm' path up to MINPACK's raw outputs, for ``n``
    parameters, sigma of ``kind`` (:func:`sigma_kind`) and the user's
    Jacobian's name (None without one): an inline function ``(f, jac, p0,
    xdata, ydata, sigma, check_finite, col_deriv, ftol, xtol, gtol, maxfev,
    epsfcn, factor, diag) -> (popt, fvec, fjac, ipvt, qtf, ier, nfev, njev,
    maxfev)``.  A plain inline function chosen here, not a nested inline
    overload: numba types an inline overload's body once more for every
    inline overload it sits in."""
    has_jac = jac_name is not None
    core = L.solver(has_jac, model=model_step(n, kind))
    jmsg = L.dfun_mismatch_template(jac_name) if has_jac else ""

    @njit(inline="always")
    def raw(slot, f, jac, p0, xdata, ydata, sigma, check_finite, col_deriv, ftol, xtol, gtol,
            maxfev, epsfcn, factor, diag):
        if check_finite:
            _check_finite(ydata)
            _check_finite(xdata)
        y = _as_ydata(ydata)
        xd = _as_xdata(xdata)
        p = A.as_float_vector(p0)
        check_data(y.size, p.size)
        t = _transform(sigma, y.size, p)
        d, use_diag = L.scaling_diag(diag, p)
        return (p,) + core(slot, f, jac, p, (), col_deriv, float(ftol), float(xtol),
                           float(gtol), int(maxfev), epsfcn, float(factor), d, use_diag, jmsg,
                           y.size, (xd, y, t))
    return raw


@functools.lru_cache(maxsize=None)
def fit(n, kind, jac_name):
    """curve_fit's 'lm' path with every output (see :func:`fit_raw`):
    ``(...) -> (popt, pcov, infodict, mesg, ier, covariance_not_estimated)``,
    with ``absolute_sigma`` after ``sigma``."""
    raw = fit_raw(n, kind, jac_name)
    finish = L.full_output_without_jac if jac_name is None else L.full_output_with_jac

    # The user's exception is held until the outputs are made, then raised
    # where they are the only arrays left (numba would leak the workspace at
    # every raising call: lowering/held.py); the tuple's members are not used
    # after it is built, so numba releases them there.
    @njit(inline="always")
    def full(f, jac, p0, xdata, ydata, sigma, absolute_sigma, check_finite, col_deriv, ftol,
             xtol, gtol, maxfev, epsfcn, factor, diag):
        slot = error_slot()
        p, fvec, fjac, ipvt, qtf, ier, nfev, njev, maxfev_ = raw(
            slot, f, jac, p0, xdata, ydata, sigma, check_finite, col_deriv, ftol, xtol, gtol,
            maxfev, epsfcn, factor, diag)
        outputs = finish(p, fvec, fjac, ipvt, qtf, ier, nfev, njev, float(ftol), float(xtol),
                         float(gtol), maxfev_) + (fvec,)
        raise_held(slot, outputs)
        popt, cov, info, mesg, ier, fvec = outputs
        raise_not_found(ier, mesg)
        pcov, warn_cov = scaled_covariance(cov, fvec, popt.size, absolute_sigma)
        return popt, pcov, info, mesg, ier, warn_cov
    return full


@separate      # (its messages and covariance: code every caller would optimise again)
@njit(cache=True)
def short_output(p, fvec, fjac, ipvt, ier, maxfev, absolute_sigma):
    """(popt, pcov) with the default tolerances: no infodict, and the message
    is made only for the error it reports."""
    if ier < 1 or ier > 4:
        raise_not_found(ier, L.lm_message(ier, 1.49012e-08, 1.49012e-08, 0.0, maxfev))
    cov = L.covariance(ier, p.size, fvec.size, fjac, ipvt)
    return p, scaled_covariance(cov, fvec, p.size, absolute_sigma)[0]


# ---------------------------------------------------------------- public API
def curve_fit(f, xdata, ydata, p0=None, sigma=None, absolute_sigma=False, check_finite=None,
              bounds=(-np.inf, np.inf), method=None, jac=None, *, full_output=False,
              nan_policy=None, **kwargs):
    """Fit a function to data (scipy.optimize.curve_fit, compiled) -- the
    unbounded Levenberg-Marquardt case (``method`` None or 'lm').

    Parameters
    ----------
    As :func:`scipy.optimize.curve_fit`.  ``f(xdata, p1, ..., pn)`` (and a
    callable ``jac``) are @njit functions; a plain Python function is jitted
    once.  ``sigma`` may be None, a number, 1-D (weights 1/sigma) or 2-D (a
    covariance matrix, through its Cholesky factor, computed and applied by
    the same LAPACK routines as scipy's).  The model returns one value per
    data point, or a single value (scipy also broadcasts a ``ydata`` of one
    value against a longer model result; scijit raises, as m is ydata's size).  From Python,
    ``**kwargs`` takes leastsq's options (ftol, xtol, gtol, maxfev, epsfcn,
    factor, diag, col_deriv).

    **Inside @njit**: ``p0`` must be None or a *tuple* (the number of
    parameters must be known at compile time, see the module docstring);
    ``full_output``, ``absolute_sigma`` and ``check_finite`` should be
    constants; no ``**kwargs``; pcov that cannot be estimated is inf without
    a warning.

    Finite ``bounds`` and methods 'trf'/'dogbox' raise NotImplementedError
    naming the argument (also a ValueError, as scipy's 'lm' with bounds);
    ``nan_policy`` 'raise'/'omit' likewise.  NaN or inf in the data with
    ``check_finite`` (the default) raises ValueError, as scipy.
    """
    lb, ub = (np.asarray(b, dtype=float) for b in
              ((bounds.lb, bounds.ub) if hasattr(bounds, "lb") else bounds))
    if np.any((lb > -np.inf) | (ub < np.inf)):
        raise UnsupportedArgument("curve_fit: finite 'bounds' are not implemented in scijit "
                                  "(only the unbounded 'lm' case)")
    if method not in (None, 'lm'):
        raise UnsupportedArgument("curve_fit: method=%r is not implemented in scijit (only "
                                  "'lm')" % (method,))
    if check_finite is None:
        check_finite = nan_policy is None
    if not check_finite and nan_policy is not None:
        if nan_policy == "propagate":
            raise ValueError("`nan_policy='propagate'` is not supported by this function.")
        if nan_policy not in ("raise", "omit"):
            raise ValueError("nan_policy must be one of {None, 'raise', 'omit'}")
        raise UnsupportedArgument("curve_fit: 'nan_policy' %r is not implemented in scijit"
                                  % nan_policy)
    if 'args' in kwargs:
        raise ValueError("'args' is not a supported keyword argument.")
    unknown = set(kwargs) - set(LEASTSQ_KWARGS)
    if unknown:
        raise TypeError("curve_fit: unexpected keyword argument(s) %s (leastsq's options are "
                        "accepted)" % ", ".join(sorted(unknown)))
    f = A.python_callable(_ROUTINE, "f", f)
    if callable(jac):
        jac = A.python_callable(_ROUTINE, "jac", jac)
    elif jac is not None:
        raise UnsupportedArgument("curve_fit: 'jac' must be None or a function for method 'lm'")
    if p0 is None:
        n = nparams_from_signature(f)
        p0 = np.ones(n)
    else:
        p0 = np.atleast_1d(A.python_real_vector(_ROUTINE, "p0", p0)).reshape(-1)
        n = p0.size
    ydata = A.python_float_vector(_ROUTINE, "ydata", ydata)
    if isinstance(xdata, (list, tuple, np.ndarray)):
        xdata = A.python_float_vector(_ROUTINE, "xdata", xdata)
    if sigma is not None:
        sigma = np.asarray(sigma, dtype=float)
        if sigma.size == 1:
            sigma = sigma.reshape(1)
        elif sigma.ndim not in (1, 2):
            raise ValueError("`sigma` has incorrect shape.")
    o = {**LEASTSQ_KWARGS, **kwargs}
    diag = None if o['diag'] is None else (
        A.python_float_vector(_ROUTINE, "diag", o['diag']).reshape(-1))
    epsfcn = None if o['epsfcn'] is None else float(o['epsfcn'])
    jac_name = None if jac is None else jac.py_func.__name__
    popt, pcov, info, mesg, ier, warn_cov = _python_entry(n, sigma_kind(sigma), jac_name)(
        f, jac, p0, xdata, ydata, sigma, bool(absolute_sigma), bool(check_finite),
        bool(o['col_deriv']), float(o['ftol']), float(o['xtol']), float(o['gtol']),
        A.python_int(_ROUTINE, "maxfev", o['maxfev']), epsfcn, float(o['factor']), diag)
    if warn_cov:
        from scipy.optimize import OptimizeWarning
        warnings.warn('Covariance of the parameters could not be estimated',
                      category=OptimizeWarning, stacklevel=2)
    if full_output:
        return popt, pcov, info, mesg, ier
    return popt, pcov


@functools.lru_cache(maxsize=None)
def _python_entry(n, kind, jac_name):
    """The @njit trampoline of the Python entry (``n`` parameters, a
    constant of the compiled code, as inside @njit; see :func:`fit_raw`)."""
    run = fit(n, kind, jac_name)

    @njit
    def entry(f, jac, p0, xdata, ydata, sigma, absolute_sigma, check_finite, col_deriv, ftol,
              xtol, gtol, maxfev, epsfcn, factor, diag):
        return run(f, jac, p0, xdata, ydata, sigma, absolute_sigma, check_finite, col_deriv,
                   ftol, xtol, gtol, maxfev, epsfcn, factor, diag)
    return entry


def _curve_fit_overload(f, xdata, ydata, p0=None, sigma=None, absolute_sigma=False,
                        check_finite=None, bounds=(-np.inf, np.inf), method=None, jac=None,
                        full_output=False, nan_policy=None):
    """The @overload chooser: n from p0's tuple type or f's signature."""
    A.check_callable(_ROUTINE, "f", f)
    A.check_callable(_ROUTINE, "jac", jac, optional=True)
    if A.is_none(p0):
        try:
            n = nparams_from_signature(f.dispatcher)
        except ValueError as exc:
            raise TypingError("curve_fit: %s" % exc)
    elif isinstance(p0, types.BaseTuple):
        n = len(p0)
    else:
        raise TypingError("curve_fit: inside @njit 'p0' must be None or a tuple of numbers (the "
                          "number of parameters must be known at compile time), got %s" % p0)
    full = A.constant_flag("curve_fit", "full_output", full_output)
    meth = A.constant(method, method)
    if meth not in (None, 'lm'):
        raise TypingError("curve_fit: method=%r is not implemented in scijit (only 'lm')"
                          % (meth,))
    if not A.is_none(nan_policy):
        raise TypingError("curve_fit: 'nan_policy' is not implemented inside @njit")
    omitted_bounds = isinstance(bounds, types.Omitted)
    chk = A.constant(check_finite, check_finite)
    if isinstance(chk, types.Type):          # a run-time bool
        def finite(check_finite):
            return check_finite
    else:
        chk_value = True if chk is None else bool(chk)

        def finite(check_finite):
            return chk_value
    finite = njit(inline="always")(finite)
    if A.is_none(p0):
        def start(p0):
            return np.ones(n)
    else:
        def start(p0):
            return p0
    start = njit(inline="always")(start)

    if not omitted_bounds:
        def check_bounds(bounds):
            check_no_bounds(A.as_float_vector(bounds[0]), A.as_float_vector(bounds[1]))
    else:
        def check_bounds(bounds):
            pass
    check_bounds = njit(inline="always")(check_bounds)

    jac_name = None if A.is_none(jac) else jac.dispatcher.py_func.__name__
    run = (fit if full else fit_raw)(n, sigma_kind(sigma), jac_name)
    if full:
        def impl(f, xdata, ydata, p0=None, sigma=None, absolute_sigma=False, check_finite=None,
                 bounds=(-np.inf, np.inf), method=None, jac=None, full_output=False,
                 nan_policy=None):
            check_bounds(bounds)
            popt, pcov, info, mesg, ier, _ = run(
                f, jac, start(p0), xdata, ydata, sigma, absolute_sigma,
                finite(check_finite), False, 1.49012e-08, 1.49012e-08, 0.0, 0, None, 100.0, None)
            return popt, pcov, info, mesg, ier
    else:
        def impl(f, xdata, ydata, p0=None, sigma=None, absolute_sigma=False, check_finite=None,
                 bounds=(-np.inf, np.inf), method=None, jac=None, full_output=False,
                 nan_policy=None):
            check_bounds(bounds)
            slot = error_slot()         # (held: see fit)
            outputs = run(slot, f, jac, start(p0), xdata, ydata, sigma, finite(check_finite),
                          False, 1.49012e-08, 1.49012e-08, 0.0, 0, None, 100.0, None)
            raise_held(slot, outputs)
            p, fvec, fjac, ipvt, qtf, ier, nfev, njev, maxfev_ = outputs
            return short_output(p, fvec, fjac, ipvt, ier, maxfev_, absolute_sigma)
    return impl


@njit(cache=True)
def check_no_bounds(lb, ub):
    for v in lb:
        if v != -np.inf:
            raise NotImplementedError("curve_fit: finite 'bounds' are not implemented")
    for v in ub:
        if v != np.inf:
            raise NotImplementedError("curve_fit: finite 'bounds' are not implemented")


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "curve_fit": Chooser(_curve_fit_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
