"""Game pieces rendered to cached surfaces at pixel sizes.

Shapes are drawn at four times their size and smoothed down for clean edges; numbers are
rendered at the final size so they stay crisp. Everything is cached per size, so a
frame only blits.

No number is drawn smaller than `MIN_TEXT_PX`, the smallest text of a 1280x720 window
(digits 9 px high). A small piece keeps its number at that size and shrinks its picture
to make room: an animal tile its animal above its count, a monastery tile the icons of
its effect's picture beside their counts, a bonus tile its icon above its points. Only a
piece too small for a readable digit leaves it out (a seat's estate in miniature, a
monastery tile's own number below the estate's size in a large window, a small coin);
the magnifier and the tooltips say it there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from .. import fonts
from . import palette
from . import pictogram
from .faces import MODULE_FRONTS, TileFace
from .hexgrid import SQRT3, estate_centre, hex_corners, layout_scale
from .icons import SUPERSAMPLE, icon
from .palette import Colour
from .pictogram import MIN_TEXT_PX

# Pip centres on a unit square, by die value.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def pip_positions(value: int) -> tuple[tuple[float, float], ...]:
    if value not in _PIPS:
        raise ValueError(f"a die shows 1-6, not {value!r}")
    return _PIPS[value]


def hex_box(size: int) -> tuple[int, int]:
    """Surface size that holds a pointy-top hex of radius ``size``."""
    return math.ceil(SQRT3 * size) + 2, 2 * size + 2


def _hex_base(size: int, fill: Colour, edge: Colour, rim: Colour | None) -> pygame.Surface:
    w, h = hex_box(size)
    k = SUPERSAMPLE
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    big.fill((*edge, 0))
    cx, cy = w * k / 2, h * k / 2
    pygame.draw.polygon(big, edge, hex_corners(cx, cy, size * k))
    border = max(1.0, size * 0.07) * k
    pygame.draw.polygon(big, fill, hex_corners(cx, cy, size * k - border))
    if rim is not None:
        pygame.draw.polygon(big, rim, hex_corners(cx, cy, size * k * 0.86), max(1, round(k)))
    return pygame.transform.smoothscale(big, (w, h))


def _number(surface: pygame.Surface, text: str, centre: tuple[float, float],
            pixel_size: int, colour: Colour) -> None:
    if pixel_size < MIN_TEXT_PX:
        raise ValueError(f"a number at {pixel_size} px is too small to read")
    image = fonts.get(pixel_size).render(text, True, colour)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _pips(surface: pygame.Surface, value: int, box: pygame.Rect, colour: Colour) -> None:
    k = SUPERSAMPLE
    big = pygame.Surface((box.w * k, box.h * k), pygame.SRCALPHA)
    big.fill((*colour, 0))
    r = box.w * k * 0.1
    for x, y in pip_positions(value):
        pygame.draw.circle(big, colour, (x * box.w * k, y * box.h * k), r)
    surface.blit(pygame.transform.smoothscale(big, box.size), box)


@lru_cache(maxsize=512)
def hex_tile(face: TileFace, size: int) -> pygame.Surface:
    """A hex tile front of radius ``size`` px: colour, plus icon, count or number."""
    front = MODULE_FRONTS.get(face.category)
    if front is not None and front.fill is not None:
        fill = front.fill
    else:
        fill = (palette.ANY_TILE[face.category] if face.colour == "any"
                else palette.TILE[face.colour])
    ink = palette.ink_on(fill)
    surface = _hex_base(size, fill, palette.darker(fill, 0.45), palette.lighter(fill, 0.3))
    cx, cy = surface.get_width() / 2, surface.get_height() / 2
    if front is not None:
        front.paint(surface, size, ink)
    elif face.category == "monastery":
        _monastery(surface, face, size, ink)
    elif face.category == "animal":
        _animal(surface, face, size, ink)
    elif face.building == "white_castle":
        _white_castle(surface, size)
    else:
        glyph = icon(face.icon, round(size * 1.08), ink)
        surface.blit(glyph, glyph.get_rect(center=(cx, cy)))
    return surface


# The smallest animal tile that shows its count: its digit at MIN_TEXT_PX, 9 px high,
# leaves room for the animal above it.
COUNTED_ANIMAL = 11


def _animal(surface: pygame.Surface, face: TileFace, size: int, ink: Colour) -> None:
    """The animal above its count; on a small tile the count keeps the smallest readable
    size and the animal shrinks; on a tile too small for both, the animal alone."""
    cx, cy = surface.get_width() / 2, surface.get_height() / 2
    if round(size * 0.6) >= MIN_TEXT_PX:
        glyph = icon(face.icon, round(size * 1.0), ink)
        surface.blit(glyph, glyph.get_rect(center=(cx, cy - size * 0.2)))
        _number(surface, str(face.animals), (cx, cy + size * 0.55), round(size * 0.6), ink)
    elif size >= COUNTED_ANIMAL:
        glyph = icon(face.icon, round(size * 0.86), ink)
        surface.blit(glyph, glyph.get_rect(center=(cx, cy - size * 0.4)))
        _number(surface, str(face.animals), (cx, cy + size * 0.42), MIN_TEXT_PX, ink)
    else:
        glyph = icon(face.icon, round(size * 1.08), ink)
        surface.blit(glyph, glyph.get_rect(center=(cx, cy)))


def _white_castle(surface: pygame.Surface, size: int) -> None:
    """A white castle is a building tile, but never reads as one of the base game's dark
    buildings (the church above all): its keep stands white-walled in the castles'
    colour, on a white disc."""
    cx, cy = surface.get_width() / 2, surface.get_height() / 2
    k = SUPERSAMPLE
    side = math.ceil(size * 1.5)
    big = pygame.Surface((side * k, side * k), pygame.SRCALPHA)
    big.fill((*palette.WHITE_CASTLE, 0))
    c = side * k / 2
    pygame.draw.circle(big, palette.TILE["castle"], (c, c), c)
    pygame.draw.circle(big, palette.WHITE_CASTLE, (c, c), c * 0.9)
    disc = pygame.transform.smoothscale(big, (side, side))
    surface.blit(disc, disc.get_rect(center=(round(cx), round(cy))))
    glyph = icon("white_castle", round(size * 1.0), palette.TILE["castle"])
    surface.blit(glyph, glyph.get_rect(center=(cx, cy)))


def _monastery(surface: pygame.Surface, face: TileFace, size: int, ink: Colour) -> None:
    """The tile's number on top where it is readable, its effect's picture below."""
    cx, cy = surface.get_width() / 2, surface.get_height() / 2
    number_px = round(size * 0.36)
    numbered = number_px >= MIN_TEXT_PX
    if not face.effect:
        glyph = icon("monastery", round(size * 0.8), ink)
        surface.blit(glyph, glyph.get_rect(center=(cx, cy - (size * 0.18 if numbered else 0))))
        if numbered:
            _number(surface, str(face.knowledge), (cx, cy + size * 0.5), number_px, ink)
        return
    if numbered:
        _number(surface, str(face.knowledge), (cx, cy - size * 0.66), number_px, ink)
        box = pygame.Rect(0, 0, round(size * 1.5), round(size * 1.0))
        box.center = (round(cx), round(cy + size * 0.14))
    else:
        box = pygame.Rect(0, 0, round(size * 1.56), round(size * 1.36))
        box.center = (round(cx), round(cy))
    pictogram.draw(surface, face.effect, box, ink)


@lru_cache(maxsize=512)
def estate_space(colour: str, die: int, size: int) -> pygame.Surface:
    """An empty estate space: its colour printed pale, a faint icon and its die number."""
    fill = palette.space_colour(colour)
    ink = palette.darker(palette.TILE[colour], 0.55)
    surface = _hex_base(size, fill, palette.darker(fill, 0.3), None)
    cx, cy = surface.get_width() / 2, surface.get_height() / 2
    glyph = icon(colour, round(size * 0.62), ink).copy()
    glyph.set_alpha(150)
    surface.blit(glyph, glyph.get_rect(center=(cx, cy - size * 0.36)))
    side = round(size * 0.66)
    box = pygame.Rect(0, 0, side, side)
    box.center = (round(cx), round(cy + size * 0.34))
    _pips(surface, die, box, ink)
    return surface


@lru_cache(maxsize=128)
def goods_tile(value: int, size: int) -> pygame.Surface:
    """A square goods tile of side ``size``: its colour and its die value as pips."""
    pip_positions(value)
    fill = palette.GOODS[value]
    ink = palette.ink_on(fill)
    surface = _rounded_square(size, fill, palette.darker(fill, 0.45), 0.14)
    inset = round(size * 0.12)
    _pips(surface, value, pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset), ink)
    return surface


@lru_cache(maxsize=128)
def die_face(value: int, size: int, colour: Colour = palette.WHITE_DIE,
             rim: Colour | None = None) -> pygame.Surface:
    """A die seen from above: rounded square of side ``size`` with pips; ``rim`` draws a
    broad edge of that colour instead of the thin darker one."""
    pip_positions(value)
    if rim is None:
        surface = _rounded_square(size, colour, palette.darker(colour, 0.4), 0.2)
    else:
        surface = _rounded_square(size, colour, rim, 0.2, border=0.12)
    inset = round(size * (0.08 if rim is None else 0.13))
    _pips(surface, value, pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset),
          palette.ink_on(colour))
    return surface


def white_die(value: int, size: int) -> pygame.Surface:
    """The game's white die: white with a broad gold rim."""
    return die_face(value, size, palette.WHITE_DIE, palette.WHITE_DIE_RIM)


