"""`vineyards` (VY-0..VY-11, P-VY-1..5): the setup and the
reduced option, the depot and display each phase, double tiles on two storage spaces, the
two die actions, the icons, the level bonus, the display purchase, the castle's and white
castle's actions, and the grape areas at the end.

The vineyard board of seat 0 is the provisional board V1 (data/vineyards.json): lowest
level spaces 0 (die 1: bank, black depot) and 1 (die 4: boarding house, market, the
rulebook's example); level 2: spaces 2 (die 2), 3 (die 5), 4 (die 3); level 3: 5, 6, 7;
level 4: 8, 9. Tiles 0-5 show one variety on both halves (orange, yellow, green, red,
black, blue); the others two.
"""

from __future__ import annotations

import random

import pytest

from game.rules import GameConfig, GameState, action_text, check_state, new_game, parse_action
from game.rules.modules import vineyards as vy
from game.rules.state import Frame

from .builders import (at_last_turn, give, kind, me, monasteries, of_type, phase_outcome,
                       points, refused, roll_outcome, roundtrip, set_depot, store, unexplained)
from .test_invariants import check_game

GREEN, BLUE, RED = (vy.VARIETIES.index(c) for c in ("green", "blue", "red"))


def tile(a: str, b: str, nth: int = 0) -> int:
    """The nth double tile showing varieties a and b."""
    want = sorted((vy.VARIETIES.index(a), vy.VARIETIES.index(b)))
    return [t for t, pair in enumerate(vy.TILES) if sorted(pair) == want][nth]


def vgame(players: int = 2, dice=(1, 2), wine=None, removed=(), depot=None, display=None,
          modules=(), option: str = "", white: int = 1) -> GameState:
    """A basic-mode game with vineyards at the first turn of phase A (seat 0 to move);
    the depot and display hold the given tiles (by default the bag's first ones)."""
    config = GameConfig(players=players, board_mode="basic",
                        modules=("vineyards" + option, *modules))
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * players))
    assert s.chance == vy.SETUP_STEP
    s.apply_chance((tuple(removed), tuple(wine or range(players))))
    s.apply_chance(phase_outcome(s))
    assert s.chance == vy.FILL_STEP
    s.apply_chance(fill(s, depot, display))
    s.apply_chance(roll_outcome(white, [dice] * players))
    return s


def fill(s: GameState, depot=None, display=None) -> tuple:
    """A fill outcome: the given tiles, or the bag's last ones (the scenarios name their
    own tiles from the first ones)."""
    v = vy.vine(s)
    bag = list(reversed(v.bag))
    spaces = vy.display_spaces(s.n)
    depot = list(depot) if depot is not None else bag[:len(v.depot)]
    rest = [t for t in bag if t not in depot]
    shown = [-1, -1, -1]
    for i, sp in enumerate(spaces):
        shown[sp] = display[i] if display is not None else rest[i]
    return tuple(depot), tuple(shown)


def lift(s: GameState, t: int) -> None:
    """Double tile t out of wherever it lies (bag, depot, display, out of the game)."""
    v = vy.vine(s)
    for row in (v.bag, v.out):
        if t in row:
            row.remove(t)
            return
    for row in (v.depot, v.display):
        if t in row:
            row[row.index(t)] = -1
            return
    raise AssertionError(f"double tile {t} is not free")


def stored_double(s: GameState, t: int, seat: int | None = None) -> None:
    """Seat holds double tile t on its first two free storage spaces."""
    seat = s.current_player if seat is None else seat
    lift(s, t)
    vy.store_double(s, seat, t, "depot", 0, "die", None)
    s._legal = None


def placed(s: GameState, *tiles: tuple[int, int, int], seat: int = 0) -> None:
    """Lay (space, tile, flip) on seat's vineyard as if placed earlier."""
    v = vy.vine(s)
    for space, t, flip in tiles:
        lift(s, t)
        v.seats[seat].placed.append((space, t, flip))
    s._legal = None


def actions(s: GameState, name: str) -> list:
    return [a for a in s.legal_actions() if a[0] == name]


# --- VY-0, VY-1: setup ------------------------------------------------------------------------

def test_vy0_each_player_has_a_different_wine_bonus_tile_and_a_board_and_the_bag_is_full():
    s = vgame(players=3, wine=(2, 5, 0))
    v = vy.vine(s)
    assert [seat.wine for seat in v.seats] == [[2], [5], [0]]
    assert v.pile == [3, 4, 3, 4, 4, 3]
    assert [seat.board for seat in v.seats] == [0, 1, 2]
    assert len(v.bag) + len(v.depot) + 3 == vy.TILE_COUNT == 51
    with pytest.raises(Exception, match="one different variety"):
        bad = new_game(GameConfig(players=2, board_mode="basic", modules=("vineyards",)))
        bad.apply_chance(0)
        bad.apply_chance((1, 2, 3, 1, 2, 3))
        bad.apply_chance(((), (1, 1)))


