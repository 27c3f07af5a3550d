"""The monastery connections (module monastery_connections) at the table: on a tableau
13a-13h, the three monasteries on the frame of the shown estate and the three straight
lines of five spaces that join them. Each line's spaces carry an inner ring, gold while
the line is open and green once its five tiles lie; a stroke joins each monastery to the
lines' end spaces. A monastery's tooltip says how full its two lines are, the points and
who joined all three.

The lines are the rules' data (MONASTERY_LINES); whether a line is full is read off the
estate's tiles, the order of those who joined all three from the view."""

from __future__ import annotations

import math
from typing import Any, ClassVar

import pygame

from ....rules import (
    MONASTERY_LINE_POINTS,
    MONASTERY_LINES,
    MONASTERY_LINES_PROVISIONAL,
    monastery_finishers,
    monastery_rank_points,
)
from ... import i18n
from ...art import palette
from ...layout import Canvas
from .. import geometry as g
from ..paint import BOARD_FILL, circle, hex_outline
from ..seam import Handler, TableModule, Words, register
from ..tips import Spot
from ..view import PlayerView


def _all_connected(view: Any, finishers: list[int], e: Any) -> None:
    if e.player not in finishers:
        finishers.append(e.player)


@register
class MonasteryConnections(TableModule):
    """Its part of the view: the seats that joined all three monasteries, in order."""
    id = "monastery_connections"
    events: ClassVar[dict[str, Handler]] = {"AllMonasteriesConnected": _all_connected}
    # Its points come with their own event.
    quiet: ClassVar[tuple[str, ...]] = ("MonasteriesConnected",)
    words: ClassVar[dict[str, Words]] = {
        "MonasteriesConnected":
            lambda e, who, lang: i18n.tr("log.monasteries_connected", lang, who=who,
                                         points=e.points),
        "AllMonasteriesConnected":
            lambda e, who, lang: i18n.tr(f"log.all_monasteries_connected.{min(e.rank, 3)}",
                                         lang, who=who, points=e.points)}

    def part(self, state: Any) -> list[int]:
        return list(monastery_finishers(state))

    def paint_estate(self, canvas: Canvas, view: Any, part: list[int], seat: int,
                     preview: str | None) -> None:
        # A tableau being chosen shows its lines too.
        paint_estate_lines(canvas, view.players[seat] if preview is None else bare(preview))

    def estate_spots(self, view: Any, part: list[int], seat: int,
                     names: list[str]) -> list[Spot]:
        return estate_spots(view.players[seat], part, seat, len(names), names)


MARK_RADIUS = 18
LINK_RADIUS = 7
# An open line in violet, clear on every space colour (the yellow monastery spaces too);
# a full line in the green of a connected border post.
OPEN = (104, 64, 168)
DONE = (58, 150, 70)


def lines_of(pv: PlayerView):
    """The shown tableau's monasteries and lines, or None (another board, Châteauma)."""
    if pv.cm is not None or pv.board is None:
        return None
    return MONASTERY_LINES.get(pv.board)


def filled(pv: PlayerView) -> list[int]:
    """Per line, how many of its five spaces hold tiles."""
    c = lines_of(pv)
    if c is None:
        return []
    return [sum(1 for s in ln.spaces if pv.estate[s] is not None) for ln in c.lines]


def bare(board: str) -> PlayerView:
    """An empty estate on `board` (the preview of a tableau being chosen)."""
    pv = PlayerView(0)
    pv.set_board(board)
    return pv


def _ends(c, mark: int) -> list[int]:
    """The spaces of the lines next to monastery `mark` (each line's end on its side)."""
    return [ln.spaces[0] if ln.between[0] == mark else ln.spaces[-1]
            for ln in c.lines if mark in ln.between]


def mark_centre(board: str, mark: int, centre=g.ESTATE_CENTRE,
                size: float = g.ESTATE_HEX) -> tuple[float, float]:
    """A monastery on the frame: past the end spaces of its two lines, away from the
    estate's centre (where the printed frame would show it), inside the estate's box."""
    pts = [g.estate_space_centre(s, centre, size) for s in _ends(MONASTERY_LINES[board], mark)]
    x = sum(p[0] for p in pts) / len(pts)
    y = sum(p[1] for p in pts) / len(pts)
    dx, dy = x - centre[0], y - centre[1]
    d = math.hypot(dx, dy) or 1.0
    out = size * 0.5 + 6
    return x + dx / d * out, y + dy / d * out


