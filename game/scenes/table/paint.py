"""Drawing helpers shared by the table's views: cached text, layers, outlines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from .. import fonts
from ..art import palette
from ..art.hexgrid import hex_corners
from ..layout import DESIGN_RECT, Canvas, Viewport
from ..ui import theme

GOLD = (246, 196, 64)
FELT = (38, 62, 48)
FELT_DARK = (28, 46, 36)
WOOD = (92, 62, 40)
BOARD_FILL = (222, 208, 172)
BOARD_EDGE = (120, 86, 54)
DEPOT_FILL = (206, 188, 148)
BLACK_FILL = (70, 62, 58)
TILE_BACK = (44, 38, 36)
TILE_BACK_EDGE = (112, 98, 84)


@lru_cache(maxsize=2048)
def text_image(text: str, pixel_size: int, colour: tuple) -> pygame.Surface:
    return fonts.get(max(1, pixel_size)).render(text, True, colour)


def text(canvas: Canvas, s: str, pos: tuple[float, float], size: float, colour: Any,
         anchor: str = "topleft") -> pygame.Rect:
    """Canvas.text with the rendered line cached (the table redraws text every frame)."""
    image = text_image(s, fonts.pixel_size(size, canvas.scale), tuple(colour))
    target = image.get_rect(**{anchor: canvas.px(*pos)})
    canvas.surface.blit(image, target)
    return target


def fit_text(canvas: Canvas, s: str, pos: tuple[float, float], size: float, colour: Any,
             width: float, anchor: str = "topleft") -> pygame.Rect:
    """One line, shrunk until it fits ``width`` design units, but never below
    theme.FONT_MIN: a region too small for its text must be made larger instead."""
    room = canvas.length(width)
    while size > theme.FONT_MIN and canvas.font(size).size(s)[0] > room:
        size = max(theme.FONT_MIN, size - 2)
    return text(canvas, s, pos, size, colour, anchor)


@lru_cache(maxsize=64)
def tile_back(size: int) -> pygame.Surface:
    """The back of a hex tile: what a face-down tile shows, and nothing else."""
    w, h = round(size * 1.74) + 2, 2 * size + 2
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    pygame.draw.polygon(image, TILE_BACK, hex_corners(cx, cy, size))
    pygame.draw.polygon(image, TILE_BACK_EDGE, hex_corners(cx, cy, size), max(1, size // 14))
    pygame.draw.polygon(image, TILE_BACK_EDGE, hex_corners(cx, cy, size * 0.62),
                        max(1, size // 18))
    pygame.draw.polygon(image, TILE_BACK_EDGE, hex_corners(cx, cy, size * 0.24))
    return image


def hex_outline(canvas: Canvas, centre: tuple[float, float], size: float, colour: Any,
                width: float = 4) -> None:
    cx, cy = canvas.px(*centre)
    pygame.draw.polygon(canvas.surface, colour, hex_corners(cx, cy, canvas.length(size)),
                        canvas.length(width))


def circle(canvas: Canvas, centre: tuple[float, float], radius: float, colour: Any,
           width: float = 0) -> None:
    pygame.draw.circle(canvas.surface, colour, canvas.px(*centre), canvas.length(radius),
                       canvas.length(width) if width else 0)


def blit_at(canvas: Canvas, image: pygame.Surface, centre: tuple[float, float]) -> None:
    canvas.surface.blit(image, image.get_rect(center=canvas.px(*centre)))


@dataclass(frozen=True)
class ShiftedViewport(Viewport):
    """The window's viewport moved so that a layer's top left is pixel (0, 0)."""

    base: Viewport | None = None
    shift: tuple[int, int] = (0, 0)

    @property
    def scale(self) -> float:  # type: ignore[override]
        return self.base.scale

    @property
    def offset(self) -> tuple[float, float]:  # type: ignore[override]
        ox, oy = self.base.offset
        return ox - self.shift[0], oy - self.shift[1]


class Layer:
    """A part of the table drawn once into a surface and blitted each frame; redrawn
    only when its key (the state it shows, the window size) changes."""

    def __init__(self, rect: pygame.Rect, paint: Callable[[Canvas], None]) -> None:
        self.rect = pygame.Rect(rect)
        self.paint = paint
        self.key: Any = None
        self.surface: pygame.Surface | None = None
        self.target = pygame.Rect(0, 0, 0, 0)
        self.redraws = 0

    def refresh(self, window: pygame.Surface, key: Any) -> bool:
        """Repaint the layer if its key changed; True when it did."""
        viewport = Viewport.for_surface(window)
        full = (key, viewport.window_size, palette.scheme)
        if full == self.key and self.surface is not None:
            return False
        self.target = viewport.rect_to_window(self.rect)
        if self.surface is None or self.surface.get_size() != self.target.size:
            # In the window's pixel format, so that blitting it is a plain copy.
            self.surface = pygame.Surface(self.target.size, 0, window)
        canvas = Canvas(self.surface, (0, 0),
                        ShiftedViewport(viewport.window_size, viewport, self.target.topleft))
        self.paint(canvas)
        self.key = full
        self.redraws += 1
        return True

    def draw(self, window: pygame.Surface, key: Any) -> None:
        self.refresh(window, key)
        window.blit(self.surface, self.target)


class Backdrop:
    """The table's opaque layers composed into one picture of the design area, so that a
    frame blits one surface instead of one per layer. A layer that repaints is copied
    into it again, with the layers that lie over it; the rest of the picture stays."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.target = pygame.Rect(0, 0, 0, 0)
        self.copies = 0

    def draw(self, window: pygame.Surface, layers: list[tuple[Layer, Any]]) -> None:
        """Blit the layers, bottom first (each with the key it shows now), as one."""
        whole = Viewport.for_surface(window).rect_to_window(DESIGN_RECT)
        fresh = self.surface is None or self.surface.get_size() != whole.size
        if fresh:
            self.surface = pygame.Surface(whole.size, 0, window)
            self.target = whole
        assert self.surface is not None
        changed: list[pygame.Rect] = []
        for layer, key in layers:
            repainted = layer.refresh(window, key)
            if fresh or repainted or layer.target.collidelist(changed) != -1:
                assert layer.surface is not None
                self.surface.blit(layer.surface, layer.target.move(-whole.x, -whole.y))
                changed.append(layer.target)
                self.copies += 1
        window.blit(self.surface, whole)
