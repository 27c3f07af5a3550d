"""`shields` (SH-0..SH-6, the 18 effects, P-SH-1..P-SH-11,
CH-SH-1..4): the deal, taking a shield, the castles, the tribute, the end points and every
shield's effect, in the Special Edition and alea 2019 forms, and with Châteauma.

Board 1 around the start castle (18): castles also on 1, 2, 6; 24 mine 4 (next to 18),
17 ship 2, 19 ship 5, 11 building 3 (a one-space city), 12 monastery 1; the pasture area
0, 4, 5, 9, 10 and the one-space pasture 27 (die 2); the ship area 15, 16, 17 (dice 6, 1,
2).
"""

from __future__ import annotations

import random

import pytest

from game.rules import (GameConfig, GameState, action_text, new_game,
                        parse_action, recompute_breakdown)
from game.rules.engine import final_scoring
from game.rules.modules import shields as sh
from game.rules.scoring import AREA_POINTS, PHASE_BONUS

from .builders import (roundtrip, unexplained as derived_less_running, at_last_turn, build, give,
                       kind, me, monasteries, of_type, phase_outcome, points, refused,
                       roll_outcome, set_depot, set_depot_goods, set_dice, set_goods, settle, store)
from .chateauma_builders import automa, fill_card, seat, set_card
from .test_invariants import check_game

DEAL2 = ((1,), (2,), (3,), (4,), (5,), (6,))
DEAL4 = ((1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12))


def shgame(players: int = 2, rules: str = "special", chateauma: str | None = None,
           deal: tuple | None = None, dice=(1, 2), modules=(), depots=None,
           black=()) -> GameState:
    """A basic-mode game with `shields` at the first turn of phase A (seat 0 to move)."""
    config = GameConfig(players=players, rules=rules, board_mode="basic",
                        modules=("shields", *modules), chateauma=chateauma)
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    assert s.chance == sh.DEAL_STEP
    if deal is None:
        deal = {2: DEAL2, 3: ((1,), (2, 8), (3,), (4, 10), (5,), (6, 12)), 4: DEAL4}[players]
        if chateauma:
            deal = tuple(tuple(13 if n == 2 else n for n in d) for d in deal)
    s.apply_chance(deal)
    if chateauma:
        s.apply_chance((4, 1, (), ()))
    s.apply_chance(phase_outcome(s, depots, black))
    s.apply_chance(roll_outcome(1, [dice] * config.deciders))
    return s


def give_shield(s: GameState, seat: int, shield: int, space: int = 18) -> None:
    """Seat holds `shield` on its castle at `space` (taken from a depot if it lies there)."""
    h = sh.held(s)
    depots = tuple(tuple(n for n in d if n != shield) for d in h.depots)
    pairs = dict(h.castles[seat])
    pairs[space] = shield
    s.ext["shields"] = h._replace(depots=depots, castles=sh._per_seat(
        h.castles, seat, tuple(sorted(pairs.items()))))
    sh._changed(s, seat, None)
    s._legal = None


def place(s: GameState, name: str, space: int, die: int = 0) -> list:
    """The current player places a tile from storage with a die turned to the space's
    number."""
    p = me(s)
    store(s, name)
    p.frontier |= 1 << space
    dice = list(p.dice)
    dice[die] = p.board.die[space]
    set_dice(s, *dice)
    p.used[die] = False
    return s.apply(("place", die, 0, space))




def end_phase(s: GameState, phase: int = 0) -> list:
    at_last_turn(s, phase)
    return s.apply(("end",))


# --- SH-0 / CH-SH-1: the deal -------------------------------------------------------------

@pytest.mark.parametrize("players,counts", [(2, [1] * 6), (3, [1, 2, 1, 2, 1, 2]),
                                            (4, [2] * 6)])
def test_sh_0_deal_by_player_count(players, counts):
    config = GameConfig(players=players, board_mode="basic", modules=("shields",))
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * players))
    outcome = s.sample_chance(random.Random(5))
    assert [len(d) for d in outcome] == counts
    events = s.apply_chance(outcome)
    assert [len(d) for d in sh.held(s).depots] == counts
    assert of_type(events, "ShieldsDealt")
    assert s.chance == "phase"


