"""`vineyards` (SE l.942-1053, components l.156-181).

- VY-0: a set of the six wine bonus tiles is dealt, one at random to each player, the rest
  go back to the open pile; each player takes a vineyard board (seat order); the 51 double
  tiles go into the bag (the setup chance step 'vineyard_setup').
- VY-1 `vineyards:reduced` (2-3 seats): one (3 seats) or two (2 seats) random varieties
  leave the game with every double tile showing them and their wine bonus tiles (drawn in
  the same setup step).
- VY-2: each phase, once the depots are filled, the vineyard depot and display are filled
  from the bag (the chance step 'vineyard_fill', made pending by phase_setup); from phase
  B on, the tiles left there leave the game first (depots_cleared, the next_phase slot).
- VY-3, P-VY-1: ('vineyard_take', die, space): a die showing a number under the depot
  space (4 seats: one; 2-3 seats: two) takes its double tile; workers, monastery 8 and
  monastery 12 change the die as for a numbered depot.
- VY-4, P-VY-2: a double tile is one tile kind (`double_tile`) lying on two storage spaces;
  which physical tiles a storage holds is kept here (Seat.stored: the storage's double-tile
  spaces, in order, pair up as its tiles in that order, so a module that moves the stored
  tiles up keeps them whole, shield 4's loss; a removal takes both spaces). With
  fewer than two free spaces the player removes stored tiles first ('vineyard_drop' in the
  decision 'vineyard_room'); a hex tile arriving at a full storage may push out a stored
  double tile, which frees both its spaces (the same action in the base discard). A storage
  that may grow (shield 4) takes double tiles too.
- VY-5: ('vineyard_place', die, storage, space, flip): a stored double tile onto an empty
  double space of the player's vineyard board showing the die's number (workers and
  monastery 8 change it; monasteries 9-11 name duchy colours and do not); the first on the
  lowest level, each later one next to one placed. The kind's place rule keeps it out of
  the duchy.
- VY-6: the two covered icons follow in the decision 'vineyard_bonus', in either order
  ('vineyard_bonus', icon), the rest declined with ('vineyard_skip',): building effects, a
  castle's action, and the two new ones: (a) a black-depot tile (the top inn beside it
  too, P-IN-1: 'vineyard_free inn 0') or a display double tile,
  free, not the purchase; (b) a depot double tile, no die ('vineyard_free', source, space).
- VY-7, P-VY-3: a level covered after the placement and both icons gives one wine bonus
  tile of the player's choice among those left ('vineyard_wine', variety).
- VY-8: ('vineyard_buy', space, payment): a display double tile as the turn's black-depot
  purchase, with its payments and its timing.
- VY-9, P-VY-4: a castle's action and a white castle's action may be either vineyard die
  action (die c: any number; die w: the white die's); a city hall places into the duchy
  only.
- VY-10, VY-11, P-VY-5: at the game end each wine bonus tile scores one grape area of its
  variety, each area once, the largest areas first (the step 'vineyard_scoring' in the
  end_points slot).
With Châteauma (CH-VY): no vineyard board and no wine bonus tile for it; a double-tile
symbol on its area cards takes a depot tile from the white die's space on (P-CH-3); its
purchase takes a display tile when one lies there (P-CH-4); its stack scores 1, 3, 6, ...
91 for 13 or more at its end (CH-VY-6, P-CH-5).

A double tile counts as two hexes in the tile count (invariants.tiles_in_play): it takes
two storage spaces, each holding the kind, and tiles_held gives two per tile elsewhere.
The vineyard boards and the 2-3-player depot numbers are provisional components
(data/vineyards.json, docs/rulings.md R9).
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from . import inns as _inns
from . import shields as _shields
from . import white_castles as _white_castles  # noqa: F401  (its decision exists first)
from ..actions import allow_action, read_int, register_action
from ..chance import _drawn_here
from ..chateauma_data import AREA_CARDS, area_card
from ..config import split_module
from ..data import load_json
from ..dice import COST, FREE_CHANGE_MONASTERY, USE_PLACE_OTHER, USE_TAKE
from ..engine import (CASTLE_ACTION, CASTLE_DIE, DISCARD, MOST_STORAGE, TURN,
                      WHITE_DIE, black_depot_payments, building_effect, pay_purchase, score,
                      store_tile)
from ..events import (EVENT_TYPES, DieUsed, EffectDeclined, EffectLapsed, SilverPaid,
                      TileDiscarded)
from ..extension import (ACTION_KINDS, APPLY, CHANCE_APPLY, CHANCE_SAMPLE,
                         EFFECTS, LEGAL, STEPS, Module, register)
from ..state import Frame, IllegalAction
from ..tiles import BUILDINGS, KIND_NAMES, kind_from_name

ID = "vineyards"
DOUBLE = kind_from_name("double_tile")
_DATA = load_json("vineyards.json")
VARIETIES: tuple[str, ...] = tuple(_DATA["varieties"])
# Each double tile's two varieties (indexes into VARIETIES), by tile number.
TILES: tuple[tuple[int, int], ...] = tuple(
    (VARIETIES.index(a), VARIETIES.index(b)) for a, b in _DATA["tiles"])
TILE_COUNT = len(TILES)
WINE_PER_VARIETY: int = _DATA["wine_tiles_per_variety"]
_AREA_POINTS: tuple[int, ...] = tuple(_DATA["area_points"])
_CHATEAUMA_POINTS: tuple[int, ...] = tuple(_DATA["chateauma_points"])
PROVISIONAL: str = _DATA["provisional"]["what"]
PRICE = 2
PAYMENTS = ("silver", "workers")
# CH-VY-2: Châteauma's deck is card 1 and the vineyards' cards 10-17 (provisional), which
# show the double-tile symbol on some spaces (CH-VY-4).
CHATEAUMA_CARDS = {c["id"]: area_card(c) for c in _DATA["chateauma_cards"]}
CARD_SYMBOLS: dict[int, frozenset[int]] = {c["id"]: frozenset(c["double_tile"])
                                           for c in _DATA["chateauma_cards"]}
AREA_CARDS.update(CHATEAUMA_CARDS)
CHATEAUMA_DECK = (1, *sorted(CHATEAUMA_CARDS))

SETUP_STEP, FILL_STEP = "vineyard_setup", "vineyard_fill"
ROOM, BONUS, FREE_BLACK, FREE_DEPOT, WINE = ("vineyard_room", "vineyard_bonus",
                                             "vineyard_black", "vineyard_depot",
                                             "vineyard_wine")
WHITE_FRAME = "white_castle"   # the white castle's action (white_castles)
ICON_CASTLE = "vineyard"       # the arg of a castle's action that a castle icon gives
# The icons a double space may show: the building effects, a castle's action, and the
# two new ones (SE l.1011, l.1015).
NEW_ICONS = ("black_depot", "vine_depot")
ICONS = tuple(BUILDINGS[:8]) + ("castle",) + NEW_ICONS


def grape_points(size: int) -> int:
    """VY-11, P-VY-5: the table to 13, the same n(n+1)/2 beyond."""
    return _AREA_POINTS[size] if size < len(_AREA_POINTS) else size * (size + 1) // 2


def chateauma_points(tiles: int) -> int:
    """CH-VY-6: 13 or more double tiles score as 13."""
    return _CHATEAUMA_POINTS[min(tiles, len(_CHATEAUMA_POINTS) - 1)]


# --- the vineyard boards (provisional components) --------------------------------------------

class VineSpace(NamedTuple):
    level: int
    die: int
    icons: tuple[str, str]
    halves: tuple[tuple[int, int], tuple[int, int]]   # (row, x) of its two halves


class VineBoard(NamedTuple):
    id: str
    spaces: tuple[VineSpace, ...]
    neighbours: tuple[frozenset[int], ...]     # double spaces next to each one
    half_neighbours: tuple[frozenset[int], ...]  # halves (2 * space + side) next to each half
    lowest: int
    levels: tuple[int, ...]


def _touch(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two hexes touch: 2 apart in a row, or 1 apart in neighbouring rows."""
    dr, dx = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr == 0 and dx == 2) or (dr == 1 and dx == 1)


