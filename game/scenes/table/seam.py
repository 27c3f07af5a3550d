"""Where the table's modules plug in: the client side of the rules' extension points.

A rules module (game/rules/modules/<id>.py) may have a table module beside the others
(game/scenes/table/modules/<id>.py): a `TableModule` subclass, registered by its id, that
builds its part of the view from the rules module's public functions, takes in its events,
animates them, words them and its actions for the log, paints its layers and lays its hit
spots on the board and on the large estate, speaks on a seat's card and storage, and
declares its buttons (`ModuleButton`). The view, the log, the board, the buttons, the
motion and the scene loop over the modules in play (`in_play`, `parts_of`) and name none
of them; a module added or removed changes none of their lines.

The view keeps each module's part in `TableView.parts[id]` (None for a module that shows
nothing of its own), in the registry's order, which is also the order of its layers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Protocol

from ...rules import MODULES, module_decisions

# A module's handler of one of its events: fn(view, part, event) copies the fact the event
# states into the view (its own part, or the players' and the board's).
Handler = Callable[[Any, Any, Any], None]
# A module's words for one of its events: fn(event, who, lang) -> a log line, or None for
# an event the log leaves out.
Words = Callable[[Any, str, str], "str | None"]
NamedWords = Callable[[Any, tuple[str, ...], str], "str | None"]
# A module's animation of one of its events: fn(motion, event) -> an anim.timeline
# Animation, or None for none; motion is the table's motion.Handlers, whose flights,
# staggers and sounds it is built with.
Animator = Callable[[Any, Any], Any]


class Table(Protocol):
    """What the table's panels and modules may ask of the table scene: what it shows, who
    sits there, the state of play, and the steps a click or button may take. They receive
    it from the scene and never import the scene."""

    # --- what it shows ---
    view: Any               # view.TableView: what has finished animating
    names: list[str]
    colours: list[int]
    rules: str
    shown_seat: int         # the seat whose estate is shown large
    serial: int             # raised whenever the view is rebuilt from the state
    preview_board: str | None
    ctx: Any                # context.ClientContext
    session: Any            # session.GameSession
    log: Any                # log.GameLog
    # --- the state of play ---
    narrowing: Any          # interaction.Narrowing of the decision open now, or None
    options: list[tuple]    # a list of choices asked by a click
    hint_move: Any          # a hint on its way, or None
    hint_shown: Any         # the hint on show in the log's place, or None
    tutorial: Any           # the tutorial laid over the table, or None
    hint_action: tuple | None   # the hinted move, while its pieces are marked
    message: tuple[str, dict] | None  # the prompt line's words (a text key and its values)
    # --- what animations change while they play (motion.py) ---
    flyers: list
    counting: dict[int, int]
    flash: tuple | None
    dice_roll: tuple | None
    timeline: Any           # anim.timeline.Timeline: what plays beside the queue
    places: Any             # places.Places: where the pieces fly from and to
    # --- the panels a panel places itself among or next to ---
    panels: Any             # layout.PanelGroup of the buttons
    action_buttons: Any     # buttons_panel.ActionButtons: the turn's buttons
    choices: Any            # buttons_panel.ChoiceBox: the options listed to choose from
    board: Any              # board_panel.BoardPanel: the central board
    dice: Any               # dice_panel.DicePanel: the dice tray
    estates: Any            # estates_panel.EstatesPanel
    log_panel: Any          # log_panel.LogPanel
    tooltips: Any           # ui.tooltip.Tooltips of the table
    pointer: tuple[float, float]  # where the pointer is, in design units
    stack: Any              # stack.SceneStack the table lies in, or None

    @property
    def state(self) -> Any: ...

    def seat_colour(self, seat: int) -> tuple[int, int, int]: ...

    def can_act(self) -> bool:
        """A person may click towards an action now."""
        ...

    def can_undo(self) -> bool: ...

    def own_estate(self) -> bool:
        """The estate shown large is the seat's to move."""
        ...

    def prompt(self) -> str:
        """The prompt line's words."""
        ...

    # --- what a click, key or button does ---
    steps: Any              # steps.Steps: the steps a click or key takes towards an action

    def apply(self, outcome: Any) -> None:
        """What a step of the narrowing came to (interaction.Outcome): an action is
        played, options are listed, its words go to the prompt line."""
        ...

    def choose(self, action: tuple) -> None:
        """Play an action open now."""
        ...

    def submit(self, action: tuple) -> bool:
        """Play an action the table offers now; False when it does not."""
        ...

    def offer(self, options: list[tuple], message: str) -> None:
        """List actions open now as choices in the choice box, with a prompt."""
        ...

    def undo(self) -> bool: ...
    def ask_hint(self) -> None: ...
    def open_menu(self) -> None: ...
    def open_glossary(self) -> None: ...
    def quit_to_title(self) -> None: ...
    def follow(self, outcome: Any) -> None:
        """Take a step a click asked of the narrowing (interaction.Outcome): play its
        action, list its options or say its message."""
        ...

    def show_phase_end(self, phase: int) -> None: ...


