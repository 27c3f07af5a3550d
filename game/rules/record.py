"""Game records and the match driver: a game is (config, seed, steps).

A record lists every step in order: a chance outcome or a player's action in text form.
Replaying a record through the engine reproduces the game exactly; replaying only the
config, seed and actions does too, because the driver draws chance outcomes from its own
seeded RNG in a fixed order. A game recorded elsewhere can be replayed by writing its
dice, draws and moves as such steps.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .actions import action_text, parse_action
from .config import GameConfig
from .serialize import outcome_from_json, outcome_to_json
from .game import GameState, new_game
from .state import Action, IllegalAction

RECORD_FORMAT = "castles-of-burgundy-record"
RECORD_VERSION = 1


@dataclass
class GameRecord:
    config: GameConfig
    seed: int | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION,
                "config": self.config.to_dict(), "seed": self.seed, "steps": self.steps}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: Any) -> "GameRecord":
        if not isinstance(d, dict) or d.get("format") != RECORD_FORMAT:
            raise ValueError("not a Castles of Burgundy game record")
        if type(d.get("version")) is not int or d.get("version") != RECORD_VERSION:
            raise ValueError(f"game record version {d.get('version')!r} is not supported")
        steps = d.get("steps")
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise ValueError("game record steps must be a list of objects")
        seed = d.get("seed")
        if seed is not None and type(seed) is not int:   # not a bool either
            raise ValueError("game record seed must be a whole number")
        return cls(GameConfig.from_dict(d.get("config")), seed, list(steps))

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as e:
            raise ValueError(f"game record is not valid JSON: {e}") from None


def replay(record: GameRecord) -> GameState:
    """The state after every step of the record; raises IllegalAction at a bad step."""
    state = new_game(record.config)
    for i, step in enumerate(record.steps):
        _replay_step(state, i, step)
    return state


def replay_step(state: GameState, i: int, step: dict[str, Any]) -> list:
    """Apply step ``i`` of a record to ``state`` (a game replayed step by step, as the
    review does); raises IllegalAction at a bad step. Returns the step's events."""
    return _replay_step(state, i, step)


def _replay_step(state: GameState, i: int, step: dict[str, Any], rng: Any = None) -> list:
    """Apply step ``i`` of a record; with ``rng``, a chance step also draws from it, so the
    RNG ends where it would be had it drawn the recorded outcomes itself."""
    try:
        if not isinstance(step, dict):
            raise IllegalAction("a step is an object holding 'chance' or 'action'")
        if "chance" in step:
            pending = state.chance
            if pending is None:
                raise IllegalAction("no chance step is pending here, an action is")
            if pending != step.get("step", pending):
                raise IllegalAction(f"expected a '{pending}' outcome")
            if rng is not None:
                state.sample_chance(rng)
            return state.apply_chance(outcome_from_json(pending, step["chance"]))
        if "action" in step:
            return state.apply(parse_action(step["action"]))
        raise IllegalAction("a step holds either 'chance' or 'action'")
    except (IllegalAction, ValueError) as e:
        raise IllegalAction(f"step {i + 1}: {e}") from None


class Match:
    """Drives one game: chance from a seeded RNG, actions from players, undo, record."""

    def __init__(self, config: GameConfig | None = None, seed: int = 0) -> None:
        self.config = config or GameConfig()
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = new_game(self.config)
        self.record = GameRecord(self.config, seed)
        # Snapshots for undo: (state, rng state, record length), one per step taken.
        self._history: list[tuple[GameState, Any, int]] = []

    def resolve_chance(self) -> list:
        """Draw and apply every pending chance step; returns their events."""
        events: list = []
        state = self.state
        while state.chance is not None:
            step = state.chance
            outcome = state.sample_chance(self.rng)
            events += state.apply_chance(outcome)
            self.record.steps.append({"step": step, "chance": outcome_to_json(step, outcome)})
            self._history.clear()  # nothing is undone past a roll or a hidden draw
        return events

    def play(self, action: Action) -> list:
        """Apply a player's action (then any chance steps it leads to)."""
        snapshot = (self.state.clone(), self.rng.getstate(), len(self.record.steps))
        player = self.state.current_player
        events = self.state.apply(action)
        self._history.append(snapshot)
        self.record.steps.append({"action": action_text(action)})
        if self.state.current_player != player:
            self._history.clear()  # a player takes back moves only within their own turn
        return events + self.resolve_chance()

    def can_undo(self) -> bool:
        return bool(self._history)

    def undo(self) -> None:
        """Take back the last action, within the current turn and as far back as the last
        dice roll or hidden draw."""
        if not self._history:
            raise IllegalAction("nothing to undo since the last roll or draw")
        state, rng_state, length = self._history.pop()
        self.state = state
        self.rng.setstate(rng_state)
        del self.record.steps[length:]

    @classmethod
    def from_record(cls, record: GameRecord,
                    observe: Callable[[list, GameState], None] | None = None) -> "Match":
        """Resume a recorded game in one pass over its steps: the state, the RNG continuing
        as if it had drawn the recorded outcomes itself, and the undo points of the turn
        in progress, as live play would have left them. ``observe(events, state)`` is
        called after every step, so a caller can rebuild what it derives from the game
        (a log, a score history) in the same pass. Raises IllegalAction at a bad step."""
        m = cls(record.config, record.seed if record.seed is not None else 0)
        for i, step in enumerate(record.steps):
            if "action" in step:
                snapshot = (m.state.clone(), m.rng.getstate(), len(m.record.steps))
                player = m.state.current_player
                events = _replay_step(m.state, i, step)
                m._history.append(snapshot)
                if m.state.current_player != player:
                    m._history.clear()
            else:
                events = _replay_step(m.state, i, step, m.rng)
                m._history.clear()
            m.record.steps.append(step)
            if observe is not None:
                observe(events, m.state)
        return m
