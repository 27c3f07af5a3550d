"""The record of finished games: counted once when a game ends, the figures per opponent
and per rule set, a damaged record explained and set aside, and the Statistics screen."""

import json
import random

import pygame
import pytest
from client_events import key, motion, press, release

from game.rules import GameConfig, team_results
from game.scenes import i18n, persistence, statistics
from game.scenes.results import ResultsScene
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.statistics import (GameResult, SeatResult, figures, load, record,
                                    statistics_path)
from game.scenes.statistics_screen import StatisticsScene
from game.scenes.title import TitleScene


# The launcher's fixtures: a title screen with a stand-in table scene.
from test_launcher import StubTable, ctx, launcher, stack  # noqa: E402,F401


_FINISHED = {}


def finished(seed=4, chateauma=None) -> GameSession:
    """A complete game of a person against a Hard AI player (or Châteauma)."""
    if (seed, chateauma) not in _FINISHED:
        other = (SeatSpec("chateauma", "Châteauma", 1) if chateauma
                 else SeatSpec("ai", "Ben", 1, "hard"))
        session = GameSession(GameSetup(GameConfig(players=2, chateauma=chateauma),
                                        (SeatSpec("human", "Ann", 0), other), seed=seed))
        session.start()
        rng = random.Random(seed)
        while not session.over:
            session.play(rng.choice(session.legal_actions()))
        _FINISHED[seed, chateauma] = session
    return _FINISHED[seed, chateauma]


def games_in(ctx):
    return load(statistics_path(ctx.data_root)).games


def click(stack, widget):
    for event in (motion(widget.rect.center), press(widget.rect.center),
                  release(widget.rect.center)):
        stack.handle_event(event)


def result(game, *seats, rules="special", modules=()):
    return GameResult(game, "2026-11-23T16:00:00+00:00", rules, modules,
                      tuple(SeatResult(*s) for s in seats))


# --- recording ------------------------------------------------------------------------------

def test_a_finished_game_is_recorded_with_every_seat(ctx, launcher):
    session = finished()
    launcher.show_results(session)
    assert isinstance(launcher.stack.top, ResultsScene)
    (game,) = games_in(ctx)
    state = session.state
    places = {seat: place for place, seat in enumerate(state.ranking(), 1)}
    assert game.rules == "special" and game.modules == ()
    assert game.seats == (SeatResult("human", None, state.scores()[0], places[0]),
                          SeatResult("ai", "hard", state.scores()[1], places[1]))
    assert game.game == statistics.game_id(session)


def test_a_game_is_counted_once_however_often_its_results_are_shown_or_it_is_loaded(
        ctx, launcher):
    session = finished()
    launcher.show_results(session)
    launcher.show_results(session)  # the results reopened
    session.save(ctx.autosave_path)
    for _ in range(2):  # Continue, then Load, of the finished game
        launcher.open_save(persistence.read_save(ctx.autosave_path))
        assert isinstance(launcher.stack.top, ResultsScene)
    launcher.show_results(finished(seed=5))  # another game is another entry
    assert [g.game for g in games_in(ctx)] == [statistics.game_id(finished()),
                                                statistics.game_id(finished(seed=5))]


def test_a_game_not_over_is_not_recorded(ctx):
    session = GameSession(GameSetup(GameConfig(players=2), (SeatSpec("human", "Ann", 0),
                                                             SeatSpec("human", "Ben", 1))))
    session.start()
    assert statistics.record_game(ctx.data_root, session) == []
    assert not statistics_path(ctx.data_root).exists()


def test_a_read_only_window_records_nothing(ctx, launcher):
    ctx.read_only = True
    launcher.show_results(finished())
    assert isinstance(launcher.stack.top, ResultsScene)
    assert not statistics_path(ctx.data_root).exists()


