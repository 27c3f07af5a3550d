"""Final scoring (leftover goods, silver, workers, end-game monasteries) and the winner:
most points, then most empty estate spaces, then later in turn order (docs/rulings.md R2)."""

from __future__ import annotations

from .builders import at_last_turn, build, game, give, monasteries, of_type, set_goods, store


def ended(s) -> list:
    at_last_turn(s, phase=4)
    events = s.apply(("end",))
    assert s.is_terminal() and s.legal_actions() == []
    return events


def test_leftover_goods_silver_and_workers_score() -> None:
    s = game(players=2)
    set_goods(s, {1: 2, 4: 1}, seat=0)
    give(s, seat=0, silver=5, workers=7)
    set_goods(s, {}, seat=1)
    give(s, seat=1, silver=0, workers=1)
    ended(s)
    assert s.score_breakdown(0) == {"leftover_goods": 3, "leftover_silver": 5,
                                    "leftover_workers": 3}  # 7 workers: 3 pairs
    assert s.score_breakdown(1) == {}


def test_tiles_in_storage_score_nothing() -> None:
    s = game(players=2)
    for seat in (0, 1):
        set_goods(s, {}, seat=seat)
        give(s, seat=seat, silver=0, workers=0)
    store(s, "monastery24", "cow4", "watchtower", seat=0)
    ended(s)
    assert s.scores() == [0, 0]


def test_end_game_monasteries_score_at_the_end() -> None:
    s = game(players=2)
    for seat in (0, 1):
        set_goods(s, {}, seat=seat)
        give(s, seat=seat, silver=0, workers=0)
    monasteries(s, 17, seat=0)
    build(s, 11, "watchtower", seat=0)
    assert s.scores() == [0, 0]
    ended(s)
    assert s.score_breakdown(0) == {"knowledge": 4}


def test_the_most_points_win() -> None:
    s = game(players=3)
    for seat, points in enumerate((10, 30, 20)):
        s.players[seat].score = points
    assert s.ranking() == [1, 2, 0]


def test_a_tie_goes_to_the_estate_with_more_empty_spaces() -> None:
    s = game(players=2)
    s.players[0].score = s.players[1].score = 50
    build(s, 24, "mine", seat=0)
    assert s.players[1].empty_spaces > s.players[0].empty_spaces
    assert s.ranking() == [1, 0]


def test_then_to_the_player_later_in_turn_order() -> None:
    s = game(players=3, start_player=1)  # turn order 1, 2, 0
    for p in s.players:
        p.score = 40
    assert s.ranking() == [0, 2, 1]


def test_the_game_end_reports_scores_and_ranking() -> None:
    s = game(players=2)
    for seat in (0, 1):
        set_goods(s, {}, seat=seat)
        give(s, seat=seat, silver=seat * 3, workers=0)
    end = of_type(ended(s), "GameEnded")[0]
    assert end.scores == (0, 3) and end.ranking == (1, 0)
