"""``minimize``'s TNC: scipy 1.17's ``_minimize_tnc`` around our TNC kernel.

scipy hands its C ``tnc`` one Python callback, ``ScalarFunction.fun_and_grad``:
every point the kernel asks for goes through the memoised objective (the
value, then the gradient, each re-evaluated only when the point changed;
finite differences within the bounds), and ``nfev`` is that object's count.
Here the kernel is our Fortran (``vendor/tnc``, :mod:`lowering.tnc`: every
point it asks for is scipy's, bit for bit) and its callback is
:func:`tnc_objective`, which asks scijit's ScalarFunction
(:mod:`._scalar_function`) the same two questions, so the user's function is
called where scipy calls it and the counts are scipy's.

An exception of the user's code is held in ``slot`` by the ScalarFunction's
calls; the callback then stops the kernel by raising (the adapter turns
that into the kernel's user-abort), and the held call of the kernel keeps
the user's exception, the first one (:func:`lowering.held.store_held_call`).

Returns ``(x, fun, jac, nfev, nit, status)``, scipy's fields; ``status`` is
the kernel's return code (:data:`RC_MESSAGES` its message).
"""
import numpy as np
from numba import njit

from lowering.callback import callback_intrinsic
from lowering.held import held
from lowering.tnc import TNC_MINIMIZE, fun_and_grad_steps

from ._scalar_function import (bounded_state, counts, sf_fun, sf_fun_and_grad_into, sf_grad,
                               value_at_fixed_point)

__all__ = ["tnc", "RC_MESSAGES", "TNC_ALL_FIXED"]

#: scipy's RCSTRINGS (_tnc.py)
RC_MESSAGES = {
    -1: "Infeasible (lower bound > upper bound)",
    0: "Local minimum reached (|pg| ~= 0)",
    1: "Converged (|f_n-f_(n-1)| ~= 0)",
    2: "Converged (|x_n-x_(n-1)| ~= 0)",
    3: "Max. number of function evaluations reached",
    4: "Linear search failed",
    5: "All lower bounds are equal to the upper bounds",
    6: "Unable to progress",
    7: "User requested end of minimization",
}
#: the status standing for scipy's short result when the bounds fix every variable
TNC_ALL_FIXED = -100

#: the kernel with the user's exception held: (slot, fg, data, n, x, low, up,
#: nscale, scale, noffset, offset, maxcgit, maxnfeval, eta, stepmx, accuracy,
#: fmin, ftol, xtol, pgtol, rescale, g) -> (f, nfeval, niter, rc, ncalls)
_held_kernel = callback_intrinsic(TNC_MINIMIZE, fun_and_grad_steps(inplace=True), held=True)


class _Stopped(Exception):
    """Raised by the callback to stop the kernel once the user's exception
    is held (dropped there: the user's is the one raised)."""


@njit
def tnc_objective(x, g, slot, glue, args, state):
    """The kernel's objective: f returned, the gradient written into ``g``
    (through a function of its own, so this frame holds no array when it
    raises)."""
    f = sf_fun_and_grad_into(slot, glue, args, state, x, g)
    if held(slot):
        raise _Stopped()
    return f


@njit(cache=True, error_model="numpy")
def tnc(slot, glue, args, x0, kind, steps, has_rel_step, lb, ub, full, scale, offset, maxcgit,
        maxfun, eta, stepmx, accuracy, fmin, ftol, xtol, pgtol, rescale):
    """scipy's ``_minimize_tnc`` from ``x0`` (not clipped: the kernel moves
    it into the bounds ``lb``, ``ub``, infinities where there are none);
    ``full`` as :func:`~._scalar_function.bounded_state` takes it; ``maxfun``
    negative for scipy's default ``max(100, 10 n)``."""
    n = x0.size
    x = x0.copy()
    state = bounded_state(x, kind, steps, has_rel_step, lb, ub, full)
    if n == 0 and full.size > 0:
        # every variable fixed by the bounds: scipy evaluates fun there once
        f = value_at_fixed_point(slot, glue, args, state)
        return x, f, np.zeros(0), 1, 0, TNC_ALL_FIXED
    # scipy's ScalarFunction evaluates f, then g, when it is made
    sf_fun(slot, glue, args, state, x)
    sf_grad(slot, glue, args, state, x)
    g = np.zeros(n)
    nit = 0
    rc = 0
    if not held(slot):
        if maxfun < 0:
            maxfun = max(100, 10 * n)
        data = ((slot, glue, args, state), (n,), False, (), ())
        _, _, nit, rc, _ = _held_kernel(
            slot, tnc_objective, data, n, x, lb, ub, scale.size, scale, offset.size, offset,
            maxcgit, maxfun, eta, stepmx, accuracy, fmin, ftol, xtol, pgtol, rescale, g)
    # "x, f and g may be very slightly out of sync because of scaling":
    # scipy evaluates both again at the final x
    f = sf_fun_and_grad_into(slot, glue, args, state, x, g)
    return x, f, g, counts(state)[0], nit, rc
