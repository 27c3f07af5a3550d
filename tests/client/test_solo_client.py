"""The solo game in the client: the setup seats one person alone with a target, the table
lays the solo board's islands and rivers out and shows the target marker, the solo
decisions and events read in both languages, the results say won or lost."""

from __future__ import annotations

from collections import namedtuple

import pygame
import pytest
from positions import table_at
from screens import results_solo
from table_driver import FakeLauncher, settle

from game.rules import GameConfig, get_board, new_game
from game.scenes import i18n
from game.scenes.art import hexgrid
from game.scenes.context import ClientContext
from game.scenes.modules_text import module_name
from game.scenes.setup import SeatDraft, SetupDraft
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.setup_modules import ModulesDialog
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene, estate_view, estates_panel
from game.scenes.table import geometry as g
from game.scenes.table.log import describe_action, describe_event
from game.scenes.table.view import TableView
from game.scenes.table.modules.solo import SoloView

LANGUAGES = ("en", "de")


def test_the_solo_game_seats_one_person_without_chateauma():
    draft = SetupDraft(seats=[SeatDraft("ai", 0, "hard"), SeatDraft("human", 1)],
                       chateauma="medium")
    assert draft.module_block("solo") is None  # Châteauma goes when the solo game comes
    draft.toggle_module("solo")
    assert draft.chateauma is None and [s.kind for s in draft.seats] == ["human"]
    assert not draft.can_add() and draft.problem() is None
    setup = draft.build(seed=1)
    assert setup.config.players == 1 and setup.config.modules == ("solo:target=50",)


def test_the_target_is_chosen_and_named():
    draft = SetupDraft(seats=[SeatDraft("human", 0)])
    draft.toggle_module("solo")
    draft.set_module_param("solo", "target=45")
    assert draft.modules == ("solo:target=45",)
    assert module_name("solo:target=45", "en") == "Solo game, target 45"
    assert module_name("solo:target=55", "de") == "Solospiel, Siegpunktemarker 55"


def test_the_setup_offers_every_target_from_45_to_55_one_step_at_a_time():
    """SE l.879: "49, 48 ... 45 (deutlich leichter!) ... 51, 52 ... 55 (deutlich
    schwerer!)": the target's choice starts at 50 and steps up or down by one."""
    draft = SetupDraft(seats=[SeatDraft("human", 0)])
    draft.toggle_module("solo")
    dialog = ModulesDialog(draft)
    choice = dialog.param_choices["solo"]
    assert choice.value == "target=50"
    seen = []
    for _ in range(11):
        choice.step(1)
        seen.append(int(draft.module_param("solo").partition("=")[2]))
    assert seen == [51, 52, 53, 54, 55, 45, 46, 47, 48, 49, 50]
    choice.step(-1)
    assert draft.modules == ("solo:target=49",)
    draft.set_module_param("solo", "target=52")
    assert draft.build(seed=1).config.modules == ("solo:target=52",)


def test_an_ai_seat_in_the_solo_game_is_a_problem():
    draft = SetupDraft(seats=[SeatDraft("human", 0)])
    draft.toggle_module("solo")
    draft.set_choice(0, "ai:hard")
    assert draft.problem().key == "setup.error.solo"


def test_the_table_lays_out_the_solo_boards_islands(data_root):
    t = table_at("solo", data_root)
    spots = [s for s in t.scene.spots.all() if s.kind == "space"]
    board = get_board(t.scene.state.players[0].board.id)
    assert len(spots) == 37 and board.centres is not None
    # two spaces joined only by a river lie further apart than hex neighbours
    a, b = board.rivers[0]
    far = (abs(spots[a].centre[0] - spots[b].centre[0])
           + abs(spots[a].centre[1] - spots[b].centre[1]))
    assert far > g.ESTATE_HEX * hexgrid.layout_scale()
    assert t.scene.view.parts["solo"] == SoloView(50, 0)
    hexgrid.use_layout(None)


