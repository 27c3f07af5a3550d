"""The load overlay: the games in progress first, then every other saved game (finished
games, the player's own saves), newest first, each with its rule set, modules, players,
phase and round, scores and date; unreadable ones say why. Any of them can be watched
from its start (as far as it was played) or deleted, after a confirmation. A link among
the saves is listed and opened like a file, but deleting it removes only the link, never
the file it leads to (which may lie outside the data directory).

The saves are read, and their summaries computed by replaying each record, on a worker
thread: a folder of many (or huge, or slow) files must not freeze the window, so the
overlay opens at once and says it is reading until the list is there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from . import i18n
from .context import ClientContext
from .layout import Canvas
from .modules_text import module_name
from .persistence import (
    SaveEntry,
    SaveError,
    display_name,
    format_saved_at,
    list_saves,
    local_time,
)
from .save_summary import SaveSummary, SeatSummary, summarise
from .modules_text import rules_name
from .ui import theme
from .ui.confirm import ConfirmOverlay
from .ui.screen import MenuScene, draw_dialog
from .ui.text import elide
from .ui.widgets import Button
from .worker import Background

DIALOG = pygame.Rect(210, 70, 1500, 940)
LIST = pygame.Rect(DIALOG.x + 50, DIALOG.y + 110, DIALOG.w - 100, 680)
ROW_H, ROW_GAP = 124, 15
DELETE_W, DELETE_GAP = 190, 14
WATCH_W = 190
VISIBLE_ROWS = (LIST.h + ROW_GAP) // (ROW_H + ROW_GAP)
PAD = 20


@dataclass(frozen=True)
class ListedSave:
    """A file in the saves folder: its save and summary, or why it cannot be loaded."""

    entry: SaveEntry
    summary: SaveSummary | None
    error: SaveError | None

    @property
    def path(self) -> Path:
        return self.entry.path

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def playable(self) -> bool:
        return self.summary is not None

    @property
    def in_progress(self) -> bool:
        """A game's own file (the one it is saved in after every turn), not yet over."""
        return (self.entry.is_game_file and self.summary is not None
                and not self.summary.over)

    def title(self) -> str:
        """What the row is called: a game's own file by what it is (one that cannot be read
        as a game saved automatically, in words, not by its file name, such as the
        "autosave" of earlier versions), any other save by its file name."""
        if self.entry.is_game_file:
            if self.summary is None:
                return i18n.tr("load.game_file")
            return i18n.tr("load.game_over" if self.summary.over else "load.in_progress")
        return self.name


def list_summarised(folder: Path) -> list[ListedSave]:
    """Every save in ``folder`` summarised (a record that does not replay is listed with
    the error opening it would give): the games in progress first, then the rest, each
    newest first."""
    listed = []
    for entry in list_saves(folder):
        if entry.save is None:
            listed.append(ListedSave(entry, None, entry.error))
            continue
        try:
            listed.append(ListedSave(entry, summarise(entry.save), None))
        except SaveError as exc:
            listed.append(ListedSave(entry, None, exc))
    return sorted(listed, key=lambda item: not item.in_progress)


def kind_text(kind: str, level: str | None) -> str:
    """A seat's kind: person, AI with its tier, or Châteauma with its difficulty."""
    if kind == "ai":
        return i18n.tr("setup.kind.ai", tier=i18n.tr(f"tier.{level}"))
    if kind == "chateauma":
        return i18n.tr("load.kind.chateauma", difficulty=difficulty_text(level or ""))
    return i18n.tr("results.kind.human")


def difficulty_text(difficulty: str) -> str:
    """Châteauma's level in words, then its modifiers: "Hard +A+C"."""
    level, *modifiers = difficulty.split("+")
    key = f"setup.chateauma.{level}"
    words = i18n.tr(key) if i18n.has(key) else display_name(level)
    mods = "".join(f"+{m}" for m in modifiers)
    return f"{words} {mods}" if mods else words


