"""The record of finished games on this computer, and what the Statistics screen shows
from it. No pygame.

`statistics.json` in the data directory lists one entry per finished game: an id (a hash
of the game's record, so the same game is never counted twice, however often its results
are shown or its save is loaded), when it was recorded, the rule set and modules, and per
seat its kind, level, score and place. The figures are worked out from the entries when
shown, so the file holds no derived numbers that could disagree with it.

The team game (format version 2) adds the teams, as lists of seats; a seat's score is its
own points and its place is its team's (1 for both partners of the winning team, decided
by the team tie-breaks). A person wins a team game when their team wins. Its scores count
as the team's sum, and only in the team game's own row of the rule sets: a team's sum is
not a score one player made, so it takes no part in the best and mean per opponent. A
version-1 file still loads; a team game recorded in it (places by the team ranking, the
winning team's seats first) gets its teams and team places as it is read.

A game is recorded when its results are shown (`record_game`), the one place every
finished game passes: at the table's end and when a finished save is opened. A read-only
window records nothing.

The file is read within limits like every other (`read_json_file`). One that cannot be
read is never overwritten: the next game to be recorded first renames it to
``statistics.json.broken`` (or ``statistics.json.2.broken`` and so on, never replacing an
earlier one), keeping every entry that could still be read, and the Statistics screen says
so. A file written by a newer version is left alone and nothing is recorded in it.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..ai import TIERS
from ..rules import RULE_SETS, team_results
from ..rules import CHATEAUMA_LEVELS as LEVELS
from ..rules import parse_chateauma_difficulty as parse_difficulty
from .persistence import SaveError, atomic_write_json, now_utc, read_json_file
from .preferences import BROKEN_SUFFIX, Notice
from .save_summary import config_modules, seat_level
from .session import SEAT_KINDS, GameSession

STATISTICS_NAME = "statistics.json"
STATISTICS_FORMAT = "castles-of-burgundy-statistics"
STATISTICS_VERSION = 2   # 2: the teams of a team game
# About 400 bytes a game as written: room for some 40,000 games.
MAX_STATISTICS_BYTES = 16 * 1024 * 1024
MAX_SEATS = 8
MAX_SCORE = 10_000


def statistics_path(root: Path) -> Path:
    return Path(root) / STATISTICS_NAME


def game_id(session: GameSession) -> str:
    """The same for every copy of one game (its config, seed and every step)."""
    return hashlib.sha256(session.match.record.to_json().encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class SeatResult:
    kind: str            # "human" | "ai" | "chateauma"
    level: str | None    # the AI tier, or Châteauma's difficulty
    score: int
    place: int           # 1 for the winner

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "score": self.score,
                "place": self.place}

    @classmethod
    def from_dict(cls, d: Any, seats: int) -> SeatResult:
        if not isinstance(d, dict) or set(d) != {"kind", "level", "score", "place"}:
            raise ValueError("a seat is an object with kind, level, score and place")
        kind, level, score, place = d["kind"], d["level"], d["score"], d["place"]
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}")
        if kind == "human" and level is not None:
            raise ValueError("a person has no level")
        if kind == "ai" and level not in TIERS:
            raise ValueError(f"unknown AI tier {level!r}")
        if kind == "chateauma":
            # Raises ValueError for a difficulty that does not exist; one spelled with its
            # modifiers in another order is the same difficulty.
            level = parse_difficulty(level).text()
        if type(score) is not int or not -MAX_SCORE <= score <= MAX_SCORE:
            raise ValueError("a score is a whole number")
        if type(place) is not int or not 1 <= place <= seats:
            raise ValueError("a place is a whole number from 1 to the number of seats")
        return cls(kind, level, score, place)


TEAM_MODULE = "team"
TEAM_SEATS = ((0, 2), (1, 3))   # the team game's teams (game/rules/modules/team.py)
_KEYS = {"game", "finished", "rules", "modules", "seats"}


@dataclass(frozen=True)
class GameResult:
    game: str
    finished: str                 # ISO 8601, UTC
    rules: str
    modules: tuple[str, ...]
    seats: tuple[SeatResult, ...]
    teams: tuple[tuple[int, ...], ...] = ()   # the team game's teams; () for every seat alone

    def to_dict(self) -> dict[str, Any]:
        out = {"game": self.game, "finished": self.finished, "rules": self.rules,
               "modules": list(self.modules), "seats": [s.to_dict() for s in self.seats]}
        if self.teams:
            out["teams"] = [list(team) for team in self.teams]
        return out

    def team(self, seat: int) -> tuple[int, ...]:
        """The seat's team (the seat alone where there are no teams)."""
        return next((team for team in self.teams if seat in team), (seat,))

    def points(self, seat: int) -> int:
        """The score the seat's side made: its own, in a team game its team's sum."""
        return sum(self.seats[s].score for s in self.team(seat))

    @classmethod
    def from_dict(cls, d: Any, version: int = STATISTICS_VERSION) -> GameResult:
        """Raises ValueError naming the first problem. `version` is the file's: a team
        game in a version-1 file gets its teams and team places."""
        if not isinstance(d, dict) or set(d) - {"teams"} != _KEYS or (
                "teams" in d and version < 2):
            raise ValueError("a game is an object with game, finished, rules, modules, seats"
                             + (" and teams" if version >= 2 else ""))
        game, finished, rules, modules, seats = (d["game"], d["finished"], d["rules"],
                                                 d["modules"], d["seats"])
        if not isinstance(game, str) or not 1 <= len(game) <= 64 or not game.isalnum():
            raise ValueError("a game's id is missing")
        if not isinstance(finished, str):
            raise ValueError("a game's date is missing")
        _dt.datetime.fromisoformat(finished)  # ValueError for a date that is none
        if rules not in RULE_SETS:
            raise ValueError(f"unknown rule set {rules!r}")
        if not isinstance(modules, list) or len(modules) > 32 or any(
                not isinstance(m, str) or not 0 < len(m) <= 40 or not m.isprintable()
                for m in modules):
            raise ValueError("the modules are a list of names")
        if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
            raise ValueError("the seats are a list")
        results = tuple(SeatResult.from_dict(s, len(seats)) for s in seats)
        if "teams" in d:
            teams = _teams(d["teams"], len(seats))
            if any(len({results[s].place for s in team}) > 1 for team in teams):
                raise ValueError("partners share their team's place")
        elif version < 2 and TEAM_MODULE in modules and len(seats) == 4:
            teams = TEAM_SEATS
            results = _team_places(results, teams)
        else:
            teams = ()
        return cls(game, finished, rules, tuple(modules), results, teams)


