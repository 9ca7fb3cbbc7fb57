"""Compiled functions handed to compiled code at run time, as pointers.

A solver that takes the user's function as a *type* (``type_only(fun)``)
is compiled again for every user function: seconds per caller, and never
from numba's cache across user functions.  A solver that takes a
:class:`FunctionPointer` instead is compiled once per signature of what it
calls (the argument types: the state's dtype, the user's ``args``), so it
can be an ordinary ``@njit(cache=True)`` function of scijit, loaded from the
cache by every caller; only a small glue (the user's function behind the
transform stack) is compiled per user function, in the caller.

* :func:`function_pointer` ``(type_only(fn), example)`` -- in the caller:
  compiles the @njit function ``fn`` for the types of the tuple ``example``
  (its values are not used; ``fn`` passed as :func:`~.callback.type_only`,
  since a function used as a value is its object's address, which numba
  bakes in and then refuses to cache), links it into the caller and gives its address: a
  reference to its symbol, resolved when the caller's code is linked, so
  nothing is baked in and the caller caches too.
* :func:`pointer_caller` ``(nargs)`` -- in the solver: ``call(pointer, a1,
  .., an)`` calls it with numba's calling convention; an exception raised
  there propagates out of the solver with its type and message, as from a
  direct call.  ``pointer_caller(nargs, held=True)``: ``call(slot, pointer,
  a1, .., an)`` holds the exception in ``slot`` instead, for the frame
  owning the arrays to raise (:mod:`.held`: numba would leak the arrays of
  every frame a raise passes).  Its arrays (and those in tuples) are passed borrowed
  (:mod:`.borrowed`: a null ``meminfo``): the target's reference counting
  of them is then a null test, not two atomic operations per array per
  call, which were most of the cost of a call per step of a small ODE.
  The caller holds them for the call, and the target keeps none of them
  (a glue copies what the user's function returns).

The pointer's type holds the target's signature, so a solver is specialised
on what it passes and returns, not on which function it calls.  The cost is
an indirect call per evaluation that LLVM cannot inline (about a
nanosecond and the arguments' words; measured in docs/architecture.md).
"""
import functools

from numba import types
from numba.core.errors import TypingError
from numba.extending import intrinsic, models, register_model

from . import _numba_internals as internals
from .borrowed import borrowed_arguments
from .held import check_slot, store_held_call

__all__ = ["FunctionPointer", "function_pointer", "pointer_caller"]


class FunctionPointer(types.Type):
    """The address of a numba-compiled function of signature ``sig``."""

    def __init__(self, sig):
        self.sig = sig
        super().__init__(name="FunctionPointer((%s) -> %s)"
                         % (", ".join(str(a) for a in sig.args), sig.return_type))


register_model(FunctionPointer)(models.OpaqueModel)


@intrinsic
def function_pointer(typingctx, fn, example):
    """The address of the @njit function ``fn`` compiled for the argument
    types of the tuple ``example`` (a :class:`FunctionPointer`)."""
    if not isinstance(fn, types.Dispatcher):
        raise TypingError("function_pointer takes an @njit function, got %s" % fn)
    if not isinstance(example, types.BaseTuple):
        raise TypingError("function_pointer: the example arguments must be a tuple, got %s"
                          % example)
    target = fn.get_call_type(typingctx, tuple(example), {})
    if target is None:
        raise TypingError("function_pointer: %s does not take %s" % (fn, example))
    ptr_type = FunctionPointer(target.replace(pysig=None))

    def codegen(context, builder, sig, args):
        cres = internals.compiled_overload(fn.dispatcher, target.args)
        internals.link_compiled(context, cres)
        return internals.function_address(context, builder, cres)
    return ptr_type(fn, example), codegen


@functools.lru_cache(maxsize=None)
def pointer_caller(nargs, held=False):
    """The @intrinsic ``call(pointer, a1, .., a<nargs>)``: the function at
    ``pointer`` (a :class:`FunctionPointer`) called on the arguments (each
    cast to the target's parameter type), its value returned, its exception
    raised.  ``held``: ``call(slot, pointer, a1, .., a<nargs>)``, the
    exception stored in the :class:`~.held.ErrorSlot` ``slot`` (the value
    zero then), and no call once the slot holds one."""
    def typer(typingctx, *slot_pointer_args):
        if held:
            slot, pointer, *args = slot_pointer_args
            check_slot("call", slot)
        else:
            pointer, *args = slot_pointer_args
        if not isinstance(pointer, FunctionPointer):
            raise TypingError("call: the pointer must be a FunctionPointer, got %s"
                              % pointer)
        target = pointer.sig
        if len(args) != len(target.args):
            raise TypingError("call: %s takes %d arguments, got %d"
                              % (pointer, len(target.args), len(args)))
        for got, want in zip(args, target.args):
            if got != want and typingctx.can_convert(got, want) is None:
                raise TypingError("call: %s cannot pass %s as %s" % (pointer, got, want))

        def codegen(context, builder, sig, llargs):
            lead = 2 if held else 1
            values = borrowed_arguments(context, builder, llargs[lead:], sig.args[lead:],
                                        target.args)

            def call():
                return internals.call_function_pointer(context, builder, llargs[lead - 1],
                                                       target, values)
            if held:
                return store_held_call(context, builder, llargs[0], target.return_type, call)
            is_error, code, excinfo, value = call()
            internals.reraise_status(context, builder, code, excinfo)
            return value
        return target.return_type(*slot_pointer_args), codegen

    # numba's @intrinsic needs an explicit parameter list (no *args).
    names = ", ".join(["slot"] * held + ["pointer"] + ["a%d" % i for i in range(nargs)])
    src = "def call(typingctx, %s):\n    return typer(typingctx, %s)\n" % (names, names)
    scope = {"typer": typer}
    exec(src, scope)
    return intrinsic(scope["call"])
