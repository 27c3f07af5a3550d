"""The second set of tiles (module tiles2) at the table: the button (K) that buys 2 workers
for 1 silver (monastery 28), the turn-order marker put on top; the crane's and the geese's
log lines and options."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from ....rules import BUILDINGS, SPECIES
from ... import i18n, synth
from ...anim.timeline import Sequence
from ..log import building_label, capitalised, species_label
from ..motion import BANK, PIECE
from ..seam import Animator, Handler, ModuleButton, Table, TableModule, Words, register


def _workers_bought(view: Any, part: None, e: Any) -> None:
    p = view.players[e.player]
    p.silver = max(0, p.silver - e.silver)
    p.workers += e.workers


def _workers_bought_flights(motion: Any, e: Any) -> Any:
    """Monastery tile 28: the silver goes to the bank, the workers come back."""
    silver = motion.scene.places.silver_pos(e.player)
    workers = motion.scene.places.workers_pos(e.player)
    paid = [motion.fly("silver", 1, silver, BANK, 40, duration=PIECE, sound=synth.SILVER)
            for _ in range(min(e.silver, 5))]
    taken = [motion.fly("worker", 1, BANK, workers, 40, duration=PIECE)
             for _ in range(min(e.workers, 5))]
    return Sequence([motion.stagger(paid), motion.stagger(taken)])


def _marker_on_top(view: Any, part: None, e: Any) -> None:
    view.players[e.player].track_stamp = max(q.track_stamp for q in view.players) + 1


def buy_workers(table: Table) -> None:
    """Monastery tile 28: 1 silver for 2 workers, at any decision of one's turn."""
    n = table.narrowing
    if table.can_act() and n is not None:
        table.follow(n.finish([a for a in n.legal if a == ("buy_workers",)]))


def _named(value: Any, names: tuple[str, ...]) -> str:
    return names[value] if isinstance(value, int) else str(value)


@register
class Tiles2(TableModule):
    id = "tiles2"
    events: ClassVar[dict[str, Handler]] = {"WorkersBought": _workers_bought,
                                            "MarkerOnTop": _marker_on_top}
    animations: ClassVar[dict[str, Animator]] = {"WorkersBought": _workers_bought_flights}
    # Their points come with PointsScored.
    quiet: ClassVar[tuple[str, ...]] = ("CraneCopied", "CraneCounted", "GeeseScored")
    words: ClassVar[dict[str, Words]] = {
        "WorkersBought": lambda e, who, lang: i18n.trn(
            "log.workers_bought", e.workers, lang, who=who, workers=e.workers,
            silver=e.silver),
        "CraneCopied": lambda e, who, lang: i18n.tr(
            "log.crane_copied", lang, who=who, building=building_label(e.building, lang)),
        "GeeseScored": lambda e, who, lang: i18n.trn(
            "log.geese_scored", e.points, lang, who=who, points=e.points,
            species=species_label(e.species, 2, lang)),
        "MarkerOnTop": lambda e, who, lang: i18n.tr("log.marker_on_top", lang, who=who),
        "CraneCounted": lambda e, who, lang: i18n.trn(
            "log.crane_counted", e.points, lang, who=who, points=e.points,
            building=building_label(e.building, lang))}
    any_time: ClassVar[tuple[str, ...]] = ("buy_workers",)
    # The crane's copied building, the species the geese score with, the crane counted at
    # the end: shown as icons.
    icon_decisions: ClassVar[tuple[str, ...]] = ("crane", "geese", "crane_count")
    buttons: ClassVar[tuple[ModuleButton, ...]] = (
        ModuleButton("table.buy_workers", "table.tip.buy_workers", pygame.K_k, "K", (7,),
                     lambda n: n is not None and n.has("buy_workers"), buy_workers),)

    def choice_icon(self, action: tuple) -> str | None:
        op = action[0]
        if op in ("crane", "crane_count"):
            return _named(action[1], BUILDINGS)
        if op == "geese":
            return _named(action[1], SPECIES)
        return None

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        op = action[0]
        if op == "buy_workers":
            return i18n.tr("act.buy_workers", lang)
        if op in ("crane", "crane_count"):
            return i18n.tr(f"act.{op}", lang, building=building_label(action[1], lang))
        if op == "geese":
            return i18n.tr("act.geese", lang, species=species_label(action[1], 2, lang))
        return None

    def choice_label(self, action: tuple, state: Any, lang: str | None) -> str | None:
        # The heading asks for a building or a species: the option names it alone.
        op = action[0]
        if op in ("crane", "crane_count"):
            return capitalised(building_label(action[1], lang))
        if op == "geese":
            return capitalised(species_label(action[1], 2, lang))
        return None
