"""The vineyards module on the table: its decisions in words, its log lines, the button that
lists the vineyard die actions and the purchase, and the vineyard depot, display and the
shown player's vineyard board beside the central board.

What the vineyards do is the rules' (game/rules/modules/vineyards.py); the table draws what
the view holds and offers the legal actions as listed choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

import pygame

from .... import rules
from ....rules import vineyards as vy
from ... import fonts, i18n, synth
from ...art import palette
from ...anim.timeline import Animation, Later, Parallel, Wait
from ...layout import Canvas
from .. import geometry as g
from ..motion import BOX, DISCARDED, SHORT, TAKEN
from ..seam import Animator, Handler, ModuleButton, Table, TableModule, Words, register

ID = "vineyards"
# The turn's vineyard actions the vineyard button lists.
BUTTON_ACTIONS = ("vineyard_take", "vineyard_place", "vineyard_buy")


def vineyard_actions(table: Table, key: tuple | None = None) -> None:
    """The turn's vineyard actions open now, as a list of choices; a click on a depot or
    display tile or on a space of one's own vineyard board lists those that use it (all
    of them when none does)."""
    if not table.can_act():
        return
    options = [a for a in table.narrowing.legal if a[0] in BUTTON_ACTIONS]
    if key is not None and (key[0] != "space" or table.own_estate()):
        mine = [a for a in options if uses(a, key)]
        options = mine or options
    table.offer(options, "table.msg.vineyard")


def uses(action: tuple, key: tuple) -> bool:
    """Whether a listed vineyard action uses the place a click named: ('depot', s),
    ('display', s) or ('space', i) of the vineyard board."""
    where, s = key[0], key[1]
    if action[0] == "vineyard_take":
        return where == "depot" and action[2] == s
    if action[0] == "vineyard_buy":
        return where == "display" and action[1] == s
    if action[0] == "vineyard_place":
        return where == "space" and action[3] == s
    return False


def variety_label(x: int | str, lang: str | None = None) -> str:
    name = vy.VARIETIES[x] if isinstance(x, int) else x
    return i18n.tr(f"vineyard.variety.{name}", lang)


def tile_words(tile: int, lang: str | None = None, flip: int = 0) -> str:
    """A double tile by its two varieties (in the order it would lie)."""
    a, b = vy.TILES[tile] if not flip else vy.TILES[tile][::-1]
    return f"{variety_label(a, lang)}/{variety_label(b, lang)}"


def _die(die: int, lang: str | None) -> str:
    if die == 2:
        return i18n.tr("table.castle_die", lang)
    if die == 3:
        return i18n.tr("table.white_die_action", lang)
    return i18n.tr("table.die", lang, number=die + 1)


def icon_label(icon: str, lang: str | None = None) -> str:
    if icon in rules.BUILDINGS:
        return i18n.tr(f"building.{icon}", lang)
    return i18n.tr(f"vineyard.icon.{icon}", lang)


def describe(action: tuple, state: Any, lang: str | None = None) -> str | None:
    """The module's action in words, or None for another module's."""
    op = action[0]
    if not isinstance(op, str) or not op.startswith("vineyard_"):
        return None
    def t(key: str, **kw: Any) -> str:
        return i18n.tr(key, lang, **kw)
    v = vy.vine(state)
    seat = state.current_player
    if op == "vineyard_take":
        return t("act.vineyard_take", die=_die(action[1], lang),
                 tile=tile_words(v.depot[action[2]], lang), space=action[2] + 1)
    if op == "vineyard_place":
        pair = vy.stored_at(state, seat, action[2])
        b = vy.board_of(state, seat)
        return t("act.vineyard_place", die=_die(action[1], lang),
                 tile=tile_words(pair[2], lang, action[4]) if pair else "?",
                 space=action[3] + 1, number=b.spaces[action[3]].die)
    if op == "vineyard_buy":
        return t("act.vineyard_buy", tile=tile_words(v.display[action[1]], lang),
                 paid=t(f"term.{action[2]}"))
    if op == "vineyard_drop":
        pair = vy.stored_at(state, seat, action[1])
        if pair is not None:
            return t("act.vineyard_drop_double", tile=tile_words(pair[2], lang))
        kind = state.players[seat].storage[action[1]]
        from ..log import tile_label
        return t("act.discard", tile=tile_label(rules.KIND_NAMES[kind], lang))
    if op == "vineyard_bonus":
        return t("act.vineyard_bonus", icon=icon_label(action[1], lang))
    if op == "vineyard_skip":
        return t("act.vineyard_skip")
    if op == "vineyard_free":
        if action[1] == "black":
            from ..log import tile_label
            return t("act.vineyard_free_black",
                     tile=tile_label(rules.KIND_NAMES[state.black[action[2]]], lang))
        row = v.display if action[1] == "display" else v.depot
        return t(f"act.vineyard_free_{action[1]}", tile=tile_words(row[action[2]], lang))
    if op == "vineyard_wine":
        return t("act.vineyard_wine", variety=variety_label(action[1], lang))
    return None


EVENTS = ("WineBonusDealt", "VineyardFilled", "VineyardCleared", "DoubleTileTaken",
          "DoubleTileRemoved", "DoubleTilePlaced", "VineyardBonus", "WineBonusTaken",
          "VineyardScored", "DoubleTileStacked", "VineyardDeckDealt")


def describe_event(kind: str, e: Any, who: str, lang: str) -> str | None:
    def t(key: str, **kw: Any) -> str:
        return i18n.tr(key, lang, **kw)
    if kind == "WineBonusDealt":
        return t("log.wine_dealt", varieties=", ".join(variety_label(x, lang) for x in e.dealt))
    if kind == "VineyardFilled":
        return t("log.vineyard_filled")
    if kind == "VineyardCleared":
        return t("log.vineyard_cleared", count=len(e.tiles)) if e.tiles else None
    if kind == "DoubleTileTaken":
        return t(f"log.double_taken.{e.how}", who=who, tile=tile_words(e.tile, lang))
    if kind == "DoubleTileRemoved":
        return t("log.double_removed", who=who, tile=tile_words(e.tile, lang))
    if kind == "DoubleTilePlaced":
        return t("log.double_placed", who=who, tile=tile_words(e.tile, lang, e.flip),
                 space=e.space + 1)
    if kind == "VineyardBonus":
        return t("log.vineyard_bonus", who=who, icon=icon_label(e.icon, lang))
    if kind == "WineBonusTaken":
        return t("log.wine_taken", who=who, variety=variety_label(e.variety, lang),
                 level=e.level)
    if kind == "VineyardScored":
        return t("log.vineyard_scored", who=who, variety=variety_label(e.variety, lang),
                 size=e.size, points=e.points)
    if kind == "DoubleTileStacked":
        return t("log.chateauma_double", who=who)
    return None


# --- painting ---------------------------------------------------------------------------------

HALF = 12          # a grape half's radius for the depot and display (design units)
# The vineyard board fills the board's lower right corner, between the river, the depots
# and the strip: a double space is 4 x 2 BOARD_HALF, large enough to show its die number
# and its two icons at 1280x720.
BOARD_HALF = 19
ROW_STEP = 2.05 * BOARD_HALF
BOARD_ORIGIN = (506, 787)      # the left edge of the board at the centre of its lowest level
ICON = 22                      # an icon on a double space
NUMBER = 20                    # the die face between the icons
OFFER_X, OFFER_Y = 560, 48     # the first depot space, in the board's top right corner
OFFER_STEP, OFFER_ROW = 80, 50
# The wine bonus tiles held: in the corner the lowest level leaves free.
WINE = (BOARD_ORIGIN[0] + 10.2 * BOARD_HALF, BOARD_ORIGIN[1] - 10)
WINE_R = 8
# What a space's icon shows, when it is not named like an icon of the set (art/icons.py):
# the free tile from the black depot or display, the free double tile from the depot.
EDGE = (92, 58, 34)            # the dark edge round a ring on the beige board
ICON_ART = {"black_depot": "black_tile", "vine_depot": "double_tile"}
SPACE_FILL = palette.mix(palette.ANY_TILE["double_tile"], (236, 226, 196), 0.72)


def offer_centres(players: int) -> list[tuple[str, int, tuple[float, float]]]:
    """('depot' | 'display', space, centre) for every space in use: the depot three to a
    row, the display's spaces in use below it."""
    out: list[tuple[str, int, tuple[float, float]]] = []
    depot = len(vy.depot_numbers(players))
    for s in range(depot):
        row, col = divmod(s, 3)
        out.append(("depot", s, (OFFER_X + col * OFFER_STEP, OFFER_Y + row * OFFER_ROW)))
    y = OFFER_Y + (depot + 2) // 3 * OFFER_ROW + 6
    for s in vy.display_spaces(players):
        out.append(("display", s, (OFFER_X + s * OFFER_STEP, y)))
    return out


