"""Golden screenshots of the table, compared with a tolerance.

Regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the new images
before keeping them (a mismatch writes NAME.actual.png beside the golden file)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import numpy
import pygame
import pytest
from table_driver import click_spot, make_table, settle

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def compare(surface: pygame.Surface, name: str) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"{path.name} is missing; run with UPDATE_GOLDEN=1 to create it")
        path.parent.mkdir(exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    expected = pygame.surfarray.array3d(pygame.image.load(str(path))).astype(int)
    actual = pygame.surfarray.array3d(surface).astype(int)
    diff = numpy.abs(expected - actual).max(axis=2) if expected.shape == actual.shape else None
    # Tolerates antialiasing and font-hinting differences, not a changed picture.
    if diff is None or diff.mean() >= 1.5 or (diff > 48).mean() >= 0.005:
        pygame.image.save(surface, str(path.with_suffix(".actual.png")))
        pytest.fail(f"the table differs from {path.name}; see {path.stem}.actual.png beside it")


def midgame(data_root, moves=40):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=11)
    rng = random.Random(11)
    for _ in range(moves):
        settle(stack, scene)
        scene.submit(rng.choice(scene.state.legal_actions()))
    settle(stack, scene)
    return stack, scene


def test_golden_table_mid_game(data_root):
    stack, _scene = midgame(data_root)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare(surface, "table_mid_game.png")


def test_golden_table_with_a_die_chosen(data_root):
    stack, scene = midgame(data_root)
    click_spot(stack, scene, "die", scene.narrowing.dice_available()[0])
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare(surface, "table_die_chosen.png")


def test_golden_table_choosing_an_estate(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=2, board_mode="advanced")
    settle(stack, scene)
    assert scene.state.decision == "board"
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare(surface, "table_choose_estate.png")
