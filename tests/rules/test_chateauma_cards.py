"""Châteauma's completed cards, its estate, colour bonus tiles, extra turns (modifier D),
new cards and the black-depot purchase at the end of its turn.

Estate spaces (board 1's colours, reading order): mines 24, 29, 33; pastures 0, 4, 5, 9,
10, 27; monasteries 3, 7, 12, 30, 34, 35; ships 15-17, 19-21; castles 1, 2, 6, 18.
"""

from __future__ import annotations

import pytest

from game.rules.tiles import MINE, kind_from_name

from .builders import of_type, points, set_depot, set_goods
from .chateauma_builders import (automa, automa_game, automa_turn, fill_card,
                                 reserve_names, seat, set_black, set_card, set_estate,
                                 set_reserve)

kind = kind_from_name


def complete_card_1(difficulty: str = "medium", **kw):
    """Card 1 (mine, pasture, monastery) on the left lacks only its monastery, card 2 on
    the right; die 2 finds the monastery in depot 2."""
    s = automa_game(difficulty=difficulty, **kw)
    set_card(s, 0, 1, {0: "mine", 1: "cow2"})
    set_card(s, 1, 2)
    set_depot(s, 2, ["monastery2"])
    return s


@pytest.mark.parametrize("difficulty, score", [("easy", 8), ("medium", 12), ("hard", 16),
                                               ("hard+A+B+C+D", 16)])
def test_a_full_card_scores_its_points_for_the_level(difficulty, score):
    hidden = ("ship",) * 5 if "A" in difficulty else ()
    shown = ("castle", "bank", "mine") if "B" in difficulty else ()
    s = complete_card_1(difficulty, hidden=hidden, shown=shown)
    events = automa_turn(s, 2)
    done = of_type(events, "ChateaumaCardCompleted")[0]
    assert (done.card, done.slot, done.points) == (1, 0, score)
    assert points(events, "area_cards") == score


def test_its_tiles_go_onto_the_estate_top_left_first_and_the_right_card_moves_left():
    s = complete_card_1()
    set_estate(s, {24: "mine"})
    events = automa_turn(s, 2)
    moved = [(e.card_space, e.tile, e.estate_space, e.stacked)
             for e in of_type(events, "ChateaumaTileMoved")]
    assert moved == [(0, "mine", 29, False), (1, "cow2", 0, False), (2, "monastery2", 3, False)]
    c = automa(s)
    assert c.estate[29] == [kind("mine")] and c.discarded == [1]
    assert of_type(events, "ChateaumaCardShifted")[0].card == 2
    assert c.cards == [2, 0]
    assert s.chance == "chateauma_card"           # the new card is drawn when revealed
    events = s.apply_chance(9)
    assert [(e.card, e.slot) for e in of_type(events, "ChateaumaCardRevealed")] == [(9, 1)]
    assert c.cards == [2, 9] and 9 not in c.deck
    assert of_type(events, "TurnEnded")[0].player == seat(s)


def test_when_a_colour_is_covered_the_tiles_are_stacked_on_the_lowest_stack():
    s = complete_card_1()
    set_estate(s, {24: "mine", 29: "mine", 33: "mine"})
    set_estate(s, {24: "mine"})                    # 24 holds two mines already
    events = automa_turn(s, 2)
    moved = of_type(events, "ChateaumaTileMoved")[0]
    assert (moved.estate_space, moved.stacked) == (29, True)
    assert automa(s).estate[29] == [kind("mine")] * 2


def test_jokers_are_turned_over_on_their_way_to_the_estate():
    s = complete_card_1()
    set_card(s, 0, 1, {0: "~mine", 1: "cow2"})
    events = automa_turn(s, 2)
    moved = of_type(events, "ChateaumaTileMoved")[0]
    assert (moved.tile, moved.turned_over, moved.estate_space) == ("mine", True, 24)
    assert automa(s).estate[24] == [kind("mine")]
    assert not of_type(events, "SilverTaken")   # no placement bonus on the way


def test_the_right_card_completes_in_place_and_a_new_card_fills_its_slot():
    s = automa_game(white=5)
    set_card(s, 1, 1, {0: "mine", 1: "cow2"})
    set_depot(s, 2, ["monastery2"])
    automa_turn(s, 2)
    assert automa(s).cards == [4, 0] and s.chance == "chateauma_card"
    s.apply_chance(3)
    assert automa(s).cards == [4, 3]


