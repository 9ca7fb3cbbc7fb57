"""The C library's ``pow``, called as numpy and Python call it.

Python's ``x ** y`` on floats and numpy's on float64 scalars both call the C
library's ``pow``, which is not always correctly rounded (glibc's
``pow(t, 2.0)`` can differ from ``t * t`` in the last bit).  numba compiles
``x ** 2`` as ``x * x``, and LLVM folds a call of ``pow`` with a constant
exponent into multiplications, so code that must reproduce scipy's Python
arithmetic bit for bit (the line searches' interpolation formulas) calls
:func:`libm_pow`: a call of ``pow`` by name, marked ``nobuiltin`` so LLVM
leaves it a call (the attribute is the declaration's: llvmlite
takes it there, not on the call).  The symbol is the C library's, resolved when the code is
linked, as every symbol of scijit's compiled code is.
"""
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

__all__ = ["libm_pow"]

_double = ir.DoubleType()


@intrinsic
def libm_pow(typingctx, x, y):
    """``pow(x, y)`` of the C library, for float64 ``x`` and ``y``."""
    sig = types.float64(types.float64, types.float64)

    def codegen(context, builder, signature, args):
        module = builder.module
        fn = module.globals.get("pow")
        if fn is None:
            fn = ir.Function(module, ir.FunctionType(_double, [_double, _double]), name="pow")
            fn.attributes.add("nobuiltin")
        vx = context.cast(builder, args[0], signature.args[0], types.float64)
        vy = context.cast(builder, args[1], signature.args[1], types.float64)
        return builder.call(fn, [vx, vy])
    return sig, codegen
