"""A module from outside the game: the toy `ferry` (tests/toy/) plugs into the rules'
public seam with no line of game/ written for it, and plays.

Its checks run in a process of their own, since the toy adds a tile kind and a module to
the rules' tables that every other test must not see. The files are named check_*.py so
that the default collection leaves them out.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_checks(name: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", os.path.join("tests", "toy", name), "-q", "-n", "0",
         "-p", "no:cacheprovider", "-m", ""],
        cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name", ["check_ferry_rules.py", "check_ferry_ai.py",
                                  "check_ferry_table.py"])
def test_the_toy_module_plays_through_the_public_seam(name):
    done = run_checks(name)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout
