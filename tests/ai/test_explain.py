"""Hints that explain (game/ai/explain.py): each fact is what the position shows, built
from small scenarios; the fallback when nothing specific applies; determinism."""

from __future__ import annotations

from game.ai.explain import Explanation, explain, explained_hint
from game.rules import (AREA_POINTS, GameConfig, PHASE_BONUS, colour_bonus_points,
                        goods_points_per_tile, new_game)
from tests.ai.positions import (goods_to_sell_on_last_turn, midgame_positions,
                                pasture_almost_complete, shuffled_supplies)
from tests.rules.builders import build, game, give, me, monasteries, set_depot, set_dice, store

# Board 1: the mine area (spaces 24, 29, 33) is every mine space of the board; space 33
# shows a 3. The pasture 0, 4, 5, 9, 10 has five spaces; space 10 shows a 4.
MINES = (24, 29)
LAST_MINE = 33


def kinds(e: Explanation) -> list[str]:
    return [r.kind for r in e.reasons]


def reason(e: Explanation, kind: str):
    return next(r for r in e.reasons if r.kind == kind)


def test_completing_an_area_is_explained_with_its_points():
    state = pasture_almost_complete(0, 0)
    e = explain(state, (("place", 0, 0, 10), ("workers", 1), ("end",)))
    assert e.main.kind == "area" and not e.main.later
    assert e.main.params == {"colour": "pasture", "size": 5}
    assert e.main.points == AREA_POINTS[5] + PHASE_BONUS[0]
    assert "animals" in kinds(e)  # the cow scores too, named after the area
    assert e.points == sum(r.points for r in e.reasons)


def test_a_later_action_of_the_turn_is_marked_later():
    state = pasture_almost_complete(0, 0)
    e = explain(state, (("workers", 1), ("place", 0, 0, 10), ("end",)))
    assert e.action == ("workers", 1)
    assert e.main.kind == "area" and e.main.later
    workers = reason(e, "workers")
    assert not workers.later and workers.params["amount"] == 2
    assert workers.params["used"] is False  # the cow's die needed no workers


def test_a_sale_names_silver_and_points():
    state = goods_to_sell_on_last_turn()
    e = explain(state, (("sell", 0, 5),))
    sale = e.main
    assert sale.kind == "sale" and not sale.later
    assert sale.params["goods"] == 5 and sale.params["count"] == 3
    assert sale.params["silver"] == 1 and sale.params["workers"] == 0
    assert sale.points == 3 * goods_points_per_tile(2)


def test_completing_a_colour_names_the_bonus_tile():
    state = game(players=2, mode="basic")
    for space in MINES:
        build(state, space, "mine")
    store(state, "mine")
    set_dice(state, 3, 1)
    e = explain(state, (("place", 0, 0, LAST_MINE), ("workers", 1), ("end",)))
    bonus = reason(e, "colour_bonus")
    assert bonus.params == {"colour": "mine", "rank": 1} and not bonus.later
    assert bonus.points == colour_bonus_points(2, 1)
    assert reason(e, "area").points == AREA_POINTS[3] + PHASE_BONUS[0]
    assert "mine" in kinds(e)  # and the mine's silver at the phase ends


def test_a_taken_tile_is_explained_by_the_space_it_fits():
    state = game(players=2, mode="basic")
    for space in MINES:
        build(state, space, "mine")
    set_depot(state, 1, ["mine", None])
    give(state, workers=0)
    e = explain(state, (("take", 0, 1, 0), ("workers", 1), ("end",)))
    take = e.main
    assert take.kind == "take"
    assert take.params["tile"] == "mine" and take.params["colour"] == "mine"
    assert take.params["size"] == 3 and take.params["missing"] == 1
    assert take.params["points"] == AREA_POINTS[3] + PHASE_BONUS[0]  # if placed this phase


def test_a_tile_an_opponent_needs_is_named():
    state = game(players=2, mode="basic")
    other = 1 - state.current_player
    for space in MINES:
        build(state, space, "mine")
        build(state, space, "mine", seat=other)
    set_depot(state, 1, ["mine", None])
    e = explain(state, (("take", 0, 1, 0), ("workers", 1), ("end",)))
    deny = reason(e, "deny")
    assert deny.params["seat"] == other and deny.params["size"] == 3


def test_a_tile_that_fits_nowhere_is_stored_for_later():
    state = game(players=2, mode="basic")
    set_depot(state, 1, ["sheep2", None])  # no pasture space lies beside the castle
    e = explain(state, (("take", 0, 1, 0), ("workers", 1), ("end",)))
    assert e.main.kind == "stored" and e.main.params["tile"] == "sheep2"


