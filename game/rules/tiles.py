"""Hex tile kinds, estate colours and goods.

Tiles are small ints so that estates, depots and storage are plain lists of ints; the
tables here turn a kind into its colour, building, species or monastery number.
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import load_json

# Estate colours (the colours of spaces and of tile fronts).
CASTLE, MINE, MONASTERY, SHIP, PASTURE, BUILDING = range(6)
COLOURS = ("castle", "mine", "monastery", "ship", "pasture", "building")
COLOUR_BY_NAME = {name: i for i, name in enumerate(COLOURS)}
# The colour of a tile that may go on an empty space of any colour (a module's kind with
# colour "any" in the data). It fills the space it lies on: that space's colour is the one
# it completes (colour bonus, the areas), and it is none of the six for any other rule.
ANY_COLOUR = len(COLOURS)

_TILE_DATA = load_json("tiles.json")
BASE_BUILDINGS = len(_TILE_DATA["buildings"])
BASE_SPECIES = len(_TILE_DATA["species"])
# Building types and species: the base game's, then those modules add (the crane is a
# building type of its own for the one-per-city rule; the geese a species of their own).
BUILDINGS: tuple[str, ...] = tuple(_TILE_DATA["buildings"] + _TILE_DATA["module_building_types"])
SPECIES: tuple[str, ...] = tuple(_TILE_DATA["species"] + _TILE_DATA["module_species"])
(WAREHOUSE, WATCHTOWER, CARPENTERS_WORKSHOP, CHURCH, MARKET, BOARDING_HOUSE, BANK,
 CITY_HALL, CRANE) = range(9)
assert BUILDINGS[:9] == ("warehouse", "watchtower", "carpenters_workshop", "church", "market",
                         "boarding_house", "bank", "city_hall", "crane")

GOODS_TYPES = _TILE_DATA["goods"]["types"]
GOODS_PER_TYPE = _TILE_DATA["goods"]["per_type"]
GOODS_PER_PHASE = _TILE_DATA["goods"]["per_phase"]
GOODS_PER_PLAYER = _TILE_DATA["goods"]["per_player"]


@dataclass(frozen=True)
class TileKind:
    """One kind of hex tile: everything the rules know of it, in one record.

    `effect` names what happens when a player places it (engine.EFFECTS, extended by the
    module that adds the kind) and `chateauma` Châteauma's bonus when it places one face
    up; the client finds the kind's name, tooltip and icon under `name`.
    """
    id: int
    name: str
    colour: int            # an estate colour, or ANY_COLOUR
    back: str              # 'coloured' (the supply of its colour), 'black', or 'module'
                           # (a supply the module keeps itself)
    effect: str
    chateauma: str
    building: int = -1     # building type, or -1
    species: int = -1      # species, or -1
    animals: int = 0       # animals shown on the tile
    knowledge: int = 0     # monastery number, or 0
    module: str | None = None  # the module that adds it; None for the base game


def _base_kinds() -> list[TileKind]:
    """Castle, mine, ship, the eight buildings, twelve animal tiles, monasteries 1-26."""
    kinds: list[TileKind] = []

    def add(**fields) -> None:
        kinds.append(TileKind(id=len(kinds), back="coloured", **fields))

    for colour, effect in ((CASTLE, "castle"), (MINE, "mine"), (SHIP, "ship")):
        add(name=COLOURS[colour], colour=colour, effect=effect, chateauma=effect)
    for b in range(BASE_BUILDINGS):
        add(name=BUILDINGS[b], colour=BUILDING, building=b, effect=BUILDINGS[b],
            chateauma=BUILDINGS[b])
    for s in range(BASE_SPECIES):
        for animals in (2, 3, 4):
            add(name=f"{SPECIES[s]}{animals}", colour=PASTURE, species=s, animals=animals,
                effect="animal", chateauma="animal")
    for n in range(1, 27):
        add(name=f"monastery{n}", colour=MONASTERY, knowledge=n, effect="monastery",
            chateauma="none")
    return kinds


def _module_kind(kind_id: int, e: dict) -> TileKind:
    """A module's tile kind from its entry (the shape of tiles.json's `module_kinds`)."""
    return TileKind(
        id=kind_id, name=e["name"], back=e["back"],
        colour=ANY_COLOUR if e["colour"] == "any" else COLOUR_BY_NAME[e["colour"]],
        effect=e["effect"], chateauma=e["chateauma"],
        building=BUILDINGS.index(e["building"]) if "building" in e else -1,
        species=SPECIES.index(e["species"]) if "species" in e else -1,
        animals=e.get("animals", 0), knowledge=e.get("knowledge", 0), module=e["module"])


_BASE = _base_kinds()
KINDS: list[TileKind] = _BASE + [_module_kind(len(_BASE) + i, e)
                                 for i, e in enumerate(_TILE_DATA["module_kinds"])]
"""Every tile kind by id: the base game's first, then the modules' in data order, then
those of modules defined outside the rules' data (add_kinds)."""

