"""Chance steps: the start player, drawn boards, goods, depot refills and dice.

The rules never roll or draw by themselves: at a chance step the driver supplies the
outcome, from a seeded RNG in play, from a record in a replay, or sampled inside an AI's
search. `sample_chance` draws one from the distribution the rules define; `apply_chance`
checks that an outcome is possible (the tiles and goods must still be in the supply)
before it applies it. The position keeps the roll or phase outcome it last drew, or a
module's draw that keeps it too (the vineyards' fill), in `Position._sampled` until its
next chance step is applied: that very object, drawn from these supplies, is applied
without the check.

Outcomes by step:
  'start_player'  seat index
  'boards'        advanced mode: a drawn board id per seat (each chooses it or board 1),
                  or, where board 1 is not dealt, the two board ids drawn for each seat
                  (each chooses one of them); random mode: (board id, castle space) per
                  seat. Without a choice to make (a pool of one board) advanced mode draws
                  nothing. Where every player has a set of boards of their own
                  (extension.BoardDeal.own_sets), two seats may draw the same number.
  'start_goods'   3 goods types per seat, seat after seat
  'phase'         (depot tiles, black depot tiles, round goods): one tile kind per depot
                  space in use (depots 1-6 in order, -1 where the supply ran out), the
                  black depot's tiles, and the phase's 5 goods types in round order
  'roll'          (white die, seat 0 die 1, seat 0 die 2, seat 1 die 1, ...)
A seat controller (extension.SeatController) adds its own chance steps
(extension.CHANCE_SAMPLE, CHANCE_APPLY); the seat it plays takes no part in 'boards',
'start_goods' or 'roll'.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any, Container, Sequence

from . import events as ev
from .boards import CENTRE, get_board
from .config import START
from .data import load_json
from .engine import CHOOSE_BOARD, START_CASTLE, place_start_castle, start_turn
from .extension import CHANCE_APPLY, CHANCE_SAMPLE, BoardDeal
from .state import Frame, Position, IllegalAction, PlayerState
from .tiles import COLOURS, COLOUR_BY_NAME, GOODS_PER_PHASE, GOODS_PER_PLAYER, KIND_COLOUR, \
    KIND_NAMES, MINE

_DEPOTS = load_json("depots.json")
_THREE_PLAYER_MINE = _DEPOTS["three_player_mine"]
BASIC_BOARD = "1"


def depot_colours(players: int, phase: int) -> list[list[int]]:
    """The colour of each depot space in use for this player count and phase."""
    out = []
    for depot in _DEPOTS["depots"]:
        row = [COLOUR_BY_NAME[colour] for colour, min_players in depot["slots"]
               if min_players <= players]
        out.append(row)
    m = _THREE_PLAYER_MINE
    if players == 3 and "ABCDE"[phase] in m["phases"]:
        out[m["depot"] - 1][m["slot"]] = MINE
    return out


@cache
def _depot_layout(players: int, phase: int) -> tuple[tuple[tuple[int, ...], ...],
                                                     tuple[int, ...], tuple[tuple[int, int], ...]]:
    """depot_colours made once per player count and phase (a refill reads it twice):
    the colours by depot, every space's colour in depot order, and (colour, spaces of
    that colour) by colour."""
    colours = tuple(tuple(row) for row in depot_colours(players, phase))
    spaces = tuple(c for row in colours for c in row)
    return colours, spaces, tuple(sorted(Counter(spaces).items()))


def black_depot_size(players: int) -> int:
    return _DEPOTS["black_depot_tiles"][str(players)]


def _modules_black(state: Position) -> list[int]:
    """The modules' tiles that take black-depot spaces at this phase's setup."""
    return [k for own in state.hooks.black_depot_tiles for k in own(state)]


def black_draw(state: Position) -> int:
    """Black tiles drawn at this phase's setup: the depot's number less the modules'
    tiles there, as many as the supply holds."""
    size = black_depot_size(state.config.table_players)
    if state.hooks.black_depot_tiles:
        size = max(0, size - len(_modules_black(state)))
    return min(size, len(state.black_bag))


def _goods_list(pool: list[int]) -> list[int]:
    return [t for t in range(1, 7) for _ in range(pool[t])]


def sample_chance(state: Position, rng) -> Any:
    step = state.chance
    if step == "roll":
        r = rng.random
        state._sampled = tuple([int(r() * 6) + 1 for _ in range(1 + 2 * state.config.deciders)])
        return state._sampled
    if step == "phase":
        _, spaces, need = _depot_layout(state.config.table_players, state.phase)
        bags = state.bags
        drawn = {c: rng.sample(bags[c], min(k, len(bags[c]))) for c, k in need}
        depot_tiles = [drawn[c].pop() if drawn[c] else -1 for c in spaces]
        black = tuple(rng.sample(state.black_bag, black_draw(state)))
        goods = tuple(rng.sample(_goods_list(state.goods_pool), GOODS_PER_PHASE))
        state._sampled = (tuple(depot_tiles), black, goods)
        return state._sampled
    if step == "start_player":
        seats = state.hooks.seating.start_seats(state.config)
        return seats[rng.randrange(len(seats))]
    if step == "start_goods":
        return tuple(rng.sample(_goods_list(state.goods_pool),
                                GOODS_PER_PLAYER * len(state.hooks.holders)))
    if step == "boards":
        deal, n = state.hooks.board_deal, len(state.hooks.holders)
        if state.config.board_mode == "advanced":
            basic = state.rs.board_id(BASIC_BOARD)
            if basic in deal.pool:
                others = [b for b in deal.pool if b != basic]
                if deal.own_sets:
                    return tuple(rng.choice(others) for _ in range(n))
                return tuple(rng.sample(others, n))
            k = _choices(deal, n)
            if deal.own_sets:
                return tuple(tuple(rng.sample(deal.pool, k)) for _ in range(n))
            drawn = rng.sample(deal.pool, k * n)
            return tuple(tuple(drawn[i * k:(i + 1) * k]) for i in range(n))
        if deal.own_sets:
            boards = [rng.choice(deal.pool) for _ in range(n)]
        else:
            boards = rng.sample(deal.pool, n)
        return tuple((b, rng.choice(get_board(b).start_spaces)) for b in boards)
    if step in CHANCE_SAMPLE:
        return CHANCE_SAMPLE[step](state, rng)
    raise IllegalAction("no chance step is pending")


def apply_chance(state: Position, outcome: Any, listen: bool = True) -> list | None:
    """Applies a chance outcome; returns its events, or None when no one listens (the
    events are then never built: a search needs only the position)."""
    step = state.chance
    if step is None:
        raise IllegalAction("no chance step is pending; a player must decide")
    state._legal = None
    events: list | None = [] if listen else None
    CHANCE_APPLY[step](state, outcome, events)
    state._sampled = None
    for settle in state.hooks.settled:
        settle(state, -1)
    return events


def _bad(step: str, why: str) -> IllegalAction:
    return IllegalAction(f"impossible '{step}' outcome: {why}")


def check_deal(step: str, outcome: Any, sizes: Sequence[int], pool: Container[int],
               expected: str, different: str) -> tuple[tuple[int, ...], ...]:
    """A module's dealt outcome (cards, shields): one group per entry of `sizes`, each of
    that many items; the items plain ints from `pool`, no two the same in the whole deal.
    `expected` says what the outcome must look like, `different` where the items come
    from. The groups as tuples, in the order given."""
    if (not isinstance(outcome, (tuple, list)) or len(outcome) != len(sizes)
            or any(not isinstance(g, (tuple, list)) or len(g) != n
                   for g, n in zip(outcome, sizes))):
        raise _bad(step, expected)
    flat = [x for g in outcome for x in g]
    if any(type(x) is not int or x not in pool for x in flat) or len(set(flat)) != len(flat):
        raise _bad(step, different)
    return tuple(tuple(g) for g in outcome)


# A dealt outcome's JSON (extension.CHANCE_JSON): its groups as lists.
DEAL_JSON = (lambda o: [list(g) for g in o], lambda data: tuple(tuple(g) for g in data))


def _drawn_here(state: Position, outcome: Any) -> bool:
    """The outcome is the one sample_chance last drew for this position, from its own
    supplies: it needs no check."""
    return outcome is state._sampled and outcome is not None


def _ints(values: Any) -> bool:
    """A tuple or list of plain ints: True == 1 and 1.0 == 1 would pass every range and
    supply check below and then break indexing, events or the record later."""
    return isinstance(values, (tuple, list)) and all(type(v) is int for v in values)


def _apply_start_player(state: Position, outcome: Any, events: list | None) -> None:
    n = state.n
    seating = state.hooks.seating
    seats = seating.start_seats(state.config)
    if not isinstance(outcome, int) or isinstance(outcome, bool) or outcome not in seats:
        raise _bad("start_player", f"expected a seat {seats[0]}-{seats[-1]}, got {outcome!r}")
    state.start_player = outcome
    state.players = [PlayerState() for _ in range(n)]
    rule = state.hooks.place_rule()
    for p in state.players:
        p.place_rule = rule
    order = seating.first_round_order(state.config, outcome)
    for i, seat in enumerate(order):
        p = state.players[seat]
        p.workers = START["workers_by_seat"][i]
        p.track_stamp = n - i  # the start player lies on top of the stack
    state.stamp = n
    state.order = order
    state.phase = -1
    at = len(events) if events is not None else 0
    for dealt in state.hooks.seats_dealt:
        dealt(state, events)
    controllers = state.hooks.controllers
    for controller in controllers.values():
        controller.join(state, events)
    if events is not None:
        events.insert(at, ev.StartPlayerChosen(
            outcome, tuple(order), tuple(state.players[s].silver for s in order),
            tuple(state.players[s].workers for s in order)))
    mode = state.config.board_mode
    deal = state.hooks.board_deal
    if mode == "random" or (mode == "advanced" and not _dealt_whole(deal)):
        state.chance = "boards"
        return
    state.chance = None
    if mode == "basic":
        board = get_board(state.rs.board_id(BASIC_BOARD))
        for seat in order:
            if seat not in state.hooks.holders:
                continue
            state.players[seat].set_board(board)
            if events is not None:
                events.append(ev.BoardChosen(seat, board.id))
            place_start_castle(state, seat, CENTRE, events)
        state.chance = "start_goods"
    else:
        # Free mode, or advanced mode where the pool is one board: nothing is drawn.
        _push_setup(state, {seat: list(deal.pool) for seat in state.hooks.holders}, events)


def _choices(deal: BoardDeal, players: int) -> int:
    """Boards drawn for each player to choose from in advanced mode where board 1 is not
    dealt: two (a player takes a drawn duchy and chooses its side in the SE, l.280), or
    one where a set shared by all holds too few for two each (the six A19 border-post
    stand-ins for four players)."""
    if deal.own_sets:
        return min(2, len(deal.pool))
    return max(1, min(2, len(deal.pool) // players))


def _dealt_whole(deal: BoardDeal) -> bool:
    """Advanced mode has nothing to draw: the pool is one board, which every player gets."""
    return len(deal.pool) == 1


def _push_setup(state: Position, options: dict[int, list[str]], events: list | None) -> None:
    """Each player in turn order chooses a board (a single option is no choice: that board
    is theirs at once) and then the start castle's space (the holders of a duchy of their
    own: extension.Module.holders)."""
    seats = [seat for seat in state.order if seat in options]
    for seat in seats:
        if len(options[seat]) == 1:
            board = options[seat][0]
            state.players[seat].set_board(get_board(board))
            if events is not None:
                events.append(ev.BoardChosen(seat, board))
    for seat in reversed(seats):
        state.frames.append(Frame(START_CASTLE, seat))
        if len(options[seat]) > 1:
            state.frames.append(Frame(CHOOSE_BOARD, seat, tuple(options[seat])))
    if events is not None:
        events.append(ev.make(ev.TurnStarted, (state.frames[-1].player,)))


def _apply_boards(state: Position, outcome: Any, events: list | None) -> None:
    deal = state.hooks.board_deal
    pool = list(deal.pool)
    holders = state.hooks.holders
    n = len(holders)
    if not isinstance(outcome, (tuple, list)) or len(outcome) != n:
        raise _bad("boards", f"expected {n} entries")
    # One shared set of boards: no number is drawn twice. A set for each player: no
    # number twice for one player.
    differ = "different " if not deal.own_sets else ""
    mode = state.config.board_mode
    if mode == "advanced":
        basic = state.rs.board_id(BASIC_BOARD)
        if basic in pool:
            if any(type(b) is not str or b not in pool or b == basic for b in outcome) or (
                    not deal.own_sets and len(set(outcome)) != n):
                raise _bad("boards", f"expected {n} {differ}boards from {pool} other than "
                           f"{basic}, got {list(outcome)}")
            options = {seat: [basic, b] for seat, b in zip(holders, outcome)}
        else:
            k = _choices(deal, n)
            if not all(isinstance(o, (tuple, list)) and len(o) == k
                       and all(type(b) is str and b in pool for b in o)
                       and len(set(o)) == k for o in outcome):
                raise _bad("boards", f"expected {k} different boards from {pool} for each "
                           f"player, got {list(outcome)}")
            drawn = [b for o in outcome for b in o]
            if not deal.own_sets and len(set(drawn)) != len(drawn):
                raise _bad("boards", f"the players share one set of boards: a board is "
                           f"drawn twice in {list(outcome)}")
            options = {seat: list(o) for seat, o in zip(holders, outcome)}
        if events is not None:
            events.append(ev.BoardsDrawn(tuple(b if type(b) is str else tuple(b)
                                               for b in outcome)))
        state.chance = None
        _push_setup(state, options, events)
        return
    if not all(isinstance(o, (tuple, list)) and len(o) == 2 and type(o[0]) is str
               and type(o[1]) is int for o in outcome):
        raise _bad("boards", "expected (board, castle space) pairs")
    boards = [(b, c) for b, c in outcome]
    if any(b not in pool for b, _ in boards) or (
            not deal.own_sets and len({b for b, _ in boards}) != n):
        raise _bad("boards", f"expected {n} {differ}boards from {pool}")
    for b, c in boards:
        if c not in get_board(b).start_spaces:
            raise _bad("boards", f"space {c} of board {b} is not a castle space")
    if events is not None:
        events.append(ev.BoardsDrawn(tuple(b for b, _ in boards)))
    state.chance = "start_goods"
    for seat in state.order:
        if seat not in holders:
            continue
        b, c = boards[holders.index(seat)]
        state.players[seat].set_board(get_board(b))
        if events is not None:
            events.append(ev.BoardChosen(seat, b))
        place_start_castle(state, seat, c, events)


def _take_goods_from_pool(state: Position, step: str, goods: Any, count: int) -> list[int]:
    if not isinstance(goods, (tuple, list)) or len(goods) != count:
        raise _bad(step, f"expected {count} goods types")
    for t in goods:
        if type(t) is not int or not 1 <= t <= 6:
            raise _bad(step, f"goods type {t!r} is not 1-6")
    need = Counter(goods)
    for t, k in need.items():
        if state.goods_pool[t] < k:
            raise _bad(step, f"only {state.goods_pool[t]} goods of type {t} remain")
    for t, k in need.items():
        state.goods_pool[t] -= k
    return list(goods)


def _apply_start_goods(state: Position, outcome: Any, events: list | None) -> None:
    holders = state.hooks.holders
    goods = _take_goods_from_pool(state, "start_goods", outcome,
                                  GOODS_PER_PLAYER * len(holders))
    for i, seat in enumerate(holders):
        p = state.players[seat]
        mine = goods[i * GOODS_PER_PLAYER:(i + 1) * GOODS_PER_PLAYER]
        for t in mine:
            p.goods[t] += 1
        if events is not None:
            events.append(ev.StartGoodsDealt(seat, tuple(mine)))
    state.phase = 0
    state.round = 0
    # Modules and a seat controller may set up their own material first (each then
    # moves on with Hooks.after_setup, the last to 'phase').
    state.chance = state.hooks.after_setup(None)


def _checked_phase(state: Position, outcome: Any, spaces: tuple[int, ...],
                   slots_by_colour: tuple[tuple[int, int], ...]) -> tuple[list, list, list]:
    """A 'phase' outcome given from outside, checked against the supplies before anything
    changes: its depot tiles and black depot tiles, and its goods (taken from the pool)."""
    try:
        depot_tiles, black, goods = outcome
    except (TypeError, ValueError):
        raise _bad("phase", "expected (depot tiles, black depot tiles, goods)") from None
    if not _ints(depot_tiles) or not _ints(black):
        raise _bad("phase", "depot tiles are lists of tile numbers (-1 for an empty space)")
    depot_tiles, black = list(depot_tiles), list(black)
    if len(depot_tiles) != len(spaces):
        raise _bad("phase", f"expected {len(spaces)} depot tiles, got {len(depot_tiles)}")
    filled = [0] * len(COLOURS)
    for k, c in zip(depot_tiles, spaces):
        if k != -1:
            if not 0 <= k < len(KIND_COLOUR) or KIND_COLOUR[k] != c:
                raise _bad("phase", f"tile {k!r} does not fit a {COLOURS[c]} depot space")
            filled[c] += 1
    for c, slots in slots_by_colour:
        if filled[c] != min(slots, len(state.bags[c])):
            raise _bad("phase", f"{COLOURS[c]} depot spaces stay empty only when the supply "
                       "has run out")
    need = Counter(k for k in depot_tiles if k != -1)
    for k, count in need.items():
        if state.bags[KIND_COLOUR[k]].count(k) < count:
            raise _bad("phase", f"not enough {KIND_NAMES[k]} tiles remain in the supply")
    size = black_draw(state)
    if len(black) != size:
        raise _bad("phase", f"expected {size} black depot tiles, got {len(black)}")
    for k, count in Counter(black).items():
        if state.black_bag.count(k) < count:
            raise _bad("phase", f"not enough black-backed {k!r} tiles remain")
    goods = _take_goods_from_pool(state, "phase", goods, GOODS_PER_PHASE)
    return depot_tiles, black, goods


def _apply_phase(state: Position, outcome: Any, events: list | None) -> None:
    colours, spaces, slots_by_colour = _depot_layout(state.config.table_players, state.phase)
    if _drawn_here(state, outcome):
        depot_tiles, black, goods = map(list, outcome)
        pool = state.goods_pool
        for t in goods:
            pool[t] -= 1
    else:
        depot_tiles, black, goods = _checked_phase(state, outcome, spaces, slots_by_colour)
    for k in depot_tiles:
        if k != -1:
            state.bags[KIND_COLOUR[k]].remove(k)
    for k in black:
        state.black_bag.remove(k)
    depots = []
    at = 0
    for row in colours:
        depots.append(depot_tiles[at:at + len(row)])
        at += len(row)
    state.depots = depots
    state.depot_colours = [list(row) for row in colours]
    state.black = _modules_black(state) + black if state.hooks.black_depot_tiles else black
    state.round_goods = goods
    state.chance = "roll"
    if events is not None:
        events.append(ev.PhaseStarted(
            state.phase,
            tuple(tuple(KIND_NAMES[k] if k >= 0 else None for k in row) for row in state.depots),
            tuple(KIND_NAMES[k] for k in state.black), tuple(goods)))
    for setup in state.hooks.phase_setup:
        setup(state, events)


def _apply_roll(state: Position, outcome: Any, events: list | None) -> None:
    n = state.config.deciders
    if not _drawn_here(state, outcome) and (
            not isinstance(outcome, (tuple, list)) or len(outcome) != 1 + 2 * n
            or any(type(v) is not int or not 1 <= v <= 6 for v in outcome)):
        raise _bad("roll", f"expected {1 + 2 * n} die faces 1-6, got {outcome!r}")
    state.white = outcome[0]
    deciding = state.players[:n]
    for seat, p in enumerate(deciding):
        p.dice[0] = outcome[1 + 2 * seat]
        p.dice[1] = outcome[2 + 2 * seat]
        p.used[0] = p.used[1] = False  # every player's new pair lies ready for their turn
    state.chance = None
    if events is not None:
        events.append(ev.make(ev.DiceRolled, (
            outcome[0], tuple((p.dice[0], p.dice[1]) for p in deciding))))
    goods = state.round_goods[state.round]
    state.depot_goods[state.white - 1][goods] += 1
    if events is not None:
        events.append(ev.make(ev.GoodsRevealed, (state.white, goods)))
    state.order = state.track_order()
    state.turn_index = 0
    if events is not None:
        events.append(ev.make(ev.RoundStarted, (state.phase, state.round, tuple(state.order))))
    start_turn(state, state.order[0], events)


CHANCE_APPLY.update({"start_player": _apply_start_player, "boards": _apply_boards,
                     "start_goods": _apply_start_goods, "phase": _apply_phase,
                     "roll": _apply_roll})


