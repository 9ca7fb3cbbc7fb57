"""The other forms of TNC's objective the callback adapter offers.

``tests/test_tnc_kernel.py`` drives the kernel with ``f(x) -> (f, g)``; the
value-and-gradient glue (lowering/callback.py) also takes ``g`` written in
place (InPlace), checked (CheckFinite), from a second function
(UserJacobian, returned or in place, called after f as scipy's
ScalarFunction does) or computed by the solver's own function (JacobianBy:
finite differences).  Each must give the run the returned pair gives, or
scipy's with the same gradient.
"""
import numpy as np
import pytest
from numba import njit
from scipy.optimize import _moduleTNC

from lowering.callback import callback_intrinsic
from lowering.tnc import TNC_MINIMIZE, fun_and_grad_steps
from lowering.transforms import (CheckFinite, InPlace, JacobianBy, Reshape, Returned,
                                 UserJacobian)
from test_tnc_kernel import INF, QUARTIC, ROSEN, objective, run_ours

_inplace_minimize = callback_intrinsic(TNC_MINIMIZE, fun_and_grad_steps(inplace=True))
_checked_minimize = callback_intrinsic(
    TNC_MINIMIZE, (Reshape(), Returned(), CheckFinite("the gradient is not finite")))


_jac_minimize = callback_intrinsic(TNC_MINIMIZE, (Reshape(), Returned(), UserJacobian()))
_jac_inplace_minimize = callback_intrinsic(TNC_MINIMIZE,
                                           (Reshape(), InPlace(), UserJacobian()))


@njit(inline="always")
def _forward_difference(f, x, value, args, state, g):
    """g_i = (f(x + h e_i) - f(x)) / h, h = state[0]."""
    h = state[0]
    xh = x.copy()
    for i in range(x.size):
        xh[i] = x[i] + h
        g[i] = (f(xh, *args) - value) / h
        xh[i] = x[i]


_by_minimize = callback_intrinsic(TNC_MINIMIZE, (Reshape(), Returned(),
                                                 JacobianBy(_forward_difference)))


@njit
def _objective_into(x, g, kind):
    f, gx = objective(x, kind)
    g[:] = gx
    return f


@njit
def _value(x, kind):
    return objective(x, kind)[0]


@njit
def _gradient(x, kind):
    return objective(x, kind)[1]


@njit
def _gradient_into(x, g, kind):
    g[:] = objective(x, kind)[1]


@njit
def _ours_other_steps(x, low, up, maxfun, kind, form):
    g = np.zeros(x.size)
    none = np.zeros(0)
    data = ((kind,), (x.size,), False, (1e-7,), ())
    n = x.size
    if form == "checked":
        out = _checked_minimize(objective, data, n, x, low, up, 0, none, 0, none, -1, maxfun,
                                -1.0, 0.0, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0, g)
    elif form == "inplace":
        out = _inplace_minimize(_objective_into, data, n, x, low, up, 0, none, 0, none, -1,
                                maxfun, -1.0, 0.0, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0, g)
    elif form == "jac":
        out = _jac_minimize(_value, _gradient, data, n, x, low, up, 0, none, 0, none, -1,
                            maxfun, -1.0, 0.0, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0, g)
    elif form == "jac_inplace":
        out = _jac_inplace_minimize(_value, _gradient_into, data, n, x, low, up, 0, none, 0,
                                    none, -1, maxfun, -1.0, 0.0, 0.0, 0.0, -1.0, -1.0, -1.0,
                                    -1.0, g)
    else:
        out = _by_minimize(_value, data, n, x, low, up, 0, none, 0, none, -1, maxfun, -1.0,
                           0.0, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0, g)
    return out, g


@pytest.mark.parametrize("form", ["inplace", "checked", "jac", "jac_inplace"])
def test_other_forms_of_the_objective(form):
    # g written in place (InPlace), checked (CheckFinite), or from a second
    # function (UserJacobian, returned or in place): the same run as the
    # returned (f, g)
    x0, low, up = np.linspace(-0.4, 1.2, 5), np.full(5, -0.5), np.full(5, 1.25)
    want = run_ours(QUARTIC, x0, low, up)
    x = x0.copy()
    (f, nfeval, niter, rc, ncalls), g = _ours_other_steps(x, low, up, 100, QUARTIC, form)
    assert (f, nfeval, niter, rc, ncalls) == (want["f"], want["nfeval"], want["niter"],
                                              want["rc"], want["nfeval"])
    assert np.array_equal(x, want["x"]) and np.array_equal(g, want["g"])


def test_gradient_by_the_solver():
    # JacobianBy(fn): the objective returns f only, fn fills g (here forward
    # differences, each a call of f the kernel does not see); scipy's TNC
    # given the same differences in Python takes the same path
    x0 = np.array([-1.2, 1.0])

    def fg(x):
        value, g, xh = _value(x, ROSEN), np.empty(2), x.copy()
        for i in range(2):
            xh[i] = x[i] + 1e-7
            g[i] = (_value(xh, ROSEN) - value) / 1e-7
            xh[i] = x[i]
        return value, g
    none = np.zeros(0)
    rc, nfeval, niter, x, f, g = _moduleTNC.tnc_minimize(
        fg, x0.copy(), np.full(2, -INF), np.full(2, INF), none, none, 0, -1, 200, -1.0, 0.0,
        0.0, 0.0, -1.0, -1.0, -1.0, -1.0, None)
    xo = x0.copy()
    out, go = _ours_other_steps(xo, np.full(2, -INF), np.full(2, INF), 200, ROSEN, "by")
    assert tuple(out) == (f, nfeval, niter, rc, nfeval)
    assert np.array_equal(xo, x) and np.array_equal(go, g)


def test_a_gradient_not_finite_is_an_error():
    with pytest.raises(ValueError, match="the gradient is not finite"):
        _ours_other_steps(np.array([np.nan, 1.0]), np.full(2, -INF), np.full(2, INF), 100,
                          ROSEN, "checked")
