"""C-ABI callback adapters that call ordinary ``@njit`` functions.

Our Fortran solvers call back through a plain C function pointer with a
``void *udata`` argument.  For each solver the adapter is an LLVM function
generated in the *caller's* module (so nothing is an address baked into
compiled code, and ``cache=True`` works).  It does the same few things for
every solver, described once here by a :class:`CallbackABI`:

1. view the raw pointers it receives as numba arrays (borrowed, no copy), and
   the arrays in the payload as borrowed views too (no reference counting);
2. count the call (``ncalls`` in the user data);
3. call a *glue* function: an ordinary ``@njit`` function made by the glue
   factory below from the *steps* the routine names (:func:`callback`,
   :func:`callback_intrinsic`; the steps are in :mod:`lowering.transforms`:
   reshape ``x``, append ``args``, return or write in place, check, copy,
   reflect, pass the solver's state), called with the user's function(s),
   the array views, the value of ``iflag`` and the *callback data*
   (:class:`lowering.transforms.CallbackData`);
4. if the glue raised, store numba's exception status in the user data and
   set ``*iflag = -1``, the solver's "stop" signal; after the Fortran returns,
   the caller re-raises the original exception (:func:`reraise`).

The glue is inlined into the adapter, so a call costs no more than the
user's function and the copy of its result.

The user data is a struct ``{status code, excinfo*, ncalls, callback data}``
allocated on the caller's stack, so concurrent or nested solves share nothing.
The user's functions travel as numba *types* only: the glue is specialised on
them and calls them directly, their runtime value is a null placeholder, so
no dispatcher object is ever materialised in compiled code.
"""
from dataclasses import dataclass

import numpy as np
from llvmlite import ir
from numba import njit
from numba.core import cgutils, types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from .borrowed import borrowed_array_value

from . import _numba_internals as internals
from .transforms import (CheckFinite, InPlace, JacobianBy, ModelOf, PassState, Reflect, Reshape,
                         Returned, Time, UserJacobian, as_double, difference_into, store_matrix,
                         store_vector, with_shape)

_STEP_KINDS = (Reshape, Reflect, PassState, Time, Returned, InPlace, ModelOf, UserJacobian,
               JacobianBy, CheckFinite)
_CALL_KINDS = (Returned, InPlace, ModelOf)

_i32 = ir.IntType(32)
_i64 = ir.IntType(64)
_f64 = ir.DoubleType()
_i8p = ir.IntType(8).as_pointer()

VECTOR = types.Array(types.float64, 1, "C")
MATRIX = types.Array(types.float64, 2, "A")


# ---------------------------------------------------------------- ABI description
@dataclass(frozen=True)
class Int:
    """An ``int32_t`` passed by value (a size); not given to the glue."""
    name: str


@dataclass(frozen=True)
class Real:
    """A ``double`` passed by value; given to the glue as float64."""
    name: str


@dataclass(frozen=True)
class Vector:
    """A ``double*`` of ``length`` (name of an Int) elements; a 1-D array."""
    name: str
    length: str


@dataclass(frozen=True)
class Matrix:
    """A column-major ``double*`` (rows x cols, leading dimension ``ld``); a 2-D array."""
    name: str
    rows: str
    cols: str
    ld: str


@dataclass(frozen=True)
class IFlag:
    """``int32_t *iflag``: its value is given to the glue; set to -1 on error."""
    name: str = "iflag"


@dataclass(frozen=True)
class UserData:
    """``void *udata``: the caller's user-data struct."""
    name: str = "udata"


@dataclass(frozen=True)
class CallbackABI:
    """The C signature of one kind of callback, and what the glue receives."""
    name: str
    params: tuple
    returns_double: bool = False

    def llvm_type(self):
        lltypes = {Int: _i32, Real: _f64, Vector: _f64.as_pointer(), Matrix: _f64.as_pointer(),
                   IFlag: _i32.as_pointer(), UserData: _i8p}
        ret = _f64 if self.returns_double else ir.VoidType()
        return ir.FunctionType(ret, [lltypes[type(p)] for p in self.params])

    def glue_argtypes(self, funcs, payload):
        """numba types the glue is called with: funcs, visible params, payload."""
        visible = {Real: types.float64, Vector: VECTOR, Matrix: MATRIX, IFlag: types.intp}
        own = tuple(visible[type(p)] for p in self.params if type(p) in visible)
        return tuple(funcs) + own + (payload,)


