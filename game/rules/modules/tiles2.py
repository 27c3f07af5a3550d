"""`tiles2`: four more hex tiles (SE l.725-759, A19 l.858-901,
X11 l.15-37).

- Monastery 27 (the A19 "bridge", the X11 turn-order tile): from its placement on, its
  owner's marker is the top one of any stack it is in on the turn-order track, whether it
  arrives or another marker does (T2-2, P-T2-1).
- Monastery 28 (the X11 workers tile): its owner may buy 2 workers for 1 silver, any
  number of times, on any decision of their own turn (T2-3, P-T2-6).
- Crane (the X11 park): a building tile that, placed, does what one building of its
  owner's choice does (T2-4), a building type of its own for the one-per-city rule
  (T2-5); at the game end it counts as one building of the owner's choice for
  monasteries 16-23 (T2-6).
- Geese (the X11 goats): 2 points, plus the animals of one species of the owner's choice
  already on their pasture (T2-7); every animal tile placed there later scores 2 more
  (T2-8); monastery 7 adds 1 for each tile that scores (T2-9); the geese are a species of
  their own, so monastery 24 counts them (T2-10, through tiles.SPECIES).
With Châteauma (CH-T2): it ignores monasteries 27 and 28 (its end scoring counts them as
monasteries), the crane gives it another castle bonus, and its geese join its best
species and then every animal tile it places.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import chateauma as _chateauma  # noqa: F401  (its bonuses are registered first)
from ..events import EVENT_TYPES
from ..engine import DECLINE, building_effect, gain_workers, score
from ..actions import allow_action, register_action
from ..extension import (APPLY, BUILDING_EFFECTS, CHATEAUMA_BONUS, EFFECTS, LEGAL, STEPS,
                         Module, register)
from ..scoring import (KNOWLEDGE_BUILDING_INDEX, KNOWLEDGE_BUILDING_POINTS, WATCHTOWER_POINTS,
                       animal_points, end_holdings, final_scoring_done, placers)
from ..state import Frame
from ..tiles import (BASE_BUILDINGS, BASE_SPECIES, BUILDINGS, KIND_ANIMALS, KIND_COLOUR,
                     KIND_EFFECT, KIND_KNOWLEDGE, KIND_SPECIES, KINDS, SPECIES, WATCHTOWER,
                     kind_from_name)

ID = "tiles2"
TURN_ORDER, WORKERS = 27, 28            # the two monasteries' numbers
CRANE_FRAME, GEESE_FRAME, COUNT_FRAME = "crane", "geese", "crane_count"
BUY_WORKERS = ("buy_workers",)
WORKERS_PRICE, WORKERS_BOUGHT = 1, 2    # silver paid, workers taken (SE l.735)
GEESE_POINTS = 2                        # the geese's own share at every scoring (SE l.747)

# The tiles each form shuffles into the supplies (the crane and geese are the park and
# the goats in the 2011 sheet; their backs are black in every form, the module's X11 form included).
FORM_TILES = {"se": ("monastery27", "monastery28", "crane", "geese"),
              "a19": ("monastery27", "monastery28", "crane", "geese"),
              "x11": ("monastery27", "monastery28", "park", "goats")}


# --- events (buildings and species by name) ---

class WorkersBought(NamedTuple):
    player: int
    silver: int        # paid
    workers: int       # taken


class CraneCopied(NamedTuple):
    player: int
    building: str      # the building whose placement effect the crane (park) used


class GeeseScored(NamedTuple):
    player: int
    species: str | None  # the species they joined (None: no other animal there)
    points: int        # the geese's share of the placement's points


class MarkerOnTop(NamedTuple):
    """Monastery 27: the owner's turn-order marker goes back on top of its stack."""
    player: int


class CraneCounted(NamedTuple):
    player: int
    building: str      # the building the crane (park) counts as for the monasteries
    points: int


EVENT_TYPES.update({cls.__name__: cls for cls in (WorkersBought, CraneCopied, GeeseScored,
                                                 CraneCounted, MarkerOnTop)})


class Held(NamedTuple):
    """The choices the module's tiles leave behind, as (seat, value) pairs: the
    building the crane copied, the species the geese joined (-1: none was there) and the
    building the crane counts as at the end. The running score keeps their points; these
    let the breakdown be derived again from the placements (recompute). Where a module
    made more than the geese's own pasture area count as theirs (shield 1, T2-11), the
    spaces they joined over (`joined_over`) and the spaces of later animal tiles outside
    that area that scored their 2 (`wide`) are kept as masks: the module may have been
    held then and not now."""
    copied: tuple[tuple[int, int], ...] = ()
    geese: tuple[tuple[int, int], ...] = ()
    counted: tuple[tuple[int, int], ...] = ()
    joined_over: tuple[tuple[int, int], ...] = ()
    wide: tuple[tuple[int, int], ...] = ()


