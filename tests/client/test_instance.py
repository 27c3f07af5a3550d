"""One instance owns the data directory; a second one only looks. Leftovers of writes cut
short by a crash are removed when an instance takes the directory."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from client_events import click

from game.scenes import i18n, persistence
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.persistence import DataDirLock
from game.scenes.stack import SceneStack
from game.scenes.title import AlreadyOpenOverlay, TitleScene
from game.scenes.ui.widgets import Label

ROOT = Path(__file__).resolve().parents[2]
HOLD_LOCK = """
import sys
from game.scenes.persistence import DataDirLock
lock = DataDirLock(sys.argv[1])
print(lock.acquire(), flush=True)
sys.stdin.read()
"""


@pytest.fixture
def other_instance(data_root):
    """Another process holding the data directory's lock."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(data_root)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == DataDirLock.HELD
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def opened(data_root):
    ctx = ClientContext.open(data_root)
    stack = SceneStack()
    Launcher(ctx, stack, table_class=lambda c, s: pytest.fail("no game is opened here"))
    ctx.launcher.to_title()
    return ctx, stack


def test_the_first_instance_holds_the_directory(data_root):
    ctx, stack = opened(data_root)
    try:
        assert ctx.lock is not None and not ctx.read_only
        assert (data_root / ".lock").read_text().strip() == str(os.getpid())
        stack.update(1 / 60)
        assert isinstance(stack.top, TitleScene)
        assert stack.top.buttons["title.new_game"].enabled
    finally:
        ctx.close()


def test_a_second_instance_is_read_only_and_says_so(data_root, other_instance):
    persistence.write_save(persistence.autosave_path(data_root), {"n": 1})
    ctx, stack = opened(data_root)
    title = stack.top
    assert ctx.read_only and ctx.lock is None
    stack.update(1 / 60)
    dialog = stack.top
    assert isinstance(dialog, AlreadyOpenOverlay)
    stack.draw(pygame.Surface((1280, 720)))
    click(stack, dialog.view_button.rect.center)
    assert stack.top is title
    stack.update(1 / 60)
    assert stack.top is title  # told once
    assert not title.buttons["title.new_game"].enabled
    assert not title.buttons["title.tutorial"].enabled  # its game could not be saved
    assert title.buttons["title.continue"].enabled
    assert "nothing is saved" in title.notice_text()
    before = sorted(os.listdir(data_root))
    assert ctx.change_settings(language="de")
    assert ctx.settings.language == "de"
    assert sorted(os.listdir(data_root)) == before  # no settings.json written


def test_exit_from_the_dialog_quits(data_root, other_instance):
    ctx, stack = opened(data_root)
    stack.update(1 / 60)
    click(stack, stack.top.exit_button.rect.center)
    assert ctx.quit_requested


def test_a_read_only_table_never_writes(data_root):
    from table_driver import make_table

    from game.scenes.table.overlays import PauseMenu
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=4)
    path = scene.ctx.autosave_path
    path.unlink()
    scene.ctx.read_only = True
    scene.autosave()
    scene.quit_to_title()
    assert not path.exists()
    menu = stack.push(PauseMenu(scene))
    assert not menu.buttons["pause.save"].enabled


def test_a_read_only_table_promises_no_continue_when_it_is_left(data_root):
    """Leaving a game in a read-only window says it is not saved, in the Quit button's
    tooltip and in the question, instead of promising that Continue brings it back."""
    from table_driver import make_table

    from game.scenes.table.overlays import PauseMenu
    from game.scenes.ui.confirm import ConfirmOverlay
    i18n.set_language("en")
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=4)
    scene.ctx.read_only = True
    menu = stack.push(PauseMenu(scene))
    assert menu.buttons["pause.quit"].tooltip == "pause.quit.tip.read_only"
    menu.buttons["pause.quit"].on_click()
    question = stack.top
    assert isinstance(question, ConfirmOverlay)
    shown = " ".join(label.text() for label in question.panels if hasattr(label, "text"))
    assert "not saved" in shown and "Continue" not in shown


def test_a_crashed_instance_leaves_no_lock_behind(data_root, other_instance):
    other_instance.send_signal(signal.SIGKILL)
    other_instance.wait()
    assert (data_root / ".lock").exists()  # the file stays; the lock died with it
    ctx = ClientContext.open(data_root)
    try:
        assert ctx.lock is not None and not ctx.read_only
    finally:
        ctx.close()


def test_an_undecidable_directory_never_stops_the_game_and_saves_nothing(data_root):
    data_root.parent.mkdir(parents=True, exist_ok=True)
    data_root.write_text("a file where the directory should be")
    ctx = ClientContext.open(data_root)
    assert ctx.lock is None and ctx.read_only
    assert ctx.lock_problem[0] == "error"
    assert "cannot be used" in ctx.read_only_text()
    assert data_root.read_text() == "a file where the directory should be"


