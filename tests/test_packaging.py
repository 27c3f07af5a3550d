"""The game as Python installs it: the wheel built from the source holds every file the game
reads, and installed into a fresh virtual environment it gives the `castles-of-burgundy`
command and `python -m game`, which play a seeded headless game as the checkout does and
draw the client's first frame from the installed copy alone.

The fresh environment takes its dependencies from the running one (a .pth file naming its
site-packages), so nothing is downloaded. The wheel is built without a network where the
running environment can build one by itself (setuptools 70.1 or newer, a test dependency);
elsewhere pip fetches the build backend, and without a network the test is skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 300


def _builds_offline() -> bool:
    try:
        version = metadata.version("setuptools")
    except metadata.PackageNotFoundError:
        return False
    major, minor = (int(part) for part in version.split(".")[:2])
    return (major, minor) >= (70, 1)


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment for a child process that must see only the installed game."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", SDL_NO_SIGNAL_HANDLERS="1", **extra)
    return env


def build_wheel(base: Path) -> Path:
    """The wheel, built from a copy of the source (the checkout is left as it is)."""
    src = base / "src"
    src.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "game", src / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    offline = _builds_offline()
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
               *(["--no-build-isolation"] if offline else []), "-w", str(base / "dist"),
               str(src)]
    built = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    if built.returncode and not offline:
        pytest.skip("no build backend here (setuptools 70.1 or newer) and none to fetch: "
                    + built.stderr.strip()[-300:])
    assert built.returncode == 0, built.stderr
    (found,) = (base / "dist").glob("castles_of_burgundy-*.whl")
    return found


def install(wheel: Path, home: Path) -> Path:
    """A fresh virtual environment with the wheel installed; its bin (Scripts) folder."""
    venv.EnvBuilder(with_pip=False).create(home)
    bin_dir = home / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    site = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, env=_clean_env()).stdout.strip())
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "dependencies.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--no-index", "--quiet", str(wheel)],
                   check=True, capture_output=True, text=True, timeout=TIMEOUT)
    return bin_dir


def _run(command: list[str], cwd: Path, **env: str) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT,
                          env=_clean_env(**env))
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _scores(output: str) -> list[str]:
    """The games' lines of `simulate` (the summary's timing differs between runs)."""
    return [line for line in output.splitlines() if line.startswith("game ")]


def check_the_wheel_holds_every_file_the_game_reads(wheel: Path) -> None:
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    shipped = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".md")}
    assert {"game/assets/fonts/OpenSans-Semibold.ttf", "game/ai/data/value.npz",
            "game/rules/data/tiles.json", "game/scenes/locale/de/LC_MESSAGES/castles.mo",
            "game/__main__.py"} <= shipped
    assert sorted(shipped - in_wheel) == []
    entry_points = next(n for n in in_wheel if n.endswith(".dist-info/entry_points.txt"))
    assert "castles-of-burgundy = game.__main__:main" in \
        zipfile.ZipFile(wheel).read(entry_points).decode()


def check_the_command_and_python_m_game_play_the_checkouts_seeded_games(
        installed: Path, tmp_path: Path) -> None:
    args = ["simulate", "--games", "2", "--seed", "5", "--modules", "tiles2"]
    command = installed / ("castles-of-burgundy.exe" if os.name == "nt"
                           else "castles-of-burgundy")
    python = installed / ("python.exe" if os.name == "nt" else "python")
    from_checkout = _scores(_run([sys.executable, str(ROOT / "main.py"), *args], ROOT))
    assert len(from_checkout) == 2
    assert _scores(_run([str(command), *args], tmp_path)) == from_checkout
    assert _scores(_run([str(python), "-m", "game", *args], tmp_path)) == from_checkout


FIRST_FRAME = """
import sys
from pathlib import Path
import pygame
import game
from game.scenes import assets, fonts
from game.scenes.app import App, create_window
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher

home = Path(sys.prefix).resolve()
assert home in Path(game.__file__).resolve().parents, game.__file__
assert fonts.FONT_PATH.is_file() and home in fonts.FONT_PATH.resolve().parents, fonts.FONT_PATH
assert assets.read_text("text", "rules_reference.de.txt"), "the rules reference is missing"
pygame.display.init()
pygame.font.init()
ctx = ClientContext.load(Path(sys.argv[1]))
window = create_window()
app = App(window, ctx)
Launcher(ctx, app.stack).to_title()
app.step(0.016, [])
surface = window.get_surface()
colours = {tuple(surface.get_at((x, y))) for x in range(0, surface.get_width(), 16)
           for y in range(0, surface.get_height(), 16)}
assert len(colours) > 8, colours
print("drawn", surface.get_size(), type(app.stack.top).__name__)
"""


def check_the_installed_client_draws_its_first_frame(installed: Path, tmp_path: Path) -> None:
    python = installed / ("python.exe" if os.name == "nt" else "python")
    out = _run([str(python), "-c", FIRST_FRAME, str(tmp_path / "data")], tmp_path,
               CASTLES_DATA_DIR=str(tmp_path / "data"))
    assert out.startswith("drawn") and "TitleScene" in out


def test_the_wheel_installs_into_a_fresh_environment_and_runs_from_there(
        tmp_path: Path) -> None:
    """One test, so that the wheel is built and installed once however the tests are
    spread over processes."""
    wheel = build_wheel(tmp_path / "build")
    check_the_wheel_holds_every_file_the_game_reads(wheel)
    installed = install(wheel, tmp_path / "env")
    work = tmp_path / "work"
    work.mkdir()
    check_the_command_and_python_m_game_play_the_checkouts_seeded_games(installed, work)
    check_the_installed_client_draws_its_first_frame(installed, work)
