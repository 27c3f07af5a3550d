"""Châteauma across the game: mines at the phase end, its end scoring, ties, its turns in
the flow of play, chance outcomes, JSON, replays and whole games."""

from __future__ import annotations

import json
import random

import pytest

from game.rules import (GameConfig, GameRecord, GameState, IllegalAction, Match, new_game,
                        outcome_from_json, outcome_to_json, play_game, recompute_breakdown,
                        replay)
from game.rules.engine import end_phase, final_scoring
from game.rules.events import EVENT_TYPES, event_to_dict
from game.rules.chateauma import ChateaumaSeat
from game.rules.tiles import MINE, kind_from_name

from .builders import of_type, pass_turn, points, set_goods, settle
from .chateauma_builders import (automa, automa_game, automa_turn, seat, set_card,
                                 set_estate, set_reserve)

kind = kind_from_name


# --- the phase end ------------------------------------------------------------------------

def test_face_up_mines_on_its_estate_and_cards_pay_at_the_phase_end():
    s = automa_game(difficulty="medium+A+B", hidden=("mine",) * 2 + ("ship",) * 3,
                    shown=("castle", "bank", "mine"))          # B: a mine on 24
    set_estate(s, {29: "mine", 33: "mine"})
    set_estate(s, {33: "mine"})                                 # stacked: pays too
    set_card(s, 1, 1, {0: "mine"})
    set_card(s, 0, 8, {1: "~mine"})                            # face down: no
    set_reserve(s, "mine")                                      # the reserve: no
    p = s.players[seat(s)]
    before = p.silver
    events: list = []
    end_phase(s, events)
    assert [(e.player, e.amount, e.reason) for e in of_type(events, "SilverTaken")] == \
        [(seat(s), 5, "mines")]
    assert p.silver == before + 5


def test_its_mines_pay_after_every_players_mines():
    """docs/rules-decisions.md, "The phase end and the game end", step 3: mine income,
    then Châteauma's mines."""
    s = automa_game(players=3, difficulty="medium+B", shown=("castle", "bank", "mine"))
    assert s.hooks.phase_end == ("mines", "chateauma.mines", "next_phase")
    s.players[0].colour_count[MINE] = 2
    s.players[1].colour_count[MINE] = 1
    events: list = []
    end_phase(s, events)
    assert [(e.player, e.amount) for e in of_type(events, "SilverTaken")] == \
        [(0, 2), (1, 1), (seat(s), 1)]


def test_its_end_scoring_comes_after_everyone_elses():
    """docs/rules-decisions.md, "The phase end and the game end": at the game end,
    Châteauma's end scoring just before the winner."""
    s = automa_game(players=2)
    assert s.hooks.game_end == ("final_scoring", "chateauma.end", "game_over")
    set_reserve(s, "ship")
    s.phase = 4
    events: list = []
    final_scoring(s, events)
    reasons = [(e.player, e.reason) for e in of_type(events, "PointsScored")]
    assert reasons.index((seat(s), "reserve")) > reasons.index((0, "leftover_silver"))


def test_its_seat_is_played_by_its_controller():
    s = automa_game(players=3)
    assert list(s.hooks.controllers) == [seat(s)]
    assert isinstance(s.hooks.controllers[seat(s)], ChateaumaSeat)
    assert s.hooks.tie_winners == {seat(s)}
    base = new_game(GameConfig(players=3))
    assert base.hooks.controllers == {} and base.hooks.tie_winners == frozenset()
    assert base.hooks.phase_end == ("mines", "next_phase")
    assert base.hooks.seating.first_round_order(base.config, 1) == [1, 2, 0]


# --- the end scoring ------------------------------------------------------------------------

def test_its_end_scoring():
    s = automa_game(difficulty="medium+A", hidden=("monastery7", "ship", "ship", "ship",
                                                   "ship"))          # face down: no points
    set_estate(s, {7: "monastery2", 12: "monastery3"})
    set_card(s, 0, 5, {0: "monastery4", 1: "~monastery8"})
    set_card(s, 1, 1, {1: "cow2"})
    set_reserve(s, "monastery5", "ship", "~bank")
    set_goods(s, {1: 2, 4: 1}, seat=seat(s))
    p = s.players[seat(s)]
    p.silver = 3
    s.phase = 4
    events: list = []
    final_scoring(s, events)
    assert points(events, "monasteries", seat(s)) == 4 * 3
    assert points(events, "leftover_goods", seat(s)) == 3
    assert points(events, "leftover_silver", seat(s)) == 3
    assert points(events, "reserve", seat(s)) == 3
    assert points(events, "card_tiles", seat(s)) == 2 * 3
    assert points(events, "leftover_workers", seat(s)) == 0
    assert s.terminal
    assert {k: v for k, v in recompute_breakdown(s, seat(s)).items() if v} == \
        s.score_breakdown(seat(s))


def test_ties_go_to_chateauma():
    s = automa_game(players=3)
    for seat_ in range(3):
        s.players[seat_].score = 50
    s.players[2].occupied = (1 << 37) - 1      # would lose on empty spaces (docs/rulings.md R2)
    s.players[2].track_pos = 5                  # and on turn order
    assert s.ranking()[0] == 2
    s.players[0].score = 51
    assert s.ranking() == [0, 2, 1]


