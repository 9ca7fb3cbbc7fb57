"""The methods of the ``Spline`` types inside @njit (:mod:`scijit_types.spline`).

``spl(x, nu=0, extrapolate=None)`` (scalar in, float out; array of any shape
in, array of that shape out; N-D values: scipy's shapes), and for the
polynomial form ``derivative(nu=1)``, ``antiderivative(nu=1)``,
``integrate(a, b, extrapolate=None)`` (``roots``/``solve``: :mod:`._roots`);
BSpline's ``derivative``, ``antiderivative`` (scipy's splder/splantider) and
``integrate`` (the antiderivative's difference; scipy uses FITPACK's splint
for 1-D c without extrapolation, equal to rounding).  The numerics are in
:mod:`._spline_kernels`.
"""
import numpy as np
from numba import njit
from numba.extending import overload_method

from lowering.calls import forward_calls
from scijit_types.spline import BSplineType, PPolyType, bspline_build, ppoly_builder

from ._spline_kernels import (antiderivative_extrapolate, bspline_c2, bspline_derivative_tc,
                              bspline_eval_array, bspline_eval_nd, bspline_eval_scalar,
                              bspline_integrate_c, extrapolate_fn, point_type, point_values,
                              points_fn, ppoly_antiderivative_c, ppoly_antiderivative_trailing,
                              ppoly_c3, ppoly_derivative_c, ppoly_derivative_trailing,
                              ppoly_eval_array, ppoly_eval_nd, ppoly_integrate,
                              ppoly_integrate_trailing, ppoly_scalar_inline)

__all__ = []


@overload_method(PPolyType, "__call__")
def _ppoly_call(spl, x, nu=0, extrapolate=None):
    ext = extrapolate_fn(extrapolate)
    scalar = point_type(x) == "scalar"
    if spl.c.ndim >= 3:
        shape = point_values(2, x, spl.c)
        points = points_fn(x)

        def impl_nd(spl, x, nu=0, extrapolate=None):
            values = ppoly_eval_nd(ppoly_c3(spl.c), spl.x, points(x), nu,
                                   ext(extrapolate, spl.extrapolate))
            return shape(values, x, spl.c, spl.axis)
        return impl_nd
    if scalar:
        def impl(spl, x, nu=0, extrapolate=None):
            return ppoly_scalar_inline(spl.c, spl.x, float(x), nu,
                                       ext(extrapolate, spl.extrapolate))
    else:
        def impl(spl, x, nu=0, extrapolate=None):
            return ppoly_eval_array(spl.c, spl.x, x, nu, ext(extrapolate, spl.extrapolate))
    return impl


@overload_method(BSplineType, "__call__")
def _bspline_call(spl, x, nu=0, extrapolate=None):
    ext = extrapolate_fn(extrapolate)
    if spl.c.ndim >= 2:
        shape = point_values(1, x, spl.c)
        points = points_fn(x)

        def impl_nd(spl, x, nu=0, extrapolate=None):
            values = bspline_eval_nd(spl.t, bspline_c2(spl.c), spl.k, points(x), nu,
                                     ext(extrapolate, spl.extrapolate))
            return shape(values, x, spl.c, spl.axis)
        return impl_nd
    if point_type(x) == "scalar":
        def impl(spl, x, nu=0, extrapolate=None):
            return bspline_eval_scalar(spl.t, spl.c, spl.k, float(x), nu,
                                       ext(extrapolate, spl.extrapolate))
    else:
        def impl(spl, x, nu=0, extrapolate=None):
            return bspline_eval_array(spl.t, spl.c, spl.k, x, nu,
                                      ext(extrapolate, spl.extrapolate))
    return impl


# ``spl(x)`` is typed through the __call__ methods above and lowered by
# lowering.calls (numba looks for a lowering keyed on the type itself).
forward_calls(PPolyType, params=("x", "nu", "extrapolate"))
forward_calls(BSplineType, params=("x", "nu", "extrapolate"))


