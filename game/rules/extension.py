"""The points where modules plug into the rules.

The core (engine.py, chance.py, state.py) calls these points without knowing any module:
a module (game/rules/modules/<id>.py) is a `Module` subclass that overrides the hooks it
needs and registers its effects, decisions, actions, steps and events in the tables
below. `hooks_for(config)` gathers, once per configuration, the modules in play and
which of them take part in each point, so a game without modules pays nothing but an
empty-tuple check at each point.

The phase end and the game end are lists of named steps (docs/rules-decisions.md,
"The phase end and the game end"): a module adds its steps to a slot of these lists, and a step
may ask a player to decide; the sequence then waits and goes on once the decision is
answered (engine.run_steps).

A seat no one decides for is played by a seat controller (`SeatController`, Châteauma in
chateauma.py): the core hands it the seat's turns, draws the start player and the first
round's order as it says, runs its chance steps from CHANCE_SAMPLE and CHANCE_APPLY, and
its phase-end and game-end steps sit in the slots like a module's.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, Callable, NamedTuple

from .config import GameConfig, split_module

# The position, a player's record and a pending decision (state.Position,
# state.PlayerState, state.Frame) sit above this module, which cannot import them without
# an import cycle: the hooks' annotations name them, for the reader, as these aliases.
Position = Any
PlayerState = Any
Frame = Any

# What a tile kind does when a player places it, by TileKind.effect:
# fn(state, seat, kind, space, events). The engine fills in the base game's.
EFFECTS: dict[str, Callable] = {}
# Legal actions of a decision, by Frame.kind: fn(state, frame) -> list of actions.
LEGAL: dict[str, Callable] = {}
# What an action does, by its name (action[0]): fn(state, frame, action, events).
APPLY: dict[str, Callable] = {}


class ActionKind(NamedTuple):
    """A kind of action: its fields after the name, the decisions (frame kinds) whose legal
    actions may hold it, and its text form (actions.register_action adds one)."""
    name: str
    fields: tuple[str, ...]
    decisions: tuple[str, ...]
    text: Callable[[tuple], str]
    parse: Callable[[list[str]], tuple]
    module: str | None = None     # the module that adds it; None for the base game


# Every kind of action by name: the base game's (actions.py) and the modules'.
ACTION_KINDS: dict[str, ActionKind] = {}
# Steps of the phase end and the game end, by id: fn(state, events).
STEPS: dict[str, Callable] = {}
# Chance steps by name (state.chance): how an outcome is drawn, fn(state, rng) -> outcome
# (the base game's are drawn in chance.sample_chance), and what it does once checked,
# fn(state, outcome, events) (the base game's are registered by chance.py); a step whose
# outcome is not plain JSON gives (fn(outcome) -> data, fn(data) -> outcome).
CHANCE_SAMPLE: dict[str, Callable] = {}
CHANCE_APPLY: dict[str, Callable] = {}
CHANCE_JSON: dict[str, tuple[Callable, Callable]] = {}
# The event of a tile that a module's action puts into storage, by the tag the module
# passes to engine.store_tile as `paid`: fn(seat, kind, storage) -> event (it follows the
# discard decision when the storage is full).
STORED: dict[str, Callable] = {}
# What placing a building type a module adds does, for an effect that copies a building's
# (the crane): by building type, (the module's id, fn(state, seat, events)). The copy may
# choose it only while that module is in play.
BUILDING_EFFECTS: dict[int, tuple[str, Callable]] = {}
# Châteauma's bonus when it places a tile face up, by TileKind.chateauma.
CHATEAUMA_BONUS: dict[str, Callable] = {}
# Module classes by id (filled when game/rules/modules is imported).
MODULE_TYPES: dict[str, type["Module"]] = {}
# Seat controller classes by id (filled when game/rules/chateauma.py is imported).
CONTROLLER_TYPES: dict[str, type["SeatController"]] = {}



@dataclass(frozen=True)
class BoardDeal:
    """How the duchies are dealt at setup (chance.py follows it in every board mode).

    pool: the duchies a player's board comes from.
    own_sets: every player draws from a full set of their own (a module whose box holds one
    set of boards per player), so two players may hold the same number; otherwise the
    players draw from one shared set and every drawn board differs.
    """

    pool: tuple[str, ...]
    own_sets: bool = False


# The slots of the two sequences, in order; the base game's steps are in them too.
PHASE_END_SLOTS = ("after_turns", "tribute", "mines", "next_phase")
GAME_END_SLOTS = ("final_scoring", "end_monasteries", "end_points", "automa_end", "game_over")


class Module:
    """A module in play. Subclasses set `id` and override the hooks they use; a hook left
    as in this class takes no part (hooks_for leaves it out)."""

    id = ""
    # Decisions it adds: those that stack on a player's turn (an effect's sub-choice) and
    # those asked during the phase or game end's steps.
    effect_frames: tuple[str, ...] = ()
    step_frames: tuple[str, ...] = ()
    # Decisions it asks during the setup, once its setup chance step is applied and before
    # the first phase (no turn under them); its actions move the setup on with
    # Hooks.after_setup once the last is answered (the arranged trade routes).
    setup_frames: tuple[str, ...] = ()
    # The chance step it needs once the start goods are dealt, before the first phase
    # (registered in CHANCE_SAMPLE / CHANCE_APPLY; its apply moves on with
    # Hooks.after_setup): its components dealt at random (the shields).
    setup_chance: str | None = None
    # Its other chance steps (registered in CHANCE_SAMPLE / CHANCE_APPLY), which one of
    # its hooks makes pending and whose apply moves on: a phase's own draw made once the
    # depots are filled (the vineyard depot's double tiles, from phase_setup).
    chance_steps: tuple[str, ...] = ()
    # Steps a module adds: slot name -> step ids (registered in STEPS).
    phase_end_steps: dict[str, tuple[str, ...]] = {}
    game_end_steps: dict[str, tuple[str, ...]] = {}
    # A player's storage spaces, where the module gives another number (the team game:
    # two own and two shared); None for the base game's.
    storage_spaces: int | None = None

    def __init__(self, config: GameConfig, form: str, param: str | None) -> None:
        self.config = config
        self.form = form      # 'se', 'a19' or 'x11': the rule set's form of the module
        self.param = param

    # --- setup ---
    def setup(self, state: Position) -> None:
        """A new game: add the module's tiles to the supplies, set up its own state."""

    def new_ext(self) -> Any:
        """The module's own part of the position (state.ext[id]), or None for none."""
        return None

    def copy_ext(self, value: Any) -> Any:
        return value

    def ext_to_json(self, value: Any) -> Any:
        return value

    def ext_from_json(self, data: Any) -> Any:
        return data

    def holders(self) -> tuple[int, ...] | None:
        """The seats that are dealt a duchy, a start castle and start goods of their own
        (the team game: one seat per team, whose partner shares them); None for every
        seat a player decides for."""
        return None

    def seats_dealt(self, state: Position, events: list | None) -> None:
        """The start player is drawn and the seats hold their start workers and silver
        (before the boards): change what the module deals otherwise."""

    def board_deal(self) -> BoardDeal | None:
        """The duchies the board modes deal while the module is in play, or None to leave
        the rule set's (or the catalogue's board pool, config.offered_boards) as it is."""
        return None

    def place_rule(self) -> Callable | None:
        """A filter on where tiles may go, kept on each player: fn(p, kind, mask) -> the
        mask of spaces that stay allowed (only p's own estate may decide). None for no
        filter."""
        return None

    def place_refusal(self, p: PlayerState, kind: int, space: int) -> str | None:
        """Why the module's placement filter keeps `kind` off `space` (an empty space of
        its colour next to p's tiles), in words for an IllegalAction; None if it does not."""
        return None

    def black_depot_tiles(self, state: Position) -> tuple[int, ...]:
        """The module's tiles that take black-depot spaces at the pending phase setup, in
        place of as many drawn black tiles (the depot still holds its number). Asked while
        the 'phase' chance step is drawn and checked, so it only reads the position; the
        module takes them out of its own supply in phase_setup."""
        return ()

    def phase_setup(self, state: Position, events: list | None) -> None:
        """A phase's setup is done (the depots are filled, black_depot_tiles laid in the
        black depot's first spaces), before its first roll: put out the phase's own
        material (an inn beside the black depot)."""

    # --- decisions ---
    def decision_actions(self, state: Position, frame: Frame, out: list) -> None:
        """Add legal actions to any decision (the module checks frame.kind)."""

    def explain(self, state: Position, action: tuple) -> str | None:
        """Why the module's own action is not allowed now, in words; None for an action
        the module does not own (explain.py asks every module in play)."""
        return None

    def frame_arg_to_json(self, frame: Frame) -> Any:
        return frame.arg

    def frame_arg_from_json(self, kind: str, arg: Any) -> Any:
        return arg

    # --- during play ---
    def tile_placed(self, state: Position, seat: int, kind: int, space: int,
                    events: list | None) -> None:
        """After any tile's placement effect on a player's estate."""

    def settled(self, state: Position, seat: int) -> None:
        """An action of seat's (or a chance outcome: seat -1) has been applied and the game
        has run on to its next decision or chance step: records that hold one thing twice
        (a team's shared holdings in both partners' records) are made alike again. Not
        called after a turn's end, which changes none of the seat's holdings: what the
        steps of a phase end that it starts change, a module makes alike in a step of its
        own (the team's share after the mines)."""

    def tile_stored(self, state: Position, seat: int, storage: int,
                    events: list | None) -> None:
        """A tile from the central board went onto seat's empty storage space `storage`."""

    def marker_moved(self, state: Position, seat: int, events: list | None) -> None:
        """After a seat's turn-order marker moved up the track (onto the top of any
        stack there, engine.advance_marker)."""

    def depots_cleared(self, state: Position, cleared: list[int],
                       events: list | None) -> None:
        """Before cleared depot tiles leave the game: take out the ones the module keeps."""

    def area_size(self, state: Position, seat: int, area: int, size: int,
                  estate: list[int]) -> int:
        """The size an area completed on seat's estate scores as (AP(size)), given the
        size so far; `estate` is the estate when the area was completed (the live one
        during play, the one rebuilt from the placements in scoring.player_breakdown).
        Modules chain: each gets the size the previous one gave (inns, shield 17)."""
        return size

    def bonus_value(self, state: Position, seat: int, value: int) -> int:
        """The points a bonus tile worth `value` scores for seat when it is taken (a
        colour bonus tile, or a module's own bonus tile through engine.bonus_points);
        chained like area_size. Only the live award asks: a module that changes it
        adds the difference in recompute."""
        return value

    def pasture_spaces(self, state: Position, seat: int, area_mask: int) -> int:
        """The spaces that count as the same pasture as the pasture area `area_mask` on
        seat's estate, for effects that look at "the same pasture" (the geese); chained
        like area_size. Asked live only: a module that widens it records what it scored."""
        return area_mask

    def bonus_tiles(self, state: Position, seat: int) -> int:
        """How many bonus tiles of the module's own seat holds (the border posts'):
        monastery 26 counts them with the colour bonus tiles."""
        return 0

    def turn_started(self, state: Position, seat: int, events: list | None) -> None:
        """A player's turn begins (their turn decision is on the stack)."""

    def workers_gained(self, state: Position, seat: int, amount: int,
                       events: list | None) -> None:
        """After seat gained workers, by whatever means (engine.gain_workers, through which
        every gain passes)."""

    def storage_room(self, state: Position, seat: int) -> bool:
        """Whether seat's storage grows by a space when a tile arrives and every space is
        taken (instead of the discard decision); at most engine.MOST_STORAGE spaces."""
        return False

    def mine_income(self, state: Position, seat: int, mines: int, silver: int,
                    workers: int) -> tuple[int, int]:
        """The silver and workers seat's `mines` pay at the phase end, given what the
        base game (and the modules before) pay; chained."""
        return silver, workers

    def sale(self, state: Position, seat: int, count: int, silver: int, workers: int,
             points: int) -> tuple[int, int, int]:
        """The silver, workers and points a sale of `count` goods tiles of one type gives
        seat, given what the base game (and the modules before) give; chained. Only the
        live sale asks: a module that changes the points adds the difference in
        recompute."""
        return silver, workers, points

    def card_completed(self, state: Position, seat: int, card: int,
                       events: list | None) -> None:
        """A seat controller's area card `card` was completed (Châteauma's card
        symbols)."""

    def goods_sold(self, state: Position, seat: int, goods: int, count: int,
                   events: list | None) -> None:
        """After a sale of `count` goods tiles of type `goods` was paid (silver, workers,
        points): where the sold tiles go (the trade routes). Every sale passes here, by
        whatever means (die action, warehouse, Châteauma)."""

    def card_space_covered(self, state: Position, seat: int, card: int, space: int,
                           events: list | None) -> None:
        """A seat controller laid a tile on space `space` of its area card `card` (a
        symbol printed on that space: the vineyards' double tile)."""

    def chateauma_purchase(self, state: Position, cost: int, events: list | None) -> bool:
        """Châteauma's purchase at the end of its turn, for `cost` silver: True when the
        module made it (a vineyard display tile instead of a black-depot tile)."""
        return False

    def chateauma_deck(self) -> tuple[int, ...] | None:
        """The area cards Châteauma's deck holds while the module is in play, instead of
        cards 1-9 (the vineyards' 1 and 10-17); None to leave it."""
        return None

    def goods_types(self, state: Position, seat: int, limit: int) -> int:
        """How many goods types seat may hold, given the base game's 3 (and the modules
        before); chained."""
        return limit

    def ship_goods_taken(self, state: Position, seat: int, depots: tuple,
                         events: list | None) -> None:
        """Seat's ship took the goods of `depots` (after a keep decision, if one was
        asked)."""

    def colour_completed(self, state: Position, seat: int, colour: int,
                         events: list | None) -> bool:
        """Seat filled the last space of `colour` on its estate (the tile's own effect
        follows); False when the module puts something in place of the colour bonus
        tile."""
        return True

    def points_scored(self, state: Position, seat: int, points: int, reason: str,
                      events: list | None) -> None:
        """Seat scored `points` (engine.score, through which every gain passes)."""

    def end_knowledge(self, state: Position, seat: int, points: int) -> int:
        """What seat's end-game monasteries score at the final scoring, given what the
        base game (and the modules before) score; chained."""
        return points

    def ended_early(self, state: Position) -> bool:
        """Whether the module ended the game before phase E's last turn."""
        return False

    def goods_held(self, state: Position) -> list[int]:
        """Goods tiles per type (index 1-6) the module's own state holds, or put out of
        the game (for the conservation check); [] for none."""
        return []

    # --- accounting ---
    def check_state(self, state: Position) -> str | None:
        """What no game can reach in the module's part of the position (its state, its
        decisions' arguments), in words; None when all is well (invariants.check_state
        asks every module in play, so a state read from a file cannot lie)."""
        return None

    def tiles_held(self, state: Position) -> list[int]:
        """Tiles the module's own state holds (for the conservation check)."""
        return []

    def recompute(self, state: Position, seat: int, out: dict[str, int]) -> None:
        """Add the module's points to a breakdown derived from placements alone (for a
        player's seat, or Châteauma's: `seat == state.config.chateauma_seat`)."""

    def end_holdings(self, state: Position, seat: int,
                     p: PlayerState) -> PlayerState | None:
        """The holdings whose leftovers (goods, silver, workers) and end-game monasteries
        score for seat at the game end, given `p` (seat's own record by default); None
        when they score for another seat (the team game scores a team's once)."""
        return p

    def placed_by(self, state: Position, seat: int) -> tuple[int, ...] | None:
        """Per placement on seat's estate, the seat whose points it made, where seats
        share an estate (the team game); None: all of them seat's."""
        return None

    def counted_twice(self, state: Position) -> tuple[list[int], list[int]]:
        """Hex tiles and goods (per type, index 0-6) that lie in two seats' records at
        once because the seats share them (a team's duchy, shared storage and goods): the
        conservation checks count them once."""
        return [], [0] * 7

    def ranking(self, state: Position, order: list[int]) -> list[int]:
        """The seats from winner to last under the module's own winner rule, given the
        base game's order (docs/rulings.md R2)."""
        return order

    def public(self, state: Position) -> tuple:
        """The module's state as every seat sees it (for visibility.public_key)."""
        return ()


