"""Every use of numba's private internals, behind a few small functions.

scijit's lowering needs a handful of things numba does not export: the
compiled overload of a dispatcher for a signature, its code library, numba's
internal calling convention (to call a compiled function from generated LLVM
and to rebuild / propagate an exception status, or raise one), a way to
view a raw pointer as a numba array, owning an NRT block or not, and to
allocate such a block, one correction to a typing warning
(:func:`warn_first_class_only_when_used`) and one switch for sanitizer runs
(:func:`exact_array_allocations`).  They all live here so that a
numba upgrade touches one file; ``pyproject.toml`` pins numba to the versions
the test suite ran on (0.68.x).
"""
import warnings
from collections.abc import Sequence

from llvmlite import ir
from numba.core import cgutils, types
from numba.core import utils as numba_utils
from numba.core.errors import NumbaExperimentalFeatureWarning
from numba.core.callconv import excinfo_ptr_t
from numba.np.arrayobj import populate_array

__all__ = [
    "EXCINFO_PTR_T",
    "compiled_overload",
    "link_compiled",
    "call_compiled",
    "function_address",
    "call_function_pointer",
    "reraise_status",
    "borrowed_array",
    "declare_native",
    "raise_static",
    "array_from_pointer",
    "allocate_block",
    "incref_meminfo",
    "exact_array_allocations",
    "add_to_cache_key",
    "warn_first_class_only_when_used",
    "linked_implementation",
    "register_forwarding",
    "register_call",
    "compiled_address",
    "call_symbol",
    "reload_with_caller",
    "keep_reload_init_of_cached_code",
]

#: LLVM type of numba's pointer to exception information.
EXCINFO_PTR_T = excinfo_ptr_t


def compiled_overload(dispatcher, argtypes):
    """Return the compile result of ``dispatcher`` for exactly ``argtypes``.

    Typing (``typingctx.resolve_function_type``) must already have compiled it.
    """
    return dispatcher.overloads[tuple(argtypes)]


def link_compiled(context, cres):
    """Make ``cres``'s machine code part of the library being built now."""
    context.active_code_library.add_linking_library(cres.library)


def call_compiled(context, builder, cres, args):
    """Call a numba-compiled function from generated LLVM.

    Returns ``(is_error, code, excinfo, value)``: the error flag and the raw
    status fields (to be stored and re-raised later) and the return value.
    """
    callee = context.declare_function(builder.module, cres.fndesc)
    sig = cres.signature
    status, value = context.call_conv.call_function(
        builder, callee, sig.return_type, sig.args, args)
    return status.is_error, status.code, status.excinfoptr, value


def function_address(context, builder, cres):
    """The address of a numba-compiled function (``cres``, linked into the
    library being built) as an ``i8*``: a reference to its symbol, resolved
    when the code is linked, so nothing is baked in and the caller caches."""
    fn = context.declare_function(builder.module, cres.fndesc)
    return builder.bitcast(fn, cgutils.voidptr_t)


def call_function_pointer(context, builder, pointer, sig, args):
    """Call the numba-compiled function of signature ``sig`` at ``pointer``
    (an ``i8*`` from :func:`function_address`) with numba's calling
    convention.  Returns ``(is_error, code, excinfo, value)`` as
    :func:`call_compiled`."""
    fnty = context.call_conv.get_function_type(sig.return_type, sig.args)
    callee = builder.bitcast(pointer, fnty.as_pointer())
    status, value = context.call_conv.call_function(
        builder, callee, sig.return_type, sig.args, args)
    return status.is_error, status.code, status.excinfoptr, value


def reraise_status(context, builder, code, excinfo):
    """Re-raise in the current function an exception status saved earlier.

    ``code``/``excinfo`` are the fields returned by :func:`call_compiled`; a
    zero code means no error and nothing happens.
    """
    status = context.call_conv._get_return_status(builder, code, excinfo)
    with cgutils.if_unlikely(builder, status.is_error):
        context.call_conv.return_status_propagate(builder, status)


