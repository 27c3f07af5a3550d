"""`team` (TM-0..TM-10, P-TM-1..P-TM-4) and the rulebook's note
on more than 6 ships (SE l.835).

The scenarios play the front double duchy (data/team_boards.json, provisional): the left
half's spaces 0-36, the right half's 37-73; the start castle on space 21 (die 1), whose
neighbours are 14 (building, die 3), 20 (monastery, 4), 27 (ship, 2) and, across the
join, 65 (building, 6) and 70 (monastery, 3). Mines: 24, 26, 30 (left), 44, 45, 73 (right).
Seats 0 and 2 are one team, 1 and 3 the other; seat 0 is the start player (team A).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import GameConfig, GameRecord, Match, new_game, replay
from game.rules.boards import SPACES, get_board
from game.rules.config import MODULES
from game.rules.extension import MODULE_TYPES, Module
from game.rules.invariants import all_tiles, tiles_in_play
from game.rules.scoring import KNOWLEDGE_SOLD_POINTS, colour_bonus_points
from game.rules.state import Frame
from game.rules.modules import team as tm
from game.rules.tiles import GOODS_PER_TYPE, MINE

from .builders import (at_last_turn, build, kind, of_type, phase_outcome, points, refused,
                       roll_outcome, roundtrip, unexplained)

CASTLE = 21
BUILDING_JOIN, MONASTERY_JOIN = 65, 70
FRONT_MINES = (24, 26, 30, 44, 45, 73)


def team_game(start_player: int = 0, side: str = "front", castle: int = CASTLE,
              goods=((1, 2, 3), (4, 5, 6)), dice=None, modules=("team",),
              rules: str = "special"):
    """A team game at the first turn (free board mode: each team takes `side`)."""
    s = new_game(GameConfig(players=4, rules=rules, board_mode="free", modules=modules))
    s.apply_chance(start_player)
    while s.decision in ("board", "start_castle"):
        s.apply(("board", tm.BOARD_IDS[side]) if s.decision == "board"
                else ("start_castle", castle))
    s.apply_chance(tuple(t for g in goods for t in g))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, dice or [(1, 2)] * 4))
    return s


def shared(s, seat: int = 0) -> None:
    """After pokes into seat's record: its partner's record alike (as after an action)."""
    tm.share(s, seat)
    s._legal = None


def storage(s, seat: int, *names) -> None:
    """Seat's four storage spaces (own, own, shared, shared); None = empty."""
    s.players[seat].storage = [kind(n) if n else -1 for n in names] + [-1] * (4 - len(names))
    shared(s, seat)


# --- TM-0, combinations ------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_tm0_exactly_four_players(players):
    with pytest.raises(ValueError, match="exactly 4 players"):
        GameConfig(players=players, modules=("team",))


@pytest.mark.parametrize("other", ["boards_11_18", "shields", "border_posts"])
def test_p_gen_2_team_only_with_the_tile_modules(other):
    with pytest.raises(ValueError, match="cannot be combined"):
        GameConfig(players=4, board_mode="free", modules=("team", other))
    GameConfig(players=4, board_mode="free", modules=("team", "tiles2", "white_castles", "inns"))


def test_tm0_not_with_chateauma_nor_the_basic_board():
    with pytest.raises(ValueError, match="Châteauma"):
        GameConfig(players=4, modules=("team",), chateauma="medium")
    with pytest.raises(ValueError, match="board 1"):
        GameConfig(players=4, board_mode="basic", modules=("team",))


@pytest.mark.parametrize("rules", ["special", "alea2019", "original"])
def test_team_offered_by_each_rule_set_with_its_form(rules):
    s = team_game(rules=rules, modules=("team",))
    assert s.hooks.by_id["team"].form == {"special": "se", "alea2019": "a19",
                                          "original": "x11"}[rules]


# --- the provisional double duchies (R9) ---------------------------------------------------

