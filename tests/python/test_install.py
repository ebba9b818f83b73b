"""The offline install route of docs/python.md: pip installs what `make python` built
into a virtual environment, with no network and no build isolation."""

import os
import shutil
import subprocess
import sys

import pytest

import quiver
from conftest import ROOT

SOURCE = os.path.join(os.environ.get("QUIVER_SOURCE_DIR", ROOT), "bindings", "python")


def test_pip_installs_the_built_module_offline(scratch):
    package = os.path.dirname(os.path.abspath(quiver.__file__))
    build_dir = os.path.dirname(os.path.dirname(package))
    if not os.path.isfile(os.path.join(build_dir, "CMakeCache.txt")):
        pytest.skip(f"quiver is not a build directory's ({package})")
    source = shutil.copytree(SOURCE, os.path.join(scratch, "source"),
                             ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    venv = os.path.join(scratch, "venv")
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv], check=True)
    python = os.path.join(venv, "bin", "python")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["QUIVER_BUILD_DIR"] = build_dir
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-index", source],
        check=True, env=env, cwd=scratch,
    )
    check = subprocess.run(
        [python, "-c", "import quiver; print(quiver.__file__); "
         "print(quiver.Connection(quiver.Database()).execute('RETURN 40 + 2').get_next()[0])"],
        check=True, env=env, cwd=scratch, capture_output=True, text=True,
    )
    installed, answer = check.stdout.split()
    assert installed.startswith(venv) and answer == "42"
