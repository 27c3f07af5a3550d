"""The modules together (docs/rules-decisions.md, "Modules together", "The phase end
and the game end" and "Module rulings"): white castles, border posts, inns, the 2011
black-depot monasteries and shields, each interaction a test named by its clause or ruling.

Boards: 23 (border posts; castle spaces 0, 3, 28, 32; the chain 3 - 7 - 12 - 11 - 10 - 16 to
space 15, which touches post P2, and 16 - 23 - 29 - 30 to 35, which touches P3) and 10 (the
8-space building area 1, 6, 12, 15-19 of the inn tests).
"""

from __future__ import annotations

import random

import pytest

from game.rules import (GameConfig, GameState, bonus_tile_count, new_game)
from game.rules.config import check_modules
from game.rules.modules import border_posts as bp
from game.rules.modules import shields as sh
from game.rules.modules.inns import ID as INNS, InnSupply
from game.rules.scoring import AREA_POINTS, PHASE_BONUS, colour_bonus_points
from game.rules.state import Frame

from .builders import (roundtrip, unexplained, at_last_turn, build, give, kind, me, monasteries,
                       of_type, phase_outcome, points, refused, roll_outcome, set_depot, set_dice,
                       store)
from .chateauma_builders import automa, fill_card, set_card
from .test_invariants import check_game
from .test_module_shields import give_shield as hold_shield, shgame

TO_P2 = ((7, "monastery1"), (12, "market"), (11, "church"), (10, "cow2"), (16, "ship"))
TO_P3 = ((23, "ship"), (29, "ship"), (30, "monastery2"))
BUILDING_8 = (1, 6, 12, 15, 16, 17, 18, 19)   # board 10
W = 3                                           # the white die's action


def combo(modules, players: int = 2, rules: str = "special", board: str = "23",
          castle: int = 3, white: int = 1, dice=(1, 2), deal=None, depots=None,
          chateauma: str | None = None) -> GameState:
    """A free-mode game with `modules`, every human on `board` with the start castle on
    `castle`, at the first turn of phase A (seat 0 to move). Board 23 comes with the border
    posts only: the white castles' and shields' scenarios on it play with the posts too."""
    config = GameConfig(players=players, rules=rules, board_mode="free",
                        modules=tuple(sorted(modules)), chateauma=chateauma)
    s = new_game(config)
    s.apply_chance(0)
    while s.decision in ("board", "start_castle"):
        want = ("board", board) if s.decision == "board" else ("start_castle", castle)
        assert want in s.legal_actions(), want
        s.apply(want)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    if s.chance == sh.DEAL_STEP:
        if deal is None:
            n = config.players
            deal = {2: ((1,), (2,), (3,), (4,), (5,), (6,)),
                    3: ((1,), (4, 8), (3,), (5, 10), (9,), (6, 12)),
                    4: ((1, 7), (4, 8), (3, 9), (5, 10), (2, 11), (6, 12))}[n]
            if chateauma:
                deal = tuple(tuple(13 if x == 2 else x for x in d) for d in deal)
        s.apply_chance(deal)
    if chateauma:
        s.apply_chance((4, 1, (), ()))
    s.apply_chance(phase_outcome(s, depots))
    s.apply_chance(roll_outcome(white, [dice] * config.deciders))
    assert s.decision == "turn"
    return s


def give_shield(s: GameState, seat: int, shield: int, space: int = 3) -> None:
    """Seat holds `shield` on its castle at `space`."""
    h = sh.held(s)
    depots = tuple(tuple(n for n in d if n != shield) for d in h.depots)
    pairs = dict(h.castles[seat])
    pairs[space] = shield
    s.ext[sh.ID] = h._replace(depots=depots, castles=sh._per_seat(
        h.castles, seat, tuple(sorted(pairs.items()))))
    sh._changed(s, seat, None)
    s._legal = None


def turn_of(s: GameState, seat: int) -> None:
    s.frames = [Frame("turn", seat)]
    s._legal = None


def lay(s: GameState, seat: int, tiles, phase: int = 0) -> None:
    for space, name in tiles:
        build(s, space, name, seat=seat, phase=phase)


