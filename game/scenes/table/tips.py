"""Tooltip texts: every tile, space and monastery tile with its effect in words, and the
places (`Spot`) that show them."""

from __future__ import annotations

import math
from typing import Any

import pygame

from ...rules import CHATEAUMA_CARDS as CARDS, CHATEAUMA_ESTATES as ESTATES, rule_set
from ...rules import load_rules_data as load_json
from .. import i18n
from ..art import faces
from . import geometry as g
from .estate_view import active_slot, white_die_range
from .log import tile_label
from .view import COLOURS, FACE_DOWN, PlayerView, face_of


class Spot:
    """A place on the table that answers clicks or shows a tooltip."""

    def __init__(self, kind: str, key: Any, centre: tuple[float, float], radius: float,
                 tip: Any = None, rect: pygame.Rect | None = None) -> None:
        self.kind = kind
        self.key = key
        self.centre = centre
        self.radius = radius
        self.tip = tip
        self.rect = rect or pygame.Rect(round(centre[0] - radius), round(centre[1] - radius),
                                        round(2 * radius), round(2 * radius))
        self._box = rect is not None

    def contains(self, pos: tuple[float, float]) -> bool:
        if self._box:
            return self.rect.collidepoint(pos)
        return math.hypot(pos[0] - self.centre[0], pos[1] - self.centre[1]) <= self.radius

    def tooltip_text(self) -> str | None:
        return self.tip() if callable(self.tip) else self.tip




def knowledge_text(number: int, rules: str, lang: str | None = None) -> str:
    """A monastery tile's effect as the rules data words it, filled in for the rule set."""
    lang = lang or i18n.language()
    entry = next(t for t in load_json("knowledge.json")["tiles"] if t["n"] == number)
    rs = rule_set(rules)
    raw = load_json("rulesets.json")["rulesets"][rules]
    text = entry.get(f"{lang}_{rules}") or entry.get(lang) or entry["en"]
    return text.format(
        k6_en=raw.get("k6_en", ""), k6_de=raw.get("k6_de", ""),
        k15=rs.knowledge_15_points, k26=rs.knowledge_26_points)


def tile_tip(tile: str | None, rules: str) -> str | None:
    """A tile's name and its effect, on one line."""
    face = face_of(tile)
    if face is None:
        return None
    name = tile_label(tile)
    return f"{name[:1].upper()}{name[1:]}: {tile_effect(tile, rules)}"


def tile_effect(tile: str, rules: str) -> str:
    """What a tile does, in words (its tooltip without its name)."""
    face = face_of(tile)
    if face is None:
        return ""
    if face.category in faces.MODULE_FRONTS:
        return faces.MODULE_FRONTS[face.category].effect(i18n.language())
    if face.category == "monastery":
        return knowledge_text(face.knowledge, rules)
    if face.category == "building":
        return i18n.tr(f"tip.building.{face.building}")
    if face.category == "animal":
        # A module's animals (geese, goats) score their own way; the base species alike.
        own = f"tip.animal.{face.species}"
        return (i18n.tr(own) if face.species not in faces.SPECIES
                else i18n.trn("tip.animal", face.animals, count=face.animals))
    return i18n.tr(f"tip.{face.category}")


def space_tip(colour: str, die: int, tile: str | None, rules: str) -> str:
    if tile == FACE_DOWN:
        return i18n.tr("tip.cm.face_down")
    if tile is not None:
        return tile_tip(tile, rules) or ""
    colour_name = i18n.tr(f"table.colour.{colour}")
    if not die:
        return i18n.tr("tip.space_plain", colour=colour_name)
    return i18n.tr("space.empty", colour=colour_name, die=die) + "\n" + i18n.tr(
        f"tip.place.{colour}")


# --- Châteauma's seat -----------------------------------------------------------------------

def _colour(colour: int | str) -> str:
    return i18n.tr(f"table.colour.{COLOURS[colour] if isinstance(colour, int) else colour}")


