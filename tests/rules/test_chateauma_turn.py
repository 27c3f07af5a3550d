"""Châteauma's turn: the active card, the depot search, the fallbacks, the placement
bonuses of every tile kind and building, and its sales.

Unless a test says otherwise: a solo game, white die 1 (the left card works), card 4 on the
left (building, castle, monastery, mine, building; the castle lies on space 1) and card 1
on the right (mine, pasture, monastery), every depot empty.
"""

from __future__ import annotations

import pytest

from game.rules.chateauma import EMPTY
from game.rules.tiles import kind_from_name

from .builders import of_type, points, set_depot, set_depot_goods, set_goods
from .chateauma_builders import (automa, automa_game, automa_turn, clear_slot, fill_card,
                                 reserve_names, seat, set_black, set_card, set_estate,
                                 set_reserve, tiles_on)

kind = kind_from_name


def placed(events) -> list[tuple]:
    return [(e.card, e.space, e.tile, e.reason, e.depot, e.depot_slot)
            for e in of_type(events, "ChateaumaTilePlaced")]


def silver_for(events, reason: str) -> int:
    return sum(e.amount for e in of_type(events, "SilverTaken") if e.reason == reason)


# --- the active card ----------------------------------------------------------------------

@pytest.mark.parametrize("white, card, slot", [(1, 4, 0), (4, 4, 0), (5, 1, 1), (6, 1, 1)])
def test_the_white_die_chooses_the_card(white, card, slot):
    s = automa_game(white=white)
    set_depot(s, 2, ["mine"])
    events = automa_turn(s, 2)
    rolled = of_type(events, "ChateaumaDieRolled")[0]
    assert (rolled.die, rolled.white, rolled.card, rolled.slot) == (2, white, card, slot)
    assert placed(events)[0][0] == card


def test_its_own_die_is_rolled_on_its_turn_not_with_the_others():
    s = automa_game()
    assert s.chance is None and s.current_player == 0
    automa_turn(s, 3)
    assert automa(s).die == 3


def test_the_other_card_works_when_the_white_dies_slot_is_empty():
    s = automa_game(white=6)
    clear_slot(s, 1)
    set_depot(s, 1, ["bank"])
    events = automa_turn(s, 1)
    assert placed(events) == [(4, 0, "bank", "die", 1, 0)]


# --- the depot search ---------------------------------------------------------------------

def test_the_search_starts_at_the_depot_its_die_shows():
    s = automa_game()
    set_depot(s, 1, ["bank"])
    set_depot(s, 3, ["ship", "mine"])
    events = automa_turn(s, 3)
    assert placed(events) == [(4, 3, "mine", "die", 3, 1)]
    assert s.depots[2] == [kind("ship"), EMPTY]
    assert tiles_on(s, 0) == [None, "castle", None, "mine", None]


def test_in_a_depot_the_card_spaces_are_tried_in_reading_order():
    s = automa_game()
    set_depot(s, 3, ["mine", "watchtower"])
    events = automa_turn(s, 3)
    assert placed(events) == [(4, 0, "watchtower", "die", 3, 1)]


def test_the_depot_comes_before_the_space_order():
    """A later space matched in the die's depot beats the first space matched only in the
    next depot."""
    s = automa_game()
    set_depot(s, 3, ["mine"])
    set_depot(s, 4, ["bank"])
    events = automa_turn(s, 3)
    assert placed(events) == [(4, 3, "mine", "die", 3, 0)]


def test_the_search_goes_on_clockwise_past_depot_6():
    s = automa_game()
    set_depot(s, 1, ["monastery2"])
    set_depot(s, 4, ["ship"])
    events = automa_turn(s, 6)
    assert placed(events) == [(4, 2, "monastery2", "die", 1, 0)]