def test_vy0_the_composition_shows_each_variety_on_16_tiles():
    for x in range(6):
        assert sum(1 for pair in vy.TILES if x in pair) == 16


@pytest.mark.parametrize("players, removed, left", [(3, (RED,), 35), (2, (RED, BLUE), 22)])
def test_vy1_the_reduced_option_removes_random_varieties_with_their_tiles(players, removed,
                                                                           left):
    s = vgame(players=players, option=":reduced", wine=(0, 1, 2)[:players], removed=removed)
    v = vy.vine(s)
    everything = v.bag + [t for t in v.depot + v.display if t >= 0]
    assert len(everything) == left
    assert not any(set(vy.TILES[t]) & set(removed) for t in everything)
    assert all(v.pile[x] == 0 for x in removed)
    assert sorted(v.removed) == sorted(removed)


def test_vy1_a_random_reduced_setup_never_deals_a_removed_variety():
    import random
    s = new_game(GameConfig(players=3, board_mode="basic", modules=("vineyards:reduced",)))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3) * 3)
    removed, dealt = s.sample_chance(random.Random(3))
    assert len(removed) == 1 and not set(removed) & set(dealt) and len(set(dealt)) == 3


# --- VY-2: each phase --------------------------------------------------------------------------

@pytest.mark.parametrize("players, depot, display", [(4, 6, 3), (3, 3, 3), (2, 3, 1)])
def test_vy2_the_depot_and_display_are_filled_by_player_count(players, depot, display):
    s = vgame(players=players)
    v = vy.vine(s)
    assert sum(t >= 0 for t in v.depot) == depot
    assert sum(t >= 0 for t in v.display) == display
    if players == 2:
        assert v.display[1] >= 0  # the middle space: the outer two are marked 3


def test_vy2_at_phase_c_the_tiles_left_leave_the_game_and_everything_is_refilled():
    """(derived) 4 players, 2 double tiles left in the depot at the start of phase C."""
    s = vgame(players=4)
    v = vy.vine(s)
    left = [v.depot[0], v.depot[3]]
    v.depot = [left[0], -1, -1, left[1], -1, -1]
    v.display = [-1, v.display[1], -1]
    gone = left + [v.display[1]]
    at_last_turn(s, 1)
    events = s.apply(("end",))
    assert of_type(events, "VineyardCleared")[0].tiles == tuple(gone)
    assert all(t in v.out for t in gone)
    s.apply_chance(phase_outcome(s))
    assert s.chance == vy.FILL_STEP
    s.apply_chance(s.sample_chance(__import__("random").Random(1)))
    assert sum(t >= 0 for t in v.depot) == 6 and sum(t >= 0 for t in v.display) == 3
    assert s.chance == "roll"


def test_vy2_an_empty_bag_leaves_spaces_empty():
    s = vgame(players=2)
    v = vy.vine(s)
    v.out += v.bag[1:]
    v.bag = v.bag[:1]
    at_last_turn(s, 0)
    s.apply(("end",))
    s.apply_chance(phase_outcome(s))
    outcome = ((v.bag[0], -1, -1), (-1, -1, -1))
    s.apply_chance(outcome)
    assert v.depot == [outcome[0][0], -1, -1] and v.display == [-1, -1, -1]


def test_vy2_a_fill_must_draw_while_the_bag_has_tiles():
    s = vgame(players=2)
    at_last_turn(s, 0)
    s.apply(("end",))
    s.apply_chance(phase_outcome(s))
    with pytest.raises(Exception, match="run out"):
        s.apply_chance(((-1, -1, -1), (-1, -1, -1)))


# --- VY-3: taking a double tile ------------------------------------------------------------------

def test_vy3_four_players_a_die_takes_the_tile_of_its_depot_space():
    s = vgame(players=4, dice=(3, 6))
    give(s, workers=0)
    v = vy.vine(s)
    t = v.depot[2]
    assert ("vineyard_take", 0, 2) in s.legal_actions()
    assert ("vineyard_take", 0, 3) not in s.legal_actions()
    events = s.apply(("vineyard_take", 0, 2))
    assert me(s).storage == [vy.DOUBLE, vy.DOUBLE, -1]
    assert vy.vine(s).seats[0].stored == [t] and v.depot[2] == -1
    assert of_type(events, "DoubleTileTaken")[0].storage == (0, 1)


@pytest.mark.parametrize("face", [3, 4])
def test_vy3_two_or_three_players_either_number_under_the_space_works(face):
    """Provisional depot numbers for 2-3 players: spaces {1, 2}, {3, 4}, {5, 6}."""
    s = vgame(players=2, dice=(face, 6))
    give(s, workers=0)
    assert ("vineyard_take", 0, 1) in s.legal_actions()
    assert ("vineyard_take", 0, 0) not in s.legal_actions()


