"""A monastery tile's effect as a small picture, as the printed tiles show it.

A picture is written in a small vocabulary, one string per tile in the rules' data
(`knowledge.json` "picture", a rule set's "k6_picture" in `rulesets.json`), so a new tile
adds a record and no code:

    "ship animal > die:±1"          rows are split by " / "
    "points:4 / warehouse"          a token is an icon name, with an optional count
    "castle+mine+monastery > die:±1"  "a+b+c" draws up to four icons as one cluster

">" is an arrow (when ... then ...), "=" an equals sign; any other token names an icon of
`icons.ICONS`. A count ("+1", "±2", "4") is drawn beside its icon when it can be drawn at
`MIN_TEXT_PX` or larger, and left out on a tile too small for it: the icons alone still
tell the tiles apart, and the tooltip says the whole effect in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from ...rules import load_rules_data as load_json, rule_set
from .. import fonts
from .icons import ICONS, icon
from .palette import Colour

# The smallest number drawn inside artwork, in window pixels: the size of the smallest UI
# text in a 1280x720 window.
MIN_TEXT_PX = 13

ARROW = ">"
EQUALS = "="


@dataclass(frozen=True)
class Glyph:
    icons: tuple[str, ...]  # one icon, a cluster of up to four, or ARROW / EQUALS
    count: str = ""

    @property
    def sign(self) -> bool:
        return self.icons[0] in (ARROW, EQUALS)


def parse(spec: str) -> tuple[tuple[Glyph, ...], ...]:
    """Rows of glyphs; ValueError names a token the vocabulary does not have."""
    rows = []
    for row in spec.split(" / "):
        glyphs = []
        for token in row.split():
            if token in (ARROW, EQUALS):
                glyphs.append(Glyph((token,)))
                continue
            names, _, count = token.partition(":")
            parts = tuple(names.split("+"))
            unknown = [n for n in parts if n not in ICONS]
            if unknown or not 1 <= len(parts) <= 4:
                raise ValueError(f"picture {spec!r}: no icon {unknown or names!r}")
            glyphs.append(Glyph(parts, count))
        if not glyphs:
            raise ValueError(f"picture {spec!r} has an empty row")
        if glyphs[0].sign or glyphs[-1].sign:
            raise ValueError(f"picture {spec!r}: a sign stands between two icons")
        rows.append(tuple(glyphs))
    return tuple(rows)


@cache
def for_tile(number: int, rules: str) -> str:
    """Monastery tile ``number``'s picture under the rule set ``rules``."""
    entry = next(t for t in load_json("knowledge.json")["tiles"] if t["n"] == number)
    rs = rule_set(rules)
    raw = load_json("rulesets.json")["rulesets"][rules]
    return entry["picture"].format(k6=raw["k6_picture"], k15=rs.knowledge_15_points,
                                   k26=rs.knowledge_26_points)


def _count_image(count: str, px: int, ink: Colour) -> pygame.Surface:
    return fonts.get(px).render(count, True, ink)


def _layout(rows, cell: float, with_counts: bool, px: int) -> list[float]:
    widths = []
    for row in rows:
        w = 0.0
        for g in row:
            w += cell * (0.55 if g.sign else 1.0)
            if g.count and with_counts:
                w += fonts.get(px).size(g.count)[0] + cell * 0.05
        widths.append(w + cell * 0.12 * (len(row) - 1))
    return widths


# The smallest icon beside a count, as a share of the count's size: a smaller one is
# no longer told apart, and the picture leaves its counts out instead.
SMALLEST_ICON = 0.65


def _fit(rows, box: pygame.Rect) -> tuple[float, bool, int]:
    """The largest icon size for ``rows`` in ``box``, whether counts are drawn, their size."""
    cell = min(box.h / len(rows) * 0.92, box.w * 0.5)
    # Counts in proportion to the icons, never below the smallest readable size: the
    # icons shrink to make room for them.
    px = max(MIN_TEXT_PX, round(cell * 0.78))
    for _ in range(2):  # the counts' width does not shrink with the icons: fit twice
        widest = max(_layout(rows, cell, True, px))
        if widest > box.w:
            cell *= box.w / widest
            px = max(MIN_TEXT_PX, round(cell * 0.78))
    if cell >= px * SMALLEST_ICON and max(_layout(rows, cell, True, px)) <= box.w + 0.5:
        return cell, True, px
    cell = min(box.h / len(rows) * 0.92, box.w * 0.5)
    cell *= min(1.0, box.w / max(_layout(rows, cell, False, px)))
    return cell, False, px


def draw(surface: pygame.Surface, spec: str, box: pygame.Rect, ink: Colour) -> None:
    """Draw the picture ``spec`` centred in ``box``, as large as the box allows: in its
    rows, or on one line when that draws it larger."""
    rows = parse(spec)
    fits = [(_fit(rows, box), rows)]
    if len(rows) > 1:
        line = (tuple(g for row in rows for g in row),)
        fits.append((_fit(line, box), line))
    (cell, with_counts, px), rows = max(fits, key=lambda f: (f[0][1], f[0][0]))
    widths = _layout(rows, cell, with_counts, px)
    step = box.h / len(rows)
    for r, row in enumerate(rows):
        x = box.centerx - widths[r] / 2
        y = box.y + step * (r + 0.5)
        for g in row:
            x = _glyph(surface, g, x, y, cell, with_counts, px, ink) + cell * 0.12


# Where a cluster's icons sit, in half cells from the cell's centre.
_CLUSTER = {2: ((-0.5, -0.45), (0.5, 0.45)),
            3: ((-0.5, -0.5), (0.5, -0.5), (0, 0.5)),
            4: ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5))}


def _glyph(surface, g: Glyph, x: float, y: float, cell: float, with_counts: bool, px: int,
           ink: Colour) -> float:
    if g.count and with_counts:
        image = _count_image(g.count, px, ink)
        surface.blit(image, image.get_rect(midleft=(round(x), round(y))))
        x += image.get_width() + cell * 0.05
    if g.sign:
        w = cell * 0.55
        image = icon("arrow" if g.icons[0] == ARROW else "equals", round(cell * 0.6), ink)
        surface.blit(image, image.get_rect(center=(round(x + w / 2), round(y))))
        return x + w
    if len(g.icons) == 1:
        image = icon(g.icons[0], round(cell), ink)
        surface.blit(image, image.get_rect(center=(round(x + cell / 2), round(y))))
        return x + cell
    half = cell / 2
    for name, (dx, dy) in zip(g.icons, _CLUSTER[len(g.icons)]):
        image = icon(name, round(half * 1.04), ink)
        surface.blit(image, image.get_rect(center=(round(x + half + dx * half),
                                                   round(y + dy * half))))
    return x + cell
