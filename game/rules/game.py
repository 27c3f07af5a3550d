"""The public game state: a position with the rules that act on it.

The rules modules work on `state.Position`, plain data at the bottom of the import
graph; this module sits above them all and puts the position and its rules together,
so no rules module needs the class that needs them.
"""

from __future__ import annotations

from typing import Any

# Imported for what they register: every module's rules, and Châteauma's seat controller.
from . import chateauma, modules  # noqa: F401
from .chance import apply_chance, sample_chance
from .config import GameConfig
from .engine import apply, legal_actions
from .scoring import player_breakdown
from .serialize import state_from_json, state_to_json
from .state import Action, Position


class GameState(Position):
    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_actions(self)
        return legal

    def apply(self, action: Action, listen: bool = True) -> list | None:
        """Applies a legal action; returns its events (None with listen=False: then no
        event is built, for search)."""
        return apply(self, action, listen)

    def sample_chance(self, rng) -> Any:
        return sample_chance(self, rng)

    def apply_chance(self, outcome: Any, listen: bool = True) -> list | None:
        return apply_chance(self, outcome, listen)

    def to_json(self) -> str:
        return state_to_json(self)

    @staticmethod
    def from_json(text: str) -> "GameState":
        return state_from_json(text, GameState)


def new_game(config: GameConfig | None = None) -> GameState:
    """A new game at its first chance step (choosing the start player)."""
    return GameState(config or GameConfig())


def recompute_breakdown(state: Position, seat: int) -> dict[str, int]:
    """A seat's score by category, derived from its placements and holdings alone (the
    tests compare it with the running score)."""
    controller = state.hooks.controllers.get(seat)
    if controller is not None:
        return controller.recompute(state)
    return player_breakdown(state, seat)
