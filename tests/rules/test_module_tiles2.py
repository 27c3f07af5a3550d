"""`tiles2` (CH-T2): monasteries 27 and 28, the crane and the
geese, in the Special Edition, alea 2019 and 2011 forms, and with Châteauma.

Board 1 around the start castle (18): 25 building 3 and 26 building 1 (one city with 31,
32, 36), 11 building 3 (a one-space city), 12 monastery 1, 17 ship 2, 19 ship 5; the
pasture area 0, 4, 5, 9, 10 (dice 6, 2, 1, 5, 4) and the one-space pasture 27 (die 2).
"""

from __future__ import annotations

import pytest

from game.rules import (GameConfig, GameState, IllegalAction, action_text, check_state,
                        new_game, parse_action)
from game.rules.chateauma import EMPTY
from game.rules.events import EVENT_TYPES
from game.rules.engine import final_scoring
from game.rules.tiles import BLACK_TILES, COLOURED_TILES, KINDS, MONASTERY, module_kinds

from .builders import (roundtrip, unexplained, settle, at_last_turn, build, give, kind, me,
                       monasteries, of_type, pass_turn, phase_outcome, points, roll_outcome,
                       set_depot, set_dice, set_goods, store)
from .chateauma_builders import automa, seat, set_card, set_estate
from .test_invariants import check_game

RULES = {"se": "special", "a19": "alea2019", "x11": "original"}


def t2game(players: int = 2, rules: str = "special", start_player: int = 0,
           chateauma: str | None = None, depots: dict | None = None,
           black=()) -> GameState:
    """A basic-mode game with `tiles2` at the first turn of phase A, dice (1, 2) for all."""
    config = GameConfig(players=players, rules=rules, board_mode="basic",
                        modules=("tiles2",), chateauma=chateauma)
    s = new_game(config)
    s.apply_chance(start_player)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    if chateauma:
        s.apply_chance((4, 1, (), ()))
    s.apply_chance(phase_outcome(s, depots, black))
    s.apply_chance(roll_outcome(1, [(1, 2)] * config.deciders))
    return s


def automa_t2(white: int = 1) -> GameState:
    """A solo game against Châteauma with `tiles2`, every depot emptied (as
    chateauma_builders.automa_game)."""
    s = t2game(players=2, chateauma="medium")
    s.white = white
    s.depots = [[EMPTY] * len(row) for row in s.depots]
    s.black = [EMPTY] * len(s.black)
    s.depot_goods = [[0] * 7 for _ in range(6)]
    return s


def automa_turn(s: GameState, die: int, white: int) -> list:
    from game.rules.engine import start_turn
    s.white = white
    s.frames = []
    s.turn_index = s.order.index(seat(s))
    events: list = []
    start_turn(s, seat(s), events)
    return events + s.apply_chance(die)


def place(s: GameState, name: str, space: int) -> list:
    """The current player places a tile from storage with die 1 turned to the space's
    number (next to the estate or not: the scenario decides where tiles lie)."""
    p = me(s)
    store(s, name)
    p.frontier |= 1 << space
    set_dice(s, p.board.die[space], p.dice[1])
    p.used[0] = False
    return s.apply(("place", 0, 0, space))



def agrees(s: GameState, before: list[dict[str, int]]) -> None:
    assert unexplained(s) == before



# --- T2-1: setup ------------------------------------------------------------------------

@pytest.mark.parametrize("form, tiles", [
    ("se", ("monastery27", "monastery28", "crane", "geese")),
    ("a19", ("monastery27", "monastery28", "crane", "geese")),
    ("x11", ("monastery27", "monastery28", "park", "goats"))])
def test_t2_1_the_tiles_go_into_the_supplies_of_their_backs(form, tiles):
    s = new_game(GameConfig(rules=RULES[form], modules=("tiles2",)))
    monastery27, monastery28, building, animal = map(kind, tiles)
    assert s.bags[MONASTERY][-2:] == [monastery27, monastery28]
    assert s.black_bag[-2:] == [building, animal]
    added = set(module_kinds("tiles2")) - {monastery27, monastery28, building, animal}
    assert not added & set(s.black_bag + [k for bag in s.bags for k in bag])


