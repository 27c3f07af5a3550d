"""The AI in the team game: the planning tiers weigh the team's foreseen sum against the
other team's, Easy values its team's sum, and all answer the team's own decision."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.ai.players import EasyPlayer
from game.rules.modules import team as tm

from ..rules.builders import at_last_turn, build, settle
from ..rules.test_module_team import shared, storage, team_game

BUDGET = {"medium": 2, "hard": 4}


def test_the_advantage_is_the_teams():
    s = team_game()
    e = Evaluator()
    before = e.advantage(s, 0)
    s.players[2].score += 10          # the partner's points are the team's
    assert e.advantage(s, 0) == pytest.approx(before + 10)
    s.players[3].score += 10          # an opponent's count against it
    assert e.advantage(s, 0) == pytest.approx(before)
    s.players[1].score += 4
    assert e.advantage(s, 0) == pytest.approx(before - 4)


def test_the_partners_advantages_agree_on_the_shared_holdings():
    s = team_game()
    build(s, 20, "monastery3", seat=0)
    shared(s)
    e = Evaluator()
    # both partners hold the same duchy, goods, silver and workers: the same team value
    # up to their own dice, storage and markers
    assert abs(e.advantage(s, 0) - e.advantage(s, 2)) < 15


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_the_planning_tiers_answer_where_a_tile_goes(tier):
    s = team_game()
    slot = next(i for i, k in enumerate(s.depots[0]) if k >= 0)
    s.apply(("take", 0, 1, slot))
    assert s.decision == tm.STORE_FRAME
    player = make_player(tier, seed=1, iterations=BUDGET[tier])
    assert player.choose(s) in s.legal_actions()


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_the_planning_tiers_place_for_the_team_across_the_join(tier):
    s = team_game(dice=[(6, 6), (1, 1), (1, 1), (1, 1)])
    storage(s, 0, None, None, "watchtower")   # a shared tile, placeable next to the castle
    player = make_player(tier, seed=1, iterations=BUDGET[tier])
    action = player.choose(s)
    assert action in s.legal_actions()
    assert action[0] == "place" and action[2] == 2  # the team's shared watchtower


def test_easy_values_its_teams_sum():
    """Easy aims at its side: in the team game the team's foreseen sum, not the seat's
    own record (nor does it weigh the other team, as it never weighs opponents)."""
    s = team_game()
    e = EasyPlayer().evaluator
    before = e.side_value(s, 0)
    assert before == pytest.approx(e.value(s, 0) + s.players[2].score)
    s.players[2].score += 10          # the partner's points are the team's
    assert e.side_value(s, 0) == pytest.approx(before + 10)
    s.players[3].score += 10          # an opponent's are not Easy's concern
    assert e.side_value(s, 0) == pytest.approx(before + 10)


def _last_turn_of_team_b():
    """Seat 3 (team B's second seat) at the game's last turn, both dice used: it may end
    the game or buy a black-depot tile it can no longer place. The team holds 4 silver,
    nothing else that scores; its leftovers score once, in seat 1's record (TM-10)."""
    s = team_game()
    at_last_turn(s, 4)
    assert s.current_player == 3
    p = s.players[1]
    p.silver, p.workers, p.goods = 4, 0, [0] * 7
    shared(s, 1)
    settle(s)
    return s


def test_easy_ends_the_game_where_the_teams_leftovers_score():
    s = _last_turn_of_team_b()
    legal = s.legal_actions()
    assert ("end",) in legal and any(a[0] == "buy" for a in legal)
    player = EasyPlayer(seed=3)
    player.noise = 0.0                # the valuation alone, without Easy's misjudgement
    e = player.evaluator
    ended, bought = s.clone(), s.clone()
    ended.apply(("end",), listen=False)
    bought.apply(next(a for a in legal if a[0] == "buy"), listen=False)
    # seat 3's own record gains nothing from the end (the leftovers are seat 1's), so a
    # player valuing only its seat would rather buy; the team loses 2 points by it
    assert e.value(ended, 3) < e.value(bought, 3)
    assert e.side_value(ended, 3) > e.side_value(bought, 3) + 1
    assert player.choose(s) == ("end",)


def test_easy_keeps_its_noise_in_the_team_game():
    s = _last_turn_of_team_b()
    choices = {EasyPlayer(seed=seed).choose(s) for seed in range(12)}
    assert ("end",) in choices and len(choices) > 1
