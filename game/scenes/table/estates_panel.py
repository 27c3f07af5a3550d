"""The estates panel: a card per seat above the large estate, with the seat's name, score,
supplies and its whole estate in miniature, so every estate stays in view while others
move.

The panel owns the cards' layout, their drawing (one cached layer per card, repainted when
that seat's view changes), their hit areas, where pieces flying to a seat land on its card,
and the enlarged estate shown while the pointer rests on a card. Clicking a card shows that
estate large; clicking the card of the estate shown large brings back the seat to move.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from .. import i18n
from ..art import palette
from ..art.hexgrid import layout_scale
from ..art.icons import icon
from ..layout import Canvas
from ..ui import theme
from . import geometry as g
from .board_view import player_colour
from .estate_view import board_rivers, paint_estate, paint_rivers, tile_image
from .paint import (BOARD_EDGE, BOARD_FILL, FELT, GOLD, Layer, blit_at, fit_text, hex_outline,
                    text, tile_back)
from .seam import parts_of, seat_badge, seat_notes
from .tips import Spot
from .view import PlayerView, face_of

if TYPE_CHECKING:
    from .seam import Table

# The enlarged estate under the pointer: large enough to tell the tiles apart.
POPUP_HEX = 26
POPUP_SIZE = (380, 416)
POPUP_LINE = 24
SUPPLIES = ("silver", "workers", "goods")
CM_SUPPLIES = ("silver", "goods", "reserve")


def card_rect(seat: int, players: int) -> pygame.Rect:
    return g.seat_rect(seat, players)


def mini_centre(seat: int, players: int) -> tuple[float, float]:
    r = card_rect(seat, players)
    return r.x + 12 + g.estate_extent()[0] * g.MINI_HEX, r.y + 114


def supply_centre(seat: int, players: int, row: int) -> tuple[float, float]:
    """The icon of one supply (silver, workers or goods; Châteauma: silver, goods,
    reserve) in the column right of the miniature."""
    r = card_rect(seat, players)
    return r.x + 12 + 2 * g.estate_extent()[0] * g.MINI_HEX + 18, r.y + 72 + row * 34


def popup_rect(seat: int, players: int) -> pygame.Rect:
    """Under the card, kept within the seats' row."""
    r = card_rect(seat, players)
    w, h = POPUP_SIZE
    x = min(max(r.centerx - w / 2, g.SEATS.x), g.SEATS.right - w)
    return pygame.Rect(round(x), g.SEATS.bottom + 4, w, h)


def paint_miniature(canvas: Canvas, pv: PlayerView, centre, size: float,
                    view: Any = None) -> None:
    """A seat's estate at any size: a player's tiles on their board, or Châteauma's top
    tiles (face-down ones as backs); with the table's view, the modules' pieces on its
    tiles."""
    if pv.cm is not None:
        px = max(3, canvas.length(size * 0.95))
        for i in range(37):
            blit_at(canvas, tile_image(pv.estate[i], pv.colours[i], px, pv.rules),
                    g.estate_space_centre(i, centre, size))
    elif pv.colours:
        paint_rivers(canvas, board_rivers(pv.board), centre, size)
        paint_estate(canvas, centre, size, pv.colours, pv.dice_numbers,
                     [face_of(t, pv.rules) for t in pv.estate])
        for m, part in parts_of(view) if view is not None else ():
            m.paint_over_tiles(canvas, part, pv.seat, centre, size)
    else:  # no board chosen yet: the estate's outline, empty
        for i in range(g.estate_spaces()):
            hex_outline(canvas, g.estate_space_centre(i, centre, size), size * 0.9,
                        palette.darker(palette.PARCHMENT, 0.3), 1)