def seat_die(value: int, size: int, colour: Colour) -> pygame.Surface:
    """A player's die in their colour. A light colour's (the white seat's) is the white
    die's negative: a dark die with pips and a broad rim in the seat's colour, so it never
    looks like the white die (white, dark pips, gold rim) however small."""
    if palette.luminance(colour) > 0.75:
        return die_face(value, size, palette.LIGHT_SEAT_DIE, colour)
    return die_face(value, size, colour)


@lru_cache(maxsize=64)
def silver_coin(size: int, value: int = 1) -> pygame.Surface:
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    big.fill((*palette.SILVER_DARK, 0))
    c = size * k / 2
    pygame.draw.circle(big, palette.SILVER_DARK, (c, c), c)
    pygame.draw.circle(big, palette.SILVER, (c, c), c * 0.86)
    pygame.draw.circle(big, palette.SILVER_DARK, (c, c), c * 0.68, max(1, round(k * size / 40)))
    surface = pygame.transform.smoothscale(big, (size, size))
    if round(size * 0.62) >= MIN_TEXT_PX:
        _number(surface, str(value), (size / 2, size / 2 + 1), round(size * 0.62),
                palette.INK)
    return surface


@lru_cache(maxsize=64)
def worker_chip(size: int) -> pygame.Surface:
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    edge = palette.darker(palette.WORKER, 0.5)
    big.fill((*edge, 0))
    c = size * k / 2
    pygame.draw.circle(big, edge, (c, c), c)
    pygame.draw.circle(big, palette.WORKER, (c, c), c * 0.88)
    surface = pygame.transform.smoothscale(big, (size, size))
    glyph = icon("worker", round(size * 0.66), palette.INK)
    surface.blit(glyph, glyph.get_rect(center=(size / 2, size / 2)))
    return surface


