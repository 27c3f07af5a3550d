"""Whole turns: every sequence of one player's decisions until play passes on.

A turn is deterministic once the dice are rolled (no chance step falls inside it), so a
player can look at the positions its complete turns lead to and pick the best. The number
of sequences grows quickly (two die actions, each with its effects and sub-choices, a
purchase before, between or after), so a beam keeps the best few positions at each depth.
Positions are compared only with others at the same stage of the turn (the same dice used,
the purchase made or not, the same effect pending), and positions reached twice (the dice
used in the other order) are expanded once.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..rules import Action, GameState, module_state

Objective = Callable[[GameState, int], float]

# Monastery 28 lets its owner buy 2 workers for a silver on every decision of the turn.
# The evaluation values silver at its best conversion, so a purchase pays only when a die
# needs the workers: the plan tries one only while the player holds fewer than this many,
# which keeps the turn's sequences from growing by a level for every silver held.
BUY_WORKERS = ("buy_workers",)
BUY_WHILE_BELOW = 4


class Line(NamedTuple):
    """A complete turn: its actions, the position after it and that position's value."""
    value: float
    actions: tuple[Action, ...]
    state: GameState


def passes_on(state: GameState, seat: int, turn_index: int) -> bool:
    """True once `seat` no longer decides: its turn (or setup step) is over."""
    return (state.terminal or state.chance is not None or state.turn_index != turn_index
            or state.current_player != seat)


def position_key(state: GameState, seat: int) -> tuple:
    """What can differ between two positions inside one player's turn."""
    p = state.players[seat]
    used = p.used
    key: tuple = (tuple(p.estate), tuple(sorted(p.storage)), tuple(p.goods), p.silver, p.workers,
                  used[0], used[1], p.knowledge, p.score, p.track_pos, state.bought,
                  tuple(map(tuple, state.depots)), tuple(state.black),
                  tuple(map(tuple, state.depot_goods)), tuple(state.bonus_taken),
                  tuple(state.frames))
    if state.config.modules:
        # The modules' own public state (castle_connection's pool, ...).
        key += (module_state(state),)
    return key


def _stage(state: GameState, seat: int) -> tuple:
    used = state.players[seat].used
    return (used[0], used[1], state.bought, tuple([f.kind for f in state.frames]))


def _rank(entry: tuple) -> tuple:
    return (-entry[0], entry[1])


def plan(state: GameState, objective: Objective, width: int,
         max_lines: int | None = None, by_stage: bool = True) -> list[Line]:
    """The complete turns from `state` found by a beam of `width` positions per stage,
    best first. `state` is not changed. Without `by_stage` the beam keeps the `width`
    best positions of each depth, whatever their stage: a greedy turn at width 1."""
    seat = state.current_player
    turn_index = state.turn_index
    level: list[tuple[GameState, tuple]] = [(state, ())]
    lines: list[Line] = []
    seen: set = set()
    # Bound once: every child of every level passes through these.
    remember = seen.add
    add_line = lines.append
    while level:
        stages: dict[tuple, list] = {}
        for node, path in level:
            # A node is never changed (its children are clones), so whether it may buy
            # workers holds for all its actions.
            may_buy = node.players[seat].workers < BUY_WHILE_BELOW
            for action in node.legal_actions():
                if action == BUY_WORKERS and not may_buy:
                    continue
                child = node.clone()
                child.apply(action, listen=False)
                line = path + (action,)
                # passes_on, written out: the current player only where no chance is due
                frames = child.frames
                if (child.terminal or child.chance is not None
                        or child.turn_index != turn_index
                        or (frames[-1].player if frames else -1) != seat):
                    add_line(Line(objective(child, seat), line, child))
                    continue
                key = position_key(child, seat)
                if key in seen:
                    continue
                remember(key)
                entry = (objective(child, seat), len(seen), line, child)
                stage = _stage(child, seat) if by_stage else ()
                group = stages.get(stage)
                if group is None:
                    stages[stage] = [entry]
                else:
                    group.append(entry)
        level = []
        for group in stages.values():
            group.sort(key=_rank)
            level += [(child, line) for _, _, line, child in group[:width]]
    lines.sort(key=lambda ln: -ln.value)
    return lines[:max_lines] if max_lines else lines
