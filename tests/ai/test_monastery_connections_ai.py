"""The AI with the monastery connections: the evaluation counts the lines still open by
how far they are laid, and the planning tiers lay the tile that completes a line."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.rules.modules import monastery_connections as mc

from ..rules.builders import set_dice, store
from ..rules.test_module_monastery_connections import (MONASTERY_LINE, PASTURE_LINE, SHIP_LINE,
                                                      lay, mcgame)
from .positions import play_turn


def one_short():
    """13a, the pasture line laid but for 35: a sheep in
    storage and a die that fits 35."""
    s = mcgame(players=2)
    seat = s.current_player
    lay(s, seat, PASTURE_LINE[:4])
    store(s, "sheep3", seat=seat)
    p = s.players[seat]
    p.frontier |= 1 << 35
    set_dice(s, p.board.die[35], p.board.die[35], seat=seat)
    return s, seat


def test_the_evaluation_values_a_fuller_line_higher():
    s, seat = one_short()
    e = Evaluator()
    p = s.players[seat]
    fuller = e._monastery_lines(s, p, seat, 20)
    p.occupied &= ~(1 << 31)  # one tile fewer on the pasture line
    assert fuller > e._monastery_lines(s, p, seat, 20) > 0


def test_the_evaluation_counts_nothing_once_every_line_is_full():
    s, seat = one_short()
    lay(s, seat, MONASTERY_LINE + SHIP_LINE + PASTURE_LINE[4:])
    s.ext[mc.ID] = (seat,)
    assert Evaluator()._monastery_lines(s, s.players[seat], seat, 20) == 0.0


def test_the_bonus_for_all_three_counts_only_while_one_is_left():
    s, seat = one_short()
    e = Evaluator()
    p = s.players[seat]
    with_bonus = e._monastery_lines(s, p, seat, 20)
    s.ext[mc.ID] = (1 - seat,)
    second = e._monastery_lines(s, p, seat, 20)
    assert with_bonus > second > 0  # CB1 = 5 left, then CB2 = 2


@pytest.mark.parametrize("tier, budget", [("medium", 2), ("hard", 4)])
def test_the_planning_tiers_complete_a_line(tier, budget):
    s, seat = one_short()
    after = play_turn(make_player(tier, seed=5, iterations=budget), s)
    assert after.players[seat].estate[35] >= 0
    assert mc.lines_done(after.players[seat].board, after.players[seat].occupied)[2]
