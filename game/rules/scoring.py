"""Points: areas, phase bonus, colour bonus tiles, animals, goods, and the final scoring.

Running scores are kept per category as the game goes; `player_breakdown` derives the
same figures from a player's placements alone, which the tests compare with the running
score after every game.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .config import SCORING
from .data import load_json
from .tiles import (BUILDINGS, KIND_ANIMALS, KIND_BUILDING, KIND_COLOUR,
                    KIND_KNOWLEDGE, KIND_SPECIES, PASTURE, WATCHTOWER)

if TYPE_CHECKING:
    from .state import Position, PlayerState

CATEGORIES = ("areas", "phase_bonus", "animals", "goods", "bonus_tiles", "buildings",
              "knowledge", "leftover_goods", "leftover_silver", "leftover_workers",
              # Châteauma's own: completed area cards and its end scoring
              "area_cards", "monasteries", "reserve", "card_tiles",
              # modules' own
              "castle_retrieval", "border_posts", "shields", "trade_routes",
              "monastery_connections", "vineyards", "bought_points")

AREA_POINTS: tuple[int, ...] = tuple(SCORING["area_points"])
PHASE_BONUS: tuple[int, ...] = tuple(SCORING["phase_bonus"])
WATCHTOWER_POINTS: int = SCORING["watchtower_points"]
KNOWLEDGE_BUILDING_POINTS: int = SCORING["knowledge_building_points"]
KNOWLEDGE_SPECIES_POINTS: int = SCORING["knowledge_species_points"]
KNOWLEDGE_SOLD_POINTS: int = SCORING["knowledge_sold_goods_points"]

# Monasteries 16-23 score the building kinds in Special Edition order; a module's
# monastery may score a building type too (its 'scores_building' in tiles.json: monastery
# 29 the white castles).
KNOWLEDGE_BUILDING = {16 + i: b for i, b in enumerate(
    ("warehouse", "watchtower", "carpenters_workshop", "church", "market", "boarding_house",
     "bank", "city_hall"))}
KNOWLEDGE_BUILDING.update({e["knowledge"]: e["scores_building"]
                           for e in load_json("tiles.json")["module_kinds"]
                           if "scores_building" in e})
KNOWLEDGE_BUILDING_INDEX = {n: BUILDINGS.index(b) for n, b in KNOWLEDGE_BUILDING.items()}
END_KNOWLEDGE = frozenset((15, 24, 25, 26, *KNOWLEDGE_BUILDING))


@cache  # the AI's evaluation asks for every position it values
def colour_bonus_points(players: int, rank: int) -> int:
    table = SCORING["colour_bonus_first" if rank == 1 else "colour_bonus_second"]
    return table[str(players)]


def areas_can_grow(state: Position) -> bool:
    """Whether a module in play can make an area score as a larger one (an inn's area:
    Module.area_size)."""
    return bool(state.hooks.area_size)


def scored_area_size(state: Position, seat: int, area: int, size: int,
                     estate: list[int]) -> int:
    """The size (AREA_POINTS' index) an area of `size` spaces scores as in the seat's
    estate laid as `estate`: larger where a module in play enlarges it (Module.area_size)."""
    for grow in state.hooks.area_size:
        size = grow(state, seat, area, size, estate)
    return size


def goods_points_per_tile(players: int) -> int:
    return SCORING["goods_points_per_tile"][str(players)]


def animal_points(estate: list[int], area_mask: int, species: int, with_k7: bool) -> int:
    """Points for placing an animal tile already written into `estate`.

    Every tile of the same species on the same pasture scores its animals again; with
    monastery 7 each scoring tile earns one point more.
    """
    points = 0
    mask = area_mask
    while mask:  # the area's spaces alone, lowest first (not every space below them)
        low = mask & -mask
        k = estate[low.bit_length() - 1]
        if k >= 0 and KIND_SPECIES[k] == species:
            points += KIND_ANIMALS[k] + with_k7
        mask ^= low
    return points


def end_holdings(state: "Position", seat: int,
                 p: "PlayerState | None" = None) -> "PlayerState | None":
    """The holdings whose leftovers and end-game monasteries score for seat (its own
    record, or p), or None where they score for another seat (Module.end_holdings: a
    team scores its shared holdings once)."""
    if p is None:
        p = state.players[seat]
    for view in state.hooks.end_holdings:
        p = view(state, seat, p)
        if p is None:
            return None
    return p


def placers(state: "Position", seat: int) -> tuple[int, ...] | None:
    """Per placement on seat's estate, the seat whose points it made where seats share an
    estate (Module.placed_by: the team game); None where all are seat's."""
    by = None
    for placed_by in state.hooks.placed_by:
        by = placed_by(state, seat)
    return by


def bonus_tile_count(state: "Position", seat: int, p: "PlayerState | None" = None) -> int:
    """The bonus tiles seat holds (or holdings p): the colour bonus tiles and any
    module's own (what monastery 26 counts)."""
    count = len((p or state.players[seat]).bonus_tiles)
    for more in state.hooks.bonus_tiles:
        count += more(state, seat)
    return count


def end_knowledge(state: "Position", seat: int, p: "PlayerState | None" = None) -> int:
    """What seat's end-scoring monasteries are worth now under the game's rule set (p:
    another view of seat's holdings, e.g. without borrowed monasteries); the modules'
    bonus tiles are counted only when monastery 26 asks for them."""
    p = end_holdings(state, seat, p) if state.hooks.end_holdings else (
        p or state.players[seat])
    if p is None:
        return 0  # another seat's end monasteries score these (a team's, once)
    rs = state.rs
    points = knowledge_end_points(p, rs.knowledge_15_points, rs.knowledge_26_points,
                                  bonus_tile_count(state, seat, p) if p.knowledge >> 26 & 1
                                  else None)
    # A module may score them otherwise (the solo game scores them as they are placed),
    # for the final scoring, the breakdown and the AI alike.
    for change in state.hooks.end_knowledge:
        points = change(state, seat, points)
    return points


def knowledge_end_points(p: "PlayerState", k15: int, k26: int,
                         bonus_tiles: int | None = None) -> int:
    """Points of the monasteries that score at the game end (15, 16-23, 24, 25, 26);
    `bonus_tiles` is the count monastery 26 scores (bonus_tile_count; by default the
    colour bonus tiles alone)."""
    kn = p.knowledge
    if not kn & END_KNOWLEDGE_MASK:
        return 0
    points = 0
    if kn >> 15 & 1:
        points += k15 * sum(1 for t in range(1, 7) if p.sold[t])
    if kn >> 25 & 1:
        points += KNOWLEDGE_SOLD_POINTS * sum(p.sold)
    if kn >> 26 & 1:
        points += k26 * (len(p.bonus_tiles) if bonus_tiles is None else bonus_tiles)
    if kn & BUILDING_KNOWLEDGE_MASK:
        counts = [0] * len(BUILDINGS)
        for k in p.estate:
            if k >= 0 and KIND_BUILDING[k] >= 0:
                counts[KIND_BUILDING[k]] += 1
        for n, b in KNOWLEDGE_BUILDING_INDEX.items():
            if kn >> n & 1:
                points += KNOWLEDGE_BUILDING_POINTS * counts[b]
    if kn >> 24 & 1:
        species = {KIND_SPECIES[k] for k in p.estate if k >= 0 and KIND_SPECIES[k] >= 0}
        points += KNOWLEDGE_SPECIES_POINTS * len(species)
    return points


END_KNOWLEDGE_MASK = sum(1 << n for n in END_KNOWLEDGE)
BUILDING_KNOWLEDGE_MASK = sum(1 << n for n in KNOWLEDGE_BUILDING)


def final_scoring_done(state: "Position") -> bool:
    """The game end's final scoring has run: the game is over, or a later step of its end
    waits on a decision (the end's steps still to run then end with 'game_over' and no
    longer hold 'final_scoring')."""
    steps = state.steps
    return state.terminal or ("game_over" in steps and "final_scoring" not in steps)


def player_breakdown(state: "Position", seat: int) -> dict[str, int]:
    """A player's score by category, derived from the placements and holdings alone
    (Châteauma's seat: chateauma.recompute_breakdown)."""
    p = state.players[seat]
    board = p.board
    out = dict.fromkeys(CATEGORIES, 0)
    estate = [-1] * len(p.estate)
    occupied = 0
    knowledge = 0
    placed_by = placers(state, seat) if state.hooks.placed_by else None
    for i, (space, kind, phase) in enumerate(p.placements):
        estate[space] = kind
        occupied |= 1 << space
        if phase < 0:
            continue  # the start castle scores nothing
        if placed_by is not None and placed_by[i] != seat:
            if KIND_KNOWLEDGE[kind]:  # a shared monastery serves every seat (P-TM-3)
                knowledge |= 1 << KIND_KNOWLEDGE[kind]
            continue  # another seat's placement on a shared estate scored for it
        area = board.area_of[space]
        if not board.area_mask[area] & ~occupied:
            size = board.area_size[area]
            for grow in state.hooks.area_size:
                size = grow(state, seat, area, size, estate)
            out["areas"] += AREA_POINTS[size]
            out["phase_bonus"] += PHASE_BONUS[phase]
        if KIND_COLOUR[kind] == PASTURE:
            out["animals"] += animal_points(estate, board.area_mask[area], KIND_SPECIES[kind],
                                            bool(knowledge >> 7 & 1))
        elif KIND_BUILDING[kind] == WATCHTOWER:
            out["buildings"] += WATCHTOWER_POINTS
        elif KIND_KNOWLEDGE[kind]:
            knowledge |= 1 << KIND_KNOWLEDGE[kind]
    out["goods"] = goods_points_per_tile(state.config.table_players) * sum(p.sold)
    out["bonus_tiles"] = sum(colour_bonus_points(state.config.table_players, rank)
                             for _, rank in p.bonus_tiles)
    rs = state.rs
    ended = final_scoring_done(state)
    if rs.knowledge_scored_live or ended:
        out["knowledge"] = end_knowledge(state, seat)
    held = end_holdings(state, seat) if ended else None
    if held is not None:
        out["leftover_goods"] = sum(held.goods)
        out["leftover_silver"] = held.silver
        out["leftover_workers"] = held.workers // 2
    return out