def test_sh_0_a_wrong_deal_is_refused():
    config = GameConfig(players=2, board_mode="basic", modules=("shields",))
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance((1, 2, 3, 1, 2, 3))
    with pytest.raises(ValueError, match="shields"):
        s.apply_chance(((1, 2), (3,), (4,), (5,), (6,), (7,)))
    with pytest.raises(ValueError, match="different"):
        s.apply_chance(((1,), (1,), (4,), (5,), (6,), (7,)))


def test_ch_sh_1_shield_2_is_removed_with_chateauma():
    config = GameConfig(players=4, board_mode="basic", modules=("shields",), chateauma="medium")
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * 3))
    for seed in range(20):
        assert 2 not in [n for d in s.sample_chance(random.Random(seed)) for n in d]
    with pytest.raises(ValueError):
        s.apply_chance(DEAL4)
    s.apply_chance(tuple(tuple(13 if n == 2 else n for n in d) for d in DEAL4))
    assert s.chance == "chateauma_setup"


# --- SH-1 / P-SH-2: taking a shield ----------------------------------------------------------

def test_sh_1_rulebook_l911_workers_make_the_pair():
    s = shgame(dice=(3, 5))
    give(s, workers=2)
    assert ("shield", 5, 0) in s.legal_actions()
    events = s.apply(("shield", 5, 0))
    p = me(s)
    assert p.workers == 0 and p.used == [True, True]
    assert [e.workers for e in of_type(events, "DieUsed")] == [2, 0]
    assert sh.shields_of(s, 0) == (5,)
    assert sh.held(s).depots[4] == ()
    assert of_type(events, "ShieldPlaced")[0].space == 18
    assert s.decision == "turn" and ("end",) in s.legal_actions()


def test_sh_1_a_pair_takes_from_its_depot_only():
    s = shgame(dice=(4, 4))
    give(s, workers=0)
    takes = [a for a in s.legal_actions() if a[0] == "shield"]
    assert takes == [("shield", 4, 0)]


def test_sh_1_not_with_a_die_used_or_without_the_workers():
    s = shgame(dice=(3, 5))
    give(s, workers=1)
    assert not [a for a in s.legal_actions() if a[0] == "shield"]
    refused(s, ("shield", 5, 0), "workers")
    s = shgame(dice=(4, 4))
    s.apply(("workers", 0))
    refused(s, ("shield", 4, 0), "both dice")


def test_sh_1_an_empty_depot_has_no_shield_to_take():
    s = shgame(dice=(4, 4))
    give_shield(s, 1, 4, space=18)  # depot 4's shield went to the other player
    assert not [a for a in s.legal_actions() if a[0] == "shield"]
    refused(s, ("shield", 4, 0), "no shield")


def test_sh_1_the_purchase_stays_available():
    s = shgame(dice=(4, 4))
    give(s, silver=2)
    s.apply(("shield", 4, 0))
    assert any(a[0] == "buy" for a in s.legal_actions())


# --- SH-2: castles ---------------------------------------------------------------------------

def test_sh_2_a_second_castle_is_a_choice_and_a_shield_may_be_replaced():
    s = shgame(dice=(4, 4))
    build(s, 6, "castle")
    give_shield(s, 0, 9, space=18)
    s.apply(("shield", 4, 0))
    assert s.decision == "shield_castle"
    assert s.legal_actions() == [("shield_castle", 6), ("shield_castle", 18)]
    s.apply(("shield_castle", 6))
    assert sh.shields_of(s, 0) == (4, 9)


def test_sh_2_derived_all_castles_carry_shields_one_leaves_the_game():
    s = shgame(dice=(4, 4))
    give_shield(s, 0, 9, space=18)
    events = s.apply(("shield", 4, 0))
    assert sh.shields_of(s, 0) == (4,)
    assert of_type(events, "ShieldPlaced")[0].replaced == 9
    assert 9 not in [n for d in sh.held(s).depots for n in d]


def test_sh_3_effects_last_while_held():
    s = shgame()
    give_shield(s, 0, 18)
    assert me(s).anywhere
    end_phase(s)  # tribute: give it up
    s.apply(("tribute", (), 0))
    assert not s.players[0].anywhere


# --- SH-4 / P-SH-3 / S3: tribute ----------------------------------------------------------------

