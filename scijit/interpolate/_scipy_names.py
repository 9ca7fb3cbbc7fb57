"""Register scijit's implementations for scipy.interpolate's own names."""
import scipy.interpolate

from scijit_types.interp1d import register_scipy_class as _register_interp1d_class
from scijit_types.spline import register_scipy_classes
from scijit_types.bivariate import register_scipy_class as _register_rect_class
from scijit_types.univariate import register_scipy_class as _register_univariate_class
from scijit_types.grid import register_scipy_class as _register_rgi_class

from . import _bsplines, _cubic, _fitpack, _hermite, _interp1d, _ppoly
from . import _fitpack_surface
from . import _univariate
from . import _rgi


def register_all():
    """scipy's PPoly-family and BSpline objects pass into @njit (typeof), and
    ``scipy.interpolate.CubicSpline`` / ``PPoly`` / ``BSpline`` compile inside
    @njit (scijit's constructors)."""
    register_scipy_classes()
    _cubic.register(scipy.interpolate.CubicSpline)
    _ppoly.register(scipy.interpolate.PPoly, scipy.interpolate.BSpline)
    _hermite.register(scipy.interpolate.PchipInterpolator, scipy.interpolate.Akima1DInterpolator,
                      scipy.interpolate.pchip_interpolate)
    _bsplines.register(scipy.interpolate.make_interp_spline)
    _register_interp1d_class()
    _interp1d.register(scipy.interpolate.interp1d)
    _fitpack.register(scipy.interpolate)    # splrep, splev, splint, sproot, ...
    _register_rect_class()                   # scipy's RectBivariateSpline passes into @njit
    _fitpack_surface.register((scipy.interpolate.RectBivariateSpline,),
                              (scipy.interpolate.bisplrep,), (scipy.interpolate.bisplev,))
    _register_univariate_class()             # scipy's UnivariateSpline family passes into @njit
    _univariate.register((scipy.interpolate.UnivariateSpline,),
                         (scipy.interpolate.InterpolatedUnivariateSpline,),
                         (scipy.interpolate.LSQUnivariateSpline,))
    _register_rgi_class()                    # scipy's RegularGridInterpolator passes into @njit
    _rgi.register(scipy.interpolate.RegularGridInterpolator, scipy.interpolate.interpn)
