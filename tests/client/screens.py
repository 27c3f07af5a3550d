"""Every screen of the client, built headless and ready to draw: the menus, the setup,
tables of two and four players and with Châteauma, the table's overlays and the results.

Each builder takes a data directory and returns (stack, scene) with the screen on top.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pygame
from collections.abc import Callable

from client_events import motion
from positions import recorded_games, saved_games, table_at, tutorial_table
from table_driver import FakeLauncher, click_spot, make_table, play_ai_game, settle
from test_table_chateauma import chateauma_table

from game.rules import GameConfig
from game.scenes import i18n, persistence
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.load_menu import LoadOverlay
from game.scenes.results import ResultsScene
from game.scenes.rules_reference import RulesReferenceScene
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.settings_menu import SettingsOverlay
from game.scenes.setup import SeatDraft, SetupDraft, SetupScene
from game.scenes.stack import SceneStack
from game.scenes.statistics_screen import StatisticsScene
from game.scenes.table.glossary import GlossaryScene
from game.scenes.table.overlays import ConfirmOverlay, HandoffScene, PauseMenu
from game.scenes.title import AlreadyOpenOverlay, TitleScene


def _menu(data_root, *scenes):
    ctx = ClientContext.load(data_root, launcher=FakeLauncher())
    stack = SceneStack()
    top = None
    for make in scenes:
        top = stack.push(make(ctx))
    return stack, top


def title(data_root):
    return _menu(data_root, TitleScene)


def settings(data_root):
    return _menu(data_root, TitleScene, SettingsOverlay)


def load_list(data_root):
    saved_games(ClientContext.load(data_root).saves_dir)
    stack, overlay = _menu(data_root, TitleScene, LoadOverlay)
    assert overlay.wait_listed(10)  # the saves are read on a worker thread
    return stack, overlay


def load_delete(data_root):
    stack, overlay = load_list(data_root)
    return stack, overlay.ask_delete(overlay.entries[0])


# When the games in progress were last saved (and the list's other saves).
SAVED_AT = dt.datetime(2026, 3, 1, 18, 42, tzinfo=dt.timezone.utc)


def forget_painted_layers(stack) -> None:
    """Every cached layer of the stack's scenes painted afresh at the next frame (a test
    that records what a frame draws must see all of it drawn)."""
    for scene in stack.scenes:
        for layer in ("background", "board_layer", "estate_layer"):
            if hasattr(scene, layer):
                getattr(scene, layer).key = None
        if hasattr(scene, "estates"):
            for layer in scene.estates.cards + scene.estates.popups:
                layer.key = None


def played(seats, seed, until, chateauma=None, players=None):
    """A game of random moves, played until ``until(state)`` holds at a seat's decision."""
    session = GameSession(GameSetup(GameConfig(players=players or len(seats),
                                               chateauma=chateauma), seats, seed=seed))
    session.start()
    rng = random.Random(seed)
    while not session.over and not (session.current_seat is not None
                                    and until(session.state)):
        session.play(rng.choice(session.legal_actions()))
    return session


def games_in_progress(saves: Path) -> None:
    """The saves folder after some evenings of play: three games in progress in their own
    files (one just set up, one in phase A, a four-player game with Châteauma in phase C),
    a finished game in its own file, and a game saved by name."""
    anna, ben = SeatSpec("human", "Anna", 0), SeatSpec("ai", "Ben", 1, "hard")
    four = (SeatSpec("human", "Clara-Sophie", 0), SeatSpec("ai", "Bernhard", 1, "medium"),
            SeatSpec("human", "Dieter", 2), SeatSpec("chateauma", "Châteauma", 3))
    games = [
        (played((anna, SeatSpec("ai", "Easy", 1, "easy")), 5, lambda s: True), 0),
        (played((anna, ben), 3, lambda s: s.round >= 2), 1),
        (played(four, 8, lambda s: s.phase >= 2, chateauma="medium+A+B"), 2),
        (played((anna, ben), 4, lambda s: False), 3),
    ]
    for session, hours in games:
        when = SAVED_AT - dt.timedelta(hours=hours)
        persistence.write_save(persistence.new_game_path(saves.parent, when),
                               session.to_payload(), saved_at=when)
    persistence.write_save(saves / "evening with Ben.json", games[1][0].to_payload(),
                           saved_at=SAVED_AT - dt.timedelta(days=1))


