"""A changed scijit misses the cache entries of callers compiled with
another build; the same build, reinstalled, still hits (lowering.build_identity).

Each "build" is a copy of the installed packages in a folder of its own, put
first on PYTHONPATH of a fresh process; the caller's script and its
``__pycache__`` stay the same throughout, as a user's do across an upgrade.
"""
import importlib
import os
import shutil
import subprocess
import sys

import pytest

PACKAGES = ("scijit", "scijit_types", "lowering")

CALLER = """
import sys
# An editable install's import hook would take the packages from the source
# tree, ahead of PYTHONPATH: drop it, so the build under test is the copy.
sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "MesonpyMetaFinder"]
import numpy as np
from numba import njit
import scijit
from scijit.integrate import quad

build = sys.argv[1]
assert scijit.__file__.startswith(build), (scijit.__file__, build)


@njit
def integrand(x):
    return np.exp(-x * x)


@njit(cache=True)
def integral(b):
    return quad(integrand, 0.0, b)[0]


value = integral(2.0)
assert abs(value - 0.8820813907624215) < 1e-12, value
print(sum(integral.stats.cache_hits.values()), sum(integral.stats.cache_misses.values()))
"""


def _copy_build(dest):
    """Copy the packages as this process imports them (libraries included)."""
    for package in PACKAGES:
        source = os.path.dirname(importlib.import_module(package).__file__)
        shutil.copytree(source, os.path.join(dest, package),
                        ignore=shutil.ignore_patterns("__pycache__"))
    libs = os.path.join(dest, "lowering", "_libs")
    assert any(name.endswith(".so") for name in os.listdir(libs)), "no libraries copied"
    return dest


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    root = tmp_path_factory.mktemp("builds")
    a = _copy_build(str(root / "a"))
    a_again = _copy_build(str(root / "a_reinstalled"))      # same bytes, new file times
    changed_source = _copy_build(str(root / "changed_source"))
    with open(os.path.join(changed_source, "scijit", "__init__.py"), "a") as f:
        f.write("# a new build\n")
    changed_library = _copy_build(str(root / "changed_library"))
    with open(os.path.join(changed_library, "lowering", "_libs", "libscijit_quadpack.so"), "ab") as f:
        f.write(b"\0")
    return dict(a=a, a_again=a_again, changed_source=changed_source,
                changed_library=changed_library)


def _run(script, build):
    env = dict(os.environ, PYTHONPATH=build)
    env.pop("SCIJIT_LIBDIR", None)
    env.pop("NUMBA_CACHE_DIR", None)
    proc = subprocess.run([sys.executable, str(script), build], cwd=script.parent, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    hits, misses = map(int, proc.stdout.split())
    return "hit" if (hits, misses) == (1, 0) else "miss" if (hits, misses) == (0, 1) else (hits, misses)


def test_a_changed_build_misses_and_the_same_build_hits(builds, tmp_path):
    script = tmp_path / "caller.py"
    script.write_text(CALLER)      # written once: numba keys entries on its file stamp
    assert _run(script, builds["a"]) == "miss"            # first compilation, saved
    assert _run(script, builds["a"]) == "hit"
    assert _run(script, builds["a_again"]) == "hit"       # reinstalled: same content
    assert _run(script, builds["changed_source"]) == "miss"
    assert _run(script, builds["changed_library"]) == "miss"
    assert _run(script, builds["a"]) == "hit"             # the old entry is still there
