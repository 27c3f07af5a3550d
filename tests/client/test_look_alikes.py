"""Pieces that must not pass for each other at a glance, at every size the table draws
them: the white seat's dice and the white die (SE: the white die is the round's, never a
player's), and the white castle (a building tile of the 5th expansion, SE l.773) and the
church."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.art import faces, palette, pieces


def inner_colour(image: pygame.Surface, share: float = 0.4) -> tuple[int, int, int]:
    """The average colour of the image's middle ``share`` of its width and height."""
    w, h = image.get_size()
    box = pygame.Rect(0, 0, max(1, round(w * share)), max(1, round(h * share)))
    box.center = (w // 2, h // 2)
    return pygame.transform.average_color(image, box)[:3]


def body_colour(die: pygame.Surface) -> tuple[int, int, int]:
    """A die's colour inside its rim, between its pips (above the middle, where no value
    has a pip)."""
    side = die.get_width()
    return die.get_at((side // 2, round(side * 0.19)))[:3]


def distance(a, b) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


@pytest.mark.parametrize("scheme", sorted(palette.SCHEMES))
@pytest.mark.parametrize("size", [12, 24, 40, 84])
def test_the_white_seats_dice_differ_from_the_white_die_in_body_not_only_rim(scheme, size):
    palette.set_scheme(scheme)
    try:
        white_seat = next(c for c in palette.PLAYERS if palette.luminance(c) > 0.75)
        for value in range(1, 7):
            seat = body_colour(pieces.seat_die(value, size, white_seat))
            white = body_colour(pieces.white_die(value, size))
            # the die itself, inside its rim: white on the white die, dark on the seat's
            assert palette.luminance(white) - palette.luminance(seat) > 0.5, (value, size)
    finally:
        palette.set_scheme("standard")


@pytest.mark.parametrize("size", [10, 16, 30, 60])
def test_the_white_castle_tile_differs_from_the_church(size):
    church = pieces.hex_tile(faces.building("church"), size)
    white = pieces.hex_tile(faces.building("white_castle"), size)
    assert distance(inner_colour(church, 0.6), inner_colour(white, 0.6)) > 60, size
    # and it shows the castles' colour, which no base-game building does
    castle = palette.TILE["castle"]
    near = [white.get_at((x, y))[:3] for x in range(white.get_width())
            for y in range(white.get_height()) if white.get_at((x, y)).a == 255]
    assert sum(distance(c, castle) < 60 for c in near) > 0.05 * len(near), size
