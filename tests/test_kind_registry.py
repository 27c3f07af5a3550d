"""Every tile kind the rules know is complete everywhere it matters: its placement effect
in the rules, Châteauma's bonus, the AI's value, its names, tooltip and icon in English
and German. A module's new kind fails here until each of these exists."""

import pytest

from game.ai.evaluate import EFFECT_VALUES, Evaluator
from game.rules import KINDS, GameConfig, new_game
from game.rules.extension import CHATEAUMA_BONUS, EFFECTS
from game.simulate import play_random_game


@pytest.mark.parametrize("kind", KINDS, ids=lambda t: t.name)
def test_every_kind_has_a_placement_effect_and_a_chateauma_bonus(kind):
    assert kind.effect in EFFECTS
    assert kind.chateauma in CHATEAUMA_BONUS


@pytest.mark.parametrize("kind", KINDS, ids=lambda t: t.name)
def test_every_kind_has_a_value_for_the_ai(kind):
    assert kind.effect in EFFECT_VALUES
    state = play_random_game(GameConfig(players=2, modules=("tiles2",)), seed=5).state
    value = Evaluator()._effect(state, state.players[0], kind.id, 0.5, 1.0, 0.5)
    assert isinstance(value, (int, float)) and value == value  # a number, not NaN


def test_every_kind_a_module_adds_comes_after_the_base_kinds_and_names_its_module():
    first_module = next(t.id for t in KINDS if t.module is not None)
    assert all(t.module is None for t in KINDS[:first_module])
    assert all(t.module is not None for t in KINDS[first_module:])
    assert [t.id for t in KINDS] == list(range(len(KINDS)))
    assert first_module == 49  # the base game's 49 kinds keep their ids in saved games
    assert new_game(GameConfig()).bags  # a base game still builds its supplies
