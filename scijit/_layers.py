"""scijit's own layers, found where scijit is installed, not first on sys.path.

scijit is three top-level packages installed side by side: ``scijit``,
``lowering`` and ``scijit_types``.  A user's own ``lowering.py`` (or
``scijit_types.py``) beside their script comes first on ``sys.path`` and
would be imported in place of ours: scijit would break, and numba's entry
point would switch it off with only a warning.  :func:`install` makes both
names resolve to the packages next to this one:

* a finder first on ``sys.meta_path`` answers ``import lowering`` and
  ``import scijit_types`` (the top-level names only; their submodules follow
  the package's ``__path__``) with the spec the other finders give when it
  is ours (an editable install's loader, say), else with a spec for our
  package's own ``__init__.py``;
* a foreign module already imported under one of the names is an
  :class:`ImportError` naming both files.

It imports nothing but the standard library: ``import scijit`` stays cheap.
"""
import importlib.util
import os
import sys

#: The directory holding the scijit, lowering and scijit_types packages.
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: scijit's layers besides scijit itself.
LAYERS = ("lowering", "scijit_types")

__all__ = ["LAYERS", "ROOT", "install", "own_file"]


def own_file(name):
    """The ``__init__.py`` of our package ``name``."""
    return os.path.join(ROOT, name, "__init__.py")


def _is_ours(path, name):
    if not path:
        return False
    try:
        return os.path.samefile(path, own_file(name))
    except OSError:
        return False


class _OwnLayers:
    """Resolves scijit's layer names to the packages installed with scijit.

    A finder on ``sys.meta_path`` needs only ``find_spec``; not deriving from
    ``importlib.abc.MetaPathFinder`` keeps ``importlib.abc`` (and the
    ``importlib.resources`` it imports, about 28 ms) out of ``import scijit``."""

    def find_spec(self, fullname, path=None, target=None):
        if path is not None or fullname not in LAYERS or not os.path.exists(own_file(fullname)):
            return None             # (not installed beside us: the ordinary import decides)
        for finder in sys.meta_path:        # what the import would find without us
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if _is_ours(spec.origin, fullname):
                    return spec
                break
        init = own_file(fullname)
        return importlib.util.spec_from_file_location(
            fullname, init, submodule_search_locations=[os.path.dirname(init)])


_finder = _OwnLayers()


def check_imported():
    """Raise ImportError if a module not ours is imported under a layer's name."""
    for name in LAYERS:
        module = sys.modules.get(name)
        if module is None or not os.path.exists(own_file(name)):
            continue
        found = getattr(module, "__file__", None)
        if not _is_ours(found, name):
            raise ImportError(
                "scijit needs its own module %r (%s), but another module of that name is "
                "already imported (%s); rename that module"
                % (name, own_file(name), found or repr(module)), name=name, path=found)


def install():
    """Check the modules already imported, then make our layers the ones imported."""
    check_imported()
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)
