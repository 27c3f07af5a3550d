"""`border_posts` (CH-BP): the three posts on the tableau,
in the Special Edition and alea 2019 forms, and with Châteauma.

The posts' spaces are provisional (data/border_posts.json): P1 touches 3, P2 15, P3 34 and
35. Board 23 (codes C M K S P B): castle spaces 0, 3, 28, 32. The scenarios start from the
start castle on 3 (it reaches P1, BP-7) and lay tiles along
3 - 7 (monastery) - 12 (building) - 11 (building) - 10 (pasture) - 16 (ship), next to 15
(building, P2); and 16 - 23 (ship) - 29 (ship) - 30 (monastery), next to 35 (pasture, P3).
"""

from __future__ import annotations

import dataclasses

import pytest

from game.rules import (GameConfig, GameState, bonus_tile_count, check_state, new_game,
                        recompute_breakdown)
from game.rules.chateauma_data import CARDS
from game.rules.engine import place_tile
from game.rules.extension import board_deal
from game.rules.modules import border_posts as bp
from game.rules.scoring import knowledge_end_points
from game.rules.state import Frame

from .builders import build, game, kind, points, of_type, set_dice, settle, store
from .chateauma_builders import automa, automa_turn, fill_card, set_card, set_reserve
from .test_invariants import check_game

TO_P2 = ((7, "monastery1"), (12, "market"), (11, "church"), (10, "cow2"), (16, "ship"))
TO_P3 = ((23, "ship"), (29, "ship"), (30, "monastery2"))


def bpgame(players: int = 3, rules: str = "special", castles=None) -> GameState:
    """Every seat on board 23 with its start castle on 3, at the first turn of phase A."""
    return game(players=players, rules=rules, mode="free", boards=["23"] * players,
                castles=castles or [3] * players, modules=("border_posts",))


def turn_of(s: GameState, seat: int) -> None:
    s.frames = [Frame("turn", seat)]
    s._legal = None


def lay(s: GameState, seat: int, tiles) -> None:
    for space, name in tiles:
        build(s, space, name, seat=seat)


def place(s: GameState, seat: int, name: str, space: int) -> list:
    """Seat places a tile from storage on `space` with its first die."""
    turn_of(s, seat)
    p = s.players[seat]
    store(s, name, seat=seat)
    p.frontier |= 1 << space
    set_dice(s, p.board.die[space], p.dice[1], seat=seat)
    p.used[0] = False
    return s.apply(("place", 0, 0, space))


def connected_once(s: GameState, seat: int, phase: int) -> None:
    """Seat scored its first connection earlier, in `phase` (and its tiles lie there)."""
    lay(s, seat, TO_P2 + ((15, "bank"),))
    award(s, seat, bp.FIRST, phase, 0)


def award(s: GameState, seat: int, stage: int, phase: int, tile: int) -> None:
    posts = s.ext[bp.ID]
    stages = list(posts.stage)
    stages[seat] = stage
    s.ext[bp.ID] = bp.Posts(tuple(stages), posts.awards + (bp.Award(seat, stage, phase, tile),))


def border_points(events: list, seat: int | None = None) -> int:
    return points(events, "border_posts", seat)


# --- BP-0: setup -------------------------------------------------------------------------

def test_bp_0_each_player_draws_a_duchy_23_to_30_from_a_set_of_their_own():
    deal = board_deal(GameConfig(players=4, board_mode="random", modules=("border_posts",)))
    assert deal.pool == tuple(str(n) for n in range(23, 31)) and deal.own_sets
    s = check_game(3, GameConfig(players=4, board_mode="advanced", modules=("border_posts",)))
    assert all(p.board.id in deal.pool for p in s.players)


def test_bp_0_both_tiles_lie_on_the_board_at_the_start():
    s = bpgame()
    assert bp.tiles_left(s) == 2 and s.ext[bp.ID].stage == (0, 0, 0)


@pytest.mark.parametrize("modules, pool", [
    (("boards_11_18", "border_posts"), tuple(str(n) for n in range(11, 19))),
    (("border_posts", "identical_board:21"), ("21",)),
    (("border_posts", "boards_11_18", "castle_connection"), tuple(str(n) for n in range(11, 19)))])