@intrinsic
def type_only(typingctx, func):
    """The user's ``@njit`` function as a type with a null value.

    Handing the function itself to a compiled (not inlined) function would
    pass the dispatcher object's address, which numba bakes into the caller
    and then refuses to cache ("uses dynamic globals"); the callee needs the
    type only (the glue calls the function directly), as everything here.
    """
    # (a function being compiled, e.g. a held precheck naming itself in a
    # nested solve, is typed as a recursive call: its dispatcher is the same;
    # None, an absent optional function, stays None)
    ty = func.dispatcher_type if isinstance(func, types.RecursiveCall) else func
    if not isinstance(ty, (types.Dispatcher, types.NoneType)):
        raise TypingError("type_only takes an @njit function or None, got %s" % func)

    def codegen(context, builder, sig, args):
        return context.get_constant_null(sig.return_type)
    return ty(func), codegen


# ---------------------------------------------------------------- typing
def resolve_glue(typingctx, abi, glue, funcs, payload):
    """Type (and so compile) ``glue`` for these user functions and payload.

    Raises TypingError naming the glue's problem (it is where the user's
    function is first called, so typing errors in it surface here).
    """
    argtypes = abi.glue_argtypes(funcs, payload)
    sig = typingctx.resolve_function_type(glue, argtypes, {})
    if sig is None:
        raise TypingError("cannot compile the callback glue %s for %s" % (glue, argtypes))
    want = types.float64 if abi.returns_double else types.none
    if sig.return_type != want:
        raise TypingError("callback glue %s returned %s, expected %s"
                          % (glue, sig.return_type, want))
    return sig


# ---------------------------------------------------------------- codegen
def _data_type(context, payload):
    # {status code, excinfo*, ncalls, payload}
    return ir.LiteralStructType([_i32, internals.EXCINFO_PTR_T, _i64,
                                 context.get_value_type(payload)])


def _adapter(context, module, abi, glue, glue_sig):
    """The adapter for ``glue_sig``, generated once per module."""
    cres = internals.compiled_overload(glue, glue_sig.args)
    internals.link_compiled(context, cres)
    name = "scijit.adapter.%s.%s" % (abi.name, cres.fndesc.mangled_name)
    fn = cgutils.get_or_insert_function(module, abi.llvm_type(), name)
    if not fn.is_declaration:
        return fn
    fn.linkage = "internal"
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    raw = {p.name: a for p, a in zip(abi.params, fn.args)}
    iflag_ptr = next(raw[p.name] for p in abi.params if isinstance(p, IFlag))
    payload_ty = glue_sig.args[-1]
    data = b.bitcast(raw["udata"], _data_type(context, payload_ty).as_pointer())

    ncalls = cgutils.gep_inbounds(b, data, 0, 2)
    b.store(b.add(b.load(ncalls), _i64(1)), ncalls)

    nfuncs = len(glue_sig.args) - len(abi.glue_argtypes((), payload_ty))
    argv = [cgutils.get_null_value(context.get_value_type(t)) for t in glue_sig.args[:nfuncs]]
    for p in abi.params:
        if isinstance(p, Real):
            argv.append(raw[p.name])
        elif isinstance(p, Vector):
            argv.append(internals.borrowed_array(context, b, VECTOR, raw[p.name],
                                                 [raw[p.length]], [8]))
        elif isinstance(p, Matrix):
            ld = b.mul(b.sext(raw[p.ld], _i64), _i64(8))
            argv.append(internals.borrowed_array(context, b, MATRIX, raw[p.name],
                                                 [raw[p.rows], raw[p.cols]], [8, ld]))
        elif isinstance(p, IFlag):
            argv.append(b.sext(b.load(iflag_ptr), _i64))
    # The payload's arrays (the user's args) as borrowed views: the caller
    # owns them for the whole native call.  The glue would otherwise incref
    # and decref each one per evaluation (two atomic operations: it cannot
    # prune them, an exception leaves it between the two); with a constant
    # null meminfo they cancel out once the glue is inlined below.
    payload = b.load(cgutils.gep_inbounds(b, data, 0, 3))
    argv.append(_borrowed_arrays_in(context, b, payload_ty, payload))

    is_error, code, excinfo, value = internals.call_compiled(context, b, cres, argv)
    _inline_call_to(b, cres.fndesc.mangled_name)
    with b.if_then(is_error, likely=False):
        b.store(code, cgutils.gep_inbounds(b, data, 0, 0))
        b.store(excinfo, cgutils.gep_inbounds(b, data, 0, 1))
        b.store(_i32(-1), iflag_ptr)
    if abi.returns_double:
        b.ret(b.select(is_error, _f64(0.0), value))
    else:
        b.ret_void()
    return fn


