"""Small state builders for the rule scenarios.

`game()` drives a new game through its public API up to the first turn, with every chance
outcome chosen by the test (start player, boards, start goods, depot tiles, goods, dice).
The other helpers poke a player's holdings to set a scenario up quickly: tiles in storage
or on the estate, goods, silver, workers, monasteries. Tiles are named as in the data
(`castle`, `mine`, `ship`, `bank`, `cow3`, `monastery7`, ...); goods types are 1-6.
"""

from __future__ import annotations

from typing import Iterable

import pytest

from game.rules import (GameConfig, GameState, IllegalAction, check_state, new_game,
                        recompute_breakdown)
from game.rules.boards import AXIAL, CENTRE, get_board
from game.rules.chance import black_draw, depot_colours
from game.rules.invariants import all_tiles, goods_in_play, tiles_in_play
from game.rules.state import Frame, PlayerState
from game.rules.tiles import ANY_COLOUR, GOODS_PER_TYPE, KIND_COLOUR, MONASTERY, kind_from_name

kind = kind_from_name


def phase_outcome(state: GameState, depots: dict | None = None, black: Iterable[str] = (),
                  goods: Iterable[int] = (1, 2, 3, 4, 5)) -> tuple:
    """A 'phase' outcome: the named tiles on the given (depot, space) pairs and on the
    first black depot spaces, every other space filled from the supply in its order."""
    wanted = {pos: kind(name) for pos, name in (depots or {}).items()}
    bags = [list(bag) for bag in state.bags]
    for k in wanted.values():
        bags[KIND_COLOUR[k]].remove(k)
    tiles = []
    for d, row in enumerate(depot_colours(state.config.table_players, state.phase), 1):
        for s, colour in enumerate(row):
            if (d, s) in wanted:
                tiles.append(wanted[(d, s)])
            else:
                tiles.append(bags[colour].pop(0) if bags[colour] else -1)
    chosen = [kind(name) for name in black]
    rest = list(state.black_bag)
    for k in chosen:
        rest.remove(k)
    size = black_draw(state)  # less the black-depot spaces a module's tiles take
    return tuple(tiles), tuple(chosen + rest[:size - len(chosen)]), tuple(goods)


def roll_outcome(white: int, dice: Iterable[tuple[int, int]]) -> tuple:
    return (white, *(v for pair in dice for v in pair))


def game(players: int = 2, rules: str = "special", mode: str = "basic", start_player: int = 0,
         boards: Iterable[str] | None = None, castles: Iterable[int] | None = None,
         start_goods: Iterable[Iterable[int]] | None = None, depots: dict | None = None,
         black: Iterable[str] = (), goods: Iterable[int] = (1, 2, 3, 4, 5), white: int = 1,
         dice: Iterable[tuple[int, int]] | None = None,
         modules: Iterable[str] = ()) -> GameState:
    """A game at the first turn of round 1 of phase A ('basic' or 'free' board mode),
    with the expansion `modules` in play.

    In 'free' mode every seat takes board `boards[seat]` (board 1 by default) and puts
    its start castle on `castles[seat]` (the centre by default)."""
    state = new_game(GameConfig(players=players, rules=rules, board_mode=mode,
                                modules=tuple(modules)))
    state.apply_chance(start_player)
    if mode == "free":
        boards = list(boards or [state.config.rule_set.board_id("1")] * players)
        castles = list(castles or [CENTRE] * players)
        while state.decision in ("board", "start_castle"):
            seat = state.current_player
            if state.decision == "board":
                state.apply(("board", boards[seat]))
            else:
                state.apply(("start_castle", castles[seat]))
    elif mode != "basic":
        raise ValueError("game() builds 'basic' and 'free' games")
    dealt = [tuple(g) for g in (start_goods or [(1, 2, 3)] * players)]
    state.apply_chance(tuple(t for g in dealt for t in g))
    state.apply_chance(phase_outcome(state, depots, black, goods))
    state.apply_chance(roll_outcome(white, dice or [(1, 2)] * players))
    return state


# --- pokes: set a scenario up quickly ------------------------------------------------

def me(state: GameState) -> PlayerState:
    return state.players[state.current_player]


def _seat(state: GameState, seat: int | None) -> int:
    return state.current_player if seat is None else seat


def store(state: GameState, *names: str | None, seat: int | None = None) -> None:
    """Fill the storage spaces in order (None = empty space)."""
    p = state.players[_seat(state, seat)]
    p.storage = [kind(n) if n else -1 for n in names] + [-1] * (3 - len(names))
    state._legal = None


def build(state: GameState, space: int, name: str, seat: int | None = None,
          phase: int = 0) -> None:
    """Lay a tile on an estate space as if placed earlier (no effect, no points)."""
    p = state.players[_seat(state, seat)]
    k = kind(name)
    assert p.estate[space] < 0, f"space {space} is taken"
    assert p.board.colour[space] == KIND_COLOUR[k] or KIND_COLOUR[k] == ANY_COLOUR, \
        f"{name} does not fit space {space}"
    p.lay_tile(space, k, phase)
    p.frontier = (p.frontier | p.board.neighbour_mask[space]) & ~p.occupied
    state._legal = None


