"""A small icon set drawn procedurally, as single-colour silhouettes.

Each icon is drawn in a unit square (0..1, y down) at four times the requested size and
smoothed down, which gives clean edges with plain pygame.draw. Results are cached per
name, pixel size and colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from .palette import Colour

SUPERSAMPLE = 4


class Pen:
    """Draws in unit coordinates onto a square surface; ``erase`` cuts holes."""

    def __init__(self, surface: pygame.Surface, colour: Colour) -> None:
        self.surface = surface
        self.colour = colour
        self.n = surface.get_width()

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return x * self.n, y * self.n

    def _c(self, erase: bool) -> tuple[int, ...]:
        # Cleared pixels keep the ink's colour at zero alpha, so smoothing the edges
        # blends towards the ink rather than towards black.
        return (*self.colour, 0 if erase else 255)

    def poly(self, points: Sequence[tuple[float, float]], erase: bool = False) -> None:
        pygame.draw.polygon(self.surface, self._c(erase), [self._p(*p) for p in points])

    def rect(self, x: float, y: float, w: float, h: float, erase: bool = False,
             radius: float = 0) -> None:
        r = pygame.Rect(round(x * self.n), round(y * self.n), round(w * self.n),
                        round(h * self.n))
        pygame.draw.rect(self.surface, self._c(erase), r,
                         border_radius=round(radius * self.n) if radius else -1)

    def circle(self, x: float, y: float, r: float, erase: bool = False,
               width: float = 0) -> None:
        pygame.draw.circle(self.surface, self._c(erase), self._p(x, y), r * self.n,
                           round(width * self.n) if width else 0)

    def ellipse(self, x: float, y: float, w: float, h: float, erase: bool = False) -> None:
        pygame.draw.ellipse(self.surface, self._c(erase),
                            pygame.Rect(round(x * self.n), round(y * self.n),
                                        round(w * self.n), round(h * self.n)))

    def line(self, points: Sequence[tuple[float, float]], width: float,
             erase: bool = False) -> None:
        w = max(1, round(width * self.n))
        pts = [self._p(*p) for p in points]
        pygame.draw.lines(self.surface, self._c(erase), False, pts, w)
        for p in pts:  # round joints and caps
            pygame.draw.circle(self.surface, self._c(erase), p, w / 2)


def _castle(p: Pen) -> None:
    p.rect(0.16, 0.42, 0.68, 0.48)
    for x in (0.08, 0.68):
        p.rect(x, 0.24, 0.24, 0.66)
        for k in range(3):
            p.rect(x + k * 0.09, 0.15, 0.06, 0.1)
    p.rect(0.38, 0.3, 0.24, 0.2)
    for k in range(3):
        p.rect(0.38 + k * 0.09, 0.22, 0.06, 0.09)
    p.poly([(0.5, 0.04), (0.5, 0.2), (0.62, 0.12)])
    p.rect(0.49, 0.04, 0.025, 0.2)
    p.rect(0.42, 0.64, 0.16, 0.26, erase=True)
    p.circle(0.5, 0.64, 0.08, erase=True)


def _mine(p: Pen) -> None:
    p.poly([(0.02, 0.9), (0.36, 0.22), (0.5, 0.38), (0.62, 0.16), (0.98, 0.9)])
    p.rect(0.32, 0.56, 0.36, 0.34, erase=True)
    p.circle(0.5, 0.58, 0.18, erase=True)
    p.rect(0.36, 0.52, 0.06, 0.38)
    p.rect(0.58, 0.52, 0.06, 0.38)
    p.rect(0.34, 0.5, 0.32, 0.06)
    p.line([(0.38, 0.84), (0.62, 0.84)], 0.05)


def _book(p: Pen) -> None:
    p.poly([(0.06, 0.22), (0.46, 0.3), (0.46, 0.86), (0.06, 0.78)])
    p.poly([(0.54, 0.3), (0.94, 0.22), (0.94, 0.78), (0.54, 0.86)])
    for k in range(3):
        y = 0.42 + k * 0.12
        p.line([(0.14, y - 0.02), (0.38, y + 0.03)], 0.03, erase=True)
        p.line([(0.62, y + 0.03), (0.86, y - 0.02)], 0.03, erase=True)


def _ship(p: Pen) -> None:
    p.poly([(0.04, 0.64), (0.96, 0.64), (0.8, 0.86), (0.2, 0.86)])
    p.rect(0.47, 0.08, 0.05, 0.58)
    p.poly([(0.44, 0.12), (0.44, 0.58), (0.12, 0.58)])
    p.poly([(0.56, 0.14), (0.86, 0.56), (0.56, 0.56)])
    p.poly([(0.52, 0.06), (0.7, 0.1), (0.52, 0.14)])


def _fence(p: Pen) -> None:
    for x in (0.12, 0.42, 0.72):
        p.poly([(x, 0.3), (x + 0.08, 0.2), (x + 0.16, 0.3), (x + 0.16, 0.9), (x, 0.9)])
    p.rect(0.04, 0.42, 0.92, 0.08)
    p.rect(0.04, 0.66, 0.92, 0.08)


def _cow(p: Pen) -> None:
    p.rect(0.12, 0.36, 0.62, 0.34, radius=0.08)
    for x in (0.16, 0.28, 0.56, 0.66):
        p.rect(x, 0.62, 0.07, 0.26)
    p.poly([(0.7, 0.34), (0.9, 0.3), (0.96, 0.56), (0.82, 0.62), (0.7, 0.5)])
    p.poly([(0.76, 0.32), (0.72, 0.18), (0.8, 0.3)])
    p.poly([(0.86, 0.3), (0.92, 0.16), (0.92, 0.3)])
    p.line([(0.12, 0.4), (0.05, 0.62)], 0.035)
    p.ellipse(0.26, 0.42, 0.16, 0.12, erase=True)
    p.ellipse(0.5, 0.5, 0.12, 0.1, erase=True)


def _sheep(p: Pen) -> None:
    for x, y, r in ((0.26, 0.44, 0.14), (0.42, 0.38, 0.15), (0.58, 0.42, 0.14),
                    (0.3, 0.56, 0.14), (0.48, 0.56, 0.15), (0.62, 0.54, 0.12)):
        p.circle(x, y, r)
    for x in (0.26, 0.36, 0.52, 0.6):
        p.rect(x, 0.62, 0.06, 0.26)
    p.ellipse(0.68, 0.3, 0.24, 0.3)
    p.ellipse(0.64, 0.3, 0.1, 0.08)
    p.circle(0.82, 0.4, 0.035, erase=True)


def _pig(p: Pen) -> None:
    p.ellipse(0.1, 0.3, 0.72, 0.46)
    for x in (0.22, 0.34, 0.56, 0.66):
        p.rect(x, 0.66, 0.08, 0.22)
    p.rect(0.8, 0.42, 0.12, 0.18, radius=0.04)
    p.circle(0.87, 0.47, 0.018, erase=True)
    p.circle(0.87, 0.55, 0.018, erase=True)
    p.poly([(0.62, 0.34), (0.7, 0.16), (0.76, 0.36)])
    p.circle(0.7, 0.44, 0.03, erase=True)
    p.line([(0.12, 0.46), (0.04, 0.42), (0.06, 0.34), (0.12, 0.38)], 0.03)


def _chicken(p: Pen) -> None:
    p.ellipse(0.14, 0.34, 0.6, 0.44)
    p.poly([(0.16, 0.5), (0.04, 0.2), (0.3, 0.38)])
    p.circle(0.7, 0.3, 0.15)
    for x in (0.62, 0.7, 0.78):
        p.circle(x, 0.14, 0.05)
    p.poly([(0.83, 0.26), (0.98, 0.32), (0.83, 0.36)])
    p.ellipse(0.76, 0.38, 0.07, 0.12)
    p.circle(0.73, 0.27, 0.03, erase=True)
    p.line([(0.4, 0.76), (0.38, 0.94)], 0.035)
    p.line([(0.54, 0.76), (0.56, 0.94)], 0.035)
    p.ellipse(0.3, 0.48, 0.26, 0.14, erase=True)


def _warehouse(p: Pen) -> None:
    p.poly([(0.04, 0.4), (0.5, 0.12), (0.96, 0.4), (0.96, 0.9), (0.04, 0.9)])
    p.rect(0.26, 0.48, 0.48, 0.42, erase=True)
    p.line([(0.26, 0.48), (0.74, 0.9)], 0.05)
    p.line([(0.74, 0.48), (0.26, 0.9)], 0.05)
    p.rect(0.46, 0.24, 0.08, 0.08, erase=True)


def _watchtower(p: Pen) -> None:
    p.poly([(0.3, 0.92), (0.36, 0.36), (0.64, 0.36), (0.7, 0.92)])
    p.rect(0.24, 0.28, 0.52, 0.1)
    p.poly([(0.22, 0.28), (0.5, 0.02), (0.78, 0.28)])
    p.rect(0.44, 0.46, 0.12, 0.14, erase=True)
    p.rect(0.44, 0.72, 0.12, 0.2, erase=True)


def _carpenters_workshop(p: Pen) -> None:
    p.poly([(0.06, 0.3), (0.76, 0.3), (0.76, 0.6), (0.1, 0.6)])
    teeth = [(0.1 + k * 0.066, 0.6) for k in range(11)]
    p.poly([(0.1, 0.6)] + [(x + 0.033, 0.7) if i % 2 == 0 else (x, 0.6)
                           for i, (x, _) in enumerate(teeth)] + [(0.76, 0.6)])
    p.rect(0.74, 0.22, 0.2, 0.44, radius=0.06)
    p.rect(0.8, 0.32, 0.08, 0.24, erase=True, radius=0.03)


def _church(p: Pen) -> None:
    p.rect(0.08, 0.5, 0.56, 0.42)
    p.poly([(0.04, 0.52), (0.36, 0.28), (0.68, 0.52)])
    p.rect(0.6, 0.3, 0.28, 0.62)
    p.poly([(0.58, 0.32), (0.74, 0.1), (0.9, 0.32)])
    p.rect(0.725, 0.0, 0.03, 0.14)
    p.rect(0.69, 0.03, 0.1, 0.03)
    p.rect(0.29, 0.66, 0.14, 0.26, erase=True)
    p.circle(0.36, 0.66, 0.07, erase=True)
    p.circle(0.74, 0.46, 0.06, erase=True)


def _market(p: Pen) -> None:
    p.poly([(0.04, 0.36), (0.16, 0.14), (0.84, 0.14), (0.96, 0.36)])
    for k in range(6):
        x = 0.04 + k * 0.1533
        p.circle(x + 0.0767, 0.36, 0.0767)
    p.rect(0.1, 0.36, 0.06, 0.56)
    p.rect(0.84, 0.36, 0.06, 0.56)
    p.rect(0.06, 0.62, 0.88, 0.1)
    for x in (0.26, 0.44, 0.62):
        p.circle(x + 0.06, 0.56, 0.07)


def _boarding_house(p: Pen) -> None:
    p.poly([(0.02, 0.36), (0.5, 0.06), (0.98, 0.36)])
    p.rect(0.1, 0.34, 0.8, 0.58)
    for x in (0.18, 0.62):
        for y in (0.42, 0.62):
            p.rect(x, y, 0.14, 0.12, erase=True)
    p.rect(0.42, 0.64, 0.16, 0.28, erase=True)
    p.rect(0.66, 0.12, 0.1, 0.16)


def _bank(p: Pen) -> None:
    p.poly([(0.04, 0.3), (0.5, 0.06), (0.96, 0.3)])
    p.rect(0.06, 0.3, 0.88, 0.08)
    for k in range(4):
        p.rect(0.12 + k * 0.2, 0.4, 0.1, 0.4)
    p.rect(0.06, 0.8, 0.88, 0.06)
    p.rect(0.02, 0.86, 0.96, 0.08)
    p.circle(0.5, 0.21, 0.05, erase=True)


def _city_hall(p: Pen) -> None:
    p.rect(0.04, 0.48, 0.92, 0.44)
    p.poly([(0.0, 0.5), (0.2, 0.36), (0.8, 0.36), (1.0, 0.5)])
    p.rect(0.36, 0.2, 0.28, 0.72)
    p.poly([(0.32, 0.22), (0.5, 0.02), (0.68, 0.22)])
    p.circle(0.5, 0.36, 0.08, erase=True)
    p.line([(0.5, 0.36), (0.5, 0.31)], 0.025)
    p.line([(0.5, 0.36), (0.54, 0.36)], 0.025)
    for x in (0.1, 0.22, 0.7, 0.82):
        p.rect(x, 0.58, 0.08, 0.14, erase=True)
    p.rect(0.44, 0.7, 0.12, 0.22, erase=True)


def _silver(p: Pen) -> None:
    p.circle(0.5, 0.5, 0.46)
    p.circle(0.5, 0.5, 0.34, width=0.05, erase=True)


def _worker(p: Pen) -> None:
    p.circle(0.42, 0.2, 0.14)
    p.poly([(0.18, 0.94), (0.22, 0.5), (0.32, 0.38), (0.52, 0.38), (0.62, 0.5), (0.66, 0.94)])
    p.line([(0.58, 0.5), (0.76, 0.38)], 0.08)
    p.line([(0.76, 0.52), (0.76, 0.12)], 0.05)
    p.poly([(0.64, 0.08), (0.9, 0.08), (0.94, 0.2), (0.64, 0.2)])


def _goods(p: Pen) -> None:
    p.ellipse(0.16, 0.06, 0.68, 0.88)
    p.rect(0.2, 0.1, 0.6, 0.8, radius=0.1)
    for y in (0.22, 0.74):
        p.rect(0.12, y, 0.76, 0.05, erase=True)
    p.rect(0.14, 0.47, 0.72, 0.06, erase=True)


def _city(p: Pen) -> None:
    p.poly([(0.02, 0.5), (0.2, 0.3), (0.38, 0.5), (0.38, 0.92), (0.02, 0.92)])
    p.poly([(0.3, 0.36), (0.5, 0.08), (0.7, 0.36), (0.7, 0.92), (0.3, 0.92)])
    p.poly([(0.62, 0.56), (0.8, 0.38), (0.98, 0.56), (0.98, 0.92), (0.62, 0.92)])
    p.rect(0.44, 0.7, 0.12, 0.22, erase=True)
    p.rect(0.44, 0.42, 0.12, 0.12, erase=True)
    p.rect(0.14, 0.6, 0.1, 0.1, erase=True)
    p.rect(0.76, 0.66, 0.1, 0.1, erase=True)
    p.line([(0.38, 0.5), (0.38, 0.92)], 0.02, erase=True)
    p.line([(0.62, 0.56), (0.62, 0.92)], 0.02, erase=True)


def _points(p: Pen) -> None:
    p.poly([(0.14, 0.1), (0.86, 0.1), (0.86, 0.5), (0.5, 0.94), (0.14, 0.5)])
    p.poly([(0.24, 0.2), (0.76, 0.2), (0.76, 0.46), (0.5, 0.78), (0.24, 0.46)], erase=True)
    p.poly([(0.34, 0.3), (0.66, 0.3), (0.66, 0.44), (0.5, 0.64), (0.34, 0.44)])


def _star(p: Pen) -> None:
    pts = []
    for k in range(10):
        r = 0.48 if k % 2 == 0 else 0.2
        a = math.radians(-90 + 36 * k)
        pts.append((0.5 + r * math.cos(a), 0.54 + r * math.sin(a)))
    p.poly(pts)


def _die(p: Pen) -> None:
    p.rect(0.08, 0.08, 0.84, 0.84, radius=0.16)
    for x, y in ((0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)):
        p.circle(x, y, 0.085, erase=True)


def _gear(p: Pen) -> None:
    for k in range(8):
        a = math.radians(45 * k)
        ca, sa = math.cos(a), math.sin(a)
        w = 0.09
        p.poly([(0.5 + ca * 0.2 - sa * w, 0.5 + sa * 0.2 + ca * w),
                (0.5 + ca * 0.46 - sa * w, 0.5 + sa * 0.46 + ca * w),
                (0.5 + ca * 0.46 + sa * w, 0.5 + sa * 0.46 - ca * w),
                (0.5 + ca * 0.2 + sa * w, 0.5 + sa * 0.2 - ca * w)])
    p.circle(0.5, 0.5, 0.34)
    p.circle(0.5, 0.5, 0.13, erase=True)


def _arrow(p: Pen) -> None:
    p.line([(0.1, 0.5), (0.6, 0.5)], 0.14)
    p.poly([(0.5, 0.22), (0.92, 0.5), (0.5, 0.78)])


def _equals(p: Pen) -> None:
    p.rect(0.12, 0.3, 0.76, 0.14, radius=0.04)
    p.rect(0.12, 0.56, 0.76, 0.14, radius=0.04)


def _depot(p: Pen) -> None:
    """A depot: a tile lying on its space of the board."""
    p.poly(_hexagon(0.5, 0.5, 0.48))
    p.poly(_hexagon(0.5, 0.5, 0.36), erase=True)
    p.poly(_hexagon(0.5, 0.5, 0.26))


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * k - 30)),
             cy + r * math.sin(math.radians(60 * k - 30))) for k in range(6)]


def _goods_types(p: Pen) -> None:
    """Goods of three different types: three overlapping goods tiles with 1, 2, 3 pips."""
    for k, (x, y) in enumerate(((0.04, 0.04), (0.27, 0.27), (0.5, 0.5))):
        p.rect(x - 0.03, y - 0.03, 0.52, 0.52, erase=True, radius=0.08)
        p.rect(x, y, 0.46, 0.46, radius=0.06)
    for x, y in ((0.73, 0.73), (0.6, 0.6), (0.86, 0.86)):
        p.circle(x, y, 0.05, erase=True)


def _crane(p: Pen) -> None:
    """A building crane: tower, jib, counterweight and a load on its hook."""
    p.rect(0.24, 0.14, 0.1, 0.74)
    for k in range(4):  # the tower's lattice
        y = 0.22 + k * 0.16
        p.line([(0.25, y), (0.33, y + 0.1)], 0.02, erase=True)
    p.rect(0.12, 0.86, 0.36, 0.08)
    p.rect(0.04, 0.12, 0.92, 0.06)
    p.line([(0.29, 0.04), (0.9, 0.14)], 0.03)
    p.line([(0.29, 0.04), (0.08, 0.12)], 0.03)
    p.rect(0.04, 0.18, 0.14, 0.12)
    p.line([(0.8, 0.18), (0.8, 0.56)], 0.025)
    p.rect(0.66, 0.56, 0.28, 0.22, radius=0.03)


def _park(p: Pen) -> None:
    """A park: a broad tree over a bench."""
    for x, y, r in ((0.5, 0.26, 0.2), (0.3, 0.4, 0.17), (0.7, 0.4, 0.17), (0.5, 0.46, 0.16)):
        p.circle(x, y, r)
    p.rect(0.45, 0.5, 0.1, 0.42)
    p.rect(0.06, 0.74, 0.3, 0.06)
    p.rect(0.08, 0.8, 0.04, 0.12)
    p.rect(0.3, 0.8, 0.04, 0.12)
    p.rect(0.64, 0.74, 0.3, 0.06)
    p.rect(0.66, 0.8, 0.04, 0.12)
    p.rect(0.88, 0.8, 0.04, 0.12)


def _geese(p: Pen) -> None:
    """A goose: long neck raised, beak to the right."""
    p.ellipse(0.08, 0.5, 0.62, 0.3)
    p.poly([(0.1, 0.6), (0.0, 0.5), (0.2, 0.56)])
    p.line([(0.6, 0.58), (0.7, 0.36), (0.68, 0.2)], 0.09)
    p.circle(0.7, 0.18, 0.08)
    p.poly([(0.76, 0.14), (0.96, 0.2), (0.76, 0.24)])
    p.circle(0.7, 0.16, 0.022, erase=True)
    p.ellipse(0.22, 0.56, 0.3, 0.12, erase=True)
    p.line([(0.34, 0.78), (0.32, 0.94)], 0.035)
    p.line([(0.46, 0.78), (0.48, 0.94)], 0.035)


def _goats(p: Pen) -> None:
    """A goat: horns curving back, a beard."""
    p.rect(0.1, 0.4, 0.58, 0.3, radius=0.08)
    for x in (0.14, 0.26, 0.52, 0.6):
        p.rect(x, 0.62, 0.06, 0.3)
    p.poly([(0.62, 0.42), (0.78, 0.24), (0.9, 0.3), (0.86, 0.48), (0.7, 0.52)])
    p.line([(0.76, 0.26), (0.68, 0.08), (0.56, 0.1)], 0.04)
    p.poly([(0.8, 0.48), (0.86, 0.48), (0.8, 0.64)])
    p.line([(0.1, 0.44), (0.04, 0.34)], 0.04)
    p.circle(0.82, 0.32, 0.025, erase=True)


def _white_castle(p: Pen) -> None:
    """A white castle: one tall crenellated keep with a pennant between two low towers,
    set apart from the castle's broad walls and from the church's pointed roof and
    steeple."""
    p.rect(0.36, 0.24, 0.28, 0.66)
    for k in range(3):
        p.rect(0.36 + k * 0.1, 0.16, 0.08, 0.1)
    p.rect(0.495, 0.0, 0.025, 0.18)
    p.poly([(0.52, 0.0), (0.66, 0.04), (0.52, 0.08)])
    for x in (0.1, 0.7):
        p.rect(x, 0.5, 0.2, 0.4)
        for k in range(2):
            p.rect(x + k * 0.12, 0.43, 0.08, 0.08)
    p.rect(0.3, 0.62, 0.4, 0.28)
    p.rect(0.44, 0.7, 0.12, 0.2, erase=True)
    p.circle(0.5, 0.7, 0.06, erase=True)
    p.rect(0.46, 0.36, 0.08, 0.1, erase=True)


def _pleasure_garden(p: Pen) -> None:
    """A pleasure garden: a fountain in a basin between clipped round hedges."""
    p.ellipse(0.22, 0.7, 0.56, 0.18)
    p.rect(0.46, 0.36, 0.08, 0.38)
    p.line([(0.5, 0.38), (0.36, 0.2), (0.3, 0.4)], 0.035)
    p.line([(0.5, 0.38), (0.64, 0.2), (0.7, 0.4)], 0.035)
    p.circle(0.5, 0.3, 0.06)
    for x in (0.1, 0.9):
        p.circle(x, 0.66, 0.1)
        p.rect(x - 0.02, 0.74, 0.04, 0.16)


def _turn_order(p: Pen) -> None:
    """A stack of turn-order markers with one kept on top."""
    for k, y in enumerate((0.72, 0.52)):
        p.ellipse(0.14, y, 0.72, 0.2)
        p.ellipse(0.22, y + 0.04, 0.56, 0.1, erase=True)
    p.ellipse(0.14, 0.3, 0.72, 0.22)
    p.poly([(0.5, 0.0), (0.7, 0.2), (0.3, 0.2)])


def _inn(p: Pen) -> None:
    """An inn: a timbered house with a sign hanging from a bracket."""
    p.poly([(0.1, 0.46), (0.44, 0.16), (0.78, 0.46)])
    p.rect(0.16, 0.46, 0.56, 0.46)
    p.rect(0.38, 0.66, 0.14, 0.26, erase=True)
    p.rect(0.22, 0.54, 0.1, 0.1, erase=True)
    p.rect(0.56, 0.54, 0.1, 0.1, erase=True)
    p.line([(0.72, 0.5), (0.94, 0.5)], 0.04)
    p.line([(0.84, 0.5), (0.84, 0.58)], 0.025)
    p.rect(0.76, 0.58, 0.18, 0.16, radius=0.03)


def _black_monastery(p: Pen) -> None:
    """A monastery: a church with a bell tower and a cross, an arched door."""
    p.rect(0.12, 0.48, 0.5, 0.44)
    p.poly([(0.08, 0.5), (0.37, 0.28), (0.66, 0.5)])
    p.rect(0.62, 0.26, 0.24, 0.66)
    p.poly([(0.6, 0.28), (0.74, 0.12), (0.88, 0.28)])
    p.line([(0.74, 0.0), (0.74, 0.12)], 0.035)
    p.line([(0.68, 0.05), (0.8, 0.05)], 0.035)
    p.rect(0.3, 0.68, 0.14, 0.24, erase=True)
    p.circle(0.37, 0.68, 0.07, erase=True)
    p.rect(0.7, 0.4, 0.08, 0.12, erase=True)


def _grapes(p: Pen) -> None:
    """A bunch of grapes on its stalk with a leaf (the vineyards' double tile)."""
    p.line([(0.5, 0.04), (0.5, 0.24)], 0.05)
    p.poly([(0.52, 0.14), (0.86, 0.04), (0.78, 0.3)])
    for x, y in ((0.32, 0.34), (0.5, 0.34), (0.68, 0.34), (0.41, 0.52), (0.59, 0.52),
                 (0.5, 0.7), (0.32, 0.52), (0.68, 0.52), (0.5, 0.86)):
        p.circle(x, y, 0.1)


def _black_tile(p: Pen) -> None:
    """A tile lying black side up: a plain hexagon outline."""
    p.poly([(0.5, 0.06), (0.9, 0.28), (0.9, 0.72), (0.5, 0.94), (0.1, 0.72), (0.1, 0.28)])
    p.poly([(0.5, 0.22), (0.76, 0.36), (0.76, 0.64), (0.5, 0.78), (0.24, 0.64), (0.24, 0.36)],
           erase=True)


ICONS: dict[str, Callable[[Pen], None]] = {
    "castle": _castle,
    "mine": _mine,
    "monastery": _book,
    "knowledge": _book,
    "ship": _ship,
    "pasture": _fence,
    "animal": _fence,
    "cow": _cow,
    "sheep": _sheep,
    "pig": _pig,
    "chicken": _chicken,
    "building": _city,
    "city": _city,
    "warehouse": _warehouse,
    "watchtower": _watchtower,
    "carpenters_workshop": _carpenters_workshop,
    "church": _church,
    "market": _market,
    "boarding_house": _boarding_house,
    "bank": _bank,
    "city_hall": _city_hall,
    "crane": _crane,
    "park": _park,
    "white_castle": _white_castle,
    "pleasure_garden": _pleasure_garden,
    "geese": _geese,
    "goats": _goats,
    "turn_order": _turn_order,
    "inn": _inn,
    "black_monastery": _black_monastery,
    "double_tile": _grapes,
    "black_tile": _black_tile,
    "silver": _silver,
    "worker": _worker,
    "goods": _goods,
    "points": _points,
    "bonus": _star,
    "die": _die,
    "settings": _gear,
    "arrow": _arrow,
    "equals": _equals,
    "depot": _depot,
    "goods_types": _goods_types,
}


@lru_cache(maxsize=512)
def icon(name: str, size: int, colour: Colour) -> pygame.Surface:
    """The icon ``name`` as a ``size`` x ``size`` surface with per-pixel alpha."""
    try:
        draw = ICONS[name]
    except KeyError:
        raise KeyError(f"no icon named {name!r}") from None
    size = max(1, int(size))
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    big.fill((*colour, 0))
    draw(Pen(big, colour))
    return pygame.transform.smoothscale(big, (size, size))
