"""The expansion modules at the setup: the row that shows them and the dialog that
chooses them.

The dialog offers the modules of the chosen rule set, each as a toggle with what it is in
that rule set's form. A toggle that cannot be switched says why, on itself and in its
tooltip (the rules decide, `modules_text.modules_reason` words it); the identical duchy
has its board beside it.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from . import i18n
from .art import palette
from .layout import Canvas
from .modules_text import ModuleReason, module_about, module_name, module_summary, rules_name
from .ui import theme
from .ui.screen import MenuScene, draw_dialog
from .ui.text import elide, wrap_text
from .ui.widgets import Button, Choice, Widget, _arrow, draw_toggle_face


class SetupDraft(Protocol):
    """What the row and the dialog read and change of the setup's draft (setup.SetupDraft,
    which places them: named here so that this module need not import the setup)."""

    rules: str
    modules: tuple[str, ...]

    def offered_modules(self) -> list[str]: ...
    def module_on(self, mid: str) -> bool: ...
    def module_param(self, mid: str) -> str | None: ...
    def module_params(self, mid: str) -> tuple[str, ...]: ...
    def module_block(self, mid: str) -> ModuleReason | None: ...
    def toggle_module(self, mid: str) -> None: ...
    def set_module_param(self, mid: str, param: str) -> None: ...


class SetupChoice(Choice):
    """A Choice that looks inactive when disabled."""

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        if not self.enabled:
            veil = pygame.Surface(canvas.rect((0, 0, *self.rect.size)).size, pygame.SRCALPHA)
            veil.fill((*theme.PANEL, 170))
            canvas.surface.blit(veil, canvas.px(0, 0))

# Nearly the window's width: a module's note has room for its whole text beside its toggle
# in two columns too.
DIALOG = pygame.Rect(80, 50, 1760, 980)
ROW_Y, ROW_STEP, ROW_H = DIALOG.y + 180, 130, 76
TOGGLE_X, TOGGLE_W = 240, 560
NOTE_X = 830
NOTE_W = DIALOG.right - 40 - NOTE_X
BOARD_W = 420
CLOSE_TOP = DIALOG.bottom - 110


ONE_COLUMN_MAX = 9      # more modules than this share two columns
COLUMN_GAP = 40


def columns(rows: int) -> int:
    return 1 if rows <= ONE_COLUMN_MAX else 2


def rows_per_column(rows: int) -> int:
    return -(-rows // columns(rows))


def row_step(rows: int) -> float:
    """The rows' spacing: as wide as ROW_STEP while they fit above the close button."""
    per_column = rows_per_column(rows)
    if per_column < 2:
        return ROW_STEP
    return min(ROW_STEP, (CLOSE_TOP - 14 - ROW_Y) / per_column)


def row_height(rows: int) -> float:
    """A row's height: ROW_H, less when the rows close up so that a gap stays between
    them."""
    return min(ROW_H, row_step(rows) - 10)


