"""Search plays without listening: apply and apply_chance with listen=False build no
events and leave exactly the position that listening play leaves."""

from __future__ import annotations

import random

import pytest

from game.rules import RULE_SETS, GameConfig, new_game

CONFIGS = [GameConfig(players=n, rules=r) for r in RULE_SETS for n in (2, 4)] + [
    GameConfig(players=2, chateauma="hard+A+B+C+D"), GameConfig(players=3, chateauma="easy")]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.rules}-{c.players}-{c.chateauma}")
def test_quiet_play_leaves_the_same_positions(config):
    loud, quiet = new_game(config), new_game(config)
    chance, pick = random.Random(3), random.Random(4)
    while not loud.terminal:
        if loud.chance is not None:
            outcome = loud.sample_chance(chance)
            assert isinstance(loud.apply_chance(outcome), list)
            assert quiet.apply_chance(outcome, listen=False) is None
        else:
            action = pick.choice(loud.legal_actions())
            assert isinstance(loud.apply(action), list)
            assert quiet.apply(action, listen=False) is None
        assert quiet.to_json() == loud.to_json()
    assert quiet.terminal and quiet.ranking() == loud.ranking()
