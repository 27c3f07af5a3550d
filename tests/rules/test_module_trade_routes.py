"""`trade_routes` (TR-0..TR-8, P-TR-1, P-TR-2, the A19 /
X11 forms, CH-TR-1): the routes, the sale onto a route, the bonuses, the sold goods for
monasteries 15 and 25, shields 9 and 12, Châteauma's sale point.

The cards are the stand-ins of data/trade_routes.json. Card 2 shows goods 2, 4, 6 with the
bonuses castle/mine/monastery, building, points; card 1 shows 1, 3, 5 with building,
points, silver; card 6 shows 6, 2, 4 with workers, ship/animal, castle/mine/monastery.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import GameConfig, GameState, IllegalAction, new_game, recompute_breakdown
from game.rules.chateauma import _sell as automa_sell
from game.rules.config import check_modules
from game.rules.engine import final_scoring
from game.rules import events as ev
from game.rules.events import EffectDeclined
from game.rules.modules import trade_routes as tr
from game.rules.state import Frame
from game.rules.visibility import public_key

from .builders import (kind, me, monasteries, of_type, phase_outcome,
                       points, refused, roll_outcome, roundtrip, set_depot, set_dice,
                       set_goods, store, unexplained)
from .test_invariants import check_game
from .test_module_shields import give_shield

RULES = {"se": "special", "a19": "alea2019", "x11": "original"}


def trgame(players: int = 2, rules: str = "special", deal: tuple | None = None,
           chateauma: str | None = None, shields: bool = False) -> GameState:
    """A basic-mode game with `trade_routes` at the first turn of phase A (seat 0 to move),
    the routes dealt as `deal` (by default seat 0 gets cards 2, 1, 6, ... in that order)."""
    modules = ("shields", "trade_routes") if shields else ("trade_routes",)
    config = GameConfig(players=players, rules=rules, board_mode="basic", modules=modules,
                        chateauma=chateauma)
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    if shields:
        s.apply_chance(((1,), (2, 8), (3,), (4, 10), (5,), (6, 12)) if players == 3 else
                       ((1,), (2,), (3,), (4,), (5,), (6,)))
    assert s.chance == tr.DEAL_STEP
    if deal is None:
        per = tr.DEALT[players]
        order = [2, 1, 6, 3, 4, 5, 7, 8, 9, 10, 11, 12]
        humans = [x for x in range(players) if x != config.chateauma_seat]
        deal = tuple(tuple(order[humans.index(x) * per:(humans.index(x) + 1) * per])
                     if x in humans else () for x in range(players))
    s.apply_chance(deal)
    if chateauma:
        s.apply_chance((4, 1, (), ()))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, [(1, 2)] * config.deciders))
    return s


def depot(s: GameState, *names: str) -> None:
    """Depot 1 holds just these tiles, first spaces first."""
    set_depot(s, 1, list(names) + [None] * (len(s.depots[0]) - len(names)))


def sell(s: GameState, goods: int) -> list:
    """The current player sells every goods tile of a type with die 0."""
    set_dice(s, goods, me(s).dice[1])
    return s.apply(("sell", 0, goods))


# --- TR-0: the deal, the stand-in cards -------------------------------------------------------

@pytest.mark.parametrize("players,per", [(2, 5), (3, 4), (4, 3)])
def test_tr_0_rulebook_l789_cards_per_player(players: int, per: int) -> None:
    s = new_game(GameConfig(players=players, board_mode="basic", modules=("trade_routes",)))
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * players))
    outcome = s.sample_chance(random.Random(7))
    assert [len(r) for r in outcome] == [per] * players
    events = s.apply_chance(outcome)
    assert [len(tr.route_spaces(s, x)) for x in range(players)] == [3 * per] * players  # 15/12/9
    assert len({c for r in tr.held(s).routes for c in r}) == per * players
    assert len(of_type(events, "RoutesDealt")) == players


def test_tr_0_routes_lie_in_the_order_dealt() -> None:
    s = trgame(deal=((5, 3, 12, 1, 7), (2, 4, 6, 8, 9)))
    assert tr.held(s).routes == ((5, 3, 12, 1, 7), (2, 4, 6, 8, 9))
    assert tr.route_spaces(s, 0)[:3] == list(tr.CARDS[5])


def test_tr_0_impossible_deals_are_refused() -> None:
    s = new_game(GameConfig(players=2, board_mode="basic", modules=("trade_routes",)))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3, 1, 2, 3))
    for bad in (((1, 2, 3, 4), (5, 6, 7, 8, 9)), ((1, 2, 3, 4, 5), (5, 6, 7, 8, 9)),
                ((1, 2, 3, 4, 13), (5, 6, 7, 8, 9))):
        with pytest.raises(IllegalAction, match="trade_routes"):
            s.apply_chance(bad)


def test_tr_0_stand_in_cards_keep_the_rulebook_numbers() -> None:
    """docs/rulings.md R9: 12 cards, 3 spaces each, every goods type on 6 spaces, bonuses only of
    the buildings' kinds; marked provisional."""
    assert tr.PROVISIONAL
    assert sorted(tr.CARDS) == list(range(1, 13))
    assert all(len(spaces) == 3 for spaces in tr.CARDS.values())
    goods = Counter(g for spaces in tr.CARDS.values() for g, _ in spaces)
    assert goods == {t: 6 for t in range(1, 7)}
    assert {b for spaces in tr.CARDS.values() for _, b in spaces} <= set(tr.BONUSES)
    assert tr.DEALT == {2: 5, 3: 4, 4: 3}


