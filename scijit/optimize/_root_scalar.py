"""``root_scalar``: scipy 1.17's front end to the scalar root finders.

It picks the method as scipy does (a bracket means brentq; ``x0`` with
``fprime`` Newton, with ``fprime2`` too Halley, with ``x1`` the secant, and
``x0`` alone Newton with a finite-difference derivative), passes ``xtol``,
``rtol``, ``maxiter`` and ``options`` on as scipy does (``xtol`` becomes
newton's ``tol``; the options override), and returns a ``RootResults``.
``fprime=True`` (``fprime2=True``) means ``f`` returns ``(f, f')``
(``(f, f', f'')``), each evaluated once per point, as scipy's
``MemoizeDer``; ``function_calls`` then counts the calls of ``f``.

The plan (method, where the derivatives come from, the option values) is
settled in Python by :func:`plan`, from the values in the Python entry and
from the types inside @njit, so both entries run the same solver function
(``_zeros.bracketing_solver``, ``_newton.newton_solver``).
"""
import functools
from dataclasses import dataclass

import numpy as np
from numba import njit
from numba.core import types
from numba.core.errors import TypingError

from lowering.callback import type_only

from .. import _arguments as A
from .._registration import Chooser, register_choosers
from . import _newton as N
from . import _zeros as Z
from ._root import split_pair

__all__ = ["root_scalar"]

BRACKETING = ("bisect", "brentq", "brenth", "ridder", "toms748")
ROOT_SCALAR_METHODS = BRACKETING + ("newton", "secant", "halley")

#: each method's defaults for the options root_scalar passes on
_DEFAULTS = {"xtol": Z.XTOL, "rtol": Z.RTOL, "maxiter": Z.ITER, "k": 1}
_NEWTON_DEFAULTS = {"tol": N.TOL, "rtol": 0.0, "maxiter": N.MAXITER}


@dataclass(frozen=True)
class Plan:
    """What root_scalar runs: the method (scipy's name for the result's
    ``method`` when a NaN stops a bracketing solve), the solver, where the
    derivatives come from, and each option's source (``("given", name)``,
    ``("option", key)`` or ``("default", value)``), or the ValueError scipy
    raises instead."""
    method: str = ""
    solver: str = ""                    # a bracketing method, or "newton"
    kind: int = 0                       # newton's SECANT, NEWTON, HALLEY
    fprime_from: str = "function"
    fprime2_from: str = "function"
    tuple_valued: bool = False          # f returns (f, f'[, f''])
    sources: tuple = ()
    error: str = ""

    @property
    def calls_fprime(self):
        """Whether the iteration calls the user's ``fprime`` function."""
        return self.kind in (N.NEWTON, N.HALLEY) and self.fprime_from == "function"

    @property
    def calls_fprime2(self):
        """Whether the iteration calls the user's ``fprime2`` function."""
        return self.kind == N.HALLEY and self.fprime2_from == "function"


