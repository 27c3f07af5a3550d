"""The rules' fast paths give what the plain paths give: on random games of every module
set, a chance outcome the rules drew themselves (applied without checks) leaves the same
position as the same outcome given from outside (checked), and the legal actions listed
from the caches are the ones listed afresh, through clones, JSON round trips and undo."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from game.rules import (GameConfig, GameState, IllegalAction, new_game, placeable_mask,
                        recompute_breakdown)
from game.rules import engine
from game.rules.boards import all_boards
from game.rules.dice import (FREE_CHANGE_MONASTERY, PLACE_USE, USE_PLACE_OTHER, USE_SELL,
                             USE_TAKE, workers_needed)
from game.rules.engine import CASTLE_DIE, WHITE_DIE
from game.rules.modules import shields, vineyards
from game.rules.modules.team import OWN_STORAGE as TEAM_OWN_STORAGE
from game.rules.scoring import animal_points
from game.rules.tiles import (ANY_COLOUR, BUILDING, KIND_ANIMALS, KIND_BUILDING, KIND_COLOUR,
                              KIND_SPECIES, PASTURE)

NINE = ("boards_11_18", "castle_connection", "tiles2", "white_castles", "border_posts", "inns",
        "shields", "trade_routes", "vineyards")
CONFIGS = [
    GameConfig(players=2), GameConfig(players=4), GameConfig(players=3, rules="yucata"),
    GameConfig(players=2, chateauma="hard+A+B+C+D"),
    *(GameConfig(players=2, modules=(m,)) for m in
      ("boards_11_18", "identical_board", "tiles2", "white_castles", "border_posts", "inns",
       "shields", "trade_routes", "vineyards")),
    GameConfig(players=3, modules=("boards_11_18", "castle_connection")),
    GameConfig(players=3, modules=("shields",)), GameConfig(players=4, modules=("vineyards",)),
    GameConfig(players=4, modules=("team",)), GameConfig(players=1, modules=("solo",)),
    GameConfig(players=2, rules="original", modules=("black_depot_monasteries",)),
    GameConfig(players=2, rules="original", modules=("monastery_connections",)),
    GameConfig(players=2, modules=NINE), GameConfig(players=4, modules=NINE),
]


def _id(config: GameConfig) -> str:
    return f"{config.rules}-{config.players}-{'+'.join(config.modules) or config.chateauma}"


def _copy(outcome):
    """The same outcome as another object (as a record or a caller would give it)."""
    if isinstance(outcome, (tuple, list)):
        return tuple(_copy(o) for o in outcome)
    return outcome


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_a_drawn_outcome_applied_unchecked_leaves_the_checked_position(config):
    state = new_game(config)
    chance, pick = random.Random(11), random.Random(12)
    while not state.terminal:
        if state.chance is None:
            state.apply(pick.choice(state.legal_actions()), listen=False)
            continue
        outcome = state.sample_chance(chance)
        checked = state.clone()
        assert checked.apply_chance(_copy(outcome)) == state.apply_chance(outcome)
        assert checked.to_json() == state.to_json()


def _at_chance_step(config: GameConfig, step: str) -> tuple[GameState, random.Random]:
    """A game of config played by its first legal moves up to its first chance step
    `step`, and the draws' random source there."""
    state, rng = new_game(config), random.Random(5)
    while state.chance != step:
        if state.chance is None:
            state.apply(state.legal_actions()[0])
        else:
            state.apply_chance(state.sample_chance(rng))
    return state, rng


def test_a_drawn_outcome_is_checked_on_any_other_position():
    """A phase's drawn tiles, applied to a copy whose supply no longer holds them, are
    refused there as any impossible outcome is."""
    state, rng = _at_chance_step(GameConfig(players=2), "phase")
    outcome = state.sample_chance(rng)
    other = state.clone()
    colour, kind = next((c, k) for c, bag in enumerate(other.bags) for k in bag
                        if k in outcome[0])
    other.bags[colour] = [k for k in other.bags[colour] if k != kind]
    with pytest.raises(IllegalAction):
        other.apply_chance(outcome)
    restored = GameState.from_json(state.to_json())
    restored.apply_chance(outcome)  # checked, and possible
    state.apply_chance(outcome)
    assert restored.to_json() == state.to_json()


