"""An estate space in words a player can find on the board: its colour, the die number
printed on it, and a placed tile next to it (else where it lies on the estate), in place
of the rules' internal space numbers, which nothing on the board shows."""

from __future__ import annotations

import math
from typing import Any

from ... import rules
from .. import i18n

# The colour a neighbour is named by first: the castles are the estate's landmarks.
_FIRST_NEIGHBOUR = rules.COLOURS.index("castle")


def _point(board: Any, space: int) -> tuple[float, float]:
    """A space's centre in hex units (a board of islands gives its own)."""
    if board.centres is not None:
        return board.centres[space]
    q, r = board.axial[space]
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def where_on_estate(board: Any, space: int) -> str:
    """Which part of the estate a space lies in: top left ... bottom right, or the middle
    (the key of its words, space.at.*)."""
    points = [_point(board, s) for s in range(board.spaces)]
    mid_x = sum(x for x, _ in points) / len(points)
    mid_y = sum(y for _, y in points) / len(points)
    reach_x = max(abs(x - mid_x) for x, _ in points) or 1.0
    reach_y = max(abs(y - mid_y) for _, y in points) or 1.0
    x, y = points[space]
    column = "left" if x - mid_x < -reach_x / 3 else "right" if x - mid_x > reach_x / 3 else ""
    row = "top" if y - mid_y < -reach_y / 3 else "bottom" if y - mid_y > reach_y / 3 else ""
    return "_".join(part for part in (row, column) if part) or "middle"


def _placed_next_to(board: Any, occupied: int, space: int) -> list[int]:
    return [s for s in range(board.spaces) if board.neighbour_mask[space] >> s & 1
            and occupied >> s & 1]


def _landmark(board: Any, occupied: int, space: int) -> int | None:
    """A placed tile next to the space to name it by (a castle first, then one of another
    colour than the space's), or None when none is placed next to it."""
    placed = _placed_next_to(board, occupied, space)
    if not placed:
        return None
    castles = [s for s in placed if board.colour[s] == _FIRST_NEIGHBOUR]
    other = [s for s in placed if board.colour[s] != board.colour[space]]
    return (castles or other or placed)[0]


def _twin(board: Any, occupied: int, space: int, part: str) -> int | None:
    """The nearest other empty space of the same colour and number in the same part of
    the estate with no tile next to it, which the same words would name (the two castle
    spaces with a 2 at the top left of board 33), or None."""
    colour, number = board.colour[space], board.die[space]
    twins = [s for s in range(board.spaces) if s != space and board.colour[s] == colour
             and board.die[s] == number and not occupied >> s & 1
             and not _placed_next_to(board, occupied, s)
             and where_on_estate(board, s) == part]
    if not twins:
        return None
    x, y = _point(board, space)
    return min(twins, key=lambda s: math.dist(_point(board, s), (x, y)))


def _side(board: Any, space: int, landmark: int) -> str:
    """Where the space lies from the landmark: upper_left ... lower_right."""
    (x, y), (lx, ly) = _point(board, space), _point(board, landmark)
    dx, dy = x - lx, y - ly
    if abs(dy) < 0.25 * max(abs(dx), 1e-9):
        return "left" if dx < 0 else "right"
    return ("upper" if dy < 0 else "lower") + ("_left" if dx < 0 else "_right")


def space_where(player: Any, space: int, lang: str | None = None) -> str:
    """Where a space of `player`'s estate lies, in words: "next to your castle", "at the
    top left", "at the top left, the right one" (see space_words)."""
    board = player.board

    def t(key: str, **kw: Any) -> str:
        return i18n.tr(key, lang, **kw)
    colour, number = board.colour[space], board.die[space]
    occupied = player.occupied
    landmark = _landmark(board, occupied, space)
    if landmark is None:
        part = where_on_estate(board, space)
        where = t(f"space.at.{part}")
        twin = _twin(board, occupied, space, part)
        if twin is not None:
            where = t("space.at.which", where=where,
                      which=t(f"space.which.{_side(board, space, twin)}"))
        return where
    mark = board.colour[landmark]
    where = t(f"space.next_to.{rules.COLOURS[mark]}")
    alike = [s for s in range(board.spaces) if s != space and board.colour[s] == colour
             and board.die[s] == number and not occupied >> s & 1
             and any(board.colour[n] == mark
                     for n in _placed_next_to(board, occupied, s))]
    if alike:
        where = t("space.side", next_to=where,
                  side=t(f"space.side.{_side(board, space, landmark)}"))
    return where


def space_words(player: Any, space: int, lang: str | None = None) -> str:
    """"the pasture space with a 4 next to your castle", "das Burgfeld mit der 6 oben
    links": the space of `player`'s estate by what is printed and placed around it. Where
    another space of the colour and number lies next to a tile of the same colour, the
    side of the tile it lies on is said too; where two spaces of the colour and number lie
    in the same part of an estate with no tile next to them, which of them it is."""
    board = player.board if player is not None else None
    if board is None or not 0 <= space < board.spaces:
        return str(space + 1)
    return i18n.tr("space.words", lang,
                   space=i18n.tr(f"space.colour.{rules.COLOURS[board.colour[space]]}", lang),
                   number=board.die[space], where=space_where(player, space, lang))


def space_short(colour: str, number: int, lang: str | None = None) -> str:
    """A space by its colour and die number alone ("the pasture 4"), for a tooltip that
    names the spaces beside a piece on the board."""
    return i18n.tr("space.short", lang, colour=i18n.tr(f"table.colour.{colour}", lang),
                   number=number)
