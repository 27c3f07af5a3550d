"""`inns` (SE l.777-785 and l.807, A19 l.925-938 and l.959-963).

- IN-1: at each phase's setup one inn goes onto the inn stack beside the black depot, on top
  of any left from earlier phases; inns are never cleared (state.ext[ID]: the stack and the
  inns still in the box).
- IN-2, P-IN-1: the turn's black-depot purchase may take an inn instead of a black tile,
  with the same payments (2 silver; 2 workers where monastery 6 allows it for the black
  depot): ('buy_inn', payment), the one purchase of the turn. Shield 15's phase-end tile
  from the black depot may be the top inn too: ('shield_inn', space) in that decision, and
  so may the vineyards' black-depot icon's (take_inn).
- IN-3: an inn's colour is tiles.ANY_COLOUR, so it goes on an empty space of any colour next
  to the estate, with the space's die number; workers change the die, monasteries 9-11 do
  not (dice.USE_PLACE_OTHER, P-IN-2).
- IN-4: at most one inn per area (the players' place rule).
- IN-5: no effect of its own.
- IN-6, P-IN-4: an area with an inn scores as one size larger (Module.area_size; another
  module's enlargement, shield 17, adds to it).
- IN-7, P-IN-3: it fills its space: the area is complete with it, and the engine counts the
  space's colour toward the colour bonus (engine.place_tile).
- IN-8: no building type, species, monastery number or mine: every other rule passes it by.
Not with Châteauma (SE l.1255): modules.json excludes the pair.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..actions import register_action
from ..data import load_json
from ..engine import (CASTLE_ACTION, CITY_HALL_PLACE, TURN, black_depot_payments, pay_purchase,
                      place_tile, placeable_mask, store_tile)
from ..events import EVENT_TYPES
from ..extension import ACTION_KINDS, APPLY, EFFECTS, STORED, Module, register
from ..state import Position
from ..tiles import kind_from_name

ID = "inns"
INN = kind_from_name("inn")
COUNT = next(e["count"] for e in load_json("tiles.json")["module_kinds"] if e["name"] == "inn")
PRICE = 2                                   # silver or workers, as a black-depot tile
PAYMENTS = ("silver", "workers")
BUY = {payment: ("buy_inn", payment) for payment in PAYMENTS}
# P-IN-1: shield 15 takes "a tile from the black depot" at a phase end and places it at
# once; the inns lie beside the black depot and count as its tiles, so the top one is one
# more choice in that decision (the shields module's frame, asked for the black depot).
BLACK_DEPOT_TILE_FRAME, BLACK_DEPOT_SHIELD = "shield_tile", 15


class InnPutOut(NamedTuple):
    """A phase's inn goes onto the inn stack beside the black depot."""
    stack: int         # inns on the stack now


class InnBought(NamedTuple):
    """An inn from the stack into storage, as the turn's purchase (SilverPaid or
    WorkersPaid says how it was paid), or free by a vineyard's black-depot icon."""
    player: int
    storage: int       # the storage space it went to


class InnPlacedDirectly(NamedTuple):
    """The top inn of the stack straight into the duchy, as shield 15's black-depot tile
    (P-IN-1); TilePlaced follows."""
    player: int
    space: int


EVENT_TYPES.update({"InnPutOut": InnPutOut, "InnBought": InnBought,
                    "InnPlacedDirectly": InnPlacedDirectly})


class InnSupply(NamedTuple):
    stack: int = 0     # beside the black depot, to be bought
    box: int = COUNT   # not yet put out


def _inns(state) -> InnSupply:
    return state.ext[ID]


def inns_on_stack(state: Position) -> int:
    """The inns a purchase may take now (the vineyard's black-depot icon offers the top one)."""
    return _inns(state).stack


def inn_stack(state: Position) -> int:
    """The inns on the stack as every seat sees it: an inn bought onto full storage stays
    on the stack until its buyer says which stored tile it replaces."""
    waiting = sum(1 for f in state.frames if f.kind == "discard" and f.arg[1] < 0
                  and f.arg[0] == INN)
    return _inns(state).stack + waiting


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def has_inn(estate: list[int], area_mask: int) -> bool:
    """Whether an inn lies on a space of the area."""
    return any(estate[space] == INN for space in _bits(area_mask))


# --- IN-4: one inn per area ------------------------------------------------------------------

def one_inn_per_area(p, kind: int, mask: int) -> int:
    """The place rule: an inn stays off every area that holds one already."""
    if kind != INN:
        return mask
    board = p.board
    for space, k, _ in p.placements:
        if k == INN:
            mask &= ~board.area_mask[board.area_of[space]]
    return mask


# --- IN-2: buying an inn ---------------------------------------------------------------------

def _may_buy_in(state, frame) -> bool:
    """The decisions in which the black-depot purchase may be made: the turn, and where
    the rule set allows it during effects, every decision that holds the black-depot
    purchase (a castle's action, a city hall's placement, a module's own such as the white
    castle's action)."""
    return frame.kind == TURN or (frame.kind in ACTION_KINDS["buy"].decisions
                                  and state.rs.purchase_during_effects)


def _apply_buy_inn(state, frame, action: tuple, events: list | None) -> None:
    state.frames.append(frame)  # buying answers no decision; the frame stays
    seat = frame.player
    pay_purchase(state, seat, action[1], PRICE, events)
    held = _inns(state)
    state.ext[ID] = held._replace(stack=held.stack - 1)
    # Depot -1, space -1: the inn comes from the stack (the discard decision carries them).
    store_tile(state, seat, INN, -1, -1, ID, events)