@pytest.mark.parametrize("side", tm.SIDES)
def test_r9_stand_in_halves_hold_twice_the_base_colours(side):
    b = get_board(tm.BOARD_IDS[side])
    base = get_board("1")
    assert b.spaces == 2 * SPACES
    assert b.colour_total == tuple(2 * n for n in base.colour_total)
    for half in (range(SPACES), range(SPACES, 2 * SPACES)):
        assert sorted(b.die[i] for i in half) == sorted(base.die)
    assert tm.PROVISIONAL and b.confidence == "provisional"


def test_r9_the_halves_touch_along_an_edge():
    b = get_board("team_front")
    across = {(i, j) for i in range(SPACES) for j in range(SPACES, 2 * SPACES)
              if b.neighbour_mask[i] >> j & 1}
    assert {i for i, _ in across} == {3, 8, 14, 21}
    assert {j - SPACES for _, j in across} == {15, 22, 28, 33}
    assert all(b.neighbour_mask[j] >> i & 1 for i, j in across)


def test_tm1_start_castle_spaces_front_1_back_1_or_6():
    front, back = get_board("team_front"), get_board("team_back")
    assert [(front.die[s], front.colour[s]) for s in front.start_spaces] == [(1, 0)]
    assert sorted(back.die[s] for s in back.start_spaces) == [1, 6]
    assert all(back.colour[s] == 0 for s in back.start_spaces)
    s = team_game(side="back", castle=52)
    assert s.players[0].estate[52] == kind("castle") == s.players[2].estate[52]
    state = new_game(GameConfig(players=4, board_mode="free", modules=("team",)))
    state.apply_chance(0)
    state.apply(("board", "team_front"))
    assert state.legal_actions() == [("start_castle", CASTLE)]


# --- TM-1, TM-2: setup -------------------------------------------------------------------

@pytest.mark.parametrize("start", [0, 1, 2, 3])
def test_tm1_tm2_setup(start):
    """(derived) team A holds 3 workers and 2 silver, team B 5 and 2, each team 3 goods;
    the stack is A1, B1, A2, B2 and A1 takes the first turn."""
    s = team_game(start_player=start)
    a1, b1, a2, b2 = [(start + i) % 4 for i in range(4)]
    assert tm.teams(s) == ((a1, a2), (b1, b2))
    for seat in (a1, a2):
        assert (s.players[seat].workers, s.players[seat].silver) == (3, 2)
    for seat in (b1, b2):
        assert (s.players[seat].workers, s.players[seat].silver) == (5, 2)
    assert s.track_order() == [a1, b1, a2, b2]
    assert s.order == [a1, b1, a2, b2] and s.current_player == a1
    assert s.players[0].goods == s.players[2].goods and sum(s.players[0].goods) == 3
    assert s.players[1].goods == s.players[3].goods and sum(s.players[1].goods) == 3
    assert all(len(p.storage) == 4 and p.board.id == "team_front" for p in s.players)
    castles = [p for p in s.players if p.estate[CASTLE] == kind("castle")]
    assert len(castles) == 4 and all(len(p.placements) == 1 for p in s.players)


def test_tm1_one_castle_and_six_start_goods_leave_the_supply():
    s = team_game()
    # one start castle per team (the partner's record shows the same one: counted once
    # by the conservation check in roundtrip)
    assert [p.estate.count(kind("castle")) for p in s.players] == [1] * 4
    assert Counter(tiles_in_play(s))[kind("castle")] == all_tiles(s.config)[kind("castle")]
    assert sum(s.goods_pool) == 6 * GOODS_PER_TYPE - 6 - 5  # two teams' 3, the phase's 5
    roundtrip(s)


# --- TM-3: the 4-player values -------------------------------------------------------------

def test_tm3_four_player_values():
    s = team_game()
    assert len(s.black) == 8
    p = s.players[0]
    p.goods = [0, 2, 0, 0, 0, 0, 0]
    shared(s)
    s.players[0].dice = [1, 2]
    events = s.apply(("sell", 0, 1))
    assert points(events, "goods", 0) == 2 * 4


# --- TM-4, P-TM-1: storage ---------------------------------------------------------------

