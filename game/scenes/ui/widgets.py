"""Buttons, option choosers and labels, usable with mouse and keyboard.

Widgets are panels, so a PanelGroup lays them out and routes the mouse to them. A
FocusGroup adds the keyboard: arrows and Tab move the focus, Enter or Space activates,
Left and Right change a choice, and a widget's hotkey activates it directly.

Texts are given as i18n keys (looked up each time they are drawn, so a language change
shows at once) or as callables returning the text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .. import i18n
from ..art import palette
from ..art.icons import icon
from ..layout import Canvas, Panel
from . import theme
from .text import elide, wrap_text

Text = str | Callable[[], str]

_ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def resolve(text: Text | None) -> str | None:
    if text is None:
        return None
    return text() if callable(text) else i18n.tr(text)


class Widget(Panel):
    """A panel that can hold the keyboard focus and show a tooltip."""

    focusable = True

    def __init__(self, rect: Any, *, tooltip: Text | None = None, hotkey: int | None = None,
                 z: int = 0, enabled: bool = True, name: str = "") -> None:
        super().__init__(rect, z, enabled=enabled, name=name)
        self.tooltip = tooltip
        self.hotkey = hotkey
        self.focused = False

    def tooltip_text(self) -> str | None:
        return resolve(self.tooltip)

    def activate(self) -> None:
        """What Enter, Space or the hotkey do."""

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key other than activation and focus movement, while focused."""
        return False


class Button(Widget):
    def __init__(self, rect: Any, label: Text, on_click: Callable[[], None], *,
                 tooltip: Text | None = None, hotkey: int | None = None,
                 icon_name: str | None = None, font_size: float = theme.FONT_BUTTON,
                 z: int = 0, enabled: bool = True, name: str = "") -> None:
        super().__init__(rect, tooltip=tooltip, hotkey=hotkey, z=z, enabled=enabled,
                         name=name or (label if isinstance(label, str) else ""))
        self.label = label
        self.on_click = on_click
        self.icon_name = icon_name
        self.font_size = font_size
        self.pressed = False
        # The buttons whose labels share one type size with this one (share_type_size).
        self.peers: tuple[Button, ...] = ()

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            inside = 0 <= event.pos[0] < self.rect.w and 0 <= event.pos[1] < self.rect.h
            if was_pressed and inside:
                self.activate()
            return True
        return False

    def draw_face(self, canvas: Canvas) -> Any:
        """The button's face for its state (disabled, pressed, hovered, focused); returns
        the colour for what is written on it."""
        w, h = self.rect.size
        if not self.enabled:
            fill, ink = theme.BUTTON_DISABLED, theme.BUTTON_TEXT_DISABLED
        elif self.pressed and self.hovered:
            fill, ink = theme.BUTTON_PRESSED, theme.BUTTON_TEXT
        elif self.hovered or self.focused:
            fill, ink = theme.BUTTON_HOVER, theme.BUTTON_TEXT
        else:
            fill, ink = theme.BUTTON, theme.BUTTON_TEXT
        canvas.fill_rect((0, 0, w, h), fill, radius=theme.RADIUS)
        if self.focused and self.enabled:
            canvas.fill_rect((0, 0, w, h), theme.FOCUS, radius=theme.RADIUS, width=4)
        return ink

    def label_room(self) -> float:
        """The width its label may take, in design units."""
        w, h = self.rect.size
        return w - h * 0.95 - BUTTON_PAD if self.icon_name else w - 2 * BUTTON_PAD

    def label_size(self, canvas: Canvas) -> float:
        """The type size its label is set at: the size at which it fits, or the smallest
        such size among the buttons sharing one size with it."""
        return min(fitted(canvas, resolve(b.label) or "", b.font_size, b.label_room())[1]
                   for b in (self.peers or (self,)))

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        ink = self.draw_face(canvas)
        # Alone, a label is fitted once; in a row, at the size its peers share.
        size = self.label_size(canvas) if self.peers else self.font_size
        text, size = fitted(canvas, resolve(self.label) or "", size, self.label_room())
        if self.icon_name:
            side = h * 0.56
            glyph = icon(self.icon_name, canvas.length(side), ink)
            canvas.blit_centred(glyph, (h * 0.5, h / 2))
            canvas.text(text, (h * 0.95, h / 2), size, ink, anchor="midleft")
        else:
            canvas.text(text, (w / 2, h / 2), size, ink, anchor="center")


