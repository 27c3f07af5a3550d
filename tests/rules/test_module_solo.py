"""The solo game: one test per clause, the rulebook examples and
the P-SO rulings, on the solo board 33 (the advent calendar's side A)."""

from __future__ import annotations

import pytest

from game.rules import GameConfig, new_game
from game.rules.boards import SPACES, get_board
from game.rules.chance import depot_colours
from game.rules.engine import CASTLE_ACTION
from game.rules.modules.solo import (BLACK_TILE, TOKENS, completed_colours, counter,
                                     solo_result, solo_state)
from game.rules.engine import score
from game.rules.tiles import CASTLE, COLOURS, KIND_NAMES, MINE

from .builders import (at_last_turn, build, game, give, kind, me, of_type, pass_turn, points,
                       refused, roundtrip, set_depot_goods, set_dice, set_goods, store,
                       unexplained)

CASTLE_SPACE = 6          # board 33: castle 6 touches pasture 0, monastery 7, mine 13


def solo(rules: str = "special", target: str | None = None, white: int = 1,
         dice: tuple[int, int] = (1, 2), **kw):
    mods = ("solo" if target is None else f"solo:target={target}",) + tuple(kw.pop("more", ()))
    return game(players=1, rules=rules, mode="free", boards=["33"], castles=[CASTLE_SPACE],
                modules=mods, white=white, dice=[dice], **kw)


def fill_but(s, keep: set[int]) -> None:
    """Lay a tile of its colour, from the supply, on every empty space but `keep`."""
    p = me(s)
    drawn = [0] * 6
    for space in range(SPACES):
        if p.estate[space] < 0 and space not in keep:
            colour = p.board.colour[space]
            build(s, space, KIND_NAMES[s.bags[colour][drawn[colour]]])
            drawn[colour] += 1


def set_score(s, points: int) -> None:
    p = me(s)
    p.score += points
    p.breakdown["areas"] = p.breakdown.get("areas", 0) + points


# --- the configuration ----------------------------------------------------------------------

def test_SO_0_one_player_only_with_solo():
    with pytest.raises(ValueError, match="solo"):
        GameConfig(players=1)
    with pytest.raises(ValueError, match="'solo' is played by exactly 1 player, not 2"):
        GameConfig(players=2, modules=("solo",))
    GameConfig(players=1, modules=("solo", "tiles2", "white_castles", "inns"))


@pytest.mark.parametrize("other", ["shields", "border_posts", "boards_11_18"])
def test_SO_0_solo_combines_only_with_tile_modules(other):
    with pytest.raises(ValueError, match="cannot be combined"):
        GameConfig(players=1, modules=("solo", other))


def test_SO_0_not_with_chateauma_nor_the_basic_board():
    with pytest.raises(ValueError, match="Châteauma does not play with 'solo'"):
        GameConfig(players=1, modules=("solo",), chateauma="medium")
    with pytest.raises(ValueError, match="another duchy than board 1"):
        GameConfig(players=1, board_mode="basic", modules=("solo",))


def test_SO_0_the_central_board_is_laid_out_for_two():
    s = solo()
    assert [len(d) for d in s.depots] == [len(r) for r in depot_colours(2, 0)]
    assert sum(len(d) for d in s.depots) == 12
    assert len(s.black) == 4


def test_SO_0_goods_score_2_each():
    s = solo(dice=(1, 1))
    set_goods(s, {1: 3})
    events = s.apply(("sell", 0, 1))
    assert points(events, "goods") == 6


def test_SO_1_start_castle_silver_workers_and_goods():
    s = solo()
    p = me(s)
    assert p.estate[CASTLE_SPACE] == kind("castle")
    assert (p.silver, p.workers, sum(p.goods)) == (1, 2, 3)


def test_SO_1_any_castle_space_may_take_the_start_castle():
    s = new_game(GameConfig(players=1, board_mode="free", modules=("solo",)))
    s.apply_chance(0)
    s.apply(("board", "34"))
    assert {a[1] for a in s.legal_actions()} == set(get_board("34").castle_spaces)


