"""What every scene may need from the running client: settings, files, sound and the game
launcher.

Kept apart from the window so that scenes can be built and driven in tests without one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from . import i18n, persistence
from .art import palette
from .anim.timeline import Speed
from .persistence import DataDirLock, SaveFile
from .preferences import Notice, Settings, SettingsStore
from .sound import MixerDevice, SoundBoard

if TYPE_CHECKING:
    from .session import GameSession, GameSetup


class GameLauncher(Protocol):
    """Moves between the title, the setup, a game at the table and its results
    (launcher.Launcher; tests substitute their own)."""

    def new_game(self) -> None:
        """Show the setup scene."""

    def start(self, setup: GameSetup, *, chosen: bool = False) -> object:
        """Start a game of this setup at the table, in place of every scene (`chosen`: its
        seats were chosen in the setup screen)."""

    def start_tutorial(self) -> object:
        """Start the guided first game at the table, in place of every scene."""

    def open_save(self, save: SaveFile) -> object:
        """Resume a saved game (its results when it is over); a save that cannot be played
        is explained to the player and left as it is."""

    def show_results(self, session: GameSession) -> None:
        """Replace the table with the finished game's results."""

    def to_title(self) -> None:
        """Back to the title screen, in place of every scene."""

    def watch(self, session: GameSession) -> Any:
        """Watch a finished game from its start over the current screen (its results)."""

    def watch_save(self, save: SaveFile) -> Any:
        """Watch a saved game from its start, as far as it was played, over the current
        screen; a save that does not replay is explained to the player."""


class ClientContext:
    def __init__(self, data_root: Path, store: SettingsStore, settings: Settings,
                 launcher: GameLauncher | None = None,
                 set_fullscreen: Callable[[bool], None] | None = None,
                 sound: SoundBoard | None = None) -> None:
        self.data_root = Path(data_root)
        self.store = store
        self._settings = settings
        self.launcher = launcher
        self.set_fullscreen = set_fullscreen
        self.notices: list[Notice] = list(store.notices)
        self.quit_requested = False
        # True while another instance holds the data directory, or its lock cannot be
        # taken: this one shows saved games but writes nothing (no autosave, saves,
        # settings, last setup or statistics).
        self.read_only = False
        self.read_only_explained = False
        # The last setup could not be read, and the setup screen has said so.
        self.last_setup_explained = False
        # Why the lock could not be taken, when it is not another instance's (a
        # DataDirLock problem other than "busy", and the system's message).
        self.lock_problem: tuple[str, str] | None = None
        self.lock: DataDirLock | None = None
        # The own file of the game at the table (begin_game); named when first asked for.
        self._game_path: Path | None = None
        self._settings_listeners: list[Callable[[Settings], None]] = []
        i18n.set_language(settings.language)
        palette.set_scheme(settings.colours)
        # Nothing is opened here: the board opens the audio device when a sound is wanted.
        self.sound = sound if sound is not None else SoundBoard(MixerDevice())
        self.sound.set_level(settings.sound_volume, settings.sound)

    @classmethod
    def load(cls, data_root: Path | None = None, **kwargs: Any) -> ClientContext:
        root = Path(data_root) if data_root is not None else persistence.data_dir()
        store = SettingsStore(persistence.settings_path(root))
        return cls(root, store, store.load(), **kwargs)

    @classmethod
    def open(cls, data_root: Path | None = None, **kwargs: Any) -> ClientContext:
        """The context of a running client: ``load``, then the data directory's lock.
        Holding it, the leftovers of writes cut short by a crash are removed; when another
        instance holds it, or it cannot be taken at all, this one is read-only. Never
        waits for the other instance."""
        ctx = cls.load(data_root, **kwargs)
        lock = DataDirLock(ctx.data_root)
        outcome = lock.acquire()
        if outcome == DataDirLock.HELD:
            ctx.lock = lock
            persistence.remove_stale_temp_files(ctx.data_root)
            return ctx
        ctx.read_only = True
        if outcome == DataDirLock.UNAVAILABLE:
            ctx.lock_problem = (lock.problem or "error", lock.detail)
        return ctx

    def read_only_text(self, key: str = "title.read_only") -> str:
        """Why nothing is saved: another window, or a lock that cannot be taken (``key``
        for the first, ``key`` + ".lock" for the second)."""
        if self.lock_problem is None:
            return i18n.tr(key)
        problem, detail = self.lock_problem
        reason = i18n.tr(f"lock.{problem}", error=detail)
        return i18n.tr(f"{key}.lock", reason=reason)

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def animation_speed(self) -> Speed:
        return Speed(self._settings.animation_speed)

    @property
    def saves_dir(self) -> Path:
        return persistence.saves_dir(self.data_root)

    @property
    def autosave_path(self) -> Path:
        """The file the game at the table is saved in after every turn: its own, which
        no other game ever writes, so starting a game never overwrites another one."""
        if self._game_path is None:
            self._game_path = persistence.new_game_path(self.data_root)
        return self._game_path

    def begin_game(self, save_path: Path | None = None) -> Path:
        """A game comes to the table; returns the file it is saved in from now on.

        A game in progress that is continued or loaded goes on in its own file
        (``save_path``). Any other file it was opened from is never written: a save the
        player made stays as it was, a link (whose target may lie outside the data
        directory) is never written through, and the game goes on in a file of its own."""
        own = (save_path is not None and persistence.is_game_file(save_path)
               and persistence.is_own_file(save_path, self.data_root))
        self._game_path = (Path(save_path) if own and save_path is not None
                           else persistence.new_game_path(self.data_root))
        return self._game_path

    def on_settings_changed(self, listener: Callable[[Settings], None]) -> None:
        self._settings_listeners.append(listener)

    def change_settings(self, **changes: Any) -> bool:
        """Apply and save; returns False (with a notice) when the file could not be written.
        The change applies to this session either way."""
        old, new = self._settings, self._settings.with_changes(**changes)
        self._settings = new
        i18n.set_language(new.language)
        palette.set_scheme(new.colours)
        self.sound.set_level(new.sound_volume, new.sound)
        if new.fullscreen != old.fullscreen and self.set_fullscreen is not None:
            self.set_fullscreen(new.fullscreen)
        for listener in list(self._settings_listeners):
            listener(new)
        if self.read_only:
            return True
        try:
            self.store.save(new)
        except OSError as exc:
            self.notices.append(Notice("settings.save_failed",
                                       {"error": exc.strerror or type(exc).__name__}))
            return False
        return True

    def request_quit(self) -> None:
        self.quit_requested = True