def test_tm4_own_spaces_full_the_tile_goes_to_a_shared_space():
    s = team_game()
    storage(s, 0, "bank", "market")
    depot = s.depots[0]
    slot = next(i for i, k in enumerate(depot) if k >= 0)
    taken = depot[slot]
    s.apply(("take", 0, 1, slot))
    assert s.decision == "turn"
    assert s.players[0].storage[2] == taken and s.players[2].storage[2] == taken
    assert s.players[2].storage[:2] == [-1, -1]  # the partner's own stay its own


def test_tm4_a_free_own_and_a_free_shared_space_the_player_chooses():
    s = team_game()
    slot = next(i for i, k in enumerate(s.depots[0]) if k >= 0)
    taken = s.depots[0][slot]
    s.apply(("take", 0, 1, slot))
    assert s.decision == tm.STORE_FRAME
    assert s.legal_actions() == [("share",), ("decline",)]
    events = s.apply(("share",))
    assert of_type(events, "StoredShared")[0].storage == 2
    assert s.players[0].storage == [-1, -1, taken, -1] == s.players[2].storage
    slot = next(i for i, k in enumerate(s.depots[1]) if k >= 0)
    s.apply(("take", 1, 2, slot))
    s.apply(("decline",))
    assert s.players[0].storage[0] >= 0 and s.players[2].storage[0] == -1
    roundtrip(s)


def test_p_tm1_all_four_full_remove_one_of_the_four():
    """(derived) with all four spaces full, A1 first removes one of the four."""
    s = team_game()
    storage(s, 0, "bank", "market", "church", "warehouse")
    slot = next(i for i, k in enumerate(s.depots[0]) if k >= 0)
    taken = s.depots[0][slot]
    s.apply(("take", 0, 1, slot))
    assert s.decision == "discard"
    assert s.legal_actions() == [("discard", j) for j in range(4)]
    s.apply(("discard", 3))
    assert s.players[2].storage[3] == taken  # the shared space the partner sees too


def test_tm4_a_stored_tile_never_moves():
    s = team_game()
    storage(s, 0, "bank")
    assert not any(a[0] == "share" for a in s.legal_actions())
    refused(s, ("share",), "only as it is taken")


# --- TM-5: what a player may use -----------------------------------------------------------

def test_tm5_shared_holdings_yes_partner_own_storage_and_dice_no():
    s = team_game(dice=[(6, 6), (1, 1), (3, 3), (1, 1)])
    storage(s, 2, "bank", None, "market")       # the partner's own bank, a shared market
    places = {(a[2], a[3]) for a in s.legal_actions() if a[0] == "place"}
    assert (2, BUILDING_JOIN) in places          # the shared market, die 6
    assert not any(j == 0 for j, _ in places)    # never the partner's own bank
    assert s.players[0].dice == [6, 6]           # own dice; the partner's 3s stay theirs
    s.apply(("place", 0, 2, BUILDING_JOIN))
    assert s.players[2].estate[BUILDING_JOIN] == kind("market")
    assert s.players[2].storage == [kind("bank"), -1, -1, -1]


# --- TM-6, TM-8: the double duchy ----------------------------------------------------------

def test_tm6_placing_across_the_join_on_the_other_half():
    s = team_game(dice=[(6, 3), (1, 1), (1, 1), (1, 1)])
    storage(s, 0, "watchtower", "monastery3")
    s.apply(("place", 0, 0, BUILDING_JOIN))
    s.apply(("place", 1, 1, MONASTERY_JOIN))
    for seat in (0, 2):
        assert s.players[seat].estate[BUILDING_JOIN] == kind("watchtower")
        assert s.players[seat].has(3)
    assert unexplained(s) == [{}] * 4


def test_tm8_colour_bonus_counts_the_whole_double_duchy():
    s = team_game(dice=[(1, 1), (1, 1), (1, 1), (1, 1)])
    p = s.players[0]
    for space in (24, 26, 30):          # the left half's mines only: no bonus
        build(s, space, "mine", seat=0)
    shared(s)
    assert s.bonus_taken[MINE] == 0
    for space in (44, 45):
        build(s, space, "mine", seat=0)
    # the last mine, 73, next to a tile of the duchy
    build(s, 72, "bank", seat=0)
    shared(s)
    storage(s, 0, "mine")
    s.players[0].dice = [get_board("team_front").die[73]] * 2
    events = s.apply(("place", 0, 0, 73))
    assert of_type(events, "BonusTileTaken")[0].player == 0
    assert points(events, "bonus_tiles", 0) == colour_bonus_points(4, 1) == 7
    assert p.bonus_tiles and not s.players[2].bonus_tiles


