"""scipy's ``options`` dicts inside @njit: one reader for every routine.

scipy's solvers take their method's settings as a dict (``root(...,
options={'xtol': 1e-12})``, ``minimize_scalar(..., options={'maxiter':
50})``).  Inside @njit that argument arrives as one of four numba types:

* None (or omitted);
* a dict literal with mixed values (``{'xtol': 1e-12, 'diag': d}``):
  numba's ``LiteralStrKeyDict``, whose keys are known at compile time;
* a dict of numbers (``{'xtol': 1e-12, 'maxiter': 200}``, or a typed dict
  built at run time): numba's ``DictType[unicode_type, number]``, whose keys
  are looked up at run time (a literal's initial keys are known at compile
  time, but the dict may have gained others since);
* a namedtuple of the given names: what the Python entries pass (it types
  in microseconds, a dict of numbers costs seconds of compilation).

A chooser asks :func:`option_sources` for the *source text* of each option's
value (``options['xtol']``, a default's repr, or an expression given in its
place, such as scipy's ``tol``) and writes those expressions into the one
implementation it generates (:func:`generated_impl`), so a key settled at
compile time costs nothing at run time and a typed dict's keys are looked up
once.  Unknown keys raise: a TypingError when the type knows them, a
ValueError naming them at run time otherwise (scipy warns; inside @njit there
are no warnings).
"""
import collections
import functools

from numba import njit, types
from numba.core.errors import TypingError

from . import _arguments as A

__all__ = ["option_sources", "generated_impl", "options_tuple"]

_NUMBERS = (types.Integer, types.Float, types.Boolean)


def _typed_dict_of_numbers(options):
    return (isinstance(options, types.DictType) and options.key_type == types.unicode_type
            and isinstance(options.value_type, _NUMBERS))


def _compile_time_keys(options):
    """The option names the type knows for certain, or None if only the run
    time knows them (a typed dict: even one made from a literal may have
    gained keys since)."""
    if isinstance(options, (types.LiteralStrKeyDict, types.BaseNamedTuple)):
        return tuple(options.fields)
    return None


def _refuse_unknown(routine, keys, known):
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise TypingError("%s: Unknown solver options: %s" % (routine, ", ".join(unknown)))


def option_sources(routine, options, known, given=None, numeric_defaults=None):
    """``({name: source text of its value}, [checks])`` for the options
    ``known`` (scipy's names for the method -> defaults).

    ``options`` is the numba type of the ``options`` argument; ``given``
    maps a name to the source text of a value given outside the dict that
    stands in when the dict lacks the name (scipy's ``tol`` -> ``xtol``);
    ``numeric_defaults`` the number that stands for a None default when the
    options are a dict of numbers (where a value and None cannot share a
    type; root's ``eps``).  Other names whose default is not a number are
    taken to be options such a dict cannot hold (arrays, pairs).
    The sources read an argument named ``options``; ``checks`` are
    statements the generated implementation runs first (the run-time key
    check of a typed dict whose keys the type does not know).

    Examples
    --------
    >>> from numba import types
    >>> option_sources("f", types.none, {"xtol": 1e-8, "maxiter": 500}, {"xtol": "tol"})
    ({'xtol': 'tol', 'maxiter': '500'}, [])
    """
    given = given or {}
    numeric_defaults = numeric_defaults or {}
    keys = _compile_time_keys(options)
    if keys is not None:
        _refuse_unknown(routine, keys, known)
        spell = "options.%s" if isinstance(options, types.BaseNamedTuple) else "options[%r]"
        sources = {name: spell % name if name in keys else given.get(name, repr(default))
                   for name, default in known.items()}
        return sources, []
    if A.is_none(options):
        return {name: given.get(name, repr(default)) for name, default in known.items()}, []
    if _typed_dict_of_numbers(options):
        if options.initial_value is not None:        # a literal's keys: refused at once
            _refuse_unknown(routine, tuple(options.initial_value), known)
        sources = {}
        for name, default in known.items():
            default = numeric_defaults.get(name, default)
            fallback = given.get(name, repr(default))
            if not isinstance(default, (int, float)):
                sources[name] = fallback        # not a number: never in such a dict
            else:                               # (dict.get would type as Optional)
                sources[name] = "(options[%r] if %r in options else %s)" % (name, name, fallback)
        return sources, ["check_option_names(%r, options, %r)" % (routine, tuple(known))]
    raise TypingError("%s: 'options' must be None or a dict with constant string keys inside "
                      "@njit, got %s" % (routine, options))


@njit(cache=True)
def check_option_names(routine, options, names):
    """A typed dict's keys must be the method's option names."""
    for key in options:
        if key not in names:
            raise ValueError(routine + ": Unknown solver option: " + key)


def generated_impl(signature, checks, lines, scope):
    """The implementation ``def impl(<signature>)`` running ``checks``, then
    the statements ``lines``, with the names of ``scope`` (and the option
    checks' helper)."""
    source = ["def impl(%s):" % signature] + ["    " + line for line in checks + lines]
    scope = dict(scope, check_option_names=check_option_names)
    exec("\n".join(source) + "\n", scope)
    return scope["impl"]


@functools.lru_cache(maxsize=None)
def options_tuple(names):
    """The namedtuple class in which a Python entry passes the options it was
    given (``names``): a chooser reads a namedtuple as it reads a dict
    literal, and it types in microseconds (a dict of numbers would be numba's
    typed dict, seconds of compile time)."""
    return collections.namedtuple("options", names)
