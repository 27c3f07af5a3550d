"""Châteauma, the Special Edition's virtual opponent (rulebook section CHÂTEAUMA).

Châteauma takes the last seat and counts as a player for every player-count rule. It makes
no decisions: its turn runs through chance steps (its die, the cards it draws) and a fixed
procedure, so state.current_player is never its seat. Its turn, in the rulebook's order:

  1. It rolls its die ('chateauma_die'); the white die chose the card it works on (1-4 the
     left card, 5-6 the right one). It searches the depot its die shows, then the next
     depots clockwise, for a tile matching an empty card space (spaces in reading order;
     of several matching tiles in a depot the upper one). Without one: a reserve tile
     matching the card's first empty space; else a joker (a face-down reserve tile) there;
     else the first black-depot tile face down into the reserve; else 2 silver.
  2. A tile placed face up gives its placement bonus (castle, buildings, animals, ship).
  3. Every sell symbol covered this turn gives a sale.
  4. A full card scores its points for the chosen level; its tiles go onto the estate
     (top left first, stacked once a colour is covered, jokers turned over); the card is
     discarded and the right card moves left.
  5. Colour bonus tiles for every colour now covered on the estate.
     With modifier D each extra-turn space covered in step 4 then gives a whole further
     turn on the remaining card (a sale when no card remains); afterwards empty card slots
     are refilled ('chateauma_card': a card is drawn when it is revealed, so the deck's
     order never sits in the state).
  6. With 2 silver it buys the black-depot tile of the colour it has fewest of in its
     reserve (black-depot order breaks ties).
Its mines on the estate and cards pay at each phase end, after every player's; its end
scoring comes after everyone's; ties go to it. The rest of a turn is kept in the state as a
small agenda of steps, so a turn can stop at a chance step and carry on after it.

It plays as a seat controller (extension.SeatController, `ChateaumaSeat` below): the flow
of play hands it its seat's turns, draws the start player and the first round's order as it
says, and runs its chance steps, its mines step ("chateauma.mines", phase-end slot "mines")
and its end scoring ("chateauma.end", game-end slot "automa_end") without naming it. Its
material is `state.chateauma`.

Tiles on cards and the estate are tile kinds, or face_down(kind) for a face-down tile;
EMPTY is an empty space. The reserve is a stack per colour plus one of jokers (JOKERS).
"""

from __future__ import annotations

from typing import Any

from . import events as ev
from .boards import SPACES
from .chateauma_data import (AREA_CARDS as CARDS, CARDS as BASE_CARDS, END_SCORING, ESTATES,
                             LEFT_CARD_WHITE_DIE, REWARDS, START, Difficulty, Estate,
                             estate_for, parse_difficulty)
from .config import GameConfig
from .engine import advance_marker, end_turn, score, sell_goods, take_goods
from .scoring import (CATEGORIES, colour_bonus_points, final_scoring_done,
                      goods_points_per_tile)
from .state import Position, IllegalAction
from .extension import (CHANCE_APPLY, CHANCE_JSON, CHANCE_SAMPLE, CHATEAUMA_BONUS, STEPS,
                        SeatController, register_controller)
from .tiles import (KINDS, BANK, BOARDING_HOUSE, BUILDINGS, CARPENTERS_WORKSHOP, CASTLE,
                    CHURCH, CITY_HALL, COLOUR_BY_NAME, COLOURS, KIND_ANIMALS, KIND_BUILDING,
                    KIND_CASTLE, KIND_COLOUR, KIND_NAMES, KIND_SPECIES, MARKET, MINE,
                    MONASTERY, SPECIES, WAREHOUSE, WATCHTOWER, kind_from_name)

EMPTY = -1
JOKERS = 6
ALL_GOODS = frozenset(range(1, 7))
# Its chance steps: setup, its die at each turn, a card revealed into an empty slot.
CHANCE_STEPS = ("chateauma_setup", "chateauma_die", "chateauma_card")

_TAKES = {CARPENTERS_WORKSHOP: "carpenters_workshop", CHURCH: "church", MARKET: "market"}
_TAKE_COLOURS = {b: tuple(COLOUR_BY_NAME[c] for c in REWARDS[name])
                 for b, name in _TAKES.items()}


def face_down(kind: int) -> int:
    return -2 - kind


def kind_of(code: int) -> int:
    return code if code >= 0 else -2 - code


