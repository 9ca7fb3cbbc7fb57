"""Minimisation of a function of one variable: ``minimize_scalar`` (methods
'brent', 'golden', 'bounded') and the legacy ``brent``, ``golden``,
``fminbound`` and ``bracket``, as scipy 1.17 has them.

Two entries, one implementation, as the scalar root finders
(:mod:`._zeros`): each method's solver is one @njit function
(:mod:`._scalar_minimizers`), compiled once per user function and shared by
the @njit choosers here and by the Python entries' trampolines, so ``x``,
``fun``, ``nit`` and ``nfev`` are scipy's from both.  The Python entries
keep what numba has not: scipy's warnings and printing (``disp``), its
result types (``np.float64`` fields, the key order of the
``OptimizeResult`` after a bracket search failed).  Inside @njit nothing
warns or prints; ``disp`` is accepted and ignored.
"""
import functools
import math
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import type_only
from lowering.separate import separate
from scijit_types import result_builder

from .. import _arguments as A
from .. import _options as O
from .._format import format_repr
from .._registration import Chooser, register_choosers
from ._scalar_minimizers import (BOUNDED_MAXITER, BOUNDED_XATOL, BRACKET_MAXITER, BRENT_MAXITER,
                                 BRENT_XTOL, GOLDEN_MAXITER, GOLDEN_XTOL, GROW_LIMIT,
                                 NO_BRACKET, NO_BRACKET_MESSAGE, BracketError,
                                 MinimizeScalarInputError, bracket_solver, raise_bracket_error,
                                 scalar_minimizer)

__all__ = ["bracket", "brent", "fminbound", "golden", "minimize_scalar"]

#: each method's options and defaults (scipy's _minimize_scalar_* keywords)
METHOD_OPTIONS = {
    "brent": {"xtol": BRENT_XTOL, "maxiter": BRENT_MAXITER, "disp": 0},
    "golden": {"xtol": GOLDEN_XTOL, "maxiter": GOLDEN_MAXITER, "disp": 0},
    "bounded": {"xatol": BOUNDED_XATOL, "maxiter": BOUNDED_MAXITER, "disp": 0},
}

_SUCCESS = ("\nOptimization terminated successfully;\n"
            "The returned value satisfies the termination criteria\n(using xtol = ")
_MAXITER = "\nMaximum number of iterations exceeded"
_NAN = "NaN result encountered."
_BRACKET_LENGTH = "Bracketing interval must be length 2 or 3 sequence."
#: bounded's messages by flag (scipy's dict)
BOUNDED_MESSAGES = {0: "Solution found.", 1: "Maximum number of function calls reached.",
                    2: _NAN}
_FMINBOUND_MAXFUN = ("\nMaximum number of function evaluations exceeded --- "
                     "increase maxfun argument.\n")


# ---------------------------------------------------------------- results and messages
@separate      # (a message: string code every caller would optimise again)
@njit(cache=True)
def sectioning_message(x, fx, nit, maxiter, status, xtol_text):
    """brent's and golden's message (scipy's, in its order of precedence),
    ``xtol_text`` scipy's ``{xtol}``; and success."""
    if status == NO_BRACKET:
        return NO_BRACKET_MESSAGE, False
    nan = x != x or fx != fx
    if nit < maxiter and not nan:
        return _SUCCESS + xtol_text + " )", True
    if nan:
        return _NAN, False
    return _MAXITER, False


@njit(cache=True)
def bounded_message(flag):
    if flag == 0:
        return "Solution found."
    if flag == 1:
        return "Maximum number of function calls reached."
    if flag == 2:
        return _NAN
    return ""


#: the fields of each method's OptimizeResult, in scipy's order
BRENT_FIELDS = ("fun", "x", "nit", "nfev", "success", "message")
GOLDEN_FIELDS = ("fun", "nfev", "x", "nit", "success", "message")
BOUNDED_FIELDS = ("fun", "status", "success", "message", "x", "nfev", "nit")
_brent_result = result_builder(BRENT_FIELDS)
_golden_result = result_builder(GOLDEN_FIELDS)
_bounded_result = result_builder(BOUNDED_FIELDS)


