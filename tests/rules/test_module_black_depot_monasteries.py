"""`black_depot_monasteries` (BDM-1..BDM-5,
P-BDM-1) and the rulebook's example (X11 l.74).

Scenarios on board 10 (start castle 3): the pasture area 4, 9, 10, 11 (dice 2, 5, 4, 3),
the castle spaces 3, 21, 33, 36; on board 7 the building area of 7 spaces 11, 12, 17, 18, 19,
24, 25.
"""

from __future__ import annotations

import json
import random

import pytest

from game.rules import GameConfig, GameState, IllegalAction, check_state, new_game
from game.rules.chance import black_depot_size
from game.rules.data import load_json
from game.rules.invariants import all_tiles, tiles_in_play
from game.rules.modules.black_depot_monasteries import COUNT, ID, MONASTERY
from game.rules.tiles import ANY_COLOUR, KINDS

from .builders import (at_last_turn, build, game, give, me, of_type, phase_outcome, points,
                       refused, set_dice, store)
from .test_module_inns import place, places_for

MODULES = ("black_depot_monasteries",)


def bdm_game(players: int = 2, board: str = "10", castle: int = 3) -> GameState:
    return game(players=players, rules="original", mode="free", boards=[board] * players,
                castles=[castle] * players, modules=MODULES)


def test_the_2011_rules_alone_offer_them():
    assert GameConfig(rules="original", modules=MODULES).has_module(ID)
    for rules in ("special", "alea2019", "yucata"):
        with pytest.raises(ValueError):
            GameConfig(rules=rules, modules=MODULES)


def test_they_are_no_knowledge_tiles_and_go_on_any_colour():
    t = KINDS[MONASTERY]
    assert t.colour == ANY_COLOUR and t.knowledge == 0 and t.name != "monastery"
    s = new_game(GameConfig(rules="original", modules=MODULES))
    assert MONASTERY not in s.black_bag and all(MONASTERY not in b for b in s.bags)


# --- P-BDM-1 -----------------------------------------------------------------------------------

def test_p_bdm_1_five_of_them_marked_provisional_in_the_data():
    entry = next(e for e in load_json("tiles.json")["module_kinds"]
                 if e["name"] == "black_monastery")
    assert COUNT == entry["count"] == 5 and "P-BDM-1" in entry["provisional"]
    assert "P-BDM-1" in load_json("modules.json")["modules"][ID]["provisional"]
    assert new_game(GameConfig(rules="original", modules=MODULES)).ext[ID] == 5


# --- BDM-1: one in the black depot each phase ----------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_bdm_1_one_takes_a_black_depot_space_the_depot_keeps_its_size(players):
    s = bdm_game(players)
    assert len(s.black) == black_depot_size(players)
    assert s.black[0] == MONASTERY and s.black.count(MONASTERY) == 1
    assert s.ext[ID] == 4
    check_state(s)


def test_bdm_1_the_draw_leaves_its_space_to_the_monastery():
    s = new_game(GameConfig(rules="original", modules=MODULES, board_mode="basic"))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3, 1, 2, 3))
    depots, black, goods = phase_outcome(s)
    assert len(black) == black_depot_size(2) - 1
    too_many = (depots, black + (s.black_bag[-1],), goods)
    with pytest.raises(IllegalAction, match="expected 3 black depot tiles"):
        s.apply_chance(too_many)
    events = s.apply_chance((depots, black, goods))
    assert of_type(events, "PhaseStarted")[0].black_depot[0] == "black_monastery"


def test_bdm_1_bought_as_a_black_depot_tile_for_2_silver():
    s = bdm_game()
    give(s, silver=2)
    s.apply(("buy", 0, 0, "silver"))
    assert me(s).storage[0] == MONASTERY and me(s).silver == 0
    refused(s, ("buy", 0, 1, "silver"), "only one purchase per turn")


