"""Dialogs laid over any scene: a yes/no question, and a message with an OK button.

Each dialog is as tall as its text needs: the text starts under the title and the buttons
follow it at a fixed gap, so a short question leaves no empty band above its buttons. The
text is worded and wrapped when drawn (a change of language or window size refits it);
until the first frame the dialog is fitted at the design scale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import fonts, i18n
from . import theme
from ..layout import DESIGN_RECT, Canvas
from .screen import MenuScene, draw_dialog
from .text import wrap_text
from .widgets import Button, Label

# Design units: the title line above the text, the gap between the text and the buttons,
# the buttons' row and the margin under it; the text's margins at the sides.
TEXT_TOP = 110
TEXT_GAP = 44
BUTTON_H = 76
BOTTOM = 34
TEXT_SIDE = 60
# The most text a dialog shows before it is set smaller (Label) to fit.
MAX_TEXT_H = 560


class FittedDialog(MenuScene):
    """A dialog of WIDTH design units around a text of body size and a row of buttons,
    centred in the design space and as tall as its text needs."""

    is_overlay = True
    WIDTH = 800
    ALIGN = "center"   # the text's alignment

    def __init__(self, text: Callable[[], str]) -> None:
        super().__init__()
        self.body = text
        self.dialog = pygame.Rect(0, 0, self.WIDTH, 0)
        self.label = Label((0, 0, self.WIDTH - 2 * TEXT_SIDE, 0), text, align=self.ALIGN)
        self.panels.add(self.label)

    def place_buttons(self, dialog: pygame.Rect, y: int) -> None:
        """Put the buttons on their row, whose top is at ``y``."""

    def fit(self, canvas: Canvas | None = None) -> pygame.Rect:
        """Size the dialog to its text as ``canvas`` draws it (at the design scale without
        one), and move the text and the buttons into it."""
        room = self.WIDTH - 2 * TEXT_SIDE
        if canvas is None:
            font, scale = fonts.get(theme.FONT_BODY), 1.0
        else:
            font, scale = canvas.font(theme.FONT_BODY), canvas.scale
        lines = wrap_text(self.body(), font, round(room * scale))
        text_h = min(MAX_TEXT_H, len(lines) * font.get_linesize() / scale)
        # A few units to spare: the label measures its room in whole window pixels.
        text_h = round(text_h) + 6
        height = TEXT_TOP + text_h + TEXT_GAP + BUTTON_H + BOTTOM
        d = pygame.Rect(0, 0, self.WIDTH, height)
        d.center = DESIGN_RECT.center
        self.dialog = d
        self.label.rect = pygame.Rect(d.x + TEXT_SIDE, d.y + TEXT_TOP, room, text_h)
        self.place_buttons(d, d.bottom - BOTTOM - BUTTON_H)
        return d

    def draw(self, surface: pygame.Surface) -> None:
        self.fit(Canvas(surface))
        super().draw(surface)

    def on_escape(self) -> None:
        self.close()

    def dialog_title(self) -> str:
        return ""

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        draw_dialog(canvas, self.dialog, self.dialog_title())


class ConfirmOverlay(FittedDialog):
    """A yes/no question; Escape or No closes it."""

    def __init__(self, title: str, body: str | Callable[[], str], on_yes: Callable[[], None],
                 yes: str = "confirm.yes", no: str = "confirm.no") -> None:
        # A callable is worded when drawn, so the question follows a change of language.
        super().__init__(body if callable(body) else (lambda: body))
        self.title = title
        self.yes = self.add(Button((0, 0, 300, BUTTON_H), yes, self._yes, hotkey=pygame.K_y))
        self.no = self.add(Button((0, 0, 300, BUTTON_H), no, self.close, hotkey=pygame.K_n))
        self.on_yes = on_yes
        self.fit()

    def place_buttons(self, dialog: pygame.Rect, y: int) -> None:
        self.yes.rect.topleft = (dialog.x + 80, y)
        self.no.rect.topright = (dialog.right - 80, y)

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def dialog_title(self) -> str:
        return i18n.tr(self.title)


class MessageOverlay(FittedDialog):
    """A message with an OK button, over the scene that was showing."""

    WIDTH = 1000
    ALIGN = "left"

    def __init__(self, title: Any, text: Any) -> None:
        super().__init__(lambda: self.message())
        self.title = title
        self.text = text
        self.ok = self.add(Button((0, 0, 280, BUTTON_H), "common.ok", self.close))
        self.fit()

    def place_buttons(self, dialog: pygame.Rect, y: int) -> None:
        self.ok.rect.topleft = (dialog.centerx - 140, y)

    def message(self) -> str:
        return self.text() if callable(self.text) else i18n.tr(self.text)

    def dialog_title(self) -> str:
        return self.title() if callable(self.title) else i18n.tr(self.title)
