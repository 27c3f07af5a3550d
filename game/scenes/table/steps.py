"""The steps a click, a key or a button takes towards an action at the table.

Each step asks the narrowing of the decision open now (interaction.Narrowing) and hands
its outcome to the table (`Table.apply`): an action to play, options to list, or words for
the prompt line. A step does nothing while no person may act (`Table.can_act`), and the
steps on an estate only while the estate shown large is the seat's to move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .overlays import ConfirmOverlay, end_unused_question
from .ship_choice import ship_options_for

if TYPE_CHECKING:
    from .seam import Table


class Steps:
    def __init__(self, table: Table) -> None:
        self.table = table

    def _on_own_estate(self) -> bool:
        return self.table.can_act() and self.table.own_estate()

    # --- the dice ---

    def select_die(self, die: int) -> None:
        if self._on_own_estate():
            self.table.apply(self.table.narrowing.select_die(die))

    def step_value(self, delta: int) -> None:
        if self.table.can_act():
            self.table.apply(self.table.narrowing.step_value(delta))

    def take_workers(self) -> None:
        if self.table.can_act():
            self.table.apply(self.table.narrowing.click_workers())

    # --- the board and the estate ---

    def click_depot(self, depot: int, slot: int) -> None:
        if self.table.can_act():
            self.table.apply(self.table.narrowing.click_depot(depot, slot))

    def click_depot_goods(self, depot: int) -> None:
        """A ship's goods chosen on the board: a click on a depot's goods takes them, or
        lists the options that do (monastery 5 lets a ship take two depots' goods)."""
        if not self.table.can_act():
            return
        options = ship_options_for(self.table, depot)
        if len(options) == 1:
            self.table.submit(options[0])
        else:
            self.table.offer(options, "table.choose.ship")

    def click_storage(self, j: int) -> None:
        if self._on_own_estate():
            self.table.apply(self.table.narrowing.click_storage(j))

    def click_space(self, space: int) -> None:
        if self._on_own_estate():
            self.table.apply(self.table.narrowing.click_space(space))

    def click_goods(self, goods: int) -> None:
        if self._on_own_estate():
            self.table.apply(self.table.narrowing.click_goods(goods))

    # --- the turn ---

    def toggle_buy(self) -> None:
        if self.table.can_act():
            self.table.apply(self.table.narrowing.toggle_buy())

    def end_turn(self) -> None:
        t = self.table
        if not t.can_act():
            return
        n = t.narrowing
        if n.has("end"):
            t.apply(n.end())
        elif n.has("decline"):
            t.apply(n.decline())
        elif n.unused_dice() and t.stack is not None:
            # The rules end a turn only once both dice are used: one question names every
            # unused die, and Yes takes workers with each of them and ends the turn.
            dice = n.unused_dice()
            faces = [t.state.players[t.state.current_player].dice[d] for d in dice]
            t.stack.push(ConfirmOverlay("table.end_turn",
                                        lambda: end_unused_question(faces),
                                        lambda: self._end_with_workers(dice)))

    def _end_with_workers(self, dice: list[int]) -> None:
        t = self.table
        for die in dice:
            if ("workers", die) not in t.state.legal_actions() \
                    or not t.submit(("workers", die)):
                return
        if ("end",) in t.state.legal_actions():
            t.submit(("end",))

    def cancel(self) -> bool:
        """Right click or Escape: drop a half-made choice, else the hint on show."""
        t = self.table
        t.hint_action = None
        if t.options:
            t.options = []
            t.choices.build()
            t.message = None
            return True
        if t.narrowing is not None and t.narrowing.cancel():
            t.message = None
            return True
        if t.hint_shown is not None:  # the log comes back
            t.hint_shown = None
            return True
        return False
