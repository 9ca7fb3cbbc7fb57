"""scipy.interpolate's interpolators, callable from Python and inside @njit.

``CubicSpline`` (every ``bc_type``, an O(n) tridiagonal solve), ``PPoly``,
``BSpline``, ``PchipInterpolator``, ``Akima1DInterpolator``,
``make_interp_spline``, ``interp1d``, FITPACK's functions (``splrep``,
``splev``, ...), ``RectBivariateSpline``, ``bisplrep``/``bisplev``, the
``UnivariateSpline`` family, ``RegularGridInterpolator`` and ``interpn``.
From Python each returns the real scipy object; inside @njit each is a
numba value (:mod:`scijit_types`) that can be called, differentiated,
integrated and returned to Python.  scipy's own objects pass into @njit (as
views), and one held in a module global is frozen into compiled code.

Besides the constructors, this package holds the numerics and the @njit
methods of those values: ``_spline_kernels`` and ``_spline_methods`` (the
piecewise polynomials and B-splines), ``_roots``, ``_interp1d_eval``,
``_rgi_kernels``, ``_fitpack_core``, ``_bivariate_derivative``.
"""
from ._cubic import CubicSpline
from ._ppoly import BSpline, PPoly
from ._hermite import Akima1DInterpolator, PchipInterpolator, pchip_interpolate
from ._bsplines import make_interp_spline
from ._interp1d import interp1d
from ._fitpack import insert, spalde, splantider, splder, splev, splint, splrep, sproot
from ._fitpack_surface import RectBivariateSpline, bisplev, bisplrep
from ._univariate import InterpolatedUnivariateSpline, LSQUnivariateSpline, UnivariateSpline
from ._rgi import RegularGridInterpolator, interpn
from . import _spline_methods  # noqa: F401  (spl(x), derivative, ... of the Spline types)
from . import _interp1d_eval  # noqa: F401  (f(x) of interp1d values)
from . import _roots  # noqa: F401  (roots/solve methods of the Spline type)
from . import _bivariate_derivative  # noqa: F401  (RectBivariateSpline.partial_derivative)

__all__ = ["BSpline", "CubicSpline", "PPoly", "Akima1DInterpolator", "PchipInterpolator",
           "pchip_interpolate", "make_interp_spline", "interp1d",
           "splrep", "splev", "splint", "sproot", "spalde", "insert", "splder", "splantider",
           "RectBivariateSpline", "bisplrep", "bisplev",
           "UnivariateSpline", "InterpolatedUnivariateSpline", "LSQUnivariateSpline",
           "RegularGridInterpolator", "interpn"]

from .._entry import ready as _ready  # noqa: E402  (scipy names, once we are importable)

_ready(__name__)
