"""Workspaces for native calls: one block, named views, sizes from the table.

Two users, one layout rule (float64 arrays first, then int32 arrays, each
exactly its declared size, computed by the table's size expressions):

* :func:`work_block`, used by :func:`lowering.native.native_intrinsic` for
  an entry point's ``work=True`` arrays: scratch the caller never sees, on
  the caller's stack up to :data:`WORK_STACK_BYTES` (no allocation at all),
  else one heap block freed right after the call;
* :func:`workspace`, for the arrays a caller keeps (outputs such as
  MINPACK's ``fjac``, QUADPACK's interval lists): an intrinsic returning
  the views, in the order the caller names them, of one NRT block (or of
  the stack, with ``stack_bytes``, for arrays that do not outlive the
  caller's frame).

Sanitizer runs (``SCIJIT_SANITIZE=1`` in the environment when scijit is
imported; see ``.ci/sanitize``) give every array its own heap allocation of
exactly its size and nothing on the stack, so AddressSanitizer sees a read
or write past any array's end (inside one block the next view would hide
it).
"""
import os
from llvmlite import ir
from numba.core import cgutils, types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from . import _numba_internals as internals

#: Exact, separate heap allocations for AddressSanitizer (see above).
SANITIZE = os.environ.get("SCIJIT_SANITIZE", "") == "1"

#: Work arrays up to this many bytes in all live on the caller's stack.
WORK_STACK_BYTES = 2048

_i8 = ir.IntType(8)
_i64 = ir.IntType(64)


def _clamped(builder, n):
    """max(n, 0): a negative size (invalid input the callee refuses) is empty."""
    return builder.select(builder.icmp_signed("<", n, _i64(0)), _i64(0), n)


def _layout(params, counts, builder):
    """Byte offsets of each array in one block, and the block's size
    (float64 arrays first, so every int32 array starts 8-byte aligned)."""
    order = sorted(range(len(params)), key=lambda i: params[i].itemsize != 8)
    offsets = [None] * len(params)
    at = _i64(0)
    for i in order:
        offsets[i] = at
        at = builder.add(at, builder.mul(counts[i], _i64(params[i].itemsize)))
    return offsets, at


class WorkBlock:
    """The work arrays of one native call (see :func:`work_block`)."""

    def __init__(self, names, pointers, counts, release):
        self.names = names
        self.pointers = pointers     # i8* per array
        self.counts = counts         # i64 elements per array
        self._release = release

    def release(self, builder):
        """Free what was allocated on the heap (after the call)."""
        self._release(builder)