def cm_space_tip(pv: PlayerView, space: int, rules: str) -> str:
    cm = pv.cm
    layout = ESTATES[cm.estate_id]
    lines = [i18n.tr("tip.cm.space", colour=_colour(pv.colours[space]))]
    tile = pv.estate[space]
    if tile is not None:
        lines.append(space_tip(pv.colours[space], 0, tile, rules))
    if cm.stacks[space] > 1:
        lines.append(i18n.trn("tip.cm.stack", cm.stacks[space], count=cm.stacks[space]))
    marks = (("A", "tip.cm.mark_A", space in layout.face_down),
             ("B", "tip.cm.mark_B", space in layout.face_up),
             ("D", "tip.cm.extra_turn", space in layout.extra_turn))
    lines += [i18n.tr(key) for modifier, key, marked in marks
              if marked and modifier in cm.modifiers]
    return "\n".join(lines)


def cm_card_tip(pv: PlayerView, slot: int, white: int) -> str:
    cm = pv.cm
    card = cm.cards[slot]
    faces = white_die_range(slot)
    if not card:
        return i18n.tr("tip.cm.no_card") + "\n" + i18n.tr("tip.cm.inactive", faces=faces)
    data = CARDS[card]
    points = data.points.get(cm.level, 0)
    lines = [i18n.trn("tip.cm.card", points, card=card, points=points,
                      spaces=", ".join(_colour(c) for c in data.colours))]
    if white and active_slot(white) == slot:
        lines.append(i18n.tr("tip.cm.active", white=white, faces=white_die_range(0)))
    else:
        lines.append(i18n.tr("tip.cm.inactive", faces=faces))
    if data.provisional:
        lines.append(i18n.tr("tip.cm.card_provisional", note=data.provisional))
    return "\n".join(lines)


def cm_card_space_tip(pv: PlayerView, slot: int, space: int, rules: str) -> str:
    card = pv.cm.cards[slot]
    data = CARDS[card]
    lines = [i18n.tr("tip.cm.card_space", card=card, space=space + 1,
                     colour=_colour(data.colours[space]))]
    tiles = pv.cm.card_tiles[slot]
    tile = tiles[space] if space < len(tiles) else None
    if tile is not None:
        lines.append(space_tip(COLOURS[data.colours[space]], 0, tile, rules))
    if space in data.sell:
        lines.append(i18n.tr("tip.cm.sell"))
    return "\n".join(lines)


def cm_reserve_tip(pv: PlayerView, stack: int) -> str:
    tiles = pv.cm.reserve[stack]
    if stack >= len(COLOURS):
        return i18n.trn("tip.cm.jokers", len(tiles), count=len(tiles))
    if not tiles:
        return i18n.tr("tip.cm.reserve_empty", colour=_colour(stack))
    return i18n.tr("tip.cm.reserve", colour=_colour(stack),
                   tiles=", ".join(tile_label(t) for t in reversed(tiles)))


def chateauma_spots(pv: PlayerView, rules: str, white: int) -> list[Spot]:
    """Châteauma's estate spaces, area cards and their spaces, and reserve stacks."""
    spots = []
    for slot in (0, 1):
        card = pv.cm.cards[slot]
        count = len(CARDS[card].colours) if card else 0
        for i in range(count):
            spots.append(Spot("card_space", (slot, i), g.cm_card_space_centre(slot, i, count),
                              g.CM_CARD_HEX * 0.86,
                              lambda s=slot, i=i: cm_card_space_tip(pv, s, i, rules)))
    for slot in (0, 1):
        r = g.cm_card_rect(slot)
        spots.append(Spot("card", slot, r.center, 0, lambda s=slot: cm_card_tip(pv, s, white),
                          rect=r))
    for s in range(37):
        spots.append(Spot("space", s, g.cm_space_centre(s), g.CM_ESTATE_HEX * 0.86,
                          lambda s=s: cm_space_tip(pv, s, rules)))
    for i in range(len(pv.cm.reserve)):
        spots.append(Spot("reserve", i, g.cm_reserve_centre(i), 20,
                          lambda i=i: cm_reserve_tip(pv, i)))
    deck = g.CM_DECK
    spots.append(Spot("deck", None, deck.center, 0, lambda: i18n.tr("tip.cm.deck"), rect=deck))
    return spots