def place(s: GameState, name: str, space: int, die: int = 0) -> list:
    """The current player places `name` from storage space 0 on `space` with `die` turned
    to the space's number."""
    p = me(s)
    store(s, name)
    p.frontier |= 1 << space
    dice = list(p.dice)
    dice[die] = p.board.die[space]
    set_dice(s, *dice)
    p.used[die] = False
    return s.apply(("place", die, 0, space))




def border_points(events: list, seat: int | None = None) -> int:
    return points(events, bp.REASON, seat)


def build_inn(s: GameState, space: int, seat: int | None = None, phase: int = 0) -> None:
    """An inn laid earlier, out of the box."""
    build(s, space, "inn", seat=seat, phase=phase)
    held = s.ext[INNS]
    s.ext[INNS] = held._replace(box=held.box - 1)


def with_inns(s: GameState, inns: int) -> None:
    held = s.ext[INNS]
    s.ext[INNS] = InnSupply(inns, held.stack + held.box - inns)
    s._legal = None


# --- P-IN-4: an inn and shield 17 ------------------------------------------------------------

def test_p_in_4_an_8_area_with_an_inn_completed_by_shield_17s_holder_scores_55():
    s = combo(("inns", "shields"), board="10")
    give_shield(s, 0, 17)
    s.phase = 4
    build(s, 8, "bank", phase=4)
    build_inn(s, 1, phase=4)
    for space, name in zip(BUILDING_8[1:-1], ("warehouse", "watchtower", "church", "market",
                                              "boarding_house", "city_hall")):
        build(s, space, name, phase=4)
    monasteries(s, 1)  # a second bank in the city
    before = unexplained(s)
    events = place(s, "bank", 19)
    assert points(events, "areas") == AREA_POINTS[10] == 55
    assert points(events, "phase_bonus") == PHASE_BONUS[4]
    assert unexplained(s) == before
    assert unexplained(roundtrip(s)) == before


def test_p_in_4_shield_17_without_an_inn_and_an_inn_without_shield_17_one_size_each():
    s = combo(("inns", "shields"), board="10")
    give_shield(s, 0, 17)
    build(s, 2, "cow2")
    events = place(s, "sheep2", 7)
    assert points(events, "areas") == AREA_POINTS[3]  # S17 alone: AP(2 + 1)
    turn_of(s, 1)
    lay(s, 1, ((2, "cow2"), (7, "cow2"), (9, "sheep2"), (10, "sheep2")))
    build_inn(s, 4, seat=1)
    before = unexplained(s)
    events = place(s, "pig2", 11)
    assert points(events, "areas") == AREA_POINTS[5]  # the inn alone: AP(4 + 1)
    assert unexplained(s) == before


# --- BDM-4 and shield 17 ------------------------------------------------------------------------

def test_bdm_4_and_shield_17_never_meet_no_rule_set_offers_both():
    """The 2011 monasteries are the original rules' only, shields are not offered there:
    the cap of 8 never meets shield 17 (docs/rules-decisions.md gives the reading if it
    did)."""
    for rules in ("special", "alea2019", "original"):
        with pytest.raises(ValueError):
            check_modules(rules, ("black_depot_monasteries", "shields"), "basic", False)


# --- P-BP-3: border-post bonus tiles with shield 7 and monastery 26 -------------------------

def _to_third_post(s: GameState, seat: int) -> None:
    """Seat scored its first connection in phase A and lacks only space 35 for the third."""
    lay(s, seat, TO_P2 + ((15, "bank"),) + TO_P3)
    stages = list(s.ext[bp.ID].stage)
    stages[seat] = bp.FIRST
    s.ext[bp.ID] = bp.Posts(tuple(stages), s.ext[bp.ID].awards + (bp.Award(seat, bp.FIRST, 0, 0),))


