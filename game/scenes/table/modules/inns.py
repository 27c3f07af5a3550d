"""The inns (module inns) at the table: the inn stack beside the black depot with the inns
put out and not yet bought, its count and tooltip; a click on it buys an inn; its log
lines.

The stack's count is the rules' (inn_stack: what every seat sees)."""

from __future__ import annotations

from typing import Any, ClassVar

from ....rules import inn_stack
from ... import i18n
from .. import geometry as g
from ..counted_stack import CountedStack, Stack, flies_into_storage
from ..interaction import Outcome
from ..space_words import space_words
from ..seam import Animator, Handler, Table, Words, register


def _put_out(view: Any, stack: Stack, e: Any) -> None:
    stack.count = e.stack


def _bought(view: Any, stack: Stack, e: Any) -> None:
    stack.count = max(0, stack.count - 1)
    if 0 <= e.storage < len(view.players[e.player].storage):
        view.store(e.player, e.storage, "inn")


def _placed_directly(view: Any, stack: Stack, e: Any) -> None:
    stack.count = max(0, stack.count - 1)


def buy_inn(table: Table) -> None:
    """The turn's purchase takes an inn from the stack (the payment asked when there are
    two ways to pay)."""
    n = table.narrowing
    if not table.can_act() or n is None:
        return
    n.buying = False
    buys = [a for a in n.legal if a[0] == "buy_inn"]
    table.follow(n.finish(buys) if buys else Outcome(message="table.msg.cannot_buy"))


@register
class Inns(CountedStack):
    id = "inns"
    spot, at, label, tile = "inn_stack", g.INN_STACK, "table.inn_stack", "inn"
    tip, action = "tip.inn_stack", "buy_inn"
    purchases: ClassVar[tuple[str, ...]] = ("buy_inn",)
    events: ClassVar[dict[str, Handler]] = {"InnPutOut": _put_out, "InnBought": _bought,
                                            "InnPlacedDirectly": _placed_directly}
    animations: ClassVar[dict[str, Animator]] = {
        "InnBought": flies_into_storage(g.INN_STACK, "inn"),
        # Shield 15: the inn placed next comes straight from the stack.
        "InnPlacedDirectly": lambda motion, e: motion.place_next_from(g.INN_STACK)}
    words: ClassVar[dict[str, Words]] = {
        "InnPutOut": lambda e, who, lang: i18n.trn("log.inn_put_out", e.stack, lang,
                                                   count=e.stack),
        "InnBought": lambda e, who, lang: i18n.tr("log.inn_bought", lang, who=who),
        "InnPlacedDirectly": lambda e, who, lang: i18n.tr("log.inn_placed_directly", lang,
                                                          who=who)}

    def count_of(self, state: Any) -> int:
        return inn_stack(state)

    def take(self, table: Table) -> None:
        buy_inn(table)

    def ringed(self, part: Stack, n: Any) -> bool:
        # while buying, or before a die is chosen (a click on the stack starts the purchase)
        return bool(part.count and n.has("buy_inn") and (n.buying or n.die is None))

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        if action[0] == "buy_inn":
            return i18n.tr("act.buy_inn", lang, paid=i18n.tr(f"term.{action[1]}", lang))
        if action[0] == "shield_inn":
            p = state.players[state.current_player]
            return i18n.tr("act.shield_inn", lang, space=space_words(p, action[1], lang))
        return None
