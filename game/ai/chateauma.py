"""Châteauma's seat valued like a player's: its points so far plus what its holdings will
bring, so that the margin over it is measured on the same footing as a player's value.

Its points come in lumps (a whole area card's at once), which a player's turn cannot
change but a continuation's turn of Châteauma can: valued by its score alone, a
continuation that ends just before a card is finished and one that ends just after it
differ by the card's points, and the denial of a tile it needed shows only when the card
happens to finish within the look-ahead. Valued by its holdings, every tile it places,
buys or misses counts at once:

- an area card: its points by the share of spaces filled, as far as the turns left let it
  be finished (one tile a turn, the cards filled one after the other); otherwise its
  tiles count 2 each at the end (END_SCORING card_tile);
- colour bonus tiles: the share of the colour's estate spaces covered or about to be
  (tiles on its cards go there when the card is finished), as for a player;
- its end scoring: face-up monasteries 4, reserve tiles 1 (or a card space filled when no
  depot tile fits), silver and goods 1 each (a sale first, while turns remain), mines a
  silver at each phase end to come;
- with the vineyards, its stack of double tiles as it would score now (1, 3, 6, ... for
  1, 2, 3, ... tiles): each tile it stacks is worth more than the last, so a double tile
  taken from under it counts as much as the tiles it holds.

What it will still draw and place in the turns left is not projected, as a player's
income from turns to come is not: the margin over Châteauma then compares like with
like, and where it is one of several opponents, the best of them is judged on the same
footing (counting its turns to come would make it look like the leader all game).
"""

from __future__ import annotations

from ..rules import (CHATEAUMA_CARDS, CHATEAUMA_EMPTY, CHATEAUMA_END_SCORING, CHATEAUMA_ESTATES,
                     KIND_COLOUR, MINE, MONASTERY, GameState,
                     colour_bonus_points, goods_points_per_tile, vineyard_outlook)

CARD_TILE = CHATEAUMA_END_SCORING["card_tile"]
RESERVE_TILE = CHATEAUMA_END_SCORING["reserve_tile"]
END_MONASTERY = CHATEAUMA_END_SCORING["monastery"]
# A reserve tile early fills a card space later (a share of a card's points) rather
# than scoring its end point.
RESERVE_EARLY = 1.0
# Turns a card space takes: nearly every turn fills one (a depot tile, else a reserve
# tile, else a joker; 2 silver when none is left).
TURNS_PER_SPACE = 1.1
# Each estate's spaces by colour (Estate.colour_spaces scans the 37 spaces on every call).
COLOUR_SPACES = {e.id: tuple(tuple(e.colour_spaces(colour)) for colour in range(6))
                 for e in CHATEAUMA_ESTATES.values()}
# The share of its goods a sell symbol reaches before the end (only the kind it holds
# most of sells at once).
SALE_ODDS = 0.5


def feasible(turns: float, needed: float) -> float:
    """The odds that `needed` turns of work are done in `turns`. Sharper than a player's
    areas' (evaluate._Tables._feasible): Châteauma fills a space nearly every turn, so a
    card needing more turns than are left is rarely finished."""
    if needed <= 0:
        return 1.0
    if turns <= 0:
        return 0.0
    return min(1.0, turns / needed) ** 3


def chateauma_key(state: GameState) -> tuple:
    """Everything its value depends on, for the evaluation's cache: its material changes
    only in its own turn and at phase ends, so inside a player's turn every lookup repeats.
    Its estate changes only when a card is done (`discarded`) or at its setup (`history`)."""
    c = state.chateauma
    p = state.players[c.seat]
    return (c.seat, state.phase, state.round, state.turn_index, tuple(state.order),
            state.chance, state.terminal, p.score, p.silver, tuple(p.goods),
            tuple(state.bonus_taken), len(p.bonus_tiles), c.cards[0], c.cards[1],
            tuple(c.card_tiles[0]), tuple(c.card_tiles[1]), tuple(map(len, c.reserve)),
            len(c.discarded), len(c.history), vineyard_outlook(state, c.seat)[0])


def chateauma_value(state: GameState, turns: int, share_table: list) -> float:
    """Châteauma's points so far and what its holdings will bring (the module docstring).
    `turns`: its turns left; `share_table`: the evaluation's bonus-tile shares for them."""
    c = state.chateauma
    p = state.players[c.seat]
    v = float(p.score)
    if state.terminal:
        return v
    f = turns / 25
    # The cards, the left one filled first (the white die favours it, and the right card
    # moves left when it is done).
    needed = 0.0
    coming = [0] * 6     # tiles on its cards by colour: the estate's when the card is done
    for slot in (0, 1):
        card = c.cards[slot]
        if not card:
            continue
        tiles = c.card_tiles[slot]
        size = len(tiles)
        filled = sum(1 for code in tiles if code != CHATEAUMA_EMPTY)
        needed += (size - filled) * TURNS_PER_SPACE
        done = feasible(turns, needed)
        points = CHATEAUMA_CARDS[card].points[c.level]
        v += done * points * filled / size + (1 - done) * CARD_TILE * filled
        for code in tiles:
            if code >= 0:  # a face-down joker's colour is hidden until the card is done
                coming[KIND_COLOUR[code]] += 1
    # Colour bonus tiles, by the share of the colour's estate spaces covered.
    by_colour = COLOUR_SPACES[c.estate_id]
    held = {colour for colour, _ in p.bonus_tiles}
    taken = state.bonus_taken
    for colour in range(6):
        if colour in held or taken[colour] >= 2:
            continue
        spaces = by_colour[colour]
        covered = sum(1 for s in spaces if c.estate[s])
        covered = min(len(spaces), covered + coming[colour])
        if covered:
            v += (colour_bonus_points(state.n, taken[colour] + 1)
                  * share_table[len(spaces)][covered])
    # Its end scoring and what silver and goods are worth.
    face_up = c.face_up()
    v += END_MONASTERY * sum(1 for k in face_up if KIND_COLOUR[k] == MONASTERY)
    v += (RESERVE_TILE + RESERVE_EARLY * f) * sum(len(r) for r in c.reserve)
    phase_ends = 5 - max(state.phase, 0)
    v += p.silver + phase_ends * sum(1 for k in face_up if KIND_COLOUR[k] == MINE)
    v += vineyard_outlook(state, c.seat)[0]
    goods = sum(p.goods)
    if goods:
        # The kind it holds most of sells at its next sell symbol; the rest may wait.
        sale = (goods_points_per_tile(state.n) - 1) * SALE_ODDS * min(1.0, 5 * f)
        v += goods * (1 + sale)
    return v