@dataclass(frozen=True)
class ModuleButton:
    """A module's own button in the row of action buttons under the estate."""
    label: str                        # its text key
    tooltip: str                      # its tooltip's text key ({key}: the hotkey's name)
    hotkey: int                       # the key that clicks it (a pygame key)
    hotkey_name: str                  # that key as the tooltip names it
    # Where in the row it may stand, first choice first. With one place it takes it; with
    # several, the first that no other button in play takes alone. With none left it is
    # not shown, and its key works only where `keyed_unplaced` says so (its actions are
    # listed another way too, by a click on the module's pieces).
    places: tuple[int, ...]
    offered: Callable[[Any], bool]    # whether it is open now, given the narrowing
    click: Callable[[Table], None]    # what a click (or its key) does
    keyed_unplaced: bool = False


class TableModule:
    """A module at the table. Subclasses set `id` (the rules module's) and fill in what
    they show; a hook left as here shows nothing."""

    id: ClassVar[str] = ""
    # Its events the view takes in, by event name.
    events: ClassVar[dict[str, Handler]] = {}
    # Its events that change nothing the view holds (they are worded, animated or scored
    # elsewhere); the view fails on an event it neither takes in nor lists here.
    quiet: ClassVar[tuple[str, ...]] = ()
    # Its events animated on the table, by event name (an event left out is shown at once).
    animations: ClassVar[dict[str, Animator]] = {}
    # Its events in words for the log, by event name.
    words: ClassVar[dict[str, Words]] = {}
    # Its events whose words name other players than the one who acts, by event name:
    # fn(event, names, lang) -> a log line, or None.
    named_words: ClassVar[dict[str, NamedWords]] = {}
    # Its events whose `tile` the log shows as a picture before their words.
    tile_icons: ClassVar[tuple[str, ...]] = ()
    # Its events whose `goods` (`count` of them) the log shows as pictures, as a sale's.
    goods_icons: ClassVar[tuple[str, ...]] = ()
    # Its events that pay or cost something at a phase's end, which the phase-end banner
    # lists with what the mines pay, by event name: (its words' text key, by count;
    # fn(event) -> the count).
    phase_end_paid: ClassVar[dict[str, tuple[str, Callable[[Any], int]]]] = {}
    # Its buttons in the row of action buttons.
    buttons: ClassVar[tuple[ModuleButton, ...]] = ()
    # Its decisions answered by clicks on the table; the others it declares to the rules
    # are answered from a list of options in the choice box.
    clicked: ClassVar[tuple[str, ...]] = ()
    # Its decisions answered by one action of a die given in advance, by decision (a white
    # castle's: the white die); the table chooses that die at once.
    decision_dice: ClassVar[dict[str, int]] = {}
    # Its actions that are the turn's purchase (an inn from the inn stack): the Buy button
    # offers them, and a choice of them asks for the payment.
    purchases: ClassVar[tuple[str, ...]] = ()
    # Its actions open at every decision of its owner's turn (monastery tile 28's
    # workers): a button of their own, never one of a decision's listed options.
    any_time: ClassVar[tuple[str, ...]] = ()
    # Its decisions whose options show as icons, when they fit on one page.
    icon_decisions: ClassVar[tuple[str, ...]] = ()

    def part(self, state: Any) -> Any:
        """Its part of the view, built from the rules module's public functions (what
        every seat may see), or None for none."""
        return None

    def taken_in(self, view: Any, part: Any, seat: int) -> None:
        """After any event of seat's has been taken in (the team game shares it with the
        partner)."""

    # --- a seat's card and storage ---
    def seat_note(self, part: Any, seat: int, names: list[str]) -> str | None:
        """Words added to what a seat is, on its card's tooltip (the team game's partner),
        or None."""
        return None

    def seat_badge(self, part: Any, seat: int) -> str | None:
        """A short label in the corner of a seat's card (the team game's letter), or
        None."""
        return None

    def storage_groups(self, part: Any, seat: int,
                       spaces: int) -> tuple[tuple[str, int, int, bool], ...] | None:
        """A seat's storage labelled in groups of its spaces (the team game's own and
        shared), each a text key, its first and last space and whether it is marked; None
        for the one label of the storage."""
        return None

    def storage_tip(self, part: Any, seat: int, space: int, names: list[str]) -> str | None:
        """The tooltip of an empty storage space of a seat, or None for the plain one."""
        return None

    # --- the central board ---
    # Its pieces on the central board show the seat shown large (the vineyard board): the
    # board's layer is repainted when another seat is shown.
    board_follows_seat: ClassVar[bool] = False

    def paint_board(self, canvas: Any, view: Any, part: Any, seat: int | None) -> None:
        """Its pieces on the central board's cached layer (seat: the seat shown large)."""

    def board_spots(self, table: Table, part: Any) -> list:
        """Its hit spots and tooltips on the central board."""
        return []

    def first_board_spots(self, table: Table, part: Any) -> list:
        """Its hit spots on the central board that come before the board's own (pieces
        lying on a depot's space)."""
        return []

    # --- the large estate ---
    def paint_estate(self, canvas: Any, view: Any, part: Any, seat: int,
                     preview: str | None) -> None:
        """Its layer over the estate shown large (preview: a duchy being chosen, whose
        empty estate is shown)."""

    def estate_spots(self, view: Any, part: Any, seat: int, names: list[str]) -> list:
        """Its hit spots and tooltips on the estate shown large."""
        return []

    def paint_over_tiles(self, canvas: Any, part: Any, seat: int, centre: Any = None,
                         size: float = 0) -> None:
        """Its pieces lying on a seat's tiles, above the tiles and below the rest of the
        estate: on the estate shown large (centre None) or a miniature at centre."""

    def tile_spots(self, table: Table, part: Any) -> list:
        """Its hit spots on the tiles of the estate shown large (before the spaces')."""
        return []

    def paint_rings(self, canvas: Any, table: Table, part: Any, n: Any, ring: Any) -> None:
        """Rings round its pieces a click may take or use now (n: the narrowing)."""

    # --- the rest of the table ---
    # Where the log sits while the module is in play (its own strip takes the log's top),
    # or None for the log's own place.
    log_rect: ClassVar[Any] = None

    def paint_background(self, canvas: Any, view: Any, part: Any) -> None:
        """Its frames in the table's cached background."""

    def draw_score(self, canvas: Any, part: Any, score: int) -> int:
        """Its marks beside the score of the seat shown large; the score as it counts it."""
        return score

    def draw(self, canvas: Any, table: Table, part: Any) -> None:
        """Its pieces drawn every frame over the table, before the log."""

    def spots(self, table: Table, part: Any) -> list:
        """Its hit spots elsewhere on the table (after the table's own)."""
        return []

    def click(self, table: Table, part: Any, kind: str, key: Any) -> bool:
        """A click on a spot; True when the module answered it."""
        return False

    # --- words ---
    def describe_action(self, action: tuple, state: Any, lang: str | None) -> str | None:
        """One of its actions in words (hints, choices), or None for another's."""
        return None

    def choice_label(self, action: tuple, state: Any, lang: str | None) -> str | None:
        """One of its actions as an option in the choice box, where the heading says the
        rest (the crane's building alone); None for its words as elsewhere."""
        return None

    def choice_heading(self, options: list[tuple]) -> str | None:
        """The choice box's heading (a text key) over its actions listed by a click."""
        return None

    def choice_icon(self, action: tuple) -> str | None:
        """The icon beside one of its listed options that names a building or a species
        (art/icons.py), or None for words."""
        return None

    def flyer_image(self, kind: str, what: Any, px: int) -> Any:
        """The picture of one of its pieces in flight (motion.Flyer.kind), or None for
        another's."""
        return None

    def glossary(self, name: str) -> list[tuple[str, str]]:
        """Its entries in the table's glossary after the module's own (name: the module's
        name as it plays), each a heading and its text."""
        return []

    def choice_tip(self, action: tuple) -> Callable[[], str] | None:
        """The tooltip of one of its actions listed as a choice, where its words say too
        little; None for none."""
        return None


