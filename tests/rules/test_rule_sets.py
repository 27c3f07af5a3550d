"""The four rule sets differ only in data (docs/rulings.md R1); the scenarios per difference live
with their mechanic (knowledge 6/15/26, purchase timing, boards 4 and 8, live scoring)."""

from __future__ import annotations

import pytest

from game.rules import RULE_SETS, GameConfig, rule_set

# docs/rulings.md R1, row by row: knowledge 6 purchase, knowledge 15 and 26 points, purchase during
# effects, board 4, board 8 (None = not offered), knowledge scored live.
R1 = {
    "special": ("buildings_for_workers", 2, 3, True, "4", "8", False),
    "alea2019": ("any_depot_workers_or_silver", 2, 3, False, "4-classic", "8-classic", False),
    "original": ("any_depot", 3, 2, False, "4-classic", "8-classic", False),
    "yucata": ("any_depot", 3, 2, False, "4-classic", None, True),
}


def test_the_four_rule_sets_and_the_default() -> None:
    assert RULE_SETS == ("special", "alea2019", "original", "yucata")
    assert GameConfig().rules == "special"


@pytest.mark.parametrize("rules", RULE_SETS)
def test_each_rule_set_matches_rulings_r1(rules: str) -> None:
    k6, k15, k26, during, four, eight, live = R1[rules]
    rs = rule_set(rules)
    assert (rs.knowledge_6, rs.knowledge_15_points, rs.knowledge_26_points) == (k6, k15, k26)
    assert rs.purchase_during_effects is during
    assert rs.knowledge_scored_live is live
    offered = GameConfig(rules=rules).offered_boards()
    assert rs.board_id("4") == four and four in offered
    if eight:
        assert rs.board_id("8") == eight and eight in offered
    else:
        assert not any(b.startswith("8") for b in offered)


@pytest.mark.parametrize("rules, words", [("special", "2 Arbeiterchips"),
                                          ("alea2019", "zwei Arbeiterchips"),
                                          ("original", "allen sieben Depots"),
                                          ("yucata", "allen sieben Depots")])
def test_monastery_6_is_worded_for_its_rule_set(rules: str, words: str) -> None:
    assert words in rule_set(rules).texts["k6_de"]


def test_an_unknown_rule_set_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="special, alea2019, original, yucata"):
        GameConfig(rules="bga")


@pytest.mark.parametrize("field, value, why", [("players", 5, "players must be 2, 3 or 4"),
                                               ("players", 1, "players must be 2, 3 or 4"),
                                               ("board_mode", "x", "unknown board mode 'x'")])
def test_a_bad_config_is_refused(field: str, value, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        GameConfig(**{field: value})
