"""Buying one tile a turn from the black depot for 2 silver."""

from __future__ import annotations

import pytest

from .builders import game, give, kind, me, pass_turn, store


def buys(state) -> list:
    return [a for a in state.legal_actions() if a[0] == "buy"]


def test_a_purchase_costs_two_silver_and_goes_into_storage() -> None:
    s = game(black=["cow4", "ship"])
    give(s, silver=3)
    store(s, "mine")
    s.apply(("buy", 0, 0, "silver"))
    assert me(s).silver == 1
    assert me(s).storage == [kind("mine"), kind("cow4"), -1]
    assert s.black[0] == -1


def test_without_two_silver_there_is_no_purchase() -> None:
    s = game()
    give(s, silver=1)
    assert buys(s) == []


def test_without_monastery_6_only_the_black_depot_sells() -> None:
    s = game()
    give(s, silver=5, workers=5)
    assert {a[1] for a in buys(s)} == {0} and {a[3] for a in buys(s)} == {"silver"}


def test_one_purchase_per_turn() -> None:
    s = game(players=2)
    give(s, silver=4, seat=0)
    s.apply(("buy", 0, 0, "silver"))
    assert buys(s) == []
    pass_turn(s)
    give(s, silver=4)
    assert buys(s)  # the next player may buy again


@pytest.mark.parametrize("dice_used", [0, 1, 2])
def test_the_purchase_comes_before_between_or_after_the_die_actions(dice_used: int) -> None:
    s = game()
    give(s, silver=2)
    for die in range(dice_used):
        s.apply(("workers", die))
    assert buys(s)
    s.apply(buys(s)[0])
    assert me(s).silver == 0
    assert me(s).used == [die < dice_used for die in (0, 1)]


def test_a_purchase_into_full_storage_asks_for_a_discard() -> None:
    s = game(black=["bank"])
    give(s, silver=2)
    store(s, "mine", "mine", "ship")
    s.apply(("buy", 0, 0, "silver"))
    assert s.decision == "discard"
    s.apply(("discard", 2))
    assert me(s).storage == [kind("mine"), kind("mine"), kind("bank")]
    assert s.decision == "turn" and buys(s) == []


@pytest.mark.parametrize("rules, allowed", [("special", True), ("alea2019", False),
                                            ("original", False), ("yucata", False)])
def test_buying_while_a_city_hall_places(rules: str, allowed: bool) -> None:
    s = game(rules=rules, dice=[(3, 3), (1, 1)])
    give(s, workers=0, silver=2)
    store(s, "city_hall", "ship")
    s.apply(("place", 0, 0, 11))
    assert s.decision == "city_hall"
    assert bool(buys(s)) == allowed
    if allowed:
        s.apply(buys(s)[0])
        assert s.decision == "city_hall" and me(s).silver == 0
