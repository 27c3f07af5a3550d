"""The 26 monastery (knowledge) tiles, with the rulebooks' examples, per rule set where
the editions differ (6, 15, 26; and Yucata scores the end-game tiles from placement).
Board 1 around the start castle (18): 17 ship 2, 19 ship 5, 11 building 3 (a one-space
city), 25 building 3, 12 monastery 1, 24 mine 4."""

from __future__ import annotations

import pytest

from game.rules.data import load_json
from game.rules.scoring import KNOWLEDGE_BUILDING
from game.rules.tiles import BUILDINGS, CASTLE, MINE

from .builders import (at_last_turn, build, game, give, kind, me, monasteries, of_type,
                       points, set_depot, set_depot_goods, set_dice, set_goods, store)


def turn(dice=(1, 1), rules: str = "special", *numbers: int, workers: int = 0, **kw):
    """Seat 0's first turn with the given monasteries in the estate."""
    s = game(rules=rules, dice=[dice, (1, 1)], **kw)
    give(s, workers=workers)
    if numbers:
        monasteries(s, *numbers)
    return s


def legal(s, action: tuple) -> bool:
    return action in s.legal_actions()


# --- 1-5 ---------------------------------------------------------------------------

def test_1_several_buildings_of_a_kind_in_one_city() -> None:
    for numbers, allowed in (((), False), ((1,), True)):
        s = turn((1, 1), "special", *numbers)
        build(s, 25, "bank")
        store(s, "bank")
        assert legal(s, ("place", 0, 0, 26)) == allowed  # same city as the bank on 25


def test_2_mines_also_pay_a_worker_at_the_end_of_a_phase() -> None:
    s = turn((1, 1), "special", 2)
    build(s, 24, "mine")
    build(s, 29, "mine")
    silver, workers = me(s).silver, me(s).workers
    seat = s.current_player
    at_last_turn(s, phase=0)
    s.apply(("end",))
    p = s.players[seat]
    assert (p.silver, p.workers) == (silver + 2, workers + 2)


def test_without_2_mines_pay_no_workers() -> None:
    s = turn((1, 1), "special")
    build(s, 24, "mine")
    workers = me(s).workers
    at_last_turn(s, phase=0)
    s.apply(("end",))
    assert s.players[0].workers == workers


@pytest.mark.parametrize("by", ["die", "warehouse"])
@pytest.mark.parametrize("numbers, silver, workers", [((), 1, 0), ((3,), 2, 0), ((4,), 1, 1),
                                                      ((3, 4), 2, 1)])
def test_3_and_4_a_sale_pays_more_silver_and_a_worker(by: str, numbers: tuple, silver: int,
                                                      workers: int) -> None:
    s = turn((3, 3), "special", *numbers)
    give(s, silver=0, workers=0)
    set_goods(s, {3: 2})
    if by == "die":
        s.apply(("sell", 0, 3))
    else:
        store(s, "warehouse")
        s.apply(("place", 0, 0, 11))
        s.apply(("warehouse", 3))
    assert (me(s).silver, me(s).workers) == (silver, workers)


def ship_turn(*numbers: int):
    s = turn((2, 2), "special", *numbers)
    store(s, "ship")
    set_goods(s, {})
    for d, goods in ((1, {1: 1}), (2, {}), (3, {3: 2}), (4, {}), (5, {}), (6, {2: 1})):
        set_depot_goods(s, d, goods)
    return s


def test_5_a_ship_takes_the_goods_of_two_neighbouring_depots() -> None:
    s = ship_turn(5)
    s.apply(("place", 0, 0, 17))
    options = sorted(a[1:] for a in s.legal_actions())
    assert options == [(1,), (3,), (6,), (6, 1)]  # depots 6 and 1 are neighbours
    s.apply(("ship", 6, 1))
    assert me(s).goods[1:] == [1, 1, 0, 0, 0, 0]
    assert s.depot_goods[0][1] == 0 and s.depot_goods[5][2] == 0


