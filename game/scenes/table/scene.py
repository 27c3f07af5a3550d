"""The table: the scene where a game is played.

The scene shows a `TableView` (what has finished animating), turns clicks and keys into
narrowing steps (interaction.Narrowing) and submits the action the engine offers once it
is unique. AI players are polled every frame and never block the frame; their moves and
Châteauma's are played out event by event at the chosen animation speed.

Input reaches the table through `handle_event` (real pygame events in design
coordinates); the same steps are available as methods (`select_die`, `click_depot`, ...)
which is what the clicks call.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from ...rules import TEAM_OWN_STORAGE, IllegalAction, TurnEnded, board_deal, get_board
from .. import i18n
from ..anim.presenter import Presenter
from ..anim.timeline import Timeline, Wait
from ..art import palette, pieces
from ..art.hexgrid import layout_scale, use_layout
from ..context import ClientContext
from ..layout import DESIGN_RECT, Canvas, PanelGroup
from ..session import GameSession
from ..stack import Scene
from ..ui import theme
from ..ui.tooltip import Tooltips
from ..ui.widgets import Button
from . import geometry as g
from .banner import BannerText, PhaseReport, draw_banner
from .board_panel import BoardPanel
from .board_view import BONUS_POINTS, player_colour
from .estate_view import REGION, paint_estate_region
from .estates_panel import EstatesPanel, miniature_sizes
from .interaction import Narrowing, Outcome
from .log import GameLog, MoveTakenBack, describe_action, goods_label
from .hint_marks import draw_hint_marks
from .hint_panel import HintPanel, Shown
from .log_panel import LogPanel
from .magnifier import Magnifier
from .modules import vineyards as vineyards_view
# The choice box's measures, named here too for the tests that page through it.
from .buttons_panel import PAGE_SIZE, UNPAGED, ActionButtons, ChoiceBox  # noqa: F401
from .dice_panel import DicePanel
from .motion import Handlers
from .glossary import GlossaryScene
from .overlays import ConfirmOverlay, HandoffScene, PauseMenu, end_unused_question
from .paint import (FELT, FELT_DARK, GOLD, Backdrop, Layer, blit_at, fit_text, hex_outline,
                    text, tile_back)
from .tips import Spot, chateauma_spots, space_tip, tile_tip
from .seam import in_play, listed_decisions, parts_of
from .ship_choice import ship_options_for
from .view import COLOURS, TableView, face_of
from . import modules  # noqa: F401  (registers the table's modules)

# A short pause between two AI moves, so a person can follow what happened (the pieces
# of the first have landed by then).
AI_PAUSE = 0.2


class TableScene(Scene):
    covers_design_area = True   # the backdrop (felt, board, estate, cards) is opaque

    def __init__(self, ctx: ClientContext, session: GameSession) -> None:
        super().__init__()
        self.ctx = ctx
        self.session = session
        self.names = [s.name for s in session.seats]
        self.colours = [s.colour for s in session.seats]
        self.rules = session.config.rules
        self.timeline = Timeline(ctx.animation_speed)
        self.presenter = Presenter(self.timeline, on_shown=self._shown)
        self.presenter.on_all(Handlers(self).table())
        # The estates' shape: the printed duchy's, or the double duchy's (the team game).
        g.use_estate_shape(get_board(board_deal(session.config).pool[0]).axial)
        self.view = TableView.from_state(session.state)
        self.moves = 0          # plays and undos so far: the view is rebuilt when it lags
        self.synced = 0
        self.serial = 0
        self.log = GameLog(tuple(self.names))
        for event in session.past_events:  # a loaded game's log: the game so far
            self.log.add(event)
        self.log_panel = LogPanel(self)
        self.hint_panel = HintPanel(self)
        for m in in_play(session.config):
            if m.log_rect is not None:
                self.log_panel.rect = m.log_rect
        self.flyers: list = []
        self.dice_roll: tuple | None = None
        self.counting: dict[int, int] = {}
        self.flash: tuple | None = None
        self.phase_report = PhaseReport(len(self.names))
        self.banner: tuple[int, BannerText] | None = None   # a phase that ended, its words
        self.shown_seat = max(0, session.state.current_player)
        self.pinned = False
        self.last_seat = session.state.current_player
        self.narrowing: Narrowing | None = None
        self.narrowing_key: Any = None
        self.message: tuple[str, dict] | None = None
        self.options: list[tuple] = []      # a payment or other choice asked by a click
        self.hint_move: Any = None
        self.hint_action: tuple | None = None
        # The hint on show in the log's place (hint_panel.Shown) until a move is played.
        self.hint_shown: Any = None
        self.handoff_seat: int | None = None
        self.results_shown = False
        self.started = False
        self.ai_wait = 0.0
        self.ai_moved = False   # the last move played was an AI player's
        self.clock = 0.0
        self.preview_board: str | None = None
        self.autosaves = 0
        self._warmed: tuple[int, int] | None = None
        self.tooltips = Tooltips()
        self.panels = PanelGroup()
        self.choices = ChoiceBox(self)
        self.pointer: tuple[float, float] = (0, 0)
        self.dice = DicePanel(self)
        self._build_buttons()
        self._refresh_buttons()
        self._spots: list[Spot] = []
        self._spots_key: Any = None
        self.background = Layer(DESIGN_RECT, self._paint_background)
        self.board = BoardPanel(self)
        self.estate_layer = Layer(REGION, self._paint_estate)
        self.estates = EstatesPanel(self)
        # The tile under a resting pointer, large (in the tooltip's place).
        self.magnifier = Magnifier(self)
        self.backdrop = Backdrop()
        # A guide laid over the table (tutorial_panel.TutorialPanel), told of every event
        # shown, updated and drawn in the log's place while it lasts; None in a normal game.
        self.tutorial: Any = None

    # --- lifecycle -------------------------------------------------------------------------

    def enter(self) -> None:
        if self.started:
            return
        self.started = True
        self.ctx.sound.prepare()  # the device and the effects, before the first throw
        if self.session.state.is_chance():
            self.presenter.present(self.session.start())
            self.moves += 1
        self.autosave()

    def exit(self) -> None:
        self.timeline.cancel_all()
        self.session.cancel_ai()

    @property
    def b_minus(self) -> Button:
        """The dice tray's stepper buttons (the dice panel's)."""
        return self.dice.minus

    @property
    def b_plus(self) -> Button:
        return self.dice.plus

    # The choice box's (buttons_panel.ChoiceBox), as tests and the tutorial read them.
    @property
    def choice_panels(self) -> PanelGroup:
        return self.choices.panels

    @property
    def choice_buttons(self) -> list[Button]:
        return self.choices.buttons

    @property
    def page_buttons(self) -> list[Button]:
        return self.choices.page_buttons

    @property
    def choice_actions(self) -> list[tuple]:
        return self.choices.actions

    @property
    def choice_page(self) -> int:
        return self.choices.page

    @property
    def board_layer(self) -> Layer:
        """The central board's cached layer (the board panel's)."""
        return self.board.layer

    @property
    def log_scroll(self) -> int:
        """Lines the log is scrolled back (the log panel's)."""
        return self.log_panel.scroll

    @log_scroll.setter
    def log_scroll(self, lines: int) -> None:
        self.log_panel.scroll = lines

    # --- reading the game ------------------------------------------------------------------

    @property
    def state(self):
        return self.session.state

    @property
    def busy(self) -> bool:
        return self.presenter.busy

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return player_colour(self.colours[seat])

    def can_act(self) -> bool:
        """A person may click towards an action now."""
        return (self.session.is_human_turn() and not self.busy and self.narrowing is not None
                and self.synced == self.moves)

    def can_undo(self) -> bool:
        """A person may take back a move: not while the table still shows another seat's
        turn."""
        return self.session.can_undo() and self.view.current == self.state.current_player

    # --- positions for motion --------------------------------------------------------------

    def depot_pos(self, depot: int, slot: int) -> tuple[float, float]:
        return self.board.depot_pos(depot, slot)

    def depot_goods_pos(self, depot: int) -> tuple[float, float]:
        return self.board.depot_goods_pos(depot)

    def _mine(self, seat: int, pos: tuple[float, float],
              supply: str = "estate") -> tuple[float, float]:
        """Where a piece for a seat lands: its place in the large estate when that seat is
        shown large, else on its card (estates_panel)."""
        return pos if seat == self.shown_seat else self.estates.supply_pos(seat, supply)

    def storage_pos(self, seat: int, j: int) -> tuple[float, float]:
        return self._mine(seat, g.storage_centre(j))

    def space_pos(self, seat: int, space: int) -> tuple[float, float]:
        if seat != self.shown_seat:
            return self.estates.space_pos(seat, space)
        if self.view.players[seat].chateauma:
            return g.cm_space_centre(space)
        return g.estate_space_centre(space)

    def card_space_pos(self, seat: int, card: int, space: int) -> tuple[float, float]:
        """A space of one of Châteauma's area cards (where the view or, for a card revealed
        in the same step, the engine has it)."""
        cm = self.view.players[seat].cm
        slot = cm.slot_of(card) if cm is not None else None
        engine = self.state.chateauma
        if slot is None and engine is not None and card in engine.cards:
            slot = engine.cards.index(card)
        if slot is None:
            return self.estates.estate_centre(seat)
        from ...rules import CHATEAUMA_CARDS as CARDS
        return self._mine(seat, g.cm_card_space_centre(slot, space, len(CARDS[card].colours)))

    def reserve_pos(self, seat: int, tile: str | None) -> tuple[float, float]:
        from .view import JOKERS, colour_of
        stack = JOKERS if tile is None else colour_of(tile)
        return self._mine(seat, g.cm_reserve_centre(stack), "reserve")

    def goods_pos(self, seat: int, goods: int) -> tuple[float, float]:
        return self._mine(seat, g.goods_centre(goods), "goods")

    def silver_pos(self, seat: int) -> tuple[float, float]:
        return self._mine(seat, g.silver_centre(), "silver")

    def workers_pos(self, seat: int) -> tuple[float, float]:
        return self._mine(seat, g.workers_centre(), "workers")

    # --- events ----------------------------------------------------------------------------

    def _shown(self, event: Any) -> None:
        self.view.apply(event)
        self.phase_report.take(event)
        if type(event).__name__ == "PhaseEnded":
            self.banner = None
        self.log.add(event)
        self.log_panel.to_newest()
        if type(event).__name__ == "TurnStarted" and not self.pinned:
            self.shown_seat = event.player
        if self.tutorial is not None:
            self.tutorial.shown(event)

    def _play(self, action: tuple, by_ai: bool = False) -> bool:
        before = self.state.current_player
        try:
            events = self.session.play(action)
        except IllegalAction as exc:
            self.message = ("table.msg.illegal", {"reason": str(exc)})
            return False
        self.moves += 1
        self.narrowing = None
        self.options = []
        self.hint_move = None
        self.hint_action = None
        self.hint_shown = None
        self.message = None
        if by_ai and self.ai_moved and action != ("end",):
            # Between two AI moves; an AI's end of turn shows nothing to wait for, and
            # after an AI's last move the person's turn shows at once.
            self.timeline.enqueue(Wait(AI_PAUSE))
        self.ai_moved = by_ai
        self.presenter.present(events)
        # Saved after every finished turn, whoever played it: in a solo game Châteauma's
        # turns run inside the person's last action, so the seat to move may never change.
        if (self.state.current_player != before or self.session.over
                or any(isinstance(e, TurnEnded) for e in events)):
            self.autosave()
        return True

    def submit(self, action: tuple) -> bool:
        """Play an action the table offers now (what a finished choice of clicks does)."""
        if not self.session.is_human_turn():
            return False
        return self._play(action)

    def autosave(self) -> None:
        if self.ctx.read_only:
            return  # another instance owns the data directory
        try:
            self.session.save(self.ctx.autosave_path)
            self.autosaves += 1
        except OSError as exc:
            self.message = ("table.msg.autosave_failed",
                            {"error": exc.strerror or type(exc).__name__})

    def undo(self) -> bool:
        seat = self.state.current_player
        if not self.can_undo() or not self.session.undo():
            return False
        self.presenter.skip()
        self.log.add(MoveTakenBack(seat))
        self.moves += 1
        self._resync()
        self.narrowing = None
        self.options = []
        self.hint_shown = None
        return True

    def quit_to_title(self) -> None:
        self.autosave()
        if self.ctx.launcher is not None:
            self.ctx.launcher.to_title()

    def _resync(self) -> None:
        self.view = TableView.from_state(self.state)
        self.synced = self.moves
        self.serial += 1
        self.flyers.clear()
        self.counting.clear()
        self.flash = None
        self.banner = None

    def show_phase_end(self, phase: int) -> None:
        """The banner for a phase that ends: what it pays now and what the phase
        scored, from the events shown so far."""
        self.banner = (phase, self.phase_report.banner(phase, self.names))

    # --- per frame -------------------------------------------------------------------------

    def animating(self) -> bool:
        """Animations play, an AI thinks (its dots move; its move is polled), a hint or a
        tooltip is on its way, or the view or the results are about to follow the game.
        A person thinking is none of these: the picture holds still."""
        s = self.session
        return (self.busy or self.synced != self.moves or self.tooltips.waiting
                or s.is_ai_turn() or self.hint_move is not None
                or (s.over and not self.results_shown)
                or (self.tutorial is not None and self.tutorial.animating()))

    def update(self, dt: float) -> None:
        self._advance(dt)
        # Every frame, so the buttons never show what was possible before the last move
        # (while animations play or another seat moves, nothing is).
        self._refresh_buttons()
        if self.tutorial is not None:
            self.tutorial.update(dt)

    def follow_seat_to_move(self) -> int:
        """Show the seat to move large (unless a person pinned another estate until this
        seat's turn ends); returns that seat."""
        seat = self.state.current_player
        if seat != self.last_seat:
            self.last_seat = seat
            self.pinned = False
        if seat >= 0 and not self.pinned:
            self.shown_seat = seat
        return seat

    def _advance(self, dt: float) -> None:
        self.clock += dt
        self.timeline.speed = self.ctx.animation_speed
        self.timeline.update(dt)
        self.tooltips.update(dt)
        if self.session.is_ai_turn():
            self.session.think()  # starts the worker thread early; never waits for it
        if self.busy:
            return
        if self.synced != self.moves:
            self._resync()
        if self.session.over:
            if not self.results_shown:
                self.results_shown = True
                if self.ctx.launcher is not None:
                    self.ctx.launcher.show_results(self.session)
            return
        seat = self.follow_seat_to_move()
        if self.session.is_human_turn():
            self._human_turn(seat)
        elif self.session.is_ai_turn():
            if self.ai_wait > 0:
                self.ai_wait -= dt
                return
            action = self.session.ai_action()
            if action is not None:
                self._play(action, by_ai=True)

    def _human_turn(self, seat: int) -> None:
        if (self.session.setup.shows_handoff and self.handoff_seat != seat
                and self.stack is not None):
            self.handoff_seat = seat
            self.stack.push(HandoffScene(self.names[seat], self.colours[seat]))
            return
        self.handoff_seat = seat
        key = (self.moves, seat)
        if self.narrowing is None or self.narrowing_key != key:
            self.narrowing = Narrowing(self.state)
            self.narrowing_key = key
            self.options = []
            self._build_choices()
        if self.hint_move is not None and self.hint_move.done:
            try:
                hint = self.hint_move.result()
            except Exception:  # a failed hint is not worth stopping the game for
                hint = None
            self.hint_move = None
            action = getattr(hint, "action", hint)
            if action is not None and action in self.narrowing.legal:
                self.hint_action = action
                if hasattr(hint, "reasons"):
                    self.hint_shown = Shown(hint, self.state)
                self.narrowing.select_for(action)
                self.message = ("table.msg.hint", {"action": describe_action(action,
                                                                             self.state)})

    # --- buttons and choices ---------------------------------------------------------------

    def _build_buttons(self) -> None:
        a = self.action_buttons = ActionButtons(self)
        self.b_workers, self.b_buy, self.b_end = a.workers, a.buy, a.end
        self.b_undo, self.b_hint, self.b_menu = a.undo, a.hint, a.menu
        for button in self.dice.buttons():
            self.panels.add(button)

    def _declining(self) -> bool:
        return self.action_buttons.declining()

    def _refresh_buttons(self) -> None:
        n = self.narrowing if self.can_act() else None
        self.action_buttons.refresh(n)
        self.dice.refresh(n)

    def _build_choices(self, page: int = 0) -> None:
        self.choices.build(page)

    def choice_pages(self) -> int:
        return self.choices.pages()

    def turn_choice_page(self, delta: int) -> bool:
        """Show the next (1) or previous (-1) page of options; False at either end."""
        return self.choices.turn_page(delta)

    def choose(self, action: tuple) -> None:
        if self.can_act() and action in self.narrowing.legal:
            self._play(action)

    def offer(self, options: list[tuple], message: str) -> None:
        """List actions open now as choices (a module's button or click), with a prompt."""
        if options:
            self.options = options
            self._build_choices()
            self.message = (message, {})

    # --- the steps a click or key takes ----------------------------------------------------

    def _apply(self, outcome: Outcome) -> None:
        self.hint_action = None
        if outcome.action is not None:
            self._play(outcome.action)
            return
        if outcome.options:
            self.options = outcome.options
            self._build_choices()
        if outcome.message:
            self.message = (outcome.message, outcome.params)
        else:
            self.message = None

    def own_estate(self) -> bool:
        return self.shown_seat == self.state.current_player

    def select_die(self, die: int) -> None:
        if self.can_act() and self.own_estate():
            self._apply(self.narrowing.select_die(die))

    def step_value(self, delta: int) -> None:
        if self.can_act():
            self._apply(self.narrowing.step_value(delta))

    def click_depot(self, depot: int, slot: int) -> None:
        if self.can_act():
            self._apply(self.narrowing.click_depot(depot, slot))

    def click_storage(self, j: int) -> None:
        if self.can_act() and self.own_estate():
            self._apply(self.narrowing.click_storage(j))

    def click_space(self, space: int) -> None:
        if self.can_act() and self.own_estate():
            self._apply(self.narrowing.click_space(space))

    def click_goods(self, goods: int) -> None:
        if self.can_act() and self.own_estate():
            self._apply(self.narrowing.click_goods(goods))

    def click_depot_goods(self, depot: int) -> None:
        """A ship's goods chosen on the board: a click on a depot's goods takes them, or
        lists the options that do (monastery 5 lets a ship take two depots' goods)."""
        if not self.can_act():
            return
        options = ship_options_for(self, depot)
        if len(options) == 1:
            self._play(options[0])
        else:
            self.offer(options, "table.choose.ship")

    def take_workers(self) -> None:
        if self.can_act():
            self._apply(self.narrowing.click_workers())

    def toggle_buy(self) -> None:
        if self.can_act():
            self._apply(self.narrowing.toggle_buy())

    def follow(self, outcome: Outcome) -> None:
        """A module's button or click: a step asked of the narrowing, taken as a click's."""
        self._apply(outcome)

    def end_turn(self) -> None:
        if not self.can_act():
            return
        n = self.narrowing
        if n.has("end"):
            self._apply(n.end())
        elif n.has("decline"):
            self._apply(n.decline())
        elif n.unused_dice() and self.stack is not None:
            # The rules end a turn only once both dice are used: one question names every
            # unused die, and Yes takes workers with each of them and ends the turn.
            dice = n.unused_dice()
            faces = [self.state.players[self.state.current_player].dice[d] for d in dice]
            self.stack.push(ConfirmOverlay("table.end_turn",
                                           lambda: end_unused_question(faces),
                                           lambda: self._end_with_workers(dice)))

    def _end_with_workers(self, dice: list[int]) -> None:
        for die in dice:
            if ("workers", die) not in self.state.legal_actions() \
                    or not self._play(("workers", die)):
                return
        if ("end",) in self.state.legal_actions():
            self._play(("end",))

    def cancel(self) -> bool:
        """Right click or Escape: drop a half-made choice, else the hint on show."""
        self.hint_action = None
        if self.options:
            self.options = []
            self._build_choices()
            self.message = None
            return True
        if self.narrowing is not None and self.narrowing.cancel():
            self.message = None
            return True
        if self.hint_shown is not None:  # the log comes back
            self.hint_shown = None
            return True
        return False

    def ask_hint(self) -> None:
        if self.can_act() and self.hint_move is None:
            self.hint_move = self.session.hint()
            self.message = ("table.msg.hint_thinking", {})

    def open_menu(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.push(PauseMenu(self))

    def open_glossary(self) -> None:
        """The rules, tiles and buildings of this game (F1, or Rules in the pause menu)."""
        self.stack.push(GlossaryScene(self.ctx, self.session.config))

    def view_seat(self, seat: int) -> None:
        self.shown_seat = seat
        self.pinned = seat != self.state.current_player
        self.estates.point_at(self.pointer)

    def swap_into_view(self, seat: int) -> None:
        """A seat's card clicked: its estate is shown large; clicking the card of the estate
        shown large brings back the seat to move."""
        if seat == self.shown_seat and self.state.current_player >= 0:
            seat = self.state.current_player
        self.view_seat(seat)

    # --- input -----------------------------------------------------------------------------

    def spot_at(self, pos: tuple[float, float]) -> Spot | None:
        for spot in self.spots():
            if spot.contains(pos):
                return spot
        return None

    def spot_centre(self, kind: str, key: Any) -> tuple[float, float]:
        """Where to click for a spot (tests drive the table with real events)."""
        for spot in self.spots():
            if spot.kind == kind and spot.key == key:
                return spot.centre
        raise KeyError((kind, key))

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.MOUSEMOTION:
            under = (self.choice_panels.panel_at(event.pos)
                     or self.panels.panel_at(event.pos, include_disabled=True)
                     or (self.hint_panel if self.hint_panel.contains(event.pos) else None)
                     or self.spot_at(event.pos))
            self.tooltips.point_at(under if hasattr(under, "tooltip_text") else None,
                                   event.pos)
            self.preview_board = None
            self.estates.point_at(event.pos)
            if isinstance(under, Button) and getattr(under, "action", ("",))[0] == "board":
                self.preview_board = under.action[1]
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tooltips.hide()
        if t == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if t == pygame.MOUSEWHEEL:
            if self.choice_buttons and g.CHOICE.collidepoint(self.pointer):
                self.turn_choice_page(-1 if event.y > 0 else 1)
            else:
                self.log_panel.scroll_by(event.y)
            return True
        if self.choice_panels.handle_event(event) or self.panels.handle_event(event):
            return True
        if t == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.cancel()
            elif event.button == 1:
                self._click(self.spot_at(event.pos))
            return True
        if t == pygame.KEYDOWN:
            self._key(event)
            return True
        return False

    def _click(self, spot: Spot | None) -> None:
        if spot is not None and spot.kind == "seat":
            self.swap_into_view(spot.key)
            return
        if self.busy:
            self.presenter.skip()  # a click hurries the animations along
            return
        if spot is None:
            return
        kind, key = spot.kind, spot.key
        if kind == "die":
            self.select_die(key)
        elif kind == "depot":
            self.click_depot(*key)
        elif kind == "storage":
            self.click_storage(key)
        elif kind == "space":
            self.click_space(key)
        elif kind == "goods":
            self.click_goods(key)
        elif kind == "depot_goods" and ship_options_for(self, key):
            self.click_depot_goods(key)
        else:
            for m, part in parts_of(self.view):
                if m.click(self, part, kind, key):
                    return

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if k == pygame.K_ESCAPE:
            if not self.cancel():
                self.open_menu()
        elif k == pygame.K_z and ctrl:
            self.undo()
        elif k in (pygame.K_1, pygame.K_KP1):
            self.select_die(0)
        elif k in (pygame.K_2, pygame.K_KP2):
            self.select_die(1)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHT):
            self.step_value(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFT):
            self.step_value(-1)
        elif k == pygame.K_w:
            self.take_workers()
        elif k == pygame.K_b:
            self.toggle_buy()
        elif self.action_buttons.press_key(k):
            return  # a module's button's key
        elif k == pygame.K_e or k == pygame.K_d and self._declining():
            self.end_turn()
        elif k == pygame.K_h:
            self.ask_hint()
        elif k == pygame.K_F1:
            self.open_glossary()
        elif k == pygame.K_TAB:
            self.view_seat((self.shown_seat + 1) % len(self.names))
        elif k == pygame.K_SPACE:
            self.presenter.skip()
        elif k == pygame.K_PAGEDOWN:
            self.turn_choice_page(1)
        elif k == pygame.K_PAGEUP:
            self.turn_choice_page(-1)

    # --- hit areas and tooltips ------------------------------------------------------------

    def spots(self) -> list[Spot]:
        self._lay_out()
        pv = self.view.players[self.shown_seat]
        key = (self.serial, self.view.board_version, self.shown_seat, pv.version,
               i18n.language())
        if key != self._spots_key:
            self._spots = self._build_spots()
            self._spots_key = key
        return self._spots

    def _storage_tip(self, pv, space: int) -> str:
        """A storage space's tooltip; in the team game, whose space it is."""
        if pv.partner is None:
            return i18n.tr("tip.storage")
        if space < TEAM_OWN_STORAGE:
            return i18n.tr("tip.storage.own")
        partner = self.names[pv.partner] if pv.partner < len(self.names) else ""
        return i18n.tr("tip.storage.shared", partner=partner)

    def _build_spots(self) -> list[Spot]:
        view, rules = self.view, self.rules
        spots: list[Spot] = []
        spots += self.estates.spots()
        for m, part in parts_of(view):
            spots += m.first_board_spots(self, part)
        spots += self.board.spots()
        pv = view.players[self.shown_seat]
        if pv.cm is not None:
            spots += chateauma_spots(pv, rules, self.view.white)
        elif pv.colours:
            for m, part in parts_of(view):
                spots += m.tile_spots(self, part)
            for s in range(len(pv.colours)):
                spots.append(Spot("space", s, g.estate_space_centre(s),
                                  g.ESTATE_HEX * 0.86 * layout_scale(),
                                  lambda s=s, p=pv: space_tip(p.colours[s], p.dice_numbers[s],
                                                              p.estate[s], rules)))
        for j, tile in enumerate(pv.storage if pv.cm is None else ()):
            spots.append(Spot("storage", j, g.storage_centre(j), g.STORAGE_HEX * 0.9,
                              lambda t=tile, j=j, p=pv: tile_tip(t, rules)
                              or self._storage_tip(p, j)))
        for t in range(1, 7):
            spots.append(Spot("goods", t, g.goods_centre(t), 24,
                              lambda t=t, p=pv: i18n.trn("tip.goods", p.goods[t], goods=t,
                                                         name=goods_label(t),
                                                         count=p.goods[t])))
            spots.append(Spot("sold", t, g.sold_centre(t), 16,
                              lambda t=t, p=pv: i18n.trn("tip.sold", p.sold[t], goods=t,
                                                         name=goods_label(t),
                                                         count=p.sold[t])))
        for i, number in enumerate(sorted(pv.knowledge)):
            spots.append(Spot("knowledge", number, *g.knowledge_slot(i, len(pv.knowledge)),
                              lambda n=number: tile_tip(f"monastery{n}", rules)))
        for m, part in parts_of(view):
            spots += m.estate_spots(view, part, self.shown_seat, self.names)
        spots.append(Spot("silver", None, g.silver_centre(), 24, lambda: i18n.tr("tip.silver")))
        if pv.cm is None:
            spots.append(Spot("workers", None, g.workers_centre(), 24,
                              lambda: i18n.tr("tip.workers")))
        spots += self.dice.spots()
        for m, part in parts_of(view):
            spots += m.spots(self, part)
        return spots

    # --- drawing ---------------------------------------------------------------------------

    def _paint_background(self, canvas: Canvas) -> None:
        canvas.fill_rect(DESIGN_RECT, FELT)
        for i in range(0, 1920, 48):  # the felt's weave, faint
            canvas.fill_rect((i, 0, 2, 1080), FELT_DARK)
        self.log_panel.paint_frame(canvas)
        for m, part in parts_of(self.view):
            m.paint_background(canvas, self.view, part)
        canvas.fill_rect(g.PROMPT, palette.darker(FELT, 0.3), radius=10)
        self.dice.paint_frame(canvas)

    def _paint_estate(self, canvas: Canvas) -> None:
        seat = self.shown_seat
        preview = None
        if self.preview_board is not None:
            from ...rules import get_board
            b = get_board(self.preview_board)
            preview = (tuple(COLOURS[c] for c in b.colour), tuple(b.die), tuple(b.rivers))
        large, small = BONUS_POINTS.get(len(self.names), (5, 2))
        paint_estate_region(canvas, self.view.players[seat], self.names[seat],
                            self.colours[seat], self.view.lifted, (large, small), preview,
                            self.view.white, parts_of(self.view))
        for m, part in parts_of(self.view):
            m.paint_estate(canvas, self.view, part, seat, self.preview_board)

    def _warm(self, canvas: Canvas) -> None:
        """Render every tile front at the table's sizes once per window size, so a new
        phase's tiles do not stall a frame later."""
        from ..art.faces import all_faces, module_faces
        sizes = {canvas.length(s) for s in (g.DEPOT_HEX, g.BLACK_HEX, g.STORAGE_HEX,
                                             g.ESTATE_HEX * 0.95, *g.KNOWLEDGE_HEXES)} | \
            miniature_sizes(canvas)
        extra = module_faces(self.rules) if self.session.config.modules else []
        for face in all_faces(self.rules) + extra:
            for size in sizes:
                pieces.hex_tile(face, size)
        self._warmed = canvas.surface.get_size()

    def draw(self, surface: pygame.Surface) -> None:
        canvas = Canvas(surface)
        if self._warmed != surface.get_size():
            self._warm(canvas)
        lang = i18n.language()
        pv = self.view.players[self.shown_seat]
        self._lay_out()
        self.backdrop.draw(surface, [
            (self.background, None), (self.board.layer, self.board.key(lang)),
            (self.estate_layer, (self.serial, self.shown_seat, pv.version,
                                 self.preview_board, lang)),
            *self.estates.layers()])
        self.estates.draw(canvas)
        self._draw_score(canvas, pv)
        n = self.narrowing if self.can_act() else None
        self._draw_highlights(canvas, n)
        self._draw_flash(canvas)
        choosing = n is not None and (self.options or n.decision in listed_decisions())
        if choosing:
            self.choices.draw(canvas, n)
        else:
            self.dice.draw(canvas, pv, n)
        self._draw_prompt(canvas)
        for m, part in parts_of(self.view):
            m.draw(canvas, self, part)
        if self.tutorial is None and self.hint_shown is not None:
            self.hint_panel.draw(canvas)
        elif self.tutorial is None:
            self.log_panel.draw(canvas)
        else:
            self.tutorial.draw(canvas)
        self.panels.draw(canvas)
        if choosing:
            self.choice_panels.draw(canvas)
        self.estates.draw_popup(canvas)
        if self.banner is not None:
            draw_banner(canvas, *self.banner)
        self._draw_flyers(canvas)
        if not self.magnifier.draw(canvas):
            self.tooltips.draw(canvas)

    def _lay_out(self) -> None:
        """A board of its own shape (the solo boards) lays the shown estate out itself."""
        shown = self.preview_board or self.view.players[self.shown_seat].board
        use_layout(get_board(shown).centres if shown else None)

    def _draw_score(self, canvas: Canvas, pv) -> None:
        score = self.counting.get(pv.seat, pv.score)
        for m, part in parts_of(self.view):
            score = m.draw_score(canvas, part, score)
        text(canvas, str(score), g.score_centre(), 40, palette.INK, "center")

    def _draw_highlights(self, canvas: Canvas, n: Narrowing | None) -> None:
        if n is None:
            return
        h = n.highlights()
        # A steady ring: a pulsing one would redraw the table every frame while a person
        # thinks.
        ring = palette.mix(GOLD, (255, 255, 255), 0.2)
        self.board.draw_highlights(canvas, n, h, ring)
        for m, part in parts_of(self.view):
            m.paint_rings(canvas, self, part, n, ring)
        if self.own_estate():
            for s in h.spaces:
                hex_outline(canvas, g.estate_space_centre(s),
                            g.ESTATE_HEX * 0.95 * layout_scale() + 2, ring, 5)
            for j in h.storage:
                hex_outline(canvas, g.storage_centre(j), g.STORAGE_HEX + 3, ring, 4)
            if n.storage is not None:
                hex_outline(canvas, g.storage_centre(n.storage), g.STORAGE_HEX + 5,
                            theme.BUTTON, 7)
            for t in h.goods:
                x, y = g.goods_centre(t)
                canvas.fill_rect((x - 25, y - 25, 50, 50), ring, radius=8, width=4)
            if n.decision == "start_castle":
                for a in n.legal:
                    hex_outline(canvas, g.estate_space_centre(a[1]),
                                g.ESTATE_HEX * 0.95 * layout_scale() + 2,
                                ring, 5)
        if self.own_estate():
            self.dice.draw_highlights(canvas, h, ring)
        # The hinted move's own pieces, while the hint is on show (a click that starts
        # another choice drops hint_action, not the hint).
        hinted = self.hint_action or (self.hint_shown.explanation.action
                                      if self.hint_shown is not None else None)
        if hinted is not None and hinted in n.legal:
            draw_hint_marks(canvas, self, hinted)

    def _draw_flash(self, canvas: Canvas) -> None:
        if self.flash is None:
            return
        seat, spaces, value = self.flash
        if value <= 0.02:
            return
        colour = palette.mix(GOLD, (255, 255, 255), value * 0.6)
        # A seat shown small flashes on its card.
        large = seat == self.shown_seat
        for s in spaces:
            if large:
                hex_outline(canvas, g.estate_space_centre(s), g.ESTATE_HEX * 0.95 * layout_scale(),
                            colour, 2 + 6 * value)
            else:
                hex_outline(canvas, self.estates.space_pos(seat, s), g.MINI_HEX * 0.95,
                            colour, 1 + 2 * value)

    def _prompt(self) -> str:
        """Speaks of the seat the table shows to move (the view's, which lags the game
        while animations play), never of one the board does not show yet."""
        s = self.session
        if s.over:
            return i18n.tr("table.prompt.over")
        actor = self.view.current
        if not 0 <= actor < len(self.names) or s.current_seat is None:
            return i18n.tr("table.prompt.wait") if self.busy else ""
        seat = s.seats[actor]
        name = seat.name
        if not seat.is_human:
            if self.busy or not s.is_ai_turn():
                return i18n.tr("table.prompt.moving", name=name)
            dots = "." * (1 + int(self.clock * 3) % 3)
            return i18n.tr("table.prompt.thinking", name=name) + dots
        if self.busy:
            return i18n.tr("table.prompt.wait")
        if self.message is not None:
            key, params = self.message
            # A message with a count has plural forms; the count chooses the form.
            if "count" in params:
                return i18n.trn(key, params["count"], **params)
            return i18n.tr(key, **params)
        decision = self.state.decision or "turn"
        n = self.narrowing
        if decision == "turn" and n is not None and n.has("end"):
            # The rules offer the end of the turn once both dice are used.
            decision = "turn_done_buy" if n.has("buy") or n.has("buy_inn") else "turn_done"
        # (a white castle's prompt names the white die's number)
        return i18n.tr(f"table.prompt.{decision}", name=name, value=self.view.white)

    def _draw_prompt(self, canvas: Canvas) -> None:
        fit_text(canvas, self._prompt(), (g.PROMPT.x + 18, g.PROMPT.centery), 26,
                 palette.INK_LIGHT, g.PROMPT.w - 36, "midleft")

    def _draw_flyers(self, canvas: Canvas) -> None:
        for f in self.flyers:
            # A few lift steps only: every distinct size is a cached, pre-rendered piece.
            lift = 1 + round(3 * math.sin(math.pi * f.t)) * 0.06
            px = canvas.length(f.size * lift)
            if f.kind == "tile":
                face = face_of(f.what, self.rules)
                image = pieces.hex_tile(face, px) if face is not None else tile_back(px)
            elif f.kind == "goods":
                image = pieces.goods_tile(f.what, px)
            elif f.kind == "silver":
                image = pieces.silver_coin(px)
            elif f.kind == "worker":
                image = pieces.worker_chip(px)
            elif f.kind == "grape":   # a half of a vineyards double tile
                image = vineyards_view.grape_half(f.what, px)
            elif f.kind == "double":
                image = vineyards_view.double_image(f.what, px)
            else:
                colour, rank = f.what
                large, small = BONUS_POINTS.get(len(self.names), (5, 2))
                image = pieces.bonus_tile(colour, large if rank == 1 else small, px)
            if f.fade:  # leaving the game: gone by the time it arrives
                image = image.copy()
                image.set_alpha(round(255 * (1 - f.t) ** 0.7))
            blit_at(canvas, image, f.pos)
