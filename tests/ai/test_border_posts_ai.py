"""The AI with the border posts: the evaluation foresees the stages still to come, so the
planning tiers lay the tile that connects two posts; the duchies 23-30 the module deals
have an opening table of their own, so the tiers take the better board dealt and its
best castle space."""

from __future__ import annotations

import argparse
import random

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator, _Tables
from game.ai.opening_table import add_arguments, measure, run
from game.ai.openings import TABLE_FOR, book, estimate, table_name
from game.rules import GameConfig, RULE_SETS, new_game
from game.rules.boards import get_board
from game.rules.scoring import colour_bonus_points
from game.rules.modules import border_posts as bp

from ..rules.builders import set_dice, store
from ..rules.test_module_border_posts import TO_P2, TO_P3, bpgame, lay
from .positions import play_turn


def near_connection():
    """Board 23, the chain from the start castle (3) ends next to 15 (P2): a bank in
    storage and a 6 fit both 15 and 18 (the city 11, 12)."""
    s = bpgame(players=2)
    seat = s.current_player
    lay(s, seat, TO_P2)
    store(s, "bank", seat=seat)
    set_dice(s, 6, 6, seat=seat)
    return s, seat


def test_the_evaluation_values_a_shorter_chain_higher():
    s, seat = near_connection()
    e = Evaluator()
    close = e._border_posts(s, s.players[seat], seat, 20)
    p = s.players[seat]
    p.occupied &= ~(1 << 16)  # one link fewer: a tile more to lay
    farther = e._border_posts(s, p, seat, 20)
    assert close > farther > 0


def test_the_evaluation_counts_nothing_once_all_three_are_scored():
    s, seat = near_connection()
    posts = s.ext[bp.ID]
    stages = list(posts.stage)
    stages[seat] = bp.ALL
    s.ext[bp.ID] = posts._replace(stage=tuple(stages))
    assert Evaluator()._border_posts(s, s.players[seat], seat, 20) == 0.0


def test_a_rival_nearer_to_all_three_posts_is_expected_to_take_the_large_tile():
    """SE l.767 (BP-4): the first player to connect all three posts takes the higher
    border-post bonus tile (5/6/7), the next the lower (2/3/4). Seat 0's chain ends next
    to P2 (15); seat 1's next to P2 and P3 (35), one tile from each: seat 0 counts on
    the small tile only, seat 1 on the large one."""
    s = bpgame(players=2)
    e = Evaluator()
    lay(s, 0, TO_P2)
    alone = e._border_posts(s, s.players[0], 0, 20)
    lay(s, 1, TO_P2 + TO_P3)
    raced = e._border_posts(s, s.players[0], 0, 20)
    missing = sum(bp.post_distances(s.players[0].occupied))
    assert sum(bp.post_distances(s.players[1].occupied)) < missing < e.w.post_reach
    share = _Tables._feasible(e.w, 20, missing) * (1 - missing / e.w.post_reach)
    large, small = colour_bonus_points(2, 1), colour_bonus_points(2, 2)
    assert alone - raced == pytest.approx((large - small) * share)
    # The rival, nearer, still counts the large tile: as if seat 0 were not there.
    ahead = e._border_posts(s, s.players[1], 1, 20)
    s.players[0].occupied = 1 << 3
    assert e._border_posts(s, s.players[1], 1, 20) == ahead


@pytest.mark.parametrize("tier, budget", [("medium", 2), ("hard", 4)])
def test_the_planning_tiers_connect_two_posts(tier, budget):
    s, seat = near_connection()
    after = play_turn(make_player(tier, seed=5, iterations=budget), s)
    assert after.players[seat].estate[15] >= 0
    assert bp.stage_of(after, seat) == bp.FIRST


# --- the opening: boards 23-30 ------------------------------------------------------------

BP_CONFIG = GameConfig(players=2, modules=("border_posts",))


def board_decision(seed: int):
    """A two-player border-post game at its first board decision (two of 23-30 dealt)."""
    state = new_game(BP_CONFIG)
    chance = random.Random(seed)
    while state.chance is not None:
        state.apply_chance(state.sample_chance(chance))
    assert state.decision == "board"
    return state


def best_board(state, t: dict) -> str:
    return max((a[1] for a in state.legal_actions()),
               key=lambda b: max(estimate(t, b, c) for c in get_board(b).castle_spaces))


def test_the_shipped_border_post_table_knows_every_duchy_and_castle_space():
    """BP-0 (SE l.761-769): each player receives a duchy from 23-30; the base game's table
    knows none of them, the module's table every board and castle space."""
    assert table_name(BP_CONFIG) != TABLE_FOR["special"]
    base = book()[TABLE_FOR["special"]]
    t = book()[table_name(BP_CONFIG)]
    for board in bp.BOARDS:
        assert board not in base["boards"]
        for castle in get_board(board).castle_spaces:
            assert str(castle) in t["boards"][board]["castles"], (board, castle)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_games_without_the_border_posts_open_by_their_rule_set_table(rules):
    assert table_name(GameConfig(players=2, rules=rules)) == TABLE_FOR[rules]
    assert table_name(GameConfig(players=2, modules=("shields",))) == TABLE_FOR["special"]


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_medium_and_hard_take_the_better_border_post_board(tier):
    """The board with the best estimate, though it is dealt second (the evaluation sees
    an empty estate either way and took the first), then its best castle space."""
    t = book()[table_name(BP_CONFIG)]
    state = board_decision(0)  # 27 and 30 dealt: 30 is better
    first, second = (a[1] for a in state.legal_actions())
    assert best_board(state, t) == second
    player = make_player(tier, seed=1, iterations=2)
    assert player.choose(state) == ("board", second)
    state.apply(("board", second))
    assert state.decision == "start_castle"
    castle = max(get_board(second).castle_spaces, key=lambda c: estimate(t, second, c))
    assert player.choose(state) == ("start_castle", castle)


def test_measuring_with_the_border_posts_offers_their_duchies():
    t = measure("special", games=2, seed=4, workers=1, modules=("border_posts",))
    assert t["modules"] == ["border_posts"]
    assert sum(e["games"] for e in t["boards"].values()) == 4
    assert set(t["boards"]) <= set(bp.BOARDS)


@pytest.mark.parametrize("options", [["--modules", "shields"],
                                     ["--modules", "border_posts", "--solo"]])
def test_no_table_is_measured_with_a_module_that_has_none(options, capsys):
    """A table measured with the shields would be stored as the base game's."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert run(parser.parse_args(options + ["--games", "1", "--workers", "1"])) == 2
    assert "table of its own" in capsys.readouterr().err
