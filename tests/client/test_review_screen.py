"""The review page over the results: the people's turns beside Hard's, worked out on a
thread with its progress shown, the costliest turns marked, Back stopping the work."""

from __future__ import annotations

import random

import pygame
import pytest
from table_driver import FakeLauncher

from game.ai import costliest
from game.rules import GameConfig, Match
from game.scenes import i18n
from game.scenes.context import ClientContext
from game.scenes.review_screen import ReviewScene, seats_to_review, turn_words
from game.scenes.session import SeatSpec
from game.scenes.stack import SceneStack

FAST = {"iterations": 1, "samples": 1}
PEOPLE = (SeatSpec("human", "Anna", 0), SeatSpec("ai", "Bert", 1, "medium"))


def phase_a(config: GameConfig | None = None):
    match = Match(config or GameConfig(players=2), 4)
    pick = random.Random(4).random
    match.resolve_chance()
    while match.state.phase < 1:
        legal = match.state.legal_actions()
        match.play(legal[int(pick() * len(legal))])
    return match.record


def page(data_root, seats=PEOPLE, record=None, **options):
    ctx = ClientContext.load(data_root, launcher=FakeLauncher())
    stack = SceneStack()
    scene = stack.push(ReviewScene(ctx, record or phase_a(), seats, **(options or FAST)))
    return stack, scene


def lines(scene) -> list[str]:
    """The page's lines as drawn (it is laid out as it is drawn)."""
    scene.stack.draw(pygame.Surface((1280, 720)))
    return [c.text for c in scene._cells]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_people_s_turns_are_listed_beside_hard_s(data_root, lang):
    stack, scene = page(data_root)
    i18n.set_language(lang)   # after the settings are read
    try:
        assert scene.wait(60)
        text = lines(scene)
        played = "Played: " if lang == "en" else "Gespielt: "
        assert sum(t.startswith(played) for t in text) == 5   # Anna's five turns of phase A
        assert "Anna" in text and "Bert" not in text
        assert [t for t in text if t[:2] in {f"A{i}" for i in range(1, 6)}]
        marked = [t for t in text if t.endswith(" !")]
        assert len(marked) == len(costliest(scene.work.reviews))
        assert 0 < len(marked) <= 3
    finally:
        i18n.set_language("en")


def test_the_page_shows_its_progress_and_back_stops_the_work(data_root):
    stack, scene = page(data_root, iterations=60, samples=20)
    assert scene.status().startswith(("Reviewing", "Reviewing turn"))
    assert scene.animating()   # the page redraws while the review is worked out
    scene.close()
    assert scene.wait(60), "closing the page stops the review"
    assert scene.work.done < 5


def test_the_people_are_reviewed_and_only_all_ai_games_review_everyone():
    ai = SeatSpec("ai", "Bert", 1, "medium")
    assert seats_to_review(PEOPLE, 2) == [0]
    assert seats_to_review((SeatSpec("ai", "A", 0, "easy"), ai), 2) == [0, 1]
    # Châteauma (the last seat, not a decider) is never reviewed
    assert seats_to_review((SeatSpec("human", "A", 0), SeatSpec("chateauma", "C", 1)), 1) == [0]
    assert seats_to_review((ai, SeatSpec("chateauma", "C", 1)), 1) == [0]


def test_a_turn_reads_in_the_game_s_words():
    record = phase_a()
    from game.ai.review import turns_in
    _, start, played = next(iter(turns_in(record, {0})))
    words = turn_words(start, played, "en")
    assert words and "(" not in words and "die" in words


def test_the_results_open_the_review(data_root):
    from screens import results
    stack, scene = results(data_root)
    scene.review_options = FAST
    assert scene.review_button.enabled
    scene.review_button.activate()
    assert isinstance(stack.top, ReviewScene)
    stack.top.close()
    assert stack.top is scene


def test_the_results_keep_their_review_and_stop_it_when_left(data_root):
    from screens import results
    stack, scene = results(data_root)
    scene.review_options = {"iterations": 60, "samples": 20}
    scene.review()
    work = stack.top.work
    stack.top.close()                      # the page shut: the review goes on
    assert not work._stop
    scene.review()
    assert stack.top.work is work          # opened again where it was
    stack.top.close()
    stack.remove(scene)                    # leaving the results stops it
    assert work.finished.wait(60)
