"""The setup scene: seats, rule sets, board modes and Châteauma become the right GameSetup;
impossible tables are refused with a message; the last setup is remembered."""

import itertools
import json
import os
from pathlib import Path

import pygame
import pytest
from golden_images import compare_golden

from client_events import key, motion, press, release
from game.rules import BOARD_MODES, RULE_SETS, GameConfig
from game.scenes import i18n
from game.scenes.context import ClientContext
from game.scenes.session import GameSetup, SeatSpec
from game.scenes.setup import (CHATEAUMA_NAME, MAX_NAME_LENGTH, SeatDraft, SetupDraft,
                               SetupProblem, SetupScene, last_setup_path, load_last_setup,
                               save_last_setup)
from game.scenes.app import default_window_size
from game.scenes.layout import MIN_WINDOW_SIZE, Canvas
from game.scenes.stack import SceneStack
from game.scenes.ui.widgets import Label, fitted_lines, resolve



class Launcher:
    def __init__(self):
        self.started = []
        self.chosen = []

    def new_game(self):
        pass

    def start(self, setup, chosen=False):
        self.started.append(setup)
        self.chosen.append(chosen)


@pytest.fixture
def launcher():
    return Launcher()


def click_at(stack, pos):
    for event in (motion(pos), press(pos), release(pos)):
        stack.handle_event(event)


def text(s):
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def human(colour, name=None):
    return SeatDraft("human", colour, None, name)


def ai(colour, tier, name=None):
    return SeatDraft("ai", colour, tier, name)