def test_sh_4_derived_two_shields_one_silver_then_mine_income():
    s = shgame()
    build(s, 24, "mine", seat=1)
    build(s, 6, "castle", seat=1)
    give_shield(s, 1, 7, space=18)
    give_shield(s, 1, 9, space=6)
    give(s, seat=1, silver=1)
    events = end_phase(s)
    assert s.decision == "tribute" and s.current_player == 1
    options = s.legal_actions()
    assert ("tribute", (7, 9), 0) not in options
    assert ("tribute", (7,), 0) in options and ("tribute", (), 0) in options
    events += s.apply(("tribute", (9,), 0))
    names = [type(e).__name__ for e in events]
    assert names.index("TributePaid") < max(i for i, n in enumerate(names) if n == "SilverTaken")
    paid = of_type(events, "TributePaid")[0]
    assert paid.lost == (7,) and paid.silver == 1
    assert sh.shields_of(s, 1) == (9,)
    assert s.players[1].silver == 1  # 1 paid, then 1 from the mine


def test_p_sh_3_tribute_in_turn_order_and_a_player_may_give_shields_up():
    s = shgame()
    give_shield(s, 0, 1)
    give_shield(s, 1, 3)
    give(s, seat=0, silver=5)
    give(s, seat=1, silver=5)
    end_phase(s)
    first = s.current_player
    assert first == s.order[0]
    s.apply(("tribute", (), 0))  # may give up what it could pay for
    assert s.current_player == s.order[1]


def test_s3_tribute_in_workers():
    s = shgame()
    build(s, 6, "castle", seat=1)
    give_shield(s, 1, 3)
    give_shield(s, 1, 9, space=6)
    give(s, seat=1, silver=0, workers=2)
    end_phase(s)
    assert ("tribute", (3, 9), 2) in s.legal_actions()
    s.apply(("tribute", (3, 9), 2))
    assert s.players[1].workers == 0 and sh.shields_of(s, 1) == (3, 9)


def test_sh_4_tribute_is_paid_in_phase_e_too():
    s = shgame()
    give_shield(s, 1, 9)
    end_phase(s, 4)
    assert s.decision == "tribute"


# --- SH-5, S13, CH-SH-4: the end ----------------------------------------------------------------

def _to_the_end(s: GameState) -> list:
    at_last_turn(s, 4)
    for p in s.players:
        p.silver = 0
    sh.held(s)  # no tribute asked: nobody can pay, so each seat gives all up
    events = s.apply(("end",))
    while s.decision == "tribute":
        events += s.apply(s.legal_actions()[0])
    return events


def test_sh_5_rulebook_l932_shields_1_7_13_score_48():
    s = shgame()
    build(s, 6, "castle")
    build(s, 2, "castle")
    give_shield(s, 0, 1, 18)
    give_shield(s, 0, 7, 6)
    give_shield(s, 0, 13, 2)
    at_last_turn(s, 4)
    s.players[0].silver = 3
    events = s.apply(("end",))
    events += s.apply(("tribute", (1, 7, 13), 0))
    assert s.is_terminal()
    assert points(events, "shields", 0) == 48
    assert derived_less_running(s)[0] == {}


def test_sh_5_tiers_without_13():
    s = shgame()
    build(s, 6, "castle")
    give_shield(s, 0, 2, 18)
    give_shield(s, 0, 17, 6)
    at_last_turn(s, 4)
    s.players[0].silver = 2
    events = s.apply(("end",)) + s.apply(("tribute", (2, 17), 0))
    assert points(events, "shields", 0) == 16


def test_ch_sh_3_chateauma_takes_the_lower_shield_from_the_white_dies_depot():
    s = shgame(players=4, chateauma="medium",
               deal=((1, 7), (3, 8), (9, 13), (6, 10), (4, 11), (5, 12)))
    a = seat(s)
    s.white = 5
    set_card(s, 0, 3)
    fill_card(s, 0)
    from game.rules.chateauma import _complete_cards
    events: list = []
    _complete_cards(s, events)
    assert sh.held(s).automa == (4,)
    assert of_type(events, "ShieldTaken")[0].player == a


def test_ch_sh_3_clockwise_when_the_depot_is_empty_and_a_card_without_the_symbol():
    s = shgame(players=2, chateauma="medium")
    s.white = 6
    s.ext["shields"] = sh.held(s)._replace(depots=((1,), (), (), (), (), ()))
    set_card(s, 0, 4)
    fill_card(s, 0)
    from game.rules.chateauma import _complete_cards
    _complete_cards(s, None)
    assert sh.held(s).automa == ()  # card 4 shows no shield
    set_card(s, 0, 6)
    fill_card(s, 0)
    _complete_cards(s, None)
    assert sh.held(s).automa == (1,)


