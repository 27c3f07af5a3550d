"""The duchy modules: `boards_11_18` (BR-1, BR-2, P-BR-1) and `identical_board` (ID-1, ID-2,
P-ID-1, P-ID-2, P-ID-3); SE l.103-106, l.280, l.292, l.713-723; X11 l.39-41,
l.76-78."""

from __future__ import annotations

import random

import pytest

from game.rules import (GameConfig, GameRecord, GameState, IllegalAction, Match, check_state,
                        new_game, replay)
from game.rules.boards import CENTRE, get_board
from game.rules.events import BoardChosen, BoardsDrawn
from game.rules.extension import board_deal
from game.rules.serialize import outcome_from_json, outcome_to_json

ELEVEN_TO_EIGHTEEN = [str(n) for n in range(11, 19)]


def castles(board: str) -> list[int]:
    return get_board(board).castle_spaces


def at_boards(players: int = 3, mode: str = "random", modules: tuple = ("boards_11_18",),
              rules: str = "special", start_player: int = 0, chateauma: str | None = None):
    """A new game with the modules, its start player chosen."""
    s = new_game(GameConfig(players=players, rules=rules, board_mode=mode, modules=modules,
                            chateauma=chateauma))
    s.apply_chance(start_player)
    return s


def set_up(s, rng: random.Random) -> None:
    """Play the setup to the start goods with seeded draws and random choices."""
    while s.chance != "start_goods":
        if s.chance is not None:
            s.apply_chance(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))


# --- boards_11_18 ---------------------------------------------------------------------

def test_br1_random_mode_deals_every_player_a_duchy_from_11_to_18() -> None:
    # (derived) special + boards_11_18, 3 players, random mode.
    for seed in range(30):
        s = at_boards(players=3, mode="random")
        set_up(s, random.Random(seed))
        check_state(s)
        assert all(p.board.id in ELEVEN_TO_EIGHTEEN for p in s.players)


@pytest.mark.parametrize("mode", ["advanced", "random", "free"])
def test_br2_every_board_mode_deals_only_from_11_to_18(mode: str) -> None:
    for seed in range(20):
        s = at_boards(players=4, mode=mode)
        set_up(s, random.Random(seed))
        assert {p.board.id for p in s.players} <= set(ELEVEN_TO_EIGHTEEN)


def test_br1_the_start_castle_goes_on_any_castle_space_of_the_duchy() -> None:
    s = at_boards(players=2, mode="free")
    s.apply(("board", "15"))
    assert sorted(a[1] for a in s.legal_actions()) == castles("15")
    with pytest.raises(IllegalAction):
        s.apply(("start_castle", CENTRE))  # not a castle space of board 15
    s.apply(("start_castle", castles("15")[2]))
    assert s.players[0].estate[castles("15")[2]] >= 0


def test_br1_two_players_may_hold_the_same_number_each_has_a_set() -> None:
    s = at_boards(players=3, mode="random")
    s.apply_chance((("13", castles("13")[0]), ("13", castles("13")[1]), ("13", castles("13")[0])))
    assert [p.board.id for p in s.players] == ["13", "13", "13"]
    # Seeded draws do repeat a number among players now and then.
    repeats = 0
    for seed in range(40):
        drawn = at_boards(players=4, mode="random").sample_chance(random.Random(seed))
        repeats += len({b for b, _ in drawn}) < 4
    assert repeats > 0


def test_p_br1_free_mode_offers_11_to_18_and_no_board_of_1_to_10() -> None:
    s = at_boards(players=2, mode="free")
    assert sorted(a[1] for a in s.legal_actions()) == ELEVEN_TO_EIGHTEEN
    with pytest.raises(IllegalAction, match=r"choose one of the boards \['11', '12'"):
        s.apply(("board", "1"))
    assert board_deal(s.config).pool == tuple(ELEVEN_TO_EIGHTEEN)
    assert board_deal(s.config).own_sets


def test_br2_advanced_mode_each_player_chooses_between_two_boards_drawn_for_them() -> None:
    s = at_boards(players=2, mode="advanced", start_player=1)
    assert s.chance == "boards"
    events = s.apply_chance((("11", "14"), ("14", "17")))
    assert BoardsDrawn((("11", "14"), ("14", "17"))) in events
    assert s.current_player == 1  # the start player chooses first
    assert sorted(s.legal_actions()) == [("board", "14"), ("board", "17")]
    s.apply(("board", "14"))
    assert s.decision == "start_castle"
    assert sorted(a[1] for a in s.legal_actions()) == castles("14")
    s.apply(("start_castle", castles("14")[1]))
    assert sorted(s.legal_actions()) == [("board", "11"), ("board", "14")]
    s.apply(("board", "14"))  # the same number as the other player: a set of their own
    s.apply(("start_castle", castles("14")[3]))
    assert s.chance == "start_goods"
    assert [p.board.id for p in s.players] == ["14", "14"]


