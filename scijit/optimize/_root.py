"""``root`` for methods 'hybr' (MINPACK hybrd/hybrj) and 'lm' (lmdif/lmder), as scipy.

Built like :mod:`._fsolve` and :mod:`._leastsq`, whose cores it reuses: from
Python, :func:`root` settles ``method``, ``jac``, ``tol`` and ``options`` and
calls a small @njit trampoline; inside numba the ``@overload`` chooser
:func:`_root_overload` settles the same at compile time.  Both end in the
same inlined solver (:func:`_hybr` or :func:`_lm`), so both entries return
identical values.

What scipy 1.17 counts, and so do we: ``root`` reports in ``nfev`` every call
of ``fun`` (its ``_wrapped_fun`` counter), i.e. MINPACK's count plus the two
evaluations at ``x0`` before MINPACK starts -- for 'hybr' the same number
fsolve reports, for 'lm' leastsq's ``nfev + 2``.  ``njev`` is MINPACK's.

``jac=True`` (``fun`` returns ``(f, J)``): scipy memoises the pair; here two
small @njit wrappers (one per user function, made once) take ``f`` and ``J``
from it.  The counts are scipy's; ``fun`` itself is called once more per
Jacobian evaluation than under scipy's memo.
"""
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from scijit_types import result_builder

from .. import _arguments as A
from .._registration import Chooser, register_choosers
from . import _leastsq as L
from . import _fsolve as M

__all__ = ["root"]

_ROUTINE = "root"

#: scipy.optimize.root's methods; only 'hybr' and 'lm' are implemented here.
ROOT_METHODS = ('hybr', 'lm', 'broyden1', 'broyden2', 'anderson', 'linearmixing',
                'diagbroyden', 'excitingmixing', 'krylov', 'df-sane')

#: scipy's option names (and defaults) for the two methods.
HYBR_OPTIONS = dict(col_deriv=0, xtol=1.49012e-08, maxfev=0, band=None, eps=None, factor=100,
                    diag=None)
LM_OPTIONS = dict(col_deriv=0, xtol=1.49012e-08, ftol=1.49012e-08, gtol=0.0, maxiter=0,
                  eps=0.0, factor=100, diag=None)


# ---------------------------------------------------------------- jac=True
_pairs = {}


def split_pair(fun):
    """(value, jacobian): @njit wrappers returning ``fun(x, *args)[0]`` and
    ``[1]``, for ``jac=True``; made once per user function."""
    try:
        return _pairs[fun]
    except KeyError:
        pass

    @njit
    def value(x, *args):
        return fun(x, *args)[0]

    @njit
    def jacobian(x, *args):
        return fun(x, *args)[1]

    name = fun.py_func.__name__
    value.py_func.__name__ = name
    jacobian.py_func.__name__ = name + ".jac"
    _pairs[fun] = value, jacobian
    return value, jacobian


def _fname(fn):
    return fn.dispatcher.py_func.__name__


# ---------------------------------------------------------------- results
_hybr_fields = result_builder(("x", "success", "status", "method", "nfev", "fjac", "r", "qtf",
                               "fun", "message"))
_hybr_fields_jac = result_builder(("x", "success", "status", "method", "nfev", "njev", "fjac",
                                   "r", "qtf", "fun", "message"))
_lm_fields = result_builder(("x", "message", "status", "success", "cov_x", "fun", "method",
                             "nfev", "fjac", "ipvt", "qtf"))
_lm_fields_jac = result_builder(("x", "message", "status", "success", "cov_x", "fun", "method",
                                 "nfev", "njev", "fjac", "ipvt", "qtf"))


@njit(cache=True)
def hybr_result(x, ws, ier, nfev, njev, maxfev, xtol):
    fvec, fjac, r, qtf, _ = ws
    return _hybr_fields(x, ier == 1, ier, "hybr", nfev, fjac, r, qtf, fvec,
                        M.hybrid_message(ier, maxfev, xtol))


@njit(cache=True)
def hybr_result_jac(x, ws, ier, nfev, njev, maxfev, xtol):
    fvec, fjac, r, qtf, _ = ws
    return _hybr_fields_jac(x, ier == 1, ier, "hybr", nfev, njev, fjac, r, qtf, fvec,
                            M.hybrid_message(ier, maxfev, xtol))


@njit(cache=True)
def lm_result(x, fvec, fjac, ipvt, qtf, ier, nfev, njev, ftol, xtol, gtol, maxfev):
    cov, fjac, ipvt = L.full_outputs(x.size, fvec, fjac, ipvt, ier)
    return _lm_fields(x, L.lm_message(ier, ftol, xtol, gtol, maxfev), ier, 1 <= ier <= 4, cov,
                      fvec, "lm", nfev, fjac, ipvt, qtf)