class TestDraft:
    def test_the_default_is_a_person_against_a_medium_ai(self):
        setup = SetupDraft().build(seed=5)
        assert setup.config == GameConfig(players=2, rules="special", board_mode="advanced")
        assert [(s.kind, s.name, s.colour, s.tier) for s in setup.seats] == [
            ("human", "Player 1", 0, None), ("ai", "AI 2", 1, "medium")]
        assert setup.seed == 5 and setup.handoff

    @pytest.mark.parametrize("rules", RULE_SETS)
    @pytest.mark.parametrize("boards", BOARD_MODES)
    def test_every_rule_set_and_board_mode(self, rules, boards):
        draft = SetupDraft(rules=rules, board_mode=boards)
        setup = draft.build(seed=1)
        assert (setup.config.rules, setup.config.board_mode) == (rules, boards)

    @pytest.mark.parametrize("kinds", [
        ("human", "human"), ("human", "ai:random"), ("ai:easy", "ai:hard"),
        ("human", "human", "human"), ("human", "ai:easy", "ai:medium", "ai:hard"),
        ("human", "human", "human", "human"), ("ai:random", "ai:random", "ai:random"),
    ])
    def test_people_and_ai_players_of_every_tier(self, kinds):
        draft = SetupDraft(seats=[SeatDraft(colour=i) for i in range(len(kinds))])
        for i, kind in enumerate(kinds):
            draft.set_choice(i, kind)
        setup = draft.build(seed=2)
        assert setup.config.players == len(kinds)
        assert setup.config.chateauma is None
        chosen = [s.kind if s.kind == "human" else f"ai:{s.tier}" for s in setup.seats]
        assert chosen == list(kinds)
        assert setup.humans == kinds.count("human")
        assert setup.shows_handoff == (kinds.count("human") >= 2)

    @pytest.mark.parametrize("others, level, modifiers, expected", [
        (1, "medium", "", "medium"),
        (1, "easy", "A", "easy+A"),
        (2, "hard", "AC", "hard+A+C"),
        (3, "hard", "ABCD", "hard+A+B+C+D"),
        (2, "medium", "DB", "medium+B+D"),
    ])
    def test_chateauma_takes_the_last_seat(self, others, level, modifiers, expected):
        draft = SetupDraft(seats=[human(0)] + [ai(i, "easy") for i in range(1, others)])
        draft.set_chateauma(level)
        for m in modifiers:
            draft.toggle_modifier(m)
        setup = draft.build(seed=3)
        assert setup.config.players == others + 1  # Châteauma counts as a player
        assert setup.config.chateauma == expected
        last = setup.seats[-1]
        assert (last.kind, last.name) == ("chateauma", CHATEAUMA_NAME)
        assert last.colour not in {s.colour for s in setup.seats[:-1]}
        assert all(s.kind != "chateauma" for s in setup.seats[:-1])

    def test_a_solo_game_against_chateauma(self):
        draft = SetupDraft(seats=[human(2, "Ann")], chateauma="medium")
        setup = draft.build(seed=4)
        assert setup.config == GameConfig(players=2, chateauma="medium")
        assert [s.kind for s in setup.seats] == ["human", "chateauma"]

    def test_chateauma_joins_at_medium_unless_another_level_was_chosen(self):
        draft = SetupDraft()
        draft.toggle_chateauma()
        assert draft.difficulty == "medium"
        draft.toggle_chateauma()
        assert draft.chateauma is None and draft.players == 2
        draft.set_level("hard")
        assert draft.chateauma is None
        draft.toggle_chateauma()
        assert draft.difficulty == "hard"
        draft.set_level("easy")
        assert draft.build(1).config.chateauma == "easy"
        with pytest.raises(ValueError):
            draft.set_level("impossible")

    def test_modifiers_toggle_off_again(self):
        draft = SetupDraft(chateauma="hard")
        draft.toggle_modifier("C")
        draft.toggle_modifier("A")
        draft.toggle_modifier("C")
        assert draft.difficulty == "hard+A"
        with pytest.raises(ValueError):
            draft.toggle_modifier("E")

    @pytest.mark.parametrize("draft, key", [
        (SetupDraft(seats=[human(0), ai(1, "easy"), ai(2, "easy"), ai(3, "easy"),
                           ai(0, "hard")]), "setup.error.too_many"),
        (SetupDraft(seats=[human(0), ai(1, "easy"), ai(2, "easy"), ai(3, "easy")],
                    chateauma="medium"), "setup.error.too_many"),
        (SetupDraft(seats=[human(0)]), "setup.error.too_few"),
        (SetupDraft(seats=[]), "setup.error.too_few"),
        (SetupDraft(seats=[], chateauma="easy"), "setup.error.no_player"),
        (SetupDraft(seats=[human(0, ""), human(1)]), "setup.error.name_missing"),
        (SetupDraft(seats=[human(0, "   "), human(1)]), "setup.error.name_missing"),
        (SetupDraft(seats=[human(0, "x" * (MAX_NAME_LENGTH + 1)), human(1)]),
         "setup.error.name_long"),
        (SetupDraft(seats=[human(0, "Ann"), human(1, "ann")]), "setup.error.same_name"),
        (SetupDraft(seats=[human(0, "Châteauma"), human(1)], chateauma="easy"),
         "setup.error.same_name"),
        (SetupDraft(seats=[human(1), human(1)]), "setup.error.same_colour"),
        (SetupDraft(seats=[human(0), human(9)]), "setup.error.colour"),
    ])
    def test_impossible_tables_are_refused_with_a_message(self, draft, key):
        problem = draft.problem()
        assert problem is not None and problem.key == key
        with pytest.raises(SetupProblem) as err:
            draft.build(seed=1)
        for lang in i18n.LANGUAGES:
            message = err.value.message(lang)
            assert message and "{" not in message

    def test_five_seats_say_how_many_fit(self):
        draft = SetupDraft(seats=[human(i % 4, f"P{i}") for i in range(5)])
        assert draft.problem().message() == (
            "5 seats are too many: the table has room for 4, Châteauma included.")
        i18n.set_language("de")
        assert "5 Plätze" in draft.problem().message()

    def test_adding_and_removing_respect_the_table_size(self):
        draft = SetupDraft()
        draft.add_seat()
        draft.add_seat()
        assert len(draft.seats) == 4 and not draft.can_add()
        draft.add_seat()
        assert len(draft.seats) == 4
        assert sorted(s.colour for s in draft.seats) == [0, 1, 2, 3]
        draft.set_chateauma("medium")  # now five at the table: refused until one leaves
        assert draft.problem().key == "setup.error.too_many"
        draft.remove_seat(3)
        assert draft.problem() is None
        draft.remove_seat(0)
        draft.remove_seat(0)
        assert len(draft.seats) == 1 and not draft.can_remove()
        draft.remove_seat(0)
        assert len(draft.seats) == 1

    def test_colours_step_to_free_ones(self):
        draft = SetupDraft(seats=[human(0), human(1), human(2)])
        draft.next_colour(0)
        assert draft.seats[0].colour == 3
        draft.next_colour(0)
        assert draft.seats[0].colour == 0

    def test_default_names_follow_the_language_typed_ones_do_not(self):
        draft = SetupDraft(seats=[human(0), human(1, "Ann")])
        i18n.set_language("de")
        assert [s.name for s in draft.build(1).seats] == ["Spieler 1", "Ann"]

    def test_round_trip_through_a_game_setup(self):
        draft = SetupDraft(seats=[human(3, "Ann"), ai(0, "hard")], rules="yucata",
                           board_mode="free", chateauma="hard", modifiers="BD", handoff=False)
        setup = draft.build(seed=9)
        again = SetupDraft.from_setup(setup)
        assert again == draft
        assert again.seats[1].custom_name is None  # "AI 2" stays a default name
        assert again.build(seed=9) == setup


