"""`inns` (IN-1..IN-8, P-IN-1..P-IN-4, CH-IN) and the rulebook's
examples (SE l.785, l.807).

Most scenarios play on board 10 with the start castle on space 3: the building area of 8
spaces 1, 6, 12, 15, 16, 17, 18, 19 (dice 5, 6, 1, 6, 1, 2, 6, 5), the pasture area of 4
spaces 4, 9, 10, 11 (dice 2, 5, 4, 3), the one-space mine 26 (die 1) and the castle spaces
3, 21, 33, 36 (dice 3, 1, 3, 3).
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.rules import (GameConfig, GameRecord, GameState, Match, StateError, action_text,
                        check_state, new_game, parse_action, recompute_breakdown, replay)
from game.rules.boards import get_board
from game.rules.engine import _step_mines
from game.rules.invariants import all_tiles, tiles_in_play
from game.rules.state import Frame
from game.rules.modules.inns import COUNT, ID, INN, InnSupply
from game.rules.tiles import ANY_COLOUR, COLOURS, KINDS

from .builders import (at_last_turn, build, game, give, kind, me, monasteries, of_type,
                       points, refused, set_dice, settle, store)

BUILDING_8 = (1, 6, 12, 15, 16, 17, 18, 19)
PASTURE_4 = (4, 9, 10, 11)
CASTLES = (3, 21, 33, 36)
MINE_1 = 26
BUY = ("buy_inn", "silver")


def inn_game(rules: str = "special", players: int = 2, modules=("inns",), **kw) -> GameState:
    """Every player on board 10 with the start castle on space 3, the module in play."""
    return game(players=players, rules=rules, mode="free", boards=["10"] * players,
                castles=[3] * players, modules=modules, **kw)


def stack(s: GameState) -> int:
    return s.ext[ID].stack


def with_stack(s: GameState, inns: int) -> GameState:
    """Inns on the stack (taken from the box so that the tiles stay conserved)."""
    held = s.ext[ID]
    s.ext[ID] = InnSupply(inns, held.stack + held.box - inns)
    s._legal = None
    return s


def place(s: GameState, name: str, space: int, die: int = 0) -> list:
    """The current player places `name` from storage space 0 on `space` (which must be
    next to the estate), the die turned to the space's number."""
    p = me(s)
    store(s, name)
    dice = list(p.dice)
    dice[die] = p.board.die[space]
    set_dice(s, *dice)
    p.used[die] = False
    return s.apply(("place", die, 0, space))


def fill(s: GameState, spaces, name: str, phase: int = 0) -> None:
    for space in spaces:
        build(s, space, name, phase=phase)


def places_for(s: GameState, storage: int = 0) -> set[int]:
    return {a[3] for a in s.legal_actions() if a[0] == "place" and a[2] == storage}


def test_board_10_has_the_spaces_the_scenarios_name():
    b = get_board("10")
    assert [b.area_size[b.area_of[s]] for s in (BUILDING_8[0], PASTURE_4[0], MINE_1)] == [8, 4, 1]
    assert {COLOURS[b.colour[s]] for s in BUILDING_8} == {"building"}
    assert {COLOURS[b.colour[s]] for s in PASTURE_4} == {"pasture"}
    assert {COLOURS[b.colour[s]] for s in CASTLES} == {"castle"}
    assert COLOURS[b.colour[MINE_1]] == "mine"


# --- components, config ---------------------------------------------------------------------

def test_five_inns_of_any_colour_kept_off_the_supplies():
    inn = KINDS[INN]
    assert COUNT == 5 and inn.colour == ANY_COLOUR and inn.module == ID
    s = new_game(GameConfig(modules=("inns",)))
    assert INN not in s.black_bag and all(INN not in bag for bag in s.bags)
    assert s.ext[ID] == InnSupply(0, 5)


@pytest.mark.parametrize("rules", ["special", "alea2019"])
def test_the_special_edition_and_alea_2019_offer_the_inns(rules):
    assert GameConfig(rules=rules, modules=("inns",)).has_module("inns")


def test_the_2011_rules_do_not_offer_the_inns():
    with pytest.raises(ValueError, match="do not offer 'inns'"):
        GameConfig(rules="original", modules=("inns",))


def test_ch_in_chateauma_does_not_play_with_the_inns():
    with pytest.raises(ValueError, match="Châteauma does not play with 'inns'"):
        GameConfig(players=2, modules=("inns",), chateauma="medium")


