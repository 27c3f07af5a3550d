"""The magnifier: the tile under a resting pointer, drawn large beside it with its name,
its number and what it does, so that no detail of a tile depends on the window's size.

It takes the tooltip's place on a tile and follows the tooltips' timing (ui/tooltip.py):
it appears once the pointer has rested on a tile for the tooltip's delay (at once when
moving on from a tile just shown), and goes when the pointer leaves the tile, a button is
pressed or a key is struck. It is only drawn, never hit: a click goes to what lies under
it. It sits beside the tile rather than over it where the window leaves room, and stays
inside the window.

Every tile the table shows can be magnified: on the depots and the black depot, in the
storage, on the estate shown large and beside it (monastery tiles), on every seat's
miniature estate, and on Châteauma's estate and area cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ..art import pieces
from ..art.hexgrid import SQRT3, layout_scale
from ..art.palette import Colour
from ..layout import DESIGN_RECT, Canvas
from ..ui import theme
from ..ui.text import wrap_text
from . import geometry as g
from .estates_panel import popup_hex, popup_rect, popup_space_centre
from .log import tile_label
from .paint import blit_at, hex_outline
from .tips import Spot, tile_effect, tile_tip
from .view import face_of

if TYPE_CHECKING:
    from .seam import Table

# The magnified tile's radius and the text column beside it, in design units at a window
# as large as 1280x720 or larger; a smaller window draws the magnifier larger in design
# units, so that it keeps the pixel size it has at 1280x720.
LENS_HEX = 84
TEXT_WIDTH = 380
PADDING = 16
GAP = 12            # between the tile on the table and the magnifier
MARGIN = 8          # from the window's edge
DIE = 44            # the die of the depot or space the tile lies on
HEADING = theme.FONT_BODY + 2
BODY = theme.FONT_SMALL
# The window scale (window pixels per design unit) below which the magnifier grows.
SMALLEST_SCALE = 720 / 1080


@dataclass(frozen=True)
class Lens:
    """A tile under the pointer: which tile, where it lies on the table and how large,
    the die number of the depot or estate space it lies on (0 for none), and a place
    the magnifier should also leave clear (the enlarged estate under a seat's card)."""

    tile: str
    centre: tuple[float, float]
    radius: float
    die: int = 0
    clear: pygame.Rect | None = None
    # The same tile in the enlarged estate under a seat's card (centre, radius), ringed.
    echo: tuple[tuple[float, float], float] | None = None

    @property
    def rect(self) -> pygame.FRect:
        w, h = SQRT3 * self.radius, 2 * self.radius
        return pygame.FRect(self.centre[0] - w / 2, self.centre[1] - h / 2, w, h)


def _shown(tile: Any) -> bool:
    """A tile whose face the table shows (not an empty space, not a face-down tile)."""
    return isinstance(tile, str) and face_of(tile) is not None


def _at(items: Any, i: Any) -> Any:
    """``items[i]``, or None where there is no such item: a spot may outlive by a frame the
    view it was made for (another seat shown large in its place)."""
    return items[i] if isinstance(i, int) and 0 <= i < len(items) else None


def lens_at(table: Table, spot: Spot | None, pos: tuple[float, float]) -> Lens | None:
    """The tile the pointer at ``pos`` rests on, over ``spot``; None where none is."""
    if spot is None:
        return None
    view = table.view
    pv = view.players[table.shown_seat]
    kind, key = spot.kind, spot.key
    tile: Any = None
    die = 0
    radius = spot.radius
    if kind == "depot":
        depot, slot = key
        row = view.black if depot == 0 else view.depots[depot - 1]
        tile = _at(row, slot)
        radius, die = (g.BLACK_HEX, 0) if depot == 0 else (g.DEPOT_HEX, depot)
    elif kind == "storage" and pv.cm is None:
        tile, radius = _at(pv.storage, key), g.STORAGE_HEX
    elif kind == "space" and pv.cm is not None:
        tile, radius = _at(pv.estate, key), g.CM_ESTATE_HEX
    elif kind == "space":
        tile, radius = _at(pv.estate, key), g.ESTATE_HEX * layout_scale()
        die = _at(pv.dice_numbers, key) or 0
    elif kind == "card_space" and pv.cm is not None:
        slot, space = key
        tile, radius = _at(_at(pv.cm.card_tiles, slot) or [], space), g.CM_CARD_HEX
    elif kind == "knowledge":
        tile = f"monastery{key}"
    elif kind == "seat":
        return _miniature_lens(table, key, pos)
    if not _shown(tile):
        return None
    return Lens(tile, spot.centre, radius, die)


def _miniature_lens(table: Table, seat: int, pos: tuple[float, float]) -> Lens | None:
    """A tile of a seat's estate in miniature on its card."""
    pv = table.view.players[seat]
    if not pv.colours and pv.cm is None:
        return None
    centre = table.estates.estate_centre(seat)
    size = g.MINI_HEX
    for space in range(len(pv.estate)):
        x, y = g.estate_space_centre(space, centre, size)
        if math.hypot(pos[0] - x, pos[1] - y) <= size * 0.9:
            tile = pv.estate[space]
            if not _shown(tile):
                return None
            die = (pv.dice_numbers[space]
                   if pv.cm is None and space < len(pv.dice_numbers) else 0)
            if table.estates.hovered != seat:
                return Lens(tile, (x, y), size, die)
            players = len(table.names)
            return Lens(tile, (x, y), size, die, popup_rect(seat, players),
                        (popup_space_centre(seat, players, space), popup_hex()))
    return None


class Magnifier:
    """The magnifier at the table: shown while the table's tooltip is shown on a tile."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.drawn: pygame.FRect | None = None   # where it was drawn last, if it was

    def lens(self) -> Lens | None:
        """The tile magnified now, or None while no tile is."""
        tips = self.table.tooltips
        target = tips.target
        if not tips.shown or not isinstance(target, Spot):
            return None
        return lens_at(self.table, target, self.table.pointer)

    @property
    def visible(self) -> bool:
        return self.lens() is not None

    def draw(self, canvas: Canvas) -> bool:
        """Draw the magnifier; False when no tile is magnified (the tooltip draws then)."""
        lens = self.lens()
        self.drawn = None
        if lens is None:
            return False
        spot = self.table.tooltips.target
        if lens.echo is not None:
            centre, radius = lens.echo
            # In the magnifier's colours, apart from the gold rings of what a click takes.
            hex_outline(canvas, centre, radius * 1.04, theme.TOOLTIP, 6)
            hex_outline(canvas, centre, radius * 1.04, theme.TOOLTIP_EDGE, 2)
        self.drawn = draw_lens(canvas, lens, self.table.rules,
                               extra_lines(lens.tile, spot.tooltip_text(), self.table.rules))
        return True


def extra_lines(tile: str, tip: str | None, rules: str) -> list[str]:
    """What the place's tooltip says besides the tile's own name and effect (a stack's
    height, Châteauma's marks), so the magnifier taking its place loses none of it; none
    for a tooltip about something else (a seat's card)."""
    if not tip:
        return []
    lines = tip.split("\n")
    own = tile_tip(tile, rules)
    if own not in lines:
        return []
    return [line for line in lines if line != own]


def zoom(canvas: Canvas) -> float:
    """How much larger than its design size the magnifier is drawn: enough to keep the
    pixel size it has in a 1280x720 window."""
    return max(1.0, SMALLEST_SCALE / canvas.scale)


def _lines(canvas: Canvas, lens: Lens, rules: str, extra: Sequence[str],
           z: float) -> list[tuple[str, float, Colour]]:
    """The magnifier's lines of text: (line, design size, colour)."""
    name = tile_label(lens.tile)
    width = canvas.length(TEXT_WIDTH * z)
    out: list[tuple[str, float, Colour]] = [(line, HEADING, theme.TOOLTIP_EDGE)
           for line in wrap_text(name[:1].upper() + name[1:],
                                 canvas.font(HEADING * z), width)]
    effect = tile_effect(lens.tile, rules)
    for text in [effect[:1].upper() + effect[1:], *extra]:
        out += [(line, BODY, theme.TOOLTIP_TEXT)
                for line in wrap_text(text, canvas.font(BODY * z), width)]
    return out


def box_size(canvas: Canvas, lens: Lens, rules: str, extra: Sequence[str]) -> tuple[float, float]:
    z = zoom(canvas)
    lines = _lines(canvas, lens, rules, extra, z)
    text_h = sum(canvas.font(size * z).get_linesize() for _, size, _ in lines) / canvas.scale
    w = 2 * PADDING * z + SQRT3 * LENS_HEX * z + PADDING * z + TEXT_WIDTH * z
    h = 2 * PADDING * z + max(2 * LENS_HEX * z, text_h)
    return w, h


def place(size: tuple[float, float], tile: pygame.FRect,
          clear: pygame.Rect | None = None) -> pygame.FRect:
    """Where the magnifier goes: right of the tile, else left, below or above, inside
    the window and clear of the tile (and of ``clear``) where it can be; else where it
    covers the least of the tile."""
    w, h = size
    area = pygame.FRect(DESIGN_RECT).inflate(-2 * MARGIN, -2 * MARGIN)
    candidates = [pygame.FRect(tile.right + GAP, tile.centery - h / 2, w, h),
                  pygame.FRect(tile.left - GAP - w, tile.centery - h / 2, w, h),
                  pygame.FRect(tile.centerx - w / 2, tile.bottom + GAP, w, h),
                  pygame.FRect(tile.centerx - w / 2, tile.top - GAP - h, w, h)]
    kept = []
    for i, box in enumerate(candidates):
        # Slide along the tile's side into the window; a side with no room is left out.
        if i < 2:
            box.top = min(max(box.top, area.top), area.bottom - h)
        else:
            box.left = min(max(box.left, area.left), area.right - w)
        if area.contains(box):
            kept.append(box)
    for box in kept:
        if not box.colliderect(tile) and (clear is None or not box.colliderect(clear)):
            return box
    for box in kept:
        if not box.colliderect(tile):
            return box
    box = pygame.FRect(0, 0, w, h)
    box.center = tile.center
    box.clamp_ip(area)
    return min([box, *kept], key=lambda b: _overlap(b, tile))


def _overlap(a: pygame.FRect, b: pygame.FRect) -> float:
    c = a.clip(b)
    return c.w * c.h


def draw_lens(canvas: Canvas, lens: Lens, rules: str, extra: Sequence[str] = ()) -> pygame.FRect:
    """The magnifier for ``lens``: returns where it was drawn (design units)."""
    z = zoom(canvas)
    box = place(box_size(canvas, lens, rules, extra), lens.rect, lens.clear)
    canvas.fill_rect(box, theme.TOOLTIP, radius=10)
    canvas.fill_rect(box, theme.TOOLTIP_EDGE, radius=10, width=2)
    face = face_of(lens.tile, rules)
    tile_w = SQRT3 * LENS_HEX * z
    centre = (box.x + PADDING * z + tile_w / 2, box.y + PADDING * z + LENS_HEX * z)
    if face is not None:
        blit_at(canvas, pieces.hex_tile(face, canvas.length(LENS_HEX * z)), centre)
    if lens.die:
        blit_at(canvas, pieces.die_face(lens.die, canvas.length(DIE * z)),
                (centre[0] + tile_w / 2 - DIE * z * 0.3, centre[1] + LENS_HEX * z * 0.78))
    x = box.x + 2 * PADDING * z + tile_w
    y = box.y + PADDING * z
    for line, size, colour in _lines(canvas, lens, rules, extra, z):
        canvas.text(line, (x, y), size * z, colour)
        y += canvas.font(size * z).get_linesize() / canvas.scale
    return box
