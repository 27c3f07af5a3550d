"""Complete games with uniformly random legal choices (for tests, the CLI and the bench)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .rules import GameConfig, GameState, new_game


@dataclass
class RandomGame:
    state: GameState
    decisions: int
    chance_steps: int
    moves: list = field(default_factory=list)  # every chance outcome and action, in order


def play_random_game(config: GameConfig, seed: int) -> RandomGame:
    """Chance from one seeded RNG, every decision uniformly from the legal actions (drawn
    from a second RNG), so a seed always gives the same game. No one reads the events, so
    none are built."""
    chance_rng = random.Random(seed)
    pick = random.Random(f"choices-{seed}").random
    state = new_game(config)
    moves: list = []
    decisions = chance = 0
    while not state.terminal:
        if state.chance is not None:
            outcome = state.sample_chance(chance_rng)
            moves.append(outcome)
            state.apply_chance(outcome, listen=False)
            chance += 1
        else:
            legal = state.legal_actions()
            action = legal[int(pick() * len(legal))]
            moves.append(action)
            state.apply(action, listen=False)
            decisions += 1
    return RandomGame(state, decisions, chance, moves)
