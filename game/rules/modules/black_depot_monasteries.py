"""`black_depot_monasteries` (X11 l.60-74):
the monasteries of the 2011 6th expansion, offered in the black depot. They are not
knowledge tiles (tile kind `black_monastery`).

- BDM-1: at each phase's setup one of them takes the black depot's first space in place of
  a drawn black tile, so the depot still holds 4 / 6 / 8 tiles (Module.black_depot_tiles).
  From there it is a black-depot tile like any: bought as the turn's purchase, cleared with
  the rest at the phase end.
- BDM-2: its colour is tiles.ANY_COLOUR: any empty space next to the estate, with the
  space's die number (workers change the die; monasteries 9-11 do not, as for the inns).
- BDM-3: no effect of its own.
- BDM-4: each one in an area raises the size it scores as by 1, several per area, never
  beyond 8 (Module.area_size).
- BDM-5: it fills its space for the area and the colour bonus (engine.place_tile).
P-BDM-1: the sheet prints no count; 5, one per phase (tiles.json, marked provisional).
"""

from __future__ import annotations

from ..data import load_json
from ..extension import EFFECTS, Module, register
from ..tiles import kind_from_name

ID = "black_depot_monasteries"
MONASTERY = kind_from_name("black_monastery")
COUNT = next(e["count"] for e in load_json("tiles.json")["module_kinds"]
             if e["name"] == "black_monastery")
# "Größer als 8 kann ein Gebiet aber auch mit Klöstern nicht werden" (X11 l.72)
LARGEST = 8


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def monasteries_in(estate: list[int], area_mask: int) -> int:
    return sum(1 for space in _bits(area_mask) if estate[space] == MONASTERY)


def _effect_none(state, seat: int, kind: int, space: int, events: list | None) -> None:
    """BDM-3: it does nothing when placed; it only helps to complete its area."""


@register
class BlackDepotMonasteries(Module):
    id = ID

    def new_ext(self) -> int:
        return COUNT  # monasteries not yet laid out

    def ext_from_json(self, data) -> int:
        if type(data) is not int or not 0 <= data <= COUNT:
            raise ValueError(f"{COUNT} black-depot monasteries, not {data!r} left to lay out")
        return data

    def black_depot_tiles(self, state) -> tuple[int, ...]:
        """BDM-1: the phase's monastery, while any is left."""
        return (MONASTERY,) if state.ext[ID] else ()

    def phase_setup(self, state, events: list | None) -> None:
        if state.ext[ID]:
            state.ext[ID] -= 1  # black_depot_tiles laid it in the black depot

    def area_size(self, state, seat: int, area: int, size: int, estate: list[int]) -> int:
        """BDM-4: one larger per monastery, the area never beyond 8. The cap is on the
        size the monasteries make of the printed area ("auch mit Klöstern nicht", X11
        l.72), so another module's enlargement (a shield-17-like "score as one larger")
        adds on top whichever of the two is asked first."""
        board = state.players[seat].board
        count = monasteries_in(estate, board.area_mask[area])
        printed = board.area_size[area]
        return size + max(0, min(LARGEST, printed + count) - printed) if count else size

    def tiles_held(self, state) -> list[int]:
        return [MONASTERY] * state.ext[ID]

    def public(self, state) -> tuple:
        return (state.ext[ID],)


EFFECTS["black_monastery"] = _effect_none
