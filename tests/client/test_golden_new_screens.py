"""Golden screenshots of the screens the modules, replays, the tutorial, the results'
estates and the colour-blind scheme added, and of the load list with games in progress
and the dialogs at three window sizes in both languages (compared with a tolerance;
regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the images before
keeping them)."""

from __future__ import annotations

import pygame
import pytest
from golden_images import compare_golden
from screens import SCREENS

from game.scenes import i18n

NEW_SCREENS = ("modules_dialog", "table_crane", "table_geese", "replay_paused",
               "tutorial_take", "results_estates", "table_colour_blind")


@pytest.mark.parametrize("name", NEW_SCREENS)
def test_golden_new_screen(data_root, name):
    i18n.set_language("en")
    stack, scene = SCREENS[name](data_root)
    if hasattr(scene, "focus"):
        scene.focus.focus(None)  # where the keyboard focus rests is not the picture
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, f"{name}.png")


# The load list with games in progress and the dialogs, at the smallest window, the
# common one and full HD, in English and German.
DIALOG_SCREENS = ("load_in_progress", "load_in_progress_delete", "dialog_question",
                  "dialog_message", "dialog_already_open")
SIZES = ((1024, 600), (1280, 720), (1920, 1080))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", DIALOG_SCREENS)
def test_golden_load_list_and_dialogs(data_root, monkeypatch, name, size, lang):
    from game.scenes import load_menu
    # Dates in the machine's time zone would differ between machines.
    monkeypatch.setattr(load_menu, "format_saved_at",
                        lambda when: when.strftime("%Y-%m-%d %H:%M"))
    stack, scene = SCREENS[name](data_root)
    i18n.set_language(lang)
    for shown in stack.scenes:
        if hasattr(shown, "focus"):
            shown.focus.focus(None)
    surface = pygame.Surface(size)
    stack.draw(surface)
    compare_golden(surface, f"{name}_{lang}_{size[0]}x{size[1]}.png")
