"""The docs' examples run as written (each page's code blocks in one namespace)."""
import pathlib
import re

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
    code = compile(source.read_text(), str(source), "exec")
    exec(code, {"__name__": source.stem, "__file__": str(source)})
