"""`white_castles` (WC-1..WC-6, P-WC-1..P-WC-4, CH-WC):
the white castles and monastery 29 in the Special Edition, alea 2019 and 2011 (pleasure
garden) forms, with the crane and with Châteauma.

Board 1 around the start castle (18): building spaces 8 (die 4), 13 (2) and 14 (3) form
one city, 25 (3), 26 (1), 31 (5), 32 (6) and 36 (3) another, 11 (3) a city of its own;
22 (2), 23 (5) and 28 (6) a third; pasture 9 (5); ship 17 (2).
"""

from __future__ import annotations

import pytest

from game.rules import (GameConfig, GameState, action_text, new_game, parse_action,
                        placeable_mask)
from game.rules.chateauma import EMPTY
from game.rules.engine import final_scoring
from game.rules.modules.white_castles import PROVISIONAL, WHITE_CASTLE
from game.rules.tiles import (BUILDING, BUILDINGS, CASTLE, KINDS, MONASTERY, kind_from_name,
                              module_kinds)

from .builders import (roundtrip, unexplained, at_last_turn, build, game, give, kind, me,
                       monasteries, of_type, phase_outcome, points, refused, roll_outcome,
                       set_depot, set_dice, set_goods, store)
from .chateauma_builders import automa, automa_turn, seat, set_card, set_reserve
from .test_invariants import check_game

RULES = {"se": "special", "a19": "alea2019", "x11": "original"}
W = 3  # the white die's action (engine.WHITE_DIE; text "w")


def wc_game(players: int = 2, rules: str = "special", white: int = 4,
            modules: tuple[str, ...] = ("white_castles",), chateauma: str | None = None,
            depots: dict | None = None) -> GameState:
    """A basic-mode game at the first turn of phase A, dice (1, 2) for all and the white
    die showing `white`."""
    config = GameConfig(players=players, rules=rules, board_mode="basic", modules=modules,
                        chateauma=chateauma)
    s = new_game(config)
    s.apply_chance(0)
    s.apply_chance(tuple([1, 2, 3] * config.deciders))
    if chateauma:
        s.apply_chance((4, 1, (), ()))
    s.apply_chance(phase_outcome(s, depots))
    s.apply_chance(roll_outcome(white, [(1, 2)] * config.deciders))
    return s


def place(s: GameState, name: str, space: int, die: int = 0) -> list:
    """The current player places a tile from storage space 0 with a die turned to the
    space's number (next to the estate or not: the scenario decides where tiles lie)."""
    p = me(s)
    store(s, name, *(KINDS[k].name if k >= 0 else None for k in p.storage[1:]))
    p.frontier |= 1 << space
    dice = list(p.dice)
    dice[die] = p.board.die[space]
    set_dice(s, *dice)
    p.used[die] = False
    return s.apply(("place", die, 0, space))




def white_actions(s: GameState) -> list:
    return [a for a in s.legal_actions() if a[0] in ("take", "place", "sell", "workers")]


# --- WC-1: setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("form, castle", [("se", "white_castle"), ("a19", "white_castle"),
                                          ("x11", "pleasure_garden")])
def test_wc_1_six_beige_two_black_and_monastery_29_go_into_their_supplies(form, castle):
    s = new_game(GameConfig(rules=RULES[form], modules=("white_castles",)))
    base = new_game(GameConfig(rules=RULES[form]))
    k = kind(castle)
    assert s.bags[BUILDING].count(k) == 6
    assert s.black_bag.count(k) == 2
    assert s.bags[MONASTERY].count(kind("monastery29")) == 1
    assert len(s.bags[BUILDING]) == len(base.bags[BUILDING]) + 6
    assert len(s.black_bag) == len(base.black_bag) + 2
    assert len(s.bags[MONASTERY]) == len(base.bags[MONASTERY]) + 1
    other = set(module_kinds("white_castles")) - {k, kind("monastery29")}
    assert not other & set(s.black_bag + [t for bag in s.bags for t in bag])


def test_wc_1_without_the_module_no_white_castle_is_in_any_supply():
    s = new_game(GameConfig())
    mine = set(module_kinds("white_castles"))
    assert not mine & set(s.black_bag + [t for bag in s.bags for t in bag])


# --- WC-2 / P-WC-1 / P-WC-2: a building of a ninth type, not a castle -------------------------

def test_wc_2_a_white_castle_goes_on_building_spaces_only():
    s = wc_game()
    p = me(s)
    p.frontier = (1 << 37) - 1 & ~p.occupied
    mask = placeable_mask(p, kind("white_castle"))
    assert mask and all(p.board.colour[sp] == BUILDING for sp in range(37) if mask >> sp & 1)
    assert not mask >> 6 & 1  # a castle space


