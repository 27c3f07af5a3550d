"""The table of action kinds (actions.py): one entry per kind gives its fields, its text
form and the decisions that allow it, and the error explanation derives from it."""

import random

import pytest

from game.rules import GameConfig, IllegalAction, new_game
from game.rules.actions import action_text, allowed_in, fields_of, parse_action
from game.rules.extension import ACTION_KINDS, LEGAL, MODULE_TYPES


def _walk(config: GameConfig, seed: int):
    """Every decision of one random game, with its legal actions."""
    rng = random.Random(seed)
    state = new_game(config)
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        yield state, legal
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players,rules,automa,modules", [
    (2, "special", None, ()), (3, "original", None, ()), (2, "yucata", "medium", ()),
    (4, "alea2019", None, ()),
    (2, "special", None, ("boards_11_18", "castle_connection", "tiles2")),
    (3, "original", "easy", ("castle_connection", "tiles2")), (2, "alea2019", None, ("tiles2",))])
def test_every_legal_action_is_a_kind_its_decision_allows_and_reads_back(players, rules, automa,
                                                                         modules):
    config = GameConfig(players=players, rules=rules, chateauma=automa, modules=modules)
    seen = set()
    for state, legal in _walk(config, seed=players * 7 + len(rules)):
        decision = state.decision
        for a in legal:
            kind = ACTION_KINDS[a[0]]
            assert decision in kind.decisions, (a, decision)
            assert kind.module is None or kind.module in state.hooks.by_id
            assert len(a) - 1 <= len(kind.fields)
            assert parse_action(action_text(a)) == a
            seen.add(a[0])
    assert {"take", "place", "sell", "workers", "end"} <= seen


def test_every_decision_the_rules_know_allows_some_kind_of_action():
    for decision in LEGAL:
        assert allowed_in(decision, MODULE_TYPES), decision


def test_a_modules_kinds_of_action_are_allowed_only_in_games_with_it():
    assert "buy_workers" not in allowed_in("turn")
    assert "buy_workers" in allowed_in("turn", {"tiles2"})


def test_fields_of_names_an_actions_fields():
    assert fields_of(("take", 0, 3, 1)) == {"die": 0, "depot": 3, "slot": 1}
    assert fields_of(("buy", 0, 2, "silver")) == {"depot": 0, "slot": 2, "payment": "silver"}
    assert fields_of(("end",)) == {}


def test_the_error_for_a_kind_the_decision_does_not_allow_lists_the_tables_kinds():
    config = GameConfig(players=2, rules="special", board_mode="basic")
    for state, legal in _walk(config, seed=3):
        if state.decision == "turn":
            break
    with pytest.raises(IllegalAction) as e:
        state.apply(("pick", 1, 0))
    assert "allowed here: " + ", ".join(allowed_in("turn")) in str(e.value)
    # The base game's kinds first; the modules' (castle_connection's retrieve) follow.
    assert allowed_in("turn")[:6] == ("take", "place", "sell", "workers", "buy", "end")


@pytest.mark.parametrize("text", ["take 1", "take 1 3/0 4", "end now", "buy 0/1 gold",
                                  "ship", "discard 2", "frobnicate 3"])
def test_text_that_does_not_fit_its_kind_is_refused(text):
    with pytest.raises(ValueError):
        parse_action(text)