class Seating:
    """Who may be drawn as start player and the first round's order: in the base game any
    seat, then clockwise from it. A seat controller may say otherwise."""

    def start_seats(self, config: GameConfig) -> list[int]:
        return list(range(config.players))

    def first_round_order(self, config: GameConfig, start: int) -> list[int]:
        n = config.players
        return [(start + i) % n for i in range(n)]


class SeatController(Seating):
    """An automatic player: a seat whose turns it plays without decisions, through its own
    chance steps (registered in CHANCE_SAMPLE and CHANCE_APPLY) and a fixed procedure, so
    state.current_player is never its seat. Its material is its own business (Châteauma
    keeps it in state.chateauma). Subclasses set `id`, `seat`, the steps they add and
    override the hooks; `joins(config)` says whether and where it plays."""

    id = ""
    seat = -1
    # Steps it adds: slot name -> step ids (registered in STEPS), after the modules' steps.
    phase_end_steps: dict[str, tuple[str, ...]] = {}
    game_end_steps: dict[str, tuple[str, ...]] = {}
    # The chance step it needs once the start goods are dealt, before the first phase.
    setup_chance: str | None = None
    # Whether its seat wins every tie for first place.
    wins_ties = False

    @classmethod
    def joins(cls, config: GameConfig) -> "SeatController | None":
        """The controller for a configuration, or None when it does not play."""
        return None

    def join(self, state: Position, events: list | None) -> None:
        """It takes its seat, once the start player is drawn and the seats are dealt their
        workers (before the boards)."""

    def turn_started(self, state: Position, seat: int, events: list | None) -> None:
        """Its seat's turn begins: it plays it, through chance steps where its dice or
        cards decide, and ends it with engine.end_turn."""

    def recompute(self, state: Position) -> dict[str, int]:
        """Its points by category, derived from its holdings (for the tests)."""
        return {}


