"""The hinted move's own pieces marked on the table: the die it uses, the tile it takes or
places (in a depot or the storage), the space it goes on, the goods it sells or ships.

The ordinary highlight rings everything a click may choose now (two spaces a tile fits
look alike); a hint marks the very pieces of its move, in a ring of its own: light on a
dark edge, thicker, and outside the ordinary ring, so both show at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..art import palette
from ..art.hexgrid import layout_scale
from ..layout import Canvas
from . import geometry as g
from .paint import hex_outline

if TYPE_CHECKING:
    from .seam import Table

MARK = (255, 255, 255)
MARK_EDGE = palette.INK
WIDTH = 5

Shape = tuple[str, Any, float]  # ("hex", centre, size) or ("rect", rect, 0)

DIE_ACTIONS = ("take", "place", "sell", "workers")


def _depot_slot(table: Table, depot: int, slot: int) -> Shape | None:
    view = table.view
    row = view.black if depot == 0 else view.depots[depot - 1]
    if slot >= len(row) or row[slot] is None:
        return None
    size = g.BLACK_HEX if depot == 0 else g.DEPOT_HEX
    return "hex", g.depot_slot_centre(depot, slot, len(row)), size + 10


def _depot_goods(depot: int) -> Shape:
    x, y = g.depot_goods_centre(depot, 0, 1)
    return "rect", pygame.Rect(x - 54, y - 28, 108, 56), 0


def hint_shapes(table: Table, action: tuple) -> list[Shape]:
    """Where the pieces of `action` are drawn: the depots' always, the estate's, storage's,
    goods' and dice's while the seat to move is the one shown large."""
    op = action[0]
    out: list[Shape | None] = []
    own = table.own_estate()
    if op == "take" or op == "pick":
        depot, slot = (action[2], action[3]) if op == "take" else (action[1], action[2])
        out.append(_depot_slot(table, depot, slot))
    elif op == "buy":
        out.append(_depot_slot(table, action[1], action[2]))
    elif op == "ship":
        out += [_depot_goods(depot) for depot in action[1:]]
    if own:
        if op in DIE_ACTIONS and action[1] < 3:
            x, y = g.die_centre(action[1])
            out.append(("rect", pygame.Rect(x - 57, y - 57, 114, 114), 0))
        if op == "place" or op == "city_hall":
            storage, space = (action[2], action[3]) if op == "place" else action[1:3]
            out.append(("hex", g.storage_centre(storage), g.STORAGE_HEX + 10))
            out.append(("hex", g.estate_space_centre(space),
                        g.ESTATE_HEX * 0.95 * layout_scale() + 9))
        elif op == "start_castle":
            out.append(("hex", g.estate_space_centre(action[1]),
                        g.ESTATE_HEX * 0.95 * layout_scale() + 9))
        elif op == "discard":
            out.append(("hex", g.storage_centre(action[1]), g.STORAGE_HEX + 10))
        elif op in ("sell", "warehouse"):
            x, y = g.goods_centre(action[2] if op == "sell" else action[1])
            out.append(("rect", pygame.Rect(x - 31, y - 31, 62, 62), 0))
    return [shape for shape in out if shape is not None]


def draw_hint_marks(canvas: Canvas, table: Table, action: tuple) -> None:
    for shape, where, size in hint_shapes(table, action):
        if shape == "hex":
            hex_outline(canvas, where, size, MARK_EDGE, WIDTH + 4)
            hex_outline(canvas, where, size - 1, MARK, WIDTH)
        else:
            canvas.fill_rect(where, MARK_EDGE, radius=14, width=WIDTH + 4)
            canvas.fill_rect(pygame.Rect(where).inflate(-2, -2), MARK, radius=13, width=WIDTH)