class Chateauma:
    """Châteauma's own material; what it shares with players (score, silver, goods,
    bonus tiles, track) stays in its PlayerState."""

    __slots__ = ("seat", "level", "modifiers", "estate_id", "cards", "card_tiles", "deck",
                 "discarded", "reserve", "estate", "history", "agenda", "die")

    def __init__(self, seat: int, difficulty: Difficulty) -> None:
        self.seat = seat
        self.level, self.modifiers = difficulty
        self.estate_id = estate_for(self.modifiers).id
        self.cards = [0, 0]                 # card per slot (left, right); 0 = none
        self.card_tiles: list[list[int]] = [[], []]
        self.deck = sorted(BASE_CARDS)      # not yet revealed; no order until drawn
        self.discarded: list[int] = []      # completed cards, in order
        self.reserve: list[list[int]] = [[] for _ in range(7)]  # stacks, top = last
        self.estate: list[list[int]] = [[] for _ in range(SPACES)]  # stacks per space
        # Tiles in the order they turned face up on its cards or estate, and whether they
        # gave a placement bonus then: what its animal and building points derive from.
        self.history: list[tuple[int, bool]] = []
        self.agenda: list[str] = []         # the rest of the turn; the last entry is next
        self.die = 0

    def copy(self) -> "Chateauma":
        c = Chateauma.__new__(Chateauma)
        c.seat, c.level, c.modifiers, c.estate_id = (self.seat, self.level, self.modifiers,
                                                     self.estate_id)
        c.cards = self.cards[:]
        c.card_tiles = [t[:] for t in self.card_tiles]
        c.deck = self.deck[:]
        c.discarded = self.discarded[:]
        c.reserve = [r[:] for r in self.reserve]
        c.estate = [s[:] for s in self.estate]
        c.history = self.history[:]
        c.agenda = self.agenda[:]
        c.die = self.die
        return c

    @property
    def layout(self) -> Estate:
        return ESTATES[self.estate_id]

    def has(self, modifier: str) -> bool:
        return modifier in self.modifiers

    def empty_spaces(self, slot: int) -> list[int]:
        if slot < 0 or not self.cards[slot]:
            return []
        return [i for i, code in enumerate(self.card_tiles[slot]) if code == EMPTY]

    def face_up(self) -> list[int]:
        """Its face-up tiles on the estate and the cards (the reserve does not count)."""
        out = [code for stack in self.estate for code in stack if code >= 0]
        return out + [code for tiles in self.card_tiles for code in tiles if code >= 0]

    def card_tile_count(self) -> int:
        return sum(1 for tiles in self.card_tiles for code in tiles if code != EMPTY)

    def tiles(self) -> list[int]:
        """Every hex tile it holds, face-down ones included (for conservation checks)."""
        out = [kind_of(code) for stack in self.estate for code in stack]
        out += [kind_of(code) for tiles in self.card_tiles for code in tiles if code != EMPTY]
        return out + [k for stack in self.reserve for k in stack]


# --- the seat ------------------------------------------------------------------------------

@register_controller
class ChateaumaSeat(SeatController):
    """Châteauma at the last seat, when the configuration names its difficulty."""

    id = "chateauma"
    phase_end_steps = {"mines": ("chateauma.mines",)}
    game_end_steps = {"automa_end": ("chateauma.end",)}
    setup_chance = "chateauma_setup"
    wins_ties = True

    def __init__(self, config: GameConfig) -> None:
        self.seat = config.chateauma_seat

    @classmethod
    def joins(cls, config: GameConfig) -> "ChateaumaSeat | None":
        return cls(config) if config.chateauma else None

    def start_seats(self, config: GameConfig) -> list[int]:
        return start_seats(config)

    def first_round_order(self, config: GameConfig, start: int) -> list[int]:
        return first_round_order(config, start)

    def join(self, state: Position, events: list | None) -> None:
        join(state, events)

    def turn_started(self, state: Position, seat: int, events: list | None) -> None:
        start_turn(state, events)

    def recompute(self, state: Position) -> dict[str, int]:
        return recompute_breakdown(state)


def start_seats(config: GameConfig) -> list[int]:
    """Seats the start player is drawn from: Châteauma never starts, except with
    modifier C, when it always does."""
    seat = config.chateauma_seat
    assert config.chateauma is not None  # asked only while Châteauma plays
    return [seat] if "C" in parse_difficulty(config.chateauma).modifiers \
        else list(range(config.deciders))


def first_round_order(config: GameConfig, start: int) -> list[int]:
    """Clockwise from the start player; Châteauma is last, or first with modifier C."""
    seat, others = config.chateauma_seat, config.deciders
    if start == seat:
        return [seat, *range(others)]
    return [(start + i) % others for i in range(others)] + [seat]


