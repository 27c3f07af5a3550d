"""`ferry`: a toy module that lives outside the game, to prove the rules' seam.

It is no module of the rulebooks. It shows everything a module may bring, through the
rules' public extension points only (game.rules.extension, tiles.add_kinds,
config.add_module), with no line of game/ changed for it:

- a tile kind, the ferry: blue (it lies on water spaces and counts for the blue areas),
  two copies shuffled into the black supply at the setup;
- an interactive effect: placed, the ferry asks its owner for a fare, 1 silver or 2
  workers (the decision `ferry`, the action `fare`);
- an event, FareTaken, which the table words for the log;
- a Châteauma rule: a ferry the automa places face up gives it 1 silver.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.actions import read_int, register_action
from game.rules.config import add_module
from game.rules.engine import gain_workers
from game.rules.events import EVENT_TYPES
from game.rules.extension import APPLY, CHATEAUMA_BONUS, EFFECTS, LEGAL, Module, register
from game.rules.state import Frame
from game.rules.tiles import add_kinds

ID = "ferry"
FERRY_FRAME = "ferry"        # the decision a placed ferry asks
FARES = ((1, 0), (0, 2))     # fare 0: 1 silver; fare 1: 2 workers
COPIES = 2                   # ferries in the black supply
CHATEAUMA_SILVER = 1

KIND_FERRY, = add_kinds([{"name": "ferry", "colour": "ship", "back": "black",
                          "module": ID, "effect": "ferry", "chateauma": "ferry"}])
add_module(ID, {"forms": {"special": "se", "alea2019": "a19"}, "chateauma": True})


class FareTaken(NamedTuple):
    """A placed ferry's fare: the silver and workers its owner took."""
    player: int
    silver: int
    workers: int


EVENT_TYPES[FareTaken.__name__] = FareTaken


def _effect_ferry(state, seat: int, kind: int, space: int, events: list | None) -> None:
    state.frames.append(Frame(FERRY_FRAME, seat))


def _legal_ferry(state, frame: Frame) -> list:
    return [("fare", 0), ("fare", 1)]


def _apply_fare(state, frame: Frame, action: tuple, events: list | None) -> None:
    silver, workers = FARES[action[1]]
    p = state.players[frame.player]
    p.silver += silver
    if events is not None:
        events.append(FareTaken(frame.player, silver, workers))
    if workers:
        gain_workers(state, frame.player, workers, None, events)


def _parse_fare(args: list[str]) -> tuple:
    if len(args) != 1:
        raise ValueError("'fare' takes one number: 0 for silver, 1 for workers")
    return ("fare", read_int(args[0]))


def _chateauma_ferry(state, slot: int, kind: int, sales: list, events: list | None) -> None:
    seat = state.chateauma.seat
    state.players[seat].silver += CHATEAUMA_SILVER
    if events is not None:
        events.append(FareTaken(seat, CHATEAUMA_SILVER, 0))


@register
class Ferry(Module):
    id = ID
    effect_frames = (FERRY_FRAME,)

    def setup(self, state) -> None:
        state.black_bag += [KIND_FERRY] * COPIES

    def check_state(self, state) -> str | None:
        for f in state.frames:
            if f.kind == FERRY_FRAME and f.arg is not None:
                return f"decision {f.kind!r} with {f.arg!r}"
        return None

    def explain(self, state, action: tuple) -> str | None:
        frame = state.frames[-1] if state.frames else None
        if action[0] != "fare":
            return None
        if frame is None or frame.kind != FERRY_FRAME:
            return "a fare is taken only when a ferry has just been placed"
        return "the fare is 0 (1 silver) or 1 (2 workers)"


EFFECTS["ferry"] = _effect_ferry
LEGAL[FERRY_FRAME] = _legal_ferry
APPLY["fare"] = _apply_fare
CHATEAUMA_BONUS["ferry"] = _chateauma_ferry
register_action("fare", ("fare",), (FERRY_FRAME,), lambda a: f"fare {a[1]}", _parse_fare, ID)