class EstatesPanel:
    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.players = len(scene.names)
        self.hovered: int | None = None
        self.cards = [Layer(card_rect(s, self.players), partial(self._paint_card, seat=s))
                      for s in range(self.players)]
        self.popups = [Layer(popup_rect(s, self.players), partial(self._paint_popup, seat=s))
                       for s in range(self.players)]

    # --- where things are -------------------------------------------------------------------

    def rect(self, seat: int) -> pygame.Rect:
        return card_rect(seat, self.players)

    def centre(self, seat: int) -> tuple[float, float]:
        return self.rect(seat).center

    def estate_centre(self, seat: int) -> tuple[float, float]:
        return mini_centre(seat, self.players)

    def space_pos(self, seat: int, space: int) -> tuple[float, float]:
        return g.estate_space_centre(space, self.estate_centre(seat), g.MINI_HEX)

    def supply_pos(self, seat: int, supply: str) -> tuple[float, float]:
        """Where silver, workers, goods or reserve tiles flying to a seat land on its card
        (a supply the card does not show lands on the miniature)."""
        rows = CM_SUPPLIES if self.scene.view.players[seat].cm is not None else SUPPLIES
        if supply in rows:
            return supply_centre(seat, self.players, rows.index(supply))
        return self.estate_centre(seat)

    # --- the pointer -----------------------------------------------------------------------

    def seat_at(self, pos: tuple[float, float]) -> int | None:
        for seat in range(self.players):
            if self.rect(seat).collidepoint(pos):
                return seat
        return None

    def point_at(self, pos: tuple[float, float]) -> None:
        """Only pointer motion changes what is enlarged, so the table stays still while
        the pointer rests."""
        seat = self.seat_at(pos)
        self.hovered = seat if seat is not None and seat != self.scene.shown_seat else None

    def spots(self) -> list[Spot]:
        return [Spot("seat", seat, self.centre(seat), 0, lambda s=seat: self.tip(s),
                     rect=self.rect(seat)) for seat in range(self.players)]

    def tip(self, seat: int) -> str | None:
        """None while the seat's estate is enlarged: the enlargement says the same, and a
        tooltip would cover it."""
        if seat == self.hovered:
            return None
        return (i18n.tr("table.tip.tab", name=self.scene.names[seat], kind=self.kind(seat))
                + "\n" + self.supplies(seat))

    def kind(self, seat: int) -> str:
        spec = self.scene.session.seats[seat]
        words = i18n.tr(f"table.seat.{spec.kind}", tier=i18n.tr(
            f"table.tier.{spec.tier}") if spec.tier else "")
        for note in seat_notes(self.scene.view, seat, self.scene.names):
            words += " \u00b7 " + note
        return words

    def supplies(self, seat: int) -> str:
        """A seat's supplies in words (the card shows them as icons with counts)."""
        pv = self.scene.view.players[seat]
        if pv.cm is None:
            return i18n.tr("table.tab_line", silver=pv.silver, workers=pv.workers,
                           goods=sum(pv.goods))
        return i18n.tr("table.tab_line_cm", silver=pv.silver, goods=sum(pv.goods),
                       reserve=sum(len(stack) for stack in pv.cm.reserve))

    # --- drawing ---------------------------------------------------------------------------

    def layers(self) -> list[tuple[Layer, tuple]]:
        """The seats' cards, each with what it shows (it is repainted when that changes)."""
        scene = self.scene
        lang = i18n.language()
        # The layout is part of the key: a board of islands (the solo boards) lays its
        # miniature out as soon as the table lays the board out.
        return [(layer, (scene.serial, scene.view.players[seat].version,
                         seat == scene.shown_seat, seat == scene.view.current, lang,
                         layout_scale()))
                for seat, layer in enumerate(self.cards)]

    def draw(self, canvas: Canvas) -> None:
        """The scores over the cards (the cards are the table's backdrop): they count up
        while a scoring plays."""
        scene = self.scene
        for seat in range(len(self.cards)):
            pv = scene.view.players[seat]
            r = self.rect(seat)
            text(canvas, str(scene.counting.get(seat, pv.score)), (r.right - 14, r.y + 25), 30,
                 palette.INK, "midright")

    def draw_popup(self, canvas: Canvas) -> None:
        seat = self.hovered
        if seat is None or seat == self.scene.shown_seat:
            return
        pv = self.scene.view.players[seat]
        self.popups[seat].draw(canvas.surface, (self.scene.serial, pv.version,
                                                i18n.language()))

    def _header(self, canvas: Canvas, r: pygame.Rect, seat: int, score_room: float) -> None:
        colour = player_colour(self.scene.colours[seat])
        name = self.scene.names[seat]
        canvas.fill_rect((r.x + 12, r.y + 10, 30, 30), colour, radius=15)
        canvas.fill_rect((r.x + 12, r.y + 10, 30, 30), palette.INK, radius=15, width=2)
        text(canvas, name[:1].upper(), (r.x + 27, r.y + 25), 22, palette.ink_on(colour),
             "center")
        fit_text(canvas, name, (r.x + 50, r.y + 25), 26, palette.INK, r.w - 64 - score_room,
                 "midleft")

    def _paint_card(self, canvas: Canvas, seat: int) -> None:
        scene = self.scene
        r = self.rect(seat)
        pv = scene.view.players[seat]
        shown = seat == scene.shown_seat
        canvas.fill_rect(r, FELT)
        canvas.fill_rect(r, palette.PARCHMENT if shown else palette.darker(
            palette.PARCHMENT, 0.18), radius=12)
        if shown:
            canvas.fill_rect(r, GOLD, radius=12, width=4)
        self._header(canvas, r, seat, 50)
        paint_miniature(canvas, pv, self.estate_centre(seat), g.MINI_HEX, scene.view)
        rows = CM_SUPPLIES if pv.cm is not None else SUPPLIES
        counts = {"silver": pv.silver, "workers": pv.workers, "goods": sum(pv.goods),
                  "reserve": sum(len(s) for s in pv.cm.reserve) if pv.cm is not None else 0}
        for row, supply in enumerate(rows):
            x, y = supply_centre(seat, self.players, row)
            if supply == "reserve":
                image = tile_back(canvas.length(11))
            else:
                image = icon({"workers": "worker"}.get(supply, supply), canvas.length(22),
                             palette.INK)
            blit_at(canvas, image, (x, y))
            text(canvas, str(counts[supply]), (x + 16, y), theme.FONT_MIN, theme.TEXT_MUTED,
                 "midleft")
        # Standing on the card's bottom edge, inside its border, however large the smallest
        # type is drawn in a small window.
        if seat == scene.view.current:
            text(canvas, i18n.tr("table.to_move"), (r.x + 14, r.bottom - 5), theme.FONT_MIN,
                 theme.BUTTON, "bottomleft")
        badge = seat_badge(scene.view, seat)
        if badge:
            text(canvas, badge, (r.right - 12, r.bottom - 5), theme.FONT_MIN, theme.TEXT_MUTED,
                 "bottomright")

    def _paint_popup(self, canvas: Canvas, seat: int) -> None:
        r = popup_rect(seat, self.players)
        # Square corners: the layer is opaque, and it lies over whatever is below it.
        canvas.fill_rect(r, BOARD_FILL)
        canvas.fill_rect(r, BOARD_EDGE, width=3)
        self._header(canvas, r, seat, 50)
        text(canvas, str(self.scene.view.players[seat].score), (r.right - 14, r.y + 25), 30,
             palette.INK, "midright")
        paint_miniature(canvas, self.scene.view.players[seat], popup_estate_centre(r),
                        popup_hex(), self.scene.view)
        lines = (self.kind(seat), self.supplies(seat), i18n.tr("table.popup.click"))
        for i, line in enumerate(lines):
            fit_text(canvas, line, (r.x + 16, r.bottom - 24 - (2 - i) * POPUP_LINE),
                     theme.FONT_MIN, palette.INK if i == 1 else theme.TEXT_MUTED, r.w - 32,
                     "midleft")


def popup_estate_centre(popup: pygame.Rect) -> tuple[float, float]:
    """The centre of the estate in the enlargement ``popup``."""
    return popup.centerx, popup.y + 48 + 5.5 * POPUP_HEX


def popup_space_centre(seat: int, players: int, space: int) -> tuple[float, float]:
    """Where a space of a seat's estate lies in its enlargement."""
    centre = popup_estate_centre(popup_rect(seat, players))
    return g.estate_space_centre(space, centre, popup_hex())


def popup_hex() -> float:
    """The pop-up's hex size: smaller, as the card's, for a board larger than a printed
    duchy (the team game's double duchy), so that it fits the pop-up."""
    return POPUP_HEX * g.MINI_HEX / g.PRINTED_MINI_HEX


def miniature_sizes(canvas: Canvas) -> set[int]:
    """The tile sizes the panel draws, for warming the tile cache."""
    return {max(4, canvas.length(g.MINI_HEX * 0.95)), max(4, canvas.length(popup_hex() * 0.95))}

