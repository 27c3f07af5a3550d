"""The vineyards module on the table: its decisions in words, its log lines, the button that
lists the vineyard die actions and the purchase, and the vineyard depot, display and the
shown player's vineyard board beside the central board.

What the vineyards do is the rules' (game/rules/modules/vineyards.py); the table draws what
the view holds and offers the legal actions as listed choices.
"""

from __future__ import annotations

from typing import Any

import pygame

from ... import rules
from ...rules import vineyards as vy
from .. import fonts, i18n
from ..art import palette
from ..layout import Canvas

# The module's decisions, answered from a list of options.
DECISIONS = (vy.ROOM, vy.BONUS, vy.FREE_BLACK, vy.FREE_DEPOT, vy.WINE)
# The turn's vineyard actions the vineyard button lists.
BUTTON_ACTIONS = ("vineyard_take", "vineyard_place", "vineyard_buy")


def variety_label(x: int | str, lang: str | None = None) -> str:
    name = vy.VARIETIES[x] if isinstance(x, int) else x
    return i18n.tr(f"vineyard.variety.{name}", lang)


def tile_words(tile: int, lang: str | None = None, flip: int = 0) -> str:
    """A double tile by its two varieties (in the order it would lie)."""
    a, b = vy.TILES[tile] if not flip else vy.TILES[tile][::-1]
    return f"{variety_label(a, lang)}/{variety_label(b, lang)}"


def _die(die: int, lang: str | None) -> str:
    if die == 2:
        return i18n.tr("table.castle_die", lang)
    if die == 3:
        return i18n.tr("table.white_die_action", lang)
    return i18n.tr("table.die", lang, number=die + 1)


def icon_label(icon: str, lang: str | None = None) -> str:
    if icon in rules.BUILDINGS:
        return i18n.tr(f"building.{icon}", lang)
    return i18n.tr(f"vineyard.icon.{icon}", lang)


def describe(action: tuple, state: Any, lang: str | None = None) -> str | None:
    """The module's action in words, or None for another module's."""
    op = action[0]
    if not isinstance(op, str) or not op.startswith("vineyard_"):
        return None
    t = lambda key, **kw: i18n.tr(key, lang, **kw)
    v = vy.vine(state)
    seat = state.current_player
    if op == "vineyard_take":
        return t("act.vineyard_take", die=_die(action[1], lang),
                 tile=tile_words(v.depot[action[2]], lang), space=action[2] + 1)
    if op == "vineyard_place":
        pair = vy.stored_at(state, seat, action[2])
        b = vy.board_of(state, seat)
        return t("act.vineyard_place", die=_die(action[1], lang),
                 tile=tile_words(pair[2], lang, action[4]) if pair else "?",
                 space=action[3] + 1, number=b.spaces[action[3]].die)
    if op == "vineyard_buy":
        return t("act.vineyard_buy", tile=tile_words(v.display[action[1]], lang),
                 paid=t(f"term.{action[2]}"))
    if op == "vineyard_drop":
        pair = vy.stored_at(state, seat, action[1])
        if pair is not None:
            return t("act.vineyard_drop_double", tile=tile_words(pair[2], lang))
        kind = state.players[seat].storage[action[1]]
        from .log import tile_label
        return t("act.discard", tile=tile_label(rules.KIND_NAMES[kind], lang))
    if op == "vineyard_bonus":
        return t("act.vineyard_bonus", icon=icon_label(action[1], lang))
    if op == "vineyard_skip":
        return t("act.vineyard_skip")
    if op == "vineyard_free":
        if action[1] == "black":
            from .log import tile_label
            return t("act.vineyard_free_black",
                     tile=tile_label(rules.KIND_NAMES[state.black[action[2]]], lang))
        row = v.display if action[1] == "display" else v.depot
        return t(f"act.vineyard_free_{action[1]}", tile=tile_words(row[action[2]], lang))
    if op == "vineyard_wine":
        return t("act.vineyard_wine", variety=variety_label(action[1], lang))
    return None


