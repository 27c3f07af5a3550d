"""`monastery_connections`: boards 13a-13h with three monasteries joined by straight lines
(X11 l.43-50, the 2011 4th expansion).

- MC-0: every player receives one of the tableaus 13a-13h (a shared set: each drawn board
  differs). The printed tableaus are not public: stand-ins with their monastery lines are
  in data/monastery_connections.json, marked provisional (docs/rulings.md R9, replacing P-MC-1).
  On each, three monasteries on the frame are joined pairwise by a straight line of five
  spaces.
- MC-1: as soon as all five spaces of a line hold tiles (placed by the rules, so each
  fits its space), its owner scores 5 points (X11 l.47, "Sobald"). Each line scores once.
- MC-2: the first player to complete all three lines scores CB1(p) (5/6/7 with 2/3/4
  players), the second CB2(p) (2/3/4) (X11 l.48, "den üblichen Bonus"); later players
  nothing. The sheet speaks of points, not of a tile: it is no bonus tile (monastery 26
  does not count it; P-MC-2).
- MC-3: at most 3 x 5 + 7 = 22 points (X11 l.50).

The check follows every placement into the duchy (the tile_placed point), so a die's,
a castle's extra action's, a city hall's and a pleasure garden's placements all count.
Châteauma plays its own estate, which has no lines: it never completes one (P-MC-3).
The state keeps only the order in which players completed all three lines; the lines
themselves are read from the estate.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..boards import SPACES, Board
from ..data import load_json
from ..engine import score
from ..events import EVENT_TYPES
from ..extension import Module, register
from ..scoring import colour_bonus_points

ID = "monastery_connections"
REASON = "monastery_connections"   # the score category of the lines and the bonus
DATA = load_json("monastery_connections.json")
PROVISIONAL: bool = DATA["provisional"]
POINTS: int = DATA["points_per_line"]      # per line (X11 l.47)
LINES_PER_BOARD = 3
SPACES_PER_LINE = 5
RANKS = 2                                  # CB1 for the first, CB2 for the second (X11 l.48)


class Line(NamedTuple):
    between: tuple[int, int]   # the two monasteries it joins (indices into the board's)
    spaces: tuple[int, ...]    # its five spaces, from the first monastery to the second
    mask: int


class Connections(NamedTuple):
    """A tableau's three monasteries (axial q, r on the frame) and its three lines."""
    monasteries: tuple[tuple[int, int], ...]
    lines: tuple[Line, ...]


def _read(entry: dict) -> Connections:
    lines = tuple(Line(tuple(ln["between"]), tuple(ln["spaces"]),
                       sum(1 << s for s in ln["spaces"])) for ln in entry["lines"])
    return Connections(tuple(tuple(m) for m in entry["monasteries"]), lines)


# The boards with monastery lines, by board id.
BOARD_LINES: dict[str, Connections] = {e["id"]: _read(e) for e in DATA["boards"]}
BOARDS: tuple[str, ...] = tuple(BOARD_LINES)


def connections(board: Board | None) -> Connections | None:
    """A board's monasteries and lines, or None for a board without them."""
    return None if board is None else BOARD_LINES.get(board.id)


def lines_done(board: Board | None, occupied: int) -> list[bool]:
    """Per line of the board, whether all its spaces hold tiles (none for a board
    without lines)."""
    c = connections(board)
    if c is None:
        return []
    return [occupied & ln.mask == ln.mask for ln in c.lines]


def tiles_missing(board: Board | None, occupied: int) -> list[int]:
    """Per line, how many of its spaces are still empty (for the AI and the client)."""
    c = connections(board)
    if c is None:
        return []
    return [(ln.mask & ~occupied).bit_count() for ln in c.lines]


# --- events ---

class MonasteriesConnected(NamedTuple):
    """A player's line between two monasteries is complete: 5 points (MC-1)."""
    player: int
    line: int          # index of the line on the board (0-2)
    points: int


class AllMonasteriesConnected(NamedTuple):
    """A player completed the third line: rank 1 (first) scores CB1(p), rank 2 CB2(p),
    a later one nothing (MC-2)."""
    player: int
    rank: int
    points: int


EVENT_TYPES.update({cls.__name__: cls for cls in (MonasteriesConnected,
                                                  AllMonasteriesConnected)})


def finishers(state) -> tuple[int, ...]:
    """The seats that completed all three lines, in the order they did."""
    return state.ext[ID]


def rank_points(players: int, rank: int) -> int:
    """MC-2: the first CB1(p), the second CB2(p), the others 0."""
    return colour_bonus_points(players, rank) if rank <= RANKS else 0


@register
class MonasteryConnections(Module):
    id = ID

    def new_ext(self) -> tuple[int, ...]:
        return ()

    def ext_to_json(self, value: tuple[int, ...]) -> Any:
        return list(value)

    def ext_from_json(self, data: Any) -> tuple[int, ...]:
        n = self.config.players
        if (not isinstance(data, list) or len(set(data)) != len(data)
                or any(type(s) is not int or not 0 <= s < n for s in data)):
            raise ValueError(f"monastery_connections: the seats that completed all three "
                             f"lines, each once, not {data!r}")
        return tuple(data)

    def public(self, state) -> tuple:
        return finishers(state)

    def tile_placed(self, state, seat: int, kind: int, space: int, events: list | None) -> None:
        """MC-1, MC-2: after every placement into the duchy."""
        p = state.players[seat]
        c = connections(p.board)
        if c is None or not 0 <= space < SPACES:
            return
        occupied = p.occupied
        completed = False
        for i, ln in enumerate(c.lines):
            if ln.mask >> space & 1 and occupied & ln.mask == ln.mask:
                completed = True
                if events is not None:
                    events.append(MonasteriesConnected(seat, i, POINTS))
                score(state, seat, POINTS, REASON, events)
        if not completed or not all(lines_done(p.board, occupied)) \
                or seat in finishers(state):
            return
        done = finishers(state) + (seat,)
        state.ext[ID] = done
        points = rank_points(state.n, len(done))
        if events is not None:
            events.append(AllMonasteriesConnected(seat, len(done), points))
        if points:
            score(state, seat, points, REASON, events)

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        """The lines from the estate; the rank from the order kept."""
        p = state.players[seat]
        done = lines_done(p.board, p.occupied)
        if not done:
            return
        out[REASON] += POINTS * sum(done)
        order = finishers(state)
        if seat in order:
            out[REASON] += rank_points(state.n, order.index(seat) + 1)