def test_ch_sh_4_three_shields_score_25():
    s = shgame(players=2, chateauma="medium")
    s.ext["shields"] = sh.held(s)._replace(automa=(3, 4, 5))
    at_last_turn(s, 4)
    events = s.apply(("end",))
    assert s.is_terminal()
    assert points(events, "shields", seat(s)) == 25
    assert recompute_breakdown(s, seat(s))["shields"] == 25


# --- the effects ------------------------------------------------------------------------------

def test_s1_every_pasture_counts_as_one():
    s = shgame()
    build(s, 27, "cow2")
    build(s, 11, "bank")
    give_shield(s, 0, 1)
    before = derived_less_running(s)
    events = place(s, "cow3", 10)
    assert points(events, "animals") == 5  # 3 + the cow on the other pasture
    assert derived_less_running(s) == before


def test_p_sh_1_s1_against_monastery_7_the_better_applies_in_the_se():
    s = shgame()
    build(s, 27, "cow2")
    build(s, 11, "bank")
    monasteries(s, 7)
    give_shield(s, 0, 1)
    events = place(s, "cow3", 10)
    assert points(events, "animals") == 5  # not 3 + 1 + 2 + 1
    s = shgame(rules="alea2019")
    build(s, 27, "cow2")
    build(s, 11, "bank")
    monasteries(s, 7)
    give_shield(s, 0, 1)
    events = place(s, "cow3", 10)
    assert points(events, "animals") == 7


def test_s2_a_worker_for_each_gain_of_another_player():
    s = shgame()
    give_shield(s, 1, 2)
    before = s.players[1].workers
    events = s.apply(("workers", 0))
    assert s.players[1].workers == before + 1
    assert [e.reason for e in of_type(events, "WorkersTaken")] == ["die", "shield2"]
    s.apply(("workers", 1))
    assert s.players[1].workers == before + 2


def test_s2_an_opponents_workers_bought_with_monastery_28_count():
    s = shgame(modules=("tiles2",))
    give_shield(s, 1, 2)
    monasteries(s, 28)
    give(s, silver=2)
    before = s.players[1].workers
    s.apply(("buy_workers",))
    assert s.players[1].workers == before + 1


def test_s6_borrows_monastery_28():
    s = shgame(modules=("tiles2",))
    give_shield(s, 0, 6)
    monasteries(s, 28, seat=1)
    give(s, silver=2)
    assert ("buy_workers",) not in s.legal_actions()
    s.apply(("name", 1))
    assert ("buy_workers",) in s.legal_actions()


def test_s2_not_for_its_holders_own_gains():
    s = shgame()
    give_shield(s, 0, 2)
    before = me(s).workers
    s.apply(("workers", 0))
    assert me(s).workers == before + 2


def test_s4_unlimited_storage():
    s = shgame(dice=(1, 1))
    give_shield(s, 0, 4)
    store(s, "bank", "bank", "bank")
    s.depots[0][0] = kind("mine")
    settle(s)
    s.apply(("take", 0, 1, 0))
    assert s.decision == "turn"
    assert me(s).storage == [kind("bank")] * 3 + [kind("mine")]
    set_dice(s, 1, 4)
    assert ("place", 1, 3, 24) in s.legal_actions()
    roundtrip(s)


def test_p_sh_4_losing_shield_4_keeps_three_tiles_of_the_players_choice():
    s = shgame(dice=(5, 5))
    give_shield(s, 0, 4)
    me(s).storage = [kind("mine"), kind("bank"), kind("ship"), kind("castle")]
    settle(s)
    events = s.apply(("shield", 5, 0))  # replaces shield 4, the only castle's
    assert s.decision == "shield_storage"
    assert len(s.legal_actions()) == 4
    events += s.apply(("shield_storage", 2))
    assert me(s).storage == [kind("mine"), kind("bank"), kind("castle")]
    assert of_type(events, "StorageShrunk")
    assert s.decision == "turn"


def test_p_sh_4_three_tiles_or_fewer_close_up_at_once():
    s = shgame(dice=(5, 5))
    give_shield(s, 0, 4)
    me(s).storage = [-1, kind("bank"), -1, kind("castle")]
    settle(s)
    s.apply(("shield", 5, 0))
    assert me(s).storage == [kind("bank"), kind("castle"), -1]


