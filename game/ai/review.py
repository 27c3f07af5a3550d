"""The game review: for each of a player's turns, the turn played, the turn Hard prefers
and the points the played turn is expected to lose against it.

A turn is every decision a player makes until play passes on (turns.passes_on), so a
review compares whole turns, as Hard chooses them. Both turns are valued the way Hard
values its candidates: the position after each is played on to the end of the player's
next turn on the same sampled dice and refills (common random numbers), and each end
position is valued by the evaluation as the player's expected final margin in points.
The difference of the means is the expected loss; a turn Hard would have played too
loses nothing. Hard looks only at what the player could see at the time: the position is
resampled the way its own decisions are (visibility.resample_hidden), and its search is
fixed by `iterations`, so a review of the same game is the same review.
"""

from __future__ import annotations

from typing import Callable, Iterator, NamedTuple

from ..rules import (Action, GameRecord, GameState, new_game, parse_action, position_seed,
                     replay_step, resample_hidden)
from .hard import HardPlayer
from .turns import passes_on

ITERATIONS = 48      # Hard's sampled continuations per turn in a review
SAMPLES = 8          # continuations each of the two turns is valued on
COSTLIEST = 3        # the turns a review marks


class TurnReview(NamedTuple):
    """One reviewed turn. `start` is the state before it, `step` the record step where it
    begins; values are the expected final margin in points after each turn."""
    seat: int
    step: int
    phase: int
    round: int
    start: GameState
    played: tuple[Action, ...]
    best: tuple[Action, ...]
    played_value: float
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)

    @property
    def agrees(self) -> bool:
        return self.played == self.best


def turns_in(record: GameRecord, seats: set[int]) -> Iterator[tuple[int, GameState,
                                                                    tuple[Action, ...]]]:
    """(record step, state before the turn, the turn's actions) for every turn of the
    given seats after the setup, in the order played."""
    state = new_game(record.config)
    steps = record.steps
    i = 0
    while i < len(steps):
        step = steps[i]
        if "action" not in step or state.chance is not None:
            replay_step(state, i, step)
            i += 1
            continue
        seat, turn_index = state.current_player, state.turn_index
        start, first = state.clone(), i
        actions: list[Action] = []
        while i < len(steps) and "action" in steps[i]:
            actions.append(parse_action(steps[i]["action"]))
            replay_step(state, i, steps[i])
            i += 1
            if passes_on(state, seat, turn_index):
                break
        # A module's setup decision (the arranged trade routes) comes before the first
        # phase's setup, though phase A's number is set: it is no turn.
        if seat in seats and start.phase >= 0 and passes_on(state, seat, turn_index) \
                and not start.in_module_setup:
            yield first, start, tuple(actions)


def review_turn(start: GameState, played: tuple[Action, ...], seed: int = 0,
                iterations: int = ITERATIONS, samples: int = SAMPLES,
                step: int = 0) -> TurnReview:
    seat = start.current_player
    hard = HardPlayer(seed=seed, iterations=iterations)
    root = resample_hidden(start, seat)
    best = hard._search(root, 0.0).actions
    after_played = root.clone()
    for action in played:
        after_played.apply(action, listen=False)
    if best == played:
        played_value = best_value = _value(hard, after_played, seat, seed, samples)
    else:
        after_best = root.clone()
        for action in best:
            after_best.apply(action, listen=False)
        played_value = _value(hard, after_played, seat, seed, samples)
        best_value = _value(hard, after_best, seat, seed, samples)
    return TurnReview(seat, step, start.phase, start.round, start, played, best,
                      played_value, best_value)


def _value(hard: HardPlayer, after: GameState, seat: int, seed: int, samples: int) -> float:
    """The mean of `samples` continuations. The seeds come from the turn's start, not from
    `after`, so the two turns of a review meet the same dice."""
    if after.terminal:
        return hard.evaluator.advantage(after, seat)
    known = hard._play_known(after, seat)
    return sum(hard._continue(known, seat, seed + k) for k in range(samples)) / samples


def review_turns(record: GameRecord, seats: set[int], seed: int = 0,
                 iterations: int = ITERATIONS, samples: int = SAMPLES
                 ) -> Iterator[tuple[int, int, TurnReview]]:
    """(turns done, turns in all, the turn's review) for every turn of `seats`, one seat
    after the other (each seat's turns in the order played), as each is worked out: a
    page can show the first player's turns while the others' are still being reviewed."""
    turns = sorted(turns_in(record, seats), key=lambda t: (t[1].current_player, t[0]))
    for n, (step, start, played) in enumerate(turns):
        turn_seed = position_seed(seed, start, start.current_player)
        yield n + 1, len(turns), review_turn(start, played, turn_seed, iterations, samples,
                                             step)


def review(record: GameRecord, seats: set[int], seed: int = 0,
           iterations: int = ITERATIONS, samples: int = SAMPLES,
           progress: Callable[[int, int], None] | None = None) -> list[TurnReview]:
    """Every turn of `seats` in the recorded game, reviewed, seat by seat.
    `progress(done, total)` is called after each turn."""
    out = []
    for done, total, turn in review_turns(record, seats, seed, iterations, samples):
        out.append(turn)
        if progress is not None:
            progress(done, total)
    return out


def costliest(reviews: list[TurnReview], count: int = COSTLIEST) -> list[int]:
    """The indices of the `count` turns that lost the most (ties: the earlier turn),
    among those that lost anything."""
    ranked = sorted((i for i, r in enumerate(reviews) if r.loss > 0),
                    key=lambda i: (-reviews[i].loss, i))
    return sorted(ranked[:count])
