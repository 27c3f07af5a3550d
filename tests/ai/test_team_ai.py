"""The AI in the team game: the planning tiers weigh the team's foreseen sum against the
other team's, and answer the team's own decision."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator
from game.rules.modules import team as tm

from ..rules.builders import build
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