# The hooks the core calls at its points, as Hooks holds them: the bound methods of the
# modules in play that override a Module hook of the field's name, in configuration order.
Chain = tuple[Callable, ...]


@dataclass(frozen=True)
class Hooks:
    """The modules and seat controller of one configuration, gathered for the core's points.

    Every field typed `Chain` is a Module hook of the same name, filled by hooks_for from
    the modules that override it; the list of those fields is the list of called hooks
    (CALLED_HOOKS), so a hook cannot be declared and never gathered."""

    # --- the called hooks (Chain fields, in the order of Module's sections) ---
    seats_dealt: Chain
    black_depot_tiles: Chain
    phase_setup: Chain
    decision_actions: Chain
    explain: Chain
    place_refusal: Chain
    tile_placed: Chain
    settled: Chain
    tile_stored: Chain
    marker_moved: Chain
    depots_cleared: Chain
    area_size: Chain
    bonus_value: Chain
    pasture_spaces: Chain
    bonus_tiles: Chain
    turn_started: Chain
    workers_gained: Chain
    storage_room: Chain
    mine_income: Chain
    sale: Chain
    card_completed: Chain
    goods_sold: Chain
    card_space_covered: Chain
    chateauma_purchase: Chain
    goods_types: Chain
    ship_goods_taken: Chain
    colour_completed: Chain
    points_scored: Chain
    end_knowledge: Chain
    ended_early: Chain
    goods_held: Chain
    counted_twice: Chain
    end_holdings: Chain
    placed_by: Chain
    ranking: Chain

    # --- what hooks_for reads once from the modules and the seat controller ---
    modules: tuple[Module, ...]
    by_id: dict[str, Module]
    with_ext: tuple[Module, ...]          # the modules with a part of the position (new_ext)
    phase_end: tuple[str, ...]
    game_end: tuple[str, ...]
    place_rules: tuple[Callable, ...]
    frame_owner: dict[str, Module]
    effect_frames: frozenset[str]
    step_frames: frozenset[str]
    setup_frames: frozenset[str]
    # Seats an automatic controller plays, and the seating rules (a controller's or the
    # base game's).
    controllers: dict[int, SeatController]
    seating: Seating
    tie_winners: frozenset[int]
    board_deal: BoardDeal
    chateauma_deck: tuple[int, ...] | None
    holders: tuple[int, ...]
    storage_spaces: int | None
    # The setup chance steps after the start goods, modules' first, then the seat
    # controller's; then the first phase.
    setup_chances: tuple[str, ...]

    def after_setup(self, step: str | None) -> str:
        """The chance step after setup step `step` (None: after the start goods)."""
        steps = self.setup_chances
        at = 0 if step is None else steps.index(step) + 1
        return steps[at] if at < len(steps) else "phase"

    def place_rule(self) -> Callable | None:
        """The modules' placement filters as one, for PlayerState.place_rule."""
        rules = self.place_rules
        if not rules:
            return None
        if len(rules) == 1:
            return rules[0]

        def both(p: PlayerState, kind: int, mask: int) -> int:
            for rule in rules:
                mask = rule(p, kind, mask) if mask else 0
            return mask
        return both


