"""`solo` (SE l.843-881, A19 l.1025-1085, ADV l.5-98).

One player, 25 turns (the base game's 5 phases of 5 rounds with one seat), on the solo
boards 33/34 (data/boards.json: the advent calendar's sides A/B, docs/rulings.md R6). The win is
every one of the 37 spaces filled; the target marker sets how hard the points are.

- SO-0: the central board as for two players (GameConfig.table_players): 12 depot spaces,
  4 black-depot tiles, 2 points per goods tile.
- SO-1: 2 workers (the seat's 1 and one more at the first phase's setup); any number of
  goods types (Module.goods_types).
- SO-2: the counter is the score since the last reset (state.ext[ID].base); the target
  starts at the parameter (`solo:target=50`, 45-55).
- SO-4/5/6: each turn, after the goods tile went to the white die's depot, the first tile
  in that depot's slot order leaves the game; an empty depot passes it on clockwise
  (P-SO-9: the slot order of data/depots.json).
- SO-7 (a), P-SO-1: the boards' river links are in their neighbour masks (boards.py).
- SO-7 (b): a ship's goods taken, every other depot's goods leave the game.
- SO-7 (c), P-SO-8: then, and only then, 5 of the player's goods for any black-depot tile,
  face down into storage: a `black_tile` (colour any, no effect, no building, species or
  monastery: SO-7 (d)); the tile under it is kept in state.ext[ID].hidden.
- SO-7 (e): an end-game monastery scores once, as it is placed (k26: per colour completed
  so far, the rule set's 3 or 2); nothing at the game end.
- SO-8, P-SO-2: the black-depot purchase stays.
- SO-9, P-SO-7: completing a colour takes no bonus tile; any black-depot tile goes onto a
  fitting space at once, face up, with its effect (and may complete another colour).
- SO-10, P-SO-3, P-SO-4, P-SO-6: points bought for silver on the turn; the counter reaching
  the target resets it to 0, the target drops 5 (not below 5) and the player has an extra
  action (a castle's) to use before the turn ends. A completed area's points and its phase
  bonus are one gain (docs/rules-decisions.md).
- SO-12: the turn order track has no one to order.
- SO-13, P-SO-5: the game ends once all 37 spaces are filled, or after the 25th turn; won
  with all 37 filled (SoloGameEnded reports spaces, target, counter and resets).
Not with Châteauma, team or the other modules (P-GEN-2): data/modules.json.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

from ..actions import allow_action, register_action
from ..boards import SPACES
from ..engine import (CASTLE_ACTION, SHIP_GOODS, TURN, DECLINE, place_tile, placeable_mask,
                      score, store_tile, gain_workers)
from ..events import EVENT_TYPES, EffectLapsed
from ..extension import APPLY, EFFECTS, LEGAL, STEPS, STORED, Module, register
from ..scoring import END_KNOWLEDGE, knowledge_end_points
from ..state import Frame
from ..tiles import COLOURS, KIND_COLOUR, KIND_KNOWLEDGE, KIND_NAMES, SHIP, kind_from_name

ID = "solo"
BLACK_TILE = kind_from_name("black_tile")
TRADE, REWARD = "solo_trade", "solo_reward"
TRADE_GOODS = 5          # SO-7 (c)
TARGET_STEP = 5          # SO-10
TARGET_FLOOR = 5         # P-SO-6
START_WORKERS = 2        # SO-1
# Face-down tiles a game can hold at most: every black-depot tile of the 5 phases (4 each).
TOKENS = 20
TARGETS = tuple(range(45, 56))
ALL_SPACES = (1 << SPACES) - 1


class SoloState(NamedTuple):
    target: int              # where the target marker stands now
    base: int = 0            # the score at the last reset: the counter is score - base
    resets: int = 0
    extra: int = 0           # extra actions still to use this turn (P-SO-4)
    tokens: int = TOKENS     # face-down tiles not in play
    hidden: tuple[int, ...] = ()            # the tiles lying face down, in order
    removed: tuple[int, ...] = (0,) * 7     # goods out of the game, per type 1-6
    bought: int = 0          # points bought with silver
    monasteries: int = 0     # points the end-game monasteries scored as placed
    ended: bool = False      # the game ended on the 37th space


# --- events ------------------------------------------------------------------------------

class DepotTileRemoved(NamedTuple):
    """SO-6: the turn's tile out of the game from a depot (the white die's, or the next
    clockwise that holds one)."""
    depot: int
    slot: int
    tile: str


class GoodsRemoved(NamedTuple):
    """SO-7 (b): the goods a ship did not take leave the game, per depot."""
    goods: tuple[tuple[int, tuple[int, ...]], ...]   # (depot, goods types)


class BlackTileTraded(NamedTuple):
    """SO-7 (c): 5 goods given up for a black-depot tile (BlackTileStored follows)."""
    player: int
    goods: tuple[int, ...]
    slot: int          # the black-depot space


class BlackTileStored(NamedTuple):
    """The traded tile lies face down in storage."""
    player: int
    storage: int


class RewardPlaced(NamedTuple):
    """SO-9: a colour completed; a black-depot tile goes straight onto the estate (the
    TilePlaced event follows)."""
    player: int
    slot: int
    space: int


class PointsBought(NamedTuple):
    player: int
    points: int        # 1 silver each (PointsScored follows)


class TargetReached(NamedTuple):
    """SO-10: the counter reached the target: back to 0, the target down, an extra action."""
    player: int
    lost: int          # points beyond the target, lost
    target: int        # the target marker's new place


class ExtraActionTaken(NamedTuple):
    player: int


class SoloGameEnded(NamedTuple):
    """SO-13, P-SO-5: won when all 37 spaces are filled."""
    won: bool
    filled: int
    target: int
    counter: int
    resets: int


EVENT_TYPES.update({e.__name__: e for e in (
    DepotTileRemoved, GoodsRemoved, BlackTileTraded, BlackTileStored, RewardPlaced, PointsBought,
    TargetReached, ExtraActionTaken, SoloGameEnded)})


# --- reading the position ---------------------------------------------------------------

def solo_state(state) -> SoloState:
    return state.ext[ID]


def counter(state) -> int:
    """Where the points counter stands (SO-10)."""
    return state.players[0].score - solo_state(state).base


def filled(state) -> int:
    return bin(state.players[0].occupied).count("1")


class SoloResult(NamedTuple):
    won: bool
    filled: int
    target: int
    counter: int
    resets: int


def solo_result(state) -> SoloResult:
    """SO-13: the game's outcome so far (final once the game is over)."""
    s = solo_state(state)
    n = filled(state)
    return SoloResult(n == SPACES, n, s.target, counter(state), s.resets)


