"""The tutorial: its script follows the game from its seed to the end of phase A, never
sticks whatever the person does, can be left at any moment for a normal game, and says
everything in both languages within its box."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from dataclasses import replace

import pygame
import pytest
import client_events
from client_events import click
from positions import advance_tutorial, table_at
from table_driver import spot_centre

from game.ai import make_player
from game.rules import action_text
from game.scenes import i18n
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.layout import Canvas
from game.scenes.persistence import read_save
from game.scenes.session import GameSession
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene
from game.scenes.table import hint_panel, tutorial_panel
from game.scenes.table.tutorial_panel import TutorialPanel, fits
from game.scenes.tutorial import (LESSONS, OPPONENT, PERSON, SEED, Tutorial, lesson_keys,
                                  tutorial_setup)
from game.scenes.ui.confirm import ConfirmOverlay

LESSON_IDS = [lesson.id for lesson in LESSONS]


class Run:
    """A tutorial game played at the rules level: the opponent is the session's own Easy
    AI player, the person a policy; every event reaches the script as the table would
    pass it on."""

    def __init__(self, seed: int = SEED) -> None:
        self.session = GameSession(replace(tutorial_setup(), seed=seed))
        self.tutorial = Tutorial()
        self.completed: list[str] = []   # lessons done by an event, in order
        self.feed(self.session.start())

    def steps(self) -> int:
        return len(self.session.match.record.steps)

    def feed(self, events: list) -> None:
        for event in events:
            lesson = self.tutorial.lesson.id
            if self.tutorial.shown(event, self.steps()):
                self.completed.append(lesson)

    def play(self, action) -> None:
        self.feed(self.session.play(action))

    def opponent_moves(self) -> None:
        player, _ = self.session.ai_player(OPPONENT)
        self.play(player.choose(self.session.state))

    def check_areas(self) -> None:
        """What the script points at exists in the position."""
        state = self.session.state
        for kind, key in self.tutorial.areas(state):
            if kind == "depot":
                depot, slot = key
                row = state.black if depot == 0 else state.depots[depot - 1]
                assert row[slot] >= 0, (kind, key)
            elif kind == "storage":
                assert state.players[PERSON].storage[key] >= 0
            elif kind == "choice":
                assert key in state.legal_actions()


def advised(run: Run):
    t, state = run.tutorial, run.session.state
    return t.lesson.advice(state, t.wanted(state))[0]


def test_the_script_completes_for_its_seed_when_its_advice_is_followed():
    run = Run()
    fallback = make_player("easy", seed=5)
    shown = []
    for _ in range(500):
        t = run.tutorial
        if t.finished:
            break
        t.sync(run.session.state, run.steps())
        run.check_areas()
        status = t.status(run.session.state)
        shown.append((t.lesson.id, status))
        if status == "read":
            t.next(run.steps())
        elif run.session.is_ai_turn():
            run.opponent_moves()
        elif status == "do":
            run.play(advised(run))
        else:
            assert t.lesson.id == "play_on", shown[-1]   # the person plays on freely
            run.play(fallback.choose(run.session.state))
    assert run.tutorial.finished
    # Every lesson that asks for an action was done, by the person, in the script's order;
    # the phase ended while the tutorial waited for it.
    asked = [lesson.id for lesson in LESSONS if lesson.asks]
    assert run.completed == asked + ["play_on"]
    assert ("take", "later") not in shown and ("sell", "later") not in shown
    assert run.session.state.phase == 1 and run.session.state.round == 0


def test_the_seed_takes_a_ship_places_it_and_sells_in_the_first_two_turns():
    """The lessons' texts speak of these moves; the seed is chosen for them."""
    run = Run()
    state = run.session.state
    assert state.current_player == PERSON and run.session.setup.seats[OPPONENT].tier == "easy"
    run.tutorial.next(run.steps())
    run.tutorial.next(run.steps())
    assert action_text(advised(run)) == "take 1 1/1"
    run.play(advised(run))
    run.play(advised(run))
    assert run.session.state.decision == "ship" and run.tutorial.lesson.id == "ship"


def test_notes_wait_for_next_and_actions_for_their_events():
    run = Run()
    t = run.tutorial
    assert t.lesson.id == "welcome" and t.status(run.session.state) == "read"
    run.play(("workers", 0))    # not what any lesson so far asks: the script waits
    assert t.lesson.id == "welcome"
    t.next(run.steps())
    t.next(run.steps())
    assert t.lesson.id == "take" and t.status(run.session.state) == "do"
    # The opponent's events never complete a lesson for the person.
    run.play(("workers", 1))
    run.play(("end",))
    assert t.lesson.id == "take"
    while run.session.is_ai_turn():
        assert t.status(run.session.state) == "wait"
        assert "wait" in t.aside(run.session.state, "AI 2").lower()
        run.opponent_moves()
    assert t.lesson.id == "take"


