"""MINPACK entry points and the glue between them and user callbacks.

``hybrd``/``hybrj`` (Powell's hybrid method) and ``lmdif``/``lmder``
(Levenberg-Marquardt) are numba intrinsics calling our Fortran
``scijit_minpack_<name>`` by symbol name (see :mod:`.native`); their
callbacks go through the glue functions below.  ``lm_covariance`` computes
scipy.optimize.leastsq's ``cov_x`` from lmdif/lmder's ``fjac`` and ``ipvt``.

Payload handed to the glue: ``(args, shape, col_deriv)`` -- the user's extra
arguments, the shape ``x`` is given to the user's function in (``(n,)``, or
``x0``'s shape with ``keep_shape``) and whether the Jacobian callback returns
derivatives down the columns (scipy's ``col_deriv``).
"""
from numba import njit

from .callback import CallbackABI, IFlag, Int, Matrix, UserData, Vector
from .native import F64, I32, I32s, Callback, F64s, Len, NativeFunction, OutI32, native_intrinsic
from .transforms import store_matrix, store_vector, with_shape
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


@njit
def residual_glue(f, x, fvec, iflag, payload):
    """fvec <- f(x, *args), x in the user's shape, whatever iflag says
    (hybrd's and lmdif's callbacks: every call means "fill fvec")."""
    args, shape, _ = payload
    store_vector(f(with_shape(x, shape), *args), fvec)


@njit
def residual_or_jacobian_glue(f, jac, x, fvec, fjac, iflag, payload):
    """iflag 1: fvec <- f(x, *args); iflag 2: fjac <- jac(x, *args) (hybrj, lmder)."""
    args, shape, col_deriv = payload
    xs = with_shape(x, shape)
    if iflag == 1:
        store_vector(f(xs, *args), fvec)
    else:
        store_matrix(jac(xs, *args), fjac, col_deriv)


@njit
def inplace_residual_glue(f, x, fvec, iflag, payload):
    """The in-place form: f(x, fvec, *args) writes the residual itself, so no
    array is allocated per evaluation (what f returns is ignored)."""
    args, shape, _ = payload
    f(with_shape(x, shape), fvec, *args)


@njit
def inplace_residual_or_jacobian_glue(f, jac, x, fvec, fjac, iflag, payload):
    """In-place form of residual_or_jacobian_glue: jac(x, out, *args) writes
    out[i, j] = d f_i / d x_j (out[j, i] with col_deriv)."""
    args, shape, col_deriv = payload
    xs = with_shape(x, shape)
    if iflag == 1:
        f(xs, fvec, *args)
    elif col_deriv:
        jac(xs, fjac.T, *args)
    else:
        jac(xs, fjac, *args)


#: hybrd(f, payload, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, factor,
#:       fjac, ldfjac, r, qtf) -> (info, nfev, ncalls)
hybrd = native_intrinsic(HYBRD, residual_glue, nfuncs=1)

#: hybrj(f, jac, payload, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, factor,
#:       r, qtf) -> (info, nfev, njev, ncalls)
hybrj = native_intrinsic(HYBRJ, residual_or_jacobian_glue, nfuncs=2)

#: lmdif(f, payload, m, n, x, fvec, ftol, xtol, gtol, maxfev, epsfcn, diag, mode, factor,
#:       fjac, ldfjac, ipvt, qtf) -> (info, nfev, ncalls)
lmdif = native_intrinsic(LMDIF, residual_glue, nfuncs=1)

#: lmder(f, jac, payload, m, n, x, fvec, fjac, ldfjac, ftol, xtol, gtol, maxfev, diag, mode,
#:       factor, ipvt, qtf) -> (info, nfev, njev, ncalls)
lmder = native_intrinsic(LMDER, residual_or_jacobian_glue, nfuncs=2)

#: The same intrinsics for in-place callbacks ``f(x, out, *args)``.
hybrd_inplace = native_intrinsic(HYBRD, inplace_residual_glue, nfuncs=1)
hybrj_inplace = native_intrinsic(HYBRJ, inplace_residual_or_jacobian_glue, nfuncs=2)
lmdif_inplace = native_intrinsic(LMDIF, inplace_residual_glue, nfuncs=1)
lmder_inplace = native_intrinsic(LMDER, inplace_residual_or_jacobian_glue, nfuncs=2)

#: lm_covariance(n, fjac, ldfjac, ipvt, cov) -> (status,): 0 ok, k > 0 if R(k,k) == 0
lm_covariance = native_intrinsic(LM_COVARIANCE)
