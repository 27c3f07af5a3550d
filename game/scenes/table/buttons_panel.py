"""The buttons panel: the table's action buttons (workers, buy, end the turn, undo, hint,
menu and a module's own actions) and the choice box, where a decision answered from a list
of options (or a payment asked by a click) shows its options as buttons, a page at a time
when there are many.

The panel owns the buttons' layout, whether each is offered now, the choice box's drawing
and its pages. What a button does is the scene's (`take_workers`, `end_turn`, ...), the
same steps the keys take, or for a module's button the module's (seam.ModuleButton); a
chosen option is played through the scene.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..art import palette
from .. import fonts
from ..layout import Canvas, PanelGroup
from ..ui import theme
from ..ui.text import wrap_text
from ..ui.widgets import Button, IconButton
from . import geometry as g
from .interaction import Narrowing, buy_ops
from .log import choice_label
from .paint import fit_text, text
from .seam import (ModuleButton, any_time, choice_heading, choice_icon, choice_tip,
                   icon_decisions, in_play, listed_decisions)
from .ship_choice import ShipGoodsButton, draw_ship_marks, ship_depots

if TYPE_CHECKING:
    from .seam import Table

# Choices shown with a building's or an animal's icon beside their words.
# Up to UNPAGED options are listed at once; more are listed PAGE_SIZE to a page.
UNPAGED = 10
PAGE_SIZE = 8
# Options whose words do not fit half the box take its whole width: up to WIDE_UNPAGED
# are listed at once (rows as tall as a page's), more WIDE_PAGE to a page.
WIDE_UNPAGED = 5
WIDE_PAGE = 4


class ActionButtons:
    """The row of action buttons under the estate."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene

        def add(index: int, label, action, tip: str, hotkey_name: str) -> Button:
            button = Button(g.button_rect(index), label, action, font_size=25,
                            tooltip=lambda: i18n.tr(tip, key=hotkey_name))
            scene.panels.add(button)
            return button
        self.workers = add(0, "table.workers_action", scene.steps.take_workers, "table.tip.workers",
                           "W")
        self.buy = add(1, lambda: i18n.tr("table.cancel_buy" if self.buying()
                                          else "table.buy"), scene.steps.toggle_buy,
                       "table.tip.buy", "B")
        self.end = add(2, lambda: i18n.tr("table.decline" if self.declining()
                                          else "table.end_turn"), scene.steps.end_turn,
                       "table.tip.end", "E")
        self.undo = add(3, "table.undo", scene.undo, "table.tip.undo", "Ctrl+Z")
        self.hint = add(4, "table.hint", scene.ask_hint, "table.tip.hint", "H")
        self.menu = add(5, "table.menu", scene.open_menu, "table.tip.menu", "Esc")
        # The modules' own buttons, in the places they ask for: a button with one place
        # takes it; one with several the first that no button with one place takes; one
        # with none left is not shown.
        self.module_buttons: dict[str, tuple[ModuleButton, Button]] = {}
        declared = [b for m in in_play(scene.session.config) for b in m.buttons]
        taken = {b.places[0] for b in declared if len(b.places) == 1}
        for b in declared:
            free = [p for p in b.places if len(b.places) == 1 or p not in taken]
            button = add(free[0] if free else b.places[-1], b.label,
                         lambda b=b: b.click(scene), b.tooltip, b.hotkey_name)
            button.visible = bool(free)
            self.module_buttons[b.label] = (b, button)

    def buying(self) -> bool:
        n = self.scene.narrowing
        return n is not None and n.buying

    def press_key(self, key: int) -> bool:
        """A module's button's key: its click, where the button is shown (or its key
        works unshown); False for another key."""
        for b, button in self.module_buttons.values():
            if b.hotkey == key and (button.visible or b.keyed_unplaced):
                b.click(self.scene)
                return True
        return False

    def declining(self) -> bool:
        n = self.scene.narrowing
        return n is not None and n.has("decline") and not n.has("end")

    def refresh(self, n: Narrowing | None) -> None:
        """Each button offered only when its action is open now (n: the narrowing when a
        person may act, else None)."""
        self.workers.enabled = n is not None and n.has("workers")
        self.buy.enabled = n is not None and any(n.has(op) for op in buy_ops())
        for b, button in self.module_buttons.values():
            button.enabled = b.offered(n)
        self.end.enabled = n is not None and (n.has("end") or n.has("decline")
                                              or bool(n.unused_dice()))
        self.undo.enabled = self.scene.can_undo()
        self.hint.enabled = n is not None and self.scene.hint_move is None