class TestLastSetup:
    def test_saved_and_loaded(self, data_root):
        setup = SetupDraft(seats=[human(1, "Ann")], chateauma="easy", rules="original").build(7)
        save_last_setup(data_root, setup)
        assert load_last_setup(data_root) == setup

    @pytest.mark.parametrize("content", ["", "{", "[]", '{"format": "other"}',
                                         '{"format": "castles-of-burgundy-setup", "setup": 3}'])
    def test_an_unusable_file_is_ignored_and_left_alone(self, data_root, content):
        path = last_setup_path(data_root)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
        assert load_last_setup(data_root) is None
        assert path.read_text() == content

    def test_the_scene_starts_from_the_last_setup(self, ctx):
        setup = SetupDraft(seats=[human(2, "Ann"), ai(3, "easy")], board_mode="random").build(1)
        save_last_setup(ctx.data_root, setup)
        scene = SetupScene(ctx)
        assert scene.draft == SetupDraft.from_setup(setup)

    def test_after_a_game_of_ai_players_alone_new_game_seats_a_person_first(self, ctx):
        """A game without a person that was not set up so in the setup screen (Play again
        of a loaded game, a last setup of an earlier version) leaves the next new game a
        person in the first seat; the other seats stay as they were."""
        setup = SetupDraft(seats=[ai(2, "random"), ai(3, "easy")]).build(1)
        save_last_setup(ctx.data_root, setup)
        draft = SetupScene(ctx).draft
        assert [(s.kind, s.tier, s.colour) for s in draft.seats] == [
            ("human", None, 2), ("ai", "easy", 3)]
        assert draft.seats[0].name(1) == "Player 1" and draft.problem() is None

    def test_a_deliberate_game_of_ai_players_alone_is_offered_again(self, ctx, launcher):
        """Every seat switched to AI in the setup screen and started: a deliberate game
        of AI players alone, which New game offers as it was, and Play again keeps so."""
        stack = SceneStack()
        scene = stack.push(SetupScene(ctx, SetupDraft(), seed_source=lambda: 5))
        kind = scene.seat_widgets[0]["kind"]
        click_at(stack, (kind.rect.right - 30, kind.rect.centery))         # Person -> random
        click_at(stack, scene.start_button.rect.center)
        (setup,) = launcher.started
        assert setup.humans == 0
        save_last_setup(ctx.data_root, setup, chosen=launcher.chosen[-1])
        assert [s.kind for s in SetupScene(ctx).draft.seats] == ["ai", "ai"]
        save_last_setup(ctx.data_root, setup)                   # Play again: the same seats
        assert [s.kind for s in SetupScene(ctx).draft.seats] == ["ai", "ai"]
        other = SetupDraft(seats=[ai(0, "hard"), ai(1, "easy")]).build(2)
        save_last_setup(ctx.data_root, other)                   # other seats, not chosen
        assert [s.kind for s in SetupScene(ctx).draft.seats] == ["human", "ai"]

    def test_without_one_the_hand_off_follows_the_settings(self, ctx):
        ctx.change_settings(handoff_screen=False)
        assert SetupScene(ctx).draft.handoff is False