def test_a_record_the_disk_refuses_is_told_and_the_results_still_show(ctx, launcher,
                                                                        monkeypatch):
    def refuse(path, value):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(statistics, "atomic_write_json", refuse)
    launcher.show_results(finished())
    assert isinstance(launcher.stack.top, ResultsScene)
    assert ctx.notices[-1].key == "statistics.not_saved"
    assert "No space left" in ctx.notices[-1].message()


# --- the figures ---------------------------------------------------------------------------

def test_figures_per_opponent_kind_and_level_and_per_rule_set():
    games = [
        result("a", ("human", None, 60, 1), ("ai", "hard", 50, 2)),
        result("b", ("human", None, 40, 2), ("ai", "hard", 70, 1)),
        result("c", ("human", None, 80, 1), ("ai", "easy", 30, 2), rules="alea2019"),
        # Two people against Châteauma: each person's result counts.
        result("d", ("human", None, 90, 2), ("human", None, 70, 3),
               ("chateauma", "hard+A+C", 95, 1), modules=("inns",)),
        result("e", ("ai", "medium", 50, 1), ("ai", "random", 20, 2)),  # no person
    ]
    f = figures(games)
    assert f.games == 5
    rows = {key: (t.played, t.won, t.best, t.mean) for key, t in f.opponents()}
    assert rows == {("ai", "hard"): (2, 1, 60, 50.0), ("ai", "easy"): (1, 1, 80, 80.0),
                    ("chateauma", "hard+A+C"): (2, 0, 90, 80.0),
                    ("human", None): (2, 0, 90, 80.0)}
    assert [key for key, _ in f.opponents()] == [
        ("human", None), ("ai", "easy"), ("ai", "hard"), ("chateauma", "hard+A+C")]
    by_rules = {key: (t.played, t.won, t.best, t.mean) for key, t in f.by_rules()}
    assert by_rules == {("special", ()): (2, 1, 60, 50.0),
                        ("special", ("inns",)): (2, 0, 90, 80.0),
                        ("alea2019", ()): (1, 1, 80, 80.0)}
    assert [key for key, _ in f.by_rules()][0] == ("special", ())


def test_an_entry_round_trips_and_a_wrong_one_is_refused():
    game = result("a", ("human", None, 60, 1), ("chateauma", "hard+A+C", 50, 2),
                  modules=("inns",))
    assert GameResult.from_dict(json.loads(json.dumps(game.to_dict()))) == game
    d = game.to_dict()
    d["seats"][1]["level"] = "hard+C+A"  # the same difficulty as hard+A+C
    assert GameResult.from_dict(d).seats[1].level == "hard+A+C"
    bad = [{"kind": "ai", "level": "wizard", "score": 1, "place": 1},
           {"kind": "human", "level": None, "score": 1, "place": 3},
           {"kind": "human", "level": None, "score": True, "place": 1},
           {"kind": "chateauma", "level": "hard+Z", "score": 1, "place": 1}]
    for seat in bad:
        d = game.to_dict()
        d["seats"][0] = seat
        with pytest.raises(ValueError):
            GameResult.from_dict(d)


# --- a damaged record ----------------------------------------------------------------------

def test_a_damaged_record_is_explained_left_alone_then_set_aside_not_overwritten(
        ctx, stack, launcher):
    path = statistics_path(ctx.data_root)
    damaged = b'{"format": "castles-of-burgundy-statistics", "version": 1, "games": [{'
    ctx.data_root.mkdir(parents=True)
    path.write_bytes(damaged)
    scene = stack.push(StatisticsScene(ctx))
    assert scene.wait_read(10)
    notes = scene.notes()
    assert "could not be read (the file ends too early)" in notes[0]
    assert "statistics.json.broken" in notes[0]
    stack.draw(pygame.Surface((1280, 720)))
    assert path.read_bytes() == damaged  # looking never changes the file
    launcher.show_results(finished())
    assert (ctx.data_root / "statistics.json.broken").read_bytes() == damaged
    assert len(games_in(ctx)) == 1
    assert ctx.notices[-1].key == "statistics.set_aside"
    assert "statistics.json.broken" in ctx.notices[-1].message()
    # A second damaged record never replaces the first one set aside.
    path.write_bytes(b"\x00")
    launcher.show_results(finished(seed=5))
    assert (ctx.data_root / "statistics.json.broken").read_bytes() == damaged
    assert (ctx.data_root / "statistics.json.2.broken").read_bytes() == b"\x00"
    path.write_bytes(b"\x00")
    scene = StatisticsScene(ctx)
    SceneStack().push(scene)
    assert scene.wait_read(10)
    assert "the next finished game renames it to statistics.json.3.broken" in scene.notes()[0]
    assert scene.notes()[1] == i18n.tr(
        "stats.set_aside", names="statistics.json.2.broken, statistics.json.broken")