class ChoiceBox:
    """The options of a listed decision or a payment, as buttons in the choice box."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.panels = PanelGroup()
        self.buttons: list[Button] = []
        self.page_buttons: list[Button] = []
        self.actions: list[tuple] = []
        self.page = 0
        self.wide = False       # the options' words need the box's whole width

    def shown(self) -> bool:
        """The box lies over the dice tray now: a person may act, and a decision's options
        are listed (asked by a click, or a decision answered from a list)."""
        scene = self.scene
        n = scene.narrowing if scene.can_act() else None
        return n is not None and bool(scene.options or n.decision in listed_decisions())

    def build(self, page: int = 0) -> None:
        """The options as buttons; more than UNPAGED of them are shown PAGE_SIZE at a
        time, with buttons to turn the page."""
        scene = self.scene
        for b in self.buttons + self.page_buttons:
            self.panels.remove(b)
        self.buttons, self.page_buttons = [], []
        self.actions = []
        n = scene.narrowing
        if n is None:
            return
        if scene.options:
            actions = list(scene.options)
        elif n.decision in listed_decisions():
            # A module's actions open to every decision of a turn (buying workers) have
            # their own buttons, not a place among the options.
            actions = [a for a in n.legal if a[0] not in ("decline", *any_time())]
            actions += [a for a in n.legal if a[0] == "decline"]
        else:
            return
        self.actions = actions
        self.wide = self._too_wide_for_two(actions)
        pages = self.pages()
        self.page = max(0, min(page, pages - 1))
        area = g.CHOICE.inflate(-24, -70).move(0, 22)
        first = 0
        if pages > 1:
            # Declining is not paged: it stands in the last row of every page, so no page
            # holds it alone.
            options, declines = self._split()
            first = self.page * self._per_page()
            shown = options[first:first + self._per_page()] + declines
            nav = pygame.Rect(area.x, area.bottom - 44, area.w, 44)
            area.h -= 52
            for delta, label, rect in ((-1, "\u00ab", (nav.x, nav.y, 120, nav.h)),
                                       (1, "\u00bb", (nav.right - 120, nav.y, 120, nav.h))):
                button = Button(rect, lambda s=label: s,
                                lambda d=delta: self.turn_page(d), font_size=30,
                                name=f"page {delta:+d}",
                                tooltip=lambda d=delta: i18n.tr(
                                    "table.tip.page_next" if d > 0 else "table.tip.page_prev"))
                button.enabled = 0 <= self.page + delta < pages
                self.panels.add(button)
                self.page_buttons.append(button)
            cols, rows = (1, WIDE_PAGE) if self.wide else (2, PAGE_SIZE // 2)
        else:
            shown = actions
            cols = 1 if len(actions) <= 4 or self.wide else 2
            rows = max(1, math.ceil(len(actions) / cols))
        if n.decision in icon_decisions() and pages == 1 and not scene.options:
            self._build_icons(actions, area)
            return
        h = min(64, (area.h - (rows - 1) * 8) / rows)
        w = (area.w - (cols - 1) * 10) / cols
        # One column at the body size, unless some option's words need the smallest.
        single = 26 if not any(self._width(a, 26) > area.w for a in shown) else theme.FONT_MIN
        for i, action in enumerate(shown):
            r, c = divmod(i, cols)
            rect = (area.x + c * (w + 10), area.y + r * (h + 8), w, h)
            if pages > 1 and action[0] == "decline":   # the page's last row, whole
                rect = (area.x, area.y + (rows - 1) * (h + 8), area.w, h)
            label = (lambda a=action: choice_label(a, scene.state))
            font_size = theme.FONT_MIN if cols > 1 else single
            if ship_depots(action):  # the goods shown on the button
                button = ShipGoodsButton(rect, scene, action, font_size=font_size,
                                         name=f"choice {first + i}",
                                         tooltip=choice_tip(action) or label)
            else:
                button = Button(rect, label, lambda a=action: scene.choose(a),
                                font_size=font_size, name=f"choice {first + i}",
                                tooltip=choice_tip(action))
            button.action = action
            self.panels.add(button)
            self.buttons.append(button)

    def _build_icons(self, actions: list[tuple], area: pygame.Rect) -> None:
        """Buildings or species as icons, four to a row, their names in the tooltips;
        declining, when it is possible, as a button of words below them."""
        scene = self.scene
        icons = [a for a in actions if choice_icon(a) is not None]
        words = [a for a in actions if choice_icon(a) is None]
        rows = math.ceil(len(icons) / 4) + len(words)
        h = min(76, (area.h - (rows - 1) * 8) / rows)
        w = (area.w - 3 * 10) / 4
        for i, action in enumerate(icons):
            r, c = divmod(i, 4)
            rect = (area.x + c * (w + 10), area.y + r * (h + 8), w, h)
            button = IconButton(rect, "", lambda a=action: scene.choose(a),
                                icon_name=choice_icon(action), name=f"choice {i}",
                                tooltip=lambda a=action: self._icon_tip(a))
            button.action = action
            self.panels.add(button)
            self.buttons.append(button)
        top = area.y + math.ceil(len(icons) / 4) * (h + 8)
        for j, action in enumerate(words):
            rect = (area.x, top + j * (h + 8), area.w, h)
            button = Button(rect, lambda a=action: choice_label(a, scene.state),
                            lambda a=action: scene.choose(a), font_size=26,
                            name=f"choice {len(icons) + j}")
            button.action = action
            self.panels.add(button)
            self.buttons.append(button)

    def _icon_tip(self, action: tuple) -> str:
        name = choice_label(action, self.scene.state)
        if action[0] == "crane":  # what the building's effect does
            return f"{name}: {i18n.tr(f'tip.building.{choice_icon(action)}')}"
        return name

    def _width(self, action: tuple, size: float) -> float:
        """An option's words with its button's margins, in design units."""
        words = choice_label(action, self.scene.state)
        return fonts.get(round(size)).size(words)[0] + 24

    def _too_wide_for_two(self, actions: list[tuple]) -> bool:
        """Whether some option's words would be cut off in a box of two columns."""
        half = (g.CHOICE.w - 24 - 10) / 2
        return len(actions) > 4 and any(self._width(a, theme.FONT_MIN) > half for a in actions)

    def _split(self) -> tuple[list[tuple], list[tuple]]:
        """The options, and declining (when it is one of them)."""
        return ([a for a in self.actions if a[0] != "decline"],
                [a for a in self.actions if a[0] == "decline"])

    def _per_page(self) -> int:
        """The options a page lists besides declining, which takes a row of its own."""
        declines = self._split()[1]
        if self.wide:
            return WIDE_PAGE - len(declines)
        return PAGE_SIZE - 2 * len(declines)

    def pages(self) -> int:
        if len(self.actions) <= (WIDE_UNPAGED if self.wide else UNPAGED):
            return 1
        return math.ceil(len(self._split()[0]) / self._per_page())

    def turn_page(self, delta: int) -> bool:
        """Show the next (1) or previous (-1) page of options; False at either end."""
        page = self.page + delta
        if not self.buttons or not 0 <= page < self.pages():
            return False
        self.build(page)
        return True

    def draw(self, canvas: Canvas, n: Narrowing) -> None:
        """The box and its heading; the buttons are drawn with the panels, over it."""
        box = g.CHOICE
        canvas.fill_rect(box, palette.PARCHMENT, radius=16)
        canvas.fill_rect(box, theme.PANEL_EDGE, radius=16, width=3)
        options = self.scene.options
        if options:
            key = choice_heading(options) or "table.choose.payment"
        else:
            key = f"table.choose.{n.decision}"
        heading = i18n.tr(key)
        font = canvas.font(theme.FONT_MIN)
        lines = wrap_text(heading, font, canvas.length(box.w - 30))
        if len(lines) == 1:
            fit_text(canvas, heading, (box.centerx, box.y + 26), 26, palette.INK,
                     box.w - 30, "center")
        else:  # two lines fit above the options; the prompt line says it too
            for i, line in enumerate(lines[:2]):
                text(canvas, line, (box.centerx, box.y + 17 + i * 25), theme.FONT_MIN,
                     palette.INK, "center")
        if not self.buttons:
            text(canvas, i18n.tr("table.choose.on_board"), box.center, 24, theme.TEXT_MUTED,
                 "center")
        draw_ship_marks(canvas, self.scene, self.buttons)
        pages = self.pages()
        if pages > 1 and self.page_buttons:
            text(canvas, i18n.tr("table.page", page=self.page + 1, pages=pages),
                 (box.centerx, self.page_buttons[0].rect.centery), 22, palette.INK, "center")
