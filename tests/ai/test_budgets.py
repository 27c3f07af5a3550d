"""Time budgets hold (measured with a generous margin: the machine may be busy)."""

from __future__ import annotations

import time

import pytest

from game.ai import make_player

from .positions import midgame_positions


@pytest.fixture(scope="module")
def busy_positions():
    states = midgame_positions(21, every=9)
    return sorted(states, key=lambda s: -len(s.legal_actions()))[:3]


@pytest.mark.parametrize("tier,budget", [("medium", 0.1), ("hard", 0.3)])
def test_time_budget_is_respected(tier, budget, busy_positions):
    for state in busy_positions:
        player = make_player(tier, seed=2, time_budget=budget)
        # The work the player does, in this process's CPU time: on a machine busy with
        # other work, wall-clock time also counts the waiting for a core.
        start = time.process_time()
        action = player.choose(state)
        elapsed = time.process_time() - start
        assert action in state.legal_actions()
        assert elapsed < 2 * budget + 0.5


class SlowClock:
    """A wall clock on a machine many times slower: every reading is `step` seconds later
    than the last."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def _default_hard_turn(state, monkeypatch, clock=None):
    """Default Hard's whole turn for the position and the continuations it sampled."""
    from game.ai import hard
    if clock is not None:
        monkeypatch.setattr(hard, "time", clock)
    sampled = []
    real = hard.HardPlayer._continue

    def counted(self, known, seat, seed):
        sampled.append(seed)
        return real(self, known, seat, seed)

    monkeypatch.setattr(hard.HardPlayer, "_continue", counted)
    player = make_player("hard", seed=4)
    first = player.choose(state)
    turn = [first] + [a for _, a in player._script]
    monkeypatch.undo()
    return turn, len(sampled)


def test_default_hard_is_the_same_on_a_slow_machine(busy_positions, monkeypatch):
    """The default tiers are amounts of search, not of time: on a machine whose clock
    runs 0.2 s on between any two readings (a few seconds a turn, where the old limit
    of 2.5 s cut the samples) Hard samples as many continuations and chooses the same
    turn as with no time passing at all."""
    state = busy_positions[0]
    frozen, frozen_samples = _default_hard_turn(state, monkeypatch, SlowClock(0.0))
    slow, slow_samples = _default_hard_turn(state, monkeypatch, SlowClock(0.2))
    plain, plain_samples = _default_hard_turn(state, monkeypatch)
    assert frozen_samples == slow_samples == plain_samples > 0
    assert frozen == slow == plain
