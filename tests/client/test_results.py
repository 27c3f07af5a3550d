"""The results scene: ranking with its tie-breaks, points by category, the score chart."""

import os
from pathlib import Path

import pygame
import pytest

from game.rules import GameConfig, new_game
from game.rules.boards import SPACES
from game.rules.scoring import CATEGORIES
from game.scenes import i18n
from game.scenes.context import ClientContext
from game.scenes.results import (CHATEAUMA_CATEGORIES, MARKERS, MODULE_CATEGORIES,
                                 PLAYER_CATEGORIES, ResultsScene, ScoreChart, breakdown_table,
                                 categories_shown, draw_marker, nice_step, tie_breaks,
                                 tie_text)
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.ui import theme
from golden_images import compare_golden
from table_driver import play_ai_game

_FINISHED: dict = {}


def finished(chateauma=None):
    """A complete game of random AI players (cached: the scene only reads it)."""
    if chateauma not in _FINISHED:
        if chateauma is None:
            setup = GameSetup(GameConfig(players=3),
                              (SeatSpec("ai", "Anna", 0, "random"),
                               SeatSpec("ai", "Bernhard", 1, "random"),
                               SeatSpec("ai", "Clara", 2, "random")), seed=21)
        else:
            setup = GameSetup(GameConfig(players=3, chateauma=chateauma),
                              (SeatSpec("ai", "Anna", 3, "random"),
                               SeatSpec("ai", "Bernhard", 1, "random"),
                               SeatSpec("chateauma", "Châteauma", 0)), seed=22)
        _FINISHED[chateauma] = play_ai_game(setup)
    return _FINISHED[chateauma]


class Launcher:
    def __init__(self):
        self.calls = []

    def start(self, setup, chosen=False):
        self.calls.append(("start", setup))

    def to_title(self):
        self.calls.append(("title", None))


@pytest.fixture
def launcher():
    return Launcher()


def with_scores(config, scores, empty=None):
    """A started game's state with the given scores (and empty estate spaces), for
    tie-break tests."""
    kinds = ["human"] * config.deciders + ["chateauma"] * (config.chateauma is not None)
    seats = tuple(SeatSpec(kind, f"P{i}", i) for i, kind in enumerate(kinds))
    session = GameSession(GameSetup(config, seats, seed=1))
    session.start()
    state = session.state.clone()
    for seat, score in enumerate(scores):
        state.players[seat].score = score
        if empty is not None:
            state.players[seat].occupied = (1 << (SPACES - empty[seat])) - 1
    return state


class TestTieBreaks:
    def test_no_ties(self):
        state = with_scores(GameConfig(players=3), [50, 60, 40])
        assert state.ranking() == [1, 0, 2]
        assert tie_breaks(state) == []

    def test_more_empty_spaces(self):
        state = with_scores(GameConfig(players=3), [60, 60, 40], empty=[3, 7, 0])
        (tie,) = tie_breaks(state)
        assert (tie.ahead, tie.behind, tie.points, tie.reason, tie.values) == (
            1, 0, 60, "empty_spaces", (7, 3))
        assert state.ranking()[:2] == [1, 0]
        seats = tuple(SeatSpec("human", n, i) for i, n in enumerate(("Ann", "Ben", "Cy")))
        assert tie_text(tie, seats) == (
            "Ben is ahead of Ann on 60 points: more empty estate spaces (7 to 3).")
        i18n.set_language("de")
        assert "leere Felder" in tie_text(tie, seats)

    def test_then_turn_order(self):
        state = with_scores(GameConfig(players=2), [60, 60], empty=[5, 5])
        (tie,) = tie_breaks(state)
        assert tie.reason == "turn_order"
        assert [tie.ahead, tie.behind] == state.ranking()
        # docs/rulings.md R2: the player further back on the turn-order track wins
        assert state.track_order().index(tie.ahead) > state.track_order().index(tie.behind)

    def test_chateauma_wins_ties(self):
        state = with_scores(GameConfig(players=2, chateauma="medium"), [70, 70])
        (tie,) = tie_breaks(state)
        assert (tie.ahead, tie.reason) == (1, "chateauma")

    def test_three_way_tie(self):
        state = with_scores(GameConfig(players=3), [60, 60, 60], empty=[1, 2, 3])
        assert [t.ahead for t in tie_breaks(state)] == [2, 1]


class TestWhatIsShown:
    def test_breakdown_adds_up_to_the_scores(self):
        session = finished()
        state = session.state
        order = state.ranking()
        table = breakdown_table(state, order)
        assert [c for c, _ in table] == list(PLAYER_CATEGORIES)
        for column, seat in enumerate(order):
            assert sum(values[column] for _, values in table) == state.scores()[seat]

    def test_chateauma_categories_appear_when_it_played(self):
        session = finished("hard+A")
        state = session.state
        table = dict(breakdown_table(state, [0, 1, 2]))
        assert set(table) == set(CATEGORIES) - set(MODULE_CATEGORIES)
        assert sum(table[c][2] for c in CHATEAUMA_CATEGORIES) > 0  # Châteauma's own points
        for seat in range(3):
            assert sum(values[seat] for values in table.values()) == state.scores()[seat]

    @pytest.mark.parametrize("top, step", [(10, 2), (47, 10), (120, 25), (230, 50), (260, 100),
                                           (0, 1)])
    def test_nice_steps(self, top, step):
        assert nice_step(top) == step

    def test_chart_has_a_line_per_seat_over_25_rounds_and_the_end(self):
        session = finished()
        chart = ScoreChart(pygame.Rect(0, 0, 900, 800), session.history.series(), session.seats)
        lines = chart.lines()
        assert len(lines) == 3 and all(len(line) == 26 for line in lines)
        for seat, line in enumerate(lines):
            xs = [x for x, _ in line]
            assert xs == sorted(xs)
            assert line[-1][1] == chart.point(25, session.state.scores()[seat])[1]
            assert all(chart.plot.top <= y <= chart.plot.bottom for _, y in line)
        assert chart.top >= max(session.state.scores())

    def test_markers_differ_in_shape(self):
        images = []
        for shape in MARKERS:
            surface = pygame.Surface((40, 40))
            draw_marker(surface, shape, (20, 20), 12, (255, 255, 255), (0, 0, 0))
            images.append(pygame.image.tobytes(surface, "RGB"))
        assert len(set(images)) == len(MARKERS)


