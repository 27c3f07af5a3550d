"""Ships (goods from any depot, three goods types, the turn-order track) and selling goods.
Board 1: the ship spaces next to the start castle are 17 (ship 2) and 19 (ship 5)."""

from __future__ import annotations

import pytest

from .builders import (game, give, me, of_type, pass_turn, points, roll_outcome,
                       set_depot_goods, set_goods, store)


def with_ship(goods: dict[int, int], depots: dict[int, dict[int, int]], players: int = 2):
    s = game(players=players, dice=[(2, 2)] * players)
    give(s, workers=0)
    store(s, "ship")
    set_goods(s, goods)
    for d in range(1, 7):
        set_depot_goods(s, d, depots.get(d, {}))
    return s


def test_a_ship_takes_all_goods_of_any_depot_whatever_the_die() -> None:
    s = with_ship({1: 1}, {5: {1: 2, 4: 1}, 3: {6: 1}})
    s.apply(("place", 0, 0, 17))  # die 2
    assert s.decision == "ship"
    assert sorted(s.legal_actions()) == [("ship", 3), ("ship", 5)]
    s.apply(("ship", 5))
    assert me(s).goods[1:] == [3, 0, 0, 1, 0, 0]
    assert s.depot_goods[4] == [0] * 7 and s.depot_goods[2][6] == 1


def test_goods_of_a_held_type_always_fit_and_others_stay_behind() -> None:
    s = with_ship({1: 1, 2: 1, 3: 1}, {4: {1: 1, 4: 2}})
    s.apply(("place", 0, 0, 17))
    s.apply(("ship", 4))
    assert me(s).goods[1:] == [2, 1, 1, 0, 0, 0]
    assert s.depot_goods[3][1:] == [0, 0, 0, 2, 0, 0]
    assert s.decision == "turn"


def test_carlas_example_the_player_chooses_which_new_type_to_keep() -> None:
    # Carla holds green and one more type; the depot has green, pink and brown.
    green, other, pink, brown = 1, 2, 3, 4
    s = with_ship({green: 1, other: 1}, {4: {green: 1, pink: 1, brown: 1}})
    s.apply(("place", 0, 0, 17))
    s.apply(("ship", 4))
    assert s.decision == "keep_goods"
    assert sorted(s.legal_actions()) == [("keep", (pink,)), ("keep", (brown,))]
    s.apply(("keep", (brown,)))
    assert me(s).goods[1:] == [2, 1, 0, 1, 0, 0]
    assert s.depot_goods[3][1:] == [0, 0, 1, 0, 0, 0]
    assert me(s).goods_types_held == 3


def test_with_two_free_goods_spaces_two_new_types_are_kept() -> None:
    s = with_ship({1: 1}, {4: {2: 1, 3: 1, 5: 2}})
    s.apply(("place", 0, 0, 17))
    s.apply(("ship", 4))
    assert sorted(s.legal_actions()) == [("keep", (2, 3)), ("keep", (2, 5)), ("keep", (3, 5))]
    s.apply(("keep", (3, 5)))
    assert me(s).goods[1:] == [1, 0, 1, 0, 2, 0]


def test_new_types_that_fit_are_all_taken() -> None:
    s = with_ship({1: 1}, {2: {3: 1, 4: 2}})
    s.apply(("place", 0, 0, 17))
    s.apply(("ship", 2))
    assert me(s).goods[1:] == [1, 0, 1, 2, 0, 0]


def test_a_ship_moves_on_the_track_even_without_goods() -> None:
    s = with_ship({}, {})
    events = s.apply(("place", 0, 0, 17))
    assert me(s).track_pos == 1
    assert of_type(events, "TurnOrderMoved")
    assert [e.effect for e in of_type(events, "EffectLapsed")] == ["ship_goods"]
    assert s.decision == "turn"


def place_ship(s) -> None:
    store(s, "ship")
    give(s, workers=0)
    s.apply(("place", 0, 0, 17))
    if s.decision == "ship":
        s.apply(s.legal_actions()[0])
    s.apply(("workers", 1))
    s.apply(("end",))


def test_turn_order_is_fixed_for_the_round_and_ships_set_the_next_one() -> None:
    s = game(players=3, dice=[(2, 2)] * 3)
    assert s.order == [0, 1, 2]
    pass_turn(s)
    place_ship(s)  # seat 1 moves one space ahead
    assert s.current_player == 2  # this round's order stands
    pass_turn(s)
    s.apply_chance(roll_outcome(1, [(2, 2)] * 3))
    assert s.order == [1, 0, 2]
    pass_turn(s)
    pass_turn(s)
    place_ship(s)  # seat 2 joins seat 1's space and lies on top
    s.apply_chance(roll_outcome(1, [(2, 2)] * 3))
    assert [s.players[i].track_pos for i in range(3)] == [0, 1, 1]
    assert s.order == [2, 1, 0]


# --- selling goods ------------------------------------------------------------------

def test_the_die_names_the_goods_type_to_sell() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0)
    set_goods(s, {3: 2, 5: 1})
    sells = [a for a in s.legal_actions() if a[0] == "sell"]
    assert sells == [("sell", 0, 3)]
    give(s, workers=2)
    assert ("sell", 0, 5) in s.legal_actions()


def test_selling_sells_every_tile_of_the_type_for_one_silver() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0, silver=0)
    set_goods(s, {3: 3, 5: 1})
    s.apply(("sell", 0, 3))
    assert me(s).goods[3] == 0 and me(s).goods[5] == 1
    assert me(s).sold[3] == 3
    assert me(s).silver == 1


@pytest.mark.parametrize("players, per_tile", [(2, 2), (3, 3), (4, 4)])
def test_each_sold_tile_scores_by_player_count(players: int, per_tile: int) -> None:
    s = game(players=players, dice=[(3, 3)] * players)
    set_goods(s, {3: 2})
    events = s.apply(("sell", 0, 3))
    assert points(events, "goods") == 2 * per_tile
    assert of_type(events, "GoodsSold")[0].count == 2
