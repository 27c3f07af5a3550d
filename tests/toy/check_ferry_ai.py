"""The AI plays the toy ferry (ferry.py, ferry_ai.py): it values the tile through the
evaluation's table of effects and answers the fare decision."""

from __future__ import annotations

from game.ai import make_player
from game.ai.tournament import parse_seats, play_game
from game.rules import GameConfig

from . import ferry_ai  # noqa: F401  (registers the module and its worth)
from .check_ferry_rules import ferry_game, place_ferry


def test_an_ai_answers_the_fare_decision_with_a_legal_fare():
    s = ferry_game()
    place_ferry(s)
    for tier in ("easy", "medium"):
        assert make_player(tier, seed=1).choose(s) in [("fare", 0), ("fare", 1)]


def test_ai_games_with_the_ferry_play_to_the_end():
    config = GameConfig(players=2, modules=("ferry",))
    seats = parse_seats("medium,easy")[0]
    for seed in range(2):
        result = play_game(config, seats, seed, 0)
        assert len(result.scores) == 2 and max(result.scores) > 0
