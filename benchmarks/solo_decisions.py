"""Hard's decisions in seeded solo games, one line each.

For every turn Hard searches (more than one candidate, after the opening) it prints the
candidate turns the beam gave: the spaces filled after each, the beam's value, the mean
of its sampled continuations and how many it got, and which one the verdict chose
(`*` marks a choice other than the beam's best, `stale` one by a challenger put out of
the field before the last sample). The game ends with the spaces filled. The games are
the tournament's (`python main.py tournament --modules solo:target=T --players 1 --seats
hard@N --seed S`, game index 0, 1, ...), so the same seed plays the same game.

    python benchmarks/solo_decisions.py --target 45 --seed 1 --games 2 --samples 70

Run it from the repository's root with the project's Python.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai.hard import HardPlayer, _distinct  # noqa: E402
from game.ai.turns import plan  # noqa: E402
from game.rules import GameConfig, GameState, new_game, solo_result  # noqa: E402


class LoggedHard(HardPlayer):
    """Hard that prints each verdict with the candidates it judged."""

    def _search(self, root: GameState, start: float):
        lines = plan(root, self.evaluator.advantage, self.width)
        self._pool = _distinct(lines, self.candidates, root.current_player)
        self._values: list[list[float]] = []
        chosen = super()._search(root, start)
        if self._values:
            self._print(root, chosen)
        return chosen

    def _verdict(self, values, judged=None) -> int:
        self._values = values
        return super()._verdict(values, judged)

    def _print(self, root: GameState, chosen) -> None:
        pool, values = self._pool, self._values
        index = next(i for i, line in enumerate(pool) if line.actions == chosen.actions)
        most = max(len(v) for v in values[1:])
        mark = "" if index == 0 else " *" + (" stale" if len(values[index]) < most else "")
        print(f"phase {root.phase} round {root.round} filled "
              f"{root.players[0].occupied.bit_count()}: chose {index}{mark}")
        for i, line in enumerate(pool):
            mean = sum(values[i]) / len(values[i]) if values[i] else float("nan")
            print(f"  {i}: fills {line.state.players[0].occupied.bit_count():2d}  "
                  f"beam {line.value:7.1f}  sampled {mean:7.1f} ({len(values[i])})")


def play(target: int, seed: int, index: int, samples: int) -> int:
    config = GameConfig(players=1, board_mode="advanced",
                        modules=(f"solo:target={target}",))
    player = LoggedHard(seed=seed * 1_000_003 + index * 7, iterations=samples)
    chance = random.Random(f"tournament-{seed}-{index}")
    state = new_game(config)
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        state.apply(player.choose(state))
    return solo_result(state).filled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", type=int, default=45)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--samples", type=int, default=HardPlayer.default_samples[1])
    args = parser.parse_args()
    for index in range(args.games):
        print(f"game {index}: {play(args.target, args.seed, index, args.samples)} spaces")
    return 0


if __name__ == "__main__":
    sys.exit(main())