@njit(cache=True)
def brent_result(x, fx, nit, nfev, status, maxiter, xtol_text):
    """minimize_scalar's brent result (after a failed bracket search too:
    inside @njit one layout, scipy's brent order)."""
    message, success = sectioning_message(x, fx, nit, maxiter, status, xtol_text)
    return _brent_result(fx, x, nit, nfev, success, message)


@njit(cache=True)
def golden_result(x, fx, nit, nfev, status, maxiter, xtol_text):
    message, success = sectioning_message(x, fx, nit, maxiter, status, xtol_text)
    return _golden_result(fx, nfev, x, nit, success, message)


@njit(cache=True)
def bounded_result(x, fx, nit, nfev, flag):
    return _bounded_result(fx, flag, flag == 0, bounded_message(flag), x, nfev, nit)


# ---------------------------------------------------------------- inside @njit
def _brack_reader(routine, brack):
    """An inline ``brack -> (nbrack, b0, b1, b2)`` for brack's type: None, a
    pair or a triple of numbers; another length raises scipy's ValueError at
    run time (its length is settled at compile time)."""
    if A.is_none(brack):
        return njit(inline="always")(lambda brack: (0, 0.0, 0.0, 0.0))
    if isinstance(brack, types.Omitted):
        brack = brack.value
    if isinstance(brack, types.BaseTuple):
        for i, ty in enumerate(brack):
            A.check_number(routine, "bracket[%d]" % i, ty)
        if len(brack) == 2:
            return njit(inline="always")(
                lambda brack: (2, float(brack[0]), float(brack[1]), 0.0))
        if len(brack) == 3:
            return njit(inline="always")(
                lambda brack: (3, float(brack[0]), float(brack[1]), float(brack[2])))
        fail = A.raiser(MinimizeScalarInputError, _BRACKET_LENGTH, arity=1, inline=False)

        @njit(inline="always")
        def wrong_length(brack):
            fail(brack)
            return 0, 0.0, 0.0, 0.0
        return wrong_length
    raise TypingError("%s: 'bracket' must be None or a tuple of 2 or 3 numbers inside @njit, "
                      "got %s" % (routine, brack))


def _bounds_reader(bounds):
    """An inline ``bounds -> (x1, x2)`` for a pair of numbers; another
    length raises scipy's ValueError at run time."""
    if isinstance(bounds, types.BaseTuple):
        for i, ty in enumerate(bounds):
            A.check_number("minimize_scalar", "bounds[%d]" % i, ty)
        if len(bounds) == 2:
            return njit(inline="always")(lambda bounds: (float(bounds[0]), float(bounds[1])))
        fail = A.raiser(MinimizeScalarInputError, "bounds must have two elements.", arity=1,
                        inline=False)

        @njit(inline="always")
        def wrong_length(bounds):
            fail(bounds)
            return 0.0, 0.0
        return wrong_length
    raise TypingError("minimize_scalar: 'bounds' must be a tuple of two numbers inside @njit, "
                      "got %s" % bounds)


def tol_text(tol):
    """scipy's ``{xtol}`` in a message: Python's text of the number."""


@overload(tol_text)
def _tol_text_ovl(tol):
    if isinstance(tol, types.Integer):
        return lambda tol: str(tol)
    return lambda tol: format_repr(float(tol))


