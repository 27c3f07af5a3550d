"""A completed area scores by its size and by the phase; the first and second player to fill
every space of a colour take its bonus tiles."""

from __future__ import annotations

import pytest

from game.rules import GameConfig
from game.rules.boards import NEIGHBOURS
from game.rules.tiles import BUILDINGS, COLOURS

from .builders import board, build, game, give, me, of_type, points, set_dice, store

# The board's scoring table: an area of 1 to 8 spaces.
AREA_POINTS = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21, 7: 28, 8: 36}
PHASE_BONUS = {0: 10, 1: 8, 2: 6, 3: 4, 4: 2}  # phases A-E

FILL = {
    "castle": ["castle"] * 8, "mine": ["mine"] * 8, "ship": ["ship"] * 8,
    "monastery": [f"monastery{n}" for n in range(16, 24)],
    "pasture": ["cow2", "sheep2", "pig2", "chicken2", "cow3", "sheep3", "pig3", "chicken3"],
    "building": list(BUILDINGS),
}


def an_area_of_size(size: int) -> tuple[str, int]:
    for board_id in GameConfig().offered_boards():
        b = board(board_id)
        for area, n in enumerate(b.area_size):
            if n == size:
                return board_id, area
    raise AssertionError(f"no area of {size} spaces")


def complete_area(board_id: str, area: int) -> list:
    """Fill an area but for one space, then place the last tile with a die action."""
    b = board(board_id)
    *first, last = b.spaces_of(b.area_mask[area])
    castles = [c for c in b.castle_spaces if c not in first and c != last]
    castle = min(castles, key=lambda c: last not in NEIGHBOURS[c])
    s = game(mode="free", boards=[board_id, board_id], castles=[castle, castle])
    give(s, workers=0)
    names = FILL[COLOURS[b.area_colour[area]]]
    for space, name in zip(first, names):
        build(s, space, name)
    if not me(s).frontier >> last & 1:  # a lone space away from the start castle
        n = next(n for n in NEIGHBOURS[last] if me(s).estate[n] < 0)
        build(s, n, FILL[COLOURS[b.colour[n]]][-1])
    store(s, names[len(first)])
    set_dice(s, b.die[last], b.die[last])
    return s.apply(("place", 0, 0, last))


@pytest.mark.parametrize("size", range(1, 9))
def test_a_completed_area_scores_by_its_size(size: int) -> None:
    board_id, area = an_area_of_size(size)
    events = complete_area(board_id, area)
    assert points(events, "areas") == AREA_POINTS[size]
    assert len(of_type(events, "AreaCompleted")) == 1


@pytest.mark.parametrize("phase", range(5))
def test_a_completed_area_scores_a_phase_bonus(phase: int) -> None:
    # Board 1: space 11 (building 3) is a one-space city next to the start castle.
    s = game(dice=[(3, 3), (1, 1)])
    s.phase = phase
    store(s, "bank")
    events = s.apply(("place", 0, 0, 11))
    assert points(events, "areas") == 1
    assert points(events, "phase_bonus") == PHASE_BONUS[phase]


def test_an_area_holding_the_start_castle_scores_when_completed() -> None:
    # Board 1's castle area is spaces 1, 2 and 6; the start castle goes on 6.
    s = game(mode="free", castles=[6, 6], dice=[(4, 4), (1, 1)])
    give(s, workers=0)
    build(s, 1, "castle")
    store(s, "castle")
    events = s.apply(("place", 0, 0, 2))
    assert points(events, "areas") == AREA_POINTS[3]


def test_an_unfinished_area_scores_nothing() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    store(s, "bank")
    events = s.apply(("place", 0, 0, 25))  # the first of five city spaces
    assert points(events, "areas") == 0 and points(events, "phase_bonus") == 0


@pytest.mark.parametrize("players, expected", [(2, [5, 2]), (3, [6, 3, 0]), (4, [7, 4, 0, 0])])
def test_bonus_tiles_for_the_first_and_second_to_fill_a_colour(players: int,
                                                               expected: list[int]) -> None:
    # Board 1's mines are spaces 24, 29 and 33 (mine 3).
    s = game(players=players, dice=[(3, 3)] * players)
    for seat in range(players):
        build(s, 24, "mine", seat=seat)
        build(s, 29, "mine", seat=seat)
        store(s, "mine", seat=seat)
    got = []
    for _ in range(players):
        seat = s.current_player
        events = s.apply(("place", 0, 0, 33))
        got.append((seat, points(events, "bonus_tiles")))
        s.apply(("workers", 1))
        s.apply(("end",))
    assert [p for _, p in got] == expected
    assert [seat for seat, _ in got] == list(range(players))
    assert [len(p.bonus_tiles) for p in s.players] == [1, 1] + [0] * (players - 2)


@pytest.mark.parametrize("filled, bonus", [((1, 2), 5), ((1,), 0)])
def test_a_colour_counts_every_space_of_it_including_the_start_castle(
        filled: tuple[int, ...], bonus: int) -> None:
    # Board 1's castles: 1, 2, 6 and the start castle on 18; 6 touches a building on 11.
    s = game(dice=[(6, 6), (1, 1)])
    give(s, workers=0)
    build(s, 11, "bank")
    for space in filled:
        build(s, space, "castle")
    store(s, "castle")
    events = s.apply(("place", 0, 0, 6))
    assert points(events, "bonus_tiles") == bonus
    assert len(me(s).bonus_tiles) == (1 if bonus else 0)
