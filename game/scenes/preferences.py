"""The player's settings: language, animation speed, full screen, hand-off screen, sound
and its volume, the colour scheme and the interface size.

A settings file that cannot be used never stops the game: the defaults (or every value
that could be read) are used and the problems are reported as notices. The unusable file
is left alone until settings are next saved, and then kept beside the new one as
"settings.json.broken" (or ".2.broken" and so on, never over an earlier one) so nothing
the player had is lost without trace.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from . import i18n
from .persistence import SaveError, aside_path, atomic_write_json, read_json_file

SETTINGS_FORMAT = "castles-of-burgundy-settings"
# Version 2: the interface size is a share of the usable area, and 100% (a maximised
# window) is the default.
SETTINGS_VERSION = 2
ANIMATION_SPEEDS = ("normal", "fast", "instant")
VOLUME_LEVELS = tuple(range(10, 101, 10))   # percent
COLOUR_SCHEMES = ("standard", "colour_blind")
# The window's share of the usable area of the screen in percent, 100 being a maximised
# window (the whole interface scales with the window: the table is laid out once and
# drawn at the window's size); see app.window_size.
INTERFACE_SIZES = (60, 70, 85, 100)
# Version 1's default interface size. Every version-1 file stores the interface size,
# chosen or not, so 85 there is read as version 2's default: a window that fills the screen.
_VERSION_1_DEFAULT_SIZE = 85
BROKEN_SUFFIX = ".broken"


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """German when the system locale is German, otherwise English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    animation_speed: str = "normal"
    fullscreen: bool = False
    handoff_screen: bool = True
    sound: bool = True
    sound_volume: int = 70
    colours: str = "standard"
    interface_size: int = 100

    def __post_init__(self) -> None:
        for f in fields(self):
            problem = _check(f.name, getattr(self, f.name))
            if problem:
                raise ValueError(f"setting {f.name}: {problem}")

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _check(name: str, value: Any) -> str | None:
    if name == "language":
        return None if value in i18n.LANGUAGES else f"expected one of {i18n.LANGUAGES}"
    if name == "animation_speed":
        return None if value in ANIMATION_SPEEDS else f"expected one of {ANIMATION_SPEEDS}"
    if name == "colours":
        return None if value in COLOUR_SCHEMES else f"expected one of {COLOUR_SCHEMES}"
    if name == "interface_size":
        return (None if type(value) is int and value in INTERFACE_SIZES
                else f"expected one of {INTERFACE_SIZES}")
    if name == "sound_volume":
        return (None if type(value) is int and value in VOLUME_LEVELS
                else f"expected one of {VOLUME_LEVELS}")
    return None if type(value) is bool else "expected true or false"


def _regular_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


@dataclass(frozen=True)
class Notice:
    """A problem worth telling the player about, in whatever language is current."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    reason: str | None = None

    def message(self, lang: str | None = None) -> str:
        params = dict(self.params)
        if self.reason is not None:
            params["detail"] = i18n.tr(f"reason.{self.reason}", lang)
        return i18n.tr(self.key, lang, **params)


class SettingsStore:
    """Loads and saves the settings file at ``path``."""

    def __init__(self, path: Path, default_language: str | None = None) -> None:
        self.path = Path(path)
        self.defaults = Settings(language=default_language or system_language())
        self.notices: list[Notice] = []
        self._keep_broken = False

    def load(self) -> Settings:
        """The stored settings, or defaults for whatever cannot be read. Never raises for
        a bad file and never changes it."""
        self.notices = []
        self._keep_broken = False
        try:
            doc = read_json_file(self.path, max_bytes=1024 * 1024)
        except SaveError as exc:
            if exc.reason != "missing":
                self._broken(exc.reason)
            return self.defaults
        if not isinstance(doc, dict) or doc.get("format") != SETTINGS_FORMAT:
            self._broken("foreign")
            return self.defaults
        version, values = doc.get("version"), doc.get("settings")
        if type(version) is not int or version < 1 or not isinstance(values, dict):
            self._broken("malformed")
            return self.defaults
        if version == 1 and values.get("interface_size") == _VERSION_1_DEFAULT_SIZE:
            values = {k: v for k, v in values.items() if k != "interface_size"}
        # A newer version may add settings; the ones this version knows are still read.
        chosen: dict[str, Any] = {}
        for f in fields(Settings):
            if f.name not in values:
                continue
            if _check(f.name, values[f.name]) is None:
                chosen[f.name] = values[f.name]
            else:
                self._keep_broken = True
                self.notices.append(Notice("error.settings.value", {"field": f.name}))
        return replace(self.defaults, **chosen)

    def save(self, settings: Settings) -> None:
        """Write atomically; raises OSError when the disk refuses. A file that could not
        be read is first renamed to the first free ``settings.json.broken`` name (never
        over an earlier one) when it is a regular file; anything else there (a pipe, a
        link) is never read, only replaced."""
        if self._keep_broken and _regular_file(self.path):
            os.rename(self.path, aside_path(self.path))
        atomic_write_json(self.path, {
            "format": SETTINGS_FORMAT,
            "version": SETTINGS_VERSION,
            "settings": settings.to_json(),
        })
        self._keep_broken = False

    def _broken(self, reason: str) -> None:
        self._keep_broken = True
        self.notices.append(Notice("error.settings.damaged", reason=reason))