def _held(state) -> Held:
    return state.ext[ID]


def _note(state, field: str, seat: int, value: int) -> None:
    held = _held(state)
    pairs = tuple(pair for pair in getattr(held, field) if pair[0] != seat) + ((seat, value),)
    state.ext[ID] = held._replace(**{field: tuple(sorted(pairs))})


def _is_crane(kind: int) -> bool:
    return kind >= 0 and KIND_EFFECT[kind] == "crane"


def _is_geese(kind: int) -> bool:
    return kind >= 0 and KIND_EFFECT[kind] == "geese"


def _pasture(p, space: int) -> int:
    """The spaces of the pasture area a space belongs to."""
    board = p.board
    return board.area_mask[board.area_of[space]]


def _same_pasture(state, seat: int, space: int) -> int:
    """The spaces that count as the pasture of `space` for the geese: its area, or more
    where a module says so (shield 1: all the holder's pastures, T2-11)."""
    mask = _pasture(state.players[seat], space)
    for widen in state.hooks.pasture_spaces:
        mask = widen(state, seat, mask)
    return mask


def _tiles_in(p, mask: int):
    estate = p.estate
    space = 0
    while mask:
        if mask & 1 and estate[space] >= 0:
            yield estate[space]
        mask >>= 1
        space += 1


# --- monastery 27: the top of the stack -------------------------------------------------

def _to_top(state, seat: int, events: list | None) -> None:
    state.stamp += 1
    state.players[seat].track_stamp = state.stamp
    if events is not None:
        events.append(MarkerOnTop(seat))


# --- monastery 28: buying workers -------------------------------------------------------

def _apply_buy_workers(state, frame: Frame, action: tuple, events: list | None) -> None:
    state.frames.append(frame)  # buying answers no decision; the frame stays
    p = state.players[frame.player]
    p.silver -= WORKERS_PRICE
    if events is not None:
        events.append(WorkersBought(frame.player, WORKERS_PRICE, WORKERS_BOUGHT))
    gain_workers(state, frame.player, WORKERS_BOUGHT, None, events)


# --- the crane ----------------------------------------------------------------------------

def _effect_crane(state, seat: int, kind: int, space: int, events: list | None) -> None:
    state.frames.append(Frame(CRANE_FRAME, seat))


def _legal_crane(state, frame: Frame) -> list:
    """Any building's effect: the base game's and those of the building types a module in
    play adds (the white castle, P-T2-3)."""
    out: list = [("crane", b) for b in range(BASE_BUILDINGS)]
    out += [("crane", b) for b, (mid, _) in sorted(BUILDING_EFFECTS.items())
            if mid in state.hooks.by_id]
    out.append(DECLINE)
    return out


def _apply_crane(state, frame: Frame, action: tuple, events: list | None) -> None:
    b = action[1]
    _note(state, "copied", frame.player, b)
    if events is not None:
        events.append(CraneCopied(frame.player, BUILDINGS[b]))
    building_effect(state, frame.player, b, events)


def _count_options(p) -> dict[int, int]:
    """What the crane adds at the end counted as each building that scores for the
    owner's monasteries 16-23: building type -> points."""
    out: dict[int, int] = {}
    for n, b in KNOWLEDGE_BUILDING_INDEX.items():
        if p.has(n):
            out[b] = out.get(b, 0) + KNOWLEDGE_BUILDING_POINTS
    return out


def _count(state, seat: int, b: int, events: list | None) -> None:
    points = _count_options(state.players[seat])[b]
    _note(state, "counted", seat, b)
    if events is not None:
        events.append(CraneCounted(seat, BUILDINGS[b], points))
    score(state, seat, points, "knowledge", events)


def _step_crane_end(state, events: list | None) -> None:
    """T2-6: each crane owner counts it as one building; a choice only where more than
    one building would score (it is asked, as the choice is the player's; the points are
    the same today, and may differ with modules still to come)."""
    asks = []
    for seat, p in enumerate(state.players):
        if seat == state.config.chateauma_seat or not any(map(_is_crane, p.estate)) \
                or end_holdings(state, seat) is None:  # a partner's end monasteries (team)
            continue
        options = _count_options(p)
        if len(options) == 1:
            _count(state, seat, next(iter(options)), events)
        elif options:
            asks.append(Frame(COUNT_FRAME, seat))
    state.frames += reversed(asks)  # the first seat answers first


