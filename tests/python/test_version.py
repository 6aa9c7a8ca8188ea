"""parmod.__version__ is the installed distribution's version, which is the
project(parmod VERSION ...) of CMakeLists.txt (pyproject.toml reads it there;
tests/install/test_version.sh checks the C and CMake sides)."""

import importlib.metadata
import pathlib
import re

import pytest

import parmod


def test_version_is_the_distribution_version():
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", parmod.__version__)
    assert parmod.__version__ == importlib.metadata.version("parmod")


def test_version_is_the_cmake_project_version():
    cmakelists = pathlib.Path(__file__).resolve().parents[2] / "CMakeLists.txt"
    if not cmakelists.exists():  # the tests were copied out of the source tree (wheel test)
        pytest.skip("no source tree beside the tests")
    m = re.search(r"^project\(parmod VERSION ([0-9.]+) ", cmakelists.read_text(), re.M)
    assert m and parmod.__version__ == m.group(1)
