"""The opening: which estate board to take and where its start castle goes.

Before a tile lies, the evaluation cannot tell one board or castle space from another: it
sees an empty estate either way, and left to itself it took the basic board with the
castle on space 6 every time. Yet they differ by many points. Self-play measures what the
evaluation cannot foresee: `measure` plays games in `free` board mode in which every
player takes a random board and a random castle space and then plays as Medium does, and
records each player's final score by (board, castle space). Those means, in
`data/openings.json`, are the opening book; Medium and Hard take the board and castle
space with the best estimate among those on offer.

An estimate shrinks each mean towards the one above it (a cell towards its board, a board
towards all games) by its number of games, so a cell seen a few times with a lucky
result does not win on luck: estimate = all + (board - all) * n_b / (n_b + K)
+ (cell - board) * n_c / (n_c + K).

Regenerate a table with `python main.py openings --rules special --games 1600 --write`.
The Special Edition's boards 4 and 8 differ from the older ones, so the Special Edition
has its table and the older rule sets share another ("classic", measured with alea2019).
The tables are measured with two players and used for every player count.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from multiprocessing import Pool
from pathlib import Path

from ..argtypes import GAMES, WORKERS
from ..rules import Action, GameConfig, GameState, get_board, new_game

BOOK_FILE = Path(__file__).with_name("data") / "openings.json"
SHRINK = 25          # K above: games at which a mean counts half
SETUP = ("board", "start_castle")
TABLE_FOR = {"special": "special", "alea2019": "classic", "original": "classic",
             "yucata": "classic"}


def load_book(path: Path = BOOK_FILE) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))["tables"]
    except (OSError, ValueError, KeyError):
        return {}


_BOOK: dict | None = None


def book() -> dict:
    global _BOOK
    if _BOOK is None:
        _BOOK = load_book()
    return _BOOK


def estimate(table: dict, board: str, castle: int) -> float | None:
    """The shrunk estimate of a player's final score with this board and castle space,
    or None if the table has not seen the board."""
    entry = table.get("boards", {}).get(board)
    if entry is None:
        return None
    overall = table["mean"]
    board_mean, board_n = entry["mean"], entry["games"]
    value = overall + (board_mean - overall) * board_n / (board_n + SHRINK)
    cell = entry["castles"].get(str(castle))
    if cell is not None:
        value += (cell["mean"] - board_mean) * cell["games"] / (cell["games"] + SHRINK)
    return value


def opening_choice(state: GameState, table: dict | None = None) -> Action | None:
    """The book's choice of board or castle space, or None when the decision is another
    one or the book does not know every option."""
    if state.decision not in SETUP:
        return None
    if table is None:
        table = book().get(TABLE_FOR.get(state.config.rules, ""), {})
    legal = state.legal_actions()
    p = state.players[state.current_player]
    scored: list[tuple[float, Action]] = []
    for action in legal:
        if action[0] == "board":
            castles = get_board(action[1]).castle_spaces
            values = [estimate(table, action[1], c) for c in castles]
        else:
            values = [estimate(table, p.board.id, action[1])]
        known = [v for v in values if v is not None]
        if len(known) < len(values):
            return None
        scored.append((max(known), action))
    # Ties keep the rules' order of the options, so the choice is deterministic.
    return max(scored, key=lambda e: e[0])[1] if scored else None


# --- measuring a table ---------------------------------------------------------------

def _measure_game(job: tuple) -> list[tuple[str, int, int]]:
    from .players import MediumPlayer
    rules, seed, index = job
    players = [MediumPlayer(seed=seed * 1_000_003 + index * 7 + i) for i in range(2)]
    chance = random.Random(f"openings-{seed}-{index}")
    pick = random.Random(f"openings-pick-{seed}-{index}")
    state = new_game(GameConfig(players=2, rules=rules, board_mode="free"))
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
        elif state.decision in SETUP:
            legal = state.legal_actions()
            state.apply(legal[pick.randrange(len(legal))])
        else:
            state.apply(players[state.current_player].choose(state))
    scores = state.scores()
    return [(p.board.id, p.placements[0][0], scores[i]) for i, p in enumerate(state.players)]


def measure(rules: str, games: int, seed: int = 1, workers: int = 1) -> dict:
    """Play `games` two-player games with random openings; the table of mean final
    scores by board and castle space."""
    jobs = [(rules, seed, g) for g in range(games)]
    if workers > 1:
        with Pool(workers) as pool:
            rows = [r for game in pool.imap_unordered(_measure_game, jobs, chunksize=4)
                    for r in game]
    else:
        rows = [r for job in jobs for r in _measure_game(job)]
    rows.sort()
    table: dict = {"rules": rules, "games": games, "seed": seed,
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


def run(args: argparse.Namespace) -> int:
    from .tournament import worker_count
    workers = worker_count(args.workers, args.games)
    start = time.perf_counter()
    table = measure(args.rules, args.games, args.seed, workers)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, rules {args.rules}, free boards, random openings then Medium, "
          f"seed {args.seed}, {workers} workers, {elapsed:.0f} s; mean final score "
          f"{table['mean']:.1f}")
    for board, entry in table["boards"].items():
        cells = "  ".join(f"{c}: {e['mean']:.1f} ({e['games']})"
                          for c, e in entry["castles"].items())
        print(f"board {board:>10}: {entry['mean']:6.1f} ({entry['games']:4d})   {cells}")
    if args.write:
        name = TABLE_FOR[args.rules]
        try:
            data = json.loads(BOOK_FILE.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        data.setdefault("_about", "Opening book: mean final score by board and start-castle "
                        "space in two-player self-play with random openings (game/ai/openings.py).")
        data.setdefault("tables", {})[name] = table
        tmp = BOOK_FILE.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(BOOK_FILE)
        print(f"written to {BOOK_FILE} as table {name!r}")
    return 0

