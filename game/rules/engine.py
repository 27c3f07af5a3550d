"""Legal actions and their application: the turn, the die actions and every effect.

A decision is the frame on top of `state.frames`. `legal_actions` lists what that frame
allows; `apply` checks the action against that list, answers the frame, and then runs the
game forward until the next decision or chance step.

Actions are tuples whose first item names them (see actions.py for their text form):
  ('take', die, depot, slot)       die action: a tile from numbered depot `depot` to storage
  ('place', die, storage, space)   die action: a storage tile onto an estate space
  ('sell', die, goods)             die action: sell every goods tile of one type
  ('workers', die)                 die action: take workers
  ('buy', depot, slot, payment)    the purchase (depot 0 = black depot)
  ('end',)                         end the turn once both dice are used (never automatic,
                                   so a player can buy afterwards or take back a move)
  ('discard', storage)             storage is full: remove this tile for the new one
  ('ship', depot[, depot2])        a ship's goods (two neighbouring depots with monastery 5)
  ('keep', goods_types)            which new goods types a full goods storage keeps
  ('pick', depot, slot)            a market's, carpenter's workshop's or church's tile
  ('warehouse', goods)             a warehouse's sale
  ('city_hall', storage, space)    a city hall's extra placement
  ('decline',)                     decline an effect ("may")
  ('board', board_id), ('start_castle', space)   setup choices
Die 0 and 1 are the player's dice; die 2 is a castle's extra action with any number; die 3
is an action with the white die's number (a module's tile gives one, e.g. the white
castle): workers and monasteries 8-12 change the number used as with a player's die, but
the white die is neither turned nor used up.
"""

from __future__ import annotations

from itertools import combinations
from operator import is_

from . import events as ev
from .boards import SPACES, get_board
from .data import load_json
from .dice import COST, FREE_CHANGE_MONASTERY, PLACE_USE, USE_SELL, USE_TAKE
from .scoring import (AREA_POINTS, PHASE_BONUS, WATCHTOWER_POINTS, animal_points,
                      colour_bonus_points, end_holdings, end_knowledge,
                      goods_points_per_tile)
from .explain import explain_illegal, explain_types
from .extension import (APPLY as _APPLY, BUILDING_EFFECTS, EFFECTS, LEGAL as _LEGAL, STEPS,
                        STORED)
from .state import Frame, IllegalAction, PlayerState, Position
from .tiles import (ANY_COLOUR, BANK, BOARDING_HOUSE, BUILDING, CASTLE, CARPENTERS_WORKSHOP,
                    CHURCH, CITY_HALL, COLOURS, KIND_BUILDING, KIND_CASTLE, KIND_COLOUR, KIND_EFFECT,
                    KIND_KNOWLEDGE, KIND_NAMES, KIND_SPECIES, MARKET, MINE, MONASTERY,
                    PASTURE, SHIP, WAREHOUSE, WATCHTOWER, BUILDINGS)

TURN, DISCARD, SHIP_GOODS, KEEP_GOODS, PICK, WAREHOUSE_SALE, CITY_HALL_PLACE, CASTLE_ACTION, \
    CHOOSE_BOARD, START_CASTLE = ("turn", "discard", "ship", "keep_goods", "pick", "warehouse",
                                  "city_hall", "castle", "board", "start_castle")
CASTLE_DIE = 2
WHITE_DIE = 3
END = ("end",)
DECLINE = ("decline",)

# Tile colours each picking building may take from the numbered depots.
PICK_COLOURS = {MARKET: (SHIP, PASTURE), CARPENTERS_WORKSHOP: (BUILDING,),
                CHURCH: (MINE, MONASTERY, CASTLE)}

_TAKE_FREE = FREE_CHANGE_MONASTERY[USE_TAKE]
# By die use: the monastery whose free change applies (0: none).
_FREE_BY_USE = tuple(FREE_CHANGE_MONASTERY[use] for use in range(len(FREE_CHANGE_MONASTERY)))
# By tile colour: the bit of the monastery whose free change applies to placing it (0:
# none), to be found in a record's knowledge with one & where a shift took two operations.
_PLACE_FREE_BIT = tuple(1 << m if m else 0
                        for m in (FREE_CHANGE_MONASTERY[use] for use in PLACE_USE))

# Every die action as one tuple made once, by die (0, 1, CASTLE_DIE, WHITE_DIE): the legal lists
# hand out these same objects instead of building a tuple per listing (listing is the
# hottest work in the rules), and apply then finds the chosen one by identity. Sized by
# the depots' spaces in depots.json and the storage spaces of START (check_state holds
# every position to that many).
_DEPOT_SPACES = max(len(d["slots"]) for d in load_json("depots.json")["depots"])
_TAKE = [[[("take", die, depot, slot) for slot in range(_DEPOT_SPACES)]
          for depot in range(7)] for die in range(4)]        # [die][depot][slot]
# The takes of a depot whose spaces are all filled, by its number of spaces:
# [die][depot][spaces].
_TAKE_ALL = [[[tuple(acts[:n]) for n in range(_DEPOT_SPACES + 1)] for acts in by_depot]
             for by_depot in _TAKE]
# A module may let a storage grow beyond its 3 spaces (Module.storage_room), up to this.
MOST_STORAGE = 40
# A module's board may have more spaces than a printed duchy's 37 (two of them joined).
MOST_SPACES = 2 * SPACES
_PLACE = [[[("place", die, j, space) for space in range(MOST_SPACES)]
           for j in range(MOST_STORAGE)] for die in range(4)]  # [die][storage][space]
# The same placements by the bit length of the space's bit (space + 1; None at 0), and
# _HIGHEST[n] the bit of bit length n: a set of spaces is walked from its highest space
# down by its bit_length, which builds one int a step (mask ^ bit) where walking up from
# the lowest (mask & -mask) builds four on a duchy of more than 30 spaces.
_PLACE_AT = [[[None, *acts] for acts in by_storage] for by_storage in _PLACE]
_HIGHEST = (0, *(1 << space for space in range(MOST_SPACES)))
_SELL = [[("sell", die, goods) for goods in range(7)] for die in range(4)]  # [die][goods]
_WORKERS = [("workers", die) for die in range(4)]
_DISCARD = [("discard", j) for j in range(MOST_STORAGE)]  # [storage]

