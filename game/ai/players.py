"""The AI players: random-legal, Easy and Medium (Hard is in hard.py).

Every player answers `choose(state)` with one of `state.legal_actions()` and leaves the
state untouched. A player's randomness comes from its seed and the public position only,
so the same seed, budget and position always give the same action.
"""

from __future__ import annotations

import random
import time

from ..rules import Action, GameState, position_seed
from .evaluate import DEFAULT, Evaluator, Weights
from .openings import opening_choice
from .routes import arrange_choice
from .turns import plan


class Player:
    """Common ground: the seed and the budgets."""

    tier = ""

    def __init__(self, seed: int = 0, time_budget: float | None = None,
                 iterations: int | None = None) -> None:
        self.seed = seed
        self.time_budget = time_budget
        self.iterations = iterations

    def rng(self, state: GameState) -> random.Random:
        return random.Random(position_seed(self.seed, state, state.current_player))

    def choose(self, state: GameState) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def _check_decision(state: GameState) -> list[Action]:
    if state.terminal or state.chance is not None:
        raise ValueError("the game is not waiting for a player's decision")
    return state.legal_actions()


class RandomPlayer(Player):
    """Uniform over the legal actions: a baseline."""

    tier = "random"

    def choose(self, state: GameState) -> Action:
        legal = _check_decision(state)
        return legal[self.rng(state).randrange(len(legal))]


# Easy values its own side's holdings only (its own, in the team game its team's), and
# crudely: stored tiles and open colours count for little, so it takes what scores now
# rather than what builds towards more.
EASY_WEIGHTS = Weights(storage_factor=0.4, open_colour=0.0, order=0.0, area_exponent=1.0)


class EasyPlayer(Player):
    """One action at a time: the action whose result looks best for its side (itself, or
    in the team game its team: Evaluator.side_value), misjudged by a random error on
    every choice (`noise` points, one standard deviation). It never plans the second die
    with the first."""

    tier = "easy"
    noise = 1.8

    def __init__(self, seed: int = 0, time_budget: float | None = None,
                 iterations: int | None = None) -> None:
        super().__init__(seed, time_budget, iterations)
        self.evaluator = Evaluator(EASY_WEIGHTS)

    def choose(self, state: GameState) -> Action:
        legal = _check_decision(state)
        if len(legal) == 1:
            return legal[0]
        arranged = arrange_choice(state, self.evaluator, simple=True)
        if arranged is not None:
            return arranged
        rng = self.rng(state)
        seat = state.current_player
        best, best_value = legal[0], -1e18
        for action in legal:
            child = state.clone()
            child.apply(action, listen=False)
            v = self.evaluator.side_value(child, seat) + rng.gauss(0.0, self.noise)
            if v > best_value:
                best, best_value = action, v
        return best


class MediumPlayer(Player):
    """Plans the whole turn: a beam over both die actions, the purchase and every effect's
    sub-choices, each complete turn valued by the hand-tuned evaluation against the best
    opponent. `iterations` is the beam width; a time budget narrows it when short. The
    board and start castle come from the opening book (openings.py)."""

    tier = "medium"
    default_width = 4

    def __init__(self, seed: int = 0, time_budget: float | None = None,
                 iterations: int | None = None, weights: Weights = DEFAULT,
                 evaluator: Evaluator | None = None) -> None:
        super().__init__(seed, time_budget, iterations)
        self.evaluator = evaluator or Evaluator(weights)

    def choose(self, state: GameState) -> Action:
        legal = _check_decision(state)
        if len(legal) == 1:
            return legal[0]
        book = opening_choice(state) or arrange_choice(state, self.evaluator)
        if book is not None:
            return book
        width = self.iterations or self.default_width
        objective = self.evaluator.advantage
        if self.time_budget is None:
            return plan(state, objective, width)[0].actions[0]
        start = time.perf_counter()
        w = 1
        lines = plan(state, objective, w)
        while w < width:
            spent = time.perf_counter() - start
            nxt = min(width, 2 * w)
            if spent * (nxt / w + 1) > self.time_budget:
                break
            w = nxt
            lines = plan(state, objective, w)
        return lines[0].actions[0]
