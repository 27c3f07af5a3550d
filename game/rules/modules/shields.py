"""`shields`: 18 shields dealt onto the depots' goods spaces (SE l.883-938; A19
l.1086-1210, the same text without SE l.917's "never in combination with
monastery tiles"; CH-SH for Châteauma, SE l.1268-1275).

- SH-0: a setup chance step deals the shields face up onto the goods spaces of depots 1-6
  by player count (Châteauma counts as a player; with it, shield 2 is out, CH-SH-1).
- SH-1, P-SH-2: ('shield', depot, slot) on one's turn while both dice are unused and both
  can be used as the depot's number (workers and monastery 8 as usual, shield 16 before):
  both dice for one shield. Shield 11 (P-SH-9): a castle's extra action may take one from
  any depot.
- SH-2: the shield goes onto one of the player's castle tiles without a shield, or
  replaces one (which leaves the game); a choice ('shield_castle', space) when there is
  more than one castle.
- SH-3: its effect lasts while it lies there.
- SH-4, P-SH-3: at every phase end (slot "tribute", before mine income) each player with
  shields decides, in turn order, which shields to keep and pays 1 silver for each (with
  shield 3 workers may pay, mixed); the others leave the game.
- SH-5: at the game end (slot "end_points") 12 / 8 / 4 per shield held, doubled with
  shield 13; Châteauma's by count (CH-SH-4).

The effects live in the Module's hooks and the steps below, each marked with its number
(S1 ... S18). SH-6 / P-SH-1 (SE only): where a shield and a monastery tile change the same
outcome, the better of the two applies, by points, or by the game-end rates of 1 point per
silver and half a point per worker where silver and workers are compared (shield 1 vs
monastery 7, shield 8 vs monastery 2, shield 9 vs monasteries 3 and 4).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

from ..actions import allow_action, parse_one_int, read_int, register_action
from ..chance import DEAL_JSON, check_deal
from ..data import load_json
from ..dice import COST, USE_SELL, workers_needed
from ..engine import (CASTLE_ACTION, DECLINE, SHIP_GOODS, TURN, gain_workers, place_tile,
                      placeable_mask, score, take_goods)
from ..events import EVENT_TYPES, DieUsed, TileDiscarded
from ..extension import (APPLY, CHANCE_APPLY, CHANCE_JSON, CHANCE_SAMPLE, LEGAL, STEPS, Module,
                         register)
from ..scoring import animal_points, end_knowledge, final_scoring_done
from ..state import Frame
from ..tiles import CASTLE, KIND_COLOUR, KIND_EFFECT, KIND_KNOWLEDGE, KIND_NAMES, KIND_SPECIES, \
    PASTURE, SHIP

ID = "shields"
DATA = load_json("shields.json")
END_VP = {s["n"]: s["end_vp"] for s in DATA["shields"]}
NUMBERS = tuple(sorted(END_VP))
DEAL = {int(n): tuple(c) for n, c in DATA["deal"].items()}
AUTOMA_REMOVED = tuple(DATA["chateauma"]["removed"])
AUTOMA_VP = tuple(DATA["chateauma"]["end_vp_by_count"])
AUTOMA_CARDS = tuple(load_json("chateauma.json")["provisional_card_symbols"]["shield"])

DEAL_STEP = "shields_deal"
PLACE_FRAME, TRIBUTE_FRAME, TILE_FRAME, GOODS_FRAME, STORAGE_FRAME = (
    "shield_castle", "tribute", "shield_tile", "shield_goods", "shield_storage")
PREFER_FRAME = "shield_or_monastery"
STORAGE_SPACES = 3
SINGLE = "single"           # shield 5's goods frame when its ship takes one depot
NOT_IN_ROUND = -1
TURN_ORDER_MONASTERY = 27   # P-SH-6: its "always on top" stays its owner's


# --- events ------------------------------------------------------------------------------

class ShieldsDealt(NamedTuple):
    depots: tuple[tuple[int, ...], ...]   # shield numbers on depots 1-6


class ShieldTaken(NamedTuple):
    player: int
    shield: int
    depot: int
    by: str            # 'dice', 'castle' (shield 11) or 'chateauma' (CH-SH-3)


class ShieldPlaced(NamedTuple):
    player: int
    shield: int
    space: int         # the castle tile's estate space
    replaced: int      # the shield it replaced (out of the game), 0 for none


class TributePaid(NamedTuple):
    player: int
    kept: tuple[int, ...]
    silver: int
    workers: int
    lost: tuple[int, ...]   # shields given up (out of the game)


class StorageShrunk(NamedTuple):
    """Shield 4 lost (P-SH-4): the storage is three spaces again, holding these tiles."""
    player: int
    storage: tuple[str | None, ...]


class ShieldTile(NamedTuple):
    """Shields 14 and 15: a tile from a depot (0 = the black depot) goes straight into the
    duchy (a TilePlaced from storage -1 follows)."""
    player: int
    shield: int
    depot: int
    slot: int


class DieSet(NamedTuple):
    """Shield 16: a die turned to a number of the holder's choice."""
    player: int
    die: int
    value: int


class ShieldEffect(NamedTuple):
    """A shield changed an outcome (what: 'animals' points, 'name' a seat)."""
    player: int
    shield: int
    what: str
    value: int


class MonasteriesBorrowed(NamedTuple):
    """S6: the monastery tiles whose effects a seat has changed with the monasteries it
    borrows (shield 6 taken or lost, the named player's monasteries changed): all it has
    now, its own and the borrowed, by number."""
    player: int
    monasteries: tuple[int, ...]


