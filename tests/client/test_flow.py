"""Entry points and the whole flow: main.py's routing, `play` opening the window on the
title with a launcher, `bench-client`, and a game started from the title at the real table."""

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from client_events import motion, press, release
from game import cli
from game.scenes import app as app_module
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.setup import SetupDraft, SetupScene
from game.scenes.stack import SceneStack
from game.scenes.title import TitleScene

ROOT = Path(__file__).resolve().parents[2]


def load_main():
    spec = importlib.util.spec_from_file_location("castles_main", ROOT / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def routed(monkeypatch):
    seen = []
    monkeypatch.setattr(cli, "main", lambda argv: seen.append(list(argv)) or 0)
    return seen


@pytest.mark.parametrize("argv, expected", [
    ([], ["play"]),
    (["--windowed"], ["play", "--windowed"]),
    (["play"], ["play"]),
    (["simulate", "--games", "3"], ["simulate", "--games", "3"]),
    (["bench"], ["bench"]),
    (["bench-client", "--frames", "10"], ["bench-client", "--frames", "10"]),
    (["tournament", "--games", "2"], ["tournament", "--games", "2"]),
    (["--help"], ["--help"]),
])
def test_main_py_routes_everything_through_the_cli(routed, argv, expected):
    assert load_main().main(argv) == 0
    assert routed == [expected]


def test_play_opens_the_window(monkeypatch):
    seen = []
    monkeypatch.setattr(app_module, "main", lambda **kw: seen.append(kw) or 0)
    assert cli.main(["play"]) == 0
    assert cli.main(["play", "--windowed"]) == 0
    assert seen == [{"windowed": False}, {"windowed": True}]


def test_bench_client_runs_the_tables_benchmark(monkeypatch):
    from game.scenes.table import bench
    seen = []
    monkeypatch.setattr(bench, "run", lambda args: seen.append(args) or 0)
    assert cli.main(["bench-client", "--frames", "5", "--seed", "3"]) == 0
    (args,) = seen
    assert (args.command, args.frames, args.seed) == ("bench-client", 5, 3)


def test_other_commands_do_not_load_the_window(monkeypatch):
    """simulate must work without touching pygame's table code."""
    seen = []
    monkeypatch.setattr(cli, "simulate", lambda args: seen.append(args.games) or 0)
    monkeypatch.delitem(sys.modules, "game.scenes.table.bench", raising=False)
    assert cli.main(["simulate", "--games", "2"]) == 0
    assert seen == [2]
    assert "game.scenes.table.bench" not in sys.modules


def test_unknown_commands_are_refused(capsys):
    with pytest.raises(SystemExit):
        cli.main(["dance"])
    assert "invalid choice" in capsys.readouterr().err


def test_app_main_opens_the_title_with_a_launcher(monkeypatch, data_root):
    seen = {}

    def run(self):
        seen["top"] = self.stack.top
        seen["launcher"] = self.ctx.launcher
        seen["size"] = self.window.size
        assert self.step(0.016, [])

    monkeypatch.setattr(app_module.App, "run", run)
    try:
        assert app_module.main(windowed=True) == 0
    finally:
        pygame.init()  # main() quits pygame; the other tests need it
    assert isinstance(seen["top"], TitleScene)
    assert isinstance(seen["launcher"], Launcher)
    assert seen["top"].buttons["title.new_game"].enabled


def test_from_the_title_to_the_real_table(data_root):
    """The whole way through the menus to a game at the table, which saves it for
    Continue as soon as it starts."""
    from game.scenes.table import TableScene
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed="instant")
    stack = SceneStack()
    launcher = Launcher(ctx, stack)
    launcher.to_title()

    def click_at(pos):
        for event in (motion(pos), press(pos), release(pos)):
            stack.handle_event(event)

    click_at(stack.top.buttons["title.new_game"].rect.center)
    setup_scene = stack.top
    assert isinstance(setup_scene, SetupScene)
    setup_scene.draft = SetupDraft(seats=[SetupDraft().seats[1]], chateauma="medium")
    setup_scene._build()
    click_at(setup_scene.start_button.rect.center)
    table = stack.top
    assert isinstance(table, TableScene) and len(stack) == 1
    assert table.session.config.chateauma == "medium"
    for _ in range(5):
        stack.update(0.05)
    stack.draw(pygame.Surface((1280, 720)))
    assert ctx.autosave_path.exists()
    table.session.cancel_ai()


def test_cli_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for command in ("play", "simulate", "bench", "bench-client", "tournament"):
        assert command in out

