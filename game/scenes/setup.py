"""The setup scene: who plays (people, AI players, Châteauma), with which rules and boards.

`SetupDraft` is the editable form of a `GameSetup`: plain data with the checks that make a
game startable, so every combination is tested without a window. The scene shows a draft
and edits it; "Start" builds the `GameSetup` with a freshly drawn seed and hands it to the
launcher. The last started setup is kept in the data directory, so the next new game
starts from it.
"""

from __future__ import annotations

import os
import random
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from ..rules import BOARD_MODES, MODULES, RULE_SETS, GameConfig, modules_offered, split_module
from ..rules import CHATEAUMA_LEVELS as LEVELS, CHATEAUMA_MODIFIERS as MODIFIERS
from ..rules import parse_chateauma_difficulty as parse_difficulty
from . import i18n
from .art import palette
from .context import ClientContext
from .layout import Canvas
from .modules_text import ModuleReason, module_name, modules_reason
from .names import MAX_NAME_LENGTH, printable
from .persistence import SaveError, aside_path, atomic_write_json, read_json_file
from .preferences import ANIMATION_SPEEDS, Notice
from .session import GameSetup, SeatSpec
from .setup_modules import ModulesDialog, ModulesRow, SetupChoice
from .ui import theme
from .ui.confirm import MessageOverlay
from .ui.screen import MenuScene
from .ui.widgets import Button, Label, Widget, draw_toggle_face, share_type_size

MAX_PLAYERS = 4
COLOURS = len(palette.PLAYERS)
DEFAULT_CHATEAUMA_LEVEL = "medium"
SETUP_FORMAT = "castles-of-burgundy-setup"
SETUP_VERSION = 1
LAST_SETUP_NAME = "last_setup.json"


def seat_choices() -> tuple[str, ...]:
    """What a seat may be: a person, or an AI player of a tier. (The AI's modules load
    when the setup is first shown, not at the client's start.)"""
    from ..ai import TIERS
    return ("human", *(f"ai:{tier}" for tier in TIERS))


CHATEAUMA_NAME = "Châteauma"


def colour_name(colour: int) -> str:
    key = f"colour.{colour}"
    return i18n.tr(key) if i18n.has(key) else str(colour + 1)


def default_name(kind: str, number: int, lang: str | None = None) -> str:
    """The name a seat gets until someone types one (it follows the language)."""
    key = "setup.default.human" if kind == "human" else "setup.default.ai"
    return i18n.tr(key, lang, number=number)


def seat_choice_label(choice: str) -> Callable[[], str]:
    if choice == "human":
        return lambda: i18n.tr("setup.kind.human")
    tier = choice.split(":", 1)[1]
    return lambda: i18n.tr("setup.kind.ai", tier=i18n.tr(f"tier.{tier}"))


def _is_default_name(name: str, kind: str, number: int) -> bool:
    return any(name == default_name(kind, number, lang) for lang in i18n.LANGUAGES)