def test_p_wc_1_a_white_castle_is_a_ninth_building_type():
    assert BUILDINGS[WHITE_CASTLE] == "white_castle" and WHITE_CASTLE == 9
    assert KINDS[kind("white_castle")].building == WHITE_CASTLE
    assert KINDS[kind("pleasure_garden")].building == WHITE_CASTLE


def test_p_wc_1_a_second_white_castle_in_a_city_is_illegal():
    s = wc_game()
    build(s, 25, "white_castle")
    store(s, "white_castle")
    me(s).frontier |= 1 << 26
    set_dice(s, 1, 1)
    refused(s, ("place", 0, 0, 26), "already has a white_castle", "monastery 1")


def test_p_wc_1_with_monastery_1_a_city_may_hold_two_white_castles():
    s = wc_game()
    monasteries(s, 1)
    build(s, 25, "white_castle")
    place(s, "white_castle", 26)
    assert s.decision == "white_castle"


def test_p_wc_1_a_white_castle_shares_a_city_with_every_other_building():
    s = wc_game()
    for space, name in ((26, "warehouse"), (31, "watchtower"), (32, "bank")):
        build(s, space, name)
    place(s, "white_castle", 25)
    assert me(s).estate[25] == kind("white_castle")


def test_p_wc_2_a_white_castle_is_no_castle():
    s = wc_game()
    p = me(s)
    castles = p.colour_count[CASTLE]
    events = place(s, "white_castle", 25)
    assert s.decision == "white_castle"  # not a castle's action with any number
    assert p.colour_count[CASTLE] == castles and p.colour_count[BUILDING] == 1
    assert of_type(events, "WhiteDieAction") and not of_type(events, "EffectLapsed")


def test_p_wc_2_with_castle_connection_a_white_castle_is_no_anchor():
    """Board 10a (board 11's layout), start castle on 6: a white castle on 18 (away from
    every castle) joins nothing to a castle; the pasture 24 and the monastery 25 beside it
    stay closed."""
    s = game(rules="original", mode="free", boards=["10a", "10a"], castles=[6, 6],
             modules=("castle_connection", "white_castles"))
    p = me(s)
    build(s, 18, "white_castle")
    p.frontier |= 1 << 24 | 1 << 25
    assert not placeable_mask(p, kind("cow2")) >> 24 & 1
    assert not placeable_mask(p, kind("monastery1")) >> 25 & 1
    # and it joins buildings no better than a bank would: 17 and 19 lie beside it only
    assert placeable_mask(p, kind("white_castle")) == placeable_mask(p, kind("bank"))


def test_wc_2_monastery_9_changes_the_number_to_place_a_white_castle():
    s = wc_game()
    monasteries(s, 9)
    give(s, workers=0)
    store(s, "white_castle")
    me(s).frontier |= 1 << 25
    set_dice(s, 4, 4)  # space 25 shows a 3: one step, free with monastery 9
    s.apply(("place", 0, 0, 25))
    assert s.decision == "white_castle" and me(s).workers == 0


def test_wc_2_a_carpenters_workshop_may_take_a_white_castle():
    s = wc_game()
    set_depot(s, 3, ["white_castle", "mine"])
    place(s, "carpenters_workshop", 25)
    assert s.decision == "pick"
    assert ("pick", 3, 0) in s.legal_actions() and ("pick", 3, 1) not in s.legal_actions()
    s.apply(("pick", 3, 0))
    assert kind("white_castle") in me(s).storage


# --- WC-3 / WC-4 / P-WC-3: the action with the white die ----------------------------------------

def test_wc_3_rulebook_white_4_one_worker_take_from_depot_5():
    """(derived) White die 4, 1 worker: the white castle's action takes a tile from depot
    5, paying the worker; the white die still shows 4."""
    s = wc_game(white=4)
    give(s, workers=1)
    set_depot(s, 5, ["mine", "ship"])
    events = place(s, "white_castle", 25)
    assert [tuple(e) for e in of_type(events, "WhiteDieAction")] == [(0, 4)]
    assert s.decision == "white_castle" and s.current_player == 0
    events = s.apply(("take", W, 5, 0))
    assert kind("mine") in me(s).storage
    assert me(s).workers == 0 and s.white == 4
    assert [tuple(e) for e in of_type(events, "DieUsed")] == [(0, W, 5, 1)]
    assert s.decision == "turn"


