"""The trade routes (module trade_routes) at the table: the shown seat's row of route cards
in a strip above the game log, each space with its goods type and its bonus, the goods
laid on it, and the tooltips. With `trade_routes:arranged` the cards a player has not laid
yet at the setup are marked, and the choice of the next card names each card's spaces.

What a bonus does and when it is given are the rules' (game/rules/modules/trade_routes.py);
the table reads the cards and bonuses from the rules' data.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from ....rules import (
    ROUTE_ARRANGE,
    ROUTE_BONUSES,
    ROUTE_CARDS,
    TRADE_ROUTES_PROVISIONAL,
    route_cards,
    route_laid,
)
from ... import i18n
from ...art import palette, pieces
from ...art.icons import icon
from ...layout import Canvas
from ...ui import theme
from .. import geometry as g
from ..log import goods_label
from ..paint import BOARD_EDGE, BOARD_FILL, GOLD, WOOD, blit_at, circle, fit_text, text
from ..seam import Handler, Table, TableModule, Words, register
from ..tips import Spot


@dataclass
class TradeRoutesView:
    """Each seat's cards left to right (none for Châteauma) and the goods types laid on
    its spaces from the left."""
    routes: list[list[int]]
    laid: list[list[int]]

    def spaces(self, seat: int) -> list[tuple[int, str]]:
        """Seat's route spaces left to right: (goods type, bonus name)."""
        if seat >= len(self.routes):
            return []
        return [space for card in self.routes[seat] for space in ROUTE_CARDS[card]]

    def laid_on(self, seat: int) -> list[int]:
        return self.laid[seat] if seat < len(self.laid) else []


def _dealt(view: Any, tv: TradeRoutesView, e: Any) -> None:
    while len(tv.routes) <= e.player:
        tv.routes.append([])
        tv.laid.append([])
    tv.routes[e.player] = list(e.cards)


def _card_laid(view: Any, tv: TradeRoutesView, e: Any) -> None:
    """trade_routes:arranged: the card moves to its place, the others after it keep
    their order."""
    if e.card in tv.routes[e.player]:
        route = tv.routes[e.player]
        route.remove(e.card)
        route.insert(e.position, e.card)


def _arranged(view: Any, tv: TradeRoutesView, e: Any) -> None:
    tv.routes[e.player] = list(e.cards)


def _goods_on_route(view: Any, tv: TradeRoutesView, e: Any) -> None:
    tv.laid[e.player] += [e.goods] * e.count


def _bonus(view: Any, tv: TradeRoutesView, e: Any) -> None:
    effect = ROUTE_BONUSES[e.bonus]["effect"]
    p = view.players[e.player]
    if effect == "silver":
        p.silver += e.amount
    elif effect == "workers":
        p.workers += e.amount


def _words(key: str, **fields: Callable[[Any, str], Any]) -> Words:
    """A log line from its key, `who` and the event's fields as the line names them."""
    return lambda e, who, lang: i18n.tr(key, lang, who=who,
                                        **{k: f(e, lang) for k, f in fields.items()})


