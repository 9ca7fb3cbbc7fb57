"""Exceptions held until the frame that owns the arrays can raise them.

numba propagates a callee's exception by returning at once from every frame
on the way, without releasing the references of the variables alive there
(its own behaviour for any raising call: a frame holding two arrays leaks
both).  A solver calls the user's function while holding its work arrays,
so a raising callback would leak them at every call.  Instead:

* the frame that will raise makes an :class:`ErrorSlot` on its stack
  (``slot = error_slot()``) and hands it down;
* the solver calls the user's code through a held call
  (:func:`~.pointers.pointer_caller` with ``held=True``): an exception is
  stored in the slot, not raised, and once the slot holds one every later
  held call returns zero without calling, as scipy stops at the first;
* a direct call of compiled code that calls the user's function (a
  precheck) is ``held_caller(n)(slot, type_only(fn), a1, .., an)``, held
  the same way;
* the solver tests ``held(slot)`` after its calls, leaves its loops and
  returns normally, so numba releases its arrays;
* the frame that made the slot calls ``raise_held(slot, values)`` at a
  point where ``values`` is the one reference-counted variable it still
  holds (its other variables' last use was earlier, so numba has released
  them): on an exception it releases ``values`` (the release numba would
  skip) and raises the original exception with its type and message;
  otherwise it does nothing.  ``values`` is a variable (a result, a tuple),
  never a tuple built in the call of variables used afterwards: those
  would keep their own references.

``tests/checks.py``'s ``assert_raises_without_leak`` checks the balance with
numba's allocation statistics (the raising-callback tests of solve_ivp and
the MINPACK family use it; it fails with the leaks above).
"""
import functools

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic, models, register_model

from . import _numba_internals as internals
from .borrowed import borrowed_arguments

__all__ = ["ErrorSlot", "check_slot", "error_slot", "held", "held_caller", "raise_held",
           "store_held_call"]

_i32 = ir.IntType(32)


class ErrorSlot(types.Type):
    """A pointer to ``{status code, excinfo*}`` on the stack of the frame that
    made it: an exception caught from a held call, not raised yet."""

    def __init__(self):
        super().__init__(name="ErrorSlot")


error_slot_type = ErrorSlot()
register_model(ErrorSlot)(models.OpaqueModel)


def _slot_type():
    return ir.LiteralStructType([_i32, internals.EXCINFO_PTR_T])


def _fields(builder, slot):
    ptr = builder.bitcast(slot, _slot_type().as_pointer())
    return cgutils.gep_inbounds(builder, ptr, 0, 0), cgutils.gep_inbounds(builder, ptr, 0, 1)


@intrinsic
def error_slot(typingctx):
    """An empty :class:`ErrorSlot` on this frame's stack (valid while the
    frame runs: hand it down, never return it)."""
    def codegen(context, builder, sig, args):
        slot = cgutils.alloca_once(builder, _slot_type())
        code, excinfo = _fields(builder, slot)
        builder.store(_i32(0), code)
        builder.store(ir.Constant(internals.EXCINFO_PTR_T, None), excinfo)
        return builder.bitcast(slot, cgutils.voidptr_t)
    return error_slot_type(), codegen


def check_slot(who, slot):
    """TypingError naming ``who`` unless ``slot`` is an :class:`ErrorSlot`."""
    if not isinstance(slot, ErrorSlot):
        raise TypingError("%s: the slot must be an ErrorSlot, got %s" % (who, slot))


def _is_held(builder, slot):
    code, _ = _fields(builder, slot)
    return builder.icmp_signed("!=", builder.load(code), _i32(0))


@intrinsic
def held(typingctx, slot):
    """Whether ``slot`` holds an exception."""
    check_slot("held", slot)

    def codegen(context, builder, sig, args):
        return _is_held(builder, args[0])
    return types.boolean(slot), codegen


@intrinsic
def raise_held(typingctx, slot, values):
    """Raise the exception ``slot`` holds, after releasing ``values`` (the
    calling frame's variable whose release numba skips when it raises);
    nothing when it holds none."""
    check_slot("raise_held", slot)

    def codegen(context, builder, sig, args):
        code_ptr, excinfo_ptr = _fields(builder, args[0])
        with cgutils.if_unlikely(builder, _is_held(builder, args[0])):
            context.nrt.decref(builder, sig.args[1], args[1])
            internals.reraise_status(context, builder, builder.load(code_ptr),
                                     builder.load(excinfo_ptr))
        return context.get_dummy_value()
    return types.none(slot, values), codegen


def store_held_call(context, builder, slot, return_type, call):
    """Emit ``call()`` (returning ``(is_error, code, excinfo, value)``) as a
    held call on ``slot``: skipped when the slot already holds an exception,
    an exception stored in it; the value, or zero when there is none.

    The first exception wins: when ``call`` itself held one in the same slot
    (a solver's callback that stops its native solver by raising once the
    user's exception is held, :mod:`scijit.optimize._tnc`), the exception it
    then raised is dropped and the user's is kept."""
    code_ptr, excinfo_ptr = _fields(builder, slot)
    lltype = context.get_value_type(return_type)
    result = cgutils.alloca_once(builder, lltype)
    builder.store(cgutils.get_null_value(lltype), result)
    with builder.if_then(builder.not_(_is_held(builder, slot)), likely=True):
        is_error, code, excinfo, value = call()
        with builder.if_else(is_error, likely=False) as (failed, succeeded):
            with failed, builder.if_then(builder.not_(_is_held(builder, slot))):
                builder.store(code, code_ptr)
                builder.store(excinfo, excinfo_ptr)
            with succeeded:
                builder.store(value, result)
    return builder.load(result)


@functools.lru_cache(maxsize=None)
def held_caller(nargs):
    """The @intrinsic ``call(slot, fn, a1, .., a<nargs>)``: ``fn(a1, ..)`` for
    the @njit function ``fn`` (passed as :func:`~.callback.type_only`),
    held on ``slot``: its exception stored there (the value zero then), no
    call once the slot holds one.  The arrays among the arguments are
    passed borrowed (:mod:`.borrowed`), so ``fn``'s frame holds no
    reference of them for an exception to leak; ``fn`` must keep none of
    them.  (Separate arguments, not a tuple: numba types a tuple holding
    the user's functions as first-class functions.)"""
    def typer(typingctx, slot, fn, *args):
        check_slot("held call", slot)
        if not isinstance(fn, types.Dispatcher):
            raise TypingError("held call of %s: not an @njit function" % fn)
        target = fn.get_call_type(typingctx, args, {})
        if target is None:
            raise TypingError("held call: %s does not take %s" % (fn, args))

        def codegen(context, builder, sig, llargs):
            cres = internals.compiled_overload(fn.dispatcher, target.args)
            internals.link_compiled(context, cres)
            values = borrowed_arguments(context, builder, llargs[2:], args, target.args)
            return store_held_call(context, builder, llargs[0], target.return_type,
                                   lambda: internals.call_compiled(context, builder, cres,
                                                                   values))
        return target.return_type(slot, fn, *args), codegen

    # numba's @intrinsic needs an explicit parameter list (no *args).
    names = ", ".join(["slot", "fn"] + ["a%d" % i for i in range(nargs)])
    src = "def call(typingctx, %s):\n    return typer(typingctx, %s)\n" % (names, names)
    scope = {"typer": typer}
    exec(src, scope)
    return intrinsic(scope["call"])