# --- its turns in the flow of play ---------------------------------------------------------

def test_its_turn_follows_the_others_and_runs_on_chance_steps_only():
    s = automa_game()
    pass_turn(s)
    assert s.current_player == -1 and s.chance == "chateauma_die"
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply(("end",))
    events = s.apply_chance(3)
    assert of_type(events, "TurnEnded")[0].player == seat(s)
    assert s.chance == "roll"


def test_its_turns_are_fixed_by_the_state_and_the_outcomes():
    a = automa_game()
    a.depots[2] = [kind("cow3"), kind("bank")]
    settle(a)  # a saved state conserves its tiles
    b = GameState.from_json(a.to_json())
    assert automa_turn(a, 3) == automa_turn(b, 3)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("step, outcome", [("chateauma_die", 0), ("chateauma_die", 7),
                                           ("chateauma_die", True), ("chateauma_die", "3")])
def test_an_impossible_die_is_refused(step, outcome):
    s = automa_game()
    pass_turn(s)
    with pytest.raises(IllegalAction, match=step):
        s.apply_chance(outcome)


def test_only_a_card_from_the_deck_can_be_revealed():
    s = automa_game()
    set_card(s, 0, 1, {0: "mine", 1: "cow2"})
    s.depots[1] = [kind("monastery2"), -1]
    settle(s)
    automa_turn(s, 2)
    assert s.chance == "chateauma_card"
    for bad in (0, 1, 10):
        with pytest.raises(IllegalAction, match="chateauma_card"):
            s.apply_chance(bad)
    assert s.sample_chance(random.Random(2)) in automa(s).deck


def test_chance_outcomes_round_trip_through_json():
    setup = (4, 2, (kind("ship"), kind("monastery7")), (kind("castle"),))
    data = json.loads(json.dumps(outcome_to_json("chateauma_setup", setup)))
    assert data == {"left": 4, "right": 2, "face_down": ["ship", "monastery7"],
                    "face_up": ["castle"]}
    assert outcome_from_json("chateauma_setup", data) == setup
    assert outcome_from_json("chateauma_die", outcome_to_json("chateauma_die", 5)) == 5


def test_its_material_round_trips_through_json_in_the_middle_of_a_turn():
    s = automa_game(difficulty="hard+A+B+D", hidden=("ship",) * 5,
                    shown=("castle", "bank", "mine"))
    set_card(s, 0, 1, {0: "~mine", 1: "cow2"})
    set_reserve(s, "ship", "~bank")
    s.depots[1] = [kind("monastery2"), -1]
    settle(s)
    automa_turn(s, 2)
    assert s.chance == "chateauma_card" and automa(s).agenda
    text = s.to_json()
    restored = GameState.from_json(text)
    assert restored.to_json() == text
    assert restored.clone().to_json() == text
    assert restored.apply_chance(6) == s.apply_chance(6)


def test_clone_does_not_share_its_material():
    s = automa_game()
    c = s.clone()
    automa(c).reserve[0].append(kind("castle"))
    automa(c).card_tiles[0][0] = kind("bank")
    assert automa(s).reserve[0] == [] and automa(s).card_tiles[0][0] == -1


def test_every_event_is_a_registered_type_with_plain_fields():
    rng = random.Random(11)
    s = new_game(GameConfig(players=2, chateauma="hard+A+B+C+D"))
    seen = set()
    while not s.is_terminal():
        if s.is_chance():
            events = s.apply_chance(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            events = s.apply(legal[int(rng.random() * len(legal))])
        for e in events:
            assert EVENT_TYPES[type(e).__name__] is type(e)
            json.dumps(event_to_dict(e))
            seen.add(type(e).__name__)
    assert {"ChateaumaSetUp", "ChateaumaDieRolled", "ChateaumaTilePlaced",
            "ChateaumaCardCompleted", "ChateaumaTileMoved", "ChateaumaCardRevealed"} <= seen


# --- whole games and replays ---------------------------------------------------------------

def random_player(seed: int):
    pick = random.Random(seed).random

    def decide(state: GameState):
        legal = state.legal_actions()
        return legal[int(pick() * len(legal))]
    return decide


def test_play_game_runs_a_whole_game_with_the_given_decision_makers():
    config = GameConfig(players=3, chateauma="medium")
    match = play_game(config, 5, [random_player(1), random_player(2)])
    s = match.state
    assert s.is_terminal() and len(s.scores()) == 3
    assert replay(GameRecord.from_json(match.record.to_json())).to_json() == s.to_json()
    again = play_game(config, 5, [random_player(1), random_player(2)])
    assert again.state.to_json() == s.to_json()
    with pytest.raises(ValueError, match="decision makers"):
        play_game(config, 5, [random_player(1)])


def test_a_solo_game_replays_byte_for_byte_from_its_record():
    match = Match(GameConfig(players=2, chateauma="hard+A+B+C+D"), 8)
    pick = random.Random(3).random
    match.resolve_chance()
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.play(legal[int(pick() * len(legal))])
    steps = [step.get("step") for step in match.record.steps if "chance" in step]
    assert {"chateauma_setup", "chateauma_die", "chateauma_card"} <= set(steps)
    record = GameRecord.from_json(match.record.to_json())
    assert record.config.chateauma == "hard+A+B+C+D"
    assert replay(record).to_json() == match.state.to_json()
