"""QUADPACK entry points and the steps of their integrands.

``qagse``, ``qagie``, ``qagpe``, ``qawoe``, ``qawfe``, ``qawce``, ``qawse``
and ``qk`` are numba intrinsics calling our Fortran ``scijit_quadpack_<name>``
by symbol name, built from their declarations in the native table
(:mod:`.native`: every parameter named as the Fortran's dummy, every array
sized).  The Fortran calls the integrand through :data:`QUAD_CALLBACK`,
``double f(double x, int32_t *iflag, void *udata)``, whose adapter calls the
glue of the integrand's steps (:mod:`.callback`): :data:`INTEGRAND`,
``f(x, *args)`` as a float64; for ``qawfe`` only :data:`REFLECTED_INTEGRAND`,
``yscale * f(xscale * x, *args)`` with ``(xscale, yscale)`` the callback's
solver state: scipy's reflection of a Fourier integral over ``(-inf, b]``
(``x -> -x``, and for the sine weight ``f -> -f``).  Multiplying by +-1.0 is
exact, so the values are bit-for-bit those of scipy's ``thefunc``; the
other routines spare the two products and loads (a few ns per integral of a
cheap integrand).

Every intrinsic takes the table's inputs in C order and returns its output
scalars in the order of the C parameters and the adapter's call count last,
e.g. ``qagse(f, data, a, b, epsabs, epsrel, limit, alist, blist, rlist,
elist, iord) -> (result, abserr, neval, ier, last, ncalls)``.

The arrays the routines fill (the subintervals, qagpe's break points,
qawoe's moments, qawfe's cycles) are the caller's, from the allocators
below (:func:`lowering.workspace.workspace`: one block, views by name):
:data:`qags_arrays`, :data:`qagp_arrays`, :data:`fourier_arrays` (zeroed,
for an infodict) and :data:`short_qags_arrays` (uninitialised, on the
caller's stack for ``limit <= STACK_LIMIT``: no allocation and no reference
counting, the largest part of the fixed cost of a short ``quad``).

:func:`integrand_intrinsics` gives the same entry points for integrands
that take their caller's state (nquad's levels, :class:`.transforms.PassState`).
"""
from llvmlite import ir
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from . import _numba_internals as internals
from .callback import CallbackABI, IFlag, Real, UserData, callback_intrinsic
from .native import F64, I32, I32s, Callback, F64s, InOutI32, NativeFunction, OutF64, OutI32
from .transforms import IntegrandTypeError, CallbackData, PassState, Reflect, Returned  # noqa: F401
from .workspace import workspace

QUAD_CALLBACK = CallbackABI("quad", (Real("x"), IFlag(), UserData()), returns_double=True)


def _intervals():
    """alist, blist, rlist, elist: the subintervals' ends, integrals and errors."""
    return tuple(F64s(name, "limit") for name in ("alist", "blist", "rlist", "elist"))


def _results():
    """result, abserr, neval and ier, the status.  (Our QUADPACK C layer has
    no length to check, every array's length is one of its arguments, so it
    never answers SIZE_ERROR; declared a status all the same, so that one
    that did could not pass for QUADPACK's own codes.)"""
    return (OutF64("result"), OutF64("abserr"), OutI32("neval"), OutI32("ier", status=True))


QAGSE = NativeFunction("scijit_quadpack_qagse", "quadpack", (
    Callback("f", QUAD_CALLBACK), F64("a"), F64("b"), F64("epsabs"), F64("epsrel"), I32("limit"),
    *_results(), *_intervals(), I32s("iord", "limit"), OutI32("last"), UserData()))

QAGIE = NativeFunction("scijit_quadpack_qagie", "quadpack", (
    Callback("f", QUAD_CALLBACK), F64("bound"), I32("inf"), F64("epsabs"), F64("epsrel"),
    I32("limit"), *_results(), *_intervals(), I32s("iord", "limit"), OutI32("last"),
    UserData()))

#: points: the npts2 - 2 break points (scipy passes npts2 values, the last
#: two unused); pts and ndin: npts2; level: limit.
QAGPE = NativeFunction("scijit_quadpack_qagpe", "quadpack", (
    Callback("f", QUAD_CALLBACK), F64("a"), F64("b"), I32("npts2"),
    F64s("points", "npts2 - 2", const=True), F64("epsabs"), F64("epsrel"), I32("limit"),
    *_results(), *_intervals(), F64s("pts", "npts2"), I32s("iord", "limit"),
    I32s("level", "limit"), I32s("ndin", "npts2"), OutI32("last"), UserData()))