def _vineyard_die_actions(state, frame) -> list:
    """The vineyard die actions listed plainly: every depot tile whose numbers the die
    reaches with the player's workers (VY-3), every stored double tile on every open double
    space whose number the die reaches, each way round (VY-5)."""
    seat, p = frame.player, state.players[frame.player]
    out: list = []
    for die in vineyards._dice(state, frame):
        face = state.white if die == WHITE_DIE else p.dice[die] if die < CASTLE_DIE else 0

        def reaches(numbers, use, die=die, face=face) -> bool:
            return die == CASTLE_DIE or min(
                workers_needed(face, n, p.knowledge, use) for n in numbers) <= p.workers
        for s, tile in enumerate(vineyards.vine(state).depot):
            if tile >= 0 and reaches(vineyards.depot_numbers(state.n)[s], USE_TAKE):
                out.append(("vineyard_take", die, s))
        board = vineyards.board_of(state, seat)
        for j1, _, tile in vineyards.stored_pairs(state, seat):
            for space in vineyards.open_spaces(state, seat):
                if reaches((board.spaces[space].die,), USE_PLACE_OTHER):
                    out += [("vineyard_place", die, j1, space, f)
                            for f in vineyards._flips(tile)]
    return out


@pytest.mark.parametrize("config", [GameConfig(players=2, modules=("vineyards",)),
                                    GameConfig(players=4, modules=("vineyards",)),
                                    GameConfig(players=2, modules=NINE)], ids=_id)
def test_vineyard_die_actions_are_the_plainly_listed_ones(config):
    """The turn's takes are listed from tables written out in the hook, the stored tiles'
    placements and a castle's or white castle's actions by _die_actions: both must be
    what the rules list plainly."""
    for state in _decisions(config):
        frame = state.frames[-1]
        listed = [a for a in state.legal_actions()
                  if a[0] in ("vineyard_take", "vineyard_place")]
        assert listed == _vineyard_die_actions(state, frame)


def _vineyard_buys_and_drops(state, frame) -> list:
    """The display's purchases listed plainly: wherever the black-depot purchase may be
    made, each display tile with each payment the player may make (VY-8); then, where a
    stored tile is removed, each stored double tile once, by its first space (VY-4)."""
    p = state.players[frame.player]
    out: list[tuple] = [("vineyard_buy", s, pay)
                        for s, tile in enumerate(vineyards.vine(state).display)
                        if tile >= 0 and vineyards._may_buy_in(state, frame)
                        and not state.bought
                        for pay in engine.black_depot_payments(state, p)]
    pairs = vineyards.stored_pairs(state, frame.player)
    if frame.kind in (engine.DISCARD, shields.STORAGE_FRAME):
        out += [("vineyard_drop", j1) for j1, _, _ in pairs]
    elif frame.kind == vineyards.ROOM:  # every stored tile, hex tiles too
        seconds = {j2 for _, j2, _ in pairs}
        out += [("vineyard_drop", j) for j, k in enumerate(p.storage)
                if k >= 0 and j not in seconds]
    return out


@pytest.mark.parametrize("config", [GameConfig(players=2, modules=("vineyards",)),
                                    GameConfig(players=3, modules=("vineyards",)),
                                    GameConfig(players=2, modules=NINE)], ids=_id)
def test_vineyard_purchases_and_removals_are_the_plainly_listed_ones(config):
    """The turn's display purchases are listed written out in the hook, only when the
    display holds a tile and a payment may be made; the removals by a walk along the
    storage: both must be what the rules list plainly, and no base discard may point
    into a double tile."""
    for state in _decisions(config):
        frame = state.frames[-1]
        legal = state.legal_actions()
        listed = [a for a in legal if a[0] in ("vineyard_buy", "vineyard_drop")]
        assert listed == _vineyard_buys_and_drops(state, frame)
        doubles = {j for j1, j2, _ in vineyards.stored_pairs(state, frame.player)
                   for j in (j1, j2)}
        assert not [a for a in legal if a[0] in ("discard", "shield_storage")
                    and a[1] in doubles]


@pytest.mark.parametrize("config", [GameConfig(players=2, modules=("vineyards",)),
                                    GameConfig(players=3, modules=NINE)], ids=_id)
