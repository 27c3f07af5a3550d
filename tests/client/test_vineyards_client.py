"""The vineyards on the table: the vineyard board's printed icons, the board of the seat shown
large, and the double tiles' flights (and the tiles leaving a depot) on the animation
machinery, which the animation speed governs."""

from __future__ import annotations

import pygame
from positions import module_button, table_at

from game.rules import vineyards as vy
from game.scenes.anim.timeline import Later
from game.scenes.layout import Canvas, Viewport
from game.scenes.table import geometry as g
from game.scenes.table.modules import vineyards as vv
from game.scenes.table.motion import BOX, Flight, Handlers

SIZE = (1280, 720)


def _draw(scene, size=SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    scene.draw(surface)
    return surface


def _px(point, size=SIZE) -> tuple[int, int]:
    return Viewport(size).to_window(*point)


def _flights(animation) -> list[Flight]:
    if isinstance(animation, Flight):
        return [animation]
    if isinstance(animation, Later):
        return _flights(animation.child)
    return [f for c in getattr(animation, "children", ()) for f in _flights(c)]


def _space_tips(scene) -> dict[int, str]:
    return {s.key[1]: s.tip() for s in scene.spots.all()
            if s.kind == "vineyard" and s.key[0] == "space"}


def test_each_empty_vineyard_space_shows_its_two_icons_at_1280x720(data_root):
    """Inked pixels where each icon of an empty double space is drawn (the icons are no
    longer in the tooltips only)."""
    scene = table_at("vineyard_turn", data_root).scene
    seat = scene.shown_seat
    board = scene.view.parts["vineyards"].boards[seat]
    placed = {s for s, _, _ in scene.view.parts["vineyards"].placed[seat]}
    surface = _draw(scene)
    offset = vv.NUMBER / 2 + 3 + vv.ICON / 2
    for i, (cx, cy) in enumerate(vv.board_centres(board)):
        if i in placed:
            continue
        for dx in (-offset, offset):
            x0, y0 = _px((cx + dx - vv.ICON / 3, cy - vv.ICON / 3))
            x1, y1 = _px((cx + dx + vv.ICON / 3, cy + vv.ICON / 3))
            dark = sum(1 for x in range(x0, x1) for y in range(y0, y1)
                       if sum(surface.get_at((x, y))[:3]) < 200)
            assert dark >= 6, (i, dx)
    # The icons are still named in the space's tooltip.
    space = vy.BOARDS[board].spaces[0]
    assert vv.icon_label(space.icons[0]) in _space_tips(scene)[0]


def test_the_vineyard_board_follows_the_seat_shown_large(data_root):
    scene = table_at("vineyard_turn", data_root).scene
    v = scene.view.parts["vineyards"]
    me = scene.state.current_player
    other = 1 - me
    assert v.boards[me] != v.boards[other]

    def expected(seat):
        board = vy.BOARDS[v.boards[seat]]
        return {i: vv.icon_label(s.icons[0]) for i, s in enumerate(board.spaces)}

    before = _draw(scene)
    assert all(label in _space_tips(scene)[i] for i, label in expected(me).items())
    scene.swap_into_view(other)
    assert scene.shown_seat == other
    assert all(label in _space_tips(scene)[i] for i, label in expected(other).items())
    after = _draw(scene)
    # The board's cached layer is repainted for the other seat's vineyard board.
    x0, y0 = _px((vv.BOARD_ORIGIN[0], vv.BOARD_ORIGIN[1] - 4 * vv.ROW_STEP))
    x1, y1 = _px((vv.BOARD_ORIGIN[0] + 13 * vv.BOARD_HALF, vv.BOARD_ORIGIN[1]))
    area = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
    assert (pygame.image.tobytes(before.subsurface(area), "RGB")
            != pygame.image.tobytes(after.subsurface(area), "RGB"))
    scene.swap_into_view(other)  # clicking the shown card again: back to the seat to move
    assert scene.shown_seat == me
    assert all(label in _space_tips(scene)[i] for i, label in expected(me).items())


def _take(scene) -> tuple:
    return next(a for a in scene.state.legal_actions() if a[0] == "vineyard_take")


def test_a_double_tile_taken_flies_a_half_to_each_of_its_two_storage_spaces(data_root):
    t = table_at("vineyard_turn", data_root, speed="normal")
    scene = t.scene
    action = _take(scene)
    seat, space = scene.state.current_player, action[2]
    tile = scene.view.parts["vineyards"].depot[space]
    scene.submit(action)
    grapes = []
    for _ in range(120):  # the take may wait behind the turn's earlier events
        t.stack.update(1 / 60)
        grapes = [f for f in scene.flyers if f.kind == "grape"]
        if grapes:
            break
    assert len(grapes) == 2
    assert sorted(f.what for f in grapes) == sorted(vy.TILES[tile])
    assert ("vineyard", "depot", space) in scene.view.lifted
    scene.presenter.skip()
    assert not scene.flyers and not scene.view.lifted
    stored = scene.view.players[seat].storage
    assert stored.count("double_tile") >= 2


def test_the_take_handler_starts_at_the_depot_halves_and_ends_on_the_storage_spaces(data_root):
    scene = table_at("vineyard_turn", data_root, speed="normal").scene
    seat = scene.state.current_player
    tile = scene.view.parts["vineyards"].depot[0]
    event = vy.DoubleTileTaken(seat, tile, "depot", 0, (0, 1), "die")
    flights = _flights(Handlers(scene).table()["DoubleTileTaken"](event))
    starts = vv.offer_halves(len(scene.view.players), "depot", 0)
    assert [f.path.start for f in flights] == list(starts)
    assert [f.path.end for f in flights] == [scene.places.storage_pos(seat, 0),
                                             scene.places.storage_pos(seat, 1)]
    assert [f.flyer.what for f in flights] == list(vy.TILES[tile])
    assert flights[0].lift == ("vineyard", "depot", 0)


def test_a_placed_double_tile_flies_from_storage_onto_its_space_halves(data_root):
    scene = table_at("vineyard_turn", data_root, speed="normal").scene
    seat = scene.shown_seat
    board = scene.view.parts["vineyards"].boards[seat]
    tile = 7
    event = vy.DoubleTilePlaced(seat, tile, (1, 2), 3, 1)
    flights = _flights(Handlers(scene).table()["DoubleTilePlaced"](event))
    assert [f.path.start for f in flights] == [scene.places.storage_pos(seat, 1),
                                               scene.places.storage_pos(seat, 2)]
    assert [f.path.end for f in flights] == list(vv.board_halves(board, 3))
    assert [f.flyer.what for f in flights] == list(vy.TILES[tile][::-1])
    # Onto a board not drawn (another seat's): no flight to the wrong board.
    other = vy.DoubleTilePlaced(1 - seat, tile, (1, 2), 3, 0)
    assert not _flights(Handlers(scene).table()["DoubleTilePlaced"](other))


def test_a_removed_double_tile_fades_to_the_box_from_both_storage_spaces(data_root):
    scene = table_at("vineyard_turn", data_root, speed="normal").scene
    seat = scene.shown_seat
    removed = vy.DoubleTileRemoved(seat, 7, (0, 2))
    flights = _flights(Handlers(scene).table()["DoubleTileRemoved"](removed))
    assert [f.path.start for f in flights] == [scene.places.storage_pos(seat, 0),
                                               scene.places.storage_pos(seat, 2)]
    assert all(f.path.end == BOX and f.flyer.fade for f in flights)


def test_the_vineyard_tiles_cleared_fly_off_from_where_they_lie_when_their_turn_comes(data_root):
    scene = table_at("vineyard_turn", data_root, speed="normal").scene
    v = scene.view.parts["vineyards"]
    left = [t for t in v.depot + v.display if t >= 0]
    animation = Handlers(scene).table()["VineyardCleared"](vy.VineyardCleared(tuple(left)))
    assert isinstance(animation, Later)
    scene.timeline.enqueue(animation)
    scene.timeline.update(1 / 60)
    flights = _flights(animation)
    assert len(flights) == len(left) and all(f.flyer.fade and f.path.end == BOX
                                             for f in flights)
    centres = {c for w, s, c in vv.offer_centres(len(scene.view.players))}
    assert {f.path.start for f in flights} <= centres
    scene.presenter.skip()
    assert not scene.flyers and not scene.view.lifted


def test_the_solo_games_removed_depot_tile_fades_off_the_board(data_root):
    from game.rules.modules.solo import DepotTileRemoved
    scene = table_at("solo", data_root, speed="normal").scene
    depot, slot = next((d, s) for d in range(1, 7)
                       for s, tile in enumerate(scene.view.depots[d - 1]) if tile)
    tile = scene.view.depots[depot - 1][slot]
    removed = DepotTileRemoved(depot, slot, tile)
    flights = _flights(Handlers(scene).table()["DepotTileRemoved"](removed))
    assert len(flights) == 1
    f = flights[0]
    assert f.path.start == scene.places.depot_pos(depot, slot) and f.path.end == BOX
    assert f.lift == ("depot", depot, slot) and f.flyer.fade


def test_the_tiles_left_at_a_phase_end_fade_out_in_their_depots(data_root):
    from game.rules.events import DepotsCleared
    scene = table_at("vineyard_turn", data_root, speed="normal").scene
    lying = [(d, s) for d in range(7)
             for s, tile in enumerate(scene.view.black if d == 0 else scene.view.depots[d - 1])
             if tile is not None]
    animation = Handlers(scene).table()["DepotsCleared"](DepotsCleared(()))
    scene.timeline.enqueue(animation)
    scene.timeline.update(1 / 60)
    flights = _flights(animation)
    assert sorted(f.lift[1:] for f in flights) == sorted(lying)
    assert all(f.path.start == f.path.end and f.flyer.fade for f in flights)
    _draw(scene)  # fading pieces draw
    scene.presenter.skip()
    assert not scene.flyers


def test_with_animations_off_nothing_waits_or_flies(data_root):
    scene = table_at("vineyard_turn", data_root, speed="instant").scene
    scene.submit(_take(scene))
    assert not scene.timeline.busy and not scene.flyers and not scene.view.lifted
    assert sum(p.storage.count("double_tile") for p in scene.view.players) >= 2


def test_the_border_posts_tiles_leave_the_vineyard_boards_corner_to_it():
    """With both modules the border posts' bonus tiles lie in the upper left corner, clear
    of the vineyard board, its depot and display, the inn stack and the depots."""
    half = g.BORDER_POST_TILE / 2
    tiles = [pygame.Rect(x - half, y - half, 2 * half, 2 * half)
             for x, y in (g.border_post_tile_centre(r, True) for r in (1, 2))]
    taken = [vv.space_rect(c) for b in range(len(vy.BOARDS)) for c in vv.board_centres(b)]
    taken += [pygame.Rect(x - 2 * vv.HALF, y - vv.HALF, 4 * vv.HALF, 2 * vv.HALF)
              for _, _, (x, y) in vv.offer_centres(4)]
    taken.append(pygame.Rect(g.INN_STACK[0] - g.DEPOT_HEX, g.INN_STACK[1] - g.DEPOT_HEX,
                             2 * g.DEPOT_HEX + 60, 2 * g.DEPOT_HEX))
    assert not any(t.colliderect(r) for t in tiles for r in taken)
    for depot in range(1, 7):
        cx, cy = g.depot_centre(depot)
        for t in tiles:
            nearest = (min(max(cx, t.left), t.right), min(max(cy, t.top), t.bottom))
            assert (nearest[0] - cx) ** 2 + (nearest[1] - cy) ** 2 > g.DEPOT_RADIUS ** 2
    assert all(g.BOARD.contains(t) for t in tiles)
    # Without the vineyards they keep the lower right corner.
    assert g.border_post_tile_centre(1) == g.BORDER_POST_TILES


def test_the_vineyard_board_lies_clear_of_the_depots_the_river_and_the_strip():
    inner = g.BOARD.inflate(-10, -10)
    rects = [vv.space_rect(c) for b in range(len(vy.BOARDS)) for c in vv.board_centres(b)]
    for rect in rects:
        assert inner.contains(rect) and not rect.colliderect(g.STRIP)
        for depot in range(7):
            cx, cy = g.depot_centre(depot)
            radius = g.BLACK_DEPOT_RADIUS if depot == 0 else g.DEPOT_RADIUS
            nearest = (min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom))
            assert (nearest[0] - cx) ** 2 + (nearest[1] - cy) ** 2 > radius ** 2
        rx, ry = g.RING_CENTRE  # the river: the ring's outer edge
        nearest = (min(max(rx, rect.left), rect.right), min(max(ry, rect.top), rect.bottom))
        assert (nearest[0] - rx) ** 2 + (nearest[1] - ry) ** 2 > (g.RING_RADIUS + 13) ** 2