EVENT_TYPES.update({cls.__name__: cls for cls in (
    ShieldsDealt, ShieldTaken, ShieldPlaced, TributePaid, StorageShrunk, ShieldTile, DieSet,
    ShieldEffect, MonasteriesBorrowed)})


# --- the module's state ------------------------------------------------------------------

class Held(NamedTuple):
    """Immutable, so a clone shares it.

    depots: shields still on depots 1-6; castles: per seat, (space, shield) pairs on the
    player's castle tiles; automa: Châteauma's face-down shields; named: per seat, the
    seat shield 6 names (-1 none); die_set: per seat, the round (phase * 5 + round) shield
    16 was last used in; and the records that let recompute derive the points the shields
    changed: bonus (shield 7's extra per seat), grown ((seat, area) scored one size larger,
    shield 17), goods (shield 12's extra per seat), animals (shield 1's and borrowed
    monastery 7's extra per seat), doubled (shield 10's extra at the end)."""
    depots: tuple[tuple[int, ...], ...] = ((),) * 6
    castles: tuple[tuple[tuple[int, int], ...], ...] = ()
    automa: tuple[int, ...] = ()
    named: tuple[int, ...] = ()
    die_set: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()
    grown: tuple[tuple[int, int], ...] = ()
    goods: tuple[int, ...] = ()
    animals: tuple[int, ...] = ()
    doubled: tuple[int, ...] = ()


def held(state) -> Held:
    return state.ext[ID]


def _set(state, **changes) -> None:
    state.ext[ID] = state.ext[ID]._replace(**changes)


def _per_seat(values: tuple, seat: int, value) -> tuple:
    out = list(values)
    out[seat] = value
    return tuple(out)


def shields_of(state, seat: int) -> tuple[int, ...]:
    """The shields seat holds, by number."""
    h = held(state)
    if not h.castles or seat >= len(h.castles):
        return ()
    return tuple(sorted(n for _, n in h.castles[seat]))


def shields_held(state, seat: int) -> tuple[int, ...]:
    """The shields seat holds, by number; () in a game without the module (public API)."""
    return shields_of(state, seat) if ID in state.ext else ()


# The castles last read and, per seat, the shields on them as a bit set (bit n = shield
# n): most questions of a game ask about the same castles, which change only when a
# shield is placed or lost. One pair, replaced whole, so threads never see a torn one.
_last_held: tuple[tuple, tuple[int, ...]] = ((), ())


def _held_bits(state) -> tuple[int, ...]:
    """Per seat, the shields it holds as a bit set."""
    global _last_held
    castles = state.ext[ID].castles  # (held, inline: asked at every decision)
    last = _last_held
    if last[0] is not castles:
        last = _last_held = (castles, tuple(sum(1 << n for _, n in pairs)
                                            for pairs in castles))
    return last[1]


def depot_shields(state) -> tuple[tuple[int, ...], ...]:
    """The shields still on depots 1-6, by number (public API)."""
    return held(state).depots


def face_down_shields(state) -> int:
    """How many shields Châteauma holds: face down, so no seat sees their numbers."""
    return len(held(state).automa)


def castle_shields(state, seat: int) -> dict[int, int]:
    """The shields on seat's castle tiles: estate space -> shield number (public API)."""
    h = held(state)
    return dict(h.castles[seat]) if seat < len(h.castles) else {}


def holds(state, seat: int, shield: int) -> bool:
    last = _last_held  # (_held_bits' check of its kept answer, inline)
    bits = last[1] if last[0] is state.ext[ID].castles else _held_bits(state)
    return 0 <= seat < len(bits) and bits[seat] >> shield & 1 == 1


def holder(state, shield: int) -> int:
    """The seat holding `shield`, or -1."""
    last = _last_held  # (_held_bits' check of its kept answer, inline)
    for seat, bits in enumerate(last[1] if last[0] is state.ext[ID].castles
                                else _held_bits(state)):
        if bits >> shield & 1:
            return seat
    return -1


def _se(state) -> bool:
    """SH-6 / P-SH-1 hold in the Special Edition's form only."""
    return state.hooks.by_id[ID].form == "se"


# --- SH-0: the deal ------------------------------------------------------------------------

def _pool(config) -> list[int]:
    return [n for n in NUMBERS if not (config.chateauma and n in AUTOMA_REMOVED)]


def _sample_deal(state, rng) -> tuple:
    counts = DEAL[state.n]
    drawn = rng.sample(_pool(state.config), sum(counts))
    out, at = [], 0
    for c in counts:
        out.append(tuple(sorted(drawn[at:at + c])))
        at += c
    return tuple(out)


def _apply_deal(state, outcome: Any, events: list | None) -> None:
    counts = DEAL[state.n]
    pool = _pool(state.config)
    dealt = check_deal(DEAL_STEP, outcome, counts, pool,
                       f"expected shields for depots 1-6 by {list(counts)}",
                       f"different shields from {pool}")
    depots = tuple(tuple(sorted(d)) for d in dealt)
    n = state.n
    state.ext[ID] = Held(depots=depots, castles=((),) * n, named=(-1,) * n,
                         die_set=(NOT_IN_ROUND,) * n, bonus=(0,) * n, goods=(0,) * n,
                         animals=(0,) * n, doubled=(0,) * n)
    if events is not None:
        events.append(ShieldsDealt(depots))
    state.chance = state.hooks.after_setup(DEAL_STEP)


# --- SH-1, SH-2: taking a shield -------------------------------------------------------------

def _dice_cost(p, number: int) -> int:
    """Workers to use both dice as `number` (no monastery's free change applies)."""
    return (workers_needed(p.dice[0], number, p.knowledge, USE_SELL)
            + workers_needed(p.dice[1], number, p.knowledge, USE_SELL))


