"""TNC's entry point: the truncated-Newton solver with bounds, called by
symbol name from @njit.

``scijit_tnc_minimize`` (vendor/tnc) has the contract of scipy 1.17's C
``tnc()`` as ``scipy.optimize._moduleTNC.tnc_minimize`` calls it (without
``messages`` and the per-iteration callback): the same inputs, the same
defaults for out-of-range numbers (computed in the Fortran, as tnc.c does),
the same outputs and return codes (:data:`RC`), and every point the
objective is evaluated at is scipy's, bit for bit
(``tests/test_tnc_kernel.py``).  ``scale``/``offset`` are absent when
``nscale``/``noffset`` is 0 (scipy's empty arrays), else they hold ``n``
numbers; other lengths give rc -2 (scipy's wrapper raises "tnc: vector
sizes must be equal" first).

The objective is one callback returning f and its gradient,
``double fg(int32 n, double *x, double *g, int32 *iflag, void *udata)``
(:data:`TNC_CALLBACK`); an exception in it stops the solver at once with
rc 7 (USERABORT).  The user's function gets the solver's work array as
``x``: it must not write to it (scipy's wrapper hands out a copy).

``nfeval`` counts every call of ``fg`` (the kernel's ``nfeval``, also the
call count returned last); ``niter`` is scipy's ``nit``.  scipy's
``OptimizeResult.nfev`` is its ``ScalarFunction``'s count instead: the
user's function is evaluated at x0 as given (not clamped) before the
kernel, then at each of the kernel's points that differs from the last
point evaluated (a one-point memo: the kernel's first call at x0 inside the
bounds costs nothing), then at the final x unless it is that last point
(``_minimize_tnc`` re-evaluates f and g there for ``fun`` and ``jac``);
``tests/test_tnc_kernel.py: scipy_nfev`` states it and checks it against
``minimize``.  Finite-difference gradients add their own evaluations.

With ``held=True`` a callback exception leaves every output zero (rc too):
test ``held(slot)``, not rc, then ``raise_held``; x holds the last iterate.
"""
from .callback import CallbackABI, IFlag, Int, UserData, Vector, callback_intrinsic
from .native import F64, I32, F64s, I32s, Callback, Len, NativeFunction, OutF64, OutI32
from .transforms import InPlace, Reshape, Returned

#: scipy's tnc_rc codes (ENOMEM, -3, cannot happen: nothing is allocated).
RC = {-2: "EINVAL", -1: "INFEASIBLE", 0: "LOCALMINIMUM", 1: "FCONVERGED", 2: "XCONVERGED",
      3: "MAXFUN", 4: "LSFAIL", 5: "CONSTANT", 6: "NOPROGRESS", 7: "USERABORT"}

#: f(x) returned, g(1:n) filled; set *iflag < 0 to stop.
TNC_CALLBACK = CallbackABI("tnc", (
    Int("n"), Vector("x", "n"), Vector("g", "n"), IFlag(), UserData()), returns_double=True)

#: The length of ``wa`` for n variables: the bounds' copies, scales and
#: offsets (4n), the outer iteration (9n), the inner one or the line
#: search (8n).
WA_SIZE = "21*n"

TNC_MINIMIZE = NativeFunction("scijit_tnc_minimize", "tnc", (
    Callback("fg", TNC_CALLBACK), I32("n"), F64s("x", "n"), Len("lx", "x"),
    F64s("low", "n", const=True), Len("llow", "low"), F64s("up", "n", const=True),
    Len("lup", "up"), I32("nscale"), F64s("scale", "nscale", const=True), Len("lscale", "scale"),
    I32("noffset"), F64s("offset", "noffset", const=True), Len("loffset", "offset"),
    I32("maxcgit"), I32("maxnfeval"), F64("eta"), F64("stepmx"), F64("accuracy"), F64("fmin"),
    F64("ftol"), F64("xtol"), F64("pgtol"), F64("rescale"),
    OutF64("f"), F64s("g", "n"), Len("lg", "g"),
    F64s("wa", WA_SIZE, work=True), Len("lwa", "wa"), I32s("iwa", "n", work=True),
    Len("liwa", "iwa"), OutI32("nfeval"), OutI32("niter"), OutI32("rc", status=True),
    UserData()))


def fun_and_grad_steps(inplace=False, jacobian=None):
    """The steps of TNC's callback: the user's function sees ``x`` in the
    callback data's shape and returns ``(f, g)`` (or, ``inplace``, writes
    ``g`` given as its second argument and returns ``f``).  ``jacobian``:
    None, ``UserJacobian()`` (two functions: ``fun`` returns f, ``jac``
    returns g or, ``inplace``, writes it; the intrinsic then takes ``(fun,
    jac, data, ...)``) or ``JacobianBy(fn)`` (``fun`` returns f and
    ``fn(fun, x, f, args, data.state, g)`` fills g: finite differences)."""
    steps = (Reshape(), InPlace() if inplace else Returned())
    return steps + ((jacobian,) if jacobian is not None else ())


#: The intrinsic with the default steps; ``data`` is CallbackData(args,
#: shape, col_deriv, state, passed) (``callback_intrinsic(TNC_MINIMIZE,
#: steps, held=True)`` for the held form, ``(slot, fg, data, ...)``):
#: minimize(fg, data, n, x, low, up, nscale, scale, noffset, offset, maxcgit,
#:          maxnfeval, eta, stepmx, accuracy, fmin, ftol, xtol, pgtol,
#:          rescale, g) -> (f, nfeval, niter, rc, ncalls)
minimize = callback_intrinsic(TNC_MINIMIZE, fun_and_grad_steps())