def paint_estate_lines(canvas: Canvas, pv: PlayerView) -> None:
    """Each line: a ring inside its five spaces and a link on every edge it crosses, from
    one monastery to the other; then the monasteries."""
    c = lines_of(pv)
    if c is None or pv.board is None or not pv.colours:
        return
    counts = filled(pv)
    for ln, n in zip(c.lines, counts):
        colour = DONE if n == len(ln.spaces) else OPEN
        for s in ln.spaces:
            hex_outline(canvas, g.estate_space_centre(s), g.ESTATE_HEX * 0.82, colour, 4)
        a = mark_centre(pv.board, ln.between[0])
        b = mark_centre(pv.board, ln.between[1])
        points = [a] + [g.estate_space_centre(s) for s in ln.spaces] + [b]
        for i, (p, q) in enumerate(zip(points, points[1:])):
            if i == 0 or i == len(points) - 2:
                # The stroke from the monastery's rim to the end space's edge.
                inner, outer = (q, p) if i == 0 else (p, q)
                d = math.hypot(outer[0] - inner[0], outer[1] - inner[1]) or 1.0
                ux, uy = (outer[0] - inner[0]) / d, (outer[1] - inner[1]) / d
                start = (inner[0] + ux * g.ESTATE_HEX * 0.7, inner[1] + uy * g.ESTATE_HEX * 0.7)
                stop = (outer[0] - ux * MARK_RADIUS, outer[1] - uy * MARK_RADIUS)
                pygame.draw.line(canvas.surface, colour, canvas.px(*start), canvas.px(*stop),
                                 max(2, canvas.length(5)))
                continue
            link = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            circle(canvas, link, LINK_RADIUS, colour)
            circle(canvas, link, LINK_RADIUS, palette.INK_LIGHT, 2)
    for mark in range(len(c.monasteries)):
        centre = mark_centre(pv.board, mark)
        done = all(n == 5 for ln, n in zip(c.lines, counts) if mark in ln.between)
        fill = DONE if done else BOARD_FILL
        circle(canvas, centre, MARK_RADIUS, fill)
        circle(canvas, centre, MARK_RADIUS, OPEN if not done else palette.INK, 3)
        x, y = canvas.px(*centre)
        church_glyph(canvas.surface, (x, y), canvas.length(MARK_RADIUS * 1.3),
                     palette.ink_on(fill))


def church_glyph(surface: pygame.Surface, centre: tuple[float, float], size: float,
                 colour) -> None:
    """A monastery: a small church with a cross on its roof, ``size`` high."""
    x, y = centre
    w = size * 0.56
    top = y - size / 2
    body_top = top + size * 0.5
    pygame.draw.rect(surface, colour, (round(x - w / 2), round(body_top), round(w),
                                       round(size * 0.5)))
    pygame.draw.polygon(surface, colour, [(x - w / 2 - 1, body_top), (x + w / 2 + 1, body_top),
                                          (x, top + size * 0.24)])
    bar = max(1, round(size * 0.1))
    pygame.draw.rect(surface, colour, (round(x - bar / 2), round(top), bar, round(size * 0.26)))
    pygame.draw.rect(surface, colour, (round(x - size * 0.12), round(top + size * 0.07),
                                       round(size * 0.24), bar))


def estate_spots(pv: PlayerView, finishers: list[int], seat: int, players: int,
                 names: list[str]) -> list[Spot]:
    c = lines_of(pv)
    if c is None or pv.board is None or not pv.colours:
        return []
    return [Spot("monastery_mark", mark, mark_centre(pv.board, mark), MARK_RADIUS + 4,
                 lambda m=mark: mark_tip(pv, m, finishers, seat, players, names))
            for mark in range(len(c.monasteries))]


def mark_tip(pv: PlayerView, mark: int, finishers: list[int], seat: int, players: int,
             names: list[str]) -> str:
    c = lines_of(pv)
    counts = filled(pv)
    lines = [i18n.tr("tip.monastery_mark", mark=mark + 1, board=pv.board)]
    for ln, n in zip(c.lines, counts):
        if mark not in ln.between:
            continue
        other = ln.between[1] if ln.between[0] == mark else ln.between[0]
        if n == len(ln.spaces):
            lines.append(i18n.tr("tip.monastery_line.done", other=other + 1,
                                 points=MONASTERY_LINE_POINTS))
        else:
            lines.append(i18n.tr("tip.monastery_line.open", other=other + 1, filled=n,
                                 spaces=len(ln.spaces)))
    if seat in finishers:
        rank = finishers.index(seat) + 1
        lines.append(i18n.tr(f"tip.monastery_lines.rank.{min(rank, 3)}",
                             who=names[seat] if seat < len(names) else "",
                             points=monastery_rank_points(players, rank)))
    lines.append(i18n.tr("tip.monastery_lines.rule", points=MONASTERY_LINE_POINTS,
                         first=monastery_rank_points(players, 1),
                         second=monastery_rank_points(players, 2)))
    if MONASTERY_LINES_PROVISIONAL:
        lines.append(i18n.tr("tip.monastery_lines.provisional"))
    return "\n".join(lines)