def test_s5_a_ship_also_takes_a_goods_type_from_every_depot():
    s = shgame()
    give_shield(s, 0, 5)
    set_goods(s, {})
    s.depot_goods = [[0] * 7 for _ in range(6)]
    set_depot_goods(s, 1, {2: 1, 3: 1})
    set_depot_goods(s, 4, {3: 2})
    set_depot_goods(s, 6, {5: 1})
    place(s, "ship", 17)
    assert s.decision == "ship"
    s.apply(("ship", 6))
    assert s.decision == "shield_goods"
    assert ("shield_goods", 3) in s.legal_actions() and ("decline",) in s.legal_actions()
    s.apply(("shield_goods", 3))
    assert me(s).goods[3] == 3 and me(s).goods[5] == 1
    assert s.depot_goods[0][2] == 1 and s.depot_goods[0][3] == 0


def test_p_sh_5_the_goods_limit_applies():
    s = shgame()
    give_shield(s, 0, 5)
    set_goods(s, {1: 1, 2: 1})
    s.depot_goods = [[0] * 7 for _ in range(6)]
    set_depot_goods(s, 1, {3: 1})
    set_depot_goods(s, 2, {4: 1, 5: 1})
    place(s, "ship", 17)
    s.apply(("ship", 1))  # a third type: storage full
    assert s.legal_actions() == [("decline",)]


def _s5_k5(rules: str) -> GameState:
    s = shgame(rules=rules)
    give_shield(s, 0, 5)
    monasteries(s, 5)
    set_goods(s, {})
    s.depot_goods = [[0] * 7 for _ in range(6)]
    set_depot_goods(s, 1, {2: 1})
    set_depot_goods(s, 2, {3: 1})
    set_depot_goods(s, 4, {3: 1})
    place(s, "ship", 17)
    return s


def test_p_sh_1_s5_against_monastery_5_the_player_chooses_in_the_se():
    s = _s5_k5("special")
    assert s.decision == "shield_or_monastery"
    s.apply(("prefer", "shield"))
    assert s.decision == "ship"
    assert all(len(a) == 2 for a in s.legal_actions())
    s.apply(("ship", 1))
    assert s.decision == "shield_goods"
    s = _s5_k5("special")
    s.apply(("prefer", "monastery"))
    assert ("ship", 1, 2) in s.legal_actions()
    s.apply(("ship", 1, 2))
    assert s.decision == "turn"
    s = _s5_k5("alea2019")
    assert s.decision == "ship" and ("ship", 1, 2) in s.legal_actions()
    s.apply(("ship", 1, 2))
    assert s.decision == "shield_goods"


def test_s6_p_sh_6_names_once_and_borrows_monasteries():
    s = shgame()
    give_shield(s, 0, 6)
    monasteries(s, 1, seat=1)
    assert ("name", 1) in s.legal_actions()
    s.apply(("name", 1))
    assert me(s).has(1)
    assert not [a for a in s.legal_actions() if a[0] == "name"]
    s2 = roundtrip(s)
    assert s2.players[0].has(1)
    # a monastery the named player places later is borrowed too
    s.frames[-1] = s.frames[-1]._replace(player=1)
    s.players[1].used = [False, False]
    free = next(sp for sp in range(37) if s.players[1].board.colour[sp] == 2
                and s.players[1].estate[sp] < 0)
    build(s, free, "monastery8", seat=1)
    sh._sync_knowledge(s, 0, None)
    assert s.players[0].has(8)
    # lost with the shield
    s.ext["shields"] = sh.held(s)._replace(castles=((), ()))
    sh._changed(s, 0, None)
    assert not s.players[0].has(1)


def test_a_borrowed_monastery_7_on_an_animal_tile_is_recorded():
    """S6 (SE l.925, "Ab jetzt darfst du dessen Kloster-Plättchen mitbenutzen, als ob du
    sie selbst ausliegen hättest"): a borrowed monastery 7 scores an animal tile as one's
    own would; the animals are counted twice only where the borrowed and the own
    monasteries differ, and the difference is recorded, so the points derived from the
    placements and the record are the points scored."""
    plain = shgame()
    build(plain, 27, "cow2")
    unborrowed = place(plain, "cow3", 10)
    s = shgame()
    build(s, 27, "cow2")
    give_shield(s, 0, 6)
    monasteries(s, 7, seat=1)
    s.apply(("name", 1))
    assert s.players[0].has(7) and not sh._own_knowledge(s.players[0]) >> 7 & 1
    before = derived_less_running(s)
    borrowed = place(s, "cow3", 10)
    assert points(borrowed, "animals") > points(unborrowed, "animals")
    assert derived_less_running(s) == before


