"""Setup: start player, workers, silver, goods, boards and start castles, depot filling."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules import GameConfig, IllegalAction, new_game
from game.rules.boards import CENTRE
from game.rules.chance import black_depot_size, depot_colours
from game.rules.tiles import (BLACK_TILES, BUILDING, CASTLE, COLOURED_TILES, COLOURS,
                              KIND_COLOUR, KIND_KNOWLEDGE, MINE, MONASTERY, PASTURE, SHIP)

from .builders import board, game, kind, phase_outcome


def test_start_player_and_the_next_seats_get_one_to_four_workers() -> None:
    s = game(players=4, start_player=2)
    assert s.order == [2, 3, 0, 1]
    assert [s.players[seat].workers for seat in s.order] == [1, 2, 3, 4]
    assert s.current_player == 2


def test_start_player_lies_on_top_of_the_turn_order_stack() -> None:
    s = game(players=3, start_player=1)
    assert s.track_order() == [1, 2, 0]
    assert all(p.track_pos == 0 for p in s.players)


def test_every_player_starts_with_one_silver_and_no_points() -> None:
    s = game(players=3)
    assert [p.silver for p in s.players] == [1, 1, 1]
    assert s.scores() == [0, 0, 0]


def test_every_player_gets_three_goods_stacked_by_type() -> None:
    s = game(players=2, start_goods=[(2, 2, 5), (1, 3, 6)], goods=(4, 4, 4, 4, 4))
    assert s.players[0].goods[1:] == [0, 2, 0, 0, 1, 0]
    assert s.players[1].goods[1:] == [1, 0, 1, 0, 0, 1]
    assert s.goods_pool[1:] == [7 - 1, 7 - 2, 7 - 1, 7 - 5, 7 - 1, 7 - 1]


def test_basic_mode_plays_board_1_with_the_start_castle_on_the_centre_6() -> None:
    s = game(players=3, mode="basic")
    for p in s.players:
        assert p.board.id == "1"
        assert p.estate[CENTRE] == kind("castle")
        assert p.board.colour[CENTRE] == CASTLE and p.board.die[CENTRE] == 6
        assert p.placements == [(CENTRE, kind("castle"), -1)]


def test_free_mode_start_castle_may_go_on_any_castle_space() -> None:
    s = new_game(GameConfig(players=2, board_mode="free"))
    s.apply_chance(0)
    s.apply(("board", "2"))
    assert sorted(a[1] for a in s.legal_actions()) == board("2").castle_spaces
    non_castle = next(i for i in range(37) if board("2").colour[i] != CASTLE)
    with pytest.raises(IllegalAction):
        s.apply(("start_castle", non_castle))
    s.apply(("start_castle", board("2").castle_spaces[0]))
    assert s.players[0].estate[board("2").castle_spaces[0]] == kind("castle")


def test_free_mode_offers_every_board_and_two_players_may_share_one() -> None:
    s = game(players=2, mode="free", boards=["7", "7"], castles=[board("7").castle_spaces[0],
                                                                   board("7").castle_spaces[1]])
    assert [p.board.id for p in s.players] == ["7", "7"]
    fresh = new_game(GameConfig(players=2, board_mode="free"))
    fresh.apply_chance(0)
    assert sorted(a[1] for a in fresh.legal_actions()) == sorted(
        str(n) for n in range(1, 11))


def test_advanced_mode_chooses_board_1_or_the_drawn_board_then_the_castle() -> None:
    s = new_game(GameConfig(players=2, board_mode="advanced"))
    s.apply_chance(1)
    assert s.chance == "boards"
    with pytest.raises(IllegalAction):
        s.apply_chance(("1", "5"))  # board 1 is everyone's alternative, never drawn
    s.apply_chance(("5", "9"))
    assert s.current_player == 1  # the start player chooses first
    assert sorted(s.legal_actions()) == [("board", "1"), ("board", "9")]
    s.apply(("board", "9"))
    assert s.decision == "start_castle"
    s.apply(("start_castle", board("9").castle_spaces[-1]))
    assert sorted(s.legal_actions()) == [("board", "1"), ("board", "5")]
    s.apply(("board", "1"))
    s.apply(("start_castle", 1))
    assert s.chance == "start_goods"
    assert s.players[0].board.id == "1" and s.players[1].board.id == "9"


def test_random_mode_draws_a_different_board_and_castle_space_for_each_player() -> None:
    s = new_game(GameConfig(players=2, board_mode="random"))
    s.apply_chance(0)
    with pytest.raises(IllegalAction):
        s.apply_chance((("3", board("3").castle_spaces[0]), ("3", board("3").castle_spaces[1])))
    s.apply_chance((("3", board("3").castle_spaces[1]), ("6", board("6").castle_spaces[0])))
    assert s.chance == "start_goods"
    assert s.players[0].estate[board("3").castle_spaces[1]] == kind("castle")
    assert s.players[1].board.id == "6"


@pytest.mark.parametrize("rules, four, eight", [("special", "4", "8"),
                                                ("alea2019", "4-classic", "8-classic"),
                                                ("original", "4-classic", "8-classic"),
                                                ("yucata", "4-classic", None)])
def test_boards_4_and_8_by_rule_set(rules: str, four: str, eight: str | None) -> None:
    offered = GameConfig(rules=rules).offered_boards()
    assert four in offered
    if eight is None:
        assert not {"8", "8-classic"} & set(offered)  # Yucata does not offer board 8
    else:
        assert eight in offered
    assert len(offered) == (9 if eight is None else 10)


def test_reworked_and_old_board_4_differ() -> None:
    assert board("4").colour != board("4-classic").colour


@pytest.mark.parametrize("players, spaces, black", [(2, 12, 4), (3, 18, 6), (4, 24, 8)])
def test_depots_fill_by_player_count(players: int, spaces: int, black: int) -> None:
    s = game(players=players)
    assert sum(len(row) for row in s.depots) == spaces
    assert all(len(row) == spaces // 6 for row in s.depots)
    assert len(s.black) == black == black_depot_size(players)
    for row, colours in zip(s.depots, s.depot_colours):
        assert [KIND_COLOUR[k] for k in row] == colours


def test_depot_tiles_match_the_colour_of_their_space() -> None:
    s = game(players=4)
    out = phase_outcome(s)
    colours = [c for row in depot_colours(4, 0) for c in row]
    bad = list(out[0])
    first_non_castle = next(i for i, c in enumerate(colours) if c != CASTLE)
    bad[first_non_castle] = kind("castle")
    s.phase = 1
    s.chance = "phase"
    with pytest.raises(IllegalAction, match="does not fit"):
        s.apply_chance((tuple(bad), out[1], out[2]))


@pytest.mark.parametrize("phase, colour", [(0, CASTLE), (1, MINE), (2, CASTLE), (3, MINE),
                                           (4, CASTLE)])
def test_three_players_get_a_mine_in_depot_6_in_phases_b_and_d(phase: int, colour: int) -> None:
    assert depot_colours(3, phase)[5][2] == colour
    four = Counter(c for row in depot_colours(4, phase) for c in row)
    assert four[MINE] == 2 and four[CASTLE] == 2  # not with four players


def test_three_player_mine_is_really_dealt_in_phase_b() -> None:
    s = game(players=3)
    s.phase, s.chance = 1, "phase"
    s.apply_chance(phase_outcome(s, depots={(6, 2): "mine"}))
    assert s.depots[5][2] == kind("mine")
    s.phase, s.chance = 3, "phase"
    with pytest.raises(IllegalAction):
        s.apply_chance(phase_outcome(s, depots={(6, 2): "castle"}))
    assert COLOURS[depot_colours(3, 3)[5][2]] == "mine"


def test_the_start_castle_scores_nothing() -> None:
    s = game(players=2, mode="free", boards=["1", "2"], castles=[CENTRE, 3])
    assert board("1").area_size[board("1").area_of[CENTRE]] == 1
    assert s.scores() == [0, 0]
    assert s.players[0].bonus_tiles == [] and s.players[1].breakdown == {}


def test_the_tile_inventory_matches_the_rulebook() -> None:
    # 164 tiles: 56 buildings (16 black-backed), 28 animals (8), 26 monasteries (6),
    # 16 castles (2), 12 mines (2), 26 ships (6).
    coloured, black = Counter(KIND_COLOUR[k] for k in COLOURED_TILES), Counter(
        KIND_COLOUR[k] for k in BLACK_TILES)
    expected = {BUILDING: (56, 16), PASTURE: (28, 8), MONASTERY: (26, 6), CASTLE: (16, 2),
                MINE: (12, 2), SHIP: (26, 6)}
    for colour, (total, black_backed) in expected.items():
        assert (coloured[colour] + black[colour], black[colour]) == (total, black_backed)
    monasteries = sorted(KIND_KNOWLEDGE[k] for k in COLOURED_TILES + BLACK_TILES
                         if KIND_KNOWLEDGE[k])
    assert monasteries == list(range(1, 27))


def test_goods_are_six_types_of_seven() -> None:
    s = new_game(GameConfig(players=4, board_mode="basic"))
    assert s.goods_pool[1:] == [7] * 6


def test_the_start_player_event_says_the_order_and_each_seats_silver_and_workers() -> None:
    s = new_game(GameConfig(players=3))
    (chosen, *_rest) = s.apply_chance(1)
    assert chosen.order == (1, 2, 0)
    assert chosen.silver == (1, 1, 1)  # every prince starts with one silver
    assert chosen.workers == (1, 2, 3)  # and 1, 2, 3 workers in turn order
    assert [s.players[seat].workers for seat in chosen.order] == list(chosen.workers)


def test_each_setup_choice_passing_to_another_player_starts_their_turn() -> None:
    s = new_game(GameConfig(players=2, board_mode="free"))
    started = [e.player for e in s.apply_chance(1) if type(e).__name__ == "TurnStarted"]
    while s.decision in ("board", "start_castle"):
        before = s.current_player
        events = s.apply(s.legal_actions()[0])
        turns = [e.player for e in events if type(e).__name__ == "TurnStarted"]
        if s.decision in ("board", "start_castle") and s.current_player != before:
            assert turns == [s.current_player]
        started += turns
    assert started[:2] == [1, 0]  # the start player chooses first, then the next seat
