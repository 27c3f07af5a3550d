"""Buttons, choices, focus, text wrapping and tooltips, driven by real pygame events."""

import pygame
import pytest

from client_events import key, motion, press, release
from game.scenes import fonts, i18n
from game.scenes.layout import Canvas, PanelGroup
from game.scenes.ui.text import wrap_text
from game.scenes.ui.tooltip import HOVER_DELAY, WARM_PERIOD, Tooltips
from game.scenes.ui import theme
from game.scenes.ui.widgets import Button, Choice, FocusGroup, Label, fitted_lines


class TestWrapText:
    def test_lines_fit_and_words_are_kept(self):
        font = fonts.get(24)
        text = "Take a tile from the depot matching the die and put it on a storage space."
        lines = wrap_text(text, font, 200)
        assert len(lines) > 2
        assert all(font.size(line)[0] <= 200 for line in lines)
        assert " ".join(lines).split() == text.split()

    def test_newlines_and_blank_lines_are_kept(self):
        assert wrap_text("a\n\nb", fonts.get(20), 500) == ["a", "", "b"]

    def test_a_word_too_long_for_a_line_is_split(self):
        font = fonts.get(24)
        word = "Donaudampfschifffahrtsgesellschaftskapitän"
        lines = wrap_text(word, font, 120)
        assert "".join(lines) == word
        assert all(font.size(line)[0] <= 120 for line in lines)

    def test_empty_text(self):
        assert wrap_text("", fonts.get(20), 100) == [""]


def make_buttons(log):
    a = Button((100, 100, 300, 60), "title.new_game", lambda: log.append("a"),
               hotkey=pygame.K_n)
    b = Button((100, 200, 300, 60), "title.load", lambda: log.append("b"), enabled=False)
    c = Button((100, 300, 300, 60), "title.quit", lambda: log.append("c"))
    return a, b, c


class TestButton:
    def test_press_and_release_inside_clicks(self):
        log = []
        a, _, _ = make_buttons(log)
        group = PanelGroup([a])
        group.handle_event(motion((150, 120)))
        assert a.hovered
        assert group.handle_event(press((150, 120)))
        assert a.pressed and log == []
        group.handle_event(release((160, 130)))
        assert log == ["a"] and not a.pressed

    def test_releasing_outside_cancels(self):
        log = []
        a, _, _ = make_buttons(log)
        group = PanelGroup([a])
        group.handle_event(press((150, 120)))
        group.handle_event(motion((900, 900)))
        group.handle_event(release((900, 900)))
        assert log == []

    def test_disabled_button_does_nothing(self):
        log = []
        _, b, _ = make_buttons(log)
        group = PanelGroup([b])
        group.handle_event(press((150, 220)))
        group.handle_event(release((150, 220)))
        b.activate()
        assert log == []

    def test_other_mouse_buttons_do_not_click(self):
        log = []
        a, _, _ = make_buttons(log)
        group = PanelGroup([a])
        group.handle_event(press((150, 120), button=3))
        group.handle_event(release((150, 120), button=3))
        assert log == []

    @pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
    def test_draws_in_every_state(self, size):
        canvas = Canvas(pygame.Surface(size))
        log = []
        for button in make_buttons(log):
            for hovered, focused, pressed in [(0, 0, 0), (1, 0, 0), (1, 1, 1), (0, 1, 0)]:
                button.hovered, button.focused, button.pressed = hovered, focused, pressed
                button.draw(canvas.child(button.rect))
        icon_button = Button((0, 0, 300, 60), "title.settings", lambda: None,
                             icon_name="settings")
        icon_button.draw(canvas)


class TestFocus:
    def test_arrows_and_tab_move_skipping_disabled_and_wrapping(self):
        log = []
        a, b, c = make_buttons(log)
        focus = FocusGroup([a, b, c])
        focus.focus_first()
        assert focus.focused is a and a.focused
        focus.handle_event(key(pygame.K_DOWN))
        assert focus.focused is c and not a.focused
        focus.handle_event(key(pygame.K_TAB))
        assert focus.focused is a
        focus.handle_event(key(pygame.K_TAB, pygame.KMOD_SHIFT))
        assert focus.focused is c
        focus.handle_event(key(pygame.K_UP))
        assert focus.focused is a

    def test_enter_and_space_activate_and_hotkeys_work(self):
        log = []
        a, b, c = make_buttons(log)
        focus = FocusGroup([a, b, c])
        focus.focus(c)
        assert focus.handle_event(key(pygame.K_RETURN))
        assert focus.handle_event(key(pygame.K_SPACE))
        assert focus.handle_event(key(pygame.K_n))
        assert log == ["c", "c", "a"] and focus.focused is a
        assert not focus.handle_event(key(pygame.K_x))

    def test_mouse_hover_moves_the_focus(self):
        log = []
        a, b, c = make_buttons(log)
        focus = FocusGroup([a, b, c])
        focus.focus_first()
        assert focus.handle_event(motion((120, 320))) is False
        assert focus.focused is c
        focus.handle_event(motion((120, 220)))  # disabled: focus stays
        assert focus.focused is c