def test_t2_1_without_the_module_the_supplies_are_the_base_games():
    s = new_game(GameConfig())
    assert sorted(s.black_bag) == sorted(BLACK_TILES)
    assert sorted(k for bag in s.bags for k in bag) == sorted(COLOURED_TILES)


def test_t2_1_the_depots_and_the_black_depot_deal_them():
    s = t2game(depots={(2, 0): "monastery27"}, black=("crane", "geese"))
    assert any(kind("monastery27") in row for row in s.depots)
    assert s.black[:2] == [kind("crane"), kind("geese")]
    assert kind("crane") not in s.black_bag and kind("monastery27") not in s.bags[MONASTERY]
    check_state(s)


def test_t2_1_chateaumas_setup_may_draw_them_face_down():
    config = GameConfig(players=2, board_mode="basic", modules=("tiles2",),
                        chateauma="medium+A")
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance((1, 2, 3))
    hidden = [kind("crane"), kind("geese")] + [k for k in s.black_bag if k < 49][:3]
    layout = automa(s).layout
    s.apply_chance((4, 1, tuple(hidden[:len(layout.face_down)]), ()))
    assert kind("crane") not in s.black_bag
    check_state(s)


# --- T2-2 / P-T2-1: monastery 27 --------------------------------------------------------

def test_t2_2_k27_lifts_its_owner_to_the_top_and_a_later_arrival_goes_beneath():
    # Markers on track space 2: A (seat 0) on top, B (seat 1) below; C (seat 2) on 1.
    s = t2game(players=3, start_player=1)
    a, b, c = s.players
    a.track_pos, b.track_pos, c.track_pos = 2, 2, 1
    b.track_stamp, a.track_stamp = 10, 11
    s.stamp = 11
    assert s.track_order()[:2] == [0, 1]
    events = place(s, "monastery27", 12)
    assert s.track_order() == [1, 0, 2]  # B on top: next round B plays before A
    assert of_type(events, "MarkerOnTop") == [EVENT_TYPES["MarkerOnTop"](1)]  # the table sees it
    s.apply(("workers", 1))
    s.apply(("end",))
    assert s.current_player == 2
    events = place(s, "ship", 17)
    assert c.track_pos == 2
    assert s.track_order() == [1, 2, 0]  # the stack reads B, C, A
    assert of_type(events, "MarkerOnTop") == [EVENT_TYPES["MarkerOnTop"](1)]


def test_t2_2_the_next_rounds_turn_order_follows_the_stack():
    # B (seat 1) owns k27 on space 1; A (seat 0) sails onto space 1 and goes beneath B.
    s = t2game(players=2)
    monasteries(s, 27, seat=1)
    s.players[1].track_pos = 1
    place(s, "ship", 17)
    assert s.players[0].track_pos == 1
    if s.decision == "ship":
        s.apply(s.legal_actions()[0])
    s.apply(("workers", 1))
    s.apply(("end",))
    pass_turn(s)
    assert s.chance == "roll"
    s.apply_chance(roll_outcome(1, [(1, 2), (1, 2)]))
    assert s.order == [1, 0]


def test_t2_2_actively_the_owner_arrives_on_top_as_in_the_base_game():
    s = t2game(players=2)
    monasteries(s, 27)
    s.players[1].track_pos = 1
    place(s, "ship", 17)
    assert s.track_order() == [0, 1]


def test_t2_2_chateaumas_ship_goes_beneath_the_owner():
    s = automa_t2(white=1)
    monasteries(s, 27, seat=0)
    s.players[0].track_pos = 1
    set_card(s, 0, 6, {0: "ship"})  # ship, monastery, building, ship
    set_depot(s, 2, ["ship"])
    automa_turn(s, 2, white=1)
    assert s.players[seat(s)].track_pos == 1
    assert s.track_order() == [0, seat(s)]


def test_t2_2_without_k27_the_arrival_lies_on_top():
    s = t2game(players=2)
    s.players[1].track_pos = 1
    place(s, "ship", 17)
    assert s.track_order() == [0, 1]
    s = t2game(players=2, start_player=1)
    s.players[0].track_pos = 1
    place(s, "ship", 17)
    assert s.track_order() == [1, 0]


# --- T2-3 / P-T2-6: monastery 28 --------------------------------------------------------