@pytest.mark.parametrize("outcome, why", [
    ((("1", "14"), ("12", "17")), "2 different boards from"),      # board 1 is not dealt
    ((("5", "14"), ("12", "17")), "2 different boards from"),      # nor any of 1-10
    ((("14", "14"), ("12", "17")), "2 different boards from"),     # two sides of one draw
    ((("14",), ("12", "17")), "2 different boards from"),
    (("14", "12"), "2 different boards from"),
    ((("11", "14"),), "expected 2 entries"),
    ("11", "expected 2 entries"),
])
def test_br2_impossible_advanced_draws_are_refused(outcome, why: str) -> None:
    s = at_boards(players=2, mode="advanced")
    before = s.to_json()
    with pytest.raises(IllegalAction, match=why):
        s.apply_chance(outcome)
    assert s.to_json() == before


@pytest.mark.parametrize("outcome, why", [
    ((("5", 1), ("12", 12)), "boards from"),
    ((("12", CENTRE), ("12", 12)), "is not a castle space"),
    ((("12", 12),), "expected 2 entries"),
    ((("12", "12"), ("12", 12)), r"\(board, castle space\) pairs"),
])
def test_br2_impossible_random_draws_are_refused(outcome, why: str) -> None:
    s = at_boards(players=2, mode="random")
    with pytest.raises(IllegalAction, match=why):
        s.apply_chance(outcome)
    assert s.chance == "boards"


def test_br2_seeded_advanced_draws_give_each_player_two_different_boards() -> None:
    for seed in range(40):
        s = at_boards(players=4, mode="advanced")
        drawn = s.sample_chance(random.Random(seed))
        assert len(drawn) == 4
        assert all(len(set(pair)) == 2 and set(pair) <= set(ELEVEN_TO_EIGHTEEN)
                   for pair in drawn)
        s.apply_chance(drawn)  # every sampled outcome is possible


def test_br2_basic_mode_is_refused_at_config_time() -> None:
    with pytest.raises(ValueError, match="'boards_11_18' gives every player another duchy "
                                         "than board 1: choose the advanced, random or free"):
        GameConfig(board_mode="basic", modules=("boards_11_18",))


@pytest.mark.parametrize("rules", ["alea2019", "original", "yucata"])
def test_boards_11_18_is_offered_only_by_the_special_edition(rules: str) -> None:
    with pytest.raises(ValueError, match="do not offer 'boards_11_18'"):
        GameConfig(rules=rules, modules=("boards_11_18",))


def test_boards_11_18_takes_no_parameter_and_is_chosen_once() -> None:
    with pytest.raises(ValueError, match="'boards_11_18' takes no parameter"):
        GameConfig(modules=("boards_11_18:12",))
    with pytest.raises(ValueError, match="'boards_11_18' is chosen twice"):
        GameConfig(modules=("boards_11_18", "boards_11_18"))


def test_boards_11_18_and_identical_boards_exclude_each_other() -> None:
    with pytest.raises(ValueError, match="cannot be combined"):
        GameConfig(modules=("boards_11_18", "identical_board:20"))


def test_boards_11_18_changes_no_rule_of_play() -> None:
    # Nothing but the deal: no placement filter, no state, no steps, no decisions.
    s = at_boards(players=2, mode="free")
    hooks = s.hooks
    assert hooks.place_rules == () and hooks.with_ext == () and not hooks.effect_frames
    assert hooks.phase_end == new_game(GameConfig()).hooks.phase_end
    assert hooks.game_end == new_game(GameConfig()).hooks.game_end


def test_boards_11_18_with_castle_connection_still_gives_each_player_a_set() -> None:
    config = GameConfig(modules=("castle_connection", "boards_11_18"))
    assert config.modules == ("boards_11_18", "castle_connection")
    assert board_deal(config).own_sets and board_deal(config).pool == tuple(ELEVEN_TO_EIGHTEEN)


