"""The native table: every ``bind(C)`` entry point declared once, named and sized.

A :class:`NativeFunction` declares one entry point of our Fortran (or one
LAPACK routine scipy exports): its symbol, its library and every parameter
in C order, each named, with its kind and, for arrays, a size expression
over the other parameters (:mod:`.sizes`)::

    LMDIF = NativeFunction("scijit_minpack_lmdif", "minpack", (
        Callback("fcn", LMDIF_CALLBACK), I32("m"), I32("n"), F64s("x", "n"),
        F64s("fvec", "m"), F64("ftol"), ..., I32("ldfjac", min="m"),
        F64s("fjac", "ldfjac*n"), I32s("ipvt", "n"), F64s("qtf", "n"),
        F64s("wa", "3*n + m", work=True), Len("lwa", "wa"), OutI32("info", status=True),
        OutI32("nfev"), UserData("udata")))

From that one declaration come

* the intrinsic's argument order (:func:`native_intrinsic`): the inputs in
  C order, without the work arrays, their lengths, the outputs, the callback
  and the user data, which the call supplies itself;
* the checks before the call: every array holds at least its declared
  number of elements (:class:`ArraySizeError`), every ``int32`` fits
  (:class:`Int32RangeError`) and meets its declared minimum, a few integer
  compares emitted in LLVM;
* the work arrays (``work=True``), made by the call itself: on the stack
  when small, one heap block otherwise (:mod:`.workspace`), so no call site
  computes an offset; arrays the caller keeps come from
  :func:`lowering.workspace.workspace`, one block with named views;
* the check after the call: the C layer answers a length it was given that
  is too small with :data:`SIZE_ERROR` in its status output, which is raised
  as :class:`NativeSizeError` (a scijit bug, never a user error);
* the C header ``vendor/include/scijit.h`` (:mod:`.header`), the test that
  compares the table with the Fortran's dummy arguments, and the canary and
  sanitizer tests.

Parameter kinds
---------------
``I32``, ``F64``: a number by value.  ``F64s``, ``I32s``: a contiguous
array of float64 / int32, by pointer (``const=True``: the callee only reads
it, so it may be read-only).  ``Len``: the int32 length of an array,
filled in by the call.  ``RefI32``, ``RefChar``: a number by reference, as
LAPACK takes every scalar (a character as its code, ``ord('L')``).
``OutI32``, ``OutF64``: an output scalar, returned.  ``InOutI32``: an int32
by reference, given and returned.  ``Callback``, ``UserData``: the adapter
and its ``void *`` (see :mod:`.callback`).  ``Routine``: a routine of a
library scipy exports (its BLAS, its LAPACK) handed to our Fortran as a C
function pointer, the address of the symbol ``scijit_<library>_<routine>``
that :mod:`.libraries` registers: compiled code names the symbol, never an
address (L-BFGS-B calls scipy's own ddot/dnrm2/daxpy/dpotrf/dtrtrs so that
its iterates are scipy's bits).
"""
from dataclasses import dataclass, field
from functools import cached_property

from llvmlite import ir
from numba.core import cgutils, types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from . import _numba_internals as internals
from . import workspace as W
from .callback import PreparedCallback, UserData, resolve_glue
from .held import check_slot, store_held_call
from .libraries import require
from .sizes import SizeExpr, size_function

#: The status every C entry point answers a size failure with (a length it
#: was given is smaller than it needs): distinct from every routine's own
#: codes (MINPACK's info, QUADPACK's and FITPACK's ier), so a scijit bug can
#: never pass for a user error.  ``scijit_size_error`` in the Fortran.
SIZE_ERROR = -1000

INT32_MIN = -2 ** 31
INT32_MAX = 2 ** 31 - 1

_i8p = ir.IntType(8).as_pointer()
_i32 = ir.IntType(32)
_i64 = ir.IntType(64)
_f64 = ir.DoubleType()


# ---------------------------------------------------------------- errors
class ArraySizeError(ValueError):
    """An array handed to a native routine is smaller than its declared size."""


class Int32RangeError(OverflowError, ValueError):
    """An integer handed to a native routine does not fit its int32
    parameter, or is below the parameter's declared minimum (an
    OverflowError, as scipy's, and a ValueError)."""