# _REACH[step - 1][free][face][workers]: the numbers, ascending, that a die showing `face`
# can be used as with that many workers (COST's layout); _REACH_BITS the same numbers as a
# bit set (bit n = number n). No change costs more than 3 workers (a face of 0, costing 99,
# is no die), so 3 or more workers reach every number.
_MOST_WORKERS = 3
assert all(c <= _MOST_WORKERS or c == 99 for t in COST for r in t for row in r for c in row)


def _per_cost_row(f) -> tuple:
    """COST's layout [step - 1][free][face] with f(row) in place of each cost row."""
    return tuple(tuple(tuple(f(row) for row in by_face) for by_face in by_free)
                 for by_free in COST)


_REACH = _per_cost_row(lambda row: tuple(tuple(n for n in range(1, 7) if row[n] <= w)
                                         for w in range(_MOST_WORKERS + 1)))
_REACH_BITS = _per_cost_row(lambda row: tuple(sum(1 << n for n in range(1, 7) if row[n] <= w)
                                              for w in range(_MOST_WORKERS + 1)))
_EVERY_NUMBER = (1, 2, 3, 4, 5, 6)  # a castle's action: any number, no workers


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- legal actions --------------------------------------------------------------------

def legal_actions(state: Position) -> list[tuple]:
    if state.chance is not None or state.terminal or not state.frames:
        return []
    frame = state.frames[-1]
    out = _LEGAL[frame.kind](state, frame)
    for add in state.hooks.decision_actions:
        add(state, frame, out)
    return out


def cached_legal_actions(state: Position) -> list[tuple]:
    """The legal actions, listed once per position (apply clears the list). legal_actions
    written out: a game lists them at every decision."""
    legal = state._legal
    if legal is None:
        if state.chance is not None or state.terminal or not state.frames:
            legal = []
        else:
            frame = state.frames[-1]
            legal = _LEGAL[frame.kind](state, frame)
            for add in state.hooks.decision_actions:
                add(state, frame, legal)
        state._legal = legal
    return legal


def placeable_mask(p: PlayerState, kind: int) -> int:
    """Empty spaces a tile may go on, die numbers aside: its colour (any, for a tile of
    ANY_COLOUR), next to a placed
    tile, and (without monastery 1) no second building of a kind in one city; and any
    rule a module adds (p.place_rule)."""
    board = p.board
    colour = KIND_COLOUR[kind]
    # A lift of the adjacency rule (a module's, p.anywhere): any empty space.
    reach = ~p.occupied & ((1 << board.spaces) - 1) if p.anywhere else p.frontier
    mask = reach & board.colour_mask[colour] if colour != ANY_COLOUR else reach
    b = KIND_BUILDING[kind]
    if b >= 0 and mask and not p.knowledge & 2:
        built = p.built_areas[b]  # the areas (cities) that hold one already
        if built:
            mask &= ~built
    rule = p.place_rule
    if rule is not None and mask:
        mask = rule(p, kind, mask)
    return mask


def _placeable(p: PlayerState) -> tuple:
    """(estate, storage, placements, by kind): per storage space whose tile has somewhere
    to go (the first of a repeated kind), (storage space, spaces, the bit of the
    monastery whose free change applies to it where the estate holds it, else 0). Kept
    on the player (p.placeable) until the estate, the storage, the monasteries or the
    lifted adjacency rule change: a turn's listings after a sale or workers reuse it.
    Where only the storage changed (a tile taken or bought), the masks of the kinds
    already found (by kind, placeable_mask's answers for this estate) are reused. Do not
    change its contents."""
    # The estate's key and the storage are compared apart (the storage as the list it
    # is): a key tuple holding both, and its slices, cost more to build than these.
    estate = (p.occupied, p.knowledge, p.anywhere, p.board)
    storage = p.storage
    kept = p.placeable
    if kept is None or kept[0] != estate:
        by_kind: dict[int, int] = {}
    elif kept[1] == storage:
        return kept
    else:
        # The same estate: its dict is only ever filled for it, so copies may share it.
        by_kind = kept[3]
    placements = []
    kn = p.knowledge
    j = 0
    for k in storage:
        # The first space of its kind: index finds it in C, where a set of the kinds
        # seen took four operations on numbers of up to 62 bits per space.
        if k >= 0 and storage.index(k) == j:
            mask = by_kind.get(k)
            if mask is None:
                mask = by_kind[k] = placeable_mask(p, k)
            if mask:
                # Whether the free change applies is found here, once for every die
                # listed from these placements: the monasteries are part of the estate.
                placements.append((j, mask, kn & _PLACE_FREE_BIT[KIND_COLOUR[k]]))
        j += 1
    kept = p.placeable = (estate, storage.copy(), tuple(placements), by_kind)
    return kept


def share_placeable(src: PlayerState, dst: PlayerState) -> None:
    """dst's estate was just made src's (a team's one duchy): from now on both keep the
    masks by kind of that estate (_placeable) in one dict, so where a kind may go is
    found once for both. Call it once dst's estate, monasteries and lifted adjacency
    rule are src's."""
    estate = (src.occupied, src.knowledge, src.anywhere, src.board)
    kept = src.placeable
    if kept is None or kept[0] != estate:
        # No storage is ever None: the next listing finds the placements afresh.
        kept = src.placeable = (estate, None, (), {})
    dst.placeable = (estate, None, (), kept[3])


