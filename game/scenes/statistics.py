"""The record of finished games on this computer, and what the Statistics screen shows
from it. No pygame.

The record is an SQLite database, `statistics.sqlite` in the data directory (the standard
library's sqlite3, in WAL mode): a row per finished game (an id that is a hash of the
game's record, so the same game is never counted twice however often its results are
shown or its save is loaded; when it was recorded; the rule set and modules) and a row per
seat (its kind, level, score and place, and its side: its team in the team game, the seat
alone otherwise). The figures are SQL queries over these rows, so nothing derived is
stored that could disagree with them, and neither recording a game nor showing the figures
reads the whole history into memory. `PRAGMA user_version` is the schema's version;
`MIGRATIONS` brings any earlier database up to it, in the transaction that opens it.

In the team game a seat's score is its own points and its place is its team's (1 for both
partners of the winning team, by the team tie-breaks). A person wins a team game when
their team wins. Its scores count as the team's sum, and only in the team game's own row
of the rule sets: a team's sum is not a score one player made, so it takes no part in the
best and mean per opponent.

A game is recorded when its results are shown (`record_game`), the one place every
finished game passes: at the table's end and when a finished save is opened. It is one
transaction, run off the UI thread by the launcher. A read-only window records nothing.

The figures' sums (tables `against` and `by_rules`) are kept by the same queries run over
each new game's rows in its own transaction, so the screen reads a few rows however long
the history; `_count(conn, None)` works them out afresh from every game.

A database that cannot be read is never written to and never deleted: the next game to be
recorded, or the Statistics screen of a window that saves, renames it (with its WAL files)
to ``statistics.sqlite.broken`` (or ``statistics.sqlite.2.broken`` and so on, never over an
earlier one) and starts a new one, and the player is told. One written by a newer version
is left alone and nothing is recorded in it.

Earlier versions kept the record in `statistics.json` (format versions 1 and 2; version 2
added the teams of a team game; a team game in a version-1 file gets its teams and team
places as it is read). When a database is created, every game that can be read from that
file is imported into it in the same transaction; the file itself is kept as it was.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import sqlite3
import stat
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..rules import RULE_SETS, team_results
from ..rules import CHATEAUMA_LEVELS as LEVELS
from ..rules import parse_chateauma_difficulty as parse_difficulty
from .persistence import SaveError, aside_path, now_utc, read_json_file
from .preferences import BROKEN_SUFFIX, Notice
from .save_summary import config_modules, seat_level
from .session import SEAT_KINDS, GameSession

DATABASE_NAME = "statistics.sqlite"
STATISTICS_NAME = "statistics.json"          # the record of earlier versions
STATISTICS_FORMAT = "castles-of-burgundy-statistics"
STATISTICS_VERSION = 2   # the JSON file's: 2 added the teams of a team game
MAX_STATISTICS_BYTES = 64 * 1024 * 1024      # the JSON file, imported once
MAX_SEATS = 8
MAX_SCORE = 10_000
# How long a write waits for another connection's (the screen reading, say).
BUSY_TIMEOUT = 10.0

# Each entry brings the schema from its index to the next version (entry 0 creates
# version 1). A new version appends an entry; earlier entries never change.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
               id INTEGER PRIMARY KEY,
               game TEXT NOT NULL UNIQUE,
               finished TEXT NOT NULL,
               rules TEXT NOT NULL,
               modules TEXT NOT NULL,
               team_game INTEGER NOT NULL CHECK (team_game IN (0, 1)))""",
        """CREATE TABLE seats (
               game INTEGER NOT NULL REFERENCES games (id),
               seat INTEGER NOT NULL CHECK (seat >= 0),
               kind TEXT NOT NULL CHECK (kind IN ('human', 'ai', 'chateauma')),
               level TEXT,
               score INTEGER NOT NULL,
               place INTEGER NOT NULL CHECK (place >= 1),
               side INTEGER NOT NULL,
               PRIMARY KEY (game, seat)) WITHOUT ROWID""",
        """CREATE TABLE imports (
               name TEXT NOT NULL,
               imported TEXT NOT NULL,
               games INTEGER NOT NULL)""",
        # The figures' sums, kept up to date in each game's own transaction by the same
        # queries over its rows (`_count`), so the screen reads a few rows, not every game.
        # A person's level is ''.
        """CREATE TABLE against (
               kind TEXT NOT NULL, level TEXT NOT NULL,
               played INTEGER NOT NULL, won INTEGER NOT NULL, best INTEGER,
               total INTEGER NOT NULL, scored INTEGER NOT NULL,
               PRIMARY KEY (kind, level))""",
        """CREATE TABLE by_rules (
               rules TEXT NOT NULL, modules TEXT NOT NULL,
               played INTEGER NOT NULL, won INTEGER NOT NULL, best INTEGER,
               total INTEGER NOT NULL, scored INTEGER NOT NULL,
               PRIMARY KEY (rules, modules))""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
_COLUMNS = {
    "games": {"id", "game", "finished", "rules", "modules", "team_game"},
    "seats": {"game", "seat", "kind", "level", "score", "place", "side"},
    "imports": {"name", "imported", "games"},
    "against": {"kind", "level", "played", "won", "best", "total", "scored"},
    "by_rules": {"rules", "modules", "played", "won", "best", "total", "scored"},
}
# SQLite's result codes for a file that is no database, or a damaged one.
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26
# One write at a time from this process (two games' results shown in quick succession).
_WRITING = threading.Lock()


def database_path(root: Path) -> Path:
    return Path(root) / DATABASE_NAME


def statistics_path(root: Path) -> Path:
    """The JSON record of earlier versions."""
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
        from ..ai import TIERS   # the AI's modules load with a game, not at start
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

    def side(self, seat: int) -> int:
        """The seat's side: the index of its team, or the seat itself where there are no
        teams."""
        return next((i for i, team in enumerate(self.teams) if seat in team), seat)

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


# --- the JSON record of earlier versions ----------------------------------------------------

@dataclass
class Loaded:
    """What a JSON record holds: every game that could be read, and what was wrong with
    it. ``problem`` is a SaveError (its reason says what, its message says it to the
    player); ``newer`` means a newer version wrote it."""

    games: list[GameResult] = field(default_factory=list)
    problem: SaveError | None = None
    newer: bool = False


def load_json(path: Path) -> Loaded:
    """Read a JSON record; never raises for a bad file and never changes it."""
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


# --- the database ---------------------------------------------------------------------------

class Newer(Exception):
    """The database was made by a newer version of the game."""


class Damaged(Exception):
    """The file is an SQLite database, but not one this game made."""


def is_damage(exc: BaseException) -> bool:
    """Whether an error says the database itself is unusable (not the disk or a lock):
    damaged pages, no database at all, tables not ours, or text that is not UTF-8."""
    if isinstance(exc, (Damaged, UnicodeDecodeError)):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(exc, sqlite3.DatabaseError) and code is not None and (
        code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB))


def _regular_or_missing(path: Path) -> bool:
    """Only a regular file is opened: never a link (which could lead anywhere), a
    directory or a pipe (which would hang the reader)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def _not_file(path: Path) -> OSError:
    return OSError(f"{path.name}: not an ordinary file")


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def open_database(path: Path) -> sqlite3.Connection:
    """The record, created (with the JSON record imported) or migrated as needed, for
    reading and writing. Raises Newer, Damaged, sqlite3.Error or OSError."""
    path = Path(path)
    if not _regular_or_missing(path):
        raise _not_file(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None,
                           check_same_thread=False)
    try:
        # Nothing is written before the file is known to be ours: a damaged or foreign
        # one is set aside as it was.
        if conn.execute("PRAGMA user_version").fetchone()[0] == 0:
            if conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]:
                raise Damaged()   # tables, but none of ours
            conn.execute("PRAGMA journal_mode=WAL")   # kept in the file from now on
        # WAL with NORMAL: a crash or power cut never damages the database; at worst the
        # last game recorded before a power cut is missing.
        conn.execute("PRAGMA synchronous=NORMAL")
        _migrate(conn, path)
    except BaseException:
        conn.close()
        raise
    return conn