def _inline_call_to(builder, name):
    """Mark the call to ``name`` just emitted in the current block
    ``alwaysinline``.

    numba's first pass over the linked module inlines only such calls, and
    prunes reference counting inside each function after it.  Inlined into
    the adapter, the glue sees the views' constant null meminfos (so their
    increfs and decrefs go) and is not called with the arrays' members as
    some 30 separate arguments, most of them through the stack.
    """
    for instr in reversed(builder.block.instructions):
        if isinstance(instr, ir.CallInstr) and getattr(instr.callee, "name", None) == name:
            instr.attributes.add("alwaysinline")
            return
    raise AssertionError("no call to %s in the adapter" % name)


def _borrowed_arrays_in(context, builder, ty, value):
    """``value`` (of numba type ``ty``) with each array in it, at any depth of
    tuples, turned into a view without a meminfo.

    Code handed such a view increfs and decrefs nothing for it (no atomic
    operations).  Sound only while the owner keeps ``value`` alive for as
    long as the views are used.  Other members (typed containers, strings,
    ...) keep their meminfos: their operations may need them.
    """
    if isinstance(ty, types.Array):
        return borrowed_array_value(context, builder, ty, value)
    if isinstance(ty, types.BaseTuple):
        for i, member in enumerate(ty):
            inner = _borrowed_arrays_in(context, builder, member, builder.extract_value(value, i))
            value = builder.insert_value(value, inner, i)
    return value


class PreparedCallback:
    """The adapter and the stack-allocated user data for one native call."""

    def __init__(self, context, builder, abi, glue, glue_sig, payload_value):
        self.context = context
        self.adapter = _adapter(context, builder.module, abi, glue, glue_sig)
        payload_ty = glue_sig.args[-1]
        # Entry-block alloca: one slot per call site, safe inside loops.
        self.data = cgutils.alloca_once(builder, _data_type(context, payload_ty))
        builder.store(_i32(0), cgutils.gep_inbounds(builder, self.data, 0, 0))
        builder.store(_i64(0), cgutils.gep_inbounds(builder, self.data, 0, 2))
        builder.store(payload_value, cgutils.gep_inbounds(builder, self.data, 0, 3))

    def udata_pointer(self, builder):
        """The ``void *udata`` to hand to the Fortran."""
        return builder.bitcast(self.data, _i8p)

    def ncalls(self, builder):
        """How many times the adapter ran (an int64)."""
        return builder.load(cgutils.gep_inbounds(builder, self.data, 0, 2))

    def status(self, builder):
        """``(is_error, code, excinfo)``: the exception the callback raised."""
        code = builder.load(cgutils.gep_inbounds(builder, self.data, 0, 0))
        excinfo = builder.load(cgutils.gep_inbounds(builder, self.data, 0, 1))
        return builder.icmp_signed("!=", code, _i32(0)), code, excinfo

    def reraise(self, builder):
        """Re-raise, in the caller, an exception the callback raised."""
        _, code, excinfo = self.status(builder)
        internals.reraise_status(self.context, builder, code, excinfo)