class NativeSizeError(RuntimeError):
    """A native routine refused a length scijit gave it (status
    :data:`SIZE_ERROR`): a bug in scijit's table or its C layer."""


# ---------------------------------------------------------------- parameter kinds
@dataclass(frozen=True)
class I32:
    """An ``int32_t`` by value; ``min`` an optional size expression it must reach."""
    name: str
    min: str = None
    c_type = "int32_t"


@dataclass(frozen=True)
class F64:
    """A ``double`` by value."""
    name: str
    c_type = "double"


@dataclass(frozen=True)
class _Array:
    """A pointer to at least ``size`` elements (a size expression)."""
    name: str
    size: str
    const: bool = False       # the callee only reads it (may be read-only)
    work: bool = False        # scratch: supplied by the call, not the caller
    zeroed: bool = False      # a work array the callee reads before it writes


class F64s(_Array):
    """A ``double *`` of at least ``size`` elements."""
    dtype = "float64"
    itemsize = 8
    c_elem = "double"


class I32s(_Array):
    """An ``int32_t *`` of at least ``size`` elements."""
    dtype = "int32"
    itemsize = 4
    c_elem = "int32_t"


@dataclass(frozen=True)
class Len:
    """The ``int32_t`` length of the array ``array``, filled in by the call
    (the array's size; a work array's allocated size)."""
    name: str
    array: str
    by_ref: bool = False
    c_type = "int32_t"


@dataclass(frozen=True)
class RefI32:
    """An ``int32_t`` input passed by reference (LAPACK); ``min`` as I32's."""
    name: str
    min: str = None
    c_type = "int32_t *"


@dataclass(frozen=True)
class RefChar:
    """A character input passed by reference, given as its code (LAPACK);
    ``fixed``: a character the declaration sets once and for all (then not
    an input), where the declared sizes hold only for that value."""
    name: str
    fixed: str = None
    c_type = "char *"


@dataclass(frozen=True)
class OutI32:
    """An ``int32_t`` output; ``status``: the routine's status, checked for
    :data:`SIZE_ERROR` after the call."""
    name: str
    status: bool = False
    c_type = "int32_t *"


@dataclass(frozen=True)
class OutF64:
    """A ``double`` output."""
    name: str
    c_type = "double *"


@dataclass(frozen=True)
class InOutI32:
    """An ``int32_t`` by reference: given as an input, returned as an output."""
    name: str
    c_type = "int32_t *"


@dataclass(frozen=True)
class Callback:
    """The C function pointer the routine calls back (see :mod:`.callback`)."""
    name: str
    abi: object = field(compare=False)


@dataclass(frozen=True)
class Routine:
    """A ``void *`` to the routine ``routine`` (default: ``name``) of the
    Cython-exported ``library`` (:data:`lowering.libraries.CYTHON_LIBRARIES`),
    supplied by the call: the address of the symbol
    ``scijit_<library>_<routine>``, resolved by name when the code is linked."""
    name: str
    library: str
    routine: str = None
    c_type = "void *"

    @property
    def symbol(self):
        return "scijit_%s_%s" % (self.library, self.routine or self.name)


ARRAY_KINDS = (F64s, I32s)
_INTEGER_INPUTS = (I32, RefI32, RefChar, InOutI32)
_INPUT_KINDS = (I32, F64, RefI32, RefChar, InOutI32) + ARRAY_KINDS
_OUTPUT_KINDS = (OutI32, OutF64, InOutI32)
_RETURNS = {"void": ir.VoidType(), "i32": _i32, "i64": _i64, "f64": _f64}
_RETURN_TYPES = {"i32": types.int32, "i64": types.int64, "f64": types.float64}


def _llvm_param_type(p):
    if isinstance(p, (I32,)) or (isinstance(p, Len) and not p.by_ref):
        return _i32
    if isinstance(p, F64):
        return _f64
    if isinstance(p, F64s) or isinstance(p, OutF64):
        return _f64.as_pointer()
    if isinstance(p, (I32s, RefI32, OutI32, InOutI32, Len)):
        return _i32.as_pointer()
    if isinstance(p, RefChar):
        return ir.IntType(8).as_pointer()
    if isinstance(p, Callback):
        return p.abi.llvm_type().as_pointer()
    if isinstance(p, (UserData, Routine)):
        return _i8p
    raise TypeError("unknown parameter kind %r" % (p,))