def test_games_that_can_still_be_read_are_kept_when_a_record_is_set_aside(ctx):
    path = statistics_path(ctx.data_root)
    good = result("a", ("human", None, 60, 1), ("ai", "hard", 50, 2))
    doc = {"format": "castles-of-burgundy-statistics", "version": 1,
           "games": [good.to_dict(), {"game": "b", "seats": "?"}]}
    ctx.data_root.mkdir(parents=True)
    path.write_text(json.dumps(doc))
    loaded = load(path)
    assert loaded.damaged and loaded.games == [good]
    new = result("c", ("human", None, 70, 1), ("ai", "easy", 20, 2))
    assert record(path, new) == (True, ctx.data_root / "statistics.json.broken")
    assert json.loads((ctx.data_root / "statistics.json.broken").read_text()) == doc
    assert load(path).games == [good, new] and not load(path).damaged


def test_a_record_from_a_newer_version_is_left_alone(ctx, stack):
    path = statistics_path(ctx.data_root)
    ctx.data_root.mkdir(parents=True)
    text = json.dumps({"format": "castles-of-burgundy-statistics",
                       "version": statistics.STATISTICS_VERSION + 1,
                       "games": [{"anything": 1}]})
    path.write_text(text)
    assert record(path, result("a", ("human", None, 1, 1), ("ai", "easy", 0, 2))) == (
        False, None)
    assert path.read_text() == text and statistics.broken_copies(path) == []
    scene = stack.push(StatisticsScene(ctx))
    assert scene.wait_read(10)
    assert scene.notes()[0] == i18n.tr("stats.newer")


# --- the screen ----------------------------------------------------------------------------

def test_the_title_opens_the_statistics_empty_at_first(ctx, stack):
    title = stack.push(TitleScene(ctx))
    click(stack, title.buttons["title.statistics"])
    scene = stack.top
    assert isinstance(scene, StatisticsScene)
    assert scene.wait_read(10)
    assert scene.notes() == [i18n.tr("stats.empty")] and scene.tables() == []
    stack.draw(pygame.Surface((1280, 720)))
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is title


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_statistics_show_each_opponent_and_rule_set_with_its_figures(ctx, stack, lang):
    path = statistics_path(ctx.data_root)
    record(path, result("a", ("human", None, 61, 1), ("chateauma", "hard+A", 50, 2)))
    record(path, result("b", ("human", None, 40, 2), ("chateauma", "hard+A", 70, 1)))
    record(path, result("c", ("human", None, 80, 1), ("ai", "easy", 30, 2),
                        rules="alea2019"))
    i18n.set_language(lang)
    scene = stack.push(StatisticsScene(ctx))
    assert scene.wait_read(10)
    assert scene.notes() == [i18n.trn("stats.games", 3, count=3)]
    (against, heading_a, rows_a), (by_rules, heading_r, rows_r) = scene.tables()
    shown = [(label, t.played, t.won, t.best) for label, t in rows_a]
    easy = i18n.tr("setup.kind.ai", tier=i18n.tr("tier.easy"))
    hard = i18n.tr("setup.chateauma.hard")
    assert shown == [(easy, 1, 1, 80), (f"Châteauma {hard} +A", 2, 1, 61)]
    assert [label for label, _ in rows_r] == ["Special Edition", "alea 2019"]
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    texts = [cell.text for cell in scene._cells]
    assert ("50,5" if lang == "de" else "50.5") in texts
    assert against in texts and by_rules in texts