EVENTS = ("WineBonusDealt", "VineyardFilled", "VineyardCleared", "DoubleTileTaken",
          "DoubleTileRemoved", "DoubleTilePlaced", "VineyardBonus", "WineBonusTaken",
          "VineyardScored", "DoubleTileStacked", "VineyardDeckDealt")


def describe_event(kind: str, e: Any, who: str, lang: str) -> str | None:
    t = lambda key, **kw: i18n.tr(key, lang, **kw)
    if kind == "WineBonusDealt":
        return t("log.wine_dealt", varieties=", ".join(variety_label(x, lang) for x in e.dealt))
    if kind == "VineyardFilled":
        return t("log.vineyard_filled")
    if kind == "VineyardCleared":
        return t("log.vineyard_cleared", count=len(e.tiles)) if e.tiles else None
    if kind == "DoubleTileTaken":
        return t(f"log.double_taken.{e.how}", who=who, tile=tile_words(e.tile, lang))
    if kind == "DoubleTileRemoved":
        return t("log.double_removed", who=who, tile=tile_words(e.tile, lang))
    if kind == "DoubleTilePlaced":
        return t("log.double_placed", who=who, tile=tile_words(e.tile, lang, e.flip),
                 space=e.space + 1)
    if kind == "VineyardBonus":
        return t("log.vineyard_bonus", who=who, icon=icon_label(e.icon, lang))
    if kind == "WineBonusTaken":
        return t("log.wine_taken", who=who, variety=variety_label(e.variety, lang),
                 level=e.level)
    if kind == "VineyardScored":
        return t("log.vineyard_scored", who=who, variety=variety_label(e.variety, lang),
                 size=e.size, points=e.points)
    if kind == "DoubleTileStacked":
        return t("log.chateauma_double", who=who)
    return None


# --- painting ---------------------------------------------------------------------------------

HALF = 12          # a grape half's radius for the depot and display (design units)
BOARD_HALF = 12    # on the vineyard board
OFFER_X, OFFER_Y = 560, 48     # the first depot space, in the board's top right corner
OFFER_STEP, OFFER_ROW = 80, 50
BOARD_ORIGIN = (526, 676)      # the vineyard board, in the board's bottom right corner


def offer_centres(players: int) -> list[tuple[str, int, tuple[float, float]]]:
    """('depot' | 'display', space, centre) for every space in use: the depot three to a
    row, the display's spaces in use below it."""
    out = []
    depot = len(vy.depot_numbers(players))
    for s in range(depot):
        row, col = divmod(s, 3)
        out.append(("depot", s, (OFFER_X + col * OFFER_STEP, OFFER_Y + row * OFFER_ROW)))
    y = OFFER_Y + (depot + 2) // 3 * OFFER_ROW + 6
    for s in vy.display_spaces(players):
        out.append(("display", s, (OFFER_X + s * OFFER_STEP, y)))
    return out


def board_centres(seat_board: int) -> list[tuple[float, float]]:
    """Each double space's centre on the vineyard board drawn at BOARD_ORIGIN."""
    board = vy.BOARDS[seat_board]
    x0, y0 = BOARD_ORIGIN
    top = max(s.halves[0][0] for s in board.spaces)
    return [(x0 + (s.halves[0][1] + s.halves[1][1]) / 2 * BOARD_HALF,
             y0 + (top - s.halves[0][0]) * BOARD_HALF * 2.2) for s in board.spaces]


def _half(canvas: Canvas, centre: tuple[float, float], variety: int, r: float) -> None:
    x, y = canvas.px(*centre)
    radius = max(3, canvas.length(r))
    pygame.draw.circle(canvas.surface, palette.GRAPES[vy.VARIETIES[variety]], (x, y), radius)
    pygame.draw.circle(canvas.surface, palette.INK, (x, y), radius, 1)


def paint_double(canvas: Canvas, tile: int, centre: tuple[float, float],
                 flip: int = 0, r: float = HALF) -> None:
    """A double tile: two touching grape halves side by side."""
    a, b = vy.TILES[tile] if not flip else vy.TILES[tile][::-1]
    cx, cy = centre
    _half(canvas, (cx - r, cy), a, r)
    _half(canvas, (cx + r, cy), b, r)


