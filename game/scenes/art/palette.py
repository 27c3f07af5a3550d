"""Colours of the client's artwork."""

from __future__ import annotations

Colour = tuple[int, int, int]

ESTATE_COLOURS = ("castle", "mine", "monastery", "ship", "pasture", "building")

# Estate colours follow the Special Edition (burgundy castles, grey mines,
# yellow monasteries, blue ships, light green pastures, beige buildings), tuned so that
# neighbours differ in lightness too, not only in hue.
TILE: dict[str, Colour] = {
    "castle": (132, 34, 52),
    "mine": (112, 112, 120),
    "monastery": (232, 196, 64),
    "ship": (46, 104, 178),
    "pasture": (150, 200, 86),
    "building": (204, 148, 92),
}

# The fronts of tiles that go on a space of any colour, by face category: the inn plum (a
# hue no estate space has), the 2011 black-depot monastery slate, as its black depot. Both
# schemes keep them: their icons tell them apart.
ANY_TILE: dict[str, Colour] = {
    "inn": (124, 84, 150),
    "black_monastery": (58, 56, 70),
    "black_tile": (24, 24, 28),     # the solo game's tile lying black side up
    "double_tile": (92, 128, 60),     # vine-leaf green
}
# The grape varieties of the vineyards (their names are the rules' variety names).
GRAPES: dict[str, Colour] = {
    "orange": (232, 140, 40), "yellow": (236, 212, 70), "green": (120, 180, 70),
    "red": (196, 50, 50), "black": (44, 40, 48), "blue": (70, 100, 200),
}

# Goods by die value: six clearly separated hues and lightness levels.
GOODS: dict[int, Colour] = {
    1: (236, 220, 96),
    2: (206, 72, 60),
    3: (88, 150, 214),
    4: (120, 70, 160),
    5: (92, 168, 92),
    6: (150, 100, 60),
}

PLAYERS: tuple[Colour, ...] = ((196, 54, 48), (54, 96, 190), (236, 236, 230), (232, 180, 40))
WHITE_DIE: Colour = (246, 244, 236)
# The white die's gold rim, and the dark body of a light seat's dice (their pips and rim
# are the seat's colour): the white seat's dice must never pass for the white die.
WHITE_DIE_RIM: Colour = (206, 152, 30)
LIGHT_SEAT_DIE: Colour = (58, 62, 74)
# A white castle's disc: white, as its name, on the building tile it is.
WHITE_CASTLE: Colour = (248, 246, 240)

PARCHMENT: Colour = (236, 226, 200)
BOARD: Colour = (214, 200, 166)
INK: Colour = (40, 34, 30)
INK_LIGHT: Colour = (250, 246, 234)
SILVER: Colour = (196, 200, 206)
SILVER_DARK: Colour = (120, 126, 134)
WORKER: Colour = (232, 226, 214)


# The colour-blind-safe scheme keeps each estate colour's hue (wine castles, grey mines,
# yellow monasteries, navy ships, mint pastures, brown buildings) but spreads them in
# lightness so that every pair stays far apart (CIELAB distance 35 or more) in normal
# vision and under simulated protanopia, deuteranopia and tritanopia; goods take Okabe and
# Ito's colours. The seats' colours already pass and stay. Tiles keep their icons and
# goods their pips in both schemes (tests/client/test_colour_schemes.py measures them).
SCHEMES: dict[str, dict] = {
    "standard": {"tile": dict(TILE), "goods": dict(GOODS), "players": PLAYERS},
    "colour_blind": {
        "tile": {"castle": (89, 9, 29), "mine": (120, 120, 128), "monastery": (255, 223, 64),
                 "ship": (0, 37, 89), "pasture": (138, 230, 184), "building": (178, 121, 71)},
        "goods": {1: (240, 228, 66), 2: (213, 94, 0), 3: (86, 180, 233), 4: (124, 60, 150),
                  5: (0, 158, 115), 6: (130, 90, 50)},
        "players": PLAYERS,
    },
}
scheme = "standard"
_listeners: list = []


def on_scheme_change(listener) -> None:
    """Call ``listener()`` when the scheme changes (art caches drop their images)."""
    _listeners.append(listener)


def set_scheme(name: str) -> None:
    """Switch every colour of the artwork to the scheme ``name`` (COLOUR_SCHEMES)."""
    global PLAYERS, scheme
    if name not in SCHEMES:
        raise ValueError(f"unknown colour scheme {name!r}")
    if name == scheme:
        return
    chosen = SCHEMES[name]
    TILE.update(chosen["tile"])
    GOODS.update(chosen["goods"])
    PLAYERS = chosen["players"]
    scheme = name
    for listener in _listeners:
        listener()


def mix(a: Colour, b: Colour, f: float) -> Colour:
    """``a`` moved a fraction ``f`` towards ``b``."""
    return tuple(round(x + (y - x) * f) for x, y in zip(a, b))  # type: ignore[return-value]


def darker(c: Colour, f: float = 0.35) -> Colour:
    return mix(c, (0, 0, 0), f)


def lighter(c: Colour, f: float = 0.35) -> Colour:
    return mix(c, (255, 255, 255), f)


def luminance(c: Colour) -> float:
    r, g, b = (x / 255 for x in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(background: Colour) -> Colour:
    """Dark or light ink, whichever reads better on ``background``."""
    return INK if luminance(background) > 0.42 else INK_LIGHT


def space_colour(colour: str) -> Colour:
    """An empty estate space: the tile colour printed paler on the board."""
    return mix(TILE[colour], PARCHMENT, 0.45)
