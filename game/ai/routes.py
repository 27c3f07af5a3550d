"""The AI's answer to the arranged trade routes (trade_routes:arranged): which of its
cards a seat lays next, from the left, at the setup.

The goods a seat holds at the setup (its start goods) are the ones it sells first, so
they land on the route's first spaces; the cards whose early spaces show those goods
types go first. Beyond them the goods sold are unknown (a sixth of a chance for each
type), and a space further right is less likely to be reached before the game ends, so
the cards with the richer bonuses come earlier. The planning tiers place greedily, card by
card, by that expectation; Easy looks only at each card's first space.
"""

from __future__ import annotations

from ..rules import ROUTE_ARRANGE, ROUTE_CARDS, Action, GameState
from .evaluate import Evaluator

# How much a space one further right is worth against its left neighbour: a route is
# seldom full by the game's end.
REACH = 0.95
UNKNOWN = 1 / 6   # the chance that a later sale's tile shows a given goods type


def _bonus_values(state: GameState, seat: int, evaluator: Evaluator) -> dict[str, float]:
    """Each bonus valued as the evaluation values it at the game's start."""
    w = evaluator.w
    p = state.players[seat]
    silver, workers = w.silver_late + w.silver_early, w.worker_late + w.worker_early
    bonuses = {b for card in ROUTE_CARDS.values() for _, b in card}
    return {b: evaluator.route_bonus(state, p, b, 1.0, silver, workers) for b in bonuses}


def _expected(card: int, position: int, goods: list[int], values: dict[str, float]) -> float:
    """A card laid at `position`: its bonuses by the chance each space's goods type is
    laid on it."""
    held = sum(goods[1:])
    total = 0.0
    for j, (g, bonus) in enumerate(ROUTE_CARDS[card]):
        i = 3 * position + j
        chance = goods[g] / held if i < held else UNKNOWN
        total += chance * REACH ** i * values[bonus]
    return total


def arrange_choice(state: GameState, evaluator: Evaluator, simple: bool = False
                   ) -> Action | None:
    """The next card of the seat's route, keeping the rest when they already lie best;
    None when the decision is another one."""
    if state.decision != ROUTE_ARRANGE:
        return None
    frame = state.frames[-1]
    seat, position = frame.player, frame.arg
    left = [a[1] for a in state.legal_actions() if a[0] == "route_card"]
    goods = state.players[seat].goods
    if simple:
        # Easy: the first card whose first space shows the goods type it holds most of;
        # otherwise the cards lie as dealt.
        most = max(range(1, 7), key=lambda g: goods[g])
        match = [c for c in left if goods[most] and ROUTE_CARDS[c][0][0] == most]
        return ("route_card", match[0]) if match else ("route_keep",)
    values = _bonus_values(state, seat, evaluator)
    # Ties keep the order dealt (max keeps the first best).
    best = max(left, key=lambda c: _expected(c, position, goods, values))
    return ("route_card", best) if best != left[0] else _keep_or(left, position, goods,
                                                                 values)


def _keep_or(left: list[int], position: int, goods: list[int],
             values: dict[str, float]) -> Action:
    """The best card is the next one dealt: keep the rest when every later card also
    lies where the greedy order would lay it, else lay just this one."""
    order = list(left)
    for k in range(len(order)):
        rest = order[k:]
        best = max(rest, key=lambda c: _expected(c, position + k, goods, values))
        if best != rest[0]:
            return ("route_card", left[0])
    return ("route_keep",)