def _launched(data_root, *scenes):
    """The title as the client's launcher shows it, with ``scenes`` over it."""
    ctx = ClientContext.load(data_root)
    stack = SceneStack()
    launcher = Launcher(ctx, stack)
    launcher.to_title()
    top = stack.top
    for make in scenes:
        top = stack.push(make(ctx))
    return stack, top


def load_in_progress(data_root):
    """The load list with games in progress: marked as such, listed first."""
    games_in_progress(ClientContext.load(data_root).saves_dir)
    stack, overlay = _launched(data_root, LoadOverlay)
    assert overlay.wait_listed(10)  # the saves are read on a worker thread
    assert [e.in_progress for e in overlay.entries] == [True] * 3 + [False] * 2
    return stack, overlay


def load_in_progress_delete(data_root):
    """The question before deleting a game in progress."""
    stack, overlay = load_in_progress(data_root)
    return stack, overlay.ask_delete(overlay.entries[0])


def dialog_question(data_root):
    """The yes/no question (leaving the table), over the title, whose picture does not
    follow the table's."""
    return _launched(data_root, lambda ctx: ConfirmOverlay(
        "pause.quit", lambda: i18n.tr("confirm.quit"), lambda: None))


def dialog_message(data_root):
    """The message why a save cannot be opened, with its OK button."""
    from game.scenes.persistence import SaveError
    stack, title = _launched(data_root)
    path = title.ctx.saves_dir / "evening with Ben.json"
    return stack, title.ctx.launcher.show_error(SaveError(
        "error.save.malformed", path, detail="the record ends in the middle of a turn"))


def dialog_already_open(data_root):
    """Another window holds the data directory: look at saved games or exit."""
    return _launched(data_root, AlreadyOpenOverlay)


def dialog_end_turn(data_root):
    """End turn pressed with both dice unused: the question what to do with them."""
    stack, scene = table_two(data_root)
    settle(stack, scene)
    assert scene.narrowing.unused_dice()
    scene.steps.end_turn()
    assert stack.top is not scene
    return stack, stack.top


def _statistics(data_root):
    stack, scene = _menu(data_root, TitleScene, StatisticsScene)
    assert scene.wait_read(10)  # the record is read on a worker thread
    return stack, scene


def statistics_empty(data_root):
    return _statistics(data_root)


def statistics_filled(data_root):
    recorded_games(data_root)
    return _statistics(data_root)


def statistics_damaged(data_root):
    """A record that cannot be read, and earlier ones set aside: the longest notes."""
    data_root.mkdir(parents=True, exist_ok=True)
    (data_root / "statistics.sqlite").write_bytes(b"SQLite format 3\x00" + b"\xff" * 2000)
    (data_root / "statistics.sqlite.broken").write_text("[]")
    (data_root / "statistics.json.broken").write_text("[]")
    return _statistics(data_root)


def rules_reference(data_root):
    return _menu(data_root, TitleScene, RulesReferenceScene)


def setup_two(data_root):
    return _menu(data_root, TitleScene, SetupScene)


def setup_full(data_root):
    """Four seats (the most rows), Châteauma and modifiers: the fullest setup screen."""
    draft = SetupDraft(seats=[SeatDraft("human", 0, None, "Anna"), SeatDraft("ai", 1, "hard"),
                              SeatDraft("ai", 2, "easy"), SeatDraft("human", 3, None, "Dieter")],
                       rules="alea2019")
    return _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))


def setup_chateauma(data_root):
    draft = SetupDraft(seats=[SeatDraft("human", 0, None, "Anna"), SeatDraft("ai", 1, "hard")],
                       chateauma="medium", modifiers="AC", rules="alea2019")
    return _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))


def setup_modules(data_root):
    """The setup with modules chosen: the row that names them."""
    draft = SetupDraft(modules=("boards_11_18", "castle_connection", "tiles2"))
    return _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))


def _modules_dialog(draft):
    def build(data_root):
        stack, scene = _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))
        scene.open_modules()
        return stack, stack.top
    return build


# Every module of the Special Edition on offer, two of them ruled out with their reasons
# (castle connection without duchies 11-18, the identical duchy beside duchies 11-18).
modules_dialog = _modules_dialog(SetupDraft(modules=("boards_11_18", "tiles2")))
# The 2011 rules' forms; castle connection needs nothing there but rules out the
# identical duchy chosen.
modules_dialog_original = _modules_dialog(
    SetupDraft(rules="original", modules=("identical_board:20",)))
