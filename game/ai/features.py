"""A position as a fixed-length vector of numbers, from one seat's point of view.

The learned evaluation (learned.py) reads a position through this vector only. It holds
what the table shows and nothing else: never the order or contents of the tile bags, the
black-backed supply, the goods still unrevealed or Châteauma's face-down tiles.

The vector has four player slots: the seat itself first, then the others in seat order
after it (an empty slot is all zeros, so one network serves every player count). Each
slot holds the player's points and the hand-tuned evaluation's value of its position
(evaluate.py: the network learns a correction of it more easily than the whole game),
silver, workers, goods by die number, goods types sold, stored tiles by colour, the estate
by colour (share placed, spaces missing), its areas (finished, begun and how many tiles
each still lacks), the monasteries held, colour bonus tiles, the turn-order track and the
dice still to use. The rest is shared: phase and round, turns left, the player count, the
colour bonus tiles taken, and the offer (the numbered depots' tiles by colour, the black
depot's tiles by colour and the goods waiting in the depots).

Scales keep every entry near the range 0-1; the network standardizes them again.
"""

from __future__ import annotations

import numpy as np

from ..rules import (COLOURS, GOODS_TYPES, KIND_COLOUR, KNOWLEDGE_COUNT, GameState, PlayerState,
                     colour_bonus_points)
from .evaluate import ROUNDS, Evaluator, turns_left

SLOTS = 4
PHASES = 5
ROUNDS_PER_PHASE = 5
COLOUR_COUNT = len(COLOURS)

# Per player slot: present, score, value, silver, workers, goods by type, types sold,
# stored tiles by colour, share and missing spaces per colour, areas (finished, begun,
# begun by tiles missing 1/2/3/4+), monasteries, bonus tiles (count, points), track
# (position, players ahead), dice unused.
SLOT_SIZE = (3 + 2 + GOODS_TYPES + 1 + COLOUR_COUNT + 2 * COLOUR_COUNT + 6
             + KNOWLEDGE_COUNT + 2 + 2 + 1)
# Shared: phase (setup + 5), round (5), turns left, players (2-4), whose move, chance
# pending, colour bonus tiles taken, depots' tiles by colour, black depot by colour, depot
# goods by type.
SHARED_SIZE = ((PHASES + 1) + ROUNDS_PER_PHASE + 1 + 3 + 2 + COLOUR_COUNT + 2 * COLOUR_COUNT
               + GOODS_TYPES)
SIZE = SLOTS * SLOT_SIZE + SHARED_SIZE
# The monasteries' numbers, one flag each in a slot.
_MONASTERIES = range(1, KNOWLEDGE_COUNT + 1)


def seat_order(state: GameState, seat: int) -> list[int]:
    """The seats in slot order: `seat`, then the others in seat order after it."""
    return [(seat + i) % state.n for i in range(state.n)]


def _slot(out: list[float], state: GameState, p: PlayerState, value: float) -> None:
    out += (1.0, p.score / 100, value / 100, p.silver / 10, p.workers / 10)
    out += [g / 5 for g in p.goods[1:GOODS_TYPES + 1]]
    sold = p.sold[1:]
    out.append((len(sold) - sold.count(0)) / GOODS_TYPES)
    stored = [0] * COLOUR_COUNT
    for k in p.storage:
        if k >= 0 and KIND_COLOUR[k] < COLOUR_COUNT:  # a tile of any colour counts for none
            stored[KIND_COLOUR[k]] += 1
    out += [c / 3 for c in stored]
    board = p.board
    if board is None:  # Châteauma has no estate
        out += [0.0] * (2 * COLOUR_COUNT + 6)
    else:
        for c in range(COLOUR_COUNT):
            total = board.colour_total[c]
            count = p.colour_count[c]
            out += (count / total if total else 1.0, (total - count) / 12)
        finished = begun = 0
        missing = [0, 0, 0, 0]
        occupied = p.occupied
        for a, mask in enumerate(board.area_mask):
            k = (mask & occupied).bit_count()
            size = board.area_size[a]
            if k == size:
                finished += 1
            elif k:
                begun += 1
                missing[min(size - k, 4) - 1] += 1
        out += (finished / 20, begun / 10, missing[0] / 5, missing[1] / 5, missing[2] / 5,
                missing[3] / 5)
    kn = p.knowledge
    out += [float(kn >> n & 1) for n in _MONASTERIES]
    bonus = sum(colour_bonus_points(state.config.table_players, rank)
                for _, rank in p.bonus_tiles)
    out += (len(p.bonus_tiles) / 6, bonus / 20)
    ahead = sum(1 for q in state.players if q is not p and
                (q.track_pos, q.track_stamp) < (p.track_pos, p.track_stamp))
    out += (p.track_pos / 10, ahead / 3)
    out.append(sum(1 for u in p.used if not u) / 2)