def test_SO_1_any_number_of_goods_types():
    s = solo(start_goods=[(1, 2, 3)])
    set_depot_goods(s, 2, {4: 1, 5: 1, 6: 1})
    store(s, "ship")
    set_dice(s, 1, 1)
    build(s, 7, "monastery1")
    s.apply(("place", 0, 0, 14))
    s.apply(("ship", 2))
    assert me(s).goods_types_held == 6


def test_SO_2_counter_and_target():
    assert solo_state(solo()).target == 50
    assert solo_state(solo(target="45")).target == 45
    assert solo_state(solo(target="55")).target == 55
    assert counter(solo()) == 0
    with pytest.raises(ValueError, match="target=50"):
        GameConfig(players=1, modules=("solo:target=60",))


@pytest.mark.parametrize("rules", ["special", "alea2019", "original"])
def test_SO_2_the_target_marker_starts_anywhere_from_45_to_55(rules):
    """SE l.879 (the same in ADV l.48): "Ist dir das Spiel zu schwer, platziere zu Beginn
    den Siegpunktemarker auf weniger als 50 Siegpunkten: 49, 48 ... 45 (deutlich
    leichter!). Ist es dir zu leicht, mach es gerade umgekehrt: 51, 52 ... 55 (deutlich
    schwerer!)." Every value between is a start, and none beyond."""
    for target in range(45, 56):
        assert solo_state(solo(rules=rules, target=str(target))).target == target
    assert GameConfig(players=1, rules=rules,
                      modules=("solo:target=52",)).modules == ("solo:target=52",)
    for wrong in ("44", "56", "52.5"):
        with pytest.raises(ValueError, match="takes one of"):
            GameConfig(players=1, rules=rules, modules=(f"solo:target={wrong}",))


# --- the turn -------------------------------------------------------------------------------

def test_SO_4_three_dice_are_rolled():
    s = solo(white=4, dice=(2, 5))
    assert s.white == 4 and me(s).dice == [2, 5]


def test_SO_5_SO_6_P_SO_9_goods_to_the_white_depot_then_its_first_tile_out():
    s = new_game(GameConfig(players=1, board_mode="free", modules=("solo",)))
    s.apply_chance(0)
    s.apply(("board", "33"))
    s.apply(("start_castle", CASTLE_SPACE))
    s.apply_chance((1, 2, 3))
    s.apply_chance(s.sample_chance(__import__("random").Random(1)))
    first = s.depots[2][0]
    events = s.apply_chance((3, 1, 2))
    assert sum(s.depot_goods[2]) == 1
    removed = of_type(events, "DepotTileRemoved")
    assert [(e.depot, e.slot) for e in removed] == [(3, 0)]
    assert s.depots[2][0] == -1 and first in s.box


def test_SO_6_P_SO_9_an_empty_depot_passes_the_removal_clockwise():
    # (derived) white die 3, depot 3 empty: depot 4's first tile goes.
    s = solo()
    pass_turn(s)
    s.depots[2] = [-1] * len(s.depots[2])
    s.depots[5] = [-1] * len(s.depots[5])
    s.depots[0][0] = -1
    s.depots[0][1] = -1
    first4 = s.depots[3][0]
    events = s.apply_chance((3, 1, 2))
    assert [(e.depot, e.slot) for e in of_type(events, "DepotTileRemoved")] == [(4, 0)]
    assert first4 in s.box
    s2 = solo()
    pass_turn(s2)
    for d in (5, 0):
        s2.depots[d] = [-1] * len(s2.depots[d])
    events = s2.apply_chance((6, 1, 2))
    assert [(e.depot, e.slot) for e in of_type(events, "DepotTileRemoved")] == [(2, 0)]


def test_SO_6_all_depots_empty_removes_nothing():
    s = solo()
    pass_turn(s)
    s.depots = [[-1] * len(d) for d in s.depots]
    events = s.apply_chance((2, 1, 2))
    assert not of_type(events, "DepotTileRemoved")


