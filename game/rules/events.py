"""Events: past-tense facts that `apply` and `apply_chance` return.

The client animates them, the log words them, and the score breakdown adds them up;
nothing outside the rules diffs states. Tiles are kind names (see tiles.KIND_NAMES).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class StartPlayerChosen(NamedTuple):
    player: int


class BoardsDrawn(NamedTuple):
    boards: tuple[str, ...]


class BoardChosen(NamedTuple):
    player: int
    board: str


class StartCastlePlaced(NamedTuple):
    player: int
    space: int


class StartGoodsDealt(NamedTuple):
    player: int
    goods: tuple[int, ...]


class PhaseStarted(NamedTuple):
    phase: int
    depots: tuple[tuple[str | None, ...], ...]
    black_depot: tuple[str | None, ...]
    round_goods: tuple[int, ...]


class DepotsCleared(NamedTuple):
    tiles: tuple[str, ...]


class DiceRolled(NamedTuple):
    white: int
    dice: tuple[tuple[int, int], ...]


class GoodsRevealed(NamedTuple):
    depot: int
    goods: int


class RoundStarted(NamedTuple):
    phase: int
    round: int
    order: tuple[int, ...]


class TurnStarted(NamedTuple):
    player: int


class DieUsed(NamedTuple):
    player: int
    die: int           # 0 or 1; 2 is a castle's extra action
    value: int         # the value it was used as
    workers: int       # workers spent to change it


class TileTaken(NamedTuple):
    player: int
    tile: str
    depot: int         # 1-6, or 0 for the black depot
    slot: int
    storage: int


class TilePurchased(NamedTuple):
    player: int
    tile: str
    depot: int
    slot: int
    storage: int
    paid: str          # "silver" or "workers"


class TileDiscarded(NamedTuple):
    player: int
    tile: str
    storage: int


class TilePlaced(NamedTuple):
    player: int
    tile: str
    storage: int
    space: int


class PointsScored(NamedTuple):
    player: int
    points: int
    reason: str        # a score category, see scoring.CATEGORIES


class AreaCompleted(NamedTuple):
    player: int
    colour: str
    spaces: tuple[int, ...]


class BonusTileTaken(NamedTuple):
    player: int
    colour: str
    rank: int          # 1 = large (first), 2 = small (second)


class GoodsTaken(NamedTuple):
    player: int
    depot: int
    goods: tuple[int, ...]


class GoodsSold(NamedTuple):
    player: int
    goods: int
    count: int


class SilverTaken(NamedTuple):
    player: int
    amount: int
    reason: str


class WorkersTaken(NamedTuple):
    player: int
    amount: int
    reason: str


class SilverPaid(NamedTuple):
    player: int
    amount: int


class TurnOrderMoved(NamedTuple):
    player: int
    position: int


class EffectDeclined(NamedTuple):
    player: int
    effect: str


class EffectLapsed(NamedTuple):
    player: int
    effect: str


class TurnEnded(NamedTuple):
    player: int


class PhaseEnded(NamedTuple):
    phase: int


class GameEnded(NamedTuple):
    scores: tuple[int, ...]
    ranking: tuple[int, ...]


EVENT_TYPES = {cls.__name__: cls for cls in (
    StartPlayerChosen, BoardsDrawn, BoardChosen, StartCastlePlaced, StartGoodsDealt,
    PhaseStarted, DepotsCleared, DiceRolled, GoodsRevealed, RoundStarted, TurnStarted,
    DieUsed, TileTaken, TilePurchased, TileDiscarded, TilePlaced, PointsScored, AreaCompleted,
    BonusTileTaken, GoodsTaken, GoodsSold, SilverTaken, WorkersTaken, SilverPaid,
    TurnOrderMoved, EffectDeclined, EffectLapsed, TurnEnded, PhaseEnded, GameEnded)}


def event_to_dict(event: NamedTuple) -> dict[str, Any]:
    return {"event": type(event).__name__, **event._asdict()}
