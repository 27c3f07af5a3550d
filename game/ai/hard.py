"""The Hard tier: whole-turn search with sampled look-ahead.

1. The Medium beam, wider, lists the best complete turns for the position.
2. Each candidate turn is played on: the other players' turns (their dice for this round
   are already on the table; later rounds' dice are sampled), then this player's next turn,
   every player choosing its turn with a one-position beam (`rollout`). The position
   after this player's next turn is valued with the evaluation.
3. All candidates see the same sampled dice and depot refills (common random numbers), so
   their differences are not drowned by luck; rounds of samples halve the challengers
   until the budget is spent, and the beam's best line always stays in.
4. The beam's best line is played unless a challenger beats it on the shared samples by
   more than a standard error of the paired differences: at small budgets the evaluation's
   choice stands, and only consistent evidence overturns it. In the solo game only the
   challengers sampled to the end, with six samples or more, may (`_verdict`).

Chance is sampled from a copy whose supplies are sorted, with an RNG seeded from the
player's seed and the public position, so nothing hidden steers the choice. The chosen turn
is remembered, and the following decisions of that turn answer at once.
"""

from __future__ import annotations

import functools
import gc
import random
import time
from typing import Callable, TypeVar

from ..rules import Action, GameState, position_seed, public_key, resample_hidden
from .evaluate import DEFAULT, Evaluator, Weights
from .learned import LearnedEvaluator, shipped_evaluator
from .openings import opening_choice
from .routes import arrange_choice
from .players import Player, _check_decision
from .turns import Line, plan

F = TypeVar("F", bound=Callable)


def _without_cycle_collection(search: F) -> F:
    """`search` with Python's cycle collector paused while it runs (reference counting
    still frees everything). A search clones a position for every child it looks at, so
    it allocates containers by the hundred thousand and the collector, which runs by
    allocation counts, traversed every position and cache still held again and again: a
    third of a decision's time, to find no cycle (the search makes none). Paused only by
    a call that found it running, so a search in another thread, or one nested in this,
    never leaves it off."""
    @functools.wraps(search)
    def paused(*args, **kwargs):
        if not gc.isenabled():
            return search(*args, **kwargs)
        gc.disable()
        try:
            return search(*args, **kwargs)
        finally:
            gc.enable()
    return paused  # type: ignore[return-value]


