"""The command line refuses numbers out of range as argparse errors: the usage and a
message naming the argument, exit status 2, no traceback, nothing run."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # bench-client's options load pygame
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import cli  # noqa: E402

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
