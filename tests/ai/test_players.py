"""Every tier plays legal moves, deterministically, without peeking at hidden order."""

from __future__ import annotations

import random
import time

import pytest

from game.ai import TIERS, hint, make_player
from game.ai.evaluate import Evaluator
from game.ai.hard import HardPlayer
from game.ai.turns import BUY_WHILE_BELOW, BUY_WORKERS, passes_on, plan
from game.rules import public_key, resample_hidden
from game.rules import GameConfig, RULE_SETS, new_game

from .positions import midgame_positions, shuffled_supplies, swapped_face_down

CHEAP = {"random": None, "easy": None, "medium": 2, "hard": 2}


def cheap_player(tier: str, seed: int = 0):
    return make_player(tier, seed=seed, iterations=CHEAP[tier])


GAMES = [(rules, players, mode)
         for rules, players, mode in [
             ("special", 2, "advanced"), ("special", 3, "basic"), ("special", 4, "random"),
             ("alea2019", 2, "free"), ("alea2019", 3, "advanced"), ("alea2019", 4, "basic"),
             ("original", 2, "random"), ("original", 3, "free"), ("original", 4, "advanced"),
             ("yucata", 2, "basic"), ("yucata", 3, "random"), ("yucata", 4, "advanced")]]


WITH_CHATEAUMA = [("special", 2, "advanced", "medium"), ("alea2019", 3, "random", "easy+A"),
                  ("original", 4, "basic", "hard+A+B+C+D"), ("yucata", 2, "free", "hard+A+D")]


@pytest.mark.parametrize("rules,players,mode,chateauma",
                         [g + (None,) for g in GAMES] + WITH_CHATEAUMA)
def test_every_tier_plays_only_legal_actions_to_the_end(rules, players, mode, chateauma):
    seed = sum(map(ord, rules)) + players
    chance = random.Random(seed)
    config = GameConfig(players=players, rules=rules, board_mode=mode, chateauma=chateauma)
    state = new_game(config)
    seats = [cheap_player(TIERS[(seed + i) % len(TIERS)], seed=i)
             for i in range(config.deciders)]
    while not state.terminal:
        if state.is_chance():
            state.apply_chance(state.sample_chance(chance))
            continue
        before = state.to_json()
        action = seats[state.current_player].choose(state)
        assert state.to_json() == before, "choose() changed the state"
        assert action in state.legal_actions()
        state.apply(action)
    assert state.ranking()


def test_rule_sets_are_all_covered():
    assert {g[0] for g in GAMES} == set(RULE_SETS)


@pytest.fixture(scope="module")
def positions():
    return midgame_positions(11, every=23) + midgame_positions(12, players=3, rules="yucata",
                                                               every=41)


@pytest.mark.parametrize("tier", TIERS)
def test_same_seed_and_budget_same_move(tier, positions):
    for state in positions[::2]:
        a = cheap_player(tier, seed=5).choose(state)
        b = cheap_player(tier, seed=5).choose(state.clone())
        assert a == b


@pytest.mark.parametrize("tier", TIERS)
def test_hidden_supply_order_does_not_change_the_choice(tier, positions):
    for i, state in enumerate(positions[::2]):
        shuffled = shuffled_supplies(state, seed=i)
        assert shuffled.bags != state.bags or shuffled.black_bag != state.black_bag
        assert public_key(shuffled, 0) == public_key(state, 0)
        player = cheap_player(tier, seed=3)
        assert player.choose(state) == cheap_player(tier, seed=3).choose(shuffled)


@pytest.fixture(scope="module")
def chateauma_positions():
    """Positions of a solo game against Châteauma with face-down tiles on its estate
    (modifier A) and, later, jokers."""
    return midgame_positions(13, chateauma="hard+A+B", every=11)[1::2]


@pytest.mark.parametrize("tier", TIERS)
def test_chateauma_face_down_tiles_do_not_change_the_choice(tier, chateauma_positions):
    for i, state in enumerate(chateauma_positions):
        swapped = swapped_face_down(state, seed=i)
        assert swapped.chateauma.estate != state.chateauma.estate
        assert public_key(swapped, 0) == public_key(state, 0)
        assert (cheap_player(tier, seed=4).choose(state)
                == cheap_player(tier, seed=4).choose(swapped))


def test_the_ai_copy_deals_face_down_tiles_from_the_unseen_ones(chateauma_positions):
    state = chateauma_positions[-1]
    copy = resample_hidden(state, 0)
    assert resample_hidden(swapped_face_down(state, seed=9), 0).chateauma.estate == \
        copy.chateauma.estate
    assert sorted(copy.chateauma.tiles() + copy.black_bag) == sorted(
        state.chateauma.tiles() + state.black_bag)


def test_random_tier_varies_with_its_seed(positions):
    state = max(positions, key=lambda s: len(s.legal_actions()))
    picks = {make_player("random", seed=s).choose(state) for s in range(20)}
    assert len(picks) > 1


def test_hint_is_a_legal_action(positions):
    state = positions[1]
    assert hint(state, time_budget=0.2) in state.legal_actions()


def test_hard_samples_a_default_count_within_a_time_limit_unless_given_a_budget():
    default = make_player("hard")
    assert default.default_budget and default.time_budget == HardPlayer.time_limit
    counted = make_player("hard", iterations=8)
    assert not counted.default_budget and counted.time_budget is None
    timed = make_player("hard", time_budget=0.3)
    assert not timed.default_budget and (timed.iterations, timed.time_budget) == (None, 0.3)


