"""Watching a game again: any position of a recorded game, forward and back.

A `Replay` reads a game record once, in one pass, and keeps what stepping needs: the
events of every step, who was to move and in which phase and round, and a copy of the
position every SNAPSHOT_EVERY steps. Stepping forward applies the next step to the
position; stepping back copies the nearest earlier snapshot and applies the few steps
after it, so going back through a game of hundreds of steps stays instant.

Positions count steps applied: position 0 is the game before its first step, position
``len(replay)`` the game as the record leaves it. Steps are grouped into turns, so a
viewer can go one move or one whole turn at a time: a turn is one seat's decisions in
one round, together with the chance steps (dice, draws) that lead into it.

Knows nothing of pygame: tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import (GameRecord, GameState, IllegalAction, Match, new_game,
                     outcome_from_json, parse_action)

# Steps between two kept positions: stepping back applies at most this many steps.
SNAPSHOT_EVERY = 25


class ReplayError(ValueError):
    """A record that cannot be watched, with the step and the reason."""


@dataclass(frozen=True)
class StepInfo:
    """Where a step falls in the game: the phase and round of the position it is taken
    from (phase -1 while the game is set up), the seat that decides it (-1 for a chance
    step) and the turn it belongs to (an index into ``Replay.turns``)."""

    phase: int
    round: int
    player: int
    chance: bool
    turn: int


def _apply(state: GameState, step: dict[str, Any]) -> list:
    """Apply one step the first pass has already checked."""
    if "chance" in step:
        assert state.chance is not None  # the first pass replayed this step
        return state.apply_chance(outcome_from_json(state.chance, step["chance"]))
    return state.apply(parse_action(step["action"]))


class Replay:
    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.steps = list(record.steps)
        self._events: list[list] = []
        self._before: list[tuple[int, int, int, bool]] = []
        self._snapshots: dict[int, GameState] = {}

        def observe(events: list, state: GameState) -> None:
            self._events.append(list(events))
            if len(self._events) % SNAPSHOT_EVERY == 0:
                self._snapshots[len(self._events)] = state.clone()
            self._take_before(state)

        start = new_game(record.config)
        self._snapshots[0] = start.clone()
        self._take_before(start)
        try:
            Match.from_record(record, observe)
        except IllegalAction as exc:
            raise ReplayError(f"the game record does not replay: {exc}") from None
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise ReplayError(f"the game record does not replay: step "
                              f"{len(self._events) + 1}: {exc}") from None
        self._before.pop()  # the position after the last step precedes no step
        self.final = self.state_at(len(self))
        # A chance step belongs to the turn of the decision it leads into; chance steps
        # after the last decision, to the last turn.
        keys: list[Any] = [None] * len(self)
        following = None
        for i in range(len(self) - 1, -1, -1):
            phase, rnd, player, chance = self._before[i]
            if not chance:
                following = (phase, rnd, player)
            keys[i] = following
        last = next((k for k in reversed(keys) if k is not None), None)
        keys = [last if k is None else k for k in keys]
        self.turns: list[range] = []
        first = 0
        for i in range(1, len(self) + 1):
            if i == len(self) or keys[i] != keys[i - 1]:
                self.turns.append(range(first, i))
                first = i
        self._turn_of = [0] * len(self)
        for t, steps in enumerate(self.turns):
            for i in steps:
                self._turn_of[i] = t
        self.position = 0
        self.state = self.state_at(0)

    def _take_before(self, state: GameState) -> None:
        self._before.append((state.phase, state.round, state.current_player,
                             state.is_chance()))

    def __len__(self) -> int:
        return len(self.steps)

    # --- reading the game ------------------------------------------------------------------

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == len(self)

    def info(self, step: int) -> StepInfo:
        """Where step ``step`` (0-based) falls in the game."""
        phase, rnd, player, chance = self._before[step]
        return StepInfo(phase, rnd, -1 if chance else player, chance, self._turn_of[step])

    def events_of(self, step: int) -> list:
        """The events step ``step`` (0-based) caused."""
        return list(self._events[step])

    def events_until(self, position: int) -> list:
        """Every event of the game up to ``position`` (what a log shows there)."""
        return [e for events in self._events[:position] for e in events]

    def state_at(self, position: int) -> GameState:
        """A fresh copy of the game at ``position``, from the nearest earlier snapshot."""
        if not 0 <= position <= len(self):
            raise IndexError(f"position {position} is outside 0-{len(self)}")
        base = position - position % SNAPSHOT_EVERY
        state = self._snapshots[base].clone()
        for step in self.steps[base:position]:
            _apply(state, step)
        return state

    # --- moving ----------------------------------------------------------------------------

    def forward(self) -> list:
        """Take the next step; returns its events (none at the end)."""
        if self.at_end:
            return []
        events = _apply(self.state, self.steps[self.position])
        self.position += 1
        return events

    def seek(self, position: int) -> GameState:
        """Jump to ``position`` (clamped to the game); returns the position's state."""
        position = max(0, min(len(self), position))
        if position == self.position + 1:
            self.forward()
        elif position != self.position:
            self.state = self.state_at(position)
            self.position = position
        return self.state

    def back(self) -> bool:
        """One step back; False at the start."""
        if self.at_start:
            return False
        self.seek(self.position - 1)
        return True

    def turn_end(self) -> int:
        """The position after the turn the next step belongs to."""
        if self.at_end:
            return self.position
        return self.turns[self._turn_of[self.position]].stop

    def turn_start(self) -> int:
        """The position before the turn the last step belongs to, or, when that is where
        the replay stands, before the turn before it."""
        if self.at_start:
            return 0
        return self.turns[self._turn_of[self.position - 1]].start

    def turn_number(self) -> int:
        """The turn the next step belongs to (the last turn at the end)."""
        if self.at_end:
            return max(0, len(self.turns) - 1)
        return self._turn_of[self.position]