def test_p_bp_3_shield_7_doubles_the_border_post_tile_taken_while_held():
    s = combo(("border_posts", "shields"))
    give_shield(s, 0, 7)
    _to_third_post(s, 0)
    s.phase = 3
    before = unexplained(s)
    events = place(s, "cow2", 35)
    large = colour_bonus_points(2, 1)
    assert border_points(events) == PHASE_BONUS[3]
    assert points(events, "bonus_tiles") == 2 * large
    assert of_type(events, "BorderPostTileTaken")[0].points == 2 * large
    assert unexplained(s) == before
    assert unexplained(roundtrip(s)) == before


def test_p_bp_3_in_alea_2019_there_is_no_tile_shield_7_doubles_nothing():
    s = combo(("border_posts", "shields"), rules="alea2019")
    give_shield(s, 0, 7)
    _to_third_post(s, 0)
    s.phase = 3
    before = unexplained(s)
    events = place(s, "cow2", 35)
    assert border_points(events) == PHASE_BONUS[3] + colour_bonus_points(2, 1)
    assert points(events, "bonus_tiles") == 0
    assert bonus_tile_count(s, 0) == 0
    assert unexplained(s) == before


def test_p_bp_3_monastery_26_counts_the_border_post_tile_and_shield_7_does_not_double_it():
    s = combo(("border_posts", "shields"))
    give_shield(s, 0, 7)
    _to_third_post(s, 0)
    place(s, "cow2", 35)
    assert bonus_tile_count(s, 0) == 1
    from game.rules.scoring import knowledge_end_points
    p = s.players[0]
    without = knowledge_end_points(p, 0, 3, bonus_tile_count(s, 0))
    p.knowledge |= 1 << 26
    assert knowledge_end_points(p, 0, 3, bonus_tile_count(s, 0)) - without == 3


# --- BP-2 with shield 18: separate groups ---------------------------------------------------

def test_bp_2_with_shield_18_separate_groups_do_not_connect_and_joining_them_scores():
    s = combo(("border_posts", "shields"))
    give_shield(s, 0, 18)
    lay(s, 0, ((7, "monastery1"),))
    store(s, "bank")
    set_dice(s, me(s).board.die[15], 2)
    assert ("place", 0, 0, 15) in s.legal_actions()  # not next to the estate: shield 18
    events = s.apply(("place", 0, 0, 15))
    assert border_points(events) == 0 and bp.stage_of(s, 0) == 0
    lay(s, 0, ((12, "market"), (11, "church"), (10, "cow2")))
    s.phase = 1
    before = unexplained(s)
    events = place(s, "ship", 16, die=1)
    assert border_points(events) == PHASE_BONUS[1]
    assert bp.stage_of(s, 0) == bp.FIRST
    assert unexplained(s) == before


# --- BP-6 / BP-8: placements by shields 14 and 15 and by a white castle's action -------------

def test_bp_6_bp_8_shield_14_at_a_phase_end_scores_the_ending_phases_value():
    s = combo(("border_posts", "shields"))
    give_shield(s, 1, 14)
    lay(s, 1, TO_P2)
    at_last_turn(s, 2)
    set_depot(s, 4, ["bank", None])
    give(s, seat=1, silver=1)
    before = unexplained(s)
    s.apply(("end",))
    assert s.decision == "shield_tile" and s.current_player == 1
    events = s.apply(("shield_tile", 4, 0, 15))
    assert border_points(events, 1) == PHASE_BONUS[2]  # phase C is ending
    assert of_type(events, "BorderPostsConnected") == [bp.BorderPostsConnected(1, bp.FIRST, 6)]
    assert unexplained(s) == before


def test_bp_6_bp_8_shield_15_from_the_black_depot_too():
    s = combo(("border_posts", "shields"))
    give_shield(s, 1, 15)
    lay(s, 1, TO_P2)
    at_last_turn(s, 3)
    s.black = [kind("bank")] + s.black[1:]
    give(s, seat=1, silver=1)
    before = unexplained(s)
    s.apply(("end",))
    assert s.decision == "shield_tile"
    events = s.apply(("shield_tile", 0, 0, 15))
    assert border_points(events, 1) == PHASE_BONUS[3]
    assert unexplained(s) == before