@lru_cache(maxsize=64)
def bonus_tile(colour: str, points: int, size: int) -> pygame.Surface:
    """A bonus tile of side ``size``: the estate colour it rewards, its icon and points."""
    fill = palette.TILE[colour]
    ink = palette.ink_on(fill)
    surface = _rounded_square(size, fill, palette.darker(fill, 0.45), 0.1)
    # The points stay readable on a small tile; the icon takes what room is left.
    px = max(MIN_TEXT_PX, round(size * 0.44))
    number_y = size - max(size * 0.24, px * 0.55)
    glyph_size = round(min(size * 0.5, number_y - px * 0.42 - size * 0.08))
    glyph = icon(colour, glyph_size, ink)
    surface.blit(glyph, glyph.get_rect(center=(size / 2, size * 0.08 + glyph_size / 2)))
    _number(surface, str(points), (size / 2, number_y), px, ink)
    return surface


def _rounded_square(size: int, fill: Colour, edge: Colour, radius: float,
                    border: float = 0.06) -> pygame.Surface:
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    big.fill((*edge, 0))
    r = round(size * k * radius)
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
    border = max(1, round(size * border * k))
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * border, -2 * border),
                     border_radius=max(1, r - border))
    return pygame.transform.smoothscale(big, (size, size))


def draw_estate(surface: pygame.Surface, centre: tuple[float, float], size: int,
                colours: Sequence[str], dice: Sequence[int],
                tiles: Sequence[TileFace | None] = ()) -> list[pygame.Rect]:
    """Draw a 37-space estate centred at ``centre`` with hexes of radius ``size`` px.

    Spaces with a tile show the tile; empty ones their colour and die number. Returns each
    space's bounding rectangle, in space order.
    """
    if len(colours) != 37 or len(dice) != 37:
        raise ValueError("an estate has 37 spaces")
    rects = []
    # A narrow gap between spaces, as on the printed boards.
    draw_size = max(4, round(size * 0.95 * layout_scale()))
    for i in range(37):
        dx, dy = estate_centre(i, size)
        tile = tiles[i] if i < len(tiles) else None
        image = hex_tile(tile, draw_size) if tile else estate_space(colours[i], dice[i],
                                                                     draw_size)
        rect = image.get_rect(center=(round(centre[0] + dx), round(centre[1] + dy)))
        surface.blit(image, rect)
        rects.append(rect)
    return rects


