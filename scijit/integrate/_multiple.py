"""``dblquad``, ``tplquad``, ``nquad``: nested ``quad`` as in scipy.

scipy's ``nquad`` integrates level by level: the integrand of the outer
``quad`` is a ``quad`` of the inner level.  Inside numba a function cannot be
created at run time, so the levels are generated once per structure (the
user's function, which limits are functions and how they are called) as
small @njit functions ``level(x, (data, acc), *rest)`` (closures, one per
level; the pair ``(data, acc)`` is the state quad's callback passes on to
them, :class:`lowering.transforms.PassState`, apart from the user's args):

* ``data``: per level ``(lo, hi, opts)`` -- the constant limits and the
  level's quad options (see :func:`level_quad`), so one compiled level serves
  any values;
* ``acc``: a float64 array ``[max abserr, neval, ier, limit, fourier]``
  shared by every inner ``quad``: scipy's ``abserr`` is the maximum over all
  of them, ``neval`` counts the innermost evaluations, and the last three
  describe the first inner ``quad`` that failed (``ier != 0``), whose
  warning the Python entries give after the integration (:data:`_ACC`);
* ``rest``: the outer variables then the user's ``args``, as scipy passes
  them: ``func(x0, x1, ..., xn, *args)``.

The user's functions are referenced by the generated code (never passed in
tuples, which numba would type as experimental first-class functions).
From Python, the outermost integration warns as scipy's quad would and an
inner failure adds the first failing level's warning (scipy warns at each;
with ``full_output`` it warns at none); inside @njit nothing warns (numba
has no warnings).

``opts`` take every option scipy's nquad passes to quad (``epsabs``,
``epsrel``, ``limit``, ``points``, ``weight``, ``wvar``, ``wopts``,
``maxp1``, ``limlst``, and ``complex_func`` False; True raises
:class:`NquadComplexError`, where scipy's nquad fails on comparing complex
error estimates): one for every level or one per range, each a dict or
a function of the outer variables and args returning one (scipy's rule:
break points outside the level's range are dropped).  From Python the
functions are jitted like ranges; inside @njit an options dict is a dict
literal (numba's literal dict, read at compile time, ``weight`` a constant
string) or a typed dict of numbers (read at run time), and an options
function an @njit function returning either.  Ranges may be (low, high)
pairs or @njit functions of the outer variables and args, from both entries
(numba would warn that such a tuple uses its experimental first-class
function types, which it does not: see
:func:`lowering.warn_first_class_only_when_used`).
"""
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering import warn_first_class_only_when_used
from lowering.callback import type_only
from scijit_types import result_builder

from .. import _arguments as A
from .._registration import Chooser, register_choosers
from ._quadpack import (counting_quad, integration_warning, passes_state,
                        python_weight_options, quad_checked, quad_message)

__all__ = ["dblquad", "tplquad", "nquad", "NquadOptionError", "NquadComplexError"]

_CONST = ("const",)
#: quad's options nquad passes on (scipy: ``quad(..., **opt)``)
_QUAD_KEYS = ("epsabs", "epsrel", "limit", "points", "weight", "wvar", "wopts", "maxp1",
              "limlst", "complex_func")
#: the numeric ones, with quad's defaults
_NUMBERS = {"epsabs": 1.49e-08, "epsrel": 1.49e-08, "limit": 50, "maxp1": 50, "limlst": 50}
_DEFAULTS = dict(_NUMBERS, points=None, wvar=None, wopts=None)
#: the options tuple the Python entry and dblquad/tplquad hand to level_quad
#: (the weight, a constant, travels in the level's structure instead)
_TUPLE_KEYS = ("epsabs", "epsrel", "limit", "points", "wvar", "wopts", "maxp1", "limlst")
#: no options (dblquad, tplquad): quad's defaults but for epsabs, epsrel
_NO_POINTS = (None, None, None, 50, 50)
#: length of the levels' shared accumulator (see the module's docstring)
_ACC = 5


def _pair(r):
    """Two floats from a range callable's result (tuple, list or array)."""