def _open_to_read(path: Path) -> sqlite3.Connection:
    """The record as it is, for a window that writes nothing: read-only, and brought up
    to the current schema in a copy in memory when it is older."""
    if not _regular_or_missing(path):
        raise _not_file(path)
    conn = sqlite3.connect(f"{Path(path).absolute().as_uri()}?mode=ro", uri=True,
                           timeout=BUSY_TIMEOUT, check_same_thread=False,
                           isolation_level=None)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise Newer()
        if version < SCHEMA_VERSION:
            memory = sqlite3.connect(":memory:", isolation_level=None,
                                     check_same_thread=False)
            conn.backup(memory)
            conn.close()
            conn = memory
            _migrate(conn, None)
        _check_schema(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _migrate(conn: sqlite3.Connection, path: Path | None) -> None:
    """Bring the schema up to SCHEMA_VERSION in one transaction; a new database imports
    the JSON record beside ``path`` in the same one."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise Newer()
    if version < SCHEMA_VERSION:
        with _transaction(conn):
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version == 0 and conn.execute(
                    "SELECT count(*) FROM sqlite_schema").fetchone()[0]:
                raise Damaged()   # tables, but none of ours
            for step in MIGRATIONS[version:]:
                for statement in step:
                    conn.execute(statement)
            if version == 0 and path is not None:
                _import_json(conn, path.with_name(STATISTICS_NAME))
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    _check_schema(conn)


def _check_schema(conn: sqlite3.Connection) -> None:
    for table, columns in _COLUMNS.items():
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if found != columns:
            raise Damaged()


def _import_json(conn: sqlite3.Connection, json_path: Path) -> None:
    """Every game the JSON record of earlier versions holds that can be read."""
    if not os.path.lexists(json_path):
        return
    loaded = load_json(json_path)
    added = len(_insert(conn, loaded.games))
    _count(conn, None)
    conn.execute("INSERT INTO imports (name, imported, games) VALUES (?, ?, ?)",
                 (json_path.name, now_utc().isoformat(timespec="seconds"), added))


def _insert(conn: sqlite3.Connection, games: Iterable[GameResult]) -> list[int]:
    """Add the rows of games not recorded yet (inside a transaction), without counting
    them in the figures' sums; returns the new games' row ids."""
    added = []
    for game in games:
        cursor = conn.execute(
            "INSERT OR IGNORE INTO games (game, finished, rules, modules, team_game)"
            " VALUES (?, ?, ?, ?, ?)",
            (game.game, game.finished, game.rules, json.dumps(list(game.modules)),
             int(bool(game.teams))))
        if not cursor.rowcount or cursor.lastrowid is None:
            continue
        row = cursor.lastrowid
        conn.executemany(
            "INSERT INTO seats (game, seat, kind, level, score, place, side)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(row, i, s.kind, s.level, s.score, s.place, game.side(i))
             for i, s in enumerate(game.seats)])
        added.append(row)
    return added


def set_aside(path: Path) -> Path:
    """Rename a damaged database, and the WAL files that belong to it, to the first free
    ``.broken`` name."""
    _forget(path)
    target = aside_path(path)
    os.rename(path, target)
    for suffix in ("-wal", "-shm", "-journal"):
        try:
            os.rename(f"{path}{suffix}", f"{target}{suffix}")
        except FileNotFoundError:
            pass
    return target


def record(path: Path, result: GameResult) -> tuple[bool, Path | None]:
    """Add a finished game to the database at ``path`` unless it is there already, in one
    transaction. Returns (added, where a damaged database was set aside, if it was).
    Raises OSError or sqlite3.Error when the disk or the file refuses."""
    path = Path(path)
    with _WRITING:
        try:
            return _add(path, result), None
        except Newer:
            return False, None
        except (sqlite3.DatabaseError, Damaged, UnicodeDecodeError) as exc:
            if not is_damage(exc):
                raise
        aside = set_aside(path)
        return _add(path, result), aside


def _add(path: Path, result: GameResult) -> bool:
    conn = _writer(path)
    try:
        with _transaction(conn):
            added = _insert(conn, [result])
            for row in added:
                _count(conn, row)
    except BaseException:
        _forget(path)
        raise
    return bool(added)


# The connection each record is written through stays open between games (only ever used
# under _WRITING): closing the last connection to a WAL database checkpoints it and
# removes the WAL, and the next game's first write would have to start it afresh, which
# costs more than the game's own transaction. It is kept only while the file at its path
# is still the one it opened.
_WRITERS: dict[Path, tuple[sqlite3.Connection, tuple[int, int]]] = {}


def _file_id(path: Path) -> tuple[int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _writer(path: Path) -> sqlite3.Connection:
    cached = _WRITERS.get(path)
    if cached is not None:
        if _file_id(path) == cached[1]:
            return cached[0]
        _forget(path)
    conn = open_database(path)
    file_id = _file_id(path)
    if file_id is not None:
        _WRITERS[path] = (conn, file_id)
    return conn


def _forget(path: Path) -> None:
    cached = _WRITERS.pop(path, None)
    if cached is not None:
        cached[0].close()


def close_all() -> None:
    """Close the connections kept for writing (the client does so as it ends)."""
    with _WRITING:
        for path in list(_WRITERS):
            _forget(path)


def record_game(root: Path, result: GameResult) -> list[Notice]:
    """Record a finished game in the data directory; what the player should be told."""
    try:
        _, aside = record(database_path(root), result)
    except (OSError, sqlite3.Error, Damaged, UnicodeDecodeError) as exc:
        error = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return [Notice("statistics.not_saved", {"error": error})]
    if aside is not None:
        return [Notice("statistics.set_aside", {"name": aside.name})]
    return []


def broken_copies(root: Path) -> list[Path]:
    """Earlier records that could not be read, as they were set aside (databases, and
    JSON records of earlier versions)."""
    try:
        names = os.listdir(root)
    except OSError:
        return []
    return sorted(Path(root) / n for n in names
                  if n.startswith((DATABASE_NAME, STATISTICS_NAME))
                  and n.endswith(BROKEN_SUFFIX))


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
    the team's sum in its rule set's row only (`team_games` of them with people).
    `unknown` counts rows of kinds, levels or rule sets this version does not know, which
    are left out."""

    games: int = 0
    team_games: int = 0
    against: dict[Opponent, Tally] = field(default_factory=dict)
    rule_sets: dict[RuleSet, Tally] = field(default_factory=dict)
    unknown: int = 0

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
        from ..ai import TIERS
        return (1, list(TIERS).index(level))
    difficulty = parse_difficulty(level)
    return (2, LEVELS.index(difficulty.level), len(difficulty.modifiers),
            difficulty.modifiers)


def _known_opponent(kind: Any, level: Any) -> bool:
    if kind == "human":
        return level is None
    if kind == "ai":
        from ..ai import TIERS
        return level in TIERS
    if kind != "chateauma" or not isinstance(level, str):
        return False
    try:
        return parse_difficulty(level).text() == level
    except ValueError:
        return False


def _known_modules(text: Any) -> tuple[str, ...] | None:
    try:
        modules = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        return None
    return tuple(modules)


# Each person's result once per kind of opponent on the other sides of their game; the
# scores of team games take no part in best and mean here.
_AGAINST = """
    INSERT INTO against (kind, level, played, won, best, total, scored)
    SELECT kind, level, count(*), sum(won), max(score), coalesce(sum(score), 0), count(score)
    FROM (SELECT DISTINCT p.game, p.seat, o.kind, ifnull(o.level, '') AS level,
                 p.place = 1 AS won, CASE WHEN g.team_game THEN NULL ELSE p.score END AS score
          FROM seats AS p
          JOIN games AS g ON g.id = p.game
          JOIN seats AS o ON o.game = p.game AND o.side != p.side
          WHERE p.kind = 'human' {only})
    WHERE true GROUP BY kind, level
    ON CONFLICT (kind, level) DO UPDATE SET {sums}"""

# Each person's result in their game's rule set, with their side's points (a team's sum).
_BY_RULES = """
    INSERT INTO by_rules (rules, modules, played, won, best, total, scored)
    SELECT rules, modules, count(*), sum(won), max(points), coalesce(sum(points), 0),
           count(points)
    FROM (SELECT g.rules, g.modules, p.place = 1 AS won,
                 CASE WHEN g.team_game THEN (SELECT sum(t.score) FROM seats AS t
                                             WHERE t.game = p.game AND t.side = p.side)
                      ELSE p.score END AS points
          FROM seats AS p JOIN games AS g ON g.id = p.game
          WHERE p.kind = 'human' {only})
    WHERE true GROUP BY rules, modules
    ON CONFLICT (rules, modules) DO UPDATE SET {sums}"""

_SUMS = """played = played + excluded.played, won = won + excluded.won,
    best = coalesce(max(best, excluded.best), best, excluded.best),
    total = total + excluded.total, scored = scored + excluded.scored"""

_COUNTS = """
    SELECT (SELECT count(*) FROM games),
           (SELECT count(*) FROM games AS g WHERE g.team_game AND EXISTS (
                SELECT 1 FROM seats AS p WHERE p.kind = 'human' AND p.game = g.id))"""


def _count(conn: sqlite3.Connection, game: int | None) -> None:
    """Add one game's results (by its row id) to the figures' sums, or with None count
    every game afresh."""
    only, args = ("", ()) if game is None else ("AND p.game = ?", (game,))
    if game is None:
        conn.execute("DELETE FROM against")
        conn.execute("DELETE FROM by_rules")
    for query in (_AGAINST, _BY_RULES):
        conn.execute(query.format(only=only, sums=_SUMS), args)


def _tally(numbers: list[Any]) -> Tally | None:
    played, won, best, total, scored = numbers
    if any(type(n) is not int for n in (played, won, total, scored)) or not (
            best is None or type(best) is int):
        return None
    return Tally(played, won, best, total, scored)


def figures_of(conn: sqlite3.Connection) -> Figures:
    """The figures, as SQL queries over the database."""
    out = Figures()
    out.games, out.team_games = conn.execute(_COUNTS).fetchone()
    for kind, level, *numbers in conn.execute(
            "SELECT kind, level, played, won, best, total, scored FROM against"):
        level = None if level == "" else level
        tally = _tally(numbers)
        if tally is not None and _known_opponent(kind, level):
            out.against[kind, level] = tally
        else:
            out.unknown += 1
    for rules, modules_text, *numbers in conn.execute(
            "SELECT rules, modules, played, won, best, total, scored FROM by_rules"):
        modules = _known_modules(modules_text)
        tally = _tally(numbers)
        if tally is not None and rules in RULE_SETS and modules is not None:
            out.rule_sets[rules, modules] = tally
        else:
            out.unknown += 1
    return out


def memory_database(games: Iterable[GameResult]) -> sqlite3.Connection:
    """A database in memory holding these games."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    _migrate(conn, None)
    with _transaction(conn):
        _insert(conn, games)
        _count(conn, None)
    return conn


def figures(games: Iterable[GameResult]) -> Figures:
    """The figures of some games, by the same queries as the database's."""
    conn = memory_database(games)
    try:
        return figures_of(conn)
    finally:
        conn.close()


@dataclass
class Shown:
    """What the Statistics screen shows: the figures, or why the record cannot be read
    (``problem``; ``newer`` when a newer version wrote it), and where it was set aside
    when it was (``aside``)."""

    figures: Figures = field(default_factory=Figures)
    problem: SaveError | None = None
    newer: bool = False
    aside: Path | None = None


def read_figures(root: Path, writable: bool = True) -> Shown:
    """The figures of the record in the data directory; never raises for a bad file and
    never changes one: an existing database is read read-only. A writable window creates
    the database when there is none but a JSON record of earlier versions (which it
    imports), and sets a damaged one aside and starts a new one; a read-only window reads
    the JSON record into a database in memory, and leaves a damaged one as it is."""
    path = database_path(root)
    shown = _read_figures(root, writable)
    if not writable or shown.problem is None or shown.newer or shown.problem.reason not in (
            "foreign", "malformed"):
        return shown
    with _WRITING:
        try:
            shown.aside = set_aside(path)
        except OSError:
            return shown
    fresh = _read_figures(root, writable, create=True)
    return replace(fresh, problem=shown.problem, aside=shown.aside) if (
        fresh.problem is None) else fresh


def _read_figures(root: Path, writable: bool, create: bool = False) -> Shown:
    path = database_path(root)
    try:
        if os.path.lexists(path):
            conn = _open_to_read(path)
        elif writable and (create or os.path.lexists(statistics_path(root))):
            conn = open_database(path)
        else:
            conn = memory_database(load_json(statistics_path(root)).games)
        try:
            return Shown(figures_of(conn))
        finally:
            conn.close()
    except Newer:
        return Shown(problem=SaveError("error.save.newer", path, version="?",
                                       supported=SCHEMA_VERSION), newer=True)
    except (sqlite3.Error, Damaged, UnicodeDecodeError, OSError) as exc:
        if is_damage(exc):
            code = getattr(exc, "sqlite_errorcode", _SQLITE_CORRUPT)
            if isinstance(exc, Damaged) or code & 0xFF == _SQLITE_NOTADB:
                return Shown(problem=SaveError("error.save.foreign", path))
            return Shown(problem=SaveError("error.save.malformed", path, detail=str(exc)))
        if isinstance(exc, OSError) and os.path.lexists(path) and not _regular_or_missing(
                path):
            return Shown(problem=SaveError("error.save.not_file", path))
        detail = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return Shown(problem=SaveError("error.save.unreadable", path, detail=detail))