@njit(cache=True)
def lm_result_jac(x, fvec, fjac, ipvt, qtf, ier, nfev, njev, ftol, xtol, gtol, maxfev):
    cov, fjac, ipvt = L.full_outputs(x.size, fvec, fjac, ipvt, ier)
    return _lm_fields_jac(x, L.lm_message(ier, ftol, xtol, gtol, maxfev), ier, 1 <= ier <= 4,
                          cov, fvec, "lm", nfev, njev, fjac, ipvt, qtf)


# ---------------------------------------------------------------- the two solvers
def _hybr(fun, fprime, x0, args, col_deriv, xtol, maxfev, band, eps, factor, diag):
    """scipy's _root_hybr (inline; overloaded below)."""


@overload(_hybr, inline="always")
def _hybr_ovl(fun, fprime, x0, args, col_deriv, xtol, maxfev, band, eps, factor, diag):
    has_jac = not A.is_none(fprime)
    core = M.solve_hybrj if has_jac else M.solve_hybrd
    finish = hybr_result_jac if has_jac else hybr_result
    fmsg = M.shape_mismatch_template("func", _fname(fun))
    jmsg = M.shape_mismatch_template("fprime", _fname(fprime)) if has_jac else ""

    def impl(fun, fprime, x0, args, col_deriv, xtol, maxfev, band, eps, factor, diag):
        x, ml, mu, d, mode, epsfcn = M.prepare(x0, band, diag, -1, eps, float(xtol), int(maxfev),
                                               float(factor), True)
        ws, ier, nfev, njev, maxfev_ = core(fun, fprime, x, (x.size,), A.as_args(args),
                                            int(col_deriv), float(xtol), int(maxfev), ml, mu,
                                            epsfcn, float(factor), d, mode, True, fmsg, jmsg)
        return finish(x, ws, ier, nfev, njev, maxfev_, float(xtol))
    return impl


def _lm(fun, Dfun, x0, args, col_deriv, xtol, ftol, gtol, maxiter, eps, factor, diag):
    """scipy's _root_leastsq (inline; overloaded below)."""


@overload(_lm, inline="always")
def _lm_ovl(fun, Dfun, x0, args, col_deriv, xtol, ftol, gtol, maxiter, eps, factor, diag):
    has_jac = not A.is_none(Dfun)
    core = L.solve_lmder if has_jac else L.solve_lmdif
    finish = lm_result_jac if has_jac else lm_result
    jmsg = L.dfun_mismatch_template(_fname(Dfun)) if has_jac else ""

    def impl(fun, Dfun, x0, args, col_deriv, xtol, ftol, gtol, maxiter, eps, factor, diag):
        x = A.as_float_vector(x0)
        d, use_diag = L.scaling_diag(diag, x)
        fvec, fjac, ipvt, qtf, ier, nfev, njev, maxfev_ = core(
            fun, Dfun, x, A.as_args(args), col_deriv != 0, float(ftol), float(xtol),
            float(gtol), int(maxiter), eps, float(factor), d, use_diag, jmsg, 0, ())
        # scipy's nfev counts the two calls at x0 before MINPACK starts
        return finish(x, fvec, fjac, ipvt, qtf, ier, nfev + 2, njev, float(ftol),
                      float(xtol), float(gtol), maxfev_)
    return impl