@overload(_pair)
def _pair_ovl(r):
    if isinstance(r, (types.BaseTuple, types.Array, types.List)):
        return lambda r: (float(r[0]), float(r[1]))
    raise TypingError("nquad: a range function must return (low, high), got %s" % r)


_levels = {}

# nquad's tuples of @njit functions (ranges, opts) are plain tuples of
# dispatchers: numba's first-class-function warning only where that type is made
warn_first_class_only_when_used()


def _picker(idx):
    """``pick(r)``: the outer variables ``r[i] for i in idx`` as a tuple
    (tplquad's ``qfun(x, y)``: ``idx = (1, 0)``)."""
    if len(idx) == 1:
        i0, = idx

        @njit(inline="always")
        def pick(r):
            return (r[i0],)
    elif len(idx) == 2:
        i0, i1 = idx

        @njit(inline="always")
        def pick(r):
            return (r[i0], r[i1])
    else:
        raise ValueError("a limit function takes one or two outer variables, got %s" % (idx,))
    return pick


def _range_reader(spec):
    """``limits(d, r) -> (lo, hi)`` for one level (``d`` is its data, ``r``
    the outer variables then args), from its range spec."""
    if spec[0] == "const":
        @njit(inline="always")
        def limits(d, r):
            return d[0], d[1]
        return limits
    if spec[0] == "pair":
        fn = spec[1]

        @njit(inline="always")
        def limits(d, r):
            return _pair(fn(*r))
        return limits
    _, lo_fn, hi_fn, idx = spec
    pick = _picker(idx)
    if lo_fn is None:
        @njit(inline="always")
        def low(d, r):
            return d[0]
    else:
        @njit(inline="always")
        def low(d, r):
            return float(lo_fn(*pick(r)))
    if hi_fn is None:
        @njit(inline="always")
        def high(d, r):
            return d[1]
    else:
        @njit(inline="always")
        def high(d, r):
            return float(hi_fn(*pick(r)))

    @njit(inline="always")
    def limits(d, r):
        return low(d, r), high(d, r)
    return limits


def _options_reader(spec):
    """(``options(d, r)``, the constant weight or None) for one level, from
    its options spec."""
    if spec[0] == "fn":
        fn = spec[1]

        @njit(inline="always")
        def options(d, r):
            return fn(*r)
        return options, None

    @njit(inline="always")
    def options(d, r):
        return d[2]
    return options, spec[1]


def _level(inner, k, range_spec, options_spec, innermost):
    """The integrand of level ``k`` (``k - 1`` its index in the data):
    ``level(x, passed, *rest)``, ``passed = (data, acc)`` (the state quad's
    callback passes on: see lowering.transforms.PassState), ``rest`` the
    outer variables then the user's args.  It integrates ``inner`` over its
    range, folds the error (and, innermost, the count) into ``acc``."""
    limits = _range_reader(range_spec)
    options, weight = _options_reader(options_spec)
    run = level_quad(weight)
    i = k - 1
    if innermost:
        @njit
        def level(x, passed, *rest):
            data, acc = passed
            r = (x,) + rest
            d = data[i]
            lo, hi = limits(d, r)
            y, e, n, failure = run(inner, lo, hi, r, (), options(d, r))
            acc[1] += n
            if e > acc[0]:
                acc[0] = e
            note_failure(acc, failure)
            return y
    else:
        @njit
        def level(x, passed, *rest):
            data, acc = passed
            r = (x,) + rest
            d = data[i]
            lo, hi = limits(d, r)
            y, e, n, failure = run(inner, lo, hi, r, passed, options(d, r))
            if e > acc[0]:
                acc[0] = e
            note_failure(acc, failure)
            return y
    return level


