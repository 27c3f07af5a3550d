"""The inns (module inns) at the table: the inn stack beside the black depot with the inns
put out and not yet bought, its count and tooltip; a click on it buys an inn; its log
lines.

The stack's count is the rules' (inn_stack: what every seat sees)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ....rules import inn_stack
from ... import i18n
from ...layout import Canvas
from .. import geometry as g
from ..board_panel import stack_tip
from ..board_view import paint_counted_stack
from ..paint import hex_outline
from ..space_words import space_words
from ..seam import Handler, Table, TableModule, Words, register
from ..tips import Spot


@dataclass
class InnStack:
    count: int


def _put_out(view: Any, stack: InnStack, e: Any) -> None:
    stack.count = e.stack


def _bought(view: Any, stack: InnStack, e: Any) -> None:
    stack.count = max(0, stack.count - 1)
    if 0 <= e.storage < len(view.players[e.player].storage):
        view.store(e.player, e.storage, "inn")


def _placed_directly(view: Any, stack: InnStack, e: Any) -> None:
    stack.count = max(0, stack.count - 1)


def buy_inn(table: Table) -> None:
    """The turn's purchase takes an inn from the stack."""
    if table.can_act():
        table.follow(table.narrowing.buy_inn())


@register
class Inns(TableModule):
    id = "inns"
    events: ClassVar[dict[str, Handler]] = {"InnPutOut": _put_out, "InnBought": _bought,
                                            "InnPlacedDirectly": _placed_directly}
    words: ClassVar[dict[str, Words]] = {
        "InnPutOut": lambda e, who, lang: i18n.trn("log.inn_put_out", e.stack, lang,
                                                   count=e.stack),
        "InnBought": lambda e, who, lang: i18n.tr("log.inn_bought", lang, who=who),
        "InnPlacedDirectly": lambda e, who, lang: i18n.tr("log.inn_placed_directly", lang,
                                                          who=who)}

    def part(self, state: Any) -> InnStack:
        return InnStack(inn_stack(state))

    def paint_board(self, canvas: Canvas, view: Any, part: InnStack,
                    seat: int | None) -> None:
        paint_counted_stack(canvas, g.INN_STACK, "table.inn_stack", "inn", part.count)

    def board_spots(self, table: Table, part: InnStack) -> list:
        return [Spot("inn_stack", None, g.INN_STACK, g.DEPOT_HEX + 30,
                     lambda: stack_tip(table, table.view.parts[self.id].count,
                                              "tip.inn_stack", "buy_inn"))]

    def paint_rings(self, canvas: Canvas, table: Table, part: InnStack, n: Any,
                    ring: Any) -> None:
        if part.count and n.highlights().inn_stack:
            hex_outline(canvas, g.INN_STACK, g.DEPOT_HEX + 3, ring, 5)

    def click(self, table: Table, part: InnStack, kind: str, key: Any) -> bool:
        if kind != "inn_stack":
            return False
        buy_inn(table)
        return True

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        if action[0] == "buy_inn":
            return i18n.tr("act.buy_inn", lang, paid=i18n.tr(f"term.{action[1]}", lang))
        if action[0] == "shield_inn":
            p = state.players[state.current_player]
            return i18n.tr("act.shield_inn", lang, space=space_words(p, action[1], lang))
        return None
