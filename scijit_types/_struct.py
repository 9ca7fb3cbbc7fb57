"""Boxing, unboxing and frozen constants for struct types of arrays and numbers.

The interpolator types (RectBivariateSpline, UnivariateSpline, interp1d,
RegularGridInterpolator) are numba structs whose members are arrays and
numbers.  Each crosses the Python boundary through two plain Python
functions of its module: one that takes a scipy object apart into a tuple of
member values (in the type's field order), one that builds the scipy object
from boxed members.  These three functions do the LLVM side once for all of
them; ``member_type(name)`` gives each member's numba type.
"""
from numba import types
from numba.core import cgutils
from numba.extending import NativeValue


def _call_python(c, fn, args):
    """``fn(*args)`` from compiled code (new reference, NULL on error)."""
    callee = c.pyapi.unserialize(c.pyapi.serialize_object(fn))
    res = c.pyapi.call_function_objargs(callee, args)
    c.pyapi.decref(callee)
    return res


def members_codegen(fields):
    """The codegen of an intrinsic ``build(*members) -> struct``: the struct
    (the signature's return type) holding a new reference to each member,
    the arguments in ``fields`` order."""
    def codegen(context, builder, sig, args):
        obj = cgutils.create_struct_proxy(sig.return_type)(context, builder)
        for name, ty, val in zip(fields, sig.args, args):
            context.nrt.incref(builder, ty, val)
            setattr(obj, name, val)
        return obj._getvalue()
    return codegen


def box_struct(c, typ, val, fields, member_type, python_builder, boxed=None):
    """Box the members ``boxed`` (default: every field) of the struct ``val``
    and return ``python_builder(*members)``.

    Boxing takes over each boxed member's reference; the members that are
    not boxed are released here.
    """
    boxed = fields if boxed is None else boxed
    obj = cgutils.create_struct_proxy(typ)(c.context, c.builder, value=val)
    for name in fields:
        if name not in boxed:
            c.context.nrt.decref(c.builder, member_type(name), getattr(obj, name))
    args = [c.box(member_type(name), getattr(obj, name)) for name in boxed]
    res = _call_python(c, python_builder, args)
    for a in args:
        c.pyapi.decref(a)
    return res


def unbox_struct(c, typ, obj, fields, member_type, python_fields):
    """The struct of ``python_fields(obj)``, a tuple of member values in
    ``fields`` order (arrays unboxed as views)."""
    tup = _call_python(c, python_fields, (obj,))
    out = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    failed = cgutils.alloca_once_value(c.builder, cgutils.is_null(c.builder, tup))
    with c.builder.if_then(cgutils.is_not_null(c.builder, tup), likely=True):
        for i, name in enumerate(fields):
            item = c.pyapi.tuple_getitem(tup, i)      # borrowed
            native = c.unbox(member_type(name), item)
            setattr(out, name, native.value)
            with c.builder.if_then(native.is_error, likely=False):
                c.builder.store(cgutils.true_bit, failed)
        c.pyapi.decref(tup)
    err = cgutils.is_not_null(c.builder, c.pyapi.err_occurred())
    return NativeValue(out._getvalue(), is_error=c.builder.or_(c.builder.load(failed), err))


def constant_struct(context, builder, typ, fields, member_type, values):
    """The struct frozen from ``values`` (member values in ``fields`` order):
    arrays become constants (the type's arrays are read-only)."""
    obj = cgutils.create_struct_proxy(typ)(context, builder)
    for name, value in zip(fields, values):
        mty = member_type(name)
        if isinstance(mty, types.Array):
            setattr(obj, name, context.make_constant_array(builder, mty, value))
        elif isinstance(mty, types.Integer):
            setattr(obj, name, context.get_constant(mty, int(value)))
        else:
            setattr(obj, name, context.get_constant(mty, float(value)))
    return obj._getvalue()
