"""The tutorial over the table: the current lesson in a box where the game log is, its
Next (or Skip) and Leave buttons, and rings around what the lesson points at.

The script (`scenes/tutorial.py`) decides what is said and pointed at; this module only
finds where those things are drawn (geometry.py, the table's buttons) and draws. The
table calls it at four places: an event shown (`shown`), each frame (`update`,
`animating`) and drawing (`draw`, in place of the log). Its buttons are the table's own
panels while it lasts; leaving removes them, and the game goes on as a normal game.

A new target pulses for a few seconds and then holds still, so it catches the eye without
redrawing the table while a person thinks.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from .. import i18n
from ..art import palette
from ..layout import Canvas
from ..tutorial import Area, Tutorial
from ..ui import theme
from ..ui.confirm import ConfirmOverlay
from ..ui.text import elide, wrap_text
from ..ui.widgets import Button
from . import geometry as g
from .paint import circle, hex_outline, text

BOX = g.LOG
PAD = 24
BUTTON_W, BUTTON_H = 250, 68
TEXT_X = BOX.x + PAD
TEXT_W = BOX.w - 3 * PAD - BUTTON_W
TITLE_SIZE = 26
TEXT_SIZE = 22
TEXT_TOP = BOX.y + 52
TEXT_BOTTOM = BOX.bottom - 10
# Seconds a new target pulses, and the pulse's period.
PULSE = 3.2
PERIOD = 0.8
RING = (120, 226, 255)
RING_EDGE = (16, 40, 56)
EDGE = (214, 176, 100)


class TutorialPanel:
    """The tutorial laid over a table scene (attached at once; `close` takes it away)."""

    def __init__(self, table: Any, tutorial: Tutorial | None = None) -> None:
        self.table = table
        self.tutorial = tutorial or Tutorial()
        self.clock = 0.0
        self.pulse_left = PULSE
        self._target: Any = None
        self._areas: tuple[Any, list[Area]] = (None, [])
        x = BOX.right - PAD - BUTTON_W
        self.next_button = Button((x, BOX.y + 22, BUTTON_W, BUTTON_H),
                                  self.tutorial.next_label, self.next, font_size=23,
                                  tooltip=self._next_tip, name="tutorial next")
        self.leave_button = Button((x, BOX.bottom - 22 - BUTTON_H, BUTTON_W, BUTTON_H),
                                   "tutorial.leave", self.ask_leave, font_size=23,
                                   tooltip="tutorial.leave.tip", name="tutorial leave")
        table.panels.add(self.next_button)
        table.panels.add(self.leave_button)
        table.tutorial = self

    # --- following the game ----------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.table.session.state

    def steps(self) -> int:
        return len(self.table.session.match.record.steps)

    def shown(self, event: Any) -> None:
        self.tutorial.shown(event, self.steps())

    def update(self, dt: float) -> None:
        self.clock += dt
        self.tutorial.sync(self.state, self.steps())
        if self.tutorial.finished:
            self.close()
            return
        target = (self.tutorial.index, self.tutorial.status(self.state), self.acting())
        if target != self._target:
            self._target = target
            self.pulse_left = PULSE
        self.pulse_left = max(0.0, self.pulse_left - dt)

    def animating(self) -> bool:
        return self.pulse_left > 0

    def acting(self) -> bool:
        """The person may click towards the lesson's actions now."""
        return bool(self.table.can_act())

    # --- the buttons -----------------------------------------------------------------------

    def next(self) -> None:
        self.tutorial.next(self.steps())
        if self.tutorial.finished:
            self.close()

    def _next_tip(self) -> str:
        t = self.tutorial
        if t.last:
            return i18n.tr("tutorial.finish.tip")
        return i18n.tr("tutorial.skip.tip" if t.lesson.done is not None else "tutorial.next.tip")

    def ask_leave(self) -> None:
        stack = self.table.stack
        if stack is None:
            self.close()
            return
        opponent = self.opponent()
        stack.push(ConfirmOverlay("tutorial.leave",
                                  lambda: i18n.tr("tutorial.leave.confirm", name=opponent),
                                  self.close))

    def close(self) -> None:
        """The tutorial ends; the game at the table goes on as a normal game."""
        if self.table.tutorial is not self:
            return
        for button in (self.next_button, self.leave_button):
            if button in self.table.panels:
                self.table.panels.remove(button)
        self.table.tutorial = None

    def opponent(self) -> str:
        names = self.table.names
        return names[1 - self.tutorial.seat] if len(names) > 1 else ""

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, canvas: Canvas) -> None:
        self._draw_rings(canvas)
        self._draw_box(canvas)

    def lines(self, canvas: Canvas) -> tuple[list[str], list[str], float]:
        t = self.tutorial
        return layout(canvas, t.text(self.opponent()), t.aside(self.state, self.opponent()))

    @property
    def text_rect(self) -> pygame.Rect:
        """The box's part left of its buttons, where the lesson (or a hint) is written."""
        return pygame.Rect(BOX.x, BOX.y, TEXT_W + 2 * PAD, BOX.h)

    def _draw_box(self, canvas: Canvas) -> None:
        rect = canvas.rect(BOX)
        canvas.surface.blit(_box_image(rect.size, canvas.length(14)), rect)
        canvas.fill_rect(BOX, EDGE, radius=14, width=3)
        if self.table.hint_shown is not None:  # the hint asked for, with its reasons
            self.table.hint_panel.draw(canvas)
            return
        t = self.tutorial
        progress = text(canvas, t.progress(), (TEXT_X + TEXT_W, BOX.y + 20), theme.FONT_MIN,
                        theme.TEXT_MUTED, "topright")
        title_room = TEXT_W - progress.w / canvas.scale - 16
        title = elide(t.title(), canvas.font(TITLE_SIZE), canvas.length(title_room))
        text(canvas, title, (TEXT_X, BOX.y + 14), TITLE_SIZE, palette.INK)
        body, aside, size = self.lines(canvas)
        step = canvas.font(size).get_linesize() / canvas.scale
        y = TEXT_TOP
        for line in body:
            text(canvas, line, (TEXT_X, y), size, palette.INK)
            y += step
        for line in aside:
            text(canvas, line, (TEXT_X, y), size, theme.BUTTON)
            y += step

    def _draw_rings(self, canvas: Canvas) -> None:
        if self.pulse_left > 0:
            wave = 0.5 + 0.5 * math.cos(2 * math.pi * (PULSE - self.pulse_left) / PERIOD)
        else:
            wave = 1.0
        width = 4 + 3 * wave
        colour = palette.mix(RING, (255, 255, 255), 0.5 * (1 - wave))
        # Each ring is light on a dark edge, so it shows on the parchment, the felt and
        # the tiles; its outer edge stays where it is and it grows inwards as it pulses,
        # never over the labels beside what it rings.
        for shape, where, size in self.shapes():
            if shape == "hex":
                hex_outline(canvas, where, size - (width + 3) / 2, RING_EDGE, width + 3)
                hex_outline(canvas, where, size - (width + 3) / 2, colour, width)
            elif shape == "circle":
                circle(canvas, where, size, RING_EDGE, width + 3)
                circle(canvas, where, size - 1.5, colour, width)
            else:
                canvas.fill_rect(where, RING_EDGE, radius=14, width=width + 3)
                canvas.fill_rect(pygame.Rect(where).inflate(-2, -2), colour, radius=13,
                                 width=width)

    def shapes(self) -> list[tuple[str, Any, float]]:
        """Where the lesson's areas are drawn: ("hex", centre, size), ("circle", centre,
        radius) or ("rect", rect, 0)."""
        out = []
        for area in self.areas():
            out += self._shapes(area)
        return out

    def areas(self) -> list[Area]:
        """The lesson's areas, worked out once per move (the advice looks a move ahead)."""
        key = (self.table.moves, self.tutorial.index, self.tutorial.finished)
        if self._areas[0] != key:
            self._areas = (key, self.tutorial.areas(self.state))
        return self._areas[1]

    def _shapes(self, area: Area) -> list[tuple[str, Any, float]]:
        if area[0] == "storage_row":
            if self.table.shown_seat != self.tutorial.seat:
                return []
            return [("hex", g.storage_centre(j), g.STORAGE_HEX + 3) for j in range(3)]
        shape = self._shape(area)
        return [] if shape is None else [shape]

    def _shape(self, area: Area) -> tuple[str, Any, float] | None:
        kind, key = area
        table = self.table
        view = table.view
        own = table.shown_seat == self.tutorial.seat
        acting = self.acting()
        if kind == "depot":
            depot, slot = key
            row = view.black if depot == 0 else view.depots[depot - 1]
            if not acting or slot >= len(row) or row[slot] is None:
                return None
            size = g.BLACK_HEX if depot == 0 else g.DEPOT_HEX
            return "hex", g.depot_slot_centre(depot, slot, len(row)), size + 9
        if kind == "depot_goods":
            x, y = g.depot_goods_centre(key, 0, 1)
            return "rect", (x - 50, y - 26, 100, 52), 0
        if kind == "black":
            return "circle", g.depot_centre(0), g.BLACK_DEPOT_RADIUS + 6
        if kind == "track":
            # Every space and the tower, below the heading; around the strip's edge.
            top = g.STRIP.y + 556
            return "rect", (g.STRIP.x - 8, top, g.STRIP.w + 16, g.TRACK_BOTTOM + 14 - top), 0
        if kind == "rounds":
            # The phase letters, the round and its dots, above the goods to come.
            return "rect", (g.STRIP.x - 8, g.STRIP.y - 8, g.STRIP.w + 16, 117), 0
        if kind == "button":
            a = table.action_buttons
            button = {"workers": a.workers, "buy": a.buy, "end": a.end}[key]
            return ("rect", button.rect.inflate(10, 10), 0) if acting else None
        if kind == "choice":
            for button in table.choices.buttons:
                if getattr(button, "action", None) == key:
                    return "rect", button.rect.inflate(10, 10), 0
            return None
        # The rest are on the person's own estate and supplies: only while it is shown.
        if not own:
            return None
        if kind == "estate":
            return "rect", g.ESTATE_BOX, 0
        if kind == "die":
            if not view.players[self.tutorial.seat].dice[key]:
                return None
            x, y = g.die_centre(key)
            return "rect", (x - 52, y - 52, 104, 104), 0
        if not acting:
            return None
        if kind == "space":
            return "hex", g.estate_space_centre(key), g.ESTATE_HEX * 0.95 + 6
        if kind == "storage":
            return "hex", g.storage_centre(key), g.STORAGE_HEX + 3
        if kind == "goods":
            # Clear of the count below the goods.
            x, y = g.goods_centre(key)
            return "rect", (x - 23, y - 25, 46, 46), 0
        return None