def test_a_stored_double_tile_takes_the_first_two_free_spaces(config):
    """store_double finds the free spaces by counting and searching the storage: a double
    tile stored in any position of random games lies on the first two empty spaces (a
    storage that may grow grows first), its tile among the stored ones in storage order
    (VY-4); with fewer free spaces the player is asked to make room."""
    checked = 0
    for state in _decisions(config):
        for seat in range(config.players):
            tiles = vineyards.vine(state).bag
            if not tiles:
                continue
            after, tile = state.clone(), tiles[0]
            vineyards.store_double(after, seat, tile, "depot", 0, "die", None)
            before, storage = state.players[seat].storage, after.players[seat].storage
            empty = [j for j in range(len(storage)) if j >= len(before) or before[j] == -1]
            if len(empty) < 2:
                assert after.frames[-1].kind == vineyards.ROOM and storage == before
                continue
            j1, j2 = empty[:2]
            assert storage == [vineyards.DOUBLE if j in (j1, j2) else
                               before[j] if j < len(before) else -1
                               for j in range(len(storage))]
            old = vineyards.vine(state).seats[seat].stored
            ahead = before[:j1].count(vineyards.DOUBLE) // 2
            assert vineyards.vine(after).seats[seat].stored == old[:ahead] + [tile] + old[ahead:]
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("config", [GameConfig(players=2, modules=("vineyards",)),
                                    GameConfig(players=4, modules=NINE)], ids=_id)
def test_the_vineyard_icons_offered_are_the_plainly_listed_ones(config):
    """The icons' actions are tuples made once per double space: after a placement, the
    decision offers each covered icon not yet carried out once, in the space's order,
    then the skip (VY-6), as a plain listing does."""
    checked = 0
    for state in _decisions(config, seeds=6):
        frame = state.frames[-1]
        if frame.kind == vineyards.BONUS:
            icons = frame.arg[1]
            plain = [("vineyard_bonus", icon) for i, icon in enumerate(icons)
                     if icon not in icons[:i]] + [("vineyard_skip",)]
            assert state.legal_actions() == plain
            checked += 1
    assert checked > 5


def _decisions(config: GameConfig, seeds: int = 3):
    """Every decision of `seeds` games of random moves (the caller looks at each position
    before the move is made)."""
    for seed in range(seeds):
        state, chance, pick = new_game(config), random.Random(seed), random.Random(-seed)
        while not state.terminal:
            if state.chance is not None:
                state.apply_chance(state.sample_chance(chance))
                continue
            yield state
            state.apply(pick.choice(state.legal_actions()), listen=False)


@pytest.mark.parametrize("players", (2, 3))
def test_shields_held_are_read_from_the_castles_through_clones_and_json(players):
    """holds and holder answer from a bit set per seat made once per set of castles; they
    must say what the castles' (space, shield) pairs say, in every position of a game,
    its clones and its JSON copies."""
    config = GameConfig(players=players, modules=("shields",))
    state, chance, pick = new_game(config), random.Random(3), random.Random(4)
    others: list[GameState] = []
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
        else:
            state.apply(pick.choice(state.legal_actions()), listen=False)
        others = [state.clone(), GameState.from_json(state.to_json())] + others[:2]
        for s in (state, *others):
            castles = shields.held(s).castles
            for shield in range(1, 19):
                owners = [seat for seat, pairs in enumerate(castles)
                          if any(n == shield for _, n in pairs)]
                assert shields.holder(s, shield) == (owners[0] if owners else -1)
                for seat in range(players):
                    assert shields.holds(s, seat, shield) == (seat in owners)


def _shield_actions(state, frame) -> list:
    """The shield actions listed plainly: with both dice unused on the turn, every shield
    of each depot whose number both dice reach with the player's workers (SH-1); after
    placing a castle with shield 11, every shield; then shield 6's naming and shield 16's
    turned dice (SH-6, SH-16)."""
    seat, p, h = frame.player, state.players[frame.player], shields.held(state)
    out: list = []
    if frame.kind == engine.TURN and not (p.used[0] or p.used[1]):
        out += [("shield", d, s) for d in range(1, 7) for s in range(len(h.depots[d - 1]))
                if shields._dice_cost(p, d) <= p.workers]
    elif frame.kind == engine.CASTLE_ACTION and frame.arg is None \
            and shields.holds(state, seat, 11):
        out += [("shield", d, s) for d in range(1, 7) for s in range(len(h.depots[d - 1]))]
    if frame.kind == engine.TURN:
        if shields.holds(state, seat, 6) and h.named[seat] < 0:
            out += [("name", other) for other in range(state.n) if other != seat]
        if shields.holds(state, seat, 16) and h.die_set[seat] != shields._round_stamp(state) \
                and not (p.used[0] or p.used[1] or state.bought):
            out += [("set_die", die, v) for die in (0, 1) for v in range(1, 7)
                    if v != p.dice[die]]
    return out


@pytest.mark.parametrize("config", [GameConfig(players=2, modules=("shields",)),
                                    GameConfig(players=3, modules=("shields",)),
                                    GameConfig(players=4, modules=NINE)], ids=_id)