def test_vy3_workers_change_the_die_and_monastery_12_gives_one_free():
    """P-VY-1: monastery 12 applies as for a numbered depot."""
    s = vgame(players=4, dice=(1, 1))
    give(s, workers=0)
    assert ("vineyard_take", 0, 2) not in s.legal_actions()
    give(s, workers=2)
    events = s.apply(("vineyard_take", 0, 2))
    assert of_type(events, "DieUsed")[0].workers == 2
    s = vgame(players=4, dice=(1, 1))
    give(s, workers=0)
    monasteries(s, 12)
    assert ("vineyard_take", 0, 1) in s.legal_actions()
    refused(s, ("vineyard_take", 0, 3), "the die must show 4")


# --- VY-4: storage -------------------------------------------------------------------------------

def test_vy4_with_one_free_space_the_player_first_removes_a_stored_tile():
    """(derived) 1 free storage space: a stored tile must go first."""
    s = vgame(players=4, dice=(1, 2))
    store(s, "mine", "bank")
    t = vy.vine(s).depot[0]
    s.apply(("vineyard_take", 0, 0))
    assert s.decision == vy.ROOM
    assert s.legal_actions() == [("vineyard_drop", 0), ("vineyard_drop", 1)]
    events = s.apply(("vineyard_drop", 1))
    assert of_type(events, "TileDiscarded")[0].tile == "bank"
    assert me(s).storage == [kind("mine"), vy.DOUBLE, vy.DOUBLE]
    assert vy.vine(s).seats[0].stored == [t] and s.decision == "turn"
    roundtrip(s)


def test_vy4_a_full_storage_removes_until_two_are_free_and_a_double_tile_frees_two():
    s = vgame(players=4, dice=(1, 2))
    store(s, "mine", "bank", "castle")
    s.apply(("vineyard_take", 0, 0))
    s.apply(("vineyard_drop", 0))
    assert s.decision == vy.ROOM   # one free space is not enough
    roundtrip(s)
    s.apply(("vineyard_drop", 2))
    assert me(s).storage == [vy.DOUBLE, kind("bank"), vy.DOUBLE]
    # a second double tile: removing the first frees both its spaces
    s.apply(("vineyard_take", 1, 1))
    assert actions(s, "vineyard_drop") == [("vineyard_drop", 0), ("vineyard_drop", 1)]
    events = s.apply(("vineyard_drop", 0))
    assert of_type(events, "DoubleTileRemoved")
    assert me(s).storage.count(vy.DOUBLE) == 2 and len(vy.vine(s).seats[0].stored) == 1


def test_vy4_a_hex_tile_arriving_at_a_full_storage_may_push_out_a_double_tile():
    s = vgame(players=4, dice=(1, 2))
    stored_double(s, tile("green", "blue"))
    store_keep = me(s).storage
    store_keep[2] = kind("bank")
    set_depot(s, 2, ["castle", None])
    s.apply(("take", 1, 2, 0))
    assert s.decision == "discard"
    assert sorted(a for a in s.legal_actions()) == [("discard", 2), ("vineyard_drop", 0)]
    s.apply(("vineyard_drop", 0))
    assert me(s).storage == [kind("castle"), -1, kind("bank")]
    assert vy.vine(s).seats[0].stored == []


def with_shield_on_castle(shield: int, dice: tuple[int, int]) -> GameState:
    """Two players with shields and vineyards on basic boards, at the first player's first
    turn with `dice`, shield `shield` lying on the start castle (space 18)."""
    from game.rules.modules import shields as sh
    s = new_game(GameConfig(players=2, board_mode="basic", modules=("shields", "vineyards")))
    s.apply_chance(0)
    s.apply_chance((1, 2, 3) * 2)
    s.apply_chance(((1,), (2,), (3,), (5,), (6,), (7,)))
    s.apply_chance(((), (0, 1)))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(fill(s))
    s.apply_chance(roll_outcome(1, [dice] * 2))
    h = sh.held(s)
    s.ext["shields"] = h._replace(castles=sh._per_seat(h.castles, 0, ((18, shield),)))
    return s


def test_vy4_shield_4_holds_double_tiles_too():
    s = with_shield_on_castle(4, dice=(1, 2))
    s._legal = None
    store(s, "mine", "bank", "castle")
    s.apply(("vineyard_take", 0, 0))
    assert me(s).storage == [kind("mine"), kind("bank"), kind("castle"), vy.DOUBLE, vy.DOUBLE]
    assert s.decision == "turn"


# --- VY-5: placing a double tile ------------------------------------------------------------------

