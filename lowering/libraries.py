"""Load scijit's Fortran shared libraries into the process for numba's JIT.

The libraries are installed beside this module in ``_libs/``.  Loading them
with ``llvmlite.binding.load_library_permanently`` makes their exported
symbols resolvable by name from any JIT-compiled (or cache-loaded) code, so
compiled code never holds an address.  A library that fails to load is
recorded, not raised, at import time (numba turns exceptions raised while it
initialises extensions into warnings); the failure is raised, with its
reason, by :func:`require` when a routine from that library is first compiled.

scipy's own LAPACK is reached the same way: scipy exports its routines through
``scipy.linalg.cython_lapack``, and :func:`load` ``("lapack")`` registers each
one scijit calls under a symbol name of ours (``scijit_lapack_dpotrf``, ...)
with ``llvmlite.binding.add_symbol`` -- a name in compiled code, resolved in
each process after this registration, as numba's own ``np.linalg`` does.
scipy's BLAS (``scijit_blas_ddot``, ...) likewise, from
``scipy.linalg.cython_blas``.  Loading them imports ``scipy.linalg``, so they
are not part of :func:`load_all`: the modules that call them load them when
they are imported.
"""
import os

import llvmlite.binding as llvm

#: Library short name -> file name inside ``_libs``.
LIBRARY_FILES = {
    "minpack": "libscijit_minpack.so",
    "quadpack": "libscijit_quadpack.so",
    "fitpack": "libscijit_fitpack.so",
    "lbfgsb": "libscijit_lbfgsb.so",
    "tnc": "libscijit_tnc.so",
}

#: Library short name -> (Cython module exporting it, the routines scijit calls).
CYTHON_LIBRARIES = {
    "lapack": ("scipy.linalg.cython_lapack", ("dpotrf", "dtrtrs", "dgeev")),
    "blas": ("scipy.linalg.cython_blas", ("ddot", "dnrm2", "daxpy", "dtrsv", "dtrsm")),
}

_LIBDIR = os.environ.get("SCIJIT_LIBDIR") or os.path.join(os.path.dirname(__file__), "_libs")
_loaded = {}   # name -> path
_failed = {}   # name -> reason


class LibraryLoadError(ImportError):
    """A scijit shared library could not be loaded."""


def library_path(name):
    """Absolute path of the shared library ``name`` (see LIBRARY_FILES)."""
    return os.path.join(_LIBDIR, LIBRARY_FILES[name])


def load(name):
    """Load library ``name`` once; record (do not raise) a failure."""
    if name in _loaded or name in _failed:
        return
    try:
        if name in CYTHON_LIBRARIES:
            path = _register_cython(*CYTHON_LIBRARIES[name])
        else:
            path = library_path(name)
            if not os.path.exists(path):
                raise OSError("file not found: %s" % path)
            llvm.load_library_permanently(path)
    except Exception as exc:   # recorded, raised by require()
        _failed[name] = "%s: %s" % (type(exc).__name__, exc)
    else:
        _loaded[name] = path


def _register_cython(module, routines):
    """Make ``scijit_<library>_<routine>`` resolve to each of ``module``'s
    Cython-exported ``routines`` (``module`` is imported; its capsules hold
    the addresses, which never appear in compiled code)."""
    from numba.extending import get_cython_function_address
    prefix = "scijit_%s_" % module.rsplit("_", 1)[-1]
    for routine in routines:
        llvm.add_symbol(prefix + routine, get_cython_function_address(module, routine))
    return module


def load_all():
    """Load every scijit library that is installed; cheap and idempotent."""
    for name in LIBRARY_FILES:
        load(name)


def require(name):
    """Ensure library ``name`` is loaded, raising LibraryLoadError if not."""
    load(name)
    if name in _failed:
        raise LibraryLoadError(
            "scijit could not load its %s library (%s). Reinstall scijit "
            "(`pip install .` compiles vendor/ with gfortran)." % (name, _failed[name]))
    return _loaded[name]