class SetupProblem(ValueError):
    """Why a draft cannot start a game, as a message in the player's language."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str | None = None) -> str:
        params = dict(self.params)
        if "colour" in params and isinstance(params["colour"], int):
            params["colour"] = colour_name(params["colour"])
        # A problem with a count has plural forms; the count chooses the form.
        if "count" in params:
            return i18n.trn(self.key, params["count"], lang, **params)
        return i18n.tr(self.key, lang, **params)

    def __str__(self) -> str:
        return self.message()


@dataclass
class SeatDraft:
    """A person's or an AI player's seat as it is being set up."""

    kind: str = "human"                 # "human" | "ai"
    colour: int = 0
    tier: str | None = None
    custom_name: str | None = None      # None: the default name

    @property
    def choice(self) -> str:
        return "human" if self.kind == "human" else f"ai:{self.tier}"

    def name(self, number: int) -> str:
        return self.custom_name if self.custom_name is not None else default_name(
            self.kind, number)


@dataclass
class SetupDraft:
    """Everything the setup scene edits. `problem()` says what stops it from starting."""

    seats: list[SeatDraft] = field(default_factory=lambda: [
        SeatDraft("human", 0), SeatDraft("ai", 1, "medium")])
    rules: str = "special"
    board_mode: str = "advanced"
    chateauma: str | None = None        # its level, or None when it does not play
    modifiers: str = ""                 # a subset of "ABCD"
    handoff: bool = True
    level: str = DEFAULT_CHATEAUMA_LEVEL    # the level Châteauma plays when switched on
    modules: tuple[str, ...] = ()       # as the config keeps them: "identical_board:20"
    # Parameters chosen for modules that are off, used when they are switched on.
    params_chosen: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.chateauma is not None:
            self.level = self.chateauma
        self.modules = tuple(self.modules)

    # --- what the seats allow ------------------------------------------------------------

    @property
    def players(self) -> int:
        """Seats at the table, Châteauma's included."""
        return len(self.seats) + (self.chateauma is not None)

    @property
    def humans(self) -> int:
        return sum(seat.kind == "human" for seat in self.seats)

    @property
    def solo(self) -> bool:
        """A module played by one person alone is on (the solo game)."""
        return any(MODULES[split_module(e)[0]].players == (1,) for e in self.modules)

    @property
    def min_seats(self) -> int:
        return 1 if self.chateauma is not None or self.solo else 2

    @property
    def max_seats(self) -> int:
        if self.solo:
            return 1
        return MAX_PLAYERS - (self.chateauma is not None)

    def can_add(self) -> bool:
        return len(self.seats) < self.max_seats

    def can_remove(self) -> bool:
        return len(self.seats) > self.min_seats

    @property
    def chateauma_colour(self) -> int:
        """Châteauma takes the first colour no other seat has."""
        used = {seat.colour for seat in self.seats}
        return next((c for c in range(COLOURS) if c not in used), 0)

    @property
    def difficulty(self) -> str | None:
        if self.chateauma is None:
            return None
        return "+".join((self.chateauma, *self.modifiers))

    # --- editing -------------------------------------------------------------------------

    def free_colour(self, skip: int | None = None) -> int:
        used = {s.colour for i, s in enumerate(self.seats) if i != skip}
        return next((c for c in range(COLOURS) if c not in used), 0)

    def add_seat(self) -> None:
        if self.can_add():
            self.seats.append(SeatDraft("ai", self.free_colour(), "medium"))

    def remove_seat(self, index: int) -> None:
        if self.can_remove():
            del self.seats[index]

    def set_choice(self, index: int, choice: str) -> None:
        """A seat becomes a person ("human") or an AI player ("ai:<tier>")."""
        if choice not in seat_choices():
            raise ValueError(f"unknown seat choice {choice!r}")
        seat = self.seats[index]
        if choice == "human":
            seat.kind, seat.tier = "human", None
        else:
            seat.kind, seat.tier = "ai", choice.split(":", 1)[1]

    def set_name(self, index: int, name: str) -> None:
        self.seats[index].custom_name = printable(name)[:MAX_NAME_LENGTH]

    def next_colour(self, index: int) -> None:
        """The seat's next colour that no other seat has."""
        used = {s.colour for i, s in enumerate(self.seats) if i != index}
        current = self.seats[index].colour
        for step in range(1, COLOURS + 1):
            colour = (current + step) % COLOURS
            if colour not in used:
                self.seats[index].colour = colour
                return

    def set_chateauma(self, level: str | None) -> None:
        if level is not None and level not in LEVELS:
            raise ValueError(f"unknown Châteauma level {level!r}")
        self.chateauma = level
        if level is not None:
            self.level = level

    def toggle_chateauma(self) -> None:
        self.set_chateauma(None if self.chateauma is not None else self.level)

    def set_level(self, level: str) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown Châteauma level {level!r}")
        self.level = level
        if self.chateauma is not None:
            self.chateauma = level

    def toggle_modifier(self, modifier: str) -> None:
        if modifier not in MODIFIERS:
            raise ValueError(f"unknown Châteauma modifier {modifier!r}")
        chosen = set(self.modifiers) ^ {modifier}
        self.modifiers = "".join(m for m in MODIFIERS if m in chosen)

    # --- the modules ---------------------------------------------------------------------

    def offered_modules(self) -> list[str]:
        return modules_offered(self.rules)

    def module_on(self, mid: str) -> bool:
        return any(split_module(e)[0] == mid for e in self.modules)

    def module_param(self, mid: str) -> str | None:
        """The module's parameter as chosen, else the rule set's default for it."""
        for entry in self.modules:
            m, param = split_module(entry)
            if m == mid and param is not None:
                return param
        allowed = self.module_params(mid)
        if self.params_chosen.get(mid) in allowed:
            return self.params_chosen[mid]
        return allowed[0] if allowed else None

    def module_params(self, mid: str) -> tuple[str, ...]:
        return MODULES[mid].params.get(self.rules, ())

    def _with(self, mid: str, on: bool, param: str | None) -> tuple[str, ...]:
        kept = [e for e in self.modules if split_module(e)[0] != mid]
        if on:
            kept.append(mid if param is None else f"{mid}:{param}")
        return tuple(sorted(kept))

    def module_block(self, mid: str) -> ModuleReason | None:
        """Why the module cannot be switched on (or off) now, or None. Switching the solo
        game on seats one person alone, without Châteauma, so Châteauma does not block it."""
        flipped = self._with(mid, not self.module_on(mid), self.module_param(mid))
        alone = not self.module_on(mid) and MODULES[mid].players == (1,)
        return modules_reason(self.rules, flipped, self.board_mode,
                              self.chateauma is not None and not alone, focus=mid)

    def toggle_module(self, mid: str) -> None:
        if self.module_block(mid) is None:
            self.modules = self._with(mid, not self.module_on(mid), self.module_param(mid))
            if self.solo:
                self._seat_one_person()

    def _seat_one_person(self) -> None:
        """The solo game: one person, no AI seats, no Châteauma."""
        self.chateauma = None
        person = next((seat for seat in self.seats if seat.kind == "human"), None)
        if person is None:
            person = self.seats[0] if self.seats else SeatDraft("human", 0)
            person.kind, person.tier = "human", None
        self.seats = [person]

    def set_module_param(self, mid: str, param: str) -> None:
        if param not in self.module_params(mid):
            raise ValueError(f"module {mid!r} takes one of {self.module_params(mid)}")
        if self.module_on(mid):
            self.modules = self._with(mid, True, param)
        else:
            self.params_chosen[mid] = param

    def set_rules(self, rules: str) -> None:
        """Another rule set: modules it does not offer are dropped, parameters it does not
        allow go back to its default."""
        self.rules = rules
        kept = []
        for entry in self.modules:
            mid, param = split_module(entry)
            if mid not in self.offered_modules():
                continue
            allowed = self.module_params(mid)
            if allowed and param not in allowed:
                param = allowed[0]
            kept.append(mid if param is None else f"{mid}:{param}")
        self.modules = tuple(sorted(kept))

    def modules_problem(self) -> ModuleReason | None:
        return modules_reason(self.rules, self.modules, self.board_mode,
                              self.chateauma is not None)

    # --- checking and building -----------------------------------------------------------

    def problem(self) -> SetupProblem | ModuleReason | None:
        """The first reason this draft cannot start a game, or None."""
        if self.players > MAX_PLAYERS:
            return SetupProblem("setup.error.too_many", count=self.players)
        if self.chateauma is not None and not self.seats:
            return SetupProblem("setup.error.no_player")
        if self.players < 2 and not self.solo:
            return SetupProblem("setup.error.too_few", count=self.players)
        if self.solo and (self.players != 1 or self.seats[0].kind != "human"):
            return SetupProblem("setup.error.solo")
        names: set[str] = set()
        colours: set[int] = set()
        for number, seat in enumerate(self.seats, 1):
            name = seat.name(number).strip()
            if not name:
                return SetupProblem("setup.error.name_missing", number=number)
            if len(name) > MAX_NAME_LENGTH:
                return SetupProblem("setup.error.name_long", number=number,
                                    count=MAX_NAME_LENGTH)
            if name.casefold() in names:
                return SetupProblem("setup.error.same_name", name=name)
            names.add(name.casefold())
            if type(seat.colour) is not int or not 0 <= seat.colour < COLOURS:
                return SetupProblem("setup.error.colour", number=number)
            if seat.colour in colours:
                return SetupProblem("setup.error.same_colour", colour=seat.colour)
            colours.add(seat.colour)
        if self.chateauma is not None and CHATEAUMA_NAME.casefold() in names:
            return SetupProblem("setup.error.same_name", name=CHATEAUMA_NAME)
        for entry in self.modules:  # a module for a fixed number of players (the team game)
            counts = MODULES[split_module(entry)[0]].players
            if counts and self.players not in counts:
                return SetupProblem("setup.error.module_players", module=module_name(entry),
                                    count=counts[-1])
        return self.modules_problem()

    def build(self, seed: int) -> GameSetup:
        """The GameSetup of this draft; raises SetupProblem when it cannot start."""
        problem = self.problem()
        if problem is not None:
            raise problem
        seats = [SeatSpec(seat.kind, seat.name(number).strip(), seat.colour, seat.tier)
                 for number, seat in enumerate(self.seats, 1)]
        if self.chateauma is not None:
            seats.append(SeatSpec("chateauma", CHATEAUMA_NAME, self.chateauma_colour))
        config = GameConfig(players=self.players, rules=self.rules,
                            board_mode=self.board_mode, chateauma=self.difficulty,
                            modules=self.modules)
        return GameSetup(config, tuple(seats), seed, self.handoff)

    @classmethod
    def from_setup(cls, setup: GameSetup) -> SetupDraft:
        """A draft showing an earlier game's setup (default names stay default)."""
        seats = []
        for number, spec in enumerate(setup.seats, 1):
            if spec.kind == "chateauma":
                continue
            custom = None if _is_default_name(spec.name, spec.kind, number) else spec.name
            seats.append(SeatDraft(spec.kind, spec.colour, spec.tier, custom))
        level, modifiers = None, ""
        if setup.config.chateauma is not None:
            level, modifiers = parse_difficulty(setup.config.chateauma)
        return cls(seats, setup.config.rules, setup.config.board_mode, level, modifiers,
                   setup.handoff, modules=setup.config.modules)


