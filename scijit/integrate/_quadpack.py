"""``quad``: adaptive quadrature (our QUADPACK) routed exactly as scipy's.

Two entries, one implementation (the pattern of :mod:`scijit.optimize._fsolve`):

* from Python, :func:`quad` settles scipy's early answers (``a == b``), checks
  and normalises the arguments and calls a small @njit trampoline (one per
  ``weight``, which must be a constant inside numba), which calls
  :func:`quad_core` -- in numba, where
* the ``@overload`` chooser settles the routine family from the types
  (``weight`` literal, ``points`` None or not) and inlines the family's core,
  which picks the QUADPACK routine from the limits at run time (finite,
  half-infinite, infinite) and calls the Fortran by symbol name
  (:mod:`lowering.quadpack`).

Inside @njit, ``full_output`` must be a constant; with it ``quad`` returns
``(y, abserr, infodict, message)`` in every case (numba needs one type):
``message`` is ``""`` when QUADPACK reported success, and ``infodict`` holds
the fields of every routine the family may run (the Python entry returns
exactly scipy's fields for the routine that ran).  Messages that need
formatting are built by cache=True helpers or, for exceptions, in Python.
"""
import functools
import sys
import warnings

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import type_only
from lowering.quadpack import (fourier_arrays, integrand_data, integrand_intrinsics, qagp_arrays,
                               qags_arrays, short_qags_arrays, stack_scalars)
from lowering.separate import separate
from scijit_types import result_builder
from scijit_types.errors import FormattedError

from .. import _arguments as A
from .._messages import status_message, status_table
from .._registration import Chooser, register_choosers

__all__ = ["quad", "QuadInputError"]

_ROUTINE = "quad"
_NAN = np.nan
_EPS_LIMIT = max(50 * sys.float_info.epsilon, 5e-29)

#: weight -> (family, QUADPACK integr)
_WEIGHTS = {None: ("qags", 0), "cos": ("qawo", 1), "sin": ("qawo", 2), "alg": ("qaws", 1),
            "alg-loga": ("qaws", 2), "alg-logb": ("qaws", 3), "alg-log": ("qaws", 4),
            "cauchy": ("qawc", 0)}

_W_NONE, _W_FOURIER, _W_ALG, _W_CAUCHY = 0, 1, 2, 3


class QuadInputError(FormattedError, ValueError):
    """scipy's ValueError for improper input (QUADPACK's ier = 6).

    Raised from @njit code as ``QuadInputError(template, *values)``: the
    message is formatted here, in Python, so compiled code builds no strings.
    """


def integration_warning():
    from scipy.integrate import IntegrationWarning
    return IntegrationWarning


# ---------------------------------------------------------------- messages
_MSG_LIMIT = ("The maximum number of subdivisions (%d) has been achieved.\n  If increasing the "
              "limit yields no improvement it is advised to analyze \n  the integrand in order "
              "to determine the difficulties.  If the position of a \n  local difficulty can be "
              "determined (singularity, discontinuity) one will \n  probably gain from splitting "
              "up the interval and calling the integrator \n  on the subranges.  Perhaps a "
              "special-purpose integrator should be used.")
_MSGS = {
    2: ("The occurrence of roundoff error is detected, which prevents \n  the requested "
        "tolerance from being achieved.  The error may be \n  underestimated."),
    3: "Extremely bad integrand behavior occurs at some points of the\n  integration interval.",
    4: ("The algorithm does not converge.  Roundoff error is detected\n  in the extrapolation "
        "table.  It is assumed that the requested tolerance\n  cannot be achieved, and that the "
        "returned result (if full_output = 1) is \n  the best which can be obtained."),
    5: "The integral is probably divergent, or slowly convergent.",
    6: "The input is invalid.",
    7: ("Abnormal termination of the routine.  The estimates for result\n  and error are less "
        "reliable.  It is assumed that the requested accuracy\n  has not been achieved."),
}
_FOURIER_MSGS = {
    1: ("The maximum number of cycles allowed has been achieved., e.e.\n  of subintervals "
        "(a+(k-1)c, a+kc) where c = (2*int(abs(omega)+1))\n  *pi/abs(omega), for k = 1, 2, ..., "
        "lst.  One can allow more cycles by increasing the value of limlst.  Look at "
        "info['ierlst'] with full_output=1."),
    4: ("The extrapolation table constructed for convergence acceleration\n  of the series "
        "formed by the integral contributions over the cycles, \n  does not converge to within "
        "the requested accuracy.  Look at \n  info['ierlst'] with full_output=1."),
    7: ("Bad integrand behavior occurs within one or more of the cycles.\n  Location and type "
        "of the difficulty involved can be determined from \n  the vector info['ierlist'] "
        "obtained with full_output=1."),
}
EXPLAIN = {
    1: "The maximum number of subdivisions (= limit) has been \n  achieved on this cycle.",
    2: ("The occurrence of roundoff error is detected and prevents\n  the tolerance imposed on "
        "this cycle from being achieved."),
    3: "Extremely bad integrand behavior occurs at some points of\n  this cycle.",
    4: ("The integral over this cycle does not converge (to within the required accuracy) due "
        "to roundoff in the extrapolation procedure invoked on this cycle.  It is assumed that "
        "the result on this interval is the best which can be obtained."),
    5: "The integral over this cycle is probably divergent or slowly convergent.",
}
_UNKNOWN = "Unknown error."