QAWCE = NativeFunction("scijit_quadpack_qawce", "quadpack", (
    Callback("f", QUAD_CALLBACK), F64("a"), F64("b"), F64("c"), F64("epsabs"), F64("epsrel"),
    I32("limit"), *_results(), *_intervals(), I32s("iord", "limit"), OutI32("last"),
    UserData()))

QAWSE = NativeFunction("scijit_quadpack_qawse", "quadpack", (
    Callback("f", QUAD_CALLBACK), F64("a"), F64("b"), F64("alfa"), F64("beta"), I32("integr"),
    F64("epsabs"), F64("epsrel"), I32("limit"), *_results(), *_intervals(),
    I32s("iord", "limit"), OutI32("last"), UserData()))

#: chebmo: maxp1 x 25, column-major; momcom: the rows already computed,
#: given (icall >= 2) and returned.
QAWOE = NativeFunction("scijit_quadpack_qawoe", "quadpack", (
    Callback("f", QUAD_CALLBACK), F64("a"), F64("b"), F64("omega"), I32("integr"),
    F64("epsabs"), F64("epsrel"), I32("limit"), I32("icall"), I32("maxp1"), *_results(),
    OutI32("last"), *_intervals(), I32s("iord", "limit"), I32s("nnlog", "limit"),
    InOutI32("momcom"), F64s("chebmo", "25*maxp1"), UserData()))

#: rslst, erlst, ierlst: one entry per cycle, at most limlst.
QAWFE = NativeFunction("scijit_quadpack_qawfe", "quadpack", (
    Callback("f", QUAD_CALLBACK), F64("a"), F64("omega"), I32("integr"), F64("epsabs"),
    I32("limlst"), I32("limit"), I32("maxp1"), *_results(), F64s("rslst", "limlst"),
    F64s("erlst", "limlst"), I32s("ierlst", "limlst"), OutI32("lst"), *_intervals(),
    I32s("iord", "limit"), I32s("nnlog", "limit"), F64s("chebmo", "25*maxp1"), UserData()))

QK = NativeFunction("scijit_quadpack_qk", "quadpack", (
    Callback("f", QUAD_CALLBACK), I32("npoints"), F64("a"), F64("b"), OutF64("result"),
    OutF64("abserr"), OutF64("resabs"), OutF64("resasc"), UserData()))

ENTRY_POINTS = {"qagse": QAGSE, "qagie": QAGIE, "qagpe": QAGPE, "qawce": QAWCE,
                "qawse": QAWSE, "qawoe": QAWOE, "qawfe": QAWFE, "qk": QK}


#: The steps of an integrand: ``f(x, *args)`` as a float64 (a TypingError
#: naming the integrand if it does not return a real number); for qawfe
#: scipy's reflection too (the callback's state ``(xscale, yscale)``).
#: With ``pass_state`` (nquad's levels, functions of scijit's own) the
#: integrand is ``f(x, passed, *args)``.
def integrand_steps(reflected=False, pass_state=False):
    """The steps of an integrand (see above)."""
    return (((Reflect(),) if reflected else ()) + ((PassState(),) if pass_state else ())
            + (Returned(),))


def integrand_intrinsics(pass_state=False):
    """``{name: intrinsic}`` of every QUADPACK routine for integrands with
    or without ``pass_state`` (qawfe's reflecting), made once each."""
    return {name: callback_intrinsic(fn, integrand_steps(name == "qawfe", pass_state))
            for name, fn in ENTRY_POINTS.items()}