def test_inns_and_the_black_depot_monasteries_exclude_each_other():
    from game.rules.config import MODULES, check_modules
    assert "black_depot_monasteries" in MODULES["inns"].excludes
    assert "inns" in MODULES["black_depot_monasteries"].excludes
    with pytest.raises(ValueError):
        check_modules("special", ("inns", "black_depot_monasteries"), "advanced", False)


# --- IN-1: one inn per phase, never cleared -------------------------------------------------------

def test_in_1_the_stack_starts_empty_and_holds_one_inn_in_phase_a():
    s = new_game(GameConfig(modules=("inns",)))
    assert s.ext[ID].stack == 0
    s = inn_game()
    assert stack(s) == 1 and s.ext[ID].box == 4


def test_in_1_unbought_inns_stay_and_a_new_one_goes_on_top_each_phase():
    # (derived) 1 in phase A, 2 in phase B if nobody buys one, 5 in phase E
    s = inn_game()
    rng = random.Random(2)
    for phase, expected in ((0, 2), (1, 3), (2, 4), (3, 5)):
        at_last_turn(s, phase)
        s.apply(("end",))
        assert stack(s) == expected - 1  # the phase end clears the depots, not the inns
        s.apply_chance(s.sample_chance(rng))  # the next phase's setup
        assert stack(s) == expected
        s.apply_chance(s.sample_chance(rng))  # its first roll
    assert s.ext[ID] == InnSupply(5, 0)
    assert dict(tiles_in_play(s)) == all_tiles(s.config)  # (the jumps skip goods: no check_state)


def test_in_1_the_phase_setup_reports_the_new_inn():
    s = inn_game()
    at_last_turn(s, 0)
    s.apply(("end",))
    events = s.apply_chance(s.sample_chance(random.Random(1)))
    assert [e.stack for e in of_type(events, "InnPutOut")] == [2]
    phase_started = of_type(events, "PhaseStarted")
    assert events.index(phase_started[0]) < events.index(of_type(events, "InnPutOut")[0])


# --- IN-2, P-IN-1: buying an inn ----------------------------------------------------------------

def test_in_2_an_inn_is_bought_for_2_silver_into_storage():
    s = inn_game()
    give(s, silver=3)
    assert BUY in s.legal_actions()
    events = s.apply(BUY)
    p = me(s)
    assert p.silver == 1 and p.storage[0] == INN and stack(s) == 0
    assert [type(e).__name__ for e in events] == ["SilverPaid", "InnBought"]
    assert of_type(events, "InnBought")[0].storage == 0


def test_in_2_buying_an_inn_is_the_turns_purchase():
    # (derived) no black-depot tile after an inn in the same turn
    s = inn_game()
    give(s, silver=4)
    s.apply(BUY)
    assert not any(a[0] in ("buy", "buy_inn") for a in s.legal_actions())
    refused(s, ("buy", 0, 0, "silver"), "only one purchase per turn")


def test_in_2_no_inn_after_a_black_depot_tile():
    s = inn_game()
    give(s, silver=4)
    s.apply(("buy", 0, 0, "silver"))
    assert BUY not in s.legal_actions()
    refused(s, BUY, "only one purchase per turn")


def test_in_2_an_inn_needs_2_silver_and_an_inn_on_the_stack():
    s = inn_game()
    give(s, silver=1)
    refused(s, BUY, "an inn costs 2 silver, you have 1")
    give(s, silver=2)
    with_stack(s, 0)
    refused(s, BUY, "no inn lies beside the black depot")


def test_in_2_one_inn_per_purchase_from_a_stack_of_several():
    s = with_stack(inn_game(), 3)
    give(s, silver=2)
    assert s.legal_actions().count(BUY) == 1
    s.apply(BUY)
    assert stack(s) == 2


def test_in_2_full_storage_asks_which_tile_to_discard():
    s = inn_game()
    give(s, silver=2)
    store(s, "mine", "ship", "bank")
    settle(s)
    s.apply(BUY)
    assert s.decision == "discard"
    events = s.apply(("discard", 1))
    assert me(s).storage == [kind("mine"), INN, kind("bank")]
    assert of_type(events, "InnBought")[0].storage == 1
    check_state(s)


