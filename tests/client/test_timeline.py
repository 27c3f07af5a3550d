"""Animations advanced by explicit dt: tweens, paths, counters, flashes, groups, speeds."""

import math

import pytest

from game.scenes.anim import easing
from game.scenes.anim.paths import ArcPath, LinePath, Path
from game.scenes.anim.timeline import (Call, Counter, Flash, Move, Parallel, Sequence,
                                       Speed, Timeline, Tween, Wait, attr_tween)


class Box:
    x = 0.0
    pos = (0.0, 0.0)


def run(animation, total, steps):
    for _ in range(steps):
        animation.advance(total / steps)


@pytest.mark.parametrize("name", sorted(easing.EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    f = easing.EASINGS[name]
    assert f(0) == pytest.approx(0, abs=1e-9)
    assert f(1) == pytest.approx(1, abs=1e-9)


def test_tween_interpolates_numbers_and_tuples():
    seen = []
    t = Tween(seen.append, 0.0, 10.0, 2.0)
    t.advance(0.5)
    assert seen[-1] == pytest.approx(2.5)
    t.advance(1.0)
    assert seen[-1] == pytest.approx(7.5)
    assert not t.done
    assert t.advance(1.0) == pytest.approx(0.5)
    assert t.done and seen[-1] == 10.0
    box = Box()
    Tween(lambda v: setattr(box, "pos", v), (0, 0), (10, 20), 1).advance(0.5)
    assert box.pos == pytest.approx((5, 10))


def test_tween_start_can_be_read_when_it_begins():
    box = Box()
    seq = Sequence([attr_tween(box, "x", 5, 1), attr_tween(box, "x", 1, 1)])
    seq.advance(1.5)
    assert box.x == pytest.approx(3)


def test_outcome_does_not_depend_on_frame_slicing():
    def build(log):
        return Sequence([
            Tween(lambda v: log.append(("a", round(v, 6))), 0, 1, 0.3),
            Call(lambda: log.append("called")),
            Parallel([Wait(0.2), Counter(0, 5, 0.5, on_value=lambda v: log.append(("n", v)))]),
            Tween(lambda v: log.append(("b", round(v, 6))), 0, 1, 0.25),
        ])

    coarse, fine = [], []
    a, b = build(coarse), build(fine)
    run(a, 2.0, 1)
    run(b, 2.0, 997)
    assert a.done and b.done
    milestones = (("a", 1), "called", ("n", 5), ("b", 1))
    assert [e for e in coarse if e in milestones] == list(milestones)
    assert [e for e in fine if e in milestones] == list(milestones)
    assert [e for e in fine if e[0] == "n"] == [("n", v) for v in range(6)]


def test_sequence_hands_leftover_time_to_the_next_step():
    order = []
    seq = Sequence([Wait(0.1, on_finish=lambda: order.append(1)),
                    Wait(0.1, on_finish=lambda: order.append(2)),
                    Wait(0.1, on_finish=lambda: order.append(3))])
    assert seq.duration == pytest.approx(0.3)
    seq.advance(0.25)
    assert order == [1, 2]
    assert seq.advance(0.1) == pytest.approx(0.05)
    assert order == [1, 2, 3] and seq.done


def test_parallel_ends_with_its_longest_child():
    p = Parallel([Wait(0.2), Wait(0.5)])
    assert p.duration == 0.5
    p.advance(0.3)
    assert not p.done
    assert p.advance(0.3) == pytest.approx(0.1)
    assert p.done


def test_counter_counts_each_whole_number_once():
    values = []
    c = Counter(10, 14, 1.0, on_value=values.append)
    run(c, 1.0, 60)
    assert values == [10, 11, 12, 13, 14]
    down = []
    run(Counter(3, 0, 0.3, on_value=down.append), 0.3, 10)
    assert down == [3, 2, 1, 0]


def test_flash_pulses_and_ends_dark():
    f = Flash(1.0, pulses=2)
    f.advance(0.25)
    assert f.intensity == pytest.approx(1.0)
    f.advance(0.25)
    assert f.intensity == pytest.approx(0.0, abs=1e-9)
    f.advance(0.5)
    assert f.done and f.intensity == 0.0


def test_finish_jumps_to_the_end_firing_callbacks_in_order():
    log = []
    seq = Sequence([Tween(lambda v: log.append(v), 0, 1, 1, on_finish=lambda: log.append("t")),
                    Call(lambda: log.append("c")),
                    Counter(0, 3, 1, on_value=lambda v: log.append(f"n{v}"))],
                   on_finish=lambda: log.append("done"))
    seq.finish()
    assert log == [1, "t", "c", "n0", "n3", "done"]
    seq.finish()
    assert log[-1] == "done" and log.count("done") == 1


def test_path_is_even_in_distance():
    p = LinePath([(0, 0), (100, 0), (100, 300)])
    assert p.length == 400
    assert p.at(0.25) == pytest.approx((100, 0))
    assert p.at(0.5) == pytest.approx((100, 100))
    assert p.at(-1) == (0, 0) and p.at(2) == (100, 300)
    with pytest.raises(ValueError):
        Path([(0, 0)])


def test_arc_path_passes_through_its_waypoints_and_bows_aside():
    depot, storage, estate = (0, 0), (400, 0), (400, 300)
    arc = ArcPath([depot, storage, estate], bow=0.25)
    assert arc.start == depot and arc.end == estate
    assert any(math.dist(arc.at(u / 200), storage) < 3 for u in range(201))
    mid = arc.at(0.2)
    assert mid[1] < -10  # bowed to the left of travel, i.e. up on screen
    assert arc.length > 700


def test_move_carries_a_tile_along_its_path():
    seen = []
    arc = ArcPath([(0, 0), (100, 0), (100, 100)])
    m = Move(arc, seen.append, 1.0, easing.in_out_cubic)
    run(m, 1.0, 30)
    assert seen[0] != (0, 0) and seen[-1] == (100, 100)
    assert m.position == (100, 100)


class TestTimeline:
    def test_play_runs_animations_side_by_side(self):
        tl = Timeline()
        a, b = tl.play(Wait(0.5)), tl.play(Wait(1.0))
        tl.update(0.6)
        assert a.done and not b.done and tl.busy
        tl.update(0.5)
        assert not tl.busy

    def test_enqueue_runs_one_after_another_sharing_frames(self):
        tl = Timeline()
        order = []
        tl.enqueue(Wait(0.3, on_finish=lambda: order.append("a")))
        tl.enqueue(Wait(0.3, on_finish=lambda: order.append("b")))
        tl.update(0.4)
        assert order == ["a"]
        tl.update(0.2)
        assert order == ["a", "b"] and not tl.busy

    def test_fast_speed_scales_time(self):
        tl = Timeline(Speed.FAST)
        w = tl.play(Wait(1.0))
        tl.update(0.3)
        assert w.elapsed == pytest.approx(0.75)
        tl.speed = Speed.NORMAL
        tl.update(0.3)
        assert w.done

    def test_instant_speed_finishes_at_once(self):
        tl = Timeline(Speed.INSTANT)
        seen = []
        tl.play(Tween(seen.append, 0, 7, 5.0))
        tl.enqueue(Counter(0, 9, 3.0, on_value=seen.append))
        assert seen == [7, 0, 9]
        assert not tl.busy

    def test_switching_to_instant_finishes_what_runs(self):
        tl = Timeline()
        w = tl.play(Wait(10))
        tl.speed = Speed.INSTANT
        tl.update(0.0)
        assert w.done

    def test_finish_all_includes_animations_added_by_callbacks(self):
        tl = Timeline()
        order = []

        def chain():
            order.append("first")
            tl.enqueue(Wait(5, on_finish=lambda: order.append("second")))
            tl.play(Wait(5, on_finish=lambda: order.append("side")))

        tl.enqueue(Wait(5, on_finish=chain))
        tl.enqueue(Wait(5, on_finish=lambda: order.append("queued")))
        tl.finish_all()
        assert order == ["first", "queued", "second", "side"]
        assert not tl.busy

    def test_cancel_all_drops_everything_silently(self):
        tl = Timeline()
        fired = []
        tl.play(Wait(1, on_finish=lambda: fired.append(1)))
        tl.enqueue(Wait(1, on_finish=lambda: fired.append(2)))
        tl.cancel_all()
        tl.update(5)
        assert fired == [] and not tl.busy

    def test_speed_names_match_settings(self):
        from game.scenes.preferences import ANIMATION_SPEEDS
        assert tuple(s.value for s in Speed) == ANIMATION_SPEEDS
