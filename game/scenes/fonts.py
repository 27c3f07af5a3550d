"""Fonts at pixel sizes, cached.

The client uses pygame's bundled default font, which covers the German letters the UI
needs (ä, ö, ü, ß). Sizes are pixel sizes; layout code asks Canvas.font for a design size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame


@lru_cache(maxsize=64)
def get(pixel_size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, max(1, int(pixel_size)))


def clear() -> None:
    """Forget cached fonts (needed after pygame.font.quit())."""
    get.cache_clear()
