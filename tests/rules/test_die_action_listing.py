"""The die actions a decision lists are exactly the affordable ones, in a fixed order: the
listing skips what a die cannot reach instead of pricing each depot, space and goods type,
so it is checked here against pricing every one of them with workers_needed."""

from __future__ import annotations

import random

import pytest

from game.rules import (RULE_SETS, Frame, GameConfig, die_use, new_game, placeable_mask,
                        workers_needed)

CASTLE_DIE = 2


def priced_die_actions(state, die: int) -> list[tuple]:
    """Every die action of `die`, each priced: depots 1-6 and their spaces in order, then
    storage spaces (a repeated kind once) and their estate spaces from the lowest, then
    goods types 1-6, then workers."""
    p = state.players[state.current_player]

    def affordable(number: int, use: int) -> bool:
        return die == CASTLE_DIE or workers_needed(p.dice[die], number, p.knowledge,
                                                   use) <= p.workers

    out: list[tuple] = [("take", die, v, s) for v, row in enumerate(state.depots, 1)
                       for s, k in enumerate(row) if k >= 0 and affordable(v, die_use("take"))]
    seen = set()
    for j, k in enumerate(p.storage):
        if k < 0 or k in seen:
            continue
        seen.add(k)
        mask = placeable_mask(p, k)
        out += [("place", die, j, s) for s in range(p.board.spaces)
                if mask >> s & 1 and affordable(p.board.die[s], die_use("place", k))]
    out += [("sell", die, t) for t in range(1, 7)
            if p.goods[t] and affordable(t, die_use("sell"))]
    out.append(("workers", die))
    return out


def listed_die_actions(state) -> list[tuple]:
    return [a for a in state.legal_actions() if a[0] in ("take", "place", "sell", "workers")]


def priced_decision(state) -> list[tuple]:
    if state.decision == "castle":
        return priced_die_actions(state, CASTLE_DIE)
    p = state.players[state.current_player]
    dice = [d for d in (0, 1) if not p.used[d]]
    if dice == [0, 1] and p.dice[0] == p.dice[1]:
        dice = [0]  # equal dice: the second die's actions would repeat the first's
    return [a for d in dice for a in priced_die_actions(state, d)]


# Monastery 8 (changes of 2 per worker), 9-12 (a free change per use), and both.
KNOWLEDGE = (0, 1 << 8, 0b11110 << 8, 0b11111 << 8)


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("players", (2, 4))
def test_every_affordable_die_action_is_listed_and_no_other(rules, players) -> None:
    _check_listing(GameConfig(players=players, rules=rules), random.Random(players),
                   random.Random(rules))


def test_every_affordable_die_action_is_listed_on_a_double_duchy() -> None:
    """The team game's double duchy has 74 spaces: sets of its spaces reach past the
    30th and the 60th bit, and the listing walks them from the highest space down; what it
    lists is still every affordable action in the fixed order."""
    _check_listing(GameConfig(players=4, modules=("team",)), random.Random(35),
                   random.Random(36))


def _check_listing(config: GameConfig, chance: random.Random, pick: random.Random) -> None:
    state = new_game(config)
    decisions = 0
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance), listen=False)
            continue
        if state.decision in ("turn", "castle"):
            assert listed_die_actions(state) == priced_decision(state)
            decisions += 1
            if decisions % 4 == 0:  # the same position with other monasteries and workers
                for knowledge in KNOWLEDGE:
                    for workers in (0, 1, 2, 3, 7):
                        other = state.clone()
                        p = other.players[other.current_player]
                        p.knowledge |= knowledge
                        p.workers = workers
                        assert listed_die_actions(other) == priced_decision(other)
                castle = state.clone()  # a castle's action: any number, no workers
                castle.frames.append(Frame("castle", castle.current_player))
                assert listed_die_actions(castle) == priced_decision(castle)
        state.apply(pick.choice(state.legal_actions()), listen=False)
    assert decisions > 100
