"""Shared fixtures: run a snippet in a fresh Python process."""
import os
import subprocess
import sys
import textwrap

import pytest

# NRT allocation statistics (for the leak tests) must be on before numba starts.
os.environ.setdefault("NUMBA_NRT_STATS", "1")


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
