"""Shared fixtures: run a snippet in a fresh Python process."""
import os
import subprocess
import sys
import textwrap

import pytest

# NRT allocation statistics (for the leak tests) must be on before numba starts.
os.environ.setdefault("NUMBA_NRT_STATS", "1")


# ---------------------------------------------------------------- sweeps
# A test (or parameter) marked ``sweep`` repeats what the CI suite already checks on more
# inputs: more classic problems, every option spelling.  Each new input compiles new callers,
# so CI leaves them out (pytest reports them as deselected) and `.ci/sweep` runs them, with
# the full sanitizer sweep, before an issue touching them is resolved.
def pytest_addoption(parser):
    parser.addoption("--sweep", action="store_true",
                     help="also run the tests marked sweep (the exhaustive cases; .ci/sweep)")


def pytest_configure(config):
    config.addinivalue_line("markers", "sweep: an exhaustive case, left out of CI; run by "
                                       "`.ci/sweep` (pytest --sweep)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--sweep"):
        return
    swept = [item for item in items if item.get_closest_marker("sweep")]
    if swept:
        config.hook.pytest_deselected(items=swept)
        items[:] = [item for item in items if not item.get_closest_marker("sweep")]


@pytest.fixture
def run_python(tmp_path):
    """Run ``code`` in a new interpreter (cwd = tmp_path); return its stdout."""
    def run(code, env=None, check=True):
        script = tmp_path / "snippet.py"
        script.write_text(textwrap.dedent(code))
        full_env = dict(os.environ)
        full_env.update(env or {})
        proc = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=full_env,
                              capture_output=True, text=True, timeout=600)
        if check and proc.returncode != 0:
            raise AssertionError("snippet failed (%d):\n%s\n%s"
                                 % (proc.returncode, proc.stdout, proc.stderr))
        return proc
    return run
