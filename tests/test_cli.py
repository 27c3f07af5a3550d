"""The command line refuses numbers out of range as argparse errors: the usage and a
message naming the argument, exit status 2, no traceback, nothing run."""

from __future__ import annotations

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