def test_shield_actions_are_the_plainly_listed_ones(config):
    """The shield actions come from tables made once (the depots both dice reach, the
    actions of a depot's shields); they must be what the rules list plainly, in every
    position of random games, their clones and their JSON copies."""
    for state in _decisions(config):
        for s in (state, state.clone(), GameState.from_json(state.to_json())):
            frame = s.frames[-1]
            listed = [a for a in s.legal_actions() if a[0] in ("shield", "name", "set_die")]
            if shields.held(s).castles and not (
                    frame.kind == engine.SHIP_GOODS and len(s.frames) > 1
                    and s.frames[-2] == (shields.GOODS_FRAME, frame.player, shields.SINGLE)):
                assert listed == _shield_actions(s, frame)


def _plain_masks(p) -> list[int]:
    masks, seen = [], set()
    for k in p.storage:
        masks.append(placeable_mask(p, k) if k >= 0 and k not in seen else 0)
        seen.add(k)
    return masks


def _free_bit(p, kind: int) -> int:
    """The bit of the monastery whose free change applies to placing kind, where p's
    estate holds it; else 0."""
    monastery = FREE_CHANGE_MONASTERY[PLACE_USE[KIND_COLOUR[kind]]]
    return p.knowledge & 1 << monastery if monastery else 0


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_kept_placements_are_the_ones_found_afresh(config):
    """Where each stored tile may go (as the storage spaces with somewhere to go and
    whether the estate holds their free-change monastery) is kept on the player until
    its estate, storage or monasteries change, and where each kind may go until its
    estate or monasteries change: at every decision of a random game, through undo (a
    clone taken before the action) and a JSON round trip, it is what placeable_mask
    finds now."""
    state, chance, pick = new_game(config), random.Random(21), random.Random(22)
    while not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
            continue
        before = state.clone()
        legal = state.legal_actions()
        state.apply(pick.choice(legal), listen=False)
        restored = GameState.from_json(state.to_json())
        for s in (state, before, restored):
            for p in s.players:
                if p.board is not None and s.hooks.controllers.get(s.players.index(p)) is None:
                    _, _, placements, by_kind = engine._placeable(p)
                    assert by_kind == {k: placeable_mask(p, k) for k in by_kind}
                    assert placements == tuple(
                        (j, mask, _free_bit(p, p.storage[j]))
                        for j, mask in enumerate(_plain_masks(p)) if mask)
        assert before.legal_actions() == legal


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_every_event_has_all_its_fields(config):
    """The frequent events are built with events.make (tuple.__new__), which checks no
    field count: every event of random games must be the one its constructor builds from
    its fields, with every field there."""
    state, chance, pick = new_game(config), random.Random(31), random.Random(32)
    while not state.terminal:
        if state.chance is not None:
            events = state.apply_chance(state.sample_chance(chance))
        else:
            events = state.apply(pick.choice(state.legal_actions()))
        for event in events:
            assert len(event) == len(type(event)._fields)
            assert type(event)(*event) == event


def _black_depot_buys(state, seat: int) -> list:
    """The black depot's purchases listed plainly: once a turn, each tile there for 2
    silver, or for 2 workers with monastery 6 where the rule set allows it."""
    p = state.players[seat]
    if state.bought:
        return []
    payments = (["silver"] if p.silver >= 2 else []) + (
        ["workers"] if p.workers >= 2 and p.has(6)
        and state.rs.knowledge_6 == "any_depot_workers_or_silver" else [])
    return [("buy", 0, s, payment) for s, k in enumerate(state.black) if k >= 0
            for payment in payments]


@pytest.mark.parametrize("config", [
    GameConfig(players=2), GameConfig(players=4), GameConfig(players=3, rules="yucata"),
    GameConfig(players=2, rules="alea2019"), GameConfig(players=4, rules="alea2019"),
    GameConfig(players=2, rules="original", modules=("black_depot_monasteries",)),
    GameConfig(players=2, modules=("inns",)), GameConfig(players=4, modules=NINE)], ids=_id)
def test_black_depot_buys_are_the_plainly_listed_ones(config):
    """The black depot's purchases come from tuples made once per space and payments;
    they must be what the rules list plainly at every turn decision of random games."""
    for state in _decisions(config):
        frame = state.frames[-1]
        if frame.kind == engine.TURN:
            listed = [a for a in state.legal_actions() if a[0] == "buy" and a[1] == 0]
            assert listed == _black_depot_buys(state, frame.player)


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_listed_once_is_listed_afresh(config):
    """GameState.legal_actions lists a decision's actions once, with engine.legal_actions
    written out: at every decision of random games both give the same list."""
    for state in _decisions(config, seeds=2):
        assert state.legal_actions() == engine.legal_actions(state)