class TestScene:
    def test_shows_the_winner_ranking_and_ties(self, ctx):
        session = finished()
        scene = ResultsScene(ctx, session)
        first = session.state.ranking()[0]
        assert scene.ranking == session.state.ranking()
        assert scene.winner_text() == (f"{session.seats[first].name} wins with "
                                       f"{session.state.scores()[first]} points!")
        assert len(scene.tie_texts()) == len(tie_breaks(session.state))

    def test_play_again_keeps_the_setup_with_a_new_seed(self, ctx, launcher):
        session = finished()
        stack = SceneStack()
        scene = stack.push(ResultsScene(ctx, session))
        from client_events import click
        click(stack, scene.again_button.rect.center)
        (kind, setup), = launcher.calls
        assert kind == "start"
        assert setup.config == session.setup.config and setup.seats == session.setup.seats
        assert setup.seed != session.setup.seed

    def test_title_button_and_escape(self, ctx, launcher):
        from client_events import click, key
        stack = SceneStack()
        scene = stack.push(ResultsScene(ctx, finished()))
        click(stack, scene.title_button.rect.center)
        stack.handle_event(key(pygame.K_ESCAPE))
        assert launcher.calls == [("title", None), ("title", None)]

    @pytest.mark.parametrize("lang", ["en", "de"])
    @pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
    def test_draws_in_both_languages(self, ctx, lang, size):
        i18n.set_language(lang)
        stack = SceneStack()
        stack.push(ResultsScene(ctx, finished("medium")))
        surface = pygame.Surface(size)
        stack.draw(surface)


def results_screen():
    ctx = ClientContext.load(Path(os.environ["CASTLES_DATA_DIR"]), launcher=Launcher())
    stack = SceneStack()
    scene = stack.push(ResultsScene(ctx, finished("medium+C")))
    scene.focus.focus(None)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    return surface


def test_results_screen_matches_golden_image():
    """Regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the result."""
    compare_golden(results_screen(), "results_screen.png")


class TestFinalEstates:
    """Every player's final estate beside the ranking and the category table."""

    @pytest.fixture
    def ctx(self, tmp_path):
        return ClientContext.load(tmp_path, launcher=Launcher())

    def test_the_tabs_swap_the_score_chart_for_the_final_estates(self, ctx):
        scene = ResultsScene(ctx, finished())
        assert scene.chart.visible and not scene.final_estates.visible
        scene.estates_tab.activate()
        assert scene.final_estates.visible and not scene.chart.visible
        scene.chart_tab.activate()
        assert scene.shown == "chart"

    @pytest.mark.parametrize("shown", ["chart", "estates"])
    def test_the_shown_tab_is_drawn_as_part_of_its_page_not_greyed_out(self, ctx, shown):
        """The shown tab is parchment like the panel it joins (not the grey of a disabled
        button); the other is a button to click."""
        stack = SceneStack()
        scene = stack.push(ResultsScene(ctx, finished()))
        scene.show(shown)
        scene.focus.focus(None)
        surface = pygame.Surface((1920, 1080))
        stack.draw(surface)
        tabs = {"chart": scene.chart_tab, "estates": scene.estates_tab}
        for name, tab in tabs.items():
            assert tab.enabled
            # Beside the label, inside the tab, and where it meets the panel below.
            inside = surface.get_at((tab.rect.x + 8, tab.rect.centery))[:3]
            joint = surface.get_at((tab.rect.centerx, tab.rect.bottom + 2))[:3]
            if name == shown:
                assert inside == theme.PANEL and joint == theme.PANEL
            else:
                assert inside == theme.BUTTON and joint != theme.PANEL

    @pytest.mark.parametrize("chateauma", [None, "medium"])
    def test_each_seat_has_a_cell_in_ranking_order_showing_its_estate(self, ctx, chateauma):
        session = finished(chateauma)
        scene = ResultsScene(ctx, session)
        panel = scene.final_estates
        assert [seat for seat, _ in panel.cells()] == session.state.ranking()
        cells = [cell for _, cell in panel.cells()]
        assert all(pygame.Rect(0, 0, *panel.rect.size).contains(c) for c in cells)
        assert not any(a.colliderect(b) for i, a in enumerate(cells) for b in cells[i + 1:])
        for seat in range(session.state.n):
            shown = [t for t in panel.view.players[seat].estate if t is not None]
            placed = [k for k in session.state.players[seat].estate if k >= 0] \
                if seat != session.state.config.chateauma_seat else shown
            assert len(shown) == len(placed) > 0


def test_a_modules_category_is_shown_only_in_games_with_it():
    base = new_game(GameConfig(players=2))
    module = new_game(GameConfig(players=2, board_mode="random",
                                 modules=("boards_11_18", "castle_connection")))
    assert "castle_retrieval" not in categories_shown(base)
    assert "castle_retrieval" in categories_shown(module)
