"""numba extension entry point: scipy's own names compile inside @njit.

numba calls :func:`init` once, before its first compilation, for every
package declaring a ``numba_extensions`` entry point.  It must be cheap: it
loads scijit's shared libraries and arranges for scijit's implementations to
be registered for scipy's functions -- immediately if the scipy subpackage is
already imported, otherwise right after it is (an import hook), so numba
users who never touch scipy pay nothing.
"""
import importlib
import importlib.abc
import importlib.util
import sys

#: scipy module -> (scijit module, function that registers its overloads)
_REGISTRATIONS = {
    "scipy.optimize": ("scijit.optimize._scipy_names", "register_all"),
    "scipy.optimize.elementwise": ("scijit.optimize._scipy_names", "register_elementwise"),
    "scipy.integrate": ("scijit.integrate._scipy_names", "register_all"),
    "scipy.interpolate": ("scijit.interpolate._scipy_names", "register_all"),
}
_done = set()
_OURS = ("scijit", "lowering", "scijit_types")


def _importing_ours():
    """True while one of scijit's own modules is being imported.

    numba initialises extensions at its first @njit, which can be inside our
    own imports; registering then would import a half-initialised module.
    The registration is then left to :func:`ready`, called at the end of
    each scijit subpackage's import.
    """
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in _OURS:
            spec = getattr(module, "__spec__", None)
            if spec is not None and getattr(spec, "_initializing", False):
                return True
    return False


def _register(scipy_module):
    if scipy_module in _done or _importing_ours():
        return
    _done.add(scipy_module)
    module_name, func_name = _REGISTRATIONS[scipy_module]
    getattr(importlib.import_module(module_name), func_name)()


class _AfterImport(importlib.abc.MetaPathFinder):
    """Runs the registration right after a watched scipy module is imported."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _REGISTRATIONS or fullname in _done:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return spec
        exec_module = spec.loader.exec_module

        def exec_then_register(module):
            exec_module(module)
            _register(fullname)
        spec.loader.exec_module = exec_then_register
        return spec


_hook = _AfterImport()


def ready():
    """Register for every watched scipy module already imported (see _importing_ours)."""
    for scipy_module in _REGISTRATIONS:
        if scipy_module in sys.modules:
            _register(scipy_module)


def init():
    """Entry point called by numba (``numba_extensions.init``)."""
    from lowering import libraries
    libraries.load_all()
    for scipy_module in _REGISTRATIONS:
        if scipy_module in sys.modules:
            _register(scipy_module)
        elif _hook not in sys.meta_path:
            sys.meta_path.insert(0, _hook)