def _die_use(state, seat: int, action: tuple) -> tuple[int, int, int]:
    """(face, value, use) of a base die action, as dice.workers_needed takes them."""
    p = state.players[seat]
    face = state.white if action[1] == WHITE_DIE else p.dice[action[1]]
    if action[0] == "take":
        return face, action[2], USE_TAKE
    if action[0] == "sell":
        return face, action[2], USE_SELL
    kind = p.storage[action[2]]
    return face, p.board.die[action[3]], PLACE_USE[KIND_COLOUR[kind]]


@pytest.mark.parametrize("config", [GameConfig(players=2), GameConfig(players=4),
                                    GameConfig(players=2, rules="alea2019"),
                                    GameConfig(players=4, modules=NINE)], ids=_id)
def test_a_die_action_pays_the_workers_needed(config):
    """A die action's workers are read from dice.COST where the die is used: they are what
    dice.workers_needed says for its face, value, use and the monasteries held before."""
    def plain(state, seat: int, action: tuple) -> tuple[int, int | None] | None:
        if action[0] not in ("take", "sell", "place") or action[1] == CASTLE_DIE:
            return None
        face, value, use = _die_use(state, seat, action)
        return workers_needed(face, value, state.players[seat].knowledge, use), None
    assert _die_uses_checked(config, plain) > 100


def _die_uses_checked(config: GameConfig, plain) -> int:
    """Seeded random games of `config`, checking each die action's DieUsed event: before
    the action is made, plain(state, seat, action) gives the workers it pays and the die
    value it uses (None: not checked) as the plain rules say them, or None for an action
    not checked. How many were checked."""
    checked = 0
    for seed in range(3):
        state, chance, pick = new_game(config), random.Random(seed), random.Random(-seed)
        while not state.terminal:
            if state.chance is not None:
                state.apply_chance(state.sample_chance(chance))
                continue
            seat = state.frames[-1].player
            action = pick.choice(state.legal_actions())
            expected = plain(state, seat, action)
            events = state.apply(action)
            if expected is not None:
                used = next(e for e in events if type(e).__name__ == "DieUsed")
                workers, value = expected
                assert used.workers == workers
                assert value is None or used.value == value
                checked += 1
    return checked


def _numbered_depot_buys(state, seat: int) -> list:
    """Monastery 6's purchases listed plainly, as each rule set words it: building tiles
    from the numbered depots for 2 workers; or any of their tiles for 2 silver, and for
    2 workers instead where the rule set allows it."""
    p = state.players[seat]
    if state.bought or not p.has(6):
        return []
    mode = state.rs.knowledge_6
    out = []
    for d, depot in enumerate(state.depots, 1):
        for s, k in enumerate(depot):
            if k < 0:
                continue
            if mode == "buildings_for_workers":
                if p.workers >= 2 and KIND_COLOUR[k] == BUILDING:
                    out.append(("buy", d, s, "workers"))
                continue
            if p.silver >= 2:
                out.append(("buy", d, s, "silver"))
            if mode == "any_depot_workers_or_silver" and p.workers >= 2:
                out.append(("buy", d, s, "workers"))
    return out


@pytest.mark.parametrize("config", [
    GameConfig(players=2), GameConfig(players=4), GameConfig(players=3, rules="yucata"),
    GameConfig(players=2, rules="alea2019"), GameConfig(players=4, rules="alea2019"),
    GameConfig(players=4, rules="original"), GameConfig(players=4, modules=NINE)], ids=_id)
def test_numbered_depot_buys_are_the_plainly_listed_ones(config):
    """Monastery 6's purchases come from tuples made once per depot space and payments;
    they must be what the rules list plainly at every turn decision of random games."""
    listed_any = 0
    for state in _decisions(config, seeds=4):
        frame = state.frames[-1]
        if frame.kind == engine.TURN:
            listed = [a for a in state.legal_actions() if a[0] == "buy" and a[1] != 0]
            assert listed == _numbered_depot_buys(state, frame.player)
            listed_any += len(listed)
    assert listed_any or config.players < 4


@pytest.mark.parametrize("config", [GameConfig(players=4, modules=("team",)),
                                    GameConfig(players=4, modules=("team", "tiles2", "inns",
                                                                   "white_castles"))], ids=_id)