def layout(canvas: Canvas, body: str, aside: str) -> tuple[list[str], list[str], float]:
    """A lesson's text and the aside under it, wrapped to the box at the largest size that
    fits (never below theme.FONT_MIN; then the lines that do not fit are left out and the
    last shown ends in an ellipsis, which no lesson's text needs: a test checks)."""
    room = TEXT_BOTTOM - TEXT_TOP
    width = canvas.length(TEXT_W)
    size = TEXT_SIZE
    while True:
        font = canvas.font(size)
        body_lines = wrap_text(body, font, width)
        aside_lines = wrap_text(aside, font, width) if aside else []
        step = font.get_linesize() / canvas.scale
        count = len(body_lines) + len(aside_lines)
        if count * step <= room or size <= theme.FONT_MIN:
            break
        size = max(theme.FONT_MIN, size - 1)
    fit = max(1, int(room // step))
    if count > fit:
        aside_lines = aside_lines[:max(0, fit - len(body_lines))]
        if len(body_lines) > fit - len(aside_lines):
            body_lines = body_lines[:fit - len(aside_lines)]
            body_lines[-1] = elide(body_lines[-1] + " \u2026", font, width)
    return body_lines, aside_lines, size


def fits(canvas: Canvas, body: str, aside: str) -> bool:
    """Whether the text fits the box whole (at the size `layout` chooses)."""
    size = layout(canvas, body, aside)[2]
    font, width = canvas.font(size), canvas.length(TEXT_W)
    count = len(wrap_text(body, font, width)) + (len(wrap_text(aside, font, width))
                                                 if aside else 0)
    return count * font.get_linesize() / canvas.scale <= TEXT_BOTTOM - TEXT_TOP


@lru_cache(maxsize=4)
def _box_image(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The box's parchment, a little translucent over the log's wood."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, (*theme.PANEL, 236), image.get_rect(), border_radius=radius)
    return image