def shield_workers(state, depot: int) -> int:
    """The workers the player to move pays to take a shield from `depot` with both dice
    (0 when the dice already show its number)."""
    return _dice_cost(state.players[state.current_player], depot)


# The take actions of a depot holding that many shields, made once: [depot][count] (each
# shield lies once, so a depot holds at most all of them).
_SHIELD_ACTIONS = tuple(tuple(tuple(("shield", d, s) for s in range(count))
                              for count in range(len(NUMBERS) + 1)) for d in range(7))
# _BOTH_DICE_REACH[monastery 8][first die][second die][workers]: the depots whose number
# both dice can be used as with that many workers (_dice_cost from COST's rows: no
# monastery's free change applies, USE_SELL); 6 workers change both dice to any number.
_MOST_BOTH_DICE = 6
_BOTH_DICE_REACH = tuple(tuple(tuple(tuple(
    tuple(d for d in range(1, 7) if by_face[a][d] + by_face[b][d] <= w)
    for w in range(_MOST_BOTH_DICE + 1)) for b in range(7)) for a in range(7))
    for by_face in (COST[0][0], COST[1][0]))
# The shields that add actions to the turn's decision (6 names a player, 16 turns a die).
_TURN_SHIELDS = 1 << 6 | 1 << 16


def _take_actions(state, h: Held, seat: int, frame: Frame, out: list) -> None:
    """SH-1: with both dice, on the turn before either is used (the caller checks that);
    S11: after placing a castle."""
    depots = h.depots
    if frame.kind == TURN:
        p = state.players[seat]
        workers = p.workers if p.workers < _MOST_BOTH_DICE else _MOST_BOTH_DICE
        for d in _BOTH_DICE_REACH[p.knowledge >> 8 & 1][p.dice[0]][p.dice[1]][workers]:
            row = depots[d - 1]
            if row:
                out += _SHIELD_ACTIONS[d][len(row)]
    elif frame.kind == CASTLE_ACTION and frame.arg is None and holds(state, seat, 11):
        # S11 "nach dem Platzieren einer Burg" (SE l.930): not after a vineyard's castle
        # icon, which gives the action but places no castle (its frame's arg says so).
        for d in range(1, 7):
            out += _SHIELD_ACTIONS[d][len(depots[d - 1])]


def _apply_shield(state, frame: Frame, action: tuple, events: list | None) -> None:
    _, depot, slot = action
    seat = frame.player
    p = state.players[seat]
    if frame.kind == TURN:
        state.frames.append(frame)  # the turn goes on: a purchase, then the end
        for die in (0, 1):
            cost = workers_needed(p.dice[die], depot, p.knowledge, USE_SELL)
            p.workers -= cost
            p.used[die] = True
            if events is not None:
                events.append(DieUsed(seat, die, depot, cost))
    h = held(state)
    row = h.depots[depot - 1]
    shield = row[slot]
    _set(state, depots=_per_seat(h.depots, depot - 1, row[:slot] + row[slot + 1:]))
    if events is not None:
        events.append(ShieldTaken(seat, shield, depot,
                                  "dice" if frame.kind == TURN else "castle"))
    options = _castle_options(state, seat)
    if len(options) == 1:
        _put(state, seat, shield, options[0], events)
    else:
        state.frames.append(Frame(PLACE_FRAME, seat, shield))


def _castle_spaces(p) -> list[int]:
    """The player's castle tiles (the start castle included; a white castle is a building,
    P-WC-2)."""
    return [s for s, k in enumerate(p.estate) if k >= 0 and KIND_COLOUR[k] == CASTLE]


def _castle_options(state, seat: int) -> list[int]:
    """Where a new shield may go: every castle (a free one, or one whose shield it
    replaces); free castles are alike, so only the first is offered."""
    taken = dict(held(state).castles[seat])
    castles = _castle_spaces(state.players[seat])
    free = [s for s in castles if s not in taken]
    return free[:1] + [s for s in castles if s in taken]


def _put(state, seat: int, shield: int, space: int, events: list | None) -> None:
    h = held(state)
    pairs = dict(h.castles[seat])
    replaced = pairs.get(space, 0)
    pairs[space] = shield
    _set(state, castles=_per_seat(h.castles, seat, tuple(sorted(pairs.items()))))
    if events is not None:
        events.append(ShieldPlaced(seat, shield, space, replaced))
    _changed(state, seat, events)


def _legal_place(state, frame: Frame) -> list:
    return [("shield_castle", s) for s in _castle_options(state, frame.player)]


def _apply_place(state, frame: Frame, action: tuple, events: list | None) -> None:
    _put(state, frame.player, frame.arg, action[1], events)


def _changed(state, seat: int, events: list | None) -> None:
    """A seat's shields changed: the lasting effects follow (shield 18's lift, shield 6's
    borrowed monasteries)."""
    p = state.players[seat]
    p.anywhere = holds(state, seat, 18)
    _sync_knowledge(state, seat, events)
    if not holds(state, seat, 4) and len(p.storage) > STORAGE_SPACES:
        _shrink(state, seat, events)
    # Seats that borrow from this one read their monasteries again.
    for other, named in enumerate(held(state).named):
        if named == seat and other != seat:
            _sync_knowledge(state, other, events)


def _shrink(state, seat: int, events: list | None) -> None:
    """P-SH-4: shield 4 gone, the storage keeps 3 tiles of the player's choice (one
    removal at a time) and is 3 spaces again."""
    p = state.players[seat]
    tiles = [k for k in p.storage if k >= 0]
    if len(tiles) > STORAGE_SPACES:
        state.frames.append(Frame(STORAGE_FRAME, seat))
        return
    p.storage = tiles + [-1] * (STORAGE_SPACES - len(tiles))
    if events is not None:
        events.append(StorageShrunk(seat, tuple(KIND_NAMES[k] if k >= 0 else None
                                                for k in p.storage)))


