"""The frame loop draws only when the picture may have changed, and the client starts
quietly (no greeting, no audio device)."""

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from client_events import motion
from table_driver import make_table, settle
from game.scenes import synth
from game.scenes.app import App, create_window
from game.scenes.context import ClientContext
from game.scenes.settings_menu import SettingsOverlay
from game.scenes.title import TitleScene

FRAME = 1 / 60
ROOT = Path(__file__).resolve().parents[2]


class Counted:
    """Counts the frames the loop draws, by watching the stack's draw."""

    def __init__(self, app):
        self.app = app
        self.frames = 0
        draw = app.stack.draw

        def counting(surface):
            self.frames += 1
            draw(surface)
        app.stack.draw = counting

    def run(self, frames, events=()):
        """Steps ``frames`` frames (``events`` in the first); returns the frames drawn."""
        before = self.frames
        for i in range(frames):
            assert self.app.step(FRAME, list(events) if i == 0 else [])
        return self.frames - before


@pytest.fixture
def window():
    w = create_window()
    yield w
    w.destroy()


@pytest.fixture
def title(window, data_root):
    ctx = ClientContext.load(data_root)
    app = App(window, ctx)
    app.stack.push(TitleScene(ctx))
    yield Counted(app)
    app.stack.clear()


def table_app(window, data_root, kinds, speed="instant"):
    stack, scene, _ = make_table(data_root, kinds=kinds, speed=speed)
    app = App(window, scene.ctx, stack)
    return Counted(app), scene


def test_an_idle_title_is_not_drawn_again(title):
    title.run(5)
    assert title.run(300) == 0


def test_input_draws_a_frame(title):
    title.run(5)
    button = title.app.stack.top.buttons["title.load"]
    pos = title.app.viewport.to_window(*button.rect.center)
    assert title.run(1, [motion(pos)]) == 1


def test_a_window_event_draws_a_frame(title):
    title.run(5)
    assert title.run(1, [pygame.event.Event(pygame.WINDOWEXPOSED)]) == 1


def test_a_scene_pushed_without_input_is_drawn(title):
    title.run(5)
    title.app.stack.push(SettingsOverlay(title.app.ctx))
    assert title.run(1) == 1


def test_a_tooltip_appears_after_its_delay_without_input(title):
    title.run(5)
    button = title.app.stack.top.buttons["title.load"]
    pos = title.app.viewport.to_window(*button.rect.center)
    title.run(1, [motion(pos)])
    scene = title.app.stack.top
    frames = 0
    while scene.tooltips.text is None:
        frames += title.run(1)
        assert frames < 120, "the tooltip never appeared"
    assert title.run(1) == 1  # the frame that shows it
    title.run(5)
    assert title.run(120) == 0


def test_a_person_thinking_at_the_table_is_not_drawn_again(window, data_root):
    app, scene = table_app(window, data_root, ("human", "random"))
    while not scene.can_act():
        app.run(1)
    app.run(5)
    assert app.run(300) == 0
    assert scene.can_act()


def test_a_sound_still_ringing_does_not_draw_the_table(window, data_root):
    """Sound plays on the mixer's own thread: a long cue ringing out while a person
    thinks keeps the frame loop idle."""
    app, scene = table_app(window, data_root, ("human", "random"))
    while not scene.can_act():
        app.run(1)
    app.run(5)
    assert scene.ctx.sound.play(synth.GAME_END)
    assert app.run(60) == 0
    assert pygame.mixer.get_busy()  # the fanfare is still playing
    pygame.mixer.stop()


def test_animations_are_drawn_every_frame(window, data_root):
    app, scene = table_app(window, data_root, ("human", "random"), speed="normal")
    assert scene.busy  # the opening: the dice roll in
    frames = 0
    while scene.busy:
        assert app.run(1) == 1
        frames += 1
    assert frames > 10


def test_ai_moves_appear_without_input(window, data_root):
    app, scene = table_app(window, data_root, ("random", "random"))
    app.run(5)
    first = len(scene.log.entries)
    deadline = time.monotonic() + 30  # the AI thinks on its thread, in real time
    while len(scene.log.entries) <= first:
        assert scene.session.is_ai_turn() or scene.busy
        assert app.run(1) == 1
        assert time.monotonic() < deadline, "no AI move appeared"
        time.sleep(0.002)


def test_a_hint_is_polled_and_shown_without_input(window, data_root):
    app, scene = table_app(window, data_root, ("human", "random"))
    settle(app.app.stack, scene)
    app.run(5)
    scene.ask_hint()
    deadline = time.monotonic() + 30  # the hint's search takes its budget in real time
    while scene.hint_action is None:
        app.run(1)
        assert time.monotonic() < deadline, "the hint never arrived"
        time.sleep(0.002)
    assert app.run(1) == 1


def test_the_client_starts_without_greeting_or_audio_messages(tmp_path):
    """main.py under SDL's dummy video driver, audio left to SDL's own choice: nothing on
    the console, and the audio device is never opened."""
    script = textwrap.dedent("""
        import sys, threading
        sys.path.insert(0, {root!r})
        import main
        import pygame

        def leave():
            # a loaded machine may take longer to start the video system: the QUIT event
            # cannot be posted before it
            if not pygame.display.get_init():
                threading.Timer(0.25, leave).start()
                return
            if pygame.mixer.get_init():
                print("the mixer was initialised")
            pygame.event.post(pygame.event.Event(pygame.QUIT))

        threading.Timer(1.5, leave).start()
        sys.exit(main.main(["--windowed"]))
    """).format(root=str(ROOT))
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env.update(SDL_VIDEODRIVER="dummy", CASTLES_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr == ""
