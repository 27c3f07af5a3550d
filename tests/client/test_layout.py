"""Design space, viewport scaling and panels."""

import pygame
import pytest

from client_events import key, motion, press, release
from game.scenes import fonts
from game.scenes.layout import (DESIGN_RECT, DESIGN_SIZE, Canvas, Panel, PanelGroup,
                                Viewport)


@pytest.mark.parametrize("size, scale", [((1280, 720), 2 / 3), ((1920, 1080), 1.0),
                                         ((2560, 1440), 4 / 3), ((3840, 2160), 2.0)])
def test_16_by_9_windows_fill_exactly(size, scale):
    vp = Viewport(size)
    assert vp.scale == pytest.approx(scale)
    assert vp.offset == (0, 0)
    assert vp.design_area == pygame.Rect((0, 0), size)
    assert vp.to_window(*DESIGN_SIZE) == size


def test_other_aspect_ratios_are_letterboxed_and_centred():
    wide = Viewport((2000, 900))
    assert wide.scale == pytest.approx(900 / 1080)
    assert wide.offset[1] == 0
    area = wide.design_area
    assert area.centerx == pytest.approx(1000, abs=1)
    assert area.height == 900
    tall = Viewport((1280, 1024))
    assert tall.offset[0] == 0
    assert tall.design_area.centery == pytest.approx(512, abs=1)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (2000, 900), (3840, 2160)])
def test_design_and_window_coordinates_round_trip(size):
    vp = Viewport(size)
    for point in [(0, 0), (960, 540), (1919, 1079), (123.5, 456.25)]:
        back = vp.to_design(*vp.to_window(*point))
        assert back == pytest.approx(point, abs=1 / vp.scale)


def test_lengths_scale_and_never_vanish():
    assert Viewport((1280, 720)).length(30) == 20
    assert Viewport((3840, 2160)).length(30) == 60
    assert Viewport((1280, 720)).length(0.2) == 1
    assert Viewport((1280, 720)).length(0) == 0


def test_mouse_events_are_converted_to_design_coordinates():
    vp = Viewport((1280, 720))
    event = vp.event_to_design(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360),
                                                  rel=(2, 4), buttons=(0, 0, 0)))
    assert event.pos == (960, 540)
    assert event.rel == (3, 6)
    down = vp.event_to_design(press((128, 72)))
    assert down.pos == (192, 108) and down.button == 1
    k = key(pygame.K_a)
    assert vp.event_to_design(k) is k


def test_fonts_scale_with_the_window():
    small = Canvas(pygame.Surface((1280, 720))).font(30)
    large = Canvas(pygame.Surface((3840, 2160))).font(30)
    assert large.get_height() > 2.5 * small.get_height()


def test_text_is_drawn_in_the_shipped_font_with_every_german_letter():
    assert fonts.FONT_PATH.is_file()
    assert (fonts.FONT_PATH.parent / "LICENSE-OpenSans.txt").is_file()
    font = fonts.get(20)
    assert (font.name, font.style_name) == ("Open Sans", "Semibold")
    # Sizes are the font's em size in pixels (pygame's default font shrinks them).
    assert font.size("M")[0] >= 14
    assert all(m is not None and m[4] > 0 for m in font.metrics("ÄÖÜäöüßé·–×…"))


def test_canvas_child_offsets_and_clips():
    surface = pygame.Surface((1280, 720))
    canvas = Canvas(surface)
    child = canvas.child((300, 150, 600, 300))
    assert child.px(0, 0) == canvas.px(300, 150)
    assert child.rect((0, 0, 600, 300)) == pygame.Rect(200, 100, 400, 200)
    with canvas.clipped((300, 150, 600, 300)):
        assert surface.get_clip() == pygame.Rect(200, 100, 400, 200)
        child.fill_rect((-300, -150, 1920, 1080), (255, 0, 0))
    assert surface.get_clip() == surface.get_rect()
    assert surface.get_at((199, 99))[:3] == (0, 0, 0)
    assert surface.get_at((200, 100))[:3] == (255, 0, 0)
    assert surface.get_at((599, 299))[:3] == (255, 0, 0)
    assert surface.get_at((600, 300))[:3] == (0, 0, 0)