# The basic boards rule out every module that changes the duchies.
modules_dialog_basic = _modules_dialog(SetupDraft(board_mode="basic", modules=("tiles2",)))


def _at(kind):
    def build(data_root):
        t = table_at(kind, data_root)
        return t.stack, t.stack.top
    return build


def _midgame(stack, scene, moves, seed):
    """Some moves in, at a turn where a die is still to be used."""
    rng = random.Random(seed)
    for made in range(10 * moves):
        settle(stack, scene)
        if scene.session.over or (made >= moves and scene.narrowing.dice_available()):
            break
        scene.submit(rng.choice(scene.state.legal_actions()))
    return stack, scene


def table_two(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=11)
    return _midgame(stack, scene, 40, 11)


def table_colour_blind(data_root):
    """The four-player table in the colour-blind-safe scheme."""
    stack, scene = table_four(data_root)
    scene.ctx.change_settings(colours="colour_blind")
    return stack, scene


def table_four(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random", "random", "random"), seed=4)
    return _midgame(stack, scene, 60, 4)


def _resting_on_card(stack, scene, seat):
    """The pointer resting on a seat's card: its estate enlarged under it."""
    x, y = scene.estates.centre(seat)
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                          buttons=(0, 0, 0)))
    assert scene.estates.hovered == seat
    return stack, scene


def table_four_enlarged(data_root):
    """The last card, so its enlarged estate lies at the right edge."""
    stack, scene = table_four(data_root)
    return _resting_on_card(stack, scene, 3)


def table_chateauma_enlarged(data_root):
    """Châteauma's estate shown large; the person's card enlarged."""
    stack, scene = table_chateauma(data_root)
    return _resting_on_card(stack, scene, 0)


def resting_on_tile(stack, scene, kind, pick=0):
    """The pointer resting on a tile (on the ``pick``-th place of that kind holding one;
    "seat": a tile of the first other seat's estate in miniature) until the magnifier
    shows it."""
    from game.scenes.table import geometry as g
    from game.scenes.table.magnifier import lens_at
    from game.scenes.ui.tooltip import HOVER_DELAY
    if kind == "seat":
        seat = (scene.shown_seat + 1) % len(scene.names)
        centre = scene.estates.estate_centre(seat)
        places = [g.estate_space_centre(i, centre, g.MINI_HEX)
                  for i, tile in enumerate(scene.view.players[seat].estate)
                  if tile is not None]
    else:
        places = [s.centre for s in scene.spots.all()
                  if s.kind == kind and lens_at(scene, s, s.centre) is not None]
    x, y = places[pick]
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),
                                          rel=(0, 0), buttons=(0, 0, 0)))
    stack.update(HOVER_DELAY)
    assert scene.magnifier.visible
    return stack, scene


def table_magnified(data_root):
    """A monastery tile beside the four-player estate, magnified."""
    stack, scene = table_four(data_root)
    return resting_on_tile(stack, scene, "knowledge")


def table_magnified_miniature(data_root):
    """A tile of another seat's estate in miniature, magnified over its enlarged estate."""
    stack, scene = table_four(data_root)
    return resting_on_tile(stack, scene, "seat")


def table_chateauma_magnified(data_root):
    """A tile on one of Châteauma's area cards, magnified."""
    stack, scene = table_chateauma(data_root)
    scene.view_seat(1)
    return resting_on_tile(stack, scene, "card_space")


def table_estate_choice(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=2, board_mode="advanced")
    settle(stack, scene)
    return stack, scene


def table_die_chosen(data_root):
    stack, scene = table_two(data_root)
    click_spot(stack, scene, "die", scene.narrowing.dice_available()[0])
    return stack, scene


def table_chateauma(data_root):
    return chateauma_table(data_root, moves=60)


def table_options(data_root):
    from test_table_choices import many_options
    return many_options(data_root)


def pause_menu(data_root):
    stack, scene = table_two(data_root)
    return stack, stack.push(PauseMenu(scene))


def glossary(data_root):
    stack, scene = table_two(data_root)
    return stack, stack.push(GlossaryScene(scene.ctx, scene.session.config))


def glossary_filtered(data_root):
    stack, top = glossary(data_root)
    top.set_query("sil")
    return stack, top