@register
class TradeRoutes(TableModule):
    id = "trade_routes"
    events: ClassVar[dict[str, Handler]] = {
        "RoutesDealt": _dealt, "RouteCardLaid": _card_laid, "RouteArranged": _arranged,
        "GoodsOnRoute": _goods_on_route, "RouteBonus": _bonus}
    goods_icons: ClassVar[tuple[str, ...]] = ("GoodsOnRoute",)
    quiet: ClassVar[tuple[str, ...]] = ("RouteBonusLapsed",)
    words: ClassVar[dict[str, Words]] = {
        "RoutesDealt": _words("log.routes_dealt",
                              cards=lambda e, lang: ", ".join(map(str, e.cards))),
        "RouteCardLaid": _words("log.route_card_laid", card=lambda e, lang: e.card,
                                position=lambda e, lang: e.position + 1),
        "RouteArranged": _words("log.route_arranged",
                                cards=lambda e, lang: ", ".join(map(str, e.cards))),
        "GoodsOnRoute": lambda e, who, lang: i18n.trn(
            "log.goods_on_route", e.count, lang, who=who, count=e.count,
            goods=goods_label(e.goods, lang),
            space=e.first + 1),
        "RouteBonus": _words("log.route_bonus", space=lambda e, lang: e.space + 1,
                             bonus=lambda e, lang: bonus_words(e.bonus, lang)),
        "RouteBonusLapsed": _words("log.route_bonus_lapsed",
                                   space=lambda e, lang: e.space + 1,
                                   bonus=lambda e, lang: bonus_words(e.bonus, lang))}
    log_rect = g.LOG_BELOW_ROUTE   # the route strip sits above the log

    def part(self, state: Any) -> TradeRoutesView:
        seats = range(state.n)
        return TradeRoutesView([list(route_cards(state, s)) for s in seats],
                               [list(route_laid(state, s)) for s in seats])

    def paint_background(self, canvas: Canvas, view: Any, part: TradeRoutesView) -> None:
        paint_frame(canvas)

    def draw(self, canvas: Canvas, table: Table, part: TradeRoutesView) -> None:
        seat = table.shown_seat
        paint(canvas, part, seat, table.view.players[seat].cm is not None,
              arranging(table.state, seat))

    def spots(self, table: Table, part: TradeRoutesView) -> list[Spot]:
        seat = table.shown_seat
        return spots(part, seat, table.view.players[seat].cm is not None,
                     arranging(table.state, seat))

    def click(self, table: Table, part: TradeRoutesView, kind: str, key: Any) -> bool:
        """While a person arranges their trade route (trade_routes:arranged), a click on a
        card not yet laid lays it next, as its choice button does."""
        if kind != "trade_route":
            return False
        laid = arranging(table.state, table.shown_seat)
        if key is None or laid is None or key // 3 < laid or not table.can_act():
            return True
        action = ("route_card", part.routes[table.shown_seat][key // 3])
        if action in table.narrowing.legal:
            table.choose(action)
        return True

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        if action[0] == "route_card":
            return card_label(action[1], lang)
        if action[0] == "route_keep":
            return i18n.tr("act.route_keep", lang)
        return None

    def choice_tip(self, action: tuple) -> Callable[[], str] | None:
        if action[0] == "route_card":
            return lambda: card_tip(action[1])
        return None

# What a bonus that takes a tile shows: the colours it takes from.
_TAKE = "take"


def arranging(state, seat: int) -> int | None:
    """How many cards seat has laid while it arranges its route at the setup
    (trade_routes:arranged), or None when it is not arranging now."""
    frame = state.frames[-1] if state is not None and state.frames else None
    if frame is None or frame.kind != ROUTE_ARRANGE or frame.player != seat:
        return None
    return frame.arg


def paint_frame(canvas: Canvas) -> None:
    """The strip's box, part of the table's background layer."""
    canvas.fill_rect(g.ROUTE, WOOD, radius=14)
    canvas.fill_rect(g.ROUTE.inflate(-10, -10), palette.darker(WOOD, 0.35), radius=10)


def _bonus_image(canvas: Canvas, bonus: str, centre: tuple[float, float]) -> None:
    spec = ROUTE_BONUSES[bonus]
    effect = spec["effect"]
    size = g.ROUTE_ICON
    x, y = centre
    if effect == _TAKE:
        colours = spec["colours"]
        if len(colours) == 6:  # any tile: one hex of the building colour with a star
            colours = ["building"]
        w = size / len(colours)
        for i, colour in enumerate(colours):
            rect = pygame.Rect(round(x - size / 2 + i * w), round(y - size / 2),
                               round(w), size)
            canvas.fill_rect(rect, palette.TILE[colour], radius=4)
            if len(colours) <= 2:
                glyph = icon(colour, canvas.length(min(w, size) * 0.8),
                             palette.ink_on(palette.TILE[colour]))
                blit_at(canvas, glyph, rect.center)
        canvas.fill_rect(pygame.Rect(round(x - size / 2), round(y - size / 2), size, size),
                         palette.INK, radius=4, width=2)
    elif effect in ("workers", "silver"):
        image = (pieces.worker_chip(canvas.length(size * 0.75)) if effect == "workers"
                 else pieces.silver_coin(canvas.length(size * 0.75), spec["amount"]))
        blit_at(canvas, image, (x - 7, y))
        text(canvas, str(spec["amount"]), (x + 13, y), theme.FONT_MIN, palette.INK,
             "center")
    elif effect == "points":
        circle(canvas, (x, y), size / 2, GOLD)
        text(canvas, str(spec["amount"]), (x, y), theme.FONT_MIN, palette.INK, "center")
    else:  # a sale, as the warehouse
        blit_at(canvas, icon("warehouse", canvas.length(size), palette.PARCHMENT), (x, y))


def paint(canvas: Canvas, tv: TradeRoutesView, seat: int, automa: bool,
          arranging: int | None = None) -> None:
    """The shown seat's route: cards as parchment boxes, each space its goods type above
    its bonus; a laid goods tile covers the goods type, a dimmed bonus was not given.
    `arranging`: the seat lays its cards at the setup and has laid that many from the
    left; the others, still in the order dealt, are outlined and veiled."""
    box = g.ROUTE.inflate(-24, -16)
    fit_text(canvas, i18n.tr("table.trade_route"), (box.x, box.y + 2), theme.FONT_MIN, GOLD,
             g.ROUTE_LABEL_W - 10)
    if automa:
        fit_text(canvas, i18n.tr("table.trade_route.chateauma"),
                 (box.x + g.ROUTE_LABEL_W, box.centery - 12), theme.FONT_MIN,
                 palette.PARCHMENT, box.w - g.ROUTE_LABEL_W)
        return
    spaces = tv.spaces(seat)
    laid = tv.laid_on(seat)
    free = len(spaces) - len(laid)
    label = (i18n.tr("table.trade_route.arranging") if arranging is not None
             else i18n.tr("table.trade_route.free", count=free))
    fit_text(canvas, label, (box.x, box.y + 36), theme.FONT_MIN, palette.PARCHMENT,
             g.ROUTE_LABEL_W - 10)
    cards = len(spaces) // 3
    for c in range(cards):
        canvas.fill_rect(g.route_card_rect(c, cards), BOARD_FILL, radius=8)
        canvas.fill_rect(g.route_card_rect(c, cards), BOARD_EDGE, radius=8, width=2)
    for i, (goods, bonus) in enumerate(spaces):
        top, bottom = g.route_space_centres(i, len(spaces))
        if i < len(laid):  # a laid tile, full and outlined
            x, y = top
            half = g.ROUTE_ICON / 2 + 3
            canvas.fill_rect((x - half - 2, y - half - 2, 2 * half + 4, 2 * half + 4),
                             palette.INK, radius=6)
            blit_at(canvas, pieces.goods_tile(laid[i], canvas.length(g.ROUTE_ICON + 6)), top)
        else:  # the goods type the space shows, printed pale
            image = pieces.goods_tile(goods, canvas.length(g.ROUTE_ICON)).copy()
            image.set_alpha(130)
            blit_at(canvas, image, top)
        _bonus_image(canvas, bonus, bottom)
        if i < len(laid):
            given = laid[i] == goods
            if not given:  # a tile on another type: the bonus was not given
                side = canvas.length(g.ROUTE_ICON + 6)
                veil = pygame.Surface((side, side), pygame.SRCALPHA)
                veil.fill((*BOARD_FILL, 200))
                blit_at(canvas, veil, bottom)
            else:
                x, y = bottom
                canvas.fill_rect((x - g.ROUTE_ICON / 2 - 4, y - g.ROUTE_ICON / 2 - 4,
                                  g.ROUTE_ICON + 8, g.ROUTE_ICON + 8), GOLD, radius=6,
                                 width=3)
    if arranging is not None:
        for c in range(arranging, cards):  # not laid yet: its place is still to choose
            rect = g.route_card_rect(c, cards)
            veil = pygame.Surface((canvas.length(rect.w), canvas.length(rect.h)),
                                  pygame.SRCALPHA)
            veil.fill((*BOARD_FILL, 120))
            blit_at(canvas, veil, rect.center)
            canvas.fill_rect(rect, GOLD, radius=8, width=3)


def spots(tv: TradeRoutesView, seat: int, automa: bool,
          arranging: int | None = None) -> list[Spot]:
    if automa:
        return [Spot("trade_route", None, g.ROUTE.center, 0,
                     lambda: i18n.tr("tip.trade_route.chateauma"), rect=g.ROUTE)]
    spaces = tv.spaces(seat)
    laid = tv.laid_on(seat)
    out = [free_spot(len(spaces) - len(laid), len(spaces), arranging is not None)]
    for i, (goods, bonus) in enumerate(spaces):
        top, bottom = g.route_space_centres(i, len(spaces))
        centre = (top[0], (top[1] + bottom[1]) / 2)
        half = g.route_space_width(len(spaces)) / 2
        rect = pygame.Rect(round(centre[0] - half), round(top[1] - g.ROUTE_ICON / 2 - 4),
                           round(2 * half), round(bottom[1] - top[1] + g.ROUTE_ICON + 8))
        card = tv.routes[seat][i // 3]
        waiting = arranging is not None and i // 3 >= arranging
        out.append(Spot("trade_route", i, centre, half,
                        lambda i=i, goods=goods, bonus=bonus, card=card, waiting=waiting:
                        space_tip(i, goods, bonus, laid[i] if i < len(laid) else None,
                                  card if arranging is not None else None, waiting),
                        rect=rect))
    return out


def free_spot(free: int, total: int, arranging: bool) -> Spot:
    """The count of free spaces under the strip's title (SE l.793: sold goods are laid
    one by one on the route, filling it from the left): what it counts, in its tooltip."""
    box = g.ROUTE.inflate(-24, -16)
    rect = pygame.Rect(box.x, box.y + 24, g.ROUTE_LABEL_W - 10, box.h - 24)
    key = "tip.trade_route.arranging" if arranging else "tip.trade_route.free"
    return Spot("trade_route_free", None, rect.center, 0,
                lambda: i18n.trn(key, free, count=free, total=total), rect=rect)


def card_label(card: int, lang: str | None = None) -> str:
    """A route card as a choice names it: its number and its spaces' goods types."""
    goods = ", ".join(str(g_) for g_, _ in ROUTE_CARDS[card])
    return i18n.tr("act.route_card", lang, card=card, goods=goods)


def card_tip(card: int, lang: str | None = None) -> str:
    """A route card's three spaces, left to right, each its goods type and bonus."""
    lines = [i18n.tr("tip.route_card", lang, card=card)]
    for i, (goods, bonus) in enumerate(ROUTE_CARDS[card]):
        lines.append(i18n.tr("tip.route_card.space", lang, space=i + 1, goods=goods,
                             bonus=bonus_words(bonus, lang)))
    lines.append(i18n.tr("tip.route_card.next", lang))
    if TRADE_ROUTES_PROVISIONAL:
        lines.append(i18n.tr("tip.trade_route.provisional", lang))
    return "\n".join(lines)


def bonus_words(bonus: str, lang: str | None = None) -> str:
    spec = ROUTE_BONUSES[bonus]
    return i18n.tr(f"route.bonus.{bonus}", lang, amount=spec.get("amount", 0))


def space_tip(i: int, goods: int, bonus: str, laid: int | None, card: int | None = None,
              waiting: bool = False) -> str:
    """A route space's tooltip; while the routes are arranged it names the card (`card`)
    and whether its place is still to be chosen (`waiting`)."""
    lines = [i18n.tr("tip.trade_route.space", space=i + 1, card=i // 3 + 1,
                     goods=goods_label(goods),
                     bonus=bonus_words(bonus))]
    if card is not None:
        lines.append(i18n.tr("tip.trade_route.waiting" if waiting
                             else "tip.trade_route.placed", card=card))
    if laid is None:
        lines.append(i18n.tr("tip.trade_route.empty", goods=goods_label(goods)))
    elif laid == goods:
        lines.append(i18n.tr("tip.trade_route.given", goods=goods_label(laid)))
    else:
        lines.append(i18n.tr("tip.trade_route.covered", goods=goods_label(laid)))
    lines.append(i18n.tr("tip.trade_route.rule"))
    if TRADE_ROUTES_PROVISIONAL:
        lines.append(i18n.tr("tip.trade_route.provisional"))
    return "\n".join(lines)