# The Module hooks the core calls through Hooks, and those it asks of each module in play
# itself (or hooks_for reads once): together every public method of Module. A module's
# public method of any other name is refused when it registers (a misspelt hook would never
# be called).
CALLED_HOOKS = tuple(f.name for f in fields(Hooks) if f.type in ("Chain", Chain))
ASKED_HOOKS = ("setup", "new_ext", "copy_ext", "ext_to_json", "ext_from_json", "holders",
               "board_deal", "place_rule", "frame_arg_to_json", "frame_arg_from_json",
               "chateauma_deck", "check_state", "tiles_held", "recompute", "public")
HOOK_NAMES = frozenset(CALLED_HOOKS + ASKED_HOOKS)
# A seat controller's hooks (the core asks them of the controller in play).
CONTROLLER_HOOKS = frozenset({"joins", "join", "turn_started", "recompute", "start_seats",
                              "first_round_order"})


def _overrides(module: Module, name: str) -> bool:
    return getattr(type(module), name) is not getattr(Module, name)


def _sequence(modules: tuple[Module | SeatController, ...], slots: tuple[str, ...],
              base: dict[str, tuple[str, ...]], attr: str) -> tuple[str, ...]:
    out: list[str] = []
    for slot in slots:
        out += base.get(slot, ())
        for m in modules:
            out += getattr(m, attr).get(slot, ())
    return tuple(out)