def test_both_cards_can_complete_in_one_turn_and_two_cards_are_drawn():
    s = automa_game()
    set_card(s, 0, 8, {1: "mine", 2: "cow2", 3: "ship"})
    set_card(s, 1, 1, {0: "mine", 1: "cow2"})
    set_depot(s, 2, ["castle"])
    set_depot(s, 1, ["monastery2"])
    events = automa_turn(s, 2)
    assert [e.card for e in of_type(events, "ChateaumaCardCompleted")] == [8, 1]
    assert points(events, "area_cards") == 18 + 12
    assert not of_type(events, "ChateaumaCardShifted")
    s.apply_chance(2)
    assert s.chance == "chateauma_card"
    s.apply_chance(9)
    assert automa(s).cards == [2, 9] and s.chance == "roll"


def test_with_the_deck_used_up_no_card_is_drawn():
    s = complete_card_1()
    automa(s).deck = []
    events = automa_turn(s, 2)
    assert automa(s).cards == [2, 0] and s.chance == "roll"
    assert of_type(events, "TurnEnded")


def test_a_card_drawn_leaves_no_order_behind():
    s = automa_game()
    assert automa(s).deck == sorted(automa(s).deck)
    assert '"deck":[2,3,5,6,7,8,9]' in s.to_json()


# --- colour bonus tiles -------------------------------------------------------------------

def test_covering_every_space_of_a_colour_takes_its_bonus_tile():
    s = complete_card_1(players=3)
    set_estate(s, {24: "mine", 29: "mine"})
    events = automa_turn(s, 2)
    bonus = of_type(events, "BonusTileTaken")
    assert [(b.colour, b.rank) for b in bonus] == [("mine", 1)]
    assert points(events, "bonus_tiles") == 6    # 3 players: 6, then 3
    assert s.players[seat(s)].bonus_tiles == [(MINE, 1)] and s.bonus_taken[MINE] == 1


def test_the_second_bonus_tile_and_none_when_both_are_gone():
    s = complete_card_1()
    set_estate(s, {24: "mine", 29: "mine"})
    s.bonus_taken[MINE] = 1
    events = automa_turn(s, 2)
    assert points(events, "bonus_tiles") == 2
    s = complete_card_1()
    set_estate(s, {24: "mine", 29: "mine"})
    s.bonus_taken[MINE] = 2
    assert not of_type(automa_turn(s, 2), "BonusTileTaken")


def test_a_colour_gives_its_bonus_tile_only_once():
    s = complete_card_1()
    set_estate(s, {24: "mine", 29: "mine", 33: "mine"})
    s.players[seat(s)].bonus_tiles.append((MINE, 1))
    s.bonus_taken[MINE] = 1
    assert not of_type(automa_turn(s, 2), "BonusTileTaken")


def test_modifier_a_tiles_count_as_covered_spaces():
    s = automa_game(difficulty="medium+A", hidden=("ship",) * 5)   # ship space 15 covered
    set_estate(s, {16: "ship", 17: "ship", 19: "ship", 20: "ship"})
    set_card(s, 0, 6, {0: "ship", 1: "monastery2", 2: "bank"})     # ship 3 missing
    set_depot(s, 2, ["ship"])
    events = automa_turn(s, 2)
    assert [b.colour for b in of_type(events, "BonusTileTaken")] == ["ship"]


def test_modifier_b_tiles_count_as_covered_spaces():
    s = complete_card_1(difficulty="easy+B", shown=("castle", "bank", "mine"))  # mine 24
    set_estate(s, {29: "mine"})
    events = automa_turn(s, 2)
    assert [b.colour for b in of_type(events, "BonusTileTaken")] == ["mine"]


# --- extra turns (modifier D) -------------------------------------------------------------

def test_d_covering_an_extra_turn_space_gives_a_turn_on_the_remaining_card_first():
    s = complete_card_1(difficulty="medium+D")
    set_estate(s, {24: "mine", 29: "mine"})        # the card's mine covers 33
    set_depot(s, 4, ["bank"])
    events = automa_turn(s, 2)
    extra = of_type(events, "ChateaumaExtraTurn")
    assert [(e.estate_space, e.sale_instead) for e in extra] == [(33, False)]
    assert s.chance == "chateauma_die"             # before the new card is drawn
    events = s.apply_chance(4)
    rolled = of_type(events, "ChateaumaDieRolled")[0]
    assert (rolled.card, rolled.slot) == (2, 0)
    assert of_type(events, "ChateaumaTilePlaced")[0][:3] == (seat(s), 2, 0)
    assert s.chance == "chateauma_card"            # then the cards are refilled
    s.apply_chance(5)
    assert automa(s).cards == [2, 5] and s.chance == "roll"  # its turn ended the round