def _legal_storage(state, frame: Frame) -> list:
    storage = state.players[frame.player].storage
    seen: set[int] = set()
    out = []
    for j, k in enumerate(storage):
        if k >= 0 and k not in seen:  # two tiles of a kind are one choice
            seen.add(k)
            out.append(("shield_storage", j))
    return out


def _apply_storage(state, frame: Frame, action: tuple, events: list | None) -> None:
    seat = frame.player
    p = state.players[seat]
    j = action[1]
    state.box.append(p.storage[j])
    if events is not None:
        events.append(TileDiscarded(seat, KIND_NAMES[p.storage[j]], j))
    p.storage[j] = -1
    _shrink(state, seat, events)


# --- SH-4: tribute -----------------------------------------------------------------------------

def _step_tribute(state, events: list | None) -> None:
    asks = [Frame(TRIBUTE_FRAME, seat) for seat in state.order
            if seat != state.config.chateauma_seat and shields_of(state, seat)]
    state.frames += reversed(asks)  # the first in turn order answers first


def _legal_tribute(state, frame: Frame) -> list:
    seat = frame.player
    p = state.players[seat]
    mine = shields_of(state, seat)
    workers_ok = holds(state, seat, 3)
    out = []
    for size in range(len(mine), -1, -1):
        for kept in combinations(mine, size):
            for w in range(size + 1 if workers_ok else 1):
                if w <= p.workers and size - w <= p.silver:
                    out.append(("tribute", kept, w))
    return out


def _apply_tribute(state, frame: Frame, action: tuple, events: list | None) -> None:
    _, kept, workers = action
    seat = frame.player
    p = state.players[seat]
    silver = len(kept) - workers
    p.silver -= silver
    p.workers -= workers
    h = held(state)
    lost = tuple(n for _, n in h.castles[seat] if n not in kept)
    pairs = tuple((s, n) for s, n in h.castles[seat] if n in kept)
    _set(state, castles=_per_seat(h.castles, seat, pairs))
    if events is not None:
        events.append(TributePaid(seat, tuple(kept), silver, workers, lost))
    if lost:
        _changed(state, seat, events)


# --- SH-5, S10, S13, CH-SH-4: the end ------------------------------------------------------------

def _end_points(state, seat: int) -> int:
    if seat == state.config.chateauma_seat:
        count = len(held(state).automa)
        return AUTOMA_VP[min(count, len(AUTOMA_VP) - 1)]
    points = sum(END_VP[n] for n in shields_of(state, seat))
    return points * 2 if holds(state, seat, 13) else points


def _step_end(state, events: list | None) -> None:
    for seat in range(state.n):
        score(state, seat, _end_points(state, seat), "shields", events)


def _own_knowledge(p) -> int:
    bits = 0
    for _, k, _ in p.placements:
        if KIND_KNOWLEDGE[k]:
            bits |= 1 << KIND_KNOWLEDGE[k]
    return bits


def _doubled_monasteries(state, seat: int) -> int:
    """S10 / P-SH-8: what the holder's own monasteries scored at the end, once more (after
    every end-monastery step, a module's too: the crane's count), borrowed ones never."""
    own = state.players[seat].copy()
    own.knowledge = _own_knowledge(own)
    borrowed = end_knowledge(state, seat) - end_knowledge(state, seat, own)
    return max(0, own.breakdown.get("knowledge", 0) - borrowed)


def _step_s10(state, events: list | None) -> None:
    seat = holder(state, 10)
    if seat >= 0:
        extra = _doubled_monasteries(state, seat)
        h = held(state)
        _set(state, doubled=_per_seat(h.doubled, seat, extra))
        score(state, seat, extra, "knowledge", events)


# --- S14, S15: a tile at the phase end ---------------------------------------------------------

def _step_tiles(state, events: list | None) -> None:
    """P-SH-11: shield 14 then shield 15, each holder in turn order (one holder each)."""
    asks = []
    for shield in (14, 15):
        seat = holder(state, shield)
        if seat >= 0 and _tile_offered(state, seat, shield):
            asks.append(Frame(TILE_FRAME, seat, shield))
    state.frames += reversed(asks)


def _tile_actions(state, seat: int, shield: int) -> list:
    p = state.players[seat]
    rows = [(d, row) for d, row in enumerate(state.depots, 1)] if shield == 14 \
        else [(0, state.black)]
    out = []
    for d, row in rows:
        for s, k in enumerate(row):
            if k >= 0:
                mask = placeable_mask(p, k)
                space = 0
                while mask:
                    if mask & 1:
                        out.append(("shield_tile", d, s, space))
                    mask >>= 1
                    space += 1
    return out


def _legal_tile(state, frame: Frame) -> list:
    return _tile_actions(state, frame.player, frame.arg) + [DECLINE]


def _tile_offered(state, seat: int, shield: int) -> bool:
    """Anything to place: a depot's tile, or another module's tile that counts as one of
    that depot (the inns for the black depot, P-IN-1, added as the decision is listed)."""
    frame = Frame(TILE_FRAME, seat, shield)
    out = _legal_tile(state, frame)
    state.frames.append(frame)  # the hooks read the decision as it would stand
    try:
        for add in state.hooks.decision_actions:
            add(state, frame, out)
    finally:
        state.frames.pop()
    return len(out) > 1


def _apply_tile(state, frame: Frame, action: tuple, events: list | None) -> None:
    _, depot, slot, space = action
    row = state.black if depot == 0 else state.depots[depot - 1]
    kind = row[slot]
    row[slot] = -1
    if events is not None:
        events.append(ShieldTile(frame.player, frame.arg, depot, slot))
    place_tile(state, frame.player, kind, space, -1, events)


