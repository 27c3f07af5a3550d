"""The Load menu: each save's rule set, modules, players, phase and round, scores and
date, newest first; deleting a save after a confirmation; nothing deleted read-only."""

import datetime as dt
import random
from types import SimpleNamespace

import pygame
import pytest
import screens
from client_events import key, motion, press, release

from game.rules import GameConfig
from game.scenes import i18n, load_menu, persistence
from game.scenes.load_menu import LoadOverlay, rules_text
from game.scenes.save_summary import config_modules, summarise
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.title import TitleScene
from game.scenes.ui.confirm import ConfirmOverlay

PAIR = (SeatSpec("human", "Anna", 0), SeatSpec("ai", "Ben", 1, "hard"))
SOLO = (SeatSpec("human", "Anna", 0), SeatSpec("chateauma", "Châteauma", 1))


def played(seats=PAIR, chateauma=None, until=lambda s: s.round >= 2, seed=3) -> GameSession:
    """A game played by random moves until ``until(state)`` holds (or to its end)."""
    return screens.played(seats, seed, until, chateauma)


def save(session, path, when):
    persistence.write_save(path, session.to_payload(), saved_at=when)


class Opener:
    def __init__(self):
        self.opened = []

    def open_save(self, save):
        self.opened.append(save.path.name)


def listed(ctx, stack=None):
    if ctx.launcher is None:
        ctx.launcher = Opener()
    stack = stack or SceneStack()
    stack.push(TitleScene(ctx))
    overlay = stack.push(LoadOverlay(ctx))
    assert overlay.wait_listed(10)
    return stack, overlay


def click(stack, widget):
    for event in (motion(widget.rect.center), press(widget.rect.center),
                  release(widget.rect.center)):
        stack.handle_event(event)


AT = dt.datetime(2026, 3, 1, 18, 42, tzinfo=dt.timezone.utc)


def test_a_row_shows_rules_progress_players_kinds_scores_and_date(ctx):
    session = played()
    state = session.state
    assert state.phase == 0 and state.round == 2 and max(state.scores()) > 0
    save(session, ctx.saves_dir / "evening.json", AT)
    _, overlay = listed(ctx)
    (row,) = overlay.rows
    when, middle, players = row.lines()
    assert when == f"saved {persistence.format_saved_at(AT)}"
    assert middle == "Special Edition \u2014 Phase A, round 3"
    a, b = state.scores()
    assert players == f"Anna (Person): {a} \u00b7 Ben (AI: hard): {b}"
    assert row.enabled and row.tooltip_text().splitlines() == [
        "Special Edition", "Phase A, round 3", f"Anna (Person): {a}", f"Ben (AI: hard): {b}"]
    i18n.set_language("de")
    assert row.lines()[1] == "Special Edition \u2014 Phase A, Runde 3"


def test_a_finished_game_with_chateauma_says_so_with_the_final_scores(ctx):
    session = played(SOLO, chateauma="hard+A+C", until=lambda s: False, seed=5)
    assert session.over
    save(session, ctx.saves_dir / "done.json", AT)
    summary = summarise(persistence.read_save(ctx.saves_dir / "done.json"))
    assert summary.over and summary.rules == "special" and summary.modules == ()
    assert [(s.name, s.kind, s.level, s.score) for s in summary.seats] == [
        ("Anna", "human", None, session.state.scores()[0]),
        ("Châteauma", "chateauma", "hard+A+C", session.state.scores()[1])]
    _, overlay = listed(ctx)
    _, middle, players = overlay.rows[0].lines()
    assert middle == "Special Edition \u2014 Game over"
    assert "Châteauma (Hard +A+C)" in players


def test_modules_named_in_the_config_follow_the_rule_set():
    setup = SimpleNamespace(config=SimpleNamespace(to_dict=lambda: {"modules": ["inns",
                                                                                "tiles2"]}))
    assert config_modules(setup) == ("inns", "tiles2")
    assert rules_text("alea2019", ("inns", "tiles2")) == "alea 2019 with Inns, Four more tiles"
    # A module the client has no name for (a save from a later version) reads as the
    # config writes it.
    assert rules_text("alea2019", ("future_module",)) == "alea 2019 with future_module"
    assert rules_text("special", ()) == "Special Edition"
    assert config_modules(GameSetup(GameConfig(), PAIR)) == ()