def test_tr_0_chateauma_gets_no_route_humans_deal_by_seats() -> None:
    """With Châteauma in a 3-seat game the two humans get 4 cards each (Châteauma counts
    as a seat), Châteauma none (CH-TR-1)."""
    s = trgame(players=3, chateauma="medium")
    routes = tr.held(s).routes
    assert [len(r) for r in routes] == [4, 4, 0]


# --- TR-1, TR-2, TR-4: the sale onto the route ------------------------------------------------

def test_tr_1_tr_2_derived_two_tiles_first_does_not_match_second_does() -> None:
    """(derived) 3 players, a route showing 2, 4, 6: selling 2 goods
    of type 4 gives 1 silver and 6 points, the tiles lie on spaces 1 and 2 and only the
    second space's bonus (take a building) is resolved."""
    s = trgame(players=3)
    set_goods(s, {4: 2})
    depot(s, "bank", "mine")
    silver = me(s).silver
    events = sell(s, 4)
    assert me(s).silver == silver + 1
    assert points(events, "goods", 0) == 6
    assert tr.laid(s, 0) == (4, 4)
    assert of_type(events, "GoodsOnRoute") == [tr.GoodsOnRoute(0, 4, 0, 2)]
    assert [e.space for e in of_type(events, "RouteBonus")] == [1]
    assert s.decision == tr.PICK_FRAME
    legal = s.legal_actions()
    assert ("pick", 1, 0) in legal and ("pick", 1, 1) not in legal and ("decline",) in legal
    s.apply(("pick", 1, 0))
    assert kind("bank") in me(s).storage
    assert me(s).sold[4] == 2 and tr.on_route(s, 0, 4) == 2


def test_tr_1_tr_2_derived_then_a_third_tile_matches_its_points() -> None:
    """(derived) Then selling 1 goods tile of type 6 covers space 3 and scores its 4."""
    s = trgame(players=3)
    set_goods(s, {4: 2})
    set_depot(s, 1, [None] * 4)
    for d in range(2, 7):
        set_depot(s, d, [None] * len(s.depots[d - 1]))
    sell(s, 4)  # the building bonus lapses: no building in any depot
    set_goods(s, {6: 1})
    s.players[0].used = [False, False]
    events = sell(s, 6)
    assert tr.laid(s, 0) == (4, 4, 6)
    assert points(events, tr.CATEGORY, 0) == 4
    assert recompute_breakdown(s, 0)[tr.CATEGORY] == 4


