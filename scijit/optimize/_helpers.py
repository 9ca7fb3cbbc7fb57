"""scipy.optimize's small helpers: the Rosenbrock function and its
derivatives (``rosen``, ``rosen_der``, ``rosen_hess``, ``rosen_hess_prod``),
forward differences (``approx_fprime``) and ``check_grad``, as scipy 1.17
has them.

Two entries, one implementation: the @njit cores here are called by the
choosers inside @njit and by the Python entries (directly, or through a
trampoline compiled once per user function), so both return the same bits.
The arithmetic is scipy's, operation by operation; numpy's ``np.sum`` is
pairwise (:func:`scijit._pairwise.pairwise`), and so are the sums here.

Limits (stated in each docstring): ``x`` is one point, a 1-D array, computed
in float64 (scipy's ``rosen`` broadcasts over an N-D ``x`` and keeps
float32); inside @njit ``check_grad`` takes ``(func, grad, x0, *args)`` only
(numba's overloads have no keyword-only parameters), so ``epsilon``,
``direction`` and ``rng`` are for the Python entry.
"""
import functools

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from lowering.callback import type_only

from .. import _arguments as A
from .._pairwise import pairwise
from .._registration import Chooser, register_choosers

__all__ = ["approx_fprime", "check_grad", "rosen", "rosen_der", "rosen_hess", "rosen_hess_prod"]

#: scipy's default step, ``sqrt(np.finfo(float).eps)``
EPSILON = float(np.sqrt(np.finfo(float).eps))
_UNSET = object()           # check_grad's rng/seed not passed


# ---------------------------------------------------------------- cores (both entries)
@njit(cache=True)
def _index_error(n):
    # scipy's (numpy's) IndexError for x[0] or x[1] of a too short x
    if n == 0:
        raise IndexError("index 0 is out of bounds for axis 0 with size 0")
    raise IndexError("index 1 is out of bounds for axis 0 with size 1")


@njit(cache=True)
def rosen_core(x):
    """sum(100.0*(x[1:] - x[:-1]**2.0)**2.0 + (1 - x[:-1])**2.0)"""
    n = x.size
    if n < 2:
        return 0.0
    terms = np.empty(n - 1)
    for i in range(n - 1):
        t = x[i + 1] - x[i] * x[i]
        u = 1.0 - x[i]
        terms[i] = 100.0 * (t * t) + u * u
    return pairwise(terms, 0, n - 1)


@njit(cache=True)
def rosen_der_core(x):
    n = x.size
    if n < 2:
        _index_error(n)
    der = np.zeros(n)
    for i in range(1, n - 1):
        der[i] = (200.0 * (x[i] - x[i - 1] * x[i - 1])
                  - 400.0 * (x[i + 1] - x[i] * x[i]) * x[i] - 2.0 * (1.0 - x[i]))
    der[0] = -400.0 * x[0] * (x[1] - x[0] * x[0]) - 2.0 * (1.0 - x[0])
    der[n - 1] = 200.0 * (x[n - 1] - x[n - 2] * x[n - 2])
    return der


@njit(cache=True)
def rosen_hess_core(x):
    n = x.size
    if n < 2:
        _index_error(n)
    # scipy's diag(-400 x, 1) - diag(400 x, -1) + diag(d), zeros' signs included
    diagonal = np.zeros(n)
    diagonal[0] = 1200.0 * (x[0] * x[0]) - 400.0 * x[1] + 2.0
    diagonal[n - 1] = 200.0
    for i in range(1, n - 1):
        diagonal[i] = 202.0 + 1200.0 * (x[i] * x[i]) - 400.0 * x[i + 1]
    H = np.zeros((n, n))
    for i in range(n):
        H[i, i] = (0.0 - 0.0) + diagonal[i]
    for i in range(n - 1):
        H[i, i + 1] = (-400.0 * x[i] - 0.0) + 0.0
        H[i + 1, i] = (0.0 - 400.0 * x[i]) + 0.0
    return H


@njit(cache=True)
def rosen_hess_prod_core(x, p):
    n = x.size
    if p.size != n:
        raise ValueError("rosen_hess_prod: 'p' must have as many values as 'x'")
    if n < 2:
        _index_error(n)
    Hp = np.zeros(n)
    Hp[0] = (1200.0 * (x[0] * x[0]) - 400.0 * x[1] + 2.0) * p[0] - 400.0 * x[0] * p[1]
    for i in range(1, n - 1):
        Hp[i] = (-400.0 * x[i - 1] * p[i - 1]
                 + (202.0 + 1200.0 * (x[i] * x[i]) - 400.0 * x[i + 1]) * p[i]
                 - 400.0 * x[i] * p[i + 1])
    Hp[n - 1] = -400.0 * x[n - 2] * p[n - 2] + 200.0 * p[n - 1]
    return Hp


