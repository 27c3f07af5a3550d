"""The command line refuses numbers out of range as argparse errors: the usage and a
message naming the argument, exit status 2, no traceback, nothing run. Files it cannot use
(weights, training folders, games to review) and an output it cannot write end a command
with a message and exit status 2 as well; an output closed under it ends it quietly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # bench-client's options load pygame
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import cli  # noqa: E402

BIG = "9" * 26

REFUSED = [
    ("bench --games 0", "--games"),
    ("bench --games -1", "--games"),
    ("simulate --games -1", "--games"),
    ("simulate --games 0", "--games"),
    ("tournament --games 0", "--games"),
    ("openings --games 0", "--games"),
    ("tournament --workers 0", "--workers"),
    ("tournament --workers -3", "--workers"),
    ("openings --workers 0", "--workers"),
    ("openings --workers -3", "--workers"),
    ("tournament --time-budget -1", "--time-budget"),
    ("tournament --time-budget 0", "--time-budget"),
    ("tournament --time-budget nan", "--time-budget"),
    ("tournament --time-budget inf", "--time-budget"),
    ("tournament --iterations 0", "--iterations"),
    ("tournament --iterations -1", "--iterations"),
    ("tournament --seats hard:-1,easy", "hard:-1"),
    ("tournament --seats hard:nan,easy", "hard:nan"),
    ("tournament --seats hard:inf,easy", "hard:inf"),
    ("tournament --seats hard@0,easy", "hard@0"),
    ("tournament --seats easy,medium@-2", "medium@-2"),
    ("tournament --seats hard+learned@0,easy", "hard+learned@0"),
    ("tournament --value nothing.npz", "--value"),
    ("train --games 0", "--games"),
    ("train --workers 0", "--workers"),
    ("train --width 0", "--width"),
    ("train --explore 1.5", "--explore"),
    ("train --explore -0.1", "--explore"),
    ("train --epochs 0", "--epochs"),
    ("train --hidden 0", "--hidden"),
    ("train --batch -4", "--batch"),
    ("train --rate 0", "--rate"),
    ("train --rate nan", "--rate"),
    ("train --blend 2", "--blend"),
    ("train --match-games 0", "--match-games"),
    ("train --match-iterations 0", "--match-iterations"),
    ("bench-client --size abc", "--size"),
    ("bench-client --size 10x", "--size"),
    ("bench-client --size 1x1x1", "--size"),
    ("bench-client --size 0x0", "--size"),
    ("bench-client --size 100000x100000", "--size"),
    ("bench-client --frames 0", "--frames"),
    ("bench-client --decisions -1", "--decisions"),
    ("bench-client --idle-seconds -1", "--idle-seconds"),
    ("bench-client --idle-seconds nan", "--idle-seconds"),
    # every count has a maximum: a slip of the keyboard must not run for ever
    (f"simulate --games {BIG}", "--games"),
    ("simulate --games 1000001", "--games"),
    (f"bench --games {BIG}", "--games"),
    (f"tournament --games {BIG}", "--games"),
    (f"openings --games {BIG}", "--games"),
    ("tournament --time-budget 1e20", "--time-budget"),
    ("tournament --time-budget 3601", "--time-budget"),
    (f"tournament --iterations {BIG}", "--iterations"),
    ("tournament --workers 1000000", "--workers"),
    (f"tournament --seats hard@{BIG},easy", "hard@"),
    ("tournament --seats hard@1e20,easy", "hard@1e20"),
    ("tournament --seats hard:1e20,easy", "hard:1e20"),
    (f"train --games {BIG}", "--games"),
    (f"train --epochs {BIG}", "--epochs"),
    (f"train --hidden {BIG}", "--hidden"),
    (f"train --batch {BIG}", "--batch"),
    (f"train --width {BIG}", "--width"),
    (f"train --match-games {BIG}", "--match-games"),
    (f"train --match-iterations {BIG}", "--match-iterations"),
    ("train --seed -1", "--seed"),
    (f"review --iterations {BIG} game.json", "--iterations"),
    (f"review --samples {BIG} game.json", "--samples"),
]


@pytest.mark.parametrize("line, named", REFUSED, ids=[line for line, _ in REFUSED])
def test_numbers_out_of_range_are_refused_with_a_message(capsys, line: str, named: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(line.split())
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert f"main.py {line.split()[0]}: error: argument" in err
    assert named in err
    assert "out of range" in err or "not a" in err


def test_the_smallest_accepted_numbers_run(capsys) -> None:
    assert cli.main(["simulate", "--games", "1", "--json"]) == 0
    assert '"games": 1' in capsys.readouterr().out


MODULES_REFUSED = [
    ("simulate --modules nope", "'nope' is not a module (choose from boards_11_18"),
    ("simulate --modules boards_11_18,,tiles2", "an empty name between commas"),
    ("simulate --boards basic --modules boards_11_18",
     "'boards_11_18' gives every player another duchy than board 1"),
    ("simulate --boards basic --modules identical_board:20",
     "choose the advanced, random or free board mode"),
    ("simulate --rules alea2019 --modules boards_11_18", "do not offer 'boards_11_18'"),
    ("simulate --rules original --modules identical_board:21",
     "'identical_board' takes one of 19, 20, not '21'"),
    ("simulate --modules boards_11_18:12", "'boards_11_18' takes no parameter"),
    ("simulate --modules tiles2,tiles2", "'tiles2' is chosen twice"),
    ("bench --modules boards_11_18,identical_board:20",
     "'boards_11_18' cannot be combined with 'identical_board'"),
    ("bench --rules yucata --modules tiles2", "they offer no modules"),
    ("tournament --modules castle_connection", "'castle_connection' needs 'boards_11_18'"),
    ("tournament --rules original --modules castle_connection,identical_board",
     "cannot be combined"),
]


@pytest.mark.parametrize("line, why", MODULES_REFUSED, ids=[line for line, _ in MODULES_REFUSED])
def test_module_lists_the_rules_refuse_are_argparse_errors(capsys, line: str, why: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(line.split())
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert f"main.py {line.split()[0]}: error: argument --modules: " in err
    assert why in err


def test_simulate_plays_the_modules_it_is_given(capsys) -> None:
    assert cli.main(["simulate", "--games", "2", "--players", "3", "--boards", "random",
                     "--modules", "boards_11_18, castle_connection", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["modules"] == ["boards_11_18", "castle_connection"]
    assert cli.main(["simulate", "--games", "1", "--modules", ""]) == 0  # none
    assert "(special)" in capsys.readouterr().out


def test_bench_and_tournament_take_modules(capsys) -> None:
    assert cli.main(["bench", "--games", "1", "--rules", "original",
                     "--modules", "identical_board:20"]) == 0
    assert "rules original, modules identical_board:20" in capsys.readouterr().out
    assert cli.main(["tournament", "--games", "1", "--workers", "1", "--seats", "easy,easy",
                     "--modules", "identical_board:22", "--json"]) == 0
    meta = json.loads(capsys.readouterr().out)["meta"]
    assert meta["modules"] == ["identical_board:22"]


SEATS_REFUSED = [
    ("hard:,easy", "seat 'hard:': a number must follow :"),
    ("hard@,easy", "seat 'hard@': a number must follow @"),
    ("hard:0.5@,easy", "seat 'hard:0.5@': a number must follow @"),
    ("hard+learned:,easy", "seat 'hard+learned:': a number must follow :"),
    ("easy,chateauma:", "seat 'chateauma:': a difficulty must follow :"),
]


@pytest.mark.parametrize("seats, why", SEATS_REFUSED, ids=[s for s, _ in SEATS_REFUSED])
def test_a_seat_with_nothing_after_its_colon_or_at_is_refused(capsys, seats: str,
                                                              why: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["tournament", "--games", "1", "--seats", seats])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"main.py tournament: error: argument --seats: {why}" in err


# --- weights files ------------------------------------------------------------------------

def _weights(tmp_path: Path, **changed) -> Path:
    """A valid network's arrays with some changed (None: left out), as a weights file."""
    from game.ai.features import SIZE
    from game.ai.network import ValueNet
    arrays: dict[str, Any] = dict(ValueNet((SIZE, 4, 2, 1), seed=1).arrays())
    arrays.update(changed)
    path = tmp_path / "value.npz"
    np.savez(path, **{k: v for k, v in arrays.items() if v is not None})
    return path