def _legal_crane_count(state, frame: Frame) -> list:
    return [("crane_count", b) for b in sorted(_count_options(state.players[frame.player]))]


def _apply_crane_count(state, frame: Frame, action: tuple, events: list | None) -> None:
    _count(state, frame.player, action[1], events)


# --- the geese ----------------------------------------------------------------------------

def _species_here(state, seat: int, space: int) -> list[int]:
    """Other species already on the pasture of `space`."""
    p = state.players[seat]
    return sorted({KIND_SPECIES[k] for k in _tiles_in(p, _same_pasture(state, seat, space))
                   if KIND_SPECIES[k] >= 0 and not _is_geese(k)})


def _effect_geese(state, seat: int, kind: int, space: int, events: list | None) -> None:
    """Their own 2 points at once (with monastery 7 one more), then a species' animals:
    chosen when two or more species are there."""
    p = state.players[seat]
    score(state, seat, KIND_ANIMALS[kind] + p.has(7), "animals", events)
    options = _species_here(state, seat, space)
    if len(options) > 1:
        state.frames.append(Frame(GEESE_FRAME, seat, space))
    else:
        _join(state, seat, space, options[0] if options else -1, events)


def _join(state, seat: int, space: int, species: int, events: list | None) -> None:
    p = state.players[seat]
    k7 = p.has(7)
    over = _same_pasture(state, seat, space)
    extra = animal_points(p.estate, over, species, k7) if species >= 0 else 0
    _note(state, "geese", seat, species)
    if over != _pasture(p, space):
        _note(state, "joined_over", seat, over)
    if events is not None:
        events.append(GeeseScored(seat, SPECIES[species] if species >= 0 else None,
                                     GEESE_POINTS + k7 + extra))
    score(state, seat, extra, "animals", events)


def _legal_geese(state, frame: Frame) -> list:
    return [("geese", s) for s in _species_here(state, frame.player, frame.arg)]


def _apply_geese(state, frame: Frame, action: tuple, events: list | None) -> None:
    _join(state, frame.player, frame.arg, action[1], events)


# --- Châteauma (CH-T2) ----------------------------------------------------------------------

def _chateauma_crane(state, slot: int, kind: int, sales: list, events: list | None) -> None:
    """CH-T2-2: one more castle bonus."""
    CHATEAUMA_BONUS["castle"](state, slot, kind, sales, events)


def _chateauma_geese(state, slot: int, kind: int, sales: list, events: list | None) -> None:
    """CH-T2-3: 2 points and the animals of its best species: the one with the most
    animals on its estate and cards."""
    c = state.chateauma
    animals = [0] * BASE_SPECIES
    for k in c.face_up():
        if 0 <= KIND_SPECIES[k] < BASE_SPECIES:
            animals[KIND_SPECIES[k]] += KIND_ANIMALS[k]
    best = max(range(BASE_SPECIES), key=lambda s: (animals[s], -s))
    points = KIND_ANIMALS[kind] + animals[best]
    if events is not None:
        events.append(GeeseScored(c.seat, SPECIES[best] if animals[best] else None, points))
    score(state, c.seat, points, "animals", events)


_animal_bonus = CHATEAUMA_BONUS["animal"]


def _chateauma_animal(state, slot: int, kind: int, sales: list, events: list | None) -> None:
    """An animal tile's bonus, and 2 more while its geese lie face up (CH-T2-3: they
    count with the species just placed)."""
    _animal_bonus(state, slot, kind, sales, events)
    c = state.chateauma
    if any(map(_is_geese, c.face_up())):
        if events is not None:
            events.append(GeeseScored(c.seat, SPECIES[KIND_SPECIES[kind]], GEESE_POINTS))
        score(state, c.seat, GEESE_POINTS, "animals", events)


# --- the module ------------------------------------------------------------------------------

def _names_of(table: tuple[str, ...], count: int):
    def parse(args: list[str]) -> int:
        if len(args) != 1 or args[0] not in table[:count]:
            raise ValueError(f"expected one of {', '.join(table[:count])}")
        return table.index(args[0])
    return parse


def _no_args(args: list[str]) -> tuple:
    if args:
        raise ValueError("buy_workers takes no arguments")
    return BUY_WORKERS


# Any building type by name but the crane's own: a module's types too (the crane may copy
# the white castle and count as one for monastery 29); the legal list decides the rest.
def _building(args: list[str]) -> int:
    named = [b for b in BUILDINGS if b != "crane"]
    if len(args) != 1 or args[0] not in named:
        raise ValueError(f"expected one of {', '.join(named)}")
    return BUILDINGS.index(args[0])