def take_inn(state, seat: int, events: list | None) -> None:
    """P-IN-1: the top inn of the stack into storage as a black-depot tile taken free (the
    vineyards' black-depot icon): InnBought with no payment."""
    held = _inns(state)
    state.ext[ID] = held._replace(stack=held.stack - 1)
    store_tile(state, seat, INN, -1, -1, ID, events)


def _direct(state, frame) -> bool:
    return frame.kind == BLACK_DEPOT_TILE_FRAME and frame.arg == BLACK_DEPOT_SHIELD


def _direct_spaces(state, seat: int) -> list[int]:
    mask = placeable_mask(state.players[seat], INN)
    return [space for space in range(mask.bit_length()) if mask >> space & 1]


def _apply_shield_inn(state, frame, action: tuple, events: list | None) -> None:
    """P-IN-1: the inn off the stack onto a fitting space, no die (as shield 15's tile)."""
    seat, space = frame.player, action[1]
    held = _inns(state)
    state.ext[ID] = held._replace(stack=held.stack - 1)
    if events is not None:
        events.append(InnPlacedDirectly(seat, space))
    place_tile(state, seat, INN, space, -1, events)


def _parse_shield_inn(args: list[str]) -> tuple:
    if len(args) != 1 or not args[0].isdigit():
        raise ValueError("shield_inn takes the space")
    return ("shield_inn", int(args[0]))


def _parse_buy_inn(args: list[str]) -> tuple:
    if len(args) != 1 or args[0] not in PAYMENTS:
        raise ValueError("buy_inn takes 'silver' or 'workers'")
    return BUY[args[0]]


def _effect_inn(state, seat: int, kind: int, space: int, events: list | None) -> None:
    """IN-5: an inn does nothing when placed; it only helps to complete its area."""


@register
class Inns(Module):
    id = ID

    def new_ext(self) -> InnSupply:
        return InnSupply()

    def ext_to_json(self, value: InnSupply) -> dict:
        return {"stack": value.stack, "box": value.box}

    def ext_from_json(self, data) -> InnSupply:
        stack, box = data["stack"], data["box"]
        if type(stack) is not int or type(box) is not int or stack < 0 or box < 0 \
                or stack + box > COUNT:
            raise ValueError(f"inns: {stack!r} on the stack and {box!r} in the box "
                             f"(there are {COUNT})")
        return InnSupply(stack, box)

    def phase_setup(self, state, events: list | None) -> None:
        """IN-1: the phase's inn on top of the stack."""
        held = _inns(state)
        if held.box:
            state.ext[ID] = held = InnSupply(held.stack + 1, held.box - 1)
            if events is not None:
                events.append(InnPutOut(held.stack))

    def decision_actions(self, state, frame, out: list) -> None:
        if not _inns(state).stack:
            return
        if _direct(state, frame):
            out[-1:-1] = [("shield_inn", s) for s in _direct_spaces(state, frame.player)]
            return
        if not _may_buy_in(state, frame):
            return
        for payment in black_depot_payments(state, state.players[frame.player]):
            out.append(BUY[payment])

    def explain(self, state, action: tuple) -> str | None:
        if action[0] == "shield_inn":
            frame = state.frames[-1] if state.frames else None
            if frame is None or not _direct(state, frame):
                return "an inn goes straight into the duchy only as shield 15's tile"
            if not _inns(state).stack:
                return "no inn lies beside the black depot"
            if len(action) != 2 or action[1] not in _direct_spaces(state, frame.player):
                return "the inn needs an empty space next to the estate, one per area"
            return None
        if action[0] != "buy_inn":
            return None
        if len(action) != 2 or action[1] not in PAYMENTS:
            return "buy_inn takes the payment: 'silver' or 'workers'"
        frame = state.frames[-1]
        if not _may_buy_in(state, frame):
            if frame.kind in ACTION_KINDS["buy"].decisions:
                return (f"in the {state.rs.name} rules the purchase comes before, between or "
                        f"after the dice")
            return f"an inn is bought as the turn's purchase, not during '{frame.kind}'"
        if state.bought:
            return "only one purchase per turn: an inn takes the place of a black-depot tile"
        if not _inns(state).stack:
            return "no inn lies beside the black depot"
        p = state.players[frame.player]
        if action[1] not in black_depot_payments(state, p):
            if action[1] == "silver":
                return f"an inn costs {PRICE} silver, you have {p.silver}"
            if p.workers < PRICE:
                return f"an inn costs {PRICE} workers, you have {p.workers}"
            return ("paying workers for a black-depot purchase needs monastery 6 "
                    "(as this rule set words it)")
        return None

    def place_rule(self) -> Callable:
        return one_inn_per_area

    def place_refusal(self, p, kind: int, space: int) -> str | None:
        if one_inn_per_area(p, kind, 1 << space):
            return None
        return "an area holds at most one inn, and this one has an inn already"

    def area_size(self, state, seat: int, area: int, size: int, estate: list[int]) -> int:
        """IN-6: one larger with an inn in it."""
        return size + 1 if has_inn(estate, state.players[seat].board.area_mask[area]) else size

    def tiles_held(self, state) -> list[int]:
        held = _inns(state)
        return [INN] * (held.stack + held.box)

    def public(self, state) -> tuple:
        return tuple(_inns(state))


EFFECTS["inn"] = _effect_inn
APPLY["buy_inn"] = _apply_buy_inn
APPLY["shield_inn"] = _apply_shield_inn
STORED[ID] = lambda seat, kind, storage: InnBought(seat, storage)
register_action("buy_inn", ("payment",), (TURN, CASTLE_ACTION, CITY_HALL_PLACE),
                lambda a: f"buy_inn {a[1]}", _parse_buy_inn, ID)
register_action("shield_inn", ("space",), (BLACK_DEPOT_TILE_FRAME,),
                lambda a: f"shield_inn {a[1]}", _parse_shield_inn, ID)
