"""`border_posts`: three posts on every player's tableau (SE l.761-769, A19 l.903-915;
Châteauma CH-BP, SE l.1256-1259).

- BP-0: the two border-post bonus tiles lie on the central board, the small one under the
  large; each player receives a duchy from 23-30 (a set of four per player, as
  boards_11_18). The posts belong to the tableau (SE l.769), so the module plays with any
  duchy: with another module that deals duchies (boards_11_18, identical_board) or in the
  basic board mode, those boards are played and the posts stay where they are.
- BP-1: each post touches fixed edge spaces, the same on every duchy
  (data/border_posts.json, provisional).
- BP-2 / P-BP-1: two posts are connected when a chain of occupied spaces, each next to the
  next, leads from a space touching one to a space touching the other; any tiles count.
- BP-3: the first connection of two posts scores the current phase value once.
- BP-4: all three connected scores the phase value again and the top border-post bonus
  tile still there: the large one CB1(p), then the small one CB2(p), then none.
- BP-5 / P-BP-2: a placement reaching both stages scores both.
- BP-6: the check follows every placement into the duchy (the tile_placed point, after
  the placement's area and colour scoring); BP-7: the start castle is occupied like any
  tile; BP-8: a phase-end placement scores the value of the phase that is ending (the
  phase changes only afterwards).
- P-BP-3: the border-post bonus tiles are bonus tiles: shield 7 changes their value as
  they are taken (engine.bonus_points) and monastery 26 counts them (Module.bonus_tiles).
- A19 form (P-BP-4, P-BP-5): boards 23-28 stand in for the tableaus 11a-11f, one per player,
  each different; the third post pays the phase value again and CB1(p) / CB2(p) as points,
  no tile (so nothing for monastery 26 or shield 7).
- CH-BP: Châteauma's second completed card showing the border-post symbol scores the phase
  value (P-CH-2), its third the phase value again and the top tile still there; which
  cards show the symbol is provisional (data/chateauma.json "provisional_card_symbols").

The points for the posts themselves are the category "border_posts"; a tile's are
"bonus_tiles". The state keeps each award (who, which stage, in which phase, which tile):
the order the tiles went in decides their values, the rest is derived again from the
placements in recompute.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..boards import NEIGHBOUR_MASK
from ..data import load_json
from ..engine import bonus_points, score
from ..events import EVENT_TYPES
from ..extension import MODULE_TYPES, BoardDeal, Module, register
from ..scoring import PHASE_BONUS, colour_bonus_points

ID = "border_posts"
REASON = "border_posts"           # the score category of the posts' phase values
DATA = load_json("border_posts.json")
POSTS: tuple[str, ...] = tuple(DATA["posts"])
# Per post, the spaces it touches.
POST_SPACES: tuple[tuple[int, ...], ...] = tuple(tuple(DATA["posts"][name]) for name in POSTS)
# Per post, the spaces it touches as a bit mask over the 37 spaces.
POST_MASKS: tuple[int, ...] = tuple(sum(1 << s for s in spaces) for spaces in POST_SPACES)
BOARDS: tuple[str, ...] = tuple(DATA["boards"])
A19_BOARDS: tuple[str, ...] = tuple(DATA["a19_stand_in_boards"])
PROVISIONAL: bool = DATA["provisional"]
TILES = 2                         # the large and the small border-post bonus tile
FIRST, ALL = 1, 2                 # the stages: two posts connected, all three connected
CARD_SYMBOLS: frozenset[int] = frozenset(
    load_json("chateauma.json")["provisional_card_symbols"]["border_post"])
# Châteauma's completed symbol cards that reach each stage (CH-BP-2, CH-BP-3).
CARD_STAGES = {2: FIRST, 3: ALL}


# --- events ---

class BorderPostsConnected(NamedTuple):
    """A player connected two of their posts (stage 1) or all three (stage 2); Châteauma
    completed its second (1) or third (2) card showing the border-post symbol."""
    player: int
    stage: int
    points: int        # the phase value


class BorderPostTileTaken(NamedTuple):
    """The top border-post bonus tile for all three posts: rank 1 the large, 2 the small;
    `tile` False in the A19 form, which pays the same points without a tile."""
    player: int
    rank: int
    points: int
    tile: bool


EVENT_TYPES.update({cls.__name__: cls for cls in (BorderPostsConnected, BorderPostTileTaken)})


class Award(NamedTuple):
    seat: int
    stage: int         # FIRST or ALL
    phase: int         # 0-4
    tile: int          # 0 none, 1 large, 2 small


class Posts(NamedTuple):
    """Each seat's stage reached (0, FIRST, ALL) and the awards in the order they came."""
    stage: tuple[int, ...]
    awards: tuple[Award, ...] = ()