# Tiles, spaces, goods and bonus tiles take their colours from the palette's scheme.
for _cached in (hex_tile, estate_space, goods_tile, bonus_tile):
    palette.on_scheme_change(_cached.cache_clear)


# The border posts' colour: the grey-brown of a boundary stone, apart from every estate
# colour, so a border-post bonus tile is not read as a colour's.
BORDER_POST = (150, 132, 112)


def post_glyph(surface: pygame.Surface, centre: tuple[float, float], size: float,
               colour: Colour) -> None:
    """A border post: a pole with a pennant, ``size`` high."""
    x, y = centre
    w = max(2, round(size * 0.14))
    top, bottom = y - size / 2, y + size / 2
    pygame.draw.rect(surface, colour, (round(x - w / 2), round(top), w, round(size)))
    pygame.draw.polygon(surface, colour, [(x + w / 2, top), (x + size * 0.5, top + size * 0.18),
                                          (x + w / 2, top + size * 0.36)])
    pygame.draw.rect(surface, colour, (round(x - size * 0.28), round(bottom - w),
                                       round(size * 0.56), w))


@lru_cache(maxsize=64)
def border_post_tile(points: int, size: int) -> pygame.Surface:
    """A border-post bonus tile of side ``size``: a post and its points."""
    fill = BORDER_POST
    ink = palette.ink_on(fill)
    surface = _rounded_square(size, fill, palette.darker(fill, 0.45), 0.1)
    px = max(MIN_TEXT_PX, round(size * 0.44))
    number_y = size - max(size * 0.24, px * 0.55)
    glyph = min(size * 0.5, number_y - px * 0.42 - size * 0.08)
    post_glyph(surface, (size * 0.42, size * 0.08 + glyph / 2), glyph, ink)
    _number(surface, str(points), (size / 2, number_y), px, ink)
    return surface
