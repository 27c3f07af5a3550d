"""The end of a phase: mines pay silver, the depots are cleared (goods stay), the next
phase is dealt; after phase E the game ends."""

from __future__ import annotations

from .builders import at_last_turn, build, game, kind, of_type, phase_outcome


def test_each_mine_pays_one_silver_at_the_end_of_a_phase() -> None:
    s = game(players=2)
    build(s, 24, "mine", seat=0)
    build(s, 29, "mine", seat=0)
    build(s, 24, "mine", seat=1)
    silver = [p.silver for p in s.players]
    at_last_turn(s, phase=0)
    s.apply(("end",))
    assert [p.silver for p in s.players] == [silver[0] + 2, silver[1] + 1]
    assert s.phase == 1 and s.chance == "phase"


def test_mines_pay_at_the_end_of_every_phase_including_the_last() -> None:
    s = game(players=2)
    build(s, 24, "mine", seat=1)
    silver = s.players[1].silver
    for phase in range(4):
        at_last_turn(s, phase)
        s.apply(("end",))
        assert s.players[1].silver == silver + phase + 1
        s.apply_chance(phase_outcome(s))
        s.apply_chance((1, 1, 1, 1, 1))
    at_last_turn(s, 4)
    events = s.apply(("end",))
    assert [e.amount for e in of_type(events, "SilverTaken")] == [1]
    assert s.is_terminal() and s.players[1].silver == silver + 5


def test_no_mines_no_silver() -> None:
    s = game(players=2)
    silver = [p.silver for p in s.players]
    at_last_turn(s, phase=0)
    events = s.apply(("end",))
    assert [p.silver for p in s.players] == silver and not of_type(events, "SilverTaken")


def test_the_depots_are_cleared_but_their_goods_stay() -> None:
    s = game(players=2, white=3, goods=(6, 1, 1, 1, 1))
    left = [k for row in (*s.depots, s.black) for k in row if k >= 0]
    at_last_turn(s, phase=0)
    events = s.apply(("end",))
    assert s.depots == [[]] * 6 and s.black == []
    assert sorted(s.box) == sorted(left)  # back into the box, not the supply
    assert s.depot_goods[2][6] == 1
    assert len(of_type(events, "DepotsCleared")[0].tiles) == len(left)


def test_the_next_phase_deals_new_tiles_and_goods() -> None:
    s = game(players=2)
    at_last_turn(s, phase=0)
    s.apply(("end",))
    s.apply_chance(phase_outcome(s, depots={(1, 1): "ship"}, goods=(6, 6, 6, 6, 6)))
    assert s.depots[0][1] == kind("ship") and sum(len(r) for r in s.depots) == 12
    assert s.round_goods == [6, 6, 6, 6, 6] and len(s.black) == 4
    assert s.chance == "roll" and s.round == 0