@njit(cache=True)
def forward_steps(x0, h):
    """approx_derivative's absolute steps: ``h``, or where ``x0 + h == x0``
    its relative fallback ``sqrt(eps) * sign(x0) * max(1, |x0|)``."""
    out = np.empty(x0.size)
    for i in range(x0.size):
        if (x0[i] + h[i]) - x0[i] == 0.0:
            sign = 1.0 if x0[i] >= 0.0 else -1.0
            out[i] = EPSILON * sign * max(1.0, abs(x0[i]))
        else:
            out[i] = h[i]
    return out


def forward_difference(f, x0, h, args, f0):
    """scipy's 2-point ``_dense_difference``: the gradient (n,) of a scalar
    ``f``, the Jacobian (m, n) of a 1-D one (inside @njit, also for m = 1)."""


@overload(forward_difference)
def _forward_difference(f, x0, h, args, f0):
    if isinstance(f0, (types.Number, types.Boolean)):
        def gradient(f, x0, h, args, f0):
            n = x0.size
            J = np.empty(n)
            for i in range(n):
                x1 = x0.copy()
                x1[i] = x0[i] + h[i]
                J[i] = (f(x1, *args) - f0) / ((x0[i] + h[i]) - x0[i])
            return J
        return gradient
    if isinstance(f0, types.Array) and f0.ndim == 1:
        def jacobian(f, x0, h, args, f0):
            n = x0.size
            m = f0.size
            J = np.empty((m, n))
            for i in range(n):
                x1 = x0.copy()
                x1[i] = x0[i] + h[i]
                f1 = f(x1, *args)
                if f1.size != m:
                    raise ValueError("approx_fprime: 'f' returned arrays of different lengths")
                dx = (x0[i] + h[i]) - x0[i]
                for k in range(m):
                    J[k, i] = (f1[k] - f0[k]) / dx
            return J
        return jacobian
    if isinstance(f0, types.Array):
        raise TypingError("approx_fprime: `f0` passed has more than 1 dimension.")
    raise TypingError("approx_fprime: 'f' must return a number or a 1-D array, got %s" % f0)


@njit
def approx_fprime_core(f, x0, h, args):
    """approx_fprime of float64 vectors ``x0`` and ``h`` (a step per value)."""
    f0 = f(x0, *args)
    return forward_difference(f, x0, forward_steps(x0, h), args, f0)


@njit
def check_grad_core(func, grad, x0, h, args):
    """check_grad's direction='all': the 2-norm of grad - approx_fprime."""
    diff = (np.asarray(grad(x0, *args)) - approx_fprime_core(func, x0, h, args)).ravel()
    sq = np.empty(diff.size)
    for i in range(diff.size):
        sq[i] = abs(diff[i]) ** 2
    return np.sqrt(pairwise(sq, 0, sq.size))


@njit
def random_direction_core(func, x0, v, h, args):
    """check_grad's direction='random': approx_fprime of ``w -> func(x0 + w*v)``
    at w = 0, the one forward difference (scipy's x0 + w*v with w a 1-vector)."""
    w0 = np.zeros(1)
    hw = forward_steps(w0, h)
    f0 = func(x0 + w0[0] * v, *args)
    w1 = w0[0] + hw[0]
    return (func(x0 + w1 * v, *args) - f0) / ((w0[0] + hw[0]) - w0[0])


# ---------------------------------------------------------------- @njit argument helpers
def float_vector(routine, argname, x):
    """A 1-D float64 array from a 1-D numeric array (inside @njit)."""


@overload(float_vector)
def _float_vector(routine, argname, x):
    if not (isinstance(x, types.Array) and x.ndim == 1
            and isinstance(x.dtype, (types.Number, types.Boolean))
            and not isinstance(x.dtype, types.Complex)):
        raise TypingError("%s: %r must be a 1-D array of real numbers, got %s"
                          % (A.constant(routine), A.constant(argname), x))
    if x.dtype == types.float64:
        return lambda routine, argname, x: x
    return lambda routine, argname, x: x.astype(np.float64)


def step_vector(epsilon, n):
    """approx_fprime's ``epsilon`` as one step per value (inside @njit)."""