def _minimize_scalar_overload(fun, bracket=None, bounds=None, args=(), method=None, tol=None,
                              options=None):
    """The @overload chooser: method, bracket, bounds, tol and options are
    settled at compile time and written into one generated implementation
    that calls the method's solver function."""
    routine = "minimize_scalar"
    A.check_callable(routine, "fun", fun)
    A.check_args(routine, args)
    A.check_number(routine, "tol", tol, optional=True)
    name = A.constant(method, otherwise=method)
    if name is None:
        meth = "brent" if A.is_none(bounds) else "bounded"
    elif isinstance(name, str):
        meth = name.lower()
    else:
        raise TypingError("minimize_scalar: 'method' must be None or a constant string inside "
                          "@njit, got %s" % method)
    if meth not in METHOD_OPTIONS:
        raise TypingError("minimize_scalar: Unknown solver %s" % name)
    if not A.is_none(bounds) and meth in ("brent", "golden"):
        raise TypingError("minimize_scalar: Use of `bounds` is incompatible with 'method=%s'."
                          % name)
    if meth == "bounded" and A.is_none(bounds):
        raise TypingError("minimize_scalar: The `bounds` parameter is mandatory for method "
                          "`bounded`.")
    known = METHOD_OPTIONS[meth]
    tol_name = "xatol" if meth == "bounded" else "xtol"
    given = {} if A.is_none(tol) else {tol_name: "tol"}
    sources, checks = O.option_sources(routine, options, known, given)
    scope = {"type_only": type_only, "run": scalar_minimizer(meth), "tol_text": tol_text}
    if meth == "bounded":
        scope["read_bounds"] = _bounds_reader(bounds)
        scope["finish"] = bounded_result
        lines = ["x1, x2 = read_bounds(bounds)",
                 "x, fx, nit, nfev, flag, _ = run(type_only(fun), args, x1, x2, float(%s), "
                 "int(%s))" % (sources["xatol"], sources["maxiter"]),
                 "return finish(x, fx, nit, nfev, flag)"]
    else:
        scope["read_brack"] = _brack_reader(routine, bracket)
        scope["finish"] = brent_result if meth == "brent" else golden_result
        # scipy's message shows the tolerance: the default's text is a constant
        default = repr(known["xtol"])
        text = repr(default) if sources["xtol"] == default else "tol_text(%s)" % sources["xtol"]
        lines = ["nbrack, b0, b1, b2 = read_brack(bracket)",
                 "maxiter = int(%s)" % sources["maxiter"],
                 "x, fx, nit, nfev, status, _ = run(type_only(fun), args, nbrack, b0, b1, b2, "
                 "float(%s), maxiter)" % sources["xtol"],
                 "return finish(x, fx, nit, nfev, status, maxiter, %s)" % text]
    return O.generated_impl("fun, bracket=None, bounds=None, args=(), method=None, tol=None, "
                            "options=None", checks, lines, scope)


def _sectioning_overload(routine, default_tol, default_maxiter):
    """The chooser of the legacy ``brent`` or ``golden``: ``full_output`` (a
    constant) picks the return, a failed bracket search raises BracketError."""
    def chooser(func, args=(), brack=None, tol=default_tol, full_output=0,
                maxiter=default_maxiter):
        A.check_callable(routine, "func", func)
        A.check_args(routine, args)
        A.check_number(routine, "tol", tol)
        A.check_integer(routine, "maxiter", maxiter)
        full = A.constant_flag(routine, "full_output", full_output)
        read = _brack_reader(routine, brack)
        run = scalar_minimizer(routine)

        @njit(inline="always")
        def solve(func, args, brack, tol, maxiter):
            nbrack, b0, b1, b2 = read(brack)
            x, fx, nit, nfev, status, found = run(type_only(func), args, nbrack, b0, b1, b2,
                                                  float(tol), int(maxiter))
            if status == NO_BRACKET:
                raise_bracket_error(*found)
            return x, fx, nit, nfev

        if full and routine == "brent":
            def impl(func, args=(), brack=None, tol=default_tol, full_output=0,
                     maxiter=default_maxiter):
                return solve(func, args, brack, tol, maxiter)
        elif full:
            def impl(func, args=(), brack=None, tol=default_tol, full_output=0,
                     maxiter=default_maxiter):
                x, fx, nit, nfev = solve(func, args, brack, tol, maxiter)
                return x, fx, nfev
        else:
            def impl(func, args=(), brack=None, tol=default_tol, full_output=0,
                     maxiter=default_maxiter):
                return solve(func, args, brack, tol, maxiter)[0]
        return impl
    chooser.__name__ = "_%s_overload" % routine
    return chooser


def _fminbound_overload(func, x1, x2, args=(), xtol=BOUNDED_XATOL, maxfun=BOUNDED_MAXITER,
                        full_output=0, disp=1):
    """fminbound's chooser: scipy's bounded method; ``disp`` is ignored
    inside @njit (no warnings there)."""
    routine = "fminbound"
    A.check_callable(routine, "func", func)
    A.check_number(routine, "x1", x1)
    A.check_number(routine, "x2", x2)
    A.check_args(routine, args)
    A.check_number(routine, "xtol", xtol)
    A.check_integer(routine, "maxfun", maxfun)
    full = A.constant_flag("fminbound", "full_output", full_output)
    run = scalar_minimizer("bounded")
    if full:
        def impl(func, x1, x2, args=(), xtol=BOUNDED_XATOL, maxfun=BOUNDED_MAXITER,
                 full_output=0, disp=1):
            x, fx, nit, nfev, flag, _ = run(type_only(func), args, float(x1), float(x2),
                                            float(xtol), int(maxfun))
            return x, fx, flag, nfev
    else:
        def impl(func, x1, x2, args=(), xtol=BOUNDED_XATOL, maxfun=BOUNDED_MAXITER,
                 full_output=0, disp=1):
            return run(type_only(func), args, float(x1), float(x2), float(xtol),
                       int(maxfun))[0]
    return impl


