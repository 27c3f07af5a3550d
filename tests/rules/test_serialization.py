"""Game states and records to JSON and back, at every kind of decision and chance step."""

from __future__ import annotations

import random

import pytest

from game.rules import (GameConfig, GameRecord, GameState, IllegalAction, Match, new_game,
                        outcome_from_json, outcome_to_json, replay)

from .builders import (at_last_turn, build, game, give, monasteries, phase_outcome, set_goods,
                       store)


def round_trip(state: GameState) -> GameState:
    text = state.to_json()
    restored = GameState.from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()
    assert restored.decision == state.decision and restored.chance == state.chance
    for action in state.legal_actions()[:3]:
        a, b = state.clone(), GameState.from_json(text)
        assert a.apply(action) == b.apply(action)
        assert a.to_json() == b.to_json()
    return restored


def test_chance_steps_round_trip() -> None:
    s = new_game(GameConfig(players=3))
    round_trip(s)
    s.apply_chance(1)
    round_trip(s)
    s.apply_chance(("2", "7", "9"))
    round_trip(s)


def test_setup_decisions_round_trip() -> None:
    s = new_game(GameConfig(players=2, board_mode="free"))
    s.apply_chance(0)
    round_trip(s)
    s.apply(("board", "4"))
    round_trip(s)


def effect_game():
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=2, silver=2)
    set_goods(s, {1: 1, 2: 1})
    return s


@pytest.mark.parametrize("decision, steps", [
    ("turn", []),
    ("discard", [("take", 0, 3, 0)]),
    ("city_hall", [("place", 0, 0, 11)]),
    ("castle", [("place", 0, 0, 11), ("city_hall", 1, 6)]),
    ("pick", [("place", 0, 2, 25)]),
])
def test_every_decision_round_trips(decision: str, steps: list) -> None:
    s = effect_game()
    store(s, "city_hall", "castle", "church")
    for step in steps:
        s.apply(step)
    assert s.decision == decision
    round_trip(s)


def test_ship_keep_and_warehouse_decisions_round_trip() -> None:
    s = effect_game()
    s.depot_goods[3][3] = s.depot_goods[3][4] = 1
    store(s, "ship", "warehouse")
    build(s, 17, "ship")
    give(s, workers=3)
    s.apply(("place", 0, 0, 19))
    assert s.decision == "ship"
    round_trip(s)
    s.apply(("ship", 4))
    assert s.decision == "keep_goods"
    round_trip(s)
    s.apply(("keep", (4,)))
    s.apply(("place", 1, 1, 11))
    assert s.decision == "warehouse"
    round_trip(s)


def test_monasteries_and_buildings_are_restored_from_the_estate() -> None:
    s = game(dice=[(1, 1), (1, 1)])
    monasteries(s, 1, 8)
    build(s, 25, "bank")
    store(s, "bank")
    restored = round_trip(s)
    p = restored.players[0]
    assert p.has(1) and p.has(8) and not p.has(2)
    assert ("place", 0, 0, 26) in restored.legal_actions()  # monastery 1 still counts


def test_a_finished_game_round_trips() -> None:
    s = game()
    at_last_turn(s, 4)
    s.apply(("end",))
    restored = round_trip(s)
    assert restored.is_terminal() and restored.scores() == s.scores()
    assert restored.ranking() == s.ranking()


@pytest.mark.parametrize("text, why", [("{", "not valid JSON"), ("[]", "not a Castles"),
                                       ('{"format": "castles-of-burgundy-state", "version": 9}',
                                        "version 9")])
def test_damaged_states_are_refused(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        GameState.from_json(text)


def test_a_state_missing_a_field_is_refused() -> None:
    s = game()
    text = s.to_json().replace('"silver"', '"gold"', 1)
    with pytest.raises(ValueError, match="damaged game state"):
        GameState.from_json(text)


# --- records ----------------------------------------------------------------------

def played(seed: int, actions: int) -> Match:
    m = Match(GameConfig(players=3, rules="yucata"), seed)
    m.resolve_chance()
    pick = random.Random(seed).choice
    for _ in range(actions):
        m.play(pick(m.state.legal_actions()))
    return m


def test_a_record_round_trips_and_replays_to_the_same_state() -> None:
    m = played(11, 40)
    text = m.record.to_json()
    record = GameRecord.from_json(text)
    assert record.to_json() == text
    assert replay(record).to_json() == m.state.to_json()


def test_a_resumed_record_draws_the_same_chance_as_the_original() -> None:
    m = played(12, 25)
    resumed = Match.from_record(GameRecord.from_json(m.record.to_json()))
    for _ in range(30):
        action = m.state.legal_actions()[0]
        m.play(action)
        resumed.play(action)
    assert resumed.state.to_json() == m.state.to_json()


def test_a_record_with_a_bad_step_names_it() -> None:
    record = GameRecord.from_json(played(13, 5).record.to_json())
    record.steps.append({"action": "sell 1 9"})
    with pytest.raises(IllegalAction, match=f"step {len(record.steps)}"):
        replay(record)


@pytest.mark.parametrize("text, why", [("nope", "not valid JSON"), ("{}", "not a Castles"),
                                       ('{"format": "castles-of-burgundy-record", "version": 2}',
                                        "version 2")])
def test_damaged_records_are_refused(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        GameRecord.from_json(text)


@pytest.mark.parametrize("step, outcome", [
    ("start_player", 2),
    ("boards", ("3", "5")),
    ("boards", (("3", 0), ("5", 3))),
    ("start_goods", (1, 2, 3, 4, 5, 6)),
    ("roll", (1, 2, 3, 4, 5)),
])
def test_chance_outcomes_round_trip(step: str, outcome) -> None:
    assert outcome_from_json(step, outcome_to_json(step, outcome)) == outcome


def test_a_phase_outcome_round_trips() -> None:
    s = game()
    s.phase, s.chance = 1, "phase"
    outcome = phase_outcome(s)
    assert outcome_from_json("phase", outcome_to_json("phase", outcome)) == outcome
