"""``dblquad``, ``tplquad``, ``nquad``: nested ``quad`` as in scipy.

scipy's ``nquad`` integrates level by level: the integrand of the outer
``quad`` is a ``quad`` of the inner level.  Inside numba a function cannot be
created at run time, so the levels are generated once per structure (the
user's function, which limits are functions and how they are called) as
small @njit functions ``level(x, data, acc, rest)``:

* ``data``: per level ``(lo, hi, epsabs, epsrel, limit)`` -- the constant
  limits and the options, so one compiled level serves any values;
* ``acc``: a float64 array ``[max abserr, neval]`` shared by every inner
  ``quad`` (scipy's ``abserr`` is the maximum over all of them, and
  ``neval`` counts the innermost evaluations);
* ``rest``: the outer variables then the user's ``args``, as scipy passes
  them: ``func(x0, x1, ..., xn, *args)``.

The user's functions are referenced by the generated code (never passed in
tuples, which numba would type as experimental first-class functions).
Inner integrations do not warn (numba has no warnings); the outermost one,
from Python, warns as scipy's would.

``opts`` (``epsabs``, ``epsrel``, ``limit``; one dict for every level or a
tuple/list of one per range) work from both entries; inside @njit a dict
literal of numbers is numba's typed dict, read at run time, and a dict of
mixed values is read at compile time.  Ranges may be (low, high) pairs or @njit
functions of the outer variables and args, from both entries (inside @njit
numba warns that a tuple holding functions uses its experimental
first-class function types; it compiles, runs and caches); break points and
weights in ``opts`` are not supported yet.
"""
import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from scijit_types import result_builder

from .. import _arguments as A
from ._quadpack import quad

__all__ = ["dblquad", "tplquad", "nquad"]

_CONST = ("const",)
_DEFAULTS = {"epsabs": 1.49e-08, "epsrel": 1.49e-08, "limit": 50}


def _pair(r):
    """Two floats from a range callable's result (tuple, list or array)."""


@overload(_pair)
def _pair_ovl(r):
    if isinstance(r, (types.BaseTuple, types.Array, types.List)):
        return lambda r: (float(r[0]), float(r[1]))
    raise TypingError("nquad: a range function must return (low, high), got %s" % r)


_levels = {}


def _range_code(spec):
    """Source computing ``lo, hi`` for one level (``d`` is its data, ``r`` the
    outer variables then args)."""
    if spec[0] == "const":
        return "    lo, hi = d[0], d[1]\n", {}
    if spec[0] == "pair":
        return "    lo, hi = _pair(RANGE(*r))\n", {"RANGE": spec[1]}
    _, lo_fn, hi_fn, idx = spec
    call = "(" + ", ".join("r[%d]" % i for i in idx) + ")"
    lo = "float(LO%s)" % call if lo_fn is not None else "d[0]"
    hi = "float(HI%s)" % call if hi_fn is not None else "d[1]"
    return "    lo, hi = %s, %s\n" % (lo, hi), {"LO": lo_fn, "HI": hi_fn}


def nested_integrand(func, specs):
    """The integrand of the outermost quad for ``func`` and the range specs
    (``specs[k]`` is the range of ``x_k``, ``k = 0`` innermost):
    ``("const",)``, ``("pair", fn)`` (``lo, hi = fn(*outer, *args)``) or
    ``("sep", lo_fn | None, hi_fn | None, idx)`` (``lo = lo_fn(outer[i] for
    i in idx)``, None: the constant).  Memoised per structure."""
    key = (func, tuple(specs))
    try:
        return _levels[key]
    except KeyError:
        pass
    inner = func
    for k in range(1, len(specs)):
        code, names = _range_code(specs[k - 1])
        src = ("def level(x, data, acc, rest):\n"
               "    r = (x,) + rest\n"
               "    d = data[%d]\n" % (k - 1)) + code
        if k == 1:
            src += ("    y, e, info, msg = quad(INNER, lo, hi, args=r, full_output=1, "
                    "epsabs=d[2], epsrel=d[3], limit=int(d[4]))\n"
                    "    acc[1] += info.neval\n")
        else:
            src += ("    y, e = quad(INNER, lo, hi, args=(data, acc, r), epsabs=d[2], "
                    "epsrel=d[3], limit=int(d[4]))\n")
        src += ("    if e > acc[0]:\n"
                "        acc[0] = e\n"
                "    return y\n")
        scope = {"quad": quad, "_pair": _pair, "INNER": inner, "float": float, "int": int}
        scope.update(names)
        exec(src, scope)
        inner = njit(scope["level"])
    _levels[key] = inner
    return inner


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