# --- TM-7, P-TM-2: the end of the turn-order track -------------------------------------------

def test_tm7_a_seventh_ship_stays_on_the_last_space_on_top():
    """(derived, SE l.835) B2's and A1's markers on the last space, A1 on top: B2 places
    another ship and goes on top of the stack there."""
    s = team_game(dice=[(2, 2), (1, 1), (1, 1), (2, 2)])
    for seat, stamp in ((3, 90), (0, 91)):
        s.players[seat].track_pos, s.players[seat].track_stamp = tm.LAST_TRACK_SPACE, stamp
    s.stamp = 91
    s.order, s.turn_index, s.frames = [3, 0, 1, 2], 0, [Frame("turn", 3)]
    storage(s, 3, "ship")
    events = s.apply(("place", 0, 0, 27))
    assert s.players[3].track_pos == tm.LAST_TRACK_SPACE
    assert s.track_order()[:2] == [3, 0]
    assert [e.position for e in of_type(events, "TurnOrderMoved")] == [tm.LAST_TRACK_SPACE]


# --- TM-9: whose points, the team's silver ---------------------------------------------------

def test_tm9_points_to_the_acting_seat_silver_to_the_team():
    s = team_game(dice=[(6, 6), (1, 1), (1, 1), (1, 1)])
    storage(s, 0, "watchtower")
    events = s.apply(("place", 0, 0, BUILDING_JOIN))
    assert points(events, "buildings", 0) > 0
    assert s.players[0].score > 0 and s.players[2].score == 0
    storage(s, 0, "bank")
    s.players[0].dice, s.players[0].used = [3, 3], [False, False]
    s.apply(("place", 0, 0, 14))
    assert s.players[0].silver == s.players[2].silver == 4
    assert unexplained(s) == [{}] * 4


def test_p_tm3_a_monastery_serves_both_partners():
    s = team_game(dice=[(3, 3), (1, 1), (1, 1), (1, 1)])
    storage(s, 0, "monastery3")
    s.apply(("place", 0, 0, MONASTERY_JOIN))
    assert s.players[2].has(3)
    s.apply(("workers", 1))
    s.apply(("end",))
    for action in (("workers", 0), ("workers", 1), ("end",)):   # B1
        s.apply(action)
    assert s.current_player == 2
    s.players[2].goods = [0, 1, 0, 0, 0, 0, 0]
    shared(s, 2)
    s.players[2].dice = [1, 1]
    s.apply(("sell", 0, 1))
    assert s.players[0].silver == s.players[2].silver == 2 + 2   # 1 + monastery 3


def test_tm9_mines_pay_the_team_once():
    s = team_game()
    for space in (24, 44):
        build(s, space, "mine", seat=0)
    shared(s)
    at_last_turn(s, 0)
    seat = s.order[-1]
    events = s.apply(("end",))
    mines = [e for e in of_type(events, "SilverTaken") if e.reason == "mines"]
    assert [(e.player, e.amount) for e in mines] == [(0, 2)]
    assert s.players[0].silver == s.players[2].silver == 4
    assert s.players[1].silver == s.players[3].silver == 2
    assert seat == 3


# --- TM-10, P-TM-3, P-TM-4: the end ----------------------------------------------------------

