"""One command to set up and start: `python3 run.py` plays, `python3 run.py test` tests.

Creates a virtual environment in .venv (once), installs the project and its dependencies
into it (again whenever pyproject.toml changes), then runs the game or the test suite.
Extra arguments go to the game (`python3 run.py simulate --games 10`) or to pytest
(`python3 run.py test -m slow`).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_environment() -> Path:
    if sys.version_info < (3, 11):
        sys.exit("The Castles of Burgundy needs Python 3.11 or newer.")
    py = venv_python()
    if not py.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text() != wanted:
        print("Installing the game and its dependencies ...", flush=True)
        subprocess.check_call([str(py), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        subprocess.check_call([str(py), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"])
        STAMP.write_text(wanted)
    return py


def main(argv: list[str]) -> int:
    py = ensure_environment()
    if argv[:1] == ["test"]:
        command = [str(py), "-m", "pytest", *argv[1:]]
    else:
        command = [str(py), str(ROOT / "main.py"), *argv]
    return subprocess.call(command, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
