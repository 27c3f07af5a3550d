"""`trade_routes`: the trade routes (SE l.787-793, A19
l.940-957, X11 l.80-84).

- TR-0: every player is dealt 5 / 4 / 3 route cards (2 / 3 / 4 seats), laid in one row in
  the order dealt; each card has 3 spaces showing a goods type and a bonus. The Special
  Edition's option `trade_routes:arranged` (SE l.791) lets each player, one after the
  other in turn order, lay their own cards in the order they like: a decision per card
  from the left (which of the cards not yet laid comes next, or the rest as dealt).
- TR-1, TR-4: a sale pays as usual; then its tiles go one by one onto the seller's first
  empty route spaces, from the left; once every space is covered, sold tiles go to the
  sold pile again. Tiles on the route stay sold goods (p.sold counts them), so
  monasteries 15 and 25 and the goods' scoring count them (TR-5, P-TR-2).
- TR-2, TR-3 (P-TR-1): a tile on a space of its own goods type gives that space's bonus;
  every tile of the sale is laid first, then the bonuses are resolved from left to right.
  The bonuses that ask for a decision (take a tile, sell goods) wait on the stack with the
  leftmost on top; the others (workers, silver, points) ask nothing and touch nothing a
  decision could change, so they are paid at once.
- TR-6: the bonuses are the buildings' effects (data/trade_routes.json); a tile to take
  that no numbered depot offers lapses; a take may be declined (R5).
- TR-8: shields 9 and 12 change the sale itself (the `sale` plug point), never a bonus.
- CH-TR: Châteauma has no route; each of its sales scores 1 point more (the `sale` plug
  point), per sale, not per tile.

The cards are stand-ins (docs/rulings.md R9): the printed ones are not public. The data file says
so, and the setup screen names them provisional components.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import events as ev
from ..actions import allow_action, parse_no_args, parse_one_int, register_action
from ..chance import DEAL_JSON, check_deal
from ..data import load_json
from ..engine import DECLINE, WAREHOUSE_SALE, gain_workers, score
from ..events import EVENT_TYPES
from ..extension import APPLY, CHANCE_APPLY, CHANCE_JSON, CHANCE_SAMPLE, LEGAL, Module, register
from ..state import Frame
from ..tiles import COLOUR_BY_NAME, KIND_COLOUR

ID = "trade_routes"
DATA = load_json("trade_routes.json")
PROVISIONAL: bool = bool(DATA.get("provisional"))
BONUSES: dict[str, dict] = DATA["bonuses"]
# Card number -> its three spaces as (goods type, bonus name), left to right.
CARDS: dict[int, tuple[tuple[int, str], ...]] = {
    c["card"]: tuple((s["goods"], s["bonus"]) for s in c["spaces"]) for c in DATA["cards"]}
DEALT = {int(n): c for n, c in DATA["dealt_per_player"].items()}
DEAL_STEP = "trade_routes"
PICK_FRAME = "route_pick"          # a bonus that takes a tile: which one
ARRANGE_FRAME = "route_arrange"    # trade_routes:arranged: the next card of a route
ARRANGED = "arranged"              # the parameter value of the Special Edition's option
CATEGORY = "trade_routes"          # the route's points bonuses and Châteauma's sale point
AUTOMA_SALE_POINTS = 1             # CH-TR-1 (SE l.1264)


# --- events ---

class RoutesDealt(NamedTuple):
    player: int
    cards: tuple[int, ...]   # left to right


class GoodsOnRoute(NamedTuple):
    """Sold tiles laid on the seller's route (the rest, if any, go to the sold pile)."""
    player: int
    goods: int
    first: int               # the first route space they cover (0 = leftmost)
    count: int  # type: ignore[assignment]  # a field named like tuple.count


class RouteBonus(NamedTuple):
    player: int
    space: int               # the route space whose bonus it is
    bonus: str               # its name in data/trade_routes.json
    amount: int              # workers, silver or points; 0 for the others


class RouteBonusLapsed(NamedTuple):
    player: int
    space: int
    bonus: str


class RouteCardLaid(NamedTuple):
    """trade_routes:arranged: a player chose the card at `position` of their route (0 =
    leftmost)."""
    player: int
    card: int
    position: int


class RouteArranged(NamedTuple):
    """trade_routes:arranged: a player's route is laid, left to right; `kept` counts the
    cards left in the order dealt (the last one, or the rest kept as dealt)."""
    player: int
    cards: tuple[int, ...]
    kept: int


