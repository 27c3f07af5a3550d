"""Illegal actions raise IllegalAction naming what was wrong; impossible chance outcomes
are rejected and leave the state as it was."""

from __future__ import annotations

import pytest

from game.rules import GameConfig, IllegalAction, new_game
from game.rules.chance import depot_colours
from game.rules.tiles import BUILDING

from .builders import (refused, at_last_turn, build, game, give, kind, pass_turn, phase_outcome,
                       set_goods, store)


def test_a_used_die() -> None:
    s = game()
    s.apply(("workers", 0))
    refused(s, ("workers", 0), "die 1 is already used")


def test_ending_the_turn_early() -> None:
    s = game()
    refused(s, ("end",), "both dice")


def test_a_die_too_far_from_the_depot() -> None:
    s = game(dice=[(2, 2), (1, 1)])
    give(s, workers=1)
    refused(s, ("take", 0, 5, 0), "shows 2", "depot 5", "needs 3 workers, you have 1")


def test_an_empty_depot_space() -> None:
    s = game(dice=[(2, 2), (1, 1)])
    s.apply(("take", 0, 2, 0))
    refused(s, ("take", 1, 2, 0), "depot 2 has no tile on space 0")


def test_a_tile_of_the_wrong_colour() -> None:
    s = game(dice=[(2, 2), (1, 1)])
    store(s, "mine")
    refused(s, ("place", 0, 0, 17), "mine", "cannot go on", "ship 2")


def test_a_space_away_from_the_estate() -> None:
    s = game(dice=[(1, 1), (1, 1)])
    store(s, "ship")
    refused(s, ("place", 0, 0, 16), "not next to")


def test_a_taken_space() -> None:
    s = game(dice=[(2, 2), (1, 1)])
    build(s, 17, "ship")
    store(s, "ship")
    refused(s, ("place", 0, 0, 17), "already built on")


def test_an_empty_storage_space() -> None:
    s = game()
    store(s)
    refused(s, ("place", 0, 1, 17), "storage space 1 is empty")


def test_a_second_building_of_a_kind_in_a_city() -> None:
    s = game(dice=[(1, 1), (1, 1)])
    build(s, 25, "bank")
    store(s, "bank")
    refused(s, ("place", 0, 0, 26), "already has a bank", "monastery 1")


def test_a_placement_that_needs_more_workers() -> None:
    s = game(dice=[(5, 5), (1, 1)])
    give(s, workers=0)
    store(s, "ship")
    refused(s, ("place", 0, 0, 17), "space 17 needs a 2", "3 workers, you have 0")


def test_selling_goods_not_held() -> None:
    s = game(dice=[(4, 4), (1, 1)])
    set_goods(s, {1: 1})
    refused(s, ("sell", 0, 4), "no goods of type 4")


def test_a_second_purchase() -> None:
    s = game()
    give(s, silver=4)
    s.apply(("buy", 0, 0, "silver"))
    refused(s, ("buy", 0, 1, "silver"), "only one purchase per turn")


def test_a_purchase_without_silver() -> None:
    s = game()
    give(s, silver=1)
    refused(s, ("buy", 0, 0, "silver"), "costs 2 silver, you have 1")


def test_a_purchase_from_a_numbered_depot_without_monastery_6() -> None:
    s = game()
    give(s, silver=2)
    refused(s, ("buy", 1, 0, "silver"), "monastery 6")


def test_a_purchase_during_a_castle_action_outside_the_special_edition() -> None:
    s = game(rules="original", dice=[(6, 6), (1, 1)])
    give(s, workers=0, silver=2)
    build(s, 11, "bank")
    store(s, "castle")
    s.apply(("place", 0, 0, 6))
    refused(s, ("buy", 0, 0, "silver"), "before, between or after")


def test_an_action_for_another_decision() -> None:
    s = game(dice=[(4, 4), (1, 1)])
    store(s, "mine", "mine", "mine")
    s.apply(("take", 0, 4, 0))
    refused(s, ("workers", 1), "must decide 'discard'")


def test_keeping_the_wrong_number_of_goods_types() -> None:
    s = game(dice=[(2, 2), (1, 1)])
    give(s, workers=0)
    set_goods(s, {1: 1, 2: 1})
    s.depot_goods[3][3] = s.depot_goods[3][4] = 1
    store(s, "ship")
    s.apply(("place", 0, 0, 17))
    s.apply(("ship", 4))
    refused(s, ("keep", (3, 4)), "keep exactly 1 of the goods types [3, 4]")


