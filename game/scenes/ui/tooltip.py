"""Tooltips: shown after the pointer rests on a widget, wrapped to a readable width.

Once one tooltip has been shown, moving straight to a neighbour shows its tooltip at once
(for a short warm period), as desktop toolkits do. Keyboard focus shows the focused
widget's tooltip below it after the same delay.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ..layout import DESIGN_RECT, Canvas
from . import theme
from .text import wrap_text

HOVER_DELAY = 0.6
WARM_PERIOD = 0.5
MAX_WIDTH = 560
PADDING = 14
POINTER_OFFSET = (18, 26)


class HasTooltip(Protocol):
    rect: pygame.Rect

    def tooltip_text(self) -> str | None: ...


class Tooltips:
    def __init__(self, delay: float = HOVER_DELAY) -> None:
        self.delay = delay
        self.target: HasTooltip | None = None
        self.anchor: tuple[float, float] = (0, 0)
        self.below_target = False
        self.waited = 0.0
        self.shown = False
        self.since_hidden = WARM_PERIOD
        self.suppressed = False

    def point_at(self, target: HasTooltip | None, pos: tuple[float, float]) -> None:
        """The pointer moved to ``pos`` (design coordinates), over ``target`` or nothing."""
        self.anchor = (pos[0] + POINTER_OFFSET[0], pos[1] + POINTER_OFFSET[1])
        self.below_target = False
        if target is not self.target:
            self._switch(target)

    def focus_on(self, target: HasTooltip | None) -> None:
        """Keyboard focus moved to ``target``."""
        if target is None:
            self._switch(None)
            return
        if target is not self.target:
            self._switch(target)
        self.anchor = (target.rect.left, target.rect.bottom + 8)
        self.below_target = True

    def _switch(self, target: HasTooltip | None) -> None:
        was_shown = self.shown
        self.target = target
        self.suppressed = False
        self.waited = 0.0
        self.shown = False
        if was_shown:
            self.since_hidden = 0.0
        if target is not None and self.since_hidden < WARM_PERIOD:
            self.shown = True

    def hide(self) -> None:
        """Hide until the pointer reaches another target (after a click or key press)."""
        if self.shown:
            self.since_hidden = 0.0
        self.shown = False
        self.suppressed = True

    @property
    def text(self) -> str | None:
        if not self.shown or self.target is None:
            return None
        return self.target.tooltip_text()

    @property
    def visible(self) -> bool:
        return bool(self.text)

    @property
    def waiting(self) -> bool:
        """A tooltip will appear once its delay has passed."""
        return self.target is not None and not self.shown and not self.suppressed

    def update(self, dt: float) -> None:
        self.since_hidden += dt
        if self.target is None or self.shown or self.suppressed:
            return
        self.waited += dt
        if self.waited >= self.delay:
            self.shown = True

    def draw(self, canvas: Canvas) -> None:
        text = self.text
        if not text:
            return
        font = canvas.font(theme.FONT_SMALL)
        lines = wrap_text(text, font, canvas.length(MAX_WIDTH))
        widths = [font.size(line)[0] for line in lines]
        line_h = font.get_linesize() / canvas.scale
        w = max(widths) / canvas.scale + 2 * PADDING
        h = len(lines) * line_h + 2 * PADDING
        x, y = self.anchor
        box = pygame.FRect(x, y, w, h)
        if box.right > DESIGN_RECT.right - 8:
            box.right = DESIGN_RECT.right - 8
        if box.bottom > DESIGN_RECT.bottom - 8:
            # No room below: put it above the pointer or the widget instead.
            above = (self.target.rect.top - 8 if self.below_target and self.target
                     else y - POINTER_OFFSET[1] - 8)
            box.bottom = above
        box.left = max(box.left, DESIGN_RECT.left + 8)
        box.top = max(box.top, DESIGN_RECT.top + 8)
        canvas.fill_rect(box, theme.TOOLTIP, radius=8)
        canvas.fill_rect(box, theme.TOOLTIP_EDGE, radius=8, width=2)
        for i, line in enumerate(lines):
            canvas.text(line, (box.x + PADDING, box.y + PADDING + i * line_h),
                        theme.FONT_SMALL, theme.TOOLTIP_TEXT)


def tooltip_target(obj: Any) -> HasTooltip | None:
    return obj if obj is not None and hasattr(obj, "tooltip_text") else None