# ---------------------------------------------------------------- the glue factory
# Every callback of every solver is built here from the steps its routine
# names (lowering.transforms: Reshape, Reflect, PassState, Returned, InPlace,
# ModelOf, UserJacobian, JacobianBy, CheckFinite), e.g. fsolve's, with a
# Jacobian and in-place callbacks:
#
#     steps = (Reshape(), InPlace(), UserJacobian())
#     hybrj = callback_intrinsic(HYBRJ, steps)
#     cb = callback(steps)              # the same stages, for the prechecks
#
# The glue is one of four templates, chosen by the ABI's form (one output
# vector; an output vector or a Jacobian by iflag; a returned double; a
# returned double with a gradient vector, an objective for a minimizer), with
# the stages the steps make plugged in.  The stages are @njit(inline="always")
# functions, so each glue compiles to the code a hand-written one would.
# The callback data is read by position (CallbackData's order: args, shape,
# col_deriv, state, passed), so a plain tuple in that order serves as well.


class Callback:
    """The stages the steps of one callback make, as ``@njit(inline="always")``
    functions taking the callback data ``data`` (:class:`CallbackData`):

    * ``enter(x, data)``: the solver's ``x`` as the user's function sees it;
    * ``value(f, x, data)``: what the user's function returns at the
      solver's ``x`` (the precheck's look at it; the Returned step only);
    * ``residual(f, x, out, data)``: the whole residual pipeline, ``out``
      filled (checked, copied, or written in place);
    * ``jacobian_value(jac, x, data)`` and ``jacobian(f, jac, x, fvec, out,
      data)``: the same for the Jacobian (``fvec`` holding f at x);
    * ``scalar(f, x, data)``: an integrand's value as a float64;
    * ``value_and_gradient(f, jac, x, g, data)``: an objective's value as
      a float64, its gradient stored in ``g``: ``f`` returns the pair
      ``(value, gradient)`` (or with InPlace writes ``g`` and returns the
      value); with UserJacobian ``f`` returns the value and ``jac`` the
      gradient (or with InPlace writes it), called in that order, as
      scipy's ScalarFunction does; with JacobianBy(fn) ``f`` returns the
      value and ``fn(f, x, value, args, state, g)`` fills ``g``
      (finite differences); None for ModelOf;
    * ``glue(abi, nfuncs)``: the glue for a native callback ABI.
    """

    def __init__(self, steps):
        self.steps = steps
        kinds = {type(s) for s in steps}
        unknown = kinds - set(_STEP_KINDS)
        if unknown:
            raise TypeError("unknown callback steps %s" % sorted(k.__name__ for k in unknown))
        calls = [s for s in steps if isinstance(s, _CALL_KINDS)]
        if len(calls) > 1:
            raise TypeError("a callback has one of Returned, InPlace, ModelOf: %s" % (steps,))
        call = calls[0] if calls else Returned()
        self.inplace = isinstance(call, InPlace)
        self.enter = _compose_enter([s for s in steps if isinstance(s, (Reshape, Reflect))])
        if Time in kinds:
            if not isinstance(call, Returned) or kinds & {Reflect, PassState, UserJacobian,
                                                          JacobianBy}:
                raise TypeError("Time goes with Returned, Reshape and CheckFinite: %s"
                                % (steps,))
            self.enter = _timed(self.enter)
        self.leave = _compose_leave([s for s in steps if isinstance(s, Reflect)])
        checks = [s for s in steps if isinstance(s, CheckFinite)]
        self.value, self.residual = _residual_stages(self.enter, call, checks, Time in kinds)
        jac_steps = [s for s in steps if isinstance(s, (UserJacobian, JacobianBy))]
        if len(jac_steps) > 1:
            raise TypeError("a callback has one Jacobian step: %s" % (steps,))
        self.jacobian_step = jac_steps[0] if jac_steps else None
        self.jacobian_value, self.jacobian = _jacobian_stages(self.enter, call,
                                                              self.jacobian_step)
        if PassState in kinds and not isinstance(call, Returned):
            raise TypeError("PassState goes with a Returned value: %s" % (steps,))
        self.scalar = _scalar_stage(self.enter, self.leave, PassState in kinds, Time in kinds)
        self.value_and_gradient = _value_and_gradient_stage(self.enter, call, checks,
                                                            self.jacobian_step)
        self._glues = {}

    def glue(self, abi, nfuncs):
        """The ``@njit`` glue for ``abi`` with ``nfuncs`` user functions."""
        key = (abi, nfuncs)
        if key not in self._glues:
            self._glues[key] = _make_glue(self, abi, nfuncs)
        return self._glues[key]


