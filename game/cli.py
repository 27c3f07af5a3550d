"""Command-line entry points: play, simulate, bench, tournament, openings, train,
bench-client, review."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from .argtypes import GAMES, ITERATIONS, SAMPLES, config_error, module_list
from .rules import BOARD_MODES, RULE_SETS, SPACES, GameConfig, GameState, solo_result

# The exit status when the output is closed under a command (`simulate | head -1`): that
# of a Unix tool ended by SIGPIPE (128 + 13), which the shell reports the same way, and
# like such a tool it ends without a word.
CLOSED_OUTPUT = 141
# The exit status of a command stopped by Ctrl-C (128 + SIGINT), as the shell reports it.
INTERRUPTED = 130


def _pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:
            pass


MODULES_HELP = ("comma-separated expansion modules, e.g. boards_11_18,tiles2 or "
                "identical_board:20 (those the rule set offers)")


def _simulate_config(args: argparse.Namespace) -> GameConfig:
    return GameConfig(players=args.players, rules=args.rules, board_mode=args.boards,
                      modules=args.modules)


def _bench_config(args: argparse.Namespace, players: int) -> GameConfig:
    return GameConfig(players=players, rules=args.rules, board_mode=args.boards,
                      modules=_bench_modules(args))


def _bench_modules(args: argparse.Namespace) -> tuple[str, ...]:
    """--solo adds the solo module (unless --modules names it with its target)."""
    if args.solo and not any(m.partition(":")[0] == "solo" for m in args.modules):
        return (*args.modules, "solo")
    return tuple(args.modules)


def _bench_players(args: argparse.Namespace) -> tuple[int, ...]:
    """The seat counts the benchmark plays: one for the solo game, else 2-4."""
    return (1,) if any(m.partition(":")[0] == "solo" for m in _bench_modules(args)) \
        else (2, 3, 4)


def _with_modules(config: GameConfig) -> str:
    return f", modules {','.join(config.modules)}" if config.modules else ""


def _outcome(state: GameState) -> str:
    """Who won a finished game: the first of the ranking, or in the solo game whether the
    player won, which takes all 37 spaces filled (SO-13), whatever the points."""
    if not state.config.has_module("solo"):
        return f"winner P{state.ranking()[0] + 1}"
    r = solo_result(state)
    resets = f", target reached {r.resets} time{'s' if r.resets != 1 else ''}"
    if r.won:
        return f"won: all {SPACES} spaces filled{resets}"
    return f"lost: {r.filled} of {SPACES} spaces filled{resets}"


def simulate(args: argparse.Namespace) -> int:
    from .simulate import play_random_game
    config = _simulate_config(args)
    results = []
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        game = play_random_game(config, seed)
        s = game.state
        result = {"seed": seed, "scores": s.scores(), "ranking": s.ranking(),
                  "decisions": game.decisions,
                  "breakdown": [s.score_breakdown(p) for p in range(s.n)]}
        if config.has_module("solo"):
            result["solo"] = solo_result(s)._asdict()
        results.append(result)
        if not args.json:
            scores = "  ".join(f"P{p + 1} {v:3d}" for p, v in enumerate(s.scores()))
            print(f"game {i + 1:4d} seed {seed:6d}: {scores}  {_outcome(s)}")
    elapsed = time.perf_counter() - start
    all_scores = [v for r in results for v in r["scores"]]
    summary = {"games": args.games, "players": args.players, "rules": args.rules,
               "modules": list(config.modules), "seconds": round(elapsed, 3),
               "games_per_second": round(args.games / elapsed, 1) if elapsed else None,
               "mean_score": round(statistics.mean(all_scores), 1) if all_scores else None}
    if config.has_module("solo"):
        summary["solo_won"] = sum(r["solo"]["won"] for r in results)
    if args.json:
        print(json.dumps({"games": results, "summary": summary}, indent=1))
    else:
        print(f"{args.games} games of {args.players} players ({args.rules}{_with_modules(config)})"
              f" in {elapsed:.2f} s: "
              f"{summary['games_per_second']} games/s, mean score {summary['mean_score']}"
              + (f", {summary['solo_won']} won" if config.has_module("solo") else ""))
    return 0


def bench(args: argparse.Namespace) -> int:
    from .rules import new_game
    from .simulate import play_random_game
    import random
    _pin_to_one_core()
    print(f"rules engine benchmark (one core, Python {sys.version.split()[0]})"
          f"{_bench_options(args)}")
    solo = _bench_players(args) == (1,)
    sizes = ((1, args.games),) if solo else ((2, args.games), (4, max(1, args.games // 2)))
    for players, games in sizes:
        config = _bench_config(args, players)
        play_random_game(config, 10_000)  # warm caches
        start = time.perf_counter()
        decisions = 0
        for i in range(games):
            decisions += play_random_game(config, i).decisions
        elapsed = time.perf_counter() - start
        who = "solo game" if solo else f"{players} players"
        print(f"  {who}: {games / elapsed:7.1f} random complete games/s "
              f"({decisions / games:.0f} decisions per game)")
    # Per-call costs over whole random games, each call timed on a fresh state.
    legal_ns: list[int] = []
    apply_ns: list[int] = []
    clock = time.perf_counter_ns
    overhead = min(-clock() + clock() for _ in range(1000))
    for seed in range(args.games // 4 or 1):
        rng = random.Random(seed)
        seats = _bench_players(args)
        state = new_game(_bench_config(args, seats[seed % len(seats)]))
        while not state.terminal:
            if state.chance is not None:
                state.apply_chance(state.sample_chance(rng))
                continue
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            action = legal[int(rng.random() * len(legal))]
            t2 = clock()
            state.apply(action)
            t3 = clock()
            legal_ns.append(t1 - t0 - overhead)
            apply_ns.append(t3 - t2 - overhead)
    print(f"  legal_actions: {statistics.mean(legal_ns) / 1000:6.1f} us mean per call "
          f"({len(legal_ns)} calls, {'solo' if solo else '2-4 players'})")
    print(f"  apply:         {statistics.mean(apply_ns) / 1000:6.1f} us mean per call "
          "(includes checking the action against the legal list)")
    return 0


def _bench_options(args: argparse.Namespace) -> str:
    """The options that differ from the base game's defaults, as the figures' label."""
    shown = [f"rules {args.rules}" if args.rules != "special" else "",
             f"boards {args.boards}" if args.boards != "advanced" else "",
             f"modules {','.join(_bench_modules(args))}" if _bench_modules(args) else ""]
    shown = [t for t in shown if t]
    return f", {', '.join(shown)}" if shown else ""


def tournament(args: argparse.Namespace) -> int:
    from .ai.tournament import run
    return run(args)


def openings(args: argparse.Namespace) -> int:
    from .ai.opening_table import run
    return run(args)


def train(args: argparse.Namespace) -> int:
    from .ai.train import run
    return run(args)


def play(args: argparse.Namespace) -> int:
    from .scenes.app import main as open_window
    return open_window(windowed=args.windowed)


def bench_client(args: argparse.Namespace) -> int:
    from .scenes.table import bench as table_bench
    return table_bench.run(args)


def _read_game(path: str):
    """(setup or None, record) from a save file or a bare game record; raises ValueError
    with a message for the player, and leaves the file as it is."""
    from pathlib import Path

    from .rules import GameRecord
    from .scenes.persistence import SaveError, read_json_file, read_save
    from .scenes.session import parse_payload
    try:
        doc = read_json_file(Path(path))
        if isinstance(doc, dict) and doc.get("kind") is None and "steps" in doc:
            return None, GameRecord.from_dict(doc)
        return parse_payload(read_save(Path(path)).payload)
    except SaveError as e:
        raise ValueError(str(e)) from None
    except ValueError as e:
        # The rules' reason (a rule set that is no name, a step out of place) with the file.
        raise ValueError(f"{path}: {e}") from None


def review(args: argparse.Namespace) -> int:
    from .ai import costliest
    from .ai import review_game
    from .scenes import i18n
    from .scenes.review_screen import turn_words
    try:
        setup, record = _read_game(args.file)
        from .rules import replay
        final = replay(record)
    except ValueError as e:
        print(f"review: {e}", file=sys.stderr)
        return 2
    n = record.config.players
    names = ([seat.name for seat in setup.seats] if setup is not None
             else [f"Player {i + 1}" for i in range(n)])
    if args.seat:
        seats = {s - 1 for s in args.seat}
        if not seats <= set(range(record.config.deciders)):
            print(f"review: --seat must be between 1 and {record.config.deciders}",
                  file=sys.stderr)
            return 2
    elif setup is not None and any(seat.kind == "human" for seat in setup.seats):
        seats = {i for i, seat in enumerate(setup.seats) if seat.kind == "human"}
    else:
        seats = set(range(record.config.deciders))
    lang = args.lang or i18n.language()
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if args.json or not sys.stderr.isatty():
            return
        spent = time.perf_counter() - started
        eta = spent / done * (total - done)
        print(f"\rreviewing turn {done}/{total}, about {eta:.0f} s left   ",
              end="" if done < total else "\n", file=sys.stderr, flush=True)

    reviews = review_game(record, seats, seed=args.seed, iterations=args.iterations,
                          samples=args.samples, progress=progress)
    if args.json:
        print(json.dumps([{"seat": r.seat, "step": r.step, "phase": r.phase + 1,
                           "round": r.round + 1,
                           "played": [list(a) for a in r.played],
                           "best": [list(a) for a in r.best],
                           "expected_loss": round(r.loss, 2)} for r in reviews]))
        return 0
    phases = "ABCDE"
    for seat in sorted(seats):
        mine = [r for r in reviews if r.seat == seat]
        marked = {id(mine[i]) for i in costliest(mine)}
        score = final.players[seat].score if final.terminal else None
        print(f"{names[seat]}: {len(mine)} turns reviewed"
              + (f", final score {score}" if score is not None else " (game not finished)"))
        for r in mine:
            mark = "!" if id(r) in marked else " "
            where = f"{phases[r.phase]}{r.round + 1}"
            print(f" {mark} {where:3} played: {turn_words(r.start, r.played, lang)}")
            if r.agrees:
                print("         Hard agrees")
            else:
                print(f"         Hard prefers: {turn_words(r.start, r.best, lang)}"
                      f"  (expected loss {r.loss:.1f} points)")
        total = sum(r.loss for r in mine)
        print(f"Expected points lost in all: {total:.1f}; the costliest turns are marked !")
    return 0


def main(argv: list[str]) -> int:
    """Run the command `argv` names; its exit status. A command whose output cannot be
    written (a full disk: `> /dev/full`) ends with a message and status 2; one whose output
    is closed under it (`| head -1`) ends quietly with CLOSED_OUTPUT."""
    try:
        status = _command(argv)
        sys.stdout.flush()  # here, not at the interpreter's exit, so a failure is caught
        return status
    except BrokenPipeError:
        _discard_output()
        return CLOSED_OUTPUT
    except KeyboardInterrupt:
        print(f"main.py {argv[0] if argv else ''}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except OSError as e:
        # Writing the output or a file failed: say why (the output's own failure carries
        # no file name).
        try:
            sys.stdout.flush()
        except OSError:
            _discard_output()
        where = f"{e.filename}: " if e.filename else ""
        print(f"main.py {argv[0] if argv else ''}: {where}{e.strerror or e}", file=sys.stderr)
        return 2


def _discard_output() -> None:
    """Point standard output at the null device, so that what is left in its buffer
    cannot fail again as the interpreter exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass  # no file descriptor behind it (a test's capture): nothing is left to fail