def test_p_in_1_monastery_6_of_alea_2019_pays_an_inn_with_workers():
    s = inn_game(rules="alea2019")
    give(s, silver=0, workers=2)
    assert ("buy_inn", "workers") not in s.legal_actions()
    refused(s, ("buy_inn", "workers"), "needs monastery 6")
    monasteries(s, 6)
    assert ("buy_inn", "workers") in s.legal_actions()
    s.apply(("buy_inn", "workers"))
    assert me(s).workers == 0 and INN in me(s).storage


def test_p_in_1_the_special_editions_monastery_6_buys_no_inn_for_workers():
    s = inn_game()
    give(s, silver=0, workers=4)
    monasteries(s, 6)
    assert not any(a[0] == "buy_inn" for a in s.legal_actions())


@pytest.mark.parametrize("rules", ["special", "alea2019"])
def test_in_2_an_inn_is_bought_during_a_castles_action_where_the_black_depot_is(rules):
    s = inn_game(rules=rules)
    give(s, silver=4)
    s.frames.append(Frame("castle", s.current_player))
    s._legal = None
    during = s.config.rule_set.purchase_during_effects
    assert (BUY in s.legal_actions()) == during
    assert any(a[0] == "buy" and a[1] == 0 for a in s.legal_actions()) == during
    if not during:
        refused(s, BUY, "the purchase comes before, between or after the dice")


def test_buy_inn_reads_and_writes_as_text():
    for payment in ("silver", "workers"):
        assert parse_action(action_text(("buy_inn", payment))) == ("buy_inn", payment)
    with pytest.raises(ValueError):
        parse_action("buy_inn gold")


# --- IN-3, P-IN-2: where an inn goes ------------------------------------------------------------

def test_in_3_an_inn_goes_on_any_colour_next_to_the_estate():
    s = inn_game()
    store(s, "inn")
    set_dice(s, 1, 1)
    give(s, workers=10)
    # Next to the start castle on 3: 2 (pasture), 7 (pasture), 8 (building).
    assert places_for(s) == {2, 7, 8}
    assert {COLOURS[me(s).board.colour[x]] for x in places_for(s)} == {"pasture", "building"}


def test_in_3_the_die_must_show_the_spaces_number():
    s = inn_game()
    store(s, "inn")
    give(s, workers=0)
    set_dice(s, 4, 4)  # 2 shows 4, 7 shows 5, 8 shows 4
    assert places_for(s) == {2, 8}
    refused(s, ("place", 0, 0, 7), "space 7 needs a 5")


def test_in_3_not_next_to_the_estate_is_refused():
    s = inn_game()
    store(s, "inn")
    set_dice(s, 2, 2)
    refused(s, ("place", 0, 0, 17), "not next to a tile")


def test_p_in_2_workers_change_the_die_for_an_inn():
    s = inn_game()
    store(s, "inn")
    set_dice(s, 3, 3)
    give(s, workers=1)
    assert 2 in places_for(s)  # 3 -> 4 with one worker
    s.apply(("place", 0, 0, 2))
    assert me(s).workers == 0


def test_p_in_2_monastery_8_works_for_an_inn():
    s = inn_game()
    monasteries(s, 8)
    store(s, "inn")
    set_dice(s, 2, 2)
    give(s, workers=1)
    assert 2 in places_for(s)  # 2 -> 4: two steps for one worker with monastery 8


@pytest.mark.parametrize("number", [9, 10, 11])
def test_p_in_2_monasteries_9_to_11_give_an_inn_no_free_change(number):
    s = inn_game()
    monasteries(s, number)
    store(s, "inn")
    set_dice(s, 3, 3)
    give(s, workers=0)
    assert 2 not in places_for(s)  # space 2 shows 4: a free +1 would reach it
    refused(s, ("place", 0, 0, 2), "1 workers, you have 0")


# --- IN-4: one inn per area ---------------------------------------------------------------------

def test_in_4_a_second_inn_in_an_area_is_refused():
    s = inn_game()
    build(s, 7, "inn")  # the pasture area 2, 7
    store(s, "inn")
    set_dice(s, 4, 4)
    give(s, workers=0)
    # space 2 (pasture 4) is in the area that has the inn on 7
    assert 2 not in places_for(s)
    refused(s, ("place", 0, 0, 2), "at most one inn")


def test_in_4_an_inn_in_another_area_is_fine():
    s = inn_game()
    build(s, 7, "inn")
    store(s, "inn")
    set_dice(s, 4, 4)
    assert 8 in places_for(s)  # the building area 8, 14


# --- IN-5: no effect ---------------------------------------------------------------------------