def test_vy5_the_first_tile_goes_on_the_lowest_level_with_a_matching_die():
    s = vgame(players=2, dice=(4, 6))
    give(s, workers=0)
    stored_double(s, tile("green", "blue"))
    assert actions(s, "vineyard_place") == [("vineyard_place", 0, 0, 1, 0),
                                            ("vineyard_place", 0, 0, 1, 1)]
    refused(s, ("vineyard_place", 1, 0, 3, 0), "lowest level")
    events = s.apply(("vineyard_place", 0, 0, 1, 1))
    assert vy.vine(s).seats[0].placed == [(1, tile("green", "blue"), 1)]
    assert me(s).storage == [-1, -1, -1]
    assert of_type(events, "DoubleTilePlaced")[0].space == 1


def test_vy5_later_tiles_go_next_to_a_placed_one_and_never_into_the_duchy():
    s = vgame(players=2, dice=(5, 6))
    give(s, workers=0)
    placed(s, (1, tile("green", "blue"), 0))
    stored_double(s, tile("red", "red"))
    # space 3 (die 5) touches space 1; flips of a one-variety tile are one choice
    assert actions(s, "vineyard_place") == [("vineyard_place", 0, 0, 3, 0)]
    assert not actions(s, "place") and not actions(s, "city_hall")
    refused(s, ("vineyard_place", 1, 0, 8, 0), "next to one placed")
    next_to_castle = (me(s).frontier & -me(s).frontier).bit_length() - 1
    refused(s, ("place", 0, 0, next_to_castle), "vineyard board")


def test_vy5_workers_change_the_die_but_monasteries_9_to_11_do_not():
    s = vgame(players=2, dice=(3, 3))
    give(s, workers=0)
    monasteries(s, 9, 10, 11)
    stored_double(s, tile("green", "blue"))
    assert not actions(s, "vineyard_place")
    give(s, workers=1)
    assert {a[3] for a in actions(s, "vineyard_place")} == {1}


# --- VY-6: the icons ------------------------------------------------------------------------------

def test_vy6_rulebook_example_four_workers_and_a_ship_or_animal_tile():
    """(rulebook, SE l.1032) Benno places with a 4 on the lowest level: 4 workers and a
    ship or animal tile from the board."""
    s = vgame(players=2, dice=(4, 6))
    give(s, workers=0)
    set_depot(s, 3, ["ship", "cow2"])
    stored_double(s, tile("green", "blue"))
    s.apply(("vineyard_place", 0, 0, 1, 0))
    assert s.decision == vy.BONUS
    assert s.legal_actions() == [("vineyard_bonus", "boarding_house"),
                                 ("vineyard_bonus", "market"), ("vineyard_skip",)]
    s.apply(("vineyard_bonus", "boarding_house"))
    assert me(s).workers == 4
    s.apply(("vineyard_bonus", "market"))
    assert s.decision == "pick"
    s.apply(("pick", 3, 0))
    assert kind("ship") in me(s).storage and s.decision == "turn"


def test_vy6_the_icons_go_in_either_order_and_each_may_be_declined():
    s = vgame(players=2, dice=(4, 6))
    give(s, workers=0)
    stored_double(s, tile("green", "blue"))
    s.apply(("vineyard_place", 0, 0, 1, 0))
    s.apply(("vineyard_bonus", "market"))
    s.apply(("decline",))
    assert s.decision == vy.BONUS
    events = s.apply(("vineyard_skip",))
    assert of_type(events, "EffectDeclined")[0].effect == "boarding_house"
    assert me(s).workers == 0 and s.decision == "turn"


def test_vy6a_a_free_black_depot_tile_is_not_the_purchase():
    """(derived) icon (a) takes a black-depot tile free; the purchase stays available."""
    s = vgame(players=2, dice=(1, 6))
    give(s, workers=0, silver=2)
    stored_double(s, tile("green", "blue"))
    s.apply(("vineyard_place", 0, 0, 0, 0))
    s.apply(("vineyard_bonus", "black_depot"))
    assert s.decision == vy.FREE_BLACK
    free = s.legal_actions()
    assert ("vineyard_free", "black", 0) in free and ("vineyard_free", "display", 1) in free
    t = vy.vine(s).display[1]
    s.apply(("vineyard_free", "display", 1))
    assert vy.vine(s).seats[0].stored == [t] and me(s).silver == 2
    s.apply(("vineyard_skip",))
    assert not s.bought and actions(s, "buy")


def test_vy6a_a_black_depot_tile_taken_free_goes_into_storage():
    s = vgame(players=2, dice=(1, 6))
    stored_double(s, tile("green", "blue"))
    s.apply(("vineyard_place", 0, 0, 0, 0))
    s.apply(("vineyard_bonus", "black_depot"))
    k = s.black[0]
    events = s.apply(("vineyard_free", "black", 0))
    assert me(s).storage[0] == k and of_type(events, "TileTaken")[0].depot == 0
    assert not s.bought


