"""One game as the client plays it: the match, who sits where, the AI, saves and history.

A `GameSession` owns a rules `Match` (config, seed, actions) and the seats around it:
people, AI players of a tier, and Châteauma. It knows nothing of pygame, so the whole flow
of a game (chance, AI moves, undo, saving, the score history) is tested without a window.

- Chance is drawn from the match's seeded RNG, so a save holds only the game record and
  the seats, and loading replays it exactly.
- An AI player thinks on a worker thread (`AIMove`); the table polls it every frame, so
  the window never waits for a decision. The thread works on a copy of the position.
  Each AI seat keeps one player for the whole game, as in the tournaments that measure
  the tiers: Hard plans its turn once and answers the turn's later decisions from that
  plan. The client gives every tier its own default budget, the one the tournaments use.
- Undo is offered to people only, within their own turn, back to the last roll or hidden
  draw (what `Match.undo` allows) and never into an AI player's moves.
- The score history holds every seat's score at the start of each round and at the end,
  for the results chart. Loading replays the record once, and that one pass yields the
  position, the undo points of the turn in progress, the score history and the events
  of the game so far (for the log).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules import Action, GameConfig, GameRecord, GameState, IllegalAction, Match
from . import persistence
from .names import name_problem

SEAT_KINDS = ("human", "ai", "chateauma")
SESSION_FORMAT = "session"
SESSION_VERSION = 1
# Seconds an AI player may think per decision in play; None gives each tier its own
# default, the budget docs/ai.md measures (Hard: 70 sampled continuations a turn with two
# players, fewer with more): an amount of search, so the same on every machine.
AI_TIME_BUDGET: float | None = None
# Seconds the hint's Hard search may take; None: Hard's default amount of search.
HINT_TIME_BUDGET: float | None = None


@dataclass(frozen=True)
class SeatSpec:
    """One seat at the table: a person, an AI player of a tier, or Châteauma."""

    kind: str                 # "human" | "ai" | "chateauma"
    name: str
    colour: int               # index into the player colours of the palette
    tier: str | None = None   # the AI tier for kind "ai"

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {self.kind!r}")
        if self.kind == "ai":
            from ..ai import TIERS
            if self.tier not in TIERS:
                raise ValueError(f"unknown AI tier {self.tier!r}")
        elif self.tier is not None:
            raise ValueError("only an AI seat has a tier")
        problem = name_problem(self.name)
        if problem is not None:
            raise ValueError(problem)
        # bool is an int in Python: a colour of true is refused, not taken as 1.
        if type(self.colour) is not int or not 0 <= self.colour < 8:
            raise ValueError(f"seat colour must be 0-7, not {self.colour!r}")

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "name": self.name, "colour": self.colour}
        if self.tier is not None:
            d["tier"] = self.tier
        return d

    @classmethod
    def from_dict(cls, d: Any) -> SeatSpec:
        if not isinstance(d, dict):
            raise ValueError("a seat must be an object")
        unknown = set(d) - {"kind", "name", "colour", "tier"}
        if unknown:
            raise ValueError(f"unknown seat fields: {', '.join(sorted(unknown))}")
        return cls(d.get("kind"), d.get("name"), d.get("colour"), d.get("tier"))


@dataclass(frozen=True)
class GameSetup:
    """What the setup scene decides: the rules config, the seats and the seed."""

    config: GameConfig
    seats: tuple[SeatSpec, ...]
    seed: int = 0
    # Pass-and-play: show a hand-off screen before each person's turn when two or more
    # people play, so nobody sees another's choice being made. On by default.
    handoff: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if len(self.seats) != self.config.players:
            raise ValueError(f"{self.config.players} players need {self.config.players} seats, "
                             f"not {len(self.seats)}")
        for i, seat in enumerate(self.seats):
            if (seat.kind == "chateauma") != (i == self.config.chateauma_seat):
                raise ValueError("Châteauma sits in the last seat, and only when the "
                                 "config includes it")
        if type(self.seed) is not int:
            raise ValueError("the seed must be a whole number")
        if len({seat.colour for seat in self.seats}) != len(self.seats):
            raise ValueError("every seat needs a colour of its own")

    @property
    def humans(self) -> int:
        return sum(seat.is_human for seat in self.seats)

    @property
    def shows_handoff(self) -> bool:
        return self.handoff and self.humans >= 2

    def to_dict(self) -> dict[str, Any]:
        return {"config": self.config.to_dict(), "seats": [s.to_dict() for s in self.seats],
                "seed": self.seed, "handoff": self.handoff}

    @classmethod
    def from_dict(cls, d: Any) -> GameSetup:
        if not isinstance(d, dict):
            raise ValueError("the game setup must be an object")
        seats = d.get("seats")
        if not isinstance(seats, list):
            raise ValueError("the seats must be a list")
        handoff = d.get("handoff", True)
        if not isinstance(handoff, bool):
            raise ValueError("handoff must be true or false")
        return cls(GameConfig.from_dict(d.get("config")),
                   tuple(SeatSpec.from_dict(s) for s in seats), d.get("seed", 0), handoff)


class AIMove:
    """One AI decision computed on a worker thread, from a copy of the position.

    ``lock`` belongs to the player: a player keeps what it planned between decisions, so
    two decisions of one player never run at once (a forgotten search finishes first)."""

    def __init__(self, player: Any, state: GameState,
                 lock: threading.Lock | None = None) -> None:
        self.player = player
        self._lock = lock or threading.Lock()
        self._state = state.clone()
        self._action: Action | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ai-player",
                                        daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            with self._lock:
                self._action = self.player.choose(self._state)
        except BaseException as exc:  # reported to the UI thread by result()
            self._error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> Action | None:
        """The chosen action once done (None before); re-raises the player's error."""
        if not self._done.is_set():
            return None
        if self._error is not None:
            raise self._error
        return self._action


