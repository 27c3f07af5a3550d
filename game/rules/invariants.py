"""What holds in every state a game can reach: tiles and goods conserved, counts in range,
one stack of decisions consistent with the phase.

`check_state` raises StateError naming the first violation. A state read from a file is
checked before it is used (a hand-edited or damaged file must not become a game that
crashes later), and the random-game tests check it as they play.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from operator import eq

from .chateauma_data import AREA_CARDS, CARDS, parse_difficulty
from .config import START
from functools import cache

from .config import GameConfig
from .engine import MOST_STORAGE, PICK_COLOURS, cached_legal_actions, goods_types_limit
from .extension import STEPS, STORED
from .state import Position, StateError
from .tiles import (ANY_COLOUR, BLACK_TILES, COLOURED_TILES, GOODS_PER_PHASE, GOODS_PER_TYPE,
                    GOODS_TYPES, KIND_COLOUR, KIND_NAMES)

ALL_TILES = Counter(COLOURED_TILES) + Counter(BLACK_TILES)


@cache
def all_tiles(config: GameConfig) -> dict[int, int]:
    """Every hex tile of a game: the base game's and those its modules add."""
    fresh = Position(config)
    return dict(Counter(chain(*fresh.bags, fresh.black_bag,
                              *(m.tiles_held(fresh) for m in fresh.hooks.modules))))

CHANCE_STEPS = ("start_player", "boards", "start_goods", "phase", "roll")
AUTOMA_STEPS = ("chateauma_setup", "chateauma_die", "chateauma_card")
SETUP_DECISIONS = ("board", "start_castle")
EFFECT_DECISIONS = ("castle", "discard", "ship", "keep_goods", "pick", "warehouse",
                    "city_hall")
MAX_COUNT = 10_000  # far above any count a game reaches; keeps a file's numbers sane


def check_state(state: Position) -> None:
    """Raise StateError naming the first invariant `state` breaks."""
    try:
        why = _first_violation(state)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as e:
        why = f"malformed data ({e})"
    if why:
        raise StateError(f"impossible game state: {why}")


def tiles_in_play(s: Position) -> Counter:
    """Every hex tile wherever it is: supplies, box, depots, storage, estates, the tile a
    full storage is deciding about, and Châteauma's."""
    c = Counter(chain(*s.bags, s.black_bag, s.box, *s.depots, s.black,
                      *(p.storage for p in s.players), *(p.estate for p in s.players),
                      (f.arg[0] for f in s.frames if f.kind == "discard"),
                      s.chateauma.tiles() if s.chateauma else (),
                      *(m.tiles_held(s) for m in s.hooks.modules)))
    for twice in s.hooks.counted_twice:  # shared holdings in two seats' records
        c.subtract(twice(s)[0])
    del c[-1]  # empty spaces
    return c


def goods_in_play(s: Position) -> list[int]:
    """Goods tiles per type (index 1-6) in the supply, the depots, players' storages, sold,
    and still face down for the rounds of this phase to come."""
    total = s.goods_pool[:]
    for g in s.depot_goods:
        total = [a + b for a, b in zip(total, g)]
    for p in s.players:
        total = [a + b + c for a, b, c in zip(total, p.goods, p.sold)]
    for twice in s.hooks.counted_twice:  # shared goods in two seats' records
        total = [a - b for a, b in zip(total, twice(s)[1])]
    for held in s.hooks.goods_held:
        out = held(s)
        if out:
            total = [a + b for a, b in zip(total, out)]
    if s.chance != "phase":
        # At 'roll' this round's goods are still face down, and so at a module's own draw
        # once the depots are filled (the vineyards'); after it they lie in a depot.
        face_down = s.chance == "roll" or any(s.chance in m.chance_steps
                                              for m in s.hooks.modules)
        for t in s.round_goods[s.round + (not face_down):]:
            total[t] += 1
    return total


_INT = {int}
_PHASES = set(range(-1, 5))