def test_of_several_matching_tiles_in_a_depot_it_takes_the_upper_one():
    s = automa_game()
    set_depot(s, 2, ["church", "bank"])
    set_depot(s, 5, ["castle", "castle"])  # the church's castle
    events = automa_turn(s, 2)
    assert placed(events)[0] == (4, 0, "church", "die", 2, 0)


def test_filled_spaces_are_skipped():
    s = automa_game()
    set_card(s, 0, 4, {0: "bank", 1: "castle", 2: "monastery2"})
    set_depot(s, 2, ["bank", "mine"])
    events = automa_turn(s, 2)
    assert placed(events)[0] == (4, 3, "mine", "die", 2, 1)


# --- the fallbacks ----------------------------------------------------------------------

def test_without_a_depot_tile_a_reserve_tile_for_the_first_empty_space_is_placed_and_acts():
    s = automa_game()
    set_reserve(s, "bank", "watchtower", "~mine")
    events = automa_turn(s, 4)
    assert placed(events) == [(4, 0, "watchtower", "reserve", 0, -1)]
    assert points(events, "buildings") == 3
    assert reserve_names(s) == ["bank", "~mine"]


def test_a_reserve_tile_only_for_a_later_space_is_not_used():
    s = automa_game()
    set_reserve(s, "monastery2", "mine")
    events = automa_turn(s, 4)
    assert placed(events) == []
    assert silver_for(events, "no_tile") == 2
    assert reserve_names(s) == ["mine", "monastery2"]


def test_else_a_joker_goes_face_down_on_the_first_empty_space_without_a_bonus():
    s = automa_game()
    set_reserve(s, "monastery2", "~ship", "~bank")
    events = automa_turn(s, 4)
    assert [(e.space, e.tile, e.face_down, e.reason) for e in
            of_type(events, "ChateaumaTilePlaced")] == [(0, "bank", True, "joker")]
    assert silver_for(events, "bank") == 0
    assert tiles_on(s, 0)[0] == "~bank"
    assert reserve_names(s) == ["monastery2", "~ship"]


def test_a_joker_on_a_sell_symbol_still_sells():
    s = automa_game()
    set_card(s, 0, 5)  # monastery (sell), building, pasture, monastery
    set_reserve(s, "~cow3")
    events = automa_turn(s, 4)
    assert of_type(events, "ChateaumaSaleTriggered")[0].reason == "sell_symbol"
    assert of_type(events, "GoodsSold")[0].goods == 1


def test_else_the_first_black_depot_tile_goes_face_down_into_the_reserve():
    s = automa_game()
    set_black(s, None, "cow4", "ship")
    events = automa_turn(s, 4)
    got = of_type(events, "ChateaumaReserveTile")
    assert [(e.tile, e.face_down, e.reason, e.depot, e.depot_slot) for e in got] == \
        [("cow4", True, "no_tile", 0, 1)]
    assert placed(events) == [] and reserve_names(s) == ["~cow4"]
    assert s.black == [EMPTY, EMPTY, kind("ship")]


def test_else_it_takes_2_silver():
    s = automa_game()
    events = automa_turn(s, 4)
    assert silver_for(events, "no_tile") == 2
    assert s.players[seat(s)].silver == 3


def test_without_any_card_it_goes_straight_to_the_black_depot_or_silver():
    s = automa_game()
    clear_slot(s, 0)
    clear_slot(s, 1)
    set_reserve(s, "bank", "~mine")
    set_depot(s, 1, ["bank"])
    events = automa_turn(s, 1)
    assert of_type(events, "ChateaumaDieRolled")[0].card == 0
    assert silver_for(events, "no_tile") == 2


# --- placement bonuses --------------------------------------------------------------------

def test_a_castle_takes_another_tile_searched_from_the_white_dies_depot():
    s = automa_game(white=1)
    set_card(s, 0, 8)  # castle, mine (sell), pasture, ship
    set_depot(s, 2, ["castle"])
    set_depot(s, 3, ["mine"])
    set_depot(s, 1, ["ship"])
    events = automa_turn(s, 2)
    assert placed(events) == [(8, 0, "castle", "die", 2, 0), (8, 3, "ship", "castle", 1, 0)]


