"""The AI with the inns and the 2011 black-depot monasteries: the evaluation counts the larger
area such a tile makes, and the planning tiers buy and place an inn where it pays.

Board 10 (start castle 3): the building area of 8 spaces 1, 6, 12, 15, 16, 17, 18, 19, whose
space 19 (die 5) lies next to 12 and 18.
"""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.rules import GameState

from ..rules.builders import build, give, kind, set_dice, store
from ..rules.test_module_black_depot_monasteries import bdm_game
from ..rules.test_module_inns import inn_game, with_stack
from .positions import last_turn, play_turn

BUDGET = {"medium": 2, "hard": 4}
PLANNING = ("medium", "hard")
CITY = ((1, "warehouse"), (6, "watchtower"), (12, "church"), (15, "market"),
        (16, "boarding_house"), (17, "city_hall"), (18, "carpenters_workshop"))


def city_of_seven(s: GameState, seat: int) -> None:
    """Seven of the eight-space building area built, 19 (die 5) still open."""
    build(s, 8, "bank", seat=seat)  # joins the area to the start castle
    for space, name in CITY:
        build(s, space, name, seat=seat)


def test_a_stored_inn_is_worth_the_larger_area_it_completes():
    s = inn_game()
    seat = s.current_player
    city_of_seven(s, seat)
    evaluator = Evaluator()
    store(s, "inn")
    with_inn = evaluator.value(s, seat)
    store(s, "bank")
    with_bank = evaluator.value(s, seat)
    # the inn completes the area as 9 spaces (45) where the bank's 8 give 36 and 2 silver
    assert with_inn > with_bank


def test_an_area_with_an_inn_in_it_is_foreseen_larger():
    s = inn_game()
    seat = s.current_player
    build(s, 8, "bank", seat=seat)
    for space, name in CITY[:4]:
        build(s, space, name, seat=seat)
    evaluator = Evaluator()
    plain = evaluator.value(s, seat)
    s.players[seat].estate[16] = kind("inn")
    s.players[seat].occupied |= 1 << 16
    grown = evaluator.value(s, seat)
    s.players[seat].estate[16] = kind("boarding_house")
    same_count = evaluator.value(s, seat)
    assert grown > same_count >= plain


@pytest.mark.parametrize("tier", PLANNING)
def test_the_last_turn_places_the_inn_on_the_areas_last_space(tier):
    s, seat = last_turn(inn_game())
    city_of_seven(s, seat)
    store(s, "inn", "bank", seat=seat)
    set_dice(s, 5, 5, seat=seat)
    give(s, seat=seat, workers=0, silver=0)
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert after.players[seat].estate[19] == kind("inn")


@pytest.mark.parametrize("tier", PLANNING)
def test_the_last_turn_buys_an_inn_to_complete_a_big_area(tier):
    s, seat = last_turn(with_stack(inn_game(), 1))
    city_of_seven(s, seat)
    store(s, seat=seat)
    s.black = [kind("bank")] + [-1] * (len(s.black) - 1)
    set_dice(s, 5, 5, seat=seat)
    give(s, seat=seat, workers=0, silver=2)
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert after.players[seat].estate[19] == kind("inn")


@pytest.mark.parametrize("tier", PLANNING)
def test_a_black_depot_monastery_completes_an_area_as_one_larger(tier):
    # The pasture area 4, 9, 10, 11 holds one already: a second on 11 (die 3) completes it
    # as 6 spaces (21), the pig as 5 (15, and 2 for its animals).
    s, seat = last_turn(bdm_game())
    build(s, 4, "sheep2", seat=seat)
    build(s, 9, "black_monastery", seat=seat)
    build(s, 10, "sheep2", seat=seat)
    store(s, "black_monastery", "pig2", seat=seat)
    set_dice(s, 3, 3, seat=seat)
    give(s, seat=seat, workers=0, silver=0)
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert after.players[seat].estate[11] == kind("black_monastery")


def test_an_eight_space_area_grows_no_further_with_a_monastery():
    s = bdm_game()
    seat = s.current_player
    city_of_seven(s, seat)
    evaluator = Evaluator()
    store(s, "black_monastery")
    with_monastery = evaluator.value(s, seat)
    store(s, "bank")
    assert evaluator.value(s, seat) > with_monastery  # 36 either way, and the bank's silver
