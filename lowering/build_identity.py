"""The identity of this scijit build, for numba's on-disk cache.

A caller compiled with ``@njit(cache=True)`` holds scijit's code inlined in
its cache entry.  numba keys an entry on the caller's own bytecode and on the
machine, not on the code it inlined, so after an upgrade of scijit the user's
cached caller would keep running the old scijit.  :func:`build_id` names the
build (the version plus a hash of every source file and shared library it is
made of), and ``lowering`` adds it to the key of every cache entry
(:func:`lowering._numba_internals.add_to_cache_key`): a changed scijit misses
the old entries and compiles anew, while a reinstall of the same build (same
bytes, new file times) still hits.

Every entry of a process where scijit is installed is keyed on it, not only
those that contain scijit code: numba's cache cannot tell which entries do
before loading them, and numba treats its own version the same way.  An
upgrade of scijit therefore costs one recompilation of each cached function
once; entries of other builds stay in the index beside the new ones.
"""
import hashlib
import os

#: The packages a build is made of (their ``*.py`` files are hashed).
PACKAGES = ("scijit", "scijit_types", "lowering")

#: The distribution these packages are installed as (pyproject.toml).
DISTRIBUTION = "numba-scijit"

_build_id = None


def _package_dir(name):
    # Beside this package, where it was installed with it; not looked up
    # on sys.path, which could offer a different copy.
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name)


def build_files():
    """``(name, path)`` of every file the build is made of, in a fixed order:
    the packages' Python sources, then the shared libraries scijit loads."""
    from .libraries import LIBRARY_FILES, library_path
    files = []
    for package in PACKAGES:
        root = _package_dir(package)
        for folder, subfolders, names in os.walk(root):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for name in sorted(names):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    files.append((os.path.relpath(path, os.path.dirname(root)), path))
    for library in sorted(LIBRARY_FILES):
        path = library_path(library)
        if os.path.exists(path):
            files.append((LIBRARY_FILES[library], path))
    return files


def _version():
    # From the installed distribution's metadata: lowering does not import
    # scijit (the layers point the other way).
    from importlib import metadata
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"


def build_id():
    """``"<version>+<sha256 prefix>"`` of this build; computed once, on the
    first cache lookup (a few milliseconds: about 1 MB is read)."""
    global _build_id
    if _build_id is None:
        digest = hashlib.sha256()
        for name, path in build_files():
            with open(path, "rb") as f:
                content = f.read()
            digest.update(name.encode())
            digest.update(len(content).to_bytes(8, "little"))
            digest.update(content)
        _build_id = "%s+%s" % (_version(), digest.hexdigest()[:16])
    return _build_id