def test_wc_3_every_die_action_with_the_white_number_and_no_more_without_workers():
    s = wc_game(white=4)
    give(s, workers=0)
    set_goods(s, {4: 2, 5: 1})
    set_depot(s, 4, ["mine"])
    set_depot(s, 5, ["ship"])
    build(s, 13, "bank")   # space 8 (die 4) borders it; 14 (die 3) too
    place(s, "white_castle", 25)
    store(s, "warehouse")
    me(s).frontier |= 1 << 8 | 1 << 14
    s._legal = None
    acts = white_actions(s)
    assert ("take", W, 4, 0) in acts and ("take", W, 5, 0) not in acts
    assert ("sell", W, 4) in acts and ("sell", W, 5) not in acts
    assert ("place", W, 0, 8) in acts and ("place", W, 0, 14) not in acts
    assert ("workers", W) in acts
    assert all(a[1] == W for a in acts)
    assert ("decline",) in s.legal_actions()


def test_wc_3_the_players_dice_are_untouched_by_the_white_action():
    s = wc_game(white=2)
    set_goods(s, {2: 3})
    place(s, "white_castle", 25, die=0)
    p = me(s)
    assert p.used == [True, False]
    events = s.apply(("sell", W, 2))
    assert points(events, "goods") == 3 * 2
    assert p.used == [True, False] and s.white == 2 and p.dice[1] == 2
    assert s.decision == "turn"


def test_wc_3_taking_workers_with_the_white_die():
    s = wc_game(white=6)
    give(s, workers=0, silver=0)
    monasteries(s, 13, 14)   # 4 workers and a silver for the workers action
    place(s, "white_castle", 25)
    s.apply(("workers", W))
    assert me(s).workers == 4 and me(s).silver == 1 and me(s).used == [True, False]


def test_wc_3_k8_changes_the_white_number_by_two_per_worker():
    s = wc_game(white=2)
    give(s, workers=1)
    monasteries(s, 8)
    set_depot(s, 4, ["mine"])
    set_depot(s, 6, ["ship"])
    place(s, "white_castle", 25)
    acts = white_actions(s)
    assert ("take", W, 4, 0) in acts      # 2 -> 4: one worker with monastery 8
    assert ("take", W, 6, 0) in acts      # 2 -> 6 wraps: 2 -> 1 -> 6, one worker
    s.apply(("take", W, 4, 0))
    assert me(s).workers == 0


def test_p_wc_3_monastery_12_takes_from_a_neighbouring_depot_free():
    s = wc_game(white=3)
    give(s, workers=0)
    monasteries(s, 12)
    set_depot(s, 4, ["mine"])
    set_depot(s, 5, ["ship"])
    place(s, "white_castle", 25)
    acts = white_actions(s)
    assert ("take", W, 4, 0) in acts and ("take", W, 5, 0) not in acts


def test_wc_3_the_white_action_may_place_a_building_whose_effect_follows():
    s = wc_game(white=5)
    store(s, None, "bank")
    place(s, "white_castle", 25)
    me(s).frontier |= 1 << 31
    s._legal = None
    silver = me(s).silver
    s.apply(("place", W, 1, 31))
    assert me(s).silver == silver + 2 and s.decision == "turn"


def test_wc_3_a_white_castle_placed_by_the_white_action_gives_another():
    s = wc_game(white=5)
    store(s, None, "white_castle")
    place(s, "white_castle", 25)
    me(s).frontier |= 1 << 23
    s._legal = None
    events = s.apply(("place", W, 1, 23))
    assert of_type(events, "WhiteDieAction") and s.decision == "white_castle"


def test_wc_3_the_action_may_be_declined():
    s = wc_game()
    place(s, "white_castle", 25)
    events = s.apply(("decline",))
    assert [tuple(e) for e in of_type(events, "EffectDeclined")] == [(0, "white_castle")]
    assert s.decision == "turn"


def test_wc_3_the_white_action_uses_the_white_die_only():
    s = wc_game(white=4)
    set_depot(s, 1, ["mine"])
    place(s, "white_castle", 25)
    refused(s, ("take", 1, 1, 0), "white die", "shows 4")
    refused(s, ("take", 2, 1, 0), "white die")
    refused(s, ("take", W, 1, 0), "the white die shows 4", "needs 3 workers")


def test_wc_3_the_purchase_during_the_white_action_follows_the_rule_set():
    s = wc_game(rules="special")
    s.black = [kind("mine")] + [EMPTY] * (len(s.black) - 1)
    give(s, silver=2)
    place(s, "white_castle", 25)
    assert ("buy", 0, 0, "silver") in s.legal_actions()
    s = wc_game(rules="alea2019")
    s.black = [kind("mine")] + [EMPTY] * (len(s.black) - 1)
    give(s, silver=2)
    place(s, "white_castle", 25)
    assert not [a for a in s.legal_actions() if a[0] == "buy"]


