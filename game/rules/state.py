"""The position of a game as plain data, cheap to copy: the bottom of the rules.

A position is either at a chance step (dice, depot refills, goods reveals: the driver
supplies the outcome), waiting for one player's decision, or over. Decisions are frames
on a stack (the turn at the bottom, an effect's sub-choice on top), so every decision is
small and its legal actions can be listed.

This module imports no mechanic: the rules that act on a position (engine.py, chance.py)
build on it, and game.py puts them together as `GameState`, the public API.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Self

from .boards import SPACES, Board
from .config import GameConfig, RuleSet, START
from .extension import Hooks, hooks_for
from .tiles import (ANY_COLOUR, BLACK_TILES, BUILDINGS, COLOURED_TILES, GOODS_PER_TYPE,
                    GOODS_TYPES, KIND_BUILDING, KIND_COLOUR, KIND_KNOWLEDGE)

Action = tuple


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why."""


class StateError(ValueError):
    """A saved game state that is not valid JSON, not a game state, or one no game can
    reach; the message names the first problem."""


class PlayerState:
    __slots__ = ("board", "estate", "occupied", "frontier", "placements", "colour_count",
                 "built_areas", "storage", "goods", "sold", "silver",
                 "workers", "dice", "used", "knowledge", "score", "breakdown", "bonus_tiles",
                 "track_pos", "track_stamp", "live_knowledge", "place_rule", "anywhere",
                 "placeable")

    def __init__(self, board: Board | None = None) -> None:
        # None until the setup deals the seat a duchy, and for Châteauma's seat (its estate
        # is its own): the type says Board, since the rules read it only once it is dealt,
        # and the code that may meet a seat without one checks for None.
        self.board: Board = board  # type: ignore[assignment]
        self.estate: list[int] = [-1] * SPACES
        self.occupied = 0
        self.frontier = 0                 # empty spaces next to a placed tile
        self.placements: list[tuple[int, int, int]] = []  # (space, kind, phase); -1 = start
        # Tiles placed per tile colour (the last entry: tiles of any colour, such as inns;
        # colour_count[MINE] is the mines), not the spaces filled per colour.
        self.colour_count = [0] * (ANY_COLOUR + 1)
        # Per building type: the spaces of the areas (cities) that hold one, so that where
        # another of the type may not go is one mask, found without a walk of the cities.
        self.built_areas = [0] * len(BUILDINGS)
        self.storage = [-1] * START["storage_spaces"]
        self.goods = [0] * (GOODS_TYPES + 1)   # index = goods type 1-6
        self.sold = [0] * (GOODS_TYPES + 1)
        self.silver = START["silver"]
        self.workers = 0
        self.dice = [0, 0]
        self.used = [True, True]
        self.knowledge = 0                # bit n set = monastery n placed
        self.score = 0
        self.breakdown: dict[str, int] = {}
        self.bonus_tiles: list[tuple[int, int]] = []  # (colour, rank 1|2)
        self.track_pos = 0
        self.track_stamp = 0              # higher = further up in a stack
        self.live_knowledge = 0           # yucata: end-game monastery points credited so far
        self.place_rule: Any = None       # a module's filter on placements (extension.py)
        self.anywhere = False             # a module lifts the adjacency rule (shield 18)
        # engine._placeable's last answer with what it was made from: an estate only
        # grows, so the same occupied spaces (with the same storage, monasteries and board)
        # mean the same estate, in this record and in its copies.
        self.placeable: tuple | None = None

    def copy(self) -> "PlayerState":
        c = PlayerState.__new__(PlayerState)
        c.board = self.board
        c.estate = self.estate[:]
        c.occupied = self.occupied
        c.frontier = self.frontier
        c.placements = self.placements[:]
        c.colour_count = self.colour_count[:]
        c.built_areas = self.built_areas[:]
        c.storage = self.storage[:]
        c.goods = self.goods[:]
        c.sold = self.sold[:]
        c.silver = self.silver
        c.workers = self.workers
        c.dice = self.dice[:]
        c.used = self.used[:]
        c.knowledge = self.knowledge
        c.score = self.score
        c.breakdown = dict(self.breakdown)
        c.bonus_tiles = self.bonus_tiles[:]
        c.track_pos = self.track_pos
        c.track_stamp = self.track_stamp
        c.live_knowledge = self.live_knowledge
        c.place_rule = self.place_rule
        c.anywhere = self.anywhere
        c.placeable = self.placeable
        return c

    def set_board(self, board: Board) -> None:
        self.board = board
        self.built_areas = [0] * len(BUILDINGS)
        if len(self.estate) != board.spaces:  # a module's board of another size
            self.estate = [-1] * board.spaces

    def lay_tile(self, space: int, k: int, phase: int) -> None:
        """Record a tile lying on an estate space with everything derived from it (no
        effect, no points): for restoring a saved estate and building test positions."""
        self.estate[space] = k
        self.occupied |= 1 << space
        self.placements.append((space, k, phase))
        self.colour_count[KIND_COLOUR[k]] += 1
        b = KIND_BUILDING[k]
        if b >= 0:
            self.built_areas[b] |= self.board.area_mask[self.board.area_of[space]]
        if KIND_KNOWLEDGE[k]:
            self.knowledge |= 1 << KIND_KNOWLEDGE[k]

    def has(self, monastery: int) -> bool:
        return bool(self.knowledge >> monastery & 1)

    @property
    def goods_types_held(self) -> int:
        return sum(1 for c in self.goods if c)

    @property
    def empty_spaces(self) -> int:
        spaces = self.board.spaces if self.board is not None else SPACES
        return spaces - bin(self.occupied).count("1")


class Frame(NamedTuple):
    """A pending decision: what is being decided, by whom, and its context."""
    kind: str
    player: int
    arg: Any = None


