"""Turns the events the rules return into animations, one event after another.

A handler is registered per event type (by class name, so this module needs nothing from
the rules). It returns the animation that shows the event, or None when the event needs
none. ``on_shown`` hears each event when its animation has finished: that is when the
board's displayed state takes the event in, so the board shows only what has finished
animating. Events without a handler are shown at once, in order.

A handler may answer `Beside(animation, after)`: the event happens together with the one
before it when that one is of a type in ``after`` (the silver a sale pays, with the goods
sold). Its animation then plays alongside the previous one, starting so that both end
together, and the two are shown one after the other, in order, when they end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from .timeline import Animation, Call, Parallel, Sequence, Timeline, Wait


class Beside:
    """A handler's answer for an event that happens with the one before it."""

    def __init__(self, animation: Animation, after: Iterable[str]) -> None:
        self.animation = animation
        self.after = frozenset(after)


Handler = Callable[[Any], Animation | Beside | None]


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
        # (the animation, the events it shows): one entry per event, or per events that
        # happen together.
        entries: list[tuple[Animation | None, list[Any]]] = []
        for event in events:
            handler = self._handlers.get(event_name(event))
            answer = handler(event) if handler is not None else None
            if isinstance(answer, Beside):
                before = entries[-1] if entries else None
                if (before is not None and before[0] is not None
                        and event_name(before[1][-1]) in answer.after):
                    entries[-1] = (_alongside(before[0], answer.animation),
                                   [*before[1], event])
                    continue
                answer = answer.animation
            entries.append((answer, [event]))
        for animation, shown in entries:
            steps = [animation] if animation is not None else []
            steps += [Call(partial(self._shown, event)) for event in shown]
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


def _alongside(first: Animation, second: Animation) -> Animation:
    """Both at once, the shorter starting later, so that they end together."""
    lead = first.duration - second.duration
    if lead > 0:
        second = Sequence([Wait(lead), second])
    elif lead < 0:
        first = Sequence([Wait(-lead), first])
    return Parallel([first, second])
