"""Clicks narrow the engine's legal actions until one is left.

Nothing here knows a rule: the candidates are always a subset of
`state.legal_actions()`, and a click only filters them. What an action uses a die as
(a take uses the depot's number, a placement the space's number, a sale the goods' number)
is read off the action and the board data; what that costs in workers is asked of the
rules' own `workers_needed`.

A half-made choice is a `Selection`: a die, the number it is used as (the +/- controls),
a storage tile, a purchase in progress. Each click returns an `Outcome`: the action to
submit once it is unique, or a hint of what to choose next.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...rules import (ANY_COLOUR, KIND_BUILDING, KIND_COLOUR, USE_SELL, die_use,
                      placeable_mask, workers_needed)
from . import seam

Action = tuple
DIE_OPS = ("take", "place", "sell", "workers")
CASTLE_DIE = 2
# An action with the white die's number (a white castle's): its number is the white die's,
# workers change it as a player's die.
WHITE_DIE = 3
# Decisions answered by one action of a die given in advance: the castle's (die 2, any
# number); a module's own (seam.TableModule.decision_dice).
BASE_DECISION_DIE = {"castle": CASTLE_DIE}
# Decisions whose actions may place a stored tile, besides a module's die decisions.
PLACING = ("turn", "castle", "city_hall")


def decision_die(decision: str | None) -> int | None:
    if decision is None:
        return None
    die = BASE_DECISION_DIE.get(decision)
    return die if die is not None else seam.decision_die(decision)


def buy_ops() -> tuple[str, ...]:
    """The turn's purchase: a depot tile, or a module's (an inn from the inn stack)."""
    return ("buy", *seam.purchases())


def die_of(action: Action) -> int | None:
    return action[1] if action[0] in DIE_OPS else None


def used_as(action: Action, state: Any) -> int | None:
    """The number a die action needs (None when any number will do)."""
    op = action[0]
    if op not in DIE_OPS or action[1] == CASTLE_DIE or op == "workers":
        return None
    if op == "take":
        return action[2]
    if op == "sell":
        return action[2]
    p = state.players[state.current_player]
    return p.board.die[action[3]]


def face_of_die(die: int, state: Any) -> int:
    """The number a die shows: a player's die, or the white die for WHITE_DIE."""
    if die == WHITE_DIE:
        return state.white
    return state.players[state.current_player].dice[die]


def worker_cost(action: Action, state: Any) -> int:
    """Workers the engine charges for a die action (0 for anything else)."""
    value = used_as(action, state)
    if value is None:
        return 0
    p = state.players[state.current_player]
    die = face_of_die(action[1], state)
    kind = p.storage[action[2]] if action[0] == "place" else -1
    return workers_needed(die, value, p.knowledge, die_use(action[0], kind))


@dataclass
class Outcome:
    action: Action | None = None       # submit this
    message: str | None = None         # an i18n key saying what to do next
    params: dict = field(default_factory=dict)
    options: list[Action] = field(default_factory=list)  # ask which of these (payment)


@dataclass
class Highlights:
    dice: set[int] = field(default_factory=set)
    depot_slots: set[tuple[int, int]] = field(default_factory=set)   # (depot 0-6, slot)
    storage: set[int] = field(default_factory=set)
    spaces: set[int] = field(default_factory=set)
    goods: set[int] = field(default_factory=set)
    workers: bool = False
    buy: bool = False
    end: bool = False
    decline: bool = False