# --- the last setup ----------------------------------------------------------------------

def last_setup_path(data_root: Path) -> Path:
    return Path(data_root) / LAST_SETUP_NAME


def save_last_setup(data_root: Path, setup: GameSetup, *, chosen: bool = False) -> None:
    """Remember a started setup; raises OSError when the disk refuses. A last setup that
    could not be read is first kept as ``last_setup.json.broken`` (the first free name).

    A game without a person is remembered as a deliberate one (``ai_only_chosen``) when
    its seats were ``chosen`` in the setup screen, or when it repeats (Play again) the
    seats of the deliberate one remembered; otherwise the next new game seats a person
    (initial_draft)."""
    path = last_setup_path(data_root)
    last, deliberate, problem = _read_last_setup(data_root)
    if problem is not None and stat.S_ISREG(os.lstat(path).st_mode):
        os.rename(path, aside_path(path))
    doc: dict[str, Any] = {
        "format": SETUP_FORMAT, "version": SETUP_VERSION, "setup": setup.to_dict()}
    if setup.humans == 0 and (chosen or (deliberate and last is not None
                                         and last.seats == setup.seats)):
        doc["ai_only_chosen"] = True
    atomic_write_json(path, doc)


def read_last_setup(data_root: Path) -> tuple[GameSetup | None, SaveError | None]:
    """The last started setup, or why it cannot be used (no error when there is none).
    Never changes the file."""
    last, _, problem = _read_last_setup(data_root)
    return last, problem


