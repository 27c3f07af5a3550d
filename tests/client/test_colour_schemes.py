"""The colour schemes: the colour-blind-safe one keeps tiles and goods apart under
simulated colour blindness, and switching schemes redraws the art."""

import numpy as np
import pytest

from game.scenes.art import palette, pieces
from game.scenes.art.faces import castle
from game.scenes.preferences import COLOUR_SCHEMES, Settings

# Machado, Oliveira and Fernandes (2009), severity 1, applied to linear RGB.
SIMULATIONS = {
    "normal": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}


def _linear(colour):
    c = np.array(colour) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear_rgb):
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                    [0.0193, 0.1192, 0.9505]]) @ np.clip(linear_rgb, 0, 1)
    t = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(t > 0.008856, np.cbrt(t), 7.787 * t + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def closest_pair(colours, vision):
    """The smallest CIELAB distance between two of `colours` as `vision` sees them."""
    labs = [_lab(SIMULATIONS[vision] @ _linear(c)) for c in colours]
    return min(float(np.linalg.norm(a - b)) for i, a in enumerate(labs) for b in labs[i + 1:])


@pytest.mark.parametrize("vision", list(SIMULATIONS))
def test_colour_blind_tiles_stay_apart_in_every_vision(vision):
    tiles = palette.SCHEMES["colour_blind"]["tile"]
    assert closest_pair(list(tiles.values()), vision) >= 35


@pytest.mark.parametrize("vision", ["protanopia", "deuteranopia", "tritanopia"])
def test_the_colour_blind_scheme_separates_tiles_and_goods_better_than_the_standard(vision):
    for part in ("tile", "goods"):
        safe = closest_pair(list(palette.SCHEMES["colour_blind"][part].values()), vision)
        standard = closest_pair(list(palette.SCHEMES["standard"][part].values()), vision)
        assert safe > standard, part
    goods = palette.SCHEMES["colour_blind"]["goods"].values()
    assert closest_pair(list(goods), vision) >= 15


@pytest.mark.parametrize("vision", list(SIMULATIONS))
def test_seat_colours_stay_apart_in_every_vision(vision):
    for scheme in COLOUR_SCHEMES:
        assert closest_pair(list(palette.SCHEMES[scheme]["players"]), vision) >= 30


def _tile_colour():
    """A pixel of a castle tile's face, between its rim and its icon."""
    tile = pieces.hex_tile(castle(), 40)
    w, h = tile.get_size()
    return tuple(tile.get_at((w // 2, h // 6)))[:3]


def test_switching_the_scheme_recolours_tiles_and_switching_back_restores_them():
    try:
        before = _tile_colour()
        palette.set_scheme("colour_blind")
        assert palette.TILE["castle"] == palette.SCHEMES["colour_blind"]["tile"]["castle"]
        after = _tile_colour()
        assert after != before
    finally:
        palette.set_scheme("standard")
    assert _tile_colour() == before
    assert palette.TILE == palette.SCHEMES["standard"]["tile"]


def test_the_settings_know_both_schemes_and_every_interface_size():
    assert Settings().colours == "standard" and Settings().interface_size == 100
    with pytest.raises(ValueError):
        Settings(colours="sepia")
    with pytest.raises(ValueError):
        Settings(interface_size=50)
