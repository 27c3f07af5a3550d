"""The eight buildings' effects; an effect that cannot be used (or is declined) lapses but
the building is placed. Board 1: space 11 (building 3) is a one-space city next to the start
castle, space 25 (building 3) starts the five-space city, space 6 (castle 6) touches 11.

Two-player depots: 1 building/ship, 2 monastery/castle, 3 pasture/building, 4 ship/building,
5 mine/monastery, 6 building/pasture."""

from __future__ import annotations

import pytest

from .builders import (game, give, kind, me, of_type, points, set_depot, set_goods, store)

DEPOTS = {(1, 0): "bank", (1, 1): "ship", (2, 0): "monastery5", (2, 1): "castle",
          (3, 0): "sheep2", (3, 1): "market", (4, 0): "ship", (4, 1): "church",
          (5, 0): "mine", (5, 1): "monastery9", (6, 0): "watchtower", (6, 1): "pig3"}
PICKS = {
    "market": {(1, 1), (3, 0), (4, 0), (6, 1)},
    "carpenters_workshop": {(1, 0), (3, 1), (4, 1), (6, 0)},
    "church": {(2, 0), (2, 1), (5, 0), (5, 1)},
}


def placed(building: str, **kw):
    """A game where the current player has just placed `building` on space 11."""
    s = game(dice=[(3, 3), (1, 1)], depots=DEPOTS, black=["ship", "cow3", "bank", "castle"],
             **kw)
    give(s, workers=0)
    store(s, building)
    events = s.apply(("place", 0, 0, 11))
    assert me(s).estate[11] == kind(building)
    return s, events


@pytest.mark.parametrize("building", sorted(PICKS))
def test_picking_buildings_take_a_tile_of_their_colours_from_the_numbered_depots(
        building: str) -> None:
    s, _ = placed(building)
    assert s.decision == "pick"
    picks = {a[1:] for a in s.legal_actions() if a[0] == "pick"}
    assert picks == PICKS[building]  # never from the black depot
    assert ("decline",) in s.legal_actions()
    d, slot = sorted(picks)[0]
    tile = s.depots[d - 1][slot]
    s.apply(("pick", d, slot))
    assert me(s).storage[0] == tile and s.depots[d - 1][slot] == -1
    assert s.decision == "turn" and me(s).used == [True, False]


def test_a_picked_tile_into_full_storage_asks_for_a_discard() -> None:
    s = game(dice=[(3, 3), (1, 1)], depots=DEPOTS)
    give(s, workers=0)
    store(s, "market", "mine", "mine")
    s.apply(("place", 0, 0, 11))
    store(s, "castle", "mine", "mine")
    s.apply(("pick", 1, 1))
    assert s.decision == "discard"
    s.apply(("discard", 0))
    assert me(s).storage[0] == kind("ship")


@pytest.mark.parametrize("building, left", [("market", "bank"), ("carpenters_workshop", "ship"),
                                            ("church", "cow2")])
def test_a_picking_building_without_a_fitting_tile_is_placed_and_its_effect_lapses(
        building: str, left: str) -> None:
    s = game(dice=[(3, 3), (1, 1)], black=["ship", "bank", "cow3", "castle"])
    give(s, workers=0)
    for d in range(1, 7):
        set_depot(s, d, [left, None])  # the black depot does not count
    store(s, building)
    events = s.apply(("place", 0, 0, 11))
    assert me(s).estate[11] == kind(building)
    assert [e.effect for e in of_type(events, "EffectLapsed")] == [building]
    assert s.decision == "turn"


def test_a_building_effect_may_be_declined() -> None:
    s, _ = placed("church")
    depots = [row[:] for row in s.depots]
    events = s.apply(("decline",))
    assert of_type(events, "EffectDeclined")
    assert s.depots == depots and me(s).estate[11] == kind("church")


def test_warehouse_sells_one_goods_type_without_a_die() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0, silver=0)
    set_goods(s, {2: 3, 5: 1})
    store(s, "warehouse")
    s.apply(("place", 0, 0, 11))
    assert s.decision == "warehouse"
    assert sorted(s.legal_actions()) == [("decline",), ("warehouse", 2), ("warehouse", 5)]
    events = s.apply(("warehouse", 2))
    assert me(s).goods[2] == 0 and me(s).goods[5] == 1 and me(s).sold[2] == 3
    assert me(s).silver == 1
    assert points(events, "goods") == 3 * 2  # 2 points a tile with two players
    assert me(s).used == [True, False]  # only the placement used a die


def test_warehouse_without_goods_lapses() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0)
    set_goods(s, {})
    store(s, "warehouse")
    events = s.apply(("place", 0, 0, 11))
    assert [e.effect for e in of_type(events, "EffectLapsed")] == ["warehouse"]
    assert s.decision == "turn"


def test_boarding_house_gives_four_workers() -> None:
    s, _ = placed("boarding_house")
    assert me(s).workers == 4


def test_bank_gives_two_silver() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0, silver=1)
    store(s, "bank")
    s.apply(("place", 0, 0, 11))
    assert me(s).silver == 3


def test_watchtower_scores_four_points() -> None:
    s, events = placed("watchtower")
    assert points(events, "buildings") == 4
    assert me(s).score == 4 + 1 + 10  # and the one-space city is complete in phase A


def test_city_hall_places_any_stored_tile_on_any_number() -> None:
    # Dice 3 and 3: the ship spaces next to the start castle are 2 and 5.
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0)
    store(s, "city_hall", "ship", "mine")
    s.apply(("place", 0, 0, 11))
    assert s.decision == "city_hall"
    targets = {a[1:] for a in s.legal_actions() if a[0] == "city_hall"}
    assert {(1, 17), (1, 19), (2, 24)} <= targets
    assert ("decline",) in s.legal_actions()
    events = s.apply(("city_hall", 1, 17))
    assert me(s).estate[17] == kind("ship")
    assert of_type(events, "TurnOrderMoved")  # with the ship's effect
    assert me(s).workers == 0


def test_city_hall_chain_city_hall_castle_bank() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0, silver=0)
    store(s, "city_hall", "castle", "bank")
    s.apply(("place", 0, 0, 11))
    s.apply(("city_hall", 1, 6))  # the castle on space 6 (castle 6), die 3 notwithstanding
    assert s.decision == "castle"
    s.apply(("place", 2, 2, 25))  # the castle's action places the bank: 2 silver
    assert me(s).silver == 2
    assert [me(s).estate[x] for x in (11, 6, 25)] == [kind("city_hall"), kind("castle"),
                                                       kind("bank")]
    assert s.decision == "turn" and me(s).used == [True, False]


def test_city_hall_with_nothing_to_place_lapses() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=0)
    store(s, "city_hall")
    events = s.apply(("place", 0, 0, 11))
    assert [e.effect for e in of_type(events, "EffectLapsed")] == ["city_hall"]
    assert s.decision == "turn"