def test_a_castle_on_a_full_card_fills_the_other_card():
    s = automa_game()
    set_card(s, 0, 8, {1: "mine", 2: "cow2", 3: "ship"})
    set_depot(s, 2, ["castle"])
    set_depot(s, 1, ["monastery2"])
    events = automa_turn(s, 2)
    assert placed(events)[1] == (1, 2, "monastery2", "castle", 1, 0)


def test_a_castle_with_both_cards_full_is_a_sale():
    s = automa_game()
    set_card(s, 0, 8, {1: "mine", 2: "cow2", 3: "ship"})
    fill_card(s, 1)
    set_depot(s, 2, ["castle"])
    set_goods(s, {4: 2, 5: 1}, seat=seat(s))
    events = automa_turn(s, 2)
    assert of_type(events, "ChateaumaSaleTriggered")[0].reason == "castle"
    assert (of_type(events, "GoodsSold")[0].goods, of_type(events, "GoodsSold")[0].count) == (4, 2)


def test_a_castle_whose_search_fails_uses_the_fallbacks():
    s = automa_game()
    set_card(s, 0, 8)
    set_depot(s, 2, ["castle"])
    set_black(s, "mine")
    events = automa_turn(s, 2)
    assert [e.reason for e in of_type(events, "ChateaumaReserveTile")] == ["no_tile"]


@pytest.mark.parametrize("building, silver, score", [
    ("bank", 2, 0), ("boarding_house", 0, 3), ("watchtower", 0, 3)])
def test_bank_boarding_house_and_watchtower(building, silver, score):
    s = automa_game()
    set_depot(s, 2, [building])
    events = automa_turn(s, 2)
    assert silver_for(events, "bank") == silver
    assert points(events, "buildings") == score


def test_identical_buildings_may_lie_on_one_card():
    s = automa_game()
    set_card(s, 0, 4, {0: "bank", 1: "castle"})
    set_depot(s, 2, ["bank"])
    events = automa_turn(s, 2)
    assert placed(events)[0] == (4, 4, "bank", "die", 2, 0)


def test_the_carpenters_workshop_takes_a_building_clockwise_from_the_white_die():
    s = automa_game(white=1)
    set_depot(s, 3, ["carpenters_workshop"])
    set_depot(s, 2, ["cow2", "market"])
    set_depot(s, 6, ["bank"])
    events = automa_turn(s, 3)
    got = of_type(events, "ChateaumaReserveTile")[0]
    assert (got.tile, got.face_down, got.reason, got.depot, got.depot_slot) == \
        ("market", False, "carpenters_workshop", 2, 1)
    assert reserve_names(s) == ["market"]


def test_without_buildings_on_the_board_the_carpenters_workshop_gives_nothing():
    s = automa_game()
    set_depot(s, 3, ["carpenters_workshop"])
    events = automa_turn(s, 3)
    assert of_type(events, "EffectLapsed")[0].effect == "carpenters_workshop"


@pytest.mark.parametrize("depots, taken", [
    ({2: ["monastery2"], 4: ["mine"], 6: ["castle"]}, "castle"),
    ({2: ["monastery2"], 4: ["mine"]}, "mine"),
    ({2: ["monastery2"]}, "monastery2"),
    ({2: ["ship"]}, None)])
def test_the_church_takes_a_castle_else_a_mine_else_a_monastery(depots, taken):
    s = automa_game(white=4)
    set_depot(s, 1, ["church"])
    for d, names in depots.items():
        set_depot(s, d, names)
    events = automa_turn(s, 1)
    got = [e.tile for e in of_type(events, "ChateaumaReserveTile")]
    assert got == ([taken] if taken else [])
    if not taken:
        assert of_type(events, "EffectLapsed")[0].effect == "church"


