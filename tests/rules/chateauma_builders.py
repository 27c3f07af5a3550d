"""State builders for the Châteauma scenarios.

`automa_game()` drives a game with Châteauma through its setup to the first turn of phase A,
every chance outcome chosen by the test; `automa_turn()` then plays one turn of Châteauma
with a chosen die. The pokes lay out its cards, reserve, estate and the depots. Tiles are
named as in the data; a leading "~" means face down (a joker).
"""

from __future__ import annotations

from typing import Iterable

from game.rules import GameConfig, GameState, new_game
from game.rules.chateauma import EMPTY, JOKERS, Chateauma, face_down
from game.rules.chateauma_data import CARDS
from game.rules.engine import start_turn
from game.rules.tiles import COLOUR_BY_NAME, KIND_COLOUR

from .builders import kind, phase_outcome, roll_outcome


def automa_game(players: int = 2, difficulty: str = "medium", start_player: int | None = None,
                left: int = 4, right: int = 1, hidden: Iterable[str] = (),
                shown: Iterable[str] = (), white: int = 1, empty_depots: bool = True,
                rules: str = "special") -> GameState:
    """A game at the first decision of phase A: seat 0 decides, Châteauma (the last seat)
    has set up with `left` and `right` cards. With empty_depots the numbered depots, the
    black depot and the goods on the depots are cleared so that a scenario lays out just
    what it needs."""
    config = GameConfig(players=players, board_mode="basic", chateauma=difficulty, rules=rules)
    state = new_game(config)
    state.apply_chance(start_player if start_player is not None else
                       (config.chateauma_seat if "C" in config.chateauma else 0))
    state.apply_chance(tuple([1, 2, 3] * config.deciders))
    state.apply_chance((left, right, tuple(kind(n) for n in hidden),
                        tuple(kind(n) for n in shown)))
    state.apply_chance(phase_outcome(state))
    state.apply_chance(roll_outcome(white, [(1, 2)] * config.deciders))
    if empty_depots:
        state.depots = [[EMPTY] * len(row) for row in state.depots]
        state.black = [EMPTY] * len(state.black)
        state.depot_goods = [[0] * 7 for _ in range(6)]
    return state


def automa(state: GameState) -> Chateauma:
    return state.chateauma


def seat(state: GameState) -> int:
    return state.config.chateauma_seat


def automa_turn(state: GameState, die: int, white: int | None = None) -> list:
    """Start Châteauma's turn now and roll `die` for it; returns the events. Later chance
    steps of the turn (extra turns, card draws) are left to the test."""
    if white is not None:
        state.white = white
    state.frames = []
    state.turn_index = state.order.index(seat(state))
    events: list = []
    start_turn(state, seat(state), events)
    assert state.chance == "chateauma_die"
    return events + state.apply_chance(die)


def _code(name: str | None) -> int:
    if name is None:
        return EMPTY
    return face_down(kind(name[1:])) if name.startswith("~") else kind(name)


def set_card(state: GameState, slot: int, card: int, tiles: dict[int, str] | None = None) -> None:
    """Show `card` in a slot (0 left, 1 right) with the given tiles on its spaces."""
    c = automa(state)
    if c.cards[slot]:
        c.deck.append(c.cards[slot])
    if card in c.deck:
        c.deck.remove(card)
    if card == c.cards[1 - slot]:
        c.cards[1 - slot], c.card_tiles[1 - slot] = 0, []
    c.deck.sort()
    c.cards[slot] = card
    c.card_tiles[slot] = [EMPTY] * len(CARDS[card].colours)
    for space, name in (tiles or {}).items():
        c.card_tiles[slot][space] = _code(name)


def clear_slot(state: GameState, slot: int) -> None:
    c = automa(state)
    c.cards[slot], c.card_tiles[slot] = 0, []


def fill_card(state: GameState, slot: int, *, but: Iterable[int] = ()) -> None:
    """Cover every space of a shown card with a plain tile of its colour, except `but`."""
    c = automa(state)
    plain = {"castle": "castle", "mine": "mine", "monastery": "monastery1", "ship": "ship",
             "pasture": "cow2", "building": "bank"}
    colours = CARDS[c.cards[slot]].colours
    names = {v: k for k, v in COLOUR_BY_NAME.items()}
    skip = set(but)
    for space, colour in enumerate(colours):
        if space not in skip and c.card_tiles[slot][space] == EMPTY:
            c.card_tiles[slot][space] = kind(plain[names[colour]])


def set_reserve(state: GameState, *names: str) -> None:
    """The reserve holds these tiles, stacked in the order given ("~x" = joker)."""
    c = automa(state)
    c.reserve = [[] for _ in range(7)]
    for name in names:
        if name.startswith("~"):
            c.reserve[JOKERS].append(kind(name[1:]))
        else:
            k = kind(name)
            c.reserve[KIND_COLOUR[k]].append(k)


def set_estate(state: GameState, tiles: dict[int, str]) -> None:
    c = automa(state)
    for space, name in tiles.items():
        c.estate[space].append(_code(name))


def set_black(state: GameState, *names: str | None) -> None:
    state.black = [kind(n) if n else EMPTY for n in names]


def tiles_on(state: GameState, slot: int) -> list[str | None]:
    from game.rules.tiles import KIND_NAMES
    out = []
    for code in automa(state).card_tiles[slot]:
        if code == EMPTY:
            out.append(None)
        elif code >= 0:
            out.append(KIND_NAMES[code])
        else:
            out.append("~" + KIND_NAMES[-2 - code])
    return out


def reserve_names(state: GameState) -> list[str]:
    from game.rules.tiles import KIND_NAMES
    c = automa(state)
    return ([KIND_NAMES[k] for stack in c.reserve[:JOKERS] for k in stack]
            + ["~" + KIND_NAMES[k] for k in c.reserve[JOKERS]])