def _coefficient_ops(spl):
    """(derivative, antiderivative, integrate) kernels for spl's c."""
    if spl.c.ndim >= 3:
        return ppoly_derivative_trailing, ppoly_antiderivative_trailing, ppoly_integrate_trailing
    return ppoly_derivative_c, ppoly_antiderivative_c, ppoly_integrate


@overload_method(PPolyType, "derivative")
def _ppoly_derivative(spl, nu=1):
    deriv, anti, _ = _coefficient_ops(spl)
    build = ppoly_builder(spl.kind)

    def impl(spl, nu=1):
        if nu < 0:
            return build(spl.x, anti(spl.c, spl.x, -nu),
                         antiderivative_extrapolate(spl.extrapolate), spl.axis)
        return build(spl.x, deriv(spl.c, nu), spl.extrapolate, spl.axis)
    return impl


@overload_method(PPolyType, "antiderivative")
def _ppoly_antiderivative(spl, nu=1):
    deriv, anti, _ = _coefficient_ops(spl)
    build = ppoly_builder(spl.kind)

    def impl(spl, nu=1):
        if nu <= 0:
            return build(spl.x, deriv(spl.c, -nu), spl.extrapolate, spl.axis)
        return build(spl.x, anti(spl.c, spl.x, nu),
                     antiderivative_extrapolate(spl.extrapolate), spl.axis)
    return impl


@overload_method(PPolyType, "integrate")
def _ppoly_integrate(spl, a, b, extrapolate=None):
    _, _, integrate = _coefficient_ops(spl)
    ext = extrapolate_fn(extrapolate)

    def impl(spl, a, b, extrapolate=None):
        return integrate(spl.c, spl.x, float(a), float(b), ext(extrapolate, spl.extrapolate))
    return impl


def _bspline_c_views(spl):
    """Inline functions (c -> c as (n, P), (new c (n', P), c) -> c of spl's
    ndim) for the BSpline methods."""
    if spl.c.ndim == 1:
        to2d = njit(inline="always")(lambda c: np.ascontiguousarray(c).reshape((c.size, 1)))
        back = njit(inline="always")(lambda new, c: new.reshape(new.shape[0]))
        return to2d, back
    back = njit(inline="always")(lambda new, c: new.reshape((new.shape[0],) + c.shape[1:]))
    return bspline_c2, back


@overload_method(BSplineType, "derivative")
def _bspline_derivative(spl, nu=1):
    to2d, back = _bspline_c_views(spl)

    def impl(spl, nu=1):
        t, c, k = bspline_derivative_tc(spl.t, to2d(spl.c), spl.k, nu)
        return bspline_build(t, back(c, spl.c), k, spl.extrapolate, spl.axis)
    return impl


@overload_method(BSplineType, "antiderivative")
def _bspline_antiderivative(spl, nu=1):
    to2d, back = _bspline_c_views(spl)

    def impl(spl, nu=1):
        # scipy: nu < 0 is the -nu-th derivative; 'periodic' becomes False for any nu
        t, c, k = bspline_derivative_tc(spl.t, to2d(spl.c), spl.k, -nu)
        return bspline_build(t, back(c, spl.c), k, antiderivative_extrapolate(spl.extrapolate),
                             spl.axis)
    return impl


@overload_method(BSplineType, "integrate")
def _bspline_integrate(spl, a, b, extrapolate=None):
    to2d, _ = _bspline_c_views(spl)
    ext = extrapolate_fn(extrapolate)
    if spl.c.ndim == 1:
        finish = njit(inline="always")(lambda out, c: out[0])
    else:
        finish = njit(inline="always")(lambda out, c: out.reshape(c.shape[1:]))

    def impl(spl, a, b, extrapolate=None):
        out = bspline_integrate_c(spl.t, to2d(spl.c), spl.k, float(a), float(b),
                                  ext(extrapolate, spl.extrapolate))
        return finish(out, spl.c)
    return impl