def _read_last_setup(data_root: Path) -> tuple[GameSetup | None, bool, SaveError | None]:
    """The last started setup, whether it is a deliberate game without a person, and why
    it cannot be used."""
    last, problem, doc = None, None, None
    path = last_setup_path(data_root)
    try:
        doc = read_json_file(path, max_bytes=256 * 1024)
    except SaveError as exc:
        problem = None if exc.reason == "missing" else exc
    else:
        last, problem = _setup_of(doc, path)
    deliberate = isinstance(doc, dict) and doc.get("ai_only_chosen") is True
    return last, deliberate, problem


def _setup_of(doc: Any, path: Path) -> tuple[GameSetup | None, SaveError | None]:
    if not isinstance(doc, dict) or doc.get("format") != SETUP_FORMAT:
        return None, SaveError("error.save.foreign", path)
    version = doc.get("version")
    if type(version) is not int or version < 1:
        return None, SaveError("error.save.malformed", path, detail="no valid format version")
    if version > SETUP_VERSION:
        return None, SaveError("error.save.newer", path, version=version,
                               supported=SETUP_VERSION)
    try:
        return GameSetup.from_dict(doc.get("setup")), None
    except (ValueError, TypeError, KeyError) as exc:
        return None, SaveError("error.save.malformed", path, detail=str(exc))


def load_last_setup(data_root: Path) -> GameSetup | None:
    """The last started setup, or None when there is none or it cannot be used."""
    return read_last_setup(data_root)[0]


