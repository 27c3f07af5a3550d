"""The title screen: new game, the tutorial, continue, load, statistics, settings, rules
reference, quit."""

from __future__ import annotations

import random

import pygame

from . import i18n
from .art import palette, pieces
from .art.faces import all_faces
from .context import ClientContext
from .layout import DESIGN_RECT, Canvas
from .load_menu import LoadOverlay
from .persistence import SaveError, SaveFile, format_saved_at, local_time
from .rules_reference import RulesReferenceScene
from .save_summary import latest_game_in_progress
from .settings_menu import SettingsOverlay
from .statistics_screen import StatisticsScene
from .ui import theme
from .ui import confirm
from .ui.confirm import FittedDialog
from .ui.screen import MenuScene
from .ui.text import wrap_text
from .ui.widgets import Button

# Eight buttons and up to four lines of notice below them fit above the bottom edge.
BUTTON_X, BUTTON_Y, BUTTON_W, BUTTON_H, BUTTON_GAP = 140, 310, 560, 64, 12
NOTICE_W = 640
ESTATE_CENTRE, ESTATE_HEX = (1350, 545), 68


# A made-up estate (no printed board), rows of 4, 5, 6, 7, 6, 5, 4 spaces.
_DECORATION_COLOURS = "PPKK" "PPCKB" "SSCBBB" "SMMCBBP" "SSMKKP" "BSKPP" "BBSC"
_CODES = {"C": "castle", "M": "mine", "K": "monastery", "S": "ship", "P": "pasture",
          "B": "building"}


def _decoration() -> tuple[list[str], list[int], list]:
    """The title screen's estate, partly covered with tiles."""
    rng = random.Random(1471)
    colours = [_CODES[c] for c in _DECORATION_COLOURS]
    dice = [rng.randint(1, 6) for _ in range(37)]
    by_colour: dict[str, list] = {}
    for face in all_faces():
        by_colour.setdefault(face.colour, []).append(face)
    tiles = [rng.choice(by_colour[c]) if rng.random() < 0.5 else None for c in colours]
    return colours, dice, tiles


