"""Training the learned evaluation: self-play data, a value network, an accepting match.

    python main.py train --dir training --games 300 --seed 1 [--workers 1]
        [--modules trade_routes,tiles2] [--chateauma medium] [--td-lambda 0.8]
        [--more-data OTHER_DIR] [--ray ADDRESS] [--write]

1. **Self-play**: games between Medium players (the hand-tuned evaluation, or the
   learned one of the run's accepted network with `--self-play learned`). At the start
   of a turn a player plays, with the share `--explore` of its turns, the beam's second
   best distinct turn instead of the best, so the data also holds positions the best play
   would not reach (the search compares exactly such positions). After every turn the
   position is stored from every seat's point of view (features.py) with that seat's
   final margin: its final score less the best opponent's. With `--chateauma` the games
   are played against Châteauma at that difficulty, and only the players' seats are
   stored (Châteauma has no estate to describe).
2. **Training**: a value network (network.py) on those rows, one game in ten held out to
   measure it; the weights of the epoch with the lowest held-out error are the candidate.
   `--more-data` adds the games of other runs' folders (say, the 2-player games to a run
   against Châteauma) to the training rows; only the run's own games are held out.
   The target is the final margin less the hand-tuned advantage (`--target residual`),
   the margin itself (`margin`), or the seat's own final score less its hand-tuned
   value (`own`, the opponents keeping their hand-tuned values).
3. **Match**: the candidate against the current evaluation (the run's accepted network,
   or the hand-tuned evaluation before there is one), seat-swapped, both sides the same
   tier (`--match-tier`), in games like the self-play games. Where the two sides cannot
   be the only players, each game is played twice on the same dice, once by each side:
   against Châteauma with one player seat, and with three or four players as the one
   seat of its tier among Medium players (as Hard meets them). The side that wins where
   the other does not wins the pair, else the larger margin over the best other seat
   (Châteauma, or the best Medium player). The candidate is
   kept (`best.npz`) only if it wins more than half the games (pairs); `--write` then
   installs it among the shipped weights, under the name of its games
   (learned.shipped_name: data/value.npz for 2 players).

The self-play games are played by `--workers` processes of this computer, or, with
`--ray ADDRESS`, as tasks on a Ray cluster (parallel.py); a game depends only on its
seed and number, so the data are the same either way.

Everything lands in `--dir` as it is made (games in chunks, a checkpoint after every
epoch, every match game), and the command picks up where an interrupted run stopped.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from ..argtypes import (BATCH, EPOCHS, GAMES, HIDDEN, ITERATIONS, SEED, WIDTH, WORKERS,
                        directory, module_list, rate, share)
from ..rules import (BOARD_MODES, RULE_SETS, GameConfig, new_game, position_seed, public_key,
                     split_module)
from .evaluate import Evaluator
from .features import SIZE, SLOT_SIZE, SLOTS, VALUE, features, hand_margin
from .learned import SHIPPED, evaluator_for, load_net, shipped_name, trained_for
from .network import ValueNet, WeightsError, read_regular, sidecar
from .openings import SETUP, opening_choice
from .parallel import MISSING, EngineError, ray_installed, run_jobs
from .turns import plan

CHUNK = 10                 # games per data file
HOLD_OUT = 10              # every tenth game is held out of training
DATA_OPTIONS = ("players", "rules", "boards", "modules", "seed", "explore", "width",
                "self_play", "chateauma")
# The network values one player against the best other: not the solo game (spaces, not a
# margin) nor the team game (the learned evaluation leaves teams to the hand-tuned one).
UNTRAINABLE = ("solo", "team")
RUN_BYTES = 2 ** 20        # a run.json or a checkpoint's log is a few kB
# What reading the games on disk may raise when a file there is damaged.
DAMAGED = (OSError, ValueError, EOFError, zipfile.BadZipFile, zlib.error)


def game_config(args: argparse.Namespace, players: int) -> GameConfig:
    """The self-play or match games' configuration (ValueError if the rules refuse it)."""
    return GameConfig(players=players, rules=args.rules, board_mode=args.boards,
                      modules=tuple(args.modules), chateauma=args.chateauma)


# --- self-play ------------------------------------------------------------------------