def _empty(canvas: Canvas, centre: tuple[float, float], r: float) -> None:
    rect = pygame.Rect(0, 0, canvas.length(4 * r), canvas.length(2 * r))
    rect.center = canvas.px(*centre)
    pygame.draw.rect(canvas.surface, palette.SILVER_DARK, rect, 1, border_radius=4)


def paint(canvas: Canvas, view: Any) -> None:
    """The vineyard depot with its die numbers, the display, and the vineyard board of the
    player to move (or the first) with the wine bonus tiles held."""
    v = view.vineyard
    if v is None:
        return
    font = fonts.get(max(13, canvas.length(18)))
    numbers = vy.depot_numbers(len(view.players))
    for where, s, centre in offer_centres(len(view.players)):
        tile = (v.depot if where == "depot" else v.display)[s]
        if tile >= 0:
            paint_double(canvas, tile, centre)
        else:
            _empty(canvas, centre, HALF)
        if where == "depot":
            label = font.render("/".join(map(str, numbers[s])), True, palette.INK)
            canvas.surface.blit(label, label.get_rect(
                midtop=canvas.px(centre[0], centre[1] + HALF + 1)))
    seat = view.current if 0 <= view.current < len(v.boards) else 0
    board = vy.BOARDS[v.boards[seat]]
    placed = {space: (tile, flip) for space, tile, flip in v.placed[seat]}
    small = fonts.get(max(13, canvas.length(16)))
    for i, centre in enumerate(board_centres(v.boards[seat])):
        if i in placed:
            paint_double(canvas, placed[i][0], centre, placed[i][1], BOARD_HALF)
        else:
            _empty(canvas, centre, BOARD_HALF)
            label = small.render(str(board.spaces[i].die), True, palette.INK)
            canvas.surface.blit(label, label.get_rect(center=canvas.px(*centre)))
    x0, y0 = BOARD_ORIGIN
    for j, x in enumerate(v.wine[seat]):
        _half(canvas, (x0 + 186 + (j % 2) * 20, y0 + (j // 2) * 20), x, 8)


# --- tooltips ---------------------------------------------------------------------------------

def spots(view: Any) -> list:
    """The depot's and display's tiles and the vineyard board, with their tooltips; a click
    lists the vineyard actions open now."""
    from .tips import Spot  # (tips sits above the board's painting)
    v = view.vineyard
    out: list = []
    if v is None:
        return out
    numbers = vy.depot_numbers(len(view.players))
    for where, s, centre in offer_centres(len(view.players)):
        tile = (v.depot if where == "depot" else v.display)[s]

        def tip(where=where, s=s, tile=tile) -> str:
            if where == "depot":
                head = i18n.tr("vineyard.tip.depot", numbers="/".join(map(str, numbers[s])))
            else:
                head = i18n.tr("vineyard.tip.display")
            body = tile_words(tile) if tile >= 0 else i18n.tr("vineyard.tip.empty")
            return f"{head}: {body}"
        out.append(Spot("vineyard", (where, s), centre, HALF * 2, tip))
    seat = view.current if 0 <= view.current < len(v.boards) else 0
    board = vy.BOARDS[v.boards[seat]]
    placed = {space: (tile, flip) for space, tile, flip in v.placed[seat]}
    for i, centre in enumerate(board_centres(v.boards[seat])):
        def space_tip(i=i) -> str:
            space = board.spaces[i]
            out = i18n.tr("vineyard.tip.space", number=space.die, level=space.level,
                          first=icon_label(space.icons[0]), second=icon_label(space.icons[1]))
            if i in placed:
                out += "\n" + tile_words(placed[i][0], flip=placed[i][1])
            return out
        out.append(Spot("vineyard", ("space", i), centre, BOARD_HALF * 1.6, space_tip))

    def board_tip(seat=seat) -> str:
        held = ", ".join(variety_label(x) for x in v.wine[seat]) or "-"
        return i18n.tr("vineyard.tip.board", wine=held)
    x0, y0 = BOARD_ORIGIN
    out.append(Spot("vineyard", ("board", seat), (x0 + 196, y0 + 20), 24, board_tip))
    return out