def test_bp_0_with_another_module_that_deals_duchies_its_boards_are_played(modules, pool):
    """Combinations 2 (SE l.769): the posts are on the tableau, so any duchy will do."""
    config = GameConfig(players=3, board_mode="random", modules=modules)
    assert board_deal(config).pool == pool
    s = check_game(11, config)
    assert all(p.board.id in pool for p in s.players)


def test_bp_0_the_basic_mode_plays_board_1_with_the_posts():
    s = game(players=2, mode="basic", modules=("border_posts",))
    assert [p.board.id for p in s.players] == ["1", "1"]
    assert bp.post_groups(s.players[0].occupied) == [-1, -1, -1]  # the centre touches none


def test_bp_0_any_duchy_the_free_mode_offers_plays_with_the_posts():
    s = game(players=2, mode="free", boards=["29", "24"], castles=[10, 15],
             modules=("border_posts",))
    assert [p.board.id for p in s.players] == ["29", "24"]


# --- BP-1 / BP-2: the posts and their connections ---------------------------------------

def test_bp_1_the_posts_touch_the_same_spaces_on_every_duchy():
    assert bp.POSTS == ("P1", "P2", "P3")
    assert bp.POST_MASKS == (1 << 3, 1 << 15, 1 << 34 | 1 << 35)
    assert bp.PROVISIONAL


def test_bp_2_p_bp_1_a_chain_of_occupied_spaces_of_any_colours_connects_two_posts():
    occupied = sum(1 << sp for sp in (3, 7, 12, 11, 10, 16, 15))
    assert bp.connected_posts(occupied, 15) == 2
    assert bp.connected_posts(occupied & ~(1 << 11), 15) == 1  # a gap breaks the chain


def test_bp_2_separate_groups_do_not_connect_and_a_tile_joining_them_does():
    """(derived, with shield 18) groups {3, 7} and {15, 16} do not touch each other."""
    s = bpgame()
    seat = s.current_player
    lay(s, seat, ((7, "monastery1"), (15, "bank"), (16, "ship"), (12, "market"), (10, "cow2")))
    occupied = s.players[seat].occupied
    groups = bp.post_groups(occupied)
    assert groups[0] != groups[1] and groups[2] == -1
    assert bp.connected_posts(occupied, 3) == 1
    events = place(s, seat, "church", 11)  # 11 touches 12 and 10: one group
    assert border_points(events) == 10 and bp.stage_of(s, seat) == bp.FIRST


# --- BP-3, BP-4: the two stages ----------------------------------------------------------

def test_bp_3_the_first_connection_scores_the_phase_value_and_no_tile():
    """(derived) 3 players, phase B, spaces up to 16 occupied from 3: a tile on 15."""
    s = bpgame()
    seat = s.current_player
    s.phase = 1
    lay(s, seat, TO_P2)
    events = place(s, seat, "bank", 15)
    assert of_type(events, "BorderPostsConnected") == [bp.BorderPostsConnected(seat, 1, 8)]
    assert border_points(events) == 8
    assert not of_type(events, "BorderPostTileTaken") and bp.tiles_left(s) == 2
    assert s.players[seat].breakdown["border_posts"] == 8


def test_bp_3_only_once_per_player():
    s = bpgame()
    seat = s.current_player
    connected_once(s, seat, 0)
    events = place(s, seat, "church", 22)  # another tile on the connecting group
    assert border_points(events) == 0


def test_bp_4_the_third_post_scores_the_phase_value_again_and_the_large_tile():
    """(derived) the same player in phase D places a tile on 35: +4 and +6."""
    s = bpgame()
    seat = s.current_player
    connected_once(s, seat, 1)
    s.phase = 3
    lay(s, seat, TO_P3)
    events = place(s, seat, "cow3", 35)
    assert border_points(events) == 4 and points(events, "bonus_tiles") == 6
    assert of_type(events, "BorderPostTileTaken") == [bp.BorderPostTileTaken(seat, 1, 6, True)]
    assert bp.tile_holders(s) == [(seat, 1)] and bp.tiles_left(s) == 1


