"""The team game at the table: the setup, the double duchy, the storage decision, the log
and the results."""

from __future__ import annotations

import pygame
import pytest

from game.rules import GameConfig
from game.scenes import i18n
from game.scenes.results import ResultsScene, TeamTie, team_tie
from game.scenes.setup import SeatDraft, SetupDraft
from game.scenes.table.log import choice_label, describe_event
from game.scenes.table.seam import seat_badge
from game.scenes.table.view import TableView
from game.rules.modules.team import StoredShared, TeamScored

from client_events import click
from positions import table_at
import screens


def _four(modules=("team",), seats=4):
    kinds = [SeatDraft("human", 0), SeatDraft("ai", 1, "medium"), SeatDraft("human", 2),
             SeatDraft("ai", 3, "hard")][:seats]
    return SetupDraft(seats=kinds, board_mode="random", modules=modules)


@pytest.mark.parametrize("lang, words", [("en", "exactly 4 players"),
                                         ("de", "genau 4 Spielern")])
def test_the_setup_offers_the_team_game_for_four_seats_only(lang, words):
    assert "team" in SetupDraft().offered_modules()
    assert _four().problem() is None
    assert _four().build(1).config == GameConfig(players=4, board_mode="random",
                                                 modules=("team",))
    problem = _four(seats=3).problem()
    assert problem is not None and words in problem.message(lang)
    # an AI player may be a person's partner (seats 1 and 3 play together)
    partnered = SetupDraft(seats=[SeatDraft("human", 0), SeatDraft("human", 1),
                                  SeatDraft("ai", 2, "hard"), SeatDraft("ai", 3, "easy")],
                           board_mode="advanced", modules=("team",))
    assert partnered.problem() is None
    assert [s.kind for s in partnered.build(2).seats] == ["human", "human", "ai", "ai"]


def test_the_table_draws_the_double_duchy_and_the_teams(data_root):
    t = table_at("team_turn", data_root)
    scene = t.scene
    spaces = [s for s in scene.spots.all() if s.kind == "space"]
    assert len(spaces) == 74
    centres = {(round(s.centre[0]), round(s.centre[1])) for s in spaces}
    assert len(centres) == 74  # no two spaces on one place
    team = scene.view.parts["team"]
    assert team.partners == [2, 3, 0, 1]
    assert sorted(team.letters) == ["A", "A", "B", "B"]
    # Each seat's card names its partner in its tooltip and its team in its corner.
    assert scene.estates.kind(0).endswith("Team with " + scene.names[2])
    assert {seat_badge(scene.view, s) for s in range(4)} == {"Team A", "Team B"}
    assert seat_badge(scene.view, 0) == seat_badge(scene.view, 2)


def test_where_a_taken_tile_goes_is_chosen_by_a_click(data_root):
    t = table_at("team_storage", data_root)
    scene = t.scene
    labels = {choice_label(a, scene.state, "en") for a in scene.state.legal_actions()}
    assert labels == {"On a shared storage space", "On my own storage space"}
    seat = scene.state.current_player
    share = next(b for b in scene.choices.buttons if b.action == ("share",))
    click(t.stack, share.rect.center)
    for _ in range(240):
        t.stack.update(1 / 60)
    assert scene.state.players[seat].storage[2] >= 0
    truth = TableView.from_state(scene.state)
    for s in (seat, (seat + 2) % 4):
        assert scene.view.players[s].storage == truth.players[s].storage
        assert scene.view.players[s].estate == truth.players[s].estate


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_team_events_have_log_lines(lang):
    names = ("Anna", "Bernhard", "Clara", "Dieter")
    assert "Anna" in describe_event(StoredShared(0, 1, 2), names, lang)
    line = describe_event(TeamScored((((0, 2), 163, 40), ((1, 3), 132, 41))), names, lang)
    assert "Anna & Clara" in line and "163" in line and "132" in line


