"""Every game keeps its own save from its first turn to its end: starting a game, or the
tutorial, never overwrites another one; Continue resumes the game played last; the Load
list shows the games in progress first; the one autosave of earlier versions becomes one
game in progress; a link among the saves is opened but never written or deleted through."""

import json
import os
import random
import time

import pygame
import pytest
import time_zones
from client_events import click, key, motion

from game.rules import GameConfig
from game.scenes import i18n, persistence
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.load_menu import LoadOverlay
from game.scenes.results import ResultsScene
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.scenes.ui.confirm import ConfirmOverlay
from game.scenes.ui.tooltip import HOVER_DELAY
from game.scenes.ui.widgets import Label, resolve


def setup_against(tier: str, seed: int) -> GameSetup:
    return GameSetup(GameConfig(players=2), (SeatSpec("human", "Anna", 0),
                                             SeatSpec("ai", "Bot", 1, tier)),
                     seed=seed, handoff=False)


@pytest.fixture
def flow(data_root):
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed="instant")
    stack = SceneStack()
    launcher = Launcher(ctx, stack)
    launcher.to_title()
    return ctx, stack, launcher


def play_turns(stack, scene: TableScene, turns: int, seed: int, seconds: float = 60) -> None:
    """The person plays at random until ``turns`` of their turns have ended (the AI
    answers in between)."""
    rng = random.Random(seed)
    person = 0
    ended = 0
    end = time.monotonic() + seconds
    while ended < turns and time.monotonic() < end and not scene.session.over:
        if scene.can_act():
            before = scene.state.current_player
            scene.submit(rng.choice(scene.state.legal_actions()))
            if before == person and scene.state.current_player != person:
                ended += 1
        else:
            stack.update(1 / 60)
            if scene.session.is_ai_turn():
                time.sleep(0.002)
    assert ended >= turns, f"only {ended} turns ended"
    while not scene.can_act() and not scene.session.over and time.monotonic() < end:
        stack.update(1 / 60)  # until the AI's answer is saved
        if scene.session.is_ai_turn():
            time.sleep(0.002)


def quit_by_the_menu(stack, scene: TableScene) -> None:
    """Escape, Quit, Yes: the dialog that promises "Continue brings you back"."""
    stack.handle_event(key(pygame.K_ESCAPE))
    pause = stack.top
    assert "pause.quit" in pause.buttons
    click(stack, pause.buttons["pause.quit"].rect.center)
    confirm = stack.top
    assert isinstance(confirm, ConfirmOverlay)
    assert "Continue brings you back" in i18n.tr("confirm.quit")
    click(stack, confirm.yes.rect.center)
    assert isinstance(stack.top, TitleScene)


def steps_of(save) -> list:
    return save.payload["record"]["steps"]


def listed(ctx) -> LoadOverlay:
    overlay = SceneStack().push(LoadOverlay(ctx))
    assert overlay.wait_listed(30)
    return overlay


def test_no_game_overwrites_another_and_each_loads_with_every_move(flow):
    """Game A for some turns, quit; game B and the tutorial, each played and quit: all
    three are in the Load list as games in progress and open with every move they had."""
    ctx, stack, launcher = flow
    games = {}
    for name, start in (("A", lambda: launcher.start(setup_against("random", 11))),
                        ("B", lambda: launcher.start(setup_against("random", 12))),
                        ("tutorial", lambda: click(stack, stack.top.buttons[
                            "title.tutorial"].rect.center))):
        title = stack.top
        assert isinstance(title, TitleScene)
        start()
        scene = stack.top
        assert isinstance(scene, TableScene)
        play_turns(stack, scene, turns=3, seed=len(games))
        path = ctx.autosave_path
        quit_by_the_menu(stack, scene)
        games[name] = (path, list(scene.session.match.record.steps))
        # Continue brings back the game just left.
        title = stack.top
        assert title.buttons["title.continue"].enabled
        assert title.continue_save.path == path
        assert steps_of(title.continue_save) == games[name][1]

    assert len({path for path, _ in games.values()}) == 3
    assert all(persistence.is_game_file(path) for path, _ in games.values())
    assert games["tutorial"][0].parent == ctx.saves_dir
    overlay = listed(ctx)
    rows = {entry.path: (entry, row) for entry, row in zip(overlay.entries, overlay.rows)}
    assert [e.path for e in overlay.entries] == [games[n][0] for n in ("tutorial", "B", "A")]
    for name, (path, steps) in games.items():
        entry, row = rows[path]
        assert entry.in_progress and row.label() == "Game in progress"
        assert steps_of(entry.entry.save) == steps
        # Opened from the list, the game is at the table with every move it had, and
        # goes on in its own file.
        click(stack, stack.top.buttons["title.load"].rect.center)
        load = stack.top
        assert isinstance(load, LoadOverlay) and load.wait_listed(30)
        i = [e.path for e in load.entries].index(path)
        load._ensure_visible(i)
        click(stack, load.rows[i].rect.center)
        table = stack.top
        assert isinstance(table, TableScene)
        assert table.session.match.record.steps == steps
        assert ctx.autosave_path == path
        quit_by_the_menu(stack, table)
    for path, steps in games.values():
        assert steps_of(persistence.read_save(path)) == steps