def test_the_large_estate_lies_where_the_board_lays_its_spaces(data_root):
    """The spaces shown large, where a click places a tile, lie as the board's islands
    place them (its centres, one scale for all), not on the hexagon of a duchy: two
    spaces side by side in a duchy's reading order may lie on two islands."""
    t = table_at("solo", data_root)
    spots = {s.key: s.centre for s in t.scene.spots.all() if s.kind == "space"}
    board = get_board(t.scene.state.players[0].board.id)
    (x0, y0), (cx0, cy0) = spots[0], board.centres[0]
    scale = g.ESTATE_HEX * hexgrid.layout_scale() * hexgrid.SQRT3
    for space, (x, y) in spots.items():
        cx, cy = board.centres[space]
        assert abs(x - x0 - (cx - cx0) * scale) < 1 and abs(y - y0 - (cy - cy0) * scale) < 1
    hexgrid.use_layout(None)


def test_a_two_player_table_keeps_the_hexagon(data_root):
    t = table_at("turn", data_root)
    t.scene.spots.all()
    assert hexgrid.layout_scale() == 1.0


def test_the_solo_choices_are_listed(data_root):
    t = table_at("solo_trade", data_root)
    assert all(b.action in t.scene.state.legal_actions() for b in t.scene.choices.buttons
               if hasattr(b, "action"))


DepotTileRemoved = namedtuple("DepotTileRemoved", "depot slot tile")
GoodsRemoved = namedtuple("GoodsRemoved", "goods")
BlackTileTraded = namedtuple("BlackTileTraded", "player goods slot")
RewardPlaced = namedtuple("RewardPlaced", "player slot space")
PointsBought = namedtuple("PointsBought", "player points")
TargetReached = namedtuple("TargetReached", "player lost target")
ExtraActionTaken = namedtuple("ExtraActionTaken", "player")
SoloGameEnded = namedtuple("SoloGameEnded", "won filled target counter resets")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_solo_event_has_a_log_line(lang):
    names = ("Anna",)
    lines = [describe_event(e, names, lang) for e in (
        DepotTileRemoved(3, 0, "bank"), GoodsRemoved(((2, (1, 4)),)),
        BlackTileTraded(0, (1, 1, 2, 3, 4), 1), RewardPlaced(0, 0, 5), PointsBought(0, 2),
        TargetReached(0, 2, 45), ExtraActionTaken(0), SoloGameEnded(True, 37, 40, 3, 2),
        SoloGameEnded(False, 30, 40, 3, 2))]
    assert all(lines) and all("{" not in line for line in lines), lines
    assert "Anna" in lines[2] and "45" in lines[5] and "30" in lines[-1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_solo_actions_in_words(lang, data_root):
    state = table_at("solo_trade", data_root).scene.state
    for action in (("trade", next(i for i, k in enumerate(state.black) if k >= 0),
                    (1, 1, 2, 3, 4)), ("buy_points", 2), ("extra",)):
        text = describe_action(action, state, lang)
        assert text and "{" not in text and text != action[0], (lang, action)


def test_the_view_follows_the_solo_events():
    s = new_game(GameConfig(players=1, modules=("solo",)))
    view = TableView.from_state(s)
    assert view.parts["solo"] == SoloView(50, 0)
    view.depots = [["bank", "mine"]] + [[] for _ in range(5)]
    view.apply(DepotTileRemoved(1, 0, "bank"))
    assert view.depots[0] == [None, "mine"]
    view.players[0].score = 52
    view.apply(TargetReached(0, 2, 45))
    assert view.parts["solo"] == SoloView(45, 52)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_results_say_won_or_lost(lang, data_root):
    i18n.set_language(lang)
    _stack, scene = results_solo(data_root)
    text = scene.winner_text()
    assert "37" in text and ("solo" in text.lower() or "Solo" in text)
    i18n.set_language("en")


def test_switching_the_solo_game_on_in_the_dialog_redraws_the_setup_with_one_seat(data_root):
    """The setup beneath the modules dialog is drawn while the dialog is open: its seat
    rows follow the draft when the solo game leaves one person (this once crashed)."""
    import pygame
    from screens import _menu

    from game.scenes.setup import SetupScene
    from game.scenes.setup_modules import ModulesDialog
    from game.scenes.title import TitleScene
    draft = SetupDraft(seats=[SeatDraft("human", 0), SeatDraft("ai", 1, "medium"),
                              SeatDraft("ai", 2, "easy")])
    stack, setup = _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))
    setup.open_modules()
    dialog = stack.top
    assert isinstance(dialog, ModulesDialog)
    dialog.toggles["solo"].activate()
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    assert len(draft.seats) == 1 and len(setup.seat_widgets) == 1
    dialog.close()
    stack.draw(surface)
    assert stack.top is setup and len(setup.seat_widgets) == 1