def plan(method, has_bracket, fprime, fprime2, has_x0, has_x1, given, option_keys):
    """scipy's choices.  ``fprime``/``fprime2`` are None, True, False or
    "function"; ``given`` the names of xtol, rtol, maxiter not None;
    ``option_keys`` the options' keys."""
    fprime_from = fprime2_from = "function"
    tuple_valued = False
    if fprime2 is not None and fprime2 != "function":
        if fprime2:
            tuple_valued = True
            fprime, fprime2 = "function", "function"
            fprime_from = fprime2_from = "tuple"
        else:
            fprime2 = None
    if fprime is not None and fprime != "function":
        if fprime:
            tuple_valued = True
            fprime, fprime_from = "function", "tuple"
        else:
            fprime = None
    if not method:
        if has_bracket:
            method = "brentq"
        elif has_x0:
            if fprime:
                method = "halley" if fprime2 else "newton"
            elif has_x1:
                method = "secant"
            else:
                method = "newton"
    if not method:
        return Plan(error="Unable to select a solver as neither bracket nor starting point "
                          "provided.")
    meth = method.lower()
    if meth not in ROOT_SCALAR_METHODS:
        return Plan(error="Unknown solver %s" % meth)
    if meth in BRACKETING:
        if not has_bracket:
            return Plan(error="Bracket needed for %s" % method)
        # fprime=True: the method uses f's value only (scipy's memoizing
        # wrapper calls f once per point, as the solver does)
        names = ("xtol", "rtol", "maxiter") + (("k",) if meth == "toms748" else ())
        return Plan(method, meth, tuple_valued=tuple_valued,
                    sources=_sources(names, given, option_keys, _DEFAULTS, meth))
    if not has_x0:
        return Plan(error="x0 must not be None for %s" % method)
    if meth == "secant":
        kind = N.SECANT
    elif meth == "newton":
        kind = N.NEWTON
        if not fprime:
            fprime_from = "difference"
    else:
        if not fprime:
            return Plan(error="fprime must be specified for %s" % method)
        if not fprime2:
            return Plan(error="fprime2 must be specified for %s" % method)
        kind = N.HALLEY
    sources = _sources(("tol", "rtol", "maxiter"), given, option_keys, _NEWTON_DEFAULTS, meth)
    return Plan(method, "newton", kind, fprime_from, fprime2_from, tuple_valued, sources)


def _sources(names, given, option_keys, defaults, meth):
    """Each option's source: the options override what is given (scipy's
    ``kwargs.update(options)``); newton's ``tol`` is ``xtol`` when given."""
    allowed = set(names) | ({"xtol"} if "tol" in names else set())
    unknown = sorted(set(option_keys) - allowed)
    if unknown:
        raise TypeError("root_scalar: method %r takes no option %s" % (meth, ", ".join(unknown)))
    sources = []
    for name in names:
        alias = "xtol" if name == "tol" else name
        if alias in option_keys:
            sources.append(("option", alias))
        elif alias in given:
            sources.append(("given", alias))
        elif name in option_keys:
            sources.append(("option", name))
        else:
            sources.append(("default", defaults[name]))
    return tuple(sources)


def _expression(source):
    where, what = source
    if where == "option":
        return "options[%r]" % what
    if where == "given":
        return what
    return repr(float(what)) if isinstance(what, float) else repr(int(what))


@functools.lru_cache(maxsize=None)
def _options_reader(sources):
    """An inline @njit ``(xtol, rtol, maxiter, options) -> tuple`` of the
    options' values, each read from its source (written out as source
    text, so a constant key reads a dict literal's entry at compile time)."""
    body = ", ".join(_expression(s) for s in sources)
    scope = {}
    exec("def read(xtol, rtol, maxiter, options):\n    return (%s,)\n" % body, scope)
    return njit(inline="always")(scope["read"])


def _solver(p):
    """The solver function of a plan, called as ``run(f, fprime, fprime2,
    bracket_or_x0, x1, has_x1, args, values, disp)`` by :func:`_runner`."""
    if p.solver == "newton":
        return N.newton_solver(p.kind, p.fprime_from, p.fprime2_from)
    return Z.bracketing_solver(p.solver)


@functools.lru_cache(maxsize=None)
def _runner(p):
    """The inline function running plan ``p``: ``(f, fprime, fprime2, a, b,
    x0, x1, args, values) -> (x, function_calls, iterations, status,
    method code, why, detail)``; ``values`` the options as :func:`_options_reader`
    reads them, ``why`` and ``detail`` newton's reason for stopping unconverged (the
    Python entry warns as scipy does; 0 for the bracketing methods)."""
    run = _solver(p)
    if p.solver != "newton":
        k_of = _k_of(p.solver == "toms748")

        @njit(inline="always")
        def bracketing(f, fprime, fprime2, a, b, x0, x1, has_x1, args, values):
            x, calls, iterations, status = run(f, float(a), float(b), args, k_of(values),
                                               float(values[0]), float(values[1]),
                                               int(values[2]), False)
            return x, calls, iterations, status, -1, 0, 0.0
        return bracketing
    counted = p.tuple_valued

    @njit(inline="always")
    def newton(f, fprime, fprime2, a, b, x0, x1, has_x1, args, values):
        x, calls, fcalls, iterations, status, why, detail, ran = run(
            f, fprime, fprime2, float(x0), args, float(values[0]), int(values[2]), x1, has_x1,
            float(values[1]), False)
        return x, fcalls if counted else calls, iterations, status, ran, why, detail
    return newton


