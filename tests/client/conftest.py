"""Client tests run headless: SDL's dummy video and audio drivers, set before pygame loads."""

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL otherwise turns SIGTERM into a quit event, and a hung test run ignores `timeout`.
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"

# The repository root (for `game`) and this directory (for the client_events helpers),
# importable however pytest was started.
HERE = Path(__file__).resolve().parent
for path in (HERE.parents[1], HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.scenes import i18n  # noqa: E402
from game.scenes.context import ClientContext  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _english_and_private_data(tmp_path, monkeypatch):
    """Each test starts in English with its own empty data directory."""
    monkeypatch.setenv("CASTLES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def data_root(tmp_path):
    return tmp_path / "data"



@pytest.fixture
def launcher():
    """No launcher; test modules that follow the game flow override this fixture."""
    return None


@pytest.fixture
def ctx(data_root, launcher):
    return ClientContext.load(data_root, launcher=launcher)