def test_SO_7a_P_SO_1_rivers_carry_placement_but_join_no_area():
    board = get_board("33")
    # ship 2 and ship 14 lie on two islands joined by a river
    assert board.neighbour_mask[2] >> 14 & 1
    assert board.area_of[2] != board.area_of[14]
    s = solo(dice=(6, 6))
    build(s, 7, "monastery1")
    build(s, 14, "ship")
    store(s, "ship")
    assert ("place", 0, 0, 2) in s.legal_actions()
    events = s.apply(("place", 0, 0, 2))
    assert points(events, "areas") == 1  # its own area of one, not joined to 14


def test_SO_7a_another_region_is_not_entered_without_a_river():
    board = get_board("33")
    # mine 3 (island of space 2) does not touch the start island (0, 1, 6, 7, 8, 13, 14)
    start_island = {0, 1, 6, 7, 8, 13, 14}
    assert not any(board.neighbour_mask[3] >> i & 1 for i in start_island)
    s = solo(dice=(5, 5))
    store(s, "mine")
    assert ("place", 0, 0, 3) not in s.legal_actions()
    refused(s, ("place", 0, 0, 3), "next to")


def _ship_ready(s):
    build(s, 7, "monastery1")
    store(s, "ship")
    set_dice(s, 1, 1)


def test_SO_7b_a_ship_takes_one_depot_and_wipes_the_others():
    # (derived) goods on depots 1 (2), 3 (1), 5 (1): taking depot 1 wipes 3 and 5.
    s = solo()
    s.depot_goods = [[0] * 7 for _ in range(6)]
    set_depot_goods(s, 1, {4: 2})
    set_depot_goods(s, 3, {5: 1})
    set_depot_goods(s, 5, {6: 1})
    _ship_ready(s)
    s.apply(("place", 0, 0, 14))
    events = s.apply(("ship", 1))
    assert me(s).goods[4] == 2
    assert not any(any(g) for g in s.depot_goods)
    wiped = of_type(events, "GoodsRemoved")[0].goods
    assert wiped == ((3, (5,)), (5, (6,)))
    assert solo_state(s).removed[5:7] == (1, 1)
    roundtrip(s)


def test_SO_7c_five_goods_for_a_black_tile_right_after_the_ship():
    s = solo()
    s.depot_goods = [[0] * 7 for _ in range(6)]
    set_depot_goods(s, 1, {4: 2})
    _ship_ready(s)
    s.apply(("place", 0, 0, 14))
    s.apply(("ship", 1))
    assert s.decision == "solo_trade"  # 3 start goods + 2 = 5
    wanted = s.black[1]
    events = s.apply(("trade", 1, (1, 2, 3, 4, 4)))
    assert sum(me(s).goods) == 0
    assert BLACK_TILE in me(s).storage
    assert solo_state(s).hidden == (wanted,) and solo_state(s).tokens == TOKENS - 1
    assert of_type(events, "BlackTileTraded") and of_type(events, "BlackTileStored")
    assert s.decision == "turn"
    roundtrip(s)


def test_SO_7c_no_trade_without_a_ship_P_SO_8_nor_with_fewer_than_5_goods():
    s = solo()
    set_goods(s, {1: 5})
    assert not any(a[0] == "trade" for a in s.legal_actions())
    refused(s, ("trade", 0, (1, 1, 1, 1, 1)), "only right after placing a ship")
    s = solo()
    s.depot_goods = [[0] * 7 for _ in range(6)]
    set_depot_goods(s, 1, {4: 1})
    _ship_ready(s)
    s.apply(("place", 0, 0, 14))
    s.apply(("ship", 1))
    assert s.decision == "turn"  # 4 goods: nothing to trade


def test_SO_7c_the_trade_is_offered_when_no_depot_holds_goods():
    s = solo()
    s.depot_goods = [[0] * 7 for _ in range(6)]
    set_goods(s, {1: 5})
    _ship_ready(s)
    s.apply(("place", 0, 0, 14))
    assert s.decision == "solo_trade"
    s.apply(("decline",))
    assert s.decision == "turn"


