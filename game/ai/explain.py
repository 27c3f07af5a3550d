"""Hints that explain: the Hard tier's move and, in a few facts, why.

A hint is Hard's move for the player to decide. The explanation looks at what that move,
and the rest of the turn Hard planned around it, actually changes in the position: the
turn is played on a copy and its events say what happened (an area completed, a colour
bonus tile taken, goods sold, a ship's goods, a monastery placed). A tile taken and not
placed this turn is explained by the space it fits on the estate, or by the area it would
complete for an opponent. Nothing is claimed that the position does not show: with no
such fact the explanation falls back on Hard's evaluation alone.

The expected gain is the evaluation's difference between the end of Hard's turn and the
best turn that starts with another move (the evaluation is a final margin in points, so
the difference is in points); `points` is what the turn scores at once. Only public
information is used (the turn is played on the copy Hard itself searches), and everything
is deterministic for a given position, seed and amount of search.

This module builds the facts; the client words them (scenes/table/hint_text.py).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..rules import (AREA_POINTS, BUILDINGS, COLOURS, END_KNOWLEDGE, KIND_BUILDING, KIND_COLOUR,
                     KIND_EFFECT, KIND_KNOWLEDGE, KIND_NAMES, KIND_SPECIES, PHASE_BONUS,
                     SPECIES, Action, GameState, end_knowledge, placeable_mask,
                     resample_hidden)
from .evaluate import Evaluator
from .hard import HardPlayer
from .openings import opening_choice
from .routes import arrange_choice
from .turns import passes_on, plan

# The order in which reasons that score nothing at once are named, most telling first
# (reasons that score are named by their points, most first).
ORDER = ("colour_bonus", "area", "sale", "monastery_end", "feeds_monastery", "animals",
         "points", "building", "castle", "ship", "mine", "monastery", "take", "deny",
         "workers", "placed", "stored")
# Width of the search for the best turn that starts with another move.
ALTERNATIVE_WIDTH = HardPlayer.width


class Reason(NamedTuple):
    """One fact of the position the turn changes. `later`: it comes from a later action of
    Hard's planned turn, not from the hinted move itself. `points`: what it scores at once.
    `params`: the fact's details (colour, size, goods type, tile, seat, ...)."""
    kind: str
    later: bool
    points: int
    params: dict


class Explanation(NamedTuple):
    """A hint: the move, Hard's whole planned turn starting with it, the reasons (the main
    one first), the expected gain in points over the best turn starting with another move
    (None when there is no other move, or none was compared), and the points the turn
    scores at once. `how` says where the move came from: "search" (Hard's search),
    "only" (the only legal move), "book" (the opening book), "rule" (a setup decision
    Hard settles by a rule of thumb, not by search: the arranged trade route)."""
    action: Action
    turn: tuple
    reasons: tuple
    gain: float | None
    points: int
    how: str = "search"

    @property
    def main(self) -> Reason | None:
        return self.reasons[0] if self.reasons else None


def explained_hint(state: GameState, seed: int = 0, time_budget: float | None = None,
                   iterations: int | None = None, evaluator: Evaluator | None = None,
                   player: HardPlayer | None = None) -> Explanation:
    """Hard's move for the player to decide, with its explanation (`player`: a Hard
    player to ask instead of a new one)."""
    if player is None:
        player = HardPlayer(seed=seed, time_budget=time_budget, iterations=iterations,
                            evaluator=evaluator)
    legal = state.legal_actions()
    action = player.choose(state)
    how = "only" if len(legal) == 1 else (
        "book" if opening_choice(state) == action else
        "rule" if arrange_choice(state, player.evaluator) == action else "search")
    turn = (action,) + tuple(a for _, a in getattr(player, "_script", ()))
    return explain(state, turn, getattr(player, "evaluator", None), how)