# The base game's steps in the slots (engine.py registers them in STEPS).
BASE_PHASE_END: dict[str, tuple[str, ...]] = {"mines": ("mines",), "next_phase": ("next_phase",)}
BASE_GAME_END: dict[str, tuple[str, ...]] = {"final_scoring": ("final_scoring",),
                                              "game_over": ("game_over",)}


# A game's configuration is looked up once per new or loaded position. The cache holds the
# configurations of one session's games and their searches (a few each); a bound keeps
# the memory of a long run (a tournament over many configurations, about 4 KiB each)
# from growing (256 of them: about 1 MiB), and a miss costs under 0.1 ms.
@lru_cache(maxsize=256)
def hooks_for(config: GameConfig) -> Hooks:
    modules = []
    for entry in config.modules:
        mid, param = split_module(entry)
        if mid not in MODULE_TYPES:
            raise ValueError(f"module {mid!r} has no rules")
        modules.append(MODULE_TYPES[mid](config, config.module_form(mid), param))
    ms = tuple(modules)
    controllers = tuple(c for t in CONTROLLER_TYPES.values()
                        if (c := t.joins(config)) is not None)
    if len(controllers) > 1:
        raise ValueError("only one seat controller plays in a game")
    # A controller's steps come after the modules' in each slot: Châteauma's mines pay
    # after every player's, its end scoring after everyone's (docs/rules-decisions.md,
    # "The phase end and the game end").
    sequenced = ms + controllers
    deals = [d for d in (m.board_deal() for m in ms) if d is not None]
    if len(deals) > 1:
        raise ValueError("two modules deal the duchies: "
                         + ", ".join(m.id for m in ms if m.board_deal() is not None))

    return Hooks(
        **{name: tuple(getattr(m, name) for m in ms if _overrides(m, name))
           for name in CALLED_HOOKS},
        modules=ms, by_id={m.id: m for m in ms},
        with_ext=tuple(m for m in ms if _overrides(m, "new_ext")),
        phase_end=_sequence(sequenced, PHASE_END_SLOTS, BASE_PHASE_END, "phase_end_steps"),
        game_end=_sequence(sequenced, GAME_END_SLOTS, BASE_GAME_END, "game_end_steps"),
        place_rules=tuple(r for r in (m.place_rule() for m in ms) if r is not None),
        frame_owner={f: m for m in ms
                     for f in m.effect_frames + m.step_frames + m.setup_frames},
        effect_frames=frozenset(f for m in ms for f in m.effect_frames),
        step_frames=frozenset(f for m in ms for f in m.step_frames),
        setup_frames=frozenset(f for m in ms for f in m.setup_frames),
        controllers={c.seat: c for c in controllers},
        seating=controllers[0] if controllers else Seating(),
        tie_winners=frozenset(c.seat for c in controllers if c.wins_ties),
        board_deal=deals[0] if deals else BoardDeal(tuple(config.offered_boards())),
        chateauma_deck=next((d for d in (m.chateauma_deck() for m in ms) if d is not None),
                            None),
        holders=next((h for h in (m.holders() for m in ms) if h is not None),
                     tuple(range(config.deciders))),
        storage_spaces=next((m.storage_spaces for m in ms if m.storage_spaces), None),
        setup_chances=tuple(m.setup_chance for m in sequenced if m.setup_chance))


