"""Estate boards: the 37 spaces, their colours and die numbers, neighbours and areas.

Everything a rule asks of a board is precomputed as bit masks over the 37 spaces, so
placement checks are a few integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .data import load_json
from .tiles import CASTLE, COLOURS

ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
SPACES = 37
_CODES = {"C": 0, "M": 1, "K": 2, "S": 3, "P": 4, "B": 5}


def _coordinates() -> list[tuple[int, int, int, int]]:
    """(row, col, q, r) for each space in reading order."""
    out = []
    for row, length in enumerate(ROW_LENGTHS):
        r = row - 3
        for col in range(length):
            out.append((row, col, col + max(-3, -3 - r), r))
    return out


COORDS = _coordinates()
AXIAL = [(q, r) for _, _, q, r in COORDS]
_INDEX = {qr: i for i, qr in enumerate(AXIAL)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[(q + dq, r + dr)]
          for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
          if (q + dq, r + dr) in _INDEX)
    for q, r in AXIAL)
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << j for j in n) for n in NEIGHBOURS)
CENTRE = _INDEX[(0, 0)]


@dataclass(frozen=True, eq=False)
class Board:
    id: str
    name: str
    confidence: str
    colour: tuple[int, ...]          # per space
    die: tuple[int, ...]             # per space, 1-6
    area_of: tuple[int, ...]         # per space, area index
    area_mask: tuple[int, ...]       # per area
    area_size: tuple[int, ...]
    area_colour: tuple[int, ...]
    colour_mask: tuple[int, ...]     # per colour
    colour_total: tuple[int, ...]    # spaces per colour
    colour_die_mask: tuple[tuple[int, ...], ...]  # [colour][die] (die 0 unused)
    # Per space: the spaces a tile there makes reachable for placing. On the hexagonal
    # duchies these are the hex neighbours (NEIGHBOUR_MASK); a board of another shape
    # (the solo boards' islands) lists its own, rivers included (MODULES.md P-SO-1).
    neighbour_mask: tuple[int, ...] = NEIGHBOUR_MASK
    # Per space: its centre from the board's middle, in units of the distance between
    # neighbouring spaces, for a board that is not the hexagon (None: the hexagon's grid).
    centres: tuple[tuple[float, float], ...] | None = None
    # The printed rivers joining two spaces of different islands, as (space, space) pairs
    # (for drawing: the placement rule reads neighbour_mask).
    rivers: tuple[tuple[int, int], ...] = ()

    @property
    def castle_spaces(self) -> list[int]:
        return [i for i in range(SPACES) if self.colour[i] == CASTLE]

    def spaces_of(self, mask: int) -> list[int]:
        return [i for i in range(SPACES) if mask >> i & 1]

    def describe_space(self, space: int) -> str:
        return f"space {space} ({COLOURS[self.colour[space]]} {self.die[space]})"


def _build(entry: dict) -> Board:
    colour = tuple(_CODES[c] for c in entry["colours"])
    die = tuple(int(d) for d in entry["dice"])
    if len(colour) != SPACES or len(die) != SPACES:
        raise ValueError(f"board {entry['id']}: expected {SPACES} spaces")
    # Areas form along shared hex edges only: a river joins no area (P-SO-1).
    neighbours = tuple(tuple(n) for n in entry["neighbours"]) if "neighbours" in entry \
        else NEIGHBOURS
    reach = NEIGHBOUR_MASK
    if "neighbours" in entry:
        rivers = entry.get("rivers", [[]] * SPACES)
        reach = tuple(sum(1 << j for j in (*neighbours[i], *rivers[i])) for i in range(SPACES))
    area_of = [-1] * SPACES
    masks, sizes, colours = [], [], []
    for start in range(SPACES):
        if area_of[start] >= 0:
            continue
        a = len(masks)
        stack, mask = [start], 0
        area_of[start] = a
        while stack:
            i = stack.pop()
            mask |= 1 << i
            for j in neighbours[i]:
                if area_of[j] < 0 and colour[j] == colour[start]:
                    area_of[j] = a
                    stack.append(j)
        masks.append(mask)
        sizes.append(bin(mask).count("1"))
        colours.append(colour[start])
    colour_mask = tuple(sum(1 << i for i in range(SPACES) if colour[i] == c) for c in range(6))
    cdm = tuple(tuple(sum(1 << i for i in range(SPACES) if colour[i] == c and die[i] == d)
                      for d in range(7)) for c in range(6))
    return Board(
        id=entry["id"], name=entry["name"], confidence=entry["confidence"],
        colour=colour, die=die, area_of=tuple(area_of), area_mask=tuple(masks),
        area_size=tuple(sizes), area_colour=tuple(colours), colour_mask=colour_mask,
        colour_total=tuple(bin(m).count("1") for m in colour_mask), colour_die_mask=cdm,
        neighbour_mask=reach,
        centres=tuple(tuple(c) for c in entry["centres"]) if "centres" in entry else None,
        rivers=tuple((i, j) for i, r in enumerate(entry.get("rivers", ())) for j in r if i < j))


@cache
def all_boards() -> dict[str, Board]:
    return {e["id"]: _build(e) for e in load_json("boards.json")["boards"]}


def get_board(board_id: str) -> Board:
    try:
        return all_boards()[board_id]
    except KeyError:
        raise ValueError(f"unknown estate board {board_id!r}") from None