# --- S5: a ship's goods of one type ------------------------------------------------------------

def _goods_types(state, seat: int) -> list[int]:
    """P-SH-5: types on the depots that fit the player's goods spaces."""
    p = state.players[seat]
    room = p.goods_types_held < 3
    return [t for t in range(1, 7) if any(g[t] for g in state.depot_goods)
            and (p.goods[t] or room)]


def _legal_goods(state, frame: Frame) -> list:
    return [("shield_goods", t) for t in _goods_types(state, frame.player)] + [DECLINE]


def _apply_goods(state, frame: Frame, action: tuple, events: list | None) -> None:
    t = action[1]
    depots = tuple(d for d in range(1, 7) if state.depot_goods[d - 1][t])
    saved = [g[:] for g in state.depot_goods]
    for d in depots:  # only type t moves: the other goods stay where they are
        state.depot_goods[d - 1] = [0] * 7
        state.depot_goods[d - 1][t] = saved[d - 1][t]
    take_goods(state, frame.player, depots, {t}, events)
    for d in depots:
        saved[d - 1][t] = 0
        state.depot_goods[d - 1] = saved[d - 1]


def _legal_prefer(state, frame: Frame) -> list:
    return [("prefer", "shield"), ("prefer", "monastery")]


def _apply_prefer(state, frame: Frame, action: tuple, events: list | None) -> None:
    """The ship's decision is on top, shield 5's beneath it."""
    if action[1] == "shield":
        state.frames[-2] = state.frames[-2]._replace(arg=SINGLE)
    else:
        del state.frames[-2]


# --- S6: borrowed monasteries ------------------------------------------------------------------

def _borrowed(state, seat: int) -> int:
    named = held(state).named[seat] if held(state).named else -1
    if named < 0 or not holds(state, seat, 6):
        return 0
    if named == state.config.chateauma_seat:
        bits = 0  # CH-SH-2: its face-up monasteries on its estate and cards
        for k in state.chateauma.face_up():
            if KIND_KNOWLEDGE[k]:
                bits |= 1 << KIND_KNOWLEDGE[k]
    else:
        bits = _own_knowledge(state.players[named])
    return bits & ~(1 << TURN_ORDER_MONASTERY)


def _sync_knowledge(state, seat: int, events: list | None) -> None:
    if seat == state.config.chateauma_seat:
        return
    p = state.players[seat]
    knowledge = _own_knowledge(p) | _borrowed(state, seat)
    if knowledge != p.knowledge:
        p.knowledge = knowledge
        if events is not None:
            events.append(MonasteriesBorrowed(seat, tuple(
                n for n in range(1, knowledge.bit_length()) if knowledge >> n & 1)))


def _apply_name(state, frame: Frame, action: tuple, events: list | None) -> None:
    state.frames.append(frame)  # naming answers no decision
    seat = frame.player
    _set(state, named=_per_seat(held(state).named, seat, action[1]))
    if events is not None:
        events.append(ShieldEffect(seat, 6, "name", action[1]))
    _sync_knowledge(state, seat, events)


# --- S16: a die set to any number --------------------------------------------------------------

def _round_stamp(state) -> int:
    return state.phase * 5 + state.round


def _apply_set_die(state, frame: Frame, action: tuple, events: list | None) -> None:
    state.frames.append(frame)
    _, die, value = action
    seat = frame.player
    state.players[seat].dice[die] = value
    _set(state, die_set=_per_seat(held(state).die_set, seat, _round_stamp(state)))
    if events is not None:
        events.append(DieSet(seat, die, value))


def _turn_shield_actions(state, h: Held, seat: int, mine: int, unused: bool,
                         out: list) -> None:
    """The turn's actions of shield 6 (naming a player) and shield 16 (setting a die), for
    the shields `mine` (a bit set) of seat."""
    if mine >> 6 & 1 and h.named[seat] < 0:
        out += [("name", other) for other in range(state.n) if other != seat]
    # S16 "wenn du an die Reihe kommst" (SE l.935): before the turn's first action, a
    # die action or a purchase.
    if mine >> 16 & 1 and h.die_set[seat] != _round_stamp(state) \
            and unused and not state.bought:
        dice = state.players[seat].dice
        for die in (0, 1):
            out += [("set_die", die, v) for v in range(1, 7) if v != dice[die]]


# --- the module -------------------------------------------------------------------------------

