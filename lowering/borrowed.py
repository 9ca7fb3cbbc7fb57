"""A borrowed copy of a struct value: its arrays do not own their memory.

numba increfs every array of a struct argument when a compiled function
starts and decrefs it when it returns: for a struct of nine arrays that is
eighteen atomic operations, ~100 ns, several times the cost of evaluating a
spline at one point.  The copy made here has a null ``meminfo`` in each
array, so reference counting it is a test of a null pointer that LLVM folds
away.  It is valid only while the original value is alive (the caller holds
it for the whole call) and only for a callee that keeps no reference to it:
one returning numbers, never a view of the struct's arrays.
"""
from numba import types
from numba.core import cgutils

__all__ = ["borrowed_arguments", "borrowed_array_value", "borrowed_struct", "borrowed_value"]


def borrowed_struct(context, builder, ty, value, fields):
    """``value`` of the struct type ``ty`` with its arrays borrowed.

    Parameters
    ----------
    context, builder
        numba's target context and the LLVM IR builder.
    ty : numba type
        A type with a ``StructModel`` whose members ``fields`` are arrays.
    value : llvmlite value
        The struct.
    fields : iterable of (str, numba.types.Array)
        The array members to borrow, with their types.

    Returns
    -------
    llvmlite value
        The struct, every listed array with a null meminfo.
    """
    src = cgutils.create_struct_proxy(ty)(context, builder, value=value)
    dst = cgutils.create_struct_proxy(ty)(context, builder, value=value)
    for name, aty in fields:
        setattr(dst, name, borrowed_array_value(context, builder, aty, getattr(src, name)))
    return dst._getvalue()


def borrowed_array_value(context, builder, aty, value):
    """The array ``value`` of numba type ``aty`` with a null ``meminfo``: the
    same view, whose reference counting is a null test LLVM folds away (valid
    while the owner keeps the array alive)."""
    arr = context.make_array(aty)(context, builder, value=value)
    arr.meminfo = cgutils.get_null_value(arr.meminfo.type)
    return arr._getvalue()


def borrowed_value(context, builder, ty, value):
    """``value`` of numba type ``ty`` with every array in it borrowed: an
    array, or a tuple holding arrays (at any depth); other values as they
    are."""
    if isinstance(ty, types.Array):
        return borrowed_array_value(context, builder, ty, value)
    if isinstance(ty, types.BaseTuple) and any(_holds_array(t) for t in ty):
        items = [borrowed_value(context, builder, t, builder.extract_value(value, i))
                 for i, t in enumerate(ty)]
        return context.make_tuple(builder, ty, items)
    return value


def borrowed_arguments(context, builder, values, given, wanted):
    """The call arguments ``values`` (of numba types ``given``) cast to the
    callee's parameter types ``wanted``, every array in them borrowed
    (:func:`borrowed_value`): what a call through a pointer or a held call
    passes, the caller holding the arrays for the call."""
    return [borrowed_value(context, builder, want, context.cast(builder, v, got, want))
            for v, got, want in zip(values, given, wanted)]


def _holds_array(ty):
    if isinstance(ty, types.Array):
        return True
    return isinstance(ty, types.BaseTuple) and any(_holds_array(t) for t in ty)