_callbacks = {}
_intrinsics = {}


def callback(steps):
    """The :class:`Callback` of ``steps`` (a tuple of step descriptions),
    made once per distinct tuple."""
    steps = tuple(steps)
    try:
        return _callbacks[steps]
    except KeyError:
        cb = _callbacks[steps] = Callback(steps)
        return cb


def callback_intrinsic(fn, steps, held=False):
    """The intrinsic calling the native function ``fn`` (a NativeFunction
    with a callback) through the glue of ``steps``: its arguments are
    ``(*funcs, data, *inputs)``, ``funcs`` the user's function(s) -- two with
    UserJacobian -- and ``data`` the callback data; ``held``: ``(slot,
    *funcs, data, *inputs)``, the user's exception held in ``slot``
    (:mod:`.held`).  Made once per (function, steps, held)."""
    from .native import native_intrinsic
    steps = tuple(steps)
    key = (fn.symbol, steps, held)
    try:
        return _intrinsics[key]
    except KeyError:
        cb = callback(steps)
        nfuncs = 2 if isinstance(cb.jacobian_step, UserJacobian) else 1
        made = _intrinsics[key] = native_intrinsic(fn, cb.glue(fn.callback, nfuncs), nfuncs,
                                                   held)
        return made


# ---------------------------------------------------------------- stages
@njit(inline="always")
def _solver_x(x, data):
    """No variable step: the user's function sees the solver's ``x``."""
    return x


def _compose_enter(steps):
    """``enter(x, data)`` applying the variable steps in order."""
    stage = None
    for step in steps:
        stage = _enter_step(step, stage)
    return _solver_x if stage is None else stage


def _enter_step(step, inner):
    if isinstance(step, Reshape):
        if inner is None:
            @njit(inline="always")
            def enter(x, data):
                return with_shape(x, data[1])
        else:
            @njit(inline="always")
            def enter(x, data):
                return with_shape(inner(x, data), data[1])
    elif inner is None:                     # Reflect
        @njit(inline="always")
        def enter(x, data):
            return data[3][0] * x
    else:
        @njit(inline="always")
        def enter(x, data):
            return data[3][0] * inner(x, data)
    return enter


def _timed(enter):
    """``enter`` for a pair ``(t, x)``: ``(t, enter(x, data))``, splatted
    into the user's call by the call stages."""
    @njit(inline="always")
    def timed(tx, data):
        return (tx[0], enter(tx[1], data))
    return timed


def _compose_leave(steps):
    """``leave(value, data)`` for a scalar value: Reflect's ``yscale *``."""
    if not steps:
        return None

    @njit(inline="always")
    def leave(value, data):
        return data[3][1] * value
    return leave


def _finite_check(message):
    @njit(inline="always")
    def check(out):
        for k in range(out.size):
            if not np.isfinite(out[k]):
                raise ValueError(message)
    return check


def _residual_stages(enter, call, checks, timed=False):
    """(value, residual) of a vector callback; ``timed``: ``enter`` gives
    ``(t, x)`` (the Time step)."""
    value = None
    if timed:
        @njit(inline="always")
        def value(f, x, data):
            tx = enter(x, data)
            return f(tx[0], tx[1], *data[0])

        @njit(inline="always")
        def store(f, x, out, data):
            tx = enter(x, data)
            store_vector(f(tx[0], tx[1], *data[0]), out)
    elif isinstance(call, ModelOf):
        store = _model_residual(enter, call)
    elif isinstance(call, InPlace):
        @njit(inline="always")
        def store(f, x, out, data):
            f(enter(x, data), out, *data[0])
    else:
        @njit(inline="always")
        def value(f, x, data):
            return f(enter(x, data), *data[0])

        @njit(inline="always")
        def store(f, x, out, data):
            store_vector(f(enter(x, data), *data[0]), out)
    for step in checks:
        store = _checked(store, _finite_check(step.message))
    return value, store