@register
class Shields(Module):
    id = ID
    setup_chance = DEAL_STEP
    effect_frames = (PLACE_FRAME, GOODS_FRAME, STORAGE_FRAME, PREFER_FRAME)
    step_frames = (TRIBUTE_FRAME, TILE_FRAME)
    phase_end_steps = {"after_turns": ("shields.tiles",), "tribute": ("shields.tribute",)}
    # S10 doubles in the end-points slot, after every end-monastery step (the crane's).
    game_end_steps = {"end_points": ("shields.s10", "shields.end")}

    def new_ext(self) -> Held:
        return Held()

    def ext_to_json(self, value: Held) -> Any:
        return {"depots": [list(d) for d in value.depots],
                "castles": [[list(pair) for pair in pairs] for pairs in value.castles],
                "automa": list(value.automa), "named": list(value.named),
                "die_set": list(value.die_set), "bonus": list(value.bonus),
                "grown": [list(pair) for pair in value.grown], "goods": list(value.goods),
                "animals": list(value.animals), "doubled": list(value.doubled)}

    def ext_from_json(self, data: Any) -> Held:
        n = self.config.players

        def ints(values, lo: int, hi: int) -> tuple[int, ...]:
            if not isinstance(values, list) or any(type(v) is not int or not lo <= v <= hi
                                                   for v in values):
                raise ValueError(f"shields: {values!r} are not numbers {lo}-{hi}")
            return tuple(values)
        depots = tuple(ints(d, 1, 18) for d in data["depots"])
        # (space, shield) and (seat, area) pairs, as to_json wrote them.
        castles = tuple(tuple(tuple(ints(pair, 0, 36)) for pair in pairs)
                        for pairs in data["castles"])
        h = Held(depots=depots, castles=castles,  # type: ignore[arg-type]
                 automa=ints(data["automa"], 1, 18),
                 named=ints(data["named"], -1, n - 1), die_set=ints(data["die_set"], -1, 24),
                 bonus=ints(data["bonus"], 0, 10_000),
                 grown=tuple(tuple(ints(pair, 0, 99))  # type: ignore[misc]
                             for pair in data["grown"]),
                 goods=ints(data["goods"], 0, 10_000), animals=ints(data["animals"], 0, 10_000),
                 doubled=ints(data["doubled"], 0, 10_000))
        everywhere = [x for d in h.depots for x in d] + [x for pairs in h.castles
                                                          for _, x in pairs] + list(h.automa)
        per_seat = (h.castles, h.named, h.die_set, h.bonus, h.goods, h.animals, h.doubled)
        if len(depots) != 6 or len(set(everywhere)) != len(everywhere) or any(
                len(values) != (n if castles else 0) for values in per_seat) or any(
                len(pair) != 2 for pairs in castles for pair in pairs) or any(
                len(pair) != 2 or pair[0] >= n for pair in h.grown) or any(
                named == seat for seat, named in enumerate(h.named)):
            raise ValueError("shields: a shield lies in two places, or the seats do not match")
        return h

    def check_state(self, state) -> str | None:
        h = held(state)
        for seat, pairs in enumerate(h.castles):
            estate = state.players[seat].estate
            if len({space for space, _ in pairs}) != len(pairs) or any(
                    space >= len(estate) or estate[space] < 0
                    or KIND_COLOUR[estate[space]] != CASTLE for space, _ in pairs):
                return f"seat {seat}'s shields lie on no castle tile of its own, or two on one"
        everywhere = {x for d in h.depots for x in d} | {x for pairs in h.castles
                                                         for _, x in pairs} | set(h.automa)
        for f in state.frames:
            arg = f.arg
            if f.kind == PLACE_FRAME:
                fits = type(arg) is int and 1 <= arg <= 18 and arg not in everywhere
            elif f.kind == TILE_FRAME:
                fits = arg in (14, 15) and type(arg) is int
            elif f.kind == GOODS_FRAME:
                fits = arg is None or arg == SINGLE
            elif f.kind in self.effect_frames + self.step_frames:
                fits = arg is None
            else:
                continue
            if not fits:
                return f"decision {f.kind!r} with {arg!r}"
        return None

    def public(self, state) -> tuple:
        return tuple(held(state))

    def decision_actions(self, state, frame: Frame, out: list) -> None:
        h = state.ext[ID]  # (held, inline: asked at every decision)
        castles = h.castles
        if not castles:
            return
        seat = frame.player
        kind = frame.kind
        if kind == SHIP_GOODS and len(state.frames) > 1 \
                and state.frames[-2] == (GOODS_FRAME, seat, SINGLE):
            out[:] = [a for a in out if len(a) == 2]  # P-SH-1: one depot with shield 5
            return
        if kind != TURN:
            if kind == CASTLE_ACTION:  # (the only other decision with shields to take)
                _take_actions(state, h, seat, frame, out)
            return
        p = state.players[seat]
        used = p.used
        unused = not (used[0] or used[1])
        if unused:  # _take_actions' turn, written out
            depots = h.depots
            workers = p.workers if p.workers < _MOST_BOTH_DICE else _MOST_BOTH_DICE
            dice = p.dice
            for d in _BOTH_DICE_REACH[p.knowledge >> 8 & 1][dice[0]][dice[1]][workers]:
                row = depots[d - 1]
                if row:
                    out += _SHIELD_ACTIONS[d][len(row)]
        # (holds, once for both shields, with _held_bits' check of its kept answer inline)
        last = _last_held
        mine = (last[1] if last[0] is castles else _held_bits(state))[seat]
        if mine & _TURN_SHIELDS:
            _turn_shield_actions(state, h, seat, mine, unused, out)

    def explain(self, state, action: tuple) -> str | None:
        name = action[0]
        if name not in ("shield", "name", "set_die"):
            return None
        frame = state.frames[-1] if state.frames else None
        if frame is None:
            return "no decision is pending"
        seat = frame.player
        if name == "shield":
            if len(action) != 3:
                return "malformed arguments"
            _, depot, slot = action
            if frame.kind == CASTLE_ACTION and not holds(state, seat, 11):
                return "a castle's extra action takes a shield only with shield 11"
            if frame.kind == CASTLE_ACTION and frame.arg is not None:
                return ("shield 11 takes a shield after placing a castle; a castle icon "
                        "places none")
            if frame.kind not in (TURN, CASTLE_ACTION):
                return f"a shield is taken on one's turn, not during '{frame.kind}'"
            if not (type(depot) is int and 1 <= depot <= 6):
                return "depots are numbered 1-6"
            if not 0 <= slot < len(held(state).depots[depot - 1]):
                return f"depot {depot} holds no shield there"
            p = state.players[seat]
            if p.used[0] or p.used[1]:
                return "a shield takes both dice: both must be unused"
            cost = _dice_cost(p, depot)
            return (f"both dice must show {depot}: that costs {cost} workers, you have "
                    f"{p.workers}")
        if name == "name":
            if not holds(state, seat, 6):
                return "naming a player needs shield 6"
            return "shield 6 names a player once, and not yourself"
        if not holds(state, seat, 16):
            return "setting a die needs shield 16"
        if held(state).die_set[seat] == _round_stamp(state):
            return "shield 16 sets a die once each round"
        p = state.players[seat]
        if p.used[0] or p.used[1] or state.bought:
            return "shield 16 sets a die when your turn comes, before its first action"
        return "shield 16 sets one of your dice to another number (1-6)"

    def tile_placed(self, state, seat: int, kind: int, space: int,
                    events: list | None) -> None:
        h = held(state)
        if not h.castles:
            return
        if KIND_KNOWLEDGE[kind]:
            for other, named in enumerate(h.named):
                if named == seat:
                    _sync_knowledge(state, other, events)
        if KIND_SPECIES[kind] >= 0 and KIND_EFFECT[kind] == "animal":
            self._animal(state, seat, kind, space, events)
        if KIND_COLOUR[kind] == SHIP and holds(state, seat, 5) and _goods_types(state, seat):
            # After the ship's own goods (P-SH-5): beneath its decision on the stack.
            shipping = bool(state.frames) and state.frames[-1].kind == SHIP_GOODS
            state.frames.insert(len(state.frames) - shipping, Frame(GOODS_FRAME, seat))
            if shipping and _se(state) and state.players[seat].has(5):
                # P-SH-1: shield 5 or monastery 5's second depot, the player's choice.
                state.frames.append(Frame(PREFER_FRAME, seat))

    def _animal(self, state, seat: int, kind: int, space: int, events: list | None) -> None:
        """S1: every pasture counts as one for the species; and a borrowed monastery 7
        (S6). The base game scored the tile's own pasture with the seat's monastery bits;
        the difference to what placements alone derive is recorded."""
        p = state.players[seat]
        board = p.board
        species = KIND_SPECIES[kind]
        area = board.area_mask[board.area_of[space]]
        k7_live = bool(p.knowledge >> 7 & 1)
        k7_own = bool(_own_knowledge(p) >> 7 & 1)
        s1 = holds(state, seat, 1)
        if k7_live == k7_own and not s1:
            return  # (nothing borrowed and no shield 1: the base game's points stand)
        scored = animal_points(p.estate, area, species, k7_live)
        derived = scored if k7_live == k7_own else \
            animal_points(p.estate, area, species, k7_own)
        extra = scored - derived  # borrowed monastery 7, already scored by the base game
        if s1:
            wide = board.colour_mask[PASTURE]
            with_s1 = animal_points(p.estate, wide, species, k7_live)
            if _se(state) and k7_live:  # P-SH-1: the better of shield 1 and monastery 7
                with_s1 = max(animal_points(p.estate, wide, species, False), scored)
            if with_s1 > scored:
                if events is not None:
                    events.append(ShieldEffect(seat, 1, "animals", with_s1 - scored))
                score(state, seat, with_s1 - scored, "animals", events)
                extra += with_s1 - scored
        if extra:
            h = held(state)
            _set(state, animals=_per_seat(h.animals, seat, h.animals[seat] + extra))

    def turn_started(self, state, seat: int, events: list | None) -> None:
        """S6: what the named player shows now (Châteauma's cards change on its turns)."""
        named = state.ext[ID].named  # (held, inline: asked at every turn)
        if named and named[seat] >= 0:
            _sync_knowledge(state, seat, events)

    def workers_gained(self, state, seat: int, amount: int, events: list | None) -> None:
        """S2: one worker for each gain of another player."""
        if not state.ext[ID].castles:  # (held, inline: asked at every gain)
            return
        echo = holder(state, 2)
        if echo >= 0 and echo != seat:
            gain_workers(state, echo, 1, "shield2", events)

    def storage_room(self, state, seat: int) -> bool:
        """S4: unlimited storage spaces."""
        return holds(state, seat, 4)

    def mine_income(self, state, seat: int, mines: int, silver: int,
                    workers: int) -> tuple[int, int]:
        """S8: twice the silver; in the SE the better of it and monastery 2's workers,
        which is the silver (1 point a silver against half a point a worker)."""
        if holds(state, seat, 8):
            return silver + mines, 0 if _se(state) else workers
        return silver, workers

    def sale(self, state, seat: int, count: int, silver: int, workers: int,
             points: int) -> tuple[int, int, int]:
        """S9: a silver per tile; S12: twice the points (recorded for recompute)."""
        if holds(state, seat, 9):
            p = state.players[seat]
            k3 = p.knowledge >> 3 & 1
            if not _se(state):
                silver, workers = count + k3, workers
            elif count > silver + workers / 2:  # P-SH-1: the better of S9 and k3 / k4
                silver, workers = count, 0
        if holds(state, seat, 12):
            h = held(state)
            _set(state, goods=_per_seat(h.goods, seat, h.goods[seat] + points))
            points *= 2
        return silver, workers, points

    def area_size(self, state, seat: int, area: int, size: int, estate: list[int]) -> int:
        """S17: one size larger; the areas it grew are recorded, so the breakdown rebuilt
        from the placements grows the same ones."""
        h = held(state)
        if (seat, area) in h.grown:
            return size + 1
        if estate is state.players[seat].estate and holds(state, seat, 17):
            _set(state, grown=tuple(sorted(h.grown + ((seat, area),))))
            return size + 1
        return size

    def bonus_value(self, state, seat: int, value: int) -> int:
        """S7 / P-SH-7: a bonus tile taken while it is held scores double."""
        if holds(state, seat, 7):
            h = held(state)
            _set(state, bonus=_per_seat(h.bonus, seat, h.bonus[seat] + value))
            return value * 2
        return value

    def pasture_spaces(self, state, seat: int, area_mask: int) -> int:
        """S1 / P-T2-4: while it is held, every pasture of the holder is the same pasture
        (for the geese too)."""
        if holds(state, seat, 1):
            return area_mask | state.players[seat].board.colour_mask[PASTURE]
        return area_mask

    def card_completed(self, state, seat: int, card: int, events: list | None) -> None:
        """CH-SH-3: a card with the shield symbol: from the white die's depot clockwise,
        the lower number of a depot's two."""
        if card not in AUTOMA_CARDS:
            return
        h = held(state)
        for i in range(6):
            d = (state.white - 1 + i) % 6
            if h.depots[d]:
                shield = h.depots[d][0]
                _set(state, depots=_per_seat(h.depots, d, h.depots[d][1:]),
                     automa=h.automa + (shield,))
                if events is not None:
                    events.append(ShieldTaken(seat, shield, d + 1, "chateauma"))
                break
        for other, named in enumerate(held(state).named):
            if named == seat:
                _sync_knowledge(state, other, events)

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        h = held(state)
        if not h.castles:
            return
        ended = final_scoring_done(state)
        if ended and "shields.end" not in state.steps:
            out["shields"] += _end_points(state, seat)
        if seat == state.config.chateauma_seat:
            return
        out["bonus_tiles"] += h.bonus[seat]
        out["goods"] += h.goods[seat]
        out["animals"] += h.animals[seat]
        if ended and "shields.s10" not in state.steps:
            out["knowledge"] += h.doubled[seat]