def nested_integrand(func, specs, options):
    """The integrand of the outermost quad for ``func`` and the range specs
    (``specs[k]`` is the range of ``x_k``, ``k = 0`` innermost):
    ``("const",)``, ``("pair", fn)`` (``lo, hi = fn(*outer, *args)``) or
    ``("sep", lo_fn | None, hi_fn | None, idx)`` (``lo = lo_fn(outer[i] for
    i in idx)``, None: the constant), and the options specs
    (``options[k]``: ``("const", weight | None)``, the options in the data,
    or ``("fn", fn)``, ``fn(*outer, *args)``).  With more than one range it
    is ``level(x, (data, acc), *args)`` (:func:`_level`).  Memoised per
    structure."""
    key = (func, tuple(specs), tuple(options))
    try:
        return _levels[key]
    except KeyError:
        pass
    inner = func
    for k in range(1, len(specs)):
        inner = _level(inner, k, specs[k - 1], options[k - 1], k == 1)
    _levels[key] = inner
    return inner


# ---------------------------------------------------------------- one level's quad
class NquadOptionError(TypeError):
    """An option quad does not take, with scipy's message (formatted here, in
    Python, from the name raised in compiled code)."""

    def __init__(self, name):
        super().__init__("quad() got an unexpected keyword argument %r" % name)


class NquadComplexError(TypeError):
    """``complex_func=True`` in nquad's options.  scipy's nquad accepts the
    key but then fails (TypeError comparing complex error estimates, or
    KeyError on ``neval``): say why, and what to do instead."""

    def __init__(self):
        super().__init__("nquad: opts 'complex_func' must be False: nquad cannot integrate a "
                         "complex function (scipy's nquad fails on one too); integrate its "
                         "real and imaginary parts separately")


@njit(inline="always")
def note_failure(acc, failure):
    """Keep the first failing inner quad's ``(ier, limit, fourier)`` in acc."""
    if failure[0] != 0 and acc[2] == 0:
        acc[2], acc[3], acc[4] = failure


def warn_inner_failure(acc):
    """From Python: scipy's IntegrationWarning for the first inner failure."""
    if acc[2] != 0:
        warnings.warn(quad_message(int(acc[2]), int(acc[3]), bool(acc[4])),
                      integration_warning(), stacklevel=3)


@njit(cache=True)
def check_option_names(opts):
    """A typed dict of numbers may hold quad's numeric options only (and a
    false ``complex_func``)."""
    for key in opts:
        if key == "complex_func":
            if opts[key]:
                raise NquadComplexError()
        elif (key != "epsabs" and key != "epsrel" and key != "limit" and key != "maxp1"
                and key != "limlst"):
            raise NquadOptionError(key)


@njit(cache=True)
def check_complex_only(opts):
    """A typed dict of booleans may hold a false ``complex_func`` only."""
    for key in opts:
        if key != "complex_func":
            raise NquadOptionError(key)
        if opts[key]:
            raise NquadComplexError()


@njit(cache=True)
def check_points_only(opts):
    """A typed dict of sequences may hold the break points only."""
    for key in opts:
        if key != "points":
            raise NquadOptionError(key)


@njit(inline="always")
def _option(opts, key, default):
    """A typed dict's option (dict.get would type as Optional)."""
    return opts[key] if key in opts else default


@njit(cache=True)
def _points_within(points, lo, hi):
    """scipy's nquad: the break points in [lo, hi]."""
    return points[(lo <= points) & (points <= hi)]


def level_points(points, lo, hi):
    """The break points for quad: None, or those of ``points`` in [lo, hi]."""


@overload(level_points)
def _level_points_ovl(points, lo, hi):
    if A.is_none(points):
        return lambda points, lo, hi: None
    return lambda points, lo, hi: _points_within(A.as_float_vector(points), lo, hi)


_level_quads = {}