def _bracket_overload(func, xa=0.0, xb=1.0, args=(), grow_limit=GROW_LIMIT,
                      maxiter=BRACKET_MAXITER):
    """bracket's chooser: the 7 values, or BracketError."""
    routine = "bracket"
    A.check_callable(routine, "func", func)
    A.check_number(routine, "xa", xa)
    A.check_number(routine, "xb", xb)
    A.check_args(routine, args)
    A.check_number(routine, "grow_limit", grow_limit)
    A.check_integer(routine, "maxiter", maxiter)
    run = bracket_solver()

    def impl(func, xa=0.0, xb=1.0, args=(), grow_limit=GROW_LIMIT, maxiter=BRACKET_MAXITER):
        xa_, xb_, xc, fa, fb, fc, calls, valid = run(type_only(func), args, float(xa),
                                                     float(xb), float(grow_limit),
                                                     int(maxiter))
        if not valid:
            raise_bracket_error(xa_, xb_, xc, fa, fb, fc, calls)
        return xa_, xb_, xc, fa, fb, fc, calls
    return impl


# ---------------------------------------------------------------- Python entries
@functools.lru_cache(maxsize=None)
def _python_entry(f, method):
    """The @njit trampoline of ``method``'s solver (or 'bracket') for the
    function ``f`` (a constant of the trampoline: typing a dispatcher
    argument costs microseconds on every call from Python)."""
    run = bracket_solver() if method == "bracket" else scalar_minimizer(method)
    if method == "bounded":
        @njit
        def entry(args, x1, x2, xatol, maxfun):
            return run(type_only(f), args, x1, x2, xatol, maxfun)
    elif method == "bracket":
        @njit
        def entry(args, xa, xb, grow_limit, maxiter):
            return run(type_only(f), args, xa, xb, grow_limit, maxiter)
    else:
        @njit
        def entry(args, nbrack, b0, b1, b2, xtol, maxiter):
            return run(type_only(f), args, nbrack, b0, b1, b2, xtol, maxiter)
    return entry


def _python_brack(routine, brack):
    """(nbrack, b0, b1, b2) from a Python ``brack``: None, or a sequence of
    2 or 3 numbers (scipy's ValueError for another length)."""
    if brack is None:
        return 0, 0.0, 0.0, 0.0
    if len(brack) == 2:
        return (2, A.python_real(routine, "bracket", brack[0]),
                A.python_real(routine, "bracket", brack[1]), 0.0)
    if len(brack) == 3:
        return (3,) + tuple(A.python_real(routine, "bracket", b) for b in brack)
    raise ValueError(_BRACKET_LENGTH)


def _sectioning(method, f, args, brack, xtol, maxiter):
    """brent or golden from Python: (x, fun, nit, nfev, status, bracket)."""
    f = A.python_callable(method, "func", f)
    args = A.python_args(method, args)
    if method == "brent" and xtol < 0:      # scipy checks the tolerance first
        raise ValueError(f"tolerance should be >= 0, got {xtol!r}")
    return _python_entry(f, method)(args, *_python_brack(method, brack),
                                    A.python_real(method, "tol", xtol),
                                    A.python_int(method, "maxiter", maxiter))


def _sectioning_result(method, xtol, maxiter, out):
    """scipy's OptimizeResult of brent or golden from the solver's outputs."""
    from scipy.optimize import OptimizeResult
    x, fx, nit, nfev, status, found = out
    if status == NO_BRACKET:
        return OptimizeResult(fun=np.float64(fx), nfev=nfev, x=np.float64(x), nit=0,
                              success=False, message=NO_BRACKET_MESSAGE)
    nan = math.isnan(x) or math.isnan(fx)
    success = nit < maxiter and not nan
    if success:
        message = _SUCCESS + f"{xtol} )"
    else:
        message = _NAN if nan else _MAXITER
    fields = dict(fun=np.float64(fx), x=np.float64(x), nit=nit, nfev=nfev, success=success,
                  message=message)
    order = BRENT_FIELDS if method == "brent" else GOLDEN_FIELDS
    return OptimizeResult({name: fields[name] for name in order})