def finished_game(seed: int = 4) -> GameSession:
    session = GameSession(setup_against("random", seed))
    session.start()
    rng = random.Random(seed)
    while not session.over:
        session.play(rng.choice(session.legal_actions()))
    return session


def game_in_progress(seed: int = 5, moves: int = 30) -> GameSession:
    session = GameSession(setup_against("random", seed))
    session.start()
    rng = random.Random(seed)
    for _ in range(moves):
        session.play(rng.choice(session.legal_actions()))
    return session


def test_a_finished_game_stays_listed_until_deleted_and_continue_passes_it(flow):
    ctx, stack, launcher = flow
    playing = game_in_progress()
    playing.save(persistence.new_game_path(ctx.data_root))
    time.sleep(0.01)
    finished = finished_game()
    finished_path = persistence.new_game_path(ctx.data_root)
    finished.save(finished_path)
    persistence.write_save(ctx.saves_dir / "evening.json", playing.to_payload())
    title = stack.top
    title.refresh()
    # The finished game was saved last, but Continue resumes the unfinished one.
    assert title.continue_save.path != finished_path
    assert steps_of(title.continue_save) == playing.match.record.steps
    overlay = listed(ctx)
    labels = [row.label() for row in overlay.rows]
    assert labels[0] == "Game in progress"
    assert sorted(labels[1:]) == ["Finished game", "evening"]
    i = [e.path for e in overlay.entries].index(finished_path)
    assert not overlay.entries[i].in_progress
    i18n.set_language("de")
    assert overlay.rows[0].label() == "Laufendes Spiel"
    assert overlay.rows[i].label() == "Beendetes Spiel"
    i18n.set_language("en")
    # It opens at its results, and stays until the person deletes it.
    launcher.open_save(overlay.entries[i].entry.save)
    assert isinstance(stack.top, ResultsScene)
    assert finished_path.exists()
    assert overlay.delete(overlay.entries[i])
    assert not finished_path.exists()


def test_continue_passes_over_finished_games_without_replaying_them(ctx, monkeypatch):
    """A save says whether its game is over, so finished games are not replayed to find
    the game Continue resumes; one without that mark (an earlier version's) is replayed
    once, and not again while it is unchanged."""
    from game.scenes import save_summary
    finished = finished_game()
    finished.save(persistence.new_game_path(ctx.data_root))
    unmarked = finished.to_payload()
    del unmarked["over"]
    persistence.write_save(persistence.autosave_path(ctx.data_root), unmarked)
    replayed = []
    real = save_summary.summarise
    monkeypatch.setattr(save_summary, "summarise", lambda save: replayed.append(1) or
                        real(save))
    assert save_summary.latest_game_in_progress(ctx.saves_dir) == (None, None)
    assert save_summary.latest_game_in_progress(ctx.saves_dir) == (None, None)
    assert len(replayed) == 1
    assert finished.to_payload()["over"] is True
    assert game_in_progress().to_payload()["over"] is False