def test_a_click_on_a_depot_tile_lists_the_actions_that_take_it(data_root):
    from table_driver import click_spot
    t = table_at("vineyard_turn", data_root)
    scene = t.scene
    space = _take(scene)[2]
    click_spot(t.stack, scene, "vineyard", ("depot", space))
    assert scene.options and all(a[0] == "vineyard_take" and a[2] == space
                                 for a in scene.options)


def test_a_click_on_a_vineyard_space_lists_the_placements_there():
    place = ("vineyard_place", 0, 1, 4, 1)
    assert vv.uses(place, ("space", 4)) and not vv.uses(place, ("space", 3))
    assert not vv.uses(place, ("depot", 4))
    assert vv.uses(("vineyard_buy", 2, "silver"), ("display", 2))
    assert not vv.uses(("vineyard_take", 0, 2), ("display", 2))


def test_a_double_tile_chateauma_stacks_flies_from_its_space_to_chateaumas_estate(data_root):
    scene = table_at("vineyard_turn", data_root, speed="normal").scene
    v = scene.view.parts["vineyards"]
    space = next(s for s, t in enumerate(v.display) if t >= 0)
    other = 1 - scene.shown_seat
    event = vy.DoubleTileStacked(other, v.display[space], "display", space)
    flights = _flights(Handlers(scene).table()["DoubleTileStacked"](event))
    centre = next(c for w, s, c in vv.offer_centres(len(scene.view.players))
                  if (w, s) == ("display", space))
    assert len(flights) == 1 and flights[0].path.start == centre
    assert flights[0].path.end == scene.estates.estate_centre(other)
    assert flights[0].lift == ("vineyard", "display", space) and flights[0].flyer.fade


