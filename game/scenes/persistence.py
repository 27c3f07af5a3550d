"""Where the game keeps its files, and how it writes and reads them safely.

Writes are atomic: a temporary file in the same directory is written, flushed to disk and
renamed over the target, so a crash leaves either the old file or the new one, never half
of each. Reading never modifies, moves or deletes the file it reads; anything wrong with a
file becomes a SaveError with a message a player can act on.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sys
import tempfile
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
AUTOSAVE_NAME = "autosave" + SAVE_SUFFIX
# A save is a few hundred kilobytes at most; refusing far larger files keeps a wrongly
# chosen file (a video, a disk image) from being read into memory.
MAX_SAVE_BYTES = 32 * 1024 * 1024


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
    return saves_dir(root) / AUTOSAVE_NAME


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
        self.params = {"name": self.path.name, **params}
        super().__init__(self.message())

    @property
    def reason(self) -> str:
        """The kind of problem: missing, unreadable, empty, not_text, truncated, damaged,
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


def read_json_file(path: Path, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Parse a JSON file, turning every way it can be unusable into a SaveError."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise SaveError("error.save.missing", path) from None
    except OSError as exc:
        raise SaveError("error.save.unreadable", path,
                        detail=exc.strerror or type(exc).__name__) from None
    if len(raw) > max_bytes:
        raise SaveError("error.save.foreign", path)
    if not raw.strip():
        raise SaveError("error.save.empty", path)
    if b"\x00" in raw:
        raise SaveError("error.save.not_text", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError("error.save.not_text", path) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if not text.lstrip().startswith(("{", "[")):
            raise SaveError("error.save.foreign", path) from None
        if _ends_early(text):
            raise SaveError("error.save.truncated", path) from None
        raise SaveError("error.save.damaged", path, line=exc.lineno, column=exc.colno) from None


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
    # The time only labels the save in menus; a bad one must not make the game unloadable.
    if not isinstance(value, str):
        return None
    try:
        when = _dt.datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=_dt.timezone.utc)


@dataclass(frozen=True)
class SaveEntry:
    """One file in the saves directory, readable or not (``error`` says why not)."""

    path: Path
    save: SaveFile | None
    error: SaveError | None

    @property
    def name(self) -> str:
        return self.path.stem


def list_saves(directory: Path | None = None) -> list[SaveEntry]:
    """Every save file, newest first; unreadable ones are listed with their error."""
    folder = Path(directory) if directory is not None else saves_dir()
    if not folder.is_dir():
        return []
    entries = []
    for path in folder.iterdir():
        if path.suffix != SAVE_SUFFIX or path.name.startswith(".") or not path.is_file():
            continue
        try:
            entries.append(SaveEntry(path, read_save(path), None))
        except SaveError as exc:
            entries.append(SaveEntry(path, None, exc))

    def newest_first(entry: SaveEntry) -> tuple[float, str]:
        if entry.save is not None and entry.save.saved_at is not None:
            stamp = entry.save.saved_at.timestamp()
        else:
            try:
                stamp = entry.path.stat().st_mtime
            except OSError:
                stamp = 0.0
        return (-stamp, entry.path.name)

    return sorted(entries, key=newest_first)


def format_saved_at(when: _dt.datetime | None) -> str:
    """A save time in the player's local time zone, e.g. 2025-03-01 18:42."""
    if when is None:
        return "?"
    return when.astimezone().strftime("%Y-%m-%d %H:%M")