def test_a_lesson_not_possible_now_says_why_and_can_be_skipped():
    run = Run()
    t = run.tutorial
    t.next(run.steps())
    t.next(run.steps())
    t.next(run.steps())   # skip taking a tile: nothing in storage to place
    assert t.lesson.id == "place" and t.status(run.session.state) == "later"
    assert t.aside(run.session.state, "AI 2") == i18n.tr("tutorial.place.later")
    assert t.next_label() == i18n.tr("tutorial.skip")
    t.next(run.steps())
    assert t.lesson.id == "ship" and t.status(run.session.state) == "later"


def test_a_ship_placed_early_brings_its_lesson_forward():
    run = Run()
    t = run.tutorial
    assert t.lesson.id == "welcome"
    take = [a for a in run.session.legal_actions() if action_text(a) == "take 1 1/1"][0]
    run.play(take)
    place = [a for a in run.session.legal_actions() if a[0] == "place" and a[1] == 1][0]
    run.play(place)
    t.sync(run.session.state, run.steps())
    assert run.session.state.decision == "ship" and t.lesson.id == "ship"
    assert t.status(run.session.state) == "do"
    run.play(advised(run))
    assert t.lesson.id == "end_turn"


def test_taking_a_move_back_takes_back_the_lesson_it_completed():
    run = Run()
    t = run.tutorial
    t.next(run.steps())
    t.next(run.steps())
    run.play(advised(run))
    assert t.lesson.id == "place"
    run.session.undo()
    t.sync(run.session.state, run.steps())
    assert t.lesson.id == "take" and t.status(run.session.state) == "do"


@pytest.mark.parametrize("seed", range(6))
def test_the_script_never_sticks_whatever_the_person_plays(seed):
    """A person who plays at random, does what a lesson asks only now and then, and
    presses Next when a lesson cannot be done: the script still reaches its end within
    two phases, and never points at what is not there."""
    run = Run(SEED + seed)
    rng = random.Random(seed)
    for _ in range(3000):
        t = run.tutorial
        if t.finished or run.session.over:
            break
        t.sync(run.session.state, run.steps())
        run.check_areas()
        status = t.status(run.session.state)
        if status in ("read", "later") and rng.random() < 0.5:
            t.next(run.steps())
        elif run.session.is_ai_turn():
            run.opponent_moves()
        elif not t.deciding(run.session.state):
            run.feed(run.session.resolve_chance())
        elif status == "do" and rng.random() < 0.3:
            run.play(rng.choice(t.wanted(run.session.state)))
        else:
            run.play(rng.choice(run.session.legal_actions()))
    assert run.tutorial.finished
    assert run.session.state.phase <= 1


def test_the_script_holds_no_pygame():
    code = ("import sys; import game.scenes.tutorial; "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- the texts ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_lesson_has_its_texts_in_both_languages(lang):
    keys = lesson_keys() + ["title.tutorial", "title.tutorial.tip", "tutorial.leave",
                            "tutorial.leave.tip", "tutorial.leave.confirm",
                            "tutorial.next.tip", "tutorial.skip.tip", "tutorial.finish.tip"]
    for key in keys:
        text = i18n.tr(key, lang, name="AI 2", step=1, steps=12)
        assert text.strip(), key
        if lang == "de" and key not in ("tutorial.progress",):
            assert text != i18n.tr(key, "en", name="AI 2"), f"{key} is not translated"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_lesson_fits_its_box_whole(lang, size):
    canvas = Canvas(pygame.Surface(size))
    for lesson in LESSONS:
        body = i18n.tr(f"tutorial.{lesson.id}.text", lang, name="Spieler 16 Zeich")
        asides = [""]
        if lesson.asks:
            asides += [i18n.tr(f"tutorial.{lesson.id}.later", lang),
                       i18n.tr("tutorial.wait_turn", lang, name="Spieler 16 Zeich")]
        for aside in asides:
            assert fits(canvas, body, aside), (lesson.id, aside)


# --- at the table ---------------------------------------------------------------------------

def tutorial_at_table(data_root):
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed="instant")
    stack = SceneStack()
    launcher = Launcher(ctx, stack)
    launcher.to_title()
    title = stack.top
    assert title.buttons["title.tutorial"].enabled
    click(stack, title.buttons["title.tutorial"].rect.center)
    scene = stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.tutorial, TutorialPanel)
    return ctx, stack, scene