def test_tm10_team_holdings_score_once_for_the_first_seat():
    s = team_game()
    build(s, 20, "monastery25", seat=0)
    s.players[0].goods = [0, 1, 1, 0, 0, 0, 0]
    s.players[0].silver, s.players[0].workers = 5, 7
    shared(s)
    s.players[0].sold = [0, 2, 0, 0, 0, 0, 0]
    s.players[2].sold = [0, 0, 3, 0, 0, 0, 0]
    s.goods_pool[1] -= 2
    s.goods_pool[2] -= 3
    at_last_turn(s, 4)
    events = s.apply(("end",))
    assert s.is_terminal()
    b0, b2 = s.score_breakdown(0), s.score_breakdown(2)
    assert (b0["leftover_goods"], b0["leftover_silver"], b0["leftover_workers"]) == (2, 5, 3)
    assert b0["knowledge"] == 5 * KNOWLEDGE_SOLD_POINTS   # both partners' sales, once
    assert not {"leftover_goods", "leftover_silver", "leftover_workers", "knowledge"} & set(b2)
    result = of_type(events, "TeamScored")[0].teams
    assert {r[0]: r[1] for r in result}[(0, 2)] == s.players[0].score + s.players[2].score


def _scored(s, scores, track=None):
    for seat, points_ in enumerate(scores):
        s.players[seat].score = points_
    for seat, (pos, stamp) in enumerate(track or [(0, 4 - i) for i in range(4)]):
        s.players[seat].track_pos, s.players[seat].track_stamp = pos, stamp


def test_tm10_the_higher_sum_wins():
    s = team_game()
    _scored(s, [60, 70, 56, 40])     # team (0, 2) 116, team (1, 3) 110
    assert s.ranking()[:2] == [0, 2] and set(s.ranking()[2:]) == {1, 3}


def test_tm10_tie_more_empty_spaces_wins():
    s = team_game()
    build(s, 20, "monastery3", seat=0)
    shared(s)
    _scored(s, [60, 58, 55, 57])
    assert set(s.ranking()[:2]) == {1, 3}


def test_p_tm4_still_tied_the_team_whose_later_player_is_further_back():
    """(derived) team scores 60 + 55 and 58 + 57, equal empty spaces: P-TM-4 decides."""
    s = team_game()
    # track order 0, 1, 2, 3: team (1, 3) has the player furthest back
    _scored(s, [60, 58, 55, 57], [(3, 1), (2, 1), (1, 1), (0, 1)])
    assert set(s.ranking()[:2]) == {1, 3}
    _scored(s, [60, 58, 55, 57], [(2, 1), (3, 1), (0, 1), (1, 1)])
    assert set(s.ranking()[:2]) == {0, 2}
    assert tm.team_results(s)[0].seats == (0, 2)


# --- determinism ---------------------------------------------------------------------------

def test_json_roundtrip_and_replay_of_a_team_game():
    config = GameConfig(players=4, board_mode="random", modules=("team", "tiles2"))
    match = Match(config, 11)
    match.resolve_chance()
    picks = 0
    while not match.state.is_terminal() and picks < 150:
        legal = match.state.legal_actions()
        match.play(legal[picks * 7 % len(legal)])
        picks += 1
    s = match.state
    restored = roundtrip(s)
    assert restored.ext["team"] == s.ext["team"]
    assert replay(GameRecord.from_json(match.record.to_json())).to_json() == s.to_json()
    clone = s.clone()
    assert clone.to_json() == s.to_json()
    assert Counter(k for k in s.players[0].estate if k >= 0) == Counter(
        k for k in s.players[2].estate if k >= 0)


SHARED_LISTS = ("estate", "placements", "colour_count", "built_areas", "goods")


def _team_game_played(picks: int):
    match = Match(GameConfig(players=4, modules=("team",)), 5)
    match.resolve_chance()
    for i in range(picks):
        legal = match.state.legal_actions()
        match.play(legal[i * 5 % len(legal)])
    return match


