"""The rules of The Castles of Burgundy: pure, deterministic, with explicit chance.

    from game.rules import GameConfig, Match, new_game
    state = new_game(GameConfig(players=2, rules="special"))
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            events = state.apply(choose(state.legal_actions()))
"""

from .actions import action_text, parse_action
from .config import BOARD_MODES, RULE_SETS, GameConfig, rule_set
from .game import GameState, new_game, recompute_breakdown
from .invariants import check_state
from .play import play_game
from .record import GameRecord, Match, replay
from .scoring import CATEGORIES
from .serialize import outcome_from_json, outcome_to_json
from .state import Action, Frame, IllegalAction, PlayerState, StateError

__all__ = ["Action", "BOARD_MODES", "CATEGORIES", "Frame", "GameConfig", "GameRecord",
           "GameState", "IllegalAction", "Match", "PlayerState", "RULE_SETS", "StateError",
           "action_text", "check_state", "new_game", "outcome_from_json", "outcome_to_json",
           "parse_action", "play_game", "recompute_breakdown", "replay", "rule_set"]
