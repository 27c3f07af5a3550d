"""The game log: events and actions in words, in the player's language.

Entries keep the event itself and are worded when drawn, so switching the language
rewords the whole log.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from ... import rules
from .. import i18n
from .seam import (action_words, event_named_words, event_words, module_choice_label,
                   shows_goods, shows_tile)
from .space_words import space_where, space_words
from .view import face_of, track_space

PHASES = "ABCDE"


class MoveTakenBack(NamedTuple):
    """Not a rule event: the log's note that a player used undo."""

    player: int
MAX_ENTRIES = 400


def tile_label(tile: str | None, lang: str | None = None) -> str:
    face = face_of(tile)
    return face.label(lang) if face is not None else i18n.tr("table.tile.hidden", lang)


def depot_label(depot: int, lang: str | None = None) -> str:
    if depot == 0:
        # Every text names a depot as where a tile comes from ("aus dem schwarzen Depot").
        return i18n.tr("table.depot.black", lang)
    return i18n.tr("table.depot", lang, number=depot)


def goods_label(value: int, lang: str | None = None) -> str:
    """Goods by their colour, as the rulebook names them ("4x Rot"), with the die number
    that sells them: "red (2)"."""
    return i18n.tr("goods.label", lang, colour=i18n.tr(f"goods.colour.{value}", lang),
                   value=value)


def goods_list(goods: Any, lang: str | None = None) -> str:
    return ", ".join(goods_label(g, lang) for g in goods)


# A small picture a log line shows before its words (the words stay whole): ("goods",
# value) a goods tile, ("tile", kind name) a hex tile's front, ("die", value) the white
# die, ("seat_die", (value, player)) a die in that player's colour.
Icon = tuple[str, Any]


def event_icons(event: Any) -> tuple[Icon, ...]:
    """The goods, tiles and dice a log line names, as pictures."""
    kind = type(event).__name__
    if kind in ("StartGoodsDealt", "GoodsTaken"):
        return tuple(("goods", g) for g in event.goods)
    if kind == "GoodsRevealed":
        return (("goods", event.goods),)
    if kind == "GoodsSold" or shows_goods(kind):
        return (("goods", event.goods),) * max(1, min(event.count, 4))
    if kind == "StartCastlePlaced":
        return (("tile", "castle"),)
    if kind in ("TileTaken", "TilePurchased", "TileDiscarded", "TilePlaced",
                "ChateaumaTileMoved") or shows_tile(kind):
        return (("tile", event.tile),) if face_of(event.tile) is not None else ()
    if kind in ("ChateaumaTilePlaced", "ChateaumaReserveTile"):
        shown = not event.face_down and face_of(event.tile) is not None
        return (("tile", event.tile),) if shown else ()
    if kind == "DiceRolled":
        return (("die", event.white),)
    if kind == "DieUsed" and event.workers:
        return (("seat_die", (event.value, event.player)),)
    return ()


def describe_event(event: Any, names: tuple[str, ...], lang: str) -> str | None:
    """One line for an event, or None for events the log leaves out."""
    # Events of different types can be equal tuples, so the type is part of the key.
    return _describe(type(event).__name__, event, names, lang)