@pytest.mark.parametrize("depots, taken", [
    ({2: ["cow2"], 5: ["ship"]}, "ship"), ({2: ["cow2"]}, "cow2"), ({2: ["mine"]}, None)])
def test_the_market_takes_a_ship_else_an_animal(depots, taken):
    s = automa_game()
    set_depot(s, 1, ["market"])
    for d, names in depots.items():
        set_depot(s, d, names)
    events = automa_turn(s, 1)
    got = [e.tile for e in of_type(events, "ChateaumaReserveTile")]
    assert got == ([taken] if taken else [])


def test_the_city_hall_places_the_reserve_colour_it_has_most_of():
    s = automa_game()
    set_reserve(s, "mine", "monastery2", "monastery3", "bank")
    set_depot(s, 1, ["city_hall"])
    events = automa_turn(s, 1)
    assert placed(events) == [(4, 0, "city_hall", "die", 1, 0),
                              (4, 2, "monastery3", "city_hall", 0, -1)]
    assert reserve_names(s) == ["mine", "monastery2", "bank"]


def test_the_city_halls_ties_go_to_the_first_space_in_reading_order_and_the_tile_acts():
    s = automa_game()
    set_card(s, 0, 4, {1: "castle", 2: "monastery2"})
    set_reserve(s, "bank", "mine")
    set_depot(s, 1, ["city_hall"])
    events = automa_turn(s, 1)
    assert placed(events)[1] == (4, 3, "mine", "city_hall", 0, -1)
    s2 = automa_game()
    set_card(s2, 0, 4, {1: "castle", 2: "monastery2", 3: "mine"})
    set_reserve(s2, "bank")
    set_depot(s2, 1, ["city_hall"])
    events = automa_turn(s2, 1)
    assert placed(events)[1] == (4, 4, "bank", "city_hall", 0, -1)
    assert silver_for(events, "bank") == 2


def test_the_city_hall_uses_the_other_card_when_this_one_has_no_fitting_space():
    s = automa_game()
    set_reserve(s, "cow3", "~bank")
    set_depot(s, 1, ["city_hall"])
    events = automa_turn(s, 1)
    assert placed(events)[1] == (1, 1, "cow3", "city_hall", 0, -1)
    assert points(events, "animals") == 3


def test_the_city_hall_with_nothing_to_place_gives_nothing():
    s = automa_game()
    set_reserve(s, "~bank")  # a joker is not a reserve colour
    set_depot(s, 1, ["city_hall"])
    events = automa_turn(s, 1)
    assert of_type(events, "EffectLapsed")[0].effect == "city_hall"


def test_the_warehouse_sells():
    s = automa_game()
    set_depot(s, 1, ["warehouse"])
    events = automa_turn(s, 1)
    assert of_type(events, "ChateaumaSaleTriggered")[0].reason == "warehouse"


def test_animals_score_every_face_up_tile_of_the_species_on_estate_and_cards():
    s = automa_game()
    set_card(s, 0, 2)                            # building, building, pasture, monastery
    set_card(s, 1, 1, {1: "cow2"})
    set_estate(s, {0: "cow3", 4: "~cow4", 5: "sheep3"})
    set_reserve(s, "cow4")
    set_depot(s, 3, ["cow3"])
    events = automa_turn(s, 3)
    assert points(events, "animals") == 3 + 2 + 3


def test_a_ship_takes_the_goods_of_the_depot_with_most_and_moves_on_the_track():
    s = automa_game()
    set_card(s, 0, 6, {0: "ship"})               # ship (sell), monastery, building, ship
    set_depot(s, 2, ["ship"])
    set_depot_goods(s, 1, {1: 1})
    set_depot_goods(s, 4, {2: 1, 6: 1})
    p = s.players[seat(s)]
    before = p.goods[:]
    events = automa_turn(s, 2)
    assert [(e.depot, e.goods) for e in of_type(events, "GoodsTaken")] == [(4, (2, 6))]
    assert p.goods[2] == before[2] + 1 and p.goods[6] == before[6] + 1
    assert p.track_pos == 1 and of_type(events, "TurnOrderMoved")[0].position == 1


