"""Turns the events the rules return into animations, one event after another.

A handler is registered per event type (by class name, so this module needs nothing from
the rules). It returns the animation that shows the event, or None when the event needs
none. ``on_shown`` hears each event when its animation has finished: that is when the
board's displayed state takes the event in, so the board shows only what has finished
animating. Events without a handler are shown at once, in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from .timeline import Animation, Call, Sequence, Timeline

Handler = Callable[[Any], Animation | None]


def event_name(event: Any) -> str:
    return type(event).__name__


class Presenter:
    def __init__(self, timeline: Timeline, on_shown: Callable[[Any], None] | None = None) -> None:
        self.timeline = timeline
        self.on_shown = on_shown
        self._handlers: dict[str, Handler] = {}

    def on(self, event_type: str | type, handler: Handler) -> None:
        name = event_type if isinstance(event_type, str) else event_type.__name__
        self._handlers[name] = handler

    def on_all(self, handlers: dict[str, Handler]) -> None:
        """Register many handlers at once, by event class name."""
        for name, handler in handlers.items():
            self.on(name, handler)

    def handles(self, event: Any) -> bool:
        return event_name(event) in self._handlers

    @property
    def handled(self) -> frozenset[str]:
        """The event class names that have a handler."""
        return frozenset(self._handlers)

    def present(self, events: Iterable[Any]) -> None:
        for event in events:
            handler = self._handlers.get(event_name(event))
            animation = handler(event) if handler is not None else None
            steps = [animation] if animation is not None else []
            steps.append(Call(partial(self._shown, event)))
            self.timeline.enqueue(Sequence(steps))

    def _shown(self, event: Any) -> None:
        if self.on_shown is not None:
            self.on_shown(event)

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    def skip(self) -> None:
        """Show everything pending at once (a click to hurry, or tests)."""
        self.timeline.finish_all()
