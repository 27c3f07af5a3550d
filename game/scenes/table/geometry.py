"""Where everything sits on the table, in design units (1920x1080).

Left: the central board (six depots in a ring around the black depot, with the phase,
round, goods, bonus tiles and turn order beside it) above the game log. Right: a card per
seat with its estate in miniature (estates_panel.py), below them one estate large with its
supplies beside it, and the dice and controls below that.
"""

from __future__ import annotations

import math

import pygame

from ..art.hexgrid import ESTATE_AXIAL, SQRT3, estate_centre, hex_centre, laid_out

BOARD = pygame.Rect(16, 16, 940, 800)
RING_CENTRE = (BOARD.x + 374, BOARD.y + 400)
RING_RADIUS = 258
DEPOT_RADIUS = 102
DEPOT_HEX = 29
BLACK_DEPOT_RADIUS = 132
BLACK_HEX = 27
# Wide enough for its headings at a readable size in German ("Kommende Waren").
STRIP = pygame.Rect(BOARD.x + 748, BOARD.y + 12, 180, BOARD.h - 24)
LOG = pygame.Rect(16, 830, 940, 234)
# With the trade routes: the shown seat's route in a strip above a shorter log.
ROUTE = pygame.Rect(16, 830, 940, 92)
LOG_BELOW_ROUTE = pygame.Rect(16, 928, 940, 136)
ROUTE_LABEL_W = 152
ROUTE_ICON = 30
ROUTE_CARD_GAP = 10

# The seats' cards: name and score, the estate in miniature beside the supplies, and who
# is to move.
SEATS = pygame.Rect(972, 16, 932, 212)
MINI_HEX = 12
# The large estate and its supplies.
REGION = pygame.Rect(972, 236, 932, 456)
ESTATE_BOX = pygame.Rect(972, 244, 540, 440)
ESTATE_CENTRE = (1242, 464)
ESTATE_HEX = 39
SIDE = pygame.Rect(1524, 244, 380, 440)
STORAGE_HEX = 30
# Goods and sold goods: a column of row names, then one column per goods type.
GOODS_X = SIDE.x + 128
GOODS_STEP = 44
PROMPT = pygame.Rect(980, 700, 924, 44)
DICE = pygame.Rect(980, 748, 520, 316)
DIE_SIZE = 84
WHITE_DIE_SIZE = 60
BUTTONS = pygame.Rect(1516, 748, 388, 316)
CHOICE = DICE
# The castle pool (castle_connection): a castle tile and its count in the board's lower
# left corner, clear of the depots.
CASTLE_POOL = (BOARD.x + 74, BOARD.y + 736)
# The border posts' bonus tiles (space "J" of the printed board): in the board's lower
# right corner, clear of the depots and the strip.
BORDER_POST_TILES = (BOARD.x + 640, BOARD.y + 744)
# With the vineyards, whose vineyard board fills that corner: in the upper left corner,
# beside the inn stack.
BORDER_POST_TILES_BESIDE_VINEYARD = (BOARD.x + 190, BOARD.y + 84)
BORDER_POST_TILE = 44
# A post at the edge of the large estate: its marker's radius, and how far beyond the
# space it touches it sits (in hex sizes); a post between two spaces sits in the notch
# below (or above) them.
POST_RADIUS = 15
POST_OUT = 1.3
# The inn stack (inns): the inns put out beside the black depot, in the board's upper left
# corner, clear of the depots.
INN_STACK = (BOARD.x + 74, BOARD.y + 84)


def depot_centre(depot: int) -> tuple[float, float]:
    """Depots 1-6 clockwise from the top; 0 is the black depot in the middle."""
    if depot == 0:
        return RING_CENTRE
    angle = math.radians(-90 + (depot - 1) * 60)
    return (RING_CENTRE[0] + RING_RADIUS * math.cos(angle),
            RING_CENTRE[1] + RING_RADIUS * math.sin(angle))


def depot_slot_centre(depot: int, slot: int, slots: int) -> tuple[float, float]:
    cx, cy = depot_centre(depot)
    if depot == 0:
        per_row = 4 if slots > 6 else 3 if slots > 4 else 2
        row, col = divmod(slot, per_row)
        rows = math.ceil(slots / per_row)
        w = DEPOT_HEX * 1.78
        x = cx + (col - (per_row - 1) / 2) * w
        y = cy + 14 + (row - (rows - 1) / 2) * BLACK_HEX * 1.9
        return x, y
    row, col = divmod(slot, 2)
    rows = math.ceil(slots / 2)
    in_row = min(2, slots - row * 2)
    x = cx + (col - (in_row - 1) / 2) * DEPOT_HEX * 1.86
    y = cy + (0 if rows == 1 else -22 + row * 54)
    return x, y


def depot_goods_centre(depot: int, index: int, count: int) -> tuple[float, float]:
    cx, cy = depot_centre(depot)
    return cx + (index - (count - 1) / 2) * 27, cy + 78


def depot_number_centre(depot: int) -> tuple[float, float]:
    cx, cy = depot_centre(depot)
    return cx, cy - 78