def borrowed_array(context, builder, arrty, data, shape, strides):
    """View ``data`` (a double*) as a numba array of type ``arrty``.

    The array has no meminfo: it borrows memory owned by the caller (the
    Fortran workspace), costs no reference counting and must not outlive the
    call it is passed to.
    """
    return array_from_pointer(context, builder, arrty, data, shape, strides)


def array_from_pointer(context, builder, arrty, data, shape, strides, meminfo=None):
    """View ``data`` as a numba array of type ``arrty`` (``shape`` and
    ``strides`` LLVM integers or Python ints), owning one reference to
    ``meminfo`` if given, else borrowed (see :func:`borrowed_array`)."""
    intp = context.get_value_type(types.intp)
    ary = context.make_array(arrty)(context, builder)
    populate_array(
        ary,
        data=builder.bitcast(data, ary.data.type),
        shape=[ir.Constant(intp, s) if isinstance(s, int) else
               builder.sext(s, intp) if s.type.width < intp.width else s for s in shape],
        strides=[ir.Constant(intp, s) if isinstance(s, int) else s for s in strides],
        itemsize=ir.Constant(intp, context.get_abi_sizeof(context.get_value_type(arrty.dtype))),
        meminfo=meminfo,
    )
    return ary._getvalue()


def declare_native(builder, name, fnty):
    """Declare (once per module) an external function called by symbol name."""
    return cgutils.get_or_insert_function(builder.module, fnty, name)


def raise_static(context, builder, exc_class, message):
    """Raise ``exc_class(message)`` from generated code (the current block
    returns with the exception set, as a ``raise`` in @njit code does)."""
    context.call_conv.return_user_exc(builder, exc_class, (message,))


def allocate_block(context, builder, nbytes):
    """A new NRT meminfo owning ``nbytes`` (an LLVM integer) of data.

    Aligned as numba aligns arrays (:func:`exact_array_allocations` turns
    that off); raises MemoryError if the allocation fails."""
    align = context.get_preferred_array_alignment(types.float64)
    if align <= 1:
        return context.nrt.meminfo_alloc(builder, nbytes)       # data ends the block
    return context.nrt.meminfo_alloc_aligned(builder, nbytes, align)


def incref_meminfo(context, builder, meminfo):
    """One more reference to ``meminfo`` (an NRT meminfo pointer)."""
    fnty = ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t])
    fn = cgutils.get_or_insert_function(builder.module, fnty, "NRT_incref")
    builder.call(fn, [builder.bitcast(meminfo, cgutils.voidptr_t)])


def exact_array_allocations():
    """Make numba allocate every array's data at the very end of its heap
    block, with no alignment slack, so AddressSanitizer sees a read or write
    one element past any array (numba pads arrays with 33-64 bytes for
    32-byte alignment, which hides overflows of up to 4-8 doubles).  For
    sanitizer runs only (``SCIJIT_SANITIZE=1``): it changes the code numba
    generates, so such runs use a cache directory of their own.  Idempotent.
    """
    from numba.core.base import BaseContext
    if getattr(BaseContext.get_preferred_array_alignment, "scijit_exact", False):
        return

    def get_preferred_array_alignment(context, ty):
        return 1
    get_preferred_array_alignment.scijit_exact = True
    BaseContext.get_preferred_array_alignment = get_preferred_array_alignment


def linked_implementation(context, fnty, sig):
    """The lowering implementation of ``fnty`` for ``sig``, with the code
    libraries it carries (an overload's compiled implementation) linked into
    the caller, as numba's own call lowering does."""
    impl = context.get_function(fnty, sig)
    context.add_linking_libs(getattr(impl, "libs", ()))
    return impl


