"""Estate geometry: 37 spaces in rows of 4-7, axial coordinates and hit testing."""

import math

import pytest

from game.scenes.art.hexgrid import (ESTATE_AXIAL, ESTATE_ROWS, ESTATE_SPACES, SQRT3,
                                     estate_axial, estate_centre, estate_extent,
                                     estate_index, estate_neighbours, estate_row_col,
                                     estate_space_at, hex_corners, pixel_to_axial)


def test_rows_and_count():
    assert ESTATE_ROWS == (4, 5, 6, 7, 6, 5, 4)
    assert ESTATE_SPACES == 37 == len(set(ESTATE_AXIAL))


def test_axial_formula_in_reading_order():
    i = 0
    for row, count in enumerate(ESTATE_ROWS):
        for col in range(count):
            r = row - 3
            assert estate_axial(i) == (col + max(-3, -3 - r), r)
            assert estate_row_col(i) == (row, col)
            assert estate_index(*estate_axial(i)) == i
            i += 1


def test_spot_checks():
    assert estate_axial(0) == (0, -3)
    assert estate_axial(3) == (3, -3)
    assert estate_axial(15) == (-3, 0)
    assert estate_axial(18) == (0, 0)
    assert estate_axial(36) == (0, 3)
    assert estate_centre(18, 10) == (0, 0)
    assert estate_centre(0, 10) == pytest.approx((10 * SQRT3 * -1.5, -45))


def test_board_is_point_symmetric_around_the_centre_space():
    for i in range(37):
        x, y = estate_centre(i, 40)
        mx, my = estate_centre(36 - i, 40)
        assert (x, y) == pytest.approx((-mx, -my))


def test_neighbours_touch_and_non_neighbours_do_not():
    size = 30
    for i in range(37):
        ns = estate_neighbours(i)
        assert i not in ns
        for j in range(37):
            d = math.dist(estate_centre(i, size), estate_centre(j, size))
            assert (j in ns) == (i != j and d == pytest.approx(SQRT3 * size))
    assert len(estate_neighbours(18)) == 6
    assert len(estate_neighbours(0)) == 3


def test_corner_points_up_and_corners_lie_on_the_radius():
    corners = hex_corners(0, 0, 10)
    assert min(corners, key=lambda p: p[1]) == pytest.approx((0, -10))
    for x, y in corners:
        assert math.hypot(x, y) == pytest.approx(10)


def test_hit_testing_finds_every_space_near_its_centre():
    size = 50
    for i in range(37):
        cx, cy = estate_centre(i, size)
        for dx, dy in [(0, 0), (0.6 * size, 0), (-0.6 * size, 0), (0, 0.8 * size),
                       (0, -0.8 * size), (0.5 * size, 0.4 * size)]:
            assert estate_space_at(cx + dx, cy + dy, size) == i


def test_points_outside_the_estate_hit_nothing():
    size = 50
    w, h = estate_extent(size)
    assert estate_space_at(w, 0, size) is None
    assert estate_space_at(0, h, size) is None
    assert pixel_to_axial(0, 0, size) == (0, 0)
