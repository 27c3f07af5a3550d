"""Châteauma at the table: its estate, area cards and reserve drawn and explained, its
face-down tiles never revealed, and every step of its turn in the log."""

from __future__ import annotations

import random

import pygame
import pytest
from client_events import motion
from table_driver import FakeLauncher, settle, spot_centre

from game.rules import GameConfig
from game.rules.chateauma import kind_of
from game.rules.chateauma_data import ESTATES
from game.rules.events import EVENT_TYPES
from game.rules.tiles import KIND_NAMES
from game.scenes import i18n
from game.scenes.context import ClientContext
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene
from game.scenes.table.log import describe_event
from game.scenes.table.view import FACE_DOWN, TableView

CM = 1


def chateauma_table(data_root, difficulty="medium+A+B+D", moves=0, seed=5, speed="instant"):
    ctx = ClientContext.load(data_root, launcher=FakeLauncher())
    ctx.change_settings(animation_speed=speed)
    setup = GameSetup(GameConfig(players=2, chateauma=difficulty),
                      (SeatSpec("human", "Ann", 0), SeatSpec("chateauma", "Châteauma", 2)),
                      seed, False)
    stack = SceneStack()
    scene = TableScene(ctx, GameSession(setup, ai_time_budget=0.05))
    stack.push(scene)
    rng = random.Random(seed)
    for _ in range(moves):
        settle(stack, scene)
        if scene.session.over:
            break
        scene.submit(rng.choice(scene.state.legal_actions()))
    settle(stack, scene)
    scene.view_seat(CM)
    stack.update(1 / 60)
    return stack, scene


def tip_at(stack, scene, pos):
    stack.handle_event(motion(pos))
    stack.update(2.0)
    return scene.tooltips.text


def hidden_kinds(scene):
    """The identities of Châteauma's face-down tiles, which the table must never show."""
    c = scene.state.chateauma
    codes = [code for stack in c.estate for code in stack]
    codes += [code for tiles in c.card_tiles for code in tiles]
    return {KIND_NAMES[kind_of(code)] for code in codes if code < -1}


def test_a_table_with_chateauma_renders_at_every_size(data_root):
    stack, scene = chateauma_table(data_root, moves=60)
    for size in ((1280, 720), (1920, 1080)):
        surface = pygame.Surface(size)
        stack.draw(surface)
    pv = scene.view.players[CM]
    assert pv.cm is not None and any(pv.cm.cards)
    assert scene.estate_layer.redraws >= 1


def test_its_cards_spaces_and_reserve_answer_the_pointer_with_tooltips(data_root):
    stack, scene = chateauma_table(data_root, moves=60)
    kinds = {s.kind for s in scene.spots.all()}
    assert {"card", "card_space", "space", "reserve", "deck"} <= kinds
    assert "storage" not in kinds and "workers" not in kinds
    cm = scene.view.players[CM].cm
    slot = next(s for s in (0, 1) if cm.cards[s])
    pos = spot_centre(scene, "card_space", (slot, 0))
    assert scene.spots.at(pos).kind == "card_space"
    assert f"{cm.cards[slot]}, space 1" in tip_at(stack, scene, pos)
    card_rect = __import__("game.scenes.table.geometry", fromlist=["g"]).cm_card_rect(slot)
    corner = (card_rect.x + 8, card_rect.y + 8)
    assert scene.spots.at(corner).kind == "card"
    assert f"Area card {cm.cards[slot]}" in tip_at(stack, scene, corner)
    assert "white die" in tip_at(stack, scene, corner)
    assert "Reserve" in tip_at(stack, scene, spot_centre(scene, "reserve", 6))
    assert "estate" in tip_at(stack, scene, spot_centre(scene, "space", 36))
    i18n.set_language("de")
    assert "Gebietskarte" in tip_at(stack, scene, corner)


def test_the_white_die_names_the_active_card(data_root):
    stack, scene = chateauma_table(data_root, moves=30)
    from game.scenes.table.estate_view import active_slot
    white = scene.view.white
    assert white
    assert active_slot(white) == (0 if white <= 4 else 1)
    slot = active_slot(white)
    rect = __import__("game.scenes.table.geometry", fromlist=["g"]).cm_card_rect(slot)
    if scene.view.players[CM].cm.cards[slot]:
        assert f"shows {white}" in tip_at(stack, scene, (rect.x + 8, rect.y + 8))


def test_face_down_tiles_show_no_identity(data_root):
    stack, scene = chateauma_table(data_root, difficulty="medium+A", moves=4)
    pv = scene.view.players[CM]
    layout = ESTATES[pv.cm.estate_id]
    hidden = hidden_kinds(scene)
    assert hidden
    for space in layout.face_down:
        if pv.cm.stacks[space] == 1:
            assert pv.estate[space] == FACE_DOWN
            tip = tip_at(stack, scene, spot_centre(scene, "space", space))
            colour = i18n.tr(f"table.colour.{pv.colours[space]}")
            # Only what anyone can see: the space, that a tile lies face down, the mark.
            assert tip == "\n".join([i18n.tr("tip.cm.space", colour=colour),
                                     i18n.tr("tip.cm.face_down"), i18n.tr("tip.cm.mark_A")])
    # Nothing the table holds or shows names them: not the view, not a tooltip.
    shown = [t for t in pv.estate if t] + [t for tiles in pv.cm.card_tiles for t in tiles if t]
    assert FACE_DOWN in shown
    tips = " ".join(s.tooltip_text() or "" for s in scene.spots.all())
    layout_spaces = set(layout.face_down)
    for space in layout_spaces:
        code = scene.state.chateauma.estate[space][-1]
        if code < -1:
            assert scene.view.players[CM].estate[space] == FACE_DOWN
    assert "face-down" in tips


