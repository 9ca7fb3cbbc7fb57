"""QUADPACK entry points and the glue between them and user integrands.

``qagse``, ``qagie``, ``qagpe``, ``qawoe``, ``qawfe``, ``qawce``, ``qawse``
and ``qk`` are numba intrinsics calling our Fortran ``scijit_quadpack_<name>``
by symbol name (see :mod:`.native`).  The Fortran calls the integrand through
:data:`QUAD_CALLBACK`, ``double f(double x, int32_t *iflag, void *udata)``,
whose adapter calls :func:`integrand_glue`.

Payload handed to the glue: the user's ``args``, the value being
``f(x, *args)``; for ``qawfe`` only, ``(args, xscale, yscale)`` and the value
``yscale * f(xscale * x, *args)`` (:func:`reflected_glue`): scipy's
reflection of a Fourier integral over ``(-inf, b]`` (``x -> -x``, and for
the sine weight ``f -> -f``).  Multiplying by +-1.0 is exact, so the values
are bit-for-bit those of scipy's ``thefunc``; the other routines spare the
two products and loads (a few ns per integral of a cheap integrand).

Every intrinsic returns its output scalars in the order of the C parameters
and the adapter's call count last, e.g.
``qagse(f, args, a, b, epsabs, epsrel, limit, alist, blist, rlist, elist,
iord) -> (result, abserr, neval, ier, last, ncalls)``.

:func:`stack_workspace` gives the workspace of the adaptive routines on the
caller's stack for ``limit <= STACK_LIMIT``: no allocation and no reference
counting, the largest part of the fixed cost of a short ``quad``.

:func:`native_quad` builds further intrinsics on the same entry points with
another glue and more user functions (nested integrals).
"""
import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import intrinsic, overload

from . import _numba_internals as internals
from .callback import CallbackABI, IFlag, Real, UserData
from ._legacy_native import NativeFunction, native_intrinsic

QUAD_CALLBACK = CallbackABI("quad", (Real("x"), IFlag(), UserData()), returns_double=True)

_WS4 = ("f64*", "f64*", "f64*", "f64*")     # alist, blist, rlist, elist
_RES = ("out_f64", "out_f64", "out_i32", "out_i32")   # result, abserr, neval, ier

QAGSE = NativeFunction(
    "scijit_quadpack_qagse", "quadpack",
    ("callback", "f64", "f64", "f64", "f64", "i32") + _RES + _WS4 + ("i32*", "out_i32", "udata"),
    returns="void", callback=QUAD_CALLBACK)

QAGIE = NativeFunction(
    "scijit_quadpack_qagie", "quadpack",
    ("callback", "f64", "i32", "f64", "f64", "i32") + _RES + _WS4 + ("i32*", "out_i32", "udata"),
    callback=QUAD_CALLBACK)

QAGPE = NativeFunction(
    "scijit_quadpack_qagpe", "quadpack",
    ("callback", "f64", "f64", "i32", "f64*", "f64", "f64", "i32") + _RES + _WS4
    + ("f64*", "i32*", "i32*", "i32*", "out_i32", "udata"),
    callback=QUAD_CALLBACK)

QAWCE = NativeFunction(
    "scijit_quadpack_qawce", "quadpack",
    ("callback", "f64", "f64", "f64", "f64", "f64", "i32") + _RES + _WS4
    + ("i32*", "out_i32", "udata"),
    callback=QUAD_CALLBACK)

QAWSE = NativeFunction(
    "scijit_quadpack_qawse", "quadpack",
    ("callback", "f64", "f64", "f64", "f64", "i32", "f64", "f64", "i32") + _RES + _WS4
    + ("i32*", "out_i32", "udata"),
    callback=QUAD_CALLBACK)

QAWOE = NativeFunction(
    "scijit_quadpack_qawoe", "quadpack",
    ("callback", "f64", "f64", "f64", "i32", "f64", "f64", "i32", "i32", "i32") + _RES
    + ("out_i32",) + _WS4 + ("i32*", "i32*", "i32*", "f64*", "udata"),
    callback=QUAD_CALLBACK)

QAWFE = NativeFunction(
    "scijit_quadpack_qawfe", "quadpack",
    ("callback", "f64", "f64", "i32", "f64", "i32", "i32", "i32") + _RES
    + ("f64*", "f64*", "i32*", "out_i32") + _WS4 + ("i32*", "i32*", "f64*", "udata"),
    callback=QUAD_CALLBACK)

