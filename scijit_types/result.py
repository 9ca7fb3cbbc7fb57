"""The ``Result`` numba type: scipy's result objects inside @njit code.

A scipy result (``OptimizeResult``, fsolve's ``infodict``, ...) is a dict-like
object whose fields have different types (ints, arrays of several shapes,
strings).  Here one numba type per *field layout* holds them in a struct:

* inside @njit: ``res.x`` and ``res['x']`` both read a field;
* returned to Python it boxes to ``scipy.optimize.OptimizeResult`` itself
  (a dict subclass, so both spellings work there too), or to another of
  scipy's dict-subclass results (``RootResults``, the elementwise
  functions' ``_RichResult``) named by the type, with constant entries the
  type names (``_RichResult``'s ``_order_keys``) among the fields;
* an ``OptimizeResult`` passed into @njit is unboxed field by field (arrays
  as views, no copy); :func:`register_scipy_classes` enables it.

:func:`result_builder` makes the @njit constructor for one field layout.
"""
import operator

from numba.core import cgutils, types
from numba.core.errors import TypingError
from numba.core.imputils import impl_ret_borrowed, lower_getattr_generic
from numba.core.typing.templates import AttributeTemplate, infer_getattr
from numba.extending import (NativeValue, box, intrinsic, models, overload,
                             register_model, typeof_impl, unbox)


def _optimize_result_class():
    from scipy.optimize import OptimizeResult
    return OptimizeResult


def _root_results_class():
    from scipy.optimize import RootResults
    return RootResults


def _new_optimize_result():
    return _optimize_result_class()()


def _new_root_results():
    # RootResults.__init__ needs the values; the boxing code fills the
    # (dict) instance field by field, so it is made without __init__.
    cls = _root_results_class()
    return cls.__new__(cls)


def _new_rich_result():
    # scipy.optimize.elementwise's result class (private in scipy: it has
    # no public name)
    from scipy._lib._util import _RichResult
    return _RichResult()


def _new_ode_result():
    # solve_ivp's result class (an OptimizeResult subclass without a public name)
    from scipy.integrate._ivp.ivp import OdeResult
    return OdeResult()


#: an empty instance of each scipy class a Result boxes to, by the name its
#: type carries (dict subclasses, filled in field order by the boxing code)
RESULT_CLASSES = {"OptimizeResult": _new_optimize_result, "RootResults": _new_root_results,
                  "RichResult": _new_rich_result, "OdeResult": _new_ode_result}


class ResultType(types.Type):
    """A result with named fields ``fields`` = ((name, numba type), ...),
    boxed to the scipy class ``pyclass`` (a key of :data:`RESULT_CLASSES`).

    ``constants`` = ((position, name, make), ...) are entries of the boxed
    object that are not fields (no value at run time): ``make()``, a
    hashable, picklable callable (``functools.partial(list, ("a", "b"))``),
    called for each boxed object, gives the value stored under ``name``
    before the field at ``position`` (after the last for ``len(fields)``).
    """

    def __init__(self, fields, pyclass="OptimizeResult", constants=()):
        if pyclass not in RESULT_CLASSES:
            raise ValueError("unknown result class %r" % (pyclass,))
        self.fields = tuple((str(n), t) for n, t in fields)
        self.field_names = tuple(n for n, _ in self.fields)
        self.pyclass = pyclass
        self.constants = tuple((int(p), str(n), make) for p, n, make in constants)
        inner = ", ".join("%s: %s" % f for f in self.fields)
        if self.constants:
            inner += "; " + ", ".join("%s@%d=%r" % (n, p, v) for p, n, v in self.constants)
        prefix = "Result" if pyclass == "OptimizeResult" else "Result[%s]" % pyclass
        super().__init__(name="%s(%s)" % (prefix, inner))

    def field_type(self, name):
        for n, t in self.fields:
            if n == name:
                return t
        return None


@register_model(ResultType)
class ResultModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, list(fe_type.fields))


# ---------------------------------------------------------------- field access
@infer_getattr
class ResultAttributes(AttributeTemplate):
    key = ResultType

    def generic_resolve(self, typ, attr):
        return typ.field_type(attr)


@lower_getattr_generic(ResultType)
def _result_getattr(context, builder, typ, value, attr):
    res = cgutils.create_struct_proxy(typ)(context, builder, value=value)
    return impl_ret_borrowed(context, builder, typ.field_type(attr), getattr(res, attr))


@intrinsic
def _get_field(typingctx, res, name):
    if not isinstance(name, types.StringLiteral):
        return None
    field = name.literal_value
    sig = res.field_type(field)(res, name)

    def codegen(context, builder, sig, args):
        return _result_getattr(context, builder, res, args[0], field)
    return sig, codegen


