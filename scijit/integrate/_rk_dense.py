"""The interpolants of a Runge-Kutta step (scipy's ``RkDenseOutput`` and
``Dop853DenseOutput``): their coefficients from the step's stages, and their
value at a time.  Used by the solver (``t_eval``, events), by the events'
root finding and by ``OdeSolution`` inside @njit.

``Q`` is stored transposed from scipy's RK ``Q`` (row k multiplies the
power k+1 of the fraction of the step); DOP853's ``F`` as scipy's.
"""
from numba import njit

__all__ = ["rk_dense_coefficients", "rk_dense_value", "dop853_dense_coefficients",
           "dop853_dense_value", "interpolate"]


@njit(cache=True, error_model="numpy")
def rk_dense_coefficients(K, P, Q):
    """RK23's and RK45's dense output (scipy's ``K.T.dot(P)``), stored
    transposed: row k of ``Q`` multiplies the power k+1 of the fraction of
    the step."""
    for k in range(P.shape[1]):
        for i in range(Q.shape[1]):
            s = K[0, i] * P[0, k]
            for j in range(1, P.shape[0]):
                s += K[j, i] * P[j, k]
            Q[k, i] = s


@njit(cache=True, error_model="numpy")
def rk_dense_value(Q, t_old, h, y_old, t, out):
    """The RK23/RK45 interpolant at ``t`` (scipy's ``RkDenseOutput``)."""
    x = (t - t_old) / h
    for i in range(out.size):
        p = x
        s = Q[0, i] * p
        for k in range(1, Q.shape[0]):
            p = p * x
            s += Q[k, i] * p
        out[i] = h * s + y_old[i]


@njit(cache=True, error_model="numpy")
def dop853_dense_coefficients(K, D, h, y_old, y, f, Q):
    """DOP853's interpolant ``F`` (scipy's ``_dense_output_impl`` after its
    three more stages, which ``K`` holds; ``K[0]`` is f at the step's
    start)."""
    for i in range(y.size):
        delta = y[i] - y_old[i]
        Q[0, i] = delta
        Q[1, i] = h * K[0, i] - delta
        Q[2, i] = 2 * delta - h * (f[i] + K[0, i])
    for r in range(D.shape[0]):
        for i in range(y.size):
            acc = K[0, i] * D[r, 0]
            for j in range(1, D.shape[1]):
                acc += K[j, i] * D[r, j]
            Q[3 + r, i] = h * acc


@njit(cache=True, error_model="numpy")
def dop853_dense_value(Q, t_old, h, y_old, t, out):
    """The DOP853 interpolant at ``t`` (scipy's ``Dop853DenseOutput``:
    Horner's scheme in x and 1 - x alternately)."""
    x = (t - t_old) / h
    last = Q.shape[0] - 1
    for i in range(out.size):
        s = Q[last, i] * x
        for k in range(1, Q.shape[0]):
            s = s + Q[last - k, i]
            s = s * x if k % 2 == 0 else s * (1 - x)
        out[i] = s + y_old[i]


@njit(error_model="numpy")
def interpolate(dop853, Q, t_old, h, y_old, t, out):
    """The step's interpolant at ``t`` into ``out``: DOP853's, or RK23/RK45's."""
    if dop853:
        dop853_dense_value(Q, t_old, h, y_old, t, out)
    else:
        rk_dense_value(Q, t_old, h, y_old, t, out)
