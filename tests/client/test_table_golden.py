"""Golden screenshots of the table, compared with a tolerance.

Regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the new images
before keeping them (a mismatch writes NAME.actual.png beside the golden file)."""

from __future__ import annotations

import pygame
from golden_images import compare_golden
from screens import table_two
from table_driver import click_spot, make_table, settle

def midgame(data_root):
    return table_two(data_root)


def test_golden_table_mid_game(data_root):
    stack, _scene = midgame(data_root)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, "table_mid_game.png")


def test_golden_table_with_a_die_chosen(data_root):
    stack, scene = midgame(data_root)
    click_spot(stack, scene, "die", scene.narrowing.dice_available()[0])
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, "table_die_chosen.png")


def test_golden_table_choosing_an_estate(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=2, board_mode="advanced")
    settle(stack, scene)
    assert scene.state.decision == "board"
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, "table_choose_estate.png")