def _checked(store, check):
    @njit(inline="always")
    def residual(f, x, out, data):
        store(f, x, out, data)
        check(out)
    return residual


@njit
def model_state(data):
    """``data``'s solver state, (xdata, ydata, transform), through a call that
    is not inlined: inlined, numba's parfor array analysis equates the
    state tuple with xdata's shape and fails ("Dimension mismatch") when
    curve_fit's precheck is inlined into a prange loop."""
    return data[3]


@njit(inline="always")
def _unweighted(transform, out):
    """The weighing of a model without ``sigma``: nothing."""


def _model_residual(enter, model):
    n = model.n
    weigh = _unweighted if model.weigh is None else model.weigh

    @njit(inline="always")
    def residual(f, x, out, data):
        s = model_state(data)
        difference_into(f(s[0], *internals.fixed_tuple(enter(x, data), n)), s[1], out)
        weigh(s[2], out)
    return residual


def _model_jacobian(enter, model):
    n = model.n
    weigh_rows = _unweighted if model.weigh_rows is None else model.weigh_rows

    @njit(inline="always")
    def into(jac, x, out, data):
        s = model_state(data)
        r = jac(s[0], *internals.fixed_tuple(enter(x, data), n))
        store_matrix(np.asarray(r, dtype=np.float64), out, False)
        weigh_rows(s[2], out)

    # The model writes MINPACK's buffer as an in-place Jacobian does
    # (transposed with col_deriv).
    @njit(inline="always")
    def jacobian(f, jac, x, fvec, out, data):
        if data[2]:
            into(jac, x, out.T, data)
        else:
            into(jac, x, out, data)
    return jacobian


def _jacobian_stages(enter, call, step):
    """(jacobian_value, jacobian) of a Jacobian step (None, None without one)."""
    if step is None:
        return None, None
    if isinstance(step, JacobianBy):
        by = step.fn

        @njit(inline="always")
        def jacobian(f, jac, x, fvec, out, data):
            by(f, x, fvec, data[0], data[3], out)
        return None, jacobian
    if isinstance(call, ModelOf):
        return None, _model_jacobian(enter, call)
    if isinstance(call, InPlace):
        @njit(inline="always")
        def jacobian(f, jac, x, fvec, out, data):
            xs = enter(x, data)
            if data[2]:
                jac(xs, out.T, *data[0])
            else:
                jac(xs, out, *data[0])
        return None, jacobian

    if step.atleast_2d:
        @njit(inline="always")
        def jacobian_value(jac, x, data):
            return np.atleast_2d(np.asarray(jac(enter(x, data), *data[0])))
    else:
        @njit(inline="always")
        def jacobian_value(jac, x, data):
            return jac(enter(x, data), *data[0])

    @njit(inline="always")
    def jacobian(f, jac, x, fvec, out, data):
        store_matrix(jacobian_value(jac, x, data), out, data[2])
    return jacobian_value, jacobian


def _scalar_stage(enter, leave, pass_state, timed=False):
    if timed:                       # (Time excludes PassState and Reflect's leave)
        @njit(inline="always")
        def value(f, x, data):
            tx = enter(x, data)
            return as_double(f(tx[0], tx[1], *data[0]), f)
    elif pass_state:
        @njit(inline="always")
        def value(f, x, data):
            return as_double(f(enter(x, data), data[4], *data[0]), f)
    else:
        @njit(inline="always")
        def value(f, x, data):
            return as_double(f(enter(x, data), *data[0]), f)
    if leave is None:
        return value

    @njit(inline="always")
    def scalar(f, x, data):
        return leave(value(f, x, data), data)
    return scalar


