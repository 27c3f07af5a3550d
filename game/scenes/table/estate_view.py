"""A player's estate and supplies: the 37 spaces, storage, goods, silver, workers,
monastery tiles, bonus tiles and score (one cached layer per player shown)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .. import i18n
from ..art import palette, pieces
from ...rules import CHATEAUMA_CARDS as CARDS, get_board
from ...rules import CHATEAUMA_LEFT_CARD_WHITE_DIE as LEFT_CARD_WHITE_DIE
from ..art.hexgrid import hex_corners, layout_scale
from ..layout import Canvas
from ..ui import theme
from . import geometry as g
from .board_view import player_colour
from .paint import (BOARD_EDGE, BOARD_FILL, FELT, GOLD, blit_at, circle, fit_text, text,
                    tile_back)
from .seam import storage_groups
from .view import COLOURS, FACE_DOWN, ChateaumaView, PlayerView, face_of

REGION = g.REGION


def paint_estate_region(canvas: Canvas, pv: PlayerView, name: str, colour: int,
                        lifted: set, bonus_points: tuple[int, int],
                        preview: tuple[tuple[str, ...], tuple[int, ...], tuple] | None = None,
                        white: int = 0, parts: Sequence[tuple[Any, Any]] = ()) -> None:
    """The estate shown large with its side; `parts`: the modules shown (seam.parts_of),
    whose pieces lie on its tiles."""
    canvas.fill_rect(REGION, FELT)
    canvas.fill_rect(g.ESTATE_BOX, palette.darker(FELT, 0.2), radius=18)
    if pv.cm is not None:
        paint_chateauma(canvas, pv, pv.cm, white)
        paint_side(canvas, pv, name, colour, lifted, bonus_points, parts)
        return
    colours, dice = preview[:2] if preview else (pv.colours, pv.dice_numbers)
    if colours:
        tiles = [] if preview else [face_of(t, pv.rules) for t in pv.estate]
        # A board of islands shows its rivers from the moment it is offered: the start
        # castle's space is chosen with them in view.
        rivers = preview[2] if preview else board_rivers(pv.board)
        paint_rivers(canvas, rivers, g.ESTATE_CENTRE, g.ESTATE_HEX)
        paint_estate(canvas, g.ESTATE_CENTRE, g.ESTATE_HEX, colours, dice, tiles)
        if not preview:
            for m, part in parts:
                m.paint_over_tiles(canvas, part, pv.seat, None, g.ESTATE_HEX)
    else:
        text(canvas, i18n.tr("table.no_board"), g.ESTATE_CENTRE, 28, palette.INK_LIGHT,
             "center")
    paint_side(canvas, pv, name, colour, lifted, bonus_points, parts)


def board_rivers(board_id: str | None) -> tuple:
    """The rivers of a seat's board (none before a board is chosen, or on a duchy)."""
    return tuple(get_board(board_id).rivers) if board_id is not None else ()


def paint_rivers(canvas: Canvas, rivers, centre, size: float) -> None:
    """The rivers of a board of islands (the solo boards): a band from space to space,
    under the spaces, the only way into another island."""
    width = max(2, canvas.length(size * 0.35))
    for a, b in rivers:
        pygame.draw.line(canvas.surface, palette.TILE["ship"],
                         canvas.px(*g.estate_space_centre(a, centre, size)),
                         canvas.px(*g.estate_space_centre(b, centre, size)), width)


def paint_estate(canvas: Canvas, centre, size: float, colours, dice, tiles) -> None:
    """Like pieces.draw_estate, at the table's scale (spaces without a die number are
    plain)."""
    draw_size = max(4, canvas.length(size * 0.95 * layout_scale()))
    for i in range(len(colours)):
        pos = g.estate_space_centre(i, centre, size)
        tile = tiles[i] if i < len(tiles) else None
        if tile is not None:
            image = pieces.hex_tile(tile, draw_size)
        elif not dice[i]:
            image = plain_space(colours[i], draw_size)
        else:
            image = pieces.estate_space(colours[i], dice[i], draw_size)
        blit_at(canvas, image, pos)


def tile_image(tile: str | None, colour: str, size: int, rules: str) -> pygame.Surface:
    """A Châteauma space: its tile, a tile back, or the empty space of its colour."""
    if tile == FACE_DOWN:
        return tile_back(size)
    face = face_of(tile, rules)
    return pieces.hex_tile(face, size) if face is not None else plain_space(colour, size)