def test_t2_3_k28_buys_two_workers_for_a_silver_any_number_of_times():
    s = t2game()
    monasteries(s, 28)
    give(s, silver=3, workers=0)
    events = s.apply(("buy_workers",)) + s.apply(("buy_workers",))
    assert (me(s).silver, me(s).workers) == (1, 4)
    assert [tuple(e) for e in of_type(events, "WorkersBought")] == [(0, 1, 2), (0, 1, 2)]
    assert s.decision == "turn"  # buying answers no decision


def test_t2_3_k28_is_offered_on_every_decision_of_the_owners_turn():
    s = t2game()
    monasteries(s, 28)
    give(s, silver=1)
    assert ("buy_workers",) in s.legal_actions()
    place(s, "crane", 25)
    assert s.decision == "crane" and ("buy_workers",) in s.legal_actions()
    s.apply(("crane", 2))  # carpenter's workshop: a pick decision, if a building lies out
    if s.decision == "pick":
        assert ("buy_workers",) in s.legal_actions()
        s.apply(("decline",))
    s.apply(("workers", 1))
    assert ("end",) in s.legal_actions() and ("buy_workers",) in s.legal_actions()


def test_t2_3_k28_is_not_offered_without_silver_without_k28_or_on_anothers_turn():
    s = t2game()
    give(s, silver=5)
    assert ("buy_workers",) not in s.legal_actions()
    monasteries(s, 28)
    give(s, silver=0)
    assert ("buy_workers",) not in s.legal_actions()
    monasteries(s, 28, seat=1)
    give(s, seat=1, silver=4)
    assert ("buy_workers",) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(("buy_workers",))


# --- T2-4 / T2-5 / P-T2-2: the crane ------------------------------------------------------

def test_t2_4_the_crane_offers_every_buildings_effect_or_declining():
    s = t2game()
    events = place(s, "crane", 25)
    assert s.decision == "crane"
    assert s.legal_actions() == [("crane", b) for b in range(8)] + [("decline",)]
    assert of_type(s.apply(("decline",)), "EffectDeclined")[0].effect == "crane"
    assert of_type(events, "TilePlaced")[0].tile == "crane"


@pytest.mark.parametrize("building, check", [
    ("bank", lambda s, ev: me(s).silver == 2 + 2),
    ("boarding_house", lambda s, ev: me(s).workers == 4),
    ("watchtower", lambda s, ev: points(ev, "buildings") == 4),
    ("warehouse", lambda s, ev: s.decision == "warehouse"),
    ("church", lambda s, ev: s.decision == "pick" and s.frames[-1].arg == 3),
    ("market", lambda s, ev: s.decision == "pick" and s.frames[-1].arg == 4),
    ("carpenters_workshop", lambda s, ev: s.decision == "pick" and s.frames[-1].arg == 2),
    ("city_hall", lambda s, ev: s.decision == "city_hall")])
def test_t2_4_the_crane_does_what_the_chosen_building_does(building, check):
    s = t2game()
    give(s, silver=2, workers=0)
    set_goods(s, {3: 2})
    set_depot(s, 1, ["castle", "ship", "bank"])
    before = unexplained(s)
    place(s, "crane", 25)
    store(s, None, "mine")  # something for the city hall to place
    events = s.apply(("crane", ["warehouse", "watchtower", "carpenters_workshop", "church",
                                "market", "boarding_house", "bank", "city_hall"].index(building)))
    assert of_type(events, "CraneCopied")[0].building == building
    assert check(s, events)
    agrees(s, before)


def test_t2_4_the_rulebook_example_sell_silver_or_castle():
    s = t2game()
    set_goods(s, {2: 3})
    set_depot(s, 1, ["castle"])
    place(s, "crane", 25)
    sale = s.clone()
    sale.apply(("crane", 0))
    assert of_type(sale.apply(("warehouse", 2)), "GoodsSold")[0].count == 3
    bank = s.clone()
    bank.apply(("crane", 6))
    assert bank.players[0].silver == s.players[0].silver + 2
    church = s.clone()
    church.apply(("crane", 3))
    church.apply(("pick", 1, 0))
    assert kind("castle") in church.players[0].storage


def test_t2_4_an_effect_without_anything_to_do_lapses():
    s = t2game()
    set_goods(s, {})
    place(s, "crane", 25)
    assert of_type(s.apply(("crane", 0)), "EffectLapsed")[0].effect == "warehouse"
    assert s.decision == "turn"


