"""A placed castle grants one more action, as if with a die showing any number.
Board 1: a building on space 11 makes space 6 (castle 6) reachable; space 2 (castle 4)
touches 6."""

from __future__ import annotations

import pytest

from .builders import build, game, give, kind, me, points, set_goods, store


def castle_placed(*storage: str, rules: str = "special"):
    s = game(rules=rules, dice=[(6, 6), (1, 1)])
    give(s, workers=0, silver=0)
    build(s, 11, "warehouse")
    store(s, "castle", *storage)
    s.apply(("place", 0, 0, 6))
    assert s.decision == "castle"
    return s


def test_the_castle_action_takes_from_any_depot() -> None:
    s = castle_placed()
    depots = {a[2] for a in s.legal_actions() if a[0] == "take"}
    assert depots == {1, 2, 3, 4, 5, 6}
    tile = s.depots[2][0]
    s.apply(("take", 2, 3, 0))
    assert me(s).storage[0] == tile
    assert s.decision == "turn" and me(s).used == [True, False] and me(s).workers == 0


def test_the_castle_action_places_on_any_number() -> None:
    s = castle_placed("bank", "ship")
    targets = {a[3] for a in s.legal_actions() if a[0] == "place"}
    assert {25, 17, 19} <= targets  # building 3, ship 2 and ship 5 with a die showing 6
    s.apply(("place", 2, 1, 25))
    assert me(s).estate[25] == kind("bank") and me(s).silver == 2


def test_the_castle_action_sells_any_goods_type() -> None:
    s = castle_placed()
    set_goods(s, {2: 1, 4: 2})
    assert {a[2] for a in s.legal_actions() if a[0] == "sell"} == {2, 4}
    events = s.apply(("sell", 2, 4))
    assert points(events, "goods") == 4 and me(s).silver == 1


def test_the_castle_action_takes_workers() -> None:
    s = castle_placed()
    s.apply(("workers", 2))
    assert me(s).workers == 2


def test_the_castle_action_may_be_declined() -> None:
    s = castle_placed()
    depots = [row[:] for row in s.depots]
    s.apply(("decline",))
    assert s.decision == "turn" and me(s).used == [True, False]
    assert (me(s).workers, me(s).silver, me(s).storage) == (0, 0, [-1, -1, -1])
    assert s.depots == depots and me(s).estate[6] == kind("castle")


def test_a_castle_placed_by_a_castle_grants_another_action() -> None:
    s = castle_placed("castle")
    s.apply(("place", 2, 1, 2))  # the second castle on space 2 (castle 4)
    assert s.decision == "castle"
    s.apply(("workers", 2))
    assert s.decision == "turn" and me(s).workers == 2


@pytest.mark.parametrize("rules, allowed", [("special", True), ("alea2019", False),
                                            ("original", False), ("yucata", False)])
def test_buying_during_the_castle_action(rules: str, allowed: bool) -> None:
    s = castle_placed(rules=rules)
    give(s, silver=2)
    buys = [a for a in s.legal_actions() if a[0] == "buy"]
    assert bool(buys) == allowed