def test_without_5_a_ship_takes_one_depot() -> None:
    s = ship_turn()
    s.apply(("place", 0, 0, 17))
    assert all(len(a) == 2 for a in s.legal_actions())


# --- 6 per rule set ----------------------------------------------------------------

def k6_turn(rules: str, silver: int, workers: int):
    s = turn((1, 1), rules, 6)
    give(s, silver=silver, workers=workers)
    set_depot(s, 1, ["bank", "ship"])
    return s


def buys(s) -> set:
    return {a for a in s.legal_actions() if a[0] == "buy"}


def test_6_special_buys_a_building_from_the_numbered_depots_for_two_workers() -> None:
    s = k6_turn("special", silver=0, workers=2)
    assert ("buy", 1, 0, "workers") in buys(s)
    assert not {a for a in buys(s) if a[1] == 1 and a[2] == 1}  # the ship: no
    assert not {a for a in buys(s) if a[1] == 0}  # the black depot still wants silver
    events = s.apply(("buy", 1, 0, "workers"))
    assert me(s).workers == 0 and me(s).storage[0] == kind("bank")
    assert [(e.player, e.amount) for e in of_type(events, "WorkersPaid")] == [(s.current_player, 2)]
    assert of_type(events, "SilverPaid") == []
    assert buys(s) == set()  # still one purchase a turn
    s2 = k6_turn("special", silver=2, workers=0)
    assert {a[1] for a in buys(s2)} == {0}


def test_6_alea2019_buys_from_all_seven_depots_for_two_workers() -> None:
    s = k6_turn("alea2019", silver=0, workers=2)
    assert {("buy", 1, 0, "workers"), ("buy", 1, 1, "workers"), ("buy", 0, 0, "workers")} <= buys(s)
    s.apply(("buy", 1, 1, "workers"))
    assert me(s).workers == 0 and me(s).storage[0] == kind("ship") and buys(s) == set()


@pytest.mark.parametrize("rules", ["original", "yucata"])
def test_6_original_buys_from_all_seven_depots_for_two_silver(rules: str) -> None:
    s = k6_turn(rules, silver=2, workers=5)
    assert {("buy", 1, 0, "silver"), ("buy", 1, 1, "silver"), ("buy", 0, 0, "silver")} <= buys(s)
    assert all(a[3] == "silver" for a in buys(s))
    s.apply(("buy", 1, 1, "silver"))
    assert me(s).silver == 0 and buys(s) == set()


@pytest.mark.parametrize("rules", ["special", "alea2019", "original", "yucata"])
def test_without_6_only_the_black_depot_sells_for_silver(rules: str) -> None:
    s = turn((1, 1), rules)
    give(s, silver=2, workers=2)
    assert buys(s) and all(a[1] == 0 and a[3] == "silver" for a in buys(s))


# --- 7, 8 --------------------------------------------------------------------------

def test_7_bennos_3_sheep_onto_4_sheep_score_9_and_2_pigs_3() -> None:
    s = turn((1, 4), "special", 7)
    build(s, 4, "sheep4")
    store(s, "sheep3", "pig2")
    events = s.apply(("place", 0, 0, 5))
    assert points(events, "animals") == (3 + 1) + (4 + 1)
    events = s.apply(("place", 1, 1, 10))
    assert points(events, "animals") == 3


def test_8_carla_turns_a_3_into_a_6_with_two_workers() -> None:
    s = turn((3, 3), "special", 8, workers=2)
    events = s.apply(("take", 0, 6, 0))
    assert of_type(events, "DieUsed")[0].workers == 2 and me(s).workers == 0


def test_8_one_worker_changes_a_die_by_up_to_two() -> None:
    s = turn((3, 3), "special", 8, workers=1)
    depots = {a[2] for a in s.legal_actions() if a[0] == "take" and a[1] == 0}
    assert depots == {1, 2, 3, 4, 5}
    s2 = turn((3, 3), "special", workers=1)
    assert {a[2] for a in s2.legal_actions() if a[0] == "take" and a[1] == 0} == {2, 3, 4}


