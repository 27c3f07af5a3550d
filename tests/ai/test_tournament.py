"""The tournament harness plays seat-swapped games and summarises them."""

from __future__ import annotations

import argparse
import json

import pytest

from game.ai import tournament


def run(capsys, *argv: str) -> str:
    parser = argparse.ArgumentParser()
    tournament.add_arguments(parser)
    assert tournament.run(parser.parse_args(list(argv))) == 0
    return capsys.readouterr().out


def test_json_summary_counts_every_seat(capsys):
    out = run(capsys, "--seats", "easy,random", "--games", "4", "--seed", "3", "--workers", "1",
              "--json")
    data = json.loads(out)
    tiers = data["tiers"]
    assert tiers["easy"]["seats"] == tiers["random"]["seats"] == 4
    assert tiers["easy"]["wins"] + tiers["random"]["wins"] == 4
    assert [g["seats"] for g in data["games"][:2]] == [["easy", "random"], ["random", "easy"]]
    lo, hi = tiers["easy"]["win_rate_95ci"]
    assert 0 <= lo <= tiers["easy"]["win_rate"] <= hi <= 1


def test_the_cpu_seconds_of_a_turn_are_the_deciding_threads(capsys):
    """CPU s/turn counts the work of the thread that chooses: a searching tier's turn
    costs CPU time, and never more than the wall-clock time it took."""
    out = run(capsys, "--seats", "medium,random", "--games", "2", "--seed", "3",
              "--workers", "1", "--json")
    medium = json.loads(out)["tiers"]["medium"]
    assert 0 < medium["median_turn_cpu_seconds"] <= medium["p95_turn_cpu_seconds"]
    # the thread's CPU time within the wall-clock time (a little slack for clock ticks)
    assert medium["median_turn_cpu_seconds"] <= medium["median_turn_seconds"] + 0.01
    text = run(capsys, "--seats", "medium,random", "--games", "2", "--seed", "3",
               "--workers", "1")
    assert "CPU s/turn median" in text


def test_text_table_and_three_players(capsys):
    out = run(capsys, "--players", "3", "--seats", "random,random,easy", "--games", "3",
              "--workers", "2")
    assert "win rate" in out and "random" in out and "easy" in out


def test_wilson_interval():
    lo, hi = tournament.wilson(80, 100)
    assert 0.70 < lo < 0.72 and 0.86 < hi < 0.88


def test_chateauma_keeps_the_last_seat_while_the_others_rotate(capsys):
    out = run(capsys, "--players", "3", "--seats", "easy,chateauma:hard+A+B+C+D,random",
              "--games", "2", "--seed", "4", "--workers", "1", "--json")
    data = json.loads(out)
    assert [g["seats"] for g in data["games"]] == [
        ["easy", "random", "chateauma:hard+A+B+C+D"],
        ["random", "easy", "chateauma:hard+A+B+C+D"]]
    automa = data["tiers"]["chateauma:hard+A+B+C+D"]
    assert automa["seats"] == 2 and automa["decisions"] == 0


def test_seat_texts_are_unambiguous():
    seats, automa = tournament.parse_seats("hard:0.5,medium@3,hard:0.2@8,chateauma:medium+D")
    assert [(s.tier, s.time_budget, s.iterations) for s in seats] == [
        ("hard", 0.5, None), ("medium", None, 3), ("hard", 0.2, 8)]
    assert automa.label == "chateauma:medium+D"
    assert tournament.parse_seats("easy,chateauma")[1].label == "chateauma:medium"
    for bad in ("grandmaster", "hard:fast", "chateauma:impossible", "chateauma,chateauma,easy",
                "chateauma:easy"):
        with pytest.raises(argparse.ArgumentTypeError):
            tournament.parse_seats(bad)


def test_a_hard_seat_may_name_how_its_continuations_play():
    seats, _ = tournament.parse_seats("hard+staged@8,hard+learned+greedy,hard")
    assert [(s.tier, s.iterations, s.value, s.rollout) for s in seats] == [
        ("hard", 8, None, "staged"), ("hard", None, "learned", "greedy"),
        ("hard", None, None, None)]
    assert [s.label for s in seats] == ["hard+staged@8", "hard+learned+greedy", "hard"]
    for bad in ("medium+staged", "hard+staged+greedy", "hard+deep"):
        with pytest.raises(argparse.ArgumentTypeError):
            tournament.parse_seats(bad)


def test_a_run_with_iteration_budgets_is_reproducible(capsys):
    argv = ("--seats", "medium@1,easy", "--games", "2", "--seed", "5", "--workers", "1",
            "--json")
    first = json.loads(run(capsys, *argv))["games"]
    assert json.loads(run(capsys, *argv))["games"] == first


def test_the_main_command_line_runs_a_tournament(capsys):
    from game import cli
    assert cli.main(["tournament", "--seats", "easy,random", "--games", "1", "--workers",
                     "1"]) == 0
    assert "win rate" in capsys.readouterr().out


def test_the_team_game_counts_a_win_for_both_partners_and_shows_the_teams(capsys):
    out = run(capsys, "--players", "4", "--modules", "team", "--seats",
              "random,easy,random,easy", "--games", "2", "--seed", "2", "--workers", "1",
              "--json")
    data = json.loads(out)
    for game in data["games"]:
        winners, losers = game["teams"]
        assert sorted(winners + losers) == [0, 1, 2, 3]
        assert {game["seats"][s] for s in winners} in ({"random"}, {"easy"})
    tiers, teams = data["tiers"], data["teams"]
    assert tiers["random"]["wins"] + tiers["easy"]["wins"] == 2 * 2   # both partners
    assert set(teams) == {"random & random", "easy & easy"}
    assert sum(t["wins"] for t in teams.values()) == 2
    assert all(t["games"] == 2 for t in teams.values())
    sums = [sum(g["scores"][s] for s in g["teams"][0]) for g in data["games"]]
    assert all(s >= sum(g["scores"][q] for q in g["teams"][1])
               for s, g in zip(sums, data["games"]))
