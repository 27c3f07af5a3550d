"""Instructions per random complete game, counted by valgrind's callgrind.

Wall-clock figures move with the machine's load; instruction counts (Ir) do not. For
one configuration (players, rule set, board mode, modules, events on or off) this plays
a fixed seeded set of random complete games (game.simulate.play_random_game, seeds
`--seed` to `--seed + N - 1`) under `valgrind --tool=callgrind` twice: once with N games
and once with none, and prints (Ir(N games) - Ir(0 games)) / N. Both runs import the
rules and play one warm-up game first (seed 10000, not counted), so the difference holds
the N games alone, not the interpreter's start, the imports or the data the rules load
on first use. PYTHONHASHSEED is fixed so both runs hash alike.

    python benchmarks/instructions.py --players 2 --games 10
    python benchmarks/instructions.py --players 2 --modules vineyards --events
    python benchmarks/instructions.py --suite            # the table in README.md

Run it from the repository's root with the project's Python; valgrind must be on PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WARM_UP_SEED = 10_000

# The suite: (label, players, rules, modules, events, the label of the base it is
# compared with). Castle connection needs duchies 11-18 in the Special Edition; the
# 2011 rule set's own modules are compared with its base game.
NINE = ("boards_11_18,castle_connection,tiles2,white_castles,border_posts,inns,shields,"
        "trade_routes,vineyards")
SUITE = [
    ("base 2p", 2, "special", "", False, None),
    ("base 4p", 4, "special", "", False, None),
    ("base 2p events", 2, "special", "", True, None),
    ("base 4p events", 4, "special", "", True, None),
    ("boards_11_18 2p", 2, "special", "boards_11_18", False, "base 2p"),
    ("castle_connection 2p", 2, "special", "boards_11_18,castle_connection", False, "base 2p"),
    ("identical_board 2p", 2, "special", "identical_board", False, "base 2p"),
    ("tiles2 2p", 2, "special", "tiles2", False, "base 2p"),
    ("white_castles 2p", 2, "special", "white_castles", False, "base 2p"),
    ("border_posts 2p", 2, "special", "border_posts", False, "base 2p"),
    ("inns 2p", 2, "special", "inns", False, "base 2p"),
    ("shields 2p", 2, "special", "shields", False, "base 2p"),
    ("trade_routes 2p", 2, "special", "trade_routes", False, "base 2p"),
    ("vineyards 2p", 2, "special", "vineyards", False, "base 2p"),
    ("team 4p", 4, "special", "team", False, "base 4p"),
    ("solo 1p", 1, "special", "solo", False, "base 2p"),
    ("original base 2p", 2, "original", "", False, None),
    ("black_depot_monasteries 2p", 2, "original", "black_depot_monasteries", False,
     "original base 2p"),
    ("monastery_connections 2p", 2, "original", "monastery_connections", False,
     "original base 2p"),
    ("all nine SE 2p", 2, "special", NINE, False, "base 2p"),
    ("all nine SE 4p", 4, "special", NINE, False, "base 4p"),
]


def play(players: int, rules: str, boards: str, modules: str, events: bool, seed: int,
         games: int) -> None:
    """The child's work: the warm-up game, then `games` counted ones."""
    sys.path.insert(0, ROOT)
    from game.rules import GameConfig
    from game.simulate import play_random_game
    config = GameConfig(players=players, rules=rules, board_mode=boards,
                        modules=tuple(m for m in modules.split(",") if m))
    play_random_game(config, WARM_UP_SEED, events)
    for i in range(games):
        play_random_game(config, seed + i, events)


def instructions(python: str, args: list[str]) -> int:
    """Ir of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        env = dict(os.environ, PYTHONHASHSEED="0")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        "--dump-instr=no", "--dump-line=no", python,
                        os.path.abspath(__file__), "--child", *args],
                       check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with open(out) as f:
            text = f.read()
    found = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit(f"no instruction total in callgrind's output {out}")
    return int(found.group(1))


def per_game(python: str, players: int, rules: str, boards: str, modules: str,
             events: bool, seed: int, games: int) -> float:
    common = ["--players", str(players), "--rules", rules, "--boards", boards,
              "--modules", modules, "--seed", str(seed)] + (["--events"] if events else [])
    counted = instructions(python, common + ["--games", str(games)])
    empty = instructions(python, common + ["--games", "0"])
    return (counted - empty) / games


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rules", default="special")
    parser.add_argument("--boards", default="advanced")
    parser.add_argument("--modules", default="", help="comma-separated, as for simulate")
    parser.add_argument("--events", action="store_true",
                        help="build the events, as the client does (off: as the AI plays)")
    parser.add_argument("--games", type=int, default=10,
                        help="games counted (the 4-player ones of --suite: half as many)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--suite", action="store_true",
                        help="every configuration of the README's table")
    parser.add_argument("--only", default="",
                        help="with --suite: the labels to run, comma-separated")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 0 or (args.games == 0 and not args.child):
        parser.error("--games must be at least 1")
    if args.child:
        play(args.players, args.rules, args.boards, args.modules, args.events, args.seed,
             args.games)
        return 0
    if not args.suite:
        ir = per_game(args.python, args.players, args.rules, args.boards, args.modules,
                      args.events, args.seed, args.games)
        print(f"{args.players} players, {args.rules}, {args.boards}"
              f"{', modules ' + args.modules if args.modules else ''}, events "
              f"{'on' if args.events else 'off'}: {ir / 1e6:.2f} M Ir per game "
              f"({args.games} games from seed {args.seed})")
        return 0
    only = set(filter(None, args.only.split(",")))
    wanted = only | {base for label, *_, base in SUITE if label in only and base}
    measured: dict[str, float] = {}
    print(f"{'configuration':30s} {'M Ir/game':>10s} {'x base':>7s}")
    for label, players, rules, modules, events, base in SUITE:
        if only and label not in wanted:
            continue
        games = max(1, args.games // 2) if players == 4 else args.games
        ir = per_game(args.python, players, rules, args.boards, modules, events,
                      args.seed, games)
        measured[label] = ir
        ratio = f"{ir / measured[base]:7.2f}" if base in measured else " " * 7
        print(f"{label:30s} {ir / 1e6:10.2f} {ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