EVENT_TYPES.update({cls.__name__: cls for cls in (RoutesDealt, GoodsOnRoute, RouteBonus,
                                                 RouteBonusLapsed, RouteCardLaid,
                                                 RouteArranged)})


class Held(NamedTuple):
    """Per seat: the route's cards left to right (() for Châteauma) and the goods types
    laid on its spaces from the left; the sales Châteauma made (its extra points)."""
    routes: tuple[tuple[int, ...], ...] = ()
    laid: tuple[tuple[int, ...], ...] = ()
    automa_sales: int = 0


def held(state) -> Held:
    return state.ext[ID]


def route_spaces(state, seat: int) -> list[tuple[int, str]]:
    """Seat's route spaces, left to right: (goods type, bonus name)."""
    h = held(state)
    if seat >= len(h.routes):
        return []
    return [space for card in h.routes[seat] for space in CARDS[card]]


def route_cards(state, seat: int) -> tuple[int, ...]:
    """Seat's route cards, left to right; none before the deal and for Châteauma."""
    h = held(state)
    return h.routes[seat] if seat < len(h.routes) else ()


def laid(state, seat: int) -> tuple[int, ...]:
    h = held(state)
    return h.laid[seat] if seat < len(h.laid) else ()


def on_route(state, seat: int, goods: int) -> int:
    """How many of seat's sold tiles of a type lie on the route (the sold pile holds the
    rest of p.sold[goods])."""
    return laid(state, seat).count(goods)


def _per_seat(values: tuple, seat: int, value) -> tuple:
    out = list(values)
    out[seat] = value
    return tuple(out)


def _colours(bonus: str) -> frozenset[int]:
    return frozenset(COLOUR_BY_NAME[c] for c in BONUSES[bonus].get("colours", ()))


def _takeable(state, colours: frozenset[int]) -> list[tuple[int, int]]:
    return [(d, s) for d, depot in enumerate(state.depots, 1) for s, k in enumerate(depot)
            if k >= 0 and KIND_COLOUR[k] in colours]


# --- TR-0: the deal --------------------------------------------------------------------------

def _humans(state) -> list[int]:
    return [s for s in range(state.n) if s != state.config.chateauma_seat]


def _sample_deal(state, rng) -> tuple:
    per = DEALT[state.n]
    seats = _humans(state)
    drawn = rng.sample(sorted(CARDS), per * len(seats))
    out = [()] * state.n
    for i, seat in enumerate(seats):
        out[seat] = tuple(drawn[i * per:(i + 1) * per])
    return tuple(out)


def _apply_deal(state, outcome: Any, events: list | None) -> None:
    per = DEALT[state.n]
    seats = _humans(state)
    routes = check_deal(DEAL_STEP, outcome, [per if s in seats else 0 for s in range(state.n)],
                        CARDS, f"expected {per} route cards for each player (none for "
                        f"Châteauma)", f"different cards from 1-{len(CARDS)}")
    state.ext[ID] = Held(routes, ((),) * state.n, 0)
    if events is not None:
        for seat in seats:
            events.append(RoutesDealt(seat, routes[seat]))
    if arranged(state):
        # SE l.791: the cards dealt, each player lays their own, one after the other in
        # turn order (TR-0 above). Here, right after the deal, every other setup
        # choice is made (duchy, start castle) and the start goods are known, so a player
        # arranges knowing which goods they will sell first, as at the table, where the
        # cards go below the tableau already chosen; and it is done before the first
        # phase's depots are filled, which the setup does not show yet. The setup steps
        # after this one (another module's, Châteauma's) wait until the last route lies.
        state.chance = None
        _next_arranger(state, None, events)
        return
    state.chance = state.hooks.after_setup(DEAL_STEP)


# --- TR-0, SE option: the players arrange their routes -----------------------------------------

def arranged(state) -> bool:
    """Whether the players lay their own cards (trade_routes:arranged, Special Edition)."""
    module = state.hooks.by_id.get(ID)
    return module is not None and module.param == ARRANGED


def unplaced(state, seat: int, position: int) -> tuple[int, ...]:
    """Seat's cards not yet laid, while its route is arranged up to `position`: they lie
    after the laid ones, in the order dealt."""
    return held(state).routes[seat][position:]


