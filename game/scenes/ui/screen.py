"""MenuScene: a scene made of widgets, with keyboard focus and tooltips."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ..layout import DESIGN_RECT, Canvas, PanelGroup
from ..stack import Scene
from . import theme
from .tooltip import HasTooltip, Tooltips, tooltip_target
from .widgets import FocusGroup, Widget


class MenuScene(Scene):
    """Widgets in design coordinates. Escape calls ``on_escape``. An overlay version
    (``is_overlay = True``) dims what is below and, being modal, consumes all input."""

    modal = True

    def __init__(self) -> None:
        super().__init__()
        self.panels = PanelGroup()
        self.focus = FocusGroup()
        self.tooltips = Tooltips()

    def add(self, widget: Widget) -> Widget:
        self.panels.add(widget)
        self.focus.widgets.append(widget)
        return widget

    def enter(self) -> None:
        self.focus.focus_first()

    def on_escape(self) -> None:
        """Escape pressed and no widget wanted it."""

    def tooltip_under(self, pos: tuple[float, float]) -> HasTooltip | None:
        """What shows its tooltip with the pointer at ``pos``."""
        # Disabled widgets keep their tooltips: they explain why they are disabled.
        return tooltip_target(self.panels.panel_at(pos, include_disabled=True))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.tooltips.point_at(self.tooltip_under(event.pos), event.pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tooltips.hide()
        before = self.focus.focused
        consumed = self.focus.handle_event(event) or self.panels.handle_event(event)
        if event.type == pygame.KEYDOWN and self.focus.focused is not before:
            self.tooltips.focus_on(self.focus.focused)
        if not consumed and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            consumed = True
        return consumed or (self.is_overlay and self.modal)

    def update(self, dt: float) -> None:
        self.panels.update(dt)
        self.tooltips.update(dt)

    def animating(self) -> bool:
        return self.tooltips.waiting or self.panels.animating()

    def draw(self, surface: pygame.Surface) -> None:
        canvas = Canvas(surface)
        self.draw_background(canvas)
        self.panels.draw(canvas)
        self.draw_foreground(canvas)
        self.tooltips.draw(canvas)

    def draw_background(self, canvas: Canvas) -> None:
        if self.is_overlay:
            canvas.surface.blit(_scrim(canvas.surface.get_size()), (0, 0))
        else:
            canvas.surface.fill(theme.LETTERBOX)
            canvas.fill_rect(DESIGN_RECT, theme.BACKGROUND)

    def draw_foreground(self, canvas: Canvas) -> None:
        """Drawn above the widgets and below tooltips."""


@lru_cache(maxsize=2)
def _scrim(size: tuple[int, int]) -> pygame.Surface:
    """The translucent layer that dims the scenes below an overlay."""
    scrim = pygame.Surface(size, pygame.SRCALPHA)
    scrim.fill(theme.SCRIM)
    return scrim


def draw_dialog(canvas: Canvas, rect: pygame.Rect, title: str) -> None:
    """A parchment dialog box with a title line."""
    shadow = rect.move(8, 10)
    canvas.fill_rect(shadow, (0, 0, 0), radius=18)
    canvas.fill_rect(rect, theme.PANEL, radius=18)
    canvas.fill_rect(rect, theme.PANEL_EDGE, radius=18, width=4)
    canvas.text(title, (rect.centerx, rect.y + 56), theme.FONT_HEADING, theme.TEXT,
                anchor="center")


@dataclass(frozen=True)
class PageCell:
    """A line of a PageScene's page, in page coordinates (design units)."""
    y: float
    x: float
    text: str
    size: float
    colour: tuple[int, int, int]
    anchor: str = "topleft"
    width: float | None = None   # shortened with an ellipsis to fit, when given


class PageScene(MenuScene):
    """A menu scene showing one long page that scrolls: the wheel, the arrow keys, Page
    Up/Down, Home and End. Subclasses set ``PAGE`` (design rect) and keep ``_height``, the
    laid-out height of their content."""

    PAGE: pygame.Rect
    SCROLL_STEP = 60

    def __init__(self) -> None:
        super().__init__()
        self.scroll = 0.0
        self._height = 0.0

    @property
    def max_scroll(self) -> float:
        return max(0.0, self._height - (self.PAGE.h - 60))

    def scroll_by(self, amount: float) -> None:
        self.scroll = min(self.max_scroll, max(0.0, self.scroll + amount))

    def on_escape(self) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.SCROLL_STEP)
            return True
        if event.type == pygame.KEYDOWN:
            page = self.PAGE.h - 120
            moves = {pygame.K_UP: -self.SCROLL_STEP, pygame.K_DOWN: self.SCROLL_STEP,
                     pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -self._height, pygame.K_END: self._height}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
        return super().handle_event(event)

    def draw_page(self, canvas: Canvas, title: str, cells: list) -> None:
        """The screen: its title, the page, and the page's lines (`PageCell`s in page
        coordinates, design units) scrolled, only whole lines, with the scroll bar."""
        from .text import elide
        canvas.surface.fill(theme.LETTERBOX)
        canvas.fill_rect(DESIGN_RECT, theme.BACKGROUND)
        canvas.text(title, (DESIGN_RECT.centerx, 84), theme.FONT_HEADING,
                    theme.TEXT_ON_DARK, anchor="center")
        canvas.fill_rect(self.PAGE, theme.PANEL, radius=16)
        self.scroll_by(0)  # the height changes with the language and window size
        page = canvas.child(self.PAGE)
        top = 30 - self.scroll
        with canvas.clipped(self.PAGE.inflate(0, -30)):
            for cell in cells:
                y = top + cell.y
                font = canvas.font(cell.size)
                # Only whole lines: a line cut in half by the page's edge reads as nothing.
                if not (15 <= y and y + font.get_linesize() / canvas.scale <= self.PAGE.h - 15):
                    continue
                text = cell.text
                if cell.width is not None:
                    text = elide(text, font, canvas.length(cell.width))
                page.text(text, (cell.x, y), cell.size, cell.colour, anchor=cell.anchor)
        self.draw_scrollbar(page)

    def draw_scrollbar(self, page: Canvas) -> None:
        """The thumb at the page's right edge, when the content is longer than the page."""
        if self.max_scroll <= 0:
            return
        track = self.PAGE.h - 40
        thumb = max(40.0, track * (self.PAGE.h - 60) / (self._height or 1))
        ty = 20 + (track - thumb) * (self.scroll / self.max_scroll)
        page.fill_rect((self.PAGE.w - 18, ty, 8, thumb), theme.TEXT_MUTED, radius=4)