def level_quad(weight):
    """One level's quad with its options, ``run(func, lo, hi, args, passed,
    opts) -> (y, abserr, neval, failure)`` (``passed``: ``()``, or the state
    a level takes, see :func:`_level`), for a constant ``weight`` (None: the
    options'); ``failure`` is ``(ier, limit, fourier)``, what scipy's warning
    needs (``fourier``: a cos/sin weight on an infinite range).  Memoised.

    ``opts``: None, a literal dict (keys and ``weight`` read at compile
    time), a typed dict (read at run time: of numbers, or holding ``points``
    only) or the tuple of :data:`_TUPLE_KEYS`.  The constants are the
    function's, not arguments: numba may type a constant argument of an
    inlined call as a plain str.
    """
    if weight not in _level_quads:
        def run(func, lo, hi, args, passed, opts):
            pass

        def typer(func, lo, hi, args, passed, opts):
            return _level_quad_impl(opts, weight, passes_state(passed))
        overload(run, prefer_literal=True, inline="always")(typer)
        _level_quads[weight] = run
    return _level_quads[weight]


def _read_literal(ty, expr):
    """(the source of the exception its options raise or None, the weight,
    {option: source reading it}) of the literal dict ``expr`` of numba type
    ``ty``."""
    weight, values = None, {}
    for key, t in zip(ty.fields, ty.types):
        if key not in _QUAD_KEYS:
            return "NquadOptionError(%r)" % key, None, {}
        if key == "complex_func":
            cplx = A.literal_bool(t)
            if cplx is None:
                raise TypingError("nquad: inside @njit an option 'complex_func' must be a "
                                  "constant, got %s" % t)
            if cplx:
                return "NquadComplexError()", None, {}
        elif key != "weight":
            values[key] = "%s[%r]" % (expr, key)
        else:
            weight = A.constant_str(t)
            if weight is None and not A.is_none(t):
                raise TypingError("nquad: inside @njit an option 'weight' must be a "
                                  "constant string, got %s" % t)
    return None, weight, values


def _points_type(opts):
    """The numba type of the break points an options type gives (a typed
    dict holding points only: an array)."""
    if isinstance(opts, types.LiteralStrKeyDict):
        return dict(zip(opts.fields, opts.types))["points"]
    if isinstance(opts, types.BaseTuple):
        return opts.types[_TUPLE_KEYS.index("points")]
    return types.float64[::1]


def _level_quad_impl(opts, wname, pass_state):
    """The implementation of :func:`level_quad` for the options type."""
    check, exprs = "pass", {}
    if A.is_none(opts):
        pass
    elif isinstance(opts, types.LiteralStrKeyDict):
        refusal, weight, exprs = _read_literal(opts, "opts")
        if refusal is not None:
            check = "raise " + refusal
        wname = wname if weight is None else weight
    elif (isinstance(opts, types.DictType) and opts.key_type == types.unicode_type
          and isinstance(opts.value_type, types.Boolean)):
        check = "check_complex_only(opts)"
    elif (isinstance(opts, types.DictType) and opts.key_type == types.unicode_type
          and isinstance(opts.value_type, (types.Integer, types.Float))):
        check = "check_option_names(opts)"
        exprs = {k: "option(opts, %r, %r)" % (k, v) for k, v in _NUMBERS.items()}
    elif isinstance(opts, types.DictType) and opts.key_type == types.unicode_type:
        # numba types {"points": (...)} so: of quad's options only points fit
        check = "check_points_only(opts)"
        exprs = {"points": "opts['points']"}
    elif isinstance(opts, types.BaseTuple) and len(opts) == len(_TUPLE_KEYS):
        exprs = {k: "opts[%d]" % i for i, k in enumerate(_TUPLE_KEYS)}
    else:
        raise TypingError("nquad: inside @njit options must be a dict literal, a typed dict of "
                          "numbers or an @njit function returning one, got %s" % opts)
    has_points = "points" in exprs and not A.is_none(_points_type(opts))
    if "points" in exprs:
        exprs["points"] = "level_points(%s, lo, hi)" % exprs["points"]
    values = [exprs.get(k, repr(_DEFAULTS.get(k))) for k in _TUPLE_KEYS]
    # every level runs counting_quad: its qags form has the short form's
    # stack workspace and makes no infodict
    call = "count(func, lo, hi, args, passed, %s, %s, limit, %s, %s, %s, %s, %s)"
    fourier = ("(np.isinf(lo) or np.isinf(hi))" if wname in ("cos", "sin") else "False")
    src = ("def impl(func, lo, hi, args, passed, opts):\n"
           "    %s\n"
           "    limit = %s\n"
           "    y, e, ier, n = " + call + "\n"
           "    return y, e, n, (ier, limit, %s)\n") % (
        check, values[2], *values[:2], values[3], *values[4:], fourier)
    scope = {"count": counting_quad(wname, has_points, pass_state), "level_points": level_points,
             "option": _option, "np": np, "NquadOptionError": NquadOptionError,
             "NquadComplexError": NquadComplexError,
             "check_option_names": check_option_names, "check_points_only": check_points_only,
             "check_complex_only": check_complex_only}
    exec(src, scope)
    return scope["impl"]


