"""A hint marks the very pieces of its move on the table (the space, the tile, the die),
apart from the ring round everything a click may choose, and words a space by what the
board shows (its colour, its die number, a tile next to it), never by an internal number."""

from __future__ import annotations

import random
import re

import pygame
from positions import table_at
from table_driver import make_table, settle

from game.rules import BORDER_POST_SPACES, COLOURS
from game.scenes import i18n
from game.scenes.table import geometry as g
from game.scenes.table import hint_marks
from game.scenes.table import painter
from game.scenes.table.log import describe_action


class _Answered:
    """A hint already worked out, as the session's worker hands it over."""

    done = True

    def __init__(self, action):
        self.action = action

    def result(self):
        return self.action


def _place_with_a_twin(data_root):
    """A table at a turn where a tile of the storage fits two spaces with one die."""
    for seed in range(1, 40):
        stack, scene, _ = make_table(data_root / str(seed), ("human", "random"), seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            settle(stack, scene)
            if scene.session.over:
                break
            legal = scene.state.legal_actions()
            places = [a for a in legal if a[0] == "place" and a[1] < 2]
            for a in places:
                twins = [b for b in places if b[:3] == a[:3] and b != a]
                if twins:
                    return stack, scene, a, twins
            scene.submit(rng.choice(legal))
    raise AssertionError("no turn with a tile that fits two spaces")


def test_a_hint_rings_its_own_space_tile_and_die_not_the_other_legal_space(data_root,
                                                                             monkeypatch):
    stack, scene, action, twins = _place_with_a_twin(data_root)
    scene.hint_move = _Answered(action)
    stack.update(1 / 60)
    assert scene.hint_action == action
    marked = []
    real = hint_marks.hex_outline
    monkeypatch.setattr(hint_marks, "hex_outline", lambda canvas, centre, size, colour, w: (
        marked.append((tuple(centre), colour)), real(canvas, centre, size, colour, w))[1])
    stack.draw(pygame.Surface((1280, 720)))
    ringed = {centre for centre, colour in marked if colour == hint_marks.MARK}
    assert tuple(g.estate_space_centre(action[3])) in ringed
    assert tuple(g.storage_centre(action[2])) in ringed
    for twin in twins:  # the ordinary highlight rings it too, the hint's mark does not
        assert tuple(g.estate_space_centre(twin[3])) not in ringed
    shapes = hint_marks.hint_shapes(scene, action)
    die = [where for shape, where, _ in shapes if shape == "rect"]
    x, y = g.die_centre(action[1])
    assert len(die) == 1 and pygame.Rect(die[0]).collidepoint(x, y)


def test_a_hint_names_a_space_by_colour_number_and_neighbour_in_both_languages(data_root):
    _stack, scene, action, _twins = _place_with_a_twin(data_root)
    state = scene.state
    p = state.players[state.current_player]
    board = p.board
    space = action[3]
    for lang in ("en", "de"):
        words = describe_action(action, state, lang)
        assert not re.search(r"(space|Feld) \d", words), words
        colour = i18n.tr(f"space.colour.{COLOURS[board.colour[space]]}", lang)
        assert colour in words and str(board.die[space]) in words
        # Placing needs a placed tile next to the space: the words name one.
        assert i18n.tr("space.next_to.castle", lang).split()[0] in words



def test_a_border_posts_tooltip_names_its_spaces_by_colour_and_number(data_root):
    """The spaces beside a border post are named as the board prints them."""
    t = table_at("border_posts", data_root, language="en")
    scene = t.scene
    pv = scene.view.players[scene.shown_seat]
    posts = [s for s in scene.spots.all() if s.kind == "border_post"]
    assert posts
    for spot in posts:
        tip = spot.tip()
        assert not re.search(r"space \d", tip), tip
        for space in BORDER_POST_SPACES[spot.key]:
            assert f"{pv.colours[space]} {pv.dice_numbers[space]}" in tip


def test_the_marks_stay_while_the_hint_is_on_show(data_root, monkeypatch):
    """Choosing another die first does not take the hint's marks away: they go with the
    hint (a move played, or Escape)."""
    t = table_at("hint", data_root, language="en")
    scene = t.scene
    action = scene.hint_shown.explanation.action
    other = next((d for d in scene.narrowing.dice_available() if d != action[1]), None)
    if other is not None:
        scene.steps.select_die(other)
    assert scene.hint_shown is not None
    drawn = []
    real = hint_marks.draw_hint_marks
    monkeypatch.setattr(painter, "draw_hint_marks", lambda canvas, table, a: (
        drawn.append(a), real(canvas, table, a)))
    t.stack.draw(pygame.Surface((1280, 720)))
    assert drawn == [action]
    assert scene.submit(action)
    drawn.clear()
    t.stack.draw(pygame.Surface((1280, 720)))
    assert drawn == []
