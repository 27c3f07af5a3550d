"""Animals score their own animals plus those of the same species on the same pasture.
Board 1: the five-space pasture is spaces 0 (6), 4 (2), 5 (1), 9 (5), 10 (4); space 27
(pasture 2) is a pasture of its own."""

from __future__ import annotations

from .builders import build, game, give, points, store


def benno(*tiles: tuple[int, str]):
    """Benno's pasture with a 3-cow and a 3-sheep (the rulebook picture), plus `tiles`."""
    s = game(dice=[(1, 4), (1, 1)])
    give(s, workers=0)
    build(s, 4, "cow3")
    build(s, 0, "sheep3")
    for space, name in tiles:
        build(s, space, name)
    return s


def test_an_animal_tile_scores_its_animals() -> None:
    s = game(dice=[(2, 2), (1, 1)])
    give(s, workers=0)
    build(s, 17, "ship")
    build(s, 10, "cow2")
    store(s, "pig4")
    events = s.apply(("place", 0, 0, 4))
    assert points(events, "animals") == 4


def test_bennos_4_cows_next_to_3_cows_score_7() -> None:
    s = benno()
    store(s, "cow4")
    events = s.apply(("place", 0, 0, 5))
    assert points(events, "animals") == 4 + 3


def test_bennos_second_4_cows_score_11() -> None:
    s = benno((5, "cow4"))
    store(s, "cow4")
    events = s.apply(("place", 1, 0, 10))
    assert points(events, "animals") == 4 + 4 + 3


def test_bennos_2_sheep_score_5() -> None:
    s = benno()
    store(s, "sheep2")
    events = s.apply(("place", 0, 0, 5))
    assert points(events, "animals") == 2 + 3


def test_animals_on_the_same_pasture_count_even_when_not_adjacent() -> None:
    s = game(dice=[(4, 4), (1, 1)])
    give(s, workers=0)
    build(s, 0, "cow3")
    build(s, 17, "ship")  # space 10 now touches a placed tile; 0 and 10 do not touch
    store(s, "cow4")
    events = s.apply(("place", 0, 0, 10))
    assert points(events, "animals") == 4 + 3


def test_the_same_species_on_another_pasture_does_not_count() -> None:
    s = game(dice=[(4, 4), (1, 1)])
    give(s, workers=0)
    build(s, 27, "cow3")
    build(s, 17, "ship")
    store(s, "cow4")
    events = s.apply(("place", 0, 0, 10))
    assert points(events, "animals") == 4


def test_another_species_on_the_same_pasture_does_not_count() -> None:
    s = benno()
    store(s, "pig2")
    events = s.apply(("place", 0, 0, 5))
    assert points(events, "animals") == 2