# ---------------------------------------------------------------- public API
def root(fun, x0, args=(), method='hybr', jac=None, tol=None, callback=None, options=None):
    """Find a root of a vector function (scipy.optimize.root, compiled), for
    ``method='hybr'`` and ``method='lm'``.

    Parameters
    ----------
    fun, x0, args, method, jac, tol, callback, options
        As :func:`scipy.optimize.root`.  ``fun`` (and a callable ``jac``) are
        @njit functions ``f(x, *args)``; a plain Python function is jitted
        once.  ``jac=True`` means ``fun`` returns ``(f, J)``.  ``options``
        takes scipy's keys for the method ('hybr': col_deriv, xtol, maxfev,
        band, eps, factor, diag; 'lm': col_deriv, xtol, ftol, gtol, maxiter,
        eps, factor, diag); ``tol`` sets ``xtol`` unless options give it.

        **Inside @njit**: ``method`` must be a constant string, ``jac`` None,
        a constant bool or an @njit function, and ``options`` None or a dict
        literal (``{'xtol': 1e-12, 'maxfev': 200}``, numba's typed dict; or
        with mixed values such as an array ``diag``); an unknown option
        raises (scipy warns); ``callback`` is ignored, as scipy ignores it
        for these methods (scipy also warns).

    Returns
    -------
    OptimizeResult
        scipy's fields for the method: 'hybr': x, success, status, method,
        nfev, njev (with a Jacobian), fjac, r, qtf, fun, message; 'lm': x,
        message, status, success, cov_x, fun, method, nfev, njev (with a
        Jacobian), fjac, ipvt, qtf.  ``cov_x`` is None where scipy's is
        (from Python); inside @njit it is then an (n, n) array of NaN.

    Notes
    -----
    Other scipy methods raise NotImplementedError (an unknown one ValueError,
    as scipy).  Improper options raise ValueError naming the argument for
    'hybr' (as fsolve's ``validate=True``).
    """
    fun = A.python_callable(_ROUTINE, "fun", fun)
    if not isinstance(method, str):
        raise TypeError("root: 'method' must be a string, got %r" % type(method).__name__)
    meth = method.lower()
    if meth not in ('hybr', 'lm'):
        if meth in ROOT_METHODS:
            raise NotImplementedError("root: method=%r is not implemented in scijit "
                                      "(only 'hybr' and 'lm')" % method)
        raise ValueError(f'Unknown solver {method}')
    args = A.python_args(_ROUTINE, args)
    x0 = A.python_real_vector(_ROUTINE, "x0", x0).reshape(-1)
    if callback is not None:
        warnings.warn(f'Method {method} does not accept callback.', RuntimeWarning, stacklevel=2)
    if callable(jac):
        fprime = A.python_callable(_ROUTINE, "jac", jac)
    elif bool(jac):
        fun, fprime = split_pair(fun)
    else:
        fprime = None
    options = dict(options or {})
    if tol is not None:
        options.setdefault('xtol', tol)
    known = HYBR_OPTIONS if meth == 'hybr' else LM_OPTIONS
    unknown = {k: v for k, v in options.items() if k not in known}
    if unknown:
        from scipy.optimize import OptimizeWarning
        warnings.warn("Unknown solver options: %s" % ", ".join(map(str, unknown.keys())),
                      OptimizeWarning, stacklevel=2)
    o = {**known, **{k: v for k, v in options.items() if k in known}}
    diag = None if o['diag'] is None else (
        A.python_float_vector(_ROUTINE, "diag", o['diag']).reshape(-1))
    eps = None if o['eps'] is None else float(o['eps'])
    if meth == 'hybr':
        band = None if o['band'] is None else (A.python_int(_ROUTINE, "band", o['band'][0]),
                                               A.python_int(_ROUTINE, "band", o['band'][1]))
        return _python_hybr(fun, fprime, x0, args, int(o['col_deriv']), float(o['xtol']),
                            A.python_int(_ROUTINE, "maxfev", o['maxfev']), band, eps,
                            float(o['factor']), diag)
    sol = _python_lm(fun, fprime, x0, args, bool(o['col_deriv']), float(o['xtol']),
                     float(o['ftol']), float(o['gtol']),
                     A.python_int(_ROUTINE, "maxiter", o['maxiter']), eps,
                     float(o['factor']), diag)
    # scipy's rule (leastsq): cov_x None unless status in 1..4 and R non-singular
    if not sol['success'] or np.any(np.diagonal(sol['fjac']) == 0.0):
        sol['cov_x'] = None
    return sol


@njit
def _python_hybr(fun, fprime, x0, args, col_deriv, xtol, maxfev, band, eps, factor, diag):
    return _hybr(fun, fprime, x0, args, col_deriv, xtol, maxfev, band, eps, factor, diag)


@njit
def _python_lm(fun, Dfun, x0, args, col_deriv, xtol, ftol, gtol, maxiter, eps, factor, diag):
    return _lm(fun, Dfun, x0, args, col_deriv, xtol, ftol, gtol, maxiter, eps, factor, diag)


# ---------------------------------------------------------------- options inside @njit
# Inside @njit ``options`` is None, a dict of numbers (numba's typed
# DictType[str, number]: ``{'xtol': 1e-12, 'maxfev': 200}``), or a dict with
# mixed values (LiteralStrKeyDict, e.g. with an array 'diag').  Each option
# becomes a small inline reader ``options -> value``; keys are settled at
# compile time where the type knows them, at run time for a typed dict.
_EPS = np.finfo(np.float64).eps     # hybr's eps=None, as fsolve's epsfcn=None


def _typed_dict_of_numbers(options):
    return (isinstance(options, types.DictType) and options.key_type == types.unicode_type
            and isinstance(options.value_type, (types.Integer, types.Float, types.Boolean)))


def _option_reader(options, name, default, known):
    """An inline @njit ``reader(options)`` giving option ``name`` or its default."""
    if isinstance(options, types.LiteralStrKeyDict):
        unknown = [k for k in options.fields if k not in known]
        if unknown:
            raise TypingError("root: Unknown solver options: %s" % ", ".join(unknown))
        if name in options.fields:
            ns = {}
            exec("def reader(options):\n    return options[%r]\n" % name, ns)
            return njit(inline="always")(ns["reader"])
    elif _typed_dict_of_numbers(options):
        if name not in ("band", "diag"):        # not numbers: never in such a dict
            value = _EPS if default is None else float(default)

            def reader(options):          # (dict.get would type as Optional)
                return options[name] if name in options else value
            return njit(inline="always")(reader)
    elif not A.is_none(options):
        raise TypingError("root: 'options' must be None or a dict with constant string keys "
                          "inside @njit, got %s" % options)

    def reader(options):
        return default
    return njit(inline="always")(reader)