def join(state: Position, events: list | None) -> None:
    """Châteauma's seat at setup: no workers, 1 silver, one goods tile of each type."""
    seat = state.config.chateauma_seat
    assert state.config.chateauma is not None  # asked only while Châteauma plays
    c = state.chateauma = Chateauma(seat, parse_difficulty(state.config.chateauma))
    if state.hooks.chateauma_deck is not None:  # a module's deck (the vineyards')
        c.deck = sorted(state.hooks.chateauma_deck)
    if events is not None:
        events.append(ev.ChateaumaJoined(seat, c.estate_id, c.level, c.modifiers))
    p = state.players[seat]
    p.workers = START["workers"]
    p.silver = START["silver"]
    each = START["goods_of_each_type"]
    for t in ALL_GOODS:
        state.goods_pool[t] -= each
        p.goods[t] += each
    if events is not None:
        events.append(ev.StartGoodsDealt(seat, tuple(t for t in sorted(ALL_GOODS)
                                                     for _ in range(each))))


def _bad(step: str, why: str) -> IllegalAction:
    return IllegalAction(f"impossible '{step}' outcome: {why}")


def _setup_tiles(state: Position, outcome: Any) -> tuple[int, int, list[int], list[int]]:
    c = state.chateauma
    try:
        left, right, hidden, shown = outcome
    except (TypeError, ValueError):
        raise _bad("chateauma_setup", "expected (left card, right card, face-down tiles, "
                   "face-up tiles)") from None
    # Plain ints only: True == 1 and 1.0 == 1 pass the deck and supply checks below.
    if (type(left) is not int or type(right) is not int
            or not all(isinstance(t, (tuple, list)) and all(type(k) is int for k in t)
                       for t in (hidden, shown))):
        raise _bad("chateauma_setup", "cards and tiles are whole numbers")
    hidden, shown = list(hidden), list(shown)
    castle_cards = [i for i in c.deck if CARDS[i].has_castle_space]
    if left not in castle_cards:
        raise _bad("chateauma_setup", f"the left card must show a castle space: one of "
                   f"{castle_cards}, not {left!r}")
    if right not in c.deck or right == left:
        raise _bad("chateauma_setup", f"the right card must be another card, not {right!r}")
    layout = c.layout
    if len(hidden) != (len(layout.face_down) if c.has("A") else 0):
        raise _bad("chateauma_setup", "modifier A puts a face-down tile on each A space "
                   "(and no tiles without it)")
    if len(shown) != (len(layout.face_up) if c.has("B") else 0):
        raise _bad("chateauma_setup", "modifier B puts a face-up tile on each B space "
                   "(and no tiles without it)")
    black = list(state.black_bag)
    bags = [list(b) for b in state.bags]
    try:
        for k in hidden:
            black.remove(k)
        bags[CASTLE].remove(KIND_CASTLE)
        for space, k in zip(layout.face_up, shown):
            if KIND_COLOUR[k] != layout.colours[space]:
                raise ValueError
            bags[KIND_COLOUR[k]].remove(k)
    except (ValueError, IndexError):
        raise _bad("chateauma_setup", "the tiles must be in the supply, and each face-up "
                   "tile of its space's colour") from None
    return left, right, hidden, shown


def _apply_setup(state: Position, outcome: Any, events: list | None) -> None:
    left, right, hidden, shown = _setup_tiles(state, outcome)
    c = state.chateauma
    layout = c.layout
    prefilled: list[tuple[int, str | None]] = []
    for space, k in zip(layout.face_down, hidden):
        state.black_bag.remove(k)
        c.estate[space].append(face_down(k))
        prefilled.append((space, None))
    for space, k in zip(layout.face_up, shown):
        state.bags[KIND_COLOUR[k]].remove(k)
        c.estate[space].append(k)
        c.history.append((k, False))
        prefilled.append((space, KIND_NAMES[k]))
    if events is not None:
        events.append(ev.ChateaumaSetUp(c.seat, c.estate_id, c.level, c.modifiers,
                                        tuple(sorted(prefilled))))
    for card in (left, right):
        _reveal(c, card, events)
    space = CARDS[left].colours.index(CASTLE)
    state.bags[CASTLE].remove(KIND_CASTLE)
    c.card_tiles[0][space] = KIND_CASTLE
    c.history.append((KIND_CASTLE, False))
    if events is not None:
        events.append(ev.ChateaumaTilePlaced(c.seat, left, space, KIND_NAMES[KIND_CASTLE], False,
                                             "setup", 0, -1))
    state.chance = state.hooks.after_setup("chateauma_setup")


