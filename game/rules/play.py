"""Whole games between given decision makers, e.g. for tournaments and tests.

    from game.rules import GameConfig, play_game
    match = play_game(GameConfig(players=2, chateauma="medium"), seed=7, players=[my_ai])
    match.state.scores(), match.state.ranking(), match.record.to_json()

A decision maker is called with the state whenever its seat decides and returns one of
`state.legal_actions()`; it must not change the state (search on `state.clone()`).
Châteauma's seat needs none: its turns run on chance steps.
"""

from __future__ import annotations

from typing import Callable, Sequence

from .config import GameConfig
from .record import Match
from .game import GameState
from .state import Action

DecisionMaker = Callable[[GameState], Action]


def play_game(config: GameConfig, seed: int, players: Sequence[DecisionMaker]) -> Match:
    """Play a game to its end: chance from an RNG seeded with `seed`, the decision of seat
    i from players[i] (one per seat that decides, config.deciders in all)."""
    if len(players) != config.deciders:
        raise ValueError(f"expected {config.deciders} decision makers (one per seat"
                         f"{' but Châteauma' if config.chateauma else ''}), got {len(players)}")
    match = Match(config, seed)
    match.resolve_chance()
    while not match.state.is_terminal():
        state = match.state
        match.play(players[state.current_player](state))
    return match
