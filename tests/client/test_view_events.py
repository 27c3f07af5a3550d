"""The events are complete: what the table shows, built from events alone, equals what it
shows built from the engine's state, after every step of seeded random games.

The table draws a `TableView` fed with events as they finish animating; it is rebuilt from
the state only once every animation has played. An event the engine forgets (a payment,
a counter) would show a stale picture until then, so every step is compared here, in
games of every module set the rules accept. An event the view neither takes in nor lists
as changing nothing fails the game.
"""

from __future__ import annotations

import dataclasses
import random
import re
import warnings
from pathlib import Path

import pytest

from game.rules import EVENT_TYPES, RULE_SETS, GameConfig, Match, new_game
from game.scenes.art import faces
from game.scenes.table.seam import TABLE_MODULES
from game.scenes.table.view import QUIET, TableView, UnknownEvent, face_of

from ..rules.test_invariants import MODULE_SETS, module_config


def shown(view: TableView) -> dict:
    """Everything of a view that the table draws (not its redraw counters)."""
    players = []
    for p in view.players:
        cm = p.cm
        players.append({
            "board": p.board, "estate": list(p.estate), "storage": list(p.storage),
            "goods": list(p.goods), "sold": list(p.sold), "silver": p.silver,
            "workers": p.workers, "dice": list(p.dice), "used": list(p.used),
            "score": p.score, "bonus_tiles": sorted(p.bonus_tiles),
            "track_pos": p.track_pos, "knowledge": sorted(p.knowledge),
            "chateauma": None if cm is None else {
                "stacks": list(cm.stacks), "cards": list(cm.cards),
                "card_tiles": [list(t) for t in cm.card_tiles],
                "reserve": [sorted(map(str, s)) for s in cm.reserve], "deck": cm.deck,
                "die": cm.die},
        })
    return {"players": players, "phase": view.phase, "round": view.round,
            "depots": [list(r) for r in view.depots],
            "depot_goods": [list(g) for g in view.depot_goods], "black": list(view.black),
            "round_goods": list(view.round_goods), "white": view.white,
            "bonus_taken": list(view.bonus_taken), "current": view.current,
            "over": view.over, "turn_order": view.track_order(),
            "parts": {id: dataclasses.asdict(part) if dataclasses.is_dataclass(part)
                      else part for id, part in view.parts.items()}}


