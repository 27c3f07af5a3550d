"""The table watching a recorded game: play, pause, step, turn and speed.

`ReplayScene` is the table (its board, estates, log and animations) driven by a
`Replay` instead of by players: nothing it shows can be clicked into the game, it never
saves, asks an AI, hands over to another person or jumps to the results. A step forward
is animated as it was in play; a step back, a whole turn or a jump shows the position at
once. The six action buttons give way to the replay's controls, and the prompt line
says where the replay stands.

Keys: Space plays or pauses, Left/Right step, Shift+Left/Right (or Page Up/Down) go a
whole turn, Home/End go to the start and the end, S changes the speed, Tab shows the next
estate, F1 the rules, Escape leaves.
"""

from __future__ import annotations

import pygame

from .. import i18n
from ..context import ClientContext
from ..replay import Replay
from ..session import GameSession, GameSetup
from ..ui.widgets import Button
from . import geometry as g
from .banner import PhaseReport
from .log import GameLog
from .scene import TableScene

# Replay speeds, cycled by the speed button: they scale the animations and the pause
# between steps.
SPEEDS = (1, 2, 4)
# Seconds between two steps at 1x once the step's animations have finished.
STEP_PAUSE = 0.5
PHASES = "ABCDE"


def replay_rects() -> list[pygame.Rect]:
    """Where the controls go: the six action buttons' places, and Leave across the row
    below them."""
    rects = [g.button_rect(i) for i in range(6)]
    last = g.button_rect(4)
    rects.append(pygame.Rect(last.x, last.y + 78, g.button_rect(5).right - last.x, last.h))
    return rects


