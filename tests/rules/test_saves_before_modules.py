"""Games saved before the expansion modules existed still load and replay identically.

The files in saves/ were written by the rules as they stood before modules (commit
7494ea9): for four base-game configurations a complete game's record, a state from the
middle of it and the final state, with the final scores. They are kept as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules import GameRecord, GameState, Match, check_state, parse_action, replay
from game.rules.serialize import outcome_to_json

SAVES = sorted((Path(__file__).parent / "saves").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_saves_to_check() -> None:
    assert len(SAVES) == 4


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_state_saved_before_modules_loads_and_saves_unchanged(path: Path) -> None:
    doc = load(path)
    for key in ("middle", "final"):
        state = GameState.from_json(json.dumps(doc[key]))
        check_state(state)
        assert state.config.modules == ()
        assert json.loads(state.to_json()) == doc[key]
    assert GameState.from_json(json.dumps(doc["final"])).scores() == doc["scores"]


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_record_saved_before_modules_replays_to_the_same_game(path: Path) -> None:
    doc = load(path)
    record = GameRecord.from_dict(doc["record"])
    assert record.to_dict() == doc["record"]  # the config reads as it did: no 'modules'
    final = replay(record)
    assert json.loads(final.to_json()) == doc["final"]
    assert final.scores() == doc["scores"]
    # Resuming the record draws the same chance as the game did, step for step.
    resumed = Match.from_record(record)
    assert resumed.state.to_json() == final.to_json()
    assert resumed.rng.getstate() == _rng_after_play(record)


def _rng_after_play(record: GameRecord):
    """The RNG state of the original match at its end: seeded by the record, drawing each
    recorded chance step once (the draws a base game makes must not have changed)."""
    m = Match(record.config, record.seed)
    for step in record.steps:
        if "chance" in step:
            outcome = m.state.sample_chance(m.rng)
            assert outcome_to_json(step["step"], outcome) == step["chance"], step["step"]
            m.state.apply_chance(outcome)
        else:
            m.state.apply(parse_action(step["action"]))
    return m.rng.getstate()