def _board(data: dict) -> VineBoard:
    spaces = tuple(VineSpace(s["level"], s["die"], tuple(s["icons"]),
                             tuple(tuple(h) for h in s["halves"]))  # type: ignore[arg-type]
                   for s in data["spaces"])
    for s in spaces:
        assert s.die in range(1, 7) and all(i in ICONS for i in s.icons), data["id"]
    halves = [h for s in spaces for h in s.halves]
    half_n = tuple(frozenset(j for j, b in enumerate(halves) if _touch(a, b))
                   for a in halves)
    neighbours = tuple(frozenset(h // 2 for h in half_n[2 * i] | half_n[2 * i + 1]) - {i}
                       for i in range(len(spaces)))
    lowest = min(s.level for s in spaces)
    # SE l.1005: the lowest level holds the double spaces numbered 1 and 4
    assert sorted(s.die for s in spaces if s.level == lowest) == [1, 4], data["id"]
    return VineBoard(data["id"], spaces, neighbours, half_n, lowest,
                     tuple(sorted({s.level for s in spaces})))


BOARDS: tuple[VineBoard, ...] = tuple(_board(b) for b in _DATA["boards"])


@cache
def depot_numbers(players: int) -> tuple[tuple[int, ...], ...]:
    """The die numbers under each depot space in use (VY-3)."""
    key = "4" if players == 4 else "small"
    return tuple(tuple(n) for n in _DATA["depot_numbers"][key])


def display_spaces(players: int) -> tuple[int, ...]:
    """The display's spaces in use, of its three (VY-2: the outer two, marked 3, only with
    3 or 4 seats)."""
    return tuple(_DATA["display_spaces"][str(players)])


# --- state ------------------------------------------------------------------------------------

class Seat:
    """A player's vineyard material."""
    __slots__ = ("board", "placed", "stored", "wine", "levels", "watchtower")

    def __init__(self, board: int) -> None:
        self.board = board
        self.placed: list[tuple[int, int, int]] = []   # (double space, tile, flip)
        self.stored: list[int] = []   # double tiles in storage, in storage order
        self.wine: list[int] = []                      # wine bonus tiles by variety
        self.levels: list[int] = []                    # levels whose wine tile was taken
        self.watchtower = 0   # points of watchtower icons (for the derived breakdown)

    def copy(self) -> "Seat":
        c = Seat(self.board)
        c.placed = self.placed[:]
        c.stored = self.stored[:]
        c.wine = self.wine[:]
        c.levels = self.levels[:]
        c.watchtower = self.watchtower
        return c

    def to_json(self) -> dict:
        return {"board": self.board, "placed": [list(t) for t in self.placed],
                "stored": self.stored, "wine": self.wine,
                "levels": self.levels, "watchtower": self.watchtower}

    @classmethod
    def from_json(cls, d: dict) -> "Seat":
        s = cls(_ints([d["board"]], 0, len(BOARDS) - 1)[0])
        spaces = len(BOARDS[s.board].spaces)
        placed = d["placed"]
        if type(placed) is not list or not all(type(t) is list and len(t) == 3 for t in placed):
            raise ValueError(f"placed tiles {placed!r}")
        s.placed = [(_ints([a], 0, spaces - 1)[0], _ints([t], 0, TILE_COUNT - 1)[0],
                     _ints([f], 0, 1)[0]) for a, t, f in placed]
        s.stored = _ints(d["stored"], 0, TILE_COUNT - 1)
        s.wine = _ints(d["wine"], 0, len(VARIETIES) - 1)
        s.levels = _ints(d["levels"], 1, max(BOARDS[s.board].levels))
        s.watchtower = _ints([d["watchtower"]], 0, 10_000)[0]
        return s


class Vineyards:
    """The module's part of the position: bag, depot, display, the wine pile, what left the
    game, every player's vineyard and Châteauma's stack."""
    __slots__ = ("bag", "depot", "display", "out", "pile", "removed", "seats", "stack",
                 "scored", "waiting")

    def __init__(self, players: int) -> None:
        self.bag = list(range(TILE_COUNT))
        self.depot = [-1] * len(depot_numbers(players))
        self.display = [-1] * 3
        self.out: list[int] = []
        self.pile = [WINE_PER_VARIETY] * len(VARIETIES)
        self.removed: list[int] = []
        self.seats = [Seat(seat % len(BOARDS)) for seat in range(players)]
        self.stack: list[int] = []       # Châteauma's double tiles
        self.scored = False              # the end's vineyard scoring has run
        self.waiting: list[int] = []     # a tile taken while its taker makes room (ROOM)

    def copy(self) -> "Vineyards":
        c = Vineyards.__new__(Vineyards)
        c.bag, c.depot, c.display = self.bag[:], self.depot[:], self.display[:]
        c.out, c.pile, c.removed = self.out[:], self.pile[:], self.removed[:]
        c.seats = [s.copy() for s in self.seats]
        c.stack = self.stack[:]
        c.scored = self.scored
        c.waiting = self.waiting[:]
        return c

    def to_json(self) -> dict:
        return {"bag": self.bag, "depot": self.depot, "display": self.display,
                "out": self.out, "pile": self.pile, "removed": self.removed,
                "seats": [s.to_json() for s in self.seats], "stack": self.stack,
                "scored": self.scored, "waiting": self.waiting}

    @classmethod
    def from_json(cls, d: dict, players: int) -> "Vineyards":
        """Each field of its type and range (a ValueError otherwise)."""
        v = cls(players)
        top = TILE_COUNT - 1
        v.bag, v.out = _ints(d["bag"], 0, top), _ints(d["out"], 0, top)
        v.depot, v.display = _ints(d["depot"], -1, top), _ints(d["display"], -1, top)
        if len(v.depot) != len(depot_numbers(players)) or len(v.display) != 3:
            raise ValueError(f"depot {v.depot!r}, display {v.display!r}")
        v.pile = _ints(d["pile"], 0, WINE_PER_VARIETY)
        v.removed = _ints(d["removed"], 0, len(VARIETIES) - 1)
        if len(v.pile) != len(VARIETIES):
            raise ValueError(f"wine pile {v.pile!r}")
        if type(d["seats"]) is not list or len(d["seats"]) != players:
            raise ValueError("a vineyard per seat")
        v.seats = [Seat.from_json(s) for s in d["seats"]]
        v.stack, v.waiting = _ints(d["stack"], 0, top), _ints(d["waiting"], 0, top)
        if type(d["scored"]) is not bool:
            raise ValueError(f"scored {d['scored']!r}")
        v.scored = d["scored"]
        return v

    def stored_count(self) -> int:
        return sum(len(s.stored) for s in self.seats)

    def everywhere(self) -> list[int]:
        """Every double tile wherever it lies (each exactly once in a valid position)."""
        return [*self.bag, *(t for t in self.depot if t >= 0),
                *(t for t in self.display if t >= 0), *self.out, *self.stack, *self.waiting,
                *(t for s in self.seats for _, t, _ in s.placed),
                *(t for s in self.seats for t in s.stored)]


def _ints(values: Any, lo: int, hi: int) -> list[int]:
    """A list of plain ints from lo to hi, or a ValueError."""
    if type(values) is not list or not all(type(x) is int and lo <= x <= hi for x in values):
        raise ValueError(f"{values!r} are not numbers {lo}-{hi}")
    return list(values)


def vine(state) -> Vineyards:
    return state.ext[ID]


class Shown(NamedTuple):
    """The module's material as every seat sees it: the depot and display (double tiles,
    -1 empty), the wine bonus tiles left per variety, per seat its board, its placed tiles
    (space, tile, flip), its stored double tiles and its wine bonus tiles (by variety), and
    the double tiles on Châteauma's stack. The bag stays hidden."""
    depot: list[int]
    display: list[int]
    pile: list[int]
    boards: list[int]
    placed: list[list[tuple[int, int, int]]]
    stored: list[list[int]]
    wine: list[list[int]]
    stack: int


def shown(state) -> Shown:
    """What every seat sees of the vineyards, as fresh lists: a double tile taken while its
    taker makes room stays in its space until the room is made (as a hex tile on full
    storage does)."""
    v = vine(state)
    depot, display = v.depot[:], v.display[:]
    for frame in state.frames:
        if frame.kind == ROOM:
            tile, source, space, _ = frame.arg
            (display if source == "display" else depot)[space] = tile
    return Shown(depot, display, v.pile[:], [s.board for s in v.seats],
                 [s.placed[:] for s in v.seats], [s.stored[:] for s in v.seats],
                 [s.wine[:] for s in v.seats], len(v.stack))


def board_of(state, seat: int) -> VineBoard:
    return BOARDS[vine(state).seats[seat].board]


# --- events ----------------------------------------------------------------------------------

class WineBonusDealt(NamedTuple):
    """VY-0/VY-1: each player's wine bonus tile at setup, and the varieties out of play."""
    dealt: tuple[str, ...]          # by seat
    removed: tuple[str, ...]


class VineyardFilled(NamedTuple):
    """VY-2: the vineyard depot and display filled from the bag (tile numbers, -1 empty)."""
    depot: tuple[int, ...]
    display: tuple[int, ...]


class VineyardCleared(NamedTuple):
    """VY-2: the double tiles left in the depot and on the display leave the game."""
    tiles: tuple[int, ...]


class DoubleTileTaken(NamedTuple):
    """A double tile into two storage spaces. source: 'depot' or 'display'; how: 'die',
    'purchase' (SilverPaid or WorkersPaid says how it was paid) or 'bonus' (an icon)."""
    player: int
    tile: int
    source: str
    space: int
    storage: tuple[int, int]
    how: str


class DoubleTileRemoved(NamedTuple):
    """A stored double tile leaves the game to make room (VY-4)."""
    player: int
    tile: int
    storage: tuple[int, int]


class DoubleTilePlaced(NamedTuple):
    """VY-5: a double tile onto the vineyard board; flip 1 turns it round."""
    player: int
    tile: int
    storage: tuple[int, int]
    space: int
    flip: int


class VineyardBonus(NamedTuple):
    """VY-6: one covered icon is carried out."""
    player: int
    icon: str


class WineBonusTaken(NamedTuple):
    """VY-7: a level is covered: a wine bonus tile from the pile."""
    player: int
    variety: str
    level: int


class VineyardScored(NamedTuple):
    """VY-11: a wine bonus tile scores a grape area (size 0: no area was left)."""
    player: int
    variety: str
    size: int
    points: int


class VineyardDeckDealt(NamedTuple):
    """CH-VY-2: Châteauma's deck is card 1 and cards 10-17."""
    player: int
    cards: int


class DoubleTileStacked(NamedTuple):
    """CH-VY-4/5: Châteauma takes a double tile onto its stack."""
    player: int
    tile: int
    source: str        # 'depot' or 'display'
    space: int


EVENT_TYPES.update({e.__name__: e for e in (
    WineBonusDealt, VineyardFilled, VineyardCleared, DoubleTileTaken, DoubleTileRemoved,
    DoubleTilePlaced, VineyardBonus, WineBonusTaken, VineyardScored,
    DoubleTileStacked, VineyardDeckDealt)})


# --- setup (VY-0, VY-1) ----------------------------------------------------------------------

def removed_count(config) -> int:
    """VY-1: varieties the reduced option takes out (3 seats: one; 2 seats: two; the
    option is for 2-3 players, so with 4 it takes none)."""
    param = next(split_module(m)[1] for m in config.modules if split_module(m)[0] == ID)
    return 4 - config.players if param == "reduced" else 0


def _sample_setup(state, rng) -> tuple:
    removed = tuple(sorted(rng.sample(range(len(VARIETIES)), removed_count(state.config))))
    left = [v for v in range(len(VARIETIES)) if v not in removed]
    return removed, tuple(rng.sample(left, state.config.deciders))


def _apply_setup(state, outcome: Any, events: list | None) -> None:
    try:
        removed, dealt = (tuple(x) for x in outcome)
    except (TypeError, ValueError):
        raise IllegalAction(f"impossible '{SETUP_STEP}' outcome: expected (removed "
                            f"varieties, a variety per player)") from None
    kinds = range(len(VARIETIES))
    if (len(removed) != removed_count(state.config) or len(set(removed)) != len(removed)
            or len(dealt) != state.config.deciders or len(set(dealt)) != len(dealt)
            or any(type(v) is not int or v not in kinds for v in removed + dealt)
            or set(removed) & set(dealt)):
        raise IllegalAction(f"impossible '{SETUP_STEP}' outcome {outcome!r}: the removed "
                            f"varieties and one different variety per player")
    v = vine(state)
    v.removed = sorted(removed)
    for variety in removed:
        v.pile[variety] = 0
    if removed:
        gone = [t for t in v.bag if set(TILES[t]) & set(removed)]
        v.bag = [t for t in v.bag if t not in gone]
        v.out += gone
    for seat, variety in enumerate(dealt):
        v.pile[variety] -= 1
        v.seats[seat].wine.append(variety)
    if events is not None:
        events.append(WineBonusDealt(tuple(VARIETIES[x] for x in dealt),
                                     tuple(VARIETIES[x] for x in v.removed)))
        if state.chateauma is not None:
            events.append(VineyardDeckDealt(state.chateauma.seat, len(state.chateauma.deck)))
    state.chance = state.hooks.after_setup(SETUP_STEP)


# --- each phase (VY-2) ------------------------------------------------------------------------

def _sample_fill(state, rng) -> tuple:
    v = vine(state)
    spaces = display_spaces(state.n)
    need = len(v.depot) + len(spaces)
    drawn = rng.sample(v.bag, min(need, len(v.bag)))
    drawn += [-1] * (need - len(drawn))
    display = [-1] * 3
    for i, s in enumerate(spaces):
        display[s] = drawn[len(v.depot) + i]
    # Kept, as the rules' own draws are (chance._drawn_here): applied without the check.
    state._sampled = tuple(drawn[:len(v.depot)]), tuple(display)
    return state._sampled


def _apply_fill(state, outcome: Any, events: list | None) -> None:
    v = vine(state)
    if _drawn_here(state, outcome):  # _sample_fill's draw from this very bag
        depot, display = list(outcome[0]), list(outcome[1])
        drawn = [t for t in depot + display if t != -1]
    else:
        try:
            depot, display = (list(x) for x in outcome)
        except (TypeError, ValueError):
            raise IllegalAction(f"impossible '{FILL_STEP}' outcome: expected (depot tiles, "
                                f"display tiles)") from None
        spaces = display_spaces(state.n)
        tiles = depot + [display[s] for s in spaces] if len(display) == 3 else None
        if (tiles is None or len(depot) != len(v.depot)
                or any(display[s] != -1 for s in range(3) if s not in spaces)
                or any(type(t) is not int for t in tiles)):
            raise IllegalAction(f"impossible '{FILL_STEP}' outcome {outcome!r}: "
                                f"{len(v.depot)} depot tiles and 3 display spaces")
        drawn = [t for t in tiles if t != -1]
        if (len(set(drawn)) != len(drawn) or any(t not in v.bag for t in drawn)
                or len(drawn) != min(len(tiles), len(v.bag))
                or any(t == -1 for t in tiles[:len(drawn)])):
            raise IllegalAction(f"impossible '{FILL_STEP}' outcome {outcome!r}: tiles from "
                                f"the bag, spaces empty only when it has run out")
    bag = v.bag
    for t in drawn:  # each lies in the bag once; the others keep their order
        bag.remove(t)
    v.depot, v.display = depot, display
    if events is not None:
        events.append(VineyardFilled(tuple(depot), tuple(display)))
    state.chance = "roll"


# --- storage (VY-4) --------------------------------------------------------------------------

def _storage_grows(state, seat: int) -> bool:
    return any(room(state, seat) for room in state.hooks.storage_room)


def store_double(state, seat: int, tile: int, source: str, space: int, how: str,
                 events: list | None) -> None:
    """A double tile onto two free storage spaces; a storage that may grow (shield 4)
    grows; otherwise the player first removes stored tiles (the decision ROOM)."""
    storage = state.players[seat].storage
    free = storage.count(-1)  # (an empty space holds -1: check_state)
    if free < 2 and state.hooks.storage_room and _storage_grows(state, seat):
        while free < 2 and len(storage) < MOST_STORAGE:
            storage.append(-1)
            free += 1
    v = state.ext[ID]
    waiting = v.waiting
    if free < 2:
        if tile not in waiting:
            waiting.append(tile)
        state.frames.append(Frame(ROOM, seat, (tile, source, space, how)))
        return
    if tile in waiting:
        waiting.remove(tile)
    j1 = storage.index(-1)  # the first two free spaces
    j2 = storage.index(-1, j1 + 1)
    before = storage[:j1].count(DOUBLE) // 2
    storage[j1] = storage[j2] = DOUBLE
    v.seats[seat].stored.insert(before, tile)
    if events is not None:
        events.append(DoubleTileTaken(seat, tile, source, space, (j1, j2), how))


def stored_pairs(state, seat: int) -> list[tuple[int, int, int]]:
    """(storage space, storage space, tile) per stored double tile: the storage's
    double-tile spaces, in order, pair up as the stored tiles in their order."""
    stored = state.ext[ID].seats[seat].stored
    if not stored:  # (most listings: no storage to search)
        return []
    storage = state.players[seat].storage
    pairs = []
    j2 = -1
    for tile in stored:
        j1 = storage.index(DOUBLE, j2 + 1)
        j2 = storage.index(DOUBLE, j1 + 1)
        pairs.append((j1, j2, tile))
    return pairs


def stored_at(state, seat: int, j: int) -> tuple[int, int, int] | None:
    for entry in stored_pairs(state, seat):
        if j in entry[:2]:
            return entry
    return None


_DROPS = tuple(("vineyard_drop", j) for j in range(MOST_STORAGE))


def _drop_actions(state, seat: int) -> list:
    """One removal per stored tile: a hex tile's space, a double tile's first space (the
    double-tile spaces pair up in order, stored_pairs)."""
    out = []
    second = False
    j = 0
    for k in state.players[seat].storage:
        if k == DOUBLE:
            if not second:
                out.append(_DROPS[j])
            second = not second
        elif k >= 0:
            out.append(_DROPS[j])
        j += 1
    return out


def _drop(state, seat: int, j: int, events: list | None) -> None:
    p = state.players[seat]
    entry = stored_at(state, seat, j) if p.storage[j] == DOUBLE else None
    if entry is None:
        state.box.append(p.storage[j])
        if events is not None:
            events.append(TileDiscarded(seat, KIND_NAMES[p.storage[j]], j))
        p.storage[j] = -1
        return
    j1, j2, tile = entry
    v = state.ext[ID]
    v.seats[seat].stored.remove(tile)
    v.out.append(tile)
    p.storage[j1] = p.storage[j2] = -1
    if events is not None:
        events.append(DoubleTileRemoved(seat, tile, (j1, j2)))


def _legal_room(state, frame: Frame) -> list:
    return _drop_actions(state, frame.player)


def _apply_drop(state, frame: Frame, action: tuple, events: list | None) -> None:
    seat = frame.player
    _drop(state, seat, action[1], events)
    if frame.kind == ROOM:
        tile, source, space, how = frame.arg
        store_double(state, seat, tile, source, space, how, events)
    elif frame.kind == _shields.STORAGE_FRAME:  # shield 4 lost: down to three spaces
        _shields._shrink(state, seat, events)
    else:  # a hex tile waits in the base game's discard: it takes the freed space
        kind, depot, slot, paid = frame.arg
        store_tile(state, seat, kind, depot, slot, paid, events)


def _parse_int_args(name: str, count: int):
    def parse(args: list[str]) -> tuple:
        if len(args) != count:
            raise ValueError(f"{name} takes {count} numbers")
        return (name, *(read_int(a) for a in args))
    return parse


# --- die actions (VY-3, VY-5, VY-9) ----------------------------------------------------------

# A turn's free dice by (first free, second free): the second of a pair showing the same
# number is free only once the first is used (as in the engine's turn).
_TURN_DICE: tuple[tuple[tuple[int, ...], ...], ...] = (((), (1,)), ((0,), (0, 1)))
_FIRST_DIE, _SECOND_DIE, _BOTH_DICE = _TURN_DICE[1][0], _TURN_DICE[0][1], _TURN_DICE[1][1]


def _dice(state, frame: Frame) -> tuple[int, ...]:
    """The dice the decision may use for a vineyard action."""
    if frame.kind == TURN:
        p = state.players[frame.player]
        used = p.used
        return _TURN_DICE[not used[0]][not used[1] and (used[0] or p.dice[1] != p.dice[0])]
    if frame.kind == CASTLE_ACTION:
        return (CASTLE_DIE,)
    if frame.kind == WHITE_FRAME:
        return (WHITE_DIE,)
    return ()


def _cheapest(state, p, die: int, numbers: tuple[int, ...], use: int) -> tuple[int, int]:
    """(workers, number): the number of `numbers` the die is used as, the cheapest (the
    first of equals), and the workers it costs (a castle's action: none, the first)."""
    if die == CASTLE_DIE:
        return 0, numbers[0]
    # workers_needed's row of COST for this die, read once for all the numbers
    kn = p.knowledge
    m = FREE_CHANGE_MONASTERY[use]
    costs = COST[kn >> 8 & 1][1 if m and kn >> m & 1 else 0][
        state.white if die == WHITE_DIE else p.dice[die]]
    best = (costs[numbers[0]], numbers[0])
    for n in numbers[1:]:
        if costs[n] < best[0]:
            best = (costs[n], n)
    return best


def _cost(state, p, die: int, numbers: tuple[int, ...], use: int) -> int:
    """Workers to use the die as the cheapest of the numbers (a castle's action: none)."""
    return _cheapest(state, p, die, numbers, use)[0]


def _use(state, frame: Frame, die: int, numbers: tuple[int, ...], use: int,
         events: list | None) -> None:
    """The die is spent (the turn's decision stays; a castle's or white castle's action
    is answered)."""
    if frame.kind == TURN:
        state.frames.append(frame)
    p = state.players[frame.player]
    if die == CASTLE_DIE:
        return
    # _cheapest, written out (each vineyard die action pays here)
    kn = p.knowledge
    m = FREE_CHANGE_MONASTERY[use]
    costs = COST[kn >> 8 & 1][1 if m and kn >> m & 1 else 0][
        state.white if die == WHITE_DIE else p.dice[die]]
    value = numbers[0]
    cost = costs[value]
    for n in numbers[1:]:
        if costs[n] < cost:
            cost, value = costs[n], n
    p.workers -= cost
    if die < CASTLE_DIE:
        p.used[die] = True
    if events is not None:
        events.append(DieUsed(frame.player, die, value, cost))


def open_spaces(state, seat: int) -> list[int]:
    """VY-5: the empty double spaces a tile may go on: the lowest level first, then next to
    a placed tile."""
    b = board_of(state, seat)
    placed = {s for s, _, _ in vine(state).seats[seat].placed}
    if not placed:
        return [i for i, s in enumerate(b.spaces) if s.level == b.lowest]
    return [i for i in range(len(b.spaces))
            if i not in placed and not b.neighbours[i].isdisjoint(placed)]


def _flips(tile: int) -> tuple[int, ...]:
    a, b = TILES[tile]
    return (0,) if a == b else (0, 1)


_MOST_WORKERS = 3  # no change costs more: 3 workers reach every number
_EVERY_NUMBER = 0b1111110


def _reach_bits(step: int, free: int) -> tuple[tuple[int, ...], ...]:
    """[face][workers]: the numbers a die showing `face` can be used as with that many
    workers (COST's row for monastery 8's step and a free change or none), as a bit set
    (bit n = number n)."""
    return tuple(tuple(sum(1 << n for n in range(1, 7) if COST[step][free][face][n] <= w)
                       for w in range(_MOST_WORKERS + 1)) for face in range(7))


# _REACH[monastery 8][free change][face][workers]. Taking a double tile has monastery 12's
# free change (USE_TAKE); placing one has none (USE_PLACE_OTHER).
_REACH = tuple(tuple(_reach_bits(step, free) for free in (0, 1)) for step in (0, 1))
_TAKE_FREE = FREE_CHANGE_MONASTERY[USE_TAKE]
assert not FREE_CHANGE_MONASTERY[USE_PLACE_OTHER]


def _reached_depot_spaces(players: int) -> tuple[tuple[int, ...], ...]:
    """Per bit set of die numbers: the depot spaces one of whose numbers it holds."""
    bits = [sum(1 << n for n in numbers) for numbers in depot_numbers(players)]
    return tuple(tuple(s for s, b in enumerate(bits) if b & reach) for reach in range(128))


# A castle's action uses its die as any number, for nothing (VY-9): its row of _DIE_REACH.
_ANY_FACE = 7


def _die_reach(reached: tuple[tuple[int, ...], ...], step: int, take_free: int) -> tuple:
    """[face][workers]: (the depot spaces whose double tile a die showing `face` takes,
    the numbers it is placed as, a bit set), for monastery 8's step and monastery 12's
    free change or none (_REACH), from _reached_depot_spaces' answer; the row _ANY_FACE
    for a castle's action."""
    rows = [tuple((reached[_REACH[step][take_free][face][w]], _REACH[step][0][face][w])
                  for w in range(_MOST_WORKERS + 1)) for face in range(7)]
    rows.append(((reached[_EVERY_NUMBER], _EVERY_NUMBER),) * (_MOST_WORKERS + 1))
    return tuple(rows)


# _DIE_REACH[players][monastery 8][monastery 12][face][workers]
_DIE_REACH = {n: tuple(tuple(_die_reach(reached, step, free) for free in (0, 1))
                       for step in (0, 1))
              for n, reached in ((n, _reached_depot_spaces(n)) for n in range(1, 5))}
# The vineyard die actions as tuples made once (as the engine's), by die:
# [die][depot space] and [die][storage space][double space][flip].
_TAKES = tuple(tuple(("vineyard_take", die, s) for s in range(len(depot_numbers(4))))
               for die in range(4))
_MOST_DOUBLE_SPACES = max(len(b.spaces) for b in BOARDS)
_PLACES = tuple(tuple(tuple((("vineyard_place", die, j, space, 0),
                             ("vineyard_place", die, j, space, 1))
                            for space in range(_MOST_DOUBLE_SPACES))
                      for j in range(MOST_STORAGE)) for die in range(4))
# Per double tile: whether it lies either way round (two varieties) or one way only.
_BOTH_WAYS = tuple(len(_flips(tile)) == 2 for tile in range(TILE_COUNT))
# Per board: the lowest level's double spaces, each double space's neighbours, and per bit
# set of die numbers the double spaces showing one of them (all as bit sets of spaces).
_LOWEST = tuple(sum(1 << i for i, s in enumerate(b.spaces) if s.level == b.lowest)
                for b in BOARDS)
_NEIGHBOUR_BITS = tuple(tuple(sum(1 << j for j in n) for n in b.neighbours) for b in BOARDS)
_SPACES_BY_NUMBERS = tuple(tuple(sum(1 << i for i, s in enumerate(b.spaces) if reach >> s.die & 1)
                                 for reach in range(128)) for b in BOARDS)


# Per board and level, the level's double spaces as a bit set.
_LEVEL_SPACES = tuple({level: sum(1 << i for i, s in enumerate(b.spaces) if s.level == level)
                       for level in b.levels} for b in BOARDS)


def _die_actions(state, p, seat: int, dice: tuple[int, ...], out: list) -> None:
    """The vineyard actions of `dice` (_dice's answer), die by die: the depot tiles it
    takes (VY-3), then each stored double tile on each open double space it reaches, from
    the lowest space up, each way round (VY-5)."""
    # Listed at every die decision: what each die reaches is read from _DIE_REACH, the
    # double spaces of its numbers from tables, and the actions are the tuples made once;
    # the stored tiles and the open spaces are found once for all dice.
    v = state.ext[ID]
    me = v.seats[seat]
    depot = v.depot
    faces = p.dice
    kn = p.knowledge
    w = p.workers
    if w > _MOST_WORKERS:
        w = _MOST_WORKERS
    reaches = _DIE_REACH[state.n][kn >> 8 & 1][kn >> _TAKE_FREE & 1]
    append = out.append
    if not me.stored:  # (most listings: takes only)
        for die in dice:
            takes = _TAKES[die]
            face = faces[die] if die < CASTLE_DIE else \
                _ANY_FACE if die == CASTLE_DIE else state.white
            for s in reaches[face][w][0]:
                if depot[s] >= 0:
                    append(takes[s])
        return
    # stored_pairs, written out: each stored tile with its first storage space
    storage = p.storage
    firsts = []
    j2 = -1
    for tile in me.stored:
        j1 = storage.index(DOUBLE, j2 + 1)
        j2 = storage.index(DOUBLE, j1 + 1)
        firsts.append((j1, tile))
    if me.placed:  # open_spaces as a bit set: next to a placed tile
        neighbours = _NEIGHBOUR_BITS[me.board]
        placed = near = 0
        for s, _, _ in me.placed:
            placed |= 1 << s
            near |= neighbours[s]
        open_bits = near & ~placed
    else:  # the lowest level
        open_bits = _LOWEST[me.board]
    by_numbers = _SPACES_BY_NUMBERS[me.board]
    for die in dice:
        takes = _TAKES[die]
        face = faces[die] if die < CASTLE_DIE else \
            _ANY_FACE if die == CASTLE_DIE else state.white
        spaces, numbers = reaches[face][w]
        for s in spaces:
            if depot[s] >= 0:
                append(takes[s])
        reached = open_bits & by_numbers[numbers]
        if not reached:
            continue
        places = _PLACES[die]
        for j1, tile in firsts:
            acts_of = places[j1]
            both = _BOTH_WAYS[tile]
            mask = reached
            while mask:  # the spaces from the lowest up, each way round
                low = mask & -mask
                mask ^= low
                acts = acts_of[low.bit_length() - 1]
                if both:
                    out += acts
                else:
                    append(acts[0])


def _apply_take(state, frame: Frame, action: tuple, events: list | None) -> None:
    _, die, s = action
    v = state.ext[ID]
    _use(state, frame, die, depot_numbers(state.n)[s], USE_TAKE, events)
    tile = v.depot[s]
    v.depot[s] = -1
    store_double(state, frame.player, tile, "depot", s, "die", events)


def _apply_place(state, frame: Frame, action: tuple, events: list | None) -> None:
    _, die, j, space, flip = action
    seat = frame.player
    me = state.ext[ID].seats[seat]
    b = BOARDS[me.board]
    _use(state, frame, die, (b.spaces[space].die,), USE_PLACE_OTHER, events)
    entry = stored_at(state, seat, j)
    assert entry is not None  # the action is legal: a double tile lies there
    j1, j2, tile = entry
    me.stored.remove(tile)
    storage = state.players[seat].storage
    storage[j1] = storage[j2] = -1
    me.placed.append((space, tile, flip))
    if events is not None:
        events.append(DoubleTilePlaced(seat, tile, (j1, j2), space, flip))
    state.frames.append(Frame(BONUS, seat, (space, b.spaces[space].icons)))


# --- the icons (VY-6) and the level bonus (VY-7) ---------------------------------------------

def _bonus_actions(icons: tuple[str, ...]) -> tuple[tuple, ...]:
    """Each covered icon once, then the skip."""
    return (*(("vineyard_bonus", icon) for icon in dict.fromkeys(icons)), ("vineyard_skip",))


# The icons' actions of every double space and of each icon left alone, made once.
_BONUS_ACTIONS = {icons: _bonus_actions(icons) for b in BOARDS for s in b.spaces
                  for icons in (s.icons, *((i,) for i in s.icons))}


def _legal_bonus(state, frame: Frame) -> list:
    icons = frame.arg[1]
    acts = _BONUS_ACTIONS.get(icons)
    return [*(acts if acts is not None else _bonus_actions(icons))]


def _level_done(state, seat: int, space: int, events: list | None) -> None:
    """VY-7: the placement's level is now covered: a wine bonus tile, once per level."""
    v = state.ext[ID]
    me = v.seats[seat]
    level = BOARDS[me.board].spaces[space].level
    if level in me.levels:
        return
    spaces = _LEVEL_SPACES[me.board][level]
    for s, _, _ in me.placed:
        spaces &= ~(1 << s)
    if spaces:  # a double space of the level is still empty
        return
    me.levels.append(level)
    if any(v.pile):
        state.frames.append(Frame(WINE, seat, level))
    elif events is not None:
        events.append(EffectLapsed(seat, "wine_bonus"))


def _apply_bonus(state, frame: Frame, action: tuple, events: list | None) -> None:
    seat = frame.player
    space, icons = frame.arg
    rest = list(icons)
    rest.remove(action[1])
    if rest:
        state.frames.append(Frame(BONUS, seat, (space, tuple(rest))))
    else:
        _level_done(state, seat, space, events)
    icon = action[1]
    if events is not None:
        events.append(VineyardBonus(seat, icon))
    _carry_out(state, seat, icon, events)


def _carry_out(state, seat: int, icon: str, events: list | None) -> None:
    v = vine(state)
    if icon == "castle":
        # A castle's action, but no castle is placed (shield 11 does not follow it).
        state.frames.append(Frame(CASTLE_ACTION, seat, ICON_CASTLE))
    elif icon == "black_depot":
        if any(k >= 0 for k in state.black) or any(t >= 0 for t in v.display) \
                or _inn_on_stack(state):
            state.frames.append(Frame(FREE_BLACK, seat))
        elif events is not None:
            events.append(EffectLapsed(seat, icon))
    elif icon == "vine_depot":
        if any(t >= 0 for t in v.depot):
            state.frames.append(Frame(FREE_DEPOT, seat))
        elif events is not None:
            events.append(EffectLapsed(seat, icon))
    else:
        # a watchtower's points come from no estate tile: kept for the derived breakdown
        breakdown = state.players[seat].breakdown
        before = breakdown.get("buildings", 0)
        building_effect(state, seat, BUILDINGS.index(icon), events)
        v.seats[seat].watchtower += breakdown.get("buildings", 0) - before


def _apply_skip(state, frame: Frame, action: tuple, events: list | None) -> None:
    space, icons = frame.arg
    if events is not None:
        for icon in icons:
            events.append(EffectDeclined(frame.player, icon))
    _level_done(state, frame.player, space, events)


def _inn_on_stack(state) -> bool:
    """P-IN-1: the inns beside the black depot count as its tiles for the icon (a)."""
    return _inns.ID in state.hooks.by_id and _inns.inns_on_stack(state) > 0


def _legal_free_black(state, frame: Frame) -> list:
    v = vine(state)
    return ([("vineyard_free", "black", s) for s, k in enumerate(state.black) if k >= 0]
            + ([("vineyard_free", "inn", 0)] if _inn_on_stack(state) else [])
            + [("vineyard_free", "display", s) for s, t in enumerate(v.display) if t >= 0]
            + [("decline",)])


def _legal_free_depot(state, frame: Frame) -> list:
    return [("vineyard_free", "depot", s) for s, t in enumerate(vine(state).depot)
            if t >= 0] + [("decline",)]


def _apply_free(state, frame: Frame, action: tuple, events: list | None) -> None:
    _, source, s = action
    seat = frame.player
    if source == "inn":  # the top of the inn stack
        _inns.take_inn(state, seat, events)
        return
    if source == "black":
        kind = state.black[s]
        state.black[s] = -1
        store_tile(state, seat, kind, 0, s, None, events)  # a take, as a die's: TileTaken
        return
    v = vine(state)
    row = v.display if source == "display" else v.depot
    tile = row[s]
    row[s] = -1
    store_double(state, seat, tile, source, s, "bonus", events)


def _legal_wine(state, frame: Frame) -> list:
    return [("vineyard_wine", VARIETIES[x]) for x, left in enumerate(vine(state).pile) if left]


def _apply_wine(state, frame: Frame, action: tuple, events: list | None) -> None:
    x = VARIETIES.index(action[1])
    v = vine(state)
    v.pile[x] -= 1
    v.seats[frame.player].wine.append(x)
    if events is not None:
        events.append(WineBonusTaken(frame.player, action[1], frame.arg))


# --- the display purchase (VY-8) -------------------------------------------------------------

def _may_buy_in(state, frame: Frame) -> bool:
    """Wherever the black-depot purchase may be made (the turn; during effects where the
    rule set allows it)."""
    return frame.kind == TURN or (frame.kind in ACTION_KINDS["buy"].decisions
                                  and state.rs.purchase_during_effects)


# The purchases of each display space, by the payments allowed (black_depot_payments' few
# answers): made once, as the die actions are.
_BUYS: dict[tuple[str, ...], tuple[tuple[tuple, ...], ...]] = {}


def _buy_actions(payments: tuple[str, ...]) -> tuple[tuple[tuple, ...], ...]:
    """Per display space, its purchases with these payments."""
    buys = _BUYS.get(payments)
    if buys is None:
        buys = _BUYS[payments] = tuple(tuple(("vineyard_buy", s, pay) for pay in payments)
                                       for s in range(3))
    return buys


_NO_DISPLAY = [-1] * 3


def _display_buys(state, p, out: list) -> None:
    """The display's purchases (VY-8), space by space, with the payments p may make."""
    payments = black_depot_payments(state, p)
    if payments:  # (none once bought)
        buys = _buy_actions(payments)
        s = 0
        for tile in state.ext[ID].display:
            if tile >= 0:
                out += buys[s]
            s += 1


def _apply_buy(state, frame: Frame, action: tuple, events: list | None) -> None:
    _, s, payment = action
    state.frames.append(frame)  # buying answers no decision; the frame stays
    seat = frame.player
    pay_purchase(state, seat, payment, PRICE, events)
    v = vine(state)
    tile = v.display[s]
    v.display[s] = -1
    store_double(state, seat, tile, "display", s, "purchase", events)


def _parse_buy(args: list[str]) -> tuple:
    if len(args) != 2 or args[1] not in PAYMENTS:
        raise ValueError("vineyard_buy takes the display space and 'silver' or 'workers'")
    return ("vineyard_buy", read_int(args[0]), args[1])


def _parse_free(args: list[str]) -> tuple:
    if len(args) != 2 or args[0] not in ("black", "inn", "display", "depot"):
        raise ValueError("vineyard_free takes 'black', 'inn', 'display' or 'depot' and the "
                         "space")
    return ("vineyard_free", args[0], read_int(args[1]))


def _parse_word(name: str, words: tuple[str, ...]):
    def parse(args: list[str]) -> tuple:
        if len(args) != 1 or args[0] not in words:
            raise ValueError(f"{name} takes one of {', '.join(words)}")
        return (name, args[0])
    return parse


def _parse_skip(args: list[str]) -> tuple:
    if args:
        raise ValueError("vineyard_skip takes nothing")
    return ("vineyard_skip",)


# --- scoring (VY-10, VY-11) ------------------------------------------------------------------

# Per board, the halves (2 * space + side) next to each half, as a bit set of halves.
_HALF_NEIGHBOUR_BITS = tuple(tuple(sum(1 << n for n in near) for near in b.half_neighbours)
                             for b in BOARDS)


def grape_areas(state, seat: int) -> dict[int, list[int]]:
    """VY-10: per variety (in the order the placed tiles first show it), the sizes of its
    grape areas on seat's vineyard, largest first."""
    me = vine(state).seats[seat]
    near = _HALF_NEIGHBOUR_BITS[me.board]
    halves: dict[int, int] = {}   # per variety, its halves as a bit set
    for space, tile, flip in me.placed:
        a, c = TILES[tile] if not flip else TILES[tile][::-1]
        halves[a] = halves.get(a, 0) | 1 << 2 * space
        halves[c] = halves.get(c, 0) | 1 << 2 * space + 1
    out: dict[int, list[int]] = {}
    for kind, left in halves.items():
        sizes = out[kind] = []
        while left:  # an area from its lowest half, grown by its neighbours of the kind
            area = edge = left & -left
            while edge:
                grown = 0
                while edge:
                    low = edge & -edge
                    edge ^= low
                    grown |= near[low.bit_length() - 1]
                edge = grown & left & ~area
                area |= edge
            left &= ~area
            sizes.append(area.bit_count())
        sizes.sort(reverse=True)
    return out


def scored_areas(state, seat: int) -> list[tuple[int, int]]:
    """VY-11: (variety, size) per wine bonus tile: each variety's tiles take its largest
    areas, each once (size 0: none left for it)."""
    areas = grape_areas(state, seat)
    out = []
    wine = vine(state).seats[seat].wine
    for x in sorted(set(wine)):
        sizes = areas.get(x, [])
        for i in range(wine.count(x)):
            out.append((x, sizes[i] if i < len(sizes) else 0))
    return out


def vineyard_points(state, seat: int) -> int:
    return sum(grape_points(size) for _, size in scored_areas(state, seat))


def vineyard_outlook(state, seat: int) -> tuple[int, int]:
    """(what seat's vineyard would score now, wine bonus tiles held); (0, 0) without the
    module (for the AI). For Châteauma's seat, what its stack would score now (CH-VY-6) and
    no wine bonus tile, until the end scoring has counted it."""
    v = state.ext.get(ID)
    if v is None:
        return 0, 0
    if state.config.chateauma and seat == state.config.chateauma_seat:
        return (0 if v.scored else chateauma_points(len(v.stack))), 0
    return vineyard_points(state, seat), len(v.seats[seat].wine)


def _step_scoring(state, events: list | None) -> None:
    """VY-11 for the players; CH-VY-6 for Châteauma's stack (its own end scoring, with
    the vineyard areas: nothing is decided in between)."""
    v = vine(state)
    automa = state.config.chateauma_seat if state.config.chateauma else -1
    for seat in range(state.n):
        if seat == automa:
            score(state, seat, chateauma_points(len(v.stack)), ID, events)
            continue
        for x, size in scored_areas(state, seat):
            if events is not None:
                events.append(VineyardScored(seat, VARIETIES[x], size, grape_points(size)))
            score(state, seat, grape_points(size), ID, events)
    v.scored = True


# --- Châteauma (CH-VY) ---------------------------------------------------------------------------

def _chateauma_takes(state, seat: int, source: str, space: int, events: list | None) -> None:
    v = vine(state)
    row = v.display if source == "display" else v.depot
    tile = row[space]
    row[space] = -1
    v.stack.append(tile)
    if events is not None:
        events.append(DoubleTileStacked(seat, tile, source, space))


def chateauma_depot_start(state) -> int:
    """CH-VY-4, P-CH-3: the depot space the white die names (with 2-3 seats, the space
    whose two numbers include it)."""
    numbers = depot_numbers(state.n)
    return next(s for s, ns in enumerate(numbers) if state.white in ns)


def chateauma_display_start(state) -> int:
    """CH-VY-5, P-CH-4: with three display spaces in use the white die picks left (1-2),
    middle (3-4) or right (5-6); with one, that one."""
    spaces = display_spaces(state.n)
    if len(spaces) == 1:
        return spaces[0]
    return (state.white - 1) // 2


def _frame_arg_fits(state, f: Frame) -> bool:
    """What each of the module's decisions carries."""
    arg = f.arg
    if f.kind == ROOM:
        return (type(arg) is tuple and len(arg) == 4 and arg[0] in vine(state).waiting
                and arg[1] in ("depot", "display") and type(arg[2]) is int
                and 0 <= arg[2] < 6 and arg[3] in ("die", "purchase", "bonus"))
    if f.kind == BONUS:
        spaces = board_of(state, f.player).spaces
        return (type(arg) is tuple and len(arg) == 2 and type(arg[0]) is int
                and 0 <= arg[0] < len(spaces) and type(arg[1]) is tuple
                and 1 <= len(arg[1]) <= 2 and all(i in spaces[arg[0]].icons for i in arg[1]))
    if f.kind == WINE:
        return type(arg) is int and arg in board_of(state, f.player).levels
    return arg is None


# --- the module -------------------------------------------------------------------------------

_DIE_FRAMES = (TURN, CASTLE_ACTION, WHITE_FRAME)
# The decisions that remove one stored tile, and their action: a stored double tile is
# removed whole by 'vineyard_drop' instead (the base discard; shield 4's loss, P-SH-4).
_DROP_INSTEAD = {DISCARD: "discard", _shields.STORAGE_FRAME: "shield_storage"}
# The decisions besides the turn where the module may add actions: its die actions, its
# removals, and the display purchase where the black-depot one may be made (as
# registered below).
_LISTED_BEYOND_TURN = frozenset((*_DIE_FRAMES, *_DROP_INSTEAD,
                                 *ACTION_KINDS["buy"].decisions)) - {TURN}


# Per decision's removal, its actions by storage space, made once.
_REMOVALS = {name: tuple((name, j) for j in range(MOST_STORAGE))
             for name in _DROP_INSTEAD.values()}


def _drop_instead(state, seat: int, name: str, out: list) -> None:
    """A stored double tile is removed whole: the decision's own removal (`name`) of its
    spaces gives way to 'vineyard_drop' of its first space."""
    # Each double-tile space is listed for removal at most once (the base discard lists
    # every space, shield 4's loss the first of a kind): its action is taken out where
    # it is, the others keep their order.
    removals = _REMOVALS[name]
    pairs = stored_pairs(state, seat)
    for j1, j2, _ in pairs:
        for j in (j1, j2):
            try:
                out.remove(removals[j])
            except ValueError:  # not listed
                pass
    for j1, _, _ in pairs:
        out.append(_DROPS[j1])


def _double_tile_stays_out(p, kind: int, mask: int) -> int:
    """VY-5: a double tile never goes into the duchy."""
    return 0 if kind == DOUBLE else mask


def _effect_double(state, seat: int, kind: int, space: int, events: list | None) -> None:
    """Never reached: the place rule keeps double tiles out of every duchy."""


@register
class VineyardsModule(Module):
    id = ID
    effect_frames = (ROOM, BONUS, FREE_BLACK, FREE_DEPOT, WINE)
    setup_chance = SETUP_STEP
    chance_steps = (FILL_STEP,)
    game_end_steps = {"end_points": ("vineyard_scoring",)}

    def new_ext(self) -> Vineyards:
        return Vineyards(self.config.players)

    def copy_ext(self, value: Vineyards) -> Vineyards:
        return value.copy()

    def ext_to_json(self, value: Vineyards) -> dict:
        return value.to_json()

    def ext_from_json(self, data) -> Vineyards:
        try:
            v = Vineyards.from_json(data, self.config.players)
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"vineyards: malformed ({e})") from None
        if sorted(v.everywhere()) != list(range(TILE_COUNT)):
            raise ValueError("vineyards: every double tile must lie in exactly one place")
        if len(v.seats) != self.config.players or any(
                not 0 <= x <= WINE_PER_VARIETY for x in v.pile):
            raise ValueError("vineyards: a vineyard per seat and at most "
                             f"{WINE_PER_VARIETY} wine bonus tiles of a kind")
        return v

    def check_state(self, state) -> str | None:
        v = vine(state)
        for seat, me in enumerate(v.seats):
            b = BOARDS[me.board]
            spaces = [space for space, _, _ in me.placed]
            if len(set(spaces)) != len(spaces) or len(set(me.levels)) != len(me.levels) \
                    or not set(me.levels) <= set(b.levels):
                return f"seat {seat}'s vineyard has two tiles on a space, or a level twice"
            doubles = state.players[seat].storage.count(DOUBLE)
            if doubles != 2 * len(me.stored):
                return f"seat {seat} stores {len(me.stored)} double tiles on {doubles} spaces"
        for variety in range(len(VARIETIES)):
            held = sum(me.wine.count(variety) for me in v.seats)
            if v.pile[variety] + held != (0 if variety in v.removed else WINE_PER_VARIETY):
                return f"the {VARIETIES[variety]} wine bonus tiles are not conserved"
        shown = display_spaces(state.n)
        if any(t >= 0 for s, t in enumerate(v.display) if s not in shown):
            return "a display tile on a space not in play"
        for f in state.frames:
            if f.kind in self.effect_frames and not _frame_arg_fits(state, f):
                return f"decision {f.kind!r} with {f.arg!r}"
        return None

    def frame_arg_to_json(self, frame: Frame) -> Any:
        if frame.kind in (ROOM, BONUS):
            return [list(x) if isinstance(x, tuple) else x for x in frame.arg]
        return frame.arg

    def frame_arg_from_json(self, kind: str, arg: Any) -> Any:
        if kind in (ROOM, BONUS):
            return tuple(tuple(x) if isinstance(x, list) else x for x in arg)
        return arg

    def place_rule(self):
        return _double_tile_stays_out

    def place_refusal(self, p, kind: int, space: int) -> str | None:
        if kind == DOUBLE:
            return "a double tile goes onto the vineyard board, never into the duchy"
        return None

    def phase_setup(self, state, events: list | None) -> None:
        """VY-2: the vineyard depot and display are filled once the depots are."""
        state.chance = FILL_STEP

    def depots_cleared(self, state, cleared: list[int], events: list | None) -> None:
        """VY-2: from phase B on, what is left in the depot and display leaves the game."""
        v = vine(state)
        left = tuple(t for t in v.depot + v.display if t >= 0)
        v.out += left
        v.depot = [-1] * len(v.depot)
        v.display = [-1] * 3
        if events is not None:
            events.append(VineyardCleared(left))

    def decision_actions(self, state, frame: Frame, out: list) -> None:
        # Asked at every decision: the turn's (most of them) first, and the others cheaply
        # passed by.
        kind = frame.kind
        seat = frame.player
        if kind == TURN:
            p = state.players[seat]
            v = state.ext[ID]
            used = p.used
            if not used[0] or not used[1]:
                # _dice, written out: the second of a pair showing the same number is
                # free only once the first is used (as in the engine's turn).
                dice = _SECOND_DIE if used[0] else _FIRST_DIE \
                    if used[1] or p.dice[0] == p.dice[1] else _BOTH_DICE
                if v.seats[seat].stored:
                    _die_actions(state, p, seat, dice, out)
                else:  # _die_actions with nothing stored, written out: the takes
                    depot = v.depot
                    kn = p.knowledge
                    w = p.workers
                    if w > _MOST_WORKERS:
                        w = _MOST_WORKERS
                    reaches = _DIE_REACH[state.n][kn >> 8 & 1][kn >> _TAKE_FREE & 1]
                    faces = p.dice
                    for die in dice:
                        takes = _TAKES[die]
                        for s in reaches[faces[die]][w][0]:
                            if depot[s] >= 0:
                                out.append(takes[s])
            if not state.bought:  # _display_buys, written out
                display = v.display
                # (no payment without 2 silver, or monastery 6's 2 workers)
                if (p.silver >= 2 or p.knowledge & 64) and display != _NO_DISPLAY:
                    payments = black_depot_payments(state, p)
                    if payments:
                        buys = _buy_actions(payments)
                        s = 0
                        for tile in display:
                            if tile >= 0:
                                out += buys[s]
                            s += 1
            return
        if kind not in _LISTED_BEYOND_TURN:  # (most other decisions)
            return
        if kind == CASTLE_ACTION or kind == WHITE_FRAME:
            _die_actions(state, state.players[seat], seat, _dice(state, frame), out)
        elif kind in _DROP_INSTEAD and state.ext[ID].seats[seat].stored:
            _drop_instead(state, seat, _DROP_INSTEAD[kind], out)
        if not state.bought and kind in ACTION_KINDS["buy"].decisions \
                and state.rs.purchase_during_effects:  # (_may_buy_in, past the turn)
            _display_buys(state, state.players[seat], out)

    def explain(self, state, action: tuple) -> str | None:
        name = action[0] if action else ""
        if not isinstance(name, str) or not name.startswith("vineyard_"):
            return None
        frame = state.frames[-1] if state.frames else None
        if frame is None:
            return "no decision is pending"
        v = vine(state)
        seat = frame.player
        p = state.players[seat]
        if name == "vineyard_take":
            if frame.kind not in _DIE_FRAMES:
                return f"a double tile is taken with a die, not during '{frame.kind}'"
            if len(action) != 3 or action[1] not in _dice(state, frame):
                return "that die is not free for an action"
            if not isinstance(action[2], int) or not 0 <= action[2] < len(v.depot) \
                    or v.depot[action[2]] < 0:
                return "no double tile lies on that vineyard depot space"
            numbers = depot_numbers(state.n)[action[2]]
            return (f"the die must show {' or '.join(map(str, numbers))}: that costs "
                    f"{_cost(state, p, action[1], numbers, USE_TAKE)} workers, you have "
                    f"{p.workers}")
        if name == "vineyard_place":
            if frame.kind not in _DIE_FRAMES:
                return f"a double tile is placed with a die, not during '{frame.kind}'"
            if len(action) != 5 or action[1] not in _dice(state, frame):
                return "that die is not free for an action"
            if stored_at(state, seat, action[2]) is None:
                return "no double tile lies on that storage space"
            b = board_of(state, seat)
            if not isinstance(action[3], int) or not 0 <= action[3] < len(b.spaces):
                return "the vineyard board has no such double space"
            if action[3] not in open_spaces(state, seat):
                if not v.seats[seat].placed:
                    return "the first double tile goes on the lowest level (the spaces 1 and 4)"
                return "a double tile goes on an empty double space next to one placed"
            if action[4] not in (0, 1):
                return "a double tile lies one way or the other (flip 0 or 1)"
            return (f"the die must show {b.spaces[action[3]].die}: that costs "
                    f"{_cost(state, p, action[1], (b.spaces[action[3]].die,), USE_PLACE_OTHER)}"
                    f" workers, you have {p.workers}")
        if name == "vineyard_buy":
            if not _may_buy_in(state, frame):
                return f"a display tile is bought as the turn's purchase, not during '{frame.kind}'"
            if state.bought:
                return "only one purchase per turn: the display tile takes the black depot's place"
            if len(action) != 3 or not isinstance(action[1], int) or \
                    not 0 <= action[1] < 3 or v.display[action[1]] < 0:
                return "no double tile lies on that display space"
            return f"a display tile costs {PRICE} silver (as a black-depot tile), you have {p.silver}"
        if name == "vineyard_drop":
            if frame.kind not in (ROOM, *_DROP_INSTEAD):
                return "stored tiles are removed only to make room"
            return "that storage space holds no tile to remove"
        if name in ("vineyard_bonus", "vineyard_skip"):
            if frame.kind != BONUS:
                return "the icons follow a double tile's placement"
            return "that icon is not (or no longer) covered by the tile just placed"
        if name == "vineyard_free":
            if frame.kind not in (FREE_BLACK, FREE_DEPOT):
                return "free tiles come only from the icons"
            if frame.kind == FREE_DEPOT:
                return "this icon takes a double tile from the vineyard depot (not the display)"
            return ("this icon takes a black-depot tile (or the top inn beside it) or a "
                    "display double tile")
        if name == "vineyard_wine":
            if frame.kind != WINE:
                return "a wine bonus tile comes with a covered level"
            return "no wine bonus tile of that variety is left in the pile"
        return None

    def tiles_held(self, state) -> list[int]:
        """Two hexes per double tile not in a storage (the storage's two spaces count the
        others)."""
        return [DOUBLE] * (2 * (TILE_COUNT - vine(state).stored_count()))

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        v = vine(state)
        if state.config.chateauma and seat == state.config.chateauma_seat:
            if v.scored:
                out["vineyards"] = out.get("vineyards", 0) + chateauma_points(len(v.stack))
            return
        out["buildings"] = out.get("buildings", 0) + v.seats[seat].watchtower
        if v.scored:
            out["vineyards"] = out.get("vineyards", 0) + vineyard_points(state, seat)

    def chateauma_deck(self) -> tuple[int, ...]:
        return CHATEAUMA_DECK

    def card_space_covered(self, state, seat: int, card: int, space: int,
                           events: list | None) -> None:
        """CH-VY-4: a double-tile symbol takes the depot's tile from the white die's space,
        else the next one to the right (6 wraps to 1); none left: nothing."""
        if space not in CARD_SYMBOLS.get(card, ()):
            return
        depot = vine(state).depot
        start = chateauma_depot_start(state)
        for i in range(len(depot)):
            s = (start + i) % len(depot)
            if depot[s] >= 0:
                _chateauma_takes(state, seat, "depot", s, events)
                return
        if events is not None:
            events.append(EffectLapsed(seat, "double_tile"))

    def chateauma_purchase(self, state, cost: int, events: list | None) -> bool:
        """CH-VY-5: with the silver, a display tile from the white die's space on to the
        right, wrapping; an empty display leaves the black-depot purchase."""
        seat = state.config.chateauma_seat
        p = state.players[seat]
        display = vine(state).display
        spaces = display_spaces(state.n)
        start = spaces.index(chateauma_display_start(state))
        offered = [spaces[(start + i) % len(spaces)] for i in range(len(spaces))]
        s = next((s for s in offered if display[s] >= 0), None)
        if s is None or p.silver < cost:
            return False
        p.silver -= cost
        if events is not None:
            events.append(SilverPaid(seat, cost))
        _chateauma_takes(state, seat, "display", s, events)
        return True

    def public(self, state) -> tuple:
        v = vine(state)
        return (tuple(v.depot), tuple(v.display), tuple(v.pile), tuple(sorted(v.bag)),
                tuple(v.stack), tuple((tuple(s.placed), tuple(s.stored), tuple(s.wine),
                                       tuple(s.levels)) for s in v.seats))