def rules_text(rules: str, modules: tuple[str, ...]) -> str:
    """The rule set, with the modules when there are any."""
    name = rules_name(rules)
    if not modules:
        return name
    return i18n.tr("load.modules", rules=name,
                   modules=", ".join(module_name(m) for m in modules))


def progress_text(summary: SaveSummary) -> str:
    if summary.over:
        return i18n.tr("load.finished")
    if summary.phase < 0:
        return i18n.tr("load.setting_up")
    return i18n.tr("load.progress", phase="ABCDE"[summary.phase], round=summary.round + 1)


def seat_text(seat: SeatSummary) -> str:
    # Châteauma's seat is named Châteauma: its difficulty alone says the rest.
    kind = (difficulty_text(seat.level or "") if seat.kind == "chateauma"
            else kind_text(seat.kind, seat.level))
    return i18n.tr("load.seat", name=seat.name, kind=kind, score=seat.score)


def saved_text(when) -> str:
    """When a save was made, as its row says it ("saved 2025-03-01 18:42")."""
    if local_time(when) is None:
        return i18n.tr("load.saved_at_unknown")
    return i18n.tr("load.saved_at", date=format_saved_at(when))


def confirm_name(listed: ListedSave) -> str:
    """A save as the question before deleting it names it: a game's own file by what it
    is and when it was saved, any other by its file name."""
    save = listed.entry.save
    if listed.entry.is_game_file and save is not None:
        return f"{listed.title()}, {saved_text(save.saved_at)}"
    if listed.entry.is_game_file:
        return f"{listed.title()} ({listed.path.name})"
    return listed.name


class SaveRow(Button):
    """One saved game: name and date, rule set and progress, the players and scores."""

    def __init__(self, rect, listed: ListedSave, on_click, tooltip, enabled: bool) -> None:
        super().__init__(rect, listed.title, on_click, tooltip=tooltip,
                         enabled=enabled, name=f"save {listed.name}")
        self.listed = listed

    def lines(self) -> tuple[str, str, str]:
        """The date, the rule set and progress, the players (or why it cannot be loaded)."""
        listed = self.listed
        if listed.summary is None:
            error = listed.error.message() if listed.error is not None else ""
            return i18n.tr("load.damaged"), error, ""
        s = listed.summary
        when = saved_text(listed.entry.save.saved_at)
        middle = f"{rules_text(s.rules, s.modules)} \u2014 {progress_text(s)}"
        return when, middle, " \u00b7 ".join(seat_text(seat) for seat in s.seats)

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        ink = self.draw_face(canvas)
        when, middle, players = self.lines()
        room = canvas.length(w - 2 * PAD)
        date = canvas.text(when, (w - PAD, 10), theme.FONT_SMALL, ink, anchor="topright")
        name_room = room - date.w - canvas.length(24)
        canvas.text(elide(self.listed.title(), canvas.font(theme.FONT_BODY), name_room),
                    (PAD, 8), theme.FONT_BODY, ink)
        small = canvas.font(theme.FONT_SMALL)
        canvas.text(elide(middle, small, room), (PAD, 48), theme.FONT_SMALL, ink)
        canvas.text(elide(players, small, room), (PAD, 84), theme.FONT_SMALL, ink)


