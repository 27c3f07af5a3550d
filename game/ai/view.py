"""What a player may know: the public position, without the order of the supplies.

A GameState keeps its supplies (the tile bags, the black-backed tiles, the goods still
unrevealed) as lists, and a draw from a seeded RNG depends on their order. No player can
see that order, so an AI works on a copy with every supply sorted and seeds its own RNG
from the public position only: shuffling the supplies of a state never changes its choice.

Châteauma's face-down tiles (modifier A's estate tiles, its jokers) are black-backed tiles
whose faces nobody sees. What a player knows is only that they and the black-backed supply
together hold the black-backed tiles not yet seen, so the AI's copy pools them with that
supply and deals them out again by a fixed rule: which tile lies face down where never
reaches a choice.
"""

from __future__ import annotations

import hashlib

from ..rules import CHATEAUMA_JOKERS as JOKERS, GameState
from ..rules import chateauma_face_down as face_down, chateauma_kind_of as kind_of

FACE_DOWN = -2  # a face-down tile in the public key, whatever it is


def _hidden_slots(c) -> list[tuple[list[int], int, bool]]:
    """Every face-down tile of Châteauma as (list, index, stored face down as a code)."""
    slots = []
    for stack in c.estate:
        slots += [(stack, i, True) for i, code in enumerate(stack) if code < -1]
    for tiles in c.card_tiles:
        slots += [(tiles, i, True) for i, code in enumerate(tiles) if code < -1]
    jokers = c.reserve[JOKERS]
    slots += [(jokers, i, False) for i in range(len(jokers))]
    return slots


def canonical(state: GameState) -> GameState:
    """A copy of the state whose supplies are in a fixed order and whose face-down tiles
    are dealt from the unseen black-backed tiles by a fixed rule."""
    c = state.clone()
    for bag in c.bags:
        bag.sort()
    c.box.sort()
    if c.chateauma is None:
        c.black_bag.sort()
        return c
    slots = _hidden_slots(c.chateauma)
    unseen = sorted(c.black_bag + [kind_of(lst[i]) for lst, i, _ in slots])
    # Spread the dealt tiles over the sorted pool, so they are a fair cross-section of it.
    picks = {j * len(unseen) // len(slots) for j in range(len(slots))} if slots else set()
    dealt = [k for j, k in enumerate(unseen) if j in picks]
    c.black_bag = [k for j, k in enumerate(unseen) if j not in picks]
    for (lst, i, as_code), k in zip(slots, dealt):
        lst[i] = face_down(k) if as_code else k
    return c


def _chateauma_key(state: GameState) -> tuple:
    c = state.chateauma
    if c is None:
        return ()
    hide = lambda codes: tuple(FACE_DOWN if code < -1 else code for code in codes)  # noqa: E731
    return (c.level, c.modifiers, tuple(c.cards), tuple(hide(t) for t in c.card_tiles),
            tuple(sorted(c.deck)), tuple(c.discarded),
            tuple(tuple(r) for r in c.reserve[:JOKERS]), len(c.reserve[JOKERS]),
            tuple(hide(s) for s in c.estate), tuple(c.history), tuple(c.agenda), c.die)


def _unseen_black(state: GameState) -> tuple:
    """The black-backed tiles nobody has seen: the supply and Châteauma's face-down ones."""
    hidden = []
    if state.chateauma is not None:
        hidden = [kind_of(lst[i]) for lst, i, _ in _hidden_slots(state.chateauma)]
    return tuple(sorted(state.black_bag + hidden))


def public_key(state: GameState) -> tuple:
    """Everything a player can see, as plain values (supplies as sorted contents)."""
    players = tuple(
        (p.board.id if p.board else None, tuple(p.estate), tuple(p.storage), tuple(p.goods),
         tuple(p.sold), p.silver, p.workers, tuple(p.dice), tuple(p.used), p.knowledge,
         p.score, tuple(p.bonus_tiles), p.track_pos, p.track_stamp)
        for p in state.players)
    return (state.config.players, state.config.rules, state.config.board_mode,
            state.config.chateauma, state.phase, state.round, state.chance, state.terminal,
            state.turn_index, tuple(state.order), state.bought, tuple(state.frames),
            tuple(map(tuple, state.depots)), tuple(state.black),
            tuple(map(tuple, state.depot_goods)), tuple(state.round_goods), state.white,
            tuple(state.bonus_taken), tuple(state.goods_pool),
            tuple(tuple(sorted(b)) for b in state.bags), _unseen_black(state),
            tuple(sorted(state.box)), players, _chateauma_key(state))


def position_seed(seed: int, state: GameState) -> int:
    """A seed for one decision: the player's seed and the public position."""
    text = repr((seed, public_key(state))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
