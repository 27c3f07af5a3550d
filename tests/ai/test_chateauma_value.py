"""Châteauma's seat in the evaluation: its points so far and what its holdings will bring."""

from __future__ import annotations

import pytest

from game.ai.chateauma import CARD_TILE, END_MONASTERY
from game.ai.evaluate import Evaluator, turns_left
from game.ai.hard import HardPlayer
from game.rules.chateauma_data import CARDS
from game.rules.modules import vineyards as vy
from tests.ai.positions import swapped_face_down
from tests.rules.test_module_vineyards import cmgame
from tests.rules.chateauma_builders import (automa, automa_game, clear_slot, fill_card, seat,
                                            set_card, set_estate, set_reserve)

EV = Evaluator()


def value(state) -> float:
    return EV.value(state, seat(state))


def bare(state):
    """Châteauma without cards, reserve, silver or goods: its value is its score."""
    for slot in (0, 1):
        clear_slot(state, slot)
    set_reserve(state)
    p = state.players[seat(state)]
    p.silver = 0
    p.goods = [0] * len(p.goods)
    return state


def test_without_holdings_the_value_is_the_score_at_any_turn():
    """Its turns to come are not projected, as a player's are not: the margin compares
    like with like, and among several opponents it is not always the best one."""
    state = bare(automa_game())
    state.players[seat(state)].score = 17
    assert value(state) == 17
    state.phase, state.round = 2, 3
    assert value(state) == 17


def test_at_the_end_the_value_is_the_final_score():
    state = automa_game()
    fill_card(state, 0, but=[0])
    state.players[seat(state)].score = 150
    state.terminal = True
    assert value(state) == 150


def test_a_tile_on_a_card_counts_its_share_of_the_card_points_early():
    state = bare(automa_game(difficulty="medium"))
    set_card(state, 0, 1)
    empty = value(state)
    set_card(state, 0, 1, {1: "cow2"})      # card 1: mine, pasture, monastery
    one = value(state)
    points = CARDS[1].points["medium"]
    size = len(CARDS[1].colours)
    # the first phase: the card is sure to be finished, so each tile is a share of it
    # (and a little of the pasture bonus tile, one of six pasture spaces)
    assert one - empty == pytest.approx(points / size, abs=0.5)
    set_card(state, 0, 1, {1: "cow2", 2: "monastery1"})
    assert value(state) - empty == pytest.approx(points * 2 / size + END_MONASTERY, abs=0.5)


def test_a_mine_on_a_card_pays_at_every_phase_end_to_come():
    state = bare(automa_game())
    set_card(state, 0, 1, {1: "cow2"})
    before = value(state)
    set_card(state, 0, 1, {0: "mine", 1: "cow2"})
    share = CARDS[1].points["medium"] / 3
    assert value(state) - before == pytest.approx(share + 5, abs=0.6)


def test_the_level_sets_what_a_card_tile_is_worth():
    worth = {}
    for level in ("easy", "hard"):
        state = bare(automa_game(difficulty=level))
        set_card(state, 0, 1)
        empty = value(state)
        set_card(state, 0, 1, {1: "cow2"})
        worth[level] = value(state) - empty
    assert worth["hard"] > worth["easy"]


def test_a_card_that_cannot_be_finished_counts_its_tiles_at_the_end_score():
    state = bare(automa_game())
    state.phase, state.round = 4, 4          # the last round: one turn left
    state.turn_index = 0
    assert turns_left(state, seat(state)) == 1
    set_card(state, 0, 1)
    without = value(state)
    set_card(state, 0, 1, {1: "cow2"})
    assert len(CARDS[1].colours) - 1 >= 2    # one turn cannot finish it
    assert value(state) - without == pytest.approx(CARD_TILE, abs=0.3)


def test_end_scoring_holdings_count():
    state = bare(automa_game())
    base = value(state)
    set_reserve(state, "castle", "mine")
    reserve = value(state) - base
    assert 2 <= reserve <= 4                 # 1 each at the end, more while cards need them
    set_reserve(state)
    set_estate(state, {0: "monastery1"})
    assert value(state) - base >= END_MONASTERY
    automa(state).estate[0] = []
    state.players[seat(state)].silver = 3
    assert value(state) - base == pytest.approx(3)


def test_colour_bonus_progress_counts_and_a_face_down_tile_keeps_its_colour_hidden():
    state = bare(automa_game())
    c = automa(state)
    castles = c.layout.colour_spaces(0)
    base = value(state)
    set_estate(state, {s: "castle" for s in castles[:-1]})
    assert value(state) > base
    # a face-down tile on a card counts as a filled space, whatever its kind
    state = bare(automa_game())
    set_card(state, 0, 1, {0: "~mine"})
    a = value(state)
    set_card(state, 0, 1, {0: "~castle"})
    assert value(state) == a


def test_the_margin_changes_when_only_a_card_changes():
    """The opponents' values are cached within a turn by a key of what changes there; a
    player's key does not hold Châteauma's cards, so its value has a key of its own."""
    state = bare(automa_game())
    set_card(state, 0, 1)
    before = EV.advantage(state, 0)
    set_card(state, 0, 1, {0: "mine", 1: "cow2"})
    assert EV.advantage(state, 0) < before - 4


def test_hard_against_chateauma_ignores_its_face_down_tiles():
    state = automa_game(empty_depots=False)
    set_card(state, 0, 1, {0: "~mine"})
    set_reserve(state, "~castle", "~ship")
    swapped = swapped_face_down(state, seed=3)
    assert automa(swapped).card_tiles != automa(state).card_tiles
    choose = [HardPlayer(seed=5, iterations=4).choose(s) for s in (state, swapped)]
    assert choose[0] == choose[1]


def test_with_the_vineyards_its_stack_counts_what_it_would_score():
    """SE l.1302-1306: at the end Châteauma scores its stack of double tiles, 1, 3, 6, ...
    for 1, 2, 3, ... tiles. Its value counts the stack as it would score now, so a tile it
    stacks (and one a player takes from under it) moves the margin by the tile's step."""
    state = cmgame(players=2)
    evaluator = Evaluator()
    bag, stack = vy.vine(state).bag, vy.vine(state).stack
    before, margin = value(state), evaluator.advantage(state, 0)
    stack += [bag.pop() for _ in range(3)]
    assert value(state) == before + vy.chateauma_points(3) == before + 6
    # the opponent's cached value has the stack in its key
    assert evaluator.advantage(state, 0) == margin - 6
    stack.append(bag.pop())
    assert evaluator.advantage(state, 0) == margin - 10
