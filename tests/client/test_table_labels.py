"""Every text the table draws stays inside its box, in English and German, at every
window size the layout is tested at: labels, tabs, the strip, the side panel, Châteauma's
cards, the log and the buttons."""

from __future__ import annotations

import itertools

import pygame
import pytest
from table_driver import make_table, settle
from test_table_chateauma import chateauma_table

from game.scenes import fonts, i18n
from game.scenes.layout import Viewport
from game.scenes.table import board_view, estate_view, estates_panel, paint
from game.scenes.table import painter
from game.scenes.table import geometry as g

_TEXT = paint.text
SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]


def boxes(scene):
    """The table's regions, in design units: a text belongs to the smallest one holding its
    centre and must lie inside it."""
    out = [g.BOARD, g.STRIP, g.LOG, g.PROMPT, g.DICE, g.BUTTONS, g.SIDE,
           g.ESTATE_BOX,
           g.cm_card_rect(0), g.cm_card_rect(1)]
    out += [estates_panel.card_rect(s, len(scene.names)) for s in range(len(scene.names))]
    r = 132
    out.append(pygame.Rect(g.RING_CENTRE[0] - r, g.RING_CENTRE[1] - r, 2 * r, 2 * r))
    return out


def drawn_texts(stack, scene, monkeypatch, size):
    """Draw the table once and return (text, window rect) for every line drawn."""
    seen = []
    original = _TEXT
    layers = (scene.background, scene.board.layer, scene.estate_layer, *scene.estates.cards,
              *scene.estates.popups)

    def recording(canvas, s, pos, size, colour, anchor="topleft"):
        rect = original(canvas, s, pos, size, colour, anchor)
        # Layers paint into their own surface: move their lines to window pixels.
        layer = next((la for la in layers if canvas.surface is la.surface), None)
        seen.append((s, rect.move(layer.target.topleft) if layer else rect))
        return rect
    for module in (paint, board_view, estate_view, estates_panel, painter):
        monkeypatch.setattr(module, "text", recording)
    for layer in layers:
        layer.key = None
    stack.draw(pygame.Surface(size))
    assert len(seen) > 40
    return seen


def overflowing(stack, scene, monkeypatch):
    return [bad for size in SIZES for bad in overflowing_at(stack, scene, monkeypatch, size)]


def overflowing_at(stack, scene, monkeypatch, size):
    viewport = Viewport(size)
    regions = [viewport.rect_to_window(b) for b in boxes(scene)]
    bad = []
    drawn = drawn_texts(stack, scene, monkeypatch, size)
    # Lines may touch (a line's box includes the font's leading), never cross.
    lines = [(s, rect.inflate(-2, -max(2, rect.h // 4))) for s, rect in drawn if s.strip()]
    for (a, ra), (b, rb) in itertools.combinations(lines, 2):
        if ra.colliderect(rb):
            bad.append((a, b, "overlap", size))
    for s, rect in drawn:
        holders = [b for b in regions if b.collidepoint(rect.center)]
        if not holders:
            bad.append((s, rect, None))
            continue
        box = min(holders, key=lambda b: b.w * b.h)
        if not box.inflate(2, 2).contains(rect):
            bad.append((s, rect, box))
    for button in list(scene.panels) + list(scene.choices.panels):
        label = button.label() if callable(button.label) else i18n.tr(button.label)
        width = viewport.length(button.rect.w - 12)
        font = fonts.get(viewport.length(getattr(button, "fitted_size", button.font_size)))
        if font.size(label)[0] > width:
            bad.append((label, button.rect, "button", size))
    return bad


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_table_labels_fit_their_boxes(data_root, lang, monkeypatch):
    stack, scene, _ = make_table(data_root, ("human", "medium"), seed=3)
    settle(stack, scene)
    i18n.set_language(lang)
    assert overflowing(stack, scene, monkeypatch) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_chateauma_labels_fit_their_boxes(data_root, lang, monkeypatch):
    stack, scene = chateauma_table(data_root, moves=60)
    i18n.set_language(lang)
    assert overflowing(stack, scene, monkeypatch) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_long_option_list_fits(data_root, lang, monkeypatch):
    from test_table_choices import many_options
    stack, scene = many_options(data_root)
    i18n.set_language(lang)
    scene.choices.build(scene.choices.page)
    assert overflowing(stack, scene, monkeypatch) == []