def share_type_size(*widgets: Any) -> None:
    """Buttons side by side (or choices one above the other) set their labels (values) at
    one type size: the largest at which every one fits, so a longer label does not stand
    out smaller than its neighbours."""
    for widget in widgets:
        widget.peers = widgets


# The room a button's label keeps from its edges, in design units.
BUTTON_PAD = 12


def fitted(canvas: Canvas, text: str, size: float, width: float) -> tuple[str, float]:
    """A label and the type size that fit ``width`` design units: the size shrinks (never
    below theme.FONT_MIN), then the label is cut short with an ellipsis, so no language's
    longer words run over a button's edges."""
    room = canvas.length(width)
    while size > theme.FONT_MIN and canvas.font(size).size(text)[0] > room:
        size = max(theme.FONT_MIN, size - 2)
    return elide(text, canvas.font(size), room), size


class IconButton(Button):
    """A button showing an icon alone (its tooltip says what it is)."""

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        ink = self.draw_face(canvas)
        glyph = icon(self.icon_name or "", canvas.length(min(w, h) * 0.72), ink)
        canvas.blit_centred(glyph, (w / 2, h / 2))


class Choice(Widget):
    """A setting with a few values: "Language   < English >". Click or Right steps
    forward, Left steps back."""

    def __init__(self, rect: Any, label: Text, options: Sequence[tuple[Any, Text]],
                 value: Any, on_change: Callable[[Any], object], *,
                 tooltip: Text | None = None, font_size: float = theme.FONT_BODY,
                 z: int = 0, name: str = "") -> None:
        super().__init__(rect, tooltip=tooltip, z=z,
                         name=name or (label if isinstance(label, str) else ""))
        if not options:
            raise ValueError("a choice needs options")
        self.label = label
        self.options = list(options)
        self.on_change = on_change
        self.font_size = font_size
        # The choices whose values share one type size with this one (share_type_size).
        self.peers: tuple[Choice, ...] = ()
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            # The arrow on the left and a right click step back; any other click forward.
            split = self.rect.w * 0.55
            back = event.button == 3 or split <= event.pos[0] < split + 40
            self.step(-1 if back else 1)
            return True
        return event.type == pygame.MOUSEBUTTONUP

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        highlight = self.hovered or self.focused
        canvas.fill_rect((0, 0, w, h), palette.lighter(theme.PANEL, 0.4) if highlight
                         else theme.PANEL, radius=theme.RADIUS)
        if self.focused:
            canvas.fill_rect((0, 0, w, h), theme.FOCUS, radius=theme.RADIUS, width=4)
        canvas.text(resolve(self.label) or "", (24, h / 2), self.font_size, theme.TEXT,
                    anchor="midleft")
        value = resolve(self.options[self.index][1]) or ""
        split = w * 0.55
        _arrow(canvas, (split + 20, h / 2), -1, theme.BUTTON)
        canvas.text(value, ((split + w) / 2, h / 2), self.value_size(canvas), theme.TEXT,
                    anchor="center")
        _arrow(canvas, (w - 20, h / 2), 1, theme.BUTTON)

    def value_size(self, canvas: Canvas) -> float:
        """The value sits between the arrows, a little smaller when it would touch them;
        choices sharing one size (share_type_size) take the smallest any of them needs."""
        sizes = []
        for choice in self.peers or (self,):
            value = resolve(choice.options[choice.index][1]) or ""
            room = canvas.length(choice.rect.w * 0.45 - 80)
            size = choice.font_size
            while size > theme.FONT_MIN and canvas.font(size).size(value)[0] > room:
                size -= 1
            sizes.append(size)
        return min(sizes)


def _arrow(canvas: Canvas, centre: tuple[float, float], direction: int, colour: Any) -> None:
    """A small triangle pointing left (-1) or right (1)."""
    x, y = centre
    tip, back, half = 9 * direction, -7 * direction, 10
    pygame.draw.polygon(canvas.surface, colour,
                        [canvas.px(x + tip, y), canvas.px(x + back, y - half),
                         canvas.px(x + back, y + half)])