def test_a_building_an_end_monastery_counts_is_named():
    state = game(players=2, mode="basic")
    monasteries(state, 19)  # game end: 4 points for each church
    store(state, "church")
    set_dice(state, 3, 1)   # space 11 (a building space beside the castle) shows a 3
    p = me(state)
    assert p.estate[11] < 0 and p.board.colour[11] == 5
    e = explain(state, (("place", 0, 0, 11),))
    feeds = reason(e, "feeds_monastery")
    assert feeds.params["end_points"] == 4
    assert reason(e, "building").params["building"] == "church"


def test_placing_a_castle_names_its_extra_action():
    state = game(players=2, mode="basic")
    build(state, 11, "bank")  # space 6, a castle space showing a 6, lies beside it
    store(state, "castle")
    set_dice(state, 6, 1)
    assert me(state).board.colour[6] == 0
    e = explain(state, (("place", 0, 0, 6),))
    assert "castle" in kinds(e) and not reason(e, "castle").later


def test_nothing_specific_falls_back_on_the_evaluation():
    state = game(players=2, mode="basic")
    give(state, silver=0, workers=0)
    e = explain(state, (("workers", 0), ("workers", 1), ("end",)))
    assert kinds(e) == ["workers", "workers"] or kinds(e)[0] == "workers"
    state.players[state.current_player].used = [True, True]
    state._legal = None
    e = explain(state, (("end",),))
    assert e.reasons == () and e.points == 0
    assert e.gain is None  # no other move to compare with


def test_the_only_move_and_the_hint_are_deterministic():
    state = midgame_positions(3, every=11)[4]
    first = explained_hint(state, seed=2, iterations=4)
    again = explained_hint(state, seed=2, iterations=4)
    assert first == again
    assert first.action in state.legal_actions()
    assert first.turn[0] == first.action and first.how in ("search", "only")
    # Only public information: the same position with its supplies in another order.
    assert explained_hint(shuffled_supplies(state, 5), seed=2, iterations=4) == first


def test_an_only_move_is_said_to_be_one():
    state = game(players=2, mode="basic")
    state.players[state.current_player].used = [True, True]
    give(state, silver=0)
    state._legal = None
    assert state.legal_actions() == [("end",)]
    e = explained_hint(state, iterations=2)
    assert e.how == "only" and e.gain is None


def test_a_hint_is_explained_with_chateauma_and_with_modules():
    for config in (GameConfig(players=2, chateauma="medium+A+B"),
                   GameConfig(players=2, modules=("tiles2", "shields"))):
        state = new_game(config)
        rng_state = _first_turn(state)
        e = explained_hint(rng_state, iterations=2)
        assert e.action in rng_state.legal_actions()


def _first_turn(state):
    import random
    rng = random.Random(1)
    while state.chance is not None or state.phase < 0:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state



def test_placing_an_end_monastery_names_its_points_at_the_end():
    state = game(players=2, mode="basic")
    build(state, 11, "church")
    p = me(state)
    space = next(s for s in range(37) if p.board.colour[s] == 2 and p.frontier >> s & 1)
    store(state, "monastery19")  # game end: 4 points for each church
    set_dice(state, p.board.die[space], 1)
    e = explain(state, (("place", 0, 0, space),))
    end = reason(e, "monastery_end")
    assert end.params["number"] == 19 and end.params["end_points"] == 4


def test_a_ship_names_its_goods():
    state = game(players=2, mode="basic")
    store(state, "ship")
    set_dice(state, 2, 1)  # space 17, a ship space beside the castle, shows a 2
    e = explain(state, (("place", 0, 0, 17),))
    ship = reason(e, "ship")
    assert not ship.later and ship.params["goods"]
    assert ship.params["position"] == me(state).track_pos + 1


def test_a_setup_choice_settled_by_a_rule_of_thumb_says_so():
    """Hard lays its route cards by a rule of thumb (game/ai/routes.py), not by search: the
    hint must not claim a look-ahead it did not make."""
    from game.scenes.table.hint_text import explanation_text
    from tests.ai.test_trade_routes_ai import arranging
    s = arranging({5: 1})
    e = explained_hint(s, seed=1, iterations=4)
    assert e.how == "rule" and e.gain is None
    assert "lays first the cards whose first spaces show goods you hold" in explanation_text(
        e, ("A", "B", "C"), "special", "en")
