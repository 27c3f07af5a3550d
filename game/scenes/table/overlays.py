"""Scenes laid over the table: the pause menu and the pass-and-play hand-off screen
(its confirmations are `ui.confirm.ConfirmOverlay`; the rules glossary is in glossary.py)."""

from __future__ import annotations

import datetime as _dt
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..art import palette
from ..layout import DESIGN_RECT, Canvas
from ..load_menu import LoadOverlay
from ..settings_menu import SettingsOverlay
from ..ui import theme
from ..ui.confirm import ConfirmOverlay
from ..ui.screen import MenuScene, draw_dialog
from ..ui.widgets import Button
from .board_view import player_colour

if TYPE_CHECKING:
    from .seam import Table


def save_name(names: list[str], when: _dt.datetime | None = None) -> str:
    """A file name for a named save: the date and time, then the players."""
    when = when or _dt.datetime.now()
    players = " - ".join(names)
    safe = re.sub(r"[^\w .,'-]+", "_", players, flags=re.UNICODE).strip() or "game"
    return f"{when:%Y-%m-%d %H-%M-%S} {safe[:80]}.json"


def end_unused_question(faces: list[int]) -> str:
    """End turn with dice unused: one question naming each unused die by the number it
    shows. A turn is "genau zwei Aktionen ..., eine pro Würfel" (SE l.330): no die may
    lapse, so Yes takes workers with every one of them."""
    if len(faces) == 1:
        return i18n.tr("confirm.end_unused", face=faces[0])
    return i18n.tr("confirm.end_unused.both", first=faces[0], second=faces[1])


class PauseMenu(MenuScene):
    """Save, load, undo, settings, quit to title. The table keeps animating below."""

    is_overlay = True
    pauses_below = False
    DIALOG = pygame.Rect(660, 110, 600, 860)

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.notice = ""
        d = self.DIALOG
        rows = [("pause.resume", self.close, None),
                ("pause.save", self._save, "pause.save.tip"),
                ("pause.load", self._load, "pause.load.tip"),
                ("pause.undo", self._undo, "pause.undo.tip"),
                ("pause.settings", self._settings, None),
                ("pause.rules", self._rules, "pause.rules.tip"),
                ("pause.quit", self._quit, "pause.quit.tip.read_only"
                 if table.ctx.read_only else "pause.quit.tip")]
        self.buttons: dict[str, Button] = {}
        for i, (key, action, tip) in enumerate(rows):
            rect = (d.x + 70, d.y + 120 + i * 96, d.w - 140, 78)
            self.buttons[key] = self.add(Button(rect, key, action, tooltip=tip))

    def enter(self) -> None:
        self.buttons["pause.undo"].enabled = self.table.can_undo()
        self.buttons["pause.save"].enabled = not self.table.ctx.read_only
        super().enter()

    def on_escape(self) -> None:
        self.close()

    def _save(self) -> None:
        directory = Path(self.table.ctx.saves_dir)
        path = directory / save_name([s.name for s in self.table.session.seats])
        try:
            directory.mkdir(parents=True, exist_ok=True)
            self.table.session.save(path)
        except OSError as exc:
            self.notice = i18n.tr("pause.save_failed", error=exc.strerror or type(exc).__name__)
            return
        self.notice = i18n.tr("pause.saved", name=path.stem)

    def _load(self) -> None:
        self.stack.push(LoadOverlay(self.table.ctx))

    def _undo(self) -> None:
        self.table.undo()
        self.close()

    def _settings(self) -> None:
        self.stack.push(SettingsOverlay(self.table.ctx))

    def _rules(self) -> None:
        self.table.open_glossary()

    def _quit(self) -> None:
        # A read-only window saves nothing, so it promises no Continue.
        question = "confirm.quit.read_only" if self.table.ctx.read_only else "confirm.quit"
        self.stack.push(ConfirmOverlay("pause.quit", i18n.tr(question),
                                       self.table.quit_to_title))

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        draw_dialog(canvas, self.DIALOG, i18n.tr("pause.title"))

    def draw_foreground(self, canvas: Canvas) -> None:
        if self.notice:
            canvas.text(self.notice, (self.DIALOG.centerx, self.DIALOG.bottom - 50),
                        theme.FONT_SMALL, theme.TEXT, anchor="center")


class HandoffScene(MenuScene):
    """Covers the table until the next player is at the screen (pass-and-play)."""

    def __init__(self, name: str, colour: int) -> None:
        super().__init__()
        self.name = name
        self.colour = colour
        self.ready = self.add(Button((710, 640, 500, 90), lambda: i18n.tr("handoff.ready",
                                                                             name=name),
                                     self.close))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                          pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle_event(event)

    def draw_background(self, canvas: Canvas) -> None:
        canvas.surface.fill(theme.LETTERBOX)
        canvas.fill_rect(DESIGN_RECT, theme.BACKGROUND)
        colour = player_colour(self.colour)
        canvas.fill_rect((860, 250, 200, 200), colour, radius=100)
        canvas.fill_rect((860, 250, 200, 200), palette.INK_LIGHT, radius=100, width=6)
        canvas.text(self.name[:1].upper(), (960, 350), 120, palette.ink_on(colour),
                    anchor="center")
        canvas.text(i18n.tr("handoff.title", name=self.name), (960, 520), theme.FONT_HEADING,
                    palette.PARCHMENT, anchor="center")
        canvas.text(i18n.tr("handoff.body", name=self.name), (960, 580), theme.FONT_BODY,
                    palette.mix(palette.PARCHMENT, theme.BACKGROUND, 0.3), anchor="center")