def test_vy6a_p_in_1_the_icon_takes_the_top_inn_too_even_when_only_inns_are_left():
    """VY-6 (a), SE l.1011: "Diese Bonusaktion erlaubt dir, ein Plättchen vom schwarzen
    Depot (oder der Weinberg-Auslage) zu nehmen und auf einem freien deiner
    Schlüsselfelder zu platzieren." P-IN-1 counts the inns beside the black depot as its
    tiles (SE l.781: inns are bought "vom schwarzen Depot"): the icon offers the top inn,
    free, and does not lapse while an inn is left."""
    from game.rules.modules import inns
    s = vgame(players=2, dice=(1, 6), modules=("inns",))
    give(s, silver=0)
    s.box += [k for k in s.black if k >= 0]
    s.black = [-1] * len(s.black)
    vy.vine(s).out += [t for t in vy.vine(s).display if t >= 0]
    vy.vine(s).display = [-1, -1, -1]
    assert inns.inns_on_stack(s) == 1
    stored_double(s, tile("green", "blue"))
    s.apply(("vineyard_place", 0, 0, 0, 0))
    s.apply(("vineyard_bonus", "black_depot"))
    assert s.decision == vy.FREE_BLACK
    assert s.legal_actions() == [("vineyard_free", "inn", 0), ("decline",)]
    events = s.apply(("vineyard_free", "inn", 0))
    assert me(s).storage[0] == kind("inn") and inns.inns_on_stack(s) == 0
    assert of_type(events, "InnBought") and not of_type(events, "SilverPaid")
    assert not s.bought
    assert parse_action(action_text(("vineyard_free", "inn", 0))) == ("vineyard_free", "inn", 0)
    roundtrip(s)


def test_vy6b_a_depot_double_tile_without_a_die():
    s = vgame(players=2, dice=(5, 6))
    give(s, workers=0)
    placed(s, (1, tile("green", "blue"), 0))
    stored_double(s, tile("red", "red"))
    s.apply(("vineyard_place", 0, 0, 3, 0))
    s.apply(("vineyard_bonus", "vine_depot"))
    assert s.decision == vy.FREE_DEPOT
    v = vy.vine(s)
    assert all(a[1] == "depot" for a in s.legal_actions() if a[0] == "vineyard_free")
    t = v.depot[2]
    s.apply(("vineyard_free", "depot", 2))
    assert v.seats[0].stored == [t] and me(s).used == [True, False]


def test_vy6_a_watchtower_icon_scores_and_the_breakdown_explains_it():
    s = vgame(players=2, dice=(2, 6))
    give(s, workers=0)
    placed(s, (0, tile("green", "blue"), 0))
    stored_double(s, tile("red", "red"))
    s.apply(("vineyard_place", 0, 0, 2, 0))
    events = s.apply(("vineyard_bonus", "watchtower"))
    assert points(events, "buildings") == 4
    assert unexplained(s) == [{}, {}]


def _castle_icon_taken(s) -> None:
    """A stored double tile placed on space 5 and its castle icon taken as the bonus."""
    give(s, workers=0)
    placed(s, (0, tile("green", "blue"), 0), (1, tile("red", "blue"), 0),
           (2, tile("red", "black"), 0), (3, tile("red", "yellow"), 0))
    stored_double(s, tile("red", "red"))
    s.apply(("vineyard_place", 0, 0, 5, 0))
    s.apply(("vineyard_bonus", "castle"))


def test_vy6_the_castle_icon_gives_a_castle_action():
    s = vgame(players=2, dice=(6, 5))
    _castle_icon_taken(s)
    assert s.decision == "castle"


def test_vy6_shield_11_takes_no_shield_after_a_castle_icon():
    """S11, SE l.930: "... darfst du nach dem Platzieren einer Burg als deren Zusatzaktion
    einen Schild nehmen." The vineyard's castle icon (SE l.1007 "Bonusaktionen ... von
    ... der Burg bekannt") gives a castle's action, but no castle is placed."""
    s = with_shield_on_castle(11, dice=(6, 5))
    _castle_icon_taken(s)
    assert s.decision == "castle"
    assert not actions(s, "shield")
    refused(s, ("shield", 2, 0), "places none")
    roundtrip(s)


# --- VY-7: the level bonus ------------------------------------------------------------------------

def test_vy7_covering_a_level_gives_a_wine_bonus_tile_of_the_players_choice_once():
    s = vgame(players=2, dice=(4, 6), wine=(2, 5))
    give(s, workers=0)
    placed(s, (0, tile("green", "blue"), 0))
    stored_double(s, tile("red", "red"))
    s.apply(("vineyard_place", 0, 0, 1, 0))
    s.apply(("vineyard_bonus", "boarding_house"))
    s.apply(("vineyard_bonus", "market"))
    s.apply(("decline",))
    assert s.decision == vy.WINE
    assert len(s.legal_actions()) == 6
    events = s.apply(("vineyard_wine", "green"))
    assert of_type(events, "WineBonusTaken")[0].level == 1
    v = vy.vine(s)
    assert v.seats[0].wine == [2, 2] and v.pile[2] == 2 and v.seats[0].levels == [1]


