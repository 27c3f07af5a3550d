"""The UI font at pixel sizes, cached.

The client draws all text in Open Sans Semibold, shipped in game/assets/fonts/ with its licence
(Apache 2.0). pygame's bundled default font is not used: its hinted advances put visible
gaps inside words at small sizes ("Bret tspiel", "good s"), and it silently renders at
about 0.69 of the size asked for. Sizes here are the font's em size in window pixels;
layout code asks Canvas.font for a design size.

No text is drawn smaller than MIN_PIXEL_SIZE: a 12 px Open Sans has capitals 9 px tall,
the least that reads comfortably on a laptop screen. Only the smallest windows, those of
1024x600 screens, where the table has no room for more, go down to SMALL_WINDOW_PIXEL_SIZE
(capitals 8 px tall). Measuring goes through the same sizes, so layouts that fit text to a
box see the size it will be drawn at.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .assets import asset_path

FONT_PATH = asset_path("fonts", "OpenSans-Semibold.ttf")
MIN_PIXEL_SIZE = 12
SMALL_WINDOW_PIXEL_SIZE = 11
# The design scale below which a window is one of the smallest: 1056x594 and less (a
# 1024x600 screen's window is at 0.53, a 1280x720 screen's at 0.57 and more).
SMALL_WINDOW_SCALE = 0.55


def pixel_size(design_size: float, scale: float) -> int:
    """The pixel size text of ``design_size`` is drawn at in a window of design ``scale``:
    scaled, but never under the least size for that window."""
    least = MIN_PIXEL_SIZE if scale >= SMALL_WINDOW_SCALE else SMALL_WINDOW_PIXEL_SIZE
    return max(least, round(design_size * scale))


@lru_cache(maxsize=64)
def get(pixel_size: int) -> pygame.font.Font:
    """The UI font at ``pixel_size`` px, never under SMALL_WINDOW_PIXEL_SIZE (layouts
    ask for a size through pixel_size)."""
    if not pygame.font.get_init():
        pygame.font.init()
    # A copy without the font file (a damaged installation) still shows its text, in
    # pygame's font.
    path = FONT_PATH if FONT_PATH.is_file() else None
    return pygame.font.Font(path, max(SMALL_WINDOW_PIXEL_SIZE, int(pixel_size)))


def clear() -> None:
    """Forget cached fonts (needed after pygame.font.quit())."""
    get.cache_clear()