def test_tr_1_every_means_of_selling_uses_the_route_warehouse() -> None:
    s = trgame()
    set_goods(s, {1: 1})
    s.frames.append(Frame("warehouse", 0))
    s._legal = None
    events = s.apply(("warehouse", 1))
    assert tr.laid(s, 0) == (1,)
    assert of_type(events, "RouteBonus") == []  # space 1 shows goods 2


def test_tr_4_derived_full_route_goes_to_the_sold_pile_no_bonus() -> None:
    s = trgame(players=4)  # 9 spaces
    h = tr.held(s)
    s.ext[tr.ID] = h._replace(laid=tr._per_seat(h.laid, 0, (1,) * 9))
    me(s).sold[1] = 9
    set_goods(s, {2: 3})
    events = sell(s, 2)
    assert tr.laid(s, 0) == (1,) * 9
    assert of_type(events, "GoodsOnRoute") == [] and of_type(events, "RouteBonus") == []
    assert me(s).sold[2] == 3 and tr.on_route(s, 0, 2) == 0


def test_tr_4_a_sale_overflowing_the_route_splits() -> None:
    s = trgame(players=4)
    h = tr.held(s)
    s.ext[tr.ID] = h._replace(laid=tr._per_seat(h.laid, 0, (1,) * 8))
    me(s).sold[1] = 8
    set_goods(s, {5: 3})
    sell(s, 5)
    assert tr.laid(s, 0) == (1,) * 8 + (5,)
    assert me(s).sold[5] == 3 and tr.on_route(s, 0, 5) == 1


# --- TR-3 / P-TR-1: lay all tiles first, bonuses left to right -------------------------------

def test_p_tr_1_all_tiles_first_then_bonuses_left_to_right(monkeypatch) -> None:
    """A route showing 3, 3, 3 (building, silver, church-like take): selling 3 goods of
    type 3 lays all three, then pays the silver at once and asks the two takes with the
    leftmost first."""
    monkeypatch.setitem(tr.CARDS, 2, ((3, "building"), (3, "silver"),
                                      (3, "castle_mine_monastery")))
    s = trgame()
    set_goods(s, {3: 3})
    depot(s, "bank", "mine")
    silver = me(s).silver
    events = sell(s, 3)
    names = [type(e).__name__ for e in events]
    assert names.index("GoodsOnRoute") < names.index("RouteBonus")
    assert [e.space for e in of_type(events, "RouteBonus")] == [0, 1, 2]
    assert me(s).silver == silver + 1 + 2
    assert s.decision == tr.PICK_FRAME and s.frames[-1].arg == 0
    assert ("pick", 1, 1) not in s.legal_actions()     # the building bonus first
    s.apply(("pick", 1, 0))
    assert s.decision == tr.PICK_FRAME and s.frames[-1].arg == 2
    s.apply(("pick", 1, 1))
    assert me(s).storage[:2] == [kind("bank"), kind("mine")]


def test_p_tr_1_a_bonus_that_sells_starts_a_new_sale_on_the_route(monkeypatch) -> None:
    monkeypatch.setitem(tr.CARDS, 2, ((1, "sell"), (5, "points"), (6, "silver")))
    s = trgame()
    set_goods(s, {1: 1, 5: 2})
    sell(s, 1)
    assert s.decision == "warehouse"
    events = s.apply(("warehouse", 5))
    assert tr.laid(s, 0) == (1, 5, 5)
    assert points(events, tr.CATEGORY, 0) == 4
    assert points(events, "goods", 0) == 2 * 2  # 2 players: 2 per tile


# --- TR-5 / P-TR-2: goods on the route are sold goods ----------------------------------------

