"""Drives a TableScene the way a person does: real mouse and key events at the places
the table draws things."""

from __future__ import annotations

import random
import time

import pygame
from client_events import click, key

from game.rules import GameConfig, action_text
from game.scenes.context import ClientContext
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene
from game.scenes.table.overlays import HandoffScene


class FakeLauncher:
    def __init__(self):
        self.results = None
        self.titles = 0
        self.opened = []

    def new_game(self):
        pass

    def start(self, setup, chosen=False):
        pass

    def start_tutorial(self):
        pass

    def open_save(self, save):
        self.opened.append(save)

    def show_results(self, session):
        self.results = session

    def to_title(self):
        self.titles += 1


def seats(*kinds):
    out = []
    for i, kind in enumerate(kinds):
        if kind in ("random", "easy", "medium", "hard"):
            out.append(SeatSpec("ai", f"AI {i + 1}", i, kind))
        else:
            out.append(SeatSpec("human", f"Player {i + 1}", i))
    return tuple(out)


def make_table(data_root, kinds=("human", "random"), seed=1, speed="instant",
               board_mode="basic", handoff=False, launcher=None):
    launcher = launcher or FakeLauncher()
    ctx = ClientContext.load(data_root, launcher=launcher)
    ctx.change_settings(animation_speed=speed)
    setup = GameSetup(GameConfig(players=len(kinds), board_mode=board_mode), seats(*kinds),
                      seed, handoff)
    session = GameSession(setup, ai_time_budget=0.05)
    stack = SceneStack()
    scene = TableScene(ctx, session)
    stack.push(scene)
    return stack, scene, launcher


def step(stack, frames=1, dt=1 / 60):
    for _ in range(frames):
        stack.update(dt)


def settle(stack, scene, limit=5000, seconds=60.0):
    """Update until a person may act (or the game is over); dismiss hand-off screens.
    An AI seat thinks on a worker thread: while it does, the loop yields the processor
    and waits by the clock rather than by frames, so a busy machine cannot starve it."""
    deadline = time.monotonic() + seconds
    frames = 0
    while frames < limit or time.monotonic() < deadline:
        if isinstance(stack.top, HandoffScene):
            stack.top.close()
        if scene.session.over and not scene.busy:
            stack.update(1 / 60)
            return
        if scene.can_act():
            return
        if scene.session.is_ai_turn():
            time.sleep(0.001)
        stack.update(1 / 60)
        frames += 1
        if frames >= limit and time.monotonic() >= deadline:
            break
    raise AssertionError("the table never became ready")


def last_action(scene):
    steps = [s for s in scene.session.match.record.steps if "action" in s]
    return steps[-1]["action"] if steps else None


def spot_centre(scene, kind, key):
    """Where to click for a spot of the table (the tests drive it with real events)."""
    for spot in scene.spots.all():
        if spot.kind == kind and spot.key == key:
            return spot.centre
    raise KeyError((kind, key))


def click_spot(stack, scene, kind, k):
    click(stack, spot_centre(scene, kind, k))
    stack.update(1 / 60)


def click_button(stack, button):
    click(stack, button.rect.center)
    stack.update(1 / 60)


def choice_button(scene, action):
    for b in scene.choices.buttons:
        if b.action == action:
            return b
    return None


def perform(stack, scene, action):
    """Choose ``action`` by clicks and keys only; returns once it was played."""
    before = len(scene.session.match.record.steps)
    n = scene.narrowing
    op = action[0]

    def played() -> bool:
        return len(scene.session.match.record.steps) != before

    def repeat(kind, k, times=2):
        for _ in range(times):
            if played():
                return
            click_spot(stack, scene, kind, k)

    button = choice_button(scene, action)
    if button is not None:
        click_button(stack, button)
    elif op in ("take", "place", "sell", "workers") and n.decision == "turn":
        click_spot(stack, scene, "die", action[1])
        if op == "take":
            repeat("depot", (action[2], action[3]))
        elif op == "place":
            click_spot(stack, scene, "storage", action[2])
            repeat("space", action[3])
        elif op == "sell":
            repeat("goods", action[2])
        else:
            click_button(stack, scene.action_buttons.workers)
    elif op in ("take", "place", "sell", "workers"):  # a castle's action
        if op == "take":
            repeat("depot", (action[2], action[3]), 1)
        elif op == "place":
            click_spot(stack, scene, "storage", action[2])
            repeat("space", action[3], 1)
        elif op == "sell":
            repeat("goods", action[2], 1)
        else:
            click_button(stack, scene.action_buttons.workers)
    elif op == "city_hall":
        click_spot(stack, scene, "storage", action[1])
        repeat("space", action[2], 1)
    elif op == "buy":
        click_button(stack, scene.action_buttons.buy)
        click_spot(stack, scene, "depot", (action[1], action[2]))
        if not played():
            click_button(stack, choice_button(scene, action))
    elif op in ("end", "decline"):
        click_button(stack, scene.action_buttons.end)
    elif op == "pick":
        click_spot(stack, scene, "depot", (action[1], action[2]))
    elif op == "start_castle":
        click_spot(stack, scene, "space", action[1])
    elif op == "discard":
        click_spot(stack, scene, "storage", action[1])
    assert played(), f"clicks did not play {action_text(action)}"
    first = next(s["action"] for s in scene.session.match.record.steps[before:]
                 if "action" in s)
    assert first == action_text(action), (first, action)


def prefer_ships(rng):
    """A random policy that places ships often, so ship and goods choices come up."""
    def choose(state):
        actions = state.legal_actions()
        p = state.players[state.current_player]
        ships = [a for a in actions if a[0] == "place" and p.storage[a[2]] == 2]
        if ships and rng.random() < 0.8:
            return rng.choice(ships)
        return rng.choice(actions)
    return choose


def play_by_clicks(stack, scene, policy, limit=4000, on_decision=None):
    for _ in range(limit):
        settle(stack, scene)
        if scene.session.over:
            return
        action = policy(scene.state)
        if on_decision is not None:
            on_decision(scene, action)
        perform(stack, scene, action)
    raise AssertionError("the game did not end")


__all__ = [
    "FakeLauncher",
    "click_button",
    "click_spot",
    "key",
    "last_action",
    "make_table",
    "perform",
    "play_by_clicks",
    "prefer_ships",
    "pygame",
    "random",
    "settle",
    "step",
]


def play_ai_game(setup) -> GameSession:
    """A complete game whose seats are all AI players (and Châteauma), through the client's
    session."""
    session = GameSession(setup)
    session.start()
    while not session.over:
        move = session.think()
        assert move.wait(30)
        session.play(move.result())
    return session
