"""The table's pictures that are not a panel's: the cached background and large estate
layers, the score, the rings round what a click may take, a completed area's flash, the
prompt line and the pieces in flight.

The scene decides what is drawn in which order (TableScene.draw); `TablePainter` draws each
of these from what the table shows now.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...rules import get_board
from ..art import palette, pieces
from ..art.faces import all_faces, module_faces
from ..art.hexgrid import layout_scale
from ..layout import DESIGN_RECT, Canvas
from ..ui import theme
from . import geometry as g
from .board_view import BONUS_POINTS
from .estate_view import paint_estate_region
from .estates_panel import miniature_sizes
from .hint_marks import draw_hint_marks
from .interaction import Narrowing
from .paint import FELT, FELT_DARK, GOLD, blit_at, fit_text, hex_outline, text, tile_back
from .seam import flyer_image, parts_of
from .view import COLOURS, face_of

if TYPE_CHECKING:
    from .seam import Table


class TablePainter:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.warmed: tuple[int, int] | None = None   # the window size the tiles are rendered at

    def paint_background(self, canvas: Canvas) -> None:
        t = self.table
        canvas.fill_rect(DESIGN_RECT, FELT)
        for i in range(0, 1920, 48):  # the felt's weave, faint
            canvas.fill_rect((i, 0, 2, 1080), FELT_DARK)
        t.log_panel.paint_frame(canvas)
        for m, part in parts_of(t.view):
            m.paint_background(canvas, t.view, part)
        canvas.fill_rect(g.PROMPT, palette.darker(FELT, 0.3), radius=10)
        t.dice.paint_frame(canvas)

    def paint_estate(self, canvas: Canvas) -> None:
        t = self.table
        seat = t.shown_seat
        preview = None
        if t.preview_board is not None:
            b = get_board(t.preview_board)
            preview = (tuple(COLOURS[c] for c in b.colour), tuple(b.die), tuple(b.rivers))
        large, small = BONUS_POINTS.get(len(t.names), (5, 2))
        paint_estate_region(canvas, t.view.players[seat], t.names[seat],
                            t.colours[seat], t.view.lifted, (large, small), preview,
                            t.view.white, parts_of(t.view))
        for m, part in parts_of(t.view):
            m.paint_estate(canvas, t.view, part, seat, t.preview_board)

    def warm(self, canvas: Canvas) -> None:
        """Render every tile front at the table's sizes once per window size, so a new
        phase's tiles do not stall a frame later."""
        if self.warmed == canvas.surface.get_size():
            return
        t = self.table
        sizes = {canvas.length(s) for s in (g.DEPOT_HEX, g.BLACK_HEX, g.STORAGE_HEX,
                                             g.ESTATE_HEX * 0.95, *g.KNOWLEDGE_HEXES)} | \
            miniature_sizes(canvas)
        extra = module_faces(t.rules) if t.session.config.modules else []
        for face in all_faces(t.rules) + extra:
            for size in sizes:
                pieces.hex_tile(face, size)
        self.warmed = canvas.surface.get_size()

    def draw_score(self, canvas: Canvas, pv: Any) -> None:
        t = self.table
        score = t.counting.get(pv.seat, pv.score)
        for m, part in parts_of(t.view):
            score = m.draw_score(canvas, part, score)
        text(canvas, str(score), g.score_centre(), 40, palette.INK, "center")

    def draw_highlights(self, canvas: Canvas, n: Narrowing | None) -> None:
        t = self.table
        if n is None:
            return
        h = n.highlights()
        # A steady ring: a pulsing one would redraw the table every frame while a person
        # thinks.
        ring = palette.mix(GOLD, (255, 255, 255), 0.2)
        t.board.draw_highlights(canvas, n, h, ring)
        for m, part in parts_of(t.view):
            m.paint_rings(canvas, t, part, n, ring)
        if t.own_estate():
            for s in h.spaces:
                hex_outline(canvas, g.estate_space_centre(s),
                            g.ESTATE_HEX * 0.95 * layout_scale() + 2, ring, 5)
            for j in h.storage:
                hex_outline(canvas, g.storage_centre(j), g.STORAGE_HEX + 3, ring, 4)
            if n.storage is not None:
                hex_outline(canvas, g.storage_centre(n.storage), g.STORAGE_HEX + 5,
                            theme.BUTTON, 7)
            for goods in h.goods:
                x, y = g.goods_centre(goods)
                canvas.fill_rect((x - 25, y - 25, 50, 50), ring, radius=8, width=4)
            if n.decision == "start_castle":
                for a in n.legal:
                    hex_outline(canvas, g.estate_space_centre(a[1]),
                                g.ESTATE_HEX * 0.95 * layout_scale() + 2,
                                ring, 5)
        if t.own_estate():
            t.dice.draw_highlights(canvas, h, ring)
        # The hinted move's own pieces, while the hint is on show (a click that starts
        # another choice drops hint_action, not the hint).
        hinted = t.hint_action or (t.hint_shown.explanation.action
                                   if t.hint_shown is not None else None)
        if hinted is not None and hinted in n.legal:
            draw_hint_marks(canvas, t, hinted)

    def draw_flash(self, canvas: Canvas) -> None:
        t = self.table
        if t.flash is None:
            return
        seat, spaces, value = t.flash
        if value <= 0.02:
            return
        colour = palette.mix(GOLD, (255, 255, 255), value * 0.6)
        # A seat shown small flashes on its card.
        large = seat == t.shown_seat
        for s in spaces:
            if large:
                hex_outline(canvas, g.estate_space_centre(s),
                            g.ESTATE_HEX * 0.95 * layout_scale(), colour, 2 + 6 * value)
            else:
                hex_outline(canvas, t.estates.space_pos(seat, s), g.MINI_HEX * 0.95,
                            colour, 1 + 2 * value)

    def draw_prompt(self, canvas: Canvas) -> None:
        t = self.table
        fit_text(canvas, t.prompt(), (g.PROMPT.x + 18, g.PROMPT.centery), 26,
                 palette.INK_LIGHT, g.PROMPT.w - 36, "midleft")

    def draw_flyers(self, canvas: Canvas) -> None:
        t = self.table
        for f in t.flyers:
            # A few lift steps only: every distinct size is a cached, pre-rendered piece.
            lift = 1 + round(3 * math.sin(math.pi * f.t)) * 0.06
            px = canvas.length(f.size * lift)
            if f.kind == "tile":
                face = face_of(f.what, t.rules)
                image = pieces.hex_tile(face, px) if face is not None else tile_back(px)
            elif f.kind == "goods":
                image = pieces.goods_tile(f.what, px)
            elif f.kind == "silver":
                image = pieces.silver_coin(px)
            elif f.kind == "worker":
                image = pieces.worker_chip(px)
            elif f.kind != "bonus":   # a module's piece
                image = flyer_image(f.kind, f.what, px)
            else:
                colour, rank = f.what
                large, small = BONUS_POINTS.get(len(t.names), (5, 2))
                image = pieces.bonus_tile(colour, large if rank == 1 else small, px)
            if f.fade:  # leaving the game: gone by the time it arrives
                image = image.copy()
                image.set_alpha(round(255 * (1 - f.t) ** 0.7))
            blit_at(canvas, image, f.pos)