@overload(step_vector)
def _step_vector(epsilon, n):
    if isinstance(epsilon, (types.Integer, types.Float, types.Boolean)):
        return lambda epsilon, n: np.full(n, float(epsilon))
    if isinstance(epsilon, types.Array) and epsilon.ndim <= 1 and isinstance(
            epsilon.dtype, (types.Integer, types.Float)):
        def impl(epsilon, n):
            flat = epsilon.ravel()
            if flat.size == n:
                return flat.astype(np.float64)
            if flat.size == 1:
                return np.full(n, float(flat[0]))
            raise ValueError("approx_fprime: 'epsilon' must be a number or hold one step per "
                             "value of 'xk'")
        return impl
    raise TypingError("approx_fprime: 'epsilon' must be a number or a 1-D array, got %s"
                      % epsilon)


# ---------------------------------------------------------------- choosers
def _rosen_chooser(name, core):
    def chooser(x):
        def impl(x):
            return core(float_vector(name, "x", x))
        return impl
    chooser.__name__ = "_%s_overload" % name
    return chooser


def _rosen_hess_prod_overload(x, p):
    def impl(x, p):
        return rosen_hess_prod_core(float_vector("rosen_hess_prod", "x", x),
                                    float_vector("rosen_hess_prod", "p", p))
    return impl


def _approx_fprime_overload(xk, f, epsilon=EPSILON, *args):
    """``(core, names)`` (:func:`lowering.register_forwarding`: the user's ``f``
    a constant of the core, so a cache=True caller caches)."""
    A.check_callable("approx_fprime", "f", f)
    A.check_args("approx_fprime", args)
    return _forwarded_core("approx_fprime", f.dispatcher), ("xk", "epsilon", "args")


def _check_grad_overload(func, grad, x0, *args):
    """``(core, names)``, as :func:`_approx_fprime_overload`."""
    A.check_callable("check_grad", "func", func)
    A.check_callable("check_grad", "grad", grad)
    A.check_args("check_grad", args)
    return _forwarded_core("check_grad", func.dispatcher, grad.dispatcher), ("x0", "args")


@functools.lru_cache(maxsize=None)
def _forwarded_core(routine, f, g=None):
    """The @njit core a call of ``routine`` inside @njit becomes, for the
    user's functions ``f`` (and ``g``)."""
    if routine == "approx_fprime":
        @njit
        def core(xk, epsilon, args):
            x0 = float_vector("approx_fprime", "xk", xk)
            return approx_fprime_core(type_only(f), x0, step_vector(epsilon, x0.size), args)
    else:
        @njit
        def core(x0, args):
            x = float_vector("check_grad", "x0", x0)
            return check_grad_core(type_only(f), type_only(g), x, np.full(x.size, EPSILON), args)
    return core


# ---------------------------------------------------------------- Python entries
def _python_vector(routine, argname, x):
    arr = A.python_real_vector(routine, argname, x)
    if arr.ndim != 1:
        raise ValueError("%s: %r must be a 1-D array (one point), got %d dimensions"
                         % (routine, argname, arr.ndim))
    return arr


@functools.lru_cache(maxsize=None)
def _trampoline(kind, f, g=None):
    """The @njit entry of ``kind``'s core for the user's functions (constants
    of the trampoline: typing a dispatcher argument costs microseconds)."""
    if kind == "approx_fprime":
        @njit
        def entry(x0, h, args):
            return approx_fprime_core(type_only(f), x0, h, args)
    elif kind == "all":
        @njit
        def entry(x0, h, args):
            return check_grad_core(type_only(f), type_only(g), x0, h, args)
    else:
        @njit
        def entry(x0, v, h, args):
            return random_direction_core(type_only(f), x0, v, h, args)
    return entry


def rosen(x):
    """The Rosenbrock function (scipy.optimize.rosen, compiled):
    ``sum(100.0*(x[1:] - x[:-1]**2.0)**2.0 + (1 - x[:-1])**2.0)``.

    Parameters
    ----------
    x : array_like, 1-D
        The point (float64; a 1-element or empty ``x`` gives 0.0, as scipy's).

    Returns
    -------
    f : float
        scipy's value to the bit (numpy's pairwise summation).  Inside @njit
        ``x`` is a 1-D array; scipy's broadcasting over an N-D ``x`` is not
        supported (ValueError).

    Examples
    --------
    >>> import numpy as np
    >>> from scijit.optimize import rosen
    >>> rosen(0.1 * np.arange(10))
    76.56
    """
    return np.float64(rosen_core(_python_vector("rosen", "x", x)))