# --- 9-12: a free +/-1 for their action kind only --------------------------------

def case_take(s):
    set_dice(s, 2, 2)
    return ("take", 0, 3, 0)


def case_building(s):
    set_dice(s, 2, 2)
    store(s, "bank")
    return ("place", 0, 0, 11)


def case_ship(s):
    set_dice(s, 4, 4)
    store(s, "ship")
    return ("place", 0, 0, 19)


def case_animal(s):
    build(s, 17, "ship")
    set_dice(s, 3, 3)
    store(s, "cow2")
    return ("place", 0, 0, 10)


def case_castle(s):
    build(s, 11, "bank")
    set_dice(s, 5, 5)
    store(s, "castle")
    return ("place", 0, 0, 6)


def case_mine(s):
    set_dice(s, 3, 3)
    store(s, "mine")
    return ("place", 0, 0, 24)


def case_monastery(s):
    set_dice(s, 2, 2)
    store(s, "monastery1")
    return ("place", 0, 0, 12)


def case_sell(s):
    set_dice(s, 2, 2)
    set_goods(s, {3: 1})
    return ("sell", 0, 3)


CASES = {"take": (case_take, 12), "building": (case_building, 9), "ship": (case_ship, 10),
         "animal": (case_animal, 10), "castle": (case_castle, 11), "mine": (case_mine, 11),
         "monastery": (case_monastery, 11), "sell": (case_sell, None)}


@pytest.mark.parametrize("number", [9, 10, 11, 12])
@pytest.mark.parametrize("case", sorted(CASES))
def test_9_to_12_change_the_die_by_one_only_for_their_action(number: int, case: str) -> None:
    s = game(dice=[(1, 1), (1, 1)])
    give(s, workers=0)
    build(s, 3, f"monastery{number}")  # far from the spaces the cases use
    setup, grants = CASES[case]
    action = setup(s)
    assert legal(s, action) == (number == grants)


def test_a_free_change_adds_to_the_workers() -> None:
    s = turn((2, 2), "special", 12, workers=1)
    assert legal(s, ("take", 0, 4, 0)) and not legal(s, ("take", 0, 5, 0))
    events = s.apply(("take", 0, 4, 0))
    assert of_type(events, "DieUsed")[0].workers == 1


# --- 13, 14 ------------------------------------------------------------------------

@pytest.mark.parametrize("numbers, workers, silver", [((), 2, 0), ((13,), 2, 1), ((14,), 4, 0),
                                                      ((13, 14), 4, 1)])
def test_13_and_14_the_workers_action_pays_more(numbers: tuple, workers: int,
                                                silver: int) -> None:
    s = turn((5, 5), "special", *numbers)
    give(s, silver=0, workers=0)
    s.apply(("workers", 0))
    assert (me(s).workers, me(s).silver) == (workers, silver)


def test_13_and_14_do_not_help_a_boarding_house() -> None:
    s = turn((3, 3), "special", 13, 14)
    give(s, silver=0, workers=0)
    store(s, "boarding_house")
    s.apply(("place", 0, 0, 11))
    assert (me(s).workers, me(s).silver) == (4, 0)


# --- 15-26: game end --------------------------------------------------------------

RULES = ["special", "alea2019", "original", "yucata"]


def end_points(rules: str, number: int, setup, others: tuple = ()) -> tuple[int, int]:
    """Place monastery `number` with a die (others already lie in the estate) after
    `setup`; returns (knowledge points at placement, knowledge points at the end)."""
    s = turn((1, 1), rules, *others)
    setup(s)
    store(s, f"monastery{number}")
    events = s.apply(("place", 0, 0, 12))
    now = points(events, "knowledge")
    for seat in (0, 1):
        set_goods(s, {}, seat=seat)
        give(s, seat=seat, silver=0, workers=0)
    at_last_turn(s, phase=4)
    s.apply(("end",))
    return now, s.score_breakdown(0).get("knowledge", 0)