@lru_cache(maxsize=4096)
def _describe(kind: str, event: Any, names: tuple[str, ...], lang: str) -> str | None:
    p = getattr(event, "player", None)
    who = names[p] if isinstance(p, int) and 0 <= p < len(names) else ""
    t = lambda key, **kw: i18n.tr(key, lang, **kw)
    tn = lambda key, n, **kw: i18n.trn(key, n, lang, **kw)
    if kind == "MoveTakenBack":
        return t("log.undo", who=who)
    if kind == "StartPlayerChosen":
        return t("log.start_player", who=who)
    if kind == "BoardChosen":
        if named_board(event.board):
            return t("log.board_named", who=who, board=board_label(event.board, lang))
        return t("log.board", who=who, board=board_label(event.board, lang))
    if kind == "StartCastlePlaced":
        return t("log.start_castle", who=who)
    if kind == "StartGoodsDealt":
        return t("log.start_goods", who=who, goods=goods_list(event.goods, lang))
    if kind == "PhaseStarted":
        return t("log.phase", phase=PHASES[event.phase])
    if kind == "RoundStarted":
        return t("log.round", phase=PHASES[event.phase], round=event.round + 1)
    if kind == "DiceRolled":
        return t("log.dice", white=event.white)
    if kind == "GoodsRevealed":
        return t("log.goods_revealed", goods=goods_label(event.goods, lang), depot=event.depot)
    if kind == "TurnStarted":
        return t("log.turn", who=who)
    if kind == "DieUsed":
        if event.workers:
            return tn("log.die_workers", event.workers, who=who, value=event.value,
                      workers=event.workers)
        return None
    if kind == "TileTaken":
        return t("log.take", who=who, tile=tile_label(event.tile, lang),
                 depot=depot_label(event.depot, lang))
    if kind == "TilePurchased":
        return t("log.buy", who=who, tile=tile_label(event.tile, lang),
                 depot=depot_label(event.depot, lang), paid=t(f"term.{event.paid}"))
    if kind == "TileDiscarded":
        return t("log.discard", who=who, tile=tile_label(event.tile, lang))
    if kind == "TilePlaced":
        return t("log.place", who=who, tile=tile_label(event.tile, lang))
    if kind == "PointsScored":
        return tn("log.points", event.points, who=who, points=event.points,
                  reason=t(f"points.{event.reason}") if i18n.has(f"points.{event.reason}")
                  else event.reason)
    if kind == "AreaCompleted":
        return tn("log.area", len(event.spaces), who=who,
                  colour=t(f"table.colour.{event.colour}"), size=len(event.spaces))
    if kind == "BonusTileTaken":
        return t("log.bonus", who=who, colour=t(f"table.colour.{event.colour}"))
    if kind == "GoodsTaken":
        return t("log.goods_taken", who=who, goods=goods_list(event.goods, lang),
                 depot=depot_label(event.depot, lang))
    if kind == "GoodsSold":
        return tn("log.sold", event.count, who=who, count=event.count,
                  goods=goods_label(event.goods, lang))
    if kind == "SilverTaken":
        key = f"log.silver.{event.reason}"
        return tn(key if i18n.has(key) else "log.silver", event.amount, who=who,
                  amount=event.amount)
    if kind == "WorkersTaken":
        return tn("log.workers", event.amount, who=who, amount=event.amount)
    if kind == "SilverPaid":
        return tn("log.silver_paid", event.amount, who=who, amount=event.amount)
    if kind == "WorkersPaid":
        return tn("log.workers_paid", event.amount, who=who, amount=event.amount)
    if kind == "TurnOrderMoved":
        return t("log.track", who=who, position=track_space(event.position))
    if kind in ("EffectDeclined", "EffectLapsed"):
        key = "log.declined" if kind == "EffectDeclined" else "log.lapsed"
        return t(key, who=who, effect=effect_label(event.effect, lang))
    if kind == "PhaseEnded":
        return t("log.phase_end", phase=PHASES[event.phase])
    if kind == "GameEnded":
        if len(names) == 1:
            return None  # the solo game's own line says whether it is won
        winner = names[event.ranking[0]] if event.ranking else ""
        return t("log.game_end", who=winner)
    words = event_words(kind)
    if words is not None:
        return words(event, who, lang)
    named = event_named_words(kind)
    if named is not None:
        return named(event, names, lang)
    if kind.startswith("Chateauma"):
        return _describe_chateauma(kind, event, who, t, lang)
    return None


def building_label(building: Any, lang: str | None = None) -> str:
    """A building type by its index in the rules' BUILDINGS or its name."""
    name = rules.BUILDINGS[building] if isinstance(building, int) else str(building)
    return i18n.tr(f"building.{name}", lang)