class ReplayScene(TableScene):
    def __init__(self, ctx: ClientContext, setup: GameSetup, replay: Replay,
                 playing: bool = True) -> None:
        self.replay = replay
        self.speed_index = 0
        self.playing = playing
        self.pause_left = 0.0
        # A session of the same seats whose position is always the replay's: the table
        # reads the game from it as it does in play.
        session = GameSession(setup)
        session.match.state = replay.state
        super().__init__(ctx, session)
        self.results_shown = True  # the end of a replay stays at the table

    # --- lifecycle -------------------------------------------------------------------------

    def enter(self) -> None:
        if self.started:
            return
        self.started = True
        self.ctx.sound.prepare()

    def autosave(self) -> None:
        """A replay changes no game, so it saves none."""

    # --- what the table may do -------------------------------------------------------------

    def can_act(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return False

    def submit(self, action: tuple) -> bool:
        return False

    def _play(self, action: tuple, by_ai: bool = False) -> bool:
        return False

    # --- the controls ----------------------------------------------------------------------

    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_index]

    def _build_buttons(self) -> None:
        rects = replay_rects()

        def add(index: int, label, action, tip: str, keys: str, name: str) -> Button:
            # Key names with words are translated ("replay.key.*"); letters are not.
            button = Button(rects[index], label, action, font_size=25, name=name,
                            tooltip=lambda: i18n.tr(tip, key=i18n.tr(keys) if "." in keys
                                                    else keys))
            self.panels.add(button)
            return button
        self.b_turn_back = add(0, "replay.turn_back", self.turn_back, "replay.tip.turn_back",
                               "replay.key.shift_left", "turn back")
        self.b_turn_forward = add(1, "replay.turn_forward", self.turn_forward,
                                  "replay.tip.turn_forward", "replay.key.shift_right", "turn forward")
        self.b_back = add(2, "replay.step_back", self.step_back, "replay.tip.step_back",
                          "replay.key.left", "step back")
        self.b_forward = add(3, "replay.step_forward", self.step_forward,
                             "replay.tip.step_forward", "replay.key.right", "step forward")
        self.b_play = add(4, lambda: i18n.tr("replay.pause" if self.playing
                                             else "replay.play"),
                          self.toggle_play, "replay.tip.play", "replay.key.space", "play")
        self.b_speed = add(5, lambda: i18n.tr("replay.speed", speed=self.speed),
                           self.cycle_speed, "replay.tip.speed", "S", "speed")
        self.b_leave = add(6, "replay.leave", self.leave, "replay.tip.leave", "Esc", "leave")

    def _refresh_buttons(self) -> None:
        r = self.replay
        self.b_turn_back.enabled = self.b_back.enabled = not r.at_start
        self.b_turn_forward.enabled = self.b_forward.enabled = not r.at_end
        self.b_play.enabled = not r.at_end or self.playing

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
            return
        if self.replay.at_end:
            return
        self.playing = True
        self.pause_left = 0.0

    def cycle_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def leave(self) -> None:
        """Back to the screen the replay was opened from."""
        self.timeline.cancel_all()
        self.close()

    # --- moving through the game -----------------------------------------------------------

    def step_forward(self) -> bool:
        """The next step, animated; False at the end."""
        if self.replay.at_end:
            return False
        # What is still animating is shown at once, so the steps never overlap.
        self.presenter.skip()
        self.presenter.present(self.replay.forward())
        self.moves += 1
        return True

    def step_back(self) -> bool:
        self.playing = False
        return self.go_to(self.replay.position - 1)

    def turn_forward(self) -> bool:
        return self.go_to(self.replay.turn_end())

    def turn_back(self) -> bool:
        self.playing = False
        return self.go_to(self.replay.turn_start())

    def go_to(self, position: int) -> bool:
        """Show the game at ``position`` at once (no animation); False if it is where the
        replay stands or outside the game."""
        if not 0 <= position <= len(self.replay) or position == self.replay.position:
            return False
        self.timeline.cancel_all()
        self.replay.seek(position)
        self.session.match.state = self.replay.state
        # The log and the phase's report as they stood at that position.
        self.log = GameLog(tuple(self.names))
        self.phase_report = PhaseReport(len(self.names))
        for event in self.replay.events_until(position):
            self.log.add(event)
            self.phase_report.take(event)
        self.log_panel.scroll = 0
        self.dice_roll = None
        self.moves += 1
        self._resync()
        if not self.pinned:
            self.shown_seat = max(0, self.state.current_player)
        self.pause_left = STEP_PAUSE
        return True

    # --- per frame -------------------------------------------------------------------------

    def animating(self) -> bool:
        return (self.busy or self.synced != self.moves or self.tooltips.waiting
                or self.playing)

    def _advance(self, dt: float) -> None:
        self.clock += dt
        self.timeline.speed = self.ctx.animation_speed
        self.timeline.update(dt * self.speed)
        self.tooltips.update(dt)
        if self.busy:
            return
        if self.synced != self.moves:
            self._resync()
        self.follow_seat_to_move()
        if not self.playing:
            return
        if self.replay.at_end:
            self.playing = False
            return
        self.pause_left -= dt * self.speed
        if self.pause_left <= 0:
            self.step_forward()
            self.pause_left = STEP_PAUSE

    # --- what the prompt line says ---------------------------------------------------------

    def progress(self) -> str:
        """Where the replay stands: the phase and round, and the step of all steps."""
        r, state = self.replay, self.state
        counts = {"step": r.position, "steps": len(r)}
        if state.is_terminal():
            where = i18n.tr("replay.over")
        elif state.phase < 0 or r.at_start or state.in_module_setup:
            where = i18n.tr("replay.setting_up")
        else:
            where = i18n.tr("load.progress", phase=PHASES[state.phase], round=state.round + 1)
        return i18n.tr("replay.progress", where=where, **counts)

    def prompt(self) -> str:
        return self.progress()

    # --- input -----------------------------------------------------------------------------

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        shift = event.mod & pygame.KMOD_SHIFT
        if k == pygame.K_ESCAPE:
            self.leave()
        elif k == pygame.K_SPACE:
            self.toggle_play()
        elif k == pygame.K_RIGHT and shift or k == pygame.K_PAGEDOWN:
            self.turn_forward()
        elif k == pygame.K_LEFT and shift or k == pygame.K_PAGEUP:
            self.turn_back()
        elif k == pygame.K_RIGHT:
            self.step_forward()
        elif k == pygame.K_LEFT:
            self.step_back()
        elif k == pygame.K_HOME:
            self.playing = False
            self.go_to(0)
        elif k == pygame.K_END:
            self.playing = False
            self.go_to(len(self.replay))
        elif k == pygame.K_s:
            self.cycle_speed()
        elif k == pygame.K_F1:
            self.open_glossary()
        elif k == pygame.K_TAB:
            self.view_seat((self.shown_seat + 1) % len(self.names))

    def open_menu(self) -> None:
        """Escape leaves a replay; there is no game to save or quit."""
        self.leave()
