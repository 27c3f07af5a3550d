"""The table's hit areas: where a click or the pointer finds a die, a depot, a tile, a
space, a seat's card or a module's piece, each with its tooltip.

The spots are built again only when what the table shows changes (the view, the seat shown
large, the language); the panels and the modules in play lay their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import i18n
from ..art.hexgrid import layout_scale
from . import geometry as g
from .log import goods_label
from .seam import parts_of, storage_tip
from .tips import Spot, chateauma_spots, space_tip, tile_tip

if TYPE_CHECKING:
    from .seam import Table


class HitSpots:
    def __init__(self, table: Table) -> None:
        self.table = table
        self._spots: list[Spot] = []
        self._key: Any = None

    def all(self) -> list[Spot]:
        """Every spot of the table as it is shown now, the first found first."""
        t = self.table
        t.places.lay_out()
        pv = t.view.players[t.shown_seat]
        key = (t.serial, t.view.board_version, t.shown_seat, pv.version, i18n.language())
        if key != self._key:
            self._spots = self._build()
            self._key = key
        return self._spots

    def at(self, pos: tuple[float, float]) -> Spot | None:
        """The spot under ``pos``; a die only while the tray shows it (no tooltip or
        click for a die under the choice box or not yet rolled)."""
        dice = self.table.dice
        for spot in self.all():
            if spot.contains(pos) and (spot.kind != "die" or dice.shows(spot.key)):
                return spot
        return None

    def _build(self) -> list[Spot]:
        t = self.table
        view, rules = t.view, t.rules
        spots: list[Spot] = []
        spots += t.estates.spots()
        for m, part in parts_of(view):
            spots += m.first_board_spots(t, part)
        spots += t.board.spots()
        pv = view.players[t.shown_seat]
        if pv.cm is not None:
            spots += chateauma_spots(pv, rules, t.view.white)
        elif pv.colours:
            for m, part in parts_of(view):
                spots += m.tile_spots(t, part)
            for s in range(len(pv.colours)):
                spots.append(Spot("space", s, g.estate_space_centre(s),
                                  g.ESTATE_HEX * 0.86 * layout_scale(),
                                  lambda s=s, p=pv: space_tip(p.colours[s], p.dice_numbers[s],
                                                              p.estate[s], rules)))
        for j, tile in enumerate(pv.storage if pv.cm is None else ()):
            spots.append(Spot("storage", j, g.storage_centre(j), g.STORAGE_HEX * 0.9,
                              lambda tile=tile, j=j: tile_tip(tile, rules)
                              or storage_tip(view, t.shown_seat, j, t.names)
                              or i18n.tr("tip.storage")))
        for v in range(1, 7):
            spots.append(Spot("goods", v, g.goods_centre(v), 24,
                              lambda v=v, p=pv: i18n.trn("tip.goods", p.goods[v], goods=v,
                                                         name=goods_label(v),
                                                         count=p.goods[v])))
            spots.append(Spot("sold", v, g.sold_centre(v), 16,
                              lambda v=v, p=pv: i18n.trn("tip.sold", p.sold[v], goods=v,
                                                         name=goods_label(v),
                                                         count=p.sold[v])))
        for i, number in enumerate(sorted(pv.knowledge)):
            spots.append(Spot("knowledge", number, *g.knowledge_slot(i, len(pv.knowledge)),
                              lambda n=number: tile_tip(f"monastery{n}", rules)))
        for m, part in parts_of(view):
            spots += m.estate_spots(view, part, t.shown_seat, t.names)
        spots.append(Spot("silver", None, g.silver_centre(), 24, lambda: i18n.tr("tip.silver")))
        if pv.cm is None:
            spots.append(Spot("workers", None, g.workers_centre(), 24,
                              lambda: i18n.tr("tip.workers")))
        spots += t.dice.spots()
        for m, part in parts_of(view):
            spots += m.spots(t, part)
        return spots