@njit(cache=True)
def check_option_names(options, names):
    for key in options:
        if key not in names:
            raise ValueError("root: Unknown solver option: " + key)


def _xtol_reader(options, tol, known):
    """scipy: ``tol`` sets xtol unless options give it.  (For a typed dict
    this reader, called once per solve, also checks the option names.)"""
    if _typed_dict_of_numbers(options):
        names = tuple(known)
        if A.is_none(tol):
            def xtol_of(options, tol):
                check_option_names(options, names)
                return float(options["xtol"]) if "xtol" in options else 1.49012e-08
        else:
            def xtol_of(options, tol):
                check_option_names(options, names)
                return float(options["xtol"]) if "xtol" in options else float(tol)
    else:
        xtol = _option_reader(options, "xtol", 1.49012e-08, known)
        given = isinstance(options, types.LiteralStrKeyDict) and "xtol" in options.fields
        if A.is_none(tol) or given:
            def xtol_of(options, tol):
                return float(xtol(options))
        else:
            def xtol_of(options, tol):
                return float(tol)
    return njit(inline="always")(xtol_of)


def _root_overload(fun, x0, args=(), method='hybr', jac=None, tol=None, callback=None,
                   options=None):
    """The @overload chooser: method, jac and tol settled at compile time."""
    A.check_callable(_ROUTINE, "fun", fun)
    A.check_args(_ROUTINE, args)
    meth = A.constant(method)
    if not isinstance(meth, str):
        raise TypingError("root: 'method' must be a constant string inside @njit, got %s"
                          % method)
    meth = meth.lower()
    if meth not in ('hybr', 'lm'):
        if meth in ROOT_METHODS:
            raise TypingError("root: method=%r is not implemented in scijit (only 'hybr' and "
                              "'lm')" % meth)
        raise TypingError("root: Unknown solver %s" % meth)
    known = HYBR_OPTIONS if meth == 'hybr' else LM_OPTIONS
    opt = {name: _option_reader(options, name, default, known)
           for name, default in known.items()}
    if isinstance(jac, types.Dispatcher):
        pair = False
    elif A.is_none(jac) or A.literal_bool(jac) is not None:
        pair = bool(A.literal_bool(jac)) if not A.is_none(jac) else False
    else:
        raise TypingError("root: 'jac' must be None, a constant bool or an @njit function, "
                          "got %s" % jac)
    if pair:
        value, jacobian = split_pair(fun.dispatcher)
    if not (A.is_none(tol) or isinstance(tol, (types.Float, types.Integer))):
        raise TypingError("root: 'tol' must be None or a number, got %s" % tol)
    xtol_of = _xtol_reader(options, tol, known)
    col_deriv, eps, factor, diag = (opt[k] for k in ("col_deriv", "eps", "factor", "diag"))

    # Functions go straight into the inlined solver: a tuple of them (or a
    # function returning one) would make numba use first-class function types.
    if meth == 'hybr':
        maxfev, band = opt["maxfev"], opt["band"]

        def run(fun, fprime, x0, args, tol, options):
            return _hybr(fun, fprime, x0, args, int(col_deriv(options)), xtol_of(options, tol),
                         int(maxfev(options)), band(options), eps(options),
                         float(factor(options)), diag(options))
    else:
        ftol, gtol, maxiter = opt["ftol"], opt["gtol"], opt["maxiter"]

        def run(fun, fprime, x0, args, tol, options):
            return _lm(fun, fprime, x0, args, col_deriv(options) != 0, xtol_of(options, tol),
                       float(ftol(options)), float(gtol(options)), int(maxiter(options)),
                       float(eps(options)), float(factor(options)), diag(options))
    run = njit(inline="always")(run)

    if pair:
        def impl(fun, x0, args=(), method='hybr', jac=None, tol=None, callback=None,
                 options=None):
            return run(value, jacobian, x0, args, tol, options)
    elif isinstance(jac, types.Dispatcher):
        def impl(fun, x0, args=(), method='hybr', jac=None, tol=None, callback=None,
                 options=None):
            return run(fun, jac, x0, args, tol, options)
    else:
        def impl(fun, x0, args=(), method='hybr', jac=None, tol=None, callback=None,
                 options=None):
            return run(fun, None, x0, args, tol, options)
    return impl


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "root": Chooser(_root_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