def row_rects(rows: int) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Each row's toggle and the space beside it for its note (or its board choice): one
    column of wide rows, or, for more modules than fit legibly, two columns filled
    top to bottom, the first column first."""
    step, height = row_step(rows), row_height(rows)
    if columns(rows) == 1:
        return [(pygame.Rect(TOGGLE_X, round(ROW_Y + i * step), TOGGLE_W, round(height)),
                 pygame.Rect(NOTE_X, round(ROW_Y + i * step), NOTE_W, round(height)))
                for i in range(rows)]
    width = (DIALOG.width - 80 - COLUMN_GAP) // 2
    toggle_w = 370
    out = []
    for i in range(rows):
        column, row = divmod(i, rows_per_column(rows))
        x = DIALOG.x + 40 + column * (width + COLUMN_GAP)
        y = round(ROW_Y + row * step)
        # The note may be taller than its toggle (a third line), centred beside it.
        note_h = max(height, step - 14)
        out.append((pygame.Rect(x, y, toggle_w, round(height)),
                    pygame.Rect(x + toggle_w + 16, round(y + (height - note_h) / 2),
                                width - toggle_w - 16, round(note_h))))
    return out


def chosen_text(draft: SetupDraft) -> str:
    if not draft.modules:
        return i18n.tr("setup.modules.none")
    return ", ".join(module_name(m) for m in draft.modules)


def rules_label(rules: str) -> str:
    return rules_name(rules)


class ModulesRow(Widget):
    """The setup's line for the modules: 'Modules   Duchies 11-18, Four more tiles'.
    A click opens the dialog; disabled when the rule set offers none."""

    def __init__(self, rect: Any, draft: SetupDraft, on_click: Any) -> None:
        super().__init__(rect, tooltip=self._tip, name="modules")
        self.draft = draft
        self.on_click = on_click
        self.pressed = False

    def _tip(self) -> str:
        d = self.draft
        if not d.offered_modules():
            return i18n.tr("setup.modules.unoffered", rules=rules_label(d.rules))
        return i18n.tr("setup.modules.tip", modules=chosen_text(d))

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        # Opened on the release, as a button is: the dialog then takes the release's
        # place on top, and the setup below keeps no pressed widget.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and 0 <= event.pos[0] < self.rect.w and 0 <= event.pos[1] < self.rect.h:
                self.activate()
            return True
        return False

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        highlight = (self.hovered or self.focused) and self.enabled
        canvas.fill_rect((0, 0, w, h), palette.lighter(theme.PANEL, 0.4) if highlight
                         else theme.PANEL, radius=theme.RADIUS)
        if self.focused:
            canvas.fill_rect((0, 0, w, h), theme.FOCUS, radius=theme.RADIUS, width=4)
        ink = theme.TEXT if self.enabled else theme.TEXT_MUTED
        label_end = canvas.text(i18n.tr("setup.modules"), (24, h / 2), theme.FONT_BODY, ink,
                                anchor="midleft")
        left = (label_end.right - canvas.px(0, 0)[0]) / canvas.scale + 30
        room = canvas.length(w - left - 50)
        value = chosen_text(self.draft) if self.draft.offered_modules() else \
            i18n.tr("setup.modules.none")
        size = theme.FONT_BODY
        while size > theme.FONT_MIN and canvas.font(size).size(value)[0] > room:
            size -= 1
        if canvas.font(size).size(value)[0] > room:
            # Too many names for the line: their number; the tooltip names them.
            value = i18n.trn("setup.modules.count", len(self.draft.modules),
                             count=len(self.draft.modules))
        canvas.text(value, (w - 50, h / 2), size, ink, anchor="midright")
        if self.enabled:  # it opens the dialog
            _arrow(canvas, (w - 20, h / 2), 1, theme.BUTTON)


class ModuleToggle(Button):
    """A module switched on or off; disabled, with the reason, when it cannot switch."""

    def __init__(self, rect: Any, draft: SetupDraft, mid: str) -> None:
        super().__init__(rect, self._label, lambda: draft.toggle_module(mid),
                         tooltip=self._tip, font_size=theme.FONT_BODY, name=f"module {mid}")
        self.draft = draft
        self.mid = mid

    def _label(self) -> str:
        on = self.draft.module_on(self.mid)
        return i18n.tr("setup.module.on" if on else "setup.module.off",
                       name=module_name(self.mid))

    def _tip(self) -> str:
        about = module_about(self.mid, self.draft.rules)
        block = self.draft.module_block(self.mid)
        return about if block is None else f"{block.message()}\n{about}"

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        on = self.draft.module_on(self.mid)
        # Kept on by another module (duchies 11-18 under castle connection) reads as on,
        # only muted.
        ink = draw_toggle_face(canvas, self, on, kept_on=True)
        # A box ticked or empty: "on" is not shown by colour alone.
        box = pygame.Rect(20, h / 2 - 16, 32, 32)
        canvas.fill_rect(box, ink, radius=6, width=3)
        if on:
            canvas.fill_rect(box.inflate(-14, -14), ink, radius=3)
        # A long name in a narrow toggle (two columns, German) takes the smaller type,
        # and, if it still does not fit, is cut short (the tooltip names the module).
        name, room = module_name(self.mid), canvas.length(w - 72 - 14)
        size = self.font_size
        if canvas.font(size).size(name)[0] > room:
            size = theme.FONT_SMALL
        canvas.text(elide(name, canvas.font(size), room), (72, h / 2), size, ink,
                    anchor="midleft")


def param_key(mid: str) -> str:
    """The words for a module's parameter choice: its own where it has them (the solo
    game's target), else the identical duchy's board."""
    key = f"setup.module.param.{mid}"
    return key if i18n.has(key) else "setup.module.board"


def param_label(param: str, key: str = "") -> str:
    """A parameter as a choice shows it: in words where the module has them (the
    vineyards' 'all' and 'reduced'), else its value: 'target=50' -> '50', '20' -> '20'."""
    if key and i18n.has(f"{key}.{param}"):
        return i18n.tr(f"{key}.{param}")
    return param.partition("=")[2] or param


class ModulesDialog(MenuScene):
    """The modules the draft's rule set offers, over the setup."""

    is_overlay = True

    def __init__(self, draft: SetupDraft) -> None:
        super().__init__()
        self.draft = draft
        self.toggles: dict[str, ModuleToggle] = {}
        # A module's parameter beside its toggle (the board of identical_board, the
        # vineyards' reduced option, the solo game's target), by module.
        self.param_choices: dict[str, Choice] = {}
        offered = draft.offered_modules()
        self.note_rects: dict[str, pygame.Rect] = {}
        for mid, (toggle, note) in zip(offered, row_rects(len(offered))):
            self.toggles[mid] = self.add(ModuleToggle(toggle, draft, mid))
            self.note_rects[mid] = note
            params = draft.module_params(mid)
            if params:
                board = pygame.Rect(note.x, note.y, min(BOARD_W, note.width), note.height)
                # the note goes beside the choice, or, in a narrow column, only into the
                # toggle's tooltip
                note.width = max(0, note.width - board.width - 20)
                note.x = board.right + 20
                key = param_key(mid)
                self.param_choices[mid] = self.add(SetupChoice(
                    board, key,
                    [(p, lambda p=p, key=key: param_label(p, key)) for p in params],
                    draft.module_param(mid),
                    lambda v, mid=mid: draft.set_module_param(mid, v),
                    tooltip=lambda mid=mid, key=key: i18n.tr(
                        f"{key}.tip" if draft.module_on(mid) else f"{key}.off"),
                    name=f"param {mid}"))
        self.close_button = self.add(Button((DIALOG.centerx - 160, CLOSE_TOP, 320,
                                             80), "common.close", self.close))
        self._sync()

    def _sync(self) -> None:
        for mid, toggle in self.toggles.items():
            toggle.enabled = self.draft.module_block(mid) is None
        for mid, choice in self.param_choices.items():
            choice.enabled = self.draft.module_on(mid)

    def on_escape(self) -> None:
        self.close()

    def tooltip_under(self, pos: tuple[float, float]) -> Any:
        under = super().tooltip_under(pos)
        if under is None:
            # A note may be cut short: resting on it shows its toggle's tooltip, which
            # holds the whole text.
            for mid, rect in self.note_rects.items():
                if rect.width >= 120 and rect.collidepoint(pos):
                    return self.toggles[mid]
        return under

    def handle_event(self, event: pygame.event.Event) -> bool:
        consumed = super().handle_event(event)
        self._sync()
        return consumed

    def update(self, dt: float) -> None:
        self._sync()
        super().update(dt)

    def note(self, mid: str) -> tuple[str, Any]:
        """The line beside a toggle: why it cannot switch, else what the module is."""
        block = self.draft.module_block(mid)
        if block is not None:
            return block.message(), theme.ERROR
        return module_summary(mid, self.draft.rules), theme.TEXT_MUTED

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        draw_dialog(canvas, DIALOG, i18n.tr("setup.modules.title"))
        canvas.text(i18n.tr("setup.modules.rules", rules=rules_label(self.draft.rules)),
                    (DIALOG.centerx, DIALOG.y + 116), theme.FONT_SMALL, theme.TEXT_MUTED,
                    anchor="center")
        for mid, toggle in self.toggles.items():
            text, colour = self.note(mid)
            rect = self.note_rects[mid]
            if rect.width < 120:
                continue
            lines, size = self.note_lines(canvas, text, rect)
            step = canvas.font(size).get_linesize() / canvas.scale
            top = toggle.rect.centery - step * len(lines) / 2
            for j, line in enumerate(lines):
                canvas.text(line, (rect.x, top + j * step), size, colour)

    def note_lines(self, canvas: Canvas, text: str, rect: pygame.Rect) -> tuple[list[str], int]:
        """A note wrapped to its place and the type size it is drawn in: the small type, or
        the smallest where the small one needs more lines than the row holds. Only a
        text too long even for that is cut short with an ellipsis (the toggle's tooltip
        holds the whole text)."""
        for size in (theme.FONT_SMALL, theme.FONT_MIN):
            font = canvas.font(size)
            step = font.get_linesize() / canvas.scale
            lines = wrap_text(text, font, canvas.length(rect.width))
            fit = max(1, int((rect.height + 14) // step))
            if len(lines) <= fit:
                return lines, size
        lines = lines[:fit]
        lines[-1] = lines[-1].rstrip(" ,.;") + "…"
        return lines, theme.FONT_MIN