def fitted_lines(canvas: Canvas, text: str, size: float, width: float,
                 height: float) -> tuple[list[str], float]:
    """``text`` wrapped to ``width`` design units, and the type size at which its lines fit
    ``height``: the size shrinks (never below theme.FONT_MIN), then the lines that still do
    not fit are dropped and the last one kept ends with an ellipsis. Wrapping is measured
    at the window's pixel size, and text does not scale exactly with the window, so a text
    that fills its box at one window size can need a line more at a smaller one."""
    room_w, room_h = canvas.length(width), canvas.length(height)
    while True:
        font = canvas.font(size)
        lines = wrap_text(text, font, room_w)
        if len(lines) * font.get_linesize() <= room_h or size <= theme.FONT_MIN:
            break
        size = max(theme.FONT_MIN, size - 1)
    fit = max(1, room_h // font.get_linesize())
    if len(lines) > fit:
        lines = lines[:fit]
        lines[-1] = elide(lines[-1] + "\u2026", font, room_w)
    return lines, size


class Label(Panel):
    """Text in a box, wrapped to the box's width; a text too long for the box is set
    smaller (see fitted_lines) rather than running over what lies below it."""

    def __init__(self, rect: Any, text: Text, *, size: float = theme.FONT_BODY,
                 colour: Any = theme.TEXT, align: str = "left", z: int = 0) -> None:
        super().__init__(rect, z, enabled=False)
        self.text = text
        self.font_size = size
        self.colour = colour
        self.align = align
        # The last layout and what it was made for: fitting may wrap the text several
        # times, and a label is drawn every frame with the same text.
        self._fitted: tuple[tuple, tuple[list[str], float]] | None = None

    def draw(self, canvas: Canvas) -> None:
        text = resolve(self.text) or ""
        key = (text, self.font_size, canvas.scale, self.rect.size)
        if self._fitted is None or self._fitted[0] != key:
            self._fitted = key, fitted_lines(canvas, text, self.font_size, *self.rect.size)
        lines, size = self._fitted[1]
        step = canvas.font(size).get_linesize() / canvas.scale
        anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[self.align]
        x = {"left": 0, "center": self.rect.w / 2, "right": self.rect.w}[self.align]
        for i, line in enumerate(lines):
            canvas.text(line, (x, i * step), size, self.colour, anchor=anchor)


class FocusGroup:
    """Keyboard focus over widgets, in the order given."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets = list(widgets)
        self.focused: Widget | None = None

    def _candidates(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.enabled and w.visible]

    def focus(self, widget: Widget | None) -> None:
        if self.focused is not None:
            self.focused.focused = False
        self.focused = widget
        if widget is not None:
            widget.focused = True

    def focus_first(self) -> None:
        candidates = self._candidates()
        self.focus(candidates[0] if candidates else None)

    def move(self, step: int) -> None:
        candidates = self._candidates()
        if not candidates:
            self.focus(None)
            return
        if self.focused not in candidates:
            self.focus(candidates[0] if step > 0 else candidates[-1])
            return
        i = candidates.index(self.focused)
        self.focus(candidates[(i + step) % len(candidates)])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for widget in self._candidates():
                if widget.contains(event.pos):
                    self.focus(widget)
                    break
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.move(1)
            return True
        if event.key in (pygame.K_UP, pygame.K_TAB):
            self.move(-1)
            return True
        if event.key in _ACTIVATE_KEYS and self.focused is not None and self.focused.enabled:
            self.focused.activate()
            return True
        if self.focused is not None and self.focused.enabled and self.focused.handle_key(event):
            return True
        for widget in self._candidates():
            if widget.hotkey is not None and widget.hotkey == event.key:
                self.focus(widget)
                widget.activate()
                return True
        return False


def draw_toggle_face(canvas: Canvas, button: Button, on: bool, *, kept_on: bool = False,
                     focus_when_disabled: bool = True) -> Any:
    """The face of an on/off button: filled when on, pale when off, grey when disabled
    (greyed towards "on" when `kept_on`: another choice holds it on); returns the ink for
    its label."""
    w, h = button.rect.size
    if not button.enabled:
        fill = palette.mix(theme.BUTTON, theme.BUTTON_DISABLED, 0.55) if on and kept_on \
            else theme.BUTTON_DISABLED
        ink = theme.BUTTON_TEXT_DISABLED
    elif on:
        fill, ink = (theme.BUTTON_HOVER if button.hovered else theme.BUTTON), theme.BUTTON_TEXT
    else:
        fill, ink = palette.lighter(theme.PANEL, 0.5 if button.hovered else 0.2), theme.TEXT
    canvas.fill_rect((0, 0, w, h), fill, radius=theme.RADIUS)
    canvas.fill_rect((0, 0, w, h), theme.PANEL_EDGE, radius=theme.RADIUS, width=2)
    if button.focused and (button.enabled or focus_when_disabled):
        canvas.fill_rect((0, 0, w, h), theme.FOCUS, radius=theme.RADIUS, width=4)
    return ink