def differences(a: dict, b: dict, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in a:
            out += differences(a[k], b.get(k), f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += differences(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: from events {a!r}, from the state {b!r}"]


CONFIGS = [GameConfig(players=n, rules=r) for r in RULE_SETS for n in (2, 4)] + [
    GameConfig(players=2, chateauma="medium"),
    GameConfig(players=2, chateauma="hard+A+B+C+D"),
    GameConfig(players=3, rules="alea2019", board_mode="free", chateauma="easy+A+D"),
    # The modules' events (the castle pool, bought workers) keep the view whole too.
    GameConfig(players=3, board_mode="random",
               modules=("boards_11_18", "castle_connection", "tiles2")),
    GameConfig(players=3, board_mode="random", modules=("border_posts",), chateauma="medium"),
    GameConfig(players=3, board_mode="basic", modules=("vineyards",)),
    GameConfig(players=3, board_mode="basic", modules=("vineyards",), chateauma="medium"),
]


def _id(c: GameConfig) -> str:
    return f"{c.players}p-{c.rules}-{c.board_mode}" + (f"-cm-{c.chateauma}" if c.chateauma
                                                      else "") + "".join(
        f"-{m}" for m in c.modules)


def play_and_compare(config: GameConfig, seed: int) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnknownEvent)
        return _play_and_compare(config, seed)


def _play_and_compare(config: GameConfig, seed: int) -> int:
    match = Match(config, seed)
    view = TableView.from_state(match.state)
    pick = random.Random(seed).random
    steps = 0

    def check(events: list, what: str) -> None:
        for event in events:
            view.apply(event)
        diff = differences(shown(view), shown(TableView.from_state(match.state)))
        assert not diff, f"seed {seed}, step {steps} ({what}):\n" + "\n".join(diff[:8])

    check(match.resolve_chance(), "setup")
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        action = legal[int(pick() * len(legal))]
        steps += 1
        check(match.play(action), repr(action))
    assert match.state.is_terminal()
    return steps


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_the_view_built_from_events_equals_the_view_built_from_the_state(config):
    for seed in (1, 2):
        assert play_and_compare(config, seed) > 50  # a whole game, step by step


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_the_view_built_from_events_equals_the_state_over_many_games(config):
    for seed in range(3, 40):
        play_and_compare(config, seed)


# Every module alone and every largest set a rule set accepts, with and without Châteauma
# (the module sets of the rules' random games); the pairs in the slow run.
MODULE_CONFIGS = [module_config(*entry, i) for i, entry in enumerate(MODULE_SETS)
                  if entry[3] != "pair"]
PAIR_CONFIGS = [module_config(*entry, i) for i, entry in enumerate(MODULE_SETS)
                if entry[3] == "pair"]


@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=_id)
def test_every_module_set_keeps_the_view_whole(config):
    assert play_and_compare(config, 1) > 10


@pytest.mark.slow
@pytest.mark.parametrize("config", PAIR_CONFIGS, ids=_id)
def test_every_pair_of_modules_keeps_the_view_whole(config):
    play_and_compare(config, 2)


def test_every_event_the_rules_define_is_taken_in_or_listed_as_changing_nothing():
    known = set(QUIET) | {name[4:] for name in dir(TableView) if name.startswith("_on_")}
    for m in TABLE_MODULES.values():
        known |= set(m.events) | set(m.quiet)
    assert sorted(set(EVENT_TYPES) - known) == []


def test_an_unknown_event_fails_the_comparison():
    from typing import NamedTuple

    class Unheard(NamedTuple):
        player: int
    view = TableView.from_state(new_game(GameConfig(players=2)))
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnknownEvent)
        with pytest.raises(UnknownEvent):
            view.apply(Unheard(0))


def test_the_view_shows_monastery_tiles_as_the_games_rule_set_prints_them():
    state = new_game(GameConfig(players=3, rules="original"))
    rng = random.Random(1)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    view = TableView.from_state(state)
    assert view.rules == "original" and {p.rules for p in view.players} == {"original"}
    assert face_of("monastery15", view.rules) == faces.monastery(15, "original")
    assert face_of("monastery15", view.rules) != face_of("monastery15")


def test_the_client_and_the_ai_read_the_modules_state_only_through_public_functions():
    """What the table shows of a module and what the AI reads of it come from the rules
    module's public functions (what a seat may see), never from the rules' own storage
    (`state.ext`, `state.hooks`), so they cannot drift."""
    game = Path(__file__).resolve().parents[2] / "game"
    files = [path for path in sorted(game.rglob("*.py"))
             if path.relative_to(game).parts[0] != "rules"]
    assert any(path.parts[-2] == "ai" for path in files)
    reads = [f"{path.relative_to(game)}:{n}: {line.strip()}"
             for path in files
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\.ext\[|\.ext\.get|\.hooks\b| in state\.ext", line)]
    assert reads == []


def test_the_table_outside_its_modules_names_no_module_and_no_modules_event():
    """The view, the log, the panels, the motion and the scene's parts loop over the
    modules in play; a module's own words, pieces, buttons, animations and events are its
    table module's (game/scenes/table/modules/)."""
    from game.rules import EVENT_TYPES, MODULES
    from game.rules import events as base_events
    module_events = {name for name in EVENT_TYPES if not hasattr(base_events, name)}
    assert "DoubleTileTaken" in module_events and "TilePlaced" not in module_events
    table = Path(__file__).resolve().parents[2] / "game" / "scenes" / "table"
    files = sorted(table.glob("*.py"))
    assert {"motion.py", "view.py", "log.py", "scene.py", "estates_panel.py"} <= {
        path.name for path in files}
    named = [f"{path.name}: {word}"
             for path in files
             for text in [path.read_text(encoding="utf-8")]
             for word in [f'"{module}"' for module in MODULES] + sorted(module_events)
             if re.search(rf"(?<![\w\"]){re.escape(word)}(?![\w\"])"
                          if not word.startswith('"') else re.escape(word), text)]
    assert named == []
