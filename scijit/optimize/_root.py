"""``root`` for methods 'hybr' (MINPACK hybrd/hybrj) and 'lm' (lmdif/lmder), as scipy.

Built like :mod:`._fsolve` and :mod:`._leastsq`, whose cores it reuses.  From
Python, :func:`root` checks and converts the values and calls a small @njit
trampoline, which calls ``root`` again inside numba, where the ``@overload``
chooser :func:`_root_overload` settles ``method``, ``jac``, ``tol`` and
``options`` at compile time (once, for both entries) and inlines the solver
(:func:`solver`), so both entries return identical values.

What scipy 1.17 counts, and so do we: ``root`` reports in ``nfev`` every call
of ``fun`` (its ``_wrapped_fun`` counter), i.e. MINPACK's count plus the two
evaluations at ``x0`` before MINPACK starts -- for 'hybr' the same number
fsolve reports, for 'lm' leastsq's ``nfev + 2``.  ``njev`` is MINPACK's.

``jac=True`` (``fun`` returns ``(f, J)``): scipy memoises the pair; here two
small @njit wrappers (one per user function, made once) take ``f`` and ``J``
from it.  The counts are scipy's; ``fun`` itself is called once more per
Jacobian evaluation than under scipy's memo.
"""
import functools
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError

from lowering.held import error_slot, raise_held
from scijit_types import result_builder

from .. import _arguments as A
from .. import _options as O
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
# Plain inline @njit functions made per (method, Jacobian or not, names), not
# @overloads: an inline overload is compiled in full to be typed and then
# again where it is inlined, so one nested under the chooser doubled root's
# compile time.
@functools.lru_cache(maxsize=None)
def solver(method, has_jac, fname, jname):
    """scipy's _root_hybr or _root_leastsq as an inline @njit
    ``solve(fun, fprime, x0, args, options...)``, the options in the order
    and spelling of :data:`HYBR_OPTIONS` / :data:`LM_OPTIONS` (xtol first
    after col_deriv), ``fname``/``jname`` the names scipy's messages use."""
    if method == 'hybr':
        core = M.solve_hybrj if has_jac else M.solve_hybrd
        finish = hybr_result_jac if has_jac else hybr_result
        fmsg = M.shape_mismatch_template("func", fname)
        jmsg = M.shape_mismatch_template("fprime", jname) if has_jac else ""

        # (the user's exception held until the result is made: lowering/held.py)
        @njit(inline="always")
        def solve(fun, fprime, x0, args, col_deriv, xtol, maxfev, band, eps, factor, diag):
            x, ml, mu, d, mode, epsfcn = M.prepare(x0, band, diag, -1, eps, float(xtol),
                                                   int(maxfev), float(factor), True)
            slot = error_slot()
            ws, ier, nfev, njev, maxfev_ = core(slot, fun, fprime, x, (x.size,),
                                                A.as_args(args), int(col_deriv), float(xtol),
                                                int(maxfev), ml, mu, epsfcn, float(factor), d,
                                                mode, True, fmsg, jmsg)
            res = finish(x, ws, ier, nfev, njev, maxfev_, float(xtol))
            raise_held(slot, res)
            return res
        return solve

    core = L.solve_lmder if has_jac else L.solve_lmdif
    finish = lm_result_jac if has_jac else lm_result
    jmsg = L.dfun_mismatch_template(jname) if has_jac else ""

    @njit(inline="always")
    def solve(fun, Dfun, x0, args, col_deriv, xtol, ftol, gtol, maxiter, eps, factor, diag):
        x = A.as_float_vector(x0)
        d, use_diag = L.scaling_diag(diag, x)
        slot = error_slot()
        fvec, fjac, ipvt, qtf, ier, nfev, njev, maxfev_ = core(
            slot, fun, Dfun, x, A.as_args(args), col_deriv != 0, float(ftol), float(xtol),
            float(gtol), int(maxiter), float(eps), float(factor), d, use_diag, jmsg, 0, ())
        # scipy's nfev counts the two calls at x0 before MINPACK starts
        res = finish(x, fvec, fjac, ipvt, qtf, ier, nfev + 2, njev, float(ftol), float(xtol),
                     float(gtol), maxfev_)
        raise_held(slot, res)
        return res
    return solve


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

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from scijit.optimize import root
    >>> @njit
    ... def fun(x):
    ...     return np.array([x[0] + 0.5 * (x[0] - x[1])**3 - 1.0,
    ...                      0.5 * (x[1] - x[0])**3 + x[1]])
    >>> sol = root(fun, np.array([0.0, 0.0]), method='hybr')
    >>> np.round(sol.x, 6), sol.nfev
    (array([0.841164, 0.158836]), 14)
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
        jac, jac_kind = A.python_callable(_ROUTINE, "jac", jac), "function"
    else:
        jac_kind = bool(jac)
    options = options or {}
    known = HYBR_OPTIONS if meth == 'hybr' else LM_OPTIONS
    unknown = [k for k in options if k not in known]
    if unknown:     # scipy warns; inside @njit, where warnings do not exist, they raise
        from scipy.optimize import OptimizeWarning
        warnings.warn("Unknown solver options: %s" % ", ".join(map(str, unknown)),
                      OptimizeWarning, stacklevel=2)
    # an option given as None is its default (scipy's eps=None; lm's 0.0 means the same)
    given = {k: _python_option(k, v) for k, v in options.items() if k in known and v is not None}
    names = tuple(sorted(given))
    passed = O.options_tuple(names)(*(given[k] for k in names)) if names else None
    tol = None if tol is None else float(tol)
    sol = _python_entry(meth, jac_kind, tol is None)(fun, x0, args, jac, tol, passed)
    if meth == 'lm' and (not sol['success'] or np.any(np.diagonal(sol['fjac']) == 0.0)):
        sol['cov_x'] = None     # scipy's rule (leastsq): None unless status 1..4, R non-singular
    return sol