#: symbol -> NativeFunction, every entry point declared so far
TABLE = {}


@dataclass(frozen=True)
class NativeFunction:
    """One ``bind(C)`` entry point: symbol, library, named and sized parameters."""
    symbol: str
    library: str
    params: tuple
    returns: str = "void"          # 'void', 'i32', 'i64' or 'f64'
    #: False for a declaration made to test the machinery itself (a
    #: deliberately wrong size, a symbol that is never called): kept out of
    #: :data:`TABLE`, and so out of the header and the table tests.
    registered: bool = field(default=True, compare=False)

    def __post_init__(self):
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError("%s: repeated parameter names %s" % (self.symbol, names))
        if self.returns not in _RETURNS:
            raise ValueError("%s: returns must be one of %s" % (self.symbol, list(_RETURNS)))
        by_name = dict(zip(names, self.params))
        sized = {p.name for p in self.params if isinstance(p, (I32, RefI32, InOutI32, Len))}
        for p in self.params:
            exprs = []
            if isinstance(p, ARRAY_KINDS):
                exprs.append(SizeExpr.parse(p.size))
                if p.zeroed and not p.work:
                    raise ValueError("%s: only a work array can be zeroed (%s)"
                                     % (self.symbol, p.name))
            if isinstance(p, (I32, RefI32)) and p.min is not None:
                exprs.append(SizeExpr.parse(p.min))
            if isinstance(p, Len) and not isinstance(by_name.get(p.array), ARRAY_KINDS):
                raise ValueError("%s: Len %s names no array %r" % (self.symbol, p.name, p.array))
            for e in exprs:
                unknown = set(e.names()) - sized
                if unknown:
                    raise ValueError("%s: size of %s reads %s, which are not integer "
                                     "parameters" % (self.symbol, p.name, sorted(unknown)))
                for name in e.functions():
                    if name not in ("max", "min"):
                        size_function(name)
        callbacks = [p for p in self.params if isinstance(p, Callback)]
        if len(callbacks) > 1 or bool(callbacks) != any(isinstance(p, UserData)
                                                        for p in self.params):
            raise ValueError("%s: a callback and its user data go together" % self.symbol)
        if sum(isinstance(p, OutI32) and p.status for p in self.params) > 1:
            raise ValueError("%s: at most one status output" % self.symbol)
        if not self.registered:
            return
        old = TABLE.get(self.symbol)
        if old is not None and old != self:
            raise ValueError("%s is declared twice, differently" % self.symbol)
        TABLE[self.symbol] = self

    # ------------------------------------------------------------ views of the declaration
    def param(self, name):
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError("%s has no parameter %r" % (self.symbol, name))

    @cached_property
    def sizes(self):
        """Array name -> SizeExpr."""
        return {p.name: SizeExpr.parse(p.size) for p in self.params
                if isinstance(p, ARRAY_KINDS)}

    @cached_property
    def minimums(self):
        """I32 name -> SizeExpr of its declared minimum."""
        return {p.name: SizeExpr.parse(p.min) for p in self.params
                if isinstance(p, (I32, RefI32)) and p.min is not None}

    @property
    def inputs(self):
        """The parameters the intrinsic takes as numba values, in C order."""
        return tuple(p for p in self.params if isinstance(p, _INPUT_KINDS)
                     and not getattr(p, "work", False) and getattr(p, "fixed", None) is None)

    @property
    def outputs(self):
        """The parameters returned (then the return value, if any)."""
        return tuple(p for p in self.params if isinstance(p, _OUTPUT_KINDS))

    @property
    def work_arrays(self):
        return tuple(p for p in self.params if isinstance(p, ARRAY_KINDS) and p.work)

    @property
    def callback(self):
        """The CallbackABI of the callback parameter, or None."""
        for p in self.params:
            if isinstance(p, Callback):
                return p.abi
        return None

    @property
    def status(self):
        """The status output's name, or None."""
        for p in self.params:
            if isinstance(p, OutI32) and p.status:
                return p.name
        return None

    def llvm_type(self):
        return ir.FunctionType(_RETURNS[self.returns],
                               [_llvm_param_type(p) for p in self.params])

    def libraries(self):
        """This entry point's library, those of the routines it is handed
        and those of the size functions it calls."""
        libs = [self.library]
        for p in self.params:
            if isinstance(p, Routine) and p.library not in libs:
                libs.append(p.library)
        exprs = list(self.sizes.values()) + list(self.minimums.values())
        for e in exprs:
            for name in e.functions():
                if name not in ("max", "min"):
                    lib = size_function(name).library
                    if lib not in libs:
                        libs.append(lib)
        return libs