def paint_chateauma(canvas: Canvas, pv: PlayerView, cm: ChateaumaView, white: int) -> None:
    """Its estate (stacks show their height), and its two area cards below it."""
    size = max(4, canvas.length(g.CM_ESTATE_HEX * 0.95))
    for i in range(37):
        pos = g.cm_space_centre(i)
        blit_at(canvas, tile_image(pv.estate[i], pv.colours[i], size, cm.rules), pos)
        if cm.stacks[i] > 1:
            badge = (pos[0] + g.CM_ESTATE_HEX * 0.55, pos[1] - g.CM_ESTATE_HEX * 0.55)
            circle(canvas, badge, 13, palette.INK)
            text(canvas, str(cm.stacks[i]), badge, theme.FONT_MIN, palette.INK_LIGHT, "center")
    active = active_slot(white)
    for slot in (0, 1):
        paint_card(canvas, cm, slot, white if slot == active else 0)


def active_slot(white: int) -> int | None:
    """The card the white die names (1-4 left, 5-6 right, from the data); None before a
    roll."""
    if not white:
        return None
    return 0 if white in LEFT_CARD_WHITE_DIE else 1


def white_die_range(slot: int) -> str:
    faces = sorted(LEFT_CARD_WHITE_DIE) if slot == 0 else sorted(
        set(range(1, 7)) - LEFT_CARD_WHITE_DIE)
    return f"{faces[0]}\u2013{faces[-1]}" if len(faces) > 1 else str(faces[0])


def paint_card(canvas: Canvas, cm: ChateaumaView, slot: int, white: int) -> None:
    r = g.cm_card_rect(slot)
    card = cm.cards[slot]
    label = i18n.tr("table.cm.white_range", faces=white_die_range(slot))
    if not card:
        canvas.fill_rect(r, palette.darker(FELT, 0.35), radius=12)
        canvas.fill_rect(r, palette.darker(FELT, 0.5), radius=12, width=2)
        text(canvas, i18n.tr("table.cm.no_card"), r.center, 22, palette.INK_LIGHT, "center")
        text(canvas, label, (r.centerx, r.bottom - 18), theme.FONT_MIN, palette.INK_LIGHT,
             "center")
        return
    data = CARDS[card]
    canvas.fill_rect(r, BOARD_FILL, radius=12)
    canvas.fill_rect(r, GOLD if white else BOARD_EDGE, radius=12, width=5 if white else 2)
    # Name and points on two lines: side by side they do not fit at a readable size.
    fit_text(canvas, i18n.tr("table.cm.card", card=card), (r.x + 14, r.y + 20), 22,
             palette.INK, r.w - 28, "midleft")
    points = data.points.get(cm.level, 0)
    fit_text(canvas, i18n.trn("table.cm.card_points", points, points=points),
             (r.x + 14, r.y + 44), theme.FONT_MIN, theme.TEXT_MUTED, r.w - 28, "midleft")
    size = max(4, canvas.length(g.CM_CARD_HEX * 0.95))
    tiles = cm.card_tiles[slot]
    count = len(data.colours)
    for i, colour in enumerate(data.colours):
        pos = g.cm_card_space_centre(slot, i, count)
        tile = tiles[i] if i < len(tiles) else None
        blit_at(canvas, tile_image(tile, COLOURS[colour], size, cm.rules), pos)
        if i in data.sell:
            blit_at(canvas, pieces.silver_coin(canvas.length(20)),
                    (pos[0] + g.CM_CARD_HEX * 0.62, pos[1] + g.CM_CARD_HEX * 0.62))
    y = r.bottom - 20
    if white:
        blit_at(canvas, pieces.white_die(white, canvas.length(26)), (r.x + 26, y))
    fit_text(canvas, label, (r.centerx + (10 if white else 0), y), theme.FONT_MIN,
             palette.INK if white else theme.TEXT_MUTED, r.w - 70, "center")


def plain_space(colour: str, size: int) -> pygame.Surface:
    image = pieces.estate_space(colour, 1, size).copy()
    # Cover the die pips: Châteauma's estate prints none.
    fill = palette.space_colour(colour)
    w, h = image.get_size()
    pygame.draw.polygon(image, fill, hex_corners(w / 2, h / 2 + size * 0.34, size * 0.42))
    return image


