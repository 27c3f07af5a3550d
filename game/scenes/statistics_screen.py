"""The Statistics screen: the people's results per opponent kind and level and per rule set,
from the record of finished games (`statistics.py`), queried on a worker thread."""

from __future__ import annotations

from pathlib import Path

import pygame

from . import i18n
from .context import ClientContext
from .layout import Canvas
from .load_menu import kind_text, rules_text
from .persistence import aside_path
from .statistics import Figures, Shown, Tally, broken_copies, database_path, read_figures
from .ui import theme
from .ui.screen import PageCell, PageScene
from .ui.text import wrap_text
from .ui.widgets import Button
from .worker import Background

PAGE = pygame.Rect(260, 150, 1400, 770)
BACK = pygame.Rect(800, 960, 320, 76)
LEFT = 40
# Right edges of the number columns (played, won, best, mean), in page coordinates.
COLUMNS = (900, 1050, 1200, 1350)
LABEL_W = COLUMNS[0] - 150 - LEFT


Cell = PageCell


NO_SCORE = "\u2013"   # best and mean where no game's score counts in the row


def mean_text(tally: Tally) -> str:
    if tally.mean is None:
        return NO_SCORE
    tenths = round(tally.mean * 10)
    return i18n.tr("stats.mean", whole=tenths // 10, tenth=tenths % 10)


def opponent_text(kind: str, level: str | None) -> str:
    return i18n.tr("stats.people") if kind == "human" else kind_text(kind, level)


def read(root: Path, writable: bool) -> tuple[Shown, list[Path], Path]:
    """The figures, the earlier records set aside, and where this one would be set
    aside."""
    return (read_figures(root, writable), broken_copies(root),
            aside_path(database_path(root)))


class StatisticsScene(PageScene):
    PAGE = PAGE

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.path = database_path(ctx.data_root)
        self.loaded: Shown | None = None
        self.broken: list[Path] = []
        self.aside = self.path
        self.figures: Figures | None = None
        self._layout_key: tuple | None = None
        self._cells: list[Cell] = []
        self._reading: Background[tuple[Shown, list[Path], Path]] | None = None
        self.add(Button(BACK, "common.back", self.close, hotkey=pygame.K_BACKSPACE))

    def enter(self) -> None:
        super().enter()
        root, writable = self.ctx.data_root, not self.ctx.read_only
        self._reading = Background(lambda: read(root, writable), (Shown(), [], self.path),
                                   "read-statistics")

    def update(self, dt: float) -> None:
        self._take_reading()
        super().update(dt)

    def wait_read(self, timeout: float | None = None) -> bool:
        """Wait for the record to be read; False if the time ran out."""
        if self._reading is not None:
            self._reading.wait(timeout)
        self._take_reading()
        return self.loaded is not None

    def _take_reading(self) -> None:
        if self.loaded is not None or self._reading is None:
            return
        answer = self._reading.result()
        if answer is None:
            return
        self.loaded, self.broken, self.aside = answer
        self.figures = self.loaded.figures
        self._layout_key = None

    # --- what the page says ----------------------------------------------------------------

    def notes(self) -> list[str]:
        """Paragraphs above the tables: problems with the file, then what is counted."""
        if self.loaded is None:
            return [i18n.tr("stats.reading")]
        f = self.figures
        if not f.games:
            counted = i18n.tr("stats.empty")
        elif not f.against:
            counted = i18n.trn("stats.no_people", f.games, count=f.games)
        else:
            counted = i18n.trn("stats.games", f.games, count=f.games)
        if f.team_games:
            counted += " " + i18n.tr("stats.team_note")
        return self.problems() + [counted]

    def problems(self) -> list[str]:
        """What is wrong with the record, and where earlier ones were set aside."""
        loaded, out = self.loaded, []
        if loaded is None:
            return out
        if loaded.newer:
            out.append(i18n.tr("stats.newer"))
        elif loaded.problem is not None:
            reason = i18n.tr(f"reason.{loaded.problem.reason}")
            if loaded.aside is not None:
                out.append(i18n.tr("stats.set_aside_now", detail=reason,
                                   name=loaded.aside.name))
            else:
                out.append(i18n.tr("stats.damaged", detail=reason, name=self.aside.name))
        if loaded.figures.unknown:
            out.append(i18n.trn("stats.unknown", loaded.figures.unknown,
                                count=loaded.figures.unknown))
        if self.broken:
            out.append(i18n.tr("stats.set_aside",
                               names=", ".join(p.name for p in self.broken)))
        return out

    def tables(self) -> list[tuple[str, str, list[tuple[str, Tally]]]]:
        """(heading, first column's title, rows) of each table."""
        f = self.figures
        if f is None or not f.against:
            return []
        return [
            (i18n.tr("stats.against"), i18n.tr("stats.opponent"),
             [(opponent_text(*key), tally) for key, tally in f.opponents()]),
            (i18n.tr("stats.by_rules"), i18n.tr("stats.rule_set"),
             [(rules_text(*key), tally) for key, tally in f.by_rules()]),
        ]

    def layout(self, canvas: Canvas) -> list[Cell]:
        """Every piece of text in page coordinates (design units), for the current
        language and font scale."""
        key = (i18n.language(), canvas.length(1000), self.loaded is None)
        if key == self._layout_key:
            return self._cells
        cells: list[Cell] = []
        body = canvas.font(theme.FONT_BODY)
        step = body.get_linesize() / canvas.scale
        y = 0.0
        problems = self.problems()
        for note in self.notes():
            colour = theme.ERROR if note in problems else theme.TEXT
            for line in wrap_text(note, body, canvas.length(PAGE.w - 2 * LEFT)):
                cells.append(Cell(y, LEFT, line, theme.FONT_BODY, colour))
                y += step
            y += step * 0.4
        heads = [i18n.tr(k) for k in ("stats.played", "stats.won", "stats.best",
                                      "stats.mean_title")]
        for heading, first, rows in self.tables():
            y += step * 0.4
            cells.append(Cell(y, LEFT, heading, theme.FONT_HEADING * 0.8, theme.BUTTON))
            y += canvas.font(theme.FONT_HEADING * 0.8).get_linesize() / canvas.scale
            cells.append(Cell(y, LEFT, first, theme.FONT_SMALL, theme.TEXT_MUTED))
            cells += [Cell(y, x, h, theme.FONT_SMALL, theme.TEXT_MUTED, "topright")
                      for x, h in zip(COLUMNS, heads)]
            y += step
            for label, tally in rows:
                cells.append(Cell(y, LEFT, label, theme.FONT_BODY, theme.TEXT, width=LABEL_W))
                best = NO_SCORE if tally.best is None else tally.best
                values = (tally.played, tally.won, best, mean_text(tally))
                cells += [Cell(y, x, str(v), theme.FONT_BODY, theme.TEXT, "topright")
                          for x, v in zip(COLUMNS, values)]
                y += step
        self._layout_key, self._cells, self._height = key, cells, y
        return cells


    def animating(self) -> bool:
        return self.loaded is None or super().animating()

    def draw_background(self, canvas: Canvas) -> None:
        self.draw_page(canvas, i18n.tr("stats.title"), self.layout(canvas))
