"""Pointy-top hex geometry and the 37-space estate layout.

Estate spaces are numbered 0-36 in reading order over rows of 4, 5, 6, 7, 6, 5, 4 spaces.
Space i in row ``row`` and column ``col`` has axial coordinates r = row - 3,
q = col + max(-3, -3 - r); its centre relative to the estate's centre is
x = size * sqrt(3) * (q + r / 2), y = size * 1.5 * r, where ``size`` is the hex radius
(centre to corner).
"""

from __future__ import annotations

import math

SQRT3 = math.sqrt(3)
ESTATE_ROWS = (4, 5, 6, 7, 6, 5, 4)
ESTATE_SPACES = sum(ESTATE_ROWS)
AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _build() -> tuple[tuple[tuple[int, int], ...], dict[tuple[int, int], int]]:
    axial = []
    for row, count in enumerate(ESTATE_ROWS):
        r = row - 3
        for col in range(count):
            axial.append((col + max(-3, -3 - r), r))
    return tuple(axial), {qr: i for i, qr in enumerate(axial)}


ESTATE_AXIAL, _INDEX = _build()


def estate_axial(index: int) -> tuple[int, int]:
    return ESTATE_AXIAL[index]


def estate_index(q: int, r: int) -> int | None:
    return _INDEX.get((q, r))


def estate_row_col(index: int) -> tuple[int, int]:
    row = 0
    while index >= ESTATE_ROWS[row]:
        index -= ESTATE_ROWS[row]
        row += 1
    return row, index


def hex_centre(q: float, r: float, size: float) -> tuple[float, float]:
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


# A board that is not the hexagon (the solo boards' islands) lays its spaces out itself:
# their centres in units of the distance between neighbouring spaces, scaled down so the
# whole board fits the hexagon's extent. None: the hexagon.
_layout: tuple[tuple[tuple[float, float], ...], float] | None = None


def use_layout(centres: tuple[tuple[float, float], ...] | None) -> None:
    """Lay estates out on a board's own centres (rules Board.centres), or on the hexagon
    (None). The table sets it for the game it shows."""
    global _layout
    if centres is None:
        _layout = None
        return
    if _layout is not None and _layout[0] is centres:
        return
    width = max(x for x, _ in centres) - min(x for x, _ in centres) + 1.0
    height = max(y for _, y in centres) - min(y for _, y in centres) + 2 / SQRT3
    width_fit, height_fit = estate_extent(1.0)
    scale = min(width_fit / (width * SQRT3), height_fit / (height * SQRT3))
    _layout = (centres, scale)


def laid_out() -> bool:
    """Whether a board of its own shape (use_layout) is laid out now."""
    return _layout is not None


def layout_scale() -> float:
    """How much smaller a space is drawn on the board laid out now (1 on the hexagon)."""
    return 1.0 if _layout is None else _layout[1]


def estate_centre(index: int, size: float) -> tuple[float, float]:
    if _layout is not None:
        centres, scale = _layout
        x, y = centres[index]
        return x * SQRT3 * size * scale, y * SQRT3 * size * scale
    return hex_centre(*ESTATE_AXIAL[index], size)


def hex_corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """Six corners clockwise from the upper right; a corner points straight up."""
    return [(cx + size * math.cos(math.radians(60 * i - 30)),
             cy + size * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def hex_width(size: float) -> float:
    return SQRT3 * size


def estate_extent(size: float) -> tuple[float, float]:
    """Width and height of the whole estate, corner to corner."""
    return 7 * hex_width(size), 11 * size


def pixel_to_axial(x: float, y: float, size: float) -> tuple[int, int]:
    """The hex containing the point (relative to the hex at q = r = 0)."""
    qf = (SQRT3 / 3 * x - y / 3) / size
    rf = (2 / 3 * y) / size
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def estate_space_at(x: float, y: float, size: float) -> int | None:
    """The estate space under a point given relative to the estate's centre, if any."""
    return estate_index(*pixel_to_axial(x, y, size))


def estate_neighbours(index: int) -> list[int]:
    q, r = ESTATE_AXIAL[index]
    found = (estate_index(q + dq, r + dr) for dq, dr in AXIAL_DIRECTIONS)
    return [i for i in found if i is not None]
