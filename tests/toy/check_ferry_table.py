"""The toy ferry at the table (ferry_table.py): its tile's front, its words in English
and German, its event in the view and the log. Headless, as the client's tests run."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import GameConfig  # noqa: E402
from game.scenes import i18n  # noqa: E402
from game.scenes.art import pieces  # noqa: E402
from game.scenes.modules_text import module_name  # noqa: E402
from game.scenes.table.log import describe_event  # noqa: E402
from game.scenes.table.tips import tile_tip  # noqa: E402
from game.scenes.table.view import TableView, face_of  # noqa: E402
from tests.client.test_view_events import play_and_compare  # noqa: E402

from . import ferry_table  # noqa: E402, F401  (registers the module at the table)
from .check_ferry_rules import ferry_game  # noqa: E402
from .ferry import FareTaken  # noqa: E402


@pytest.fixture(autouse=True)
def _pygame_in_english():
    pygame.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_ferry_shows_a_blue_front_of_its_own():
    face = face_of("ferry")
    assert face is not None and face.category == "ferry" and face.colour == "ship"
    tile = pieces.hex_tile(face, 40)
    ship = pieces.hex_tile(face_of("ship"), 40)
    inside = (tile.get_width() // 2, tile.get_height() // 2 + 30)  # below the glyph
    assert tile.get_at(inside)[:3] == ship.get_at(inside)[:3]     # the ships' blue
    assert pygame.image.tobytes(tile, "RGBA") != pygame.image.tobytes(ship, "RGBA")


def test_the_ferry_is_named_and_explained_in_english_and_german():
    assert module_name("ferry") == "Ferry"
    assert tile_tip("ferry", "special") == "Ferry: take 1 silver or 2 workers when you place it."
    i18n.set_language("de")
    assert module_name("ferry") == "Fähre"
    assert tile_tip("ferry", "special").startswith("Fähre: nimm 1 Silberling")


def test_the_fare_is_worded_for_the_log():
    names = ("Ada", "Ben")
    assert describe_event(FareTaken(1, 0, 2), names, "en") == \
        "Ben takes the ferry's fare: 2 workers."
    assert describe_event(FareTaken(0, 1, 0), names, "de") == \
        "Ada nimmt den Fährlohn: 1 Silberling."


def test_the_view_takes_in_the_fare():
    view = TableView.from_state(ferry_game())
    silver, workers = view.players[0].silver, view.players[0].workers
    view.apply(FareTaken(0, 0, 2))
    assert (view.players[0].silver, view.players[0].workers) == (silver, workers + 2)


@pytest.mark.parametrize("chateauma", [None, "medium"])
def test_the_view_built_from_events_equals_the_state_in_games_with_ferries(chateauma):
    config = GameConfig(players=2, modules=("ferry",), chateauma=chateauma)
    for seed in (1, 2, 3):
        assert play_and_compare(config, seed) > 50
