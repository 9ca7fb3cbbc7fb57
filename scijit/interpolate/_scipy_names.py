"""scipy.interpolate's names inside @njit: the registration table."""
import scipy.interpolate

from scijit_types.bivariate import register_scipy_class as _register_rect_class
from scijit_types.grid import register_scipy_class as _register_rgi_class
from scijit_types.interp1d import register_scipy_class as _register_interp1d_class
from scijit_types.spline import register_scipy_classes
from scijit_types.univariate import register_scipy_class as _register_univariate_class

from .._registration import register_choosers
from . import (_bsplines, _cubic, _fitpack, _fitpack_surface, _hermite, _interp1d, _ppoly, _rgi,
               _univariate)

#: scipy.interpolate's name -> scijit's implementation inside @njit
CHOOSERS = {**_cubic.CHOOSERS, **_ppoly.CHOOSERS, **_hermite.CHOOSERS, **_bsplines.CHOOSERS,
            **_interp1d.CHOOSERS, **_fitpack.CHOOSERS, **_fitpack_surface.CHOOSERS,
            **_univariate.CHOOSERS, **_rgi.CHOOSERS}


def register_all():
    """scipy's interpolator objects pass into @njit (typeof), and
    scipy.interpolate's names of :data:`CHOOSERS` compile inside @njit
    (scijit's implementations)."""
    register_scipy_classes()           # the PPoly family and BSpline
    _register_interp1d_class()
    _register_rect_class()
    _register_univariate_class()
    _register_rgi_class()
    register_choosers(CHOOSERS, scipy.interpolate)


from .._entry import ready as _ready  # noqa: E402  (imported directly: register now)

_ready(__name__)
