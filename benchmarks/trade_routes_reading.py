"""Where Hard's margin over Medium comes from with the trade routes: points by source and
what each tier did on its route.

Plays the tournament's two-player games (`python main.py tournament --seats hard,medium
--seed S --modules M`, game index 0, 1, ...: the same seed plays the same games, seats
swapped every other game) and prints each tier's mean points by source (the score's
categories) over all games and over Hard's losses; with the trade routes also the tiles
laid on the route, those on a space of their own goods type and the bonuses they gave,
the bonus tiles taken or declined, and at every die sale whether it covered as many
spaces of their own goods type as the best sale on offer.

    python benchmarks/trade_routes_reading.py --seed 1 --games 40 --modules trade_routes

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
from game.ai.tournament import game_chance, parse_seats, player_seed  # noqa: E402
from game.rules import GameConfig, new_game  # noqa: E402
from game.rules.modules import trade_routes as tr  # noqa: E402

TIERS = ("hard", "medium")


def _matched(state, seat: int, goods: int) -> int:
    """The route spaces of their own goods type a sale of all of seat's `goods` covers."""
    spaces = tr.route_spaces(state, seat)
    first = len(tr.laid(state, seat))
    end = min(first + state.players[seat].goods[goods], len(spaces))
    return sum(1 for i in range(first, end) if spaces[i][0] == goods)


def play(config: GameConfig, seed: int, index: int) -> tuple[list[str], list[int], int,
                                                             list[dict[str, int]],
                                                             list[Counter]]:
    """Game `index` as the tournament plays it: the seats' tiers, scores, winner, points
    by source and route counts."""
    seats, _ = parse_seats(",".join(TIERS))
    rotation = [seats[(i + index) % len(seats)] for i in range(config.deciders)]
    players = [make_player(s.tier, seed=player_seed(seed, index, i),
                           time_budget=s.time_budget, iterations=s.iterations)
               for i, s in enumerate(rotation)]
    chance = game_chance(seed, index)
    state = new_game(config)
    routes = config.has_module(tr.ID)
    counts: list[Counter] = [Counter() for _ in players]
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        seat = state.current_player
        action = players[seat].choose(state)
        c = counts[seat]
        if routes and state.decision == tr.PICK_FRAME:
            c["bonus tiles declined" if action[0] == "decline" else "bonus tiles taken"] += 1
        if routes and action[0] == "sell":
            best = max(_matched(state, seat, a[2]) for a in state.legal_actions()
                       if a[0] == "sell")
            chosen = _matched(state, seat, action[2])
            c["die sales"] += 1
            c["die sales matching fewer spaces than the best"] += chosen < best
            c["spaces matched by die sales"] += chosen
            c["spaces the best die sales would match"] += best
        state.apply(action)
    for seat, c in enumerate(counts):
        if routes:
            spaces = tr.route_spaces(state, seat)
            for i, goods in enumerate(tr.laid(state, seat)):
                c["tiles on the route"] += 1
                if spaces[i][0] == goods:
                    c["tiles on their own goods type"] += 1
                    c[f"bonus: {spaces[i][1]}"] += 1
    return ([s.tier for s in rotation], state.scores(), state.ranking()[0],
            [dict(p.breakdown) for p in state.players], counts)


def report(title: str, games: list[tuple]) -> None:
    if not games:
        return
    n = len(games)
    print(f"\n{title}: {n} games\n{'':46s} {'hard':>7s} {'medium':>7s} {'diff':>7s}")
    sources = sorted({k for g in games for b in g[3] for k in b})
    for source in sources + ["total"]:
        mean = {}
        for tier in TIERS:
            values = []
            for tiers, scores, _, breakdown, _ in games:
                seat = tiers.index(tier)
                values.append(scores[seat] if source == "total"
                              else breakdown[seat].get(source, 0))
            mean[tier] = statistics.mean(values)
        print(f"{source:46s} {mean['hard']:7.1f} {mean['medium']:7.1f} "
              f"{mean['hard'] - mean['medium']:+7.1f}")
    totals: dict[str, Counter] = {tier: Counter() for tier in TIERS}
    for tiers, _, _, _, counts in games:
        for tier in TIERS:
            totals[tier].update(counts[tiers.index(tier)])
    keys = sorted(set(totals["hard"]) | set(totals["medium"]))
    if keys:
        print("a game (the route):")
    for key in keys:
        print(f"  {key:44s} {totals['hard'][key] / n:7.2f} {totals['medium'][key] / n:7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--modules", default="trade_routes",
                        help="comma-separated modules ('' for the base game)")
    args = parser.parse_args()
    config = GameConfig(players=2, modules=tuple(m for m in args.modules.split(",") if m))
    games = []
    for index in range(args.games):
        game = play(config, args.seed, index)
        games.append(game)
        tiers, scores, winner, _, _ = game
        print(f"game {index}: {tiers[0]} {scores[0]}, {tiers[1]} {scores[1]}", flush=True)
    lost = [g for g in games if g[0][g[2]] != "hard"]
    print(f"\nHard won {len(games) - len(lost)} of {len(games)}")
    report("all games", games)
    report("Hard's losses", lost)


if __name__ == "__main__":
    main()
