"""numba types for scijit's and scipy's values.

:mod:`.result` -- ``Result``, scipy's result objects (``OptimizeResult``,
``infodict``) as a numba struct type with attribute and item access, boxed to
``scipy.optimize.OptimizeResult``.

:mod:`.spline` -- ``Spline``, scipy's piecewise polynomials (PPoly family)
and B-splines as numba struct types, boxed to scipy's own classes.

This package imports numba, numpy and scipy only (never ``lowering`` or
``scijit``).
"""
from .result import ResultType, register_scipy_classes, result_builder
from .spline import BSplineType, PPolyType

__all__ = ["BSplineType", "PPolyType", "ResultType", "register_scipy_classes", "result_builder"]
