"""`castle_connection` (CC-1..CC-8, P-CC-2, P-CC-4): every tile joins a castle,
and castles cleared from the depots can be won back for both dice and 5 points.

The scenarios play on board 11 with the start castle on space 6 (row-major spaces 0-36):
6 castle 6, 2 building 4, 3 building 3, 7 pasture 5, 8 pasture 4, 5 monastery 1,
10 monastery 4, 9 monastery 5, 15 castle 6, 16 building 1.
"""

from __future__ import annotations

import random

import pytest

from game.rules import (EVENT_TYPES, GameConfig, GameState, Match,
                        StateError, action_text, check_state, new_game, parse_action,
                        placeable_mask, public_key, recompute_breakdown)
from game.rules.boards import get_board
from game.rules.tiles import COLOURS

from .builders import (refused, at_last_turn, build, game, give, kind, me, monasteries, of_type,
                       points, settle, store)
from .test_invariants import check_game

SE = ("boards_11_18", "castle_connection")
X11 = ("castle_connection",)
POOL = "castle_connection"
RETRIEVE = ("retrieve",)


def duchy11(modules=SE, rules: str = "special", dice=((1, 2), (1, 2)), **kw) -> GameState:
    """Two players on board 11 (under the original rules its stand-in 10a, the same
    layout), start castles on space 6, the module in play."""
    board = "10a" if rules == "original" else "11"
    return game(rules=rules, mode="free", boards=[board, board], castles=[6, 6],
                modules=modules, dice=list(dice), **kw)


def places(state: GameState) -> set[int]:
    """The estate spaces the current decision lets a tile go on."""
    return {a[-1] for a in state.legal_actions() if a[0] in ("place", "city_hall")}


def with_pool(state: GameState, castles: int) -> GameState:
    """Castles in the pool, taken out of the supply so that tiles stay conserved."""
    state.ext[POOL] = castles
    settle(state)
    return state


# --- the board the scenarios use ----------------------------------------------------------

def test_board_11_has_the_spaces_the_scenarios_name() -> None:
    b = get_board("11")
    named = {6: ("castle", 6), 2: ("building", 4), 3: ("building", 3), 7: ("pasture", 5),
             8: ("pasture", 4), 5: ("monastery", 1), 10: ("monastery", 4),
             9: ("monastery", 5), 15: ("castle", 6), 16: ("building", 1)}
    assert {s: (COLOURS[b.colour[s]], b.die[s]) for s in named} == named


# --- CC-1: only with duchies 11-18 --------------------------------------------------------

def test_the_special_edition_rule_needs_the_boards_11_to_18() -> None:
    with pytest.raises(ValueError, match="duchy 11-18"):
        GameConfig(players=2, rules="special", modules=("castle_connection",))


def test_the_rule_is_not_played_with_everyone_on_board_1() -> None:
    with pytest.raises(ValueError, match="board mode"):
        GameConfig(players=2, rules="special", board_mode="basic", modules=SE)


ELEVEN_TO_18 = [str(n) for n in range(11, 19)]
TEN_A_TO_H = [f"10{c}" for c in "abcdefgh"]


@pytest.mark.parametrize("rules,modules,pool", [("special", SE, ELEVEN_TO_18),
                                                ("original", X11, TEN_A_TO_H)])
def test_every_player_draws_a_duchy_11_to_18(rules, modules, pool) -> None:
    """CC-1; in the 2011 form the rule comes with the tableaus 10a-10h (X11 l.5)."""
    for seed in range(6):
        match = Match(GameConfig(players=3, rules=rules, board_mode="random", modules=modules),
                      seed)
        match.resolve_chance()
        assert all(p.board.id in pool for p in match.state.players)


@pytest.mark.parametrize("rules,modules,pool", [("special", SE, ELEVEN_TO_18),
                                                ("original", X11, TEN_A_TO_H)])
def test_a_free_choice_offers_only_the_module_s_duchies(rules, modules, pool) -> None:
    s = new_game(GameConfig(players=2, rules=rules, board_mode="free", modules=modules))
    s.apply_chance(0)
    assert sorted(a[1] for a in s.legal_actions()) == pool


def test_the_2011_tableaus_10a_10h_are_provisional_stand_ins_for_11_18() -> None:
    """docs/rulings.md R6 / R9: boards 11-18 stand in for 10a-10h, in one data file marked
    provisional, which the catalogue names."""
    from game.rules.data import load_json
    data = load_json("boards_10a_10h.json")
    assert data["provisional"] and [b["id"] for b in data["boards"]] == TEN_A_TO_H
    for ten, eleven in zip(TEN_A_TO_H, ELEVEN_TO_18):
        a, b = get_board(ten), get_board(eleven)
        assert (a.colour, a.die) == (b.colour, b.die)
    assert "10a-10h" in load_json("modules.json")["modules"]["castle_connection"][
        "provisional"]["x11"]