def test_bp_6_a_white_castles_action_placing_a_tile_checks_the_posts():
    s = combo(("border_posts", "white_castles"))
    lay(s, 0, ((7, "monastery1"), (11, "church"), (10, "cow2"), (16, "ship")))
    p = me(s)
    s.white = p.board.die[15]
    p.frontier |= 1 << 15
    store(s, "white_castle", "bank")
    set_dice(s, p.board.die[12], 2)
    before = unexplained(s)
    events = s.apply(("place", 0, 0, 12))
    assert s.decision == "white_castle" and border_points(events) == 0
    events = s.apply(("place", W, 1, 15))
    assert border_points(events) == PHASE_BONUS[0]
    assert unexplained(s) == before


# --- IN-7: an inn fills its space for the border posts -------------------------------------------

def test_in_7_an_inn_on_a_posts_space_connects_it():
    s = combo(("border_posts", "inns"))
    lay(s, 0, TO_P2)
    with_inns(s, 1)
    before = unexplained(s)
    events = place(s, "inn", 15)
    assert border_points(events) == PHASE_BONUS[0]
    assert unexplained(s) == before


# --- P-IN-1: shield 15 and the inns -----------------------------------------------------------

def test_p_in_1_shield_15_may_take_an_inn_from_the_stack():
    s = combo(("inns", "shields"), board="10")
    give_shield(s, 1, 15)
    with_inns(s, 2)
    at_last_turn(s, 0)
    give(s, seat=1, silver=1)
    s.apply(("end",))
    assert s.decision == "shield_tile" and s.current_player == 1
    inns = [a for a in s.legal_actions() if a[0] == "shield_inn"]
    assert inns and ("decline",) in s.legal_actions()
    events = s.apply(inns[0])
    assert s.players[1].estate[inns[0][1]] == kind("inn")
    assert s.ext[INNS].stack == 1
    assert of_type(events, "InnPlacedDirectly")[0].player == 1
    assert of_type(events, "TilePlaced")
    assert s.decision == "tribute"
    roundtrip(s)


def test_p_in_1_shield_15_is_asked_for_an_inn_alone_and_refused_without_one():
    s = combo(("inns", "shields"), board="10")
    give_shield(s, 1, 15)
    with_inns(s, 1)
    at_last_turn(s, 0)
    s.black = [-1] * len(s.black)  # the black depot is empty: only the inn is there
    give(s, seat=1, silver=1)
    s.apply(("end",))
    assert s.decision == "shield_tile"
    assert {a[0] for a in s.legal_actions()} == {"shield_inn", "decline"}
    refused(s, ("shield_inn", 36), "next to the estate")
    s.apply(("decline",))
    assert s.ext[INNS].stack == 1 and s.decision == "tribute"


def test_p_in_1_shield_14_takes_no_inn():
    s = combo(("inns", "shields"), board="10")
    give_shield(s, 1, 14)
    with_inns(s, 1)
    at_last_turn(s, 0)
    give(s, seat=1, silver=1)
    s.apply(("end",))
    assert not [a for a in s.legal_actions() if a[0] == "shield_inn"]


def test_p_in_1_the_2011_monasteries_and_shield_15_never_meet():
    """The black-depot monastery would be a black-depot tile for shield 15 (P-IN-1's reading);
    no rule set offers both modules."""
    for rules in ("special", "alea2019", "original"):
        with pytest.raises(ValueError):
            check_modules(rules, ("black_depot_monasteries", "shields"), "basic", False)


# --- P-WC-2, WC-3: white castles and shields --------------------------------------------------

def test_p_wc_2_a_white_castle_carries_no_shield():
    s = combo(("border_posts", "shields", "white_castles"), dice=(4, 4))
    lay(s, 0, ((7, "monastery1"), (12, "white_castle")))
    give(s, workers=0)
    events = s.apply(("shield", 4, 0))
    assert of_type(events, "ShieldPlaced")[0].space == 3  # the start castle, no choice
    assert sh.shields_of(s, 0) == (4,)