def _truncated(tmp_path: Path) -> Path:
    path = _weights(tmp_path)
    path.write_bytes(path.read_bytes()[:700])
    return path


def _empty(tmp_path: Path) -> Path:
    path = tmp_path / "value.npz"
    path.write_bytes(b"")
    return path


def _wrong_shape(tmp_path: Path) -> Path:
    from game.ai.network import ValueNet
    path = tmp_path / "value.npz"
    ValueNet((12, 4, 2, 1)).save(path)  # a whole network, but not of a position's features
    return path


def _not_finite(value: float):
    def make(tmp_path: Path) -> Path:
        from game.ai.features import SIZE
        w1 = np.ones((4, 2))
        w1[1, 1] = value
        return _weights(tmp_path, w1=w1, sizes=np.array([SIZE, 4, 2, 1]))
    return make


def _no_layers(tmp_path: Path) -> Path:
    from game.ai.features import SIZE
    return _weights(tmp_path, sizes=np.array([SIZE]), w0=None, b0=None, w1=None, b1=None,
                    w2=None, b2=None)


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "value.npz"
    os.mkfifo(path)
    return path


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "value.npz"
    path.mkdir()
    return path


WEIGHTS_REFUSED = [
    (_truncated, "damaged or cut short"),
    (_empty, "the file is empty"),
    (_wrong_shape, "takes 12 inputs, not the"),
    (_not_finite(float("nan")), "'w1' holds values that are not finite"),
    (_not_finite(float("inf")), "'w1' holds values that are not finite"),
    (_no_layers, "the network has no layers"),
    (_fifo, "not a regular file"),
    (_folder, "not a regular file"),
]