def offer_halves(players: int, where: str, space: int) -> tuple[tuple[float, float], ...]:
    """The centres of the two halves of the tile in a depot or display space."""
    for w, s, (x, y) in offer_centres(players):
        if (w, s) == (where, space):
            return (x - HALF, y), (x + HALF, y)
    return ()


def board_centres(seat_board: int) -> list[tuple[float, float]]:
    """Each double space's centre on the vineyard board drawn at BOARD_ORIGIN, the lowest
    level at the bottom."""
    board = vy.BOARDS[seat_board]
    x0, y0 = BOARD_ORIGIN
    return [(x0 + (s.halves[0][1] + s.halves[1][1]) / 2 * BOARD_HALF,
             y0 - s.halves[0][0] * ROW_STEP) for s in board.spaces]


def space_rect(centre: tuple[float, float]) -> pygame.Rect:
    """A double space's outline in design units."""
    rect = pygame.Rect(0, 0, 4 * BOARD_HALF - 2, 2 * BOARD_HALF - 2)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def board_halves(seat_board: int, space: int, flip: int = 0) -> tuple[tuple[float, float], ...]:
    """The centres of the two halves of a double space (the first half's first)."""
    x, y = board_centres(seat_board)[space]
    halves = ((x - BOARD_HALF, y), (x + BOARD_HALF, y))
    return halves[::-1] if flip else halves