def _teams(value: Any, seats: int) -> tuple[tuple[int, ...], ...]:
    """Two or more teams that hold every seat once."""
    if not isinstance(value, list) or not 2 <= len(value) <= seats or any(
            not isinstance(team, list) or not team
            or any(type(s) is not int for s in team) for team in value):
        raise ValueError("the teams are lists of seats")
    flat = sorted(s for team in value for s in team)
    if flat != list(range(seats)):
        raise ValueError("the teams hold every seat once")
    return tuple(tuple(team) for team in value)


def _team_places(seats: tuple[SeatResult, ...],
                 teams: tuple[tuple[int, ...], ...]) -> tuple[SeatResult, ...]:
    """Places by seat as the team ranking gave them (the winning team's seats first) made
    the teams' places: the team holding place 1 first, and so on."""
    order = sorted(teams, key=lambda team: min(seats[s].place for s in team))
    place = {s: i for i, team in enumerate(order, 1) for s in team}
    return tuple(replace(seat, place=place[i]) for i, seat in enumerate(seats))


def result_of(session: GameSession, when: _dt.datetime | None = None) -> GameResult:
    """A finished game as the record keeps it. In the team game each seat's place is its
    team's (the team ranking, TM-10, P-TM-4)."""
    state = session.state
    teams: tuple[tuple[int, ...], ...] = ()
    if state.config.has_module(TEAM_MODULE):
        ranked = team_results(state)
        places = {seat: place for place, r in enumerate(ranked, 1) for seat in r.seats}
        teams = tuple(sorted(tuple(sorted(r.seats)) for r in ranked))
    else:
        places = {seat: place for place, seat in enumerate(state.ranking(), 1)}
    scores = state.scores()
    seats = tuple(SeatResult(spec.kind, seat_level(session.setup, i), scores[i], places[i])
                  for i, spec in enumerate(session.seats))
    finished = (when or now_utc()).astimezone(_dt.timezone.utc).isoformat(timespec="seconds")
    return GameResult(game_id(session), finished, session.config.rules,
                      config_modules(session.setup), seats, teams)


# --- the file -----------------------------------------------------------------------------

@dataclass
class Loaded:
    """What the file holds: every game that could be read, and what was wrong with it.
    ``problem`` is a SaveError (its reason says what, its message says it to the player);
    ``newer`` means a newer version wrote it."""

    games: list[GameResult] = field(default_factory=list)
    problem: SaveError | None = None
    newer: bool = False

    @property
    def damaged(self) -> bool:
        return self.problem is not None and not self.newer


def load(path: Path) -> Loaded:
    """Read the record; never raises for a bad file and never changes it."""
    try:
        doc = read_json_file(path, max_bytes=MAX_STATISTICS_BYTES)
    except SaveError as exc:
        return Loaded() if exc.reason == "missing" else Loaded(problem=exc)
    if not isinstance(doc, dict) or doc.get("format") != STATISTICS_FORMAT:
        return Loaded(problem=SaveError("error.save.foreign", path))
    version = doc.get("version")
    if type(version) is not int or version < 1:
        return Loaded(problem=SaveError("error.save.malformed", path,
                                        detail="no valid format version"))
    if version > STATISTICS_VERSION:
        return Loaded(problem=SaveError("error.save.newer", path, version=version,
                                        supported=STATISTICS_VERSION), newer=True)
    entries = doc.get("games")
    if not isinstance(entries, list):
        return Loaded(problem=SaveError("error.save.malformed", path,
                                        detail="the list of games is missing"))
    loaded = Loaded()
    for entry in entries:
        try:
            loaded.games.append(GameResult.from_dict(entry, version))
        except ValueError as exc:
            if loaded.problem is None:
                loaded.problem = SaveError("error.save.malformed", path, detail=str(exc))
    return loaded