#: Each intrinsic takes the callback data
#: ``CallbackData(args, (), False, state, passed)`` (:func:`integrand_data`)
#: after the integrand, e.g.
#: qagse(f, data, a, b, epsabs, epsrel, limit, alist, blist, rlist, elist, iord)
#:   -> (result, abserr, neval, ier, last, ncalls)
#: qagie(f, data, bound, inf, epsabs, epsrel, limit, alist, blist, rlist, elist, iord)
#:   -> (result, abserr, neval, ier, last, ncalls)
#: qagpe(f, data, a, b, npts2, points, epsabs, epsrel, limit, alist, blist, rlist, elist,
#:       pts, iord, level, ndin) -> (result, abserr, neval, ier, last, ncalls)
#: qawce(f, data, a, b, c, epsabs, epsrel, limit, alist, blist, rlist, elist, iord)
#:   -> (result, abserr, neval, ier, last, ncalls)
#: qawse(f, data, a, b, alfa, beta, integr, epsabs, epsrel, limit, alist, blist, rlist,
#:       elist, iord) -> (result, abserr, neval, ier, last, ncalls)
#: qawoe(f, data, a, b, omega, integr, epsabs, epsrel, limit, icall, maxp1, alist, blist,
#:       rlist, elist, iord, nnlog, momcom, chebmo)
#:   -> (result, abserr, neval, ier, last, momcom, ncalls)
#: qawfe(f, data, a, omega, integr, epsabs, limlst, limit, maxp1, rslst, erlst, ierlst,
#:       alist, blist, rlist, elist, iord, nnlog, chebmo), data's state (xscale, yscale)
#:   -> (result, abserr, neval, ier, lst, ncalls)
#: qk(f, data, npoints, a, b) -> (result, abserr, resabs, resasc, ncalls)
_plain = integrand_intrinsics()
qagse, qagie, qagpe, qawce = _plain["qagse"], _plain["qagie"], _plain["qagpe"], _plain["qawce"]
qawse, qawoe, qawfe, qk = _plain["qawse"], _plain["qawoe"], _plain["qawfe"], _plain["qk"]


@njit(inline="always")
def integrand_data(args, state, passed):
    """The callback data of an integrand: the user's ``args``, the solver's
    ``state`` (``()``, or qawfe's ``(xscale, yscale)``) and the state passed
    on to the integrand with PassState (``()`` otherwise)."""
    return CallbackData(args, (), False, state, passed)


# ---------------------------------------------------------------- the arrays callers keep
#: The largest ``limit`` whose :data:`short_qags_arrays` live on the caller's
#: stack: 36 bytes per subinterval, 4.6 kB of stack per call site.
STACK_LIMIT = 128

_INTERVALS = ("alist", "blist", "rlist", "elist", "iord")

#: ``qags_arrays(limit) -> (alist, blist, rlist, elist, iord)``, zeroed, one
#: NRT block: the arrays of an infodict of qagse, qagie, qawce or qawse
#: (all four declare them alike, ``limit`` entries each).
qags_arrays = workspace(QAGSE, _INTERVALS, zeroed=True)

#: ``short_qags_arrays(limit)``: the same arrays, uninitialised, for a call
#: that never reports them (``quad`` without ``full_output``, nquad's
#: levels): on the caller's stack for ``limit <= STACK_LIMIT`` (one
#: uninitialised entry-block ``alloca`` per call site: safe in loops, in
#: recursion and in threads, and free; no meminfo, so they must not outlive
#: the function that made them), one heap block beyond.  The choice is made
#: in LLVM, inside the intrinsic, not in the Python of the inlined core: a
#: variable assigned on two branches of code that numba's ``@overload(...,
#: inline="always")`` inlines twice into one function makes numba 0.68 on
#: Python 3.11 print a NumbaIRAssumptionWarning (numba issue #9489).
short_qags_arrays = workspace(QAGSE, _INTERVALS, stack_bytes=36 * STACK_LIMIT)

#: ``qagp_arrays(npts2, limit) -> (alist, blist, rlist, elist, iord, pts,
#: level, ndin)``, zeroed, one NRT block (qagpe's).
qagp_arrays = workspace(QAGPE, _INTERVALS + ("pts", "level", "ndin"), zeroed=True)

#: ``fourier_arrays(limlst, limit, maxp1) -> (alist, blist, rlist, elist, iord,
#: nnlog, chebmo, rslst, erlst, ierlst)``, zeroed, one NRT block: qawfe's,
#: and qawoe's (the first seven; chebmo is QUADPACK's maxp1 x 25, column-major).
fourier_arrays = workspace(QAWFE, _INTERVALS + ("nnlog", "chebmo", "rslst", "erlst", "ierlst"),
                           zeroed=True)

_F64_VECTOR = types.Array(types.float64, 1, "C")


@intrinsic
def stack_scalars(typingctx, n):
    """A float64 vector of ``n`` (a constant) entries on the caller's stack.

    The quad cores store the outputs of whichever QUADPACK routine ran in
    it and read them back after the branches, so that no variable of those
    numba inlines is assigned on two branches (numba issue #9489, see
    :data:`short_qags_arrays`).  LLVM promotes it to registers: it costs
    nothing.  Borrowed (no meminfo), like :data:`short_qags_arrays`' stack
    arrays: it must not be returned.
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
