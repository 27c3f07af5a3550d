"""A hint's explanation in words: the facts game/ai/explain.py finds, as a sentence.

The AI says what the move changes (an area completed, a sale, a tile that fits); this
module only words it in the player's language. A fact of a kind it does not know (a
module's) falls back on the general sentence, so a new kind never shows a raw key.
"""

from __future__ import annotations

from typing import Any

from ... import rules
from .. import i18n
from .log import building_label, describe_action, goods_label, tile_label
from .tips import knowledge_text


def amount(key: str, n: int, lang: str | None = None) -> str:
    """A count with its noun: "3 points", "1 Silbermünze"."""
    return i18n.trn(f"hint.n.{key}", n, lang, n=n)


def reason_text(reason: Any, names: tuple[str, ...], rule_set: str,
                lang: str | None = None) -> str | None:
    """One fact in words, or None for a kind this client does not word."""
    k, p = reason.kind, reason.params
    t = lambda key, **kw: i18n.tr(key, lang, **kw)
    points = amount("points", reason.points, lang)
    colour = (t(f"table.colour.{p['colour']}") if p.get("colour") in rules.COLOURS
              else None)
    if k == "area":
        out = t("hint.reason.area", colour=colour or "", size=p["size"], points=points)
    elif k == "colour_bonus":
        out = t(f"hint.reason.colour_bonus.{2 if p['rank'] == 2 else 1}", colour=colour or "",
                points=points)
    elif k == "sale":
        gains = [amount("silver", p["silver"], lang)] if p["silver"] else []
        if p["workers"]:
            gains.append(amount("workers", p["workers"], lang))
        gains.append(points)
        gained = (t("hint.and", first=", ".join(gains[:-1]), last=gains[-1])
                  if len(gains) > 1 else gains[0])
        out = i18n.trn("hint.reason.sale", p["count"], lang, count=p["count"],
                       goods=goods_label(p["goods"], lang), gains=gained)
    elif k in ("monastery", "monastery_end"):
        effect = knowledge_text(p["number"], rule_set, lang).rstrip(".")
        tile = tile_label(p["tile"], lang)
        if k == "monastery_end":
            out = t("hint.reason.monastery_end", tile=tile, effect=effect,
                    points=amount("points", p["end_points"], lang))
        else:
            out = t("hint.reason.monastery", tile=tile, effect=effect)
    elif k == "feeds_monastery":
        out = t("hint.reason.feeds_monastery", points=amount("points", p["end_points"], lang))
    elif k == "animals":
        if reason.points <= 0:
            return None
        out = t("hint.reason.animals", points=points)
    elif k == "points":
        key = f"category.{p['category']}"
        out = t("hint.reason.points", points=points,
                category=t(key) if i18n.has(key) else p["category"])
    elif k == "building":
        gains = []
        if p["silver"]:
            gains.append(amount("silver", p["silver"], lang))
        if p["workers"]:
            gains.append(amount("workers", p["workers"], lang))
        if reason.points:
            gains.append(points)
        building = building_label(p["building"], lang) if i18n.has(
            f"building.{p['building']}") else tile_label(p["tile"], lang)
        out = (t("hint.reason.building_gains", building=building, gains=", ".join(gains))
               if gains else t("hint.reason.building", building=building))
    elif k == "castle":
        out = t("hint.reason.castle")
    elif k == "ship":
        goods = ", ".join(str(g) for g in p["goods"])
        out = t("hint.reason.ship_goods", goods=goods) if goods else t("hint.reason.ship")
    elif k == "mine":
        out = t("hint.reason.mine")
    elif k == "take":
        tile = tile_label(p["tile"], lang)
        if p["missing"] == 1:
            out = (t("hint.reason.take_completes", tile=tile, colour=colour, size=p["size"],
                     points=amount("points", p["points"], lang)) if colour else
                   t("hint.reason.take_completes_any", tile=tile, size=p["size"],
                     points=amount("points", p["points"], lang)))
        else:
            out = (i18n.trn("hint.reason.take_fits", p["missing"], lang, tile=tile,
                            colour=colour, size=p["size"], missing=p["missing"]) if colour
                   else i18n.trn("hint.reason.take_fits_any", p["missing"], lang, tile=tile,
                                 size=p["size"], missing=p["missing"]))
    elif k == "stored":
        out = t("hint.reason.stored", tile=tile_label(p["tile"], lang))
    elif k == "deny":
        seat = p["seat"]
        out = t("hint.reason.deny", name=names[seat] if 0 <= seat < len(names) else "")
    elif k == "workers":
        out = t("hint.reason.workers_used" if p["used"] else "hint.reason.workers",
                workers=amount("workers", p["amount"], lang))
    elif k == "placed":
        out = t("hint.reason.placed", tile=tile_label(p["tile"], lang))
    else:
        return None
    return t("hint.later", reason=out) if reason.later else out


def explanation_text(explanation: Any, names: tuple[str, ...], rule_set: str,
                     lang: str | None = None) -> str:
    """Why the hinted move: its main fact (and an opponent's area it keeps a tile from),
    then the expected gain."""
    t = lambda key, **kw: i18n.tr(key, lang, **kw)
    parts: list[str] = []
    worded = [(r, reason_text(r, names, rule_set, lang)) for r in explanation.reasons
              if r.kind != "deny"]
    worded = [(r, w) for r, w in worded if w is not None]
    # What the move itself does (its two main facts: an area and its colour, an area and
    # the building's silver), then, with room left, the best of the rest of the turn.
    now = [w for r, w in worded if not r.later and r.kind != "placed"] or \
        [w for r, w in worded if not r.later]
    parts += now[:2]
    named = {r.kind for r, _ in worded if not r.later}
    later = next((w for r, w in worded if r.later and r.kind not in named
                  and r.kind != "workers"), None)
    if later is not None and len(parts) < 2:
        parts.append(later)
    deny = next((r for r in explanation.reasons if r.kind == "deny"), None)
    if deny is not None and parts:
        words = reason_text(deny, names, rule_set, lang)
        if words is not None and words not in parts:
            parts.append(words)
    if explanation.how == "only":
        parts.append(t("hint.only"))
    elif explanation.how == "book":
        parts.append(t("hint.book"))
    elif explanation.how == "rule":
        parts.append(t(f"hint.rule.{explanation.action[0]}") if i18n.has(
            f"hint.rule.{explanation.action[0]}") else t("hint.rule"))
    elif explanation.gain is not None and explanation.gain >= 0.05:
        gain = t("hint.gain", gain=i18n.decimal(explanation.gain, 1, lang))
        parts.append(gain if parts else t("hint.general", gain=gain))
    elif not parts:
        parts.append(t("hint.lookahead"))
    return " ".join(parts)


def planned_turn(explanation: Any, state: Any, lang: str | None = None) -> list[str]:
    """Hard's whole planned turn, each step in words (the state is not changed)."""
    s = state.clone()
    out = []
    for action in explanation.turn:
        out.append(describe_action(action, s, lang))
        try:
            s.apply(action, listen=False)
        except rules.IllegalAction:
            break
        if s.is_chance() or s.current_player != state.current_player:
            break
    return out
