"""The magnifier: a tile under a resting pointer is shown large beside it, with its name,
number and effect, wherever the tile lies, at every window size, and it never stands
between a person and the table."""

from __future__ import annotations

import pygame
import pytest
from client_events import key, motion
from golden_images import compare_golden
from screens import resting_on_tile, table_chateauma, table_four, table_magnified
from table_driver import click_spot

from game.scenes import i18n
from game.scenes.layout import DESIGN_RECT
from game.scenes.table import geometry as g
from game.scenes.table.estates_panel import popup_space_centre
from game.scenes.table.log import tile_label
from game.scenes.table.magnifier import LENS_HEX, Lens, lens_at, place, zoom
from game.scenes.table.tips import tile_effect
from game.scenes.ui.tooltip import HOVER_DELAY

SIZES = ((1024, 600), (1280, 720), (1920, 1080))


def tile_places(scene) -> list[tuple[str, tuple[float, float], str]]:
    """Every place the table shows a tile face: (where, centre, tile). "black" is the
    black depot; "seat" a tile of a seat's estate in miniature on its card."""
    view = scene.view
    places = []
    for spot in scene.spots.all():
        if spot.kind == "seat":
            continue
        lens = lens_at(scene, spot, spot.centre)
        if lens is None:
            continue
        where = "black" if spot.kind == "depot" and spot.key[0] == 0 else spot.kind
        places.append((where, spot.centre, lens.tile))
    for seat, pv in enumerate(view.players):
        centre = scene.estates.estate_centre(seat)
        for space, tile in enumerate(pv.estate):
            if tile is not None and tile != "face_down":
                places.append(("seat", g.estate_space_centre(space, centre, g.MINI_HEX),
                               tile))
    return places


def rest_at(stack, scene, pos) -> None:
    stack.handle_event(motion(pos))
    stack.update(HOVER_DELAY)


def the_tile_there(scene, where, pos) -> str | None:
    """What the view holds at a place, read apart from the magnifier."""
    view, pv = scene.view, scene.view.players[scene.shown_seat]
    spot = next(s for s in scene.spots.all() if s.contains(pos))
    k = spot.key
    if where in ("depot", "black"):
        return (view.black if k[0] == 0 else view.depots[k[0] - 1])[k[1]]
    if where == "storage":
        return pv.storage[k]
    if where == "space":
        return pv.estate[k]
    if where == "knowledge":
        return f"monastery{k}" if k in pv.knowledge else None
    if where == "card_space":
        return pv.cm.card_tiles[k[0]][k[1]]
    seat = scene.estates.seat_at(pos)
    centre = scene.estates.estate_centre(seat)
    space = min(range(37), key=lambda i: _distance(
        g.estate_space_centre(i, centre, g.MINI_HEX), pos))
    return view.players[seat].estate[space]


def _distance(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def check_every_place(stack, scene, expected: set[str]) -> None:
    """Rest on every tile of the table: after the tooltip's delay the magnifier shows
    that very tile, inside the window and beside the tile rather than over it."""
    places = tile_places(scene)
    assert {where for where, _, _ in places} >= expected
    surface = pygame.Surface((1280, 720))
    for where, pos, tile in places:
        stack.handle_event(motion((0, 0)))
        stack.update(HOVER_DELAY)   # the pointer left the tiles, long enough to cool
        stack.handle_event(motion(pos))
        assert not scene.magnifier.visible, (where, tile)   # not before the delay
        stack.update(HOVER_DELAY)
        lens = scene.magnifier.lens()
        assert lens is not None, (where, tile)
        assert lens.tile == tile == the_tile_there(scene, where, pos), where
        stack.draw(surface)
        box = scene.magnifier.drawn
        assert box is not None and DESIGN_RECT.contains(box), (where, box)
        assert not box.colliderect(lens.rect), (where, tile, box)


def test_every_tile_of_a_players_table_is_magnified(data_root):
    stack, scene = table_four(data_root)
    check_every_place(stack, scene, {"depot", "black", "storage", "space", "knowledge",
                                     "seat"})


def test_every_tile_of_chateaumas_estate_and_cards_is_magnified(data_root):
    stack, scene = table_chateauma(data_root)
    scene.view_seat(1)    # Châteauma's estate and area cards shown large
    assert scene.view.players[1].cm is not None
    check_every_place(stack, scene, {"depot", "space", "card_space", "seat"})


def test_an_opponents_estate_is_magnified_tile_by_tile_and_opens_large(data_root):
    """Resting on another seat's miniature magnifies the tile under the pointer, moving on
    to the next tile magnifies that one at once, and a click on the card shows the
    estate large, where its tiles magnify as well."""
    stack, scene = table_four(data_root)
    seat = 1
    centre = scene.estates.estate_centre(seat)
    pv = scene.view.players[seat]
    tiles = [(g.estate_space_centre(i, centre, g.MINI_HEX), t)
             for i, t in enumerate(pv.estate) if t is not None]
    assert len(tiles) >= 2
    rest_at(stack, scene, tiles[0][0])
    assert scene.estates.hovered == seat          # its estate enlarged under the card
    assert scene.magnifier.lens().tile == tiles[0][1]
    assert scene.magnifier.lens().clear == scene.estates.popups[seat].rect
    # The same tile is ringed in the enlarged estate.
    first = next(i for i, t in enumerate(pv.estate) if t is not None)
    assert scene.magnifier.lens().echo[0] == popup_space_centre(seat, 4, first)
    stack.handle_event(motion(tiles[1][0]))
    assert scene.magnifier.lens().tile == tiles[1][1]
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tiles[1][0], button=1))
    assert scene.shown_seat == seat and not scene.magnifier.visible
    space = next(i for i, t in enumerate(pv.estate) if t is not None)
    rest_at(stack, scene, g.estate_space_centre(space))
    assert scene.magnifier.lens().tile == pv.estate[space]