def _k_of(toms):
    """toms748's ``k`` (the fourth value), 1 for the other methods."""
    if toms:
        return njit(inline="always")(lambda values: int(values[3]))
    return njit(inline="always")(lambda values: 1)


@functools.lru_cache(maxsize=None)
def _results_of(newton, method):
    """The inline ``(x, iterations, calls, status, ran) -> RootResults`` of a
    plan: newton's names its iteration, the others the method."""
    if newton:
        return njit(inline="always")(
            lambda x, iterations, calls, status, ran: N.newton_results(x, iterations, calls,
                                                                       status, ran))
    return njit(inline="always")(
        lambda x, iterations, calls, status, ran: Z.root_results(x, iterations, calls, status,
                                                                 method))


# ---------------------------------------------------------------- inside @njit
def _function_kind(ty, argname):
    if A.is_none(ty):
        return None
    value = A.constant(ty, otherwise=ty)
    if isinstance(value, bool):
        return value
    if isinstance(ty, types.Dispatcher):
        return "function"
    raise TypingError("root_scalar: %r must be None, a constant bool or an @njit function, "
                      "got %s" % (argname, ty))


def _root_scalar_overload(f, args=(), method=None, bracket=None, fprime=None, fprime2=None,
                          x0=None, x1=None, xtol=None, rtol=None, maxiter=None, options=None):
    A.check_callable("root_scalar", "f", f)
    A.check_args("root_scalar", args)
    if A.is_none(method):
        meth = None
    else:
        meth = A.constant_str(method)
        if meth is None:
            raise TypingError("root_scalar: 'method' must be a constant string inside @njit")
    has_bracket = not A.is_none(bracket)
    if has_bracket and not isinstance(bracket, (types.BaseTuple, types.Array, types.List)):
        raise TypingError("root_scalar: 'bracket' must be a tuple, list or array of two "
                          "numbers, got %s" % bracket)
    for name, ty in (("x0", x0), ("x1", x1), ("xtol", xtol), ("rtol", rtol)):
        A.check_number("root_scalar", name, ty, optional=True)
    A.check_integer("root_scalar", "maxiter", maxiter, optional=True)
    if isinstance(options, types.LiteralStrKeyDict):
        option_keys = tuple(options.fields)
    elif isinstance(options, types.DictType) and options.initial_value is not None:
        option_keys = tuple(options.initial_value)        # a dict literal of one value type
    elif A.is_none(options):
        option_keys = ()
    else:
        raise TypingError("root_scalar: 'options' must be None or a dict literal with constant "
                          "string keys inside @njit, got %s" % options)
    given = tuple(n for n, ty in (("xtol", xtol), ("rtol", rtol), ("maxiter", maxiter))
                  if not A.is_none(ty))
    p = plan(meth, has_bracket, _function_kind(fprime, "fprime"),
             _function_kind(fprime2, "fprime2"), not A.is_none(x0), not A.is_none(x1), given,
             option_keys)
    if p.error:
        fail = A.raiser(ValueError, p.error, 12)

        def impl(f, args=(), method=None, bracket=None, fprime=None, fprime2=None, x0=None,
                 x1=None, xtol=None, rtol=None, maxiter=None, options=None):
            fail(f, args, method, bracket, fprime, fprime2, x0, x1, xtol, rtol, maxiter,
                 options)
            return Z.root_results(0.0, 0, 0, Z.CONVERR, "")
        return impl
    runner = _runner(p)
    value = _bracketing_value(p, f.dispatcher)
    read = _options_reader(p.sources)
    first, second = N.pick_function(p.calls_fprime), N.pick_function(p.calls_fprime2)
    start = _pick_start(p.solver == "newton")
    second_guess = A.float_or
    has_x1 = not A.is_none(x1)
    results = _results_of(p.solver == "newton", p.solver)

    def impl(f, args=(), method=None, bracket=None, fprime=None, fprime2=None, x0=None,
             x1=None, xtol=None, rtol=None, maxiter=None, options=None):
        a, b, start_x = start(bracket, x0)
        x, calls, iterations, status, ran, _, _ = runner(
            type_only(value(f)), type_only(first(f, fprime)), type_only(second(f, fprime2)), a, b,
            start_x, second_guess(x1, 0.0), has_x1, args, read(xtol, rtol, maxiter, options))
        return results(x, iterations, calls, status, ran)
    return impl


