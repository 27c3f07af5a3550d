"""`team`: the team game, 2 against 2 (SE l.811-841, A19
l.966-1023, X11 l.86-118).

- TM-0: exactly 4 players (config.check_modules); seats 0 and 2 form one team, seats 1
  and 3 the other, so the base game's first round (the start player, then clockwise) is
  A1, B1, A2, B2 (TM-2); team A is the start player's.
- TM-1: each team plays one double duchy (data/team_boards.json, provisional stand-ins,
  docs/rulings.md R9): front or back, chosen by the team where the board mode lets players choose;
  one start castle, on the central castle space with 1 (front) or with 1 or 6 (back);
  3 start goods; 3 workers (team A) or 5 (team B) and 2 silver.
- Shared holdings. Every seat keeps its own record (dice, points, turn-order marker, colour
  bonus tiles, goods sold and two own storage spaces); what the partners share (the duchy,
  the two shared storage spaces, goods, silver and workers) lies in both partners' records
  alike. A team's first seat (0 or 1) holds it at setup (Module.holders) and the module
  makes the partner's record alike after every action of either but a turn's end, which
  changes nothing they share (Module.settled), and after the mines, which pay the team
  once (TM-9): the partners' records hold the same
  lists of the duchy and the goods, and their numbers and shared storage spaces are
  copied. So the rules of the base game act on a seat's record unchanged, and clone, JSON
  and replay need nothing of their own (a clone or a loaded position holds equal lists of
  its own, which its next action joins).
- TM-4, P-TM-1: storage spaces 0-1 are the seat's own, 2-3 the team's; a tile taken into an
  own space while a shared one is free may be put on the shared one instead (the choice is
  made as the tile arrives: a stored tile never moves); when all four are full the player
  removes one of them (the base game's discard decision over all four).
- TM-5: the partner's own storage and dice are never in the acting seat's record.
- TM-6, TM-8: the double duchy is one board of 74 spaces whose halves neighbour along the
  join: areas, adjacency and the colour bonus are the double duchy's.
- TM-7, P-TM-2: the turn-order track ends on its 7th space; a marker there that moves again
  goes on top of the stack there.
- TM-9: a placement's, sale's or tile's points go to the acting seat (placers in the
  module's state let the breakdown be derived per seat, Module.placed_by); monasteries
  serve both partners (P-TM-3).
- TM-10, P-TM-4: the team's leftovers and end-game monasteries score once, for its first
  seat; the team with the higher sum wins, then the one with more empty spaces, then the
  one whose later player is further back in turn order.
Not with Châteauma, nor with modules whose effect on a shared duchy the books leave open
(modules.json).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import events as ev
from ..actions import allow_action, register_action
from ..boards import AXIAL, SPACES, _CODES as COLOUR_CODES, add_board, build_board
from ..data import load_json
from ..engine import DECLINE, share_placeable
from ..events import EVENT_TYPES
from ..extension import APPLY, LEGAL, STEPS, BoardDeal, Module, register
from ..state import Frame

ID = "team"
DATA = load_json("team_boards.json")
PROVISIONAL = bool(DATA["provisional"])
SIDES = ("front", "back")
BOARD_IDS = {side: f"team_{side}" for side in SIDES}
START = DATA["start"]
OWN_STORAGE = START["own_storage"]
STORAGE = OWN_STORAGE + START["shared_storage"]
LAST_TRACK_SPACE = START["track_spaces"] - 1
STORE_FRAME = "team_storage"
SHARE = ("share",)


def _double_duchy(side: str) -> Any:
    """The side's double duchy as one board: the left half's spaces 0-36, the right
    half's 37-73, laid at the join's offset so that the touching edges neighbour."""
    entry = DATA["sides"][side]
    dq, dr = DATA["join"]
    colour, die, axial = [], [], []
    for h, half in enumerate(entry["halves"]):
        colour += [COLOUR_CODES[c] for c in half["colours"]]
        die += [int(d) for d in half["dice"]]
        axial += [(q + dq * h, r + dr * h) for q, r in AXIAL]
    if len(colour) != 2 * SPACES or len(set(axial)) != len(axial):
        raise ValueError(f"team duchy {side}: two halves of {SPACES} spaces that do not overlap")
    return build_board(BOARD_IDS[side], f"team {side}",
                       "provisional" if PROVISIONAL else "high", tuple(colour), tuple(die),
                       tuple(axial), tuple(entry["start_castles"]))


for _side in SIDES:
    add_board(_double_duchy(_side))


def partner(seat: int) -> int:
    return (seat + 2) % 4


PARTNER = tuple(partner(seat) for seat in range(4))  # by seat, for the hooks run at every action


def first_seat(seat: int) -> int:
    """The team's first seat (0 or 1), which holds its duchy at setup and scores its
    shared holdings at the end."""
    return seat % 2


def teams(state) -> tuple[tuple[int, int], tuple[int, int]]:
    """Team A (the start player's) and team B, each as (first player, second player) in
    the first round's order (A1, B1, A2, B2)."""
    a, b = state.start_player, (state.start_player + 1) % 4
    return (a, partner(a)), (b, partner(b))


def team_of(seat: int) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


# --- events ---

class StoredShared(NamedTuple):
    """TM-4: the tile just taken goes onto the team's shared storage space instead."""
    player: int
    own: int           # the own space it arrived on
    storage: int       # the shared space it lies on now


class TeamScored(NamedTuple):
    """TM-10: the game's end: each team's sum, winner first."""
    teams: tuple       # ((seat, seat), sum, empty spaces) per team, winner first


EVENT_TYPES.update({"StoredShared": StoredShared, "TeamScored": TeamScored})


# --- shared holdings ---

# What the partners share besides the storage spaces from OWN_STORAGE on: the duchy (its
# board and the tiles on it, with what the engine derives from them), the monastery
# knowledge, goods, silver and workers. `share` makes exactly these alike; a view of the
# table that mirrors the team's holdings copies them by this list.
SHARED = ("board", "estate", "knowledge", "goods", "silver", "workers")


# The team's two shared storage spaces (TM-4), which share writes one by one.
FIRST_SHARED, SECOND_SHARED = range(OWN_STORAGE, STORAGE)


def share(state, seat: int) -> None:
    """Make the partner's record of the team's shared holdings alike seat's; seat -1:
    each team's first seat's to its partner's (after setup steps and the mines, which act
    on the first seats). The partner's record takes seat's very lists of the estate, the
    placements and what the engine derives from them, and the goods: what either seat's
    actions write there, the other's record holds at once, and `settled` after an action
    makes only the numbers and the shared storage spaces alike. A clone or a loaded
    position holds equal lists of its own until its next share."""
    players = state.players
    if seat < 0:
        if len(players) == 4:
            share(state, 0)
            share(state, 1)
        return
    a = players[seat]
    b = players[seat ^ 2]  # partner(seat), inline
    b.board = a.board
    b.estate = a.estate
    b.placements = a.placements
    b.colour_count = a.colour_count
    b.built_areas = a.built_areas
    b.goods = a.goods
    b.occupied = a.occupied
    b.frontier = a.frontier
    b.knowledge = a.knowledge
    share_placeable(a, b)
    b.silver = a.silver
    b.workers = a.workers
    shared, own = a.storage, b.storage
    if len(shared) == STORAGE == len(own):
        own[FIRST_SHARED] = shared[FIRST_SHARED]
        own[SECOND_SHARED] = shared[SECOND_SHARED]
    else:  # a module's storage grew (Module.storage_room)
        own[OWN_STORAGE:] = shared[OWN_STORAGE:]


def _share_all(state, events: list | None = None) -> None:
    """The step after the mines: each team's first seat's record to its partner's."""
    share(state, -1)


# --- TM-4: own or shared storage ---

# The decision whether a tile taken into an own storage space goes onto a shared one, by
# seat and own space, made once (a Frame is immutable; building one runs a Python
# __new__ at every tile taken).
_STORE_FRAMES = tuple(tuple(Frame(STORE_FRAME, seat, j) for j in range(OWN_STORAGE))
                      for seat in range(4))


def _legal_store(state, frame: Frame) -> list:
    return [SHARE, DECLINE]


def _apply_share(state, frame: Frame, action: tuple, events: list | None) -> None:
    p = state.players[frame.player]
    j = frame.arg
    to = p.storage.index(-1, OWN_STORAGE)
    p.storage[to] = p.storage[j]
    p.storage[j] = -1
    if events is not None:
        events.append(StoredShared(frame.player, j, to))


# --- the end ---

class TeamResult(NamedTuple):
    seats: tuple[int, int]
    points: int
    empty: int


def team_results(state) -> list[TeamResult]:
    """Both teams, winner first (TM-10, P-TM-4): the sum of the partners' points, then
    more empty spaces on the double duchy, then the team whose later player is further
    back in turn order."""
    position = {seat: i for i, seat in enumerate(state.track_order())}
    out = []
    for first in (0, 1):
        seats = (first, partner(first))
        out.append((TeamResult(seats, sum(state.players[s].score for s in seats),
                               state.players[first].empty_spaces),
                    max(position[s] for s in seats)))
    out.sort(key=lambda tr: (-tr[0].points, -tr[0].empty, -tr[1]))
    return [tr for tr, _ in out]


def _step_team_end(state, events: list | None) -> None:
    if events is not None:
        events.append(TeamScored(tuple((r.seats, r.points, r.empty)
                                       for r in team_results(state))))


@register
class Team(Module):
    id = ID
    effect_frames = (STORE_FRAME,)
    storage_spaces = STORAGE
    phase_end_steps = {"mines": ("team.share",)}
    game_end_steps = {"end_points": ("team.end",)}

    # --- setup ---
    def check_state(self, state) -> str | None:
        for f in state.frames:
            if f.kind == STORE_FRAME and not (
                    type(f.arg) is int and 0 <= f.arg < OWN_STORAGE
                    and state.players[f.player].storage[f.arg] >= 0):
                return f"decision {f.kind!r} with {f.arg!r}"
        return None

    def new_ext(self) -> tuple:
        return ((), ())  # per team (seats 0/2, 1/3): who made each placement after the castle

    def ext_to_json(self, value: tuple) -> Any:
        return {"placers": [list(v) for v in value]}

    def ext_from_json(self, data: Any) -> tuple:
        placers = data["placers"]
        if not (isinstance(placers, list) and len(placers) == 2 and all(
                isinstance(v, list) and all(type(s) is int and s % 2 == t and 0 <= s < 4
                                            for s in v) for t, v in enumerate(placers))):
            raise ValueError("team placers: a list of the team's seats per team")
        return tuple(tuple(v) for v in placers)

    def holders(self) -> tuple[int, ...]:
        return (0, 1)

    def board_deal(self) -> BoardDeal:
        # Each team has its own double-sided halves: both teams may play the same side.
        return BoardDeal(tuple(BOARD_IDS[side] for side in SIDES), own_sets=True)

    def seats_dealt(self, state, events: list | None) -> None:
        """TM-1: 3 workers for team A (the start player's), 5 for team B, 2 silver each;
        TM-4: two own and two shared storage spaces."""
        a = team_of(state.start_player)
        for seat, p in enumerate(state.players):
            p.workers = START["workers"][team_of(seat) != a]
            p.silver = START["silver"]
            p.storage = [-1] * STORAGE

    # --- during play ---
    def settled(self, state, seat: int) -> None:
        """After every action (but a turn's end) and chance outcome: the partners'
        records alike again (share). Where they already hold the same lists (after the
        team's first action, until a clone or a load), only the numbers and the shared
        storage spaces are made alike: the rules replace a record's lists only together
        with its built areas' (PlayerState.set_board, copy, a load) and change them in
        place otherwise, and no module of the team game grows a storage (only_with).
        From the first phase on, a chance outcome (a phase's depots, a roll's dice)
        changes none of the shared holdings, nor do the start goods, which end the setup
        in the goods list the partners already hold together: such an outcome needs
        nothing made alike where the partners hold one goods list (a loaded position
        whose partners hold lists of their own is shared as before)."""
        players = state.players
        if seat < 0:  # a chance outcome: the setup acts on the first seats
            if len(players) == 4 and not (
                    state.phase >= 0 and players[0].goods is players[2].goods
                    and players[1].goods is players[3].goods):
                self.settled(state, 0)
                self.settled(state, 1)
            return
        a = players[seat]
        b = players[PARTNER[seat]]
        if a.built_areas is not b.built_areas:
            share(state, seat)
            return
        if a.occupied is not b.occupied:  # a tile placed (and a monastery's knowledge with it)
            # The same object is the same number: set from a's, b's is a's until a's
            # changes (compared as objects, the 74 spaces' numbers cost more to compare).
            b.occupied = a.occupied
            b.frontier = a.frontier
            b.knowledge = a.knowledge
            # a's estate has just grown: where each kind may go on it is found from now
            # on in one dict for both (share_placeable written out, its key as
            # engine._placeable makes it; a call costs more at each tile placed).
            a.placeable = b.placeable = (
                (a.occupied, a.knowledge, a.anywhere, a.board), None, (), {})
        # The numbers and the shared storage spaces as share makes them alike, written
        # out again here: this runs after every action, and a call costs more than them.
        b.silver = a.silver
        b.workers = a.workers
        shared, own = a.storage, b.storage
        own[FIRST_SHARED] = shared[FIRST_SHARED]
        own[SECOND_SHARED] = shared[SECOND_SHARED]

    def tile_stored(self, state, seat: int, storage: int, events: list | None) -> None:
        if storage < OWN_STORAGE:
            spaces = state.players[seat].storage  # never grown (settled)
            if spaces[FIRST_SHARED] < 0 or spaces[SECOND_SHARED] < 0:
                state.frames.append(_STORE_FRAMES[seat][storage])

    def tile_placed(self, state, seat: int, kind: int, space: int, events: list | None) -> None:
        a, b = state.ext[ID]
        state.ext[ID] = (a, b + (seat,)) if seat & 1 else (a + (seat,), b)  # team_of

    def marker_moved(self, state, seat: int, events: list | None) -> None:
        """TM-7, P-TM-2: past the last space the marker stays there, on top (its stamp is
        already the newest)."""
        p = state.players[seat]
        if p.track_pos > LAST_TRACK_SPACE:
            p.track_pos = LAST_TRACK_SPACE
            if events is not None:
                for i in range(len(events) - 1, -1, -1):
                    e = events[i]
                    if type(e) is ev.TurnOrderMoved and e.player == seat:
                        events[i] = ev.TurnOrderMoved(seat, LAST_TRACK_SPACE)
                        break

    def mine_income(self, state, seat: int, mines: int, silver: int,
                    workers: int) -> tuple[int, int]:
        """TM-9: the team's mines pay the team once (to its first seat's record; the
        partner's is made alike right after, team.share)."""
        return (silver, workers) if seat == first_seat(seat) else (0, 0)

    # --- accounting ---
    def end_holdings(self, state, seat: int, p):
        """TM-10: the team's goods, silver, workers and end-game monasteries score once,
        for its first seat, on both partners' sales and bonus tiles (P-TM-3)."""
        if seat != first_seat(seat):
            return None
        other = state.players[partner(seat)]
        team = p.copy()
        team.sold = [a + b for a, b in zip(p.sold, other.sold)]
        team.bonus_tiles = p.bonus_tiles + other.bonus_tiles
        return team

    def placed_by(self, state, seat: int) -> tuple[int, ...]:
        placers = iter(state.ext[ID][team_of(seat)])
        return tuple(-1 if phase < 0 else next(placers, -1)
                     for _, _, phase in state.players[seat].placements)

    def counted_twice(self, state) -> tuple[list[int], list[int]]:
        tiles: list[int] = []
        goods = [0] * 7
        for first in (0, 1):
            if len(state.players) < 4:
                break
            p = state.players[partner(first)]
            if p.board is None:
                continue  # the duchy is not shared yet (setup)
            tiles += [k for k in p.estate if k >= 0]
            tiles += [k for k in p.storage[OWN_STORAGE:] if k >= 0]
            goods = [a + b for a, b in zip(goods, p.goods)]
        return tiles, goods

    def ranking(self, state, order: list[int]) -> list[int]:
        out = []
        for r in team_results(state):
            out += [s for s in order if s in r.seats]
        return out

    def public(self, state) -> tuple:
        return state.ext[ID]

    def explain(self, state, action: tuple) -> str | None:
        if action[0] != "share":
            return None
        frame = state.frames[-1] if state.frames else None
        if frame is None or frame.kind != STORE_FRAME:
            return "a tile goes onto a shared storage space only as it is taken"
        return None


LEGAL[STORE_FRAME] = _legal_store
APPLY["share"] = _apply_share
STEPS["team.share"] = _share_all
STEPS["team.end"] = _step_team_end
allow_action("decline", STORE_FRAME)
def _no_args(args: list[str]) -> tuple:
    if args:
        raise ValueError("share takes nothing more")
    return SHARE


register_action("share", (), (STORE_FRAME,), lambda a: "share", _no_args, ID)
