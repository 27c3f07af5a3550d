"""Game states and chance outcomes to JSON and back.

Tiles are written by name (see tiles.KIND_NAMES) so that files stay readable and do not
depend on the order of kinds in the code. Supplies keep their order: a seeded draw from a
restored state then gives the same tiles as from the original.
"""

from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

from . import chateauma
from .boards import get_board
from .config import GameConfig
from .extension import CHANCE_JSON
from .invariants import check_state
from .state import Frame, IllegalAction, PlayerState, Position, StateError
from .tiles import KIND_KNOWLEDGE, KIND_NAMES, kind_from_name

FORMAT = "castles-of-burgundy-state"
VERSION = 1


def _name(k: int) -> str | None:
    return KIND_NAMES[k] if k >= 0 else None


def _kind(name: str | None) -> int:
    return -1 if name is None else kind_from_name(name)


def _frame_arg_to_json(state: Position, frame: Frame) -> Any:
    owner = state.hooks.frame_owner.get(frame.kind)
    if owner is not None:
        return owner.frame_arg_to_json(frame)
    if frame.kind == "discard":
        kind, depot, slot, paid = frame.arg
        return [KIND_NAMES[kind], depot, slot, paid]
    if frame.kind == "keep_goods":
        depots, new_types, free = frame.arg
        return [list(depots), list(new_types), free]
    if frame.kind == "board":
        return list(frame.arg)
    return frame.arg


def _frame_arg_from_json(state: Position, kind: str, arg: Any) -> Any:
    owner = state.hooks.frame_owner.get(kind)
    if owner is not None:
        return owner.frame_arg_from_json(kind, arg)
    if kind == "discard":
        return (kind_from_name(arg[0]), arg[1], arg[2], arg[3])
    if kind == "keep_goods":
        return (tuple(arg[0]), tuple(arg[1]), arg[2])
    if kind == "board":
        return tuple(arg)
    return arg


def _player_to_dict(p: PlayerState) -> dict:
    return {
        "board": p.board.id if p.board else None,
        "placements": [[s, KIND_NAMES[k], ph] for s, k, ph in p.placements],
        "storage": [_name(k) for k in p.storage],
        "goods": p.goods[1:], "sold": p.sold[1:],
        "silver": p.silver, "workers": p.workers,
        "dice": p.dice, "used": p.used,
        "score": p.score, "breakdown": p.breakdown,
        "bonus_tiles": [list(b) for b in p.bonus_tiles],
        "track": [p.track_pos, p.track_stamp],
        "live_knowledge": p.live_knowledge,
        # Only where a module changes them: the adjacency rule lifted, monasteries
        # borrowed from another player (shields 18 and 6).
        **({"anywhere": True} if p.anywhere else {}),
        **({"knowledge": p.knowledge} if p.knowledge != _placed_knowledge(p) else {}),
    }


def _placed_knowledge(p: PlayerState) -> int:
    bits = 0
    for _, k, _ in p.placements:
        if KIND_KNOWLEDGE[k]:
            bits |= 1 << KIND_KNOWLEDGE[k]
    return bits


def _player_from_dict(d: dict) -> PlayerState:
    p = PlayerState()
    if d["board"] is not None:
        p.set_board(get_board(d["board"]))
    for s, name, phase in d["placements"]:
        p.lay_tile(s, kind_from_name(name), phase)
    for s in range(len(p.estate)):
        if p.occupied >> s & 1:
            p.frontier |= p.board.neighbour_mask[s]
    p.frontier &= ~p.occupied
    p.storage = [_kind(n) for n in d["storage"]]
    p.goods = [0] + list(d["goods"])
    p.sold = [0] + list(d["sold"])
    p.silver, p.workers = d["silver"], d["workers"]
    p.dice, p.used = list(d["dice"]), list(d["used"])
    p.score, p.breakdown = d["score"], dict(d["breakdown"])
    p.bonus_tiles = [tuple(b) for b in d["bonus_tiles"]]
    p.track_pos, p.track_stamp = d["track"]
    p.live_knowledge = d["live_knowledge"]
    p.anywhere = d.get("anywhere", False) is True
    if "knowledge" in d:
        if type(d["knowledge"]) is not int or d["knowledge"] < 0:
            raise ValueError("knowledge is a set of monastery bits")
        p.knowledge = d["knowledge"] | p.knowledge
    return p