@pytest.mark.parametrize("form", ["se", "a19", "x11"])
def test_tr_5_p_tr_2_derived_k25_counts_route_and_pile(form: str) -> None:
    """(derived) k25 at the end with 3 sold tiles on the route and 2 on the sold pile: 5
    points; the X11 form counts them too (P-TR-2)."""
    s = trgame(rules=RULES[form])
    monasteries(s, 25, 15)
    h = tr.held(s)
    s.ext[tr.ID] = h._replace(laid=tr._per_seat(h.laid, 0, (2, 4, 4)))
    me(s).sold[2], me(s).sold[4], me(s).sold[6] = 1, 2, 2
    set_goods(s, {})
    s.frames = []
    final_scoring(s, [])
    k = s.score_breakdown(0).get("knowledge", 0)
    k15 = s.rs.knowledge_15_points
    assert k == 5 + 3 * k15
    assert s.score_breakdown(0).get("leftover_goods", 0) == 0


# --- TR-6: bonuses are the buildings' effects --------------------------------------------------

def test_tr_6_a_take_with_nothing_to_take_lapses() -> None:
    s = trgame()
    set_goods(s, {4: 2})
    for d in range(1, 7):
        set_depot(s, d, [None] * len(s.depots[d - 1]))
    events = sell(s, 4)
    assert of_type(events, "RouteBonusLapsed") == [tr.RouteBonusLapsed(0, 1, "building")]
    assert s.decision == "turn"


def test_tr_6_a_take_may_be_declined_and_a_wrong_tile_is_explained() -> None:
    s = trgame()
    set_goods(s, {4: 2})
    depot(s, "bank", "mine")
    sell(s, 4)
    refused(s, ("pick", 1, 1), "trade route", "building")
    events = s.apply(("decline",))
    assert of_type(events, "EffectDeclined") == [EffectDeclined(0, tr.PICK_FRAME)]
    assert all(k < 0 for k in me(s).storage)


def test_tr_6_a_full_storage_asks_the_discard() -> None:
    s = trgame()
    store(s, "mine", "mine", "mine")
    set_goods(s, {4: 2})
    depot(s, "bank")
    sell(s, 4)
    s.apply(("pick", 1, 0))
    assert s.decision == "discard"


def test_tr_6_workers_and_silver_bonuses() -> None:
    """Card 6 shows 6 (4 workers), 2, 4; dealt first it lies leftmost."""
    s = trgame(deal=((6, 1, 2, 3, 4), (5, 7, 8, 9, 10)))
    set_goods(s, {6: 1})
    workers = me(s).workers
    events = sell(s, 6)
    assert me(s).workers == workers + 4
    assert of_type(events, "RouteBonus") == [tr.RouteBonus(0, 0, "workers", 4)]


# --- TR-7: public ------------------------------------------------------------------------------

def test_tr_7_routes_are_public() -> None:
    s = trgame()
    before = public_key(s, 1)
    set_goods(s, {2: 1})
    sell(s, 2)
    assert public_key(s, 1) != before
    assert s.hooks.by_id[tr.ID].public(s) == tuple(tr.held(s))


# --- TR-8: shields 9 and 12 change the sale, not the bonuses ----------------------------------

@pytest.mark.parametrize("shield", [9, 12])
def test_tr_8_shields_9_and_12_change_the_sale_not_the_route_bonus(monkeypatch,
                                                                  shield: int) -> None:
    """S9 (a silver per tile) and S12 (double points) act on the sale; the route's points
    and silver stay as printed."""
    monkeypatch.setitem(tr.CARDS, 2, ((4, "points"), (4, "silver"), (6, "workers")))
    s = trgame(shields=True)
    give_shield(s, 0, shield)
    set_goods(s, {4: 2})
    silver = me(s).silver
    events = sell(s, 4)
    assert points(events, "goods", 0) == 2 * 2 * (2 if shield == 12 else 1)
    assert points(events, tr.CATEGORY, 0) == 4          # the route's points stay 4
    assert me(s).silver - silver == (2 if shield == 9 else 1) + 2  # + the route's 2
    assert unexplained(s)[0] == {}


# --- forms ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("form", ["se", "a19", "x11"])
def test_forms_match_by_colour_is_the_same_rule(form: str) -> None:
    assert check_modules(RULES[form], ("trade_routes",), "basic", False) is not None
    s = trgame(rules=RULES[form])
    set_goods(s, {2: 1})
    depot(s, "mine")
    events = sell(s, 2)
    assert [e.bonus for e in of_type(events, "RouteBonus")] == ["castle_mine_monastery"]


