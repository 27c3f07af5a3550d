"""Colours and sizes shared by menus and widgets (design units)."""

from __future__ import annotations

from ..art import palette

BACKGROUND = (58, 44, 36)
LETTERBOX = (18, 14, 12)
PANEL = (244, 234, 210)
PANEL_EDGE = (120, 84, 52)
TEXT = palette.INK
TEXT_MUTED = (118, 104, 92)
TEXT_ON_DARK = palette.INK_LIGHT
ERROR = (170, 40, 30)
ERROR_ON_DARK = (244, 178, 150)  # for messages on the dark background, not on a panel
SCRIM = (0, 0, 0, 150)

BUTTON = (122, 44, 36)
BUTTON_HOVER = (150, 60, 46)
BUTTON_PRESSED = (96, 32, 26)
BUTTON_DISABLED = (150, 140, 130)
BUTTON_TEXT = (250, 240, 220)
BUTTON_TEXT_DISABLED = (214, 206, 196)
FOCUS = (250, 200, 70)

TOOLTIP = (36, 30, 26)
TOOLTIP_EDGE = (214, 176, 100)
TOOLTIP_TEXT = (246, 238, 222)

FONT_TITLE = 72
FONT_HEADING = 44
FONT_BUTTON = 32
FONT_BODY = 26
FONT_SMALL = 24
# The smallest text anywhere: 13 px in a 1280x720 window.
FONT_MIN = 20
RADIUS = 12