def test_released_on_close(data_root):
    ctx = ClientContext.open(data_root)
    ctx.close()
    again = ClientContext.open(data_root)
    try:
        assert again.lock is not None
    finally:
        again.close()


OURS = [".autosave.json.k2j3h4g5.tmp", ".evening.json.a_b1c2d3.tmp"]
OURS_ROOT = [".settings.json.zzzzzzzz.tmp", ".last_setup.json.0123abcd.tmp",
             ".settings.json.broken.q1w2e3r4.tmp"]
THEIRS = [".autosave.json.tmp", "notes.tmp", ".mydoc.txt.abcdefgh.tmp",
          ".autosave.json.TOOLONG12.tmp", "autosave.json.k2j3h4g5.tmp"]


def make_leftovers(data_root):
    saves = persistence.saves_dir(data_root)
    saves.mkdir(parents=True)
    for name in OURS + THEIRS:
        (saves / name).write_text("partial")
    for name in OURS_ROOT:
        (data_root / name).write_text("partial")
    (saves / ".other.json.dirdir00.tmp").mkdir()
    return saves


def test_stale_temp_files_are_removed_at_start(data_root):
    saves = make_leftovers(data_root)
    persistence.write_save(saves / "evening.json", {"n": 1})
    ctx = ClientContext.open(data_root)
    try:
        assert sorted(os.listdir(saves)) == sorted(THEIRS + [".other.json.dirdir00.tmp",
                                                             "evening.json"])
        assert not any(name.endswith(".tmp") for name in os.listdir(data_root))
    finally:
        ctx.close()


def test_a_read_only_instance_removes_nothing(data_root, other_instance):
    saves = make_leftovers(data_root)
    ClientContext.open(data_root)
    assert set(OURS) <= set(os.listdir(saves))
    assert set(OURS_ROOT) <= set(os.listdir(data_root))


def test_young_temp_files_can_be_spared(data_root):
    saves = make_leftovers(data_root)
    assert persistence.remove_stale_temp_files(data_root, min_age=3600) == []
    assert set(OURS) <= set(os.listdir(saves))


# --- a lock file that is not what the game made -------------------------------------------

OPEN_CLIENT = """
import sys
from game.scenes.context import ClientContext
ctx = ClientContext.open(sys.argv[1])
problem = ctx.lock_problem[0] if ctx.lock_problem else "busy" if ctx.read_only else None
print(ctx.read_only, problem, flush=True)
sys.stdin.read()
ctx.close()
"""


@pytest.fixture
def instances(data_root):
    """Start client contexts in processes of their own, each as the game opens its data
    directory; each answers (read-only, the lock's problem) and holds on until the end."""
    procs = []

    def start():
        proc = subprocess.Popen([sys.executable, "-c", OPEN_CLIENT, str(data_root)],
                                cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True)
        procs.append(proc)
        read_only, problem = proc.stdout.readline().split()
        return read_only == "True", None if problem == "None" else problem

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def test_a_lock_linked_to_a_file_elsewhere_is_never_followed(data_root, tmp_path, instances):
    precious = tmp_path / "precious.txt"
    precious.write_text("precious data")
    data_root.mkdir()
    (data_root / ".lock").symlink_to(precious)
    assert instances() == (True, "symlink")
    assert instances() == (True, "symlink")
    assert precious.read_text() == "precious data"
    assert os.path.islink(data_root / ".lock")
    ctx = ClientContext.open(data_root)
    assert ctx.read_only and "symbolic link" in ctx.read_only_text()
    assert ".lock" in ctx.read_only_text("instance.text")


def test_a_dangling_lock_link_creates_nothing(data_root, tmp_path, instances):
    target = tmp_path / "elsewhere" / "created.txt"
    target.parent.mkdir()
    data_root.mkdir()
    (data_root / ".lock").symlink_to(target)
    assert instances() == (True, "symlink")
    assert not target.exists()


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_a_lock_that_is_no_file_makes_every_instance_read_only(data_root, instances, kind):
    data_root.mkdir()
    lock = data_root / ".lock"
    if kind == "directory":
        lock.mkdir()
        (lock / "inside").write_text("kept")
    else:
        os.mkfifo(lock)
    first, second = instances(), instances()
    assert first == second == (True, "not_file")
    if kind == "directory":
        assert os.listdir(lock) == ["inside"] and (lock / "inside").read_text() == "kept"


def test_a_lock_file_with_other_content_is_locked_but_never_written(data_root, tmp_path,
                                                                     instances):
    data_root.mkdir()
    lock = data_root / ".lock"
    lock.write_text("notes someone keeps here\n")
    assert instances() == (False, None)
    assert instances() == (True, "busy")   # the lock itself still works
    assert lock.read_text() == "notes someone keeps here\n"