# Table modules by the rules module's id, in the order their layers are painted.
TABLE_MODULES: dict[str, TableModule] = {}


def register(cls: type[TableModule]) -> type[TableModule]:
    """Class decorator: a table module joins the registry."""
    if cls.id in TABLE_MODULES:
        raise ValueError(f"a second table module for {cls.id!r}")
    TABLE_MODULES[cls.id] = cls()
    return cls


def in_play(config: Any) -> list[TableModule]:
    """The table modules of the modules a game plays, in the registry's order."""
    return [m for m in TABLE_MODULES.values() if config.has_module(m.id)]


def parts_of(view: Any) -> list[tuple[TableModule, Any]]:
    """The modules a view shows, each with its part of it."""
    return [(TABLE_MODULES[id], part) for id, part in view.parts.items()]


def _first(ask: Callable[[TableModule], Any]) -> Any:
    """The first module's answer that is not None: a module answers only for its own
    actions, decisions, events and pieces, whose names are unique across modules."""
    for m in TABLE_MODULES.values():
        answer = ask(m)
        if answer is not None:
            return answer
    return None


def _first_part(parts: Sequence[tuple[TableModule, Any]],
                ask: Callable[[TableModule, Any], Any]) -> Any:
    """The first answer that is not None of the modules shown, each asked with its part."""
    for m, part in parts:
        answer = ask(m, part)
        if answer is not None:
            return answer
    return None


