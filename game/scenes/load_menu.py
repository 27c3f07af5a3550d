"""The load overlay: saved games, newest first; unreadable ones say why.

The saves are read on a worker thread: a folder of many (or huge, or slow) files must not
freeze the window, so the overlay opens at once and says it is reading until the list is
there.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pygame

from . import i18n
from .context import ClientContext
from .layout import Canvas
from .persistence import SaveEntry, display_name, format_saved_at, list_saves
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
        names = ", ".join(str(seat["name"]) for seat in setup["seats"][:8])
        rules = setup["config"].get("rules", "special")
    except (KeyError, TypeError, AttributeError):
        return None
    # Not yet checked (that happens when the game is opened), so made drawable here.
    return i18n.tr("load.describe", players=display_name(names)[:200],
                   rules=display_name(rules_name(str(rules)))[:60])


class SaveListing:
    """``list_saves`` of one folder, run on a daemon thread."""

    def __init__(self, folder: Path) -> None:
        self._entries: list[SaveEntry] = []
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(folder,), name="list-saves",
                         daemon=True).start()

    def _run(self, folder: Path) -> None:
        try:
            self._entries = list_saves(folder)
        except Exception:  # noqa: BLE001 - an unlistable folder shows as no saves
            self._entries = []
        finally:
            self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> list[SaveEntry] | None:
        """The entries once listed; None while the thread is still reading."""
        return self._entries if self._done.is_set() else None


class LoadOverlay(MenuScene):
    is_overlay = True

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.entries: list[SaveEntry] = []
        self.rows: list[Button] = []
        self.first_row = 0
        self.listed = False
        self._listing: SaveListing | None = None
        self.back = Button((DIALOG.centerx - 160, DIALOG.bottom - 110, 320, 76),
                           "common.back", self.close)

    def enter(self) -> None:
        self.add(self.back)
        super().enter()
        self._listing = SaveListing(self.ctx.saves_dir)

    def update(self, dt: float) -> None:
        self._take_listing()
        super().update(dt)

    def wait_listed(self, timeout: float | None = None) -> bool:
        """Wait for the saves to be read and show them; False if the time ran out."""
        if self._listing is not None:
            self._listing.wait(timeout)
        self._take_listing()
        return self.listed

    def _take_listing(self) -> None:
        if self.listed or self._listing is None:
            return
        entries = self._listing.result()
        if entries is None:
            return
        self.listed = True
        self.entries = entries
        can_play = self.ctx.launcher is not None
        for entry in self.entries:
            row = Button((LIST.x, LIST.y, LIST.w, ROW_H), self._label(entry),
                         lambda e=entry: self._open(e), tooltip=self._tooltip(entry),
                         font_size=theme.FONT_BODY,
                         enabled=entry.save is not None and can_play)
            self.rows.append(self.add(row))
        # The rows come before Back in keyboard order, as if they had been there at once.
        self.focus.widgets.remove(self.back)
        self.focus.widgets.append(self.back)
        if self.focus.focused in (None, self.back):
            self.focus.focus_first()
        self._layout()

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
        if not self.listed:
            canvas.text(i18n.tr("load.loading"), LIST.center, theme.FONT_BODY,
                        theme.TEXT_MUTED, anchor="center")
        elif not self.entries:
            canvas.text(i18n.tr("load.empty"), LIST.center, theme.FONT_BODY, theme.TEXT_MUTED,
                        anchor="center")
