"""Positions for the AI tests: mid-game states from seeded games, and hand-built scenarios."""

from __future__ import annotations

import random

from game.rules import GameConfig, GameState, new_game
from game.rules.chateauma import JOKERS, face_down, kind_of
from game.rules.state import Frame
from game.ai.players import EasyPlayer
from tests.rules.builders import build, game, give, set_dice, set_goods, store


def midgame_positions(seed: int, players: int = 2, rules: str = "special",
                      board_mode: str = "advanced", every: int = 17,
                      chateauma: str | None = None) -> list[GameState]:
    """Decision points of a game played by Easy players, one every `every` decisions."""
    chance = random.Random(seed)
    state = new_game(GameConfig(players=players, rules=rules, board_mode=board_mode,
                                chateauma=chateauma))
    bots = [EasyPlayer(seed=seed + i) for i in range(players)]
    out = []
    decisions = 0
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        if decisions % every == every - 1 and len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
        decisions += 1
    return out


def shuffled_supplies(state: GameState, seed: int) -> GameState:
    """The same public position with every supply list in another order."""
    c = state.clone()
    rng = random.Random(seed)
    for bag in c.bags:
        rng.shuffle(bag)
    rng.shuffle(c.black_bag)
    rng.shuffle(c.box)
    return c


def swapped_face_down(state: GameState, seed: int) -> GameState:
    """The same public position with Châteauma's face-down tiles exchanged for other
    unseen black-backed tiles (and the supply shuffled)."""
    c = shuffled_supplies(state, seed)
    rng = random.Random(seed)
    automa = c.chateauma
    slots = [(stack, i) for stack in automa.estate + automa.card_tiles
             for i, code in enumerate(stack) if code < -1]
    for stack, i in slots:
        j = rng.randrange(len(c.black_bag))
        hidden = kind_of(stack[i])
        stack[i], c.black_bag[j] = face_down(c.black_bag[j]), hidden
    jokers = automa.reserve[JOKERS]
    for i in range(len(jokers)):
        j = rng.randrange(len(c.black_bag))
        jokers[i], c.black_bag[j] = c.black_bag[j], jokers[i]
    return c


PASTURE_AREA = (0, 4, 5, 9)   # board 1: the five-space pasture is 0, 4, 5, 9, 10
LAST_PASTURE_SPACE = 10       # die 4


def _turn_of_last_seat(state: GameState, phase: int, round_: int) -> int:
    state.phase = phase
    state.round = round_
    state.turn_index = state.n - 1
    seat = state.order[-1]
    state.frames = [Frame("turn", seat)]
    state.players[seat].used = [False, False]
    state._legal = None
    return seat


def last_turn(state: GameState) -> tuple[GameState, int]:
    """The game's last turn for the last seat, both dice unused."""
    return state, _turn_of_last_seat(state, 4, 4)


def pasture_almost_complete(phase: int, round_: int) -> GameState:
    """The last seat to move holds a cow that completes its five-space pasture with die 0
    (a 4); die 1 shows a 1."""
    state = game(players=2, mode="basic")
    seat = _turn_of_last_seat(state, phase, round_)
    for space in PASTURE_AREA:
        build(state, space, "sheep2", seat=seat)
    store(state, "cow2", seat=seat)
    set_dice(state, 4, 1, seat=seat)
    give(state, seat=seat, workers=0, silver=0)
    return state


def goods_to_sell_on_last_turn() -> GameState:
    """The game's last turn: three goods of type 5, a die showing 5, nothing else to do."""
    state = game(players=2, mode="basic")
    seat = _turn_of_last_seat(state, 4, 4)
    set_goods(state, {5: 3}, seat=seat)
    store(state, seat=seat)
    set_dice(state, 5, 5, seat=seat)
    give(state, seat=seat, workers=0, silver=0)
    state.depots = [[-1] * len(row) for row in state.depots]
    state.black = [-1] * len(state.black)
    return state


def play_turn(player, state: GameState) -> GameState:
    """Let the player make every decision of its turn; returns the position after it."""
    s = state.clone()
    seat = s.current_player
    turn_index = s.turn_index
    while (not s.terminal and s.chance is None and s.turn_index == turn_index
           and s.current_player == seat):
        s.apply(player.choose(s))
    return s