def completed_colours(p) -> int:
    """Colours whose every space is filled (what monastery 26 counts in the solo game)."""
    board = p.board
    return sum(1 for mask in board.colour_mask if mask and p.occupied & mask == mask)


def _set(state, **changes) -> None:
    state.ext[ID] = state.ext[ID]._replace(**changes)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- SO-6: the turn's tile out of the game ---------------------------------------------

def remove_depot_tile(state, events: list | None) -> None:
    for step in range(6):
        d = (state.white - 1 + step) % 6
        row = state.depots[d]
        for slot, k in enumerate(row):
            if k >= 0:
                row[slot] = -1
                state.box.append(k)
                if events is not None:
                    events.append(DepotTileRemoved(d + 1, slot, KIND_NAMES[k]))
                return


# --- SO-7 (c): five goods for a black tile -------------------------------------------------

def _goods_list(p) -> list[int]:
    return [t for t in range(1, 7) for _ in range(p.goods[t])]


def trade_offers(p) -> list[tuple[int, ...]]:
    """The distinct sets of 5 goods p may give up (types ascending)."""
    held = _goods_list(p)
    if len(held) < TRADE_GOODS:
        return []
    types = sorted(set(held))
    return [c for c in combinations_with_replacement(types, TRADE_GOODS)
            if all(c.count(t) <= p.goods[t] for t in types)]


def _may_trade(state, seat: int) -> bool:
    return sum(state.players[seat].goods) >= TRADE_GOODS and any(k >= 0 for k in state.black) \
        and solo_state(state).tokens > 0


