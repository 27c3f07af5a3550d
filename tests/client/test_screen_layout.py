"""Every screen fits every common window and its text is readable.

Each screen of `screens.SCREENS` is drawn at 1024x600, 1280x720, 1366x768, 1920x1080 and
3840x2160 while every text the client renders is recorded (its font size in pixels and
where it lands in the window): nothing may leave the window, no two widgets may overlap,
and from 1280x720 up no text may be smaller than MIN_TEXT_PX. The table's own regions
are checked in design units, once, since every window shows them uniformly scaled.
"""

from __future__ import annotations

import functools
import itertools
import sys
from dataclasses import dataclass, field

import pygame
import pytest
import screens

from game.scenes import fonts, i18n
from game.scenes.layout import DESIGN_RECT, Canvas, Viewport
from game.scenes.art.hexgrid import estate_extent
from game.scenes.table import estate_view, estates_panel
from game.scenes.table import geometry as g
from game.scenes.table.scene import TableScene
from game.scenes.ui.widgets import Label, fitted_lines, resolve

SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]
# The smallest font size, in window pixels, that any text may have in a 1280x720 window
# (and so in any larger one).
MIN_TEXT_PX = 13


@dataclass
class Drawn:
    """What one frame rendered: (pixel size, text) of every line, and where lines landed."""

    sizes: list[tuple[int, str]] = field(default_factory=list)
    placed: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    images: dict[int, str] = field(default_factory=dict)
    # (text, where it landed, the clip in force): a line its box's clip cuts is unreadable.
    clipped: list[tuple[str, pygame.Rect, pygame.Rect]] = field(default_factory=list)


class RecordingSurface(pygame.Surface):
    """A window surface that notes where rendered lines of text are blitted."""

    drawn: Drawn

    def blit(self, source, dest, area=None, special_flags=0):
        text = self.drawn.images.get(id(source))
        if text is not None and area is None:
            at = dest if isinstance(dest, pygame.Rect) else pygame.Rect(dest, (0, 0))
            rect = source.get_rect(topleft=at.topleft)
            self.drawn.placed.append((text, rect))
            # A line box is a little taller than its letters: a pixel or two may be cut.
            if not self.get_clip().inflate(4, 4).contains(rect):
                self.drawn.clipped.append((text, rect, self.get_clip()))
        return super().blit(source, dest, area, special_flags)


def _clear_caches():
    """Rendered text is cached in several places; a recording must see every line."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("game.scenes"):
            continue
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


@pytest.fixture
def record(monkeypatch):
    """``record(stack, size)`` draws the stack once and returns what it rendered."""
    original = fonts.get

    def draw(stack, size):
        drawn = Drawn()

        class RecordingFont(pygame.font.Font):
            def render(self, text, *args, **kwargs):
                image = super().render(text, *args, **kwargs)
                drawn.sizes.append((self.pixel_size, text))
                drawn.images[id(image)] = text
                return image

        def get(pixel_size):
            drawn_size = max(fonts.SMALL_WINDOW_PIXEL_SIZE, int(pixel_size))  # as fonts.get
            font = RecordingFont(fonts.FONT_PATH, drawn_size)
            font.pixel_size = drawn_size
            return font

        monkeypatch.setattr(fonts, "get", get)
        _clear_caches()
        screens.forget_painted_layers(stack)
        surface = RecordingSurface(size)
        surface.drawn = drawn
        stack.draw(surface)
        monkeypatch.setattr(fonts, "get", original)
        _clear_caches()
        return drawn
    return draw


def widgets(scene):
    if isinstance(scene, TableScene):
        return [p for p in itertools.chain(scene.panels, scene.choices.panels) if p.visible]
    return [p for p in scene.panels if p.visible]


def overlaps(rects):
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects, 2)
            if ra.colliderect(rb)]


def problems(drawn, size):
    """Lines outside the window and, from 1280x720 up, lines under MIN_TEXT_PX."""
    window = pygame.Rect((0, 0), size)
    bad = [("outside", t, r) for t, r in drawn.placed if t.strip() and not window.contains(r)]
    bad += [("cut off", t, r) for t, r, _clip in drawn.clipped if t.strip()]
    if Viewport(size).scale >= Viewport((1280, 720)).scale:
        bad += sorted({("small", t, px) for px, t in drawn.sizes
                       if t.strip() and px < MIN_TEXT_PX})
    return bad


@pytest.mark.parametrize("name", list(screens.SCREENS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_screen_fits_every_window_with_readable_text(data_root, record, name, lang):
    stack, scene = screens.SCREENS[name](data_root)
    i18n.set_language(lang)
    stack.update(1 / 60)
    boxes = [(w.name, w.rect) for w in widgets(scene)]
    assert [b for b in boxes if not DESIGN_RECT.contains(b[1])] == []
    assert overlaps(boxes) == []
    labels = [w for w in widgets(scene) if isinstance(w, Label)]
    for size in SIZES:
        drawn = record(stack, size)
        assert drawn.sizes, "nothing was drawn"
        assert problems(drawn, size) == [], f"{name} at {size}"
        canvas = Canvas(pygame.Surface(size))
        for label in labels:  # a label's box may set its text smaller, never cut it short
            whole = resolve(label.text) or ""
            lines, _size = fitted_lines(canvas, whole, label.font_size, *label.rect.size)
            assert " ".join(lines).split() == whole.split(), f"{name} at {size}: {whole}"


def test_a_line_too_small_or_past_the_edge_fails_the_check(data_root, record):
    stack, scene = screens.title(data_root)
    original = scene.draw_foreground

    def stray(canvas):
        original(canvas)
        # 18 design units: 12 px at 1280x720, 13 px at 1366x768.
        canvas.text("too small", (100, 100), 18, (0, 0, 0))
        canvas.text("too far", (1900, 1070), 30, (0, 0, 0))
    scene.draw_foreground = stray
    for size in SIZES:
        found = {(kind, t) for kind, t, _ in problems(record(stack, size), size)}
        assert ("outside", "too far") in found
        assert (("small", "too small") in found) == (size == (1280, 720))


def table_regions():
    """The table's top-level regions in design units (the board holds the strip)."""
    estate = pygame.Rect(estate_view.REGION)
    return {"board": g.BOARD, "log": g.LOG, "seats": g.SEATS, "estate": estate,
            "prompt": g.PROMPT, "dice": g.DICE, "buttons": g.BUTTONS}