def _die_actions(state: Position, p: PlayerState, dice: tuple[int, ...],
                 placements: tuple[tuple[int, int, int], ...], out: list) -> None:
    """The die actions of each of `dice` in turn (both of a player's dice: (0, 1))."""
    # Runs for the dice at every turn decision, so it visits only what a die reaches:
    # the depots and goods of the numbers it can be used as (_REACH) and the estate
    # spaces of those numbers (Board.number_spaces), instead of checking each one's cost. The
    # loops count their index by hand: enumerate and zip build an object per loop and a
    # pair per item, which costs more here than the count.
    w = p.workers  # never negative (check_state), so an index into _REACH's last level
    if w > _MOST_WORKERS:
        w = _MOST_WORKERS
    kn = p.knowledge
    append = out.append
    depots = state.depots
    goods = p.goods
    by_free = _REACH[kn >> 8 & 1]
    take_free = kn >> _TAKE_FREE & 1
    if placements:
        spaces_of = p.board.number_spaces
        reach = _REACH_BITS[kn >> 8 & 1]
    for die in dice:
        if die == CASTLE_DIE:
            take_numbers = sell_numbers = _EVERY_NUMBER
        else:
            face = state.white if die == WHITE_DIE else p.dice[die]
            take_numbers = by_free[take_free][face][w]
            sell_numbers = by_free[0][face][w]
        takes = _TAKE[die]
        takes_all = _TAKE_ALL[die]
        for v in take_numbers:
            row = depots[v - 1]
            if -1 not in row:  # every space filled (a depot no one has taken from yet)
                out += takes_all[v][len(row)]
                continue
            acts = takes[v]
            slot = 0
            for k in row:
                if k >= 0:
                    append(acts[slot])
                slot += 1
        if placements:
            # A storage space's placements go out from the lowest space up: walked from
            # the highest down (_PLACE_AT), each is inserted before those already out.
            places = _PLACE_AT[die]
            if die == CASTLE_DIE:  # a castle's placements: any number
                for j, mask, _ in placements:
                    onto = places[j]
                    at = len(out)
                    while mask:
                        n = mask.bit_length()
                        out.insert(at, onto[n])
                        mask ^= _HIGHEST[n]
            else:
                # The spaces of the numbers the die reaches, without and with the free
                # change of the tile's monastery.
                plain = spaces_of[reach[0][face][w]]
                freed = spaces_of[reach[1][face][w]]
                for j, mask, free in placements:
                    mask &= freed if free else plain
                    if mask:
                        onto = places[j]
                        at = len(out)
                        while mask:
                            n = mask.bit_length()
                            out.insert(at, onto[n])
                            mask ^= _HIGHEST[n]
        sells = _SELL[die]
        for t in sell_numbers:
            if goods[t]:
                append(sells[t])
        append(_WORKERS[die])


_PAYMENTS = ((), ("silver",), ("workers",), ("silver", "workers"))  # by the bits below
_ANY_DEPOT = "any_depot_workers_or_silver"


def black_depot_payments(state: Position, p: PlayerState) -> tuple[str, ...]:
    """How p may pay for a black-depot purchase now: 2 silver, and 2 workers with monastery
    6 where the rule set lets it pay so; () once the turn's purchase is made. A module's
    tile bought "from the black depot" (an inn) takes the same payments."""
    if state.bought:
        return ()
    return _PAYMENTS[(p.silver >= 2) | (p.workers >= 2 and p.knowledge >> 6 & 1
                                        and state.rs.knowledge_6 == _ANY_DEPOT) << 1]


# The black depot's purchases made once, as the die actions are: by the payments' bits
# (_PAYMENTS) and space, the purchases of that space's tile in payment order. Sized for
# the largest black depot with a module's tiles laid there besides, and grown if a
# black depot is ever longer.
# _BUY_BLACK_ALL[bits][n]: those of the first n spaces together (a black depot with
# every space filled).
_BUY_BLACK: list[list[tuple]] = [[] for _ in _PAYMENTS]
_BUY_BLACK_ALL: list[list[tuple]] = [[()] for _ in _PAYMENTS]


def _grow_buy_black(spaces: int) -> None:
    for bits, acts in enumerate(_BUY_BLACK):
        for s in range(len(acts), spaces):
            acts.append(tuple(("buy", 0, s, payment) for payment in _PAYMENTS[bits]))
            _BUY_BLACK_ALL[bits].append(_BUY_BLACK_ALL[bits][-1] + acts[-1])


_grow_buy_black(16)


def _buy_actions(state: Position, p: PlayerState, out: list) -> None:
    """The purchase, unless the turn's is made: from the black depot, and with monastery
    6 from the numbered depots as the rule set allows."""
    if state.bought:
        return
    _black_depot_buys(state, p, out)
    if p.knowledge >> 6 & 1:
        _depot_buys(state, p, out)


def _black_depot_buys(state: Position, p: PlayerState, out: list) -> None:
    bits = (p.silver >= 2) | (p.workers >= 2 and p.knowledge >> 6 & 1
                              and state.rs.knowledge_6 == _ANY_DEPOT) << 1
    if bits:
        black = state.black
        acts = _BUY_BLACK[bits]
        if len(black) > len(acts):
            _grow_buy_black(len(black))
        if -1 not in black:
            out += _BUY_BLACK_ALL[bits][len(black)]
        else:
            s = 0
            for k in black:
                if k >= 0:
                    out += acts[s]
                s += 1


# Monastery 6's purchases from the numbered depots, made once as the black depot's are:
# [depot][space] with each payment, and with both (silver first).
_BUY_SILVER, _BUY_WORKERS, _BUY_BOTH = (
    [[tuple(("buy", d, s, payment) for payment in payments) for s in range(_DEPOT_SPACES)]
     for d in range(7)] for payments in (("silver",), ("workers",), ("silver", "workers")))


def _depot_buys(state: Position, p: PlayerState, out: list) -> None:
    """Monastery 6's purchases from the numbered depots."""
    mode = state.rs.knowledge_6
    if mode == "buildings_for_workers":
        if p.workers < 2:
            return
        for d, depot in enumerate(state.depots, 1):
            for s, k in enumerate(depot):
                if k >= 0 and KIND_COLOUR[k] == BUILDING:
                    out += _BUY_WORKERS[d][s]
        return
    pay_workers = mode == _ANY_DEPOT and p.workers >= 2
    buys = (_BUY_BOTH if pay_workers else _BUY_SILVER) if p.silver >= 2 \
        else _BUY_WORKERS if pay_workers else None
    if buys is None:
        return
    for d, depot in enumerate(state.depots, 1):
        for s, k in enumerate(depot):
            if k >= 0:
                out += buys[d][s]


