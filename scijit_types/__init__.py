"""numba types for scijit's and scipy's values: types, data models, typeof,
boxing and unboxing, attributes and constants -- no numerics, no methods.

:mod:`.result` -- ``Result``, scipy's result objects (``OptimizeResult``,
``infodict``) as a numba struct type with attribute and item access, boxed to
``scipy.optimize.OptimizeResult``.

:mod:`.spline` -- ``Spline``, scipy's piecewise polynomials (PPoly family)
and B-splines as numba struct types, boxed to scipy's own classes.

:mod:`.interp1d`, :mod:`.grid` (RegularGridInterpolator), :mod:`.univariate`
(the UnivariateSpline family), :mod:`.bivariate` (RectBivariateSpline): the
other interpolators, each a numba struct crossing the Python boundary
through :mod:`._struct`.

The methods of these values inside @njit (``spl(x)``, ``derivative``, ...)
and the numerical kernels behind them are registered by ``scijit``'s
modules that own them (``scijit.interpolate``).  This package imports
numba, numpy and scipy only (never ``lowering`` or ``scijit``).
"""
from .result import ResultType, register_scipy_classes, result_builder
from .spline import BSplineType, PPolyType

__all__ = ["BSplineType", "PPolyType", "ResultType", "register_scipy_classes", "result_builder"]
