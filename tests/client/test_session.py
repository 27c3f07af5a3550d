"""The client's game session: seats, chance, AI on a thread, undo, saves, score history."""

from __future__ import annotations

import json
import random
import threading

import pytest

from game.rules import GameConfig
from game.rules.state import IllegalAction
from game.scenes import persistence
from game.scenes.session import AIMove, GameSession, GameSetup, SeatSpec


def seats(*kinds: str) -> tuple[SeatSpec, ...]:
    out = []
    for i, kind in enumerate(kinds):
        if kind in ("random", "easy", "medium", "hard"):
            out.append(SeatSpec("ai", f"AI {i}", i, kind))
        else:
            out.append(SeatSpec(kind, f"P{i}", i))
    return tuple(out)


def play_out(session: GameSession, seed: int = 0, stop=None) -> None:
    """Play to the end (or until stop(session)): people choose at random, AIs think."""
    rng = random.Random(seed)
    while not session.over and not (stop and stop(session)):
        if session.is_ai_turn():
            move = session.think()
            assert move.wait(30)
            session.play(move.result())
        else:
            actions = session.legal_actions()
            session.play(actions[rng.randrange(len(actions))])


def test_a_seat_needs_a_known_kind_tier_and_name():
    with pytest.raises(ValueError):
        SeatSpec("robot", "X", 0)
    with pytest.raises(ValueError):
        SeatSpec("ai", "X", 0, "grandmaster")
    with pytest.raises(ValueError):
        SeatSpec("human", "  ", 0)
    with pytest.raises(ValueError):
        SeatSpec("human", "X", 0, "easy")


def test_the_seats_must_match_the_config():
    with pytest.raises(ValueError, match="3 players need 3 seats"):
        GameSetup(GameConfig(players=3), seats("human", "human"))
    with pytest.raises(ValueError, match="Châteauma"):
        GameSetup(GameConfig(players=2), seats("human", "chateauma"))
    with pytest.raises(ValueError, match="Châteauma"):
        GameSetup(GameConfig(players=2, chateauma="medium"), seats("chateauma", "human"))
    GameSetup(GameConfig(players=2, chateauma="medium"), seats("human", "chateauma"))


def test_handoff_needs_two_people():
    assert not GameSetup(GameConfig(), seats("human", "easy")).shows_handoff
    assert GameSetup(GameConfig(), seats("human", "human")).shows_handoff
    assert not GameSetup(GameConfig(), seats("human", "human"), handoff=False).shows_handoff


def test_start_stops_at_the_first_decision():
    session = GameSession(GameSetup(GameConfig(), seats("human", "human"), seed=3))
    events = session.start()
    assert events
    assert not session.state.is_chance()
    assert session.current_seat is session.seats[session.state.current_player]


def test_an_illegal_action_is_refused_and_changes_nothing():
    session = GameSession(GameSetup(GameConfig(), seats("human", "human"), seed=3))
    session.start()
    before = session.state.to_json()
    with pytest.raises(IllegalAction):
        session.play(("nonsense",))
    assert session.state.to_json() == before


def test_undo_is_for_people_within_their_turn():
    session = GameSession(GameSetup(GameConfig(), seats("human", "human"), seed=4))
    session.start()
    play_out(session, stop=lambda s: s.state.decision == "turn")
    assert not session.can_undo()  # nothing done yet this turn
    before = session.state.to_json()
    seat = session.state.current_player
    action = next(a for a in session.legal_actions() if a[0] != "end")
    session.play(action)
    assert session.state.current_player == seat
    assert session.can_undo()
    assert session.undo()
    assert session.state.to_json() == before
    assert not session.can_undo()


def test_no_undo_into_an_ai_players_moves():
    session = GameSession(GameSetup(GameConfig(), seats("human", "random"), seed=5))
    session.start()
    play_out(session, stop=lambda s: s.is_ai_turn() and s.state.decision == "turn")
    assert not session.can_undo()  # the AI's turn: nobody takes anything back
    play_out(session, stop=lambda s: s.is_human_turn())
    assert not session.can_undo()
    assert not session.undo()


def test_the_ai_thinks_on_another_thread_and_answers_legally():
    session = GameSession(GameSetup(GameConfig(), seats("easy", "human"), seed=6))
    session.start()
    play_out(session, stop=lambda s: s.is_ai_turn())
    move = session.think()
    assert isinstance(move, AIMove)
    assert move._thread is not threading.current_thread()
    assert session.think() is move  # asking again does not start a second search
    assert move.wait(30)
    assert session.ai_action() in session.legal_actions()