def test_t2_5_the_crane_is_a_building_type_of_its_own_for_the_one_per_city_rule():
    s = t2game()
    build(s, 25, "bank")
    store(s, "crane")
    set_dice(s, 1, 1)
    assert ("place", 0, 0, 26) in s.legal_actions()  # a crane beside a bank
    s = t2game()
    build(s, 25, "crane")
    store(s, "bank")
    set_dice(s, 1, 1)
    assert ("place", 0, 0, 26) in s.legal_actions()  # a bank beside the crane


# --- T2-6: the crane at the end -------------------------------------------------------------

def end_with(builds: dict, numbers=(17, 22), crane: bool = True) -> tuple[GameState, list, list]:
    """Seat 1 (the last to move) ends the game holding these tiles; also returns what the
    pokes left unexplained (see agrees)."""
    s = t2game()
    for space, name in builds.items():
        build(s, space, name, seat=1)
    if crane:
        build(s, 26, "crane", seat=1)
    monasteries(s, *numbers, seat=1)
    at_last_turn(s, phase=4)
    before = unexplained(s)
    return s, s.apply(("end",)), before


TOWERS_AND_BANKS = {8: "bank", 11: "bank", 22: "bank", 25: "bank", 13: "watchtower",
                    23: "watchtower"}


def test_t2_6_the_crane_counts_as_a_watchtower_or_a_bank_28_points():
    s, events, before = end_with(TOWERS_AND_BANKS)
    assert points(events, "knowledge", 1) == 2 * 4 + 4 * 4
    assert s.decision == "crane_count" and s.current_player == 1 and not s.terminal
    assert of_type(events, "TurnStarted")[-1].player == 1  # the decision passes like a turn
    assert s.legal_actions() == [("crane_count", 1), ("crane_count", 6)]
    agrees(s, before)
    restored = roundtrip(s)
    events = restored.apply(("crane_count", 6))
    assert [tuple(e) for e in of_type(events, "CraneCounted")] == [(1, "bank", 4)]
    assert restored.terminal
    assert restored.score_breakdown(1)["knowledge"] == 28
    agrees(restored, before)


def test_t2_6_a_single_scoring_building_is_counted_without_asking():
    s, events, before = end_with(TOWERS_AND_BANKS, numbers=(17,))
    assert s.terminal
    assert points(events, "knowledge", 1) == 2 * 4 + 4
    assert of_type(events, "CraneCounted")[0].building == "watchtower"
    agrees(s, before)


def test_t2_6_without_a_building_monastery_the_crane_counts_nothing():
    s, events, _ = end_with(TOWERS_AND_BANKS, numbers=(24,))
    assert s.terminal and not of_type(events, "CraneCounted")


def test_t2_6_the_count_may_differ_from_the_effect_chosen_at_placement():
    s = t2game(players=2, start_player=1)
    give(s, seat=1, silver=0)
    before = unexplained(s)
    place(s, "crane", 25)
    s.apply(("crane", 6))  # the bank's 2 silver
    monasteries(s, 16, 17, seat=1)
    before = unexplained(s)
    at_last_turn(s, phase=4)
    s.apply(("end",))
    assert s.legal_actions() == [("crane_count", 0), ("crane_count", 1)]
    s.apply(("crane_count", 1))
    assert s.terminal and s.score_breakdown(1)["knowledge"] == 4
    agrees(s, before)


# --- T2-7..T2-10: the geese -------------------------------------------------------------------

def test_t2_7_t2_8_the_rulebook_example_7_then_6():
    s = t2game()
    build(s, 4, "cow2")
    build(s, 5, "cow3")
    before = unexplained(s)
    events = place(s, "geese", 9)
    assert s.decision == "turn"  # one species there: no question
    assert points(events, "animals") == 2 + 2 + 3
    assert [tuple(e) for e in of_type(events, "GeeseScored")] == [(0, "cow", 7)]
    events = place(s, "pig4", 10)
    assert points(events, "animals") == 4 + 2
    agrees(s, before)


def test_t2_9_with_k7_every_scoring_tile_earns_one_more_10_then_8():
    s = t2game()
    monasteries(s, 7)
    build(s, 4, "cow2")
    build(s, 5, "cow3")
    before = unexplained(s)
    assert points(place(s, "geese", 9), "animals") == (2 + 1) + (2 + 1) + (3 + 1)
    assert points(place(s, "pig4", 10), "animals") == (4 + 1) + (2 + 1)
    agrees(s, before)


