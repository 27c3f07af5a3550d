"""The results scene: the final ranking with its tie-breaks, each player's points by
category, and a chart of everyone's score over the 25 rounds.

Everything shown comes from the finished game: `state.ranking()` (docs/rulings.md R2),
`state.score_breakdown(seat)` and the session's score history. Nothing is scored here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

import pygame

from ..rules import (CATEGORIES, GameState, board_deal, get_board, solo_result,
                     team_results)
from . import i18n
from .art import palette
from .context import ClientContext
from .layout import Canvas, Panel
from .session import GameSession, SeatSpec
from .setup import draw_seed  # also registers the seat and tier names used here
from .ui import theme
from .ui.screen import MenuScene
from .ui.text import wrap_text
from .ui.widgets import Button, fitted, share_type_size

# Châteauma's own categories; the others are every player's.
CHATEAUMA_CATEGORIES = ("area_cards", "monasteries", "reserve", "card_tiles")
# Categories a module adds, shown only in games with that module.
MODULE_CATEGORIES = {"bought_points": "solo",
                     "castle_retrieval": "castle_connection", "border_posts": "border_posts",
                     "shields": "shields", "trade_routes": "trade_routes",
                     "monastery_connections": "monastery_connections",
                     "vineyards": "vineyards"}
PLAYER_CATEGORIES = tuple(c for c in CATEGORIES
                          if c not in CHATEAUMA_CATEGORIES and c not in MODULE_CATEGORIES)
# One shape per seat, so the chart never relies on colour alone.
MARKERS = ("circle", "square", "triangle", "diamond")
ROUNDS = 25



# --- what the results show (no pygame) ---------------------------------------------------

@dataclass(frozen=True)
class TieBreak:
    """Two neighbours in the ranking with the same points, and what put one ahead."""

    ahead: int
    behind: int
    points: int
    reason: str                       # "chateauma" | "empty_spaces" | "turn_order"
    values: tuple[int, int] | None = None   # the empty spaces, for "empty_spaces"


def empty_spaces(state: GameState, seat: int) -> int:
    return state.players[seat].empty_spaces


def tie_breaks(state: GameState) -> list[TieBreak]:
    """Why each tied pair in `state.ranking()` is in that order (docs/rulings.md R2, with
    Châteauma winning every tie)."""
    ranking = state.ranking()
    automa = state.config.chateauma_seat
    out = []
    for a, b in pairwise(ranking):
        points = state.players[a].score
        if points != state.players[b].score:
            continue
        if automa in (a, b):
            out.append(TieBreak(a, b, points, "chateauma"))
            continue
        ea, eb = empty_spaces(state, a), empty_spaces(state, b)
        if ea != eb:
            out.append(TieBreak(a, b, points, "empty_spaces", (ea, eb)))
        else:
            out.append(TieBreak(a, b, points, "turn_order"))
    return out


def tie_text(tie: TieBreak, seats: tuple[SeatSpec, ...]) -> str:
    params: dict[str, Any] = {"ahead": seats[tie.ahead].name, "behind": seats[tie.behind].name,
                              "points": tie.points}
    if tie.values is not None:
        params["a"], params["b"] = tie.values
    return i18n.trn(f"results.tie.{tie.reason}", tie.points, **params)


def team_letter(state: GameState, seats: tuple[int, ...]) -> str:
    """"A" for the start player's team, "B" for the other, as the table names them."""
    return "A" if seats[0] % 2 == state.start_player % 2 else "B"


@dataclass(frozen=True)
class TeamTie:
    """Both teams on the same sum, and what put the winning team ahead (TM-10, P-TM-4)."""

    points: int
    reason: str                       # "empty_spaces" | "turn_order"
    values: tuple[int, int] | None = None   # the empty spaces, for "empty_spaces"


def team_tie(teams: list) -> TeamTie | None:
    """Why the first of `team_results` won a tie, or None where its sum is higher."""
    first, second = teams
    if first.points != second.points:
        return None
    if first.empty != second.empty:
        return TeamTie(first.points, "empty_spaces", (first.empty, second.empty))
    return TeamTie(first.points, "turn_order")


