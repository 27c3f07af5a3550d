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

from game.scenes import persistence
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.persistence import DataDirLock
from game.scenes.stack import SceneStack
from game.scenes.title import AlreadyOpenOverlay, TitleScene

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


def test_a_crashed_instance_leaves_no_lock_behind(data_root, other_instance):
    other_instance.send_signal(signal.SIGKILL)
    other_instance.wait()
    assert (data_root / ".lock").exists()  # the file stays; the lock died with it
    ctx = ClientContext.open(data_root)
    try:
        assert ctx.lock is not None and not ctx.read_only
    finally:
        ctx.close()


def test_an_undecidable_directory_never_stops_the_game(data_root):
    data_root.parent.mkdir(parents=True, exist_ok=True)
    data_root.write_text("a file where the directory should be")
    ctx = ClientContext.open(data_root)
    assert ctx.lock is None and not ctx.read_only


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