class Hinter:
    """Asks the AI for an explained hint, as a player asks for a move (what AIMove runs)."""

    def __init__(self, seed: int, time_budget: float | None) -> None:
        self.seed = seed
        self.time_budget = time_budget

    def choose(self, state: GameState) -> Any:
        from ..ai import explain_hint
        return explain_hint(state, seed=self.seed, time_budget=self.time_budget)


@dataclass
class ScoreHistory:
    """Every seat's score at the start of each round (index phase*5+round) and at the end."""

    rounds: list[list[int]] = field(default_factory=list)
    final: list[int] | None = None

    def observe(self, state: GameState) -> None:
        if state.is_terminal():
            self.final = list(state.scores())
            return
        if state.phase < 0:
            return
        index = state.phase * 5 + state.round
        while len(self.rounds) <= index:
            self.rounds.append(list(state.scores()))

    def series(self) -> list[list[int]]:
        """Per round, the scores; the final scores last once the game is over."""
        return self.rounds + ([self.final] if self.final is not None else [])


def parse_payload(payload: Any) -> tuple[GameSetup, GameRecord]:
    """The setup and the game record of a save's payload, checked against each other but
    not replayed. Raises ValueError naming the problem."""
    if not isinstance(payload, dict) or payload.get("kind") != SESSION_FORMAT:
        raise ValueError("the file holds no game")
    if type(payload.get("version")) is not int or payload.get("version") != SESSION_VERSION:
        raise ValueError(f"game version {payload.get('version')!r} is not supported")
    setup = GameSetup.from_dict(payload.get("setup"))
    record = GameRecord.from_dict(payload.get("record"))
    if record.config != setup.config or record.seed != setup.seed:
        raise ValueError("the game record does not match its setup")
    return setup, record