_species = _names_of(SPECIES, BASE_SPECIES)


@register
class Tiles2(Module):
    id = ID
    effect_frames = (CRANE_FRAME, GEESE_FRAME)
    step_frames = (COUNT_FRAME,)
    game_end_steps = {"end_monasteries": ("tiles2.crane_end",)}

    def check_state(self, state) -> str | None:
        for f in state.frames:
            if (f.kind in (CRANE_FRAME, COUNT_FRAME) and f.arg is not None) or (
                    f.kind == GEESE_FRAME and not (
                        type(f.arg) is int
                        and 0 <= f.arg < len(state.players[f.player].estate)
                        and state.players[f.player].estate[f.arg] >= 0)):
                return f"decision {f.kind!r} with {f.arg!r}"
        return None

    def setup(self, state) -> None:
        """T2-1: each tile into the supply of its back."""
        for name in FORM_TILES[self.form]:
            k = kind_from_name(name)
            if KINDS[k].back == "black":
                state.black_bag.append(k)
            else:
                state.bags[KIND_COLOUR[k]].append(k)

    def new_ext(self) -> Held:
        return Held()

    def ext_to_json(self, value: Held) -> Any:
        out = {"copied": [[s, BUILDINGS[b]] for s, b in value.copied],
               "geese": [[s, SPECIES[x] if x >= 0 else None] for s, x in value.geese],
               "counted": [[s, BUILDINGS[b]] for s, b in value.counted]}
        # Only where a module widened the geese's pasture (shield 1).
        for key in ("joined_over", "wide"):
            if getattr(value, key):
                out[key] = [list(pair) for pair in getattr(value, key)]
        return out

    def ext_from_json(self, data: Any) -> Held:
        players = self.config.players

        def pairs(key: str, table: tuple[str, ...], allowed: tuple[str, ...]) -> tuple:
            out = []
            for seat, name in data[key]:
                if type(seat) is not int or not 0 <= seat < players:
                    raise ValueError(f"tiles2 {key}: seat {seat!r}")
                if name is None and key == "geese":
                    out.append((seat, -1))
                elif name in allowed:
                    out.append((seat, table.index(name)))
                else:
                    raise ValueError(f"tiles2 {key}: {name!r} is none of {', '.join(allowed)}")
            return tuple(sorted(out))
        def masks(key: str) -> tuple:
            out = []
            for seat, mask in data.get(key, ()):
                if type(seat) is not int or not 0 <= seat < players:
                    raise ValueError(f"tiles2 {key}: seat {seat!r}")
                if type(mask) is not int or mask <= 0:
                    raise ValueError(f"tiles2 {key}: spaces {mask!r}")
                out.append((seat, mask))
            return tuple(sorted(out))
        # A crane copies and counts as any building but itself (a module's types too).
        others = tuple(b for b in BUILDINGS if b != "crane")
        return Held(pairs("copied", BUILDINGS, others),
                    pairs("geese", SPECIES, SPECIES[:BASE_SPECIES]),
                    pairs("counted", BUILDINGS, others), masks("joined_over"), masks("wide"))

    def public(self, state) -> tuple:
        return tuple(_held(state))  # the choices were made at the table

    def decision_actions(self, state, frame: Frame, out: list) -> None:
        """T2-3 / P-T2-6: on every decision of the owner's own turn."""
        bottom = state.frames[0]
        if bottom.kind == "turn" and bottom.player == frame.player:
            p = state.players[frame.player]
            if p.knowledge >> WORKERS & 1 and p.silver >= WORKERS_PRICE:
                out.append(BUY_WORKERS)

    def tile_placed(self, state, seat: int, kind: int, space: int, events: list | None) -> None:
        if KIND_KNOWLEDGE[kind] == TURN_ORDER:
            _to_top(state, seat, events)  # P-T2-1: at once, on top of its stack
        elif KIND_SPECIES[kind] >= 0 and not _is_geese(kind):
            p = state.players[seat]
            if any(map(_is_geese, _tiles_in(p, _same_pasture(state, seat, space)))):
                points = GEESE_POINTS + p.has(7)  # T2-8, T2-9
                if not any(map(_is_geese, _tiles_in(p, _pasture(p, space)))):
                    wide = dict(_held(state).wide).get(seat, 0)
                    _note(state, "wide", seat, wide | 1 << space)
                if events is not None:
                    events.append(GeeseScored(seat, SPECIES[KIND_SPECIES[kind]], points))
                score(state, seat, points, "animals", events)

    def marker_moved(self, state, seat: int, events: list | None) -> None:
        """T2-2 passively: a marker arriving on the owner's space goes beneath it."""
        here = state.players[seat].track_pos
        for owner, p in enumerate(state.players):
            if owner != seat and p.knowledge >> TURN_ORDER & 1 and p.track_pos == here:
                _to_top(state, owner, events)

    def recompute(self, state, seat: int, out: dict[str, int]) -> None:
        if seat == state.config.chateauma_seat:
            _recompute_chateauma(state, out)
            return
        held = _held(state)
        p = state.players[seat]
        board = p.board
        joined = dict(held.geese).get(seat)
        over = dict(held.joined_over).get(seat)
        wide = dict(held.wide).get(seat, 0)
        estate = [-1] * len(p.estate)
        knowledge = 0
        geese_area = -1
        # On a shared estate (the team game) only seat's own placements scored for it.
        by = placers(state, seat)
        for i, (space, kind, phase) in enumerate(p.placements):
            estate[space] = kind
            if phase < 0:
                continue
            area = board.area_of[space]
            k7 = bool(knowledge >> 7 & 1)
            if by is not None and by[i] != seat:
                if _is_geese(kind):
                    geese_area = area
                elif KIND_KNOWLEDGE[kind]:
                    knowledge |= 1 << KIND_KNOWLEDGE[kind]
                continue
            if _is_geese(kind):
                geese_area = area
                if joined is not None and joined >= 0:
                    mask = board.area_mask[area] if over is None else over
                    out["animals"] += animal_points(estate, mask, joined, k7)
            elif KIND_SPECIES[kind] >= 0 and geese_area >= 0 and (
                    area == geese_area or wide >> space & 1):
                out["animals"] += GEESE_POINTS + k7
            elif KIND_KNOWLEDGE[kind]:
                knowledge |= 1 << KIND_KNOWLEDGE[kind]
        copied = dict(held.copied).get(seat)
        if copied == WATCHTOWER:
            out["buildings"] += WATCHTOWER_POINTS
        counted = dict(held.counted).get(seat)
        if counted is not None and final_scoring_done(state):
            out["knowledge"] += _count_options(p)[counted]


