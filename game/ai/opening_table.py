"""Measuring the opening book (openings.py): self-play games in `free` board mode in which
every player takes a random board and a random castle space and then plays as Medium does;
the means of the final scores by (board, castle space) are the table
`python main.py openings --rules special --games 1600 --write` stores in
data/openings.json; with `--modules M` the modules are in play and the table is their own
(openings.MODULE_TABLES: the border posts, duchies 11-18, the castle connection). Kept
apart from openings.py, which the players import to choose their openings, since
measuring plays them."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from multiprocessing import Pool

from ..argtypes import GAMES, WORKERS, module_list
from ..rules import GameConfig, new_game, solo_result
from .openings import (BOOK_FILE, MODULE_TABLES, SETUP, SOLO_MODULE, SOLO_TABLE, TABLE_FOR,
                       table_name)
from .players import MediumPlayer
from .tournament import worker_count


def _measure_game(job: tuple) -> list[tuple[str, int, int]]:
    rules, seed, index, solo, modules = job
    n = 1 if solo else 2
    players = [MediumPlayer(seed=seed * 1_000_003 + index * 7 + i) for i in range(n)]
    chance = random.Random(f"openings-{seed}-{index}")
    pick = random.Random(f"openings-pick-{seed}-{index}")
    if solo:
        # The solo boards 33 and 34 are offered in the advanced mode (SO-0); the target
        # is the rulebook's default.
        config = GameConfig(players=1, rules=rules, board_mode="advanced",
                            modules=(SOLO_MODULE,))
    else:
        config = GameConfig(players=2, rules=rules, board_mode="free", modules=modules)
    state = new_game(config)
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
        elif state.decision in SETUP:
            legal = state.legal_actions()
            state.apply(legal[pick.randrange(len(legal))])
        else:
            state.apply(players[state.current_player].choose(state))
    scores = [solo_result(state).filled] if solo else state.scores()
    return [(p.board.id, p.placements[0][0], scores[i]) for i, p in enumerate(state.players)]


def measure(rules: str, games: int, seed: int = 1, workers: int = 1,
            solo: bool = False, modules: tuple[str, ...] = ()) -> dict:
    """Play `games` two-player games with random openings; the table of mean final
    scores by board and castle space. `solo`: solo games instead, and the mean spaces
    filled (the solo game is won by filling all 37). `modules`: a module of
    MODULE_TABLES in play, its boards offered (free mode offers a module's pool)."""
    jobs = [(rules, seed, g, solo, modules) for g in range(games)]
    if workers > 1:
        with Pool(workers) as pool:
            rows = [r for game in pool.imap_unordered(_measure_game, jobs, chunksize=4)
                    for r in game]
    else:
        rows = [r for job in jobs for r in _measure_game(job)]
    rows.sort()
    table: dict = {"rules": rules, "games": games, "seed": seed, "solo": solo,
                   **({"modules": list(modules)} if modules else {}),
                   "mean": round(statistics.mean(r[2] for r in rows), 2), "boards": {}}
    for board in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == board]
        castles = {}
        for castle in sorted({r[1] for r in mine}):
            cell = [r[2] for r in mine if r[1] == castle]
            castles[str(castle)] = {"mean": round(statistics.mean(cell), 2), "games": len(cell)}
        table["boards"][board] = {"mean": round(statistics.mean(r[2] for r in mine), 2),
                                  "games": len(mine), "castles": castles}
    return table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="special", choices=sorted(TABLE_FOR))
    parser.add_argument("--games", type=GAMES, default=1600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=WORKERS, default=None,
                        help="processes to play games in (default: every available core)")
    parser.add_argument("--write", action="store_true",
                        help=f"store the table in {BOOK_FILE.name} (for the rule sets it serves)")
    parser.add_argument("--solo", action="store_true",
                        help="measure the solo game's boards (33, 34): the spaces filled")
    parser.add_argument("--modules", type=module_list, default=(),
                        help=f"a module with a table of its own in play "
                             f"({', '.join(MODULE_TABLES)})")


def run(args: argparse.Namespace) -> int:
    modules = tuple(args.modules)
    if modules and (args.solo or table_name(GameConfig(players=2, rules=args.rules,
                                                       modules=modules))
                    == TABLE_FOR[args.rules]):
        # a table measured with another module would stand for the base game's
        print(f"openings: --modules takes a module with a table of its own "
              f"({', '.join(MODULE_TABLES)}), without --solo", file=sys.stderr)
        return 2
    workers = worker_count(args.workers, args.games)
    start = time.perf_counter()
    table = measure(args.rules, args.games, args.seed, workers, args.solo, modules)
    elapsed = time.perf_counter() - start
    kind = "solo games" if args.solo else "free boards"
    result = "spaces filled" if args.solo else "final score"
    if modules:
        kind += ", modules " + ",".join(modules)
    print(f"{args.games} games, rules {args.rules}, {kind}, random openings then Medium, "
          f"seed {args.seed}, {workers} workers, {elapsed:.0f} s; mean {result} "
          f"{table['mean']:.1f}")
    for board, entry in table["boards"].items():
        cells = "  ".join(f"{c}: {e['mean']:.1f} ({e['games']})"
                          for c, e in entry["castles"].items())
        print(f"board {board:>10}: {entry['mean']:6.1f} ({entry['games']:4d})   {cells}")
    if args.write:
        name = (SOLO_TABLE if args.solo
                else table_name(GameConfig(players=2, rules=args.rules, modules=modules)))
        try:
            data = json.loads(BOOK_FILE.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        data.setdefault("_about", "Opening book: mean final score by board and start-castle "
                        "space in two-player self-play with random openings; the solo table: "
                        "mean spaces filled in solo games (game/ai/openings.py).")
        data.setdefault("tables", {})[name] = table
        tmp = BOOK_FILE.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(BOOK_FILE)
        print(f"written to {BOOK_FILE} as table {name!r}")
    return 0