def _reveal(c: Chateauma, card: int, events: list | None) -> None:
    slot = c.cards.index(0)
    c.deck.remove(card)
    c.cards[slot] = card
    c.card_tiles[slot] = [EMPTY] * len(CARDS[card].colours)
    if events is not None:
        events.append(ev.ChateaumaCardRevealed(c.seat, card, slot))


# --- the turn -------------------------------------------------------------------------------

def start_turn(state: Position, events: list | None) -> None:
    c = state.chateauma
    if events is not None:
        events.append(ev.TurnStarted(c.seat))
    c.agenda = ["purchase", "refill", "roll"]
    _run(state, events)


def _run(state: Position, events: list | None) -> None:
    """Work through the agenda until a chance step is due or the turn is over."""
    c = state.chateauma
    while c.agenda:
        step = c.agenda.pop()
        if step == "roll":
            state.chance = "chateauma_die"
            return
        if step == "refill":
            if 0 in c.cards and c.deck:
                c.agenda.append("refill")
                state.chance = "chateauma_card"
                return
        elif step == "purchase":
            _purchase(state, events)
        else:
            _extra_turn(state, int(step.split()[1]), events)
    end_turn(state, c.seat, events)


def _apply_die(state: Position, outcome: Any, events: list | None) -> None:
    if not isinstance(outcome, int) or isinstance(outcome, bool) or not 1 <= outcome <= 6:
        raise _bad("chateauma_die", f"expected a die face 1-6, got {outcome!r}")
    c = state.chateauma
    state.chance = None
    c.die = outcome
    slot = _active_slot(state)
    if events is not None:
        events.append(ev.ChateaumaDieRolled(c.seat, outcome, state.white,
                                            c.cards[slot] if slot >= 0 else 0, slot))
    sales = [0]
    _select_and_place(state, slot, outcome, "die", sales, events)
    for _ in range(sales[0]):
        _sell(state, "sell_symbol", events)
    covered = _complete_cards(state, events)
    _bonus_tiles(state, events)
    c.agenda += [f"extra {space}" for space in reversed(covered)]
    _run(state, events)


def _apply_card(state: Position, outcome: Any, events: list | None) -> None:
    c = state.chateauma
    if not isinstance(outcome, int) or isinstance(outcome, bool) or outcome not in c.deck:
        raise _bad("chateauma_card", f"expected a card still in the deck {c.deck}, "
                   f"got {outcome!r}")
    state.chance = None
    _reveal(c, outcome, events)
    _run(state, events)


def _active_slot(state: Position) -> int:
    """The card the white die shows; the other one if that slot is empty (cards left the
    deck or an extra turn follows a completed card); -1 without cards."""
    cards = state.chateauma.cards
    slot = 0 if state.white in LEFT_CARD_WHITE_DIE else 1
    if cards[slot]:
        return slot
    return 1 - slot if cards[1 - slot] else -1


def _ring(start: int) -> list[int]:
    """Depots from `start` on, clockwise (docs/rulings.md R3)."""
    return [(start - 1 + i) % 6 + 1 for i in range(6)]


def _select_and_place(state: Position, slot: int, die: int, reason: str, sales: list,
                      events: list | None) -> None:
    c = state.chateauma
    spaces = c.empty_spaces(slot)
    if spaces:
        colours = CARDS[c.cards[slot]].colours
        for depot in _ring(die):
            row = state.depots[depot - 1]
            for space in spaces:
                for s, k in enumerate(row):
                    if k >= 0 and KIND_COLOUR[k] == colours[space]:
                        row[s] = EMPTY
                        _place(state, slot, space, k, reason, depot, s, sales, events)
                        return
        first = spaces[0]
        stack = c.reserve[colours[first]]
        if stack:
            _place(state, slot, first, stack.pop(), "reserve", 0, -1, sales, events)
            return
        if c.reserve[JOKERS]:
            _place(state, slot, first, face_down(c.reserve[JOKERS].pop()), "joker", 0, -1,
                   sales, events)
            return
    for s, k in enumerate(state.black):
        if k >= 0:
            state.black[s] = EMPTY
            c.reserve[JOKERS].append(k)
            if events is not None:
                events.append(ev.ChateaumaReserveTile(c.seat, KIND_NAMES[k], True, "no_tile", 0,
                                                      s))
            return
    p = state.players[c.seat]
    p.silver += REWARDS["no_tile_silver"]
    if events is not None:
        events.append(ev.SilverTaken(c.seat, REWARDS["no_tile_silver"], "no_tile"))