_FIRST_DIE, _SECOND_DIE, _BOTH_DICE = (0,), (1,), (0, 1)
_ONE_DIE = ((0,), (1,), (CASTLE_DIE,), (WHITE_DIE,))  # by die


def _legal_turn(state: Position, frame: Frame) -> list:
    p = state.players[frame.player]
    out: list = []
    used = p.used
    first = not used[0]
    second = not used[1] and (used[0] or p.dice[1] != p.dice[0])
    if first or second:
        _die_actions(state, p, _BOTH_DICE if first and second else _FIRST_DIE if first
                     else _SECOND_DIE, _placeable(p)[2], out)
    if not state.bought:  # _buy_actions, written out (a turn is listed after each action)
        if p.knowledge >> 6 & 1:
            _black_depot_buys(state, p, out)
            _depot_buys(state, p, out)
        elif p.silver >= 2:  # without monastery 6 only silver pays (most turns: no call)
            _black_depot_buys(state, p, out)
    if used[0] and used[1]:
        out.append(END)
    return out


def one_die_actions(state: Position, seat: int, die: int) -> list:
    """A decision answered by one more die action (a castle's with any number, or a
    module's with the white die's, WHITE_DIE): that die's actions, the purchase where the
    rule set allows it during effects, and declining."""
    p = state.players[seat]
    out: list = []
    _die_actions(state, p, _ONE_DIE[die], _placeable(p)[2], out)
    if state.rs.purchase_during_effects:
        _buy_actions(state, p, out)
    out.append(DECLINE)
    return out


def _legal_castle(state: Position, frame: Frame) -> list:
    return one_die_actions(state, frame.player, CASTLE_DIE)


def _legal_discard(state: Position, frame: Frame) -> list:
    return _DISCARD[:len(state.players[frame.player].storage)]


def _legal_ship(state: Position, frame: Frame) -> list:
    goods = state.depot_goods
    has = [any(g) for g in goods]
    out: list = [("ship", d + 1) for d in range(6) if has[d]]
    if state.players[frame.player].knowledge >> 5 & 1:
        out += [("ship", d + 1, (d + 1) % 6 + 1) for d in range(6) if has[d] and has[(d + 1) % 6]]
    return out


def _legal_keep(state: Position, frame: Frame) -> list:
    _, new_types, free = frame.arg
    return [("keep", combo) for combo in combinations(new_types, free)]


def _legal_pick(state: Position, frame: Frame) -> list:
    colours = PICK_COLOURS[frame.arg]
    out: list = [("pick", d, s) for d, depot in enumerate(state.depots, 1)
                 for s, k in enumerate(depot) if k >= 0 and KIND_COLOUR[k] in colours]
    out.append(DECLINE)
    return out


def _legal_warehouse(state: Position, frame: Frame) -> list:
    goods = state.players[frame.player].goods
    out: list = [("warehouse", t) for t in range(1, 7) if goods[t]]
    out.append(DECLINE)
    return out


def _city_hall_actions(p: PlayerState) -> list:
    out = []
    seen = 0
    for j, k in enumerate(p.storage):
        if k >= 0 and not seen >> k & 1:
            seen |= 1 << k
            out += [("city_hall", j, s) for s in _bits(placeable_mask(p, k))]
    return out


def _legal_city_hall(state: Position, frame: Frame) -> list:
    out = _city_hall_actions(state.players[frame.player])
    if state.rs.purchase_during_effects:
        _buy_actions(state, state.players[frame.player], out)
    out.append(DECLINE)
    return out


def _legal_board(state: Position, frame: Frame) -> list:
    return [("board", b) for b in frame.arg]


def _legal_start_castle(state: Position, frame: Frame) -> list:
    return [("start_castle", s) for s in state.players[frame.player].board.start_spaces]


_LEGAL.update({TURN: _legal_turn, CASTLE_ACTION: _legal_castle, DISCARD: _legal_discard,
               SHIP_GOODS: _legal_ship, KEEP_GOODS: _legal_keep, PICK: _legal_pick,
               WAREHOUSE_SALE: _legal_warehouse, CITY_HALL_PLACE: _legal_city_hall,
               CHOOSE_BOARD: _legal_board, START_CASTLE: _legal_start_castle})


# --- apply ------------------------------------------------------------------------------

def apply(state: Position, action: tuple, listen: bool = True) -> list | None:
    """Applies a legal action and plays on to the next decision; returns the events, or
    None when no one listens (the events are then never built: a search needs only the
    position)."""
    legal = state._legal  # cached_legal_actions, inline: apply runs at every decision
    if legal is None:
        legal = state._legal = legal_actions(state)
    try:
        known = legal[legal.index(action)]
    except (ValueError, TypeError):  # not equal to any legal action (or not comparable)
        raise IllegalAction(explain_illegal(state, action)) from None
    # True == 1 and 1.0 == 1, so equality alone lets such actions through, and their text
    # (`take 1 True/False`) does not replay. An action taken from this legal list is that
    # very object; one from a parent state's list (the AI's search) is made of the same
    # interned names and small ints, so only other actions pay for the type comparison.
    if known is not action and not (type(action) is tuple and all(map(is_, known, action))) \
            and not same_types(known, action):
        raise IllegalAction(explain_types(action, known))
    state._legal = None
    events: list | None = [] if listen else None
    frame = state.frames.pop()
    _APPLY[action[0]](state, frame, action, events)
    if (events is not None and state.frames
            and (state.frames[-1].kind in (CHOOSE_BOARD, START_CASTLE)
                 or state.frames[-1].kind in state.hooks.step_frames)
            and state.frames[-1].player != frame.player):
        # The setup choices, and the decisions of a phase or game end, pass from player
        # to player like turns.
        events.append(ev.make(ev.TurnStarted, (state.frames[-1].player,)))
    if not state.frames:  # (_continue's first check: most actions leave a decision)
        _continue(state, events)
    if state.rs.knowledge_scored_live:
        update_live_knowledge(state, frame.player, events)
    if known is not END:  # a turn's end changes no holdings (Module.settled)
        for settle in state.hooks.settled:
            settle(state, frame.player)
    return events


