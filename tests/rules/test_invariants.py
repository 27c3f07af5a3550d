"""Invariants over many seeded random games, checked at every step (OpenSpiel style)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import (BOARD_MODES, RULE_SETS, GameConfig, GameRecord, GameState, Match,
                        action_text, new_game, parse_action, recompute_breakdown, replay)
from game.rules.tiles import BLACK_TILES, COLOURED_TILES, GOODS_PER_TYPE

ALL_TILES = Counter(COLOURED_TILES) + Counter(BLACK_TILES)


def tiles_in_play(s: GameState) -> Counter:
    c: Counter = Counter()
    for bag in s.bags:
        c.update(bag)
    c.update(s.black_bag)
    c.update(s.box)
    for row in (*s.depots, s.black):
        c.update(k for k in row if k >= 0)
    for p in s.players:
        c.update(k for k in p.storage if k >= 0)
        c.update(k for k in p.estate if k >= 0)
    c.update(f.arg[0] for f in s.frames if f.kind == "discard")  # the tile in hand
    if s.chateauma:
        c.update(s.chateauma.tiles())
    return c


def goods_in_play(s: GameState) -> list[int]:
    total = s.goods_pool[:]
    for g in s.depot_goods:
        total = [a + b for a, b in zip(total, g)]
    for p in s.players:
        total = [a + b + c for a, b, c in zip(total, p.goods, p.sold)]
    total = [a + (s.round_goods[s.round:].count(t) if s.phase >= 0 and s.chance != "phase" else 0)
             for t, a in enumerate(total)]
    return total


def check_game(seed: int, config: GameConfig, roundtrip_every: int = 23) -> GameState:
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
        automa = s.config.chateauma_seat
        if s.players and all(p.board for p in s.players[:s.config.deciders]):
            assert tiles_in_play(s) == ALL_TILES, "hex tiles are not conserved"
        assert automa < 0 or s.current_player != automa
        for seat, p in enumerate(s.players):
            assert p.silver >= 0 and p.workers >= 0
            if seat != automa:  # Châteauma has a space for each goods type
                assert sum(1 for g in p.goods if g) <= 3, "more than three goods types held"
            assert p.score == sum(p.breakdown.values())
        if steps % roundtrip_every == 0:
            text = s.to_json()
            restored = GameState.from_json(text)
            assert restored.to_json() == text
            assert restored.legal_actions() == s.legal_actions()
    s = match.state
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
        check_game(seed, config, roundtrip_every=97)


def test_same_seed_and_actions_replay_byte_for_byte() -> None:
    config = GameConfig(players=3)
    a = check_game(5, config)
    b = check_game(5, config)
    assert a.to_json() == b.to_json()


def test_goods_are_conserved() -> None:
    rng = random.Random(3)
    s = new_game(GameConfig(players=4))
    while not s.is_terminal():
        if s.is_chance():
            s.apply_chance(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
        if s.phase >= 0 and s.chance not in ("start_goods",):
            total = s.goods_pool[1:]
            placed = [0] * 6
            for g in s.depot_goods:
                placed = [a + b for a, b in zip(placed, g[1:])]
            for p in s.players:
                placed = [a + b + c for a, b, c in zip(placed, p.goods[1:], p.sold[1:])]
            if s.chance != "phase":
                for t in s.round_goods[s.round + (0 if s.chance == "roll" else 1):]:
                    placed[t - 1] += 1
            assert [a + b for a, b in zip(total, placed)] == [GOODS_PER_TYPE] * 6
