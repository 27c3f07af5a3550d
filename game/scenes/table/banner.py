"""The phase-end banner: what the end of a phase paid each seat (silver and workers for
mines) and the phase bonus each scored during it, from the events as they are shown."""

from __future__ import annotations

from typing import Any

import pygame

from .. import i18n
from ..art import palette
from ..layout import Canvas
from . import geometry as g
from .paint import GOLD, fit_text, text

PHASES = "ABCDE"
# Long enough to read a line per seat at the normal animation speed.
SHOWN_FOR = 2.4
LINE = 34


class PhaseReport:
    """Tallies, per seat, the phase bonus scored since the phase started and what its mines
    paid at its end."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.reset()

    def reset(self) -> None:
        self.silver = [0] * self.seats
        self.workers = [0] * self.seats
        self.bonus = [0] * self.seats

    def take(self, event: Any) -> None:
        name = type(event).__name__
        if name == "PhaseStarted":
            self.reset()
            return
        player = getattr(event, "player", -1)
        if not 0 <= player < self.seats:
            return
        reason = getattr(event, "reason", "")
        if name == "PointsScored" and reason == "phase_bonus":
            self.bonus[player] += event.points
        elif name == "SilverTaken" and reason == "mines":
            self.silver[player] += event.amount
        elif name == "WorkersTaken" and reason == "mines":
            self.workers[player] += event.amount

    def lines(self, names: list[str]) -> list[str]:
        out = []
        for seat, name in enumerate(names):
            paid = [i18n.trn(key, n, count=n) for key, n in
                    (("table.banner.silver", self.silver[seat]),
                     ("table.banner.workers", self.workers[seat]),
                     ("table.banner.phase_bonus", self.bonus[seat])) if n]
            out.append(i18n.tr("table.banner.line", who=name, paid=", ".join(paid)
                               or i18n.tr("table.banner.nothing")))
        return out


def banner_rect(lines: int) -> pygame.Rect:
    """Over the middle of the central board."""
    r = pygame.Rect(0, 0, 700, 78 + lines * LINE)
    r.center = g.RING_CENTRE
    return r


def draw_banner(canvas: Canvas, phase: int, lines: list[str]) -> None:
    r = banner_rect(len(lines))
    canvas.fill_rect(r, palette.PARCHMENT, radius=16)
    canvas.fill_rect(r, GOLD, radius=16, width=5)
    letter = PHASES[phase] if 0 <= phase < len(PHASES) else "?"
    text(canvas, i18n.tr("table.banner.phase_end", phase=letter), (r.centerx, r.y + 34), 34,
         palette.INK, "center")
    for i, line in enumerate(lines):
        fit_text(canvas, line, (r.x + 28, r.y + 82 + i * LINE), 24, palette.INK, r.w - 56,
                 "midleft")
