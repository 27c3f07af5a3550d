"""Changing a die with workers (1 <-> 6 wraps) and the free changes of monasteries 8-12."""

from __future__ import annotations

from .tiles import KIND_COLOUR

# What using a die is for; monasteries 9-12 give a free +/-1 to some of these.
# USE_PLACE_OTHER: placing a tile of any colour (an inn), which none of monasteries 9-11
# names (docs/rules-decisions.md P-IN-2).
USE_TAKE, USE_PLACE_BUILDING, USE_PLACE_SHIP_ANIMAL, USE_PLACE_CASTLE_MINE_MONASTERY, \
    USE_SELL, USE_PLACE_OTHER = range(6)

# Index of the tile-colour-specific placement use (castle, mine, monastery, ship, pasture,
# building, then tiles.ANY_COLOUR), so placing a tile of colour c is PLACE_USE[c].
PLACE_USE = (USE_PLACE_CASTLE_MINE_MONASTERY, USE_PLACE_CASTLE_MINE_MONASTERY,
             USE_PLACE_CASTLE_MINE_MONASTERY, USE_PLACE_SHIP_ANIMAL, USE_PLACE_SHIP_ANIMAL,
             USE_PLACE_BUILDING, USE_PLACE_OTHER)

# Monastery granting a free +/-1 for each use (monastery numbers 9-12), 0 for none.
FREE_CHANGE_MONASTERY = {USE_TAKE: 12, USE_PLACE_BUILDING: 9, USE_PLACE_SHIP_ANIMAL: 10,
                         USE_PLACE_CASTLE_MINE_MONASTERY: 11, USE_SELL: 0, USE_PLACE_OTHER: 0}


def distance(a: int, b: int) -> int:
    d = abs(a - b)
    return min(d, 6 - d)


def _cost(a: int, b: int, step: int, free: int) -> int:
    d = max(0, distance(a, b) - free)
    return -(-d // step)


# COST[step - 1][free][a][b]: workers needed to use a die showing a as b.
COST = tuple(tuple(tuple(tuple(_cost(a, b, step, free) if a and b else 99 for b in range(7))
                         for a in range(7)) for free in (0, 1)) for step in (1, 2))


def workers_needed(die: int, value: int, knowledge: int, use: int) -> int:
    """Workers a player with the given monastery bitmask spends to use `die` as `value`."""
    step = 2 if knowledge >> 8 & 1 else 1
    m = FREE_CHANGE_MONASTERY[use]
    free = 1 if m and knowledge >> m & 1 else 0
    return COST[step - 1][free][die][value]


def die_use(action: str, kind: int = -1) -> int:
    """What a die action uses its die for: 'take' a tile, 'sell' goods, or 'place' a tile
    of this kind (its colour decides which monastery makes a change free)."""
    if action == "take":
        return USE_TAKE
    if action == "sell":
        return USE_SELL
    return PLACE_USE[KIND_COLOUR[kind]]