def _last_setup_variants():
    """Broken last_setup.json files of every kind, from a good one."""
    good = {"format": "castles-of-burgundy-setup", "version": 1,
            "setup": SetupDraft(seats=[human(1, "Ann"), ai(2, "easy")]).build(7).to_dict()}
    text = json.dumps(good)

    def edited(change):
        doc = json.loads(text)
        change(doc)
        return json.dumps(doc).encode()

    def seat(field, value):
        return lambda d: d["setup"]["seats"][0].__setitem__(field, value)

    return {
        "not JSON": b"last setup: Ann, easy AI",
        "truncated": text[:len(text) // 2].encode(),
        "empty": b"",
        "binary": bytes(range(256)),
        "huge": b'{"format": "castles-of-burgundy-setup", "pad": "' + b"x" * 300_000 + b'"}',
        "a list": b"[1, 2, 3]",
        "foreign": b'{"format": "chess"}',
        "version true": edited(lambda d: d.__setitem__("version", True)),
        "newer": edited(lambda d: d.__setitem__("version", 2)),
        "setup a number": edited(lambda d: d.__setitem__("setup", 3)),
        "seats not a list": edited(lambda d: d["setup"].__setitem__("seats", "Ann")),
        "colour true": edited(seat("colour", True)),
        "colour text": edited(seat("colour", "red")),
        "seed true": edited(lambda d: d["setup"].__setitem__("seed", True)),
        "seed a float": edited(lambda d: d["setup"].__setitem__("seed", 7.0)),
        "two seats one colour": edited(seat("colour", 2)),
        "players true": edited(lambda d: d["setup"]["config"].__setitem__("players", True)),
        "handoff 1": edited(lambda d: d["setup"].__setitem__("handoff", 1)),
    }


LAST_SETUP_VARIANTS = _last_setup_variants()


class TestBrokenLastSetup:
    @pytest.mark.parametrize("name", sorted(LAST_SETUP_VARIANTS))
    def test_the_default_setup_is_shown_and_the_person_is_told_once(self, ctx, name):
        from game.scenes.ui.confirm import MessageOverlay
        path = last_setup_path(ctx.data_root)
        path.parent.mkdir(parents=True, exist_ok=True)
        raw = LAST_SETUP_VARIANTS[name]
        path.write_bytes(raw)
        assert load_last_setup(ctx.data_root) is None
        stack = SceneStack()
        scene = stack.push(SetupScene(ctx))
        assert scene.draft == SetupDraft(handoff=ctx.settings.handoff_screen)
        stack.update(1 / 60)
        dialog = stack.top
        assert isinstance(dialog, MessageOverlay)
        message = dialog.message()
        assert "could not be read" in message and "last_setup.json" in message
        stack.draw(pygame.Surface((1280, 720)))
        dialog.close()
        stack.update(1 / 60)
        assert stack.top is scene
        # told once: a second visit to New game shows the default setup without a word
        again = stack.push(SetupScene(ctx))
        stack.update(1 / 60)
        assert stack.top is again
        assert path.read_bytes() == raw

    def test_the_next_game_keeps_the_broken_file_beside_the_new_one(self, ctx):
        path = last_setup_path(ctx.data_root)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"{broken")
        (ctx.data_root / "last_setup.json.broken").write_bytes(b"an earlier one")
        setup = SetupDraft(seats=[human(1, "Ann"), ai(2, "easy")]).build(7)
        save_last_setup(ctx.data_root, setup)
        assert load_last_setup(ctx.data_root) == setup
        assert (ctx.data_root / "last_setup.json.broken").read_bytes() == b"an earlier one"
        assert (ctx.data_root / "last_setup.json.2.broken").read_bytes() == b"{broken"
        save_last_setup(ctx.data_root, setup)   # a readable one is simply replaced
        assert not (ctx.data_root / "last_setup.json.3.broken").exists()


