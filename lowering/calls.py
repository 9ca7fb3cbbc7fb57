"""Calls on values: ``spl(x)`` lowered to the implementation typing chose.

numba 0.68 types a call on a value of an extension type through its
``__call__`` method (an ``@overload_method(SomeType, "__call__")``), but
lowers it by looking for an implementation registered on the type itself.
:func:`forward_calls` registers that implementation once per type class: it
resolves the call as typing did and calls the compiled implementation,
linking the code libraries it carries (:func:`~._numba_internals.linked_implementation`,
as numba's own call lowering does).

Two refinements, both for speed and both optional:

* ``to``: forward to a Python function with an ``@overload`` taking the
  value first, resolved with the argument types typing was given rather
  than the folded ones (defaults as ``Omitted``), so that numba finds the
  implementation it compiled while typing instead of compiling it again
  (RegularGridInterpolator: ~1-2 s per call site).
* ``point``: a call that returns a number is lowered on the members of the
  value it needs, its arrays borrowed (:mod:`.borrowed`): passing a struct
  of many arrays to a compiled function costs two atomic reference counts
  per array and dozens of words of arguments, more than evaluating a spline
  at one point.  Valid because a number holds no reference to them.
"""
from collections import namedtuple

from numba import types
from numba.core import cgutils
from numba.core.typing import signature
from numba.extending import lower_builtin

from ._numba_internals import linked_implementation
from .borrowed import borrowed_struct

__all__ = ["PointCall", "forward_calls"]

#: How a call returning a number is lowered on members of the value:
#: ``function`` (a plain Python function, compiled inline into the caller)
#: takes the ``members`` (``(name, type)`` pairs of the struct, in order; the
#: array members are passed borrowed) followed by the first ``nargs`` call
#: arguments (all of them if None).
PointCall = namedtuple("PointCall", ("function", "members", "nargs"))


def forward_calls(type_class, to=None, params=None, point=None):
    """Lower ``value(*args)`` for values of ``type_class`` (every instance).

    Parameters
    ----------
    type_class : type
        A numba type class whose values have a ``__call__`` overload (or,
        with ``to``, a function overloaded for them).
    to : function, optional
        Forward ``value(*args)`` to ``to(value, *args)``, an ``@overload``-ed
        Python function whose parameters after the value are ``params``; by
        default the call goes to the value's ``__call__`` method.
    params : tuple of str, optional
        The call's parameter names (after the value): the argument types
        typing was given are recovered from the folded ones, positional up to
        the first one omitted, by keyword after it, so that the lowering finds
        the implementation typing compiled instead of compiling another for
        the folded signature (a scalar ``spl(x)``: ~0.3 s per caller).
    point : callable, optional
        ``point(value_type, call_signature)`` -> :class:`PointCall`, used for
        the calls that return a number.

    Returns
    -------
    function
        The registered lowering.
    """
    @lower_builtin(type_class, types.VarArg(types.Any))
    def lower_call(context, builder, sig, args):
        tctx = context.typing_context
        if to is None:
            fnty = tctx.resolve_getattr(sig.args[0], "__call__")
            if params is None:
                csig = fnty.get_call_type(tctx, sig.args[1:], {})
            else:
                targs, tkws = _typing_args(params, sig.args[1:])
                csig = fnty.get_call_type(tctx, targs, tkws)
        else:
            fnty = tctx.resolve_value_type(to)
            targs, tkws = _typing_args(params, sig.args[1:])
            csig = fnty.get_call_type(tctx, (sig.args[0],) + targs, tkws)
        if point is not None and isinstance(sig.return_type, types.Number):
            return _call_on_members(context, builder, sig, csig, args, point(sig.args[0], csig))
        return linked_implementation(context, fnty, csig)(builder, args)
    return lower_call


def _typing_args(params, folded):
    """The argument types of a call as typing most likely saw them, from the
    folded ones (defaults as Omitted): positional up to the first default,
    keywords after it.  (A spelling this does not guess, e.g. a default given
    by keyword, only makes numba compile the implementation twice.)"""
    args, kws = [], {}
    for name, ty in zip(params, folded):
        if isinstance(ty, types.Omitted):
            continue
        if kws or len(args) < params.index(name):
            kws[name] = ty
        else:
            args.append(ty)
    return tuple(args), kws


def _call_on_members(context, builder, sig, csig, args, spec):
    """``spec.function(*members, *args[1:1 + nargs])`` compiled into the
    caller (typed with the call signature ``csig``), the array members of
    the value ``args[0]`` borrowed."""
    value_type = sig.args[0]
    arrays = [(name, ty) for name, ty in spec.members if isinstance(ty, types.Array)]
    parts = cgutils.create_struct_proxy(value_type)(
        context, builder, value=borrowed_struct(context, builder, value_type, args[0], arrays))
    nargs = len(args) - 1 if spec.nargs is None else spec.nargs
    call_args = list(args[1:1 + nargs])
    psig = signature(sig.return_type, *(ty for _, ty in spec.members), *csig.args[:nargs])
    members = [getattr(parts, name) for name, _ in spec.members]
    return context.compile_internal(builder, spec.function, psig, members + call_args)
