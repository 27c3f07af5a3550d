"""The presenter turns rule events into queued animations; the board takes an event in
only once its animation has finished."""

from typing import NamedTuple

from game.scenes.anim.presenter import Presenter
from game.scenes.anim.timeline import Speed, Timeline, Wait


class TileTaken(NamedTuple):
    player: int
    depot: int


class PointsScored(NamedTuple):
    player: int
    points: int
    reason: str


class PhaseStarted(NamedTuple):
    phase: str


def make(speed=Speed.NORMAL):
    shown = []
    presenter = Presenter(Timeline(speed), on_shown=shown.append)
    presenter.on(TileTaken, lambda e: Wait(0.5))
    presenter.on("PointsScored", lambda e: Wait(0.2 * e.points))
    return presenter, shown


def test_events_are_shown_in_order_after_their_animations():
    presenter, shown = make()
    events = [TileTaken(0, 3), PointsScored(0, 2, "area"), PhaseStarted("B")]
    presenter.present(events)
    assert shown == [] and presenter.busy
    presenter.timeline.update(0.49)
    assert shown == []
    presenter.timeline.update(0.02)
    assert shown == events[:1]
    presenter.timeline.update(0.4)
    assert shown == events  # the unanimated event follows straight after
    assert not presenter.busy


def test_events_without_a_handler_wait_their_turn():
    presenter, shown = make()
    presenter.present([TileTaken(1, 2)])
    presenter.present([PhaseStarted("C")])
    presenter.timeline.update(0.1)
    assert shown == []
    assert presenter.handles(TileTaken(0, 1)) and not presenter.handles(PhaseStarted("A"))


def test_skip_shows_everything_at_once():
    presenter, shown = make()
    presenter.present([TileTaken(0, 1), PointsScored(1, 3, "goods")])
    presenter.skip()
    assert [type(e).__name__ for e in shown] == ["TileTaken", "PointsScored"]
    assert not presenter.busy


def test_instant_speed_shows_events_as_they_arrive():
    presenter, shown = make(Speed.INSTANT)
    presenter.present([PointsScored(0, 4, "bonus")])
    assert shown == [PointsScored(0, 4, "bonus")]
