"""Hard's search pauses Python's cycle collector while it runs and leaves it as it found
it: the search's positions and caches are freed by reference counting alone, and the
collector's traversals of them were a third of a decision's time."""

from __future__ import annotations

import gc

import pytest

import game.ai.hard as hard
from game.ai import turns
from game.ai.hard import HardPlayer

from .positions import midgame_positions


def _position():
    return max(midgame_positions(13, every=7), key=lambda s: len(s.legal_actions()))


def _watching_plan(monkeypatch) -> list[bool]:
    """Records whether the collector runs at every plan of the search."""
    seen: list[bool] = []
    real = turns.plan

    def plan(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "plan", plan)
    return seen


def test_the_search_runs_without_the_collector_and_restores_it(monkeypatch):
    seen = _watching_plan(monkeypatch)
    assert gc.isenabled()
    HardPlayer(seed=3, iterations=6).choose(_position())
    assert seen and not any(seen)
    assert gc.isenabled()


def test_a_collector_paused_before_the_search_stays_paused(monkeypatch):
    seen = _watching_plan(monkeypatch)
    gc.disable()
    try:
        HardPlayer(seed=3, iterations=6).choose(_position())
        assert seen and not any(seen)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_failing_search_restores_the_collector(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("no plan")

    monkeypatch.setattr(hard, "plan", broken)
    with pytest.raises(RuntimeError):
        HardPlayer(seed=3, iterations=6).choose(_position())
    assert gc.isenabled()


def test_the_search_chooses_the_same_turn_with_the_collector_running(monkeypatch):
    """Pausing the collector changes no value of the search: with it forced on, the same
    turn comes out."""
    state = _position()
    paused = HardPlayer(seed=5, iterations=8)
    first = paused.choose(state)
    seen = _watching_plan(monkeypatch)
    monkeypatch.setattr(gc, "disable", lambda: None)
    running = HardPlayer(seed=5, iterations=8)
    assert running.choose(state) == first
    assert seen and all(seen)
    assert running._script == paused._script
