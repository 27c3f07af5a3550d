"""AI players for any seat: random-legal, Easy, Medium and Hard.

    from game.ai import make_player, hint
    player = make_player("medium", seed=3)
    action = player.choose(state)          # one of state.legal_actions(); state unchanged
    suggestion = hint(state)               # the Hard tier's move, in its default time
    why = explain_hint(state)              # the same move with its reasons (explain.py)
    learned = make_player("hard", value="learned")  # Hard on the learned evaluation

AI code imports only the rules module and plays through the same legal actions as a
person. No tier sees more than a player can: what a GameState knows that the table does
not show (the order of the supplies, Châteauma's face-down tiles) never influences a
choice (the rules' public_key and resample_hidden), and future dice and draws are only ever sampled.
"""

from __future__ import annotations

from typing import Callable

from ..rules import Action, GameState
from .players import EasyPlayer, MediumPlayer, Player, RandomPlayer

TIERS = ("random", "easy", "medium", "hard")


LEARNED_TIERS = ("medium", "hard")  # the tiers that can search with the learned evaluation


def make_player(tier: str, seed: int = 0, time_budget: float | None = None,
                iterations: int | None = None, value: str | None = None,
                rollout: str | None = None) -> Player:
    """An AI player of the given tier. `time_budget` is seconds per decision (a limit in
    play); `iterations` fixes the amount of search, for reproducible games and tests.
    `value` makes Medium or Hard search with the learned evaluation: a weights file, or
    "learned" for the shipped weights (learned.py). `rollout` chooses how Hard's
    continuations play their turns (HardPlayer.ROLLOUTS)."""
    from .hard import HardPlayer
    classes: dict[str, Callable[..., Player]] = {
        "random": RandomPlayer, "easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer}
    if tier not in classes:
        raise ValueError(f"unknown AI tier {tier!r} (choose from {', '.join(TIERS)})")
    options: dict = {}
    if rollout is not None:
        if tier != "hard":
            raise ValueError(f"the {tier} tier plays no continuations")
        options["rollout"] = rollout
    if value is None:
        return classes[tier](seed=seed, time_budget=time_budget, iterations=iterations,
                             **options)
    if tier not in LEARNED_TIERS:
        raise ValueError(f"the {tier} tier has no learned evaluation")
    from .learned import evaluator_for
    return classes[tier](seed=seed, time_budget=time_budget, iterations=iterations,
                         evaluator=evaluator_for(value), **options)


def hint(state: GameState, time_budget: float | None = None) -> Action:
    """The Hard tier's suggestion for the player to move (by default in Hard's own
    thinking time)."""
    return make_player("hard", time_budget=time_budget).choose(state)


def explain_hint(state: GameState, seed: int = 0, time_budget: float | None = None,
                 iterations: int | None = None):
    """The Hard tier's suggestion with what it changes in the position and the points
    it is expected to gain (explain.Explanation)."""
    from .explain import explained_hint
    from .hard import HardPlayer
    return explained_hint(state, player=HardPlayer(seed=seed, time_budget=time_budget,
                                                   iterations=iterations))


def review_game(record, seats, **options):
    """Each turn of `seats` in a recorded game with the turn Hard prefers and the points
    expected lost (review.py)."""
    from .review import review
    return review(record, seats, **options)


def review_turns(record, seats, **options):
    """The same, turn by turn as each is worked out: (done, total, the turn's review)."""
    from .review import review_turns as turns
    return turns(record, seats, **options)


def costliest(reviews, count: int = 3) -> list[int]:
    """The indices of the turns of a review that lost the most."""
    from .review import costliest as pick
    return pick(reviews, count)


__all__ = ["LEARNED_TIERS", "TIERS", "Player", "costliest", "explain_hint", "hint", "make_player",
           "review_game", "review_turns"]