def _from_centre(space: int) -> int:
    q, r = AXIAL[space]
    return (abs(q) + abs(r) + abs(q + r)) // 2


def monasteries(state: GameState, *numbers: int, seat: int | None = None) -> None:
    """Lay monastery tiles on the estate's empty monastery spaces, furthest from the
    centre first (so they stay clear of a scenario around the start castle)."""
    p = state.players[_seat(state, seat)]
    free = [s for s in range(37) if p.board.colour[s] == MONASTERY and p.estate[s] < 0]
    free.sort(key=lambda s: (-_from_centre(s), s))
    assert len(free) >= len(numbers), "not enough monastery spaces"
    for space, n in zip(free, numbers):
        build(state, space, f"monastery{n}", seat=_seat(state, seat))


def set_goods(state: GameState, goods: dict[int, int], seat: int | None = None) -> None:
    p = state.players[_seat(state, seat)]
    p.goods = [0] * 7
    for t, count in goods.items():
        p.goods[t] = count
    state._legal = None


def give(state: GameState, seat: int | None = None, silver: int | None = None,
         workers: int | None = None) -> None:
    p = state.players[_seat(state, seat)]
    if silver is not None:
        p.silver = silver
    if workers is not None:
        p.workers = workers
    state._legal = None


def set_dice(state: GameState, a: int, b: int, seat: int | None = None) -> None:
    state.players[_seat(state, seat)].dice = [a, b]
    state._legal = None


def set_depot(state: GameState, depot: int, names: Iterable[str | None]) -> None:
    """Replace a numbered depot's tiles (None = empty space)."""
    state.depots[depot - 1] = [kind(n) if n else -1 for n in names]
    state._legal = None


def set_depot_goods(state: GameState, depot: int, goods: dict[int, int]) -> None:
    state.depot_goods[depot - 1] = [0] * 7
    for t, count in goods.items():
        state.depot_goods[depot - 1][t] = count
    state._legal = None


def pass_turn(state: GameState) -> None:
    """The current player takes workers with both dice and ends the turn."""
    state.apply(("workers", 0))
    state.apply(("workers", 1))
    state.apply(("end",))


def at_last_turn(state: GameState, phase: int) -> None:
    """Jump to the last turn of the last round of `phase`, both dice already used, so
    that ('end',) ends the phase (or, in phase E, the game)."""
    state.phase = phase
    state.round = 4
    state.turn_index = state.n - 1
    seat = state.order[-1]
    state.frames = [Frame("turn", seat)]
    state.players[seat].used = [True, True]
    state._legal = None


def settle(state: GameState) -> None:
    """Balance the supply after pokes, as a game would have it: tiles and goods poked into
    a holding leave the supply, tiles poked away go to the box and goods back to the
    supply (a saved state must conserve them to load)."""
    extra = tiles_in_play(state)
    extra.subtract(all_tiles(state.config))  # the modules' tiles included
    for k, n in extra.items():
        for _ in range(n):
            for pile in (state.bags[KIND_COLOUR[k]], state.black_bag, state.box):
                if k in pile:
                    pile.remove(k)
                    break
            else:  # the last ones lie in a depot
                row = next(r for r in (*state.depots, state.black) if k in r)
                row[row.index(k)] = -1
        if n < 0:
            state.box += [k] * -n
    counted = goods_in_play(state)
    for t in range(1, 7):
        state.goods_pool[t] -= counted[t] - GOODS_PER_TYPE
    state._legal = None


def board(board_id: str):
    return get_board(board_id)


def points(events: list, reason: str, seat: int | None = None) -> int:
    """Points scored in the events for one reason."""
    return sum(e.points for e in events if type(e).__name__ == "PointsScored"
               and e.reason == reason and (seat is None or e.player == seat))


def of_type(events: list, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


def refused(state: GameState, action: tuple, *words: str) -> None:
    """The action is refused with every one of `words` in the reason, and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    for word in words:
        assert word in str(err.value), str(err.value)
    assert state.to_json() == before


def unexplained(s: GameState) -> list[dict[str, int]]:
    """Per seat, the points by category that the breakdown derived from the placements
    and the running score disagree on. A scenario's hand-built holdings may differ from
    the start; a placement played adds the same to both, so the difference stays."""
    out = []
    for seat in range(s.n):
        derived = recompute_breakdown(s, seat)
        running = s.score_breakdown(seat)
        out.append({k: v for k in derived.keys() | running.keys()
                    if (v := derived.get(k, 0) - running.get(k, 0))})
    return out


def roundtrip(s: GameState) -> GameState:
    """The settled state, checked, through its JSON text and back: the same text and
    the same legal actions."""
    settle(s)
    check_state(s)
    text = s.to_json()
    restored = GameState.from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == s.legal_actions()
    return restored
