"""The border posts (module border_posts) at the table: the three posts at the edge of the
shown estate, each marked as not reached, reached or connected; the border-post bonus
tiles on the central board while they remain and beside their holder's colour bonus
tiles; and their tooltips.

Whether a post is reached or connected is read off the estate's tiles with the rules'
own grouping (border_post_groups); the points are the rules'."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pygame

from ....rules import (
    BORDER_POST_SPACES,
    BORDER_POSTS_PROVISIONAL,
    border_post_groups,
    border_post_holders,
    border_post_stages,
    colour_bonus_points,
)
from ... import i18n
from ...art import palette, pieces
from ...layout import Canvas
from ...ui import theme
from .. import geometry as g
from ..estate_view import cm_bonus_centre
from ..paint import BOARD_EDGE, BOARD_FILL, GOLD, blit_at, circle, text
from ..seam import Handler, Table, TableModule, Words, register
from ..space_words import space_short
from ..tips import Spot
from ..view import PlayerView


@dataclass
class BorderPostsView:
    """Each seat's stage (0, 1 = two posts connected, 2 = all three) and who took the
    border-post bonus tiles, in order (seat, rank 1 large | 2 small); `tiles` False in the
    A19 form, which pays points and lays no tiles on the board."""
    stages: list[int]
    holders: list[tuple[int, int]] = field(default_factory=list)
    tiles: bool = True

    def held_by(self, seat: int) -> list[int]:
        return [rank for who, rank in self.holders if who == seat]

    def left(self) -> list[int]:
        """The ranks still on the central board, the top (large) one first."""
        taken = {rank for _, rank in self.holders}
        return [rank for rank in (1, 2) if rank not in taken]


def _connected(view: Any, bp: BorderPostsView, e: Any) -> None:
    bp.stages[e.player] = max(bp.stages[e.player], e.stage)


def _tile_taken(view: Any, bp: BorderPostsView, e: Any) -> None:
    bp.holders.append((e.player, e.rank))


@register
class BorderPosts(TableModule):
    id = "border_posts"
    events: ClassVar[dict[str, Handler]] = {"BorderPostsConnected": _connected,
                                            "BorderPostTileTaken": _tile_taken}
    words: ClassVar[dict[str, Words]] = {
        "BorderPostsConnected":
            lambda e, who, lang: i18n.tr(f"log.border_posts.{e.stage}", lang, who=who),
        "BorderPostTileTaken":
            lambda e, who, lang: i18n.tr(
                f"log.border_post_{'tile' if e.tile else 'bonus'}.{e.rank}", lang, who=who)}

    def part(self, state: Any) -> BorderPostsView:
        return BorderPostsView(list(border_post_stages(state)),
                               list(border_post_holders(state)),
                               state.config.module_form(self.id) != "a19")

    def paint_board(self, canvas: Canvas, view: Any, part: BorderPostsView,
                    seat: int | None) -> None:
        paint_board_tiles(canvas, part, len(view.players), "vineyards" in view.parts)

    def board_spots(self, table: Table, part: BorderPostsView) -> list[Spot]:
        view = table.view
        return board_spots(part, len(view.players), "vineyards" in view.parts)

    def paint_estate(self, canvas: Canvas, view: Any, part: BorderPostsView, seat: int,
                     preview: str | None) -> None:
        pv = view.players[seat]
        players = len(view.players)
        if pv.cm is None:
            if pv.colours and preview is None:
                paint_estate_posts(canvas, pv)
            paint_held(canvas, part, seat, players, len(pv.bonus_tiles), g.bonus_tile_centre,
                       canvas.length(34))
        else:
            paint_held(canvas, part, seat, players, len(pv.bonus_tiles), cm_bonus_centre,
                       canvas.length(30))

    def estate_spots(self, view: Any, part: BorderPostsView, seat: int,
                     names: list[str]) -> list[Spot]:
        pv = view.players[seat]
        spots: list[Spot] = []
        if pv.cm is None and pv.colours:
            spots += estate_spots(pv, part, seat)
        spots += held_spots(part, seat, len(names), len(pv.bonus_tiles),
                            g.bonus_tile_centre if pv.cm is None else cm_bonus_centre)
        return spots


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
                                         else 0, pv))
            for post in range(len(BORDER_POST_SPACES))]


def post_tip(post: int, state: str, stage: int, pv: PlayerView) -> str:
    # The spaces beside the post by what is printed on them (colour and die number).
    names = [space_short(pv.colours[s], pv.dice_numbers[s]) if s < len(pv.colours)
             else str(s + 1) for s in BORDER_POST_SPACES[post]]
    spaces = names[0] if len(names) == 1 else i18n.tr(
        "hint.and", first=", ".join(names[:-1]), last=names[-1])
    lines = [i18n.tr("tip.border_post", post=post + 1, spaces=spaces,
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
