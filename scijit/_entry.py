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


def _initializing(name):
    """True while the module ``name`` is being imported (its body running)."""
    spec = getattr(sys.modules.get(name), "__spec__", None)
    return spec is not None and bool(getattr(spec, "_initializing", False))


def _register(scipy_module, complete=()):
    """Register scijit's implementations for ``scipy_module``, unless the
    scijit package that holds them is being imported right now: registering
    would import its half-initialised modules.  That package's or module's
    ``ready()`` (its last line, naming itself ``complete``) does it then.
    Nor while ``scipy_module`` itself is importing (scipy.integrate imports
    scipy.optimize, whose registration must not touch the half-made
    scipy.integrate): the import hook, naming it ``complete``, does it after.  (numba initialises extensions at its first @njit, which can be
    inside our own imports.)"""
    if scipy_module in _done:
        return
    if _initializing(scipy_module) and scipy_module not in complete:
        return          # half-imported scipy: its own import hook registers it when done
    module_name, func_name = _REGISTRATIONS[scipy_module]
    package = module_name.rsplit(".", 1)[0]
    if any(_initializing(name) and name not in complete
           for name in ("scijit", package, module_name)):
        return
    _done.add(scipy_module)
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
            _register(fullname, complete=(fullname,))
        spec.loader.exec_module = exec_then_register
        return spec


_hook = _AfterImport()


def ready(name):
    """Register for every watched scipy module already imported, now that the
    scijit module ``name`` (a subpackage's ``__init__`` or a registration
    module, which call this on their last line) is complete (see
    :func:`_register`)."""
    for scipy_module in _REGISTRATIONS:
        if scipy_module in sys.modules:
            _register(scipy_module, complete=(name, "scijit"))


def init():
    """Entry point called by numba (``numba_extensions.init``)."""
    from lowering import libraries
    libraries.load_all()
    for scipy_module in _REGISTRATIONS:
        if scipy_module in sys.modules:
            _register(scipy_module)
        elif _hook not in sys.meta_path:
            sys.meta_path.insert(0, _hook)