def _bracketing_value(p, f):
    """An inline ``f -> the function the solver calls``: ``f`` itself, or
    for a bracketing method with ``fprime=True`` a wrapper of ``f`` (a
    dispatcher) returning its value only."""
    if p.solver != "newton" and p.tuple_valued:
        value = split_pair(f)[0]
        return njit(inline="always")(lambda f: value)
    return njit(inline="always")(lambda f: f)


def _pick_start(newton):
    """An inline ``(bracket, x0) -> (a, b, x0)`` as float64s (zeros for what
    the method does not use)."""
    if newton:
        return njit(inline="always")(lambda bracket, x0: (0.0, 0.0, float(x0)))
    return njit(inline="always")(lambda bracket, x0: (float(bracket[0]), float(bracket[1]),
                                                      0.0))


# ---------------------------------------------------------------- the Python entry
def root_scalar(f, args=(), method=None, bracket=None, fprime=None, fprime2=None, x0=None,
                x1=None, xtol=None, rtol=None, maxiter=None, options=None):
    """Find a root of a scalar function (scipy.optimize.root_scalar, compiled).

    Parameters and the result are scipy's: ``f`` (and ``fprime``,
    ``fprime2`` when functions) are @njit functions (plain Python functions
    are jitted once); ``fprime=True`` means ``f`` returns ``(f, f')`` and
    ``fprime2=True`` ``(f, f', f'')``.  The method is chosen as scipy
    chooses it; ``options`` holds the method's own options (``k`` for
    toms748, or ``xtol``, ``rtol``, ``maxiter``, ``tol``), which override
    the arguments.  Inside @njit ``method`` must be a constant string,
    ``fprime``/``fprime2`` None, a constant bool or an @njit function, and
    ``options`` None or a dict literal.

    Returns
    -------
    RootResults
        ``root``, ``iterations``, ``function_calls``, ``converged``,
        ``flag``, ``method`` (inside @njit a numba struct with these
        fields; boxed to ``scipy.optimize.RootResults``).  Unconverged
        solves return ``converged=False`` (root_scalar passes
        ``disp=False``).  A NaN from ``f`` in a bracketing method gives
        scipy's result (``iterations`` NaN, the message as ``flag``) from
        Python; inside @njit it raises scipy's ValueError instead (a numba
        field has one type).

    Raises
    ------
    ValueError
        No method can be chosen, an unknown method, or what the method
        needs is missing (scipy's messages); and the solvers' own errors.

    Examples
    --------
    >>> from numba import njit
    >>> from scijit.optimize import root_scalar
    >>> @njit
    ... def f(x):
    ...     return x**3 - 1.0
    >>> sol = root_scalar(f, bracket=[0.0, 3.0], method='brentq')
    >>> sol.root, sol.iterations, sol.function_calls
    (1.0, 10, 11)
    >>> @njit
    ... def f_p_pp(x):
    ...     return x**3 - 1.0, 3.0 * x**2, 6.0 * x
    >>> sol = root_scalar(f_p_pp, x0=0.2, fprime=True, method='newton')
    >>> round(sol.root, 12), sol.iterations, sol.function_calls
    (1.0, 11, 11)
    """
    if not isinstance(args, tuple):
        args = (args,)
    options = {} if options is None else dict(options)
    given = tuple(n for n, v in (("xtol", xtol), ("rtol", rtol), ("maxiter", maxiter))
                  if v is not None)
    p = plan(method, bracket is not None, _python_function_kind(fprime),
             _python_function_kind(fprime2), x0 is not None, x1 is not None, given,
             tuple(options))
    if p.error:
        raise ValueError(p.error)
    if p.solver in BRACKETING and not isinstance(bracket, (list, tuple, np.ndarray)):
        raise ValueError("Bracket needed for %s" % method)
    f = A.python_callable("root_scalar", "f", f)
    fprime = fprime if callable(fprime) else None
    fprime2 = fprime2 if callable(fprime2) else None
    first = A.python_callable("root_scalar", "fprime", fprime) if p.calls_fprime else f
    second = A.python_callable("root_scalar", "fprime2", fprime2) if p.calls_fprime2 else f
    values = {"xtol": xtol, "rtol": rtol, "maxiter": maxiter}
    read = tuple(options[what] if where == "option" else values[what] if where == "given"
                 else what for where, what in p.sources)
    if p.solver == "newton":
        a = b = 0.0
        start = A.python_real("root_scalar", "x0", x0)
        floats = (A.python_real("root_scalar", "tol", read[0]),
                  A.python_real("root_scalar", "rtol", read[1]),
                  A.python_int("root_scalar", "maxiter", read[2]))
    else:
        a = A.python_real("root_scalar", "bracket[0]", bracket[0])
        b = A.python_real("root_scalar", "bracket[1]", bracket[1])
        start = 0.0
        floats = (A.python_real("root_scalar", "xtol", read[0]),
                  A.python_real("root_scalar", "rtol", read[1]),
                  A.python_int("root_scalar", "maxiter", read[2])) + \
            ((A.python_int("root_scalar", "k", read[3]),) if len(read) > 3 else ())
    has_x1 = x1 is not None
    second_guess = A.python_real("root_scalar", "x1", x1) if has_x1 else 0.0
    from scipy.optimize import RootResults
    if p.solver != "newton" and p.tuple_valued:
        f = split_pair(f)[0]                    # the value of f's (f, f'[, f''])
    try:
        x, calls, iterations, status, ran, why, detail = _python_entry(f, first, second, p)(
            a, b, start, second_guess, has_x1, A.python_args("root_scalar", args), floats)
    except Z.RootNaNError as exc:               # scipy's result, not its error
        return RootResults(exc._x, np.nan, exc._function_calls, str(exc), p.method)
    if p.solver == "newton":
        N.warn_unconverged(why, detail, stacklevel=3)    # scipy runs newton with disp=False
        return RootResults(np.float64(x), iterations, calls, status, N.METHOD_NAMES[ran])
    return RootResults(x, iterations, calls, status, p.solver)


def _python_function_kind(value):
    if value is None:
        return None
    if callable(value):
        return "function"
    return bool(value)


@functools.lru_cache(maxsize=None)
def _python_entry(f, first, second, p):
    """The @njit trampoline of plan ``p`` for these functions (constants of it)."""
    runner = _runner(p)

    @njit
    def entry(a, b, start, x1, has_x1, args, values):
        return runner(type_only(f), type_only(first), type_only(second), a, b, start, x1,
                      has_x1, args, values)
    return entry


#: the @njit implementation of this module's routine (scijit._registration)
CHOOSERS = {"root_scalar": Chooser(_root_scalar_overload, inline="always")}
register_choosers(CHOOSERS, globals())