def test_wc_4_the_number_is_the_white_die_of_the_round():
    s = wc_game(white=6)
    set_depot(s, 6, ["mine"])
    give(s, workers=0)
    place(s, "white_castle", 25)
    assert ("take", W, 6, 0) in white_actions(s)


def test_wc_3_actions_read_and_write_as_text_and_survive_a_save():
    s = wc_game(white=4)
    tile = s.depots[3][0]
    place(s, "white_castle", 25)
    for a in s.legal_actions():
        assert parse_action(action_text(a)) == a
    assert action_text(("take", W, 4, 0)) == "take w 4/0"
    restored = roundtrip(s)
    assert restored.decision == "white_castle"
    restored.apply(("take", W, 4, 0))
    assert tile >= 0 and tile in me(restored).storage


# --- WC-5: monastery 29 ------------------------------------------------------------------------

def end_with(builds: dict, numbers=(29,), modules=("white_castles",),
             rules: str = "special") -> tuple[GameState, list, list]:
    """Seat 1 (the last to move) ends the game holding these tiles and monasteries."""
    s = wc_game(modules=modules, rules=rules)
    for space, name in builds.items():
        build(s, space, name, seat=1)
    monasteries(s, *numbers, seat=1)
    at_last_turn(s, phase=4)
    before = unexplained(s)
    return s, s.apply(("end",)), before


def test_wc_5_derived_k29_and_two_white_castles_score_8():
    s, events, before = end_with({25: "white_castle", 22: "white_castle", 8: "bank"})
    assert s.terminal
    assert points(events, "knowledge", 1) == 8
    assert unexplained(s) == before


def test_wc_5_without_k29_white_castles_score_nothing_at_the_end():
    _, events, _ = end_with({25: "white_castle", 22: "white_castle"}, numbers=())
    assert points(events, "knowledge", 1) == 0


def test_p_wc_4_the_2011_yellow_tile_scores_4_per_pleasure_garden():
    s, events, _ = end_with({25: "pleasure_garden", 22: "pleasure_garden", 11: "pleasure_garden"},
                            rules="original")
    assert points(events, "knowledge", 1) == 12


# --- WC-6: the crane ---------------------------------------------------------------------------

BOTH = ("tiles2", "white_castles")


def test_wc_6_derived_the_crane_counted_as_a_white_castle_makes_12():
    s, events, before = end_with({25: "white_castle", 22: "white_castle", 26: "crane"},
                                 modules=BOTH)
    assert s.terminal  # one building scores: counted without asking
    assert points(events, "knowledge", 1) == 12
    assert [tuple(e) for e in of_type(events, "CraneCounted")] == [(1, "white_castle", 4)]
    assert unexplained(s) == before


def test_wc_6_the_crane_may_count_as_a_white_castle_or_another_building():
    s, events, before = end_with({25: "white_castle", 22: "bank", 26: "crane"},
                                 numbers=(29, 22), modules=BOTH)
    assert s.decision == "crane_count"
    assert s.legal_actions() == [("crane_count", 6), ("crane_count", WHITE_CASTLE)]
    restored = roundtrip(s)
    assert action_text(("crane_count", WHITE_CASTLE)) == "crane_count white_castle"
    restored.apply(parse_action("crane_count white_castle"))
    assert restored.terminal
    assert restored.score_breakdown(1)["knowledge"] == 4 + 4 + 4
    assert unexplained(restored) == before


def test_p_t2_3_the_crane_may_copy_the_white_castle():
    s = wc_game(modules=BOTH, white=4)
    tile = s.depots[3][0]
    place(s, "crane", 25)
    assert s.decision == "crane"
    assert ("crane", WHITE_CASTLE) in s.legal_actions()
    restored = roundtrip(s)
    events = restored.apply(("crane", WHITE_CASTLE))
    assert [tuple(e) for e in of_type(events, "CraneCopied")] == [(0, "white_castle")]
    assert restored.decision == "white_castle"
    restored = roundtrip(restored)
    restored.apply(("take", W, 4, 0))
    assert tile >= 0 and tile in me(restored).storage


def test_p_t2_3_without_the_module_the_crane_offers_no_white_castle():
    s = wc_game(modules=("tiles2",))
    place(s, "crane", 25)
    assert ("crane", WHITE_CASTLE) not in s.legal_actions()


