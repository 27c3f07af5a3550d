"""The AI with the shields module: every tier answers the shields' decisions, the planning
tiers take a shield when a pair allows and it is worth it, keep the shields they can pay
for at the tribute, and value the shields they hold."""

from __future__ import annotations

import pytest

from game.ai import TIERS, make_player
from game.ai.evaluate import Evaluator
from game.ai.hard import HardPlayer

from ..rules.builders import build, give, store
from ..rules.test_module_shields import at_last_turn, end_phase, give_shield, me, shgame

BUDGET = {"random": None, "easy": None, "medium": 2, "hard": 4}
PLANNING = ("medium", "hard")


def tribute_pending():
    s = shgame()
    give_shield(s, 1, 1)
    give(s, seat=1, silver=3)
    end_phase(s)
    assert s.decision == "tribute"
    return s


def castle_pending():
    s = shgame(dice=(4, 4))
    build(s, 6, "castle")
    give_shield(s, 0, 9)
    s.apply(("shield", 4, 0))
    return s


def tile_pending():
    s = shgame()
    give_shield(s, 1, 14)
    at_last_turn(s, 0)
    s.apply(("end",))
    return s


def storage_pending():
    s = shgame(dice=(5, 5))
    give_shield(s, 0, 4)
    me(s).storage = [0, 1, 2, 3]  # four kinds, one too many once shield 4 is gone
    s.apply(("shield", 5, 0))
    return s


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("position, decision", [
    (tribute_pending, "tribute"), (castle_pending, "shield_castle"),
    (tile_pending, "shield_tile"), (storage_pending, "shield_storage")])
def test_every_tier_answers_the_shields_decisions(tier, position, decision):
    s = position()
    assert s.decision == decision
    action = make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s)
    assert action in s.legal_actions()


@pytest.mark.parametrize("tier", PLANNING)
def test_a_shield_that_can_be_paid_for_is_kept(tier):
    s = tribute_pending()
    action = make_player(tier, seed=1, iterations=BUDGET[tier]).choose(s)
    assert action == ("tribute", (1,), 0)


@pytest.mark.parametrize("tier", PLANNING)
def test_a_pair_takes_a_twelve_point_shield(tier):
    """By the hand-tuned evaluation, which values the shields: the shield's turn is
    ahead of the best other (a warehouse taken and placed) by a fraction of a point.
    Hard values a two-player game with modules by the base game's network standing in
    (learned.fit), which reads the warehouse with a black-depot purchase as ahead by
    several points, and takes it: with the network Hard won more of its games with the
    shields (docs/ai.md, "With the modules")."""
    s = shgame(dice=(3, 3), deal=((7,), (8,), (1,), (9,), (10,), (11,)))
    store(s)
    give(s, silver=4)
    player = make_player(tier, seed=1, iterations=BUDGET[tier])
    if tier == "hard":
        player = HardPlayer(seed=1, iterations=BUDGET[tier], evaluator=Evaluator())
    assert player.choose(s) == ("shield", 3, 0)


def test_held_shields_are_worth_their_end_points_less_the_tribute():
    s = shgame()
    e = Evaluator()
    before = e.value(s, 0)
    give_shield(s, 0, 1)
    gained = e.value(s, 0) - before
    assert 8 < gained < 20
    give_shield(s, 0, 13, 18)  # replaces shield 1 on the only castle
    assert e.value(s, 0) - before < gained
