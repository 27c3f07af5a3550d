"""The hint in the log's place: the move the AI suggests, why in a sentence, and the turn
it plans around it.

A hint stays until a move is played (or taken back), so the player can follow it step
by step; meanwhile the log is out of sight. The words come from hint_text.py, the facts
from game/ai/explain.py; resting the pointer on the box says how the hint is worked out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import i18n
from ..art import palette
from ..layout import Canvas
from ..ui import theme
from ..ui.text import elide, wrap_text
from .hint_text import explanation_text, planned_turn
from .log import describe_action
from .paint import GOLD, WOOD, text

if TYPE_CHECKING:
    from .seam import Table

TITLE_SIZE = 22
MOVE_SIZE = 23
TEXT_SIZE = 22
GAP = 6
HEAD_LINES = 2
WHY = palette.mix(palette.PARCHMENT, GOLD, 0.35)
# Quieter than the sentence above it, yet with a contrast of almost 8:1 on the log's wood.
PLAN = palette.mix(palette.PARCHMENT, WOOD, 0.2)


class Shown:
    """A hint on show: the explanation and the position it was asked in."""

    def __init__(self, explanation: Any, state: Any) -> None:
        self.explanation = explanation
        self.state = state.clone()


class HintPanel:
    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self._words: tuple[Any, list[str]] | None = None

    @property
    def rect(self) -> pygame.Rect:
        """The log's place; in the tutorial, which covers the log, its box's text column."""
        tutorial = self.scene.tutorial
        return self.scene.log_panel.rect if tutorial is None else tutorial.text_rect

    @property
    def on_parchment(self) -> bool:
        """Drawn on the tutorial's parchment (dark ink) rather than the log's wood."""
        return self.scene.tutorial is not None

    @property
    def shown(self) -> Shown | None:
        return self.scene.hint_shown

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.shown is not None and self.rect.collidepoint(pos)

    def tooltip_text(self) -> str:
        return i18n.tr("hint.tip")

    def words(self) -> tuple[str, str, str]:
        """(the move, why, the planned turn) in the player's language."""
        shown = self.shown
        lang = i18n.language()
        key = (id(shown), lang)
        if self._words is None or self._words[0] != key:
            e, state = shown.explanation, shown.state
            move = describe_action(e.action, state, lang)
            why = explanation_text(e, tuple(self.scene.names), state.config.rules, lang)
            steps = planned_turn(e, state, lang)
            plan = i18n.tr("hint.plan", lang, steps="; ".join(steps)) if len(steps) > 1 \
                else ""
            self._words = (key, [move, why, plan])
        move, why, plan = self._words[1]
        return move, why, plan

    def lines(self, canvas: Canvas, room_below: float = 0) -> list[tuple[str, float, Any]]:
        """The lines to draw, (text, size, colour), as many as the box holds (less
        `room_below`): the move (on up to two lines) and the sentence, then the planned
        turn in the same size, all smaller until they fit; where the planned turn cannot
        fit, the move and the sentence alone decide the size and the planned turn shows as
        far as there is room."""
        box = self.rect.inflate(-30, -24)
        width = canvas.length(box.w)
        move, why, plan = self.words()
        room = box.h - 30 - room_below
        head_colour, why_colour, plan_colour = (
            (palette.INK, palette.mix(palette.INK, GOLD, 0.3), palette.mix(palette.INK,
                                                                          WOOD, 0.3))
            if self.on_parchment else (palette.PARCHMENT, WHY, PLAN))
        scale = canvas.scale
        size = self._fitting_size(canvas, move, [why, plan] if plan else [why], width, room)
        if size is None and plan:
            size = self._fitting_size(canvas, move, [why], width, room)
        size = theme.FONT_MIN if size is None else size
        head_font, font = canvas.font(size + 1), canvas.font(size)
        head = self._head(move, head_font, width)
        out = [(elide(line, head_font, width), size + 1, head_colour) for line in head]
        used = len(head) * head_font.get_linesize() / scale + GAP
        step = font.get_linesize() / scale
        for line in wrap_text(why, font, width):
            if used + step > room:
                last, last_size, colour = out[-1]
                out[-1] = (elide(last + " \u2026", font, width), last_size, colour)
                return out
            out.append((line, size, why_colour))
            used += step
        if plan:
            for i, line in enumerate(wrap_text(plan, font, width)):
                if used + step > room:
                    if i > 0:
                        last = out[-1]
                        out[-1] = (elide(last[0] + " \u2026", font, width), *last[1:])
                    break
                out.append((line, size, plan_colour))
                used += step
        return out

    @staticmethod
    def _head(move: str, head_font: Any, width: int) -> list[str]:
        """The move on up to two lines: a space is named by its colour, number and
        neighbour, which takes room."""
        head = wrap_text(move, head_font, width)
        if len(head) > HEAD_LINES:
            head = head[:HEAD_LINES]
            head[-1] = elide(head[-1] + " \u2026", head_font, width)
        return head

    @staticmethod
    def _fitting_size(canvas: Canvas, move: str, texts: list[str], width: int,
                      room: float) -> int | None:
        """The largest size, from TEXT_SIZE down to theme.FONT_MIN, at which the move's
        lines and ``texts`` fit ``room``; None when they do not fit even the smallest."""
        for size in range(TEXT_SIZE, theme.FONT_MIN - 1, -1):
            head_font, font = canvas.font(size + 1), canvas.font(size)
            heads = len(HintPanel._head(move, head_font, width))
            count = sum(len(wrap_text(t, font, width)) for t in texts)
            if (heads * head_font.get_linesize() + count * font.get_linesize()) \
                    / canvas.scale + GAP <= room:
                return size
        return None

    def draw(self, canvas: Canvas) -> None:
        box = self.rect.inflate(-30, -24)
        parchment = self.on_parchment
        text(canvas, i18n.tr("hint.title"), (box.x, box.y), 22,
             palette.INK if parchment else GOLD)
        # In the tutorial the lesson gives way to the hint; a line under it says how the
        # lesson comes back.
        back = i18n.tr("tutorial.hint_back") if parchment else ""
        back_step = canvas.font(theme.FONT_MIN).get_linesize() / canvas.scale if back else 0
        y = box.y + 30
        lines = self.lines(canvas, back_step)
        for i, (line, size, colour) in enumerate(lines):
            text(canvas, line, (box.x, y), size, colour)
            y += canvas.font(size).get_linesize() / canvas.scale
            if i + 1 < len(lines) and lines[i + 1][2] != colour and colour == lines[0][2]:
                y += GAP  # between the move and why
        if back:
            text(canvas, elide(back, canvas.font(theme.FONT_MIN), canvas.length(box.w)),
                 (box.x, box.bottom - back_step), theme.FONT_MIN, theme.BUTTON)