def paint_side(canvas: Canvas, pv: PlayerView, name: str, colour: int, lifted: set,
               bonus_points: tuple[int, int],
               parts: Sequence[tuple[Any, Any]] = ()) -> None:
    """The side of the estate shown large: the seat's name, score, silver, workers,
    storage, goods, knowledge and bonus tiles; `parts`: the modules shown
    (seam.parts_of), which may label its storage."""
    s = g.SIDE
    canvas.fill_rect(s, BOARD_FILL, radius=16)
    canvas.fill_rect(s, BOARD_EDGE, radius=16, width=3)
    pc = player_colour(colour)
    canvas.fill_rect((s.x + 14, s.y + 12, 30, 30), pc, radius=15)
    canvas.fill_rect((s.x + 14, s.y + 12, 30, 30), palette.INK, radius=15, width=2)
    fit_text(canvas, name, (s.x + 54, s.y + 27), 30, palette.INK, 220, "midleft")
    fit_text(canvas, i18n.tr("term.points"), (s.right - 12, g.score_centre()[1] + 34),
             theme.FONT_MIN, theme.TEXT_MUTED, 110, "midright")
    blit_at(canvas, pieces.silver_coin(canvas.length(40)), g.silver_centre())
    text(canvas, f"\u00d7 {pv.silver}", (g.silver_centre()[0] + 28, g.silver_centre()[1]), 28,
         palette.INK, "midleft")
    if pv.cm is None:
        blit_at(canvas, pieces.worker_chip(canvas.length(40)), g.workers_centre())
        text(canvas, f"\u00d7 {pv.workers}", (g.workers_centre()[0] + 28,
                                               g.workers_centre()[1]), 28, palette.INK,
             "midleft")
        groups = storage_groups(parts, pv.seat, len(pv.storage))
        if groups is None:
            text(canvas, i18n.tr("term.storage"), (s.x + 18, s.y + 98), 20, theme.TEXT_MUTED)
        else:
            # A module's groups of spaces (the team game's own and shared), each labelled
            # over its middle (one storage label beside a "shared" label ran together in
            # German).
            for key, first, last, marked in groups:
                x = (g.storage_centre(first)[0] + g.storage_centre(last)[0]) / 2
                fit_text(canvas, i18n.tr(key), (x, s.y + 110), 20,
                         theme.BUTTON if marked else theme.TEXT_MUTED, g.STORAGE_HEX * 3.4,
                         "center")
        for j, tile in enumerate(pv.storage):
            pos = g.storage_centre(j)
            face = face_of(tile, pv.rules)
            if face is None or ("storage", pv.seat, j) in lifted:
                _storage_space(canvas, pos)
            else:
                blit_at(canvas, pieces.hex_tile(face, canvas.length(g.STORAGE_HEX)), pos)
    else:
        _paint_reserve(canvas, pv.cm)
    paint_goods(canvas, pv)
    if pv.cm is None:
        text(canvas, i18n.tr("term.knowledge"), (s.x + 18, g.LOWER_Y), 20, theme.TEXT_MUTED)
        for i, number in enumerate(sorted(pv.knowledge)):
            centre, size = g.knowledge_slot(i, len(pv.knowledge))
            blit_at(canvas, pieces.hex_tile(face_of(f"monastery{number}", pv.rules),
                                            canvas.length(size)), centre)
        fit_text(canvas, i18n.tr("term.bonus_tiles"), (g.BONUS_X, g.LOWER_Y), 20,
                 theme.TEXT_MUTED, s.right - g.BONUS_X - 8)
        bonus_at = g.bonus_tile_centre
    else:
        _paint_deck(canvas, pv.cm)
        # Châteauma keeps no monastery tiles: its bonus tiles take one row under the deck,
        # clear of the panel's bottom edge.
        fit_text(canvas, i18n.tr("term.bonus_tiles"), (s.x + 18, CM_BONUS_Y), 20,
                 theme.TEXT_MUTED, CM_BONUS_X - s.x - 30, "midleft")
        bonus_at = cm_bonus_centre
    size = canvas.length(34 if pv.cm is None else 28)
    for i, (colour_name, rank) in enumerate(pv.bonus_tiles):
        blit_at(canvas, pieces.bonus_tile(colour_name, bonus_points[rank - 1], size),
                bonus_at(i))


