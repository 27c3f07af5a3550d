"""AI tournaments: complete games between AI tiers, with the seats rotated evenly.

    python main.py tournament --players 2 --seats hard,medium --games 400 --seed 1 \
        [--workers 2] [--time-budget 1.0] [--iterations N] [--rules special] \
        [--modules boards_11_18,tiles2] [--json]

(or `python -m game.ai.tournament ...`). Game g seats the listed tiers rotated by g places
(with two players: swapped every other game), takes its chance from an RNG seeded by
(seed, g) and gives each AI a seed of its own, so game g is reproducible when the players
use iteration budgets, and so is the whole run. A seat may carry its own budgets:
`hard:0.5` (seconds per decision), `hard@48` (iterations), `hard:0.5@48`.

`hard+learned`, `medium+learned` (with budgets: `hard+learned:0.5@48`) search with the
learned evaluation (learned.py): the shipped weights, or the file given by `--value`.
`hard+greedy` (also `hard+learned+greedy`) plays Hard's continuations by greedy turns
instead of staged ones (HardPlayer.rollout), to measure one against the other.

`chateauma:medium`, `chateauma:hard+A+B+C+D` (any difficulty GameConfig accepts) adds
Châteauma: it always takes the last seat, so only the other seats rotate.

Per seat type it prints the win rate with a 95% Wilson interval, the mean and standard
deviation of the final score, seconds per decision (mean, median, 95th percentile) and per
turn (median, 95th percentile: a searching tier thinks once for its whole turn), and the
CPU seconds per turn of the thread that decides (median, 95th percentile): what the
search costs, which on a busy machine the wall clock overstates. The
winner is the game's own ranking (points, then the tie-breaks of docs/rulings.md R2, Châteauma's
ties first), so no game is shared. In the team game (`--modules team`, 4 players: seats 1
and 3 against 2 and 4) the winning team's sum wins (TM-10, P-TM-4), a team's win counts for
both its seats, and a second table shows each pairing of tiers as a team: its games, wins
and mean sum.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field, replace
from multiprocessing import Pool

from ..argtypes import GAMES, ITERATIONS, WORKERS, config_error, module_list, seconds
from ..rules import BOARD_MODES, RULE_SETS, GameConfig, new_game, solo_result, team_results
from . import LEARNED_TIERS, TIERS, make_player


CHATEAUMA = "chateauma"
LEARNED = "learned"


@dataclass(frozen=True)
class Seat:
    """A seat's player: an AI tier with its budgets, or Châteauma at a difficulty."""

    tier: str
    time_budget: float | None = None
    iterations: int | None = None
    difficulty: str | None = None      # Châteauma's, e.g. 'hard+A+B+C+D'
    value: str | None = None           # the learned evaluation's weights (make_player)
    rollout: str | None = None         # Hard's continuations (make_player)

    @property
    def label(self) -> str:
        if self.tier == CHATEAUMA:
            return f"{CHATEAUMA}:{self.difficulty}"
        text = (self.tier + (f"+{LEARNED}" if self.value else "")
                + (f"+{self.rollout}" if self.rollout else ""))
        if self.time_budget is not None:
            text += f":{self.time_budget:g}"
        if self.iterations is not None:
            text += f"@{self.iterations}"
        return text


