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
    # The board's shape: per space, the spaces a tile there makes reachable for placing
    # (a mask), and axial hex coordinates. On a printed duchy, the 37-space hexagon, these
    # are the hex neighbours; a module may join two (the team game's double duchy), and a
    # board of islands lists its own, rivers included (the solo boards,
    # docs/rules-decisions.md P-SO-1).
    neighbour_mask: tuple[int, ...] = NEIGHBOUR_MASK
    axial: tuple[tuple[int, int], ...] = tuple(AXIAL)
    # Where the start castle may go, if not on any castle space.
    start_castles: tuple[int, ...] | None = None
    # Per space: its centre from the board's middle, in units of the distance between
    # neighbouring spaces, for a board of islands (None: the axial hex grid).
    centres: tuple[tuple[float, float], ...] | None = None
    # The printed rivers joining two spaces of different islands, as (space, space) pairs
    # (for drawing: the placement rule reads neighbour_mask).
    rivers: tuple[tuple[int, int], ...] = ()
    # Per bit set of die numbers (bit n = number n): the spaces showing one of them, as
    # a mask (the spaces a die used as any of those numbers may place on).
    number_spaces: tuple[int, ...] = ()

    @property
    def spaces(self) -> int:
        return len(self.colour)

    @property
    def castle_spaces(self) -> list[int]:
        return [i for i in range(len(self.colour)) if self.colour[i] == CASTLE]

    @property
    def start_spaces(self) -> list[int]:
        """The spaces the start castle may go on."""
        return list(self.start_castles) if self.start_castles is not None \
            else self.castle_spaces

    def spaces_of(self, mask: int) -> list[int]:
        return [i for i in range(len(self.colour)) if mask >> i & 1]

    def describe_space(self, space: int) -> str:
        return f"space {space} ({COLOURS[self.colour[space]]} {self.die[space]})"


def _build(entry: dict) -> Board:
    colour = tuple(_CODES[c] for c in entry["colours"])
    die = tuple(int(d) for d in entry["dice"])
    if len(colour) != SPACES or len(die) != SPACES:
        raise ValueError(f"board {entry['id']}: expected {SPACES} spaces")
    return build_board(entry["id"], entry["name"], entry["confidence"], colour, die,
                       neighbours=entry.get("neighbours"), rivers=entry.get("rivers"),
                       centres=entry.get("centres"))


def build_board(board_id: str, name: str, confidence: str, colour: tuple[int, ...],
                die: tuple[int, ...], axial: tuple[tuple[int, int], ...] | None = None,
                start_castles: tuple[int, ...] | None = None,
                neighbours: list | None = None, rivers: list | None = None,
                centres: list | None = None) -> Board:
    """A board from its spaces' colours and die numbers; `axial` places the spaces on the
    hex grid (the printed hexagon by default), which gives their neighbours. A board of
    islands gives its spaces' `neighbours` instead, `rivers` (per space, the spaces across
    a river: reachable for placing, never one area) and the spaces' `centres`."""
    spaces = len(colour)
    adjacent: tuple[tuple[int, ...], ...]   # per space, the spaces sharing a hex edge
    if neighbours is not None:
        # Areas form along shared hex edges only: a river joins no area (P-SO-1).
        adjacent = tuple(tuple(n) for n in neighbours)
        across = rivers or [[]] * spaces
        neighbour_mask = tuple(sum(1 << j for j in (*adjacent[i], *across[i]))
                               for i in range(spaces))
        axial = tuple(AXIAL)
    elif axial is None:
        adjacent, neighbour_mask, axial = NEIGHBOURS, NEIGHBOUR_MASK, tuple(AXIAL)
    else:
        index = {qr: i for i, qr in enumerate(axial)}
        adjacent = tuple(
            tuple(index[(q + dq, r + dr)]
                  for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
                  if (q + dq, r + dr) in index)
            for q, r in axial)
        neighbour_mask = tuple(sum(1 << j for j in n) for n in adjacent)
    area_of = [-1] * spaces
    masks: list[int] = []
    sizes: list[int] = []
    colours: list[int] = []
    for start in range(spaces):
        if area_of[start] >= 0:
            continue
        a = len(masks)
        stack, mask = [start], 0
        area_of[start] = a
        while stack:
            i = stack.pop()
            mask |= 1 << i
            for j in adjacent[i]:
                if area_of[j] < 0 and colour[j] == colour[start]:
                    area_of[j] = a
                    stack.append(j)
        masks.append(mask)
        sizes.append(bin(mask).count("1"))
        colours.append(colour[start])
    colour_mask = tuple(sum(1 << i for i in range(spaces) if colour[i] == c) for c in range(6))
    cdm = tuple(tuple(sum(1 << i for i in range(spaces) if colour[i] == c and die[i] == d)
                      for d in range(7)) for c in range(6))
    by_number = [0] * 7
    for space, n in enumerate(die):
        by_number[n] |= 1 << space
    number_spaces = [0] * 128
    for bits in range(1, 128):  # each set from a smaller one: without its lowest number
        low = bits & -bits
        number_spaces[bits] = number_spaces[bits ^ low] | by_number[low.bit_length() - 1]
    return Board(
        id=board_id, name=name, confidence=confidence,
        colour=colour, die=die, area_of=tuple(area_of), area_mask=tuple(masks),
        area_size=tuple(sizes), area_colour=tuple(colours), colour_mask=colour_mask,
        colour_total=tuple(bin(m).count("1") for m in colour_mask), colour_die_mask=cdm,
        neighbour_mask=neighbour_mask, axial=tuple(axial), start_castles=start_castles,
        centres=tuple(tuple(c) for c in centres) if centres is not None else None,
        rivers=tuple((i, j) for i, r in enumerate(rivers or ()) for j in r if i < j),
        number_spaces=tuple(number_spaces))


@cache
def all_boards() -> dict[str, Board]:
    """Every board: the researched layouts, then the provisional stand-ins for printed
    boards that are not public (boards.json 'stand_in_files', docs/rulings.md R9), which a
    module's catalogue entry deals like any other."""
    data = load_json("boards.json")
    entries = list(data["boards"])
    for name in data.get("stand_in_files", ()):
        entries += load_json(name)["boards"]
    out: dict[str, Board] = {}
    for e in entries:
        if e["id"] in out:
            raise ValueError(f"board {e['id']!r} is defined twice")
        out[e["id"]] = _build(e)
    return out


def add_board(board: Board) -> None:
    """A module's own board (the team game's double duchies), found by get_board like a
    printed one."""
    all_boards()[board.id] = board


def get_board(board_id: str) -> Board:
    try:
        return all_boards()[board_id]
    except KeyError:
        raise ValueError(f"unknown estate board {board_id!r}") from None