def broken_copies(path: Path) -> list[Path]:
    """Earlier records that could not be read, as they were set aside."""
    folder = Path(path).parent
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(folder / n for n in names
                  if n.startswith(Path(path).name) and n.endswith(BROKEN_SUFFIX))


def aside_path(path: Path) -> Path:
    """Where a damaged record goes: the first free ``.broken`` name, never over another."""
    number = 1
    while True:
        suffix = BROKEN_SUFFIX if number == 1 else f".{number}{BROKEN_SUFFIX}"
        target = path.with_name(path.name + suffix)
        if not os.path.lexists(target):
            return target
        number += 1


def _set_aside(path: Path) -> Path:
    target = aside_path(path)
    os.rename(path, target)
    return target


def record(path: Path, result: GameResult) -> tuple[bool, Path | None]:
    """Add a finished game unless it is there already. Returns (added, where a damaged
    record was set aside, if it was). Raises OSError when the disk refuses."""
    path = Path(path)
    loaded = load(path)
    if loaded.newer:
        return False, None
    if any(game.game == result.game for game in loaded.games):
        return False, None
    aside = _set_aside(path) if loaded.damaged else None
    atomic_write_json(path, {
        "format": STATISTICS_FORMAT, "version": STATISTICS_VERSION,
        "games": [g.to_dict() for g in (*loaded.games, result)]})
    return True, aside


def record_game(root: Path, session: GameSession) -> list[Notice]:
    """Record a finished game in the data directory; what the player should be told."""
    if not session.over:
        return []
    try:
        _, aside = record(statistics_path(root), result_of(session))
    except OSError as exc:
        return [Notice("statistics.not_saved", {"error": exc.strerror or type(exc).__name__})]
    if aside is not None:
        return [Notice("statistics.set_aside", {"name": aside.name})]
    return []


# --- the figures --------------------------------------------------------------------------

@dataclass
class Tally:
    """The people's results in some games: how many, how many won, best and mean score
    (of the games whose score counts here: `scored` of them)."""

    played: int = 0
    won: int = 0
    best: int | None = None
    total: int = 0
    scored: int = 0

    def add(self, won: bool, score: int | None) -> None:
        """One person's game; score None where it takes no part in best and mean."""
        self.played += 1
        self.won += won
        if score is None:
            return
        self.scored += 1
        self.best = score if self.best is None else max(self.best, score)
        self.total += score

    @property
    def mean(self) -> float | None:
        return self.total / self.scored if self.scored else None


Opponent = tuple[str, str | None]      # (kind, level)
RuleSet = tuple[str, tuple[str, ...]]  # (rules, modules)


@dataclass
class Figures:
    """Per opponent kind and level, and per rule set and modules, the results of the
    people at the table: a game counts once for each person who played it. A team game
    counts against the other team's seats, as won where the person's team won, and with
    the team's sum in its rule set's row only (`team_games` of them with people)."""

    games: int = 0
    team_games: int = 0
    against: dict[Opponent, Tally] = field(default_factory=dict)
    rule_sets: dict[RuleSet, Tally] = field(default_factory=dict)

    def opponents(self) -> list[tuple[Opponent, Tally]]:
        return sorted(self.against.items(), key=lambda item: _opponent_order(item[0]))

    def by_rules(self) -> list[tuple[RuleSet, Tally]]:
        order = list(RULE_SETS)
        return sorted(self.rule_sets.items(),
                      key=lambda item: (order.index(item[0][0]), item[0][1]))


def _opponent_order(opponent: Opponent) -> tuple:
    kind, level = opponent
    if kind == "human":
        return (0,)
    if kind == "ai":
        return (1, list(TIERS).index(level))
    difficulty = parse_difficulty(level)
    return (2, LEVELS.index(difficulty.level), len(difficulty.modifiers),
            difficulty.modifiers)


def figures(games: Iterable[GameResult]) -> Figures:
    out = Figures()
    for game in games:
        out.games += 1
        people = False
        for i, seat in enumerate(game.seats):
            if seat.kind != "human":
                continue
            people = True
            side = game.team(i)
            won = seat.place == 1
            others = {(s.kind, s.level) for j, s in enumerate(game.seats) if j not in side}
            for opponent in others:
                out.against.setdefault(opponent, Tally()).add(
                    won, None if game.teams else seat.score)
            out.rule_sets.setdefault((game.rules, game.modules), Tally()).add(
                won, game.points(i))
        out.team_games += people and bool(game.teams)
    return out