def test_wc_6_monastery_28_buys_workers_during_the_white_action():
    s = wc_game(modules=BOTH, white=4)
    monasteries(s, 28)
    give(s, silver=1, workers=0)
    place(s, "white_castle", 25)
    assert ("buy_workers",) in s.legal_actions()
    s.apply(("buy_workers",))
    assert s.decision == "white_castle" and me(s).workers == 2


# --- P-WC-4: the 2011 pleasure garden ----------------------------------------------------------

def test_p_wc_4_the_pleasure_garden_acts_as_a_white_castle_and_is_marked_provisional():
    assert "x11" in PROVISIONAL and "se" not in PROVISIONAL and "a19" not in PROVISIONAL
    s = wc_game(rules="original", white=4)
    give(s, workers=1)
    set_depot(s, 5, ["mine"])
    events = place(s, "pleasure_garden", 25)
    assert of_type(events, "WhiteDieAction") and s.decision == "white_castle"
    s.apply(("take", W, 5, 0))  # workers allowed (X11 l.56)
    assert me(s).workers == 0


def test_the_alea_2019_form_plays_the_white_castle():
    s = wc_game(rules="alea2019")
    place(s, "white_castle", 25)
    assert s.decision == "white_castle"


# --- CH-WC: Châteauma ----------------------------------------------------------------------

def automa_wc(white: int = 2) -> GameState:
    s = wc_game(chateauma="medium", white=white)
    s.depots = [[EMPTY] * len(row) for row in s.depots]
    s.black = [EMPTY] * len(s.black)
    s.depot_goods = [[0] * 7 for _ in range(6)]
    return s


def test_ch_wc_1_derived_the_colour_it_has_fewest_of_from_the_first_depot_with_a_tile():
    """(derived) White die 2, depot 2 empty, depot 3 holding a building and a ship, a
    reserve with 1 building and no ships: the ship goes to its reserve."""
    s = automa_wc()
    set_card(s, 0, 2)   # building, building, pasture, monastery (white 1-4: the left card)
    set_reserve(s, "bank")
    set_depot(s, 1, ["white_castle"])
    set_depot(s, 3, ["bank", "ship"])
    set_depot(s, 4, ["mine"])
    events = automa_turn(s, 1, white=2)
    placed = [(e.tile, e.reason) for e in of_type(events, "ChateaumaTilePlaced")]
    assert placed == [("white_castle", "die")]
    taken = [(e.tile, e.reason, e.depot, e.depot_slot)
             for e in of_type(events, "ChateaumaReserveTile")]
    assert taken == [("ship", "white_castle", 3, 1)]
    assert automa(s).reserve[3] == [kind("ship")]


def test_ch_wc_1_all_depots_empty_gives_one_silver():
    s = automa_wc()
    set_card(s, 0, 2)
    set_depot(s, 1, ["white_castle"])
    silver = s.players[seat(s)].silver
    events = automa_turn(s, 1, white=2)
    assert s.players[seat(s)].silver == silver + 1
    assert [tuple(e) for e in of_type(events, "SilverTaken")][-1] == (seat(s), 1, "white_castle")


def test_ch_wc_1_ties_go_to_the_depots_first_space():
    s = automa_wc()
    set_card(s, 1, 2)   # white 5-6: the right card
    set_depot(s, 1, ["white_castle"])
    set_depot(s, 5, [None, "mine", "ship"])
    events = automa_turn(s, 1, white=5)
    taken = [(e.tile, e.depot, e.depot_slot) for e in of_type(events, "ChateaumaReserveTile")]
    assert taken == [("mine", 5, 1)]


def test_ch_wc_2_monastery_29_is_a_plain_monastery_for_chateauma():
    from .chateauma_builders import set_estate
    s = automa_wc()
    set_estate(s, {3: "monastery29", 8: "white_castle"})
    s.frames = []
    events: list = []
    final_scoring(s, events)
    assert points(events, "monasteries", seat(s)) == 4
    assert points(events, "knowledge", seat(s)) == 0


# --- random games ------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["special", "alea2019", "original"])
def test_random_games_keep_the_invariants_and_replay(rules):
    for seed in range(2):
        check_game(910_000 + seed, GameConfig(players=3, rules=rules, modules=("white_castles",)),
                   roundtrip_every=11, check_every=1)


def test_random_games_with_chateauma_and_the_crane():
    check_game(920_000, GameConfig(players=2, modules=("tiles2", "white_castles"),
                                   chateauma="medium"), roundtrip_every=11, check_every=1)


def test_kind_names_are_registered():
    assert kind_from_name("white_castle") == kind("white_castle")
    assert KINDS[kind("monastery29")].knowledge == 29
