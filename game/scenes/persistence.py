"""Where the game keeps its files, and how it writes and reads them safely.

Writes are atomic: a temporary file in the same directory is written, flushed to disk and
renamed over the target, so a crash leaves either the old file or the new one, never half
of each. Reading never modifies, moves or deletes the file it reads; anything wrong with a
file becomes a SaveError with a message a player can act on.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import math
import os
import re
import secrets
import stat
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from . import i18n

APP_DIR_NAME = "castles-of-burgundy"
DATA_DIR_ENV = "CASTLES_DATA_DIR"
SAVE_FORMAT = "castles-of-burgundy-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".json"
# Earlier versions kept one autosave for every game. A data directory that still has one
# keeps it where it is, as the own file of the game it holds (see is_game_file).
AUTOSAVE_NAME = "autosave" + SAVE_SUFFIX
# Every game has its own file from the start of its first turn, named once by when it
# began and a random tag: "game-20250301-184200-3fa9c1.json". No other game writes it.
GAME_PREFIX = "game-"
_GAME_FILE = re.compile(r"game-\d{8}-\d{6}-[0-9a-f]{6}\.json")
# A save is a few hundred kilobytes at most; refusing far larger files keeps a wrongly
# chosen file (a video, a disk image) from being read into memory.
MAX_SAVE_BYTES = 32 * 1024 * 1024
# Limits on what a file may hold. Our files nest a handful of levels and hold no number
# beyond a 64-bit seed; deeper nesting would raise RecursionError in the parser or in the
# code walking the data, and Python refuses to convert integers of more than 4300 digits
# back to text (so a loaded one could never be saved again).
MAX_JSON_DEPTH = 32
MAX_INT_DIGITS = 20
LOCK_NAME = ".lock"
# An atomic write's temporary file: "." + target name + "." + mkstemp's 8 random
# characters + ".tmp". Only those of our own files (*.json, *.json.broken) are ever removed.
_TEMP_FILE = re.compile(r"\.(?P<target>.+\.json(?:\.broken)?)\.[a-z0-9_]{8}\.tmp")


def data_dir(platform: str | None = None) -> Path:
    """The directory for this user's saves and settings (not created here).

    CASTLES_DATA_DIR overrides everything; otherwise platformdirs' user data directory:
    ``$XDG_DATA_HOME`` (or ``~/.local/share``) on Linux, ``~/Library/Application Support``
    on macOS, the roaming ``%APPDATA%`` on Windows, each with ``castles-of-burgundy/``.
    """
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    # Roaming and without an author folder: where earlier versions kept the files.
    current = Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False, roaming=True))
    if not current.exists():
        for earlier in _earlier_data_dirs(sys.platform if platform is None else platform):
            if earlier != current and earlier.is_dir():
                return earlier
    return current


def _earlier_data_dirs(platform: str) -> list[Path]:
    """Where earlier versions kept the files when platformdirs now answers otherwise.

    On macOS platformdirs follows ``$XDG_DATA_HOME`` when it is set; earlier versions
    always used Application Support. On Windows earlier versions read ``%APPDATA%``, which
    may have been pointed elsewhere than the shell's roaming folder. An existing directory
    there keeps being used, so no save goes missing.
    """
    if platform == "darwin":
        return [Path.home() / "Library" / "Application Support" / APP_DIR_NAME]
    appdata = os.environ.get("APPDATA", "").strip()
    if platform.startswith("win") and appdata:
        return [Path(appdata) / APP_DIR_NAME]
    return []


def saves_dir(root: Path | None = None) -> Path:
    return (root or data_dir()) / "saves"


def autosave_path(root: Path | None = None) -> Path:
    """The one autosave of earlier versions; now the own file of the game it holds."""
    return saves_dir(root) / AUTOSAVE_NAME


def new_game_path(root: Path | None = None, when: _dt.datetime | None = None) -> Path:
    """A name for a new game's own file in the saves directory, used by no other file
    (nothing is created here)."""
    stamp = (when or now_utc()).astimezone(_dt.UTC).strftime("%Y%m%d-%H%M%S")
    while True:
        path = saves_dir(root) / f"{GAME_PREFIX}{stamp}-{secrets.token_hex(3)}{SAVE_SUFFIX}"
        if not os.path.lexists(path):
            return path


def is_game_file(path: Path) -> bool:
    """Whether a file's name is that of a game's own file (new_game_path, or the autosave
    of earlier versions), as opposed to a save the player made."""
    name = Path(path).name
    return name == AUTOSAVE_NAME or _GAME_FILE.fullmatch(name) is not None


def is_own_file(path: Path, root: Path | None = None) -> bool:
    """Whether the game may write over or delete ``path``: an ordinary file right in the
    saves directory, not a link (whose target may lie outside the data directory)."""
    path = Path(path)
    if path.parent != saves_dir(root):
        return False
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def settings_path(root: Path | None = None) -> Path:
    return (root or data_dir()) / "settings.json"


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; parent directories are created."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_directory(path.parent)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, value: Any) -> None:
    atomic_write_text(path, json.dumps(value, ensure_ascii=False, indent=1) + "\n")


def aside_path(path: Path) -> Path:
    """Where a file that could not be read is kept when a new one takes its name: the
    first free ``.broken`` name (``name.broken``, ``name.2.broken``, ...), never over
    another."""
    path = Path(path)
    number = 1
    while True:
        suffix = ".broken" if number == 1 else f".{number}.broken"
        target = path.with_name(path.name + suffix)
        if not os.path.lexists(target):
            return target
        number += 1


def _fsync_directory(directory: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open directories this way.
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class SaveError(Exception):
    """A save file that cannot be used; ``str()`` is a message for the player.

    ``key`` and ``params`` let the UI show the message in the current language.
    """

    def __init__(self, key: str, path: Path, **params: Any) -> None:
        self.key = key
        self.path = Path(path)
        # A detail may quote the file (an unknown field's name, say): it is shown in a
        # dialog, so it must be drawable whatever the file holds.
        shown = {k: _shown_detail(v) if isinstance(v, str) else v for k, v in params.items()}
        self.params = {"name": display_name(self.path.name), **shown}
        super().__init__(self.message())

    @property
    def reason(self) -> str:
        """The kind of problem: missing, dangling, link_loop, unreadable, folder, pipe,
        device, not_file, too_large, empty, not_text, truncated, damaged, excessive,
        foreign, newer or malformed (each has a short "reason.*" UI string)."""
        return self.key.rsplit(".", 1)[-1]

    def message(self, lang: str | None = None) -> str:
        return i18n.tr(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.message()


@dataclass(frozen=True)
class SaveFile:
    path: Path
    version: int
    saved_at: _dt.datetime | None
    payload: dict[str, Any]


def now_utc() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


def make_envelope(payload: Mapping[str, Any], saved_at: _dt.datetime | None = None) -> dict:
    if not isinstance(payload, Mapping):
        raise TypeError(f"a save payload must be a mapping, not {type(payload).__name__}")
    when = (saved_at or now_utc()).astimezone(_dt.timezone.utc)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": when.isoformat(timespec="seconds"),
        "payload": dict(payload),
    }


def write_save(path: Path, payload: Mapping[str, Any],
               saved_at: _dt.datetime | None = None) -> None:
    atomic_write_json(path, make_envelope(payload, saved_at))


def display_name(name: str) -> str:
    """A file name as text that can be drawn and encoded: bytes that are not UTF-8 (kept
    by Python as lone surrogates) and unprintable characters become U+FFFD."""
    try:
        raw = name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = name.encode("utf-8", "surrogatepass")
    text = raw.decode("utf-8", "replace")
    return "".join(ch if ch.isprintable() else "\ufffd" for ch in text)


def _shown_detail(text: str, limit: int = 200) -> str:
    text = display_name(text)
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def read_json_file(path: Path, max_bytes: int | None = None) -> Any:
    """Parse a JSON file, turning every way it can be unusable into a SaveError."""
    path = Path(path)
    max_bytes = MAX_SAVE_BYTES if max_bytes is None else max_bytes
    raw = _read_limited(path, max_bytes)
    if len(raw) > max_bytes:
        raise _too_large(path, max_bytes)
    if not raw.strip():
        raise SaveError("error.save.empty", path)
    if b"\x00" in raw:
        raise SaveError("error.save.not_text", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError("error.save.not_text", path) from None
    try:
        doc = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                         parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        if not text.lstrip().startswith(("{", "[")):
            raise SaveError("error.save.foreign", path) from None
        if _ends_early(text):
            raise SaveError("error.save.truncated", path) from None
        raise SaveError("error.save.damaged", path, line=exc.lineno, column=exc.colno) from None
    except (ValueError, RecursionError):
        raise SaveError("error.save.excessive", path) from None
    if not _within_limits(doc):
        raise SaveError("error.save.excessive", path)
    return doc


def _read_limited(path: Path, max_bytes: int) -> bytes:
    """At most max_bytes + 1 bytes of a regular file. Anything else (a directory, a pipe,
    a device, a link to nothing) is refused by its type before it is opened, and the file
    is opened non-blocking, so a pipe put in its place between the check and the open
    cannot hang the game."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise SaveError(_missing_key(path), path) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SaveError("error.save.link_loop", path) from None
        raise SaveError("error.save.unreadable", path, detail=_os_detail(exc)) from None
    except ValueError as exc:
        raise SaveError("error.save.unreadable", path, detail=_os_detail(exc)) from None
    _refuse_unless_regular(path, info.st_mode)
    if info.st_size > max_bytes:
        raise _too_large(path, max_bytes)
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
             | getattr(os, "O_NOCTTY", 0))
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise SaveError(_missing_key(path), path) from None
    except OSError as exc:
        raise SaveError("error.save.unreadable", path, detail=_os_detail(exc)) from None
    try:
        _refuse_unless_regular(path, os.fstat(fd).st_mode)
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError("error.save.unreadable", path, detail=_os_detail(exc)) from None
    finally:
        os.close(fd)