def parse_seat(item: str, time_budget: float | None, iterations: int | None) -> Seat:
    """`tier`, `tier:seconds`, `tier@iterations`, `tier:seconds@iterations`, or
    `chateauma:difficulty` (after the colon: seconds for a tier, a difficulty for
    Châteauma, so the two never clash)."""
    item = item.strip()
    head, _, rest = item.partition(":")
    if head == CHATEAUMA:
        if item.endswith(":"):
            raise argparse.ArgumentTypeError(f"seat {item!r}: a difficulty must follow :")
        try:
            return Seat(CHATEAUMA, difficulty=GameConfig(chateauma=rest or "medium").chateauma)
        except ValueError as e:
            raise argparse.ArgumentTypeError(f"seat {item!r}: {e}") from None
    tier, at, count = item.partition("@")
    tier, colon, budget = tier.partition(":")
    tier, *extras = tier.split("+")
    if (colon and not budget) or (at and not count):
        raise argparse.ArgumentTypeError(
            f"seat {item!r}: a number must follow {':' if colon and not budget else '@'}")
    if tier not in TIERS:
        raise argparse.ArgumentTypeError(
            f"unknown seat {item!r} (a tier from {', '.join(TIERS)}, or {CHATEAUMA}:difficulty)")
    learned = LEARNED in extras
    if learned:
        extras.remove(LEARNED)
        if tier not in LEARNED_TIERS:
            raise argparse.ArgumentTypeError(
                f"seat {item!r}: only {' and '.join(LEARNED_TIERS)} take +{LEARNED}")
    from .hard import HardPlayer
    rollout = extras.pop(0) if extras and tier == "hard" else None
    if extras or (rollout is not None and rollout not in HardPlayer.ROLLOUTS):
        raise argparse.ArgumentTypeError(
            f"seat {item!r}: after + only {LEARNED} (for {' and '.join(LEARNED_TIERS)}) or "
            f"a continuation policy for hard ({', '.join(HardPlayer.ROLLOUTS)})")
    try:
        budget_seconds = seconds(budget) if budget else time_budget
        steps = ITERATIONS(count) if count else iterations
    except argparse.ArgumentTypeError as e:
        raise argparse.ArgumentTypeError(f"seat {item!r}: {e}") from None
    return Seat(tier, budget_seconds, steps, value=LEARNED if learned else None,
                rollout=rollout)


def parse_seats(text: str, time_budget: float | None = None,
                iterations: int | None = None) -> tuple[list[Seat], Seat | None]:
    """The AI seats to rotate, and Châteauma's seat if one is listed."""
    seats = [parse_seat(item, time_budget, iterations) for item in text.split(",")]
    automa = [s for s in seats if s.tier == CHATEAUMA]
    if len(automa) > 1:
        raise argparse.ArgumentTypeError("at most one Châteauma seat")
    ai = [s for s in seats if s.tier != CHATEAUMA]
    if not ai:
        raise argparse.ArgumentTypeError("at least one AI seat is needed besides Châteauma")
    return ai, (automa[0] if automa else None)


@dataclass
class GameResult:
    index: int
    labels: list[str]            # per seat
    scores: list[int]
    winner: int
    decision_seconds: list[list[float]] = field(default_factory=list)  # per seat
    turn_seconds: list[list[float]] = field(default_factory=list)      # per seat
    teams: list[list[int]] = field(default_factory=list)  # the team game: winners first
    turn_cpu_seconds: list[list[float]] = field(default_factory=list)  # per seat

    def won(self, seat: int) -> bool:
        """The seat won: in the team game, with its team."""
        return seat in self.teams[0] if self.teams else self.winner == seat


