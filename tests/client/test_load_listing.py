"""The Load menu opens at once and reads the saves on a worker thread."""

import os
import threading

import pygame
from game.rules import GameConfig
from game.scenes import load_menu, persistence
from game.scenes.load_menu import LoadOverlay
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.title import TitleScene


def test_the_menu_opens_while_the_saves_are_still_being_read(ctx, monkeypatch):
    persistence.write_save(ctx.saves_dir / "evening.json", {"n": 1})
    release = threading.Event()
    real = load_menu.list_saves

    def slow_list(folder):
        assert release.wait(30)
        return real(folder)

    monkeypatch.setattr(load_menu, "list_saves", slow_list)
    stack = SceneStack()
    title = stack.push(TitleScene(ctx))
    overlay = stack.push(LoadOverlay(ctx))
    stack.update(1 / 60)
    assert not overlay.listed and overlay.rows == []
    stack.draw(pygame.Surface((1280, 720)))
    assert overlay.focus.focused is overlay.back
    release.set()
    assert overlay.wait_listed(10)
    assert [row.label().split(" ")[0] for row in overlay.rows] == ["evening"]
    overlay.close()
    assert stack.top is title


def test_leaving_before_the_list_is_read_is_harmless(ctx, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(load_menu, "list_saves", lambda folder: release.wait(30) and [])
    stack = SceneStack()
    stack.push(TitleScene(ctx))
    overlay = stack.push(LoadOverlay(ctx))
    overlay.close()
    release.set()
    stack.update(1 / 60)
    stack.draw(pygame.Surface((1280, 720)))


def test_huge_files_are_listed_without_being_read(ctx, monkeypatch):
    """300 sparse 200 MB files: each is refused by its size, none is read."""
    ctx.saves_dir.mkdir(parents=True)
    for i in range(300):
        with open(ctx.saves_dir / f"huge{i:03}.json", "wb") as f:
            f.truncate(200 * 1024 * 1024)
    session = GameSession(GameSetup(GameConfig(players=2), (SeatSpec("human", "Anna", 0),
                                                             SeatSpec("human", "Ben", 1))))
    session.start()
    session.save(ctx.saves_dir / "real.json")
    read = []
    real_read = os.read
    monkeypatch.setattr(persistence.os, "read",
                        lambda fd, n: read.append(n) or real_read(fd, n))
    overlay = SceneStack().push(LoadOverlay(ctx))
    assert overlay.wait_listed(30)
    assert len(overlay.rows) == 301
    damaged = [e for e in overlay.entries if e.summary is None]
    assert len(damaged) == 300 and {e.error.reason for e in damaged} == {"too_large"}
    assert len(read) <= 2  # the one real save


def test_a_games_own_file_that_cannot_be_read_is_named_in_words(ctx):
    """An own file of a game (the "autosave" of earlier versions among them) that cannot
    be read is listed as an automatically saved game in the player's language, not by its
    file name; the question before deleting it names the file besides."""
    ctx.saves_dir.mkdir(parents=True)
    (ctx.saves_dir / persistence.AUTOSAVE_NAME).write_text('{"format": "castles-of-burg')
    from game.scenes import i18n
    i18n.set_language("de")
    stack = SceneStack()
    stack.push(TitleScene(ctx))
    overlay = stack.push(LoadOverlay(ctx))
    assert overlay.wait_listed(10)
    stack.update(1 / 60)
    (listed,) = overlay.entries
    assert listed.title() == "Automatisch gespeichertes Spiel"
    assert "autosave" not in overlay.rows[0].label().casefold()
    assert load_menu.confirm_name(listed) == "Automatisch gespeichertes Spiel (autosave.json)"


def test_the_colour_scheme_for_colour_blindness_reads_naturally_in_german():
    from game.scenes import i18n
    assert i18n.tr("settings.colours.colour_blind", "de") == "Für Farbenblinde"
    assert i18n.tr("settings.colours.tip", "de").startswith("Für Farbenblinde:")