def test_vy7_the_level_bonus_comes_after_both_icons():
    s = vgame(players=2, dice=(4, 6))
    give(s, workers=0)
    set_depot(s, 3, ["ship", "cow2"])
    placed(s, (0, tile("green", "blue"), 0))
    stored_double(s, tile("red", "red"))
    s.apply(("vineyard_place", 0, 0, 1, 0))
    s.apply(("vineyard_bonus", "boarding_house"))
    s.apply(("vineyard_bonus", "market"))
    assert s.decision == "pick"          # the market's tile first
    s.apply(("pick", 3, 0))
    assert s.decision == vy.WINE


def test_vy7_a_level_not_yet_covered_gives_nothing():
    s = vgame(players=2, dice=(4, 6))
    stored_double(s, tile("red", "red"))
    s.apply(("vineyard_place", 0, 0, 1, 0))
    s.apply(("vineyard_skip",))
    assert s.decision == "turn" and vy.vine(s).seats[0].wine == [0]


# --- VY-8: the display purchase -------------------------------------------------------------------

def test_vy8_a_display_tile_is_the_turns_purchase_for_2_silver():
    """(derived) 2 silver, purchase unused: the display tile, then no black-depot tile."""
    s = vgame(players=3)
    give(s, silver=2)
    t = vy.vine(s).display[0]
    assert ("vineyard_buy", 0, "silver") in s.legal_actions()
    events = s.apply(("vineyard_buy", 0, "silver"))
    assert me(s).silver == 0 and s.bought and vy.vine(s).seats[0].stored == [t]
    assert of_type(events, "SilverPaid") and not actions(s, "buy")
    refused(s, ("vineyard_buy", 1, "silver"), "one purchase per turn")


def test_vy8_the_display_purchase_takes_the_black_depots_payments():
    s = vgame(players=2)
    give(s, silver=1, workers=4)
    assert not actions(s, "vineyard_buy")       # 2 silver, or workers only with monastery 6
    give(s, silver=2)
    assert actions(s, "vineyard_buy") == [("vineyard_buy", 1, "silver")]


# --- VY-9: a castle's and a white castle's action -------------------------------------------------

def test_vy9_a_castles_action_takes_or_places_a_double_tile_with_any_number():
    s = vgame(players=4, dice=(1, 2))
    give(s, workers=0)
    s.frames.append(Frame("castle", 0))
    s._legal = None
    assert {a[2] for a in actions(s, "vineyard_take")} == {0, 1, 2, 3, 4, 5}
    s.apply(("vineyard_take", 2, 4))
    assert s.decision == "turn" and vy.vine(s).seats[0].stored


def test_vy9_a_white_castles_action_uses_the_white_die():
    config = GameConfig(players=4, board_mode="basic", modules=("vineyards", "white_castles"))
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance((1, 2, 3) * 4)
    s.apply_chance(((), (0, 1, 2, 3)))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(fill(s))
    s.apply_chance(roll_outcome(5, [(1, 2)] * 4))
    give(s, workers=0)
    s.frames.append(Frame("white_castle", 0))
    s._legal = None
    assert [a for a in s.legal_actions() if a[0] == "vineyard_take"] == [
        ("vineyard_take", 3, 4)]


def test_vy9_a_city_hall_never_places_a_double_tile():
    s = vgame(players=2)
    stored_double(s, tile("red", "red"))
    s.frames.append(Frame("city_hall", 0))
    s._legal = None
    assert not [a for a in s.legal_actions() if a[0] in ("city_hall", "vineyard_place")]


# --- VY-10, VY-11: scoring ------------------------------------------------------------------------

def test_vy10_grape_areas_are_connected_halves_of_one_variety():
    s = vgame(players=2)
    v = vy.vine(s)
    example_vineyard(s)
    areas = vy.grape_areas(s, 0)
    assert areas[GREEN] == [3, 1] and areas[BLUE] == [2] and areas[RED] == [2]
    assert v.seats[0].placed[-1][2] == 1


def example_vineyard(s) -> None:
    """Seat 0's vineyard of the rulebook's scoring example (SE l.1045-1047): green areas of
    3 and 1 tiles, a blue area of 2."""
    placed(s, (0, tile("green", "green"), 0), (1, tile("green", "blue"), 0),
           (4, tile("blue", "red"), 1), (7, tile("green", "red"), 1))