def _place(state: Position, slot: int, space: int, code: int, reason: str, depot: int,
           depot_slot: int, sales: list, events: list | None) -> None:
    c = state.chateauma
    card = CARDS[c.cards[slot]]
    c.card_tiles[slot][space] = code
    k = kind_of(code)
    if events is not None:
        events.append(ev.ChateaumaTilePlaced(c.seat, card.id, space, KIND_NAMES[k], code < 0,
                                             reason, depot, depot_slot))
    if space in card.sell:
        sales[0] += 1
    for covered in state.hooks.card_space_covered:  # a module's symbol on the space
        covered(state, c.seat, card.id, space, events)
    if code >= 0:
        c.history.append((k, True))
        CHATEAUMA_BONUS[KINDS[k].chateauma](state, slot, k, sales, events)


# --- placement bonuses ---------------------------------------------------------------------

def _bonus_castle(state: Position, slot: int, kind: int, sales: list, events: list | None) -> None:
    """Another tile, searched from the white die's depot, for this card, else the other
    card; with both cards full, a sale."""
    c = state.chateauma
    for target in (slot, 1 - slot):
        if c.empty_spaces(target):
            _select_and_place(state, target, state.white, "castle", sales, events)
            return
    _sell(state, "castle", events)


def _bonus_none(state: Position, slot: int, kind: int, sales: list, events: list | None) -> None:
    """Mines pay at the phase end and monasteries at the game end."""


def _bonus_ship(state: Position, slot: int, kind: int, sales: list, events: list | None) -> None:
    """All goods of the depot with the most, ties clockwise from the white die; then one
    step on the turn-order track."""
    seat = state.chateauma.seat
    totals = [sum(g) for g in state.depot_goods]
    most = max(totals)
    if most:
        depot = next(d for d in _ring(state.white) if totals[d - 1] == most)
        take_goods(state, seat, (depot,), set(ALL_GOODS), events)
    else:
        if events is not None:
            events.append(ev.EffectLapsed(seat, "ship_goods"))
    advance_marker(state, seat, events)


def _bonus_animal(state: Position, slot: int, kind: int, sales: list, events: list | None) -> None:
    """Every face-up tile of the species on its estate and cards scores its animals."""
    species = KIND_SPECIES[kind]
    c = state.chateauma
    points = sum(KIND_ANIMALS[k] for k in c.face_up() if KIND_SPECIES[k] == species)
    score(state, c.seat, points, "animals", events)


def _bonus_building(state: Position, slot: int, kind: int, sales: list,
                    events: list | None) -> None:
    b = KIND_BUILDING[kind]
    c = state.chateauma
    seat = c.seat
    if b == BANK:
        state.players[seat].silver += REWARDS["bank_silver"]
        if events is not None:
            events.append(ev.SilverTaken(seat, REWARDS["bank_silver"], "bank"))
    elif b == BOARDING_HOUSE:
        score(state, seat, REWARDS["boarding_house_points"], "buildings", events)
    elif b == WATCHTOWER:
        score(state, seat, REWARDS["watchtower_points"], "buildings", events)
    elif b == WAREHOUSE:
        _sell(state, "warehouse", events)
    elif b == CITY_HALL:
        _city_hall(state, slot, sales, events)
    else:
        _take_to_reserve(state, b, events)


def _take_to_reserve(state: Position, b: int, events: list | None) -> None:
    """Market, carpenter's workshop, church: the first tile of the first colour on the
    board that has one, searching from the white die's depot clockwise, top to bottom."""
    c = state.chateauma
    for colour in _TAKE_COLOURS[b]:
        for depot in _ring(state.white):
            row = state.depots[depot - 1]
            for s, k in enumerate(row):
                if k >= 0 and KIND_COLOUR[k] == colour:
                    row[s] = EMPTY
                    c.reserve[colour].append(k)
                    if events is not None:
                        events.append(ev.ChateaumaReserveTile(c.seat, KIND_NAMES[k], False,
                                                              _TAKES[b], depot, s))
                    return
    if events is not None:
        events.append(ev.EffectLapsed(c.seat, BUILDINGS[b]))