def _like_scipys_x(x, method, brack):
    """brent's and golden's x as scipy returns it: numpy's float (brent's
    steps go through numpy; scipy's ``bracket`` makes its points numpy's),
    but golden's from a triple given as floats is a Python float."""
    if method == "golden" and brack is not None and len(brack) == 3:
        return x
    return np.float64(x)


def _print_or_warn(warnflag, message, stacklevel):
    """scipy's _print_success_message_or_warn."""
    if not warnflag:
        print(message)
    else:
        from scipy.optimize import OptimizeWarning
        warnings.warn(message, OptimizeWarning, stacklevel=stacklevel + 1)


def _finite_scalar(x):
    """scipy's is_finite_scalar, as a float (None if it is not one); Python's
    numbers first (numpy's functions cost a microsecond each)."""
    if type(x) is float or type(x) is int:
        return float(x) if math.isfinite(x) else None
    if np.size(x) == 1 and np.isfinite(x):
        return float(np.asarray(x).reshape(()))
    return None


def _python_bounds(bounds):
    if len(bounds) != 2:
        raise ValueError("bounds must have two elements.")
    x1, x2 = (_finite_scalar(b) for b in bounds)
    if x1 is None or x2 is None:
        raise ValueError("Optimization bounds must be finite scalars.")
    if x1 > x2:
        raise ValueError("The lower bound exceeds the upper bound.")
    return x1, x2


def _python_bounded(f, args, bounds, xatol, maxiter, disp, stacklevel):
    """bounded from Python: scipy's OptimizeResult (and its warning or
    message with ``disp``)."""
    from scipy.optimize import OptimizeResult
    f = A.python_callable("minimize_scalar", "fun", f)
    args = A.python_args("minimize_scalar", args)
    x1, x2 = _python_bounds(bounds)
    x, fx, nit, nfev, flag, _ = _python_entry(f, "bounded")(
        args, x1, x2, A.python_real("minimize_scalar", "xatol", xatol),
        A.python_int("minimize_scalar", "maxiter", maxiter))
    if disp > 0:
        if flag == 0:
            if disp > 1:
                print("\nOptimization terminated successfully;\n"
                      "The returned value satisfies the termination criteria\n"
                      "(using xtol = ", xatol, ")")
        else:
            _print_or_warn(flag, _FMINBOUND_MAXFUN if flag == 1 else "\n" + _NAN, stacklevel)
    return OptimizeResult(fun=fx, status=flag, success=flag == 0,
                          message=BOUNDED_MESSAGES.get(flag, ""), x=np.float64(x), nfev=nfev,
                          nit=nit)


_SEE_NJIT = """
    Inside @njit the function is a plain ``@njit`` function of the
    variable (and ``args``); ``full_output`` must be a constant and nothing
    warns or prints (``disp`` is ignored).  The values, counts and messages
    are scipy's.
"""