# The estates' shape: each space's centre from the estate's centre, in hex sizes. The
# printed duchy's hexagon by default; a module's board of another shape (the team game's
# double duchy) is drawn with smaller hexes so that it fits where a printed duchy does
# (use_estate_shape sets ESTATE_HEX and MINI_HEX to match).
PRINTED_ESTATE_HEX, PRINTED_MINI_HEX = ESTATE_HEX, MINI_HEX
_PRINTED_WIDTH, _PRINTED_HEIGHT = 7 * SQRT3, 11.0   # hex sizes, the printed hexagon's box
_shape: list[tuple[float, float]] = [hex_centre(q, r, 1.0) for q, r in ESTATE_AXIAL]
_extent = (_PRINTED_WIDTH / 2, _PRINTED_HEIGHT / 2)


def use_estate_shape(axial=None) -> None:
    """Draw the estates in the shape of a board's axial coordinates (None or the printed
    hexagon's: the printed duchy, at the printed sizes)."""
    global ESTATE_HEX, MINI_HEX, _shape, _extent
    points = [hex_centre(q, r, 1.0) for q, r in (axial or ESTATE_AXIAL)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    width, height = max(xs) - min(xs) + SQRT3, max(ys) - min(ys) + 2
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    _shape = [(x - mx, y - my) for x, y in points]
    _extent = (width / 2, height / 2)
    scale = min(1.0, _PRINTED_WIDTH / width, _PRINTED_HEIGHT / height)
    ESTATE_HEX = PRINTED_ESTATE_HEX * scale
    MINI_HEX = PRINTED_MINI_HEX * scale


def estate_spaces() -> int:
    """The spaces of the estates drawn now."""
    return len(_shape)


def estate_extent() -> tuple[float, float]:
    """Half the width and half the height of the estates' shape, in hex sizes."""
    return _extent


def estate_space_centre(space: int, centre=None, size: float | None = None) -> tuple[float, float]:
    """A space's centre on the estate around `centre` (the large estate's by default) with
    hexes of `size` (the large estate's by default)."""
    if centre is None:
        centre = ESTATE_CENTRE
    if size is None:
        size = ESTATE_HEX
    if laid_out():  # a board of islands (the solo boards) lays its spaces out itself
        dx, dy = estate_centre(space, size)
        return centre[0] + dx, centre[1] + dy
    dx, dy = _shape[space]
    return centre[0] + dx * size, centre[1] + dy * size


def border_post_centre(spaces, centre=ESTATE_CENTRE,
                       size: float = ESTATE_HEX) -> tuple[float, float]:
    """A border post: beyond the edge space it touches, away from the estate's centre, or
    in the notch where the two spaces it touches meet."""
    points = [estate_space_centre(s, centre, size) for s in spaces]
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    if len(points) > 1:
        side = 1 if y >= centre[1] else -1
        return x, y + side * (size * 0.55 + POST_RADIUS)
    # Tilted towards the side: a post by a space of the top or bottom row stays clear of
    # the box's edge.
    dx, dy = x - centre[0], (y - centre[1]) * 0.4
    d = math.hypot(dx, dy) or 1.0
    return x + dx / d * size * POST_OUT, y + dy / d * size * POST_OUT


def border_post_tiles(vineyards: bool = False) -> tuple[float, float]:
    """Where the border posts' bonus tiles lie (the first one's centre)."""
    return BORDER_POST_TILES_BESIDE_VINEYARD if vineyards else BORDER_POST_TILES


def border_post_tile_centre(rank: int, vineyards: bool = False) -> tuple[float, float]:
    """Rank 1 (the large tile) on the left, 2 beside it."""
    x, y = border_post_tiles(vineyards)
    return x + (rank - 1) * (BORDER_POST_TILE + 16), y


def storage_centre(j: int) -> tuple[float, float]:
    return SIDE.x + 52 + j * 64, SIDE.y + 154


def goods_centre(goods: int) -> tuple[float, float]:
    return GOODS_X + (goods - 1) * GOODS_STEP, SIDE.y + 234


def held_centre(goods: int) -> tuple[float, float]:
    """The count of a goods type in store, under its tile."""
    return goods_centre(goods)[0], SIDE.y + 266


def sold_centre(goods: int) -> tuple[float, float]:
    """The count of a goods type sold so far, in the row below."""
    return goods_centre(goods)[0], SIDE.y + 292


def silver_centre() -> tuple[float, float]:
    return SIDE.x + 40, SIDE.y + 72


def workers_centre() -> tuple[float, float]:
    return SIDE.x + 170, SIDE.y + 72


def score_centre() -> tuple[float, float]:
    return SIDE.right - 50, SIDE.y + 30


# Monastery tiles on the left, bonus tiles on the right, below the goods.
LOWER_Y = SIDE.y + 312
BONUS_X = SIDE.x + 216


# The monastery tiles beside the estate, as large as their pictures need: two rows of five
# while they fit, else smaller in rows of seven.
KNOWLEDGE_HEXES = (19, 13)
KNOWLEDGE_ROW = 5


def knowledge_slot(i: int, count: int) -> tuple[tuple[float, float], float]:
    """Where the i-th of ``count`` monastery tiles beside the estate lies, and its radius."""
    if count <= 2 * KNOWLEDGE_ROW:
        row, col = divmod(i, KNOWLEDGE_ROW)
        return (SIDE.x + 32 + col * 40, SIDE.y + 352 + row * 38), KNOWLEDGE_HEXES[0]
    row, col = divmod(i, 7)
    return (SIDE.x + 26 + col * 28, SIDE.y + 346 + row * 26), KNOWLEDGE_HEXES[1]


def bonus_tile_centre(i: int) -> tuple[float, float]:
    row, col = divmod(i, 3)
    return BONUS_X + 22 + col * 44, SIDE.y + 358 + row * 44


def die_centre(die: int) -> tuple[float, float]:
    """Die 0 and 1 of the shown player; 2 is the white die."""
    return (DICE.x + 90 + die * 170, DICE.y + 86) if die < 2 else (DICE.x + 430, DICE.y + 86)


def button_rect(index: int) -> pygame.Rect:
    """The action buttons: two columns, filled row by row."""
    row, col = divmod(index, 2)
    return pygame.Rect(BUTTONS.x + col * 198, BUTTONS.y + 8 + row * 78, 188, 68)


def seat_rect(seat: int, players: int) -> pygame.Rect:
    w = (SEATS.w + 10) / players
    return pygame.Rect(round(SEATS.x + seat * w), SEATS.y, round(w) - 10, SEATS.h)


def bonus_centre(colour_index: int, rank: int) -> tuple[float, float]:
    return STRIP.centerx - 33 + (rank - 1) * 66, STRIP.y + 212 + colour_index * 56


# The turn-order track as the board prints it: a row of spaces from the first to the tower
# at the front, here standing upright in the strip, the front at the top.
TRACK_TOP = STRIP.y + 572
TRACK_BOTTOM = STRIP.bottom - 6
TRACK_SPACES = 7


def track_row(spaces: int) -> float:
    return min(32.0, (TRACK_BOTTOM - TRACK_TOP) / spaces)


def track_space_centre(space: int, spaces: int) -> tuple[float, float]:
    """Space 1 (where every marker starts) at the bottom."""
    return STRIP.x + 24, TRACK_BOTTOM - (space - 0.5) * track_row(spaces)


TRACK_STACK_STEP = 20


def track_marker_centre(space: int, level: int, spaces: int,
                        height: int = 1) -> tuple[float, float]:
    """A marker in a stack of `height` markers, level 0 at the bottom: drawn as a fanned
    stack, each marker over the one below and to its left, so the top one (which moves
    first) stands in front and is read first."""
    x, y = track_space_centre(space, spaces)
    return x + 40 + (height - 1 - level) * TRACK_STACK_STEP, y


# --- Châteauma's seat: a smaller estate above its two area cards; its reserve and deck in
# the side panel where a player's storage and monastery tiles are.

CM_ESTATE_CENTRE = (1242, 380)
CM_ESTATE_HEX = 23
CM_CARD_HEX = 21
CM_CARD_SPACING = 47


def cm_space_centre(space: int) -> tuple[float, float]:
    return estate_space_centre(space, CM_ESTATE_CENTRE, CM_ESTATE_HEX)


def cm_card_rect(slot: int) -> pygame.Rect:
    """Slot 0 is the left card, 1 the right one."""
    return pygame.Rect(980 + slot * 268, 514, 260, 164)


def cm_card_space_centre(slot: int, space: int, spaces: int) -> tuple[float, float]:
    r = cm_card_rect(slot)
    return r.centerx + (space - (spaces - 1) / 2) * CM_CARD_SPACING, r.y + 88


def cm_reserve_centre(stack: int) -> tuple[float, float]:
    """The six colours' stacks, then the face-down tiles."""
    return SIDE.x + 28 + stack * 45, SIDE.y + 146


CM_DECK = pygame.Rect(SIDE.x + 10, LOWER_Y - 4, SIDE.w - 20, 102)


def route_card_rect(card: int, cards: int) -> pygame.Rect:
    """Route card `card` of `cards` in the trade-route strip, left to right."""
    left = ROUTE.x + 12 + ROUTE_LABEL_W
    width = ROUTE.right - 12 - left
    w = (width - (cards - 1) * ROUTE_CARD_GAP) / max(1, cards)
    return pygame.Rect(round(left + card * (w + ROUTE_CARD_GAP)), ROUTE.y + 8, round(w),
                       ROUTE.h - 16)


def route_space_width(spaces: int) -> float:
    return route_card_rect(0, max(1, spaces // 3)).w / 3


def route_space_centres(space: int, spaces: int) -> tuple[tuple[float, float],
                                                          tuple[float, float]]:
    """The goods type (above) and the bonus (below) of a route space."""
    card = route_card_rect(space // 3, max(1, spaces // 3))
    x = card.x + (space % 3 + 0.5) * card.w / 3
    return (x, card.y + 20), (x, card.y + 56)