def test_partners_hold_the_same_lists_and_no_other_position_holds_them():
    """The partners' records hold one list per shared holding after an action (what one
    writes the other reads); a clone and a loaded position hold lists of their own, so
    playing on them leaves the source as it was, and their next action joins their
    partners' lists again."""
    s = _team_game_played(60).state
    for first in (0, 1):
        a, b = s.players[first], s.players[tm.partner(first)]
        assert all(getattr(a, name) is getattr(b, name) for name in SHARED_LISTS)
    text = s.to_json()
    for copy in (s.clone(), roundtrip(s)):
        for p, q in zip(copy.players, s.players):
            assert not any(getattr(p, name) is getattr(q, name) for name in SHARED_LISTS)
        while copy.is_chance():
            copy.apply_chance(copy.sample_chance(random.Random(1)))
        seat = copy.current_player
        copy.apply(copy.legal_actions()[0])
        assert s.to_json() == text
        a, b = copy.players[seat], copy.players[tm.partner(seat)]
        assert all(getattr(a, name) is getattr(b, name) for name in SHARED_LISTS)
        for name in tm.SHARED:
            assert getattr(a, name) == getattr(b, name), name
        assert a.storage[tm.OWN_STORAGE:] == b.storage[tm.OWN_STORAGE:]


def test_no_module_played_with_the_team_grows_a_storage():
    """The partners' shared storage spaces are made alike space by space after each
    action (Team.settled), which holds while no module the team game combines with lets
    a storage grow (Module.storage_room)."""
    assert MODULES["team"].only_with
    for mid in (*MODULES["team"].only_with, "team"):
        assert MODULE_TYPES[mid].storage_room is Module.storage_room, mid


def test_tm5_share_copies_exactly_the_shared_holdings():
    """SE l.830: "jedes Teammitglied [kann sich] jederzeit in seinem Zug an allen
    gemeinsamen Dingen (= Arbeiterchips, Silbermünzen, gemeinsame Schlüsselfelder und
    Waren) bedienen ... An den zwei Sechseckplättchen oder den Würfeln des Teampartners
    darf man sich allerdings nie bedienen." `share` makes the partner's record alike in
    what team.SHARED lists (the table's view mirrors the team by that list) and the
    shared storage spaces, and leaves the rest of the partner's record as it was."""
    s = team_game()
    a, b = s.players[0], s.players[2]
    a.goods, a.silver, a.workers, a.knowledge = [0, 2, 0, 1, 0, 0, 0], 7, 9, 1 << 3
    a.estate = a.estate[:]
    a.estate[BUILDING_JOIN] = kind("market")
    a.occupied |= 1 << BUILDING_JOIN
    a.storage = [kind("bank"), -1, kind("church"), -1]
    a.score, a.dice, a.sold = 11, [5, 6], [0, 1, 0, 0, 0, 0, 0]
    before = b.copy()
    tm.share(s, 0)
    for name in tm.SHARED:
        assert getattr(b, name) == getattr(a, name), name
    assert b.storage[tm.OWN_STORAGE:] == a.storage[tm.OWN_STORAGE:]
    assert b.storage[:tm.OWN_STORAGE] == before.storage[:tm.OWN_STORAGE]
    # What the engine derives from the estate follows it; the seat's own record does not.
    for name in ("score", "dice", "used", "sold", "bonus_tiles", "track_pos", "track_stamp"):
        assert getattr(b, name) == getattr(before, name), name


@pytest.mark.parametrize("rules,modules", [
    ("special", ("team",)),
    ("special", ("team", "tiles2", "white_castles", "inns")),
    ("alea2019", ("team", "tiles2", "white_castles", "inns")),
    ("original", ("team", "tiles2", "white_castles")),
])
def test_tm5_partners_hold_the_shared_holdings_alike_after_every_step(rules, modules):
    """SE l.830: the partners serve themselves from the same shared holdings at any time.
    The rules make the partner's record alike after every action but a turn's end
    (Module.settled), which changes none of them, and after the mines' payment: so at
    every step of seeded random games, each rule set with the modules the team game
    combines with, both records hold the same shared holdings and storage spaces."""
    for seed in range(3):
        match = Match(GameConfig(players=4, rules=rules, modules=modules,
                                 board_mode="random"), seed)
        s, rng = match.state, random.Random(seed)
        while not s.is_terminal():
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
            for first in (0, 1):
                a, b = s.players[first], s.players[tm.partner(first)]
                assert [getattr(a, n) for n in tm.SHARED] == [
                    getattr(b, n) for n in tm.SHARED]
                assert a.storage[tm.OWN_STORAGE:] == b.storage[tm.OWN_STORAGE:]
