"""The game log panel: the wooden box at the table's side that lists what happened, newest
last, and scrolls back with the mouse wheel.

The panel owns the box's frame (painted once into the table's background), the lines'
drawing and the scroll position; what the lines say is the `GameLog` model's (log.py),
which the scene keeps, as a replay rebuilds it when it jumps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..art import palette
from ..layout import Canvas
from . import geometry as g
from .paint import GOLD, WOOD, fit_text, text

if TYPE_CHECKING:
    from .seam import Table

LOG_LINE = 25


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
        fit = int((box.h - 30) // LOG_LINE)
        self.scroll = min(self.scroll, max(0, len(lines) - fit))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - fit):end]
        for i, line in enumerate(shown):
            fit_text(canvas, line, (box.x, box.y + 30 + i * LOG_LINE), 21, palette.PARCHMENT,
                     box.w)