@pytest.mark.parametrize("make, why", WEIGHTS_REFUSED,
                         ids=["truncated", "empty", "wrong shape", "nan", "inf", "no layers",
                              "fifo", "folder"])
def test_tournament_refuses_a_weights_file_it_cannot_use(capsys, tmp_path, make, why) -> None:
    if make is _fifo and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    path = make(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["tournament", "--games", "1", "--workers", "1",
                  "--seats", "medium+learned@1,easy", "--value", str(path)])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert f"argument --value: {path} is not a usable weights file: " in err
    assert why in err


# --- the training folder ------------------------------------------------------------------

def _train(tmp_path: Path, folder: str) -> tuple[int, str]:
    """`train` on a folder, run from tmp_path; its status and what it said."""
    return _run(["train", "--dir", folder, "--games", "1", "--workers", "1"], tmp_path)


def _run(argv: list[str], cwd: Path, stdout=subprocess.PIPE) -> tuple[int, str]:
    """A command run as a program (its status and stderr), the project on its path."""
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, str(root / "main.py"), *argv], cwd=cwd, env=env,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300,
                          check=False)
    return done.returncode, done.stderr


def test_train_refuses_a_dir_that_is_a_file_and_leaves_it(tmp_path) -> None:
    (tmp_path / "notes").write_text("precious", encoding="utf-8")
    status, err = _train(tmp_path, "notes")
    assert (status, err) == (2, "train: --dir notes is not a folder\n")
    assert (tmp_path / "notes").read_text(encoding="utf-8") == "precious"


def test_train_refuses_dev_null_as_its_dir(tmp_path) -> None:
    if not os.path.exists(os.devnull) or os.name == "nt":
        pytest.skip("no /dev/null here")
    assert _train(tmp_path, os.devnull) == (2, f"train: --dir {os.devnull} is not a folder\n")


def test_train_refuses_a_dir_it_cannot_make(tmp_path) -> None:
    (tmp_path / "notes").write_text("precious", encoding="utf-8")
    status, err = _train(tmp_path, "notes/run")   # inside a file: no folder can be made
    assert status == 2
    assert err.startswith("train: cannot make the folder notes/run (")
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


