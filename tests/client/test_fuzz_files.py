"""Damaged saves, settings, last setups and statistics (the database, and the JSON record of
earlier versions it imports), generated from a seed, through the real load paths:
Continue, the Load menu (listing and opening), the settings (read, then saved over), New
game's last setup (told once, then the next game started from it), and the Statistics
screen and the recording of a finished game, in a read-only window and in the one that
saves. Nothing may escape as an exception; a refused file is explained and left byte for
byte as it was, or kept aside byte for byte under a ``.broken`` name where a new one takes
its place; the other saves stay listed. Each run counts the files tried and those that
held.

The default run tries a few hundred files; ``-m slow`` tries thousands."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import stat
from pathlib import Path

import pygame
import pytest

from game.rules import GameConfig
from game.scenes import persistence, statistics
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.ui.confirm import MessageOverlay
from game.scenes.load_menu import LoadOverlay
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.settings_menu import SettingsOverlay
from game.scenes.setup import (
    SETUP_FORMAT,
    SETUP_VERSION,
    SetupScene,
    last_setup_path,
    load_last_setup,
    save_last_setup,
)
from game.scenes.stack import SceneStack
from game.scenes.statistics import GameResult, SeatResult
from game.scenes.statistics_screen import StatisticsScene
from game.scenes.table import TableScene

KINDS = ("autosave", "save", "settings", "setup", "stats_json", "stats_db")
SURFACE = (640, 360)


def _game(chateauma: bool, seed: int) -> GameSession:
    if chateauma:
        setup = GameSetup(GameConfig(players=2, chateauma="easy"),
                          (SeatSpec("human", "Ann", 0), SeatSpec("chateauma", "Châteauma", 2)),
                          seed=seed, handoff=False)
    else:
        setup = GameSetup(GameConfig(players=2), (SeatSpec("human", "Zoë", 0),
                                                  SeatSpec("ai", "Bot", 1, "random")),
                          seed=seed, handoff=False)
    session = GameSession(setup)
    session.start()
    rng = random.Random(seed)
    for _ in range(25):
        session.play(rng.choice(session.legal_actions()))
    return session


def _dump(doc) -> bytes:
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode()


def _results() -> list[GameResult]:
    """Finished games as the statistics keep them: against AI players and Châteauma, with
    two people, and a team game."""
    def seats(*specs):
        return tuple(SeatResult(*spec) for spec in specs)
    when = "2026-11-23T16:00:00+00:00"
    return [
        GameResult("a1", when, "special", (), seats(("human", None, 61, 1), ("ai", "hard", 50, 2))),
        GameResult("b2", when, "alea2019", ("inns",), seats(
            ("human", None, 90, 2), ("human", None, 70, 3), ("chateauma", "hard+A+C", 95, 1))),
        GameResult("c3", when, "special", ("team",), seats(
            ("human", None, 60, 1), ("ai", "easy", 70, 2), ("human", None, 55, 1),
            ("ai", "medium", 40, 2)), ((0, 2), (1, 3))),
    ]


def _database(folder: Path) -> bytes:
    path = statistics.database_path(folder)
    for game in _results():
        statistics.record(path, game)
    statistics.close_all()   # everything written into the file itself
    return path.read_bytes()


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    games = [_game(False, 3), _game(True, 4)]
    results = [r.to_dict() for r in _results()]
    version_1 = [dict(r) for r in results[:2]]
    return {
        "stats_json": [_dump({"format": statistics.STATISTICS_FORMAT, "version": 2,
                              "games": results}),
                       _dump({"format": statistics.STATISTICS_FORMAT, "version": 1,
                              "games": version_1})],
        "stats_db": [_database(tmp_path_factory.mktemp("statistics"))],
        "save": [_dump(persistence.make_envelope(g.to_payload())) for g in games],
        "settings": [_dump({"format": "castles-of-burgundy-settings", "version": 1,
                            "settings": {"language": "de", "animation_speed": "fast",
                                         "fullscreen": False, "handoff_screen": True}})],
        "setup": [_dump({"format": SETUP_FORMAT, "version": SETUP_VERSION,
                         "setup": g.setup.to_dict()}) for g in games],
    }


# --- damage ------------------------------------------------------------------------------

JUNK = [None, True, False, 0, -1, 1.0, 2**70, "", "x", "\u0000", "\ud800", [], {}, [1, [2]],
        {"kind": "human"}, "A\u0007b", "x" * 300, -2**63, 1e308]


def truncate(rng, data):
    return data[:rng.randrange(len(data))]


def flip_bits(rng, data):
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(out))
        out[i] ^= 1 << rng.randrange(8)
    return bytes(out)


def deep_nesting(rng, data):
    depth = rng.choice([33, 200, 5_000, 200_000])
    inner = rng.choice([b"1", b"{}", b'"x"'])
    if rng.random() < 0.5:
        return b"[" * depth + inner + b"]" * depth
    doc = json.loads(data)
    text = _dump(doc).decode()
    cut = text.index("{", 1)
    return (text[:cut] + "[" * depth + text[cut:].rstrip().rstrip("}")
            + "]" * depth + "}").encode()


def huge_number(rng, data):
    digits = rng.choice([21, 4301, 10_000])
    number = rng.choice(["9" * digits, "-" + "1" * digits, "1e999", "NaN", "-Infinity",
                         "1" + "0" * digits + ".5"])
    text = data.decode()
    spots = [i for i, ch in enumerate(text) if ch.isdigit() and not text[i - 1].isdigit()]
    i = rng.choice(spots)
    j = i
    while j < len(text) and text[j].isdigit():
        j += 1
    return (text[:i] + number + text[j:]).encode()


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:40]):
            yield from _paths(v, path + (i,))


def _replace(doc, path, value):
    if not path:
        return value
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return doc


def wrong_type(rng, data):
    doc = json.loads(data)
    path = rng.choice(list(_paths(doc)))
    return _dump_lax(_replace(doc, path, rng.choice(JUNK)))


def bad_string(rng, data):
    """A NUL, a control character or a lone surrogate inside one of the strings."""
    doc = json.loads(data)
    strings = [p for p in _paths(doc) if isinstance(_get(doc, p), str)]
    path = rng.choice(strings)
    s = _get(doc, path)
    i = rng.randrange(len(s) + 1)
    bad = rng.choice(["\u0000", "\ud800", "\udcff", "\u0007", "\u202e", "\n"])
    return _dump_lax(_replace(doc, path, s[:i] + bad + s[i:]))


def drop_or_add_key(rng, data):
    doc = json.loads(data)
    dicts = [p for p in _paths(doc) if isinstance(_get(doc, p), dict) and _get(doc, p)]
    target = _get(doc, rng.choice(dicts))
    if rng.random() < 0.5:
        del target[rng.choice(list(target))]
    else:
        target[rng.choice(["extra", "\u0000", "format"])] = rng.choice(JUNK)
    return _dump_lax(doc)


def foreign(rng, data):
    return rng.choice([b"[1, 2, 3]", b"42", b'"text"', b"null", b'{"format": "chess"}',
                       b'{"payload": {}}', b"<html></html>", b"\xef\xbb\xbf{}",
                       json.dumps({"format": persistence.SAVE_FORMAT, "version": 99}).encode()])


def binary(rng, data):
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))


def empty(rng, data):
    return rng.choice([b"", b" ", b"\n\n", b"\t"])


def _get(doc, path):
    for step in path:
        doc = doc[step]
    return doc


def _dump_lax(doc) -> bytes:
    # Lone surrogates are written as JSON escapes, as a hand-edited file would hold them.
    return json.dumps(doc, indent=1).encode()


def other_database(rng, data):
    """An SQLite database of another program."""
    conn = sqlite3.connect(":memory:")
    conn.execute(rng.choice(["CREATE TABLE recipes (name TEXT)",
                             "CREATE TABLE games (id INTEGER, chess TEXT)"]))
    return conn.serialize()


def newer_database(rng, data):
    """The database as a newer version would leave it: a later schema version."""
    out = bytearray(data)
    out[60:64] = rng.choice([2, 7, 2**31 - 1]).to_bytes(4, "big")   # PRAGMA user_version
    return bytes(out)


def damaged_page(rng, data):
    """One page of the database overwritten with noise."""
    page = int.from_bytes(data[16:18], "big") or 65536
    start = page * rng.randrange(len(data) // page)
    noise = bytes(rng.randrange(256) for _ in range(page))
    return data[:start] + noise + data[start + page:]


MUTATIONS = [truncate, flip_bits, deep_nesting, huge_number, wrong_type, bad_string,
             drop_or_add_key, foreign, binary, empty, "fifo", "directory"]
# A database is no text: its damage is to its bytes and pages.
DATABASE_MUTATIONS = [truncate, flip_bits, damaged_page, other_database, newer_database,
                      binary, empty, "fifo", "directory"]


def generate(seed: int, count: int):
    rng = random.Random(seed)
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        mutations = DATABASE_MUTATIONS if kind == "stats_db" else MUTATIONS
        mutation = mutations[rng.randrange(len(mutations))]
        yield i, kind, mutation, rng.randrange(2**32)


# --- the load paths ----------------------------------------------------------------------

def target_path(root: Path, kind: str) -> Path:
    return {"autosave": persistence.autosave_path(root),
            "save": persistence.saves_dir(root) / "fuzzed.json",
            "settings": persistence.settings_path(root),
            "setup": last_setup_path(root),
            "stats_json": statistics.statistics_path(root),
            "stats_db": statistics.database_path(root)}[kind]


def place(path: Path, content) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if content == "fifo":
        os.mkfifo(path)
    elif content == "directory":
        path.mkdir()
    else:
        path.write_bytes(content)


def fingerprint(path: Path):
    info = os.lstat(path)
    if stat.S_ISREG(info.st_mode):
        return ("file", path.read_bytes())
    return (stat.S_IFMT(info.st_mode),)


def draw(stack) -> None:
    stack.draw(pygame.Surface(SURFACE))


def check_message(text: str) -> None:
    assert text.strip()
    assert all(ch.isprintable() or ch == "\n" for ch in text), repr(text)


def play_on(stack, table) -> None:
    """A few frames of the opened game, drawn; its autosave must load again."""
    for _ in range(5):
        stack.update(1 / 30)
        draw(stack)
    GameSession.load(table.ctx.autosave_path)


def opened_or_explained(stack, outcome: str) -> str:
    """After opening a file: either its message is clear, or the game it held plays on."""
    if isinstance(stack.top, MessageOverlay):
        check_message(stack.top.message())
        draw(stack)
        return outcome
    play_on(stack, stack.top)
    return "opened"


def run_case(root: Path, kind: str, content, good: bytes) -> str:
    """Every load path over one damaged file; returns what happened to it."""
    path = target_path(root, kind)
    good_path = persistence.saves_dir(root) / "good.json"
    place(good_path, good)
    place(path, content)
    before = fingerprint(path)
    outcome = "not opened"

    ctx = ClientContext.load(root)
    ctx.change_settings = lambda **changes: True  # a settings file under test stays as it is
    for notice in ctx.notices:
        check_message(notice.message())
    stack = SceneStack()
    Launcher(ctx, stack, TableScene)

    # Continue
    ctx.launcher.to_title()
    title = stack.top
    draw(stack)
    check_message(title._continue_tip())
    if title.buttons["title.continue"].enabled:
        title._continue()
        outcome = opened_or_explained(stack, outcome)

    # The Load menu: the good save stays listed and openable; the damaged one says why
    ctx.launcher.to_title()
    overlay = stack.push(LoadOverlay(ctx))
    assert overlay.wait_listed(30)
    draw(stack)
    rows = {entry.path.name: (entry, row) for entry, row in zip(overlay.entries, overlay.rows)}
    assert rows["good.json"][1].enabled
    if kind == "save" and "fuzzed.json" in rows:
        entry, row = rows["fuzzed.json"]
        check_message(row.label())
        tip = row.tooltip_text()
        if tip is not None:
            check_message(tip)
        if row.enabled:
            row.activate()
            outcome = opened_or_explained(stack, outcome)

    # New game, from the last setup: one that cannot be read is told, once
    ctx.launcher.to_title()
    for visit in range(2):
        ctx.launcher.new_game()
        setup_scene = stack.top
        assert isinstance(setup_scene, SetupScene)
        stack.update(1 / 60)
        if kind == "setup" and visit == 0 and load_last_setup(root) is None:
            assert isinstance(stack.top, MessageOverlay)
            check_message(stack.top.message())
            draw(stack)
            stack.top.close()
            outcome = "told"
        draw(stack)
        assert stack.top is setup_scene   # told once only
        setup_scene.close()

    # The settings, as the settings menu shows them
    stack.push(SettingsOverlay(ctx))
    draw(stack)
    check_message(stack.top._notice_text() or "-")
    stack.top.close()

    # The statistics, in a read-only window: explained or shown, never changed
    shown = statistics.read_figures(root, writable=False)
    if shown.problem is not None:
        check_message(shown.problem.message())
    ctx.launcher.to_title()
    if not (kind == "autosave" and outcome == "opened"):
        assert fingerprint(path) == before, "a file was changed by reading it"
    stack.clear()

    # Writing after reading: the file kept as it was, aside where a new one replaces it
    if kind in ("stats_json", "stats_db"):
        outcome = write_statistics(ctx, stack, root, path, before) or outcome
    elif kind == "setup":
        outcome = write_setup(root, path, before) or outcome
    elif kind == "settings":
        outcome = write_settings(ctx, path, before) or outcome
    statistics.close_all()
    return outcome


def kept_aside(path: Path, before) -> bool:
    """Whether the file as it was is now under a .broken name beside ``path``."""
    return any(fingerprint(aside) == before for aside in path.parent.iterdir()
               if aside.name.startswith(path.name) and aside.name.endswith(".broken"))


def write_statistics(ctx, stack, root: Path, path: Path, before) -> str | None:
    """The Statistics screen of the window that saves, then a finished game recorded."""
    readable = statistics.read_figures(root, writable=False).problem is None
    scene = stack.push(StatisticsScene(ctx))
    assert scene.wait_read(30)
    draw(stack)
    for note in scene.notes():
        check_message(note)
    if scene.loaded.aside is not None:
        assert fingerprint(scene.loaded.aside) == before, "set aside changed"
    stack.clear()
    new = GameResult("new", "2026-11-24T10:00:00+00:00", "special", (),
                     (SeatResult("human", None, 70, 1), SeatResult("ai", "easy", 20, 2)))
    for notice in statistics.record_game(root, new):
        check_message(notice.message())
    if path.name == statistics.STATISTICS_NAME or not readable:
        assert fingerprint(path) == before or kept_aside(path, before), (
            "a file that could not be read was changed")
    if not readable:
        return "explained"
    return None


def write_setup(root: Path, path: Path, before) -> str | None:
    """A new game started after a last setup that could not be read."""
    if load_last_setup(root) is not None:
        return None
    setup = _game(False, 5).setup
    try:
        save_last_setup(root, setup)
    except OSError:
        assert fingerprint(path) == before   # a directory in its place: nothing changed
        return "told"
    assert load_last_setup(root) == setup
    if before[0] == "file":
        assert kept_aside(path, before), "the last setup that could not be read was lost"
    return "told"


def write_settings(ctx, path: Path, before) -> str | None:
    """The settings saved over a file that could not be read."""
    if not ctx.store.notices:
        return None
    try:
        ctx.store.save(ctx.settings)
    except OSError:
        assert fingerprint(path) == before   # a directory in its place: nothing changed
        return "explained"
    if before[0] == "file":
        assert kept_aside(path, before), "settings that could not be read were lost"
    return "explained"


def fuzz(tmp_path, bases, seed, count):
    """Every generated file through every path; returns the outcomes, and per kind of
    file how many were tried and how many held (every check passed)."""
    outcomes: dict[str, int] = {}
    tried: dict[str, list[int]] = {kind: [0, 0] for kind in KINDS}
    failures = []
    for i, kind, mutation, case_seed in generate(seed, count):
        if mutation == "fifo" and not hasattr(os, "mkfifo"):
            continue
        rng = random.Random(case_seed)
        base_kind = "save" if kind in ("autosave", "save") else kind
        base = rng.choice(bases[base_kind])
        content = mutation if isinstance(mutation, str) else mutation(rng, base)
        name = mutation if isinstance(mutation, str) else mutation.__name__
        tried[kind][0] += 1
        try:
            outcome = run_case(tmp_path / f"case{i}", kind, content, bases["save"][0])
        except Exception as exc:  # noqa: BLE001 - counted, then reported below
            failures.append(f"case {i}: {kind} / {name} (seed {case_seed}): {exc!r}")
            statistics.close_all()
            continue
        tried[kind][1] += 1
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    total = [sum(t[0] for t in tried.values()), sum(t[1] for t in tried.values())]
    print(f"\n{total[0]} files tried, {total[1]} held: " + ", ".join(
        f"{kind} {held}/{n}" for kind, (n, held) in tried.items()))
    assert not failures, "\n".join(failures)
    return outcomes, tried


def test_damaged_files_through_every_load_path(tmp_path, bases, capsys):
    with capsys.disabled():
        outcomes, tried = fuzz(tmp_path, bases, seed=16, count=300)
    assert outcomes.get("not opened", 0) > 100
    assert outcomes.get("told", 0) > 20 and outcomes.get("explained", 0) > 40
    assert all(n >= 40 for n, _ in tried.values())


@pytest.mark.slow
def test_damaged_files_through_every_load_path_thoroughly(tmp_path, bases, capsys):
    with capsys.disabled():
        fuzz(tmp_path, bases, seed=1616, count=3000)