# --- CC-2: a placement joins a castle --------------------------------------------------------

def test_a_building_joins_the_castle_through_a_building() -> None:
    # (rulebook-derived) 3 touches building 2, which touches castle 6.
    s = duchy11(dice=[(3, 3), (1, 2)])
    give(s, workers=0)
    build(s, 2, "warehouse")
    store(s, "bank")
    assert 3 in places(s)
    s.apply(("place", 0, 0, 3))
    assert me(s).estate[3] == kind("bank")


def test_a_pasture_cannot_join_through_buildings() -> None:
    # (derived) 8 touches only building 3: no pasture chain to a castle.
    s = duchy11(dice=[(4, 4), (1, 2)])
    give(s, workers=0)
    build(s, 2, "warehouse")
    build(s, 3, "bank")
    store(s, "cow3")
    assert me(s).frontier >> 8 & 1
    assert 8 not in places(s)
    refused(s, ("place", 0, 0, 8),
            "space 8 is not connected to a castle through pasture tiles")


def test_the_same_pasture_is_legal_without_the_module() -> None:
    s = duchy11(modules=("boards_11_18",), dice=[(4, 4), (1, 2)])
    give(s, workers=0)
    build(s, 2, "warehouse")
    build(s, 3, "bank")
    store(s, "cow3")
    assert 8 in places(s)


def test_a_pasture_joins_through_a_pasture_next_to_the_castle() -> None:
    # (derived) 7 touches castle 6; 8 touches pasture 7.
    s = duchy11(dice=[(5, 4), (1, 2)])
    give(s, workers=0)
    build(s, 2, "warehouse")
    build(s, 3, "bank")
    store(s, "cow3", "sheep2")
    assert 7 in places(s)
    s.apply(("place", 0, 0, 7))
    assert 8 in places(s)
    s.apply(("place", 1, 1, 8))
    assert me(s).estate[8] == kind("sheep2")


def test_a_chain_of_monasteries_reaches_the_castle() -> None:
    # (derived) 5 touches castle 6, 10 touches 5, 9 touches 10: each joins through the chain.
    s = duchy11()
    p = me(s)
    for space, name in ((5, "monastery1"), (10, "monastery3"), (9, "monastery8")):
        assert placeable_mask(p, kind(name)) >> space & 1, space
        build(s, space, name)


def test_a_space_far_from_every_castle_stays_closed_to_each_colour() -> None:
    # Without a castle nearby, a chain of one colour does not carry another colour's tile.
    s = duchy11()
    for space, name in ((5, "monastery1"), (10, "monastery3"), (9, "monastery8")):
        build(s, space, name)
    assert not placeable_mask(me(s), kind("warehouse")) >> 16 & 1
    store(s, "warehouse")
    refused(s, ("place", 0, 0, 16), "space 16 is not connected to a castle through building")


# --- CC-3, CC-4: castles ---------------------------------------------------------------------

def test_a_new_castle_needs_only_the_base_adjacency() -> None:
    # (derived) castle 15 touches only monastery 9.
    s = duchy11(dice=[(6, 6), (1, 2)])
    give(s, workers=0)
    for space, name in ((5, "monastery1"), (10, "monastery3"), (9, "monastery8")):
        build(s, space, name)
    store(s, "castle", "warehouse")
    assert 16 not in places(s)
    assert 15 in places(s)
    s.apply(("place", 0, 0, 15))
    assert s.decision == "castle"


def test_a_castle_still_lies_next_to_a_tile() -> None:
    # CC-3 lifts only the connection rule: castle 21 touches nothing yet.
    s = duchy11(dice=[(1, 1), (1, 2)])
    store(s, "castle")
    assert not placeable_mask(me(s), kind("castle")) >> 21 & 1
    refused(s, ("place", 0, 0, 21), "not next to a tile")


def test_a_placed_castle_anchors_the_tiles_next_to_it() -> None:
    # (derived) after castle 15, a building on 16 with a 1 touches a castle.
    s = duchy11(dice=[(6, 1), (1, 2)])
    give(s, workers=0)
    for space, name in ((5, "monastery1"), (10, "monastery3"), (9, "monastery8")):
        build(s, space, name)
    store(s, "castle", "warehouse")
    s.apply(("place", 0, 0, 15))
    s.apply(("decline",))
    assert 16 in places(s)
    s.apply(("place", 1, 1, 16))
    assert me(s).estate[16] == kind("warehouse")


