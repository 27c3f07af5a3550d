"""Procedural artwork: every piece renders, is cached, and never relies on colour alone."""

from itertools import combinations

import numpy
import pygame
import pytest
from golden_images import compare_golden

from game.scenes.art import faces, icons, palette, pictogram, pieces
from game.scenes.art.faces import TileFace


# A fixed estate layout for drawing tests (not a printed board).
COLOURS = [palette.ESTATE_COLOURS[i % 6] for i in range(37)]
DICE = [i % 6 + 1 for i in range(37)]


def grey(surface):
    """Luminance, with transparent pixels treated as black."""
    rgb = pygame.surfarray.array3d(surface).astype(float)
    alpha = pygame.surfarray.array_alpha(surface).astype(float) / 255
    lum = rgb @ numpy.array([0.2126, 0.7152, 0.0722])
    return lum * alpha


def shape(surface):
    """The ink of an image independent of its colours: edges of its luminance."""
    g = grey(surface)
    return numpy.abs(numpy.diff(g, axis=0))[:, :-1] + numpy.abs(numpy.diff(g, axis=1))[:-1, :]


def differs(a, b, pixels=20):
    """True when the edge maps differ strongly on at least ``pixels`` pixels: at 48 px a
    single pip or a digit's stroke is more than that."""
    return (numpy.abs(a - b) > 40).sum() >= pixels