def quad_message(ier, limit, fourier_infinite):
    """scipy's message for ``ier`` (Python)."""
    if fourier_infinite and ier in _FOURIER_MSGS:
        return _FOURIER_MSGS[ier]
    if ier == 1:
        return _MSG_LIMIT % limit
    return _MSGS.get(ier, _UNKNOWN)


_MSGS_TABLE, _FOURIER_TABLE = status_table(_MSGS), status_table(_FOURIER_MSGS)
_MSG_LIMIT_HEAD, _MSG_LIMIT_TAIL = _MSG_LIMIT.split("%d")


@separate      # (a message: string code every caller would optimise again)
@njit(cache=True)
def njit_message(ier, limit, fourier_infinite):
    """quad_message inside @njit ("" for ier 0); compiled once, then cached."""
    if ier == 0:
        return ""
    if fourier_infinite:
        text = status_message(_FOURIER_TABLE, ier, "")
        if len(text) > 0:
            return text
    if ier == 1:
        return _MSG_LIMIT_HEAD + str(limit) + _MSG_LIMIT_TAIL
    return status_message(_MSGS_TABLE, ier, _UNKNOWN)


@njit(cache=True)
def check_ier(ier, epsabs, epsrel, wkind, a, b, npoints, pmin, pmax, limit, maxp1, wmin, c):
    """scipy's ValueError for ier 6 (and unknown codes), with scipy's message.

    ``a <= b`` (sorted), ``npoints`` -1 when no points were given, ``wkind``
    one of _W_NONE, _W_FOURIER, _W_ALG, _W_CAUCHY; ``wmin`` = min(wvar) (alg),
    ``c`` = wvar (cauchy).
    """
    if ier == 6:
        if epsabs <= 0:
            if epsrel < _EPS_LIMIT:
                raise QuadInputError("If 'epsabs'<=0, 'epsrel' must be greater than both 5e-29 "
                                     "and 50*(machine epsilon).")
            if wkind == _W_FOURIER and abs(a) + abs(b) == np.inf:
                raise QuadInputError("Sine or cosine weighted integrals with infinite domain "
                                     "must have 'epsabs'>0.")
        elif wkind == _W_NONE:
            if npoints < 0:
                raise QuadInputError("Invalid 'limit' argument. There must be at least one "
                                     "subinterval")
            if not (a <= pmin and pmin <= pmax and pmax <= b):
                raise QuadInputError("All break points in 'points' must lie within the "
                                     "integration limits.")
            if npoints >= limit:
                raise QuadInputError("Number of break points (%d) must be less than "
                                     "subinterval limit (%d)", npoints, limit)
        elif maxp1 < 1:
            raise QuadInputError("Chebyshev moment limit maxp1 must be >=1.")
        elif wkind == _W_FOURIER and abs(a + b) == np.inf:
            raise QuadInputError("Cycle limit limlst must be >=3.")
        elif wkind == _W_ALG:
            if wmin < -1:
                raise QuadInputError("wvar parameters (alpha, beta) must both be >= -1.")
        elif wkind == _W_CAUCHY and (c == a or c == b):
            raise QuadInputError("Parameter 'wvar' must not equal integration limits 'a' or 'b'.")
        raise QuadInputError("The input is invalid.")
    if ier < 0 or ier > 7:
        raise QuadInputError("Unknown error.")


# ---------------------------------------------------------------- workspaces and infodicts
_basic_info = result_builder(("neval", "last", "iord", "alist", "blist", "rlist", "elist"))
_points_info = result_builder(("neval", "last", "iord", "alist", "blist", "rlist", "elist",
                               "pts", "level", "ndin"))
_fourier_info = result_builder(("neval", "last", "iord", "alist", "blist", "rlist", "elist",
                                "nnlog", "momcom", "chebmo", "lst", "rslst", "erlst", "ierlst"))

BASIC_FIELDS = ("neval", "last", "iord", "alist", "blist", "rlist", "elist")
POINTS_FIELDS = BASIC_FIELDS + ("pts", "level", "ndin")
QAWO_FIELDS = BASIC_FIELDS + ("nnlog", "momcom", "chebmo")
QAWF_FIELDS = ("neval", "lst", "rslst", "erlst", "ierlst")


@njit(cache=True)
def infinity_kind(a, b):
    """(scipy's infbounds, bound) for sorted limits: 0 finite, 1 [a, inf),
    -1 (-inf, b], 2 (-inf, inf)."""
    if b != np.inf and a != -np.inf:
        return 0, a
    if b == np.inf and a != -np.inf:
        return 1, a
    if b == np.inf and a == -np.inf:
        return 2, 0.0
    return -1, b


# The arrays QUADPACK fills come from the native table's allocators
# (lowering.quadpack: one block, named views, each array its declared size),
# made for max(limit, 1) subintervals (max(maxp1, 1), max(limlst, 1)): QUADPACK
# answers ier = 6 for a smaller value without touching them, and the
# infodict of scipy's early answer (a == b) keeps one entry.

@njit(inline="always")
def basic_workspace(limit):
    """alist, blist, rlist, elist (float64) and iord (int32), zeroed, ``limit``
    long (at least 1), one heap block: the arrays of qagse, qagie, qawce and
    qawse.  (The short form's arrays, on the stack, are made in the core
    itself: they must not leave the function that makes them.)"""
    return qags_arrays(max(limit, 1))


@njit(cache=True)
def zero_based(iord, last):
    """scipy 1.17 reports iord[:last] 0-based (entries QUADPACK left unset,
    zeros, stay 0)."""
    for i in range(min(last, iord.size)):
        if iord[i] > 0:
            iord[i] -= 1