def test_p_wc_2_shield_11_gets_no_shield_from_a_white_castle():
    s = combo(("border_posts", "shields", "white_castles"), white=2)
    give_shield(s, 0, 11)
    lay(s, 0, ((7, "monastery1"),))
    place(s, "white_castle", 12)
    assert s.decision == "white_castle"
    assert not [a for a in s.legal_actions() if a[0] == "shield"]
    refused(s, ("shield", 2, 0), "shield")


def test_wc_3_the_white_die_action_is_one_die_no_shield_even_on_a_pair():
    s = combo(("border_posts", "shields", "white_castles"), white=2, dice=(2, 2))
    lay(s, 0, ((7, "monastery1"),))
    store(s, "white_castle")
    p = me(s)
    give(s, workers=5)
    assert ("shield", 2, 0) in s.legal_actions()  # the pair itself may take it
    set_dice(s, p.board.die[12], 2)
    s.apply(("place", 0, 0, 12))
    assert s.decision == "white_castle"
    assert not [a for a in s.legal_actions() if a[0] == "shield"]
    refused(s, ("shield", 2, 0))


# --- S2 with the white castle's action and with the inns -----------------------------------------

def test_s2_an_opponents_workers_through_the_white_die_give_one():
    s = combo(("border_posts", "shields", "white_castles"), white=5)
    give_shield(s, 1, 2)
    lay(s, 0, ((7, "monastery1"),))
    before = s.players[1].workers
    place(s, "white_castle", 12)
    assert s.decision == "white_castle"
    s.apply(("workers", W))
    assert s.players[1].workers == before + 1


def test_s2_an_inn_gives_no_workers_so_nothing():
    s = combo(("shields", "inns"), board="10")
    give_shield(s, 1, 2)
    with_inns(s, 1)
    give(s, silver=2)
    before = s.players[1].workers
    s.apply(("buy_inn", "silver"))
    place(s, "inn", 7)
    assert s.players[1].workers == before


def test_p_in_1_the_inn_from_shield_15_reads_in_both_languages():
    from game.rules.modules.inns import InnPlacedDirectly
    from game.scenes.table.log import describe_action, describe_event
    s = combo(("inns", "shields"), board="10")
    for lang, words in (("en", "inn"), ("de", "Gasthof")):
        assert words in describe_action(("shield_inn", 6), s, lang)
        assert words in describe_event(InnPlacedDirectly(1, 6), ("A", "B"), lang)


# --- CH-BP + CH-SH: Châteauma's border-post and shield cards side by side --------------------

def test_ch_bp_ch_sh_the_card_symbols_act_independently_and_both_hooks_run():
    from game.rules.chateauma import _complete_cards
    s = combo(("border_posts", "shields"), players=2, chateauma="medium")
    c = automa(s)
    a = s.config.chateauma_seat
    assert set(bp.CARD_SYMBOLS) == {2, 5, 8} and set(sh.AUTOMA_CARDS) == {3, 6, 9}
    assert len(s.hooks.card_completed) == 2
    c.discarded.append(2)  # its first border-post card, earlier (no points)
    s.white = 1
    s.phase = 1
    set_card(s, 0, 5)
    set_card(s, 1, 3)
    fill_card(s, 0)
    fill_card(s, 1)
    events: list = []
    _complete_cards(s, events)
    assert {2, 3, 5} <= set(c.discarded)
    assert of_type(events, "BorderPostsConnected") == [bp.BorderPostsConnected(a, bp.FIRST, 8)]
    assert [e.player for e in of_type(events, "ShieldTaken")] == [a]
    assert sh.held(s).automa == (1,)  # depot 1's shield (white die 1)
    # A shield card does not count toward the border posts, nor a post card for shields.
    set_card(s, 0, 6)
    fill_card(s, 0)
    events = []
    _complete_cards(s, events)
    assert not of_type(events, "BorderPostsConnected") and bp.stage_of(s, a) == bp.FIRST
    assert len(sh.held(s).automa) == 2
    set_card(s, 0, 8)
    fill_card(s, 0)
    events = []
    _complete_cards(s, events)
    assert len(sh.held(s).automa) == 2 and bp.stage_of(s, a) == bp.ALL


