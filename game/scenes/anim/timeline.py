"""Animations advanced by explicit time steps.

Every animation consumes time through ``advance(dt)`` and returns the time it did not
need, so a sequence hands the rest of a frame to its next step and the outcome does not
depend on how the time was sliced into frames. ``finish()`` jumps to the end and fires
every callback in the order the animation would have fired them.
"""

from __future__ import annotations

import enum
import math
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from .easing import Easing, linear
from .paths import Path, Point

Callback = Callable[[], None] | None


class Speed(enum.Enum):
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"

    @property
    def factor(self) -> float:
        return {"normal": 1.0, "fast": 2.5, "instant": math.inf}[self.value]


class Animation:
    """Base class; subclasses implement _step and _complete, optionally _begin."""

    duration: float = 0.0

    def __init__(self, on_finish: Callback = None) -> None:
        self.on_finish = on_finish
        self.elapsed = 0.0
        self.started = False
        self.done = False

    @property
    def progress(self) -> float:
        if self.done:
            return 1.0
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def advance(self, dt: float) -> float:
        """Consume up to ``dt`` seconds; returns the unused remainder."""
        if self.done:
            return dt
        if not self.started:
            self.started = True
            self._begin()
        leftover = self._step(dt)
        if leftover is not None:
            self._end()
            return leftover
        return 0.0

    def finish(self) -> None:
        """Jump to the end, firing the remaining callbacks."""
        if self.done:
            return
        if not self.started:
            self.started = True
            self._begin()
        self._complete()
        self._end()

    def _end(self) -> None:
        self.done = True
        if self.on_finish is not None:
            self.on_finish()

    def _begin(self) -> None:
        """First moment of the animation."""

    def _step(self, dt: float) -> float | None:
        """Advance; return the unused time when finished, or None while running."""
        self.elapsed += dt
        self._apply(self.progress)
        if self.elapsed >= self.duration:
            return self.elapsed - self.duration
        return None

    def _apply(self, t: float) -> None:
        """Show the state at raw progress t in [0, 1]."""

    def _complete(self) -> None:
        self.elapsed = self.duration
        self._apply(1.0)


def _lerp(a: Any, b: Any, f: float) -> Any:
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * f for x, y in zip(a, b))
    return a + (b - a) * f


class Tween(Animation):
    """Moves a value from ``start`` to ``end``, handing each value to ``setter``.

    ``start`` may be a callable, read when the tween begins (so a tween queued behind
    others starts from wherever the value is by then). Numbers and tuples of numbers
    interpolate.
    """

    def __init__(self, setter: Callable[[Any], None], start: Any, end: Any,
                 duration: float, easing: Easing = linear, on_finish: Callback = None) -> None:
        super().__init__(on_finish)
        self.setter = setter
        self._start_spec = start
        self.start: Any = None
        self.end = end
        self.duration = max(0.0, duration)
        self.easing = easing

    def _begin(self) -> None:
        self.start = self._start_spec() if callable(self._start_spec) else self._start_spec

    def _apply(self, t: float) -> None:
        self.setter(self.end if t >= 1 else _lerp(self.start, self.end, self.easing(t)))


def attr_tween(obj: Any, attr: str, end: Any, duration: float, easing: Easing = linear,
               on_finish: Callback = None) -> Tween:
    """A tween of ``obj.attr`` from its value when the tween begins to ``end``."""
    return Tween(lambda v: setattr(obj, attr, v), lambda: getattr(obj, attr), end, duration,
                 easing, on_finish)


class Move(Animation):
    """Carries a position along a path: a tile flying from depot to storage to estate."""

    def __init__(self, path: Path, on_position: Callable[[Point], None], duration: float,
                 easing: Easing = linear, on_finish: Callback = None) -> None:
        super().__init__(on_finish)
        self.path = path
        self.on_position = on_position
        self.duration = max(0.0, duration)
        self.easing = easing
        self.position: Point = path.start

    def _apply(self, t: float) -> None:
        self.position = self.path.end if t >= 1 else self.path.at(self.easing(t))
        self.on_position(self.position)


class Counter(Animation):
    """Counts whole numbers from ``start`` to ``end`` (points going up on the track);
    ``on_value`` hears the start when the count begins, then each new number once."""

    def __init__(self, start: int, end: int, duration: float,
                 on_value: Callable[[int], None] | None = None, easing: Easing = linear,
                 on_finish: Callback = None) -> None:
        super().__init__(on_finish)
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.on_value = on_value
        self.value = start

    def _begin(self) -> None:
        self._announce(self.start)

    def _apply(self, t: float) -> None:
        if t >= 1:
            value = self.end
        else:
            value = self.start + int((self.end - self.start) * self.easing(t))
        if value != self.value:
            self._announce(value)

    def _announce(self, value: int) -> None:
        self.value = value
        if self.on_value is not None:
            self.on_value(value)