class LoadOverlay(MenuScene):
    is_overlay = True

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.entries: list[ListedSave] = []
        self.rows: list[SaveRow] = []
        self.watches: list[Button] = []
        self.deletes: list[Button] = []
        self.first_row = 0
        self.listed = False
        self.notice = ""
        self._listing: Background[list[ListedSave]] | None = None
        self.back = Button((DIALOG.centerx - 160, DIALOG.bottom - 104, 320, 76),
                           "common.back", self.close)

    def enter(self) -> None:
        self.add(self.back)
        super().enter()
        folder = self.ctx.saves_dir
        # An unlistable folder shows as no saves.
        self._listing = Background(lambda: list_summarised(folder), [], "list-saves")

    def update(self, dt: float) -> None:
        self._take_listing()
        super().update(dt)

    def wait_listed(self, timeout: float | None = None) -> bool:
        """Wait for the saves to be read and show them; False if the time ran out."""
        if self._listing is not None:
            self._listing.wait(timeout)
        self._take_listing()
        return self.listed

    def _take_listing(self) -> None:
        if self.listed or self._listing is None:
            return
        entries = self._listing.result()
        if entries is None:
            return
        self.listed = True
        self.entries = entries
        can_play = self.ctx.launcher is not None
        row_w = LIST.w - WATCH_W - DELETE_W - 2 * DELETE_GAP
        for listed in self.entries:
            row = SaveRow((LIST.x, LIST.y, row_w, ROW_H), listed,
                          lambda e=listed: self._open(e), self._tooltip(listed),
                          enabled=listed.playable and can_play)
            watch = Button((LIST.x + row_w + DELETE_GAP, LIST.y, WATCH_W, ROW_H), "load.watch",
                           lambda e=listed: self.watch(e), tooltip="load.watch.tip",
                           font_size=theme.FONT_BODY, enabled=listed.playable and can_play,
                           name=f"watch {listed.name}")
            delete = Button((LIST.right - DELETE_W, LIST.y, DELETE_W, ROW_H), "load.delete",
                            lambda e=listed: self.ask_delete(e), tooltip=self._delete_tip,
                            font_size=theme.FONT_BODY, enabled=not self.ctx.read_only,
                            name=f"delete {listed.name}")
            self.rows.append(self.add(row))
            self.watches.append(self.add(watch))
            self.deletes.append(self.add(delete))
        # The rows come before Back in keyboard order, as if they had been there at once.
        self.focus.widgets.remove(self.back)
        self.focus.widgets.append(self.back)
        if self.focus.focused in (None, self.back):
            self.focus.focus_first()
        self._layout()

    def _tooltip(self, listed: ListedSave):
        def text() -> str | None:
            link = listed.entry.link
            lines = [i18n.tr("load.link", target=link)] if link is not None else []
            if listed.error is not None:
                return "\n".join([listed.error.message(), *lines])
            if self.ctx.launcher is None:
                return i18n.tr("title.unavailable")
            s = listed.summary
            lines += [rules_text(s.rules, s.modules), progress_text(s)]
            lines += [seat_text(seat) for seat in s.seats]
            return "\n".join(lines)
        return text

    def _delete_tip(self) -> str:
        if self.ctx.read_only:
            return i18n.tr("load.delete.read_only")
        return i18n.tr("load.delete.tip")

    def _open(self, listed: ListedSave) -> None:
        save = listed.entry.save
        if save is not None and listed.playable and self.ctx.launcher is not None:
            self.close()
            self.ctx.launcher.open_save(save)

    def watch(self, listed: ListedSave) -> None:
        """Watch the game from its start, over this list (leaving the replay comes back
        here); an unfinished game as far as it was played."""
        save = listed.entry.save
        if save is not None and listed.playable and self.ctx.launcher is not None:
            self.ctx.launcher.watch_save(save)

    # --- deleting ------------------------------------------------------------------------

    def ask_delete(self, listed: ListedSave) -> ConfirmOverlay | None:
        """Ask before deleting a save; a read-only window never deletes."""
        if self.ctx.read_only or listed not in self.entries:
            return None

        def question() -> str:
            if listed.entry.link is not None:
                return i18n.tr("load.delete.confirm_link",
                               name=display_name(listed.path.name), target=listed.entry.link)
            return i18n.tr("load.delete.confirm", name=confirm_name(listed))

        confirm = self.stack.push(ConfirmOverlay(
            "load.delete.title", question, lambda: self.delete(listed), yes="load.delete",
            no="common.back"))
        confirm.focus.focus(confirm.no)  # Enter alone never deletes
        return confirm

    def delete(self, listed: ListedSave) -> bool:
        """Remove this save's file (and only it) and its row; for a link, the link alone
        (unlinking never follows it)."""
        if self.ctx.read_only or listed not in self.entries:
            return False
        try:
            listed.path.unlink(missing_ok=True)
        except OSError as exc:
            self.notice = i18n.tr("load.delete.failed", name=listed.name,
                                  error=exc.strerror or type(exc).__name__)
            return False
        self.notice = ""
        i = self.entries.index(listed)
        was_focused = self.focus.focused in (self.rows[i], self.watches[i], self.deletes[i])
        for widget in (self.rows.pop(i), self.watches.pop(i), self.deletes.pop(i)):
            self.panels.remove(widget)
            self.focus.widgets.remove(widget)
        del self.entries[i]
        self.scroll(0)
        if was_focused or self.focus.focused is None:
            self._focus_near(i)
        return True

    def _focus_near(self, index: int) -> None:
        """After a row went, the focus goes to the row that took its place (or the one
        above it, or Back)."""
        for j in (index, index - 1):
            if 0 <= j < len(self.rows):
                self._ensure_visible(j)
                widget = self.rows[j] if self.rows[j].enabled else self.deletes[j]
                if widget.enabled:
                    self.focus.focus(widget)
                    return
        self.focus.focus(self.back)

    # --- scrolling and the keyboard ------------------------------------------------------

    def _layout(self) -> None:
        for i, widgets in enumerate(zip(self.rows, self.watches, self.deletes)):
            slot = i - self.first_row
            for widget in widgets:
                widget.visible = 0 <= slot < VISIBLE_ROWS
                widget.rect.y = LIST.y + slot * (ROW_H + ROW_GAP)

    def scroll(self, rows: int) -> None:
        most = max(0, len(self.rows) - VISIBLE_ROWS)
        self.first_row = min(most, max(0, self.first_row + rows))
        self._layout()

    def _ensure_visible(self, index: int) -> None:
        if index < self.first_row:
            self.scroll(index - self.first_row)
        elif index >= self.first_row + VISIBLE_ROWS:
            self.scroll(index - self.first_row - VISIBLE_ROWS + 1)

    def _columns(self) -> tuple[list, ...]:
        return self.rows, self.watches, self.deletes

    def _column_of(self, widget) -> list | None:
        return next((c for c in self._columns() if widget in c), None)

    def _move_to(self, widget: Button) -> None:
        column = self._column_of(widget)
        self._ensure_visible(column.index(widget))
        self.focus.focus(widget)
        self.tooltips.focus_on(widget)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        focused = self.focus.focused
        column = self._column_of(focused)
        if event.type == pygame.KEYDOWN and column is not None:
            i = column.index(focused)
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                # Rows scrolled out of view cannot take the focus, so scroll them in first.
                usable = [w for w in column if w.enabled]
                j = usable.index(focused) + (1 if event.key == pygame.K_DOWN else -1)
                if 0 <= j < len(usable):
                    self._move_to(usable[j])
                    return True
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                # To the nearest usable button of the row in that direction.
                columns = self._columns()
                c = columns.index(column)
                side = columns[c + 1:] if event.key == pygame.K_RIGHT else columns[:c][::-1]
                other = next((col[i] for col in side if col[i].enabled), None)
                if other is not None:
                    self._move_to(other)
                return True
            elif event.key == pygame.K_DELETE:
                self.ask_delete(self.entries[i])
                return True
        return super().handle_event(event)

    def on_escape(self) -> None:
        self.close()

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        draw_dialog(canvas, DIALOG, i18n.tr("load.title"))
        if not self.listed:
            canvas.text(i18n.tr("load.loading"), LIST.center, theme.FONT_BODY,
                        theme.TEXT_MUTED, anchor="center")
        elif not self.entries:
            canvas.text(i18n.tr("load.empty"), LIST.center, theme.FONT_BODY, theme.TEXT_MUTED,
                        anchor="center")
        if self.notice:
            font = canvas.font(theme.FONT_SMALL)
            canvas.text(elide(self.notice, font, canvas.length(LIST.w)),
                        (DIALOG.centerx, LIST.bottom + 8), theme.FONT_SMALL, theme.ERROR,
                        anchor="midtop")
