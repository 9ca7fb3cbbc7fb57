"""The docs' examples run as written (each page's code blocks in one namespace)."""
import pathlib
import re
import sys
import types

import pytest

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs"
PAGES = ["getting-started.md", "optimize.md", "integrate.md", "interpolate.md"]


@pytest.mark.parametrize("page", PAGES)
def test_examples_run(page, tmp_path, monkeypatch):
    blocks = re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(), re.S)
    assert blocks, page
    source = tmp_path / (page.replace("-", "_").replace(".md", "_example.py"))
    source.write_text("\n".join(blocks))      # a real file: numba wants source for @njit
    monkeypatch.syspath_prepend(str(tmp_path))
    # The page runs in a module registered under its name, as an imported module would:
    # numba looks up the module of each function it compiles by name
    # (numba.core.funcdesc.FunctionDescriptor.lookup_module imports it), and an
    # unregistered name imports the file again, which ran the whole page a second time.
    module = types.ModuleType(source.stem)
    module.__file__ = str(source)
    monkeypatch.setitem(sys.modules, source.stem, module)
    code = compile(source.read_text(), str(source), "exec")
    exec(code, module.__dict__)