# --- CH-TR: Châteauma ------------------------------------------------------------------------

def test_ch_tr_1_derived_chateauma_sale_scores_one_more_per_sale() -> None:
    """(derived) 3 seats: Châteauma sells 3 goods: 9 + 1 = 10 points, 1 silver, no route."""
    s = trgame(players=3, chateauma="medium")
    seat = s.config.chateauma_seat
    s.players[seat].goods = [0, 0, 3, 0, 0, 0, 0]
    silver = s.players[seat].silver
    events: list = []
    automa_sell(s, "sell_symbol", events)
    assert points(events, "goods", seat) == 10
    assert s.players[seat].silver == silver + 1
    assert of_type(events, "GoodsOnRoute") == [] and tr.laid(s, seat) == ()
    assert tr.held(s).automa_sales == 1
    assert recompute_breakdown(s, seat)["goods"] == s.score_breakdown(seat)["goods"]


def test_ch_tr_1_no_goods_no_point() -> None:
    s = trgame(players=2, chateauma="medium")
    seat = s.config.chateauma_seat
    s.players[seat].goods = [0] * 7
    events: list = []
    automa_sell(s, "sell_symbol", events)
    assert points(events, "goods", seat) == 0 and tr.held(s).automa_sales == 0


# --- save, replay, random games ------------------------------------------------------------------

def test_json_round_trip_mid_decision() -> None:
    s = trgame(players=3)
    set_goods(s, {4: 2})
    sell(s, 4)  # the depots of a fresh phase hold buildings
    restored = roundtrip(s)
    assert restored.decision == tr.PICK_FRAME
    assert tr.held(restored) == tr.held(s)


@pytest.mark.parametrize("config", [
    GameConfig(players=2, modules=("trade_routes",)),
    GameConfig(players=3, rules="original", modules=("trade_routes",), chateauma="hard"),
    GameConfig(players=4, rules="alea2019", modules=("shields", "trade_routes")),
    GameConfig(players=3, modules=("trade_routes:arranged",), chateauma="easy")])
def test_random_games_hold_the_invariants(config: GameConfig) -> None:
    for seed in (11, 12):
        check_game(seed, config)


@pytest.mark.slow
def test_many_random_games_hold_the_invariants() -> None:
    for i in range(40):
        players = 2 + i % 3
        check_game(900 + i, GameConfig(players=players, modules=("trade_routes",),
                                       chateauma="medium" if i % 4 == 0 else None))


def test_same_seed_and_actions_replay_byte_for_byte() -> None:
    config = GameConfig(players=3, modules=("trade_routes",))
    a = check_game(8, config)
    b = check_game(8, config)
    assert a.to_json() == b.to_json()
    assert any(tr.laid(a, x) for x in range(3))


def test_ch_tr_1_derived_chateaumas_turn_sells_onto_no_route_and_scores_one_more() -> None:
    """(derived) A turn of Châteauma (3 seats) covering a sell symbol with a joker sells
    its 3 goods: 9 + 1 points, 1 silver; a second sale another point."""
    from game.rules.chateauma import EMPTY
    from .chateauma_builders import automa_turn, set_card, set_reserve
    s = trgame(players=3, chateauma="medium")
    seat = s.config.chateauma_seat
    s.depots = [[EMPTY] * len(row) for row in s.depots]
    s.black = [EMPTY] * len(s.black)
    s.depot_goods = [[0] * 7 for _ in range(6)]
    s.players[seat].goods = [0, 3, 0, 0, 0, 0, 0]
    set_card(s, 0, 5)  # monastery (sell), building, pasture, monastery
    set_reserve(s, "~cow3")
    silver = s.players[seat].silver
    events = automa_turn(s, 4)
    assert of_type(events, "GoodsSold")[0].count == 3
    assert points(events, "goods", seat) == 10
    assert s.players[seat].silver == silver + 1
    assert tr.held(s).automa_sales == 1 and tr.laid(s, seat) == ()
    assert unexplained(s)[seat] == {}


