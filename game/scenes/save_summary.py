"""What the Load menu says about a saved game: rule set, modules, seats, phase and round,
scores; and which game Continue resumes. No pygame.

The summary is computed by replaying the save's record (`rules.replay`), on the Load
menu's worker thread: a few milliseconds a game (`python -m game.scenes.save_summary`
prints the figure), and the record stays the only source of what a save holds, so an old
save lists like a new one and a record that does not replay is reported in the list, with
the message opening it would give, before anyone clicks it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..rules import IllegalAction, replay
from .persistence import SaveError, SaveFile, is_game_file, read_save
from .session import GameSetup, parse_payload


@dataclass(frozen=True)
class SeatSummary:
    name: str
    kind: str            # "human" | "ai" | "chateauma"
    level: str | None    # the AI tier, or Châteauma's difficulty ("hard+A+C")
    score: int


@dataclass(frozen=True)
class SaveSummary:
    rules: str
    modules: tuple[str, ...]
    seats: tuple[SeatSummary, ...]
    phase: int           # 0-4 for A-E; -1 while the game is set up (estates, castles)
    round: int           # 0-4
    over: bool


def config_modules(setup: GameSetup) -> tuple[str, ...]:
    """The expansion modules a game uses, as its config writes them
    ("identical_board:20"); the Load menu names them (modules_text.module_name)."""
    modules = setup.config.to_dict().get("modules") or ()
    return tuple(str(m) for m in modules)


def seat_level(setup: GameSetup, seat: int) -> str | None:
    spec = setup.seats[seat]
    if spec.kind == "chateauma":
        return setup.config.chateauma
    return spec.tier


def summarise(save: SaveFile) -> SaveSummary:
    """The summary of a save, by replaying its record; raises SaveError (malformed, with
    the reason) for a payload that is not a game that replays."""
    try:
        setup, record = parse_payload(save.payload)
        state = replay(record)
    except IllegalAction as exc:
        raise SaveError("error.save.malformed", save.path,
                        detail=f"the game record does not replay: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a save is outside input: any problem is reported
        raise SaveError("error.save.malformed", save.path, detail=str(exc)) from None
    # Before its first chance step a game has no players yet, so no scores: it is still
    # being set up, as it is while estates and castle spaces are chosen and while a
    # module's setup decision is pending (phase -1).
    scores = state.scores()
    phase = state.phase if scores and not state.in_module_setup else -1
    scores = scores or [0] * len(setup.seats)
    seats = tuple(SeatSummary(spec.name, spec.kind, seat_level(setup, i), scores[i])
                  for i, spec in enumerate(setup.seats))
    return SaveSummary(setup.config.rules, config_modules(setup), seats, phase,
                       state.round, state.is_terminal())


# The games' own files found finished, by path, with the time, size and inode they had
# then: a finished game never becomes unfinished, so such a file is not read again while
# it is unchanged.
_finished: dict[Path, tuple[int, int, int]] = {}


def latest_game_in_progress(folder: Path) -> tuple[SaveFile | None, SaveError | None]:
    """The game Continue resumes: of the games' own files (persistence.is_game_file), the
    one written last whose game is not over, or None. Second, the error of a game's file
    written after it that cannot be read, so the player learns why the game played last
    is not the one offered.

    The files are read newest first up to the first game in progress. Whether a game is
    over is taken from the mark every save carries (GameSession.to_payload), so a long
    history of finished games is not replayed; a save without it is replayed. A save
    that reads but does not replay is offered too: opening it explains what is wrong
    with it, as opening it from the Load list does."""
    candidates = []
    try:
        names = os.listdir(folder)
    except OSError:
        return None, None
    for name in names:
        path = Path(folder) / name
        if not is_game_file(path):
            continue
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            info = None
        written = info.st_mtime_ns if info is not None else 0
        candidates.append((-written, name, path, info))
    error: SaveError | None = None
    for _, _, path, info in sorted(candidates, key=lambda c: c[:2]):
        key = (info.st_mtime_ns, info.st_size, info.st_ino) if info is not None else None
        if key is not None and _finished.get(path) == key:
            continue
        try:
            save = read_save(path)
        except SaveError as exc:
            error = error or exc
            continue
        over = save.payload.get("over")
        if not isinstance(over, bool):
            try:
                over = summarise(save).over
            except SaveError:
                over = False
        if not over:
            return save, error
        if key is not None:
            _finished[path] = key
    return None, error


def _benchmark() -> None:
    """Milliseconds to summarise a save of a complete random game of 2 and of 4 players."""
    import random
    import tempfile
    import time
    from pathlib import Path

    from ..rules import GameConfig
    from .persistence import read_save
    from .session import GameSession, SeatSpec

    with tempfile.TemporaryDirectory() as folder:
        for players in (2, 4):
            seats = tuple(SeatSpec("human", f"P{i}", i) for i in range(players))
            session = GameSession(GameSetup(GameConfig(players=players), seats, seed=5))
            session.start()
            rng = random.Random(5)
            while not session.over:
                session.play(rng.choice(session.legal_actions()))
            path = Path(folder) / f"{players}.json"
            session.save(path)
            save = read_save(path)
            runs = 20
            start = time.perf_counter()
            for _ in range(runs):
                summarise(save)
            ms = (time.perf_counter() - start) / runs * 1000
            print(f"{players} players, {len(session.match.record.steps)} steps: "
                  f"{ms:.1f} ms per summary")


if __name__ == "__main__":
    _benchmark()