def test_vy11_rulebook_example_green_green_blue_scores_ten():
    """(rulebook, SE l.1045-1047) wine tiles green, green, blue; green areas 3 and 1,
    blue 2: 6 + 1 + 3 = 10."""
    s = vgame(players=2, wine=(GREEN, 0))
    vy.vine(s).seats[0].wine += [GREEN, BLUE]
    example_vineyard(s)
    assert vy.vineyard_points(s, 0) == 10


def test_vy11_each_area_scores_once_three_green_tiles_and_two_areas():
    """(derived) green × 3, green areas 3 and 1: 6 + 1 + 0 = 7."""
    s = vgame(players=2, wine=(GREEN, 0))
    vy.vine(s).seats[0].wine += [GREEN, GREEN]
    example_vineyard(s)
    assert vy.vineyard_points(s, 0) == 7


def test_p_vy5_the_table_goes_on_beyond_13():
    assert [vy.grape_points(n) for n in (1, 4, 13, 14, 20)] == [1, 10, 91, 105, 210]


def test_vy11_the_game_end_scores_the_vineyards_and_the_breakdown_agrees():
    s = vgame(players=2, wine=(GREEN, BLUE))
    vy.vine(s).seats[0].wine += [GREEN, BLUE]
    example_vineyard(s)
    at_last_turn(s, 4)
    events = s.apply(("end",))
    assert s.is_terminal()
    assert points(events, "vineyards", 0) == 10 and points(events, "vineyards", 1) == 0
    assert [e.size for e in of_type(events, "VineyardScored") if e.player == 0] == [3, 1, 2]
    assert unexplained(s) == [{}, {}]


# --- the actions' text, the explanations, JSON and random games -----------------------------------

def test_the_actions_read_and_write_as_text():
    for a in (("vineyard_take", 0, 2), ("vineyard_place", 3, 0, 1, 1), ("vineyard_drop", 4),
              ("vineyard_bonus", "market"), ("vineyard_skip",), ("vineyard_free", "black", 2),
              ("vineyard_wine", "green"), ("vineyard_buy", 1, "silver")):
        assert parse_action(action_text(a)) == a


def test_a_position_with_vineyards_round_trips_through_json():
    s = vgame(players=3, dice=(4, 6))
    stored_double(s, tile("green", "blue"))
    placed(s, (0, tile("red", "red"), 0))
    s.apply(("vineyard_place", 0, 0, 1, 0))
    assert s.decision == vy.BONUS
    roundtrip(s)