QK = NativeFunction(
    "scijit_quadpack_qk", "quadpack",
    ("callback", "i32", "f64", "f64", "out_f64", "out_f64", "out_f64", "out_f64", "udata"),
    callback=QUAD_CALLBACK)

ENTRY_POINTS = {"qagse": QAGSE, "qagie": QAGIE, "qagpe": QAGPE, "qawce": QAWCE,
                "qawse": QAWSE, "qawoe": QAWOE, "qawfe": QAWFE, "qk": QK}


class IntegrandTypeError(TypingError):
    """The integrand does not return a real number."""


def as_double(value, func):
    """``float(value)``: an integrand's result as the double QUADPACK wants.

    ``func`` (the integrand, used for its name only) makes the TypingError
    for a non-number result name it.
    """


@overload(as_double)
def _as_double(value, func):
    if value == types.float64:
        return lambda value, func: value
    if isinstance(value, (types.Float, types.Integer, types.Boolean)):
        return lambda value, func: float(value)
    name = getattr(getattr(func, "dispatcher", None), "py_func", None)
    name = getattr(name, "__name__", str(func))
    raise IntegrandTypeError("the integrand %r must return a real number (a float), got %s"
                             % (name, value))


@njit
def integrand_glue(f, x, iflag, args):
    """``f(x, *args)`` as a float64."""
    return as_double(f(x, *args), f)


@njit
def reflected_glue(f, x, iflag, payload):
    """``yscale * f(xscale * x, *args)`` as a float64 (payload ``(args,
    xscale, yscale)``)."""
    args, xscale, yscale = payload
    return yscale * as_double(f(xscale * x, *args), f)


_cache = {}


def native_quad(name, glue=integrand_glue, nfuncs=1):
    """The intrinsic calling QUADPACK's ``name`` through ``glue`` with ``nfuncs``
    user functions (memoised: one intrinsic per (name, glue, nfuncs))."""
    key = (name, glue, nfuncs)
    try:
        return _cache[key]
    except KeyError:
        fn = _cache[key] = native_intrinsic(ENTRY_POINTS[name], glue, nfuncs=nfuncs)
        return fn


#: qagse(f, args, a, b, epsabs, epsrel, limit, alist, blist, rlist, elist, iord)
#:   -> (result, abserr, neval, ier, last, ncalls)
qagse = native_quad("qagse")
#: qagie(f, args, bound, inf, epsabs, epsrel, limit, alist, blist, rlist, elist, iord)
#:   -> (result, abserr, neval, ier, last, ncalls)
qagie = native_quad("qagie")
#: qagpe(f, args, a, b, npts2, points, epsabs, epsrel, limit, alist, blist, rlist, elist,
#:       pts, iord, level, ndin) -> (result, abserr, neval, ier, last, ncalls)
qagpe = native_quad("qagpe")
#: qawce(f, args, a, b, c, epsabs, epsrel, limit, alist, blist, rlist, elist, iord)
#:   -> (result, abserr, neval, ier, last, ncalls)
qawce = native_quad("qawce")
#: qawse(f, args, a, b, alfa, beta, integr, epsabs, epsrel, limit, alist, blist, rlist,
#:       elist, iord) -> (result, abserr, neval, ier, last, ncalls)
qawse = native_quad("qawse")
#: qawoe(f, args, a, b, omega, integr, epsabs, epsrel, limit, icall, maxp1, alist, blist,
#:       rlist, elist, iord, nnlog, momcom(1), chebmo)
#:   -> (result, abserr, neval, ier, last, ncalls)
qawoe = native_quad("qawoe")
#: qawfe(f, (args, xscale, yscale), a, omega, integr, epsabs, limlst, limit, maxp1, rslst,
#:       erlst, ierlst, alist, blist, rlist, elist, iord, nnlog, chebmo)
#:   -> (result, abserr, neval, ier, lst, ncalls)
qawfe = native_quad("qawfe", reflected_glue)
#: qk(f, args, npoints, a, b) -> (result, abserr, resabs, resasc, ncalls)
qk = native_quad("qk")


# ---------------------------------------------------------------- workspace on the stack
#: The largest ``limit`` whose workspace :func:`stack_workspace` holds:
#: 36 bytes per subinterval, 4.6 kB of stack per call site.
STACK_LIMIT = 128

_F64_VECTOR = types.Array(types.float64, 1, "C")
_I32_VECTOR = types.Array(types.int32, 1, "C")