# ---------------------------------------------------------------- inside @njit
def _const_or_zero(value):
    """A constant limit as a float; 0.0 for a function (unused)."""


@overload(_const_or_zero)
def _const_or_zero_ovl(value):
    if isinstance(value, (types.Integer, types.Float, types.Boolean)):
        return lambda value: float(value)
    return lambda value: 0.0


def _limit_fn(value, argname, routine):
    """The dispatcher of a function limit, None for a number (compile time)."""
    if isinstance(value, types.Dispatcher):
        return value.dispatcher
    if isinstance(value, (types.Integer, types.Float, types.Boolean)):
        return None
    raise TypingError("%s: %r must be a number or an @njit function, got %s"
                      % (routine, argname, value))


_plain_level = level_quad(None)


@njit
def _outer(top, a, b, data, args, epsabs, epsrel):
    """The outermost quad of dblquad/tplquad: (y, abserr, acc), acc noting
    the first failure of any level for the Python entries' warning.

    A function of its own, called, not inlined: inlined into a ``prange`` body, its tuple
    unpacking and quad's met in numba's parfor array analysis ("Dimension mismatch").  The
    callers pass the integrand as a type only (``type_only(top)``): passed as a value, a
    ``cache=True`` caller was no longer loaded from its cache."""
    acc = np.zeros(_ACC)
    y, e, _, failure = _plain_level(top, a, b, args, (data, acc),
                                    (epsabs, epsrel, 50) + _NO_POINTS)
    note_failure(acc, failure)
    return y, max(e, acc[0]), acc


def _dbl_levels(func, a, b, gfun, hfun, args, epsabs, epsrel):
    """dblquad's integration: (y, abserr, acc) (see :func:`_outer`)."""


def _tpl_levels(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel):
    """tplquad's integration: (y, abserr, acc) (see :func:`_outer`)."""