# --- actions' text -------------------------------------------------------------------------------

def _parse_tribute(args: list[str]) -> tuple:
    if len(args) != 2 or not args[1].startswith("w"):
        raise ValueError("tribute KEPT wN")
    kept = () if args[0] == "-" else tuple(read_int(x) for x in args[0].split(","))
    return ("tribute", kept, read_int(args[1][1:]))


def _two(name: str):
    def parse(args: list[str]) -> tuple:
        if len(args) != 1:
            raise ValueError
        a, b = args[0].split("/")
        return (name, read_int(a), read_int(b))
    return parse


def _parse_tile(args: list[str]) -> tuple:
    if len(args) != 1:
        raise ValueError
    where, space = args[0].split("@")
    d, s = where.split("/")
    return ("shield_tile", read_int(d), read_int(s), read_int(space))


def _parse_storage(args: list[str]) -> tuple:
    if len(args) != 1 or not args[0].startswith("s"):
        raise ValueError("shield_storage sN")
    return ("shield_storage", read_int(args[0][1:]))


def _parse_prefer(args: list[str]) -> tuple:
    if args not in (["shield"], ["monastery"]):
        raise ValueError("prefer shield|monastery")
    return ("prefer", args[0])


def _parse_set_die(args: list[str]) -> tuple:
    if len(args) != 2:
        raise ValueError
    return ("set_die", read_int(args[0]) - 1, read_int(args[1]))