@njit(inline="always")
def _outer(top, a, b, data, args, epsabs, epsrel, limit):
    """The outermost quad of two or more levels: (y, abserr, neval)."""
    acc = np.zeros(2)
    y, e = quad(top, a, b, args=(data, acc, args), epsabs=epsabs, epsrel=epsrel, limit=limit)
    return y, max(e, acc[0]), int(acc[1])


@njit(inline="always")
def _outer1(top, a, b, data, args, epsabs, epsrel, limit):
    """A single level (nquad with one range)."""
    y, e, info, msg = quad(top, a, b, args=args, full_output=1, epsabs=epsabs, epsrel=epsrel,
                           limit=limit)
    return y, e, int(info.neval)


def _dblquad_overload(func, a, b, gfun, hfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
    A.check_callable("dblquad", "func", func)
    A.check_args("dblquad", args)
    specs = (("sep", _limit_fn(gfun, "gfun", "dblquad"), _limit_fn(hfun, "hfun", "dblquad"),
              (0,)), _CONST)
    top = nested_integrand(func.dispatcher, specs)

    def impl(func, a, b, gfun, hfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
        ea, er = float(epsabs), float(epsrel)
        data = ((_const_or_zero(gfun), _const_or_zero(hfun), ea, er, 50.0),
                (float(a), float(b), ea, er, 50.0))
        y, e, neval = _outer(top, a, b, data, A.as_args(args), ea, er, 50)
        return y, e
    return impl


def _tplquad_overload(func, a, b, gfun, hfun, qfun, rfun, args=(), epsabs=1.49e-08,
                      epsrel=1.49e-08):
    A.check_callable("tplquad", "func", func)
    A.check_args("tplquad", args)
    specs = (("sep", _limit_fn(qfun, "qfun", "tplquad"), _limit_fn(rfun, "rfun", "tplquad"),
              (1, 0)),
             ("sep", _limit_fn(gfun, "gfun", "tplquad"), _limit_fn(hfun, "hfun", "tplquad"),
              (0,)),
             _CONST)
    top = nested_integrand(func.dispatcher, specs)

    def impl(func, a, b, gfun, hfun, qfun, rfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
        ea, er = float(epsabs), float(epsrel)
        data = ((_const_or_zero(qfun), _const_or_zero(rfun), ea, er, 50.0),
                (_const_or_zero(gfun), _const_or_zero(hfun), ea, er, 50.0),
                (float(a), float(b), ea, er, 50.0))
        y, e, neval = _outer(top, a, b, data, A.as_args(args), ea, er, 50)
        return y, e
    return impl


def _nquad_overload(func, ranges, args=None, opts=None, full_output=False):
    A.check_callable("nquad", "func", func)
    if not A.is_none(args):
        A.check_args("nquad", args)
    if not isinstance(ranges, types.BaseTuple) or not all(
            isinstance(r, (types.BaseTuple, types.Array, types.Dispatcher)) for r in ranges):
        raise TypingError("nquad: inside @njit 'ranges' must be a tuple of (low, high) pairs or "
                          "@njit functions returning them, got %s" % ranges)
    full = A.literal_bool(full_output)
    if full is None:
        raise TypingError("nquad: 'full_output' must be a compile-time constant inside @njit")
    n = len(ranges)
    levels = _njit_level_options(opts, n)
    is_fn = [isinstance(r, types.Dispatcher) for r in ranges]
    specs = tuple(("pair", r.dispatcher) if f else _CONST for r, f in zip(ranges, is_fn))
    top = nested_integrand(func.dispatcher, specs)
    the_args = "()" if A.is_none(args) else "_as_args(args)"
    limits = ("(0.0, 0.0, %s)" if f else "(float(ranges[%d][0]), float(ranges[%d][1]), %%s)"
              % (i, i) for i, f in enumerate(is_fn))
    # the outermost range: a function of args only (scipy: ranges[-1](*args))
    outer = "_pair(LAST(*a))" if is_fn[-1] else "(data[%d][0], data[%d][1])" % (n - 1, n - 1)
    src = ("def impl(func, ranges, args=None, opts=None, full_output=False):\n"
           "    %s\n"
           "    a = %s\n"
           "    data = (%s,)\n"
           "    lo, hi = %s\n"
           "    y, e, neval = OUTER(top, lo, hi, data, a, data[%d][2], data[%d][3], "
           "int(data[%d][4]))\n"
           "    return %s\n") % (
        levels[0], the_args,
        ", ".join(lim % lev for lim, lev in zip(limits, levels[1])),
        outer, n - 1, n - 1, n - 1,
        "y, e, _neval_result(neval)" if full else "y, e")
    scope = {"OUTER": _outer1 if n == 1 else _outer, "top": top, "_pair": _pair,
             "LAST": ranges[-1].dispatcher if is_fn[-1] else None,
             "_as_args": A.as_args, "float": float, "_neval_result": _neval_result,
             "option": _option, "check_option_names": check_option_names}
    exec(src, scope)
    return scope["impl"]


# ---------------------------------------------------------------- nquad's opts inside @njit
class NquadOptionError(NotImplementedError):
    """An option nquad does not support yet, named in the message (formatted
    here, in Python, from the name raised in compiled code)."""

    def __init__(self, name):
        super().__init__("nquad: option %r is not supported yet (epsabs, epsrel and limit are)"
                         % name)


@njit(cache=True)
def check_option_names(opts):
    for key in opts:
        if key != "epsabs" and key != "epsrel" and key != "limit":
            raise NquadOptionError(key)


@njit(inline="always")
def _option(opts, key, default):
    """A typed dict's option (dict.get would type as Optional)."""
    return float(opts[key]) if key in opts else default


def _dict_level(ty, expr):
    """Source of (epsabs, epsrel, limit) read from the options dict ``expr``
    of numba type ``ty``, and the statement checking its keys."""
    if isinstance(ty, types.LiteralStrKeyDict):
        unknown = [k for k in ty.fields if k not in _DEFAULTS]
        if unknown:
            raise TypingError("nquad: option %r is not supported yet (epsabs, epsrel and limit "
                              "are)" % unknown[0])
        vals = ["float(%s[%r])" % (expr, k) if k in ty.fields else repr(float(v))
                for k, v in _DEFAULTS.items()]
        return ", ".join(vals), "pass"
    if (isinstance(ty, types.DictType) and ty.key_type == types.unicode_type
            and isinstance(ty.value_type, (types.Integer, types.Float))):
        vals = ["option(%s, %r, %r)" % (expr, k, float(v)) for k, v in _DEFAULTS.items()]
        return ", ".join(vals), "check_option_names(%s)" % expr
    raise TypingError("nquad: inside @njit 'opts' must be None, a dict literal of numbers or a "
                      "tuple of them (one per range), got %s" % ty)


def _njit_level_options(opts, n):
    """(checks statement, [source of (epsabs, epsrel, limit) for each level])."""
    if A.is_none(opts):
        return "pass", ["1.49e-08, 1.49e-08, 50.0"] * n
    if isinstance(opts, types.BaseTuple):
        if len(opts) != n:
            raise TypingError("nquad: 'opts' must hold one entry per range")
        levels = [_dict_level(ty, "opts[%d]" % i) for i, ty in enumerate(opts)]
        return "; ".join(c for _, c in levels), [v for v, _ in levels]
    vals, check = _dict_level(opts, "opts")
    return check, [vals] * n


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
    return _dbl_entry(func, float(a), float(b), gfun, hfun, args, float(epsabs), float(epsrel))


def tplquad(func, a, b, gfun, hfun, qfun, rfun, args=(), epsabs=1.49e-08, epsrel=1.49e-08):
    """Triple integral (scipy.integrate.tplquad, compiled): ``func(z, y, x, *args)``
    with ``y`` in [gfun(x), hfun(x)], ``z`` in [qfun(x, y), rfun(x, y)]."""
    func = A.python_callable("tplquad", "func", func)
    gfun = _python_limit("tplquad", "gfun", gfun)
    hfun = _python_limit("tplquad", "hfun", hfun)
    qfun = _python_limit("tplquad", "qfun", qfun)
    rfun = _python_limit("tplquad", "rfun", rfun)
    args = A.python_args("tplquad", args)
    return _tpl_entry(func, float(a), float(b), gfun, hfun, qfun, rfun, args, float(epsabs),
                      float(epsrel))


def _level_options(opts, depth):
    """Per-level (epsabs, epsrel, limit) from scipy's opts (dicts only)."""
    if opts is None:
        opts = [{}] * depth
    elif isinstance(opts, dict):
        opts = [opts] * depth
    else:
        opts = list(opts)
        if len(opts) != depth:
            raise ValueError("nquad: 'opts' must hold one entry per range")
    out = []
    for opt in opts:
        if callable(opt):
            raise NotImplementedError("nquad: option functions in 'opts' are not supported yet")
        for key in opt:
            if key not in _DEFAULTS:
                raise NotImplementedError("nquad: option %r is not supported yet (epsabs, "
                                          "epsrel and limit are)" % key)
        merged = dict(_DEFAULTS, **opt)
        out.append((float(merged["epsabs"]), float(merged["epsrel"]), int(merged["limit"])))
    return out


def nquad(func, ranges, args=None, opts=None, full_output=False):
    """Integration over several variables (scipy.integrate.nquad, compiled).

    ``ranges`` entries are (low, high) pairs or functions of the outer
    variables and args; ``opts`` a dict or one dict per level with
    ``epsabs``, ``epsrel``, ``limit`` (other options are not supported yet).
    """
    func = A.python_callable("nquad", "func", func)
    args = () if args is None else A.python_args("nquad", args)
    depth = len(ranges)
    levels = _level_options(opts, depth)
    specs, data = [], []
    for k, rng in enumerate(ranges):
        ea, er, lim = levels[k]
        if callable(rng):
            specs.append(("pair", A.python_callable("nquad", "ranges[%d]" % k, rng)))
            data.append((0.0, 0.0, ea, er, float(lim)))
        else:
            lo, hi = rng
            specs.append(_CONST)
            data.append((float(lo), float(hi), ea, er, float(lim)))
    top = nested_integrand(func, tuple(specs))
    if callable(ranges[-1]):
        lo, hi = ranges[-1](*args)
    else:
        lo, hi = ranges[-1]
    ea, er, lim = levels[-1]
    acc = np.zeros(2)
    if depth == 1:
        y, e, info = quad(top, lo, hi, args=args, full_output=1, epsabs=ea, epsrel=er,
                          limit=lim)[:3]
        neval = info["neval"]
    else:
        y, e = quad(top, lo, hi, args=(tuple(data), acc, args), epsabs=ea, epsrel=er,
                    limit=lim)
        neval = int(acc[1])
    e = max(e, acc[0])
    if full_output:
        return y, e, {"neval": neval}
    return y, e


@njit
def _dbl_entry(func, a, b, gfun, hfun, args, epsabs, epsrel):
    return dblquad(func, a, b, gfun, hfun, args, epsabs, epsrel)


@njit
def _tpl_entry(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel):
    return tplquad(func, a, b, gfun, hfun, qfun, rfun, args, epsabs, epsrel)


def register(dbl, tpl, nq):
    """Register the choosers as the implementations of these names inside @njit."""
    overload(dbl, prefer_literal=True, inline="always")(_dblquad_overload)
    overload(tpl, prefer_literal=True, inline="always")(_tplquad_overload)
    overload(nq, prefer_literal=True, inline="always")(_nquad_overload)


register(dblquad, tplquad, nquad)
