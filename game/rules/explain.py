"""Why an action is illegal, in words (only used on the error path)."""

from __future__ import annotations

from typing import Any

from .actions import allowed_in
from .dice import PLACE_USE, USE_SELL, USE_TAKE, workers_needed
from .state import Position
from .tiles import ANY_COLOUR, BUILDINGS, COLOURS, KIND_BUILDING, KIND_COLOUR, KIND_NAMES

_DIE_ACTIONS = ("take", "place", "sell", "workers")


def explain_illegal(state: Position, action) -> str:
    try:
        text = _reason(state, action)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        # Arguments of the wrong type or out of range: the reasons below compare numbers.
        text = "malformed arguments"
    return f"illegal action {action!r}: {text}"


def explain_types(action, known) -> str:
    """An action equal to a legal one but written with other types (True for 1, 1.0, a
    list for a tuple): name the first item that differs."""
    def first(a: Any, b: Any) -> tuple[Any, Any] | None:
        if type(a) is not type(b):
            return a, b
        if type(a) is tuple:
            for x, y in zip(a, b):
                found = first(x, y)
                if found:
                    return found
        return None
    got, want = first(action, known) or (action, known)
    return (f"illegal action {action!r}: {got!r} is of type {type(got).__name__}, where the "
            f"rules expect {type(want).__name__} ({want!r})")


def _reason(state: Position, action) -> str:
    if state.terminal:
        return "the game is over"
    if state.chance is not None:
        return f"the game waits for a chance outcome ('{state.chance}'), not a decision"
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return "an action is a tuple starting with its name, e.g. ('workers', 0)"
    for explain in state.hooks.explain:
        text = explain(state, action)
        if text:
            return text
    frame = state.frames[-1]
    op = action[0]
    seat = frame.player
    p = state.players[seat]
    decision = frame.kind
    expected = allowed_in(decision, state.hooks.by_id)
    if op not in expected:
        return (f"player {seat} must decide '{decision}' now; allowed here: "
                f"{', '.join(expected)}")
    if op in _DIE_ACTIONS:
        die = action[1] if len(action) > 1 else None
        if decision == "castle" and die != 2:
            return "a castle's extra action uses die 2 (any number)"
        if decision == "turn":
            if die not in (0, 1):
                return "die must be 0 or 1"
            if p.used[die]:
                return f"die {die + 1} is already used this turn"
        try:
            return _die_reason(state, p, action)
        except (IndexError, TypeError, ValueError):
            return "malformed arguments"
    if op == "end":
        return "both dice must be used before the turn ends"
    if op == "buy":
        return _buy_reason(state, p, action, decision)
    if op == "discard":
        return "choose a storage space 0-2 to clear"
    if op == "ship":
        return "choose a depot (1-6) that has goods" + (
            ", or two neighbouring depots with goods" if p.has(5) else "")
    if op == "keep":
        _, new_types, free = frame.arg
        return f"keep exactly {free} of the goods types {list(new_types)}"
    if op == "pick":
        return f"choose a tile of a colour the {BUILDINGS[frame.arg]} allows from depots 1-6"
    if op == "warehouse":
        return "choose a goods type you hold"
    if op == "city_hall":
        try:
            _, j, space = action
            return _space_reason(state, p, j, space) or "not allowed now"
        except (IndexError, TypeError, ValueError):
            return ("choose a storage tile and an empty space of its colour next to a "
                    "placed tile")
    if op == "board":
        return f"choose one of the boards {list(frame.arg)}"
    if op == "start_castle":
        return f"choose a castle space: {p.board.castle_spaces}"
    return "not allowed now"


def _die_reason(state: Position, p, action) -> str:
    op, die = action[0], action[1]
    castle = die == 2
    # The face the die shows and its name (die 3: the white die's number, WHITE_DIE).
    face = state.white if die == 3 else p.dice[die] if die < 2 else 0
    name = "the white die" if die == 3 else f"die {die + 1}"
    if op == "workers":
        return "malformed arguments" if len(action) != 2 else "not allowed now"
    if op == "take":
        _, _, depot, slot = action
        if not 1 <= depot <= 6:
            return "depots are numbered 1-6"
        row = state.depots[depot - 1]
        if not 0 <= slot < len(row) or row[slot] < 0:
            return f"depot {depot} has no tile on space {slot}"
        if not castle:
            need = workers_needed(face, depot, p.knowledge, USE_TAKE)
            if need > p.workers:
                return (f"{name} shows {face}; taking from depot {depot} needs "
                        f"{need} workers, you have {p.workers}")
        return "not allowed now"
    if op == "sell":
        _, _, goods = action
        if not 1 <= goods <= 6 or not p.goods[goods]:
            return f"you hold no goods of type {goods}"
        if not castle:
            need = workers_needed(face, goods, p.knowledge, USE_SELL)
            return (f"{name} shows {face}; selling goods {goods} needs {need} "
                    f"workers, you have {p.workers}")
        return "not allowed now"
    _, _, j, space = action
    text = _space_reason(state, p, j, space)
    if text:
        return text
    board = p.board
    kind = p.storage[j]
    if not castle:
        need = workers_needed(face, board.die[space], p.knowledge,
                              PLACE_USE[KIND_COLOUR[kind]])
        return (f"{name} shows {face}; space {space} needs a {board.die[space]}: "
                f"{need} workers, you have {p.workers}")
    return "not allowed now"


def _space_reason(state: Position, p, j: int, space: int) -> str | None:
    """Why storage tile j cannot go on `space` whatever the die, or None if it can."""
    if not 0 <= j < len(p.storage) or p.storage[j] < 0:
        return f"storage space {j} is empty"
    kind = p.storage[j]
    board = p.board
    if not 0 <= space < len(p.estate):
        return "estate spaces are numbered 0-36"
    if p.estate[space] >= 0:
        return f"space {space} is already built on"
    if board.colour[space] != KIND_COLOUR[kind] and KIND_COLOUR[kind] != ANY_COLOUR:
        return (f"a {COLOURS[KIND_COLOUR[kind]]} tile ({KIND_NAMES[kind]}) cannot go on "
                f"{board.describe_space(space)}")
    if not p.frontier >> space & 1 and not p.anywhere:
        return f"space {space} is not next to a tile already in your estate"
    b = KIND_BUILDING[kind]
    if b >= 0 and p.built_areas[b] >> space & 1 and not p.has(1):
        return f"this city already has a {BUILDINGS[b]} (monastery 1 lifts that)"
    for refusal in state.hooks.place_refusal:
        text = refusal(p, kind, space)
        if text:
            return text
    return None


def _buy_reason(state: Position, p, action, decision: str) -> str:
    if state.bought:
        return "only one purchase per turn"
    if decision != "turn" and not state.rs.purchase_during_effects:
        return f"in the {state.rs.name} rules the purchase comes before, between or after the dice"
    if len(action) != 4:
        return "malformed arguments"
    _, depot, slot, payment = action
    if payment not in ("silver", "workers"):
        return "pay with 'silver' or 'workers'"
    if payment == "silver" and p.silver < 2:
        return f"a purchase costs 2 silver, you have {p.silver}"
    if payment == "workers" and p.workers < 2:
        return f"this purchase costs 2 workers, you have {p.workers}"
    row = state.black if depot == 0 else (state.depots[depot - 1] if 1 <= depot <= 6 else [])
    if not 0 <= slot < len(row) or row[slot] < 0:
        return f"depot {depot} has no tile on space {slot}"
    if depot or payment == "workers":
        return "buying there or paying so needs monastery 6 (as this rule set words it)"
    return "not allowed now"
