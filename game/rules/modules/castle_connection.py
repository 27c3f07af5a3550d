"""`castle_connection`: every tile joins a castle,
and castles cleared from the depots can be won back.

- CC-2..CC-5: a tile other than a castle goes only next to a castle, or next to a tile of
  its own colour that a chain of that colour joins to a castle (SE l.717-719, X11 l.7-11).
  The filter is the players' place rule, so it holds for every placement into the duchy:
  a die's, a castle's extra action's and a city hall's.
- CC-6, CC-8: ('retrieve',) on one's turn while both dice are unused: both die actions and
  5 points for a castle from the pool into storage (SE l.721, X11 l.13). Full storage: the
  base discard decision (SE); the X11 form needs a free storage space (P-CC-4).
- CC-7: castles cleared from the numbered and black depots at a phase change go to the
  castle pool, a public count (every castle tile is KIND_CASTLE): state.ext[ID].
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..actions import register_action
from ..boards import NEIGHBOUR_MASK
from ..engine import TURN, score, store_tile
from ..events import EVENT_TYPES, DieUsed
from ..extension import APPLY, STORED, Module, register
from ..tiles import (ANY_COLOUR, BLACK_TILES, CASTLE, COLOURED_TILES, COLOURS, KIND_CASTLE,
                     KIND_COLOUR)

ID = "castle_connection"
RETRIEVE = ("retrieve",)
COST = 5                      # points a retrieval costs (SE l.721, X11 l.13)
REASON = "castle_retrieval"   # its score category and store_tile tag
CASTLES = COLOURED_TILES.count(KIND_CASTLE) + BLACK_TILES.count(KIND_CASTLE)


class CastlesPooled(NamedTuple):
    """Castles left in the depots at a phase change go to the castle pool instead of
    leaving the game."""
    count: int  # type: ignore[assignment]  # castles added to the pool


class CastleRetrieved(NamedTuple):
    """A castle from the pool into storage, for both dice and 5 points (PointsScored with
    reason 'castle_retrieval')."""
    player: int
    storage: int       # the storage space it went to


EVENT_TYPES.update({"CastlesPooled": CastlesPooled, "CastleRetrieved": CastleRetrieved})


# --- CC-2..CC-5: the connection to a castle ---------------------------------------------

def _around(mask: int) -> int:
    """The spaces next to any space of `mask`."""
    out = 0
    while mask:
        low = mask & -mask
        out |= NEIGHBOUR_MASK[low.bit_length() - 1]
        mask ^= low
    return out


_REACH: dict[tuple, int] = {}


def _castle_tiles(p, castle_spaces: int) -> int:
    """The castle spaces of `castle_spaces` that hold a castle tile: an inn or a 2011
    black-depot monastery on a castle space is no castle (CC-4, SE l.717 "mit wenigstens
    einer Burg verbunden")."""
    estate = p.estate
    mask = castle_spaces
    while mask:
        low = mask & -mask
        if KIND_COLOUR[estate[low.bit_length() - 1]] != CASTLE:
            castle_spaces ^= low
        mask ^= low
    return castle_spaces


def castle_reach(p, colour: int) -> int:
    """The spaces where a tile of `colour` joins a castle: next to a castle tile (the
    start castle included, CC-4; not a tile of any colour on a castle space), or next to a
    tile of that colour that a chain of tiles of that colour joins to a castle. A chain
    through another colour never counts (X11 l.9). Every tile lies on a space of its
    colour, so the board's colours name the tiles' colours (and a tile that takes its
    space's colour, as an inn does under P-CC-3, links as that colour)."""
    board = p.board
    occupied = p.occupied
    castles = _castle_tiles(p, occupied & board.colour_mask[CASTLE])
    key = (board.id, occupied, castles, colour)
    reach = _REACH.get(key)
    if reach is None:
        near = _around(castles)
        chain = occupied & board.colour_mask[colour]
        joined = grown = chain & near
        while grown:
            grown = _around(grown) & chain & ~joined
            joined |= grown
        reach = near | _around(joined)
        if len(_REACH) > 200_000:  # a long AI session: start afresh rather than grow
            _REACH.clear()
        _REACH[key] = reach
    return reach


def connected_to_castle(p, kind: int, mask: int) -> int:
    """The place rule: of the spaces in `mask`, those where `kind` joins a castle (new
    castles are exempt, CC-3)."""
    colour = KIND_COLOUR[kind]
    if colour == CASTLE or p.anywhere:  # P-CC-1: a lift of adjacency (shield 18) lifts it too
        return mask
    if colour == ANY_COLOUR:
        # A tile of any colour (an inn) links as the colour of the space it goes on
        # (P-CC-3); it is no castle, so it is not exempt on a castle space either.
        colour_mask = p.board.colour_mask
        return mask & sum(castle_reach(p, c) & colour_mask[c] for c in range(len(COLOURS))
                          if mask & colour_mask[c])
    return mask & castle_reach(p, colour)


# --- what every seat sees ------------------------------------------------------------------

def castle_pool(state) -> int:
    """The castles lying in the castle pool, as every seat sees it: a castle retrieved onto
    full storage stays in the pool until its taker says which stored tile it replaces."""
    waiting = sum(1 for f in state.frames if f.kind == "discard" and f.arg[1] < 0
                  and f.arg[0] == KIND_CASTLE)
    return state.ext[ID] + waiting


# --- CC-6, CC-8: the retrieval ------------------------------------------------------------

def _apply_retrieve(state, frame, action, events) -> None:
    state.frames.append(frame)  # the turn goes on: a purchase, then the end
    seat = frame.player
    p = state.players[seat]
    for die in (0, 1):
        p.used[die] = True
        if events is not None:
            events.append(DieUsed(seat, die, p.dice[die], 0))
    score(state, seat, -COST, REASON, events)
    state.ext[ID] -= 1
    # Depot -1, space -1: the tile comes from no depot (the discard decision carries them).
    store_tile(state, seat, KIND_CASTLE, -1, -1, REASON, events)


def _retrieve_parse(args: list[str]) -> tuple:
    if args:
        raise ValueError("'retrieve' takes no arguments")
    return RETRIEVE


APPLY["retrieve"] = _apply_retrieve
register_action("retrieve", (), (TURN,), lambda a: "retrieve", _retrieve_parse, ID)
STORED[REASON] = lambda seat, kind, storage: CastleRetrieved(seat, storage)


@register
class CastleConnection(Module):
    id = ID

    def new_ext(self) -> int:
        return 0  # the castle pool starts empty

    def ext_from_json(self, data) -> int:
        if type(data) is not int or not 0 <= data <= CASTLES:
            raise ValueError(f"the castle pool holds 0-{CASTLES} castles, not {data!r}")
        return data

    def place_rule(self) -> Callable:
        return connected_to_castle

    def place_refusal(self, p, kind: int, space: int) -> str | None:
        if connected_to_castle(p, kind, 1 << space):
            return None
        colour = p.board.colour[space]  # the tile's, or the one a tile of any colour takes
        return (f"space {space} is not connected to a castle through "
                f"{COLOURS[colour]} tiles (it must lie next to a castle or to a "
                f"chain of tiles of its own colour that reaches one)")

    def _needs_free_storage(self) -> bool:
        """X11 l.13: 'auf eines seiner freien Ablagefelder' (P-CC-4)."""
        return self.form == "x11"

    def decision_actions(self, state, frame, out: list) -> None:
        if frame.kind != TURN:
            return
        p = state.players[frame.player]
        if p.used[0] or p.used[1] or not state.ext[ID] or p.score < COST:
            return
        if self._needs_free_storage() and -1 not in p.storage:
            return
        out.append(RETRIEVE)

    def explain(self, state, action: tuple) -> str | None:
        if action[0] != "retrieve":
            return None
        if action != RETRIEVE:
            return "'retrieve' takes no arguments"
        frame = state.frames[-1]
        if frame.kind != TURN:
            return (f"a castle is retrieved instead of a turn's two die actions, not during "
                    f"'{frame.kind}'")
        p = state.players[frame.player]
        if p.used[0] or p.used[1]:
            return "retrieving a castle gives up both die actions: both dice must be unused"
        if not state.ext[ID]:
            return "the castle pool is empty"
        if p.score < COST:
            return f"retrieving a castle costs {COST} points, you have {p.score}"
        if self._needs_free_storage() and -1 not in p.storage:
            return "a retrieved castle needs a free storage space in these rules"
        return None

    # --- CC-7: the castle pool ---

    def depots_cleared(self, state, cleared: list[int], events) -> None:
        count = cleared.count(KIND_CASTLE)
        if not count:
            return
        cleared[:] = [k for k in cleared if k != KIND_CASTLE]
        state.ext[ID] += count
        if events is not None:
            events.append(CastlesPooled(count))

    def tiles_held(self, state) -> list[int]:
        return [KIND_CASTLE] * state.ext[ID]

    def public(self, state) -> tuple:
        return (state.ext[ID],)

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        # A retrieval leaves no trace on the estate: the running category is its record.
        out[REASON] = state.players[seat].breakdown.get(REASON, 0)
