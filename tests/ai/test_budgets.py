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