def _python_option(name, value):
    """An option's Python value as the trampoline passes it to the chooser."""
    if name == "diag":
        return A.python_float_vector(_ROUTINE, "diag", value).reshape(-1)
    if name == "band":
        return (A.python_int(_ROUTINE, "band", value[0]), A.python_int(_ROUTINE, "band", value[1]))
    if name in ("maxfev", "maxiter"):
        return A.python_int(_ROUTINE, name, value)
    if name == "col_deriv":
        return int(value)
    return float(value)


@functools.lru_cache(maxsize=None)
def _python_entry(method, jac_kind, no_tol):
    """The @njit trampoline of the Python entry: calls root inside numba, so
    that the chooser below settles ``method``, ``jac`` (``jac_kind``:
    "function", True or False), ``tol`` and the options."""
    source = ("def entry(fun, x0, args, jac, tol, options):\n"
              "    return root(fun, x0, args, %r, %s, %s, None, options)\n"
              % (method, "jac" if jac_kind == "function" else repr(jac_kind),
                 "None" if no_tol else "tol"))
    scope = {"root": root}
    exec(source, scope)     # jac's and tol's constants written out
    return njit(scope["entry"])


# ---------------------------------------------------------------- the chooser
# Inside @njit ``options`` is None, a dict of numbers (numba's typed
# DictType[str, number]: ``{'xtol': 1e-12, 'maxfev': 200}``), or a dict with
# mixed values (LiteralStrKeyDict, e.g. with an array 'diag'); scijit._options
# gives each option's value as an expression the chooser writes into one
# generated impl.
_EPS = float(np.finfo(np.float64).eps)     # hybr's eps=None, as fsolve's epsfcn=None


def _root_overload(fun, x0, args=(), method='hybr', jac=None, tol=None, callback=None,
                   options=None):
    """The @overload chooser: method, jac, tol and options settled at compile
    time, written into one generated impl that calls the inline solver."""
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
    fname = _fname(fun)
    scope = {}
    if isinstance(jac, types.Dispatcher):
        functions, jname = "fun, jac", _fname(jac)
    elif A.is_none(jac) or A.literal_bool(jac) is False:
        functions, jname = "fun, None", ""
    elif A.literal_bool(jac):
        scope["value"], scope["jacobian"] = split_pair(fun.dispatcher)
        functions, fname, jname = "value, jacobian", fname, fname + ".jac"
    else:
        raise TypingError("root: 'jac' must be None, a constant bool or an @njit function, "
                          "got %s" % jac)
    if not (A.is_none(tol) or isinstance(tol, (types.Float, types.Integer))):
        raise TypingError("root: 'tol' must be None or a number, got %s" % tol)
    known = HYBR_OPTIONS if meth == 'hybr' else LM_OPTIONS
    sources, checks = O.option_sources(_ROUTINE, options, known,
                                       given={} if A.is_none(tol) else {"xtol": "tol"},
                                       numeric_defaults={"eps": _EPS})
    scope["solve"] = solver(meth, jname != "", fname, jname)
    # Functions go straight into the inlined solver: a tuple of them (or a
    # function returning one) would make numba use first-class function types.
    return O.generated_impl(
        "fun, x0, args=(), method='hybr', jac=None, tol=None, callback=None, options=None",
        checks, ["return solve(%s, x0, args, %s)"
                 % (functions, ", ".join(sources[name] for name in known))], scope)


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "root": Chooser(_root_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
