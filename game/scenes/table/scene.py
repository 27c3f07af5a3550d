"""The table: the scene where a game is played.

The scene shows a `TableView` (what has finished animating), turns clicks and keys into
narrowing steps (interaction.Narrowing) and submits the action the engine offers once it
is unique. AI players are polled every frame and never block the frame; their moves and
Châteauma's are played out event by event at the chosen animation speed.

The scene conducts; the work is its parts': the panels (board, estates, dice, buttons,
choices, log, hint), `places` (where pieces fly from and to, places.Places), `steps` (what
a click or key does towards an action, steps.Steps), `spots` (the hit areas and their
tooltips, spots.HitSpots) and `painter` (what is drawn outside the panels,
painter.TablePainter). They receive the scene as a `seam.Table` and never import it.

Input reaches the table through `handle_event` (real pygame events in design
coordinates); the same steps are available as methods of the table's `steps`
(`select_die`, `click_depot`, ...), which is what the clicks call.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...rules import IllegalAction, TurnEnded, board_deal, get_board
from .. import i18n
from ..anim.presenter import Presenter
from ..anim.timeline import Timeline, Wait
from ..context import ClientContext
from ..layout import DESIGN_RECT, Canvas, PanelGroup
from ..session import GameSession
from ..stack import Scene
from ..ui.tooltip import Tooltips
from ..ui.widgets import Button
from . import geometry as g
from .banner import BannerText, PhaseReport, draw_banner
from .board_panel import BoardPanel
from .board_view import player_colour
from .estate_view import REGION
from .estates_panel import EstatesPanel
from .interaction import Narrowing, Outcome, buy_ops
from .log import GameLog, MoveTakenBack, describe_action
from .hint_panel import HintPanel, Shown
from .log_panel import LogPanel
from .magnifier import Magnifier
from .buttons_panel import ActionButtons, ChoiceBox
from .dice_panel import DicePanel
from .motion import Handlers
from .glossary import GlossaryScene
from .overlays import HandoffScene, PauseMenu
from .painter import TablePainter
from .places import Places
from .spots import HitSpots
from .steps import Steps
from .paint import Backdrop, Layer
from .tips import Spot
from .seam import in_play, parts_of
from .ship_choice import ship_options_for
from .view import TableView
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
        self.places = Places(self)
        self.steps = Steps(self)
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
        self.tooltips = Tooltips()
        self.panels = PanelGroup()
        self.choices = ChoiceBox(self)
        self.pointer: tuple[float, float] = (0, 0)
        self.dice = DicePanel(self)
        self._build_buttons()
        self._refresh_buttons()
        self.spots = HitSpots(self)
        self.painter = TablePainter(self)
        self.background = Layer(DESIGN_RECT, self.painter.paint_background)
        self.board = BoardPanel(self)
        self.estate_layer = Layer(REGION, self.painter.paint_estate)
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

    def own_estate(self) -> bool:
        return self.shown_seat == self.state.current_player

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
        # The choice under the pointer is gone with the move: a duchy it previewed is no
        # longer shown in place of the estate, though the pointer has not moved.
        self.preview_board = None
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
        self.preview_board = None
        # A hint (shown, or still being worked out) was for the position taken back.
        self.hint_move = None
        self.hint_action = None
        self.hint_shown = None
        self.message = None
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
            self.choices.build()
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
        self.action_buttons = ActionButtons(self)
        for button in self.dice.buttons():
            self.panels.add(button)

    def _refresh_buttons(self) -> None:
        n = self.narrowing if self.can_act() else None
        self.action_buttons.refresh(n)
        self.dice.refresh(n)

    def choose(self, action: tuple) -> None:
        n = self.narrowing
        if self.can_act() and n is not None and action in n.legal:
            self._play(action)

    def offer(self, options: list[tuple], message: str) -> None:
        """List actions open now as choices (a module's button or click), with a prompt."""
        if options:
            self.options = options
            self.choices.build()
            self.message = (message, {})

    def apply(self, outcome: Outcome) -> None:
        """What a step of the narrowing came to (steps.Steps): an action is played, options
        are listed, its words go to the prompt line."""
        self.hint_action = None
        if outcome.action is not None:
            self._play(outcome.action)
            return
        if outcome.options:
            self.options = outcome.options
            self.choices.build()
        if outcome.message:
            self.message = (outcome.message, outcome.params)
        else:
            self.message = None

    def follow(self, outcome: Outcome) -> None:
        """A module's button or click: a step asked of the narrowing, taken as a click's."""
        self.apply(outcome)

    def ask_hint(self) -> None:
        if self.can_act() and self.hint_move is None:
            self.hint_move = self.session.hint()
            self.message = ("table.msg.hint_thinking", {})

    def open_menu(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.push(PauseMenu(self))

    def open_glossary(self) -> None:
        """The rules, tiles and buildings of this game (F1, or Rules in the pause menu)."""
        if self.stack is not None:
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

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.MOUSEMOTION:
            under: Any = (self.choices.panels.panel_at(event.pos)
                     or self.panels.panel_at(event.pos, include_disabled=True)
                     or (self.hint_panel if self.hint_panel.contains(event.pos) else None)
                     or self.spots.at(event.pos))
            self.tooltips.point_at(under if hasattr(under, "tooltip_text") else None,
                                   event.pos)
            self.preview_board = None
            self.estates.point_at(event.pos)
            action = getattr(under, "action", None)
            if isinstance(under, Button) and action and action[0] == "board":
                self.preview_board = action[1]
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tooltips.hide()
        if t == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if t == pygame.MOUSEWHEEL:
            if self.choices.buttons and g.CHOICE.collidepoint(self.pointer):
                self.choices.turn_page(-1 if event.y > 0 else 1)
            else:
                self.log_panel.scroll_by(event.y)
            return True
        if self.choices.panels.handle_event(event) or self.panels.handle_event(event):
            return True
        if t == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.steps.cancel()
            elif event.button == 1:
                self._click(self.spots.at(event.pos))
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
            self.steps.select_die(key)
        elif kind == "depot":
            self.steps.click_depot(*key)
        elif kind == "storage":
            self.steps.click_storage(key)
        elif kind == "space":
            self.steps.click_space(key)
        elif kind == "goods":
            self.steps.click_goods(key)
        elif kind == "depot_goods" and ship_options_for(self, key):
            self.steps.click_depot_goods(key)
        else:
            for m, part in parts_of(self.view):
                if m.click(self, part, kind, key):
                    return

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if k == pygame.K_ESCAPE:
            if not self.steps.cancel():
                self.open_menu()
        elif k == pygame.K_z and ctrl:
            self.undo()
        elif k in (pygame.K_1, pygame.K_KP1):
            self.steps.select_die(0)
        elif k in (pygame.K_2, pygame.K_KP2):
            self.steps.select_die(1)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHT):
            self.steps.step_value(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFT):
            self.steps.step_value(-1)
        elif k == pygame.K_w:
            self.steps.take_workers()
        elif k == pygame.K_b:
            self.steps.toggle_buy()
        elif self.action_buttons.press_key(k):
            return  # a module's button's key
        elif k == pygame.K_e or k == pygame.K_d and self.action_buttons.declining():
            self.steps.end_turn()
        elif k == pygame.K_h:
            self.ask_hint()
        elif k == pygame.K_F1:
            self.open_glossary()
        elif k == pygame.K_TAB:
            self.view_seat((self.shown_seat + 1) % len(self.names))
        elif k == pygame.K_SPACE:
            self.presenter.skip()
        elif k == pygame.K_PAGEDOWN:
            self.choices.turn_page(1)
        elif k == pygame.K_PAGEUP:
            self.choices.turn_page(-1)

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        canvas = Canvas(surface)
        painter = self.painter
        painter.warm(canvas)
        lang = i18n.language()
        pv = self.view.players[self.shown_seat]
        self.places.lay_out()
        self.backdrop.draw(surface, [
            (self.background, None), (self.board.layer, self.board.key(lang)),
            (self.estate_layer, (self.serial, self.shown_seat, pv.version,
                                 self.preview_board, lang)),
            *self.estates.layers()])
        self.estates.draw(canvas)
        painter.draw_score(canvas, pv)
        n = self.narrowing if self.can_act() else None
        painter.draw_highlights(canvas, n)
        painter.draw_flash(canvas)
        choosing = self.choices.shown()
        if n is not None and choosing:
            self.choices.draw(canvas, n)
        else:
            self.dice.draw(canvas, pv, n)
        painter.draw_prompt(canvas)
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
            self.choices.panels.draw(canvas)
        self.estates.draw_popup(canvas)
        if self.banner is not None:
            draw_banner(canvas, *self.banner)
        painter.draw_flyers(canvas)
        if not self.magnifier.draw(canvas):
            self.tooltips.draw(canvas)

    def prompt(self) -> str:
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
            decision = ("turn_done_buy" if any(n.has(op) for op in buy_ops())
                        else "turn_done")
        # (a white castle's prompt names the white die's number)
        return i18n.tr(f"table.prompt.{decision}", name=name, value=self.view.white)