# --- TR-0, the Special Edition's option trade_routes:arranged (SE l.791) -------------------------

def argame(players: int = 3, start: int = 0, chateauma: str | None = None,
           deal: tuple | None = None) -> GameState:
    """A basic-mode game with `trade_routes:arranged`, the routes just dealt (by default
    seat x gets the cards 4x+1 .. 4x+4 with 3 seats, in that order): the first player in
    turn order arranges."""
    config = GameConfig(players=players, board_mode="basic",
                        modules=("trade_routes:arranged",), chateauma=chateauma)
    s = new_game(config)
    s.apply_chance(start)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    if deal is None:
        per = tr.DEALT[players]
        humans = [x for x in range(players) if x != config.chateauma_seat]
        deal = tuple(tuple(range(humans.index(x) * per + 1, (humans.index(x) + 1) * per + 1))
                     if x in humans else () for x in range(players))
    s.apply_chance(deal)
    return s


def test_tr_0_se_arranged_the_order_chosen_is_the_order_on_the_route() -> None:
    s = argame(players=2, deal=((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)))
    assert s.decision == tr.ARRANGE_FRAME and s.current_player == 0
    for card in (5, 3, 1, 4):
        events = s.apply(("route_card", card))
    assert of_type(events, "RouteArranged")[0].cards == (5, 3, 1, 4, 2)
    assert tr.held(s).routes[0] == (5, 3, 1, 4, 2)
    assert tr.route_spaces(s, 0)[:3] == list(tr.CARDS[5])
    # the sale lays onto the chosen first card: card 5 shows goods 5 first
    s.apply(("route_keep",))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, [(1, 2)] * 2))
    set_goods(s, {5: 1})
    events = sell(s, 5)
    assert of_type(events, "GoodsOnRoute")[0].first == 0
    assert of_type(events, "RouteBonus")[0].bonus == tr.CARDS[5][0][1]


def test_tr_0_se_arranged_each_choice_is_the_next_card_from_the_left() -> None:
    s = argame()
    assert s.legal_actions() == [("route_card", c) for c in (1, 2, 3, 4)] + [("route_keep",)]
    events = s.apply(("route_card", 3))
    assert of_type(events, "RouteCardLaid") == [tr.RouteCardLaid(0, 3, 0)]
    # the cards not yet laid keep the order dealt behind the chosen ones
    assert tr.held(s).routes[0] == (3, 1, 2, 4)
    assert s.legal_actions() == [("route_card", c) for c in (1, 2, 4)] + [("route_keep",)]
    s.apply(("route_card", 4))
    # two cards left: one choice; the last card needs none
    events = s.apply(("route_card", 2))
    assert tr.held(s).routes[0] == (3, 4, 2, 1)
    assert of_type(events, "RouteArranged") == [tr.RouteArranged(0, (3, 4, 2, 1), 1)]
    assert s.current_player == 1 and s.decision == tr.ARRANGE_FRAME


def test_tr_0_se_arranged_keep_the_rest_as_dealt() -> None:
    s = argame()
    s.apply(("route_card", 2))
    events = s.apply(("route_keep",))
    assert tr.held(s).routes[0] == (2, 1, 3, 4)
    assert of_type(events, "RouteArranged") == [tr.RouteArranged(0, (2, 1, 3, 4), 3)]


def test_tr_0_se_arranged_one_after_the_other_in_turn_order() -> None:
    """Start player 1 of 3: seats 1, 2, 0 arrange in that order, each their whole route;
    then the first phase's setup."""
    s = argame(start=1)
    seen = []
    while s.chance is None:
        seen.append(s.current_player)
        assert s.legal_actions()[0][0] == "route_card"
        s.apply(s.legal_actions()[0])
    assert seen == [1, 1, 1, 2, 2, 2, 0, 0, 0]
    assert s.chance == "phase"


