"""Châteauma's components and difficulty, read from data/chateauma.json.

A difficulty is written `level[+modifier...]`: the level picks the column of card points
(`easy`, `medium`, `hard`) and the modifiers A-D may be added in any combination, as the
rulebook allows ("medium" without modifiers is its recommended game).
"""

from __future__ import annotations

from typing import NamedTuple

from .boards import SPACES
from .data import load_json
from .tiles import COLOUR_BY_NAME

_DATA = load_json("chateauma.json")
_CODES = {"C": "castle", "M": "mine", "K": "monastery", "S": "ship", "P": "pasture",
          "B": "building"}

LEVELS: tuple[str, ...] = tuple(_DATA["levels"])
MODIFIERS: str = "".join(_DATA["modifiers"])
START = _DATA["start"]
REWARDS = _DATA["rewards"]
END_SCORING = _DATA["end_scoring"]
LEFT_CARD_WHITE_DIE = frozenset(_DATA["left_card_white_die"])


class AreaCard(NamedTuple):
    id: int
    colours: tuple[int, ...]      # per space, reading order
    sell: frozenset[int]          # spaces showing the sell symbol
    points: dict[str, int]        # by level
    provisional: str

    @property
    def has_castle_space(self) -> bool:
        return COLOUR_BY_NAME["castle"] in self.colours


class Estate(NamedTuple):
    id: str
    provisional: bool
    colours: tuple[int, ...]      # per space, reading order
    face_down: tuple[int, ...]    # spaces marked A
    face_up: tuple[int, ...]      # spaces marked B
    extra_turn: frozenset[int]

    def colour_spaces(self, colour: int) -> list[int]:
        return [s for s in range(SPACES) if self.colours[s] == colour]


def area_card(c: dict) -> AreaCard:
    """An area card from its data record (chateauma.json, or a module's)."""
    return AreaCard(c["id"], tuple(COLOUR_BY_NAME[x] for x in c["spaces"]),
                    frozenset(c["sell"]), dict(c["points"]), c.get("provisional", ""))


# The base game's area cards 1-9: Châteauma's deck unless a module deals another.
CARDS: dict[int, AreaCard] = {c["id"]: area_card(c) for c in _DATA["cards"]}
# Every area card any deck may hold: the base game's and those a module adds (the
# vineyards' 10-17, registered when the module is imported).
AREA_CARDS: dict[int, AreaCard] = dict(CARDS)


def _estate(estate_id: str) -> Estate:
    e = _DATA["estates"][estate_id]
    colours = tuple(COLOUR_BY_NAME[_CODES[c]] for c in e["colours"])
    if len(colours) != SPACES:
        raise ValueError(f"Châteauma estate {estate_id}: expected {SPACES} spaces")
    return Estate(estate_id, e["provisional"], colours, tuple(e.get("A", ())),
                  tuple(e.get("B", ())), frozenset(e.get("extra_turn", ())))


ESTATES: dict[str, Estate] = {k: _estate(k) for k in _DATA["estates"]}


def estate_for(modifiers: str) -> Estate:
    """Board 36 with modifier A, B or D (they use its marks), otherwise board 35."""
    uses_36 = set(modifiers) & set(_DATA["board_36_modifiers"])
    return ESTATES[_DATA["estate_with_modifiers" if uses_36 else "estate_without_modifiers"]]


class Difficulty(NamedTuple):
    level: str
    modifiers: str                # a subset of "ABCD", in that order

    def text(self) -> str:
        return "+".join((self.level, *self.modifiers))


def parse_difficulty(text: str) -> Difficulty:
    """Read `level[+A][+B][+C][+D]` (modifiers in any order); raises ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"Châteauma difficulty must be text, not {text!r}")
    level, *mods = text.strip().split("+")
    if level not in LEVELS:
        raise ValueError(f"unknown Châteauma level {level!r} in {text!r} "
                         f"(choose from {', '.join(LEVELS)})")
    for m in mods:
        if m not in MODIFIERS:
            raise ValueError(f"unknown Châteauma modifier {m!r} in {text!r} "
                             f"(choose from {', '.join(MODIFIERS)})")
    if len(set(mods)) != len(mods):
        raise ValueError(f"a Châteauma modifier is repeated in {text!r}")
    return Difficulty(level, "".join(m for m in MODIFIERS if m in mods))