class Position:
    """Everything on the table, in the bags and on the decision stack; what the rules
    do with it lives above (game.GameState adds legal actions, apply and chance)."""

    __slots__ = ("config", "rs", "n", "phase", "round", "players", "depot_colours", "depots",
                 "depot_goods", "black", "round_goods", "white", "bags", "black_bag",
                 "goods_pool", "box", "bonus_taken", "frames", "order", "turn_index",
                 "bought", "chance", "start_player", "drawn_boards", "stamp", "terminal",
                 "chateauma", "hooks", "ext", "steps", "_legal", "_sampled")

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.rs: RuleSet = config.rule_set
        self.n = config.players
        self.phase = 0
        self.round = 0
        self.players: list[PlayerState] = []
        self.depot_colours: list[list[int]] = []
        self.depots: list[list[int]] = [[] for _ in range(6)]
        self.depot_goods = [[0] * (GOODS_TYPES + 1) for _ in range(6)]
        self.black: list[int] = []
        self.round_goods: list[int] = []
        self.white = 0
        bags: list[list[int]] = [[] for _ in range(6)]
        for k in COLOURED_TILES:
            bags[KIND_COLOUR[k]].append(k)
        self.bags = bags
        self.black_bag = list(BLACK_TILES)
        self.goods_pool = [0] + [GOODS_PER_TYPE] * GOODS_TYPES
        self.box: list[int] = []
        self.bonus_taken = [0] * 6
        self.frames: list[Frame] = []
        self.order: list[int] = []
        self.turn_index = 0
        self.bought = False
        self.chance: str | None = "start_player"
        self.start_player = 0
        self.drawn_boards: list[Any] = []
        self.stamp = 0
        self.terminal = False
        # The material of the seat controller in play (Châteauma's, from the start player
        # on); the core only copies it.
        self.chateauma: Any = None
        self.hooks: Hooks = hooks_for(config)
        self.ext: dict[str, Any] = {m.id: m.new_ext() for m in self.hooks.with_ext}
        self.steps: tuple[str, ...] = ()  # the phase or game end's steps still to run
        self._legal: list[Action] | None = None
        # The chance outcome the rules last drew for this position (chance.sample_chance):
        # applied as it is, it needs no check against the supplies it was drawn from.
        self._sampled: Any = None
        for m in self.hooks.modules:
            m.setup(self)

    def is_terminal(self) -> bool:
        return self.terminal

    def is_chance(self) -> bool:
        return self.chance is not None

    @property
    def current_player(self) -> int:
        """The seat whose decision it is, or -1 at a chance step or the end."""
        return self.frames[-1].player if self.frames and self.chance is None else -1

    @property
    def decision(self) -> str | None:
        """What the current decision is about ('turn', 'discard', 'ship', ...)."""
        return self.frames[-1].kind if self.frames and self.chance is None else None

    @property
    def in_module_setup(self) -> bool:
        """Whether the pending decision is a module's setup decision (the arranged trade
        routes), taken before the first phase begins."""
        return bool(self.frames) and self.frames[-1].kind in self.hooks.setup_frames

    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    def score_breakdown(self, seat: int) -> dict[str, int]:
        return dict(self.players[seat].breakdown)

    def ranking(self) -> list[int]:
        """Seats from winner to last: points, then a seat controller that wins every tie
        (Châteauma does), then most empty estate spaces, then later in turn order
        (docs/rulings.md R2); then any module's own winner rule reorders them."""
        position = {seat: i for i, seat in enumerate(self.track_order())}
        tie_winners = self.hooks.tie_winners
        players = self.players
        order = sorted(range(self.n), key=lambda s: (
            -players[s].score, s not in tie_winners,
            -players[s].empty_spaces,
            -position[s]))
        for rank in self.hooks.ranking:  # a module's own winner rule (a team, a target)
            order = rank(self, order)
        return order

    def track_order(self) -> list[int]:
        """Seats in turn-order-track order: further along first, then top of a stack."""
        # Sorted as (key, seat) pairs, not by a key function (a Python call from C per
        # seat): a tie falls to the lower seat, as the stable sort by the key leaves it.
        return [seat for _, seat in sorted([((-p.track_pos, -p.track_stamp), seat)
                                            for seat, p in enumerate(self.players)])]

    def clone(self) -> Self:
        cls = self.__class__
        c = cls.__new__(cls)
        c.config = self.config
        c.rs = self.rs
        c.n = self.n
        c.phase = self.phase
        c.round = self.round
        # map over the copy methods: no comprehension frame per list (an AI's search
        # clones at every node)
        c.players = list(map(PlayerState.copy, self.players))
        c.depot_colours = self.depot_colours
        c.depots = list(map(list.copy, self.depots))
        c.depot_goods = list(map(list.copy, self.depot_goods))
        c.black = self.black[:]
        c.round_goods = self.round_goods[:]
        c.white = self.white
        c.bags = list(map(list.copy, self.bags))
        c.black_bag = self.black_bag[:]
        c.goods_pool = self.goods_pool[:]
        c.box = self.box[:]
        c.bonus_taken = self.bonus_taken[:]
        c.frames = self.frames[:]
        c.order = self.order[:]
        c.turn_index = self.turn_index
        c.bought = self.bought
        c.chance = self.chance
        c.start_player = self.start_player
        c.drawn_boards = self.drawn_boards[:]
        c.stamp = self.stamp
        c.terminal = self.terminal
        c.chateauma = self.chateauma.copy() if self.chateauma else None
        c.hooks = self.hooks
        c.ext = {m.id: m.copy_ext(self.ext[m.id]) for m in self.hooks.with_ext} \
            if self.ext else self.ext
        c.steps = self.steps
        c._legal = None
        c._sampled = None
        return c