class Narrowing:
    """The current decision's legal actions and the clicks made towards one of them."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.legal: list[Action] = list(state.legal_actions())
        self.decision = state.decision
        self.die: int | None = None
        # The die the player clicked, when it is the twin of the engine's ``die``.
        self.picked: int | None = None
        self.value: int | None = None
        self.value_chosen = False   # the player set the number (or it costs nothing)
        self.storage: int | None = None
        self.buying = False
        self._fixed_die()

    def _fixed_die(self) -> None:
        """A castle's action uses die 2 (any number); a white castle's the white die, its
        number shown at once."""
        self.die = decision_die(self.decision)
        if self.die == WHITE_DIE:
            self.value = self.state.white
            self.value_chosen = True

    # --- reading -------------------------------------------------------------------------

    @property
    def player(self) -> Any:
        return self.state.players[self.state.current_player]

    def has(self, op: str) -> bool:
        return any(a[0] == op for a in self.legal)

    def dice_available(self) -> list[int]:
        """The dice a click may choose: those the legal actions name, and their twins."""
        named = {a[1] for a in self.legal if a[0] in DIE_OPS and a[1] < CASTLE_DIE}
        return sorted(named | {t for t in map(self._twin, named) if t is not None})

    def _twin(self, die: int) -> int | None:
        """The other unused die showing the same number. The rules name only one of two
        equal dice (both give the same actions); the player may pick up either."""
        p = self.player
        other = 1 - die
        if p.used[die] or p.used[other] or p.dice[die] != p.dice[other]:
            return None
        return other

    @property
    def chosen_die(self) -> int | None:
        """The die shown as chosen: the one clicked, even where the rules name its twin."""
        return self.picked if self.picked is not None else self.die

    def candidates(self) -> list[Action]:
        out = []
        purchase = buy_ops()
        for a in self.legal:
            op = a[0]
            if self.buying:
                if op in purchase:
                    out.append(a)
                continue
            if op in DIE_OPS:
                if self.die is not None and a[1] != self.die:
                    continue
                if self.value is not None:
                    v = used_as(a, self.state)
                    if v is not None and v != self.value:
                        continue
                if self.storage is not None and (op != "place" or a[2] != self.storage):
                    continue
                out.append(a)
            elif op == "city_hall":
                if self.storage is None or a[1] == self.storage:
                    out.append(a)
            elif op in ("pick",) and self.die is None:
                out.append(a)
        return out

    def highlights(self) -> Highlights:
        h = Highlights()
        h.end = self.has("end")
        h.decline = self.has("decline")
        h.buy = any(self.has(op) for op in buy_ops())
        if self.die is None and not self.buying:
            h.dice = set(self.dice_available())
        cands = self.candidates()
        for a in cands:
            op = a[0]
            if op == "take" or op == "pick":
                if self.die is not None or op == "pick":
                    h.depot_slots.add((a[2], a[3]) if op == "take" else (a[1], a[2]))
            elif op == "buy":
                h.depot_slots.add((a[1], a[2]))
            elif op == "place":
                if self.storage is None:
                    h.storage.add(a[2])
                else:
                    h.spaces.add(a[3])
            elif op == "city_hall":
                if self.storage is None:
                    h.storage.add(a[1])
                else:
                    h.spaces.add(a[2])
            elif op == "sell" and self.die is not None:
                h.goods.add(a[2])
            elif op == "workers" and self.die is not None:
                h.workers = True
        if self.decision == "discard":
            h.storage = {a[1] for a in self.legal if a[0] == "discard"}
        return h

    def values(self) -> list[int]:
        """Numbers the selected die can be used as for something (besides workers)."""
        if self.die is None or self.die == CASTLE_DIE:
            return []
        found = set()
        for a in self.legal:
            if a[0] in DIE_OPS and a[1] == self.die and a[0] != "workers":
                if self.storage is not None and (a[0] != "place" or a[2] != self.storage):
                    continue
                v = used_as(a, self.state)
                if v is not None:
                    found.add(v)
        return sorted(found)

    def cost_range(self) -> tuple[int, int] | None:
        """Workers the chosen number costs over the actions still possible, or None."""
        if self.die is None or self.die == CASTLE_DIE or self.value is None:
            return None
        costs = [worker_cost(a, self.state) for a in self.candidates()
                 if a[0] != "workers" and used_as(a, self.state) == self.value]
        if not costs:
            face = face_of_die(self.die, self.state)
            cost = workers_needed(face, self.value, self.player.knowledge, USE_SELL)
            return cost, cost
        return min(costs), max(costs)

    # --- clicks --------------------------------------------------------------------------

    def cancel(self) -> bool:
        """Drop the half-made choice; False when there was nothing to drop."""
        had = (self.storage is not None or self.buying
               or (self.die is not None and self.die != decision_die(self.decision))
               or (self.die == WHITE_DIE and self.value != self.state.white))
        self.picked = None
        self.value = None
        self.value_chosen = False
        self.storage = None
        self.buying = False
        self._fixed_die()
        return had

    def select_die(self, die: int) -> Outcome:
        if die not in self.dice_available():
            return Outcome(message="table.msg.die_unavailable")
        if self.chosen_die == die:
            self.cancel()
            return Outcome()
        named = {a[1] for a in self.legal if a[0] in DIE_OPS}
        self.buying = False
        self.picked = die
        die = die if die in named else self._twin(die)
        self.die = die
        self.value = self.player.dice[die]
        self.value_chosen = True
        if self.storage is not None and not self.candidates():
            self.storage = None
        if self.storage is not None:
            values = self.values()
            if values and self.value not in values:
                self.value = min(values, key=lambda v: self._cost_of_value(v))
        return Outcome(message="table.msg.die_selected")

    def _cost_of_value(self, v: int) -> int:
        face = face_of_die(self.die, self.state)
        return workers_needed(face, v, self.player.knowledge, USE_SELL)

    def step_value(self, delta: int) -> Outcome:
        """The +/- controls: the next number (1 and 6 wrap) that can be used for
        something."""
        if self.die is None or self.die == CASTLE_DIE:
            return Outcome(message="table.msg.choose_die")
        values = self.values()
        if not values:
            return Outcome(message="table.msg.no_values")
        v = self.value or face_of_die(self.die, self.state)
        for _ in range(6):
            v = (v - 1 + delta) % 6 + 1
            if v in values:
                break
        self.value = v
        self.value_chosen = True
        return Outcome()

    def finish(self, matches: list[Action], target_value: int | None = None) -> Outcome:
        if not matches:
            return Outcome(message="table.msg.not_possible")
        if len(matches) == 1:
            a = matches[0]
            if (a[0] in DIE_OPS and self.die is None
                    and worker_cost(a, self.state) > 0):
                # The die and number were inferred: let the player see the cost first.
                self.die = a[1]
                self.value = used_as(a, self.state)
                self.value_chosen = True
                return Outcome(message="table.msg.confirm_cost",
                               params={"count": worker_cost(a, self.state)})
            return Outcome(action=a)
        dice = {a[1] for a in matches if a[0] in DIE_OPS}
        if len(dice) > 1:
            return Outcome(message="table.msg.choose_die")
        if all(a[0] in buy_ops() for a in matches):
            return Outcome(message="table.msg.choose_payment", options=matches)
        return Outcome(message="table.msg.choose_more")

    def _with_value(self, matches_for: Any, value: int) -> Outcome:
        """Matches for a target that needs ``value``: if the die is set to another
        number that the target could still use, switch to it and show the cost."""
        if self.die is not None and self.die != CASTLE_DIE and self.value != value:
            saved = self.value
            self.value = value
            matches = matches_for()
            if not matches:
                self.value = saved
                return Outcome(message="table.msg.not_possible")
            cost = max(worker_cost(a, self.state) for a in matches)
            return Outcome(message="table.msg.confirm_cost", params={"count": cost})
        return self.finish(matches_for())

    def click_depot(self, depot: int, slot: int) -> Outcome:
        """A tile on the central board: depot 1-6, or 0 for the black depot."""
        if self.decision in ("pick", "route_pick"):
            return self.finish([a for a in self.legal
                                 if a[0] == "pick" and a[1:] == (depot, slot)])
        buys = [a for a in self.legal if a[0] == "buy" and a[1:3] == (depot, slot)]
        if depot == 0 or self.buying or (self.die is None and buys):
            self.buying = False
            return self.finish(buys) if buys else Outcome(message="table.msg.cannot_buy")
        if self.die is None:
            takes = [a for a in self.legal if a[0] == "take" and a[2:] == (depot, slot)]
            return self.finish(takes) if takes else Outcome(message="table.msg.choose_die")
        self.storage = None
        return self._with_value(
            lambda: [a for a in self.candidates() if a[0] == "take" and a[2:] == (depot, slot)],
            depot)

    def click_storage(self, j: int) -> Outcome:
        if self.decision == "discard":
            return self.finish([a for a in self.legal if a == ("discard", j)])
        if self.storage == j:
            self.storage = None
            return Outcome()
        saved, saved_value = self.storage, self.value
        self.storage = j
        self.buying = False
        if not self.candidates() and self.value is not None:
            # The tile fits no space of the die's current number: offer the cheapest
            # number that places it.
            values = self.values()
            if values:
                self.value = min(values, key=self._cost_of_value)
        if not self.candidates():
            self.storage, self.value = saved, saved_value
            return Outcome(message=self._why_nowhere(j))
        return Outcome(message="table.msg.choose_space")

    def _why_nowhere(self, j: int) -> str:
        """Why a stored tile has no space now: no empty space of its colour next to the
        estate, one building of its kind in each such city, a module's placement rule
        (the castle connection), or no number the dice reach."""
        p = self.player
        kind = p.storage[j]
        if kind < 0 or (self.decision not in PLACING
                        and decision_die(self.decision) is None):
            return "table.msg.not_possible"
        colour = KIND_COLOUR[kind]
        # shield 18: any empty space
        reach = ~p.occupied & ((1 << len(p.estate)) - 1) if p.anywhere else p.frontier
        spaces = reach if colour == ANY_COLOUR else reach & p.board.colour_mask[colour]
        if not spaces:
            return "table.msg.no_space_colour"
        unruled = p.copy()  # the same estate without a module's placement rule
        unruled.place_rule = None
        if not placeable_mask(unruled, kind):
            return ("table.msg.no_space_city" if KIND_BUILDING[kind] >= 0
                    else "table.msg.not_possible")
        if not placeable_mask(p, kind):
            return "table.msg.no_space_rule"
        return "table.msg.no_space_dice"

    def click_space(self, space: int) -> Outcome:
        if self.decision == "start_castle":
            return self.finish([a for a in self.legal if a == ("start_castle", space)])
        if self.storage is None:
            return Outcome(message="table.msg.choose_storage")
        if self.decision == "city_hall":
            return self.finish([a for a in self.candidates() if a[0] == "city_hall"
                                 and a[2] == space])
        if self.die is None:
            return self.finish([a for a in self.candidates() if a[0] == "place"
                                 and a[3] == space])
        number = self.player.board.die[space]
        return self._with_value(
            lambda: [a for a in self.candidates() if a[0] == "place" and a[3] == space],
            number)

    def click_goods(self, goods: int) -> Outcome:
        if self.decision == "warehouse":
            return self.finish([a for a in self.legal if a == ("warehouse", goods)])
        if self.die is None:
            sells = [a for a in self.legal if a[0] == "sell" and a[2] == goods]
            return self.finish(sells) if sells else Outcome(message="table.msg.choose_die")
        self.storage = None
        return self._with_value(
            lambda: [a for a in self.candidates() if a[0] == "sell" and a[2] == goods], goods)

    def click_workers(self) -> Outcome:
        if self.die is None:
            dice = [a for a in self.legal if a[0] == "workers"]
            return self.finish(dice) if dice else Outcome(message="table.msg.not_possible")
        return self.finish([a for a in self.legal if a == ("workers", self.die)])

    def toggle_buy(self) -> Outcome:
        if not any(self.has(op) for op in buy_ops()):
            return Outcome(message="table.msg.cannot_buy")
        buying = not self.buying
        self.cancel()
        self.buying = buying
        return Outcome(message="table.msg.choose_purchase" if buying else None)

    def end(self) -> Outcome:
        return self.finish([a for a in self.legal if a == ("end",)])

    def decline(self) -> Outcome:
        return self.finish([a for a in self.legal if a == ("decline",)])

    def unused_dice(self) -> list[int]:
        """The turn's two dice not used yet, while workers may be taken with one (for the
        'end turn' shortcut). Two dice showing one number list only the first die's
        actions until it is used, so the legal actions alone would name one die."""
        if not any(a[0] == "workers" and a[1] < CASTLE_DIE for a in self.legal):
            return []
        used = self.state.players[self.state.current_player].used
        return [die for die in range(CASTLE_DIE) if not used[die]]

    def select_for(self, action: Action) -> None:
        """Show ``action`` as the half-made choice (a hint)."""
        self.cancel()
        if action[0] in DIE_OPS:
            self.die = action[1]
            v = used_as(action, self.state)
            self.value = v if v is not None else (
                face_of_die(self.die, self.state) if self.die != CASTLE_DIE else None)
            self.value_chosen = True
            if action[0] == "place":
                self.storage = action[2]
        elif action[0] == "city_hall":
            self.storage = action[1]
        elif action[0] in buy_ops():
            self.buying = True
