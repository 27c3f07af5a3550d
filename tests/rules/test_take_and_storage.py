"""Taking a tile from a numbered depot into storage; full storage forces a discard."""

from __future__ import annotations

from .builders import game, give, kind, me, of_type, store


def test_the_die_names_the_depot_and_any_tile_there_may_be_taken() -> None:
    s = game(dice=[(4, 4), (1, 1)], depots={(4, 0): "ship", (4, 1): "bank"})
    give(s, workers=0)
    takes = sorted(a for a in s.legal_actions() if a[0] == "take")
    assert takes == [("take", 0, 4, 0), ("take", 0, 4, 1)]


def test_a_taken_tile_goes_onto_an_empty_storage_space_not_the_estate() -> None:
    s = game(dice=[(4, 4), (1, 1)], depots={(4, 1): "bank"})
    store(s, "ship", None, "mine")
    occupied = me(s).occupied
    events = s.apply(("take", 0, 4, 1))
    assert me(s).storage == [kind("ship"), kind("bank"), kind("mine")]
    assert s.depots[3][1] == -1
    assert me(s).occupied == occupied
    assert of_type(events, "TileTaken")[0].storage == 1


def test_an_empty_depot_space_offers_nothing() -> None:
    s = game(dice=[(4, 4), (1, 1)])
    give(s, workers=0)
    s.apply(("take", 0, 4, 1))
    assert ("take", 1, 4, 1) not in s.legal_actions()
    assert ("take", 1, 4, 0) in s.legal_actions()


def test_full_storage_forces_removing_a_stored_tile() -> None:
    s = game(dice=[(4, 4), (1, 1)], depots={(4, 1): "bank"})
    store(s, "ship", "mine", "castle")
    s.apply(("take", 0, 4, 1))
    assert s.decision == "discard"
    assert sorted(s.legal_actions()) == [("discard", 0), ("discard", 1), ("discard", 2)]
    events = s.apply(("discard", 1))
    assert me(s).storage == [kind("ship"), kind("bank"), kind("castle")]
    assert kind("mine") in s.box  # out of the game
    assert of_type(events, "TileDiscarded")[0].tile == "mine"
    assert s.decision == "turn"


def test_a_tile_taken_with_one_die_may_be_placed_with_the_other() -> None:
    # Board 1: space 24 (mine, 4) lies next to the start castle.
    s = game(dice=[(5, 4), (1, 1)], depots={(5, 0): "mine"})
    give(s, workers=0)
    store(s)
    s.apply(("take", 0, 5, 0))
    assert me(s).storage[0] == kind("mine")
    s.apply(("place", 1, 0, 24))
    assert me(s).estate[24] == kind("mine") and me(s).storage == [-1, -1, -1]