def seat_notes(view: Any, seat: int, names: list[str]) -> list[str]:
    """What the modules shown add to what a seat is."""
    return [note for m, part in parts_of(view)
            if (note := m.seat_note(part, seat, names)) is not None]


def seat_badge(view: Any, seat: int) -> str | None:
    return _first_part(parts_of(view), lambda m, part: m.seat_badge(part, seat))


def storage_groups(parts: Sequence[tuple[TableModule, Any]], seat: int,
                   spaces: int) -> tuple[tuple[str, int, int, bool], ...] | None:
    return _first_part(parts, lambda m, part: m.storage_groups(part, seat, spaces))


def storage_tip(view: Any, seat: int, space: int, names: list[str]) -> str | None:
    return _first_part(parts_of(view),
                       lambda m, part: m.storage_tip(part, seat, space, names))


def action_words(action: tuple, state: Any, lang: str | None) -> str | None:
    """An action of any module in words, or None when no module words it."""
    return _first(lambda m: m.describe_action(action, state, lang))


def module_choice_label(action: tuple, state: Any, lang: str | None) -> str | None:
    return _first(lambda m: m.choice_label(action, state, lang))


def choice_tip(action: tuple) -> Callable[[], str] | None:
    return _first(lambda m: m.choice_tip(action))


# The base game's decisions answered from a list of options rather than by clicks.
BASE_LISTED = ("discard", "ship", "keep_goods", "pick", "warehouse", "board", "start_castle")


@cache
def listed_decisions() -> frozenset[str]:
    """Every decision answered from a list of options in the choice box: the base game's
    and every module's (as the rules module declares them) but those its table module
    answers by clicks. Asked once the table's modules are registered."""
    clicked = {d for m in TABLE_MODULES.values() for d in m.clicked}
    return frozenset(BASE_LISTED) | {d for module in MODULES for d in module_decisions(module)
                                     if d not in clicked}


def decision_die(decision: str) -> int | None:
    """The die a module's decision is answered with, given in advance, or None."""
    return _first(lambda m: m.decision_dice.get(decision))


def purchases() -> tuple[str, ...]:
    """The modules' actions that are the turn's purchase besides the base game's `buy`."""
    return tuple(a for m in TABLE_MODULES.values() for a in m.purchases)


def any_time() -> tuple[str, ...]:
    return tuple(a for m in TABLE_MODULES.values() for a in m.any_time)


def icon_decisions() -> tuple[str, ...]:
    return tuple(d for m in TABLE_MODULES.values() for d in m.icon_decisions)


def choice_icon(action: tuple) -> str | None:
    return _first(lambda m: m.choice_icon(action))


def flyer_image(kind: str, what: Any, px: int) -> Any:
    return _first(lambda m: m.flyer_image(kind, what, px))


def choice_heading(options: list[tuple]) -> str | None:
    return _first(lambda m: m.choice_heading(options))


def event_words(kind: str) -> Words | None:
    """Whichever module words events of this name."""
    return _first(lambda m: m.words.get(kind))


def shows_tile(kind: str) -> bool:
    """Whether a module's event of this name shows its tile in the log."""
    return any(kind in m.tile_icons for m in TABLE_MODULES.values())


def shows_goods(kind: str) -> bool:
    """Whether a module's event of this name shows its goods in the log."""
    return any(kind in m.goods_icons for m in TABLE_MODULES.values())


def phase_end_paid(kind: str) -> tuple[str, Callable[[Any], int]] | None:
    return _first(lambda m: m.phase_end_paid.get(kind))


def event_named_words(kind: str) -> NamedWords | None:
    return _first(lambda m: m.named_words.get(kind))
