"""Placing a stored tile: matching colour, the die's number, next to a placed tile, and
one building of a kind per city. Board 1 with the start castle on the centre (space 18),
whose neighbours are 17 (ship 2), 19 (ship 5), 11 (building 3), 25 (building 3),
12 (monastery 1) and 24 (mine 4)."""

from __future__ import annotations

from game.rules.boards import NEIGHBOURS

from .builders import board, build, game, give, kind, me, of_type, store


def place_targets(state, storage: int | None = None) -> set[int]:
    return {a[3] for a in state.legal_actions()
            if a[0] == "place" and (storage is None or a[2] == storage)}


def test_a_tile_goes_only_on_a_space_of_its_colour() -> None:
    s = game(dice=[(5, 2), (1, 1)])
    give(s, workers=0)
    store(s, "ship")
    assert place_targets(s) == {19, 17}
    assert all(board("1").colour[t] == board("1").colour[17] for t in place_targets(s))


def test_the_die_names_the_space_number() -> None:
    s = game(dice=[(5, 5), (1, 1)])
    give(s, workers=0)
    store(s, "ship")
    assert place_targets(s) == {19}
    s.apply(("place", 0, 0, 19))
    assert me(s).estate[19] == kind("ship")


def test_workers_change_the_die_for_a_placement_too() -> None:
    s = game(dice=[(5, 5), (1, 1)])
    give(s, workers=3)  # 5 -> 4 -> 3 -> 2
    store(s, "ship")
    assert place_targets(s) == {19, 17}
    events = s.apply(("place", 0, 0, 17))
    assert of_type(events, "DieUsed")[0].workers == 3 and me(s).workers == 0


def test_the_first_tile_goes_next_to_the_start_castle() -> None:
    s = game(dice=[(1, 2), (1, 1)])
    give(s, workers=10)
    store(s, "ship", "bank", "mine")
    assert place_targets(s) == {17, 19, 11, 25, 24}
    assert place_targets(s) <= set(NEIGHBOURS[18])


def test_a_tile_must_touch_a_placed_tile() -> None:
    # Spaces 15 (ship 6) and 16 (ship 1) are ship spaces away from the start castle.
    s = game(dice=[(6, 1), (1, 1)])
    give(s, workers=0)
    store(s, "ship")
    assert place_targets(s) == set()
    build(s, 17, "ship")
    assert place_targets(s) == {16}


def test_a_placed_tile_leaves_storage() -> None:
    s = game(dice=[(4, 4), (1, 1)])
    give(s, workers=0)
    store(s, "ship", "mine", "bank")
    s.apply(("place", 0, 1, 24))
    assert me(s).storage == [kind("ship"), -1, kind("bank")]


def test_one_building_of_each_kind_per_city() -> None:
    # City of spaces 25, 26, 31, 32, 36; space 26 is a building 1; space 11 is its own city.
    s = game(dice=[(1, 3), (1, 1)])
    give(s, workers=0)
    build(s, 25, "bank")
    store(s, "bank", "warehouse")
    assert 26 not in place_targets(s, 0)
    assert 26 in place_targets(s, 1)
    assert 11 in place_targets(s, 0)  # another city may have its own bank
