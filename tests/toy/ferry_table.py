"""The toy ferry (ferry.py) at the table, through the client's public seam alone: its
words in English and German, its tile's front, its event taken into the view, animated
(the fare flies from the bank) and worded for the log, and its button (Fare, key F),
which lists the fare's two choices with a heading and a tooltip each while a placed ferry
asks for its fare."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.scenes import i18n, synth
from game.scenes.anim.timeline import Animation
from game.scenes.art import faces
from game.scenes.art.icons import icon
from game.scenes.table.motion import BANK, PIECE
from game.scenes.table.seam import (Animator, Handler, ModuleButton, Table, TableModule,
                                    Words, register)

from . import ferry_ai  # noqa: F401  (the rules' part and the AI's first)
from .ferry import FARES, FERRY_FRAME

WORDS = {
    "en": {
        "module.ferry": "Ferry",
        "setup.module.about.ferry": "Two ferries in the black supply: placed, 1 silver or 2 "
                                    "workers.",
        "setup.module.tip.ferry": "A toy module: two blue ferry tiles lie in the black "
                                  "supply. A ferry placed on water asks its owner for a "
                                  "fare: 1 silver or 2 workers.",
        "tile.ferry": "ferry",
        "tip.ferry": "take 1 silver or 2 workers when you place it.",
        "choice.ferry": "The ferry's fare",
        "act.fare.0": "Take 1 silver",
        "act.fare.1": "Take 2 workers",
        "tip.fare.0": "The ferry's fare: 1 silver from the supply.",
        "tip.fare.1": "The ferry's fare: 2 workers from the supply.",
        "log.fare": "{who} takes the ferry's fare: {fare}.",
        "log.fare.silver": "1 silver",
        "log.fare.workers": "2 workers",
        "table.fare": "Fare",
        "table.tip.fare": "The ferry's fare: 1 silver or 2 workers, listed to choose from "
                          "({key}).",
        "table.prompt.ferry": "{name}: take the ferry's fare (Fare).",
        "table.msg.fare": "Choose the ferry's fare.",
    },
    "de": {
        "module.ferry": "Fähre",
        "setup.module.about.ferry": "Zwei Fähren im schwarzen Vorrat: gelegt 1 Silberling "
                                    "oder 2 Arbeiter.",
        "setup.module.tip.ferry": "Ein Spielzeugmodul: zwei blaue Fähren liegen im "
                                  "schwarzen Vorrat. Eine aufs Wasser gelegte Fähre gibt "
                                  "ihrem Besitzer 1 Silberling oder 2 Arbeiter.",
        "tile.ferry": "Fähre",
        "tip.ferry": "nimm 1 Silberling oder 2 Arbeiter, wenn du sie legst.",
        "choice.ferry": "Der Fährlohn",
        "act.fare.0": "1 Silberling nehmen",
        "act.fare.1": "2 Arbeiter nehmen",
        "tip.fare.0": "Der Fährlohn: 1 Silberling aus dem Vorrat.",
        "tip.fare.1": "Der Fährlohn: 2 Arbeiter aus dem Vorrat.",
        "log.fare": "{who} nimmt den Fährlohn: {fare}.",
        "log.fare.silver": "1 Silberling",
        "log.fare.workers": "2 Arbeiter",
        "table.fare": "Fährlohn",
        "table.tip.fare": "Der Fährlohn: 1 Silberling oder 2 Arbeiter, zur Wahl ({key}).",
        "table.prompt.ferry": "{name}: nimm den Fährlohn (Fährlohn).",
        "table.msg.fare": "Wähle den Fährlohn.",
    },
}
for code, words in WORDS.items():
    i18n.add_words(code, words)


def _paint_front(surface: pygame.Surface, size: int, ink: Any) -> None:
    """A ship with a coin beside its sail."""
    cx, cy = surface.get_width() / 2, surface.get_height() / 2
    glyph = icon("ship", round(size * 0.9), ink)
    surface.blit(glyph, glyph.get_rect(center=(round(cx - size * 0.1), round(cy))))
    pygame.draw.circle(surface, ink, (round(cx + size * 0.45), round(cy - size * 0.35)),
                       max(2, round(size * 0.16)))


faces.add_front("ferry", faces.ModuleFront(
    colour="ship", paint=_paint_front,
    label=lambda lang: i18n.tr("tile.ferry", lang),
    effect=lambda lang: i18n.tr("tip.ferry", lang)))


def _fare_taken(view: Any, part: Any, e: Any) -> None:
    p = view.players[e.player]
    p.silver += e.silver
    p.workers += e.workers


def _fare_flies(motion: Any, e: Any) -> Animation:
    """The fare comes from the bank: a coin to the seat's silver, or two workers to its
    workers."""
    if e.silver:
        to, kind, count, sound = motion.scene.places.silver_pos(e.player), "silver", e.silver, \
            synth.SILVER
    else:
        to, kind, count, sound = motion.scene.places.workers_pos(e.player), "worker", \
            e.workers, None
    return motion.stagger([motion.fly(kind, 1, BANK, to, 40, duration=PIECE, sound=sound)
                           for _ in range(count)])


def _fare_words(e: Any, who: str, lang: str | None) -> str:
    fare = i18n.tr("log.fare.silver" if e.silver else "log.fare.workers", lang)
    return i18n.tr("log.fare", lang, who=who, fare=fare)


def list_fares(table: Table) -> None:
    """The fares open now, as choices in the choice box."""
    n = table.narrowing
    if table.can_act() and n is not None:
        table.offer([a for a in n.legal if a[0] == "fare"], "table.msg.fare")


@register
class FerryTable(TableModule):
    id = "ferry"
    events: ClassVar[dict[str, Handler]] = {"FareTaken": _fare_taken}
    animations: ClassVar[dict[str, Animator]] = {"FareTaken": _fare_flies}
    words: ClassVar[dict[str, Words]] = {"FareTaken": _fare_words}
    # The fare is asked by its button, not listed at once.
    clicked: ClassVar[tuple[str, ...]] = (FERRY_FRAME,)
    buttons: ClassVar[tuple[ModuleButton, ...]] = (
        ModuleButton("table.fare", "table.tip.fare", pygame.K_f, "F", (6, 7),
                     lambda n: n is not None and n.has("fare"), list_fares),)

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        if action[0] == "fare" and action[1] in range(len(FARES)):
            return i18n.tr(f"act.fare.{action[1]}", lang)
        return None

    def choice_heading(self, options: list[tuple]) -> str | None:
        return "choice.ferry" if options and options[0][0] == "fare" else None

    def choice_tip(self, action: tuple):
        if action[0] == "fare":
            return lambda: i18n.tr(f"tip.fare.{action[1]}")
        return None