def rosen_der(x):
    """The gradient of the Rosenbrock function (scipy.optimize.rosen_der,
    compiled), at a 1-D ``x`` of at least 2 values (scipy's IndexError
    otherwise).

    Parameters
    ----------
    x : array_like, 1-D

    Returns
    -------
    rosen_der : (N,) ndarray

    Examples
    --------
    >>> import numpy as np
    >>> from scijit.optimize import rosen_der
    >>> rosen_der(0.1 * np.arange(9))
    array([ -2. ,  10.6,  15.6,  13.4,   6.4,  -3. , -12.4, -19.4,  62. ])
    """
    return rosen_der_core(_python_vector("rosen_der", "x", x))


def rosen_hess(x):
    """The Hessian of the Rosenbrock function (scipy.optimize.rosen_hess,
    compiled), at a 1-D ``x`` of at least 2 values.

    Parameters
    ----------
    x : array_like, 1-D

    Returns
    -------
    rosen_hess : (N, N) ndarray

    Examples
    --------
    >>> import numpy as np
    >>> from scijit.optimize import rosen_hess
    >>> rosen_hess(0.1 * np.arange(4))
    array([[-38.,   0.,   0.,   0.],
           [  0., 134., -40.,   0.],
           [  0., -40., 130., -80.],
           [  0.,   0., -80., 200.]])
    """
    return rosen_hess_core(_python_vector("rosen_hess", "x", x))


def rosen_hess_prod(x, p):
    """The Rosenbrock Hessian at ``x`` times ``p``
    (scipy.optimize.rosen_hess_prod, compiled); ``p`` as long as ``x``
    (ValueError otherwise: scipy's broadcasting of other lengths is not kept).

    Parameters
    ----------
    x, p : array_like, 1-D

    Returns
    -------
    rosen_hess_prod : (N,) ndarray

    Examples
    --------
    >>> import numpy as np
    >>> from scijit.optimize import rosen_hess_prod
    >>> rosen_hess_prod(0.1 * np.arange(9), 0.5 * np.arange(9))
    array([  -0.,   27.,  -10.,  -95., -192., -265., -278., -195., -180.])
    """
    return rosen_hess_prod_core(_python_vector("rosen_hess_prod", "x", x),
                                _python_vector("rosen_hess_prod", "p", p))


