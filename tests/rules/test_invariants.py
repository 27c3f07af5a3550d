"""Invariants over many seeded random games, checked at every step (OpenSpiel style)."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from game.rules import (BOARD_MODES, RULE_SETS, GameConfig, GameRecord, GameState, Match,
                        action_text, check_state, new_game, parse_action, recompute_breakdown,
                        replay)
from game.rules.config import MODULES, check_modules, modules_offered
from game.rules.extension import board_deal


def check_game(seed: int, config: GameConfig, roundtrip_every: int = 23,
               check_every: int = 3) -> GameState:
    match = Match(config, seed)
    pick = random.Random(seed * 7919 + 1).random
    match.resolve_chance()
    steps = 0
    while not match.state.is_terminal():
        s = match.state
        legal = s.legal_actions()
        assert legal, "no legal action before the end of the game"
        assert s.current_player >= 0
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        action = legal[int(pick() * len(legal))]
        assert parse_action(action_text(action)) == action
        match.play(action)
        s = match.state
        steps += 1
        # Tiles and goods conserved, counts in range, the decisions consistent with the
        # phase: the checks a state read from a file passes. A lost or doubled tile stays
        # lost, so every third step finds it in the default run at a third of the cost.
        if steps % check_every == 0:
            check_state(s)
        if steps % roundtrip_every == 0:
            text = s.to_json()
            restored = GameState.from_json(text)
            assert restored.to_json() == text
            assert restored.legal_actions() == s.legal_actions()
    s = match.state
    check_state(s)
    pool = board_deal(config).pool
    assert all(p.board.id in pool for seat, p in enumerate(s.players)
               if seat != config.chateauma_seat), "a duchy from outside the board pool"
    for seat in range(s.n):
        recomputed = {k: v for k, v in recompute_breakdown(s, seat).items() if v}
        assert recomputed == s.score_breakdown(seat), f"seat {seat}"
    assert sorted(s.ranking()) == list(range(s.n))
    # The record replays to the same final state, byte for byte.
    record = GameRecord.from_json(match.record.to_json())
    assert replay(record).to_json() == s.to_json()
    return s


CONFIGS = [GameConfig(players=n, rules=r, board_mode=m)
           for r in RULE_SETS for m in BOARD_MODES for n in (2, 3, 4)] + [
    GameConfig(players=2, board_mode="basic", chateauma="medium"),
    GameConfig(players=2, chateauma="hard+A+B+C+D"),
    GameConfig(players=3, board_mode="random", chateauma="easy+A+D"),
    GameConfig(players=4, rules="alea2019", board_mode="free", chateauma="hard+B+C")]


def _config_id(c: GameConfig) -> str:
    automa = f"-chateauma-{c.chateauma}" if c.chateauma else ""
    return f"{c.rules}-{c.board_mode}-{c.players}p{automa}"


@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_invariants_over_random_games(config: GameConfig) -> None:
    # 52 configurations x 21 games = 1,092 games in the default run.
    base = CONFIGS.index(config) * 1000
    for seed in range(base, base + 21):
        check_game(seed, config)


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_invariants_over_many_random_games(config: GameConfig) -> None:
    base = 100_000 + CONFIGS.index(config) * 1000
    for seed in range(base, base + 209):  # 52 x 209 = 10,868 games
        check_game(seed, config, roundtrip_every=97, check_every=1)


def test_same_seed_and_actions_replay_byte_for_byte() -> None:
    config = GameConfig(players=3)
    a = check_game(5, config)
    b = check_game(5, config)
    assert a.to_json() == b.to_json()


def test_invariants_hold_after_chance_steps_too() -> None:
    # check_game looks after each action; here every die roll, draw and reveal as well.
    rng = random.Random(3)
    for config in (GameConfig(players=4), GameConfig(players=3, chateauma="hard+A+B+C+D")):
        s = new_game(config)
        while not s.is_terminal():
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            else:
                legal = s.legal_actions()
                s.apply(legal[int(rng.random() * len(legal))])
            check_state(s)


# --- the expansion modules: every combination a rule set offers --------------------------

def _accepted(rules: str, modules: tuple[str, ...], mode: str, chateauma: bool) -> bool:
    try:
        check_modules(rules, modules, mode, chateauma)
    except ValueError:
        return False
    return True


def _values(rules: str, module: str) -> list[str]:
    return [f"{module}:{p}" for p in MODULES[module].params.get(rules, ())] or [module]


def _accepted_anywhere(rules: str, modules: tuple[str, ...], automa: bool) -> bool:
    return any(_accepted(rules, modules, mode, automa) for mode in BOARD_MODES)


def module_sets() -> list[tuple[str, tuple[str, ...], bool, str]]:
    """(rule set, modules, with Châteauma, why) for the module sets the random games play:
    every module (each parameter value) alone and with every other one, and every largest
    set a rule set accepts (config.modules_offered: whatever modules exist), with and
    without Châteauma where it may play. Every pair meets, and every module meets all the
    others at once, without playing the thousands of sets in between. Whether a set is
    accepted does not depend on its modules' parameters (config.check_modules), so the
    sets of modules are chosen first and each is played with every choice of values."""
    out = []
    for rules in RULE_SETS:
        offered = modules_offered(rules)
        for automa in (False, True):
            accepted = [mods for k in range(1, len(offered) + 1)
                        for mods in combinations(offered, k)
                        if _accepted_anywhere(rules, mods, automa)]
            for mods in accepted:
                if len(mods) > 1 and not any(len(other) > len(mods) and set(other) >= set(mods)
                                             for other in accepted):
                    why = "largest"
                elif len(mods) <= 2:
                    why = "pair" if len(mods) == 2 else "alone"
                else:
                    continue
                out += [(rules, values, automa, why)
                        for values in product(*(_values(rules, m) for m in mods))]
    return out


MODULE_SETS = module_sets()
DIFFICULTIES = ("medium", "hard+A+B+C+D", "easy+A+D")


def module_config(rules: str, modules: tuple[str, ...], automa: bool, why: str,
                  i: int) -> GameConfig:
    """The i-th game's configuration: 2, 3 and 4 players (or the seats a module is played
    by) and the accepted board modes in
    turn, shifted every three games so that six games meet six different pairs;
    Châteauma's difficulties in turn."""
    modes = [m for m in BOARD_MODES if _accepted(rules, modules, m, automa)]
    # A module played by a fixed number of seats (the team game, the solo game) plays
    # with that many.
    fixed = [MODULES[v.split(":")[0]].players for v in modules
             if MODULES[v.split(":")[0]].players]
    counts = fixed[0] if fixed else (2, 3, 4)
    return GameConfig(players=counts[i % len(counts)], rules=rules,
                      board_mode=modes[(i + i // 3) % len(modes)],
                      modules=modules,
                      chateauma=DIFFICULTIES[i // 2 % 3] if automa else None)


def _set_id(entry: tuple[str, tuple[str, ...], bool, str]) -> str:
    rules, modules, automa, _ = entry
    return f"{rules}-{'+'.join(modules)}{'-chateauma' if automa else ''}"


def test_every_offered_module_set_is_covered() -> None:
    assert {m for _, mods, _, _ in MODULE_SETS for m in mods} >= {
        f"{m}:{p}" if MODULES[m].params.get(r) else m
        for r in RULE_SETS for m in modules_offered(r)
        for p in (MODULES[m].params.get(r) or (None,))}
    assert any(set(mods) >= {"boards_11_18", "castle_connection", "tiles2"} and automa
               for _, mods, automa, _ in MODULE_SETS)
    assert not any(set(mods) >= {"boards_11_18", "identical_board:19"}
                   for _, mods, _, _ in MODULE_SETS)
    # every two modules a rule set accepts together meet in a pair
    for rules in RULE_SETS:
        values = [v for m in modules_offered(rules) for v in _values(rules, m)]
        for a, b in combinations(values, 2):
            if a.split(":")[0] != b.split(":")[0] and _accepted_anywhere(rules, (a, b), False):
                assert ((rules, (a, b), False, "pair") in MODULE_SETS
                        or (rules, (a, b), False, "largest") in MODULE_SETS)


def _first_values(entry: tuple[str, tuple[str, ...], bool, str]) -> bool:
    """Whether every module of the set takes its rule set's first (default) parameter."""
    rules = entry[0]
    return all(":" not in v or MODULES[v.split(":")[0]].params.get(rules, [None])[0]
               == v.split(":", 1)[1] for v in entry[1])


# The default run plays the pairs with each module's default parameter; a module's other
# values (another identical duchy, arranged trade routes, reduced vineyards, another
# solo target) play alone and in the largest sets there, and in every pair in the slow run.
DEFAULT_SETS = [e for e in MODULE_SETS if e[3] != "pair" or _first_values(e)]


@pytest.mark.parametrize("entry", DEFAULT_SETS, ids=_set_id)
def test_invariants_over_random_games_with_modules(entry) -> None:
    index = MODULE_SETS.index(entry)
    base = 500_000 + index * 1000
    # 2-4 players, the board modes in turn; a pair plays one game and a module alone or
    # with all the others six, because pairs grow as the square of the modules. The pairs'
    # single games take the player counts and board modes in turn across the pairs.
    if entry[3] == "pair":
        check_game(base, module_config(*entry, index))
        return
    for i in range(6):
        check_game(base + i, module_config(*entry, i))


@pytest.mark.slow
@pytest.mark.parametrize("entry", MODULE_SETS, ids=_set_id)
def test_invariants_over_many_random_games_with_modules(entry) -> None:
    base = 700_000 + MODULE_SETS.index(entry) * 1000
    for i in range(40 if entry[3] == "pair" else 120):
        check_game(base + i, module_config(*entry, i), roundtrip_every=97, check_every=1)
