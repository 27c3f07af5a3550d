"""The opening book: boards and start-castle spaces chosen by measured self-play means."""

from __future__ import annotations

import random

import pytest

from game.ai import make_player
from game.ai.opening_table import measure
from game.ai.openings import (SHRINK, SOLO_MODULE, SOLO_TABLE, TABLE_FOR, book, estimate,
                             opening_choice, table_name)
from game.rules import GameConfig, RULE_SETS, new_game
from game.rules.boards import get_board


def table(boards: dict) -> dict:
    """A hand-made book table: {board: {castle: (mean, games)}}."""
    out = {"mean": 180.0, "boards": {}}
    for board, castles in boards.items():
        games = sum(n for _, n in castles.values())
        mean = sum(m * n for m, n in castles.values()) / games
        out["boards"][board] = {"mean": mean, "games": games, "castles": {
            str(c): {"mean": m, "games": n} for c, (m, n) in castles.items()}}
    return out


def setup_state(rules: str = "special", mode: str = "advanced", seed: int = 3,
                modules: tuple[str, ...] = ()):
    """A new game at its first setup decision (choosing a board)."""
    state = new_game(GameConfig(players=2, rules=rules, board_mode=mode, modules=modules))
    chance = random.Random(seed)
    while state.chance is not None:
        state.apply_chance(state.sample_chance(chance))
    assert state.decision == "board"
    return state


def test_a_cell_seen_often_counts_more_than_one_seen_rarely():
    t = table({"2": {3: (200.0, 100), 15: (200.0, 4), 18: (170.0, 100), 36: (170.0, 4)}})
    board_mean = t["boards"]["2"]["mean"]
    often, rarely = estimate(t, "2", 3), estimate(t, "2", 15)
    assert often > rarely > estimate(t, "2", 36) > estimate(t, "2", 18)
    # The shrinkage formula itself, for one cell.
    board_part = 180.0 + (board_mean - 180.0) * 208 / (208 + SHRINK)
    assert often == pytest.approx(board_part + (200.0 - board_mean) * 100 / (100 + SHRINK))


def test_an_unknown_board_has_no_estimate_and_the_book_stays_silent():
    state = setup_state()
    offered = [a[1] for a in state.legal_actions()]
    t = table({offered[0]: {c: (180.0, 50) for c in get_board(offered[0]).castle_spaces}})
    assert estimate(t, "no such board", 1) is None
    assert opening_choice(state, t) is None


def test_the_book_takes_the_board_and_castle_with_the_best_estimate():
    state = setup_state()
    basic, drawn = (a[1] for a in state.legal_actions())
    castles = get_board(drawn).castle_spaces
    t = table({basic: {c: (175.0, 200) for c in get_board(basic).castle_spaces},
               drawn: {c: (170.0, 60) for c in castles[:-1]} | {castles[-1]: (195.0, 60)}})
    assert opening_choice(state, t) == ("board", drawn)
    state.apply(("board", drawn))
    assert state.decision == "start_castle"
    assert opening_choice(state, t) == ("start_castle", castles[-1])


def test_the_book_answers_only_setup_decisions():
    state = setup_state()
    chance = random.Random(1)
    while state.phase < 0 or state.chance is not None:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
        else:
            state.apply(state.legal_actions()[0])
    assert state.decision == "turn"
    assert opening_choice(state) is None


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_shipped_book_knows_every_board_and_castle_space_offered(rules):
    t = book()[TABLE_FOR[rules]]
    for board in GameConfig(rules=rules).offered_boards():
        for castle in get_board(board).castle_spaces:
            assert estimate(t, board, castle) is not None
            assert str(castle) in t["boards"][board]["castles"], (board, castle)


@pytest.mark.parametrize("tier", ["medium", "hard"])
@pytest.mark.parametrize("rules,mode", [("special", "advanced"), ("yucata", "free")])
def test_medium_and_hard_open_by_the_book(tier, rules, mode):
    opens_by_the_book(setup_state(rules, mode), tier)