def test_SO_7d_a_black_tile_fills_any_colour_without_effect():
    # (derived) a black tile on the last space of a 1-space mine area in phase B:
    # the area's 1 + 8 phase points, no silver at the phase end.
    s = solo(dice=(5, 5))
    s.phase = 1
    store(s, "black_tile")
    solo_state_tokens(s)
    events = s.apply(("place", 0, 0, 13))
    assert points(events, "areas") == 1 and points(events, "phase_bonus") == 8
    assert me(s).colour_count[MINE] == 0  # no mine to pay silver
    assert not of_type(events, "ShipGoodsTaken")


def solo_state_tokens(s) -> None:
    """A black tile poked into storage comes from the face-down tokens."""
    st = solo_state(s)
    s.ext["solo"] = st._replace(tokens=st.tokens - 1, hidden=st.hidden + (kind("mine"),))
    s.bags[MINE].remove(kind("mine"))


def test_SO_7d_a_black_ship_takes_no_goods_and_offers_no_trade():
    s = solo(dice=(1, 1))
    build(s, 7, "monastery1")
    store(s, "black_tile")
    solo_state_tokens(s)
    set_goods(s, {1: 5})
    s.apply(("place", 0, 0, 14))
    assert s.decision == "turn" and sum(me(s).goods) == 5
    assert me(s).track_pos == 0


def test_SO_7e_monastery_26_scores_at_once_3_per_completed_colour():
    # (rulebook, SE l.868) two colours completed, monastery 26: +6.
    s = solo(dice=(3, 3))
    for space in get_board("33").spaces_of(get_board("33").colour_mask[CASTLE]):
        if space != CASTLE_SPACE:
            build(s, space, "castle")
    for space in (3, 13, 34):
        build(s, space, "mine")
    assert completed_colours(me(s)) == 2
    store(s, "monastery26")
    events = s.apply(("place", 0, 0, 7))
    assert points(events, "knowledge") == 6


def test_SO_7e_monastery_26_in_the_advent_form_scores_2_per_colour():
    s = solo(rules="original", dice=(3, 3))
    for space in (8, 11, 28):
        build(s, space, "castle")
    for space in (3, 13, 34):
        build(s, space, "mine")
    store(s, "monastery26")
    events = s.apply(("place", 0, 0, 7))
    assert points(events, "knowledge") == 4


def test_SO_7e_end_monasteries_score_once_not_at_the_end():
    s = solo(dice=(3, 3))
    me(s).sold[1] = 2
    me(s).sold[2] = 1
    store(s, "monastery25")
    events = s.apply(("place", 0, 0, 7))
    assert points(events, "knowledge") == 3
    me(s).sold[3] = 4
    s.apply(("workers", 1))
    at_last_turn(s, 4)
    events = s.apply(("end",))
    assert points(events, "knowledge") == 0
    assert s.is_terminal()
    assert unexplained(s) == [{"goods": 14}]  # the poked sales only: the monastery matches


def test_SO_7e_placed_end_monasteries_are_worth_nothing_more_at_the_end_to_anyone():
    """The final scoring, the breakdown and the AI's evaluation ask one function what the
    end monasteries are still worth: nothing in the solo game, once placed."""
    from game.ai.evaluate import Evaluator
    from game.rules.scoring import end_knowledge
    s = solo(dice=(3, 3))
    me(s).sold[1] = 2
    me(s).sold[2] = 1
    store(s, "monastery25")
    s.apply(("place", 0, 0, 7))
    assert me(s).knowledge >> 25 & 1
    assert end_knowledge(s, 0) == 0
    # the evaluation counts the placed monastery once, in the score
    without = s.clone()
    without.players[0].knowledge &= ~(1 << 25)
    assert Evaluator().value(s, 0) - Evaluator().value(without, 0) < 3