def test_the_start_castle_anchors_its_neighbours() -> None:
    s = duchy11()
    p = me(s)
    assert p.placements == [(6, kind("castle"), -1)]
    assert placeable_mask(p, kind("cow3")) >> 7 & 1
    assert placeable_mask(p, kind("monastery1")) >> 5 & 1
    assert placeable_mask(p, kind("warehouse")) >> 2 & 1


@pytest.mark.parametrize("rules,modules,board,tile", [
    ("special", ("boards_11_18", "castle_connection", "inns"), "18", "inn"),
    ("original", ("castle_connection", "black_depot_monasteries"), "10h", "black_monastery")])
def test_a_tile_of_any_colour_on_a_castle_space_is_no_castle(rules, modules, board,
                                                             tile) -> None:
    """CC-4, SE l.717 (the same in X11 l.9): "... nur dann ablegen, wenn sie entweder
    direkt neben einer Burg platziert werden oder über eine ununterbrochene Kette von
    Sechseckplättchen derselben Farbe wie das neue Plättchen mit wenigstens einer Burg
    verbunden sind." An inn (or a 2011 black-depot monastery) on castle space 12 of board
    18 is no Burg: ship space 13 touches only it, and stays closed until a ship on 7 joins
    it to the start castle on 6."""
    s = game(rules=rules, mode="free", boards=[board, board], castles=[6, 6],
             modules=modules, dice=[(2, 2), (1, 2)])
    give(s, workers=0)
    build(s, 12, tile)
    store(s, "ship")
    assert 13 not in places(s)
    refused(s, ("place", 0, 0, 13), "not connected to a castle")
    build(s, 7, "ship")
    assert 13 in places(s)


def test_a_castle_tile_on_a_castle_space_anchors_its_neighbours() -> None:
    """CC-4, SE l.717: the castle on space 12 is a Burg, so ship 13 next to it joins."""
    s = game(mode="free", boards=["18", "18"], castles=[6, 6],
             modules=("boards_11_18", "castle_connection", "inns"), dice=[(2, 1), (1, 2)])
    give(s, workers=0)
    build(s, 12, "castle")
    store(s, "ship")
    assert 13 in places(s)


# --- CC-5: every placement into the duchy -------------------------------------------------

def test_a_castle_action_places_only_connected_tiles() -> None:
    s = duchy11(dice=[(6, 6), (1, 2)])
    give(s, workers=0)
    build(s, 2, "warehouse")
    build(s, 3, "bank")
    for space, name in ((5, "monastery1"), (10, "monastery3"), (9, "monastery8")):
        build(s, space, name)
    store(s, "castle", "cow3", "church")
    s.apply(("place", 0, 0, 15))
    assert s.decision == "castle"
    assert {a[3] for a in s.legal_actions() if a[0] == "place" and a[2] == 1} == {7}
    assert 16 in {a[3] for a in s.legal_actions() if a[0] == "place" and a[2] == 2}
    refused(s, ("place", 2, 1, 8), "space 8 is not connected to a castle through pasture")


def test_a_city_hall_places_only_connected_tiles() -> None:
    s = duchy11(dice=[(3, 3), (1, 2)])
    give(s, workers=0)
    build(s, 2, "warehouse")
    store(s, "city_hall", "cow3")
    s.apply(("place", 0, 0, 3))
    assert s.decision == "city_hall"
    assert {a[2] for a in s.legal_actions() if a[0] == "city_hall"} == {7}
    refused(s, ("city_hall", 1, 8), "space 8 is not connected to a castle through pasture")
    s.apply(("city_hall", 1, 7))
    assert me(s).estate[7] == kind("cow3")


# --- CC-6, CC-8: the retrieval ---------------------------------------------------------------

def test_a_retrieval_costs_both_dice_and_5_points() -> None:
    # (derived) 12 points, both dice unused, one free storage space, a pool of 1.
    s = duchy11()
    store(s, "mine", "ship")
    with_pool(s, 1)
    p = me(s)
    p.score, p.breakdown = 12, {"areas": 12}
    give(s, silver=2)
    assert RETRIEVE in s.legal_actions()
    events = s.apply(RETRIEVE)
    assert p.score == 7 and p.breakdown["castle_retrieval"] == -5
    assert points(events, "castle_retrieval") == -5
    assert p.used == [True, True]
    assert p.storage == [kind("mine"), kind("ship"), kind("castle")]
    assert s.ext[POOL] == 0
    retrieved = EVENT_TYPES["CastleRetrieved"](s.current_player, 2)
    assert of_type(events, "CastleRetrieved") == [retrieved]
    assert [e.die for e in of_type(events, "DieUsed")] == [0, 1]
    assert s.decision == "turn"
    buys = [a for a in s.legal_actions() if a[0] == "buy" and a[1] == 0]
    assert buys and ("end",) in s.legal_actions()
    s.apply(buys[0])
    check_state(s)