# --- P-GEN-3: the phase end with shields, inns and border posts -------------------------------

def test_p_gen_3_s14_s15_tribute_mines_then_the_next_phase_with_a_new_inn():
    s = combo(("border_posts", "inns", "shields"))
    give_shield(s, 0, 14)
    give_shield(s, 1, 15)
    lay(s, 0, TO_P2)
    lay(s, 1, ((7, "monastery1"),))
    build(s, 21, "mine", seat=1)  # mine income
    at_last_turn(s, 1)
    set_depot(s, 4, ["bank", None])
    s.black = [kind("bank")] + s.black[1:]
    give(s, seat=0, silver=1)
    give(s, seat=1, silver=1)
    inns_before = s.ext[INNS].stack
    events = s.apply(("end",))
    assert (s.decision, s.current_player) == ("shield_tile", 0)  # 14 before 15
    events += s.apply(("shield_tile", 4, 0, 15))
    assert (s.decision, s.current_player) == ("shield_tile", 1)
    events += s.apply(("decline",))
    while s.decision == "tribute":
        events += s.apply(next(a for a in s.legal_actions() if a[1]))
    while s.is_chance():
        events += s.apply_chance(s.sample_chance(random.Random(1)))
    names = [type(e).__name__ for e in events]

    def first(name: str, **match) -> int:
        return next(i for i, e in enumerate(events) if type(e).__name__ == name
                    and all(getattr(e, k) == v for k, v in match.items()))
    order = [first("ShieldTile", shield=14), first("BorderPostsConnected", player=0),
             first("TributePaid"), first("SilverTaken", reason="mines"),
             first("PhaseEnded"), first("InnPutOut")]
    assert order == sorted(order), names
    assert border_points(events, 0) == PHASE_BONUS[1]  # phase B is ending
    assert s.phase == 2 and s.ext[INNS].stack == inns_before + 1


# --- random games with all of them at once -----------------------------------------------------

ALL_AT_ONCE = [
    ("special", ("border_posts", "inns", "shields", "tiles2", "white_castles"), "basic"),
    ("special", ("boards_11_18", "border_posts", "castle_connection", "inns", "shields",
                 "tiles2", "white_castles"), "random"),
    ("alea2019", ("border_posts", "inns", "shields", "tiles2", "white_castles"), "random"),
    ("original", ("black_depot_monasteries", "castle_connection", "tiles2", "white_castles"),
     "random")]
# Châteauma plays without the inns and the 2011 monasteries.
WITH_CHATEAUMA = [
    ("special", ("border_posts", "shields", "tiles2", "white_castles"), "basic"),
    ("special", ("boards_11_18", "border_posts", "castle_connection", "shields", "tiles2",
                 "white_castles"), "random"),
    ("alea2019", ("border_posts", "shields", "tiles2", "white_castles"), "random"),
    ("original", ("castle_connection", "tiles2", "white_castles"), "random")]
CONFIGS = ([GameConfig(players=n, rules=r, board_mode=m, modules=mods)
            for r, mods, m in ALL_AT_ONCE for n in (2, 3, 4)]
           + [GameConfig(players=n, rules=r, board_mode=m, modules=mods, chateauma="medium")
              for r, mods, m in WITH_CHATEAUMA for n in (2, 3)])


def _id(c: GameConfig) -> str:
    return f"{c.rules}-{len(c.modules)}m-{c.players}p" + ("-chateauma" if c.chateauma else "")


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_random_games_with_the_modules_together_hold_every_invariant(config):
    """Invariants at every step, the JSON round trip, the replay and the rebuilt breakdown
    equal to the live score (check_game)."""
    check_modules(config.rules, config.modules, config.board_mode, bool(config.chateauma))
    base = 7000 + CONFIGS.index(config) * 100
    for seed in range(base, base + 5):
        check_game(seed, config)


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_random_games_with_the_modules_together_slow(config):
    base = 70_000 + CONFIGS.index(config) * 1000
    for seed in range(base, base + 120):
        check_game(seed, config, roundtrip_every=41, check_every=1)


