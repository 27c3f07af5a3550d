"""The game log names goods by their colour, as the rulebook does ("4x Rot, je 3x Lila und
Rosa", SE l.693), with the die number that sells them, and shows the goods, tiles and dice
a line names as small pictures before its words; the words stay whole, in both
languages."""

from __future__ import annotations

import re

import pygame
import pytest
from table_driver import make_table, settle
from test_table_chateauma import chateauma_table

from game.rules import events as ev
from game.scenes import i18n
from game.scenes.art import pieces
from game.scenes.layout import Viewport
from game.scenes.table import log_panel
from game.scenes.table.log import describe_event, event_icons, goods_label
from game.scenes.table.view import face_of

NAMES = ("Anna", "Ben")
GOODS_EVENTS = (ev.StartGoodsDealt(0, (1, 2, 2)), ev.GoodsRevealed(3, 6),
                ev.GoodsTaken(1, 3, (4, 5)), ev.GoodsSold(0, 4, 2))


def test_goods_are_named_by_their_colour_and_die_number():
    assert [goods_label(v, "en") for v in range(1, 7)] == [
        "yellow (1)", "red (2)", "blue (3)", "purple (4)", "green (5)", "brown (6)"]
    assert [goods_label(v, "de") for v in range(1, 7)] == [
        "Gelb (1)", "Rot (2)", "Blau (3)", "Lila (4)", "Grün (5)", "Braun (6)"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_log_line_names_goods_by_a_bare_number(lang):
    lines = [describe_event(e, NAMES, lang) for e in GOODS_EVENTS]
    for line, named in zip(lines, ((1, 2), (6,), (4, 5), (4,))):
        assert all(goods_label(v, lang) in line for v in named), line
        assert not re.search(r"(type|Sorte|goods|Warenkärtchen) \d", line), line
    assert lines[3] == {"en": "Anna sells 2 goods tiles: purple (4).",
                        "de": "Anna verkauft 2 Warenkärtchen: Lila (4)."}[lang]


def test_a_line_shows_the_goods_tiles_and_dice_it_names():
    assert event_icons(ev.StartGoodsDealt(0, (1, 2, 2))) == (
        ("goods", 1), ("goods", 2), ("goods", 2))
    assert event_icons(ev.GoodsRevealed(3, 6)) == (("goods", 6),)
    assert event_icons(ev.GoodsSold(0, 4, 2)) == (("goods", 4), ("goods", 4))
    assert event_icons(ev.TileTaken(0, "castle", 2, 0, 0)) == (("tile", "castle"),)
    assert event_icons(ev.TilePlaced(1, "church", 0, 12)) == (("tile", "church"),)
    assert event_icons(ev.DiceRolled(4, ((1, 2),))) == (("die", 4),)
    assert event_icons(ev.DieUsed(1, 0, 5, 1)) == (("seat_die", (5, 1)),)
    assert event_icons(ev.StartCastlePlaced(0, 19)) == (("tile", "castle"),)
    assert event_icons(ev.TurnStarted(0)) == ()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_log_panel_draws_the_pictures_before_the_whole_words(data_root, monkeypatch,
                                                                  lang):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=3)
    settle(stack, scene)
    i18n.set_language(lang)
    for e in GOODS_EVENTS + (ev.TileTaken(0, "castle", 2, 0, 0),):
        scene.log.add(e)
    images, words = [], []
    monkeypatch.setattr(log_panel, "blit_at", lambda c, image, pos: images.append(
        (image, pos)))
    original = log_panel.fit_text
    monkeypatch.setattr(log_panel, "fit_text", lambda c, s, pos, *a, **k: words.append(
        (s, pos, original(c, s, pos, *a, **k))) or words[-1][2])
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    box = log_panel.LogPanel(scene).rect.inflate(-30, -24)
    shown = dict((s, pos) for s, pos, _ in words)
    sold = describe_event(GOODS_EVENTS[3], tuple(scene.names), lang)
    assert sold in shown and shown[sold][0] > box.x   # the words follow the pictures
    viewport = Viewport((1280, 720))
    drawn = [image for image, _ in images]
    goods = pieces.goods_tile(4, viewport.length(log_panel.ICON))
    assert sum(image is goods for image in drawn) == 3   # two sold, one taken
    castle = pieces.hex_tile(face_of("castle"), viewport.length(log_panel.ICON / 2 + 2))
    assert any(image is castle for image in drawn)
    window = viewport.rect_to_window(box)
    assert [s for s, _, rect in words if rect.right > window.right + 1] == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_long_line_keeps_its_words_inside_the_log_before_its_pictures(data_root,
                                                                          monkeypatch, lang):
    """Six goods named and pictured in one line (Châteauma's start goods): the pictures
    close up, or give way, so that the words stay inside the log at every size."""
    stack, scene = chateauma_table(data_root)
    i18n.set_language(lang)
    scene.log.add(ev.StartGoodsDealt(1, (1, 2, 3, 4, 5, 6)))
    line = describe_event(ev.StartGoodsDealt(1, (1, 2, 3, 4, 5, 6)), tuple(scene.names), lang)
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        images, words = [], []
        monkeypatch.setattr(log_panel, "blit_at", lambda c, image, pos: images.append(pos))
        original = log_panel.fit_text
        monkeypatch.setattr(log_panel, "fit_text", lambda c, s, *a, **k: words.append(
            (s, original(c, s, *a, **k))) or words[-1][1])
        stack.draw(pygame.Surface(size))
        monkeypatch.undo()
        window = Viewport(size).rect_to_window(scene.log_panel.rect.inflate(-30, -24))
        rect = next(r for s, r in words if s == line)
        assert window.inflate(2, 0).contains(rect), size
        newest = [pos for pos in images if pos[1] == max(y for _, y in images)]
        assert len(newest) in (0, 6), size
