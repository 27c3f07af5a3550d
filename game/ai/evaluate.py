"""Position evaluation: a player's final score as far as the position lets it be foreseen.

The value of a player is the points scored so far plus what the holdings are likely to be
worth by the end of the game:

- areas begun but not finished: their points and a phase bonus, scaled by how much of the
  area lies and by whether the turns left suffice to finish it;
- colour bonus tiles still to be had, the same way;
- silver, workers and goods: what they buy or sell for while turns remain, what they
  count at the end otherwise;
- tiles in storage: what placing them would bring, if the estate has a space for them
  and a die is likely to fit;
- mines (silver at each phase end still to come), monasteries (their ongoing effect, and
  the end-game ones' projected points), turn order and open estate colours.

Everything is a function of the public state, so every player can be valued alike; the
search compares a player's value with the best opponent's (`advantage`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules import (ANY_COLOUR, AREA_POINTS, BANK, BOARDING_HOUSE, BUILDING, CARPENTERS_WORKSHOP,
                     CHURCH, CITY_HALL, KIND_ANIMALS, KIND_BUILDING, KIND_COLOUR,
                     KIND_KNOWLEDGE, KIND_SPECIES, KNOWLEDGE_BUILDING_INDEX, MARKET, MINE,
                     PASTURE, PHASE_BONUS, SPECIES, WAREHOUSE, WATCHTOWER,
                     BUILDINGS, KIND_COUNT, KINDS, SHIELD_END_POINTS, GameState, PlayerState,
                     areas_can_grow, colour_bonus_points, end_knowledge,
                     goods_points_per_tile, scored_area_size,
                     placeable_mask, border_post_distances,
                     border_post_stage, border_post_tiles_left, shields_held, SPACES,
                     solo_state,
                     ROUTE_BONUSES, route_laid, route_spaces, vineyard_outlook,
                     team_partner)
from ..rules import die_distance as distance
from ..rules import SHIP, TRADE_GOODS
from ..rules import (MONASTERY_LINE_POINTS, monastery_finishers, monastery_rank_points,
                     monastery_tiles_missing)
from .chateauma import chateauma_key, chateauma_value

ROUNDS = 25  # 5 phases of 5 rounds: every player has 25 turns
# A tile kind of each colour, for asking a placement rule about a colour.
COLOUR_KIND = tuple(KIND_COLOUR.index(c) for c in range(6))
# The `tiles2` module's kinds: the crane (park) is a building type and the geese (goats) a
# species of their own; monasteries 27 (turn order) and 28 (buying workers).
CRANE = BUILDINGS.index("crane")
GEESE = SPECIES.index("geese")
BASE_BUILDINGS = CRANE          # the base game's eight building types come first
GEESE_POINTS = 2
# Monasteries that score a building type at the end: 16-23, and 29 (white castles).
BUILDING_MONASTERIES = sum(1 << n for n in KNOWLEDGE_BUILDING_INDEX)
# The `white_castles` module's building type: a white castle (or the 2011 pleasure garden).
WHITE_CASTLE = BUILDINGS.index("white_castle")
CRANE_KINDS = tuple(k for k in range(KIND_COUNT) if KIND_BUILDING[k] == CRANE)
GEESE_KINDS = tuple(k for k in range(KIND_COUNT) if KIND_SPECIES[k] == GEESE)


@dataclass(frozen=True)
class Weights:
    """The hand-tuned constants of the evaluation (points per unit unless noted)."""

    turns_per_tile: float = 1.3        # turns an unfinished area needs per missing tile
    tile_cost: float = 4.0             # the actions a missing tile still costs (take, place)
    area_exponent: float = 1.4         # >1 prefers finishing an area to starting another
    bonus_exponent: float = 2.0        # the same for colour bonus tiles
    silver_late: float = 1.0
    silver_early: float = 0.9          # extra value of silver at the game start
    silver_useful: int = 8             # more silver than this only counts at the end
    worker_late: float = 0.5
    worker_early: float = 0.7
    workers_useful: int = 6
    action: float = 3.0                # what a die action is worth when spent elsewhere
    goods_action: float = 2.0          # a sale's cost in die actions and timing
    storage_factor: float = 0.5        # a stored tile: share of its placement gain
    storage_stuck: float = 0.3         # a stored tile with no space for it yet
    castle_action: float = 4.5         # the extra action of a placed castle, early
    white_action: float = 3.2          # a white castle's extra action: the white die's number
    ship: float = 2.0                  # a ship's goods and turn-order step beyond goods held
    pick: float = 3.5                  # market, carpenter's workshop, church: a free tile
    city_hall: float = 3.5
    order: float = 2.0                 # being first in turn order, early
    open_colour: float = 0.5           # each colour with an open estate space, early
    mine_silver: float = 1.2           # a silver paid by a mine at a later phase end
    turn_order_top: float = 1.5        # monastery 27: on top of every stack, early
    buy_workers: float = 1.0           # monastery 28: silver turns into workers on demand
    geese_later: float = 0.5           # an open space of the geese's pasture: share filled
    post_reach: float = 12.0           # border posts: tiles a chain may still need and count
    line_share: float = 1.0            # monastery connections: a line's points by share laid
    tribute: float = 1.0               # a shield's silver at each phase end still to come
    # What a shield's effect is worth over a whole game (by number; index 0 unused), held
    # from the start; shields whose worth follows from the position (8 mines, 10 end
    # monasteries, 14 and 15 a tile each phase end) are valued apart, 13 doubles the rest.
    shields: tuple = field(default=(
        0.0, 6.0, 3.0, 1.0, 2.0, 5.0, 4.0, 5.0, 0.0, 4.0, 0.0, 2.0, 8.0, 0.0, 0.0, 0.0,
        5.0, 8.0, 4.0))
    shield_tile: float = 4.0           # shields 14 / 15: a tile placed at a phase end
    tribute_reserve: float = 1.5       # a silver kept for the coming tribute, per shield
    knowledge: tuple = field(default=(
        0.0, 2.5, 0.0, 3.0, 2.5, 2.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 2.5, 2.0, 3.0,
        0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))
    # ongoing monasteries by number (index 0 unused); end-game ones are projected instead


DEFAULT = Weights()


def turns_left(state: GameState, seat: int) -> int:
    """Turns the seat still has, counting the turn in progress if it is the seat's."""
    if state.terminal:
        return 0
    if state.phase < 0:
        return ROUNDS
    begun = state.phase * 5 + state.round
    if state.chance in ("roll", "phase"):
        return ROUNDS - begun  # the round counter already points at the coming round
    played = state.order.index(seat) < state.turn_index
    return ROUNDS - begun - played


