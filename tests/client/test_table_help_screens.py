"""The table's help for a new player, at every common window size in both languages:
the end-turn question for unused dice, a ship's goods to choose (pointer on an option),
a hint in the tutorial's box and a hint ringed on the table.

Golden pictures of the end-turn question at 1024x600, 1280x720 and 1920x1080 in English
and German, and of a ship's goods to choose (the hints' words depend on a timed search,
so they are checked by the layout test and the sweep, not by pictures). The pointer
sweep of test_pointer_sweep.py runs over them at 1024x600 too (it covers the larger
sizes for every position already). Regenerate the pictures with UPDATE_GOLDEN=1 after an
intended change, and look at them before keeping them."""

from __future__ import annotations

import pygame
import pytest
import test_pointer_sweep as sweep
from golden_images import compare_golden
from screens import SCREENS

from game.scenes import i18n

SIZES = ((1024, 600), (1280, 720), (1920, 1080))
LANGUAGES = ("en", "de")
SWEPT = ("table:confirm", "table:ship", "table:tutorial_hint", "table:hint")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_golden_end_turn_question(data_root, lang, size):
    stack, _top = SCREENS["table_end_unused"](data_root)
    i18n.set_language(lang)
    stack.update(1 / 60)
    surface = pygame.Surface(size)
    stack.draw(surface)
    compare_golden(surface, f"table_end_unused_{lang}_{size[0]}x{size[1]}.png")


def test_golden_ship_goods(data_root):
    stack, _top = SCREENS["table_ship"](data_root)
    i18n.set_language("en")
    stack.update(1 / 60)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, "table_ship_goods.png")


@pytest.fixture(scope="module")
def window():
    w = pygame.Window("sweep", SIZES[0])
    yield w
    w.destroy()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", SWEPT)
def test_no_pointer_position_click_or_key_crashes_in_a_small_window(case, lang, window,
                                                                      tmp_path, monkeypatch):
    sweep.test_no_pointer_position_click_or_key_crashes(case, lang, (1024, 600), window,
                                                         tmp_path, monkeypatch)