class TestOddValues:
    """bool is an int in Python: true must not pass for a colour, a seed or a version."""

    def test_a_colour_of_true_is_refused(self):
        with pytest.raises(ValueError):
            SeatSpec("human", "Ann", True)
        with pytest.raises(ValueError):
            SeatSpec.from_dict({"kind": "human", "name": "Ann", "colour": True})

    def test_a_seed_of_true_is_refused(self):
        seats = (SeatSpec("human", "Ann", 0), SeatSpec("human", "Ben", 1))
        with pytest.raises(ValueError):
            GameSetup(GameConfig(players=2), seats, seed=True)

    def test_two_seats_of_one_colour_are_refused(self):
        seats = (SeatSpec("human", "Ann", 3), SeatSpec("ai", "Ben", 3, "easy"))
        with pytest.raises(ValueError, match="colour of its own"):
            GameSetup(GameConfig(players=2), seats, seed=1)
        with pytest.raises(ValueError, match="colour of its own"):
            GameSetup(GameConfig(players=2, chateauma="easy"),
                      (SeatSpec("human", "Ann", 0), SeatSpec("chateauma", "Châteauma", 0)))

    def test_a_draft_with_a_colour_of_true_cannot_start(self):
        draft = SetupDraft(seats=[human(1, "Ann"), ai(2, "easy")])
        draft.seats[0].colour = True
        assert draft.problem().key == "setup.error.colour"

    @pytest.mark.parametrize("where", ["payload", "record", "seed", "colour", "colours"])
    def test_a_save_with_odd_values_is_refused(self, where):
        from game.rules import GameRecord
        from game.scenes.session import GameSession, parse_payload
        session = GameSession(SetupDraft(seats=[human(1, "Ann"), ai(2, "easy")]).build(5))
        session.start()
        payload = json.loads(json.dumps(session.to_payload()))
        assert parse_payload(payload)[0] == session.setup
        if where == "payload":
            payload["version"] = True
        elif where == "record":
            payload["record"]["version"] = True
        elif where == "seed":
            payload["record"]["seed"] = payload["setup"]["seed"] = True
        elif where == "colour":
            payload["setup"]["seats"][1]["colour"] = True
        else:
            payload["setup"]["seats"][1]["colour"] = payload["setup"]["seats"][0]["colour"]
        with pytest.raises(ValueError):
            parse_payload(payload)
        if where == "seed":
            with pytest.raises(ValueError):
                GameRecord.from_dict(payload["record"])

    def test_settings_of_version_true_are_not_used(self, data_root):
        from game.scenes.preferences import SettingsStore
        path = data_root / "settings.json"
        path.parent.mkdir(parents=True)
        raw = json.dumps({"format": "castles-of-burgundy-settings", "version": True,
                          "settings": {"language": "de"}})
        path.write_text(raw)
        store = SettingsStore(path, default_language="en")
        assert store.load().language == "en"
        assert [n.key for n in store.notices] == ["error.settings.damaged"]
        assert path.read_text() == raw


