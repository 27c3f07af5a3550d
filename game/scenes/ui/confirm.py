"""Dialogs laid over any scene: a yes/no question, and a message with an OK button."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import i18n
from . import theme
from ..layout import Canvas
from .screen import MenuScene, draw_dialog
from .widgets import Button, Label


class ConfirmOverlay(MenuScene):
    """A yes/no question; Escape or No closes it."""

    is_overlay = True
    DIALOG = pygame.Rect(560, 330, 800, 400)

    def __init__(self, title: str, body: str | Callable[[], str], on_yes: Callable[[], None],
                 yes: str = "confirm.yes", no: str = "confirm.no") -> None:
        super().__init__()
        self.title = title
        d = self.DIALOG
        # A callable is worded when drawn, so the question follows a change of language.
        text = body if callable(body) else (lambda: body)
        self.panels.add(Label((d.x + 60, d.y + 110, d.w - 120, 150), text, align="center"))
        self.yes = self.add(Button((d.x + 80, d.bottom - 110, 300, 76), yes, self._yes,
                                   hotkey=pygame.K_y))
        self.no = self.add(Button((d.right - 380, d.bottom - 110, 300, 76), no, self.close,
                                  hotkey=pygame.K_n))
        self.on_yes = on_yes

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def on_escape(self) -> None:
        self.close()

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        draw_dialog(canvas, self.DIALOG, i18n.tr(self.title))


DIALOG = pygame.Rect(460, 290, 1000, 500)


class MessageOverlay(MenuScene):
    """A message with an OK button, over the scene that was showing."""

    is_overlay = True

    def __init__(self, title: Any, text: Any) -> None:
        super().__init__()
        self.title = title
        self.text = text
        self.panels.add(Label((DIALOG.x + 60, DIALOG.y + 120, DIALOG.w - 120, 230), text,
                              size=theme.FONT_BODY))
        self.ok = self.add(Button((DIALOG.centerx - 140, DIALOG.bottom - 110, 280, 76),
                                  "common.ok", self.close))

    def message(self) -> str:
        return self.text() if callable(self.text) else i18n.tr(self.text)

    def on_escape(self) -> None:
        self.close()

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        title = self.title() if callable(self.title) else i18n.tr(self.title)
        draw_dialog(canvas, DIALOG, title)
