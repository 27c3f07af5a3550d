"""The frame loop with a real (dummy-driver) window: scaling of input, F11, quitting."""

import pygame
import pytest

from client_events import key, motion, press, release
from game.scenes.app import (DECORATIONS, App, create_window, default_window_size,
                             estimated_usable_size, window_size)
from game.scenes.layout import MIN_WINDOW_SIZE
from game.scenes.preferences import INTERFACE_SIZES
from game.scenes.context import ClientContext
from game.scenes.settings_menu import SettingsOverlay
from game.scenes.title import TitleScene


DESKTOPS = [(1024, 600), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900),
            (1920, 1080), (3840, 2160)]
# Usable areas as window managers give them to a maximised window (openbox on a 1280x720
# and a 1024x600 screen, a desktop with a taskbar on 1920x1080) and estimated ones.
USABLE = [(1280, 701), (1024, 581), (1008, 500), (1264, 620), (1920, 1002), (3824, 2060)]


@pytest.mark.parametrize("desktop", DESKTOPS)
def test_the_window_opens_filling_the_usable_area_it_can_be_sure_of(desktop):
    """Before a window manager has maximised it (or where none can), the window is the
    desktop less room for a title bar and a taskbar: seen whole, and as large as that."""
    w, h = default_window_size(desktop)
    assert (w, h) == (desktop[0] - DECORATIONS[0], desktop[1] - DECORATIONS[1])
    assert default_window_size(desktop, 100) == estimated_usable_size(desktop)


@pytest.mark.parametrize("usable", USABLE)
def test_a_larger_interface_size_never_gives_a_smaller_window(usable):
    sizes = [window_size(usable, p) for p in INTERFACE_SIZES]
    assert sorted(INTERFACE_SIZES)[-1] == 100 and sizes[-1] == usable
    for smaller, larger in zip(sizes, sizes[1:]):
        assert smaller[0] <= larger[0] and smaller[1] <= larger[1]
    assert all(w <= usable[0] and h <= usable[1] for w, h in sizes)


@pytest.mark.parametrize("usable", USABLE)
def test_no_window_is_below_the_least_size_where_the_usable_area_holds_it(usable):
    for percent in INTERFACE_SIZES:
        w, h = window_size(usable, percent)
        assert w >= min(MIN_WINDOW_SIZE[0], usable[0])
        assert h >= min(MIN_WINDOW_SIZE[1], usable[1])


def test_below_100_percent_the_window_is_that_share_of_the_usable_area():
    usable = (2560, 1400)
    sizes = {p: window_size(usable, p) for p in INTERFACE_SIZES}
    assert len(set(sizes.values())) == len(INTERFACE_SIZES)
    for percent, (w, h) in sizes.items():
        if percent < 100:
            assert w / h == pytest.approx(16 / 9, abs=0.01)
            # The largest 16:9 window in the share: as high as the share of the height.
            assert h == round(usable[1] * percent / 100)


class FakeWindow:
    """A window whose manager maximises it to ``work_area``, as a desktop does."""

    def __init__(self, size, work_area, maximised=False, late=False):
        self.work_area = work_area
        self.late = late    # maximising takes effect after the call returns
        self.size = work_area if maximised else size
        self.restored_size = size
        self.position = (0, 0)
        self.minimum_size = (0, 0)
        self.title = ""
        self.calls = []

    def maximize(self):
        self.calls.append("maximize")
        if not self.late:
            self.restored_size, self.size = self.size, self.work_area

    def restore(self):
        self.calls.append("restore")
        self.size = self.restored_size

    def set_windowed(self):
        self.calls.append("set_windowed")

    def set_fullscreen(self, desktop=False):
        self.calls.append("set_fullscreen")