def test_a_long_record_scrolls(ctx, stack):
    from positions import recorded_games
    recorded_games(ctx.data_root)
    scene = stack.push(StatisticsScene(ctx))
    assert scene.wait_read(10)
    stack.draw(pygame.Surface((1280, 720)))
    assert scene.max_scroll > 0
    stack.handle_event(key(pygame.K_END))
    assert scene.scroll == scene.max_scroll
    stack.handle_event(key(pygame.K_HOME))
    assert scene.scroll == 0
    stack.handle_event(key(pygame.K_PAGEDOWN))
    assert scene.scroll > 0


def test_the_statistics_screen_matches_its_golden_image(ctx, stack):
    """Regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the result."""
    from golden_images import compare_golden
    from positions import recorded_games
    recorded_games(ctx.data_root)
    scene = stack.push(StatisticsScene(ctx))
    assert scene.wait_read(10)
    scene.focus.focus(None)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, "statistics_screen.png")


def _mutations(base: dict, rng: random.Random, count: int):
    """Damaged statistics files from a good one: bytes flipped or cut, values replaced by
    values of other types, parts removed."""
    odd = [None, True, -1, 10**19, 1.5, "", "x" * 300, [], {}, "hard+Z", "wizard", [1, 2]]
    text = json.dumps(base).encode()
    for _ in range(count):
        roll = rng.random()
        if roll < 0.3:
            raw = bytearray(text)
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            yield bytes(raw)
        elif roll < 0.45:
            yield text[:rng.randrange(len(text))]
        else:
            doc = json.loads(text)
            holders = [doc, *doc["games"], *(s for g in doc["games"] for s in g["seats"])]
            holder = rng.choice(holders)
            field = rng.choice(sorted(holder))
            if rng.random() < 0.2:
                del holder[field]
            else:
                holder[field] = rng.choice(odd)
            yield json.dumps(doc).encode()


def test_damaged_records_never_crash_and_are_kept_byte_for_byte(ctx):
    from positions import recorded_games
    recorded_games(ctx.data_root)
    path = statistics_path(ctx.data_root)
    base = json.loads(path.read_text())
    new = result("new", ("human", None, 70, 1), ("ai", "easy", 20, 2))
    rng = random.Random(8)
    damaged = 0
    for raw in _mutations(base, rng, 100):
        for old in statistics.broken_copies(path):
            old.unlink()
        path.write_bytes(raw)
        loaded = load(path)
        scene = StatisticsScene(ctx)
        SceneStack().push(scene)
        assert scene.wait_read(10)
        scene.draw(pygame.Surface((640, 360)))
        assert path.read_bytes() == raw
        added, aside = record(path, new)
        if loaded.newer:
            assert (added, aside) == (False, None) and path.read_bytes() == raw
            continue
        if loaded.damaged:
            damaged += 1
            assert aside.read_bytes() == raw
        after = load(path)
        assert not after.damaged and after.games[-1] == new
        assert after.games[:-1] == loaded.games
    assert damaged > 60


# --- the team game -------------------------------------------------------------------------

def finished_team(seed=3) -> GameSession:
    """A complete team game: Ann and Cem (seats 0 and 2) against two AI players."""
    if ("team", seed) not in _FINISHED:
        seats = (SeatSpec("human", "Ann", 0), SeatSpec("ai", "Ben", 1, "hard"),
                 SeatSpec("human", "Cem", 2), SeatSpec("ai", "Dan", 3, "easy"))
        session = GameSession(GameSetup(GameConfig(players=4, board_mode="random",
                                                   modules=("team",)), seats, seed=seed))
        session.start()
        rng = random.Random(seed)
        while not session.over:
            session.play(rng.choice(session.legal_actions()))
        _FINISHED["team", seed] = session
    return _FINISHED["team", seed]


