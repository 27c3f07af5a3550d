"""Game states and records to JSON and back, at every kind of decision and chance step."""

from __future__ import annotations

import json
import random

import pytest

from game.rules import (GameConfig, GameRecord, GameState, IllegalAction, Match, StateError,
                        new_game, outcome_from_json, outcome_to_json, replay)

from .builders import (at_last_turn, build, game, give, monasteries, phase_outcome, set_goods,
                       settle, store)


def round_trip(state: GameState) -> GameState:
    settle(state)  # the positions are poked together; a saved state conserves material
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


def _tile_in_a_depot_and_the_supply(d: dict) -> None:
    name = next(n for row in d["depots"] for n in row if n)
    d["supply"][0].append(name)


def _one_player_too_few(d: dict) -> None:
    del d["players"][-1]


def _placement_twice(d: dict) -> None:
    d["players"][0]["placements"].append(d["players"][0]["placements"][0])


# A valid two-player state at the first turn, damaged one way each: the message names it.
IMPOSSIBLE = {
    "negative silver": (lambda d: d["players"][0].update(silver=-1), "silver -1"),
    "negative workers": (lambda d: d["players"][1].update(workers=-3), "workers -3"),
    "negative goods": (lambda d: d["players"][0]["goods"].__setitem__(2, -1), "goods"),
    "silver as a float": (lambda d: d["players"][0].update(silver=1.0), "silver 1.0"),
    "silver as a bool": (lambda d: d["players"][0].update(silver=True), "silver True"),
    "a tile in a depot and the supply": (_tile_in_a_depot_and_the_supply, "not conserved"),
    "a duplicated placement": (_placement_twice, "two tiles on one estate space"),
    "9 storage tiles": (lambda d: d["players"][0].update(storage=["mine"] * 9), "storage"),
    "a player record missing": (_one_player_too_few, "1 player records for 2 players"),
    "phase 99": (lambda d: d.update(phase=99), "phase 99"),
    "round -1": (lambda d: d.update(round=-1), "round -1"),
    "over mid-game": (lambda d: d.update(terminal=True), "the game is over before"),
    "no decision pending": (lambda d: d.update(frames=[]), "no decision and no chance step"),
    "a decision at a chance step": (lambda d: d.update(chance="roll"), "chance step"),
    "an unknown chance step": (lambda d: d.update(chance="lottery"), "unknown chance step"),
    "a decision for seat 5": (lambda d: d["frames"][0].__setitem__(1, 5), "seat 5"),
    "another seat's turn": (lambda d: d["frames"][0].__setitem__(1, 1 - d["frames"][0][1]),
                            "not the turn of seat"),
    "goods out of thin air": (lambda d: d["depot_goods"][0].__setitem__(0, 3), "goods"),
    "a bonus tile nobody holds": (lambda d: d["bonus_taken"].__setitem__(1, 1), "bonus tiles"),
    "a score without points": (lambda d: d["players"][0].update(score=12), "score 12"),
    "a die showing 7": (lambda d: d["players"][0]["dice"].__setitem__(0, 7), "dice"),
    "a turn order with a seat twice": (lambda d: d.update(order=[0, 0]), "turn order"),
}


@pytest.mark.parametrize("damage", IMPOSSIBLE)
def test_impossible_states_are_refused_naming_the_violation(damage: str) -> None:
    change, words = IMPOSSIBLE[damage]
    d = json.loads(game().to_json())
    change(d)
    with pytest.raises(StateError, match="impossible game state") as err:
        GameState.from_json(json.dumps(d))
    assert words in str(err.value)


def test_an_impossible_chateauma_state_is_refused() -> None:
    m = Match(GameConfig(players=2, board_mode="basic", chateauma="medium"), 1)
    m.resolve_chance()
    d = json.loads(m.state.to_json())
    d["chateauma"]["deck"].append(d["chateauma"]["cards"][0])
    with pytest.raises(StateError, match="area cards"):
        GameState.from_json(json.dumps(d))


@pytest.mark.parametrize("text", ["[" * 100_000, "1" * 5000])
def test_json_too_deep_or_numbers_too_long_are_refused(text: str) -> None:
    with pytest.raises(StateError, match="not valid JSON"):
        GameState.from_json(text)


def test_every_state_error_is_a_value_error() -> None:
    # Callers that caught ValueError (the damaged-file paths) still catch it.
    assert issubclass(StateError, ValueError)


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