def test_bp_4_the_second_player_takes_the_small_tile_and_a_third_none():
    """(derived) the large tile gone, phase E: +2 and the small tile (+3); later +2 only."""
    s = bpgame()
    s.phase = 4
    first, second, third = s.order
    award(s, first, bp.FIRST, 0, 0)
    award(s, first, bp.ALL, 2, 1)
    for seat in (second, third):
        connected_once(s, seat, 2)
        lay(s, seat, TO_P3)
    events = place(s, second, "cow3", 35)
    assert border_points(events) == 2 and points(events, "bonus_tiles") == 3
    assert bp.tile_holders(s) == [(first, 1), (second, 2)]
    events = place(s, third, "cow3", 35)
    assert border_points(events) == 2 and points(events, "bonus_tiles") == 0
    assert not of_type(events, "BorderPostTileTaken") and bp.stage_of(s, third) == bp.ALL


@pytest.mark.parametrize("players, large, small", [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_bp_4_the_tiles_are_worth_the_colour_bonus_values(players, large, small):
    s = bpgame(players)
    s.phase = 0
    for rank, seat in enumerate(s.order[:2], 1):
        connected_once(s, seat, 0)
        lay(s, seat, TO_P3)
        events = place(s, seat, "cow3", 35)
        assert points(events, "bonus_tiles") == (large, small)[rank - 1]


# --- BP-5: both stages at once ---------------------------------------------------------------

def test_bp_5_p_bp_2_a_placement_joining_three_groups_scores_both_stages():
    """P-BP-2: groups touching P1, P2 and P3 apart from each other, joined by the centre."""
    s = bpgame()
    seat = s.current_player
    s.phase = 2
    lay(s, seat, ((7, "monastery1"), (12, "market"),                 # P1's group
                  (15, "bank"), (16, "ship"), (17, "church"),          # P2's group
                  (35, "cow2"), (30, "monastery2"), (25, "warehouse")))  # P3's group
    occupied = s.players[seat].occupied
    assert len(set(bp.post_groups(occupied))) == 3
    events = place(s, seat, "watchtower", 18)
    assert [e.stage for e in of_type(events, "BorderPostsConnected")] == [1, 2]
    assert border_points(events) == 12 and points(events, "bonus_tiles") == 6


# --- BP-6, BP-7, BP-8: when the check runs -------------------------------------------------

def test_bp_6_a_placement_without_a_die_is_checked_too():
    """A city hall's or a castle's placement goes through the same placement."""
    s = bpgame()
    seat = s.current_player
    lay(s, seat, TO_P2)
    events: list = []
    place_tile(s, seat, kind("bank"), 15, 0, events)
    assert border_points(events) == 10


def test_bp_6_the_check_follows_the_placements_area_and_colour_scoring():
    s = bpgame()
    seat = s.current_player
    lay(s, seat, TO_P2 + ((22, "church"),))
    events = place(s, seat, "bank", 15)  # completes the city 15, 22
    names = [type(e).__name__ for e in events]
    assert names.index("AreaCompleted") < names.index("BorderPostsConnected")


def test_bp_7_the_start_castle_reaches_its_post_and_scores_nothing_alone():
    s = bpgame()
    seat = s.current_player
    assert bp.post_groups(s.players[seat].occupied)[0] >= 0
    assert s.players[seat].breakdown.get("border_posts", 0) == 0
    lay(s, seat, TO_P2)
    events = place(s, seat, "bank", 15)  # the start castle on 3 is the chain's first link
    assert border_points(events) == 10


def test_bp_7_a_start_castle_away_from_the_posts_reaches_none():
    s = bpgame(castles=[28, 28, 28])
    assert bp.post_groups(s.players[0].occupied) == [-1, -1, -1]


def test_bp_8_a_placement_at_the_phase_end_scores_the_ending_phases_value():
    """Shields 14 / 15 place before the next phase's setup: the phase is still the old."""
    s = bpgame()
    seat = s.current_player
    s.phase = 1
    s.steps = ("next_phase",)
    lay(s, seat, TO_P2)
    events: list = []
    place_tile(s, seat, kind("bank"), 15, 0, events)
    assert border_points(events) == 8


# --- P-BP-3: bonus tiles for monastery 26 and shield 7 ------------------------------------

def test_p_bp_3_monastery_26_counts_the_border_post_tile():
    s = bpgame()
    seat = s.current_player
    lay(s, seat, ((4, "monastery26"),))
    award(s, seat, bp.FIRST, 0, 0)
    award(s, seat, bp.ALL, 0, 1)
    p = s.players[seat]
    assert bonus_tile_count(s, seat) == 1
    assert knowledge_end_points(p, 2, 3, bonus_tile_count(s, seat)) == 3
    assert knowledge_end_points(p, 2, 3) == 0  # the colour bonus tiles alone


def test_p_bp_3_the_tile_is_a_bonus_tile_to_a_bonus_value_change():
    """Shield 7 doubles bonus tiles through Module.bonus_value."""
    s = bpgame()
    seat = s.current_player
    s.hooks = dataclasses.replace(s.hooks, bonus_value=(lambda state, who, v: 2 * v,))
    connected_once(s, seat, 0)
    lay(s, seat, TO_P3)
    events = place(s, seat, "cow3", 35)
    assert points(events, "bonus_tiles") == 12 and border_points(events) == 10


def test_p_bp_3_the_final_scoring_counts_the_tile_for_monastery_26():
    from game.rules.engine import final_scoring
    s = bpgame()
    seat = s.current_player
    lay(s, seat, ((4, "monastery26"),))
    award(s, seat, bp.FIRST, 0, 0)
    award(s, seat, bp.ALL, 0, 1)
    s.phase = 4
    before = s.players[seat].breakdown.get("knowledge", 0)
    final_scoring(s, [])
    assert s.players[seat].breakdown.get("knowledge", 0) - before == 3


# --- the A19 form ---------------------------------------------------------------------------

def test_p_bp_5_a19_boards_23_to_28_stand_in_one_per_player_each_different():
    """P-BP-5."""
    deal = board_deal(GameConfig(players=4, rules="alea2019", board_mode="random",
                                 modules=("border_posts",)))
    assert deal.pool == ("23", "24", "25", "26", "27", "28") and not deal.own_sets
    for mode in ("random", "advanced"):
        s = check_game(5, GameConfig(players=4, rules="alea2019", board_mode=mode,
                                     modules=("border_posts",)))
        ids = [p.board.id for p in s.players]
        assert len(set(ids)) == 4 and set(ids) <= set(deal.pool)


def test_p_bp_5_a19_the_basic_mode_is_not_offered():
    with pytest.raises(ValueError, match="another duchy than board 1"):
        GameConfig(rules="alea2019", board_mode="basic", modules=("border_posts",))


def test_p_bp_4_a19_the_third_post_pays_the_phase_value_again_and_points_no_tile():
    """P-BP-4: 'besides these points' the colour bonus as points; not a bonus tile."""
    s = bpgame(rules="alea2019")
    seat = s.current_player
    s.phase = 3
    connected_once(s, seat, 1)
    lay(s, seat, TO_P3 + ((4, "monastery26"),))
    events = place(s, seat, "cow3", 35)
    assert border_points(events) == 4 + 6 and points(events, "bonus_tiles") == 0
    assert of_type(events, "BorderPostTileTaken") == [bp.BorderPostTileTaken(seat, 1, 6, False)]
    assert bonus_tile_count(s, seat) == 0


# --- recompute, JSON, invariants -------------------------------------------------------------

def test_recompute_derives_the_awards_from_the_placements():
    s = bpgame()
    seat = s.current_player
    s.phase = 1
    lay(s, seat, TO_P2)
    base = recompute_breakdown(s, seat)
    place(s, seat, "bank", 15)
    s.phase = 3
    lay(s, seat, TO_P3)
    place(s, seat, "cow3", 35)
    derived = recompute_breakdown(s, seat)
    assert derived["border_posts"] - base["border_posts"] == 8 + 4
    assert derived["bonus_tiles"] - base["bonus_tiles"] == 6


def test_the_state_round_trips_through_json():
    s = bpgame()
    seat = s.current_player
    lay(s, seat, TO_P2)
    place(s, seat, "bank", 15)
    settle(s)
    check_state(s)
    text = s.to_json()
    restored = GameState.from_json(text)
    assert restored.to_json() == text and restored.ext[bp.ID] == s.ext[bp.ID]


@pytest.mark.parametrize("bad", [
    {"stage": [0, 0, 0], "awards": [[0, 1, 0, 0]]},                     # award, no stage
    {"stage": [2, 0, 0], "awards": [[0, 1, 0, 0], [0, 2, 0, 2]]},       # small tile first
    {"stage": [1, 0, 0], "awards": [[0, 1, 0, 1]]},                     # a tile for stage 1
    {"stage": [0, 0], "awards": []}])
def test_a_damaged_state_is_refused(bad):
    m = bpgame().hooks.by_id[bp.ID]
    with pytest.raises(ValueError, match="border_posts"):
        m.ext_from_json(bad)


@pytest.mark.parametrize("config", [
    GameConfig(players=3, board_mode="random", modules=("border_posts",)),
    GameConfig(players=2, board_mode="advanced", modules=("border_posts", "tiles2"),
               chateauma="medium"),
    GameConfig(players=4, rules="alea2019", board_mode="free", modules=("border_posts",))],
    ids=["se", "se-chateauma", "a19"])
def test_invariants_breakdown_and_replay_over_random_games(config):
    for seed in range(3):
        check_game(900 + seed, config)


# --- CH-BP: Châteauma ------------------------------------------------------------------------

def automa_bp(players: int = 3) -> GameState:
    config = GameConfig(players=players, board_mode="basic", modules=("border_posts",),
                        chateauma="medium")
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    s.apply_chance((4, 1, (), ()))
    from .builders import phase_outcome, roll_outcome
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, [(1, 2)] * config.deciders))
    s.depots = [[-1] * len(row) for row in s.depots]
    s.black = [-1] * len(s.black)
    return s


