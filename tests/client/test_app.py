"""The frame loop with a real (dummy-driver) window: scaling of input, F11, quitting."""

import pygame
import pytest

from client_events import key, motion, press, release
from game.scenes.app import DECORATIONS, App, create_window, default_window_size
from game.scenes.layout import MIN_WINDOW_SIZE
from game.scenes.context import ClientContext
from game.scenes.settings_menu import SettingsOverlay
from game.scenes.title import TitleScene


@pytest.mark.parametrize("desktop, expected", [((1920, 1080), (1632, 918)),
                                               ((3840, 2160), (3264, 1836)),
                                               ((1366, 768), (1161, 653)),
                                               ((1280, 720), (1088, 612)),
                                               ((1280, 800), (1088, 612)),
                                               ((1024, 600), (889, 500))])
def test_default_window_size(desktop, expected):
    assert default_window_size(desktop) == expected


@pytest.mark.parametrize("desktop", [(1024, 600), (1024, 768), (1280, 720), (1280, 800),
                                     (1366, 768), (1440, 900), (1920, 1080), (3840, 2160)])
def test_the_window_fits_the_desktop_with_its_title_bar_and_taskbar(desktop):
    w, h = default_window_size(desktop)
    assert w + DECORATIONS[0] <= desktop[0] and h + DECORATIONS[1] <= desktop[1]
    assert w / h == pytest.approx(16 / 9, abs=0.01)
    if desktop[0] - DECORATIONS[0] >= MIN_WINDOW_SIZE[0] \
            and desktop[1] - DECORATIONS[1] >= MIN_WINDOW_SIZE[1]:
        assert w >= MIN_WINDOW_SIZE[0] and h >= MIN_WINDOW_SIZE[1] * 0.96


@pytest.fixture
def app(data_root):
    window = create_window()
    ctx = ClientContext.load(data_root)
    application = App(window, ctx)
    application.stack.push(TitleScene(ctx))
    yield application
    application.stack.clear()
    window.destroy()


def window_pos(app, design_pos):
    return app.viewport.to_window(*design_pos)


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440), (1600, 1000)])
def test_clicks_in_window_pixels_reach_design_space_widgets(app, size):
    app.window.size = size
    title = app.stack.top
    target = window_pos(app, title.buttons["title.settings"].rect.center)
    assert app.step(0.016, [motion(target), press(target), release(target)])
    assert isinstance(app.stack.top, SettingsOverlay)
    assert app.window.get_surface().get_size() == size


def test_f11_toggles_full_screen_and_saves_it(app):
    app.step(0.016, [key(pygame.K_F11)])
    assert app.ctx.settings.fullscreen
    app.step(0.016, [key(pygame.K_F11)])
    assert not app.ctx.settings.fullscreen


def test_title_follows_the_language(app):
    app.ctx.change_settings(language="de")
    assert app.window.title == "Die Burgen von Burgund"


def test_quit_event_ends_the_loop(app):
    assert app.step(0.016, []) is True
    assert app.step(0.016, [pygame.event.Event(pygame.QUIT)]) is False
    assert not app.running


def test_empty_stack_ends_the_loop(app):
    app.stack.clear()
    assert app.step(0.016, []) is False


def test_long_frames_are_clamped(app):
    seen = []
    app.stack.top.update = seen.append
    app.step(5.0, [])
    assert seen == [0.1]


@pytest.mark.parametrize("percent", [60, 70, 100])
def test_the_interface_size_setting_resizes_the_window_to_its_share_of_the_desktop(app, percent):
    desktop = (pygame.display.get_desktop_sizes() or [(1920, 1080)])[0]
    app.ctx.change_settings(interface_size=percent)
    assert tuple(app.window.size) == default_window_size(desktop, percent)
    app.step(0.016, [])
    assert app.window.get_surface().get_size() == tuple(app.window.size)


def test_a_larger_interface_size_gives_a_larger_window():
    sizes = [default_window_size((2560, 1440), p) for p in (60, 70, 85, 100)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 4
