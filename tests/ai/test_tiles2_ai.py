"""The AI with the `tiles2` tiles: every tier answers the crane's, the geese's and the end
count's decisions, and the planning tiers use them well (monastery 28's purchase too)."""

from __future__ import annotations

import pytest

from game.ai import TIERS, make_player
from game.ai.evaluate import Evaluator
from game.rules import Frame, GameState

from ..rules.builders import build, give, monasteries, set_dice, set_goods, store
from ..rules.test_module_tiles2 import TOWERS_AND_BANKS, end_with, place, t2game
from .positions import last_turn as last_turn_of, play_turn

BUDGET = {"random": None, "easy": None, "medium": 2, "hard": 4}
PLANNING = ("medium", "hard")


def last_turn(frames: tuple[str, ...] = ()) -> tuple[GameState, int]:
    """The game's last turn for the last seat, both dice unused, with these decisions
    pending on top of its turn."""
    s, seat = last_turn_of(t2game())
    s.frames += [Frame(kind, seat) for kind in frames]
    return s, seat


def crane_pending() -> GameState:
    s = t2game()
    place(s, "crane", 25)
    return s


def geese_pending() -> GameState:
    s = t2game()
    build(s, 4, "cow4")
    build(s, 5, "cow3")
    build(s, 0, "sheep2")
    place(s, "geese", 9)
    return s


def count_pending() -> GameState:
    return end_with(TOWERS_AND_BANKS)[0]


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("position, decision", [
    (crane_pending, "crane"), (geese_pending, "geese"), (count_pending, "crane_count")])
def test_every_tier_answers_the_new_decisions(tier, position, decision):
    s = position()
    assert s.decision == decision
    action = make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s)
    assert action in s.legal_actions()


@pytest.mark.parametrize("tier", PLANNING)
def test_the_geese_join_the_species_worth_most(tier):
    s = geese_pending()
    assert make_player(tier, seed=1, iterations=BUDGET[tier]).choose(s) == ("geese", 0)


@pytest.mark.parametrize("tier", PLANNING)
def test_on_the_last_turn_the_crane_sells_a_stack_of_goods(tier):
    s, seat = last_turn(("crane",))
    s.players[seat].used = [True, True]  # no die left to sell them with
    set_goods(s, {5: 4}, seat=seat)  # sold: 4 x 2 + a silver; kept: 4; a watchtower: 4
    s.depots = [[-1] * len(row) for row in s.depots]
    assert make_player(tier, seed=1, iterations=BUDGET[tier]).choose(s) == ("crane", 0)


def test_buying_workers_gains_nothing_by_itself():
    s = t2game()
    monasteries(s, 28)
    give(s, silver=3, workers=0)
    evaluator = Evaluator()
    before = evaluator.value(s, 0)
    s.apply(("buy_workers",))
    assert evaluator.value(s, 0) <= before + 1e-9


@pytest.mark.parametrize("tier", PLANNING)
def test_monastery_28_buys_the_workers_a_big_area_needs(tier):
    # The last turn: a cow completes the five-space pasture on space 10 (die 4); the dice
    # show 2, so it takes 2 workers, which only a silver turned into workers provides.
    s, seat = last_turn()
    for space in (0, 4, 5, 9):
        build(s, space, "sheep2", seat=seat)
    monasteries(s, 28, seat=seat)
    store(s, "cow2", seat=seat)
    set_dice(s, 2, 2, seat=seat)
    give(s, seat=seat, workers=0, silver=1)
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert after.players[seat].estate[10] >= 0