def _offer_trade(state, seat: int, events: list | None) -> None:
    if _may_trade(state, seat):
        state.frames.append(Frame(TRADE, seat))


def _legal_trade(state, frame) -> list:
    p = state.players[frame.player]
    out: list = []
    if solo_state(state).tokens > 0:
        offers = trade_offers(p)
        for slot, k in enumerate(state.black):
            if k >= 0:
                out += [("trade", slot, goods) for goods in offers]
    out.append(DECLINE)
    return out


def _apply_trade(state, frame, action: tuple, events: list | None) -> None:
    _, slot, goods = action
    seat = frame.player
    p = state.players[seat]
    removed = list(solo_state(state).removed)
    for t in goods:
        p.goods[t] -= 1
        removed[t] += 1
    k = state.black[slot]
    state.black[slot] = -1
    s = solo_state(state)
    _set(state, removed=tuple(removed), hidden=s.hidden + (k,), tokens=s.tokens - 1)
    if events is not None:
        events.append(BlackTileTraded(seat, tuple(goods), slot))
    store_tile(state, seat, BLACK_TILE, 0, slot, ID, events)


def _effect_black_tile(state, seat: int, kind: int, space: int, events: list | None) -> None:
    """SO-7 (d): a face-down tile does nothing; it only fills its space."""


# --- SO-9: a colour completed -------------------------------------------------------------

def _reward_actions(state, seat: int) -> list:
    p = state.players[seat]
    out = []
    for slot, k in enumerate(state.black):
        if k >= 0:
            out += [("reward", slot, space) for space in _bits(placeable_mask(p, k))]
    return out


def _legal_reward(state, frame) -> list:
    out = _reward_actions(state, frame.player)
    out.append(DECLINE)
    return out


def _apply_reward(state, frame, action: tuple, events: list | None) -> None:
    _, slot, space = action
    k = state.black[slot]
    state.black[slot] = -1
    if events is not None:
        events.append(RewardPlaced(frame.player, slot, space))
    place_tile(state, frame.player, k, space, -1, events)


# --- SO-10: points, the target and the extra action ------------------------------------------

def _apply_buy_points(state, frame, action: tuple, events: list | None) -> None:
    state.frames.append(frame)  # buying answers no decision; the turn goes on
    n = action[1]
    seat = frame.player
    state.players[seat].silver -= n
    _set(state, bought=solo_state(state).bought + n)
    if events is not None:
        events.append(PointsBought(seat, n))
    score(state, seat, n, "bought_points", events)


def points_to_buy(state, seat: int) -> int:
    """How many points seat may buy now: up to the target, 1 silver each."""
    return min(state.players[seat].silver, solo_state(state).target - counter(state))


def _apply_extra(state, frame, action: tuple, events: list | None) -> None:
    state.frames.append(frame)
    _set(state, extra=solo_state(state).extra - 1)
    if events is not None:
        events.append(ExtraActionTaken(frame.player))
    state.frames.append(Frame(CASTLE_ACTION, frame.player))


# --- SO-13: the end ---------------------------------------------------------------------------

def _step_result(state, events: list | None) -> None:
    r = solo_result(state)
    if events is not None:
        events.append(SoloGameEnded(*r))


def _parse_trade(args: list[str]) -> tuple:
    if len(args) != 2 or not args[0].isdigit() or len(args[1]) != TRADE_GOODS \
            or not all(c in "123456" for c in args[1]):
        raise ValueError("trade takes the black-depot space and five goods types, "
                         "e.g. 'trade 0 11234'")
    return ("trade", int(args[0]), tuple(int(c) for c in args[1]))


def _parse_two(name: str):
    def parse(args: list[str]) -> tuple:
        if len(args) != 2 or not all(a.isdigit() for a in args):
            raise ValueError(f"{name} takes the black-depot space and the estate space")
        return (name, int(args[0]), int(args[1]))
    return parse


def _parse_points(args: list[str]) -> tuple:
    if len(args) != 1 or not args[0].isdigit():
        raise ValueError("buy_points takes how many points")
    return ("buy_points", int(args[0]))


