"""Châteauma: the configuration, its seat, the setup and the modifiers' setup (A, B, C)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import GameConfig, IllegalAction, new_game
from game.rules.chateauma import EMPTY, face_down, first_round_order, start_seats
from game.rules.chateauma_data import CARDS, ESTATES, parse_difficulty
from game.rules.tiles import (BUILDING, CASTLE, COLOURS, KIND_CASTLE, KIND_COLOUR,
                              KIND_NAMES, kind_from_name)

from .builders import of_type, phase_outcome, roll_outcome
from .chateauma_builders import automa, automa_game, seat

kind = kind_from_name


# --- configuration --------------------------------------------------------------------

@pytest.mark.parametrize("text, canonical", [
    ("medium", "medium"), ("easy", "easy"), ("hard+A+B+C+D", "hard+A+B+C+D"),
    ("hard+D+A", "hard+A+D"), ("easy+C", "easy+C")])
def test_difficulty_is_level_plus_modifiers_in_any_combination(text, canonical):
    assert GameConfig(players=2, chateauma=text).chateauma == canonical


@pytest.mark.parametrize("text, words", [
    ("brutal", "unknown Châteauma level"), ("hard+E", "unknown Châteauma modifier"),
    ("medium+A+A", "repeated"), ("A+medium", "unknown Châteauma level")])
def test_a_bad_difficulty_is_refused_with_the_reason(text, words):
    with pytest.raises(ValueError, match=words):
        GameConfig(players=2, chateauma=text)


def test_the_config_round_trips_and_stays_as_before_without_chateauma():
    config = GameConfig(players=3, chateauma="hard+B+C")
    assert GameConfig.from_dict(config.to_dict()) == config
    assert "chateauma" not in GameConfig(players=3).to_dict()
    assert GameConfig.from_dict({"players": 2}).chateauma is None


def test_chateauma_counts_as_a_player_and_takes_the_last_seat():
    solo = GameConfig(players=2, chateauma="medium")
    assert (solo.chateauma_seat, solo.deciders) == (1, 1)
    four = GameConfig(players=4, chateauma="medium")
    assert (four.chateauma_seat, four.deciders) == (3, 3)
    assert GameConfig(players=4).chateauma_seat == -1
    with pytest.raises(ValueError):
        GameConfig(players=5, chateauma="medium")


def test_recommended_level_is_medium_points_without_modifiers():
    assert parse_difficulty("medium") == ("medium", "")


# --- seats and turn order -------------------------------------------------------------------

def test_the_start_player_is_drawn_among_the_others_and_chateauma_is_last():
    config = GameConfig(players=4, chateauma="medium")
    assert start_seats(config) == [0, 1, 2]
    assert first_round_order(config, 1) == [1, 2, 0, 3]
    s = automa_game(players=4, start_player=2)
    assert s.order == [2, 0, 1, 3]
    with pytest.raises(IllegalAction, match="start_player"):
        new_game(config).apply_chance(3)


def test_modifier_c_makes_chateauma_the_start_player():
    config = GameConfig(players=3, chateauma="medium+C")
    assert start_seats(config) == [2]
    assert new_game(config).sample_chance(random.Random(1)) == 2
    s = automa_game(players=3, difficulty="medium+C")
    assert s.order == [2, 0, 1]
    # Its turn comes first: the round's roll leads straight to its die.
    assert s.chance == "chateauma_die" and s.current_player == -1


def test_without_c_the_solo_player_starts():
    s = automa_game(players=2)
    assert s.order == [0, 1] and s.current_player == 0


def test_the_players_order_stays_the_turn_order_track_after_the_first_round():
    s = automa_game(players=3)
    p = s.players[seat(s)]
    p.track_pos = 3
    assert s.track_order()[0] == seat(s)


# --- setup -------------------------------------------------------------------------------

def test_chateauma_gets_no_workers_one_silver_and_one_goods_tile_of_each_type():
    s = automa_game(players=2)
    p = s.players[seat(s)]
    assert p.workers == 0 and p.silver == 1
    assert p.goods[1:] == [1] * 6
    assert s.players[0].goods[1:] == [1, 1, 1, 0, 0, 0]  # 3 start goods for the human
    assert p.board is None


def test_only_the_deciding_seats_take_start_goods_and_dice():
    config = GameConfig(players=3, board_mode="basic", chateauma="medium")
    s = new_game(config)
    s.apply_chance(0)
    assert s.goods_pool[1:] == [6] * 6
    with pytest.raises(IllegalAction):
        s.apply_chance((1, 2, 3) * 3)
    s.apply_chance((1, 2, 3) * 2)
    assert s.chance == "chateauma_setup"
    s.apply_chance((4, 1, (), ()))
    s.apply_chance(phase_outcome(s))
    with pytest.raises(IllegalAction, match="5 die faces"):
        s.apply_chance(roll_outcome(1, [(1, 2)] * 3))
    events = s.apply_chance(roll_outcome(1, [(1, 2)] * 2))
    assert of_type(events, "DiceRolled")[0].dice == ((1, 2), (1, 2))


@pytest.mark.parametrize("mode", ["advanced", "random", "free"])
def test_board_choices_are_for_the_deciding_seats_only(mode):
    config = GameConfig(players=3, board_mode=mode, chateauma="medium")
    s = new_game(config)
    rng = random.Random(4)
    s.apply_chance(0)
    if s.chance == "boards":
        outcome = s.sample_chance(rng)
        assert len(outcome) == 2
        s.apply_chance(outcome)
    while s.decision in ("board", "start_castle"):
        assert s.current_player != seat(s)
        s.apply(s.legal_actions()[0])
    assert s.chance == "start_goods"
    assert s.players[2].board is None and all(p.board for p in s.players[:2])


def test_the_left_card_is_the_first_with_a_castle_space_and_gets_a_castle():
    s = new_game(GameConfig(players=2, board_mode="basic", chateauma="medium"))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3))
    before = s.bags[CASTLE].count(KIND_CASTLE)
    events = s.apply_chance((7, 2, (), ()))
    c = automa(s)
    assert c.cards == [7, 2]
    assert c.card_tiles[0] == [EMPTY, KIND_CASTLE, EMPTY, EMPTY, EMPTY]
    assert c.card_tiles[1] == [EMPTY] * 4
    assert s.bags[CASTLE].count(KIND_CASTLE) == before - 1
    assert [(e.card, e.slot) for e in of_type(events, "ChateaumaCardRevealed")] == [(7, 0), (2, 1)]
    placed = of_type(events, "ChateaumaTilePlaced")[0]
    assert (placed.card, placed.space, placed.tile, placed.reason) == (7, 1, "castle", "setup")
    assert c.deck == [1, 3, 4, 5, 6, 8, 9]  # unordered: a card is drawn when revealed


@pytest.mark.parametrize("outcome", [(1, 2, (), ()), (4, 4, (), ()), (4, 10, (), ()),
                                     (4, 1, (kind("ship"),), ())])
def test_an_impossible_setup_is_refused(outcome):
    s = new_game(GameConfig(players=2, board_mode="basic", chateauma="medium"))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3))
    with pytest.raises(IllegalAction, match="chateauma_setup"):
        s.apply_chance(outcome)


def test_setup_draws_follow_the_rulebook():
    """Revealing cards until the first with a castle space makes each castle card equally
    likely on the left; the right card is any other card."""
    lefts: Counter = Counter()
    for i in range(600):
        s = new_game(GameConfig(players=2, board_mode="basic", chateauma="medium"))
        rng = random.Random(i)
        s.apply_chance(0)
        s.apply_chance((1, 2, 3))
        left, right, hidden, shown = s.sample_chance(rng)
        assert CARDS[left].has_castle_space and right != left
        assert hidden == () and shown == ()
        lefts[left] += 1
    assert set(lefts) == {4, 7, 8} and min(lefts.values()) > 150


def test_board_35_without_modifiers_and_board_36_with_a_b_or_d():
    assert automa(automa_game(difficulty="hard")).estate_id == "35"
    assert automa(automa_game(difficulty="hard+C")).estate_id == "35"
    assert automa(automa_game(difficulty="easy+D")).estate_id == "36"
    assert ESTATES["35"].provisional and ESTATES["36"].provisional


def test_modifier_a_lays_random_black_tiles_face_down_on_the_a_spaces():
    hidden = ("monastery7", "ship", "castle", "bank", "cow3")
    s = automa_game(difficulty="medium+A", hidden=hidden)
    c = automa(s)
    layout = c.layout
    assert layout.face_down == (0, 3, 8, 11, 15)
    assert [COLOURS[layout.colours[i]] for i in layout.face_down] == \
        ["pasture", "monastery", "building", "building", "ship"]
    assert [c.estate[i] for i in layout.face_down] == [[face_down(kind(n))] for n in hidden]
    assert s.black_bag.count(kind("monastery7")) == 0
    sampled = new_game(GameConfig(players=2, board_mode="basic", chateauma="easy+A"))
    sampled.apply_chance(0)
    sampled.apply_chance((1, 2, 3))
    outcome = sampled.sample_chance(random.Random(3))
    assert len(outcome[2]) == 5 and outcome[3] == ()
    assert not Counter(outcome[2]) - Counter(sampled.black_bag)


def test_modifier_a_needs_exactly_its_tiles():
    s = new_game(GameConfig(players=2, board_mode="basic", chateauma="medium+A"))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3))
    with pytest.raises(IllegalAction, match="modifier A"):
        s.apply_chance((4, 1, (kind("ship"),), ()))


def test_modifier_b_lays_face_up_tiles_of_matching_colour_on_the_b_spaces():
    s = automa_game(difficulty="medium+B", shown=("castle", "market", "mine"))
    c = automa(s)
    assert c.layout.face_up == (1, 13, 24)
    assert [KIND_NAMES[c.estate[i][0]] for i in (1, 13, 24)] == ["castle", "market", "mine"]
    ev = of_type(new_setup_events("medium+B", ("castle", "church", "mine")), "ChateaumaSetUp")[0]
    assert ev.prefilled == ((1, "castle"), (13, "church"), (24, "mine"))
    assert KIND_COLOUR[kind("church")] == BUILDING


def new_setup_events(difficulty: str, shown) -> list:
    s = new_game(GameConfig(players=2, board_mode="basic", chateauma=difficulty))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3))
    return s.apply_chance((4, 1, (), tuple(kind(n) for n in shown)))


def test_modifier_b_tiles_must_fit_their_spaces():
    with pytest.raises(IllegalAction, match="colour"):
        new_setup_events("medium+B", ("mine", "market", "castle"))


def test_the_estate_is_board_1s_colours_and_the_marks_are_provisional_data():
    from game.rules.boards import get_board
    assert ESTATES["36"].colours == get_board("1").colour
    layout = ESTATES["36"]
    for colour in range(6):
        spaces = layout.colour_spaces(colour)
        assert spaces[-1] in layout.extra_turn


def test_the_nine_area_cards_hold_one_estate_of_spaces():
    assert sorted(CARDS) == list(range(1, 10))
    colours = Counter(COLOURS[c] for card in CARDS.values() for c in card.colours)
    assert sum(colours.values()) == 37
    assert colours == {"building": 12, "monastery": 7, "pasture": 7, "ship": 5, "mine": 3,
                       "castle": 3}
    assert {i for i, card in CARDS.items() if card.sell} == {3, 5, 6, 7, 8, 9}
    assert {i for i, card in CARDS.items() if card.has_castle_space} == {4, 7, 8}
    assert CARDS[8].provisional and not CARDS[5].provisional
    assert all(card.points["easy"] < card.points["medium"] < card.points["hard"]
               for card in CARDS.values())