def _python_steps(epsilon, n):
    try:
        h = np.asarray(epsilon, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError("approx_fprime: 'epsilon' must be real numbers: %s" % exc) from None
    if h.ndim > 1 or h.size not in (1, n):
        raise ValueError("approx_fprime: 'epsilon' must be a number or hold one step per value "
                         "of 'xk' (%d), got shape %s" % (n, h.shape))
    return np.ascontiguousarray(np.broadcast_to(h.ravel(), (n,)))


def approx_fprime(xk, f, epsilon=EPSILON, *args):
    """Forward-difference derivatives of a scalar or vector function
    (scipy.optimize.approx_fprime, compiled): scipy's 2-point
    ``approx_derivative`` with the absolute step ``epsilon``.

    Parameters
    ----------
    xk : array_like, 1-D
        The point (a number is a 1-vector).
    f : callable ``f(x, *args)``
        An @njit function (inside @njit) or any function numba compiles,
        returning a number or a 1-D array.
    epsilon : float or array_like, optional
        The step, one for all or one per value of ``xk``; where ``xk + h ==
        xk`` scipy's relative fallback step is used.
    *args
        Passed to ``f``.

    Returns
    -------
    jac : ndarray
        The gradient (n,) of a scalar ``f``, the Jacobian (m, n) of a vector
        one: scipy's values to the bit.  From Python an ``f`` returning one
        value in an array gives (n,), as scipy's; inside @njit (1, n).

    Examples
    --------
    >>> import numpy as np
    >>> from scijit.optimize import approx_fprime
    >>> def func(x, c0, c1):
    ...     return c0 * x[0]**2 + c1*x[1]**2
    >>> eps = np.sqrt(np.finfo(float).eps)
    >>> approx_fprime(np.ones(2), func, [eps, np.sqrt(200) * eps], 1, 200)
    array([  2.        , 400.00004208])
    """
    x0 = np.atleast_1d(A.python_real_vector("approx_fprime", "xk", xk))
    if x0.ndim > 1:
        raise ValueError("`x0` must have at most 1 dimension.")
    f = A.python_callable("approx_fprime", "f", f)
    J = _trampoline("approx_fprime", f)(x0, _python_steps(epsilon, x0.size),
                                        A.python_args("approx_fprime", args))
    return J.ravel() if J.ndim == 2 and J.shape[0] == 1 else J


def _python_rng(rng, seed):
    """scipy 1.17's ``_transition_to_rng('seed')``: ``rng`` through
    ``np.random.default_rng`` (at the call, as its decorator), else ``seed``
    (or nothing), which ``check_random_state`` takes later."""
    if rng is not _UNSET and seed is not _UNSET:
        raise TypeError("check_grad() got multiple values for argument now known as `rng`. "
                        "Specify one of `rng` or `seed`.")
    if rng is not _UNSET:
        return np.random.default_rng(rng)
    return None if seed is _UNSET else seed


def _check_random_state(seed):
    """scipy's ``check_random_state``: None is numpy's global RandomState,
    an int a new RandomState."""
    if seed is None or seed is np.random:
        return np.random.mtrand._rand
    if isinstance(seed, (int, np.integer)):
        return np.random.RandomState(seed)
    if isinstance(seed, (np.random.RandomState, np.random.Generator)):
        return seed
    raise ValueError(f"'{seed}' cannot be used to seed a numpy.random.RandomState instance")


def check_grad(func, grad, x0, *args, epsilon=EPSILON, direction="all", rng=_UNSET,
               seed=_UNSET):
    """The 2-norm of ``grad(x0) - approx_fprime(x0, func)``
    (scipy.optimize.check_grad, compiled).

    Parameters
    ----------
    func, grad : callable ``(x, *args)``
        The function and its gradient (or Jacobian, with direction 'all').
    x0 : array_like, 1-D
        The point (float64).
    *args
        Passed to ``func`` and ``grad``.
    epsilon : float, optional
        The forward-difference step.
    direction : {'all', 'random'}, optional
        'random' compares along one random direction drawn as scipy draws it:
        ``rng`` through ``np.random.default_rng``, ``seed`` (or neither) by
        scipy's legacy rule (numpy's global RandomState, or
        ``RandomState(seed)``).
    rng, seed : optional

    Returns
    -------
    err : float
        scipy's value to the bit.  Inside @njit the call is
        ``check_grad(func, grad, x0, *args)`` (direction 'all', the default
        step): numba's overloads cannot take scipy's keyword-only arguments.

    Examples
    --------
    >>> import numpy as np
    >>> from scijit.optimize import check_grad
    >>> def func(x):
    ...     return x[0]**2 - 0.5 * x[1]**3
    >>> def grad(x):
    ...     return np.array([2 * x[0], -1.5 * x[1]**2])
    >>> float(check_grad(func, grad, [1.5, -1.5]))
    2.9802322387695312e-08
    """
    gen = _python_rng(rng, seed)            # (the decorator's check comes first)
    x = _python_vector("check_grad", "x0", x0)
    f = A.python_callable("check_grad", "func", func)
    g = A.python_callable("check_grad", "grad", grad)
    args = A.python_args("check_grad", args)
    h = np.full(1 if direction == "random" else x.size, A.python_real("check_grad", "epsilon",
                                                                       epsilon))
    if direction == "random":
        g0 = np.asanyarray(g(x, *args))
        if g0.ndim > 1:
            raise ValueError("'random' can only be used with scalar valued func")
        v = _check_random_state(gen).standard_normal(size=x.shape)
        analytical = np.dot(g0, v)
        J = _trampoline("random", f)(x, v, h, args)
        return np.sqrt(np.sum(np.abs((analytical - np.atleast_1d(J)) ** 2)))
    if direction == "all":
        return np.float64(_trampoline("all", f, g)(x, h, args))
    raise ValueError(f"{direction} is not a valid string for ``direction`` argument")


#: the @njit implementations of this module's routines (scijit._registration)
CHOOSERS = {
    "rosen": Chooser(_rosen_chooser("rosen", rosen_core), inline="always"),
    "rosen_der": Chooser(_rosen_chooser("rosen_der", rosen_der_core), inline="always"),
    "rosen_hess": Chooser(_rosen_chooser("rosen_hess", rosen_hess_core), inline="always"),
    "rosen_hess_prod": Chooser(_rosen_hess_prod_overload, inline="always"),
    "approx_fprime": Chooser(_approx_fprime_overload, inline="forward"),
    "check_grad": Chooser(_check_grad_overload, inline="forward"),
}
register_choosers(CHOOSERS, globals())
