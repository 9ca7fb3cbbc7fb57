"""scipy.optimize's routines, callable from Python and inside @njit.

``fsolve`` (MINPACK hybrd/hybrj), ``leastsq`` (MINPACK lmdif/lmder), ``root``
(methods 'hybr' and 'lm'), ``least_squares`` (method 'lm') and ``curve_fit``
(unbounded, Levenberg-Marquardt); the bracketing scalar root finders
``brentq``, ``brenth``, ``ridder``, ``bisect`` and ``toms748``, and
``newton`` (secant, Newton, Halley) for a scalar ``x0``, and ``root_scalar``
over all of them; ``minimize_scalar`` ('brent', 'golden', 'bounded') and the
legacy ``brent``, ``golden``, ``fminbound`` and ``bracket``; ``minimize``
('BFGS', 'CG', 'Nelder-Mead'); the helpers ``rosen``, ``rosen_der``,
``rosen_hess``, ``rosen_hess_prod``, ``approx_fprime`` and ``check_grad``.
"""
from ._curve_fit import curve_fit
from ._helpers import approx_fprime, check_grad, rosen, rosen_der, rosen_hess, rosen_hess_prod
from ._least_squares import least_squares
from ._minimize import minimize
from ._minimize_scalar import bracket, brent, fminbound, golden, minimize_scalar
from ._leastsq import leastsq
from ._newton import newton
from ._fsolve import fsolve
from ._root import root
from ._root_scalar import root_scalar
from ._zeros import bisect, brenth, brentq, ridder, toms748

__all__ = ["approx_fprime", "bisect", "bracket", "brent", "brenth", "brentq", "check_grad",
           "curve_fit", "fminbound", "fsolve", "golden", "least_squares", "leastsq", "minimize",
           "minimize_scalar", "newton", "ridder", "root", "root_scalar", "rosen", "rosen_der",
           "rosen_hess", "rosen_hess_prod", "toms748"]

from .._entry import ready as _ready  # noqa: E402  (scipy names, once we are importable)

_ready(__name__)
