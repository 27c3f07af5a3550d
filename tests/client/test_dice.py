"""Dice physics: deterministic per cosmetic seed, always landing on the faces the rules chose."""

import itertools
import math
import random

import pygame
import pytest

from game.scenes.anim.dice import (CLICK_GAP, DIE, EAST, FLOOR, LANDING_GAP, LOUD_IMPACT,
                                   NORTH, ORIENTATIONS, QUIETEST_CLICK, SOFT_IMPACT, SOUTH,
                                   STEP, WALL, WEST, DiceRoll, DiceTray, Impact, Orientation)
from game.scenes.anim.timeline import Speed, Timeline
from game.scenes.table import geometry as g

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


# --- impacts: what the roll's clicks follow ----------------------------------------------

def near_wall(die, size, die_size):
    """Whether a die (a rounded square of side ``die_size``, turned any way) can touch
    the tray's wall, whose thickness reaches half a die into the tray."""
    reach = die_size * (0.5 + math.sqrt(2) / 2 + 0.08) + 2
    return min(die.x, die.y, size[0] - die.x, size[1] - die.y) <= reach


def touching(a, b, die_size):
    return math.hypot(a.x - b.x, a.y - b.y) <= die_size * (math.sqrt(2) + 0.16) + 2


@pytest.mark.parametrize("seed, targets", throws(40))
def test_every_die_lands_then_clicks_follow_real_collisions(seed, targets):
    tray = DiceTray(TRAY, targets, seed, die_size=64)
    impacts = tray.impacts
    assert [round(i.time / LANDING_GAP, 6) for i in impacts[:len(targets)]] == list(
        range(len(targets)))
    assert all(b.time - a.time >= CLICK_GAP for a, b in zip(impacts, impacts[1:]))
    assert all(SOFT_IMPACT <= i.strength and 0 <= i.time <= tray.duration for i in impacts)
    for impact in impacts[len(targets):]:
        frame = tray.frame_at(impact.time)
        if impact.kind == WALL:
            assert any(near_wall(d, TRAY, 64) for d in frame), impact
        else:
            assert impact.kind == DIE
            assert any(touching(a, b, 64) for a, b in itertools.combinations(frame, 2)), impact


def test_most_throws_at_the_table_strike_a_wall_or_each_other():
    """The table's tray, two seat dice and the white die: most throws are heard as more
    than the dice landing."""
    tray, die = (g.DICE.w, g.DICE.h - 40), 56
    struck = sum(any(i.kind != FLOOR for i in DiceTray(tray, t[:2] + [4], s, die).impacts)
                 for s, t in throws(40))
    assert struck >= 28


def test_impacts_depend_on_the_seed_not_on_the_faces():
    assert DiceTray(TRAY, [1, 1], seed=5).impacts == DiceTray(TRAY, [6, 2], seed=5).impacts
    assert DiceTray(TRAY, [1, 1], seed=5).impacts != DiceTray(TRAY, [1, 1], seed=6).impacts


def test_a_harder_impact_is_a_louder_click():
    loudness = [Impact(0, s, WALL).loudness for s in (0, 5, 20, 60, 120, LOUD_IMPACT, 900)]
    assert loudness == sorted(loudness)
    assert loudness[0] == QUIETEST_CLICK and loudness[-1] == 1.0


def test_the_roll_reports_each_impact_as_it_passes():
    tray = DiceTray(TRAY, [2, 6, 3], seed=2)
    heard = []
    timeline = Timeline()
    roll = timeline.play(DiceRoll(tray, on_impact=lambda i: heard.append((i, roll.elapsed))))
    while timeline.busy:
        timeline.update(1 / 60)
    assert [i for i, _ in heard] == tray.impacts
    assert all(i.time <= at < i.time + 1 / 60 + 1e-9 for i, at in heard)


def test_a_roll_finished_early_is_one_click_its_hardest_still_to_come():
    tray = DiceTray(TRAY, [2, 6, 3], seed=2)
    heard = []
    roll = DiceRoll(tray, on_impact=heard.append)
    roll.finish()
    assert heard == [max(tray.impacts, key=lambda i: i.strength)]
    heard.clear()
    roll = DiceRoll(tray, on_impact=heard.append)
    roll.advance(0.02)      # the first landing is heard
    roll.finish()
    assert heard == tray.impacts[:1]