def test_SO_8_P_SO_2_the_black_depot_purchase_stays():
    s = solo()
    give(s, silver=2)
    assert any(a[0] == "buy" and a[1] == 0 for a in s.legal_actions())


def test_SO_3_SO_9_P_SO_7_a_completed_colour_gives_a_black_depot_tile_not_a_bonus():
    s = solo(dice=(5, 5))
    for space in (3, 34):
        build(s, space, "mine")
    store(s, "mine")
    s.black[0] = kind("castle")
    events = s.apply(("place", 0, 0, 13))
    assert not of_type(events, "BonusTileTaken") and me(s).bonus_tiles == []
    assert s.decision == "solo_reward"
    legal = s.legal_actions()
    # P-SO-7: any die number, but the colour and adjacency hold: castle 28 touches mine 34
    assert ("reward", 0, 28) in legal and ("decline",) in legal
    assert ("reward", 0, 8) not in legal
    refused(s, ("reward", 0, 8), "next to your tiles")
    events = s.apply(("reward", 0, 28))
    assert of_type(events, "RewardPlaced") and me(s).estate[28] == kind("castle")
    assert s.decision == CASTLE_ACTION  # with all its effects
    assert s.black[0] == -1


def test_SO_9_the_reward_can_complete_another_colour():
    s = solo(dice=(5, 5))
    for space in (3, 34):
        build(s, space, "mine")
    for space in (8, 11):
        build(s, space, "castle")
    store(s, "mine")
    s.black[0] = kind("castle")
    s.black[1] = kind("bank")
    s.apply(("place", 0, 0, 13))
    s.apply(("reward", 0, 28))  # the last castle: another reward below the castle's action
    s.apply(("decline",))
    assert s.decision == "solo_reward"


def test_SO_9_the_reward_lapses_when_nothing_fits():
    s = solo(dice=(5, 5))
    for space in (3, 34):
        build(s, space, "mine")
    store(s, "mine")
    s.black = [-1] * len(s.black)
    events = s.apply(("place", 0, 0, 13))
    assert [e.effect for e in of_type(events, "EffectLapsed")] == ["solo_reward"]
    assert s.decision == "turn"


def test_SO_10_reaching_the_target_resets_and_gives_an_extra_action():
    # (rulebook, SE l.871) target 50, counter 47, +5: counter 0, target 45 (2 points
    # lost) and one extra action.
    s = solo()
    set_score(s, 47)
    events: list = []
    score(s, 0, 5, "animals", events)
    assert counter(s) == 0 and solo_state(s).target == 45
    assert of_type(events, "TargetReached")[0].lost == 2
    assert ("extra",) in s.legal_actions()
    s.apply(("extra",))
    assert s.decision == CASTLE_ACTION
    assert solo_state(s).extra == 0


def test_SO_10_an_area_and_its_phase_bonus_are_one_gain_the_animals_another():
    """SE l.871: "Immer, wenn du Siegpunkte erhältst (identisch zum Basisspiel), rückst du
    deinen Zählstein entsprechend vor. ... Erreicht der Zählstein den Siegpunktemarker,
    stell den Zählstein umgehend zurück auf das große Wappen (übrige Siegpunkte
    verfallen)"; SE l.538: a completed area "gibt es dafür zweierlei Siegpunkte" at once.
    Counter 49, target 50: the one-space pasture's 1 and phase A's 10 are one gain of 11
    that reaches the target, 10 of it lost (the bonus does not survive the reset); the
    animals' 2 are a gain of their own and count anew."""
    s = solo(dice=(6, 6))
    set_score(s, 49)
    store(s, "cow2")
    events = s.apply(("place", 0, 0, 0))
    assert [e.lost for e in of_type(events, "TargetReached")] == [10]
    assert counter(s) == 2 and solo_state(s).resets == 1
    assert points(events, "areas", 0) == 1 and points(events, "phase_bonus", 0) == 10