def test_an_earlier_autosave_becomes_one_game_in_progress(flow):
    """The one autosave of earlier versions stays where it is: Continue resumes it, it
    goes on in that file, and a new game never writes it."""
    ctx, stack, launcher = flow
    old = game_in_progress(seed=8)
    legacy = persistence.autosave_path(ctx.data_root)
    old.save(legacy)
    title = stack.top
    title.refresh()
    assert title.continue_save.path == legacy
    overlay = listed(ctx)
    assert [row.label() for row in overlay.rows] == ["Game in progress"]
    click(stack, title.buttons["title.continue"].rect.center)
    table = stack.top
    assert isinstance(table, TableScene) and ctx.autosave_path == legacy
    play_turns(stack, table, turns=1, seed=1)
    quit_by_the_menu(stack, table)
    steps = steps_of(persistence.read_save(legacy))
    assert len(steps) > len(old.match.record.steps)
    before = legacy.read_bytes()
    launcher.start(setup_against("random", 21))
    new = stack.top
    play_turns(stack, new, turns=1, seed=2)
    quit_by_the_menu(stack, new)
    assert legacy.read_bytes() == before
    assert ctx.autosave_path != legacy and ctx.autosave_path.exists()
    assert len([e for e in listed(ctx).entries if e.in_progress]) == 2


def test_a_manual_save_opened_goes_on_in_a_file_of_its_own(flow):
    ctx, stack, launcher = flow
    session = game_in_progress(seed=9)
    manual = ctx.saves_dir / "checkpoint.json"
    session.save(manual)
    before = manual.read_bytes()
    launcher.open_save(persistence.read_save(manual))
    table = stack.top
    assert isinstance(table, TableScene)
    assert ctx.autosave_path != manual and persistence.is_game_file(ctx.autosave_path)
    play_turns(stack, table, turns=1, seed=3)
    quit_by_the_menu(stack, table)
    assert manual.read_bytes() == before
    assert stack.top.continue_save.path == ctx.autosave_path


def test_a_read_only_window_writes_no_game(flow):
    ctx, stack, launcher = flow
    session = game_in_progress(seed=10)
    path = persistence.new_game_path(ctx.data_root)
    session.save(path)
    before = sorted(os.listdir(ctx.saves_dir)), path.read_bytes()
    ctx.read_only = True
    launcher.open_save(persistence.read_save(path))
    table = stack.top
    play_turns(stack, table, turns=1, seed=4)
    table.quit_to_title()
    assert (sorted(os.listdir(ctx.saves_dir)), path.read_bytes()) == before


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_link_to_a_save_elsewhere_is_opened_but_never_written_or_deleted_through(
        flow, tmp_path):
    """Chosen: deleting a link removes the link alone; the file it leads to is kept, and
    the question before deleting says so."""
    ctx, stack, launcher = flow
    outside = tmp_path / "elsewhere" / "game.json"
    game_in_progress(seed=6).save(outside)
    before = outside.read_bytes()
    ctx.saves_dir.mkdir(parents=True, exist_ok=True)
    for name in ("linked.json", persistence.new_game_path(ctx.data_root).name):
        (ctx.saves_dir / name).symlink_to(outside)
    overlay = listed(ctx)
    assert len(overlay.entries) == 2 and all(e.playable for e in overlay.entries)
    assert all(str(outside) in row.tooltip_text() for row in overlay.rows)
    for entry in list(overlay.entries):
        link = entry.path
        launcher.open_save(entry.entry.save)
        table = stack.top
        assert isinstance(table, TableScene) and ctx.autosave_path != link
        play_turns(stack, table, turns=1, seed=5)
        quit_by_the_menu(stack, table)
        assert outside.read_bytes() == before and link.is_symlink()
    # Deleting: the question names the link and the file kept; only the link goes.
    load = SceneStack()
    load.push(TitleScene(ctx))
    overlay = load.push(LoadOverlay(ctx))
    assert overlay.wait_listed(30)
    links = [e for e in overlay.entries if e.entry.link is not None]
    assert len(links) == 2
    for entry in links:
        confirm = overlay.ask_delete(entry)
        question = " ".join(str(resolve(label.text)) for label in confirm.panels
                            if isinstance(label, Label))
        assert "Only the link is removed" in question and str(outside) in question
        click(load, confirm.yes.rect.center)
        assert not os.path.lexists(entry.path)
    assert outside.read_bytes() == before


def write_dated(path, saved_at: str, payload) -> None:
    doc = persistence.make_envelope(payload)
    doc["saved_at"] = saved_at
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))


EDGE_TIMES = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00",
              "9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00-14:00"]


