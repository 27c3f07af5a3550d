"""The events are complete: what the table shows, built from events alone, equals what it
shows built from the engine's state, after every step of seeded random games.

The table draws a `TableView` fed with events as they finish animating; it is rebuilt from
the state only once every animation has played. An event the engine forgets (a payment,
a counter) would show a stale picture until then, so every step is compared here.
"""

from __future__ import annotations

import random

import pytest

from game.rules import RULE_SETS, GameConfig, Match, new_game
from game.scenes.art import faces
from game.scenes.table.view import TableView, face_of


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
            "castle_pool": view.castle_pool}


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


def test_the_view_shows_monastery_tiles_as_the_games_rule_set_prints_them():
    state = new_game(GameConfig(players=3, rules="original"))
    rng = random.Random(1)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    view = TableView.from_state(state)
    assert view.rules == "original" and {p.rules for p in view.players} == {"original"}
    assert face_of("monastery15", view.rules) == faces.monastery(15, "original")
    assert face_of("monastery15", view.rules) != face_of("monastery15")