class HardPlayer(Player):
    """`iterations` is the number of sampled continuations in all, for reproducible play;
    a time budget (seconds per decision) samples until it is nearly spent, up to
    `max_samples`. Without either it samples the continuations `default_samples` gives
    for the number of players: the same moves on any machine for the same seed.
    `time_limit` only stops a search that runs far past its normal time."""

    tier = "hard"
    # A count, not a time: at a fixed 0.5 s the turns whose continuations are slow got
    # as few as 15 samples, and Hard scored less against Medium than with 70 on every
    # turn (docs/ai.md, "Hard's default budget"); more than 70 gained nothing. With more
    # players a continuation plays more turns, each chosen against more opponents: 70
    # took 1.8 s a turn with four players, so with three and four fewer keep the median
    # turn under 1 s. The clock never decides a default move: on a loaded machine a
    # limit near the normal time cut the samples, so the moves of a seeded game and the
    # strength a player meets depended on the load. The limit is a safety net only, far
    # above the slowest normal turn.
    default_samples = {1: 70, 2: 70, 3: 45, 4: 30}
    time_limit = 30.0
    max_samples = 400
    width = 6            # beam width of the candidate search
    candidates = 6       # complete turns sampled
    rollout_width = 1    # beam width of every player's turn in a continuation
    per_round = 2        # samples per candidate before the field is halved
    confidence = 1.0     # standard errors by which a challenger must beat the beam's best
    solo_least_samples = 6   # in the solo game, the samples a challenger needs to overturn it
    # How the players of a continuation choose their turns: "staged" keeps the best
    # position of each stage of the turn (the dice used, the purchase made, the effect
    # pending), as the candidates' beam does; "greedy" the best of each depth whatever
    # its stage. Greedy costs half as much a turn but lost 54 of 85 games to staged
    # (docs/ai.md, "Greedy continuations"): a greedy turn gives each die the action that
    # gains most at once, staged tries both dice on every action.
    ROLLOUTS = ("staged", "greedy")
    rollout = "staged"

    def __init__(self, seed: int = 0, time_budget: float | None = None,
                 iterations: int | None = None, weights: Weights = DEFAULT,
                 evaluator: Evaluator | None = None,
                 rollout_evaluator: Evaluator | None = None,
                 rollout: str | None = None) -> None:
        # Without a budget the count depends on the game's number of players, known at
        # the first decision.
        self.default_budget = time_budget is None and iterations is None
        if self.default_budget:
            time_budget = self.time_limit
        super().__init__(seed, time_budget, iterations)
        self.evaluator = evaluator or shipped_evaluator(weights)
        # What the players of a continuation choose their turns by; its end is valued by
        # `evaluator`. The learned evaluation costs two to three times the hand-tuned
        # one, and a continuation values hundreds of positions to choose its turns but
        # only its end to compare candidates: so the turns are chosen by the hand-tuned
        # evaluation and the learned one values the candidates and the ends.
        if rollout_evaluator is None:
            rollout_evaluator = (Evaluator(weights) if isinstance(self.evaluator,
                                                                  LearnedEvaluator)
                                 else self.evaluator)
        self.rollout_evaluator = rollout_evaluator
        if rollout is not None:
            if rollout not in self.ROLLOUTS:
                raise ValueError(f"unknown continuation policy {rollout!r} "
                                 f"(choose from {', '.join(self.ROLLOUTS)})")
            self.rollout = rollout
        self._script: list[tuple[tuple, Action]] = []

    def choose(self, state: GameState) -> Action:
        legal = _check_decision(state)
        if len(legal) == 1:
            # A forced step of the chosen turn (its end, once both dice are used, or an
            # effect with one option) still uses up its place in the turn: left there,
            # the turn's next decision would not find its own and search again.
            if self._script and self._script[0][0] == public_key(state,
                                                                 state.current_player):
                self._script.pop(0)
            return legal[0]
        book = opening_choice(state) or arrange_choice(state, self.evaluator)
        if book is not None:
            return book
        key = public_key(state, state.current_player)
        if self._script and self._script[0][0] == key:
            return self._script.pop(0)[1]
        start = time.perf_counter()
        root = resample_hidden(state, state.current_player)
        line = self._search(root, start)
        self._script = self._keys_along(root, line.actions)
        return self._script.pop(0)[1]

    @staticmethod
    def _keys_along(root: GameState, actions: tuple) -> list[tuple[tuple, Action]]:
        """The public position before each action of the chosen turn."""
        out = []
        s = root.clone()
        seat = s.current_player
        for a in actions:
            out.append((public_key(s, seat), a))
            s.apply(a)
        return out

    @_without_cycle_collection
    def _search(self, root: GameState, start: float) -> Line:
        seat = root.current_player
        objective = self.evaluator.advantage
        lines = plan(root, objective, self.width)
        budget = self.iterations or (self.default_samples[root.n] if self.default_budget
                                     else self.max_samples)
        pool = _distinct(lines, max(2, min(self.candidates, budget)), seat)
        if len(pool) == 1 or root.phase < 0:
            return pool[0]
        base = position_seed(self.seed, root, seat)
        # Up to the first chance step a continuation is the same in every sample (the
        # other players' dice this round are on the table): play it once per candidate.
        known = [self._play_known(line.state, seat) for line in pool]
        values: list[list[float]] = [[] for _ in pool]
        alive = list(range(len(pool)))
        used = 0
        sample = 0
        while used < budget and len(alive) > 1 and not self._out_of_time(start):
            for _ in range(self.per_round):
                if used >= budget or self._out_of_time(start):
                    break
                seed = base + sample
                sample += 1
                for i in alive:
                    values[i].append(self._continue(known[i], seat, seed))
                used += len(alive)
            if len(alive) > 2:
                # The beam's best line stays in, so every challenger is compared with it
                # on the same samples.
                ranked = sorted(alive[1:], key=lambda i: -_mean(values[i]))
                alive = [0] + sorted(ranked[:max(1, (len(alive) + 1) // 2 - 1)])
        return pool[self._verdict(values, alive if root.n == 1 else None)]

    def _verdict(self, values: list[list[float]], judged: list[int] | None = None) -> int:
        """The beam's best line (index 0) unless a challenger beats it on the shared
        samples by more than their noise: a few samples at a small budget must not
        overturn the evaluation on luck. `judged`: the challengers that may (all when
        None).

        In the solo game only the challengers still in the field at the end may: one
        put out after its first two or four samples was put out for looking worse than
        the others on them, and two samples that happen to agree make a tiny standard
        error. Judged with the rest, such a challenger overturned the beam's best on
        those few samples, against the survivors' verdict on all of them (docs/ai.md,
        "The solo game"). Nor may a survivor with fewer than `solo_least_samples`: the
        time limit, on a loaded machine, can stop the search after two samples each."""
        best, best_gain = 0, 0.0
        base = values[0]
        least = 2 if judged is None else self.solo_least_samples
        for i in range(1, len(values)) if judged is None else judged:
            if i == 0:
                continue
            n = min(len(base), len(values[i]))
            if n < least:
                continue
            diffs = [values[i][j] - base[j] for j in range(n)]
            gain = _mean(diffs)
            noise = (sum((d - gain) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
            if gain - self.confidence * noise > 0 and gain > best_gain:
                best, best_gain = i, gain
        return best

    def _out_of_time(self, start: float) -> bool:
        return (self.time_budget is not None
                and time.perf_counter() - start > self.time_budget * 0.85)

    def _play_known(self, after: GameState, seat: int) -> tuple[GameState, bool]:
        """The continuation from the end of this turn up to its first chance step, which
        no sample changes: the position there, and whether the seat's next turn is
        already played (then the continuation ends there)."""
        s = after
        objective = self.rollout_evaluator.advantage
        while not s.terminal and s.chance is None:
            mover = s.current_player
            s = self._rollout_turn(s, objective)
            if mover == seat:
                return s, True
        return s, s.terminal

    def _rollout_turn(self, state: GameState, objective) -> GameState:
        """The position after the turn a continuation's player chooses."""
        return plan(state, objective, self.rollout_width, max_lines=1,
                    by_stage=self.rollout == "staged")[0].state

    def _continue(self, known: tuple[GameState, bool], seat: int, seed: int) -> float:
        """Play on from the end of this turn (`_play_known`'s part, then sampled chance)
        to the end of the seat's next turn."""
        after, ended = known
        if ended:
            return self.evaluator.advantage(after, seat)
        s = after.clone()
        rng = random.Random(seed)
        objective = self.rollout_evaluator.advantage
        while not s.terminal:
            if s.chance is not None:
                s.apply_chance(s.sample_chance(rng), listen=False)
                continue
            mover = s.current_player
            s = self._rollout_turn(s, objective)
            if mover == seat:
                break  # its next turn is played
        return self.evaluator.advantage(s, seat)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("-inf")


def _distinct(lines: list[Line], limit: int, seat: int) -> list[Line]:
    """The best lines that end in different positions (as `seat` sees them)."""
    out: list[Line] = []
    seen: set = set()
    for line in lines:
        key = public_key(line.state, seat)
        if key in seen:
            continue
        seen.add(key)
        out.append(line)
        if len(out) == limit:
            break
    return out
