"""The game is autosaved after every finished turn of every seat, whatever the seating."""

import random

import pytest
from table_driver import make_table

from game.rules import GameConfig
from game.rules.events import TurnEnded
from game.scenes import persistence
from game.scenes.context import ClientContext
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene


def table_for(data_root, setup):
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed="instant")
    stack = SceneStack()
    scene = stack.push(TableScene(ctx, GameSession(setup, ai_time_budget=0.05)))
    return stack, scene


def saved_steps(scene):
    return persistence.read_save(scene.ctx.autosave_path).payload["record"]["steps"]


def play_and_check_turns(stack, scene, turns, seed=0, frames=20_000):
    """Play (people choose at random) until ``turns`` turns have ended; after each action
    that ended a turn, the autosave holds the whole game so far. Returns the seats whose
    turns were seen to end."""
    rng = random.Random(seed)
    ended: list[TurnEnded] = []
    real_play = scene.session.play

    def play(action):
        events = real_play(action)
        ended.extend(e for e in events if isinstance(e, TurnEnded))
        return events

    scene.session.play = play
    seats = []
    for _ in range(frames):
        if scene.can_act():
            scene.submit(rng.choice(scene.state.legal_actions()))
        else:
            stack.update(1 / 60)
        if ended:
            assert saved_steps(scene) == scene.session.match.record.to_dict()["steps"]
            seats += [e.player for e in ended]
            ended.clear()
        if len(seats) >= turns or scene.session.over:
            return seats
    raise AssertionError(f"only {len(seats)} turns ended")


def test_a_solo_game_against_chateauma_is_saved_after_every_turn(data_root):
    setup = GameSetup(GameConfig(players=2, chateauma="medium+A+B+D"),
                      (SeatSpec("human", "Ann", 0), SeatSpec("chateauma", "Châteauma", 2)),
                      seed=5, handoff=False)
    stack, scene = table_for(data_root, setup)
    seats = play_and_check_turns(stack, scene, turns=12)
    assert {0, 1} <= set(seats)


def test_chateauma_as_an_extra_seat_is_saved_after_every_turn(data_root):
    setup = GameSetup(GameConfig(players=3, chateauma="easy"),
                      (SeatSpec("human", "Ann", 0), SeatSpec("ai", "Bot", 1, "random"),
                       SeatSpec("chateauma", "Châteauma", 2)), seed=7, handoff=False)
    stack, scene = table_for(data_root, setup)
    seats = play_and_check_turns(stack, scene, turns=15)
    assert {0, 1, 2} <= set(seats)


@pytest.mark.parametrize("kinds", [("random", "random"), ("random", "random", "random")])
def test_an_all_ai_game_is_saved_after_every_turn(data_root, kinds):
    stack, scene, _ = make_table(data_root, kinds, seed=3)
    seats = play_and_check_turns(stack, scene, turns=12)
    assert set(seats) == set(range(len(kinds)))