@intrinsic
def stack_workspace(typingctx, limit):
    """``(alist, blist, rlist, elist, iord)`` of ``min(max(limit, 1),
    STACK_LIMIT)`` entries each, on the caller's stack.

    One uninitialised entry-block ``alloca`` per call site (numba's
    ``alloca_once`` would zero 4.6 kB on every call): safe in loops, in
    recursion and in threads, and free.  The arrays borrow the frame (no
    meminfo): they must not outlive the function that made them, so only a
    caller that returns none of them (``quad`` without ``full_output``) may
    use it.
    """
    if not isinstance(limit, types.Integer):
        raise TypingError("stack_workspace: limit must be an integer, got %s" % limit)
    sig = types.Tuple((_F64_VECTOR,) * 4 + (_I32_VECTOR,))(limit)

    def codegen(context, builder, sig, args):
        intp = context.get_value_type(types.intp)
        n = context.cast(builder, args[0], sig.args[0], types.intp)
        n = builder.select(builder.icmp_signed("<", n, intp(1)), intp(1), n)
        n = builder.select(builder.icmp_signed(">", n, intp(STACK_LIMIT)), intp(STACK_LIMIT), n)
        with builder.goto_entry_block():
            reals = builder.alloca(ir.ArrayType(ir.DoubleType(), 4 * STACK_LIMIT))
            ints = builder.alloca(ir.ArrayType(ir.IntType(32), STACK_LIMIT))
        arrays = [internals.borrowed_array(context, builder, _F64_VECTOR,
                                           builder.gep(reals, [intp(0), intp(k * STACK_LIMIT)]),
                                           [n], [8]) for k in range(4)]
        arrays.append(internals.borrowed_array(context, builder, _I32_VECTOR,
                                               builder.gep(ints, [intp(0), intp(0)]), [n], [4]))
        return context.make_tuple(builder, sig.return_type, arrays)

    return sig, codegen


def _heap_workspace(limit):
    """The arrays of :func:`short_workspace` beyond STACK_LIMIT: one
    uninitialised heap block (alist, blist, rlist, elist, then iord)."""
    n = max(limit, 1)
    block = np.empty(4 * n + (n + 1) // 2)
    return (block[:n], block[n:2 * n], block[2 * n:3 * n], block[3 * n:4 * n],
            block[4 * n:].view(np.int32)[:n])


@intrinsic
def short_workspace(typingctx, limit):
    """``(alist, blist, rlist, elist, iord)`` of ``max(limit, 1)`` entries for a
    call that never reports them: on the caller's stack up to STACK_LIMIT
    (:func:`stack_workspace`), one heap block beyond.

    The choice is made here, in LLVM, not in the Python of the inlined core:
    a variable assigned on two branches of code that numba's ``@overload(...,
    inline="always")`` inlines twice into one function makes numba 0.68 on
    Python 3.11 print a NumbaIRAssumptionWarning (numba issue #9489).
    """
    sig, stack_codegen = stack_workspace._defn(typingctx, limit)

    def codegen(context, builder, sig, args):
        stack = stack_codegen(context, builder, sig, args)
        intp = context.get_value_type(types.intp)
        n = context.cast(builder, args[0], sig.args[0], types.intp)
        before = builder.basic_block
        with builder.if_then(builder.icmp_signed(">", n, intp(STACK_LIMIT)), likely=False):
            heap = context.compile_internal(builder, _heap_workspace, sig, args)
            on_heap = builder.basic_block
        out = builder.phi(stack.type)
        out.add_incoming(stack, before)
        out.add_incoming(heap, on_heap)
        return out

    return sig, codegen


@intrinsic
def stack_scalars(typingctx, n):
    """A float64 vector of ``n`` (a constant) entries on the caller's stack.

    The quad cores store the outputs of whichever QUADPACK routine ran in
    it and read them back after the branches, so that no variable of those
    numba inlines is assigned on two branches (numba issue #9489, see
    :func:`short_workspace`).  LLVM promotes it to registers: it costs nothing.
    Borrowed, like :func:`stack_workspace`'s arrays: it must not be returned.
    """
    if not isinstance(n, types.IntegerLiteral):
        raise TypingError("stack_scalars: n must be a constant integer, got %s" % n)
    size = n.literal_value
    sig = _F64_VECTOR(n)

    def codegen(context, builder, sig, args):
        intp = context.get_value_type(types.intp)
        with builder.goto_entry_block():
            slots = builder.alloca(ir.ArrayType(ir.DoubleType(), size))
        return internals.borrowed_array(context, builder, _F64_VECTOR,
                                        builder.gep(slots, [intp(0), intp(0)]), [intp(size)],
                                        [8])

    return sig, codegen
