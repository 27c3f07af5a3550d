"""Long option lists: every legal option of a listed decision is reachable from the list,
a page at a time, by clicks, keys and the mouse wheel."""

from __future__ import annotations

import random

import pygame
import pytest
from client_events import key, motion, wheel
from table_driver import click_button, make_table, settle

from game.rules import action_text
from game.scenes.table import geometry as g
from game.scenes.table.buttons_panel import PAGE_SIZE, UNPAGED
from game.scenes.table.seam import listed_decisions


def many_options(data_root):
    """A table where a person faces a listed decision with more than UNPAGED options."""
    # Seed 22 reaches a ship choice among 12 depots' goods after 110 random moves; the
    # others are there in case the rules ever order their actions differently.
    for seed in [22] + list(range(22)):
        stack, scene, _ = make_table(data_root / str(seed), ("human", "human"), seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            settle(stack, scene)
            if scene.session.over:
                break
            n = scene.narrowing
            if n.decision in listed_decisions() and len(n.legal) > UNPAGED:
                return stack, scene
            scene.submit(rng.choice(scene.state.legal_actions()))
    raise AssertionError("no long option list came up")


def test_every_option_is_reachable_page_by_page(data_root):
    stack, scene = many_options(data_root)
    legal = scene.narrowing.legal
    pages = scene.choices.pages()
    assert pages == -(-len(legal) // PAGE_SIZE) > 1
    assert len(scene.choices.buttons) == PAGE_SIZE
    prev, nxt = scene.choices.page_buttons
    assert not prev.enabled and nxt.enabled
    seen = []
    for page in range(pages):
        assert scene.choices.page == page
        seen += [b.action for b in scene.choices.buttons]
        for b in scene.choices.buttons:  # every button lies inside the choice box
            assert g.CHOICE.contains(b.rect)
        if page < pages - 1:
            click_button(stack, scene.choices.page_buttons[1])
    assert sorted(seen) == sorted(legal)
    assert not scene.choices.page_buttons[1].enabled
    # The last page's option is played by a click.
    action = scene.choices.buttons[-1].action
    steps = len(scene.session.match.record.steps)
    click_button(stack, scene.choices.buttons[-1])
    played = [s["action"] for s in scene.session.match.record.steps[steps:] if "action" in s]
    assert played[:1] == [action_text(action)]


def test_page_keys_and_the_mouse_wheel_turn_pages(data_root):
    stack, scene = many_options(data_root)
    stack.handle_event(key(pygame.K_PAGEDOWN))
    assert scene.choices.page == 1
    stack.handle_event(key(pygame.K_PAGEUP))
    assert scene.choices.page == 0
    stack.handle_event(key(pygame.K_PAGEUP))
    assert scene.choices.page == 0
    stack.handle_event(motion(g.CHOICE.center))
    stack.handle_event(wheel(-1))
    assert scene.choices.page == 1
    stack.handle_event(wheel(1))
    assert scene.choices.page == 0
    # Over the log, the wheel still scrolls the log.
    stack.handle_event(motion(g.LOG.center))
    stack.handle_event(wheel(1))
    assert scene.choices.page == 0


def test_the_page_is_drawn_and_labelled(data_root):
    stack, scene = many_options(data_root)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    assert scene.choices.page_buttons[1].tooltip_text()


# Tiles a church may take in the pick_church position: (depot, place) of depots 1-6.
CHURCH_PICKS = [("pick", 1, 0), ("pick", 1, 1), ("pick", 3, 0), ("pick", 4, 0),
                ("pick", 6, 1)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("extra", [2, 5])
def test_declining_never_stands_alone_on_a_page(data_root, lang, extra):
    """The church's choice (a mine, monastery or castle from the depots, or declining):
    four options and Decline fit on one page; a longer list shows Decline in the last row
    of every page, and every page lists options besides it."""
    from positions import hand_made, table_at
    t = table_at("pick_church", data_root, language=lang)
    hand_made(t, None, CHURCH_PICKS[:extra])
    scene = t.scene
    legal = scene.narrowing.legal
    options = [a for a in legal if a != ("decline",)]
    assert ("decline",) in legal and len(options) == 2 + extra
    if len(legal) <= 5:
        assert scene.choices.pages() == 1 and not scene.choices.page_buttons
    seen = set()
    for page in range(scene.choices.pages()):
        assert scene.choices.page == page
        shown = [b.action for b in scene.choices.buttons]
        assert ("decline",) in shown and len(shown) > 1
        decline = next(b for b in scene.choices.buttons if b.action == ("decline",))
        assert decline.rect.bottom == max(b.rect.bottom for b in scene.choices.buttons)
        assert all(g.CHOICE.contains(b.rect) for b in scene.choices.buttons)
        seen.update(shown)
        if page < scene.choices.pages() - 1:
            click_button(t.stack, scene.choices.page_buttons[1])
    assert seen == set(legal)