@njit(cache=True)
def basic_info(neval, last, ws, same):
    """The infodict of qagse/qagie/qawce/qawse (``same``: a == b, scipy's
    early answer: alist/blist NaN)."""
    alist, blist, rlist, elist, iord = ws
    if same:
        alist[:] = _NAN
        blist[:] = _NAN
    zero_based(iord, last)
    return _basic_info(neval, last, iord, alist, blist, rlist, elist)


@njit(cache=True)
def prepare_points(points, a, b):
    """scipy's break points: unique, strictly inside (a, b), then two zeros.
    Returns (the array for qagpe, len(points), min(points), max(points))."""
    p = np.unique(points)
    inside = p[(a < p) & (p < b)]
    out = np.zeros(inside.size + 2)
    out[:inside.size] = inside
    if p.size == 0:
        return out, 0, a, b
    return out, points.size, p[0], p[-1]


@njit(inline="always")
def points_workspace(limit, npts2):
    """alist, blist, rlist, elist, iord, pts, level, ndin for qagpe, zeroed."""
    return qagp_arrays(npts2, max(limit, 1))


@njit(cache=True)
def points_info(neval, last, ws, same):
    alist, blist, rlist, elist, iord, pts, level, ndin = ws
    if same:
        alist[:] = _NAN
        blist[:] = _NAN
    zero_based(iord, last)
    return _points_info(neval, last, iord, alist, blist, rlist, elist, pts, level, ndin)


@njit(inline="always")
def fourier_workspace(limit, maxp1, limlst):
    """alist, blist, rlist, elist, iord, nnlog, chebmo (QUADPACK's maxp1 x 25,
    column-major), rslst, erlst, ierlst for qawoe and qawfe, zeroed."""
    return fourier_arrays(max(limlst, 1), max(limit, 1), max(maxp1, 1))


@njit(cache=True)
def load_moments(wopts_chebmo, chebmo):
    """scipy's wopts: reuse Chebyshev moments (icall = 2)."""
    if wopts_chebmo.size != chebmo.size:
        raise QuadInputError("quad: wopts[1] (chebmo) must hold 25*maxp1 = %d values, got %d",
                             chebmo.size, wopts_chebmo.size)
    k = 0
    for v in wopts_chebmo.flat:
        chebmo[k] = v
        k += 1


