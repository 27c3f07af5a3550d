"""A guided first game: the lessons of the tutorial and how they follow a real game.

The tutorial is a normal two-player game, the person against an Easy AI player, from a
fixed seed whose first turns offer each lesson: taking a tile, placing it (a ship, with
its goods and the turn-order track), ending the turn, selling goods, taking workers,
buying from the black depot and, after the fifth round, the end of the phase. The
script holds no pygame: `Tutorial` is told of every event the table shows and reads the
position, and says which lesson is current, which legal actions it asks for and which
areas of the table to point at. `table/tutorial_panel.py` draws it over the table.

Nothing here decides or restricts a move: the person may play anything at any time.
A lesson asks for actions by a predicate over the legal actions and is done when the
person's event for it is shown. So that the script can never stick:
- every lesson can be passed with Next (a lesson asking for an action says "Skip");
- a lesson whose action is not possible at the person's decision says why, and waits;
- a decision other than the turn that a later lesson teaches (a ship's goods) brings
  that lesson forward, wherever the person is in the script;
- taking a move back (undo) goes back to the lesson of that moment.
Leaving the tutorial leaves the game as it is: a normal game, saved like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..rules import (KIND_COLOUR, SHIP, Action, GameConfig, GameState, die_use,
                     workers_needed)
from . import i18n
from .session import GameSetup, SeatSpec

# The person's seat and the Easy AI's.
PERSON, OPPONENT = 0, 1
# Board 1 for both (the rulebook's advice for a first game) with the start castle on the
# centre 6; the person starts. With this seed, the person's first dice take a ship and
# place it beside the start castle, and the second turn's dice sell goods (tests check
# the whole script along that path).
CONFIG = GameConfig(players=2, rules="special", board_mode="basic")
SEED = 139

Area = tuple[str, Any]
"""A place on the table to point at, by name; the panel finds where it is drawn:
("depot", (depot, slot)), ("depot_goods", depot), ("space", s), ("storage", j),
("goods", type), ("die", 0 | 1), ("button", "workers" | "buy" | "end"),
("choice", action) (an option of a listed decision), and the regions ("estate", None),
("storage_row", None), ("track", None), ("rounds", None), ("black", None)."""

DIE_OPS = ("take", "place", "sell")


def tutorial_setup() -> GameSetup:
    """The tutorial's game: the person's seat and the Easy AI's, named in the language
    of the moment (the names are the setup's default names)."""
    seats = (SeatSpec("human", i18n.tr("setup.default.human", number=1), 0),
             SeatSpec("ai", i18n.tr("setup.default.ai", number=2), 1, "easy"))
    return GameSetup(CONFIG, seats, SEED, handoff=False)


# --- reading actions ------------------------------------------------------------------------

def free(state: GameState, action: Action) -> bool:
    """A die action the die can do as it shows (no workers to pay). The table's
    interaction module asks the rules the same; importing it would bring in pygame."""
    op = action[0]
    if op not in DIE_OPS or action[1] not in (0, 1):
        return True
    p = state.players[state.current_player]
    if op == "place":
        value, use = p.board.die[action[3]], die_use("place", p.storage[action[2]])
    else:
        value, use = action[2], die_use(op)
    return workers_needed(p.dice[action[1]], value, p.knowledge, use) == 0


def tile_of(state: GameState, depot: int, slot: int) -> int:
    row = state.black if depot == 0 else state.depots[depot - 1]
    return row[slot]


# A die action with either die, or with a castle's extra action (die 2, any number).
def _is_take(a: Action, state: GameState) -> bool:
    return a[0] == "take"


def _is_place(a: Action, state: GameState) -> bool:
    return a[0] == "place"


def _is_sell(a: Action, state: GameState) -> bool:
    return a[0] == "sell"


def _is_workers(a: Action, state: GameState) -> bool:
    return a[0] == "workers"


def _is_black_purchase(a: Action, state: GameState) -> bool:
    return a[0] == "buy" and a[1] == 0


def _is_ship(a: Action, state: GameState) -> bool:
    """Choosing a depot's goods, and which new goods to keep when the store is full."""
    return a[0] in ("ship", "keep")


def _is_end(a: Action, state: GameState) -> bool:
    return a == ("end",)


def takes_to_place(state: GameState, takes: list[Action]) -> list[Action]:
    """The takes worth pointing at: free ones whose tile the other die can then place
    for free, ships first (they lead to the next lessons); else the free takes; else all."""
    free_takes = [a for a in takes if free(state, a)]
    placeable = []
    for a in free_takes if state.decision == "turn" else ():
        kind = tile_of(state, a[2], a[3])
        child = state.clone()
        child.apply(a, listen=False)
        p = child.players[child.current_player]
        if any(b[0] == "place" and b[1] == 1 - a[1] and p.storage[b[2]] == kind
               and free(child, b) for b in child.legal_actions()):
            placeable.append(a)
    ships = [a for a in placeable if KIND_COLOUR[tile_of(state, a[2], a[3])] == SHIP]
    return ships or placeable or free_takes or takes


def _free_first(state: GameState, actions: list[Action]) -> list[Action]:
    return [a for a in actions if free(state, a)] or actions


# --- where the wanted actions are on the table ----------------------------------------------

def action_areas(state: GameState, actions: list[Action]) -> list[Area]:
    """The places to click for these actions (dice, tiles, spaces, goods, buttons)."""
    out: list[Area] = []

    def add(area: Area) -> None:
        if area not in out:
            out.append(area)

    for a in actions:
        op = a[0]
        if op in ("take", "place", "sell", "workers") and a[1] in (0, 1):
            add(("die", a[1]))
        if op == "take":
            add(("depot", (a[2], a[3])))
        elif op == "place":
            add(("storage", a[2]))
            add(("space", a[3]))
        elif op == "sell":
            add(("goods", a[2]))
        elif op == "workers":
            add(("button", "workers"))
        elif op == "buy":
            add(("depot", (a[1], a[2])))
        elif op == "ship":
            add(("choice", a))
            for depot in a[1:]:
                add(("depot_goods", depot))
        elif op == "end":
            add(("button", "end"))
    return out


# --- the lessons ----------------------------------------------------------------------------

def _by(event_name: str, test: Callable[[Any], bool] = lambda e: True) -> Callable:
    return lambda e: type(e).__name__ == event_name and test(e)


def _ship_done(event: Any) -> bool:
    """The ship's goods taken, or its goods effect lapsed (no depot had goods)."""
    return (_by("GoodsTaken")(event)
            or _by("EffectLapsed", lambda e: e.effect == "ship_goods")(event))


@dataclass(frozen=True)
class Lesson:
    """One step of the tutorial. Its texts are ``tutorial.<id>.title`` and
    ``tutorial.<id>.text``; a lesson that asks for an action also has
    ``tutorial.<id>.later``, saying why it cannot be done at the moment.

    A lesson without ``wants`` is read and passed with Next (a note); one with ``wants``
    asks for those of the legal actions and is done when the person's event matching
    ``done`` is shown; one with only ``done`` waits for that event (any player's)."""

    id: str
    wants: Callable[[Action, GameState], bool] | None = None
    done: Callable[[Any], bool] | None = None
    # Narrows what is pointed at among the wanted actions (the rest stay allowed).
    advice: Callable[[GameState, list[Action]], list[Action]] = _free_first
    areas: tuple[Area, ...] = ()     # always pointed at (the regions a note is about)
    decision: str = "turn"           # the decision where its actions are asked
    persons_event: bool = True       # done only by the person's own event

    @property
    def asks(self) -> bool:
        return self.wants is not None


LESSONS: tuple[Lesson, ...] = (
    Lesson("welcome", areas=(("estate", None),)),
    Lesson("dice", areas=(("die", 0), ("die", 1))),
    Lesson("take", _is_take, _by("TileTaken", lambda e: e.depot != 0),
           advice=lambda s, acts: takes_to_place(s, acts), areas=(("storage_row", None),)),
    Lesson("place", _is_place, _by("TilePlaced")),
    Lesson("ship", _is_ship, _ship_done, areas=(("track", None),), decision="ship"),
    Lesson("end_turn", _is_end, _by("TurnEnded")),
    Lesson("order", areas=(("track", None),)),
    Lesson("sell", _is_sell, _by("GoodsSold")),
    Lesson("workers", _is_workers, _by("WorkersTaken", lambda e: e.reason == "die")),
    Lesson("black", _is_black_purchase, _by("TilePurchased", lambda e: e.depot == 0),
           areas=(("black", None),)),
    Lesson("play_on", done=_by("PhaseEnded"), areas=(("rounds", None),),
           persons_event=False),
    Lesson("phase_end", areas=(("rounds", None),)),
)


@dataclass
class Step:
    """A move through the script, kept so that undo can take it back."""
    index: int      # the lesson before the move
    steps: int      # the length of the game record when it was made


@dataclass
class Tutorial:
    """Where the person is in the lessons. The table reports every event it shows
    (`shown`), the Next button (`next`) and each frame's position (`sync`); the record
    length (`steps`) lets undo take back the lessons its moves completed."""

    lessons: tuple[Lesson, ...] = LESSONS
    seat: int = PERSON
    index: int = 0
    finished: bool = False
    history: list[Step] = field(default_factory=list)

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(self.lessons) - 1

    def _move(self, index: int, steps: int) -> None:
        self.history.append(Step(self.index, steps))
        self.index = index

    def next(self, steps: int) -> None:
        """Next (or Skip): the following lesson; after the last, the tutorial is over."""
        if self.last:
            self.finished = True
        else:
            self._move(self.index + 1, steps)

    def shown(self, event: Any, steps: int) -> bool:
        """An event the table has shown; True when it completed the current lesson."""
        lesson = self.lesson
        if self.finished or lesson.done is None or not lesson.done(event):
            return False
        if lesson.persons_event and getattr(event, "player", None) != self.seat:
            return False
        self.next(steps)
        return True

    def sync(self, state: GameState, steps: int) -> None:
        """Follow the game: back to an earlier lesson when its moves were taken back; on
        to a later lesson about the decision the person faces now."""
        while self.history and steps < self.history[-1].steps:
            self.index = self.history.pop().index
        if self.finished or not self.deciding(state) or state.decision == "turn":
            return
        if self.lesson.decision == state.decision:
            return
        for i in range(self.index + 1, len(self.lessons)):
            if self.lessons[i].asks and self.lessons[i].decision == state.decision:
                self._move(i, steps)
                return

    # --- what the current lesson asks ------------------------------------------------------

    def deciding(self, state: GameState) -> bool:
        return (not state.is_terminal() and not state.is_chance()
                and state.current_player == self.seat)

    def wanted(self, state: GameState) -> list[Action]:
        """The legal actions the lesson asks for now (none unless the person decides)."""
        wants = self.lesson.wants
        if wants is None or not self.deciding(state):
            return []
        return [a for a in state.legal_actions() if wants(a, state)]

    def status(self, state: GameState) -> str:
        """'read' (a note), 'do' (its action can be done now), 'wait' (for the person's
        turn, or for the event it waits for), or 'later' (not possible at the moment)."""
        lesson = self.lesson
        if not lesson.asks:
            return "wait" if lesson.done is not None else "read"
        if not self.deciding(state):
            return "wait"
        return "do" if self.wanted(state) else "later"

    def areas(self, state: GameState) -> list[Area]:
        """What to point at: the lesson's regions, and where its advised actions are
        clicked while the person can do them."""
        out = list(self.lesson.areas)
        wanted = self.wanted(state)
        if wanted:
            out += [a for a in action_areas(state, self.lesson.advice(state, wanted))
                    if a not in out]
        return out

    # --- words ---------------------------------------------------------------------------

    def title(self) -> str:
        return i18n.tr(f"tutorial.{self.lesson.id}.title")

    def text(self, opponent: str) -> str:
        return i18n.tr(f"tutorial.{self.lesson.id}.text", name=opponent)

    def aside(self, state: GameState, opponent: str) -> str:
        """A line under the text saying what the lesson waits for, if anything."""
        status = self.status(state)
        if status == "later":
            return i18n.tr(f"tutorial.{self.lesson.id}.later")
        if status == "wait" and self.lesson.asks:
            return i18n.tr("tutorial.wait_turn", name=opponent)
        return ""

    def progress(self) -> str:
        return i18n.tr("tutorial.progress", step=self.index + 1, steps=len(self.lessons))

    def next_label(self) -> str:
        if self.last:
            return i18n.tr("tutorial.finish")
        return i18n.tr("tutorial.skip" if self.lesson.done is not None else "tutorial.next")


def lesson_keys() -> list[str]:
    """Every text key the lessons use (a test checks each language has them)."""
    keys = ["tutorial.progress", "tutorial.next", "tutorial.skip", "tutorial.finish",
            "tutorial.wait_turn"]
    for lesson in LESSONS:
        keys += [f"tutorial.{lesson.id}.title", f"tutorial.{lesson.id}.text"]
        if lesson.asks:
            keys.append(f"tutorial.{lesson.id}.later")
    return keys