@pytest.mark.parametrize("players", [2, 4])
def test_vy2_a_game_saved_at_each_phase_s_vineyard_fill_loads(players):
    """VY-2, SE l.964-967: "Zusätzlich zu den Basisregeln, vor jedem Durchgang: ...
    Ersetzt die Plättchen im Depot und der Auslage dann mit welchen aus dem Sack". The
    fill is drawn once the depots are filled, before the round's goods are revealed: a
    save written at that step of each of the five phases conserves the goods and loads."""
    rng = random.Random(players)
    s = new_game(GameConfig(players=players, board_mode="basic", modules=("vineyards",)))
    fills = 0
    while not s.is_terminal():
        if s.chance == vy.FILL_STEP:
            fills += 1
            check_state(s)
            text = s.to_json()
            assert GameState.from_json(text).to_json() == text
        if s.is_chance():
            s.apply_chance(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
    assert fills == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_vineyards_keep_every_invariant(players):
    check_game(11 + players, GameConfig(players=players, modules=("vineyards",)))


# --- Châteauma (CH-VY) ----------------------------------------------------------------------------

def cmgame(players: int = 4, white: int = 1, depot=None, display=None) -> GameState:
    """A basic-mode game with vineyards and Châteauma (the last seat) at the first turn."""
    config = GameConfig(players=players, board_mode="basic", modules=("vineyards",),
                        chateauma="medium")
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    s.apply_chance(((), tuple(range(config.deciders))))
    left = next(c for c in vy.CHATEAUMA_DECK if vy.AREA_CARDS[c].has_castle_space)
    s.apply_chance((left, 1, (), ()))
    s.apply_chance(phase_outcome(s))
    s.apply_chance(fill(s, depot, display))
    s.apply_chance(roll_outcome(white, [(1, 2)] * config.deciders))
    return s


def test_ch_vy2_the_deck_is_card_1_and_cards_10_to_17():
    s = cmgame()
    c = s.chateauma
    assert sorted(c.deck + [k for k in c.cards if k] + c.discarded) == [1, *range(10, 18)]
    assert any(vy.AREA_CARDS[k].has_castle_space for k in range(10, 18))
    assert all(vy.CARD_SYMBOLS[k] for k in range(10, 18))   # "here and there"


def test_ch_vy1_ch_vy3_chateauma_has_no_vineyard_and_no_wine_bonus_tile():
    s = cmgame(players=3)
    v = vy.vine(s)
    assert [seat.wine for seat in v.seats] == [[0], [1], []]
    assert v.pile == [3, 3, 4, 4, 4, 4]
    assert vy.vineyard_outlook(s, s.config.chateauma_seat) == (0, 0)


def test_ch_vy4_the_white_die_space_then_to_the_right_wrapping():
    """(derived) white die 4, depot spaces 4 and 5 empty (4 seats): space 6, else 1."""
    s = cmgame(players=4, white=4)
    v = vy.vine(s)
    seat = s.config.chateauma_seat
    module = s.hooks.by_id["vineyards"]
    v.depot[3] = v.depot[4] = -1
    t6 = v.depot[5]
    events: list = []
    card = next(k for k in range(10, 18) if vy.CARD_SYMBOLS[k])
    module.card_space_covered(s, seat, card, min(vy.CARD_SYMBOLS[card]), events)
    assert v.stack == [t6] and v.depot[5] == -1
    assert of_type(events, "DoubleTileStacked")[0].space == 5
    t1 = v.depot[0]
    module.card_space_covered(s, seat, card, min(vy.CARD_SYMBOLS[card]), events)
    assert v.stack == [t6, t1]
    # a space without the symbol takes nothing
    plain = next(i for i in range(len(vy.AREA_CARDS[card].colours))
                 if i not in vy.CARD_SYMBOLS[card])
    module.card_space_covered(s, seat, card, plain, events)
    assert len(v.stack) == 2


def test_p_ch3_with_three_seats_the_space_whose_numbers_include_the_white_die():
    s = cmgame(players=3, white=4)
    assert vy.chateauma_depot_start(s) == 1       # the space under {3, 4}


def test_ch_vy4_an_empty_depot_gives_nothing():
    s = cmgame(players=4, white=2)
    v = vy.vine(s)
    v.out += [t for t in v.depot if t >= 0]
    v.depot = [-1] * 6
    card = 10
    s.hooks.by_id["vineyards"].card_space_covered(s, s.config.chateauma_seat, card,
                                                  min(vy.CARD_SYMBOLS[card]), None)
    assert v.stack == []


@pytest.mark.parametrize("white, first", [(1, 0), (4, 1), (6, 2)])
def test_ch_vy5_the_purchase_takes_a_display_tile_from_the_white_dies_side(white, first):
    s = cmgame(players=4, white=white)
    v = vy.vine(s)
    seat = s.config.chateauma_seat
    give(s, seat=seat, silver=3)
    t = v.display[first]
    assert s.hooks.by_id["vineyards"].chateauma_purchase(s, 2, None)
    assert v.stack == [t] and s.players[seat].silver == 1


def test_p_ch4_the_purchase_looks_right_and_wraps():
    s = cmgame(players=4, white=6)
    v = vy.vine(s)
    seat = s.config.chateauma_seat
    give(s, seat=seat, silver=2)
    v.out.append(v.display[2])
    v.display[2] = -1
    t = v.display[0]
    assert s.hooks.by_id["vineyards"].chateauma_purchase(s, 2, None)
    assert v.stack == [t]


def test_ch_vy5_an_empty_display_leaves_the_black_depot_purchase():
    from game.rules.chateauma import _purchase
    s = cmgame(players=4)
    v = vy.vine(s)
    seat = s.config.chateauma_seat
    v.out += [t for t in v.display if t >= 0]
    v.display = [-1, -1, -1]
    give(s, seat=seat, silver=2)
    black = sum(k >= 0 for k in s.black)
    _purchase(s, None)
    assert sum(k >= 0 for k in s.black) == black - 1 and v.stack == []


def test_ch_vy5_with_silver_the_display_comes_before_the_black_depot():
    from game.rules.chateauma import _purchase
    s = cmgame(players=4, white=3)
    seat = s.config.chateauma_seat
    give(s, seat=seat, silver=2)
    black = list(s.black)
    _purchase(s, None)
    assert s.black == black and len(vy.vine(s).stack) == 1


@pytest.mark.parametrize("tiles, points", [(1, 1), (5, 15), (12, 78), (13, 91), (14, 91)])
def test_ch_vy6_its_double_tiles_score_by_number(tiles, points):
    assert vy.chateauma_points(tiles) == points


def test_ch_vy6_the_game_end_scores_its_stack_and_the_breakdown_agrees():
    s = cmgame(players=2)
    v = vy.vine(s)
    v.stack += v.bag[:5]
    del v.bag[:5]
    at_last_turn(s, 4)
    events = s.apply(("end",))
    assert s.is_terminal()
    assert points(events, "vineyards", s.config.chateauma_seat) == 15
    assert unexplained(s) == [{}, {}]


def test_random_games_with_vineyards_and_chateauma_keep_every_invariant():
    check_game(5, GameConfig(players=3, modules=("vineyards",), chateauma="medium"))
