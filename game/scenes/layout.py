"""Design space and panels.

Everything is laid out in a fixed 1920x1080 design space. A Viewport maps it onto the real
window (uniform scale, centred, letterboxed when the aspect ratio differs), so layouts are
written once and stay sharp at any window size: drawing happens at window resolution with
lengths and font sizes scaled, never by stretching a finished 1920x1080 picture.

Panels split a screen into regions with local coordinates and a draw order; a PanelGroup
draws them bottom to top and routes input top first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame

from . import fonts

DESIGN_WIDTH = 1920
DESIGN_HEIGHT = 1080
DESIGN_SIZE = (DESIGN_WIDTH, DESIGN_HEIGHT)
DESIGN_RECT = pygame.Rect(0, 0, DESIGN_WIDTH, DESIGN_HEIGHT)
# The smallest window the layout is tested at (netbooks, small laptop screens); the design
# space is scaled down uniformly to fit.
MIN_WINDOW_SIZE = (1024, 600)

_POSITIONED_EVENTS = frozenset({
    pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
})


@dataclass(frozen=True)
class Viewport:
    """Maps design coordinates to window pixels and back."""

    window_size: tuple[int, int]

    @property
    def scale(self) -> float:
        w, h = self.window_size
        return min(w / DESIGN_WIDTH, h / DESIGN_HEIGHT)

    @property
    def offset(self) -> tuple[float, float]:
        w, h = self.window_size
        s = self.scale
        return (w - DESIGN_WIDTH * s) / 2, (h - DESIGN_HEIGHT * s) / 2

    @classmethod
    def for_surface(cls, surface: pygame.Surface) -> Viewport:
        return cls(surface.get_size())

    def to_window(self, x: float, y: float) -> tuple[int, int]:
        ox, oy = self.offset
        s = self.scale
        return round(ox + x * s), round(oy + y * s)

    def to_design(self, px: float, py: float) -> tuple[float, float]:
        ox, oy = self.offset
        s = self.scale
        return (px - ox) / s, (py - oy) / s

    def length(self, d: float) -> int:
        """A design length in whole pixels, never less than 1 for a positive length."""
        if d <= 0:
            return 0
        return max(1, round(d * self.scale))

    def rect_to_window(self, rect: Any) -> pygame.Rect:
        r = pygame.FRect(rect)
        left, top = self.to_window(r.left, r.top)
        right, bottom = self.to_window(r.right, r.bottom)
        return pygame.Rect(left, top, right - left, bottom - top)

    @property
    def design_area(self) -> pygame.Rect:
        """The part of the window that shows the design space (the rest is letterbox)."""
        return self.rect_to_window(DESIGN_RECT)

    def event_to_design(self, event: pygame.event.Event) -> pygame.event.Event:
        """A copy of a mouse event with ``pos`` (and ``rel``) in design coordinates."""
        if event.type not in _POSITIONED_EVENTS:
            return event
        attrs = dict(event.dict)
        x, y = self.to_design(*event.pos)
        attrs["pos"] = (round(x), round(y))
        if "rel" in attrs:
            s = self.scale
            attrs["rel"] = (round(attrs["rel"][0] / s), round(attrs["rel"][1] / s))
        return pygame.event.Event(event.type, attrs)


class Canvas:
    """Draws in design coordinates, relative to an origin, onto a window surface."""

    def __init__(self, surface: pygame.Surface, origin: tuple[float, float] = (0, 0),
                 viewport: Viewport | None = None) -> None:
        self.surface = surface
        self.viewport = viewport or Viewport.for_surface(surface)
        self.origin = origin

    @property
    def scale(self) -> float:
        return self.viewport.scale

    def px(self, x: float, y: float) -> tuple[int, int]:
        return self.viewport.to_window(self.origin[0] + x, self.origin[1] + y)

    def rect(self, rect: Any) -> pygame.Rect:
        r = pygame.FRect(rect)
        r.move_ip(self.origin)
        return self.viewport.rect_to_window(r)

    def length(self, d: float) -> int:
        return self.viewport.length(d)

    def font(self, size: float) -> pygame.font.Font:
        """The default font at a design size, scaled to the window (never under the
        least size for the window, see fonts.pixel_size)."""
        return fonts.get(fonts.pixel_size(size, self.scale))

    def child(self, rect: Any) -> Canvas:
        r = pygame.FRect(rect)
        return Canvas(self.surface, (self.origin[0] + r.x, self.origin[1] + r.y), self.viewport)

    @contextmanager
    def clipped(self, rect: Any) -> Iterator[Canvas]:
        """Restrict drawing to ``rect`` (local coordinates) for the duration of the block."""
        old = self.surface.get_clip()
        self.surface.set_clip(self.rect(rect).clip(old))
        try:
            yield self
        finally:
            self.surface.set_clip(old)

    def fill_rect(self, rect: Any, colour: Any, radius: float = 0, width: float = 0) -> None:
        pygame.draw.rect(self.surface, colour, self.rect(rect),
                         width=self.length(width) if width else 0,
                         border_radius=self.length(radius) if radius else -1)

    def text(self, text: str, pos: tuple[float, float], size: float, colour: Any,
             anchor: str = "topleft") -> pygame.Rect:
        """Render one line; ``anchor`` is a pygame.Rect attribute name such as "center"."""
        image = self.font(size).render(text, True, colour)
        target = image.get_rect(**{anchor: self.px(*pos)})
        self.surface.blit(image, target)
        return target

    def blit_centred(self, image: pygame.Surface, centre: tuple[float, float]) -> None:
        self.surface.blit(image, image.get_rect(center=self.px(*centre)))


def local_event(event: pygame.event.Event, origin: tuple[float, float]) -> pygame.event.Event:
    """A copy of a positioned event with ``pos`` relative to ``origin``."""
    if event.type not in _POSITIONED_EVENTS:
        return event
    attrs = dict(event.dict)
    attrs["pos"] = (event.pos[0] - origin[0], event.pos[1] - origin[1])
    return pygame.event.Event(event.type, attrs)


def is_positioned(event: pygame.event.Event) -> bool:
    return event.type in _POSITIONED_EVENTS


class Panel:
    """A region of a screen with its own local coordinates.

    Subclasses draw at (0, 0)..(width, height) and receive mouse events in local
    coordinates. A panel gets mouse events only while the pointer is inside it (or while
    it holds the mouse capture after a press inside); keyboard events reach every panel,
    top first, until one consumes them.
    """

    def __init__(self, rect: Any, z: int = 0, *, visible: bool = True,
                 enabled: bool = True, name: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.z = z
        self.visible = visible
        self.enabled = enabled
        self.name = name or type(self).__name__
        self.hovered = False

    @property
    def size(self) -> tuple[int, int]:
        return self.rect.size

    def contains(self, design_pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(design_pos)

    def draw(self, canvas: Canvas) -> None:
        """Draw in local coordinates (the canvas origin is the panel's top left)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def animating(self) -> bool:
        """True while the panel's picture changes without input (see Scene.animating)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """``event`` has local coordinates; return True when consumed."""
        return False

    def on_mouse_enter(self) -> None:
        """The pointer moved onto the panel."""

    def on_mouse_leave(self) -> None:
        """The pointer left the panel."""


class PanelGroup:
    """Panels of one screen: drawn in ascending z (ties in insertion order), input top first."""

    def __init__(self, panels: Iterable[Panel] = ()) -> None:
        self._panels: list[Panel] = []
        self._captured: Panel | None = None
        for panel in panels:
            self.add(panel)

    def add(self, panel: Panel) -> Panel:
        self._panels.append(panel)
        self._panels.sort(key=lambda p: p.z)  # stable: equal z keeps insertion order
        return panel

    def remove(self, panel: Panel) -> None:
        self._panels.remove(panel)
        if self._captured is panel:
            self._captured = None

    def __iter__(self) -> Iterator[Panel]:
        return iter(tuple(self._panels))

    def __len__(self) -> int:
        return len(self._panels)

    def top_down(self) -> list[Panel]:
        return [p for p in reversed(self._panels) if p.visible]

    def panel_at(self, design_pos: tuple[float, float],
                 include_disabled: bool = False) -> Panel | None:
        for panel in self.top_down():
            if (panel.enabled or include_disabled) and panel.contains(design_pos):
                return panel
        return None

    def draw(self, canvas: Canvas) -> None:
        for panel in self._panels:
            if panel.visible:
                with canvas.clipped(panel.rect):
                    panel.draw(canvas.child(panel.rect))

    def update(self, dt: float) -> None:
        for panel in tuple(self._panels):
            if panel.visible:
                panel.update(dt)

    def animating(self) -> bool:
        return any(panel.visible and panel.animating() for panel in self._panels)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """``event`` is in the coordinates of the space the panels' rects are given in."""
        if not is_positioned(event):
            for panel in self.top_down():
                if panel.enabled and panel.handle_event(event):
                    return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self._track_hover(event.pos)
        target = self._captured if self._captured in self._panels else None
        if event.type == pygame.MOUSEBUTTONUP:
            self._captured = None
        if target is not None:
            return target.handle_event(local_event(event, target.rect.topleft))
        for panel in self.top_down():
            if not (panel.enabled and panel.contains(event.pos)):
                continue
            consumed = panel.handle_event(local_event(event, panel.rect.topleft))
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._captured = panel
            # The topmost panel under the pointer shields the ones below it.
            return consumed
        return False

    def _track_hover(self, design_pos: tuple[float, float]) -> None:
        under = self.panel_at(design_pos)
        for panel in self._panels:
            inside = panel is under
            if inside and not panel.hovered:
                panel.hovered = True
                panel.on_mouse_enter()
            elif panel.hovered and not inside:
                panel.hovered = False
                panel.on_mouse_leave()