def register_forwarding(fn, chooser, prefer_literal=True):
    """Make a call of ``fn`` inside @njit a call of a core the chooser picks.

    ``chooser`` has ``fn``'s @njit signature (defaults included) and is
    called, once per set of argument types, with the types (an omitted
    argument as ``types.Omitted(default)``, the ``*args`` of a signature
    with them as one tuple type); it returns ``(core, names)``,
    an @njit function and the names of the arguments to pass it, or raises
    a TypingError.  The call then types as ``core`` does on those arguments
    and lowers to a call of ``core``'s compiled code, linked into the caller;
    the other arguments (the user's functions, which reach ``core`` as
    compile-time constants of the chooser) are not passed at all.

    This is what ``@overload(fn, inline="always")`` around a forwarding
    implementation would do, without the cost: numba compiles an inline
    overload's implementation as a function of its own too, which links and
    re-optimises the LLVM code of everything it calls (the core, the
    solver), only to throw it away; and a function value passed to a call
    that is not inlined makes the caller uncacheable.  Registered with
    numba's low-level extension API (a typing template and a lowering).
    """
    import inspect

    from numba.core.typing.templates import fold_arguments

    pysig = inspect.signature(chooser)
    position = {name: i for i, name in enumerate(pysig.parameters)}
    chosen = {}         # folded argument types -> (core dispatcher, positions, core sig)

    def fold(args, kws):
        def stararg(index, param, values):
            # (a chooser with *args gets them as one tuple, and so does the
            # core it names; numba's call lowering packs them the same way)
            return types.StarArgTuple.from_types(tuple(values))
        try:
            return tuple(fold_arguments(pysig, args, kws, lambda i, p, v: v,
                                        lambda i, p, d: types.Omitted(d), stararg))
        except TypeError as exc:
            from numba.core.errors import TypingError
            raise TypingError(str(exc)) from None

    def typer(context, args, kws):
        folded = fold(args, kws)
        if folded not in chosen:
            core, names = chooser(*folded)
            places = tuple(position[n] for n in names)
            core_sig = context.resolve_function_type(
                types.Dispatcher(core), tuple(folded[i] for i in places), {})
            chosen[folded] = core, places, core_sig
        return chosen[folded][2].return_type(*folded).replace(pysig=pysig)

    def lower(context, builder, sig, args):
        core, places, core_sig = chosen[tuple(sig.args)]
        impl = linked_implementation(context, types.Dispatcher(core), core_sig)
        return impl(builder, [args[i] for i in places])

    register_call(fn, typer, lower, prefer_literal)


def register_call(key, typer, lower, prefer_literal=False):
    """Make the Python object ``key`` (hashable) callable inside @njit.

    ``typer(context, args, kws)`` returns the call's signature (its argument
    types are what the arguments are cast to before ``lower``) or None;
    ``lower(context, builder, sig, args)`` emits the call; ``prefer_literal``
    has numba try literal argument types first.  numba's low-level extension
    API: a typing template and a lowering."""
    from numba.core.imputils import lower_builtin
    from numba.core.typing.templates import AbstractTemplate, infer_global

    class Call(AbstractTemplate):
        def generic(self, args, kws):
            return typer(self.context, args, kws)

    Call.prefer_literal = prefer_literal
    # (a typing key other than the object: numba would require an object
    # used as its own key to be a module attribute)
    typing_key = ("scijit call", key)
    infer_global(key, typing_key=typing_key)(Call)
    lower_builtin(typing_key, types.VarArg(types.Any))(lower)


def compiled_address(cres):
    """The address of the compiled function ``cres`` in this process (its
    code library finalized and loaded into numba's JIT)."""
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)


def call_symbol(context, builder, name, sig, args):
    """Call, with numba's calling convention, the compiled function of
    signature ``sig`` known by the symbol ``name`` (resolved when the code
    is linked, not linked into it); its exception propagates, as from a
    call of an @njit function.  Returns its value (a new reference)."""
    fnty = context.call_conv.get_function_type(sig.return_type, sig.args)
    callee = cgutils.get_or_insert_function(builder.module, fnty, name)
    status, value = context.call_conv.call_function(
        builder, callee, sig.return_type, sig.args, args)
    with cgutils.if_unlikely(builder, status.is_error):
        context.call_conv.return_status_propagate(builder, status)
    return value