def work_block(context, builder, params, counts):
    """Pointers to ``params``' work arrays of ``counts`` (i64) elements."""
    counts = [_clamped(builder, n) for n in counts]
    names = tuple(p.name for p in params)
    if SANITIZE:
        ptrs = []
        for p, n in zip(params, counts):
            nbytes = builder.mul(n, _i64(p.itemsize))
            ptr = context.nrt.allocate(builder, nbytes)
            if p.zeroed:
                cgutils.memset(builder, ptr, nbytes, 0)
            ptrs.append(ptr)

        def release(b):
            for ptr in ptrs:
                context.nrt.free(b, ptr)
        return WorkBlock(names, ptrs, counts, release)

    offsets, total = _layout(params, counts, builder)
    with builder.goto_entry_block():
        stack = builder.alloca(ir.ArrayType(_i64, WORK_STACK_BYTES // 8))
    on_heap = builder.icmp_unsigned(">", total, _i64(WORK_STACK_BYTES))
    stack_ptr = builder.bitcast(stack, _i8.as_pointer())
    with builder.if_else(on_heap, likely=False) as (heap_branch, stack_branch):
        with heap_branch:
            heap_ptr = context.nrt.allocate(builder, total)
            heap_bb = builder.basic_block
        with stack_branch:
            stack_bb = builder.basic_block
    base = builder.phi(stack_ptr.type)
    base.add_incoming(heap_ptr, heap_bb)
    base.add_incoming(stack_ptr, stack_bb)
    if any(p.zeroed for p in params):
        cgutils.memset(builder, base, total, 0)
    ptrs = [builder.gep(base, [off]) for off in offsets]

    def release(b):
        with b.if_then(on_heap, likely=False):
            context.nrt.free(b, base)
    return WorkBlock(names, ptrs, counts, release)


# ---------------------------------------------------------------- arrays a caller keeps
_ARRAY_TYPES = {"float64": types.Array(types.float64, 1, "C"),
                "int32": types.Array(types.int32, 1, "C")}

_memo = {}


def workspace(fn, names, stack_bytes=0, zeroed=False):
    """An intrinsic making ``fn``'s arrays ``names`` (1-D, C order) in one block.

    Its arguments are the integer parameters their size expressions read,
    in ``fn``'s order (``.arguments`` lists them), each checked to fit the
    int32 it stands for (:class:`lowering.native.Int32RangeError`, before
    anything is allocated); it returns the arrays as a tuple in the order of
    ``names``, each exactly its declared size (a negative size gives an
    empty array), uninitialised unless ``zeroed``.  With ``stack_bytes``,
    arrays that fit in that many bytes in all are views of the caller's
    stack (one uninitialised entry-block ``alloca`` per call site, so safe
    in loops, recursion and threads), with no meminfo: they must not outlive
    the calling function.  Otherwise, and beyond ``stack_bytes``, one NRT
    block holds them all (every view owns a reference to it).

    Examples
    --------
    >>> lm_outputs = workspace(LMDIF, ("fvec", "fjac", "ipvt", "qtf", "diag"))
    >>> lm_outputs.arguments
    ('m', 'n', 'ldfjac')
    """
    names = tuple(names)
    key = (fn.symbol, names, stack_bytes, zeroed)
    if key in _memo:
        return _memo[key]
    params = [fn.param(n) for n in names]
    for p in params:
        if not hasattr(p, "size"):
            raise TypeError("%s: %r is not an array" % (fn.symbol, p.name))
    arguments = []
    for p in fn.params:
        if any(p.name in fn.sizes[n].names() for n in names):
            arguments.append(p.name)
    for name in arguments:
        if type(fn.param(name)).__name__ == "Len":
            raise TypeError("%s: the size of %s reads %s, a length the call fills in"
                            % (fn.symbol, names, name))
    arrtys = [_ARRAY_TYPES[p.dtype] for p in params]

    def typer(typingctx, *args):
        for ty in args:
            if not isinstance(ty, (types.Integer, types.Boolean)):
                raise TypingError("%s workspace: sizes must be integers, got %s"
                                  % (fn.symbol, ty))
        sig = types.Tuple(arrtys)(*args)

        def codegen(context, builder, sig, llargs):
            env = {name: _int32_argument(context, builder, fn, name, v, ty)
                   for name, v, ty in zip(arguments, llargs, sig.args)}

            def declare(function):
                return internals.declare_native(builder, function.symbol,
                                                function.llvm_type())
            counts = [_clamped(builder, fn.sizes[n].emit(builder, env, declare)) for n in names]
            arrays = _views(context, builder, params, arrtys, counts, stack_bytes, zeroed)
            return context.make_tuple(builder, sig.return_type, arrays)
        return sig, codegen

    src = "def %s_workspace(typingctx, %s):\n    return typer(typingctx, %s)\n" % (
        fn.symbol, ", ".join(arguments), ", ".join(arguments))
    scope = {"typer": typer}
    exec(src, scope)
    alloc = intrinsic(scope[fn.symbol + "_workspace"])
    alloc.arguments = tuple(arguments)
    _memo[key] = alloc
    return alloc


def _int32_argument(context, builder, fn, name, value, ty):
    """A size argument of :func:`workspace` as i64, checked to fit int32 as
    the native call checks it (so that no size is computed from a value the
    call would refuse: limit = 2**31 is an Int32RangeError, not 77 GB)."""
    from .native import INT32_MAX, INT32_MIN, Int32RangeError
    v = context.cast(builder, value, ty, types.int64)
    if isinstance(ty, types.Integer) and (ty.bitwidth > 32 or (ty.bitwidth == 32
                                                                and not ty.signed)):
        bad = builder.or_(builder.icmp_signed("<", v, _i64(INT32_MIN)),
                          builder.icmp_signed(">", v, _i64(INT32_MAX)))
        with cgutils.if_unlikely(builder, bad):
            internals.raise_static(context, builder, Int32RangeError,
                                   "%s: '%s' does not fit a 32-bit integer" % (fn.symbol, name))
    return v


def _views(context, builder, params, arrtys, counts, stack_bytes, zeroed):
    """The arrays of :func:`workspace` (see there)."""
    def view(i, data, meminfo):
        return internals.array_from_pointer(context, builder, arrtys[i], data, [counts[i]],
                                            [params[i].itemsize], meminfo)

    if SANITIZE:
        out = []
        for i, p in enumerate(params):
            nbytes = builder.mul(counts[i], _i64(p.itemsize))
            meminfo = internals.allocate_block(context, builder, nbytes)
            data = context.nrt.meminfo_data(builder, meminfo)
            if zeroed:
                cgutils.memset(builder, data, nbytes, 0)
            out.append(view(i, data, meminfo))
        return out

    offsets, total = _layout(params, counts, builder)

    def on_heap():
        meminfo = internals.allocate_block(context, builder, total)
        for _ in params[1:]:          # one reference per view
            internals.incref_meminfo(context, builder, meminfo)
        return context.nrt.meminfo_data(builder, meminfo), meminfo

    if not stack_bytes:
        base, meminfo = on_heap()
    else:
        with builder.goto_entry_block():
            stack = builder.alloca(ir.ArrayType(_i64, -(-stack_bytes // 8)))
        null = cgutils.get_null_value(cgutils.voidptr_t)
        fits = builder.icmp_unsigned("<=", total, _i64(stack_bytes))
        with builder.if_else(fits, likely=True) as (stack_branch, heap_branch):
            with stack_branch:
                stack_base = builder.bitcast(stack, cgutils.voidptr_t)
                stack_bb = builder.basic_block
            with heap_branch:
                heap_base, heap_meminfo = on_heap()
                # (the casts in this branch: a phi's incoming value must be
                # defined in the block it comes from)
                heap_base = builder.bitcast(heap_base, cgutils.voidptr_t)
                heap_meminfo = builder.bitcast(heap_meminfo, cgutils.voidptr_t)
                heap_bb = builder.basic_block
        base = builder.phi(cgutils.voidptr_t)
        base.add_incoming(stack_base, stack_bb)
        base.add_incoming(heap_base, heap_bb)
        meminfo = builder.phi(cgutils.voidptr_t)
        meminfo.add_incoming(null, stack_bb)
        meminfo.add_incoming(heap_meminfo, heap_bb)
    base = builder.bitcast(base, cgutils.voidptr_t)
    if zeroed:
        cgutils.memset(builder, base, total, 0)
    return [view(i, builder.gep(base, [off]), meminfo) for i, off in enumerate(offsets)]
