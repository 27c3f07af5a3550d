"""The toy module `ferry` (ferry.py) played through the rules' public API only.

These tests run in a process of their own (tests/test_toy_module.py): the toy adds a tile
kind and a module to the rules' tables, which the other tests must not see.

Board 1 around the start castle (18): ship space 17 (die 2).
"""

from __future__ import annotations

import pytest

from game.rules import (GameConfig, GameState, IllegalAction, action_text, check_state,
                        modules_offered, new_game, parse_action)
from game.rules.config import check_modules
from game.simulate import play_random_game
from tests.rules.builders import (give, kind, me, of_type, phase_outcome, roll_outcome,
                                  roundtrip, set_depot, set_dice, store)
from tests.rules.chateauma_builders import automa_turn, seat, set_card
from tests.rules.test_invariants import check_game

from . import ferry  # noqa: F401  (registers the module)

SHIP_SPACE = 17   # board 1, next to the start castle, die 2


def ferry_game(chateauma: str | None = None) -> GameState:
    """A basic-mode game with the ferry at the first turn of phase A, dice (1, 2)."""
    config = GameConfig(players=2, board_mode="basic", modules=("ferry",), chateauma=chateauma)
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    if chateauma:
        s.apply_chance((4, 1, (), ()))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(roll_outcome(1, [(1, 2)] * config.deciders))
    return s


def place_ferry(s: GameState) -> list:
    store(s, "ferry")
    set_dice(s, 1, 2)
    return s.apply(("place", 1, 0, SHIP_SPACE))


def test_the_ferry_is_a_module_of_the_special_edition_and_2019_rules_only():
    assert "ferry" in modules_offered("special") and "ferry" in modules_offered("alea2019")
    assert "ferry" not in modules_offered("original")
    assert check_modules("special", ("ferry",), "basic", False) == ("ferry",)
    with pytest.raises(ValueError, match="do not offer 'ferry'"):
        check_modules("original", ("ferry",), "basic", False)


def test_the_setup_shuffles_two_ferries_into_the_black_supply():
    plain = new_game(GameConfig(players=2))
    with_ferry = new_game(GameConfig(players=2, modules=("ferry",)))
    assert with_ferry.black_bag.count(kind("ferry")) == 2
    assert kind("ferry") not in plain.black_bag
    assert sorted(with_ferry.black_bag) == sorted(plain.black_bag + [kind("ferry")] * 2)


def test_a_ferry_lies_on_water_only():
    s = ferry_game()
    store(s, "ferry")
    set_dice(s, 1, 2)
    assert ("place", 1, 0, SHIP_SPACE) in s.legal_actions()
    assert all(a[3] == SHIP_SPACE for a in s.legal_actions() if a[0] == "place")


def test_a_placed_ferry_asks_for_its_fare():
    s = ferry_game()
    place_ferry(s)
    assert s.decision == "ferry" and s.current_player == 0
    assert s.legal_actions() == [("fare", 0), ("fare", 1)]


@pytest.mark.parametrize("fare, silver, workers", [(0, 1, 0), (1, 0, 2)])
def test_the_fare_is_one_silver_or_two_workers(fare, silver, workers):
    s = ferry_game()
    give(s, silver=0, workers=0)
    place_ferry(s)
    events = s.apply(("fare", fare))
    assert (me(s).silver, me(s).workers) == (silver, workers)
    assert [tuple(e) for e in of_type(events, "FareTaken")] == [(0, silver, workers)]
    assert s.decision == "turn" and s.current_player == 0


def test_a_wrong_fare_is_refused_in_words():
    s = ferry_game()
    place_ferry(s)
    with pytest.raises(IllegalAction, match="0 \\(1 silver\\) or 1 \\(2 workers\\)"):
        s.apply(("fare", 2))
    s2 = ferry_game()
    with pytest.raises(IllegalAction, match="only when a ferry has just been placed"):
        s2.apply(("fare", 0))


def test_the_fare_reads_and_writes_as_text_and_survives_a_save():
    s = ferry_game()
    place_ferry(s)
    assert action_text(("fare", 1)) == "fare 1"
    assert parse_action("fare 1") == ("fare", 1)
    restored = roundtrip(s)
    check_state(restored)
    assert restored.decision == "ferry"
    restored.apply(("fare", 0))
    assert restored.decision == "turn"


def test_chateauma_takes_one_silver_for_a_ferry_it_places():
    s = ferry_game(chateauma="medium")
    s.depots = [[-1] * len(row) for row in s.depots]
    set_card(s, 1, 8)   # castle, mine, pasture, ship
    set_card(s, 0, 1)   # mine, pasture, monastery
    set_depot(s, 2, ["ferry"])
    silver = s.players[seat(s)].silver
    events = automa_turn(s, 2, white=5)
    placed = [(e.tile, e.reason) for e in of_type(events, "ChateaumaTilePlaced")]
    assert ("ferry", "die") in placed
    assert [tuple(e) for e in of_type(events, "FareTaken")] == [(seat(s), 1, 0)]
    paid = sum(e.amount for e in of_type(events, "SilverPaid"))  # its purchase after
    assert s.players[seat(s)].silver == silver + 1 - paid


@pytest.mark.parametrize("chateauma", [None, "medium"])
def test_random_games_with_the_ferry_keep_every_invariant(chateauma):
    config = GameConfig(players=2, modules=("ferry",), chateauma=chateauma)
    for seed in range(3):
        check_game(seed, config, roundtrip_every=7, check_every=1)


def test_seeded_games_with_the_ferry_replay_alike_and_place_ferries():
    config = GameConfig(players=3, modules=("ferry",))
    fares = 0
    for seed in range(30):
        a = play_random_game(config, seed)
        b = play_random_game(config, seed)
        assert a.moves == b.moves and a.state.to_json() == b.state.to_json()
        fares += sum(1 for m in a.moves if isinstance(m, tuple) and m[:1] == ("fare",))
    assert fares > 0

