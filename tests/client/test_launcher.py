"""The launcher's transitions: title, setup, table, results, and opening saves, with a
stand-in table scene."""

import json

import pygame
import pytest

from client_events import click, key, motion, press, release
from game.rules import GameConfig
from game.scenes import persistence
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.ui.confirm import MessageOverlay
from game.scenes.load_menu import LoadOverlay
from game.scenes.results import ResultsScene
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.setup import SetupDraft, SetupScene, last_setup_path, load_last_setup
from game.scenes.stack import Scene, SceneStack
from game.scenes.title import TitleScene


class StubTable(Scene):
    """Stands in for the table scene: records what it was given."""

    def __init__(self, ctx, session):
        super().__init__()
        self.ctx = ctx
        self.session = session


@pytest.fixture
def ctx(data_root):
    return ClientContext.load(data_root)


@pytest.fixture
def stack():
    return SceneStack()


@pytest.fixture
def launcher(ctx, stack):
    flow = Launcher(ctx, stack, StubTable)
    flow.to_title()
    return flow


def click_at(stack, pos):
    for event in (motion(pos), press(pos), release(pos)):
        stack.handle_event(event)


def two_people(seed=3):
    return GameSetup(GameConfig(players=2), (SeatSpec("human", "Ann", 0),
                                             SeatSpec("human", "Ben", 1)), seed=seed)


def play_some(session, decisions):
    session.start()
    for _ in range(decisions):
        session.play(session.legal_actions()[0])


def finish(session):
    session.start()
    while not session.over:
        session.play(session.legal_actions()[0])


def test_the_launcher_is_the_contexts(ctx, launcher):
    assert ctx.launcher is launcher
    assert isinstance(launcher.stack.top, TitleScene) and len(launcher.stack) == 1


def test_title_to_setup_to_table(ctx, stack, launcher):
    title = stack.top
    assert title.buttons["title.new_game"].enabled
    click_at(stack, title.buttons["title.new_game"].rect.center)
    setup = stack.top
    assert isinstance(setup, SetupScene) and stack.scenes == (title, setup)
    click_at(stack, setup.start_button.rect.center)
    table = stack.top
    assert isinstance(table, StubTable) and stack.scenes == (table,)
    assert table.session.setup == load_last_setup(ctx.data_root)
    assert table.session.setup.seats == SetupDraft().build(1).seats


def test_back_from_setup_returns_to_the_title(stack, launcher):
    title = stack.top
    launcher.new_game()
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is title


def test_a_new_game_starts_from_the_last_setup(ctx, stack, launcher):
    setup = SetupDraft(seats=[SetupDraft().seats[0]], chateauma="hard", modifiers="D",
                       rules="yucata").build(seed=8)
    launcher.start(setup)
    launcher.to_title()
    launcher.new_game()
    assert stack.top.draft == SetupDraft.from_setup(setup)


def test_continue_resumes_the_autosaved_game(ctx, stack, launcher):
    session = GameSession(two_people())
    play_some(session, 30)
    session.save(ctx.autosave_path)
    title = stack.top
    title.refresh()
    assert title.buttons["title.continue"].enabled
    click_at(stack, title.buttons["title.continue"].rect.center)
    table = stack.top
    assert isinstance(table, StubTable) and stack.scenes == (table,)
    assert table.session.state.to_json() == session.state.to_json()
    assert table.session.setup == session.setup


def test_a_game_killed_midway_continues_from_its_last_autosave(ctx, stack, launcher):
    """Whatever was written last is whole (atomic writes), so a crash loses at most the
    turn in progress."""
    session = GameSession(two_people(seed=5))
    play_some(session, 10)
    session.save(ctx.autosave_path)
    saved = session.state.to_json()
    play_some(session, 5)  # played, never saved: the process dies here
    del session
    fresh = Launcher(ctx, SceneStack(), StubTable)
    fresh.to_title()
    title = fresh.stack.top
    click_at(fresh.stack, title.buttons["title.continue"].rect.center)
    assert fresh.stack.top.session.state.to_json() == saved


def test_a_damaged_autosave_is_explained_and_left_untouched(ctx, stack, launcher):
    session = GameSession(two_people())
    play_some(session, 5)
    session.save(ctx.autosave_path)
    damaged = ctx.autosave_path.read_bytes()[:-40]
    ctx.autosave_path.write_bytes(damaged)
    title = stack.top
    title.refresh()
    cont = title.buttons["title.continue"]
    assert not cont.enabled
    assert "incomplete" in cont.tooltip_text()
    assert "incomplete" in title.notice_text()
    click_at(stack, cont.rect.center)
    assert stack.top is title
    assert ctx.autosave_path.read_bytes() == damaged


