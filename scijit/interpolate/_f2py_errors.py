"""scipy's f2py error class for the checks its FITPACK wrappers make, created
on first use (so importing scijit does not import scipy.interpolate).

``FitpackInputError`` derives from ``ValueError`` and from scipy's
``_dfitpack.error``, so ``except ValueError`` and scipy's own exception type
both catch it.  Compiled code refers to it as ``_f2py_errors.FitpackInputError``
(numba resolves the attribute, and unpickles the class by name, through the
module's ``__getattr__``); its message is formatted in Python, as every
:class:`~scijit_types.errors.FormattedError`'s.
"""
from scijit_types.errors import FormattedError


def _make():
    from scipy.interpolate import _dfitpack
    base = getattr(_dfitpack, "__dfitpack_error", None) or getattr(_dfitpack, "error", Exception)
    bases = (FormattedError, ValueError) if issubclass(ValueError, base) else (
        FormattedError, ValueError, base)
    return type("FitpackInputError", bases, {
        "__module__": __name__,
        "__doc__": "scipy's f2py check failed (a ValueError and scipy's _dfitpack.error)."})


def __getattr__(name):
    if name == "FitpackInputError":
        cls = globals()["FitpackInputError"] = _make()
        return cls
    raise AttributeError(name)