def test_s6_the_borrowed_monasteries_are_told_whenever_they_change():
    """S6 (SE l.925, "Ab jetzt darfst du dessen Kloster-Plättchen mitbenutzen, als ob du
    sie selbst ausliegen hättest"): the borrower has the named player's monastery tiles'
    effects; each change of what it has is an event naming all of them (the table shows
    them)."""
    s = shgame()
    give_shield(s, 0, 6)
    monasteries(s, 1, seat=1)
    monasteries(s, 3, seat=0)
    events = s.apply(("name", 1))
    assert [tuple(e) for e in of_type(events, "MonasteriesBorrowed")] == [(0, (1, 3))]
    events = []
    s.ext["shields"] = sh.held(s)._replace(castles=((), ()))
    sh._changed(s, 0, events)
    assert [tuple(e) for e in of_type(events, "MonasteriesBorrowed")] == [(0, (3,))]
    events = []
    sh._changed(s, 0, events)  # nothing changed: nothing told
    assert of_type(events, "MonasteriesBorrowed") == []


def test_p_sh_6_monastery_27_stays_its_owners():
    s = shgame(modules=("tiles2",))
    give_shield(s, 0, 6)
    monasteries(s, 27, 5, seat=1)
    s.apply(("name", 1))
    assert me(s).has(5) and not me(s).has(27)


def test_ch_sh_2_shield_6_names_chateauma_and_copies_its_face_up_monasteries():
    s = shgame(players=2, chateauma="medium")
    give_shield(s, 0, 6)
    s.apply(("name", seat(s)))
    set_card(s, 0, 6, {1: "monastery8"})
    c = automa(s)
    c.reserve[2].append(kind("monastery9"))  # the reserve does not count
    settle(s)
    from game.rules.engine import start_turn
    s.frames = []
    start_turn(s, 0, None)
    assert me(s).has(8) and not me(s).has(9)
    assert "monasteries" not in recompute_breakdown(s, 0) or \
        recompute_breakdown(s, 0)["monasteries"] == 0


def test_s7_p_sh_7_a_bonus_tile_taken_while_held_scores_double():
    s = shgame()
    give_shield(s, 0, 7)
    for space in (19, 20, 21, 15, 16):
        build(s, space, "ship")
    before = derived_less_running(s)
    events = place(s, "ship", 17)
    assert points(events, "bonus_tiles") == 2 * 5  # 2 players: first tile 5
    assert derived_less_running(s) == before


def test_s8_mine_income_doubled_and_p_sh_1_against_monastery_2():
    for rules, workers in (("special", 0), ("alea2019", 3)):
        s = shgame(rules=rules)
        for space in (24, 29, 33):
            build(s, space, "mine", seat=1)
        give_shield(s, 1, 8)
        monasteries(s, 2, seat=1)
        give(s, seat=1, silver=1, workers=0)
        end_phase(s)
        s.apply(("tribute", (8,), 0))
        assert s.players[1].silver == 6, rules
        assert s.players[1].workers == workers, rules


def test_s9_s12_derived_four_players_sell_three_goods():
    s = shgame(players=4, dice=(4, 4))
    give_shield(s, 0, 9, 18)
    build(s, 6, "castle")
    give_shield(s, 0, 12, 6)
    set_goods(s, {4: 3})
    silver = me(s).silver
    before = derived_less_running(s)
    events = s.apply(("sell", 0, 4))
    assert points(events, "goods") == 24
    assert me(s).silver == silver + 3
    assert derived_less_running(s) == before


def test_p_sh_1_s9_against_monasteries_3_and_4():
    s = shgame(dice=(4, 4))
    give_shield(s, 0, 9)
    monasteries(s, 3, 4)
    set_goods(s, {4: 2})
    silver = me(s).silver
    s.apply(("sell", 0, 4))  # 2 silver (S9) against 2 silver + a worker: the monasteries
    assert me(s).silver == silver + 2
    s = shgame(rules="alea2019", dice=(4, 4))
    give_shield(s, 0, 9)
    monasteries(s, 3)
    set_goods(s, {4: 2})
    silver = me(s).silver
    s.apply(("sell", 0, 4))
    assert me(s).silver == silver + 3


