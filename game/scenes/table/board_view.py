"""The central board: six depots around the black depot, the phase, round and goods
still to come, the bonus tiles and the turn-order track."""

from __future__ import annotations

import pygame

from .. import i18n
from ..art import palette, pieces
from ..layout import Canvas
from ..ui import theme
from . import geometry as g
from .seam import parts_of
from .paint import BLACK_FILL, BOARD_EDGE, BOARD_FILL, DEPOT_FILL, FELT, blit_at, circle, text
from .view import COLOURS, TableView, face_of, track_space

PHASES = "ABCDE"
# Points of the large and small bonus tiles, printed on them (the engine scores them).
BONUS_POINTS = {2: (5, 2), 3: (6, 3), 4: (7, 4)}


def player_colour(colour_index: int) -> tuple[int, int, int]:
    return palette.PLAYERS[colour_index % len(palette.PLAYERS)]


def paint_board(canvas: Canvas, view: TableView, colours: list[int],
                names: list[str], seat: int | None = None) -> None:
    """Everything on the board that changes only with the state and the seat shown large
    (whose vineyard board is drawn): one cached layer."""
    canvas.fill_rect(g.BOARD, FELT)
    canvas.fill_rect(g.BOARD, BOARD_FILL, radius=22)
    canvas.fill_rect(g.BOARD, BOARD_EDGE, radius=22, width=5)
    # The river winding between the depots, as on the printed board.
    circle(canvas, g.RING_CENTRE, g.RING_RADIUS, palette.mix(palette.TILE["ship"],
                                                             BOARD_FILL, 0.55), 26)
    for depot in range(1, 7):
        _paint_depot(canvas, view, depot)
    _paint_black_depot(canvas, view)
    for m, part in parts_of(view):
        m.paint_board(canvas, view, part, seat)
    _paint_strip(canvas, view, colours, names)


def paint_counted_stack(canvas: Canvas, at: tuple[float, float], label: str, kind: str,
                         count: int) -> None:
    """A module's stack of alike tiles beside the depots: its name above, a tile with
    their number (an empty space when none lies there)."""
    x, y = at
    text(canvas, i18n.tr(label), (x + 10, y - 52), theme.FONT_MIN, palette.INK, "center")
    if count:
        blit_at(canvas, pieces.hex_tile(face_of(kind), canvas.length(g.DEPOT_HEX)), (x, y))
    else:
        _empty_slot(canvas, (x, y), g.DEPOT_HEX)
    text(canvas, f"\u00d7 {count}", (x + g.DEPOT_HEX + 10, y), theme.FONT_BODY, palette.INK,
         "midleft")


def _paint_depot(canvas: Canvas, view: TableView, depot: int) -> None:
    centre = g.depot_centre(depot)
    circle(canvas, centre, g.DEPOT_RADIUS, DEPOT_FILL)
    circle(canvas, centre, g.DEPOT_RADIUS, BOARD_EDGE, 3)
    blit_at(canvas, pieces.die_face(depot, canvas.length(28)), g.depot_number_centre(depot))
    row = view.depots[depot - 1] if depot - 1 < len(view.depots) else []
    for slot, tile in enumerate(row):
        pos = g.depot_slot_centre(depot, slot, len(row))
        face = face_of(tile, view.rules)
        if face is None or ("depot", depot, slot) in view.lifted:
            _empty_slot(canvas, pos, g.DEPOT_HEX)
        else:
            blit_at(canvas, pieces.hex_tile(face, canvas.length(g.DEPOT_HEX)), pos)
    goods = _goods_list(view.depot_goods[depot - 1]) if ("goods", depot) not in view.lifted \
        else []
    for i, value in enumerate(goods):
        blit_at(canvas, pieces.goods_tile(value, canvas.length(24)),
                g.depot_goods_centre(depot, i, len(goods)))


def _goods_list(counts: list[int]) -> list[int]:
    return [t for t in range(1, 7) for _ in range(counts[t])]


def _empty_slot(canvas: Canvas, pos, size) -> None:
    from ..art.hexgrid import hex_corners
    cx, cy = canvas.px(*pos)
    pygame.draw.polygon(canvas.surface, palette.darker(DEPOT_FILL, 0.12),
                        hex_corners(cx, cy, canvas.length(size * 0.92)))


def _paint_black_depot(canvas: Canvas, view: TableView) -> None:
    centre = g.RING_CENTRE
    circle(canvas, centre, g.BLACK_DEPOT_RADIUS, BLACK_FILL)
    circle(canvas, centre, g.BLACK_DEPOT_RADIUS, palette.darker(BLACK_FILL, 0.4), 3)
    # Low enough in the circle that "schwarzes Depot" fits inside it.
    text(canvas, i18n.tr("term.black_depot"), (centre[0], centre[1] - 94), theme.FONT_MIN,
         palette.INK_LIGHT, "center")
    for slot, tile in enumerate(view.black):
        pos = g.depot_slot_centre(0, slot, len(view.black))
        face = face_of(tile, view.rules)
        if face is None or ("depot", 0, slot) in view.lifted:
            cx, cy = canvas.px(*pos)
            from ..art.hexgrid import hex_corners
            pygame.draw.polygon(canvas.surface, palette.lighter(BLACK_FILL, 0.15),
                                hex_corners(cx, cy, canvas.length(g.BLACK_HEX * 0.9)))
        else:
            blit_at(canvas, pieces.hex_tile(face, canvas.length(g.BLACK_HEX)), pos)