def test_boards_11_18_with_chateauma_deals_the_human_duchies_only() -> None:
    s = at_boards(players=3, mode="random", chateauma="medium", start_player=0)
    drawn = s.sample_chance(random.Random(4))
    assert len(drawn) == 2  # Châteauma's seat plays its own estate
    s.apply_chance(drawn)
    assert all(p.board.id in ELEVEN_TO_EIGHTEEN for p in s.players[:2])
    assert s.players[2].board is None
    check_state(s)


# --- identical_board ------------------------------------------------------------------

def test_id1_every_player_plays_board_20_and_chooses_a_castle_space() -> None:
    # (derived) identical_board:20, 4 players.
    s = at_boards(players=4, mode="advanced", modules=("identical_board:20",), start_player=2)
    assert s.chance is None  # nothing to draw
    assert [p.board.id for p in s.players] == ["20"] * 4
    chosen = []
    while s.decision == "start_castle":
        assert sorted(a[1] for a in s.legal_actions()) == castles("20")
        chosen.append(s.current_player)
        s.apply(("start_castle", castles("20")[len(chosen) - 1]))
    assert chosen == [2, 3, 0, 1]  # in turn order, no board decision
    s2 = at_boards(players=2, mode="advanced", modules=("identical_board:20",))
    with pytest.raises(IllegalAction, match="must decide 'start_castle'"):
        s2.apply(("board", "20"))
    with pytest.raises(IllegalAction, match=r"choose a castle space: \[3, 4, 27, 29\]"):
        s2.apply(("start_castle", CENTRE))
    assert s.chance == "start_goods"
    assert [p.estate.index(next(k for k in p.estate if k >= 0)) for p in s.players] == [
        castles("20")[2], castles("20")[3], castles("20")[0], castles("20")[1]]


def test_id1_the_board_is_dealt_with_an_event_and_free_mode_asks_no_board() -> None:
    config = GameConfig(players=2, board_mode="free", modules=("identical_board:22",))
    s = new_game(config)
    events = s.apply_chance(1)
    assert [e for e in events if isinstance(e, BoardChosen)] == [BoardChosen(1, "22"),
                                                                BoardChosen(0, "22")]
    assert s.decision == "start_castle"
    assert board_deal(config).pool == ("22",)


@pytest.mark.parametrize("rules, boards", [("special", ["19", "20", "21", "22"]),
                                           ("original", ["19", "20"])])
def test_id1_the_parameter_is_one_of_the_rule_sets_boards(rules: str, boards) -> None:
    for b in boards:
        s = at_boards(players=2, mode="free", rules=rules, modules=(f"identical_board:{b}",))
        assert [p.board.id for p in s.players] == [b, b]
    # Without a parameter, the first board: 19.
    assert GameConfig(rules=rules, modules=("identical_board",)).modules == (
        "identical_board:19",)


def test_p_id2_boards_21_and_22_are_not_offered_in_the_original_rules() -> None:
    with pytest.raises(ValueError, match="'identical_board' takes one of 19, 20, not '21'"):
        GameConfig(rules="original", modules=("identical_board:21",))
    with pytest.raises(ValueError, match="takes one of 19, 20, 21, 22, not '5'"):
        GameConfig(modules=("identical_board:5",))


@pytest.mark.parametrize("rules", ["alea2019", "yucata"])
def test_identical_board_is_not_offered_by_alea_2019_or_yucata(rules: str) -> None:
    with pytest.raises(ValueError, match="do not offer 'identical_board'"):
        GameConfig(rules=rules, modules=("identical_board:20",))


def test_identical_board_refuses_basic_mode_and_castle_connection() -> None:
    with pytest.raises(ValueError, match="'identical_board' gives every player another duchy"):
        GameConfig(board_mode="basic", modules=("identical_board:19",))
    with pytest.raises(ValueError, match="cannot be combined with 'castle_connection'"):
        GameConfig(rules="original", modules=("identical_board:19", "castle_connection"))


def test_id2_random_mode_draws_each_players_castle_space_on_the_one_board() -> None:
    s = at_boards(players=3, mode="random", modules=("identical_board:21",))
    assert s.chance == "boards"
    s.apply_chance((("21", 0), ("21", 0), ("21", 26)))
    assert [p.board.id for p in s.players] == ["21"] * 3
    assert [p.estate[0] >= 0 for p in s.players] == [True, True, False]
    for seed in range(20):
        drawn = at_boards(players=4, mode="random",
                          modules=("identical_board:21",)).sample_chance(random.Random(seed))
        assert all(b == "21" and c in castles("21") for b, c in drawn)


