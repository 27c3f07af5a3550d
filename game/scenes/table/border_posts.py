"""The border posts (module border_posts) at the table: the three posts at the edge of the
shown estate, each marked as not reached, reached or connected; the border-post bonus
tiles on the central board while they remain and beside their holder's colour bonus
tiles; and their tooltips.

Whether a post is reached or connected is read off the estate's tiles with the rules'
own grouping (border_post_groups); the points are the rules'."""

from __future__ import annotations

import pygame

from ...rules import (BORDER_POST_SPACES, BORDER_POSTS_PROVISIONAL, border_post_groups,
                      colour_bonus_points)
from .. import i18n
from ..art import palette, pieces
from ..layout import Canvas
from ..ui import theme
from . import geometry as g
from .paint import BOARD_EDGE, BOARD_FILL, GOLD, blit_at, circle, text
from .tips import Spot
from .view import BorderPostsView, PlayerView

OPEN, REACHED, CONNECTED = "open", "reached", "connected"
# A connected post in the green of a pasture: the same in both colour schemes' spirit
# (dark ink on it, a ring round it).
_FILL = {OPEN: palette.darker(BOARD_FILL, 0.3), REACHED: GOLD, CONNECTED: (88, 166, 92)}


def post_states(pv: PlayerView) -> list[str]:
    """Per post: no tile touches it, a tile does, or its tiles reach another post."""
    occupied = sum(1 << i for i, tile in enumerate(pv.estate) if tile is not None)
    groups = border_post_groups(occupied)
    return [OPEN if grp < 0 else CONNECTED if groups.count(grp) > 1 else REACHED
            for grp in groups]


def post_centre(post: int) -> tuple[float, float]:
    return g.border_post_centre(BORDER_POST_SPACES[post])


def paint_estate_posts(canvas: Canvas, pv: PlayerView) -> None:
    """The three posts at the edge of the large estate (a player's, not Châteauma's)."""
    for post, state in enumerate(post_states(pv)):
        centre = post_centre(post)
        fill = _FILL[state]
        circle(canvas, centre, g.POST_RADIUS, fill)
        circle(canvas, centre, g.POST_RADIUS, palette.INK if state != OPEN else BOARD_EDGE,
               3 if state == CONNECTED else 2)
        x, y = canvas.px(*centre)
        pieces.post_glyph(canvas.surface, (x, y), canvas.length(g.POST_RADIUS * 1.25),
                          palette.ink_on(fill))


def estate_spots(pv: PlayerView, bp: BorderPostsView, seat: int) -> list[Spot]:
    states = post_states(pv)
    return [Spot("border_post", post, post_centre(post), g.POST_RADIUS + 4,
                 lambda p=post: post_tip(p, states[p], bp.stages[seat] if seat < len(bp.stages)
                                         else 0))
            for post in range(len(BORDER_POST_SPACES))]


def post_tip(post: int, state: str, stage: int) -> str:
    lines = [i18n.tr("tip.border_post", post=post + 1,
                     spaces=", ".join(str(s + 1) for s in BORDER_POST_SPACES[post]),
                     state=i18n.tr(f"table.border_post.{state}")),
             i18n.tr(f"tip.border_posts.stage.{stage}"),
             i18n.tr("tip.border_posts.rule")]
    if BORDER_POSTS_PROVISIONAL:
        lines.append(i18n.tr("tip.border_posts.provisional"))
    return "\n".join(lines)


def paint_board_tiles(canvas: Canvas, bp: BorderPostsView, players: int,
                      vineyards: bool = False) -> None:
    """The tiles still on the board's border-post space, the large one first (elsewhere
    when the vineyard board takes their corner)."""
    if not bp.tiles:
        return
    x, y = g.border_post_tiles(vineyards)
    text(canvas, i18n.tr("table.border_posts"), (x + (g.BORDER_POST_TILE + 16) / 2, y - 46),
         theme.FONT_MIN, palette.INK, "center")
    left = bp.left()
    for rank in (1, 2):
        centre = g.border_post_tile_centre(rank, vineyards)
        if rank in left:
            blit_at(canvas, pieces.border_post_tile(colour_bonus_points(players, rank),
                                                    canvas.length(g.BORDER_POST_TILE)), centre)
        else:
            half = g.BORDER_POST_TILE / 2
            rect = pygame.Rect(round(centre[0] - half), round(centre[1] - half),
                               g.BORDER_POST_TILE, g.BORDER_POST_TILE)
            canvas.fill_rect(rect, palette.darker(BOARD_FILL, 0.12), radius=6)
            canvas.fill_rect(rect, palette.darker(BOARD_FILL, 0.3), radius=6, width=2)


def board_spots(bp: BorderPostsView, players: int, vineyards: bool = False) -> list[Spot]:
    if not bp.tiles:
        return []
    return [Spot("border_post_tile", rank, g.border_post_tile_centre(rank, vineyards),
                 g.BORDER_POST_TILE / 2, lambda r=rank: tile_tip(r, players, r in bp.left()))
            for rank in (1, 2)]


def tile_tip(rank: int, players: int, there: bool) -> str:
    points = colour_bonus_points(players, rank)
    tip = i18n.tr(f"tip.border_post_tile.{rank}", points=points)
    return tip if there else tip + " " + i18n.tr("tip.border_post_tile.taken")


def paint_held(canvas: Canvas, bp: BorderPostsView, seat: int, players: int, first: int,
               centre_of, size: int) -> None:
    """The border-post tiles a seat holds, after its colour bonus tiles."""
    if not bp.tiles:
        return
    for i, rank in enumerate(bp.held_by(seat)):
        blit_at(canvas, pieces.border_post_tile(colour_bonus_points(players, rank), size),
                centre_of(first + i))


def held_spots(bp: BorderPostsView, seat: int, players: int, first: int,
               centre_of) -> list[Spot]:
    if not bp.tiles:
        return []
    return [Spot("border_post_held", rank, centre_of(first + i), 18,
                 lambda r=rank: tile_tip(r, players, True))
            for i, rank in enumerate(bp.held_by(seat))]
