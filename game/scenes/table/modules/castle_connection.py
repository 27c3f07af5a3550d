"""Castle connection (module castle_connection) at the table: the castle pool beside the
depots with the castles cleared from the board after earlier phases, its count and
tooltip; a click on it or its button (R) retrieves a castle; its log lines.

The pool's count is the rules' (castle_pool: what every seat sees)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from ....rules import castle_pool
from ... import i18n
from ...layout import Canvas
from .. import geometry as g
from ..board_panel import stack_tip
from ..board_view import paint_counted_stack
from ..paint import hex_outline
from ..seam import Handler, ModuleButton, Table, TableModule, Words, register
from ..tips import Spot


@dataclass
class CastlePool:
    count: int


def _pooled(view: Any, pool: CastlePool, e: Any) -> None:
    pool.count += e.count


def _retrieved(view: Any, pool: CastlePool, e: Any) -> None:
    pool.count = max(0, pool.count - 1)
    if 0 <= e.storage < len(view.players[e.player].storage):
        view.store(e.player, e.storage, "castle")


def retrieve(table: Table) -> None:
    """Both dice and 5 points for a castle from the pool."""
    if table.can_act():
        table.follow(table.narrowing.retrieve())


@register
class CastleConnection(TableModule):
    id = "castle_connection"
    events: ClassVar[dict[str, Handler]] = {"CastlesPooled": _pooled,
                                            "CastleRetrieved": _retrieved}
    words: ClassVar[dict[str, Words]] = {
        "CastlesPooled": lambda e, who, lang: i18n.trn("log.castles_pooled", e.count, lang,
                                                       count=e.count),
        "CastleRetrieved": lambda e, who, lang: i18n.tr("log.castle_retrieved", lang,
                                                        who=who)}

    buttons: ClassVar[tuple[ModuleButton, ...]] = (
        ModuleButton("table.retrieve", "table.tip.retrieve", pygame.K_r, "R", (6,),
                     lambda n: n is not None and n.has("retrieve"), retrieve),)

    def part(self, state: Any) -> CastlePool:
        return CastlePool(castle_pool(state))

    def paint_board(self, canvas: Canvas, view: Any, part: CastlePool,
                    seat: int | None) -> None:
        paint_counted_stack(canvas, g.CASTLE_POOL, "table.castle_pool", "castle", part.count)

    def board_spots(self, table: Table, part: CastlePool) -> list:
        return [Spot("castle_pool", None, g.CASTLE_POOL, g.DEPOT_HEX + 30,
                     lambda: stack_tip(table, table.view.parts[self.id].count,
                                              "tip.castle_pool", "retrieve"))]

    def paint_rings(self, canvas: Canvas, table: Table, part: CastlePool, n: Any,
                    ring: Any) -> None:
        if n.has("retrieve"):
            hex_outline(canvas, g.CASTLE_POOL, g.DEPOT_HEX + 3, ring, 5)

    def click(self, table: Table, part: CastlePool, kind: str, key: Any) -> bool:
        if kind != "castle_pool":
            return False
        retrieve(table)
        return True

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        return i18n.tr("act.retrieve", lang) if action[0] == "retrieve" else None
