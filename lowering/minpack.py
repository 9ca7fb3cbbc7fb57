"""MINPACK entry points and the steps of their callbacks.

``hybrd``/``hybrj`` (Powell's hybrid method) and ``lmdif``/``lmder``
(Levenberg-Marquardt) are declared in the native table (:mod:`.native`);
a caller gets the intrinsic calling one through the callback its steps
make, ``callback_intrinsic(HYBRD, residual_steps(inplace))`` (see
:mod:`.callback`).  ``lm_covariance`` computes scipy.optimize.leastsq's
``cov_x`` from lmdif/lmder's ``fjac`` and ``ipvt``.

The callback data (:class:`lowering.transforms.CallbackData`) is
``(args, shape, col_deriv, state, passed)``: the user's extra arguments, the
shape ``x`` is given to the user's function in (``(n,)``, or ``x0``'s shape
with ``keep_shape``), whether the Jacobian callback returns derivatives down
the columns (scipy's ``col_deriv``), the solver's state (``()``,
least_squares' finite-difference steps or curve_fit's data) and ``()``.
"""
from .callback import CallbackABI, IFlag, Int, Matrix, UserData, Vector, callback_intrinsic
from .native import F64, I32, I32s, Callback, F64s, Len, NativeFunction, OutI32, native_intrinsic
from .transforms import InPlace, Reshape, Returned, UserJacobian
from .workspace import workspace

HYBRD_CALLBACK = CallbackABI("hybrd", (
    Int("n"), Vector("x", "n"), Vector("fvec", "n"), IFlag(), UserData()))

HYBRJ_CALLBACK = CallbackABI("hybrj", (
    Int("n"), Vector("x", "n"), Vector("fvec", "n"), Matrix("fjac", "n", "n", "ldfjac"),
    Int("ldfjac"), IFlag(), UserData()))

#: lmdif calls back with iflag 1 (trial point) or 2 (difference Jacobian):
#: both mean "fill fvec(1:m)".
LMDIF_CALLBACK = CallbackABI("lmdif", (
    Int("m"), Int("n"), Vector("x", "n"), Vector("fvec", "m"), IFlag(), UserData()))

#: lmder calls back with iflag 1: fill fvec(1:m); 2: fill fjac(1:m, 1:n).
LMDER_CALLBACK = CallbackABI("lmder", (
    Int("m"), Int("n"), Vector("x", "n"), Vector("fvec", "m"),
    Matrix("fjac", "m", "n", "ldfjac"), Int("ldfjac"), IFlag(), UserData()))

HYBRD = NativeFunction("scijit_minpack_hybrd", "minpack", (
    Callback("fcn", HYBRD_CALLBACK), I32("n"), F64s("x", "n"), F64s("fvec", "n"), F64("xtol"),
    I32("maxfev"), I32("ml"), I32("mu"), F64("epsfcn"), F64s("diag", "n"), I32("mode"),
    F64("factor"), F64s("fjac", "ldfjac*n"), I32("ldfjac", min="n"),
    F64s("r", "n*(n + 1)//2"), Len("lr", "r"), F64s("qtf", "n"),
    F64s("wa", "4*n", work=True), Len("lwa", "wa"),
    OutI32("info", status=True), OutI32("nfev"), UserData()))

HYBRJ = NativeFunction("scijit_minpack_hybrj", "minpack", (
    Callback("fcn", HYBRJ_CALLBACK), I32("n"), F64s("x", "n"), F64s("fvec", "n"),
    F64s("fjac", "ldfjac*n"), I32("ldfjac", min="n"), F64("xtol"), I32("maxfev"),
    F64s("diag", "n"), I32("mode"), F64("factor"), F64s("r", "n*(n + 1)//2"), Len("lr", "r"),
    F64s("qtf", "n"), F64s("wa", "4*n", work=True), Len("lwa", "wa"),
    OutI32("info", status=True), OutI32("nfev"), OutI32("njev"), UserData()))