# ---------------------------------------------------------------- typing
def _check_input(fn, p, ty):
    if isinstance(p, ARRAY_KINDS):
        writable = not p.const
        want = types.float64 if isinstance(p, F64s) else types.int32
        ok = (isinstance(ty, types.Array) and ty.dtype == want and ty.layout in "CF"
              and (ty.mutable or not writable))
        if not ok:
            raise TypingError("%s: '%s' must be a contiguous %s%s array, got %s"
                              % (fn.symbol, p.name, "writable " if writable else "", want, ty))
    elif isinstance(p, _INTEGER_INPUTS):
        if not isinstance(ty, (types.Integer, types.Boolean)):
            raise TypingError("%s: '%s' must be an integer, got %s" % (fn.symbol, p.name, ty))
    elif not isinstance(ty, (types.Integer, types.Float, types.Boolean)):
        raise TypingError("%s: '%s' must be a number, got %s" % (fn.symbol, p.name, ty))


# ---------------------------------------------------------------- codegen
def _fits_int32(ty):
    return isinstance(ty, types.Boolean) or (
        isinstance(ty, types.Integer) and (ty.bitwidth < 32 or (ty.bitwidth == 32 and ty.signed)))


class _Call:
    """The code of one call: its integer environment, checks and arrays."""

    def __init__(self, fn, context, builder):
        self.fn = fn
        self.context = context
        self.builder = builder
        self.env = {}          # name -> i64, for the size expressions
        self.pointers = {}     # array name -> data pointer
        self.lengths = {}      # array name -> i64 elements

    def declare(self, function):
        return internals.declare_native(self.builder, function.symbol, function.llvm_type())

    def size_of(self, name):
        return self.fn.sizes[name].emit(self.builder, self.env, self.declare)

    def fail_if(self, condition, exc, message):
        with cgutils.if_unlikely(self.builder, condition):
            internals.raise_static(self.context, self.builder, exc, message)

    def integer(self, p, ty, val):
        """An integer input as i64, checked to fit int32."""
        b = self.builder
        v = self.context.cast(b, val, ty, types.int64)
        if not _fits_int32(ty):
            bad = b.or_(b.icmp_signed("<", v, _i64(INT32_MIN)),
                        b.icmp_signed(">", v, _i64(INT32_MAX)))
            self.fail_if(bad, Int32RangeError, "%s: '%s' does not fit a 32-bit integer"
                         % (self.fn.symbol, p.name))
        self.env[p.name] = v
        return v

    def array(self, p, ty, val):
        ary = self.context.make_array(ty)(self.context, self.builder, val)
        self.pointers[p.name] = ary.data
        self.lengths[p.name] = self.builder.sext(ary.nitems, _i64) \
            if ary.nitems.type.width < 64 else ary.nitems

    def check_sizes(self):
        fn, b = self.fn, self.builder
        for p in fn.params:
            if isinstance(p, Len):
                n = self.lengths.get(p.array)
                if n is not None:       # a work array's length is set when it is made
                    self.fail_if(b.icmp_signed(">", n, _i64(INT32_MAX)), ArraySizeError,
                                 "%s: '%s' has more than 2**31 - 1 elements"
                                 % (fn.symbol, p.array))
                    self.env[p.name] = n
        for name, expr in fn.minimums.items():
            need = expr.emit(b, self.env, self.declare)
            self.fail_if(b.icmp_signed("<", self.env[name], need), Int32RangeError,
                         "%s: '%s' must be at least %s" % (fn.symbol, name, expr))
        for p in fn.params:
            if isinstance(p, ARRAY_KINDS) and not p.work:
                need = self.size_of(p.name)
                self.fail_if(b.icmp_signed("<", self.lengths[p.name], need), ArraySizeError,
                             "%s: '%s' has fewer than %s elements" % (fn.symbol, p.name, p.size))

    def check_work_lengths(self, counts):
        """A work array whose length the callee gets (a Len, int32) must fit
        int32: checked before anything is allocated (a wrapped length would
        be refused by the callee only after a huge, maybe zeroed, block)."""
        fn, b = self.fn, self.builder
        lens = {p.array for p in fn.params if isinstance(p, Len)}
        for p, n in zip(fn.work_arrays, counts):
            if p.name in lens:
                self.fail_if(b.icmp_signed(">", n, _i64(INT32_MAX)), ArraySizeError,
                             "%s: work array '%s' (%s) needs more than 2**31 - 1 elements"
                             % (fn.symbol, p.name, p.size))


