"""The AI with the trade routes: every tier answers the route bonus's decision, the
evaluation counts the bonuses the goods held would take on the route, and the planning
tiers sell onto a matching space first."""

from __future__ import annotations

import pytest

from game.ai import TIERS, make_player
from game.ai.evaluate import Evaluator
from game.rules.modules import trade_routes as tr

from ..rules.builders import me, set_dice, set_goods
from ..rules.test_module_trade_routes import depot, trgame
from .positions import play_turn

BUDGET = {"random": None, "easy": None, "medium": 2, "hard": 4}


def pick_pending():
    s = trgame()
    set_goods(s, {4: 2})
    depot(s, "bank", "mine")
    set_dice(s, 4, 1)
    s.apply(("sell", 0, 4))
    assert s.decision == tr.PICK_FRAME
    return s


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_answers_the_route_bonus(tier):
    s = pick_pending()
    action = make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s)
    assert action in s.legal_actions()


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_the_planning_tiers_take_the_bonus_tile(tier):
    s = pick_pending()
    action = make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s)
    assert action[0] == "pick"  # a free building, never declined


def test_the_evaluation_counts_the_route_bonus_of_goods_held():
    """Card 2 lies first (goods 2, 4, 6): two goods 4 would cover its second space and
    take a building; two goods 3 take nothing there."""
    ev = Evaluator()
    s = trgame()
    set_goods(s, {4: 2})
    with_bonus = ev.value(s, 0)
    set_goods(s, {3: 2})
    without = ev.value(s, 0)
    assert with_bonus > without + 1.0


def test_the_evaluation_counts_nothing_on_a_full_route():
    ev = Evaluator()
    s = trgame(players=4)
    h = tr.held(s)
    s.ext[tr.ID] = h._replace(laid=tr._per_seat(h.laid, 0, (1,) * 9))
    set_goods(s, {4: 2})
    with_goods = ev.value(s, 0)
    set_goods(s, {3: 2})
    assert ev.value(s, 0) == pytest.approx(with_goods)


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_the_planning_tiers_sell_onto_the_matching_spaces_first(monkeypatch, tier):
    """Selling the 4s first lays them on two spaces showing 4 (4 points each); selling
    the 3s first would cover those spaces with no bonus."""
    monkeypatch.setitem(tr.CARDS, 2, ((4, "points"), (4, "points"), (1, "silver")))
    s = trgame()
    set_goods(s, {3: 2, 4: 2})
    set_dice(s, 3, 4)
    after = play_turn(make_player(tier, seed=5, iterations=BUDGET[tier]), s)
    assert tr.laid(after, 0)[:2] == (4, 4)
    assert after.score_breakdown(0).get(tr.CATEGORY, 0) == 8