def test_in_5_placing_an_inn_does_nothing_of_its_own():
    s = inn_game()
    before = (me(s).silver, me(s).workers, me(s).score)
    events = place(s, "inn", 8)  # building area 8, 14: not complete
    assert (me(s).silver, me(s).workers, me(s).score) == before
    assert [type(e).__name__ for e in events] == ["DieUsed", "TilePlaced"]
    assert s.decision == "turn"


# --- IN-6: the area scores one size larger -------------------------------------------------------

def test_in_6_rulebook_se_l807_a_4_area_with_an_inn_scores_15_not_10():
    # SE l.807: a 4-space area with an inn is a 5-space area: 15 points instead of 10;
    # completed in phase C with the phase bonus of 6 (15 + 6 = 21).
    s = inn_game()
    s.phase = 2
    fill(s, (2, 7), "cow2")
    build(s, 4, "inn", phase=2)
    fill(s, (9, 10), "sheep2", phase=2)
    events = place(s, "pig2", 11)
    assert points(events, "areas") == 15 and points(events, "phase_bonus") == 6
    assert points(events, "areas") + points(events, "phase_bonus") == 21


def test_in_6_rulebook_se_l785_an_8_area_with_an_inn_scores_45():
    # SE l.785: "Ein 9er-Gebiet bringt 45 Siegpunkte ein"; in phase E with its bonus 2.
    s = inn_game()
    s.phase = 4
    fill(s, (8,), "bank")
    build(s, 1, "inn", phase=4)
    for space, name in zip(BUILDING_8[1:-1], ("warehouse", "watchtower", "church", "market",
                                              "boarding_house", "city_hall")):
        build(s, space, name, phase=4)
    monasteries(s, 1)  # a second bank in the city
    events = place(s, "bank", 19)
    assert points(events, "areas") == 45 and points(events, "phase_bonus") == 2


def test_in_6_the_area_is_complete_when_the_inn_fills_its_last_space():
    s = inn_game()
    s.phase = 1
    fill(s, (2, 7), "cow2")
    fill(s, (4, 9, 10), "sheep2", phase=1)
    events = place(s, "inn", 11)
    assert [e.spaces for e in of_type(events, "AreaCompleted")] == [PASTURE_4]
    assert points(events, "areas") == 15 and points(events, "phase_bonus") == 8


def test_in_6_an_area_without_an_inn_scores_as_before():
    s = inn_game()
    fill(s, (2,), "cow2")
    events = place(s, "sheep2", 7)
    assert points(events, "areas") == 3  # AP(2)


def test_in_6_the_derived_breakdown_counts_the_inn_too():
    s = inn_game()
    fill(s, (2, 7), "cow2")
    fill(s, (4, 9, 10), "sheep2")
    before = recompute_breakdown(s, s.current_player)["areas"]
    place(s, "inn", 11)
    after = recompute_breakdown(s, s.current_player)["areas"]
    assert after - before == 15 == s.score_breakdown(s.current_player)["areas"]


def test_p_in_4_an_inn_and_another_enlargement_score_two_sizes_larger():
    # P-IN-4 (shield 17 with an inn): the area_size point chains, so AP(n + 2); an 8-area
    # scores AP(10) = 55.
    s = inn_game()

    def one_larger(state, seat, area, size, estate):
        return size + 1
    s.hooks = dataclasses.replace(s.hooks, area_size=s.hooks.area_size + (one_larger,))
    s.phase = 4
    fill(s, (8,), "bank")
    build(s, 1, "inn", phase=4)
    for space, name in zip(BUILDING_8[1:-1], ("warehouse", "watchtower", "church", "market",
                                              "boarding_house", "city_hall")):
        build(s, space, name, phase=4)
    monasteries(s, 1)
    events = place(s, "bank", 19)
    assert points(events, "areas") == 55


# --- IN-7, P-IN-3: the inn fills its space for the colour bonus ---------------------------------

def test_p_in_3_an_inn_fills_the_last_space_of_a_colour():
    s = inn_game()
    fill(s, (21, 33), "castle")
    me(s).frontier |= 1 << 36
    events = place(s, "inn", 36)
    assert [(e.colour, e.rank) for e in of_type(events, "BonusTileTaken")] == [("castle", 1)]
    assert me(s).bonus_tiles == [(0, 1)]


