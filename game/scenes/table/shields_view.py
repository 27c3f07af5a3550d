"""The shields module on the table: the shields on the depots' goods spaces and on the
players' castles, each with its number and an icon of its effect, their tooltips, and
where a click takes one (a pair of dice, shield 11's castle action) or uses one's own
(shield 6 names a player, shield 16 sets a die).

What the shields do is the rules' (game/rules/modules/shields.py); the table only draws
what the view holds and offers the legal actions a click narrows to.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from .. import fonts, i18n
from ..art import palette
from ..art.icons import icon
from ..layout import Canvas
from . import geometry as g
from .paint import blit_at

# The icon beside each shield's number: what it changes.
SHIELD_ICONS = {1: "pasture", 2: "worker", 3: "worker", 4: "depot", 5: "ship",
                6: "monastery", 7: "bonus", 8: "mine", 9: "silver", 10: "knowledge",
                11: "castle", 12: "goods", 13: "points", 14: "depot", 15: "depot", 16: "die",
                17: "city", 18: "arrow"}
# Points a shield still held scores at the game end (the rules' data says the same).
END_POINTS = {n: 12 if n <= 6 else 8 if n <= 12 else 4 for n in range(1, 19)}
FACE = (214, 218, 226)          # a shield's steel face
EDGE = (70, 60, 52)
DEPOT_SHIELD = 46               # a shield's height on the board (design units)
ESTATE_SHIELD = 44              # on the shown estate's castles
# Actions of one's own turn that a click on a shield offers.
SHIELD_ACTIONS = ("shield", "name", "set_die")


def _outline(w: float, h: float) -> list[tuple[float, float]]:
    """A heater shield: flat top, straight sides, a pointed foot."""
    return [(0, 0), (w, 0), (w, h * 0.45), (w * 0.82, h * 0.78), (w / 2, h),
            (w * 0.18, h * 0.78), (0, h * 0.45)]


@lru_cache(maxsize=256)
def shield_image(number: int, height: int, labelled: bool = True) -> pygame.Surface:
    """A shield with its number on top and its effect's icon below (a miniature's
    shield shows the icon alone)."""
    h = max(8, height)
    w = round(h * 0.84)
    surface = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    points = [(x + 1, y + 1) for x, y in _outline(w, h)]
    pygame.draw.polygon(surface, FACE, points)
    pygame.draw.polygon(surface, EDGE, points, max(1, h // 16))
    if not labelled:
        mark = icon(SHIELD_ICONS[number], max(4, round(h * 0.5)), palette.TILE["castle"])
        surface.blit(mark, mark.get_rect(center=(w / 2 + 1, h * 0.42 + 1)))
        return surface
    # Never under the smallest readable size (13 pixels in a 1280x720 window).
    font = fonts.get(max(13, round(h * 0.42)))
    label = font.render(str(number), True, palette.INK)
    surface.blit(label, label.get_rect(center=(w / 2 + 1, h * 0.26 + 1)))
    mark = icon(SHIELD_ICONS[number], max(4, round(h * 0.32)), palette.TILE["castle"])
    surface.blit(mark, mark.get_rect(center=(w / 2 + 1, h * 0.66 + 1)))
    return surface


def face_down_image(height: int) -> pygame.Surface:
    """Châteauma's shields lie face down: a plain back."""
    h = max(8, height)
    w = round(h * 0.84)
    surface = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    points = [(x + 1, y + 1) for x, y in _outline(w, h)]
    pygame.draw.polygon(surface, palette.SILVER_DARK, points)
    pygame.draw.polygon(surface, EDGE, points, max(1, h // 16))
    return surface


# --- where they lie -------------------------------------------------------------------------

def depot_shield_centre(depot: int, index: int, count: int) -> tuple[float, float]:
    """On the depot's goods space: either side of its goods, low in the circle."""
    cx, cy = g.depot_centre(depot)
    side = -1 if (count == 1 or index == 0) else 1
    return cx + side * 66, cy + 46


def estate_shield_centre(space: int) -> tuple[float, float]:
    """Over the lower right of the castle tile on the shown estate."""
    x, y = g.estate_space_centre(space)
    return x + g.ESTATE_HEX * 0.45, y + g.ESTATE_HEX * 0.35


def automa_shields_centre(index: int) -> tuple[float, float]:
    x, y = g.CASTLE_POOL
    return x + 200 + index * 30, y


# --- painting -------------------------------------------------------------------------------

def paint_depot_shields(canvas: Canvas, depots: list[list[int]] | None,
                        automa: list[int]) -> None:
    if depots is None:
        return
    px = canvas.length(DEPOT_SHIELD)
    for d, row in enumerate(depots, 1):
        for i, number in enumerate(row):
            blit_at(canvas, shield_image(number, px), depot_shield_centre(d, i, len(row)))
    for i, _ in enumerate(automa):
        blit_at(canvas, face_down_image(px), automa_shields_centre(i))


def paint_castle_shields(canvas: Canvas, shields: dict[int, int], centre=None,
                         size: float = g.ESTATE_HEX) -> None:
    """The shields on a player's castles (the shown estate, or a miniature at `centre`)."""
    px = canvas.length(ESTATE_SHIELD * size / g.ESTATE_HEX)
    for space, number in shields.items():
        if centre is None:
            pos = estate_shield_centre(space)
        else:
            x, y = g.estate_space_centre(space, centre, size)
            pos = (x + size * 0.45, y + size * 0.35)
        blit_at(canvas, shield_image(number, max(6, px), centre is None), pos)


def paint_rings(canvas: Canvas, depots: list[list[int]] | None, shields: dict[int, int],
                legal: list[tuple], ring: Any) -> None:
    """Rings round the shields a click may take or use now."""
    if depots is None:
        return
    takes = {(a[1], a[2]) for a in legal if a[0] == "shield"}
    r = canvas.length(DEPOT_SHIELD * 0.7)
    for d, row in enumerate(depots, 1):
        for i, _ in enumerate(row):
            if (d, i) in takes:
                pygame.draw.circle(canvas.surface, ring,
                                   canvas.px(*depot_shield_centre(d, i, len(row))), r, 4)
    if any(a[0] in ("name", "set_die") for a in legal):
        for space, number in shields.items():
            if number in (6, 16):
                pygame.draw.circle(canvas.surface, ring,
                                   canvas.px(*estate_shield_centre(space)), r, 4)


# --- words --------------------------------------------------------------------------------

def shield_name(number: int) -> str:
    return i18n.tr("shield.name", number=number)


def shield_tip(number: int) -> str:
    return (f"{shield_name(number)}: {i18n.tr(f'shield.effect.{number}')}\n"
            + i18n.tr("shield.end_points", points=END_POINTS[number]))


def board_spots(view: Any, legal: Any, workers: Any = None) -> list:
    """The shields on the depots (a click takes one when the dice allow) and
    Châteauma's; legal() gives the actions open now, workers(depot) what taking one with
    the dice costs in workers."""
    from .tips import Spot  # (tips sits above the board's painting)
    spots: list = []
    if view.depot_shields is None:
        return spots
    for d, row in enumerate(view.depot_shields, 1):
        for i, number in enumerate(row):
            def tip(n=number, key=(d, i)) -> str:
                out = shield_tip(n)
                if ("shield", *key) in legal():
                    cost = workers(key[0]) if workers is not None else 0
                    out += "\n" + (i18n.trn("shield.tip.take_workers", cost, count=cost)
                                   if cost else i18n.tr("shield.tip.take"))
                return out
            spots.append(Spot("shield", (d, i), depot_shield_centre(d, i, len(row)),
                              DEPOT_SHIELD * 0.6, tip))
    if view.automa_shields:
        count = len(view.automa_shields)
        spots.append(Spot("automa_shields", None, automa_shields_centre(0), 20,
                          lambda: i18n.trn("shield.tip.automa", count, count=count)))
    return spots


def estate_spots(pv: Any, legal: Any) -> list:
    """The shields on the shown estate's castles (a click uses 6 or 16 when it can);
    legal() gives the actions open now."""
    from .tips import Spot

    def tip(n: int) -> str:
        out = shield_tip(n)
        if n in (6, 16) and shield_options(legal(), n):
            out += "\n" + i18n.tr("shield.tip.use")
        return out
    return [Spot("castle_shield", number, estate_shield_centre(space), ESTATE_SHIELD * 0.55,
                 lambda n=number: tip(n)) for space, number in pv.shields.items()]


def shield_options(legal: list[tuple], number: int | None = None) -> list[tuple]:
    """The shield actions a click offers: those of one castle shield (6 or 16), or all."""
    if number == 6:
        return [a for a in legal if a[0] == "name"]
    if number == 16:
        return [a for a in legal if a[0] == "set_die"]
    return [a for a in legal if a[0] in SHIELD_ACTIONS]


def describe(action: tuple, state: Any, lang: str | None = None) -> str | None:
    """A shield action in words, or None for another action."""
    op = action[0]

    def tr(key: str, **kw) -> str:
        return i18n.tr(key, lang, **kw)
    p = state.players[state.current_player] if state.current_player >= 0 else None
    if op == "shield":
        held = state.ext["shields"].depots[action[1] - 1]
        number = held[action[2]] if action[2] < len(held) else 0
        return tr("act.shield", shield=number, depot=action[1])
    if op == "shield_castle":
        current = dict(state.ext["shields"].castles[state.current_player]).get(action[1])
        if current:
            return tr("act.shield_castle.replace", shield=current, space=action[1] + 1)
        return tr("act.shield_castle", space=action[1] + 1)
    if op == "tribute":
        if not action[1]:
            return tr("act.tribute.none")
        kept = ", ".join(map(str, action[1]))
        silver = len(action[1]) - action[2]
        if not action[2]:
            return tr("act.tribute.silver", kept=kept, silver=silver)
        return tr("act.tribute", kept=kept, silver=silver, workers=action[2])
    if op == "shield_tile":
        from ...rules import KIND_NAMES
        from .log import tile_label
        row = state.black if action[1] == 0 else state.depots[action[1] - 1]
        kind = row[action[2]]
        return tr("act.shield_tile", tile=tile_label(KIND_NAMES[kind], lang) if kind >= 0
                       else "?", space=action[3] + 1)
    if op == "shield_goods":
        return tr("act.shield_goods", goods=action[1])
    if op == "shield_storage":
        from ...rules import KIND_NAMES
        from .log import tile_label
        kind = p.storage[action[1]] if p is not None else -1
        return tr("act.shield_storage", tile=tile_label(KIND_NAMES[kind], lang) if kind >= 0
                       else "?")
    if op == "prefer":
        return tr(f"act.prefer.{action[1]}")
    if op == "name":
        return tr("act.name", seat="ABCD"[action[1]])
    if op == "set_die":
        return tr("act.set_die", die=action[1] + 1, value=action[2])
    return None
