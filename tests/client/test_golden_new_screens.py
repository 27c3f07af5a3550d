"""Golden screenshots of the screens the modules, replays, the tutorial, the results'
estates and the colour-blind scheme added (compared with a tolerance; regenerate with
UPDATE_GOLDEN=1 after an intended change, and look at the images before keeping them)."""

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