def test_the_solo_game_leaves_the_chateauma_switch_off_and_says_why(data_root):
    from screens import _menu

    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    draft = SetupDraft(seats=[SeatDraft("human", 0)], modules=("solo",))
    stack, setup = _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))
    stack.update(0)
    assert draft.solo and not setup.chateauma_toggle.enabled
    assert "The solo game is played by one person alone" in setup.chateauma_toggle.tooltip_text()
    # A draft that somehow has both can still switch Châteauma off.
    draft.set_chateauma("medium")
    stack.update(0)
    assert setup.chateauma_toggle.enabled
    setup.chateauma_toggle.activate()
    assert draft.chateauma is None



def _solo_table(data_root):
    """A solo game on the advanced boards: the person chooses board 33 or 34, then the
    start castle's space."""
    ctx = ClientContext.load(data_root, launcher=FakeLauncher())
    setup = GameSetup(GameConfig(players=1, board_mode="advanced", modules=("solo",)),
                      (SeatSpec("human", "Anna", 0),), 1, False)
    stack = SceneStack()
    scene = TableScene(ctx, GameSession(setup, ai_time_budget=0.05))
    stack.push(scene)
    settle(stack, scene)
    return stack, scene


def _rivers_drawn(stack, scene, monkeypatch):
    """Draw the table; the rivers painted, in the large view and on the seat's card."""
    large, cards = [], []
    monkeypatch.setattr(estate_view, "paint_rivers",
                        lambda canvas, rivers, *a: large.extend(rivers))
    monkeypatch.setattr(estates_panel, "paint_rivers",
                        lambda canvas, rivers, *a: cards.extend(rivers))
    scene.estate_layer.key = None
    for layer in scene.estates.cards:
        layer.key = None
    stack.update(1 / 60)
    stack.draw(pygame.Surface((1280, 720)))
    monkeypatch.undo()
    return large, cards


def test_the_solo_boards_rivers_are_drawn_while_the_board_and_start_castle_are_chosen(
        data_root, monkeypatch):
    """SE l.849 ff.: the solo boards are islands joined by rivers (only over a river is
    another region entered), so the rivers are in view from the board's choice on: on the
    board offered, and while the start castle's space is chosen, in the large estate and
    on the seat's card."""
    stack, scene = _solo_table(data_root)
    assert scene.state.decision == "board"
    scene.preview_board = "34"   # the pointer on the choice of board 34
    large, _ = _rivers_drawn(stack, scene, monkeypatch)
    assert large and set(large) == set(get_board("34").rivers)
    scene.preview_board = None
    scene.submit(("board", "34"))
    settle(stack, scene)
    assert scene.state.decision == "start_castle"
    large, cards = _rivers_drawn(stack, scene, monkeypatch)
    assert set(large) == set(cards) == set(get_board("34").rivers)
    # the card lays the islands out as the large view does
    assert scene.estates.cards[0].key[0][-1] == hexgrid.layout_scale() < 1.0
    hexgrid.use_layout(None)