EFFECTS["double_tile"] = _effect_double
CHANCE_SAMPLE[SETUP_STEP] = _sample_setup
CHANCE_APPLY[SETUP_STEP] = _apply_setup
CHANCE_SAMPLE[FILL_STEP] = _sample_fill
CHANCE_APPLY[FILL_STEP] = _apply_fill
STEPS["vineyard_scoring"] = _step_scoring
LEGAL.update({ROOM: _legal_room, BONUS: _legal_bonus, FREE_BLACK: _legal_free_black,
              FREE_DEPOT: _legal_free_depot, WINE: _legal_wine})
APPLY.update({"vineyard_take": _apply_take, "vineyard_place": _apply_place,
              "vineyard_drop": _apply_drop, "vineyard_bonus": _apply_bonus,
              "vineyard_skip": _apply_skip, "vineyard_free": _apply_free,
              "vineyard_wine": _apply_wine, "vineyard_buy": _apply_buy})
register_action("vineyard_take", ("die", "space"), _DIE_FRAMES,
                lambda a: f"vineyard_take {a[1]} {a[2]}", _parse_int_args("vineyard_take", 2), ID)
register_action("vineyard_place", ("die", "storage", "space", "flip"), _DIE_FRAMES,
                lambda a: f"vineyard_place {a[1]} {a[2]} {a[3]} {a[4]}",
                _parse_int_args("vineyard_place", 4), ID)