def complete(s: GameState, card: int) -> list:
    """Châteauma completes `card`: all spaces but the last covered, the last one's colour
    in its reserve."""
    set_card(s, 0, card)
    fill_card(s, 0, but=[len(CARDS[card].colours) - 1])
    last = CARDS[card].colours[-1]
    plain = {0: "castle", 1: "mine", 2: "monastery1", 3: "ship", 4: "cow2", 5: "bank"}
    set_reserve(s, plain[last])
    return automa_turn(s, 1, white=1)


def test_ch_bp_1_the_symbol_cards_are_provisional_data():
    assert bp.CARD_SYMBOLS == {2, 5, 8}


def test_ch_bp_2_3_p_ch_2_the_second_and_third_symbol_cards_score_phase_values():
    """(derived) 3 seats: first symbol card in B (0), second in C (+6), third in D after a
    human took the large tile (+4 and the small tile, +3)."""
    s = automa_bp()
    c = automa(s)
    seat = c.seat
    s.phase = 1
    events = complete(s, 2)
    assert c.discarded == [2] and border_points(events) == 0
    s.phase = 2
    events = complete(s, 5)
    assert border_points(events, seat) == 6
    assert of_type(events, "BorderPostsConnected") == [bp.BorderPostsConnected(seat, 1, 6)]
    award(s, 0, bp.FIRST, 0, 0)
    award(s, 0, bp.ALL, 1, 1)
    s.phase = 3
    events = complete(s, 8)
    assert border_points(events, seat) == 4 and points(events, "bonus_tiles", seat) == 3
    assert bp.tile_holders(s) == [(0, 1), (seat, 2)]
    derived, running = recompute_breakdown(s, seat), s.score_breakdown(seat)
    assert derived["border_posts"] == running["border_posts"] == 10
    assert derived["bonus_tiles"] == running["bonus_tiles"] == 3


def test_ch_bp_3_cards_without_the_symbol_and_a_fourth_give_nothing():
    s = automa_bp()
    c = automa(s)
    c.discarded = [2, 5, 8]
    award(s, c.seat, bp.FIRST, 0, 0)
    award(s, c.seat, bp.ALL, 0, 1)
    assert border_points(complete(s, 3)) == 0
    assert border_points(complete(s, 1)) == 0