@overload(operator.getitem)
def _result_getitem(res, key):
    if not isinstance(res, ResultType):
        return None
    if not isinstance(key, types.StringLiteral):
        raise TypingError("a Result is indexed by a constant field name, got %s" % key)
    if key.literal_value not in res.field_names:
        raise TypingError("Result has no field %r (fields: %s)"
                          % (key.literal_value, ", ".join(res.field_names)))
    return lambda res, key: _get_field(res, key)


# ---------------------------------------------------------------- construction
def result_builder(field_names, pyclass="OptimizeResult", constants=()):
    """An @intrinsic ``build(v1, v2, ...)`` returning a Result with these
    fields, boxed to the scipy class ``pyclass`` with the entries
    ``constants`` (see :class:`ResultType`)."""
    field_names = tuple(field_names)

    def typer(typingctx, *values):
        rtype = ResultType(zip(field_names, values), pyclass, constants)
        sig = rtype(*values)

        def codegen(context, builder, sig, args):
            res = cgutils.create_struct_proxy(rtype)(context, builder)
            for name, ty, val in zip(field_names, sig.args, args):
                context.nrt.incref(builder, ty, val)   # the struct owns a reference
                setattr(res, name, val)
            return res._getvalue()
        return sig, codegen

    # numba's @intrinsic needs an explicit parameter list (no *args).
    src = "def build_result(typingctx, %s):\n    return typer(typingctx, %s)\n" % (
        ", ".join(field_names), ", ".join(field_names))
    scope = {"typer": typer}
    exec(src, scope)
    return intrinsic(scope["build_result"])


# ---------------------------------------------------------------- Python boundary
def register_scipy_classes():
    """typeof for ``scipy.optimize.OptimizeResult``: call once scipy.optimize
    is imported (scijit's entry point does), so importing scijit_types does
    not import scipy.optimize (0.4 s)."""
    typeof_impl.register(_optimize_result_class())(_typeof_result)
    typeof_impl.register(_root_results_class())(_typeof_root_results)


def _typeof_result(val, c, pyclass="OptimizeResult"):
    from numba import typeof
    fields = []
    for name, value in val.items():
        ty = typeof(value, c.purpose)
        if ty is None:
            return None
        fields.append((name, ty))
    return ResultType(fields, pyclass)


def _typeof_root_results(val, c):
    return _typeof_result(val, c, "RootResults")


@unbox(ResultType)
def _unbox_result(typ, obj, c):
    res = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    failed = cgutils.alloca_once_value(c.builder, cgutils.false_bit)
    cleanups = []
    for name, ty in typ.fields:
        item = c.pyapi.dict_getitem_string(obj, name)       # borrowed
        with c.builder.if_else(cgutils.is_null(c.builder, item), likely=False) as (missing, ok):
            with missing:
                c.pyapi.err_set_string("PyExc_KeyError", "result field %r missing" % name)
                c.builder.store(cgutils.true_bit, failed)
            with ok:
                native = c.unbox(ty, item)
                setattr(res, name, native.value)
                with c.builder.if_then(native.is_error, likely=False):
                    c.builder.store(cgutils.true_bit, failed)
        if native.cleanup is not None:
            cleanups.append(native.cleanup)

    def cleanup():
        for fn in cleanups:
            fn()
    return NativeValue(res._getvalue(), is_error=c.builder.load(failed),
                       cleanup=cleanup if cleanups else None)


@box(ResultType)
def _box_result(typ, val, c):
    res = cgutils.create_struct_proxy(typ)(c.context, c.builder, value=val)
    make = c.pyapi.unserialize(c.pyapi.serialize_object(RESULT_CLASSES[typ.pyclass]))
    obj = c.pyapi.call_function_objargs(make, ())
    c.pyapi.decref(make)
    for position, (name, ty) in enumerate(typ.fields + ((None, None),)):
        for _, cname, make in (k for k in typ.constants if k[0] == position):
            # made anew for each object (numba keeps one unpickled constant)
            maker = c.pyapi.unserialize(c.pyapi.serialize_object(make))
            item = c.pyapi.call_function_objargs(maker, ())
            c.pyapi.decref(maker)
            c.pyapi.dict_setitem_string(obj, cname, item)
            c.pyapi.decref(item)
        if name is None:
            break
        # Boxing a field steals its reference: the struct's, so no decref after.
        item = c.box(ty, getattr(res, name))
        c.pyapi.dict_setitem_string(obj, name, item)
        c.pyapi.decref(item)
    return obj
