"""A module's stack of alike tiles beside the depots (the castle pool, the inn stack): its
count in the view, built from the rules module's public count; its picture and tooltip on
the central board; the ring while a click may take one; the click; and the flight of one
taken into storage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .. import i18n, synth
from ..layout import Canvas
from . import geometry as g
from .board_view import paint_counted_stack
from .motion import TAKEN
from .paint import hex_outline
from .seam import Animator, Table, TableModule
from .tips import Spot


@dataclass
class Stack:
    """The view's part of a counted stack: how many tiles lie there."""
    count: int


def stack_tip(table: Table, count: int, key: str, action: str) -> str:
    """How many lie there, and that a click takes one when the player may."""
    tip = i18n.trn(key, count, count=count)
    n = table.narrowing if table.can_act() else None
    if n is not None and n.has(action):
        tip += " " + i18n.tr(f"{key}.click")
    return tip


def flies_into_storage(at: tuple[float, float], tile: str) -> Animator:
    """The animation of an event that takes a tile from the stack at ``at`` into a seat's
    storage (its `player` and `storage`)."""
    def animate(motion: Any, e: Any) -> Any:
        end = motion.scene.places.storage_pos(e.player, max(0, e.storage))
        return motion.fly("tile", tile, at, end, g.STORAGE_HEX, sound=synth.TILE,
                          volume=TAKEN)
    return animate


class CountedStack(TableModule):
    """A table module whose piece is a counted stack on the central board. Subclasses name
    where it lies and what it shows, give its count (`count_of`) and what a click does
    (`take`)."""

    spot: ClassVar[str] = ""                          # its hit spot's kind
    at: ClassVar[tuple[float, float]] = (0.0, 0.0)    # its place on the board
    label: ClassVar[str] = ""                         # its name's text key
    tile: ClassVar[str] = ""                          # the tile it shows
    tip: ClassVar[str] = ""    # its tooltip's text key (by count; "<tip>.click" added)
    action: ClassVar[str] = ""                        # the action a click takes

    def count_of(self, state: Any) -> int:
        raise NotImplementedError(f"{type(self).__name__} gives no count")

    def take(self, table: Table) -> None:
        raise NotImplementedError(f"{type(self).__name__} takes nothing")

    def ringed(self, part: Stack, n: Any) -> bool:
        """A click may take one now."""
        return bool(n.has(self.action))

    def part(self, state: Any) -> Stack:
        return Stack(self.count_of(state))

    def paint_board(self, canvas: Canvas, view: Any, part: Stack, seat: int | None) -> None:
        paint_counted_stack(canvas, self.at, self.label, self.tile, part.count)

    def board_spots(self, table: Table, part: Stack) -> list:
        return [Spot(self.spot, None, self.at, g.DEPOT_HEX + 30,
                     lambda: stack_tip(table, table.view.parts[self.id].count, self.tip,
                                       self.action))]

    def paint_rings(self, canvas: Canvas, table: Table, part: Stack, n: Any,
                    ring: Any) -> None:
        if self.ringed(part, n):
            hex_outline(canvas, self.at, g.DEPOT_HEX + 3, ring, 5)

    def click(self, table: Table, part: Stack, kind: str, key: Any) -> bool:
        if kind != self.spot:
            return False
        self.take(table)
        return True
