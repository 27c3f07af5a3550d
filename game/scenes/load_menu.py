"""The load overlay: saved games, newest first; unreadable ones say why."""

from __future__ import annotations

import pygame

from . import i18n
from .context import ClientContext
from .layout import Canvas
from .persistence import SaveEntry, format_saved_at, list_saves
from .setup import rules_name
from .ui import theme
from .ui.screen import MenuScene, draw_dialog
from .ui.widgets import Button


DIALOG = pygame.Rect(410, 110, 1100, 860)
LIST = pygame.Rect(DIALOG.x + 60, DIALOG.y + 120, DIALOG.w - 120, 590)
ROW_H, ROW_GAP = 66, 10
VISIBLE_ROWS = (LIST.h + ROW_GAP) // (ROW_H + ROW_GAP)


def describe(payload: dict) -> str | None:
    """Who plays and by which rules, read from a saved game without replaying it."""
    try:
        setup = payload["setup"]
        names = ", ".join(seat["name"] for seat in setup["seats"])
        rules = setup["config"].get("rules", "special")
    except (KeyError, TypeError, AttributeError):
        return None
    return i18n.tr("load.describe", players=names, rules=rules_name(str(rules)))


class LoadOverlay(MenuScene):
    is_overlay = True

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.entries: list[SaveEntry] = []
        self.rows: list[Button] = []
        self.first_row = 0
        self.back = Button((DIALOG.centerx - 160, DIALOG.bottom - 110, 320, 76),
                           "common.back", self.close)

    def enter(self) -> None:
        self.entries = list_saves(self.ctx.saves_dir)
        can_play = self.ctx.launcher is not None
        for entry in self.entries:
            row = Button((LIST.x, LIST.y, LIST.w, ROW_H), self._label(entry),
                         lambda e=entry: self._open(e), tooltip=self._tooltip(entry),
                         font_size=theme.FONT_BODY,
                         enabled=entry.save is not None and can_play)
            self.rows.append(self.add(row))
        self.add(self.back)
        self._layout()
        super().enter()

    @staticmethod
    def _label(entry: SaveEntry):
        def text() -> str:
            if entry.save is None:
                return f"{entry.name} \u2014 {i18n.tr('load.damaged')}"
            when = format_saved_at(entry.save.saved_at)
            return f"{entry.name} \u2014 {i18n.tr('load.saved_at', date=when)}"
        return text

    def _tooltip(self, entry: SaveEntry):
        def text() -> str | None:
            if entry.error is not None:
                return entry.error.message()
            if self.ctx.launcher is None:
                return i18n.tr("title.unavailable")
            return describe(entry.save.payload) if entry.save is not None else None
        return text

    def _open(self, entry: SaveEntry) -> None:
        if entry.save is not None and self.ctx.launcher is not None:
            self.close()
            self.ctx.launcher.open_save(entry.save)

    def _layout(self) -> None:
        for i, row in enumerate(self.rows):
            slot = i - self.first_row
            row.visible = 0 <= slot < VISIBLE_ROWS
            row.rect.y = LIST.y + slot * (ROW_H + ROW_GAP)

    def scroll(self, rows: int) -> None:
        most = max(0, len(self.rows) - VISIBLE_ROWS)
        self.first_row = min(most, max(0, self.first_row + rows))
        self._layout()

    def _ensure_visible(self, index: int) -> None:
        if index < self.first_row:
            self.scroll(index - self.first_row)
        elif index >= self.first_row + VISIBLE_ROWS:
            self.scroll(index - self.first_row - VISIBLE_ROWS + 1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        focused = self.focus.focused
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN)
                and focused in self.rows):
            # Rows scrolled out of view cannot take the focus, so scroll them in first.
            usable = [r for r in self.rows if r.enabled]
            j = usable.index(focused) + (1 if event.key == pygame.K_DOWN else -1)
            if 0 <= j < len(usable):
                self._ensure_visible(self.rows.index(usable[j]))
                self.focus.focus(usable[j])
                self.tooltips.focus_on(usable[j])
                return True
        return super().handle_event(event)

    def on_escape(self) -> None:
        self.close()

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        draw_dialog(canvas, DIALOG, i18n.tr("load.title"))
        if not self.entries:
            canvas.text(i18n.tr("load.empty"), LIST.center, theme.FONT_BODY, theme.TEXT_MUTED,
                        anchor="center")