def test_a_stored_double_tile_shows_its_varieties_on_its_storage_spaces(data_root, monkeypatch):
    t = table_at("vineyard_turn", data_root)
    scene = t.scene
    action = _take(scene)
    seat, tile = scene.state.current_player, scene.view.parts["vineyards"].depot[action[2]]
    scene.submit(action)
    scene.presenter.skip()
    scene.shown_seat = seat
    painted = []
    real = vv._half
    monkeypatch.setattr(vv, "_half", lambda canvas, centre, variety, r: (
        painted.append((centre, variety)), real(canvas, centre, variety, r)))
    _draw(scene)
    spaces = [j for j, k in enumerate(scene.view.players[seat].storage) if k == "double_tile"]
    on_storage = [(c, v) for c, v in painted if c in [g.storage_centre(j) for j in spaces]]
    assert [v for _, v in on_storage] == list(vy.TILES[tile])


def test_the_listed_vineyard_actions_ring_the_places_they_use(data_root, monkeypatch):
    t = table_at("vineyard_turn", data_root)
    scene = t.scene
    scene.shown_seat = scene.state.current_player
    rings = []
    real = pygame.draw.rect
    monkeypatch.setattr(vv.pygame.draw, "rect", lambda surface, colour, rect, *a, **k: (
        rings.append(pygame.Rect(rect)), real(surface, colour, rect, *a, **k))[1])
    module_button(scene, "table.vineyard").on_click()
    assert scene.options
    _draw(scene)
    takes = {a[2] for a in scene.options if a[0] == "vineyard_take"}
    canvas_rects = []
    canvas = Canvas(pygame.Surface(SIZE))
    for where, s, centre in vv.offer_centres(len(scene.view.players)):
        if where == "depot" and s in takes:
            r = pygame.Rect(0, 0, 4 * vv.HALF + 8, 2 * vv.HALF + 8)
            r.center = (round(centre[0]), round(centre[1]))
            canvas_rects.append(canvas.rect(r))
    assert takes and all(r in rings for r in canvas_rects)