def minimize_scalar(fun, bracket=None, bounds=None, args=(), method=None, tol=None,
                    options=None):
    """Local minimisation of a function of one variable
    (scipy.optimize.minimize_scalar, compiled): methods 'brent' (default
    without ``bounds``), 'golden' and 'bounded' (default with ``bounds``).

    Parameters and returns are scipy's: ``fun`` is an @njit function ``f(x,
    *args)`` returning a real number (a plain Python function is jitted
    once); the result is an ``OptimizeResult`` with ``x``, ``fun``, ``nit``,
    ``nfev``, ``success``, ``message`` (and 'bounded''s ``status``).  A
    callable ``method`` is called as scipy calls it (from Python only).

    Inside @njit ``method`` is None or a constant string, ``bracket`` None or
    a tuple of 2 or 3 numbers, ``bounds`` a tuple of 2 numbers, ``options``
    None or a dict (literal or typed) of the method's options ('brent',
    'golden': ``xtol``, ``maxiter``, ``disp``; 'bounded': ``xatol``,
    ``maxiter``, ``disp``); an unknown option raises (scipy warns); the
    result is a numba ``Result`` (``res.x``, ``res['x']``), and after a
    failed bracket search the 'brent' result keeps brent's field order.
    Nothing warns or prints there.

    Notes
    -----
    ``disp=3``'s table of iterations is not printed (``disp`` 1 and 2 warn
    and print as scipy's).

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import minimize_scalar
    >>> @njit
    ... def f(x):
    ...     return (x - 2.0) * x * (x + 2.0)**2
    >>> res = minimize_scalar(f)
    >>> round(res.x, 10), res.nit, res.nfev
    (1.280776404, 11, 14)
    >>> res = minimize_scalar(f, bounds=(-3, -1), method='bounded')
    >>> round(res.x, 7), res.status
    (-2.0000002, 0)
    >>> @njit
    ... def inside(c):                 # the same inside numba
    ...     return minimize_scalar(f, bracket=(0.0, c)).x
    >>> inside(1.0) == minimize_scalar(f, bracket=(0.0, 1.0)).x
    True
    """
    if not isinstance(args, tuple):
        args = (args,)
    if callable(method):
        return method(fun, args=args, bracket=bracket, bounds=bounds,
                      **dict(options or {}, **({} if tol is None else {"tol": tol})))
    meth = ("brent" if bounds is None else "bounded") if method is None else method.lower()
    options = dict(options or {})
    if bounds is not None and meth in ("brent", "golden"):
        raise ValueError(f"Use of `bounds` is incompatible with 'method={method}'.")
    if meth not in METHOD_OPTIONS:
        raise ValueError(f"Unknown solver {method}")
    if tol is not None:
        if meth == "bounded" and "xatol" not in options:
            warnings.warn("Method 'bounded' does not support relative tolerance in x; "
                          "defaulting to absolute tolerance.", RuntimeWarning, stacklevel=2)
            options["xatol"] = tol
        else:
            options.setdefault("xtol", tol)
    if isinstance(options.get("disp"), bool):
        options["disp"] = 2 * int(options["disp"])
    if meth == "bounded" and bounds is None:
        raise ValueError("The `bounds` parameter is mandatory for method `bounded`.")
    known = METHOD_OPTIONS[meth]
    unknown = [k for k in options if k not in known]
    if unknown:
        from scipy.optimize import OptimizeWarning
        warnings.warn("Unknown solver options: %s" % ", ".join(map(str, unknown)),
                      OptimizeWarning, stacklevel=2)
    opts = {k: options.get(k, default) for k, default in known.items()}
    if meth == "bounded":
        res = _python_bounded(fun, args, bounds, opts["xatol"], opts["maxiter"], opts["disp"], 3)
        res.fun = np.float64(res.fun)     # minimize_scalar's rule: numpy's floats
        return res
    out = _sectioning(meth, fun, args, bracket, opts["xtol"], opts["maxiter"])
    res = _sectioning_result(meth, opts["xtol"], opts["maxiter"], out)
    if opts["disp"] and out[4] != NO_BRACKET:
        _print_or_warn(not res.success, res.message, 2)
    return res


def brent(func, args=(), brack=None, tol=BRENT_XTOL, full_output=0, maxiter=BRENT_MAXITER):
    """The minimum of a function of one variable by Brent's method
    (scipy.optimize.brent, compiled): golden-section search with parabolic
    interpolation, from a bracket (``brack`` a triple) or after a bracket
    search from ``brack``'s pair (default (0, 1)).
    {see_njit}
    Returns ``xmin``, or with ``full_output`` ``(xmin, fval, iter,
    funcalls)``.  A bracket search that fails raises scipy's BracketError
    (a RuntimeError).

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import brent
    >>> @njit
    ... def f(x):
    ...     return (x - 1.0)**2
    >>> brent(f, brack=(-1.0, 0.5, 2.0), full_output=True)
    (1.0, 0.0, 4, 7)
    """
    x, fx, nit, nfev, status, found = _sectioning("brent", func, args, brack, tol, maxiter)
    if status == NO_BRACKET:
        raise BracketError(*found)
    x = _like_scipys_x(x, "brent", brack)
    return (x, fx, nit, nfev) if full_output else x


