"""Events: past-tense facts that `apply` and `apply_chance` return.

The client animates them, the log words them, and the score breakdown adds them up;
nothing outside the rules diffs states. Tiles are kind names (see tiles.KIND_NAMES).
"""

from __future__ import annotations

from typing import Any, NamedTuple


# make(EventType, fields) builds the event EventType(*fields) builds, without the Python
# __new__ that a NamedTuple's constructor runs from C on every call (most of the cost of
# an event): the rules build their frequent events (every action's) so. The fields must
# be all of them, in order; a default is not filled in.
make = tuple.__new__


class StartPlayerChosen(NamedTuple):
    player: int
    order: tuple[int, ...] = ()     # the first round's turn order, start player first
    silver: tuple[int, ...] = ()    # start silver, in the order of `order`
    workers: tuple[int, ...] = ()   # start workers, in the order of `order`


class BoardsDrawn(NamedTuple):
    # Per seat: the board drawn, or the boards drawn for the seat to choose from.
    boards: tuple[str | tuple[str, ...], ...]


class BoardChosen(NamedTuple):
    player: int
    board: str


class StartCastlePlaced(NamedTuple):
    player: int
    space: int


class StartGoodsDealt(NamedTuple):
    """A player's start goods; phase A counts from here (PhaseStarted fills its depots once
    the modules' own setup is done). Châteauma's come as it joins."""
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
    die: int           # 0 or 1; 2 is a castle's extra action; 3 the white die (a module's action)
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
    count: int  # type: ignore[assignment]  # a field named like tuple.count


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


class WorkersPaid(NamedTuple):
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


# --- Châteauma (see chateauma.py): cards are numbered 1-9, card spaces and estate spaces
# count from 0 in reading order, slot 0 is the left card and 1 the right card; a tile that
# is face down and was never seen face up is None.

class ChateaumaJoined(NamedTuple):
    player: int
    estate: str        # board "35" or "36"
    level: str
    modifiers: str


class ChateaumaSetUp(NamedTuple):
    player: int
    estate: str        # board "35" or "36"
    level: str         # column of card points: easy / medium / hard
    modifiers: str     # subset of "ABCD"
    prefilled: tuple[tuple[int, str | None], ...]  # (estate space, tile) from A and B


class ChateaumaCardRevealed(NamedTuple):
    player: int
    card: int
    slot: int


class ChateaumaDieRolled(NamedTuple):
    player: int
    die: int
    white: int         # the white die chooses the card: 1-4 left, 5-6 right
    card: int          # the card it works on (0 = none left)
    slot: int


class ChateaumaTilePlaced(NamedTuple):
    player: int
    card: int
    space: int
    tile: str
    face_down: bool    # a joker: no placement bonus
    reason: str        # die / castle (a depot search), reserve, joker, city_hall, setup
    depot: int         # 1-6 when taken from a depot, else 0
    depot_slot: int    # -1 unless taken from a depot


class ChateaumaReserveTile(NamedTuple):
    player: int
    tile: str
    face_down: bool
    reason: str        # no_tile (from the black depot), purchase, carpenters_workshop,
                       # church, market
    depot: int         # 0 = black depot, 1-6 numbered depots
    depot_slot: int


class ChateaumaSaleTriggered(NamedTuple):
    player: int
    reason: str        # sell_symbol, warehouse, castle (both cards full), extra_turn


class ChateaumaCardCompleted(NamedTuple):
    player: int
    card: int
    slot: int
    points: int


class ChateaumaTileMoved(NamedTuple):
    player: int
    card: int
    card_space: int
    tile: str
    estate_space: int
    turned_over: bool  # a joker, turned face up on its way
    stacked: bool      # every space of its colour was covered already


class ChateaumaCardShifted(NamedTuple):
    player: int
    card: int          # moves from the right slot to the left


class ChateaumaExtraTurn(NamedTuple):
    player: int
    estate_space: int  # the extra-turn space just covered (modifier D)
    sale_instead: bool  # both cards are full: a sale instead of the turn


EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    StartPlayerChosen, BoardsDrawn, BoardChosen, StartCastlePlaced, StartGoodsDealt,
    PhaseStarted, DepotsCleared, DiceRolled, GoodsRevealed, RoundStarted, TurnStarted,
    DieUsed, TileTaken, TilePurchased, TileDiscarded, TilePlaced, PointsScored, AreaCompleted,
    BonusTileTaken, GoodsTaken, GoodsSold, SilverTaken, WorkersTaken, SilverPaid, WorkersPaid,
    TurnOrderMoved, EffectDeclined, EffectLapsed, TurnEnded, PhaseEnded, GameEnded,
    ChateaumaJoined, ChateaumaSetUp, ChateaumaCardRevealed, ChateaumaDieRolled, ChateaumaTilePlaced,
    ChateaumaReserveTile, ChateaumaSaleTriggered, ChateaumaCardCompleted, ChateaumaTileMoved,
    ChateaumaCardShifted, ChateaumaExtraTurn)}
# A module's events are defined in its own file and added here when it is imported.


def event_to_dict(event: NamedTuple) -> dict[str, Any]:
    return {"event": type(event).__name__, **event._asdict()}
