"""The AI's worth of the toy ferry (ferry.py): the better of its two fares, 1 silver or 2
workers, valued as the evaluation values silver and workers now."""

from __future__ import annotations

from game.ai.evaluate import EFFECT_VALUES

from . import ferry  # noqa: F401  (the rules' part first)


def _value_ferry(evaluator, state, p, k, f, silver_value, worker_value) -> float:
    return max(silver_value, 2 * worker_value)


EFFECT_VALUES["ferry"] = _value_ferry
