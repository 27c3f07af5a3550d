"""The hint panel: the move and why in a sentence, in the log's place until a move is
played; the sentence's wording in English and German (hint_text.py)."""

from __future__ import annotations

import pygame
from client_events import key
from positions import table_at

from game.ai.explain import Explanation, Reason
from game.scenes import i18n
from game.scenes.art import palette
from game.scenes.layout import Canvas
from game.scenes.table import hint_panel, paint
from game.scenes.table.hint_text import explanation_text, reason_text


def _motion(stack, pos):
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))


def test_the_hint_panel_shows_the_move_and_a_sentence(data_root):
    t = table_at("hint", data_root, language="en")
    scene = t.scene
    move, why, _plan = scene.hint_panel.words()
    assert move and why.endswith(".") and len(why.split()) >= 4
    assert scene.hint_shown.explanation.action == scene.hint_action
    for size in ((1280, 720), (1920, 1080)):
        canvas = Canvas(pygame.Surface(size))
        lines = scene.hint_panel.lines(canvas)
        assert lines[0][0] == move and len(lines) >= 2  # the move, then why
        box = scene.log_panel.rect.inflate(-30, -24)
        assert all(canvas.font(s).size(line)[0] <= canvas.length(box.w) for line, s, _ in lines)
    i18n.set_language("de")
    _move, warum, _plan = scene.hint_panel.words()
    assert warum != why and ("Siegpunkt" in warum or "KI" in warum or "Zug" in warum)


def _contrast(a, b):
    """WCAG's contrast ratio of two colours."""
    def lum(c):
        r, g, b = ((x / 255 / 12.92 if x / 255 <= 0.03928 else ((x / 255 + 0.055) / 1.055)
                    ** 2.4) for x in c[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_planned_turn_is_as_large_as_the_sentence_and_stands_out(data_root):
    """The planned turn, the hint's last lines, is no smaller than the sentence before it
    and reads at a contrast of at least 7:1 on the log's wood, in every window."""
    t = table_at("hint", data_root, language="en")
    scene = t.scene
    assert scene.hint_panel.words()[2].startswith("Planned turn")
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        lines = scene.hint_panel.lines(Canvas(pygame.Surface(size)))
        why = {s for _line, s, colour in lines if colour == hint_panel.WHY}
        plan = [(line, s) for line, s, colour in lines if colour == hint_panel.PLAN]
        assert plan and plan[0][0].startswith("Planned turn"), size
        assert {s for _line, s in plan} == why, size
    assert _contrast(hint_panel.PLAN, palette.darker(paint.WOOD, 0.35)) >= 7


def test_resting_on_the_panel_says_how_the_hint_is_worked_out(data_root):
    t = table_at("hint", data_root, language="en")
    scene = t.scene
    _motion(t.stack, scene.log_panel.rect.center)
    assert scene.tooltips.target is scene.hint_panel
    assert "best turn that starts with another move" in scene.tooltips.target.tooltip_text()


def test_the_hint_stays_until_a_move_and_escape_brings_the_log_back(data_root):
    t = table_at("hint", data_root, language="en")
    scene = t.scene
    action = scene.hint_action
    assert scene.submit(action)
    assert scene.hint_shown is None
    t2 = table_at("hint", data_root, language="en")
    for _ in range(3):
        t2.stack.handle_event(key(pygame.K_ESCAPE))
        if t2.scene.hint_shown is None:
            break
    assert t2.scene.hint_shown is None


def _explanation(*reasons, gain=2.5, how="search"):
    return Explanation(("end",), (("end",),), tuple(reasons), gain, 0, how)


def test_the_sentence_names_the_area_and_its_points_in_both_languages():
    area = Reason("area", False, 12, {"colour": "castle", "size": 3})
    e = _explanation(area)
    en = explanation_text(e, ("Anna", "Bernd"), "special", "en")
    de = explanation_text(e, ("Anna", "Bernd"), "special", "de")
    assert "castle area of size 3" in en and "12 points" in en and "+2.5" in en
    assert "Gebiet (Burg) der Größe 3" in de and "12 Siegpunkte" in de and "+2,5" in de


def test_a_sale_names_silver_and_points_and_a_bonus_its_rank():
    sale = Reason("sale", False, 9, {"goods": 4, "count": 3, "silver": 1, "workers": 0})
    words = reason_text(sale, (), "special", "en")
    assert "3 purple (4) goods tiles" in words and "1 silver and 9 points" in words
    bonus = Reason("colour_bonus", False, 5, {"colour": "mine", "rank": 2})
    assert "second bonus tile" in reason_text(bonus, (), "special", "en")
    assert "zweite Bonuskärtchen" in reason_text(bonus, (), "special", "de")


def test_later_facts_and_an_opponents_area_are_said_so():
    later = Reason("castle", True, 0, {"tile": "castle"})
    deny = Reason("deny", False, 0, {"tile": "mine", "seat": 1, "size": 3})
    text = explanation_text(_explanation(later, deny), ("Anna", "Bernd"), "special", "en")
    assert text.startswith("Later this turn:") and "Bernd could complete an area" in text


def test_without_a_specific_fact_the_evaluation_speaks():
    assert explanation_text(_explanation(), (), "special", "en").startswith(
        "The best value by the AI's evaluation. Expected gain: +2.5")
    assert "look-ahead" in explanation_text(_explanation(gain=0.0), (), "special", "en")
    assert "only move" in explanation_text(_explanation(gain=None, how="only"), (),
                                           "special", "en")
    assert "Eröffnungsbuch" in explanation_text(_explanation(gain=None, how="book"), (),
                                                "special", "de")


def test_a_fact_of_an_unknown_kind_falls_back_on_the_general_sentence():
    odd = Reason("a_module_fact", False, 3, {})
    assert reason_text(odd, (), "special", "en") is None
    assert explanation_text(_explanation(odd), (), "special", "en").startswith(
        "The best value")


def test_an_area_and_its_colour_are_both_named_and_a_later_fact_after_them():
    area = Reason("area", False, 12, {"colour": "mine", "size": 3})
    bonus = Reason("colour_bonus", False, 5, {"colour": "mine", "rank": 1})
    later = Reason("castle", True, 0, {"tile": "castle"})
    text = explanation_text(_explanation(area, bonus, later), (), "special", "en")
    assert "mine area of size 3" in text and "first bonus tile" in text
    assert "Later this turn" not in text  # two facts of the move itself are enough
    text = explanation_text(_explanation(area, later), (), "special", "en")
    assert text.index("mine area") < text.index("Later this turn: Places a castle")


def test_a_move_taken_back_takes_its_hint_with_it(data_root):
    """A hint shown after a move names a move of that position: once the move is taken
    back, neither the hint's line above the dice nor its picked-out move stays."""
    t = table_at("hint", data_root, language="en")
    scene = t.scene
    assert scene.submit(scene.hint_action) and scene.can_undo()
    scene.hint_move = scene.session.hint(time_budget=0.05)
    assert scene.hint_move.wait(30)
    t.stack.update(1 / 60)
    assert scene.hint_action is not None and scene.message[0] == "table.msg.hint"
    assert scene.undo()
    t.stack.update(1 / 60)
    assert scene.hint_action is None and scene.hint_shown is None
    assert scene.message is None or scene.message[0] != "table.msg.hint"