def test_a_castle_action_with_a_players_die() -> None:
    s = game(dice=[(6, 6), (1, 1)])
    give(s, workers=0)
    build(s, 11, "bank")
    store(s, "castle")
    s.apply(("place", 0, 0, 6))
    refused(s, ("workers", 1), "castle", "die 2")


def test_not_an_action() -> None:
    s = game()
    refused(s, "workers", "tuple")


def test_a_decision_while_chance_is_pending() -> None:
    s = new_game()
    refused(s, ("workers", 0), "chance outcome", "start_player")


def test_an_action_after_the_game() -> None:
    s = game()
    at_last_turn(s, 4)
    s.apply(("end",))
    refused(s, ("workers", 0), "the game is over")


# --- chance outcomes --------------------------------------------------------------

def bad_chance(state, outcome, *words: str) -> None:
    before = state.to_json() if state.players else None
    with pytest.raises(IllegalAction) as err:
        state.apply_chance(outcome)
    for word in words:
        assert word in str(err.value), str(err.value)
    if before is not None:
        assert state.to_json() == before


@pytest.mark.parametrize("outcome", [2, -1, "0", True, None])
def test_a_start_player_who_is_not_at_the_table(outcome) -> None:
    bad_chance(new_game(GameConfig(players=2)), outcome, "seat 0-1")


def test_start_goods_of_the_wrong_count_or_type() -> None:
    s = new_game(GameConfig(players=2, board_mode="basic"))
    s.apply_chance(0)
    bad_chance(s, (1, 2, 3, 4, 5), "expected 6 goods")
    bad_chance(s, (1, 2, 3, 4, 5, 7), "goods type 7")


def test_more_goods_of_a_type_than_exist() -> None:
    s = new_game(GameConfig(players=4, board_mode="basic"))
    s.apply_chance(0)
    bad_chance(s, (1,) * 8 + (2, 2, 2, 2), "only 7 goods of type 1")


def test_depot_tiles_of_the_wrong_colour_count_or_supply() -> None:
    s = game()
    s.phase, s.chance = 1, "phase"
    tiles, black, goods = phase_outcome(s)
    bad_chance(s, (tiles[:-1], black, goods), "expected 12 depot tiles")
    bad_chance(s, (tiles, black[:-1], goods), "expected 4 black depot tiles")
    bad_chance(s, (tiles, black, goods[:4]), "expected 5 goods")
    gap = list(tiles)
    gap[0] = -1
    bad_chance(s, (tuple(gap), black, goods), "empty only when the supply has run out")
    swapped = list(tiles)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    bad_chance(s, (tuple(swapped), black, goods), "does not fit")
    bad_chance(s, "tiles", "expected (depot tiles, black depot tiles, goods)")


def test_depot_tiles_no_longer_in_the_supply() -> None:
    s = game()
    s.phase, s.chance = 1, "phase"
    bank = kind("bank")
    s.bags[BUILDING] = [k for k in s.bags[BUILDING] if k != bank] + [bank]
    tiles, black, goods = phase_outcome(s)
    buildings = [i for i, c in enumerate(c for row in depot_colours(2, 1) for c in row)
                 if c == BUILDING]
    two_banks = list(tiles)
    two_banks[buildings[0]] = two_banks[buildings[1]] = bank
    bad_chance(s, (tuple(two_banks), black, goods), "not enough bank tiles remain")


@pytest.mark.parametrize("outcome", [(1, 2, 3, 4), (1, 2, 3, 4, 7), (0, 1, 1, 1, 1), "12345"])
def test_impossible_dice(outcome) -> None:
    s = game()
    pass_turn(s)
    pass_turn(s)
    assert s.chance == "roll"
    bad_chance(s, outcome, "expected 5 die faces")


def test_boards_that_are_not_offered() -> None:
    s = new_game(GameConfig(players=2, rules="yucata", board_mode="advanced"))
    s.apply_chance(0)
    bad_chance(s, ("8-classic", "3"), "different boards")
    bad_chance(s, ("3", "3"), "different boards")
    r = new_game(GameConfig(players=2, board_mode="random"))
    r.apply_chance(0)
    bad_chance(r, (("1", 0), ("2", 3)), "not a castle space")


def test_no_chance_step_pending() -> None:
    s = game()
    with pytest.raises(IllegalAction, match="no chance step is pending"):
        s.apply_chance(1)