@pytest.mark.parametrize("start", [100, 60])
def test_the_interface_size_maximises_the_window_at_100_percent_and_shares_below(data_root,
                                                                               start):
    ctx = ClientContext.load(data_root)
    ctx.change_settings(interface_size=start)
    work_area = (1280, 701)
    window = FakeWindow(default_window_size((1280, 720), start), work_area,
                        maximised=start == 100)
    app = App(window, ctx)
    if start < 100:   # the manager has not said yet how much of the screen is usable
        assert app.usable == estimated_usable_size(pygame.display.get_desktop_sizes()[0])
    ctx.change_settings(interface_size=100)
    assert window.size == work_area == app.usable
    sizes = []
    for percent in INTERFACE_SIZES:
        ctx.change_settings(interface_size=percent)
        sizes.append(window.size)
        if percent < 100:
            assert window.size == window_size(work_area, percent)
            assert window.calls[-1] == "restore"
    assert sizes == sorted(sizes) and sizes[-1] == work_area
    assert window.calls[-1] == "maximize"
    assert window.minimum_size == MIN_WINDOW_SIZE


def test_leaving_full_screen_at_100_percent_maximises_the_window_again(data_root):
    ctx = ClientContext.load(data_root)
    window = FakeWindow((1264, 620), (1280, 701), maximised=True)
    App(window, ctx)
    ctx.change_settings(fullscreen=True)
    window.size = window.restored_size   # what leaving full screen gives back
    ctx.change_settings(fullscreen=False)
    assert window.calls[-2:] == ["set_windowed", "maximize"]
    assert window.size == (1280, 701)
    ctx.change_settings(interface_size=85, fullscreen=True)
    ctx.change_settings(fullscreen=False)
    assert window.calls[-1] == "set_windowed"


def test_a_window_the_player_maximises_tells_the_usable_area(data_root):
    ctx = ClientContext.load(data_root)
    ctx.change_settings(interface_size=70)
    window = FakeWindow((1024, 600), (1366, 740))
    app = App(window, ctx)
    window.maximize()
    app.dispatch(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    assert app.usable == (1366, 740)
    ctx.change_settings(interface_size=85)
    assert window.size == window_size((1366, 740), 85)


def test_a_window_maximised_late_still_tells_the_usable_area(data_root):
    """Where maximising takes effect after the call returns, the size-changed event that
    follows gives the usable area."""
    ctx = ClientContext.load(data_root)
    ctx.change_settings(interface_size=60)
    window = FakeWindow((1024, 600), (1900, 1000), late=True)
    app = App(window, ctx)
    ctx.change_settings(interface_size=100)
    window.size = window.work_area
    app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1900, y=1000))
    assert app.usable == (1900, 1000)
    # Later changes of size are the player's: they say nothing of the usable area.
    app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1200, y=700))
    assert app.usable == (1900, 1000)
    ctx.change_settings(interface_size=85)
    assert window.size == window_size((1900, 1000), 85)


@pytest.mark.parametrize("percent, maximised", [(100, True), (85, False)])
def test_the_window_is_maximised_before_it_is_shown(monkeypatch, percent, maximised):
    calls = []

    class Window:
        def __init__(self, title, size, position, **flags):
            calls.append(("open", size, flags.get("hidden")))
            self.minimum_size = (0, 0)

        def set_icon(self, surface):
            pass

        def maximize(self):
            calls.append("maximize")

        def show(self):
            calls.append("show")

    monkeypatch.setattr(pygame, "Window", Window)
    create_window(percent=percent)
    desktop = pygame.display.get_desktop_sizes()[0]
    opened = ("open", default_window_size(desktop, percent), True)
    assert calls == ([opened, "maximize", "show"] if maximised else [opened, "show"])


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


@pytest.mark.parametrize("percent", [60, 70, 85])
def test_the_interface_size_setting_resizes_the_window_to_its_share_of_the_usable_area(
        app, percent):
    app.ctx.change_settings(interface_size=percent)
    assert tuple(app.window.size) == window_size(app.usable, percent)
    app.step(0.016, [])
    assert app.window.get_surface().get_size() == tuple(app.window.size)