register_action("vineyard_drop", ("storage",), (ROOM, DISCARD, _shields.STORAGE_FRAME),
                lambda a: f"vineyard_drop {a[1]}", _parse_int_args("vineyard_drop", 1), ID)
register_action("vineyard_bonus", ("icon",), (BONUS,), lambda a: f"vineyard_bonus {a[1]}",
                _parse_word("vineyard_bonus", ICONS), ID)
register_action("vineyard_skip", (), (BONUS,), lambda a: "vineyard_skip", _parse_skip, ID)
register_action("vineyard_free", ("source", "space"), (FREE_BLACK, FREE_DEPOT),
                lambda a: f"vineyard_free {a[1]} {a[2]}", _parse_free, ID)
register_action("vineyard_wine", ("variety",), (WINE,), lambda a: f"vineyard_wine {a[1]}",
                _parse_word("vineyard_wine", VARIETIES), ID)
register_action("vineyard_buy", ("space", "payment"), ACTION_KINDS["buy"].decisions,
                lambda a: f"vineyard_buy {a[1]} {a[2]}", _parse_buy, ID)
allow_action("decline", FREE_BLACK)
allow_action("decline", FREE_DEPOT)
for _name in ("vineyard_take", "vineyard_place"):
    allow_action(_name, WHITE_FRAME)