def same_types(a: object, b: object) -> bool:
    """The two values have the same type throughout (tuples compared item by item)."""
    if type(a) is not type(b):
        return False
    # b is a tuple too (the same type), which mypy cannot follow from type() alone.
    return type(a) is not tuple or all(map(same_types, a, b))  # type: ignore[call-overload]


def score(state: Position, seat: int, points: int, reason: str, events: list | None) -> None:
    if points:
        p = state.players[seat]
        p.score += points
        p.breakdown[reason] = p.breakdown.get(reason, 0) + points
        if events is not None:
            events.append(ev.make(ev.PointsScored, (seat, points, reason)))
        for scored in state.hooks.points_scored:
            scored(state, seat, points, reason, events)


def update_live_knowledge(state: Position, seat: int, events: list | None) -> None:
    """Yucata credits end-game monasteries as soon as they lie in the estate."""
    if seat < 0:
        return
    p = state.players[seat]
    now = end_knowledge(state, seat)
    if now != p.live_knowledge:
        score(state, seat, now - p.live_knowledge, "knowledge", events)
        p.live_knowledge = now


def _use_die(state: Position, seat: int, die: int, value: int, use: int,
             events: list | None) -> None:
    if die == CASTLE_DIE:
        return
    p = state.players[seat]
    # dice.workers_needed written out (each die action pays here): COST by the step of
    # monastery 8 and the free change of the use's monastery, if it has one.
    kn = p.knowledge
    free = _FREE_BY_USE[use]
    by_face = COST[kn >> 8 & 1][free and kn >> free & 1]
    if die == WHITE_DIE:
        cost = by_face[state.white][value]
    else:
        cost = by_face[p.dice[die]][value]
        p.used[die] = True
    p.workers -= cost
    if events is not None:
        events.append(ev.make(ev.DieUsed, (seat, die, value, cost)))


