"""Seat names are checked where they enter: typed at the setup, read from a save, read
from the last setup. A name that cannot be drawn or encoded never reaches the table."""

import json
import os

import pygame
import pytest
from client_events import motion

from game.rules import GameConfig
from game.scenes import persistence
from game.scenes.launcher import Launcher
from game.scenes.ui.confirm import MessageOverlay
from game.scenes.load_menu import LoadOverlay
from game.scenes.names import MAX_NAME_LENGTH
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.setup import (SetupDraft, SetupScene, last_setup_path, load_last_setup,
                               save_last_setup)
from game.scenes.stack import SceneStack
from game.scenes.title import TitleScene

BAD_NAMES = ["A\x00n", "\ud800", "Ann\udcff", "Tab\there", "new\nline", "\u202eevil",
             "x" * (MAX_NAME_LENGTH + 1), "", "   ", 7, None]


def setup_of():
    return GameSetup(GameConfig(players=2), (SeatSpec("human", "Ann", 0),
                                             SeatSpec("human", "Ben", 1)), seed=3)


def with_first_name(doc_setup, name):
    doc_setup["seats"][0]["name"] = name
    return doc_setup


def write_text(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_seat_refuses_a_name_that_cannot_be_shown(name):
    with pytest.raises(ValueError):
        SeatSpec("human", name, 0)


@pytest.mark.parametrize("name", ["Ann", "Châteauma", "Zoë 2", "李小龙", "\U0001F600 Bob",
                                  "x" * MAX_NAME_LENGTH])
def test_ordinary_names_are_accepted(name):
    assert SeatSpec("human", name, 0).name == name


@pytest.mark.parametrize("name", BAD_NAMES[:7])
def test_a_save_with_a_bad_name_is_refused_and_left_alone(data_root, name):
    session = GameSession(setup_of())
    session.start()
    doc = persistence.make_envelope(session.to_payload())
    with_first_name(doc["payload"]["setup"], name)
    path = persistence.autosave_path(data_root)
    write_text(path, json.dumps(doc))
    before = path.read_bytes()
    with pytest.raises(persistence.SaveError) as info:
        GameSession.load(path)
    assert info.value.reason in ("malformed", "excessive")
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", BAD_NAMES[:7])
def test_continue_with_a_bad_name_shows_a_message_and_the_file_stays(ctx, name):
    stack = SceneStack()
    Launcher(ctx, stack, table_class=lambda c, s: pytest.fail("a bad save was opened"))
    ctx.launcher.to_title()
    session = GameSession(setup_of())
    doc = persistence.make_envelope(session.to_payload())
    with_first_name(doc["payload"]["setup"], name)
    write_text(ctx.autosave_path, json.dumps(doc))
    before = ctx.autosave_path.read_bytes()
    title = stack.top
    title.refresh()
    if title.buttons["title.continue"].enabled:
        title._continue()
        assert isinstance(stack.top, MessageOverlay)
        assert "has not been changed" in stack.top.message()
    else:
        assert title.continue_error is not None
    stack.draw(pygame.Surface((1280, 720)))
    assert ctx.autosave_path.read_bytes() == before


@pytest.mark.parametrize("name", BAD_NAMES[:7])
def test_a_last_setup_with_a_bad_name_gives_the_default_setup(ctx, name):
    save_last_setup(ctx.data_root, setup_of())
    path = last_setup_path(ctx.data_root)
    doc = json.loads(path.read_text())
    with_first_name(doc["setup"], name)
    write_text(path, json.dumps(doc))
    before = path.read_bytes()
    assert load_last_setup(ctx.data_root) is None
    stack = SceneStack()
    stack.push(TitleScene(ctx))
    scene = stack.push(SetupScene(ctx))
    assert scene.draft == SetupDraft(handoff=ctx.settings.handoff_screen)
    stack.draw(pygame.Surface((1280, 720)))
    assert path.read_bytes() == before


def test_typing_keeps_only_printable_characters(ctx):
    stack = SceneStack()
    scene = stack.push(SetupScene(ctx))
    field = scene.seat_widgets[0]["name"]
    stack.handle_event(motion(field.rect.center))
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0,
                                          unicode="", scancode=0))
    stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="A\x00n\u200bn\x07"))
    assert scene.draft.seats[0].name(1) == "Ann"
    scene.draft.set_name(0, "B\x00o\ud800b")
    assert scene.draft.seats[0].name(1) == "Bob"
    setup = scene.draft.build(seed=1)
    assert setup.seats[0].name == "Bob"


def test_a_save_whose_file_name_is_not_utf8_is_drawn_in_the_load_menu(ctx):
    session = GameSession(setup_of())
    odd = ctx.saves_dir / os.fsdecode(b"Abend \xff\xfe.json")
    try:
        session.save(odd)
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    persistence.write_save(ctx.saves_dir / "UPPER.JSON", session.to_payload())
    stack = SceneStack()
    stack.push(TitleScene(ctx))
    overlay = stack.push(LoadOverlay(ctx))
    assert overlay.wait_listed(10)
    labels = sorted(row.label() for row in overlay.rows)
    assert len(labels) == 2
    assert labels[0].startswith("Abend \ufffd\ufffd") and labels[1].startswith("UPPER")
    for row in overlay.rows:
        row.tooltip_text().encode("utf-8")
    stack.draw(pygame.Surface((1280, 720)))


def test_the_load_menu_explains_a_save_with_a_bad_name_drawably(ctx):
    session = GameSession(setup_of())
    doc = persistence.make_envelope(session.to_payload())
    with_first_name(doc["payload"]["setup"], "A\x00n")
    write_text(ctx.saves_dir / "odd.json", json.dumps(doc))
    Launcher(ctx, SceneStack())
    overlay = SceneStack().push(LoadOverlay(ctx))
    assert overlay.wait_listed(10)
    (row,) = overlay.rows
    # The name is refused as the save is summarised, as opening it would refuse it.
    tip = row.tooltip_text()
    assert not row.enabled and "printable" in tip and all(ch.isprintable() for ch in tip)
    for line in row.lines():
        line.encode("utf-8")
