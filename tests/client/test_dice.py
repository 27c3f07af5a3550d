"""Dice physics: deterministic per cosmetic seed, always landing on the faces the rules chose."""

import random

import pygame
import pytest

from game.scenes.anim.dice import (ORIENTATIONS, STEP, DiceRoll, DiceTray, Orientation,
                                   EAST, NORTH, SOUTH, WEST)
from game.scenes.anim.timeline import Speed, Timeline

TRAY = (700, 420)


def throws(count):
    """(seed, targets) pairs covering 1 to 3 dice and every face."""
    rng = random.Random(2024)
    return [(seed, [rng.randint(1, 6) for _ in range(1 + seed % 3)]) for seed in range(count)]


@pytest.mark.parametrize("seed, targets", throws(90))
def test_dice_come_to_rest_on_their_target_faces(seed, targets):
    tray = DiceTray(TRAY, targets, seed)
    assert [die.face for die in tray.final] == targets
    assert all(die.squash == 1.0 and die.roll_direction is None for die in tray.final)


def test_every_target_for_a_single_die_and_a_fixed_seed():
    for face in range(1, 7):
        assert DiceTray(TRAY, [face], seed=7).final[0].face == face


def test_same_seed_same_throw():
    a = DiceTray(TRAY, [3, 5, 1], seed=11)
    b = DiceTray(TRAY, [3, 5, 1], seed=11)
    assert a.frames == b.frames


def test_targets_do_not_change_the_motion_only_the_labels():
    a = DiceTray(TRAY, [1, 1], seed=5)
    b = DiceTray(TRAY, [6, 2], seed=5)
    assert len(a.frames) == len(b.frames)
    for fa, fb in zip(a.frames, b.frames):
        assert [(d.x, d.y, d.angle) for d in fa] == [(d.x, d.y, d.angle) for d in fb]


def test_different_seeds_throw_differently():
    paths = {tuple((round(d.x), round(d.y)) for d in DiceTray(TRAY, [4, 4], s).final)
             for s in range(10)}
    assert len(paths) == 10


@pytest.mark.parametrize("seed, targets", throws(30))
def test_faces_only_change_by_quarter_turns(seed, targets):
    tray = DiceTray(TRAY, targets, seed)
    for i in range(len(targets)):
        faces = [frame[i].face for frame in tray.frames]
        changes = [(a, b) for a, b in zip(faces, faces[1:]) if a != b]
        assert changes, "a thrown die should visibly tumble"
        for a, b in changes:
            assert b != 7 - a  # a die never shows its opposite face after one tip


@pytest.mark.parametrize("seed", range(20))
def test_dice_stay_in_the_tray_and_settle_quickly(seed):
    tray = DiceTray(TRAY, [1, 2, 3], seed, die_size=64)
    for frame in tray.frames:
        for die in frame:
            assert 0 < die.x < TRAY[0] and 0 < die.y < TRAY[1]
    assert 0.5 < tray.duration <= 3.5


def test_roll_animation_shows_the_targets_when_done():
    tray = DiceTray(TRAY, [2, 6], seed=3)
    timeline = Timeline()
    roll = timeline.play(DiceRoll(tray))
    timeline.update(STEP * 10)
    assert not roll.done
    while timeline.busy:
        timeline.update(1 / 60)
    assert roll.faces == (2, 6)


def test_instant_speed_shows_the_result_at_once():
    roll = Timeline(Speed.INSTANT).play(DiceRoll(DiceTray(TRAY, [5], seed=1)))
    assert roll.done and roll.faces == (5,)


def test_bad_targets_are_refused():
    with pytest.raises(ValueError):
        DiceTray(TRAY, [], seed=0)
    with pytest.raises(ValueError):
        DiceTray(TRAY, [0], seed=0)
    with pytest.raises(ValueError):
        DiceTray(TRAY, [7], seed=0)


def test_the_24_orientations_are_real_dice():
    assert len(ORIENTATIONS) == 24
    for o in ORIENTATIONS:
        faces = {o.top, o.north, o.east, 7 - o.top, 7 - o.north, 7 - o.east}
        assert faces == set(range(1, 7))
    assert {o.top for o in ORIENTATIONS} == set(range(1, 7))


def test_rolling_there_and_back_restores_the_orientation():
    o = Orientation(1, 2, 3)
    for there, back in ((NORTH, SOUTH), (EAST, WEST)):
        assert o.roll(there).roll(back) == o
        rolled = o
        for _ in range(4):
            rolled = rolled.roll(there)
        assert rolled == o
    assert o.roll(NORTH).top == 5 and o.roll(EAST).top == 4


def test_dice_are_drawn_where_the_frames_put_them():
    from game.scenes.anim.dice import draw_dice
    from game.scenes.layout import Canvas
    surface = pygame.Surface((1920, 1080))
    tray = DiceTray(TRAY, [1, 6], seed=2)
    tumbling = next(f for f in tray.frames if any(d.squash < 1 for d in f))
    for frames in (tumbling, tray.final):
        surface.fill((0, 0, 0))
        draw_dice(Canvas(surface), (100, 200), frames, 64)
        for die in frames:
            assert surface.get_at((round(100 + die.x), round(200 + die.y)))[:3] != (0, 0, 0)
