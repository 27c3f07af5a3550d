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


# --- the arranged routes (trade_routes:arranged) ------------------------------------------------

def arranging(goods: dict[int, int]):
    """Seat 0 of 3 arranges cards 1, 2, 3, 5 (dealt in that order), holding `goods`."""
    from ..rules.test_module_trade_routes import argame
    s = argame(deal=((1, 2, 3, 5), (4, 6, 7, 8), (9, 10, 11, 12)))
    set_goods(s, goods)
    s._legal = None
    assert s.decision == tr.ARRANGE_FRAME and s.current_player == 0
    return s


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_arranges_its_route(tier):
    s = arranging({5: 1})
    player = make_player(tier, seed=3, iterations=BUDGET[tier])
    while s.decision == tr.ARRANGE_FRAME:
        action = player.choose(s)
        assert action in s.legal_actions()
        s.apply(action)
    assert sorted(tr.held(s).routes[0]) == [1, 2, 3, 5]


@pytest.mark.parametrize("tier", ["easy", "medium", "hard"])
def test_the_card_matching_the_goods_held_goes_first(tier):
    """Goods 5 held: card 5 shows goods 5 on its first space, where the first sale lands;
    cards 1, 2, 3 show 1, 2, 3 there."""
    s = arranging({5: 1})
    assert make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s) == ("route_card", 5)


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_the_planning_tiers_match_the_second_space_too(tier):
    """Goods 3 twice: the sale covers spaces 1 and 2. Cards 1 and 3 show goods 3 there
    (second space, first space); cards 2 and 5 do not (5 shows it on its third)."""
    s = arranging({3: 2})
    action = make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s)
    first = 1 if action == ("route_keep",) else action[1]
    assert first in (1, 3)


def test_easy_keeps_the_order_dealt_without_a_match():
    s = arranging({4: 1})  # no card of seat 0 shows goods 4 first
    assert make_player("easy", seed=3).choose(s) == ("route_keep",)


def test_medium_keeps_the_rest_when_it_already_lies_best():
    from game.ai.routes import _bonus_values, _expected
    s = arranging({1: 1})
    player = make_player("medium", seed=3, iterations=2)
    action = player.choose(s)
    # card 1, dealt first, shows goods 1 first: it stays, and so may the rest
    assert action in (("route_card", 1), ("route_keep",))
    values = _bonus_values(s, 0, Evaluator())
    assert _expected(1, 0, me(s).goods, values) > _expected(5, 0, me(s).goods, values)
