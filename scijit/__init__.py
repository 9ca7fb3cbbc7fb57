"""scijit: scipy's numerical routines inside numba @njit code.

Subpackages mirror scipy's: ``scijit.integrate``, ``scijit.interpolate``,
``scijit.optimize``.  They are imported on first access, so ``import scijit``
is cheap; the numba extension entry point (``scijit._entry.init``) makes
scipy's own names compile inside @njit.

scijit's layers, the packages ``lowering`` and ``scijit_types`` installed
beside this one, are always the ones imported under those names, whatever
``sys.path`` offers first (:mod:`._layers`).
"""
import importlib

from . import _layers

_layers.install()

__version__ = "0.1.0"
__all__ = ["integrate", "interpolate", "optimize"]


def __getattr__(name):
    if name in __all__:
        return importlib.import_module("." + name, __name__)
    raise AttributeError("module 'scijit' has no attribute %r" % name)