def test_the_table_regions_lie_inside_the_design_space_apart():
    regions = table_regions()
    assert [n for n, r in regions.items() if not DESIGN_RECT.contains(r)] == []
    assert overlaps(list(regions.items())) == []
    assert g.BOARD.contains(g.STRIP)
    assert pygame.Rect(estate_view.REGION).contains(g.SIDE)
    for players in (2, 3, 4):
        cards = [(s, estates_panel.card_rect(s, players)) for s in range(players)]
        assert all(g.SEATS.contains(r) for _, r in cards)
        assert overlaps(cards) == []
        for seat, card in cards:
            # The miniature and the supplies beside it lie inside the card, apart.
            mini = pygame.Rect(0, 0, *estate_extent(g.MINI_HEX))
            mini.center = estates_panel.mini_centre(seat, players)
            supplies = [pygame.Rect(x - 11, y - 11, 50, 22) for x, y in
                        (estates_panel.supply_centre(seat, players, row) for row in range(3))]
            assert all(card.contains(r) for r in [mini] + supplies)
            assert mini.collidelist(supplies) == -1
            popup = estates_panel.popup_rect(seat, players)
            assert g.SEATS.left <= popup.left and popup.right <= g.SEATS.right
            assert popup.top >= g.SEATS.bottom and popup.bottom <= g.PROMPT.top
    # Monastery tiles, however many a player holds, stay in the side panel and clear of the
    # bonus tiles.
    bonus = [pygame.Rect(x - 17, y - 17, 34, 34) for x, y in map(g.bonus_tile_centre, range(6))]
    assert all(g.SIDE.contains(r) for r in bonus)
    for count in range(1, 19):
        tiles = []
        for i in range(count):
            (x, y), r = g.knowledge_slot(i, count)
            tiles.append(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
        assert all(g.SIDE.contains(t) for t in tiles), count
        assert all(t.collidelist(bonus) == -1 for t in tiles), count
    estate = pygame.Rect(0, 0, *estate_extent(g.ESTATE_HEX))
    estate.center = g.ESTATE_CENTRE
    assert g.ESTATE_BOX.contains(estate) and not estate.colliderect(g.SIDE)
    buttons = [(i, g.button_rect(i)) for i in range(6)]
    assert all(g.BUTTONS.contains(r) for _, r in buttons)
    assert overlaps(buttons) == []
    for die in range(3):
        x, y = g.die_centre(die)
        assert g.DICE.contains(pygame.Rect(x - g.DIE_SIZE / 2, y - g.DIE_SIZE / 2,
                                           g.DIE_SIZE, g.DIE_SIZE))
    assert g.LOG.bottom <= DESIGN_RECT.bottom and g.DICE.bottom <= DESIGN_RECT.bottom