def test_a_ships_tie_goes_clockwise_from_the_white_die():
    s = automa_game(white=3)
    set_card(s, 0, 6, {0: "ship"})
    set_depot(s, 2, ["ship"])
    set_depot_goods(s, 2, {1: 2})
    set_depot_goods(s, 5, {3: 1, 4: 1})
    events = automa_turn(s, 2)
    assert [e.depot for e in of_type(events, "GoodsTaken")] == [5]


def test_a_ship_without_goods_on_the_board_still_moves_on_the_track():
    s = automa_game()
    set_card(s, 0, 6, {0: "ship"})
    set_depot(s, 2, ["ship"])
    events = automa_turn(s, 2)
    assert of_type(events, "EffectLapsed")[0].effect == "ship_goods"
    assert s.players[seat(s)].track_pos == 1


@pytest.mark.parametrize("tile", ["mine", "monastery2", "monastery7"])
def test_mines_and_monasteries_have_no_placement_bonus(tile):
    s = automa_game()
    set_depot(s, 2, [tile])
    events = automa_turn(s, 2)
    assert len(placed(events)) == 1
    assert not of_type(events, "PointsScored") and not of_type(events, "SilverTaken")
    assert s.players[seat(s)].knowledge == 0  # monastery effects are ignored


# --- sales --------------------------------------------------------------------------------

def test_a_covered_sell_symbol_sells_after_the_placement_bonuses():
    s = automa_game()
    set_card(s, 0, 3, {0: "ship"})               # ship, building, pasture (sell), building
    set_depot(s, 2, ["cow2"])
    events = automa_turn(s, 2)
    names = [type(e).__name__ for e in events]
    assert names.index("ChateaumaSaleTriggered") > names.index("PointsScored")


def test_a_sale_sells_the_type_it_holds_most_of_for_1_silver_and_points_by_player_count():
    s = automa_game(players=3)
    set_goods(s, {1: 1, 2: 3, 5: 3}, seat=seat(s))
    set_depot(s, 1, ["warehouse"])
    p = s.players[seat(s)]
    events = automa_turn(s, 1)
    sold = of_type(events, "GoodsSold")[0]
    assert (sold.goods, sold.count) == (2, 3)
    assert points(events, "goods") == 9 and silver_for(events, "sale") == 1
    assert p.goods[1:] == [1, 0, 0, 0, 3, 0] and p.sold[2] == 3


def test_a_sale_without_goods_lapses():
    s = automa_game()
    set_goods(s, {}, seat=seat(s))
    set_depot(s, 1, ["warehouse"])
    events = automa_turn(s, 1)
    assert of_type(events, "EffectLapsed")[0].effect == "sale"


def test_every_sell_symbol_covered_in_the_turn_gives_a_sale():
    """The city hall lays a castle, whose tile goes to the other card's sell space."""
    s = automa_game()
    set_card(s, 0, 7, {0: "bank", 3: "cow2", 4: "ship"})  # castle 1, building 2 (sell)
    set_card(s, 1, 6, {1: "monastery2", 2: "bank", 3: "ship"})  # ship 0 (sell)
    set_reserve(s, "castle")
    set_depot(s, 2, ["city_hall"])
    set_depot(s, 1, ["ship"])
    events = automa_turn(s, 2)
    assert [p[:4] for p in placed(events)] == [(7, 2, "city_hall", "die"),
                                               (7, 1, "castle", "city_hall"),
                                               (6, 0, "ship", "castle")]
    assert [e.goods for e in of_type(events, "GoodsSold")] == [1, 2]