def _city_hall(state: Position, slot: int, sales: list, events: list | None) -> None:
    """A reserve tile onto an empty space of this card, else of the other card: the colour
    it has most of in the reserve, ties to the first such space in reading order."""
    c = state.chateauma
    for target in (slot, 1 - slot):
        best, most = -1, 0
        colours = CARDS[c.cards[target]].colours if c.cards[target] else ()
        for space in c.empty_spaces(target):
            count = len(c.reserve[colours[space]])
            if count > most:
                best, most = space, count
        if best >= 0:
            k = c.reserve[colours[best]].pop()
            _place(state, target, best, k, "city_hall", 0, -1, sales, events)
            return
    if events is not None:
        events.append(ev.EffectLapsed(c.seat, "city_hall"))


# Its bonus by TileKind.chateauma; a module adds those of its own kinds.
CHATEAUMA_BONUS.update({"castle": _bonus_castle, "mine": _bonus_none, "none": _bonus_none,
                        "ship": _bonus_ship, "animal": _bonus_animal})
CHATEAUMA_BONUS.update({b: _bonus_building for b in BUILDINGS[:8]})


def _sell(state: Position, reason: str, events: list | None) -> None:
    """Every goods tile of the type it holds most of, ties to the lower number."""
    seat = state.chateauma.seat
    if events is not None:
        events.append(ev.ChateaumaSaleTriggered(seat, reason))
    goods = state.players[seat].goods
    if not any(goods):
        if events is not None:
            events.append(ev.EffectLapsed(seat, "sale"))
        return
    sell_goods(state, seat, max(ALL_GOODS, key=lambda t: (goods[t], -t)), events)


# --- completed cards, bonus tiles, extra turns, purchase -----------------------------------

def _complete_cards(state: Position, events: list | None) -> list[int]:
    """Score and empty every full card; returns the extra-turn spaces covered (D)."""
    c = state.chateauma
    covered = []
    for slot in (0, 1):
        tiles = c.card_tiles[slot]
        if not c.cards[slot] or EMPTY in tiles:
            continue
        card = CARDS[c.cards[slot]]
        points = card.points[c.level]
        if events is not None:
            events.append(ev.ChateaumaCardCompleted(c.seat, card.id, slot, points))
        score(state, c.seat, points, "area_cards", events)
        for completed in state.hooks.card_completed:  # a module's card symbols
            completed(state, c.seat, card.id, events)
        for i, code in enumerate(tiles):
            k = kind_of(code)
            if code < 0:
                c.history.append((k, False))
            space, stacked = _estate_space(c, KIND_COLOUR[k])
            c.estate[space].append(k)
            if events is not None:
                events.append(ev.ChateaumaTileMoved(c.seat, card.id, i, KIND_NAMES[k], space,
                                                    code < 0, stacked))
            if not stacked and c.has("D") and space in c.layout.extra_turn:
                covered.append(space)
        c.discarded.append(card.id)
        c.cards[slot] = 0
        c.card_tiles[slot] = []
    if not c.cards[0] and c.cards[1]:
        c.cards = [c.cards[1], 0]
        c.card_tiles = [c.card_tiles[1], []]
        if events is not None:
            events.append(ev.ChateaumaCardShifted(c.seat, c.cards[0]))
    return covered


def _estate_space(c: Chateauma, colour: int) -> tuple[int, bool]:
    """The first empty space of the colour; when all are covered, the lowest stack."""
    spaces = c.layout.colour_spaces(colour)
    for s in spaces:
        if not c.estate[s]:
            return s, False
    return min(spaces, key=lambda s: len(c.estate[s])), True


def _bonus_tiles(state: Position, events: list | None) -> None:
    c = state.chateauma
    p = state.players[c.seat]
    held = {colour for colour, _ in p.bonus_tiles}
    for colour in range(6):
        if colour in held or state.bonus_taken[colour] >= 2:
            continue
        if all(c.estate[s] for s in c.layout.colour_spaces(colour)):
            state.bonus_taken[colour] += 1
            rank = state.bonus_taken[colour]
            p.bonus_tiles.append((colour, rank))
            if events is not None:
                events.append(ev.BonusTileTaken(c.seat, COLOURS[colour], rank))
            score(state, c.seat, colour_bonus_points(state.n, rank), "bonus_tiles", events)


def _extra_turn(state: Position, space: int, events: list | None) -> None:
    c = state.chateauma
    if any(c.cards):
        if events is not None:
            events.append(ev.ChateaumaExtraTurn(c.seat, space, False))
        c.agenda += ["purchase", "roll"]
    else:
        if events is not None:
            events.append(ev.ChateaumaExtraTurn(c.seat, space, True))
        _sell(state, "extra_turn", events)


