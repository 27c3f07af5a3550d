"""The monastery connections at the table: the monasteries on the frame of a tableau
13a-13h and its three lines, their tooltips, the log's words in both languages, the
setup's entry (provisional components) and the score category."""

from __future__ import annotations

import math

import pytest
from positions import table_at

from game.rules import MONASTERY_LINES
from game.rules.modules.monastery_connections import (AllMonasteriesConnected,
                                                       MonasteriesConnected)
from game.scenes import i18n
from game.scenes.table import geometry as g
from game.scenes.table.modules import monastery_connections as mlv
from game.scenes.table.log import describe_event
from game.scenes.table.view import PlayerView, TableView


def tableau(board: str, *spaces: int) -> PlayerView:
    pv = PlayerView(0)
    pv.set_board(board)
    for s in spaces:
        pv.estate[s] = "castle"
    return pv


@pytest.mark.parametrize("board", sorted(MONASTERY_LINES))
def test_the_monasteries_sit_on_the_frame_inside_the_estate_box(board):
    r = mlv.MARK_RADIUS
    centres = [mlv.mark_centre(board, m) for m in range(3)]
    for x, y in centres:
        assert g.ESTATE_BOX.collidepoint(x - r, y - r) and g.ESTATE_BOX.collidepoint(x + r, y + r)
        for s in range(37):
            sx, sy = g.estate_space_centre(s)
            assert math.hypot(x - sx, y - sy) > g.ESTATE_HEX * 0.86
    for a in centres:
        for b in centres:
            assert a == b or math.hypot(a[0] - b[0], a[1] - b[1]) > 8 * r


def test_a_line_counts_its_filled_spaces():
    lines = MONASTERY_LINES["13a"].lines
    assert mlv.filled(tableau("13a")) == [0, 0, 0]
    assert mlv.filled(tableau("13a", *lines[0].spaces, lines[2].spaces[0])) == [5, 0, 1]
    assert mlv.filled(tableau("1")) == []


def test_the_table_shows_the_lines_with_tooltips(data_root):
    t = table_at("monastery_connections", data_root)
    scene = t.scene
    spots = {(s.kind, s.key): s for s in scene.spots.all()}
    tips = [spots[("monastery_mark", m)].tooltip_text() for m in range(3)]
    assert "Monastery 1" in tips[0] and "complete, 5 points" in tips[0]
    assert "of 5 spaces" in tips[2] and "Provisional" in tips[2]
    assert "5 more" in tips[0] and "second 2" in tips[0]


def test_the_view_follows_who_joined_all_three():
    table = TableView(players=[PlayerView(s) for s in range(3)],
                      parts={"monastery_connections": []})
    table.apply(MonasteriesConnected(1, 0, 5))
    table.apply(AllMonasteriesConnected(1, 1, 6))
    table.apply(AllMonasteriesConnected(0, 2, 3))
    assert table.parts["monastery_connections"] == [1, 0]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_monastery_connection_event_has_a_log_line(lang):
    names = ("Anna", "Bernhard")
    lines = [describe_event(e, names, lang) for e in (
        MonasteriesConnected(0, 1, 5), AllMonasteriesConnected(1, 1, 5),
        AllMonasteriesConnected(0, 2, 2), AllMonasteriesConnected(1, 3, 0))]
    assert all(lines) and all("{" not in line for line in lines)
    assert "Anna" in lines[0] and "Bernhard" in lines[1]
    if lang == "de":
        assert all("Klöster" in line for line in lines)


def test_the_setup_names_the_module_and_its_provisional_components():
    from game.scenes.modules_text import module_about, module_name, module_summary
    assert module_name("monastery_connections", "de") == "Klosterverbindungen"
    assert "Provisional components" in module_about("monastery_connections", "original", "en")
    assert "provisional" in module_summary("monastery_connections", "original", "en")
    assert "vorläufig" in module_summary("monastery_connections", "original", "de")
    assert "22" in module_about("monastery_connections", "original", "en")
    assert i18n.tr("category.monastery_connections", "de") == "Klosterverbindungen"
    # castle_connection's 2011 form names its stand-in tableaus 10a-10h as well.
    assert "provisional" in module_summary("castle_connection", "original", "en")
    assert "10a-10h" in module_about("castle_connection", "original", "de")


def test_the_results_show_the_category_only_with_the_module():
    from game.scenes.results import MODULE_CATEGORIES
    assert MODULE_CATEGORIES["monastery_connections"] == "monastery_connections"


def test_a_tableau_being_chosen_shows_its_open_lines():
    pv = mlv.bare("13c")
    assert mlv.lines_of(pv) is MONASTERY_LINES["13c"] and mlv.filled(pv) == [0, 0, 0]