def test_partners_hold_one_estate(config):
    """The team's shared estate is copied to the partner only when its occupied spaces
    changed: after every action of random games both partners' estates are the same,
    tile for tile."""
    for state in _decisions(config, seeds=2):
        for seat in (0, 1):
            a, b = state.players[seat], state.players[seat + 2]
            assert (a.estate, a.occupied, a.placements) == (b.estate, b.occupied, b.placements)


def test_a_drawn_vineyard_fill_is_checked_on_any_other_position():
    """The vineyard fill _sample_fill drew is applied unchecked only to the position it
    was drawn for: a copy whose bag no longer holds one of its tiles refuses it."""
    state, rng = _at_chance_step(GameConfig(players=2, modules=("vineyards",)),
                                 vineyards.FILL_STEP)
    outcome = state.sample_chance(rng)
    other = state.clone()
    tile = next(t for t in outcome[0] if t >= 0)
    vineyards.vine(other).bag.remove(tile)
    with pytest.raises(IllegalAction):
        other.apply_chance(outcome)
    state.apply_chance(outcome)
    assert tile in vineyards.vine(state).depot and tile not in vineyards.vine(state).bag


@pytest.mark.parametrize("config", [GameConfig(players=2, modules=("shields",)),
                                    GameConfig(players=3, modules=("shields",)),
                                    GameConfig(players=4, modules=NINE)], ids=_id)
def test_shield_animal_records_are_the_points_scored(config):
    """An animal tile's shield record is made only where a borrowed monastery 7 or shield
    1 changed its points (both counts are skipped otherwise): the animals each seat scored
    must be what its placements and the record derive, in every position."""
    for state in _decisions(config):
        for seat in range(config.players):
            assert recompute_breakdown(state, seat).get("animals", 0) \
                == state.score_breakdown(seat).get("animals", 0)



@pytest.mark.parametrize("config", [GameConfig(players=2, modules=("vineyards",)),
                                    GameConfig(players=4, modules=NINE)], ids=_id)
def test_a_vineyard_die_action_pays_the_workers_needed(config):
    """A vineyard take or placement reads its workers from one row of dice.COST: they are
    the fewest dice.workers_needed gives for one of the numbers the depot space or the
    double space shows (VY-3, VY-5), the first of equals being the number used."""
    def plain(state, seat: int, action: tuple) -> tuple[int, int | None] | None:
        if action[0] not in ("vineyard_take", "vineyard_place") or action[1] == CASTLE_DIE:
            return None
        p = state.players[seat]
        face = state.white if action[1] == WHITE_DIE else p.dice[action[1]]
        if action[0] == "vineyard_take":
            numbers, use = vineyards.depot_numbers(state.n)[action[2]], USE_TAKE
        else:
            board = vineyards.board_of(state, seat)
            numbers, use = (board.spaces[action[3]].die,), USE_PLACE_OTHER
        costs = [workers_needed(face, n, p.knowledge, use) for n in numbers]
        return min(costs), numbers[costs.index(min(costs))]
    assert _die_uses_checked(config, plain) > 20


def _plain_grape_areas(state, seat: int) -> dict[int, list[int]]:
    """VY-10 plainly: each half's variety, and the halves reached from each through
    neighbouring halves of its variety, counted once."""
    board = vineyards.board_of(state, seat)
    variety = {}
    for space, tile, flip in vineyards.vine(state).seats[seat].placed:
        a, c = vineyards.TILES[tile]
        variety[2 * space], variety[2 * space + 1] = (c, a) if flip else (a, c)
    seen: set[int] = set()
    out: dict[int, list[int]] = {}
    for half, kind in variety.items():
        if half not in seen:
            area, todo = {half}, [half]
            while todo:
                for n in board.half_neighbours[todo.pop()]:
                    if n not in area and variety.get(n) == kind:
                        area.add(n)
                        todo.append(n)
            seen |= area
            out.setdefault(kind, []).append(len(area))
    return {kind: sorted(sizes, reverse=True) for kind, sizes in out.items()}


@pytest.mark.parametrize("players", (2, 4))
def test_grape_areas_are_the_plainly_found_ones(players):
    """The grape areas are grown as bit sets of halves: they must be the areas a plain
    search finds, variety by variety in the same order, in every position of random
    games."""
    config = GameConfig(players=players, modules=("vineyards",))
    for state in _decisions(config):
        for seat in range(players):
            areas = vineyards.grape_areas(state, seat)
            plain = _plain_grape_areas(state, seat)
            assert areas == plain and list(areas) == list(plain)


