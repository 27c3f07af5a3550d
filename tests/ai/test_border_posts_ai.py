"""The AI with the border posts: the evaluation foresees the stages still to come, so the
planning tiers lay the tile that connects two posts."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.rules.modules import border_posts as bp

from ..rules.builders import set_dice, store
from ..rules.test_module_border_posts import TO_P2, bpgame, lay
from .positions import play_turn


def near_connection():
    """Board 23, the chain from the start castle (3) ends next to 15 (P2): a bank in
    storage and a 6 fit both 15 and 18 (the city 11, 12)."""
    s = bpgame(players=2)
    seat = s.current_player
    lay(s, seat, TO_P2)
    store(s, "bank", seat=seat)
    set_dice(s, 6, 6, seat=seat)
    return s, seat


def test_the_evaluation_values_a_shorter_chain_higher():
    s, seat = near_connection()
    e = Evaluator()
    close = e._border_posts(s, s.players[seat], seat, 20)
    p = s.players[seat]
    p.occupied &= ~(1 << 16)  # one link fewer: a tile more to lay
    farther = e._border_posts(s, p, seat, 20)
    assert close > farther > 0


def test_the_evaluation_counts_nothing_once_all_three_are_scored():
    s, seat = near_connection()
    posts = s.ext[bp.ID]
    stages = list(posts.stage)
    stages[seat] = bp.ALL
    s.ext[bp.ID] = posts._replace(stage=tuple(stages))
    assert Evaluator()._border_posts(s, s.players[seat], seat, 20) == 0.0


@pytest.mark.parametrize("tier, budget", [("medium", 2), ("hard", 4)])
def test_the_planning_tiers_connect_two_posts(tier, budget):
    s, seat = near_connection()
    after = play_turn(make_player(tier, seed=5, iterations=budget), s)
    assert after.players[seat].estate[15] >= 0
    assert bp.stage_of(after, seat) == bp.FIRST