def test_a_retrieval_is_no_take_workers_action() -> None:
    s = with_pool(duchy11(), 1)
    me(s).score = me(s).breakdown["areas"] = 10
    monasteries(s, 13, 14)  # silver with each workers action, 4 workers instead of 2
    events = s.apply(RETRIEVE)
    assert not of_type(events, "WorkersTaken") and not of_type(events, "SilverTaken")


def test_a_retrieval_needs_both_dice_unused() -> None:
    s = with_pool(duchy11(), 1)
    me(s).score = me(s).breakdown["areas"] = 10
    s.apply(("workers", 0))
    assert RETRIEVE not in s.legal_actions()
    refused(s, RETRIEVE, "both dice must be unused")


def test_a_retrieval_is_no_castle_action() -> None:
    # A castle's extra action is not a die: it cannot pay for a retrieval.
    s = with_pool(duchy11(dice=[(6, 6), (1, 2)]), 1)
    me(s).score = me(s).breakdown["areas"] = 10
    give(s, workers=0)
    for space, name in ((5, "monastery1"), (10, "monastery3"), (9, "monastery8")):
        build(s, space, name)
    store(s, "castle")
    settle(s)
    s.apply(("place", 0, 0, 15))
    assert s.decision == "castle" and RETRIEVE not in s.legal_actions()
    refused(s, RETRIEVE, "instead of a turn's two die actions")


def test_a_retrieval_needs_a_castle_in_the_pool() -> None:
    s = duchy11()
    me(s).score = me(s).breakdown["areas"] = 10
    assert s.ext[POOL] == 0
    assert RETRIEVE not in s.legal_actions()
    refused(s, RETRIEVE, "the castle pool is empty")


def test_a_retrieval_needs_5_points() -> None:
    # P-CC-2: the score track does not go below 0.
    s = with_pool(duchy11(), 1)
    me(s).score = me(s).breakdown["areas"] = 4
    assert RETRIEVE not in s.legal_actions()
    refused(s, RETRIEVE, "costs 5 points, you have 4")
    me(s).score = me(s).breakdown["areas"] = 5
    s._legal = None
    assert RETRIEVE in s.legal_actions()


def test_full_storage_asks_which_tile_the_castle_replaces() -> None:
    # SE: "auf eines deiner Schlüsselfelder" - the base discard rule.
    s = with_pool(duchy11(), 1)
    me(s).score = me(s).breakdown["areas"] = 9
    store(s, "mine", "ship", "bank")
    settle(s)
    events = s.apply(RETRIEVE)
    assert s.decision == "discard" and not of_type(events, "CastleRetrieved")
    check_state(s)
    restored = GameState.from_json(s.to_json())
    assert restored.to_json() == s.to_json()
    events = s.apply(("discard", 1))
    assert me(s).storage == [kind("mine"), kind("castle"), kind("bank")]
    assert of_type(events, "TileDiscarded")[0].tile == "ship"
    assert of_type(events, "CastleRetrieved") == [EVENT_TYPES["CastleRetrieved"](0, 1)]
    assert kind("ship") in s.box and s.decision == "turn"
    check_state(s)


def test_the_2011_rule_needs_a_free_storage_space() -> None:
    # P-CC-4: X11 l.13 "auf eines seiner freien Ablagefelder".
    s = with_pool(duchy11(modules=X11, rules="original"), 1)
    me(s).score = me(s).breakdown["areas"] = 9
    store(s, "mine", "ship", "bank")
    settle(s)
    assert RETRIEVE not in s.legal_actions()
    refused(s, RETRIEVE, "free storage space")
    store(s, "mine", None, "bank")
    settle(s)
    events = s.apply(RETRIEVE)
    assert me(s).storage[1] == kind("castle") and of_type(events, "CastleRetrieved")


def test_the_2011_rule_places_as_the_special_edition_does() -> None:
    s = duchy11(modules=X11, rules="original", dice=[(4, 4), (1, 2)])
    give(s, workers=0)
    build(s, 2, "warehouse")
    build(s, 3, "bank")
    store(s, "cow3")
    assert 8 not in places(s) and 7 not in places(s)  # 7 needs a 5
    assert placeable_mask(me(s), kind("cow3")) == 1 << 7


