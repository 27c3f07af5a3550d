"""The pace of play: after a person's End turn, one Medium AI's turn plays out briskly at
the normal animation speed (about 5 s at most, the phase's end aside, whose banner is
there to be read), every piece it moves still seen flying, and the speeds keep their
order. Time is counted from the animation queue, frame by frame, never by the clock."""

from __future__ import annotations

import statistics

import pytest

from game.scenes.anim.timeline import Speed
from game.scenes.table.bench import measure_pace

TURNS = 30   # more than a two-player game has: every AI turn of one game


@pytest.fixture(scope="module")
def paces():
    return {speed: measure_pace(speed.value, TURNS, seed=11) for speed in Speed}


def ends_a_phase(pace) -> bool:
    return any(name == "PhaseEnded" for name, _ in pace.events)


def test_an_ai_turn_at_the_normal_speed_is_brisk(paces):
    turns = [p for p in paces[Speed.NORMAL] if not ends_a_phase(p)]
    assert len(turns) >= 15
    seconds = [p.animation for p in turns]
    assert statistics.fmean(seconds) <= 4.0, seconds
    assert sum(s <= 5.0 for s in seconds) >= 0.9 * len(seconds), seconds
    assert max(seconds) <= 5.5, seconds
    # A phase's end adds its banner (banner.SHOWN_FOR) and the next phase's start.
    assert max(p.animation for p in paces[Speed.NORMAL]) <= 10.0


def test_every_piece_an_ai_moves_is_seen_flying(paces):
    for pace in paces[Speed.NORMAL]:
        for kind, seconds in pace.flights.values():
            assert seconds >= 0.3, (kind, seconds, pace.events)
    tiles = [s for p in paces[Speed.NORMAL] for k, s in p.flights.values() if k == "tile"]
    assert len(tiles) >= 20


def test_faster_speeds_take_less_time_turn_by_turn(paces):
    normal, fast, instant = (paces[s] for s in (Speed.NORMAL, Speed.FAST, Speed.INSTANT))
    assert len(normal) == len(fast) == len(instant)
    for turn, (n, f, i) in enumerate(zip(normal, fast, instant)):
        # The same game (the first turn's count starts with the opening, which the
        # instant speed has shown before the table is watched).
        if turn:
            assert [e for e, _ in n.events] == [e for e, _ in f.events] == \
                [e for e, _ in i.events]
        assert i.animation == 0 < f.animation < n.animation
