"""The round and the turn: goods by the white die, two die actions, workers changing dice."""

from __future__ import annotations

import pytest

from game.rules import IllegalAction

from .builders import game, give, me, of_type, pass_turn, roll_outcome


def die_actions(state, die: int) -> list:
    return [a for a in state.legal_actions()
            if a[0] in ("take", "place", "sell", "workers") and a[1] == die]


def test_the_white_die_puts_the_rounds_goods_on_its_depot() -> None:
    s = game(white=4, goods=(5, 1, 2, 3, 6))
    assert s.depot_goods[3][1:] == [0, 0, 0, 0, 1, 0]
    assert sum(map(sum, s.depot_goods)) == 1
    pass_turn(s)
    pass_turn(s)
    assert s.chance == "roll"
    s.apply_chance(roll_outcome(4, [(1, 2), (1, 2)]))
    assert s.depot_goods[3][1:] == [1, 0, 0, 0, 1, 0]  # the second round's goods, same depot
    s2 = game(white=6, goods=(2, 1, 1, 1, 1))
    assert s2.depot_goods[5][2] == 1


def test_a_round_gives_every_player_one_turn_in_track_order() -> None:
    s = game(players=3, start_player=1)
    seen = []
    for _ in range(3):
        seen.append(s.current_player)
        pass_turn(s)
    assert seen == [1, 2, 0]
    assert s.chance == "roll" and s.round == 1


def test_a_turn_is_exactly_two_die_actions() -> None:
    s = game(dice=[(3, 5), (1, 1)])
    assert ("end",) not in s.legal_actions()
    s.apply(("workers", 0))
    assert ("end",) not in s.legal_actions()
    assert not die_actions(s, 0)
    s.apply(("workers", 1))
    assert not die_actions(s, 0) and not die_actions(s, 1)
    assert ("end",) in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(("workers", 1))


def test_the_dice_may_be_used_in_either_order() -> None:
    s = game(dice=[(3, 5), (1, 1)])
    assert ("workers", 1) in s.legal_actions()
    s.apply(("workers", 1))
    assert ("workers", 0) in s.legal_actions()


def test_both_dice_may_take_the_same_action() -> None:
    s = game(dice=[(3, 5), (1, 1)])
    before = me(s).workers
    s.apply(("workers", 0))
    s.apply(("workers", 1))
    assert me(s).workers == before + 4


def test_take_workers_with_any_number() -> None:
    for value in range(1, 7):
        s = game(dice=[(value, value), (1, 1)])
        before = me(s).workers
        events = s.apply(("workers", 0))
        assert me(s).workers == before + 2
        assert of_type(events, "DieUsed")[0].workers == 0


def test_annas_example_two_workers_turn_a_2_into_a_6() -> None:
    s = game(dice=[(2, 5), (1, 1)])
    give(s, workers=2)
    assert ("take", 0, 6, 0) in s.legal_actions()
    events = s.apply(("take", 0, 6, 0))
    assert me(s).workers == 0
    used = of_type(events, "DieUsed")[0]
    assert (used.value, used.workers) == (6, 2)


def test_one_worker_changes_a_die_by_exactly_one() -> None:
    s = game(dice=[(2, 5), (1, 1)])
    give(s, workers=1)
    depots = {a[2] for a in die_actions(s, 0) if a[0] == "take"}
    assert depots == {1, 2, 3}  # 2 itself, 2-1 and 2+1; 6 would need two workers


def test_no_workers_no_change() -> None:
    s = game(dice=[(2, 5), (1, 1)])
    give(s, workers=0)
    assert {a[2] for a in die_actions(s, 0) if a[0] == "take"} == {2}


@pytest.mark.parametrize("die, depot", [(6, 1), (1, 6)])
def test_changing_between_1_and_6_costs_one_worker(die: int, depot: int) -> None:
    s = game(dice=[(die, die), (1, 1)])
    give(s, workers=1)
    events = s.apply(("take", 0, depot, 0))
    assert of_type(events, "DieUsed")[0].workers == 1
    assert me(s).workers == 0


def test_several_workers_may_change_one_die() -> None:
    s = game(dice=[(1, 1), (1, 1)])
    give(s, workers=2)
    events = s.apply(("take", 0, 3, 0))
    assert of_type(events, "DieUsed")[0].workers == 2
    assert me(s).workers == 0


def test_a_roll_readies_every_players_two_dice() -> None:
    s = game(players=3, dice=[(1, 2), (3, 4), (5, 6)])
    assert [p.used for p in s.players] == [[False, False]] * 3
    assert [list(p.dice) for p in s.players] == [[1, 2], [3, 4], [5, 6]]
