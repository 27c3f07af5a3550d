"""The shields module on the table: the shields on the depots' goods spaces and on the
players' castles, each with its number and an icon of its effect, their tooltips, and
where a click takes one (a pair of dice, shield 11's castle action) or uses one's own
(shield 6 names a player, shield 16 sets a die).

What the shields do is the rules' (game/rules/modules/shields.py); the table only draws
what the view holds and offers the legal actions a click narrows to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

import pygame

from ....rules import (
    KIND_NAMES,
    castle_shields,
    depot_shields,
    face_down_shields,
    shield_workers,
)
from ... import fonts, i18n
from ...art import palette
from ...art.icons import icon
from ...layout import Canvas
from .. import geometry as g
from ..log import goods_label, tile_label
from ..space_words import space_words
from ..paint import blit_at
from ..seam import Animator, Handler, Table, TableModule, Words, register
from ..tips import Spot

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

def paint_depot_shields(canvas: Canvas, depots: list[list[int]], face_down: int) -> None:
    px = canvas.length(DEPOT_SHIELD)
    for d, row in enumerate(depots, 1):
        for i, number in enumerate(row):
            blit_at(canvas, shield_image(number, px), depot_shield_centre(d, i, len(row)))
    for i in range(face_down):
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


def paint_rings(canvas: Canvas, depots: list[list[int]], shields: dict[int, int],
                legal: list[tuple], ring: Any) -> None:
    """Rings round the shields a click may take or use now."""
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


def board_spots(sv: ShieldsView, legal: Any, workers: Any = None) -> list:
    """The shields on the depots (a click takes one when the dice allow) and
    Châteauma's; legal() gives the actions open now, workers(depot) what taking one with
    the dice costs in workers."""
    spots: list = []
    for d, row in enumerate(sv.depots, 1):
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
    if sv.face_down:
        count = sv.face_down
        spots.append(Spot("automa_shields", None, automa_shields_centre(0), 20,
                          lambda: i18n.trn("shield.tip.automa", count, count=count)))
    return spots


def estate_spots(shields: dict[int, int], legal: Any) -> list:
    """The shields on the shown estate's castles (a click uses 6 or 16 when it can);
    legal() gives the actions open now."""

    def tip(n: int) -> str:
        out = shield_tip(n)
        if n in (6, 16) and shield_options(legal(), n):
            out += "\n" + i18n.tr("shield.tip.use")
        return out
    return [Spot("castle_shield", number, estate_shield_centre(space), ESTATE_SHIELD * 0.55,
                 lambda n=number: tip(n)) for space, number in shields.items()]


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
        held = depot_shields(state)[action[1] - 1]
        number = held[action[2]] if action[2] < len(held) else 0
        return tr("act.shield", shield=number, depot=action[1])
    if op == "shield_castle":
        current = castle_shields(state, state.current_player).get(action[1])
        if current:
            return tr("act.shield_castle.replace", shield=current,
                      space=space_words(p, action[1], lang))
        return tr("act.shield_castle", space=space_words(p, action[1], lang))
    if op == "tribute":
        if not action[1]:
            return tr("act.tribute.none")
        kept = ", ".join(map(str, action[1]))
        silver = len(action[1]) - action[2]
        if not action[2]:
            return tr("act.tribute.silver", kept=kept, silver=silver)
        return tr("act.tribute", kept=kept, silver=silver, workers=action[2])
    if op == "shield_tile":
        row = state.black if action[1] == 0 else state.depots[action[1] - 1]
        kind = row[action[2]]
        return tr("act.shield_tile", tile=tile_label(KIND_NAMES[kind], lang) if kind >= 0
                       else "?", space=space_words(p, action[3], lang))
    if op == "shield_goods":
        return tr("act.shield_goods", goods=goods_label(action[1], lang))
    if op == "shield_storage":
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


# --- the module -----------------------------------------------------------------------------

@dataclass
class ShieldsView:
    """The shields on depots 1-6, how many Châteauma holds (face down), and per seat the
    shields on its castles (estate space -> shield number)."""
    depots: list[list[int]]
    face_down: int
    castles: list[dict[int, int]]

    def on_castles(self, seat: int) -> dict[int, int]:
        return self.castles[seat] if seat < len(self.castles) else {}


def _dealt(view: Any, sv: ShieldsView, e: Any) -> None:
    sv.depots = [list(d) for d in e.depots]


def _taken(view: Any, sv: ShieldsView, e: Any) -> None:
    if e.shield in sv.depots[e.depot - 1]:
        sv.depots[e.depot - 1].remove(e.shield)
    if e.by == "chateauma":
        sv.face_down += 1


def _placed(view: Any, sv: ShieldsView, e: Any) -> None:
    sv.castles[e.player][e.space] = e.shield


def _tribute(view: Any, sv: ShieldsView, e: Any) -> None:
    p = view.players[e.player]
    p.silver = max(0, p.silver - e.silver)
    p.workers = max(0, p.workers - e.workers)
    sv.castles[e.player] = {space: n for space, n in sv.castles[e.player].items()
                            if n not in e.lost}


def _storage_shrunk(view: Any, sv: ShieldsView, e: Any) -> None:
    view.players[e.player].storage = list(e.storage)


def _tile(view: Any, sv: ShieldsView, e: Any) -> None:
    view.take_from_board(e.depot, e.slot)


def _die_set(view: Any, sv: ShieldsView, e: Any) -> None:
    view.players[e.player].dice[e.die] = e.value


def _shield_effect_words(e: Any, who: str, lang: str) -> str:
    if e.what == "name":
        return i18n.tr("log.shield_named", lang, who=who, seat="ABCD"[e.value])
    return i18n.trn("log.shield_points", e.value, lang, who=who, shield=e.shield,
                    points=e.value)


def _taken_words(e: Any, who: str, lang: str) -> str:
    if e.by == "chateauma":
        return i18n.tr("log.shield_taken_chateauma", lang, who=who, depot=e.depot)
    return i18n.tr("log.shield_taken", lang, who=who, shield=e.shield, depot=e.depot)


def _placed_words(e: Any, who: str, lang: str) -> str:
    if e.replaced:
        return i18n.tr("log.shield_replaced", lang, who=who, shield=e.shield, old=e.replaced)
    return i18n.tr("log.shield_placed", lang, who=who, shield=e.shield)


def _tribute_words(e: Any, who: str, lang: str) -> str:
    line = i18n.tr("log.tribute", lang, who=who, silver=e.silver, workers=e.workers)
    if e.lost:
        line += " " + i18n.tr("log.tribute_lost", lang, shields=", ".join(map(str, e.lost)))
    return line


def _borrowed(view: Any, part: Any, e: Any) -> None:
    """Shield 6: the monastery tiles whose effects the seat has now, borrowed ones too."""
    view.players[e.player].knowledge = list(e.monasteries)


def _tile_flies_next(motion: Any, e: Any) -> None:
    """Shields 14 and 15: the tile placed next comes straight from this depot space."""
    motion.place_next_from(motion.scene.places.depot_pos(e.depot, e.slot),
                           ("depot", e.depot, e.slot))


@register
class Shields(TableModule):
    id = "shields"
    events: ClassVar[dict[str, Handler]] = {
        "ShieldsDealt": _dealt, "ShieldTaken": _taken, "ShieldPlaced": _placed,
        "TributePaid": _tribute, "StorageShrunk": _storage_shrunk, "ShieldTile": _tile,
        "DieSet": _die_set, "MonasteriesBorrowed": _borrowed}
    animations: ClassVar[dict[str, Animator]] = {"ShieldTile": _tile_flies_next}
    phase_end_paid: ClassVar[dict[str, tuple[str, Callable[[Any], int]]]] = {
        "TributePaid": ("table.banner.tribute", lambda e: e.silver + e.workers)}
    quiet: ClassVar[tuple[str, ...]] = ("ShieldEffect",)
    words: ClassVar[dict[str, Words]] = {
        "ShieldsDealt": lambda e, who, lang: i18n.tr(
            "log.shields_dealt", lang, shields=", ".join(str(n) for d in e.depots for n in d)),
        "ShieldTaken": _taken_words,
        "ShieldPlaced": _placed_words,
        "TributePaid": _tribute_words,
        "StorageShrunk": lambda e, who, lang: i18n.tr("log.storage_shrunk", lang, who=who),
        "ShieldTile": lambda e, who, lang: i18n.tr("log.shield_tile", lang, who=who,
                                                   shield=e.shield),
        "DieSet": lambda e, who, lang: i18n.tr("log.die_set", lang, who=who, die=e.die + 1,
                                               value=e.value),
        "ShieldEffect": _shield_effect_words}

    def glossary(self, name: str) -> list[tuple[str, str]]:
        """The tribute, and each shield's effect."""
        return [(name + ": " + i18n.tr("category.shields"), i18n.tr("glossary.shields.tribute")),
                *((shield_name(n), shield_tip(n)) for n in range(1, 19))]

    def part(self, state: Any) -> ShieldsView:
        return ShieldsView([list(d) for d in depot_shields(state)], face_down_shields(state),
                           [castle_shields(state, seat) for seat in range(state.n)])

    def paint_board(self, canvas: Canvas, view: Any, part: ShieldsView,
                    seat: int | None) -> None:
        paint_depot_shields(canvas, part.depots, part.face_down)

    def paint_over_tiles(self, canvas: Canvas, part: ShieldsView, seat: int,
                         centre: Any = None, size: float = g.ESTATE_HEX) -> None:
        paint_castle_shields(canvas, part.on_castles(seat), centre, size)

    def first_board_spots(self, table: Table, part: ShieldsView) -> list:
        return board_spots(part, lambda: _legal_now(table),
                           lambda depot: shield_workers(table.state, depot))

    def tile_spots(self, table: Table, part: ShieldsView) -> list:
        return estate_spots(part.on_castles(table.shown_seat), lambda: _legal_now(table))

    def paint_rings(self, canvas: Canvas, table: Table, part: ShieldsView, n: Any,
                    ring: Any) -> None:
        own = part.on_castles(table.shown_seat) if table.own_estate() else {}
        paint_rings(canvas, part.depots, own, n.legal, ring)

    def click(self, table: Table, part: ShieldsView, kind: str, key: Any) -> bool:
        if kind == "shield":
            # Take a shield from a depot (a pair, or shield 11).
            if table.can_act() and ("shield", *key) in table.narrowing.legal:
                table.choose(("shield", *key))
            return True
        if kind == "castle_shield":
            # A click on one's own shield 6 or 16 lists what it may do now.
            if table.can_act() and table.own_estate():
                table.offer(shield_options(table.narrowing.legal, key), "table.msg.shield")
            return True
        return False

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        return describe(action, state, lang)

    def choice_heading(self, options: list[tuple]) -> str | None:
        return "table.choose.shield" if options[0][0] in SHIELD_ACTIONS else None


def _legal_now(table: Table) -> list[tuple]:
    return table.narrowing.legal if table.can_act() and table.narrowing is not None else []