# Kind ids of the base game: castle, mine, ship, buildings, animal tiles, monasteries 1-26.
KIND_CASTLE, KIND_MINE, KIND_SHIP = 0, 1, 2
FIRST_BUILDING = 3
FIRST_ANIMAL = FIRST_BUILDING + BASE_BUILDINGS
FIRST_KNOWLEDGE = FIRST_ANIMAL + 3 * BASE_SPECIES
KNOWLEDGE_COUNT = 26          # monasteries of the base game
BASE_KIND_COUNT = len(_BASE)
KIND_COUNT = len(KINDS)     # the kinds of the rules' own data (add_kinds adds more)

# The same facts as flat tables indexed by kind: the rules' inner loops read these.
KIND_COLOUR: list[int] = [t.colour for t in KINDS]
KIND_BUILDING: list[int] = [t.building for t in KINDS]   # building type, or -1
KIND_SPECIES: list[int] = [t.species for t in KINDS]     # species, or -1
KIND_ANIMALS: list[int] = [t.animals for t in KINDS]     # animals shown, or 0
KIND_KNOWLEDGE: list[int] = [t.knowledge for t in KINDS]  # monastery number, or 0
KIND_NAMES: list[str] = [t.name for t in KINDS]
KIND_EFFECT: list[str] = [t.effect for t in KINDS]
KIND_BY_NAME = {name: k for k, name in enumerate(KIND_NAMES)}
assert len(KIND_BY_NAME) == KIND_COUNT, "tile kind names must be unique"
assert KIND_NAMES[FIRST_KNOWLEDGE] == "monastery1" and BASE_KIND_COUNT == 49


def building_kind(building: int) -> int:
    return FIRST_BUILDING + building


def animal_kind(species: int, animals: int) -> int:
    return FIRST_ANIMAL + species * 3 + animals - 2


def knowledge_kind(number: int) -> int:
    return FIRST_KNOWLEDGE + number - 1


def module_kinds(module: str) -> list[int]:
    """The kinds a module adds, in data order."""
    return [t.id for t in KINDS if t.module == module]


def kind_from_name(name: str) -> int:
    try:
        return KIND_BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown tile {name!r}") from None


def add_kinds(entries: list[dict]) -> list[int]:
    """Add the tile kinds of a module defined outside the rules' data files (each entry
    shaped like tiles.json's `module_kinds`) and give their ids. The flat tables grow in
    place, so every reader sees the new kinds; a kind already known by that name keeps
    its id (a module file imported twice adds nothing)."""
    ids = []
    for e in entries:
        if e["name"] in KIND_BY_NAME:
            ids.append(KIND_BY_NAME[e["name"]])
            continue
        t = _module_kind(len(KINDS), e)
        KINDS.append(t)
        KIND_COLOUR.append(t.colour)
        KIND_BUILDING.append(t.building)
        KIND_SPECIES.append(t.species)
        KIND_ANIMALS.append(t.animals)
        KIND_KNOWLEDGE.append(t.knowledge)
        KIND_NAMES.append(t.name)
        KIND_EFFECT.append(t.effect)
        KIND_BY_NAME[t.name] = t.id
        ids.append(t.id)
    return ids


def _inventory(section: dict) -> list[int]:
    """All tiles with one back colour, as a list of kinds (one entry per tile)."""
    tiles = [KIND_CASTLE] * section["castle"] + [KIND_MINE] * section["mine"]
    tiles += [KIND_SHIP] * section["ship"]
    for b in range(BASE_BUILDINGS):
        tiles += [building_kind(b)] * section["building"]["each"]
    for s in range(BASE_SPECIES):
        for animals, count in section["animal"]["per_species"].items():
            tiles += [animal_kind(s, int(animals))] * count
    tiles += [knowledge_kind(n) for n in section["monastery"]]
    return tiles


COLOURED_TILES: tuple[int, ...] = tuple(_inventory(_TILE_DATA["coloured"]))
BLACK_TILES: tuple[int, ...] = tuple(_inventory(_TILE_DATA["black"]))
