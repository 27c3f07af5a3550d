"""A state read from a file cannot lie, and every reachable state reads back.

`GameState.from_json` refuses with StateError whatever no game can reach: each module reads
its own JSON strictly (types and ranges) and checks its invariants through
Module.check_state, as Châteauma's material does. The fuzz here takes random reachable
states of every module set, changes one field (its type, its range, a list's length, or a
value from another field) and reads it back: the state is refused, or it plays on to the
end without any other error. The round trip below reads back every state of seeded random
games, chance steps included.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from game.rules import (
    GameConfig,
    GameState,
    StateError,
    action_text,
    check_state,
    new_game,
)
from game.rules.modules import shields as sh
from game.rules.modules import vineyards as vy

from .test_invariants import MODULE_SETS, _first_values, module_config

# --- the examples -----------------------------------------------------------------


def random_step(s: GameState, rng: random.Random) -> None:
    """One step of a random game: a drawn chance outcome or a uniformly chosen action."""
    if s.is_chance():
        s.apply_chance(s.sample_chance(rng))
    else:
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])


def _reach(config: GameConfig, seed: int, until) -> GameState:
    """A seeded random game of `config` played until `until(state)` holds."""
    rng = random.Random(seed)
    s = new_game(config)
    while not until(s):
        assert not s.is_terminal(), "the game ended before the position was reached"
        random_step(s, rng)
    return s


def _refused(d: dict, words: str = "") -> None:
    with pytest.raises(StateError) as err:
        GameState.from_json(json.dumps(d))
    assert words in str(err.value)


def _at_a_turn(s: GameState) -> bool:
    return s.decision == "turn" and s.phase >= 1


@pytest.mark.parametrize("text", ["null", "5", "[]", '"state"', "true"])
def test_json_that_is_no_object_is_refused(text: str) -> None:
    with pytest.raises(StateError, match="not a Castles of Burgundy game state"):
        GameState.from_json(text)


def test_chateauma_level_true_is_refused() -> None:
    s = _reach(GameConfig(players=2, board_mode="basic", chateauma="medium"), 1, _at_a_turn)
    d = json.loads(s.to_json())
    d["chateauma"]["level"] = True
    _refused(d)
    d["chateauma"]["level"] = "hard"  # a level, but not the configuration's
    _refused(d, "Châteauma plays medium")


def test_a_vineyard_board_out_of_range_is_refused() -> None:
    s = _reach(GameConfig(players=2, modules=("vineyards",)), 2, _at_a_turn)
    d = json.loads(s.to_json())
    d["modules"]["vineyards"]["seats"][0]["board"] = 2 ** 63
    _refused(d)


@pytest.mark.parametrize("field,value", [("die_set", [25, -1]), ("die_set", [-1]),
                                         ("named", [2, -1]), ("named", [-1, -1, -1]),
                                         ("named", [0, -1])])
def test_shields_per_seat_records_out_of_range_are_refused(field: str, value: list) -> None:
    s = _reach(GameConfig(players=2, modules=("shields",)), 3, _at_a_turn)
    d = json.loads(s.to_json())
    d["modules"]["shields"][field] = value
    _refused(d)


def test_a_changed_frame_argument_is_refused() -> None:
    """A vineyard tile waiting for room (the decision 'vineyard_room') with its argument cut
    short would crash once answered."""
    s = _reach(GameConfig(players=2, board_mode="basic", modules=("vineyards",)), 4,
               lambda s: s.decision == vy.ROOM)
    d = json.loads(s.to_json())
    assert GameState.from_json(json.dumps(d)).to_json() == s.to_json()
    d["frames"][-1][2] = d["frames"][-1][2][:3]
    _refused(d, "vineyard_room")


def test_a_shield_placement_for_a_shield_held_elsewhere_is_refused() -> None:
    s = _reach(GameConfig(players=2, board_mode="basic", modules=("shields",)), 14,
               lambda s: s.decision == sh.PLACE_FRAME)
    d = json.loads(s.to_json())
    d["frames"][-1][2] = next(n for row in d["modules"]["shields"]["depots"] for n in row)
    _refused(d, "shield_castle")


def test_a_die_showing_no_number_while_unused_is_refused() -> None:
    s = _reach(GameConfig(players=2), 6, _at_a_turn)
    d = json.loads(s.to_json())
    seat = s.current_player
    assert not any(d["players"][seat]["used"])
    d["players"][seat]["dice"][0] = 0
    _refused(d, "an unused die shows no number")


def test_a_game_waiting_for_its_start_player_has_nothing_under_way() -> None:
    d = json.loads(new_game(GameConfig(players=2)).to_json())
    d["goods_supply"][3] = [7]
    _refused(d, "goods_pool")


@pytest.mark.parametrize("action", [("take",), ("take", 1.5, 2, 0), ("take", True, 2, 0),
                                    ("take", 0, 3, 1, 9), ("end", 1)])
def test_a_malformed_action_has_no_text(action: tuple) -> None:
    with pytest.raises(ValueError, match="malformed 'take' action|malformed 'end' action"):
        action_text(action)


# --- the fuzz: one field changed ----------------------------------------------------------

def _paths(node: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _at(node: Any, path: tuple) -> Any:
    for k in path:
        node = node[k]
    return node


def mutate(d: dict, rng: random.Random) -> str | None:
    """Change one field of a state's JSON: its type, its range, a list's length, or a value
    from another field; the module parts, Châteauma's, the decisions and the players half
    the time. Returns what changed, or None when the change left it as it was."""
    paths = [p for p in _paths(d) if p and p[0] not in ("format", "version", "config")]
    focus = [p for p in paths if p[0] in ("modules", "chateauma", "frames", "players")]
    path = rng.choice(focus if focus and rng.random() < 0.5 else paths)
    parent, key = _at(d, path[:-1]), path[-1]
    old = parent[key]
    how = rng.choice(("type", "range", "length", "other"))
    new: Any
    if how == "type":
        new = rng.choice([None, True, 1.5, "x", [], {}, 0, [old]])
    elif how == "range":
        if type(old) is int:
            new = rng.choice([old + 1, old - 1, -1, 2 ** 63, old + 7])
        elif type(old) is bool:
            new = not old
        elif isinstance(old, str):
            new = old + "x"
        else:
            new = rng.choice([-1, 2 ** 63])
    elif how == "length":
        if isinstance(old, list):
            new = old[:-1] if old and rng.random() < 0.5 else old + [old[-1] if old else 0]
        elif isinstance(old, dict) and old:
            new = dict(old)
            del new[rng.choice(sorted(new))]
        else:
            new = [old]
    else:
        new = json.loads(json.dumps(_at(d, rng.choice(paths))))
    if repr(new) == repr(old):
        return None
    parent[key] = new
    return f"{how} {path}: {old!r:.40} -> {new!r:.40}"


def play_on(s: GameState, rng: random.Random) -> None:
    """Random legal choices and drawn chance to the end; the state still writes out."""
    while not s.is_terminal():
        random_step(s, rng)
    s.to_json()


# Every module set the random games play alone or all together, with and without Châteauma.
FUZZ_SETS = [e for e in MODULE_SETS if e[3] in ("alone", "largest")]


def fuzz(seed: int, tries: int) -> Counter:
    """`tries` mutated states, each from a random module set's seeded random game at a
    random step; counts those refused and those that played on."""
    counts: Counter = Counter()
    for i in range(tries):
        rng = random.Random(seed * 1_000_003 + i)
        entry = FUZZ_SETS[rng.randrange(len(FUZZ_SETS))]
        config = module_config(*entry, rng.randrange(6))
        s = _sample(config, rng, rng.randrange(400))
        d = json.loads(s.to_json())
        what = mutate(d, rng)
        if what is None:
            continue
        counts["tried"] += 1
        try:
            restored = GameState.from_json(json.dumps(d))
        except StateError:
            counts["refused"] += 1
            continue
        try:
            play_on(restored, random.Random(i))
        except Exception as e:
            raise AssertionError(f"{entry[1]} {what}: {type(e).__name__}: {e}") from e
        counts["played on"] += 1
    return counts


def _sample(config: GameConfig, rng: random.Random, stop: int) -> GameState:
    """The state after `stop` steps (chance steps included) of a seeded random game, or its
    end."""
    s = new_game(config)
    for _ in range(stop):
        if s.is_terminal():
            break
        random_step(s, rng)
    return s


def test_a_state_with_one_field_changed_is_refused_or_plays_on() -> None:
    counts = fuzz(1, 5000)
    assert counts["tried"] == counts["refused"] + counts["played on"] > 4500
    assert counts["refused"] and counts["played on"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 12))
def test_many_states_with_one_field_changed_are_refused_or_play_on(seed: int) -> None:
    counts = fuzz(seed, 5000)
    assert counts["tried"] == counts["refused"] + counts["played on"]


# --- every reachable state reads back -----------------------------------------------------

def round_trip_game(config: GameConfig, seed: int) -> int:
    """A seeded random game, chance steps included, with every state checked and read back
    to the same JSON; returns the states read back."""
    rng = random.Random(seed)
    s = new_game(config)
    states = 0
    while True:
        check_state(s)
        text = s.to_json()
        assert GameState.from_json(text).to_json() == text, (s.chance, s.decision)
        states += 1
        if s.is_terminal():
            return states
        random_step(s, rng)


# The default run: every module value alone, and the largest sets with each module's
# default value; the slow run every set the random games play.
ROUND_TRIP_SETS = [e for e in FUZZ_SETS if e[3] == "alone" or _first_values(e)]


def _set_id(entry) -> str:
    rules, modules, automa, _ = entry
    return f"{rules}-{'+'.join(modules)}{'-chateauma' if automa else ''}"


@pytest.mark.parametrize("entry", ROUND_TRIP_SETS, ids=_set_id)
def test_every_state_of_a_random_game_reads_back(entry) -> None:
    index = MODULE_SETS.index(entry)
    assert round_trip_game(module_config(*entry, index), 900_000 + index) > 100


@pytest.mark.slow
@pytest.mark.parametrize("entry", MODULE_SETS, ids=_set_id)
def test_every_state_of_many_random_games_reads_back(entry) -> None:
    index = MODULE_SETS.index(entry)
    for i in range(12):
        round_trip_game(module_config(*entry, i), 950_000 + index * 100 + i)