def species_label(species: Any, count: int = 2, lang: str | None = None) -> str:
    name = rules.SPECIES[species] if isinstance(species, int) else str(species)
    return i18n.trn(f"species.{name}", count, lang)


def _describe_chateauma(kind: str, e: Any, who: str, t: Any, lang: str) -> str | None:
    """Every step of Châteauma's turn, with the reason the rules give for it."""
    if kind == "ChateaumaJoined":
        return t("log.chateauma_joined", who=who, level=t(f"table.cm.level.{e.level}"))
    if kind == "ChateaumaSetUp":
        return t("log.chateauma_setup", who=who, estate=e.estate,
                 level=t(f"table.cm.level.{e.level}"),
                 modifiers=", ".join(e.modifiers) or t("table.cm.no_modifiers"))
    if kind == "ChateaumaCardRevealed":
        return t("log.chateauma_card", who=who, card=e.card, side=t(f"table.side.{e.slot}"))
    if kind == "ChateaumaDieRolled":
        if not e.card:
            return t("log.chateauma_die_none", who=who, die=e.die)
        return t("log.chateauma_die", who=who, die=e.die, white=e.white, card=e.card)
    if kind == "ChateaumaTilePlaced":
        tile = tile_label(None if e.face_down else e.tile, lang)
        key = f"log.chateauma_tile.{e.reason}"
        return t(key if i18n.has(key) else "log.chateauma_tile.die", who=who, tile=tile,
                 card=e.card, depot=depot_label(e.depot, lang))
    if kind == "ChateaumaReserveTile":
        tile = tile_label(None if e.face_down else e.tile, lang)
        if e.reason in ("no_tile", "purchase"):
            return t(f"log.chateauma_reserve.{e.reason}", who=who, tile=tile)
        return t("log.chateauma_reserve.take", who=who, tile=tile,
                 building=effect_label(e.reason, lang), depot=depot_label(e.depot, lang))
    if kind == "ChateaumaSaleTriggered":
        key = f"log.chateauma_sale.{e.reason}"
        return t(key if i18n.has(key) else "log.chateauma_sale.sell_symbol", who=who)
    if kind == "ChateaumaCardCompleted":
        return i18n.trn("log.chateauma_complete", e.points, lang, who=who, card=e.card,
                        points=e.points)
    if kind == "ChateaumaTileMoved":
        key = ("log.chateauma_moved.turned" if e.turned_over else
               "log.chateauma_moved.stacked" if e.stacked else "log.chateauma_moved")
        return t(key, who=who, tile=tile_label(e.tile, lang), card=e.card)
    if kind == "ChateaumaCardShifted":
        return t("log.chateauma_shifted", who=who, card=e.card)
    if kind == "ChateaumaExtraTurn":
        return t("log.chateauma_extra.sale" if e.sale_instead else "log.chateauma_extra",
                 who=who)
    return None


def effect_label(effect: str, lang: str | None = None) -> str:
    if i18n.has(f"building.{effect}"):
        return i18n.tr(f"building.{effect}", lang)
    if i18n.has(f"table.effect.{effect}"):
        return i18n.tr(f"table.effect.{effect}", lang)
    return effect