def test_a_lock_file_hard_linked_elsewhere_is_never_written(data_root, tmp_path, instances):
    precious = tmp_path / "precious.txt"
    precious.write_text("12\n")   # looks like a process id, but is another file's
    data_root.mkdir()
    os.link(precious, data_root / ".lock")
    assert instances() == (False, None)
    assert precious.read_text() == "12\n"


def test_the_pid_goes_only_into_the_games_own_lock_file(data_root, instances):
    assert instances() == (False, None)
    lock = data_root / ".lock"
    assert lock.read_text().strip().isdigit()
    assert instances() == (True, "busy")


def test_the_title_says_why_the_lock_cannot_be_taken(data_root):
    data_root.mkdir()
    (data_root / ".lock").mkdir()
    _, stack = opened(data_root)
    title = stack.top
    stack.update(1 / 60)
    dialog = stack.top
    assert isinstance(dialog, AlreadyOpenOverlay)
    stack.draw(pygame.Surface((1280, 720)))
    (label,) = [p for p in dialog.panels if isinstance(p, Label)]
    assert "not an ordinary file" in label.text()
    click(stack, dialog.view_button.rect.center)
    assert stack.top is title
    assert "not an ordinary file" in title.notice_text()
    assert not title.buttons["title.new_game"].enabled


# --- a read-only game at the table -----------------------------------------------------------

def _saved_game(data_root):
    """A game in progress saved under saves/, as a person would load it."""
    import random

    from game.rules import GameConfig
    from game.scenes.session import GameSession, GameSetup, SeatSpec
    session = GameSession(GameSetup(GameConfig(players=2), (
        SeatSpec("human", "Ann", 0), SeatSpec("ai", "Ben", 1, "random")), seed=9,
        handoff=False))
    session.start()
    rng = random.Random(9)
    while len(session.match.record.steps) < 20 or not session.is_human_turn():
        session.play(rng.choice(session.legal_actions()))
    path = persistence.saves_dir(data_root) / "evening.json"
    session.save(path)
    return path


def _band(surface):
    """The strip along the top edge where the read-only notice is drawn."""
    w, h = surface.get_size()
    return pygame.image.tobytes(surface.subsurface((w // 4, 0, w // 2, h // 20)), "RGB")


def test_a_game_loaded_in_a_read_only_window_says_so_at_the_table(data_root, other_instance):
    from game.scenes.launcher import ReadOnlyNotice
    from game.scenes.results import ResultsScene
    from game.scenes.table import TableScene
    path = _saved_game(data_root)
    before = path.read_bytes()
    ctx = ClientContext.open(data_root)
    stack = SceneStack()
    launcher = Launcher(ctx, stack, TableScene)
    (notice,) = [layer for layer in stack.layers if isinstance(layer, ReadOnlyNotice)]
    launcher.to_title()
    assert ctx.read_only and not notice.shown(stack.visible())   # the title says it itself
    table = launcher.open_save(persistence.read_save(path)) and stack.top
    assert isinstance(table, TableScene)
    for _ in range(3):
        stack.update(1 / 30)
    assert notice.shown(stack.visible())
    assert i18n.tr("table.read_only") == "read-only: this game is not saved"
    with_notice, without = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    stack.draw(with_notice)
    ctx.read_only = False
    stack.draw(without)
    ctx.read_only = True
    assert _band(with_notice) != _band(without)
    assert not notice.shown([])   # a layer over nothing draws nothing
    # Play again from the results: the new game says it too, and nothing is written.
    launcher.show_results(table.session)
    assert isinstance(stack.top, ResultsScene) and not notice.shown(stack.visible())
    stack.top.play_again()
    assert isinstance(stack.top, TableScene) and stack.top is not table
    assert notice.shown(stack.visible())
    stack.top.autosave()
    assert path.read_bytes() == before
    assert not ctx.autosave_path.exists()
    assert not (data_root / "last_setup.json").exists()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_read_only_notice_is_drawn_in_the_current_language(data_root, lang):
    from game.scenes.launcher import ReadOnlyNotice

    class Playing:
        pass

    ctx = ClientContext.load(data_root)
    ctx.read_only = True
    stack = SceneStack()
    launcher = Launcher(ctx, stack, lambda c, s: pytest.fail("no table here"))
    launcher.playing = Playing()
    i18n.set_language(lang)
    notice = ReadOnlyNotice(ctx, launcher)
    surface = pygame.Surface((1024, 576))
    notice.draw(surface, [launcher.playing])
    assert _band(surface) != _band(pygame.Surface((1024, 576)))
