"""Title screen, settings overlay, load overlay and rules reference, driven through the
scene stack with real pygame events in design coordinates."""

import json

import pygame
import pytest

from client_events import key, motion, press, release, wheel
from game.rules import GameConfig
from game.scenes import i18n, persistence, synth
from game.scenes.context import ClientContext
from game.scenes.load_menu import VISIBLE_ROWS, LoadOverlay
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.rules_reference import RulesReferenceScene, parse
from game.scenes.settings_menu import SettingsOverlay
from game.scenes.stack import SceneStack
from game.scenes.title import TitleScene
from game.scenes.ui.tooltip import HOVER_DELAY


class Launcher:
    def __init__(self):
        self.calls = []

    def new_game(self):
        self.calls.append(("new", None))

    def start_tutorial(self):
        self.calls.append(("tutorial", None))

    def open_save(self, save):
        self.calls.append(("open", save.payload))


@pytest.fixture
def launcher():
    return Launcher()


@pytest.fixture
def stack():
    return SceneStack()


def started_game() -> GameSession:
    session = GameSession(GameSetup(GameConfig(players=2), (SeatSpec("human", "Anna", 0),
                                                             SeatSpec("ai", "Ben", 1, "easy"))))
    session.start()
    return session


def click_at(stack, pos):
    for event in (motion(pos), press(pos), release(pos)):
        stack.handle_event(event)


def draw(stack, size=(1280, 720)):
    surface = pygame.Surface(size)
    stack.draw(surface)
    return surface


