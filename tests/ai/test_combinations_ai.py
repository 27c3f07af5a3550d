"""The AI with modules together: shield 15's decision offering the top inn (P-IN-1)."""

from __future__ import annotations

import pytest

from game.ai import TIERS, make_player

from ..rules.builders import at_last_turn, give
from ..rules.test_module_combinations import combo, give_shield, with_inns

BUDGET = {"random": None, "easy": None, "medium": 2, "hard": 4}


def inn_pending():
    s = combo(("inns", "shields"), board="10")
    give_shield(s, 1, 15)
    with_inns(s, 1)
    at_last_turn(s, 0)
    s.black = [-1] * len(s.black)
    give(s, seat=1, silver=1)
    s.apply(("end",))
    return s


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_answers_shield_15_with_an_inn_on_offer(tier):
    s = inn_pending()
    assert {a[0] for a in s.legal_actions()} == {"shield_inn", "decline"}
    action = make_player(tier, seed=3, iterations=BUDGET[tier]).choose(s)
    assert action in s.legal_actions()