def categories_shown(state: GameState) -> tuple[str, ...]:
    """Every player's categories, those of the modules in play, and Châteauma's own when
    it played."""
    shown = PLAYER_CATEGORIES + tuple(c for c, module in MODULE_CATEGORIES.items()
                                      if state.config.has_module(module))
    if state.config.chateauma is None:
        return shown
    return shown + CHATEAUMA_CATEGORIES


def breakdown_table(state: GameState, order: list[int]) -> list[tuple[str, list[int]]]:
    """(category, points per seat in `order`) for every category shown."""
    breakdowns = [state.score_breakdown(seat) for seat in order]
    return [(category, [b.get(category, 0) for b in breakdowns])
            for category in categories_shown(state)]


def seat_kind_text(seat: SeatSpec, difficulty: str | None) -> str:
    if seat.kind == "ai":
        return i18n.tr("setup.kind.ai", tier=i18n.tr(f"tier.{seat.tier}"))
    if seat.kind == "chateauma":
        return i18n.tr("results.kind.chateauma", difficulty=difficulty or "")
    return i18n.tr("results.kind.human")


def nice_step(top: float, lines: int = 5) -> int:
    """A round grid step (1, 2, 5, 10, 20, 25, 50, ...) giving about `lines` lines."""
    raw = max(1.0, top / lines)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * magnitude
        if step >= raw and float(step).is_integer():
            return int(step)
    return int(10 * magnitude)


# --- drawing -----------------------------------------------------------------------------