STEPS.update({"shields.tiles": _step_tiles, "shields.tribute": _step_tribute,
              "shields.s10": _step_s10, "shields.end": _step_end})
LEGAL.update({PLACE_FRAME: _legal_place, TRIBUTE_FRAME: _legal_tribute,
              TILE_FRAME: _legal_tile, GOODS_FRAME: _legal_goods,
              STORAGE_FRAME: _legal_storage, PREFER_FRAME: _legal_prefer})
APPLY.update({"shield": _apply_shield, "shield_castle": _apply_place,
              "tribute": _apply_tribute, "shield_tile": _apply_tile,
              "shield_goods": _apply_goods, "name": _apply_name, "set_die": _apply_set_die,
              "shield_storage": _apply_storage, "prefer": _apply_prefer})
CHANCE_SAMPLE[DEAL_STEP] = _sample_deal
CHANCE_APPLY[DEAL_STEP] = _apply_deal
CHANCE_JSON[DEAL_STEP] = DEAL_JSON
allow_action("decline", TILE_FRAME)
allow_action("decline", GOODS_FRAME)
register_action("shield", ("depot", "slot"), (TURN, CASTLE_ACTION),
                lambda a: f"shield {a[1]}/{a[2]}", _two("shield"), ID)
register_action("shield_castle", ("space",), (PLACE_FRAME,),
                lambda a: f"shield_castle {a[1]}", parse_one_int("shield_castle"), ID)
register_action("tribute", ("kept", "workers"), (TRIBUTE_FRAME,),
                lambda a: f"tribute {','.join(map(str, a[1])) or '-'} w{a[2]}",
                _parse_tribute, ID)
register_action("shield_tile", ("depot", "slot", "space"), (TILE_FRAME,),
                lambda a: f"shield_tile {a[1]}/{a[2]}@{a[3]}", _parse_tile, ID)
register_action("shield_goods", ("goods",), (GOODS_FRAME,),
                lambda a: f"shield_goods {a[1]}", parse_one_int("shield_goods"), ID)
register_action("shield_storage", ("storage",), (STORAGE_FRAME,),
                lambda a: f"shield_storage s{a[1]}", _parse_storage, ID)
register_action("prefer", ("which",), (PREFER_FRAME,), lambda a: f"prefer {a[1]}",
                _parse_prefer, ID)
register_action("name", ("seat",), (TURN,), lambda a: f"name {a[1]}", parse_one_int("name"), ID)
register_action("set_die", ("die", "value"), (TURN,),
                lambda a: f"set_die {a[1] + 1} {a[2]}", _parse_set_die, ID)
