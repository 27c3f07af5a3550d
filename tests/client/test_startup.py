"""The client starts quickly: what the title screen needs is all that loads before its
first frame. numpy (the sound effects' synthesis, made when a game first appears) and the
AI (loaded with the setup or a game) are imported only when first needed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

HEAVY = ("numpy", "game.ai")


def imported_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter holds after running ``code``."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    modules = json.loads(done.stdout.splitlines()[-1])
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_the_title_screen_imports_neither_numpy_nor_the_ai():
    assert imported_after("import game.scenes.title") == []


def test_the_window_and_the_command_line_import_neither_numpy_nor_the_ai():
    # What `python main.py` loads before the window opens on the title: the command line
    # with every command's parser (here asked for its help), the window and the title.
    code = ("import contextlib, io\nimport game.cli, game.scenes.app, game.scenes.title\n"
            "with contextlib.redirect_stdout(io.StringIO()), "
            "contextlib.suppress(SystemExit):\n"
            "    game.cli.main(['--help'])")
    assert imported_after(code) == []


def test_the_sound_board_still_makes_its_effects_with_numpy():
    code = ("from game.scenes import sound, synth\n"
            "samples = sound.effect(synth.TILE, 8000)\n"
            "assert len(samples) == round(0.25 * 8000) and samples.dtype.name == 'float32'")
    assert "numpy" in imported_after(code)