def test_t2_7_two_species_there_ask_which_one_joins():
    s = t2game()
    build(s, 4, "cow2")
    build(s, 5, "sheep4")
    before = unexplained(s)
    events = place(s, "geese", 9)
    assert points(events, "animals") == 2
    assert s.decision == "geese"
    assert s.legal_actions() == [("geese", 0), ("geese", 1)]
    agrees(s, before)
    restored = roundtrip(s)
    events = restored.apply(("geese", 1))
    assert points(events, "animals") == 4
    assert of_type(events, "GeeseScored")[0].species == "sheep"
    agrees(restored, before)


def test_t2_7_geese_alone_score_their_own_two():
    s = t2game()
    before = unexplained(s)
    events = place(s, "geese", 27)
    assert points(events, "animals") == 2
    assert of_type(events, "GeeseScored")[0].species is None
    agrees(s, before)


def test_t2_8_animals_on_another_pasture_get_nothing_from_the_geese():
    s = t2game()
    build(s, 27, "geese")
    assert points(place(s, "pig4", 9), "animals") == 4


def test_t2_10_k24_counts_the_geese_as_a_fifth_species_20():
    s, events, _ = end_with({0: "cow2", 4: "sheep2", 5: "pig2", 9: "chicken2", 10: "geese"},
                            numbers=(24,), crane=False)
    assert s.terminal
    assert points(events, "knowledge", 1) == 5 * 4


def test_the_2011_goats_and_park_work_as_geese_and_crane():
    s = t2game(rules="original")
    build(s, 4, "cow2")
    before = unexplained(s)
    assert points(place(s, "goats", 9), "animals") == 2 + 2
    place(s, "park", 25)
    assert s.decision == "crane"
    assert of_type(s.apply(("crane", 1)), "CraneCopied")[0].building == "watchtower"
    agrees(s, before)


def test_the_alea_2019_form_plays_the_same_tiles():
    s = t2game(rules="alea2019")
    monasteries(s, 28)
    give(s, silver=1)
    assert ("buy_workers",) in s.legal_actions()
    place(s, "crane", 25)
    assert s.decision == "crane"


# --- Châteauma (CH-T2) -----------------------------------------------------------------------

def test_ch_t2_3_geese_join_the_best_species_9_then_a_pig_4():
    s = automa_t2()
    c = automa(s)
    set_estate(s, {0: "sheep3", 4: "sheep4", 5: "cow2"})
    c.history += [(kind(n), False) for n in ("sheep3", "sheep4", "cow2")]
    set_card(s, 0, 1)   # mine, pasture, monastery
    set_card(s, 1, 8)   # castle, mine, pasture, ship
    set_depot(s, 2, ["geese"])
    before = unexplained(s)
    events = automa_turn(s, 2, white=1)
    assert points(events, "animals") == 2 + 7
    assert of_type(events, "GeeseScored")[0].species == "sheep"
    set_depot(s, 2, ["pig2"])
    events = automa_turn(s, 2, white=5)
    assert points(events, "animals") == 2 + 2
    agrees(s, before)


def test_ch_t2_2_the_crane_gives_chateauma_another_castle_bonus():
    s = automa_t2()
    set_depot(s, 2, ["crane"])
    set_depot(s, 1, ["mine"])
    events = automa_turn(s, 2, white=1)
    placed = [(e.space, e.tile, e.reason) for e in of_type(events, "ChateaumaTilePlaced")]
    assert placed == [(0, "crane", "die"), (3, "mine", "castle")]


def test_ch_t2_1_k27_and_k28_do_nothing_and_score_4_each_at_the_end():
    s = automa_t2()
    set_estate(s, {3: "monastery27", 7: "monastery28"})
    p = s.players[seat(s)]
    before = (p.track_stamp, p.workers, p.silver)
    s.frames = []
    events: list = []
    final_scoring(s, events)
    assert points(events, "monasteries", seat(s)) == 2 * 4
    assert (p.track_stamp, p.workers) == before[:2]


