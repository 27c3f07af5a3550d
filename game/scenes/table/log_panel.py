"""The game log panel: the wooden box at the table's side that lists what happened, newest
last, and scrolls back with the mouse wheel.

The panel owns the box's frame (painted once into the table's background), the lines'
drawing and the scroll position; what the lines say is the `GameLog` model's (log.py),
which the scene keeps, as a replay rebuilds it when it jumps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import fonts, i18n
from ..art import palette, pieces
from ..layout import Canvas
from ..ui import theme
from . import geometry as g
from .log import Icon
from .paint import GOLD, WOOD, blit_at, fit_text, text
from .view import face_of

if TYPE_CHECKING:
    from .seam import Table

LOG_LINE = 25
ICON = 20          # a goods tile, a die or a hex tile's height before a line's words
ICON_STEP = 22


class LogPanel:
    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.rect = g.LOG
        self.scroll = 0     # lines scrolled back from the newest

    def scroll_by(self, lines: int) -> None:
        """A turn of the mouse wheel: back (up) or towards the newest line (down); the
        drawing keeps it within the lines there are."""
        self.scroll = max(0, self.scroll + lines)

    def to_newest(self) -> None:
        self.scroll = 0

    def paint_frame(self, canvas: Canvas) -> None:
        """The box, part of the table's background layer."""
        canvas.fill_rect(self.rect, WOOD, radius=14)
        canvas.fill_rect(self.rect.inflate(-10, -10), palette.darker(WOOD, 0.35), radius=10)

    def draw(self, canvas: Canvas) -> None:
        box = self.rect.inflate(-30, -24)
        text(canvas, i18n.tr("table.log"), (box.x, box.y), 22, GOLD)
        lines = self.scene.log.lines()
        icons = self.scene.log.icons()
        fit = int((box.h - 30) // LOG_LINE)
        self.scroll = min(self.scroll, max(0, len(lines) - fit))
        end = len(lines) - self.scroll
        start = max(0, end - fit)
        for i, (line, pictures) in enumerate(zip(lines[start:end], icons[start:end])):
            y = box.y + 30 + i * LOG_LINE
            images = [im for im in (self.icon_image(canvas, p) for p in pictures)
                      if im is not None]
            step = self.icon_step(canvas, line, len(images), box.w)
            x: float = box.x
            if step:
                for image in images:
                    blit_at(canvas, image, (x + ICON / 2, y + LOG_LINE / 2 - 1))
                    x += step
                x += ICON_STEP - step + 6
            fit_text(canvas, line, (x, y), 21, palette.PARCHMENT, box.right - x)

    @staticmethod
    def icon_step(canvas: Canvas, line: str, count: int, width: float) -> float:
        """How far apart a line's pictures are drawn: side by side, overlapping where the
        words would not fit beside them even in the smallest type, or not at all (0)
        where even overlapping ones leave the words too little room: the words come
        first."""
        if not count:
            return 0
        words = fonts.get(round(theme.FONT_MIN * canvas.scale)).size(line)[0] / canvas.scale
        room = width - words - 6 - ICON_STEP
        if count == 1 or room >= (count - 1) * ICON_STEP:
            return ICON_STEP if room >= 0 else 0
        step = room / (count - 1)
        return step if step >= ICON * 0.4 else 0

    def icon_image(self, canvas: Canvas, picture: Icon) -> pygame.Surface | None:
        """A log line's picture at the log's size: goods as their tiles, a hex tile's
        front, the white die or a player's die."""
        kind, what = picture
        px = canvas.length(ICON)
        if kind == "goods":
            return pieces.goods_tile(what, px)
        if kind == "die":
            return pieces.white_die(what, px)
        if kind == "seat_die":
            value, player = what
            return pieces.seat_die(value, px, self.scene.seat_colour(player))
        face = face_of(what)
        return pieces.hex_tile(face, max(2, canvas.length(ICON / 2 + 2))) if face else None
