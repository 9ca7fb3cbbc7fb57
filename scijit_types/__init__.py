"""numba types for scijit's and scipy's values.

:mod:`.result` -- ``Result``, scipy's result objects (``OptimizeResult``,
``infodict``) as a numba struct type with attribute and item access, boxed to
``scipy.optimize.OptimizeResult``.

This package imports numba, numpy and scipy only (never ``lowering`` or
``scijit``).
"""
from .result import ResultType, register_scipy_classes, result_builder

__all__ = ["ResultType", "register_scipy_classes", "result_builder"]
