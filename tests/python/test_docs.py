"""Every ```python block of docs/python.md runs, in order, in a scratch directory."""

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

DOC = os.path.join(os.environ.get("QUIVER_SOURCE_DIR", ROOT), "docs", "python.md")


def python_blocks():
    with open(DOC, encoding="utf-8") as f:
        return re.findall(r"^```python\n(.*?)^```$", f.read(), re.MULTILINE | re.DOTALL)


def test_the_page_has_examples():
    assert len(python_blocks()) >= 6


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_example(scratch, index):
    block = python_blocks()[index]
    # Its own interpreter: an example may open databases, threads and signal handlers.
    run = subprocess.run(
        [sys.executable, "-c", block], cwd=scratch, capture_output=True, text=True, timeout=120,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )
    assert run.returncode == 0, f"docs/python.md example {index + 1} failed:\n{block}\n{run.stderr}"