def test_the_cheapest_number_is_the_first_of_the_fewest_workers_needed():
    """_cheapest reads one row of dice.COST for all the numbers: for every face, the
    monasteries 8 and 12 held or not, each depot space's numbers and each double space's
    number, it must give the fewest workers dice.workers_needed gives and the first
    number that costs them."""
    state = new_game(GameConfig(players=2, modules=("vineyards",)))
    rows = {*vineyards.depot_numbers(2), *vineyards.depot_numbers(4),
            *((n,) for n in range(1, 7))}
    for knowledge in (0, 1 << 8, 1 << 12, 1 << 8 | 1 << 12):
        for face in range(1, 7):
            p = SimpleNamespace(knowledge=knowledge, dice=[face, face])
            for numbers in rows:
                for use in (USE_TAKE, USE_PLACE_OTHER):
                    costs = [workers_needed(face, n, knowledge, use) for n in numbers]
                    assert vineyards._cheapest(state, p, 0, numbers, use) == \
                        (min(costs), numbers[costs.index(min(costs))])


@pytest.mark.parametrize("players", (2, 4))
def test_the_levels_covered_are_the_plainly_found_ones(players):
    """A level's cover is checked with bit sets of its double spaces: once a placement's
    icons are done (no 'vineyard_bonus' decision pending), the levels whose wine bonus
    tile each player took must be the levels all of whose double spaces hold a tile
    (VY-7)."""
    config = GameConfig(players=players, modules=("vineyards",))
    for state in _decisions(config):
        if any(f.kind == vineyards.BONUS for f in state.frames):
            continue
        for seat in range(players):
            me = vineyards.vine(state).seats[seat]
            spaces = vineyards.board_of(state, seat).spaces
            placed = {s for s, _, _ in me.placed}
            covered = {level for level in {s.level for s in spaces}
                       if all(i in placed for i, s in enumerate(spaces) if s.level == level)}
            assert sorted(me.levels) == sorted(covered)


@pytest.mark.parametrize("config", [GameConfig(players=4, modules=("team",)),
                                    GameConfig(players=4, modules=("team", "tiles2", "inns",
                                                                   "white_castles"))], ids=_id)
def test_partners_hold_the_same_shared_holdings(config):
    """The team's goods and shared storage spaces are copied to the partner only where
    they differ, space by space: after every action of random games both partners hold
    the same duchy, monasteries, goods, silver, workers and shared storage spaces."""
    for state in _decisions(config, seeds=3):
        for seat in (0, 1):
            a, b = state.players[seat], state.players[seat + 2]
            assert (a.board, a.knowledge, a.goods, a.silver, a.workers) == \
                (b.board, b.knowledge, b.goods, b.silver, b.workers)
            assert a.storage[TEAM_OWN_STORAGE:] == b.storage[TEAM_OWN_STORAGE:]


def test_partners_hold_the_same_shared_holdings_through_clones_and_json():
    """The team's share runs as the settled hook after every action and chance outcome:
    a clone and a JSON copy taken at a decision, played on with the same moves, hold
    what the game itself holds, partners alike, at every later decision."""
    config = GameConfig(players=4, modules=("team",))
    state, chance, pick = new_game(config), random.Random(11), random.Random(12)
    copies: list[GameState] = []
    decisions = 0
    while not state.terminal:
        if state.chance is not None:
            outcome = state.sample_chance(chance)
            for s in (state, *copies):
                s.apply_chance(outcome, listen=False)
        else:
            action = pick.choice(state.legal_actions())
            for s in (state, *copies):
                s.apply(action, listen=False)
            decisions += 1
        if state.chance is None and decisions % 7 == 0:
            copies = [state.clone(), GameState.from_json(state.to_json())] + copies[:2]
        for s in copies:
            assert s.to_json() == state.to_json()
            for seat in (0, 1):
                a, b = s.players[seat], s.players[seat + 2]
                assert (a.board, a.knowledge, a.goods, a.silver, a.workers, a.estate) == \
                    (b.board, b.knowledge, b.goods, b.silver, b.workers, b.estate)
                assert a.storage[TEAM_OWN_STORAGE:] == b.storage[TEAM_OWN_STORAGE:]
    assert decisions > 100


def _plain_animal_points(estate, area_mask: int, species: int, with_k7: bool) -> int:
    """Every space of the area, one by one: its animals (and monastery 7's point) where
    its tile is of the species."""
    return sum(KIND_ANIMALS[estate[s]] + with_k7 for s in range(len(estate))
               if area_mask >> s & 1 and estate[s] >= 0 and KIND_SPECIES[estate[s]] == species)


