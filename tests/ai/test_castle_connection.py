"""The AI with `castle_connection`: the evaluation sees which spaces the rule closes, the
retrieval is valued as the position it leads to (a stored castle, 5 points less, both dice
spent), and Medium and Hard play the module's games to the end."""

from __future__ import annotations

import random

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.ai.turns import plan, position_key
from game.rules import GameConfig, check_state, kind_from_name, new_game
from tests.rules.builders import build, game, give, me, settle

SE = ("boards_11_18", "castle_connection")
RETRIEVE = ("retrieve",)
CASTLE = kind_from_name("castle")


def duchy11(modules=SE):
    """Board 11, start castle on 6; a pasture chain 7, 13 and a building on 20 reach the
    mine on 27, which no mine joins to a castle."""
    s = game(mode="free", boards=["11", "11"], castles=[6, 6], modules=modules,
             dice=[(1, 1), (1, 1)])
    for space, name in ((7, "cow3"), (13, "sheep2"), (20, "warehouse")):
        build(s, space, name)
    return s


def retrieval_offered(phase: int = 1, round_: int = 0):
    """Three castles placed on board 11, the fourth space (30) open and fitting a die, a
    castle in the pool, 60 points and every castle taken from the depots: the retrieval is
    legal, and an ordinary turn is worth more."""
    s = game(mode="free", boards=["11", "11"], castles=[6, 6], modules=SE,
             dice=[(1, 1), (1, 1)])
    for space, name in ((5, "monastery1"), (10, "monastery3"), (9, "monastery8"),
                        (15, "castle"), (31, "mine"), (21, "castle"), (14, "cow3"),
                        (20, "warehouse")):
        build(s, space, name)
    s.phase, s.round = phase, round_
    give(s, workers=8, silver=0)
    me(s).score = me(s).breakdown["areas"] = 60
    s.ext["castle_connection"] = 1
    s.depots = [[-1 if k == CASTLE else k for k in row] for row in s.depots]
    s.black = [-1 if k == CASTLE else k for k in s.black]
    settle(s)
    check_state(s)
    return s


def test_the_open_colours_leave_out_a_colour_the_rule_closes() -> None:
    with_rule, without = duchy11(), duchy11(modules=("boards_11_18",))
    mine = 27
    assert me(with_rule).frontier >> mine & 1
    assert Evaluator._open_colours(me(with_rule)) == Evaluator._open_colours(me(without)) - 1


def test_a_stored_tile_the_rule_keeps_out_counts_as_stuck() -> None:
    with_rule, without = duchy11(), duchy11(modules=("boards_11_18",))
    ev = Evaluator()
    mine = kind_from_name("mine")
    values = [ev._stored(s, me(s), mine, 20, 0.8, 1.0, 1.0) for s in (with_rule, without)]
    assert values[0] < values[1]


def test_a_retrieval_is_worth_a_stored_castle_less_5_points() -> None:
    s = retrieval_offered()
    seat = s.current_player
    ev = Evaluator()
    before = ev.value(s, seat)
    after = s.clone()
    after.apply(RETRIEVE)
    stored = ev._stored(after, after.players[seat], CASTLE, 20, 20 / 25,
                        ev.w.silver_late + ev.w.silver_early * 0.8,
                        ev.w.worker_late + ev.w.worker_early * 0.8)
    assert stored > 0
    assert ev.value(after, seat) == pytest.approx(before - 5 + stored)


def test_the_turn_search_keeps_a_retrieval_apart() -> None:
    s = retrieval_offered()
    seat = s.current_player
    after = s.clone()
    after.apply(RETRIEVE)
    same = after.clone()
    same.ext["castle_connection"] += 1
    assert position_key(after, seat) != position_key(same, seat)


@pytest.mark.parametrize("tier,iterations", [("medium", 2), ("hard", 4)])
def test_a_good_turn_beats_a_retrieval(tier, iterations) -> None:
    s = retrieval_offered()
    assert RETRIEVE in s.legal_actions()
    lines = {ln.actions[0]: ln.value for ln in plan(s, Evaluator().advantage, 4)}
    assert RETRIEVE in lines and lines[RETRIEVE] < max(lines.values())
    assert make_player(tier, seed=1, iterations=iterations).choose(s) != RETRIEVE


@pytest.mark.parametrize("rules,modules", [("special", SE), ("original", ("castle_connection",))])
def test_medium_and_hard_play_a_game_with_the_module_to_the_end(rules, modules) -> None:
    config = GameConfig(players=2, rules=rules, board_mode="random", modules=modules)
    players = [make_player("medium", seed=3, iterations=1), make_player("hard", seed=4,
                                                                        iterations=2)]
    chance = random.Random(5)
    s = new_game(config)
    while not s.terminal:
        if s.chance is not None:
            s.apply_chance(s.sample_chance(chance))
            continue
        action = players[s.current_player].choose(s)
        assert action in s.legal_actions()
        s.apply(action)
    check_state(s)