class TitleScene(MenuScene):
    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.continue_save: SaveFile | None = None
        self.continue_error: SaveError | None = None
        self._decoration = _decoration()
        entries = [
            ("title.new_game", self._new_game, self._new_game_tip),
            ("title.tutorial", self._tutorial, self._tutorial_tip),
            ("title.continue", self._continue, self._continue_tip),
            ("title.load", self._load, "title.load.tip"),
            ("title.statistics", self._statistics, "title.statistics.tip"),
            ("title.settings", self._settings, "title.settings.tip"),
            ("title.rules", self._rules, "title.rules.tip"),
            ("title.quit", self.ctx.request_quit, "title.quit.tip"),
        ]
        self.buttons: dict[str, Button] = {}
        for i, (key, action, tip) in enumerate(entries):
            rect = (BUTTON_X, BUTTON_Y + i * (BUTTON_H + BUTTON_GAP), BUTTON_W, BUTTON_H)
            hotkey = pygame.K_F1 if key == "title.rules" else None
            self.buttons[key] = self.add(Button(rect, key, action, tooltip=tip, hotkey=hotkey))

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ctx.read_only and not self.ctx.read_only_explained and self.stack is not None:
            self.ctx.read_only_explained = True
            self.stack.push(AlreadyOpenOverlay(self.ctx))

    def resume(self) -> None:
        self.refresh()
        if self.focus.focused is None or not self.focus.focused.enabled:
            self.focus.focus_first()

    def refresh(self) -> None:
        """Re-read what the buttons depend on (a game may have been played or deleted)."""
        self.continue_save, self.continue_error = latest_game_in_progress(self.ctx.saves_dir)
        can_play = self.ctx.launcher is not None
        # A read-only window only looks at saved games: a new game could never be saved.
        self.buttons["title.new_game"].enabled = can_play and not self.ctx.read_only
        self.buttons["title.tutorial"].enabled = can_play and not self.ctx.read_only
        self.buttons["title.continue"].enabled = can_play and self.continue_save is not None

    def _new_game_tip(self) -> str:
        if self.ctx.launcher is None:
            return i18n.tr("title.unavailable")
        if self.ctx.read_only:
            return self.ctx.read_only_text()
        return i18n.tr("title.new_game.tip")

    def _tutorial_tip(self) -> str:
        if self.ctx.launcher is None:
            return i18n.tr("title.unavailable")
        if self.ctx.read_only:
            return self.ctx.read_only_text()
        return i18n.tr("title.tutorial.tip")

    def _continue_tip(self) -> str:
        if self.continue_error is not None:
            return i18n.tr("title.continue.broken", error=self.continue_error.message())
        if self.continue_save is None:
            return i18n.tr("title.continue.none")
        if self.ctx.launcher is None:
            return i18n.tr("title.unavailable")
        when = self.continue_save.saved_at
        if local_time(when) is None:
            return i18n.tr("title.continue.tip_unknown")
        return i18n.tr("title.continue.tip", date=format_saved_at(when))

    def notice_text(self) -> str:
        """Shown under the buttons: why the last game cannot be continued, so the player
        learns it without hovering over a disabled button."""
        lines = []
        if self.ctx.read_only:
            lines.append(self.ctx.read_only_text())
        if self.continue_error is not None:
            lines.append(i18n.tr("title.continue.broken", error=self.continue_error.message()))
        return "\n".join(lines)

    def _new_game(self) -> None:
        if self.ctx.launcher is not None:
            self.ctx.launcher.new_game()

    def _tutorial(self) -> None:
        if self.ctx.launcher is not None:
            self.ctx.launcher.start_tutorial()

    def _continue(self) -> None:
        if self.ctx.launcher is not None and self.continue_save is not None:
            self.ctx.launcher.open_save(self.continue_save)

    def _load(self) -> None:
        self.stack.push(LoadOverlay(self.ctx))

    def _statistics(self) -> None:
        self.stack.push(StatisticsScene(self.ctx))

    def _settings(self) -> None:
        self.stack.push(SettingsOverlay(self.ctx))

    def _rules(self) -> None:
        self.stack.push(RulesReferenceScene(self.ctx))

    def draw_background(self, canvas: Canvas) -> None:
        canvas.surface.fill(theme.LETTERBOX)
        canvas.fill_rect(DESIGN_RECT, theme.BACKGROUND)
        canvas.fill_rect((0, 0, 820, 1080), palette.darker(theme.BACKGROUND, 0.25))
        colours, dice, tiles = self._decoration
        pieces.draw_estate(canvas.surface, canvas.px(*ESTATE_CENTRE),
                           canvas.length(ESTATE_HEX), colours, dice, tiles)
        canvas.text(i18n.tr("app.title"), (BUTTON_X, 124), theme.FONT_TITLE * 0.78,
                    palette.PARCHMENT)
        canvas.text(i18n.tr("app.subtitle"), (BUTTON_X + 4, 222), theme.FONT_BODY,
                    palette.mix(palette.PARCHMENT, theme.BACKGROUND, 0.35))
        notice = self.notice_text()
        if notice:
            font = canvas.font(theme.FONT_SMALL)
            step = font.get_linesize() / canvas.scale
            top = BUTTON_Y + len(self.buttons) * (BUTTON_H + BUTTON_GAP) + 6
            for i, line in enumerate(wrap_text(notice, font, canvas.length(NOTICE_W))[:4]):
                canvas.text(line, (BUTTON_X, top + i * step), theme.FONT_SMALL,
                            theme.ERROR_ON_DARK)


class AlreadyOpenOverlay(FittedDialog):
    """Another instance holds the data directory, or its lock cannot be taken: look at
    saved games here without saving anything, or exit."""

    WIDTH = 1000
    ALIGN = "left"

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__(lambda: ctx.read_only_text("instance.text"))
        self.ctx = ctx
        self.view_button = self.add(Button((0, 0, 400, confirm.BUTTON_H), "instance.view",
                                           self.close))
        self.exit_button = self.add(Button((0, 0, 400, confirm.BUTTON_H), "instance.exit",
                                           ctx.request_quit))
        self.fit()

    def place_buttons(self, dialog: pygame.Rect, y: int) -> None:
        self.view_button.rect.topleft = (dialog.centerx - 430, y)
        self.exit_button.rect.topleft = (dialog.centerx + 30, y)

    def dialog_title(self) -> str:
        return i18n.tr("instance.title" if self.ctx.lock_problem is None
                       else "instance.title.lock")
