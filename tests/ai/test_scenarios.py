"""Positions with an obviously best move: every tier but random-legal finds it."""

from __future__ import annotations

import pytest

from game.ai import make_player

from .positions import (LAST_PASTURE_SPACE, goods_to_sell_on_last_turn, pasture_almost_complete,
                        play_turn)

THINKING = [("easy", None), ("medium", 2), ("hard", 4)]
PLANNING = [("medium", 2), ("hard", 4)]


def completes_the_pasture(tier: str, iterations: int | None, phase: int, round_: int) -> bool:
    state = pasture_almost_complete(phase, round_)
    seat = state.current_player
    after = play_turn(make_player(tier, seed=1, iterations=iterations), state)
    return (after.players[seat].estate[LAST_PASTURE_SPACE] >= 0
            and after.players[seat].breakdown.get("areas", 0) >= 15)


@pytest.mark.parametrize("tier,iterations", THINKING)
def test_last_turn_completes_a_big_area_rather_than_taking_workers(tier, iterations):
    assert completes_the_pasture(tier, iterations, 4, 4)


@pytest.mark.parametrize("tier,iterations", PLANNING)
@pytest.mark.parametrize("phase,round_", [(0, 0), (2, 3)])
def test_completes_a_big_area_for_its_phase_bonus(tier, iterations, phase, round_):
    assert completes_the_pasture(tier, iterations, phase, round_)


@pytest.mark.parametrize("tier,iterations", THINKING)
def test_sells_goods_on_the_last_turn(tier, iterations):
    state = goods_to_sell_on_last_turn()
    seat = state.current_player
    after = play_turn(make_player(tier, seed=1, iterations=iterations), state)
    assert after.terminal
    assert after.players[seat].sold[5] == 3