def _next_arranger(state, after: int | None, events: list | None) -> None:
    """The next seat in turn order after `after` (None: the first) arranges its route;
    after the last, the setup goes on."""
    seats = [s for s in state.order if s != state.config.chateauma_seat
             and len(held(state).routes[s]) > 1]
    at = 0 if after is None else seats.index(after) + 1
    if at < len(seats):
        state.frames.append(Frame(ARRANGE_FRAME, seats[at], 0))
        if events is not None:
            events.append(ev.TurnStarted(seats[at]))
        return
    state.chance = state.hooks.after_setup(DEAL_STEP)


def _legal_arrange(state, frame: Frame) -> list:
    out: list = [("route_card", c) for c in unplaced(state, frame.player, frame.arg)]
    out.append(("route_keep",))
    return out


def _arranged_done(state, seat: int, kept: int, events: list | None) -> None:
    if events is not None:
        events.append(RouteArranged(seat, held(state).routes[seat], kept))
    _next_arranger(state, seat, events)


def _apply_route_card(state, frame: Frame, action: tuple, events: list | None) -> None:
    seat, position, card = frame.player, frame.arg, action[1]
    h = held(state)
    route = h.routes[seat]
    rest = tuple(c for c in route[position:] if c != card)
    state.ext[ID] = h._replace(routes=_per_seat(h.routes, seat, route[:position] + (card,) + rest))
    if events is not None:
        events.append(RouteCardLaid(seat, card, position))
    if len(rest) > 1:
        state.frames.append(Frame(ARRANGE_FRAME, seat, position + 1))
    else:
        _arranged_done(state, seat, len(rest), events)  # the last card needs no choice


def _apply_route_keep(state, frame: Frame, action: tuple, events: list | None) -> None:
    _arranged_done(state, frame.player, len(unplaced(state, frame.player, frame.arg)), events)


# --- TR-1..TR-4: a sale onto the route --------------------------------------------------------

def _lay(state, seat: int, goods: int, count: int, events: list | None) -> None:
    spaces = route_spaces(state, seat)
    before = laid(state, seat)
    first = len(before)
    n = min(count, len(spaces) - first)
    if n <= 0:
        return  # TR-4: a full route; the tiles stay on the sold pile
    h = held(state)
    state.ext[ID] = h._replace(laid=_per_seat(h.laid, seat, before + (goods,) * n))
    if events is not None:
        events.append(GoodsOnRoute(seat, goods, first, n))
    matched = [i for i in range(first, first + n) if spaces[i][0] == goods]
    asks = []
    for i in matched:  # P-TR-1: left to right, once every tile lies
        bonus = spaces[i][1]
        spec = BONUSES[bonus]
        effect = spec["effect"]
        amount = spec.get("amount", 0)
        if effect == "take":
            if not _takeable(state, _colours(bonus)):
                if events is not None:
                    events.append(RouteBonusLapsed(seat, i, bonus))
                continue
            asks.append(Frame(PICK_FRAME, seat, i))
        elif effect == "sell":
            if not any(state.players[seat].goods):
                if events is not None:
                    events.append(RouteBonusLapsed(seat, i, bonus))
                continue
            asks.append(Frame(WAREHOUSE_SALE, seat))
        if events is not None:
            events.append(RouteBonus(seat, i, bonus, amount))
        if effect == "workers":
            gain_workers(state, seat, amount, None, events)
        elif effect == "silver":
            state.players[seat].silver += amount
        elif effect == "points":
            score(state, seat, amount, CATEGORY, events)
    state.frames += reversed(asks)  # the leftmost bonus is answered first


def _legal_pick(state, frame: Frame) -> list:
    bonus = route_spaces(state, frame.player)[frame.arg][1]
    out: list = [("pick", d, s) for d, s in _takeable(state, _colours(bonus))]
    out.append(DECLINE)
    return out


# --- the module --------------------------------------------------------------------------

