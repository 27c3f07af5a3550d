"""The window's icon: a burgundy castle tile, drawn like every other piece."""

from __future__ import annotations

import pygame

from .faces import TileFace
from .pieces import hex_tile


def window_icon(size: int = 64) -> pygame.Surface:
    """A square picture with a transparent background, as window managers expect."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    tile = hex_tile(TileFace("castle"), round(size * 0.48))
    surface.blit(tile, tile.get_rect(center=(size / 2, size / 2)))
    return surface
