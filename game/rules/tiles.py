"""Hex tile kinds, estate colours and goods.

Tiles are small ints so that estates, depots and storage are plain lists of ints; the
tables here turn a kind into its colour, building, species or monastery number.
"""

from __future__ import annotations

from .data import load_json

# Estate colours (the colours of spaces and of tile fronts).
CASTLE, MINE, MONASTERY, SHIP, PASTURE, BUILDING = range(6)
COLOURS = ("castle", "mine", "monastery", "ship", "pasture", "building")
COLOUR_BY_NAME = {name: i for i, name in enumerate(COLOURS)}

_TILE_DATA = load_json("tiles.json")
BUILDINGS: tuple[str, ...] = tuple(_TILE_DATA["buildings"])
SPECIES: tuple[str, ...] = tuple(_TILE_DATA["species"])
(WAREHOUSE, WATCHTOWER, CARPENTERS_WORKSHOP, CHURCH, MARKET, BOARDING_HOUSE, BANK,
 CITY_HALL) = range(8)
assert BUILDINGS == ("warehouse", "watchtower", "carpenters_workshop", "church", "market",
                     "boarding_house", "bank", "city_hall")

GOODS_TYPES = _TILE_DATA["goods"]["types"]
GOODS_PER_TYPE = _TILE_DATA["goods"]["per_type"]
GOODS_PER_PHASE = _TILE_DATA["goods"]["per_phase"]
GOODS_PER_PLAYER = _TILE_DATA["goods"]["per_player"]

# Kind ids: castle, mine, ship, the eight buildings, twelve animal tiles, 26 monasteries.
KIND_CASTLE, KIND_MINE, KIND_SHIP = 0, 1, 2
FIRST_BUILDING = 3
FIRST_ANIMAL = FIRST_BUILDING + len(BUILDINGS)
FIRST_KNOWLEDGE = FIRST_ANIMAL + 3 * len(SPECIES)
KNOWLEDGE_COUNT = 26
KIND_COUNT = FIRST_KNOWLEDGE + KNOWLEDGE_COUNT

KIND_COLOUR: list[int] = []
KIND_BUILDING: list[int] = []   # building index, or -1
KIND_SPECIES: list[int] = []    # species index, or -1
KIND_ANIMALS: list[int] = []    # animals shown on the tile, or 0
KIND_KNOWLEDGE: list[int] = []  # monastery number 1-26, or 0
KIND_NAMES: list[str] = []

for _k in range(KIND_COUNT):
    if _k < FIRST_BUILDING:
        colour = (CASTLE, MINE, SHIP)[_k]
        KIND_COLOUR.append(colour)
        KIND_BUILDING.append(-1)
        KIND_SPECIES.append(-1)
        KIND_ANIMALS.append(0)
        KIND_KNOWLEDGE.append(0)
        KIND_NAMES.append(COLOURS[colour])
    elif _k < FIRST_ANIMAL:
        KIND_COLOUR.append(BUILDING)
        KIND_BUILDING.append(_k - FIRST_BUILDING)
        KIND_SPECIES.append(-1)
        KIND_ANIMALS.append(0)
        KIND_KNOWLEDGE.append(0)
        KIND_NAMES.append(BUILDINGS[_k - FIRST_BUILDING])
    elif _k < FIRST_KNOWLEDGE:
        species, animals = divmod(_k - FIRST_ANIMAL, 3)
        KIND_COLOUR.append(PASTURE)
        KIND_BUILDING.append(-1)
        KIND_SPECIES.append(species)
        KIND_ANIMALS.append(animals + 2)
        KIND_KNOWLEDGE.append(0)
        KIND_NAMES.append(f"{SPECIES[species]}{animals + 2}")
    else:
        KIND_COLOUR.append(MONASTERY)
        KIND_BUILDING.append(-1)
        KIND_SPECIES.append(-1)
        KIND_ANIMALS.append(0)
        KIND_KNOWLEDGE.append(_k - FIRST_KNOWLEDGE + 1)
        KIND_NAMES.append(f"monastery{_k - FIRST_KNOWLEDGE + 1}")

KIND_BY_NAME = {name: k for k, name in enumerate(KIND_NAMES)}


def building_kind(building: int) -> int:
    return FIRST_BUILDING + building


def animal_kind(species: int, animals: int) -> int:
    return FIRST_ANIMAL + species * 3 + animals - 2


def knowledge_kind(number: int) -> int:
    return FIRST_KNOWLEDGE + number - 1


def kind_from_name(name: str) -> int:
    try:
        return KIND_BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown tile {name!r}") from None


def _inventory(section: dict) -> list[int]:
    """All tiles with one back colour, as a list of kinds (one entry per tile)."""
    tiles = [KIND_CASTLE] * section["castle"] + [KIND_MINE] * section["mine"]
    tiles += [KIND_SHIP] * section["ship"]
    for b in range(len(BUILDINGS)):
        tiles += [building_kind(b)] * section["building"]["each"]
    for s in range(len(SPECIES)):
        for animals, count in section["animal"]["per_species"].items():
            tiles += [animal_kind(s, int(animals))] * count
    tiles += [knowledge_kind(n) for n in section["monastery"]]
    return tiles


COLOURED_TILES: tuple[int, ...] = tuple(_inventory(_TILE_DATA["coloured"]))
BLACK_TILES: tuple[int, ...] = tuple(_inventory(_TILE_DATA["black"]))
