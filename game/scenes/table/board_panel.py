"""The central board panel: the six depots round the ring with their goods, the black
depot in the middle, the round and phase strip with the turn-order track, the bonus tiles
still to be won, and the modules' pieces among them (seam.TableModule).

The panel owns the board's cached layer (painted by board_view.paint_board, repainted when
the board's view changes), its hit areas and tooltips, the rings round the depot tiles a
click may take now, and where pieces leaving a depot start their flight. What a click on a
depot does is the scene's (`click_depot`); on a module's piece, the module's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..layout import Canvas
from . import geometry as g
from .board_view import BONUS_POINTS, paint_board
from .interaction import Highlights, Narrowing
from .log import goods_list
from .paint import Layer, hex_outline
from .seam import parts_of
from .tips import Spot, tile_tip
from .view import COLOURS

if TYPE_CHECKING:
    from .seam import Table


class BoardPanel:
    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.rect = g.BOARD
        self.layer = Layer(g.BOARD, lambda c: paint_board(c, scene.view, scene.colours,
                                                          scene.names, scene.shown_seat))

    # --- hit areas and tooltips ------------------------------------------------------------

    def spots(self) -> list[Spot]:
        view, rules = self.scene.view, self.scene.rules
        spots: list[Spot] = []
        for depot in range(7):
            row = view.black if depot == 0 else view.depots[depot - 1]
            radius = (g.BLACK_HEX if depot == 0 else g.DEPOT_HEX) * 0.9
            for slot, tile in enumerate(row):
                if tile is not None:
                    spots.append(Spot("depot", (depot, slot),
                                      g.depot_slot_centre(depot, slot, len(row)), radius,
                                      lambda t=tile: tile_tip(t, rules)))
            if depot:
                goods = view.depot_goods[depot - 1]
                if any(goods):
                    spots.append(Spot("depot_goods", depot, g.depot_goods_centre(depot, 0, 1),
                                      40, lambda gd=goods: self.goods_tip(gd)))
                spots.append(Spot("depot_number", depot, g.depot_number_centre(depot), 16,
                                  lambda d=depot: i18n.tr("table.tip.depot", number=d)))
        for m, part in parts_of(view):
            spots += m.board_spots(self.scene, part)
        track = pygame.Rect(g.STRIP.x, g.TRACK_TOP, g.STRIP.w, g.TRACK_BOTTOM - g.TRACK_TOP)
        spots.append(Spot("track", None, track.center, 0, self.track_tip, rect=track))
        for c, colour in enumerate(COLOURS):
            for rank in (1, 2):
                spots.append(Spot("bonus", (colour, rank), g.bonus_centre(c, rank), 20,
                                  lambda col=colour, r=rank: self.bonus_tip(col, r)))
        return spots

    def track_tip(self) -> str:
        names = self.scene.names
        order = ", ".join(names[seat] for seat in self.scene.view.track_order())
        return i18n.tr("tip.track", order=order)

    def goods_tip(self, goods: list[int]) -> str:
        return i18n.tr("tip.depot_goods",
                       goods=goods_list(t for t in range(1, 7) for _ in range(goods[t])))

    def bonus_tip(self, colour: str, rank: int) -> str:
        large, small = BONUS_POINTS.get(len(self.scene.names), (5, 2))
        points = large if rank == 1 else small
        return i18n.trn("tip.bonus", points, colour=i18n.tr(f"table.colour.{colour}"),
                        points=points)

    # --- drawing ---------------------------------------------------------------------------

    def key(self, lang: str) -> tuple:
        """What the board's layer shows: it is repainted when this changes."""
        scene = self.scene
        # A module's board of the seat shown large (the vineyard board): the layer follows
        # that seat.
        follows = any(m.board_follows_seat for m, _ in parts_of(scene.view))
        seat = scene.shown_seat if follows else None
        return (scene.serial, scene.view.board_version, lang, seat)

    def draw_highlights(self, canvas: Canvas, n: Narrowing, h: Highlights, ring) -> None:
        """Rings round the depot tiles a click may take now."""
        view = self.scene.view
        for depot, slot in h.depot_slots:
            row = view.black if depot == 0 else view.depots[depot - 1]
            size = g.BLACK_HEX if depot == 0 else g.DEPOT_HEX
            hex_outline(canvas, g.depot_slot_centre(depot, slot, len(row)), size + 3, ring, 5)