def test_the_magnifier_goes_on_a_key_or_leaving(data_root):
    stack, scene = table_four(data_root)
    spot = next(s for s in scene.spots.all() if s.kind == "depot"
                and lens_at(scene, s, s.centre) is not None)
    rest_at(stack, scene, spot.centre)
    assert scene.magnifier.visible
    stack.handle_event(key(pygame.K_F2))
    assert not scene.magnifier.visible
    stack.update(HOVER_DELAY)
    assert not scene.magnifier.visible      # not back while the pointer stays
    stack.handle_event(motion((0, 0)))
    stack.update(HOVER_DELAY)
    rest_at(stack, scene, spot.centre)
    assert scene.magnifier.visible
    stack.handle_event(motion((960, 1070)))  # the felt under the log: no tile
    assert not scene.magnifier.visible


def after_a_click_on_a_depot_tile(data_root, magnified: bool) -> tuple:
    stack, scene = table_four(data_root)
    click_spot(stack, scene, "die", scene.narrowing.dice_available()[0])
    spot = next(s for s in scene.spots.all() if s.kind == "depot"
                and lens_at(scene, s, s.centre) is not None)
    if magnified:
        rest_at(stack, scene, spot.centre)
        assert scene.magnifier.visible
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot.centre, button=1))
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot.centre, button=1))
    assert not scene.magnifier.visible      # a click sends it away
    n = scene.narrowing
    return (scene.moves, scene.message, tuple(scene.options),
            n and (n.die, n.value, n.storage, n.buying))


def test_a_click_through_the_magnifier_does_what_it_does_without_it(tmp_path):
    """The magnifier is never hit: a click on the magnified tile does what the same
    click does with no magnifier shown."""
    assert (after_a_click_on_a_depot_tile(tmp_path / "a", True)
            == after_a_click_on_a_depot_tile(tmp_path / "b", False))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_magnifier_names_the_tile_and_says_what_it_does(data_root, monkeypatch, lang):
    """Its name with its number, and its effect as the tooltips and glossary word it, in
    the language of the table, beside the tile drawn large with its number."""
    from game.scenes import fonts
    from game.scenes.art import pieces
    i18n.set_language(lang)
    stack, scene = table_magnified(data_root)
    lens = scene.magnifier.lens()
    drawn: list[str] = []

    class Recording(pygame.font.Font):
        def render(self, text, *args, **kwargs):
            drawn.append(text)
            return super().render(text, *args, **kwargs)
    monkeypatch.setattr(fonts, "get", lambda px: Recording(fonts.FONT_PATH, px))
    pieces.hex_tile.cache_clear()    # the large tile's number is rendered afresh
    scene.draw(pygame.Surface((1280, 720)))
    pieces.hex_tile.cache_clear()
    name = tile_label(lens.tile)
    assert name[:1].upper() + name[1:] in drawn
    assert tile_effect(lens.tile, scene.rules).split()[-1] in " ".join(drawn)
    assert lens.tile.removeprefix("monastery") in drawn


def test_the_magnified_tile_keeps_its_pixel_size_in_a_small_window():
    """As large in a 1024x600 window as in a 1280x720 one (its number and picture do not
    depend on the window's size), and larger in a larger window."""
    from game.scenes.layout import Canvas
    radius = {size: Canvas(pygame.Surface(size)).length(
        LENS_HEX * zoom(Canvas(pygame.Surface(size)))) for size in SIZES}
    assert radius[(1024, 600)] == radius[(1280, 720)] < radius[(1920, 1080)]
    # The monastery tile's number is drawn from a radius of 36 px.
    assert radius[(1024, 600)] >= 36


def test_the_magnifier_keeps_clear_of_the_tile_and_inside_the_window():
    """At each edge and corner of the table it moves to the side with room."""
    size = (560.0, 200.0)
    for x in (20, 500, 960, 1500, 1900):
        for y in (20, 540, 1060):
            lens = Lens("castle", (x, y), 30)
            box = place(size, lens.rect)
            assert pygame.FRect(DESIGN_RECT).contains(box), (x, y)
            assert not box.colliderect(lens.rect), (x, y)
    # A place to keep clear (the enlarged estate) is kept clear where the window allows.
    lens = Lens("castle", (1300, 130), 12, clear=pygame.Rect(1100, 232, 380, 416))
    box = place(size, lens.rect, lens.clear)
    assert not box.colliderect(lens.clear) and not box.colliderect(lens.rect)


@pytest.mark.parametrize("where", ["knowledge", "seat"])
def test_golden_magnifier(data_root, where):
    """The magnifier over a monastery tile of the estate and over a tile of another
    seat's miniature, in a 1280x720 window."""
    stack, scene = table_four(data_root)
    resting_on_tile(stack, scene, where)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, f"table_magnifier_{where}.png")


def test_no_tile_no_magnifier(data_root):
    """Empty spaces, empty depot places, the felt, and a place a spot of a view just
    replaced no longer has: nothing is magnified, and the tooltip shows as before."""
    from game.scenes.table.tips import Spot
    stack, scene = table_four(data_root)
    pv = scene.view.players[scene.shown_seat]
    empty = next(s for s in scene.spots.all() if s.kind == "space" and pv.estate[s.key] is None)
    rest_at(stack, scene, empty.centre)
    assert not scene.magnifier.visible and scene.tooltips.visible
    for stale in (Spot("storage", 9, (0, 0), 1), Spot("space", 99, (0, 0), 1),
                  Spot("depot", (1, 7), (0, 0), 1), Spot("goods", 3, (0, 0), 1)):
        assert lens_at(scene, stale, (0, 0)) is None
