"""The table's cached pictures never show a stale state: the board, the estate shown large,
the seats' cards and the felt are painted once into layers composed into one backdrop
(paint.Backdrop), and a frame drawn from those caches must equal a frame painted from
scratch after any change (a tile taken or placed, a marker moved, a card hovered, another
estate shown large)."""

from __future__ import annotations

import random

import pygame
import pytest
from table_driver import make_table, step

from game.scenes import app
from game.scenes.table import estates_panel
from game.scenes.table import geometry as g
from game.scenes.table.paint import Backdrop


def _cached_layers(scene):
    return [scene.background, scene.board.layer, scene.estate_layer, *scene.estates.cards,
            *scene.estates.popups]


def from_scratch(stack, scene, size) -> pygame.Surface:
    """The frame as it looks with nothing cached: every layer and the backdrop painted
    anew (the scene's own caches are put back afterwards, untouched)."""
    layers = _cached_layers(scene)
    saved = [(layer.key, layer.surface) for layer in layers]
    backdrop = scene.backdrop
    for layer in layers:
        layer.key, layer.surface = None, None
    scene.backdrop = Backdrop()
    surface = pygame.Surface(size)
    stack.draw(surface)
    for layer, (key, image) in zip(layers, saved):
        layer.key, layer.surface = key, image
    scene.backdrop = backdrop
    return surface


def motion(stack, pos):
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()))


@pytest.mark.parametrize("size, seed", [((1280, 720), 5), ((1100, 760), 8)])
def test_cached_frames_equal_frames_painted_from_scratch(data_root, size, seed):
    stack, scene, _ = make_table(data_root, ("random", "random", "random"), seed=seed,
                                 speed="fast")
    rng = random.Random(seed)
    window = pygame.Surface(size)   # one window, drawn into frame after frame
    compared = repaints = 0
    for frame in range(900):
        step(stack)
        if rng.random() < 0.05:   # the pointer over a seat's card, the board, or away
            seat = rng.randrange(3)
            motion(stack, rng.choice([estates_panel.card_rect(seat, 3).center,
                                      g.BOARD.center, (5, 5)]))
        if rng.random() < 0.01:   # another estate shown large, or back to the seat to move
            scene.view_seat(rng.randrange(3))
        before = scene.backdrop.copies
        stack.draw(window)
        repaints += scene.backdrop.copies > before
        if frame % 15 == 0 or scene.backdrop.copies > before:
            expected = from_scratch(stack, scene, size)
            assert pygame.image.tobytes(window, "RGB") == \
                pygame.image.tobytes(expected, "RGB"), f"frame {frame}"
            compared += 1
        if scene.session.over:
            break
    # The game moved on while it was watched: layers were repainted and compared.
    assert repaints > 20 and compared > 60


@pytest.mark.parametrize("size", [(1100, 760), (1600, 700), (1920, 1080)])
def test_a_frame_clears_only_the_letterbox_and_the_table_covers_the_rest(data_root, size):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=2)
    step(stack, 30)
    assert stack.covers_design_area()
    cleared = pygame.Surface(size)
    cleared.fill((255, 0, 255))   # what the window held before: none of it may remain
    app.clear(cleared, stack)
    stack.draw(cleared)
    filled = pygame.Surface(size)
    filled.fill(app.theme.LETTERBOX)
    stack.draw(filled)
    assert pygame.image.tobytes(cleared, "RGB") == pygame.image.tobytes(filled, "RGB")