class TestChoice:
    def make(self, log):
        return Choice((0, 0, 800, 70), "settings.language",
                      [("en", lambda: "English"), ("de", lambda: "Deutsch")], "de",
                      log.append)

    def test_starts_at_the_given_value_and_steps_both_ways(self):
        log = []
        choice = self.make(log)
        assert choice.value == "de"
        choice.handle_key(key(pygame.K_RIGHT))
        choice.handle_key(key(pygame.K_LEFT))
        choice.handle_key(key(pygame.K_LEFT))
        assert log == ["en", "de", "en"]

    def test_clicks_step_forward_and_the_left_arrow_steps_back(self):
        log = []
        choice = self.make(log)
        group = PanelGroup([choice])
        group.handle_event(press((700, 35)))
        group.handle_event(release((700, 35)))
        group.handle_event(press((0.55 * 800 + 10, 35)))
        group.handle_event(release((0.55 * 800 + 10, 35)))
        assert log == ["en", "de"]

    def test_label_follows_the_language(self):
        choice = self.make([])
        canvas = Canvas(pygame.Surface((1280, 720)))
        i18n.set_language("de")
        choice.draw(canvas)
        assert choice.label == "settings.language"


def test_label_wraps_within_its_box():
    surface = pygame.Surface((1920, 1080))
    label = Label((100, 100, 200, 400), lambda: "word " * 40)
    label.draw(Canvas(surface).child(label.rect))
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    box = drawn.get_bounding_rects()
    assert box and all(r.right <= 300 for r in box)


def drawn_box(surface):
    """The bounding rectangle of everything drawn on a black surface."""
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    rects = drawn.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


@pytest.mark.parametrize("size", [(1088, 612), (1280, 720), (1920, 1080)])
def test_a_label_too_long_for_its_box_is_set_smaller_and_stays_inside(size):
    """A text that needs more lines than its box holds is set smaller rather than running
    over what lies below the box (a rule set's description once hid the next row)."""
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    text = "Wissen 15 bringt 2 Siegpunkte je verkaufter Warensorte. " * 3
    label = Label((100, 100, 400, 150), lambda: text, size=theme.FONT_SMALL)
    canvas = Canvas(surface)
    label.draw(canvas.child(label.rect))
    box, window_box = drawn_box(surface), canvas.rect(label.rect)
    assert box is not None and window_box.inflate(2, 2).contains(box)
    lines, font_size = fitted_lines(canvas, text, theme.FONT_SMALL, 400, 150)
    assert theme.FONT_MIN <= font_size < theme.FONT_SMALL
    assert " ".join(lines).split() == text.split()  # smaller, and nothing cut


def test_a_label_redraws_its_text_when_the_text_or_the_window_changes():
    """A label keeps its last layout between frames, but not past a change of its text
    (a language switch) or of the window's size."""
    words = ["Wort"]
    label = Label((100, 100, 400, 300), lambda: " ".join(words), size=theme.FONT_SMALL)

    def drawn(size):
        surface = pygame.Surface(size)
        surface.fill((0, 0, 0))
        canvas = Canvas(surface)
        label.draw(canvas.child(label.rect))
        return drawn_box(surface)

    one_word = drawn((1920, 1080))
    words[:] = ["Wort"] * 30
    many_words = drawn((1920, 1080))
    assert many_words.height > 2 * one_word.height
    assert drawn((1280, 720)).height < many_words.height


def test_a_label_that_fits_keeps_its_size_and_an_endless_one_is_cut_short():
    canvas = Canvas(pygame.Surface((1920, 1080)))
    lines, font_size = fitted_lines(canvas, "Two words", theme.FONT_SMALL, 400, 40)
    assert (lines, font_size) == (["Two words"], theme.FONT_SMALL)
    lines, font_size = fitted_lines(canvas, "word " * 200, theme.FONT_SMALL, 400, 90)
    assert font_size == theme.FONT_MIN
    line_height = canvas.font(theme.FONT_MIN).get_linesize()
    assert len(lines) == 90 // line_height and lines[-1].endswith("\u2026")
    assert all(canvas.font(theme.FONT_MIN).size(line)[0] <= 400 for line in lines)


class Target:
    def __init__(self, rect, text):
        self.rect = pygame.Rect(rect)
        self.text = text

    def tooltip_text(self):
        return self.text


