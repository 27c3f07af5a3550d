"""Where the table's modules plug in: the client side of the rules' extension points.

A rules module (game/rules/modules/<id>.py) may have a table module beside the others
(game/scenes/table/modules/<id>.py): a `TableModule` subclass, registered by its id, that
builds its part of the view from the rules module's public functions, takes in its events,
words them for the log, and paints its layers and lays its hit spots on the board and on
the large estate. The view, the log, the board and the scene loop over the modules in play
(`in_play`, `parts_of`) and name none of them; a module added or removed changes none of
their lines.

The view keeps each module's part in `TableView.parts[id]` (None for a module that shows
nothing of its own), in the registry's order, which is also the order of its layers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

# A module's handler of one of its events: fn(view, part, event) copies the fact the event
# states into the view (its own part, or the players' and the board's).
Handler = Callable[[Any, Any, Any], None]
# A module's words for one of its events: fn(event, who, lang) -> a log line, or None for
# an event the log leaves out.
Words = Callable[[Any, str, str], "str | None"]


class TableModule:
    """A module at the table. Subclasses set `id` (the rules module's) and fill in what
    they show; a hook left as here shows nothing."""

    id: ClassVar[str] = ""
    # Its events the view takes in, by event name.
    events: ClassVar[dict[str, Handler]] = {}
    # Its events that change nothing the view holds (they are worded, animated or scored
    # elsewhere); the view fails on an event it neither takes in nor lists here.
    quiet: ClassVar[tuple[str, ...]] = ()
    # Its events in words for the log, by event name.
    words: ClassVar[dict[str, Words]] = {}

    def part(self, state: Any) -> Any:
        """Its part of the view, built from the rules module's public functions (what
        every seat may see), or None for none."""
        return None

    # --- the central board ---
    def paint_board(self, canvas: Any, view: Any, part: Any, seat: int | None) -> None:
        """Its pieces on the central board's cached layer (seat: the seat shown large)."""

    def board_spots(self, view: Any, part: Any) -> list:
        """Its hit spots and tooltips on the central board."""
        return []

    # --- the large estate ---
    def paint_estate(self, canvas: Any, view: Any, part: Any, seat: int,
                     preview: str | None) -> None:
        """Its layer over the estate shown large (preview: a duchy being chosen, whose
        empty estate is shown)."""

    def estate_spots(self, view: Any, part: Any, seat: int, names: list[str]) -> list:
        """Its hit spots and tooltips on the estate shown large."""
        return []


# Table modules by the rules module's id, in the order their layers are painted.
TABLE_MODULES: dict[str, TableModule] = {}


def register(cls: type[TableModule]) -> type[TableModule]:
    """Class decorator: a table module joins the registry."""
    if cls.id in TABLE_MODULES:
        raise ValueError(f"a second table module for {cls.id!r}")
    TABLE_MODULES[cls.id] = cls()
    return cls


def in_play(config: Any) -> list[TableModule]:
    """The table modules of the modules a game plays, in the registry's order."""
    return [m for m in TABLE_MODULES.values() if config.has_module(m.id)]


def parts_of(view: Any) -> list[tuple[TableModule, Any]]:
    """The modules a view shows, each with its part of it."""
    return [(TABLE_MODULES[id], part) for id, part in view.parts.items()]


def event_words(kind: str) -> Words | None:
    """Whichever module words events of this name (names are unique across modules)."""
    for m in TABLE_MODULES.values():
        if kind in m.words:
            return m.words[kind]
    return None