def test_d_with_both_cards_full_the_extra_turn_is_a_sale():
    s = automa_game(difficulty="medium+D")
    set_estate(s, {24: "mine", 29: "mine"})
    set_card(s, 0, 8, {1: "mine", 2: "cow2", 3: "ship"})
    fill_card(s, 1)
    set_depot(s, 2, ["castle"])
    set_goods(s, {3: 1}, seat=seat(s))
    events = automa_turn(s, 2)
    extra = of_type(events, "ChateaumaExtraTurn")
    assert [(e.estate_space, e.sale_instead) for e in extra] == [(33, True)]
    triggers = [e.reason for e in of_type(events, "ChateaumaSaleTriggered")]
    assert triggers == ["castle", "extra_turn"]
    assert s.chance == "chateauma_card"


def test_d_several_extra_turn_spaces_are_handled_one_after_another():
    s = complete_card_1(difficulty="medium+D")
    set_card(s, 0, 1, {0: "mine", 1: "cow2"})
    set_estate(s, {24: "mine", 29: "mine", 0: "cow2", 4: "cow2", 5: "cow2", 9: "cow2",
                   10: "cow2"})
    set_depot(s, 4, ["bank"])
    set_depot(s, 5, ["bank"])
    events = automa_turn(s, 2)
    assert s.chance == "chateauma_die"
    events += s.apply_chance(4)
    assert s.chance == "chateauma_die"
    events += s.apply_chance(5)
    assert [e.estate_space for e in of_type(events, "ChateaumaExtraTurn")] == [33, 27]
    assert automa(s).card_tiles[0][:2] == [kind("bank"), kind("bank")]
    assert s.chance == "chateauma_card"


def test_without_d_the_extra_turn_spaces_do_nothing():
    s = complete_card_1(difficulty="medium+A", hidden=("ship",) * 5)
    set_estate(s, {24: "mine", 29: "mine"})
    events = automa_turn(s, 2)
    assert not of_type(events, "ChateaumaExtraTurn")


def test_an_extra_turn_ends_with_its_own_purchase():
    s = complete_card_1(difficulty="medium+D")
    set_estate(s, {24: "mine", 29: "mine"})
    s.players[seat(s)].silver = 2
    set_black(s, "ship", "mine")
    set_depot(s, 6, ["bank"])
    automa_turn(s, 2)
    events = s.apply_chance(6)                    # the extra turn's bank pays 2 silver
    assert [e.tile for e in of_type(events, "ChateaumaReserveTile")] == ["ship"]
    events += s.apply_chance(5)
    bought = [e.tile for e in of_type(events, "ChateaumaReserveTile") if e.reason == "purchase"]
    assert bought == ["ship", "mine"]


# --- the purchase ---------------------------------------------------------------------------

def test_it_buys_the_black_depot_tile_of_the_colour_it_has_fewest_of_in_its_reserve():
    s = automa_game()
    s.players[seat(s)].silver = 3
    set_reserve(s, "ship", "ship", "mine", "~castle")
    set_black(s, "ship", "mine", None, "castle", "castle")
    set_depot(s, 2, ["bank"])
    events = automa_turn(s, 2)
    bought = of_type(events, "ChateaumaReserveTile")[-1]
    assert (bought.tile, bought.reason, bought.depot, bought.depot_slot) == \
        ("castle", "purchase", 0, 3)
    assert [e.amount for e in of_type(events, "SilverPaid")] == [2]
    assert s.players[seat(s)].silver == 3 + 2 - 2   # the bank paid 2 first
    assert reserve_names(s) == ["castle", "mine", "ship", "ship", "~castle"]


def test_ties_in_the_purchase_follow_the_black_depot_order():
    s = automa_game()
    set_black(s, None, "monastery7", "ship")
    set_depot(s, 2, ["bank"])
    events = automa_turn(s, 2)
    bought = of_type(events, "ChateaumaReserveTile")
    assert [(e.tile, e.depot_slot) for e in bought] == [("monastery7", 1)]


def test_no_purchase_below_2_silver():
    s = automa_game()
    set_black(s, "ship")
    set_depot(s, 2, ["mine"])
    events = automa_turn(s, 2)
    assert s.players[seat(s)].silver == 1
    assert not of_type(events, "SilverPaid") and s.black == [kind("ship")]


def test_the_purchase_comes_after_the_new_card():
    s = complete_card_1()
    s.players[seat(s)].silver = 2
    set_black(s, "mine")
    automa_turn(s, 2)
    events = s.apply_chance(9)
    names = [type(e).__name__ for e in events]
    assert names.index("ChateaumaCardRevealed") < names.index("SilverPaid")