class TestTooltips:
    def test_shown_after_the_hover_delay(self):
        tips = Tooltips()
        target = Target((0, 0, 100, 100), "Take a tile.")
        tips.point_at(target, (10, 10))
        tips.update(HOVER_DELAY * 0.9)
        assert tips.text is None
        tips.point_at(target, (20, 20))  # moving within the target does not restart
        tips.update(HOVER_DELAY * 0.2)
        assert tips.text == "Take a tile."

    def test_moving_to_a_neighbour_shows_its_tip_at_once_for_a_while(self):
        tips = Tooltips()
        a, b = Target((0, 0, 100, 100), "A"), Target((100, 0, 100, 100), "B")
        tips.point_at(a, (10, 10))
        tips.update(HOVER_DELAY)
        tips.point_at(b, (110, 10))
        assert tips.text == "B"
        tips.point_at(None, (500, 500))
        tips.update(WARM_PERIOD + 0.1)
        tips.point_at(a, (10, 10))
        assert tips.text is None

    def test_click_hides_until_another_target(self):
        tips = Tooltips()
        a = Target((0, 0, 100, 100), "A")
        tips.point_at(a, (10, 10))
        tips.update(HOVER_DELAY)
        tips.hide()
        tips.update(5)
        assert tips.text is None

    def test_keyboard_focus_shows_the_tip_below_the_widget(self):
        tips = Tooltips()
        a = Target((100, 100, 300, 60), "A")
        tips.focus_on(a)
        tips.update(HOVER_DELAY)
        assert tips.text == "A" and tips.anchor == (100, 168)

    def test_nothing_to_say_shows_nothing(self):
        tips = Tooltips()
        tips.point_at(Target((0, 0, 10, 10), None), (1, 1))
        tips.update(5)
        assert not tips.visible

    @pytest.mark.parametrize("pos", [(10, 10), (1900, 10), (1900, 1070), (10, 1070)])
    def test_long_tips_wrap_and_stay_on_screen(self, pos):
        surface = pygame.Surface((1280, 720))
        surface.fill((255, 255, 255))
        tips = Tooltips()
        tips.point_at(Target((0, 0, 1920, 1080), "A long explanation. " * 20), pos)
        tips.update(HOVER_DELAY)
        tips.draw(Canvas(surface))
        mask = pygame.mask.from_threshold(surface, (255, 255, 255), (1, 1, 1, 255))
        mask.invert()
        (box,) = [r for r in mask.get_bounding_rects() if r.w > 50]
        assert surface.get_rect().contains(box)
        assert box.w < 0.4 * 1280  # wrapped to a readable width
        assert box.h > 100  # over several lines



@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_button_s_label_stays_within_its_button(size):
    """A label longer than its button shrinks, then is cut short: it never runs over the
    button's edges (German names such as a double duchy's once did)."""
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    button = Button((100, 100, 300, 60),
                    lambda: "Doppelfürstentum, Vorderseite (vorläufig) und noch mehr",
                    lambda: None)
    canvas = Canvas(surface)
    button.draw(canvas.child(button.rect))
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    box = drawn.get_bounding_rects()
    scale = size[0] / 1920
    assert box and all(r.left >= int(100 * scale) - 1 and r.right <= round(400 * scale) + 1
                       for r in box)


def test_a_double_duchy_is_named_as_itself_not_as_duchy_number():
    from collections import namedtuple

    from game.scenes.table.log import _describe
    chosen = namedtuple("BoardChosen", "player board")
    assert _describe("BoardChosen", chosen(0, "team_front"), ("Anna",), "de") == (
        "Anna spielt auf dem Doppelfürstentum, Vorderseite (vorläufig).")
    assert _describe("BoardChosen", chosen(0, "3"), ("Anna",), "de") == (
        "Anna spielt auf Fürstentum 3.")


def _label_sizes(monkeypatch, stack, size):
    """(text, type size) of every line the frame draws."""
    drawn: list[tuple[str, float]] = []
    real = Canvas.text

    def text(canvas, value, pos, font_size, *args, **kwargs):
        drawn.append((value, font_size))
        return real(canvas, value, pos, font_size, *args, **kwargs)
    monkeypatch.setattr(Canvas, "text", text)
    stack.draw(pygame.Surface(size))
    return dict(drawn)


ROWS = {
    # The results' buttons under the chart ("Watch replay" among them), and its tabs.
    "results": lambda scene: [(scene.again_button, scene.watch_button, scene.review_button,
                               scene.title_button), (scene.chart_tab, scene.estates_tab)],
    # The setup's seat kinds, one above the other ("AI: medium" among them), and the
    # game's choices.
    "setup_four": lambda scene: [tuple(row["kind"] for row in scene.seat_widgets),
                                 (scene.rules_choice, scene.boards_choice, scene.speed_choice,
                                  scene.handoff_choice)],
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1024, 576), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("screen", sorted(ROWS))
def test_labels_in_one_row_share_one_type_size(data_root, monkeypatch, screen, size, lang):
    """A label that needs to shrink to fit takes its row along: no label in a row stands
    out smaller than its neighbours."""
    from screens import SCREENS
    stack, scene = SCREENS[screen](data_root)
    i18n.set_language(lang)
    drawn = _label_sizes(monkeypatch, stack, size)
    for row in ROWS[screen](scene):
        texts = [(w.options[w.index][1] if isinstance(w, Choice) else w.label) for w in row]
        texts = [t() if callable(t) else i18n.tr(t) for t in texts]
        sizes = {drawn[t] for t in texts if t in drawn}
        assert len(sizes) == 1, (texts, [drawn.get(t) for t in texts])