LMDIF = NativeFunction("scijit_minpack_lmdif", "minpack", (
    Callback("fcn", LMDIF_CALLBACK), I32("m"), I32("n"), F64s("x", "n"), F64s("fvec", "m"),
    F64("ftol"), F64("xtol"), F64("gtol"), I32("maxfev"), F64("epsfcn"), F64s("diag", "n"),
    I32("mode"), F64("factor"), F64s("fjac", "ldfjac*n"), I32("ldfjac", min="m"),
    I32s("ipvt", "n"), F64s("qtf", "n"), F64s("wa", "3*n + m", work=True), Len("lwa", "wa"),
    OutI32("info", status=True), OutI32("nfev"), UserData()))

LMDER = NativeFunction("scijit_minpack_lmder", "minpack", (
    Callback("fcn", LMDER_CALLBACK), I32("m"), I32("n"), F64s("x", "n"), F64s("fvec", "m"),
    F64s("fjac", "ldfjac*n"), I32("ldfjac", min="m"), F64("ftol"), F64("xtol"), F64("gtol"),
    I32("maxfev"), F64s("diag", "n"), I32("mode"), F64("factor"), I32s("ipvt", "n"),
    F64s("qtf", "n"), F64s("wa", "3*n + m", work=True), Len("lwa", "wa"),
    OutI32("info", status=True), OutI32("nfev"), OutI32("njev"), UserData()))

LM_COVARIANCE = NativeFunction("scijit_minpack_lm_covariance", "minpack", (
    I32("n"), F64s("fjac", "ldfjac*n", const=True), I32("ldfjac", min="n"),
    I32s("ipvt", "n", const=True), F64s("cov", "n*n"), F64s("wa", "n*n", work=True),
    Len("lwa", "wa"), OutI32("status", status=True)))

#: The arrays leastsq, curve_fit and root('lm') keep: one block.
lm_outputs = workspace(LMDIF, ("fvec", "fjac", "ipvt", "qtf", "diag"))
#: The arrays fsolve and root('hybr') keep: one block.
hybrid_outputs = workspace(HYBRD, ("fvec", "fjac", "r", "qtf", "diag"))


#: The steps of every MINPACK callback: the user's function sees ``x`` in the
#: callback data's shape, returns its value (or, with InPlace, writes it);
#: hybrj and lmder add UserJacobian (or least_squares' JacobianBy).
RESIDUAL = (Reshape(), Returned())
RESIDUAL_AND_JACOBIAN = (Reshape(), Returned(), UserJacobian())


def residual_steps(inplace, jacobian=None):
    """The steps of a MINPACK callback: ``inplace`` writes ``out`` rather
    than returning; ``jacobian`` is None, a UserJacobian or a JacobianBy step."""
    steps = (Reshape(), InPlace() if inplace else Returned())
    return steps + ((jacobian,) if jacobian is not None else ())


#: The intrinsics with the default steps (callers name theirs with
#: ``callback_intrinsic(HYBRD, steps)``); ``data`` is CallbackData(args,
#: shape, col_deriv, state, passed):
#: hybrd(f, data, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, factor,
#:       fjac, ldfjac, r, qtf) -> (info, nfev, ncalls)
hybrd = callback_intrinsic(HYBRD, RESIDUAL)
#: hybrj(f, jac, data, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, factor,
#:       r, qtf) -> (info, nfev, njev, ncalls)
hybrj = callback_intrinsic(HYBRJ, RESIDUAL_AND_JACOBIAN)
#: lmdif(f, data, m, n, x, fvec, ftol, xtol, gtol, maxfev, epsfcn, diag, mode, factor,
#:       fjac, ldfjac, ipvt, qtf) -> (info, nfev, ncalls)
lmdif = callback_intrinsic(LMDIF, RESIDUAL)
#: lmder(f, jac, data, m, n, x, fvec, fjac, ldfjac, ftol, xtol, gtol, maxfev, diag, mode,
#:       factor, ipvt, qtf) -> (info, nfev, njev, ncalls)
lmder = callback_intrinsic(LMDER, RESIDUAL_AND_JACOBIAN)

#: lm_covariance(n, fjac, ldfjac, ipvt, cov) -> (status,): 0 ok, k > 0 if R(k,k) == 0
lm_covariance = native_intrinsic(LM_COVARIANCE)