def features(state: GameState, seat: int, values: list[float] | None = None,
             evaluator: Evaluator | None = None) -> np.ndarray:
    """The position from `seat`'s point of view as a vector of SIZE numbers. `values` are
    the hand-tuned evaluation's values of every seat (computed with `evaluator`, or the
    default one, when not given)."""
    if values is None:
        evaluator = evaluator or Evaluator()
        values = [evaluator.value(state, s) for s in range(state.n)]
    out: list[float] = []
    for s in seat_order(state, seat):
        _slot(out, state, state.players[s], values[s])
    out += [0.0] * (SLOT_SIZE * (SLOTS - state.n))
    phase = [0.0] * (PHASES + 1)
    phase[min(state.phase, PHASES - 1) + 1] = 1.0
    rnd = [0.0] * ROUNDS_PER_PHASE
    if state.phase >= 0:
        rnd[min(state.round, ROUNDS_PER_PHASE - 1)] = 1.0
    out += phase
    out += rnd
    out.append(turns_left(state, seat) / ROUNDS)
    out += [float(state.n == n) for n in (2, 3, 4)]
    mover = not state.terminal and state.chance is None and state.current_player == seat
    out += (float(mover), float(state.chance is not None))
    out += [t / 2 for t in state.bonus_taken]
    offer = [0] * COLOUR_COUNT
    for depot in state.depots:
        for k in depot:
            if k >= 0:
                offer[KIND_COLOUR[k]] += 1
    black = [0] * COLOUR_COUNT
    for k in state.black:
        if k >= 0 and KIND_COLOUR[k] < COLOUR_COUNT:
            black[KIND_COLOUR[k]] += 1
    goods = [0] * GOODS_TYPES
    for depot in state.depot_goods:
        for g in range(1, GOODS_TYPES + 1):
            goods[g - 1] += depot[g]
    out += [c / 4 for c in offer]
    out += [c / 4 for c in black]
    out += [g / 4 for g in goods]
    return np.asarray(out, dtype=np.float64)


VALUE = 2  # the index of the hand-tuned value within a slot
PLAYERS = SLOTS * SLOT_SIZE + (PHASES + 1) + ROUNDS_PER_PHASE + 1  # the player count's flags


def pair_features(state: GameState, seat: int, values: list[float]) -> np.ndarray:
    """A game of three or four players as a network trained on two-player games reads it:
    the seat against its best opponent by the hand-tuned value (the one the advantage
    measures it against) in the first two slots, the other slots empty and the player
    count two. The table's other parts (the offer, the track) stay as they are."""
    x = features(state, seat, values)
    order = seat_order(state, seat)
    best = max(order[1:], key=lambda s: values[s])
    k = order.index(best)
    x[SLOT_SIZE:2 * SLOT_SIZE] = x[k * SLOT_SIZE:(k + 1) * SLOT_SIZE]
    x[2 * SLOT_SIZE:SLOTS * SLOT_SIZE] = 0.0
    x[PLAYERS:PLAYERS + 3] = (1.0, 0.0, 0.0)
    return x


def hand_margin(x: np.ndarray) -> np.ndarray:
    """The hand-tuned advantage of the seat (its value less the best opponent's) read back
    from feature rows, as the learned evaluation corrects it."""
    x = np.atleast_2d(x)
    mine = x[:, VALUE] * 100
    others = np.full(len(x), -np.inf)
    for slot in range(1, SLOTS):
        start = slot * SLOT_SIZE
        present = x[:, start] > 0
        others = np.where(present, np.maximum(others, x[:, start + VALUE] * 100), others)
    return np.where(np.isfinite(others), mine - others, mine)
