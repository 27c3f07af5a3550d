"""The window and the frame loop.

The loop reads events, converts mouse positions from window pixels to design
coordinates, offers each event to the scene stack, updates the scenes with the real
frame time and draws them at the window's own resolution.

It draws only when the picture may have changed: after any event (input, and the window
events that need a repaint: exposed, resized), after the scene stack changed, and while a
scene is animating; then for SETTLE_FRAMES more frames, for changes that an update makes
a frame later. Otherwise it sleeps in `pygame.event.wait` until input arrives, at most
IDLE_WAIT_MS, so timers (tooltip delays) and pollers (AI moves, hints) still run.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import fonts, i18n, statistics
from .art.window_icon import window_icon
from .context import ClientContext
from .launcher import Launcher, TableFactory
from .layout import DESIGN_HEIGHT, DESIGN_WIDTH, MIN_WINDOW_SIZE, Viewport
from .stack import SceneStack
from .ui import theme

FRAME_RATE = 60
SETTLE_FRAMES = 2
# Idle, the scenes are still updated this often (20 times a second): soon enough for a
# tooltip's delay, rare enough to cost next to nothing.
IDLE_WAIT_MS = 50
# A frame longer than this (a dragged window, a breakpoint) is not caught up: animations
# simply continue instead of jumping.
MAX_FRAME_TIME = 0.1


# pygame-ce does not report the usable desktop (SDL_GetDisplayUsableBounds is not exposed),
# so the window leaves room for what usually surrounds it: a title bar and frame (about
# 30-40 px) and a taskbar, dock or top panel (about 40-60 px).
DECORATIONS = (16, 100)


def _largest_16_by_9(w: float, h: float) -> tuple[int, int]:
    scale = min(w / DESIGN_WIDTH, h / DESIGN_HEIGHT)
    return round(DESIGN_WIDTH * scale), round(DESIGN_HEIGHT * scale)


def default_window_size(desktop: tuple[int, int], percent: int = 85) -> tuple[int, int]:
    """The largest 16:9 window in `percent` of the desktop (the interface size setting,
    85 by default); on a small desktop, where that would be below MIN_WINDOW_SIZE, the
    largest 16:9 window the usable desktop holds. Never larger than the desktop less
    DECORATIONS, so the whole window is visible."""
    dw, dh = desktop
    usable = max(1, dw - DECORATIONS[0]), max(1, dh - DECORATIONS[1])
    share = percent / 100
    w, h = _largest_16_by_9(min(dw * share, usable[0]), min(dh * share, usable[1]))
    min_w, min_h = MIN_WINDOW_SIZE
    if w < min_w or h < min_h:
        w, h = _largest_16_by_9(*usable)
    return w, h


class App:
    def __init__(self, window: pygame.Window, ctx: ClientContext,
                 stack: SceneStack | None = None) -> None:
        self.window = window
        self.ctx = ctx
        self.stack = stack or SceneStack()
        self.running = True
        self.draws = 0          # frames drawn so far
        self._settle = SETTLE_FRAMES
        self._drawn_version = -1
        ctx.set_fullscreen = self.set_fullscreen
        window.title = i18n.tr("app.title")
        self._interface_size = ctx.settings.interface_size
        ctx.on_settings_changed(self._settings_changed)

    def _settings_changed(self, settings) -> None:
        self.window.title = i18n.tr("app.title")
        if settings.interface_size != self._interface_size:
            self._interface_size = settings.interface_size
            self.resize_window(settings.interface_size)

    def resize_window(self, percent: int) -> None:
        """The interface size changed: a window of that share of the desktop, centred (in
        full screen, the window it returns to)."""
        desktops = pygame.display.get_desktop_sizes() or [(1920, 1080)]
        size = default_window_size(desktops[0], percent)
        fullscreen = self.ctx.settings.fullscreen
        if fullscreen:
            self.window.set_windowed()
        self.window.minimum_size = (min(MIN_WINDOW_SIZE[0], size[0]),
                                    min(MIN_WINDOW_SIZE[1], size[1]))
        self.window.size = size
        self.window.position = pygame.WINDOWPOS_CENTERED
        if fullscreen:
            self.window.set_fullscreen(desktop=True)

    @property
    def viewport(self) -> Viewport:
        return Viewport(self.window.size)

    def set_fullscreen(self, on: bool) -> None:
        if on:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.ctx.request_quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.ctx.change_settings(fullscreen=not self.ctx.settings.fullscreen)
            return
        self.stack.handle_event(self.viewport.event_to_design(event))

    @property
    def idle(self) -> bool:
        """Nothing to draw until input arrives or a scene starts animating."""
        return self._settle == 0

    def step(self, dt: float, events: Sequence[pygame.event.Event] | None = None) -> bool:
        """One frame; returns False once the client should close."""
        events = pygame.event.get() if events is None else events
        for event in events:
            self.dispatch(event)
        changed = bool(events) or self.stack.animating()
        self.stack.update(min(dt, MAX_FRAME_TIME))
        if self.ctx.quit_requested or not self.stack:
            self.running = False
            return False
        if changed or self.stack.animating() or self.stack.version != self._drawn_version:
            self._settle = SETTLE_FRAMES
        if self._settle > 0:
            self._settle -= 1
            self._drawn_version = self.stack.version
            surface = self.window.get_surface()
            clear(surface, self.stack)
            self.stack.draw(surface)
            self.window.flip()
            self.draws += 1
        return True

    def run(self) -> None:
        clock = pygame.time.Clock()
        while True:
            if self.idle:
                first = pygame.event.wait(IDLE_WAIT_MS)
                events = [] if first.type == pygame.NOEVENT else [first]
                events += pygame.event.get()
                dt = clock.tick() / 1000
            else:
                events = None
                dt = clock.tick(FRAME_RATE) / 1000
            if not self.step(dt, events):
                break
        self.stack.clear()


def clear(surface: pygame.Surface, stack: SceneStack) -> None:
    """Clear a frame to the letterbox colour: only the margins round the design area when
    the scenes cover it (at 3840x2160 a fill of the whole window costs a few ms)."""
    if not stack.covers_design_area():
        surface.fill(theme.LETTERBOX)
        return
    w, h = surface.get_size()
    area = Viewport((w, h)).design_area
    for margin in (pygame.Rect(0, 0, w, area.top), pygame.Rect(0, area.bottom, w, h),
                   pygame.Rect(0, 0, area.left, h), pygame.Rect(area.right, 0, w, h)):
        if margin.width > 0 and margin.height > 0:
            surface.fill(theme.LETTERBOX, margin)


def create_window(fullscreen: bool = False, percent: int = 85) -> pygame.Window:
    desktops = pygame.display.get_desktop_sizes() or [(1920, 1080)]
    size = default_window_size(desktops[0], percent)
    window = pygame.Window(i18n.tr("app.title"), size, pygame.WINDOWPOS_CENTERED,
                           resizable=True)
    # Smaller than MIN_WINDOW_SIZE only when the desktop itself has no room for it.
    window.minimum_size = (min(MIN_WINDOW_SIZE[0], size[0]), min(MIN_WINDOW_SIZE[1], size[1]))
    window.set_icon(window_icon())
    if fullscreen:
        window.set_fullscreen(desktop=True)
    return window


def main(table_class: TableFactory | None = None, windowed: bool = False) -> int:
    """Open the window on the title screen and run until the player quits.

    ``table_class`` replaces the table scene (tests); ``windowed`` ignores the full-screen
    setting for this run."""
    # Only what the client uses: pygame.init() would also open the audio device, and
    # print the sound library's complaints on a machine without one.
    pygame.display.init()
    pygame.font.init()
    try:
        ctx = ClientContext.open()
        try:
            window = create_window(ctx.settings.fullscreen and not windowed,
                                   ctx.settings.interface_size)
            app = App(window, ctx)
            launcher = Launcher(ctx, app.stack, table_class)
            launcher.to_title()
            app.run()
            if launcher.recording is not None:
                launcher.recording.wait(10)   # the last game's statistics, written
            statistics.close_all()
        finally:
            ctx.close()
    finally:
        pygame.quit()
        fonts.clear()  # cached fonts die with pygame.font
    return 0