def draw_marker(surface: pygame.Surface, shape: str, centre: tuple[int, int], radius: int,
                fill: Any, edge: Any) -> None:
    """A filled marker with a dark edge: circle, square, triangle or diamond."""
    x, y = centre
    r = radius
    if shape == "circle":
        pygame.draw.circle(surface, edge, centre, r + 2)
        pygame.draw.circle(surface, fill, centre, r)
        return
    if shape == "square":
        outline = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "triangle":
        outline = [(x, y - r - 2), (x + r + 1, y + r), (x - r - 1, y + r)]
    else:
        outline = [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)]
    pygame.draw.polygon(surface, fill, outline)
    pygame.draw.polygon(surface, edge, outline, max(1, r // 3))


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, shortened with an ellipsis when wider than `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text + "\u2026"


class ScoreChart(Panel):
    """Each seat's score at the start of every round and at the end: lines with a marker
    shape per seat, a legend, and the five phases shaded."""

    def __init__(self, rect: Any, series: list[list[int]], seats: tuple[SeatSpec, ...]) -> None:
        super().__init__(rect, enabled=False)
        self.series = series
        self.seats = seats
        w, h = self.rect.size
        self.plot = pygame.Rect(90, 70, w - 120, h - 230)
        top = max((max(row) for row in series if row), default=0)
        self.step = nice_step(max(top, 10))
        self.top = self.step * max(1, math.ceil(top / self.step))

    def point(self, index: int, value: float) -> tuple[float, float]:
        """Design coordinates (local) of a value at a series index (0 = round 1)."""
        x = self.plot.x + self.plot.w * index / ROUNDS
        y = self.plot.bottom - self.plot.h * value / self.top
        return x, y

    def lines(self) -> list[list[tuple[float, float]]]:
        """Per seat, the points of its line."""
        return [[self.point(i, row[seat]) for i, row in enumerate(self.series)]
                for seat in range(len(self.seats))]

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        canvas.fill_rect((0, 0, w, h), theme.PANEL, radius=18)
        canvas.fill_rect((0, 0, w, h), theme.PANEL_EDGE, radius=18, width=3)
        canvas.text(i18n.tr("results.chart"), (24, 18), theme.FONT_BUTTON, theme.TEXT)
        plot = self.plot
        for phase in range(5):
            x0 = self.point(phase * 5, 0)[0]
            x1 = self.point(phase * 5 + 5, 0)[0]
            if phase % 2 == 0:
                canvas.fill_rect((x0, plot.y, x1 - x0, plot.h), palette.darker(theme.PANEL, 0.05))
            canvas.text(i18n.tr("phase.name", letter="ABCDE"[phase]), ((x0 + x1) / 2, plot.y + 6),
                        theme.FONT_SMALL * 0.8, theme.TEXT_MUTED, anchor="midtop")
        grid = palette.darker(theme.PANEL, 0.18)
        for value in range(0, self.top + 1, self.step):
            y = self.point(0, value)[1]
            canvas.fill_rect((plot.x, y - 1, plot.w, 2), grid)
            canvas.text(str(value), (plot.x - 12, y), theme.FONT_SMALL, theme.TEXT,
                        anchor="midright")
        for index in (0, 4, 9, 14, 19):  # round 25 sits too close to the end to label
            x = self.point(index, 0)[0]
            canvas.text(str(index + 1), (x, plot.bottom + 10), theme.FONT_SMALL, theme.TEXT,
                        anchor="midtop")
        canvas.text(i18n.tr("results.chart.end"), (self.point(ROUNDS, 0)[0], plot.bottom + 10),
                    theme.FONT_SMALL, theme.TEXT, anchor="midtop")
        canvas.text(i18n.tr("results.chart.round"), (plot.centerx, plot.bottom + 44),
                    theme.FONT_SMALL, theme.TEXT_MUTED, anchor="midtop")
        canvas.fill_rect((plot.x - 2, plot.y, 3, plot.h + 2), theme.TEXT)
        canvas.fill_rect((plot.x - 2, plot.bottom - 1, plot.w + 4, 3), theme.TEXT)
        edge = palette.INK
        radius = canvas.length(8)
        for seat, points in enumerate(self.lines()):
            colour = palette.PLAYERS[self.seats[seat].colour % len(palette.PLAYERS)]
            pixels = [canvas.px(x, y) for x, y in points]
            if len(pixels) >= 2:
                pygame.draw.lines(canvas.surface, edge, False, pixels, canvas.length(7))
                pygame.draw.lines(canvas.surface, colour, False, pixels, canvas.length(4))
            for p in pixels:
                draw_marker(canvas.surface, MARKERS[seat % len(MARKERS)], p, radius, colour, edge)
        self._draw_legend(canvas, h - 90)

    def _draw_legend(self, canvas: Canvas, y: float) -> None:
        n = len(self.seats)
        slot = (self.rect.w - 60) / max(1, n)
        font = canvas.font(theme.FONT_SMALL)
        for seat, spec in enumerate(self.seats):
            x = 30 + seat * slot
            colour = palette.PLAYERS[spec.colour % len(palette.PLAYERS)]
            a, b = canvas.px(x, y + 20), canvas.px(x + 56, y + 20)
            pygame.draw.line(canvas.surface, palette.INK, a, b, canvas.length(7))
            pygame.draw.line(canvas.surface, colour, a, b, canvas.length(4))
            draw_marker(canvas.surface, MARKERS[seat % len(MARKERS)], canvas.px(x + 28, y + 20),
                        canvas.length(8), colour, palette.INK)
            name = fit_text(font, spec.name, canvas.length(slot - 80))
            canvas.text(name, (x + 68, y + 20), theme.FONT_SMALL, theme.TEXT, anchor="midleft")


class FinalEstates(Panel):
    """Every seat's estate as the game ended, in ranking order, with its name and points:
    what each player built, beside the numbers."""

    def __init__(self, rect: Any, state: GameState, ranking: list[int],
                 seats: tuple[SeatSpec, ...]) -> None:
        super().__init__(rect, enabled=False, visible=False)
        from .table.view import TableView  # the table's picture of a position
        self.view = TableView.from_state(state)
        self.ranking = ranking
        self.seats = seats

    def cells(self) -> list[tuple[int, pygame.Rect]]:
        """(seat, local cell) for every seat: two columns, one or two rows."""
        w, h = self.rect.size
        n = len(self.ranking)
        cols = 2 if n > 1 else 1
        rows = (n + cols - 1) // cols
        top = 70
        cw, ch = (w - 40) / cols, (h - top - 20) / rows
        return [(seat, pygame.Rect(round(20 + (i % cols) * cw), round(top + (i // cols) * ch),
                                   round(cw), round(ch)))
                for i, seat in enumerate(self.ranking)]

    def draw(self, canvas: Canvas) -> None:
        from .table.estates_panel import paint_miniature
        w, h = self.rect.size
        canvas.fill_rect((0, 0, w, h), theme.PANEL, radius=18)
        canvas.fill_rect((0, 0, w, h), theme.PANEL_EDGE, radius=18, width=3)
        canvas.text(i18n.tr("results.estates"), (24, 18), theme.FONT_BUTTON, theme.TEXT)
        font = canvas.font(theme.FONT_SMALL)
        for place, (seat, cell) in enumerate(self.cells(), 1):
            spec = self.seats[seat]
            colour = palette.PLAYERS[spec.colour % len(palette.PLAYERS)]
            draw_marker(canvas.surface, MARKERS[seat % len(MARKERS)],
                        canvas.px(cell.x + 18, cell.y + 16), canvas.length(9), colour, palette.INK)
            points = self.view.players[seat].score
            label = i18n.tr("results.place", place=place) + " " + spec.name
            canvas.text(fit_text(font, label, canvas.length(cell.w - 150)),
                        (cell.x + 36, cell.y + 16), theme.FONT_SMALL, theme.TEXT,
                        anchor="midleft")
            canvas.text(i18n.trn("results.points", points, points=points),
                        (cell.right - 12, cell.y + 16), theme.FONT_SMALL, theme.TEXT,
                        anchor="midright")
            # A printed estate is 12.12 hexes wide and 11 tall (pointy rows of 4-7 spaces);
            # the team game's double duchy is wider.
            from .table.geometry import estate_extent
            half_w, half_h = estate_extent()
            size = min((cell.w - 16) / (2 * half_w + 0.08), (cell.h - 44) / (2 * half_h + 0.4))
            paint_miniature(canvas, self.view.players[seat],
                            (cell.centerx, cell.y + 36 + (cell.h - 36) / 2), size, self.view)


class Tab(Button):
    """One of the tabs above the right-hand panel. The shown one is drawn as part of its
    page (parchment, joined to the panel below, its label dark); the others as buttons
    to click. The shown tab stays enabled: greyed out, it would read as unavailable."""

    def __init__(self, rect: Any, label: str, on_click: Any, is_shown: Any,
                 **kwargs: Any) -> None:
        super().__init__(rect, label, on_click, font_size=theme.FONT_SMALL, **kwargs)
        self.is_shown = is_shown

    def draw(self, canvas: Canvas) -> None:
        if not self.is_shown():
            super().draw(canvas)
            return
        w, h = self.rect.size
        # The panel's edge is drawn round the tab's top and sides; its parchment runs
        # on to its rect's foot (clipped there), where the panel begins (draw_join).
        canvas.fill_rect((0, 0, w, h + 40), theme.PANEL_EDGE, radius=theme.RADIUS)
        canvas.fill_rect((3, 3, w - 6, h + 40), theme.PANEL, radius=theme.RADIUS - 2)
        if self.focused:
            canvas.fill_rect((0, 0, w, h + 40), theme.FOCUS, radius=theme.RADIUS, width=4)
        text, size = fitted(canvas, self.label_text(), self.label_size(canvas),
                            self.label_room())
        canvas.text(text, (w / 2, h / 2), size, theme.TEXT, anchor="center")

    def draw_join(self, canvas: Canvas) -> None:
        """The shown tab's parchment over the panel's top edge below it (drawn over the
        panels), so tab and page read as one sheet."""
        if self.is_shown():
            r = self.rect
            canvas.fill_rect((r.x + 3, r.bottom - 1, r.w - 6, TAB_JOIN + 1), theme.PANEL)

    def draw_face(self, canvas: Canvas) -> Any:
        """An unshown tab: a button on the background, clear of the panel below."""
        w, h = self.rect.size
        fill = theme.BUTTON_HOVER if self.hovered or self.focused else theme.BUTTON
        canvas.fill_rect((0, 0, w, h - TAB_JOIN), fill, radius=theme.RADIUS)
        if self.focused:
            canvas.fill_rect((0, 0, w, h - TAB_JOIN), theme.FOCUS, radius=theme.RADIUS,
                             width=4)
        return theme.BUTTON_TEXT

    def label_text(self) -> str:
        return i18n.tr(self.label) if isinstance(self.label, str) else self.label()


# --- the scene ---------------------------------------------------------------------------

RANKING = pygame.Rect(40, 100, 900, 370)
BREAKDOWN = pygame.Rect(40, 488, 900, 582)
CHART = pygame.Rect(980, 164, 900, 746)
TABS_Y = 100  # the tabs above the right-hand panel
TAB_JOIN = 4   # the panel's top edge, which the shown tab's parchment covers
RANK_ROW = 56
TEAM_HEAD, TEAM_ROW = 46, 36   # the team game's ranking: a team's line, a partner's
TABLE_ROW = 29
BUTTON_GAP = 21


class ResultsScene(MenuScene):
    def __init__(self, ctx: ClientContext, session: GameSession) -> None:
        super().__init__()
        self.ctx = ctx
        self.session = session
        state = session.state
        from .table import geometry  # the estates' shape: printed, or the double duchy's
        geometry.use_estate_shape(get_board(board_deal(state.config).pool[0]).axial)
        self.ranking = state.ranking()
        # The team game: the teams' sums decide (and say why a team won a tie).
        self.teams = team_results(state) if state.config.has_module("team") else None
        self.ties = tie_breaks(state) if self.teams is None else []
        self.table = breakdown_table(state, self.ranking)
        self.scores = state.scores()
        self.chart = ScoreChart(CHART, session.history.series(), session.seats)
        self.panels.add(self.chart)
        self.final_estates = FinalEstates(CHART, state, self.ranking, session.seats)
        self.panels.add(self.final_estates)
        # The right-hand panel shows the score chart or the final estates.
        tab_h = CHART.y - TABS_Y
        self.chart_tab = Tab((CHART.right - 420, TABS_Y, 200, tab_h), "results.tab.chart",
                             lambda: self.show("chart"), lambda: self.shown == "chart")
        self.estates_tab = Tab((CHART.right - 210, TABS_Y, 200, tab_h), "results.tab.estates",
                               lambda: self.show("estates"), lambda: self.shown == "estates",
                               tooltip="results.tab.estates.tip")
        self.add(self.chart_tab)
        self.add(self.estates_tab)
        share_type_size(self.chart_tab, self.estates_tab)
        self.show("chart")
        # Play again, watch the game, review it, the title screen: four equal buttons
        # under the panel.
        width = (CHART.w - 3 * BUTTON_GAP) // 4
        step = width + BUTTON_GAP
        self.again_button = self.add(Button((CHART.x, 960, width, 80), "results.again",
                                            self.play_again, tooltip="results.again.tip"))
        self.watch_button = self.add(Button((CHART.x + step, 960, width, 80), "results.watch",
                                            self.watch, tooltip="results.watch.tip"))
        self.review_button = self.add(Button((CHART.x + 2 * step, 960, width, 80),
                                             "results.review", self.review,
                                             tooltip="results.review.tip"))
        self.title_button = self.add(Button((CHART.right - width, 960, width, 80),
                                            "results.to_title", self.to_title))
        share_type_size(self.again_button, self.watch_button, self.review_button,
                        self.title_button)

    def show(self, panel: str) -> None:
        """'chart' or 'estates' in the right-hand panel; its tab is drawn joined to it."""
        self.shown = panel
        self.chart.visible = panel == "chart"
        self.final_estates.visible = panel == "estates"

    def play_again(self) -> None:
        if self.ctx.launcher is None:
            return
        self.ctx.launcher.start(replace(self.session.setup, seed=draw_seed()))

    def watch(self) -> None:
        """The game from its start, over these results (leaving it comes back here)."""
        if self.ctx.launcher is not None:
            self.ctx.launcher.watch(self.session)

    review_options: dict = {}   # the review's search (tests make it quick)
    review_work: Any = None     # the review, once asked for: it goes on while the page is shut

    def review(self) -> None:
        """Each of the people's turns beside the turn Hard prefers, over these results.
        The review is worked out once; opening the page again shows how far it has got."""
        from .review_screen import ReviewScene, ReviewWork, seats_to_review
        record, seats = self.session.match.record, self.session.seats
        if self.review_work is None or self.review_work.failed:
            self.review_work = ReviewWork(record, seats_to_review(seats,
                                                                  record.config.deciders),
                                          **self.review_options)
        assert self.stack is not None  # the button is on this scene, on the stack
        self.stack.push(ReviewScene(self.ctx, record, seats, work=self.review_work))

    def exit(self) -> None:
        # Leaving the results (a new game, the title) stops a review still being made.
        if self.review_work is not None:
            self.review_work.stop()
        super().exit()

    def to_title(self) -> None:
        if self.ctx.launcher is not None:
            self.ctx.launcher.to_title()

    def on_escape(self) -> None:
        self.to_title()

    def team_names(self, seats) -> str:
        names = self.session.seats
        return i18n.tr("table.team_names", first=names[seats[0]].name,
                       second=names[seats[1]].name)

    def team_letter(self, seats) -> str:
        return team_letter(self.session.state, seats)

    def winner_text(self) -> str:
        if self.teams is not None:
            best = self.teams[0]
            return i18n.trn("results.team_winner", best.points, team=self.team_letter(best.seats),
                            names=self.team_names(best.seats), points=best.points)
        state = self.session.state
        if state.n == 1 and state.config.has_module("solo"):
            # The solo game is won by filling all 37 spaces, not by points.
            r = solo_result(state)
            return i18n.tr("results.solo_won" if r.won else "results.solo_lost",
                           name=self.session.seats[0].name, filled=r.filled,
                           target=r.target, resets=r.resets)
        first = self.ranking[0]
        return i18n.trn("results.winner", self.scores[first],
                        name=self.session.seats[first].name, points=self.scores[first])

    def tie_texts(self) -> list[str]:
        if self.teams is not None:
            # The teams' sums stand in the ranking; a tie between them says what decided.
            tie = team_tie(self.teams)
            if tie is None:
                return []
            params: dict[str, Any] = {"ahead": self.team_letter(self.teams[0].seats),
                                      "behind": self.team_letter(self.teams[1].seats),
                                      "points": tie.points}
            if tie.values is not None:
                params["a"], params["b"] = tie.values
            return [i18n.trn(f"results.team_tie.{tie.reason}", tie.points, **params)]
        return [tie_text(tie, self.session.seats) for tie in self.ties]

    def draw_foreground(self, canvas: Canvas) -> None:
        for tab in (self.chart_tab, self.estates_tab):
            tab.draw_join(canvas)

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        canvas.text(self.winner_text(), (960, 56), theme.FONT_HEADING, palette.PARCHMENT,
                    anchor="center")
        self._draw_ranking(canvas.child(RANKING))
        self._draw_breakdown(canvas.child(BREAKDOWN))

    def _box(self, canvas: Canvas, size: tuple[int, int], title: str) -> None:
        w, h = size
        canvas.fill_rect((0, 0, w, h), theme.PANEL, radius=18)
        canvas.fill_rect((0, 0, w, h), theme.PANEL_EDGE, radius=18, width=3)
        canvas.text(title, (24, 18), theme.FONT_BUTTON, theme.TEXT)

    def _draw_seat(self, canvas: Canvas, seat: int, y: float, indent: float = 0) -> None:
        """One seat's row of the ranking: its marker, name, kind and points."""
        spec = self.session.seats[seat]
        colour = palette.PLAYERS[spec.colour % len(palette.PLAYERS)]
        draw_marker(canvas.surface, MARKERS[seat % len(MARKERS)],
                    canvas.px(92 + indent, y + 24), canvas.length(13), colour, palette.INK)
        name = fit_text(canvas.font(theme.FONT_BODY), spec.name, canvas.length(300 - indent))
        canvas.text(name, (124 + indent, y + 24), theme.FONT_BODY, theme.TEXT,
                    anchor="midleft")
        canvas.text(seat_kind_text(spec, self.session.config.chateauma), (440, y + 24),
                    theme.FONT_SMALL, theme.TEXT_MUTED, anchor="midleft")
        canvas.text(i18n.trn("results.points", self.scores[seat], points=self.scores[seat]),
                    (RANKING.w - 30, y + 24), theme.FONT_BODY,
                    theme.TEXT_MUTED if indent else theme.TEXT, anchor="midright")

    def _draw_ranking(self, canvas: Canvas) -> None:
        self._box(canvas, RANKING.size, i18n.tr("results.ranking"))
        if self.teams is not None:
            y = self._draw_team_ranking(canvas, self.teams)
        else:
            for place, seat in enumerate(self.ranking, 1):
                y = 70 + (place - 1) * RANK_ROW
                canvas.text(i18n.tr("results.place", place=place), (60, y + 24),
                            theme.FONT_BUTTON, theme.TEXT, anchor="midright")
                self._draw_seat(canvas, seat, y)
            y = 70 + len(self.ranking) * RANK_ROW + 6
        small = canvas.font(theme.FONT_SMALL * 0.9)
        step = small.get_linesize() / canvas.scale
        for text in self.tie_texts():
            for line in wrap_text(text, small, canvas.length(RANKING.w - 60)):
                if y + step > RANKING.h - 6:
                    return
                canvas.text(line, (30, y), theme.FONT_SMALL * 0.9, theme.TEXT)
                y += step

    def _draw_team_ranking(self, canvas: Canvas, teams: list) -> float:
        """The team game: the teams in their places with their sums, each partner under
        the team with the points they scored. Returns where the lines below go."""
        y = 58.0
        for place, team in enumerate(teams, 1):
            canvas.text(i18n.tr("results.place", place=place), (60, y + 24),
                        theme.FONT_BUTTON, theme.TEXT, anchor="midright")
            label = i18n.tr("results.team_label", team=self.team_letter(team.seats),
                            names=self.team_names(team.seats))
            label = fit_text(canvas.font(theme.FONT_BUTTON), label, canvas.length(600))
            canvas.text(label, (80, y + 24), theme.FONT_BUTTON, theme.TEXT, anchor="midleft")
            canvas.text(i18n.trn("results.points", team.points, points=team.points),
                        (RANKING.w - 30, y + 24), theme.FONT_BUTTON, theme.TEXT,
                        anchor="midright")
            y += TEAM_HEAD
            for seat in (s for s in self.ranking if s in team.seats):
                self._draw_seat(canvas, seat, y - 6, indent=24)
                y += TEAM_ROW
        return y + 2

    def _draw_breakdown(self, canvas: Canvas) -> None:
        self._box(canvas, BREAKDOWN.size, i18n.tr("results.breakdown"))
        seats = self.session.seats
        label_w = 330
        col_w = (BREAKDOWN.w - label_w - 30) / max(1, len(self.ranking))
        font = canvas.font(theme.FONT_SMALL)
        y = 66
        for column, seat in enumerate(self.ranking):
            cx = label_w + col_w * (column + 0.5)
            spec = seats[seat]
            colour = palette.PLAYERS[spec.colour % len(palette.PLAYERS)]
            draw_marker(canvas.surface, MARKERS[seat % len(MARKERS)],
                        canvas.px(cx - col_w / 2 + 16, y + 12), canvas.length(8), colour,
                        palette.INK)
            name = fit_text(font, spec.name, canvas.length(col_w - 40))
            canvas.text(name, (cx + 10, y + 12), theme.FONT_SMALL, theme.TEXT, anchor="center")
        y += 36
        rows = [(i18n.tr(f"category.{category}"), values) for category, values in self.table]
        rows.append((i18n.tr("results.total"), [self.scores[seat] for seat in self.ranking]))
        if self.teams is not None:
            # Under the partners' totals (side by side in the ranking), their team's sum.
            columns = {seat: c for c, seat in enumerate(self.ranking)}
            top = y + len(rows) * TABLE_ROW
            canvas.text(i18n.tr("results.team_total"), (30, top + TABLE_ROW / 2),
                        theme.FONT_SMALL, theme.TEXT, anchor="midleft")
            for team in self.teams:
                cx = label_w + col_w * (sum(columns[s] for s in team.seats) / 2 + 0.5)
                canvas.text(str(team.points), (cx + 10, top + TABLE_ROW / 2), theme.FONT_BODY,
                            theme.TEXT, anchor="center")
        # Stripes first: a line's descenders reach into the next row's stripe.
        for r in range(len(rows)):
            top = y + r * TABLE_ROW
            if r == len(rows) - 1:
                canvas.fill_rect((20, top, BREAKDOWN.w - 40, 2), theme.PANEL_EDGE)
            elif r % 2 == 0:
                canvas.fill_rect((20, top, BREAKDOWN.w - 40, TABLE_ROW),
                                 palette.darker(theme.PANEL, 0.05))
        for r, (label, values) in enumerate(rows):
            last = r == len(rows) - 1
            canvas.text(label, (30, y + TABLE_ROW / 2), theme.FONT_SMALL, theme.TEXT,
                        anchor="midleft")
            for column, value in enumerate(values):
                cx = label_w + col_w * (column + 0.5)
                shown = str(value) if value or last else "\u2013"
                canvas.text(shown, (cx + 10, y + TABLE_ROW / 2),
                            theme.FONT_BODY if last else theme.FONT_SMALL, theme.TEXT,
                            anchor="center")
            y += TABLE_ROW
