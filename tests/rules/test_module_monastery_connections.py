"""`monastery_connections` (X11 l.43-50; docs/rulings.md
R9 in place of P-MC-1): the tableaus 13a-13h, three monasteries joined by straight lines of
five spaces; 5 points a line, the colour bonus's values for the first two to join all three.

The tableaus are provisional stand-ins (data/monastery_connections.json). The scenarios
play on 13a (the layout of board 23; codes C M K S P B): its lines are the monastery row
4-8, the ships 9, 16, 23, 29, 34 and the pastures 14, 20, 26, 31, 35; castle spaces 0, 3,
28, 32. The start castle lies on 3.
"""

from __future__ import annotations

import pytest

from game.rules import GameConfig, GameState, Match
from game.rules.boards import AXIAL, SPACES, get_board
from game.rules.data import load_json
from game.rules.extension import board_deal
from game.rules.modules import monastery_connections as mc
from game.rules.scoring import bonus_tile_count
from game.rules.state import Frame

from .builders import build, game, of_type, points, roundtrip, set_dice, store, unexplained
from .test_invariants import check_game

MC = ("monastery_connections",)
BOARDS = [f"13{c}" for c in "abcdefgh"]
MONASTERY_LINE = ((4, "monastery16"), (5, "monastery17"), (6, "monastery18"),
                  (7, "monastery19"), (8, "monastery20"))
SHIP_LINE = ((9, "ship"), (16, "ship"), (23, "ship"), (29, "ship"), (34, "ship"))
PASTURE_LINE = ((14, "cow2"), (20, "sheep2"), (26, "pig2"), (31, "cow3"), (35, "sheep3"))


def mcgame(players: int = 2, chateauma: bool = False) -> GameState:
    """Every deciding seat on 13a with its start castle on 3, at the first turn of phase A."""
    if not chateauma:
        return game(players=players, rules="original", mode="free", boards=["13a"] * players,
                    castles=[3] * players, modules=MC)
    match = Match(GameConfig(players=players, rules="original", board_mode="free",
                             chateauma="medium", modules=MC), 1)
    while True:
        match.resolve_chance()
        s = match.state
        if s.decision == "board":
            match.play(("board", "13a"))
        elif s.decision == "start_castle":
            match.play(("start_castle", 3))
        else:
            return s


def lay(s: GameState, seat: int, tiles) -> None:
    for space, name in tiles:
        build(s, space, name, seat=seat)


def place(s: GameState, seat: int, name: str, space: int) -> list:
    """Seat places a tile from storage on `space` with its first die."""
    s.frames = [Frame("turn", seat)]
    s._legal = None
    p = s.players[seat]
    store(s, name, seat=seat)
    p.frontier |= 1 << space
    set_dice(s, p.board.die[space], p.dice[1], seat=seat)
    p.used[0] = False
    return s.apply(("place", 0, 0, space))


def line_points(events: list, seat: int | None = None) -> int:
    return points(events, mc.REASON, seat)


def all_but_one(s: GameState, seat: int) -> None:
    """Seat's monastery and ship lines complete, the pasture line short of 35."""
    lay(s, seat, MONASTERY_LINE + SHIP_LINE + PASTURE_LINE[:-1])


# --- MC-0: the tableaus 13a-13h (R9 stand-ins) ---------------------------------------------

def test_mc_0_the_module_is_offered_by_the_original_rules_only():
    GameConfig(players=2, rules="original", board_mode="random", modules=MC)
    for rules in ("special", "alea2019", "yucata"):
        with pytest.raises(ValueError, match="do not offer"):
            GameConfig(players=2, rules=rules, board_mode="random", modules=MC)


def test_mc_0_each_player_draws_a_different_tableau_13a_to_13h():
    config = GameConfig(players=4, rules="original", board_mode="random", modules=MC)
    deal = board_deal(config)
    assert list(deal.pool) == BOARDS and not deal.own_sets
    s = check_game(3, config)
    ids = [p.board.id for p in s.players]
    assert all(b in BOARDS for b in ids) and len(set(ids)) == 4


def test_mc_0_not_with_board_1_nor_another_module_s_duchies():
    with pytest.raises(ValueError, match="board mode"):
        GameConfig(players=2, rules="original", board_mode="basic", modules=MC)
    for other in ("castle_connection", "identical_board:19"):
        with pytest.raises(ValueError, match="cannot be combined"):
            GameConfig(players=2, rules="original", board_mode="random", modules=MC + (other,))


