"""The solo game (module solo) at the table: the target marker and the counter beside the
score, the depot tiles and goods the game removes, the black-depot trades and rewards, the
points bought with silver and the target marker's extra action, listed by its button (P);
its log lines.

The target marker and the counter's last reset are the rules' (solo_state: what the one
seat sees)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from ....rules import solo_state
from ... import i18n, synth
from ...art import palette
from ...layout import Canvas
from .. import geometry as g
from ..log import capitalised, depot_label, kind_name, tile_label
from ..motion import BOX, DISCARDED
from ..paint import text
from ..seam import Animator, Handler, ModuleButton, Table, TableModule, Words, register
from ..space_words import space_words


@dataclass
class SoloView:
    target: int   # where the target marker stands
    base: int     # the score at the counter's last reset: the counter shows score - base


def _depot_tile_removed(view: Any, solo: SoloView, e: Any) -> None:
    view.take_from_board(e.depot, e.slot)


def _depot_tile_leaves(motion: Any, e: Any) -> Any:
    """The turn's tile leaves its depot for the box, fading as it goes."""
    return motion.fly("tile", e.tile, motion.scene.places.depot_pos(e.depot, e.slot), BOX,
                      g.DEPOT_HEX, ("depot", e.depot, e.slot), duration=0.45,
                      sound=synth.TILE, volume=DISCARDED, fade=True)


def _goods_removed(view: Any, solo: SoloView, e: Any) -> None:
    for depot, _ in e.goods:
        view.depot_goods[depot - 1] = [0] * 7


def _traded(view: Any, solo: SoloView, e: Any) -> None:
    view.take_from_board(0, e.slot)
    for t in e.goods:
        view.players[e.player].goods[t] -= 1


def _black_tile_stored(view: Any, solo: SoloView, e: Any) -> None:
    view.store(e.player, e.storage, "black_tile")


def _reward_placed(view: Any, solo: SoloView, e: Any) -> None:
    view.take_from_board(0, e.slot)


def _points_bought(view: Any, solo: SoloView, e: Any) -> None:
    view.players[e.player].silver -= e.points


def _target_reached(view: Any, solo: SoloView, e: Any) -> None:
    solo.target, solo.base = e.target, view.players[e.player].score


def _goods_count(e: Any) -> int:
    return sum(len(g) for _, g in e.goods)


def solo_options(table: Table) -> None:
    """The target marker's extra action and the points silver buys, listed to choose
    from."""
    if table.can_act():
        table.offer([a for a in table.narrowing.legal if a[0] in ("extra", "buy_points")],
                    "table.msg.solo_points")


@register
class Solo(TableModule):
    id = "solo"
    events: ClassVar[dict[str, Handler]] = {
        "DepotTileRemoved": _depot_tile_removed, "GoodsRemoved": _goods_removed,
        "BlackTileTraded": _traded, "BlackTileStored": _black_tile_stored,
        "RewardPlaced": _reward_placed, "PointsBought": _points_bought,
        "TargetReached": _target_reached}
    animations: ClassVar[dict[str, Animator]] = {"DepotTileRemoved": _depot_tile_leaves}
    tile_icons: ClassVar[tuple[str, ...]] = ("DepotTileRemoved",)
    # The extra action's die use follows; the end's outcome is the results screen's.
    quiet: ClassVar[tuple[str, ...]] = ("ExtraActionTaken", "SoloGameEnded")
    words: ClassVar[dict[str, Words]] = {
        "DepotTileRemoved": lambda e, who, lang: i18n.tr(
            "log.solo_removed", lang, tile=tile_label(e.tile, lang),
            depot=depot_label(e.depot, lang)),
        "GoodsRemoved": lambda e, who, lang: i18n.trn(
            "log.solo_goods_removed", _goods_count(e), lang, count=_goods_count(e)),
        "BlackTileTraded": lambda e, who, lang: i18n.tr("log.solo_traded", lang, who=who),
        "BlackTileStored": lambda e, who, lang: None,   # the trade's line says it
        "RewardPlaced": lambda e, who, lang: i18n.tr("log.solo_reward", lang, who=who),
        "PointsBought": lambda e, who, lang: i18n.trn("log.solo_points_bought", e.points,
                                                      lang, who=who, points=e.points),
        "TargetReached": lambda e, who, lang: i18n.tr("log.solo_target", lang, who=who,
                                                      target=e.target),
        "ExtraActionTaken": lambda e, who, lang: i18n.tr("log.solo_extra", lang, who=who),
        "SoloGameEnded": lambda e, who, lang: i18n.tr(
            "log.solo_won" if e.won else "log.solo_lost", lang, filled=e.filled)}

    buttons: ClassVar[tuple[ModuleButton, ...]] = (
        ModuleButton("table.solo_points", "table.tip.solo_points", pygame.K_p, "P", (6,),
                     lambda n: n is not None and (n.has("buy_points") or n.has("extra")),
                     solo_options),)

    def part(self, state: Any) -> SoloView:
        solo = solo_state(state)
        return SoloView(solo.target, solo.base)

    def draw_score(self, canvas: Canvas, part: SoloView, score: int) -> int:
        # The counter runs from its last reset up to the target marker.
        x, y = g.score_centre()
        text(canvas, i18n.tr("table.solo_target", target=part.target), (x - 100, y + 2), 24,
             palette.INK, "center")
        return score - part.base

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        op = action[0]
        if op == "trade":
            return i18n.tr("act.solo_trade", lang,
                           tile=tile_label(kind_name(state.black[action[1]]), lang),
                           goods="".join(map(str, action[2])))
        if op == "reward":
            p = state.players[state.current_player]
            return i18n.tr("act.solo_reward", lang,
                           tile=tile_label(kind_name(state.black[action[1]]), lang),
                           space=space_words(p, action[2], lang))
        if op == "buy_points":
            return i18n.trn("act.solo_buy_points", action[1], lang, count=action[1])
        if op == "extra":
            return i18n.tr("act.solo_extra", lang)
        return None

    def choice_label(self, action: tuple, state: Any, lang: str | None) -> str | None:
        if action[0] != "trade":
            return None
        # Many of them share the choice box two to a row: a long tile name gives its first
        # word ("carpenter's"), the goods stay whole.
        name = tile_label(kind_name(state.black[action[1]]), lang)
        if len(name) > 14:
            name = name.split()[0]
        return capitalised(i18n.tr("act.solo_trade", lang, tile=name,
                                   goods="".join(map(str, action[2]))))
