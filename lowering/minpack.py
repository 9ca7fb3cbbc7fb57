"""MINPACK entry points and the glue between them and user callbacks.

``hybrd``/``hybrj`` are numba intrinsics calling our Fortran
``scijit_minpack_hybrd``/``scijit_minpack_hybrj`` by symbol name (see
:mod:`.native`); their callbacks go through the glue functions below.

Payload handed to the glue: ``(args, shape, col_deriv)`` -- the user's extra
arguments, the shape ``x`` is given to the user's function in (``(n,)``, or
``x0``'s shape with ``keep_shape``) and whether the Jacobian callback returns
derivatives down the columns (scipy's ``col_deriv``).
"""
from numba import njit

from .callback import CallbackABI, Int, IFlag, Matrix, UserData, Vector
from .native import NativeFunction, native_intrinsic
from .transforms import store_matrix, store_vector, with_shape

HYBRD_CALLBACK = CallbackABI("hybrd", (
    Int("n"), Vector("x", "n"), Vector("fvec", "n"), IFlag(), UserData()))

HYBRJ_CALLBACK = CallbackABI("hybrj", (
    Int("n"), Vector("x", "n"), Vector("fvec", "n"), Matrix("fjac", "n", "n", "ldfjac"),
    Int("ldfjac"), IFlag(), UserData()))

HYBRD = NativeFunction(
    "scijit_minpack_hybrd", "minpack",
    ("callback", "i32", "f64*", "f64*", "f64", "i32", "i32", "i32", "f64", "f64*", "i32", "f64",
     "f64*", "i32", "f64*", "i32", "f64*", "f64*", "out_i32", "out_i32", "udata"),
    callback=HYBRD_CALLBACK)

HYBRJ = NativeFunction(
    "scijit_minpack_hybrj", "minpack",
    ("callback", "i32", "f64*", "f64*", "f64*", "i32", "f64", "i32", "f64*", "i32", "f64",
     "f64*", "i32", "f64*", "f64*", "out_i32", "out_i32", "out_i32", "udata"),
    callback=HYBRJ_CALLBACK)


@njit
def residual_glue(f, x, fvec, iflag, payload):
    """fvec <- f(x, *args), x in the user's shape."""
    args, shape, _ = payload
    store_vector(f(with_shape(x, shape), *args), fvec)


@njit
def residual_or_jacobian_glue(f, jac, x, fvec, fjac, iflag, payload):
    """iflag 1: fvec <- f(x, *args); iflag 2: fjac <- jac(x, *args)."""
    args, shape, col_deriv = payload
    xs = with_shape(x, shape)
    if iflag == 1:
        store_vector(f(xs, *args), fvec)
    else:
        store_matrix(jac(xs, *args), fjac, col_deriv)


#: hybrd(f, payload, n, x, fvec, xtol, maxfev, ml, mu, epsfcn, diag, mode, factor,
#:       fjac, ldfjac, r, lr, qtf, wa) -> (info, nfev, ncalls)
hybrd = native_intrinsic(HYBRD, residual_glue, nfuncs=1)

#: hybrj(f, jac, payload, n, x, fvec, fjac, ldfjac, xtol, maxfev, diag, mode, factor,
#:       r, lr, qtf, wa) -> (info, nfev, njev, ncalls)
hybrj = native_intrinsic(HYBRJ, residual_or_jacobian_glue, nfuncs=2)