def player_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the AI in `seat` of game `index` of a run: the same run plays the same
    games (benchmarks replay them by it)."""
    return seed * 1_000_003 + index * 7 + seat


def game_chance(seed: int, index: int) -> random.Random:
    """The chance of game `index` of a run."""
    return random.Random(f"tournament-{seed}-{index}")


def play_game(config: GameConfig, seats: list[Seat], seed: int, index: int) -> GameResult:
    """Game `index` of a run: the AI seats rotated by `index` places over the deciding
    seats (Châteauma, if in the config, keeps the last seat), chance from an RNG seeded
    by (seed, index), each AI seeded by (seed, index, seat)."""
    n = config.deciders
    rotation = [seats[(i + index) % len(seats)] for i in range(n)]
    players = [make_player(s.tier, seed=player_seed(seed, index, i),
                           time_budget=s.time_budget, iterations=s.iterations, value=s.value,
                           rollout=s.rollout)
               for i, s in enumerate(rotation)]
    chance = game_chance(seed, index)
    state = new_game(config)
    seconds: list[list[float]] = [[] for _ in range(config.players)]
    turns: list[dict[tuple, float]] = [{} for _ in range(config.players)]
    cpu: list[dict[tuple, float]] = [{} for _ in range(config.players)]
    clock = time.perf_counter
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        seat = state.current_player
        turn = (state.phase, state.round, state.turn_index)
        start, start_cpu = clock(), time.thread_time()
        action = players[seat].choose(state)
        spent = clock() - start
        spent_cpu = time.thread_time() - start_cpu
        seconds[seat].append(spent)
        turns[seat][turn] = turns[seat].get(turn, 0.0) + spent
        cpu[seat][turn] = cpu[seat].get(turn, 0.0) + spent_cpu
        state.apply(action)
    labels = [s.label for s in rotation]
    if config.chateauma is not None:
        labels.append(f"{CHATEAUMA}:{config.chateauma}")
    if config.players == 1:
        # The solo game is won by filling all 37 spaces: the score column shows the
        # spaces filled, and a game without them has no winner.
        result = solo_result(state)
        return GameResult(index, labels, [result.filled], 0 if result.won else -1, seconds,
                          [list(t.values()) for t in turns],
                          turn_cpu_seconds=[list(t.values()) for t in cpu])
    teams = ([list(r.seats) for r in team_results(state)]
             if config.has_module("team") else [])
    return GameResult(index, labels, state.scores(), state.ranking()[0], seconds,
                      [list(t.values()) for t in turns], teams,
                      [list(t.values()) for t in cpu])


def team_label(labels: list[str], seats: list[int]) -> str:
    return " & ".join(labels[s] for s in sorted(seats))


def summarise_teams(results: list[GameResult]) -> dict:
    """The team game: per pairing of seat types as a team, its games, wins and sums."""
    by_team: dict[str, dict] = {}
    for r in results:
        for place, seats in enumerate(r.teams):
            e = by_team.setdefault(team_label(r.labels, seats), {"games": 0, "wins": 0,
                                                                  "sums": []})
            e["games"] += 1
            e["wins"] += place == 0
            e["sums"].append(sum(r.scores[s] for s in seats))
    out = {}
    for label, e in by_team.items():
        lo, hi = wilson(e["wins"], e["games"])
        sums = e["sums"]
        out[label] = {"games": e["games"], "wins": e["wins"],
                      "win_rate": e["wins"] / e["games"], "win_rate_95ci": [lo, hi],
                      "mean_sum": statistics.mean(sums),
                      "sum_sd": statistics.pstdev(sums) if len(sums) > 1 else 0.0}
    return out


def _play(job: tuple) -> GameResult:
    return play_game(*job)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(results: list[GameResult]) -> dict:
    by_label: dict[str, dict] = {}
    for r in results:
        for seat, label in enumerate(r.labels):
            e = by_label.setdefault(label, {"seats": 0, "wins": 0, "scores": [], "seconds": [],
                                            "turns": [], "cpu": []})
            e["seats"] += 1
            e["wins"] += r.won(seat)
            e["scores"].append(r.scores[seat])
            e["seconds"] += r.decision_seconds[seat]
            e["turns"] += r.turn_seconds[seat]
            if r.turn_cpu_seconds:
                e["cpu"] += r.turn_cpu_seconds[seat]
    out = {}
    for label, e in by_label.items():
        lo, hi = wilson(e["wins"], e["seats"])
        sc, secs = e["scores"], e["seconds"]
        out[label] = {
            "seats": e["seats"], "wins": e["wins"],
            "win_rate": e["wins"] / e["seats"], "win_rate_95ci": [lo, hi],
            "mean_score": statistics.mean(sc),
            "score_sd": statistics.pstdev(sc) if len(sc) > 1 else 0.0,
            "min_score": min(sc), "max_score": max(sc),
            "decisions": len(secs),
            "mean_seconds": statistics.mean(secs) if secs else 0.0,
            "median_seconds": statistics.median(secs) if secs else 0.0,
            "p95_seconds": percentile(secs, 0.95),
            "max_seconds": max(secs) if secs else 0.0,
            "median_turn_seconds": statistics.median(e["turns"]) if e["turns"] else 0.0,
            "p95_turn_seconds": percentile(e["turns"], 0.95),
            "median_turn_cpu_seconds": statistics.median(e["cpu"]) if e["cpu"] else 0.0,
            "p95_turn_cpu_seconds": percentile(e["cpu"], 0.95),
        }
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4),
                        help="1 plays the solo game (with --modules solo)")
    parser.add_argument("--seats", default="medium,easy", type=_seats_text,
                        help="comma-separated seats, rotated: tiers (%s), tier:seconds and "
                             "tier@iterations set that seat's budgets; chateauma:difficulty "
                             "(e.g. chateauma:hard+A+B+C+D) adds Châteauma at the last seat"
                             % ", ".join(TIERS))
    parser.add_argument("--games", type=GAMES, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=WORKERS, default=None,
                        help="processes to play games in (default: every available core)")
    parser.add_argument("--time-budget", type=seconds, default=None,
                        help="seconds per decision for every AI seat without its own")
    parser.add_argument("--iterations", type=ITERATIONS, default=None,
                        help="fixed search budget per decision for every AI seat without its "
                             "own (tier-specific: Hard's sampled continuations, Medium's beam "
                             "width)")
    parser.add_argument("--value", type=weights_file, default=None,
                        help="weights file for the +learned seats (default: the shipped "
                             "game/ai/data/value.npz)")
    parser.add_argument("--rules", default="special", choices=RULE_SETS)
    parser.add_argument("--boards", default="advanced", choices=BOARD_MODES)
    parser.add_argument("--modules", type=module_list, default=(),
                        help="comma-separated expansion modules, e.g. boards_11_18,tiles2 or "
                             "identical_board:20 (those the rule set offers)")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    parser.add_argument("--progress", action="store_true", help="print each game as it ends")


def game_config(args: argparse.Namespace) -> GameConfig:
    """The games' configuration from the options (ValueError if the rules refuse it)."""
    _, automa = parse_seats(args.seats, args.time_budget, args.iterations)
    return GameConfig(players=args.players, rules=args.rules, board_mode=args.boards,
                      chateauma=automa.difficulty if automa else None,
                      modules=tuple(args.modules))


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Options the rules refuse together are an argparse error before any game runs."""
    try:
        parse_seats(args.seats)
    except argparse.ArgumentTypeError:
        return  # run() reports seats it cannot play, as it always has
    config_error(parser, lambda: game_config(args))


def weights_file(text: str) -> str:
    """A learned evaluation's weights file that can be read, for the features of a
    position (anything else is refused here, before a game starts)."""
    from .learned import load_net
    from .network import WeightsError
    try:
        load_net(text)
    except WeightsError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def _seats_text(text: str) -> str:
    """--seats is checked as it is read (the budgets of seats without their own are filled
    in later, from --time-budget and --iterations)."""
    parse_seats(text)
    return text


def worker_count(requested: int | None, games: int) -> int:
    """Processes to play `games` in: as many as requested, else one per available core,
    never more than there are games."""
    if requested:
        cores = requested
    elif hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count() or 1
    return max(1, min(cores, games))


def run(args: argparse.Namespace) -> int:
    try:
        seats, automa = parse_seats(args.seats, args.time_budget, args.iterations)
    except argparse.ArgumentTypeError as e:
        print(f"tournament: {e}", file=sys.stderr)
        return 2
    if any(s.value for s in seats):
        from .learned import SHIPPED, shipped_files
        value = args.value or LEARNED   # every shipped network, each for its games
        if args.value is None and not shipped_files():
            print(f"tournament: no shipped weights (in {SHIPPED.parent}); give --value FILE",
                  file=sys.stderr)
            return 2
        seats = [replace(s, value=value if s.value else None) for s in seats]
    if automa is not None and args.players < 2:
        print("tournament: Châteauma needs at least one other seat", file=sys.stderr)
        return 2
    try:
        config = game_config(args)
    except ValueError as e:
        print(f"tournament: {e}", file=sys.stderr)
        return 2
    jobs = [(config, seats, args.seed, g) for g in range(args.games)]
    workers = worker_count(args.workers, args.games)
    start = time.perf_counter()
    results: list[GameResult] = []

    def collect(result: GameResult) -> None:
        results.append(result)
        if args.progress and not args.json:
            text = "  ".join(f"{lab} {sc}" for lab, sc in zip(result.labels, result.scores))
            print(f"game {result.index:4d}: {text}  winner {result.labels[result.winner]}",
                  flush=True)

    if workers == 1:
        for job in jobs:
            collect(_play(job))
    else:
        with Pool(workers) as pool:
            for result in pool.imap_unordered(_play, jobs):
                collect(result)
    results.sort(key=lambda r: r.index)
    elapsed = time.perf_counter() - start
    table = summarise(results)
    teams = summarise_teams(results)
    listed = [s.label for s in seats] + ([automa.label] if automa else [])
    meta = {"players": args.players, "seats": listed, "games": args.games,
            "seed": args.seed, "rules": args.rules, "boards": args.boards,
            "modules": list(config.modules),
            "time_budget": args.time_budget, "iterations": args.iterations,
            "workers": workers, "seconds": round(elapsed, 1)}
    if args.json:
        doc = {"meta": meta, "tiers": table,
               "games": [{"index": r.index, "seats": r.labels, "scores": r.scores,
                          "winner": r.winner, **({"teams": r.teams} if r.teams else {})}
                         for r in results]}
        if teams:
            doc["teams"] = teams
        print(json.dumps(doc, indent=1))
        return 0
    rotated = ",".join(s.label for s in seats)
    print(f"{args.games} games, {args.players} players, seats {rotated} rotated"
          f"{f' + {automa.label} last' if automa else ''}, rules {args.rules}, "
          f"boards {args.boards}{_modules_text(config)}, seed {args.seed}, {workers} workers, "
          f"{elapsed:.0f} s")
    if config.players == 1:
        print("solo game: a win is all 37 spaces filled; 'mean' is the spaces filled")
    elif teams:
        print("team game: the higher team sum wins (then the team tie-breaks); a team's win "
              "counts for both its seats; 'mean' is a seat's own points")
    else:
        print("winner by the game's ranking (points, then tie-breaks): no shared wins")
    width = max(8, *(len(label) + 2 for label in table))
    print(f"{'seat':<{width}}{'seats':>6}{'win rate':>10}{'95% CI':>16}{'mean':>8}{'sd':>7}"
          f"{'s/decision mean':>17}{'median':>9}{'p95':>9}{'s/turn median':>15}{'p95':>9}"
          f"{'CPU s/turn median':>19}{'p95':>9}")
    for label, entry in table.items():
        lo, hi = entry["win_rate_95ci"]
        line = (f"{label:<{width}}{entry['seats']:>6}{entry['win_rate']:>10.1%}"
                f"{f'{lo:.1%}-{hi:.1%}':>16}{entry['mean_score']:>8.1f}{entry['score_sd']:>7.1f}")
        if entry["decisions"]:
            line += (f"{entry['mean_seconds']:>17.4f}{entry['median_seconds']:>9.4f}"
                     f"{entry['p95_seconds']:>9.4f}{entry['median_turn_seconds']:>15.4f}"
                     f"{entry['p95_turn_seconds']:>9.4f}{entry['median_turn_cpu_seconds']:>19.4f}"
                     f"{entry['p95_turn_cpu_seconds']:>9.4f}")
        else:
            line += f"{'no decisions':>17}"
        print(line)
    if teams:
        width = max(8, *(len(label) + 2 for label in teams))
        print(f"{'team':<{width}}{'games':>6}{'win rate':>10}{'95% CI':>16}{'mean sum':>10}"
              f"{'sd':>7}")
        for label, entry in teams.items():
            lo, hi = entry["win_rate_95ci"]
            print(f"{label:<{width}}{entry['games']:>6}{entry['win_rate']:>10.1%}"
                  f"{f'{lo:.1%}-{hi:.1%}':>16}{entry['mean_sum']:>10.1f}{entry['sum_sd']:>7.1f}")
    return 0


def _modules_text(config: GameConfig) -> str:
    return f", modules {','.join(config.modules)}" if config.modules else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.tournament",
                                     description="Play AI tiers against each other.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    check_arguments(parser, args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
