"""The game review: turns found in a record, Hard's preferred turn, the expected loss, the
costliest turns, and `python main.py review` on save files and records."""

from __future__ import annotations

import json
import random

import pytest

from game import cli
from game.ai.review import costliest, review, review_turn, turns_in
from game.rules import GameConfig, GameState, Match, replay
from game.rules.record import GameRecord
from game.scenes.persistence import write_save
from game.scenes.session import SESSION_FORMAT, SESSION_VERSION, GameSetup, SeatSpec

FAST = {"iterations": 2, "samples": 1}


def played_record(phases: int = 1, config: GameConfig | None = None,
                  seed: int = 3) -> GameRecord:
    """A seeded game of random moves, stopped once `phases` phases are over."""
    match = Match(config or GameConfig(players=2), seed)
    pick = random.Random(seed).random
    match.resolve_chance()
    while not match.state.is_terminal() and match.state.phase < phases:
        legal = match.state.legal_actions()
        match.play(legal[int(pick() * len(legal))])
    return match.record


def test_a_phase_has_five_turns_per_player_and_they_replay_the_game():
    record = played_record()
    turns = list(turns_in(record, {0, 1}))
    assert [start.current_player for _, start, _ in turns].count(0) == 5
    assert [start.current_player for _, start, _ in turns].count(1) == 5
    # every turn begins where the game stood at its record step, and its actions are the
    # record's actions from there
    for step, start, actions in turns:
        assert start.phase == 0 and start.chance is None
        assert [s["action"] for s in record.steps[step:step + len(actions)]] == [
            cli_text(a) for a in actions]
    # only the asked seats
    assert {start.current_player for _, start, _ in turns_in(record, {1})} == {1}


def cli_text(action):
    from game.rules import action_text
    return action_text(action)


def test_the_turn_hard_prefers_loses_nothing_and_agrees():
    _, start, played = next(iter(turns_in(played_record(), {0})))
    first = review_turn(start, played, seed=5, **FAST)
    again = review_turn(start, first.best, seed=5, **FAST)
    assert again.agrees and again.loss == 0.0
    assert again.best == first.best


def test_a_review_is_the_same_every_time():
    record = played_record()
    a = review(record, {0}, seed=1, **FAST)
    b = review(record, {0}, seed=1, **FAST)
    assert [(r.played, r.best, r.played_value, r.best_value) for r in a] == [
        (r.played, r.best, r.played_value, r.best_value) for r in b]


def test_a_weak_turn_costs_points():
    """Taking workers with both dice on the first turn, with the depots full, is a turn
    Hard does not play, and it is expected to cost points."""
    record = played_record(phases=0)
    state = replay(record)
    assert state.phase == 0 and state.current_player >= 0
    seat = state.current_player
    lazy = []
    s = state.clone()
    while s.current_player == seat and s.chance is None and not s.terminal:
        action = next((a for a in s.legal_actions() if a[0] == "workers"),
                      s.legal_actions()[-1])
        lazy.append(action)
        s.apply(action)
    r = review_turn(state, tuple(lazy), seed=2, iterations=8, samples=4)
    assert not r.agrees
    assert r.loss > 0


def test_the_costliest_turns_are_the_three_largest_losses_in_play_order():
    class R:
        def __init__(self, loss):
            self.loss = loss
    reviews = [R(x) for x in (0.0, 5.0, 1.0, 9.0, 5.0, 0.5, 7.0)]
    assert costliest(reviews) == [1, 3, 6]
    assert costliest([R(0.0), R(2.0)]) == [1]   # a turn that lost nothing is never marked


def _run(capsys, *args):
    code = cli.main(["review", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_reviews_the_people_of_a_save_file(tmp_path, capsys):
    record = played_record()
    setup = GameSetup(record.config, (SeatSpec("ai", "Anna", 0, "medium"),
                                      SeatSpec("human", "Bert", 1)), record.seed)
    path = tmp_path / "game.json"
    write_save(path, {"kind": SESSION_FORMAT, "version": SESSION_VERSION,
                      "setup": setup.to_dict(), "record": record.to_dict()})
    code, out, err = _run(capsys, str(path), "--iterations", "2", "--samples", "1",
                          "--lang", "en")
    assert code == 0, err
    assert out.startswith("Bert: 5 turns reviewed (game not finished)")
    assert "Anna" not in out
    assert out.count("played:") == 5
    assert "Expected points lost in all" in out


def test_the_command_reads_a_bare_record_and_prints_json(tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(played_record().to_json())
    code, out, _ = _run(capsys, str(path), "--seat", "1", "--json", *_fast_args())
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == 5 and {r["seat"] for r in rows} == {0}
    assert all(r["expected_loss"] >= 0 and r["phase"] == 1 for r in rows)


def _fast_args():
    return ["--iterations", "2", "--samples", "1"]


@pytest.mark.parametrize("content", [b"", b"{", b"\x00\xff", b'{"format": "other"}',
                                     b'{"format": "castles-of-burgundy-record", "version": 1,'
                                     b' "config": {"players": 2}, "steps": [{"action": "x"}]}'])
def test_a_damaged_or_foreign_file_gets_a_message_and_stays_as_it_was(tmp_path, capsys,
                                                                      content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out, err = _run(capsys, str(path))
    assert code == 2 and out == ""
    assert err.startswith("review: ") and "Traceback" not in err
    assert path.read_bytes() == content


def test_a_seat_outside_the_game_is_refused(tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(played_record().to_json())
    code, _, err = _run(capsys, str(path), "--seat", "3")
    assert code == 2 and "--seat" in err


def test_a_chateauma_game_reviews_the_people_only():
    record = played_record(config=GameConfig(players=2, chateauma="medium"))
    turns = list(turns_in(record, set(range(record.config.deciders))))
    assert turns and {start.current_player for _, start, _ in turns} == {0}
    r = review_turn(turns[0][1], turns[0][2], **FAST)
    assert isinstance(r.start, GameState) and r.loss >= 0


def test_the_arranged_trade_routes_are_no_turn_to_review():
    """trade_routes:arranged: the routes laid at the setup are not reviewed; the five
    turns of phase A per player are."""
    record = played_record(config=GameConfig(players=2, modules=("trade_routes:arranged",)))
    assert any("route_" in s.get("action", "") for s in record.steps)
    turns = list(turns_in(record, {0, 1}))
    assert len(turns) == 10
    assert all(start.decision == "turn" for _, start, _ in turns)