@pytest.fixture(params=["Europe/Berlin", "UTC", "Pacific/Kiritimati", "Etc/GMT+12"])
def time_zone(request, monkeypatch):
    yield from time_zones.switched(request.param, monkeypatch)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_any_save_time_shows_in_the_load_list_and_on_continue(time_zone, lang, flow):
    """Dates at the ends of the calendar, in any time zone: the Load list, its tooltips
    and the Continue tooltip (the pointer resting on it) show a date or "unknown date"."""
    import re
    ctx, stack, _ = flow
    i18n.set_language(lang)
    unknown = i18n.tr("load.saved_at_unknown")
    payload = game_in_progress(seed=7, moves=5).to_payload()
    for i, when in enumerate(EDGE_TIMES):
        write_dated(persistence.new_game_path(ctx.data_root), when, payload)
        write_dated(ctx.saves_dir / f"manual{i}.json", when, payload)
    title = stack.top
    title.refresh()
    stack.handle_event(motion(title.buttons["title.continue"].rect.center))
    stack.update(HOVER_DELAY + 0.01)
    tip = title.tooltips.text
    assert (tip == i18n.tr("title.continue.tip_unknown")
            or re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", tip))
    stack.draw(pygame.Surface((1280, 720)))
    overlay = stack.push(LoadOverlay(ctx))
    assert overlay.wait_listed(30)
    assert len(overlay.rows) == 2 * len(EDGE_TIMES)
    for row in overlay.rows:
        when = row.lines()[0]
        assert when == unknown or re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", when)
        row.tooltip_text()
    for i in range(len(overlay.rows)):
        overlay._ensure_visible(i)
        stack.draw(pygame.Surface((1280, 720)))
    if time_zone == "Europe/Berlin":
        assert any(row.lines()[0] == unknown for row in overlay.rows)


@pytest.mark.parametrize("when", EDGE_TIMES)
def test_the_pointer_resting_on_continue_shows_any_date(time_zone, when, flow):
    """One game in progress whose save time is at the end of the calendar: the title
    draws, and Continue's tooltip names a date or says "unknown date"."""
    import re
    ctx, stack, _ = flow
    write_dated(persistence.new_game_path(ctx.data_root), when,
                game_in_progress(seed=7, moves=5).to_payload())
    title = stack.top
    title.refresh()
    assert title.buttons["title.continue"].enabled
    stack.handle_event(motion(title.buttons["title.continue"].rect.center))
    stack.update(HOVER_DELAY + 0.01)
    stack.draw(pygame.Surface((1280, 720)))
    tip = title.tooltips.text
    local = re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", tip)
    assert ("unknown date" in tip) != bool(local), tip
    if when in ("0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"):
        assert tip == "Carry on with the game played last (saved at an unknown date)."


def test_loading_another_game_from_the_menu_keeps_every_move_of_the_one_left(flow):
    ctx, stack, launcher = flow
    other = game_in_progress(seed=12)
    other_path = persistence.new_game_path(ctx.data_root)
    other.save(other_path)
    launcher.start(setup_against("random", 13))
    table = stack.top
    play_turns(stack, table, turns=1, seed=6)
    left = ctx.autosave_path
    # A move within the person's turn, not yet saved by the end of a turn.
    assert table.can_act()
    take = next(a for a in table.state.legal_actions() if a[0] != "end")
    table.submit(take)
    steps = list(table.session.match.record.steps)
    assert steps_of(persistence.read_save(left)) != steps
    stack.handle_event(key(pygame.K_ESCAPE))
    click(stack, stack.top.buttons["pause.load"].rect.center)
    load = stack.top
    assert isinstance(load, LoadOverlay) and load.wait_listed(30)
    i = [e.path for e in load.entries].index(other_path)
    load._ensure_visible(i)
    click(stack, load.rows[i].rect.center)
    assert isinstance(stack.top, TableScene) and ctx.autosave_path == other_path
    assert steps_of(persistence.read_save(left)) == steps


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_or_a_device_named_like_a_game_never_hangs_the_title(flow):
    """Named like the game played last, a pipe and a link to a device are refused by
    their type, never opened: the title says why, and Continue offers the game before."""
    ctx, stack, _ = flow
    earlier = persistence.new_game_path(ctx.data_root)
    game_in_progress(seed=14).save(earlier)
    time.sleep(0.01)
    os.mkfifo(persistence.new_game_path(ctx.data_root))
    persistence.new_game_path(ctx.data_root).symlink_to("/dev/zero")
    title = stack.top
    started = time.monotonic()
    title.refresh()
    assert time.monotonic() - started < 5
    assert title.continue_save.path == earlier
    assert title.continue_error.reason in ("pipe", "device")
    assert "cannot be continued" in title.notice_text()
    stack.draw(pygame.Surface((1280, 720)))