def state_to_dict(state: Position) -> dict:
    return {
        "format": FORMAT, "version": VERSION,
        "config": state.config.to_dict(),
        "phase": state.phase, "round": state.round,
        "players": [_player_to_dict(p) for p in state.players],
        "depot_colours": state.depot_colours,
        "depots": [[_name(k) for k in row] for row in state.depots],
        "depot_goods": [g[1:] for g in state.depot_goods],
        "black_depot": [_name(k) for k in state.black],
        "round_goods": state.round_goods,
        "white": state.white,
        "supply": [[KIND_NAMES[k] for k in bag] for bag in state.bags],
        "black_supply": [KIND_NAMES[k] for k in state.black_bag],
        "goods_supply": state.goods_pool[1:],
        "box": [KIND_NAMES[k] for k in state.box],
        "bonus_taken": state.bonus_taken,
        "frames": [[f.kind, f.player, _frame_arg_to_json(state, f)] for f in state.frames],
        "order": state.order, "turn_index": state.turn_index,
        "bought": state.bought, "chance": state.chance,
        "start_player": state.start_player,
        "drawn_boards": state.drawn_boards,
        "stamp": state.stamp, "terminal": state.terminal,
        **({"chateauma": chateauma.to_dict(state.chateauma)} if state.chateauma else {}),
        # Only where a module or a phase end has them, so base-game files read as before.
        **({"steps": list(state.steps)} if state.steps else {}),
        **({"modules": {m.id: m.ext_to_json(state.ext[m.id]) for m in state.hooks.with_ext}}
           if state.hooks.with_ext else {}),
    }


def state_to_json(state: Position) -> str:
    return json.dumps(state_to_dict(state), separators=(",", ":"), sort_keys=True)


S = TypeVar("S", bound=Position)


def state_from_dict(d: dict, make: Callable[[GameConfig], S]) -> S:
    """The position a dict describes, built by `make` (game.GameState, which sits above
    this module)."""
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise StateError("not a Castles of Burgundy game state")
    if d.get("version") != VERSION:
        raise StateError(f"game state version {d.get('version')!r} is not supported")
    try:
        s = make(GameConfig.from_dict(d["config"]))
        s.phase, s.round = d["phase"], d["round"]
        s.players = [_player_from_dict(p) for p in d["players"]]
        s.depot_colours = [list(r) for r in d["depot_colours"]]
        s.depots = [[_kind(n) for n in row] for row in d["depots"]]
        s.depot_goods = [[0] + list(g) for g in d["depot_goods"]]
        s.black = [_kind(n) for n in d["black_depot"]]
        s.round_goods = list(d["round_goods"])
        s.white = d["white"]
        s.bags = [[kind_from_name(n) for n in bag] for bag in d["supply"]]
        s.black_bag = [kind_from_name(n) for n in d["black_supply"]]
        s.goods_pool = [0] + list(d["goods_supply"])
        s.box = [kind_from_name(n) for n in d["box"]]
        s.bonus_taken = list(d["bonus_taken"])
        s.frames = [Frame(k, p, _frame_arg_from_json(s, k, a)) for k, p, a in d["frames"]]
        s.order, s.turn_index = list(d["order"]), d["turn_index"]
        s.bought, s.chance = d["bought"], d["chance"]
        s.start_player = d["start_player"]
        s.drawn_boards = list(d["drawn_boards"])
        s.stamp, s.terminal = d["stamp"], d["terminal"]
        if "chateauma" in d:
            s.chateauma = chateauma.from_dict(d["chateauma"])
        s.steps = tuple(d.get("steps", ()))
        if not all(isinstance(step, str) for step in s.steps):
            raise ValueError("phase-end steps are names")
        saved = d.get("modules", {})
        s.ext = {m.id: m.ext_from_json(saved[m.id]) for m in s.hooks.with_ext}
        rule = s.hooks.place_rule()
        for p in s.players:
            p.place_rule = rule
    except (AttributeError, KeyError, TypeError, ValueError, IndexError) as e:
        raise StateError(f"damaged game state: {e}") from None
    check_state(s)
    return s


def state_from_json(text: str, make: Callable[[GameConfig], S]) -> S:
    try:
        d = json.loads(text)
    except (ValueError, RecursionError) as e:  # also too deep, or a number of 4,300+ digits
        raise StateError(f"game state is not valid JSON: {e}") from None
    return state_from_dict(d, make)


# --- chance outcomes --------------------------------------------------------------------

def outcome_to_json(step: str, outcome: Any) -> Any:
    if step in CHANCE_JSON:
        return CHANCE_JSON[step][0](outcome)
    if step == "phase":
        depot_tiles, black, goods = outcome
        return {"depots": [_name(k) for k in depot_tiles], "black": [_name(k) for k in black],
                "goods": list(goods)}
    if step == "boards":
        return [list(o) if isinstance(o, tuple) else o for o in outcome]
    if isinstance(outcome, tuple):
        return list(outcome)
    return outcome


def outcome_from_json(step: str, data: Any) -> Any:
    try:
        if step in CHANCE_JSON:
            return CHANCE_JSON[step][1](data)
        if step == "phase":
            return (tuple(_kind(n) for n in data["depots"]),
                    tuple(_kind(n) for n in data["black"]), tuple(data["goods"]))
        if step == "boards":
            return tuple(tuple(o) if isinstance(o, list) else o for o in data)
        if isinstance(data, list):
            return tuple(data)
        return data
    except (KeyError, TypeError, ValueError) as e:
        raise IllegalAction(f"unreadable '{step}' outcome: {e}") from None