class _Tables:
    """Per-weights lookup tables, indexed by turns left."""

    def __init__(self, w: Weights) -> None:
        # area[t][size][filled]: the value of an area with `filled` of `size` spaces lying.
        self.area = [[[self._area(w, t, size, k) for k in range(size + 1)]
                      for size in range(9)] for t in range(ROUNDS + 1)]
        # share[t][total][count]: the share of a colour bonus tile foreseen.
        self.share = [[[self._share(w, t, total, c) for c in range(total + 1)]
                       for total in range(40)] for t in range(ROUNDS + 1)]

    @staticmethod
    def _feasible(w: Weights, t: int, missing: int) -> float:
        if missing == 0:
            return 1.0
        if t <= 0:
            return 0.0
        return min(1.0, t / (missing * w.turns_per_tile)) ** 2

    @staticmethod
    def _area(w: Weights, t: int, size: int, filled: int) -> float:
        if size == 0 or filled == 0:
            return 0.0
        missing = size - filled
        if missing == 0:
            return 0.0  # scored already
        finish = ROUNDS - t + missing * w.turns_per_tile - 1
        phase = min(4, max(0, int(finish) // 5))
        full = AREA_POINTS[size] + PHASE_BONUS[phase] - w.tile_cost * missing
        if full <= 0:
            return 0.0
        return full * _Tables._feasible(w, t, missing) * (filled / size) ** w.area_exponent

    @staticmethod
    def _share(w: Weights, t: int, total: int, count: int) -> float:
        if total == 0 or count >= total:
            return 0.0
        return _Tables._feasible(w, t, total - count) * (count / total) ** w.bonus_exponent


_TABLES: dict[Weights, _Tables] = {}


def tables(w: Weights) -> _Tables:
    t = _TABLES.get(w)
    if t is None:
        t = _TABLES[w] = _Tables(w)
    return t


def _fit_odds(numbers: int, reach: int) -> float:
    """The odds that one of the next two dice can be turned, with up to `reach`
    workers, into one of the numbers in the bitmask (bit n = die number n)."""
    faces = sum(1 for face in range(1, 7)
                if any(numbers >> d & 1 and distance(face, d) <= reach for d in range(1, 7)))
    return 1 - (1 - faces / 6) ** 2


_FITS = [[_fit_odds(numbers, reach) for numbers in range(128)] for reach in range(3)]


def _grown_share(state: GameState, seat: int, area: int, size: int, estate: list[int]) -> float:
    """How much more an area scores than AP(size) as the estate lies (an inn in it, a
    module's enlargement: Module.area_size), as a factor."""
    grown = scored_area_size(state, seat, area, size, estate)
    return AREA_POINTS[grown] / AREA_POINTS[size] if grown != size else 1.0


def _holds_crane(p: PlayerState) -> bool:
    return any(k in p.estate for k in CRANE_KINDS)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The border posts' chain lengths by occupied spaces: a search values the same estates
# many times over, and each player's are read again for the race to the top tile.
_post_distances = functools.lru_cache(maxsize=1 << 16)(border_post_distances)


def _post_rivals(state: GameState, seat: int, missing: int) -> int:
    """The other players who have not connected all three posts and need fewer tiles to
    do so than `missing` (the seat's): those likely to take a border-post tile first.
    Châteauma, which connects by its cards, is left out."""
    rivals = 0
    for o, q in enumerate(state.players):
        if o != seat and q.board is not None and border_post_stage(state, o) < 2:
            if sum(_post_distances(q.occupied)) < missing:
                rivals += 1
    return rivals


class Evaluator:
    """Values positions for one set of weights."""

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.w = weights
        self.t = tables(weights)
        self._cache: dict[tuple, float] = {}
        self._values: dict[tuple, float] = {}

    # --- the value of one player -------------------------------------------------------

    def value(self, state: GameState, seat: int) -> float:
        if state.n == 1:  # the solo game
            return self._solo_value(state, seat)
        c = state.chateauma
        if c is not None and seat == c.seat:
            t = turns_left(state, seat)
            return chateauma_value(state, t, self.t.share[t])
        p = state.players[seat]
        if state.config.modules or p.board is None:
            return self._value(state, seat)
        # A search values the same holdings many times over (a turn's dice used in the
        # other order, the other players' known turns in every sample): everything the
        # value reads, so a repeat is looked up. Modules keep state of their own. Of the
        # configuration the rule set and Châteauma (the player count is the order's
        # length): text, whose hash Python keeps, where the whole one's is computed.
        config = state.config
        key = (seat, config.rules, config.chateauma, id(p.board), tuple(p.estate), p.score,
               p.silver, p.workers, tuple(p.goods), tuple(p.storage), p.knowledge,
               tuple(p.sold), p.live_knowledge, len(p.bonus_tiles),
               tuple([q.track_pos * 64 + q.track_stamp for q in state.players]),
               tuple(state.bonus_taken), tuple(state.order), state.phase, state.round,
               state.chance, state.turn_index, state.terminal)
        values = self._values
        v = values.get(key)
        if v is None:
            if len(values) > 20_000:
                values.clear()
            v = values[key] = self._value(state, seat)
        return v

    def _solo_value(self, state: GameState, seat: int) -> float:
        """The solo game is won by filling all 37 spaces, not by points, so everything is
        valued in spaces (SOLO_SPACE each) by what it does for filling them:

        - a filled space is a space; a stored tile half one (its take is done, its place is
          not), less while no space takes it;
        - points are worth the extra actions their resets bring: the counter and the points
          the holdings still promise (the usual evaluation less the colour bonuses the solo
          game does not pay, and less silver and workers, valued apart) fill the target
          marker's steps, each reset one action (SOLO_ACTION); the target comes down 5 at
          each, so later points count more. Not the points scored so far: a reset spends
          them, and valuing them by the target would make every reset look like a windfall.
        - silver buys black-depot tiles (a take without a die: SOLO_SILVER each, for what
          the purchases left can use, in phase E only the tiles the depot still holds)
          or, beyond that, points (1 each, into the counter);
        - workers make dice fit; a colour nearly complete promises a free black-depot tile.
        An extra action left when the turn is over is worth nothing: it has lapsed. While
        the turn goes on it is worth the reset it came from (SOLO_ACTION), since the turn
        will use it: valued at nothing there, the reset looked like a loss until its
        action was used, and a narrow beam (a look-ahead's turns, Medium) passed over the
        die action or sale that reaches the target for one that does not."""
        p = state.players[seat]
        filled = p.occupied.bit_count()
        if state.terminal:
            return SOLO_SPACE * filled + SOLO_WIN * (filled == SPACES)
        s = solo_state(state)
        t = turns_left(state, seat)
        # A stored tile is a space to come, surer where it fits now; but only as many as
        # the die actions left can place: near the end a tile taken and never placed
        # was a wasted action.
        # And no more tiles of a colour than it has empty spaces: two pastures stored for
        # the last pasture space fill one.
        board = p.board
        if board is None:
            return SOLO_SPACE * filled
        empty = [(m & ~p.occupied).bit_count() for m in board.colour_mask]
        ships = empty[SHIP]
        left = SPACES - filled
        stored = []
        for k in sorted((k for k in p.storage if k >= 0),
                        key=lambda k: not placeable_mask(p, k)):
            c = KIND_COLOUR[k]
            if c == ANY_COLOUR:
                room = left > 0
            else:
                room = empty[c] > 0
                empty[c] -= room
            if room:
                left -= 1
                stored.append(SOLO_STORED if placeable_mask(p, k) else SOLO_STUCK)
        spaces = sum(stored[:2 * t + s.extra])
        # Silver: what was held and what the mines will pay at the ends of phases A-D (the
        # end of phase E pays after the last turn, too late to spend). It buys a
        # black-depot tile each turn; in phase E (the depot is not refilled) only the
        # tiles there for a space no stored tile will fill: silver kept for purchases
        # that cannot come is worth only the points it buys.
        refill = state.phase < 4 or state.chance == "phase"
        silver = p.silver + p.colour_count[MINE] * max(0, 4 - max(state.phase, 0))
        buyable = SOLO_PURCHASE_SILVER * t
        if not refill:
            tiles = 0
            for k in state.black:
                if k < 0:
                    continue
                c = KIND_COLOUR[k]
                if c == ANY_COLOUR:
                    tiles += left > 0
                elif empty[c] > 0:
                    empty[c] -= 1
                    tiles += 1
            buyable = min(buyable, SOLO_PURCHASE_SILVER * tiles)
        purchases = min(silver, buyable)
        promised = max(0.0, self._value(state, seat, solo=True) - p.score)
        # Silver beyond the purchases buys points (1 each).
        promised += silver - purchases
        # Near the end a reset still to come is an action only if the turns left can
        # reach it: the share of the next step counts less, the steps before it in full.
        resets = _solo_resets(p.score - s.base, promised, s.target)
        whole = int(resets)
        resets = whole + (resets - whole) * min(1.0, t / SOLO_RESET_TURNS)
        v = (SOLO_SPACE * spaces
             + SOLO_ACTION * resets
             + SOLO_SILVER * purchases
             + SOLO_WORKER * min(p.workers, SOLO_WORKERS_USEFUL))
        # Goods towards black-depot tiles (SO-7 (c)): a ship placed with 5 goods in hand
        # (its own take included) trades them for a tile that fills any space, a take
        # without a die. One trade per ship space still empty, while the depot will
        # have a tile; a sale turns goods into a few points instead.
        goods = sum(p.goods)
        if goods and ships and s.tokens and t and (refill or any(k >= 0 for k in state.black)):
            v += SOLO_SPACE * SOLO_TRADE * min(goods / TRADE_GOODS, ships)
        if state.chance is None:  # the turn goes on: its extra actions are still to use
            v += SOLO_ACTION * s.extra
        # A colour completed brings a black-depot tile placed for free (SO-9): a space
        # without an action, by the share of the colour filled and the turns left. Only
        # while a tile will be there to place: in the last phase the black depot is not
        # refilled, and a promise the depot cannot keep would make the last space of a
        # colour look like a loss. At the phase setup the old depot is cleared and the
        # new one not yet dealt: phase E's tiles are still to come then.
        share_t = self.t.share[t]
        reach = 0
        if not refill:
            for k in state.black:
                if k >= 0:
                    reach |= placeable_mask(p, k)
        for c in range(6):
            if refill or reach & ~board.colour_mask[c]:
                total = board.colour_total[c]
                v += SOLO_SPACE * SOLO_REWARD * share_t[total][
                    (board.colour_mask[c] & p.occupied).bit_count()]
        # All that is a means to the spaces still empty, and worth less the fewer they
        # are: with one space left, three actions in hand are hardly more than one. So
        # the holdings count saturating towards the empty spaces (their first units at
        # full value), and filling a space always beats holding the means to fill it.
        left = SPACES - filled
        means = left * (1 - math.exp(-max(0.0, v) / (SOLO_SPACE * left))) if left else 0.0
        return SOLO_SPACE * (filled + means)

    def _value(self, state: GameState, seat: int, solo: bool = False) -> float:
        """`solo`: the points the solo game's value counts (no colour bonus tiles, and
        silver, workers and mines valued apart by _solo_value)."""
        p = state.players[seat]
        if state.terminal:
            return float(p.score)
        w = self.w
        t = turns_left(state, seat)
        f = t / ROUNDS
        v = float(p.score)
        board = p.board
        if board is None:
            return v
        area_t = self.t.area[t]
        occupied = p.occupied
        grow = areas_can_grow(state)
        for a, mask in enumerate(board.area_mask):
            k = (mask & occupied).bit_count()
            if k:
                size = board.area_size[a]
                part = area_t[size][k]
                if grow and part:
                    part *= _grown_share(state, seat, a, size, p.estate)
                v += part
        if not solo:
            v += self._bonus_share(state, p, t)
        silver_value = w.silver_late + w.silver_early * f
        worker_value = w.worker_late + w.worker_early * f
        kn = p.knowledge
        if not solo:
            if kn >> 28 & 1:
                # Monastery 28 turns a silver into 2 workers whenever the turn needs them:
                # the holdings are worth their best split, so buying gains nothing by itself.
                v += max(self._money(p.silver - j, p.workers + 2 * j, silver_value,
                                     worker_value) for j in range(p.silver + 1))
            else:
                v += self._money(p.silver, p.workers, silver_value, worker_value)
        v += self._goods(state, p, t, silver_value, worker_value)
        phase_ends = 5 - max(state.phase, 0)
        mines = p.colour_count[MINE]
        if mines and not solo:
            v += mines * phase_ends * (w.mine_silver + (kn >> 2 & 1) * worker_value)
        if kn:
            v += self._knowledge(state, p, seat, t, f)
        if state.config.modules:
            v += self._module_tiles(p, f)
            if state.config.has_module("border_posts"):
                v += self._border_posts(state, p, seat, t)
            if state.config.has_module("monastery_connections"):
                v += self._monastery_lines(state, p, seat, t)
            held = shields_held(state, seat)
            if held:
                v += self._shields(state, p, seat, held, f, phase_ends)
            if state.config.has_module("trade_routes") and any(p.goods):
                v += self._route(state, p, seat, t, f, silver_value, worker_value)

            if state.config.has_module("vineyards"):
                # the grape areas as they would score now, and what the wine bonus tiles
                # held may still score as their areas grow
                now, wine = vineyard_outlook(state, seat)
                v += now + WINE_HOPE * f * wine
        storage_value = 0.0
        for k in p.storage:
            if k >= 0:
                storage_value += self._stored(state, p, k, t, f, silver_value, worker_value)
        v += storage_value
        if state.n > 1 and p.track_pos:
            ahead = sum(1 for q in state.players if q is not p and
                        (q.track_pos, q.track_stamp) < (p.track_pos, p.track_stamp))
            v += w.order * f * ahead / (state.n - 1)
        v += w.open_colour * f * self._open_colours(p)
        return v

    @staticmethod
    def _open_colours(p: PlayerState) -> int:
        """Colours with an empty space next to the estate that a tile may go on: with a
        module's placement rule (castle_connection), a space next to the estate may still
        be closed to its colour."""
        frontier = p.frontier
        rule = p.place_rule
        if rule is None:
            return sum(1 for m in p.board.colour_mask if m & frontier)
        return sum(1 for c, m in enumerate(p.board.colour_mask)
                   if m & frontier and rule(p, COLOUR_KIND[c], m & frontier))

    def _module_tiles(self, p: PlayerState, f: float) -> float:
        """Placed crane and geese: the crane's count for monasteries 16-23 at the end, and
        the 2 points the geese add to every animal tile still to come on their pasture."""
        v = 0.0
        estate = p.estate
        for k in CRANE_KINDS:
            if k in estate and p.knowledge & BUILDING_MONASTERIES:
                v += 4.0
        for k in GEESE_KINDS:
            if k in estate:
                board = p.board
                area = board.area_mask[board.area_of[estate.index(k)]]
                later = (area & ~p.occupied).bit_count()
                v += later * (GEESE_POINTS + (p.knowledge >> 7 & 1)) * self.w.geese_later * f
        return v

    def _border_posts(self, state: GameState, p: PlayerState, seat: int, t: int) -> float:
        """The border posts' stages still to come: the phase value when the chain is
        likely done (and the top tile for all three it will find left), by the odds of
        the turns left sufficing and by how short the chain still is."""
        stage = border_post_stage(state, seat)
        if stage == 2 or t == 0:
            return 0.0
        w = self.w
        d = sorted(_post_distances(p.occupied))
        v = 0.0
        for target in range(stage + 1, 3):
            missing = d[0] + d[1] + (d[2] if target == 2 else 0)
            if missing >= w.post_reach:
                continue
            phase = min(4, int(ROUNDS - t + missing * w.turns_per_tile) // 5)
            points = PHASE_BONUS[phase]
            if target == 2:
                # BP-4: the first to connect all three takes the large tile, the second
                # the small one; a rival with a shorter way to all three is likely to
                # take the top one first.
                rank = 3 - border_post_tiles_left(state) + _post_rivals(state, seat, missing)
                if rank <= 2:
                    points += colour_bonus_points(state.config.table_players, rank)
            v += (points * _Tables._feasible(w, t, missing)
                  * (1 - missing / w.post_reach))
        return v

    def _route(self, state: GameState, p: PlayerState, seat: int, t: int, f: float,
               silver_value: float, worker_value: float) -> float:
        """The trade route's bonuses the goods held would take if sold next: each type
        as if it were sold first, its tiles on the next free spaces, by the odds of a
        sale in the turns left (as _goods)."""
        spaces = route_spaces(state, seat)
        first = len(route_laid(state, seat))
        if first >= len(spaces) or t == 0:
            return 0.0
        goods = p.goods
        v = 0.0
        for g in range(1, 7):
            for i in range(first, min(first + goods[g], len(spaces))):
                if spaces[i][0] == g:
                    v += self.route_bonus(state, p, spaces[i][1], f, silver_value,
                                          worker_value)
        held = sum(1 for c in goods if c)
        return v * min(1.0, t / (1.0 + 0.5 * held))

    def route_bonus(self, state: GameState, p: PlayerState, bonus: str, f: float,
                    silver_value: float, worker_value: float) -> float:
        """A trade-route bonus, valued as the building effect it matches."""
        spec = ROUTE_BONUSES[bonus]
        effect = spec["effect"]
        if effect == "points":
            return float(spec["amount"])
        if effect == "silver":
            return spec["amount"] * silver_value
        if effect == "workers":
            return spec["amount"] * worker_value
        if effect == "take":
            return self.w.pick * f
        return self._building_effect(state, p, WAREHOUSE, f, silver_value, worker_value)

    def _monastery_lines(self, state: GameState, p: PlayerState, seat: int, t: int) -> float:
        """The monastery lines still open: each line's points by the share of its spaces
        laid and the odds of the turns left sufficing for the rest; while a bonus for all
        three is left and the seat has not earned one, its points the same way over the
        three lines' spaces. A full line is scored already."""
        missing = monastery_tiles_missing(p.board, p.occupied)
        total = sum(missing)
        if not total or t == 0:
            return 0.0
        w = self.w
        per_line = 5
        v = 0.0
        for k in missing:
            if k:
                v += (MONASTERY_LINE_POINTS * w.line_share * _Tables._feasible(w, t, k)
                      * (per_line - k) / per_line)
        done = monastery_finishers(state)
        rank = len(done) + 1
        if seat not in done and monastery_rank_points(state.n, rank):
            all_spaces = per_line * len(missing)
            v += (monastery_rank_points(state.n, rank) * w.line_share
                  * _Tables._feasible(w, t, total) * (all_spaces - total) / all_spaces)
        return v

    def _shields(self, state: GameState, p: PlayerState, seat: int, held: tuple[int, ...],
                 f: float, phase_ends: int) -> float:
        """Shields held: their end points (doubled by 13) less the tribute still to pay,
        and what their effects bring in the turns left."""
        w = self.w
        v = sum(SHIELD_END_POINTS[n] for n in held) * (2 if 13 in held else 1)
        v -= len(held) * phase_ends * w.tribute
        # Silver (and with shield 3 workers) kept for the coming tribute: without it a
        # shield is lost at the phase end.
        payable = p.silver + (p.workers if 3 in held else 0)
        v += min(payable, len(held)) * w.tribute_reserve * f
        for n in held:
            v += w.shields[n] * f
        if 2 in held:
            v += w.shields[2] * f * (state.n - 2)  # more opponents, more gains
        if 8 in held:
            v += p.colour_count[MINE] * phase_ends * w.mine_silver
        if 10 in held:
            v += end_knowledge(state, seat)
        v += w.shield_tile * phase_ends * ((14 in held) + (15 in held))
        return v

    def _money(self, s: int, wk: int, silver_value: float, worker_value: float) -> float:
        w = self.w
        return (min(s, w.silver_useful) * silver_value
                + max(0, s - w.silver_useful) * w.silver_late
                + min(wk, w.workers_useful) * worker_value
                + max(0, wk - w.workers_useful) * w.worker_late)

    def _bonus_share(self, state: GameState, p: PlayerState, t: int) -> float:
        share_t = self.t.share[t]
        board = p.board
        total = board.colour_total
        colour_mask = board.colour_mask
        occupied = p.occupied
        taken = state.bonus_taken
        players = state.config.table_players
        points = (colour_bonus_points(players, 1), colour_bonus_points(players, 2))
        v = 0.0
        for c in range(6):
            if taken[c] < 2:
                # spaces filled, not tiles of the colour: an inn fills a space of its colour
                filled = (colour_mask[c] & occupied).bit_count()
                v += points[taken[c]] * share_t[total[c]][filled]
        return v

    def _goods(self, state: GameState, p: PlayerState, t: int, silver_value: float,
               worker_value: float) -> float:
        goods = p.goods
        if not any(goods):
            return 0.0
        w = self.w
        per_tile = goods_points_per_tile(state.config.table_players)
        kn = p.knowledge
        extra = silver_value * (1 + (kn >> 3 & 1)) + worker_value * (kn >> 4 & 1) - w.goods_action
        k15 = state.rs.knowledge_15_points if kn >> 15 & 1 else 0
        k25 = kn >> 25 & 1
        held = sum(1 for c in goods if c)
        chance = min(1.0, t / (1.0 + 0.5 * held))
        v = 0.0
        for g in range(1, 7):
            c = goods[g]
            if c:
                sale = c * (per_tile + k25) + extra + (k15 if not p.sold[g] else 0)
                v += c + max(0.0, sale - c) * chance
        return v

    def _knowledge(self, state: GameState, p: PlayerState, seat: int, t: int,
                   f: float) -> float:
        kn = p.knowledge
        w = self.w
        v = 0.0
        for n in _bits(kn):
            v += w.knowledge[n] * f if n < len(w.knowledge) else 0.0
        v += (w.turn_order_top * (kn >> 27 & 1) + w.buy_workers * (kn >> 28 & 1)) * f
        rs = state.rs
        end = end_knowledge(state, seat)
        if end:
            v += end - (p.live_knowledge if rs.knowledge_scored_live else 0)
        v += self._knowledge_projection(state, p, kn, f)
        return v

    @staticmethod
    def _knowledge_projection(state: GameState, p: PlayerState, kn: int, f: float) -> float:
        """What end-game monasteries are likely to add in the turns left."""
        v = 0.0
        rs = state.rs
        if kn >> 15 & 1:
            unsold = sum(1 for g in range(1, 7) if not p.sold[g])
            v += rs.knowledge_15_points * min(unsold, 4 * f)
        if kn >> 25 & 1:
            v += 12 * f
        if kn >> 26 & 1:
            v += rs.knowledge_26_points * 3 * f
        if kn >> 24 & 1:
            held = {KIND_SPECIES[k] for k in p.estate if k >= 0 and KIND_SPECIES[k] >= 0}
            v += 4 * max(0.0, min(4 - len(held), 3 * f))
        if kn & 0xFF << 16:
            open_building = (p.board.colour_mask[BUILDING] & ~p.occupied).bit_count()
            v += 4 * min(open_building, 2 * f) * 0.5 * (kn >> 16 & 0xFF).bit_count()
        return v

    def _stored(self, state: GameState, p: PlayerState, k: int, t: int, f: float,
                silver_value: float, worker_value: float) -> float:
        """A tile in storage: its best placement's gain, by the odds of a die fitting."""
        w = self.w
        if t == 0:
            return 0.0
        mask = placeable_mask(p, k)
        effect = self._effect(state, p, k, f, silver_value, worker_value)
        if not mask:
            if KIND_COLOUR[k] == PASTURE:
                effect = KIND_ANIMALS[k]
            return max(0.0, effect) * w.storage_stuck * f
        board = p.board
        colour = KIND_COLOUR[k]
        area_t = self.t.area[t]
        occupied = p.occupied
        grow = areas_can_grow(state)
        seat = state.players.index(p) if grow else -1
        any_colour = colour == ANY_COLOUR
        bonus = 0.0 if any_colour else self._bonus_gain(state, p, colour, t)
        best = -1e9
        numbers = 0
        for s in _bits(mask):
            a = board.area_of[s]
            size = board.area_size[a]
            filled = (board.area_mask[a] & occupied).bit_count()
            if grow:
                # the area as it would score with this tile in it (an inn's area is larger);
                # on a copy of the estate, which another thread may be drawing
                placed = p.estate[:]
                placed[s] = k
                now = _grown_share(state, seat, a, size, placed)
                before = _grown_share(state, seat, a, size, p.estate)
            else:
                now = before = 1.0
            if filled + 1 == size:
                gain = AREA_POINTS[size] * now + PHASE_BONUS[min(4, (ROUNDS - t) // 5)]
            else:
                gain = area_t[size][filled + 1] * now
            gain -= area_t[size][filled] * before
            if colour == PASTURE:
                gain += self._animal_points(p, k, a, f)
            elif any_colour:
                gain += self._bonus_gain(state, p, board.colour[s], t)
            if gain > best:
                best = gain
            numbers |= 1 << board.die[s]
        best += bonus + effect - w.action
        if best <= 0:
            return 0.0
        fits = _FITS[min(p.workers, 2)][numbers]
        return best * w.storage_factor * (0.5 + 0.5 * fits) * min(1.0, t / 2)

    def _bonus_gain(self, state: GameState, p: PlayerState, colour: int, t: int) -> float:
        """What one more filled space of a colour adds to its bonus tile's foreseen share."""
        taken = state.bonus_taken[colour]
        if taken >= 2:
            return 0.0
        board = p.board
        total = board.colour_total[colour]
        count = (board.colour_mask[colour] & p.occupied).bit_count()
        share_t = self.t.share[t]
        points = colour_bonus_points(state.config.table_players, taken + 1)
        if count + 1 == total:
            return points - points * share_t[total][count]
        return points * (share_t[total][count + 1] - share_t[total][count])

    def _animal_points(self, p: PlayerState, k: int, area: int, f: float) -> float:
        species = KIND_SPECIES[k]
        mask = p.board.area_mask[area]
        estate = p.estate
        k7 = p.knowledge >> 7 & 1
        if species == GEESE:
            # 2, the best species there, and 2 for every animal tile placed there later.
            by_species = [0] * len(SPECIES)
            for s in _bits(mask & p.occupied):
                other = KIND_SPECIES[estate[s]]
                if other >= 0:
                    by_species[other] += KIND_ANIMALS[estate[s]] + k7
            by_species[GEESE] = 0
            later = (mask & ~p.occupied).bit_count() - 1
            return (GEESE_POINTS + k7 + max(by_species)
                    + later * (GEESE_POINTS + k7) * self.w.geese_later * f)
        points = KIND_ANIMALS[k]
        for s in _bits(mask & p.occupied):
            other = KIND_SPECIES[estate[s]]
            if other == species:
                points += KIND_ANIMALS[estate[s]] + k7
            elif other == GEESE:
                points += GEESE_POINTS + k7
        return points + k7

    def _effect(self, state: GameState, p: PlayerState, k: int, f: float,
                silver_value: float, worker_value: float) -> float:
        """What placing a tile of this kind brings besides its area and colour: the value
        of its placement effect (EFFECT_VALUES, by the kind's effect in the rules' tile
        registry; a kind whose effect has no value here is an error, not a zero)."""
        return EFFECT_VALUES[KINDS[k].effect](self, state, p, k, f, silver_value,
                                              worker_value)

    def _value_double_tile(self, state, p, k, f, silver_value, worker_value) -> float:
        """Half a double tile (it fills two storage spaces): on the vineyard it gives two
        icons, about a building's effect each, and two grape halves toward the wine bonus
        tiles' areas."""
        return DOUBLE_TILE_HALF * f

    def _value_castle(self, state, p, k, f, silver_value, worker_value) -> float:
        return self.w.castle_action * (0.6 + 0.4 * f)

    def _value_white_castle(self, state, p, k, f, silver_value, worker_value) -> float:
        # One more die action with the white die's number (workers may change it), and a
        # building for monastery 29.
        later = 4.0 if p.knowledge >> 29 & 1 else 0.0
        return self.w.white_action * (0.6 + 0.4 * f) + later

    def _value_mine(self, state, p, k, f, silver_value, worker_value) -> float:
        return (5 - max(state.phase, 0)) * (self.w.mine_silver
                                            + (p.knowledge >> 2 & 1) * worker_value)

    def _value_monastery(self, state, p, k, f, silver_value, worker_value) -> float:
        return self._monastery_worth(state, p, KIND_KNOWLEDGE[k], f)

    def _value_ship(self, state, p, k, f, silver_value, worker_value) -> float:
        return self.w.ship * (0.5 + f)

    def _value_nothing(self, state, p, k, f, silver_value, worker_value) -> float:
        return 0.0

    def _value_animal(self, state, p, k, f, silver_value, worker_value) -> float:
        return 0.0  # its points depend on the pasture: see _animal_points

    def _value_building(self, state, p, k, f, silver_value, worker_value) -> float:
        return self._building_effect(state, p, KIND_BUILDING[k], f, silver_value, worker_value)

    def _value_crane(self, state, p, k, f, silver_value, worker_value) -> float:
        # The best building's effect now, and a building for monasteries 16-23 later.
        best = max(self._building_effect(state, p, other, f, silver_value, worker_value)
                   for other in range(BASE_BUILDINGS))
        return best + (4.0 if p.knowledge & BUILDING_MONASTERIES else 1.5 * f)

    def _building_effect(self, state: GameState, p: PlayerState, b: int, f: float,
                         silver_value: float, worker_value: float) -> float:
        w = self.w
        if b == WATCHTOWER:
            return 4.0
        if b == BANK:
            return 2 * silver_value
        if b == BOARDING_HOUSE:
            return 4 * worker_value
        if b in (MARKET, CARPENTERS_WORKSHOP, CHURCH):
            return w.pick * f
        if b == CITY_HALL:
            return w.city_hall * f
        if b == WAREHOUSE:
            return max(p.goods) * goods_points_per_tile(state.config.table_players) * 0.8 + 1
        return 0.0

    def _monastery_worth(self, state: GameState, p: PlayerState, n: int, f: float) -> float:
        rs = state.rs
        if n < len(self.w.knowledge) and self.w.knowledge[n]:
            return self.w.knowledge[n] * f
        if n == 2:
            return p.colour_count[MINE] * (5 - max(state.phase, 0)) * 0.6 + 2 * f
        if n == 15:
            sold = sum(1 for g in range(1, 7) if p.sold[g])
            return rs.knowledge_15_points * (sold + min(6 - sold, 4 * f))
        if n == 25:
            return sum(p.sold) + 12 * f
        if n == 26:
            return rs.knowledge_26_points * (len(p.bonus_tiles) + 3 * f)
        if n == 24:
            held = {KIND_SPECIES[k] for k in p.estate if k >= 0 and KIND_SPECIES[k] >= 0}
            return 4 * (len(held) + max(0.0, min(4 - len(held), 3 * f)))
        if n == 27:
            return self.w.turn_order_top * f
        if n == 28:
            return self.w.buy_workers * f
        if n in KNOWLEDGE_BUILDING_INDEX:
            b = KNOWLEDGE_BUILDING_INDEX[n]
            have = sum(1 for k in p.estate if k >= 0 and KIND_BUILDING[k] == b)
            if not p.knowledge & BUILDING_MONASTERIES and _holds_crane(p):
                have += 1  # the crane would count as this building
            if b == WHITE_CASTLE:
                return 4 * (have + 0.5 * f)  # eight white castles in the whole game
            open_building = (p.board.colour_mask[BUILDING] & ~p.occupied).bit_count()
            return 4 * (have + min(open_building, 2 * f) * 0.5)
        raise KeyError(f"the evaluation has no value for monastery {n}")

    # --- comparing players --------------------------------------------------------------

    def advantage(self, state: GameState, seat: int) -> float:
        """The seat's value less the best opponent's; in the team game the team's less
        the other team's."""
        mine = self.value(state, seat)
        if state.n == 1:
            return mine
        if state.config.modules and state.config.has_module("team"):
            return self.team_advantage(state, seat, mine)
        if state.n == 2:
            return mine - self._cached_value(state, 1 - seat)
        return mine - max(self._cached_value(state, o) for o in range(state.n) if o != seat)

    def side_value(self, state: GameState, seat: int) -> float:
        """The value of the seat's side: the seat's own, in the team game its team's
        foreseen sum (what a player valuing only its own side aims at; the team's
        leftovers and end monasteries score in the first seat's record, so a second
        seat's own record would miss them at the game's end)."""
        mine = self.value(state, seat)
        if state.n == 4 and state.config.modules and state.config.has_module("team"):
            return mine + state.players[team_partner(seat)].score
        return mine

    def team_advantage(self, state: GameState, seat: int, mine: float) -> float:
        """The team's foreseen sum less the other team's: a seat's value counts the
        holdings the partners share once (both records hold them alike), so a team is
        one partner's value plus the other's points so far."""
        mate = team_partner(seat)
        others = [o for o in range(state.n) if o not in (seat, mate)]
        players = state.players
        theirs = max(self._cached_value(state, o) + players[q].score
                     for o, q in (others, others[::-1]))
        return mine + players[mate].score - theirs

    def _cached_value(self, state: GameState, seat: int) -> float:
        """An opponent's value: inside one player's turn only the shared parts of the
        position change, so most lookups repeat."""
        p = state.players[seat]
        if p.board is None:
            c = state.chateauma
            if c is None or seat != c.seat:
                return self.value(state, seat)  # a player before choosing a board
            key = chateauma_key(state)
        elif not state.config.modules:
            return self.value(state, seat)  # which looks a repeat up itself
        else:
            key = (seat, id(p.board), p.occupied, p.score, p.silver, p.workers, tuple(p.goods),
                   tuple(p.storage), p.knowledge, tuple(p.sold), p.track_pos, p.track_stamp,
                   tuple(q.track_pos * 64 + q.track_stamp for q in state.players),
                   tuple(state.bonus_taken), state.phase, state.round, state.chance,
                   state.turn_index, state.terminal, tuple(p.estate))
        v = self._cache.get(key)
        if v is None:
            if len(self._cache) > 100_000:
                self._cache.clear()
            v = self._cache[key] = self.value(state, seat)
        return v


# Half a stored double tile's worth: two icons and two grape halves, over two spaces.
DOUBLE_TILE_HALF = 3.0
# What a wine bonus tile held may still add at the start, beyond its area's points now.
WINE_HOPE = 6.0
# The solo game's values (Evaluator._solo_value): a filled space, and winning.
SOLO_SPACE = 10.0
SOLO_WIN = 200.0
SOLO_STORED, SOLO_STUCK = 0.5, 0.15   # a stored tile, in spaces: placeable now, or not
# A die action fills about half a space (a take and a place fill one); a reset's extra
# action takes any number, so it is worth a little more.
SOLO_ACTION = 6.0
# A silver towards black-depot purchases: 2 buy a tile without a take. Worth less than the
# half space the purchase saves, so silver is spent when a tile is there to buy.
SOLO_SILVER = 1.8
SOLO_PURCHASE_SILVER = 2    # silver one turn's purchase can use
SOLO_WORKER = 1.5           # a worker: one die turned by one pip, towards a fitting space
SOLO_WORKERS_USEFUL = 4
SOLO_REWARD = 1.0           # a completed colour's black-depot tile, in spaces
# 5 goods' trade for a black-depot tile, in spaces, beyond their points: less than the
# stored tile it brings (SOLO_STORED), so a ship's trade is always made.
SOLO_TRADE = 0.3
# Turns a counter short of the target needs to be sure of reaching it (about 8 points a turn).
SOLO_RESET_TURNS = 3.0
SOLO_LUMP = 10              # the points of a typical gain (an area, a sale)


def _solo_resets(counter: int, promised: float, target: int) -> float:
    """The resets the counter and `promised` points to come make, with the share of the
    next one reached: the first when the counter reaches the target, each later one 5
    lower (SO-10, the floor P-SO-6). Points come in lumps and a reset throws away what
    lies beyond the target, so a step never counts as fewer than SOLO_LUMP points: at a
    low target, a 15-point area is one reset, not three."""
    need = target - counter
    if promised < need:
        return (counter + promised) / target
    n = 1
    promised -= need
    target = max(5, target - 5)
    step = max(target, SOLO_LUMP)
    while promised >= step:
        promised -= step
        n += 1
        target = max(5, target - 5)
        step = max(target, SOLO_LUMP)
    return n + promised / step


# The value of each placement effect the rules know (TileKind.effect): a module's new
# kind needs its entry here, and tests/test_kind_registry.py fails until it has one.
EFFECT_VALUES: dict[str, Callable] = {
    "castle": Evaluator._value_castle, "mine": Evaluator._value_mine,
    "monastery": Evaluator._value_monastery, "ship": Evaluator._value_ship,
    "animal": Evaluator._value_animal, "geese": Evaluator._value_animal,
    "crane": Evaluator._value_crane, "white_castle": Evaluator._value_white_castle,
    # An inn and a black-depot monastery do nothing when placed: their worth is the larger
    # area they complete, which _stored and value() count through the rules' area_size.
    "inn": Evaluator._value_nothing, "black_monastery": Evaluator._value_nothing,
    # A double tile never goes into the duchy: each of its two storage spaces holds the
    # kind, and each counts half its worth on the vineyard (Evaluator._value_double_tile).
    "double_tile": Evaluator._value_double_tile,
    "black_tile": Evaluator._value_nothing,
    **{b: Evaluator._value_building for b in BUILDINGS[:BASE_BUILDINGS]},
}
