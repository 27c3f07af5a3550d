"""The AI with the vineyards: the evaluation counts the grape areas the wine bonus tiles
score, and the planning tiers place a double tile where it completes a scoring area, answer
every vineyard decision, and take a display tile when it pays."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.rules.modules import vineyards as vy

from ..rules.builders import give, set_dice, store
from ..rules.test_module_vineyards import GREEN, placed, stored_double, tile, vgame
from .positions import last_turn, play_turn

BUDGET = {"medium": 2, "hard": 4}
# Buying and then placing takes Medium a wider beam: the purchase alone looks like a loss.
BUY_BUDGET = {"medium": 8, "hard": 4}
PLANNING = ("medium", "hard")


def test_a_wine_bonus_tile_with_a_larger_area_is_worth_more():
    s = vgame(players=2, wine=(GREEN, 0))
    evaluator = Evaluator()
    placed(s, (0, tile("green", "blue"), 0))
    small = evaluator.value(s, 0)
    s2 = vgame(players=2, wine=(GREEN, 0))
    placed(s2, (0, tile("green", "green"), 0), (1, tile("green", "blue"), 0))
    assert evaluator.value(s2, 0) > small


@pytest.mark.parametrize("tier", PLANNING)
def test_the_last_turn_places_the_double_tile_that_grows_the_scoring_area(tier):
    s, seat = last_turn(vgame(players=2, wine=(GREEN, 0)))
    placed(s, (0, tile("green", "green"), 0), seat=seat)
    vy.vine(s).seats[seat].wine = [GREEN]
    store(s, seat=seat)
    stored_double(s, tile("green", "red"), seat=seat)
    set_dice(s, 4, 4, seat=seat)
    give(s, seat=seat, workers=0, silver=0)
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert [space for space, _, _ in vy.vine(after).seats[seat].placed] == [0, 1]
    # laid with its green half next to the green area
    assert vy.grape_areas(after, seat)[GREEN][0] == 3


@pytest.mark.parametrize("tier", PLANNING)
@pytest.mark.parametrize("decision", ("vineyard_bonus", "vineyard_wine", "vineyard_room"))
def test_every_tier_answers_the_vineyard_decisions(tier, decision):
    s = vgame(players=2, dice=(4, 6))
    give(s, workers=0)
    if decision == "vineyard_room":
        store(s, "mine", "bank")
        s.apply(("vineyard_take", 1, 2))
    else:
        if decision == "vineyard_wine":
            placed(s, (0, tile("red", "red"), 0))
        stored_double(s, tile("green", "blue"))
        s.apply(("vineyard_place", 0, 0, 1, 0))
        if decision == "vineyard_wine":
            s.apply(("vineyard_skip",))
    assert s.decision == decision
    player = make_player(tier, seed=2, **({"iterations": 2} if tier in BUDGET
                                          else {}))
    action = player.choose(s)
    assert action in s.legal_actions()


@pytest.mark.parametrize("tier", PLANNING)
def test_the_last_turn_buys_the_display_tile_that_grows_the_scoring_area(tier):
    green = tile("green", "green")
    s, seat = last_turn(vgame(players=2, wine=(GREEN, 0), display=[green]))
    placed(s, (0, tile("green", "red"), 1), seat=seat)   # green on (0, 4), next to space 1
    vy.vine(s).seats[seat].wine = [GREEN]
    store(s, seat=seat)
    set_dice(s, 4, 4, seat=seat)
    give(s, seat=seat, workers=0, silver=2)
    after = play_turn(make_player(tier, seed=1, iterations=BUY_BUDGET[tier]), s)
    assert (1, green, 0) in vy.vine(after).seats[seat].placed