@njit(cache=True)
def fourier_info(neval, last, momcom, lst, ws, same, finite):
    alist, blist, rlist, elist, iord, nnlog, chebmo, rslst, erlst, ierlst = ws
    if same:
        alist[:] = _NAN
        blist[:] = _NAN
    if finite:
        zero_based(iord, last)
    # chebmo as scipy reports it: 25 x maxp1 (QUADPACK's maxp1 x 25, column-major)
    return _fourier_info(neval, last, iord, alist, blist, rlist, elist, nnlog, momcom,
                         chebmo.reshape((25, chebmo.size // 25)), lst, rslst, erlst, ierlst)


# ---------------------------------------------------------------- the cores (one per family)
# Every core takes the sorted limits a <= b and returns (result, abserr, ier,
# infodict); ier 6 has raised scipy's error.  The cores are compiled functions
# (one per integrand type), called with the integrand as a type only
# (lowering.callback.type_only).  Only the plain short qags form is inlined
# into the caller, where its stack workspace and LLVM's view of the whole call
# make the cheapest quad cost little more than the Fortran.  numba inlining
# the other cores at every call site cost seconds of compilation: the
# counting form of nquad's levels (stack workspace too, in its own frame) was
# inlined until measured: a dblquad inside @njit compiled in 19 s (CPU)
# inlined, 6.4 s compiled, with the same run time (4 us per call, in noise).

@njit(inline="always")
def _outputs():
    """The outputs of the routine a core runs, (result, abserr, neval, ier,
    last or lst), zero until it runs: a stack vector, not variables (no
    variable of the inlined short core may be assigned on two branches, numba
    issue #9489, see _qags_core; the other cores, compiled functions, keep
    the same shape)."""
    out = stack_scalars(5)
    out[0] = 0.0
    out[1] = 0.0
    out[2] = 0.0
    out[3] = 0.0
    out[4] = 0.0
    return out


@njit(inline="always")
def _keep(out, r):
    """Store a QUADPACK intrinsic's (result, abserr, neval, ier, last, ...)."""
    out[0] = r[0]
    out[1] = r[1]
    out[2] = r[2]
    out[3] = r[3]
    out[4] = r[4]


def _qags_core(arrays, info, inline="never", pass_state=False):
    """The qagse/qagie core, with its arrays' allocator (lowering.quadpack's
    ``qags_arrays`` or ``short_qags_arrays``) and infodict maker.

    No variable here is assigned on two branches: the outputs of whichever
    routine ran go through ``stack_scalars`` (memory, promoted to registers
    by LLVM).  numba's ``@overload(..., inline="always")`` inlining the same
    code twice into one function warns (NumbaIRAssumptionWarning, numba
    issue #9489) about every variable that has more than one assignment.
    """
    Q = integrand_intrinsics(pass_state)
    qagse_, qagie_ = Q["qagse"], Q["qagie"]

    @njit(inline=inline)
    def core(func, args, passed, a, b, epsabs, epsrel, limit, points, wvar, wopts, integr,
             maxp1, limlst):
        ws = arrays(max(limit, 1))
        alist, blist, rlist, elist, iord = ws
        kind, bound = infinity_kind(a, b)
        out = _outputs()
        if a == b:
            pass
        elif kind == 0:
            _keep(out, qagse_(func, integrand_data(args, (), passed), a, b, epsabs, epsrel,
                              limit, alist, blist, rlist, elist, iord))
        else:
            _keep(out, qagie_(func, integrand_data(args, (), passed), bound, kind, epsabs,
                              epsrel, limit, alist, blist, rlist, elist, iord))
        neval, ier, last = int(out[2]), int(out[3]), int(out[4])
        check_ier(ier, epsabs, epsrel, _W_NONE, a, b, -1, a, b, limit, maxp1, 0.0, 0.0)
        return out[0], out[1], ier, info(neval, last, ws, a == b)
    return core


@njit(inline="always")
def no_info(neval, last, ws, same):
    return 0


@njit(inline="always")
def neval_only(neval, last, ws, same):
    return neval


# qags' cores (see :func:`cores`): the full form; the short form, its
# arrays on the caller's stack up to STACK_LIMIT, and inlined, so that they
# are the frame of the function calling quad; the short form that counts,
# for nquad's levels.  Inlined, as the short form: compiled as a function of
# its own and called from a level (itself called back from the outer level's
# QUADPACK), a cache=True caller of dblquad/nquad compiled and ran but
# segfaulted when loaded from the cache in a new process (not understood;
# tests/test_quad.py checks the cache).


@njit(cache=True)
def _no_infinite_points(kind):
    if kind != 0:
        raise ValueError("Infinity inputs cannot be used with break points.")


@njit(cache=True)
def _finite_only(a, b):
    if a == -np.inf or a == np.inf or b == -np.inf or b == np.inf:
        raise ValueError("Cannot integrate with this weight over an infinite interval.")


def _alg_wvar(wvar):
    """(alpha, beta) as floats."""


@overload(_alg_wvar)
def _alg_wvar_ovl(wvar):
    if isinstance(wvar, types.BaseTuple) or (isinstance(wvar, types.Array) and wvar.ndim == 1):
        return lambda wvar: (float(wvar[0]), float(wvar[1]))
    raise TypingError("quad: an 'alg' weight needs wvar = (alpha, beta), got %s" % wvar)


def _scalar_wvar(wvar):
    """wvar as a float (cos, sin: omega; cauchy: c)."""


@overload(_scalar_wvar)
def _scalar_wvar_ovl(wvar):
    if isinstance(wvar, (types.Integer, types.Float, types.Boolean)):
        return lambda wvar: float(wvar)
    raise TypingError("quad: this weight needs a number wvar, got %s" % wvar)


@njit(cache=True)
def _not_both_infinite(kind):
    if kind == 2:
        raise ValueError("Cannot integrate with this weight from -Inf to +Inf.")


def _load_wopts(wopts, chebmo):
    """(icall, momcom): (1, 0) without wopts, (2, wopts[0]) with (the moments
    wopts[1] copied into chebmo)."""


@overload(_load_wopts)
def _load_wopts_ovl(wopts, chebmo):
    if A.is_none(wopts):
        return lambda wopts, chebmo: (1, 0)
    if isinstance(wopts, types.BaseTuple) and len(wopts) == 2:
        def impl(wopts, chebmo):
            load_moments(A.as_float_vector(wopts[1]), chebmo)
            return 2, int(wopts[0])
        return impl
    raise TypingError("quad: wopts must be None or (momcom, chebmo), got %s" % wopts)


def _family_cores(pass_state):
    """The cores of qagp, qaws, qawc and qawo (qags: :func:`_qags_core`)
    calling QUADPACK through integrands of ``integrand_steps(...,
    pass_state)``.  Each core takes ``passed``, the state the integrand then
    receives (nquad's levels), ``()`` otherwise."""
    Q = integrand_intrinsics(pass_state)
    qagpe_, qawse_, qawce_, qawoe_, qawfe_ = (Q["qagpe"], Q["qawse"], Q["qawce"], Q["qawoe"],
                                              Q["qawfe"])

    @njit
    def _core_qagp(func, args, passed, a, b, epsabs, epsrel, limit, points, wvar, wopts,
                   integr, maxp1, limlst):
        data = integrand_data(args, (), passed)
        out = _outputs()
        same = a == b
        if not same:
            _no_infinite_points(infinity_kind(a, b)[0])
        the_points, npoints, pmin, pmax = prepare_points(A.as_float_vector(points), a, b)
        npts2 = the_points.size
        ws = points_workspace(limit, npts2)
        alist, blist, rlist, elist, iord, pts, level, ndin = ws
        if not same:
            _keep(out, qagpe_(func, data, a, b, npts2, the_points, epsabs, epsrel, limit,
                              alist, blist, rlist, elist, pts, iord, level, ndin))
        result, abserr, neval, ier, last = out[0], out[1], int(out[2]), int(out[3]), int(out[4])
        check_ier(ier, epsabs, epsrel, _W_NONE, a, b, npoints, pmin, pmax, limit, maxp1, 0.0, 0.0)
        return result, abserr, ier, points_info(neval, last, ws, same)

    @njit
    def _core_qaws(func, args, passed, a, b, epsabs, epsrel, limit, points, wvar, wopts,
                   integr, maxp1, limlst):
        data = integrand_data(args, (), passed)
        ws = basic_workspace(limit)
        alist, blist, rlist, elist, iord = ws
        alfa, beta = _alg_wvar(wvar)
        out = _outputs()
        if a != b:
            _finite_only(a, b)
            _keep(out, qawse_(func, data, a, b, alfa, beta, integr, epsabs, epsrel, limit,
                              alist, blist, rlist, elist, iord))
        result, abserr, neval, ier, last = out[0], out[1], int(out[2]), int(out[3]), int(out[4])
        check_ier(ier, epsabs, epsrel, _W_ALG, a, b, -1, a, b, limit, maxp1, min(alfa, beta), 0.0)
        return result, abserr, ier, basic_info(neval, last, ws, a == b)

    @njit
    def _core_qawc(func, args, passed, a, b, epsabs, epsrel, limit, points, wvar, wopts,
                   integr, maxp1, limlst):
        data = integrand_data(args, (), passed)
        ws = basic_workspace(limit)
        alist, blist, rlist, elist, iord = ws
        c = _scalar_wvar(wvar)
        out = _outputs()
        if a != b:
            _finite_only(a, b)
            _keep(out, qawce_(func, data, a, b, c, epsabs, epsrel, limit, alist, blist,
                              rlist, elist, iord))
        result, abserr, neval, ier, last = out[0], out[1], int(out[2]), int(out[3]), int(out[4])
        check_ier(ier, epsabs, epsrel, _W_CAUCHY, a, b, -1, a, b, limit, maxp1, 0.0, c)
        return result, abserr, ier, basic_info(neval, last, ws, a == b)

    @njit
    def _core_qawo(func, args, passed, a, b, epsabs, epsrel, limit, points, wvar, wopts,
                   integr, maxp1, limlst):
        data = integrand_data(args, (), passed)
        ws = fourier_workspace(limit, maxp1, limlst)
        alist, blist, rlist, elist, iord, nnlog, chebmo, rslst, erlst, ierlst = ws
        omega = _scalar_wvar(wvar)
        kind, bound = infinity_kind(a, b)
        out = _outputs()                # out[4]: qawoe's last, qawfe's lst
        momcom = 0                      # qawoe's (qawfe keeps its own)
        if a == b:
            pass
        elif kind == 0:
            icall, given = _load_wopts(wopts, chebmo)
            r = qawoe_(func, data, a, b, omega, integr, epsabs, epsrel, limit, icall, maxp1,
                       alist, blist, rlist, elist, iord, nnlog, given, chebmo)
            _keep(out, r)
            momcom = r[5]
        else:
            _not_both_infinite(kind)
            # (-inf, b]: scipy integrates f(-x) (sin: -f(-x)) over [-b, inf)
            xscale = 1.0 if kind == 1 else -1.0
            yscale = -1.0 if kind == -1 and integr == 2 else 1.0
            start = a if kind == 1 else -b
            reflected = integrand_data(args, (xscale, yscale), passed)
            _keep(out, qawfe_(func, reflected, start, omega, integr, epsabs, limlst, limit,
                              maxp1, rslst, erlst, ierlst, alist, blist, rlist, elist, iord,
                              nnlog, chebmo))
        result, abserr, neval, ier = out[0], out[1], int(out[2]), int(out[3])
        last, lst = int(out[4]) * (kind == 0), int(out[4]) * (kind != 0)
        check_ier(ier, epsabs, epsrel, _W_FOURIER, a, b, -1, a, b, limit, maxp1, 0.0, 0.0)
        return result, abserr, ier, fourier_info(neval, last, int(momcom), lst, ws, a == b,
                                                 kind == 0)
    return {"qagp": _core_qagp, "qaws": _core_qaws, "qawc": _core_qawc, "qawo": _core_qawo}


@functools.lru_cache(maxsize=None)
def cores(pass_state):
    """``{family: core}`` for integrands with or without ``pass_state``:
    each core ``core(func, args, passed, a, b, epsabs, epsrel, limit, points,
    wvar, wopts, integr, maxp1, limlst) -> (y, abserr, ier, info)``; and
    ``"qags_short"``, ``"qags_count"``, qags' short forms."""
    made = _family_cores(pass_state)
    made["qags"] = _qags_core(qags_arrays, basic_info, pass_state=pass_state)
    made["qags_short"] = _qags_core(short_qags_arrays, no_info, "always", pass_state)
    made["qags_count"] = _qags_core(short_qags_arrays, neval_only, "never", pass_state)
    return made


# ---------------------------------------------------------------- the shared chooser
def _literal_weight(weight):
    """The weight's constant value (None or a str); TypingError otherwise."""
    value = A.constant(weight, otherwise=weight)
    if value is None or isinstance(value, str):
        return value
    raise TypingError("quad: 'weight' must be a constant string (or None) inside @njit, got %s"
                      % weight)


def _failing_runner(exc, msg):
    """A runner raising ``exc(msg)``, typed as the runners: it returns
    (y, abserr, ier, info) after the raise (a call, not inlined, so the
    return stays reachable for numba), so a caller may unpack it."""
    fail = A.raiser(exc, msg, inline=False)

    @njit(inline="always")
    def run(func, a, b, args, passed, epsabs, epsrel, limit, points, wvar, wopts, maxp1,
            limlst):
        fail()
        return 0.0, 0.0, 0, 0
    return run


def _runner(weight, has_points, full=True, pass_state=False):
    """The inline function computing (y, abserr, ier, infodict) for this weight
    and break points given or not, or one raising scipy's error for an unknown weight.
    ``full=False`` may give a placeholder for the infodict (plain quad skips
    making it), ``full="neval"`` neval or the infodict (see :func:`neval_of`).
    With ``pass_state`` the integrand is ``func(x, passed, *args)``."""
    if weight not in _WEIGHTS:
        return _failing_runner(ValueError, "%s not a recognized weighting function." % weight)
    family, integr = _WEIGHTS[weight]
    if family == "qags" and has_points:
        family = "qagp"
    if family == "qags" and full is not True:
        family = "qags_count" if full == "neval" else "qags_short"
    core = cores(pass_state)[family]

    @njit(inline="always")
    def run(func, a, b, args, passed, epsabs, epsrel, limit, points, wvar, wopts, maxp1,
            limlst):
        a_, b_ = float(a), float(b)
        lo, hi = min(a_, b_), max(a_, b_)
        # (the cores are compiled functions: the integrand goes as a type only)
        y, abserr, ier, info = core(type_only(func), A.as_args(args), passed, lo, hi,
                                    float(epsabs), float(epsrel), int(limit), points, wvar,
                                    wopts, integr, int(maxp1), int(limlst))
        # -y for b < a, as a product: a conditional expression here would be
        # a variable assigned on two branches (numba issue #9489, see _qags_core)
        return y * (1.0 - 2.0 * (b_ < a_)), abserr, ier, info
    return run


def _check_types(func, args, complex_func):
    A.check_callable(_ROUTINE, "func", func)
    A.check_args(_ROUTINE, args)
    cplx = A.constant_flag("quad", "complex_func", complex_func)
    return cplx


def passes_state(passed):
    """Whether the integrand takes ``passed`` (a numba type): ``()`` means
    the user's integrand ``func(x, *args)``; any other value is the state a
    function of scijit's own (nquad's level) takes, ``func(x, passed, *args)``."""
    return not (isinstance(passed, types.BaseTuple) and len(passed) == 0)


def quad_core(func, a, b, args, passed, epsabs, epsrel, limit, points, weight, wvar, wopts,
              maxp1, limlst, full):
    """(y, abserr, ier, infodict): quad's shared core (njit only); ``full``
    (a constant) False may give a placeholder for the infodict.  ``args``
    is taken as it is (the callers have checked the user's); ``passed``:
    see :func:`passes_state`."""


@overload(quad_core, prefer_literal=True, inline="always")
def _quad_core_ovl(func, a, b, args, passed, epsabs, epsrel, limit, points, weight, wvar, wopts,
                   maxp1, limlst, full):
    A.check_callable(_ROUTINE, "func", func)
    run = _runner(_literal_weight(weight), not A.is_none(points), A.literal_bool(full),
                  passes_state(passed))

    def impl(func, a, b, args, passed, epsabs, epsrel, limit, points, weight, wvar, wopts,
             maxp1, limlst, full):
        return run(func, a, b, args, passed, epsabs, epsrel, limit, points, wvar, wopts, maxp1,
                   limlst)
    return impl


@functools.lru_cache(maxsize=None)
def counting_quad(weight, has_points, pass_state):
    """:func:`quad_core` for a caller that needs the number of evaluations
    only (nquad's levels), settled in Python: an inline function ``(func, a,
    b, args, passed, epsabs, epsrel, limit, points, wvar, wopts, maxp1,
    limlst) -> (y, abserr, ier, neval)`` for this weight (a constant), break
    points given or not, and an integrand taking ``passed`` or not (see
    :func:`passes_state`).  It makes no infodict where the family allows
    (qags: the short form's stack workspace).  A plain inline function, not
    an inline overload: each level's quad sits inside another level's."""
    run = _runner(weight, has_points, "neval", pass_state)

    @njit(inline="always")
    def count(func, a, b, args, passed, epsabs, epsrel, limit, points, wvar, wopts, maxp1,
              limlst):
        y, abserr, ier, info = run(func, a, b, args, passed, epsabs, epsrel, limit, points,
                                   wvar, wopts, maxp1, limlst)
        return y, abserr, ier, neval_of(info)
    return count


def neval_of(info):
    """neval from a runner's last output: an int or an infodict."""


@overload(neval_of)
def _neval_of_ovl(info):
    if isinstance(info, types.Integer):
        return lambda info: info
    return lambda info: info.neval


_parts = {}


def complex_parts(func):
    """@njit integrands of the real and imaginary parts of ``func`` (scipy's
    ``refunc``/``imfunc`` for complex_func=True), memoised per function."""
    try:
        return _parts[func]
    except KeyError:
        pass

    @njit
    def real_part(x, *args):
        return func(x, *args).real

    @njit
    def imag_part(x, *args):
        return func(x, *args).imag
    _parts[func] = (real_part, imag_part)
    return _parts[func]


def _complex_impl(func, full, run, fourier):
    """complex_func=True inside @njit: scipy integrates the real and the
    imaginary parts over the sorted limits (and, like scipy, does not flip
    the sign for b < a)."""
    re_f, im_f = complex_parts(func.dispatcher)

    def parts(a, b, args, epsabs, epsrel, limit, points, wvar, wopts, maxp1, limlst):
        a_, b_ = float(a), float(b)
        lo, hi = min(a_, b_), max(a_, b_)
        yr, er, ierr, infor = run(re_f, lo, hi, args, (), epsabs, epsrel, limit, points, wvar,
                                  wopts, maxp1, limlst)
        yi, ei, ieri, infoi = run(im_f, lo, hi, args, (), epsabs, epsrel, limit, points, wvar,
                                  wopts, maxp1, limlst)
        return yr, er, ierr, infor, yi, ei, ieri, infoi, abs(lo) == np.inf or abs(hi) == np.inf

    parts = njit(inline="always")(parts)
    if full:
        def impl(func, a, b, args=(), full_output=0, epsabs=1.49e-08, epsrel=1.49e-08,
                 limit=50, points=None, weight=None, wvar=None, wopts=None, maxp1=50,
                 limlst=50, complex_func=False):
            yr, er, ierr, infor, yi, ei, ieri, infoi, inf = parts(
                a, b, args, epsabs, epsrel, limit, points, wvar, wopts, maxp1, limlst)
            infinite = fourier and inf
            return (complex(yr, yi), complex(er, ei),
                    (infor, njit_message(ierr, int(limit), infinite)),
                    (infoi, njit_message(ieri, int(limit), infinite)))
    else:
        def impl(func, a, b, args=(), full_output=0, epsabs=1.49e-08, epsrel=1.49e-08,
                 limit=50, points=None, weight=None, wvar=None, wopts=None, maxp1=50,
                 limlst=50, complex_func=False):
            yr, er, ierr, infor, yi, ei, ieri, infoi, inf = parts(
                a, b, args, epsabs, epsrel, limit, points, wvar, wopts, maxp1, limlst)
            return complex(yr, yi), complex(er, ei)
    return impl


def _quad_overload(func, a, b, args=(), full_output=0, epsabs=1.49e-08, epsrel=1.49e-08,
                   limit=50, points=None, weight=None, wvar=None, wopts=None, maxp1=50,
                   limlst=50, complex_func=False):
    """The @overload chooser of ``quad`` inside @njit."""
    cplx = _check_types(func, args, complex_func)
    A.check_integer(_ROUTINE, "limit", limit)
    full = A.constant_flag("quad", "full_output", full_output)
    wname = _literal_weight(weight)
    run = _runner(wname, not A.is_none(points), full)
    fourier = wname in ("cos", "sin")
    if cplx:
        return _complex_impl(func, full, run, fourier)

    if full:
        def impl(func, a, b, args=(), full_output=0, epsabs=1.49e-08, epsrel=1.49e-08,
                 limit=50, points=None, weight=None, wvar=None, wopts=None, maxp1=50,
                 limlst=50, complex_func=False):
            y, abserr, ier, info = run(func, a, b, args, (), epsabs, epsrel, limit, points,
                                       wvar, wopts, maxp1, limlst)
            infinite = fourier and (abs(float(a)) == np.inf or abs(float(b)) == np.inf)
            return y, abserr, info, njit_message(ier, int(limit), infinite)
    else:
        def impl(func, a, b, args=(), full_output=0, epsabs=1.49e-08, epsrel=1.49e-08,
                 limit=50, points=None, weight=None, wvar=None, wopts=None, maxp1=50,
                 limlst=50, complex_func=False):
            y, abserr, ier, info = run(func, a, b, args, (), epsabs, epsrel, limit, points,
                                       wvar, wopts, maxp1, limlst)
            return y, abserr
    return impl


# ---------------------------------------------------------------- public API
def quad(func, a, b, args=(), full_output=0, epsabs=1.49e-08, epsrel=1.49e-08, limit=50,
         points=None, weight=None, wvar=None, wopts=None, maxp1=50, limlst=50,
         complex_func=False):
    """Compute a definite integral (scipy.integrate.quad, compiled).

    Parameters and returns as :func:`scipy.integrate.quad`; ``func`` is an
    @njit function ``f(x, *args)`` returning a real number (a plain Python
    function is jitted once).  The same QUADPACK routine runs as in scipy, so
    ``neval``, ``last`` and ``ier`` are scipy's.

    Inside @njit, ``full_output`` and ``complex_func`` must be constants and
    ``weight`` a constant string or None; with ``full_output`` the result is
    always ``(y, abserr, infodict, message)`` (``message == ""`` on success),
    and an unsuccessful integration does not warn (check ``message``).

    ``complex_func=True`` (an integrand returning complex numbers) integrates
    the real and imaginary parts separately, as scipy does, and returns
    complex ``y`` and ``abserr``; with ``full_output`` scipy's third item is
    ``{'real': ..., 'imag': ...}`` (each the part's remaining outputs), and
    inside @njit ``(y, abserr, (infodict, message) of the real part,
    (infodict, message) of the imaginary part)``.

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> from scijit.integrate import quad
    >>> @njit
    ... def gauss(x, a):
    ...     return np.exp(-a * x * x)
    >>> y, abserr = quad(gauss, 0.0, np.inf, args=(1.0,))
    >>> bool(abs(y - np.sqrt(np.pi) / 2) < 1e-12)
    True
    >>> @njit
    ... def integrated(a):          # the same call inside numba
    ...     return quad(gauss, 0.0, np.inf, args=(a,))[0]
    >>> integrated(1.0) == y
    True
    """
    if not isinstance(args, tuple):
        args = (args,)
    if a != b:
        func = A.python_callable(_ROUTINE, "func", func)
        args = A.python_args(_ROUTINE, args)
    return quad_checked(func, a, b, args, full_output, epsabs, epsrel, limit, points, weight,
                        wvar, wopts, maxp1, limlst, complex_func)


def quad_checked(func, a, b, args, full_output=0, epsabs=1.49e-08, epsrel=1.49e-08, limit=50,
                 points=None, weight=None, wvar=None, wopts=None, maxp1=50, limlst=50,
                 complex_func=False, passed=()):
    """:func:`quad` from Python for an @njit ``func`` and a tuple ``args``
    taken as they are; ``passed``, if not ``()``, is the state ``func`` (a
    function of scijit's own: nquad's outermost level) takes, ``func(x,
    passed, *args)``."""
    if a == b:                                     # scipy's early answer
        if not full_output:
            return (0.0, 0.0)
        info = {"neval": 0, "last": 0,
                "alist": np.full(limit, np.nan), "blist": np.full(limit, np.nan),
                "rlist": np.zeros(limit), "elist": np.zeros(limit),
                "iord": np.zeros(limit, dtype=np.int32)}
        if complex_func:
            return (0j, 0j, {"real": info, "imag": info})
        return (0.0, 0.0, info)
    if complex_func:                # scipy: the parts over the sorted limits, no sign flip
        re_f, im_f = complex_parts(func)
        lo, hi = min(a, b), max(a, b)
        re = quad_checked(re_f, lo, hi, args, full_output, epsabs, epsrel, limit, points,
                          weight, wvar, wopts, maxp1, limlst)
        im = quad_checked(im_f, lo, hi, args, full_output, epsabs, epsrel, limit, points,
                          weight, wvar, wopts, maxp1, limlst)
        out = (re[0] + 1j * im[0], re[1] + 1j * im[1])
        return out + ({"real": re[2:], "imag": im[2:]},) if full_output else out
    points, wvar, wopts = python_weight_options(_ROUTINE, weight, points, wvar, wopts)
    a, b, limit = float(a), float(b), A.python_int(_ROUTINE, "limit", limit)
    if weight in ("cos", "sin"):        # scipy reads maxp1 and limlst for these weights only
        maxp1 = A.python_int(_ROUTINE, "maxp1", maxp1)
        limlst = A.python_int(_ROUTINE, "limlst", limlst)
    out = _python_entry(func, weight, bool(full_output))(
        a, b, args, passed, float(epsabs), float(epsrel), limit, points, wvar, wopts, int(maxp1),
        int(limlst))
    y, abserr, ier = out[:3]
    lo, hi = min(a, b), max(a, b)
    fourier_infinite = weight in ("cos", "sin") and (hi == np.inf or lo == -np.inf)
    if full_output:
        info = _scipy_infodict(out[3], weight, points, lo, hi)
    if ier == 0:
        return (y, abserr, info) if full_output else (y, abserr)
    msg = quad_message(ier, limit, fourier_infinite)
    if full_output:
        if fourier_infinite:
            return y, abserr, info, msg, dict(EXPLAIN)
        return y, abserr, info, msg
    warnings.warn(msg, integration_warning(), stacklevel=3)
    return y, abserr


def python_weight_options(routine, weight, points, wvar, wopts, warn=True):
    """``(points, wvar, wopts)`` from Python values as the compiled entries
    take them, with scipy's errors for ``weight``/``wvar``.  Break points
    given with a weight are dropped with scipy's IntegrationWarning (unless
    ``warn`` is False); it points at the user's call of quad or nquad, the
    caller's caller."""
    if weight is not None:
        if weight not in _WEIGHTS:
            raise ValueError(f"{weight} not a recognized weighting function.")
        if points is not None:
            if warn:
                warnings.warn("Break points cannot be specified when using weighted "
                              "integrand.\nContinuing, ignoring specified points.",
                              integration_warning(), stacklevel=4)
            points = None
        if wvar is None:
            raise TypeError("quad: weight %r needs 'wvar'" % weight)
        wvar = (float(wvar[0]), float(wvar[1])) if weight.startswith("alg") else float(wvar)
    else:
        wvar = None
    if points is not None:
        points = A.python_float_vector(routine, "points", points).reshape(-1)
    if wopts is not None and weight in ("cos", "sin"):
        wopts = (int(wopts[0]), np.ascontiguousarray(wopts[1], dtype=np.float64))
    else:
        wopts = None
    return points, wvar, wopts


def _scipy_infodict(info, weight, points, lo, hi):
    """scipy's infodict (a dict, its fields for the routine that ran)."""
    infinite = hi == np.inf or lo == -np.inf
    if weight in ("cos", "sin"):
        fields = QAWF_FIELDS if infinite else QAWO_FIELDS
    elif weight is None and points is not None:
        fields = POINTS_FIELDS
    else:
        fields = BASIC_FIELDS
    return {name: info[name] for name in fields}


_entries = {}


def _python_entry(func, weight, full):
    """The @njit trampoline for this integrand, weight and output length.

    ``func`` is a constant of the trampoline, not an argument: typing a
    dispatcher argument costs microseconds on every call from Python.  The
    short form does not make (so does not box) the infodict.
    """
    key = (func, weight, full)
    try:
        return _entries[key]
    except KeyError:
        pass
    if full:
        @njit
        def entry(a, b, args, passed, epsabs, epsrel, limit, points, wvar, wopts, maxp1,
                  limlst):
            return quad_core(func, a, b, args, passed, epsabs, epsrel, limit, points, weight,
                             wvar, wopts, maxp1, limlst, True)
    else:
        @njit
        def entry(a, b, args, passed, epsabs, epsrel, limit, points, wvar, wopts, maxp1,
                  limlst):
            y, abserr, ier, _ = quad_core(func, a, b, args, passed, epsabs, epsrel, limit,
                                          points, weight, wvar, wopts, maxp1, limlst, False)
            return y, abserr, ier
    _entries[key] = entry
    return entry


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "quad": Chooser(_quad_overload, inline="always"),
}
register_choosers(CHOOSERS, globals())