def continuations_sampled(player, state, monkeypatch):
    """How many continuations the player's search plays from ``state`` (each valued 0)."""
    played = []
    monkeypatch.setattr(player, "_continue", lambda *args: played.append(args) or 0.0)
    player._search(resample_hidden(state, state.current_player), time.perf_counter())
    return len(played)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_s_default_count_is_the_one_for_the_number_of_players(players, monkeypatch):
    """With more players a continuation costs more, so Hard's default count is smaller:
    each search samples that many continuations (a round of samples may finish past it)."""
    monkeypatch.setattr(HardPlayer, "time_limit", 1e9)  # the count alone stops the search
    state = next(s for s in midgame_positions(7, players=players, every=19)
                 if continuations_sampled(make_player("hard"), s, monkeypatch))
    wanted = HardPlayer.default_samples[players]
    assert wanted <= continuations_sampled(make_player("hard"), state, monkeypatch) \
        < wanted + HardPlayer.candidates
    assert 8 <= continuations_sampled(make_player("hard", iterations=8), state,
                                      monkeypatch) < 8 + HardPlayer.candidates
    assert HardPlayer.default_samples[4] < HardPlayer.default_samples[3] \
        < HardPlayer.default_samples[2]


def test_hard_searches_only_at_a_turn_s_first_choice():
    """Hard plays the turn it chose to its end, forced steps (the end, once both dice
    are used) included: no decision within that turn searches again, and no step of it
    is left over when the next turn starts."""
    hard = make_player("hard", seed=3, iterations=4)
    medium = make_player("medium", seed=4)
    searched_with_steps_left = []
    real = hard._search

    def watched(root, start):
        searched_with_steps_left.append(len(hard._script))
        return real(root, start)

    hard._search = watched
    state = new_game(GameConfig(players=2))
    chance = random.Random(5)
    while state.phase < 2 and not state.terminal:
        if state.chance is not None:
            state.apply_chance(state.sample_chance(chance))
        else:
            seat = state.current_player
            state.apply((hard if seat == 0 else medium).choose(state))
    assert len(searched_with_steps_left) >= 8
    assert searched_with_steps_left == [0] * len(searched_with_steps_left)


class _Watching(Evaluator):
    """The hand-tuned evaluation, noting for which seats it was asked."""

    def __init__(self):
        super().__init__()
        self.seats = []

    def advantage(self, state, seat):
        self.seats.append(seat)
        return super().advantage(state, seat)


@pytest.mark.parametrize("players", [2, 3])
def test_a_continuation_plays_its_turns_by_the_rollout_evaluation_and_values_its_end_by_its_own(
        players):
    """Every turn of a continuation, the player's own next turn too, is chosen by the
    cheaper rollout evaluation (with the learned one, the hand-tuned); only the position
    after the player's next turn is valued by the evaluation it searches with."""
    own, rollout = _Watching(), _Watching()
    player = HardPlayer(iterations=2, evaluator=own, rollout_evaluator=rollout)
    state = midgame_positions(7, players=players, every=19)[0]
    seat = state.current_player
    after = plan(state, own.advantage, 1, max_lines=1)[0].state
    own.seats.clear()
    player._continue(player._play_known(after, seat), seat, seed=5)
    assert set(rollout.seats) == set(range(players))
    assert own.seats == [seat]


def test_hard_s_last_turn_ends_the_game_with_the_best_margin_it_can_reach():
    """On the game's last turn the scores it leads to are final: Hard must take the turn
    that ends with the best margin, not one its network's guess prefers (here taking
    workers, for a point more than placing a tile)."""
    state = midgame_positions(7, players=2, every=23)[-1]
    seat = state.current_player
    assert (state.phase, state.round, state.turn_index) == (4, 4, 1)

    def margin(end):
        return end.players[seat].score - end.players[1 - seat].score

    ends = [line.state for line in plan(state, Evaluator().advantage, 50)]
    assert all(end.terminal for end in ends)
    best = max(margin(end) for end in ends)
    assert sorted({margin(end) for end in ends})[-2:] == [best - 1, best]  # a close call
    for seed in range(3):
        s = state.clone()
        player = make_player("hard", seed=seed, iterations=24)
        while not s.terminal:
            s.apply(player.choose(s))
        assert margin(s) == best


def test_a_greedy_turn_keeps_the_best_position_of_each_depth():
    """Without stages a one-position beam follows, at every depth, the child the
    objective values most, and ends with the best turn that passed on along the way."""
    objective = Evaluator().advantage
    for state in midgame_positions(7, every=11)[:6]:
        seat, turn_index = state.current_player, state.turn_index
        node, ended = state, []
        while node is not None:
            best = None
            for action in node.legal_actions():
                if action == BUY_WORKERS and node.players[seat].workers >= BUY_WHILE_BELOW:
                    continue
                child = node.clone()
                child.apply(action, listen=False)
                value = objective(child, seat)
                if passes_on(child, seat, turn_index):
                    ended.append((value, child))
                elif best is None or value > best[0]:
                    best = (value, child)
            node = best[1] if best else None
        expected = max(ended, key=lambda e: e[0])
        line = plan(state, objective, 1, max_lines=1, by_stage=False)[0]
        assert line.value == expected[0]
        assert public_key(line.state, seat) == public_key(expected[1], seat)


def test_the_continuations_policy_is_hard_s_alone():
    assert HardPlayer().rollout == "staged"
    assert make_player("hard", rollout="greedy").rollout == "greedy"
    with pytest.raises(ValueError, match="continuation policy"):
        make_player("hard", rollout="deep")
    with pytest.raises(ValueError, match="plays no continuations"):
        make_player("medium", rollout="greedy")


def test_unknown_tier_is_refused():
    with pytest.raises(ValueError, match="unknown AI tier"):
        make_player("grandmaster")


def test_a_player_refuses_a_chance_step():
    state = new_game(GameConfig())
    with pytest.raises(ValueError, match="decision"):
        make_player("medium").choose(state)
