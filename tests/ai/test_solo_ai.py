"""The AI in the solo game: it values filled spaces (the win) over points, counts points
towards the target marker, and the planning tiers use what the solo rules offer: the
extra action of a reset, the points bought to reach the target, the black-depot tile of a
completed colour."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.evaluate import SOLO_SPACE, Evaluator
from game.rules import solo_state

from ..rules.builders import build, give, kind, me, set_dice, store
from ..rules.test_module_solo import set_score, solo
from .positions import play_turn

BUDGET = {"medium": 2, "hard": 4}
PLANNING = ("medium", "hard")


def test_a_filled_space_is_worth_more_than_its_points():
    s = solo()
    evaluator = Evaluator()
    before = evaluator.value(s, 0)
    set_score(s, 12)
    richer = evaluator.value(s, 0)
    s2 = solo()
    build(s2, 7, "monastery1")
    fuller = evaluator.value(s2, 0)
    assert fuller - before > richer - before > 0
    assert fuller - before >= SOLO_SPACE * 0.9


def test_points_count_more_as_the_target_comes_down():
    s = solo()
    set_score(s, 20)
    at_50 = Evaluator().value(s, 0)
    s.ext["solo"] = solo_state(s)._replace(target=25)
    assert Evaluator().value(s, 0) > at_50


@pytest.mark.parametrize("tier", PLANNING)
def test_the_extra_action_of_a_reset_is_used(tier):
    s = solo(dice=(6, 6))
    set_score(s, 49)
    give(s, silver=1, workers=0)
    store(s, "cow2", "bank")
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    # one die for the cow, the reset's extra action (bought for 1 silver) for the bank
    assert solo_state(after).resets == 1
    assert after.players[0].occupied.bit_count() >= 3


@pytest.mark.parametrize("tier", PLANNING)
def test_a_completed_colours_tile_is_placed(tier):
    s = solo(dice=(5, 5))
    for space in (3, 34):
        build(s, space, "mine")
    store(s, "mine")
    s.black[0] = kind("castle")
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert after.players[0].estate[28] == kind("castle") or \
        after.players[0].occupied.bit_count() >= me(s).occupied.bit_count() + 2


@pytest.mark.parametrize("tier", ("random", "easy", "medium", "hard"))
def test_every_tier_answers_the_solo_decisions(tier):
    s = solo(dice=(1, 1))
    s.depot_goods = [[0] * 7 for _ in range(6)]
    build(s, 7, "monastery1")
    store(s, "ship")
    set_dice(s, 1, 1)
    give(s, silver=3)
    me(s).goods[4] += 2
    s.apply(("place", 0, 0, 14))
    assert s.decision == "solo_trade"
    player = make_player(tier, seed=2, iterations=BUDGET.get(tier))
    assert player.choose(s) in s.legal_actions()