def board_deal(config: GameConfig) -> BoardDeal:
    """The duchies a game with this configuration deals, and how (for setup screens)."""
    return hooks_for(config).board_deal


def _not_hooks(cls: type, hooks: frozenset[str]) -> list[str]:
    return sorted(name for name, value in vars(cls).items()
                  if (callable(value) or isinstance(value, classmethod))
                  and not name.startswith("_") and name not in hooks)


def register(module_type: type[Module]) -> type[Module]:
    """Class decorator for a module's class; its public methods must all be hooks (a
    misspelt one would never be called)."""
    if wrong := _not_hooks(module_type, HOOK_NAMES):
        raise TypeError(f"module {module_type.id!r}: {', '.join(wrong)} is no hook of "
                        "Module (a helper's name starts with _)")
    MODULE_TYPES[module_type.id] = module_type
    return module_type


def register_controller(controller_type: type[SeatController]) -> type[SeatController]:
    """Class decorator for a seat controller's class; its public methods must all be
    hooks."""
    if wrong := _not_hooks(controller_type, CONTROLLER_HOOKS):
        raise TypeError(f"seat controller {controller_type.id!r}: {', '.join(wrong)} is "
                        "no hook of SeatController")
    CONTROLLER_TYPES[controller_type.id] = controller_type
    return controller_type