def test_bdm_4_reading_the_cap_is_on_the_monasteries_another_enlargement_adds_on_top():
    """docs/rules-decisions.md: AP(min(8, size + monasteries) + 1) with a "one larger"
    enlargement like shield 17's, whichever hook runs first."""
    import dataclasses
    from .test_module_black_depot_monasteries import bdm_game
    from .test_module_inns import place as place_from_storage

    def one_larger(state, seat, area, size, estate):
        return size + 1
    for first in (True, False):
        s = bdm_game(board="7", castle=2)
        hooks = s.hooks.area_size
        s.hooks = dataclasses.replace(
            s.hooks, area_size=(one_larger,) + hooks if first else hooks + (one_larger,))
        area = (11, 12, 17, 18, 19, 24, 25)
        build(s, 11, "black_monastery")
        build(s, 12, "black_monastery")
        for space, name in zip(area[2:-1], ("warehouse", "watchtower", "church", "market")):
            build(s, space, name)
        events = place_from_storage(s, "bank", 25)
        assert points(events, "areas") == AREA_POINTS[9] == 45  # 7 + 2 -> 8, then 9


# --- IN-2 with the white castle's action: an inn instead of the black-depot tile ---------------

def test_in_2_the_white_castles_action_offers_an_inn_where_it_offers_the_black_depot():
    s = combo(("border_posts", "inns", "white_castles"), white=2)
    lay(s, 0, ((7, "monastery1"),))
    with_inns(s, 1)
    give(s, silver=4)
    place(s, "white_castle", 12)
    assert s.decision == "white_castle"
    legal = s.legal_actions()
    assert s.rs.purchase_during_effects  # the Special Edition
    assert any(a[0] == "buy" for a in legal) and ("buy_inn", "silver") in legal
    s.apply(("buy_inn", "silver"))
    assert s.decision == "white_castle" and kind("inn") in me(s).storage
    assert not [a for a in s.legal_actions() if a[0] in ("buy", "buy_inn")]


def test_in_2_not_in_alea_2019_where_the_purchase_waits_for_the_turn():
    s = combo(("border_posts", "inns", "white_castles"), rules="alea2019", white=2)
    lay(s, 0, ((7, "monastery1"),))
    with_inns(s, 1)
    give(s, silver=4)
    place(s, "white_castle", 12)
    assert s.decision == "white_castle"
    assert not [a for a in s.legal_actions() if a[0] in ("buy", "buy_inn")]
    refused(s, ("buy_inn", "silver"), "purchase")


# --- more: shield 14 with a white castle, shield 10 with monastery 29, shield 18 with an inn ------

def test_wc_4_shield_14_placing_a_white_castle_at_a_phase_end_acts_with_the_last_white_die():
    s = combo(("border_posts", "shields", "white_castles"), white=4)
    give_shield(s, 1, 14)
    lay(s, 1, ((7, "monastery1"),))
    at_last_turn(s, 1)
    set_depot(s, 2, ["white_castle", None])
    give(s, seat=1, silver=1)
    s.apply(("end",))
    assert s.decision == "shield_tile"
    s.apply(next(a for a in s.legal_actions() if a[:3] == ("shield_tile", 2, 0)))
    assert (s.decision, s.current_player) == ("white_castle", 1)  # before tribute
    assert s.white == 4
    workers = s.players[1].workers
    s.apply(("workers", W))
    assert s.players[1].workers > workers
    assert s.decision == "tribute"


def test_s10_doubles_monastery_29_of_the_holders_own_duchy():
    s = combo(("border_posts", "shields", "white_castles"))
    give_shield(s, 0, 10)
    lay(s, 0, ((12, "white_castle"), (15, "white_castle"), (2, "white_castle")))
    monasteries(s, 29, seat=0)
    at_last_turn(s, 4)
    s.players[0].silver = 1
    before = unexplained(s)
    events = s.apply(("end",))
    while s.decision == "tribute":
        events += s.apply(next(a for a in s.legal_actions() if a[1]))
    assert s.is_terminal()
    assert points(events, "knowledge", 0) == 2 * 3 * 4
    assert unexplained(s)[0].get("knowledge", 0) == before[0].get("knowledge", 0)


