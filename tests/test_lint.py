"""The linter and the type checker pass, as pyproject.toml configures them: ruff over the
whole tree, mypy over the game (`[tool.mypy] files`). Files and modules with findings left
are listed in pyproject.toml's ratchets (README, "Linting and type checking"); everything
else, new files included, is checked in full.

mypy keeps its cache in pytest's cache folder, so a run after a small change takes about a
second."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> None:
    if importlib.util.find_spec(name) is None:
        pytest.fail(f"{name} is a test dependency: pip install -e '.[test]'")


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    _tool("ruff")
    done = _run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format",
                 "concise", "."])
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing(request: pytest.FixtureRequest,
                            tmp_path_factory: pytest.TempPathFactory) -> None:
    _tool("mypy")
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("mypy") if cache is not None else tmp_path_factory.mktemp("mypy")
    done = _run([sys.executable, "-m", "mypy", "--cache-dir", str(folder),
                 "--no-error-summary", "--hide-error-context"])
    assert done.returncode == 0, done.stdout + done.stderr