def settle(stack, scene, seconds=60.0):
    """Update until the person may act; the AI player thinks on a thread in real time,
    so this waits by the clock, not by a count of frames."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if scene.can_act() or scene.session.over:
            return
        stack.update(1 / 60)
        if scene.session.is_ai_turn():
            time.sleep(0.002)
    raise AssertionError("the table never became ready")


def test_the_title_starts_the_tutorial_at_a_table_with_its_panel(data_root):
    ctx, stack, scene = tutorial_at_table(data_root)
    panel = scene.tutorial
    assert scene.session.setup.seed == SEED
    assert [s.kind for s in scene.session.seats] == ["human", "ai"]
    assert panel.next_button in scene.panels and panel.leave_button in scene.panels
    settle(stack, scene)
    assert panel.tutorial.lesson.id == "welcome"
    assert [s[0] for s in panel.shapes()] == ["rect"]          # the estate
    click(stack, panel.next_button.rect.center)
    stack.update(1 / 60)
    assert panel.tutorial.lesson.id == "dice"
    # The tutorial never changes the remembered setup of a new game.
    assert not (ctx.data_root / "last_setup.json").exists()


def test_the_tutorial_at_the_table_follows_clicks_and_points_at_its_targets(data_root):
    ctx, stack, scene = tutorial_at_table(data_root)
    panel = scene.tutorial
    advance_tutorial(stack, scene, "take")
    hexes = [where for shape, where, _ in panel.shapes() if shape == "hex"]
    assert hexes, "the advised tile is ringed"
    assert panel.animating()                 # a new target pulses...
    for _ in range(400):
        stack.update(1 / 60)
    assert not panel.animating() and not scene.animating()   # ...then holds still
    # The person clicks the die and the tile, as the lesson says.
    take = panel.tutorial.lesson.advice(scene.state, panel.tutorial.wanted(scene.state))[0]
    click(stack, spot_centre(scene, "die", take[1]))
    click(stack, spot_centre(scene, "depot", (take[2], take[3])))
    settle(stack, scene)
    assert panel.tutorial.lesson.id == "place"
    advance_tutorial(stack, scene, "ship")
    assert [k for k, _ in panel.tutorial.areas(scene.state)].count("choice") == 1
    assert scene.choices.buttons


def test_leaving_mid_way_leaves_a_normal_game_that_goes_on_and_is_saved(data_root):
    ctx, stack, scene = tutorial_at_table(data_root)
    advance_tutorial(stack, scene, "place")
    panel = scene.tutorial
    click(stack, panel.leave_button.rect.center)
    assert isinstance(stack.top, ConfirmOverlay)
    click(stack, stack.top.yes.rect.center)
    assert stack.top is scene and scene.tutorial is None
    assert panel.next_button not in scene.panels and panel.leave_button not in scene.panels
    # The game goes on: the person plays, the AI answers, the log is back.
    scene.submit(("workers", 1))
    settle(stack, scene)
    scene.submit(("end",))
    settle(stack, scene)
    assert scene.state.current_player == PERSON and scene.state.round >= 1
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    # Saved like any game: Continue resumes it, without the tutorial.
    saved = GameSession.load(ctx.autosave_path)
    assert saved.match.record.steps == scene.session.match.record.steps
    stack2 = SceneStack()
    Launcher(ctx, stack2).open_save(read_save(ctx.autosave_path))
    assert isinstance(stack2.top, TableScene) and stack2.top.tutorial is None


def test_finishing_the_last_lesson_closes_the_panel(data_root):
    ctx, stack, scene = tutorial_at_table(data_root)
    panel = scene.tutorial
    settle(stack, scene)
    panel.tutorial.index = len(LESSONS) - 1
    stack.update(1 / 60)
    assert panel.next_button.label() == i18n.tr("tutorial.finish")
    click(stack, panel.next_button.rect.center)
    assert scene.tutorial is None


def test_the_panel_replaces_the_log_and_draws_in_both_languages(data_root):
    ctx, stack, scene = tutorial_at_table(data_root)
    advance_tutorial(stack, scene, "take")
    for lang in ("en", "de"):
        ctx.change_settings(language=lang)
        surface = pygame.Surface((1920, 1080))
        stack.draw(surface)
        body, aside, size = scene.tutorial.lines(Canvas(surface))
        assert body and size >= 20


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_panel_buttons_hold_their_labels_with_room_to_spare(lang, data_root):
    from game.scenes.table import tutorial_panel as tp
    canvas = Canvas(pygame.Surface((1920, 1080)))
    font = canvas.font(23)
    for key in ("tutorial.next", "tutorial.skip", "tutorial.finish", "tutorial.leave"):
        width = font.size(i18n.tr(key, lang))[0] / canvas.scale
        assert width <= tp.BUTTON_W - 20, key


def test_a_hint_in_the_tutorial_shows_its_reasons_in_the_lesson_box(data_root, monkeypatch):
    """The tutorial's box covers the log, where a hint's reasons are written: H (or the
    Hint button) shows the move and why in the box, and the lesson comes back after."""
    t = table_at("tutorial_hint", data_root, language="en")
    scene = t.scene
    move, why, _plan = scene.hint_panel.words()
    drawn = []
    real = hint_panel.text
    monkeypatch.setattr(hint_panel, "text", lambda canvas, s, pos, *a, **k: (
        drawn.append((s, pos)), real(canvas, s, pos, *a, **k))[1])
    t.stack.draw(pygame.Surface((1280, 720)))
    texts = [s for s, _ in drawn]
    assert move in texts and why.split()[0] in texts[texts.index(move) + 1]
    assert all(tutorial_panel.BOX.collidepoint(pos) for _, pos in drawn)
    for _ in range(3):
        t.stack.handle_event(client_events.key(pygame.K_ESCAPE))
    assert scene.hint_shown is None and scene.tutorial is not None
    drawn.clear()
    t.stack.draw(pygame.Surface((1280, 720)))
    assert drawn == []  # the lesson again