# --- connections ---

def _grow(mask: int) -> int:
    """The spaces of `mask` and their neighbours."""
    out = mask
    while mask:
        low = mask & -mask
        out |= NEIGHBOUR_MASK[low.bit_length() - 1]
        mask ^= low
    return out


def posts_touched(occupied: int) -> int:
    """How many posts touch an occupied space (reached posts, connected or not)."""
    return sum(1 for m in POST_MASKS if m & occupied)


def group_of(occupied: int, space: int) -> int:
    """The occupied spaces joined to `space` through occupied neighbours (BP-2)."""
    group = 1 << space
    while True:
        grown = _grow(group) & occupied | group
        if grown == group:
            return group
        group = grown


def connected_posts(occupied: int, space: int) -> int:
    """How many posts the group of `space` touches."""
    return posts_touched(group_of(occupied, space))


def post_groups(occupied: int) -> list[int]:
    """Per post, a number naming the group of occupied spaces it touches (posts in one
    group share it), or -1 for a post no occupied space touches (for the client)."""
    out = []
    for m in POST_MASKS:
        reached = m & occupied
        if not reached:
            out.append(-1)
            continue
        low = (reached & -reached).bit_length() - 1
        group = group_of(occupied, low)
        out.append((group & -group).bit_length() - 1)
    return out


FAR = 99  # no occupied space yet: no chain to measure


def post_distances(occupied: int) -> tuple[int, ...]:
    """Per post, the fewest tiles a chain from the occupied spaces needs to reach it (0: a
    tile touches it already); what a player may still hope to connect."""
    out = []
    for m in POST_MASKS:
        reach, steps = occupied, 0
        while reach and not reach & m:
            reach, steps = _grow(reach), steps + 1
        out.append(steps if reach else FAR)
    return tuple(out)


def stage_for(connected: int) -> int:
    return ALL if connected >= 3 else FIRST if connected == 2 else 0


# --- awards ---

def _posts(state) -> Posts:
    return state.ext[ID]


def tiles_left(state) -> int:
    """Border-post bonus tiles still on the central board (A19: CB points still to give)."""
    return TILES - sum(1 for a in _posts(state).awards if a.tile)


def stage_of(state, seat: int) -> int:
    return _posts(state).stage[seat]


def stages(state) -> tuple[int, ...]:
    """Per seat, the stage it reached: 0, FIRST (two posts connected) or ALL."""
    return tuple(_posts(state).stage)


def _award(state, seat: int, reached: int, events: list | None) -> None:
    """The stages from the seat's last one up to `reached` (BP-3, BP-4, BP-5)."""
    posts = _posts(state)
    before = posts.stage[seat]
    if reached <= before:
        return
    phase = state.phase
    pv = PHASE_BONUS[phase]
    awards = list(posts.awards)
    for stage in range(before + 1, reached + 1):
        given = sum(1 for a in awards if a.tile)
        tile = given + 1 if stage == ALL and given < TILES else 0
        awards.append(Award(seat, stage, phase, tile))
        if events is not None:
            events.append(BorderPostsConnected(seat, stage, pv))
        score(state, seat, pv, REASON, events)
        if tile:
            _tile(state, seat, tile, events)
    stages = list(posts.stage)
    stages[seat] = reached
    state.ext[ID] = Posts(tuple(stages), tuple(awards))


def _tile(state, seat: int, rank: int, events: list | None) -> None:
    value = colour_bonus_points(state.n, rank)
    real = state.hooks.by_id[ID].form != "a19"
    if real:
        value = bonus_points(state, seat, value)  # shield 7 (P-BP-3)
    if events is not None:
        events.append(BorderPostTileTaken(seat, rank, value, real))
    score(state, seat, value, "bonus_tiles" if real else REASON, events)


def tile_holders(state) -> list[tuple[int, int]]:
    """The border-post bonus tiles taken, in order: (seat, 1 for the large | 2 the small).
    The A19 form lays no tiles, so none."""
    return [(a.seat, a.tile) for a in _posts(state).awards if a.tile]


# --- the module ---

def _deals(mid: str) -> bool:
    t = MODULE_TYPES.get(mid)
    return t is not None and t.board_deal is not Module.board_deal