def glossary_chateauma(data_root):
    """Châteauma's entry, with its modifiers, first on the page."""
    stack, scene = table_chateauma(data_root)
    top = stack.push(GlossaryScene(scene.ctx, scene.session.config))
    top.set_query("châteauma")
    return stack, top


def confirm(data_root):
    stack, scene = table_two(data_root)
    return stack, stack.push(ConfirmOverlay("pause.quit", i18n.tr("confirm.quit"), lambda: None))


def handoff(data_root):
    stack, scene = table_two(data_root)
    return stack, stack.push(HandoffScene("Player 1", 0))


def tutorial_take(data_root):
    """The tutorial's lesson on taking a tile: rings on the tiles and the die."""
    t = tutorial_table("tutorial_take", data_root)
    return t.stack, t.scene


def tutorial_ship(data_root):
    """The tutorial's lesson on a ship: rings on the listed choice and the depot's goods."""
    t = tutorial_table("tutorial_ship", data_root)
    return t.stack, t.scene


def table_ship_hovered(data_root):
    """A ship's goods to choose, the pointer resting on the first option (its depot
    ringed on the board)."""
    t = table_at("ship", data_root)
    t.stack.handle_event(motion(t.scene.choices.buttons[0].rect.center))
    return t.stack, t.scene


_FINISHED: dict = {}


def results(data_root):
    if "four" not in _FINISHED:
        setup = GameSetup(GameConfig(players=4),
                          tuple(SeatSpec("ai", name, i, "random") for i, name in
                                enumerate(("Anna", "Bernhard", "Clara", "Dieter"))), seed=21)
        _FINISHED["four"] = play_ai_game(setup)
    ctx = ClientContext.load(data_root, launcher=FakeLauncher())
    stack = SceneStack()
    return stack, stack.push(ResultsScene(ctx, _FINISHED["four"]))


def setup_team(data_root):
    """The setup with the team game chosen for four seats, AI players among them."""
    draft = SetupDraft(seats=[SeatDraft("human", 0, None, "Anna"), SeatDraft("ai", 1, "hard"),
                              SeatDraft("human", 2, None, "Clara"),
                              SeatDraft("ai", 3, "medium")],
                       board_mode="random", modules=("team",))
    return _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))


def results_team(data_root):
    """The results of a team game: the teams' sums."""
    if "team" not in _FINISHED:
        setup = GameSetup(GameConfig(players=4, board_mode="random", modules=("team",)),
                          tuple(SeatSpec("ai", name, i, "random") for i, name in
                                enumerate(("Anna", "Bernhard", "Clara", "Dieter"))), seed=21)
        _FINISHED["team"] = play_ai_game(setup)
    ctx = ClientContext.load(data_root, launcher=FakeLauncher())
    stack = SceneStack()
    return stack, stack.push(ResultsScene(ctx, _FINISHED["team"]))


def results_solo(data_root):
    """A finished solo game: won or lost against the 37 spaces, and the spaces filled."""
    if "solo" not in _FINISHED:
        setup = GameSetup(GameConfig(players=1, modules=("solo:target=45",)),
                          (SeatSpec("ai", "Anna", 0, "random"),), seed=21)
        _FINISHED["solo"] = play_ai_game(setup)
    ctx = ClientContext.load(data_root, launcher=FakeLauncher())
    stack = SceneStack()
    return stack, stack.push(ResultsScene(ctx, _FINISHED["solo"]))


def setup_solo(data_root):
    """The solo game chosen: one person, no AI seats, no Châteauma."""
    draft = SetupDraft()
    draft.toggle_module("solo")
    return _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))


# The solo game's target beside its toggle.
modules_dialog_solo = _modules_dialog(SetupDraft(seats=[SeatDraft("human", 0)],
                                                 modules=("solo:target=45",)))


def results_estates(data_root):
    stack, scene = results(data_root)
    scene.show("estates")
    return stack, scene


def results_review(data_root):
    """The review over the results (its first turns, a quick search), for Anna as a
    person."""
    from positions import quick_reviews

    from game.scenes.review_screen import ReviewScene, ReviewWork
    stack, scene = results(data_root)
    seats = (SeatSpec("human", "Anna", 0),) + scene.session.seats[1:]
    record = scene.session.match.record
    with quick_reviews():
        work = ReviewWork(record, [0])
        assert work.finished.wait(120)
    return stack, stack.push(ReviewScene(scene.ctx, record, seats, work=work))


