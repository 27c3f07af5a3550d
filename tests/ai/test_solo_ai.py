"""The AI in the solo game: it values filled spaces (the win) over points, counts points
towards the target marker, and the planning tiers use what the solo rules offer: the
extra action of a reset, the points bought to reach the target, the black-depot tile of a
completed colour."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.ai import make_player
from game.ai.evaluate import SOLO_SPACE, Evaluator
from game.ai.hard import HardPlayer, _distinct
from game.ai.turns import plan
from game.rules import SHIP, SPACES, GameState, solo_state
from game.rules.engine import score
from game.rules.modules.solo import solo_result

from ..rules.builders import build, give, kind, me, set_dice, set_goods, store
from ..rules.test_module_solo import fill_but, set_score, solo
from .positions import play_turn

BUDGET = {"medium": 2, "hard": 4}
PLANNING = ("medium", "hard")


def test_a_filled_space_is_worth_more_than_its_points():
    s = solo()
    evaluator = Evaluator()
    before = evaluator.value(s, 0)
    set_score(s, 12)
    richer = evaluator.value(s, 0)
    s2 = solo()
    build(s2, 7, "monastery1")
    fuller = evaluator.value(s2, 0)
    assert fuller - before > richer - before > 0
    assert fuller - before >= SOLO_SPACE * 0.9


def test_points_count_more_as_the_target_comes_down():
    s = solo()
    set_score(s, 20)
    at_50 = Evaluator().value(s, 0)
    s.ext["solo"] = solo_state(s)._replace(target=25)
    assert Evaluator().value(s, 0) > at_50


@pytest.mark.parametrize("tier", PLANNING)
def test_the_extra_action_of_a_reset_is_used(tier):
    s = solo(dice=(6, 6))
    set_score(s, 49)
    give(s, silver=1, workers=0)
    store(s, "cow2", "bank")
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    # one die for the cow, the reset's extra action (bought for 1 silver) for the bank
    assert solo_state(after).resets == 1
    assert after.players[0].occupied.bit_count() >= 3


@pytest.mark.parametrize("tier", PLANNING)
def test_a_completed_colours_tile_is_placed(tier):
    s = solo(dice=(5, 5))
    for space in (3, 34):
        build(s, space, "mine")
    store(s, "mine")
    s.black[0] = kind("castle")
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert after.players[0].estate[28] == kind("castle") or \
        after.players[0].occupied.bit_count() >= me(s).occupied.bit_count() + 2


@pytest.mark.parametrize("tier", ("random", "easy", "medium", "hard"))
def test_every_tier_answers_the_solo_decisions(tier):
    s = solo(dice=(1, 1))
    s.depot_goods = [[0] * 7 for _ in range(6)]
    build(s, 7, "monastery1")
    store(s, "ship")
    set_dice(s, 1, 1)
    give(s, silver=3)
    me(s).goods[4] += 2
    s.apply(("place", 0, 0, 14))
    assert s.decision == "solo_trade"
    player = make_player(tier, seed=2, iterations=BUDGET.get(tier))
    assert player.choose(s) in s.legal_actions()


# --- what the solo evaluation values (evaluate._solo_value) ---------------------------------

def _at(s, phase: int, round_: int):
    """The position moved to round `round_` of phase `phase`, the turn not begun."""
    s.phase, s.round = phase, round_
    s._legal = None
    return s


def test_a_reset_is_no_windfall_and_its_action_lapses_with_the_turn():
    """SO-10, P-SO-4: the counter reaching the target spends the points for an extra
    action to use before the turn ends. While the turn goes on the position is worth
    about what it was (the reset's worth is now the action in hand), whatever the points
    scored before; once the turn is over with the action unused, less."""
    s = solo(target="45")
    set_score(s, 44)
    before = Evaluator().value(s, 0)
    score(s, 0, 1, "animals", None)
    assert solo_state(s).resets == 1 and solo_state(s).extra == 1
    in_turn = Evaluator().value(s, 0)
    assert abs(in_turn - before) < 0.1 * SOLO_SPACE
    s.chance = "roll"            # the turn is over: the action has lapsed
    assert Evaluator().value(s, 0) < before - 0.3 * SOLO_SPACE


def _two_silver_against_two_points(evaluator: Evaluator, s) -> tuple[float, float]:
    """What 2 silver add to the value of position s without silver, and what 2 points on
    the counter add instead; s is left without silver and with its score."""
    give(s, silver=0)
    base = evaluator.value(s, 0)
    give(s, silver=2)
    silver = evaluator.value(s, 0) - base
    give(s, silver=0)
    set_score(s, 2)
    points = evaluator.value(s, 0) - base
    set_score(s, -2)
    return silver, points


def test_silver_is_worth_the_black_depot_tiles_it_buys():
    """2 silver buy a tile without a take: far more than 2 points on the counter."""
    richer, points = _two_silver_against_two_points(Evaluator(), solo(target="45"))
    assert richer >= 0.3 * SOLO_SPACE
    assert richer > 3 * points


def test_silver_is_worth_its_points_when_phase_e_has_no_tile_to_buy():
    """SO-8: silver buys from the black depot; in phase E the depot is not refilled.
    With no tile left there, silver is only points bought on the counter (SO-10): held
    for purchases that cannot come, it was kept instead of spent on a reset."""
    evaluator = Evaluator()
    s = _at(solo(target="45"), 4, 1)
    s.black = [-1, -1, -1, -1]
    richer, points = _two_silver_against_two_points(evaluator, s)
    assert richer == pytest.approx(points)
    s.black[0] = kind("cow2")        # a tile to buy: the silver is a purchase again
    base = evaluator.value(s, 0)
    give(s, silver=2)
    assert evaluator.value(s, 0) - base >= 0.3 * SOLO_SPACE


def test_silver_buys_no_tile_for_a_space_a_stored_tile_fills():
    """Phase E: the black depot's pasture tile fits only the last pasture space, and a
    stored cow fills that: 2 silver are the 2 points they buy, not a purchase."""
    evaluator = Evaluator()
    s = _at(solo(target="45"), 4, 1)
    fill_but(s, {0, 7})          # pasture 0 and monastery 7 still empty
    store(s, "cow2")
    s.black = [kind("sheep3"), -1, -1, -1]
    richer, points = _two_silver_against_two_points(evaluator, s)
    assert richer == pytest.approx(points)


def test_the_mines_pay_no_silver_to_spend_after_phase_e():
    """The mines pay at every phase end (base rules), at the end of phase E after the
    last turn: that silver buys nothing. In phase E with a tile to buy and mines on the
    estate, the 2 silver of a purchase are still worth the purchase."""
    evaluator = Evaluator()
    s = _at(solo(target="45"), 4, 1)
    for space in (3, 34):
        build(s, space, "mine")
    s.black = [kind("cow2"), -1, -1, -1]
    give(s, silver=0)
    base = evaluator.value(s, 0)
    give(s, silver=2)
    assert evaluator.value(s, 0) - base >= 0.3 * SOLO_SPACE


def _goods_against_their_points(evaluator: Evaluator, s) -> tuple[float, float]:
    """What 5 goods (two types) add to the value of position s without goods, and what
    the 10 points of their sale (2 a tile with the two-player table, SO-0) add instead."""
    set_goods(s, {})
    base = evaluator.value(s, 0)
    set_goods(s, {1: 2, 2: 3})
    goods = evaluator.value(s, 0) - base
    set_goods(s, {})
    set_score(s, 10)
    points = evaluator.value(s, 0) - base
    set_score(s, -10)
    return goods, points


def test_goods_count_towards_a_black_tile_while_a_ship_space_is_empty():
    """SO-7 (c): a ship placed, 5 goods may be given up for any black-depot tile, which
    fills any space. While a ship space is empty, 5 goods held are worth far more than
    the points a sale would bring; with every ship space filled, only those points."""
    evaluator = Evaluator()
    goods, points = _goods_against_their_points(evaluator, solo(target="45"))
    assert goods > points + 0.2 * SOLO_SPACE
    s = solo(target="45")
    p = me(s)
    for space in range(SPACES):
        if p.estate[space] < 0 and p.board.colour[space] == SHIP:
            build(s, space, "ship")
    goods, points = _goods_against_their_points(evaluator, s)
    assert goods < points + 0.1 * SOLO_SPACE


def test_two_stored_tiles_for_one_space_count_once():
    evaluator = Evaluator()
    s = solo()
    fill_but(s, {0, 7})          # pasture 0 and monastery 7 still empty
    store(s, "cow2")
    one = evaluator.value(s, 0)
    store(s, "cow2", "sheep3")
    same_space = evaluator.value(s, 0) - one
    store(s, "cow2", "monastery1")
    other_space = evaluator.value(s, 0) - one
    assert other_space > 3 * same_space


def test_a_filled_space_beats_the_means_to_fill_it_near_the_end():
    """With two spaces left, holding tiles and points for the last space is worth less
    than the space: the holdings saturate towards the spaces still empty."""
    evaluator = Evaluator()
    s = _at(solo(target="45"), 4, 2)
    fill_but(s, {0, 7})
    store(s, "cow2", "sheep3", "monastery1")
    give(s, silver=6, workers=4)
    rich = evaluator.value(s, 0)
    s2 = _at(solo(target="45"), 4, 2)
    fill_but(s2, {7})
    assert evaluator.value(s2, 0) > rich


# --- what the planning tiers do with it ----------------------------------------------------

@pytest.mark.parametrize("tier", PLANNING)
def test_the_last_space_of_a_colour_is_filled_with_no_reward_waiting(tier):
    """Phase E: the black depot holds nothing that fits anywhere, so completing the
    pastures brings no tile, yet the space is still a space."""
    s = _at(solo(dice=(5, 5)), 4, 3)
    fill_but(s, {22, 36})        # monastery 22 (no monastery to be had), pasture 36 (die 2)
    store(s, "pig2", "sheep3")
    give(s, workers=3)
    s.black = [kind("sheep3"), kind("sheep4"), -1, -1]
    s.depots = [[-1] * len(row) for row in s.depots]
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert after.players[0].estate[36] >= 0


@pytest.mark.parametrize("tier", PLANNING)
def test_points_are_bought_when_the_reset_wins_the_game(tier):
    """The last turn, one space left, no die fits it: 2 silver buy the 2 points to the
    target, and the reset's action (any number) places the tile."""
    s = _at(solo(target="45", dice=(3, 3)), 4, 4)
    fill_but(s, {0})             # pasture 0 needs a 6
    store(s, "cow2")
    give(s, silver=2, workers=0)
    set_goods(s, {})
    set_score(s, 43)
    after = play_turn(make_player(tier, seed=1, iterations=BUDGET[tier]), s)
    assert solo_result(after).won


def test_the_colour_tile_is_promised_across_the_phase_e_setup():
    """SO-9: completing a colour places a black-depot tile. At the setup of phase E the
    old black depot is cleared and the new one not yet dealt; the promise of a colour
    one space short must not vanish there, or the last turn of phase D is valued as if
    no tile could come (its look-ahead ends at that setup)."""
    evaluator = Evaluator()
    s = _at(solo(target="45"), 4, 0)
    fill_but(s, {0, 7})          # pasture 0 and monastery 7 still empty
    s.depots = [[] for _ in s.depots]
    s.black = []
    s.chance = "phase"           # phase E's depots about to be dealt
    before_deal = evaluator.value(s, 0)
    s.black = [kind("monastery1"), kind("cow2"), -1, -1]   # a deal that fits
    s.chance = "roll"
    assert before_deal >= evaluator.value(s, 0) - 1e-9


class _Scripted(HardPlayer):
    """Hard whose sampled continuations return scripted values, by candidate and sample."""

    def __init__(self, script, **kw) -> None:
        super().__init__(**kw)
        self.script = script
        self.known = 0
        self.drawn: dict[int, int] = {}

    def _play_known(self, after, seat):
        self.known += 1
        return self.known - 1

    def _continue(self, known, seat, seed):
        j = self.drawn.get(known, 0)
        self.drawn[known] = j + 1
        return self.script[known](j)


def test_a_challenger_put_out_early_does_not_overturn_the_beams_best():
    """The solo game: a challenger put out after two samples that happened to agree
    (a tiny standard error) must not overturn the beam's best when the challengers
    sampled throughout do not: it was put out for looking worse on those samples."""
    s = solo(dice=(3, 4))
    script = {0: lambda j: 0.0,
              1: lambda j: 5.0 + 0.01 * j,               # put out after two samples
              2: lambda j: 10.0 if j < 2 else -3.0 + (j % 2),
              3: lambda j: 10.0 if j < 2 else -4.0,
              4: lambda j: -5.0, 5: lambda j: -5.0}
    player = _Scripted(script, seed=1, iterations=24)
    lines = plan(s, player.evaluator.advantage, player.width)
    pool = _distinct(lines, player.candidates, 0)
    assert len(pool) == 6
    chosen = player._search(s, 0.0)
    assert player.drawn[1] == 2 and player.drawn[2] > 4
    assert chosen.actions == pool[0].actions


def test_no_learned_network_values_the_solo_game():
    """The shipped networks were trained on games of two or more players: Hard values
    a solo position by the solo evaluation alone, in the candidates and the look-ahead."""
    s = solo(dice=(3, 4))
    build(s, 7, "monastery1")
    store(s, "cow2")
    hard = HardPlayer(seed=1)
    solo_value = Evaluator().value(s, 0)
    assert hard.evaluator.advantage(s, 0) == solo_value
    assert hard.rollout_evaluator.advantage(s, 0) == solo_value


@pytest.mark.parametrize("width", (1, 4))
def test_a_narrow_beam_reaches_the_target_and_uses_its_action(width):
    """SO-10: reaching the target gives an extra action, any number, this turn (P-SO-4).
    The counter at 36 of 45, dice 3 and 5: the monastery on 7 (a 3) completes its area
    for 11 points, and the extra action places the stored cow on pasture 0 (a 6). A beam
    of one (the look-ahead's turns) or four (Medium) must not pass the monastery over
    because the reset, its action not yet used, looked like a loss."""
    s = solo(target="45", dice=(3, 5))
    set_score(s, 36)
    give(s, silver=0, workers=0)
    store(s, "cow2", "monastery1")
    filled = me(s).occupied.bit_count()
    after = play_turn(make_player("medium", seed=1, iterations=width), s)
    assert solo_state(after).resets == 1
    assert after.players[0].occupied.bit_count() >= filled + 2


def test_a_search_cut_short_keeps_the_beams_best():
    """The solo game: a search stopped after two samples per candidate (what the time
    limit leaves on a loaded machine) judges no challenger on them, however they agree."""
    s = solo(dice=(3, 4))
    script = {0: lambda j: 0.0, 1: lambda j: 5.0 + 0.01 * j, 2: lambda j: 4.0 + 0.01 * j,
              3: lambda j: 3.0, 4: lambda j: -5.0, 5: lambda j: -5.0}
    player = _Scripted(script, seed=1, iterations=12)
    lines = plan(s, player.evaluator.advantage, player.width)
    pool = _distinct(lines, player.candidates, 0)
    chosen = player._search(s, 0.0)
    assert player.drawn[0] == 2 and player.drawn[1] == 2
    assert chosen.actions == pool[0].actions



class _Recorded(HardPlayer):
    """Hard that records the chance each of its continuations draws, by sample seed."""

    drawn: dict[int, list[list]]
    steps: list

    def _continue(self, known, seat, seed):
        self.steps = []
        value = super()._continue(known, seat, seed)
        if not known[1]:
            self.drawn.setdefault(seed, []).append(self.steps)
        return value


def test_every_candidate_sees_the_same_chance_in_a_sample(monkeypatch):
    """Common random numbers: in the solo game a continuation from a phase's last round
    meets the next phase's setup and the next turn's roll. However the candidate turns
    differ, sample i deals every candidate the same tiles, goods and dice, so the
    candidates' differences are not luck."""
    s = _at(solo(dice=(3, 4)), 0, 4)
    player = _Recorded(seed=1, iterations=24)
    player.drawn = {}
    sample_chance = GameState.sample_chance

    def recorded(state, rng):
        outcome = sample_chance(state, rng)
        player.steps.append((state.chance, outcome))
        return outcome
    monkeypatch.setattr(GameState, "sample_chance", recorded)
    lines = plan(s, player.evaluator.advantage, player.width)
    assert len(_distinct(lines, player.candidates, 0)) == 6
    player._search(s, 0.0)
    assert len(player.drawn) == 7
    for draws in player.drawn.values():
        assert len(draws) >= 2
        assert [step for step, _ in draws[0]] == ["phase", "roll"]
        assert all(d == draws[0] for d in draws)


def test_solo_decisions_prints_the_searches_of_a_small_budget(capsys):
    """benchmarks/solo_decisions.py prints every search of a solo game; a budget too
    small to sample every candidate of the pool prints those without samples as such
    (it stopped with an IndexError on the first such search)."""
    path = Path(__file__).parents[2] / "benchmarks" / "solo_decisions.py"
    spec = importlib.util.spec_from_file_location("solo_decisions", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    filled = bench.play(target=50, seed=1, index=0, samples=4)
    printed = capsys.readouterr().out
    assert 0 < filled <= SPACES
    assert "sampled     nan (0)" in printed
