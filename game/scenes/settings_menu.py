"""The settings overlay: changes apply at once and are saved straight away. A change of
the sound or its volume plays an effect at the new volume, so the player hears it."""

from __future__ import annotations

import pygame

from . import i18n, synth
from .context import ClientContext
from .layout import Canvas
from .preferences import ANIMATION_SPEEDS, COLOUR_SCHEMES, INTERFACE_SIZES, VOLUME_LEVELS
from .ui import theme
from .ui.screen import MenuScene, draw_dialog
from .ui.widgets import Button, Choice, Label

DIALOG = pygame.Rect(510, 30, 900, 1020)
ROW_X, ROW_Y, ROW_W, ROW_H, ROW_GAP = DIALOG.x + 60, DIALOG.y + 120, DIALOG.w - 120, 68, 14


def _language_name(code: str):
    return lambda: i18n.LANGUAGE_NAMES[code]


def _volume_level(percent: int):
    return lambda: i18n.tr("settings.volume.level", percent=percent)


def _interface_size(percent: int):
    return lambda: i18n.tr("settings.interface_size.level", percent=percent)


class SettingsOverlay(MenuScene):
    is_overlay = True

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        s = ctx.settings
        on_off = [(True, "common.on"), (False, "common.off")]
        rows = [
            Choice(self._row(0), "settings.language",
                   [(code, _language_name(code)) for code in i18n.LANGUAGES], s.language,
                   lambda v: self.ctx.change_settings(language=v),
                   tooltip="settings.language.tip"),
            Choice(self._row(1), "settings.speed",
                   [(speed, f"speed.{speed}") for speed in ANIMATION_SPEEDS],
                   s.animation_speed, lambda v: self.ctx.change_settings(animation_speed=v),
                   tooltip="settings.speed.tip"),
            Choice(self._row(2), "settings.fullscreen", on_off, s.fullscreen,
                   lambda v: self.ctx.change_settings(fullscreen=v),
                   tooltip="settings.fullscreen.tip"),
            Choice(self._row(3), "settings.handoff", on_off, s.handoff_screen,
                   lambda v: self.ctx.change_settings(handoff_screen=v),
                   tooltip="settings.handoff.tip"),
            Choice(self._row(4), "settings.sound", on_off, s.sound,
                   lambda v: self._change_sound(sound=v), tooltip="settings.sound.tip"),
            Choice(self._row(5), "settings.volume",
                   [(level, _volume_level(level)) for level in VOLUME_LEVELS], s.sound_volume,
                   lambda v: self._change_sound(sound_volume=v),
                   tooltip="settings.volume.tip"),
            Choice(self._row(6), "settings.colours",
                   [(name, f"settings.colours.{name}") for name in COLOUR_SCHEMES], s.colours,
                   lambda v: self.ctx.change_settings(colours=v),
                   tooltip="settings.colours.tip"),
            Choice(self._row(7), "settings.interface_size",
                   [(size, _interface_size(size)) for size in INTERFACE_SIZES],
                   s.interface_size, lambda v: self.ctx.change_settings(interface_size=v),
                   tooltip="settings.interface_size.tip"),
        ]
        self.choices = {c.name: c for c in rows}
        for row in rows:
            self.add(row)
        self.notice = Label((ROW_X, self._row(8)[1], ROW_W, 90), self._notice_text,
                            size=theme.FONT_SMALL, colour=theme.ERROR)
        self.panels.add(self.notice)
        self.close_button = self.add(Button((DIALOG.centerx - 160, DIALOG.bottom - 96, 320, 70),
                                            "common.close", self.close))
        self._seen_notices = 0

    @staticmethod
    def _row(i: int) -> tuple[int, int, int, int]:
        return ROW_X, ROW_Y + i * (ROW_H + ROW_GAP), ROW_W, ROW_H

    def _change_sound(self, **changes) -> None:
        self.ctx.change_settings(**changes)
        self.ctx.sound.play(synth.POINTS)

    def _notice_text(self) -> str:
        return "\n".join(n.message() for n in self.ctx.notices[-2:])

    def on_escape(self) -> None:
        self.close()

    def sync(self) -> None:
        """Show the current settings (F11 may have changed full screen meanwhile)."""
        s = self.ctx.settings
        for name, value in (("settings.language", s.language),
                            ("settings.speed", s.animation_speed),
                            ("settings.fullscreen", s.fullscreen),
                            ("settings.handoff", s.handoff_screen),
                            ("settings.sound", s.sound),
                            ("settings.volume", s.sound_volume),
                            ("settings.colours", s.colours),
                            ("settings.interface_size", s.interface_size)):
            choice = self.choices[name]
            choice.index = next(i for i, (v, _) in enumerate(choice.options) if v == value)

    def update(self, dt: float) -> None:
        self.sync()
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        consumed = super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and not DIALOG.collidepoint(event.pos):
            self.close()  # a click outside the dialog dismisses it
        return consumed

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        draw_dialog(canvas, DIALOG, i18n.tr("settings.title"))