def golden(func, args=(), brack=None, tol=GOLDEN_XTOL, full_output=0, maxiter=GOLDEN_MAXITER):
    """The minimum of a function of one variable by golden-section search
    (scipy.optimize.golden, compiled), from a bracket as :func:`brent`.
    {see_njit}
    Returns ``xmin``, or with ``full_output`` ``(xmin, fval, funcalls)``.

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import golden
    >>> @njit
    ... def f(x):
    ...     return (x - 1.0)**2
    >>> x, fval, funcalls = golden(f, brack=(-1.0, 0.5, 2.0), full_output=True)
    >>> round(x, 6), funcalls
    (1.0, 46)
    """
    x, fx, nit, nfev, status, found = _sectioning("golden", func, args, brack, tol, maxiter)
    if status == NO_BRACKET:
        raise BracketError(*found)
    x = _like_scipys_x(x, "golden", brack)
    return (x, fx, nfev) if full_output else x


def fminbound(func, x1, x2, args=(), xtol=BOUNDED_XATOL, maxfun=BOUNDED_MAXITER, full_output=0,
              disp=1):
    """The minimum of a function of one variable on ``[x1, x2]``
    (scipy.optimize.fminbound, compiled): Brent's bounded method.
    {see_njit}
    Returns ``xopt``, or with ``full_output`` ``(xopt, fval, ierr,
    numfunc)``; from Python ``disp`` warns (OptimizeWarning) when ``maxfun``
    is reached, as scipy's.

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import fminbound
    >>> @njit
    ... def f(x):
    ...     return (x - 1.0)**2
    >>> fminbound(f, -4.0, 4.0)
    1.0
    >>> x, fval, ierr, numfunc = fminbound(f, 3.0, 4.0, full_output=True)
    >>> round(x, 6), ierr, numfunc
    (3.000006, 0, 25)
    """
    if not isinstance(args, tuple):
        args = (args,)
    res = _python_bounded(func, args, (x1, x2), xtol, maxfun, disp, 3)
    if full_output:
        return res["x"], res["fun"], res["status"], res["nfev"]
    return res["x"]


def bracket(func, xa=0.0, xb=1.0, args=(), grow_limit=GROW_LIMIT, maxiter=BRACKET_MAXITER):
    """Three points bracketing a minimum, searched downhill from ``xa``,
    ``xb`` (scipy.optimize.bracket, compiled).
    {see_njit}
    Returns ``(xa, xb, xc, fa, fb, fc, funcalls)``; raises scipy's
    BracketError (a RuntimeError, with its ``data``) when the search ends
    without a valid bracket, and RuntimeError at the iteration limit.

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import bracket
    >>> @njit
    ... def f(x):
    ...     return 10.0 * x**2 + 3.0 * x + 5.0
    >>> xa, xb, xc, fa, fb, fc, funcalls = bracket(f, xa=0.1, xb=1.0)
    >>> xc < xb < xa and fb < fa and fb < fc, funcalls
    (True, 4)
    """
    f = A.python_callable("bracket", "func", func)
    args = A.python_args("bracket", args)
    xa_, xb_, xc, fa, fb, fc, calls, valid = _python_entry(f, "bracket")(
        args, A.python_real("bracket", "xa", xa), A.python_real("bracket", "xb", xb),
        A.python_real("bracket", "grow_limit", grow_limit),
        A.python_int("bracket", "maxiter", maxiter))
    if not valid:
        raise BracketError(xa_, xb_, xc, fa, fb, fc, calls)
    # the points numpy's floats (scipy's np.asarray), the values as f returns them
    return np.float64(xa_), np.float64(xb_), np.float64(xc), fa, fb, fc, calls


for _routine in (brent, golden, fminbound, bracket):
    _routine.__doc__ = _routine.__doc__.replace("{see_njit}", _SEE_NJIT)

#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "minimize_scalar": Chooser(_minimize_scalar_overload, inline="always"),
    "brent": Chooser(_sectioning_overload("brent", BRENT_XTOL, BRENT_MAXITER), inline="always"),
    "golden": Chooser(_sectioning_overload("golden", GOLDEN_XTOL, GOLDEN_MAXITER),
                      inline="always"),
    "fminbound": Chooser(_fminbound_overload, inline="always"),
    "bracket": Chooser(_bracket_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