def test_a_saved_games_modules_are_listed_by_name_in_both_languages(ctx):
    config = GameConfig(board_mode="free", modules=("identical_board:21", "tiles2"))
    setup = GameSetup(config, PAIR)
    assert config_modules(setup) == ("identical_board:21", "tiles2")
    assert rules_text("special", config_modules(setup)) == \
        "Special Edition with Identical duchy 21, Four more tiles"
    i18n.set_language("de")
    try:
        assert rules_text("special", config_modules(setup)).endswith(
            "Gleiches Fürstentum 21, Vier weitere Plättchen")
    finally:
        i18n.set_language("en")


def test_a_game_still_being_set_up_says_so(ctx):
    save(played(until=lambda s: True), ctx.saves_dir / "new.json", AT)
    _, overlay = listed(ctx)
    assert overlay.rows[0].lines()[1] == "Special Edition \u2014 Setting up"


def test_a_game_stopped_while_trade_routes_are_arranged_is_still_being_set_up(ctx):
    config = GameConfig(players=2, modules=("trade_routes:arranged",))
    session = GameSession(GameSetup(config, PAIR, seed=3))
    session.start()
    rng = random.Random(3)
    while session.state.decision not in ("route_arrange",):
        session.play(rng.choice(session.legal_actions()))
    assert session.state.in_module_setup and session.state.phase == 0
    save(session, ctx.saves_dir / "routes.json", AT)
    _, overlay = listed(ctx)
    assert overlay.rows[0].lines()[1].endswith("\u2014 Setting up")


def test_saves_are_listed_newest_first_whatever_their_names(ctx):
    session = played(until=lambda s: True)
    for name, hours in (("a", 1), ("b", 3), ("c", 2)):
        save(session, ctx.saves_dir / f"{name}.json", AT + dt.timedelta(hours=hours))
    _, overlay = listed(ctx)
    assert [row.listed.name for row in overlay.rows] == ["b", "c", "a"]


def test_a_record_that_does_not_replay_is_explained_in_the_list(ctx):
    payload = played(until=lambda s: True).to_payload()
    payload["record"]["steps"].append({"action": "take 9 9"})
    persistence.write_save(ctx.saves_dir / "bad.json", payload)
    _, overlay = listed(ctx)
    (row,) = overlay.rows
    assert not row.enabled and "does not replay" in row.tooltip_text()
    assert row.lines()[0] == "cannot be loaded"
    assert overlay.deletes[0].enabled  # a damaged save can still be deleted


def test_delete_asks_first_and_removes_only_that_file(ctx):
    session = played(until=lambda s: True)
    save(session, ctx.saves_dir / "old.json", AT)
    save(session, ctx.saves_dir / "new.json", AT + dt.timedelta(hours=1))
    (ctx.saves_dir / "notes.txt").write_text("mine")
    stack, overlay = listed(ctx)
    click(stack, overlay.deletes[0])
    confirm = stack.top
    assert isinstance(confirm, ConfirmOverlay)
    stack.draw(pygame.Surface((1280, 720)))
    click(stack, confirm.no)
    assert stack.top is overlay and (ctx.saves_dir / "new.json").exists()
    click(stack, overlay.deletes[0])
    stack.handle_event(key(pygame.K_ESCAPE))  # Escape on a confirmation cancels it too
    assert stack.top is overlay and (ctx.saves_dir / "new.json").exists()
    click(stack, overlay.deletes[0])
    click(stack, stack.top.yes)
    assert stack.top is overlay
    assert sorted(p.name for p in ctx.saves_dir.iterdir()) == ["notes.txt", "old.json"]
    assert [row.listed.name for row in overlay.rows] == ["old"]
    assert overlay.rows[0].visible and overlay.focus.focused is overlay.rows[0]
    stack.draw(pygame.Surface((1280, 720)))


