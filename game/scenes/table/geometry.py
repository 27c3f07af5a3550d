"""Where everything sits on the table, in design units (1920x1080).

Left: the central board (six depots in a ring around the black depot, with the phase,
round, goods, bonus tiles and turn order beside it) above the game log. Right: one
player's estate, large, with the players' tabs above it, their supplies beside it, and
the dice and controls below it.
"""

from __future__ import annotations

import math

import pygame

from ..art.hexgrid import estate_centre

BOARD = pygame.Rect(16, 16, 940, 800)
RING_CENTRE = (BOARD.x + 374, BOARD.y + 400)
RING_RADIUS = 258
DEPOT_RADIUS = 102
DEPOT_HEX = 29
BLACK_HEX = 27
# Wide enough for its headings at a readable size in German ("Kommende Waren").
STRIP = pygame.Rect(BOARD.x + 748, BOARD.y + 12, 180, BOARD.h - 24)
LOG = pygame.Rect(16, 830, 940, 234)

# Three rows: name and score, supplies, and who is to move.
TABS = pygame.Rect(972, 16, 932, 112)
ESTATE_CENTRE = (1268, 416)
ESTATE_HEX = 46
SIDE = pygame.Rect(1580, 144, 324, 536)
STORAGE_HEX = 34
PROMPT = pygame.Rect(980, 700, 924, 44)
DICE = pygame.Rect(980, 748, 520, 316)
DIE_SIZE = 84
WHITE_DIE_SIZE = 60
BUTTONS = pygame.Rect(1516, 748, 388, 316)
CHOICE = DICE


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


def estate_space_centre(space: int, centre=ESTATE_CENTRE,
                        size: float = ESTATE_HEX) -> tuple[float, float]:
    dx, dy = estate_centre(space, size)
    return centre[0] + dx, centre[1] + dy


def storage_centre(j: int) -> tuple[float, float]:
    return SIDE.x + 58 + j * 68, SIDE.y + 174


def goods_centre(goods: int) -> tuple[float, float]:
    return SIDE.x + 34 + (goods - 1) * 51, SIDE.y + 262


def silver_centre() -> tuple[float, float]:
    return SIDE.x + 40, SIDE.y + 92


def workers_centre() -> tuple[float, float]:
    return SIDE.x + 170, SIDE.y + 92


def score_centre() -> tuple[float, float]:
    return SIDE.x + 290, SIDE.y + 30


def die_centre(die: int) -> tuple[float, float]:
    """Die 0 and 1 of the shown player; 2 is the white die."""
    return (DICE.x + 90 + die * 170, DICE.y + 86) if die < 2 else (DICE.x + 430, DICE.y + 86)


def button_rect(index: int) -> pygame.Rect:
    """The action buttons: two columns, filled row by row."""
    row, col = divmod(index, 2)
    return pygame.Rect(BUTTONS.x + col * 198, BUTTONS.y + 8 + row * 78, 188, 68)


def tab_rect(seat: int, players: int) -> pygame.Rect:
    w = TABS.w / players
    return pygame.Rect(round(TABS.x + seat * w), TABS.y, round(w) - 10, TABS.h)


def bonus_centre(colour_index: int, rank: int) -> tuple[float, float]:
    return STRIP.centerx - 33 + (rank - 1) * 66, STRIP.y + 212 + colour_index * 56


def track_slot(index: int) -> tuple[float, float]:
    return STRIP.x + 30, STRIP.y + 586 + index * 48


# --- Châteauma's seat: a smaller estate above its two area cards; its reserve and deck in
# the side panel where a player's storage and monastery tiles are.

CM_ESTATE_CENTRE = (1272, 334)
CM_ESTATE_HEX = 33
CM_CARD_HEX = 24
CM_CARD_SPACING = 50


def cm_space_centre(space: int) -> tuple[float, float]:
    return estate_space_centre(space, CM_ESTATE_CENTRE, CM_ESTATE_HEX)


def cm_card_rect(slot: int) -> pygame.Rect:
    """Slot 0 is the left card, 1 the right one."""
    return pygame.Rect(984 + slot * 294, 520, 284, 166)


def cm_card_space_centre(slot: int, space: int, spaces: int) -> tuple[float, float]:
    r = cm_card_rect(slot)
    return r.centerx + (space - (spaces - 1) / 2) * CM_CARD_SPACING, r.y + 88


def cm_reserve_centre(stack: int) -> tuple[float, float]:
    """The six colours' stacks, then the face-down tiles."""
    return SIDE.x + 28 + stack * 45, SIDE.y + 162