class TestTitle:
    def test_without_a_save_continue_is_disabled_and_says_why(self, ctx, stack):
        title = stack.push(TitleScene(ctx))
        cont = title.buttons["title.continue"]
        assert not cont.enabled
        assert cont.tooltip_text() == i18n.tr("title.continue.none")
        assert title.focus.focused is title.buttons["title.new_game"]

    def test_new_game_goes_to_the_launcher(self, ctx, stack, launcher):
        title = stack.push(TitleScene(ctx))
        click_at(stack, title.buttons["title.new_game"].rect.center)
        assert launcher.calls == [("new", None)]

    def test_continue_opens_the_autosave(self, ctx, stack, launcher):
        persistence.write_save(ctx.autosave_path, {"seed": 9})
        title = stack.push(TitleScene(ctx))
        cont = title.buttons["title.continue"]
        assert cont.enabled and "Carry on" in cont.tooltip_text()
        click_at(stack, cont.rect.center)
        assert launcher.calls == [("open", {"seed": 9})]

    def test_a_damaged_autosave_is_explained_not_opened(self, ctx, stack, launcher):
        ctx.autosave_path.parent.mkdir(parents=True)
        ctx.autosave_path.write_text('{"format": "castles-of-burgundy-save", "ver')
        title = stack.push(TitleScene(ctx))
        cont = title.buttons["title.continue"]
        assert not cont.enabled
        assert "incomplete" in cont.tooltip_text()
        click_at(stack, cont.rect.center)
        assert launcher.calls == []
        assert ctx.autosave_path.read_text().endswith('"ver')

    def test_disabled_buttons_still_show_their_tooltip_on_hover(self, ctx, stack):
        title = stack.push(TitleScene(ctx))
        stack.handle_event(motion(title.buttons["title.continue"].rect.center))
        stack.update(HOVER_DELAY + 0.01)
        assert title.tooltips.text == i18n.tr("title.continue.none")

    def test_without_a_launcher_play_is_unavailable(self, data_root, stack):
        ctx = ClientContext.load(data_root)
        title = stack.push(TitleScene(ctx))
        assert not title.buttons["title.new_game"].enabled
        assert title.buttons["title.new_game"].tooltip_text() == i18n.tr("title.unavailable")
        assert not title.buttons["title.tutorial"].enabled
        assert title.buttons["title.tutorial"].tooltip_text() == i18n.tr("title.unavailable")
        assert title.focus.focused is title.buttons["title.load"]

    def test_keyboard_only(self, ctx, stack, launcher):
        title = stack.push(TitleScene(ctx))
        stack.handle_event(key(pygame.K_DOWN))
        assert title.focus.focused is title.buttons["title.tutorial"]
        stack.handle_event(key(pygame.K_DOWN))  # continue is disabled: skipped
        assert title.focus.focused is title.buttons["title.load"]
        stack.handle_event(key(pygame.K_UP))
        stack.handle_event(key(pygame.K_UP))
        stack.handle_event(key(pygame.K_RETURN))
        assert launcher.calls == [("new", None)]
        stack.handle_event(key(pygame.K_F1))
        assert isinstance(stack.top, RulesReferenceScene)

    def test_learn_to_play_starts_the_tutorial(self, ctx, stack, launcher):
        title = stack.push(TitleScene(ctx))
        assert title.buttons["title.tutorial"].tooltip_text() == i18n.tr("title.tutorial.tip")
        click_at(stack, title.buttons["title.tutorial"].rect.center)
        assert launcher.calls == [("tutorial", None)]

    def test_quit(self, ctx, stack):
        title = stack.push(TitleScene(ctx))
        click_at(stack, title.buttons["title.quit"].rect.center)
        assert ctx.quit_requested

    @pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1500, 1000)])
    def test_draws_at_any_window_size(self, ctx, stack, size):
        from game.scenes.layout import Viewport
        from game.scenes.ui import theme
        stack.push(TitleScene(ctx))
        surface = draw(stack, size)
        area = Viewport(size).design_area
        assert len(set(surface.get_at((x, size[1] // 2))[:3]
                       for x in range(0, size[0], 7))) > 10
        letterboxed = surface.get_at((size[0] // 2, 2))[:3] == theme.LETTERBOX
        assert letterboxed == (area.top > 2)


class TestSettingsOverlay:
    def open(self, ctx, stack):
        title = stack.push(TitleScene(ctx))
        click_at(stack, title.buttons["title.settings"].rect.center)
        overlay = stack.top
        assert isinstance(overlay, SettingsOverlay)
        return title, overlay

    def test_is_an_overlay_over_the_title(self, ctx, stack):
        title, overlay = self.open(ctx, stack)
        assert stack.visible() == [title, overlay]
        draw(stack)

    def test_language_changes_at_once_and_is_saved(self, ctx, stack):
        _, overlay = self.open(ctx, stack)
        assert overlay.focus.focused is overlay.choices["settings.language"]
        stack.handle_event(key(pygame.K_RIGHT))
        assert i18n.language() == "de"
        assert i18n.tr("title.settings") == "Einstellungen"
        saved = json.loads(persistence.settings_path(ctx.data_root).read_text())
        assert saved["settings"]["language"] == "de"
        draw(stack)

    def test_speed_fullscreen_and_handoff(self, ctx, stack):
        seen = []
        ctx.set_fullscreen = seen.append
        _, overlay = self.open(ctx, stack)
        for name in ("settings.speed", "settings.fullscreen", "settings.handoff"):
            choice = overlay.choices[name]
            click_at(stack, (choice.rect.right - 30, choice.rect.centery))
        s = ctx.settings
        assert (s.animation_speed, s.fullscreen, s.handoff_screen) == ("fast", True, False)
        assert seen == [True]
        assert ctx.animation_speed.value == "fast"

    def test_sound_and_volume_are_set_saved_and_heard(self, data_root, stack):
        class Board:
            def __init__(self):
                self.level = self.played = None

            def set_level(self, volume, on):
                self.level = (volume, on)

            def play(self, name, volume=1.0):
                self.played = (name, self.level)
                return True

        board = Board()
        ctx = ClientContext.load(data_root, sound=board)
        assert board.level == (70, True)
        _, overlay = self.open(ctx, stack)
        volume = overlay.choices["settings.volume"]
        click_at(stack, (volume.rect.right - 30, volume.rect.centery))    # forward
        assert ctx.settings.sound_volume == 80
        assert board.played == (synth.POINTS, (80, True))  # heard at the new volume
        for _ in range(3):
            click_at(stack, (volume.rect.right - 30, volume.rect.centery))
        assert ctx.settings.sound_volume == 10                # from 100 round to 10
        click_at(stack, (volume.rect.x + volume.rect.w * 0.55 + 20, volume.rect.centery))
        assert ctx.settings.sound_volume == 100               # the left arrow steps back
        sound = overlay.choices["settings.sound"]
        click_at(stack, (sound.rect.right - 30, sound.rect.centery))
        assert ctx.settings.sound is False and board.level == (100, False)
        saved = json.loads(persistence.settings_path(data_root).read_text())["settings"]
        assert (saved["sound"], saved["sound_volume"]) == (False, 100)
        assert ClientContext.load(data_root).settings.sound_volume == 100
        draw(stack)

    def test_escape_closes_and_the_title_resumes(self, ctx, stack):
        title, overlay = self.open(ctx, stack)
        stack.handle_event(key(pygame.K_ESCAPE))
        assert stack.top is title and overlay.stack is None

    def test_close_button_and_outside_click_close(self, ctx, stack):
        _, overlay = self.open(ctx, stack)
        click_at(stack, overlay.close_button.rect.center)
        assert not isinstance(stack.top, SettingsOverlay)
        _, overlay = self.open(ctx, SceneStack())
        overlay.handle_event(press((20, 20)))
        assert overlay.stack is None

    def test_modal_overlay_keeps_input_from_the_title(self, ctx, stack, launcher):
        title, overlay = self.open(ctx, stack)
        new_game = title.buttons["title.new_game"].rect.center
        assert not overlay.choices["settings.language"].rect.collidepoint(new_game)
        assert stack.handle_event(key(pygame.K_n)) is True
        assert launcher.calls == []

    def test_save_failure_is_reported_in_the_dialog(self, ctx, stack, monkeypatch):
        _, overlay = self.open(ctx, stack)

        def refuse(settings):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(ctx.store, "save", refuse)
        stack.handle_event(key(pygame.K_RIGHT))
        assert i18n.language() == "de"
        assert "Permission denied" in overlay._notice_text()
        draw(stack)

    def test_damaged_settings_are_reported(self, data_root, stack):
        path = persistence.settings_path(data_root)
        path.parent.mkdir(parents=True)
        path.write_text("{oops")
        ctx = ClientContext.load(data_root)
        stack.push(TitleScene(ctx))
        overlay = stack.push(SettingsOverlay(ctx))
        assert "could not be read" in overlay._notice_text()


class TestLoadOverlay:
    def test_lists_saves_and_opens_the_chosen_one(self, ctx, stack, launcher):
        payload = started_game().to_payload()
        persistence.write_save(ctx.saves_dir / "first.json", payload)
        (ctx.saves_dir / "bad.json").write_bytes(b"\x00\x01")
        title = stack.push(TitleScene(ctx))
        click_at(stack, title.buttons["title.load"].rect.center)
        overlay = stack.top
        assert isinstance(overlay, LoadOverlay)
        assert overlay.wait_listed(10)
        rows = {r.label(): r for r in overlay.rows}
        bad = next(r for text, r in rows.items() if text.startswith("bad"))
        good = next(r for text, r in rows.items() if text.startswith("first"))
        assert not bad.enabled and "not a save file" in bad.tooltip_text()
        draw(stack)
        click_at(stack, good.rect.center)
        assert launcher.calls == [("open", payload)]
        assert stack.top is title

    def test_empty_list_and_back(self, ctx, stack):
        title = stack.push(TitleScene(ctx))
        overlay = stack.push(LoadOverlay(ctx))
        assert overlay.wait_listed(10)
        assert overlay.rows == []
        assert overlay.focus.focused is overlay.back
        draw(stack)
        stack.handle_event(key(pygame.K_RETURN))
        assert stack.top is title

    def test_many_saves_scroll_with_the_keyboard_and_wheel(self, ctx, stack):
        payload = started_game().to_payload()
        for i in range(VISIBLE_ROWS + 4):
            persistence.write_save(ctx.saves_dir / f"game{i:02}.json", payload)
        overlay = stack.push(LoadOverlay(ctx))
        assert overlay.wait_listed(10)
        assert sum(r.visible for r in overlay.rows) == VISIBLE_ROWS
        for _ in range(VISIBLE_ROWS + 2):
            stack.handle_event(key(pygame.K_DOWN))
        assert overlay.focus.focused.visible and overlay.first_row > 0
        stack.handle_event(wheel(10))
        assert overlay.first_row == 0
        stack.handle_event(wheel(-10))
        assert overlay.first_row == 4
        draw(stack)


class TestRulesReference:
    def test_both_languages_have_the_same_structure(self):
        from game.scenes import assets
        en = parse(assets.read_text("text", "rules_reference.en.txt"))
        de = parse(assets.read_text("text", "rules_reference.de.txt"))
        assert [b.kind for b in en] == [b.kind for b in de]
        assert sum(b.kind == "heading" for b in en) >= 5

    def test_scrolls_within_bounds_and_closes(self, ctx, stack):
        title = stack.push(TitleScene(ctx))
        ref = stack.push(RulesReferenceScene(ctx))
        draw(stack)
        assert ref.max_scroll > 0
        stack.handle_event(key(pygame.K_END))
        assert ref.scroll == ref.max_scroll
        stack.handle_event(wheel(-3))
        assert ref.scroll == ref.max_scroll
        stack.handle_event(key(pygame.K_HOME))
        stack.handle_event(wheel(1))
        assert ref.scroll == 0
        stack.handle_event(key(pygame.K_PAGEDOWN))
        assert ref.scroll > 0
        stack.handle_event(key(pygame.K_ESCAPE))
        assert stack.top is title

    def test_typing_searches_the_rules_as_the_glossary_does(self, ctx, stack):
        """The title's rules reference has the table glossary's search box: typing keeps
        the sections that hold every word (accents aside), Backspace deletes a letter,
        Escape clears the search and then closes."""
        title = stack.push(TitleScene(ctx))
        ref = stack.push(RulesReferenceScene(ctx))
        draw(stack)
        everything = [line.text for line in ref._lines]
        for ch in "silver":
            stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            stack.handle_event(key(getattr(pygame, f"K_{ch}")))   # presses no button
        assert ref.query == "silver" and stack.top is ref
        draw(stack)
        found = [line.text for line in ref._lines]
        assert 0 < len(found) < len(everything)
        assert any("silver" in text.casefold() for text in found)
        stack.handle_event(key(pygame.K_BACKSPACE))
        assert ref.query == "silve" and stack.top is ref
        i18n.set_language("de")
        ref.set_query("schlussel")          # finds "Schlüssel..." without its umlaut
        draw(stack)
        assert any("schlüssel" in line.text.casefold() for line in ref._lines)
        ref.set_query("zzzz")
        draw(stack)
        assert [line.text for line in ref._lines] == [i18n.tr("glossary.none", query="zzzz")]
        stack.handle_event(key(pygame.K_ESCAPE))
        assert ref.query == "" and stack.top is ref
        stack.handle_event(key(pygame.K_ESCAPE))
        assert stack.top is title

    def test_follows_the_language(self, ctx, stack):
        ref = stack.push(RulesReferenceScene(ctx))
        draw(stack)
        english = [line.text for line in ref._lines]
        i18n.set_language("de")
        draw(stack)
        assert [line.text for line in ref._lines] != english
        assert any("Fürstentum" in line.text for line in ref._lines)

    def test_missing_text_is_said_plainly(self, ctx, stack, monkeypatch):
        from game.scenes import assets
        monkeypatch.setattr(assets, "read_text", lambda *parts: None)
        ref = stack.push(RulesReferenceScene(ctx))
        assert ref.blocks()[0].text == i18n.tr("rules.missing")
        draw(stack)

    def test_parse(self):
        blocks = parse("# Title\n\nText one.\n- item\n  # not heading?\n")
        assert [(b.kind, b.text) for b in blocks] == [
            ("heading", "Title"), ("paragraph", "Text one."), ("bullet", "item"),
            ("heading", "not heading?")]