def _purchase(state: Position, events: list | None) -> None:
    c = state.chateauma
    p = state.players[c.seat]
    cost = REWARDS["purchase_silver"]
    for buy in state.hooks.chateauma_purchase:  # a module's offer instead (a display)
        if buy(state, cost, events):
            return
    offers = [(len(c.reserve[KIND_COLOUR[k]]), s) for s, k in enumerate(state.black) if k >= 0]
    if p.silver < cost or not offers:
        return
    _, s = min(offers)
    k = state.black[s]
    state.black[s] = EMPTY
    p.silver -= cost
    if events is not None:
        events.append(ev.SilverPaid(c.seat, cost))
    c.reserve[KIND_COLOUR[k]].append(k)
    if events is not None:
        events.append(ev.ChateaumaReserveTile(c.seat, KIND_NAMES[k], False, "purchase", 0, s))


# --- phase end, game end, points ------------------------------------------------------------

def phase_end(state: Position, events: list | None) -> None:
    """Its face-up mines pay a silver each, after every player's mines."""
    c = state.chateauma
    mines = sum(1 for k in c.face_up() if KIND_COLOUR[k] == MINE)
    if mines:
        state.players[c.seat].silver += mines
        if events is not None:
            events.append(ev.SilverTaken(c.seat, mines, "mines"))


def _end_points(c: Chateauma) -> dict[str, int]:
    monasteries = sum(1 for k in c.face_up() if KIND_COLOUR[k] == MONASTERY)
    return {"monasteries": END_SCORING["monastery"] * monasteries,
            "reserve": END_SCORING["reserve_tile"] * sum(len(r) for r in c.reserve),
            "card_tiles": END_SCORING["card_tile"] * c.card_tile_count()}


def final_scoring(state: Position, events: list | None) -> None:
    """After everyone's final scoring (which gave it its goods and silver)."""
    c = state.chateauma
    for reason, points in _end_points(c).items():
        score(state, c.seat, points, reason, events)


def recompute_breakdown(state: Position) -> dict[str, int]:
    """Its points by category, derived from its holdings and the order its tiles turned
    face up (the tests compare them with the running score)."""
    c = state.chateauma
    p = state.players[c.seat]
    out = dict.fromkeys(CATEGORIES, 0)
    animals = [0] * len(SPECIES)
    for k, bonus in c.history:
        species = KIND_SPECIES[k]
        if species >= 0:
            animals[species] += KIND_ANIMALS[k]
            out["animals"] += animals[species] if bonus else 0
        elif bonus and KIND_BUILDING[k] == BOARDING_HOUSE:
            out["buildings"] += REWARDS["boarding_house_points"]
        elif bonus and KIND_BUILDING[k] == WATCHTOWER:
            out["buildings"] += REWARDS["watchtower_points"]
    out["area_cards"] = sum(CARDS[card].points[c.level] for card in c.discarded)
    out["goods"] = goods_points_per_tile(state.n) * sum(p.sold)
    out["bonus_tiles"] = sum(colour_bonus_points(state.n, rank) for _, rank in p.bonus_tiles)
    if final_scoring_done(state):
        out["leftover_goods"] = sum(p.goods)
        out["leftover_silver"] = p.silver
    # Its own end scoring is a later step of the game end (slot "automa_end"): a module's
    # step before it may still wait on a decision.
    if state.terminal or (final_scoring_done(state) and "chateauma.end" not in state.steps):
        out.update(_end_points(c))
    return out


# --- chance ---------------------------------------------------------------------------------

def sample(state: Position, rng) -> Any:
    c = state.chateauma
    step = state.chance
    if step == "chateauma_die":
        return int(rng.random() * 6) + 1
    if step == "chateauma_card":
        return rng.choice(c.deck)
    left = rng.choice([i for i in c.deck if CARDS[i].has_castle_space])
    right = rng.choice([i for i in c.deck if i != left])
    layout = c.layout
    hidden = tuple(rng.sample(state.black_bag, len(layout.face_down))) if c.has("A") else ()
    shown = tuple(rng.choice(state.bags[layout.colours[s]]) for s in layout.face_up) \
        if c.has("B") else ()
    return (left, right, hidden, shown)


CHANCE_SAMPLE.update(dict.fromkeys(CHANCE_STEPS, sample))
CHANCE_APPLY.update({"chateauma_setup": _apply_setup, "chateauma_die": _apply_die,
                     "chateauma_card": _apply_card})
STEPS.update({"chateauma.mines": phase_end, "chateauma.end": final_scoring})


# --- JSON -----------------------------------------------------------------------------------

def _code_to_json(code: int) -> str | None:
    if code == EMPTY:
        return None
    return KIND_NAMES[code] if code >= 0 else "~" + KIND_NAMES[kind_of(code)]


