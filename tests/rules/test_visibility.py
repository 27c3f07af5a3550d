"""What a seat may see: the public key of a position, and a redeal of everything hidden
from it (supply order, Châteauma's face-down tiles) that keeps what it sees."""

from __future__ import annotations

import random

import pytest

from game.rules import (GameConfig, GameState, check_state, new_game, position_seed,
                        public_key, resample_hidden)
from tests.ai.positions import shuffled_supplies, swapped_face_down


def positions(config: GameConfig, seed: int, every: int = 29) -> list[GameState]:
    """Decision points of a seeded random game."""
    rng, pick = random.Random(seed), random.Random(seed + 1)
    state, out, n = new_game(config), [], 0
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(rng))
            continue
        if n % every == every - 1:
            out.append(state.clone())
        state.apply(pick.choice(state.legal_actions()))
        n += 1
    return out


@pytest.fixture(scope="module")
def plain() -> list[GameState]:
    return positions(GameConfig(players=3), seed=4)


@pytest.fixture(scope="module")
def with_face_down() -> list[GameState]:
    """A solo game against Châteauma with modifier A: face-down tiles on its estate."""
    return positions(GameConfig(players=2, chateauma="hard+A+B"), seed=6, every=13)


def tiles(state: GameState) -> list[int]:
    held = state.chateauma.tiles() if state.chateauma else []
    return sorted([k for bag in state.bags for k in bag] + state.black_bag + state.box + held)


def test_the_key_ignores_supply_order_and_face_down_tiles(plain, with_face_down):
    for i, state in enumerate(plain):
        assert public_key(shuffled_supplies(state, seed=i), 0) == public_key(state, 0)
    for i, state in enumerate(with_face_down):
        swapped = swapped_face_down(state, seed=i)
        assert public_key(swapped, 0) == public_key(state, 0)
        assert position_seed(7, swapped, 0) == position_seed(7, state, 0)


def test_the_key_changes_with_what_the_table_shows(plain):
    state = plain[0]
    other = state.clone()
    other.players[1].silver += 1
    assert public_key(other, 0) != public_key(state, 0)
    assert position_seed(7, other, 0) != position_seed(7, state, 0)


def test_the_fixed_redeal_depends_only_on_what_the_seat_sees(with_face_down):
    for i, state in enumerate(with_face_down):
        a = resample_hidden(state, 0)
        b = resample_hidden(swapped_face_down(state, seed=i), 0)
        assert a.to_json() == b.to_json()
        assert public_key(a, 0) == public_key(state, 0)


@pytest.mark.parametrize("fixture", ["plain", "with_face_down"])
def test_a_random_redeal_keeps_what_the_seat_sees_and_every_tile(fixture, request):
    found_other_deal = False
    for i, state in enumerate(request.getfixturevalue(fixture)):
        seat = state.current_player
        deal = resample_hidden(state, seat, random.Random(i))
        check_state(deal)
        assert type(deal) is GameState
        assert public_key(deal, seat) == public_key(state, seat)
        assert tiles(deal) == tiles(state)
        found_other_deal |= deal.to_json() != resample_hidden(state, seat,
                                                                random.Random(i + 99)).to_json()
    assert found_other_deal


def test_face_down_tiles_are_dealt_anew(with_face_down):
    state = with_face_down[-1]
    codes = lambda s: [c for stack in s.chateauma.estate for c in stack if c < -1]  # noqa: E731
    assert codes(state)
    deals = {tuple(codes(resample_hidden(state, 0, random.Random(n)))) for n in range(8)}
    assert len(deals) > 1


def test_a_game_plays_on_from_a_random_redeal(with_face_down):
    state = resample_hidden(with_face_down[2], 0, random.Random(3))
    rng = random.Random(5)
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    check_state(state)