class GameSession:
    """A game in progress in the client."""

    def __init__(self, setup: GameSetup, match: Match | None = None,
                 ai_time_budget: float | None = AI_TIME_BUDGET) -> None:
        self.setup = setup
        self.match = match or Match(setup.config, setup.seed)
        self.ai_time_budget = ai_time_budget
        self.history = ScoreHistory()
        # The events of the game before this session took it over (a loaded game), so
        # the table can show the log of the game so far.
        self.past_events: list = []
        self._ai: AIMove | None = None
        self._ai_key: tuple | None = None
        self._players: dict[int, tuple[Any, threading.Lock]] = {}
        # The number of decisions made so far: a fresh seed for each hint.
        self._decisions = sum(1 for s in self.match.record.steps if "action" in s)

    # --- the position --------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def config(self) -> GameConfig:
        return self.setup.config

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return self.setup.seats

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def current_seat(self) -> SeatSpec | None:
        """The seat that decides now; None at a chance step or the end."""
        s = self.state
        if s.is_terminal() or s.is_chance() or s.current_player < 0:
            return None
        return self.seats[s.current_player]

    def is_human_turn(self) -> bool:
        seat = self.current_seat
        return seat is not None and seat.is_human

    def is_ai_turn(self) -> bool:
        seat = self.current_seat
        return seat is not None and seat.kind == "ai"

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    # --- advancing -----------------------------------------------------------------------

    def start(self) -> list:
        """Resolve the chance steps before the first decision; returns their events."""
        return self.resolve_chance()

    def resolve_chance(self) -> list:
        events = self.match.resolve_chance()
        self.history.observe(self.state)
        return events

    def play(self, action: Action) -> list:
        """A decision by the seat to move (person or AI); returns every event it caused,
        including the chance steps and Châteauma turns that follow. Raises IllegalAction
        with the engine's reason for an illegal action and leaves the game unchanged."""
        if self.current_seat is None:
            raise IllegalAction("no player is to decide now")
        self.cancel_ai()
        events = self.match.play(action)
        self._decisions += 1
        self.history.observe(self.state)
        return events

    # --- undo ----------------------------------------------------------------------------

    def can_undo(self) -> bool:
        """A person may take back their own moves of this turn."""
        return self.is_human_turn() and self.match.can_undo()

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.cancel_ai()
        self.match.undo()
        self._decisions -= 1
        return True

    # --- AI ------------------------------------------------------------------------------

    def think(self) -> AIMove | None:
        """Start (or return the running) AI decision for the seat to move."""
        seat = self.current_seat
        if seat is None or seat.kind != "ai":
            return None
        key = (len(self.match.record.steps), self.state.current_player)
        if self._ai is None or self._ai_key != key:
            player, lock = self.ai_player(self.state.current_player)
            self._ai = AIMove(player, self.state, lock)
            self._ai_key = key
        return self._ai

    def ai_player(self, seat: int) -> tuple[Any, threading.Lock]:
        """The AI player of a seat, made once for the whole game, with its lock."""
        if seat not in self._players:
            from ..ai import make_player
            player = make_player(self.seats[seat].tier, seed=self.setup.seed * 1_000_003 + seat,
                                 time_budget=self.ai_time_budget)
            self._players[seat] = (player, threading.Lock())
        return self._players[seat]

    def ai_action(self) -> Action | None:
        """The AI's decision if it is ready (the thread keeps working otherwise)."""
        move = self.think()
        return None if move is None else move.result()

    def cancel_ai(self) -> None:
        """Forget a running AI decision (its thread finishes on its own copy)."""
        self._ai = None
        self._ai_key = None

    def hint(self, time_budget: float | None = HINT_TIME_BUDGET) -> AIMove:
        """The Hard tier's suggestion for the person to move, with its explanation
        (ai.explain.Explanation: its `action` is the move), computed on a thread."""
        return AIMove(Hinter(self.setup.seed + self._decisions, time_budget), self.state)

    # --- saving --------------------------------------------------------------------------

    def to_payload(self) -> dict[str, Any]:
        # "over" lets the title find the game Continue resumes without replaying every
        # finished game's record; the record stays what a save holds (it is replayed
        # whenever the game is listed or opened), and older saves without it still load.
        return {"kind": SESSION_FORMAT, "version": SESSION_VERSION,
                "setup": self.setup.to_dict(), "record": self.match.record.to_dict(),
                "over": self.over}

    @classmethod
    def from_payload(cls, payload: Any,
                     ai_time_budget: float | None = AI_TIME_BUDGET) -> GameSession:
        """Rebuild a session from a save's payload by replaying its record. Raises
        ValueError naming the problem for anything that is not a valid game."""
        setup, record = parse_payload(payload)
        history = ScoreHistory()
        events: list = []

        def observe(step_events: list, state: GameState) -> None:
            events.extend(step_events)
            if not state.is_chance():  # observed at decisions, as in play
                history.observe(state)

        try:
            match = Match.from_record(record, observe)
        except IllegalAction as exc:
            raise ValueError(f"the game record does not replay: {exc}") from None
        session = cls(setup, match, ai_time_budget)
        session.history = history
        session.past_events = events
        return session

    def save(self, path: Path) -> None:
        """Write the game atomically (the old file stays whole if writing fails)."""
        persistence.write_save(Path(path), self.to_payload())

    @classmethod
    def load(cls, path: Path, ai_time_budget: float | None = AI_TIME_BUDGET) -> GameSession:
        """Read a save; raises persistence.SaveError with a message for the player. The
        file is never changed."""
        save = persistence.read_save(Path(path))
        return cls.from_save(save, ai_time_budget)

    @classmethod
    def from_save(cls, save: persistence.SaveFile,
                  ai_time_budget: float | None = AI_TIME_BUDGET) -> GameSession:
        try:
            return cls.from_payload(save.payload, ai_time_budget)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise persistence.SaveError("error.save.malformed", save.path,
                                        detail=str(exc)) from None