def _apply_take(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    _, die, depot, slot = action
    if frame.kind == TURN:  # a die action leaves the turn in place; a castle's answers it
        state.frames.append(frame)
    _use_die(state, frame.player, die, depot, USE_TAKE, events)
    kind = state.depots[depot - 1][slot]
    state.depots[depot - 1][slot] = -1
    store_tile(state, frame.player, kind, depot, slot, None, events)


def store_tile(state: Position, seat: int, kind: int, depot: int, slot: int,
               paid: str | None, events: list | None) -> None:
    """Put a tile from the central board onto an empty storage space, or ask which stored
    tile to remove when all are full. `paid`: None for a take, 'silver' or 'workers' for a
    purchase, or a module's tag (extension.STORED) for a tile from a module's supply."""
    storage = state.players[seat].storage
    if -1 in storage:  # (an empty space holds -1: check_state)
        j = storage.index(-1)
        storage[j] = kind
        _stored_event(seat, kind, depot, slot, j, paid, events)
        for stored in state.hooks.tile_stored:
            stored(state, seat, j, events)
        return
    if len(storage) < MOST_STORAGE and any(room(state, seat)
                                           for room in state.hooks.storage_room):
        storage.append(kind)
        _stored_event(seat, kind, depot, slot, len(storage) - 1, paid, events)
        return
    state.frames.append(Frame(DISCARD, seat, (kind, depot, slot, paid)))


def _stored_event(seat, kind, depot, slot, storage, paid, events) -> None:
    if paid is None:
        if events is not None:
            events.append(ev.make(ev.TileTaken, (seat, KIND_NAMES[kind], depot, slot, storage)))
    elif paid in STORED:
        if events is not None:
            events.append(STORED[paid](seat, kind, storage))
    else:
        if events is not None:
            events.append(ev.make(ev.TilePurchased, (seat, KIND_NAMES[kind], depot, slot, storage, paid)))


def _apply_discard(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    j = action[1]
    kind, depot, slot, paid = frame.arg
    storage = state.players[frame.player].storage
    state.box.append(storage[j])
    if events is not None:
        events.append(ev.make(ev.TileDiscarded, (frame.player, KIND_NAMES[storage[j]], j)))
    storage[j] = kind
    _stored_event(frame.player, kind, depot, slot, j, paid, events)


def _apply_place(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    _, die, j, space = action
    if frame.kind == TURN:  # a die action leaves the turn in place; a castle's answers it
        state.frames.append(frame)
    p = state.players[frame.player]
    kind = p.storage[j]
    _use_die(state, frame.player, die, p.board.die[space], PLACE_USE[KIND_COLOUR[kind]], events)
    p.storage[j] = -1
    place_tile(state, frame.player, kind, space, j, events)


def _apply_city_hall(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    _, j, space = action
    p = state.players[frame.player]
    kind = p.storage[j]
    p.storage[j] = -1
    place_tile(state, frame.player, kind, space, j, events)


def place_tile(state: Position, seat: int, kind: int, space: int, storage: int,
               events: list | None) -> None:
    """A tile goes onto the estate: areas and colours score at once, then its effect."""
    p = state.players[seat]
    board = p.board
    p.estate[space] = kind
    bit = 1 << space
    p.occupied |= bit
    p.frontier = (p.frontier | board.neighbour_mask[space]) & ~p.occupied
    p.placements.append((space, kind, state.phase))
    if events is not None:
        events.append(ev.make(ev.TilePlaced, (seat, KIND_NAMES[kind], storage, space)))
    # The space's colour is the tile's, or the one a tile of any colour fills (an inn
    # counts toward its space's colour bonus, docs/rules-decisions.md P-IN-3).
    colour = board.colour[space]
    area = board.area_of[space]
    b = KIND_BUILDING[kind]
    if b >= 0:
        p.built_areas[b] |= board.area_mask[area]
    if not board.area_mask[area] & ~p.occupied:
        if events is not None:
            events.append(ev.AreaCompleted(seat, COLOURS[colour],
                                           tuple(_bits(board.area_mask[area]))))
        size = board.area_size[area]
        for grow in state.hooks.area_size:
            size = grow(state, seat, area, size, p.estate)
        score(state, seat, AREA_POINTS[size], "areas", events)
        score(state, seat, PHASE_BONUS[state.phase], "phase_bonus", events)
    p.colour_count[KIND_COLOUR[kind]] += 1
    spaces = board.colour_mask[colour]
    if p.occupied & spaces == spaces and _colour_bonus_taken(state, seat, colour, events) \
            and state.bonus_taken[colour] < 2:
        state.bonus_taken[colour] += 1
        rank = state.bonus_taken[colour]
        p.bonus_tiles.append((colour, rank))
        if events is not None:
            events.append(ev.BonusTileTaken(seat, COLOURS[colour], rank))
        value = colour_bonus_points(state.config.table_players, rank)
        score(state, seat, bonus_points(state, seat, value), "bonus_tiles", events)
    EFFECTS[KIND_EFFECT[kind]](state, seat, kind, space, events)
    for after in state.hooks.tile_placed:
        after(state, seat, kind, space, events)


def _colour_bonus_taken(state: Position, seat: int, colour: int, events: list | None) -> bool:
    """Seat filled the last space of a colour: whether a colour bonus tile is taken (a
    module may put something else in its place, Module.colour_completed)."""
    taken = True
    for completed in state.hooks.colour_completed:
        taken = completed(state, seat, colour, events) and taken
    return taken


def bonus_points(state: Position, seat: int, value: int) -> int:
    """What a bonus tile worth `value` scores for seat as it is taken (a module may change
    it while the seat holds something, Module.bonus_value)."""
    for change in state.hooks.bonus_value:
        value = change(state, seat, value)
    return value


def _effect_castle(state, seat, kind, space, events) -> None:
    state.frames.append(Frame(CASTLE_ACTION, seat))


def _effect_mine(state, seat, kind, space, events) -> None:
    pass  # mines pay at the end of each phase


def _effect_monastery(state, seat, kind, space, events) -> None:
    state.players[seat].knowledge |= 1 << KIND_KNOWLEDGE[kind]


def _effect_ship(state, seat, kind, space, events) -> None:
    advance_marker(state, seat, events)
    if any(any(g) for g in state.depot_goods):
        state.frames.append(Frame(SHIP_GOODS, seat))
    else:
        if events is not None:
            events.append(ev.EffectLapsed(seat, "ship_goods"))


def advance_marker(state: Position, seat: int, events: list | None) -> None:
    """A ship's step on the turn-order track: onto the top of any stack on the next space
    (a module may then reorder that stack)."""
    p = state.players[seat]
    p.track_pos += 1
    state.stamp += 1
    p.track_stamp = state.stamp
    if events is not None:
        events.append(ev.TurnOrderMoved(seat, p.track_pos))
    for moved in state.hooks.marker_moved:
        moved(state, seat, events)


def _effect_animal(state, seat, kind, space, events) -> None:
    p = state.players[seat]
    points = animal_points(p.estate, p.board.area_mask[p.board.area_of[space]], KIND_SPECIES[kind],
                           bool(p.knowledge >> 7 & 1))
    score(state, seat, points, "animals", events)


def building_effect(state: Position, seat: int, b: int, events: list | None) -> None:
    """What placing building type `b` does (the crane copies one of these; a module's
    building type does what it registered in BUILDING_EFFECTS)."""
    p = state.players[seat]
    if b in PICK_COLOURS:
        colours = PICK_COLOURS[b]
        if any(k >= 0 and KIND_COLOUR[k] in colours for d in state.depots for k in d):
            state.frames.append(Frame(PICK, seat, b))
        else:
            if events is not None:
                events.append(ev.EffectLapsed(seat, BUILDINGS[b]))
    elif b == WAREHOUSE:
        if any(p.goods):
            state.frames.append(Frame(WAREHOUSE_SALE, seat))
        else:
            if events is not None:
                events.append(ev.EffectLapsed(seat, "warehouse"))
    elif b == BOARDING_HOUSE:
        gain_workers(state, seat, 4, "boarding_house", events)
    elif b == BANK:
        p.silver += 2
        if events is not None:
            events.append(ev.make(ev.SilverTaken, (seat, 2, "bank")))
    elif b == WATCHTOWER:
        score(state, seat, WATCHTOWER_POINTS, "buildings", events)
    elif b == CITY_HALL:
        if _city_hall_actions(p):
            state.frames.append(Frame(CITY_HALL_PLACE, seat))
        else:
            if events is not None:
                events.append(ev.EffectLapsed(seat, "city_hall"))
    elif b in BUILDING_EFFECTS:
        BUILDING_EFFECTS[b][1](state, seat, events)


def _effect_building(state, seat, kind, space, events) -> None:
    building_effect(state, seat, KIND_BUILDING[kind], events)


EFFECTS.update({"castle": _effect_castle, "mine": _effect_mine, "monastery": _effect_monastery,
                "ship": _effect_ship, "animal": _effect_animal})
EFFECTS.update({b: _effect_building for b in BUILDINGS[:8]})


def sell_goods(state: Position, seat: int, goods: int, events: list | None) -> None:
    """Sell every goods tile of one type: 1 silver (+1 with monastery 3, +1 worker with 4)
    and 2/3/4 points per tile by player count."""
    p = state.players[seat]
    count = p.goods[goods]
    p.goods[goods] = 0
    p.sold[goods] += count
    if events is not None:
        events.append(ev.make(ev.GoodsSold, (seat, goods, count)))
    silver = 1 + (p.knowledge >> 3 & 1)
    workers = p.knowledge >> 4 & 1
    points = count * goods_points_per_tile(state.config.table_players)
    for change in state.hooks.sale:
        silver, workers, points = change(state, seat, count, silver, workers, points)
    p.silver += silver
    if events is not None:
        events.append(ev.make(ev.SilverTaken, (seat, silver, "sale")))
    if workers:
        gain_workers(state, seat, workers, "sale", events)
    score(state, seat, points, "goods", events)
    for sold in state.hooks.goods_sold:
        sold(state, seat, goods, count, events)


def gain_workers(state: Position, seat: int, amount: int, reason: str | None,
                 events: list | None) -> None:
    """Seat takes workers from the supply: every gain passes here, so a module sees each
    one (Module.workers_gained). reason None: the caller's own event tells of it."""
    state.players[seat].workers += amount
    if events is not None and reason is not None:
        events.append(ev.make(ev.WorkersTaken, (seat, amount, reason)))
    for gained in state.hooks.workers_gained:
        gained(state, seat, amount, events)


def _apply_sell(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    _, die, goods = action
    if frame.kind == TURN:  # a die action leaves the turn in place; a castle's answers it
        state.frames.append(frame)
    _use_die(state, frame.player, die, goods, USE_SELL, events)
    sell_goods(state, frame.player, goods, events)


def _apply_warehouse(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    sell_goods(state, frame.player, action[1], events)


def _apply_workers(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    die = action[1]
    if frame.kind == TURN:  # a die action leaves the turn in place; a castle's answers it
        state.frames.append(frame)
    p = state.players[frame.player]
    if die < CASTLE_DIE:
        p.used[die] = True
        if events is not None:
            events.append(ev.make(ev.DieUsed, (frame.player, die, p.dice[die], 0)))
    elif die == WHITE_DIE:
        if events is not None:
            events.append(ev.make(ev.DieUsed, (frame.player, die, state.white, 0)))
    amount = 4 if p.knowledge >> 14 & 1 else 2
    gain_workers(state, frame.player, amount, "die", events)
    if p.knowledge >> 13 & 1:
        p.silver += 1
        if events is not None:
            events.append(ev.make(ev.SilverTaken, (frame.player, 1, "workers_action")))


def pay_purchase(state: Position, seat: int, payment: str, price: int,
                 events: list | None) -> None:
    """The turn's one purchase paid, in silver or in workers (the black depot's tile, or a
    module's: an inn, a vineyard display tile)."""
    p = state.players[seat]
    if payment == "silver":
        p.silver -= price
        if events is not None:
            events.append(ev.make(ev.SilverPaid, (seat, price)))
    else:
        p.workers -= price
        if events is not None:
            events.append(ev.make(ev.WorkersPaid, (seat, price)))
    state.bought = True


def _apply_buy(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    _, depot, slot, payment = action
    state.frames.append(frame)  # buying answers no decision; the frame stays
    pay_purchase(state, frame.player, payment, 2, events)
    row = state.black if depot == 0 else state.depots[depot - 1]
    kind = row[slot]
    row[slot] = -1
    store_tile(state, frame.player, kind, depot, slot, payment, events)


def _apply_end(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    end_turn(state, frame.player, events)


def _apply_decline(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    effect = BUILDINGS[frame.arg] if frame.kind == PICK else frame.kind
    if events is not None:
        events.append(ev.EffectDeclined(frame.player, effect))


def _apply_ship(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    seat = frame.player
    p = state.players[seat]
    depots = action[1:]
    offered = []
    for d in depots:
        for t in range(1, 7):
            if state.depot_goods[d - 1][t] and t not in offered:
                offered.append(t)
    new_types = tuple(sorted(t for t in offered if not p.goods[t]))
    free = goods_types_limit(state, seat) - p.goods_types_held
    if len(new_types) <= free:
        take_goods(state, seat, depots, set(new_types), events)
    elif free:
        state.frames.append(Frame(KEEP_GOODS, seat, (depots, new_types, free)))
        return
    else:
        take_goods(state, seat, depots, set(), events)  # only the types already held fit
    _ship_goods_taken(state, seat, depots, events)


def goods_types_limit(state: Position, seat: int) -> int:
    """How many goods types seat may hold: 3, or what a module makes of it (the solo
    game lifts the limit)."""
    limit = 3
    for change in state.hooks.goods_types:
        limit = change(state, seat, limit)
    return limit


def _ship_goods_taken(state: Position, seat: int, depots: tuple, events: list | None) -> None:
    for taken in state.hooks.ship_goods_taken:
        taken(state, seat, depots, events)


def take_goods(state: Position, seat: int, depots: tuple, types: set, events: list | None) -> None:
    p = state.players[seat]
    for d in depots:
        here = state.depot_goods[d - 1]
        taken = []
        for t in range(1, 7):
            if here[t] and (t in types or p.goods[t]):
                taken += [t] * here[t]
                p.goods[t] += here[t]
                here[t] = 0
        if events is not None:
            events.append(ev.GoodsTaken(seat, d, tuple(taken)))


def _apply_keep(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    depots, _, _ = frame.arg
    take_goods(state, frame.player, depots, set(action[1]), events)
    _ship_goods_taken(state, frame.player, depots, events)


def _apply_pick(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    _, depot, slot = action
    kind = state.depots[depot - 1][slot]
    state.depots[depot - 1][slot] = -1
    store_tile(state, frame.player, kind, depot, slot, None, events)


def _apply_board(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    state.players[frame.player].set_board(get_board(action[1]))
    if events is not None:
        events.append(ev.BoardChosen(frame.player, action[1]))


def _apply_start_castle(state: Position, frame: Frame, action: tuple, events: list | None) -> None:
    place_start_castle(state, frame.player, action[1], events)


def place_start_castle(state: Position, seat: int, space: int, events: list | None) -> None:
    """The start castle lies on the estate from the beginning; it scores nothing."""
    p = state.players[seat]
    state.bags[CASTLE].remove(KIND_CASTLE)
    p.estate[space] = KIND_CASTLE
    p.occupied |= 1 << space
    p.frontier = p.board.neighbour_mask[space] & ~p.occupied
    p.placements.append((space, KIND_CASTLE, -1))
    p.colour_count[CASTLE] += 1
    if events is not None:
        events.append(ev.StartCastlePlaced(seat, space))


_APPLY.update({"take": _apply_take, "place": _apply_place, "sell": _apply_sell,
               "workers": _apply_workers, "buy": _apply_buy, "end": _apply_end,
               "decline": _apply_decline, "discard": _apply_discard, "ship": _apply_ship,
               "keep": _apply_keep, "pick": _apply_pick, "warehouse": _apply_warehouse,
               "city_hall": _apply_city_hall, "board": _apply_board,
               "start_castle": _apply_start_castle})


# --- the flow of play -------------------------------------------------------------------

def _continue(state: Position, events: list | None) -> None:
    """After a decision: a phase or game end waiting on it goes on; after the setup
    choices, the start goods are dealt (a chance step)."""
    if state.frames or state.chance is not None or state.terminal:
        return
    if state.steps:
        run_steps(state, events)
    elif state.phase < 0:
        state.chance = "start_goods"


def run_steps(state: Position, events: list | None) -> None:
    """Run the phase or game end's steps in order until one asks for a decision or a
    chance step (the steps then go on from `_continue`)."""
    depth = len(state.frames)
    while state.steps and len(state.frames) == depth and state.chance is None \
            and not state.terminal:
        step = state.steps[0]
        state.steps = state.steps[1:]
        STEPS[step](state, events)
    if events is not None and len(state.frames) > depth:
        events.append(ev.make(ev.TurnStarted, (state.frames[-1].player,)))  # a step asks a player


# Each seat's turn decision, made once (a Frame is immutable; building one runs a Python
# __new__ from C at every turn). A game seats at most 4 (GameConfig).
_TURN_FRAMES = tuple(Frame(TURN, seat) for seat in range(4))


def start_turn(state: Position, seat: int, events: list | None) -> None:
    controllers = state.hooks.controllers
    if controllers and seat in controllers:
        return controllers[seat].turn_started(state, seat, events)  # it plays, no decisions
    p = state.players[seat]
    p.used[0] = p.used[1] = False
    state.bought = False
    state.frames.append(_TURN_FRAMES[seat])
    if events is not None:
        events.append(ev.make(ev.TurnStarted, (seat,)))
    for started in state.hooks.turn_started:
        started(state, seat, events)


def end_turn(state: Position, seat: int, events: list | None) -> None:
    if events is not None:
        events.append(ev.make(ev.TurnEnded, (seat,)))
    state.turn_index += 1
    if state.turn_index < state.n:
        start_turn(state, state.order[state.turn_index], events)
    elif state.round < 4:
        state.round += 1
        state.chance = "roll"
    else:
        end_phase(state, events)


def end_phase(state: Position, events: list | None) -> None:
    """The phase end's steps (extension.PHASE_END_SLOTS), then the next phase's setup or,
    after phase E, the game end's steps."""
    state.steps = state.hooks.phase_end
    run_steps(state, events)


def _step_mines(state: Position, events: list | None) -> None:
    """Mines pay a silver each (and a worker with monastery 2; a module may change
    both, Module.mine_income)."""
    for seat, p in enumerate(state.players):
        mines = p.colour_count[MINE]
        if mines:
            silver, workers = mines, mines if p.knowledge >> 2 & 1 else 0
            for change in state.hooks.mine_income:
                silver, workers = change(state, seat, mines, silver, workers)
            if not silver and not workers:
                continue  # a module pays them elsewhere (shared mines pay once)
            p.silver += silver
            if events is not None:
                events.append(ev.make(ev.SilverTaken, (seat, silver, "mines")))
            if workers:
                gain_workers(state, seat, workers, "mines", events)


def _step_next_phase(state: Position, events: list | None) -> None:
    """The depots are cleared for the next phase (a module may keep some of the cleared
    tiles), or after phase E the game end begins."""
    if events is not None:
        events.append(ev.PhaseEnded(state.phase))
    if state.phase < 4:
        cleared = [k for row in (*state.depots, state.black) for k in row if k >= 0]
        for keep in state.hooks.depots_cleared:
            keep(state, cleared, events)
        state.box += cleared
        state.depots = [[] for _ in range(6)]
        state.black = []
        if events is not None:
            events.append(ev.DepotsCleared(tuple(KIND_NAMES[k] for k in cleared)))
        state.phase += 1
        state.round = 0
        state.chance = "phase"
    else:
        state.steps = state.hooks.game_end + state.steps


def final_scoring(state: Position, events: list | None) -> None:
    """The game end's steps from the start (after phase E's phase-end steps)."""
    state.steps = state.hooks.game_end
    run_steps(state, events)


def _step_final_scoring(state: Position, events: list | None) -> None:
    """Leftover goods 1 each, silver 1 each, every 2 workers 1, and the end-game
    monasteries (unless they were scored live)."""
    rs = state.rs
    for seat in range(len(state.players)):
        p = end_holdings(state, seat)
        if p is None:
            continue  # another seat scores them (shared holdings score once)
        score(state, seat, sum(p.goods), "leftover_goods", events)
        score(state, seat, p.silver, "leftover_silver", events)
        score(state, seat, p.workers // 2, "leftover_workers", events)
        if not rs.knowledge_scored_live:
            score(state, seat, end_knowledge(state, seat), "knowledge", events)


def _step_game_over(state: Position, events: list | None) -> None:
    state.terminal = True
    if events is not None:
        events.append(ev.GameEnded(tuple(state.scores()), tuple(state.ranking())))


STEPS.update({"mines": _step_mines, "next_phase": _step_next_phase,
              "final_scoring": _step_final_scoring, "game_over": _step_game_over})
