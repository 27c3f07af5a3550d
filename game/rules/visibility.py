"""What a seat may see: the public key of a position, and everything else dealt anew.

A position keeps its supplies (the tile bags, the black-backed tiles, the boxed tiles) as
lists, and a draw from a seeded RNG depends on their order. No player can see that order,
nor the future dice and goods, which are drawn from the supplies at chance steps. Every
holding on the table is open in this game, so all seats see the same: `seat` names who is
looking, and the key does not depend on it.

Châteauma's face-down tiles (modifier A's estate tiles, its jokers) are black-backed tiles
whose faces nobody sees. What a player knows is only that they and the black-backed supply
together hold the black-backed tiles not yet seen, so a redeal pools them with that supply
and deals them out again.

A search (the AI) works on `resample_hidden(state, seat)`, where every supply lies in a
fixed order and the face-down tiles are dealt by a fixed rule, and seeds its own RNG from
`position_seed`: its choice is then a function of what the seat sees, and the chance steps
it samples draw the future dice and goods from supplies it cannot tell apart from the real
ones. With an RNG, `resample_hidden` deals one random world consistent with what the seat
sees instead.
"""

from __future__ import annotations

from typing import TypeVar

from .chateauma import JOKERS, Chateauma, face_down, kind_of
from .config import START, GameConfig
from .extension import hooks_for
from .state import Position

S = TypeVar("S", bound=Position)

FACE_DOWN = -2  # a face-down tile in the public key, whatever it is


def _hidden_slots(c: Chateauma) -> list[tuple[list[int], int, bool]]:
    """Every face-down tile of Châteauma as (list, index, stored face down as a code)."""
    slots = []
    for stack in c.estate:
        slots += [(stack, i, True) for i, code in enumerate(stack) if code < -1]
    for tiles in c.card_tiles:
        slots += [(tiles, i, True) for i, code in enumerate(tiles) if code < -1]
    jokers = c.reserve[JOKERS]
    slots += [(jokers, i, False) for i in range(len(jokers))]
    return slots


def resample_hidden(state: S, seat: int, rng=None) -> S:
    """A copy of the state with everything `seat` cannot see dealt anew: the supplies'
    order and Châteauma's face-down tiles (drawn from the unseen black-backed tiles). With
    no RNG the deal follows a fixed rule (every supply sorted), so two states that look
    the same to the seat give the same copy; with one, it is a random deal."""
    c = state.clone()
    arrange = rng.shuffle if rng is not None else list.sort
    for bag in c.bags:
        arrange(bag)
    arrange(c.box)
    if c.chateauma is None:
        arrange(c.black_bag)
        return c
    slots = _hidden_slots(c.chateauma)
    unseen = sorted(c.black_bag + [kind_of(lst[i]) for lst, i, _ in slots])
    if rng is not None:
        rng.shuffle(unseen)
        dealt, c.black_bag = unseen[:len(slots)], unseen[len(slots):]
    else:
        # Spread the dealt tiles over the sorted pool, so they are a fair cross-section.
        picks = {j * len(unseen) // len(slots) for j in range(len(slots))} if slots else set()
        dealt = [k for j, k in enumerate(unseen) if j in picks]
        c.black_bag = [k for j, k in enumerate(unseen) if j not in picks]
    for (lst, i, as_code), k in zip(slots, dealt):
        lst[i] = face_down(k) if as_code else k
    return c


def _chateauma_key(state: Position) -> tuple:
    c = state.chateauma
    if c is None:
        return ()

    def hide(codes: list[int]) -> tuple[int, ...]:
        return tuple(FACE_DOWN if code < -1 else code for code in codes)
    return (c.level, c.modifiers, tuple(c.cards), tuple(hide(t) for t in c.card_tiles),
            tuple(sorted(c.deck)), tuple(c.discarded),
            tuple(tuple(r) for r in c.reserve[:JOKERS]), len(c.reserve[JOKERS]),
            tuple(hide(s) for s in c.estate), tuple(c.history), tuple(c.agenda), c.die)


def _unseen_black(state: Position) -> tuple:
    """The black-backed tiles nobody has seen: the supply and Châteauma's face-down ones."""
    hidden = []
    if state.chateauma is not None:
        hidden = [kind_of(lst[i]) for lst, i, _ in _hidden_slots(state.chateauma)]
    return tuple(sorted(state.black_bag + hidden))


def public_key(state: Position, seat: int) -> tuple:
    """Everything `seat` can see, as plain values (supplies as sorted contents)."""
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
            tuple(sorted(state.box)), players, _chateauma_key(state),
            *((state.config.modules, state.steps, module_state(state))
              if state.config.modules else ()))


def storage_spaces(config: GameConfig) -> int:
    """A player's storage spaces in a game of this configuration (the team game: 4)."""
    return hooks_for(config).storage_spaces or START["storage_spaces"]


def module_state(state: Position) -> tuple:
    """The modules' own state as every seat sees it (Module.public), in config order."""
    return tuple(m.public(state) for m in state.hooks.modules)


def position_seed(seed: int, state: Position, seat: int) -> int:
    """A seed for one decision of `seat`: its own seed and the position as it sees it."""
    # Imported here: hashlib loads OpenSSL, which only the AI's decisions need, not every
    # program that imports the rules.
    import hashlib
    text = repr((seed, public_key(state, seat))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