def test_retrieval_text_form() -> None:
    assert action_text(RETRIEVE) == "retrieve"
    assert parse_action("retrieve") == RETRIEVE
    with pytest.raises(ValueError):
        parse_action("retrieve 1")


# --- CC-7: the castle pool -------------------------------------------------------------------

def phase_a_ending() -> GameState:
    """Phase A's last turn with a burgundy castle in depot 2 and a black castle in the
    black depot (two players: depot 2's second space is the only castle space)."""
    s = duchy11(depots={(2, 1): "castle"}, black=["castle", "mine", "ship", "bank"])
    assert [row.count(kind("castle")) for row in s.depots] == [0, 1, 0, 0, 0, 0]
    assert s.black.count(kind("castle")) == 1
    at_last_turn(s, 0)
    settle(s)  # the jump skips the rounds whose goods were still face down
    return s


def test_castles_left_in_the_depots_go_to_the_pool() -> None:
    # (derived) one burgundy castle in depot 2, one black castle in the black depot.
    s = phase_a_ending()
    box = list(s.box)
    events = s.apply(("end",))
    assert s.ext[POOL] == 2
    assert of_type(events, "CastlesPooled") == [EVENT_TYPES["CastlesPooled"](2)]
    assert "castle" not in of_type(events, "DepotsCleared")[0].tiles
    assert kind("castle") not in s.box[len(box):]
    check_state(s)
    assert public_key(s, 0)[-1] == ((), (2,))


def test_discarded_castles_do_not_enter_the_pool() -> None:
    s = duchy11()
    store(s, "castle", "ship", "bank")
    settle(s)
    s.apply(("take", 0, 1, 0))
    assert s.decision == "discard"
    s.apply(("discard", 0))
    assert s.ext[POOL] == 0 and kind("castle") in s.box
    check_state(s)


def test_the_last_phase_clears_no_depot_into_the_pool() -> None:
    s = duchy11(depots={(2, 1): "castle"})
    at_last_turn(s, 4)
    s.apply(("end",))
    assert s.terminal and s.ext[POOL] == 0


# --- saves, replays, invariants -----------------------------------------------------------

def test_a_pool_survives_a_save() -> None:
    s = phase_a_ending()
    s.apply(("end",))
    s.apply_chance(s.sample_chance(random.Random(1)))
    text = s.to_json()
    assert '"modules":{"castle_connection":2}' in text
    restored = GameState.from_json(text)
    assert restored.ext[POOL] == 2 and restored.to_json() == text
    assert restored.legal_actions() == s.legal_actions()
    assert restored.players[0].place_rule is s.players[0].place_rule


@pytest.mark.parametrize("pool", [-1, 99, "2", 1.0, None, 1])
def test_a_damaged_pool_is_refused(pool) -> None:
    s = phase_a_ending()
    s.apply(("end",))
    text = s.to_json().replace('"castle_connection":2', f'"castle_connection":{pool!r}'
                               .replace("'", '"').replace("None", "null"))
    with pytest.raises(StateError):
        GameState.from_json(text)


def test_a_retrieval_is_recomputed_in_the_breakdown() -> None:
    s = with_pool(duchy11(), 1)
    me(s).score = me(s).breakdown["areas"] = 10
    s.apply(RETRIEVE)
    breakdown = {k: v for k, v in recompute_breakdown(s, 0).items() if v}
    assert breakdown["castle_retrieval"] == -5


def test_a_game_with_retrievals_replays() -> None:
    # check_game replays each record byte for byte and recomputes every breakdown.
    config = GameConfig(players=2, rules="special", board_mode="random", modules=SE)
    games = [check_game(seed, config) for seed in range(6)]
    assert any(p.breakdown.get("castle_retrieval") for s in games for p in s.players)


@pytest.mark.parametrize("config", [
    GameConfig(players=n, rules="special", board_mode=m, modules=SE)
    for n, m in ((2, "random"), (3, "free"), (4, "advanced"))] + [
    GameConfig(players=n, rules="original", board_mode="random", modules=X11)
    for n in (2, 4)] + [
    GameConfig(players=2, rules="special", board_mode="random", chateauma="hard", modules=SE)],
    ids=lambda c: f"{c.rules}-{c.board_mode}-{c.players}p{'-chateauma' if c.chateauma else ''}")
def test_invariants_over_random_games_with_the_module(config) -> None:
    for seed in range(8):
        check_game(700_000 + seed, config)


def test_a_retrieval_with_arguments_is_refused() -> None:
    s = with_pool(duchy11(), 1)
    me(s).score = me(s).breakdown["areas"] = 10
    refused(s, ("retrieve", 1), "takes no arguments")