def shown_seat(view: Any, seat: int | None) -> int | None:
    """The seat whose vineyard board is drawn: the seat shown large (or the one to move),
    None for Châteauma, which has none (CH-VY-1)."""
    v = view.parts[ID]
    if seat is None:
        seat = view.current
    if not 0 <= seat < len(v.boards):
        seat = 0
    if getattr(view.players[seat], "chateauma", False):
        return None
    return seat


def _half(canvas: Canvas, centre: tuple[float, float], variety: int, r: float) -> None:
    x, y = canvas.px(*centre)
    radius = max(3, canvas.length(r))
    pygame.draw.circle(canvas.surface, palette.GRAPES[vy.VARIETIES[variety]], (x, y), radius)
    pygame.draw.circle(canvas.surface, palette.INK, (x, y), radius, 1)


@lru_cache(maxsize=64)
def grape_half(variety: int, diameter: int) -> pygame.Surface:
    """One half of a double tile as a picture (a piece in flight)."""
    d = max(6, diameter)
    surface = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(surface, palette.GRAPES[vy.VARIETIES[variety]], (d // 2, d // 2), d // 2)
    pygame.draw.circle(surface, palette.INK, (d // 2, d // 2), d // 2, 1)
    return surface


@lru_cache(maxsize=64)
def double_image(tile: int, diameter: int) -> pygame.Surface:
    """A double tile as a picture, its two halves side by side (a piece in flight)."""
    d = max(6, diameter)
    surface = pygame.Surface((2 * d, d), pygame.SRCALPHA)
    for k, variety in enumerate(vy.TILES[tile]):
        surface.blit(grape_half(variety, d), (k * d, 0))
    return surface


def paint_double(canvas: Canvas, tile: int, centre: tuple[float, float],
                 flip: int = 0, r: float = HALF) -> None:
    """A double tile: two touching grape halves side by side."""
    a, b = vy.TILES[tile] if not flip else vy.TILES[tile][::-1]
    cx, cy = centre
    _half(canvas, (cx - r, cy), a, r)
    _half(canvas, (cx + r, cy), b, r)


def _empty(canvas: Canvas, centre: tuple[float, float], r: float) -> None:
    rect = pygame.Rect(0, 0, canvas.length(4 * r), canvas.length(2 * r))
    rect.center = canvas.px(*centre)
    pygame.draw.rect(canvas.surface, palette.SILVER_DARK, rect, 1, border_radius=4)


def paint_space(canvas: Canvas, space: Any, centre: tuple[float, float]) -> None:
    """An empty double space as printed: its die number between the icons of its two
    halves (the icons a double tile placed there covers)."""
    from ...art import pieces
    from ...art.icons import icon
    rect = canvas.rect(space_rect(centre))
    pygame.draw.rect(canvas.surface, SPACE_FILL, rect, border_radius=max(2, rect.h // 5))
    pygame.draw.rect(canvas.surface, palette.darker(SPACE_FILL, 0.45), rect, 1,
                     border_radius=max(2, rect.h // 5))
    cx, cy = centre
    die = pieces.die_face(space.die, canvas.length(NUMBER))
    canvas.surface.blit(die, die.get_rect(center=canvas.px(cx, cy)))
    offset = NUMBER / 2 + 3 + ICON / 2
    for name, dx in zip(space.icons, (-offset, offset)):
        glyph = icon(ICON_ART.get(name, name), canvas.length(ICON), palette.INK)
        canvas.surface.blit(glyph, glyph.get_rect(center=canvas.px(cx + dx, cy)))


def paint(canvas: Canvas, view: Any, seat: int | None = None) -> None:
    """The vineyard depot with its die numbers, the display, and the vineyard board of
    ``seat`` (the seat shown large; by default the player to move) with the wine bonus
    tiles held."""
    v = view.parts[ID]
    if v is None:
        return
    lifted = getattr(view, "lifted", ())
    font = fonts.get(max(13, canvas.length(18)))
    numbers = vy.depot_numbers(len(view.players))
    for where, s, centre in offer_centres(len(view.players)):
        tile = (v.depot if where == "depot" else v.display)[s]
        if tile >= 0 and ("vineyard", where, s) not in lifted:
            paint_double(canvas, tile, centre)
        else:
            _empty(canvas, centre, HALF)
        if where == "depot":
            label = font.render("/".join(map(str, numbers[s])), True, palette.INK)
            canvas.surface.blit(label, label.get_rect(
                midtop=canvas.px(centre[0], centre[1] + HALF + 1)))
    seat = shown_seat(view, seat)
    if seat is None:
        return
    board = vy.BOARDS[v.boards[seat]]
    placed = {space: (tile, flip) for space, tile, flip in v.placed[seat]}
    for i, centre in enumerate(board_centres(v.boards[seat])):
        paint_space(canvas, board.spaces[i], centre)
        if i in placed and ("vineyard", "space", seat, i) not in lifted:
            paint_double(canvas, placed[i][0], centre, placed[i][1], BOARD_HALF - 1)
    x0, y0 = WINE
    for j, x in enumerate(v.wine[seat]):
        _half(canvas, (x0 + (j % 3) * (2 * WINE_R + 4), y0 + (j // 3) * (2 * WINE_R + 4)),
              x, WINE_R)


# --- tooltips ---------------------------------------------------------------------------------

def spots(view: Any, seat: int | None = None, names: list[str] | None = None) -> list:
    """The depot's and display's tiles and the vineyard board of ``seat`` (as painted),
    with their tooltips; a click lists the vineyard actions open now."""
    from ..tips import Spot
    v = view.parts[ID]
    out: list = []
    if v is None:
        return out
    numbers = vy.depot_numbers(len(view.players))
    for where, s, centre in offer_centres(len(view.players)):
        tile = (v.depot if where == "depot" else v.display)[s]

        def tip(where=where, s=s, tile=tile) -> str:
            if where == "depot":
                head = i18n.tr("vineyard.tip.depot", numbers="/".join(map(str, numbers[s])))
            else:
                head = i18n.tr("vineyard.tip.display")
            body = tile_words(tile) if tile >= 0 else i18n.tr("vineyard.tip.empty")
            return f"{head}: {body}"
        out.append(Spot("vineyard", (where, s), centre, HALF * 2, tip))
    seat = shown_seat(view, seat)
    if seat is None:
        return out
    board = vy.BOARDS[v.boards[seat]]
    placed = {space: (tile, flip) for space, tile, flip in v.placed[seat]}
    for i, centre in enumerate(board_centres(v.boards[seat])):
        def space_tip(i=i) -> str:
            space = board.spaces[i]
            out = i18n.tr("vineyard.tip.space", number=space.die, level=space.level,
                          first=icon_label(space.icons[0]), second=icon_label(space.icons[1]))
            if i in placed:
                out += "\n" + tile_words(placed[i][0], flip=placed[i][1])
            return out
        out.append(Spot("vineyard", ("space", i), centre, BOARD_HALF,
                        space_tip, rect=space_rect(centre)))

    def board_tip(seat=seat) -> str:
        held = ", ".join(variety_label(x) for x in v.wine[seat]) or "-"
        name = names[seat] if names and seat < len(names) else str(seat + 1)
        return i18n.tr("vineyard.tip.board", wine=held, name=name)
    x0, y0 = WINE
    wine = pygame.Rect(round(x0 - WINE_R - 2), round(y0 - WINE_R - 2),
                       3 * (2 * WINE_R + 4), 2 * (2 * WINE_R + 4))
    out.append(Spot("vineyard", ("board", seat), wine.center, WINE_R * 3, board_tip,
                    rect=wine))
    return out


def paint_stored(canvas: Canvas, view: Any, seat: int) -> None:
    """The stored double tiles' varieties over the storage spaces they lie on: a half's
    colour on each of its two spaces (a stored tile's kind alone does not say which
    varieties the player holds). The storage's double spaces pair up in order as its
    stored tiles (the rules' stored_pairs)."""
    v = view.parts.get(ID)
    if v is None or seat >= len(v.stored):
        return
    pv = view.players[seat]
    if pv.cm is not None:
        return
    doubles = [j for j, kind in enumerate(pv.storage) if kind == "double_tile"]
    for k, j in enumerate(doubles):
        if k // 2 >= len(v.stored[seat]):
            break
        if ("storage", seat, j) in view.lifted:
            continue
        _half(canvas, g.storage_centre(j), vy.TILES[v.stored[seat][k // 2]][k % 2],
              g.STORAGE_HEX * 0.42)


def paint_rings(canvas: Canvas, view: Any, seat: int, options: list, ring: Any) -> None:
    """A ring round each vineyard depot tile, display tile and space of ``seat``'s board
    that a listed vineyard action uses, so the list's choices can be found on the table
    (two spaces may share a die number and read alike in the list)."""
    v = view.parts.get(ID)
    if v is None or not options:
        return
    width = max(2, canvas.length(4))

    def edged(rect: pygame.Rect, radius: int) -> None:
        # A dark edge outside the ring: the table's light gold alone is faint on the
        # beige vineyard board.
        pygame.draw.rect(canvas.surface, EDGE, canvas.rect(rect.inflate(4, 4)), width + 2,
                         border_radius=canvas.length(radius + 2))
        pygame.draw.rect(canvas.surface, ring, canvas.rect(rect), width,
                         border_radius=canvas.length(radius))

    for where, s, centre in offer_centres(len(view.players)):
        if any(uses(a, (where, s)) for a in options):
            rect = pygame.Rect(0, 0, 4 * HALF + 8, 2 * HALF + 8)
            rect.center = (round(centre[0]), round(centre[1]))
            edged(rect, HALF)
    if shown_seat(view, seat) != seat:
        return
    for i, centre in enumerate(board_centres(v.boards[seat])):
        if any(uses(a, ("space", i)) for a in options):
            edged(space_rect(centre).inflate(6, 6), 6)


# --- its part of the view ----------------------------------------------------------------------

@dataclass
class VineyardView:
    """The vineyards as the table shows them (the rules' vineyards.shown): the depot and
    display (double tile numbers, -1 empty), the wine bonus tiles left in the pile, and
    per seat the vineyard board, its placed tiles (space, tile, flip), the stored double
    tiles and the wine bonus tiles held; and Châteauma's double tiles."""
    depot: list[int]
    display: list[int]
    pile: list[int]
    placed: list[list[tuple[int, int, int]]]
    stored: list[list[int]]
    wine: list[list[int]]
    boards: list[int]
    stack: int = 0


def _wine_dealt(view: Any, v: VineyardView, e: Any) -> None:
    for name in e.removed:
        v.pile[vy.VARIETIES.index(name)] = 0
    for seat, name in enumerate(e.dealt):
        x = vy.VARIETIES.index(name)
        v.pile[x] -= 1
        v.wine[seat].append(x)


def _filled(view: Any, v: VineyardView, e: Any) -> None:
    v.depot, v.display = list(e.depot), list(e.display)


def _cleared(view: Any, v: VineyardView, e: Any) -> None:
    v.depot, v.display = [-1] * len(v.depot), [-1] * len(v.display)


def _taken(view: Any, v: VineyardView, e: Any) -> None:
    row = v.display if e.source == "display" else v.depot
    if 0 <= e.space < len(row):
        row[e.space] = -1
    # Stored double tiles are listed in storage order: two storage spaces each.
    before = sum(1 for k in view.players[e.player].storage[:e.storage[0]]
                 if k == "double_tile") // 2
    v.stored[e.player].insert(before, e.tile)
    for j in e.storage:
        view.store(e.player, j, "double_tile")


def _removed(view: Any, v: VineyardView, e: Any) -> None:
    if e.tile in v.stored[e.player]:
        v.stored[e.player].remove(e.tile)
    for j in e.storage:
        view.store(e.player, j, None)


def _placed(view: Any, v: VineyardView, e: Any) -> None:
    _removed(view, v, e)
    v.placed[e.player].append((e.space, e.tile, e.flip))


def _deck_dealt(view: Any, v: VineyardView, e: Any) -> None:
    cm = view.players[e.player].cm
    if cm is not None:
        cm.deck = e.cards


def _stacked(view: Any, v: VineyardView, e: Any) -> None:
    (v.display if e.source == "display" else v.depot)[e.space] = -1
    v.stack += 1


def _wine_taken(view: Any, v: VineyardView, e: Any) -> None:
    x = vy.VARIETIES.index(e.variety)
    v.pile[x] = max(0, v.pile[x] - 1)
    v.wine[e.player].append(x)


# --- the module -----------------------------------------------------------------------------

# Its events, each worded by describe_event.
EVENTS = ("WineBonusDealt", "VineyardFilled", "VineyardCleared", "DoubleTileTaken",
          "DoubleTileRemoved", "DoubleTilePlaced", "VineyardBonus", "WineBonusTaken",
          "VineyardScored", "DoubleTileStacked", "VineyardDeckDealt")


def _words(kind: str) -> Words:
    return lambda e, who, lang: describe_event(kind, e, who, lang)


# --- its pieces in flight ---------------------------------------------------------------

def _halves(tile: int, flip: int = 0) -> tuple[int, int]:
    a, b = vy.TILES[tile]
    return (b, a) if flip else (a, b)


def _taken_flights(motion: Any, e: Any) -> Animation:
    """A double tile flies from its depot or display space, a half to each of the two
    storage spaces it takes."""
    starts = offer_halves(len(motion.scene.view.players), e.source, e.space)
    if not starts:
        return Wait(SHORT)
    return Parallel([
        motion.fly("grape", variety, start, motion.scene.places.storage_pos(e.player, j),
                   g.STORAGE_HEX * 1.2, ("vineyard", e.source, e.space) if i == 0 else None,
                   sound=synth.TILE if i == 0 else None, volume=TAKEN)
        for i, (variety, start, j) in enumerate(zip(_halves(e.tile), starts, e.storage))])


def _removed_flights(motion: Any, e: Any) -> Animation:
    """A stored double tile leaves the game to make room: both halves to the box."""
    places = motion.scene.places
    return Parallel([motion.fly("grape", variety, places.storage_pos(e.player, j), BOX,
                                g.STORAGE_HEX * 1.2, ("storage", e.player, j), duration=0.4,
                                fade=True, sound=synth.TILE if i == 0 else None,
                                volume=DISCARDED)
                     for i, (variety, j) in enumerate(zip(_halves(e.tile), e.storage))])


def _placed_flights(motion: Any, e: Any) -> Animation:
    """A double tile from storage onto the vineyard board drawn (the seat's shown
    large); onto another seat's, it leaves that seat's card."""
    scene = motion.scene
    v = scene.view.parts.get(ID)
    if v is None or shown_seat(scene.view, scene.shown_seat) != e.player:
        return Wait(SHORT)
    ends = board_halves(v.boards[e.player], e.space)
    return Parallel([motion.fly("grape", variety, scene.places.storage_pos(e.player, j), end,
                                BOARD_HALF * 2, ("storage", e.player, j),
                                sound=synth.TILE if i == 0 else None)
                     for i, (variety, j, end) in enumerate(zip(_halves(e.tile, e.flip),
                                                               e.storage, ends))])


def _cleared_flights(motion: Any, e: Any) -> Animation:
    """A phase's start: the double tiles left in the vineyard depot and on the display
    leave the game, each to the box, fading."""
    def clear() -> Animation | None:
        view = motion.scene.view
        v = view.parts.get(ID)
        if v is None or not e.tiles:
            return None
        flights = []
        for where, s, centre in offer_centres(len(view.players)):
            tile = (v.depot if where == "depot" else v.display)[s]
            if tile >= 0 and tile in e.tiles:
                flights.append(motion.fly("double", tile, centre, BOX, HALF * 2,
                                          ("vineyard", where, s), duration=0.45, fade=True))
        return motion.stagger(flights) if flights else None
    return Later(clear)


def _stacked_flight(motion: Any, e: Any) -> Animation:
    """Châteauma takes a double tile onto its stack (drawn nowhere): it flies from its
    space to Châteauma's estate and fades there."""
    scene = motion.scene
    start = next((c for w, s, c in offer_centres(len(scene.view.players))
                  if (w, s) == (e.source, e.space)), None)
    if start is None:
        return Wait(SHORT)
    end = (g.ESTATE_CENTRE if e.player == scene.shown_seat
           else scene.estates.estate_centre(e.player))
    return motion.fly("double", e.tile, start, end, HALF * 2, ("vineyard", e.source, e.space),
                      sound=synth.TILE, volume=TAKEN, fade=True)


@register
class Vineyards(TableModule):
    id = ID
    events: ClassVar[dict[str, Handler]] = {
        "VineyardFilled": _filled, "VineyardCleared": _cleared, "DoubleTileTaken": _taken,
        "DoubleTileRemoved": _removed, "DoubleTilePlaced": _placed,
        "VineyardDeckDealt": _deck_dealt, "DoubleTileStacked": _stacked,
        "WineBonusTaken": _wine_taken, "WineBonusDealt": _wine_dealt}
    animations: ClassVar[dict[str, Animator]] = {
        "DoubleTileTaken": _taken_flights, "DoubleTileRemoved": _removed_flights,
        "DoubleTilePlaced": _placed_flights, "VineyardCleared": _cleared_flights,
        "DoubleTileStacked": _stacked_flight}
    # Worded in the log; their points come with PointsScored.
    quiet: ClassVar[tuple[str, ...]] = ("VineyardBonus", "VineyardScored")
    words: ClassVar[dict[str, Words]] = {kind: _words(kind) for kind in EVENTS}
    board_follows_seat = True
    # In the first of the modules' places no other module in play takes; with both taken,
    # a click on the vineyard depot or board lists the actions (and V does).
    buttons: ClassVar[tuple[ModuleButton, ...]] = (
        ModuleButton("table.vineyard", "table.tip.vineyard", pygame.K_v, "V", (6, 7),
                     lambda n: n is not None and any(n.has(name) for name in BUTTON_ACTIONS),
                     vineyard_actions, keyed_unplaced=True),)

    def part(self, state: Any) -> VineyardView:
        return VineyardView(**vy.shown(state)._asdict())  # the same fields, by name

    def flyer_image(self, kind: str, what: Any, px: int) -> pygame.Surface | None:
        """A double tile in flight, and a half of one (a grape variety)."""
        if kind == "grape":
            return grape_half(what, px)
        if kind == "double":
            return double_image(what, px)
        return None

    def paint_board(self, canvas: Canvas, view: Any, part: Any, seat: int | None) -> None:
        paint(canvas, view, seat)

    def first_board_spots(self, table: Table, part: Any) -> list:
        return spots(table.view, table.shown_seat, table.names)

    def paint_estate(self, canvas: Canvas, view: Any, part: Any, seat: int,
                     preview: str | None) -> None:
        paint_stored(canvas, view, seat)

    def paint_rings(self, canvas: Canvas, table: Table, part: Any, n: Any, ring: Any) -> None:
        if table.own_estate():
            paint_rings(canvas, table.view, table.shown_seat, table.options, ring)

    def click(self, table: Table, part: Any, kind: str, key: Any) -> bool:
        if kind != "vineyard":
            return False
        vineyard_actions(table, key)
        return True

    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        return describe(action, state, lang)

    def choice_heading(self, options: list[tuple]) -> str | None:
        return "table.choose.vineyard" if options[0][0].startswith("vineyard_") else None