def _value_and_gradient_stage(enter, call, checks, step):
    """An objective's ``value_and_gradient(f, jac, x, g, data)`` (None for
    ModelOf): the value returned as a float64, the gradient stored in ``g``
    (and checked by CheckFinite steps); ``jac`` is ``f`` itself unless the
    steps hold UserJacobian."""
    if isinstance(call, ModelOf):
        return None
    if step is None:
        if isinstance(call, InPlace):
            @njit(inline="always")
            def stage(f, jac, x, g, data):
                return as_double(f(enter(x, data), g, *data[0]), f)
        else:
            @njit(inline="always")
            def stage(f, jac, x, g, data):
                fg = f(enter(x, data), *data[0])
                store_vector(fg[1], g)
                return as_double(fg[0], f)
    elif isinstance(step, JacobianBy):
        if isinstance(call, InPlace):
            raise TypeError("JacobianBy computes the gradient: the objective returns its value")
        by = step.fn

        @njit(inline="always")
        def stage(f, jac, x, g, data):
            value = as_double(f(enter(x, data), *data[0]), f)
            by(f, x, value, data[0], data[3], g)
            return value
    elif isinstance(call, InPlace):
        @njit(inline="always")
        def stage(f, jac, x, g, data):
            xs = enter(x, data)
            value = as_double(f(xs, *data[0]), f)
            jac(xs, g, *data[0])
            return value
    else:
        @njit(inline="always")
        def stage(f, jac, x, g, data):
            xs = enter(x, data)
            value = as_double(f(xs, *data[0]), f)
            store_vector(jac(xs, *data[0]), g)
            return value
    for check_step in checks:
        stage = _checked_gradient(stage, _finite_check(check_step.message))
    return stage


def _checked_gradient(stage, check):
    @njit(inline="always")
    def checked(f, jac, x, g, data):
        value = stage(f, jac, x, g, data)
        check(g)
        return value
    return checked


# ---------------------------------------------------------------- glue templates
def _form(abi):
    visible = tuple(type(p) for p in abi.params if type(p) in (Real, Vector, Matrix))
    if abi.returns_double and visible == (Real,):
        return "scalar"
    if abi.returns_double and visible == (Vector, Vector):
        return "value_and_gradient"
    if visible == (Vector, Vector):
        return "vector"
    if visible == (Vector, Vector, Matrix):
        return "vector_or_jacobian"
    raise TypeError("no glue template for the callback ABI %s" % abi.name)


def _make_glue(cb, abi, nfuncs):
    form = _form(abi)
    if form == "scalar":
        scalar = cb.scalar

        @njit
        def glue(f, x, iflag, data):
            return scalar(f, x, data)
        return glue
    if form == "value_and_gradient":
        value_and_gradient = cb.value_and_gradient
        if value_and_gradient is None:
            raise TypeError("the callback ABI %s takes f and its gradient: no ModelOf step"
                            % abi.name)

        if nfuncs == 2:
            @njit
            def glue(f, jac, x, g, iflag, data):
                return value_and_gradient(f, jac, x, g, data)
        else:
            @njit
            def glue(f, x, g, iflag, data):
                return value_and_gradient(f, f, x, g, data)
        return glue
    residual = cb.residual
    if form == "vector":
        @njit
        def glue(f, x, fvec, iflag, data):
            residual(f, x, fvec, data)
        return glue
    jacobian = cb.jacobian
    if jacobian is None:
        raise TypeError("the callback ABI %s needs a Jacobian step" % abi.name)
    if nfuncs == 2:
        @njit
        def glue(f, jac, x, fvec, fjac, iflag, data):
            if iflag == 1:
                residual(f, x, fvec, data)
            else:
                jacobian(f, jac, x, fvec, fjac, data)
    else:
        @njit
        def glue(f, x, fvec, fjac, iflag, data):
            if iflag == 1:
                residual(f, x, fvec, data)
            else:
                jacobian(f, f, x, fvec, fjac, data)
    return glue