def initial_draft(ctx: ClientContext) -> tuple[SetupDraft, Notice | None]:
    """The draft a new game starts from: the last setup, or the default one with what
    the person should be told when the last setup could not be read. A last setup
    without a person seats one in the first seat, unless it was a deliberate game of AI
    players alone (save_last_setup)."""
    last, deliberate, problem = _read_last_setup(ctx.data_root)
    if last is not None:
        draft = SetupDraft.from_setup(last)
        if draft.humans == 0 and draft.seats and not deliberate:
            draft.seats[0] = SeatDraft("human", draft.seats[0].colour)
        return draft, None
    told = None if problem is None else Notice(
        "setup.last_unreadable", {"name": problem.path.name}, reason=problem.reason)
    return SetupDraft(handoff=ctx.settings.handoff_screen), told


def draw_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


# --- widgets -----------------------------------------------------------------------------

class NameField(Widget):
    """A one-line text field for a seat's name: typing while it has the focus edits it."""

    def __init__(self, rect: Any, get: Callable[[], str], put: Callable[[str], None], *,
                 tooltip: Any = None, name: str = "") -> None:
        super().__init__(rect, tooltip=tooltip, name=name)
        self.get = get
        self.put = put
        self.blink = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and self.focused:
            text = "".join(ch for ch in event.text if ch.isprintable())
            if text:
                self.put((self.get() + text)[:MAX_NAME_LENGTH])
                self.blink = 0.0
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.put(self.get()[:-1])
            self.blink = 0.0
            return True
        if event.key == pygame.K_DELETE:
            self.put("")
            return True
        # Letters arrive as TEXTINPUT; their key presses must not trigger other widgets.
        return bool(getattr(event, "unicode", "")) and event.unicode.isprintable()

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def animating(self) -> bool:
        return self.focused  # the cursor blinks

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        canvas.fill_rect((0, 0, w, h), palette.lighter(theme.PANEL, 0.5), radius=theme.RADIUS)
        edge = theme.FOCUS if self.focused else theme.PANEL_EDGE
        canvas.fill_rect((0, 0, w, h), edge, radius=theme.RADIUS, width=4 if self.focused else 2)
        text = self.get()
        end = canvas.text(text, (18, h / 2), theme.FONT_BODY, theme.TEXT, anchor="midleft")
        if self.focused and self.blink < 0.6:
            x = (end.right - canvas.px(0, 0)[0]) / canvas.scale + 3 if text else 18
            canvas.fill_rect((x, h * 0.25, 3, h * 0.5), theme.TEXT)


class ColourButton(Widget):
    """A seat's colour: a swatch that steps to the next free colour when clicked."""

    def __init__(self, rect: Any, get: Callable[[], int], on_click: Callable[[], None], *,
                 number: int, tooltip: Any = None) -> None:
        super().__init__(rect, tooltip=tooltip, name=f"colour{number}")
        self.get = get
        self.on_click = on_click
        self.number = number

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.activate()
            return True
        return event.type == pygame.MOUSEBUTTONUP

    def draw(self, canvas: Canvas) -> None:
        draw_swatch(canvas, self.rect.size, self.get(), str(self.number), self.focused)


def draw_swatch(canvas: Canvas, size: tuple[int, int], colour: int, text: str,
                focused: bool = False) -> None:
    w, h = size
    fill = palette.PLAYERS[colour % COLOURS]
    canvas.fill_rect((0, 0, w, h), palette.darker(fill, 0.45), radius=theme.RADIUS)
    canvas.fill_rect((5, 5, w - 10, h - 10), fill, radius=theme.RADIUS - 4)
    if focused:
        canvas.fill_rect((0, 0, w, h), theme.FOCUS, radius=theme.RADIUS, width=4)
    canvas.text(text, (w / 2, h / 2), theme.FONT_BUTTON, palette.ink_on(fill), anchor="center")


