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


def play_random_game(config: GameConfig, seed: int, listen: bool = False) -> RandomGame:
    """Chance from one seeded RNG, every decision uniformly from the legal actions (drawn
    from a second RNG), so a seed always gives the same game. No one reads the events, so
    none are built unless `listen` asks for them (as the client's play builds them)."""
    chance_rng = random.Random(seed)
    pick = random.Random(f"choices-{seed}").random
    state = new_game(config)
    # The state's methods bound once: the loop runs a few hundred times a game.
    legal_actions, apply = state.legal_actions, state.apply
    sample_chance, apply_chance = state.sample_chance, state.apply_chance
    moves: list = []
    decisions = chance = 0
    while not state.terminal:
        if state.chance is not None:
            outcome = sample_chance(chance_rng)
            moves.append(outcome)
            apply_chance(outcome, listen)
            chance += 1
        else:
            legal = legal_actions()
            action = legal[int(pick() * len(legal))]
            moves.append(action)
            apply(action, listen)
            decisions += 1
    return RandomGame(state, decisions, chance, moves)
