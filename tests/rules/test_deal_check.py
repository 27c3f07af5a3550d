"""chance.check_deal: the one check of a module's dealt outcome (the trade-route cards,
the shields), and DEAL_JSON, its record form."""

from __future__ import annotations

import pytest

from game.rules.chance import DEAL_JSON, check_deal
from game.rules.state import IllegalAction


def _check(outcome):
    return check_deal("deal", outcome, (2, 0, 1), range(1, 6), "expected 2, 0 and 1 items",
                      "different items from 1-5")


def test_a_possible_deal_comes_back_as_tuples_in_the_order_given():
    assert _check([[3, 1], [], [5]]) == ((3, 1), (), (5,))


@pytest.mark.parametrize("outcome", [None, 7, ((1, 2), ()), ((1, 2), (), (3,), ()),
                                     ((1,), (), (3,)), ((1, 2), (4,), (3,)), ((1, 2), (), 3)])
def test_the_wrong_shape_is_refused(outcome):
    with pytest.raises(IllegalAction, match=r"^impossible 'deal' outcome: expected 2, 0 "):
        _check(outcome)


@pytest.mark.parametrize("outcome", [((1, 1), (), (3,)), ((1, 2), (), (6,)),
                                     ((1, True), (), (3,)), ((1, 2.0), (), (3,)),
                                     ((1, 2), (), (2,))])
def test_items_off_the_pool_or_twice_are_refused(outcome):
    with pytest.raises(IllegalAction, match=r"^impossible 'deal' outcome: different items "):
        _check(outcome)


def test_the_record_form_round_trips():
    dump, load = DEAL_JSON
    dealt = ((3, 1), (), (5,))
    assert dump(dealt) == [[3, 1], [], [5]]
    assert load(dump(dealt)) == dealt