class Flash(Animation):
    """Pulses ``intensity`` between 0 and 1 ``pulses`` times (a completed area lighting up)."""

    def __init__(self, duration: float, pulses: int = 2, on_finish: Callback = None,
                 on_intensity: Callable[[float], None] | None = None) -> None:
        super().__init__(on_finish)
        self.duration = max(0.0, duration)
        self.pulses = max(1, pulses)
        self.on_intensity = on_intensity
        self.intensity = 0.0

    def _apply(self, t: float) -> None:
        self.intensity = 0.0 if t >= 1 else math.sin(math.pi * self.pulses * t) ** 2
        if self.on_intensity is not None:
            self.on_intensity(self.intensity)


class Wait(Animation):
    def __init__(self, duration: float, on_finish: Callback = None) -> None:
        super().__init__(on_finish)
        self.duration = max(0.0, duration)


class Call(Animation):
    """Calls ``fn`` at its moment in a sequence and takes no time."""

    def __init__(self, fn: Callable[[], None]) -> None:
        super().__init__(fn)


class Later(Animation):
    """An animation made only when its moment comes, from what is shown by then (the board
    as the events before it left it)."""

    def __init__(self, make: Callable[[], Animation | None], on_finish: Callback = None) -> None:
        super().__init__(on_finish)
        self.make = make
        self.child: Animation | None = None

    @property
    def duration(self) -> float:  # type: ignore[override]
        return self.child.duration if self.child is not None else 0.0

    def _begin(self) -> None:
        self.child = self.make() or Wait(0.0)

    def _step(self, dt: float) -> float | None:
        assert self.child is not None  # made in _begin
        leftover = self.child.advance(dt)
        return leftover if self.child.done else None

    def _complete(self) -> None:
        assert self.child is not None  # made in _begin
        self.child.finish()


class Sequence(Animation):
    """Children one after another."""

    def __init__(self, children: Iterable[Animation], on_finish: Callback = None) -> None:
        super().__init__(on_finish)
        self.children = list(children)
        self.index = 0

    @property
    def duration(self) -> float:  # type: ignore[override]
        return sum(c.duration for c in self.children)

    def _step(self, dt: float) -> float | None:
        self.elapsed += dt
        while self.index < len(self.children):
            dt = self.children[self.index].advance(dt)
            if not self.children[self.index].done:
                return None
            self.index += 1
        return dt

    def _complete(self) -> None:
        while self.index < len(self.children):
            self.children[self.index].finish()
            self.index += 1


class Parallel(Animation):
    """Children all at once; done when the longest is done."""

    def __init__(self, children: Iterable[Animation], on_finish: Callback = None) -> None:
        super().__init__(on_finish)
        self.children = list(children)

    @property
    def duration(self) -> float:  # type: ignore[override]
        return max((c.duration for c in self.children), default=0.0)

    def _step(self, dt: float) -> float | None:
        self.elapsed += dt
        leftovers = [c.advance(dt) for c in self.children if not c.done]
        if all(c.done for c in self.children):
            return min(leftovers, default=dt)
        return None

    def _complete(self) -> None:
        for child in self.children:
            child.finish()


class Timeline:
    """Runs animations: ``play`` starts one now, ``enqueue`` starts one after everything
    enqueued before it. The speed scales time; at instant speed animations finish the
    moment they are played."""

    def __init__(self, speed: Speed = Speed.NORMAL) -> None:
        self.speed = speed
        self._running: list[Animation] = []
        self._queue: deque[Animation] = deque()
        self._queue_head: Animation | None = None

    @property
    def busy(self) -> bool:
        return bool(self._running or self._queue or self._queue_head)

    def play(self, animation: Animation) -> Animation:
        if self.speed is Speed.INSTANT:
            animation.finish()
        else:
            self._running.append(animation)
        return animation

    def enqueue(self, animation: Animation) -> Animation:
        self._queue.append(animation)
        if self.speed is Speed.INSTANT:
            self.finish_all()
        elif self._queue_head is None:
            self._start_next()
        return animation

    def _start_next(self) -> None:
        self._queue_head = self._queue.popleft() if self._queue else None
        if self._queue_head is not None:
            self._running.append(self._queue_head)

    def update(self, dt: float) -> None:
        if self.speed is Speed.INSTANT:
            self.finish_all()
            return
        budget = dt * self.speed.factor
        # Queued animations share the frame: when one ends, the next gets the rest of it.
        for animation in list(self._running):
            if animation is self._queue_head:
                continue
            animation.advance(budget)
        remaining = budget
        while self._queue_head is not None:
            remaining = self._queue_head.advance(remaining)
            if not self._queue_head.done:
                break
            self._running.remove(self._queue_head)
            self._start_next()
        self._running = [a for a in self._running if not a.done]

    def finish_all(self) -> None:
        """Fast-forward: end everything, including animations that callbacks add meanwhile."""
        while self.busy:
            if self._queue_head is None and self._queue:
                self._start_next()
            if self._queue_head is not None:
                head = self._queue_head
                self._running.remove(head)
                head.finish()
                self._start_next()
                continue
            running, self._running = self._running, []
            for animation in running:
                animation.finish()

    def cancel_all(self) -> None:
        """Drop everything without firing callbacks (leaving a scene mid-animation)."""
        self._running.clear()
        self._queue.clear()
        self._queue_head = None