@register
class BorderPosts(Module):
    id = ID

    def board_deal(self) -> BoardDeal | None:
        if self.form == "a19":
            # P-BP-5: the stand-ins for the tableaus 11a-11f, each player a different one.
            return BoardDeal(A19_BOARDS, own_sets=False)
        # BP-0: board 1 in the basic mode, or another module's duchies, take the place
        # of 23-30 (SE l.769).
        if self.config.board_mode == "basic" or any(
                _deals(entry.partition(":")[0]) for entry in self.config.modules
                if not entry.startswith(ID)):
            return None
        return BoardDeal(BOARDS, own_sets=True)

    def new_ext(self) -> Posts:
        return Posts((0,) * self.config.players)

    def ext_to_json(self, value: Posts) -> Any:
        return {"stage": list(value.stage), "awards": [list(a) for a in value.awards]}

    def ext_from_json(self, data: Any) -> Posts:
        n = self.config.players
        stage = data["stage"]
        if (not isinstance(stage, list) or len(stage) != n
                or any(type(s) is not int or not 0 <= s <= ALL for s in stage)):
            raise ValueError(f"border_posts stage: {stage!r}")
        awards = []
        for a in data["awards"]:
            if (not isinstance(a, list) or len(a) != 4 or any(type(x) is not int for x in a)
                    or not 0 <= a[0] < n or a[1] not in (FIRST, ALL) or not 0 <= a[2] <= 4
                    or not 0 <= a[3] <= TILES or (a[3] and a[1] != ALL)):
                raise ValueError(f"border_posts award: {a!r}")
            awards.append(Award(*a))
        tiles = [a.tile for a in awards if a.tile]
        if tiles != list(range(1, len(tiles) + 1)):
            raise ValueError(f"border_posts tiles given out in the wrong order: {tiles!r}")
        for seat in range(n):
            mine = [a.stage for a in awards if a.seat == seat]
            if mine != list(range(1, stage[seat] + 1)):
                raise ValueError(f"border_posts: seat {seat}'s awards {mine!r} do not match "
                                 f"its stage {stage[seat]}")
        return Posts(tuple(stage), tuple(awards))

    def public(self, state) -> tuple:
        return tuple(_posts(state))

    def tile_placed(self, state, seat: int, kind: int, space: int, events: list | None) -> None:
        """BP-6: after every placement into the duchy."""
        if _posts(state).stage[seat] == ALL:
            return
        occupied = state.players[seat].occupied
        if posts_touched(occupied) < 2:
            return
        _award(state, seat, stage_for(connected_posts(occupied, space)), events)

    def card_completed(self, state, seat: int, card: int, events: list | None) -> None:
        """CH-BP-2, CH-BP-3: the second and third completed card with the symbol."""
        if card not in CARD_SYMBOLS:
            return
        done = sum(1 for c in state.chateauma.discarded if c in CARD_SYMBOLS) + 1
        stage = CARD_STAGES.get(done)
        if stage:
            _award(state, seat, stage, events)

    def bonus_tiles(self, state, seat: int) -> int:
        """P-BP-3: monastery 26 counts the border-post tiles (not in A19: no tile)."""
        if self.form == "a19":
            return 0
        return sum(1 for a in _posts(state).awards if a.seat == seat and a.tile)

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        """The phase values from the placements in order (Châteauma's from its awards, as
        its cards' completion phases are not kept elsewhere); the tile by the order the
        tiles went in."""
        posts = _posts(state)
        if seat == state.config.chateauma_seat:
            phases = [a.phase for a in posts.awards if a.seat == seat]
        else:
            phases = _stage_phases(state.players[seat])
        out[REASON] += sum(PHASE_BONUS[ph] for ph in phases)
        for a in posts.awards:
            if a.seat == seat and a.tile:
                out["bonus_tiles" if self.form != "a19" else REASON] += \
                    colour_bonus_points(state.n, a.tile)


def _stage_phases(p) -> list[int]:
    """The phase of each stage a player's placements reached, replayed in order."""
    occupied = 0
    stage = 0
    phases: list[int] = []
    for space, _, phase in p.placements:
        occupied |= 1 << space
        if phase < 0 or stage == ALL or posts_touched(occupied) < 2:
            continue
        reached = stage_for(connected_posts(occupied, space))
        phases += [phase] * max(0, reached - stage)
        stage = max(stage, reached)
    return phases