# Châteauma's bonus tiles: a row under its deck's lines, clear of the panel's bottom edge.
CM_BONUS_X = g.SIDE.x + 190
CM_BONUS_Y = g.SIDE.y + 404
CM_DECK_LINE = 24


def cm_bonus_centre(i: int) -> tuple[float, float]:
    return CM_BONUS_X + i * 38, CM_BONUS_Y


def paint_goods(canvas: Canvas, pv: PlayerView) -> None:
    """Goods in store, one column per type, and under them how many of each were sold (the
    Special Edition's monastery 15 scores the types sold)."""
    s = g.SIDE
    text(canvas, i18n.tr("term.goods"), (s.x + 18, s.y + 188), 20, theme.TEXT_MUTED)
    fit_text(canvas, i18n.tr("table.sold"), (s.x + 18, g.sold_centre(1)[1]), 20,
             theme.TEXT_MUTED, g.GOODS_X - s.x - 40, "midleft")
    for t in range(1, 7):
        image = pieces.goods_tile(t, canvas.length(36))
        if not pv.goods[t]:
            image = image.copy()
            image.set_alpha(60)
        blit_at(canvas, image, g.goods_centre(t))
        text(canvas, f"{pv.goods[t]}", g.held_centre(t), 22,
             palette.INK if pv.goods[t] else theme.TEXT_MUTED, "center")
        text(canvas, f"{pv.sold[t]}", g.sold_centre(t), 22,
             palette.INK if pv.sold[t] else theme.TEXT_MUTED, "center")


def _paint_reserve(canvas: Canvas, cm: ChateaumaView) -> None:
    s = g.SIDE
    text(canvas, i18n.tr("table.cm.reserve"), (s.x + 18, s.y + 98), 20, theme.TEXT_MUTED)
    size = canvas.length(19)
    for i, stack in enumerate(cm.reserve):
        pos = g.cm_reserve_centre(i)
        if i < len(COLOURS):
            image = tile_image(stack[-1] if stack else None, COLOURS[i], size, cm.rules)
            if not stack:
                image = image.copy()
                image.set_alpha(110)
        else:
            image = tile_back(size)
        blit_at(canvas, image, pos)
        text(canvas, str(len(stack)), (pos[0], pos[1] + 28), 20,
             palette.INK if stack else theme.TEXT_MUTED, "center")


def _paint_deck(canvas: Canvas, cm: ChateaumaView) -> None:
    """The area cards' heading with the deck's count beside it, then the difficulty and
    the last die: short enough to leave the bonus tiles' row room above the panel's
    foot."""
    s = g.SIDE
    heading = text(canvas, i18n.tr("table.cm.cards"), (s.x + 18, g.LOWER_Y), 20,
                   theme.TEXT_MUTED)
    room = s.right - 18 - (s.x + 18) - heading.w / canvas.scale - 16
    fit_text(canvas, i18n.tr("table.cm.deck", count=cm.deck), (s.right - 18, g.LOWER_Y), 20,
             palette.INK, room, "topright")
    level = i18n.tr(f"table.cm.level.{cm.level}") if cm.level else ""
    mods = ", ".join(cm.modifiers) if cm.modifiers else i18n.tr("table.cm.no_modifiers")
    lines = (i18n.tr("table.cm.level", level=level, modifiers=mods),
             i18n.tr("table.cm.die", die=cm.die) if cm.die else "")
    for i, line in enumerate(lines):
        if line:
            fit_text(canvas, line, (s.x + 18, g.LOWER_Y + 40 + i * CM_DECK_LINE), 20,
                     palette.INK, s.w - 36, "midleft")


def _storage_space(canvas: Canvas, pos) -> None:
    cx, cy = canvas.px(*pos)
    fill = palette.darker(BOARD_FILL, 0.12)
    pygame.draw.polygon(canvas.surface, fill, hex_corners(cx, cy, canvas.length(g.STORAGE_HEX)))
    pygame.draw.polygon(canvas.surface, palette.darker(fill, 0.25),
                        hex_corners(cx, cy, canvas.length(g.STORAGE_HEX)), canvas.length(2))
