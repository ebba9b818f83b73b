"""Packages the quiver module `make python` built: the Python files from quiver/ and the
extension _quiver*.so from the build directory (QUIVER_BUILD_DIR, default
build/release at the top of the repository). The metadata is in pyproject.toml."""

import glob
import os

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))


def built_extension():
    build_dir = os.environ.get("QUIVER_BUILD_DIR", os.path.join(HERE, "..", "..", "build", "release"))
    package = os.path.join(os.path.abspath(build_dir), "python", "quiver")
    found = glob.glob(os.path.join(package, "_quiver*.so"))
    if not found:
        raise SystemExit(f"no built extension in {package}: run `make python` first (or set QUIVER_BUILD_DIR)")
    return found


class BuildPy(build_py):
    """The Python files as usual, and the extension CMake built next to them."""

    def run(self):
        super().run()
        for extension in built_extension():
            self.copy_file(extension, os.path.join(self.build_lib, "quiver"))


class BinaryDistribution(Distribution):
    """A wheel for this platform and Python: it holds a compiled extension."""

    def has_ext_modules(self):
        return True


setup(
    packages=["quiver"],
    package_data={"quiver": ["*.pyi", "py.typed"]},
    cmdclass={"build_py": BuildPy},
    distclass=BinaryDistribution,
)