@pytest.mark.parametrize("text, why", [("{options", "is not a run's options (Expecting"),
                                       ('["special"]', "it holds a list, not an object"),
                                       ("", "is not a run's options (Expecting value")],
                         ids=["not json", "a list", "empty"])
def test_train_refuses_a_run_json_that_is_not_a_runs_options(tmp_path, text, why) -> None:
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / "run.json").write_text(text, encoding="utf-8")
    status, err = _train(tmp_path, "run")
    assert status == 2
    assert err.startswith(f"train: {Path('run') / 'run.json'} ")
    assert why in err and "Traceback" not in err
    assert (folder / "run.json").read_text(encoding="utf-8") == text
    assert sorted(p.name for p in folder.iterdir()) == ["run.json"]


def test_train_refuses_another_runs_folder_whose_run_json_is_not_an_object(tmp_path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "run.json").write_text("[2]", encoding="utf-8")
    status, err = _run(["train", "--dir", "run", "--more-data", "other"], tmp_path)
    assert status == 2
    assert "it holds a list, not an object" in err and "Traceback" not in err
    assert not (tmp_path / "run").exists()


def test_train_refuses_an_empty_dir_name_before_anything_runs(capsys, tmp_path,
                                                              monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["train", "--dir", "", "--games", "1"])
    assert exit_.value.code == 2
    assert "argument --dir: an empty name is not a folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_train_refuses_a_huge_hidden_layer_before_the_self_play(capsys, tmp_path,
                                                                monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["train", "--dir", "run", "--games", "1", "--hidden", BIG])
    assert exit_.value.code == 2
    assert "argument --hidden: " in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no game was played, nothing written


def test_train_refuses_a_damaged_accepted_network_before_the_self_play(tmp_path) -> None:
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / "best.npz").write_bytes(b"PK\x03\x04 not really")
    status, err = _run(["train", "--dir", "run", "--games", "1", "--self-play", "learned"],
                       tmp_path)
    assert status == 2
    assert f"{Path('run') / 'best.npz'} is not a usable weights file" in err
    assert not (folder / "data").exists()


# --- games to review ----------------------------------------------------------------------

def _record(rules) -> dict:
    from game.rules import GameConfig, GameRecord
    doc = GameRecord(GameConfig(), 1, []).to_dict()
    doc["config"]["rules"] = rules
    return doc


def _save(rules, where: str) -> dict:
    from game.rules import GameConfig
    from game.scenes import persistence
    from game.scenes.session import GameSession, GameSetup, SeatSpec
    setup = GameSetup(GameConfig(players=2), (SeatSpec("human", "Ann", 0),
                                              SeatSpec("ai", "Bot", 1, "random")), seed=3)
    doc = persistence.make_envelope(GameSession(setup).to_payload())
    doc["payload"][where]["config"]["rules"] = rules
    return doc


@pytest.mark.parametrize("doc", [_record(["special"]), _record({"special": 1}),
                                 _save(["special"], "record"), _save({"a": 1}, "setup")],
                         ids=["record, a list", "record, an object", "save, a list",
                              "save's setup, an object"])