def team_result(game, scores, winners, kinds=("human", "ai", "human", "ai"),
                levels=(None, "hard", None, "easy")):
    """A team game's entry: seats 0 and 2 against 1 and 3, `winners` the winning team."""
    seats = tuple(SeatResult(kind, level, score, 1 if i in winners else 2)
                  for i, (kind, level, score) in enumerate(zip(kinds, levels, scores)))
    return GameResult(game, "2026-11-23T16:00:00+00:00", "special", ("team",), seats,
                      ((0, 2), (1, 3)))


def test_a_team_game_is_recorded_with_its_teams_and_the_team_places(ctx, launcher):
    session = finished_team()
    launcher.show_results(session)
    (game,) = games_in(ctx)
    state = session.state
    winners = team_results(state)[0].seats
    assert game.teams == ((0, 2), (1, 3)) and game.modules == ("team",)
    assert [s.place for s in game.seats] == [1 if i in winners else 2 for i in range(4)]
    assert [s.score for s in game.seats] == state.scores()   # each seat's own points
    assert game.points(0) == state.scores()[0] + state.scores()[2]
    doc = json.loads(statistics_path(ctx.data_root).read_text())
    assert doc["version"] == 2 and doc["games"][0]["teams"] == [[0, 2], [1, 3]]
    assert load(statistics_path(ctx.data_root)).games == [game]


def test_a_team_win_is_won_for_each_person_of_the_team_against_the_other_team_only():
    games = [
        team_result("t1", (60, 70, 55, 40), winners=(0, 2)),   # 115 against 110
        team_result("t2", (50, 70, 45, 60), winners=(1, 3)),   # 95 against 130
        result("s", ("human", None, 80, 1), ("ai", "hard", 50, 2)),
    ]
    f = figures(games)
    assert f.games == 3 and f.team_games == 2
    rows = {key: (t.played, t.won, t.best, t.mean) for key, t in f.opponents()}
    # both partners count; the partner is no opponent; a team's sum is not a best score
    # beside a game's own: the team games' scores stay out of the opponents' rows
    assert rows == {("ai", "hard"): (5, 3, 80, 80.0), ("ai", "easy"): (4, 2, None, None)}
    by_rules = {key: (t.played, t.won, t.best, t.mean) for key, t in f.by_rules()}
    assert by_rules == {("special", ()): (1, 1, 80, 80.0),
                        ("special", ("team",)): (4, 2, 115, 105.0)}


def test_two_people_in_opposing_teams_meet_as_people():
    game = team_result("t", (60, 70, 55, 40), winners=(0, 2),
                       kinds=("human", "human", "ai", "ai"),
                       levels=(None, None, "medium", "medium"))
    rows = {key: (t.played, t.won) for key, t in figures([game]).opponents()}
    assert rows == {("human", None): (2, 1), ("ai", "medium"): (2, 1)}


def _version_1(*entries):
    return {"format": "castles-of-burgundy-statistics", "version": 1,
            "games": [dict(e) for e in entries]}