def _recompute_chateauma(state, out: dict[str, int]) -> None:
    """Its geese, from the order its tiles turned face up (chateauma.recompute_breakdown
    scores their own 2 like any animal tile's)."""
    c = state.chateauma
    animals = [0] * BASE_SPECIES
    geese_up = False
    for k, bonus in c.history:
        species = KIND_SPECIES[k]
        if species < 0:
            continue
        if _is_geese(k):
            geese_up = True
            if bonus:
                out["animals"] += max(animals)
        else:
            animals[species] += KIND_ANIMALS[k]
            if bonus and geese_up:
                out["animals"] += GEESE_POINTS


EFFECTS.update({"crane": _effect_crane, "geese": _effect_geese})
LEGAL.update({CRANE_FRAME: _legal_crane, GEESE_FRAME: _legal_geese,
              COUNT_FRAME: _legal_crane_count})
APPLY.update({"buy_workers": _apply_buy_workers, "crane": _apply_crane, "geese": _apply_geese,
              "crane_count": _apply_crane_count})
STEPS["tiles2.crane_end"] = _step_crane_end
CHATEAUMA_BONUS.update({"crane": _chateauma_crane, "geese": _chateauma_geese,
                        "animal": _chateauma_animal})
# k28 works on every decision of its owner's own turn.
_TURN_DECISIONS = ("turn", "castle", "discard", "ship", "keep_goods", "pick", "warehouse",
                   "city_hall", CRANE_FRAME, GEESE_FRAME)
allow_action("decline", CRANE_FRAME)
register_action("buy_workers", (), _TURN_DECISIONS, lambda a: "buy_workers", _no_args,
                "tiles2")
register_action("crane", ("building",), (CRANE_FRAME,), lambda a: f"crane {BUILDINGS[a[1]]}",
                lambda args: ("crane", _building(args)), "tiles2")
register_action("geese", ("species",), (GEESE_FRAME,), lambda a: f"geese {SPECIES[a[1]]}",
                lambda args: ("geese", _species(args)), "tiles2")
register_action("crane_count", ("building",), (COUNT_FRAME,),
                lambda a: f"crane_count {BUILDINGS[a[1]]}",
                lambda args: ("crane_count", _building(args)), "tiles2")