def _missing_key(path: Path) -> str:
    """A file that is not there, or a link to one that is not."""
    try:
        return "error.save.dangling" if stat.S_ISLNK(os.lstat(path).st_mode) else \
            "error.save.missing"
    except (OSError, ValueError):
        return "error.save.missing"


def _refuse_unless_regular(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise SaveError("error.save.folder", path)
    if stat.S_ISFIFO(mode):
        raise SaveError("error.save.pipe", path)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise SaveError("error.save.device", path)
    raise SaveError("error.save.not_file", path)


def _too_large(path: Path, max_bytes: int) -> SaveError:
    return SaveError("error.save.too_large", path, limit=max(1, max_bytes // (1024 * 1024)))


def _os_detail(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or type(exc).__name__


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError("number too large")
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("number too large")
    return value


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number in JSON")


def _within_limits(doc: Any) -> bool:
    """Nesting no deeper than MAX_JSON_DEPTH and no string (key or value) with a lone
    surrogate, which a "\\ud800" escape can produce but which no file we write holds:
    such a string cannot be encoded, drawn or saved again."""
    pending = [(doc, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if not _encodable(value):
                return False
        elif isinstance(value, (dict, list)):
            if depth > MAX_JSON_DEPTH:
                return False
            if isinstance(value, dict):
                for key, item in value.items():
                    if not _encodable(key):
                        return False
                    pending.append((item, depth + 1))
            else:
                pending.extend((item, depth + 1) for item in value)
    return True


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _ends_early(text: str) -> bool:
    """True when the text stops inside a string or an open object or array: the mark
    of a file cut short, as opposed to one with wrong bytes in the middle."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
    return in_string or depth > 0


def read_save(path: Path) -> SaveFile:
    path = Path(path)
    doc = read_json_file(path)
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveError("error.save.foreign", path)
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("error.save.malformed", path, detail="no valid format version")
    if version > SAVE_VERSION:
        raise SaveError("error.save.newer", path, version=version, supported=SAVE_VERSION)
    payload = doc.get("payload")
    if not isinstance(payload, dict):
        raise SaveError("error.save.malformed", path, detail="the game data is missing")
    saved_at = _parse_time(doc.get("saved_at"))
    return SaveFile(path=path, version=version, saved_at=saved_at, payload=payload)


def _parse_time(value: Any) -> _dt.datetime | None:
    """The save time in UTC, or None. The time only labels the save in menus; a bad one
    (not a time, or one whose UTC falls outside the years 1-9999) must not make the game
    unloadable."""
    if not isinstance(value, str):
        return None
    try:
        when = _dt.datetime.fromisoformat(value)
        if when.tzinfo is None:
            return when.replace(tzinfo=_dt.UTC)
        return when.astimezone(_dt.UTC)
    except (ValueError, OverflowError):
        return None


@dataclass(frozen=True)
class SaveEntry:
    """One file in the saves directory, readable or not (``error`` says why not).
    ``link`` is where it leads when it is a symbolic link (as text that can be shown)."""

    path: Path
    save: SaveFile | None
    error: SaveError | None
    link: str | None = None

    @property
    def name(self) -> str:
        return display_name(self.path.stem)

    @property
    def is_game_file(self) -> bool:
        return is_game_file(self.path)


def list_saves(directory: Path | None = None) -> list[SaveEntry]:
    """Every save file, newest first. Whatever else bears a save's name (a directory, a
    pipe, a device, a link to nothing or in a circle, a file too large) is listed with
    the error that says why it cannot be loaded; none of them is opened for reading."""
    folder = Path(directory) if directory is not None else saves_dir()
    if not folder.is_dir():
        return []
    entries = []
    try:
        paths = list(folder.iterdir())
    except OSError:
        return []
    for path in paths:
        if path.suffix.lower() != SAVE_SUFFIX or path.name.startswith("."):
            continue
        link = _link_target(path)
        try:
            entries.append(SaveEntry(path, read_save(path), None, link))
        except SaveError as exc:
            entries.append(SaveEntry(path, None, exc, link))

    def newest_first(entry: SaveEntry) -> tuple[float, int, str]:
        # The save time is written to the second; the file's own time orders saves made
        # within one second.
        try:
            written = os.lstat(entry.path).st_mtime_ns
        except (OSError, ValueError):
            written = 0
        if entry.save is not None and entry.save.saved_at is not None:
            stamp = entry.save.saved_at.timestamp()
        else:
            stamp = written / 1e9
        return (-stamp, -written, entry.path.name)

    return sorted(entries, key=newest_first)


def _link_target(path: Path) -> str | None:
    try:
        return _shown_detail(os.readlink(path)) if path.is_symlink() else None
    except (OSError, ValueError):
        return None


def local_time(when: _dt.datetime | None) -> _dt.datetime | None:
    """A save time in the player's local time zone; None for none, or for one that has
    no local time (the first or last hours of the years 1-9999, shifted out of that
    range by the time zone)."""
    if when is None:
        return None
    try:
        return when.astimezone()
    except (OverflowError, ValueError, OSError):
        return None


def format_saved_at(when: _dt.datetime | None) -> str:
    """A save time in the player's local time zone, e.g. 2025-03-01 18:42, or "unknown
    date" where it has none (local_time)."""
    local = local_time(when)
    if local is None:
        return i18n.tr("date.unknown")
    # Formatted by hand: strftime pads years before 1000 differently on each platform.
    return (f"{local.year:04d}-{local.month:02d}-{local.day:02d} "
            f"{local.hour:02d}:{local.minute:02d}")


# --- housekeeping at start ---------------------------------------------------------------

def remove_stale_temp_files(root: Path, min_age: float = 0.0) -> list[Path]:
    """Delete the temporary files of atomic writes that never finished (the process was
    killed between writing and renaming), in the data directory and the saves directory.

    Only call this while holding the data directory's lock: another running instance may
    be in the middle of a write. ``min_age`` (seconds) spares younger files. Returns what
    was removed; a file that cannot be removed is left for the next start."""
    removed = []
    now = time.time()
    for folder in (Path(root), saves_dir(Path(root))):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if not _TEMP_FILE.fullmatch(name):
                continue
            path = folder / name
            try:
                info = os.lstat(path)
                if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < min_age:
                    continue
                os.unlink(path)
            except OSError:
                continue
            removed.append(path)
    return removed


class DataDirLock:
    """An exclusive lock on the data directory, held while the client runs, so that a
    second instance does not overwrite the first one's autosave and settings.

    The lock is the operating system's (flock on POSIX, msvcrt on Windows) on the file
    ``.lock`` in the data directory: it ends with the process, so a crash never leaves a
    stale lock. The lock file is never reached through a symbolic link, and it must be a
    regular file; anything else there (a directory, a link, a pipe) is left as it is and
    the lock is not taken. The file shows the owner's process id, for people looking at
    the directory, but only a *pid file* is ever written: a regular file with one link,
    owned by this user, that is empty or holds nothing but a process id (what this class
    writes). Any other content is never truncated or overwritten, even while locked."""

    HELD, BUSY, UNAVAILABLE = "held", "busy", "unavailable"
    # Why the lock could not be taken (``problem``): "busy", "symlink", "not_file" or
    # "error" (with the system's message in ``detail``).
    PID_TEXT = re.compile(rb"\d{0,20}\n?")

    def __init__(self, root: Path) -> None:
        self.path = Path(root) / LOCK_NAME
        self._fd: int | None = None
        self.problem: str | None = None
        self.detail = ""

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> str:
        """HELD when this process now holds the lock, BUSY when another one does, and
        UNAVAILABLE when the lock cannot be taken at all (``problem`` and ``detail`` say
        why). Never waits."""
        if self._fd is not None:
            return self.HELD
        self.problem, self.detail = None, ""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = self._open()
        except OSError as exc:
            return self._unavailable(exc)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                self.problem = "not_file"
                return self.UNAVAILABLE
            _lock_fd(fd)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK,
                             getattr(errno, "EDEADLK", -1)):
                self.problem = "busy"
                return self.BUSY
            return self._unavailable(exc)
        self._fd = fd
        self._write_pid(fd)
        return self.HELD

    def _open(self) -> int:
        """The lock file, never through a symbolic link. O_NOFOLLOW refuses a link as the
        last part of the path where the system has it; the lstat check covers the others
        (Windows). Non-blocking, so a pipe put there cannot hang the game."""
        if os.path.islink(self.path):
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(self.path))
        flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                 | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
        return os.open(self.path, flags, 0o644)

    def _unavailable(self, exc: OSError) -> str:
        if exc.errno == errno.ELOOP or os.path.islink(self.path):
            self.problem = "symlink"
        elif exc.errno == errno.EISDIR or (os.path.lexists(self.path)
                                           and not os.path.isfile(self.path)):
            self.problem = "not_file"
        else:
            self.problem, self.detail = "error", _os_detail(exc)
        return self.UNAVAILABLE

    def _write_pid(self, fd: int) -> None:
        """This process's id, into a pid file only (see the class)."""
        try:
            info = os.fstat(fd)
            if info.st_nlink != 1 or info.st_size > 64:
                return
            if hasattr(os, "getuid") and info.st_uid != os.getuid():
                return
            os.lseek(fd, 0, os.SEEK_SET)
            if not self.PID_TEXT.fullmatch(os.read(fd, 65)):
                return
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the pid is only informative

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock_fd(fd)
        except OSError:
            pass
        os.close(fd)


if os.name == "nt":
    import msvcrt

    def _lock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