def test_chateaumas_bonuses_are_registered_for_every_module_kind():
    from game.rules.extension import CHATEAUMA_BONUS, EFFECTS
    for k in module_kinds("tiles2"):
        assert KINDS[k].chateauma in CHATEAUMA_BONUS and KINDS[k].effect in EFFECTS


# --- text, JSON, invariants, replay ----------------------------------------------------------

@pytest.mark.parametrize("action, text", [
    (("buy_workers",), "buy_workers"), (("crane", 0), "crane warehouse"),
    (("crane", 7), "crane city_hall"), (("geese", 0), "geese cow"),
    (("crane_count", 6), "crane_count bank")])
def test_the_actions_text_forms_round_trip(action, text):
    assert action_text(action) == text and parse_action(text) == action


@pytest.mark.parametrize("text", ["buy_workers 2", "crane", "crane castle", "crane crane",
                                  "geese geese", "geese", "crane_count bank bank"])
def test_unreadable_texts_are_refused(text):
    with pytest.raises(ValueError):
        parse_action(text)


def test_a_pending_crane_decision_survives_a_save():
    s = t2game()
    place(s, "crane", 25)
    restored = roundtrip(s)
    assert restored.decision == "crane"
    restored.apply(("crane", 6))
    assert restored.players[0].silver == s.players[0].silver + 2


@pytest.mark.parametrize("counted", ['[[0,"castle"]]', '[[0,"crane"]]', '[[2,"bank"]]',
                                     '[["0","bank"]]', '[[0]]'])
def test_a_damaged_module_state_is_refused(counted):
    from game.rules import StateError
    s = t2game()
    settle(s)
    text = s.to_json().replace('"counted":[]', f'"counted":{counted}')
    with pytest.raises(StateError):
        GameState.from_json(text)


@pytest.mark.parametrize("config", [
    GameConfig(players=2, modules=("tiles2",)),
    GameConfig(players=3, rules="alea2019", board_mode="free", modules=("tiles2",)),
    GameConfig(players=4, rules="original", board_mode="random", modules=("tiles2",)),
    GameConfig(players=2, modules=("tiles2",), chateauma="hard+A+B+C+D"),
    GameConfig(players=3, modules=("tiles2",), chateauma="easy+A+D")],
    ids=["se-2p", "a19-3p", "x11-4p", "chateauma-2p", "chateauma-3p"])
def test_invariants_breakdown_and_replay_over_random_games(config):
    for seed in range(8):
        check_game(seed, config, roundtrip_every=11, check_every=2)


def breakdown_in_step(config: GameConfig, seed: int) -> set[str]:
    """Plays a random game, comparing the derived breakdown with the running one at every
    module decision and after every one of the module's events; returns the decisions
    and events seen."""
    import random
    from game.rules import Match
    match = Match(config, seed)
    pick = random.Random(seed).random
    match.resolve_chance()
    seen: set[str] = set()
    while not match.state.is_terminal():
        s = match.state
        if s.decision in ("crane", "geese", "crane_count"):
            seen.add(s.decision)
            assert not any(unexplained(s)), s.decision
        legal = s.legal_actions()
        events = match.play(legal[int(pick() * len(legal))])
        names = {type(e).__name__ for e in events} & {
            "WorkersBought", "CraneCopied", "GeeseScored", "CraneCounted"}
        if names:
            seen |= names
            assert not any(unexplained(match.state)), names
    assert not any(unexplained(match.state))
    return seen


def test_the_breakdown_keeps_in_step_through_every_module_decision():
    seen: set[str] = set()
    for seed in range(12):
        for config in (GameConfig(players=2, modules=("tiles2",)),
                       GameConfig(players=2, modules=("tiles2",), chateauma="hard+A+B")):
            seen |= breakdown_in_step(config, seed)
    assert {"crane", "CraneCopied", "GeeseScored", "WorkersBought"} <= seen


@pytest.mark.slow
@pytest.mark.parametrize("players, rules, chateauma", [
    (2, "special", None), (3, "alea2019", None), (4, "original", None),
    (2, "special", "hard+A+B+C+D"), (3, "special", "easy+A+D")])
def test_many_random_games_with_the_module(players, rules, chateauma):
    config = GameConfig(players=players, rules=rules, modules=("tiles2",),
                        chateauma=chateauma)
    for seed in range(100, 300):
        check_game(seed, config, roundtrip_every=29, check_every=1)
        breakdown_in_step(config, seed)