def test_the_results_show_the_teams_sums(data_root):
    stack, scene = screens.results_team(data_root)
    assert isinstance(scene, ResultsScene) and scene.teams is not None
    best, other = scene.teams
    state = scene.session.state
    letter = "A" if best.seats[0] % 2 == state.start_player % 2 else "B"  # as at the table
    assert scene.team_letter(best.seats) == letter
    assert f"Team {letter}" in scene.winner_text() and str(best.points) in scene.winner_text()
    assert best.points > other.points and scene.tie_texts() == []   # no tie to explain
    assert best.points == sum(state.players[s].score for s in best.seats)
    assert set(state.ranking()[:2]) == set(best.seats)
    stack.draw(pygame.Surface((1280, 720)))
    i18n.set_language("de")
    assert "gewinnt" in scene.winner_text()
    stack.draw(pygame.Surface((1280, 720)))
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_results_say_what_decided_a_tie_between_the_teams(data_root, lang):
    stack, scene = screens.results_team(data_root)
    (a, b) = scene.teams
    i18n.set_language(lang)
    try:
        scene.teams = [a._replace(points=120, empty=40), b._replace(points=120, empty=38)]
        assert team_tie(scene.teams) == TeamTie(120, "empty_spaces", (40, 38))
        (text,) = scene.tie_texts()
        assert "120" in text and "40" in text and "38" in text
        assert scene.team_letter(a.seats) in text
        scene.teams = [a._replace(points=120, empty=40), b._replace(points=120, empty=40)]
        assert team_tie(scene.teams) == TeamTie(120, "turn_order")
        (text,) = scene.tie_texts()
        assert "120" in text and scene.team_letter(a.seats) in text
        stack.draw(pygame.Surface((1280, 720)))
    finally:
        i18n.set_language("en")


def test_the_double_duchy_fits_the_seat_card_s_pop_up(data_root):
    """Resting the pointer on a seat's card shows its estate in a pop-up: the double
    duchy's hexes are drawn smaller, as on the card, so that every space lies inside it
    (they once spilled over its edge)."""
    from game.scenes.table import geometry as g
    from game.scenes.table.estates_panel import POPUP_HEX, popup_hex, popup_rect
    t = table_at("team_turn", data_root)
    scene = t.scene
    size = popup_hex()
    assert size < POPUP_HEX
    for seat in range(4):
        r = popup_rect(seat, 4)
        centre = (r.centerx, r.y + 48 + 5.5 * POPUP_HEX)
        for s in range(g.estate_spaces()):
            x, y = g.estate_space_centre(s, centre, size)
            assert r.left < x - size and x + size < r.right, (seat, s)
            assert r.top + 48 < y - size and y + size < r.bottom - 3 * 24, (seat, s)
    assert scene.estates is not None


def test_the_setup_names_the_partners(data_root, monkeypatch):
    import pygame
    from screens import _menu

    from game.scenes.layout import Canvas
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    written = []
    real = Canvas.text
    monkeypatch.setattr(Canvas, "text", lambda self, s, *a, **k: (written.append(s),
                                                                    real(self, s, *a, **k))[1])
    draft = _four()
    stack, setup = _menu(data_root, TitleScene, lambda ctx: SetupScene(ctx, draft))
    stack.draw(pygame.Surface((1280, 720)))
    assert "Partners: Player 1 and Player 3 against AI 2 and AI 4." in written
    written.clear()
    draft.toggle_module("team")
    stack.draw(pygame.Surface((1280, 720)))
    assert not any(s.startswith("Partners:") for s in written)


def test_a_storage_space_s_tooltip_says_whose_it_is(data_root):
    scene = table_at("team_turn", data_root).scene
    pv = scene.view.players[scene.shown_seat]
    tips = {s.key: s.tip() for s in scene.spots.all() if s.kind == "storage"
            and pv.storage[s.key] is None}
    partner = scene.names[(scene.shown_seat + 2) % 4]
    for space, tip in tips.items():
        if space < 2:
            assert tip.startswith("Your own storage space")
        else:
            assert tip.startswith("Shared storage space") and partner in tip
    assert tips