def explain(state: GameState, turn: tuple, evaluator: Evaluator | None = None,
            how: str = "search") -> Explanation:
    """Explain the first action of `turn`, a turn (or its beginning) for the player to
    move; the rest of the turn is what Hard planned to follow it."""
    evaluator = evaluator or Evaluator()
    seat = state.current_player
    turn_index = state.turn_index
    root = resample_hidden(state, seat)
    objective = evaluator.advantage
    after = root.clone()
    per_action: list[list] = []
    for action in turn:
        if passes_on(after, seat, turn_index):
            break
        per_action.append(after.apply(action) or [])
    turn = turn[:len(per_action)]
    if not passes_on(after, seat, turn_index) and root.phase >= 0:
        # The turn goes on past what was planned (the only move): the evaluation's best
        # way on. (Not in the setup: the opening book chooses the castle space next.)
        rest = plan(after, objective, 2, max_lines=1)
        if rest:
            for action in rest[0].actions:
                per_action.append(after.apply(action) or [])
            turn = turn + rest[0].actions
    reasons = _reasons(root, after, seat, turn, per_action)
    points = after.players[seat].score - root.players[seat].score
    gain = None
    if how == "search" and root.phase >= 0:
        gain = _gain(root, turn[0], objective(after, seat), objective, seat)
    return Explanation(turn[0], tuple(turn), tuple(reasons), gain, points, how)


def _gain(root: GameState, action: Action, value: float, objective, seat: int
          ) -> float | None:
    """The evaluation's margin of the hinted turn over the best turn starting otherwise
    (never below 0: Hard's look-ahead may prefer a turn the evaluation alone ranks lower)."""
    lines = plan(root, objective, ALTERNATIVE_WIDTH)
    others = [ln.value for ln in lines if ln.actions[0] != action]
    if not others:
        return None
    return max(0.0, value - max(others))


def _reasons(root: GameState, after: GameState, seat: int, turn: tuple,
             per_action: list[list]) -> list[Reason]:
    out: list[Reason] = []
    placed: set[str] = set()
    for i, events in enumerate(per_action):
        later = i > 0
        mine = [e for e in events if getattr(e, "player", seat) == seat]
        found, tiles, monastery = _from_events(root, after, seat, mine, later, turn[i])
        out += found
        placed |= tiles
    # A ship's goods are chosen by a later decision of the turn.
    taken = tuple(g for events in per_action for e in events
                  if type(e).__name__ == "GoodsTaken" and e.player == seat for g in e.goods)
    for j, r in enumerate(out):
        if r.kind == "ship" and not r.params["goods"] and taken:
            out[j] = r._replace(params=dict(r.params, goods=taken))
    # Workers taken now and spent on a die later in the turn.
    for j, r in enumerate(out):
        if r.kind == "workers" and not r.params["used"]:
            rest = [e for events in per_action[1:] for e in events]
            used = _workers_used(rest, [type(e).__name__ for e in rest])
            out[j] = r._replace(params=dict(r.params, used=used))
    # Monasteries that score at the end: what the turn adds to them.
    before_end = end_knowledge(root, seat)
    after_end = end_knowledge(after, seat)
    if after_end > before_end:
        end = [r for r in out if r.kind == "monastery" and r.params["end"]]
        if end:
            r = end[0]
            out[out.index(r)] = Reason("monastery_end", r.later, 0,
                                       dict(r.params, end_points=after_end - before_end))
        else:
            out.append(Reason("feeds_monastery", False, 0,
                              {"end_points": after_end - before_end}))
    # A tile taken and kept for later: the space it fits, or the area it keeps from an
    # opponent.
    first = turn[0]
    if first[0] in ("take", "buy", "pick"):
        tile = _taken_tile(root, first)
        if tile is not None and KIND_NAMES[tile] not in placed:
            out += _kept_tile(after, seat, tile)
    out.sort(key=lambda r: (-r.points, r.later, ORDER.index(r.kind)
                            if r.kind in ORDER else len(ORDER)))
    return out


