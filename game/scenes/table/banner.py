"""The phase-end banner. It says what the end of a phase does now (SE l.604: "Ein
Durchgang endet nach 5 Runden. Spieler mit im Fürstentum platzierten Minen erhalten *nun*
entsprechend viele neue Silbermünzen"): what each seat is paid (silver and workers for
mines) or pays (a shield's tribute) at this moment, and, apart from that and marked as a
recap, the points each seat scored during the phase, which are already on the score
track. Both come from the events as they are shown."""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from .. import fonts, i18n
from ..art import palette
from ..layout import Canvas
from ..ui import theme
from . import geometry as g
from .paint import GOLD, fit_text, text
from .seam import phase_end_paid

PHASES = "ABCDE"
# Long enough to read a line per seat at the normal animation speed.
SHOWN_FOR = 2.4
LINE = 32
WIDTH = 880
TOP = 104        # the title and the line that says what happens now
HEADING = 36


class BannerText(NamedTuple):
    """The banner's words: what happens now, what each seat is paid now, and the recap of
    the phase."""
    now: str
    paid_heading: str
    paid: list[str]
    recap_heading: str
    recap: list[str]


class PhaseReport:
    """Tallies, per seat, what the phase end pays now (the mines, and what a module's
    events pay or cost: the shields' tribute) and the points scored since the phase
    started."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.reset()

    def reset(self) -> None:
        self.silver = [0] * self.seats
        self.workers = [0] * self.seats
        # What the modules' phase-end events pay or cost, by their words' text key.
        self.modules: dict[str, list[int]] = {}
        self.points = [0] * self.seats      # every point scored during the phase
        self.bonus = [0] * self.seats       # of them, the phase bonus for areas

    def take(self, event: Any) -> None:
        name = type(event).__name__
        if name == "PhaseStarted":
            self.reset()
            return
        player = getattr(event, "player", -1)
        if not 0 <= player < self.seats:
            return
        reason = getattr(event, "reason", "")
        if name == "PointsScored":
            self.points[player] += event.points
            if reason == "phase_bonus":
                self.bonus[player] += event.points
        elif name == "SilverTaken" and reason == "mines":
            self.silver[player] += event.amount
        elif name == "WorkersTaken" and reason == "mines":
            self.workers[player] += event.amount
        else:
            paid = phase_end_paid(name)
            if paid is not None:
                key, count = paid
                self.modules.setdefault(key, [0] * self.seats)[player] += count(event)

    def paid_lines(self, names: list[str], lang: str | None = None) -> list[str]:
        """Per seat: what the phase end pays it (or it pays) now."""
        out = []
        for seat, name in enumerate(names):
            paid = [i18n.trn(key, n, lang, count=n) for key, n in
                    (("table.banner.silver", self.silver[seat]),
                     ("table.banner.workers", self.workers[seat]),
                     *((key, counts[seat]) for key, counts in self.modules.items())) if n]
            out.append(i18n.tr("table.banner.line", lang, who=name, paid=", ".join(paid)
                               or i18n.tr("table.banner.nothing", lang)))
        return out

    def recap_lines(self, names: list[str], lang: str | None = None) -> list[str]:
        """Per seat: the points scored during the phase, already counted."""
        out = []
        for seat, name in enumerate(names):
            points, bonus = self.points[seat], self.bonus[seat]
            words = (i18n.trn("table.banner.points_bonus", points, lang, count=points,
                              bonus=bonus) if bonus
                     else i18n.trn("table.banner.points", points, lang, count=points))
            out.append(i18n.tr("table.banner.line", lang, who=name, paid=words))
        return out

    def banner(self, phase: int, names: list[str], lang: str | None = None) -> BannerText:
        letter = phase_letter(phase)
        now = i18n.tr("table.banner.now" if phase < len(PHASES) - 1 else "table.banner.now_last",
                      lang, next=phase_letter(phase + 1))
        return BannerText(now, i18n.tr("table.banner.paid_now", lang),
                          self.paid_lines(names, lang),
                          i18n.tr("table.banner.recap", lang, phase=letter),
                          self.recap_lines(names, lang))


def phase_letter(phase: int) -> str:
    return PHASES[phase] if 0 <= phase < len(PHASES) else "?"


def banner_rect(seats: int) -> pygame.Rect:
    """Over the middle of the central board (the depots' ring, and the board beside it)."""
    r = pygame.Rect(0, 0, WIDTH, TOP + 2 * (HEADING + seats * LINE) + 16)
    r.center = g.BOARD.centerx, g.RING_CENTRE[1]
    return r


def draw_banner(canvas: Canvas, phase: int, words: BannerText) -> None:
    r = banner_rect(len(words.paid))
    canvas.fill_rect(r, palette.PARCHMENT, radius=16)
    canvas.fill_rect(r, GOLD, radius=16, width=5)
    text(canvas, i18n.tr("table.banner.phase_end", phase=phase_letter(phase)),
         (r.centerx, r.y + 34), 34, palette.INK, "center")
    fit_text(canvas, words.now, (r.centerx, r.y + 78), 22, palette.INK, r.w - 48, "center")
    # The seats' lines in one size, the largest at which the longest fits.
    size = 24
    while size > theme.FONT_MIN and max(
            fonts.get(round(size * canvas.scale)).size(line)[0]
            for line in words.paid + words.recap) > canvas.length(r.w - 68):
        size -= 1
    y = r.y + TOP
    for heading, lines in ((words.paid_heading, words.paid),
                           (words.recap_heading, words.recap)):
        fit_text(canvas, heading, (r.x + 24, y + HEADING / 2), 22, palette.darker(GOLD, 0.45),
                 r.w - 48, "midleft")
        y += HEADING
        for line in lines:
            fit_text(canvas, line, (r.x + 44, y + LINE / 2), size, palette.INK, r.w - 68, "midleft")
            y += LINE