def test_s10_p_sh_8_own_end_monasteries_double():
    s = shgame()
    give_shield(s, 0, 10)
    monasteries(s, 26)
    s.players[0].bonus_tiles = [(0, 1)]
    at_last_turn(s, 4)
    s.players[0].silver = 1
    events = s.apply(("end",)) + s.apply(("tribute", (10,), 0))
    assert s.is_terminal()
    assert points(events, "knowledge", 0) == 2 * 3
    assert "knowledge" not in derived_less_running(s)[0]


def test_s10_doubles_the_cranes_count_too():
    s = shgame(modules=("tiles2",))
    give_shield(s, 0, 10)
    monasteries(s, 17)
    build(s, 11, "watchtower")
    build(s, 25, "crane")
    at_last_turn(s, 4)
    s.players[0].silver = 1
    events = s.apply(("end",)) + s.apply(("tribute", (10,), 0))
    assert s.is_terminal()
    assert points(events, "knowledge", 0) == 2 * (4 + 4)
    assert "knowledge" not in derived_less_running(s)[0]


def test_s11_p_sh_9_a_castles_action_takes_a_shield_from_any_depot():
    s = shgame()
    give_shield(s, 0, 11)
    place(s, "castle", 6, die=0)
    assert s.decision == "castle"
    takes = [a for a in s.legal_actions() if a[0] == "shield"]
    assert {a[1] for a in takes} == {1, 2, 3, 4, 5, 6}
    s.apply(("shield", 3, 0))
    s.apply(("shield_castle", 6))
    assert sh.shields_of(s, 0) == (3, 11)


def test_p_sh_2_a_castles_action_is_no_shield_without_11():
    s = shgame()
    place(s, "castle", 6)
    assert not [a for a in s.legal_actions() if a[0] == "shield"]
    refused(s, ("shield", 3, 0), "shield 11")


def test_s14_derived_a_mine_from_depot_4_at_the_end_of_phase_c():
    s = shgame()
    give_shield(s, 1, 14)
    at_last_turn(s, 2)
    set_depot(s, 4, ["mine", None])
    give(s, seat=1, silver=1)
    s.apply(("end",))
    assert s.decision == "shield_tile" and s.current_player == 1
    assert ("shield_tile", 4, 0, 24) in s.legal_actions()
    assert ("decline",) in s.legal_actions()
    silver = s.players[1].silver
    s.apply(("shield_tile", 4, 0, 24))
    assert s.decision == "tribute"  # S14 before tribute and mines (P-SH-11)
    s.apply(("tribute", (14,), 0))
    assert s.players[1].silver == silver - 1 + 1  # the mine pays at this phase end


def test_s15_a_black_depot_tile_may_be_declined():
    s = shgame()
    give_shield(s, 0, 15)
    at_last_turn(s, 0)
    s.black = [kind("mine")] + s.black[1:]
    s.apply(("end",))
    assert s.decision == "shield_tile"
    assert ("shield_tile", 0, 0, 24) in s.legal_actions()
    assert all(a[1] == 0 for a in s.legal_actions() if a[0] == "shield_tile")
    s.apply(("decline",))
    assert s.decision == "tribute"


def test_s16_once_a_round_a_die_to_any_number_and_it_can_make_a_pair():
    s = shgame(dice=(2, 5))
    give_shield(s, 0, 16)
    give(s, workers=0)
    assert ("set_die", 0, 5) in s.legal_actions()
    s.apply(("set_die", 0, 5))
    assert me(s).dice == [5, 5]
    assert not [a for a in s.legal_actions() if a[0] == "set_die"]
    assert ("shield", 5, 0) in s.legal_actions()