def test_mc_0_the_stand_ins_are_one_provisional_data_file():
    data = load_json("monastery_connections.json")
    assert data["provisional"] and mc.PROVISIONAL
    assert [b["id"] for b in data["boards"]] == BOARDS == list(mc.BOARDS)
    assert "13a-13h" in load_json("modules.json")["modules"][mc.ID]["provisional"]


@pytest.mark.parametrize("board_id", BOARDS)
def test_mc_0_every_tableau_keeps_what_the_sheet_states(board_id):
    """Three monasteries, each pair joined by a direct straight line of five spaces
    (X11 l.47); the base counts of every duchy (castle 4, mine 3, monastery 6, ship 6,
    pasture 6, building 12)."""
    b = get_board(board_id)
    assert b.colour_total == (4, 3, 6, 6, 6, 12)
    c = mc.BOARD_LINES[board_id]
    assert len(c.monasteries) == 3 and len(c.lines) == mc.LINES_PER_BOARD
    assert sorted(ln.between for ln in c.lines) == [(0, 1), (0, 2), (1, 2)]
    for q, r in c.monasteries:  # on the frame: just outside the 37 spaces
        assert max(abs(q), abs(r), abs(q + r)) == 4
    for ln in c.lines:
        assert len(set(ln.spaces)) == mc.SPACES_PER_LINE and all(0 <= s < SPACES for s in ln.spaces)
        (q0, r0), (q1, r1) = (c.monasteries[i] for i in ln.between)
        step = ((q1 - q0) // 6, (r1 - r0) // 6)
        assert step in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        # the five spaces are the straight line's, in order from one monastery to the other
        assert [AXIAL[s] for s in ln.spaces] == [(q0 + step[0] * k, r0 + step[1] * k)
                                                  for k in range(1, 6)]


# --- MC-1: 5 points a line ------------------------------------------------------------------

def test_mc_1_the_fifth_tile_of_a_line_scores_5_points():
    s = mcgame()
    seat = s.current_player
    lay(s, seat, PASTURE_LINE[:3])
    assert line_points(place(s, seat, "cow3", 31)) == 0  # the fourth
    before = s.players[seat].score
    events = place(s, seat, "sheep3", 35)
    assert line_points(events, seat) == 5
    assert of_type(events, "MonasteriesConnected") == [mc.MonasteriesConnected(seat, 2, 5)]
    assert s.players[seat].breakdown[mc.REASON] == 5
    assert s.players[seat].score == before + sum(e.points for e in of_type(events, "PointsScored"))


def test_mc_1_each_line_scores_once():
    s = mcgame()
    seat = s.current_player
    lay(s, seat, PASTURE_LINE[:4])
    assert line_points(place(s, seat, "sheep3", 35)) == 5
    assert line_points(place(s, seat, "mine", 33)) == 0  # next to 34, 28: no line
    assert s.players[seat].breakdown[mc.REASON] == 5


def test_mc_1_the_start_castle_and_tiles_of_any_colour_fill_a_line():
    """13b's line 2-7-13-20-27 ends on castle space 27 (X11: the fitting tiles, i.e. the
    tiles the spaces take)."""
    c = mc.BOARD_LINES["13b"]
    b = get_board("13b")
    line = next(ln for ln in c.lines if 27 in ln.spaces)
    s = game(players=2, rules="original", mode="free", boards=["13b", "13b"],
             castles=[27, 3], modules=MC)
    seat = s.current_player if s.players[s.current_player].estate[27] >= 0 else 1 - s.current_player
    names = {"building": "market", "monastery": "monastery16", "ship": "ship",
             "pasture": "cow2", "mine": "mine", "castle": "castle"}
    from game.rules.tiles import COLOURS
    rest = [sp for sp in line.spaces if sp != 27]
    lay(s, seat, [(sp, names[COLOURS[b.colour[sp]]]) for sp in rest[:-1]])
    events = place(s, seat, names[COLOURS[b.colour[rest[-1]]]], rest[-1])
    assert line_points(events, seat) == 5


def test_mc_1_a_board_without_lines_scores_nothing():
    assert mc.lines_done(get_board("1"), (1 << 37) - 1) == []
    assert mc.lines_done(None, 0) == []


# --- MC-2: the first two to join all three ----------------------------------------------

@pytest.mark.parametrize("players, first, second", [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_mc_2_the_first_scores_cb1_the_second_cb2_a_third_nothing(players, first, second):
    s = mcgame(players)
    got = []
    for seat in range(players):
        all_but_one(s, seat)
        events = place(s, seat, "sheep3", 35)
        got.append(line_points(events, seat) - 5)
        assert of_type(events, "AllMonasteriesConnected")[0].rank == seat + 1
    assert got[:2] == [first, second] and all(g == 0 for g in got[2:])
    assert mc.finishers(s) == tuple(range(players))


def test_mc_2_the_bonus_is_points_not_a_bonus_tile():
    """P-MC-2: monastery 26 counts bonus tiles; the sheet gives points only."""
    s = mcgame()
    seat = s.current_player
    all_but_one(s, seat)
    place(s, seat, "sheep3", 35)
    assert bonus_tile_count(s, seat) == 0


def test_mc_2_completing_two_lines_first_does_not_count():
    s = mcgame()
    seat = s.current_player
    lay(s, seat, MONASTERY_LINE + SHIP_LINE[:-1])
    events = place(s, seat, "ship", 34)
    assert line_points(events) == 5 and not of_type(events, "AllMonasteriesConnected")
    assert mc.finishers(s) == ()


# --- MC-3: the rulebook's maximum -----------------------------------------------------------

def test_mc_3_at_most_22_points_with_four_players():
    """(rulebook, X11 l.50) 3 x 5 + 7 = 22 for the first of four players."""
    s = mcgame(4)
    seat = s.current_player
    lay(s, seat, PASTURE_LINE[:4])
    total = line_points(place(s, seat, "sheep3", 35))
    lay(s, seat, SHIP_LINE[:4])
    total += line_points(place(s, seat, "ship", 34))
    lay(s, seat, MONASTERY_LINE[:4])
    total += line_points(place(s, seat, "monastery20", 8))
    assert total == 22 == s.players[seat].breakdown[mc.REASON]


# --- P-MC-3: Châteauma -------------------------------------------------------------------------

def test_p_mc_3_chateauma_counts_as_a_seat_and_never_joins_lines():
    s = mcgame(3, chateauma=True)
    seat = s.current_player
    all_but_one(s, seat)
    events = place(s, seat, "sheep3", 35)
    assert line_points(events, seat) == 5 + 6  # p = 3 with Châteauma: CB1 = 6
    for seed in (5, 6):
        done = check_game(seed, GameConfig(players=3, rules="original", board_mode="random",
                                           chateauma="hard", modules=MC))
        assert done.config.chateauma_seat not in mc.finishers(done)
        assert not done.players[done.config.chateauma_seat].breakdown.get(mc.REASON)


# --- the state: JSON, the breakdown, explain ------------------------------------------------

def test_the_finishers_go_through_json_and_the_breakdown_derives_the_points():
    s = mcgame(3)
    seat = s.current_player
    all_but_one(s, seat)
    before = unexplained(s)
    place(s, seat, "sheep3", 35)
    assert unexplained(s) == before
    restored = roundtrip(s)
    assert mc.finishers(restored) == (seat,)


@pytest.mark.parametrize("bad", [[0, 0], [5], ["0"], {"0": 1}])
def test_a_saved_state_with_wrong_finishers_is_refused(bad):
    s = mcgame(3)
    module = s.hooks.by_id[mc.ID]
    with pytest.raises(ValueError, match="monastery_connections"):
        module.ext_from_json(bad)


def test_a_game_with_a_connection_replays():
    # check_game replays each record byte for byte and recomputes every breakdown; seed
    # 830_003 completes a line.
    done = check_game(830_003, GameConfig(players=2, rules="original", board_mode="random",
                                          modules=MC))
    assert any(p.breakdown.get(mc.REASON) == 5 for p in done.players)


def test_invariants_over_random_games_with_the_module():
    for i, n in enumerate((2, 3, 4)):
        check_game(810_000 + i, GameConfig(players=n, rules="original",
                                           board_mode=("random", "advanced", "free")[i],
                                           modules=MC))


@pytest.mark.slow
def test_invariants_over_many_random_games_with_the_module():
    for seed in range(30):
        check_game(820_000 + seed, GameConfig(
            players=2 + seed % 3, rules="original", board_mode="random", modules=MC,
            chateauma="medium" if seed % 2 else None))
