"""TEMPORARY: the unsized declarations of the families not yet in the native table.

Deleted once QUADPACK and FITPACK are declared with :mod:`.native`.

Calling our Fortran entry points by symbol name from @njit code.

A :class:`NativeFunction` describes one ``bind(C)`` entry point: its symbol,
the library that exports it and the kind of each C parameter.  From it,
:func:`native_intrinsic` builds a numba ``@intrinsic`` that emits a direct
``call @symbol(...)``: arrays are passed as their data pointers, scalars are
converted, output scalars are stack slots whose values are returned as a
tuple, and a callback parameter gets a generated adapter (:mod:`.callback`).
No address ever appears in compiled code, so callers can be cached.

Parameter kinds: ``'i32'``, ``'f64'`` (by value); ``'f64*'``, ``'i32*'``
(contiguous arrays of that dtype); ``'const f64*'`` (a contiguous float64
array the callee only reads, so it may be read-only); ``'ref_i32'``,
``'ref_char'`` (a number passed by reference, as LAPACK takes every scalar:
it is stored in a stack slot, a character as its code, ``ord('L')``);
``'out_i32'``, ``'out_f64'`` (returned); ``'callback'`` and ``'udata'`` (the
adapter and its user data).
"""
from dataclasses import dataclass

from llvmlite import ir
from numba.core import cgutils, types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from . import _numba_internals as internals
from .callback import PreparedCallback, resolve_glue
from .libraries import require

_LL = {
    "i32": ir.IntType(32),
    "f64": ir.DoubleType(),
    "f64*": ir.DoubleType().as_pointer(),
    "const f64*": ir.DoubleType().as_pointer(),
    "i32*": ir.IntType(32).as_pointer(),
    "ref_i32": ir.IntType(32).as_pointer(),
    "ref_char": ir.IntType(8).as_pointer(),
    "out_i32": ir.IntType(32).as_pointer(),
    "out_f64": ir.DoubleType().as_pointer(),
    "udata": ir.IntType(8).as_pointer(),
}
_NB = {"i32": types.int32, "f64": types.float64, "f64*": types.float64,
       "const f64*": types.float64,
       "i32*": types.int32, "ref_i32": types.int32, "ref_char": types.uint8,
       "out_i32": types.int32, "out_f64": types.float64}
_INPUT_KINDS = ("i32", "f64", "f64*", "const f64*", "i32*", "ref_i32", "ref_char")
_ARRAY_KINDS = ("f64*", "const f64*", "i32*")


@dataclass(frozen=True)
class NativeFunction:
    """One ``bind(C)`` entry point of a scijit library."""
    symbol: str
    library: str
    params: tuple
    returns: str = "void"          # 'void', 'i32' or 'f64'
    callback: object = None        # CallbackABI when a param is 'callback'

    def llvm_type(self):
        ret = ir.VoidType() if self.returns == "void" else _LL[self.returns]
        return ir.FunctionType(ret, [
            self.callback.llvm_type().as_pointer() if k == "callback" else _LL[k]
            for k in self.params])

    @property
    def inputs(self):
        """The kinds of the parameters the intrinsic takes as numba values."""
        return tuple(k for k in self.params if k in _INPUT_KINDS)

    @property
    def outputs(self):
        kinds = [k for k in self.params if k.startswith("out_")]
        if self.returns != "void":
            kinds.append("out_" + self.returns)
        return kinds


def _check_input(fn, i, kind, ty):
    if kind in _ARRAY_KINDS:
        writable = kind != "const f64*"
        ok = (isinstance(ty, types.Array) and ty.dtype == _NB[kind]
              and ty.layout in "CF" and (ty.mutable or not writable))
        if not ok:
            raise TypingError("%s: argument %d must be a contiguous %s%s array, got %s"
                              % (fn.symbol, i, "writable " if writable else "", _NB[kind], ty))
    elif not isinstance(ty, (types.Integer, types.Float, types.Boolean)):
        raise TypingError("%s: argument %d must be a number, got %s" % (fn.symbol, i, ty))


def native_intrinsic(fn, glue=None, nfuncs=0):
    """Build the @intrinsic calling ``fn``.

    Without a callback its arguments are the input parameters in order.  With
    one they are ``(*funcs, payload, *inputs)``: the ``nfuncs`` user functions
    and the payload handed to ``glue`` (see :mod:`.callback`).  It returns the
    tuple of output values, and with a callback the adapter's call count last.
    """
    n_in = len(fn.inputs)
    n_lead = nfuncs + 1 if fn.callback is not None else 0

    def typer(typingctx, *args):
        require(fn.library)
        if len(args) != n_lead + n_in:
            raise TypingError("%s takes %d arguments, got %d" % (fn.symbol, n_lead + n_in, len(args)))
        for i, (kind, ty) in enumerate(zip(fn.inputs, args[n_lead:])):
            _check_input(fn, i, kind, ty)
        outs = [_NB[k] for k in fn.outputs]
        glue_sig = None
        if fn.callback is not None:
            glue_sig = resolve_glue(typingctx, fn.callback, glue, args[:nfuncs], args[nfuncs])
            outs.append(types.int64)
        sig = types.Tuple(outs)(*args)

        def codegen(context, builder, sig, llargs):
            cb = None
            if fn.callback is not None:
                cb = PreparedCallback(context, builder, fn.callback, glue, glue_sig, llargs[nfuncs])
            values = iter(zip(sig.args[n_lead:], llargs[n_lead:]))
            out_slots, call_args = [], []
            for kind in fn.params:
                if kind == "callback":
                    call_args.append(cb.adapter)
                elif kind == "udata":
                    call_args.append(cb.udata_pointer(builder) if cb else
                                     ir.Constant(_LL["udata"], None))
                elif kind.startswith("out_"):
                    slot = cgutils.alloca_once(builder, _LL[kind].pointee)
                    builder.store(ir.Constant(_LL[kind].pointee, 0), slot)
                    out_slots.append(slot)
                    call_args.append(slot)
                else:
                    ty, val = next(values)
                    if kind in _ARRAY_KINDS:
                        call_args.append(context.make_array(ty)(context, builder, val).data)
                    elif kind.startswith("ref_"):
                        slot = cgutils.alloca_once(builder, _LL[kind].pointee)
                        builder.store(context.cast(builder, val, ty, _NB[kind]), slot)
                        call_args.append(slot)
                    else:
                        call_args.append(context.cast(builder, val, ty, _NB[kind]))
            callee = internals.declare_native(builder, fn.symbol, fn.llvm_type())
            ret = builder.call(callee, call_args)
            if cb is not None:
                cb.reraise(builder)
            results = [builder.load(s) for s in out_slots]
            if fn.returns != "void":
                results.append(ret)
            if cb is not None:
                results.append(cb.ncalls(builder))
            return context.make_tuple(builder, sig.return_type, results)

        return sig, codegen

    # numba's @intrinsic needs an explicit parameter list (no *args).
    names = ["a%d" % i for i in range(n_lead + n_in)]
    src = "def %s(typingctx, %s):\n    return typer(typingctx, %s)\n" % (
        fn.symbol, ", ".join(names), ", ".join(names))
    scope = {"typer": typer}
    exec(src, scope)
    return intrinsic(scope[fn.symbol])
