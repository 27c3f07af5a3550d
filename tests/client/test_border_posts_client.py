"""The border posts at the table: the posts on the shown estate with their stage, the
border-post bonus tiles on the board and beside their holder's colour bonus tiles, the
tooltips, and the log's words in both languages."""

from __future__ import annotations

import pytest
from positions import table_at

from game.rules.modules.border_posts import BorderPostsConnected, BorderPostTileTaken
from game.scenes import i18n
from game.scenes.table.modules import border_posts as bpv
from game.scenes.table.log import describe_event
from game.scenes.table.modules.border_posts import BorderPostsView
from game.scenes.table.view import PlayerView


def estate_with(*spaces: int) -> PlayerView:
    pv = PlayerView(0)
    for s in spaces:
        pv.estate[s] = "castle"
    return pv


def test_a_post_is_open_reached_or_connected():
    assert bpv.post_states(estate_with()) == ["open", "open", "open"]
    assert bpv.post_states(estate_with(3)) == ["reached", "open", "open"]
    chain = (3, 7, 12, 11, 10, 16, 15)
    assert bpv.post_states(estate_with(*chain)) == ["connected", "connected", "open"]
    assert bpv.post_states(estate_with(*chain, 23, 29, 34)) == ["connected"] * 3


def test_the_posts_sit_outside_the_estate_and_apart():
    from game.scenes.table import geometry as g
    centres = [bpv.post_centre(p) for p in range(3)]
    assert all(g.ESTATE_BOX.collidepoint(c) for c in centres)
    for c in centres:
        for s in range(37):
            x, y = g.estate_space_centre(s)
            assert (x - c[0]) ** 2 + (y - c[1]) ** 2 > (g.ESTATE_HEX * 0.86) ** 2


def test_the_table_shows_the_tiles_left_and_the_holders_tile(data_root):
    t = table_at("border_posts", data_root)
    scene = t.scene
    seat = scene.shown_seat
    assert scene.view.parts["border_posts"].held_by(seat) == [1]
    spots = {(s.kind, s.key): s for s in scene.spots.all()}
    large = spots[("border_post_tile", 1)].tooltip_text()
    small = spots[("border_post_tile", 2)].tooltip_text()
    assert "Taken" in large and "5 points" in large and "2 points" in small
    assert "5 points" in spots[("border_post_held", 1)].tooltip_text()
    post = spots[("border_post", 0)].tooltip_text()
    assert "Border post 1" in post and "All three posts" in post and "Provisional" in post


def test_the_view_follows_the_posts_events():
    view = BorderPostsView([0, 0, 0])
    from game.scenes.table.view import TableView
    table = TableView(players=[PlayerView(s) for s in range(3)], parts={"border_posts": view})
    table.apply(BorderPostsConnected(1, 1, 8))
    table.apply(BorderPostsConnected(1, 2, 4))
    table.apply(BorderPostTileTaken(1, 1, 6, True))
    assert view.stages == [0, 2, 0] and view.holders == [(1, 1)] and view.left() == [2]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_border_post_event_has_a_log_line(lang):
    names = ("Anna", "Bernhard")
    lines = [describe_event(e, names, lang) for e in (
        BorderPostsConnected(0, 1, 8), BorderPostsConnected(1, 2, 4),
        BorderPostTileTaken(0, 1, 6, True), BorderPostTileTaken(1, 2, 3, True),
        BorderPostTileTaken(0, 1, 6, False))]
    assert all(lines) and all("{" not in line for line in lines)
    assert "Anna" in lines[0] and "Bernhard" in lines[1]
    if lang == "de":
        assert all("Grenzposten" in line for line in lines)


def test_the_setup_names_the_module_and_says_its_components_are_provisional():
    from game.scenes.modules_text import module_about, module_name
    assert module_name("border_posts", "de") == "Die Grenzposten"
    assert "Provisional" in module_about("border_posts", "special", "en")
    assert "11a-11f" in module_about("border_posts", "alea2019", "en")
    assert i18n.tr("category.border_posts", "de") == "Grenzposten"