class TestScene:
    @pytest.fixture
    def stack(self):
        return SceneStack()

    @pytest.fixture
    def scene(self, ctx, stack):
        return stack.push(SetupScene(ctx, SetupDraft(), seed_source=lambda: 42))

    def test_start_hands_the_setup_to_the_launcher(self, scene, stack, launcher):
        click_at(stack, scene.start_button.rect.center)
        assert launcher.started == [SetupDraft().build(seed=42)]

    def test_build_a_table_by_clicks_and_typing(self, scene, stack, launcher):
        click_at(stack, scene.add_button.rect.center)                    # seat 3: AI medium
        row = scene.seat_widgets[0]
        stack.handle_event(motion(row["name"].rect.center))                # focus the name
        for _ in range(len("Player 1")):
            stack.handle_event(key(pygame.K_BACKSPACE))
        for ch in "Anna":
            stack.handle_event(text(ch))
        stack.handle_event(key(pygame.K_a))  # the key press of a letter triggers nothing
        kind = scene.seat_widgets[1]["kind"]
        click_at(stack, (kind.rect.right - 30, kind.rect.centery))        # AI medium -> hard
        click_at(stack, scene.seat_widgets[2]["colour"].rect.center)      # blue... next free
        click_at(stack, scene.chateauma_toggle.rect.center)                # Châteauma, medium
        click_at(stack, scene.modifier_buttons["B"].rect.center)
        rules = scene.rules_choice
        click_at(stack, (rules.rect.right - 30, rules.rect.centery))      # alea2019
        click_at(stack, scene.start_button.rect.center)
        (setup,) = launcher.started
        assert setup.config == GameConfig(players=4, rules="alea2019", board_mode="advanced",
                                          chateauma="medium+B")
        assert [(s.kind, s.name, s.tier) for s in setup.seats] == [
            ("human", "Anna", None), ("ai", "AI 2", "hard"), ("ai", "AI 3", "medium"),
            ("chateauma", CHATEAUMA_NAME, None)]
        assert len({s.colour for s in setup.seats}) == 4

    def test_five_at_the_table_disables_start_and_says_why(self, ctx, stack, launcher):
        draft = SetupDraft(seats=[human(0), ai(1, "easy"), ai(2, "easy"), ai(3, "easy")])
        scene = stack.push(SetupScene(ctx, draft))
        click_at(stack, scene.chateauma_toggle.rect.center)
        assert draft.players == 5
        assert not scene.start_button.enabled
        assert "5 seats are too many" in scene.start_button.tooltip_text()
        assert "5 seats are too many" in scene._problem_text()
        click_at(stack, scene.start_button.rect.center)
        scene.start()
        assert launcher.started == []
        click_at(stack, scene.seat_widgets[3]["remove"].rect.center)
        assert len(draft.seats) == 3 and scene.start_button.enabled

    def test_an_empty_name_is_refused(self, scene, stack, launcher):
        stack.handle_event(motion(scene.seat_widgets[1]["name"].rect.center))
        stack.handle_event(key(pygame.K_DELETE))
        assert not scene.start_button.enabled
        assert scene._problem_text() == "Seat 2 needs a name."
        for ch in "Bot":
            stack.handle_event(text(ch))
        assert scene.start_button.enabled

    def test_names_are_limited_in_length(self, scene, stack):
        stack.handle_event(motion(scene.seat_widgets[0]["name"].rect.center))
        stack.handle_event(text("x" * 40))
        assert len(scene.draft.seats[0].name(1)) == MAX_NAME_LENGTH

    def test_modifiers_and_hand_off_are_enabled_only_when_they_apply(self, scene, stack):
        assert not any(b.enabled for b in scene.modifier_buttons.values())
        assert "first" in scene.modifier_buttons["A"].tooltip_text()
        assert not scene.handoff_choice.enabled  # one person only
        scene.draft.set_choice(1, "human")
        scene.update(0.016)
        assert scene.handoff_choice.enabled
        scene.draft.set_chateauma("hard")
        scene.update(0.016)
        assert all(b.enabled for b in scene.modifier_buttons.values())
        assert "estate 36" in scene.modifier_buttons["A"].tooltip_text()

    def test_chateauma_level_by_clicks(self, scene, stack, launcher):
        assert not scene.level_choice.enabled
        click_at(stack, scene.chateauma_toggle.rect.center)
        assert scene.level_choice.enabled and scene.level_choice.value == "medium"
        level = scene.level_choice
        click_at(stack, (level.rect.right - 30, level.rect.centery))
        click_at(stack, scene.modifier_buttons["D"].rect.center)
        click_at(stack, scene.start_button.rect.center)
        assert launcher.started[0].config.chateauma == "hard+D"
        assert launcher.started[0].seats[-1].kind == "chateauma"

    def test_speed_is_the_setting(self, scene, stack, ctx):
        speed = scene.speed_choice
        click_at(stack, (speed.rect.right - 30, speed.rect.centery))
        assert ctx.settings.animation_speed == "fast"

    def test_explanations_follow_the_choice(self, scene, stack):
        boards = scene.boards_choice
        click_at(stack, (boards.rect.right - 30, boards.rect.centery))
        assert scene.draft.board_mode == "random"
        assert boards.tooltip_text() == i18n.tr("setup.boards.about.random")

    def test_escape_and_back_return(self, ctx, stack):
        below = stack.push(SetupScene(ctx))
        stack.push(SetupScene(ctx))
        stack.handle_event(key(pygame.K_ESCAPE))
        assert stack.top is below
        click_at(stack, below.back_button.rect.center)
        assert not stack

    def test_keyboard_reaches_every_control(self, scene, stack):
        seen = set()
        for _ in range(40):
            stack.handle_event(key(pygame.K_TAB))
            seen.add(scene.focus.focused.name)
        assert {"kind1", "name2", "colour2", "setup.start", "setup.rules"} <= seen

    @pytest.mark.parametrize("lang", ["en", "de"])
    @pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
    def test_draws_in_both_languages(self, scene, stack, lang, size):
        i18n.set_language(lang)
        scene.draft.set_chateauma("hard")
        surface = pygame.Surface(size)
        stack.draw(surface)