class Toggle(Button):
    """A button that is on or off (Châteauma and its modifiers)."""

    def __init__(self, rect: Any, label: str | Callable[[], str], is_on: Callable[[], bool],
                 on_click: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(rect, label if callable(label) else (lambda: label), on_click,
                         **kwargs)
        self.is_on = is_on

    def draw(self, canvas: Canvas) -> None:
        w, h = self.rect.size
        on = self.is_on()
        ink = draw_toggle_face(canvas, self, on, focus_when_disabled=False)
        canvas.text(resolve_label(self.label), (w / 2, h / 2 - (6 if on else 0)),
                    theme.FONT_BUTTON, ink, anchor="center")
        if on:  # a bar under the letter: "on" is not shown by colour alone
            canvas.fill_rect((w * 0.3, h - 18, w * 0.4, 5), ink)


def resolve_label(label: Any) -> str:
    return label() if callable(label) else i18n.tr(label)


# --- the scene ---------------------------------------------------------------------------

LEFT = pygame.Rect(60, 130, 1060, 800)
RIGHT = pygame.Rect(1160, 130, 700, 800)
SEAT_Y, SEAT_STEP, SEAT_H = 226, 88, 76
CHATEAUMA_Y = 690
MODIFIERS_Y = CHATEAUMA_Y + 92


class SetupScene(MenuScene):
    def __init__(self, ctx: ClientContext, draft: SetupDraft | None = None,
                 seed_source: Callable[[], int] = draw_seed) -> None:
        super().__init__()
        self.ctx = ctx
        # Why the last setup could not be used, told once in a window's life.
        self.last_setup_problem: Notice | None = None
        if draft is None:
            draft, self.last_setup_problem = initial_draft(ctx)
        self.draft = draft
        self.seed_source = seed_source
        self.seat_widgets: list[dict[str, Widget]] = []
        self._build()

    # --- widgets -------------------------------------------------------------------------

    def _build(self) -> None:
        """(Re)create the widgets: the seat rows change with the number of seats."""
        focused_name = self.focus.focused.name if self.focus.focused is not None else None
        self.panels = type(self.panels)()
        self.focus.widgets = []
        self.focus.focused = None
        self.tooltips.focus_on(None)  # the old widgets are gone
        d = self.draft
        self.seat_widgets = []
        for i, _seat in enumerate(d.seats):
            y = SEAT_Y + i * SEAT_STEP
            n = i + 1
            row: dict[str, Widget] = {
                "colour": ColourButton((80, y, SEAT_H, SEAT_H), lambda i=i: d.seats[i].colour,
                                       lambda i=i: d.next_colour(i), number=n,
                                       tooltip=lambda i=i: i18n.tr(
                                           "setup.colour.tip",
                                           colour=colour_name(d.seats[i].colour))),
                "kind": SetupChoice((176, y, 470, SEAT_H),
                                    lambda n=n: i18n.tr("setup.seat", number=n),
                                    [(c, seat_choice_label(c)) for c in seat_choices()],
                                    d.seats[i].choice, lambda v, i=i: d.set_choice(i, v),
                                    tooltip="setup.kind.tip", name=f"kind{n}"),
                "name": NameField((666, y, 340, SEAT_H), lambda i=i: d.seats[i].name(i + 1),
                                  lambda text, i=i: d.set_name(i, text),
                                  tooltip=lambda: i18n.trn("setup.name.tip", MAX_NAME_LENGTH,
                                                           count=MAX_NAME_LENGTH),
                                  name=f"name{n}"),
                "remove": Button((1026, y, SEAT_H, SEAT_H), lambda: "\u00d7",
                                 lambda i=i: self._remove(i), tooltip=self._remove_tip,
                                 enabled=d.can_remove(), name=f"remove{n}"),
            }
            for widget in row.values():
                self.add(widget)
            self.seat_widgets.append(row)
        add_y = SEAT_Y + len(d.seats) * SEAT_STEP
        self.add_button = self.add(Button((80, add_y, 420, 70), "setup.add", self._add,
                                          tooltip=self._add_tip, enabled=d.can_add(),
                                          font_size=theme.FONT_BODY))
        self.chateauma_toggle = self.add(Toggle(
            (176, CHATEAUMA_Y, 470, SEAT_H),
            lambda: i18n.tr("setup.chateauma.on" if d.chateauma else "setup.chateauma.off"),
            lambda: d.chateauma is not None, d.toggle_chateauma,
            tooltip=lambda: i18n.tr("setup.chateauma.tip") + (
                " " + i18n.tr("setup.error.solo") if d.solo else ""),
            name="chateauma"))
        self.level_choice = self.add(SetupChoice(
            (666, CHATEAUMA_Y, 436, SEAT_H), "setup.chateauma.level",
            [(level, f"setup.chateauma.{level}") for level in LEVELS], d.level, d.set_level,
            tooltip="setup.chateauma.tip"))
        self.modifier_buttons: dict[str, Toggle] = {}
        for j, m in enumerate(MODIFIERS):
            toggle = Toggle((666 + j * 92, MODIFIERS_Y, SEAT_H, SEAT_H), m,
                            lambda m=m: m in d.modifiers, lambda m=m: d.toggle_modifier(m),
                            tooltip=lambda m=m: i18n.tr(
                                f"setup.modifier.tip.{m}") + (
                                "" if d.chateauma else " " + i18n.tr("setup.modifier.off")),
                            enabled=d.chateauma is not None, name=f"modifier{m}")
            self.modifier_buttons[m] = self.add(toggle)
        x, w = RIGHT.x + 24, RIGHT.w - 48
        self.rules_choice = self.add(SetupChoice(
            (x, 216, w, SEAT_H), "setup.rules", [(r, f"setup.rules.{r}") for r in RULE_SETS],
            d.rules, d.set_rules, tooltip=lambda: i18n.tr(f"setup.rules.about.{d.rules}")))
        self.panels.add(Label((x + 8, 300, w - 16, 136),
                              lambda: i18n.tr(f"setup.rules.about.{d.rules}"),
                              size=theme.FONT_SMALL, colour=theme.TEXT_MUTED))
        self.boards_choice = self.add(SetupChoice(
            (x, 440, w, SEAT_H), "setup.boards",
            [(b, f"setup.boards.{b}") for b in BOARD_MODES], d.board_mode,
            lambda v: setattr(d, "board_mode", v),
            tooltip=lambda: i18n.tr(f"setup.boards.about.{d.board_mode}")))
        self.panels.add(Label((x + 8, 522, w - 16, 68),
                              lambda: i18n.tr(f"setup.boards.about.{d.board_mode}"),
                              size=theme.FONT_SMALL, colour=theme.TEXT_MUTED))
        self.modules_row = self.add(ModulesRow((x, 598, w, SEAT_H), d, self.open_modules))
        self.speed_choice = self.add(SetupChoice(
            (x, 700, w, SEAT_H), "setup.speed",
            [(s, f"speed.{s}") for s in ANIMATION_SPEEDS], self.ctx.settings.animation_speed,
            lambda v: self.ctx.change_settings(animation_speed=v),
            tooltip="settings.speed.tip"))
        self.handoff_choice = self.add(SetupChoice(
            (x, 800, w, SEAT_H), "setup.handoff", [(True, "common.on"), (False, "common.off")],
            d.handoff, lambda v: setattr(d, "handoff", v),
            tooltip=lambda: i18n.tr("setup.handoff.tip") if d.humans >= 2 else i18n.tr(
                "setup.handoff.unused")))
        # The seats' kinds, one above the other, are set at one size; so are the game's.
        share_type_size(*(row["kind"] for row in self.seat_widgets))
        share_type_size(self.rules_choice, self.boards_choice, self.speed_choice,
                        self.handoff_choice)
        self.problem_label = Label((80, 960, 1040, 90), self._problem_text,
                                   size=theme.FONT_SMALL, colour=theme.ERROR_ON_DARK)
        self.panels.add(self.problem_label)
        self.back_button = self.add(Button((RIGHT.x, 960, 300, 80), "common.back", self.close))
        self.start_button = self.add(Button((RIGHT.right - 380, 960, 380, 80), "setup.start",
                                            self.start, tooltip=self._start_tip))
        self._sync()
        named = next((wdg for wdg in self.focus.widgets if wdg.name == focused_name
                      and wdg.enabled), None)
        if named is not None:
            self.focus.focus(named)
        elif focused_name is not None:
            self.focus.focus_first()

    def draw(self, surface: pygame.Surface) -> None:
        # The seats can change under a dialog (the solo game leaves one person): the rows
        # follow the draft before they are drawn, even beneath the dialog.
        if len(self.seat_widgets) != len(self.draft.seats):
            self._build()
        super().draw(surface)

    def _sync(self) -> None:
        """Enable what the draft allows now."""
        d = self.draft
        for toggle in self.modifier_buttons.values():
            toggle.enabled = d.chateauma is not None
        self.level_choice.enabled = d.chateauma is not None
        # The solo game has no Châteauma: it can only be switched off (a draft that had it).
        self.chateauma_toggle.enabled = not d.solo or d.chateauma is not None
        self.handoff_choice.enabled = d.humans >= 2
        self.modules_row.enabled = bool(d.offered_modules())
        self.add_button.enabled = d.can_add()
        for row in self.seat_widgets:
            row["remove"].enabled = d.can_remove()
        self.start_button.enabled = d.problem() is None and self.ctx.launcher is not None

    def _problem_text(self) -> str:
        problem = self.draft.problem()
        return problem.message() if problem is not None else ""

    def _start_tip(self) -> str:
        problem = self.draft.problem()
        if problem is not None:
            return problem.message()
        if self.ctx.launcher is None:
            return i18n.tr("title.unavailable")
        return i18n.tr("setup.start.tip")

    def _add_tip(self) -> str:
        return i18n.tr("setup.add.tip") if self.draft.can_add() else i18n.tr("setup.add.full")

    def _remove_tip(self) -> str:
        if self.draft.can_remove():
            return i18n.tr("setup.remove")
        return i18n.trn("setup.remove.last", 2, count=2)

    # --- actions -------------------------------------------------------------------------

    def _add(self) -> None:
        self.draft.add_seat()
        self._build()

    def _remove(self, index: int) -> None:
        self.draft.remove_seat(index)
        self._build()

    def open_modules(self) -> None:
        if self.stack is not None and self.draft.offered_modules():
            self.stack.push(ModulesDialog(self.draft))

    def setup(self) -> GameSetup:
        """The GameSetup to start, with a fresh seed; raises SetupProblem."""
        return self.draft.build(self.seed_source())

    def start(self) -> None:
        if self.draft.problem() is not None or self.ctx.launcher is None:
            return
        self.ctx.launcher.start(self.setup(), chosen=True)

    def on_escape(self) -> None:
        self.close()

    def enter(self) -> None:
        super().enter()
        if pygame.display.get_init():
            pygame.key.start_text_input()

    def handle_event(self, event: pygame.event.Event) -> bool:
        consumed = super().handle_event(event)
        if self.stack is not None:
            self._sync()
        return consumed

    def update(self, dt: float) -> None:
        self._sync()
        super().update(dt)
        problem = self.last_setup_problem
        if problem is not None and not self.ctx.last_setup_explained and self.stack:
            self.ctx.last_setup_explained = True
            self.stack.push(MessageOverlay("setup.last_unreadable.title", problem.message))

    # --- drawing -------------------------------------------------------------------------

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        canvas.text(i18n.tr("setup.title"), (960, 66), theme.FONT_HEADING, palette.PARCHMENT,
                    anchor="center")
        for rect, key in ((LEFT, "setup.players"), (RIGHT, "setup.game")):
            canvas.fill_rect(rect, theme.PANEL, radius=18)
            canvas.fill_rect(rect, theme.PANEL_EDGE, radius=18, width=3)
            canvas.text(i18n.tr(key), (rect.x + 24, rect.y + 26), theme.FONT_BUTTON, theme.TEXT)
        canvas.fill_rect((80, CHATEAUMA_Y - 22, LEFT.w - 40, 2), theme.PANEL_EDGE)
        d = self.draft
        if d.chateauma is not None:
            draw_swatch(canvas.child((80, CHATEAUMA_Y, SEAT_H, SEAT_H)), (SEAT_H, SEAT_H),
                        d.chateauma_colour, str(len(d.seats) + 1))
        else:
            canvas.fill_rect((80, CHATEAUMA_Y, SEAT_H, SEAT_H), theme.BUTTON_DISABLED,
                             radius=theme.RADIUS)
        canvas.text(i18n.tr("setup.chateauma.modifiers"), (176 + 24, MODIFIERS_Y + SEAT_H / 2),
                    theme.FONT_BODY, theme.TEXT if d.chateauma else theme.TEXT_MUTED,
                    anchor="midleft")
        if d.module_on("team") and len(d.seats) == 4:
            # Partners sit opposite (seats 1 and 3, 2 and 4); which team is A depends on
            # the start player, so the note names the partners, not the letters.
            names = [seat.name(i + 1).strip() for i, seat in enumerate(d.seats)]
            canvas.text(i18n.tr("setup.team.partners", a1=names[0], a2=names[2],
                                b1=names[1], b2=names[3]),
                        (90, MODIFIERS_Y + SEAT_H + 18), theme.FONT_SMALL, theme.BUTTON)
        elif not d.solo:  # the solo game is one person alone, without Châteauma
            canvas.text(i18n.tr("setup.chateauma.note"), (90, MODIFIERS_Y + SEAT_H + 18),
                        theme.FONT_SMALL, theme.TEXT_MUTED)
