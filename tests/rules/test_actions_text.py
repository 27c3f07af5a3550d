"""Every action kind has a short text form that reads back to the same action."""

from __future__ import annotations

import pytest

from game.rules import action_text, parse_action

from .builders import build, game, give, store

EXAMPLES = {
    ("take", 0, 3, 1): "take 1 3/1",
    ("take", 2, 6, 0): "take c 6/0",
    ("place", 1, 2, 17): "place 2 s2@17",
    ("place", 2, 0, 36): "place c s0@36",
    ("sell", 0, 4): "sell 1 4",
    ("workers", 1): "workers 2",
    ("workers", 2): "workers c",
    ("buy", 0, 2, "silver"): "buy 0/2 silver",
    ("buy", 5, 1, "workers"): "buy 5/1 workers",
    ("end",): "end",
    ("decline",): "decline",
    ("discard", 2): "discard s2",
    ("ship", 3): "ship 3",
    ("ship", 6, 1): "ship 6+1",
    ("keep", (2, 5)): "keep 2,5",
    ("keep", (4,)): "keep 4",
    ("pick", 3, 1): "pick 3/1",
    ("warehouse", 4): "warehouse 4",
    ("city_hall", 0, 17): "city_hall s0@17",
    ("board", "4-classic"): "board 4-classic",
    ("start_castle", 18): "start_castle 18",
}


@pytest.mark.parametrize("action, text", EXAMPLES.items(), ids=lambda x: str(x))
def test_every_action_kind_round_trips(action: tuple, text: str) -> None:
    assert action_text(action) == text
    assert parse_action(text) == action


def test_every_kind_is_covered() -> None:
    assert {a[0] for a in EXAMPLES} == {
        "take", "place", "sell", "workers", "buy", "end", "decline", "discard", "ship", "keep",
        "pick", "warehouse", "city_hall", "board", "start_castle"}


@pytest.mark.parametrize("text", ["", "take", "take 3 1/1", "take 1 1-1", "place 1 17",
                                  "sell x 4", "buy 0/1 gold", "end now", "fly 1", "ship",
                                  "keep a,b", "discard 2"])
def test_unreadable_text_names_itself(text: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_action(text)
    assert repr(text) in str(err.value) or text == ""


def test_legal_actions_of_real_decisions_round_trip() -> None:
    s = game(dice=[(3, 3), (1, 1)])
    give(s, workers=3, silver=2)
    build(s, 17, "ship")
    store(s, "city_hall", "castle", "ship")
    for action in s.legal_actions():
        assert parse_action(action_text(action)) == action
    s.apply(("place", 0, 0, 11))
    for action in s.legal_actions():
        assert parse_action(action_text(action)) == action
