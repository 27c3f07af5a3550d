"""`white_castles`: the white castles and monastery 29 (SE l.771-775, A19 l.917-923,
X11 l.52-58 as the pleasure garden).

- Six white castles go into the building supply, two into the black one, monastery 29 into
  the monastery supply (WC-1; modules.json `tiles`).
- A white castle is a building tile of a ninth building type, "white_castle", so the
  one-per-city rule holds it unless monastery 1 (WC-2, P-WC-1). It is no castle: it is
  beige, lies on building spaces and gives no castle's action (P-WC-2).
- Placed, it gives one more action with the number on the white die: take a tile from that
  depot, place a tile on a space with that number, sell that goods type or take workers.
  Workers (2 steps each with monastery 8) and monasteries 9-12 change the number used as
  with a player's die; the white die itself stays as rolled (WC-3, WC-4, P-WC-3). The
  action is the engine's white-die action (engine.WHITE_DIE), asked in its own decision,
  and may be declined.
- Monastery 29 scores 4 points per white castle at the end (WC-5): it names the building
  type it scores in tiles.json, so the base game's end scoring counts it like 16-23, and
  the crane (tiles2) may count as a white castle for it (WC-6, T2-6).
- The crane may copy a white castle's placement (WC-6, P-T2-3): the module registers the
  building type's effect in extension.BUILDING_EFFECTS.
- The 2011 pleasure garden is the same tile under another name; the sheet prints neither
  the counts nor the yellow tile, so the Special Edition's stand in (P-WC-4, provisional).
With Châteauma (CH-WC): a white castle it places takes one tile from the numbered depots
into its reserve (CH-WC-1, P-CH-1); monastery 29 is a monastery like any (CH-WC-2).
"""

from __future__ import annotations

from typing import NamedTuple

from .. import chateauma as _chateauma  # noqa: F401  (its bonuses are registered first)
from ..actions import allow_action
from ..data import load_json
from ..engine import WHITE_DIE, one_die_actions
from ..events import EVENT_TYPES, ChateaumaReserveTile, SilverTaken
from ..extension import (ACTION_KINDS, BUILDING_EFFECTS, CHATEAUMA_BONUS, EFFECTS, LEGAL,
                         Module, register)
from ..state import Frame
from ..tiles import BUILDINGS, KIND_COLOUR, KIND_NAMES, kind_from_name

ID = "white_castles"
WHITE_FRAME = "white_castle"
WHITE_CASTLE = BUILDINGS.index("white_castle")   # the building type
DIE_OPS = ("take", "place", "sell", "workers")

_DATA = load_json("modules.json")["modules"][ID]
# The tiles each form shuffles into the supplies: kind name -> copies per back.
FORM_TILES: dict[str, dict[str, dict[str, int]]] = _DATA["tiles"]
# The forms whose tiles are provisional, and why (P-WC-4).
PROVISIONAL: dict[str, str] = _DATA.get("provisional", {})
# Châteauma's silver when a white castle finds no tile in any depot (SE l.1254).
CHATEAUMA_SILVER = 1


# --- events ---

class WhiteDieAction(NamedTuple):
    """A white castle's (or a crane copying one) action: one die action with the white
    die's number follows."""
    player: int
    value: int         # the number on the white die


EVENT_TYPES.update({WhiteDieAction.__name__: WhiteDieAction})


# --- the white castle's action (WC-3, WC-4) ----------------------------------------------------

def _white_action(state, seat: int, events: list | None) -> None:
    """One more action with the white die's number, asked at once (workers, monasteries
    8-12 and the purchase as in a castle's action); the white die stays as it is."""
    if events is not None:
        events.append(WhiteDieAction(seat, state.white))
    state.frames.append(Frame(WHITE_FRAME, seat))


def _effect_white_castle(state, seat: int, kind: int, space: int, events: list | None) -> None:
    _white_action(state, seat, events)


def _legal_white(state, frame: Frame) -> list:
    return one_die_actions(state, frame.player, WHITE_DIE)


# --- Châteauma (CH-WC) ---------------------------------------------------------------------------

def _ring(start: int) -> list[int]:
    """Depots from `start` on, clockwise (P-CH-4)."""
    return [(start - 1 + i) % 6 + 1 for i in range(6)]


def _chateauma_white_castle(state, slot: int, kind: int, sales: list,
                            events: list | None) -> None:
    """CH-WC-1 / P-CH-1: from the white die's depot clockwise, the first depot holding a
    tile gives the tile of the colour Châteauma's reserve holds fewest of (ties: the
    depot's first space); with every depot empty, 1 silver."""
    c = state.chateauma
    for depot in _ring(state.white):
        row = state.depots[depot - 1]
        here = [(len(c.reserve[KIND_COLOUR[k]]), s) for s, k in enumerate(row) if k >= 0]
        if here:
            _, s = min(here)
            k = row[s]
            row[s] = -1
            c.reserve[KIND_COLOUR[k]].append(k)
            if events is not None:
                events.append(ChateaumaReserveTile(c.seat, KIND_NAMES[k], False, WHITE_FRAME,
                                                   depot, s))
            return
    state.players[c.seat].silver += CHATEAUMA_SILVER
    if events is not None:
        events.append(SilverTaken(c.seat, CHATEAUMA_SILVER, WHITE_FRAME))


# --- the module ----------------------------------------------------------------------------------

@register
class WhiteCastles(Module):
    id = ID
    effect_frames = (WHITE_FRAME,)

    def check_state(self, state) -> str | None:
        for f in state.frames:
            if f.kind == WHITE_FRAME and f.arg is not None:
                return f"decision {f.kind!r} with {f.arg!r}"
        return None

    def setup(self, state) -> None:
        """WC-1: each copy into the supply of its back."""
        for name, backs in FORM_TILES[self.form].items():
            k = kind_from_name(name)
            for back, count in backs.items():
                bag = state.black_bag if back == "black" else state.bags[KIND_COLOUR[k]]
                bag += [k] * count

    def explain(self, state, action: tuple) -> str | None:
        frame = state.frames[-1] if state.frames else None
        if frame is None or frame.kind != WHITE_FRAME or action[0] not in DIE_OPS:
            return None
        if len(action) < 2 or action[1] != WHITE_DIE:
            return (f"a white castle's action uses the white die (die w), which shows "
                    f"{state.white}")
        return None


EFFECTS["white_castle"] = _effect_white_castle
LEGAL[WHITE_FRAME] = _legal_white
BUILDING_EFFECTS[WHITE_CASTLE] = (ID, _white_action)
CHATEAUMA_BONUS["white_castle"] = _chateauma_white_castle
# The white castle's decision holds the die actions (with the white die), the purchase
# where the rule set allows it during effects, declining, and monastery 28's workers.
for _name in (*DIE_OPS, "buy", "decline"):
    allow_action(_name, WHITE_FRAME)
if "buy_workers" in ACTION_KINDS:
    allow_action("buy_workers", WHITE_FRAME)
if "buy_inn" in ACTION_KINDS:  # an inn instead of the black-depot tile (IN-2)
    allow_action("buy_inn", WHITE_FRAME)