@register
class TradeRoutes(Module):
    id = ID
    setup_chance = DEAL_STEP
    effect_frames = (PICK_FRAME,)
    setup_frames = (ARRANGE_FRAME,)

    def check_state(self, state) -> str | None:
        for f in state.frames:
            if f.kind == ARRANGE_FRAME:
                fits = type(f.arg) is int and 0 <= f.arg < len(unplaced(state, f.player, 0))
            elif f.kind == PICK_FRAME:
                fits = type(f.arg) is int and 0 <= f.arg < len(route_spaces(state, f.player))
            else:
                continue
            if not fits:
                return f"decision {f.kind!r} with {f.arg!r}"
        return None

    def new_ext(self) -> Held:
        return Held()

    def ext_to_json(self, value: Held) -> Any:
        return {"routes": [list(r) for r in value.routes],
                "laid": [list(r) for r in value.laid],
                "automa_sales": value.automa_sales}

    def ext_from_json(self, data: Any) -> Held:
        routes = tuple(tuple(r) for r in data["routes"])
        placed = tuple(tuple(r) for r in data["laid"])
        sales = data["automa_sales"]
        if routes or placed:
            if len(routes) != len(placed):
                raise ValueError("trade_routes: routes and laid goods differ in seats")
            for r, goods in zip(routes, placed):
                if any(type(c) is not int or c not in CARDS for c in r):
                    raise ValueError(f"trade_routes: cards {list(r)!r}")
                if len(goods) > 3 * len(r) or any(type(g) is not int or not 1 <= g <= 6
                                                  for g in goods):
                    raise ValueError(f"trade_routes: goods {list(goods)!r} on cards {list(r)!r}")
        if type(sales) is not int or sales < 0:
            raise ValueError(f"trade_routes: automa_sales {sales!r}")
        return Held(routes, placed, sales)

    def public(self, state) -> tuple:
        return tuple(held(state))  # TR-7: routes are public

    def frame_arg_to_json(self, frame: Frame) -> Any:
        return frame.arg

    def sale(self, state, seat: int, count: int, silver: int, workers: int,
             points: int) -> tuple[int, int, int]:
        """CH-TR-1: a point more for each of Châteauma's sales (counted for recompute)."""
        if seat == state.config.chateauma_seat and count:
            h = held(state)
            state.ext[ID] = h._replace(automa_sales=h.automa_sales + 1)
            points += AUTOMA_SALE_POINTS
        return silver, workers, points

    def goods_sold(self, state, seat: int, goods: int, count: int,
                   events: list | None) -> None:
        if seat != state.config.chateauma_seat and count:
            _lay(state, seat, goods, count, events)

    def explain(self, state, action: tuple) -> str | None:
        frame = state.frames[-1] if state.frames else None
        op = action[0] if action else None
        if op in ("route_card", "route_keep") and (frame is None
                                                   or frame.kind != ARRANGE_FRAME):
            if not arranged(state):
                return ("route cards are laid in the order dealt: only the Special "
                        "Edition's option trade_routes:arranged lets players arrange them")
            return "the routes are arranged at the setup, before the first phase"
        if frame is not None and frame.kind == ARRANGE_FRAME:
            left = unplaced(state, frame.player, frame.arg)
            if op == "route_card":
                cards = ", ".join(map(str, left))
                return (f"player {frame.player} lays the card at position {frame.arg + 1} of "
                        f"the route: choose one of their cards not yet laid ({cards}), or "
                        f"keep the rest as dealt (route_keep)")
            return None
        if frame is None or frame.kind != PICK_FRAME:
            return None
        if action and action[0] == "pick":
            bonus = route_spaces(state, frame.player)[frame.arg][1]
            names = ", ".join(BONUSES[bonus]["colours"])
            return (f"the trade route's bonus takes a {names} tile from a numbered depot "
                    f"(or decline it)")
        return None

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        if seat == state.config.chateauma_seat:
            out["goods"] += AUTOMA_SALE_POINTS * held(state).automa_sales
            return
        spaces = route_spaces(state, seat)
        for i, goods in enumerate(laid(state, seat)):
            g, bonus = spaces[i]
            if g == goods and BONUSES[bonus]["effect"] == "points":
                out[CATEGORY] += BONUSES[bonus]["amount"]


LEGAL[PICK_FRAME] = _legal_pick
LEGAL[ARRANGE_FRAME] = _legal_arrange
APPLY.update({"route_card": _apply_route_card, "route_keep": _apply_route_keep})
register_action("route_card", ("card",), (ARRANGE_FRAME,), lambda a: f"route_card {a[1]}",
                parse_one_int("route_card"), ID)
register_action("route_keep", (), (ARRANGE_FRAME,), lambda a: "route_keep",
                parse_no_args("route_keep"), ID)
CHANCE_SAMPLE[DEAL_STEP] = _sample_deal
CHANCE_APPLY[DEAL_STEP] = _apply_deal
CHANCE_JSON[DEAL_STEP] = DEAL_JSON
allow_action("pick", PICK_FRAME)
allow_action("decline", PICK_FRAME)