def _code_from_json(text: str | None) -> int:
    if text is None:
        return EMPTY
    if type(text) is not str:
        raise ValueError(f"Châteauma: {text!r} is no tile")
    if text.startswith("~"):
        return face_down(kind_from_name(text[1:]))
    return kind_from_name(text)


def to_dict(c: Chateauma) -> dict:
    return {
        "seat": c.seat, "level": c.level, "modifiers": c.modifiers, "estate_id": c.estate_id,
        "cards": c.cards,
        "card_tiles": [[_code_to_json(x) for x in t] for t in c.card_tiles],
        "deck": c.deck, "discarded": c.discarded,
        "reserve": [[KIND_NAMES[k] for k in r] for r in c.reserve],
        "estate": [[_code_to_json(x) for x in s] for s in c.estate],
        "history": [[KIND_NAMES[k], b] for k, b in c.history],
        "agenda": c.agenda, "die": c.die,
    }


def _lists(value: Any, length: int | None = None) -> list[list]:
    """A list of lists (of `length` lists, if given), or a ValueError."""
    if type(value) is not list or not all(type(x) is list for x in value) or (
            length is not None and len(value) != length):
        raise ValueError(f"Châteauma: {value!r} is not a list of {length or 'any'} lists")
    return value


def _cards(value: Any) -> list[int]:
    if type(value) is not list or not all(type(x) is int and x in CARDS for x in value):
        raise ValueError(f"Châteauma: {value!r} are not area cards")
    return list(value)


def from_dict(d: dict) -> Chateauma:
    """Its material from JSON, each field of its type and range (a ValueError otherwise);
    check_state then checks that it adds up."""
    seat, level, modifiers = d["seat"], d["level"], d["modifiers"]
    if type(seat) is not int or type(level) is not str or type(modifiers) is not str \
            or parse_difficulty("+".join((level, *modifiers))) != (level, modifiers):
        raise ValueError(f"Châteauma: seat {seat!r}, level {level!r}, modifiers {modifiers!r}")
    c = Chateauma(seat, Difficulty(level, modifiers))
    if d["estate_id"] != c.estate_id:
        raise ValueError(f"Châteauma plays estate {c.estate_id}, not {d['estate_id']!r}")
    cards = d["cards"]
    if type(cards) is not list or len(cards) != 2 or not all(
            type(x) is int and (x == 0 or x in CARDS) for x in cards):
        raise ValueError(f"Châteauma: cards {cards!r}")
    c.cards = list(cards)
    c.card_tiles = [[_code_from_json(x) for x in t] for t in _lists(d["card_tiles"], 2)]
    c.deck, c.discarded = _cards(d["deck"]), _cards(d["discarded"])
    c.reserve = [[kind_from_name(n) for n in r] for r in _lists(d["reserve"], 7)]
    c.estate = [[_code_from_json(x) for x in s] for s in _lists(d["estate"], SPACES)]
    history = _lists(d["history"])
    if not all(len(h) == 2 and type(h[1]) is bool for h in history):
        raise ValueError("Châteauma: its history is (tile, bonus) pairs")
    c.history = [(kind_from_name(n), b) for n, b in history]
    agenda, die = d["agenda"], d["die"]
    if type(agenda) is not list or not all(
            a in ("purchase", "refill", "roll") or (
                type(a) is str and a.startswith("extra ")
                and a[6:] in {str(x) for x in c.layout.extra_turn}) for a in agenda):
        raise ValueError(f"Châteauma: agenda {agenda!r}")
    if type(die) is not int or not 0 <= die <= 6:
        raise ValueError(f"Châteauma: die {die!r}")
    c.agenda, c.die = list(agenda), die
    return c


def _setup_to_json(outcome: Any) -> Any:
    left, right, hidden, shown = outcome
    return {"left": left, "right": right, "face_down": [KIND_NAMES[k] for k in hidden],
            "face_up": [KIND_NAMES[k] for k in shown]}


def _setup_from_json(data: Any) -> Any:
    return (data["left"], data["right"], tuple(kind_from_name(n) for n in data["face_down"]),
            tuple(kind_from_name(n) for n in data["face_up"]))


def _as_is(value: Any) -> Any:
    """A die face or a card number is its own JSON."""
    return value


CHANCE_JSON.update({"chateauma_setup": (_setup_to_json, _setup_from_json),
                    "chateauma_die": (_as_is, _as_is), "chateauma_card": (_as_is, _as_is)})
