"""What the table shows: a copy of the position that takes events in as they finish
animating.

The board must show only what has finished animating, so the table does not draw the
engine's state directly. A `TableView` is built from a `GameState`, then each event is
applied to it when its animation ends. Applying an event only copies the fact it states
(a tile moved, silver paid); nothing here decides a rule. The events are complete: after
every step, the view fed with that step's events equals the view built from the state
(tests/client/test_view_events.py). Once every animation has played, the scene still
rebuilds the view from the engine's state, which costs little and keeps undo simple.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ... import rules as rt
from ...rules import CHATEAUMA_CARDS as CARDS, CHATEAUMA_EMPTY as EMPTY
from ...rules import CHATEAUMA_ESTATES as ESTATES, CHATEAUMA_JOKERS as JOKERS
from ...rules import chateauma_kind_of as kind_of, get_board, storage_spaces
from ..art.faces import TileFace, monastery
from .seam import in_play, parts_of

COLOURS = rt.COLOURS
# A tile lying face down: the table shows its back and never its identity.
FACE_DOWN = "face_down"


def face_of(tile: str | int | None, rules: str = "special") -> TileFace | None:
    """The picture of a tile, by the rules' kind name or number (None for no tile and for
    a face-down one); monastery tiles show their effect under the rule set ``rules``."""
    if tile is None or tile == FACE_DOWN:
        return None
    kind = rt.kind_from_name(tile) if isinstance(tile, str) else tile
    if kind < 0:
        return None
    return _face(kind, rules)


@cache
def _face(kind: int, rules: str) -> TileFace:
    record = rt.KINDS[kind]
    # A module's tile shows its own front (the park, the goats), not its type's name.
    if record.building >= 0:
        return TileFace("building", building=record.name if record.module
                        else rt.BUILDINGS[record.building])
    if record.species >= 0:
        return TileFace("animal", species=record.name if record.module
                        else rt.SPECIES[record.species], animals=record.animals)
    if record.knowledge:
        return monastery(record.knowledge, rules)
    return TileFace(record.name)


# Monastery tiles are numbered 1 to the highest a module adds.
KNOWLEDGE_NUMBERS = range(1, max(rt.KIND_KNOWLEDGE) + 1)


def track_space(position: int) -> int:
    """A turn-order track position as the board prints its spaces, from 1; the rules count
    from 0. The log and the board both show this number."""
    return position + 1


def tile_name(kind: int) -> str | None:
    return rt.KIND_NAMES[kind] if kind >= 0 else None


def colour_of(tile: str) -> int:
    return rt.KIND_COLOUR[rt.kind_from_name(tile)]


def _shown_code(code: int) -> str | None:
    """A Châteauma tile code as the table may show it."""
    if code == EMPTY:
        return None
    return FACE_DOWN if code < 0 else tile_name(kind_of(code))


@dataclass
class ChateaumaView:
    """Châteauma's own material as the table shows it: its estate stacks (top tile and
    height), its two area cards, its reserve (one stack per colour, then the face-down
    tiles), the cards left in its deck and the die it rolled last."""

    estate_id: str
    level: str = ""
    modifiers: str = ""
    stacks: list[int] = field(default_factory=lambda: [0] * 37)
    cards: list[int] = field(default_factory=lambda: [0, 0])      # per slot; 0 = none
    card_tiles: list[list[str | None]] = field(default_factory=lambda: [[], []])
    reserve: list[list[str | None]] = field(
        default_factory=lambda: [[] for _ in range(JOKERS + 1)])
    deck: int = 9      # cards 1-9; the vineyards' deck arrives with its own event
    die: int = 0
    rules: str = "special"                   # the game's rule set: what monastery tiles show

    @classmethod
    def from_state(cls, cm: Any, rules: str = "special") -> ChateaumaView:
        return cls(cm.estate_id, cm.level, cm.modifiers, [len(s) for s in cm.estate],
                   list(cm.cards), [[_shown_code(c) for c in tiles] for tiles in cm.card_tiles],
                   [[FACE_DOWN if i == JOKERS else tile_name(k) for k in stack]
                    for i, stack in enumerate(cm.reserve)], len(cm.deck), cm.die, rules)

    def slot_of(self, card: int) -> int | None:
        return self.cards.index(card) if card and card in self.cards else None


@dataclass
class PlayerView:
    seat: int
    board: str | None = None
    colours: tuple[str, ...] = ()           # per estate space; empty before a board
    dice_numbers: tuple[int, ...] = ()      # per estate space; 0 where none is printed
    estate: list[str | None] = field(default_factory=lambda: [None] * 37)
    storage: list[str | None] = field(default_factory=lambda: [None] * 3)
    goods: list[int] = field(default_factory=lambda: [0] * 7)
    sold: list[int] = field(default_factory=lambda: [0] * 7)
    silver: int = 0
    workers: int = 0
    dice: list[int] = field(default_factory=lambda: [0, 0])
    used: list[bool] = field(default_factory=lambda: [True, True])
    score: int = 0
    bonus_tiles: list[tuple[str, int]] = field(default_factory=list)
    track_pos: int = 0
    track_stamp: int = 0
    knowledge: list[int] = field(default_factory=list)
    cm: ChateaumaView | None = None          # Châteauma's seat only
    rules: str = "special"                   # the rule set: what monastery tiles show
    version: int = 0

    @property
    def chateauma(self) -> bool:
        return self.cm is not None

    def set_board(self, board_id: str | None) -> None:
        self.board = board_id
        if board_id is None:
            self.colours, self.dice_numbers = (), ()
            return
        b = get_board(board_id)
        self.colours = tuple(COLOURS[c] for c in b.colour)
        self.dice_numbers = tuple(b.die)
        if len(self.estate) != len(b.colour):  # a module's board of another size
            self.estate = [None] * len(b.colour)


class UnknownEvent(RuntimeWarning):
    """An event neither the view nor a module in play takes in or lists as quiet."""


# Events that change nothing the view holds: worded in the log, animated or scored
# elsewhere (the points come with PointsScored). A module lists its own (seam.TableModule).
QUIET = frozenset({
    "AreaCompleted", "BoardsDrawn", "EffectDeclined", "EffectLapsed", "PhaseEnded",
    "ChateaumaCardCompleted", "ChateaumaExtraTurn", "ChateaumaSaleTriggered"})


@dataclass
class TableView:
    players: list[PlayerView]
    phase: int = 0
    round: int = 0
    depots: list[list[str | None]] = field(default_factory=lambda: [[] for _ in range(6)])
    depot_goods: list[list[int]] = field(default_factory=lambda: [[0] * 7 for _ in range(6)])
    black: list[str | None] = field(default_factory=list)
    round_goods: list[int] = field(default_factory=list)
    white: int = 0
    bonus_taken: list[int] = field(default_factory=lambda: [0] * 6)
    current: int = -1
    over: bool = False
    board_version: int = 0
    # Pieces lifted off the board while they fly: ("depot", d, slot), ("storage", seat, j),
    # ("goods", d), drawn as empty until their event is shown.
    lifted: set[tuple] = field(default_factory=set)
    rules: str = "special"                   # the rule set: what monastery tiles show
    # The modules in play that have a table module (seam.TABLE_MODULES): their parts of
    # the view by id, in the registry's order.
    parts: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_state(cls, state: Any) -> TableView:
        view = cls(players=[], rules=state.config.rules)
        for seat, p in enumerate(state.players):
            pv = PlayerView(seat, rules=state.config.rules)
            cm = state.chateauma if state.chateauma and state.chateauma.seat == seat else None
            if cm is not None:
                pv.cm = ChateaumaView.from_state(cm, state.config.rules)
                pv.colours = tuple(COLOURS[c] for c in ESTATES[cm.estate_id].colours)
                pv.dice_numbers = (0,) * 37
                pv.estate = [_shown_code(stack[-1]) if stack else None for stack in cm.estate]
            else:
                pv.set_board(p.board.id if p.board is not None else None)
                pv.estate = [tile_name(k) for k in p.estate]
            pv.storage = [tile_name(k) for k in p.storage]
            pv.goods = list(p.goods)
            pv.sold = list(p.sold)
            pv.silver, pv.workers = p.silver, p.workers
            pv.dice, pv.used = list(p.dice), list(p.used)
            pv.score = p.score
            pv.bonus_tiles = [(COLOURS[c], r) for c, r in p.bonus_tiles]
            pv.track_pos, pv.track_stamp = p.track_pos, p.track_stamp
            pv.knowledge = [n for n in KNOWLEDGE_NUMBERS if p.knowledge >> n & 1]
            view.players.append(pv)
        # Before the first chance step the engine has no players yet; the table has seats.
        while len(view.players) < state.n:
            pv = PlayerView(len(view.players), rules=state.config.rules)
            pv.storage = [None] * storage_spaces(state.config)
            view.players.append(pv)
        view.phase, view.round = state.phase, state.round
        view.depots = [[tile_name(k) for k in row] for row in state.depots]
        view.depot_goods = [list(g) for g in state.depot_goods]
        view.black = [tile_name(k) for k in state.black]
        for frame in state.frames:
            if frame.kind == "discard":
                # A tile taken onto full storage stays in its depot space until the player
                # says which stored tile it replaces (depot -1: from a module's supply,
                # which its module shows).
                kind, depot, slot, _ = frame.arg
                if depot >= 0:
                    (view.black if depot == 0 else view.depots[depot - 1])[slot] = \
                        tile_name(kind)
        view.round_goods = list(state.round_goods)
        view.white = state.white
        view.bonus_taken = list(state.bonus_taken)
        view.current = state.current_player
        view.over = state.is_terminal()
        for m in in_play(state.config):
            view.parts[m.id] = m.part(state)
        return view

    def track_order(self) -> list[int]:
        return sorted(range(len(self.players)),
                      key=lambda s: (-self.players[s].track_pos, -self.players[s].track_stamp))

    def goods_left(self) -> list[int]:
        """The goods still to be revealed this phase, next first."""
        return self.round_goods[self.round + 1:] if self.round_goods else []

    # --- taking events in ----------------------------------------------------------------

    def lift(self, key: tuple) -> None:
        self.lifted.add(key)
        self._touch(key)

    def drop(self, key: tuple) -> None:
        self.lifted.discard(key)
        self._touch(key)

    def _touch(self, key: tuple) -> None:
        if key[0] == "storage":
            self.players[key[1]].version += 1
        else:
            self.board_version += 1

    def apply(self, event: Any) -> None:
        name = type(event).__name__
        handler = getattr(self, "_on_" + name, None)
        heard = handler is not None or name in QUIET
        if handler is not None:
            handler(event)
        # A module takes in its own events, and may follow the base game's too.
        for m, part in parts_of(self):
            if name in m.events:
                m.events[name](self, part, event)
                heard = True
            elif name in m.quiet:
                heard = True
        if not heard:
            # The picture is rebuilt from the state once the animations have played,
            # so the game goes on; the tests turn this warning into a failure.
            warnings.warn(f"the table takes in no {name} event", UnknownEvent,
                          stacklevel=2)
        self.board_version += 1
        player = getattr(event, "player", None)
        if isinstance(player, int) and 0 <= player < len(self.players):
            for m, part in parts_of(self):
                m.taken_in(self, part, player)
            self.players[player].version += 1
        else:
            for pv in self.players:
                pv.version += 1

    def _on_StartPlayerChosen(self, e) -> None:
        self.phase = -1
        for i, (seat, silver, workers) in enumerate(zip(e.order, e.silver, e.workers)):
            p = self.players[seat]
            p.silver, p.workers = silver, workers
            p.track_stamp = len(e.order) - i  # the start player lies on top

    def _on_BoardChosen(self, e) -> None:
        self.players[e.player].set_board(e.board)

    def _on_StartCastlePlaced(self, e) -> None:
        self.players[e.player].estate[e.space] = "castle"

    def _on_StartGoodsDealt(self, e) -> None:
        # The players' start goods open phase A (the rules count it from here, before its
        # depots are filled: a module may set up its own material first); Châteauma's
        # come as it joins, at the setup's start.
        if self.players[e.player].cm is None:
            self.phase, self.round = 0, 0
        for g in e.goods:
            self.players[e.player].goods[g] += 1

    def _on_PhaseStarted(self, e) -> None:
        self.phase, self.round = e.phase, 0
        self.depots = [list(row) for row in e.depots]
        self.black = list(e.black_depot)
        self.round_goods = list(e.round_goods)

    def _on_DepotsCleared(self, e) -> None:
        self.depots = [[None] * len(row) for row in self.depots]
        self.black = [None] * len(self.black)

    def _on_DiceRolled(self, e) -> None:
        self.white = e.white
        for seat, pair in enumerate(e.dice):
            if seat < len(self.players):
                self.players[seat].dice = list(pair)
                self.players[seat].used = [False, False]

    def _on_GoodsRevealed(self, e) -> None:
        self.depot_goods[e.depot - 1][e.goods] += 1

    def _on_RoundStarted(self, e) -> None:
        self.phase, self.round = e.phase, e.round

    def _on_TurnStarted(self, e) -> None:
        self.current = e.player

    def _on_DieUsed(self, e) -> None:
        p = self.players[e.player]
        if e.die < 2:
            p.used[e.die] = True
        p.workers = max(0, p.workers - e.workers)

    def take_from_board(self, depot: int, slot: int) -> None:
        row = self.black if depot == 0 else self.depots[depot - 1]
        if 0 <= slot < len(row):
            row[slot] = None

    def store(self, seat: int, j: int, tile: str | None) -> None:
        """Storage space j of seat holds tile (None: empty) now."""
        storage = self.players[seat].storage
        while len(storage) <= j:  # a storage that grows (shield 4)
            storage.append(None)
        storage[j] = tile

    def _on_TileTaken(self, e) -> None:
        self.take_from_board(e.depot, e.slot)
        self.store(e.player, e.storage, e.tile)

    def _on_TilePurchased(self, e) -> None:
        self._on_TileTaken(e)

    def _on_TileDiscarded(self, e) -> None:
        self.store(e.player, e.storage, None)

    def _on_TilePlaced(self, e) -> None:
        p = self.players[e.player]
        if e.storage >= 0:  # -1: straight from a depot (shields 14 and 15)
            p.storage[e.storage] = None
        p.estate[e.space] = e.tile
        face = face_of(e.tile)
        if face is not None and face.knowledge and face.knowledge not in p.knowledge:
            p.knowledge.append(face.knowledge)

    def _on_PointsScored(self, e) -> None:
        self.players[e.player].score += e.points

    def _on_BonusTileTaken(self, e) -> None:
        self.players[e.player].bonus_tiles.append((e.colour, e.rank))
        self.bonus_taken[COLOURS.index(e.colour)] = max(
            self.bonus_taken[COLOURS.index(e.colour)], e.rank)

    def _on_GoodsTaken(self, e) -> None:
        goods = self.depot_goods[e.depot - 1]
        for g in e.goods:
            self.players[e.player].goods[g] += 1
            goods[g] = max(0, goods[g] - 1)

    def _on_GoodsSold(self, e) -> None:
        p = self.players[e.player]
        p.goods[e.goods] = max(0, p.goods[e.goods] - e.count)
        p.sold[e.goods] += e.count

    def _on_SilverTaken(self, e) -> None:
        self.players[e.player].silver += e.amount

    def _on_WorkersTaken(self, e) -> None:
        self.players[e.player].workers += e.amount

    def _on_WorkersPaid(self, e) -> None:
        self.players[e.player].workers = max(0, self.players[e.player].workers - e.amount)

    def _on_SilverPaid(self, e) -> None:
        self.players[e.player].silver = max(0, self.players[e.player].silver - e.amount)

    def _on_TurnOrderMoved(self, e) -> None:
        p = self.players[e.player]
        p.track_pos = e.position
        p.track_stamp = max(q.track_stamp for q in self.players) + 1

    def _on_TurnEnded(self, e) -> None:
        self.current = -1  # nobody is to move until the next turn starts

    def _on_GameEnded(self, e) -> None:
        self.over = True
        self.current = -1
        for seat, score in enumerate(e.scores):
            self.players[seat].score = score

    # Châteauma's steps. Its seat's view was built with a ChateaumaView; the events only
    # copy what they state, and the view is rebuilt from the engine once they have played.

    def _on_ChateaumaJoined(self, e) -> None:
        p = self.players[e.player]
        p.cm = ChateaumaView(e.estate, e.level, e.modifiers, rules=self.rules)
        p.colours = tuple(COLOURS[c] for c in ESTATES[e.estate].colours)
        p.dice_numbers = (0,) * 37

    def _on_ChateaumaSetUp(self, e) -> None:
        p = self.players[e.player]
        if p.cm is None:
            return
        for space, tile in e.prefilled:
            p.estate[space] = tile if tile is not None else FACE_DOWN
            p.cm.stacks[space] = 1

    def _on_ChateaumaCardRevealed(self, e) -> None:
        cm = self.players[e.player].cm
        if cm is not None:
            cm.cards[e.slot] = e.card
            cm.card_tiles[e.slot] = [None] * len(CARDS[e.card].colours)
            cm.deck = max(0, cm.deck - 1)

    def _on_ChateaumaDieRolled(self, e) -> None:
        cm = self.players[e.player].cm
        if cm is not None:
            cm.die = e.die

    def _on_ChateaumaTilePlaced(self, e) -> None:
        if e.depot:
            self.take_from_board(e.depot, e.depot_slot)
        cm = self.players[e.player].cm
        slot = cm.slot_of(e.card) if cm is not None else None
        if slot is None:
            return
        tiles = cm.card_tiles[slot]
        if e.space < len(tiles):
            tiles[e.space] = FACE_DOWN if e.face_down else e.tile
        stack = cm.reserve[JOKERS if e.reason == "joker" else colour_of(e.tile)]
        if e.reason == "joker" and stack:
            stack.pop()
        elif e.reason in ("reserve", "city_hall") and e.tile in stack:
            del stack[len(stack) - 1 - stack[::-1].index(e.tile)]  # the topmost of its kind

    def _on_ChateaumaReserveTile(self, e) -> None:
        self.take_from_board(e.depot, e.depot_slot)
        cm = self.players[e.player].cm
        if cm is not None:
            if e.face_down:
                cm.reserve[JOKERS].append(FACE_DOWN)
            else:
                cm.reserve[colour_of(e.tile)].append(e.tile)

    def _on_ChateaumaTileMoved(self, e) -> None:
        p = self.players[e.player]
        p.estate[e.estate_space] = e.tile
        cm = p.cm
        if cm is None:
            return
        cm.stacks[e.estate_space] += 1
        slot = cm.slot_of(e.card)
        if slot is not None and e.card_space < len(cm.card_tiles[slot]):
            cm.card_tiles[slot][e.card_space] = None
            if not any(cm.card_tiles[slot]):  # its last tile moved: the card is discarded
                cm.cards[slot], cm.card_tiles[slot] = 0, []

    def _on_ChateaumaCardShifted(self, e) -> None:
        cm = self.players[e.player].cm
        if cm is not None:
            cm.cards = [e.card, 0]
            cm.card_tiles = [cm.card_tiles[1], []]