@pytest.mark.parametrize("config", [GameConfig(players=2), GameConfig(players=4),
                                    GameConfig(players=4, modules=("team",))], ids=_id)
def test_animal_points_visit_the_areas_spaces_alone(config):
    """animal_points walks the area's spaces alone (its set bits), not every space below
    them: at every decision of random games, for every pasture of every estate, each
    species and either monastery 7, it scores what the plain walk over all spaces does."""
    checked = 0
    for state in _decisions(config, seeds=2):
        for p in state.players:
            if p.board is None:
                continue
            for area, mask in enumerate(p.board.area_mask):
                if p.board.area_colour[area] != PASTURE:
                    continue
                for species in set(KIND_SPECIES) - {-1}:
                    for k7 in (False, True):
                        assert animal_points(p.estate, mask, species, k7) == \
                            _plain_animal_points(p.estate, mask, species, k7)
                        checked += 1
    assert checked


@pytest.mark.parametrize("config", [GameConfig(players=4, modules=("team",)),
                                    GameConfig(players=4, modules=("team", "tiles2", "inns",
                                                                   "white_castles"))], ids=_id)
def test_partners_share_the_masks_found_for_their_estate(config):
    """Partners keep the masks by kind of their one estate in one dict (found once for
    both, engine.share_placeable): at every decision of random games, and through a
    clone and a JSON round trip, every mask in it is what placeable_mask finds now for
    either partner."""
    shared = 0
    for state in _decisions(config, seeds=3):
        for s in (state, state.clone(), GameState.from_json(state.to_json())):
            for seat in (0, 1):
                a, b = s.players[seat], s.players[seat + 2]
                for p in (a, b):
                    if p.board is not None:
                        _, _, placements, by_kind = engine._placeable(p)
                        assert by_kind == {k: placeable_mask(p, k) for k in by_kind}
                if a.board is not None and engine._placeable(a)[3] is engine._placeable(b)[3]:
                    shared += 1
    assert shared


def _plain_placeable(p, kind: int) -> int:
    """placeable_mask found space by space: an empty space of the tile's colour next to a
    placed tile (any empty space where the adjacency rule is lifted), without a building
    of the same type in its city unless monastery 1 lies in the estate; then a module's
    rule."""
    board, b, colour = p.board, KIND_BUILDING[kind], KIND_COLOUR[kind]
    built = {(board.area_of[t], KIND_BUILDING[k]) for t, k in enumerate(p.estate) if k >= 0}
    mask = 0
    for s in range(board.spaces):
        if (p.estate[s] < 0 and (colour == ANY_COLOUR or board.colour[s] == colour)
                and (p.anywhere or board.neighbour_mask[s] & p.occupied)
                and (b < 0 or p.has(1) or (board.area_of[s], b) not in built)):
            mask |= 1 << s
    return p.place_rule(p, kind, mask) if p.place_rule is not None and mask else mask


@pytest.mark.parametrize("config", [GameConfig(players=2), GameConfig(players=4),
                                    GameConfig(players=4, modules=("team",)),
                                    GameConfig(players=2, modules=("shields",)),
                                    GameConfig(players=4, modules=NINE)], ids=_id)
def test_placeable_masks_are_the_plainly_found_ones(config):
    """placeable_mask walks the spaces a building may go on a city at a time: at every
    third decision of random games (the team's double duchy of 74 spaces too), for every
    seat and every kind of tile, with and without monastery 1, it is the mask found space
    by space."""
    checked = 0
    for i, state in enumerate(_decisions(config, seeds=2)):
        if i % 3:
            continue
        for p in state.players:
            if p.board is None:
                continue
            for knowledge in (p.knowledge & ~2, p.knowledge | 2):
                q = p.copy()
                q.knowledge = knowledge
                for kind in range(len(KIND_COLOUR)):
                    assert placeable_mask(q, kind) == _plain_placeable(q, kind)
                    checked += 1
    assert checked


def test_a_boards_number_spaces_are_the_spaces_showing_those_numbers():
    """Board.number_spaces is made once per board, each set of numbers from a smaller
    one: for every board (the team's double duchies too) and every set of die numbers, it
    is the mask of the spaces whose number is in the set."""
    boards = all_boards()
    assert "team_front" in boards
    for board in boards.values():
        for numbers in range(128):
            assert board.number_spaces[numbers] == sum(
                1 << s for s, n in enumerate(board.die) if numbers >> n & 1)
