"""Where the pieces of the table lie, for the motion that moves them (motion.py).

A piece flies from and to a place on the central board, on the estate shown large, or, for
a seat shown small, on its card (estates_panel.EstatesPanel). `Places` answers for the
table as it is shown now: the seat shown large and the view that has finished animating.
It also lays out the estate shown large, whose duchy may have a shape of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules import CHATEAUMA_CARDS, CHATEAUMA_JOKERS as JOKERS, get_board
from ..art.hexgrid import use_layout
from . import geometry as g
from .view import colour_of

if TYPE_CHECKING:
    from .seam import Table


class Places:
    def __init__(self, table: Table) -> None:
        self.table = table

    def lay_out(self) -> None:
        """A board of its own shape (the solo boards) lays the shown estate out itself."""
        t = self.table
        shown = t.preview_board or t.view.players[t.shown_seat].board
        use_layout(get_board(shown).centres if shown else None)

    # --- the central board ---

    def depot_pos(self, depot: int, slot: int) -> tuple[float, float]:
        view = self.table.view
        row = view.black if depot == 0 else view.depots[depot - 1]
        return g.depot_slot_centre(depot, slot, max(len(row), slot + 1))

    def depot_goods_pos(self, depot: int) -> tuple[float, float]:
        return g.depot_goods_centre(depot, 0, 1)

    # --- a seat's estate ---

    def _mine(self, seat: int, pos: tuple[float, float],
              supply: str = "estate") -> tuple[float, float]:
        """Where a piece for a seat lands: its place in the large estate when that seat is
        shown large, else on its card (estates_panel)."""
        t = self.table
        return pos if seat == t.shown_seat else t.estates.supply_pos(seat, supply)

    def storage_pos(self, seat: int, j: int) -> tuple[float, float]:
        return self._mine(seat, g.storage_centre(j))

    def space_pos(self, seat: int, space: int) -> tuple[float, float]:
        t = self.table
        if seat != t.shown_seat:
            return t.estates.space_pos(seat, space)
        if t.view.players[seat].chateauma:
            return g.cm_space_centre(space)
        return g.estate_space_centre(space)

    def card_space_pos(self, seat: int, card: int, space: int) -> tuple[float, float]:
        """A space of one of Châteauma's area cards (where the view or, for a card revealed
        in the same step, the engine has it)."""
        t = self.table
        cm = t.view.players[seat].cm
        slot = cm.slot_of(card) if cm is not None else None
        engine = t.state.chateauma
        if slot is None and engine is not None and card in engine.cards:
            slot = engine.cards.index(card)
        if slot is None:
            return t.estates.estate_centre(seat)
        return self._mine(seat, g.cm_card_space_centre(slot, space,
                                                       len(CHATEAUMA_CARDS[card].colours)))

    def reserve_pos(self, seat: int, tile: str | None) -> tuple[float, float]:
        stack = JOKERS if tile is None else colour_of(tile)
        return self._mine(seat, g.cm_reserve_centre(stack), "reserve")

    def goods_pos(self, seat: int, goods: int) -> tuple[float, float]:
        return self._mine(seat, g.goods_centre(goods), "goods")

    def silver_pos(self, seat: int) -> tuple[float, float]:
        return self._mine(seat, g.silver_centre(), "silver")

    def workers_pos(self, seat: int) -> tuple[float, float]:
        return self._mine(seat, g.workers_centre(), "workers")