def _replay(data_root, where: str):
    from game.scenes.launcher import Launcher
    from game.scenes.table.replay import ReplayScene
    stack, results_scene = results(data_root)
    Launcher(results_scene.ctx, stack)
    results_scene.watch()
    scene = stack.top
    assert isinstance(scene, ReplayScene)
    if where == "paused":
        scene.go_to(len(scene.replay) // 2)
        scene.playing = False
    elif where == "playing":
        scene.go_to(len(scene.replay) // 3)
        scene.playing = True
        scene.step_forward()
    else:
        scene.go_to(len(scene.replay))
    stack.update(1 / 60)
    return stack, scene


def replay_paused(data_root):
    return _replay(data_root, "paused")


def replay_playing(data_root):
    return _replay(data_root, "playing")


def replay_end(data_root):
    return _replay(data_root, "end")


SCREENS: dict[str, Callable] = {
    "title": title, "settings": settings, "load": load_list, "load_delete": load_delete,
    "load_in_progress": load_in_progress, "load_in_progress_delete": load_in_progress_delete,
    "dialog_question": dialog_question, "dialog_message": dialog_message,
    "dialog_already_open": dialog_already_open, "dialog_end_turn": dialog_end_turn,
    "statistics": statistics_empty, "statistics_filled": statistics_filled,
    "statistics_damaged": statistics_damaged,
    "rules": rules_reference,
    "setup": setup_two, "setup_four": setup_full, "setup_chateauma": setup_chateauma,
    "table": table_two, "table_die": table_die_chosen, "table_four": table_four,
    "table_colour_blind": table_colour_blind,
    "table_four_enlarged": table_four_enlarged,
    "table_magnified": table_magnified, "table_magnified_miniature": table_magnified_miniature,
    "table_chateauma_magnified": table_chateauma_magnified,
    "table_chateauma_enlarged": table_chateauma_enlarged,
    "table_estate": table_estate_choice,
    "table_chateauma": table_chateauma, "table_options": table_options,
    "pause": pause_menu, "glossary": glossary, "glossary_filtered": glossary_filtered,
    "glossary_chateauma": glossary_chateauma,
    "confirm": confirm, "handoff": handoff, "results": results,
    "tutorial_take": tutorial_take, "tutorial_ship": tutorial_ship,
    "results_estates": results_estates, "results_review": results_review,
    "setup_modules": setup_modules, "modules_dialog": modules_dialog,
    "modules_dialog_original": modules_dialog_original,
    "modules_dialog_basic": modules_dialog_basic,
    "table_modules": _at("module_turn"), "table_crane": _at("crane"),
    "table_geese": _at("geese"), "table_crane_count": _at("crane_count"),
    "glossary_modules": _at("module_glossary"),
    "replay_paused": replay_paused, "replay_playing": replay_playing, "replay_end": replay_end,
    "table_white_castle": _at("white_castle"),
    "glossary_white_castles": _at("white_castle_glossary"),
    "table_border_posts": _at("border_posts"),
    "table_inns": _at("inns"), "table_inn_payment": _at("inn_payment"),
    "table_black_depot_monastery": _at("black_depot_monastery"),
    "table_shields": _at("shield_turn"), "table_shield_castle": _at("shield_castle"),
    "table_shield_use": _at("shield_use"), "table_shield_tribute": _at("shield_tribute"),
    "table_trade_routes": _at("trade_routes"), "table_route_pick": _at("route_pick"),

    "table_monastery_connections": _at("monastery_connections"),

    "table_vineyard": _at("vineyard_turn"), "table_vineyard_actions": _at("vineyard_actions"),
    "table_vineyard_bonus": _at("vineyard_bonus"),
    "setup_team": setup_team, "table_team": _at("team_turn"),
    "table_team_storage": _at("team_storage"), "results_team": results_team,

    "table_solo": _at("solo"), "table_solo_trade": _at("solo_trade"),
    "setup_solo": setup_solo, "modules_dialog_solo": modules_dialog_solo,
    "results_solo": results_solo,

    "table_hint": _at("hint"),
    "table_end_unused": _at("confirm"), "tutorial_hint": _at("tutorial_hint"),
    "table_ship": table_ship_hovered,

    "table_route_arrange": _at("route_arrange"),

    "table_vineyard_other_seat": _at("vineyard_other_seat"),
}