def _taken_tile(state: GameState, action: Action) -> int | None:
    op = action[0]
    try:
        if op == "take":
            return state.depots[action[2] - 1][action[3]]
        if op == "buy":
            row = state.black if action[1] == 0 else state.depots[action[1] - 1]
            return row[action[2]]
        if op == "pick":
            return state.depots[action[1] - 1][action[2]]
    except (IndexError, TypeError):
        return None
    return None


def _from_events(root: GameState, after: GameState, seat: int, events: list, later: bool,
                 action: Action) -> tuple[list[Reason], set[str], bool]:
    """The reasons in one action's events (the seat's own)."""
    out: list[Reason] = []
    placed: set[str] = set()
    monastery = False
    names = [type(e).__name__ for e in events]

    def points_after(i: int, categories: tuple[str, ...]) -> int:
        """The points scored for `categories` right after event i."""
        total = 0
        for e, name in zip(events[i + 1:], names[i + 1:]):
            if name == "PointsScored" and e.reason in categories:
                total += e.points
            elif name != "PointsScored":
                if total:
                    break
        return total

    counted: set[int] = set()  # PointsScored events a reason already names
    for i, (e, name) in enumerate(zip(events, names)):
        if name == "AreaCompleted":
            pts = points_after(i, ("areas", "phase_bonus"))
            _mark(events, names, i, ("areas", "phase_bonus"), counted)
            out.append(Reason("area", later, pts, {"colour": e.colour,
                                                   "size": len(e.spaces)}))
        elif name == "BonusTileTaken":
            pts = points_after(i, ("bonus_tiles",))
            _mark(events, names, i, ("bonus_tiles",), counted)
            out.append(Reason("colour_bonus", later, pts, {"colour": e.colour,
                                                           "rank": e.rank}))
        elif name == "GoodsSold":
            silver = sum(x.amount for x, n in zip(events[i:], names[i:])
                         if n == "SilverTaken" and x.reason == "sale")
            workers = sum(x.amount for x, n in zip(events[i:], names[i:])
                          if n == "WorkersTaken" and x.reason == "sale")
            pts = points_after(i, ("goods",))
            _mark(events, names, i, ("goods",), counted)
            out.append(Reason("sale", later, pts, {"goods": e.goods, "count": e.count,
                                                   "silver": silver, "workers": workers}))
        elif name == "TilePlaced":
            placed.add(e.tile)
            reason, is_monastery = _placement(after, seat, e.tile, events[i + 1:],
                                              names[i + 1:], later)
            monastery = monastery or is_monastery
            if reason is not None:
                out.append(reason)
        elif name == "WorkersTaken" and action[0] == "workers":
            out.append(Reason("workers", later, 0, {"amount": e.amount,
                                                    "used": _workers_used(events, names)}))
    for i, (e, name) in enumerate(zip(events, names)):
        if name == "PointsScored" and i not in counted and e.points > 0:
            if e.reason == "animals":
                _merge_animals(out, e.points)
            elif e.reason == "buildings" and any(r.kind == "building" for r in out):
                for j, r in enumerate(out):
                    if r.kind == "building":
                        out[j] = r._replace(points=r.points + e.points)
                        break
            else:
                out.append(Reason("points", later, e.points, {"category": e.reason}))
    return out, placed, monastery


def _mark(events: list, names: list[str], i: int, categories: tuple[str, ...],
          counted: set) -> None:
    seen = False
    for j in range(i + 1, len(events)):
        if names[j] == "PointsScored" and events[j].reason in categories:
            counted.add(j)
            seen = True
        elif names[j] != "PointsScored" and seen:
            break


def _merge_animals(out: list[Reason], points: int) -> None:
    for j, r in enumerate(out):
        if r.kind == "animals":
            out[j] = r._replace(points=r.points + points)
            return
    out.append(Reason("animals", False, points, {}))


def _workers_used(events: list, names: list[str]) -> bool:
    return any(n == "DieUsed" and e.workers > 0 for e, n in zip(events, names))


