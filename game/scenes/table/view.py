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
from ...rules import TEAM_OWN_STORAGE, chateauma_kind_of as kind_of, get_board, storage_spaces
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


def _castle_pool(state: Any) -> int | None:
    """The castles in castle connection's pool (the rules keep their number under the
    module's id). A game whose rules keep no pool shows none, and says so once."""
    if "castle_connection" in state.ext:
        return state.ext["castle_connection"]
    if not _warned:
        _warned.append(True)
        warnings.warn("castle_connection is in play but the rules keep no castle pool "
                      "(state.ext['castle_connection']); the table shows none",
                      RuntimeWarning, stacklevel=3)
    return None


_warned: list[bool] = []


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
    reserve: list[list[str]] = field(default_factory=lambda: [[] for _ in range(JOKERS + 1)])
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
    partner: int | None = None               # the team game: the partner's seat
    team_letter: str = ""                    # the team game: "A" (the start player's), "B"
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


@dataclass
class VineyardView:
    """The vineyards module: its depot and display (double tile numbers, -1 empty), the
    wine bonus tiles left in the pile, and per seat the vineyard's placed tiles (space,
    tile, flip), the stored double tiles and the wine bonus tiles held."""
    depot: list[int]
    display: list[int]
    pile: list[int]
    placed: list[list[tuple[int, int, int]]]
    stored: list[list[int]]
    wine: list[list[int]]
    boards: list[int]
    stack: int = 0          # Châteauma's double tiles


def _vineyard(state: Any) -> VineyardView:
    v = state.ext["vineyards"]
    depot, display = list(v.depot), list(v.display)
    for frame in state.frames:
        if frame.kind == "vineyard_room":
            # A double tile taken while its taker makes room stays in its space until
            # the room is made (as a hex tile on full storage).
            tile, source, space, _ = frame.arg
            (display if source == "display" else depot)[space] = tile
    return VineyardView(depot, display, list(v.pile), [list(s.placed) for s in v.seats],
                        [list(s.stored) for s in v.seats], [list(s.wine) for s in v.seats],
                        [s.board for s in v.seats], len(v.stack))


class UnknownEvent(RuntimeWarning):
    """An event neither the view nor a module in play takes in or lists as quiet."""


