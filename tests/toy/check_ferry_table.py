"""The toy ferry at the table (ferry_table.py): its tile's front, its words in English
and German, its event in the view and the log. Headless, as the client's tests run."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

# The client tests' helpers (client_events, table_driver, positions) import one another
# by name, as tests/client/conftest.py arranges for them.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))

from game.rules import GameConfig  # noqa: E402
from game.scenes import i18n  # noqa: E402
from game.scenes.art import pieces  # noqa: E402
from game.scenes.modules_text import module_name  # noqa: E402
from game.scenes.table.log import describe_event  # noqa: E402
from game.scenes.table.motion import BANK, Flight, Handlers  # noqa: E402
from game.scenes.table.tips import tile_tip  # noqa: E402
from game.scenes.context import ClientContext  # noqa: E402
from game.scenes.session import GameSession, GameSetup  # noqa: E402
from game.scenes.stack import SceneStack  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.scenes.table.view import TableView, face_of  # noqa: E402
from tests.client.test_view_events import play_and_compare  # noqa: E402
from tests.rules.builders import kind  # noqa: E402
from client_events import key  # noqa: E402
from positions import module_button  # noqa: E402
from table_driver import (click_button, last_action, perform, play_by_clicks,  # noqa: E402
                          seats, settle)

from . import ferry_table  # noqa: E402, F401  (registers the module at the table)
from .check_ferry_rules import SHIP_SPACE, ferry_game  # noqa: E402
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


def _flights(animation) -> list[Flight]:
    if isinstance(animation, Flight):
        return [animation]
    return [f for c in getattr(animation, "children", ()) for f in _flights(c)]


def test_the_fare_flies_from_the_bank_to_the_seat(tmp_path):
    stack, scene = _table_at_a_ferry(tmp_path / "data")
    animate = Handlers(scene).table()["FareTaken"]
    workers = _flights(animate(FareTaken(0, 0, 2)))
    assert [(f.flyer.kind, f.flyer.pos) for f in workers] == [("worker", BANK)] * 2
    for flight in workers:
        flight.finish()
        assert flight.flyer.pos == pytest.approx(scene.places.workers_pos(0))
    (coin,) = _flights(animate(FareTaken(0, 1, 0)))
    assert (coin.flyer.kind, coin.flyer.pos) == ("silver", BANK)
    coin.finish()
    assert coin.flyer.pos == pytest.approx(scene.places.silver_pos(0))


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


# --- at the real table -----------------------------------------------------------------------

def _table_at_a_ferry(data_root):
    """A two-player table, the person (seat 0) to move with a ferry in storage and dice
    (1, 2): die 2 places it on the ship space next to the start castle."""
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed="instant")
    config = GameConfig(players=2, board_mode="basic", modules=("ferry",))
    session = GameSession(GameSetup(config, seats("human", "random"), 3, False),
                          ai_time_budget=0.05)
    session.start()
    rng = random.Random(3)
    while not (session.is_human_turn() and session.state.decision == "turn"):
        session.play(rng.choice(session.legal_actions()))
    p = session.state.players[0]
    p.storage[0] = kind("ferry")
    p.dice, p.used = [1, 2], [False, False]
    session.state._legal = None
    stack = SceneStack()
    scene = TableScene(ctx, session)
    stack.push(scene)
    settle(stack, scene)
    return stack, scene


def test_the_ferry_plays_at_the_real_table_by_clicks(tmp_path):
    stack, scene = _table_at_a_ferry(tmp_path / "data")
    workers = scene.view.players[0].workers
    fare = module_button(scene, "table.fare")
    assert fare is not None and fare.visible and not fare.enabled
    perform(stack, scene, ("place", 1, 0, SHIP_SPACE))
    settle(stack, scene)
    # the ferry on the estate, with its tooltip; the decision waits for the button
    assert scene.view.players[0].estate[SHIP_SPACE] == "ferry"
    tip = next(s for s in scene.spots.all() if s.kind == "space" and s.key == SHIP_SPACE)
    assert "Ferry: take 1 silver or 2 workers" in tip.tooltip_text()
    assert scene.narrowing.decision == "ferry" and not scene.choices.buttons
    assert "take the ferry's fare" in scene.prompt()
    assert fare.enabled and "(F)" in fare.tooltip_text()
    click_button(stack, fare)
    assert [b.action for b in scene.choices.buttons] == [("fare", 0), ("fare", 1)]
    assert scene.choices.buttons[1].tooltip_text() == "The ferry's fare: 2 workers from the supply."
    click_button(stack, scene.choices.buttons[1])
    settle(stack, scene)
    assert last_action(scene) == "fare 1"
    assert scene.view.players[0].workers == workers + 2
    assert "Player 1 takes the ferry's fare: 2 workers." in scene.log.lines()


def test_the_fare_key_lists_the_fares_and_the_game_plays_to_the_end(tmp_path):
    stack, scene = _table_at_a_ferry(tmp_path / "data")
    perform(stack, scene, ("place", 1, 0, SHIP_SPACE))
    settle(stack, scene)
    stack.handle_event(key(pygame.K_f))
    assert [b.action for b in scene.choices.buttons] == [("fare", 0), ("fare", 1)]
    click_button(stack, scene.choices.buttons[0])
    settle(stack, scene)
    assert last_action(scene) == "fare 0"
    rng = random.Random(5)

    def ask_fare(scene, action) -> None:
        """A fare is chosen as a person does: the Fare button first, then the choice."""
        if action[0] == "fare":
            click_button(stack, module_button(scene, "table.fare"))

    play_by_clicks(stack, scene, lambda state: rng.choice(state.legal_actions()),
                   on_decision=ask_fare)
    assert scene.session.over and scene.state.is_terminal()
    assert sum(1 for s in scene.session.match.record.steps if "action" in s) > 100