def _placement(after: GameState, seat: int, tile: str, rest: list, rest_names: list[str],
               later: bool) -> tuple[Reason | None, bool]:
    """What placing `tile` does by its kind (a module's kind falls back on "placed")."""
    kind = KIND_NAMES.index(tile) if tile in KIND_NAMES else -1
    if kind < 0:
        return Reason("placed", later, 0, {"tile": tile}), False
    effect = KIND_EFFECT[kind]
    if KIND_KNOWLEDGE[kind] and effect == "monastery":
        number = KIND_KNOWLEDGE[kind]
        return Reason("monastery", later, 0, {"number": number, "tile": tile,
                                              "end": number in END_KNOWLEDGE}), True
    if effect == "castle":
        return Reason("castle", later, 0, {"tile": tile}), False
    if effect == "ship":
        goods: tuple = ()
        position = None
        for e, n in zip(rest, rest_names):
            if n == "TurnOrderMoved" and position is None:
                position = e.position
            elif n == "GoodsTaken":
                goods = goods + tuple(e.goods)
        return Reason("ship", later, 0, {"goods": goods, "position": position,
                                         "tile": tile}), False
    if effect == "mine":
        return Reason("mine", later, 0, {"tile": tile}), False
    if effect == "animal":
        species = KIND_SPECIES[kind]
        return Reason("animals", later, 0, {"species": SPECIES[species] if species >= 0
                                            else None, "tile": tile}), False
    b = KIND_BUILDING[kind]
    if b >= 0:
        silver = workers = 0
        for e, n in zip(rest, rest_names):
            if n == "SilverTaken" and e.reason == BUILDINGS[b]:
                silver += e.amount
            elif n == "WorkersTaken" and e.reason == BUILDINGS[b]:
                workers += e.amount
            elif n == "TilePlaced":
                break
        return Reason("building", later, 0, {"building": BUILDINGS[b], "silver": silver,
                                             "workers": workers, "tile": tile}), False
    return Reason("placed", later, 0, {"tile": tile}), False


def _kept_tile(after: GameState, seat: int, tile: int) -> list[Reason]:
    """A tile taken and not placed this turn: the open space it fits on the estate (the
    one in the area closest to being finished), and an opponent's area it would finish."""
    out: list[Reason] = []
    p = after.players[seat]
    if tile not in p.storage:
        return out
    name = KIND_NAMES[tile]
    colour = KIND_COLOUR[tile]
    best = _closest_area(p, placeable_mask(p, tile))
    if best is not None:
        size, missing = best
        # What finishing the area would score if it were placed in this phase.
        phase = min(max(0, after.phase), len(PHASE_BONUS) - 1)
        out.append(Reason("take", False, 0, {"tile": name, "colour": _colour(colour),
                                             "size": size, "missing": missing,
                                             "points": AREA_POINTS[min(size, 10)]
                                             + PHASE_BONUS[phase]}))
    else:
        out.append(Reason("stored", False, 0, {"tile": name}))
    for other in range(after.n):
        if other == seat or after.players[other].board is None:
            continue
        q = after.players[other]
        try:
            near = _closest_area(q, placeable_mask(q, tile))
        except (IndexError, AttributeError):
            continue
        if near is not None and near[1] == 1:
            out.append(Reason("deny", False, 0, {"tile": name, "seat": other,
                                                 "size": near[0]}))
            break
    return out


def _colour(colour: int) -> str | None:
    return COLOURS[colour] if 0 <= colour < len(COLOURS) else None


def _closest_area(p: Any, mask: int) -> tuple[int, int] | None:
    """(size, spaces still empty) of the area nearest completion among those with a space
    in `mask`, or None when the mask is empty."""
    board = p.board
    best = None
    space = 0
    while mask:
        if mask & 1:
            area = board.area_of[space]
            missing = bin(board.area_mask[area] & ~p.occupied).count("1")
            size = board.area_size[area]
            key = (missing, -size)
            if best is None or key < best[0]:
                best = (key, (size, missing))
        mask >>= 1
        space += 1
    return None if best is None else best[1]