class Recording(Panel):
    def __init__(self, rect, z, log, consumes=True):
        super().__init__(rect, z, name=f"z{z}")
        self.log = log
        self.consumes = consumes

    def draw(self, canvas):
        self.log.append((self.name, "draw", canvas.origin))

    def handle_event(self, event):
        self.log.append((self.name, pygame.event.event_name(event.type),
                         getattr(event, "pos", None)))
        return self.consumes

    def on_mouse_enter(self):
        self.log.append((self.name, "enter"))

    def on_mouse_leave(self):
        self.log.append((self.name, "leave"))


@pytest.fixture
def log():
    return []


def test_panels_draw_in_z_order_with_local_origins(log):
    group = PanelGroup([Recording((100, 100, 50, 50), 2, log),
                        Recording((0, 0, 1920, 1080), 0, log),
                        Recording((10, 20, 30, 40), 1, log)])
    group.draw(Canvas(pygame.Surface((1280, 720))))
    assert log == [("z0", "draw", (0, 0)), ("z1", "draw", (10, 20)),
                   ("z2", "draw", (100, 100))]


def test_topmost_panel_under_the_pointer_gets_the_click_in_local_coordinates(log):
    group = PanelGroup([Recording((0, 0, 1920, 1080), 0, log),
                        Recording((100, 100, 200, 200), 5, log)])
    assert group.handle_event(press((150, 160))) is True
    assert log == [("z5", "MouseButtonDown", (50, 60))]
    log.clear()
    group.handle_event(release((150, 160)))
    group.handle_event(press((50, 60)))
    assert log[-1] == ("z0", "MouseButtonDown", (50, 60))


def test_panel_on_top_shields_lower_panels_even_if_it_declines(log):
    group = PanelGroup([Recording((0, 0, 500, 500), 0, log),
                        Recording((100, 100, 100, 100), 1, log, consumes=False)])
    assert group.handle_event(press((150, 150))) is False
    assert [entry[0] for entry in log] == ["z1"]


def test_pressed_panel_keeps_the_mouse_until_release(log):
    group = PanelGroup([Recording((0, 0, 100, 100), 0, log),
                        Recording((500, 500, 100, 100), 1, log)])
    group.handle_event(press((50, 50)))
    group.handle_event(motion((550, 550)))
    group.handle_event(release((550, 550)))
    group.handle_event(press((550, 550)))
    events = [(n, e, p) for n, e, p in (x for x in log if len(x) == 3)]
    assert events == [("z0", "MouseButtonDown", (50, 50)), ("z0", "MouseMotion", (550, 550)),
                      ("z0", "MouseButtonUp", (550, 550)),
                      ("z1", "MouseButtonDown", (50, 50))]


def test_hover_enter_and_leave(log):
    group = PanelGroup([Recording((0, 0, 100, 100), 0, log)])
    group.handle_event(motion((10, 10)))
    group.handle_event(motion((20, 20)))
    group.handle_event(motion((500, 500)))
    assert [x for x in log if len(x) == 2] == [("z0", "enter"), ("z0", "leave")]


def test_keys_go_to_panels_top_first_until_consumed(log):
    group = PanelGroup([Recording((0, 0, 10, 10), 0, log),
                        Recording((0, 0, 10, 10), 1, log, consumes=False)])
    assert group.handle_event(key(pygame.K_a)) is True
    assert [x[0] for x in log] == ["z1", "z0"]


def test_hidden_and_disabled_panels_are_skipped(log):
    hidden = Recording((0, 0, 100, 100), 2, log)
    hidden.visible = False
    disabled = Recording((0, 0, 100, 100), 1, log)
    disabled.enabled = False
    group = PanelGroup([Recording((0, 0, 100, 100), 0, log), disabled, hidden])
    group.handle_event(press((5, 5)))
    group.draw(Canvas(pygame.Surface((192, 108))))
    assert [x[0] for x in log] == ["z0", "z0", "z1"]
    assert group.panel_at((5, 5)).name == "z0"
    assert group.panel_at((5, 5), include_disabled=True).name == "z1"


def test_design_rect_is_1920_by_1080():
    assert DESIGN_RECT.size == (1920, 1080)