@cache
def _colour_tables(kinds: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Indexed by a tile kind, or -1 for an empty space: its colour (-1 for none), and
    whether it is a tile of any colour. Keyed by the number of kinds, since a module
    defined outside the rules' data adds kinds after this file is read."""
    return ((*KIND_COLOUR[:kinds], -1),
            (*(c == ANY_COLOUR for c in KIND_COLOUR[:kinds]), False))


def _int(value: object, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi


def _ints(values: object, length: int, lo: int, hi: int) -> bool:
    """A list of `length` plain ints (not True or 1.0) from lo to hi."""
    return (type(values) is list and len(values) == length and set(map(type, values)) <= _INT
            and (not values or lo <= min(values) and max(values) <= hi))


def _first_violation(s: Position) -> str | None:
    config = s.config
    n = config.players
    automa = config.chateauma_seat
    if not _int(s.phase, -1, 4) or not _int(s.round, 0, 4):
        return f"phase {s.phase!r}, round {s.round!r} (phases 0-4, rounds 0-4, -1 = setup)"
    steps = CHANCE_STEPS + (AUTOMA_STEPS if config.chateauma else ()) + s.hooks.setup_chances \
        + tuple(step for m in s.hooks.modules for step in m.chance_steps)
    if s.chance is not None and s.chance not in steps:
        return f"unknown chance step {s.chance!r}"
    if type(s.terminal) is not bool or type(s.bought) is not bool:
        return "'terminal' and 'bought' are true or false"
    started = s.chance != "start_player"
    if len(s.players) != (n if started else 0):
        return (f"{len(s.players)} player records for {n} players"
                if started else "player records before the start player is chosen")
    if not started:
        return _fresh_violation(s)
    if sorted(s.order) != list(range(n)) or not _int(s.turn_index, 0, n):
        return f"turn order {s.order!r} at position {s.turn_index!r} for {n} players"
    if not _int(s.start_player, 0, n - 1) or not _int(s.stamp, 0, MAX_COUNT):
        return f"start player {s.start_player!r}, turn order stamp {s.stamp!r}"
    if (s.chateauma is not None) != (config.chateauma is not None) or (
            s.chateauma is not None and s.chateauma.seat != automa):
        return "Châteauma's material does not match the configuration"
    why = _frames_violation(s, automa) or (_automa_violation(s) if s.chateauma else None)
    if why:
        return why
    for seat, p in enumerate(s.players):
        why = _player_violation(s, seat, p, automa)
        if why:
            return f"player {seat}: {why}"
    why = _supply_violation(s)
    if why:
        return why
    for m in s.hooks.modules:
        why = m.check_state(s)
        if why:
            return f"{m.id}: {why}"
    if s.decision is not None and not cached_legal_actions(s):
        return f"player {s.current_player} must decide '{s.decision}' but has no choice"
    return None


# What a game waiting for its start player holds: everything as a new game has it.
_FRESH = ("phase", "round", "depot_colours", "depots", "depot_goods", "black", "round_goods",
          "white", "bags", "black_bag", "goods_pool", "box", "bonus_taken", "frames", "order",
          "turn_index", "bought", "start_player", "drawn_boards", "stamp", "terminal",
          "chateauma", "steps")


def _fresh_violation(s: Position) -> str | None:
    fresh = Position(s.config)
    for name in _FRESH:
        if repr(getattr(s, name)) != repr(getattr(fresh, name)):  # repr: 1 is not 1.0 or True
            return f"a game waiting for its start player has {name} {getattr(s, name)!r}"
    for m in s.hooks.with_ext:
        if repr(m.ext_to_json(s.ext[m.id])) != repr(m.ext_to_json(fresh.ext[m.id])):
            return f"a game waiting for its start player has {m.id} under way"
    return None


def _ints_tuple(value: object, lo: int, hi: int) -> bool:
    return type(value) is tuple and all(_int(v, lo, hi) for v in value)


def _frame_arg_violation(s: Position, f) -> str | None:
    """The base game's decisions and what they carry (a module checks its own in its
    check_state)."""
    kind, arg = f.kind, f.arg
    if kind in s.hooks.frame_owner:
        return None
    if kind == "discard":
        ok = (type(arg) is tuple and len(arg) == 4 and _int(arg[0], 0, len(KIND_NAMES) - 1)
              and _int(arg[1], -1, 6) and _int(arg[2], -1, MAX_COUNT)
              and (arg[3] is None or arg[3] in ("silver", "workers") or arg[3] in STORED))
    elif kind == "keep_goods":
        ok = (type(arg) is tuple and len(arg) == 3 and _ints_tuple(arg[0], 1, 6)
              and 1 <= len(arg[0]) <= 2 and _ints_tuple(arg[1], 1, GOODS_TYPES)
              and _int(arg[2], 0, GOODS_TYPES))
    elif kind == "board":
        ok = (type(arg) is tuple and bool(arg)
              and all(type(b) is str and b in s.hooks.board_deal.pool for b in arg))
    elif kind == "pick":
        ok = type(arg) is int and arg in PICK_COLOURS
    elif kind == "castle":
        ok = arg is None or type(arg) is str  # a module's castle's action says whose
    else:
        ok = arg is None
    return None if ok else f"decision {kind!r} with {arg!r}"


def _frames_violation(s: Position, automa: int) -> str | None:
    frames = s.frames
    if type(s.steps) is not tuple or any(step not in STEPS for step in s.steps):
        return f"unknown phase-end steps {s.steps!r}"
    if s.steps and s.chance is None and not s.terminal:
        # A phase or game end waits on decisions its steps asked for.
        # A step's decision may lead to a placement's effect decisions on top of it (a
        # tile placed at a phase end).
        step_frames = s.hooks.step_frames
        if not frames or any(
                f.kind not in step_frames and f.kind not in EFFECT_DECISIONS
                and f.kind not in s.hooks.effect_frames for f in frames):
            return "the phase end waits with no decision of its own pending"
        return None
    if s.terminal:
        early = any(ended(s) for ended in s.hooks.ended_early)
        if frames or s.chance is not None or (
                (s.phase, s.round, s.turn_index) != (4, 4, s.n) and not early):
            return "the game is over before the last turn of phase E, or goes on after it"
        return None
    if s.chance is not None:
        return "a decision is pending at a chance step" if frames else None
    if not frames:
        return "no decision and no chance step is pending"
    deciders = s.config.deciders
    for f in frames:
        if not _int(f.player, 0, deciders - 1):
            return f"a decision for seat {f.player!r}"
        why = _frame_arg_violation(s, f)
        if why:
            return why
    if s.in_module_setup:
        # A module's setup decision (the arranged trade routes): after the start goods,
        # before the first phase's setup; one at a time, no turn under it.
        if len(frames) != 1 or (s.phase, s.round, s.turn_index) != (0, 0, 0) \
                or any(s.depots):
            return "a module's setup decision outside the setup"
        return None
    if s.phase < 0:
        if any(f.kind not in SETUP_DECISIONS for f in frames):
            return "only boards and start castles are chosen before the first phase"
        return None
    bottom, *effects = frames
    if bottom.kind != "turn" or bottom.player != s.order[s.turn_index]:
        return (f"the bottom decision is {bottom.kind!r} of seat {bottom.player}, not the "
                f"turn of seat {s.order[s.turn_index]}")
    for f in effects:
        if (f.kind not in EFFECT_DECISIONS and f.kind not in s.hooks.effect_frames) \
                or f.player != bottom.player:
            return f"decision {f.kind!r} of seat {f.player} on top of seat {bottom.player}'s turn"
    if bottom.player == automa:
        return "Châteauma never decides"
    return None


def _automa_violation(s: Position) -> str | None:
    c = s.chateauma
    if (c.level, c.modifiers) != parse_difficulty(s.config.chateauma or ""):
        return f"Châteauma plays {s.config.chateauma}, not {c.level} {c.modifiers}"
    cards = [card for card in c.cards if card]
    deck = s.hooks.chateauma_deck if s.hooks.chateauma_deck is not None else CARDS
    if sorted(cards + c.deck + c.discarded) != sorted(deck) or len(c.cards) != 2:
        return "Châteauma's area cards are not each in one place"
    if [len(t) for t in c.card_tiles] != [len(AREA_CARDS[card].colours) if card else 0
                                          for card in c.cards]:
        return "Châteauma's card spaces do not match its cards"
    if not _int(c.die, 0, 6) or not all(
            a in ("purchase", "refill", "roll") or a.startswith("extra ") for a in c.agenda):
        return "Châteauma's turn is not one it can be in"
    return None


def _player_violation(s: Position, seat: int, p, automa: int) -> str | None:
    counts = [p.silver, p.workers, p.score, p.track_pos, p.track_stamp, p.live_knowledge]
    if not _ints(counts, 6, 0, MAX_COUNT):
        names = ("silver", "workers", "score", "track", "track stamp", "live knowledge")
        name, value = next((n, v) for n, v in zip(names, counts) if not _int(v, 0, MAX_COUNT))
        return f"{name} {value!r} is not a count 0-{MAX_COUNT}"
    if not _ints(p.goods, GOODS_TYPES + 1, 0, GOODS_PER_TYPE) or p.goods[0]:
        return f"goods {p.goods[1:]!r}"
    if not _ints(p.sold, GOODS_TYPES + 1, 0, GOODS_PER_TYPE) or p.sold[0]:
        return f"sold goods {p.sold[1:]!r}"
    if seat != automa and p.goods_types_held > goods_types_limit(s, seat):
        return f"more than {goods_types_limit(s, seat)} goods types held"
    spaces = s.hooks.storage_spaces or START["storage_spaces"]
    if s.hooks.storage_room and spaces < len(p.storage) <= MOST_STORAGE:
        spaces = len(p.storage)  # a module lets it grow
    if not _ints(p.storage, spaces, -1, len(KIND_NAMES) - 1):
        return f"storage {p.storage!r} ({spaces} spaces)"
    if not _ints(p.dice, 2, 0, 6) or not all(type(u) is bool for u in p.used) or len(p.used) != 2:
        return f"dice {p.dice!r}, used {p.used!r}"
    if (not p.used[0] and not p.dice[0]) or (not p.used[1] and not p.dice[1]):
        return f"an unused die shows no number: dice {p.dice!r}, used {p.used!r}"
    if type(p.breakdown) is not dict or not set(map(type, p.breakdown)) <= {str} or not _ints(
            list(p.breakdown.values()), len(p.breakdown), -MAX_COUNT, MAX_COUNT):
        return "points by category"
    if p.score != sum(p.breakdown.values()):
        return f"score {p.score} is not the sum of its categories"
    if not all(_int(c, 0, 5) and _int(r, 1, 2) for c, r in p.bonus_tiles):
        return f"bonus tiles {p.bonus_tiles!r}"
    if seat == automa:
        return None if not p.placements else "Châteauma lays out no estate board"
    if p.board is None:
        if p.placements or s.phase >= 0:
            return "no estate board"
        return None
    placed = p.placements
    if bin(p.occupied).count("1") != len(placed):
        return "two tiles on one estate space"
    if not set(map(type, chain.from_iterable(placed))) <= _INT or not {
            phase for _, _, phase in placed} <= _PHASES:
        return "placements are (space, tile, phase -1 to 4) numbers"
    # The estate is rebuilt from the placements; a tile of each space's colour matches it
    # (empty spaces map to -1, no colour), or a tile of any colour lies there.
    colour_or_none, any_or_not = _colour_tables(len(KIND_COLOUR))
    if sum(map(eq, map(colour_or_none.__getitem__, p.estate), p.board.colour)) + sum(
            map(any_or_not.__getitem__, p.estate)) != len(placed):
        return "a tile lies on an estate space of another colour"
    if s.phase >= 0 and not p.placements:
        return "no start castle"
    return None


def _supply_violation(s: Position) -> str | None:
    if len(s.depots) != 6:
        return "there are 6 numbered depots"
    if s.chance == "phase" or not s.depot_colours:
        if any(s.depots) or s.black:
            return "depot tiles before the phase has dealt them"
    else:
        if [len(r) for r in s.depots] != [len(r) for r in s.depot_colours]:
            return "the depots do not have the phase's spaces"
        tiles = list(chain(*s.depots))
        colour_or_none = _colour_tables(len(KIND_COLOUR))[0]
        fits = sum(map(eq, map(colour_or_none.__getitem__, tiles), chain(*s.depot_colours)))
        if fits != len(tiles) - tiles.count(-1):
            return "a tile on a depot space of another colour"
    if dict.__ne__(tiles_in_play(s), all_tiles(s.config)):  # Counter's own == runs in Python
        return "hex tiles are not conserved (a tile is missing or in two places)"
    if not _ints(s.goods_pool, GOODS_TYPES + 1, 0, GOODS_PER_TYPE) or len(s.depot_goods) != 6 or \
            not all(_ints(g, GOODS_TYPES + 1, 0, GOODS_PER_TYPE) for g in s.depot_goods):
        return "goods counts out of range"
    if not all(_int(t, 1, GOODS_TYPES) for t in s.round_goods) or len(s.round_goods) > 5:
        return f"the phase's goods {s.round_goods!r}"
    if goods_in_play(s)[1:] != [GOODS_PER_TYPE] * GOODS_TYPES:
        return "goods tiles are not conserved"
    # Every phase still to be set up draws its goods from the supply, which never refills.
    coming = 5 - s.phase if s.chance == "phase" or not s.depot_colours else 4 - s.phase
    if sum(s.goods_pool) < GOODS_PER_PHASE * coming:
        return f"the goods supply cannot fill the {coming} phases to come"
    held = Counter(colour for p in s.players for colour, _ in p.bonus_tiles)
    if not _ints(s.bonus_taken, 6, 0, 2) or s.bonus_taken != [held[c] for c in range(6)]:
        return "the bonus tiles taken do not match the players' bonus tiles"
    if not _int(s.white, 0, 6):
        return f"white die {s.white!r}"
    return None