def test_a_save_that_does_not_replay_shows_a_message(ctx, stack, launcher):
    session = GameSession(two_people())
    play_some(session, 5)
    session.save(ctx.autosave_path)
    doc = json.loads(ctx.autosave_path.read_text())
    doc["payload"]["record"]["steps"][-1] = {"action": "place 9 zz@99"}
    text = json.dumps(doc)
    ctx.autosave_path.write_text(text)
    title = stack.top
    title.refresh()
    click_at(stack, title.buttons["title.continue"].rect.center)
    dialog = stack.top
    assert isinstance(dialog, MessageOverlay) and stack.scenes == (title, dialog)
    assert ctx.autosave_path.name in dialog.message()
    assert "has not been changed" in dialog.message()
    stack.draw(pygame.Surface((1280, 720)))
    stack.handle_event(key(pygame.K_RETURN))
    assert stack.top is title
    assert ctx.autosave_path.read_text() == text


def test_a_finished_game_opens_its_results(ctx, stack, launcher):
    session = GameSession(two_people(seed=4))
    finish(session)
    session.save(ctx.saves_dir / "done.json")
    launcher.open_save(persistence.read_save(ctx.saves_dir / "done.json"))
    results = stack.top
    assert isinstance(results, ResultsScene) and stack.scenes == (results,)
    assert results.ranking == session.state.ranking()
    assert results.chart.series == session.history.series()


def test_load_from_the_title_opens_the_chosen_game(ctx, stack, launcher):
    session = GameSession(two_people(seed=6))
    play_some(session, 12)
    session.save(ctx.saves_dir / "evening.json")
    click_at(stack, stack.top.buttons["title.load"].rect.center)
    overlay = stack.top
    assert isinstance(overlay, LoadOverlay)
    assert overlay.wait_listed(10)
    (row,) = overlay.rows
    click_at(stack, row.rect.center)
    assert isinstance(stack.top, StubTable) and len(stack) == 1
    assert stack.top.session.state.to_json() == session.state.to_json()


def test_the_table_hands_over_to_results_and_back_to_the_title(ctx, stack, launcher):
    session = GameSession(two_people(seed=2))
    launcher.start(session.setup)
    table = stack.top
    finish(table.session)
    launcher.show_results(table.session)  # what the table does once the game is over
    results = stack.top
    assert isinstance(results, ResultsScene) and stack.scenes == (results,)
    assert table.stack is None
    click(stack, results.again_button.rect.center)
    again = stack.top
    assert isinstance(again, StubTable)
    assert again.session.setup.seats == session.setup.seats
    assert again.session.setup.seed != session.setup.seed
    launcher.to_title()
    assert isinstance(stack.top, TitleScene) and len(stack) == 1


def test_a_setup_that_cannot_be_remembered_still_starts(ctx, stack, launcher, monkeypatch):
    path = last_setup_path(ctx.data_root)
    path.mkdir(parents=True)  # a directory where the file should go: writing fails
    launcher.start(two_people())
    assert isinstance(stack.top, StubTable)
    assert any(n.key == "launcher.setup_not_saved" for n in ctx.notices)


def test_the_real_table_is_the_default(ctx):
    flow = Launcher(ctx, SceneStack())
    from game.scenes.table import TableScene
    assert flow.table_class is TableScene


KILLED_GAME = """
import sys
from pathlib import Path
from game.rules import GameConfig
from game.scenes.session import GameSession, GameSetup, SeatSpec
setup = GameSetup(GameConfig(players=2), (SeatSpec("ai", "A", 0, "random"),
                                          SeatSpec("ai", "B", 1, "random")), seed=13)
session = GameSession(setup)
session.start()
turns = 0
while not session.over:
    seat = session.state.current_player
    move = session.think()
    move.wait(30)
    session.play(move.result())
    if session.state.current_player != seat:  # saved after every turn, as the table does
        session.save(Path(sys.argv[1]))
        turns += 1
        print(turns, flush=True)
"""


def test_continue_after_the_process_was_killed(ctx, stack, launcher):
    """A game process killed (SIGKILL) while it saves after every turn leaves a whole
    autosave that Continue resumes."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-c", KILLED_GAME, str(ctx.autosave_path)],
                            cwd=root, stdout=subprocess.PIPE, text=True)
    try:
        for _ in range(40):
            assert proc.stdout.readline()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    title = stack.top
    title.refresh()
    click_at(stack, title.buttons["title.continue"].rect.center)
    table = stack.top
    assert isinstance(table, StubTable)
    assert not table.session.over and len(table.session.history.series()) >= 2
    name = ctx.autosave_path.name
    leftovers = [p.name for p in ctx.saves_dir.iterdir() if p.name != name]
    assert all(leftover.startswith(f".{name}.") for leftover in leftovers)