def test_every_tile_face_renders_at_several_sizes():
    for face in faces.all_faces():
        for size in (12, 30, 64):
            image = pieces.hex_tile(face, size)
            assert image.get_size() == pieces.hex_box(size)
            assert image.get_at((image.get_width() // 2, image.get_height() // 2)).a == 255
            assert image.get_at((0, 0)).a == 0  # outside the hex stays transparent


def test_there_are_49_distinct_tile_fronts():
    all_faces = faces.all_faces()
    assert len(all_faces) == len(set(all_faces)) == 3 + 8 + 12 + 26


def test_tiles_are_told_apart_without_colour():
    """In greyscale, with the colour's lightness removed, every pair of tile fronts
    still differs clearly: each carries its own icon, count or number."""
    images = {face: shape(pieces.hex_tile(face, 48)) for face in faces.all_faces()}
    for a, b in combinations(images, 2):
        assert differs(images[a], images[b]), (a, b)


@pytest.mark.parametrize("rules", ["special", "alea2019", "original", "yucata"])
def test_monastery_tiles_are_told_apart_by_their_pictures_alone(rules):
    """At the estate's size in a 1280x720 window the tile numbers are too small to draw;
    the pictures of the 26 monastery tiles still differ, in greyscale, pairwise."""
    images = {k: shape(pieces.hex_tile(faces.monastery(k, rules), 29))
              for k in faces.KNOWLEDGE_NUMBERS}
    for a, b in combinations(images, 2):
        assert differs(images[a], images[b]), (rules, a, b)


def test_a_monastery_tile_shows_its_rule_sets_effect():
    for number in (6, 15, 26):
        special = pieces.hex_tile(faces.monastery(number, "special"), 40)
        original = pieces.hex_tile(faces.monastery(number, "original"), 40)
        assert differs(shape(special), shape(original)), number
    assert pictogram.for_tile(15, "original") == "points:3 / goods_types"
    assert pictogram.for_tile(15, "special") == "points:2 / goods_types"
    plain = faces.TileFace("monastery", knowledge=3)
    assert differs(shape(pieces.hex_tile(plain, 40)),
                   shape(pieces.hex_tile(faces.monastery(3), 40)))


@pytest.mark.parametrize("spec", ["dragon > silver", "silver > ", "a+b+c+d+e", "points:4 / "])
def test_a_picture_outside_the_vocabulary_is_refused(spec):
    with pytest.raises(ValueError):
        pictogram.parse(spec)
    with pytest.raises(ValueError):
        faces.TileFace("monastery", knowledge=1, effect=spec)


def test_only_monastery_tiles_show_an_effect():
    with pytest.raises(ValueError):
        faces.TileFace("castle", effect="silver")


def test_no_number_in_the_artwork_is_under_the_smallest_text(monkeypatch):
    """Every piece at every size from tiny to large: the numbers it renders are at least
    MIN_TEXT_PX, and a piece too small for its number still tells its count apart."""
    from game.scenes import fonts
    sizes = []
    original = fonts.get

    def get(px):
        sizes.append(px)
        return original(px)
    monkeypatch.setattr(fonts, "get", get)
    for size in range(8, 66, 3):
        for face in faces.all_faces() + [faces.TileFace("monastery", knowledge=7)]:
            pieces.hex_tile.__wrapped__(face, size)
        for colour in palette.ESTATE_COLOURS:
            pieces.bonus_tile.__wrapped__(colour, 7, size)
        pieces.silver_coin.__wrapped__(size, 3)
    assert sizes and min(sizes) >= pictogram.MIN_TEXT_PX
    for species in faces.SPECIES:
        small = [shape(pieces.hex_tile(faces.animal(species, n), 19)) for n in (2, 3, 4)]
        for a, b in combinations(small, 2):
            assert differs(a, b, pixels=8), species


def table_tile_sizes(window):
    """The radii, in window pixels, at which the table draws tiles in ``window``: the
    depots, the black depot, the storage, the estate, Châteauma's estate and cards, the
    monastery tiles beside the estate, the seats' miniatures and their enlargement."""
    from game.scenes.layout import Viewport
    from game.scenes.table import geometry as g
    from game.scenes.table.estates_panel import popup_hex
    view = Viewport(window)
    designed = (g.DEPOT_HEX, g.BLACK_HEX, g.STORAGE_HEX, g.ESTATE_HEX * 0.95,
                g.CM_ESTATE_HEX * 0.95, g.CM_CARD_HEX * 0.95, *g.KNOWLEDGE_HEXES,
                g.MINI_HEX * 0.95, popup_hex() * 0.95)
    return sorted({max(4, view.length(d)) for d in designed})


@pytest.mark.parametrize("window", [(1024, 600), (1280, 720)])
def test_small_tiles_keep_their_counts_as_digits(monkeypatch, window):
    """At every size the table draws tiles in a small window, an animal tile large enough
    for a 9 px digit shows its count as that digit (never as dots), and a monastery
    tile that scores points shows its points from 14 px up; smaller ones leave them to
    the magnifier. No digit is drawn under MIN_TEXT_PX."""
    from game.scenes import fonts
    rendered = []
    original = fonts.get

    class Recording(pygame.font.Font):
        def render(self, text, *args, **kwargs):
            rendered.append((self.px, text))
            return super().render(text, *args, **kwargs)

    def get(px):
        font = Recording(fonts.FONT_PATH, px)
        font.px = px
        return font
    monkeypatch.setattr(fonts, "get", get)
    sizes = table_tile_sizes(window)
    assert min(sizes) < pieces.COUNTED_ANIMAL <= max(sizes)
    for size in sizes:
        for face in faces.all_faces():
            rendered.clear()
            pieces.hex_tile.__wrapped__(face, size)
            assert all(px >= pictogram.MIN_TEXT_PX for px, _ in rendered), (face, size)
            if face.category == "animal" and size >= pieces.COUNTED_ANIMAL:
                assert (str(face.animals) in [t for _, t in rendered]), (face, size)
            points = pictogram.parse(face.effect)[0][0].count if face.effect else ""
            if face.category == "monastery" and face.effect.startswith("points:") \
                    and size >= 14:
                assert points in [t for _, t in rendered], (face.knowledge, size)
    monkeypatch.setattr(fonts, "get", original)


def test_empty_spaces_are_told_apart_without_colour():
    for die in range(1, 7):
        images = {c: shape(pieces.estate_space(c, die, 48)) for c in palette.ESTATE_COLOURS}
        for a, b in combinations(images, 2):
            assert differs(images[a], images[b]), (a, b, die)
    for colour in palette.ESTATE_COLOURS:
        images = [shape(pieces.estate_space(colour, d, 48)) for d in range(1, 7)]
        for a, b in combinations(range(6), 2):
            assert differs(images[a], images[b]), (colour, a + 1, b + 1)


def test_goods_and_dice_show_their_value_as_pips():
    for render in (lambda v: pieces.goods_tile(v, 48), lambda v: pieces.die_face(v, 48)):
        images = [shape(render(v)) for v in range(1, 7)]
        for a, b in combinations(range(6), 2):
            assert differs(images[a], images[b])


def test_pieces_are_cached_per_size():
    face = faces.castle()
    assert pieces.hex_tile(face, 40) is pieces.hex_tile(face, 40)
    assert pieces.hex_tile(face, 40) is not pieces.hex_tile(face, 41)
    assert icons.icon("ship", 32, palette.INK) is icons.icon("ship", 32, palette.INK)
    assert pieces.silver_coin(30).get_size() == (30, 30)
    assert pieces.worker_chip(30).get_size() == (30, 30)
    assert pieces.bonus_tile("mine", 5, 30).get_size() == (30, 30)


@pytest.mark.parametrize("name", sorted(icons.ICONS))
def test_every_icon_has_ink_and_transparent_background(name):
    image = icons.icon(name, 40, palette.INK)
    alpha = pygame.surfarray.array_alpha(image)
    assert 0.08 < (alpha > 128).mean() < 0.85
    assert image.get_at((0, 0)).a < 128 or name in ("die", "goods")


def test_unknown_icon_and_bad_die_values_are_refused():
    with pytest.raises(KeyError):
        icons.icon("dragon", 20, palette.INK)
    with pytest.raises(ValueError):
        pieces.die_face(7, 20)
    with pytest.raises(ValueError):
        pieces.goods_tile(0, 20)


@pytest.mark.parametrize("kwargs", [
    dict(category="tower"),
    dict(category="building"),
    dict(category="building", building="tavern"),
    dict(category="animal", species="cow", animals=5),
    dict(category="animal", species="goat", animals=2),
    dict(category="monastery", knowledge=30),
    dict(category="castle", knowledge=3),
    dict(category="ship", species="cow", animals=2),
])
def test_invalid_tile_faces_are_refused(kwargs):
    with pytest.raises(ValueError):
        TileFace(**kwargs)


def test_tile_labels_use_the_rulebook_words():
    assert faces.building("carpenters_workshop").label("de") == "Schreinerei"
    assert faces.animal("sheep", 3).label("en") == "3 sheep"
    assert faces.monastery(12).label("de") == "Kloster 12"
    assert faces.animal("cow", 2).colour == "pasture"


def test_estate_needs_37_spaces():
    with pytest.raises(ValueError):
        pieces.draw_estate(pygame.Surface((10, 10)), (5, 5), 4, COLOURS[:36], DICE)


def art_sheet():
    """Every kind of piece on one surface, at fixed sizes."""
    surface = pygame.Surface((960, 700))
    surface.fill(palette.BOARD)
    tiles = [None] * 37
    for i, face in enumerate(faces.all_faces()[:18]):
        tiles[i * 2] = face
    pieces.draw_estate(surface, (220, 270), 34, COLOURS, DICE, tiles)
    for i, face in enumerate(faces.all_faces()):
        surface.blit(pieces.hex_tile(face, 22), (440 + (i % 10) * 50, 10 + (i // 10) * 48))
    for v in range(1, 7):
        surface.blit(pieces.goods_tile(v, 36), (440 + (v - 1) * 44, 260))
        surface.blit(pieces.die_face(v, 36, palette.PLAYERS[v % 4]), (440 + (v - 1) * 44, 304))
    for i, colour in enumerate(palette.ESTATE_COLOURS):
        surface.blit(pieces.bonus_tile(colour, 2 + 3 * (i % 2), 40), (440 + i * 48, 350))
    surface.blit(pieces.silver_coin(36), (740, 260))
    surface.blit(pieces.silver_coin(36, 3), (784, 260))
    surface.blit(pieces.worker_chip(36), (828, 260))
    for i, name in enumerate(sorted(icons.ICONS)):
        surface.blit(icons.icon(name, 28, palette.INK), (440 + (i % 16) * 32, 410 + (i // 16) * 32))
    # The monastery tiles at the estate's size in a 1280x720 window (numbers left out,
    # points kept), then small animal tiles (counts kept) and small bonus tiles and coins.
    for k in faces.KNOWLEDGE_NUMBERS:
        surface.blit(pieces.hex_tile(faces.monastery(k), 29),
                     (10 + ((k - 1) % 13) * 56, 530 + ((k - 1) // 13) * 62))
    for i, face in enumerate(faces.all_faces()[11:23:2]):
        surface.blit(pieces.hex_tile(face, 19), (750 + (i % 3) * 36, 530 + (i // 3) * 42))
    for i, colour in enumerate(palette.ESTATE_COLOURS[:3]):
        surface.blit(pieces.bonus_tile(colour, 7, 23), (860 + i * 28, 530))
    surface.blit(pieces.silver_coin(20), (860, 570))
    return surface


def test_art_sheet_matches_golden_image():
    """Regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the result."""
    compare_golden(art_sheet(), "art_sheet.png")
