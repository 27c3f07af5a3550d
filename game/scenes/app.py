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


# pygame-ce does not report the usable desktop (SDL_GetDisplayUsableBounds is not exposed).
# The window learns it by being maximised: the size the window manager then gives is the
# work area less the title bar. Until then it is estimated from the desktop, leaving room
# for what usually surrounds a window: a title bar and frame (about 30-40 px) and a
# taskbar, dock or top panel (about 40-60 px).
DECORATIONS = (16, 100)


def _largest_16_by_9(w: float, h: float) -> tuple[int, int]:
    scale = min(w / DESIGN_WIDTH, h / DESIGN_HEIGHT)
    return round(DESIGN_WIDTH * scale), round(DESIGN_HEIGHT * scale)


def estimated_usable_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The desktop less DECORATIONS: where a window is sure to be seen whole."""
    return max(1, desktop[0] - DECORATIONS[0]), max(1, desktop[1] - DECORATIONS[1])


def window_size(usable: tuple[int, int], percent: int) -> tuple[int, int]:
    """The window at the interface size ``percent``: at 100 the whole usable area (a
    maximised window); below it the largest 16:9 window in that share of the usable area,
    but never smaller than MIN_WINDOW_SIZE where the usable area holds that. So a larger
    setting never gives a smaller window."""
    uw, uh = usable
    if percent >= 100:
        return uw, uh
    share = percent / 100
    w, h = _largest_16_by_9(uw * share, uh * share)
    min_w, min_h = MIN_WINDOW_SIZE
    return min(uw, max(w, min_w)), min(uh, max(h, min_h))


def default_window_size(desktop: tuple[int, int], percent: int = 100) -> tuple[int, int]:
    """The window the game opens with on ``desktop`` before the window manager has said
    how much of it is usable (and where it cannot maximise a window): window_size in the
    estimated usable area."""
    return window_size(estimated_usable_size(desktop), percent)


def _desktop() -> tuple[int, int]:
    desktops = pygame.display.get_desktop_sizes() or [(1920, 1080)]
    return desktops[0]


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
        # The usable area as far as it is known: estimated, then the size of the window
        # whenever it was maximised (the work area, which no SDL call of pygame-ce gives).
        self.usable = estimated_usable_size(_desktop())
        # Maximising may take effect after the call returns: the next size change says
        # what the window manager gave.
        self._maximising = False
        if self._interface_size >= 100 and not ctx.settings.fullscreen:
            self._maximised()
        ctx.on_settings_changed(self._settings_changed)

    def _settings_changed(self, settings) -> None:
        self.window.title = i18n.tr("app.title")
        if settings.interface_size != self._interface_size:
            self._interface_size = settings.interface_size
            self.resize_window(settings.interface_size)

    def resize_window(self, percent: int) -> None:
        """The interface size changed: at 100% the window is maximised, below that it is
        its share of the usable area, centred (in full screen, the window it returns to)."""
        fullscreen = self.ctx.settings.fullscreen
        if fullscreen:
            self.window.set_windowed()
        if percent >= 100:
            self.window.maximize()
            self._maximised()
        else:
            self._maximising = False
            self.window.restore()
            self.window.size = window_size(self.usable, percent)
            self.window.position = pygame.WINDOWPOS_CENTERED
        if fullscreen:
            self.window.set_fullscreen(desktop=True)

    def _maximised(self) -> None:
        """The window was just maximised: its size is the usable area, or, where
        maximising takes effect later, the size of the next size change."""
        self._maximising = True
        w, h = self.window.size
        self._learn_usable((w, h))

    def _learn_usable(self, size: tuple[int, int]) -> None:
        self.usable = size
        self.window.minimum_size = minimum_window_size(size)

    @property
    def viewport(self) -> Viewport:
        return Viewport(self.window.size)

    def set_fullscreen(self, on: bool) -> None:
        if on:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            # Leaving full screen gives back the window's last size, not its maximised
            # state: at 100% it is maximised again.
            if self._interface_size >= 100:
                self.window.maximize()
                self._maximised()

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.ctx.request_quit()
            return
        if not self.ctx.settings.fullscreen:
            if event.type == pygame.WINDOWMAXIMIZED:   # by the player, or late
                self._maximised()
            elif event.type == pygame.WINDOWSIZECHANGED and self._maximising:
                # The window's size now, not the event's: events queued on the way (the
                # size before maximising) are read after the window has its last size.
                self._maximising = False
                w, h = self.window.size
                self._learn_usable((w, h))
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


def minimum_window_size(usable: tuple[int, int]) -> tuple[int, int]:
    """MIN_WINDOW_SIZE, or less where the usable area itself has no room for it."""
    return min(MIN_WINDOW_SIZE[0], usable[0]), min(MIN_WINDOW_SIZE[1], usable[1])


def create_window(fullscreen: bool = False, percent: int = 100) -> pygame.Window:
    """The window at the interface size ``percent``: at 100% it opens maximised, filling
    the usable area (the window manager's work area) where the platform allows."""
    usable = estimated_usable_size(_desktop())
    window = pygame.Window(i18n.tr("app.title"), window_size(usable, percent),
                           pygame.WINDOWPOS_CENTERED, resizable=True, hidden=True)
    window.minimum_size = minimum_window_size(usable)
    window.set_icon(window_icon())
    # Maximised before it is shown, so it appears at its size instead of growing to it.
    if percent >= 100:
        window.maximize()
    if fullscreen:
        window.set_fullscreen(desktop=True)
    window.show()
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