def setup_screen():
    """The setup scene for a 3-player table with Châteauma, at 1280x720."""
    ctx = ClientContext.load(Path(os.environ["CASTLES_DATA_DIR"]), launcher=Launcher())
    draft = SetupDraft(seats=[human(0, "Anna"), ai(1, "hard")], chateauma="medium",
                       modifiers="AC", rules="alea2019")
    stack = SceneStack()
    scene = stack.push(SetupScene(ctx, draft))
    scene.focus.focus(None)
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    return surface


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_description_fits_its_box_whole_in_every_window(ctx, lang):
    """The rule set's and the boards' descriptions are read in full at every window size,
    down to the window the game opens on a 1280x720 desktop and the smallest it allows:
    their boxes may set them smaller, but never cut them short."""
    i18n.set_language(lang)
    scene = SetupScene(ctx)
    labels = [p for p in scene.panels if isinstance(p, Label)]
    sizes = [MIN_WINDOW_SIZE, default_window_size((1280, 720)), (1280, 720), (1366, 768),
             (1920, 1080), (3840, 2160)]
    for size, rules, board_mode in itertools.product(sizes, RULE_SETS, BOARD_MODES):
        scene.draft.rules, scene.draft.board_mode = rules, board_mode
        canvas = Canvas(pygame.Surface(size))
        for label in labels:
            whole = resolve(label.text) or ""
            lines, _size = fitted_lines(canvas, whole, label.font_size, *label.rect.size)
            assert " ".join(lines).split() == whole.split(), (size, rules, board_mode)


def test_setup_screen_matches_golden_image():
    """Regenerate with UPDATE_GOLDEN=1 after an intended change, and look at the result."""
    compare_golden(setup_screen(), "setup_screen.png")


def test_seat_specs_in_the_saved_file_are_plain_json(data_root):
    setup = GameSetup(GameConfig(players=2, chateauma="medium"),
                      (SeatSpec("human", "Ann", 0), SeatSpec("chateauma", "Châteauma", 1)), 3)
    save_last_setup(data_root, setup)
    doc = json.loads(last_setup_path(data_root).read_text())
    assert doc["format"] == "castles-of-burgundy-setup"
    assert doc["setup"]["config"]["chateauma"] == "medium"