# Events that change nothing the view holds: worded in the log, animated or scored
# elsewhere (the points come with PointsScored).
QUIET = frozenset({
    "AreaCompleted", "BoardsDrawn", "EffectDeclined", "EffectLapsed", "PhaseEnded",
    "ChateaumaCardCompleted", "ChateaumaExtraTurn", "ChateaumaSaleTriggered",
    "CraneCopied", "CraneCounted", "GeeseScored", "ExtraActionTaken",
    "SoloGameEnded", "TeamScored", "VineyardBonus", "VineyardScored",
    "WineBonusDealt"})


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
    # Castles in the castle pool (castle_connection), or None when the module is not played.
    castle_pool: int | None = None
    # Inns on the inn stack beside the black depot (inns), or None when not played.
    inn_stack: int | None = None

    # The vineyards module, or None when it is not played.
    vineyard: VineyardView | None = None
    # The modules in play that have a table module (seam.TABLE_MODULES): their parts of
    # the view by id, in the registry's order.
    parts: dict[str, Any] = field(default_factory=dict)
    # The team game: partners (seats 0 and 2, 1 and 3) share the duchy, two storage
    # spaces, goods, silver and workers, so an event of one shows in both.
    team: bool = False
    # The solo game: (the target marker, the score at the counter's last reset), or None
    # when it is not played.
    solo: tuple[int, int] | None = None

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
        waiting_in_pool = waiting_on_stack = 0
        for frame in state.frames:
            if frame.kind == "discard":
                # A tile taken onto full storage stays in its depot space until the player
                # says which stored tile it replaces; a castle retrieved from the pool
                # (depot -1) stays in the pool, a bought inn on the inn stack.
                kind, depot, slot, _ = frame.arg
                if depot < 0 and tile_name(kind) == "inn":
                    waiting_on_stack += 1
                elif depot < 0:
                    waiting_in_pool += 1
                else:
                    (view.black if depot == 0 else view.depots[depot - 1])[slot] = \
                        tile_name(kind)
        view.round_goods = list(state.round_goods)
        view.white = state.white
        view.bonus_taken = list(state.bonus_taken)
        view.current = state.current_player
        view.over = state.is_terminal()
        if state.config.has_module("castle_connection"):
            pool = _castle_pool(state)
            view.castle_pool = None if pool is None else pool + waiting_in_pool
        if state.config.has_module("inns") and "inns" in state.ext:
            view.inn_stack = state.ext["inns"].stack + waiting_on_stack

        if "vineyards" in state.ext:
            view.vineyard = _vineyard(state)
        view.team = state.config.has_module("team")
        if view.team:
            for pv in view.players:
                pv.partner = (pv.seat + 2) % 4
                if state.players:
                    pv.team_letter = "A" if pv.seat % 2 == state.start_player % 2 else "B"
        solo = state.ext.get("solo")
        if solo is not None:
            view.solo = (solo.target, solo.base)
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
        if handler is not None:
            handler(event)
        elif name not in QUIET:
            for m, part in parts_of(self):
                if name in m.events:
                    m.events[name](self, part, event)
                    break
                if name in m.quiet:
                    break
            else:
                # The picture is rebuilt from the state once the animations have played,
                # so the game goes on; the tests turn this warning into a failure.
                warnings.warn(f"the table takes in no {name} event", UnknownEvent,
                              stacklevel=2)
        self.board_version += 1
        player = getattr(event, "player", None)
        if self.team and isinstance(player, int) and 0 <= player < len(self.players):
            self._share(player)
        if isinstance(player, int) and 0 <= player < len(self.players):
            self.players[player].version += 1
        else:
            for pv in self.players:
                pv.version += 1

    def _share(self, seat: int) -> None:
        """The partner's view of the team's shared holdings made alike seat's."""
        a = self.players[seat]
        if len(self.players) != 4:
            return
        b = self.players[(seat + 2) % 4]
        if a.board != b.board:
            b.set_board(a.board)
        b.estate = list(a.estate)
        b.goods = list(a.goods)
        b.silver, b.workers = a.silver, a.workers
        b.knowledge = list(a.knowledge)
        while len(b.storage) < len(a.storage):
            b.storage.append(None)
        b.storage[TEAM_OWN_STORAGE:] = a.storage[TEAM_OWN_STORAGE:]
        b.version += 1

    def _on_StoredShared(self, e) -> None:
        storage = self.players[e.player].storage
        storage[e.storage], storage[e.own] = storage[e.own], None

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

    def _stored(self, seat: int, j: int, tile: str | None) -> None:
        storage = self.players[seat].storage
        while len(storage) <= j:  # a storage that grows (shield 4)
            storage.append(None)
        storage[j] = tile

    def _on_TileTaken(self, e) -> None:
        self.take_from_board(e.depot, e.slot)
        self._stored(e.player, e.storage, e.tile)

    def _on_TilePurchased(self, e) -> None:
        self._on_TileTaken(e)

    def _on_TileDiscarded(self, e) -> None:
        self._stored(e.player, e.storage, None)

    # --- the solo game ---

    def _on_DepotTileRemoved(self, e) -> None:
        self.take_from_board(e.depot, e.slot)

    def _on_GoodsRemoved(self, e) -> None:
        for depot, _ in e.goods:
            self.depot_goods[depot - 1] = [0] * 7

    def _on_BlackTileTraded(self, e) -> None:
        self.take_from_board(0, e.slot)
        for t in e.goods:
            self.players[e.player].goods[t] -= 1

    def _on_BlackTileStored(self, e) -> None:
        self._stored(e.player, e.storage, "black_tile")

    def _on_RewardPlaced(self, e) -> None:
        self.take_from_board(0, e.slot)

    def _on_PointsBought(self, e) -> None:
        self.players[e.player].silver -= e.points

    def _on_TargetReached(self, e) -> None:
        self.solo = (e.target, self.players[e.player].score)

    def _on_TilePlaced(self, e) -> None:
        p = self.players[e.player]
        if e.storage >= 0:  # -1: straight from a depot (shields 14 and 15)
            p.storage[e.storage] = None
        p.estate[e.space] = e.tile
        face = face_of(e.tile)
        if face is not None and face.knowledge and face.knowledge not in p.knowledge:
            p.knowledge.append(face.knowledge)

    def _on_CastlesPooled(self, e) -> None:
        self.castle_pool = (self.castle_pool or 0) + e.count

    def _on_CastleRetrieved(self, e) -> None:
        self.castle_pool = max(0, (self.castle_pool or 0) - 1)
        storage = self.players[e.player].storage
        if 0 <= e.storage < len(storage):
            storage[e.storage] = "castle"

    def _on_InnPutOut(self, e) -> None:
        self.inn_stack = e.stack

    def _on_InnBought(self, e) -> None:
        self.inn_stack = max(0, (self.inn_stack or 0) - 1)
        storage = self.players[e.player].storage
        if 0 <= e.storage < len(storage):
            storage[e.storage] = "inn"

    def _on_InnPlacedDirectly(self, e) -> None:
        self.inn_stack = max(0, (self.inn_stack or 0) - 1)

    def _on_WorkersBought(self, e) -> None:
        p = self.players[e.player]
        p.silver = max(0, p.silver - e.silver)
        p.workers += e.workers

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

    def _on_MarkerOnTop(self, e) -> None:
        p = self.players[e.player]
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

    # --- the vineyards module --------------------------------------------------------------

    def _on_VineyardFilled(self, e) -> None:
        if self.vineyard is not None:
            self.vineyard.depot, self.vineyard.display = list(e.depot), list(e.display)

    def _on_VineyardCleared(self, e) -> None:
        if self.vineyard is not None:
            v = self.vineyard
            v.depot, v.display = [-1] * len(v.depot), [-1] * len(v.display)

    def _on_DoubleTileTaken(self, e) -> None:
        v = self.vineyard
        if v is not None:
            row = v.display if e.source == "display" else v.depot
            if 0 <= e.space < len(row):
                row[e.space] = -1
            stored = v.stored[e.player]
            before = sum(1 for k in self.players[e.player].storage[:e.storage[0]]
                         if k == "double_tile") // 2
            stored.insert(before, e.tile)
        for j in e.storage:
            self._stored(e.player, j, "double_tile")

    def _on_DoubleTileRemoved(self, e) -> None:
        if self.vineyard is not None and e.tile in self.vineyard.stored[e.player]:
            self.vineyard.stored[e.player].remove(e.tile)
        for j in e.storage:
            self._stored(e.player, j, None)

    def _on_DoubleTilePlaced(self, e) -> None:
        self._on_DoubleTileRemoved(e)
        if self.vineyard is not None:
            self.vineyard.placed[e.player].append((e.space, e.tile, e.flip))

    def _on_VineyardDeckDealt(self, e) -> None:
        cm = self.players[e.player].cm
        if cm is not None:
            cm.deck = e.cards

    def _on_DoubleTileStacked(self, e) -> None:
        if self.vineyard is not None:
            row = self.vineyard.display if e.source == "display" else self.vineyard.depot
            row[e.space] = -1
            self.vineyard.stack += 1

    def _on_WineBonusTaken(self, e) -> None:
        if self.vineyard is not None:
            x = rt.vineyards.VARIETIES.index(e.variety)
            self.vineyard.pile[x] = max(0, self.vineyard.pile[x] - 1)
            self.vineyard.wine[e.player].append(x)
