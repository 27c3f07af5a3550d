"""The AI with the `white_castles` tiles: every tier answers the white castle's decision,
the planning tiers use its action with the white die, and the evaluation values the white
castle and monastery 29."""

from __future__ import annotations

import pytest

from game.ai import TIERS, make_player
from game.ai.evaluate import EFFECT_VALUES, Evaluator
from game.rules import Frame, GameState
from game.rules.tiles import kind_from_name

from ..rules.builders import build, give, monasteries, set_goods
from ..rules.test_module_white_castles import place, wc_game

BUDGET = {"random": None, "easy": None, "medium": 2, "hard": 4}
PLANNING = ("medium", "hard")
W = 3  # the white die's action


def pending(white: int = 4) -> GameState:
    s = wc_game(white=white)
    place(s, "white_castle", 25)
    return s


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_answers_the_white_castles_decision(tier):
    s = pending()
    assert s.decision == "white_castle"
    action = make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s)
    assert action in s.legal_actions()


@pytest.mark.parametrize("tier", PLANNING)
def test_on_the_last_turn_the_white_action_sells_a_stack_of_goods(tier):
    s = wc_game(white=5)
    s.phase, s.round, s.turn_index = 4, 4, s.n - 1
    seat = s.order[-1]
    s.frames = [Frame("turn", seat), Frame("white_castle", seat)]
    s.players[seat].used = [True, True]
    set_goods(s, {5: 4}, seat=seat)  # sold: 4 x 2 + a silver; kept: 4
    give(s, seat=seat, workers=0)
    s._legal = None
    assert make_player(tier, seed=1, iterations=BUDGET[tier]).choose(s) == ("sell", W, 5)


def test_the_white_castle_and_monastery_29_have_a_value():
    s = wc_game()
    p = s.players[0]
    e = Evaluator()
    castle = kind_from_name("white_castle")
    plain = EFFECT_VALUES["white_castle"](e, s, p, castle, 0.5, 1.0, 0.5)
    assert plain > 0
    monasteries(s, 29)
    assert EFFECT_VALUES["white_castle"](e, s, p, castle, 0.5, 1.0, 0.5) > plain
    k29 = kind_from_name("monastery29")
    before = e._effect(s, p, k29, 0.5, 1.0, 0.5)
    build(s, 22, "white_castle")
    assert e._effect(s, p, k29, 0.5, 1.0, 0.5) == before + 4
