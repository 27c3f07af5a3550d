"""Actions, chance outcomes and records from outside are checked for exact types before
anything changes: True == 1 and 1.0 == 1, so equality alone lets them through."""

from __future__ import annotations

import random

import pytest

from game.rules import (GameConfig, GameRecord, GameState, IllegalAction, Match, action_text,
                        new_game, parse_action, replay)

ACTION_KINDS = ("take", "place", "sell", "workers", "buy", "end", "decline", "discard", "ship",
                "keep", "pick", "warehouse", "city_hall", "board", "start_castle")
CHANCE_KINDS = ("start_player", "boards", "start_goods", "phase", "roll", "chateauma_setup",
                "chateauma_die", "chateauma_card")
CONFIGS = (GameConfig(players=2, board_mode="free"), GameConfig(players=3, rules="yucata"),
           GameConfig(players=2, board_mode="random", chateauma="hard+A+B+D"))


class Text(str):
    """Equal to the plain string, hashes alike, but not a str."""


def _positions() -> tuple[dict[str, tuple[GameState, tuple]], dict[str, tuple[GameState, object]]]:
    """A position and a legal action for every action kind, and a position and a possible
    outcome for every chance kind, from seeded random games."""
    actions: dict[str, tuple[GameState, tuple]] = {}
    chances: dict[str, tuple[GameState, object]] = {}
    for seed in range(40):
        config = CONFIGS[seed % len(CONFIGS)]
        rng, pick = random.Random(seed), random.Random(-seed).choice
        s = new_game(config)
        while not s.is_terminal():
            if s.is_chance():
                outcome = s.sample_chance(rng)
                chances.setdefault(s.chance, (s.clone(), outcome))
                s.apply_chance(outcome)
                continue
            for a in s.legal_actions():
                actions.setdefault(a[0], (s.clone(), a))
            s.apply(pick(s.legal_actions()))
        if len(actions) == len(ACTION_KINDS) and len(chances) == len(CHANCE_KINDS):
            break
    return actions, chances


ACTIONS, CHANCES = _positions()


def twins(value: object):
    """Values equal to `value` but with one part of another type: a float or bool for an
    int, a str subclass for a str, at any depth of tuples and lists."""
    if type(value) is int:
        yield float(value)
        if value in (0, 1):
            yield bool(value)
    elif type(value) is str:
        yield Text(value)
    elif type(value) in (tuple, list):
        for i, item in enumerate(value):
            for twin in twins(item):
                changed = list(value)
                changed[i] = twin
                yield type(value)(changed)


def test_every_kind_is_covered() -> None:
    assert sorted(ACTIONS) == sorted(ACTION_KINDS)
    assert sorted(CHANCES) == sorted(CHANCE_KINDS)


@pytest.mark.parametrize("kind", ACTION_KINDS)
def test_malformed_actions_are_refused_and_change_nothing(kind: str) -> None:
    state, action = ACTIONS[kind]
    before = state.to_json()
    malformed = [*twins(action), list(action), action + (0,), action[:-1], (), None, kind]
    for bad in malformed:
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before, bad
    assert state.apply(action) is not None  # the action itself still goes through


@pytest.mark.parametrize("kind", CHANCE_KINDS)
def test_malformed_chance_outcomes_are_refused_and_change_nothing(kind: str) -> None:
    state, outcome = CHANCES[kind]
    before = state.to_json()
    cases = list(twins(outcome))
    assert cases
    for bad in cases + [None, "1", 1.0, [outcome]]:
        with pytest.raises(IllegalAction):
            state.apply_chance(bad)
        assert state.to_json() == before, bad
    state.apply_chance(outcome)


def test_a_bool_action_is_refused_before_it_reaches_the_record() -> None:
    for seed in range(50):  # a game whose first player may take depot 1's first tile
        m = Match(GameConfig(players=2, board_mode="basic"), seed)
        m.resolve_chance()
        if ("take", 0, 1, 0) in m.state.legal_actions():
            break
    steps = list(m.record.steps)
    with pytest.raises(IllegalAction, match="False is of type bool"):
        m.play(("take", False, True, False))
    assert m.record.steps == steps
    m.play(("take", 0, 1, 0))
    assert m.record.steps[-1] == {"action": "take 1 1/0"}


def test_start_goods_with_a_float_leave_the_supply_alone() -> None:
    s = new_game(GameConfig(players=2, board_mode="basic"))
    s.apply_chance(0)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="goods type 1.0"):
        s.apply_chance([1, 1, 1, 1, 1, 1.0])
    assert s.to_json() == before


@pytest.mark.parametrize("text", [
    "take 1 -1/-1", "take 1 \u0663/0", "take 1 3/0_0", "start_castle 3_0", "sell 1 +3",
    "warehouse \u0664", "keep 2,+5", "ship 3+-4", "discard s-1", "place 1 s0@+17",
    "take 1 03/0", "sell 1 ４", "pick 1/²", "city_hall s0@1 7"])
def test_numbers_in_action_texts_are_plain_ascii_digits(text: str) -> None:
    with pytest.raises(ValueError, match="cannot read action"):
        parse_action(text)


@pytest.mark.parametrize("text", [None, 3, ["take 1 3/0"], b"end"])
def test_an_action_text_that_is_not_a_string_is_refused(text) -> None:
    with pytest.raises(ValueError, match="string"):
        parse_action(text)


@pytest.mark.parametrize("step", [{"action": 7}, {"action": ["end"]}, {"action": None},
                                  "end", ["action", "end"], {"chance": [1.0]}])
def test_a_record_step_of_the_wrong_type_names_the_step(step) -> None:
    m = Match(GameConfig(players=2, board_mode="basic"), 5)
    m.resolve_chance()
    m.play(m.state.legal_actions()[0])
    record = GameRecord.from_json(m.record.to_json())
    record.steps.append(step)
    with pytest.raises(IllegalAction, match=f"step {len(record.steps)}"):
        replay(record)


def test_every_action_text_reads_back_exactly() -> None:
    for state, action in ACTIONS.values():
        assert parse_action(action_text(action)) == action
        assert all(type(x) is type(y) for x, y in zip(parse_action(action_text(action)), action))


@pytest.mark.parametrize("field,value", [("rules", ["special"]), ("rules", {}),
                                         ("rules", 1), ("board_mode", ["basic"]),
                                         ("board_mode", {"x": 1})])
def test_a_config_field_of_the_wrong_type_is_refused_with_a_value_error(field, value) -> None:
    """A save or game record whose config names its rule set or board mode by a list or an
    object is refused with the rules' message, not an error from a look-up."""
    with pytest.raises(ValueError, match="must be text|unknown board mode"):
        GameConfig.from_dict({"players": 2, field: value})