def test_SO_10_an_area_short_of_the_target_moves_the_counter_by_both_kinds():
    """SE l.538-540: the area's points and the phase bonus; with counter 30 neither
    resets, and the counter moves by both (1 + 10) and the animals' 2."""
    s = solo(dice=(6, 6))
    set_score(s, 30)
    store(s, "cow2")
    s.apply(("place", 0, 0, 0))
    assert counter(s) == 43 and solo_state(s).resets == 0


def test_SO_10_buying_points_reaches_the_target():
    # (derived) target 50, counter 48, 2 silver: buy 2, counter 0, target 45, extra action.
    s = solo()
    set_score(s, 48)
    give(s, silver=2)
    assert ("buy_points", 2) in s.legal_actions() and ("buy_points", 3) not in s.legal_actions()
    events = s.apply(("buy_points", 2))
    assert me(s).silver == 0 and counter(s) == 0 and solo_state(s).target == 45
    assert solo_state(s).extra == 1 and of_type(events, "PointsBought")
    assert unexplained(s) == [{"areas": -48}]
    roundtrip(s)


def test_P_SO_3_points_are_bought_on_the_turn_not_without_silver():
    s = solo()
    give(s, silver=0)
    refused(s, ("buy_points", 1), "silver")


def test_P_SO_4_an_unused_extra_action_lapses_with_the_turn():
    s = solo()
    set_score(s, 49)
    give(s, silver=1)
    s.apply(("buy_points", 1))
    pass_turn(s)
    s.apply_chance((1, 1, 2))
    assert ("extra",) not in s.legal_actions()
    refused(s, ("extra",), "target marker")


def test_P_SO_6_the_target_stops_at_5():
    s = solo()
    st = solo_state(s)
    s.ext["solo"] = st._replace(target=5)
    give(s, silver=5)
    s.apply(("buy_points", 5))
    assert solo_state(s).target == 5 and solo_state(s).extra == 1


def test_SO_11_purchases_and_points_in_any_order():
    s = solo()
    give(s, silver=4)
    s.apply(("buy_points", 1))
    s.apply(("workers", 0))
    s.apply(("buy", 0, 0, "silver"))
    s.apply(("buy_points", 1))
    assert me(s).silver == 0


def test_SO_12_ships_move_the_marker_but_no_one_is_ordered():
    s = solo()
    s.depot_goods = [[0] * 7 for _ in range(6)]
    _ship_ready(s)
    s.apply(("place", 0, 0, 14))
    assert me(s).track_pos == 1 and s.order == [0]


def test_SO_13_P_SO_5_the_37th_space_wins_at_once():
    s = solo(dice=(6, 6))
    fill_but(s, {0})
    store(s, "cow2")
    events = s.apply(("place", 0, 0, 0))
    assert s.is_terminal() and s.phase == 0
    ended = of_type(events, "SoloGameEnded")[0]
    assert ended.won and ended.filled == 37
    assert solo_result(s).won
    roundtrip(s)


def test_SO_13_not_all_spaces_after_25_turns_loses():
    s = solo()
    at_last_turn(s, 4)
    events = s.apply(("end",))
    ended = of_type(events, "SoloGameEnded")[0]
    assert not ended.won and ended.filled == 1 and ended.target == 50


def test_the_solo_board_has_the_base_colour_counts():
    for board_id in ("33", "34"):
        b = get_board(board_id)
        assert dict(zip(COLOURS, b.colour_total)) == {
            "castle": 4, "mine": 3, "monastery": 6, "ship": 6, "pasture": 6, "building": 12}
        for i in range(SPACES):  # placing reaches both ways
            assert all(b.neighbour_mask[j] >> i & 1 for j in b.spaces_of(b.neighbour_mask[i]))


def test_a_solo_game_round_trips_through_json():
    s = solo()
    set_goods(s, {1: 2})
    st = solo_state(s)
    s.ext["solo"] = st._replace(removed=(0, 1, 0, 0, 0, 0, 0), bought=0)
    s.goods_pool[1] -= 1
    assert solo_state(roundtrip(s)).removed[1] == 1
