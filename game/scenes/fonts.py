"""The UI font at pixel sizes, cached.

The client draws all text in Open Sans Semibold, shipped in game/assets/fonts/ with its licence
(Apache 2.0). pygame's bundled default font is not used: its hinted advances put visible
gaps inside words at small sizes ("Bret tspiel", "good s"), and it silently renders at
about 0.69 of the size asked for. Sizes here are the font's em size in window pixels;
layout code asks Canvas.font for a design size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .assets import asset_path

FONT_PATH = asset_path("fonts", "OpenSans-Semibold.ttf")


@lru_cache(maxsize=64)
def get(pixel_size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    # A copy without the font file (a damaged installation) still shows its text, in
    # pygame's font.
    path = FONT_PATH if FONT_PATH.is_file() else None
    return pygame.font.Font(path, max(1, int(pixel_size)))


def clear() -> None:
    """Forget cached fonts (needed after pygame.font.quit())."""
    get.cache_clear()