def dario(s) -> None:
    # 4x red, 3x purple, 3x pink and 1x orange sold (as goods types 6, 5, 4 and 3).
    me(s).sold[1:] = [0, 0, 1, 3, 3, 4]


@pytest.mark.parametrize("rules, each", [("special", 2), ("alea2019", 2), ("original", 3),
                                         ("yucata", 3)])
def test_15_darios_four_goods_types(rules: str, each: int) -> None:
    now, end = end_points(rules, 15, dario)
    assert end == 4 * each  # 8 or 12
    assert now == (end if rules == "yucata" else 0)


@pytest.mark.parametrize("rules", RULES)
def test_25_dario_scores_11_for_his_sold_goods(rules: str) -> None:
    now, end = end_points(rules, 25, dario)
    assert end == 4 + 3 + 3 + 1
    assert now == (end if rules == "yucata" else 0)


def benno(s) -> None:
    for space in (8, 22):
        build(s, space, "watchtower")
    for space in (11, 13, 23, 25):
        build(s, space, "bank")


@pytest.mark.parametrize("rules", RULES)
def test_17_and_22_bennos_watchtowers_and_banks_score_24(rules: str) -> None:
    now, end = end_points(rules, 22, benno, others=(17,))
    assert end == 2 * 4 + 4 * 4
    assert now == (end if rules == "yucata" else 0)


def test_16_to_23_each_count_their_own_building() -> None:
    data = {t["n"]: t["building"] for t in load_json("knowledge.json")["tiles"]
            if "building" in t}
    # (a module's monastery may score a building too: 29 the white castles)
    assert {n: b for n, b in KNOWLEDGE_BUILDING.items() if n <= 26} == data
    assert data[17] == "watchtower" and data[22] == "bank"  # the rulebook's example
    assert sorted(data.values()) == sorted(BUILDINGS[:8])  # the crane is a module's
    spaces = (8, 11, 13, 22, 23, 25, 26, 28)
    for number, building in data.items():
        def two_of_each_but(s, building=building):
            build(s, spaces[0], building)
            build(s, spaces[1], building)
            others = [b for b in BUILDINGS if b != building]
            for space, other in zip(spaces[2:], others):
                build(s, space, other)
        _, end = end_points("special", number, two_of_each_but)
        assert end == 2 * 4, number


@pytest.mark.parametrize("rules", RULES)
def test_24_anna_scores_12_for_three_species(rules: str) -> None:
    def anna(s):
        for space, animals in ((0, "sheep2"), (4, "sheep3"), (5, "sheep4"), (9, "cow2"),
                               (27, "pig2")):
            build(s, space, animals)
    now, end = end_points(rules, 24, anna)
    assert end == 3 * 4
    assert now == (end if rules == "yucata" else 0)


@pytest.mark.parametrize("rules, each", [("special", 3), ("alea2019", 3), ("original", 2),
                                         ("yucata", 2)])
def test_26_each_bonus_tile_scores(rules: str, each: int) -> None:
    def two_bonus_tiles(s):
        me(s).bonus_tiles = [(MINE, 1), (CASTLE, 2)]  # a large and a small one
    now, end = end_points(rules, 26, two_bonus_tiles)
    assert end == 2 * each
    assert now == (end if rules == "yucata" else 0)


def test_yucata_updates_live_monastery_points_as_the_estate_grows() -> None:
    s = turn((1, 1), "yucata")
    build(s, 10, "cow2")
    store(s, "monastery24", "sheep2")
    events = s.apply(("place", 0, 0, 12))
    assert points(events, "knowledge") == 4  # one species so far
    events = s.apply(("place", 1, 1, 5))
    assert points(events, "knowledge") == 4  # a second species
    assert s.score_breakdown(0)["knowledge"] == 8
    s.apply(("end",))
    for seat in (0, 1):
        set_goods(s, {}, seat=seat)
        give(s, seat=seat, silver=0, workers=0)
    at_last_turn(s, phase=4)
    s.apply(("end",))
    assert s.score_breakdown(0)["knowledge"] == 8  # not scored a second time