def test_a_version_1_record_loads_and_its_team_games_get_their_teams(ctx):
    """Before version 2 a team game was kept with places by the team ranking (the winning
    team's seats first) and no teams."""
    solo_like = result("a", ("human", None, 60, 1), ("ai", "hard", 50, 2)).to_dict()
    team_v1 = {"game": "b", "finished": "2026-11-20T10:00:00+00:00", "rules": "special",
               "modules": ["team"], "seats": [
                   {"kind": "human", "level": None, "score": 50, "place": 3},
                   {"kind": "ai", "level": "hard", "score": 70, "place": 1},
                   {"kind": "human", "level": None, "score": 45, "place": 4},
                   {"kind": "ai", "level": "easy", "score": 60, "place": 2}]}
    path = statistics_path(ctx.data_root)
    ctx.data_root.mkdir(parents=True)
    path.write_text(json.dumps(_version_1(solo_like, team_v1)))
    loaded = load(path)
    assert loaded.problem is None
    solo, team = loaded.games
    assert solo == GameResult.from_dict(solo_like) and solo.teams == ()
    assert team.teams == ((0, 2), (1, 3))
    assert [s.place for s in team.seats] == [2, 1, 2, 1]
    assert [s.score for s in team.seats] == [50, 70, 45, 60]
    # the next game recorded writes version 2, the old entries kept as read
    new = result("c", ("human", None, 70, 1), ("ai", "easy", 20, 2))
    assert record(path, new) == (True, None)
    doc = json.loads(path.read_text())
    assert doc["version"] == 2 and doc["games"][1]["teams"] == [[0, 2], [1, 3]]
    assert load(path).games == [solo, team, new]


def test_a_team_entry_round_trips_and_wrong_teams_are_refused():
    game = team_result("t", (60, 70, 55, 40), winners=(0, 2))
    assert GameResult.from_dict(json.loads(json.dumps(game.to_dict()))) == game
    assert "teams" not in result("s", ("human", None, 1, 1)).to_dict()
    for teams in ([[0, 2], [1, 2]], [[0, 2], [1]], [[0, 1, 2, 3]], [[0, 2], [1, "3"]],
                  "?", [[0, 1], [2, 3]]):   # the last: partners on different places
        d = game.to_dict()
        d["teams"] = teams
        with pytest.raises(ValueError):
            GameResult.from_dict(d)
    with pytest.raises(ValueError):     # version 1 knew no teams
        GameResult.from_dict(game.to_dict(), 1)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_statistics_say_how_team_games_count(ctx, stack, lang):
    path = statistics_path(ctx.data_root)
    record(path, team_result("t", (60, 70, 55, 40), winners=(0, 2)))
    i18n.set_language(lang)
    scene = stack.push(StatisticsScene(ctx))
    assert scene.wait_read(10)
    assert scene.notes() == [i18n.trn("stats.games", 1, count=1) + " "
                             + i18n.tr("stats.team_note")]
    (_, _, rows_a), (_, _, rows_r) = scene.tables()
    assert [(t.played, t.won, t.best) for _, t in rows_a] == [(2, 2, None), (2, 2, None)]
    assert [(t.played, t.won, t.best) for _, t in rows_r] == [(2, 2, 115)]
    stack.draw(pygame.Surface((1280, 720)))
    texts = [cell.text for cell in scene._cells]
    assert texts.count("\u2013") == 4 and "115" in texts


@pytest.mark.parametrize("version", [1, 2])
def test_damaged_records_with_team_games_never_crash(ctx, version):
    path = statistics_path(ctx.data_root)
    ctx.data_root.mkdir(parents=True)
    team = team_result("t", (60, 70, 55, 40), winners=(0, 2)).to_dict()
    if version == 1:   # as version 1 kept it: places by the team ranking, no teams
        del team["teams"]
        for seat, place in zip(team["seats"], (1, 3, 2, 4)):
            seat["place"] = place
    base = {"format": "castles-of-burgundy-statistics", "version": version,
            "games": [team, result("s", ("human", None, 80, 1), ("ai", "hard", 50, 2)).to_dict()]}
    path.write_text(json.dumps(base))
    assert not load(path).damaged and load(path).games[0].teams == ((0, 2), (1, 3))
    new = result("new", ("human", None, 70, 1), ("ai", "easy", 20, 2))
    for raw in _mutations(base, random.Random(version), 40):
        for old in statistics.broken_copies(path):
            old.unlink()
        path.write_bytes(raw)
        loaded = load(path)
        figures(loaded.games)
        added, aside = record(path, new)
        if loaded.newer:
            continue
        after = load(path)
        assert not after.damaged and after.games[:-1] == loaded.games
