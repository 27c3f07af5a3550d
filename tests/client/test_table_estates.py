"""Every estate in view: a live miniature per seat that stays while others move, enlarged
under the pointer, swapped into the large view by a click and back; pieces flying to a seat
shown small land on its card. And what happened: sold goods by type, the phase-end banner,
the turn-order track and the window's icon."""

from __future__ import annotations

import pygame
import pytest
from table_driver import click_spot, make_table, settle, step

from game.rules import events as ev
from game.rules.modules import shields
from game.scenes import app, i18n
from game.scenes.art.window_icon import window_icon
from game.scenes.layout import Canvas, Viewport
from game.scenes.table import banner, board_view, estates_panel, paint
from game.scenes.table import geometry as g
from game.scenes.table.banner import PhaseReport
from game.scenes.table.log import goods_label
from game.scenes.table.view import TableView


def motion(stack, pos):
    stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()))


def test_every_seat_has_a_card_with_its_estate_painted_small(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random", "random", "random"), seed=4)
    settle(stack, scene)
    stack.draw(pygame.Surface((1280, 720)))
    assert [layer.redraws for layer in scene.estates.cards] == [1, 1, 1, 1]
    # Each card's miniature shows that seat's castle where its board has it.
    for seat, pv in enumerate(scene.view.players):
        space = pv.estate.index("castle")
        card = scene.estates.cards[seat]
        x, y = scene.estates.space_pos(seat, space)
        assert card.rect.collidepoint(x, y)


def test_a_card_follows_its_seat_while_another_seat_is_shown(data_root):
    stack, scene, _ = make_table(data_root, ("random", "random"), seed=3, speed="normal")
    surface = pygame.Surface((1280, 720))
    repaints_while_small = [0, 0]
    for _ in range(1500):
        before = [layer.redraws for layer in scene.estates.cards]
        step(stack)
        stack.draw(surface)
        for seat, layer in enumerate(scene.estates.cards):
            if layer.redraws > before[seat] and seat != scene.shown_seat:
                repaints_while_small[seat] += 1
    assert all(n > 2 for n in repaints_while_small), repaints_while_small


def test_the_pointer_on_a_card_enlarges_it_and_only_motion_changes_that(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random", "random"), seed=2)
    settle(stack, scene)
    assert scene.shown_seat == 0
    card = estates_panel.card_rect(2, 3)
    motion(stack, card.center)
    assert scene.estates.hovered == 2
    stack.draw(pygame.Surface((1280, 720)))
    assert scene.estates.popups[2].redraws == 1
    # The enlargement says the card's tooltip, which would cover it.
    assert scene.spots.at(card.center).tooltip_text() is None
    assert scene.estates.supplies(1) in scene.estates.tip(1)
    step(stack, 120)   # past the tooltip's delay: resting on the card, the table holds still
    assert not scene.animating()
    assert scene.estates.hovered == 2
    motion(stack, estates_panel.card_rect(0, 3).center)   # the seat shown large: not enlarged
    assert scene.estates.hovered is None
    motion(stack, g.BOARD.center)
    assert scene.estates.hovered is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_enlarged_estate_holds_its_lines(data_root, monkeypatch, lang):
    stack, scene, _ = make_table(data_root, ("human", "random", "random", "random"), seed=4)
    settle(stack, scene)
    i18n.set_language(lang)
    popup = scene.estates.popups[3]
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        lines = []
        original = paint.text

        def recording(canvas, s, *args, **kwargs):
            rect = original(canvas, s, *args, **kwargs)
            if canvas.surface is popup.surface:
                lines.append((s, rect))
            return rect
        monkeypatch.setattr(paint, "text", recording)
        motion(stack, scene.estates.centre(3))
        popup.key = None
        stack.draw(pygame.Surface(size))
        monkeypatch.undo()
        assert len(lines) >= 4
        inside = pygame.Rect((0, 0), popup.surface.get_size()).inflate(2, 2)
        assert [s for s, rect in lines if not inside.contains(rect)] == [], size


def test_a_click_swaps_an_estate_into_the_large_view_and_back(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random", "random", "random"), seed=4)
    settle(stack, scene)
    click_spot(stack, scene, "seat", 3)
    assert scene.shown_seat == 3 and scene.pinned
    click_spot(stack, scene, "seat", 3)
    assert scene.shown_seat == scene.state.current_player == 0


def test_pieces_for_a_seat_shown_small_land_on_its_card(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random", "random"), seed=2)
    settle(stack, scene)
    card = estates_panel.card_rect(1, 3)
    places = scene.places
    for pos in (places.silver_pos(1), places.workers_pos(1), places.goods_pos(1, 3),
                places.storage_pos(1, 0), places.space_pos(1, 20)):
        assert card.collidepoint(pos), pos
    assert scene.places.space_pos(1, 20) == scene.estates.space_pos(1, 20)
    assert scene.places.silver_pos(0) == g.silver_centre()   # the seat shown large: its own panel


def test_an_area_completed_by_a_seat_shown_small_flashes_on_its_card(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=3)
    settle(stack, scene)
    surface = pygame.Surface((1920, 1080))
    stack.draw(surface)
    x, y = scene.estates.space_pos(1, 18)
    corner = (round(x), round(y - g.MINI_HEX * 0.95))   # the outline's top corner
    before = surface.get_at(corner)
    scene.flash = (1, (18,), 1.0)
    stack.draw(surface)
    assert surface.get_at(corner) != before


def test_sold_goods_are_counted_by_type_and_drawn(data_root, monkeypatch):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=3)
    settle(stack, scene)
    scene.view.apply(ev.GoodsSold(0, 4, 2))
    assert scene.view.players[0].sold[4] == 2
    seen = []
    from game.scenes.table import estate_view
    original = estate_view.text
    monkeypatch.setattr(estate_view, "text",
                        lambda c, s, pos, *a, **k: seen.append((s, pos)) or original(c, s, pos,
                                                                                     *a, **k))
    scene.estate_layer.key = None
    stack.draw(pygame.Surface((1280, 720)))
    assert ("2", g.sold_centre(4)) in seen
    assert scene.spots.at(g.sold_centre(4)).tooltip_text() == i18n.trn(
        "tip.sold", 2, goods=4, name=goods_label(4), count=2)
    assert scene.spots.at(g.sold_centre(4)).tooltip_text().startswith("purple (4) goods: 2")


def test_the_banner_says_what_the_phase_end_pays_now_apart_from_the_phase_recap():
    """SE l.604: "Ein Durchgang endet nach 5 Runden. Spieler mit im Fürstentum platzierten
    Minen erhalten *nun* entsprechend viele neue Silbermünzen." What the mines pay is
    paid now; the phase bonus (SE l.540) was scored when the area was completed, so the
    banner lists it only in the phase's recap, never as something paid now."""
    report = PhaseReport(2)
    for event in (ev.PointsScored(0, 10, "phase_bonus"), ev.PointsScored(0, 3, "areas"),
                  ev.SilverTaken(1, 2, "mines"), ev.SilverTaken(1, 2, "sale"),
                  ev.WorkersTaken(1, 2, "mines"), ev.PointsScored(0, 8, "phase_bonus")):
        report.take(event)
    words = report.banner(0, ["Anna", "Bert"], "en")
    assert words.now == "The mines pay now; then the depots are cleared and phase B begins."
    assert words.paid == ["Anna: nothing", "Bert: 2 silver (mines), 2 workers (mines)"]
    assert words.recap_heading == "Recap: scored during phase A (already counted)"
    assert words.recap == ["Anna: 21 points, 18 of them phase bonus for completed areas",
                           "Bert: 0 points"]
    assert report.banner(4, ["Anna", "Bert"], "en").now == (
        "The mines pay now; then the game ends with the final scoring.")
    report.take(ev.PhaseStarted(1, (), (), ()))
    assert report.banner(1, ["Anna", "Bert"], "de").paid == ["Anna: nichts", "Bert: nichts"]


def test_the_banner_lists_the_shields_tribute_with_what_the_mines_pay():
    """SE l.913: "Am Ende jedes Durchgangs, noch bevor ein Spieler seine
    Minenausschüttung erhält, muss er Tribut für alle seine Schilde zahlen; jeder Schild
    kostet eine Silbermünze." The banner, which names no module, lists the tribute from
    the shields' table module beside what the mines pay."""
    report = PhaseReport(2)
    for event in (shields.TributePaid(0, (3, 7), 2, 0, ()), ev.SilverTaken(0, 1, "mines"),
                  shields.TributePaid(1, (), 0, 0, (5,)), shields.TributePaid(1, (9,), 1, 0, ())):
        report.take(event)
    assert report.banner(1, ["Anna", "Bert"], "en").paid == [
        "Anna: 1 silver (mines), pays 2 as tribute for shields",
        "Bert: pays 1 as tribute for shields"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_banner_holds_its_lines_for_four_seats(monkeypatch, lang):
    report = PhaseReport(4)
    for seat in range(4):
        report.take(ev.SilverTaken(seat, 3, "mines"))
        report.take(ev.WorkersTaken(seat, 3, "mines"))
        report.take(ev.PointsScored(seat, 10, "phase_bonus"))
        report.take(ev.PointsScored(seat, 15, "areas"))
    names = ["Clara-Sophie", "KI Bernhard", "Anna", "KI Dieter"]
    words = report.banner(0, names, lang)
    drawn = []
    original = paint.fit_text
    monkeypatch.setattr(banner, "fit_text", lambda c, s, *a, **k: drawn.append(
        original(c, s, *a, **k)) or drawn[-1])
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        viewport = Viewport(size)
        surface = pygame.Surface(size)
        drawn.clear()
        banner.draw_banner(Canvas(surface, viewport=viewport), 0, words)
        box = viewport.rect_to_window(banner.banner_rect(4))
        assert len(drawn) == 11
        assert all(box.contains(r) for r in drawn), size
        assert viewport.rect_to_window(g.BOARD).contains(box)


def test_the_banner_shows_while_the_phase_end_plays(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=3, speed="normal")
    settle(stack, scene)
    scene.presenter.present([ev.SilverTaken(0, 1, "mines"), ev.PhaseEnded(0)])
    seen = []
    for _ in range(600):
        step(stack)
        if scene.banner is not None:
            seen.append(scene.banner)
        if not scene.busy:
            break
    assert seen and seen[0][0] == 0
    assert seen[0][1].paid[0] == i18n.tr("table.banner.line", who=scene.names[0],
                                         paid=i18n.trn("table.banner.silver", 1, count=1))
    assert scene.banner is None   # gone once the phase end is shown


def test_the_track_stacks_markers_on_their_spaces(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random", "random"), seed=2)
    settle(stack, scene)
    view = TableView.from_state(scene.state)
    for seat, (pos, stamp) in enumerate(((0, 1), (2, 5), (2, 7))):
        view.players[seat].track_pos, view.players[seat].track_stamp = pos, stamp
    markers = board_view.track_markers(view)
    # The seat on top of the stack (moved there last) moves first.
    assert markers == {0: (1, 0), 1: (3, 0), 2: (3, 1)}
    assert view.track_order() == [2, 1, 0]
    view.players[0].track_pos = 9
    assert board_view.track_spaces(board_view.track_markers(view)) == 10


def test_a_stack_on_the_track_reads_in_turn_order(data_root, monkeypatch):
    """Markers sharing a space are drawn as a stack, each over the one below and to its
    left: read left to right, they stand in the order the seats move, the top first."""
    stack, scene, _ = make_table(data_root, ("human", "random", "random"), seed=2)
    settle(stack, scene)
    view = scene.view
    for seat, (pos, stamp) in enumerate(((2, 1), (2, 5), (2, 7))):
        view.players[seat].track_pos, view.players[seat].track_stamp = pos, stamp
    drawn: list[tuple[float, str]] = []
    real_text = board_view.text
    monkeypatch.setattr(board_view, "text", lambda canvas, s, pos, *a, **k: (
        drawn.append((pos[0], s)) if len(s) == 1 and s.isalpha() else None,
        real_text(canvas, s, pos, *a, **k))[1])
    board_view._paint_track(Canvas(pygame.Surface((1280, 720))), view,
                            list(range(3)), ["Anna", "Bea", "Carl"])
    order = view.track_order()
    assert order == [2, 1, 0]
    # Drawn bottom first (each marker over the one below), placed top first.
    assert [s for _, s in drawn] == ["A", "B", "C"]
    assert [s for _, s in sorted(drawn)] == ["C", "B", "A"]


def test_the_window_has_the_icon(monkeypatch):
    icon = window_icon()
    assert icon.get_size() == (64, 64)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((32, 32)).a == 255
    given = []

    class Window:
        def __init__(self, *args, **kwargs):
            self.minimum_size = (0, 0)

        def set_icon(self, surface):
            given.append(surface.get_size())

        def maximize(self):
            pass

        def show(self):
            pass

    monkeypatch.setattr(pygame, "Window", Window)
    app.create_window()
    assert given == [(64, 64)]


@pytest.mark.parametrize("size", [(1024, 581), (1280, 701), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_seat_to_move_is_said_inside_its_card_at_every_window_size(data_root,
                                                                       monkeypatch, size):
    """The smallest type is drawn larger in a small window than its design size: the
    card's "to move" must still stand inside the card's border (3 px clear of its edge)."""
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=3)
    settle(stack, scene)
    drawn = {}
    original = estates_panel.text

    def recording(canvas, s, *a, **k):
        rect = original(canvas, s, *a, **k)
        drawn[s] = rect
        return rect

    monkeypatch.setattr(estates_panel, "text", recording)
    for layer in scene.estates.cards:
        layer.key = None
    surface = pygame.Surface(size)
    stack.draw(surface)
    viewport = Viewport(size)
    card = viewport.rect_to_window(estates_panel.card_rect(scene.view.current, 2))
    label = drawn[i18n.tr("table.to_move")]   # on the card's own layer
    assert pygame.Rect((0, 0), card.size).inflate(-6, -6).contains(label), (label, card)