def _parse_extra(args: list[str]) -> tuple:
    if args:
        raise ValueError("extra takes nothing")
    return ("extra",)


@register
class Solo(Module):
    id = ID
    effect_frames = (TRADE, REWARD)
    game_end_steps = {"automa_end": ("solo_result",)}

    def check_state(self, state) -> str | None:
        for f in state.frames:
            if (f.kind == TRADE and f.arg is not None) or (f.kind == REWARD and not (
                    type(f.arg) is int and 0 <= f.arg < len(COLOURS))):
                return f"decision {f.kind!r} with {f.arg!r}"
        return None

    def _start_target(self) -> int:
        return int(self.param.partition("=")[2]) if self.param else 50

    def new_ext(self) -> SoloState:
        return SoloState(self._start_target())

    def ext_to_json(self, value: SoloState) -> dict:
        return {"target": value.target, "base": value.base, "resets": value.resets,
                "extra": value.extra, "tokens": value.tokens,
                "hidden": [KIND_NAMES[k] for k in value.hidden],
                "removed": list(value.removed[1:]), "bought": value.bought,
                "monasteries": value.monasteries, "ended": value.ended}

    def ext_from_json(self, data) -> SoloState:
        ints = ("target", "base", "resets", "extra", "tokens", "bought", "monasteries")
        if not all(type(data[k]) is int and data[k] >= 0 for k in ints):
            raise ValueError("solo: counts must be whole numbers 0 or more")
        if not TARGET_FLOOR <= data["target"] <= max(TARGETS) or data["tokens"] > TOKENS:
            raise ValueError(f"solo: target {data['target']!r}, {data['tokens']!r} tiles")
        removed = data["removed"]
        if type(removed) is not list or len(removed) != 6 or \
                not all(type(v) is int and v >= 0 for v in removed):
            raise ValueError("solo: goods out of the game are 6 counts")
        if type(data["ended"]) is not bool or type(data["hidden"]) is not list:
            raise ValueError("solo: malformed face-down tiles or end")
        return SoloState(data["target"], data["base"], data["resets"], data["extra"],
                         data["tokens"], tuple(kind_from_name(n) for n in data["hidden"]),
                         (0, *removed), data["bought"], data["monasteries"], data["ended"])

    def phase_setup(self, state, events: list | None) -> None:
        """SO-1: the solo player starts with 2 workers (the first seat's 1, and one more)."""
        if state.phase == 0:
            more = START_WORKERS - state.players[0].workers
            if more > 0:
                gain_workers(state, 0, more, "solo_start", events)

    def turn_started(self, state, seat: int, events: list | None) -> None:
        _set(state, extra=0)  # P-SO-4: an extra action left unused lapses with the turn
        remove_depot_tile(state, events)

    def goods_types(self, state, seat: int, limit: int) -> int:
        return 6  # SO-1: any number of types

    def ship_goods_taken(self, state, seat: int, depots: tuple, events: list | None) -> None:
        wiped = []
        removed = list(solo_state(state).removed)
        for d, here in enumerate(state.depot_goods, 1):
            if d in depots or not any(here):
                continue
            wiped.append((d, tuple(t for t in range(1, 7) for _ in range(here[t]))))
            for t in range(1, 7):
                removed[t] += here[t]
                here[t] = 0
        if wiped:
            _set(state, removed=tuple(removed))
            if events is not None:
                events.append(GoodsRemoved(tuple(wiped)))
        _offer_trade(state, seat, events)

    def colour_completed(self, state, seat: int, colour: int, events: list | None) -> bool:
        if _reward_actions(state, seat):
            state.frames.append(Frame(REWARD, seat, colour))
        elif events is not None:
            events.append(EffectLapsed(seat, REWARD))
        return False

    def tile_placed(self, state, seat: int, kind: int, space: int,
                    events: list | None) -> None:
        p = state.players[seat]
        n = KIND_KNOWLEDGE[kind]
        if n in END_KNOWLEDGE:
            q = p.copy()
            q.knowledge = 1 << n
            rs = state.rs
            points = knowledge_end_points(q, rs.knowledge_15_points, rs.knowledge_26_points,
                                          completed_colours(p))
            _set(state, monasteries=solo_state(state).monasteries + points)
            score(state, seat, points, "knowledge", events)
        elif KIND_COLOUR[kind] == SHIP and not (
                state.frames and state.frames[-1].kind == SHIP_GOODS):
            _offer_trade(state, seat, events)  # no goods to take: the trade is still offered
        if p.occupied == ALL_SPACES:
            # P-SO-5: the 37th space ends the game at once.
            _set(state, ended=True)
            state.frames.clear()
            state.steps = state.hooks.game_end

    def points_scored(self, state, seat: int, points: int, reason: str,
                      events: list | None) -> None:
        if reason == "areas":
            # A completed area's points and its phase bonus are one gain (SE l.538
            # "gibt es dafür zweierlei Siegpunkte"): the bonus follows at once in
            # engine.place_tile, and the target is checked then, so what passes it is lost.
            return
        s = solo_state(state)
        now = state.players[seat].score - s.base
        if now >= s.target:
            target = max(TARGET_FLOOR, s.target - TARGET_STEP)
            _set(state, base=state.players[seat].score, resets=s.resets + 1,
                 extra=s.extra + 1, target=target)
            if events is not None:
                events.append(TargetReached(seat, now - s.target, target))

    def end_knowledge(self, state, seat: int, points: int) -> int:
        return 0  # SO-7 (e): scored as placed

    def ended_early(self, state) -> bool:
        return solo_state(state).ended

    def goods_held(self, state) -> list[int]:
        return list(solo_state(state).removed)

    def tiles_held(self, state) -> list[int]:
        s = solo_state(state)
        return [*s.hidden, *[BLACK_TILE] * s.tokens]

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        s = solo_state(state)
        out["knowledge"] = s.monasteries
        out["bought_points"] = s.bought

    def decision_actions(self, state, frame, out: list) -> None:
        if frame.kind != TURN:
            return
        s = solo_state(state)
        if s.extra:
            out.append(("extra",))
        for n in range(1, points_to_buy(state, frame.player) + 1):
            out.append(("buy_points", n))

    def explain(self, state, action: tuple) -> str | None:
        name = action[0] if action else None
        frame = state.frames[-1] if state.frames else None
        if name == "buy_points":
            if frame is None or frame.kind != TURN:
                return "points are bought on the turn, between its actions"
            most = points_to_buy(state, frame.player)
            return (f"1 silver a point, up to the target: you may buy 1 to {most}" if most > 0
                    else "buying points needs silver (1 each)")
        if name == "extra":
            return "an extra action comes only from reaching the target marker, this turn"
        if name == "trade":
            if frame is None or frame.kind != TRADE:
                return "5 goods buy a black-depot tile only right after placing a ship"
            return "give up 5 goods you hold for a tile in the black depot"
        if name == "reward":
            if frame is None or frame.kind != REWARD:
                return ("a black-depot tile goes straight onto the estate only on completing "
                        "a colour")
            return "that tile goes on an empty space of its colour next to your tiles"
        return None

    def public(self, state) -> tuple:
        s = solo_state(state)
        return (s.target, s.base, s.resets, s.extra, s.tokens, s.removed, s.ended)


EFFECTS["black_tile"] = _effect_black_tile
LEGAL.update({TRADE: _legal_trade, REWARD: _legal_reward})
APPLY.update({"trade": _apply_trade, "reward": _apply_reward, "buy_points": _apply_buy_points,
              "extra": _apply_extra})
STEPS["solo_result"] = _step_result
STORED[ID] = lambda seat, kind, storage: BlackTileStored(seat, storage)
register_action("trade", ("slot", "goods"), (TRADE,),
                lambda a: f"trade {a[1]} {''.join(map(str, a[2]))}", _parse_trade, ID)
register_action("reward", ("slot", "space"), (REWARD,),
                lambda a: f"reward {a[1]} {a[2]}", _parse_two("reward"), ID)
register_action("buy_points", ("points",), (TURN,), lambda a: f"buy_points {a[1]}",
                _parse_points, ID)
register_action("extra", (), (TURN,), lambda a: "extra", _parse_extra, ID)
allow_action("decline", TRADE)
allow_action("decline", REWARD)
