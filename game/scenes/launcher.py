"""The game flow: title, setup, table and results, and opening saved games.

The launcher owns the transitions between the client's screens. A game at the table or
its results replace every scene below them, so leaving a game never uncovers a stale
screen; the setup scene and dialogs are pushed over what they came from.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..rules import GameRecord
from . import i18n
from .context import ClientContext
from .layout import DESIGN_WIDTH, Canvas
from .persistence import SaveError, SaveFile
from .preferences import Notice
from .session import GameSession, GameSetup, parse_payload
from .stack import Scene, SceneStack
from .ui import theme
from .ui.confirm import MessageOverlay
from .worker import Background


TableFactory = Callable[[ClientContext, GameSession], Scene]


def _table_scene() -> TableFactory:
    # Imported when first needed: the table pulls in the animation and dice machinery,
    # which the menus and the command-line tools do without.
    from .table import TableScene
    return TableScene


class Launcher:
    """Implements context.GameLauncher on a scene stack."""

    def __init__(self, ctx: ClientContext, stack: SceneStack,
                 table_class: TableFactory | None = None) -> None:
        self.ctx = ctx
        self.stack = stack
        self._table_class = table_class
        # The game this launcher put at the table last (None before the first).
        self.playing: Scene | None = None
        # The last finished game being added to the statistics (None before the first).
        self.recording: Background[None] | None = None
        ctx.launcher = self
        stack.layers.append(ReadOnlyNotice(ctx, self))

    @property
    def table_class(self) -> TableFactory:
        if self._table_class is None:
            self._table_class = _table_scene()
        return self._table_class

    def _replace_all(self, scene: Scene) -> Scene:
        self.stack.clear()
        return self.stack.push(scene)

    # --- context.GameLauncher ------------------------------------------------------------

    def to_title(self) -> None:
        from .title import TitleScene
        self._replace_all(TitleScene(self.ctx))

    def new_game(self) -> None:
        from .setup import SetupScene
        self.stack.push(SetupScene(self.ctx))

    def start(self, setup: GameSetup, *, chosen: bool = False) -> GameSession:
        """A new game at the table (which saves it for Continue after every turn). The
        setup is remembered for the next new game (`chosen`: its seats were chosen in the
        setup screen, see setup.save_last_setup)."""
        from .setup import save_last_setup
        try:
            if not self.ctx.read_only:
                save_last_setup(self.ctx.data_root, setup, chosen=chosen)
        except OSError as exc:
            self._notice("launcher.setup_not_saved", exc)
        session = GameSession(setup)
        self.ctx.begin_game()
        self.playing = self._replace_all(self.table_class(self.ctx, session))
        return session

    def start_tutorial(self) -> GameSession:
        """The guided first game at the table: a normal game against an Easy AI player
        with the tutorial laid over it. It is saved in its own file like any game
        (Continue resumes it as a normal game) and leaves the remembered setup alone."""
        from .table.tutorial_panel import TutorialPanel
        from .tutorial import tutorial_setup
        session = GameSession(tutorial_setup())
        self.ctx.begin_game()
        table = self.playing = self._replace_all(self.table_class(self.ctx, session))
        if hasattr(table, "tutorial"):
            TutorialPanel(table)
        return session

    def open_save(self, save: SaveFile) -> GameSession | None:
        """Resume a saved game, or show its results when it is over. A save that does
        not hold a playable game is explained in a dialog; the file is never changed.
        A game in progress goes on in its own file; one opened from any other file goes
        on in a new file of its own (ClientContext.begin_game)."""
        try:
            session = GameSession.from_save(save)
        except SaveError as exc:
            self.show_error(exc)
            return None
        except Exception as exc:  # noqa: BLE001 - a save is outside input: no file may crash us
            self.show_error(SaveError("error.save.malformed", save.path, detail=str(exc)))
            return None
        self._save_game_left()
        if session.over:
            self.show_results(session)
        else:
            self.ctx.begin_game(save.path)
            self.playing = self._replace_all(self.table_class(self.ctx, session))
        return session

    def _save_game_left(self) -> None:
        """A game left for another one (Load from its menu) is saved as it stands, as
        Quit saves it, so the moves of its turn in progress are kept too."""
        for scene in self.stack.scenes:
            autosave = getattr(scene, "autosave", None)
            if callable(autosave):
                autosave()

    def show_results(self, session: GameSession) -> None:
        """The results, where every finished game passes: it is counted in the statistics
        here (once: the record knows each game by its id), on a worker thread, so the
        results show at once; what the player should be told joins the notices."""
        from .results import ResultsScene
        from .statistics import record_game, result_of
        if not self.ctx.read_only and session.over:
            root, result, notices = self.ctx.data_root, result_of(session), self.ctx.notices
            previous = self.recording

            def work() -> None:
                if previous is not None:   # games are recorded in the order they ended
                    previous.wait()
                notices.extend(record_game(root, result))

            self.recording = Background(work, None, "record-game")
        self._replace_all(ResultsScene(self.ctx, session))

    def watch(self, session: GameSession) -> Scene | None:
        """Watch a game from its start, over the screen it is opened from (the results);
        leaving the replay uncovers that screen again."""
        return self._watch(session.setup, session.match.record, None)

    def watch_save(self, save: SaveFile) -> Scene | None:
        """Watch a saved game from its start, as far as it was played, over the load list.
        A save that does not replay is explained in a dialog."""
        try:
            setup, record = parse_payload(save.payload)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            self.show_error(SaveError("error.save.malformed", save.path, detail=str(exc)))
            return None
        return self._watch(setup, record, save)

    def _watch(self, setup: GameSetup, record: GameRecord,
               save: SaveFile | None) -> Scene | None:
        from .replay import Replay, ReplayError
        from .table.replay import ReplayScene
        try:
            replay = Replay(record)
        except ReplayError as exc:
            path = save.path if save is not None else self.ctx.autosave_path
            self.show_error(SaveError("error.save.malformed", path, detail=str(exc)))
            return None
        return self.stack.push(ReplayScene(self.ctx, setup, replay))

    # --- messages ------------------------------------------------------------------------

    def show_error(self, error: SaveError) -> MessageOverlay:
        """A dialog over the current screen saying why a save cannot be opened."""
        def text() -> str:
            return f"{error.message()}\n\n{i18n.tr('launcher.file_kept')}"
        return self.stack.push(MessageOverlay("launcher.open_failed", text))

    def _notice(self, key: str, exc: OSError) -> None:
        self.ctx.notices.append(Notice(key, {"error": exc.strerror or type(exc).__name__}))


class ReadOnlyNotice:
    """A stack layer: while the window is read-only, the game being played says at the
    table that it is not saved (a game opened from a save, or started by Play again).
    Drawn over the table rather than by it, on a band of its own at the top edge."""

    CENTRE_TOP = (DESIGN_WIDTH / 2, 6)

    def __init__(self, ctx: ClientContext, launcher: Launcher) -> None:
        self.ctx = ctx
        self.launcher = launcher

    def shown(self, visible: list[Scene]) -> bool:
        playing = self.launcher.playing
        return self.ctx.read_only and playing is not None and any(
            scene is playing for scene in visible)

    def draw(self, surface: pygame.Surface, visible: list[Scene]) -> None:
        if not self.shown(visible):
            return
        canvas = Canvas(surface)
        text = i18n.tr("table.read_only")
        font = canvas.font(theme.FONT_SMALL)
        w = font.size(text)[0] / canvas.scale + 32
        h = font.get_linesize() / canvas.scale + 8
        x, y = self.CENTRE_TOP
        canvas.fill_rect((x - w / 2, y, w, h), theme.TOOLTIP, radius=h / 2)
        canvas.fill_rect((x - w / 2, y, w, h), theme.ERROR_ON_DARK, radius=h / 2, width=2)
        canvas.text(text, (x, y + h / 2), theme.FONT_SMALL, theme.ERROR_ON_DARK,
                    anchor="center")