def test_tr_0_se_arranged_is_a_setup_decision_before_the_first_phase() -> None:
    s = argame(players=2)
    assert s.in_module_setup and s.phase == 0 and not any(s.depots)
    while s.chance is None:
        s.apply(("route_keep",))
    assert not s.in_module_setup
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, [(1, 2)] * 2))
    assert s.decision == "turn" and not s.in_module_setup


def test_tr_0_se_arranged_turn_started_passes_from_player_to_player() -> None:
    s = argame(players=2, deal=((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)))
    events = s.apply(("route_keep",))
    assert of_type(events, "TurnStarted") == [ev.TurnStarted(1)]
    assert s.apply(("route_keep",))[-1] == tr.RouteArranged(1, (6, 7, 8, 9, 10), 5)
    assert s.chance == "phase"


def test_tr_0_default_form_lies_in_the_order_dealt_without_a_decision() -> None:
    config = GameConfig(players=3, board_mode="basic", modules=("trade_routes",))
    assert config.modules == ("trade_routes:dealt",)
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * 3))
    s.apply_chance(((4, 3, 2, 1), (5, 6, 7, 8), (9, 10, 11, 12)))
    assert s.chance == "phase" and not s.frames
    assert tr.held(s).routes[0] == (4, 3, 2, 1)


@pytest.mark.parametrize("rules", ["alea2019", "original"])
def test_tr_0_only_the_special_edition_offers_arranging(rules: str) -> None:
    """A19 / X11 forms: no arrange option."""
    with pytest.raises(ValueError, match="takes no parameter"):
        GameConfig(players=3, rules=rules, modules=("trade_routes:arranged",))
    assert GameConfig(players=3, rules=rules, modules=("trade_routes",)).modules == (
        "trade_routes",)
    assert "arranged" in check_modules("special", ("trade_routes:arranged",), "basic", False)[0]


def test_tr_0_se_arranged_not_with_team() -> None:
    """P-GEN-2: trade routes are not combined with the team game."""
    with pytest.raises(ValueError, match="team"):
        GameConfig(players=4, modules=("team", "trade_routes:arranged"))


def test_tr_0_se_arranged_illegal_actions_are_explained() -> None:
    s = argame()
    refused(s, ("route_card", 5), "not yet laid", "1, 2, 3, 4")
    s.apply(("route_card", 1))
    refused(s, ("route_card", 1), "position 2", "2, 3, 4")
    refused(s, ("workers", 0), "route_arrange", "route_card, route_keep")
    refused(s, ("route_card", "2"), "route_card")
    # after the setup, and in a game whose routes lie as dealt
    while s.chance is None:
        s.apply(("route_keep",))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, [(1, 2)] * 3))
    refused(s, ("route_keep",), "at the setup")
    d = trgame(players=3)
    refused(d, ("route_card", 1), "order dealt", "trade_routes:arranged")


def test_tr_0_ch_tr_1_se_arranged_chateauma_arranges_nothing() -> None:
    """Châteauma (seat 2 of 3) has no route: the two humans arrange, then Châteauma's
    setup follows."""
    s = argame(start=1, chateauma="medium")
    seen = []
    while s.chance is None:
        seen.append(s.current_player)
        s.apply(("route_keep",))
    assert seen == [1, 0]
    assert s.chance != "phase"
    assert tr.held(s).routes[2] == ()


def test_tr_0_se_arranged_round_trip_and_replay_mid_arrangement() -> None:
    s = argame()
    s.apply(("route_card", 4))
    restored = roundtrip(s)
    assert restored.decision == tr.ARRANGE_FRAME and restored.frames[-1].arg == 1
    assert tr.held(restored) == tr.held(s)
    restored.apply(("route_card", 2))
    s.apply(("route_card", 2))
    assert restored.to_json() == s.to_json()
    from game.rules.actions import action_text, parse_action
    for action in s.legal_actions():
        assert parse_action(action_text(action)) == action
    config = GameConfig(players=3, modules=("trade_routes:arranged",))
    a = check_game(21, config)
    b = check_game(21, config)
    assert a.to_json() == b.to_json()
