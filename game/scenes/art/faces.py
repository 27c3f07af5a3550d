"""What a hex tile shows, independent of how the rules number tile kinds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import i18n
from . import pictogram

CATEGORIES = ("castle", "mine", "monastery", "ship", "animal", "building",
              # the modules' tiles of any colour: the inn, the 2011 black-depot monastery,
              # the solo game's face-down black-depot tile
              "inn", "black_monastery",
              # the vineyards' double tile (two hexes, never in the duchy)
              "double_tile", "black_tile")
# Tiles that go on a space of any colour: their fronts have a colour of their own.
ANY_COLOUR = ("inn", "black_monastery", "double_tile", "black_tile")
BUILDINGS = ("warehouse", "watchtower", "carpenters_workshop", "church", "market",
             "boarding_house", "bank", "city_hall")
SPECIES = ("cow", "sheep", "pig", "chicken")
KNOWLEDGE_NUMBERS = range(1, 27)
# The fronts modules add (tiles2: the crane or park, the geese or goats, monastery tiles
# 27 and 28; white_castles: the white castle or pleasure garden, monastery tile 29), drawn
# only when a module brings them into play.
MODULE_BUILDINGS = ("crane", "park", "white_castle", "pleasure_garden")
MODULE_SPECIES = ("geese", "goats")
MODULE_KNOWLEDGE = range(27, 30)
ANIMAL_COUNTS = (2, 3, 4)

_ESTATE_COLOUR = {"animal": "pasture"}


@dataclass(frozen=True)
class ModuleFront:
    """The front of a tile a module defined outside the game brings (a category of its
    own): the estate colour of the spaces it goes on, its glyph and its words. A module
    of the game draws its fronts here, in this file and pieces.py."""
    colour: str                                    # an estate colour's name, or "any"
    paint: Callable[[Any, int, Any], None]         # fn(surface, size, ink): the glyph
    label: Callable[[str | None], str]             # fn(lang): its name
    effect: Callable[[str | None], str]            # fn(lang): what it does, for tooltips
    fill: tuple[int, int, int] | None = None       # its own colour ("any" needs one)


# Fronts by category, added by modules defined outside the game (add_front).
MODULE_FRONTS: dict[str, ModuleFront] = {}


def add_front(category: str, front: ModuleFront) -> None:
    """A module defined outside the game shows its tile kind named `category` so."""
    if category in CATEGORIES:
        raise ValueError(f"{category!r} is a front of the game's own")
    if front.colour == "any" and front.fill is None:
        raise ValueError("a front of any colour needs a colour of its own (fill)")
    MODULE_FRONTS[category] = front


@dataclass(frozen=True)
class TileFace:
    category: str
    building: str | None = None
    species: str | None = None
    animals: int = 0
    knowledge: int = 0
    # A monastery tile's effect as its picture shows it (art/pictogram.py); the rule set
    # decides it, so the face carries it.
    effect: str = ""

    def __post_init__(self) -> None:
        if self.category not in CATEGORIES and self.category not in MODULE_FRONTS:
            raise ValueError(f"unknown tile category {self.category!r}")
        if (self.category == "building") != (self.building is not None):
            raise ValueError("a building tile, and only a building tile, names its building")
        if self.building is not None and self.building not in BUILDINGS + MODULE_BUILDINGS:
            raise ValueError(f"unknown building {self.building!r}")
        if self.category == "animal":
            if (self.species not in SPECIES + MODULE_SPECIES
                    or self.animals not in ANIMAL_COUNTS):
                raise ValueError("an animal tile has a species and 2, 3 or 4 animals")
        elif self.species is not None or self.animals:
            raise ValueError("only animal tiles show animals")
        if self.category == "monastery":
            if not KNOWLEDGE_NUMBERS[0] <= self.knowledge <= MODULE_KNOWLEDGE[-1]:
                raise ValueError(f"a monastery tile is numbered 1-{MODULE_KNOWLEDGE[-1]}")
        elif self.knowledge:
            raise ValueError("only monastery tiles have a knowledge number")
        if self.effect:
            if self.category != "monastery":
                raise ValueError("only monastery tiles show an effect")
            pictogram.parse(self.effect)

    @property
    def colour(self) -> str:
        """The estate colour of the spaces this tile goes on ("any" for an inn)."""
        if self.category in MODULE_FRONTS:
            return MODULE_FRONTS[self.category].colour
        if self.category in ANY_COLOUR:
            return "any"
        return _ESTATE_COLOUR.get(self.category, self.category)

    @property
    def icon(self) -> str:
        return self.building or self.species or self.category

    def label(self, lang: str | None = None) -> str:
        if self.category in MODULE_FRONTS:
            return MODULE_FRONTS[self.category].label(lang)
        if self.building:
            return i18n.tr(f"building.{self.building}", lang)
        if self.species:
            return i18n.tr("tile.animal", lang, count=self.animals,
                           species=i18n.trn(f"species.{self.species}", self.animals, lang))
        if self.category == "monastery":
            return i18n.tr("tile.monastery", lang, number=self.knowledge)
        return i18n.tr(f"term.{self.category}", lang)


def castle() -> TileFace:
    return TileFace("castle")


def mine() -> TileFace:
    return TileFace("mine")


def ship() -> TileFace:
    return TileFace("ship")


def monastery(number: int, rules: str = "special") -> TileFace:
    """Monastery tile ``number`` as the rule set ``rules`` prints it."""
    return TileFace("monastery", knowledge=number, effect=pictogram.for_tile(number, rules))


def animal(species: str, count: int) -> TileFace:
    return TileFace("animal", species=species, animals=count)


def building(name: str) -> TileFace:
    return TileFace("building", building=name)


def all_faces(rules: str = "special") -> list[TileFace]:
    """One face of every distinct tile front (the monastery tiles of ``rules``)."""
    return ([castle(), mine(), ship()] + [building(b) for b in BUILDINGS]
            + [animal(s, n) for s in SPECIES for n in ANIMAL_COUNTS]
            + [monastery(k, rules) for k in KNOWLEDGE_NUMBERS])


# The fronts a module's form prints: the 2011 sheets call the crane a park, the geese
# goats (X11 l.21, l.27) and the white castle a pleasure garden (X11 l.52); every other
# form prints crane, geese and white castle.
_FORM_FRONTS = {"x11": ("park", "goats", "pleasure_garden")}


def fronts_in_form(form: str, rules: str = "special", module: str = "tiles2") -> list[TileFace]:
    """The tile fronts a module's form uses (tiles2: its building, its animals and
    monastery tiles 27 and 28; white_castles: its white castle and monastery tile 29;
    inns and black_depot_monasteries: the inn and the 2011 monastery)."""
    building_name, species, white = _FORM_FRONTS.get(form, ("crane", "geese", "white_castle"))
    if module == "white_castles":
        return [building(white), monastery(29, rules)]
    if module in ("inns", "black_depot_monasteries"):
        # the inn and the black-depot monastery print alike in every form
        return [TileFace(category) for category in ("inn", "black_monastery")]
    if module == "solo":
        return [TileFace("black_tile")]
    return ([building(building_name), animal(species, 2)]
            + [monastery(k, rules) for k in (27, 28)])


def module_faces(rules: str = "special") -> list[TileFace]:
    """One face of every tile front the modules add (monastery tiles 27 and 28 of
    ``rules``)."""
    return ([building(b) for b in MODULE_BUILDINGS]
            + [animal(s, 2) for s in MODULE_SPECIES]
            + [monastery(k, rules) for k in MODULE_KNOWLEDGE]
            + [TileFace(category) for category in ANY_COLOUR])