def reload_with_caller(context, init):
    """Run ``init()`` (hashable, picklable) before the code being compiled
    now is loaded from numba's cache in another process: numba's
    ``reload_init`` of a code library, which the libraries that link this
    one (the callers) inherit."""
    context.active_code_library._reload_init.add(init)


def keep_reload_init_of_cached_code():
    """Make code loaded from numba's cache pass its ``reload_init`` on to the
    libraries that link it, as freshly compiled code does.

    numba runs a cache entry's ``reload_init`` when it loads it, but the
    library it rebuilds has an empty one: a new caller linking a function
    loaded from the cache does not inherit it, so when that caller is later
    loaded from its own cache entry the function's ``reload_init`` does not
    run (a call by symbol, :mod:`lowering.separate`, from inside a cached
    helper then reached an unregistered symbol in a cached caller).  Wraps
    ``CompileResult._rebuild``; idempotent."""
    from numba.core.compiler import CompileResult
    original = CompileResult.__dict__["_rebuild"].__func__
    if getattr(original, "scijit_keeps", False):
        return

    def _rebuild(cls, target_context, libdata, fndesc, env, signature, objectmode, lifted,
                 typeann, reload_init, referenced_envs):
        cres = original(cls, target_context, libdata, fndesc, env, signature, objectmode,
                        lifted, typeann, reload_init, referenced_envs)
        cres.library._reload_init.update(reload_init or ())
        return cres
    _rebuild.scijit_keeps = True
    CompileResult._rebuild = classmethod(_rebuild)


_FIRST_CLASS = "First-class function type feature is experimental"


def warn_first_class_only_when_used():
    """Make numba's first-class-function warning mean what it says.

    numba warns "First-class function type feature is experimental" whenever
    it types a tuple whose first element is an @njit function, even when the
    tuple stays an ordinary tuple of dispatchers and no first-class function
    type is made: nquad's ``ranges=(inner_range, (0, 1))`` and
    ``opts=(options_fn, {...})`` warn on every compilation although numba's
    experimental feature is never used.  This wraps numba's unifier so that
    it warns only when it does produce a function type.  Idempotent.
    """
    original = numba_utils.unified_function_type
    if getattr(original, "scijit_precise", False):
        return

    def unified_function_type(numba_types, require_precise=True):
        if not (isinstance(numba_types, Sequence) and len(numba_types) > 0
                and isinstance(numba_types[0], (types.Dispatcher, types.FunctionType))):
            return original(numba_types, require_precise)     # no warning on this path
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=_FIRST_CLASS,
                                    category=NumbaExperimentalFeatureWarning)
            function = original(numba_types, require_precise)
        if function is not None:
            warnings.warn(_FIRST_CLASS, category=NumbaExperimentalFeatureWarning, stacklevel=2)
        return function

    unified_function_type.scijit_precise = True
    unified_function_type.__doc__ = original.__doc__
    numba_utils.unified_function_type = unified_function_type


def add_to_cache_key(extra):
    """Make numba's on-disk cache key of every function include ``extra()``
    (a string), so that an entry saved under another value misses
    (:mod:`lowering.build_identity`).  Wraps ``numba.core.caching.Cache._index_key``;
    idempotent."""
    from numba.core import caching
    original = caching.Cache._index_key
    if getattr(original, "scijit_extra", None) is not None:
        return

    def _index_key(self, sig, codegen):
        return original(self, sig, codegen) + (extra(),)
    _index_key.scijit_extra = extra
    caching.Cache._index_key = _index_key


# ---------------------------------------------------------------- callback transforms
def _fixed_tuple():
    from numba.np.unsafe.ndarray import to_fixed_tuple
    return to_fixed_tuple


#: ``fixed_tuple(array, n)`` inside @njit: the first ``n`` (a compile-time
#: constant) entries of a 1-D array as a tuple, so that they can be passed
#: as separate arguments (``f(xdata, *fixed_tuple(p, n))``: numba cannot
#: star-unpack an array).  numba's ``numba.np.unsafe.ndarray.to_fixed_tuple``.
fixed_tuple = _fixed_tuple()
__all__.append("fixed_tuple")