@pytest.mark.parametrize("outcome, why", [
    ((("20", 3), ("21", 0)), "boards from"),
    ((("21", 3), ("21", 0)), "space 3 of board 21 is not a castle space"),
])
def test_id1_random_draws_of_another_board_or_space_are_refused(outcome, why: str) -> None:
    s = at_boards(players=2, mode="random", modules=("identical_board:21",))
    with pytest.raises(IllegalAction, match=why):
        s.apply_chance(outcome)


def test_p_id1_in_the_original_rules_the_start_castle_is_a_free_choice() -> None:
    # The original base game puts the castle on board 1's centre; on board 19 any castle
    # space may be chosen, as in the SE.
    s = at_boards(players=2, mode="advanced", rules="original", modules=("identical_board:19",))
    assert sorted(a[1] for a in s.legal_actions()) == castles("19") == [3, 9, 32, 33]


def test_identical_board_with_chateauma() -> None:
    s = at_boards(players=2, mode="advanced", modules=("identical_board:20",),
                  chateauma="hard+A+B+C+D", start_player=1)  # C: Châteauma starts
    assert s.players[0].board.id == "20" and s.players[1].board is None
    s.apply(("start_castle", 27))
    assert s.chance == "start_goods"
    check_state(s)


# --- the deal without boards of one's own ---------------------------------------------

def test_a_shared_pool_without_board_1_draws_two_different_boards_per_player() -> None:
    # castle_connection in the original rules plays the stand-in boards 10a-10h (R6:
    # boards 11-18 under those names) from one set, so advanced mode draws two boards for each
    # player, none drawn twice.
    s = at_boards(players=2, mode="advanced", rules="original", modules=("castle_connection",))
    assert not board_deal(s.config).own_sets
    with pytest.raises(IllegalAction, match="the players share one set of boards"):
        s.apply_chance((("10a", "10d"), ("10d", "10g")))
    with pytest.raises(IllegalAction, match="other than|2 different boards"):
        s.apply_chance(("10a", "10d"))
    s.apply_chance((("10a", "10d"), ("10b", "10g")))
    assert sorted(s.legal_actions()) == [("board", "10a"), ("board", "10d")]
    for seed in range(20):
        drawn = at_boards(players=4, mode="advanced", rules="original",
                          modules=("castle_connection",)).sample_chance(random.Random(seed))
        assert sorted(b for pair in drawn for b in pair) == [f"10{c}" for c in "abcdefgh"]


# --- outcomes, saves and replays ------------------------------------------------------

@pytest.mark.parametrize("outcome", [(("11", "14"), ("14", "17")), (("21", 0), ("21", 26))])
def test_module_board_outcomes_round_trip_through_json(outcome) -> None:
    assert outcome_from_json("boards", outcome_to_json("boards", outcome)) == outcome


class Text(str):
    """Equal to the plain string but not a str: refused like any other type."""


def test_board_outcomes_of_the_wrong_types_are_refused() -> None:
    s = at_boards(players=2, mode="advanced")
    for bad in [((Text("11"), "14"), ("14", "17")), (["11", "14"], ("14", 17))]:
        with pytest.raises(IllegalAction):
            s.apply_chance(bad)
    s = at_boards(players=2, mode="random", modules=("identical_board:21",))
    for bad in [(("21", 0.0), ("21", 26)), (("21", True), ("21", 26))]:
        with pytest.raises(IllegalAction):
            s.apply_chance(bad)


@pytest.mark.parametrize("config", [
    GameConfig(players=3, board_mode="advanced", modules=("boards_11_18",)),
    GameConfig(players=2, board_mode="random", modules=("boards_11_18",)),
    GameConfig(players=4, rules="original", board_mode="random", modules=("identical_board:20",)),
    GameConfig(players=3, board_mode="advanced", modules=("identical_board:22",),
               chateauma="easy")], ids=lambda c: f"{c.board_mode}-{c.modules[0]}")
def test_a_module_game_saves_and_replays_identically(config: GameConfig) -> None:
    m = Match(config, seed=7)
    pick = random.Random(7).choice
    m.resolve_chance()
    for _ in range(40):
        m.play(pick(m.state.legal_actions()))
    text = m.state.to_json()
    assert GameState.from_json(text).to_json() == text
    record = GameRecord.from_json(m.record.to_json())
    assert record.config == config
    assert replay(record).to_json() == text