def _turn(state, evaluator: Evaluator, width: int, explore: float, rng: random.Random,
          seed: int):
    """One seat's whole turn (or setup choice), as Medium plays it, with exploration."""
    if state.decision in SETUP:
        choice = opening_choice(state)
        if choice is None:
            legal = state.legal_actions()
            seat = state.current_player
            choice = legal[random.Random(position_seed(seed, state, seat)).randrange(len(legal))]
        state.apply(choice)
        return state
    lines = plan(state, evaluator.advantage, width)
    line = lines[0]
    if explore and rng.random() < explore:
        seat = state.current_player
        key = public_key(line.state, seat)
        for other in lines[1:]:
            if public_key(other.state, seat) != key:
                line = other
                break
    return line.state


def self_play_game(config: GameConfig, seed: int, index: int, explore: float, width: int,
                   value: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """One self-play game: the feature rows stored after every turn and their targets."""
    x, y, _ = self_play_rows(config, seed, index, explore, width, value)
    return x, y


def self_play_rows(config: GameConfig, seed: int, index: int, explore: float, width: int,
                   value: str | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One self-play game: the feature rows stored after every turn, each row's final
    margin, and each row's seat's own final score."""
    evaluator = evaluator_for(value)
    chance = random.Random(f"train-{seed}-{index}")
    explore_rng = random.Random(f"train-explore-{seed}-{index}")
    state = new_game(config)
    rows: list[np.ndarray] = []
    seats: list[int] = []
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        setup = state.phase < 0 or state.decision in SETUP
        state = _turn(state, evaluator, width, explore, explore_rng, seed * 1_000_003 + index)
        if setup or state.terminal:
            continue
        values = [evaluator.value(state, s) for s in range(state.n)]
        for s in range(config.deciders):
            rows.append(features(state, s, values))
            seats.append(s)
    scores = state.scores()
    margin = [scores[s] - max((v for o, v in enumerate(scores) if o != s), default=0)
              for s in range(state.n)]
    x = np.asarray(rows, dtype=np.float32).reshape(-1, SIZE)
    y = np.asarray([margin[s] for s in seats], dtype=np.float32)
    own = np.asarray([scores[s] for s in seats], dtype=np.float32)
    return x, y, own


def _chunk_job(job: tuple) -> tuple[int, dict[str, np.ndarray]]:
    """One chunk's games played: its number and its arrays (stored by the caller, so that
    the games may be played on another computer)."""
    config, seed, chunk, games, explore, width, value, weights = job
    with _weights_here(value, weights) as value:
        xs, ys, owns, gs = [], [], [], []
        for index in range(chunk * CHUNK, min((chunk + 1) * CHUNK, games)):
            x, y, own = self_play_rows(config, seed, index, explore, width, value)
            xs.append(x)
            ys.append(y)
            owns.append(own)
            gs.append(np.full(len(y), index, dtype=np.int32))
    return chunk, {"x": np.concatenate(xs), "y": np.concatenate(ys),
                   "own": np.concatenate(owns), "game": np.concatenate(gs)}


@contextmanager
def _weights_here(value: str | None, weights: dict[str, bytes] | None) -> Iterator[str | None]:
    """The self-play players' weights file: `value` itself, or, for a job sent to a Ray
    cluster whose computers do not share the run's folder, the files' contents written
    to a folder of the job's own."""
    if weights is None or value is None:
        yield value
        return
    with tempfile.TemporaryDirectory() as folder:
        for name, content in weights.items():
            (Path(folder) / name).write_bytes(content)
        yield str(Path(folder) / Path(value).name)


def _store_chunk(folder: Path, chunk: int, arrays: dict[str, np.ndarray]) -> None:
    path = chunk_path(folder, chunk)
    tmp = path.with_name(path.stem + ".tmp.npz")
    np.savez(tmp, x=arrays["x"], y=arrays["y"], own=arrays["own"], game=arrays["game"])
    tmp.replace(path)


def chunk_path(folder: Path, chunk: int) -> Path:
    return folder / "data" / f"games-{chunk:05d}.npz"


def _chunk_done(folder: Path, chunk: int, games: int) -> bool:
    """True if the chunk's file holds every game of the chunk that the run wants (a run
    asked for more games than before replays a chunk it left short)."""
    path = chunk_path(folder, chunk)
    if not path.exists():
        return False
    try:
        with np.load(path, allow_pickle=False) as data:
            have = len(set(data["game"].tolist()))
    except (*DAMAGED, KeyError):
        return False  # played again
    return have >= min(CHUNK, games - chunk * CHUNK)


def _eta(done: float, total: float, elapsed: float) -> str:
    left = elapsed / done * (total - done) if done else 0.0
    return f"{_clock(elapsed)} elapsed, ETA {_clock(left)}"


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def generate(args: argparse.Namespace, folder: Path, value: str | None) -> None:
    config = game_config(args, args.players)
    chunks = (args.games + CHUNK - 1) // CHUNK
    (folder / "data").mkdir(parents=True, exist_ok=True)
    todo = [c for c in range(chunks) if not _chunk_done(folder, c, args.games)]
    done = (chunks - len(todo)) * CHUNK
    if not todo:
        print(f"self-play: {args.games} games on disk", flush=True)
        return
    # On a Ray cluster the weights file travels with the jobs (its sidecar says which
    # games it was trained on); the other engines read it where it is.
    weights = None
    if args.ray is not None and value is not None:
        weights = {p.name: p.read_bytes() for p in (Path(value), sidecar(Path(value)))
                   if p.exists()}
    jobs = [(config, args.seed, c, args.games, args.explore, args.width, value, weights)
            for c in todo]
    start = time.perf_counter()
    played = 0
    total = args.games - min(done, args.games)
    print(f"self-play: {total} games to play ({min(done, args.games)} on disk)"
          f"{' on Ray at ' + args.ray if args.ray else ''}", flush=True)
    for chunk, arrays in run_jobs(_chunk_job, jobs, args.workers, args.ray):
        _store_chunk(folder, chunk, arrays)
        played += len(set(arrays["game"].tolist()))
        eta = _eta(played, total, time.perf_counter() - start)
        print(f"self-play: {played}/{total} games, {eta}", flush=True)


def load_data(folder: Path, games: int, target: str = "y"
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows, targets (`y` the final margins, `own` the seats' own final scores) and game
    numbers of the folder's first `games` games (KeyError: a file without the target)."""
    chunks = (games + CHUNK - 1) // CHUNK
    xs, ys, gs = [], [], []
    for c in range(chunks):
        with np.load(chunk_path(folder, c), allow_pickle=False) as data:
            keep = data["game"] < games
            xs.append(data["x"][keep])
            ys.append(data[target][keep])
            gs.append(data["game"][keep])
    return (np.concatenate(xs).astype(np.float64), np.concatenate(ys).astype(np.float64),
            np.concatenate(gs))


def own_value(x: np.ndarray) -> np.ndarray:
    """The seat's hand-tuned value read back from feature rows."""
    return np.atleast_2d(x)[:, VALUE] * 100


def lambda_returns(x: np.ndarray, y: np.ndarray, games: np.ndarray, lam: float,
                   deciders: int | None = None) -> np.ndarray:
    """Each row's lambda-return: the final margin (lam = 1), or a mix of the hand-tuned
    advantages of the same seat's later positions and the final margin, the nearer ones
    weighing more (G = (1 - lam) * h' + lam * G', the last row's G the final margin).

    A game's margin is mostly the dice still to come (sd about 24 points), and every row
    of a game shares it; the hand-tuned advantage a few turns on has seen most of that
    luck, so targets with lam < 1 carry far less noise. What is left for a residual
    network to learn is how the hand-tuned advantage drifts over the next turns: what it
    over- or undervalues now.

    Rows go round the `deciders` seats (by default every player seat of the rows: pass
    the count when Châteauma sat at the table, whose seat stores no rows)."""
    if lam >= 1.0:
        return y.copy()
    h = hand_margin(x)
    players = (np.full(len(y), deciders) if deciders else
               sum(((x[:, slot * SLOT_SIZE] > 0).astype(int) for slot in range(SLOTS)),
                   np.zeros(len(y), dtype=int)))
    out = np.empty_like(y)
    starts = np.flatnonzero(np.r_[True, games[1:] != games[:-1]])
    ends = np.r_[starts[1:], len(y)]
    for start, end in zip(starts, ends):
        n = max(int(players[start]), 1)  # rows go round the seats after every turn
        for seat in range(n):
            rows = np.arange(start + seat, end, n)
            g = y[rows[-1]]
            out[rows[-1]] = g
            for i in range(len(rows) - 2, -1, -1):
                g = (1.0 - lam) * h[rows[i + 1]] + lam * g
                out[rows[i]] = g
    return out


# --- training -------------------------------------------------------------------------

def train(x: np.ndarray, y: np.ndarray, games: np.ndarray, folder: Path, epochs: int,
          hidden: int, batch: int, step: float, seed: int, blend: float,
          residual: bool = False, decay: float = 1e-4, quiet: bool = False,
          final: np.ndarray | None = None,
          extra: tuple[np.ndarray, np.ndarray] | None = None, own: bool = False) -> ValueNet:
    """Train (or go on training from the folder's checkpoint) on the targets `y`; the
    candidate is the epoch that misses the held-out games' final margins (`final`, by
    default `y`) least. A residual network learns the target less the hand-tuned
    advantage, or with `own` (targets: the seat's own final score) the seat's hand-tuned
    value. `extra` (rows, targets) are trained on too, never held out."""
    base = own_value if own else hand_margin
    final = y if final is None else final
    held = games % HOLD_OUT == 0
    if not quiet and held.any():
        miss = base(x[held]) - final[held]
        print(f"training: the hand-tuned {'value' if own else 'advantage'} alone misses the "
              f"held-out final {'scores' if own else 'margins'} by "
              f"{np.sqrt(np.mean(miss ** 2)):.1f} points (rms)", flush=True)
    digest = hashlib.blake2b(np.ascontiguousarray(y, dtype=np.float64).tobytes(),
                             digest_size=8)
    if extra is not None:
        digest.update(np.ascontiguousarray(extra[1], dtype=np.float64).tobytes())
    targets = digest.hexdigest()
    if residual:
        hand = base(x)
        y, final = y - hand, final - hand
    xt, yt, xv, yv = x[~held], y[~held], x[held], final[held]
    if extra is not None:
        ex, ey = extra
        xt = np.concatenate([xt, ex])
        yt = np.concatenate([yt, ey - base(ex) if residual else ey])
    checkpoint = folder / "checkpoint.npz"
    candidate = folder / "candidate.npz"
    options = {"hidden": hidden, "batch": batch, "rate": step, "seed": seed, "blend": blend,
               "residual": residual, "decay": decay, "positions": len(yt) + len(yv),
               "targets": targets, "own": own}
    log: dict = {"options": options, "epoch": 0, "train_loss": [], "held_out_loss": [],
                 "best": None}
    stored, net = _checkpoint(checkpoint, quiet), None
    if stored is not None and stored.get("options") == options:
        net = _checkpoint_net(checkpoint, quiet)
        if net is not None:
            log = stored
    if net is None:
        if stored is not None and stored.get("options") != options and not quiet:
            print("training: the checkpoint was made with other options or data; "
                  "starting afresh", flush=True)
        net = ValueNet((SIZE, hidden, max(1, hidden // 2), 1), seed=seed)
        net.fit_scaling(xt, yt)
        net.blend = blend
        net.residual = residual
        net.own = own
    start = time.perf_counter()
    first = log["epoch"]
    for epoch in range(first, epochs):
        net.epoch(xt, yt, np.random.default_rng([seed, epoch]), batch=batch, rate=step,
                  decay=decay)
        train_loss, held_loss = net.loss(xt, yt), net.loss(xv, yv) if len(yv) else 0.0
        log["epoch"] = epoch + 1
        log["train_loss"].append(round(train_loss, 5))
        log["held_out_loss"].append(round(held_loss, 5))
        if log["best"] is None or held_loss < log["held_out_loss"][log["best"]]:
            log["best"] = epoch
            net.save(candidate)
        net.save(checkpoint, about=log, with_optimizer=True)
        if not quiet:
            print(f"training: epoch {epoch + 1}/{epochs}, loss {train_loss:.4f}, held out "
                  f"{held_loss:.4f} (rms {np.sqrt(held_loss) * net.scale:.1f} points), "
                  f"{_eta(epoch + 1 - first, epochs - first, time.perf_counter() - start)}",
                  flush=True)
    return ValueNet.load(candidate)


def _checkpoint(checkpoint: Path, quiet: bool) -> dict | None:
    """The training log beside the folder's checkpoint, or None: none yet, or one that
    cannot be read (training starts afresh and writes it anew)."""
    if not (checkpoint.exists() and sidecar(checkpoint).exists()):
        return None
    try:
        stored = json.loads(read_regular(sidecar(checkpoint), RUN_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        stored = None
    if not isinstance(stored, dict):
        if not quiet:
            print(f"training: the checkpoint's log {sidecar(checkpoint)} is damaged; "
                  "starting afresh", flush=True)
        return None
    return stored


def _checkpoint_net(checkpoint: Path, quiet: bool) -> ValueNet | None:
    """The checkpoint's network, or None if it is damaged (training starts afresh)."""
    try:
        return ValueNet.load(checkpoint)
    except WeightsError as e:
        if not quiet:
            print(f"training: {e}; starting afresh", flush=True)
        return None


# --- the accepting match --------------------------------------------------------------

def _digest(path: Path) -> str:
    return hashlib.blake2b(path.read_bytes(), digest_size=8).hexdigest()


def _match_job(job: tuple) -> dict:
    from .tournament import play_game
    config, seats, seed, index = job
    if config.deciders != 2:
        return _paired_job(job)
    result = play_game(config, seats, seed, index)
    mine = (-index) % len(seats)   # the rotation puts seats[0] here in game `index`
    return {"index": index, "scores": result.scores, "candidate": mine,
            "won": result.winner == mine,
            "candidate_score": result.scores[mine],
            "other_score": result.scores[1 - mine]}


def _paired_job(job: tuple) -> dict:
    """Where the two sides cannot meet as the only players, each plays game `index` in
    the same seat on the same chance and AI seeds: against Châteauma with one player
    seat, or as the one seat of its tier among Medium players in a game of three or four
    (the game its tier will play: Hard against Medium players). The side that wins where
    the other does not wins the pair; when both or neither win, the larger margin over
    the best other seat does (a tie is half a win each). Winning is the aim: a side that
    keeps Châteauma's points down at the cost of its own must not win pairs by margins in
    games both lose."""
    from .tournament import Seat, play_game
    config, seats, seed, index = job
    others = [Seat("medium", value="hand")] * (config.deciders - 1)
    results = [play_game(config, [seat, *others], seed, index) for seat in seats]
    mine = (-index) % config.deciders   # the rotation puts the side here in game `index`

    def outcome(result) -> tuple[bool, float]:
        best = max(score for s, score in enumerate(result.scores) if s != mine)
        return result.winner == mine, result.scores[mine] - best
    first, second = outcome(results[0]), outcome(results[1])
    won = 1.0 if first > second else 0.5 if first == second else 0.0
    entry = {"index": index, "scores": [r.scores for r in results], "candidate": mine,
             "won": won, "candidate_score": results[0].scores[mine],
             "other_score": results[1].scores[mine],
             "beaten": [r.winner == mine for r in results]}
    if config.chateauma is not None:
        automa = config.chateauma_seat
        entry["automa_scores"] = [r.scores[automa] for r in results]
        entry["beat_automa"] = entry.pop("beaten")
    return entry


def match(args: argparse.Namespace, folder: Path, candidate: Path,
          current: Path | None) -> dict:
    """The candidate against the current evaluation; every game is stored as it ends."""
    from .tournament import Seat, wilson
    tier, iterations = args.match_tier, args.match_iterations
    seats = [Seat(tier, iterations=iterations, value=str(candidate)),
             Seat(tier, iterations=iterations, value=str(current) if current else "hand")]
    config = game_config(args, args.players)
    paired = config.deciders != 2
    key = {"candidate": _digest(candidate), "current": _digest(current) if current else None,
           "tier": tier, "iterations": iterations}
    if paired and config.chateauma is not None:
        key["pairs"] = "beaten, then margin"  # how a pair is judged (_paired_job)
    elif paired:
        key["pairs"] = "won among medium players, then margin"
    log = folder / "match.jsonl"
    games: dict[int, dict] = {}
    if log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                continue  # a line cut short by an interruption
            if isinstance(entry, dict) and entry.get("key") == key \
                    and entry.get("index") in range(args.match_games):
                games[entry["index"]] = entry
    todo = [i for i in range(args.match_games) if i not in games]
    seed = args.seed + 7919   # not the self-play games' chance
    jobs = [(config, seats, seed, i) for i in todo]
    start = time.perf_counter()
    among = ("Châteauma" if config.chateauma is not None
             else f"{config.deciders - 1} medium players")
    print(f"match: {tier} with the candidate against {tier} with "
          f"{'the accepted network' if current else 'the hand-tuned evaluation'}"
          f"{f', each side against {among} on the same dice' if paired else ''}, "
          f"{len(todo)} of {args.match_games} {'pairs' if paired else 'games'} to play",
          flush=True)

    def record(entry: dict) -> None:
        entry["key"] = key
        games[entry["index"]] = entry
        with log.open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")
        done = len(games) - (args.match_games - len(todo))
        wins = sum(g["won"] for g in games.values())
        if done % 10 == 0 or done == len(todo):
            print(f"match: {len(games)}/{args.match_games} games, candidate won {wins:g}, "
                  f"{_eta(done, len(todo), time.perf_counter() - start)}", flush=True)

    # The match stays on this computer: its players read the run's weights files.
    for entry in run_jobs(_match_job, jobs, args.workers):
        record(entry)
    played = [games[i] for i in range(args.match_games)]
    wins = sum(g["won"] for g in played)
    lo, hi = wilson(wins, len(played))
    about: dict = {}
    if paired and config.chateauma is None:
        about = {"paired_against": f"{config.deciders - 1} medium",
                 "won": [sum(g["beaten"][side] for g in played) for side in (0, 1)]}
    elif paired:
        about = {"paired_against": f"chateauma:{config.chateauma}",
                 "beat_automa": [sum(g["beat_automa"][side] for g in played)
                                 for side in (0, 1)],
                 "automa_mean": round(float(np.mean([g["automa_scores"]
                                                     for g in played])), 2)}
    return {**about, "games": len(played), "candidate_wins": wins,
            "win_rate": round(wins / len(played), 4), "win_rate_95ci": [round(lo, 4), round(hi, 4)],
            "candidate_mean": round(float(np.mean([g["candidate_score"] for g in played])), 2),
            "current_mean": round(float(np.mean([g["other_score"] for g in played])), 2),
            "tier": tier, "iterations": iterations,
            "against": "accepted network" if current else "hand-tuned evaluation"}


# --- the command ----------------------------------------------------------------------

def difficulty(text: str) -> str:
    """Châteauma's difficulty, as GameConfig writes it."""
    try:
        written = GameConfig(chateauma=text).chateauma
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    assert written is not None  # a difficulty was given
    return written


def more_data(folders: list[str], lam: float, target: str = "y"
              ) -> tuple[np.ndarray, np.ndarray, list[dict]]:
    """The rows and targets of other runs' folders (their games on disk, from the first
    on), and what each folder gave."""
    xs, ys, given = [], [], []
    for name in folders:
        folder = Path(name)
        stored = read_run(folder)
        chunks = sorted(int(p.stem.split("-")[1]) for p in (folder / "data").glob("games-*.npz")
                        if ".tmp" not in p.name)
        games = 0
        while games // CHUNK in chunks:
            games += CHUNK
        x, y, g = load_data(folder, games, target)
        games = len(np.unique(g))
        xs.append(x)
        deciders = GameConfig(players=stored["players"],
                              chateauma=stored.get("chateauma")).deciders
        ys.append(lambda_returns(x, y, g, lam, deciders))
        given.append({"dir": name, "games": games, "positions": int(len(y))})
        print(f"training: also {len(y)} positions from {games} games in {folder} "
              f"({stored.get('players')} players"
              f"{', Châteauma ' + stored['chateauma'] if stored.get('chateauma') else ''})",
              flush=True)
    return np.concatenate(xs), np.concatenate(ys), given


def read_run(folder: Path) -> dict:
    """The options a training folder's games were made with (its run.json); ValueError
    saying why when the file is not a run's."""
    path = folder / "run.json"
    try:
        stored = json.loads(read_regular(path, RUN_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{folder} is not a training folder (no run.json)") from None
    except OSError as e:
        raise ValueError(f"{path} cannot be read ({e.strerror or e})") from None
    except (ValueError, RecursionError) as e:
        raise ValueError(f"{path} is not a run's options ({e})") from None
    if isinstance(stored, dict):
        try:
            GameConfig(players=stored.get("players", 2), rules=stored.get("rules", "special"),
                       chateauma=stored.get("chateauma"))
        except (ValueError, TypeError) as e:
            raise ValueError(f"{path} names games this version cannot play ({e})") from None
        return stored
    raise ValueError(f"{path} is not a run's options (it holds a {type(stored).__name__}, "
                     "not an object)")


def ray_address(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("a Ray address (auto, ray://HOST:10001, local)")
    return text.strip()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dir", type=directory, default="training",
                        help="folder for data, checkpoints and the match (an interrupted run "
                        "resumes from it)")
    parser.add_argument("--games", type=GAMES, default=300, help="self-play games")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--rules", default="special", choices=RULE_SETS)
    parser.add_argument("--boards", default="advanced", choices=BOARD_MODES)
    parser.add_argument("--modules", type=module_list, default=(),
                        help="comma-separated expansion modules the games are played with "
                        "(those the rule set offers; not solo or team)")
    parser.add_argument("--chateauma", type=difficulty, default=None, metavar="DIFFICULTY",
                        help="play the games against Châteauma at this difficulty (e.g. "
                        "medium, hard+A+D); it takes one of the --players seats")
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--workers", type=WORKERS, default=None,
                        help="processes to play games in (default: every available core)")
    parser.add_argument("--ray", metavar="ADDRESS", default=None, type=ray_address,
                        help="play the self-play games as tasks on a Ray cluster (Ray "
                        "installed): its address (auto, ray://HOST:10001), or local to "
                        "start Ray on this computer; the games are the same as without")
    parser.add_argument("--width", type=WIDTH, default=4, help="self-play beam width")
    parser.add_argument("--explore", type=share, default=0.1,
                        help="share of turns played with the beam's second-best turn")
    parser.add_argument("--self-play", choices=("hand", "learned"), default="hand",
                        help="the evaluation the self-play players search with (learned: "
                             "the run's accepted network)")
    parser.add_argument("--more-data", action="append", default=[], metavar="DIR",
                        help="also train on the self-play games of another run's folder "
                        "(repeatable; none of them are held out)")
    parser.add_argument("--epochs", type=EPOCHS, default=20)
    parser.add_argument("--hidden", type=HIDDEN, default=16,
                        help="units of the first hidden layer (the second has half)")
    parser.add_argument("--batch", type=BATCH, default=256)
    parser.add_argument("--rate", type=rate, default=1e-3, help="Adam's step size")
    parser.add_argument("--blend", type=share, default=1.0,
                        help="share of the network in the learned evaluation (the rest is "
                             "the hand-tuned advantage)")
    parser.add_argument("--target", choices=("residual", "margin", "own"), default="residual",
                        help="learn what the hand-tuned advantage misses of the final margin "
                             "(residual), the margin itself, or what the hand-tuned value "
                             "misses of the seat's own final score (own: the opponents "
                             "stay valued by hand; for games against Châteauma, whose "
                             "points no move of the player's changes much)")
    parser.add_argument("--td-lambda", type=share, default=1.0,
                        help="the target's lambda: 1 = the final margin; less mixes in "
                        "the hand-tuned advantage of the seat's next positions (less noise)")
    parser.add_argument("--decay", type=share, default=0.1,
                        help="weight decay (the data is small and noisy: strong decay keeps "
                             "the network from learning single games by heart)")
    parser.add_argument("--match-games", type=GAMES, default=100)
    parser.add_argument("--match-tier", choices=("medium", "hard"), default="medium")
    parser.add_argument("--match-iterations", type=ITERATIONS, default=None,
                        help="the match players' search budget (Hard: sampled "
                             "continuations, default 24; Medium: beam width)")
    parser.add_argument("--write", action="store_true",
                        help="install an accepted network as the shipped weights")


def run(args: argparse.Namespace) -> int:
    from .tournament import worker_count
    folder = Path(args.dir)
    if args.match_tier == "hard" and args.match_iterations is None:
        args.match_iterations = 24
    args.workers = worker_count(args.workers, args.games)
    if args.target == "own" and args.td_lambda < 1.0:
        print("train: --target own learns from the final scores only (--td-lambda 1)",
              file=sys.stderr)
        return 2
    if args.ray is not None and not ray_installed():
        print(f"train: {MISSING}", file=sys.stderr)
        return 2
    refused = [m for m in args.modules if split_module(m)[0] in UNTRAINABLE]
    if refused:
        print(f"train: the learned evaluation is not trained for {', '.join(refused)}",
              file=sys.stderr)
        return 2
    try:
        game_config(args, args.players)
    except ValueError as e:
        print(f"train: {e}", file=sys.stderr)
        return 2
    try:
        for name in args.more_data:
            read_run(Path(name))
        stored = read_run(folder) if (folder / "run.json").exists() else None
    except ValueError as e:
        print(f"train: {e}", file=sys.stderr)
        return 2
    options = {k: getattr(args, k) for k in DATA_OPTIONS}
    options["modules"] = list(args.modules)
    if folder.exists() and not folder.is_dir():
        print(f"train: --dir {folder} is not a folder", file=sys.stderr)
        return 2
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(f"train: cannot make the folder {folder} ({e.strerror or e})", file=sys.stderr)
        return 2
    run_file = folder / "run.json"
    if stored is not None:
        stored.setdefault("modules", [])  # folders from before module sets
        stored.setdefault("chateauma", None)  # and before games against Châteauma
        if stored != options:
            print(f"train: {folder} holds data made with other options ({stored}); use "
                  "another --dir", file=sys.stderr)
            return 2
    else:
        run_file.write_text(json.dumps(options, indent=1) + "\n", encoding="utf-8")
    best = folder / "best.npz"
    if args.self_play == "learned" and not best.exists():
        print("train: --self-play learned needs an accepted network in the folder",
              file=sys.stderr)
        return 2
    try:
        if best.exists():
            load_net(best)  # the network to beat (and to play with): refused now, not later
    except WeightsError as e:
        print(f"train: {e}", file=sys.stderr)
        return 2
    total = time.perf_counter()
    try:
        generate(args, folder, str(best) if args.self_play == "learned" else None)
    except EngineError as e:
        print(f"train: {e}", file=sys.stderr)
        return 2
    own = args.target == "own"
    field = "own" if own else "y"
    try:
        x, y, games = load_data(folder, args.games, field)
        extra: tuple[np.ndarray, np.ndarray] | None = None
        given: list[dict] = []
        if args.more_data:
            ex, ey, given = more_data(args.more_data, args.td_lambda, field)
            extra = (ex, ey)
    except KeyError:
        print("train: --target own needs games stored with the players' own final scores; "
              "these folders' games were made before (use another --dir)", file=sys.stderr)
        return 2
    except DAMAGED as e:
        print(f"train: the self-play games on disk cannot be read ({e})", file=sys.stderr)
        return 2
    print(f"training: {len(y)} positions from {args.games} games, mean "
          f"{'own score' if own else 'margin'} {y.mean():.1f}, sd {y.std():.1f}", flush=True)
    target = lambda_returns(x, y, games, args.td_lambda,
                            game_config(args, args.players).deciders)
    train(x, target, games, folder, args.epochs, args.hidden, args.batch, args.rate, args.seed,
          args.blend, args.target != "margin", args.decay, final=y, extra=extra, own=own)
    candidate = folder / "candidate.npz"
    result = match(args, folder, candidate, best if best.exists() else None)
    kept = result["candidate_wins"] * 2 > result["games"]
    print(f"match: candidate won {result['candidate_wins']} of {result['games']} "
          f"({result['win_rate']:.1%}, 95% CI {result['win_rate_95ci'][0]:.1%}-"
          f"{result['win_rate_95ci'][1]:.1%}), mean {result['candidate_mean']:.1f} against "
          f"{result['current_mean']:.1f}: {'kept' if kept else 'not kept'}", flush=True)
    about = {"command": "python main.py train " + " ".join(sys.argv[2:]),
             "options": options, "games": args.games, "positions": int(len(y)),
             "epochs": args.epochs, "hidden": args.hidden, "batch": args.batch,
             "rate": args.rate, "blend": args.blend, "target": args.target,
             "decay": args.decay, "td_lambda": args.td_lambda, "match": result,
             "more_data": given,
             "seconds": round(time.perf_counter() - total, 1)}
    if kept:
        shutil.copyfile(candidate, best)
        sidecar(best).write_text(json.dumps(about, indent=1, sort_keys=True) + "\n",
                                 encoding="utf-8")
        if args.write:
            trained = trained_for(best)
            assert trained is not None  # its sidecar was written just above
            installed = SHIPPED.with_name(shipped_name(trained))
            installed.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(best, installed)
            shutil.copyfile(sidecar(best), sidecar(installed))
            print(f"installed as {installed}")
    return 0