def test_a_complete_game_with_chateauma_saves_and_loads_exactly(tmp_path):
    setup = GameSetup(GameConfig(players=3, chateauma="hard+A"),
                      (SeatSpec("human", "Ann", 0), SeatSpec("ai", "Bot", 1, "easy"),
                       SeatSpec("chateauma", "Châteauma", 2)), seed=11)
    session = GameSession(setup)
    session.start()
    play_out(session, seed=2)
    assert session.over
    path = tmp_path / "game.json"
    session.save(path)
    loaded = GameSession.load(path)
    assert loaded.state.to_json() == session.state.to_json()
    assert loaded.setup == setup
    series = session.history.series()
    assert len(series) == 26  # the start of each of the 25 rounds, and the end
    assert loaded.history.series() == series
    assert series[-1] == session.state.scores()


def test_a_game_saved_midway_resumes_where_it_stopped(tmp_path):
    session = GameSession(GameSetup(GameConfig(players=2), seats("human", "random"), seed=8))
    session.start()
    play_out(session, stop=lambda s: s.state.phase == 2)
    path = tmp_path / "mid.json"
    session.save(path)
    loaded = GameSession.load(path)
    assert loaded.state.to_json() == session.state.to_json()
    assert loaded.history.series() == session.history.series()
    # both continue identically: chance continues from the same seeded RNG
    play_out(session, seed=9)
    play_out(loaded, seed=9)
    assert loaded.state.scores() == session.state.scores()


@pytest.mark.parametrize("damage", ["truncate", "foreign", "bad_record", "bad_action",
                                    "action_not_text", "float_goods"])
def test_a_damaged_save_gives_a_clear_error_and_stays_untouched(tmp_path, damage):
    config = GameConfig(board_mode="basic")  # the phase's goods are drawn before any decision
    session = GameSession(GameSetup(config, seats("human", "human"), seed=1))
    session.start()
    session.play(session.legal_actions()[0])
    path = tmp_path / "g.json"
    session.save(path)
    text = path.read_text()
    doc = json.loads(text)
    if damage == "truncate":
        text = text[: len(text) // 2]
    elif damage == "foreign":
        doc["payload"] = {"kind": "spreadsheet"}
        text = json.dumps(doc)
    elif damage == "bad_record":
        doc["payload"]["record"]["config"]["players"] = 9
        text = json.dumps(doc)
    elif damage == "bad_action":
        doc["payload"]["record"]["steps"][-1] = {"action": "place 9 zz@99"}
        text = json.dumps(doc)
    elif damage == "action_not_text":
        doc["payload"]["record"]["steps"][-1] = {"action": 7}
        text = json.dumps(doc)
    else:  # [6, 1, 1, 1, 1.0]: 1.0 == 1 passed every check and broke the table later
        phase = next(s for s in doc["payload"]["record"]["steps"] if s.get("step") == "phase")
        goods = phase["chance"]["goods"]
        goods[-1] = float(goods[0])
        text = json.dumps(doc)
    path.write_text(text)
    with pytest.raises(persistence.SaveError) as err:
        GameSession.load(path)
    assert str(err.value)
    assert path.read_text() == text


def test_loading_replays_once_and_yields_history_log_and_undo_points(tmp_path, monkeypatch):
    session = GameSession(GameSetup(GameConfig(players=4), seats("human", "random", "random",
                                                                 "random"), seed=2))
    events = session.start()
    rng = random.Random(3)
    while not (session.state.phase == 2 and session.is_human_turn()
               and session.can_undo()):
        if session.is_ai_turn():
            move = session.think()
            assert move.wait(30)
            events += session.play(move.result())
        else:
            actions = session.legal_actions()
            events += session.play(actions[rng.randrange(len(actions))])
    path = tmp_path / "g.json"
    session.save(path)
    from game.rules import GameState
    applied = []
    apply = GameState.apply
    monkeypatch.setattr(GameState, "apply",
                        lambda self, action: (applied.append(action), apply(self, action))[1])
    loaded = GameSession.load(path)
    actions = sum(1 for step in session.match.record.steps if "action" in step)
    assert len(applied) == actions  # every recorded action applied once, not three times
    assert loaded.history.series() == session.history.series()
    assert loaded.past_events == events
    # The person may still take back the moves they made this turn before saving.
    assert loaded.can_undo()
    assert loaded.undo() and session.undo()
    assert loaded.state.to_json() == session.state.to_json()
