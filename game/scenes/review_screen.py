"""The game review, from the results: each of the people's turns, the turn Hard prefers and
the points the played turn is expected to lose (`game.ai.review`), worked out on a thread
while the page shows how far it has got."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame

from ..ai import costliest, review_turns
from ..rules import GameRecord, GameState
from . import i18n
from .context import ClientContext
from .layout import Canvas
from .ui import theme
from .ui.screen import PageCell, PageScene
from .ui.text import wrap_text
from .ui.widgets import Button

PAGE = pygame.Rect(160, 150, 1600, 770)
BACK = pygame.Rect(800, 960, 320, 76)
LEFT = 40
INDENT = 150
PHASES = "ABCDE"


def turn_words(start: GameState, actions: tuple, lang: str | None = None) -> str:
    """A turn in the game's words, each action read in the position it was taken in."""
    from .table.log import describe_action
    state = start.clone()
    words = []
    for action in actions:
        if action != ("end",):
            words.append(describe_action(action, state, lang))
        state.apply(action, listen=False)
    return "; ".join(words) or describe_action(("end",), start, lang)


def seats_to_review(seats: tuple, deciders: int) -> list[int]:
    """The people at the table; in a game of AI players only, every deciding seat."""
    people = [i for i, seat in enumerate(seats[:deciders]) if seat.kind == "human"]
    return people or list(range(deciders))


class ReviewWork:
    """The review on a daemon thread: `reviews` grows turn by turn (one seat after the
    other), `done` of `total` turns so far. Closing the page stops it at the next turn."""

    def __init__(self, record: GameRecord, seats: list[int], **options: Any) -> None:
        self.done = 0
        self.total = 0
        self.reviews: list = []
        self.failed = False
        self.finished = threading.Event()
        self.started = time.perf_counter()
        self._stop = False
        threading.Thread(target=self._run, args=(record, set(seats), options),
                         name="game-review", daemon=True).start()

    def _run(self, record: GameRecord, seats: set[int], options: dict) -> None:
        try:
            for done, total, turn in review_turns(record, seats, **options):
                self.reviews.append(turn)
                self.done, self.total = done, total
                if self._stop:
                    break
        except Exception:  # noqa: BLE001 - the page says the review could not be made
            self.failed = True
        finally:
            self.finished.set()

    def stop(self) -> None:
        self._stop = True

    def seconds_left(self) -> float | None:
        if not self.done:
            return None
        spent = time.perf_counter() - self.started
        return spent / self.done * (self.total - self.done)


Cell = PageCell


class ReviewScene(PageScene):
    """A scrolling page over the results."""

    PAGE = PAGE

    def __init__(self, ctx: ClientContext, record: GameRecord, seats: tuple,
                 work: ReviewWork | None = None, **options: Any) -> None:
        """Shows `work`, a review already begun (the results keep theirs, so the page
        opens again where it was), or starts one; `options` go to the review
        (iterations, samples). Whoever starts the work stops it (`stop_work`)."""
        super().__init__()
        self.ctx = ctx
        self.names = [seat.name for seat in seats]
        self.seats = seats_to_review(seats, record.config.deciders)
        self.owns_work = work is None
        self.work = work if work is not None else ReviewWork(record, self.seats, **options)
        self._layout_key: tuple | None = None
        self._cells: list[Cell] = []
        self.add(Button(BACK, "common.back", self.close, hotkey=pygame.K_BACKSPACE))

    def close(self) -> None:
        if self.owns_work:
            self.work.stop()
        super().close()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the review to be worked out; False if the time ran out."""
        return self.work.finished.wait(timeout)

    def animating(self) -> bool:
        return not self.work.finished.is_set() or super().animating()

    # --- what the page says ----------------------------------------------------------------

    def status(self) -> str:
        work = self.work
        if work.failed:
            return i18n.tr("review.failed")
        if not work.finished.is_set():
            left = work.seconds_left()
            if left is None:
                return i18n.tr("review.starting")
            return i18n.tr("review.working", done=work.done, total=work.total,
                           seconds=max(1, round(left)))
        return i18n.tr("review.about")

    def layout(self, canvas: Canvas) -> list[Cell]:
        """Every line in page coordinates (design units), for the current language, font
        scale and progress."""
        work = self.work
        key = (i18n.language(), canvas.length(1000), work.finished.is_set(), work.done)
        if key == self._layout_key:
            return self._cells
        body = canvas.font(theme.FONT_BODY)
        small = canvas.font(theme.FONT_SMALL)
        step = body.get_linesize() / canvas.scale
        small_step = small.get_linesize() / canvas.scale
        width = PAGE.w - 2 * LEFT
        cells: list[Cell] = []
        y = 0.0

        def para(text: str, x: float, size: float, colour: Any, font: Any, line: float) -> None:
            nonlocal y
            for part in wrap_text(text, font, canvas.length(width - (x - LEFT))):
                cells.append(Cell(y, x, part, size, colour))
                y += line

        para(self.status(), LEFT, theme.FONT_BODY,
             theme.ERROR if work.failed else theme.TEXT, body, step)
        y += step * 0.4
        reviews = work.reviews[:work.done]
        for seat in self.seats:
            mine = [r for r in reviews if r.seat == seat]
            if not mine:
                continue
            # The costliest turns and the sums once all of the seat's turns are in.
            complete = work.finished.is_set() or any(r.seat > seat for r in reviews)
            marked = {id(mine[i]) for i in costliest(mine)} if complete else set()
            agreed = sum(r.agrees for r in mine)
            lost = sum(r.loss for r in mine)
            y += step * 0.4
            cells.append(Cell(y, LEFT, self.names[seat], theme.FONT_HEADING * 0.8,
                              theme.BUTTON))
            y += canvas.font(theme.FONT_HEADING * 0.8).get_linesize() / canvas.scale
            if complete:
                para(i18n.tr("review.summary", turns=len(mine), agreed=agreed,
                             lost=i18n.decimal(lost)), LEFT, theme.FONT_BODY, theme.TEXT, body,
                     step)
                y += step * 0.3
            for r in mine:
                costly = id(r) in marked
                where = f"{PHASES[r.phase]}{r.round + 1}" + (" !" if costly else "")
                cells.append(Cell(y, LEFT, where, theme.FONT_BODY,
                                  theme.ERROR if costly else theme.TEXT))
                para(i18n.tr("review.played", turn=turn_words(r.start, r.played)),
                     LEFT + INDENT, theme.FONT_SMALL, theme.TEXT, small, small_step)
                if r.agrees:
                    para(i18n.tr("review.agrees"), LEFT + INDENT, theme.FONT_SMALL,
                         theme.TEXT_MUTED, small, small_step)
                else:
                    para(i18n.tr("review.prefers", turn=turn_words(r.start, r.best),
                                 lost=i18n.decimal(r.loss)), LEFT + INDENT, theme.FONT_SMALL,
                         theme.ERROR if costly else theme.TEXT_MUTED, small, small_step)
                y += small_step * 0.5
        self._layout_key, self._cells, self._height = key, cells, y
        return cells

    def draw_background(self, canvas: Canvas) -> None:
        self.draw_page(canvas, i18n.tr("review.title"), self.layout(canvas))
