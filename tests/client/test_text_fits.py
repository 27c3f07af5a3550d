"""Texts that once ran over their place fit it at every window size, in English and German:
the castle's extra action in the dice tray, Châteauma's bonus tiles at the foot of its
panel, and the modules' notes in the modules dialog."""

from __future__ import annotations

import itertools

import pygame
import pytest
from positions import table_at
from test_table_chateauma import chateauma_table

from game.rules.config import RULE_SETS
from game.scenes import i18n
from game.scenes.layout import Canvas, Viewport
from game.scenes.setup import SetupDraft
from game.scenes.setup_modules import ModulesDialog
from game.scenes.table import dice_panel, estate_view
from game.scenes.table import geometry as g

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
LANGUAGES = ["en", "de"]


def recorded(monkeypatch, module, name="text", layers=()):
    """Every (text, window rect) ``module`` draws with its ``name`` function; a text drawn
    into one of the ``layers`` is moved to where the layer lies in the window."""
    seen = []
    original = getattr(module, name)

    def recording(canvas, s, *args, **kwargs):
        rect = original(canvas, s, *args, **kwargs)
        layer = next((la for la in layers if canvas.surface is la.surface), None)
        seen.append((s, rect.move(layer.target.topleft) if layer else rect))
        return rect
    monkeypatch.setattr(module, name, recording)
    return seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_castles_extra_action_fits_the_tray_clear_of_the_dice(data_root, monkeypatch,
                                                                   lang):
    t = table_at("castle", data_root, language=lang)
    assert t.scene.narrowing.die == 2
    note = i18n.tr("table.castle_any")
    for size in SIZES:
        viewport = Viewport(size)
        seen = recorded(monkeypatch, dice_panel)
        t.stack.draw(pygame.Surface(size))
        monkeypatch.undo()
        words = [(s, r) for s, r in seen if s in note]
        assert " ".join(s for s, _ in words) == note, size
        tray = viewport.rect_to_window(g.DICE)
        dice = [viewport.rect_to_window(pygame.Rect(0, 0, g.DIE_SIZE, g.DIE_SIZE + 32).move(
            g.die_centre(d)[0] - g.DIE_SIZE / 2, g.die_centre(d)[1] - g.DIE_SIZE / 2))
                for d in range(3)]   # each die with its label under it
        for s, rect in words:
            assert tray.contains(rect), (s, size)
            assert rect.collidelist(dice) == -1, (s, size)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_chateaumas_bonus_tiles_keep_clear_of_the_panels_edge(data_root, monkeypatch, lang):
    stack, scene = chateauma_table(data_root, moves=60)
    i18n.set_language(lang)
    seat = next(s for s, pv in enumerate(scene.view.players) if pv.cm is not None)
    scene.shown_seat, scene.pinned = seat, True
    for size in SIZES:
        viewport = Viewport(size)
        labels = recorded(monkeypatch, estate_view, "fit_text", [scene.estate_layer])
        deck = recorded(monkeypatch, estate_view, "text", [scene.estate_layer])
        scene.estate_layer.key = None
        stack.draw(pygame.Surface(size))
        monkeypatch.undo()
        label = next(r for s, r in labels if s == i18n.tr("term.bonus_tiles"))
        side = viewport.rect_to_window(g.SIDE)
        lines = [r for s, r in labels + deck
                 if s != i18n.tr("term.bonus_tiles") and side.contains(r)]
        # Its line (with the font's leading) off the panel's border.
        assert side.bottom - label.bottom >= viewport.length(8), size
        # Lines may touch (a line's box includes the font's leading), never cross.
        inner = [r.inflate(-2, -max(2, r.h // 4)) for r in lines + [label]]
        assert inner[-1].collidelist(inner[:-1]) == -1, size
        tile = estate_view.cm_bonus_centre(0)
        assert side.bottom - viewport.to_window(*tile)[1] >= viewport.length(24), size


def drafts():
    """Each rule set with no module, and with modules that rule others out (whose notes
    then say why)."""
    for rules in RULE_SETS:
        yield SetupDraft(rules=rules)
        chosen = SetupDraft(rules=rules)
        for mid in ("boards_11_18", "tiles2"):
            if mid in chosen.offered_modules():
                chosen.toggle_module(mid)
        yield chosen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_module_note_is_cut_short(lang):
    i18n.set_language(lang)
    cut = []
    for draft, size in itertools.product(drafts(), SIZES):
        dialog = ModulesDialog(draft)
        canvas = Canvas(pygame.Surface(size))
        for mid, rect in dialog.note_rects.items():
            if rect.width < 120:
                continue   # a narrow note is only the toggle's tooltip
            text, _ = dialog.note(mid)
            lines, _ = dialog.note_lines(canvas, text, rect)
            if " ".join(lines) != " ".join(text.split()):
                cut.append((draft.rules, mid, size))
    assert cut == []