def native_intrinsic(fn, glue=None, nfuncs=0, held=False):
    """Build the @intrinsic calling ``fn``.

    Without a callback its arguments are ``fn.inputs`` in order.  With one
    they are ``(*funcs, payload, *inputs)``: the ``nfuncs`` user functions
    and the payload handed to ``glue`` (see :mod:`.callback`).  It returns the
    tuple of ``fn.outputs``' values and the return value, and with a
    callback the adapter's call count last.

    ``held`` (with a callback): ``(slot, *funcs, payload, *inputs)``, an
    exception of the user's function stored in the :class:`~.held.ErrorSlot`
    ``slot`` instead of raised (the outputs are zero then), and no call at
    all once the slot holds one (:mod:`.held`).
    """
    inputs = fn.inputs
    n_in = len(inputs)
    abi = fn.callback
    if held and abi is None:
        raise TypeError("%s: held=True needs a callback" % fn.symbol)
    n_slot = 1 if held else 0
    n_lead = nfuncs + 1 + n_slot if abi is not None else 0
    work = fn.work_arrays

    def typer(typingctx, *args):
        for lib in fn.libraries():
            require(lib)
        if len(args) != n_lead + n_in:
            raise TypingError("%s takes %d arguments (%s), got %d" % (
                fn.symbol, n_lead + n_in, ", ".join(p.name for p in inputs), len(args)))
        if held:
            check_slot(fn.symbol, args[0])
        for p, ty in zip(inputs, args[n_lead:]):
            _check_input(fn, p, ty)
        outs = [types.float64 if isinstance(p, OutF64) else types.int32 for p in fn.outputs]
        if fn.returns != "void":
            outs.append(_RETURN_TYPES[fn.returns])
        glue_sig = None
        if abi is not None:
            glue_sig = resolve_glue(typingctx, abi, glue, args[n_slot:n_slot + nfuncs],
                                    args[n_slot + nfuncs])
            outs.append(types.int64)
        sig = types.Tuple(outs)(*args)

        def codegen(context, builder, sig, llargs):
            if not held:
                return emit(context, builder, sig, llargs)[3]
            return store_held_call(context, builder, llargs[0], sig.return_type,
                                   lambda: emit(context, builder, sig, llargs))

        def emit(context, builder, sig, llargs):
            """The call; ``(is_error, code, excinfo, outputs)``, the first three
            the callback's exception (held), else raised here."""
            call = _Call(fn, context, builder)
            values = {}
            for p, ty, val in zip(inputs, sig.args[n_lead:], llargs[n_lead:]):
                values[p.name] = (ty, val)
                if isinstance(p, ARRAY_KINDS):
                    call.array(p, ty, val)
                elif isinstance(p, _INTEGER_INPUTS):
                    call.integer(p, ty, val)
            call.check_sizes()
            block = None
            if work:
                counts = [call.size_of(p.name) for p in work]
                call.check_work_lengths(counts)
                block = W.work_block(context, builder, work, counts)
                for p, ptr, n in zip(work, block.pointers, block.counts):
                    call.pointers[p.name] = ptr
                    call.lengths[p.name] = n
                for p in fn.params:
                    if isinstance(p, Len) and p.array in block.names:
                        call.env[p.name] = call.lengths[p.array]
            cb = None
            if abi is not None:
                cb = PreparedCallback(context, builder, abi, glue, glue_sig,
                                      llargs[n_slot + nfuncs])
            out_slots, call_args = {}, []
            for p in fn.params:
                if isinstance(p, Callback):
                    call_args.append(cb.adapter)
                elif isinstance(p, UserData):
                    call_args.append(cb.udata_pointer(builder) if cb else
                                     ir.Constant(_i8p, None))
                elif isinstance(p, Routine):
                    call_args.append(builder.bitcast(_routine(builder, p), _i8p))
                elif isinstance(p, ARRAY_KINDS):
                    call_args.append(builder.bitcast(call.pointers[p.name],
                                                     _llvm_param_type(p)))
                elif isinstance(p, Len):
                    n = builder.trunc(call.env[p.name], _i32)
                    call_args.append(_by_reference(builder, n) if p.by_ref else n)
                elif isinstance(p, (OutI32, OutF64)):
                    lltype = _llvm_param_type(p).pointee
                    slot = cgutils.alloca_once(builder, lltype)
                    builder.store(ir.Constant(lltype, 0), slot)
                    out_slots[p.name] = slot
                    call_args.append(slot)
                elif isinstance(p, (InOutI32, RefI32)):
                    slot = _by_reference(builder, builder.trunc(call.env[p.name], _i32))
                    out_slots[p.name] = slot
                    call_args.append(slot)
                elif isinstance(p, RefChar):
                    code = (ir.Constant(_i64, ord(p.fixed)) if p.fixed is not None
                            else call.env[p.name])
                    call_args.append(_by_reference(builder, builder.trunc(code, ir.IntType(8))))
                elif isinstance(p, I32):
                    call_args.append(builder.trunc(call.env[p.name], _i32))
                else:                                  # F64
                    ty, val = values[p.name]
                    call_args.append(context.cast(builder, val, ty, types.float64))
            callee = internals.declare_native(builder, fn.symbol, fn.llvm_type())
            ret = builder.call(callee, call_args)
            if block is not None:
                block.release(builder)
            error = (cgutils.false_bit, None, None)
            if held:
                error = cb.status(builder)
            elif cb is not None:
                cb.reraise(builder)
            if fn.status is not None:
                status = builder.load(out_slots[fn.status])
                call.fail_if(builder.icmp_signed("==", status, _i32(SIZE_ERROR)),
                             NativeSizeError,
                             "%s answered status %d (a length too small): a bug in scijit, "
                             "please report it" % (fn.symbol, SIZE_ERROR))
            results = [builder.load(out_slots[p.name]) for p in fn.outputs]
            if fn.returns != "void":
                results.append(ret)
            if cb is not None:
                results.append(cb.ncalls(builder))
            return error + (context.make_tuple(builder, sig.return_type, results),)

        return sig, codegen

    # numba's @intrinsic needs an explicit parameter list (no *args).
    names = ["a%d" % i for i in range(n_lead + n_in)]
    src = "def %s(typingctx, %s):\n    return typer(typingctx, %s)\n" % (
        fn.symbol, ", ".join(names), ", ".join(names))
    scope = {"typer": typer}
    exec(src, scope)
    return intrinsic(scope[fn.symbol])


def _routine(builder, p):
    """The function ``p`` names, declared by symbol (with its table type
    when the table declares it too, so that both declarations agree)."""
    declared = TABLE.get(p.symbol)
    fnty = declared.llvm_type() if declared is not None else ir.FunctionType(ir.VoidType(), [])
    return internals.declare_native(builder, p.symbol, fnty)


def _by_reference(builder, value):
    """A stack slot holding ``value`` (entry block: one per call site)."""
    slot = cgutils.alloca_once(builder, value.type)
    builder.store(value, slot)
    return slot