def test_p_in_3_a_tile_completing_a_colour_that_holds_an_inn_takes_the_bonus():
    s = inn_game()
    fill(s, (21,), "castle")
    build(s, 33, "inn")
    me(s).frontier |= 1 << 36
    events = place(s, "castle", 36)
    assert [(e.colour, e.rank) for e in of_type(events, "BonusTileTaken")] == [("castle", 1)]
    assert s.decision == "castle"  # and the castle's own action


def test_in_7_the_colour_counts_stay_tiles_of_that_colour():
    s = inn_game()
    place(s, "inn", 2)
    assert me(s).colour_count[ANY_COLOUR] == 1 and me(s).colour_count[4] == 0


# --- IN-8: no building, animal, mine, monastery or castle ---------------------------------------

def test_in_8_an_inn_on_a_mine_space_pays_no_silver():
    s = inn_game()
    build(s, MINE_1, "inn")
    silver = me(s).silver
    _step_mines(s, [])
    assert me(s).silver == silver


def test_in_8_an_inn_is_no_building_for_the_one_per_city_rule():
    s = inn_game()
    build(s, 8, "inn")
    store(s, "bank")
    set_dice(s, 3, 3)
    assert 14 in places_for(s)  # the same city 8, 14


def test_in_8_an_inn_is_no_animal_and_no_knowledge():
    s = inn_game()
    build(s, 2, "cow2")
    events = place(s, "inn", 7)
    assert points(events, "animals") == 0 and me(s).knowledge == 0
    kind_ = KINDS[INN]
    assert (kind_.building, kind_.species, kind_.knowledge) == (-1, -1, 0)


def test_an_inn_from_a_castles_action_needs_no_die():
    s = inn_game()
    store(s, "inn")
    s.frames.append(Frame("castle", s.current_player))
    s._legal = None
    assert ("place", 2, 0, 7) in s.legal_actions()


# --- state, save, replay ------------------------------------------------------------------------

def test_the_inns_survive_a_save_and_load():
    s = with_stack(inn_game(), 2)
    give(s, silver=2)
    s.apply(BUY)
    settle(s)
    check_state(s)
    text = s.to_json()
    restored = GameState.from_json(text)
    assert restored.to_json() == text and restored.ext[ID] == InnSupply(1, 3)


def test_a_damaged_inn_count_is_refused():
    s = inn_game()
    data = json.loads(s.to_json())
    data["modules"][ID] = {"stack": 4, "box": 4}
    with pytest.raises(StateError, match="inns"):
        GameState.from_json(json.dumps(data))


def test_a_seeded_game_with_inns_replays_byte_for_byte():
    match = Match(GameConfig(players=3, modules=("inns",)), 11)
    rng = random.Random(4)
    match.resolve_chance()
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        buys = [a for a in legal if a[0] == "buy_inn"]
        match.play(buys[0] if buys else legal[int(rng.random() * len(legal))])
    record = GameRecord.from_json(match.record.to_json())
    assert replay(record).to_json() == match.state.to_json()
    placed = sum(p.estate.count(INN) for p in match.state.players)
    assert placed >= 1
    for seat in range(3):
        derived = {k: v for k, v in recompute_breakdown(match.state, seat).items() if v}
        assert derived == match.state.score_breakdown(seat)


# --- with castle_connection (P-CC-3) ------------------------------------------------------------

def test_p_cc_3_an_inn_links_as_the_colour_of_its_space():
    # Board 11, start castle 6: building 2 joins the castle; 3 (building) joins through 2;
    # 8 (pasture) lies next to 3 but no pasture chain leads to a castle.
    s = game(mode="free", boards=["11", "11"], castles=[6, 6],
             modules=("boards_11_18", "castle_connection", "inns"))
    build(s, 2, "bank")
    build(s, 3, "market")
    store(s, "inn")
    give(s, workers=10)
    spaces = places_for(s)
    assert 8 not in spaces and 7 in spaces  # 7 (pasture) lies next to the castle
    set_dice(s, get_board("11").die[8], 1)
    refused(s, ("place", 0, 0, 8), "not connected to a castle through pasture tiles")


def test_an_inn_waiting_for_a_discard_survives_a_save_and_load():
    s = inn_game()
    give(s, silver=2)
    store(s, "mine", "ship", "bank")
    settle(s)
    s.apply(BUY)
    check_state(s)
    restored = GameState.from_json(s.to_json())
    assert restored.to_json() == s.to_json() and restored.decision == "discard"
    events = restored.apply(("discard", 0))
    assert of_type(events, "InnBought")[0].storage == 0