def test_review_refuses_a_game_whose_rule_set_is_not_a_name(capsys, tmp_path, doc) -> None:
    path = tmp_path / "game.json"
    text = json.dumps(doc)
    path.write_text(text, encoding="utf-8")
    assert cli.main(["review", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"review: {path}: the rule set must be text, not ")
    assert path.read_text(encoding="utf-8") == text


# --- the output ---------------------------------------------------------------------------

def _short_game(tmp_path: Path) -> Path:
    """A game record of a few turns, quick to review."""
    import random

    from game.rules import GameConfig
    from game.rules.record import Match
    match = Match(GameConfig(), seed=4)
    rng = random.Random(4)
    match.resolve_chance()
    for _ in range(12):
        match.play(rng.choice(match.state.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(match.record.to_json(), encoding="utf-8")
    return path


FULL = "/dev/full"
needs_full = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full here")


@needs_full
def test_simulate_to_a_full_output_ends_with_a_message(tmp_path) -> None:
    with open(FULL, "w") as full:
        status, err = _run(["simulate", "--games", "3"], tmp_path, stdout=full)
    assert (status, err) == (2, "main.py simulate: No space left on device\n")


@needs_full
def test_review_to_a_full_output_ends_with_a_message(tmp_path) -> None:
    game = _short_game(tmp_path)
    with open(FULL, "w") as full:
        status, err = _run(["review", "--iterations", "1", "--samples", "1", str(game)],
                           tmp_path, stdout=full)
    assert (status, err) == (2, "main.py review: No space left on device\n")


def _closed_pipe(argv: list[str], cwd: Path) -> tuple[int, str]:
    """The command writing into a pipe whose reader is gone (`... | head -0`)."""
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "w") as pipe:
        return _run(argv, cwd, stdout=pipe)


@pytest.mark.skipif(os.name == "nt", reason="POSIX pipes")
def test_simulate_into_a_closed_pipe_ends_quietly(tmp_path) -> None:
    assert _closed_pipe(["simulate", "--games", "2"], tmp_path) == (cli.CLOSED_OUTPUT, "")


@pytest.mark.skipif(os.name == "nt", reason="POSIX pipes")
def test_review_into_a_closed_pipe_ends_quietly(tmp_path) -> None:
    game = _short_game(tmp_path)
    argv = ["review", "--iterations", "1", "--samples", "1", str(game)]
    assert _closed_pipe(argv, tmp_path) == (cli.CLOSED_OUTPUT, "")


# --- the solo game ------------------------------------------------------------------------

def test_simulate_says_whether_a_solo_game_was_won(capsys) -> None:
    """SE l.877: "Du gewinnst das Spiel, wenn du innerhalb der 25 Züge alle 37 Felder auf
    dem Tableau belegt hast." Not by points: a game lost has no "winner P1"."""
    from game.rules import GameConfig, solo_result
    from game.simulate import play_random_game
    assert cli.main(["simulate", "--players", "1", "--modules", "solo", "--games", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    config = GameConfig(players=1, modules=("solo",))
    for seed, line in enumerate(lines[:3]):
        result = solo_result(play_random_game(config, seed).state)
        assert "winner" not in line
        said = ("won: all 37 spaces filled" if result.won
                else f"lost: {result.filled} of 37 spaces filled")
        assert said in line
        assert f"target reached {result.resets} time" in line
    assert lines[3].endswith(f", {sum('  won: ' in line for line in lines[:3])} won")


def test_simulate_says_a_solo_game_with_every_space_filled_was_won() -> None:
    """SE l.877: "Du gewinnst das Spiel, wenn du innerhalb der 25 Züge alle 37 Felder auf
    dem Tableau belegt hast." """
    from game.rules import GameConfig
    from game.simulate import play_random_game
    state = play_random_game(GameConfig(players=1, modules=("solo",)), 0).state
    assert cli._outcome(state).startswith("lost: ")
    state.players[0].occupied = (1 << 37) - 1   # the estate's 37 spaces
    assert cli._outcome(state) == ("won: all 37 spaces filled, target reached "
                                   f"{state.ext['solo'].resets} time"
                                   f"{'' if state.ext['solo'].resets == 1 else 's'}")


def test_simulate_json_carries_the_solo_result(capsys) -> None:
    assert cli.main(["simulate", "--players", "1", "--modules", "solo", "--games", "2",
                     "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [sorted(g["solo"]) for g in doc["games"]] == [
        ["counter", "filled", "resets", "target", "won"]] * 2
    assert doc["summary"]["solo_won"] == sum(g["solo"]["won"] for g in doc["games"])


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_ctrl_c_stops_a_command_with_a_word_and_no_traceback(tmp_path) -> None:
    import signal
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen([sys.executable, str(root / "main.py"), "simulate", "--games",
                           "1000000"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith("game    1 ")   # it is playing
        process.send_signal(signal.SIGINT)
        err = process.stderr.read()
        assert process.wait(timeout=60) == cli.INTERRUPTED
    assert err == "main.py simulate: interrupted\n"
