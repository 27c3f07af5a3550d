"""The dice tray panel: the shown seat's two dice, the white die, the value a die is used
as (with its cost in workers) and the − and + buttons that step that value.

The panel owns the tray's frame (painted once into the table's background), the dice's
drawing, their hit areas and tooltips, the stepper buttons and whether they are offered.
A throw in flight is the motion's (`scene.dice_roll`, motion.py): the tray shows it in the
place of the dice until it lands. What a click on a die or a stepper does is the scene's
(`select_die`, `step_value`), the same steps the keys take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..anim.dice import draw_dice
from ..art import palette, pieces
from ..layout import Canvas
from ..ui.text import wrap_text
from ..ui.widgets import Button
from . import geometry as g
from .paint import FELT, GOLD, blit_at, text
from .interaction import WHITE_DIE
from .tips import Spot

if TYPE_CHECKING:
    from .interaction import Highlights, Narrowing
    from .seam import Table
    from .view import PlayerView


# A castle's extra action's words: below the dice and their labels.
CASTLE_NOTE_TOP = 180
CASTLE_NOTE_SIZE = 26


class DicePanel:
    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.rect = g.DICE
        y = g.DICE.y + 190
        self.minus = Button((g.DICE.x + 20, y, 64, 64), lambda: "\u2212",
                            lambda: scene.steps.step_value(-1), font_size=40,
                            tooltip=lambda: i18n.tr("table.tip.minus"))
        self.plus = Button((g.DICE.x + 356, y, 64, 64), lambda: "+",
                           lambda: scene.steps.step_value(1), font_size=40,
                           tooltip=lambda: i18n.tr("table.tip.plus"))

    def buttons(self) -> list[Button]:
        return [self.minus, self.plus]

    def refresh(self, n: Narrowing | None) -> None:
        """The stepper is offered while a chosen die's value may change (a player's die,
        or the white die for a white castle's action)."""
        value_shown = n is not None and n.die in (0, 1, WHITE_DIE)
        self.minus.visible = self.plus.visible = value_shown
        self.minus.enabled = self.plus.enabled = (n is not None and value_shown
                                                  and len(n.values()) > 1)

    # --- hit areas and tooltips ------------------------------------------------------------

    def shows(self, die: int | str) -> bool:
        """Whether a die (0, 1 or "white") lies in the tray to be pointed at: not under
        the choice box, not in a throw, and rolled."""
        scene = self.scene
        if scene.dice_roll is not None or scene.choices.shown():
            return False
        if die == "white":
            return bool(scene.view.white)
        return bool(scene.view.players[scene.shown_seat].dice[die])

    def spots(self) -> list[Spot]:
        return [Spot("die", die if die < 2 else "white", g.die_centre(die), 44,
                     lambda d=die: self.die_tip(d))
                for die in range(3)]

    def die_tip(self, die: int) -> str:
        view = self.scene.view
        if die == 2:
            return i18n.tr("tip.white_die", value=view.white)
        pv = view.players[self.scene.shown_seat]
        return i18n.tr("tip.die", number=die + 1, value=pv.dice[die])

    # --- drawing ---------------------------------------------------------------------------

    def paint_frame(self, canvas: Canvas) -> None:
        """The tray, part of the table's background layer."""
        canvas.fill_rect(self.rect, palette.darker(FELT, 0.25), radius=16)
        canvas.fill_rect(self.rect, palette.darker(FELT, 0.45), radius=16, width=3)

    def draw_highlights(self, canvas: Canvas, h: Highlights, ring) -> None:
        """Rings round the dice a click may choose now."""
        for d in h.dice:
            x, y = g.die_centre(d)
            canvas.fill_rect((x - 50, y - 50, 100, 100), ring, radius=16, width=4)

    def draw(self, canvas: Canvas, pv: PlayerView, n: Narrowing | None) -> None:
        scene = self.scene
        if scene.dice_roll is not None:
            roll, colours = scene.dice_roll
            draw_dice(canvas, (g.DICE.x, g.DICE.y + 20), roll.frames, 56, colours)
            return
        colour = scene.seat_colour(pv.seat)
        if n is not None and n.die == 2:
            self._draw_castle_note(canvas)
        elif n is not None and n.die == WHITE_DIE:
            text(canvas, i18n.tr("table.white_action", value=scene.view.white),
                 (g.DICE.centerx, g.DICE.y + 16), 24, palette.INK_LIGHT, "center")
        for die in range(2):
            value = pv.dice[die]
            if not value:
                continue
            image = pieces.seat_die(value, canvas.length(g.DIE_SIZE), colour)
            if pv.used[die]:
                image = image.copy()
                image.set_alpha(90)
            pos = g.die_centre(die)
            blit_at(canvas, image, pos)
            if pv.used[die]:
                text(canvas, i18n.tr("table.used"), (pos[0], pos[1] + 60), 20,
                     palette.INK_LIGHT, "center")
            else:
                text(canvas, str(die + 1), (pos[0], pos[1] + 60), 20, palette.INK_LIGHT,
                     "center")
            if n is not None and n.chosen_die == die:
                x, y = pos
                canvas.fill_rect((x - 52, y - 52, 104, 104), palette.INK_LIGHT, radius=16,
                                 width=5)
        white = scene.view.white
        if white:
            blit_at(canvas, pieces.white_die(white, canvas.length(g.WHITE_DIE_SIZE)),
                    g.die_centre(2))
            text(canvas, i18n.tr("table.white_die"), (g.die_centre(2)[0],
                                                      g.die_centre(2)[1] + 52), 20,
                 palette.INK_LIGHT, "center")
            if n is not None and n.die == WHITE_DIE:  # the white die is the one in use
                x, y = g.die_centre(2)
                canvas.fill_rect((x - 46, y - 46, 92, 92), palette.INK_LIGHT, radius=14,
                                 width=5)
        if n is not None and n.die in (0, 1, WHITE_DIE):
            self._draw_value(canvas, n, colour)

    def _draw_castle_note(self, canvas: Canvas) -> None:
        """A castle's extra action takes no die: it is said under the dice, where the
        stepper would be, wrapped to the tray's width."""
        lines = wrap_text(i18n.tr("table.castle_any"), canvas.font(CASTLE_NOTE_SIZE),
                          canvas.length(g.DICE.w - 40))
        top = g.DICE.y + CASTLE_NOTE_TOP
        step = CASTLE_NOTE_SIZE * 1.25
        for i, line in enumerate(lines):
            text(canvas, line, (g.DICE.centerx, top + (i + 0.5) * step), CASTLE_NOTE_SIZE,
                 palette.INK_LIGHT, "center")

    def _draw_value(self, canvas: Canvas, n: Narrowing, colour) -> None:
        """The value the chosen die is used as, between the stepper's buttons, and what
        that costs in workers."""
        value = n.value
        if value is None:
            return
        y = g.DICE.y + 222
        text(canvas, i18n.tr("table.use_as", value=value), (g.DICE.x + 220, y - 12), 26,
             palette.INK_LIGHT, "center")
        cost = n.cost_range()
        if cost is not None:
            lo, hi = cost
            key = "table.cost" if lo == hi else "table.cost_range"
            text(canvas, i18n.trn(key, hi, workers=lo, most=hi), (g.DICE.x + 220, y + 16), 22,
                 GOLD if hi else palette.INK_LIGHT, "center")
        size = canvas.length(40)
        image = (pieces.white_die(value, size) if n.die == WHITE_DIE
                 else pieces.seat_die(value, size, colour))
        blit_at(canvas, image, (g.DICE.x + 460, y))