def describe_action(action: tuple, state: Any, lang: str | None = None) -> str:
    """A player's choice in words (hints, choice buttons)."""
    op = action[0]
    t = lambda key, **kw: i18n.tr(key, lang, **kw)
    tn = lambda key, n, **kw: i18n.trn(key, n, lang, **kw)
    seat = state.current_player
    p: Any = state.players[seat] if seat >= 0 else None
    die = (t("table.castle_die") if action[1] == 2 else t("table.white_die_action")
           if action[1] == 3 else t("table.die", number=action[1] + 1)
           ) if op in ("take", "place", "sell", "workers") else ""
    if op == "take":
        kind = state.depots[action[2] - 1][action[3]]
        return t("act.take", die=die, tile=tile_label(kind_name(kind), lang),
                 depot=depot_label(action[2], lang))
    if op == "place":
        return t("act.place", die=die, tile=tile_label(kind_name(p.storage[action[2]]), lang),
                 space=space_words(p, action[3], lang))
    if op == "sell":
        return tn("act.sell", p.goods[action[2]], die=die, goods=goods_label(action[2], lang),
                  count=p.goods[action[2]])
    if op == "workers":
        return t("act.workers", die=die)
    if op == "buy":
        row = state.black if action[1] == 0 else state.depots[action[1] - 1]
        return t("act.buy", tile=tile_label(kind_name(row[action[2]]), lang),
                 depot=depot_label(action[1], lang), paid=t(f"term.{action[3]}"))
    if op == "end":
        return t("act.end")
    if op == "decline":
        return t("act.decline")
    if op == "discard":
        return t("act.discard", tile=tile_label(kind_name(p.storage[action[1]]), lang))
    if op == "ship":
        return t("act.ship", depots=" + ".join(str(d) for d in action[1:]))
    if op == "keep":
        return t("act.keep", goods=goods_list(action[1], lang))
    if op == "pick":
        kind = state.depots[action[1] - 1][action[2]]
        return t("act.pick", tile=tile_label(kind_name(kind), lang),
                 depot=depot_label(action[1], lang))
    if op == "warehouse":
        return tn("act.warehouse", p.goods[action[1]], goods=goods_label(action[1], lang),
                  count=p.goods[action[1]])
    if op == "city_hall":
        return t("act.city_hall", tile=tile_label(kind_name(p.storage[action[1]]), lang),
                 space=space_words(p, action[2], lang))
    if op == "board":
        if named_board(action[1]):
            label = board_label(action[1], lang)
            return label[:1].upper() + label[1:]
        return t("act.board", board=board_label(action[1], lang))
    if op == "start_castle":
        return t("act.start_castle", space=space_words(p, action[1], lang))
    words = action_words(action, state, lang)
    if words is not None:
        return words
    return rules.action_text(action)


def board_label(board_id: str, lang: str | None = None) -> str:
    """A duchy by its number, or by name where it has one of its own (the team game's
    double duchies)."""
    return i18n.tr(f"board.{board_id}", lang) if named_board(board_id) else board_id


def named_board(board_id: str) -> bool:
    """Whether a duchy has a name of its own ("double duchy, front"), which the texts use
    in place of "duchy {number}"."""
    return i18n.has(f"board.{board_id}")


def choice_label(action: tuple, state: Any, lang: str | None = None) -> str:
    """An option of a listed decision: as its module words it where the heading says the
    rest (the crane's building alone), else the action in words."""
    label = module_choice_label(action, state, lang)
    if label is not None:
        return label
    if action[0] == "start_castle":
        # The heading says it is the start castle, and every option is a castle space:
        # the space's number and where it lies tell them apart in a line of the box.
        p = state.players[state.current_player]
        if p.board is not None and 0 <= action[1] < p.board.spaces:
            return i18n.tr("choice.start_castle", lang, number=p.board.die[action[1]],
                           where=space_where(p, action[1], lang))
    return describe_action(action, state, lang)


def capitalised(words: str) -> str:
    """Words that begin an option, with a capital."""
    return words[:1].upper() + words[1:]


def kind_name(kind: int) -> str | None:
    """A tile's kind name from the rules' number (None for none)."""
    from ...rules import KIND_NAMES
    return KIND_NAMES[kind] if kind is not None and kind >= 0 else None


class GameLog:
    """Events worth a line, oldest first."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.entries: list[Any] = []
        self.version = 0

    def add(self, event: Any) -> None:
        if describe_event(event, self.names, "en") is None:
            return
        self.entries.append(event)
        del self.entries[:-MAX_ENTRIES]
        self.version += 1

    def lines(self, lang: str | None = None) -> list[str]:
        lang = lang or i18n.language()
        return [describe_event(e, self.names, lang) or "" for e in self.entries]

    def icons(self) -> list[tuple[Icon, ...]]:
        """Per line, the pictures shown before its words."""
        return [event_icons(e) for e in self.entries]