def test_bdm_1_an_unsold_one_is_cleared_and_the_next_phase_brings_another():
    s = bdm_game()
    rng = random.Random(5)
    at_last_turn(s, 0)
    events = s.apply(("end",))
    assert "black_monastery" in of_type(events, "DepotsCleared")[0].tiles
    assert MONASTERY in s.box
    s.apply_chance(s.sample_chance(rng))
    assert s.black[0] == MONASTERY and s.ext[ID] == 3
    for phase in (1, 2, 3):
        s.apply_chance(s.sample_chance(rng))
        at_last_turn(s, phase)
        s.apply(("end",))
        s.apply_chance(s.sample_chance(rng))
    assert s.ext[ID] == 0 and s.black[0] == MONASTERY and s.box.count(MONASTERY) == 4
    assert dict(tiles_in_play(s)) == all_tiles(s.config)


# --- BDM-2, BDM-3: placement, no effect ---------------------------------------------------------

def test_bdm_2_any_colour_next_to_the_estate_with_the_spaces_number():
    s = bdm_game()
    store(s, "black_monastery")
    set_dice(s, 4, 4)
    give(s, workers=0)
    assert places_for(s) == {2, 8}  # next to the castle on 3: 2 (pasture 4), 8 (building 4)
    refused(s, ("place", 0, 0, 7), "space 7 needs a 5")
    refused(s, ("place", 0, 0, 10), "not next to a tile")


def test_bdm_3_placing_one_does_nothing_of_its_own():
    s = bdm_game()
    before = (me(s).silver, me(s).workers, me(s).score, me(s).knowledge)
    events = place(s, "black_monastery", 8)
    assert (me(s).silver, me(s).workers, me(s).score, me(s).knowledge) == before
    assert [type(e).__name__ for e in events] == ["DieUsed", "TilePlaced"]


# --- BDM-4: the area grows by one per monastery, up to 8 -----------------------------------------

def test_bdm_4_rulebook_x11_l74_a_4_area_with_two_scores_as_6():
    # X11 l.74: a 4-space area with two monasteries is a 6-space area: 21 instead of 10.
    s = bdm_game()
    build(s, 4, "black_monastery")
    build(s, 9, "black_monastery")
    build(s, 2, "cow2")
    build(s, 10, "sheep2")
    events = place(s, "pig2", 11)
    assert points(events, "areas") == 21 and points(events, "phase_bonus") == 10


def test_bdm_4_several_in_one_area_are_allowed():
    s = bdm_game()
    build(s, 2, "black_monastery")
    store(s, "black_monastery")
    set_dice(s, 5, 5)
    assert 7 in places_for(s)  # the same pasture area 2, 7


def test_bdm_4_a_7_area_with_two_scores_as_8_not_9():
    s = bdm_game(board="7", castle=2)
    area = (11, 12, 17, 18, 19, 24, 25)
    build(s, 11, "black_monastery")
    build(s, 12, "black_monastery")
    for space, name in zip(area[2:-1], ("warehouse", "watchtower", "church", "market")):
        build(s, space, name)
    events = place(s, "bank", 25)
    assert points(events, "areas") == 36  # AP(8), not AP(9) = 45


# --- BDM-5: it fills its space ------------------------------------------------------------------

def test_bdm_5_it_fills_the_last_space_of_a_colour():
    s = bdm_game()
    build(s, 21, "castle")
    build(s, 33, "black_monastery")
    me(s).frontier |= 1 << 36
    events = place(s, "black_monastery", 36)
    assert [(e.colour, e.rank) for e in of_type(events, "BonusTileTaken")] == [("castle", 1)]


def test_the_supply_survives_a_save_and_load():
    s = bdm_game()
    text = s.to_json()
    assert GameState.from_json(text).to_json() == text
    data = json.loads(text)
    data["modules"][ID] = 9
    with pytest.raises(Exception, match="black-depot monasteries"):
        GameState.from_json(json.dumps(data))


def test_chateauma_does_not_play_with_them():
    # The Châteauma rules (SE l.1248-1306) name no 2011 module; the project offers none of
    # them with it.
    with pytest.raises(ValueError, match="Châteauma does not play"):
        GameConfig(players=2, rules="original", modules=MODULES, chateauma="medium")
