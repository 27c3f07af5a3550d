"""Where solo games are lost: a line per game and the counts over all of them.

Plays the tournament's solo games (`python main.py tournament --modules solo:target=T
--players 1 --seats TIER@N --seed S`, game index 0, 1, ...: the same seed plays the same
games) and counts what the player did with its actions: the spaces filled in each phase,
the colours left empty, the dice turned into workers (and whether a placement or a take
was on offer then), the turns without a placement, the resets of the target marker and
the extra actions taken, the black-depot purchases, the silver and workers left at the
end.

    python benchmarks/solo_reading.py --tier hard --iterations 24 --seed 1 --games 40

Run it from the repository's root with the project's Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai import make_player  # noqa: E402
from game.ai.tournament import game_chance, player_seed  # noqa: E402
from game.rules import COLOURS, GameConfig, new_game, solo_result, solo_state  # noqa: E402

PHASES = "ABCDE"


def play(tier: str, iterations: int | None, target: int, seed: int,
         index: int) -> tuple[int, dict[str, int], Counter, list[int], int, int]:
    """Game `index`: the spaces filled, the empty spaces by colour, the counts, the
    spaces filled in each phase, and the silver and workers left."""
    config = GameConfig(players=1, board_mode="advanced", modules=(f"solo:target={target}",))
    player = make_player(tier, seed=player_seed(seed, index, 0), iterations=iterations)
    chance = game_chance(seed, index)
    state = new_game(config)
    counts: Counter = Counter()
    filled_by_phase = [0] * len(PHASES)
    turn, placed = None, 0
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        if state.phase >= 0:
            if (state.phase, state.round) != turn:
                if turn is not None and not placed:
                    counts["turns without a placement"] += 1
                turn, placed = (state.phase, state.round), 0
        legal = state.legal_actions()
        action = player.choose(state)
        name = action[0]
        before = solo_state(state)
        placed += name in ("place", "city_hall")
        if name == "workers":
            counts["dice to workers"] += 1
            counts[f"dice to workers, round {state.round + 1}"] += 1
            offered = {a[0] for a in legal}
            counts["dice to workers, no placement on offer"] += "place" not in offered
            counts["dice to workers, no take on offer"] += "take" not in offered
        elif name in ("buy", "extra", "take", "place", "sell", "trade"):
            counts[name] += 1
        state.apply(action)
        counts["resets"] += solo_state(state).resets - before.resets
        if state.phase >= 0:
            filled_by_phase[state.phase] = state.players[0].occupied.bit_count()
    if turn is not None and not placed:
        counts["turns without a placement"] += 1
    p = state.players[0]
    board = p.board
    assert board is not None
    empty = {COLOURS[c]: (m & ~p.occupied).bit_count()
             for c, m in enumerate(board.colour_mask) if m & ~p.occupied}
    by_phase = [n - (filled_by_phase[i - 1] if i else 0) for i, n in enumerate(filled_by_phase)]
    return solo_result(state).filled, empty, counts, by_phase, p.silver, p.workers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tier", default="hard")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--target", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    filled: list[int] = []
    left: list[tuple[int, int]] = []
    totals: Counter = Counter()
    empty_spaces: Counter = Counter()
    empty_games: Counter = Counter()
    phases = [0] * len(PHASES)
    for index in range(args.games):
        n, empty, counts, by_phase, silver, workers = play(
            args.tier, args.iterations, args.target, args.seed, index)
        print(f"game {index}: {n} spaces, empty {empty or '-'}, silver {silver}, "
              f"workers {workers}, by phase {by_phase}", flush=True)
        filled.append(n)
        totals.update(counts)
        phases = [a + b for a, b in zip(phases, by_phase)]
        if empty:
            left.append((silver, workers))
            empty_spaces.update(empty)
            empty_games.update(empty.keys())
    games = args.games
    print(f"{games} games, {games - len(left)} won, spaces filled {statistics.mean(filled):.2f} "
          f"(sd {statistics.pstdev(filled):.2f})")
    print("spaces filled by phase: " + ", ".join(
        f"{PHASES[i]} {phases[i] / games:.2f}" for i in range(len(PHASES))))
    print("empty at the end (spaces, lost games): " + ", ".join(
        f"{c} {empty_spaces[c]} ({empty_games[c]})" for c in COLOURS if empty_spaces[c]))
    for key in sorted(totals):
        print(f"  {key}: {totals[key] / games:.2f} a game")
    if left:
        print(f"lost games' end: silver {statistics.mean(s for s, _ in left):.2f} (mean), "
              f"workers {statistics.median(w for _, w in left)} (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
