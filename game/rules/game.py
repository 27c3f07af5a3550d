"""The public game state: a position with the rules that act on it.

The rules modules work on `state.Position`, plain data at the bottom of the import
graph; this module sits above them all and puts the position and its rules together,
so no rules module needs the class that needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

# Imported for what they register: every module's rules, and Châteauma's seat controller.
from . import chateauma, modules  # noqa: F401
from .chance import apply_chance, sample_chance
from .config import GameConfig
from .engine import apply, cached_legal_actions
from .scoring import player_breakdown
from .serialize import state_from_json, state_to_json
from .state import Position


if TYPE_CHECKING:
    # What a caller gets back: the events (a list), unless it passed listen=False.
    @overload
    def _apply(state: Position, action: tuple, listen: Literal[True] = True) -> list: ...
    @overload
    def _apply(state: Position, action: tuple, listen: bool) -> list | None: ...
    def _apply(state: Position, action: tuple, listen: bool = True) -> list | None: ...

    @overload
    def _apply_chance(state: Position, outcome: Any, listen: Literal[True] = True) -> list: ...
    @overload
    def _apply_chance(state: Position, outcome: Any, listen: bool) -> list | None: ...
    def _apply_chance(state: Position, outcome: Any, listen: bool = True) -> list | None: ...
else:
    _apply, _apply_chance = apply, apply_chance


class GameState(Position):
    __slots__ = ()

    # The rules' functions are the methods themselves (each takes the position first), so
    # a search or a simulated game pays no wrapper call per decision:
    #   legal_actions()             the legal actions, listed once per position
    #   apply(action, listen=True)  applies a legal action; returns its events (None with
    #                               listen=False: then no event is built, for search)
    #   sample_chance(rng)          a chance outcome drawn from the rules' distribution
    #   apply_chance(outcome, listen=True)   applies a chance outcome; returns its events
    legal_actions = cached_legal_actions
    apply = _apply
    sample_chance = sample_chance
    apply_chance = _apply_chance

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
        out = controller.recompute(state)
    else:
        out = player_breakdown(state, seat)
    for m in state.hooks.modules:
        m.recompute(state, seat, out)
    return out