def _command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py", description="The Castles of Burgundy")
    sub = parser.add_subparsers(dest="command", required=True)
    p_play = sub.add_parser("play", help="open the game window (the default)")
    p_play.add_argument("--windowed", action="store_true",
                        help="play in a window even if full screen is set")
    p_sim = sub.add_parser("simulate", help="play random complete games and print the scores")
    p_sim.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4),
                       help="1 only with --modules solo")
    p_sim.add_argument("--games", type=GAMES, default=100)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--rules", default="special", choices=RULE_SETS)
    p_sim.add_argument("--boards", default="advanced", choices=BOARD_MODES,
                       help="board-selection mode")
    p_sim.add_argument("--modules", type=module_list, default=(), help=MODULES_HELP)
    p_sim.add_argument("--json", action="store_true", help="print machine-readable results")
    p_bench = sub.add_parser("bench", help="print rules-engine speed figures")
    p_bench.add_argument("--games", type=GAMES, default=400,
                         help="2-player games to time (half as many 4-player games)")
    p_bench.add_argument("--rules", default="special", choices=RULE_SETS)
    p_bench.add_argument("--boards", default="advanced", choices=BOARD_MODES,
                         help="board-selection mode")
    p_bench.add_argument("--modules", type=module_list, default=(), help=MODULES_HELP)
    p_bench.add_argument("--solo", action="store_true",
                         help="time random solo games (one player, the solo module with "
                              "any other --modules)")
    p_tour = sub.add_parser("tournament",
                            help="play AI tiers against each other and print their results")
    # The AI's tools add their options only when named: the window starts without them.
    if argv[:1] == ["tournament"]:
        from .ai.tournament import add_arguments
        add_arguments(p_tour)
    p_open = sub.add_parser("openings", help="measure the AI's opening book (boards, castle "
                                             "spaces) by self-play")
    if argv[:1] == ["openings"]:
        from .ai.opening_table import add_arguments as add_opening_arguments
        add_opening_arguments(p_open)
    p_train = sub.add_parser("train", help="train the AI's learned evaluation by self-play "
                                           "and keep it if it wins a match")
    if argv[:1] == ["train"]:
        from .ai.train import add_arguments as add_train_arguments
        add_train_arguments(p_train)
    p_review = sub.add_parser("review", help="review a saved game: each turn played, the turn "
                                             "Hard prefers and the points expected lost")
    p_review.add_argument("file", help="a save file or a game record (JSON)")
    p_review.add_argument("--seat", type=int, action="append",
                          help="the seat to review, from 1 (repeatable; default: the people)")
    p_review.add_argument("--iterations", type=ITERATIONS, default=48,
                          help="Hard's sampled continuations per turn")
    p_review.add_argument("--samples", type=SAMPLES, default=8,
                          help="continuations each of the two turns is valued on")
    p_review.add_argument("--seed", type=int, default=0)
    p_review.add_argument("--lang", choices=("en", "de"), default=None)
    p_review.add_argument("--json", action="store_true", help="print machine-readable results")
    p_client = sub.add_parser("bench-client", help="print the game window's drawing speed figures")
    if argv[:1] == ["bench-client"]:
        # Its options come from the table's module, which loads pygame: only when asked.
        from .scenes.table import bench as table_bench
        table_bench.add_arguments(p_client)
    args = parser.parse_args(argv)
    # Modules the rule set does not offer, or that do not combine: refused before anything
    # runs, like a number out of range.
    if args.command == "simulate":
        config_error(p_sim, lambda: _simulate_config(args))
    elif args.command == "bench":
        config_error(p_bench, lambda: [_bench_config(args, n) for n in _bench_players(args)])
    elif args.command == "tournament":
        from .ai.tournament import check_arguments
        check_arguments(p_tour, args)
    return {"play": play, "simulate": simulate, "bench": bench,
            "tournament": tournament, "openings": openings, "train": train,
            "bench-client": bench_client, "review": review}[args.command](args)