def opens_by_the_book(state, tier: str) -> None:
    """The tier's board, then its castle space, are the book's."""
    player = make_player(tier, seed=1, iterations=2)
    for _ in range(2):
        expected = opening_choice(state)
        assert expected is not None
        assert player.choose(state) == expected
        state.apply(expected)


ELEVEN_TO_EIGHTEEN = [("boards_11_18",), ("boards_11_18", "castle_connection")]


@pytest.mark.parametrize("modules", ELEVEN_TO_EIGHTEEN)
def test_duchies_11_18_have_tables_of_their_own_that_know_every_duchy_and_castle_space(
        modules):
    """BR-1 (SE l.713-715): every player receives a duchy from 11-18, which the base
    game's table does not know. Their table is measured with the modules in play: the
    castle connection's with it, since it changes how an estate grows from its castle."""
    config = GameConfig(players=2, modules=modules)
    name = table_name(config)
    assert name == f"{TABLE_FOR['special']}+{modules[-1]}"
    base, t = book()[TABLE_FOR["special"]], book()[name]
    assert t["modules"] == list(modules)
    for board in config.offered_boards():
        assert board not in base["boards"]
        for castle in get_board(board).castle_spaces:
            assert str(castle) in t["boards"][board]["castles"], (board, castle)


@pytest.mark.parametrize("tier", ["medium", "hard"])
@pytest.mark.parametrize("modules", ELEVEN_TO_EIGHTEEN)
def test_medium_and_hard_open_by_the_table_of_duchies_11_18(tier, modules):
    opens_by_the_book(setup_state(modules=modules), tier)


def test_measuring_plays_random_openings_and_tabulates_them():
    t = measure("special", games=2, seed=4, workers=1)
    assert t["games"] == 2
    seats = sum(e["games"] for e in t["boards"].values())
    assert seats == 4
    for board, entry in t["boards"].items():
        assert sum(c["games"] for c in entry["castles"].values()) == entry["games"]
        assert {int(c) for c in entry["castles"]} <= set(get_board(board).castle_spaces)
    assert measure("special", games=2, seed=4, workers=1) == t


def solo_setup_state(seed: int = 3):
    """A new solo game at its first setup decision (board 33 or 34)."""
    state = new_game(GameConfig(players=1, board_mode="advanced", modules=(SOLO_MODULE,)))
    chance = random.Random(seed)
    while state.chance is not None:
        state.apply_chance(state.sample_chance(chance))
    assert state.decision == "board"
    return state


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_the_solo_game_opens_by_its_own_table(tier):
    """SE l.849: the solo player lays the start castle on any castle space of board 33 or
    34. The two-player tables know neither board; the solo table rates both, and the
    board and castle space with the most spaces filled are taken."""
    state = solo_setup_state()
    assert opening_choice(state, book()[TABLE_FOR["special"]]) is None
    t = book()[SOLO_TABLE]
    player = make_player(tier, seed=1, iterations=2)
    for _ in range(2):  # the board, then its castle space
        offered = state.legal_actions()
        if state.decision == "board":
            best = max(offered, key=lambda a: max(
                estimate(t, a[1], c) for c in get_board(a[1]).castle_spaces))
        else:
            best = max(offered, key=lambda a: estimate(t, state.players[0].board.id, a[1]))
        assert opening_choice(state) == best
        assert player.choose(state) == best
        state.apply(best)


def test_the_shipped_solo_table_knows_both_boards_and_every_castle_space():
    t = book()[SOLO_TABLE]
    for board in ("33", "34"):
        for castle in get_board(board).castle_spaces:
            assert str(castle) in t["boards"][board]["castles"], (board, castle)


def test_measuring_the_solo_game_counts_the_spaces_filled():
    t = measure("special", games=2, seed=4, workers=1, solo=True)
    assert t["solo"] and t["games"] == 2
    assert sum(e["games"] for e in t["boards"].values()) == 2
    assert set(t["boards"]) <= {"33", "34"}
    for entry in t["boards"].values():
        assert all(1 <= c["mean"] <= 37 for c in entry["castles"].values())