def test_the_delete_key_on_a_row_asks_too(ctx):
    save(played(until=lambda s: True), ctx.saves_dir / "one.json", AT)
    stack, overlay = listed(ctx)
    assert overlay.focus.focused is overlay.rows[0]
    stack.handle_event(key(pygame.K_RIGHT))
    assert overlay.focus.focused is overlay.watches[0]
    stack.handle_event(key(pygame.K_RIGHT))
    assert overlay.focus.focused is overlay.deletes[0]
    stack.handle_event(key(pygame.K_LEFT))
    stack.handle_event(key(pygame.K_LEFT))
    stack.handle_event(key(pygame.K_DELETE))
    assert isinstance(stack.top, ConfirmOverlay)
    stack.handle_event(key(pygame.K_RETURN))  # the focus starts on Back: Enter keeps it
    assert (ctx.saves_dir / "one.json").exists() and stack.top is overlay
    stack.handle_event(key(pygame.K_DELETE))
    stack.handle_event(key(pygame.K_y))
    assert not (ctx.saves_dir / "one.json").exists()
    assert overlay.rows == [] and overlay.focus.focused is overlay.back


def test_a_read_only_window_deletes_nothing(ctx):
    save(played(until=lambda s: True), ctx.saves_dir / "one.json", AT)
    ctx.read_only = True
    stack, overlay = listed(ctx)
    delete = overlay.deletes[0]
    assert not delete.enabled
    assert delete.tooltip_text() == i18n.tr("load.delete.read_only")
    click(stack, delete)
    stack.handle_event(key(pygame.K_DELETE))
    assert stack.top is overlay
    assert overlay.ask_delete(overlay.entries[0]) is None
    assert not overlay.delete(overlay.entries[0])
    assert (ctx.saves_dir / "one.json").exists()


def test_a_delete_the_disk_refuses_is_said_and_keeps_the_row(ctx, monkeypatch):
    save(played(until=lambda s: True), ctx.saves_dir / "one.json", AT)
    stack, overlay = listed(ctx)

    def refuse(self, missing_ok=False):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(type(ctx.saves_dir), "unlink", refuse)
    assert not overlay.delete(overlay.entries[0])
    assert "could not be deleted: Permission denied" in overlay.notice
    assert len(overlay.rows) == 1
    stack.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_long_rows_are_shortened_to_fit_and_said_whole_in_the_tooltip(ctx, lang,
                                                                     monkeypatch):
    four = (SeatSpec("human", "Clara-Sophie Abc", 0), SeatSpec("ai", "Bernhard Langer", 1,
                                                                 "medium"),
            SeatSpec("human", "Dieter Dietrichs", 2), SeatSpec("chateauma", "Châteauma", 3))
    session = played(four, chateauma="medium+A+B+C+D", until=lambda s: True)
    save(session, ctx.saves_dir / ("x" * 60 + ".json"), AT)
    i18n.set_language(lang)
    stack, overlay = listed(ctx)
    drawn = []
    real = load_menu.elide
    monkeypatch.setattr(load_menu, "elide", lambda *a: drawn.append(real(*a)) or drawn[-1])
    stack.draw(pygame.Surface((1280, 720)))
    assert any(t.endswith("\u2026") and t.startswith("Clara-Sophie") for t in drawn)
    medium = "Mittel" if lang == "de" else "Medium"
    assert f"Châteauma ({medium} +A+B+C+D)" in overlay.rows[0].tooltip_text()


def test_the_load_list_matches_its_golden_image(ctx, monkeypatch):
    """Regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the result."""
    from golden_images import compare_golden
    # Dates in the machine's time zone would differ between machines.
    monkeypatch.setattr(load_menu, "format_saved_at",
                        lambda when: when.strftime("%Y-%m-%d %H:%M"))
    save(played(), ctx.saves_dir / "evening.json", AT)
    save(played(SOLO, chateauma="hard+A+C", until=lambda s: False, seed=5),
         ctx.saves_dir / "solo.json", AT - dt.timedelta(days=1))
    (ctx.saves_dir / "damaged.json").write_bytes(b"\x00")
    persistence.os.utime(ctx.saves_dir / "damaged.json", (0, 0))  # the oldest, listed last
    stack, overlay = listed(ctx)
    overlay.focus.focus(None)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    compare_golden(surface, "load_list.png")