def test_in_3_shield_18_places_an_inn_anywhere_one_per_area_still():
    s = combo(("inns", "shields"), board="10")
    store(s, "inn")
    set_dice(s, me(s).board.die[BUILDING_8[-1]], me(s).board.die[BUILDING_8[-2]])
    assert BUILDING_8[-1] not in {a[3] for a in s.legal_actions() if a[0] == "place"}
    give_shield(s, 0, 18)
    spaces = {a[3] for a in s.legal_actions() if a[0] == "place"}
    assert BUILDING_8[-1] in spaces  # far from the start castle
    build_inn(s, BUILDING_8[0])
    s._legal = None
    assert not {a[3] for a in s.legal_actions() if a[0] == "place"} & set(BUILDING_8)


# --- T2-11 / P-T2-4: shield 1 and the geese (board 1: pastures 0, 4, 5, 9, 10 and 27) ----------

def geese_and_shields(shield_1: bool) -> GameState:
    """Board 1 with a 2-cow on 4 and a 3-cow on 5; seat 0 holds shield 1 or not."""
    s = shgame(modules=("tiles2",))
    build(s, 4, "cow2")
    build(s, 5, "cow3")
    if shield_1:
        hold_shield(s, 0, 1)
    return s


def test_T2_11_with_shield_1_the_geese_join_cows_on_another_pasture_and_a_later_pig_there_adds_2():
    s = geese_and_shields(True)
    before = unexplained(s)
    events = place(s, "geese", 27)
    assert s.decision == "turn"  # one species over both pastures: no question
    assert points(events, "animals", 0) == 2 + 2 + 3
    assert [tuple(e) for e in of_type(events, "GeeseScored")] == [(0, "cow", 7)]
    assert unexplained(s) == before
    restored = roundtrip(s)
    events = place(restored, "pig4", 10)
    assert points(events, "animals", 0) == 4 + 2
    assert [tuple(e) for e in of_type(events, "GeeseScored")] == [(0, "pig", 2)]
    assert unexplained(restored) == before
    assert unexplained(roundtrip(restored)) == before


def test_T2_11_with_shield_1_two_species_on_the_other_pasture_ask_which_one_joins():
    s = shgame(modules=("tiles2",))
    build(s, 4, "cow2")
    build(s, 9, "sheep4")
    hold_shield(s, 0, 1)
    before = unexplained(s)
    place(s, "geese", 27)
    assert s.decision == "geese"
    assert s.legal_actions() == [("geese", 0), ("geese", 1)]
    restored = roundtrip(s)
    events = restored.apply(("geese", 1))
    assert points(events, "animals", 0) == 4
    assert unexplained(restored) == before


def test_T2_11_without_shield_1_the_geese_keep_to_their_own_pasture():
    s = geese_and_shields(False)
    before = unexplained(s)
    events = place(s, "geese", 27)
    assert points(events, "animals", 0) == 2
    assert of_type(events, "GeeseScored")[0].species is None
    events = place(s, "pig4", 10)
    assert points(events, "animals", 0) == 4
    assert not of_type(events, "GeeseScored")
    assert unexplained(s) == before
    assert unexplained(roundtrip(s)) == before


def test_T2_11_what_shield_1_gave_stays_in_the_breakdown_after_it_is_gone():
    s = geese_and_shields(True)
    before = unexplained(s)
    place(s, "geese", 27)
    place(s, "pig4", 10)
    h = sh.held(s)
    s.ext[sh.ID] = h._replace(castles=sh._per_seat(h.castles, 0, ()))
    s._legal = None
    assert not sh.holds(s, 0, 1)
    assert unexplained(s) == before
    events = place(s, "sheep2", 9)  # shield 1 gone: the geese's pasture is 27 alone
    assert not of_type(events, "GeeseScored")
    assert unexplained(roundtrip(s)) == before
