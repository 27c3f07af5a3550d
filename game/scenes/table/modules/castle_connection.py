"""Castle connection (module castle_connection) at the table: the castle pool beside the
depots with the castles cleared from the board after earlier phases, its count and
tooltip; a click on it or its button (R) retrieves a castle; its log lines.

The pool's count is the rules' (castle_pool: what every seat sees)."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from ....rules import castle_pool
from ... import i18n
from .. import geometry as g
from ..counted_stack import CountedStack, Stack, flies_into_storage
from ..seam import Animator, Handler, ModuleButton, Table, Words, register


def _pooled(view: Any, pool: Stack, e: Any) -> None:
    pool.count += e.count


def _retrieved(view: Any, pool: Stack, e: Any) -> None:
    pool.count = max(0, pool.count - 1)
    if 0 <= e.storage < len(view.players[e.player].storage):
        view.store(e.player, e.storage, "castle")


def retrieve(table: Table) -> None:
    """Both dice and 5 points for a castle from the pool."""
    n = table.narrowing
    if table.can_act() and n is not None:
        table.follow(n.finish([a for a in n.legal if a == ("retrieve",)]))


@register
class CastleConnection(CountedStack):
    id = "castle_connection"
    spot, at, label, tile = "castle_pool", g.CASTLE_POOL, "table.castle_pool", "castle"
    tip, action = "tip.castle_pool", "retrieve"
    events: ClassVar[dict[str, Handler]] = {"CastlesPooled": _pooled,
                                            "CastleRetrieved": _retrieved}
    animations: ClassVar[dict[str, Animator]] = {
        "CastleRetrieved": flies_into_storage(g.CASTLE_POOL, "castle")}
    words: ClassVar[dict[str, Words]] = {
        "CastlesPooled": lambda e, who, lang: i18n.trn("log.castles_pooled", e.count, lang,
                                                       count=e.count),
        "CastleRetrieved": lambda e, who, lang: i18n.tr("log.castle_retrieved", lang,
                                                        who=who)}

    buttons: ClassVar[tuple[ModuleButton, ...]] = (
        ModuleButton("table.retrieve", "table.tip.retrieve", pygame.K_r, "R", (6,),
                     lambda n: n is not None and n.has("retrieve"), retrieve),)

    def count_of(self, state: Any) -> int:
        return castle_pool(state)

    def take(self, table: Table) -> None:
        retrieve(table)

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        return i18n.tr("act.retrieve", lang) if action[0] == "retrieve" else None