def _dblquad_overload(func, a, b, gfun, hfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
    def impl(func, a, b, gfun, hfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
        y, e, _ = _dbl_levels(func, a, b, gfun, hfun, args, epsabs, epsrel)
        return y, e
    return impl


def _tplquad_overload(func, a, b, gfun, hfun, qfun, rfun, args=(), epsabs=1.49e-08,
                      epsrel=1.49e-08):
    def impl(func, a, b, gfun, hfun, qfun, rfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
        y, e, _ = _tpl_levels(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel)
        return y, e
    return impl


@overload(_dbl_levels, prefer_literal=True, inline="always")
def _dbl_levels_ovl(func, a, b, gfun, hfun, args, epsabs, epsrel):
    A.check_callable("dblquad", "func", func)
    A.check_args("dblquad", args)
    specs = (("sep", _limit_fn(gfun, "gfun", "dblquad"), _limit_fn(hfun, "hfun", "dblquad"),
              (0,)), _CONST)
    top = nested_integrand(func.dispatcher, specs, (("const", None),) * 2)

    def impl(func, a, b, gfun, hfun, args, epsabs, epsrel):
        ea, er = float(epsabs), float(epsrel)
        data = ((_const_or_zero(gfun), _const_or_zero(hfun), (ea, er, 50) + _NO_POINTS),
                (float(a), float(b), (ea, er, 50) + _NO_POINTS))
        return _outer(type_only(top), float(a), float(b), data, A.as_args(args), ea, er)
    return impl


@overload(_tpl_levels, prefer_literal=True, inline="always")
def _tpl_levels_ovl(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel):
    A.check_callable("tplquad", "func", func)
    A.check_args("tplquad", args)
    specs = (("sep", _limit_fn(qfun, "qfun", "tplquad"), _limit_fn(rfun, "rfun", "tplquad"),
              (1, 0)),
             ("sep", _limit_fn(gfun, "gfun", "tplquad"), _limit_fn(hfun, "hfun", "tplquad"),
              (0,)),
             _CONST)
    top = nested_integrand(func.dispatcher, specs, (("const", None),) * 3)

    def impl(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel):
        ea, er = float(epsabs), float(epsrel)
        data = ((_const_or_zero(qfun), _const_or_zero(rfun), (ea, er, 50) + _NO_POINTS),
                (_const_or_zero(gfun), _const_or_zero(hfun), (ea, er, 50) + _NO_POINTS),
                (float(a), float(b), (ea, er, 50) + _NO_POINTS))
        return _outer(type_only(top), float(a), float(b), data, A.as_args(args), ea, er)
    return impl


def _literal_options(ty, expr):
    """(options spec, source of its options tuple, statement) for a literal
    dict ``expr`` of numba type ``ty``: read at compile time into the tuple
    of :data:`_TUPLE_KEYS` (numba cannot pass a literal dict on through the
    levels' arguments), the weight into the spec; an unknown key raises
    scipy's TypeError."""
    refusal, weight, values = _read_literal(ty, expr)
    if refusal is not None:
        return ("const", None), "None", "raise " + refusal
    if "points" in values:
        values["points"] = "as_float_vector(%s)" % values["points"]
    src = "(%s,)" % ", ".join(values.get(k, repr(_DEFAULTS[k])) for k in _TUPLE_KEYS)
    return ("const", weight), src, "pass"


def _njit_options(opts, n):
    """Per level: (options spec, source of the options in its data,
    statement to run first)."""
    def const(ty, expr):
        if isinstance(ty, types.LiteralStrKeyDict):
            return _literal_options(ty, expr)
        if isinstance(ty, types.DictType) or A.is_none(ty):
            return ("const", None), expr, "pass"
        return None
    if A.is_none(opts):
        return [(("const", None), "None", "pass")] * n
    if const(opts, "opts") is not None:
        return [const(opts, "opts")] * n
    if isinstance(opts, types.BaseTuple):
        if len(opts) != n:
            raise TypingError("nquad: 'opts' must hold one entry per range")
        out = []
        for i, ty in enumerate(opts):
            if isinstance(ty, types.Dispatcher):
                out.append((("fn", ty.dispatcher), "None", "pass"))
            elif const(ty, "opts[%d]" % i) is not None:
                out.append(const(ty, "opts[%d]" % i))
            else:
                raise TypingError("nquad: inside @njit opts[%d] must be a dict or an @njit "
                                  "function returning one, got %s" % (i, ty))
        return out
    raise TypingError("nquad: inside @njit 'opts' must be None, a dict, or a tuple of dicts "
                      "and @njit functions (one per range), got %s" % opts)


def _nquad_overload(func, ranges, args=None, opts=None, full_output=False):
    A.check_callable("nquad", "func", func)
    if not A.is_none(args):
        A.check_args("nquad", args)
    if not isinstance(ranges, types.BaseTuple) or not all(
            isinstance(r, (types.BaseTuple, types.Array, types.Dispatcher)) for r in ranges):
        raise TypingError("nquad: inside @njit 'ranges' must be a tuple of (low, high) pairs or "
                          "@njit functions returning them, got %s" % ranges)
    full = A.constant_flag("nquad", "full_output", full_output)
    n = len(ranges)
    levels = _njit_options(opts, n)
    is_fn = [isinstance(r, types.Dispatcher) for r in ranges]
    specs = tuple(("pair", r.dispatcher) if f else _CONST for r, f in zip(ranges, is_fn))
    top = nested_integrand(func.dispatcher, specs, tuple(spec for spec, _, _ in levels))
    limits = ("(0.0, 0.0, %s)" if f else "(float(ranges[%d][0]), float(ranges[%d][1]), %%s)"
              % (i, i) for i, f in enumerate(is_fn))
    # the outermost range and options: functions of args only (scipy: ranges[-1](*args))
    outer = "_pair(LAST(*a))" if is_fn[-1] else "(data[%d][0], data[%d][1])" % (n - 1, n - 1)
    last_fn = levels[-1][0][0] == "fn"
    outer_opts = "LAST_OPTS(*a)" if last_fn else "data[%d][2]" % (n - 1)
    outer_weight = None if last_fn else levels[-1][0][1]
    src = ("def impl(func, ranges, args=None, opts=None, full_output=False):\n"
           "    %s\n"
           "    a = %s\n"
           "    data = (%s,)\n"
           "    lo, hi = %s\n"
           "    acc = np.zeros(%d)\n"
           "    y, e, neval, _ = LEVEL_QUAD(top, lo, hi, a, %s, %s)\n"
           "%s"
           "    e = max(e, acc[0])\n"
           "    return %s\n") % (
        "; ".join(check for _, _, check in levels),
        "()" if A.is_none(args) else "_as_args(args)",
        ", ".join(lim % src for lim, (_, src, _) in zip(limits, levels)),
        outer, _ACC, "()" if n == 1 else "(data, acc)", outer_opts,
        # several levels: the innermost count (a second assignment of neval,
        # which an `if` would make on one branch only: numba issue #9489)
        "    neval = int(acc[1])\n" if n > 1 else "",
        "y, e, _neval_result(neval)" if full else "y, e")
    scope = {"top": top, "_pair": _pair, "np": np,
             "LEVEL_QUAD": level_quad(outer_weight),
             "LAST": ranges[-1].dispatcher if is_fn[-1] else None,
             "LAST_OPTS": levels[-1][0][1] if last_fn else None,
             "_as_args": A.as_args, "float": float, "int": int, "max": max,
             "_neval_result": _neval_result, "as_float_vector": A.as_float_vector,
             "NquadOptionError": NquadOptionError, "NquadComplexError": NquadComplexError}
    exec(src, scope)
    return scope["impl"]


_neval_result = result_builder(("neval",))


# ---------------------------------------------------------------- Python entries
def _python_limit(routine, name, value):
    if callable(value):
        return A.python_callable(routine, name, value)
    return float(value)


def dblquad(func, a, b, gfun, hfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
    """Double integral (scipy.integrate.dblquad, compiled): ``func(y, x, *args)``
    over ``x`` in [a, b], ``y`` in [gfun(x), hfun(x)] (numbers or functions)."""
    func = A.python_callable("dblquad", "func", func)
    gfun = _python_limit("dblquad", "gfun", gfun)
    hfun = _python_limit("dblquad", "hfun", hfun)
    args = A.python_args("dblquad", args)
    y, e, acc = _dbl_entry(func, float(a), float(b), gfun, hfun, args, float(epsabs),
                           float(epsrel))
    warn_inner_failure(acc)
    return y, e


def tplquad(func, a, b, gfun, hfun, qfun, rfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
    """Triple integral (scipy.integrate.tplquad, compiled): ``func(z, y, x, *args)``
    with ``y`` in [gfun(x), hfun(x)], ``z`` in [qfun(x, y), rfun(x, y)]."""
    func = A.python_callable("tplquad", "func", func)
    gfun = _python_limit("tplquad", "gfun", gfun)
    hfun = _python_limit("tplquad", "hfun", hfun)
    qfun = _python_limit("tplquad", "qfun", qfun)
    rfun = _python_limit("tplquad", "rfun", rfun)
    args = A.python_args("tplquad", args)
    y, e, acc = _tpl_entry(func, float(a), float(b), gfun, hfun, qfun, rfun, args,
                           float(epsabs), float(epsrel))
    warn_inner_failure(acc)
    return y, e


def _python_options(opt, inner):
    """(weight, the options tuple of :data:`_TUPLE_KEYS`) from a dict of quad
    options, normalised as quad's Python entry does (scipy's errors; and, for
    an ``inner`` level, its warning that points are ignored with a weight:
    the outermost level's quad gives that one itself)."""
    for key in opt:
        if key not in _QUAD_KEYS:
            raise NquadOptionError(key)
    if opt.get("complex_func", False):
        raise NquadComplexError()
    get = {**_DEFAULTS, "weight": None, **opt}.get
    weight = get("weight")
    points, wvar, wopts = python_weight_options("nquad", weight, get("points"), get("wvar"),
                                                get("wopts"), warn=inner)
    return weight, (float(get("epsabs")), float(get("epsrel")), int(get("limit")), points, wvar,
                    wopts, int(get("maxp1")), int(get("limlst")))


def nquad(func, ranges, args=None, opts=None, full_output=False):
    """Integration over several variables (scipy.integrate.nquad, compiled).

    ``ranges`` entries are (low, high) pairs or functions of the outer
    variables and args; ``opts`` a dict or one per level of quad's options
    (``epsabs``, ``epsrel``, ``limit``, ``points``, ``weight``, ``wvar``,
    ``wopts``, ``maxp1``, ``limlst``), each a dict or a function of the outer
    variables and args returning one (jitted, as ranges are: it must return
    a dict numba can type, e.g. a dict literal).
    """
    func = A.python_callable("nquad", "func", func)
    args = () if args is None else A.python_args("nquad", args)
    depth = len(ranges)
    if opts is None:
        opts = [{}] * depth
    elif isinstance(opts, dict):
        opts = [opts] * depth
    else:
        opts = list(opts)
        if len(opts) != depth:
            raise ValueError("nquad: 'opts' must hold one entry per range")
    specs, options, data = [], [], []
    for k, (rng, opt) in enumerate(zip(ranges, opts)):
        if callable(opt):
            options.append(("fn", A.python_callable("nquad", "opts[%d]" % k, opt)))
            level_opts = None
        else:
            weight, level_opts = _python_options(opt, inner=k < depth - 1)
            options.append(("const", weight))
        if callable(rng):
            specs.append(("pair", A.python_callable("nquad", "ranges[%d]" % k, rng)))
            data.append((0.0, 0.0, level_opts))
        else:
            lo, hi = rng
            specs.append(_CONST)
            data.append((float(lo), float(hi), level_opts))
    top = nested_integrand(func, tuple(specs), tuple(options))
    # the outermost level as scipy runs it, from Python (so it warns as scipy's)
    lo, hi = ranges[-1](*args) if callable(ranges[-1]) else ranges[-1]
    # (an @njit options function runs as Python here: numba's literal dicts do not box)
    opt = dict(getattr(opts[-1], "py_func", opts[-1])(*args) if callable(opts[-1]) else opts[-1])
    if "points" in opt:
        opt["points"] = [x for x in opt["points"] if lo <= x <= hi]
    if opt.pop("complex_func", False):
        raise NquadComplexError()
    acc = np.zeros(_ACC)
    out = quad_checked(top, lo, hi, args, full_output=full_output,
                       passed=() if depth == 1 else (tuple(data), acc), **opt)
    y, e = out[0], float(max(out[1], acc[0]))
    if full_output:                  # scipy's quad returns its messages: no warnings
        return y, e, {"neval": out[2]["neval"] if depth == 1 else int(acc[1])}
    warn_inner_failure(acc)
    return y, e


@njit
def _dbl_entry(func, a, b, gfun, hfun, args, epsabs, epsrel):
    return _dbl_levels(func, a, b, gfun, hfun, args, epsabs, epsrel)


@njit
def _tpl_entry(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel):
    return _tpl_levels(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel)


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "dblquad": Chooser(_dblquad_overload, inline="always"),
    "tplquad": Chooser(_tplquad_overload, inline="always"),
    "nquad": Chooser(_nquad_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