def _paint_strip(canvas: Canvas, view: TableView, colours: list[int],
                 names: list[str]) -> None:
    s = g.STRIP
    canvas.fill_rect(s, palette.darker(BOARD_FILL, 0.08), radius=12)
    # Phase letters, the current one boxed.
    for i, letter in enumerate(PHASES):
        x = s.x + 18 + i * 30
        box = pygame.Rect(x - 13, s.y + 12, 26, 32)
        current = i == view.phase
        canvas.fill_rect(box, theme.BUTTON if current else palette.darker(BOARD_FILL, 0.15),
                         radius=5)
        text(canvas, letter, box.center, 26, palette.INK_LIGHT if current else palette.INK,
             "center")
    text(canvas, i18n.tr("round.name", number=view.round + 1), (s.centerx, s.y + 66), 24,
         palette.INK, "center")
    for i in range(5):
        pos = (s.x + 20 + i * 29, s.y + 92)
        circle(canvas, pos, 9, palette.INK if i <= view.round else BOARD_FILL)
        circle(canvas, pos, 9, palette.INK, 2)
    text(canvas, i18n.tr("table.goods_left"), (s.centerx, s.y + 118), 20, palette.INK,
         "center")
    left = view.goods_left()
    for i, value in enumerate(left):
        blit_at(canvas, pieces.goods_tile(value, canvas.length(24)),
                (s.x + 20 + i * 29, s.y + 146))
    text(canvas, i18n.tr("term.bonus_tiles"), (s.centerx, s.y + 178), 20, palette.INK,
         "center")
    large, small = BONUS_POINTS.get(len(view.players), (5, 2))
    for c, colour in enumerate(COLOURS):
        taken = view.bonus_taken[c] if c < len(view.bonus_taken) else 0
        for rank, points in ((1, large), (2, small)):
            pos = g.bonus_centre(c, rank)
            size = 44 if rank == 1 else 36
            if taken >= rank:
                canvas.fill_rect(pygame.Rect(0, 0, size, size).move(
                    pos[0] - size / 2, pos[1] - size / 2), palette.darker(BOARD_FILL, 0.12),
                    radius=6)
            else:
                blit_at(canvas, pieces.bonus_tile(colour, points, canvas.length(size)), pos)
    _paint_track(canvas, view, colours, names)


def track_markers(view: TableView) -> dict[int, tuple[int, int]]:
    """Each seat's space on the turn-order track (as printed, from 1) and its level in the
    stack there (0 at the bottom; the seat on top moves first)."""
    out: dict[int, tuple[int, int]] = {}
    for seat in reversed(view.track_order()):
        space = track_space(view.players[seat].track_pos)
        out[seat] = (space, sum(1 for sp, _ in out.values() if sp == space))
    return out


def stack_heights(markers: dict[int, tuple[int, int]]) -> dict[int, int]:
    """How many markers stand on each occupied space of the track."""
    heights: dict[int, int] = {}
    for space, _level in markers.values():
        heights[space] = heights.get(space, 0) + 1
    return heights


def track_spaces(markers: dict[int, tuple[int, int]]) -> int:
    return max([g.TRACK_SPACES] + [space for space, _ in markers.values()])


def _paint_track(canvas: Canvas, view: TableView, colours: list[int],
                 names: list[str]) -> None:
    s = g.STRIP
    text(canvas, i18n.tr("table.turn_order"), (s.centerx, s.y + 546), 20, palette.INK,
         "center")
    markers = track_markers(view)
    spaces = track_spaces(markers)
    row = g.track_row(spaces)
    for space in range(1, spaces + 1):
        x, y = g.track_space_centre(space, spaces)
        box = pygame.Rect(0, 0, s.w - 16, row - 3)
        box.midleft = (round(s.x + 8), round(y))
        canvas.fill_rect(box, palette.darker(BOARD_FILL, 0.14 if space % 2 else 0.22), radius=5)
        text(canvas, str(space), (x, y), theme.FONT_MIN, palette.INK, "center")
    # The tower at the front of the track.
    tower = pygame.Rect(0, 0, 40, 10)
    tower.midbottom = (round(s.centerx), round(g.TRACK_BOTTOM - spaces * row - 2))
    canvas.fill_rect(tower, palette.darker(BOARD_EDGE, 0.1), radius=3)
    radius = min(14, row / 2 - 1)
    heights = stack_heights(markers)
    # The bottom of each stack first, so every marker is drawn over the one below it.
    for seat, (space, level) in sorted(markers.items(), key=lambda m: m[1][1]):
        pos = g.track_marker_centre(space, level, spaces, heights[space])
        colour = player_colour(colours[seat])
        circle(canvas, pos, radius, colour)
        circle(canvas, pos, radius, palette.INK, 2)
        text(canvas, names[seat][:1].upper(), pos, theme.FONT_MIN, palette.ink_on(colour),
             "center")