def test_s16_only_when_the_turn_comes_before_its_first_action():
    """S16, SE l.935: "... darfst du in jeder Runde einen deiner Würfel, wenn du an die
    Reihe kommst, auf eine beliebige Zahl drehen und nutzen." Once a die action or the
    purchase is made, the turn has begun: the other die keeps its number."""
    s = shgame(dice=(2, 5))
    give_shield(s, 0, 16)
    assert ("set_die", 1, 3) in s.legal_actions()
    s.apply(("workers", 0))
    assert not [a for a in s.legal_actions() if a[0] == "set_die"]
    refused(s, ("set_die", 1, 3), "when your turn comes")
    s = shgame(dice=(2, 5), black=("bank",))
    give_shield(s, 0, 16)
    give(s, silver=2)
    s.apply(("buy", 0, 0, "silver"))
    assert s.decision == "turn" and not any(me(s).used)
    assert not [a for a in s.legal_actions() if a[0] == "set_die"]
    refused(s, ("set_die", 0, 3), "before its first action")


def test_s17_rulebook_l936_a_three_space_area_scores_as_four():
    s = shgame()
    give_shield(s, 0, 17)
    build(s, 15, "ship")
    build(s, 16, "ship")
    before = derived_less_running(s)
    events = place(s, "ship", 17)
    assert points(events, "areas") == AREA_POINTS[4] == 10
    assert points(events, "phase_bonus") == PHASE_BONUS[0]
    assert derived_less_running(s) == before


def test_s18_placements_need_not_be_adjacent():
    s = shgame()
    store(s, "mine")
    far = 33  # a mine space away from the start castle
    assert not any(a[0] == "place" and a[3] == far for a in s.legal_actions())
    give_shield(s, 0, 18)
    set_dice(s, 3, 3)
    assert ("place", 0, 0, far) in s.legal_actions()


def test_p_cc_1_s18_lifts_the_castle_connection():
    config = GameConfig(players=2, board_mode="free",
                        modules=("boards_11_18", "castle_connection", "shields"))
    s = new_game(config)
    s.apply_chance(0)
    while s.decision in ("board", "start_castle"):
        s.apply(s.legal_actions()[0])
    s.apply_chance((1, 2, 3, 1, 2, 3))
    s.apply_chance(DEAL2)
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, [(1, 2)] * 2))
    p = me(s)
    give_shield(s, 0, 18)
    spaces = [sp for sp in range(37) if p.estate[sp] < 0 and p.board.colour[sp] == 1]
    store(s, "mine")
    from game.rules.engine import placeable_mask
    mask = placeable_mask(p, kind("mine"))
    assert all(mask >> sp & 1 for sp in spaces)


# --- actions, JSON, random games -------------------------------------------------------------

def test_actions_read_back():
    for a in (("shield", 4, 1), ("shield_castle", 18), ("tribute", (1, 7), 1),
              ("tribute", (), 0), ("shield_tile", 0, 2, 24), ("shield_goods", 3),
              ("name", 1), ("set_die", 1, 6), ("shield_storage", 4), ("prefer", "shield")):
        assert parse_action(action_text(a)) == a


def test_json_round_trip_mid_decision():
    s = shgame(dice=(4, 4))
    build(s, 6, "castle")
    give_shield(s, 0, 9)
    give_shield(s, 0, 18, 6)
    s.apply(("shield", 4, 0))
    assert s.decision == "shield_castle"
    roundtrip(s)


@pytest.mark.parametrize("config", [
    GameConfig(players=2, modules=("shields",)),
    GameConfig(players=3, rules="alea2019", modules=("shields",)),
    GameConfig(players=4, modules=("shields", "tiles2")),
    GameConfig(players=2, modules=("boards_11_18", "castle_connection", "shields")),
    GameConfig(players=3, modules=("shields",), chateauma="medium"),
], ids=["2p", "a19-3p", "4p-tiles2", "castle", "chateauma"])
def test_random_games_hold_every_invariant(config):
    for seed in range(3):
        check_game(seed, config)


@pytest.mark.slow
def test_random_games_hold_every_invariant_slow():
    configs = [GameConfig(players=n, rules=r, modules=("shields",))
               for n in (2, 3, 4) for r in ("special", "alea2019")]
    configs += [GameConfig(players=n, modules=("shields", "tiles2"), chateauma="hard+A+B+C+D")
                for n in (2, 3, 4)]
    for config in configs:
        for seed in range(100, 130):
            check_game(seed, config)


def test_final_scoring_helper_runs_the_shield_steps():
    s = shgame()
    give_shield(s, 0, 4)
    s.steps = ()
    final_scoring(s, None)
    assert s.is_terminal()
    assert s.players[0].breakdown.get("shields") == 12
