"""Hard's decisions in seeded solo games, one line each.

For every turn Hard searches (more than one candidate, after the opening) it prints the
candidate turns the beam gave: the spaces filled after each, the beam's value, the mean
of its sampled continuations and how many it got, and which one the verdict chose
(`*` marks a choice other than the beam's best, `stale` one by a challenger put out of
the field before the last sample). The game ends with the spaces filled. The games are
the tournament's (`python main.py tournament --modules solo:target=T --players 1 --seats
hard@N --seed S`, game index 0, 1, ...), so the same seed plays the same game.

With `--exact` every candidate is also valued by the exact mean of its continuation over
all 216 rolls of the next turn's three dice (the white die and the player's two), where
that roll is the continuation's only chance step (not before a phase's setup), and the
run ends with how far the chosen turn and the beam's best fall short of the best exact
mean: what the sampled means estimate, without their noise.

    python benchmarks/solo_decisions.py --target 45 --seed 1 --games 2 --samples 70
    python benchmarks/solo_decisions.py --target 50 --seed 1 --games 2 --samples 70 --exact

Run it from the repository's root with the project's Python.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.ai.hard import HardPlayer, _distinct  # noqa: E402
from game.ai.tournament import game_chance, player_seed  # noqa: E402
from game.ai.turns import plan  # noqa: E402
from game.rules import GameConfig, GameState, new_game, solo_result  # noqa: E402


class LoggedHard(HardPlayer):
    """Hard that prints each verdict with the candidates it judged; with `exact`, also
    each candidate's exact mean over the next turn's rolls, and it tallies the searches
    valued so (`searches`, `chose_best`, and the shortfalls `chosen_short`, `beam_short`
    summed over them)."""

    exact = False
    searches = chose_best = 0
    chosen_short = beam_short = 0.0

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
        pool = self._pool
        # A small budget samples fewer candidates than the pool holds: the rest got none.
        values = self._values + [[] for _ in range(len(pool) - len(self._values))]
        index = next(i for i, line in enumerate(pool) if line.actions == chosen.actions)
        most = max((len(v) for v in values[1:]), default=0)
        mark = "" if index == 0 else " *" + (" stale" if len(values[index]) < most else "")
        exact = self._exact_means(root) if self.exact else None
        print(f"phase {root.phase} round {root.round} filled "
              f"{root.players[0].occupied.bit_count()}: chose {index}{mark}")
        for i, line in enumerate(pool):
            mean = sum(values[i]) / len(values[i]) if values[i] else float("nan")
            print(f"  {i}: fills {line.state.players[0].occupied.bit_count():2d}  "
                  f"beam {line.value:7.1f}  sampled {mean:7.1f} ({len(values[i])})"
                  + (f"  exact {exact[i]:7.2f}" if exact else ""))
        if exact:
            best = max(exact)
            self.searches += 1
            self.chose_best += exact[index] == best
            self.chosen_short += best - exact[index]
            self.beam_short += best - exact[0]

    def _exact_means(self, root: GameState) -> list[float] | None:
        """Each candidate's continuation valued over every roll of the next turn, or None
        when a continuation meets another chance step (a phase's setup) or none."""
        seat = root.current_player
        objective = self.rollout_evaluator.advantage
        out = []
        for line in self._pool:
            after, ended = self._play_known(line.state, seat)
            if ended or after.chance != "roll":
                return None
            total = 0.0
            for roll in itertools.product(range(1, 7), repeat=3):
                s = after.clone()
                s.apply_chance(roll, listen=False)
                while not s.terminal:
                    if s.chance is not None:
                        return None
                    mover = s.current_player
                    s = self._rollout_turn(s, objective)
                    if mover == seat:
                        break
                total += self.evaluator.advantage(s, seat)
            out.append(total / 216)
        return out


def play(target: int, seed: int, index: int, samples: int, exact: bool = False) -> int:
    config = GameConfig(players=1, board_mode="advanced",
                        modules=(f"solo:target={target}",))
    player = LoggedHard(seed=player_seed(seed, index, 0), iterations=samples)
    player.exact = exact
    chance = game_chance(seed, index)
    state = new_game(config)
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        state.apply(player.choose(state))
    if player.searches:
        LoggedHard.searches += player.searches
        LoggedHard.chose_best += player.chose_best
        LoggedHard.chosen_short += player.chosen_short
        LoggedHard.beam_short += player.beam_short
    return solo_result(state).filled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", type=int, default=45)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--samples", type=int, default=HardPlayer.default_samples[1])
    parser.add_argument("--exact", action="store_true",
                        help="value every candidate over all rolls of the next turn too")
    args = parser.parse_args()
    for index in range(args.games):
        filled = play(args.target, args.seed, index, args.samples, args.exact)
        print(f"game {index}: {filled} spaces")
    n = LoggedHard.searches
    if n:
        print(f"{n} searches valued exactly: chose the best exact mean in "
              f"{LoggedHard.chose_best}; short of it by {LoggedHard.chosen_short / n:.2f} "
              f"a search (the beam's best by {LoggedHard.beam_short / n:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