def test_a_face_down_tile_is_drawn_as_a_tile_back(data_root):
    stack, scene = chateauma_table(data_root, difficulty="medium+A", moves=4)
    from game.scenes.table.geometry import cm_space_centre
    from game.scenes.table.paint import TILE_BACK
    surface = pygame.Surface((1920, 1080))
    stack.draw(surface)
    space = ESTATES[scene.view.players[CM].cm.estate_id].face_down[0]
    x, y = cm_space_centre(space)
    # Between the centre mark and the inner ring: the back's plain fill, no face.
    assert surface.get_at((round(x + 8), round(y + 2)))[:3] == TILE_BACK


def test_the_view_built_from_events_matches_the_engine(data_root):
    """Châteauma's steps applied one by one as they are shown give what the engine holds."""
    stack, scene = chateauma_table(data_root, moves=0)
    rng = random.Random(3)
    for _ in range(120):
        settle(stack, scene)
        if scene.session.over:
            break
        scene.submit(rng.choice(scene.state.legal_actions()))
        while scene.busy:
            stack.update(1 / 60)
        if scene.synced == scene.moves:
            continue
        shown, fresh = scene.view.players[CM], TableView.from_state(scene.state).players[CM]
        assert shown.cm.cards == fresh.cm.cards
        assert shown.cm.card_tiles == fresh.cm.card_tiles
        assert shown.cm.stacks == fresh.cm.stacks
        assert [len(r) for r in shown.cm.reserve] == [len(r) for r in fresh.cm.reserve]
        assert shown.estate == fresh.estate


def play(stack, scene, moves, seed):
    rng = random.Random(seed)
    for _ in range(moves):
        settle(stack, scene)
        if scene.session.over:
            return
        scene.submit(rng.choice(scene.state.legal_actions()))
    settle(stack, scene)


def every_reason():
    """One event of each Châteauma type for each reason the rules give it."""
    from game.rules import events as ev
    out = [ev.ChateaumaJoined(CM, "36", "hard", ""), ev.ChateaumaSetUp(CM, "36", "hard", "", ()),
           ev.ChateaumaDieRolled(CM, 3, 6, 0, -1),
           ev.ChateaumaCardShifted(CM, 4),
           ev.ChateaumaExtraTurn(CM, 18, False), ev.ChateaumaExtraTurn(CM, 18, True)]
    out += [ev.ChateaumaTilePlaced(CM, 2, 1, "market", reason == "joker", reason,
                                   3 if reason in ("die", "castle") else 0, 0)
            for reason in ("die", "castle", "reserve", "joker", "city_hall", "setup")]
    out += [ev.ChateaumaReserveTile(CM, "church", reason == "no_tile", reason, 2, 0)
            for reason in ("no_tile", "purchase", "carpenters_workshop", "church", "market")]
    out += [ev.ChateaumaSaleTriggered(CM, reason)
            for reason in ("sell_symbol", "warehouse", "castle", "extra_turn")]
    out += [ev.ChateaumaTileMoved(CM, 2, 0, "ship", 4, turned, stacked)
            for turned, stacked in ((False, False), (True, False), (False, True))]
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_step_of_its_turn_is_worded(data_root, lang):
    stack, scene = chateauma_table(data_root, difficulty="hard+A+B+D", seed=8)
    seen = []
    add = scene.log.add
    scene.log.add = lambda e: (seen.append(e), add(e))
    play(stack, scene, 150, 8)
    events = [e for e in seen if type(e).__name__.startswith("Chateauma")]
    kinds = {type(e).__name__ for e in events}
    assert kinds >= {"ChateaumaSetUp", "ChateaumaCardRevealed", "ChateaumaDieRolled",
                     "ChateaumaTilePlaced", "ChateaumaCardCompleted", "ChateaumaTileMoved",
                     "ChateaumaReserveTile", "ChateaumaSaleTriggered"}
    samples = every_reason()
    assert {type(e).__name__ for e in events + samples} == {
        name for name in EVENT_TYPES if name.startswith("Chateauma")}
    lines = set()
    for e in events + samples:
        line = describe_event(e, tuple(scene.names), lang)
        assert line and "{" not in line and "Châteauma" in line, e
        lines.add(line)
    # Reasons are worded apart: no two sample events read the same.
    assert len({describe_event(e, tuple(scene.names), lang) for e in samples}) == len(samples)
    # A face-down tile is never named.
    joker = next(e for e in samples if getattr(e, "reason", "") == "joker")
    assert "market" not in describe_event(joker, tuple(scene.names), lang).lower()
    assert "kirche" not in describe_event(samples[12], tuple(scene.names), lang).lower()
    assert "church" not in describe_event(samples[12], tuple(scene.names), lang).lower()
