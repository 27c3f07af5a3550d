"""A ship's goods, chosen where they are seen: each option's button shows the goods it
takes (their colours and die numbers, a count for several alike), resting on a button
rings its depot on the board, and a click on a depot's goods on the board takes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import i18n
from ..art import palette, pieces
from ..layout import Canvas
from ..ui import theme
from ..ui.widgets import Button, fitted
from . import geometry as g
from .paint import GOLD, circle

if TYPE_CHECKING:
    from .seam import Table

TILE = 30           # a goods tile on a button, in design units
GAP = 6
RING = palette.mix(GOLD, (255, 255, 255), 0.35)


def ship_depots(action: tuple) -> tuple[int, ...]:
    """The depots a ship's option takes the goods of (none for another action)."""
    return tuple(action[1:]) if action and action[0] == "ship" else ()


def goods_groups(counts: list[int]) -> list[tuple[int, int]]:
    """(die number, how many) of a depot's goods, lowest number first."""
    return [(value, counts[value]) for value in range(1, len(counts)) if counts[value]]


class ShipGoodsButton(Button):
    """An option of a ship's goods: "Depot 2" and the goods lying there."""

    def __init__(self, rect: Any, table: Table, action: tuple, **kw: Any) -> None:
        super().__init__(rect, lambda: i18n.tr("table.ship.depots", depots=" + ".join(
            str(d) for d in ship_depots(action))), lambda: table.choose(action), **kw)
        self.table = table
        self.action = action

    def groups(self) -> list[tuple[int, int]]:
        goods = self.table.state.depot_goods
        out: list[tuple[int, int]] = []
        for depot in ship_depots(self.action):
            out += goods_groups(list(goods[depot - 1]))
        return out

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        ink = self.draw_face(canvas)
        groups = self.groups()
        tile = min(TILE, h - 12)
        counted = [(v, n, f"\u00d7{n}" if n > 1 else "") for v, n in groups]
        count_size = max(theme.FONT_MIN, round(tile * 0.8))
        font = canvas.font(count_size)
        widths = [tile + (font.size(label)[0] / canvas.scale + 2 if label else 0)
                  for _, _, label in counted]
        goods_w = sum(widths) + GAP * max(0, len(widths) - 1)
        label, size = fitted(canvas, i18n.tr("table.ship.depots", depots=" + ".join(
            str(d) for d in ship_depots(self.action))), self.font_size,
            max(40.0, w - goods_w - 3 * 12))
        label_w = canvas.font(size).size(label)[0] / canvas.scale
        x = (w - label_w - 12 - goods_w) / 2
        canvas.text(label, (x, h / 2), size, ink, anchor="midleft")
        x += label_w + 12
        for (value, _n, count), width in zip(counted, widths):
            canvas.blit_centred(pieces.goods_tile(value, canvas.length(tile)),
                                (x + tile / 2, h / 2))
            if count:
                canvas.text(count, (x + tile + 2, h / 2), count_size, ink, anchor="midleft")
            x += width + GAP


def draw_ship_marks(canvas: Canvas, table: Table, buttons: list[Button]) -> None:
    """While a ship's goods are chosen: a ring round each depot's goods a click on the
    board takes, and a bold one round the depots of the option the pointer rests on."""
    n = table.narrowing
    depots = {d for a in (n.legal if n is not None else []) for d in ship_depots(a)}
    for depot in sorted(depots):
        x, y = g.depot_goods_centre(depot, 0, 1)
        canvas.fill_rect((x - 52, y - 24, 104, 48), RING, radius=10, width=3)
    for button in buttons:
        if button.hovered and isinstance(button, ShipGoodsButton):
            for depot in ship_depots(button.action):
                circle(canvas, g.depot_centre(depot), g.DEPOT_RADIUS + 4, palette.INK, 10)
                circle(canvas, g.depot_centre(depot), g.DEPOT_RADIUS + 4, RING, 6)


def ship_options_for(table: Table, depot: int) -> list[tuple]:
    """The ship's options open now that take the goods of `depot`."""
    n = table.narrowing
    if n is None:
        return []
    return [a for a in n.legal if depot in ship_depots(a)]
